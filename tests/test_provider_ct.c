/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time check of the provider's code path, under valgrind memcheck:
 * the module built against the checkmem copy of the library (FASTEC_VALGRIND)
 * is loaded into a library context, and private keys enter it marked secret
 * (undefined) through EVP_PKEY_fromdata, or are made secret by its key
 * generation. Import, public-key derivation, ECDH (plain and cofactor) and
 * ECDSA signing (deterministic and hedged) through EVP must then not branch
 * or index on them: memcheck reports any such use. Export is not exercised
 * here: it hands the key to OpenSSL's own code, whose big-number parsing is
 * not fastec's to check. Every curve, every backend the CPU has (FASTEC_CPU).
 * usage: test_provider_ct MODULE_DIR */
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <valgrind/memcheck.h>

#include "fastec.h"
#include "gen/provider_curves.h"
#include "testutil.h"

#define FXQ "provider=fastec"

static OSSL_LIB_CTX *ctx;

/* every fastec curve by OpenSSL's name (src/gen/provider_curves.h) */
#define GROUP_NAME(sec2, ossl, oid, nist, tls, tls13) ossl,
static const char *const groups[] = {FASTEC_PROVIDER_CURVES(GROUP_NAME)};
#undef GROUP_NAME

static int little_endian(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one == 1;
}

/* a key pair from secret private-key bytes (big-endian, marked undefined)
 * and its public key */
static EVP_PKEY *import_secret(const char *g, const uint8_t *priv_be, size_t ss, const uint8_t *pub, size_t pl)
{
    uint8_t native[80];
    for (size_t i = 0; i < ss; i++) native[i] = little_endian() ? priv_be[ss - 1 - i] : priv_be[i];
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)g, 0),
                      OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, native, ss),
                      OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, pl),
                      OSSL_PARAM_construct_end()};
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", FXQ);
    if (c && EVP_PKEY_fromdata_init(c) > 0) EVP_PKEY_fromdata(c, &k, EVP_PKEY_KEYPAIR, p);
    EVP_PKEY_CTX_free(c);
    return k;
}

static int sign(EVP_PKEY *k, unsigned nonce_type, const uint8_t *dg, uint8_t *sig, size_t *sl)
{
    OSSL_PARAM p[] = {OSSL_PARAM_construct_uint("nonce-type", &nonce_type), OSSL_PARAM_construct_end()};
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, k, FXQ);
    int ok = c && EVP_PKEY_sign_init_ex(c, p) > 0 && EVP_PKEY_sign(c, sig, sl, dg, 32) > 0;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static int derive(EVP_PKEY *k, EVP_PKEY *peer, int cofactor, uint8_t *out, size_t *len)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, k, FXQ);
    int ok = c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, peer) > 0 &&
             EVP_PKEY_CTX_set_ecdh_cofactor_mode(c, cofactor) > 0 && EVP_PKEY_derive(c, out, len) > 0;
    EVP_PKEY_CTX_free(c);
    return ok;
}

int main(int argc, char **argv)
{
    t_seed();
    CHECK(argc == 2, "usage: test_provider_ct MODULE_DIR");
    if (argc != 2) return t_done("test_provider_ct");
    ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(ctx, argv[1]);
    OSSL_PROVIDER *d = OSSL_PROVIDER_load(ctx, "default"), *f = OSSL_PROVIDER_load(ctx, "fastec");
    CHECK(d && f, "loading the providers from %s", argv[1]);
    if (!d || !f) return t_done("test_provider_ct");
    unsigned long runs = 0;
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        const char *g = groups[i];
        const fastec_curve *c = fastec_curve_at(i);
        CHECK(fastec_curve_find(g) == c, "%s: table order", g);
        size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
        /* a secret key whose top byte keeps it below n */
        uint8_t priv[80], dg[32], sig[200], s1[80], s2[80];
        t_randbytes(priv, ss);
        priv[0] = 0;
        priv[1] |= 1;
        memset(dg, 0x5c, sizeof dg);
        /* its public key, computed (by the library this program links, not
         * the module under test) before the private key is marked secret */
        uint8_t pub[1 + 2 * 80];
        size_t pl = sizeof pub;
        CHECK(fastec_public_key(c, priv, 0, pub, &pl) == FASTEC_OK, "%s: public key", g);
        VALGRIND_MAKE_MEM_UNDEFINED(priv, ss);
        EVP_PKEY *k = import_secret(g, priv, ss, pub, pl);
        /* a second key from the provider's own generation (secret inside it) */
        EVP_PKEY *peer = NULL;
        EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_from_name(ctx, "EC", FXQ);
        if (kc && EVP_PKEY_keygen_init(kc) > 0 && EVP_PKEY_CTX_set_group_name(kc, g) > 0) EVP_PKEY_keygen(kc, &peer);
        EVP_PKEY_CTX_free(kc);
        CHECK(k && peer, "%s: keys", g);
        if (!k || !peer) {
            ERR_print_errors_fp(stderr);
            continue;
        }
        size_t sl = sizeof sig, l1 = sizeof s1, l2 = sizeof s2;
        CHECK(sign(k, 1, dg, sig, &sl), "%s deterministic sign", g);
        sl = sizeof sig;
        CHECK(sign(k, 0, dg, sig, &sl), "%s hedged sign", g);
        sl = sizeof sig;
        CHECK(sign(peer, 1, dg, sig, &sl), "%s sign with a generated key", g);
        CHECK(derive(k, peer, 0, s1, &l1) && derive(k, peer, 1, s2, &l2), "%s derive", g);
        /* the shared secrets are the caller's to use: declassify to compare */
        VALGRIND_MAKE_MEM_DEFINED(s1, sizeof s1);
        VALGRIND_MAKE_MEM_DEFINED(s2, sizeof s2);
        uint8_t t1[80];
        size_t lt = sizeof t1;
        CHECK(derive(peer, k, 0, t1, &lt), "%s derive back", g);
        VALGRIND_MAKE_MEM_DEFINED(t1, sizeof t1);
        CHECK(l1 == fs && lt == fs && !memcmp(s1, t1, fs), "%s: ECDH disagrees", g);
        EVP_PKEY_free(k);
        EVP_PKEY_free(peer);
        runs++;
    }
    printf("%lu curves through the provider\n", runs);
    OSSL_PROVIDER_unload(f);
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(ctx);
    return t_done("test_provider_ct");
}
