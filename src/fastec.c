/* Public entry points: argument checks, curve validation, dispatch to the
 * implementation for this CPU, encodings. Secrets copied here are wiped. */
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "encode/sec1.h"
#include "fastec.h"
#include "proto/proto.h"

const char *fastec_strerror(int code)
{
    switch (code) {
    case FASTEC_OK: return "success";
    case FASTEC_ERR_NULL: return "a required argument is NULL";
    case FASTEC_ERR_CURVE: return "unknown or invalid curve";
    case FASTEC_ERR_BUFFER: return "output buffer too small";
    case FASTEC_ERR_PRIVKEY: return "private key out of range [1, n-1]";
    case FASTEC_ERR_ENCODING: return "malformed point encoding (prefix or length)";
    case FASTEC_ERR_COORD: return "point coordinate out of range";
    case FASTEC_ERR_NOT_ON_CURVE: return "point is not on the curve";
    case FASTEC_ERR_INFINITY: return "point at infinity";
    case FASTEC_ERR_SUBGROUP: return "point is not in the subgroup of order n";
    case FASTEC_ERR_SIG_RANGE: return "signature r or s out of range [1, n-1]";
    case FASTEC_ERR_SIG_INVALID: return "signature does not verify";
    case FASTEC_ERR_RANDOM: return "the random source failed";
    case FASTEC_ERR_ARG: return "invalid argument";
    case FASTEC_ERR_INTERNAL: return "internal error";
    case FASTEC_ERR_DER: return "malformed or non-strict DER";
    case FASTEC_ERR_PEM: return "malformed PEM (armor, label or base64)";
    case FASTEC_ERR_CURVE_OID: return "named curve not supported";
    case FASTEC_ERR_EXPLICIT_PARAMS: return "explicit curve parameters are not accepted (named curves only)";
    case FASTEC_ERR_ALGORITHM: return "not an EC key";
    case FASTEC_ERR_VERSION: return "unsupported structure version";
    case FASTEC_ERR_KEY_MISMATCH: return "embedded public key does not match the private key";
    case FASTEC_ERR_NO_CURVE: return "key without curve parameters";
    case FASTEC_ERR_HASH: return "unknown hash algorithm";
    default: return "unknown error code";
    }
}


const char *fastec_curve_name(const fastec_curve *c) { return ec_curve_valid(c) ? c->name : NULL; }
size_t fastec_curve_field_size(const fastec_curve *c) { return ec_curve_valid(c) ? c->field_size : 0; }
size_t fastec_curve_scalar_size(const fastec_curve *c) { return ec_curve_valid(c) ? c->scalar_size : 0; }
unsigned fastec_curve_bits(const fastec_curve *c) { return ec_curve_valid(c) ? c->field_bits : 0; }
unsigned fastec_curve_order_bits(const fastec_curve *c) { return ec_curve_valid(c) ? c->sc.nbits : 0; }
unsigned fastec_curve_cofactor(const fastec_curve *c) { return ec_curve_valid(c) ? c->cofactor : 0; }
const char *fastec_curve_nist_name(const fastec_curve *c)
{
    if (!ec_curve_valid(c)) return NULL;
    for (size_t j = 0; j < sizeof c->aliases / sizeof c->aliases[0] && c->aliases[j]; j++)
        if (c->aliases[j][1] == '-') return c->aliases[j];
    return NULL;
}
const char *fastec_curve_backend(const fastec_curve *c) { return ec_curve_valid(c) ? ec_ops_for(c)->backend : NULL; }

int fastec_keygen(const fastec_curve *c, uint8_t *priv)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv) return FASTEC_ERR_NULL;
    return proto_keygen(c, priv);
}

int fastec_public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub, size_t *pub_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !pub || !pub_len) return FASTEC_ERR_NULL;
    size_t need = compressed ? 1 + c->field_size : 1 + 2 * c->field_size;
    if (*pub_len < need) return FASTEC_ERR_BUFFER;
    const ec_ops *ops = ec_ops_for(c);
    sc_t d;
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    int rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_public_xy(c, ops, &d, xy);
    ct_wipe(&d, sizeof d);
    if (rc) return rc;
    return sec1_encode(c, ops, xy, compressed, pub, pub_len);
}

int fastec_public_key_check(const fastec_curve *c, const uint8_t *pub, size_t pub_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub) return FASTEC_ERR_NULL;
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    return sec1_decode_checked(c, ec_ops_for(c), xy, pub, pub_len);
}

int fastec_public_key_convert(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int compressed,
                              uint8_t *out, size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !out || !out_len) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    int rc = sec1_decode_checked(c, ops, xy, pub, pub_len);
    if (rc) return rc;
    return sec1_encode(c, ops, xy, compressed, out, out_len);
}

static int ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer, size_t peer_len, uint8_t *secret,
                int cofactor)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !peer || !secret) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    sc_t d;
    int rc = sec1_decode_checked(c, ops, xy, peer, peer_len);
    if (rc) return rc;
    rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_ecdh(c, ops, &d, xy, cofactor, secret);
    ct_wipe(&d, sizeof d);
    return rc;
}

int fastec_ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                uint8_t *secret)
{
    return ecdh(c, priv, peer_pub, peer_pub_len, secret, 0);
}

int fastec_ecdh_cofactor(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                         uint8_t *secret)
{
    return ecdh(c, priv, peer_pub, peer_pub_len, secret, 1);
}

static int ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                      const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !sig || (!digest && digest_len) || (!extra && extra_len)) return FASTEC_ERR_NULL;
    sc_t d;
    int rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_ecdsa_sign(c, ec_ops_for(c), &d, digest ? digest : (const uint8_t *)"", digest_len, extra, extra_len,
                          sig);
    ct_wipe(&d, sizeof d);
    return rc;
}

int fastec_ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                      uint8_t *sig)
{
    return ecdsa_sign(c, priv, digest, digest_len, NULL, 0, sig);
}

int fastec_ecdsa_sign_hedged(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                             const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    if (!extra || !extra_len) return extra ? FASTEC_ERR_ARG : FASTEC_ERR_NULL;
    return ecdsa_sign(c, priv, digest, digest_len, extra, extra_len, sig);
}

int fastec_ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                        size_t digest_len, const uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !sig || (!digest && digest_len)) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    int rc = sec1_decode_checked(c, ops, xy, pub, pub_len);
    if (rc) return rc;
    return proto_ecdsa_verify(c, ops, xy, digest ? digest : (const uint8_t *)"", digest_len, sig);
}
