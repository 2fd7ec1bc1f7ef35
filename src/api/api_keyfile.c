/* SPDX-License-Identifier: Apache-2.0 */
/* The public key-file and DER-signature calls: argument checks, then encode/.
 * Every output is built in a buffer of the work's frame and then delivered,
 * so the calls work in place (output overlapping input), answer size queries
 * (NULL output) and report the size needed when the output is too small.
 * The key-file calls run their work_* function on a work stack (api/api.h);
 * the DER-signature calls are small and public, and run on the caller's. */
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

/* the arguments of a key-file call, for its work function */
typedef struct {
    const fastec_curve *c;
    const fastec_curve **cp; /* out: the curve read */
    const uint8_t *priv, *in;
    size_t in_len, priv_cap;
    uint8_t *out;
    size_t *out_len;
    const char *pass;
    size_t pass_len;
    int pkcs8, pem, pub_form, cipher;
    unsigned iterations;
    int *form; /* out: the stored form of a public key */
} file_args;

static int private_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int pub_form,
                                       uint8_t *out, size_t *out_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !out_len) return FASTEC_ERR_NULL;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    return deliver(keyfile_private_encode(c, priv, pkcs8, pem, pub_form, tmp, &n), tmp, &n, out, out_len);
}

static int work_private_encode(void *p)
{
    const file_args *a = p;
    return private_encode(a->c, a->priv, a->pkcs8, a->pem, a->pub_form, a->out, a->out_len);
}

int fastec_private_key_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                              size_t *out_len)
{
    file_args a = {.c = c, .priv = priv, .pkcs8 = pkcs8, .pem = pem, .pub_form = SEC1_UNCOMPRESSED, .out = out,
                   .out_len = out_len};
    return api_run(work_private_encode, &a, WS_private_encode, c);
}

static int private_encrypt(const fastec_curve *c, const uint8_t *priv, const char *pass,
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

static int work_private_encrypt(void *p)
{
    const file_args *a = p;
    return private_encrypt(a->c, a->priv, a->pass, a->pass_len, a->cipher, a->iterations, a->pem, a->pub_form, a->out,
                           a->out_len);
}

int fastec_private_key_encrypt(const fastec_curve *c, const uint8_t *priv, const char *pass, size_t pass_len,
                               int cipher, unsigned iterations, int pem, uint8_t *out, size_t *out_len)
{
    file_args a = {.c = c, .priv = priv, .pass = pass, .pass_len = pass_len, .cipher = cipher,
                   .iterations = iterations, .pem = pem, .pub_form = SEC1_UNCOMPRESSED, .out = out, .out_len = out_len};
    return api_run(work_private_encrypt, &a, WS_private_encrypt, c);
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
    file_args a = {.c = c, .priv = priv, .pkcs8 = pkcs8, .pem = pem, .pub_form = pf, .pass = pass, .pass_len = pass_len,
                   .cipher = cipher, .iterations = iterations, .out = out, .out_len = out_len};
    if (!cipher) return api_run(work_private_encode, &a, WS_private_encode, c);
    return api_run(work_private_encrypt, &a, WS_private_encrypt, c);
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
static int private_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
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

static int work_private_read(void *p)
{
    const file_args *a = p;
    return private_read(a->in, a->in_len, a->pass, a->pass_len, a->cp, a->out, a->priv_cap, a->form);
}

/* the curve is known once the file is read: the wipe's bound is the
 * largest over every curve */
static int run_private_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                            const fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form)
{
    file_args a = {.in = in, .in_len = in_len, .pass = pass, .pass_len = pass_len, .cp = c, .out = priv,
                   .priv_cap = priv_cap, .form = form};
    return api_run(work_private_read, &a, WS_private_read, NULL);
}

int fastec_private_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *priv,
                              size_t priv_cap)
{
    if (!in || !c || !priv) return FASTEC_ERR_NULL;
    return run_private_read(in, in_len, NULL, 0, c, priv, priv_cap, NULL);
}

int fastec_private_key_decrypt(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                               const fastec_curve **c, uint8_t *priv, size_t priv_cap)
{
    if (!in || !c || !priv || (!pass && pass_len)) return FASTEC_ERR_NULL;
    return run_private_read(in, in_len, pass, pass_len, c, priv, priv_cap, NULL);
}

int fastec_private_key_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                            const fastec_curve **c, uint8_t *priv, size_t priv_cap, int *public_form)
{
    if (!in || !c || !priv || !public_form || (!pass && pass_len)) return FASTEC_ERR_NULL;
    return run_private_read(in, in_len, pass, pass_len, c, priv, priv_cap, public_form);
}

static int work_public_encode(void *p)
{
    const file_args *a = p;
    if (!ec_curve_valid(a->c)) return FASTEC_ERR_CURVE;
    if (!a->in || !a->out_len) return FASTEC_ERR_NULL;
    uint8_t tmp[TMP_SIZE];
    size_t n = sizeof tmp;
    return deliver(keyfile_public_encode(a->c, a->in, a->in_len, a->pem, tmp, &n), tmp, &n, a->out, a->out_len);
}

int fastec_public_key_encode(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                             size_t *out_len)
{
    file_args a = {.c = c, .in = pub, .in_len = pub_len, .pem = pem, .out = out, .out_len = out_len};
    return api_run(work_public_encode, &a, WS_public_encode, c);
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

static int work_public_read(void *p)
{
    const file_args *a = p;
    return public_read(a->in, a->in_len, a->cp, a->out, a->out_len, a->form);
}

int fastec_public_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                             size_t *pub_len)
{
    if (!in || !c || !pub_len) return FASTEC_ERR_NULL;
    file_args a = {.in = in, .in_len = in_len, .cp = c, .out = pub, .out_len = pub_len};
    return api_run(work_public_read, &a, WS_public_read, NULL);
}

int fastec_public_key_read(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub, size_t *pub_len,
                           int *form)
{
    if (!in || !c || !pub_len || !form) return FASTEC_ERR_NULL;
    file_args a = {.in = in, .in_len = in_len, .cp = c, .out = pub, .out_len = pub_len, .form = form};
    return api_run(work_public_read, &a, WS_public_read, NULL);
}
