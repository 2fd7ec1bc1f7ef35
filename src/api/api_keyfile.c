/* SPDX-License-Identifier: Apache-2.0 */
/* The public key-file and DER-signature calls: argument checks, then encode/.
 * Every output is built in a buffer of this frame and then delivered, so the
 * calls work in place (output overlapping input), answer size queries (NULL
 * output) and report the size needed when the output is too small. */
#include <string.h>

#include "api/api.h"
#include "ct.h"
#include "curves/curves.h"
#include "encode/keyfile.h"
#include "encode/sec1.h"
#include "fastec.h"

/* larger than any output below (checked against FASTEC_MAX_* by test_api) */
#define TMP_SIZE 1024

/* the *np bytes at tmp (read after rc's call has set it) to out (capacity *out_len; NULL asks for the size) */
static int deliver(int rc, uint8_t *tmp, const size_t *np, uint8_t *out, size_t *out_len)
{
    const size_t n = *np;
    if (!rc) {
        if (!out) {
            *out_len = n;
        } else if (*out_len < n) {
            *out_len = n;
            rc = FASTEC_ERR_BUFFER;
        } else {
            memmove(out, tmp, n);
            *out_len = n;
        }
    }
    ct_wipe(tmp, TMP_SIZE);
    return rc;
}

int fastec_sig_to_der(const fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!sig || !der_len) return FASTEC_ERR_NULL;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    return deliver(keyfile_sig_to_der(c, sig, tmp, &n), tmp, &n, der, der_len);
}

int fastec_sig_from_der(const fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!der || !sig) return FASTEC_ERR_NULL;
    uint8_t tmp[2 * FASTEC_MAX_SCALAR_SIZE];
    int rc = keyfile_sig_from_der(c, der, der_len, tmp);
    if (!rc) memmove(sig, tmp, 2 * c->scalar_size);
    return rc;
}

/* the calls on private keys run out of line and return through
 * ct_scrubbed (api/api.h) */
static CT_SECRET_FN int private_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int pub_form,
                                       uint8_t *out, size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !out_len) return FASTEC_ERR_NULL;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    return deliver(keyfile_private_encode(c, priv, pkcs8, pem, pub_form, tmp, &n), tmp, &n, out, out_len);
}

int fastec_private_key_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                              size_t *out_len)
{
    return ct_scrubbed(private_encode(c, priv, pkcs8, pem, SEC1_UNCOMPRESSED, out, out_len), api_burn(c));
}

static CT_SECRET_FN int private_encrypt(const fastec_curve *c, const uint8_t *priv, const char *pass,
                                        size_t pass_len, int cipher, unsigned iterations, int pem, int pub_form,
                                        uint8_t *out, size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !out_len || (!pass && pass_len)) return FASTEC_ERR_NULL;
    if (cipher != FASTEC_AES128_CBC && cipher != FASTEC_AES256_CBC) return FASTEC_ERR_CIPHER;
    if (!iterations) iterations = FASTEC_PBKDF2_DEFAULT_ITERATIONS;
    if (iterations > FASTEC_PBKDF2_MAX_ITERATIONS) return FASTEC_ERR_ARG;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    /* the size first: a query or a short buffer costs no key derivation */
    int rc = keyfile_private_encrypt(c, priv, pass ? pass : "", pass_len, cipher == FASTEC_AES256_CBC, iterations,
                                     pem, pub_form, 1, tmp, &n);
    if (!rc && out && *out_len >= n) {
        n = sizeof tmp;
        rc = keyfile_private_encrypt(c, priv, pass ? pass : "", pass_len, cipher == FASTEC_AES256_CBC, iterations, pem,
                                     pub_form, 0, tmp, &n);
    }
    return deliver(rc, tmp, &n, out, out_len);
}

int fastec_private_key_encrypt(const fastec_curve *c, const uint8_t *priv, const char *pass, size_t pass_len,
                               int cipher, unsigned iterations, int pem, uint8_t *out, size_t *out_len)
{
    return ct_scrubbed(private_encrypt(c, priv, pass, pass_len, cipher, iterations, pem, SEC1_UNCOMPRESSED, out, out_len),
                       api_burn(c));
}

int fastec_private_key_write(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int public_form,
                             const char *pass, size_t pass_len, int cipher, unsigned iterations, uint8_t *out,
                             size_t *out_len)
{
    const int pf = public_form == FASTEC_FORM_COMPRESSED ? SEC1_COMPRESSED
                   : public_form == FASTEC_FORM_HYBRID   ? SEC1_HYBRID
                   : public_form == FASTEC_FORM_UNCOMPRESSED || public_form == FASTEC_FORM_NONE ? SEC1_UNCOMPRESSED
                                                                                               : -1;
    if (pf < 0) return FASTEC_ERR_ARG;
    if (!cipher) return ct_scrubbed(private_encode(c, priv, pkcs8, pem, pf, out, out_len), api_burn(c));
    return ct_scrubbed(private_encrypt(c, priv, pass, pass_len, cipher, iterations, pem, pf, out, out_len),
                       api_burn(c));
}

/* FASTEC_FORM_* of a point's first byte as stored (0: none) */
static int form_of(int f)
{
    return f == 0x02 || f == 0x03 ? FASTEC_FORM_COMPRESSED
           : f == 0x04            ? FASTEC_FORM_UNCOMPRESSED
           : f                    ? FASTEC_FORM_HYBRID
                                  : FASTEC_FORM_NONE;
}

/* the scalar through a buffer of this frame, so priv may overlap in */
static CT_SECRET_FN int private_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                                     const fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form)
{
    uint8_t tmp[FASTEC_MAX_SCALAR_SIZE];
    const fastec_curve *cc = NULL;
    int f = 0;
    int rc = keyfile_private_decrypt(in, in_len, pass, pass_len, &cc, tmp, sizeof tmp, &f);
    if (!rc && priv_cap < cc->scalar_size) rc = FASTEC_ERR_BUFFER;
    if (!rc) memmove(priv, tmp, cc->scalar_size);
    ct_wipe(tmp, sizeof tmp);
    *c = rc ? NULL : cc;
    if (form) *form = rc ? FASTEC_FORM_NONE : form_of(f);
    return rc;
}

int fastec_private_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *priv,
                              size_t priv_cap)
{
    if (!in || !c || !priv) return FASTEC_ERR_NULL;
    return ct_scrubbed(private_read(in, in_len, NULL, 0, c, priv, priv_cap, NULL), CT_STACK_BURN);
}

int fastec_private_key_decrypt(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                               const fastec_curve **c, uint8_t *priv, size_t priv_cap)
{
    if (!in || !c || !priv || (!pass && pass_len)) return FASTEC_ERR_NULL;
    return ct_scrubbed(private_read(in, in_len, pass, pass_len, c, priv, priv_cap, NULL), CT_STACK_BURN);
}

int fastec_private_key_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                            const fastec_curve **c, uint8_t *priv, size_t priv_cap, int *public_form)
{
    if (!in || !c || !priv || !public_form || (!pass && pass_len)) return FASTEC_ERR_NULL;
    return ct_scrubbed(private_read(in, in_len, pass, pass_len, c, priv, priv_cap, public_form), CT_STACK_BURN);
}

int fastec_public_key_encode(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                             size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !out_len) return FASTEC_ERR_NULL;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    return deliver(keyfile_public_encode(c, pub, pub_len, pem, tmp, &n), tmp, &n, out, out_len);
}

static int public_read(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub, size_t *pub_len,
                       int *form)
{
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    const fastec_curve *cc = NULL;
    int f = 0;
    int rc = deliver(keyfile_public_decode(in, in_len, &cc, tmp, &n, &f), tmp, &n, pub, pub_len);
    *c = rc ? NULL : cc;
    if (form) *form = rc ? FASTEC_FORM_NONE : form_of(f);
    return rc;
}

int fastec_public_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                             size_t *pub_len)
{
    if (!in || !c || !pub_len) return FASTEC_ERR_NULL;
    return public_read(in, in_len, c, pub, pub_len, NULL);
}

int fastec_public_key_read(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub, size_t *pub_len,
                           int *form)
{
    if (!in || !c || !pub_len || !form) return FASTEC_ERR_NULL;
    return public_read(in, in_len, c, pub, pub_len, form);
}
