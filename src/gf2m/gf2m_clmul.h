/* SPDX-License-Identifier: Apache-2.0 */
/* x86-64 PCLMULQDQ: the word Karatsuba product (the clmul backend, and the
 * VPCLMULQDQ backends' dependent products up to 5 words) and the square. Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_CLMUL_H
#define FASTEC_GF2M_CLMUL_H

#if GF_BACKEND == GF_CLMUL || GF_MUL_KARA

/* t = a * b, Karatsuba over 64-bit words: GF_NW products a_i b_i and
 * GF_NW(GF_NW-1)/2 products (a_i + a_j)(b_i + b_j). (Measured against a
 * schoolbook over 128-bit blocks with a 3-product Karatsuba per block: that
 * was slower for every field here.) */
GF_MUL_WIDE_FN void fe_mul_wide_kara(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    __m128i A[GF_NW], B[GF_NW], D[GF_NW], S[2 * GF_NW];
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
        A[i] = _mm_cvtsi64_si128((long long)a[i]);
        B[i] = _mm_cvtsi64_si128((long long)b[i]);
        D[i] = _mm_clmulepi64_si128(A[i], B[i], 0x00);
    }
    GF_UNROLL
    for (int k = 0; k < 2 * GF_NW; k++) S[k] = _mm_setzero_si128();
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) S[2 * i] = D[i];
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++)
        GF_UNROLL
        for (int j = i + 1; j < GF_NW; j++) {
            __m128i m = _mm_clmulepi64_si128(_mm_xor_si128(A[i], A[j]), _mm_xor_si128(B[i], B[j]), 0x00);
            S[i + j] = _mm_xor_si128(S[i + j], _mm_xor_si128(m, _mm_xor_si128(D[i], D[j])));
        }
    uint64_t carry = 0;
    GF_UNROLL
    for (int k = 0; k < 2 * GF_NW; k++) {
        t[k] = (uint64_t)_mm_cvtsi128_si64(S[k]) ^ carry;
        carry = (uint64_t)_mm_extract_epi64(S[k], 1);
    }
}

#if GF_BACKEND == GF_CLMUL
GF_MUL_WIDE_FN void fe_mul_wide(uint64_t t[2 * GF_NW], const fe a, const fe b) { fe_mul_wide_kara(t, a, b); }
#endif

#endif /* GF_CLMUL || GF_MUL_KARA */
GF_FN void fe_sqr_wide(uint64_t t[2 * GF_NW], const fe a)
{
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
        __m128i x = _mm_cvtsi64_si128((long long)a[i]);
        __m128i s = _mm_clmulepi64_si128(x, x, 0x00);
        t[2 * i] = (uint64_t)_mm_cvtsi128_si64(s);
        t[2 * i + 1] = (uint64_t)_mm_extract_epi64(s, 1);
    }
}

#endif
