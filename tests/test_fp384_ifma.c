/* SPDX-License-Identifier: Apache-2.0 */
/* White-box test of the IFMA P-384 field (src/fp/fp384_ifma.h), against
 * OpenSSL's BN, at the edges of its bound classes: "R" (limbs below
 * 3.5 * 2^48) and "P" (limbs below 2^52), with every limb at its maximum, p's
 * limbs, 0 and random values. Each operation must return the right value mod
 * p in the class it documents; f48_sub16 its limbs below 2^54 and, carried,
 * R; the conversions from and to fp_impl.h's Montgomery form must keep the
 * value (x R^-1 in, x R out, canonical). Also long random chains, each result
 * fed back. Exits 77 (skipped) on a CPU without AVX512F, IFMA and VL. */
#include <openssl/bn.h>

#define FP_CURVE_secp384r1
#include "cpu.h"
#include "fp/fp_impl.h"
#include "fp/fp384_ifma.h"
#include "testbn.h"
#include "testutil.h"

static BIGNUM *P;
static BN_CTX *ctx;

#define RB ((1ULL << 49) + (1ULL << 48) + (1ULL << 47)) /* R: limbs below 3.5 * 2^48 */
#define PB (1ULL << 52)

typedef struct {
    uint64_t v[8];
} lanes;

F48_TARGET static lanes get(f48 a)
{
    lanes r;
    _mm512_storeu_si512((void *)r.v, a);
    return r;
}

F48_TARGET static f48 put(const uint64_t *l) { return _mm512_loadu_si512((const void *)l); }

static BIGNUM *val48(const lanes *a) { return t_limbs_val(a->v, 8, 48); }

static int below(const lanes *a, uint64_t b)
{
    for (int i = 0; i < 8; i++)
        if (a->v[i] >= b) return 0;
    return 1;
}

/* limbs below b, often at the edges */
static void gen_bounded(uint64_t *a, uint64_t b)
{
    static const uint64_t pl[8] = {(1ULL << 32) - 1, 0, (1ULL << 48) - (1ULL << 32) - 1, (1ULL << 48) - 1,
                                   (1ULL << 48) - 1, (1ULL << 48) - 1, (1ULL << 48) - 1, (1ULL << 48) - 1};
    unsigned mode = (unsigned)(t_rand64() % 8);
    for (int i = 0; i < 8; i++) {
        const uint64_t top = b - 1, r = t_rand64();
        uint64_t v;
        switch (mode) {
        case 0: v = top; break; /* every limb at its maximum */
        case 1: v = pl[i]; break;
        case 2: v = 0; break;
        case 3: {
            const uint64_t edge[] = {0, 1, pl[i], pl[i] + 1, top, top - 1, 1ULL << 48, (1ULL << 48) - 1};
            v = edge[r % 8];
            break;
        }
        case 4: v = (r & 1) ? top : r; break;
        case 5: v = r & ((1ULL << 48) - 1); break; /* tight */
        default: v = r; break;
        }
        a[i] = v > top ? v % (top + 1) : v;
    }
}

F48_TARGET static f48 gen(uint64_t b)
{
    uint64_t a[8];
    gen_bounded(a, b);
    return put(a);
}

/* a's value is e mod p, and its limbs are below bound */
F48_TARGET static void expect(const char *what, f48 a, const BIGNUM *e, uint64_t bound, int it)
{
    lanes l = get(a);
    BIGNUM *v = val48(&l), *d = BN_new();
    BN_mod_sub(d, v, e, P, ctx);
    CHECK(below(&l, bound), "%s: result out of its bounds (it %d)", what, it);
    CHECK(BN_is_zero(d), "%s: wrong value (it %d)", what, it);
    BN_free(v);
    BN_free(d);
}

F48_TARGET static BIGNUM *valr(f48 a)
{
    lanes l = get(a);
    return val48(&l);
}

static BIGNUM *words_val(const uint64_t *w) { return t_limbs_val(w, 6, 64); }

F48_TARGET static void check_ops(f48 a, f48 b, f48 ra, f48 rb, f48 rc, int it)
{
    /* a, b: P; ra, rb, rc: R */
    lanes la = get(a), lb = get(b), lra = get(ra), lrb = get(rb), lrc = get(rc);
    BIGNUM *A = val48(&la), *B = val48(&lb), *RA = val48(&lra), *RBn = val48(&lrb), *RC = val48(&lrc);
    BIGNUM *E = BN_new();
    BN_mod_mul(E, A, B, P, ctx);
    expect("mul", f48_mul(a, b), E, RB, it);
    BN_mod_mul(E, A, A, P, ctx);
    expect("sqr", f48_sqr(a), E, RB, it);
    BN_mod_add(E, RA, RBn, P, ctx);
    expect("add", f48_add(ra, rb), E, PB, it);
    BN_mod_sub(E, RA, RBn, P, ctx);
    expect("sub", f48_sub(ra, rb), E, PB, it);
    /* sub16 of three R's: limbs below 2^54, then R once carried */
    BN_mod_sub(E, RA, RBn, P, ctx);
    BN_mod_sub(E, E, RC, P, ctx);
    BN_mod_sub(E, E, RC, P, ctx);
    const f48 s = f48_sub16(ra, f48_add(rb, f48_add(rc, rc)));
    expect("sub16", s, E, 1ULL << 54, it);
    expect("sub16 carried", f48_carry(s), E, RB, it);
    BN_nnmod(E, A, P, ctx);
    expect("carry", f48_carry(a), E, RB, it);
    /* half: 2 half(ra) = ra */
    f48 h = f48_half(ra);
    lanes lh = get(h);
    BIGNUM *H = val48(&lh);
    BN_mod_add(E, H, H, P, ctx);
    BN_mod_sub(E, E, RA, P, ctx);
    CHECK(BN_is_zero(E) && below(&lh, RB), "half: wrong value or bounds (it %d)", it);
    /* to_mont of a P value: canonical, a R mod p */
    uint64_t m[6], w[6];
    f48_to_mont(m, a);
    fp_to_words(w, m);
    CHECK(fp_lt_p_vartime(m), "to_mont: not canonical (it %d)", it);
    BIGNUM *W = words_val(w);
    BN_mod_sub(E, W, A, P, ctx);
    CHECK(BN_is_zero(E), "to_mont: wrong value (it %d)", it);
    /* and back in: R, the same value */
    BN_nnmod(E, A, P, ctx);
    expect("from_mont", f48_from_mont(m), E, RB, it);
    /* a a^-1 = 1 (fp_impl.h's inverse, the IFMA product) unless a = 0 mod p */
    uint64_t inv[6], o[6];
    fp_inv(inv, m);
    f48_to_mont(o, f48_mul(f48_from_mont(m), f48_from_mont(inv)));
    CHECK(fp_eq(o, fp_one) == ~fp_is_zero(m), "a a^-1 != 1 (it %d)", it);
    BN_free(W);
    BN_free(H);
    BN_free(A);
    BN_free(B);
    BN_free(RA);
    BN_free(RBn);
    BN_free(RC);
    BN_free(E);
}

F48_TARGET static int run(void)
{
    /* p, 0 and p - 1 through the conversions */
    uint64_t m[6], w[6];
    static const uint64_t pl[8] = {(1ULL << 32) - 1, 0, (1ULL << 48) - (1ULL << 32) - 1, (1ULL << 48) - 1,
                                   (1ULL << 48) - 1, (1ULL << 48) - 1, (1ULL << 48) - 1, (1ULL << 48) - 1};
    static const uint64_t zero[8] = {0};
    f48_to_mont(m, put(pl));
    CHECK(fp_is_zero(m) == ~0ULL, "p -> Montgomery: not zero");
    f48_to_mont(m, put(zero));
    CHECK(fp_is_zero(m) == ~0ULL, "0 -> Montgomery: not zero");
    uint64_t pm1[8];
    memcpy(pm1, pl, sizeof pm1);
    pm1[0]--;
    f48_to_mont(m, put(pm1));
    fp_to_words(w, m);
    BIGNUM *W = words_val(w), *E = BN_new();
    BN_sub(E, P, W);
    CHECK(BN_is_one(E), "p - 1 -> Montgomery -> words: not p - 1");
    BN_free(W);
    /* values whose first fold in f48_to_words still reaches 2^384:
     * 2^384 (t + 1) - 1 for t = 1..15, the limbs below 2^48 but the top one */
    for (uint64_t t = 1; t < 16; t++) {
        uint64_t l[8];
        for (int i = 0; i < 7; i++) l[i] = (1ULL << 48) - 1;
        l[7] = ((t + 1) << 48) - 1;
        lanes ll = get(put(l));
        BIGNUM *V = val48(&ll), *U = BN_new();
        f48_to_mont(m, put(l));
        fp_to_words(w, m);
        W = words_val(w);
        BN_mod_sub(U, W, V, P, ctx);
        CHECK(BN_is_zero(U) && fp_lt_p_vartime(m), "to_mont of 2^384 (%d + 1) - 1: wrong value", (int)t);
        BN_free(V);
        BN_free(U);
        BN_free(W);
    }
    for (int it = 0; it < 30000; it++) {
        f48 a = (it & 1) ? gen(PB) : gen(RB), b = (it & 2) ? gen(PB) : gen(RB);
        check_ops(a, b, gen(RB), gen(RB), gen(RB), it);
    }
    /* chains (tests/testbn.h) */
#define GEN_R() gen(RB)
#define VAL(a) valr(a)
#define SUB3(a, b) f48_carry(f48_sub16((a), (b)))
#define EXPECT_R(what, r, e, it) expect((what), (r), (e), RB, (it))
    T_IFMA_CHAINS(f48, P, ctx)
    BN_free(E);
    return t_done("test_fp384_ifma");
}

int main(void)
{
    if (!cpu_backend_hw(CPU_BE_IFMA)) {
        printf("test_fp384_ifma: skipped, this CPU has no AVX512F + IFMA + VL\n");
        return 77;
    }
    t_seed();
    ctx = BN_CTX_new();
    P = BN_new();
    BN_hex2bn(&P, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff");
    int rc = run();
    BN_free(P);
    BN_CTX_free(ctx);
    return rc;
}
