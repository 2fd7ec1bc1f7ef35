/* SPDX-License-Identifier: Apache-2.0 */
/* White-box test of the P-521 field code (src/fp/fp521.h): the 58-bit limb
 * representation at the edges of its bounds, against OpenSSL's BN. Every
 * operation gets "tight" inputs up to the documented limits (limbs 0..7 below
 * 2^58 + 2^10, limb 8 below 2^57), including the largest ones, and must
 * return the right value mod p in tight form; zero tests must hold for both
 * spellings of 0 (0 and p); the canonical conversion must give v mod p. Also
 * long random chains of operations, each result fed back as an input. */
#include <openssl/bn.h>

#define FP_CURVE_secp521r1
#include "fp/fp_impl.h"
#include "testbn.h"
#include "testutil.h"

#ifdef FASTEC_DEBUG_INVARIANTS
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
/* in the builds with debug invariants, a limb past its bound aborts */
static void test_invariant_fires(void)
{
    pid_t pid = fork();
    if (pid == 0) {
        uint64_t a[9] = {0}, r[9];
        a[3] = 1ULL << 60; /* not tight */
        fclose(stderr);    /* the expected report */
        fp_mul(r, a, a);
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, "a non-tight P-521 limb did not trip FASTEC_INVARIANT");
}
#endif

#define LIM ((1ULL << 58) + (1ULL << 10)) /* limbs 0..7 below this */

static BIGNUM *P;
static BN_CTX *ctx;

static BIGNUM *val(const uint64_t *a) { return t_limbs_val(a, 9, 58); }

static BIGNUM *words_val(const uint64_t *w)
{
    uint8_t be[72];
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 8; j++) be[8 * (8 - i) + (7 - j)] = (uint8_t)(w[i] >> (8 * j));
    return BN_bin2bn(be, 72, NULL);
}

static int tight(const uint64_t *a)
{
    for (int i = 0; i < 8; i++)
        if (a[i] >= LIM) return 0;
    return a[8] < (1ULL << 57);
}

/* a tight element, often at the edges */
static void gen(uint64_t *a)
{
    unsigned mode = (unsigned)(t_rand64() % 8);
    for (int i = 0; i < 9; i++) {
        uint64_t r = t_rand64(), top = i < 8 ? LIM - 1 : (1ULL << 57) - 1;
        static const uint64_t edge[] = {0, 1, (1ULL << 58) - 1, 1ULL << 58, (1ULL << 57) - 1, 1ULL << 57, LIM - 1};
        uint64_t v;
        switch (mode) {
        case 0: v = top; break;                                   /* every limb at its maximum */
        case 1: v = i < 8 ? (1ULL << 58) - 1 : (1ULL << 57) - 1; /* p */
            break;
        case 2: v = (r & 3) ? edge[(r >> 2) % 7] : r; break;
        default: v = r; break;
        }
        a[i] = v % (top + 1);
    }
}

/* the result r (tight) has value e mod p */
static void expect(const char *what, const uint64_t *r, const BIGNUM *e, int it)
{
    BIGNUM *v = val(r), *d = BN_new();
    BN_mod_sub(d, v, e, P, ctx);
    CHECK(tight(r), "%s: result not tight (it %d)", what, it);
    CHECK(BN_is_zero(d), "%s: wrong value (it %d)", what, it);
    BN_free(v);
    BN_free(d);
}

static void check_ops(const uint64_t *a, const uint64_t *b, int it)
{
    BIGNUM *A = val(a), *B = val(b), *E = BN_new();
    uint64_t r[9], w[9];
    fp_mul(r, a, b);
    BN_mod_mul(E, A, B, P, ctx);
    expect("mul", r, E, it);
    fp_sqr(r, a);
    BN_mod_mul(E, A, A, P, ctx);
    expect("sqr", r, E, it);
    fp_add(r, a, b);
    BN_mod_add(E, A, B, P, ctx);
    expect("add", r, E, it);
    fp_sub(r, a, b);
    BN_mod_sub(E, A, B, P, ctx);
    expect("sub", r, E, it);
    fp_neg(r, a);
    BN_mod_sub(E, P, A, P, ctx);
    expect("neg", r, E, it);
    static const unsigned ks[] = {2, 3, 4, 8};
    for (int i = 0; i < 4; i++) {
        fp_mulk(r, a, ks[i]);
        BN_set_word(E, ks[i]);
        BN_mod_mul(E, E, A, P, ctx);
        expect("mulk", r, E, it);
    }
    /* zero and equality tests, canonical words */
    BN_nnmod(E, A, P, ctx);
    CHECK(!!fp_is_zero(a) == !!BN_is_zero(E), "is_zero (it %d)", it);
    fp_to_words(w, a);
    BIGNUM *W = words_val(w);
    CHECK(!BN_cmp(W, E), "to_words is not the canonical value (it %d)", it);
    uint64_t back[9];
    fp_from_words(back, w);
    CHECK(fp_eq(back, a) == ~0ULL, "from_words(to_words(a)) != a (it %d)", it);
    BN_mod_sub(E, A, B, P, ctx);
    CHECK(!!fp_eq(a, b) == !!BN_is_zero(E), "eq (it %d)", it);
    BN_free(W);
    BN_free(A);
    BN_free(B);
    BN_free(E);
}

int main(void)
{
    t_seed();
    ctx = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 521);
    BN_sub_word(P, 1);
    uint64_t a[9], b[9], r[9];

    /* both spellings of zero, and p - 1, p + 1 */
    uint64_t zero[9] = {0}, p[9], pm1[9], pp1[9], one[9] = {1};
    memcpy(p, f521_p, sizeof p);
    memcpy(pm1, p, sizeof p);
    pm1[0]--;
    memcpy(pp1, p, sizeof p);
    pp1[0] = 1ULL << 58; /* p + 1, limb 0 at 2^58 */
    CHECK(fp_is_zero(zero) == ~0ULL && fp_is_zero(p) == ~0ULL, "0 and p are zero");
    CHECK(!fp_is_zero(pm1) && !fp_is_zero(pp1) && !fp_is_zero(one), "p - 1, p + 1, 1 are not zero");
    CHECK(fp_eq(p, zero) == ~0ULL && fp_eq(pp1, one) == ~0ULL, "p = 0, p + 1 = 1");
    fp_to_words(r, p);
    CHECK(!memcmp(r, zero, sizeof r), "p -> canonical 0");
    fp_to_words(r, pp1);
    CHECK(!memcmp(r, one, sizeof r), "p + 1 -> canonical 1");

    for (int it = 0; it < 40000; it++) {
        gen(a);
        gen(b);
        check_ops(a, b, it);
    }
    /* chains: results fed back, a random operation each step */
    for (int ch = 0; ch < 200; ch++) {
        gen(a);
        gen(b);
        BIGNUM *A = val(a), *B = val(b), *E = BN_new();
        for (int st = 0; st < 200; st++) {
            unsigned op = (unsigned)(t_rand64() % 6);
            switch (op) {
            case 0: fp_mul(r, a, b); BN_mod_mul(E, A, B, P, ctx); break;
            case 1: fp_sqr(r, a); BN_mod_mul(E, A, A, P, ctx); break;
            case 2: fp_add(r, a, b); BN_mod_add(E, A, B, P, ctx); break;
            case 3: fp_sub(r, a, b); BN_mod_sub(E, A, B, P, ctx); break;
            case 4: fp_mulk(r, a, 8); BN_set_word(E, 8); BN_mod_mul(E, E, A, P, ctx); break;
            default: fp_sub(r, b, a); BN_mod_sub(E, B, A, P, ctx); break;
            }
            expect("chain", r, E, st);
            memcpy(b, a, sizeof a);
            BN_copy(B, A);
            memcpy(a, r, sizeof r);
            BN_copy(A, E);
        }
        BN_free(A);
        BN_free(B);
        BN_free(E);
    }
    /* inverse: a a^-1 = 1, 0 -> 0 */
    for (int it = 0; it < 200; it++) {
        gen(a);
        fp_inv(r, a);
        BIGNUM *A = val(a), *E = BN_new();
        BN_nnmod(E, A, P, ctx);
        if (BN_is_zero(E)) {
            CHECK(fp_is_zero(r) == ~0ULL, "inverse of 0 (it %d)", it);
        } else {
            BN_mod_inverse(E, A, P, ctx);
            expect("inv", r, E, it);
            uint64_t q[9];
            fp_pow_pub(q, a, fp_pm2); /* the generic exponentiation agrees */
            expect("pow p-2", q, E, it);
        }
        BN_free(A);
        BN_free(E);
    }
    fp_inv(r, p);
    CHECK(fp_is_zero(r) == ~0ULL, "inverse of p (= 0) is 0");
    BN_free(P);
    BN_CTX_free(ctx);
#ifdef FASTEC_DEBUG_INVARIANTS
    test_invariant_fires();
#endif
    return t_done("test_fp521");
}
