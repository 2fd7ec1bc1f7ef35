/* SPDX-License-Identifier: Apache-2.0 */
/* The wide product with 512-bit VPCLMULQDQ (AVX-512F): four 64x64 products
 * per instruction, the schoolbook in lanes (the vpclmul512 backend). Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_VPCLMUL512_H
#define FASTEC_GF2M_VPCLMUL512_H

/* t = a * b, schoolbook with four 64x64 products per VPCLMULQDQ on 512-bit
 * registers (four 128-bit lanes). a is read as pairs P_k = (a_2k, a_2k+1),
 * one per lane; version s of it (s = 0..3) is a moved up by s lanes, so that
 * for the word b_j (j = 2q + e) the products of the low words a_2k b_j land at
 * word 2(k + q) + e and those of the high words a_2k+1 b_j at 2(k + q) + 1 + e:
 * with the version s = offset mod 4 each 128-bit product lands in its lane,
 * and the accumulator register is fixed at compile time. Terms at even word
 * offsets sum in E, at odd ones in O; t = E + O x^64 (one VALIGNQ per
 * register). GF_NW^2 products in about GF_NW (GF_NW + 7) / 4 instructions
 * against GF_NW (GF_NW + 1) / 2 one-product PCLMULQDQs for the word
 * Karatsuba below, and no moves between general and vector registers: at
 * full throughput about two thirds of clmul's cycles from 4 words (half at
 * 9 words), a third more at 3 words. Where a chain waits for each product,
 * up to 5 words, the word Karatsuba is faster (fe_mul below), and this
 * product serves only where products are independent (fe_mul_tp). */
#define GF_ZP ((GF_NW + 1) / 2)          /* pairs P_k */
#define GF_ZA ((GF_ZP + 3 + 3) / 4)      /* registers per version of a */
#define GF_ZT ((2 * GF_NW + 7) / 8)      /* registers of the product */
#define GF_ZACC (GF_ZA + GF_ZP / 4 + 1)  /* accumulator registers */
#define GF_ZR ((GF_NW + 7) / 8)          /* registers of an element (below) */
#define GF_ZI static inline __attribute__((always_inline)) GF_TARGET
/* mask of the first n (> 0) of a register's 8 words */
#define GF_ZMASK(n) ((__mmask8)((n) >= 8 ? 0xff : (1u << (n)) - 1))
/* the shift of VALIGNQ is an immediate (clang wants a literal): n = 0..7
 * known at compile time once inlined */
GF_ZI __m512i gf_zalign(__m512i hi, __m512i lo, int n)
{
    switch (n) {
    case 1: return _mm512_alignr_epi64(hi, lo, 1);
    case 2: return _mm512_alignr_epi64(hi, lo, 2);
    case 3: return _mm512_alignr_epi64(hi, lo, 3);
    case 4: return _mm512_alignr_epi64(hi, lo, 4);
    case 5: return _mm512_alignr_epi64(hi, lo, 5);
    case 6: return _mm512_alignr_epi64(hi, lo, 6);
    case 7: return _mm512_alignr_epi64(hi, lo, 7);
    default: return lo;
    }
}

/* register i of the n-register word vector X moved down by d words (word j
 * of the result is word j + d of X, zero past X); d, n, i compile-time */
GF_ZI __m512i gf_zdown(const __m512i *X, int n, int d, int i)
{
    const int q = d / 8;
    const __m512i lo = i + q < n ? X[i + q] : _mm512_setzero_si512();
    const __m512i hi = i + q + 1 < n ? X[i + q + 1] : _mm512_setzero_si512();
    return gf_zalign(hi, lo, d % 8);
}

/* moved up by d words (word j of the result is word j - d of X, zero below) */
GF_ZI __m512i gf_zup(const __m512i *X, int n, int d, int i)
{
    const int q = d / 8, s = d % 8;
    const __m512i cur = i - q >= 0 && i - q < n ? X[i - q] : _mm512_setzero_si512();
    const __m512i prev = i - q - 1 >= 0 && i - q - 1 < n ? X[i - q - 1] : _mm512_setzero_si512();
    return s ? gf_zalign(cur, prev, 8 - s) : cur;
}

/* The schoolbook itself: A holds a (GF_ZR registers of eight words, zero
 * past a), B[s] the pair (b_2s, b_2s+1) in every lane (b_2s+1 = 0 past b)
 * when pairs, else B[j] the word b_j in every lane (two products per b_j,
 * the same sums: for b in memory, read word by word as it was written);
 * T gets the GF_ZT registers of the product (zero past 2 GF_NW words). In
 * each lane the four products of (a_2k, a_2k+1) with (b_2s, b_2s+1) land 2s,
 * 2s + 1 (two of them) and 2s + 2 words above the lane's first word; they
 * are summed unmoved by that offset, in Ev[s] (offsets 2s) and Od[s]
 * (offsets 2s + 1), and each sum is moved up by 2s words once at the end:
 * GF_NW (GF_NW + 7) / 8 carry-less instructions (14 for 7 words against 25
 * when a was moved instead, in versions straddling registers). Shared by
 * fe_mul_wide_lat (operands and product in memory) and fz_mul (in registers). */
#define GF_ZS (GF_NW / 2 + 1) /* offsets s */
GF_ZI void gf_zmul_core(__m512i T[GF_ZT], const __m512i A[GF_ZR], const __m512i *B, const int pairs)
{
    __m512i Ev[GF_ZS][GF_ZR], Od[GF_ZS][GF_ZR];
    GF_UNROLL
    for (int s = 0; s < GF_ZS; s++) {
        GF_UNROLL
        for (int u = 0; u < GF_ZR; u++) {
            Ev[s][u] = _mm512_setzero_si512();
            Od[s][u] = _mm512_setzero_si512();
        }
    }
    if (!pairs) {
        GF_UNROLL
        for (int j = 0; j < GF_NW; j++) {
            const int s = j >> 1;
            GF_UNROLL
            for (int u = 0; u < GF_ZR; u++) {
                const __m512i lo = _mm512_clmulepi64_epi128(A[u], B[j], 0x00);
                const __m512i hi = 8 * u + 1 < GF_NW ? _mm512_clmulepi64_epi128(A[u], B[j], 0x01) : _mm512_setzero_si512();
                if (j & 1) {
                    Od[s][u] = _mm512_xor_si512(Od[s][u], lo);
                    Ev[s + 1][u] = _mm512_xor_si512(Ev[s + 1][u], hi);
                } else {
                    Ev[s][u] = _mm512_xor_si512(Ev[s][u], lo);
                    Od[s][u] = _mm512_xor_si512(Od[s][u], hi);
                }
            }
        }
    }
    if (pairs) {
        GF_UNROLL
        for (int s = 0; 2 * s < GF_NW; s++) {
            GF_UNROLL
            for (int u = 0; u < GF_ZR; u++) {
                const int ahi = 8 * u + 1 < GF_NW; /* the register holds some odd word of a (not so for word 8 of 9) */
                Ev[s][u] = _mm512_xor_si512(Ev[s][u], _mm512_clmulepi64_epi128(A[u], B[s], 0x00));
                if (ahi) Od[s][u] = _mm512_xor_si512(Od[s][u], _mm512_clmulepi64_epi128(A[u], B[s], 0x01));
                if (2 * s + 1 < GF_NW) {
                    Od[s][u] = _mm512_xor_si512(Od[s][u], _mm512_clmulepi64_epi128(A[u], B[s], 0x10));
                    if (ahi) Ev[s + 1][u] = _mm512_xor_si512(Ev[s + 1][u], _mm512_clmulepi64_epi128(A[u], B[s], 0x11));
                }
            }
        }
    }
    __m512i O[GF_ZT];
    GF_UNROLL
    for (int i = 0; i < GF_ZT; i++) {
        __m512i e = i < GF_ZR ? Ev[0][i] : _mm512_setzero_si512(), o = i < GF_ZR ? Od[0][i] : _mm512_setzero_si512();
        GF_UNROLL
        for (int s = 1; s < GF_ZS; s++) {
            e = _mm512_xor_si512(e, gf_zup(Ev[s], GF_ZR, 2 * s, i));
            o = _mm512_xor_si512(o, gf_zup(Od[s], GF_ZR, 2 * s, i));
        }
        T[i] = e;
        O[i] = o;
    }
    GF_UNROLL
    for (int i = 0; i < GF_ZT; i++) T[i] = _mm512_xor_si512(T[i], gf_zup(O, GF_ZT, 1, i));
}

GF_MUL_WIDE_FN void fe_mul_wide(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    __m512i A[4][GF_ZA], E[GF_ZACC], O[GF_ZACC];
#if GF_NW < 7
    /* inlined (GF_MUL_WIDE_FN): a is read word by word, as its words were
     * usually just stored one by one (fe_reduce), and one wide load over
     * several narrower stores cannot be forwarded from them (a stall of the
     * stores' whole latency in every dependent chain); out of line, from 7
     * words, the one masked load is the faster form */
    GF_UNROLL
    for (int u = 0; u < GF_ZA; u++) {
        __m128i q[4];
        GF_UNROLL
        for (int h = 0; h < 4; h++) {
            const int i = 8 * u + 2 * h;
            q[h] = i >= GF_NW ? _mm_setzero_si128()
                 : i + 1 >= GF_NW ? _mm_cvtsi64_si128((long long)a[i])
                 : _mm_insert_epi64(_mm_cvtsi64_si128((long long)a[i]), (long long)a[i + 1], 1);
        }
        const __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1);
        const __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(q[2]), q[3], 1);
        A[0][u] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
    }
#else
    GF_UNROLL
    for (int u = 0; u < GF_ZA; u++) {
        const int n = GF_NW - 8 * u;
        A[0][u] = n <= 0 ? _mm512_setzero_si512()
                         : _mm512_maskz_loadu_epi64(GF_ZMASK(n), a + 8 * u);
    }
#endif
    GF_UNROLL
    for (int u = 0; u < GF_ZA; u++) { /* the shift is an immediate (clang wants a literal) */
        const __m512i lo = u ? A[0][u - 1] : _mm512_setzero_si512();
        A[1][u] = _mm512_alignr_epi64(A[0][u], lo, 6);
        A[2][u] = _mm512_alignr_epi64(A[0][u], lo, 4);
        A[3][u] = _mm512_alignr_epi64(A[0][u], lo, 2);
    }
    GF_UNROLL
    for (int r = 0; r < GF_ZACC; r++) {
        E[r] = _mm512_setzero_si512();
        O[r] = _mm512_setzero_si512();
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) {
        const __m512i bj = _mm512_set1_epi64((long long)b[j]);
        const int e = j & 1, ol = j >> 1, oh = (j >> 1) + e; /* lane offsets of the low and high products */
        GF_UNROLL
        for (int u = 0; u < GF_ZA; u++) {
            if (4 * u <= GF_ZP - 1 + (ol & 3)) { /* register holds some pair of this version */
                const __m512i p = _mm512_clmulepi64_epi128(A[ol & 3][u], bj, 0x00);
                if (e)
                    O[u + (ol >> 2)] = _mm512_xor_si512(O[u + (ol >> 2)], p);
                else
                    E[u + (ol >> 2)] = _mm512_xor_si512(E[u + (ol >> 2)], p);
            }
            if (4 * u <= GF_ZP - 1 + (oh & 3)) {
                const __m512i p = _mm512_clmulepi64_epi128(A[oh & 3][u], bj, 0x01);
                if (e)
                    E[u + (oh >> 2)] = _mm512_xor_si512(E[u + (oh >> 2)], p);
                else
                    O[u + (oh >> 2)] = _mm512_xor_si512(O[u + (oh >> 2)], p);
            }
        }
    }
    GF_UNROLL
    for (int r = 0; r < GF_ZT; r++) {
        const __m512i v = _mm512_xor_si512(E[r], _mm512_alignr_epi64(O[r], r ? O[r - 1] : _mm512_setzero_si512(), 7));
        const int n = 2 * GF_NW - 8 * r;
#if GF_NW < 7
        /* inlined: word by word too, as fe_reduce reads them (the same
         * store forwarding) */
        const __m256i h[2] = {_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1)};
        GF_UNROLL
        for (int q = 0; q < 4; q++) {
            if (2 * q >= n) continue;
            const __m128i x = q & 1 ? _mm256_extracti128_si256(h[q >> 1], 1) : _mm256_castsi256_si128(h[q >> 1]);
            t[8 * r + 2 * q] = (uint64_t)_mm_cvtsi128_si64(x);
            if (2 * q + 1 < n) t[8 * r + 2 * q + 1] = (uint64_t)_mm_extract_epi64(x, 1);
        }
#else
        _mm512_mask_storeu_epi64(t + 8 * r, GF_ZMASK(n), v);
#endif
    }
}
_Static_assert(GF_ZT <= GF_ZACC && GF_ZA - 1 + GF_ZP / 4 < GF_ZACC, "accumulator registers");

#if GF_NW >= 7
/* t = a * b by the offset sums above, for fe_mul from 7 words: lower
 * latency (about 10% at 7 words, level at 9) where a chain waits for each
 * product. The comb's independent products (fe_mul_tp) stay with
 * fe_mul_wide: the offset sums sign no faster there. */
GF_FN_NOINLINE void fe_mul_wide_lat(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    __m512i A0[GF_ZR], Bj[GF_NW], T[GF_ZT];
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) A0[u] = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW - 8 * u), a + 8 * u);
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) Bj[j] = _mm512_set1_epi64((long long)b[j]);
    gf_zmul_core(T, A0, Bj, 0);
    GF_UNROLL
    for (int r = 0; r < GF_ZT; r++) _mm512_mask_storeu_epi64(t + 8 * r, GF_ZMASK(2 * GF_NW - 8 * r), T[r]);
}
#endif

#endif
