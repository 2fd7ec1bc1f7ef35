/* SPDX-License-Identifier: Apache-2.0 */
/* Threads from a cold start: several threads run keygen, public key, ECDH,
 * sign and verify on many curves at once, the first calls racing the one-time
 * initialisation (CPU detection); every result is checked (ECDH secrets agree
 * both ways, signatures verify, signing twice gives the same signature). The
 * threads are the library's first callers. Run under ThreadSanitizer in CI. */
#include <pthread.h>

#include "fastec.h"
#include "testutil.h"

#define NTHREADS 6
#define ROUNDS 12

static unsigned long fails[NTHREADS];

static void *worker(void *arg)
{
    long id = (long)arg;
    size_t n = fastec_curve_count();
    for (int r = 0; r < ROUNDS; r++) {
        const fastec_curve *c = fastec_curve_at((size_t)(id * 5 + r * 3) % n);
        uint8_t a[72], b[72], pa[145], pb[145], sa[72], sb[72], sig[144], sig2[144], dg[32];
        size_t la = sizeof pa, lb = sizeof pb;
        memset(dg, (int)(id * 16 + r), sizeof dg);
        int ok = fastec_keygen(c, a) == FASTEC_OK && fastec_keygen(c, b) == FASTEC_OK &&
                 fastec_public_key(c, a, r & 1, pa, &la) == FASTEC_OK &&
                 fastec_public_key(c, b, 0, pb, &lb) == FASTEC_OK && fastec_ecdh(c, a, pb, lb, sa) == FASTEC_OK &&
                 fastec_ecdh(c, b, pa, la, sb) == FASTEC_OK && !memcmp(sa, sb, fastec_curve_field_size(c)) &&
                 fastec_ecdsa_sign(c, a, dg, sizeof dg, sig) == FASTEC_OK &&
                 fastec_ecdsa_verify(c, pa, la, dg, sizeof dg, sig) == FASTEC_OK &&
                 fastec_ecdsa_sign(c, a, dg, sizeof dg, sig2) == FASTEC_OK &&
                 !memcmp(sig, sig2, 2 * fastec_curve_scalar_size(c));
        if (!ok) fails[id]++;
    }
    return NULL;
}

int main(void)
{
    pthread_t th[NTHREADS];
    for (long i = 0; i < NTHREADS; i++) CHECK(pthread_create(&th[i], NULL, worker, (void *)i) == 0, "create");
    for (int i = 0; i < NTHREADS; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < NTHREADS; i++) CHECK(fails[i] == 0, "thread %d: %lu failed rounds", i, fails[i]);
    return t_done("test_threads");
}
