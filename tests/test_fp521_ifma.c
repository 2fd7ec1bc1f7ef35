/* SPDX-License-Identifier: Apache-2.0 */
/* White-box test of the IFMA P-521 field (src/fp/fp521_ifma.h), against
 * OpenSSL's BN, at the edges of its bound classes: "R" (limb 0 below
 * 2^50 + 2^38, limbs 1..9 below 2^50 + 2^9, limb 10 below 2^21 + 2^9) and "P"
 * (limbs 0..9 below 2^52, limb 10 below 2^23), including every limb at its
 * maximum, p's spelling, 0 and random values. Each operation must return the
 * right value mod p in the class it documents, with the unused lanes 0; the
 * conversions from and to fp521.h's 58-bit form must keep the value and give
 * R and tight limbs. Also long random chains, each result fed back. Exits 77
 * (skipped) on a CPU without AVX512F, IFMA and VL. */
#include <openssl/bn.h>

#define FP_CURVE_secp521r1
#include "cpu.h"
#include "fp/fp_impl.h"
#include "fp/fp521_ifma.h"
#include "testbn.h"
#include "testutil.h"

static BIGNUM *P;
static BN_CTX *ctx;

typedef struct {
    uint64_t v[16]; /* lanes of .l, then of .h */
} lanes;

F50_TARGET static lanes get(f50 a)
{
    lanes r;
    _mm512_storeu_si512((void *)r.v, a.l);
    _mm512_storeu_si512((void *)(r.v + 8), a.h);
    return r;
}

F50_TARGET static f50 put(const uint64_t *limbs) /* 11 limbs */
{
    uint64_t v[16] = {0};
    memcpy(v, limbs, 11 * 8);
    return (f50){_mm512_loadu_si512((const void *)v), _mm512_loadu_si512((const void *)(v + 8))};
}

static BIGNUM *val50(const lanes *a) { return t_limbs_val(a->v, 11, 50); }
F50_TARGET static BIGNUM *valr(f50 a)
{
    lanes l = get(a);
    return val50(&l);
}
static BIGNUM *val58(const uint64_t *a) { return t_limbs_val(a, 9, 58); }

#define R0 ((1ULL << 50) + (1ULL << 38)) /* limb 0 of R below this */
#define R1 ((1ULL << 50) + (1ULL << 9))  /* limbs 1..9 */
#define R10 ((1ULL << 21) + (1ULL << 9)) /* limb 10 */
#define P9 (1ULL << 52)
#define P10 (1ULL << 23)

static int unused_zero(const lanes *a)
{
    for (int i = 11; i < 16; i++)
        if (a->v[i]) return 0;
    return 1;
}

static int is_r(const lanes *a)
{
    if (a->v[0] >= R0 || a->v[10] >= R10) return 0;
    for (int i = 1; i < 10; i++)
        if (a->v[i] >= R1) return 0;
    return unused_zero(a);
}

static int is_p(const lanes *a)
{
    if (a->v[10] >= P10) return 0;
    for (int i = 0; i < 10; i++)
        if (a->v[i] >= P9) return 0;
    return unused_zero(a);
}

/* limbs with limb i below bound(i), often at the edges */
static void gen_bounded(uint64_t *a, uint64_t b0, uint64_t b1, uint64_t b10)
{
    unsigned mode = (unsigned)(t_rand64() % 8);
    for (int i = 0; i < 11; i++) {
        const uint64_t top = (i == 0 ? b0 : i == 10 ? b10 : b1) - 1, r = t_rand64();
        const uint64_t pl = i == 10 ? F50_M21 : F50_M50; /* p's limb */
        uint64_t v;
        switch (mode) {
        case 0: v = top; break; /* every limb at its maximum */
        case 1: v = pl; break;  /* p */
        case 2: v = 0; break;
        case 3: {
            const uint64_t edge[] = {0, 1, pl, pl + 1, top, top - 1, 1ULL << 49};
            v = edge[r % 7];
            break;
        }
        case 4: v = (r & 1) ? top : r; break;
        default: v = r; break;
        }
        a[i] = v > top ? v % (top + 1) : v;
    }
}

static f50 gen_r(void)
{
    uint64_t a[11];
    gen_bounded(a, R0, R1, R10);
    return put(a);
}

/* a P value: an R, a sum of two R's or a P at its limits */
static f50 gen_p(void)
{
    uint64_t a[11];
    gen_bounded(a, P9, P9, P10);
    return put(a);
}

/* a tight 58-bit element (fp521.h), often at the edges */
static void gen58(uint64_t *a)
{
    const uint64_t lim = (1ULL << 58) + (1ULL << 10);
    unsigned mode = (unsigned)(t_rand64() % 6);
    for (int i = 0; i < 9; i++) {
        const uint64_t top = i < 8 ? lim - 1 : (1ULL << 57) - 1, r = t_rand64();
        uint64_t v = mode == 0 ? top : mode == 1 ? (i < 8 ? F521_M58 : F521_M57) : mode == 2 ? 0 : r;
        a[i] = v > top ? v % (top + 1) : v;
    }
}

/* a's value is e mod p, and a is in class r (1) or p (0) */
static void expect(const char *what, f50 a, const BIGNUM *e, int want_r, int it)
{
    lanes l = get(a);
    BIGNUM *v = val50(&l), *d = BN_new();
    BN_mod_sub(d, v, e, P, ctx);
    CHECK(want_r ? is_r(&l) : is_p(&l), "%s: result out of its bounds (it %d)", what, it);
    CHECK(BN_is_zero(d), "%s: wrong value (it %d)", what, it);
    BN_free(v);
    BN_free(d);
}

F50_TARGET static void check_ops(f50 a, f50 b, f50 ra, f50 rb, f50 rc, int it)
{
    /* a, b: P; ra, rb, rc: R */
    lanes la = get(a), lb = get(b), lra = get(ra), lrb = get(rb), lrc = get(rc);
    BIGNUM *A = val50(&la), *B = val50(&lb), *RA = val50(&lra), *RB = val50(&lrb), *RC = val50(&lrc), *E = BN_new();
    BN_mod_mul(E, A, B, P, ctx);
    expect("mul", f50_mul(a, b), E, 1, it);
    BN_mod_mul(E, A, A, P, ctx);
    expect("sqr", f50_sqr(a), E, 1, it);
    BN_mod_add(E, RA, RB, P, ctx);
    expect("add", f50_add(ra, rb), E, 0, it);
    BN_mod_sub(E, RA, RB, P, ctx);
    expect("sub", f50_sub(ra, rb), E, 0, it);
    BN_mod_sub(E, RA, RB, P, ctx);
    BN_mod_sub(E, E, RC, P, ctx);
    BN_mod_sub(E, E, RC, P, ctx);
    /* sub4 needs its carry pass before any use: limbs below 2^53 (limb 10: 2^24) */
    const f50 s4 = f50_sub4(ra, f50_add(rb, f50_add(rc, rc)));
    lanes ls4 = get(s4);
    int s4ok = ls4.v[10] < (1ULL << 24) && unused_zero(&ls4);
    for (int i = 0; i < 10; i++) s4ok &= ls4.v[i] < (1ULL << 53);
    CHECK(s4ok, "sub4: limbs out of bounds (it %d)", it);
    expect("sub4", f50_carry(s4), E, 1, it);
    BN_nnmod(E, A, P, ctx);
    expect("carry", f50_carry(a), E, 1, it);
    /* half: 2 half(ra) = ra */
    f50 h = f50_half(ra);
    lanes lh = get(h);
    BIGNUM *H = val50(&lh);
    BN_mod_add(E, H, H, P, ctx);
    BN_mod_sub(E, E, RA, P, ctx);
    CHECK(BN_is_zero(E) && is_r(&lh), "half: wrong value or bounds (it %d)", it);
    /* to58 of a P value: tight, same value */
    uint64_t w[9];
    f50_to58(w, a);
    BIGNUM *W = val58(w);
    BN_mod_sub(E, W, A, P, ctx);
    CHECK(BN_is_zero(E), "to58: wrong value (it %d)", it);
    int tight = w[8] < (1ULL << 57);
    for (int i = 0; i < 8; i++) tight &= w[i] < (1ULL << 58) + (1ULL << 10);
    CHECK(tight, "to58: not tight (it %d)", it);
    BN_free(W);
    BN_free(H);
    BN_free(A);
    BN_free(B);
    BN_free(RA);
    BN_free(RB);
    BN_free(RC);
    BN_free(E);
}

F50_TARGET static void check_from58(const uint64_t *a, int it)
{
    BIGNUM *A = val58(a);
    f50 x = f50_from58(a);
    expect("from58", x, A, 1, it);
    /* and back: the same value, and fp521.h's product agrees */
    uint64_t w[9], m[9], y[9];
    f50_to58(w, x);
    CHECK(fp_eq(w, a) == ~0ULL, "to58(from58(a)) != a (it %d)", it);
    fp_mul(m, a, w);
    f50_to58(y, f50_mul(x, x));
    CHECK(fp_eq(m, y) == ~0ULL, "IFMA product differs from fp521.h's (it %d)", it);
    /* a a^-1 = 1 (fp521.h's inverse, the IFMA product) unless a = 0 */
    static const uint64_t one[9] = {1};
    fp_inv(m, a);
    f50_to58(y, f50_mul(x, f50_from58(m)));
    CHECK(fp_eq(y, one) == ~fp_is_zero(a), "a a^-1 != 1 (it %d)", it);
    BN_free(A);
}

F50_TARGET static int run(void)
{
    /* both spellings of 0 and p - 1 through the conversions */
    uint64_t zero58[9] = {0}, w[9];
    f50_to58(w, f50_from58(f521_p));
    CHECK(fp_is_zero(w) == ~0ULL, "p -> R -> 58: not zero");
    f50_to58(w, f50_from58(zero58));
    CHECK(fp_is_zero(w) == ~0ULL, "0 -> R -> 58: not zero");
    for (int it = 0; it < 30000; it++) {
        uint64_t a58[9];
        gen58(a58);
        check_from58(a58, it);
        f50 a = (it & 1) ? gen_p() : gen_r(), b = (it & 2) ? gen_p() : gen_r();
        check_ops(a, b, gen_r(), gen_r(), gen_r(), it);
    }
    /* chains (tests/testbn.h) */
#define GEN_R() gen_r()
#define VAL(a) valr(a)
#define SUB3(a, b) f50_sub4((a), (b))
#define EXPECT_R(what, r, e, it) expect((what), (r), (e), 1, (it))
    T_IFMA_CHAINS(f50, P, ctx)
    return t_done("test_fp521_ifma");
}

int main(void)
{
    if (!cpu_backend_hw(CPU_BE_IFMA)) {
        printf("test_fp521_ifma: skipped, this CPU has no AVX512F + IFMA + VL\n");
        return 77;
    }
    t_seed();
    ctx = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 521);
    BN_sub_word(P, 1);
    int rc = run();
    BN_free(P);
    BN_CTX_free(ctx);
    return rc;
}
