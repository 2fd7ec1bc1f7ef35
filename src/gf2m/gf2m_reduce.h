/* SPDX-License-Identifier: Apache-2.0 */
/* Reduction modulo the field polynomial x^m + x^K1 (+ x^K2 + x^K3) + 1,
 * and the product and square of reduced elements. Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_REDUCE_H
#define FASTEC_GF2M_REDUCE_H

/* ---- reduction modulo x^m + x^K1 (+ x^K2 + x^K3) + 1 ---- */

/* z ^= w * x^pos, for a position below the word being folded */
#define GF_FOLD(z, pos, w)                                                        \
    do {                                                                          \
        const int p_ = (pos), q_ = p_ / 64, s_ = p_ % 64;                         \
        (z)[q_] ^= (w) << s_;                                                     \
        if (s_) (z)[q_ + 1] ^= ((w) >> 1) >> (63 - s_);                             \
    } while (0)

#if GF_NTERMS == 1
#define GF_FOLD_ALL(z, pos, w)                                                    \
    do {                                                                          \
        GF_FOLD(z, (pos), w);                                                     \
        GF_FOLD(z, (pos) + GF_K1, w);                                             \
    } while (0)
#else
#define GF_FOLD_ALL(z, pos, w)                                                    \
    do {                                                                          \
        GF_FOLD(z, (pos), w);                                                     \
        GF_FOLD(z, (pos) + GF_K1, w);                                             \
        GF_FOLD(z, (pos) + GF_K2, w);                                             \
        GF_FOLD(z, (pos) + GF_K3, w);                                             \
    } while (0)
#endif

/* Every K < m - 63, so folding word j only touches words below j. */
_Static_assert(GF_K1 + 64 <= GF_M, "reduction needs K1 < m - 63");

#if GF_X86CLMUL && GF_NTERMS == 3 && (64 * GF_NW - GF_M) + GF_K1 < 64
/* Pentanomials (163, 283 and 571 bits) with PCLMULQDQ: x^(64 NW) = x^c r(x)
 * mod f for c = 64 NW - m and r = x^K1 + x^K2 + x^K3 + 1, and x^c r fits
 * one word here, so each high word t_j (j >= NW) folds as one carry-less
 * product t_j x^c r at word j - NW, instead of four shifted copies. A second
 * product folds the word that spills to NW, then the top bits of word NW - 1
 * fold by shifts. */
#define GF_RED_C (64 * GF_NW - GF_M)
GF_FN void fe_reduce(fe r, uint64_t t[2 * GF_NW + 1])
{
    const __m128i R = _mm_cvtsi64_si128(
        (long long)((1ULL | (1ULL << GF_K1) | (1ULL << GF_K2) | (1ULL << GF_K3)) << GF_RED_C));
    uint64_t w[GF_NW + 1];
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) w[i] = t[i];
    w[GF_NW] = 0;
    GF_UNROLL
    for (int j = GF_NW; j < 2 * GF_NW; j++) {
        __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)t[j]), R, 0x00);
        w[j - GF_NW] ^= (uint64_t)_mm_cvtsi128_si64(p);
        w[j - GF_NW + 1] ^= (uint64_t)_mm_extract_epi64(p, 1);
    }
    {
        __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)w[GF_NW]), R, 0x00);
        w[0] ^= (uint64_t)_mm_cvtsi128_si64(p);
        w[1] ^= (uint64_t)_mm_extract_epi64(p, 1);
    }
    uint64_t top = w[GF_NW - 1] >> GF_TOPBITS;
    w[GF_NW - 1] &= (1ULL << (GF_TOPBITS % 64)) - 1;
    GF_FOLD_ALL(w, 0, top);
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) r[i] = w[i];
}
#else
GF_FN void fe_reduce(fe r, uint64_t t[2 * GF_NW + 1])
{
    t[2 * GF_NW] = 0; /* spill word for folds that reach one past the product */
    GF_UNROLL
    for (int j = 2 * GF_NW - 1; j >= GF_NW; j--) {
        uint64_t w = t[j];
        t[j] = 0;
        GF_FOLD_ALL(t, 64 * j - GF_M, w);
    }
    uint64_t w = t[GF_NW - 1] >> GF_TOPBITS;
    t[GF_NW - 1] &= (GF_TOPBITS == 64) ? ~0ULL : ((1ULL << (GF_TOPBITS % 64)) - 1);
    GF_FOLD_ALL(t, 0, w);
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) r[i] = t[i];
}
#endif

/* With the VPCLMULQDQ backends, up to 5 words (283 bits) the word Karatsuba
 * by default and the lane schoolbook (fe_mul_wide) only where many products
 * are independent, the fixed-base comb's additions (fe_mul_tp): the
 * schoolbook issues fewer instructions but takes longer from its operands to
 * its product (lane assembly, moves back to general registers), and most
 * chains here wait for their product: so the ladder and verification at 4
 * words run a few percent faster than on clmul instead of slower, while the
 * comb keeps the schoolbook's lead; from 7 words (409 bits) the schoolbook
 * wins everywhere. The VEX encoding alone (these backends are compiled for
 * AVX2) makes the same Karatsuba a few percent faster than in the clmul
 * backend.
 * (docs/ARCHITECTURE.md, "Binary fields".) */
GF_FN void fe_mul(fe r, const fe a, const fe b)
{
    uint64_t t[2 * GF_NW + 1];
#if GF_MUL_KARA
    fe_mul_wide_kara(t, a, b);
#elif GF_BACKEND == GF_VPCLMUL512 && GF_NW >= 7
    fe_mul_wide_lat(t, a, b);
#else
    fe_mul_wide(t, a, b);
#endif
    fe_reduce(r, t);
}

/* r = a b where throughput matters more than latency (see above) */
GF_FN void fe_mul_tp(fe r, const fe a, const fe b)
{
    uint64_t t[2 * GF_NW + 1];
    fe_mul_wide(t, a, b);
    fe_reduce(r, t);
}

GF_FN void fe_sqr(fe r, const fe a)
{
    uint64_t t[2 * GF_NW + 1];
    fe_sqr_wide(t, a);
    fe_reduce(r, t);
}

/* the folds fz_reduce needs (below): two where 2 K1 <= m, three for the
 * trinomial of 239 bits (x^239 + x^158 + 1: 3 K1 <= 2 m + 1) */

#endif
