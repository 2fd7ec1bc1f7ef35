/* SPDX-License-Identifier: Apache-2.0 */
/* Key exchange "ECDH": the x coordinate of d Q (or of (h d) Q in cofactor
 * mode) by fastec_ecdh / fastec_ecdh_cofactor, which check the peer's key in
 * full every time. Optionally the ANSI X9.63 KDF over fastec's SHA-1/SHA-2,
 * as the default provider offers it. A key fastec cannot serve, a KDF digest
 * it lacks or a KDF type other than X9.63 hands the whole exchange to
 * OpenSSL's ECDH (fallback.c), for its result, return value and errors.
 * Shared secrets in temporary storage are wiped. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "prov.h"

typedef struct {
    fx_prov *prov;
    fx_key *key, *peer;
    int cofactor_mode; /* -1: the key's use-cofactor-flag; 0 off; 1 on */
    int kdf_x963;      /* 0: the plain secret; 1: X9.63 KDF */
    int kdf_md;        /* FASTEC_SHA*, 0 unset */
    size_t kdf_outlen;
    uint8_t *ukm;
    size_t ukm_len;
    void *fbctx; /* OpenSSL's ECDH context while fb is set */
    int fb;      /* the exchange runs in OpenSSL's ECDH */
} fx_ecdh;

#define KX(p, ID, type) FX_FB(p, kx, OSSL_FUNC_KEYEXCH_##ID, OSSL_FUNC_keyexch_##type##_fn)

static void *ecdh_newctx(void *provctx)
{
    fx_ecdh *x = OPENSSL_zalloc(sizeof *x);
    if (!x) return NULL;
    x->prov = provctx;
    x->cofactor_mode = -1;
    return x;
}

static void ecdh_freectx(void *vctx)
{
    fx_ecdh *x = vctx;
    if (!x) return;
    if (x->fbctx) KX(x->prov, FREECTX, freectx)(x->fbctx);
    fx_key_free(x->key);
    fx_key_free(x->peer);
    OPENSSL_free(x->ukm);
    OPENSSL_free(x);
}

static void *ecdh_dupctx(void *vctx)
{
    const fx_ecdh *x = vctx;
    fx_ecdh *y = OPENSSL_memdup(x, sizeof *x);
    if (!y) return NULL;
    y->ukm = NULL;
    y->fbctx = NULL;
    if ((x->ukm && !(y->ukm = OPENSSL_memdup(x->ukm, x->ukm_len))) ||
        (x->fbctx && !(y->fbctx = KX(x->prov, DUPCTX, dupctx)(x->fbctx)))) {
        OPENSSL_free(y->ukm);
        OPENSSL_free(y);
        return NULL;
    }
    if (y->key) fx_key_up_ref(y->key);
    if (y->peer) fx_key_up_ref(y->peer);
    return y;
}

static int ecdh_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

/* KDF settings fastec lacks: a KDF digest other than SHA-1/SHA-2/SHA-3, a KDF other than X9.63 */
static int params_want_openssl(const OSSL_PARAM params[])
{
    const OSSL_PARAM *p;
    const char *s;
    if (!params) return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_DIGEST)) &&
        OSSL_PARAM_get_utf8_string_ptr(p, &s) && !fx_digest_lookup(s))
        return 1;
    return (p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_TYPE)) &&
           OSSL_PARAM_get_utf8_string_ptr(p, &s) && *s && strcasecmp(s, OSSL_KDF_NAME_X963KDF);
}

/* Hands the exchange to OpenSSL's ECDH: its context gets the key, the
 * settings made so far, the peer if set, then params. */
static int fb_begin(fx_ecdh *x, fx_key *k, const OSSL_PARAM params[])
{
    fx_prov *p = x->prov;
    void *kd = fx_key_ossl(k);
    if (!kd) return 0;
    if (!x->fbctx && !(x->fbctx = KX(p, NEWCTX, newctx)(p->fb.provctx))) return 0;
    fx_key_hold(&x->key, k);
    x->fb = 1;
    char g[64];
    fx_count_fallback(p, "derive", p->trace ? fx_fb_group(p, kd, g, sizeof g) : NULL);
    size_t outlen = x->kdf_outlen;
    const char *kdf = x->kdf_x963 ? OSSL_KDF_NAME_X963KDF : "", *md = x->kdf_md ? fx_digest_name(x->kdf_md) : NULL;
    OSSL_PARAM state[6];
    int n = 0;
    if (x->cofactor_mode >= 0)
        state[n++] = OSSL_PARAM_construct_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, &x->cofactor_mode);
    state[n++] = OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, (char *)kdf, 0);
    if (md) state[n++] = OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, (char *)md, 0);
    if (outlen) state[n++] = OSSL_PARAM_construct_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, &outlen);
    if (x->ukm) state[n++] = OSSL_PARAM_construct_octet_string(OSSL_EXCHANGE_PARAM_KDF_UKM, x->ukm, x->ukm_len);
    state[n] = OSSL_PARAM_construct_end();
    if (!KX(p, INIT, init)(x->fbctx, kd, state)) return 0;
    if (x->peer) {
        void *pd = fx_key_ossl(x->peer);
        if (!pd || !KX(p, SET_PEER, set_peer)(x->fbctx, pd)) return 0;
    }
    return params ? KX(p, SET_CTX_PARAMS, set_ctx_params)(x->fbctx, params) : 1;
}

static int ecdh_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    fx_ecdh *x = vctx;
    fx_key *k = vkey;
    if (!x || !k) return 0;
    if (k->fb || fx_key_not_served(k, FX_OP_DERIVE) || params_want_openssl(params)) return fb_begin(x, k, params);
    x->fb = 0;
    if (!k->curve || !k->has_priv) {
        FX_RAISE(x->prov, FX_R_MISSING_PRIVATE_KEY, "ECDH needs a private key");
        return 0;
    }
    fx_key_hold(&x->key, k);
    if (x->peer && x->peer->curve != k->curve) fx_key_hold(&x->peer, NULL);
    return ecdh_set_ctx_params(x, params);
}

static int ecdh_set_peer(void *vctx, void *vpeer)
{
    fx_ecdh *x = vctx;
    fx_key *p = vpeer;
    if (!x || !p) return 0;
    if (!x->fb && p->fb && x->key && !fb_begin(x, x->key, NULL)) return 0;
    if (x->fb) {
        void *pd = fx_key_ossl(p);
        if (!pd || !KX(x->prov, SET_PEER, set_peer)(x->fbctx, pd)) return 0;
        fx_key_hold(&x->peer, p); /* keeps pd alive */
        return 1;
    }
    if (!p->curve || !p->has_pub) {
        FX_RAISE(x->prov, FX_R_MISSING_PUBLIC_KEY, "ECDH peer key");
        return 0;
    }
    if (x->key && x->key->curve != p->curve) {
        /* OpenSSL's ECDH refuses it, with its own error (what programs
         * test for); fastec says so itself only without OpenSSL's EC */
        if (x->prov->fb.provctx && fb_begin(x, x->key, NULL)) {
            void *pd = fx_key_ossl(p);
            if (pd && KX(x->prov, SET_PEER, set_peer)(x->fbctx, pd)) {
                fx_key_hold(&x->peer, p);
                return 1;
            }
            return 0;
        }
        FX_RAISE(x->prov, FX_R_CURVE_MISMATCH, "ECDH between %s and %s", FX(fastec_curve_name)(x->key->curve),
                 FX(fastec_curve_name)(p->curve));
        return 0;
    }
    fx_key_hold(&x->peer, p);
    return 1;
}

/* ANSI X9.63 KDF (SEC 1 section 3.6.1): Hash(Z || counter || SharedInfo), counter = 1, 2, ... */
static int x963_kdf(int md, uint8_t *out, size_t outlen, const uint8_t *z, size_t zlen, const uint8_t *info,
                    size_t infolen)
{
    size_t hl = FX(fastec_hash_size)(md);
    uint8_t block[64];
    fastec_hash_ctx h;
    int rc = FASTEC_OK;
    for (uint32_t counter = 1; outlen && rc == FASTEC_OK; counter++) {
        uint8_t cb[4] = {(uint8_t)(counter >> 24), (uint8_t)(counter >> 16), (uint8_t)(counter >> 8),
                         (uint8_t)counter};
        rc = FX(fastec_hash_init)(&h, md);
        if (!rc) rc = FX(fastec_hash_update)(&h, z, zlen);
        if (!rc) rc = FX(fastec_hash_update)(&h, cb, sizeof cb);
        if (!rc && infolen) rc = FX(fastec_hash_update)(&h, info, infolen);
        if (!rc) rc = FX(fastec_hash_final)(&h, block);
        size_t take = outlen < hl ? outlen : hl;
        memcpy(out, block, take);
        out += take;
        outlen -= take;
    }
    OPENSSL_cleanse(block, sizeof block);
    OPENSSL_cleanse(&h, sizeof h);
    return rc;
}

/* The shared secret (field_size bytes) into z. */
static int shared_secret(fx_ecdh *x, uint8_t *z)
{
    const fastec_curve *c = x->key->curve;
    int cof = x->cofactor_mode < 0 ? x->key->cofactor_flag : x->cofactor_mode;
    int rc = cof ? FX(fastec_ecdh_cofactor)(c, x->key->priv, x->peer->pub, x->peer->pub_len, z)
                 : FX(fastec_ecdh)(c, x->key->priv, x->peer->pub, x->peer->pub_len, z);
    fx_count(x->prov, FX_CNT_DERIVE, c);
    if (rc != FASTEC_OK) {
        FX_RAISE(x->prov, fx_reason_of(rc), "%s ECDH: %s", FX(fastec_curve_name)(c), FX(fastec_strerror)(rc));
        return 0;
    }
    return 1;
}

static int ecdh_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    fx_ecdh *x = vctx;
    if (!x || !secretlen) return 0;
    if (x->fb) return KX(x->prov, DERIVE, derive)(x->fbctx, secret, secretlen, outlen);
    if (!x->key || !x->peer) {
        FX_RAISE(x->prov, FX_R_NOT_INITIALIZED, "ECDH needs a private key and a peer key");
        return 0;
    }
    size_t fs = FX(fastec_curve_field_size)(x->key->curve);
    uint8_t z[FX_MAX_FIELD];
    if (x->kdf_x963) {
        if (!secret) {
            *secretlen = x->kdf_outlen;
            return 1;
        }
        if (!x->kdf_md || !x->kdf_outlen) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "X963KDF needs kdf-digest and kdf-outlen");
            return 0;
        }
        if (outlen < x->kdf_outlen) {
            FX_RAISE(x->prov, FX_R_BUFFER_TOO_SMALL, "%zu bytes for a %zu-byte KDF output", outlen, x->kdf_outlen);
            return 0;
        }
        if (!shared_secret(x, z)) return 0;
        int rc = x963_kdf(x->kdf_md, secret, x->kdf_outlen, z, fs, x->ukm, x->ukm_len);
        OPENSSL_cleanse(z, sizeof z);
        if (rc != FASTEC_OK) {
            OPENSSL_cleanse(secret, x->kdf_outlen);
            FX_RAISE(x->prov, FX_R_LIBRARY, "X963KDF: %s", FX(fastec_strerror)(rc));
            return 0;
        }
        *secretlen = x->kdf_outlen;
        return 1;
    }
    if (!secret) {
        *secretlen = fs;
        return 1;
    }
    /* a shorter buffer takes the leading bytes, as the default provider does */
    if (outlen >= fs) {
        if (!shared_secret(x, secret)) return 0;
        *secretlen = fs;
        return 1;
    }
    if (!shared_secret(x, z)) return 0;
    memcpy(secret, z, outlen);
    OPENSSL_cleanse(z, sizeof z);
    *secretlen = outlen;
    return 1;
}

static int ecdh_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    fx_ecdh *x = vctx;
    if (!x) return 0;
    if (x->fb) return KX(x->prov, SET_CTX_PARAMS, set_ctx_params)(x->fbctx, params);
    if (x->key && params_want_openssl(params)) return fb_begin(x, x->key, params);
    const OSSL_PARAM *p;
    const char *s;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE))) {
        int mode;
        if (!OSSL_PARAM_get_int(p, &mode) || mode < -1 || mode > 1) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "ecdh-cofactor-mode must be -1, 0 or 1");
            return 0;
        }
        x->cofactor_mode = mode;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_TYPE))) {
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "kdf-type must be a string");
            return 0;
        }
        if (!*s) x->kdf_x963 = 0;
        else if (!strcasecmp(s, OSSL_KDF_NAME_X963KDF)) x->kdf_x963 = 1;
        else {
            FX_RAISE(x->prov, FX_R_UNSUPPORTED_KDF, "kdf-type '%s' (fastec has X963KDF)", s);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_DIGEST))) {
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "kdf-digest must be a string");
            return 0;
        }
        int md = fx_digest_lookup(s);
        if (!md) {
            FX_RAISE(x->prov, FX_R_UNSUPPORTED_DIGEST, "kdf-digest '%s' (fastec has SHA-1, SHA-2 and SHA-3)", s);
            return 0;
        }
        x->kdf_md = md;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_OUTLEN))) {
        size_t n;
        if (!OSSL_PARAM_get_size_t(p, &n)) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "kdf-outlen must be a size");
            return 0;
        }
        x->kdf_outlen = n;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_UKM))) {
        void *ukm = NULL;
        size_t len = 0;
        if (!OSSL_PARAM_get_octet_string(p, &ukm, 0, &len)) {
            FX_RAISE(x->prov, FX_R_INVALID_PARAM, "kdf-ukm must be an octet string");
            return 0;
        }
        OPENSSL_free(x->ukm);
        x->ukm = ukm;
        x->ukm_len = len;
    }
    return 1;
}

static const OSSL_PARAM *ecdh_settable_ctx_params(void *vctx, void *provctx)
{
    const fx_ecdh *x = vctx;
    (void)provctx;
    if (x && x->fb) return KX(x->prov, SETTABLE_CTX_PARAMS, settable_ctx_params)(x->fbctx, x->prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
                                   OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST_PROPS, NULL, 0),
                                   OSSL_PARAM_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, NULL),
                                   OSSL_PARAM_octet_string(OSSL_EXCHANGE_PARAM_KDF_UKM, NULL, 0),
                                   OSSL_PARAM_END};
    return t;
}

static int ecdh_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    fx_ecdh *x = vctx;
    if (!x) return 0;
    if (x->fb) return KX(x->prov, GET_CTX_PARAMS, get_ctx_params)(x->fbctx, params);
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE))) {
        int mode = x->cofactor_mode;
        if (mode < 0) mode = x->key ? x->key->cofactor_flag : 0;
        if (!OSSL_PARAM_set_int(p, mode)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_TYPE)) &&
        !OSSL_PARAM_set_utf8_string(p, x->kdf_x963 ? OSSL_KDF_NAME_X963KDF : ""))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_DIGEST)) &&
        !OSSL_PARAM_set_utf8_string(p, x->kdf_md ? fx_digest_name(x->kdf_md) : ""))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_OUTLEN)) && !OSSL_PARAM_set_size_t(p, x->kdf_outlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_UKM)) &&
        !OSSL_PARAM_set_octet_ptr(p, x->ukm, x->ukm_len))
        return 0;
    return 1;
}

static const OSSL_PARAM *ecdh_gettable_ctx_params(void *vctx, void *provctx)
{
    const fx_ecdh *x = vctx;
    (void)provctx;
    if (x && x->fb) return KX(x->prov, GETTABLE_CTX_PARAMS, gettable_ctx_params)(x->fbctx, x->prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
                                   OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, NULL, 0),
                                   OSSL_PARAM_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, NULL),
                                   OSSL_PARAM_DEFN(OSSL_EXCHANGE_PARAM_KDF_UKM, OSSL_PARAM_OCTET_PTR, NULL, 0),
                                   OSSL_PARAM_END};
    return t;
}

/* the entry points that may run OpenSSL's ECDH, its errors moved to the
 * program's queue when it is another libcrypto's (prov.h) */
FX_RELAYED(int, ecdh_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, ecdh_set_peer, (void *c, void *k), (c, k), c)
FX_RELAYED(int, ecdh_derive, (void *c, unsigned char *s, size_t *sl, size_t ol), (c, s, sl, ol), c)
FX_RELAYED(int, ecdh_set_ctx_params, (void *c, const OSSL_PARAM p[]), (c, p), c)
FX_RELAYED(int, ecdh_get_ctx_params, (void *c, OSSL_PARAM p[]), (c, p), c)

const OSSL_DISPATCH fx_ecdh_functions[] = {
    {OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))ecdh_newctx},
    {OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))ecdh_init_relayed},
    {OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))ecdh_set_peer_relayed},
    {OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))ecdh_derive_relayed},
    {OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))ecdh_freectx},
    {OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))ecdh_dupctx},
    {OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, (void (*)(void))ecdh_set_ctx_params_relayed},
    {OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, (void (*)(void))ecdh_settable_ctx_params},
    {OSSL_FUNC_KEYEXCH_GET_CTX_PARAMS, (void (*)(void))ecdh_get_ctx_params_relayed},
    {OSSL_FUNC_KEYEXCH_GETTABLE_CTX_PARAMS, (void (*)(void))ecdh_gettable_ctx_params},
    {0, NULL}};
