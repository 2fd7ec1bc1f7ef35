/* SPDX-License-Identifier: Apache-2.0 */
/* Key management for "EC": keys on fastec's curves held as SEC 1 bytes
 * (public point uncompressed, private scalar big-endian), generated, derived
 * and checked with libfastec; import and export in the parameters the default
 * provider uses, so keys move between the two. Keys fastec cannot serve (other
 * curves, explicit parameters) are held by OpenSSL's own EC key management
 * (fallback.c), every call handed on to it. Private keys are wiped when
 * freed; an import that fails leaves the key as it was. */
#include <string.h>
#include <strings.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "ct.h" /* ct_secret/ct_public: valgrind markers in the constant-time test build, no-ops otherwise */
#include "prov.h"

#define SELECT_KEYPAIR OSSL_KEYMGMT_SELECT_KEYPAIR
#define SELECT_DOMAIN OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS
#define SELECT_OTHER OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS
#define SELECT_ALL_PARAMS OSSL_KEYMGMT_SELECT_ALL_PARAMETERS

fx_key *fx_key_new(fx_prov *p)
{
    fx_key *k = OPENSSL_zalloc(sizeof *k);
    if (!k) return NULL;
    k->prov = p;
    atomic_init(&k->refs, 1);
    k->include_public = 1;
    return k;
}

int fx_key_up_ref(fx_key *k)
{
    atomic_fetch_add(&k->refs, 1);
    return 1;
}

void fx_key_hold(fx_key **slot, fx_key *k)
{
    if (*slot == k) return;
    if (k) fx_key_up_ref(k);
    fx_key_free(*slot);
    *slot = k;
}

#define KM(p, ID, type) FX_FB(p, km, OSSL_FUNC_KEYMGMT_##ID, OSSL_FUNC_keymgmt_##type##_fn)

void fx_key_free(fx_key *k)
{
    if (!k || atomic_fetch_sub(&k->refs, 1) != 1) return;
    OSSL_FUNC_keymgmt_free_fn *fr = KM(k->prov, FREE, free);
    void *twin = atomic_load(&k->twin);
    if (fr && k->fb) fr(k->fb);
    if (fr && twin) fr(twin);
    OPENSSL_clear_free(k, sizeof *k);
}

/* A group name fastec serves, and no explicit parameters: 1 if the
 * parameters name a curve only OpenSSL has (or give explicit parameters), 0
 * if they name one of fastec's, -1 if they name none. */
static int wants_openssl(const OSSL_PARAM params[])
{
    static const char *const keys[] = {OSSL_PKEY_PARAM_EC_FIELD_TYPE, OSSL_PKEY_PARAM_EC_P,
                                       OSSL_PKEY_PARAM_EC_A,          OSSL_PKEY_PARAM_EC_B,
                                       OSSL_PKEY_PARAM_EC_GENERATOR,  OSSL_PKEY_PARAM_EC_ORDER,
                                       OSSL_PKEY_PARAM_EC_COFACTOR};
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS);
    int v = 0;
    const char *name;
    if (!params) return -1;
    if (p && OSSL_PARAM_get_int(p, &v) && v) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)))
        return !(OSSL_PARAM_get_utf8_string_ptr(p, &name) && fx_curve_lookup(name));
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (OSSL_PARAM_locate_const(params, keys[i])) return 1;
    return -1;
}

static void trace_fallback(fx_prov *p, const char *what, void *fb)
{
    char g[64];
    fx_count_fallback(p, what, p->trace ? fx_fb_group(p, fb, g, sizeof g) : NULL);
}

/* Copies the settings and the curve, not the key material. */
static void copy_params(fx_key *to, const fx_key *from)
{
    to->curve = from->curve;
    to->point_format = from->point_format;
    to->explicit_encoding = from->explicit_encoding;
    to->cofactor_flag = from->cofactor_flag;
    to->include_public = from->include_public;
    to->group_check = from->group_check;
}

int fx_key_set_public(fx_key *k, const uint8_t *enc, size_t len)
{
    const fastec_curve *c = k->curve;
    if (!c) {
        FX_RAISE(k->prov, FX_R_NO_CURVE, "public key given before the curve");
        return 0;
    }
    size_t fs = FX(fastec_curve_field_size)(c), out_len = sizeof k->pub;
    uint8_t tmp[FX_MAX_PUB];
    int rc;
    if (len == 1 + 2 * fs && (enc[0] == 0x06 || enc[0] == 0x07)) {
        /* hybrid form: x and y given, and y's compression bit in the prefix;
         * decompressing x with that bit must give the same y */
        uint8_t comp[1 + FX_MAX_FIELD];
        comp[0] = (uint8_t)(0x02 | (enc[0] & 1));
        memcpy(comp + 1, enc + 1, fs);
        rc = FX(fastec_public_key_convert)(c, comp, 1 + fs, 0, tmp, &out_len);
        if (rc == FASTEC_OK && memcmp(tmp + 1, enc + 1, 2 * fs) != 0) {
            FX_RAISE(k->prov, FX_R_INVALID_PUBLIC_KEY, "hybrid point: the prefix's y bit does not match y (%s)",
                     FX(fastec_curve_name)(c));
            return 0;
        }
    } else {
        rc = FX(fastec_public_key_convert)(c, enc, len, 0, tmp, &out_len);
    }
    if (rc != FASTEC_OK) {
        FX_RAISE(k->prov, fx_reason_of(rc) == FX_R_BUFFER_TOO_SMALL ? FX_R_INVALID_PUBLIC_KEY : fx_reason_of(rc),
                 "%s public key: %s", FX(fastec_curve_name)(c), FX(fastec_strerror)(rc));
        return 0;
    }
    memcpy(k->pub, tmp, out_len);
    k->pub_len = out_len;
    k->has_pub = 1;
    return 1;
}

/* The public point of k->priv into k->pub; raises for a private key out of range. */
static int derive_public(fx_key *k)
{
    size_t len = sizeof k->pub;
    int rc = FX(fastec_public_key)(k->curve, k->priv, 0, k->pub, &len);
    if (rc != FASTEC_OK) {
        FX_RAISE(k->prov, fx_reason_of(rc), "%s private key: %s", FX(fastec_curve_name)(k->curve), FX(fastec_strerror)(rc));
        return 0;
    }
    ct_public(k->pub, len); /* a public key is public */
    k->pub_len = len;
    k->has_pub = 1;
    return 1;
}

/* ---- OSSL_PARAM helpers ---- */

static int native_little_endian(void)
{
    const uint16_t one = 1;
    uint8_t b;
    memcpy(&b, &one, 1);
    return b == 1;
}

/* An unsigned-integer parameter (native byte order, any width) to len
 * big-endian bytes; 0 if it is not one or does not fit. Touches every byte
 * the same way whatever their values (it carries private keys). */
static int param_to_be(const OSSL_PARAM *p, uint8_t *out, size_t len)
{
    if (p->data_type != OSSL_PARAM_UNSIGNED_INTEGER || !p->data) return 0;
    const uint8_t *d = p->data;
    size_t n = p->data_size, le = (size_t)native_little_endian();
    uint8_t excess = 0;
    memset(out, 0, len);
    for (size_t i = 0; i < n; i++) {
        /* significance of byte i: i from the low end in little-endian */
        size_t sig = le ? i : n - 1 - i;
        if (sig < len) out[len - 1 - sig] = d[i];
        else excess |= d[i];
    }
    return excess == 0;
}

/* len big-endian bytes to native byte order for an unsigned-integer parameter */
static void be_to_native(uint8_t *out, const uint8_t *in, size_t len)
{
    if (native_little_endian())
        for (size_t i = 0; i < len; i++) out[i] = in[len - 1 - i];
    else
        memcpy(out, in, len);
}

static const char *const point_format_names[] = {"uncompressed", "compressed", "hybrid"};

static const char *const group_check_names[] = {"default", "named", "named-nist"};

static int group_check_of(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(s, group_check_names[i])) return i;
    return -1;
}

static int point_format_of(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (!strcasecmp(s, point_format_names[i])) return i;
    return -1;
}

static int get_str(const fx_prov *prov, const OSSL_PARAM *p, const char **s)
{
    if (!OSSL_PARAM_get_utf8_string_ptr(p, s)) {
        FX_RAISE(prov, FX_R_INVALID_PARAM, "parameter '%s' must be a string", p->key);
        return 0;
    }
    return 1;
}

static int get_int(const fx_prov *prov, const OSSL_PARAM *p, int *v)
{
    if (!OSSL_PARAM_get_int(p, v)) {
        FX_RAISE(prov, FX_R_INVALID_PARAM, "parameter '%s' must be an integer", p->key);
        return 0;
    }
    return 1;
}

/* Explicit curve parameters, anywhere: refused (named curves only). */
static int refuse_explicit(const fx_prov *prov, const OSSL_PARAM params[])
{
    static const char *const keys[] = {OSSL_PKEY_PARAM_EC_FIELD_TYPE, OSSL_PKEY_PARAM_EC_P,
                                       OSSL_PKEY_PARAM_EC_A,          OSSL_PKEY_PARAM_EC_B,
                                       OSSL_PKEY_PARAM_EC_GENERATOR,  OSSL_PKEY_PARAM_EC_ORDER,
                                       OSSL_PKEY_PARAM_EC_COFACTOR,   OSSL_PKEY_PARAM_EC_SEED};
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS);
    int v = 0;
    if (p && OSSL_PARAM_get_int(p, &v) && v) {
        FX_RAISE(prov, FX_R_EXPLICIT_PARAMS, "the key was read with explicit curve parameters");
        return 0;
    }
    if (OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) return 1;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (OSSL_PARAM_locate_const(params, keys[i])) {
            FX_RAISE(prov, FX_R_EXPLICIT_PARAMS, "explicit parameter '%s' given instead of a group name", keys[i]);
            return 0;
        }
    return 1;
}

/* The domain and other parameters shared by import, set_params and key
 * generation: group (when allowed), encoding, point format, cofactor flag,
 * include-public. Writes into k only what it accepted. */
static int apply_settings(fx_key *k, const OSSL_PARAM params[], int allow_group)
{
    const OSSL_PARAM *p;
    const char *s;
    if (allow_group) {
        if (!refuse_explicit(k->prov, params)) return 0;
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME))) {
            if (!get_str(k->prov, p, &s)) return 0;
            const fastec_curve *c = fx_curve_lookup(s);
            if (!c) {
                FX_RAISE(k->prov, FX_R_UNSUPPORTED_CURVE, "group '%s'", s);
                return 0;
            }
            if (k->curve && k->curve != c && (k->has_pub || k->has_priv)) {
                FX_RAISE(k->prov, FX_R_CURVE_MISMATCH, "group '%s' for a key on %s", s, FX(fastec_curve_name)(k->curve));
                return 0;
            }
            k->curve = c;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING))) {
        if (!get_str(k->prov, p, &s)) return 0;
        if (!strcasecmp(s, OSSL_PKEY_EC_ENCODING_GROUP)) k->explicit_encoding = 0;
        else if (!strcasecmp(s, OSSL_PKEY_EC_ENCODING_EXPLICIT)) k->explicit_encoding = 1;
        else {
            FX_RAISE(k->prov, FX_R_INVALID_PARAM, "encoding '%s' (named_curve or explicit)", s);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT))) {
        if (!get_str(k->prov, p, &s)) return 0;
        int f = point_format_of(s);
        if (f < 0) {
            FX_RAISE(k->prov, FX_R_INVALID_PARAM, "point format '%s' (uncompressed, compressed or hybrid)", s);
            return 0;
        }
        k->point_format = f;
    }
    int v;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_USE_COFACTOR_ECDH))) {
        if (!get_int(k->prov, p, &v)) return 0;
        k->cofactor_flag = v != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC))) {
        if (!get_int(k->prov, p, &v)) return 0;
        k->include_public = v != 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_GROUP_CHECK_TYPE))) {
        if (!get_str(k->prov, p, &s)) return 0;
        int gc = group_check_of(s);
        if (gc < 0) {
            FX_RAISE(k->prov, FX_R_INVALID_PARAM, "group check '%s' (default, named or named-nist)", s);
            return 0;
        }
        k->group_check = gc;
    }
    return 1;
}

/* ---- key management functions ---- */

static void *km_new(void *provctx) { return fx_key_new(provctx); }
static void km_free(void *keydata) { fx_key_free(keydata); }

static int km_has(const void *keydata, int selection)
{
    const fx_key *k = keydata;
    if (!k) return 0;
    if (k->fb) return KM(k->prov, HAS, has)(k->fb, selection);
    int ok = 1;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
    if (selection & SELECT_DOMAIN) ok = ok && k->curve != NULL;
    return ok;
}

static int km_match(const void *keydata1, const void *keydata2, int selection)
{
    fx_key *a = (fx_key *)keydata1, *b = (fx_key *)keydata2;
    if (!a || !b) return 0;
    if (a->fb || b->fb) {
        OSSL_FUNC_keymgmt_match_fn *m = KM(a->prov, MATCH, match);
        void *x = fx_key_ossl(a), *y = fx_key_ossl(b);
        return m && x && y && m(x, y, selection);
    }
    int ok = 1;
    if (selection & SELECT_DOMAIN) ok = a->curve && a->curve == b->curve;
    if (selection & SELECT_KEYPAIR) {
        if (a->curve != b->curve) return 0;
        int checked = 0;
        if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && a->has_pub && b->has_pub) {
            ok = ok && a->pub_len == b->pub_len && !memcmp(a->pub, b->pub, a->pub_len);
            checked = 1;
        }
        if (!checked && (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && a->has_priv && b->has_priv) {
            ok = ok && !CRYPTO_memcmp(a->priv, b->priv, FX(fastec_curve_scalar_size)(a->curve));
            checked = 1;
        }
        ok = ok && checked;
    }
    return ok;
}

static int km_validate(const void *keydata, int selection, int checktype)
{
    (void)checktype; /* the full check is cheap: always done */
    const fx_key *k = keydata;
    if (!k) return 0;
    if (k->fb) {
        trace_fallback(k->prov, "check", k->fb);
        return KM(k->prov, VALIDATE, validate)(k->fb, selection, checktype);
    }
    if (!k->curve) {
        FX_RAISE(k->prov, FX_R_NO_CURVE, "key without a curve");
        return 0;
    }
    fx_count(k->prov, FX_CNT_CHECK, k->curve);
    if ((selection & SELECT_KEYPAIR) == 0) return 1; /* named curves are valid domain parameters */
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) {
        if (!k->has_pub) {
            FX_RAISE(k->prov, FX_R_MISSING_PUBLIC_KEY, "%s key", FX(fastec_curve_name)(k->curve));
            return 0;
        }
        int rc = FX(fastec_public_key_check)(k->curve, k->pub, k->pub_len);
        if (rc != FASTEC_OK) {
            FX_RAISE(k->prov, fx_reason_of(rc), "%s public key: %s", FX(fastec_curve_name)(k->curve),
                     FX(fastec_strerror)(rc));
            return 0;
        }
    }
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
        if (!k->has_priv) {
            FX_RAISE(k->prov, FX_R_MISSING_PRIVATE_KEY, "%s key", FX(fastec_curve_name)(k->curve));
            return 0;
        }
        /* the range [1, n-1] is checked by deriving the public key */
        uint8_t pub[FX_MAX_PUB];
        size_t len = sizeof pub;
        int rc = FX(fastec_public_key)(k->curve, k->priv, 0, pub, &len);
        ct_public(pub, sizeof pub);
        ct_public(&rc, sizeof rc);
        if (rc != FASTEC_OK) {
            FX_RAISE(k->prov, fx_reason_of(rc), "%s private key: %s", FX(fastec_curve_name)(k->curve),
                     FX(fastec_strerror)(rc));
            return 0;
        }
        if ((selection & SELECT_KEYPAIR) == SELECT_KEYPAIR &&
            (!k->has_pub || len != k->pub_len || memcmp(pub, k->pub, len) != 0)) {
            FX_RAISE(k->prov, FX_R_KEYPAIR_MISMATCH, "%s key", FX(fastec_curve_name)(k->curve));
            return 0;
        }
    }
    return 1;
}

/* OpenSSL's EC takes the import; k (empty) becomes its holder */
static int import_as_openssl(fx_key *k, int selection, const OSSL_PARAM params[])
{
    fx_prov *prov = k->prov;
    void *fb = KM(prov, NEW, new)(prov->fb.provctx);
    if (!fb) return 0;
    if (!KM(prov, IMPORT, import)(fb, selection, params)) {
        KM(prov, FREE, free)(fb);
        return 0;
    }
    k->fb = fb;
    trace_fallback(prov, "import", fb);
    return 1;
}

static int km_import_native(fx_key *k, int selection, const OSSL_PARAM params[]);

static int km_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    fx_key *k = keydata;
    if (!k) return 0;
    fx_prov *prov = k->prov;
    if (k->fb) {
        trace_fallback(prov, "import", k->fb);
        return KM(prov, IMPORT, import)(k->fb, selection, params);
    }
    /* as OpenSSL's EC: the domain parameters always come with a key */
    if (!(selection & SELECT_DOMAIN)) return 0;
    int fresh = !k->curve && !k->has_pub && !k->has_priv && prov->fb.provctx;
    if (fresh && wants_openssl(params) == 1) return import_as_openssl(k, selection, params);
    /* a key on fastec's curve that fastec refuses but OpenSSL's EC takes (a
     * point outside the order-n subgroup, which OpenSSL checks only when
     * the key is used): OpenSSL's EC holds it, and every use gives
     * OpenSSL's answer */
    if (fresh) FX_ERR_SET_MARK(prov);
    if (km_import_native(k, selection, params)) {
        if (fresh) FX_ERR_CLEAR_LAST_MARK(prov);
        return 1;
    }
    if (!fresh) return 0;
    /* fastec's complaint dropped: OpenSSL's EC takes the key, or refuses it
     * with its own error (the reason programs test for) */
    FX_ERR_POP_TO_MARK(prov);
    return import_as_openssl(k, selection, params);
}

/* Whether OpenSSL's EC, importing these parameters, would hold a public
 * key: a private key imported alone has none in OpenSSL 3.0 (the key
 * checks fail and the key cannot be encoded), and fastec's key follows
 * whatever the running OpenSSL does. Asked of OpenSSL's key management with
 * the same parameters; where it cannot be asked, the public key is kept. */
static int openssl_keeps_public(fx_prov *prov, int selection, const OSSL_PARAM params[])
{
    if (!prov->fb.provctx) return 1;
    void *fb = KM(prov, NEW, new)(prov->fb.provctx);
    if (!fb) return 1;
    FX_ERR_SET_MARK(prov);
    int keeps = KM(prov, IMPORT, import)(fb, selection, params) ? KM(prov, HAS, has)(fb, OSSL_KEYMGMT_SELECT_PUBLIC_KEY)
                                                                  : 1;
    FX_ERR_POP_TO_MARK(prov);
    KM(prov, FREE, free)(fb);
    return keeps;
}

static int km_import_native(fx_key *k, int selection, const OSSL_PARAM params[])
{
    /* work on a copy: the key changes only if everything was accepted */
    fx_key *t = fx_key_new(k->prov);
    if (!t) return 0;
    int ok = 0;
    copy_params(t, k);
    t->has_pub = k->has_pub;
    t->has_priv = k->has_priv;
    t->pub_len = k->pub_len;
    memcpy(t->pub, k->pub, sizeof t->pub);
    memcpy(t->priv, k->priv, sizeof t->priv);
    if (!apply_settings(t, params, (selection & (SELECT_DOMAIN | SELECT_KEYPAIR)) != 0)) goto out;
    if ((selection & (SELECT_DOMAIN | SELECT_KEYPAIR)) && !t->curve) {
        FX_RAISE(k->prov, FX_R_NO_CURVE, "import without a group name");
        goto out;
    }
    const OSSL_PARAM *pp = NULL, *pq = NULL;
    /* as OpenSSL's EC: a public key given is taken with any part of the key pair */
    if (selection & SELECT_KEYPAIR) pq = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) pp = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    if (pq) {
        const void *enc;
        size_t len;
        if (!OSSL_PARAM_get_octet_string_ptr(pq, &enc, &len)) {
            FX_RAISE(k->prov, FX_R_INVALID_PUBLIC_KEY, "'pub' must be an octet string");
            goto out;
        }
        if (!fx_key_set_public(t, enc, len)) goto out;
    }
    if (pp) {
        size_t ss = FX(fastec_curve_scalar_size)(t->curve);
        if (!param_to_be(pp, t->priv, ss)) {
            FX_RAISE(k->prov, FX_R_INVALID_PRIVATE_KEY, "%s private key: longer than the order or not an integer",
                     FX(fastec_curve_name)(t->curve));
            goto out;
        }
        t->has_priv = 1;
        /* the public key follows from the private one; one given beside it must agree */
        uint8_t given[FX_MAX_PUB];
        size_t given_len = t->pub_len;
        int had_pub = pq != NULL;
        memcpy(given, t->pub, sizeof given);
        if (!derive_public(t)) goto out;
        if (had_pub && (given_len != t->pub_len || memcmp(given, t->pub, given_len) != 0)) {
            FX_RAISE(k->prov, FX_R_KEYPAIR_MISMATCH, "%s key import", FX(fastec_curve_name)(t->curve));
            goto out;
        }
        /* derived to check the scalar's range; kept only as OpenSSL's EC keeps it */
        if (!had_pub && !k->has_pub && !openssl_keeps_public(k->prov, selection, params)) t->has_pub = 0;
    }
    fx_count(k->prov, FX_CNT_IMPORT, t->curve);
    /* commit */
    copy_params(k, t);
    k->has_pub = t->has_pub;
    k->has_priv = t->has_priv;
    k->pub_len = t->pub_len;
    memcpy(k->pub, t->pub, sizeof k->pub);
    memcpy(k->priv, t->priv, sizeof k->priv);
    ok = 1;
out:
    fx_key_free(t);
    return ok;
}

#define DOMAIN_PARAMS                                                                                             \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),                                                  \
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),                                             \
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),                              \
        OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS, NULL)
#define OTHER_PARAMS                                                                                              \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, NULL), OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, NULL)
#define PUB_PARAM OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0)
#define PRIV_PARAM OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0)

/* the parameter lists for every combination of selections, as the default provider has them */
static const OSSL_PARAM types_none[] = {OSSL_PARAM_END};
static const OSSL_PARAM types_d[] = {DOMAIN_PARAMS, OSSL_PARAM_END};
static const OSSL_PARAM types_o[] = {OTHER_PARAMS, OSSL_PARAM_END};
static const OSSL_PARAM types_do[] = {DOMAIN_PARAMS, OTHER_PARAMS, OSSL_PARAM_END};
static const OSSL_PARAM types_p[] = {PUB_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_dp[] = {DOMAIN_PARAMS, PUB_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_op[] = {OTHER_PARAMS, PUB_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_dop[] = {DOMAIN_PARAMS, OTHER_PARAMS, PUB_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_s[] = {PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_ds[] = {DOMAIN_PARAMS, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_os[] = {OTHER_PARAMS, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_dos[] = {DOMAIN_PARAMS, OTHER_PARAMS, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_ps[] = {PUB_PARAM, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_dps[] = {DOMAIN_PARAMS, PUB_PARAM, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_ops[] = {OTHER_PARAMS, PUB_PARAM, PRIV_PARAM, OSSL_PARAM_END};
static const OSSL_PARAM types_dops[] = {DOMAIN_PARAMS, OTHER_PARAMS, PUB_PARAM, PRIV_PARAM, OSSL_PARAM_END};

static const OSSL_PARAM *types_for(int selection)
{
    /* bit 0 domain, 1 other, 2 public, 3 private */
    static const OSSL_PARAM *const t[16] = {types_none, types_d,  types_o,  types_do,  types_p,  types_dp,
                                             types_op,   types_dop, types_s, types_ds,  types_os, types_dos,
                                             types_ps,   types_dps, types_ops, types_dops};
    int i = ((selection & SELECT_DOMAIN) ? 1 : 0) | ((selection & SELECT_OTHER) ? 2 : 0) |
            ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ? 4 : 0) |
            ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ? 8 : 0);
    return t[i];
}

static const OSSL_PARAM *km_import_types(int selection) { return types_for(selection); }
static const OSSL_PARAM *km_export_types(int selection) { return types_for(selection); }

/* The public key in the key's point format (or uncompressed); *len: capacity in, length out. */
static int encode_public(const fx_key *k, int format, uint8_t *out, size_t *len)
{
    if (format == FX_PF_UNCOMPRESSED) {
        if (*len < k->pub_len) return 0;
        memcpy(out, k->pub, k->pub_len);
        *len = k->pub_len;
        return 1;
    }
    uint8_t comp[1 + FX_MAX_FIELD];
    size_t clen = sizeof comp;
    if (FX(fastec_public_key_convert)(k->curve, k->pub, k->pub_len, 1, comp, &clen) != FASTEC_OK) return 0;
    if (format == FX_PF_COMPRESSED) {
        if (*len < clen) return 0;
        memcpy(out, comp, clen);
        *len = clen;
        return 1;
    }
    if (*len < k->pub_len) return 0;
    memcpy(out, k->pub, k->pub_len);
    out[0] = (uint8_t)(0x06 | (comp[0] & 1));
    *len = k->pub_len;
    return 1;
}

static int km_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    fx_key *k = keydata;
    if (k && k->fb) return KM(k->prov, EXPORT, export)(k->fb, selection, cb, cbarg);
    return fx_key_export(keydata, selection, cb, cbarg);
}

int fx_key_export(fx_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    if (!k || !k->curve) {
        if (k) FX_RAISE(k->prov, FX_R_NO_CURVE, "export of a key without a curve");
        return 0;
    }
    OSSL_PARAM params[12];
    int n = 0, zero = 0, cof = k->cofactor_flag, incl = k->include_public;
    uint8_t pub[FX_MAX_PUB], priv[FX_MAX_SCALAR];
    size_t pub_len = sizeof pub, ss = FX(fastec_curve_scalar_size)(k->curve);
    /* the curve goes with any part of the key */
    if (selection & (SELECT_DOMAIN | SELECT_KEYPAIR)) {
        params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
                                                       (char *)fx_curve_ossl_name(k->curve), 0);
        params[n++] = OSSL_PARAM_construct_utf8_string(
            OSSL_PKEY_PARAM_EC_ENCODING,
            (char *)(k->explicit_encoding ? OSSL_PKEY_EC_ENCODING_EXPLICIT : OSSL_PKEY_EC_ENCODING_GROUP), 0);
        params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                                       (char *)point_format_names[k->point_format], 0);
        params[n++] = OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS, &zero);
    }
    if (selection & SELECT_OTHER) { /* as OpenSSL's EC: include-public only when it is off */
        params[n++] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_EC_GROUP_CHECK_TYPE,
                                                       (char *)group_check_names[k->group_check], 0);
        if (!incl) params[n++] = OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, &incl);
        params[n++] = OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, &cof);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && k->has_pub) {
        if (!encode_public(k, k->point_format, pub, &pub_len)) {
            FX_RAISE(k->prov, FX_R_INVALID_PUBLIC_KEY, "%s public key cannot be encoded", FX(fastec_curve_name)(k->curve));
            return 0;
        }
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, pub_len);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv) {
        be_to_native(priv, k->priv, ss);
        params[n++] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, priv, ss);
    }
    params[n] = OSSL_PARAM_construct_end();
    int ok = cb(params, cbarg);
    OPENSSL_cleanse(priv, sizeof priv);
    return ok;
}

/* The key parameters fastec answers itself; a request for any other goes to
 * OpenSSL's EC with the key's twin, so that every parameter OpenSSL's EC key
 * management answers is answered the same way (security-category, which
 * OpenSSL 3.6 added, the explicit curve parameters, the field degree, ...). */
static const char *const native_gettable[] = {
    OSSL_PKEY_PARAM_BITS, OSSL_PKEY_PARAM_SECURITY_BITS, OSSL_PKEY_PARAM_MAX_SIZE,
    OSSL_PKEY_PARAM_DEFAULT_DIGEST, OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PKEY_PARAM_EC_ENCODING,
    OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS,
    OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
    OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_EC_PUB_X, OSSL_PKEY_PARAM_EC_PUB_Y, OSSL_PKEY_PARAM_PRIV_KEY,
    OSSL_PKEY_PARAM_EC_GROUP_CHECK_TYPE};

static int all_native(const OSSL_PARAM params[])
{
    for (const OSSL_PARAM *p = params; p && p->key; p++) {
        size_t i = 0;
        while (i < sizeof native_gettable / sizeof native_gettable[0] && strcmp(p->key, native_gettable[i])) i++;
        if (i == sizeof native_gettable / sizeof native_gettable[0]) return 0;
    }
    return 1;
}

static const OSSL_PARAM *km_gettable_params(void *provctx)
{
    fx_prov *prov = provctx;
    OSSL_FUNC_keymgmt_gettable_params_fn *fb = KM(prov, GETTABLE_PARAMS, gettable_params);
    if (fb) return fb(prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
                                   OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
                                   OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
                                   OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, NULL, 0),
                                   OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
                                   DOMAIN_PARAMS,
                                   OTHER_PARAMS,
                                   PUB_PARAM,
                                   PRIV_PARAM,
                                   OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_PUB_X, NULL, 0),
                                   OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_PUB_Y, NULL, 0),
                                   OSSL_PARAM_END};
    return t;
}

/* a big-endian value (a coordinate, or the private key) into an unsigned-integer parameter */
static int set_be(OSSL_PARAM *p, const uint8_t *be, size_t len)
{
    uint8_t native[FX_MAX_SCALAR];
    if (len > sizeof native) return 0;
    if (p->data_type != OSSL_PARAM_UNSIGNED_INTEGER) return 0;
    p->return_size = len;
    if (!p->data) return 1;
    if (p->data_size < len) return 0;
    /* widen to the caller's buffer: zero-extend at the high end */
    be_to_native(native, be, len);
    memset(p->data, 0, p->data_size);
    if (native_little_endian()) memcpy(p->data, native, len);
    else memcpy((uint8_t *)p->data + p->data_size - len, native, len);
    OPENSSL_cleanse(native, sizeof native); /* it may have held the private key */
    p->return_size = p->data_size;
    return 1;
}

static int km_get_params(void *keydata, OSSL_PARAM params[])
{
    fx_key *k = keydata;
    if (!k) return 0;
    if (k->fb) return KM(k->prov, GET_PARAMS, get_params)(k->fb, params);
    if (k->curve && !all_native(params) && KM(k->prov, GET_PARAMS, get_params)) {
        void *twin = fx_key_ossl(k);
        return twin && KM(k->prov, GET_PARAMS, get_params)(twin, params);
    }
    if (!k->curve) {
        FX_RAISE(k->prov, FX_R_NO_CURVE, "parameters of a key without a curve");
        return 0;
    }
    const fastec_curve *c = k->curve;
    size_t fs = FX(fastec_curve_field_size)(c);
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) &&
        !OSSL_PARAM_set_int(p, (int)FX(fastec_curve_order_bits)(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) &&
        !OSSL_PARAM_set_int(p, fx_curve_security_bits(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) &&
        !OSSL_PARAM_set_int(p, (int)fx_ecdsa_max_der(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_DEFAULT_DIGEST)) && !OSSL_PARAM_set_utf8_string(p, "SHA256"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_GROUP_NAME)) &&
        !OSSL_PARAM_set_utf8_string(p, fx_curve_ossl_name(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_ENCODING)) &&
        !OSSL_PARAM_set_utf8_string(p, k->explicit_encoding ? OSSL_PKEY_EC_ENCODING_EXPLICIT
                                                            : OSSL_PKEY_EC_ENCODING_GROUP))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) &&
        !OSSL_PARAM_set_utf8_string(p, point_format_names[k->point_format]))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS)) && !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_USE_COFACTOR_ECDH)) &&
        !OSSL_PARAM_set_int(p, k->cofactor_flag))
        return 0;
    /* as OpenSSL's EC: answered only when it is off */
    if (!k->include_public && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC)) &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_GROUP_CHECK_TYPE)) &&
        !OSSL_PARAM_set_utf8_string(p, group_check_names[k->group_check]))
        return 0;
    const char *pubkeys[] = {OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_PUB_KEY,
                             OSSL_PKEY_PARAM_EC_PUB_X, OSSL_PKEY_PARAM_EC_PUB_Y};
    for (int i = 0; i < 4; i++) {
        if (!(p = OSSL_PARAM_locate(params, pubkeys[i]))) continue;
        if (!k->has_pub) {
            FX_RAISE(k->prov, FX_R_MISSING_PUBLIC_KEY, "'%s' of a key without a public part", pubkeys[i]);
            return 0;
        }
        int ok;
        if (i == 0) { /* always uncompressed, as TLS wants it */
            ok = OSSL_PARAM_set_octet_string(p, k->pub, k->pub_len);
        } else if (i == 1) {
            uint8_t enc[FX_MAX_PUB];
            size_t len = sizeof enc;
            ok = encode_public(k, k->point_format, enc, &len) && OSSL_PARAM_set_octet_string(p, enc, len);
        } else {
            ok = set_be(p, k->pub + 1 + (i == 3 ? fs : 0), fs);
        }
        if (!ok) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY))) {
        if (!k->has_priv) {
            FX_RAISE(k->prov, FX_R_MISSING_PRIVATE_KEY, "'priv' of a key without a private part");
            return 0;
        }
        if (!set_be(p, k->priv, FX(fastec_curve_scalar_size)(c))) return 0;
    }
    return 1;
}

static const OSSL_PARAM *km_settable_params(void *provctx)
{
    fx_prov *prov = provctx;
    OSSL_FUNC_keymgmt_settable_params_fn *fb = KM(prov, SETTABLE_PARAMS, settable_params);
    if (fb) return fb(prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
                                   OTHER_PARAMS,
                                   OSSL_PARAM_END};
    return t;
}

static int km_set_params(void *keydata, const OSSL_PARAM params[])
{
    fx_key *k = keydata;
    if (!k) return 0;
    if (k->fb) return KM(k->prov, SET_PARAMS, set_params)(k->fb, params);
    fx_key t = *k; /* settings first, on a copy; committed together */
    if (!apply_settings(&t, params, 0)) return 0;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p) {
        const void *enc;
        size_t len;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &enc, &len)) {
            FX_RAISE(k->prov, FX_R_INVALID_PUBLIC_KEY, "'encoded-pub-key' must be an octet string");
            return 0;
        }
        if (!fx_key_set_public(&t, enc, len)) return 0;
        if (k->has_priv && (t.pub_len != k->pub_len || memcmp(t.pub, k->pub, t.pub_len) != 0)) {
            FX_RAISE(k->prov, FX_R_KEYPAIR_MISMATCH, "new public key for a %s private key",
                     FX(fastec_curve_name)(k->curve));
            OPENSSL_cleanse(&t, sizeof t);
            return 0;
        }
    }
    copy_params(k, &t);
    k->has_pub = t.has_pub;
    k->pub_len = t.pub_len;
    memcpy(k->pub, t.pub, sizeof k->pub);
    OPENSSL_cleanse(&t, sizeof t);
    /* the OpenSSL copy, if one was made, follows */
    void *twin = atomic_load(&k->twin);
    if (twin) {
        FX_ERR_SET_MARK(k->prov);
        KM(k->prov, SET_PARAMS, set_params)(twin, params);
        FX_ERR_POP_TO_MARK(k->prov);
    }
    return 1;
}

/* ---- key generation ---- */

/* Generation keeps OpenSSL's EC generation context beside its own, given
 * every parameter too, and uses it when the group is one fastec lacks (or the
 * parameters are explicit, or the template is such a key). */
typedef struct {
    fx_prov *prov;
    int selection;
    fx_key settings; /* curve and flags for the new key (no key material) */
    void *fbgen;     /* OpenSSL's generation context, NULL without fallback */
    int fallback;    /* generate with fbgen */
} fx_gen;

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    fx_gen *g = genctx;
    if (!g) return 0;
    OSSL_FUNC_keymgmt_gen_set_params_fn *fbset = KM(g->prov, GEN_SET_PARAMS, gen_set_params);
    int w = wants_openssl(params);
    if (g->fbgen && fbset) {
        if (w == 1 || (w < 0 && g->fallback)) {
            if (!fbset(g->fbgen, params)) return 0;
            g->fallback = 1;
            return 1;
        }
        /* keep OpenSSL's context in step; its complaints are not ours */
        FX_ERR_SET_MARK(g->prov);
        fbset(g->fbgen, params);
        FX_ERR_POP_TO_MARK(g->prov);
    }
    fx_key t = g->settings;
    if (!apply_settings(&t, params, 1)) return 0;
    g->settings = t;
    if (w == 0) g->fallback = 0;
    return 1;
}

static void gen_cleanup(void *genctx)
{
    fx_gen *g = genctx;
    if (g && g->fbgen) KM(g->prov, GEN_CLEANUP, gen_cleanup)(g->fbgen);
    OPENSSL_free(g);
}

static void *gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    fx_gen *g = OPENSSL_zalloc(sizeof *g);
    if (!g) return NULL;
    g->prov = provctx;
    g->selection = selection;
    g->settings.prov = provctx;
    g->settings.include_public = 1;
    OSSL_FUNC_keymgmt_gen_init_fn *fbinit = KM(g->prov, GEN_INIT, gen_init);
    if (fbinit) g->fbgen = fbinit(g->prov->fb.provctx, selection, NULL);
    if (!gen_set_params(g, params)) {
        gen_cleanup(g);
        return NULL;
    }
    return g;
}

static int gen_set_template(void *genctx, void *templ)
{
    fx_gen *g = genctx;
    fx_key *t = templ;
    if (!g || !t) return 0;
    if (t->fb && g->fbgen) {
        if (!KM(g->prov, GEN_SET_TEMPLATE, gen_set_template)(g->fbgen, t->fb)) return 0;
        g->fallback = 1;
        return 1;
    }
    g->fallback = 0;
    if (!t->curve) {
        FX_RAISE(g->prov, FX_R_NO_CURVE, "key generation template without a curve");
        return 0;
    }
    copy_params(&g->settings, t);
    return 1;
}

static const OSSL_PARAM *gen_settable_params(void *genctx, void *provctx)
{
    fx_gen *g = genctx;
    fx_prov *prov = provctx;
    OSSL_FUNC_keymgmt_gen_settable_params_fn *fb = KM(prov, GEN_SETTABLE_PARAMS, gen_settable_params);
    if (fb) return fb(g ? g->fbgen : NULL, prov->fb.provctx);
    static const OSSL_PARAM t[] = {OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
                                   OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
                                   OSSL_PARAM_int(OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, NULL),
                                   OSSL_PARAM_END};
    return t;
}

static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    fx_gen *g = genctx;
    if (!g) return NULL;
    if (g->fallback) {
        void *fb = KM(g->prov, GEN, gen)(g->fbgen, cb, cbarg);
        if (!fb) return NULL;
        trace_fallback(g->prov, g->selection & SELECT_KEYPAIR ? "keygen" : "paramgen", fb);
        return fx_key_wrap(g->prov, fb);
    }
    if (!g->settings.curve) {
        FX_RAISE(g->prov, FX_R_NO_CURVE, "key generation without a group");
        return NULL;
    }
    /* a curve whose key generation fastec does not serve on this CPU
     * (serve.c): OpenSSL's generation, given the group (its context has
     * every other setting already) */
    OSSL_FUNC_keymgmt_gen_set_params_fn *fbset = KM(g->prov, GEN_SET_PARAMS, gen_set_params);
    if ((g->selection & SELECT_KEYPAIR) && g->fbgen && fbset &&
        !fx_serves(g->prov, g->settings.curve, FX_OP_KEYGEN)) {
        OSSL_PARAM gp[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
                                                            (char *)fx_curve_ossl_name(g->settings.curve), 0),
                           OSSL_PARAM_construct_end()};
        void *fb = fbset(g->fbgen, gp) ? KM(g->prov, GEN, gen)(g->fbgen, cb, cbarg) : NULL;
        if (!fb) return NULL;
        trace_fallback(g->prov, "keygen", fb);
        return fx_key_wrap(g->prov, fb);
    }
    fx_key *k = fx_key_new(g->prov);
    if (!k) return NULL;
    copy_params(k, &g->settings);
    /* a generated key's public point is written uncompressed whatever
     * point-format the generation was given, as OpenSSL's EC does */
    if (g->selection & SELECT_KEYPAIR) k->point_format = FX_PF_UNCOMPRESSED;
    if (g->selection & SELECT_KEYPAIR) {
        int rc = FX(fastec_keygen)(k->curve, k->priv);
        ct_secret(k->priv, sizeof k->priv);
        if (rc != FASTEC_OK) {
            FX_RAISE(g->prov, fx_reason_of(rc), "%s key generation: %s", FX(fastec_curve_name)(k->curve),
                     FX(fastec_strerror)(rc));
            fx_key_free(k);
            return NULL;
        }
        k->has_priv = 1;
        if (!derive_public(k)) {
            fx_key_free(k);
            return NULL;
        }
        fx_count(g->prov, FX_CNT_KEYGEN, k->curve);
    }
    return k;
}

static const char *km_query_operation_name(int operation_id)
{
    switch (operation_id) {
    case OSSL_OP_KEYEXCH: return "ECDH";
    case OSSL_OP_SIGNATURE: return "ECDSA";
    default: return NULL;
    }
}

/* A key a fastec decoder made: the reference holds its address; taking it
 * clears the reference so that the decoder does not free it. */
static void *km_load(const void *reference, size_t reference_sz)
{
    fx_key *k;
    if (reference_sz != sizeof k) return NULL;
    memcpy(&k, reference, sizeof k);
    memset((void *)reference, 0, sizeof k);
    return k;
}

static void *km_dup(const void *keydata_from, int selection)
{
    const fx_key *from = keydata_from;
    if (!from) return NULL;
    if (from->fb) {
        void *fb = KM(from->prov, DUP, dup)(from->fb, selection);
        return fb ? fx_key_wrap(from->prov, fb) : NULL;
    }
    fx_key *k = fx_key_new(from->prov);
    if (!k) return NULL;
    if (selection & (SELECT_ALL_PARAMS | SELECT_KEYPAIR)) copy_params(k, from);
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && from->has_pub) {
        k->has_pub = 1;
        k->pub_len = from->pub_len;
        memcpy(k->pub, from->pub, from->pub_len);
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && from->has_priv) {
        k->has_priv = 1;
        memcpy(k->priv, from->priv, sizeof k->priv);
    }
    return k;
}

/* the entry points that may run OpenSSL's EC key management, its errors
 * moved to the program's queue when it is another libcrypto's (prov.h) */
FX_RELAYED(int, km_has, (const void *k, int sel), (k, sel), k)
FX_RELAYED(int, km_match, (const void *a, const void *b, int sel), (a, b, sel), a)
FX_RELAYED(int, km_validate, (const void *k, int sel, int type), (k, sel, type), k)
FX_RELAYED(int, km_import, (void *k, int sel, const OSSL_PARAM p[]), (k, sel, p), k)
FX_RELAYED(int, km_export, (void *k, int sel, OSSL_CALLBACK *cb, void *arg), (k, sel, cb, arg), k)
FX_RELAYED(int, km_get_params, (void *k, OSSL_PARAM p[]), (k, p), k)
FX_RELAYED(int, km_set_params, (void *k, const OSSL_PARAM p[]), (k, p), k)
FX_RELAYED(int, gen_set_params, (void *g, const OSSL_PARAM p[]), (g, p), g)
FX_RELAYED(int, gen_set_template, (void *g, void *t), (g, t), g)
FX_RELAYED(void *, gen, (void *g, OSSL_CALLBACK *cb, void *arg), (g, cb, arg), g)
FX_RELAYED(void *, km_dup, (const void *k, int sel), (k, sel), k)

const OSSL_DISPATCH fx_keymgmt_functions[] = {
    {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))km_new},
    {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))km_free},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))gen_init},
    {OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, (void (*)(void))gen_set_template_relayed},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params_relayed},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))gen_settable_params},
    {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))gen_relayed},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params_relayed},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))km_gettable_params},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))km_set_params_relayed},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))km_settable_params},
    {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))km_has_relayed},
    {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))km_match_relayed},
    {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))km_validate_relayed},
    {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import_relayed},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_import_types},
    {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export_relayed},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_export_types},
    {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, (void (*)(void))km_query_operation_name},
    {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))km_dup_relayed},
    {OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))km_load},
    {0, NULL}};
