/* SPDX-License-Identifier: Apache-2.0 */
/* Prime-curve points, y^2 = x^3 - 3x + b over GF(p), for the six SEC 2 /
 * NIST prime curves (cofactor 1); compiled once per prime (ecp_inst.c) over
 * that prime's field code (fp/fp_impl.h): Montgomery residues, P-521's
 * 58-bit limbs or secp160r1's plain values; the generated tables are in the
 * same representation.
 *
 * Points are Jacobian (X : Y : Z), x = X/Z^2, y = Y/Z^3, the identity Z = 0.
 * Doubling: dbl-2001-b (a = -3), 4M + 4S (3M + 5S for P-521), maps the
 * identity to itself.
 * Addition: 12M + 4S, mixed with an affine point 8M + 3S; for P = -Q it gives
 * Z = 0 by itself; the other special inputs (either one the identity, P = Q)
 * are handled as follows.
 *  - k P for a secret k (ECDH): signed 4-bit fixed windows over 1..8 P
 *    (affine: the table depends on the public P only, so one variable-time
 *    inversion converts it and the steps are mixed additions), the row
 *    scanned whole, the sign applied by a masked negation; the accumulator
 *    starts as the top digit's entry (no doublings of the identity). The
 *    accumulator is 16 A P for the prefix A of the digits, and |16 A - k / 16^i|
 *    < 16, so before the last step 16 A = +-d (mod n) only if A = d = 0: the
 *    identity cases (masked selects) are the only special ones there. At the
 *    last step 16 A = d (mod n) for k in {2, 4, ..., 16} and {n - 16, ...,
 *    n - 2}, so that addition also computes the doubling and selects it by
 *    mask. Every step does the same operations whatever the digits.
 *  - k G for a secret k: the generated table of (j + 1) 2^(w i) G (affine,
 *    j < 2^(w - 1), w = 4, 6 for P-224, P-256, P-384 and P-521), signed
 *    width-w digits, the first digit's entry as the start and one mixed
 *    addition per further digit, no doubling. The accumulator before position i is
 *    below 2^(w i - 1) in absolute value, so acc = +-entry needs
 *    (2^(w - 1) + 1) 2^(w i) >= n: only the last positions
 *    (w i + w + 1 > bitlen(n)) take the addition with the masked doubling.
 *  - verification (public data): one chain of doublings for u1 G + u2 Q,
 *    width-5 NAF of u2 over 1, 3, ..., 15 Q (made affine by one inversion)
 *    and width-8 NAF of u1 over the
 *    generated 1, 3, ..., 127 G, branches on the special cases, and
 *    x(R) = r tested as r Z^2 == X (and r + n while below p), no inversion. */
#ifndef FASTEC_ECP_IMPL_H
#define FASTEC_ECP_IMPL_H

#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "err.h"
#include "fp/fp_impl.h"

typedef fe fp;

typedef struct {
    fp X, Y, Z;
} pp;

#define MUL(r, a, b) fp_mul(r, a, b)
#define SQR(r, a) fp_sqr(r, a)
#define ADD(r, a, b) fp_add(r, a, b)
#define SUB(r, a, b) fp_sub(r, a, b)

/* the table scans: 256-bit registers in the adx and ifma instances (both
 * backends need AVX2, src/cpu.c) */
#ifndef ECP_IFMA
#define ECP_IFMA 0
#endif
/* the ifma backend's two instances: P-521 on its own IFMA field throughout,
 * P-384 on the adx field with ECDH's windows and verification's chain on an
 * IFMA one */
#define ECP_IFMA521 (ECP_IFMA && FP_MERSENNE)
#define ECP_IFMA384 (ECP_IFMA && !FP_MERSENNE)
#if ECP_IFMA && !((defined(FP_CURVE_secp521r1) || (defined(FP_CURVE_secp384r1) && FP_ADX)) && defined(__x86_64__))
#error "the ifma backend is P-521 and P-384 (with the adx field) on x86-64 only"
#endif
#if (FP_ADX || ECP_IFMA) && defined(__x86_64__)
#define ECP_SELECT ct_select_words_avx2
#else
#define ECP_SELECT ct_select_words
#endif

/* ---- points ---- */

static void pt_identity(pp *o)
{
    fp_copy(o->X, fp_one);
    fp_copy(o->Y, fp_one);
    memset(o->Z, 0, sizeof o->Z);
}

FP_INLINE void pt_cmov(pp *r, const pp *a, uint64_t mask)
{
    fp_cmov(r->X, a->X, mask);
    fp_cmov(r->Y, a->Y, mask);
    fp_cmov(r->Z, a->Z, mask);
}

#if ECP_IFMA521
/* the ifma backend on P-521: the three formulas whole in IFMA registers */
#include "ecp/ecp_ifma521.h"
#else
#if FP_SQR_CHEAP
/* dbl-2001-b, a = -3, 3M + 5S with Z3 = (Y + Z)^2 - Y^2 - Z^2, as a square
 * is much cheaper than a product here (P-521); o may be P */
static void pt_dbl(pp *o, const pp *P)
{
    fp delta, gamma, beta, alpha, t, u, X3, Y3, Z3;
    SQR(delta, P->Z);
    SQR(gamma, P->Y);
    MUL(beta, P->X, gamma);
    SUB(t, P->X, delta);
    ADD(u, P->X, delta);
    MUL(alpha, t, u);
    fp_mulk(alpha, alpha, 3);      /* 3 (X - Z^2)(X + Z^2) */
    ADD(t, P->Y, P->Z);
    SQR(t, t);
    SUB(t, t, gamma);
    SUB(Z3, t, delta);             /* (Y + Z)^2 - Y^2 - Z^2 */
    SQR(X3, alpha);
    fp_mulk(t, beta, 4);           /* 4 beta */
    ADD(u, t, t);
    SUB(X3, X3, u);                /* alpha^2 - 8 beta */
    SUB(t, t, X3);
    MUL(Y3, alpha, t);
    SQR(u, gamma);
    fp_mulk(u, u, 8);
    SUB(Y3, Y3, u);                /* alpha (4 beta - X3) - 8 gamma^2 */
    fp_copy(o->X, X3);
    fp_copy(o->Y, Y3);
    fp_copy(o->Z, Z3);
}
#else
/* dbl-2001-b, a = -3, 4M + 4S, the result scaled by 1/2 (the same point:
 * (X, Y, Z) ~ (X/4, Y/8, Z/2)), which leaves 8 additions instead of 14:
 * a = 3/2 (X - Z^2)(X + Z^2), b = X Y^2, X3 = a^2 - 2 b,
 * Y3 = a (b - X3) - Y^4, Z3 = Y Z; o may be P */
static void pt_dbl(pp *o, const pp *P)
{
    fp delta, gamma, beta, alpha, t, u, X3, Y3, Z3;
    SQR(delta, P->Z);
    SQR(gamma, P->Y);
    MUL(beta, P->X, gamma);
    SUB(t, P->X, delta);
    ADD(u, P->X, delta);
    fp_half(alpha, t);
    ADD(t, t, alpha);              /* 3/2 (X - Z^2) */
    MUL(alpha, t, u);
    MUL(Z3, P->Y, P->Z);
    SQR(X3, alpha);
    SUB(X3, X3, beta);
    SUB(X3, X3, beta);             /* alpha^2 - 2 beta */
    SUB(t, beta, X3);
    MUL(Y3, alpha, t);
    SQR(u, gamma);
    SUB(Y3, Y3, u);                /* alpha (beta - X3) - gamma^2 */
    fp_copy(o->X, X3);
    fp_copy(o->Y, Y3);
    fp_copy(o->Z, Z3);
}
#endif

/* the common end of both additions, from H = U2 - U1, R = S2 - S1, U1, S1 and
 * the product zz of the input Z's: X3 = R^2 - H^3 - 2 U1 H^2,
 * Y3 = R (U1 H^2 - X3) - S1 H^3, Z3 = zz H (5M + 2S); o may alias any input */
FP_INLINE void pt_add_tail(pp *o, const uint64_t *H, const uint64_t *R, const uint64_t *u1, const uint64_t *s1,
                           const uint64_t *zz)
{
    fp hh, hhh, v, t, X3, Y3, Z3;
    SQR(hh, H);
    MUL(hhh, hh, H);
    MUL(v, u1, hh);
    SQR(X3, R);
    SUB(X3, X3, hhh);
    SUB(X3, X3, v);
    SUB(X3, X3, v);
    SUB(t, v, X3);
    MUL(Y3, R, t);
    MUL(t, s1, hhh);
    SUB(Y3, Y3, t);
    MUL(Z3, zz, H);
    fp_copy(o->X, X3);
    fp_copy(o->Y, Y3);
    fp_copy(o->Z, Z3);
}

/* o = P + Q for P != +-Q, neither the identity (12M + 4S); H = U2 - U1 and
 * R = S2 - S1 tell the special cases: H = 0, R = 0 means P = Q (o is then
 * wrong), H = 0 otherwise means P = -Q (o has Z = 0). o may be P or Q. */
static void pt_add_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const pp *Q)
{
    fp z1z1, z2z2, u1, u2, s1, s2, t;
    SQR(z1z1, P->Z);
    SQR(z2z2, Q->Z);
    MUL(u1, P->X, z2z2);
    MUL(u2, Q->X, z1z1);
    MUL(t, Q->Z, z2z2);
    MUL(s1, P->Y, t);
    MUL(t, P->Z, z1z1);
    MUL(s2, Q->Y, t);
    SUB(H, u2, u1);
    SUB(R, s2, s1);
    MUL(t, P->Z, Q->Z);
    pt_add_tail(o, H, R, u1, s1, t);
}

/* the same with Q = (x2, y2) affine: 8M + 3S */
static void pt_madd_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const uint64_t *x2, const uint64_t *y2)
{
    fp z1z1, u2, s2, t;
    SQR(z1z1, P->Z);
    MUL(u2, x2, z1z1);
    MUL(t, P->Z, z1z1);
    MUL(s2, y2, t);
    SUB(H, u2, P->X);
    SUB(R, s2, P->Y);
    pt_add_tail(o, H, R, P->X, P->Y, P->Z);
}

#endif /* ECP_IFMA */

/* Constant-time o = P + Q where P or Q (qinf, a mask) may be the identity;
 * with_dbl (public) also covers P = Q, by a doubling selected by mask. */
static void pt_add_ct(pp *o, const pp *P, const pp *Q, uint64_t qinf, int with_dbl)
{
    pp S, D;
    fp H, R;
    uint64_t pinf = fp_is_zero(P->Z);
    pt_add_core(&S, H, R, P, Q);
    if (with_dbl) {
        pt_dbl(&D, P);
        pt_cmov(&S, &D, fp_is_zero(H) & fp_is_zero(R) & ~pinf & ~qinf);
        ct_wipe(&D, sizeof D);
    }
    pt_cmov(&S, Q, pinf);
    pt_cmov(&S, P, qinf);
    *o = S;
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(R, sizeof R);
}

/* The constant-time loops' step acc += (x2, y2), in place, where acc =
 * +-(x2, y2) cannot occur (the callers exclude it), with the other special
 * cases as masks: *pinf, acc is the identity, gives (x2, y2); qinf, the entry
 * is, leaves acc. *pinf is the caller's mask, set while every digit so far
 * was 0 (acc does not reach the identity otherwise), and stays set only
 * while qinf is. S, H and R are the caller's scratch, wiped once by it after
 * its loop rather than at every step. */
static void pt_madd_ct(pp *acc, pp *S, uint64_t *H, uint64_t *R, const uint64_t *x2, const uint64_t *y2,
                       uint64_t *pinf, uint64_t qinf)
{
    pt_madd_core(S, H, R, acc, x2, y2);
    fp_cmov(S->X, x2, *pinf);
    fp_cmov(S->Y, y2, *pinf);
    fp_cmov(S->Z, fp_one, *pinf);
    pt_cmov(acc, S, ~qinf);
    *pinf &= qinf;
}

#if !ECP_IFMA384 /* P-384's ifma verification has its own (ecp/ecp_ifma384_dmul.h) */
/* public points: branches on the special cases */
static void pt_madd_vartime(pp *o, const pp *P, const uint64_t *x2, const uint64_t *y2)
{
    if (fp_is_zero(P->Z)) {
        fp_copy(o->X, x2);
        fp_copy(o->Y, y2);
        fp_copy(o->Z, fp_one);
        return;
    }
    pp S;
    fp H, R;
    pt_madd_core(&S, H, R, P, x2, y2);
    if (fp_is_zero(H) && fp_is_zero(R)) pt_dbl(o, P);
    else *o = S;
}
#endif

/* ---- conversions ---- */

/* affine x = X / Z^2 of P (Z != 0) in field form, constant-time, with
 * zi = Z^-1 and zi2 = Z^-2 left for y */
static void pt_affine_x(uint64_t *x, uint64_t *zi, uint64_t *zi2, const pp *P)
{
    fp_inv_ct(zi, P->Z);
    SQR(zi2, zi);
    MUL(x, P->X, zi2);
}

/* affine x, y of P (Z != 0) in field form, constant-time */
static void pt_to_affine(uint64_t *x, uint64_t *y, const pp *P)
{
    fp zi, zi2;
    pt_affine_x(x, zi, zi2, P);
    MUL(zi2, zi2, zi);
    MUL(y, P->Y, zi2);
    ct_wipe(zi, sizeof zi);
    ct_wipe(zi2, sizeof zi2);
}

static void pt_from_point(pp *P, const ec_point *q)
{
    memcpy(P->X, q->x, sizeof P->X);
    memcpy(P->Y, q->y, sizeof P->Y);
    fp_copy(P->Z, fp_one);
}

/* ---- constant-time scalar multiplications ---- */

/* xy[j] = the affine x || y of the n public points tab (none the identity,
 * n <= 16): Montgomery's batch trick, one variable-time inversion */
static void pt_batch_affine_vartime(uint64_t (*xy)[2 * FP_NL], const pp *tab, int n)
{
    fp c[16], inv, zi, t;
    fp_copy(c[0], tab[0].Z);
    for (int j = 1; j < n; j++) MUL(c[j], c[j - 1], tab[j].Z);
    fp_inv_vartime(inv, c[n - 1]);
    for (int j = n - 1; j >= 0; j--) {
        if (j) {
            MUL(zi, inv, c[j - 1]);
            MUL(inv, inv, tab[j].Z);
        } else {
            fp_copy(zi, inv);
        }
        SQR(t, zi);
        MUL(xy[j], tab[j].X, t);
        MUL(t, t, zi);
        MUL(xy[j] + FP_NL, tab[j].Y, t);
    }
}

/* xy = the affine x || y of digit d's entry (constant-time) in the row of
 * affine points |d| P, 1 <= |d| <= ne, of the table scans below: the whole
 * row read, y negated by mask for d < 0, and (0, 0) for d = 0. Returns the
 * mask of d = 0, which the additions take as "add the identity". */
FP_INLINE uint64_t pt_select_entry(uint64_t *xy, const uint64_t *row, unsigned ne, int8_t d)
{
    uint64_t neg, mag;
    sc_digit_split(d, &neg, &mag);
    ECP_SELECT(xy, row, ne, 2 * FP_NL, 2 * FP_NL, mag, 1);
    fp_cneg(xy + FP_NL, xy + FP_NL, neg);
    return ct_is_zero(mag);
}

#if ECP_IFMA521
#include "ecp/ecp_ifma521_mul.h"
#elif ECP_IFMA384
#include "ecp/ecp_ifma384_mul.h"
#else
/* ECDH's windows: acc = 16 acc + entry for the digits d[top], ..., d[1] of
 * the affine row axy (1..8 P), a zero digit adding the identity; acc is not
 * the identity unless every digit so far was 0 (the ifma backend keeps acc in
 * registers throughout, ecp/ecp_ifma521_mul.h) */
static void pt_mul_windows_ct(pp *acc, const uint64_t (*axy)[2 * FP_NL], const int8_t *d, int top)
{
    uint64_t xy[2 * FP_NL];
    pp S;
    fp H, R;
    uint64_t pinf = fp_is_zero(acc->Z);
    for (int i = top; i >= 1; i--) {
        for (int s = 0; s < 4; s++) pt_dbl(acc, acc);
        const uint64_t qinf = pt_select_entry(xy, axy[0], 8, d[i]);
        pt_madd_ct(acc, &S, H, R, xy, xy + FP_NL, &pinf, qinf);
    }
    ct_wipe(xy, sizeof xy);
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(R, sizeof R);
    ct_wipe(&pinf, sizeof pinf);
}
#endif

/* o = digit d's entry as above, with Z = 0 (the identity) for d = 0. It
 * starts an accumulator, instead of adding the entry to the identity. */
static void pt_start_entry(pp *o, const uint64_t *row, unsigned ne, int8_t d)
{
    uint64_t xy[2 * FP_NL];
    const uint64_t nz = ~pt_select_entry(xy, row, ne, d);
    fp_copy(o->X, xy);
    fp_copy(o->Y, xy + FP_NL);
    for (int j = 0; j < FP_NL; j++) o->Z[j] = fp_one[j] & nz;
    ct_wipe(xy, sizeof xy);
}

/* k P, 1 <= k < n, P affine (Z = 1), not the identity. The table 1..8 P
 * depends on the public P only: it is brought to affine form with one
 * variable-time inversion (Montgomery's batch trick), so every step but the
 * last is a mixed addition; the secret digit only picks the entry (whole
 * table scanned) and its sign. The accumulator starts as the top digit's
 * entry (the identity for a zero digit), not as the identity doubled four
 * times, and the carry digit is kept only where it can be nonzero: a top
 * chunk of r = bitlen(n) - 4 (pos - 1) bits is below 2^r, plus a carry in of
 * at most 1, so it carries out (reaches 8) only for r >= 3. */
static void pt_mul_ct(const struct fastec_curve *cv, pp *R, const uint64_t *k, const pp *P)
{
    pp tab[8], acc, T;
    fp H, Rr;
    uint64_t axy[8][2 * FP_NL], xy[2 * FP_NL];
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    const unsigned nb = cv->sc.nbits, top_bits = nb - 4 * ((nb + 3) / 4 - 1);
    const unsigned pos = (nb + 3) / 4 + (top_bits >= 3);
    tab[0] = *P;
    pt_dbl(&tab[1], P);
    for (int j = 2; j < 8; j++) pt_madd_core(&tab[j], H, Rr, &tab[j - 1], P->X, P->Y); /* j P != +-P */
    pt_batch_affine_vartime(axy, tab, 8);
    sc_recode4(d, k, pos);
    pt_start_entry(&acc, axy[0], 8, d[pos - 1]);
    pt_mul_windows_ct(&acc, axy, d, (int)pos - 2);
    /* the last step may meet acc = T: the addition with the doubling */
    for (int s = 0; s < 4; s++) pt_dbl(&acc, &acc);
    const uint64_t zero = pt_select_entry(xy, axy[0], 8, d[0]);
    fp_copy(T.X, xy);
    fp_copy(T.Y, xy + FP_NL);
    fp_copy(T.Z, fp_one);
    pt_add_ct(&acc, &acc, &T, zero, 1);
    *R = acc;
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&T, sizeof T);
    ct_wipe(xy, sizeof xy);
    ct_wipe(d, sizeof d);
}

/* k G from the fixed-base table, 0 <= k < n */
static void pt_mul_base_ct(const struct fastec_curve *cv, pp *R, const uint64_t *k)
{
    const ecp_params *e = cv->ecp;
    pp acc, Q, S;
    fp H, Rr;
    uint64_t xy[2 * FP_NL];
    int8_t d[SC_MAX_LIMBS * 32 + 2];
    const unsigned w = e->base_w, ne = 1u << (w - 1);
    sc_recode(d, k, e->base_pos, w);
    pt_start_entry(&acc, e->base, ne, d[0]);
    /* acc is the identity exactly while every digit so far was 0 (|acc| <
     * 2^(w i - 1) < n, and a nonzero signed-digit prefix is not 0), up to
     * the first pt_add_ct position, after which only pt_add_ct runs */
    uint64_t pinf = fp_is_zero(acc.Z);
    for (unsigned i = 1; i < e->base_pos; i++) {
        const uint64_t *row = e->base + (size_t)i * ne * 2 * FP_NL;
        const uint64_t zero = pt_select_entry(xy, row, ne, d[i]);
        if (w * i + w + 1 > cv->sc.nbits) { /* acc = +-entry possible (public position) */
            fp_copy(Q.X, xy);
            fp_copy(Q.Y, xy + FP_NL);
            fp_copy(Q.Z, fp_one);
            pt_add_ct(&acc, &acc, &Q, zero, 1);
        } else {
            pt_madd_ct(&acc, &S, H, Rr, xy, xy + FP_NL, &pinf, zero);
        }
    }
    *R = acc;
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&Q, sizeof Q);
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(Rr, sizeof Rr);
    ct_wipe(&pinf, sizeof pinf);
    ct_wipe(xy, sizeof xy);
    ct_wipe(d, sizeof d);
}

/* ---- ops ---- */

/* whether R (derived from a secret) is the identity, as a mask; R wiped */
static uint64_t pt_output_x(uint8_t *x_out, pp *R)
{
    fp x, zi, zi2;
    uint64_t inf = fp_is_zero(R->Z);
    pt_affine_x(x, zi, zi2, R); /* y is not needed */
    fp_to_bytes(x_out, x);
    ct_wipe(R, sizeof *R);
    ct_wipe(x, sizeof x);
    ct_wipe(zi, sizeof zi);
    ct_wipe(zi2, sizeof zi2);
    return inf;
}

static uint64_t ecp_op_mul_x(const struct fastec_curve *cv, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    pp P, R;
    pt_from_point(&P, p);
    pt_mul_ct(cv, &R, k->v, &P);
    return pt_output_x(x_out, &R);
}

static uint64_t ecp_op_mul_base(const struct fastec_curve *cv, ec_point *r, const sc_t *k)
{
    pp R;
    pt_mul_base_ct(cv, &R, k->v);
    uint64_t inf = fp_is_zero(R.Z);
    memset(r, 0, sizeof *r);
    pt_to_affine(r->x, r->y, &R);
    ct_wipe(&R, sizeof R);
    return inf;
}

static void ecp_op_point_to_xy(const struct fastec_curve *cv, uint8_t *xy, const ec_point *p)
{
    (void)cv;
    fp_to_bytes(xy, p->x);
    fp_to_bytes(xy + FP_BYTES, p->y);
}

/* x^3 - 3x + b */
static void rhs(const ecp_params *e, uint64_t *r, const uint64_t *x)
{
    fp t, three;
    SQR(t, x);
    MUL(t, t, x);
    ADD(three, x, x);
    ADD(three, three, x);
    SUB(t, t, three);
    ADD(r, t, e->b);
}

/* cofactor 1: a point on the curve other than the identity has order n */
static int ecp_op_point_from_xy_vartime(const struct fastec_curve *cv, ec_point *p, const uint8_t *xy)
{
    fp x, y, l, r;
    if (!fp_from_bytes_vartime(x, xy) || !fp_from_bytes_vartime(y, xy + FP_BYTES)) return RC_COORD;
    SQR(l, y);
    rhs(cv->ecp, r, x);
    if (!fp_eq(l, r)) return RC_NOT_ON_CURVE;
    memset(p, 0, sizeof *p);
    fp_copy(p->x, x);
    fp_copy(p->y, y);
    return RC_OK;
}

static int ecp_op_point_from_x_vartime(const struct fastec_curve *cv, ec_point *p, const uint8_t *xb, int ybit)
{
    fp x, r2, y;
    uint64_t yw[FP_NL];
    if (!fp_from_bytes_vartime(x, xb)) return RC_COORD;
    rhs(cv->ecp, r2, x);
    if (!fp_sqrt_vartime(y, r2)) return RC_NOT_ON_CURVE;
    fp_to_words(yw, y);
    if ((int)(yw[0] & 1) != ybit) fp_neg(y, y);
    memset(p, 0, sizeof *p);
    fp_copy(p->x, x);
    fp_copy(p->y, y);
    return RC_OK;
}

static int ecp_op_point_ybit_vartime(const struct fastec_curve *cv, const ec_point *p)
{
    uint64_t yw[FP_NL];
    (void)cv;
    fp_to_words(yw, p->y);
    return (int)(yw[0] & 1);
}

#define ECP_WNAF_W 5

#if ECP_IFMA384
#include "ecp/ecp_ifma384_dmul.h"
#else
/* acc = u1 G + u2 Q in one chain of doublings, from the width-ECP_WNAF_W NAF
 * naf2 of u2 over the affine odd multiples qxy of Q and the width-ECP_GNAF_W
 * NAF naf1 of u1 over the generated table gnaf of G; public values only */
static void pt_dmul_vartime(pp *acc, const int8_t *naf1, int len1, const int8_t *naf2, int len2,
                            const uint64_t (*qxy)[2 * FP_NL], const uint64_t *gnaf)
{
    const int len = len1 > len2 ? len1 : len2;
    pt_identity(acc);
    for (int i = len - 1; i >= 0; i--) {
        if (!fp_is_zero(acc->Z)) pt_dbl(acc, acc);
        int dg = i < len2 ? naf2[i] : 0;
        if (dg) {
            fp y;
            const int j = (dg > 0 ? dg : -dg) / 2;
            fp_copy(y, qxy[j] + FP_NL);
            if (dg < 0) fp_neg(y, y);
            pt_madd_vartime(acc, acc, qxy[j], y);
        }
        dg = i < len1 ? naf1[i] : 0;
        if (dg) {
            const uint64_t *ent = gnaf + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * FP_NL;
            fp y;
            fp_copy(y, ent + FP_NL);
            if (dg < 0) fp_neg(y, y);
            pt_madd_vartime(acc, acc, ent, y);
        }
    }
}
#endif

static int ecp_op_verify_vartime(const struct fastec_curve *cv, const ec_point *q, const sc_t *u1, const sc_t *u2,
                                 const sc_t *r)
{
    const ecp_params *e = cv->ecp;
    pp Q, Q2, acc;
    pp tab[1 << (ECP_WNAF_W - 2)];
    fp H, R;
    uint64_t qxy[1 << (ECP_WNAF_W - 2)][2 * FP_NL];
    pt_from_point(&Q, q);
    /* 1, 3, ..., 15 Q: (2j + 1) Q != +-2Q for a point of large order */
    tab[0] = Q;
    pt_dbl(&Q2, &Q);
    for (int j = 1; j < (1 << (ECP_WNAF_W - 2)); j++) pt_add_core(&tab[j], H, R, &tab[j - 1], &Q2);
    pt_batch_affine_vartime(qxy, tab, 1 << (ECP_WNAF_W - 2)); /* mixed additions below */
    /* u1 G + u2 Q in one chain of doublings: width-5 NAF of u2 over the table
     * above, width-ECP_GNAF_W NAF of u1 over the generated table of G */
    int8_t naf2[SC_MAX_LIMBS * 64 + 2], naf1[SC_MAX_LIMBS * 64 + 2];
    int len2 = sc_wnaf_vartime(naf2, u2->v, (int)cv->sc.nlimbs, ECP_WNAF_W);
    int len1 = sc_wnaf_vartime(naf1, u1->v, (int)cv->sc.nlimbs, ECP_GNAF_W);
    pt_dmul_vartime(&acc, naf1, len1, naf2, len2, (const uint64_t(*)[2 * FP_NL])qxy, e->gnaf);
    if (fp_is_zero(acc.Z)) return RC_SIG_INVALID;
    /* x = X / Z^2: candidates r, r + n, ... below p, compared as c Z^2 == X */
    fp z2, cand, cm, t;
    SQR(z2, acc.Z);
    memset(cand, 0, sizeof cand);
    if (cv->sc.nlimbs > FP_NL) return RC_SIG_INVALID;
    memcpy(cand, r->v, cv->sc.nlimbs * 8);
    for (;;) {
        if (!fp_lt_p_vartime(cand)) return RC_SIG_INVALID;
        fp_from_words(cm, cand);
        MUL(t, cm, z2);
        if (fp_eq(t, acc.X)) return RC_OK;
        if (sc_add_n_vartime(&cv->sc, cand, FP_NL)) return RC_SIG_INVALID;
    }
}

#endif
