/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-1 (FIPS 180-4 section 6.1). Used for RFC 6979 with 20-byte digests. */
#include <string.h>

#include "ct.h"
#include "cpu.h"
#include "hash/hash.h"

static uint32_t rol(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static void sha1_block(void *state, const uint8_t *p)
{
    uint32_t *h = state;
    uint32_t w[80];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 80; i++) w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], t;
#define SHA1_ROUND(f, k, i)                                                       \
    t = rol(a, 5) + (f) + e + (k) + w[i];                                         \
    e = d;                                                                        \
    d = c;                                                                        \
    c = rol(b, 30);                                                               \
    b = a;                                                                        \
    a = t
    for (int i = 0; i < 20; i++) { SHA1_ROUND(d ^ (b & (c ^ d)), 0x5a827999, i); }
    for (int i = 20; i < 40; i++) { SHA1_ROUND(b ^ c ^ d, 0x6ed9eba1, i); }
    for (int i = 40; i < 60; i++) { SHA1_ROUND((b & c) | (d & (b | c)), 0x8f1bbcdc, i); }
    for (int i = 60; i < 80; i++) { SHA1_ROUND(b ^ c ^ d, 0xca62c1d6, i); }
#undef SHA1_ROUND
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    ct_wipe(w, sizeof w);
}

/* the SHA-extension block function where the CPU has it */
static md_block_fn sha1_blockfn(void)
{
#if HASH_HAVE_NI
    if (cpu_backend_on(CPU_BE_SHA)) return sha1_block_ni;
#endif
    return sha1_block;
}

static void sha1_init(hash_ctx *u)
{
    sha1_ctx *c = &u->s1;
    static const uint32_t iv[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
    memcpy(c->h, iv, sizeof iv);
    c->len = 0;
    c->n = 0;
}

static void sha1_update(hash_ctx *u, const uint8_t *p, size_t n)
{
    sha1_ctx *c = &u->s1;
    md_update(c->h, sha1_blockfn(), c->buf, &c->n, &c->len, 64, p, n);
}

static void sha1_final(hash_ctx *u, uint8_t *out)
{
    sha1_ctx *c = &u->s1;
    md_pad(c->h, sha1_blockfn(), c->buf, &c->n, c->len, 64, 8);
    for (int i = 0; i < 5; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
    ct_wipe(c, sizeof *c);
}

const hash_desc hash_sha1 = {"SHA1", 20, 64, sha1_init, sha1_update, sha1_final};
