/* SPDX-License-Identifier: Apache-2.0 */
/* The public key, ECDH and ECDSA calls: argument checks, the implementation
 * for this CPU, the protocol; secrets copied here are wiped. */
#include <string.h>

#include "api/api.h"
#include "ct.h"
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "encode/sec1.h"
#include "fastec.h"
#include "proto/proto.h"

static CT_SECRET_FN int keygen(const fastec_curve *c, uint8_t *priv)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv) return FASTEC_ERR_NULL;
    return proto_keygen(c, priv);
}

int fastec_keygen(const fastec_curve *c, uint8_t *priv) { return ct_scrubbed(keygen(c, priv), api_burn(c)); }

/* a SEC 1 encoding of P delivered as the header says: in place, a NULL
 * output asking for the size, a short buffer told the size needed */
static int deliver_point(const fastec_curve *c, const ec_ops *ops, const ec_point *P, int compressed, uint8_t *out,
                         size_t *out_len)
{
    uint8_t tmp[FASTEC_MAX_PUBLIC_KEY_SIZE];
    size_t n = sizeof tmp;
    int rc = sec1_encode(c, ops, P, compressed, tmp, &n);
    if (rc) return rc;
    if (out && *out_len >= n) memmove(out, tmp, n);
    rc = out && *out_len < n ? FASTEC_ERR_BUFFER : FASTEC_OK;
    *out_len = n;
    return rc;
}

static CT_SECRET_FN int public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub,
                                   size_t *pub_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !pub_len) return FASTEC_ERR_NULL;
    size_t need = compressed ? 1 + c->field_size : 1 + 2 * c->field_size;
    if (!pub || *pub_len < need) {
        /* the size is public; the key is not looked at */
        int rc = pub ? FASTEC_ERR_BUFFER : FASTEC_OK;
        *pub_len = need;
        return rc;
    }
    const ec_ops *ops = ec_ops_for(c);
    ec_point P;
    int rc = proto_public_of(c, ops, priv, &P);
    if (rc) return rc;
    return deliver_point(c, ops, &P, compressed, pub, pub_len);
}

int fastec_public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub, size_t *pub_len)
{
    return ct_scrubbed(public_key(c, priv, compressed, pub, pub_len), api_burn(c));
}

int fastec_public_key_check(const fastec_curve *c, const uint8_t *pub, size_t pub_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub) return FASTEC_ERR_NULL;
    ec_point P;
    return sec1_decode(c, ec_ops_for(c), &P, pub, pub_len);
}

int fastec_public_key_convert(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int compressed,
                              uint8_t *out, size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !out_len) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    ec_point P;
    int rc = sec1_decode(c, ops, &P, pub, pub_len);
    if (rc) return rc;
    return deliver_point(c, ops, &P, compressed, out, out_len);
}

static CT_SECRET_FN int ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer, size_t peer_len,
                             uint8_t *secret, int cofactor)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !peer || !secret) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    ec_point P;
    sc_t d;
    int rc = sec1_decode(c, ops, &P, peer, peer_len); /* the peer key is decoded and checked once */
    if (rc) return rc;
    rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_ecdh(c, ops, &d, &P, cofactor, secret);
    ct_wipe(&d, sizeof d);
    return rc;
}

int fastec_ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                uint8_t *secret)
{
    return ct_scrubbed(ecdh(c, priv, peer_pub, peer_pub_len, secret, 0), api_burn(c));
}

int fastec_ecdh_cofactor(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                         uint8_t *secret)
{
    return ct_scrubbed(ecdh(c, priv, peer_pub, peer_pub_len, secret, 1), api_burn(c));
}

static CT_SECRET_FN int ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest,
                                   size_t digest_len, const uint8_t *extra, size_t extra_len, uint8_t *sig)
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
    return ct_scrubbed(ecdsa_sign(c, priv, digest, digest_len, NULL, 0, sig), api_burn(c));
}

int fastec_ecdsa_sign_hedged(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                             const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    if (!extra || !extra_len) return extra ? FASTEC_ERR_ARG : FASTEC_ERR_NULL;
    return ct_scrubbed(ecdsa_sign(c, priv, digest, digest_len, extra, extra_len, sig), api_burn(c));
}

int fastec_ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                        size_t digest_len, const uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !sig || (!digest && digest_len)) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_for(c);
    ec_point Q;
    int rc = sec1_decode(c, ops, &Q, pub, pub_len);
    if (rc) return rc;
    return proto_ecdsa_verify(c, ops, &Q, digest ? digest : (const uint8_t *)"", digest_len, sig);
}
