/* SPDX-License-Identifier: Apache-2.0 */
/* SHA3-224/256/384/512 (FIPS 202): the Keccak-f[1600] permutation over a
 * sponge with the rate 200 - 2 * digest length bytes and the SHA-3 domain
 * padding (0x06 ... 0x80). Lanes are read and written little-endian by
 * shifts, whatever the machine's byte order. */
#include <string.h>

#include "ct.h"
#include "hash/hash.h"

static const uint64_t keccak_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

/* rho rotations and the pi lane order, walked from lane 1 */
static const unsigned keccak_rho[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                        27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const unsigned keccak_pi[24] = {10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1};

static inline uint64_t rol(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

static void keccak_f1600(uint64_t a[25])
{
    for (int round = 0; round < 24; round++) {
        uint64_t c[5], t;
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            t = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5) a[y + x] ^= t;
        }
        t = a[1];
        for (int i = 0; i < 24; i++) {
            unsigned j = keccak_pi[i];
            uint64_t u = a[j];
            a[j] = rol(t, keccak_rho[i]);
            t = u;
        }
        for (int y = 0; y < 25; y += 5) {
            for (int x = 0; x < 5; x++) c[x] = a[y + x];
            for (int x = 0; x < 5; x++) a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
        }
        a[0] ^= keccak_rc[round];
    }
}

static void absorb_block(sha3_ctx *c)
{
    for (size_t i = 0; i < c->rate / 8; i++) {
        uint64_t v = 0;
        for (int b = 0; b < 8; b++) v |= (uint64_t)c->buf[8 * i + b] << (8 * b);
        c->a[i] ^= v;
    }
    keccak_f1600(c->a);
    c->n = 0;
}

static void sha3_init_rate(hash_ctx *u, size_t digest_len)
{
    sha3_ctx *c = &u->s3;
    memset(c, 0, sizeof *c);
    c->rate = 200 - 2 * digest_len;
    c->dlen = digest_len;
}

static void sha3_update(hash_ctx *u, const uint8_t *p, size_t n)
{
    sha3_ctx *c = &u->s3;
    while (n) {
        size_t k = c->rate - c->n < n ? c->rate - c->n : n;
        memcpy(c->buf + c->n, p, k);
        c->n += k;
        p += k;
        n -= k;
        if (c->n == c->rate) absorb_block(c);
    }
}

static void sha3_final(hash_ctx *u, uint8_t *out)
{
    sha3_ctx *c = &u->s3;
    memset(c->buf + c->n, 0, c->rate - c->n);
    c->buf[c->n] ^= 0x06;
    c->buf[c->rate - 1] ^= 0x80;
    absorb_block(c);
    for (size_t i = 0; i < c->dlen; i++) out[i] = (uint8_t)(c->a[i / 8] >> (8 * (i % 8)));
    ct_wipe(c, sizeof *c);
}

static void sha3_224_init(hash_ctx *u) { sha3_init_rate(u, 28); }
static void sha3_256_init(hash_ctx *u) { sha3_init_rate(u, 32); }
static void sha3_384_init(hash_ctx *u) { sha3_init_rate(u, 48); }
static void sha3_512_init(hash_ctx *u) { sha3_init_rate(u, 64); }

const hash_desc hash_sha3_224 = {"SHA3-224", 28, 144, sha3_224_init, sha3_update, sha3_final};
const hash_desc hash_sha3_256 = {"SHA3-256", 32, 136, sha3_256_init, sha3_update, sha3_final};
const hash_desc hash_sha3_384 = {"SHA3-384", 48, 104, sha3_384_init, sha3_update, sha3_final};
const hash_desc hash_sha3_512 = {"SHA3-512", 64, 72, sha3_512_init, sha3_update, sha3_final};
