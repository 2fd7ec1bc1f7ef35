/* SPDX-License-Identifier: Apache-2.0 */
/* GF(2^m) arithmetic, one generic implementation instantiated per field and
 * backend. The including unit defines GF_M and GF_BACKEND (GF_PORTABLE,
 * GF_CLMUL, GF_VPCLMUL256 or GF_VPCLMUL512 on x86-64, GF_PMULL on arm64); every function here is static and
 * carries GF_FN, which holds the backend's target attribute, so the unit can
 * be built without -m or -march flags.
 *
 * Elements are GF_NW little-endian 64-bit words, fully reduced (degree < m).
 * Constant-time: no branch, loop bound or memory index depends on element
 * values; the 64x64 carry-less product is PCLMULQDQ, PMULL or masked
 * integer multiplies (never table look-ups). */
#ifndef GF_M
#error "define GF_M"
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "gen/gf2m_consts.h"

#define GF_PORTABLE 0
#define GF_CLMUL 1
#define GF_PMULL 2
#define GF_VPCLMUL512 3 /* GF_CLMUL with the product in 512-bit VPCLMULQDQ (AVX-512F) */
#define GF_VPCLMUL256 4 /* GF_CLMUL with the product in 256-bit VPCLMULQDQ (AVX2, no AVX-512) */
#define GF_X86CLMUL (GF_BACKEND == GF_CLMUL || GF_BACKEND == GF_VPCLMUL512 || GF_BACKEND == GF_VPCLMUL256)

#define GF_NW ((GF_M + 63) / 64)
/* fe_mul by the word Karatsuba in a VPCLMULQDQ backend (see fe_mul) */
#if GF_X86CLMUL && GF_BACKEND != GF_CLMUL && GF_NW <= 5
#define GF_MUL_KARA 1
#else
#define GF_MUL_KARA 0
#endif
#define GF_BYTES ((GF_M + 7) / 8)
#define GF_TOPBITS (GF_M - 64 * (GF_NW - 1)) /* bits used in the top word */
/* Hot loops have compile-time trip counts; unrolling them turns every shift
 * and index into a constant (GCC otherwise keeps the loops inside large
 * callers such as the ladder). */
#define GF_UNROLL _Pragma("GCC unroll 64")

#if GF_BACKEND == GF_CLMUL
#include <immintrin.h>
#define GF_TARGET __attribute__((target("pclmul,sse4.1")))
#elif GF_BACKEND == GF_VPCLMUL512
#include <immintrin.h>
#define GF_TARGET __attribute__((target("pclmul,sse4.1,avx512f,avx512vbmi2,vpclmulqdq")))
#elif GF_BACKEND == GF_VPCLMUL256
#include <immintrin.h>
#define GF_TARGET __attribute__((target("pclmul,sse4.1,avx2,vpclmulqdq")))
#elif GF_BACKEND == GF_PMULL
#include <arm_neon.h>
#define GF_TARGET __attribute__((target("+crypto"))) /* PMULL/PMULL2 (ARMv8 Crypto Extensions) */
#else
#define GF_TARGET
#endif
/* GF_FN: inlined helpers; GF_FN_NOINLINE: larger routines kept out of line;
 * GF_OP: entry points (the ops table). All carry the backend's target. */
#define GF_FN static inline GF_TARGET
#define GF_FN_NOINLINE static __attribute__((noinline, unused)) GF_TARGET /* unused: ec2_zinst.c needs only some */
#define GF_OP static GF_TARGET
/* fe_mul_wide's linkage, one rule for every backend: out of line from 7 words
 * on, where inlined copies crowd the instruction cache (about 15% of a
 * sect571k1 ECDH on clmul), inlined below that, where the call costs about
 * 10% (sect163k1); portable always out of line (a 9-word product is 45 blocks
 * of 25 multiplies: inlined at every call site it compiles nine times slower
 * and runs half as fast once the code no longer fits the instruction cache). */
#if GF_BACKEND == GF_PORTABLE || GF_NW >= 7
#define GF_MUL_WIDE_FN GF_FN_NOINLINE
#elif GF_NW <= 4
/* up to 4 words forced inline, as GCC leaves it out of line at some call
 * sites otherwise (5-6% of an ECDH); at 5 and 6 words forcing it costs
 * about 9% (sect283r1), so there it stays plain inline */
#define GF_MUL_WIDE_FN static inline __attribute__((always_inline)) GF_TARGET
#else
#define GF_MUL_WIDE_FN GF_FN
#endif

typedef uint64_t fe[GF_NW];

static const uint64_t gf_trace_mask[GF_NW] = GF_TRACE_MASK_INIT;
static const uint64_t gf_sqrt_x[GF_NW] = GF_SQRT_X_INIT;

GF_FN void fe_copy(fe r, const fe a) { memcpy(r, a, sizeof(fe)); }
GF_FN void fe_zero(fe r) { memset(r, 0, sizeof(fe)); }
GF_FN void fe_one(fe r)
{
    fe_zero(r);
    r[0] = 1;
}
GF_FN void fe_add(fe r, const fe a, const fe b)
{
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) r[i] = a[i] ^ b[i];
}
GF_FN uint64_t fe_is_zero(const fe a)
{
    uint64_t t = 0;
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) t |= a[i];
    return ct_is_zero(t);
}
GF_FN uint64_t fe_eq(const fe a, const fe b)
{
    uint64_t t = 0;
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) t |= a[i] ^ b[i];
    return ct_is_zero(t);
}
GF_FN int fe_is_zero_vartime(const fe a)
{
    uint64_t t = 0;
    for (int i = 0; i < GF_NW; i++) t |= a[i];
    return t == 0;
}
GF_FN int fe_eq_vartime(const fe a, const fe b)
{
    return memcmp(a, b, sizeof(fe)) == 0;
}
GF_FN void fe_cmov(fe r, const fe a, uint64_t mask) { ct_cmov_words(r, a, GF_NW, mask); }
GF_FN void fe_cswap(fe a, fe b, uint64_t mask) { ct_cswap_words(a, b, GF_NW, mask); }

/* ---- 64x64 -> 128 carry-less multiply and the wide product ---- */

#if GF_BACKEND == GF_VPCLMUL512

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

#if GF_BACKEND == GF_VPCLMUL256

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

#if GF_X86CLMUL
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

#else /* portable and pmull: Karatsuba over a 64x64 carry-less product */

#if GF_BACKEND == GF_PMULL
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64x2_t v = vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
    *lo = vgetq_lane_u64(v, 0);
    *hi = vgetq_lane_u64(v, 1);
}
#elif defined(__SIZEOF_INT128__)
/* Carry-less 64x64 product with integer multiplies: each operand is split into
 * five parts holding every fifth bit, so the at most 13 partial products that
 * meet at one bit position never carry into the next used position. */
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    typedef unsigned __int128 u128;
    const uint64_t m0 = 0x1084210842108421ULL;
    uint64_t am[5], bm[5];
    GF_UNROLL
    for (int i = 0; i < 5; i++) {
        am[i] = a & (m0 << i);
        bm[i] = b & (m0 << i);
    }
    u128 z = 0;
    GF_UNROLL
    for (int k = 0; k < 5; k++) {
        u128 s = 0;
        GF_UNROLL
        for (int i = 0; i < 5; i++) s ^= (u128)am[i] * bm[(k - i + 5) % 5];
        /* keep the bits of class k (positions = k mod 5) of the 128-bit sum */
        u128 mk = ((u128)(m0 << k)) | ((u128)(m0 << ((k + 1) % 5)) << 64);
        z |= s & mk;
    }
    *lo = (uint64_t)z;
    *hi = (uint64_t)(z >> 64);
}
#else
/* 32x32 -> 64 with four masked parts (at most 8 terms per position). */
GF_FN uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m = 0x1111111111111111ULL;
    uint64_t am[4], bm[4], z = 0;
    for (int i = 0; i < 4; i++) {
        am[i] = (uint64_t)a & (m << i);
        bm[i] = (uint64_t)b & (m << i);
    }
    for (int k = 0; k < 4; k++) {
        uint64_t s = 0;
        for (int i = 0; i < 4; i++) s ^= am[i] * bm[(k - i + 4) % 4];
        z |= s & (m << k);
    }
    return z;
}
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t mid = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (mid << 32);
    *hi = h ^ (mid >> 32);
}
#endif

GF_MUL_WIDE_FN void fe_mul_wide(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    uint64_t dl[GF_NW], dh[GF_NW];
    GF_UNROLL
    for (int k = 0; k < 2 * GF_NW; k++) t[k] = 0;
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
        clmul64(a[i], b[i], &dl[i], &dh[i]);
        t[2 * i] ^= dl[i];
        t[2 * i + 1] ^= dh[i];
    }
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++)
        GF_UNROLL
        for (int j = i + 1; j < GF_NW; j++) {
            uint64_t l, h;
            clmul64(a[i] ^ a[j], b[i] ^ b[j], &l, &h);
            t[i + j] ^= l ^ dl[i] ^ dl[j];
            t[i + j + 1] ^= h ^ dh[i] ^ dh[j];
        }
}

GF_FN uint64_t spread32(uint64_t v)
{
    v &= 0xffffffffULL;
    v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
    v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
    v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
    v = (v | (v << 2)) & 0x3333333333333333ULL;
    v = (v | (v << 1)) & 0x5555555555555555ULL;
    return v;
}

GF_FN void fe_sqr_wide(uint64_t t[2 * GF_NW], const fe a)
{
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
#if GF_BACKEND == GF_PMULL
        clmul64(a[i], a[i], &t[2 * i], &t[2 * i + 1]);
#else
        t[2 * i] = spread32(a[i]);
        t[2 * i + 1] = spread32(a[i] >> 32);
#endif
    }
}

#endif /* backend */

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
#if 2 * GF_K1 <= GF_M
#define GF_ZFOLDS 2
#elif GF_NTERMS == 1 && 3 * GF_K1 <= 2 * GF_M + 1
#define GF_ZFOLDS 3
#else
#define GF_ZFOLDS 0
#endif
#if GF_BACKEND == GF_VPCLMUL512 && GF_ZFOLDS
/* ---- elements in 512-bit registers (vpclmul512) ----
 * An element is GF_ZR registers of eight words (words past GF_NW zero), so
 * that a whole formula (the ladder's step) runs without storing its values:
 * the product is the lane schoolbook above on registers, the square two
 * VPCLMULQDQs and an interleave, and the reduction folds by shifts and
 * carry-less products on registers too, by x^m = r(x) = x^K1 (+ x^K2 + x^K3)
 * + 1: H = t >> m (degree <= m - 2), H r (degree <= m - 2 + K1), H2 = (H r)
 * >> m (degree <= K1 - 2), and t mod f = (t + (H + H2) r) mod x^m, as
 * H2 r < x^m, which needs 2 K1 <= m (every field but 239 bits). At 239 bits
 * (a trinomial, K1 = 158) H2 r reaches past x^m: H3 = (H2 r) >> m = t >> (3m
 * - 2 K1) (degree <= 2 K1 - m - 2 = 75) is a third term, H3 r < x^m, and
 * t mod f = (t + (H + H2 + H3) r) mod x^m. */
#define GF_ZG (((GF_M - 2 + GF_K1) / 64 + 1 + 7) / 8)     /* registers of H r */
#define GF_ZREG 1
#if GF_K1 < 64 /* r(x) = x^K1 (+ x^K2 + x^K3) + 1 as a word, where it fits one */
#if GF_NTERMS == 1
#define GF_RWORD (1ULL | (1ULL << GF_K1))
#else
#define GF_RWORD (1ULL | (1ULL << GF_K1) | (1ULL << GF_K2) | (1ULL << GF_K3))
#endif
#endif
typedef struct {
    __m512i v[GF_ZR];
} fz;

GF_ZI fz fz_load(const fe a)
{
    fz r;
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) r.v[u] = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW - 8 * u), a + 8 * u);
    return r;
}

GF_ZI void fz_store(fe r, fz a)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) _mm512_mask_storeu_epi64(r + 8 * u, GF_ZMASK(GF_NW - 8 * u), a.v[u]);
}

GF_ZI fz fz_word(uint64_t w)
{
    fz r;
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) r.v[u] = u ? _mm512_setzero_si512() : _mm512_maskz_set1_epi64(1, (long long)w);
    return r;
}

GF_ZI fz fz_add(fz a, fz b)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) a.v[u] = _mm512_xor_si512(a.v[u], b.v[u]);
    return a;
}

/* swap a and b where m is all ones (m: 0 or all ones in every word) */
GF_ZI void fz_cswap(fz *a, fz *b, __m512i m)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) {
        const __m512i d = _mm512_and_si512(_mm512_xor_si512(a->v[u], b->v[u]), m);
        a->v[u] = _mm512_xor_si512(a->v[u], d);
        b->v[u] = _mm512_xor_si512(b->v[u], d);
    }
}

/* register i of X >> b and of X << b (bits) */
GF_ZI __m512i gf_zshr(const __m512i *X, int n, int b, int i)
{
    const __m512i lo = gf_zdown(X, n, b / 64, i);
    if (b % 64 == 0) return lo;
    const __m512i hi = gf_zdown(X, n, b / 64 + 1, i);
    return _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64(b % 64)); /* the V form: clang wants a literal immediate */
}

GF_ZI __m512i gf_zshl(const __m512i *X, int n, int b, int i)
{
    const __m512i cur = gf_zup(X, n, b / 64, i);
    if (b % 64 == 0) return cur;
    const __m512i prev = gf_zup(X, n, b / 64 + 1, i);
    return _mm512_shldv_epi64(cur, prev, _mm512_set1_epi64(b % 64));
}

/* G (ng registers) = H (nh registers) times r(x) = x^K1 (+ x^K2 + x^K3) + 1:
 * where r fits a word, one carry-less product per pair of words and one word
 * move; else (the trinomials 233 and 409 bits) H + (H << K1) */
GF_ZI void gf_zmul_r(__m512i *G, int ng, const __m512i *H, int nh)
{
#if GF_K1 < 64
    const __m512i R = _mm512_set1_epi64((long long)GF_RWORD);
    __m512i Pe[GF_ZG], Po[GF_ZG];
    GF_UNROLL
    for (int i = 0; i < nh; i++) {
        Pe[i] = _mm512_clmulepi64_epi128(H[i], R, 0x00); /* even words: in their lane */
        Po[i] = _mm512_clmulepi64_epi128(H[i], R, 0x01); /* odd words: one word up */
    }
    GF_UNROLL
    for (int i = 0; i < ng; i++) G[i] = _mm512_xor_si512(i < nh ? Pe[i] : _mm512_setzero_si512(), gf_zup(Po, nh, 1, i));
#else
    _Static_assert(GF_NTERMS == 1, "a pentanomial's r fits a word");
    GF_UNROLL
    for (int i = 0; i < ng; i++) G[i] = _mm512_xor_si512(i < nh ? H[i] : _mm512_setzero_si512(), gf_zshl(H, nh, GF_K1, i));
#endif
}

/* the low m bits' mask, register u */
GF_ZI __m512i gf_zmaskm(int u)
{
    const int n = GF_NW - 8 * u; /* words of the element in this register */
    const __m512i ones = _mm512_maskz_set1_epi64(GF_ZMASK(n > 8 ? 8 : n - 1), -1LL);
    return n > 8 ? ones : _mm512_mask_set1_epi64(ones, (__mmask8)(1u << (n - 1)), (long long)((1ULL << GF_TOPBITS) - 1));
}

/* t (GF_ZT registers, degree <= 2 m - 2) mod f */
GF_ZI fz fz_reduce(const __m512i T[GF_ZT])
{
    _Static_assert(GF_ZFOLDS != 0, "two folds need 2 K1 <= m, three a trinomial with 3 K1 <= 2 m + 1");
    _Static_assert(GF_ZR <= GF_ZG && GF_ZG <= GF_ZT, "register counts");
    __m512i J[GF_ZR], G[GF_ZG];
    /* H2 = (H r) >> m = (H x^K1 (+ H x^K2 + H x^K3)) >> m, as H < x^(m-1),
     * = t >> (2m - K1) (+ ...): taken from t beside H */
    __m512i H2 = gf_zshr(T, GF_ZT, 2 * GF_M - GF_K1, 0);
#if GF_NTERMS == 3
    H2 = _mm512_xor_si512(H2, _mm512_xor_si512(gf_zshr(T, GF_ZT, 2 * GF_M - GF_K2, 0), gf_zshr(T, GF_ZT, 2 * GF_M - GF_K3, 0)));
#endif
#if GF_ZFOLDS == 3
    H2 = _mm512_xor_si512(H2, gf_zshr(T, GF_ZT, 3 * GF_M - 2 * GF_K1, 0)); /* H3 */
#endif
    /* t = L + H r = L + (H r mod x^m) + H2 r with H2 r < x^m, so t mod f
     * = (t + J r) mod x^m for J = H + H2: one product by r */
    GF_UNROLL
    for (int i = 0; i < GF_ZR; i++) {
        J[i] = gf_zshr(T, GF_ZT, GF_M, i);
        if (i == 0) J[i] = _mm512_xor_si512(J[i], H2);
    }
    gf_zmul_r(G, GF_ZG, J, GF_ZR);
    fz r;
    GF_UNROLL
    for (int i = 0; i < GF_ZR; i++) r.v[i] = _mm512_and_si512(_mm512_xor_si512(T[i], G[i]), gf_zmaskm(i));
    return r;
}

GF_ZI fz fz_mul(fz a, fz b)
{
    __m512i Bp[GF_ZS], T[GF_ZT];
    GF_UNROLL
    for (int q = 0; q < GF_ZS; q++) /* words past b are zero in b's registers */
        Bp[q] = 2 * q >= GF_NW ? _mm512_setzero_si512()
              : _mm512_permutexvar_epi64(_mm512_set_epi64(2 * (q % 4) + 1, 2 * (q % 4), 2 * (q % 4) + 1, 2 * (q % 4),
                                                          2 * (q % 4) + 1, 2 * (q % 4), 2 * (q % 4) + 1, 2 * (q % 4)),
                                         b.v[q / 4]);
    gf_zmul_core(T, a.v, Bp, 1);
    return fz_reduce(T);
}

/* the square: each word squared by one carry-less product with itself; the
 * words are first put in the order whose squares are the product's words in
 * place (one single-source permutation per register, instead of two
 * two-source ones interleaving the squares afterwards) */
GF_ZI fz fz_sqr(fz a)
{
    /* each register's words (a0, ..., a7) as (a0, a4, a1, a5, a2, a6, a3, a7):
     * the low words of its lanes square to the product's first register,
     * the high words to the second */
    const __m512i ix = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
    __m512i T[GF_ZT];
    GF_UNROLL
    for (int u = 0; u < GF_ZT; u++) T[u] = _mm512_setzero_si512();
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) {
        const __m512i b = _mm512_permutexvar_epi64(ix, a.v[u]);
        if (2 * u < GF_ZT) T[2 * u] = _mm512_clmulepi64_epi128(b, b, 0x00);
        if (2 * u + 1 < GF_ZT) T[2 * u + 1] = _mm512_clmulepi64_epi128(b, b, 0x11);
    }
    return fz_reduce(T);
}

#if GF_NW <= 4
/* ---- two elements per register (up to 4 words) ----
 * A pair (e0, e1) is one register, e0 in words 0-3 and e1 in words 4-7; a
 * pair of products (up to 8 words each) is two registers, P[0] holding
 * words 0-3 of each (e0's in the low half, e1's in the high one) and P[1]
 * words 4-7. fz2_mul multiplies two pairs half by half (e0 f0, e1 f1) by
 * the offset sums of gf_zmul_core, written again for this layout (the sums
 * move within each half), every lane now in use; the ladder takes
 * its independent products two at a time this way. */
#define GF_ZPOS(h, w) ((w) / 4 * 8 + 4 * (h) + (w) % 4) /* word w of half h in permutex2var's numbering */

/* register r of the product pair P moved by d words (d > 0 down, d < 0 up)
 * within each half, zero filled */
GF_ZI __m512i gf_z2move(const __m512i P[2], int d, int r)
{
    if (d % 4 == 0) /* whole registers */
        return r + d / 4 == 0 || r + d / 4 == 1 ? P[r + d / 4] : _mm512_setzero_si512();
    long long ix[8];
    unsigned k = 0;
    GF_UNROLL
    for (int h = 0; h < 2; h++) {
        GF_UNROLL
        for (int q = 0; q < 4; q++) {
            const int src = 4 * r + q + d;
            ix[4 * h + q] = src >= 0 && src < 8 ? GF_ZPOS(h, src) : 0;
            k |= (unsigned)(src >= 0 && src < 8) << (4 * h + q);
        }
    }
    return _mm512_maskz_permutex2var_epi64((__mmask8)k, P[0],
                                           _mm512_set_epi64(ix[7], ix[6], ix[5], ix[4], ix[3], ix[2], ix[1], ix[0]), P[1]);
}

/* register 0 (words 0-3 of each half) of P >> b and of P << b, bits */
GF_ZI __m512i gf_z2shr(const __m512i P[2], int b)
{
    const __m512i lo = gf_z2move(P, b / 64, 0);
    if (b % 64 == 0) return lo;
    const __m512i hi = gf_z2move(P, b / 64 + 1, 0);
    return _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64(b % 64)); /* the V form: clang wants a literal immediate */
}

GF_ZI __m512i gf_z2shl(const __m512i P[2], int b)
{
    const __m512i cur = gf_z2move(P, -(b / 64), 0), prev = gf_z2move(P, -(b / 64 + 1), 0);
    return _mm512_shldv_epi64(cur, prev, _mm512_set1_epi64(b % 64));
}

/* the pair t (two products) mod f, as fz_reduce; the words of J r past
 * word 3 are past m (m <= 233 < 256) and are not needed */
GF_ZI __m512i fz2_reduce(const __m512i T[2])
{
    _Static_assert(GF_M % 64 != 0 && GF_ZFOLDS != 0 && GF_M < 256, "fz2_reduce's field");
    __m512i H2 = gf_z2shr(T, 2 * GF_M - GF_K1);
#if GF_NTERMS == 3
    H2 = _mm512_xor_si512(H2, _mm512_xor_si512(gf_z2shr(T, 2 * GF_M - GF_K2), gf_z2shr(T, 2 * GF_M - GF_K3)));
#endif
#if GF_ZFOLDS == 3
    H2 = _mm512_xor_si512(H2, gf_z2shr(T, 3 * GF_M - 2 * GF_K1)); /* H3, as in fz_reduce */
#endif
    const __m512i J = _mm512_xor_si512(gf_z2shr(T, GF_M), H2);
    __m512i G;
#if GF_K1 < 64
    const __m512i R = _mm512_set1_epi64((long long)GF_RWORD);
    const __m512i Po[2] = {_mm512_clmulepi64_epi128(J, R, 0x01), _mm512_setzero_si512()};
    G = _mm512_xor_si512(_mm512_clmulepi64_epi128(J, R, 0x00), gf_z2move(Po, -1, 0));
#else
    const __m512i Jp[2] = {J, _mm512_setzero_si512()};
    G = _mm512_xor_si512(J, gf_z2shl(Jp, GF_K1));
#endif
    const __m512i m = gf_zmaskm(0); /* one element's low m bits (words 0-3), for both halves */
    return _mm512_and_si512(_mm512_xor_si512(T[0], G), _mm512_shuffle_i64x2(m, m, 0x44));
}

/* (a0 b0, a1 b1) */
GF_ZI __m512i fz2_mul(__m512i a, __m512i b)
{
    /* zeroed for the compiler's flow analysis when the loop is not unrolled
     * (-O1); every element is written before it is read */
    __m512i Ev[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    __m512i Od[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
    GF_UNROLL
    for (int s = 0; s < 2; s++) {
        /* (b0_2s, b0_2s+1) in the low lanes, (b1_2s, b1_2s+1) in the high ones */
        const __m512i B = _mm512_permutexvar_epi64(
            _mm512_set_epi64(5 + 2 * s, 4 + 2 * s, 5 + 2 * s, 4 + 2 * s, 1 + 2 * s, 2 * s, 1 + 2 * s, 2 * s), b);
        const int bodd = 2 * s + 1 < GF_NW; /* b_2s+1 is a word of b (not so for word 3 of 3) */
        const __m512i e = _mm512_clmulepi64_epi128(a, B, 0x00);
        __m512i o = _mm512_clmulepi64_epi128(a, B, 0x01);
        if (bodd) o = _mm512_xor_si512(o, _mm512_clmulepi64_epi128(a, B, 0x10));
        const __m512i e2 = bodd ? _mm512_clmulepi64_epi128(a, B, 0x11) : _mm512_setzero_si512();
        if (s == 0) {
            Ev[0] = e;
            Od[0] = o;
            Ev[1] = e2;
        } else {
            Ev[1] = _mm512_xor_si512(Ev[1], e);
            Od[1] = o;
            Ev[2] = e2;
        }
    }
    /* each sum moved up by its offset, within its half */
    __m512i T[2];
    GF_UNROLL
    for (int r = 0; r < 2; r++) {
        const __m512i z = _mm512_setzero_si512();
        const __m512i E1[2] = {Ev[1], z}, E2[2] = {Ev[2], z}, O0[2] = {Od[0], z}, O1[2] = {Od[1], z};
        T[r] = _mm512_xor_si512(_mm512_xor_si512(r ? z : Ev[0], gf_z2move(E1, -2, r)),
                                _mm512_xor_si512(gf_z2move(E2, -4, r),
                                                 _mm512_xor_si512(gf_z2move(O0, -1, r), gf_z2move(O1, -3, r))));
    }
    return fz2_reduce(T);
}

/* (a0^2, a1^2) */
GF_ZI __m512i fz2_sqr(__m512i a)
{
    /* each half (a0, a1, a2, a3) as (a0, a2, a1, a3): the low words of its
     * two lanes square to words 0-3, the high words to words 4-7 */
    const __m512i b = _mm512_permutex_epi64(a, 0xd8);
    const __m512i T[2] = {_mm512_clmulepi64_epi128(b, b, 0x00), _mm512_clmulepi64_epi128(b, b, 0x11)};
    return fz2_reduce(T);
}
#endif
#else
#define GF_ZREG 0
#endif

/* r = a^(2^n); n is public */
GF_FN void fe_sqrn(fe r, const fe a, int n)
{
    fe_copy(r, a);
    for (int i = 0; i < n; i++) fe_sqr(r, r);
}

/* a = a^(2^n), b = b^(2^n), c = c^(2^n) in place (the Frobenius map of a
 * point, applied n times): the three squaring chains interleaved, so that
 * their latencies overlap instead of adding up; n is public */
GF_FN void fe_sqrn3(fe a, fe b, fe c, int n)
{
    for (int i = 0; i < n; i++) {
        fe_sqr(a, a);
        fe_sqr(b, b);
        fe_sqr(c, c);
    }
}

/* r = M a for a GF(2)-linear map M given by output word: M[j][i] is word j
 * of M x^i (zero for i >= m). Every entry is read and masked by bit i of
 * a, so the time does not depend on a: about m NW simple operations against
 * ~m/2 dependent squarings for the maps it stands for (tools/gen_curves.py);
 * with AVX-512 eight bits of a at a time are a mask register for one
 * masked XOR per word (no mask arithmetic per bit); with AVX2 four bits at a
 * time become four lane masks (a variable shift puts each bit at the top of
 * its lane, a signed comparison with zero spreads it), then one AND and one
 * XOR per word. */
#if GF_BACKEND == GF_VPCLMUL512
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    __m512i acc[GF_NW];
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) acc[j] = _mm512_setzero_si512();
    for (int g = 0; g < GF_MAP_COLS / 8; g++) {
        const __mmask8 k = (__mmask8)(a[g / 8] >> (8 * (g % 8)));
        GF_UNROLL
        for (int j = 0; j < GF_NW; j++)
            acc[j] = _mm512_mask_xor_epi64(acc[j], k, acc[j], _mm512_loadu_si512((const void *)(M[j] + 8 * g)));
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) { /* the XOR of the eight lanes */
        __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(acc[j]), _mm512_extracti64x4_epi64(acc[j], 1));
        __m128i q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        r[j] = (uint64_t)_mm_cvtsi128_si64(q) ^ (uint64_t)_mm_extract_epi64(q, 1);
    }
}
#elif GF_BACKEND == GF_VPCLMUL256
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    __m256i acc[GF_NW];
    const __m256i zero = _mm256_setzero_si256();
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) acc[j] = zero;
    const __m256i sh = _mm256_set_epi64x(60, 61, 62, 63);
    for (int g = 0; g < GF_MAP_COLS / 4; g++) {
        /* bit 4g + lane of a to the top of the lane, then to all of it */
        const __m256i v = _mm256_set1_epi64x((long long)a[g / 16]);
        const __m256i top = _mm256_sllv_epi64(v, _mm256_sub_epi64(sh, _mm256_set1_epi64x(4 * (g % 16))));
        const __m256i mk = _mm256_cmpgt_epi64(zero, top);
        GF_UNROLL
        for (int j = 0; j < GF_NW; j++)
            acc[j] = _mm256_xor_si256(acc[j], _mm256_and_si256(mk, _mm256_loadu_si256((const __m256i *)(M[j] + 4 * g))));
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) { /* the XOR of the four lanes */
        const __m128i q = _mm_xor_si128(_mm256_castsi256_si128(acc[j]), _mm256_extracti128_si256(acc[j], 1));
        r[j] = (uint64_t)_mm_cvtsi128_si64(q) ^ (uint64_t)_mm_extract_epi64(q, 1);
    }
}
#else
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    uint64_t acc[GF_NW] = {0};
    for (int w = 0; w < GF_NW; w++) {
        uint64_t v = a[w];
        const int nb = (w == GF_NW - 1) ? GF_M - 64 * (GF_NW - 1) : 64;
        for (int b = 0; b < nb; b++) {
            const uint64_t mask = (uint64_t)0 - ((v >> b) & 1);
            GF_UNROLL
            for (int j = 0; j < GF_NW; j++) acc[j] ^= mask & M[j][64 * w + b];
        }
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) r[j] = acc[j];
}
#endif

/* r = a^-1 (0 for a = 0), Itoh–Tsujii: a^-1 = (a^(2^(m-1) - 1))^2, with
 * beta_k = a^(2^k - 1) built along the binary expansion of m - 1:
 * beta_{2k} = beta_k^(2^k) beta_k, beta_{k+1} = beta_k^2 a. ~m S + 2 log m M,
 * but the last and longest run (k = GF_SQRK = (m - 1)/2) is one fe_linmap,
 * and with the VPCLMULQDQ backends, whose fe_linmap costs 3-27 squarings
 * (AVX-512 3-14 and AVX2 5-16 up to 409 bits, both 25-27 at 571), the two
 * runs before it (GF_SQRK1, GF_SQRK2) too: with AVX-512 the inversion takes
 * about half the time. The clmul and portable fe_linmap costs 9-56
 * squarings, which only the longest run repays. */
#if GF_BACKEND == GF_VPCLMUL512 || GF_BACKEND == GF_VPCLMUL256
#define GF_INV_MAPS 3
#else
#define GF_INV_MAPS 1
#endif
GF_FN_NOINLINE void fe_inv(fe r, const fe a)
{
    fe beta, t;
    const int e = GF_M - 1;
    int top = 31 - __builtin_clz((unsigned)e);
    int k = 1;
    fe_copy(beta, a);
    /* unrolled, so the exponent's bits are constants: a compiled bit test
     * here (BT, then a jump) is reported by valgrind's memcheck as depending
     * on the secret operand in test_ct, although it only reads e and i */
    GF_UNROLL
    for (int i = top - 1; i >= 0; i--) {
        if (k == GF_SQRK) fe_linmap(t, GF_SQRK_MAP, beta); /* the longest run, by a table */
        else if (GF_INV_MAPS > 1 && k == GF_SQRK1) fe_linmap(t, GF_SQRK1_MAP, beta);
        else if (GF_INV_MAPS > 2 && k == GF_SQRK2) fe_linmap(t, GF_SQRK2_MAP, beta);
        else fe_sqrn(t, beta, k);
        fe_mul(beta, t, beta);
        k *= 2;
        if ((e >> i) & 1) {
            fe_sqr(beta, beta);
            fe_mul(beta, beta, a);
            k += 1;
        }
    }
    fe_sqr(r, beta);
}

/* Even-indexed bits of a 64-bit word packed into 32 bits. */
GF_FN uint64_t gf_compress_even(uint64_t v)
{
    v &= 0x5555555555555555ULL;
    v = (v | (v >> 1)) & 0x3333333333333333ULL;
    v = (v | (v >> 2)) & 0x0f0f0f0f0f0f0f0fULL;
    v = (v | (v >> 4)) & 0x00ff00ff00ff00ffULL;
    v = (v | (v >> 8)) & 0x0000ffff0000ffffULL;
    v = (v | (v >> 16)) & 0x00000000ffffffffULL;
    return v;
}

/* r = sqrt(a): with a = e(x^2) + x o(x^2), sqrt(a) = e(x) + sqrt(x) o(x). 1M. */
GF_FN void fe_sqrt(fe r, const fe a)
{
    fe e, o;
    fe_zero(e);
    fe_zero(o);
    for (int i = 0; i < GF_NW; i++) {
        uint64_t ev = gf_compress_even(a[i]), ov = gf_compress_even(a[i] >> 1);
        e[i / 2] |= ev << (32 * (i % 2));
        o[i / 2] |= ov << (32 * (i % 2));
    }
    fe_mul(o, o, gf_sqrt_x);
    fe_add(r, e, o);
}

/* Tr(a) = parity of the bits of a under the trace mask (trace is linear). */
GF_FN int fe_trace(const fe a)
{
    uint64_t t = 0;
    for (int i = 0; i < GF_NW; i++) t ^= a[i] & gf_trace_mask[i];
    t ^= t >> 32;
    t ^= t >> 16;
    t ^= t >> 8;
    t ^= t >> 4;
    t ^= t >> 2;
    t ^= t >> 1;
    return (int)(t & 1);
}

/* Half-trace H(a) = sum_{i=0}^{(m-1)/2} a^(4^i) (m odd); if Tr(a) = 0 then
 * z = H(a) solves z^2 + z = a. */
GF_FN_NOINLINE void fe_halftrace(fe r, const fe a)
{
    fe_linmap(r, GF_HT_MAP, a); /* H is linear: its column table */
}

/* Big-endian GF_BYTES bytes to an element; returns 0 if a bit at or above m is
 * set (the element is then still written, reduced to its low m bits). */
GF_FN int fe_from_bytes(fe r, const uint8_t *in)
{
    fe_zero(r);
    for (int i = 0; i < GF_BYTES; i++) {
        int bit = 8 * (GF_BYTES - 1 - i);
        r[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
    uint64_t over = r[GF_NW - 1] >> (GF_TOPBITS % 64);
    if (GF_TOPBITS == 64) over = 0;
    r[GF_NW - 1] &= (GF_TOPBITS == 64) ? ~0ULL : ((1ULL << (GF_TOPBITS % 64)) - 1);
    return over == 0;
}

GF_FN void fe_to_bytes(uint8_t *out, const fe a)
{
    FASTEC_INVARIANT(GF_TOPBITS == 64 || (a[GF_NW - 1] >> (GF_TOPBITS % 64)) == 0); /* reduced: degree < m */
    for (int i = 0; i < GF_BYTES; i++) {
        int bit = 8 * (GF_BYTES - 1 - i);
        out[i] = (uint8_t)(a[bit / 64] >> (bit % 64));
    }
}
