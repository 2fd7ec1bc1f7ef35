/* SPDX-License-Identifier: Apache-2.0 */
/* GF(p), p = 2^384 - 2^128 - 2^96 + 2^32 - 1, in one AVX-512 IFMA register
 * (VPMADD52LUQ / VPMADD52HUQ), for the "ifma" backend's P-384 ECDH windows
 * (ecp/ecp_ifma384_mul.h). x86-64 only; every function carries the target
 * attribute F48_TARGET, so the file builds without global -m flags and runs
 * only where src/cpu.c found AVX512F, IFMA and VL enabled by the OS.
 *
 * An element f48 is eight limbs in radix 2^48, one per lane, plain values
 * (not Montgomery), not reduced (any V = v mod p), every limb nonnegative.
 * Memory keeps fp_impl.h's Montgomery form in six 64-bit words; f48_from_mont
 * and f48_to_mont convert at the edges of the window loop.
 *
 * Bounds. IFMA reads 52 bits of each input limb, so a product's inputs must
 * have limbs below 2^52.
 *  - "R": limbs below 3.5 * 2^48. Products, squares, f48_carry and f48_half
 *    return R.
 *  - "P": limbs below 2^52, what a product accepts. The sum of two R's and
 *    R - R' + 4p (f48_sub) are P. R - (a sum of up to three R's) + 16p
 *    (f48_sub16) has limbs below 2^54 and goes through f48_carry before any
 *    other use.
 * The multiples of p added by the differences are spelt with borrows, every
 * limb at least as large as the limb it must cover (p: 2^48 + p_0,
 * 2^48 - 1 + p_i, p_7 - 1; 4p and 16p likewise with 2^50 and 2^52).
 *
 * The product: columns of 52-bit low halves and high halves (a high half
 * weighs 2^52 = 16 * 2^48 in the next column), each column below
 * 136 * 2^52 < 2^60 for P inputs; columns 8..15 fold by
 * 2^384 = 2^128 + 2^96 - 2^32 + 1 (mod p): column c at limb j + 8 adds
 * c - (c mod 2^16) 2^32 to limb j, -(c >> 16) to j + 1, c + (c mod 2^16) 2^32
 * to j + 2 and c >> 16 to j + 3 (c 2^32 split at 2^48), which reaches limbs
 * 8..10 again and folds once more; then one signed carry pass, limb 7's carry
 * k folded as k - k 2^32 onto limb 0 and k + k 2^32 onto limb 2, and p added
 * (its borrowed limbs cover every negative term), so the limbs come out
 * nonnegative and R. tests/test_fp384_ifma.c checks every operation against
 * BN at the extremes of these bounds.
 * Constant-time: straight-line lane operations, no branch or index on data. */
#ifndef FASTEC_FP384_IFMA_H
#define FASTEC_FP384_IFMA_H

#include <immintrin.h>
#include <stdint.h>

#define F48_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl")))
#define F48_INLINE static inline __attribute__((always_inline)) F48_TARGET

typedef __m512i f48;

#define F48_M48 ((1LL << 48) - 1)
/* p's limbs in radix 2^48: p_0, p_1 = 0, p_2, p_3..p_7 = 2^48 - 1 */
#define F48_P0 ((1LL << 32) - 1)
#define F48_P2 ((1LL << 48) - (1LL << 32) - 1)
#define F48_P7 F48_M48
/* m p with borrows: limb 0 m p_0 + 2^48 m, limbs 1..6 m p_i + 2^48 m - m,
 * limb 7 m p_7 - m; every limb at least 2^48 m - m */
#define F48_MP(m)                                                                                                     \
    _mm512_set_epi64((m) * F48_P7 - (m), (m) * F48_P7 + ((m) << 48) - (m), (m) * F48_P7 + ((m) << 48) - (m),          \
                     (m) * F48_P7 + ((m) << 48) - (m), (m) * F48_P7 + ((m) << 48) - (m),                              \
                     (m) * F48_P2 + ((m) << 48) - (m), ((m) << 48) - (m), (m) * F48_P0 + ((m) << 48))

F48_INLINE f48 f48_add(f48 a, f48 b) { return _mm512_add_epi64(a, b); }

/* a - b + 4p: a, b R, result P */
F48_INLINE f48 f48_sub(f48 a, f48 b) { return _mm512_sub_epi64(_mm512_add_epi64(a, F48_MP(4LL)), b); }

/* a - b + 16p: a R, b a sum of at most three R's; limbs below 2^54, so the
 * result goes through f48_carry before any use */
F48_INLINE f48 f48_sub16(f48 a, f48 b) { return _mm512_sub_epi64(_mm512_add_epi64(a, F48_MP(16LL)), b); }

/* one signed carry pass over limbs t (|t| < 2^62, the value nonnegative
 * after p is added): limb i keeps its low 48 bits plus limb i - 1's carry,
 * limb 7's carry k (weight 2^384) goes in as k - k 2^32 at limb 0 and
 * k + k 2^32 at limb 2, and p (borrowed) keeps every limb nonnegative. R. */
F48_INLINE f48 f48_carry(f48 t)
{
    const __m512i z = _mm512_setzero_si512();
    const __m512i k = _mm512_srai_epi64(t, 48);
    const __m512i v = _mm512_maskz_permutexvar_epi64(0x05, _mm512_set1_epi64(7), k); /* k_7 in lanes 0, 2 */
    const __m512i w = _mm512_slli_epi64(v, 32);
    const __m512i e = _mm512_mask_sub_epi64(_mm512_maskz_add_epi64(0x4, v, w), 0x1, z, w);
    /* the rotation puts k_7 (its "+ k" part) in lane 0 and k_i in lane i + 1 */
    const __m512i r = _mm512_add_epi64(_mm512_and_si512(t, _mm512_set1_epi64(F48_M48)), _mm512_alignr_epi64(k, k, 7));
    return _mm512_add_epi64(_mm512_add_epi64(r, F48_MP(1LL)), e);
}

/* lanes s..s+7 of b's limbs (0 outside 0..7) for a constant s in -7..7 (a
 * switch, as clang wants the rotation count as a literal constant) */
F48_INLINE __m512i f48_win(f48 b, int s)
{
    const __m512i z = _mm512_setzero_si512();
    switch (s) {
    case -7: return _mm512_alignr_epi64(b, z, 1);
    case -6: return _mm512_alignr_epi64(b, z, 2);
    case -5: return _mm512_alignr_epi64(b, z, 3);
    case -4: return _mm512_alignr_epi64(b, z, 4);
    case -3: return _mm512_alignr_epi64(b, z, 5);
    case -2: return _mm512_alignr_epi64(b, z, 6);
    case -1: return _mm512_alignr_epi64(b, z, 7);
    case 0: return b;
    case 1: return _mm512_alignr_epi64(z, b, 1);
    case 2: return _mm512_alignr_epi64(z, b, 2);
    case 3: return _mm512_alignr_epi64(z, b, 3);
    case 4: return _mm512_alignr_epi64(z, b, 4);
    case 5: return _mm512_alignr_epi64(z, b, 5);
    case 6: return _mm512_alignr_epi64(z, b, 6);
    default: return _mm512_alignr_epi64(z, b, 7); /* 7 */
    }
}

/* columns c0 (0..7) and c1 (8..15), below 2^60, folded and carried: R */
F48_INLINE f48 f48_reduce(__m512i c0, __m512i c1)
{
    const __m512i z = _mm512_setzero_si512();
    const __m512i m16 = _mm512_set1_epi64(0xffff);
/* lanes 0..7 and 8..15 of a 16-lane value v shifted up by k lanes */
#define F48_UPLO(v, k) _mm512_alignr_epi64((v), z, 8 - (k))
#define F48_UPHI(v, k) _mm512_alignr_epi64(z, (v), 8 - (k))
    /* first fold: columns 8..15 (nonnegative) onto limbs 0..10 */
    __m512i L = _mm512_slli_epi64(_mm512_and_si512(c1, m16), 32), H = _mm512_srli_epi64(c1, 16);
    __m512i A = _mm512_sub_epi64(c1, L), B = _mm512_add_epi64(c1, L);
    __m512i t = _mm512_add_epi64(_mm512_add_epi64(c0, A), F48_UPLO(B, 2));
    t = _mm512_add_epi64(t, _mm512_sub_epi64(F48_UPLO(H, 3), F48_UPLO(H, 1)));
    const __m512i u = _mm512_add_epi64(F48_UPHI(B, 2), _mm512_sub_epi64(F48_UPHI(H, 3), F48_UPHI(H, 1)));
    /* second fold: limbs 8..10 (lanes 0..2 of u, signed) onto limbs 0..5 */
    L = _mm512_slli_epi64(_mm512_and_si512(u, m16), 32);
    H = _mm512_srai_epi64(u, 16);
    A = _mm512_sub_epi64(u, L);
    B = _mm512_add_epi64(u, L);
    t = _mm512_add_epi64(_mm512_add_epi64(t, A), F48_UPLO(B, 2));
    t = _mm512_add_epi64(t, _mm512_sub_epi64(F48_UPLO(H, 3), F48_UPLO(H, 1)));
#undef F48_UPLO
#undef F48_UPHI
    return f48_carry(t);
}

/* a b for P inputs, result R: block m (columns 8m..8m+7) takes the low
 * halves of window s of b times a's limb i = 8m - s and the high halves of
 * the same window times limb 8m - 1 - s (so they land one column up); the
 * sums in two chains a block (30 IFMA) */
F48_INLINE f48 f48_mul(f48 a, f48 b)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i lo0[2] = {z, z}, hi0[2] = {z, z}, lo1[2] = {z, z}, hi1[2] = {z, z};
    __m512i ab[8]; /* limb i of a in every lane */
    _Pragma("GCC unroll 8") for (int i = 0; i < 8; i++) ab[i] = _mm512_permutexvar_epi64(_mm512_set1_epi64(i), a);
    _Pragma("GCC unroll 15") for (int s = -7; s <= 7; s++) {
        const __m512i w = f48_win(b, s);
        if (s <= 0) lo0[s & 1] = _mm512_madd52lo_epu64(lo0[s & 1], ab[-s], w);
        if (s <= -1) hi0[s & 1] = _mm512_madd52hi_epu64(hi0[s & 1], ab[-1 - s], w);
        if (s >= 1) lo1[s & 1] = _mm512_madd52lo_epu64(lo1[s & 1], ab[8 - s], w);
        if (s >= 0) hi1[s & 1] = _mm512_madd52hi_epu64(hi1[s & 1], ab[7 - s], w);
    }
    /* a column is its low halves plus 16 times its high halves */
    const __m512i c0 = _mm512_add_epi64(_mm512_add_epi64(lo0[0], lo0[1]),
                                        _mm512_slli_epi64(_mm512_add_epi64(hi0[0], hi0[1]), 4));
    const __m512i c1 = _mm512_add_epi64(_mm512_add_epi64(lo1[0], lo1[1]),
                                        _mm512_slli_epi64(_mm512_add_epi64(hi1[0], hi1[1]), 4));
    return f48_reduce(c0, c1);
}

/* a^2 for a P input: the product (a dedicated square, 24 IFMA with lane
 * masks, measured no faster in the doubling) */
F48_INLINE f48 f48_sqr(f48 a) { return f48_mul(a, a); }

/* a / 2 for limbs below 2^62: a + p if a is odd (limb 0's parity is the
 * value's), then every limb shifted right by one with the next limb's bit 0
 * as its bit 47; R in, R out */
F48_INLINE f48 f48_half(f48 a)
{
    const __m512i one = _mm512_set1_epi64(1);
    const __mmask8 odd = _mm512_test_epi64_mask(_mm512_permutexvar_epi64(_mm512_setzero_si512(), a), one);
    const __m512i h = _mm512_mask_add_epi64(a, odd, a, F48_MP(1LL));
    const __m512i nx = _mm512_alignr_epi64(_mm512_setzero_si512(), h, 1);
    return _mm512_add_epi64(_mm512_srli_epi64(h, 1), _mm512_slli_epi64(_mm512_and_si512(nx, one), 47));
}

/* r = m ? b : a for a mask m (0 or all ones) */
F48_INLINE f48 f48_select(f48 a, f48 b, uint64_t m)
{
    return _mm512_ternarylogic_epi64(_mm512_set1_epi64((long long)m), b, a, 0xca);
}

/* ---- conversions from and to fp_impl.h's Montgomery form ---- */

/* canonical words w (below 2^384) -> limbs (tight, below 2^48) */
F48_INLINE f48 f48_from_words(const uint64_t *w)
{
    uint64_t l[8];
    for (int k = 0; k < 8; k++) {
        const int b = 48 * k, i = b / 64, s = b % 64;
        uint64_t v = w[i] >> s;
        if (s > 16) v |= w[i + 1] << (64 - s);
        l[k] = v & (uint64_t)F48_M48;
    }
    return _mm512_loadu_si512((const void *)l);
}

/* a (Montgomery form, fp_impl.h) -> R */
F48_INLINE f48 f48_from_mont(const uint64_t *a)
{
    uint64_t w[6];
    fp_to_words(w, a);
    const f48 r = f48_from_words(w);
    ct_wipe(w, sizeof w);
    return r;
}

/* nonnegative limbs below 2^52 -> six words below 2^384 of the same value
 * mod p: the sum into seven words (below 2^389), then its part t above
 * 2^384 folded twice as t (2^384 - p), whose words are 2^64 - 2^32 + 1,
 * 2^32 - 1 and 1 (after the first fold the value is below 2^384 + 2^135,
 * after the second below 2^384) */
F48_INLINE void f48_to_words(uint64_t *w, f48 a)
{
    uint64_t l[8], v[7] = {0};
    _mm512_storeu_si512((void *)l, a);
    for (int k = 0; k < 8; k++) {
        const int b = 48 * k, i = b / 64, s = b % 64;
        unsigned __int128 c = (unsigned __int128)l[k] << s; /* below 2^116 */
        for (int j = i; j < 7; j++) {
            c += v[j];
            v[j] = (uint64_t)c;
            c >>= 64;
        }
    }
    for (int f = 0; f < 2; f++) {
        const uint64_t t = v[6];
        unsigned __int128 c = (unsigned __int128)v[0] + (unsigned __int128)t * 0xffffffff00000001ULL;
        v[0] = (uint64_t)c;
        c = (c >> 64) + v[1] + (unsigned __int128)t * 0x00000000ffffffffULL;
        v[1] = (uint64_t)c;
        c = (c >> 64) + v[2] + t;
        v[2] = (uint64_t)c;
        for (int j = 3; j < 6; j++) {
            c = (c >> 64) + v[j];
            v[j] = (uint64_t)c;
        }
        v[6] = (uint64_t)(c >> 64);
    }
    for (int j = 0; j < 6; j++) w[j] = v[j];
    ct_wipe(l, sizeof l);
    ct_wipe(v, sizeof v);
}

/* a = 0 mod p, for public a (limbs below 2^52): its words are 0 or p */
F48_INLINE int f48_is_zero_vartime(f48 a)
{
    uint64_t w[6];
    int z = 1, zp = 1;
    f48_to_words(w, a);
    for (int i = 0; i < 6; i++) {
        z &= w[i] == 0;
        zp &= w[i] == fp_p[i];
    }
    return z | zp;
}

/* limbs below 2^52 -> Montgomery form (fp_impl.h), canonical */
F48_INLINE void f48_to_mont(uint64_t *r, f48 a)
{
    uint64_t w[6];
    f48_to_words(w, a);
    fp_from_words(r, w);
    ct_wipe(w, sizeof w);
}

#endif
