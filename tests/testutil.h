/* SPDX-License-Identifier: Apache-2.0 */
/* Small test harness: checks that count, a seeded PRNG, hex helpers.
 * Every test program ends with "N passed, N failed" and exits non-zero on
 * any failure. */
#ifndef FASTEC_TESTUTIL_H
#define FASTEC_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long t_pass, t_fail;

#define CHECK(cond, ...)                                                          \
    do {                                                                          \
        if (cond) {                                                               \
            t_pass++;                                                             \
        } else {                                                                  \
            t_fail++;                                                             \
            if (t_fail <= 50) {                                                   \
                fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
                fprintf(stderr, __VA_ARGS__);                                     \
                fputc('\n', stderr);                                              \
            }                                                                     \
        }                                                                         \
    } while (0)

static inline int t_done(const char *name)
{
    printf("%s: %lu passed, %lu failed\n", name, t_pass, t_fail);
    return t_fail ? 1 : 0;
}

/* xoshiro256** seeded from FASTEC_TEST_SEED or a fixed default */
static uint64_t t_rng_s[4];
static inline uint64_t t_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t t_rand64(void)
{
    uint64_t *s = t_rng_s;
    uint64_t r = t_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = t_rotl(s[3], 45);
    return r;
}
static inline void t_seed(void)
{
    const char *e = getenv("FASTEC_TEST_SEED");
    uint64_t seed = e ? strtoull(e, NULL, 0) : 0x5eed0f00dULL;
    for (int i = 0; i < 4; i++) {
        seed += 0x9e3779b97f4a7c15ULL;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        t_rng_s[i] = z ^ (z >> 31);
    }
    printf("seed 0x%llx (set FASTEC_TEST_SEED to change)\n", (unsigned long long)(e ? strtoull(e, NULL, 0) : 0x5eed0f00dULL));
}
static inline void t_randbytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)t_rand64();
}

static inline int t_hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
/* hex string to bytes, right-aligned into out[outlen] (zero-padded on the left
 * when shorter); returns the decoded length or -1 */
static inline long t_unhex(uint8_t *out, size_t outlen, const char *hex)
{
    size_t n = strlen(hex);
    while (n && (hex[n - 1] == '\n' || hex[n - 1] == '\r' || hex[n - 1] == ' ')) n--;
    /* leading zero digits beyond the output size carry no value */
    while (n > 2 * outlen && hex[0] == '0') {
        hex++;
        n--;
    }
    if (n % 2) {
        /* odd digit count: treat as if a leading 0 were present */
        size_t bytes = (n + 1) / 2;
        if (bytes > outlen) return -1;
        memset(out, 0, outlen - bytes);
        uint8_t *o = out + outlen - bytes;
        int v = t_hexval(hex[0]);
        if (v < 0) return -1;
        o[0] = (uint8_t)v;
        for (size_t i = 1; i < bytes; i++) {
            int a = t_hexval(hex[2 * i - 1]), b = t_hexval(hex[2 * i]);
            if (a < 0 || b < 0) return -1;
            o[i] = (uint8_t)(a << 4 | b);
        }
        return (long)bytes;
    }
    size_t bytes = n / 2;
    if (bytes > outlen) {
        /* allow leading zero bytes beyond outlen */
        for (size_t i = 0; i < bytes - outlen; i++)
            if (hex[2 * i] != '0' || hex[2 * i + 1] != '0') return -1;
        hex += 2 * (bytes - outlen);
        bytes = outlen;
    }
    memset(out, 0, outlen - bytes);
    uint8_t *o = out + outlen - bytes;
    for (size_t i = 0; i < bytes; i++) {
        int a = t_hexval(hex[2 * i]), b = t_hexval(hex[2 * i + 1]);
        if (a < 0 || b < 0) return -1;
        o[i] = (uint8_t)(a << 4 | b);
    }
    return (long)bytes;
}

static inline void t_hex(char *out, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", p[i]);
}

#endif
