/* SHA-1, SHA-224/256, SHA-384/512 (FIPS 180-4) and HMAC (RFC 2104), behind one
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

typedef union {
    sha1_ctx s1;
    sha256_ctx s256;
    sha512_ctx s512;
} hash_ctx;

#define HASH_MAX_DIGEST 64
#define HASH_MAX_BLOCK 128

typedef struct hash_desc {
    const char *name;
    size_t digest_len, block_len;
    void (*init)(hash_ctx *c);
    void (*update)(hash_ctx *c, const uint8_t *p, size_t n);
    void (*final)(hash_ctx *c, uint8_t *out); /* wipes the context */
} hash_desc;

/* Merkle–Damgård plumbing shared by the SHA implementations: buffer input
 * into blocks of `block` bytes and call fn(state, block) for each full one;
 * pad with 0x80, zeros and the big-endian bit length in `lenbytes` bytes. */
typedef void (*md_block_fn)(void *state, const uint8_t *block);
void md_update(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t *total, size_t block,
               const uint8_t *p, size_t len);
void md_pad(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t total, size_t block, size_t lenbytes);

#if defined(__x86_64__)
/* sha_ni.c: block functions with the SHA extensions (only when cpu_sha()) */
void sha1_block_ni(void *state, const uint8_t *p);
void sha256_block_ni(void *state, const uint8_t *p);
#define HASH_HAVE_NI 1
#else
#define HASH_HAVE_NI 0
#endif

extern const hash_desc hash_sha1, hash_sha224, hash_sha256, hash_sha384, hash_sha512;

void hash_oneshot(const hash_desc *h, uint8_t *out, const uint8_t *p, size_t n);

typedef struct {
    const hash_desc *h;
    hash_ctx inner, outer;
} hmac_ctx;

void hmac_init(hmac_ctx *c, const hash_desc *h, const uint8_t *key, size_t keylen);
void hmac_update(hmac_ctx *c, const uint8_t *p, size_t n);
void hmac_final(hmac_ctx *c, uint8_t *out); /* wipes the context */

#endif
