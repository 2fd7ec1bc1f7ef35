/* SPDX-License-Identifier: Apache-2.0 */
/* The fastec OpenSSL 3 provider: entry point, algorithm tables, provider
 * parameters, TLS-GROUP capabilities, errors, and the curve and digest name
 * tables the other parts share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include "prov.h"
#include "gen/provider_curves.h"

#ifndef FASTEC_PROVIDER_VERSION
#define FASTEC_PROVIDER_VERSION FASTEC_VERSION
#endif

/* ---- errors ---- */

static const OSSL_ITEM reason_strings[] = {
    {FX_R_UNSUPPORTED_CURVE, "curve not supported by fastec"},
    {FX_R_EXPLICIT_PARAMS, "explicit curve parameters are not supported (named curves only)"},
    {FX_R_NO_CURVE, "no curve (group) set"},
    {FX_R_INVALID_PUBLIC_KEY, "invalid public key"},
    {FX_R_INVALID_PRIVATE_KEY, "invalid private key"},
    {FX_R_KEYPAIR_MISMATCH, "public key does not match the private key"},
    {FX_R_MISSING_PUBLIC_KEY, "key has no public part"},
    {FX_R_MISSING_PRIVATE_KEY, "key has no private part"},
    {FX_R_CURVE_MISMATCH, "keys are on different curves"},
    {FX_R_MALFORMED_SIGNATURE, "malformed signature"},
    {FX_R_BAD_SIGNATURE, "signature does not verify"},
    {FX_R_UNSUPPORTED_DIGEST, "digest not supported by fastec"},
    {FX_R_DIGEST_LENGTH, "input length does not match the digest"},
    {FX_R_UNSUPPORTED_KDF, "KDF not supported by fastec"},
    {FX_R_INVALID_PARAM, "invalid parameter"},
    {FX_R_BUFFER_TOO_SMALL, "output buffer too small"},
    {FX_R_NOT_INITIALIZED, "operation not initialized"},
    {FX_R_RANDOM, "random source failed"},
    {FX_R_LIBRARY, "fastec library error"},
    {0, NULL}};

void fx_raise_at(const fx_prov *p, const char *file, int line, const char *func, int reason, const char *fmt, ...)
{
    if (!p || !p->new_error || !p->set_error_debug || !p->vset_error) return;
    va_list ap;
    va_start(ap, fmt);
    p->new_error(p->handle);
    p->set_error_debug(p->handle, file, line, func);
    p->vset_error(p->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

int fx_reason_of(int rc)
{
    switch (rc) {
    case FASTEC_ERR_PRIVKEY: return FX_R_INVALID_PRIVATE_KEY;
    case FASTEC_ERR_ENCODING:
    case FASTEC_ERR_COORD:
    case FASTEC_ERR_NOT_ON_CURVE:
    case FASTEC_ERR_INFINITY:
    case FASTEC_ERR_SUBGROUP: return FX_R_INVALID_PUBLIC_KEY;
    case FASTEC_ERR_SIG_RANGE:
    case FASTEC_ERR_DER: return FX_R_MALFORMED_SIGNATURE;
    case FASTEC_ERR_SIG_INVALID: return FX_R_BAD_SIGNATURE;
    case FASTEC_ERR_RANDOM: return FX_R_RANDOM;
    case FASTEC_ERR_BUFFER: return FX_R_BUFFER_TOO_SMALL;
    case FASTEC_ERR_HASH: return FX_R_UNSUPPORTED_DIGEST;
    case FASTEC_ERR_CURVE:
    case FASTEC_ERR_CURVE_OID: return FX_R_UNSUPPORTED_CURVE;
    case FASTEC_ERR_EXPLICIT_PARAMS: return FX_R_EXPLICIT_PARAMS;
    case FASTEC_ERR_KEY_MISMATCH: return FX_R_KEYPAIR_MISMATCH;
    default: return FX_R_LIBRARY;
    }
}

const char *const fx_counter_names[FX_CNT_N] = {"keygen", "import", "derive", "sign", "verify", "check", "fallback"};

void fx_count(fx_prov *p, enum fx_counter k, const fastec_curve *c)
{
    atomic_fetch_add_explicit(&p->count[k], 1, memory_order_relaxed);
    if (p->trace) fprintf(stderr, "fastec-provider: %s %s pid %ld\n", fx_counter_names[k], FX(fastec_curve_name)(c), (long)getpid());
}

/* ---- curves ---- */

/* OpenSSL's short name, the dotted OID and the TLS code point of each curve
 * fastec implements (src/gen/provider_curves.h, from tools/gen_curves.py);
 * TLS 1.3 allows only P-256, P-384 and P-521. */
static const struct curve_info {
    const char *sec2, *ossl, *oid, *tls_alias;
    unsigned tls_id;
    int tls13;
} curve_info[] = {
#define FX_CURVE_ROW(sec2, ossl, oid, nist, tls, tls13) {sec2, ossl, oid, nist, tls, tls13},
    FASTEC_PROVIDER_CURVES(FX_CURVE_ROW)
#undef FX_CURVE_ROW
};
#define N_CURVE_INFO (sizeof curve_info / sizeof curve_info[0])

static const struct curve_info *info_of(const fastec_curve *c)
{
    const char *n = FX(fastec_curve_name)(c);
    if (!n) return NULL;
    for (size_t i = 0; i < N_CURVE_INFO; i++)
        if (!strcmp(curve_info[i].sec2, n)) return &curve_info[i];
    return NULL;
}

const fastec_curve *fx_curve_lookup(const char *name)
{
    if (!name) return NULL;
    const fastec_curve *c = FX(fastec_curve_find)(name);
    if (c) return c;
    /* OpenSSL compares group names without regard to case */
    for (size_t i = 0; i < FX(fastec_curve_count)(); i++) {
        const fastec_curve *k = FX(fastec_curve_at)(i);
        const struct curve_info *in = info_of(k);
        const char *nist = FX(fastec_curve_nist_name)(k);
        if (!strcasecmp(name, FX(fastec_curve_name)(k)) || (nist && !strcasecmp(name, nist)) ||
            (in && (!strcasecmp(name, in->ossl) || !strcmp(name, in->oid))))
            return k;
    }
    return NULL;
}

const char *fx_curve_ossl_name(const fastec_curve *c)
{
    const struct curve_info *in = info_of(c);
    return in ? in->ossl : FX(fastec_curve_name)(c);
}

int fx_curve_security_bits(const fastec_curve *c)
{
    int b = (int)FX(fastec_curve_order_bits)(c);
    return b >= 512 ? 256 : b >= 384 ? 192 : b >= 256 ? 128 : b >= 224 ? 112 : b >= 160 ? 80 : b / 2;
}

static size_t der_len_size(size_t n) { return n < 128 ? 1 : n < 256 ? 2 : 3; }

size_t fx_ecdsa_max_der(const fastec_curve *c)
{
    /* SEQUENCE { INTEGER, INTEGER } of two integers as long as n, with a
     * sign byte when bitlen(n) is a multiple of 8 */
    unsigned bits = FX(fastec_curve_order_bits)(c);
    size_t content = (bits + 7) / 8 + (bits % 8 == 0);
    size_t integer = 1 + der_len_size(content) + content;
    return 1 + der_len_size(2 * integer) + 2 * integer;
}

int fx_tls_group_capability(OSSL_CALLBACK *cb, void *arg)
{
    for (size_t i = 0; i < N_CURVE_INFO; i++) {
        const struct curve_info *in = &curve_info[i];
        const fastec_curve *c = FX(fastec_curve_find)(in->sec2);
        if (!c) continue;
        unsigned id = in->tls_id, secbits = (unsigned)fx_curve_security_bits(c);
        int mintls = TLS1_VERSION, maxtls = in->tls13 ? 0 : TLS1_2_VERSION;
        int mindtls = DTLS1_VERSION, maxdtls = in->tls13 ? 0 : DTLS1_2_VERSION;
        /* the SEC 2 name, and the NIST name as the default provider has it */
        const char *names[2] = {in->sec2, in->tls_alias};
        for (int j = 0; j < 2 && names[j]; j++) {
            OSSL_PARAM p[] = {
                OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)names[j], 0),
                OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)in->ossl, 0),
                OSSL_PARAM_construct_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)"EC", 0),
                OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
                OSSL_PARAM_construct_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
                OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &mintls),
                OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &maxtls),
                OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &mindtls),
                OSSL_PARAM_construct_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &maxdtls),
                OSSL_PARAM_construct_end()};
            if (!cb(p, arg)) return 0;
        }
    }
    return 1;
}

/* ---- digests ---- */

static const struct digest_name {
    int alg;
    const char *names[5]; /* canonical OpenSSL name first */
} digest_names[] = {
    {FASTEC_SHA1, {"SHA1", "SHA-1", "SSL3-SHA1", "1.3.14.3.2.26", NULL}},
    {FASTEC_SHA224, {"SHA2-224", "SHA-224", "SHA224", "2.16.840.1.101.3.4.2.4", NULL}},
    {FASTEC_SHA256, {"SHA2-256", "SHA-256", "SHA256", "2.16.840.1.101.3.4.2.1", NULL}},
    {FASTEC_SHA384, {"SHA2-384", "SHA-384", "SHA384", "2.16.840.1.101.3.4.2.2", NULL}},
    {FASTEC_SHA512, {"SHA2-512", "SHA-512", "SHA512", "2.16.840.1.101.3.4.2.3", NULL}},
    {FASTEC_SHA512_224, {"SHA2-512/224", "SHA-512/224", "SHA512-224", "2.16.840.1.101.3.4.2.5", NULL}},
    {FASTEC_SHA512_256, {"SHA2-512/256", "SHA-512/256", "SHA512-256", "2.16.840.1.101.3.4.2.6", NULL}},
    {FASTEC_SHA3_224, {"SHA3-224", "2.16.840.1.101.3.4.2.7", NULL, NULL, NULL}},
    {FASTEC_SHA3_256, {"SHA3-256", "2.16.840.1.101.3.4.2.8", NULL, NULL, NULL}},
    {FASTEC_SHA3_384, {"SHA3-384", "2.16.840.1.101.3.4.2.9", NULL, NULL, NULL}},
    {FASTEC_SHA3_512, {"SHA3-512", "2.16.840.1.101.3.4.2.10", NULL, NULL, NULL}},
};

int fx_digest_lookup(const char *name)
{
    if (!name) return 0;
    for (size_t i = 0; i < sizeof digest_names / sizeof digest_names[0]; i++)
        for (int j = 0; j < 5 && digest_names[i].names[j]; j++)
            if (!strcasecmp(name, digest_names[i].names[j])) return digest_names[i].alg;
    return 0;
}

const char *fx_digest_name(int alg)
{
    for (size_t i = 0; i < sizeof digest_names / sizeof digest_names[0]; i++)
        if (digest_names[i].alg == alg) return digest_names[i].names[0];
    return "";
}

/* ---- the provider ---- */

#define FX_PROPS "provider=" FX_PROV_NAME

static const OSSL_ALGORITHM keymgmt_algs[] = {
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", FX_PROPS, fx_keymgmt_functions, "fastec EC key management"},
    {NULL, NULL, NULL, NULL}};
static const OSSL_ALGORITHM keyexch_algs[] = {
    {"ECDH", FX_PROPS, fx_ecdh_functions, "fastec ECDH"}, {NULL, NULL, NULL, NULL}};
/* "ECDSA", and the ECDSA-<digest> algorithms of OpenSSL 3.4 and later under
 * the names the default provider gives them (none on earlier releases) */
static void make_signature_algs(fx_prov *p)
{
    int n = 0;
    p->signature_algs[n++] = (OSSL_ALGORITHM){"ECDSA", FX_PROPS, fx_ecdsa_functions, "fastec ECDSA"};
    for (int i = 0; i < p->fb.n_sigalgs; i++)
        p->signature_algs[n++] =
            (OSSL_ALGORITHM){p->fb.sigalgs[i].names, FX_PROPS, fx_ecdsa_sigalg_functions[i], "fastec ECDSA"};
    p->signature_algs[n] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
}

/* the default provider's EC encoders, relayed (encoder.c) */
static void make_encoder_algs(fx_prov *p)
{
    int n = 0;
    for (int i = 0; i < p->fb.n_encoders; i++)
        p->encoder_algs[n++] = (OSSL_ALGORITHM){p->fb.encoders[i].names, p->fb.encoders[i].props,
                                                fx_encoder_functions[i], "fastec EC key encoder (OpenSSL's)"};
    p->encoder_algs[n] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
}

#define FX_DECODER_PROPS(structure) FX_PROPS ",input=der,structure=" structure
static const OSSL_ALGORITHM decoder_algs[] = {
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", FX_DECODER_PROPS("PrivateKeyInfo"), fx_decoder_pkcs8_functions,
     "fastec EC private key from PKCS#8 DER"},
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", FX_DECODER_PROPS("type-specific"), fx_decoder_sec1_functions,
     "fastec EC private key from SEC 1 DER"},
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", FX_DECODER_PROPS("SubjectPublicKeyInfo"), fx_decoder_spki_functions,
     "fastec EC public key from SubjectPublicKeyInfo DER"},
    {NULL, NULL, NULL, NULL}};

void fx_ready(fx_prov *p)
{
    if (atomic_load_explicit(&p->ready, memory_order_acquire)) return;
    pthread_mutex_lock(&p->ready_lock);
    if (!atomic_load_explicit(&p->ready, memory_order_relaxed) && !fx_fastec_load()) {
        /* without the library fastec offers nothing: OpenSSL's providers
         * serve everything, and provider-check and the trace say why */
        p->no_library = 1;
        atomic_store_explicit(&p->ready, 1, memory_order_release);
    }
    if (!atomic_load_explicit(&p->ready, memory_order_relaxed)) {
        /* without OpenSSL's EC (no default provider) fastec still serves its own curves */
        if (!fx_fallback_init(p)) p->serve_mode = FX_SERVE_ALL;
        make_signature_algs(p);
        /* OpenSSL's encoders take the program's BIO: only when they are the
         * program's libcrypto's (otherwise the program's own encoders, after
         * an export) */
        if (!p->foreign_core || p->lib.core_side) make_encoder_algs(p);
        else p->encoder_algs[0] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
        fx_serve_compute(p);
        atomic_store_explicit(&p->ready, 1, memory_order_release);
    }
    pthread_mutex_unlock(&p->ready_lock);
}

static const OSSL_ALGORITHM *fx_query(void *provctx, int operation_id, int *no_cache)
{
    fx_prov *p = provctx;
    *no_cache = 0;
    fx_ready(p);
    if (p->no_library) return NULL;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT: return keymgmt_algs;
    case OSSL_OP_KEYEXCH: return keyexch_algs;
    case OSSL_OP_SIGNATURE: return p->signature_algs;
    case OSSL_OP_DECODER: return decoder_algs;
    case OSSL_OP_ENCODER: return p->encoder_algs;
    default: return NULL;
    }
}

static const OSSL_PARAM *fx_gettable_params(void *provctx)
{
    (void)provctx;
    static const OSSL_PARAM t[] = {OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
                                   OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
                                   OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
                                   OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
                                   OSSL_PARAM_ulong("fastec-keygen-count", NULL),
                                   OSSL_PARAM_ulong("fastec-import-count", NULL),
                                   OSSL_PARAM_ulong("fastec-derive-count", NULL),
                                   OSSL_PARAM_ulong("fastec-sign-count", NULL),
                                   OSSL_PARAM_ulong("fastec-verify-count", NULL),
                                   OSSL_PARAM_ulong("fastec-check-count", NULL),
                                   OSSL_PARAM_ulong("fastec-fallback-count", NULL),
                                   OSSL_PARAM_utf8_string("fastec-serve", NULL, 0),
                                   OSSL_PARAM_utf8_ptr("fastec-policy", NULL, 0),
                                   OSSL_PARAM_END};
    return t;
}

/* what the configuration made of fastec's preference (FX_POLICY_*) */
static const char *fx_policy_text(int policy)
{
    static const char *const policies[FX_POLICY_N] = {
        "loaded without a preference set by the configuration", "preferred", "not preferred (prefer = no)",
        "not preferred: the default properties ask for FIPS algorithms",
        "not preferred: the default properties name a provider",
        "not preferred: the program's own OpenSSL does not let fastec set its default properties"};
    return policies[(unsigned)policy < FX_POLICY_N ? policy : 0];
}

static int fx_get_params(void *provctx, OSSL_PARAM params[])
{
    fx_prov *p = provctx;
    OSSL_PARAM *q;
    if ((q = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(q, "fastec provider"))
        return 0;
    if ((q = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) &&
        !OSSL_PARAM_set_utf8_ptr(q, FASTEC_PROVIDER_VERSION))
        return 0;
    if ((q = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) &&
        !OSSL_PARAM_set_utf8_ptr(q, "fastec " FASTEC_VERSION))
        return 0;
    if ((q = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS))) {
        fx_ready(p);
        if (!OSSL_PARAM_set_int(q, !p->no_library)) return 0;
    }
    if ((q = OSSL_PARAM_locate(params, "fastec-serve"))) {
        char d[2048];
        fx_ready(p);
        d[0] = '\0';
        if (!p->no_library) fx_serve_describe(p, d, sizeof d);
        if (!OSSL_PARAM_set_utf8_string(q, d)) return 0;
    }
    if ((q = OSSL_PARAM_locate(params, "fastec-policy"))) {
        fx_ready(p);
        if (!OSSL_PARAM_set_utf8_ptr(q, p->no_library ? fx_fastec_error() : fx_policy_text(p->policy))) return 0;
    }
    for (int k = 0; k < FX_CNT_N; k++) {
        char name[40];
        snprintf(name, sizeof name, "fastec-%s-count", fx_counter_names[k]);
        if ((q = OSSL_PARAM_locate(params, name)) &&
            !OSSL_PARAM_set_ulong(q, atomic_load_explicit(&p->count[k], memory_order_relaxed)))
            return 0;
    }
    return 1;
}

/* The default provider's TLS groups on curves fastec lacks (brainpool,
 * secp256k1, ...), relayed as fastec's own: libssl keeps a group only where
 * the key management it fetches for the group's algorithm comes from the
 * provider that announced it, and with fastec preferred that is fastec's
 * "EC" (which serves those curves by OpenSSL's code); announced by the
 * default provider alone, they would disappear. */
struct relay {
    OSSL_CALLBACK *cb;
    void *arg;
};

static int relay_group(const OSSL_PARAM params[], void *arg)
{
    const struct relay *r = arg;
    const OSSL_PARAM *alg = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ALG);
    const OSSL_PARAM *in = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL);
    const char *a = NULL, *name = NULL;
    if (!alg || !OSSL_PARAM_get_utf8_string_ptr(alg, &a) || strcmp(a, "EC")) return 1;
    if (in && OSSL_PARAM_get_utf8_string_ptr(in, &name) && fx_curve_lookup(name)) return 1; /* announced above */
    return r->cb(params, r->arg);
}

static int fx_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    fx_prov *p = provctx;
    if (!capability || strcasecmp(capability, "TLS-GROUP")) return 0;
    fx_ready(p);
    if (p->no_library) return 1;
    if (!fx_tls_group_capability(cb, arg)) return 0;
    if (!p->fb.prov) return 1;
    struct relay r = {cb, arg};
    return p->lib.get_capabilities(p->fb.prov, "TLS-GROUP", relay_group, &r);
}

static const OSSL_ITEM *fx_get_reason_strings(void *provctx)
{
    (void)provctx;
    return reason_strings;
}

static void fx_teardown(void *provctx)
{
    fx_prov *p = provctx;
    if (!p) return;
    fx_fallback_free(p);
    pthread_mutex_destroy(&p->ready_lock);
    OPENSSL_free(p);
}

static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))fx_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))fx_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))fx_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))fx_query},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))fx_get_capabilities},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))fx_get_reason_strings},
    {0, NULL}};

/* the only exported symbol (provider/fastec.map) */
__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx)
{
    fx_prov *p = OPENSSL_zalloc(sizeof *p);
    if (!p) return 0;
    OSSL_FUNC_core_get_params_fn *get_params = NULL;
    OSSL_FUNC_core_get_libctx_fn *get_libctx = NULL;
    p->handle = handle;
    for (; in && in->function_id; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: p->new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG: p->set_error_debug = OSSL_FUNC_core_set_error_debug(in); break;
        case OSSL_FUNC_CORE_VSET_ERROR: p->vset_error = OSSL_FUNC_core_vset_error(in); break;
        case OSSL_FUNC_BIO_READ_EX: p->bio_read_ex = OSSL_FUNC_BIO_read_ex(in); break;
        case OSSL_FUNC_CORE_GET_PARAMS: get_params = OSSL_FUNC_core_get_params(in); break;
        case OSSL_FUNC_CORE_GET_LIBCTX: get_libctx = OSSL_FUNC_core_get_libctx(in); break;
        default: break;
        }
    }
    /* which OpenSSL loaded fastec: the module's own libcrypto, or a copy of
     * the program's (prov.h) */
    p->core_fn = (const void *)(uintptr_t)p->new_error;
    uintptr_t core, own;
    p->foreign_core = !fx_object_of(p->core_fn, &core, NULL) ||
                      !fx_object_of((const void *)(uintptr_t)ERR_new, &own, NULL) || core != own;
    fx_lib_init(p);
    for (int k = 0; k < FX_CNT_N; k++) atomic_init(&p->count[k], 0);
    const char *t = getenv("FASTEC_PROVIDER_TRACE");
    p->trace = t && *t && strcmp(t, "0") != 0;
    atomic_init(&p->ready, 0);
    if (pthread_mutex_init(&p->ready_lock, NULL)) {
        OPENSSL_free(p);
        return 0;
    }
    /* what fastec serves on this CPU ("serve" in the configuration, or
     * FASTEC_PROVIDER_SERVE in the environment, which wins, overrides the
     * measured table), and its preference (config.c) */
    char *serve = NULL, *prefer = NULL;
    if (get_params) {
        OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_ptr("serve", &serve, 0),
                          OSSL_PARAM_construct_utf8_ptr("prefer", &prefer, 0), OSSL_PARAM_construct_end()};
        if (!get_params(handle, q)) serve = prefer = NULL;
    }
    const char *serve_env = getenv("FASTEC_PROVIDER_SERVE");
    if (serve_env && *serve_env) serve = (char *)serve_env;
    OSSL_LIB_CTX *libctx = get_libctx ? (OSSL_LIB_CTX *)get_libctx(handle) : NULL;
    if (!fx_serve_setting(p, serve) || (libctx && !fx_config_prefer(p, libctx, prefer))) {
        pthread_mutex_destroy(&p->ready_lock);
        OPENSSL_free(p);
        return 0;
    }
    if (p->trace) {
        fx_ready(p);
        char d[2048] = "nothing: ";
        if (p->no_library) snprintf(d + 9, sizeof d - 9, "%s", fx_fastec_error());
        else fx_serve_describe(p, d, sizeof d);
        fprintf(stderr, "fastec-provider: %s%s; serves %s pid %ld\n", fx_policy_text(p->policy),
                p->foreign_core ? " (loaded by a program's own OpenSSL, not the one the module links)" : "", d,
                (long)getpid());
    }
    *out = provider_functions;
    *provctx = p;
    return 1;
}
