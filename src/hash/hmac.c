/* SPDX-License-Identifier: Apache-2.0 */
/* HMAC (RFC 2104) over any hash_desc, and one-shot hashing. */
#include <string.h>

#include "ct.h"
#include "hash/hash.h"

void md_update(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t *total, size_t block,
               const uint8_t *p, size_t len)
{
    *total += len;
    while (len) {
        size_t k = block - *n < len ? block - *n : len;
        memcpy(buf + *n, p, k);
        *n += k;
        p += k;
        len -= k;
        if (*n == block) {
            fn(state, buf);
            *n = 0;
        }
    }
}

void md_pad(void *state, md_block_fn fn, uint8_t *buf, size_t *n, uint64_t total, size_t block, size_t lenbytes)
{
    uint64_t bits = total * 8;
    buf[(*n)++] = 0x80;
    if (*n > block - lenbytes) {
        memset(buf + *n, 0, block - *n);
        fn(state, buf);
        *n = 0;
    }
    memset(buf + *n, 0, block - *n);
    for (int i = 0; i < 8; i++) buf[block - 1 - i] = (uint8_t)(bits >> (8 * i));
    fn(state, buf);
    *n = 0;
}

/* out of line, so that each indirect call stays in its slot's function */
__attribute__((noinline)) void hash_desc_init(const hash_desc *h, hash_ctx *c) { h->init(c); }
__attribute__((noinline)) void hash_desc_update(const hash_desc *h, hash_ctx *c, const uint8_t *p, size_t n)
{
    h->update(c, p, n);
}
__attribute__((noinline)) void hash_desc_final(const hash_desc *h, hash_ctx *c, uint8_t *out) { h->final(c, out); }

void hash_oneshot(const hash_desc *h, uint8_t *out, const uint8_t *p, size_t n)
{
    hash_ctx c;
    hash_desc_init(h, &c);
    hash_desc_update(h, &c, p, n);
    hash_desc_final(h, &c, out);
}

void hmac_init(hmac_ctx *c, const hash_desc *h, const uint8_t *key, size_t keylen)
{
    uint8_t k[HASH_MAX_BLOCK], pad[HASH_MAX_BLOCK];
    memset(k, 0, sizeof k);
    if (keylen > h->block_len) hash_oneshot(h, k, key, keylen);
    else if (keylen) memcpy(k, key, keylen);
    c->h = h;
    for (size_t i = 0; i < h->block_len; i++) pad[i] = k[i] ^ 0x36;
    hash_desc_init(h, &c->inner);
    hash_desc_update(h, &c->inner, pad, h->block_len);
    for (size_t i = 0; i < h->block_len; i++) pad[i] = k[i] ^ 0x5c;
    hash_desc_init(h, &c->outer);
    hash_desc_update(h, &c->outer, pad, h->block_len);
    ct_wipe(k, sizeof k);
    ct_wipe(pad, sizeof pad);
}

void hmac_update(hmac_ctx *c, const uint8_t *p, size_t n) { hash_desc_update(c->h, &c->inner, p, n); }

void hmac_final(hmac_ctx *c, uint8_t *out)
{
    uint8_t d[HASH_MAX_DIGEST];
    hash_desc_final(c->h, &c->inner, d);
    hash_desc_update(c->h, &c->outer, d, c->h->digest_len);
    hash_desc_final(c->h, &c->outer, out);
    ct_wipe(d, sizeof d);
    ct_wipe(c, sizeof *c);
}
