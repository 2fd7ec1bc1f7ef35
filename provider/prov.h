/* SPDX-License-Identifier: Apache-2.0 */
/* The fastec OpenSSL 3 provider: declarations shared by its parts (provider
 * context and errors, curve and digest names, keys). The arithmetic is
 * libfastec's public API only; libcrypto serves for OSSL_PARAM handling and
 * memory. No global state: everything hangs off the provider context that
 * OSSL_provider_init creates for each library context that loads us. */
#ifndef FASTEC_PROV_H
#define FASTEC_PROV_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/provider.h>

#include "fastec.h"
#include "fastec_lib.h"

#define FX_PROV_NAME "fastec"
#define FX_MAX_FIELD 72                    /* sect571: 72-byte coordinates */
#define FX_MAX_SCALAR 72                   /* sect571: 72-byte order */
#define FX_MAX_PUB (1 + 2 * FX_MAX_FIELD)  /* uncompressed SEC 1 point */

/* Operation counters, readable as provider parameters "fastec-<name>-count"
 * (tests and users check that fastec's code ran); FASTEC_PROVIDER_TRACE=1 in
 * the environment at load time also prints one line per operation on stderr. */
enum fx_counter {
    FX_CNT_KEYGEN,
    FX_CNT_IMPORT,
    FX_CNT_DERIVE,
    FX_CNT_SIGN,
    FX_CNT_VERIFY,
    FX_CNT_CHECK,
    FX_CNT_FALLBACK, /* operations handed to OpenSSL's own EC (fallback.c) */
    FX_CNT_N
};
extern const char *const fx_counter_names[FX_CNT_N];

/* OpenSSL's own EC implementation (the default provider, loaded into a
 * library context of fastec's own), which serves what fastec lacks: curves
 * other than fastec's 20, explicit parameters, digests and KDF digests other
 * than SHA-1/SHA-2/SHA-3. The tables hold the default provider's functions by
 * function id; NULL where it has none. */
typedef void (*fx_fn)(void);
#define FX_FB_FNS 64
/* The signature algorithms with the digest in the name ("ECDSA-SHA2-256",
 * OpenSSL 3.4 and later): fastec registers those the default provider has,
 * under the default provider's own names. */
#define FX_SIGALGS 12
typedef struct fx_sigalg {
    const char *names; /* the default provider's names, "ECDSA-SHA2-256:ECDSA-SHA256:..." */
    int md;            /* FASTEC_SHA* */
    fx_fn fns[FX_FB_FNS];
} fx_sigalg;
/* The default provider's encoders of EC keys (to DER, PEM and text, each
 * structure): fastec registers the same set and runs OpenSSL's encoder on the
 * key's OpenSSL copy, so a key file written is OpenSSL's byte for byte. */
#define FX_ENCODERS 24
typedef struct fx_encoder {
    const char *names;   /* the default provider's names for EC keys */
    char props[96];      /* "provider=fastec" and its output= and structure= */
    fx_fn fns[FX_FB_FNS];
} fx_encoder;
typedef struct fx_fallback {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *prov;
    void *provctx;
    fx_fn km[FX_FB_FNS], kx[FX_FB_FNS], sig[FX_FB_FNS];
    int n_sigalgs;
    fx_sigalg *sigalgs;   /* FX_SIGALGS of them */
    int n_encoders;
    fx_encoder *encoders; /* FX_ENCODERS of them */
    /* the running OpenSSL's ECDSA takes "nonce-type" (3.2 and later): fastec
     * then does too; before, it signs hedged whatever is asked, as OpenSSL
     * signs with random nonces */
    int nonce_type;
} fx_fallback;

/* the operations whose serving is decided per curve (serve.c) */
enum fx_op { FX_OP_KEYGEN, FX_OP_DERIVE, FX_OP_SIGN, FX_OP_VERIFY, FX_OP_N };
enum { FX_SERVE_AUTO, FX_SERVE_ALL, FX_SERVE_NONE };
#define FX_MAX_CURVES 32
/* how the system's configuration left fastec (config.c): loaded by a
 * program (not for the configuration to say), preferred, loaded without
 * preference on purpose, or not preferred because the default properties
 * ask for FIPS algorithms or name another provider */
enum {
    FX_POLICY_UNKNOWN,
    FX_POLICY_PREFERRED,
    FX_POLICY_NOT_PREFERRED,
    FX_POLICY_FIPS,
    FX_POLICY_OTHER_PROVIDER,
    FX_POLICY_UNREACHABLE, /* the program's own OpenSSL does not export what setting it takes */
    FX_POLICY_N
};

/* The libcrypto whose default provider is OpenSSL's EC beside fastec and
 * whose error queue fastec's own errors go to: the program's (the core's)
 * whenever it exports these functions, so that OpenSSL's EC inside fastec
 * is the running OpenSSL's, whatever release the module was built on; the
 * module's own libcrypto otherwise. */
typedef struct fx_lib {
    OSSL_LIB_CTX *(*lib_ctx_new)(void);
    void (*lib_ctx_free)(OSSL_LIB_CTX *);
    OSSL_PROVIDER *(*provider_load)(OSSL_LIB_CTX *, const char *);
    int (*provider_unload)(OSSL_PROVIDER *);
    const OSSL_ALGORITHM *(*query_operation)(const OSSL_PROVIDER *, int, int *);
    void *(*get0_provider_ctx)(const OSSL_PROVIDER *);
    int (*get_capabilities)(const OSSL_PROVIDER *, const char *, OSSL_CALLBACK *, void *);
    int (*err_set_mark)(void);
    int (*err_pop_to_mark)(void);
    int (*err_clear_last_mark)(void);
    int core_side; /* these are the program's libcrypto's, which is not the module's */
} fx_lib;

typedef struct fx_prov {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    OSSL_FUNC_BIO_read_ex_fn *bio_read_ex; /* decoders read their input through the core */
    int trace;
    atomic_ulong count[FX_CNT_N];
    /* OpenSSL's EC (fb), the algorithms that depend on it and what fastec
     * serves are made on first use (fx_ready), not when the provider is
     * loaded: every program that reads the configuration loads fastec, few
     * of them use EC */
    atomic_int ready;
    pthread_mutex_t ready_lock;
    int no_library; /* libfastec could not be loaded (fastec_lib.h): fastec offers nothing */
    fx_fallback fb; /* fb.provctx is NULL when the default provider could not be loaded */
    /* the signature algorithms offered: "ECDSA", then the sigalgs */
    OSSL_ALGORITHM signature_algs[FX_SIGALGS + 2];
    OSSL_ALGORITHM encoder_algs[FX_ENCODERS + 1]; /* the encoders' relays (encoder.c) */
    int serve_mode;                 /* FX_SERVE_* */
    unsigned serve[FX_MAX_CURVES];  /* per curve (table order), bit op: fastec serves it */
    int policy;                     /* FX_POLICY_* */
    /* The OpenSSL that loaded fastec is not the libcrypto the module links
     * (a program with its own copy: a Python wheel, an OpenSSL 4 build
     * loading a module built for 3). OpenSSL's EC inside fastec is then the
     * program's default provider, reached through the program's exported
     * functions (lib), so that it answers as the running OpenSSL does; where
     * the program exports none (a copy linked in with hidden symbols) it is
     * the module's libcrypto's, whose errors fx_fb_errors moves to the
     * program's queue. No call passes the program's objects to the module's
     * libcrypto. */
    int foreign_core;
    const void *core_fn; /* a function of the program's libcrypto (its core) */
    fx_lib lib;
} fx_prov;

/* p->lib, from the program's libcrypto when it is foreign and exports every
 * function, else from the module's */
void fx_lib_init(fx_prov *p);
#define FX_ERR_SET_MARK(p) ((p)->lib.err_set_mark())
#define FX_ERR_POP_TO_MARK(p) ((p)->lib.err_pop_to_mark())
#define FX_ERR_CLEAR_LAST_MARK(p) ((p)->lib.err_clear_last_mark())

/* makes what fx_prov says is made on first use, once (without OpenSSL's EC,
 * when the default provider cannot be loaded, fastec serves all of its own
 * curves and nothing else) */
void fx_ready(fx_prov *p);

/* the errors OpenSSL's code inside fastec left on the module's libcrypto's
 * queue, moved to the program's (foreign_core only; nothing otherwise) */
void fx_fb_errors(const fx_prov *p);
/* r, after fx_fb_errors: for `return fx_fb_ret(p, fallback call);` */
static inline int fx_fb_ret(const fx_prov *p, int r)
{
    fx_fb_errors(p);
    return r;
}
/* the provider of an object whose first member is its fx_prov * (keys, key
 * generation and every operation context) */
#define FX_PROV_OF(obj) ((obj) ? *(fx_prov *const *)(obj) : (fx_prov *)NULL)
/* name##_relayed: name, then fx_fb_errors for the provider of obj; the
 * dispatch tables name these where a call may run OpenSSL's code */
#define FX_RELAYED(type, name, params, args, obj)                                                             \
    static type name##_relayed params                                                                         \
    {                                                                                                         \
        type r_ = name args;                                                                                  \
        fx_fb_errors(FX_PROV_OF(obj));                                                                        \
        return r_;                                                                                            \
    }
/* the loaded object (shared library or program) that holds addr: its load
 * base and file name; 0 if none */
int fx_object_of(const void *addr, uintptr_t *base, const char **name);
/* a symbol of the program's libcrypto (the one whose core loaded fastec),
 * or NULL where it exports none by that name */
void *fx_core_symbol(const fx_prov *p, const char *name);

/* ---- serving (serve.c) ---- */
/* the serving setting: "auto" or NULL (the measured table), "all", "none";
 * 0 for another */
int fx_serve_setting(fx_prov *p, const char *setting);
/* the serving of every curve, from the setting (fx_ready) */
void fx_serve_compute(fx_prov *p);
/* fastec serves op on c (a fastec curve) */
int fx_serves(const fx_prov *p, const fastec_curve *c, enum fx_op op);
const char *fx_op_name(enum fx_op op);
/* "sect163k1(vpclmul512):keygen,derive,sign,verify secp256r1(adx):derive ..." into out */
size_t fx_serve_describe(const fx_prov *p, char *out, size_t cap);

/* the configuration's "prefer" (NULL: not given, as when a program loads
 * fastec): with "yes", "?provider=fastec" added to the library context's
 * default properties where they allow it (config.c); 0 for another value */
int fx_config_prefer(fx_prov *p, OSSL_LIB_CTX *libctx, const char *prefer);

/* Reason codes of the errors the provider raises (strings in provider.c). */
enum {
    FX_R_UNSUPPORTED_CURVE = 1,
    FX_R_EXPLICIT_PARAMS,
    FX_R_NO_CURVE,
    FX_R_INVALID_PUBLIC_KEY,
    FX_R_INVALID_PRIVATE_KEY,
    FX_R_KEYPAIR_MISMATCH,
    FX_R_MISSING_PUBLIC_KEY,
    FX_R_MISSING_PRIVATE_KEY,
    FX_R_CURVE_MISMATCH,
    FX_R_MALFORMED_SIGNATURE,
    FX_R_BAD_SIGNATURE,
    FX_R_UNSUPPORTED_DIGEST,
    FX_R_DIGEST_LENGTH,
    FX_R_UNSUPPORTED_KDF,
    FX_R_INVALID_PARAM,
    FX_R_BUFFER_TOO_SMALL,
    FX_R_NOT_INITIALIZED,
    FX_R_RANDOM,
    FX_R_LIBRARY
};

/* Puts an error on the calling thread's OpenSSL error queue. */
void fx_raise_at(const fx_prov *p, const char *file, int line, const char *func, int reason, const char *fmt, ...);
#define FX_RAISE(p, reason, ...) fx_raise_at((p), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)
/* The reason for a libfastec return code. */
int fx_reason_of(int rc);
/* Counts an operation and traces it when asked. */
void fx_count(fx_prov *p, enum fx_counter k, const fastec_curve *c);
/* Counts an operation handed to OpenSSL's EC and traces it as
 * "fallback <what> <group>". */
void fx_count_fallback(fx_prov *p, const char *what, const char *group);

/* ---- curves ---- */
/* A group name as OpenSSL spells it (SEC 2, NIST, OpenSSL short names, any
 * case, or the dotted OID) to a fastec curve; NULL if fastec has none. */
const fastec_curve *fx_curve_lookup(const char *name);
/* OpenSSL's short name for the curve ("prime256v1", "sect283k1"), what the
 * default provider exports and TLS uses. */
const char *fx_curve_ossl_name(const fastec_curve *c);
/* Security bits as OpenSSL computes them (SP 800-57 classes from bitlen(n)). */
int fx_curve_security_bits(const fastec_curve *c);
/* Largest DER ECDSA signature (OpenSSL's ECDSA_size). */
size_t fx_ecdsa_max_der(const fastec_curve *c);

/* ---- digests ---- */
/* OpenSSL digest names and aliases ("SHA256", "SHA2-256", "sha-256", OID) to
 * FASTEC_SHA*; 0 if fastec does not implement the digest. */
int fx_digest_lookup(const char *name);
const char *fx_digest_name(int alg); /* OpenSSL's canonical name, "SHA2-256" */

/* ---- keys ---- */
enum { FX_PF_UNCOMPRESSED = 0, FX_PF_COMPRESSED = 1, FX_PF_HYBRID = 2 };
enum { FX_GC_DEFAULT = 0, FX_GC_NAMED = 1, FX_GC_NAMED_NIST = 2 };

typedef struct fx_key {
    fx_prov *prov;
    atomic_int refs;
    const fastec_curve *curve;    /* NULL until a group is set */
    int has_pub, has_priv;
    int point_format;             /* FX_PF_*: how "pub" is exported */
    int explicit_encoding;        /* "encoding" = "explicit" (the curve stays named) */
    int cofactor_flag;            /* "use-cofactor-flag" */
    int include_public;           /* "include-public" */
    int group_check;              /* "group-check": FX_GC_* */
    size_t pub_len;               /* 1 + 2 field_size when has_pub */
    uint8_t pub[FX_MAX_PUB];      /* uncompressed, validated */
    uint8_t priv[FX_MAX_SCALAR];  /* scalar_size bytes, in [1, n-1] */
    /* A key fastec cannot serve (a curve it lacks, explicit parameters) is
     * held by OpenSSL's EC key management: fb is that key data and curve is
     * NULL. A fastec key gets an OpenSSL copy (twin) the first time an
     * operation needs one; it is made once and kept until the key is freed. */
    void *fb;
    void *_Atomic twin;
} fx_key;

fx_key *fx_key_new(fx_prov *p);
int fx_key_up_ref(fx_key *k);
void fx_key_free(fx_key *k); /* drops a reference; the last one wipes the key */
/* *slot holds k from now on: a reference taken on k, the old one dropped */
void fx_key_hold(fx_key **slot, fx_key *k);
/* A SEC 1 point in any form (uncompressed, compressed, hybrid) checked as
 * fastec_public_key_check does and stored uncompressed; raises on failure. */
int fx_key_set_public(fx_key *k, const uint8_t *enc, size_t len);
/* The key as OSSL_PARAMs for the selection, handed to cb (the key management's export). */
int fx_key_export(fx_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg);

/* k is one of fastec's keys whose curve fastec does not serve op on here
 * (serve.c): the operation goes to OpenSSL's EC, as for a curve fastec lacks */
static inline int fx_key_not_served(const fx_key *k, enum fx_op op)
{
    return !k->fb && k->curve && !fx_serves(k->prov, k->curve, op);
}

/* ---- OpenSSL's EC (fallback.c) ---- */
int fx_fallback_init(fx_prov *p);
void fx_fallback_free(fx_prov *p);
/* The default provider's function of that id from the table (km, kx, sig),
 * cast to its type; NULL when it has none or fallback is unavailable. */
#define FX_FB(p, table, id, type) ((type *)((id) < FX_FB_FNS ? (p)->fb.table[(id)] : NULL))
/* OpenSSL's key data for k: k->fb, or the twin of a fastec key (made on first
 * use); NULL (error raised) if it cannot be had. Owned by k. */
void *fx_key_ossl(fx_key *k);
/* A new fastec key object holding OpenSSL's key data fb (taken over). */
fx_key *fx_key_wrap(fx_prov *p, void *fb);
/* The group name of an OpenSSL key, for traces ("explicit" if it has none). */
const char *fx_fb_group(fx_prov *p, void *fb, char *buf, size_t len);

extern const OSSL_DISPATCH fx_keymgmt_functions[];
extern const OSSL_DISPATCH fx_ecdh_functions[];
extern const OSSL_DISPATCH fx_ecdsa_functions[];
extern const OSSL_DISPATCH *const fx_ecdsa_sigalg_functions[FX_SIGALGS];
extern const OSSL_DISPATCH *const fx_encoder_functions[FX_ENCODERS];
extern const OSSL_DISPATCH fx_decoder_pkcs8_functions[], fx_decoder_sec1_functions[], fx_decoder_spki_functions[];
int fx_tls_group_capability(OSSL_CALLBACK *cb, void *arg);

#endif
