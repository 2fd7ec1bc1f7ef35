/* SPDX-License-Identifier: Apache-2.0 */
/* The "ifma" backend's P-521 point formulas, included by ecp/ecp_impl.h in
 * place of its generic pt_dbl, pt_add_core and pt_madd_core when ECP_IFMA is
 * set. The same formulas as there (the doubling is the scaled 4M + 4S one),
 * each written whole on fp/fp521_ifma.h's register values: the 58-bit
 * coordinates are converted in at the start and out at the end, so the
 * intermediate values never go through memory (a field API by pointer lost
 * about two thirds of the gain, docs/BENCHMARKS.md). The comments give each
 * value's bound class (R or P, fp521_ifma.h). Constant-time: no branches. */
#ifndef FASTEC_ECP_IFMA521_H
#define FASTEC_ECP_IFMA521_H

#include "fp/fp521_ifma.h"

/* dbl-2001-b scaled by 1/2 (see ecp_impl.h): alpha = 3/2 (X - Z^2)(X + Z^2),
 * beta = X Y^2, X3 = alpha^2 - 2 beta, Y3 = alpha (beta - X3) - Y^4,
 * Z3 = Y Z, in place; X R, Y and Z P in, X and Z R and Y P out (so the
 * doublings chain) */
F50_INLINE void pt_dbl50(f50 *X, f50 *Y, f50 *Z)
{
    const f50 delta = f50_sqr(*Z), gamma = f50_sqr(*Y);
    const f50 beta = f50_mul(*X, gamma);
    const f50 t = f50_carry(f50_sub(*X, delta)); /* R */
    const f50 u = f50_add(*X, delta);            /* P */
    const f50 t3 = f50_add(t, f50_half(t));      /* 3/2 (X - Z^2), P */
    const f50 alpha = f50_mul(t3, u);
    *Z = f50_mul(*Y, *Z);
    *X = f50_carry(f50_sub4(f50_sqr(alpha), f50_add(beta, beta)));            /* R */
    *Y = f50_sub(f50_mul(alpha, f50_sub(beta, *X)), f50_sqr(gamma)); /* P */
}

F50_INLINE void pt_store50(pp *o, f50 X, f50 Y, f50 Z)
{
    f50_to58(o->X, X);
    f50_to58(o->Y, Y);
    f50_to58(o->Z, Z);
}

/* o = 2 P; o may be P */
F50_TARGET static void pt_dbl(pp *o, const pp *P)
{
    f50 X = f50_from58(P->X), Y = f50_from58(P->Y), Z = f50_from58(P->Z);
    pt_dbl50(&X, &Y, &Z);
    pt_store50(o, X, Y, Z);
}

/* the common end of both additions (ecp_impl.h's pt_add_tail): u1, s1, zz R,
 * H, R P */
F50_INLINE void pt_add_tail50(f50 *X3o, f50 *Y3o, f50 *Z3o, f50 H, f50 R, f50 u1, f50 s1, f50 zz)
{
    const f50 hh = f50_sqr(H);
    const f50 hhh = f50_mul(hh, H);
    const f50 v = f50_mul(u1, hh);
    const f50 X3 = f50_carry(f50_sub4(f50_sqr(R), f50_add(hhh, f50_add(v, v)))); /* R */
    const f50 Y3 = f50_sub(f50_mul(R, f50_sub(v, X3)), f50_mul(s1, hhh));       /* P */
    *X3o = X3;
    *Y3o = Y3;
    *Z3o = f50_mul(zz, H);
}

/* ecp_impl.h's pt_add_core: o = P + Q for P != +-Q, neither the identity;
 * H = U2 - U1 and R = S2 - S1 returned (58-bit form) for the special cases */
F50_TARGET static void pt_add_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const pp *Q)
{
    const f50 X1 = f50_from58(P->X), Y1 = f50_from58(P->Y), Z1 = f50_from58(P->Z);
    const f50 X2 = f50_from58(Q->X), Y2 = f50_from58(Q->Y), Z2 = f50_from58(Q->Z);
    const f50 z1z1 = f50_sqr(Z1), z2z2 = f50_sqr(Z2);
    const f50 u1 = f50_mul(X1, z2z2), u2 = f50_mul(X2, z1z1);
    const f50 s1 = f50_mul(Y1, f50_mul(Z2, z2z2)), s2 = f50_mul(Y2, f50_mul(Z1, z1z1));
    const f50 h = f50_sub(u2, u1), r = f50_sub(s2, s1); /* P */
    const f50 zz = f50_mul(Z1, Z2);
    f50 X3, Y3, Z3;
    f50_to58(H, h);
    f50_to58(R, r);
    pt_add_tail50(&X3, &Y3, &Z3, h, r, u1, s1, zz);
    pt_store50(o, X3, Y3, Z3);
}

/* the mixed addition P + (x, y) on register values: X1 R, Y1 R, Z1 P,
 * x, y R in; h = U2 - X1 and r = S2 - Y1 (P) for the special cases, and the
 * sum, X3 R, Y3 P, Z3 R */
F50_INLINE void pt_madd50(f50 *X3, f50 *Y3, f50 *Z3, f50 *h, f50 *r, f50 X1, f50 Y1, f50 Z1, f50 x, f50 y)
{
    const f50 z1z1 = f50_sqr(Z1);
    *h = f50_sub(f50_mul(x, z1z1), X1);
    *r = f50_sub(f50_mul(y, f50_mul(Z1, z1z1)), Y1);
    pt_add_tail50(X3, Y3, Z3, *h, *r, X1, Y1, Z1);
}

/* ecp_impl.h's pt_madd_core: the same with Q = (x2, y2) affine */
F50_TARGET static void pt_madd_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const uint64_t *x2,
                                    const uint64_t *y2)
{
    f50 X3, Y3, Z3, h, r;
    pt_madd50(&X3, &Y3, &Z3, &h, &r, f50_from58(P->X), f50_from58(P->Y), f50_from58(P->Z), f50_from58(x2),
              f50_from58(y2));
    f50_to58(H, h);
    f50_to58(R, r);
    pt_store50(o, X3, Y3, Z3);
}

#endif
