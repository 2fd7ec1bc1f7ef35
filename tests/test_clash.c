/* SPDX-License-Identifier: Apache-2.0 */
/* An application that defines functions and data with the names of the
 * library's internals (ct_wipe, sc_add, mod_mul, hmac_init, der_read,
 * ec_curve_table, ...) links against the library, static or shared, without
 * a clash, and neither side uses the other's: the library's key wiping and
 * arithmetic stay its own (sign, verify and ECDH give the right answers),
 * and the application's functions are the ones its own calls reach. Built
 * once against each library. */
#include <stdint.h>
#include <string.h>

#include "fastec.h"
#include "testutil.h"

static int app_calls;

/* same names as the library's internals, different meanings */
void ct_wipe(void *p, size_t n);
void ct_wipe(void *p, size_t n)
{
    (void)p;
    (void)n;
    app_calls++; /* a "wipe" that does not wipe: must never serve the library */
}
int sc_add(int a, int b);
int sc_add(int a, int b)
{
    app_calls++;
    return a + b;
}
int mod_mul(int a, int b);
int mod_mul(int a, int b)
{
    app_calls++;
    return a * b;
}
int hmac_init(void);
int hmac_init(void) { return ++app_calls; }
int der_read(void);
int der_read(void) { return ++app_calls; }
int cpu_backend_on(int b);
int cpu_backend_on(int b) { return b + ++app_calls; }
const char ec_curve_table[] = "not a curve table";
int ec_ops_for = 42;

int main(void)
{
    const fastec_curve *c = fastec_curve_find("sect283k1");
    uint8_t priv[72], peer[72], pub[145], ppub[145], dg[32], sig[144], s1[72], s2[72];
    size_t pl = sizeof pub, ppl = sizeof ppub;
    memset(dg, 7, sizeof dg);
    CHECK(c != NULL, "curve");
    CHECK(fastec_keygen(c, priv) == FASTEC_OK && fastec_keygen(c, peer) == FASTEC_OK, "keygen");
    CHECK(fastec_public_key(c, priv, 0, pub, &pl) == FASTEC_OK && fastec_public_key(c, peer, 0, ppub, &ppl) == FASTEC_OK,
          "public keys");
    CHECK(fastec_ecdsa_sign(c, priv, dg, sizeof dg, sig) == FASTEC_OK &&
              fastec_ecdsa_verify(c, pub, pl, dg, sizeof dg, sig) == FASTEC_OK,
          "sign and verify");
    dg[0] ^= 1;
    CHECK(fastec_ecdsa_verify(c, pub, pl, dg, sizeof dg, sig) == FASTEC_ERR_SIG_INVALID, "a wrong digest verified");
    CHECK(fastec_ecdh(c, priv, ppub, ppl, s1) == FASTEC_OK && fastec_ecdh(c, peer, pub, pl, s2) == FASTEC_OK &&
              !memcmp(s1, s2, fastec_curve_field_size(c)),
          "ECDH");
    CHECK(app_calls == 0, "the library called the application's functions %d times", app_calls);
    /* the application's own calls reach its own definitions */
    CHECK(sc_add(2, 3) == 5 && mod_mul(2, 3) == 6 && ec_ops_for == 42 && ec_curve_table[0] == 'n', "app symbols");
    int before = app_calls;
    ct_wipe(s1, sizeof s1);
    CHECK(app_calls == before + 1, "the application's ct_wipe");
    return t_done("test_clash");
}
