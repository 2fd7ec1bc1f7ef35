/* SPDX-License-Identifier: Apache-2.0 */
/* GF(p) for p = 2^521 - 1 (secp521r1), included by fp/fp_impl.h in place of
 * the Montgomery code. Unsaturated: nine limbs of 58 bits, the value is
 * sum a_i 2^(58 i) (limb 8 holds the top 57 bits), plain (not Montgomery)
 * form, so 1 is {1, 0, ...}. 2^522 = 2 (mod p), so a product's column i + 9
 * folds onto column i with a factor 2 and no carry chain: each column is a sum
 * of 64 x 64 -> 128-bit products.
 *
 * Bounds (every operation below keeps them; tests/test_fp521.c checks the
 * extremes): a "tight" element has limbs 0..7 below 2^58 + 2^10 and limb 8
 * below 2^57, so its value V < 2^521 + 2^465 < 2 p, and V = 0 (mod p) only for
 * V = 0 (all limbs 0) or V = p (limbs 2^58 - 1, ..., 2^57 - 1: any limb < 2^59
 * is fixed by V mod 2^58, so p has no other spelling). Every operation takes
 * tight inputs and returns a tight result:
 *  - product, square: limbs < 2^60 in, so with the folding factors (2 for the
 *    product, 4 for the square's doubled and folded cross products) a column
 *    is below 9 * 2^60 * 2^61 < 2^125; one carry pass through the columns
 *    (2^521 = 1 folds column 8's carry onto limb 0) leaves limb 1 below
 *    2^58 + 2^10 and the others below 2^58 (limb 8 below 2^57);
 *  - sum, difference (a + 2p - b limb by limb, 2p's limbs 2^59 - 2 and
 *    2^58 - 2 exceed every tight limb): limbs < 2^61, one carry pass.
 * Canonical values (0 <= v < p, 64-bit words) only at the edges: fp_to_words,
 * fp_from_words. Constant-time throughout. */
#ifndef FASTEC_FP521_H
#define FASTEC_FP521_H

#define F521_M58 ((1ULL << 58) - 1)
#define F521_M57 ((1ULL << 57) - 1)

static const uint64_t fp_p[9] = FP_P_INIT;     /* p as 64-bit words (exponents, range checks) */
static const uint64_t fp_pm2[9] = FP_PM2_INIT; /* p - 2, 64-bit words */
static const uint64_t fp_one[9] = {1};
static const uint64_t f521_p[9] = {F521_M58, F521_M58, F521_M58, F521_M58, F521_M58,
                                   F521_M58, F521_M58, F521_M58, F521_M57};

FP_INLINE void fp_copy(uint64_t *r, const uint64_t *a) { memcpy(r, a, 9 * 8); }

/* the "tight" bounds every input and output obeys (FASTEC_INVARIANT) */
static inline int f521_tight(const uint64_t *a)
{
    for (int i = 0; i < 8; i++)
        if (a[i] >= (1ULL << 58) + (1ULL << 10)) return 0;
    return a[8] < (1ULL << 57);
}
#define F521_VERIFY_TIGHT(a) FASTEC_INVARIANT(f521_tight(a))

FP_INLINE void fp_cmov(uint64_t *r, const uint64_t *a, uint64_t mask) { ct_cmov_words(r, a, 9, mask); }

/* one carry pass for limbs s_i < 2^62: limbs 0..7 below 2^58 afterwards,
 * limb 8 below 2^57, and its carry (< 2^6) back onto limb 0 */
FP_INLINE void f521_carry(uint64_t *r, uint64_t *s)
{
    FP_UNROLL for (int i = 0; i < 8; i++) {
        s[i + 1] += s[i] >> 58;
        r[i] = s[i] & F521_M58;
    }
    r[8] = s[8] & F521_M57;
    r[0] += s[8] >> 57;
}

FP_INLINE void fp_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[9];
    F521_VERIFY_TIGHT(a);
    F521_VERIFY_TIGHT(b);
    FP_UNROLL for (int i = 0; i < 9; i++) s[i] = a[i] + b[i];
    f521_carry(r, s);
    F521_VERIFY_TIGHT(r);
}

FP_INLINE void fp_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[9];
    F521_VERIFY_TIGHT(a);
    F521_VERIFY_TIGHT(b);
    FP_UNROLL for (int i = 0; i < 8; i++) s[i] = a[i] + ((1ULL << 59) - 2) - b[i];
    s[8] = a[8] + ((1ULL << 58) - 2) - b[8];
    f521_carry(r, s);
    F521_VERIFY_TIGHT(r);
}

/* r = k a for a small constant k <= 8: one carry pass (limbs < 2^62) */
#define FP_HAVE_MULK 1
FP_INLINE void fp_mulk(uint64_t *r, const uint64_t *a, unsigned k)
{
    uint64_t s[9];
    FP_UNROLL for (int i = 0; i < 9; i++) s[i] = a[i] * k;
    f521_carry(r, s);
}

/* a square costs about half a product here: the point formulas prefer
 * squarings (ecp/ecp_jacobian.h) */
#define FP_SQR_CHEAP 1

FP_INLINE void fp_neg(uint64_t *r, const uint64_t *a)
{
    static const uint64_t z[9] = {0};
    fp_sub(r, z, a);
}

/* all ones if a = 0 (mod p): a is 0 or p (see the top comment) */
FP_INLINE uint64_t fp_is_zero(const uint64_t *a)
{
    uint64_t z = 0, q = 0;
    FP_UNROLL for (int i = 0; i < 9; i++) {
        z |= a[i];
        q |= a[i] ^ f521_p[i];
    }
    return ct_is_zero(z) | ct_is_zero(q);
}

/* all ones if a = b (mod p) */
FP_INLINE uint64_t fp_eq(const uint64_t *a, const uint64_t *b)
{
    uint64_t d[9];
    fp_sub(d, a, b);
    return fp_is_zero(d);
}

/* the last column's carry c (< 2^67) onto limb 0 (2^521 = 1) */
FP_INLINE void f521_fold(uint64_t *r, fp_u128 c)
{
    fp_u128 t = (fp_u128)r[0] + c;
    r[0] = (uint64_t)t & F521_M58;
    r[1] += (uint64_t)(t >> 58);
}

FP_INLINE void fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    F521_VERIFY_TIGHT(a);
    F521_VERIFY_TIGHT(b);
    uint64_t b2[9];
    uint64_t t[9]; /* r may be a or b */
    fp_u128 c = 0;
    FP_UNROLL for (int j = 0; j < 9; j++) b2[j] = b[j] << 1;
    /* column by column, each column's sum then its carry into the next */
    FP_UNROLL for (int k = 0; k < 9; k++) {
        fp_u128 s = 0;
        FP_UNROLL for (int i = 0; i <= k; i++) s += (fp_u128)a[i] * b[k - i];
        FP_UNROLL for (int i = k + 1; i < 9; i++) s += (fp_u128)a[i] * b2[k + 9 - i];
        c += s;
        t[k] = (uint64_t)c & (k < 8 ? F521_M58 : F521_M57);
        c >>= (k < 8 ? 58 : 57);
    }
    f521_fold(t, c);
    fp_copy(r, t);
    F521_VERIFY_TIGHT(r);
}

FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a)
{
    F521_VERIFY_TIGHT(a);
    uint64_t a2[9], a4[9];
    uint64_t t[9]; /* r may be a or b */
    fp_u128 c = 0;
    FP_UNROLL for (int j = 0; j < 9; j++) {
        a2[j] = a[j] << 1;
        a4[j] = a[j] << 2;
    }
    FP_UNROLL for (int k = 0; k < 9; k++) {
        fp_u128 s = 0;
        /* i + j = k, i < j: doubled; i = j: once */
        FP_UNROLL for (int i = 0; 2 * i < k; i++) s += (fp_u128)a[i] * a2[k - i];
        if (k % 2 == 0) s += (fp_u128)a[k / 2] * a[k / 2];
        /* i + j = k + 9 (folded, factor 2): i < j doubled again; i = j once */
        FP_UNROLL for (int i = k + 1; 2 * i < k + 9; i++) s += (fp_u128)a[i] * a4[k + 9 - i];
        if ((k + 9) % 2 == 0) s += (fp_u128)a[(k + 9) / 2] * a2[(k + 9) / 2];
        c += s;
        t[k] = (uint64_t)c & (k < 8 ? F521_M58 : F521_M57);
        c >>= (k < 8 ? 58 : 57);
    }
    f521_fold(t, c);
    fp_copy(r, t);
    F521_VERIFY_TIGHT(r);
}

/* canonical 64-bit words (v < p) -> limbs */
static inline void fp_from_words(uint64_t *r, const uint64_t *w)
{
    FP_UNROLL for (int i = 0; i < 9; i++) {
        unsigned bit = 58 * (unsigned)i, k = bit / 64, s = bit % 64;
        uint64_t v = w[k] >> s;
        if (s > 6 && k + 1 < 9) v |= w[k + 1] << (64 - s);
        r[i] = v & (i < 8 ? F521_M58 : F521_M57);
    }
}

/* a tight element -> its canonical value (0 <= v < p) in 64-bit words */
static inline void fp_to_words(uint64_t *w, const uint64_t *a)
{
    uint64_t l[9], u[9];
    /* carry through without the fold: V = L + 2^521 h, h in {0, 1} */
    uint64_t c = 0;
    FP_UNROLL for (int i = 0; i < 8; i++) {
        uint64_t v = a[i] + c;
        l[i] = v & F521_M58;
        c = v >> 58;
    }
    l[8] = a[8] + c;
    uint64_t h = l[8] >> 57;
    l[8] &= F521_M57;
    /* W = L + h <= 2^521 */
    c = h;
    FP_UNROLL for (int i = 0; i < 8; i++) {
        uint64_t v = l[i] + c;
        l[i] = v & F521_M58;
        c = v >> 58;
    }
    l[8] += c;
    /* W >= p iff W + 1 >= 2^521, and then W - p = W + 1 - 2^521 */
    c = 1;
    FP_UNROLL for (int i = 0; i < 8; i++) {
        uint64_t v = l[i] + c;
        u[i] = v & F521_M58;
        c = v >> 58;
    }
    u[8] = l[8] + c;
    uint64_t ge = ct_mask_bit(u[8] >> 57);
    u[8] &= F521_M57;
    FP_UNROLL for (int i = 0; i < 9; i++) l[i] = (u[i] & ge) | (l[i] & ~ge);
    FP_UNROLL for (int k = 0; k < 9; k++) {
        unsigned bit = 64 * (unsigned)k, i = bit / 58, s = bit % 58;
        uint64_t v = l[i] >> s;
        if (i + 1 < 9) v |= l[i + 1] << (58 - s);
        if (i + 2 < 9 && 116 - s < 64) v |= l[i + 2] << (116 - s);
        w[k] = v;
    }
    ct_wipe(l, sizeof l);
    ct_wipe(u, sizeof u);
}

#endif
