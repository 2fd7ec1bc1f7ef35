/* SPDX-License-Identifier: Apache-2.0 */
/* Eight independent operations on one prime curve (FP_CURVE_<name>), one per
 * 64-bit lane of AVX-512 IFMA registers (ecp_lanes.h): an element is
 * FP_L52_NL 52-bit limbs in Montgomery form with R = 2^(52 FP_L52_NL), limb i
 * of the eight lanes in one register (f8). Values stay below 2p: R > 4p, so
 * a Montgomery product of two such values is again below 2p, and sums,
 * differences and halves subtract 2p by mask. Every operation is the same
 * instructions whatever the lanes hold: constant-time in each lane's data;
 * per-lane choices are masks.
 *
 * The point formulas are ecp_formulas.h's, instantiated on f8 (prefix
 * ECP8). ECDH's multiplication follows ecp_mul.h's pt_mul_ct lane by lane:
 * the table 1..8 P (made affine with one inversion per lane), signed 4-bit
 * windows, the accumulator starting at the top digit's entry, a mixed
 * addition per window with the identity cases as masks, and the last
 * addition also computing the doubling and selecting it by mask. */
#include <immintrin.h>
#include <string.h>

#include "ct.h"
#include "ecp/ecp_formulas.h"
#include "ecp/ecp_lanes.h"
#include "gen/fp_consts.h"
#include "once.h"

#define L FP_L52_NL
#define M52 0xfffffffffffffULL
#define X8_TARGET __attribute__((target("avx512f,avx512ifma")))
#define X8I static inline __attribute__((always_inline)) X8_TARGET
#define X8F static __attribute__((noinline)) X8_TARGET

#define LANES_PASTE(a, b) a##b
#define LANES_NAME(a, b) LANES_PASTE(a, b)

typedef struct {
    __m512i v[L];
} f8;

typedef struct {
    f8 X, Y, Z;
} p8;

static const uint64_t l52_p[L] = FP_L52_P_INIT, l52_2p[L] = FP_L52_2P_INIT, l52_rr[L] = FP_L52_RR_INIT;

X8I __m512i bc(uint64_t x) { return _mm512_set1_epi64((long long)x); }

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
/* r = s - 2p where that is not negative, else s: for s < 4p, r < 2p */
X8I void f8_sub2p(f8 *r, const f8 *s)
{
    f8 t;
    for (int i = 0; i < L; i++) t.v[i] = _mm512_sub_epi64(s->v[i], bc(l52_2p[i]));
    f8_carry(&t);
    const __mmask8 neg = _mm512_cmplt_epi64_mask(t.v[L - 1], _mm512_setzero_si512());
    for (int i = 0; i < L; i++) r->v[i] = _mm512_mask_mov_epi64(t.v[i], neg, s->v[i]);
}

/* s as above, below 4p: carried, then 2p subtracted by mask */
X8I void f8_reduce_sum(f8 *r, f8 *s)
{
    f8_carry(s);
    f8_sub2p(r, s);
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
    for (int i = 0; i < L; i++)
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
    for (int i = 0; i < L; i++)
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

X8I void f8_sqrn(f8 *r, const f8 *a, int n)
{
    *r = *a;
    for (int i = 0; i < n; i++) f8_sqr(r, r);
}

/* the representation's operations for ecp_formulas.h */
#define ECP8_T f8
#define ECP8_MUL(r, a, b) f8_mul(&(r), &(a), &(b))
#define ECP8_SQR(r, a) f8_sqr(&(r), &(a))
#define ECP8_ADD(r, a, b) f8_add(&(r), &(a), &(b))
#define ECP8_SUB(r, a, b) f8_sub(&(r), &(a), &(b))
#define ECP8_SUBC(r, a, b) f8_sub(&(r), &(a), &(b))
#define ECP8_HALF(r, a) f8_half(&(r), &(a))
#define ECP8_SUB2(r, a, b, c) (f8_sub(&(r), &(a), &(b)), f8_sub(&(r), &(r), &(c)))
#define ECP8_SUB3(r, a, b, c, d) (f8_sub(&(r), &(a), &(b)), f8_sub(&(r), &(r), &(c)), f8_sub(&(r), &(r), &(d)))

/* the formulas once each, out of line */
X8F void p8_dbl(p8 *o, const p8 *P) { ECP_DBL(ECP8, o->X, o->Y, o->Z, P->X, P->Y, P->Z); }
X8F void p8_madd(p8 *o, f8 *H, f8 *R, const p8 *P, const f8 *x, const f8 *y)
{
    ECP_MADD(ECP8, o->X, o->Y, o->Z, *H, *R, P->X, P->Y, P->Z, *x, *y);
}
X8F void p8_add(p8 *o, f8 *H, f8 *R, const p8 *P, const p8 *Q)
{
    ECP_ADD(ECP8, o->X, o->Y, o->Z, *H, *R, P->X, P->Y, P->Z, Q->X, Q->Y, Q->Z);
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

/* r = a^(p - 2) = a^-1 (0 for 0): left to right over the bits of p - 2 by
 * squarings, a product with a at each set bit, after windows of four.
 * p - 2 is public, so the branches on its bits are too. */
X8F void f8_inv(f8 *r, const f8 *a)
{
    static const uint64_t pm2[FP_NL] = FP_PM2_INIT;
    f8 tab[16], acc;
    tab[1] = *a;
    for (int j = 2; j < 16; j++) f8_mul(&tab[j], &tab[j - 1], a);
    int started = 0;
    for (int w = (FP_NBITS + 3) / 4 - 1; w >= 0; w--) {
        const unsigned d = (unsigned)(pm2[w / 16] >> (4 * (w % 16))) & 15;
        if (started) f8_sqrn(&acc, &acc, 4);
        if (d) {
            if (started) f8_mul(&acc, &acc, &tab[d]);
            else acc = tab[d];
            started = 1;
        }
    }
    *r = acc;
}

/* the lanes' big-endian field_size-byte values to the form (Montgomery,
 * below p) */
X8I void f8_from_bytes(f8 *r, const uint8_t *const in[EC_LANES], size_t fs)
{
    uint64_t limb[L][EC_LANES];
    memset(limb, 0, sizeof limb);
    for (int l = 0; l < EC_LANES; l++)
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
X8I void f8_to_bytes(uint8_t *const out[EC_LANES], const f8 *a, size_t fs)
{
    f8 one, t;
    for (int i = 0; i < L; i++) one.v[i] = bc(i == 0);
    f8_mul(&t, a, &one);
    f8_canon(&t, &t);
    uint64_t limb[L][EC_LANES];
    for (int i = 0; i < L; i++) _mm512_storeu_si512(limb[i], t.v[i]);
    for (int l = 0; l < EC_LANES; l++)
        for (size_t b = 0; b < fs; b++) {
            const unsigned bit = (unsigned)(8 * (fs - 1 - b));
            uint64_t v = limb[bit / 52][l] >> (bit % 52);
            if (bit % 52 > 44 && bit / 52 + 1 < L) v |= limb[bit / 52 + 1][l] << (52 - bit % 52);
            out[l][b] = (uint8_t)v;
        }
    ct_wipe(limb, sizeof limb);
}

/* the entry of each lane's digit d (|d| <= 8) in its row of 1..8 P (x
 * and y; y negated for d < 0, (0, 0) for d = 0): every entry read, chosen
 * by mask. Returns the lanes with d = 0. */
X8I __mmask8 p8_select(f8 *x, f8 *y, const f8 *tx, const f8 *ty, const int8_t (*d)[SC_MAX_LIMBS * 16 + 2], int i)
{
    const __m512i dv = _mm512_set_epi64(d[7][i], d[6][i], d[5][i], d[4][i], d[3][i], d[2][i], d[1][i], d[0][i]);
    const __m512i mag = _mm512_abs_epi64(dv);
    const __mmask8 neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
    for (int k = 0; k < L; k++) x->v[k] = y->v[k] = _mm512_setzero_si512();
    for (int j = 0; j < 8; j++) {
        const __mmask8 m = _mm512_cmpeq_epi64_mask(mag, bc((uint64_t)j + 1));
        f8_select(x, m, &tx[j]);
        f8_select(y, m, &ty[j]);
    }
    f8 ny, zero;
    for (int k = 0; k < L; k++) zero.v[k] = _mm512_setzero_si512();
    f8_sub(&ny, &zero, y);
    f8_select(y, neg, &ny);
    return _mm512_cmpeq_epi64_mask(mag, _mm512_setzero_si512());
}

/* R mod p, the form's 1 */
X8I void f8_one(f8 *one)
{
    f8 u, rr;
    for (int i = 0; i < L; i++) {
        u.v[i] = bc(i == 0);
        rr.v[i] = bc(l52_rr[i]);
    }
    f8_mul(one, &u, &rr);
}

/* The constant-time loops' step, in every lane: acc += (x, y), affine,
 * with the special cases as masks: *pinf (acc is the identity) gives
 * (x, y), qinf (the entry is the identity) leaves acc; with_dbl (a public
 * position where acc = (x, y) can occur) also computes the doubling and
 * selects it where the sum's H and R are both 0. *pinf stays set only
 * while qinf is. Its temporaries are not wiped at every step: the batch
 * calls clear the stack and vector registers once, after the last group
 * (ct_scrubbed). */
X8F void p8_step_ct(p8 *acc, const f8 *x, const f8 *y, const f8 *one, __mmask8 *pinf, __mmask8 qinf, int with_dbl)
{
    p8 S, D;
    f8 H, R;
    p8_madd(&S, &H, &R, acc, x, y);
    if (with_dbl) {
        p8_dbl(&D, acc);
        const __mmask8 same = f8_is_zero(&H) & f8_is_zero(&R) & (__mmask8)~*pinf & (__mmask8)~qinf;
        f8_select(&S.X, same, &D.X);
        f8_select(&S.Y, same, &D.Y);
        f8_select(&S.Z, same, &D.Z);
    }
    f8_select(&S.X, *pinf, x);
    f8_select(&S.Y, *pinf, y);
    f8_select(&S.Z, *pinf, one);
    f8_select(&acc->X, (__mmask8)~qinf, &S.X);
    f8_select(&acc->Y, (__mmask8)~qinf, &S.Y);
    f8_select(&acc->Z, (__mmask8)~qinf, &S.Z);
    *pinf &= qinf;
}

/* acc = k_l P_l in every lane, Jacobian (Z = 0: the identity), k_l in
 * [1, n-1]: ecp_mul.h's pt_mul_ct lane by lane. Constant-time in each k. */
X8F void lanes_mul(const struct fastec_curve *c, p8 *acc, const p8 *P, const sc_t *const k[EC_LANES])
{
    const unsigned nb = c->sc.nbits, top_bits = nb - 4 * ((nb + 3) / 4 - 1);
    const unsigned pos = (nb + 3) / 4 + (top_bits >= 3);
    int8_t d[EC_LANES][SC_MAX_LIMBS * 16 + 2];
    p8 T[8];
    f8 H, R, one, tx[8], ty[8], x, y, c8[8], inv, zi, zi2;
    for (int l = 0; l < EC_LANES; l++) sc_recode4(d[l], k[l]->v, pos);
    f8_one(&one);
    /* 1..8 P, Jacobian, then affine with one inversion per lane */
    T[0] = *P;
    p8_dbl(&T[1], P);
    for (int j = 2; j < 8; j++) p8_madd(&T[j], &H, &R, &T[j - 1], &P->X, &P->Y);
    c8[0] = T[0].Z;
    for (int j = 1; j < 8; j++) f8_mul(&c8[j], &c8[j - 1], &T[j].Z);
    f8_inv(&inv, &c8[7]);
    for (int j = 7; j >= 0; j--) {
        if (j) {
            f8_mul(&zi, &inv, &c8[j - 1]);
            f8_mul(&inv, &inv, &T[j].Z);
        } else {
            zi = inv;
        }
        f8_sqr(&zi2, &zi);
        f8_mul(&tx[j], &T[j].X, &zi2);
        f8_mul(&zi2, &zi2, &zi);
        f8_mul(&ty[j], &T[j].Y, &zi2);
    }
    /* the top digit's entry, Z = 0 (the identity) where it is 0 */
    __mmask8 pinf = p8_select(&acc->X, &acc->Y, tx, ty, (const int8_t(*)[SC_MAX_LIMBS * 16 + 2])d, (int)pos - 1);
    for (int i = 0; i < L; i++) acc->Z.v[i] = _mm512_maskz_mov_epi64((__mmask8)~pinf, one.v[i]);
    for (int i = (int)pos - 2; i >= 0; i--) {
        for (int s = 0; s < 4; s++) p8_dbl(acc, acc);
        const __mmask8 qinf = p8_select(&x, &y, tx, ty, (const int8_t(*)[SC_MAX_LIMBS * 16 + 2])d, i);
        p8_step_ct(acc, &x, &y, &one, &pinf, qinf, i == 0); /* the last step may meet acc = entry */
    }
    ct_wipe(d, sizeof d);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
}

X8_TARGET static unsigned lanes_mul_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                      const sc_t *const k[EC_LANES], const uint8_t *const xy[EC_LANES])
{
    const size_t fs = c->field_size;
    const uint8_t *yb[EC_LANES];
    p8 P, acc;
    f8 zi, zi2, x;
    for (int l = 0; l < EC_LANES; l++) yb[l] = xy[l] + fs;
    f8_from_bytes(&P.X, xy, fs);
    f8_from_bytes(&P.Y, yb, fs);
    f8_one(&P.Z);
    lanes_mul(c, &acc, &P, k);
    /* x = X / Z^2 */
    const __mmask8 inf = f8_is_zero(&acc.Z);
    f8_inv(&zi, &acc.Z);
    f8_sqr(&zi2, &zi);
    f8_mul(&x, &acc.X, &zi2);
    f8_to_bytes(x_out, &x, fs);
    for (int l = 0; l < EC_LANES; l++) { /* zero where infinite, by mask: the caller declassifies inf */
        const uint8_t keep = (uint8_t)(((inf >> l) & 1) - 1);
        for (size_t b = 0; b < fs; b++) x_out[l][b] &= keep;
    }
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&x, sizeof x);
    ct_wipe(&zi, sizeof zi);
    ct_wipe(&zi2, sizeof zi2);
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

/* 64-bit little-endian words of a value below 2^(52 L) -> the lanes' limbs
 * (lane l from w[l]) */
X8I void f8_from_words(f8 *r, const uint64_t *const w[EC_LANES], unsigned nw)
{
    uint64_t limb[EC_LANES][L], t[L][EC_LANES];
    for (int l = 0; l < EC_LANES; l++) words_to_l52(limb[l], w[l], nw);
    for (int l = 0; l < EC_LANES; l++)
        for (int i = 0; i < L; i++) t[i][l] = limb[l][i];
    for (int i = 0; i < L; i++) r->v[i] = _mm512_loadu_si512(t[i]);
}

/* The table of G in the lanes' form (x then y, L limbs each, entry by entry
 * as the curve's table: FP_BASE_ENTRIES), made once (once.h) from the
 * curve's table, eight entries at a time, on the first batch that needs it:
 * the Montgomery form R = 2^(64 nl) times 2^(52 L - 64 nl), so the scans
 * and gathers below read entries ready for the formulas. */
static uint64_t l52_base[FP_BASE_ENTRIES][2][L];
static atomic_uint l52_base_state;

X8_TARGET static const uint64_t (*lanes_base(const ecp_params *e))[2][L]
{
    if (once_begin(&l52_base_state)) {
        const unsigned nl = e->fp.nlimbs;
        for (size_t j = 0; j < FP_BASE_ENTRIES; j += EC_LANES) {
            const uint64_t *wx[EC_LANES], *wy[EC_LANES];
            for (size_t l = 0; l < EC_LANES; l++) {
                const size_t ent = j + l < FP_BASE_ENTRIES ? j + l : FP_BASE_ENTRIES - 1;
                wx[l] = e->base + ent * 2 * nl, wy[l] = wx[l] + nl;
            }
            f8 x, y;
            f8_from_words(&x, wx, nl);
            f8_from_words(&y, wy, nl);
            for (int s = 0; s < 52 * L - 64 * (int)nl; s++) {
                f8_add(&x, &x, &x);
                f8_add(&y, &y, &y);
            }
            uint64_t tx[L][EC_LANES], ty[L][EC_LANES];
            for (int i = 0; i < L; i++) {
                _mm512_storeu_si512(tx[i], x.v[i]);
                _mm512_storeu_si512(ty[i], y.v[i]);
            }
            for (size_t l = 0; l < EC_LANES && j + l < FP_BASE_ENTRIES; l++)
                for (int i = 0; i < L; i++) l52_base[j + l][0][i] = tx[i][l], l52_base[j + l][1][i] = ty[i][l];
        }
        once_end(&l52_base_state);
    }
    return (const uint64_t(*)[2][L])l52_base;
}

/* the entry of each lane's digit in row (ne entries of x, y in the lanes'
 * form), y negated for a negative digit, (0, 0) for 0, every entry read and
 * chosen by mask. Returns the lanes with digit 0. */
X8I __mmask8 p8_select_base(f8 *x, f8 *y, const uint64_t (*row)[2][L], unsigned ne,
                            const int8_t (*d)[SC_MAX_LIMBS * 32 + 2], unsigned i)
{
    const __m512i dv = _mm512_set_epi64(d[7][i], d[6][i], d[5][i], d[4][i], d[3][i], d[2][i], d[1][i], d[0][i]);
    const __m512i mag = _mm512_abs_epi64(dv);
    const __mmask8 neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
    for (int k = 0; k < L; k++) x->v[k] = y->v[k] = _mm512_setzero_si512();
    for (unsigned j = 0; j < ne; j++) {
        const __mmask8 m = _mm512_cmpeq_epi64_mask(mag, bc((uint64_t)j + 1));
        for (int k = 0; k < L; k++) {
            x->v[k] = _mm512_mask_mov_epi64(x->v[k], m, bc(row[j][0][k]));
            y->v[k] = _mm512_mask_mov_epi64(y->v[k], m, bc(row[j][1][k]));
        }
    }
    f8 ny, zero;
    for (int k = 0; k < L; k++) zero.v[k] = _mm512_setzero_si512();
    f8_sub(&ny, &zero, y);
    f8_select(y, neg, &ny);
    return _mm512_cmpeq_epi64_mask(mag, _mm512_setzero_si512());
}

/* x(k_l G) in every lane, k_l in [0, n-1]: ecp_mul.h's pt_mul_base_ct lane
 * by lane over the curve's fixed-base table (curves.h). Constant-time in
 * each k. Returns the lanes where k G is the identity (x_out zero there). */
X8_TARGET static unsigned lanes_mul_base_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                           const sc_t *const k[EC_LANES])
{
    const ecp_params *e = c->ecp;
    const unsigned w = e->base_w, ne = 1u << (w - 1);
    int8_t d[EC_LANES][SC_MAX_LIMBS * 32 + 2];
    p8 acc;
    f8 one, x, y, zi, zi2;
    for (int l = 0; l < EC_LANES; l++) sc_recode(d[l], k[l]->v, e->base_pos, w);
    f8_one(&one);
    const int8_t(*dd)[SC_MAX_LIMBS * 32 + 2] = (const int8_t(*)[SC_MAX_LIMBS * 32 + 2])d;
    const uint64_t(*tab)[2][L] = lanes_base(e);
    __mmask8 pinf = p8_select_base(&acc.X, &acc.Y, tab, ne, dd, 0);
    for (int i = 0; i < L; i++) acc.Z.v[i] = _mm512_maskz_mov_epi64((__mmask8)~pinf, one.v[i]);
    for (unsigned i = 1; i < e->base_pos; i++) {
        const __mmask8 qinf = p8_select_base(&x, &y, tab + (size_t)i * ne, ne, dd, i);
        const int late = w * i + w + 1 > c->sc.nbits; /* acc = +-entry possible (public position) */
        if (late) pinf = f8_is_zero(&acc.Z);
        p8_step_ct(&acc, &x, &y, &one, &pinf, qinf, late);
    }
    const __mmask8 inf = f8_is_zero(&acc.Z);
    f8_inv(&zi, &acc.Z);
    f8_sqr(&zi2, &zi);
    f8_mul(&x, &acc.X, &zi2);
    f8_to_bytes(x_out, &x, c->field_size);
    for (int l = 0; l < EC_LANES; l++) {
        const uint8_t keep = (uint8_t)(((inf >> l) & 1) - 1);
        for (size_t b = 0; b < c->field_size; b++) x_out[l][b] &= keep;
    }
    ct_wipe(d, sizeof d);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&x, sizeof x);
    ct_wipe(&y, sizeof y);
    ct_wipe(&zi, sizeof zi);
    ct_wipe(&zi2, sizeof zi2);
    return inf;
}

/* acc += (x, y) in the lanes of m (public: variable time), the special
 * cases by branches on the lanes' masks: acc the identity gives (x, y),
 * acc = (x, y) the doubling, acc = -(x, y) the identity (Z = 0) */
X8F void p8_madd_vartime(p8 *acc, const f8 *x, const f8 *y, __mmask8 m, const f8 *one)
{
    p8 S, D;
    f8 H, R;
    const __mmask8 ainf = f8_is_zero(&acc->Z);
    p8_madd(&S, &H, &R, acc, x, y);
    const __mmask8 same = f8_is_zero(&H) & f8_is_zero(&R) & (__mmask8)~ainf & m;
    if (same) {
        p8_dbl(&D, acc);
        f8_select(&S.X, same, &D.X);
        f8_select(&S.Y, same, &D.Y);
        f8_select(&S.Z, same, &D.Z);
    }
    f8_select(&S.X, ainf, x);
    f8_select(&S.Y, ainf, y);
    f8_select(&S.Z, ainf, one);
    f8_select(&acc->X, m, &S.X);
    f8_select(&acc->Y, m, &S.Y);
    f8_select(&acc->Z, m, &S.Z);
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
 * digit, one mixed addition per position; the two
 * joined by a full addition; then x(R) = r tested as r Z^2 = X, and r + n
 * where it is below p. Returns the lanes that verify. */
X8_TARGET static unsigned lanes_verify(const struct fastec_curve *c, const uint8_t *const xy[EC_LANES],
                                       const sc_t *const u1[EC_LANES], const sc_t *const u2[EC_LANES],
                                       const sc_t *const r[EC_LANES])
{
    const ecp_params *e = c->ecp;
    const size_t fs = c->field_size;
    const unsigned w = e->base_w, ne = 1u << (w - 1), nl = e->fp.nlimbs;
    const uint8_t *yb[EC_LANES];
    int8_t d[EC_LANES][SC_MAX_LIMBS * 32 + 2];
    p8 P, A, B, S, D;
    f8 one, x, y, ny, zero, H, R;
    for (int l = 0; l < EC_LANES; l++) yb[l] = xy[l] + fs;
    f8_from_bytes(&P.X, xy, fs);
    f8_from_bytes(&P.Y, yb, fs);
    f8_one(&one);
    P.Z = one;
    lanes_mul(c, &B, &P, u2);
    /* u1 G: A = sum of d_i 2^(w i) G over the rows of the table of G, each
     * lane's entry gathered by its digit */
    const uint64_t(*tab)[2][L] = lanes_base(e);
    for (int l = 0; l < EC_LANES; l++) sc_recode(d[l], u1[l]->v, e->base_pos, w);
    for (int k = 0; k < L; k++) A.X.v[k] = A.Y.v[k] = A.Z.v[k] = zero.v[k] = _mm512_setzero_si512();
    for (unsigned i = 0; i < e->base_pos; i++) {
        long long ent[EC_LANES];
        __mmask8 nz = 0, neg = 0;
        for (int l = 0; l < EC_LANES; l++) {
            const int dg = d[l][i], mag = dg < 0 ? -dg : dg;
            ent[l] = (long long)((i * ne + (unsigned)(mag ? mag - 1 : 0)) * 2 * L);
            nz |= (__mmask8)((mag != 0) << l);
            neg |= (__mmask8)((dg < 0) << l);
        }
        if (!nz) continue;
        const __m512i vi = _mm512_loadu_si512(ent);
        for (int k = 0; k < L; k++) {
            x.v[k] = _mm512_i64gather_epi64(vi, &tab[0][0][k], 8);
            y.v[k] = _mm512_i64gather_epi64(vi, &tab[0][1][k], 8);
        }
        f8_sub(&ny, &zero, &y);
        f8_select(&y, neg, &ny);
        p8_madd_vartime(&A, &x, &y, nz, &one);
    }
    /* R = A + B, every case */
    const __mmask8 ainf = f8_is_zero(&A.Z), binf = f8_is_zero(&B.Z);
    p8_add(&S, &H, &R, &A, &B);
    const __mmask8 same = f8_is_zero(&H) & f8_is_zero(&R) & (__mmask8)~ainf & (__mmask8)~binf;
    if (same) {
        p8_dbl(&D, &A);
        f8_select(&S.X, same, &D.X);
        f8_select(&S.Y, same, &D.Y);
        f8_select(&S.Z, same, &D.Z);
    }
    f8_select(&S.X, ainf, &B.X);
    f8_select(&S.Y, ainf, &B.Y);
    f8_select(&S.Z, ainf, &B.Z);
    f8_select(&S.X, binf, &A.X);
    f8_select(&S.Y, binf, &A.Y);
    f8_select(&S.Z, binf, &A.Z);
    /* r Z^2 = X, for r and for r + n where that is below p */
    uint64_t cand[EC_LANES][SC_MAX_LIMBS + 1];
    const uint64_t *cw[EC_LANES];
    __mmask8 has2 = 0;
    f8 z2, t;
    f8_sqr(&z2, &S.Z);
    unsigned ok = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int l = 0; l < EC_LANES; l++) {
            memset(cand[l], 0, sizeof cand[l]);
            memcpy(cand[l], r[l]->v, c->sc.nlimbs * sizeof(uint64_t));
            if (pass) {
                sc_add_n_vartime(&c->sc, cand[l], SC_MAX_LIMBS + 1);
                has2 |= (__mmask8)(words_below(cand[l], SC_MAX_LIMBS + 1, e->fp.n, nl) << l);
            }
            cw[l] = cand[l];
        }
        if (pass && !has2) break;
        f8 rr;
        f8_from_words(&t, cw, nl);
        for (int k = 0; k < L; k++) rr.v[k] = bc(l52_rr[k]);
        f8_mul(&t, &t, &rr);  /* into the form */
        f8_mul(&t, &t, &z2);
        f8_sub(&t, &t, &S.X);
        ok |= f8_is_zero(&t) & (pass ? has2 : 0xff);
    }
    return ok & (unsigned)(__mmask8)~f8_is_zero(&S.Z);
}

extern const ec_lanes LANES_NAME(ecp_lanes_, ECP_LANES_SYM);
const ec_lanes LANES_NAME(ecp_lanes_, ECP_LANES_SYM) = {
    .backend = "ifma",
    .mul_x = lanes_mul_x,
    .mul_base_x = lanes_mul_base_x,
    .verify = lanes_verify,
};
