/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-1, SHA-224/256, SHA-384/512, SHA-512/224 and SHA-512/256 (FIPS 180-4),
 * SHA3-224/256/384/512 (FIPS 202) and HMAC (RFC 2104), behind one
 * small descriptor so RFC 6979 can pick the hash at run time. No heap. */
#ifndef FASTEC_HASH_H
#define FASTEC_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[5];
    uint64_t len;
    uint8_t buf[64];
    size_t n;
} sha1_ctx;

typedef struct {
    uint32_t h[8];
    uint64_t len;
    uint8_t buf[64];
    size_t n;
} sha256_ctx;

typedef struct {
    uint64_t h[8];
    uint64_t len;
    uint8_t buf[128];
    size_t n;
} sha512_ctx;

typedef struct {
    uint64_t a[25];   /* the Keccak state */
    uint8_t buf[144]; /* one block of the largest rate (SHA3-224) */
    size_t n, rate, dlen;
} sha3_ctx;

typedef union {
    sha1_ctx s1;
    sha256_ctx s256;
    sha512_ctx s512;
    sha3_ctx s3;
} hash_ctx;

#define HASH_MAX_DIGEST 64
#define HASH_MAX_BLOCK 144

typedef struct hash_desc {
    const char *name;
    size_t digest_len, block_len;
    void (*init)(hash_ctx *c);
    void (*update)(hash_ctx *c, const uint8_t *p, size_t n);
    void (*final)(hash_ctx *c, uint8_t *out); /* wipes the context */
} hash_desc;

/* The calls through a descriptor, one function per slot, so that the stack
 * bounds (tools/stack_bounds.py) know from a function's name which slot its
 * indirect call reads. */
void hash_desc_init(const hash_desc *h, hash_ctx *c);
void hash_desc_update(const hash_desc *h, hash_ctx *c, const uint8_t *p, size_t n);
void hash_desc_final(const hash_desc *h, hash_ctx *c, uint8_t *out);

/* Merkle–Damgård plumbing shared by the SHA implementations: buffer input
 * into blocks of `block` bytes and call fn(state, block) for each full one;
 * pad with 0x80, zeros and the big-endian bit length in `lenbytes` bytes. */
typedef void (*md_block_fn)(void *state, const uint8_t *block);
void md_update(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t *total, size_t block,
               const uint8_t *p, size_t len);
void md_pad(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t total, size_t block, size_t lenbytes);

/* SHA-256's round constants (sha256.c), also used by sha_ni.c */
extern const uint32_t sha256_k[64];

/* The SHA-2 compression rounds, shared by sha256.c and sha512.c: word type T,
 * n rounds (a multiple of 8), the big sigma functions S0 and S1, the round
 * constants K and message schedule w; the eight working variables start from
 * st[0..7] and end in out[0..7]. Eight rounds per pass, the variables renamed
 * instead of moved. */
#define SHA2_ROUND(T, S0, S1, K, w, a, b, c, d, e, f, g, h, i)                    \
    do {                                                                        \
        T t1_ = h + S1(e) + (g ^ (e & (f ^ g))) + K[i] + w[i];                  \
        T t2_ = S0(a) + ((a & b) | (c & (a | b)));                              \
        d += t1_;                                                               \
        h = t1_ + t2_;                                                          \
    } while (0)
#define SHA2_ROUNDS(T, n, S0, S1, K, w, st, out)                                  \
    do {                                                                        \
        T A = st[0], B = st[1], C = st[2], D = st[3], E = st[4], F = st[5], G = st[6], H = st[7]; \
        for (int i_ = 0; i_ < (n); i_ += 8) {                                   \
            SHA2_ROUND(T, S0, S1, K, w, A, B, C, D, E, F, G, H, i_);            \
            SHA2_ROUND(T, S0, S1, K, w, H, A, B, C, D, E, F, G, i_ + 1);        \
            SHA2_ROUND(T, S0, S1, K, w, G, H, A, B, C, D, E, F, i_ + 2);        \
            SHA2_ROUND(T, S0, S1, K, w, F, G, H, A, B, C, D, E, i_ + 3);        \
            SHA2_ROUND(T, S0, S1, K, w, E, F, G, H, A, B, C, D, i_ + 4);        \
            SHA2_ROUND(T, S0, S1, K, w, D, E, F, G, H, A, B, C, i_ + 5);        \
            SHA2_ROUND(T, S0, S1, K, w, C, D, E, F, G, H, A, B, i_ + 6);        \
            SHA2_ROUND(T, S0, S1, K, w, B, C, D, E, F, G, H, A, i_ + 7);        \
        }                                                                       \
        out[0] = A, out[1] = B, out[2] = C, out[3] = D;                         \
        out[4] = E, out[5] = F, out[6] = G, out[7] = H;                         \
    } while (0)

#if defined(__x86_64__)
/* sha_ni.c: block functions with the SHA extensions (only when the sha backend is on: cpu.h) */
void sha1_block_ni(void *state, const uint8_t *p);
void sha256_block_ni(void *state, const uint8_t *p);
#define HASH_HAVE_NI 1
#else
#define HASH_HAVE_NI 0
#endif

extern const hash_desc hash_sha1, hash_sha224, hash_sha256, hash_sha384, hash_sha512, hash_sha512_224, hash_sha512_256;
extern const hash_desc hash_sha3_224, hash_sha3_256, hash_sha3_384, hash_sha3_512;

void hash_oneshot(const hash_desc *h, uint8_t *out, const uint8_t *p, size_t n);

typedef struct {
    const hash_desc *h;
    hash_ctx inner, outer;
} hmac_ctx;

void hmac_init(hmac_ctx *c, const hash_desc *h, const uint8_t *key, size_t keylen);
void hmac_update(hmac_ctx *c, const uint8_t *p, size_t n);
void hmac_final(hmac_ctx *c, uint8_t *out); /* wipes the context */

/* PBKDF2 (RFC 8018) with HMAC over h: out_len bytes from the password and
 * salt, iterations >= 1 */
void pbkdf2(const hash_desc *h, const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len,
            unsigned iterations, uint8_t *out, size_t out_len);

#endif
