/* SPDX-License-Identifier: Apache-2.0 */
/* Key files and signature encodings: SEC 1 ECPrivateKey (RFC 5915), PKCS#8
 * PrivateKeyInfo (RFC 5208) and EncryptedPrivateKeyInfo with PBES2 (RFC
 * 8018: PBKDF2, AES-CBC), SubjectPublicKeyInfo (RFC 5480), each DER or PEM,
 * named curves only; DER ECDSA signatures. Parsers are strict about DER and
 * lenient where openssl is (text around PEM blocks, other blocks, a private
 * key with a leading zero byte, hybrid points) and never allocate. The
 * private key and the passphrase pass through here in the clear (they are the
 * file's content); copies on the stack are wiped. */
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "encode/der.h"
#include "encode/keyfile.h"
#include "encode/sec1.h"
#include "err.h"
#include "hash/hash.h"
#include "proto/proto.h"
#include "sym/aes.h"

#define MAX_KEY_DER 512
/* a file asking for more is refused (RC_CIPHER) rather than run for minutes;
 * FASTEC_PBKDF2_MAX_ITERATIONS in fastec.h. Fuzzing builds refuse more than
 * a thousand, so that an input cannot stall the fuzzer. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define MAX_PBKDF2_ITERATIONS 1000u
#else
#define MAX_PBKDF2_ITERATIONS 10000000u
#endif

static const uint8_t oid_ec_public_key[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}; /* 1.2.840.10045.2.1 */
static const uint8_t oid_pbes2[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0d};  /* 1.2.840.113549.1.5.13 */
static const uint8_t oid_pbkdf2[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0c}; /* 1.2.840.113549.1.5.12 */
/* hmacWithSHA1, -SHA224, -SHA256, -SHA384, -SHA512: 1.2.840.113549.2.{7,8,9,10,11} */
static const uint8_t oid_hmac_prefix[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02};
/* aes128-CBC, aes192-CBC, aes256-CBC: 2.16.840.1.101.3.4.1.{2,22,42} */
static const uint8_t oid_aes_prefix[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01};

static const char *const priv_labels[] = {"EC PRIVATE KEY", "PRIVATE KEY", "ENCRYPTED PRIVATE KEY", NULL};
static const char *const pub_labels[] = {"PUBLIC KEY", NULL};

/* the SEC 1 public key of a private key in form (SEC1_*); RC_PRIVKEY unless
 * it is in [1, n-1] */
static int public_of(const struct fastec_curve *c, const uint8_t *priv, int form, uint8_t *pub, size_t *pub_len)
{
    const ec_ops *ops = ec_ops_for(c);
    ec_point P;
    int rc = proto_public_of(c, ops, priv, &P);
    if (rc) return rc;
    return sec1_encode(c, ops, &P, form, pub, pub_len);
}

/* a SEC 1 public key is valid (encoding, range, curve, subgroup) */
static int public_check(const struct fastec_curve *c, const uint8_t *pub, size_t pub_len)
{
    ec_point P;
    return sec1_decode(c, ec_ops_for(c), &P, pub, pub_len);
}

/* A point as a key file may hold it: uncompressed, compressed or hybrid
 * (0x06/0x07 || x || y, whose prefix bit must be y's compression bit); the
 * same point in *out uncompressed (hybrid) or as given, checked in full. */
static int public_from_file(const struct fastec_curve *c, const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    const size_t fs = c->field_size;
    if (len == 1 + 2 * fs && (in[0] == 0x06 || in[0] == 0x07)) {
        const ec_ops *ops = ec_ops_for(c);
        uint8_t un[1 + 2 * EC_MAX_FIELD_BYTES];
        ec_point P;
        un[0] = 0x04;
        memcpy(un + 1, in + 1, 2 * fs);
        int rc = sec1_decode(c, ops, &P, un, len);
        if (rc) return rc;
        if (ec_ops_point_ybit_vartime(ops, c, &P) != (in[0] & 1)) return RC_ENCODING;
        if (*out_len < len) return RC_BUFFER;
        memcpy(out, un, len);
        *out_len = len;
        return RC_OK;
    }
    int rc = public_check(c, in, len);
    if (rc) return rc;
    if (*out_len < len) return RC_BUFFER;
    memmove(out, in, len);
    *out_len = len;
    return RC_OK;
}

/* ---- signatures ---- */

int keyfile_sig_to_der(const struct fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len)
{
    size_t ss = c->scalar_size;
    size_t body = der_uint_size(sig, ss) + der_uint_size(sig + ss, ss);
    if (*der_len < der_size(body)) return RC_BUFFER;
    der_out o = {der, *der_len, 0, 0};
    der_put_header(&o, DER_SEQUENCE, body);
    der_put_uint(&o, sig, ss);
    der_put_uint(&o, sig + ss, ss);
    if (o.err) return RC_BUFFER;
    *der_len = o.pos;
    return RC_OK;
}

int keyfile_sig_from_der(const struct fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig)
{
    der_in in = {der, der_len}, seq, r, s;
    int rc;
    if ((rc = der_read(&in, DER_SEQUENCE, &seq)) || in.n) return rc ? rc : RC_DER;
    if ((rc = der_read(&seq, DER_INTEGER, &r)) || (rc = der_read(&seq, DER_INTEGER, &s))) return rc;
    if (seq.n) return RC_DER;
    size_t ss = c->scalar_size;
    if ((rc = der_uint_to_fixed(&r, sig, ss)) || (rc = der_uint_to_fixed(&s, sig + ss, ss))) return rc;
    return RC_OK;
}

/* ---- helpers ---- */

static int oid_is(const der_in *oid, const uint8_t *want, size_t n) { return oid->n == n && !memcmp(oid->p, want, n); }

/* AlgorithmIdentifier { id-ecPublicKey, namedCurve } -> curve */
static int read_algid(der_in *in, const struct fastec_curve **c)
{
    der_in alg, oid;
    int rc;
    if ((rc = der_read(in, DER_SEQUENCE, &alg))) return rc;
    if ((rc = der_read(&alg, DER_OID, &oid))) return rc;
    if (!oid_is(&oid, oid_ec_public_key, sizeof oid_ec_public_key)) return RC_ALGORITHM;
    int t = der_peek(&alg);
    if (t == DER_SEQUENCE) return RC_EXPLICIT_PARAMS;
    if (t == DER_NULL || t < 0) return RC_NO_CURVE;
    if ((rc = der_read(&alg, DER_OID, &oid))) return rc;
    if (alg.n) return RC_DER;
    *c = ec_curve_by_oid(oid.p, oid.n);
    return *c ? RC_OK : RC_CURVE_OID;
}

static void put_algid(der_out *o, const struct fastec_curve *c)
{
    der_put_header(o, DER_SEQUENCE, der_size(sizeof oid_ec_public_key) + der_size(c->oid_len));
    der_put(o, DER_OID, oid_ec_public_key, sizeof oid_ec_public_key);
    der_put(o, DER_OID, c->oid, c->oid_len);
}

/* What a PEM input without a block of the wanted kind holds instead. */
static int classify_other(const char *other, int want_private)
{
    if (!other[0]) return RC_PEM;
    if (want_private && (strstr(other, "PUBLIC KEY") || !strcmp(other, "CERTIFICATE"))) return RC_NOT_PRIVATE;
    /* an EC private key where a public one was asked for: not a public key
     * file (the caller may derive the public key from it) */
    if (!want_private && (!strcmp(other, "EC PRIVATE KEY") || !strcmp(other, "PRIVATE KEY") ||
                          !strcmp(other, "ENCRYPTED PRIVATE KEY")))
        return RC_PEM;
    if (strstr(other, "PRIVATE KEY") || strstr(other, "PUBLIC KEY")) return RC_ALGORITHM; /* RSA, DSA, ... */
    return RC_PEM;
}

/* input as DER: PEM-decoded into buf when armored */
static int unarmor(const uint8_t *in, size_t in_len, int want_private, uint8_t *buf, size_t cap, der_in *der,
                   char label[64])
{
    char other[64];
    label[0] = 0;
    if (!pem_detect(in, in_len)) {
        der->p = in;
        der->n = in_len;
        return RC_OK;
    }
    size_t n;
    int rc = pem_decode(in, in_len, want_private ? priv_labels : pub_labels, label, other, buf, cap, &n);
    if (rc == RC_PEM && !label[0]) return classify_other(other, want_private);
    if (rc) return rc;
    der->p = buf;
    der->n = n;
    return RC_OK;
}

static int finish(der_out *o, const uint8_t *der, int pem, const char *label, uint8_t *out, size_t *out_len)
{
    if (o->err) return RC_INTERNAL;
    if (pem) return pem_encode(label, der, o->pos, out, out_len);
    if (*out_len < o->pos) return RC_BUFFER;
    memcpy(out, der, o->pos);
    *out_len = o->pos;
    return RC_OK;
}

/* the shape of a DER structure: PKCS#8 PrivateKeyInfo, SEC 1 ECPrivateKey,
 * EncryptedPrivateKeyInfo, SubjectPublicKeyInfo, or none of these */
enum shape { SHAPE_OTHER, SHAPE_PKCS8, SHAPE_SEC1, SHAPE_ENCRYPTED, SHAPE_SPKI };

static enum shape shape_of(der_in der)
{
    der_in seq, first, second;
    if (der_read(&der, DER_SEQUENCE, &seq)) return SHAPE_OTHER;
    int t = der_peek(&seq);
    if (t == DER_INTEGER) {
        unsigned v;
        if (der_read(&seq, DER_INTEGER, &first) || der_small_uint(&first, &v)) return SHAPE_OTHER;
        if (v == 0 && der_peek(&seq) == DER_SEQUENCE) return SHAPE_PKCS8;
        if (v == 1 && der_peek(&seq) == DER_OCTET_STRING) return SHAPE_SEC1;
        return SHAPE_OTHER;
    }
    if (t == DER_SEQUENCE) {
        if (der_read(&seq, DER_SEQUENCE, &first)) return SHAPE_OTHER;
        int t2 = der_peek(&seq);
        (void)second;
        if (t2 == DER_OCTET_STRING) return SHAPE_ENCRYPTED;
        if (t2 == DER_BIT_STRING) return SHAPE_SPKI;
    }
    return SHAPE_OTHER;
}

/* ---- private keys ---- */

/* ECPrivateKey; with_params adds [0] namedCurve */
static void put_ecprivatekey(der_out *o, const struct fastec_curve *c, const uint8_t *priv, const uint8_t *pub,
                             size_t pub_len, int with_params)
{
    static const uint8_t one = 1;
    size_t ss = c->scalar_size;
    size_t params = der_size(der_size(c->oid_len)), pubk = der_size(der_size(pub_len + 1));
    der_put_header(o, DER_SEQUENCE, der_size(1) + der_size(ss) + (with_params ? params : 0) + pubk);
    der_put(o, DER_INTEGER, &one, 1);
    der_put(o, DER_OCTET_STRING, priv, ss);
    if (with_params) {
        der_put_header(o, DER_CTX0, der_size(c->oid_len));
        der_put(o, DER_OID, c->oid, c->oid_len);
    }
    der_put_header(o, DER_CTX1, der_size(pub_len + 1));
    der_put_header(o, DER_BIT_STRING, pub_len + 1);
    der_put_raw(o, (const uint8_t *)"", 1);
    der_put_raw(o, pub, pub_len);
}

/* the DER of the private key, PKCS#8 or SEC 1, into der (MAX_KEY_DER), its
 * public key in the form pub_form (SEC1_*) */
static int private_der(const struct fastec_curve *c, const uint8_t *priv, int pkcs8, int pub_form, uint8_t *der,
                       size_t *len)
{
    uint8_t pub[1 + 2 * EC_MAX_FIELD_BYTES], inner[MAX_KEY_DER];
    size_t pl = sizeof pub;
    int rc = public_of(c, priv, pub_form, pub, &pl);
    if (rc) return rc;
    der_out o = {der, MAX_KEY_DER, 0, 0};
    if (!pkcs8) {
        put_ecprivatekey(&o, c, priv, pub, pl, 1);
    } else {
        static const uint8_t zero = 0;
        der_out io = {inner, sizeof inner, 0, 0};
        put_ecprivatekey(&io, c, priv, pub, pl, 0);
        size_t alg = der_size(der_size(sizeof oid_ec_public_key) + der_size(c->oid_len));
        der_put_header(&o, DER_SEQUENCE, der_size(1) + alg + der_size(io.pos));
        der_put(&o, DER_INTEGER, &zero, 1);
        put_algid(&o, c);
        der_put(&o, DER_OCTET_STRING, inner, io.pos);
        if (io.err) o.err = 1;
    }
    ct_wipe(inner, sizeof inner);
    if (o.err) return RC_INTERNAL;
    *len = o.pos;
    return RC_OK;
}

int keyfile_private_encode(const struct fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int pub_form,
                           uint8_t *out, size_t *out_len)
{
    uint8_t der[MAX_KEY_DER];
    size_t dl;
    int rc = private_der(c, priv, pkcs8, pub_form, der, &dl);
    if (!rc) {
        der_out o = {der, sizeof der, dl, 0};
        rc = finish(&o, der, pem, pkcs8 ? "PRIVATE KEY" : "EC PRIVATE KEY", out, out_len);
    }
    ct_wipe(der, sizeof der);
    return rc;
}

/* ECPrivateKey contents; *c may be preset by PKCS#8 (then [0] must agree);
 * *form (if form) the first byte of the embedded public key as stored, 0
 * when there is none */
static int read_ecprivatekey(der_in in, const struct fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form)
{
    der_in seq, v, key, ctx, oid, bits;
    unsigned ver;
    int rc;
    if ((rc = der_read(&in, DER_SEQUENCE, &seq))) return rc;
    if (in.n) return RC_DER;
    if ((rc = der_read(&seq, DER_INTEGER, &v)) || (rc = der_small_uint(&v, &ver))) return rc;
    if (ver != 1) return RC_VERSION;
    if ((rc = der_read(&seq, DER_OCTET_STRING, &key))) return rc;
    if (der_peek(&seq) == DER_CTX0) {
        if ((rc = der_read(&seq, DER_CTX0, &ctx))) return rc;
        int t = der_peek(&ctx);
        if (t == DER_SEQUENCE) return RC_EXPLICIT_PARAMS;
        if (t != DER_OID) return RC_NO_CURVE;
        if ((rc = der_read(&ctx, DER_OID, &oid))) return rc;
        if (ctx.n) return RC_DER;
        const struct fastec_curve *pc = ec_curve_by_oid(oid.p, oid.n);
        if (!pc) return RC_CURVE_OID;
        if (*c && *c != pc) return RC_KEY_MISMATCH;
        *c = pc;
    }
    if (!*c) return RC_NO_CURVE;
    const size_t ss = (*c)->scalar_size;
    /* leading zero bytes beyond the order's length carry no value (older
     * OpenSSL versions wrote 33-byte P-256 keys) */
    while (key.n > ss && key.p[0] == 0) {
        key.p++;
        key.n--;
    }
    if (key.n == 0 || key.n > ss) return RC_PRIVKEY;
    if (priv_cap < ss) return RC_BUFFER;
    memset(priv, 0, ss - key.n);
    memcpy(priv + ss - key.n, key.p, key.n);
    uint8_t pub[1 + 2 * EC_MAX_FIELD_BYTES];
    size_t pl = sizeof pub;
    if ((rc = public_of(*c, priv, SEC1_UNCOMPRESSED, pub, &pl))) return rc; /* range check of the key */
    if (der_peek(&seq) == DER_CTX1) {
        if ((rc = der_read(&seq, DER_CTX1, &ctx)) || (rc = der_read(&ctx, DER_BIT_STRING, &bits))) return rc;
        if (ctx.n || bits.n < 2 || bits.p[0] != 0) return RC_DER;
        /* the embedded key in any form: uncompressed, compressed, hybrid */
        uint8_t emb[1 + 2 * EC_MAX_FIELD_BYTES];
        size_t el = sizeof emb;
        if (public_from_file(*c, bits.p + 1, bits.n - 1, emb, &el)) return RC_KEY_MISMATCH;
        uint8_t cmp[1 + 2 * EC_MAX_FIELD_BYTES];
        size_t cl = sizeof cmp;
        const int compressed = emb[0] == 0x02 || emb[0] == 0x03;
        if ((rc = public_of(*c, priv, compressed ? SEC1_COMPRESSED : SEC1_UNCOMPRESSED, cmp, &cl))) return rc;
        if (cl != el || memcmp(cmp, emb, cl)) return RC_KEY_MISMATCH;
        if (form) *form = bits.p[1];
    }
    if (seq.n) return RC_DER;
    return RC_OK;
}

/* PKCS#8 PrivateKeyInfo */
static int read_pkcs8(der_in der, const struct fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form)
{
    unsigned ver;
    der_in top, inner, v, alg;
    int rc;
    if ((rc = der_read(&der, DER_SEQUENCE, &top))) return rc;
    if (der.n) return RC_DER;
    if ((rc = der_read(&top, DER_INTEGER, &v)) || (rc = der_small_uint(&v, &ver))) return rc;
    if (ver != 0) return RC_VERSION;
    alg = top;
    if ((rc = read_algid(&alg, c))) return rc;
    top = alg;
    if ((rc = der_read(&top, DER_OCTET_STRING, &inner))) return rc;
    if (top.n && der_peek(&top) == DER_CTX0) {
        /* [0] attributes (a friendly name, a key usage): read past, as
         * OpenSSL does; they say nothing about the key */
        der_in attrs;
        if ((rc = der_read(&top, DER_CTX0, &attrs))) return rc;
    }
    if (top.n) return RC_DER; /* anything else ([1] publicKey comes with version 1 only) */
    return read_ecprivatekey(inner, c, priv, priv_cap, form);
}

/* ---- PBES2 (RFC 8018): PBKDF2 with HMAC-SHA-1/SHA-2, AES-CBC ---- */

typedef struct {
    der_in salt, iv, data;
    unsigned iterations;
    const hash_desc *prf;
    size_t key_len;
} pbes2_params;

static int read_pbes2(der_in der, pbes2_params *p)
{
    der_in top, alg, oid, params, kdf, kdfp, enc, prf, v;
    int rc;
    if ((rc = der_read(&der, DER_SEQUENCE, &top))) return rc;
    if (der.n) return RC_DER;
    if ((rc = der_read(&top, DER_SEQUENCE, &alg)) || (rc = der_read(&alg, DER_OID, &oid))) return rc;
    if (!oid_is(&oid, oid_pbes2, sizeof oid_pbes2)) return RC_CIPHER; /* PBES1, PKCS#12 schemes */
    if ((rc = der_read(&alg, DER_SEQUENCE, &params)) || alg.n) return rc ? rc : RC_DER;
    if ((rc = der_read(&params, DER_SEQUENCE, &kdf)) || (rc = der_read(&kdf, DER_OID, &oid))) return rc;
    if (!oid_is(&oid, oid_pbkdf2, sizeof oid_pbkdf2)) return RC_CIPHER; /* scrypt */
    if ((rc = der_read(&kdf, DER_SEQUENCE, &kdfp)) || kdf.n) return rc ? rc : RC_DER;
    if ((rc = der_read(&kdfp, DER_OCTET_STRING, &p->salt))) return rc;
    unsigned long iter, key_len_field = 0;
    if ((rc = der_read(&kdfp, DER_INTEGER, &v)) || (rc = der_uint_u32(&v, &iter)))
        return rc == RC_RANGE_U32 ? RC_CIPHER : rc;
    if (iter == 0) return RC_DER;
    if (iter > MAX_PBKDF2_ITERATIONS) return RC_CIPHER; /* refused rather than run for hours */
    p->iterations = (unsigned)iter;
    if (der_peek(&kdfp) == DER_INTEGER) {
        if ((rc = der_read(&kdfp, DER_INTEGER, &v)) || (rc = der_uint_u32(&v, &key_len_field)))
            return rc == RC_RANGE_U32 ? RC_DER : rc;
    }
    p->prf = &hash_sha1; /* the default */
    if (der_peek(&kdfp) == DER_SEQUENCE) {
        if ((rc = der_read(&kdfp, DER_SEQUENCE, &prf)) || (rc = der_read(&prf, DER_OID, &oid))) return rc;
        if (oid.n != sizeof oid_hmac_prefix + 1 || memcmp(oid.p, oid_hmac_prefix, sizeof oid_hmac_prefix))
            return RC_CIPHER;
        switch (oid.p[sizeof oid_hmac_prefix]) {
        case 7: p->prf = &hash_sha1; break;
        case 8: p->prf = &hash_sha224; break;
        case 9: p->prf = &hash_sha256; break;
        case 10: p->prf = &hash_sha384; break;
        case 11: p->prf = &hash_sha512; break;
        default: return RC_CIPHER;
        }
        if (der_peek(&prf) == DER_NULL && (rc = der_read(&prf, DER_NULL, &v))) return rc;
        if (prf.n) return RC_DER;
    }
    if (kdfp.n) return RC_DER;
    if ((rc = der_read(&params, DER_SEQUENCE, &enc)) || params.n) return rc ? rc : RC_DER;
    if ((rc = der_read(&enc, DER_OID, &oid))) return rc;
    if (oid.n != sizeof oid_aes_prefix + 1 || memcmp(oid.p, oid_aes_prefix, sizeof oid_aes_prefix)) return RC_CIPHER;
    switch (oid.p[sizeof oid_aes_prefix]) {
    case 2: p->key_len = 16; break;
    case 22: p->key_len = 24; break;
    case 42: p->key_len = 32; break;
    default: return RC_CIPHER; /* another AES mode */
    }
    if (key_len_field && key_len_field != p->key_len) return RC_DER;
    if ((rc = der_read(&enc, DER_OCTET_STRING, &p->iv)) || enc.n) return rc ? rc : RC_DER;
    if (p->iv.n != 16) return RC_DER;
    if ((rc = der_read(&top, DER_OCTET_STRING, &p->data)) || top.n) return rc ? rc : RC_DER;
    if (p->data.n == 0 || p->data.n % 16 || p->data.n > MAX_KEY_DER) return RC_DER;
    return RC_OK;
}

static int decrypt_pkcs8(der_in der, const char *pass, size_t pass_len, const struct fastec_curve **c,
                         uint8_t *priv, size_t priv_cap, int *form)
{
    pbes2_params p;
    int rc = read_pbes2(der, &p);
    if (rc) return rc;
    if (!pass) return RC_ENCRYPTED;
    uint8_t key[32], iv[16], plain[MAX_KEY_DER];
    aes_key k;
    pbkdf2(p.prf, (const uint8_t *)pass, pass_len, p.salt.p, p.salt.n, p.iterations, key, p.key_len);
    aes_set_key(&k, key, p.key_len);
    memcpy(iv, p.iv.p, 16);
    aes_cbc_decrypt(&k, iv, plain, p.data.p, p.data.n / 16);
    /* PKCS#7 padding, checked without a branch on the decrypted bytes (the
     * last 16 always read). A wrong passphrase almost always breaks it or the
     * DER and gives RC_PASSPHRASE; a plaintext that is one DER SEQUENCE
     * filling it exactly (a wrong passphrase gives that about once in 2^24
     * tries) was decrypted with the right one, and what is wrong with the
     * key inside is reported as it is (RC_VERSION for a v2 OneAsymmetricKey
     * or a SEC 1 body, RC_DER, a curve, a range) */
    size_t n = p.data.n;
    unsigned pad = plain[n - 1];
    unsigned bad = (pad - 1u) >> 4; /* non-zero unless 1 <= pad <= 16 */
    for (unsigned i = 1; i <= 16; i++) {
        unsigned in_pad = ((pad - i) >> 31) - 1u; /* all ones when i <= pad */
        bad |= (plain[n - i] ^ pad) & in_pad;
    }
    if (!bad) {
        der_in inner = {plain, n - pad}, whole = inner, seq;
        if (der_read(&whole, DER_SEQUENCE, &seq) == RC_OK && whole.n == 0) rc = read_pkcs8(inner, c, priv, priv_cap, form);
        else rc = RC_PASSPHRASE;
    } else {
        rc = RC_PASSPHRASE;
    }
    ct_wipe(key, sizeof key);
    ct_wipe(plain, sizeof plain);
    ct_wipe(&k, sizeof k);
    return rc;
}

int keyfile_private_decrypt(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                            const struct fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form)
{
    uint8_t buf[4096];
    char label[64];
    der_in der;
    *c = NULL;
    if (form) *form = 0;
    int rc = unarmor(in, in_len, 1, buf, sizeof buf, &der, label);
    if (rc) goto out;
    enum shape sh = shape_of(der);
    if (label[0]) {
        /* the label must agree with the contents */
        int want = !strcmp(label, "PRIVATE KEY")             ? SHAPE_PKCS8
                   : !strcmp(label, "ENCRYPTED PRIVATE KEY") ? SHAPE_ENCRYPTED
                                                             : SHAPE_SEC1;
        if ((int)sh != want) {
            rc = RC_PEM;
            goto out;
        }
    }
    switch (sh) {
    case SHAPE_SEC1: rc = read_ecprivatekey(der, c, priv, priv_cap, form); break;
    case SHAPE_PKCS8: rc = read_pkcs8(der, c, priv, priv_cap, form); break;
    case SHAPE_ENCRYPTED: rc = decrypt_pkcs8(der, pass, pass_len, c, priv, priv_cap, form); break;
    case SHAPE_SPKI: rc = RC_NOT_PRIVATE; break;
    default: rc = RC_DER; break;
    }
out:
    ct_wipe(buf, sizeof buf);
    if (rc) {
        *c = NULL;
        ct_wipe(priv, priv_cap);
    }
    return rc;
}

int keyfile_private_decode(const uint8_t *in, size_t in_len, const struct fastec_curve **c, uint8_t *priv,
                           size_t priv_cap)
{
    return keyfile_private_decrypt(in, in_len, NULL, 0, c, priv, priv_cap, NULL);
}

int keyfile_private_encrypt(const struct fastec_curve *c, const uint8_t *priv, const char *pass, size_t pass_len,
                            int aes256, unsigned iterations, int pem, int pub_form, int size_only, uint8_t *out,
                            size_t *out_len)
{
    uint8_t plain[MAX_KEY_DER + 16], salt[16], iv[16], iv0[16], key[32], der[MAX_KEY_DER + 128];
    size_t pl;
    aes_key k;
    const size_t klen = aes256 ? 32 : 16;
    int rc = private_der(c, priv, 1, pub_form, plain, &pl);
    if (rc) return rc;
    /* PKCS#7 padding */
    size_t pad = 16 - pl % 16;
    memset(plain + pl, (int)pad, pad);
    pl += pad;
    if (size_only) {
        /* the same structure with zeros for salt, IV and ciphertext: its
         * size without the key derivation's cost */
        memset(salt, 0, sizeof salt);
        memset(iv, 0, sizeof iv);
        memset(plain, 0, pl);
        memset(key, 0, sizeof key);
    } else {
        if ((rc = proto_os_random(NULL, salt, sizeof salt)) || (rc = proto_os_random(NULL, iv, sizeof iv))) goto out;
        pbkdf2(&hash_sha256, (const uint8_t *)pass, pass_len, salt, sizeof salt, iterations, key, klen);
        aes_set_key(&k, key, klen);
    }
    memcpy(iv0, iv, 16); /* the CBC call moves iv on to the last block */
    if (!size_only) aes_cbc_encrypt(&k, iv, plain, plain, pl / 16); /* in place: plain now holds the ciphertext */
    /* EncryptedPrivateKeyInfo { PBES2 { PBKDF2 { salt, iterations, hmacWithSHA256 }, aesN-CBC { iv } }, data } */
    uint8_t iter_be[4] = {(uint8_t)(iterations >> 24), (uint8_t)(iterations >> 16), (uint8_t)(iterations >> 8),
                          (uint8_t)iterations};
    static const uint8_t hmac256[] = {0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x09};
    uint8_t aes_oid[sizeof oid_aes_prefix + 1];
    memcpy(aes_oid, oid_aes_prefix, sizeof oid_aes_prefix);
    aes_oid[sizeof oid_aes_prefix] = aes256 ? 42 : 2;
    size_t prf = der_size(der_size(sizeof hmac256) + der_size(0));
    size_t kdfp = der_size(sizeof salt) + der_uint_size(iter_be, 4) + prf;
    size_t kdf = der_size(der_size(sizeof oid_pbkdf2) + der_size(kdfp));
    size_t enc = der_size(der_size(sizeof aes_oid) + der_size(sizeof iv0));
    size_t params = der_size(kdf + enc);
    size_t alg = der_size(der_size(sizeof oid_pbes2) + params);
    der_out o = {der, sizeof der, 0, 0};
    der_put_header(&o, DER_SEQUENCE, alg + der_size(pl));
    der_put_header(&o, DER_SEQUENCE, der_size(sizeof oid_pbes2) + params);
    der_put(&o, DER_OID, oid_pbes2, sizeof oid_pbes2);
    der_put_header(&o, DER_SEQUENCE, kdf + enc);
    der_put_header(&o, DER_SEQUENCE, der_size(sizeof oid_pbkdf2) + der_size(kdfp));
    der_put(&o, DER_OID, oid_pbkdf2, sizeof oid_pbkdf2);
    der_put_header(&o, DER_SEQUENCE, kdfp);
    der_put(&o, DER_OCTET_STRING, salt, sizeof salt);
    der_put_uint(&o, iter_be, 4);
    der_put_header(&o, DER_SEQUENCE, der_size(sizeof hmac256) + der_size(0));
    der_put(&o, DER_OID, hmac256, sizeof hmac256);
    der_put(&o, DER_NULL, NULL, 0);
    der_put_header(&o, DER_SEQUENCE, der_size(sizeof aes_oid) + der_size(sizeof iv0));
    der_put(&o, DER_OID, aes_oid, sizeof aes_oid);
    der_put(&o, DER_OCTET_STRING, iv0, sizeof iv0);
    der_put(&o, DER_OCTET_STRING, plain, pl);
    rc = finish(&o, der, pem, "ENCRYPTED PRIVATE KEY", out, out_len);
out:
    ct_wipe(plain, sizeof plain);
    ct_wipe(key, sizeof key);
    ct_wipe(&k, sizeof k);
    return rc;
}

/* ---- public keys ---- */

int keyfile_public_encode(const struct fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                          size_t *out_len)
{
    /* any form a key file may hold, hybrid included, checked in full and
     * written as given */
    uint8_t chk[1 + 2 * EC_MAX_FIELD_BYTES];
    size_t cl = sizeof chk;
    int rc = public_from_file(c, pub, pub_len, chk, &cl);
    if (rc) return rc;
    uint8_t der[MAX_KEY_DER];
    der_out o = {der, sizeof der, 0, 0};
    size_t alg = der_size(der_size(sizeof oid_ec_public_key) + der_size(c->oid_len));
    der_put_header(&o, DER_SEQUENCE, alg + der_size(pub_len + 1));
    put_algid(&o, c);
    der_put_header(&o, DER_BIT_STRING, pub_len + 1);
    der_put_raw(&o, (const uint8_t *)"", 1);
    der_put_raw(&o, pub, pub_len);
    return finish(&o, der, pem, "PUBLIC KEY", out, out_len);
}

int keyfile_public_decode(const uint8_t *in, size_t in_len, const struct fastec_curve **c, uint8_t *pub,
                          size_t *pub_len, int *form)
{
    uint8_t buf[4096];
    char label[64];
    der_in der, seq, bits;
    *c = NULL;
    int rc = unarmor(in, in_len, 0, buf, sizeof buf, &der, label);
    if (rc) return rc;
    const struct fastec_curve *cc = NULL;
    /* a private key in DER (plain or encrypted) is not a public key file:
     * the caller may read it as a private key */
    enum shape sh = shape_of(der);
    if (sh == SHAPE_PKCS8 || sh == SHAPE_SEC1 || sh == SHAPE_ENCRYPTED) return RC_DER;
    if ((rc = der_read(&der, DER_SEQUENCE, &seq))) return rc;
    if (der.n) return RC_DER;
    if ((rc = read_algid(&seq, &cc))) return rc;
    if ((rc = der_read(&seq, DER_BIT_STRING, &bits))) return rc;
    if (seq.n || bits.n < 2 || bits.p[0] != 0) return RC_DER;
    if ((rc = public_from_file(cc, bits.p + 1, bits.n - 1, pub, pub_len))) return rc;
    if (form) *form = bits.p[1];
    *c = cc;
    return RC_OK;
}
