/* SPDX-License-Identifier: Apache-2.0 */
/* Decoders from DER (what OpenSSL's PEM decoder hands on) to fastec keys:
 * PKCS#8 PrivateKeyInfo, SEC 1 ECPrivateKey and ECParameters (a named curve's
 * OID, "EC PARAMETERS"; both "type-specific") and SubjectPublicKeyInfo,
 * parsed by libfastec's strict key-file parsers. A key
 * read here lives in fastec's key management from the start, so every
 * operation on it (pkey -check included) runs fastec's code. Input fastec
 * does not take (another algorithm, an unsupported curve, explicit
 * parameters) leaves the decoder empty-handed, not failed, so that other
 * providers' decoders may read it. */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "ct.h" /* valgrind markers in the constant-time test build */
#include "prov.h"

#define MAX_DER (64 * 1024) /* far above any EC key file */

enum { ST_PKCS8, ST_SEC1, ST_SPKI };

typedef struct {
    fx_prov *prov;
    int structure;
    int selection;
} fx_dec;

static void *dec_new(void *provctx, int structure)
{
    fx_dec *d = OPENSSL_zalloc(sizeof *d);
    if (!d) return NULL;
    d->prov = provctx;
    d->structure = structure;
    return d;
}
static void *dec_new_pkcs8(void *provctx) { return dec_new(provctx, ST_PKCS8); }
static void *dec_new_sec1(void *provctx) { return dec_new(provctx, ST_SEC1); }
static void *dec_new_spki(void *provctx) { return dec_new(provctx, ST_SPKI); }
static void dec_free(void *vctx) { OPENSSL_free(vctx); }

static int dec_does_selection_priv(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0;
}
static int dec_does_selection_sec1(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & (OSSL_KEYMGMT_SELECT_KEYPAIR | OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS)) != 0;
}
static int dec_does_selection_pub(void *provctx, int selection)
{
    (void)provctx;
    return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
}

/* ECParameters holding a namedCurve: the DER OBJECT IDENTIFIER alone, to the
 * fastec curve it names; NULL for anything else (explicit parameters, other
 * curves, trailing bytes). */
static const fastec_curve *named_curve_of(const uint8_t *der, size_t len)
{
    if (len < 3 || der[0] != 0x06 || der[1] >= 0x80 || (size_t)der[1] + 2 != len) return NULL;
    char dotted[96];
    size_t pos = 0;
    unsigned long arc = 0;
    int first = 1;
    for (size_t i = 2; i < len; i++) {
        if (arc > (~0UL >> 7)) return NULL;
        arc = (arc << 7) | (der[i] & 0x7f);
        if (der[i] & 0x80) continue;
        int n = first ? snprintf(dotted + pos, sizeof dotted - pos, "%lu.%lu", arc < 80 ? arc / 40 : 2,
                                 arc < 80 ? arc % 40 : arc - 80)
                      : snprintf(dotted + pos, sizeof dotted - pos, ".%lu", arc);
        if (n < 0 || (size_t)n >= sizeof dotted - pos) return NULL;
        pos += (size_t)n;
        arc = 0;
        first = 0;
    }
    return first || (der[len - 1] & 0x80) ? NULL : fx_curve_lookup(dotted);
}

/* FX_PF_* for a FASTEC_FORM_* (none: uncompressed) */
static int point_format_of(int form)
{
    return form == FASTEC_FORM_COMPRESSED ? FX_PF_COMPRESSED : form == FASTEC_FORM_HYBRID ? FX_PF_HYBRID
                                                                                           : FX_PF_UNCOMPRESSED;
}

/* the whole input, at most MAX_DER bytes; NULL if unreadable or longer */
static uint8_t *read_all(fx_prov *p, OSSL_CORE_BIO *cin, size_t *len)
{
    if (!p->bio_read_ex) return NULL;
    uint8_t *buf = OPENSSL_malloc(MAX_DER + 1);
    size_t n = 0, got = 0;
    if (!buf) return NULL;
    while (n <= MAX_DER && p->bio_read_ex(cin, buf + n, MAX_DER + 1 - n, &got) && got) n += got;
    if (n == 0 || n > MAX_DER) {
        OPENSSL_free(buf);
        return NULL;
    }
    *len = n;
    return buf;
}

static int dec_decode(void *vctx, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *data_cb, void *data_cbarg,
                      OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    (void)pw_cb; /* encrypted PKCS#8 is decrypted by the default provider's decoder before us */
    (void)pw_cbarg;
    fx_dec *d = vctx;
    size_t len = 0;
    uint8_t *der = read_all(d->prov, cin, &len);
    if (!der) return 1; /* empty-handed */
    d->selection = selection;
    int sel = selection ? selection : OSSL_KEYMGMT_SELECT_ALL;
    fx_key *k = fx_key_new(d->prov);
    int ok = 1, have = 0;
    const fastec_curve *named = d->structure == ST_SEC1 ? named_curve_of(der, len) : NULL;
    if (k && named) {
        if (sel & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) {
            k->curve = named;
            have = 1;
        }
    } else if (k && d->structure != ST_SPKI && (sel & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)) {
        const fastec_curve *c = NULL;
        int form = FASTEC_FORM_NONE;
        if (FX(fastec_private_key_read)(der, len, NULL, 0, &c, k->priv, sizeof k->priv, &form) == FASTEC_OK) {
            size_t pl = sizeof k->pub;
            k->curve = c;
            k->has_priv = 1;
            /* as OpenSSL reads a key file: the public key in the form the
             * file stores it, and a file without one written back without */
            k->point_format = point_format_of(form);
            k->include_public = form != FASTEC_FORM_NONE;
            int rc = FX(fastec_public_key)(c, k->priv, 0, k->pub, &pl);
            ct_public(k->pub, sizeof k->pub);
            ct_public(&rc, sizeof rc);
            if (rc == FASTEC_OK) {
                k->pub_len = pl;
                k->has_pub = 1;
                have = 1;
            }
        }
    } else if (k && d->structure == ST_SPKI && (sel & OSSL_KEYMGMT_SELECT_PUBLIC_KEY)) {
        const fastec_curve *c = NULL;
        size_t pl = sizeof k->pub;
        uint8_t enc[FX_MAX_PUB];
        int form = FASTEC_FORM_UNCOMPRESSED;
        if (FX(fastec_public_key_read)(der, len, &c, enc, &pl, &form) == FASTEC_OK) {
            k->curve = c;
            /* keep the stored form for re-encoding, as OpenSSL does */
            k->point_format = point_format_of(form);
            have = fx_key_set_public(k, enc, pl);
        }
    }
    OPENSSL_clear_free(der, len);
    if (have) {
        fx_count(d->prov, FX_CNT_IMPORT, k->curve);
        int type = OSSL_OBJECT_PKEY;
        OSSL_PARAM params[] = {OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &type),
                               OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, (char *)"EC", 0),
                               OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &k, sizeof k),
                               OSSL_PARAM_construct_end()};
        ok = data_cb(params, data_cbarg); /* the key management's load() takes k and sets it to NULL */
    }
    fx_key_free(k);
    return ok;
}

static int dec_export_object(void *vctx, const void *reference, size_t reference_sz, OSSL_CALLBACK *export_cb,
                             void *export_cbarg)
{
    fx_dec *d = vctx;
    fx_key *k;
    if (reference_sz != sizeof k) return 0;
    memcpy(&k, reference, sizeof k);
    return fx_key_export(k, d->selection ? d->selection : OSSL_KEYMGMT_SELECT_ALL, export_cb, export_cbarg);
}

#define DECODER_FUNCTIONS(name, newfn, selfn)                                                                   \
    const OSSL_DISPATCH name[] = {{OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))newfn},                            \
                                  {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))dec_free},                        \
                                  {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))selfn},                    \
                                  {OSSL_FUNC_DECODER_DECODE, (void (*)(void))dec_decode},                       \
                                  {OSSL_FUNC_DECODER_EXPORT_OBJECT, (void (*)(void))dec_export_object},         \
                                  {0, NULL}}

DECODER_FUNCTIONS(fx_decoder_pkcs8_functions, dec_new_pkcs8, dec_does_selection_priv);
DECODER_FUNCTIONS(fx_decoder_sec1_functions, dec_new_sec1, dec_does_selection_sec1);
DECODER_FUNCTIONS(fx_decoder_spki_functions, dec_new_spki, dec_does_selection_pub);
