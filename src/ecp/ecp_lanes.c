/* SPDX-License-Identifier: Apache-2.0 */
/* Up to sixteen independent operations on one prime curve (FP_CURVE_<name>),
 * one per 64-bit lane of AVX-512 IFMA registers (ecp_lanes.h): an element
 * is FP_L52_NL 52-bit limbs in Montgomery form with R = 2^(52 FP_L52_NL),
 * limb i of eight lanes in one register (f8, a group), one or two groups
 * side by side (fv). Values stay below 2p: R > 4p, so a Montgomery product
 * of two such values is again below 2p, and sums, differences and halves
 * subtract 2p by mask. Every operation is the same instructions whatever
 * the lanes hold: constant-time in each lane's data; per-lane choices are
 * masks.
 *
 * The point formulas are ecp_formulas.h's, instantiated on fv (prefix
 * ECPV). ECDH's multiplication follows ecp_mul.h's pt_mul_ct lane by lane:
 * the table 1..8 P (made affine with one inversion per lane), signed 4-bit
 * windows, the accumulator starting at the top digit's entry, a mixed
 * addition per window with the identity cases as masks, and the last
 * addition also computing the doubling and selecting it by mask. */
#include <immintrin.h>
#include <string.h>

#include "ct.h"
#include "ecp/ecp_formulas.h"
#include "ecp/ecp_lanes.h"
#include "ecp/ecp_lanes_groups.h"
#include "gen/fp_consts.h"
#include "once.h"

#define L FP_L52_NL
#define M52 0xfffffffffffffULL
#define X8_TARGET __attribute__((target("avx512f,avx512ifma")))
#define X8I static inline __attribute__((always_inline)) X8_TARGET
#define X8F static __attribute__((noinline)) X8_TARGET


typedef struct {
    __m512i v[L];
} f8;

static const uint64_t l52_p[L] = FP_L52_P_INIT, l52_2p[L] = FP_L52_2P_INIT, l52_rr[L] = FP_L52_RR_INIT;


/* each limb's carry (signed) into the next; limbs back to [0, 2^52) but the
 * top one, which keeps the sign */
X8I void f8_carry(f8 *r)
{
    for (int i = 0; i < L - 1; i++) {
        r->v[i + 1] = _mm512_add_epi64(r->v[i + 1], _mm512_srai_epi64(r->v[i], 52));
        r->v[i] = _mm512_and_si512(r->v[i], bc(M52));
    }
}

#if defined(FP_CURVE_secp256r1)
/* P-256: s, a sum of two values below 2p or a - b + 2p limb by limb (top
 * limb in [0, 2^50), the others within 2^53), below 2p by one carry
 * chain: its bits from 2^256 on, h <= 3, fold as 2^256 = 2^224 - 2^192 -
 * 2^96 + 1 (mod p), leaving at most 2^256 + 3 2^224 + 2^209 < 2p, and
 * positive, since h 2^224 outweighs the other limbs' negative parts */
X8I void f8_reduce_sum(f8 *r, f8 *s)
{
    const __m512i h = _mm512_srli_epi64(s->v[4], 48);
    s->v[4] = _mm512_add_epi64(_mm512_and_si512(s->v[4], bc(((uint64_t)1 << 48) - 1)), _mm512_slli_epi64(h, 16));
    s->v[3] = _mm512_sub_epi64(s->v[3], _mm512_slli_epi64(h, 36));
    s->v[1] = _mm512_sub_epi64(s->v[1], _mm512_slli_epi64(h, 44));
    s->v[0] = _mm512_add_epi64(s->v[0], h);
    f8_carry(s);
    *r = *s;
}
#else
/* s, a sum below 4p with limbs within 2^53 (of either sign), below 2p:
 * s and s - 2p carried side by side (two independent chains), then s - 2p
 * where that is not negative, else s */
X8I void f8_reduce_sum(f8 *r, f8 *s)
{
    f8 t;
    for (int i = 0; i < L; i++) t.v[i] = _mm512_sub_epi64(s->v[i], bc(l52_2p[i]));
    for (int i = 0; i < L - 1; i++) {
        s->v[i + 1] = _mm512_add_epi64(s->v[i + 1], _mm512_srai_epi64(s->v[i], 52));
        t.v[i + 1] = _mm512_add_epi64(t.v[i + 1], _mm512_srai_epi64(t.v[i], 52));
        s->v[i] = _mm512_and_si512(s->v[i], bc(M52));
        t.v[i] = _mm512_and_si512(t.v[i], bc(M52));
    }
    const __mmask8 neg = _mm512_cmplt_epi64_mask(t.v[L - 1], _mm512_setzero_si512());
    for (int i = 0; i < L; i++) r->v[i] = _mm512_mask_mov_epi64(t.v[i], neg, s->v[i]);
}
#endif

X8I void f8_add(f8 *r, const f8 *a, const f8 *b)
{
    f8 s;
    for (int i = 0; i < L; i++) s.v[i] = _mm512_add_epi64(a->v[i], b->v[i]);
    f8_reduce_sum(r, &s);
}

/* a - b + 2p, then below 2p */
X8I void f8_sub(f8 *r, const f8 *a, const f8 *b)
{
    f8 s;
    for (int i = 0; i < L; i++) s.v[i] = _mm512_add_epi64(_mm512_sub_epi64(a->v[i], b->v[i]), bc(l52_2p[i]));
    f8_reduce_sum(r, &s);
}

/* a / 2: a + p where a is odd (then even), shifted right by one */
X8I void f8_half(f8 *r, const f8 *a)
{
    const __mmask8 odd = _mm512_test_epi64_mask(a->v[0], bc(1));
    f8 s;
    for (int i = 0; i < L; i++) s.v[i] = _mm512_mask_add_epi64(a->v[i], odd, a->v[i], bc(l52_p[i]));
    f8_carry(&s);
    for (int i = 0; i < L - 1; i++)
        r->v[i] = _mm512_or_si512(_mm512_srli_epi64(s.v[i], 1),
                                  _mm512_and_si512(_mm512_slli_epi64(s.v[i + 1], 51), bc(M52)));
    r->v[L - 1] = _mm512_srli_epi64(s.v[L - 1], 1);
}

/* Montgomery reduction of the 2L-limb t (limbs below 2^57): L rows of
 * q = t_i (-p^-1) mod 2^52, t += q p 2^(52 i), then r = t / R with 52-bit
 * limbs; below 2p for t below 4p^2 */
#if defined(FP_CURVE_secp256r1)
/* P-256: -p^-1 = 1 (mod 2^52), so q = t_i mod 2^52, and q p = q (2^96 - 1)
 * + q 2^192 + q (2^256 - 2^224) is shifts but for the last term: the
 * q (2^96 - 1) leaves t_i's bits from 2^52 on as its carry and adds
 * q 2^44 one limb up; q 2^192 is q 2^36 three limbs up; q (2^48 - 2^16)
 * four limbs up takes an IFMA pair, which keeps every limb non-negative.
 * Two IFMAs a row instead of eight. */
X8I void f8_redc(f8 *r, __m512i *t)
{
    for (int i = 0; i < L; i++) {
        const __m512i q = _mm512_and_si512(t[i], bc(M52));
        t[i + 1] = _mm512_add_epi64(
            t[i + 1], _mm512_add_epi64(_mm512_srli_epi64(t[i], 52), _mm512_and_si512(_mm512_slli_epi64(q, 44), bc(M52))));
        t[i + 2] = _mm512_add_epi64(t[i + 2], _mm512_srli_epi64(q, 8));
        t[i + 3] = _mm512_add_epi64(t[i + 3], _mm512_and_si512(_mm512_slli_epi64(q, 36), bc(M52)));
        t[i + 4] = _mm512_add_epi64(t[i + 4], _mm512_srli_epi64(q, 16));
        t[i + 4] = _mm512_madd52lo_epu64(t[i + 4], q, bc(l52_p[4]));
        t[i + 5] = _mm512_madd52hi_epu64(t[i + 5], q, bc(l52_p[4]));
    }
    for (int i = 0; i < L; i++) {
        if (i + 1 < L) t[L + i + 1] = _mm512_add_epi64(t[L + i + 1], _mm512_srli_epi64(t[L + i], 52));
        r->v[i] = _mm512_and_si512(t[L + i], bc(M52));
    }
}
#elif defined(FP_CURVE_secp384r1)
/* P-384: -p^-1 = 2^32 + 1 (mod 2^52), so q = (t_i + t_i 2^32) mod 2^52,
 * and q p = q (2^32 - 1) - q 2^96 - q 2^128 + q 2^384 is four shifted
 * copies of q, each split at its limb boundary: the first leaves t_i's
 * bits from 2^52 on as its carry; the negative ones make limbs negative,
 * so the carries are arithmetic shifts (the value stays t + q p, whose
 * total is positive). No IFMA in a row. */
X8I void f8_redc(f8 *r, __m512i *t)
{
    const __m512i m = bc(M52);
    for (int i = 0; i < L; i++) {
        const __m512i q = _mm512_and_si512(_mm512_add_epi64(t[i], _mm512_slli_epi64(t[i], 32)), m);
        const __m512i lo = _mm512_sub_epi64(_mm512_add_epi64(t[i], _mm512_and_si512(_mm512_slli_epi64(q, 32), m)), q);
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_add_epi64(_mm512_srai_epi64(lo, 52), _mm512_srli_epi64(q, 20)));
        t[i + 1] = _mm512_sub_epi64(t[i + 1], _mm512_and_si512(_mm512_slli_epi64(q, 44), m));
        t[i + 2] = _mm512_sub_epi64(t[i + 2],
                                    _mm512_add_epi64(_mm512_srli_epi64(q, 8), _mm512_and_si512(_mm512_slli_epi64(q, 24), m)));
        t[i + 3] = _mm512_sub_epi64(t[i + 3], _mm512_srli_epi64(q, 28));
        t[i + 7] = _mm512_add_epi64(t[i + 7], _mm512_and_si512(_mm512_slli_epi64(q, 20), m));
        t[i + 8] = _mm512_add_epi64(t[i + 8], _mm512_srli_epi64(q, 32));
    }
    for (int i = 0; i < L; i++) {
        if (i + 1 < L) t[L + i + 1] = _mm512_add_epi64(t[L + i + 1], _mm512_srai_epi64(t[L + i], 52));
        r->v[i] = _mm512_and_si512(t[L + i], m);
    }
}
#elif defined(FP_CURVE_secp521r1)
/* P-521: -p^-1 = 1 (mod 2^52), so q = t_i mod 2^52, and q p = q 2^521 - q:
 * the - q leaves t_i's bits from 2^52 on as its carry, q 2^521 is q 2^1
 * ten limbs up. No IFMA in a row. */
X8I void f8_redc(f8 *r, __m512i *t)
{
    const __m512i m = bc(M52);
    for (int i = 0; i < L; i++) {
        const __m512i q = _mm512_and_si512(t[i], m);
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64(t[i], 52));
        t[i + 10] = _mm512_add_epi64(t[i + 10], _mm512_and_si512(_mm512_slli_epi64(q, 1), m));
        t[i + 11] = _mm512_add_epi64(t[i + 11], _mm512_srli_epi64(q, 51));
    }
    for (int i = 0; i < L; i++) {
        if (i + 1 < L) t[L + i + 1] = _mm512_add_epi64(t[L + i + 1], _mm512_srli_epi64(t[L + i], 52));
        r->v[i] = _mm512_and_si512(t[L + i], m);
    }
}
#else
X8I void f8_redc(f8 *r, __m512i *t)
{
    const __m512i z = _mm512_setzero_si512();
    for (int i = 0; i < L; i++) {
        const __m512i q = FP_L52_N0 == 1 ? _mm512_and_si512(t[i], bc(M52)) : _mm512_madd52lo_epu64(z, t[i], bc(FP_L52_N0));
        for (int j = 0; j < L; j++) {
            if (l52_p[j] == 0) continue;
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], q, bc(l52_p[j]));
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], q, bc(l52_p[j]));
        }
        t[i + 1] = _mm512_add_epi64(t[i + 1], _mm512_srli_epi64(t[i], 52));
    }
    for (int i = 0; i < L; i++) {
        if (i + 1 < L) t[L + i + 1] = _mm512_add_epi64(t[L + i + 1], _mm512_srli_epi64(t[L + i], 52));
        r->v[i] = _mm512_and_si512(t[L + i], bc(M52));
    }
}
#endif

/* Montgomery product a b / R (operand scanning); below 2p for a, b below 2p */
X8F void f8_mul(f8 *r, const f8 *a, const f8 *b)
{
    __m512i t[2 * L];
    for (int i = 0; i < 2 * L; i++) t[i] = _mm512_setzero_si512();
    /* unrolled completely (clang leaves the outer loop over memory for
     * L = 8 otherwise) */
#pragma GCC unroll 16
    for (int i = 0; i < L; i++)
#pragma GCC unroll 16
        for (int j = 0; j < L; j++) {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a->v[i], b->v[j]);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a->v[i], b->v[j]);
        }
    f8_redc(r, t);
}

/* a^2 / R: the products a_i a_j (i < j) once, doubled, and the squares */
X8F void f8_sqr(f8 *r, const f8 *a)
{
    __m512i t[2 * L];
    for (int i = 0; i < 2 * L; i++) t[i] = _mm512_setzero_si512();
    /* unrolled completely, so that the accumulators stay in registers
     * (GCC leaves the triangle a loop over memory for L = 8 otherwise) */
#pragma GCC unroll 16
    for (int i = 0; i < L; i++)
#pragma GCC unroll 16
        for (int j = i + 1; j < L; j++) {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a->v[i], a->v[j]);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a->v[i], a->v[j]);
        }
    for (int i = 0; i < 2 * L; i++) t[i] = _mm512_add_epi64(t[i], t[i]);
    for (int i = 0; i < L; i++) {
        t[2 * i] = _mm512_madd52lo_epu64(t[2 * i], a->v[i], a->v[i]);
        t[2 * i + 1] = _mm512_madd52hi_epu64(t[2 * i + 1], a->v[i], a->v[i]);
    }
    f8_redc(r, t);
}

/* below p (a below 2p) */
X8I void f8_canon(f8 *r, const f8 *a)
{
    f8 t;
    for (int i = 0; i < L; i++) t.v[i] = _mm512_sub_epi64(a->v[i], bc(l52_p[i]));
    f8_carry(&t);
    const __mmask8 neg = _mm512_cmplt_epi64_mask(t.v[L - 1], _mm512_setzero_si512());
    for (int i = 0; i < L; i++) r->v[i] = _mm512_mask_mov_epi64(t.v[i], neg, a->v[i]);
}

/* the lanes where a = 0 (mod p) */
X8I __mmask8 f8_is_zero(const f8 *a)
{
    f8 c;
    f8_canon(&c, a);
    __m512i o = c.v[0];
    for (int i = 1; i < L; i++) o = _mm512_or_si512(o, c.v[i]);
    return _mm512_cmpeq_epi64_mask(o, _mm512_setzero_si512());
}

X8I void f8_select(f8 *r, __mmask8 m, const f8 *a)
{
    for (int i = 0; i < L; i++) r->v[i] = _mm512_mask_mov_epi64(r->v[i], m, a->v[i]);
}

/* the lanes' big-endian field_size-byte values to the form (Montgomery,
 * below p) */
X8I void f8_from_bytes(f8 *r, const uint8_t *const in[GL], size_t fs)
{
    uint64_t limb[L][GL];
    memset(limb, 0, sizeof limb);
    for (int l = 0; l < GL; l++)
        for (size_t b = 0; b < fs; b++) {
            const unsigned bit = (unsigned)(8 * (fs - 1 - b));
            limb[bit / 52][l] |= (uint64_t)in[l][b] << (bit % 52);
            if (bit % 52 > 44 && bit / 52 + 1 < L) limb[bit / 52 + 1][l] |= (uint64_t)in[l][b] >> (52 - bit % 52);
        }
    f8 t, rr;
    for (int i = 0; i < L; i++) {
        t.v[i] = _mm512_and_si512(_mm512_loadu_si512(limb[i]), bc(M52));
        rr.v[i] = bc(l52_rr[i]);
    }
    f8_mul(r, &t, &rr);
}

/* out of the form, canonical, to big-endian bytes per lane */
X8I void f8_to_bytes(uint8_t *const out[GL], const f8 *a, size_t fs)
{
    f8 one, t;
    for (int i = 0; i < L; i++) one.v[i] = bc(i == 0);
    f8_mul(&t, a, &one);
    f8_canon(&t, &t);
    uint64_t limb[L][GL];
    for (int i = 0; i < L; i++) _mm512_storeu_si512(limb[i], t.v[i]);
    for (int l = 0; l < GL; l++)
        for (size_t b = 0; b < fs; b++) {
            const unsigned bit = (unsigned)(8 * (fs - 1 - b));
            uint64_t v = limb[bit / 52][l] >> (bit % 52);
            if (bit % 52 > 44 && bit / 52 + 1 < L) v |= limb[bit / 52 + 1][l] << (52 - bit % 52);
            out[l][b] = (uint8_t)v;
        }
    ct_wipe(limb, sizeof limb);
}

/* Up to NG groups of eight lanes side by side (ecp/ecp_lanes_groups.h):
 * each operation below runs the f8 operation on the ng groups in use (a
 * group alone waits on its chains: a product's reduction rows, a sum's
 * carries). */
typedef struct {
    f8 g[NG];
} fv;

typedef struct {
    fv X, Y, Z;
} pv;

/* A group beyond ng is never read, but GCC cannot tell which groups a
 * formula's temporaries got from a count known at run time. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

X8F void fv_mul(fv *r, const fv *a, const fv *b, int ng) { GROUPS(j) f8_mul(&r->g[j], &a->g[j], &b->g[j]); }
X8F void fv_sqr(fv *r, const fv *a, int ng) { GROUPS(j) f8_sqr(&r->g[j], &a->g[j]); }
X8I void fv_add(fv *r, const fv *a, const fv *b, int ng) { GROUPS(j) f8_add(&r->g[j], &a->g[j], &b->g[j]); }
X8I void fv_sub(fv *r, const fv *a, const fv *b, int ng) { GROUPS(j) f8_sub(&r->g[j], &a->g[j], &b->g[j]); }
X8I void fv_half(fv *r, const fv *a, int ng) { GROUPS(j) f8_half(&r->g[j], &a->g[j]); }

X8I void fv_select(fv *r, lmask m, const fv *a, int ng) { GROUPS(j) f8_select(&r->g[j], GMASK(m, j), &a->g[j]); }

X8I lmask fv_is_zero(const fv *a, int ng)
{
    lmask z = 0;
    GROUPS(j) z |= (lmask)f8_is_zero(&a->g[j]) << (GL * j);
    return z;
}

/* the representation's operations for ecp_formulas.h: ng from the scope */
#define ECPV_T fv
#define ECPV_MUL(r, a, b) fv_mul(&(r), &(a), &(b), ng)
#define ECPV_SQR(r, a) fv_sqr(&(r), &(a), ng)
#define ECPV_ADD(r, a, b) fv_add(&(r), &(a), &(b), ng)
#define ECPV_SUB(r, a, b) fv_sub(&(r), &(a), &(b), ng)
#define ECPV_SUBC(r, a, b) fv_sub(&(r), &(a), &(b), ng)
#define ECPV_HALF(r, a) fv_half(&(r), &(a), ng)
#define ECPV_SUB2(r, a, b, c) (ECPV_SUB(r, a, b), ECPV_SUB(r, r, c))
#define ECPV_SUB3(r, a, b, c, d) (ECPV_SUB(r, a, b), ECPV_SUB(r, r, c), ECPV_SUB(r, r, d))

/* the formulas once each, out of line */
X8F void pv_dbl(pv *o, const pv *P, int ng) { ECP_DBL(ECPV, o->X, o->Y, o->Z, P->X, P->Y, P->Z); }
X8F void pv_madd(pv *o, fv *H, fv *R, const pv *P, const fv *x, const fv *y, int ng)
{
    ECP_MADD(ECPV, o->X, o->Y, o->Z, *H, *R, P->X, P->Y, P->Z, *x, *y);
}
X8F void pv_add(pv *o, fv *H, fv *R, const pv *P, const pv *Q, int ng)
{
    ECP_ADD(ECPV, o->X, o->Y, o->Z, *H, *R, P->X, P->Y, P->Z, Q->X, Q->Y, Q->Z);
}

/* r = a^(p - 2) = a^-1 (0 for 0): left to right over the bits of p - 2,
 * a squaring per bit and a product by a^v for each window v of up to four
 * bits that starts and ends with a one (odd v: a table of a, a^3, ..,
 * a^15). p - 2 is public, so the branches on its bits are too. */
X8F void fv_inv(fv *r, const fv *a, int ng)
{
    static const uint64_t pm2[FP_NL] = FP_PM2_INIT;
    fv tab[8], a2, acc;
    tab[0] = *a;
    fv_sqr(&a2, a, ng);
    for (int j = 1; j < 8; j++) fv_mul(&tab[j], &tab[j - 1], &a2, ng);
    int started = 0;
    for (int b = FP_NBITS - 1; b >= 0;) {
        if (!((pm2[b / 64] >> (b % 64)) & 1)) {
            fv_sqr(&acc, &acc, ng); /* leading zeros never reach here: bit FP_NBITS - 1 is set */
            b--;
            continue;
        }
        int len = b + 1 < 4 ? b + 1 : 4;
        while (!((pm2[(b - len + 1) / 64] >> ((b - len + 1) % 64)) & 1)) len--; /* end on a one */
        unsigned v = 0;
        for (int i = b; i > b - len; i--) v = 2 * v + (unsigned)((pm2[i / 64] >> (i % 64)) & 1);
        if (started) {
            for (int s = 0; s < len; s++) fv_sqr(&acc, &acc, ng);
            fv_mul(&acc, &acc, &tab[v / 2], ng);
        } else {
            acc = tab[v / 2];
            started = 1;
        }
        b -= len;
    }
    *r = acc;
}

/* R mod p, the form's 1, in every lane */
X8I void fv_one(fv *one, int ng)
{
    f8 u, rr;
    for (int i = 0; i < L; i++) {
        u.v[i] = bc(i == 0);
        rr.v[i] = bc(l52_rr[i]);
    }
    f8_mul(&one->g[0], &u, &rr);
    GROUPS(j) one->g[j] = one->g[0];
}

X8I void fv_from_bytes(fv *r, const uint8_t *const in[EC_LANES], size_t fs, int ng)
{
    GROUPS(j) f8_from_bytes(&r->g[j], in + GL * j, fs);
}

/* x = X / Z^2 to bytes in the lanes, zero where Z = 0 (by mask: the
 * caller declassifies the returned mask of those lanes) */
X8I lmask pv_x_to_bytes(uint8_t *const x_out[EC_LANES], const pv *acc, size_t fs, int ng)
{
    fv zi, zi2, x;
    const lmask inf = fv_is_zero(&acc->Z, ng);
    fv_inv(&zi, &acc->Z, ng);
    fv_sqr(&zi2, &zi, ng);
    fv_mul(&x, &acc->X, &zi2, ng);
    GROUPS(j) f8_to_bytes(x_out + GL * j, &x.g[j], fs);
    for (int l = 0; l < GL * ng; l++) {
        const uint8_t keep = (uint8_t)(((inf >> l) & 1) - 1);
        for (size_t b = 0; b < fs; b++) x_out[l][b] &= keep;
    }
    ct_wipe(&x, sizeof x);
    ct_wipe(&zi, sizeof zi);
    ct_wipe(&zi2, sizeof zi2);
    return inf;
}

/* the digit recodings' length */
#define DIGITS4 (SC_MAX_LIMBS * 16 + 2)
#define DIGITSW (SC_MAX_LIMBS * 32 + 2)

/* y negated in the lanes of neg */
X8I void f8_neg_where(f8 *y, __mmask8 neg)
{
    f8 ny, zero;
    for (int k = 0; k < L; k++) zero.v[k] = _mm512_setzero_si512();
    f8_sub(&ny, &zero, y);
    f8_select(y, neg, &ny);
}

/* the entry of each lane's digit d (|d| <= 8) in its row of 1..8 P (x
 * and y; y negated for d < 0, (0, 0) for d = 0): every entry read, chosen
 * by mask. Returns the lanes with d = 0. */
X8I lmask pv_select(fv *x, fv *y, const fv *tx, const fv *ty, const int8_t (*d)[DIGITS4], int i, int ng)
{
    lmask z = 0;
    GROUPS(j) {
        __mmask8 neg;
        const __m512i mag = digits_at(&d[0][0], DIGITS4, j, (size_t)i, &neg);
        for (int k = 0; k < L; k++) x->g[j].v[k] = y->g[j].v[k] = _mm512_setzero_si512();
        for (int e = 0; e < 8; e++) {
            const __mmask8 m = _mm512_cmpeq_epi64_mask(mag, bc((uint64_t)e + 1));
            f8_select(&x->g[j], m, &tx[e].g[j]);
            f8_select(&y->g[j], m, &ty[e].g[j]);
        }
        f8_neg_where(&y->g[j], neg);
        z |= (lmask)_mm512_cmpeq_epi64_mask(mag, _mm512_setzero_si512()) << (GL * j);
    }
    return z;
}

/* The constant-time loops' step, in every lane: acc += (x, y), affine,
 * with the special cases as masks: *pinf (acc is the identity) gives
 * (x, y), qinf (the entry is the identity) leaves acc; with_dbl (a public
 * position where acc = (x, y) can occur) also computes the doubling and
 * selects it where the sum's H and R are both 0. *pinf stays set only
 * while qinf is. Its temporaries are not wiped at every step: the batch
 * calls clear the work stack and registers once, after the last group
 * (ws_run). */
X8F void pv_step_ct(pv *acc, const fv *x, const fv *y, const fv *one, lmask *pinf, lmask qinf, int with_dbl, int ng)
{
    pv S, D;
    fv H, R;
    pv_madd(&S, &H, &R, acc, x, y, ng);
    if (with_dbl) {
        pv_dbl(&D, acc, ng);
        const lmask same = fv_is_zero(&H, ng) & fv_is_zero(&R, ng) & ~*pinf & ~qinf;
        fv_select(&S.X, same, &D.X, ng);
        fv_select(&S.Y, same, &D.Y, ng);
        fv_select(&S.Z, same, &D.Z, ng);
    }
    fv_select(&S.X, *pinf, x, ng);
    fv_select(&S.Y, *pinf, y, ng);
    fv_select(&S.Z, *pinf, one, ng);
    fv_select(&acc->X, ~qinf, &S.X, ng);
    fv_select(&acc->Y, ~qinf, &S.Y, ng);
    fv_select(&acc->Z, ~qinf, &S.Z, ng);
    *pinf &= qinf;
}

/* acc = k_l P_l in every lane of ng groups, Jacobian (Z = 0: the
 * identity), k_l in [1, n-1]: ecp_mul.h's pt_mul_ct lane by lane.
 * Constant-time in each k. */
X8F void lanes_mul(const struct fastec_curve *c, pv *acc, const pv *P, const sc_t *const k[EC_LANES], int ng)
{
    const unsigned nb = c->sc.nbits, top_bits = nb - 4 * ((nb + 3) / 4 - 1);
    const unsigned pos = (nb + 3) / 4 + (top_bits >= 3);
    int8_t d[EC_LANES][DIGITS4];
    pv T;
    fv H, R, one, tx[8], ty[8], tz[8], x, y, c8[8], inv, zi, zi2;
    for (int l = 0; l < GL * ng; l++) sc_recode4(d[l], k[l]->v, pos);
    fv_one(&one, ng);
    /* 1..8 P, Jacobian (T, then its coordinates kept in tx, ty, tz), then
     * affine with one inversion per lane */
    T = *P;
    for (int j = 0; j < 8; j++) {
        tx[j] = T.X, ty[j] = T.Y, tz[j] = T.Z;
        if (j == 0) pv_dbl(&T, P, ng);
        else if (j < 7) pv_madd(&T, &H, &R, &T, &P->X, &P->Y, ng);
    }
    c8[0] = tz[0];
    for (int j = 1; j < 8; j++) fv_mul(&c8[j], &c8[j - 1], &tz[j], ng);
    fv_inv(&inv, &c8[7], ng);
    for (int j = 7; j >= 0; j--) {
        if (j) {
            fv_mul(&zi, &inv, &c8[j - 1], ng);
            fv_mul(&inv, &inv, &tz[j], ng);
        } else {
            zi = inv;
        }
        fv_sqr(&zi2, &zi, ng);
        fv_mul(&tx[j], &tx[j], &zi2, ng);
        fv_mul(&zi2, &zi2, &zi, ng);
        fv_mul(&ty[j], &ty[j], &zi2, ng);
    }
    /* the top digit's entry, Z = 0 (the identity) where it is 0 */
    const int8_t(*dd)[DIGITS4] = (const int8_t(*)[DIGITS4])d;
    lmask pinf = pv_select(&acc->X, &acc->Y, tx, ty, dd, (int)pos - 1, ng);
    GROUPS(j)
    for (int i = 0; i < L; i++) acc->Z.g[j].v[i] = _mm512_maskz_mov_epi64((__mmask8)~GMASK(pinf, j), one.g[j].v[i]);
    for (int i = (int)pos - 2; i >= 0; i--) {
        for (int s = 0; s < 4; s++) pv_dbl(acc, acc, ng);
        const lmask qinf = pv_select(&x, &y, tx, ty, dd, i, ng);
        pv_step_ct(acc, &x, &y, &one, &pinf, qinf, i == 0, ng); /* the last step may meet acc = entry */
    }
    ct_wipe(d, sizeof d);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
}

X8_TARGET static unsigned lanes_mul_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                      const sc_t *const k[EC_LANES], const uint8_t *const xy[EC_LANES], unsigned m)
{
    const int ng = groups_for(m);
    const size_t fs = c->field_size;
    const uint8_t *yb[EC_LANES];
    pv P, acc;
    for (int l = 0; l < EC_LANES; l++) yb[l] = xy[l] + fs;
    fv_from_bytes(&P.X, xy, fs, ng);
    fv_from_bytes(&P.Y, yb, fs, ng);
    fv_one(&P.Z, ng);
    lanes_mul(c, &acc, &P, k, ng);
    const lmask inf = pv_x_to_bytes(x_out, &acc, fs, ng);
    ct_wipe(&acc, sizeof acc);
    return inf;
}

/* words (nw, little-endian) -> L 52-bit limbs */
static void words_to_l52(uint64_t *limb, const uint64_t *w, unsigned nw)
{
    for (int i = 0; i < L; i++) {
        const unsigned bit = 52 * (unsigned)i, k = bit / 64, sh = bit % 64;
        uint64_t v = k < nw ? w[k] >> sh : 0;
        if (sh > 12 && k + 1 < nw) v |= w[k + 1] << (64 - sh);
        limb[i] = v & M52;
    }
}

/* 64-bit little-endian words of a value below 2^(52 L) -> the limbs of
 * eight lanes (lane l from w[l]) */
X8I void f8_from_words(f8 *r, const uint64_t *const w[GL], unsigned nw)
{
    uint64_t limb[GL][L], t[L][GL];
    for (int l = 0; l < GL; l++) words_to_l52(limb[l], w[l], nw);
    for (int l = 0; l < GL; l++)
        for (int i = 0; i < L; i++) t[i][l] = limb[l][i];
    for (int i = 0; i < L; i++) r->v[i] = _mm512_loadu_si512(t[i]);
}

/* The table of G in the lanes' form (x then y, L limbs each, entry by entry
 * as the curve's table: FP_BASE_ENTRIES), made once (once.h) from the
 * curve's table, eight entries at a time, on the first batch that needs it:
 * the Montgomery form R = 2^(64 nl) times 2^(52 L - 64 nl), so the scans
 * and gathers below read entries ready for the formulas; P-521's table
 * holds plain values in nine 58-bit limbs (fp/fp521.h), which go to words
 * and are multiplied by R^2 (Montgomery) instead. */
static uint64_t l52_base[FP_BASE_ENTRIES][2][L];
static atomic_uint l52_base_state;

#if FP_MERSENNE
/* canonical 58-bit limbs (fp/fp521.h) -> nine words */
static void limbs58_to_words(uint64_t *w, const uint64_t *a)
{
    for (int k = 0; k < 9; k++) {
        const unsigned bit = 64 * (unsigned)k, i = bit / 58, s = bit % 58;
        uint64_t v = a[i] >> s;
        if (i + 1 < 9) v |= a[i + 1] << (58 - s);
        if (i + 2 < 9 && 116 - s < 64) v |= a[i + 2] << (116 - s);
        w[k] = v;
    }
}
#endif

X8_TARGET static const uint64_t (*lanes_base(const ecp_params *e))[2][L]
{
    if (once_begin(&l52_base_state)) {
        const unsigned nl = e->fp.nlimbs;
        for (size_t j = 0; j < FP_BASE_ENTRIES; j += GL) {
            const uint64_t *wx[GL], *wy[GL];
            for (size_t l = 0; l < GL; l++) {
                const size_t ent = j + l < FP_BASE_ENTRIES ? j + l : FP_BASE_ENTRIES - 1;
                wx[l] = e->base + ent * 2 * nl, wy[l] = wx[l] + nl;
            }
            f8 x, y;
#if FP_MERSENNE
            uint64_t px[GL][9], py[GL][9];
            f8 rr;
            for (size_t l = 0; l < GL; l++) {
                limbs58_to_words(px[l], wx[l]);
                limbs58_to_words(py[l], wy[l]);
                wx[l] = px[l], wy[l] = py[l];
            }
            f8_from_words(&x, wx, nl);
            f8_from_words(&y, wy, nl);
            for (int i = 0; i < L; i++) rr.v[i] = bc(l52_rr[i]);
            f8_mul(&x, &x, &rr);
            f8_mul(&y, &y, &rr);
#else
            f8_from_words(&x, wx, nl);
            f8_from_words(&y, wy, nl);
            for (int s = 0; s < 52 * L - 64 * (int)nl; s++) {
                f8_add(&x, &x, &x);
                f8_add(&y, &y, &y);
            }
#endif
            uint64_t tx[L][GL], ty[L][GL];
            for (int i = 0; i < L; i++) {
                _mm512_storeu_si512(tx[i], x.v[i]);
                _mm512_storeu_si512(ty[i], y.v[i]);
            }
            for (size_t l = 0; l < GL && j + l < FP_BASE_ENTRIES; l++)
                for (int i = 0; i < L; i++) l52_base[j + l][0][i] = tx[i][l], l52_base[j + l][1][i] = ty[i][l];
        }
        once_end(&l52_base_state);
    }
    return (const uint64_t(*)[2][L])l52_base;
}

/* the entry of each lane's digit in row (ne entries of x, y in the lanes'
 * form), y negated for a negative digit, (0, 0) for 0, every entry read and
 * chosen by mask. Returns the lanes with digit 0. */
X8I lmask pv_select_base(fv *x, fv *y, const uint64_t (*row)[2][L], unsigned ne, const int8_t (*d)[DIGITSW],
                         unsigned i, int ng)
{
    lmask z = 0;
    GROUPS(j) {
        __mmask8 neg;
        const __m512i mag = digits_at(&d[0][0], DIGITSW, j, i, &neg);
        f8 *xj = &x->g[j], *yj = &y->g[j];
        for (int k = 0; k < L; k++) xj->v[k] = yj->v[k] = _mm512_setzero_si512();
        for (unsigned e = 0; e < ne; e++) {
            const __mmask8 m = _mm512_cmpeq_epi64_mask(mag, bc((uint64_t)e + 1));
            for (int k = 0; k < L; k++) {
                xj->v[k] = _mm512_mask_mov_epi64(xj->v[k], m, bc(row[e][0][k]));
                yj->v[k] = _mm512_mask_mov_epi64(yj->v[k], m, bc(row[e][1][k]));
            }
        }
        f8_neg_where(yj, neg);
        z |= (lmask)_mm512_cmpeq_epi64_mask(mag, _mm512_setzero_si512()) << (GL * j);
    }
    return z;
}

/* x(k_l G) in every lane, k_l in [0, n-1]: ecp_mul.h's pt_mul_base_ct lane
 * by lane over the table of G in the lanes' form. Constant-time in each k.
 * Returns the lanes where k G is the identity (x_out zero there). */
X8_TARGET static unsigned lanes_mul_base_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                           const sc_t *const k[EC_LANES], unsigned m)
{
    const int ng = groups_for(m);
    const ecp_params *e = c->ecp;
    const unsigned w = e->base_w, ne = 1u << (w - 1);
    int8_t d[EC_LANES][DIGITSW];
    pv acc;
    fv one, x, y;
    for (int l = 0; l < GL * ng; l++) sc_recode(d[l], k[l]->v, e->base_pos, w);
    fv_one(&one, ng);
    const int8_t(*dd)[DIGITSW] = (const int8_t(*)[DIGITSW])d;
    const uint64_t(*tab)[2][L] = lanes_base(e);
    lmask pinf = pv_select_base(&acc.X, &acc.Y, tab, ne, dd, 0, ng);
    GROUPS(j)
    for (int i = 0; i < L; i++) acc.Z.g[j].v[i] = _mm512_maskz_mov_epi64((__mmask8)~GMASK(pinf, j), one.g[j].v[i]);
    for (unsigned i = 1; i < e->base_pos; i++) {
        const lmask qinf = pv_select_base(&x, &y, tab + (size_t)i * ne, ne, dd, i, ng);
        const int late = w * i + w + 1 > c->sc.nbits; /* acc = +-entry possible (public position) */
        if (late) pinf = fv_is_zero(&acc.Z, ng);
        pv_step_ct(&acc, &x, &y, &one, &pinf, qinf, late, ng);
    }
    const lmask inf = pv_x_to_bytes(x_out, &acc, c->field_size, ng);
    ct_wipe(d, sizeof d);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
    return inf;
}

/* acc += (x, y) in the lanes of m (public: variable time), the special
 * cases by branches on the lanes' masks: acc the identity gives (x, y),
 * acc = (x, y) the doubling, acc = -(x, y) the identity (Z = 0) */
X8F void pv_madd_vartime(pv *acc, const fv *x, const fv *y, lmask m, const fv *one, int ng)
{
    pv S, D;
    fv H, R;
    const lmask ainf = fv_is_zero(&acc->Z, ng);
    pv_madd(&S, &H, &R, acc, x, y, ng);
    const lmask same = fv_is_zero(&H, ng) & fv_is_zero(&R, ng) & ~ainf & m;
    if (same) {
        pv_dbl(&D, acc, ng);
        fv_select(&S.X, same, &D.X, ng);
        fv_select(&S.Y, same, &D.Y, ng);
        fv_select(&S.Z, same, &D.Z, ng);
    }
    fv_select(&S.X, ainf, x, ng);
    fv_select(&S.Y, ainf, y, ng);
    fv_select(&S.Z, ainf, one, ng);
    fv_select(&acc->X, m, &S.X, ng);
    fv_select(&acc->Y, m, &S.Y, ng);
    fv_select(&acc->Z, m, &S.Z, ng);
}

/* a < b, little-endian words (public values) */
static int words_below(const uint64_t *a, unsigned na, const uint64_t *b, unsigned nb)
{
    if (nb > MOD_MAX_LIMBS) nb = MOD_MAX_LIMBS;
    for (unsigned k = na > nb ? na : nb; k-- > 0;) {
        const uint64_t x = k < na ? a[k] : 0, y = k < nb ? b[k] : 0;
        if (x != y) return x < y;
    }
    return 0;
}

/* Verification (public data, variable time): x(u1 G + u2 Q) = r (mod n)
 * in each lane. u2 Q as ECDH computes k P (u2 is in [1, n-1]); u1 G from
 * the table of G in the lanes' form, each lane's entry gathered by its
 * digit, one mixed addition per position; the two joined by a full
 * addition; then x(R) = r tested as r Z^2 = X, and r + n where it is below
 * p. Returns the lanes that verify. */
X8_TARGET static unsigned lanes_verify(const struct fastec_curve *c, const uint8_t *const xy[EC_LANES],
                                       const sc_t *const u1[EC_LANES], const sc_t *const u2[EC_LANES],
                                       const sc_t *const r[EC_LANES], unsigned m)
{
    const int ng = groups_for(m);
    const ecp_params *e = c->ecp;
    const size_t fs = c->field_size;
    const unsigned w = e->base_w, ne = 1u << (w - 1), nl = e->fp.nlimbs;
    const uint8_t *yb[EC_LANES];
    int8_t d[EC_LANES][DIGITSW];
    pv P, A, B, S, D;
    fv one, x, y, H, R;
    for (int l = 0; l < EC_LANES; l++) yb[l] = xy[l] + fs;
    fv_from_bytes(&P.X, xy, fs, ng);
    fv_from_bytes(&P.Y, yb, fs, ng);
    fv_one(&one, ng);
    P.Z = one;
    lanes_mul(c, &B, &P, u2, ng);
    /* u1 G: A = sum of d_i 2^(w i) G over the rows of the table of G, each
     * lane's entry gathered by its digit */
    const uint64_t(*tab)[2][L] = lanes_base(e);
    for (int l = 0; l < GL * ng; l++) sc_recode(d[l], u1[l]->v, e->base_pos, w);
    memset(&A, 0, sizeof A);
    for (unsigned i = 0; i < e->base_pos; i++) {
        lmask nz = 0;
        GROUPS(j) {
            __mmask8 neg;
            const __m512i vi = lanes_row_offsets(&d[0][0], DIGITSW, j, i, ne, 2 * L, &nz, &neg);
            for (int k = 0; k < L; k++) {
                x.g[j].v[k] = _mm512_i64gather_epi64(vi, &tab[0][0][k], 8);
                y.g[j].v[k] = _mm512_i64gather_epi64(vi, &tab[0][1][k], 8);
            }
            f8_neg_where(&y.g[j], neg);
        }
        if (nz) pv_madd_vartime(&A, &x, &y, nz, &one, ng);
    }
    /* R = A + B, every case */
    const lmask ainf = fv_is_zero(&A.Z, ng), binf = fv_is_zero(&B.Z, ng);
    pv_add(&S, &H, &R, &A, &B, ng);
    const lmask same = fv_is_zero(&H, ng) & fv_is_zero(&R, ng) & ~ainf & ~binf;
    if (same) {
        pv_dbl(&D, &A, ng);
        fv_select(&S.X, same, &D.X, ng);
        fv_select(&S.Y, same, &D.Y, ng);
        fv_select(&S.Z, same, &D.Z, ng);
    }
    fv_select(&S.X, ainf, &B.X, ng);
    fv_select(&S.Y, ainf, &B.Y, ng);
    fv_select(&S.Z, ainf, &B.Z, ng);
    fv_select(&S.X, binf, &A.X, ng);
    fv_select(&S.Y, binf, &A.Y, ng);
    fv_select(&S.Z, binf, &A.Z, ng);
    /* r Z^2 = X, for r and for r + n where that is below p */
    uint64_t cand[EC_LANES][SC_MAX_LIMBS + 1];
    const uint64_t *cw[EC_LANES];
    lmask has2 = 0, ok = 0;
    fv z2, t;
    fv_sqr(&z2, &S.Z, ng);
    f8 rr;
    for (int k = 0; k < L; k++) rr.v[k] = bc(l52_rr[k]);
    for (int pass = 0; pass < 2; pass++) {
        for (int l = 0; l < GL * ng; l++) {
            memset(cand[l], 0, sizeof cand[l]);
            memcpy(cand[l], r[l]->v, c->sc.nlimbs * sizeof(uint64_t));
            if (pass) {
                sc_add_n_vartime(&c->sc, cand[l], SC_MAX_LIMBS + 1);
                has2 |= (lmask)words_below(cand[l], SC_MAX_LIMBS + 1, e->fp.n, nl) << l;
            }
            cw[l] = cand[l];
        }
        if (pass && !has2) break;
        GROUPS(j) {
            f8_from_words(&t.g[j], cw + GL * j, nl);
            f8_mul(&t.g[j], &t.g[j], &rr); /* into the form */
        }
        fv_mul(&t, &t, &z2, ng);
        fv_sub(&t, &t, &S.X, ng);
        ok |= fv_is_zero(&t, ng) & (pass ? has2 : ~(lmask)0);
    }
    return ok & ~fv_is_zero(&S.Z, ng) & (lmask)(((uint64_t)1 << (GL * ng)) - 1);
}

extern const ec_lanes LANES_NAME(ecp_lanes_, ECP_LANES_SYM);
const ec_lanes LANES_NAME(ecp_lanes_, ECP_LANES_SYM) = {
    .backend = "ifma",
    .mul_x = lanes_mul_x,
    .mul_base_x = lanes_mul_base_x,
    .verify = lanes_verify,
};
