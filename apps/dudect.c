/* SPDX-License-Identifier: Apache-2.0 */
/* fastec dudect: statistical timing check in the style of dudect (Reparaz,
 * Balasch, Verbauwhede 2017). Two classes of secret inputs, interleaved at
 * random: class 0 a fixed scalar with almost all bits zero (the scalar 1),
 * class 1 uniformly random scalars. Each sample times one operation in CPU
 * cycles (rdtsc) or nanoseconds; samples above the class-independent 90th
 * percentile are dropped; Welch's t statistic compares the classes. |t| above
 * about 4.5 means the timing depends on the secret. A tool, not a test: the
 * machine's noise decides how far it can see. Signing uses a fresh random
 * digest per sample (per item in a batch) in both classes. With -batch N a
 * sample is one batch call (fastec_ecdh_batch, fastec_ecdsa_sign_batch) on N
 * items, every item of the sample in the sample's class: the lanes' code
 * where the CPU has it. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fastec.h"
#include "speed.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static uint64_t ticks(void) { return __rdtsc(); }
#define TICK_UNIT "cycles"
#else
static uint64_t ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#define TICK_UNIT "ns"
#endif

enum { OP_ECDH, OP_BASE, OP_SIGN, NOPS };
static const char *op_names[NOPS] = {"ECDH (any point)", "generator multiply (public key)", "ECDSA sign"};

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#define DUDECT_MAX_BATCH 64

static double welch_t(const fastec_curve *c, int op, long samples, size_t batch)
{
    size_t ss = fastec_curve_scalar_size(c);
    uint8_t peer_priv[72], peer[145], out[145];
    size_t pl = sizeof peer;
    fastec_keygen(c, peer_priv);
    fastec_public_key(c, peer_priv, 0, peer, &pl);
    uint64_t *t = malloc(sizeof(uint64_t) * (size_t)samples);
    unsigned char *cls = malloc((size_t)samples);
    uint8_t(*keys)[72] = malloc(72 * (size_t)samples);
    static uint8_t bkeys[DUDECT_MAX_BATCH][72], bout[DUDECT_MAX_BATCH][145], bdig[DUDECT_MAX_BATCH][32];
    fastec_ecdh_item ei[DUDECT_MAX_BATCH];
    fastec_sign_item si[DUDECT_MAX_BATCH];
    int res[DUDECT_MAX_BATCH];
    uint8_t(*digests)[32] = malloc(32 * (size_t)samples);
    if (!t || !cls || !keys || !digests) {
        free(t), free(cls), free(keys), free(digests);
        return NAN;
    }
    for (long i = 0; i < samples; i++) {
        /* a fresh digest for every signature in both classes: the number of
         * RFC 6979 candidates (public, independent of the accepted nonce)
         * then varies the same way in both */
        for (int j = 0; j < 32; j++) digests[i][j] = (uint8_t)rnd();
        cls[i] = rnd() & 1;
        if (cls[i] == 0) {
            memset(keys[i], 0, ss);
            keys[i][ss - 1] = 1;
        } else {
            fastec_keygen(c, keys[i]);
        }
    }
    for (long i = 0; i < samples; i++) {
        size_t ol = sizeof out;
        if (batch) { /* the sample's items: its key, then keys of its class */
            for (size_t j = 0; j < batch; j++) {
                /* both classes do the same work before the clock starts (a
                 * key generation warms other code and data than the batch's
                 * own: done in class 1 only, it would slow class 1's call) */
                if (j) fastec_keygen(c, bkeys[j]);
                if (j == 0 || cls[i] == 0) memcpy(bkeys[j], keys[i], ss);
                /* a digest per item: with one digest, the items of a class 0
                 * sample (one key) would draw their RFC 6979 candidates
                 * together, all or none rejected, a spread class 1 does
                 * not have; the crop below would turn it into a difference
                 * of means on curves where n is far below 2^qlen */
                for (int b = 0; b < 32; b++) bdig[j][b] = (uint8_t)rnd();
                ei[j] = (fastec_ecdh_item){bkeys[j], peer, pl, bout[j]};
                si[j] = (fastec_sign_item){bkeys[j], bdig[j], sizeof bdig[j], bout[j]};
            }
            uint64_t t0 = ticks();
            if (op == OP_ECDH) fastec_ecdh_batch(c, ei, batch, res);
            else fastec_ecdsa_sign_batch(c, si, batch, res);
            t[i] = ticks() - t0;
            continue;
        }
        uint64_t t0 = ticks();
        switch (op) {
        case OP_ECDH: fastec_ecdh(c, keys[i], peer, pl, out); break;
        case OP_BASE: fastec_public_key(c, keys[i], 0, out, &ol); break;
        default: fastec_ecdsa_sign(c, keys[i], digests[i], sizeof digests[i], out); break;
        }
        t[i] = ticks() - t0;
    }
    /* crop: drop samples above the 90th percentile of all samples */
    uint64_t *sorted = malloc(sizeof(uint64_t) * (size_t)samples);
    memcpy(sorted, t, sizeof(uint64_t) * (size_t)samples);
    qsort(sorted, (size_t)samples, sizeof(uint64_t), cmp_u64);
    uint64_t cut = sorted[(size_t)(samples * 9 / 10)];
    double n[2] = {0, 0}, mean[2] = {0, 0}, m2[2] = {0, 0};
    for (long i = 0; i < samples; i++) {
        if (t[i] > cut) continue;
        int k = cls[i];
        double x = (double)t[i];
        n[k] += 1;
        double d = x - mean[k];
        mean[k] += d / n[k];
        m2[k] += d * (x - mean[k]);
    }
    free(sorted), free(t), free(cls), free(keys), free(digests);
    double v0 = m2[0] / (n[0] - 1), v1 = m2[1] / (n[1] - 1);
    return (mean[0] - mean[1]) / sqrt(v0 / n[0] + v1 / n[1]);
}

int dudect_main(int argc, char **argv)
{
    long samples = 20000, batch = 0;
    const fastec_curve *sel[32];
    size_t nsel = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-samples") && i + 1 < argc) samples = atol(argv[++i]);
        else if (!strcmp(argv[i], "-batch") && i + 1 < argc) {
            batch = atol(argv[++i]);
            if (batch < 1 || batch > DUDECT_MAX_BATCH) {
                fprintf(stderr, "fastec dudect: -batch must be 1-%d\n", DUDECT_MAX_BATCH);
                return 2;
            }
        }
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: fastec dudect [curve...] [-samples N] [-batch N]\n"
                   "  Welch's t between fixed (scalar 1) and random private keys for ECDH (the\n"
                   "  ladder, or the tau-adic multiplication on the Koblitz curves), the\n"
                   "  generator multiply and signing; |t| > 4.5 suggests a secret-dependent time.\n"
                   "  -batch N: each sample a batch call of N items (1-%d) of the sample's class,\n"
                   "  for ECDH and signing\n", DUDECT_MAX_BATCH);
            return 0;
        } else {
            const fastec_curve *c = fastec_curve_find(argv[i]);
            if (!c) {
                fprintf(stderr, "fastec dudect: unknown curve or option '%s'\n", argv[i]);
                return 2;
            }
            if (nsel < 32) sel[nsel++] = c;
        }
    }
    if (samples < 100) {
        fprintf(stderr, "fastec dudect: -samples must be at least 100\n");
        return 2;
    }
    if (!nsel) sel[nsel++] = fastec_curve_find("sect283k1");
    printf("fastec dudect: %ld samples per operation (%s), fixed vs random private key", samples, TICK_UNIT);
    if (batch) printf(", batch calls of %ld items", batch);
    printf("\n");
    for (size_t i = 0; i < nsel; i++)
        for (int op = 0; op < NOPS; op++) {
            if (batch && op == OP_BASE) continue;
            double t = welch_t(sel[i], op, samples, (size_t)batch);
            printf("%-10s %-32s |t| = %6.2f  %s\n", fastec_curve_name(sel[i]), op_names[op], fabs(t),
                   fabs(t) > 4.5 ? "LEAK SUSPECTED" : "no evidence of leakage");
        }
    return 0;
}
