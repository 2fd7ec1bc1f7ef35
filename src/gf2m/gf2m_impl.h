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
 * integer multiplies (never table look-ups).
 *
 * This file holds the configuration and the word-level operations; the
 * backend's wide product and square (gf2m_vpclmul512.h, gf2m_vpclmul256.h,
 * gf2m_clmul.h, gf2m_karatsuba64.h), the reduction (gf2m_reduce.h), the
 * register form (gf2m_zreg.h) and the operations built on them (gf2m_ops.h)
 * are included below. */
#ifndef GF_M
#error "define GF_M"
#endif

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "gen/gf2m_consts.h"
#include "once.h"

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
/* run once per process (the tables of G): optimised for size */
#define GF_FN_COLD static inline __attribute__((cold)) GF_TARGET
#define GF_OP_COLD static __attribute__((cold)) GF_TARGET
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

/* ---- the wide product and square: one file per backend ---- */

#if GF_BACKEND == GF_VPCLMUL512
#include "gf2m/gf2m_vpclmul512.h"
#elif GF_BACKEND == GF_VPCLMUL256
#include "gf2m/gf2m_vpclmul256.h"
#endif
#if GF_X86CLMUL
#include "gf2m/gf2m_clmul.h"
#else
#include "gf2m/gf2m_karatsuba64.h"
#endif

#include "gf2m/gf2m_reduce.h"

#if 2 * GF_K1 <= GF_M
#define GF_ZFOLDS 2
#elif GF_NTERMS == 1 && 3 * GF_K1 <= 2 * GF_M + 1
#define GF_ZFOLDS 3
#else
#define GF_ZFOLDS 0
#endif
#if GF_BACKEND == GF_VPCLMUL512 && GF_ZFOLDS
#include "gf2m/gf2m_zreg.h"
#else
#define GF_ZREG 0
#endif

#include "gf2m/gf2m_ops.h"
