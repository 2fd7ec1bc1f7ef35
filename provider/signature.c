/* SPDX-License-Identifier: Apache-2.0 */
/* Signature "ECDSA": DER signatures over a digest (sign/verify) or over a
 * message hashed here with fastec's SHA-1/SHA-2 (digest-sign/digest-verify).
 * Nonces: hedged by default (RFC 6979 with 32 fresh bytes from the OS as
 * additional data: as unpredictable as OpenSSL's random nonces, two
 * signatures of one message differ); deterministic (RFC 6979) when asked
 * with nonce-type 1, where the running OpenSSL's ECDSA knows that parameter
 * (3.2 and later; before, it is ignored, as OpenSSL ignores it). RFC 6979's
 * HMAC is the signature's digest: fastec's when it is SHA-1 or SHA-2/224,
 * 256, 384 or 512, OpenSSL's ECDSA otherwise (SHA-3, SHA-512/t, no digest
 * set), so that a deterministic signature is OpenSSL's.
 * Verification accepts strict DER only.
 * A key fastec cannot serve, or a digest it lacks (MD5, SM3, ...), hands the
 * whole operation to OpenSSL's ECDSA (fallback.c); so does a signature that
 * is not well-formed strict DER or whose r or s is out of range, so that the
 * return value and the error queue are OpenSSL's. A well-formed signature
 * that does not verify returns 0 with nothing on the error queue, as
 * OpenSSL's ECDSA does. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "ct.h" /* valgrind markers in the constant-time test build */
#include "prov.h"

#ifndef OSSL_SIGNATURE_PARAM_NONCE_TYPE /* OpenSSL 3.2 names it; 3.0 passes it through */
#define OSSL_SIGNATURE_PARAM_NONCE_TYPE "nonce-type"
#endif

/* The message-signing functions of OpenSSL 3.4 (ids and types), for a
 * module built against older headers that a newer OpenSSL loads. */
#ifndef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
#define OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES 26
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT 27
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_UPDATE 28
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_FINAL 29
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT 30
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_UPDATE 31
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_FINAL 32
#endif
#ifndef OSSL_SIGNATURE_PARAM_SIGNATURE
#define OSSL_SIGNATURE_PARAM_SIGNATURE "signature"
#endif
typedef int fx_sig_msg_init_fn(void *ctx, void *key, const OSSL_PARAM params[]);
typedef int fx_sig_msg_update_fn(void *ctx, const unsigned char *in, size_t len);
typedef int fx_sig_sign_msg_final_fn(void *ctx, unsigned char *sig, size_t *siglen, size_t sigsize);
typedef int fx_sig_verify_msg_final_fn(void *ctx);

enum { OP_NONE, OP_SIGN, OP_VERIFY };

typedef struct {
    fx_prov *prov;
    fx_key *key;
    int op;
    int md;              /* FASTEC_SHA*, 0: none set */
    size_t mdsize;       /* input length sign/verify insist on; 0: any */
    int allow_md;        /* cleared while a digest-sign/verify runs */
    int hashing;         /* digest-sign/verify: h holds the message so far */
    unsigned nonce_type; /* 0 hedged; other values deterministic (RFC 6979), as OpenSSL reads them */
    fastec_hash_ctx h;
    int sigalg_md;       /* ECDSA-<digest>: its FASTEC_SHA*; 0 for "ECDSA" */
    int msg;             /* sign/verify-message: sign() and verify() hash their input */
    uint8_t *vsig;       /* verify-message: the signature, set as a parameter */
    size_t vsiglen;
    const fx_fn *fbt;    /* OpenSSL's functions for this algorithm */
    void *fbctx;         /* OpenSSL's context while fb is set */
    int fb;              /* the operation runs in OpenSSL's ECDSA */
} fx_sig;

#define SIGF(s, ID, type) ((type *)(s)->fbt[OSSL_FUNC_SIGNATURE_##ID])
#define SIG(s, ID, type) SIGF(s, ID, OSSL_FUNC_signature_##type##_fn)

static void *sig_newctx(void *provctx, const char *propq)
{
    (void)propq;
    fx_sig *s = OPENSSL_zalloc(sizeof *s);
    if (!s) return NULL;
    s->prov = provctx;
    s->allow_md = 1;
    s->nonce_type = 0;
    s->fbt = s->prov->fb.sig;
    return s;
}

static void sig_freectx(void *vctx)
{
    fx_sig *s = vctx;
    if (!s) return;
    if (s->fbctx) SIG(s, FREECTX, freectx)(s->fbctx);
    fx_key_free(s->key);
    OPENSSL_free(s->vsig);
    OPENSSL_clear_free(s, sizeof *s);
}

static void *sig_dupctx(void *vctx)
{
    const fx_sig *s = vctx;
    fx_sig *d = OPENSSL_memdup(s, sizeof *s);
    if (!d) return NULL;
    d->vsig = NULL;
    d->fbctx = NULL;
    if ((s->vsig && !(d->vsig = OPENSSL_memdup(s->vsig, s->vsiglen))) ||
        (s->fbctx && !(d->fbctx = SIG(s, DUPCTX, dupctx)(s->fbctx)))) {
        OPENSSL_free(d->vsig);
        OPENSSL_clear_free(d, sizeof *d);
        return NULL;
    }
    if (d->key) fx_key_up_ref(d->key);
    return d;
}

/* Hands the operation to OpenSSL's ECDSA with key k: its init function
 * init_id (sign, verify, digest-sign with mdname, ...) gets params. */
static int fb_begin(fx_sig *s, fx_key *k, int op, int init_id, const char *mdname, const OSSL_PARAM params[])
{
    fx_prov *p = s->prov;
    void *kd = fx_key_ossl(k);
    if (!kd) return 0;
    if (!s->fbctx && !(s->fbctx = SIG(s, NEWCTX, newctx)(p->fb.provctx, NULL))) return 0;
    fx_key_hold(&s->key, k);
    s->op = op;
    s->fb = 1;
    s->hashing = 0;
    char g[64];
    fx_count_fallback(p, op == OP_SIGN ? "sign" : "verify", p->trace ? fx_fb_group(p, kd, g, sizeof g) : NULL);
    fx_fn init = s->fbt[init_id];
    if (!init) return 0;
    if (init_id == OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT || init_id == OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT)
        return ((OSSL_FUNC_signature_digest_sign_init_fn *)init)(s->fbctx, mdname, kd, params);
    return ((fx_sig_msg_init_fn *)init)(s->fbctx, kd, params);
}

/* a digest named in params that fastec lacks */
static int params_want_openssl(const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = params ? OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST) : NULL;
    const char *name;
    return p && OSSL_PARAM_get_utf8_string_ptr(p, &name) && !fx_digest_lookup(name);
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int signverify_init(fx_sig *s, fx_key *k, const OSSL_PARAM params[], int op)
{
    if (!s) return 0;
    if (!k) {
        if (!s->key) {
            FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "no key");
            return 0;
        }
        k = s->key;
    }
    if (k->fb || fx_key_not_served(k, op == OP_SIGN ? FX_OP_SIGN : FX_OP_VERIFY) || params_want_openssl(params))
        return fb_begin(s, k, op, op == OP_SIGN ? OSSL_FUNC_SIGNATURE_SIGN_INIT : OSSL_FUNC_SIGNATURE_VERIFY_INIT, NULL,
                        params);
    s->fb = 0;
    s->msg = 0;
    if (!k->curve || (op == OP_SIGN ? !k->has_priv : !k->has_pub)) {
        FX_RAISE(s->prov, op == OP_SIGN ? FX_R_MISSING_PRIVATE_KEY : FX_R_MISSING_PUBLIC_KEY,
                 op == OP_SIGN ? "ECDSA signing needs a private key" : "ECDSA verification needs a public key");
        return 0;
    }
    fx_key_hold(&s->key, k);
    s->op = op;
    s->allow_md = 1;
    s->hashing = 0;
    return sig_set_ctx_params(s, params);
}

static int sig_sign_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return signverify_init(vctx, key, params, OP_SIGN);
}

static int sig_verify_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return signverify_init(vctx, key, params, OP_VERIFY);
}

static int os_random(uint8_t *buf, size_t len)
{
    while (len) {
        ssize_t r = getrandom(buf, len, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        buf += r;
        len -= (size_t)r;
    }
    return 1;
}

/* A deterministic signature that fastec's RFC 6979 (its HMAC chosen by the
 * digest's length) would not make as OpenSSL does: signed by OpenSSL's
 * ECDSA, in a context of its own, with the digest and nonce-type set. */
static int deterministic_by_openssl(const fx_sig *s)
{
    return s->nonce_type && s->md != FASTEC_SHA1 && s->md != FASTEC_SHA224 && s->md != FASTEC_SHA256 &&
           s->md != FASTEC_SHA384 && s->md != FASTEC_SHA512;
}

static int fb_sign_deterministic(fx_sig *s, unsigned char *sig, size_t *siglen, size_t sigsize,
                                 const unsigned char *tbs, size_t tbslen)
{
    fx_prov *p = s->prov;
    void *kd = fx_key_ossl(s->key), *ctx = kd ? SIG(s, NEWCTX, newctx)(p->fb.provctx, NULL) : NULL;
    unsigned nt = s->nonce_type;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_uint("nonce-type", &nt),
                           OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST,
                                                            (char *)(s->md ? fx_digest_name(s->md) : ""), 0),
                           OSSL_PARAM_construct_end()};
    if (!s->md) params[1] = OSSL_PARAM_construct_end();
    char g[64];
    fx_count_fallback(p, "sign", p->trace ? fx_fb_group(p, kd, g, sizeof g) : NULL);
    int ok = ctx && SIG(s, SIGN_INIT, sign_init)(ctx, kd, params) > 0 &&
             SIG(s, SIGN, sign)(ctx, sig, siglen, sigsize, tbs, tbslen) > 0;
    if (ctx) SIG(s, FREECTX, freectx)(ctx);
    return ok;
}

static int sig_digest_update(void *vctx, const unsigned char *data, size_t len);
static int sig_digest_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize);
static int sig_digest_verify_final(void *vctx, const unsigned char *sig, size_t siglen);

static int sig_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                    size_t tbslen)
{
    fx_sig *s = vctx;
    if (!s || !siglen) return 0;
    if (s->fb) return SIG(s, SIGN, sign)(s->fbctx, sig, siglen, sigsize, tbs, tbslen);
    if (s->msg) { /* sign-message: tbs is the message */
        if (sig && sig_digest_update(s, tbs, tbslen) <= 0) return 0;
        return sig_digest_sign_final(s, sig, siglen, sigsize);
    }
    if (s->op != OP_SIGN || !s->key) {
        FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "ECDSA sign without sign_init");
        return 0;
    }
    const fastec_curve *c = s->key->curve;
    size_t max = fx_ecdsa_max_der(c);
    if (!sig) {
        *siglen = max;
        return 1;
    }
    if (sigsize < max) {
        FX_RAISE(s->prov, FX_R_BUFFER_TOO_SMALL, "%zu bytes for an ECDSA signature of up to %zu", sigsize, max);
        return 0;
    }
    if (s->mdsize && tbslen != s->mdsize) {
        FX_RAISE(s->prov, FX_R_DIGEST_LENGTH, "%zu bytes to sign with a %zu-byte digest set", tbslen, s->mdsize);
        return 0;
    }
    if (deterministic_by_openssl(s)) return fb_sign_deterministic(s, sig, siglen, sigsize, tbs, tbslen);
    uint8_t rs[2 * FX_MAX_SCALAR], extra[32];
    int rc;
    if (s->nonce_type) {
        rc = FX(fastec_ecdsa_sign)(c, s->key->priv, tbs, tbslen, rs);
    } else if (!os_random(extra, sizeof extra)) {
        rc = FASTEC_ERR_RANDOM;
    } else {
        ct_secret(extra, sizeof extra);
        rc = FX(fastec_ecdsa_sign_hedged)(c, s->key->priv, tbs, tbslen, extra, sizeof extra, rs);
        OPENSSL_cleanse(extra, sizeof extra);
    }
    fx_count(s->prov, FX_CNT_SIGN, c);
    size_t len = sigsize;
    if (rc == FASTEC_OK) rc = FX(fastec_sig_to_der)(c, rs, sig, &len);
    if (rc != FASTEC_OK) {
        FX_RAISE(s->prov, fx_reason_of(rc), "%s ECDSA sign: %s", FX(fastec_curve_name)(c), FX(fastec_strerror)(rc));
        return 0;
    }
    *siglen = len;
    return 1;
}

/* Verification of a signature fastec refuses as malformed, by OpenSSL's
 * ECDSA, for its return value and error queue. */
static int verify_as_openssl(fx_sig *s, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                             size_t tbslen)
{
    fx_prov *p = s->prov;
    /* OpenSSL's "ECDSA", whatever this context's algorithm: the digest is computed */
#define ECDSA_FN(ID, type) FX_FB(p, sig, OSSL_FUNC_SIGNATURE_##ID, OSSL_FUNC_signature_##type##_fn)
    void *kd = fx_key_ossl(s->key), *ctx = kd ? ECDSA_FN(NEWCTX, newctx)(p->fb.provctx, NULL) : NULL;
    if (!ctx) return 0;
    fx_count_fallback(p, "verify", FX(fastec_curve_name)(s->key->curve));
    int r = ECDSA_FN(VERIFY_INIT, verify_init)(ctx, kd, NULL);
    if (r > 0) r = ECDSA_FN(VERIFY, verify)(ctx, sig, siglen, tbs, tbslen);
    ECDSA_FN(FREECTX, freectx)(ctx);
#undef ECDSA_FN
    return r;
}

static int sig_verify(void *vctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
    fx_sig *s = vctx;
    if (!s) return 0;
    if (s->fb) return SIG(s, VERIFY, verify)(s->fbctx, sig, siglen, tbs, tbslen);
    if (s->msg) { /* verify-message: tbs is the message */
        if (s->hashing && sig_digest_update(s, tbs, tbslen) <= 0) return 0;
        return sig_digest_verify_final(s, sig, siglen);
    }
    if (s->op != OP_VERIFY || !s->key) {
        FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "ECDSA verify without verify_init");
        return 0;
    }
    const fastec_curve *c = s->key->curve;
    if (s->mdsize && tbslen != s->mdsize) {
        FX_RAISE(s->prov, FX_R_DIGEST_LENGTH, "%zu bytes to verify with a %zu-byte digest set", tbslen, s->mdsize);
        return 0;
    }
    uint8_t rs[2 * FX_MAX_SCALAR];
    fx_count(s->prov, FX_CNT_VERIFY, c);
    int rc = sig ? FX(fastec_sig_from_der)(c, sig, siglen, rs) : FASTEC_ERR_NULL;
    if (rc != FASTEC_OK && sig && s->prov->fb.provctx) return verify_as_openssl(s, sig, siglen, tbs, tbslen);
    if (rc != FASTEC_OK) {
        FX_RAISE(s->prov, FX_R_MALFORMED_SIGNATURE, "%s ECDSA signature: %s", FX(fastec_curve_name)(c),
                 FX(fastec_strerror)(rc));
        return 0;
    }
    rc = FX(fastec_ecdsa_verify)(c, s->key->pub, s->key->pub_len, tbs, tbslen, rs);
    if (rc == FASTEC_ERR_SIG_INVALID) return 0; /* a clean "no", as OpenSSL's: nothing on the error queue */
    if (rc == FASTEC_ERR_SIG_RANGE && s->prov->fb.provctx) return verify_as_openssl(s, sig, siglen, tbs, tbslen);
    if (rc != FASTEC_OK) {
        FX_RAISE(s->prov, fx_reason_of(rc), "%s ECDSA verify: %s", FX(fastec_curve_name)(c), FX(fastec_strerror)(rc));
        return 0;
    }
    return 1;
}

static int setup_md(fx_sig *s, const char *mdname)
{
    int md = fx_digest_lookup(mdname);
    if (!md) {
        FX_RAISE(s->prov, FX_R_UNSUPPORTED_DIGEST, "digest '%s' (fastec has SHA-1, SHA-2 and SHA-3)", mdname);
        return 0;
    }
    if (!s->allow_md) {
        if (md != s->md) {
            FX_RAISE(s->prov, FX_R_INVALID_PARAM, "digest '%s' cannot replace %s during the operation", mdname,
                     fx_digest_name(s->md));
            return 0;
        }
        return 1;
    }
    s->md = md;
    s->mdsize = FX(fastec_hash_size)(md);
    return 1;
}

static int digest_signverify_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[], int op)
{
    fx_sig *s = vctx;
    if (!s) return 0;
    fx_key *k = key ? key : s->key;
    if (k && (k->fb || fx_key_not_served(k, op == OP_SIGN ? FX_OP_SIGN : FX_OP_VERIFY) ||
              (mdname && *mdname && !fx_digest_lookup(mdname)) || params_want_openssl(params)))
        return fb_begin(s, k, op,
                        op == OP_SIGN ? OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT : OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT,
                        mdname, params);
    if (!signverify_init(s, key, params, op)) return 0;
    if (!setup_md(s, mdname && *mdname ? mdname : "SHA256")) return 0;
    if (FX(fastec_hash_init)(&s->h, s->md) != FASTEC_OK) return 0;
    s->allow_md = 0;
    s->hashing = 1;
    return 1;
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[])
{
    return digest_signverify_init(vctx, mdname, key, params, OP_SIGN);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[])
{
    return digest_signverify_init(vctx, mdname, key, params, OP_VERIFY);
}

static int sig_digest_update(void *vctx, const unsigned char *data, size_t len)
{
    fx_sig *s = vctx;
    if (s && s->fb)
        return s->op == OP_SIGN ? SIG(s, DIGEST_SIGN_UPDATE, digest_sign_update)(s->fbctx, data, len)
                                : SIG(s, DIGEST_VERIFY_UPDATE, digest_verify_update)(s->fbctx, data, len);
    if (!s || !s->hashing) {
        if (s) FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "digest update without digest init");
        return 0;
    }
    return FX(fastec_hash_update)(&s->h, data, len) == FASTEC_OK;
}

static int sig_digest_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    fx_sig *s = vctx;
    if (s && s->fb) return SIG(s, DIGEST_SIGN_FINAL, digest_sign_final)(s->fbctx, sig, siglen, sigsize);
    if (!s || !s->hashing) {
        if (s) FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "digest sign final without digest init");
        return 0;
    }
    /* the digest is signed as a plain sign() would (msg off meanwhile) */
    int msg = s->msg, ok;
    s->msg = 0;
    if (!sig) { /* the size only */
        ok = sig_sign(s, NULL, siglen, 0, NULL, 0);
        s->msg = msg;
        return ok;
    }
    uint8_t dg[64];
    if (FX(fastec_hash_final)(&s->h, dg) != FASTEC_OK) {
        s->msg = msg;
        return 0;
    }
    s->hashing = 0;
    s->allow_md = !s->sigalg_md;
    ok = sig_sign(s, sig, siglen, sigsize, dg, s->mdsize);
    s->msg = msg;
    OPENSSL_cleanse(dg, sizeof dg);
    return ok;
}

static int sig_digest_verify_final(void *vctx, const unsigned char *sig, size_t siglen)
{
    fx_sig *s = vctx;
    if (s && s->fb) return SIG(s, DIGEST_VERIFY_FINAL, digest_verify_final)(s->fbctx, sig, siglen);
    if (!s || !s->hashing) {
        if (s) FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "digest verify final without digest init");
        return 0;
    }
    uint8_t dg[64];
    if (FX(fastec_hash_final)(&s->h, dg) != FASTEC_OK) return 0;
    s->hashing = 0;
    s->allow_md = !s->sigalg_md;
    int msg = s->msg;
    s->msg = 0;
    int ok = sig_verify(s, sig, siglen, dg, s->mdsize);
    s->msg = msg;
    return ok;
}

/* AlgorithmIdentifier of ecdsa-with-<digest> (RFC 5758, RFC 3279): no parameters */
static size_t algorithm_id(int md, uint8_t *out)
{
    static const uint8_t sha1[] = {0x30, 0x09, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x01};
    static const uint8_t sha2[] = {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x00};
    /* id-ecdsa-with-sha3-* (2.16.840.1.101.3.4.3.9 ..) */
    static const uint8_t sha3[] = {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x00};
    uint8_t last;
    switch (md) {
    case FASTEC_SHA3_224: last = 9; goto sha3;
    case FASTEC_SHA3_256: last = 10; goto sha3;
    case FASTEC_SHA3_384: last = 11; goto sha3;
    case FASTEC_SHA3_512: last = 12; goto sha3;
    case FASTEC_SHA1: memcpy(out, sha1, sizeof sha1); return sizeof sha1;
    case FASTEC_SHA224: last = 1; break;
    case FASTEC_SHA256: last = 2; break;
    case FASTEC_SHA384: last = 3; break;
    case FASTEC_SHA512: last = 4; break;
    default: return 0; /* SHA-512/224 and SHA-512/256 have no ECDSA OID */
    }
    memcpy(out, sha2, sizeof sha2);
    out[sizeof sha2 - 1] = last;
    return sizeof sha2;
sha3:
    memcpy(out, sha3, sizeof sha3);
    out[sizeof sha3 - 1] = last;
    return sizeof sha3;
}

static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    fx_sig *s = vctx;
    if (!s) return 0;
    if (s->fb) return SIG(s, GET_CTX_PARAMS, get_ctx_params)(s->fbctx, params);
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID))) {
        uint8_t aid[16];
        size_t n = algorithm_id(s->md, aid);
        if (!n) {
            FX_RAISE(s->prov, FX_R_UNSUPPORTED_DIGEST, "no ECDSA algorithm identifier for digest '%s'",
                     s->md ? fx_digest_name(s->md) : "(none)");
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, aid, n)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST_SIZE)) && !OSSL_PARAM_set_size_t(p, s->mdsize))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST)) &&
        !OSSL_PARAM_set_utf8_string(p, s->md ? fx_digest_name(s->md) : ""))
        return 0;
    if (s->prov->fb.nonce_type && (p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_NONCE_TYPE)) &&
        !OSSL_PARAM_set_uint(p, s->nonce_type))
        return 0;
    return 1;
}

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    const fx_sig *s = vctx;
    (void)provctx;
    if (s && s->fb) return SIG(s, GETTABLE_CTX_PARAMS, gettable_ctx_params)(s->fbctx, s->prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
                                   OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
                                   OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
                                   OSSL_PARAM_uint(OSSL_SIGNATURE_PARAM_NONCE_TYPE, NULL),
                                   OSSL_PARAM_END};
    const fx_prov *p = provctx;
    /* nonce-type only where the running OpenSSL's ECDSA has it */
    if (p && !p->fb.nonce_type) {
        static const OSSL_PARAM t3[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
                                        OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
                                        OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0), OSSL_PARAM_END};
        return t3;
    }
    return t;
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    fx_sig *s = vctx;
    if (!s) return 0;
    if (s->fb) return SIG(s, SET_CTX_PARAMS, set_ctx_params)(s->fbctx, params);
    /* a digest fastec lacks, before a digest-sign/verify started: OpenSSL's ECDSA takes over */
    if (s->allow_md && s->key && (s->op == OP_SIGN || s->op == OP_VERIFY) && params_want_openssl(params))
        return fb_begin(s, s->key, s->op,
                        s->op == OP_SIGN ? OSSL_FUNC_SIGNATURE_SIGN_INIT : OSSL_FUNC_SIGNATURE_VERIFY_INIT, NULL,
                        params);
    const OSSL_PARAM *p;
    if (s->msg && s->op == OP_VERIFY && (p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_SIGNATURE))) {
        void *v = NULL;
        size_t n = 0;
        if (!OSSL_PARAM_get_octet_string(p, &v, 0, &n) || n == 0) {
            OPENSSL_free(v);
            return 0;
        }
        OPENSSL_free(s->vsig);
        s->vsig = v;
        s->vsiglen = n;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST))) {
        const char *name;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
            FX_RAISE(s->prov, FX_R_INVALID_PARAM, "digest must be a string");
            return 0;
        }
        if (!setup_md(s, name)) return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST_SIZE))) {
        size_t n;
        if (!OSSL_PARAM_get_size_t(p, &n) || (!s->allow_md && n != s->mdsize)) {
            FX_RAISE(s->prov, FX_R_INVALID_PARAM, "digest-size");
            return 0;
        }
        s->mdsize = n;
    }
    /* nonce-type as OpenSSL's ECDSA reads it, where it reads it: any
     * unsigned value, 0 random (here hedged), others deterministic */
    if (s->prov->fb.nonce_type && (p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_NONCE_TYPE)) &&
        !OSSL_PARAM_get_uint(p, &s->nonce_type))
        return 0;
    return 1;
}

static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx)
{
    (void)provctx;
    const fx_sig *s = vctx;
    if (s && s->fb) return SIG(s, SETTABLE_CTX_PARAMS, settable_ctx_params)(s->fbctx, s->prov->fb.provctx);
    static const OSSL_PARAM all[] = {OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
                                     OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
                                     OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
                                     OSSL_PARAM_uint(OSSL_SIGNATURE_PARAM_NONCE_TYPE, NULL),
                                     OSSL_PARAM_END};
    static const OSSL_PARAM no_digest[] = {OSSL_PARAM_uint(OSSL_SIGNATURE_PARAM_NONCE_TYPE, NULL), OSSL_PARAM_END};
    /* without nonce-type where the running OpenSSL's ECDSA has none */
    static const OSSL_PARAM all_3[] = {OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
                                       OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
                                       OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
                                       OSSL_PARAM_END};
    static const OSSL_PARAM none[] = {OSSL_PARAM_END};
    const fx_prov *p = provctx;
    if (p && !p->fb.nonce_type) return s && !s->allow_md ? none : all_3;
    return s && !s->allow_md ? no_digest : all;
}

/* the entry points that may run OpenSSL's ECDSA, its errors moved to the
 * program's queue when it is another libcrypto's (prov.h) */
FX_RELAYED(int, sig_sign_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sig_verify_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sig_sign, (void *c, unsigned char *sig, size_t *sl, size_t ss, const unsigned char *t, size_t tl),
           (c, sig, sl, ss, t, tl), c)
FX_RELAYED(int, sig_verify, (void *c, const unsigned char *sig, size_t sl, const unsigned char *t, size_t tl),
           (c, sig, sl, t, tl), c)
FX_RELAYED(int, sig_digest_sign_init, (void *c, const char *md, void *k, const OSSL_PARAM p[]), (c, md, k, p), c)
FX_RELAYED(int, sig_digest_verify_init, (void *c, const char *md, void *k, const OSSL_PARAM p[]), (c, md, k, p), c)
FX_RELAYED(int, sig_digest_update, (void *c, const unsigned char *d, size_t l), (c, d, l), c)
FX_RELAYED(int, sig_digest_sign_final, (void *c, unsigned char *sig, size_t *sl, size_t ss), (c, sig, sl, ss), c)
FX_RELAYED(int, sig_digest_verify_final, (void *c, const unsigned char *sig, size_t sl), (c, sig, sl), c)
FX_RELAYED(int, sig_get_ctx_params, (void *c, OSSL_PARAM p[]), (c, p), c)
FX_RELAYED(int, sig_set_ctx_params, (void *c, const OSSL_PARAM p[]), (c, p), c)

const OSSL_DISPATCH fx_ecdsa_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))sig_newctx},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))sig_sign_init_relayed},
    {OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))sig_sign_relayed},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))sig_verify_init_relayed},
    {OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))sig_verify_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_digest_sign_init_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))sig_digest_update_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))sig_digest_sign_final_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_digest_verify_init_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))sig_digest_update_relayed},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))sig_digest_verify_final_relayed},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params_relayed},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params},
    {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))sig_set_ctx_params_relayed},
    {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))sig_settable_ctx_params},
    {0, NULL}};

/* ---- ECDSA-<digest> (OpenSSL 3.4 and later) ----
 * The digest is the algorithm's: sign/verify take a digest of that length,
 * sign-message/verify-message hash the message with it. Keys and digests
 * fastec cannot serve go to the default provider's algorithm of the same
 * name. */

static void *sigalg_newctx(void *provctx, const char *propq, int i)
{
    fx_sig *s = sig_newctx(provctx, propq);
    if (!s) return NULL;
    s->sigalg_md = s->prov->fb.sigalgs[i].md;
    s->fbt = s->prov->fb.sigalgs[i].fns;
    return s;
}

static int sigalg_init(void *vctx, void *key, const OSSL_PARAM params[], int op, int msg)
{
    fx_sig *s = vctx;
    if (!s) return 0;
    fx_key *k = key ? key : s->key;
    static const int ids[2][2] = {{OSSL_FUNC_SIGNATURE_SIGN_INIT, OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT},
                                  {OSSL_FUNC_SIGNATURE_VERIFY_INIT, OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT}};
    if (k && (k->fb || fx_key_not_served(k, op == OP_SIGN ? FX_OP_SIGN : FX_OP_VERIFY)))
        return fb_begin(s, k, op, ids[op == OP_VERIFY][msg], NULL, params);
    if (!signverify_init(s, key, params, op)) return 0;
    if (s->fb) return 1;
    s->md = s->sigalg_md;
    s->mdsize = FX(fastec_hash_size)(s->md);
    s->allow_md = 0;
    s->msg = msg;
    OPENSSL_free(s->vsig);
    s->vsig = NULL;
    s->vsiglen = 0;
    if (msg) {
        if (FX(fastec_hash_init)(&s->h, s->md) != FASTEC_OK) return 0;
        s->hashing = 1;
    }
    return 1;
}

static int sigalg_sign_init(void *c, void *k, const OSSL_PARAM p[]) { return sigalg_init(c, k, p, OP_SIGN, 0); }
static int sigalg_verify_init(void *c, void *k, const OSSL_PARAM p[]) { return sigalg_init(c, k, p, OP_VERIFY, 0); }
static int sigalg_sign_msg_init(void *c, void *k, const OSSL_PARAM p[]) { return sigalg_init(c, k, p, OP_SIGN, 1); }
static int sigalg_verify_msg_init(void *c, void *k, const OSSL_PARAM p[])
{
    return sigalg_init(c, k, p, OP_VERIFY, 1);
}

static int sigalg_msg_update(void *vctx, const unsigned char *in, size_t len)
{
    fx_sig *s = vctx;
    if (s && s->fb)
        return s->op == OP_SIGN ? SIGF(s, SIGN_MESSAGE_UPDATE, fx_sig_msg_update_fn)(s->fbctx, in, len)
                                : SIGF(s, VERIFY_MESSAGE_UPDATE, fx_sig_msg_update_fn)(s->fbctx, in, len);
    return sig_digest_update(vctx, in, len);
}

static int sigalg_sign_msg_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    fx_sig *s = vctx;
    if (s && s->fb) return SIGF(s, SIGN_MESSAGE_FINAL, fx_sig_sign_msg_final_fn)(s->fbctx, sig, siglen, sigsize);
    return sig_digest_sign_final(vctx, sig, siglen, sigsize);
}

static int sigalg_verify_msg_final(void *vctx)
{
    fx_sig *s = vctx;
    if (!s) return 0;
    if (s->fb) return SIGF(s, VERIFY_MESSAGE_FINAL, fx_sig_verify_msg_final_fn)(s->fbctx);
    if (!s->vsig) {
        FX_RAISE(s->prov, FX_R_NOT_INITIALIZED, "verify-message final without a signature");
        return 0;
    }
    return sig_digest_verify_final(s, s->vsig, s->vsiglen);
}

static const char **sigalg_query_key_types(void)
{
    static const char *types[] = {"EC", NULL};
    return types;
}

static const OSSL_PARAM *sigalg_settable_ctx_params(void *vctx, void *provctx)
{
    const fx_sig *s = vctx;
    /* the signature to verify a message against; nonce-type where the
     * running OpenSSL's ECDSA has it */
    static const OSSL_PARAM sig_nt[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_SIGNATURE, NULL, 0),
                                        OSSL_PARAM_uint(OSSL_SIGNATURE_PARAM_NONCE_TYPE, NULL), OSSL_PARAM_END};
    static const OSSL_PARAM sig_only[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_SIGNATURE, NULL, 0),
                                          OSSL_PARAM_END};
    static const OSSL_PARAM nt[] = {OSSL_PARAM_uint(OSSL_SIGNATURE_PARAM_NONCE_TYPE, NULL), OSSL_PARAM_END};
    if (s && s->fb) return SIG(s, SETTABLE_CTX_PARAMS, settable_ctx_params)(s->fbctx, provctx);
    const fx_prov *p = provctx;
    const int nonce = p && p->fb.nonce_type;
    if (s && s->msg && s->op == OP_VERIFY) return nonce ? sig_nt : sig_only;
    return nonce ? nt : NULL;
}

FX_RELAYED(int, sigalg_sign_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sigalg_verify_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sigalg_sign_msg_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sigalg_verify_msg_init, (void *c, void *k, const OSSL_PARAM p[]), (c, k, p), c)
FX_RELAYED(int, sigalg_msg_update, (void *c, const unsigned char *d, size_t l), (c, d, l), c)
FX_RELAYED(int, sigalg_sign_msg_final, (void *c, unsigned char *sig, size_t *sl, size_t ss), (c, sig, sl, ss), c)
FX_RELAYED(int, sigalg_verify_msg_final, (void *c), (c), c)

#define SIGALG_FUNCTIONS(i)                                                                                    \
    static void *sigalg_newctx_##i(void *provctx, const char *propq) { return sigalg_newctx(provctx, propq, i); } \
    static const OSSL_DISPATCH sigalg_functions_##i[] = {                                                      \
        {OSSL_FUNC_SIGNATURE_NEWCTX, (fx_fn)sigalg_newctx_##i},                                                \
        {OSSL_FUNC_SIGNATURE_SIGN_INIT, (fx_fn)sigalg_sign_init_relayed},                                              \
        {OSSL_FUNC_SIGNATURE_SIGN, (fx_fn)sig_sign_relayed},                                                           \
        {OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT, (fx_fn)sigalg_sign_msg_init_relayed},                                  \
        {OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_UPDATE, (fx_fn)sigalg_msg_update_relayed},                                   \
        {OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_FINAL, (fx_fn)sigalg_sign_msg_final_relayed},                                \
        {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (fx_fn)sigalg_verify_init_relayed},                                          \
        {OSSL_FUNC_SIGNATURE_VERIFY, (fx_fn)sig_verify_relayed},                                                       \
        {OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT, (fx_fn)sigalg_verify_msg_init_relayed},                              \
        {OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_UPDATE, (fx_fn)sigalg_msg_update_relayed},                                 \
        {OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_FINAL, (fx_fn)sigalg_verify_msg_final_relayed},                            \
        {OSSL_FUNC_SIGNATURE_FREECTX, (fx_fn)sig_freectx},                                                     \
        {OSSL_FUNC_SIGNATURE_DUPCTX, (fx_fn)sig_dupctx},                                                       \
        {OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES, (fx_fn)sigalg_query_key_types},                                  \
        {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (fx_fn)sig_get_ctx_params_relayed},                                       \
        {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (fx_fn)sig_gettable_ctx_params},                             \
        {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (fx_fn)sig_set_ctx_params_relayed},                                       \
        {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (fx_fn)sigalg_settable_ctx_params},                          \
        {0, NULL}}

SIGALG_FUNCTIONS(0);
SIGALG_FUNCTIONS(1);
SIGALG_FUNCTIONS(2);
SIGALG_FUNCTIONS(3);
SIGALG_FUNCTIONS(4);
SIGALG_FUNCTIONS(5);
SIGALG_FUNCTIONS(6);
SIGALG_FUNCTIONS(7);
SIGALG_FUNCTIONS(8);
SIGALG_FUNCTIONS(9);
SIGALG_FUNCTIONS(10);
SIGALG_FUNCTIONS(11);

const OSSL_DISPATCH *const fx_ecdsa_sigalg_functions[FX_SIGALGS] = {
    sigalg_functions_0, sigalg_functions_1, sigalg_functions_2, sigalg_functions_3,
    sigalg_functions_4, sigalg_functions_5, sigalg_functions_6, sigalg_functions_7,
    sigalg_functions_8, sigalg_functions_9, sigalg_functions_10, sigalg_functions_11};
