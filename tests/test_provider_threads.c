/* SPDX-License-Identifier: Apache-2.0 */
/* The provider under threads (run under ThreadSanitizer in CI): one library
 * context with the default provider and fastec; keys shared by every thread
 * (P-256 and sect283k1, fastec's, and secp256k1, held by OpenSSL's EC
 * inside fastec) sign, verify and derive at once; the threads also ask a
 * shared fastec key for parameters only OpenSSL answers (its OpenSSL copy is
 * made once, by whichever thread comes first), sign with MD5 (OpenSSL's
 * ECDSA with that copy), and import and free keys of their own. Every
 * signature is verified and every secret compared.
 * usage: test_provider_threads MODULE_DIR */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/provider.h>
#include <pthread.h>

#include "testutil.h"

#define NTHREADS 4
#define ROUNDS 12
#define FXQ "provider=fastec"

static OSSL_LIB_CTX *ctx;
static const char *const groups[] = {"prime256v1", "sect283k1", "secp256k1"};
static const char *const field_types[] = {SN_X9_62_prime_field, SN_X9_62_characteristic_two_field,
                                          SN_X9_62_prime_field};
#define NGROUPS 3
static EVP_PKEY *shared[NGROUPS], *peer[NGROUPS];
static unsigned char secret[NGROUPS][80];
static size_t secret_len[NGROUPS];
static unsigned long fails[NTHREADS];

static EVP_PKEY *keygen(const char *group)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", FXQ);
    if (c && EVP_PKEY_keygen_init(c) > 0 && EVP_PKEY_CTX_set_group_name(c, group) > 0) EVP_PKEY_generate(c, &k);
    EVP_PKEY_CTX_free(c);
    return k;
}

static size_t derive(EVP_PKEY *k, EVP_PKEY *p, unsigned char *out, size_t cap)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(ctx, k, FXQ);
    size_t len = cap;
    int ok = c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, p) > 0 && EVP_PKEY_derive(c, out, &len) > 0;
    EVP_PKEY_CTX_free(c);
    return ok ? len : 0;
}

static int sign_verify(EVP_PKEY *k, const char *md, const unsigned char *msg, size_t len)
{
    unsigned char sig[200];
    size_t sl = sizeof sig;
    EVP_MD_CTX *m = EVP_MD_CTX_new(), *v = EVP_MD_CTX_new();
    int ok = m && v && EVP_DigestSignInit_ex(m, NULL, md, ctx, FXQ, k, NULL) > 0 &&
             EVP_DigestSign(m, sig, &sl, msg, len) > 0 &&
             EVP_DigestVerifyInit_ex(v, NULL, md, ctx, FXQ, k, NULL) > 0 && EVP_DigestVerify(v, sig, sl, msg, len) == 1;
    EVP_MD_CTX_free(m);
    EVP_MD_CTX_free(v);
    return ok;
}

static void *worker(void *arg)
{
    long id = (long)arg;
    for (int r = 0; r < ROUNDS; r++) {
        int g = (int)((id + r) % NGROUPS);
        unsigned char msg[64], z[80];
        memset(msg, (int)(id * 31 + r), sizeof msg);
        int ok = sign_verify(shared[g], "SHA256", msg, sizeof msg);
        ok = ok && derive(shared[g], peer[g], z, sizeof z) == secret_len[g] && !memcmp(z, secret[g], secret_len[g]);
        /* a parameter only OpenSSL's EC answers: the shared key's OpenSSL copy */
        char ft[40] = "";
        ok = ok && EVP_PKEY_get_utf8_string_param(shared[g], OSSL_PKEY_PARAM_EC_FIELD_TYPE, ft, sizeof ft, NULL) &&
             !strcmp(ft, field_types[g]);
        /* a digest fastec lacks: OpenSSL's ECDSA with that copy */
        ok = ok && sign_verify(shared[g], "MD5", msg, sizeof msg);
        /* a key of this thread's own: imported, used, freed */
        OSSL_PARAM *params = NULL;
        EVP_PKEY *mine = NULL;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", FXQ);
        ok = ok && EVP_PKEY_todata(peer[g], EVP_PKEY_KEYPAIR, &params) > 0 && c && EVP_PKEY_fromdata_init(c) > 0 &&
             EVP_PKEY_fromdata(c, &mine, EVP_PKEY_KEYPAIR, params) > 0 &&
             derive(mine, shared[g], z, sizeof z) == secret_len[g] && !memcmp(z, secret[g], secret_len[g]);
        OSSL_PARAM_free(params);
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(mine);
        if (!ok) {
            fails[id]++;
            ERR_print_errors_fp(stderr);
        }
        ERR_clear_error();
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s MODULE_DIR\n", argv[0]);
        return 2;
    }
    ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *fx = NULL, *def = NULL;
    if (!ctx || !OSSL_PROVIDER_set_default_search_path(ctx, argv[1]) || !(def = OSSL_PROVIDER_load(ctx, "default")) ||
        !(fx = OSSL_PROVIDER_load(ctx, "fastec"))) {
        ERR_print_errors_fp(stderr);
        return 1;
    }
    for (int g = 0; g < NGROUPS; g++) {
        shared[g] = keygen(groups[g]);
        peer[g] = keygen(groups[g]);
        secret_len[g] = shared[g] && peer[g] ? derive(shared[g], peer[g], secret[g], sizeof secret[g]) : 0;
        CHECK(secret_len[g] > 0, "%s: keys and a first secret", groups[g]);
    }
    pthread_t t[NTHREADS];
    for (long i = 0; i < NTHREADS; i++) CHECK(pthread_create(&t[i], NULL, worker, (void *)i) == 0, "thread %ld", i);
    for (long i = 0; i < NTHREADS; i++) {
        pthread_join(t[i], NULL);
        CHECK(fails[i] == 0, "thread %ld: %lu rounds failed", i, fails[i]);
    }
    for (int g = 0; g < NGROUPS; g++) {
        EVP_PKEY_free(shared[g]);
        EVP_PKEY_free(peer[g]);
    }
    OSSL_PROVIDER_unload(fx);
    OSSL_PROVIDER_unload(def);
    OSSL_LIB_CTX_free(ctx);
    return t_done("test_provider_threads");
}
