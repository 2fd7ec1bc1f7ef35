/* SPDX-License-Identifier: Apache-2.0 */
/* The provider as a superset of OpenSSL's EC: one list of EC operations runs
 * twice, in a library context with the default provider alone and in one
 * configured by the shipped openssl.cnf (fastec preferred), and every outcome
 * must be the same: return values, whether the error queue is empty, secrets,
 * exported parameters, PEM/DER/text encodings, key parameters, verification
 * verdicts. Signatures are random in OpenSSL and hedged in fastec (random too), so
 * a signature is checked by verifying it in the reference context rather
 * than compared byte for byte. Curves: fastec's 20, curves it lacks
 * (secp256k1, brainpoolP256r1, brainpoolP384r1, prime239v1) and keys with
 * explicit parameters; digests MD5, SHA-1, SHA-2, SHA-3 and SM3; ECDH plain,
 * cofactor, X9.63 KDF with SHA-256, MD5 and SM3.
 * fastec's counters show where its code ran: its own operations for its
 * curves and digests, OpenSSL's (the fallback counter) for the rest.
 * Then TLS: every group the default provider offers is negotiated between a
 * server and a client with fastec on the server's side, the client's, or
 * both, and the group agreed on must be the one agreed on without fastec.
 * usage: test_provider_superset FASTEC_OPENSSL_CNF */
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/param_build.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <stdarg.h>

#include "testossl.h"
#include "gen/provider_curves.h"
#include "testutil.h"

static OSSL_LIB_CTX *ref_ctx, *fx_ctx;
static OSSL_PROVIDER *fx_prov;

/* ---- the transcript of one run ---- */
static char *tr;
static size_t tr_len, tr_cap;

static void note(const char *fmt, ...)
{
    char line[8192];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n >= sizeof line) n = sizeof line - 1;
    if (tr_len + (size_t)n + 2 > tr_cap) {
        tr_cap = (tr_cap + (size_t)n + 2) * 2;
        tr = realloc(tr, tr_cap);
        if (!tr) abort();
    }
    memcpy(tr + tr_len, line, (size_t)n);
    tr_len += (size_t)n;
    tr[tr_len++] = '\n';
    tr[tr_len] = '\0';
}

/* the error queue's state after an operation (empty or not), then cleared */
static int errq(void)
{
    int e = ERR_peek_error() != 0;
    ERR_clear_error();
    return e;
}

static void hexs(char *out, size_t cap, const unsigned char *p, size_t n)
{
    size_t i = 0;
    for (; i < n && 2 * i + 3 < cap; i++) sprintf(out + 2 * i, "%02x", p[i]);
    out[2 * i] = '\0';
}

static unsigned long counter(const char *what) { return t_fastec_counter(fx_prov, what); }

/* ---- inputs, made once in the reference context ---- */
static char *pem_of(EVP_PKEY *k, int selection, const char *structure)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(k, selection, "PEM", structure, NULL);
    unsigned char *d = NULL;
    size_t n = 0;
    if (!e || !OSSL_ENCODER_to_data(e, &d, &n)) d = NULL;
    OSSL_ENCODER_CTX_free(e);
    char *s = d ? OPENSSL_strndup((char *)d, n) : NULL;
    OPENSSL_free(d);
    return s;
}

static EVP_PKEY *load(OSSL_LIB_CTX *ctx, const char *pem, int selection)
{
    EVP_PKEY *k = NULL;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&k, "PEM", NULL, "EC", selection, ctx, NULL);
    const unsigned char *p = (const unsigned char *)pem;
    size_t n = strlen(pem);
    if (d) OSSL_DECODER_from_data(d, &p, &n);
    OSSL_DECODER_CTX_free(d);
    return k;
}

static EVP_PKEY *keygen(OSSL_LIB_CTX *ctx, const char *group, int explicit_enc)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
    if (c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_CTX_set_group_name(c, group) > 0 &&
        (!explicit_enc || EVP_PKEY_CTX_set_ec_param_enc(c, OPENSSL_EC_EXPLICIT_CURVE) > 0))
        EVP_PKEY_generate(c, &k);
    EVP_PKEY_CTX_free(c);
    return k;
}

static const char *const digests[] = {"MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-256", "SM3"};
#define N_DIGESTS (sizeof digests / sizeof digests[0])

typedef struct {
    const char *label;
    char *priv_pem, *pub_pem, *peer_priv_pem, *peer_pub_pem, *params_pem;
    unsigned char sig[N_DIGESTS][200]; /* reference signatures of msg, DigestSign */
    size_t siglen[N_DIGESTS];
    int fastec; /* fastec serves this curve */
} fixture;

static const unsigned char msg[] = "the quick brown fox jumps over the lazy dog";

static int make_fixture(fixture *f, const char *label, const char *group, int explicit_enc, int fastec)
{
    memset(f, 0, sizeof *f);
    f->label = label;
    f->fastec = fastec;
    EVP_PKEY *a = keygen(ref_ctx, group, explicit_enc), *b = keygen(ref_ctx, group, explicit_enc);
    if (!a || !b) {
        EVP_PKEY_free(a);
        EVP_PKEY_free(b);
        return 0;
    }
    f->priv_pem = pem_of(a, EVP_PKEY_KEYPAIR, "PrivateKeyInfo");
    f->pub_pem = pem_of(a, EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo");
    f->peer_priv_pem = pem_of(b, EVP_PKEY_KEYPAIR, "PrivateKeyInfo");
    f->peer_pub_pem = pem_of(b, EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo");
    f->params_pem = pem_of(a, EVP_PKEY_KEY_PARAMETERS, "type-specific");
    for (size_t i = 0; i < N_DIGESTS; i++) {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        f->siglen[i] = sizeof f->sig[i];
        if (!m || EVP_DigestSignInit_ex(m, NULL, digests[i], ref_ctx, NULL, a, NULL) <= 0 ||
            EVP_DigestSign(m, f->sig[i], &f->siglen[i], msg, sizeof msg) <= 0)
            f->siglen[i] = 0;
        EVP_MD_CTX_free(m);
    }
    ERR_clear_error();
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    return f->priv_pem && f->pub_pem && f->peer_priv_pem && f->peer_pub_pem && f->params_pem;
}

/* ---- the operations ---- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the exported parameters, one "name = value" line each, in name order (the
 * order of an OSSL_PARAM array carries no meaning) */
static void note_params(const char *what, EVP_PKEY *k, int selection)
{
    OSSL_PARAM *params = NULL;
    int rc = k ? EVP_PKEY_todata(k, selection, &params) : -9;
    note("%s todata %d err %d", what, rc, errq());
    char *lines[64];
    size_t n = 0;
    for (OSSL_PARAM *p = params; p && p->key && n < 64; p++) {
        char v[1200] = "";
        int64_t iv;
        if (p->data_type == OSSL_PARAM_UTF8_STRING)
            snprintf(v, sizeof v, "%.*s", (int)p->data_size, (const char *)p->data);
        else if (p->data_type == OSSL_PARAM_OCTET_STRING)
            hexs(v, sizeof v, p->data, p->data_size);
        else if (p->data_size <= sizeof iv && OSSL_PARAM_get_int64(p, &iv))
            snprintf(v, sizeof v, "%lld", (long long)iv);
        else if (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER || p->data_type == OSSL_PARAM_INTEGER) {
            BIGNUM *bn = NULL;
            if (OSSL_PARAM_get_BN(p, &bn)) {
                char *h = BN_bn2hex(bn);
                snprintf(v, sizeof v, "%s", h ? h : "?");
                OPENSSL_free(h);
            }
            BN_free(bn);
        }
        size_t l = strlen(p->key) + strlen(v) + 4;
        lines[n] = malloc(l);
        if (lines[n]) snprintf(lines[n++], l, "%s = %s", p->key, v);
    }
    qsort(lines, n, sizeof lines[0], by_name);
    /* a repeated identical entry (OpenSSL 3.0's EC export lists point-format
     * twice) cannot be told apart by OSSL_PARAM_locate: noted once */
    for (size_t i = 0; i < n; i++) {
        if (!i || strcmp(lines[i], lines[i - 1])) note("  %s", lines[i]);
    }
    for (size_t i = 0; i < n; i++) free(lines[i]);
    OSSL_PARAM_free(params);
}

static void note_encodings(const char *what, EVP_PKEY *k)
{
    static const struct {
        int selection;
        const char *type, *structure;
    } enc[] = {{EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo"}, {EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo"},
               {EVP_PKEY_KEYPAIR, "PEM", "type-specific"},  {EVP_PKEY_PUBLIC_KEY, "PEM", "SubjectPublicKeyInfo"},
               {EVP_PKEY_PUBLIC_KEY, "DER", "SubjectPublicKeyInfo"}, {EVP_PKEY_KEY_PARAMETERS, "PEM", "type-specific"},
               {EVP_PKEY_KEYPAIR, "TEXT", NULL}, {EVP_PKEY_PUBLIC_KEY, "TEXT", NULL}};
    for (size_t i = 0; i < sizeof enc / sizeof enc[0]; i++) {
        OSSL_ENCODER_CTX *e = k ? OSSL_ENCODER_CTX_new_for_pkey(k, enc[i].selection, enc[i].type, enc[i].structure, NULL)
                                : NULL;
        unsigned char *d = NULL;
        size_t n = 0;
        int rc = e ? OSSL_ENCODER_to_data(e, &d, &n) : -9;
        char *h = malloc(2 * n + 3);
        if (h) hexs(h, 2 * n + 3, d, n);
        note("%s encode %s %s: %d err %d %s", what, enc[i].type, enc[i].structure ? enc[i].structure : "-", rc,
             errq(), h ? h : "");
        free(h);
        OPENSSL_free(d);
        OSSL_ENCODER_CTX_free(e);
    }
    BIO *b = BIO_new(BIO_s_mem());
    char *d = NULL;
    int r1 = k ? EVP_PKEY_print_private(b, k, 0, NULL) : -9, r2 = k ? EVP_PKEY_print_public(b, k, 0, NULL) : -9,
        r3 = k ? EVP_PKEY_print_params(b, k, 0, NULL) : -9;
    long n = BIO_get_mem_data(b, &d);
    note("%s print %d %d %d err %d %.*s", what, r1, r2, r3, errq(), (int)n, d ? d : "");
    BIO_free(b);
}

static void note_get_params(const char *what, EVP_PKEY *k)
{
    static const char *const ints[] = {OSSL_PKEY_PARAM_BITS, OSSL_PKEY_PARAM_SECURITY_BITS, OSSL_PKEY_PARAM_MAX_SIZE,
                                       OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS,
                                       OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC,
                                       "security-category", "ec-field-degree"};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        int v = -1;
        OSSL_PARAM p[] = {OSSL_PARAM_construct_int(ints[i], &v), OSSL_PARAM_construct_end()};
        int rc = EVP_PKEY_get_params(k, p);
        note("%s get %s: %d %d modified %d err %d", what, ints[i], rc, v, OSSL_PARAM_modified(p), errq());
    }
    static const char *const strs[] = {OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PKEY_PARAM_DEFAULT_DIGEST,
                                       OSSL_PKEY_PARAM_EC_ENCODING, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                       OSSL_PKEY_PARAM_EC_FIELD_TYPE};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        char v[128] = "";
        OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(strs[i], v, sizeof v), OSSL_PARAM_construct_end()};
        int rc = EVP_PKEY_get_params(k, p);
        note("%s get %s: %d %s err %d", what, strs[i], rc, v, errq());
    }
    static const char *const octs[] = {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY};
    for (size_t i = 0; i < sizeof octs / sizeof octs[0]; i++) {
        unsigned char v[160];
        size_t n = 0;
        char h[330];
        OSSL_PARAM p[] = {OSSL_PARAM_construct_octet_string(octs[i], v, sizeof v), OSSL_PARAM_construct_end()};
        int rc = EVP_PKEY_get_params(k, p);
        n = OSSL_PARAM_modified(p) ? p[0].return_size : 0;
        hexs(h, sizeof h, v, n < sizeof v ? n : 0);
        note("%s get %s: %d %s err %d", what, octs[i], rc, h, errq());
    }
}

/* verification of sig in the reference context: the judge of every signature */
static int ref_verifies(const char *pub_pem, const char *md, const unsigned char *sig, size_t siglen)
{
    EVP_PKEY *k = load(ref_ctx, pub_pem, EVP_PKEY_PUBLIC_KEY);
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = k && m && EVP_DigestVerifyInit_ex(m, NULL, md, ref_ctx, NULL, k, NULL) > 0 &&
             EVP_DigestVerify(m, sig, siglen, msg, sizeof msg) == 1;
    EVP_MD_CTX_free(m);
    EVP_PKEY_free(k);
    ERR_clear_error();
    return ok;
}

static void ops_sign_verify(OSSL_LIB_CTX *ctx, const fixture *f, EVP_PKEY *priv, EVP_PKEY *pub)
{
    for (size_t i = 0; i < N_DIGESTS; i++) {
        const char *md = digests[i];
        /* DigestSign, judged by the reference */
        unsigned char sig[200];
        size_t siglen = sizeof sig;
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        int r1 = EVP_DigestSignInit_ex(m, NULL, md, ctx, NULL, priv, NULL);
        int r2 = r1 > 0 ? EVP_DigestSign(m, sig, &siglen, msg, sizeof msg) : -9;
        note("%s digestsign %s: %d %d err %d verifies %d", f->label, md, r1, r2, errq(),
             r2 > 0 && ref_verifies(f->pub_pem, md, sig, siglen));
        EVP_MD_CTX_free(m);
        /* pre-hashed sign with the digest set on the context */
        unsigned char dg[64];
        unsigned int dglen = 0;
        const EVP_MD *mdp = EVP_MD_fetch(ref_ctx, md, NULL);
        int hashed = mdp && EVP_Digest(msg, sizeof msg, dg, &dglen, mdp, NULL);
        EVP_MD_free((EVP_MD *)mdp);
        ERR_clear_error();
        if (hashed) {
            EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, priv, NULL);
            siglen = sizeof sig;
            int s1 = c ? EVP_PKEY_sign_init(c) : -9;
            int s2 = s1 > 0 ? EVP_PKEY_CTX_set_signature_md(c, EVP_get_digestbyname(md)) : -9;
            int s3 = s1 > 0 ? EVP_PKEY_sign(c, sig, &siglen, dg, dglen) : -9;
            note("%s sign prehashed %s: %d %d %d err %d verifies %d", f->label, md, s1, s2, s3, errq(),
                 s3 > 0 && ref_verifies(f->pub_pem, md, sig, siglen));
            EVP_PKEY_CTX_free(c);
            /* pre-hashed verification of the reference signature */
            c = EVP_PKEY_CTX_new_from_pkey(ctx, pub, NULL);
            int v1 = c ? EVP_PKEY_verify_init(c) : -9;
            int v2 = v1 > 0 ? EVP_PKEY_CTX_set_signature_md(c, EVP_get_digestbyname(md)) : -9;
            int v3 = v1 > 0 && f->siglen[i] ? EVP_PKEY_verify(c, f->sig[i], f->siglen[i], dg, dglen) : -9;
            note("%s verify prehashed %s: %d %d %d err %d", f->label, md, v1, v2, v3, errq());
            EVP_PKEY_CTX_free(c);
        }
        if (!f->siglen[i]) continue;
        /* DigestVerify: the reference signature, a tampered message, malformed signatures */
        unsigned char bad[202];
        const struct {
            const char *what;
            const unsigned char *m;
            size_t mlen;
            size_t slen;
            int mode; /* 0 as is, 1 last byte flipped, 2 a trailing byte, 3 truncated */
        } cases[] = {{"good", msg, sizeof msg, f->siglen[i], 0},
                     {"tampered message", msg, sizeof msg - 1, f->siglen[i], 0},
                     {"flipped signature", msg, sizeof msg, f->siglen[i], 1},
                     {"trailing byte", msg, sizeof msg, f->siglen[i] + 1, 2},
                     {"truncated", msg, sizeof msg, f->siglen[i] - 3, 3}};
        for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
            memcpy(bad, f->sig[i], f->siglen[i]);
            if (cases[j].mode == 1) bad[f->siglen[i] - 1] ^= 1;
            if (cases[j].mode == 2) bad[f->siglen[i]] = 0;
            m = EVP_MD_CTX_new();
            int v1 = EVP_DigestVerifyInit_ex(m, NULL, md, ctx, NULL, pub, NULL);
            int v2 = v1 > 0 ? EVP_DigestVerify(m, bad, cases[j].slen, cases[j].m, cases[j].mlen) : -9;
            note("%s digestverify %s %s: %d %d err %d", f->label, md, cases[j].what, v1, v2, errq());
            EVP_MD_CTX_free(m);
        }
    }
}

static void ops_derive(OSSL_LIB_CTX *ctx, const fixture *f, EVP_PKEY *priv, EVP_PKEY *peer)
{
    static const struct {
        const char *what, *kdf_md;
        int cofactor;
    } cases[] = {{"plain", NULL, -1}, {"cofactor", NULL, 1}, {"x963 SHA256", "SHA256", -1},
                 {"x963 SHA3-256", "SHA3-256", -1}, {"x963 MD5", "MD5", -1}, {"x963 SM3", "SM3", -1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, priv, NULL);
        unsigned char z[200];
        size_t zlen = sizeof z;
        int r1 = c ? EVP_PKEY_derive_init(c) : -9, r2 = -9, r3 = -9, r4 = -9;
        if (r1 > 0 && cases[i].cofactor >= 0) r2 = EVP_PKEY_CTX_set_ecdh_cofactor_mode(c, cases[i].cofactor);
        if (r1 > 0 && cases[i].kdf_md) {
            unsigned char ukm[] = "fastec";
            size_t outlen = 40;
            OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, (char *)"X963KDF", 0),
                              OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, (char *)cases[i].kdf_md, 0),
                              OSSL_PARAM_construct_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, &outlen),
                              OSSL_PARAM_construct_octet_string(OSSL_EXCHANGE_PARAM_KDF_UKM, ukm, 6),
                              OSSL_PARAM_construct_end()};
            r2 = EVP_PKEY_CTX_set_params(c, p);
        }
        if (r1 > 0) r3 = EVP_PKEY_derive_set_peer(c, peer);
        if (r3 > 0) r4 = EVP_PKEY_derive(c, z, &zlen);
        char h[420];
        hexs(h, sizeof h, z, r4 > 0 ? zlen : 0);
        note("%s derive %s: %d %d %d %d err %d %s", f->label, cases[i].what, r1, r2, r3, r4, errq(), h);
        EVP_PKEY_CTX_free(c);
    }
}

static void ops_checks(OSSL_LIB_CTX *ctx, const fixture *f, EVP_PKEY *priv, EVP_PKEY *pub)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, priv, NULL);
    int a = c ? EVP_PKEY_check(c) : -9, b = c ? EVP_PKEY_private_check(c) : -9, d = c ? EVP_PKEY_pairwise_check(c) : -9;
    EVP_PKEY_CTX_free(c);
    c = EVP_PKEY_CTX_new_from_pkey(ctx, pub, NULL);
    int e = c ? EVP_PKEY_public_check(c) : -9, g = c ? EVP_PKEY_param_check(c) : -9;
    EVP_PKEY_CTX_free(c);
    note("%s checks %d %d %d %d %d err %d", f->label, a, b, d, e, g, errq());
    note("%s eq %d", f->label, EVP_PKEY_eq(priv, pub));
    ERR_clear_error();
}

/* key generation (by group, from a parameters object and from a parameters
 * file): the outcome and the new key's parameters; random keys are judged
 * by the reference context's check */
static void ops_keygen(OSSL_LIB_CTX *ctx, const fixture *f, const char *group, int explicit_enc)
{
    EVP_PKEY *k = keygen(ctx, group, explicit_enc);
    note("%s keygen %d err %d", f->label, k != NULL, errq());
    if (k) {
        char *pem = pem_of(k, EVP_PKEY_KEYPAIR, "PrivateKeyInfo");
        EVP_PKEY *r = pem ? load(ref_ctx, pem, EVP_PKEY_KEYPAIR) : NULL;
        EVP_PKEY_CTX *c = r ? EVP_PKEY_CTX_new_from_pkey(ref_ctx, r, NULL) : NULL;
        note("%s keygen valid for OpenSSL %d", f->label, c && EVP_PKEY_check(c) == 1);
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(r);
        OPENSSL_free(pem);
        char g[80] = "";
        size_t gl = 0;
        note("%s keygen group %d %s bits %d", f->label, EVP_PKEY_get_group_name(k, g, sizeof g, &gl), g,
             EVP_PKEY_get_bits(k));
        ERR_clear_error();
    }
    EVP_PKEY_free(k);
    /* from the parameters file */
    EVP_PKEY *params = load(ctx, f->params_pem, EVP_PKEY_KEY_PARAMETERS);
    EVP_PKEY_CTX *c = params ? EVP_PKEY_CTX_new_from_pkey(ctx, params, NULL) : NULL;
    k = NULL;
    int r1 = c ? EVP_PKEY_keygen_init(c) : -9, r2 = r1 > 0 ? EVP_PKEY_generate(c, &k) : -9;
    note("%s keygen from parameters %d %d %d err %d", f->label, params != NULL, r1, r2, errq());
    if (k) note_params("  generated from parameters (domain)", k, EVP_PKEY_KEY_PARAMETERS);
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(params);
    /* parameter generation, then a key from the parameters object */
    c = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
    params = NULL;
    k = NULL;
    r1 = c ? EVP_PKEY_paramgen_init(c) : -9;
    r2 = r1 > 0 ? EVP_PKEY_CTX_set_group_name(c, group) : -9;
    int r3 = r2 > 0 ? EVP_PKEY_paramgen(c, &params) : -9;
    EVP_PKEY_CTX_free(c);
    c = params ? EVP_PKEY_CTX_new_from_pkey(ctx, params, NULL) : NULL;
    int r4 = c ? EVP_PKEY_keygen_init(c) : -9, r5 = r4 > 0 ? EVP_PKEY_generate(c, &k) : -9;
    note("%s paramgen then keygen %d %d %d %d %d err %d", f->label, r1, r2, r3, r4, r5, errq());
    if (params) note_params("  paramgen", params, EVP_PKEY_KEY_PARAMETERS);
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(params);
}

/* the whole list for one fixture, in ctx */
static void run(OSSL_LIB_CTX *ctx, const fixture *f, const char *group, int explicit_enc)
{
    EVP_PKEY *priv = load(ctx, f->priv_pem, EVP_PKEY_KEYPAIR), *pub = load(ctx, f->pub_pem, EVP_PKEY_PUBLIC_KEY);
    EVP_PKEY *peer = load(ctx, f->peer_pub_pem, EVP_PKEY_PUBLIC_KEY);
    note("%s load %d %d %d err %d", f->label, priv != NULL, pub != NULL, peer != NULL, errq());
    if (!priv || !pub || !peer) goto out;
    /* a copy through parameters (import into the context's preferred key management) */
    OSSL_PARAM *params = NULL;
    EVP_PKEY *imp = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
    int t1 = EVP_PKEY_todata(priv, EVP_PKEY_KEYPAIR, &params);
    int t2 = c ? EVP_PKEY_fromdata_init(c) : -9, t3 = t2 > 0 ? EVP_PKEY_fromdata(c, &imp, EVP_PKEY_KEYPAIR, params) : -9;
    note("%s fromdata %d %d %d err %d", f->label, t1, t2, t3, errq());
    EVP_PKEY_CTX_free(c);
    OSSL_PARAM_free(params);
    /* a public key imported under the private-key selection bit (as OpenSSL's
     * hybrid ML-KEM groups import their EC halves): OpenSSL's EC keeps it */
    {
        unsigned char pubenc[200];
        size_t publen = 0;
        char group[80] = "";
        EVP_PKEY *half = NULL;
        if (EVP_PKEY_get_octet_string_param(pub, OSSL_PKEY_PARAM_PUB_KEY, pubenc, sizeof pubenc, &publen) &&
            EVP_PKEY_get_utf8_string_param(pub, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, NULL)) {
            OSSL_PARAM hp[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, 0),
                               OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pubenc, publen),
                               OSSL_PARAM_construct_end()};
            c = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
            int h1 = c ? EVP_PKEY_fromdata_init(c) : -9;
            int h2 = h1 > 0 ? EVP_PKEY_fromdata(c, &half,
                                                OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS | OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
                                                hp)
                            : -9;
            unsigned char got[200];
            size_t gotlen = 0;
            int h3 = half ? EVP_PKEY_get_octet_string_param(half, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, got, sizeof got,
                                                            &gotlen)
                          : -9;
            note("%s public key under the private bit: %d %d %d same %d err %d", f->label, h1, h2, h3,
                 h3 > 0 && gotlen == publen && !memcmp(got, pubenc, publen), errq());
            EVP_PKEY_CTX_free(c);
            EVP_PKEY_free(half);
        }
        ERR_clear_error();
    }
    note_params("private", priv, EVP_PKEY_KEYPAIR);
    note_params("public", pub, EVP_PKEY_PUBLIC_KEY);
    note_params("imported", imp, EVP_PKEY_KEYPAIR);
    note_encodings("private", priv);
    note_encodings("public", pub);
    note_get_params("private", priv);
    note_get_params("public", pub);
    ops_checks(ctx, f, priv, pub);
    ops_sign_verify(ctx, f, imp ? imp : priv, pub);
    ops_derive(ctx, f, priv, peer);
    ops_keygen(ctx, f, group, explicit_enc);
    EVP_PKEY_free(imp);
out:
    EVP_PKEY_free(priv);
    EVP_PKEY_free(pub);
    EVP_PKEY_free(peer);
    ERR_clear_error();
}

static void compare(const char *label, const char *a, const char *b)
{
    int same = !strcmp(a, b);
    CHECK(same, "%s: outcomes differ with fastec preferred", label);
    if (same) return;
    /* the first differing line; SUPERSET_OUT=DIR keeps both transcripts */
    const char *p = a, *q = b;
    while (*p && *p == *q) p++, q++;
    while (p > a && p[-1] != '\n') p--, q--;
    const char *pe = strchr(p, '\n'), *qe = strchr(q, '\n');
    fprintf(stderr, "  default: %.*s\n  fastec:  %.*s\n", (int)(pe ? pe - p : 300) > 300 ? 300 : (int)(pe ? pe - p : 300), p,
            (int)(qe ? qe - q : 300) > 300 ? 300 : (int)(qe ? qe - q : 300), q);
    const char *dir = getenv("SUPERSET_OUT");
    if (dir) {
        char path[512];
        const char *const side[2] = {"default", "fastec"};
        for (int i = 0; i < 2; i++) {
            snprintf(path, sizeof path, "%s/%s.%s", dir, label, side[i]);
            FILE *f = fopen(path, "w");
            if (f) {
                fputs(i ? b : a, f);
                fclose(f);
            }
        }
    }
}

/* ---- a key from its private scalar alone (EVP_PKEY_fromdata with
 * "priv" only): the key checks and its encoding give what OpenSSL's EC
 * gives (in 3.0: no public key, so every check fails and there is nothing
 * to encode) ---- */
static void private_alone(const char *group)
{
    static const unsigned char d[] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0x10, 0x32, 0x54,
                                      0x76, 0x98, 0xba, 0xdc, 0xfe, 0x01, 0x02, 0x03, 0x04};
    char got[2][160];
    OSSL_LIB_CTX *ctx[2] = {ref_ctx, fx_ctx};
    for (int i = 0; i < 2; i++) {
        BIGNUM *bn = BN_bin2bn(d, sizeof d, NULL);
        OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
        OSSL_PARAM *params = NULL;
        EVP_PKEY *k = NULL;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx[i], "EC", NULL);
        if (bn && b && OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) &&
            OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, bn))
            params = OSSL_PARAM_BLD_to_param(b);
        int made = params && c && EVP_PKEY_fromdata_init(c) > 0 &&
                   EVP_PKEY_fromdata(c, &k, EVP_PKEY_KEYPAIR, params) > 0;
        EVP_PKEY_CTX *kc = k ? EVP_PKEY_CTX_new_from_pkey(ctx[i], k, NULL) : NULL;
        int chk = kc ? EVP_PKEY_check(kc) : -9, pair = kc ? EVP_PKEY_pairwise_check(kc) : -9,
            pub = kc ? EVP_PKEY_public_check(kc) : -9, priv = kc ? EVP_PKEY_private_check(kc) : -9;
        char *pem = k ? pem_of(k, EVP_PKEY_KEYPAIR, "PrivateKeyInfo") : NULL;
        char *spki = k ? pem_of(k, EVP_PKEY_PUBLIC_KEY, "SubjectPublicKeyInfo") : NULL;
        snprintf(got[i], sizeof got[i], "made %d check %d pairwise %d public %d private %d pkcs8 %s spki %s", made,
                 chk, pair, pub, priv, pem ? "yes" : "no", spki ? "yes" : "no");
        ERR_clear_error();
        OPENSSL_free(pem);
        OPENSSL_free(spki);
        EVP_PKEY_CTX_free(kc);
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(k);
        OSSL_PARAM_free(params);
        OSSL_PARAM_BLD_free(b);
        BN_free(bn);
    }
    CHECK(!strcmp(got[0], got[1]), "%s key from its private scalar alone: fastec '%s', OpenSSL '%s'", group, got[1],
          got[0]);
}

/* ---- the error OpenSSL raises for a condition, raised with fastec too:
 * the first error's reason (what programs test with ERR_GET_REASON) ---- */
static unsigned long first_error(void)
{
    unsigned long e = ERR_peek_error();
    ERR_clear_error();
    return e;
}

static void error_reasons(void)
{
    unsigned long got[2][3];
    OSSL_LIB_CTX *ctx[2] = {ref_ctx, fx_ctx};
    for (int i = 0; i < 2; i++) {
        EVP_PKEY *a = EVP_PKEY_Q_keygen(ctx[i], NULL, "EC", "P-256"), *b = EVP_PKEY_Q_keygen(ctx[i], NULL, "EC", "P-384");
        /* derive between keys on two curves */
        EVP_PKEY_CTX *c = a ? EVP_PKEY_CTX_new_from_pkey(ctx[i], a, NULL) : NULL;
        ERR_clear_error();
        int r = c && EVP_PKEY_derive_init(c) > 0 ? EVP_PKEY_derive_set_peer(c, b) : -9;
        got[i][0] = r > 0 ? 0 : first_error();
        EVP_PKEY_CTX_free(c);
        /* a peer point that does not decode: x of P-256's G with a wrong prefix */
        unsigned char bad[65] = {0x05};
        EVP_PKEY *peer = NULL;
        EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(ctx[i], "EC", NULL);
        OSSL_PARAM pp[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"P-256", 0),
                           OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, bad, sizeof bad),
                           OSSL_PARAM_construct_end()};
        ERR_clear_error();
        r = pc && EVP_PKEY_fromdata_init(pc) > 0 ? EVP_PKEY_fromdata(pc, &peer, EVP_PKEY_PUBLIC_KEY, pp) : -9;
        got[i][1] = r > 0 ? 0 : first_error();
        EVP_PKEY_free(peer);
        EVP_PKEY_CTX_free(pc);
        /* a point off the curve */
        unsigned char off[65] = {0x04, 1};
        off[64] = 2;
        pc = EVP_PKEY_CTX_new_from_name(ctx[i], "EC", NULL);
        OSSL_PARAM po[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"P-256", 0),
                           OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, off, sizeof off),
                           OSSL_PARAM_construct_end()};
        peer = NULL;
        ERR_clear_error();
        r = pc && EVP_PKEY_fromdata_init(pc) > 0 ? EVP_PKEY_fromdata(pc, &peer, EVP_PKEY_PUBLIC_KEY, po) : -9;
        got[i][2] = r > 0 ? 0 : first_error();
        EVP_PKEY_free(peer);
        EVP_PKEY_CTX_free(pc);
        EVP_PKEY_free(a);
        EVP_PKEY_free(b);
    }
    static const char *const what[3] = {"derive across curves", "a peer point that does not decode",
                                        "a peer point off the curve"};
    for (int j = 0; j < 3; j++) {
        const char *rs = got[0][j] ? ERR_reason_error_string(got[0][j]) : NULL;
        CHECK(ERR_GET_REASON(got[0][j]) == ERR_GET_REASON(got[1][j]), "%s: reason %d with fastec, %d (%s) without",
              what[j], ERR_GET_REASON(got[1][j]), ERR_GET_REASON(got[0][j]), rs ? rs : "no error");
    }
}

/* ---- TLS: every group the default provider offers, negotiated between
 * a server and a client, each in the reference context or in fastec's ---- */
typedef struct {
    char name[64], alg[32];
    int maxtls;
} tls_group;
static tls_group groups[128];
static size_t ngroups;

static int collect_group(const OSSL_PARAM params[], void *arg)
{
    (void)arg;
    const OSSL_PARAM *n = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_NAME);
    const OSSL_PARAM *a = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ALG);
    const OSSL_PARAM *m = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_MAX_TLS);
    const char *ns, *as;
    int max = 0;
    if (ngroups >= sizeof groups / sizeof groups[0] || !n || !a || !OSSL_PARAM_get_utf8_string_ptr(n, &ns) ||
        !OSSL_PARAM_get_utf8_string_ptr(a, &as) || (m && !OSSL_PARAM_get_int(m, &max)) || max == -1)
        return 1; /* (a group no TLS version takes) */
    snprintf(groups[ngroups].name, sizeof groups[ngroups].name, "%s", ns);
    snprintf(groups[ngroups].alg, sizeof groups[ngroups].alg, "%s", as);
    groups[ngroups++].maxtls = max;
    return 1;
}

/* a self-signed P-256 certificate and its key, from the reference context */
static X509 *tls_cert(EVP_PKEY **key)
{
    *key = EVP_PKEY_Q_keygen(ref_ctx, NULL, "EC", "P-256");
    X509 *x = X509_new_ex(ref_ctx, NULL);
    X509_NAME *nm = X509_NAME_new();
    if (!*key || !x || !nm || !X509_NAME_add_entry_by_txt(nm, "CN", MBSTRING_ASC, (const unsigned char *)"fastec", -1, -1, 0) ||
        !X509_set_subject_name(x, nm) || !X509_set_issuer_name(x, nm) || !X509_set_pubkey(x, *key) ||
        !ASN1_INTEGER_set(X509_get_serialNumber(x), 1) || !X509_gmtime_adj(X509_getm_notBefore(x), 0) ||
        !X509_gmtime_adj(X509_getm_notAfter(x), 3600) || !X509_sign(x, *key, EVP_sha256())) {
        X509_free(x);
        x = NULL;
    }
    X509_NAME_free(nm);
    return x;
}

/* one handshake over a BIO pair: the group negotiated (its name), or "" */
static void handshake(OSSL_LIB_CTX *sctx, OSSL_LIB_CTX *cctx, const tls_group *g, X509 *cert, EVP_PKEY *key,
                      char *got, size_t cap)
{
    got[0] = '\0';
    SSL_CTX *sc = SSL_CTX_new_ex(sctx, NULL, TLS_server_method()), *cc = SSL_CTX_new_ex(cctx, NULL, TLS_client_method());
    SSL *s = NULL, *c = NULL;
    BIO *sb = NULL, *cb = NULL;
    /* TLS 1.2 for the groups TLS 1.3 does not take; there the client names
     * the certificate's curve too (TLS 1.2 ties the ECDSA key to the groups) */
    char cgroups[160];
    snprintf(cgroups, sizeof cgroups, g->maxtls == TLS1_2_VERSION ? "%s:P-256" : "%s", g->name);
    if (!sc || !cc || !SSL_CTX_use_certificate(sc, cert) || !SSL_CTX_use_PrivateKey(sc, key) ||
        !SSL_CTX_set1_groups_list(sc, g->name) || !SSL_CTX_set1_groups_list(cc, cgroups) ||
        (g->maxtls == TLS1_2_VERSION && !SSL_CTX_set_max_proto_version(cc, TLS1_2_VERSION)) ||
        !SSL_CTX_set_cipher_list(sc, "DEFAULT:@SECLEVEL=0") || !SSL_CTX_set_cipher_list(cc, "DEFAULT:@SECLEVEL=0") ||
        !(s = SSL_new(sc)) || !(c = SSL_new(cc)) || !BIO_new_bio_pair(&sb, 0, &cb, 0))
        goto done;
    SSL_set_bio(s, sb, sb);
    SSL_set_bio(c, cb, cb);
    sb = cb = NULL;
    SSL_set_accept_state(s);
    SSL_set_connect_state(c);
    int sdone = 0, cdone = 0;
    for (int i = 0; i < 64 && !(sdone && cdone); i++) {
        if (!cdone) {
            int r = SSL_do_handshake(c);
            if (r == 1) cdone = 1;
            else if (SSL_get_error(c, r) != SSL_ERROR_WANT_READ) break;
        }
        if (!sdone) {
            int r = SSL_do_handshake(s);
            if (r == 1) sdone = 1;
            else if (SSL_get_error(s, r) != SSL_ERROR_WANT_READ) break;
        }
    }
    if (sdone && cdone) {
        int nid = SSL_get_shared_group(s, 0);
        const char *n = nid ? SSL_group_to_name(s, nid) : NULL;
        snprintf(got, cap, "%s", n ? n : "?");
    }
done:
    ERR_clear_error();
    SSL_free(s);
    SSL_free(c);
    BIO_free(sb);
    BIO_free(cb);
    SSL_CTX_free(sc);
    SSL_CTX_free(cc);
}

static void tls_groups(void)
{
    OSSL_PROVIDER *def = OSSL_PROVIDER_load(ref_ctx, "default");
    CHECK(def && OSSL_PROVIDER_get_capabilities(def, "TLS-GROUP", collect_group, NULL), "the default provider's groups");
    OSSL_PROVIDER_unload(def);
    EVP_PKEY *key = NULL;
    X509 *cert = tls_cert(&key);
    CHECK(cert != NULL, "a certificate");
    size_t ec = 0;
    for (size_t i = 0; cert && i < ngroups; i++) {
        char ref[64], got[64];
        handshake(ref_ctx, ref_ctx, &groups[i], cert, key, ref, sizeof ref);
        if (!strcmp(groups[i].alg, "EC")) ec++;
        static const char *const sides[3] = {"the server", "the client", "both sides"};
        for (int k = 0; k < 3; k++) {
            handshake(k != 1 ? fx_ctx : ref_ctx, k != 0 ? fx_ctx : ref_ctx, &groups[i], cert, key, got, sizeof got);
            CHECK(!strcmp(ref, got), "TLS group %s with fastec on %s: '%s', without fastec '%s'", groups[i].name,
                  sides[k], got, ref);
        }
        CHECK(ref[0] != '\0', "TLS group %s: no handshake even without fastec", groups[i].name);
    }
    printf("TLS: %zu groups (%zu EC) negotiated alike with fastec on either side or both\n", ngroups, ec);
    X509_free(cert);
    EVP_PKEY_free(key);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FASTEC_OPENSSL_CNF\n", argv[0]);
        return 2;
    }
    ref_ctx = OSSL_LIB_CTX_new();
    fx_ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *ref_def = NULL;
    if (!ref_ctx || !fx_ctx || !(ref_def = OSSL_PROVIDER_load(ref_ctx, "default")) ||
        !OSSL_LIB_CTX_load_config(fx_ctx, argv[1]) || !(fx_prov = OSSL_PROVIDER_load(fx_ctx, "fastec"))) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "cannot set up the two library contexts\n");
        return 1;
    }
    static const struct {
        const char *label, *group;
        int explicit_enc;
        int fastec; /* 1 fastec's curve; 2 fastec's curve, keys read with explicit parameters:
                     * OpenSSL's EC serves them, fastec generates new keys on the named curve */
    } curves[] = {
        /* every fastec curve (src/gen/provider_curves.h), then others */
#define FASTEC_ROW(sec2, ossl, oid, nist, tls, tls13) {ossl, ossl, 0, 1},
        FASTEC_PROVIDER_CURVES(FASTEC_ROW)
#undef FASTEC_ROW
        {"secp256k1", "secp256k1", 0, 0}, {"brainpoolP256r1", "brainpoolP256r1", 0, 0},
        {"brainpoolP384r1", "brainpoolP384r1", 0, 0}, {"prime239v1", "prime239v1", 0, 0},
        {"P-256 explicit", "prime256v1", 1, 2}, {"sect283k1 explicit", "sect283k1", 1, 2},
        {"secp256k1 explicit", "secp256k1", 1, 0}};
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        fixture f;
        if (!make_fixture(&f, curves[i].label, curves[i].group, curves[i].explicit_enc, curves[i].fastec)) {
            CHECK(0, "%s: the reference context cannot make keys", curves[i].label);
            continue;
        }
        unsigned long before[7];
        static const char *const cnt[7] = {"keygen", "sign", "verify", "derive", "fallback", "import", "check"};
        for (int j = 0; j < 7; j++) before[j] = counter(cnt[j]);
        tr_len = 0;
        run(ref_ctx, &f, curves[i].group, curves[i].explicit_enc);
        char *ref = OPENSSL_strdup(tr ? tr : "");
        tr_len = 0;
        run(fx_ctx, &f, curves[i].group, curves[i].explicit_enc);
        compare(curves[i].label, ref, tr ? tr : "");
        OPENSSL_free(ref);
        unsigned long d[7];
        for (int j = 0; j < 7; j++) d[j] = counter(cnt[j]) - before[j];
        if (curves[i].fastec == 1) {
            /* fastec's own code generated, signed (SHA-1/2/3), verified and derived;
             * OpenSSL's only for MD5 and SM3 */
            CHECK(d[0] >= 2 && d[1] >= 12 && d[2] >= 30 && d[3] >= 4, "%s: fastec ran keygen %lu sign %lu verify %lu derive %lu",
                  curves[i].label, d[0], d[1], d[2], d[3]);
            CHECK(d[4] > 0, "%s: MD5/SM3 did not go to OpenSSL's ECDSA", curves[i].label);
        } else {
            CHECK((curves[i].fastec == 2 || d[0] == 0) && d[1] == 0 && d[2] == 0 && d[3] == 0 && d[4] >= 20,
                  "%s: fastec ran keygen %lu sign %lu verify %lu derive %lu, fallback %lu", curves[i].label, d[0], d[1],
                  d[2], d[3], d[4]);
        }
        OPENSSL_free(f.priv_pem);
        OPENSSL_free(f.pub_pem);
        OPENSSL_free(f.peer_priv_pem);
        OPENSSL_free(f.peer_pub_pem);
        OPENSSL_free(f.params_pem);
    }
    tls_groups();
    error_reasons();
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        if (!curves[i].explicit_enc) private_alone(curves[i].group);
    free(tr);
    OSSL_PROVIDER_unload(fx_prov);
    OSSL_PROVIDER_unload(ref_def);
    OSSL_LIB_CTX_free(fx_ctx);
    OSSL_LIB_CTX_free(ref_ctx);
    return t_done("test_provider_superset");
}
