/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-224 and SHA-256 (FIPS 180-4 sections 6.2, 6.3). */
#include <string.h>

#include "ct.h"
#include "cpu.h"
#include "hash/hash.h"

const uint32_t sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t ror(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
static inline uint32_t bsig0(uint32_t x) { return ror(x, 2) ^ ror(x, 13) ^ ror(x, 22); }
static inline uint32_t bsig1(uint32_t x) { return ror(x, 6) ^ ror(x, 11) ^ ror(x, 25); }

static void sha256_block(void *state, const uint8_t *p)
{
    uint32_t *h = state;
    uint32_t w[64], s[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    SHA2_ROUNDS(uint32_t, 64, bsig0, bsig1, sha256_k, w, h, s);
    for (int i = 0; i < 8; i++) h[i] += s[i];
    ct_wipe(w, sizeof w);
    ct_wipe(s, sizeof s);
}

static void init_iv(hash_ctx *u, const uint32_t iv[8])
{
    sha256_ctx *c = &u->s256;
    memcpy(c->h, iv, 8 * sizeof(uint32_t));
    c->len = 0;
    c->n = 0;
}

/* the SHA-extension block function where the CPU has it */
static md_block_fn sha256_blockfn(void)
{
#if HASH_HAVE_NI
    if (cpu_backend_on(CPU_BE_SHA)) return sha256_block_ni;
#endif
    return sha256_block;
}

static void sha256_init(hash_ctx *u)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    init_iv(u, iv);
}

static void sha224_init(hash_ctx *u)
{
    static const uint32_t iv[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                   0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    init_iv(u, iv);
}

static void sha256_update(hash_ctx *u, const uint8_t *p, size_t n)
{
    sha256_ctx *c = &u->s256;
    md_update(c->h, sha256_blockfn(), c->buf, &c->n, &c->len, 64, p, n);
}

static void finish(hash_ctx *u, uint8_t *out, int words)
{
    sha256_ctx *c = &u->s256;
    md_pad(c->h, sha256_blockfn(), c->buf, &c->n, c->len, 64, 8);
    for (int i = 0; i < words; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
    ct_wipe(c, sizeof *c);
}

static void sha256_final(hash_ctx *u, uint8_t *out) { finish(u, out, 8); }
static void sha224_final(hash_ctx *u, uint8_t *out) { finish(u, out, 7); }

const hash_desc hash_sha256 = {"SHA256", 32, 64, sha256_init, sha256_update, sha256_final};
const hash_desc hash_sha224 = {"SHA224", 28, 64, sha224_init, sha256_update, sha224_final};
