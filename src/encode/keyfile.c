/* Key files and signature encodings: SEC 1 ECPrivateKey (RFC 5915), PKCS#8
 * PrivateKeyInfo (RFC 5208), SubjectPublicKeyInfo (RFC 5480), each DER or
 * PEM, named curves only; DER ECDSA signatures. Parsers are strict and
 * bounded and never allocate. The private key passes through here in the
 * clear (it is the file's content); copies on the stack are wiped. */
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "encode/der.h"
#include "encode/keyfile.h"
#include "encode/sec1.h"
#include "err.h"
#include "proto/proto.h"

#define MAX_KEY_DER 512

static const uint8_t oid_ec_public_key[] = {0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01}; /* 1.2.840.10045.2.1 */

/* the SEC 1 public key of a private key; RC_PRIVKEY unless it is in [1, n-1] */
static int public_of(const struct fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub, size_t *pub_len)
{
    const ec_ops *ops = ec_ops_for(c);
    sc_t d;
    ec_point P;
    int rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_public_point(c, ops, &d, &P);
    ct_wipe(&d, sizeof d);
    if (rc) return rc;
    return sec1_encode(c, ops, &P, compressed, pub, pub_len);
}

/* a SEC 1 public key is valid (encoding, range, curve, subgroup) */
static int public_check(const struct fastec_curve *c, const uint8_t *pub, size_t pub_len)
{
    ec_point P;
    return sec1_decode(c, ec_ops_for(c), &P, pub, pub_len);
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

/* AlgorithmIdentifier { id-ecPublicKey, namedCurve } -> curve */
static int read_algid(der_in *in, const struct fastec_curve **c)
{
    der_in alg, oid;
    int rc;
    if ((rc = der_read(in, DER_SEQUENCE, &alg))) return rc;
    if ((rc = der_read(&alg, DER_OID, &oid))) return rc;
    if (oid.n != sizeof oid_ec_public_key || memcmp(oid.p, oid_ec_public_key, oid.n)) return RC_ALGORITHM;
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

/* input as DER: PEM-decoded into buf when armored; label checked */
static int unarmor(const uint8_t *in, size_t in_len, const char *const *labels, uint8_t *buf, size_t cap,
                   der_in *der, char label[64])
{
    label[0] = 0;
    if (!pem_detect(in, in_len)) {
        der->p = in;
        der->n = in_len;
        return RC_OK;
    }
    size_t n;
    int rc = pem_decode(in, in_len, label, buf, cap, &n);
    if (rc) return rc;
    for (const char *const *l = labels; *l; l++)
        if (!strcmp(label, *l)) {
            der->p = buf;
            der->n = n;
            return RC_OK;
        }
    return RC_PEM; /* wrong label */
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

int keyfile_private_encode(const struct fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                           size_t *out_len)
{
    uint8_t pub[1 + 2 * EC_MAX_FIELD_BYTES], inner[MAX_KEY_DER], der[MAX_KEY_DER];
    size_t pl = sizeof pub;
    int rc = public_of(c, priv, 0, pub, &pl);
    if (rc) return rc;
    der_out o = {der, sizeof der, 0, 0};
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
    rc = finish(&o, der, pem, pkcs8 ? "PRIVATE KEY" : "EC PRIVATE KEY", out, out_len);
    ct_wipe(inner, sizeof inner);
    ct_wipe(der, sizeof der);
    return rc;
}

/* ECPrivateKey contents; *c may be preset by PKCS#8 (then [0] must agree) */
static int read_ecprivatekey(der_in in, const struct fastec_curve **c, uint8_t *priv, size_t priv_cap)
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
    if (key.n == 0 || key.n > ss) return RC_PRIVKEY;
    if (priv_cap < ss) return RC_BUFFER;
    memset(priv, 0, ss - key.n);
    memcpy(priv + ss - key.n, key.p, key.n);
    uint8_t pub[1 + 2 * EC_MAX_FIELD_BYTES];
    size_t pl = sizeof pub;
    if ((rc = public_of(*c, priv, 0, pub, &pl))) return rc; /* range check of the key */
    if (der_peek(&seq) == DER_CTX1) {
        if ((rc = der_read(&seq, DER_CTX1, &ctx)) || (rc = der_read(&ctx, DER_BIT_STRING, &bits))) return rc;
        if (ctx.n || bits.n < 2 || bits.p[0] != 0) return RC_DER;
        /* the embedded key may be compressed */
        uint8_t cmp[1 + 2 * EC_MAX_FIELD_BYTES];
        size_t cl = sizeof cmp;
        int compressed = bits.p[1] == 0x02 || bits.p[1] == 0x03;
        if ((rc = public_of(*c, priv, compressed, cmp, &cl))) return rc;
        if (cl != bits.n - 1 || memcmp(cmp, bits.p + 1, cl)) return RC_KEY_MISMATCH;
    }
    if (seq.n) return RC_DER;
    return RC_OK;
}

int keyfile_private_decode(const uint8_t *in, size_t in_len, const struct fastec_curve **c, uint8_t *priv,
                           size_t priv_cap)
{
    static const char *const labels[] = {"EC PRIVATE KEY", "PRIVATE KEY", NULL};
    uint8_t buf[4096];
    char label[64];
    der_in der;
    *c = NULL;
    int rc = unarmor(in, in_len, labels, buf, sizeof buf, &der, label);
    if (rc) goto out;
    /* PKCS#8 starts SEQUENCE { INTEGER 0, SEQUENCE ...; ECPrivateKey with INTEGER 1, OCTET STRING */
    der_in probe = der, seq, v, alg;
    int is_pkcs8 = 0;
    if (!der_read(&probe, DER_SEQUENCE, &seq) && !der_read(&seq, DER_INTEGER, &v) && der_peek(&seq) == DER_SEQUENCE)
        is_pkcs8 = 1;
    if (label[0] && is_pkcs8 != !strcmp(label, "PRIVATE KEY")) {
        rc = RC_PEM; /* label does not match the contents */
        goto out;
    }
    if (!is_pkcs8) {
        rc = read_ecprivatekey(der, c, priv, priv_cap);
        goto out;
    }
    unsigned ver;
    der_in top, inner;
    if ((rc = der_read(&der, DER_SEQUENCE, &top))) goto out;
    if (der.n) {
        rc = RC_DER;
        goto out;
    }
    if ((rc = der_read(&top, DER_INTEGER, &v)) || (rc = der_small_uint(&v, &ver))) goto out;
    if (ver != 0) {
        rc = RC_VERSION;
        goto out;
    }
    alg = top;
    if ((rc = read_algid(&alg, c))) goto out;
    top = alg;
    if ((rc = der_read(&top, DER_OCTET_STRING, &inner))) goto out;
    if (top.n) {
        rc = RC_DER; /* attributes or anything else: not produced by OpenSSL, refused */
        goto out;
    }
    rc = read_ecprivatekey(inner, c, priv, priv_cap);
out:
    ct_wipe(buf, sizeof buf);
    if (rc) {
        *c = NULL;
        ct_wipe(priv, priv_cap);
    }
    return rc;
}

/* ---- public keys ---- */

int keyfile_public_encode(const struct fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                          size_t *out_len)
{
    int rc = public_check(c, pub, pub_len);
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
                          size_t *pub_len)
{
    static const char *const labels[] = {"PUBLIC KEY", NULL};
    uint8_t buf[4096];
    char label[64];
    der_in der, seq, bits;
    *c = NULL;
    int rc = unarmor(in, in_len, labels, buf, sizeof buf, &der, label);
    if (rc) return rc;
    const struct fastec_curve *cc = NULL;
    if ((rc = der_read(&der, DER_SEQUENCE, &seq))) return rc;
    if (der.n) return RC_DER;
    if ((rc = read_algid(&seq, &cc))) return rc;
    if ((rc = der_read(&seq, DER_BIT_STRING, &bits))) return rc;
    if (seq.n || bits.n < 2 || bits.p[0] != 0) return RC_DER;
    if (*pub_len < bits.n - 1) return RC_BUFFER;
    if ((rc = public_check(cc, bits.p + 1, bits.n - 1))) return rc;
    memcpy(pub, bits.p + 1, bits.n - 1);
    *pub_len = bits.n - 1;
    *c = cc;
    return RC_OK;
}
