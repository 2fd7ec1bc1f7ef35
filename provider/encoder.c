/* SPDX-License-Identifier: Apache-2.0 */
/* Encoders of fastec's EC keys: the default provider's own EC encoders, run
 * on the key's OpenSSL copy (fx_key_ossl).
 *
 * OpenSSL picks the encoders of the key's own provider first. Without
 * encoders of its own, every fastec key would be exported to the default
 * provider with only the parts the caller selected, and what is not selected
 * is lost: `openssl ec -pubout` selects the public key and the curve, not the
 * "other parameters" that carry the point conversion form, so a key set to
 * compressed would be written uncompressed; a key on the SM2 curve (made by
 * OpenSSL's code behind fastec's key management) would not import into
 * OpenSSL's EC key management at all. Running OpenSSL's encoder on OpenSSL's
 * copy of the whole key writes exactly what OpenSSL writes for its own key,
 * in every structure, on every OpenSSL release, with its own errors.
 *
 * The encoders take no import function: they serve fastec's keys only. */
#include <string.h>

#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>

#include "prov.h"

typedef struct {
    fx_prov *prov;
    int slot;
    void *fbctx; /* the default provider's encoder context */
} fx_enc;

#define ENC_FN(p, slot, ID, type) ((OSSL_FUNC_encoder_##type##_fn *)(p)->fb.encoders[(slot)].fns[OSSL_FUNC_ENCODER_##ID])

static void *enc_newctx(void *provctx, int slot)
{
    fx_prov *p = provctx;
    OSSL_FUNC_encoder_newctx_fn *nw = ENC_FN(p, slot, NEWCTX, newctx);
    if (!nw) return NULL;
    fx_enc *c = OPENSSL_zalloc(sizeof *c);
    if (!c) return NULL;
    c->prov = p;
    c->slot = slot;
    c->fbctx = nw(p->fb.provctx);
    if (!c->fbctx) {
        OPENSSL_free(c);
        return NULL;
    }
    return c;
}

static void enc_freectx(void *ctx)
{
    fx_enc *c = ctx;
    if (!c) return;
    OSSL_FUNC_encoder_freectx_fn *fr = ENC_FN(c->prov, c->slot, FREECTX, freectx);
    if (fr) fr(c->fbctx);
    OPENSSL_free(c);
}

static int enc_set_ctx_params(void *ctx, const OSSL_PARAM params[])
{
    fx_enc *c = ctx;
    OSSL_FUNC_encoder_set_ctx_params_fn *set = ENC_FN(c->prov, c->slot, SET_CTX_PARAMS, set_ctx_params);
    return set ? set(c->fbctx, params) : 1;
}

static const OSSL_PARAM *enc_settable_ctx_params(void *provctx, int slot)
{
    fx_prov *p = provctx;
    OSSL_FUNC_encoder_settable_ctx_params_fn *st = ENC_FN(p, slot, SETTABLE_CTX_PARAMS, settable_ctx_params);
    return st ? st(p->fb.provctx) : NULL;
}

static int enc_does_selection(void *provctx, int selection, int slot)
{
    fx_prov *p = provctx;
    OSSL_FUNC_encoder_does_selection_fn *ds = ENC_FN(p, slot, DOES_SELECTION, does_selection);
    return ds ? ds(p->fb.provctx, selection) : 1;
}

static int enc_encode(void *ctx, OSSL_CORE_BIO *out, const void *obj_raw, const OSSL_PARAM obj_abstract[],
                      int selection, OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    fx_enc *c = ctx;
    OSSL_FUNC_encoder_encode_fn *enc = ENC_FN(c->prov, c->slot, ENCODE, encode);
    if (!enc) return 0;
    const void *kd = NULL;
    if (obj_raw) {
        kd = fx_key_ossl((fx_key *)obj_raw);
        if (!kd) return 0;
    }
    return enc(c->fbctx, out, kd, obj_abstract, selection, cb, cbarg);
}

/* The functions without an encoder context know their slot by the function
 * itself: one set per slot. (OpenSSL's EC encoders have no get_params.) */
#define ENCODER_FUNCTIONS(i)                                                                                   \
    static void *enc_newctx_##i(void *provctx) { return enc_newctx(provctx, i); }                             \
    static const OSSL_PARAM *enc_settable_##i(void *provctx) { return enc_settable_ctx_params(provctx, i); }  \
    static int enc_does_selection_##i(void *provctx, int selection)                                          \
    {                                                                                                          \
        return enc_does_selection(provctx, selection, i);                                                      \
    }                                                                                                          \
    static const OSSL_DISPATCH encoder_functions_##i[] = {                                                     \
        {OSSL_FUNC_ENCODER_NEWCTX, (fx_fn)enc_newctx_##i},                                                     \
        {OSSL_FUNC_ENCODER_FREECTX, (fx_fn)enc_freectx},                                                       \
        {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, (fx_fn)enc_set_ctx_params},                                         \
        {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, (fx_fn)enc_settable_##i},                                      \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (fx_fn)enc_does_selection_##i},                                     \
        {OSSL_FUNC_ENCODER_ENCODE, (fx_fn)enc_encode},                                                         \
        {0, NULL}}

ENCODER_FUNCTIONS(0);
ENCODER_FUNCTIONS(1);
ENCODER_FUNCTIONS(2);
ENCODER_FUNCTIONS(3);
ENCODER_FUNCTIONS(4);
ENCODER_FUNCTIONS(5);
ENCODER_FUNCTIONS(6);
ENCODER_FUNCTIONS(7);
ENCODER_FUNCTIONS(8);
ENCODER_FUNCTIONS(9);
ENCODER_FUNCTIONS(10);
ENCODER_FUNCTIONS(11);
ENCODER_FUNCTIONS(12);
ENCODER_FUNCTIONS(13);
ENCODER_FUNCTIONS(14);
ENCODER_FUNCTIONS(15);
ENCODER_FUNCTIONS(16);
ENCODER_FUNCTIONS(17);
ENCODER_FUNCTIONS(18);
ENCODER_FUNCTIONS(19);
ENCODER_FUNCTIONS(20);
ENCODER_FUNCTIONS(21);
ENCODER_FUNCTIONS(22);
ENCODER_FUNCTIONS(23);

const OSSL_DISPATCH *const fx_encoder_functions[FX_ENCODERS] = {
    encoder_functions_0,  encoder_functions_1,  encoder_functions_2,  encoder_functions_3,
    encoder_functions_4,  encoder_functions_5,  encoder_functions_6,  encoder_functions_7,
    encoder_functions_8,  encoder_functions_9,  encoder_functions_10, encoder_functions_11,
    encoder_functions_12, encoder_functions_13, encoder_functions_14, encoder_functions_15,
    encoder_functions_16, encoder_functions_17, encoder_functions_18, encoder_functions_19,
    encoder_functions_20, encoder_functions_21, encoder_functions_22, encoder_functions_23};
