/* SPDX-License-Identifier: Apache-2.0 */
/* The provider inside OpenSSL's asynchronous jobs, as servers in
 * SSL_MODE_ASYNC run it (HAProxy's ssl-mode-async, openssl s_server
 * -async): each job runs on a fibre whose stack is 32 KB, allocated from
 * the heap, so a provider call that writes more than that below its caller
 * corrupts the heap.
 *
 * For every fastec curve, inside ASYNC_start_job: key generation, ECDH
 * derive (fastec's key against the default provider's, both ways equal),
 * ECDSA sign and verify with fastec (the signature verifies with the
 * default provider too). Several jobs are started before any finishes
 * (each pauses once, before its work, so that they interleave on the
 * thread), then a second round with every job doing all curves.
 *
 * Then, on the main stack, the bytes each of the four EVP calls writes
 * below its caller (OpenSSL's frames and the provider's together), painted
 * and read back, with fastec and with the default provider: fastec's must
 * be within the library's 16 KB budget.
 * usage: test_provider_async MODULE_DIR */
#include <openssl/async.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "fastec.h"
#include "teststack.h"
#include "testossl.h"
#include "testutil.h"

#define BUDGET (16 * 1024)

static OSSL_LIB_CTX *fx_ctx, *def_ctx;
static OSSL_PROVIDER *fx_prov;

/* OpenSSL's name of a fastec curve (prime256v1 for secp256r1) */
static const char *ossl_name(const char *curve) { return OBJ_nid2sn(t_nid(curve)); }

static EVP_PKEY *keygen(OSSL_LIB_CTX *ctx, const char *curve)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
    if (g && EVP_PKEY_keygen_init(g) > 0) {
        OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)curve, 0),
                          OSSL_PARAM_construct_end()};
        if (EVP_PKEY_CTX_set_params(g, p) <= 0 || EVP_PKEY_generate(g, &k) <= 0) k = NULL;
    }
    EVP_PKEY_CTX_free(g);
    return k;
}

static size_t derive(OSSL_LIB_CTX *ctx, EVP_PKEY *mine, EVP_PKEY *peer, uint8_t *out)
{
    size_t n = 0;
    EVP_PKEY_CTX *d = EVP_PKEY_CTX_new_from_pkey(ctx, mine, NULL);
    if (!d || EVP_PKEY_derive_init(d) <= 0 || EVP_PKEY_derive_set_peer(d, peer) <= 0 ||
        EVP_PKEY_derive(d, NULL, &n) <= 0 || EVP_PKEY_derive(d, out, &n) <= 0)
        n = 0;
    EVP_PKEY_CTX_free(d);
    return n;
}

static size_t sign(OSSL_LIB_CTX *ctx, EVP_PKEY *k, const uint8_t *msg, size_t len, uint8_t *sig, size_t cap)
{
    size_t n = cap;
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    if (!m || EVP_DigestSignInit_ex(m, NULL, "SHA256", ctx, NULL, k, NULL) <= 0 ||
        EVP_DigestSign(m, sig, &n, msg, len) <= 0)
        n = 0;
    EVP_MD_CTX_free(m);
    return n;
}

static int verify(OSSL_LIB_CTX *ctx, EVP_PKEY *k, const uint8_t *msg, size_t len, const uint8_t *sig, size_t n)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m && EVP_DigestVerifyInit_ex(m, NULL, "SHA256", ctx, NULL, k, NULL) > 0 &&
             EVP_DigestVerify(m, sig, n, msg, len) == 1;
    EVP_MD_CTX_free(m);
    return ok;
}

/* the default provider's copy of a key (through its encoded public key, or
 * the whole key) */
static EVP_PKEY *copy_to(OSSL_LIB_CTX *ctx, EVP_PKEY *k, int selection)
{
    OSSL_PARAM *p = NULL;
    EVP_PKEY *out = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(ctx, "EC", NULL);
    if (EVP_PKEY_todata(k, selection, &p) > 0 && c && EVP_PKEY_fromdata_init(c) > 0)
        EVP_PKEY_fromdata(c, &out, selection, p);
    OSSL_PARAM_free(p);
    EVP_PKEY_CTX_free(c);
    return out;
}

/* one curve's round: 1 if every step gave the right answer */
static int curve_round(const char *curve)
{
    static const uint8_t msg[] = "fastec inside an asynchronous job";
    uint8_t s1[145], s2[145], sig[160];
    int ok = 0;
    EVP_PKEY *a = keygen(fx_ctx, curve), *b = keygen(def_ctx, curve), *a_def = NULL, *b_fx = NULL;
    if (!a || !b) goto done;
    a_def = copy_to(def_ctx, a, OSSL_KEYMGMT_SELECT_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS);
    b_fx = copy_to(fx_ctx, b, OSSL_KEYMGMT_SELECT_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS);
    if (!a_def || !b_fx) goto done;
    size_t n1 = derive(fx_ctx, a, b_fx, s1), n2 = derive(def_ctx, b, a_def, s2);
    if (!n1 || n1 != n2 || memcmp(s1, s2, n1)) goto done;
    size_t n = sign(fx_ctx, a, msg, sizeof msg, sig, sizeof sig);
    if (!n || !verify(fx_ctx, a, msg, sizeof msg, sig, n) || !verify(def_ctx, a_def, msg, sizeof msg, sig, n)) goto done;
    sig[n / 2] ^= 1;
    ok = !verify(fx_ctx, a, msg, sizeof msg, sig, n);
done:
    if (!ok) ERR_print_errors_fp(stderr);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    EVP_PKEY_free(a_def);
    EVP_PKEY_free(b_fx);
    return ok;
}

/* a job: pause once (so that the jobs interleave), then the curves from
 * arg's first index to its last */
struct job_arg {
    size_t first, last;
    int ok;
};

static int job_main(void *p)
{
    struct job_arg *a = *(struct job_arg **)p;
    ASYNC_pause_job();
    a->ok = 1;
    for (size_t i = a->first; i <= a->last; i++) {
        const char *curve = ossl_name(fastec_curve_name(fastec_curve_at(i)));
        if (!curve_round(curve)) {
            fprintf(stderr, "in an asynchronous job: %s failed\n", curve);
            a->ok = 0;
        }
    }
    return a->ok;
}

/* run the jobs (one per entry of args) to completion, interleaved */
static void run_jobs(struct job_arg *args, size_t n)
{
    ASYNC_JOB *job[32] = {0};
    ASYNC_WAIT_CTX *wctx[32];
    int done[32] = {0}, ret;
    size_t left = n;
    for (size_t i = 0; i < n; i++) wctx[i] = ASYNC_WAIT_CTX_new();
    while (left) {
        for (size_t i = 0; i < n; i++) {
            if (done[i]) continue;
            struct job_arg *ap = &args[i];
            int r = ASYNC_start_job(&job[i], wctx[i], &ret, job_main, &ap, sizeof ap);
            if (r == ASYNC_FINISH || r == ASYNC_ERR || r == ASYNC_NO_JOBS) {
                CHECK(r == ASYNC_FINISH, "job %zu: ASYNC_start_job gave %d", i, r);
                if (r != ASYNC_FINISH) args[i].ok = 0;
                done[i] = 1;
                left--;
            }
        }
    }
    for (size_t i = 0; i < n; i++) ASYNC_WAIT_CTX_free(wctx[i]);
}

/* ---- the stack the EVP calls write ---- */
static size_t worst[2][4];
static const char *const call_names[4] = {"keygen", "derive", "sign", "verify"};

static void measure(OSSL_LIB_CTX *ctx, int which, const char *curve)
{
    static const uint8_t msg[] = "measured";
    static uint8_t s[145], sig[160];
    static EVP_PKEY *a, *b;
    size_t d;
    paint();
    a = keygen(ctx, curve);
    read_back();
    d = deepest_change();
    if (d > worst[which][0]) worst[which][0] = d;
    b = keygen(ctx, curve);
    paint();
    size_t n = derive(ctx, a, b, s);
    read_back();
    d = deepest_change();
    if (d > worst[which][1]) worst[which][1] = d;
    CHECK(n > 0, "%s derive", curve);
    paint();
    n = sign(ctx, a, msg, sizeof msg, sig, sizeof sig);
    read_back();
    d = deepest_change();
    if (d > worst[which][2]) worst[which][2] = d;
    paint();
    int ok = verify(ctx, a, msg, sizeof msg, sig, n);
    read_back();
    d = deepest_change();
    if (d > worst[which][3]) worst[which][3] = d;
    CHECK(ok, "%s verify", curve);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_provider_async MODULE_DIR\n");
        return 2;
    }
    fx_ctx = OSSL_LIB_CTX_new();
    def_ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER_set_default_search_path(fx_ctx, argv[1]);
    fx_prov = OSSL_PROVIDER_load(fx_ctx, "fastec");
    OSSL_PROVIDER *fx_def = OSSL_PROVIDER_load(fx_ctx, "default");
    OSSL_PROVIDER *def = OSSL_PROVIDER_load(def_ctx, "default");
    CHECK(fx_prov && fx_def && def, "providers loaded");
    if (!fx_prov || !fx_def || !def) return t_done("test_provider_async");
    CHECK(EVP_set_default_properties(fx_ctx, "?provider=fastec") == 1, "fastec preferred");
    /* fastec makes OpenSSL's EC beside it on first use (its first query),
     * which may come inside a job: the first key generation in each
     * context, measured as the other calls are */
    paint();
    EVP_PKEY *first = keygen(fx_ctx, "prime256v1");
    read_back();
    const size_t first_fx = deepest_change();
    EVP_PKEY_free(first);
    paint();
    first = keygen(def_ctx, "prime256v1");
    read_back();
    const size_t first_def = deepest_change();
    EVP_PKEY_free(first);
    printf("bytes below the first EVP key generation: fastec preferred %zu / default provider %zu\n", first_fx,
           first_def);
    CHECK(first_fx <= BUDGET, "the first EVP key generation with fastec writes %zu bytes below its caller (budget %d)",
          first_fx, BUDGET);
    const unsigned long sign0 = t_fastec_counter(fx_prov, "sign"), derive0 = t_fastec_counter(fx_prov, "derive");

    /* round one: a job per curve, all interleaved */
    const size_t nc = fastec_curve_count();
    struct job_arg args[32];
    for (size_t i = 0; i < nc; i++) args[i] = (struct job_arg){i, i, 0};
    run_jobs(args, nc);
    for (size_t i = 0; i < nc; i++)
        CHECK(args[i].ok, "%s in an asynchronous job", fastec_curve_name(fastec_curve_at(i)));
    /* round two: four jobs, each doing every curve */
    for (size_t i = 0; i < 4; i++) args[i] = (struct job_arg){0, nc - 1, 0};
    run_jobs(args, 4);
    for (size_t i = 0; i < 4; i++) CHECK(args[i].ok, "job %zu of every curve", i);
    CHECK(t_fastec_counter(fx_prov, "sign") - sign0 >= 5 * nc, "fastec signed in the jobs");
    CHECK(t_fastec_counter(fx_prov, "derive") - derive0 >= 5 * nc, "fastec derived in the jobs");

    for (size_t i = 0; i < nc; i++) {
        const char *curve = ossl_name(fastec_curve_name(fastec_curve_at(i)));
        measure(fx_ctx, 0, curve);
        measure(def_ctx, 1, curve);
    }
    printf("bytes below the EVP call, the largest over the curves: fastec preferred / default provider\n");
    for (int k = 0; k < 4; k++) {
        printf("  %-7s %6zu / %6zu\n", call_names[k], worst[0][k], worst[1][k]);
        CHECK(worst[0][k] <= BUDGET, "EVP %s with fastec writes %zu bytes below its caller (budget %d)", call_names[k],
              worst[0][k], BUDGET);
    }
    OSSL_PROVIDER_unload(fx_prov);
    OSSL_PROVIDER_unload(fx_def);
    OSSL_PROVIDER_unload(def);
    OSSL_LIB_CTX_free(fx_ctx);
    OSSL_LIB_CTX_free(def_ctx);
    return t_done("test_provider_async");
}
