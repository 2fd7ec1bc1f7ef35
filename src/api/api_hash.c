/* SPDX-License-Identifier: Apache-2.0 */
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
    case FASTEC_SHA3_224: return &hash_sha3_224;
    case FASTEC_SHA3_256: return &hash_sha3_256;
    case FASTEC_SHA3_384: return &hash_sha3_384;
    case FASTEC_SHA3_512: return &hash_sha3_512;
    default: return NULL;
    }
}

/* names without case, '-', '/' and '_': "SHA2-512/256" -> "sha2512256" */
static const struct {
    int alg;
    const char *name, *keys[2];
} hash_names[] = {
    {FASTEC_SHA1, "sha1", {"sha1", NULL}},
    {FASTEC_SHA224, "sha224", {"sha224", "sha2224"}},
    {FASTEC_SHA256, "sha256", {"sha256", "sha2256"}},
    {FASTEC_SHA384, "sha384", {"sha384", "sha2384"}},
    {FASTEC_SHA512, "sha512", {"sha512", "sha2512"}},
    {FASTEC_SHA512_224, "sha512-224", {"sha512224", "sha2512224"}},
    {FASTEC_SHA512_256, "sha512-256", {"sha512256", "sha2512256"}},
    {FASTEC_SHA3_224, "sha3-224", {"sha3224", NULL}},
    {FASTEC_SHA3_256, "sha3-256", {"sha3256", NULL}},
    {FASTEC_SHA3_384, "sha3-384", {"sha3384", NULL}},
    {FASTEC_SHA3_512, "sha3-512", {"sha3512", NULL}},
};

int fastec_hash_by_name(const char *name)
{
    char key[24];
    size_t k = 0;
    if (!name) return 0;
    for (const char *p = name; *p; p++) {
        char ch = *p;
        if (ch == '-' || ch == '/' || ch == '_') continue;
        if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
        if (k + 1 >= sizeof key) return 0;
        key[k++] = ch;
    }
    key[k] = 0;
    for (size_t i = 0; i < sizeof hash_names / sizeof hash_names[0]; i++)
        for (int j = 0; j < 2 && hash_names[i].keys[j]; j++)
            if (!strcmp(key, hash_names[i].keys[j])) return hash_names[i].alg;
    return 0;
}

const char *fastec_hash_name(int alg)
{
    for (size_t i = 0; i < sizeof hash_names / sizeof hash_names[0]; i++)
        if (hash_names[i].alg == alg) return hash_names[i].name;
    return NULL;
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
    hash_desc_init(h, (hash_ctx *)(void *)ctx->opaque);
    return FASTEC_OK;
}

int fastec_hash_update(fastec_hash_ctx *ctx, const void *data, size_t len)
{
    if (!ctx || (!data && len)) return FASTEC_ERR_NULL;
    const hash_desc *h = desc(ctx->alg);
    if (!h) return FASTEC_ERR_HASH;
    if (len) hash_desc_update(h, (hash_ctx *)(void *)ctx->opaque, data, len);
    return FASTEC_OK;
}

int fastec_hash_final(fastec_hash_ctx *ctx, uint8_t *digest)
{
    if (!ctx || !digest) return FASTEC_ERR_NULL;
    const hash_desc *h = desc(ctx->alg);
    if (!h) return FASTEC_ERR_HASH;
    hash_desc_final(h, (hash_ctx *)(void *)ctx->opaque, digest);
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
