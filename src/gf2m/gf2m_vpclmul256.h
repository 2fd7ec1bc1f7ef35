/* SPDX-License-Identifier: Apache-2.0 */
/* The wide product with 256-bit VPCLMULQDQ (AVX2, no AVX-512): two 64x64
 * products per instruction (the vpclmul256 backend). Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_VPCLMUL256_H
#define FASTEC_GF2M_VPCLMUL256_H

/* t = a * b, the schoolbook above on 256-bit registers (two 128-bit lanes,
 * two 64x64 products per VPCLMULQDQ), for CPUs with VPCLMULQDQ and AVX2 but
 * no AVX-512 (and no mask registers: a is assembled from 128-bit halves, the
 * product written word by word). Version s = 0, 1 of a is a moved up by s
 * lanes (VPERM2I128), the word b_j = b_(2q + e) multiplies version q mod 2;
 * low products go to the accumulators of even word offsets (E) for even j and
 * of odd ones (O) for odd j, high products the other way round, and
 * t = E + O x^64. About GF_NW (GF_NW + 3) / 2 instructions for GF_NW^2
 * products, against GF_NW (GF_NW + 1) / 2 one-product PCLMULQDQs and their
 * XORs and moves for the word Karatsuba. */
#define GF_YP ((GF_NW + 1) / 2)          /* pairs P_k */
#define GF_YA ((GF_YP + 1 + 1) / 2)      /* registers per version of a */
#define GF_YT ((2 * GF_NW + 3) / 4)      /* registers of the product */
#define GF_YACC (GF_YA + GF_YP / 2 + 1)  /* accumulator registers */
GF_MUL_WIDE_FN void fe_mul_wide(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    __m256i A[2][GF_YA], E[GF_YACC], O[GF_YACC];
    GF_UNROLL
    for (int u = 0; u < GF_YA; u++) {
        __m128i q[2];
        GF_UNROLL
        for (int h = 0; h < 2; h++) {
            const int i = 4 * u + 2 * h;
            q[h] = i >= GF_NW ? _mm_setzero_si128()
                 : i + 1 >= GF_NW ? _mm_cvtsi64_si128((long long)a[i])
                 : _mm_insert_epi64(_mm_cvtsi64_si128((long long)a[i]), (long long)a[i + 1], 1);
        } /* word by word: a's words were usually just stored one by one (see above) */
        A[0][u] = _mm256_inserti128_si256(_mm256_castsi128_si256(q[0]), q[1], 1);
    }
    GF_UNROLL
    for (int u = 0; u < GF_YA; u++) { /* (high lane of register u - 1, low lane of u) */
        const __m256i lo = u ? A[0][u - 1] : _mm256_setzero_si256();
        A[1][u] = _mm256_permute2x128_si256(A[0][u], lo, 0x03);
    }
    GF_UNROLL
    for (int r = 0; r < GF_YACC; r++) {
        E[r] = _mm256_setzero_si256();
        O[r] = _mm256_setzero_si256();
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) {
        const __m256i bj = _mm256_set1_epi64x((long long)b[j]);
        const int e = j & 1, ol = j >> 1, oh = (j >> 1) + e; /* lane offsets of the low and high products */
        GF_UNROLL
        for (int u = 0; u < GF_YA; u++) {
            if (2 * u <= GF_YP - 1 + (ol & 1)) { /* register holds some pair of this version */
                const __m256i p = _mm256_clmulepi64_epi128(A[ol & 1][u], bj, 0x00);
                if (e)
                    O[u + (ol >> 1)] = _mm256_xor_si256(O[u + (ol >> 1)], p);
                else
                    E[u + (ol >> 1)] = _mm256_xor_si256(E[u + (ol >> 1)], p);
            }
            if (2 * u <= GF_YP - 1 + (oh & 1)) {
                const __m256i p = _mm256_clmulepi64_epi128(A[oh & 1][u], bj, 0x01);
                if (e)
                    E[u + (oh >> 1)] = _mm256_xor_si256(E[u + (oh >> 1)], p);
                else
                    O[u + (oh >> 1)] = _mm256_xor_si256(O[u + (oh >> 1)], p);
            }
        }
    }
    GF_UNROLL
    for (int r = 0; r < GF_YT; r++) {
        /* O moved up one word: (word 3 of O[r - 1], words 0..2 of O[r]) */
        const __m256i x = _mm256_permute2x128_si256(O[r], r ? O[r - 1] : _mm256_setzero_si256(), 0x03);
        const __m256i v = _mm256_xor_si256(E[r], _mm256_alignr_epi8(O[r], x, 8));
        const int n = 2 * GF_NW - 4 * r;
        const __m128i h[2] = {_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)};
        GF_UNROLL
        for (int q = 0; q < 2; q++) {
            if (2 * q >= n) continue;
            t[4 * r + 2 * q] = (uint64_t)_mm_cvtsi128_si64(h[q]);
            if (2 * q + 1 < n) t[4 * r + 2 * q + 1] = (uint64_t)_mm_extract_epi64(h[q], 1);
        }
    }
}
_Static_assert(GF_YT <= GF_YACC && GF_YA - 1 + GF_YP / 2 < GF_YACC, "accumulator registers");

#endif
