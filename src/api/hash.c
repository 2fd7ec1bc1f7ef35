/* The public hashing calls over the internal SHA implementations (hash/). */
#include <string.h>

#include "ct.h"
#include "fastec.h"
#include "hash/hash.h"

_Static_assert(sizeof(hash_ctx) <= sizeof(((fastec_hash_ctx *)0)->opaque), "fastec_hash_ctx too small");

static const hash_desc *desc(int alg)
{
    switch (alg) {
    case FASTEC_SHA1: return &hash_sha1;
    case FASTEC_SHA224: return &hash_sha224;
    case FASTEC_SHA256: return &hash_sha256;
    case FASTEC_SHA384: return &hash_sha384;
    case FASTEC_SHA512: return &hash_sha512;
    case FASTEC_SHA512_224: return &hash_sha512_224;
    case FASTEC_SHA512_256: return &hash_sha512_256;
    default: return NULL;
    }
}

size_t fastec_hash_size(int alg)
{
    const hash_desc *h = desc(alg);
    return h ? h->digest_len : 0;
}

int fastec_hash_init(fastec_hash_ctx *ctx, int alg)
{
    if (!ctx) return FASTEC_ERR_NULL;
    const hash_desc *h = desc(alg);
    if (!h) return FASTEC_ERR_HASH;
    ctx->alg = alg;
    h->init((hash_ctx *)(void *)ctx->opaque);
    return FASTEC_OK;
}

int fastec_hash_update(fastec_hash_ctx *ctx, const void *data, size_t len)
{
    if (!ctx || (!data && len)) return FASTEC_ERR_NULL;
    const hash_desc *h = desc(ctx->alg);
    if (!h) return FASTEC_ERR_HASH;
    if (len) h->update((hash_ctx *)(void *)ctx->opaque, data, len);
    return FASTEC_OK;
}

int fastec_hash_final(fastec_hash_ctx *ctx, uint8_t *digest)
{
    if (!ctx || !digest) return FASTEC_ERR_NULL;
    const hash_desc *h = desc(ctx->alg);
    if (!h) return FASTEC_ERR_HASH;
    h->final((hash_ctx *)(void *)ctx->opaque, digest);
    ctx->alg = 0;
    return FASTEC_OK;
}

int fastec_hash(int alg, const void *data, size_t len, uint8_t *digest)
{
    fastec_hash_ctx c;
    int rc = fastec_hash_init(&c, alg);
    if (!rc) rc = fastec_hash_update(&c, data, len);
    if (!rc) rc = fastec_hash_final(&c, digest);
    ct_wipe(&c, sizeof c);
    return rc;
}
