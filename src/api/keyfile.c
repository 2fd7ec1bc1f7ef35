/* The public key-file and DER-signature calls: argument checks, then encode/. */
#include "curves/curves.h"
#include "encode/keyfile.h"
#include "fastec.h"

int fastec_sig_to_der(const fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!sig || !der || !der_len) return FASTEC_ERR_NULL;
    return keyfile_sig_to_der(c, sig, der, der_len);
}

int fastec_sig_from_der(const fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!der || !sig) return FASTEC_ERR_NULL;
    return keyfile_sig_from_der(c, der, der_len, sig);
}

int fastec_private_key_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                              size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !out || !out_len) return FASTEC_ERR_NULL;
    return keyfile_private_encode(c, priv, pkcs8, pem, out, out_len);
}

int fastec_private_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *priv,
                              size_t priv_cap)
{
    if (!in || !c || !priv) return FASTEC_ERR_NULL;
    return keyfile_private_decode(in, in_len, c, priv, priv_cap);
}

int fastec_public_key_encode(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                             size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !out || !out_len) return FASTEC_ERR_NULL;
    return keyfile_public_encode(c, pub, pub_len, pem, out, out_len);
}

int fastec_public_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                             size_t *pub_len)
{
    if (!in || !c || !pub || !pub_len) return FASTEC_ERR_NULL;
    return keyfile_public_decode(in, in_len, c, pub, pub_len);
}
