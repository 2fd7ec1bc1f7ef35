/* SPDX-License-Identifier: Apache-2.0 */
/* GF(2^521 - 1) in AVX-512 IFMA registers (VPMADD52LUQ / VPMADD52HUQ), for
 * the "ifma" backend's P-521 point formulas (ecp/ecp_ifma521.h). x86-64 only;
 * every function carries the target attribute F50_TARGET, so the file builds
 * without global -m flags and runs only where src/cpu.c found AVX512F, IFMA
 * and VL enabled by the OS.
 *
 * An element f50 is eleven limbs in radix 2^50: limbs 0..7 in the lanes of
 * .l, limbs 8..10 in lanes 0..2 of .h, whose lanes 3..7 are always 0. Limb 10
 * has weight 2^500 and nominally 21 bits, so 2^521 = 1 (mod p) folds a
 * carry out of it onto limb 0. Values are not reduced (any V = v mod p).
 *
 * Bounds. IFMA reads 52 bits of each input limb, so a product's inputs must
 * have limbs below 2^52; with limbs below 2^50 there are two bits of headroom
 * and a sum or a difference feeds a product without a carry pass.
 *  - "R" (reduced): limb 0 < 2^50 + 2^38, limbs 1..9 < 2^50 + 2^9,
 *    limb 10 < 2^21 + 2^9. Products, f50_carry, f50_half and f50_from58
 *    return R.
 *  - "P" (product input): limbs 0..9 < 2^52, limb 10 < 2^23. An R, the sum of
 *    two R's and R - R' + 2p (f50_sub) are P. R - (up to three R's
 *    summed) + 4p (f50_sub4) has limbs below 2^53 and needs f50_carry
 *    before any other use.
 * The product: columns of 52-bit low and high halves (a high half weighs
 * 2^52 = 4 * 2^50 in the next column), each column below 55 * 2^52 < 2^58 for
 * P inputs; the largest column, 21, is 4 hi(a_10 b_10) = 0 since
 * a_10 b_10 < 2^46; columns 11..20 fold by 2^550 = 2^29 (mod p), split as
 * (c << 29) mod 2^50 onto column k - 11 and c >> 21 onto column k - 10; one
 * parallel carry pass (every limb's carry into the next, limb 10's at bit 21
 * onto limb 0) gives R. tests/test_fp521_ifma.c checks every operation
 * against fp521.h and BN at the extremes of these bounds.
 *
 * The point code keeps fp521.h's 58-bit form in memory (tables, inversion,
 * encodings unchanged) and converts at the edges of each formula:
 * f50_from58 (tight in, R out) and f50_to58 (P in, tight out).
 * Constant-time: straight-line lane operations, no branch or index on data. */
#ifndef FASTEC_FP521_IFMA_H
#define FASTEC_FP521_IFMA_H

#include <immintrin.h>
#include <stdint.h>

#define F50_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl")))
#define F50_INLINE static inline __attribute__((always_inline)) F50_TARGET

typedef struct {
    __m512i l, h;
} f50;

#define F50_M50 ((1ULL << 50) - 1)
#define F50_M21 ((1ULL << 21) - 1)
/* lanes 0..7 as a vector, from a constant expression of the lane number */
#define F50_LANES(E)                                                                                                  \
    _mm512_set_epi64(F50_L(E, 7), F50_L(E, 6), F50_L(E, 5), F50_L(E, 4), F50_L(E, 3), F50_L(E, 2), F50_L(E, 1),       \
                     F50_L(E, 0))
#define F50_L(E, n) ((long long)(E(n)))

F50_INLINE f50 f50_add(f50 a, f50 b)
{
    return (f50){_mm512_add_epi64(a.l, b.l), _mm512_add_epi64(a.h, b.h)};
}

/* a - b + 2p: a, b R (b's limbs are below 2p's), result P */
F50_INLINE f50 f50_sub(f50 a, f50 b)
{
    const __m512i pl = _mm512_set1_epi64((long long)((1ULL << 51) - 2));
    const __m512i ph = _mm512_set_epi64(0, 0, 0, 0, 0, (1LL << 22) - 2, (1LL << 51) - 2, (1LL << 51) - 2);
    return (f50){_mm512_sub_epi64(_mm512_add_epi64(a.l, pl), b.l), _mm512_sub_epi64(_mm512_add_epi64(a.h, ph), b.h)};
}

/* a - b + 4p: a R, b a sum of at most three R's; the limbs are below 2^53
 * (limb 10: 2^24), so the result goes through f50_carry before any use */
F50_INLINE f50 f50_sub4(f50 a, f50 b)
{
    const __m512i pl = _mm512_set1_epi64((long long)((1ULL << 52) - 4));
    const __m512i ph = _mm512_set_epi64(0, 0, 0, 0, 0, (1LL << 23) - 4, (1LL << 52) - 4, (1LL << 52) - 4);
    return (f50){_mm512_sub_epi64(_mm512_add_epi64(a.l, pl), b.l), _mm512_sub_epi64(_mm512_add_epi64(a.h, ph), b.h)};
}

/* one parallel carry pass over columns s (lanes below 2^63, s.h lanes 3..7
 * ignored): limb i keeps its low 50 bits (limb 10: 21) plus limb i - 1's carry;
 * limb 10's carry (weight 2^521 = 1) goes to limb 0. Result R when the
 * columns are below 2^59. */
F50_INLINE f50 f50_carry_cols(__m512i s0, __m512i s1)
{
    const __m512i m0 = _mm512_set1_epi64((long long)F50_M50);
    const __m512i m1 = _mm512_set_epi64(0, 0, 0, 0, 0, (long long)F50_M21, (long long)F50_M50, (long long)F50_M50);
    const __m512i sh1 = _mm512_set_epi64(64, 64, 64, 64, 64, 21, 50, 50);
    const __m512i k0 = _mm512_srli_epi64(s0, 50);
    const __m512i k1 = _mm512_srlv_epi64(s1, sh1); /* lanes 3..7: 0 */
    /* limb 0 takes limb 10's carry (k1 lane 2, index 10), limb i limb i - 1's */
    const __m512i i0 = _mm512_set_epi64(6, 5, 4, 3, 2, 1, 0, 10);
    const __m512i i1 = _mm512_set_epi64(15, 15, 15, 15, 15, 9, 8, 7);
    f50 r;
    r.l = _mm512_add_epi64(_mm512_and_si512(s0, m0), _mm512_permutex2var_epi64(k0, i0, k1));
    r.h = _mm512_maskz_add_epi64(0x7, _mm512_and_si512(s1, m1), _mm512_permutex2var_epi64(k0, i1, k1));
    return r;
}

F50_INLINE f50 f50_carry(f50 a) { return f50_carry_cols(a.l, a.h); }

/* lanes s..s+7 of b's limbs (0 outside 0..10) for a constant s in -7..10:
 * one lane rotation across b.l, b.h (whose lanes 3..7 are 0) or zero (a
 * switch, as clang wants the rotation count as a literal constant) */
F50_INLINE __m512i f50_win(f50 b, int s)
{
    const __m512i z = _mm512_setzero_si512();
    switch (s) {
    case -7: return _mm512_alignr_epi64(b.l, z, 1);
    case -6: return _mm512_alignr_epi64(b.l, z, 2);
    case -5: return _mm512_alignr_epi64(b.l, z, 3);
    case -4: return _mm512_alignr_epi64(b.l, z, 4);
    case -3: return _mm512_alignr_epi64(b.l, z, 5);
    case -2: return _mm512_alignr_epi64(b.l, z, 6);
    case -1: return _mm512_alignr_epi64(b.l, z, 7);
    case 0: return b.l;
    case 1: return _mm512_alignr_epi64(b.h, b.l, 1);
    case 2: return _mm512_alignr_epi64(b.h, b.l, 2);
    case 3: return _mm512_alignr_epi64(b.h, b.l, 3);
    case 4: return _mm512_alignr_epi64(b.h, b.l, 4);
    case 5: return _mm512_alignr_epi64(b.h, b.l, 5);
    case 6: return _mm512_alignr_epi64(b.h, b.l, 6);
    case 7: return _mm512_alignr_epi64(b.h, b.l, 7);
    case 8: return b.h;
    case 9: return _mm512_alignr_epi64(z, b.h, 1);
    default: return _mm512_alignr_epi64(z, b.h, 2); /* 10 */
    }
}

/* limb i of a in every lane */
F50_INLINE __m512i f50_bcast(f50 a, int i)
{
    return _mm512_permutexvar_epi64(_mm512_set1_epi64(i & 7), i < 8 ? a.l : a.h);
}

/* columns c0 (0..7), c1 (8..15), c2 (16..23) of a product, below 2^58,
 * folded and carried: R */
F50_INLINE f50 f50_reduce(__m512i c0, __m512i c1, __m512i c2)
{
    const __m512i z = _mm512_setzero_si512();
    /* columns 11..18 and 19..21 (lanes 3, 4 of hb: columns 22, 23, which are 0) */
    const __m512i ha = _mm512_alignr_epi64(c2, c1, 3), hb = _mm512_alignr_epi64(z, c2, 3);
    const __m512i m50 = _mm512_set1_epi64((long long)F50_M50);
    /* column k + 11 = 2^29 column k: low 21 bits shifted up stay, the rest
     * goes one column up */
    const __m512i fa = _mm512_and_si512(_mm512_slli_epi64(ha, 29), m50);
    const __m512i fb = _mm512_and_si512(_mm512_slli_epi64(hb, 29), m50);
    const __m512i ga = _mm512_srli_epi64(ha, 21), gb = _mm512_srli_epi64(hb, 21);
    const __m512i s0 = _mm512_add_epi64(_mm512_add_epi64(c0, fa), _mm512_alignr_epi64(ga, z, 7));
    const __m512i s1 = _mm512_add_epi64(_mm512_add_epi64(c1, fb), _mm512_alignr_epi64(gb, ga, 7));
    return f50_carry_cols(s0, s1); /* s1's lanes 3..7 ignored */
}

/* column = low halves + 4 high halves (a high half weighs 2^52) */
F50_INLINE __m512i f50_col(__m512i lo, __m512i hi) { return _mm512_add_epi64(lo, _mm512_slli_epi64(hi, 2)); }

/* a b for P inputs, result R */
F50_INLINE f50 f50_mul(f50 a, f50 b)
{
    const __m512i z = _mm512_setzero_si512();
    /* columns 0..7, 8..15, 16..23 (blocks m = 0, 1, 2): the low halves of
     * the products a_i b_j at column i + j in lo*, the high halves at column
     * i + j + 1 in hi*, so no shuffle is left for the end; the sums split
     * into independent chains (2, 3 and 2 of them) for a shorter latency */
    __m512i lo0[2] = {z, z}, hi0[2] = {z, z}, lo1[3] = {z, z, z}, hi1[3] = {z, z, z}, lo2[2] = {z, z}, hi2[2] = {z, z};
    __m512i ab[11]; /* limb i of a in every lane */
    _Pragma("GCC unroll 11") for (int i = 0; i < 11; i++) ab[i] = f50_bcast(a, i);
    /* window by window (lanes s..s+7 of b): block m takes its low halves
     * with a's limb i = 8m - s and its high halves with i = 8m - 1 - s
     * (kept window-major: written limb by limb the loop spills) */
    _Pragma("GCC unroll 18") for (int s = -7; s <= 10; s++) {
        const __m512i w = f50_win(b, s);
        if (s <= 0) /* m = 0, i = -s */
            lo0[s & 1] = _mm512_madd52lo_epu64(lo0[s & 1], ab[-s], w);
        if (s <= -1) /* i = -1 - s */
            hi0[s & 1] = _mm512_madd52hi_epu64(hi0[s & 1], ab[-1 - s], w);
        if (s >= -2 && s <= 8) /* m = 1, i = 8 - s */
            lo1[(s + 3) % 3] = _mm512_madd52lo_epu64(lo1[(s + 3) % 3], ab[8 - s], w);
        if (s >= -3 && s <= 7) /* i = 7 - s */
            hi1[(s + 3) % 3] = _mm512_madd52hi_epu64(hi1[(s + 3) % 3], ab[7 - s], w);
        if (s >= 6) /* m = 2, i = 16 - s */
            lo2[s & 1] = _mm512_madd52lo_epu64(lo2[s & 1], ab[16 - s], w);
        if (s >= 5) /* i = 15 - s */
            hi2[s & 1] = _mm512_madd52hi_epu64(hi2[s & 1], ab[15 - s], w);
    }
    return f50_reduce(f50_col(_mm512_add_epi64(lo0[0], lo0[1]), _mm512_add_epi64(hi0[0], hi0[1])),
                      f50_col(_mm512_add_epi64(_mm512_add_epi64(lo1[0], lo1[1]), lo1[2]),
                              _mm512_add_epi64(_mm512_add_epi64(hi1[0], hi1[1]), hi1[2])),
                      f50_col(_mm512_add_epi64(lo2[0], lo2[1]), _mm512_add_epi64(hi2[0], hi2[1])));
}

/* a^2 for a P input, result R: the products a_i a_j, i < j, once (the
 * product's windows with lane masks keeping the columns c = 8m + l with
 * j = c - i > i for the low halves, j = c - 1 - i > i for the high halves),
 * doubled, then the squares a_i^2 (low half at column 2i, high half at
 * 2i + 1): 37 IFMA instead of 48 */
F50_INLINE f50 f50_sqr(f50 a)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i lo0[2] = {z, z}, hi0[2] = {z, z}, lo1[2] = {z, z}, hi1[2] = {z, z}, lo2[2] = {z, z}, hi2[2] = {z, z};
    __m512i ab[10];
    _Pragma("GCC unroll 10") for (int i = 0; i < 10; i++) ab[i] = f50_bcast(a, i);
/* the lanes l of block m with 8m + l > 2i + e */
#define F50_SQM(m, i, e)                                                                                              \
    ((__mmask8)(2 * (i) + (e) - 8 * (m) + 1 <= 0 ? 0xff : 0xff & (0xff << (2 * (i) + (e) - 8 * (m) + 1))))
    _Pragma("GCC unroll 18") for (int s = -7; s <= 10; s++) {
        const __m512i w = f50_win(a, s);
        if (s <= 0 && s >= -3) /* m = 0, i = -s in 0..3 */
            lo0[s & 1] = _mm512_mask_madd52lo_epu64(lo0[s & 1], F50_SQM(0, -s, 0), ab[-s], w);
        if (s <= -1 && s >= -3) /* i = -1 - s in 0..2 */
            hi0[s & 1] = _mm512_mask_madd52hi_epu64(hi0[s & 1], F50_SQM(0, -1 - s, 1), ab[-1 - s], w);
        if (s >= 1 && s <= 8) /* m = 1, i = 8 - s in 0..7 */
            lo1[s & 1] = _mm512_mask_madd52lo_epu64(lo1[s & 1], F50_SQM(1, 8 - s, 0), ab[8 - s], w);
        if (s >= 1 && s <= 7) /* i = 7 - s in 0..6 */
            hi1[s & 1] = _mm512_mask_madd52hi_epu64(hi1[s & 1], F50_SQM(1, 7 - s, 1), ab[7 - s], w);
        if (s >= 7) /* m = 2, i = 16 - s in 6..9 */
            lo2[s & 1] = _mm512_mask_madd52lo_epu64(lo2[s & 1], F50_SQM(2, 16 - s, 0), ab[16 - s], w);
        if (s >= 6) /* i = 15 - s in 5..9 */
            hi2[s & 1] = _mm512_mask_madd52hi_epu64(hi2[s & 1], F50_SQM(2, 15 - s, 1), ab[15 - s], w);
    }
#undef F50_SQM
    /* doubled, then a_i^2: limb i of a in lanes 2i - 8m (its low half)
     * and 2i + 1 - 8m (its high half) of block m */
    const __m512i i0 = _mm512_set_epi64(3, 3, 2, 2, 1, 1, 0, 0), i1 = _mm512_set_epi64(7, 7, 6, 6, 5, 5, 4, 4);
    const __m512i e0 = _mm512_permutexvar_epi64(i0, a.l), e1 = _mm512_permutexvar_epi64(i1, a.l);
    const __m512i e2 = _mm512_permutexvar_epi64(i0, a.h);
    const __m512i l0 = _mm512_mask_madd52lo_epu64(_mm512_slli_epi64(_mm512_add_epi64(lo0[0], lo0[1]), 1), 0x55, e0, e0);
    const __m512i h0 = _mm512_mask_madd52hi_epu64(_mm512_slli_epi64(_mm512_add_epi64(hi0[0], hi0[1]), 1), 0xaa, e0, e0);
    const __m512i l1 = _mm512_mask_madd52lo_epu64(_mm512_slli_epi64(_mm512_add_epi64(lo1[0], lo1[1]), 1), 0x55, e1, e1);
    const __m512i h1 = _mm512_mask_madd52hi_epu64(_mm512_slli_epi64(_mm512_add_epi64(hi1[0], hi1[1]), 1), 0xaa, e1, e1);
    const __m512i l2 = _mm512_mask_madd52lo_epu64(_mm512_slli_epi64(_mm512_add_epi64(lo2[0], lo2[1]), 1), 0x15, e2, e2);
    const __m512i h2 = _mm512_mask_madd52hi_epu64(_mm512_slli_epi64(_mm512_add_epi64(hi2[0], hi2[1]), 1), 0x2a, e2, e2);
    return f50_reduce(f50_col(l0, h0), f50_col(l1, h1), f50_col(l2, h2));
}

/* a / 2 = a 2^520 (mod p): every limb shifted right by one, with the next
 * limb's bit 0 as its bit 49 (limb 0's bit 0 becomes limb 10's bit 20); R in,
 * R out */
F50_INLINE f50 f50_half(f50 a)
{
    const __m512i one = _mm512_set1_epi64(1);
    const __m512i n0 = _mm512_permutex2var_epi64(a.l, _mm512_set_epi64(8, 7, 6, 5, 4, 3, 2, 1), a.h);
    const __m512i n1 = _mm512_maskz_permutex2var_epi64(0x7, a.l, _mm512_set_epi64(0, 0, 0, 0, 0, 0, 10, 9), a.h);
    const __m512i sh1 = _mm512_set_epi64(0, 0, 0, 0, 0, 20, 49, 49);
    f50 r;
    r.l = _mm512_add_epi64(_mm512_srli_epi64(a.l, 1), _mm512_slli_epi64(_mm512_and_si512(n0, one), 49));
    r.h = _mm512_add_epi64(_mm512_srli_epi64(a.h, 1), _mm512_sllv_epi64(_mm512_and_si512(n1, one), sh1));
    return r;
}

/* r = m ? b : a for a mask m (0 or all ones), lane by lane */
F50_INLINE f50 f50_select(f50 a, f50 b, uint64_t m)
{
    const __m512i v = _mm512_set1_epi64((long long)m);
    return (f50){_mm512_ternarylogic_epi64(v, b.l, a.l, 0xca), _mm512_ternarylogic_epi64(v, b.h, a.h, 0xca)};
}

/* ---- conversions from and to fp521.h's nine 58-bit limbs ---- */

/* radix 2^50 limb k from 58-bit limbs: limb f = floor(50k / 58) shifted right
 * by 50k - 58f, plus limb f + 1 shifted left by 58(f + 1) - 50k where that is
 * below 50 (no other 58-bit limb below 2^59 reaches bits 50k..50k + 49);
 * a shift by 64 gives 0 */
#define F50_F(k) ((50 * (k)) / 58)
#define F50_R0(k) (50 * (k) - 58 * F50_F(k))
#define F50_I0(k) ((k) > 10 ? 0 : (F50_F(k) < 8 ? F50_F(k) : 8))
#define F50_S0(k) ((k) > 10 ? 64 : F50_R0(k))
#define F50_I1(k) ((k) > 10 || F50_F(k) + 1 > 8 ? 0 : (F50_F(k) + 1 < 8 ? F50_F(k) + 1 : 8))
#define F50_S1(k) ((k) > 10 || F50_F(k) + 1 > 8 || 58 - F50_R0(k) >= 50 ? 64 : 58 - F50_R0(k))
#define F50_I0L(n) F50_I0(n)
#define F50_I0H(n) F50_I0((n) + 8)
#define F50_S0L(n) F50_S0(n)
#define F50_S0H(n) F50_S0((n) + 8)
#define F50_I1L(n) F50_I1(n)
#define F50_I1H(n) F50_I1((n) + 8)
#define F50_S1L(n) F50_S1(n)
#define F50_S1H(n) F50_S1((n) + 8)

/* a tight 58-bit element (fp521.h) -> R */
F50_INLINE f50 f50_from58(const uint64_t *a)
{
    const __m512i al = _mm512_loadu_si512((const void *)a);
    const __m512i a8 = _mm512_maskz_loadu_epi64(0x1, a + 8); /* index 8 below */
    const __m512i m50 = _mm512_set1_epi64((long long)F50_M50);
    const __m512i p0l = _mm512_permutex2var_epi64(al, F50_LANES(F50_I0L), a8);
    const __m512i p0h = _mm512_permutex2var_epi64(al, F50_LANES(F50_I0H), a8);
    const __m512i p1l = _mm512_permutex2var_epi64(al, F50_LANES(F50_I1L), a8);
    const __m512i p1h = _mm512_permutex2var_epi64(al, F50_LANES(F50_I1H), a8);
    const __m512i l = _mm512_add_epi64(_mm512_and_si512(_mm512_srlv_epi64(p0l, F50_LANES(F50_S0L)), m50),
                                       _mm512_and_si512(_mm512_sllv_epi64(p1l, F50_LANES(F50_S1L)), m50));
    const __m512i h = _mm512_add_epi64(_mm512_and_si512(_mm512_srlv_epi64(p0h, F50_LANES(F50_S0H)), m50),
                                       _mm512_and_si512(_mm512_sllv_epi64(p1h, F50_LANES(F50_S1H)), m50));
    return f50_carry_cols(l, h);
}

/* 58-bit limb i from radix 2^50 limbs below 2^52: limb g = floor(58i / 50)
 * shifted right by 58i - 50g, limbs g + 1 and g + 2 shifted left by
 * 50(g + t) - 58i where that is below 58 (limb g - 1 would need
 * 58i - 50g < 2, which no i in 1..8 has); each piece masked to 58 bits */
#define F50_G(i) ((58 * (i)) / 50)
#define F50_D(i) (58 * (i) - 50 * F50_G(i))
#define F50_J(i, t) (F50_G(i) + (t) <= 10 ? F50_G(i) + (t) : 0)
#define F50_T(i, t) (F50_G(i) + (t) <= 10 && 50 * (t) - F50_D(i) < 58 ? 50 * (t) - F50_D(i) : 64)
#define F50_J0(n) F50_J(n, 0)
#define F50_J1(n) F50_J(n, 1)
#define F50_J2(n) F50_J(n, 2)
#define F50_T0(n) F50_D(n)
#define F50_T1(n) F50_T(n, 1)
#define F50_T2(n) F50_T(n, 2)

/* P (or R) -> a tight 58-bit element (fp521.h's bounds: limbs 0..7 below
 * 2^58 + 2^10, limb 8 below 2^57) */
F50_INLINE void f50_to58(uint64_t *r, f50 a)
{
    const __m512i m58 = _mm512_set1_epi64((long long)((1ULL << 58) - 1));
    const __m512i p0 = _mm512_permutex2var_epi64(a.l, F50_LANES(F50_J0), a.h);
    const __m512i p1 = _mm512_permutex2var_epi64(a.l, F50_LANES(F50_J1), a.h);
    const __m512i p2 = _mm512_permutex2var_epi64(a.l, F50_LANES(F50_J2), a.h);
    __m512i s = _mm512_and_si512(_mm512_srlv_epi64(p0, F50_LANES(F50_T0)), m58);
    s = _mm512_add_epi64(s, _mm512_and_si512(_mm512_sllv_epi64(p1, F50_LANES(F50_T1)), m58));
    s = _mm512_add_epi64(s, _mm512_and_si512(_mm512_sllv_epi64(p2, F50_LANES(F50_T2)), m58));
    /* limb 8 (bits 464..): limb 9 from bit 14 on and limb 10 shifted up by
     * 36, unmasked (everything above) */
    __m512i s8 = _mm512_add_epi64(_mm512_srli_epi64(_mm512_maskz_permutexvar_epi64(0x1, _mm512_set1_epi64(1), a.h), 14),
                                  _mm512_slli_epi64(_mm512_maskz_permutexvar_epi64(0x1, _mm512_set1_epi64(2), a.h), 36));
    /* sums below 3 * 2^58 (limb 8: 2^60): carry once; limb 8 takes limb
     * 7's carry before its own mask, so it stays below 2^57, and its carry
     * (2^521 = 1) goes to limb 0 */
    const __m512i k = _mm512_srli_epi64(s, 58);
    s8 = _mm512_add_epi64(s8, _mm512_maskz_permutexvar_epi64(0x1, _mm512_set1_epi64(7), k));
    const __m512i c8 = _mm512_srli_epi64(s8, 57);
    s8 = _mm512_and_si512(s8, _mm512_set1_epi64((long long)((1ULL << 57) - 1)));
    s = _mm512_add_epi64(_mm512_and_si512(s, m58),
                         _mm512_permutex2var_epi64(k, _mm512_set_epi64(6, 5, 4, 3, 2, 1, 0, 8), c8));
    _mm512_storeu_si512((void *)r, s);
    _mm512_mask_storeu_epi64(r + 8, 0x1, s8);
}

#endif
