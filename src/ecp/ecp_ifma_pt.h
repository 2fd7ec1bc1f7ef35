/* SPDX-License-Identifier: Apache-2.0 */
/* The ifma backend's point formulas on register values, written once for
 * both of its fields: ecp/ecp_ifma521.h (P-521, fp/fp521_ifma.h) and
 * ecp/ecp_ifma384_mul.h (P-384, fp/fp384_ifma.h) include this after
 * defining
 *   FE            the register type,
 *   FE_INLINE     its always-inline function attributes,
 *   FE_MUL, FE_SQR, FE_ADD, FE_SUB, FE_HALF, FE_CARRY as in the field header,
 *   FE_SUB3(a, b) a - b for a R and b a sum of at most three R's, whose
 *                 limbs need FE_CARRY before any other use,
 *   FE_SELECT(a, b, m) m ? b : a for a mask m (0 or all ones).
 * The same formulas as ecp_impl.h's generic ones (the doubling is the scaled
 * 4M + 4S one). The comments give each value's bound class (R or P, the field
 * headers): products return R; a product accepts P; FE_SUB (R - R') is P.
 * Constant-time: no branches. */
#ifndef FASTEC_ECP_IFMA_PT_H
#define FASTEC_ECP_IFMA_PT_H

/* dbl-2001-b scaled by 1/2 (see ecp_impl.h): alpha = 3/2 (X - Z^2)(X + Z^2),
 * beta = X Y^2, X3 = alpha^2 - 2 beta, Y3 = alpha (beta - X3) - Y^4,
 * Z3 = Y Z, in place; X R, Y and Z P in, X and Z R and Y P out (so the
 * doublings chain) */
FE_INLINE void pt_dbl_r(FE *X, FE *Y, FE *Z)
{
    const FE delta = FE_SQR(*Z), gamma = FE_SQR(*Y);
    const FE beta = FE_MUL(*X, gamma);
    const FE t = FE_CARRY(FE_SUB(*X, delta)); /* R */
    const FE u = FE_ADD(*X, delta);           /* P */
    const FE t3 = FE_ADD(t, FE_HALF(t));      /* 3/2 (X - Z^2), P */
    const FE alpha = FE_MUL(t3, u);
    *Z = FE_MUL(*Y, *Z);
    *X = FE_CARRY(FE_SUB3(FE_SQR(alpha), FE_ADD(beta, beta)));      /* R */
    *Y = FE_SUB(FE_MUL(alpha, FE_SUB(beta, *X)), FE_SQR(gamma)); /* P */
}

/* the common end of both additions (ecp_impl.h's pt_add_tail): u1, s1, zz R,
 * H, R P; X3 R, Y3 P, Z3 R */
FE_INLINE void pt_add_tail_r(FE *X3o, FE *Y3o, FE *Z3o, FE H, FE R, FE u1, FE s1, FE zz)
{
    const FE hh = FE_SQR(H);
    const FE hhh = FE_MUL(hh, H);
    const FE v = FE_MUL(u1, hh);
    const FE X3 = FE_CARRY(FE_SUB3(FE_SQR(R), FE_ADD(hhh, FE_ADD(v, v)))); /* R */
    const FE Y3 = FE_SUB(FE_MUL(R, FE_SUB(v, X3)), FE_MUL(s1, hhh));      /* P */
    *X3o = X3;
    *Y3o = Y3;
    *Z3o = FE_MUL(zz, H);
}

/* the mixed addition P + (x, y): X1 R, Y1 R, Z1 P, x R, y P in;
 * h = U2 - X1 and r = S2 - Y1 (P) for the special cases, and the sum,
 * X3 R, Y3 P, Z3 R */
FE_INLINE void pt_madd_r(FE *X3, FE *Y3, FE *Z3, FE *h, FE *r, FE X1, FE Y1, FE Z1, FE x, FE y)
{
    const FE z1z1 = FE_SQR(Z1);
    *h = FE_SUB(FE_MUL(x, z1z1), X1);
    *r = FE_SUB(FE_MUL(y, FE_MUL(Z1, z1z1)), Y1);
    pt_add_tail_r(X3, Y3, Z3, *h, *r, X1, Y1, Z1);
}

/* the ECDH windows' step after the doublings (ecp_impl.h's pt_madd_ct), in
 * place: (X, Y, Z) += (x, y), with the special cases as masks. *pinf: the
 * accumulator is the identity, the sum is the entry (x, y, one); qinf: the
 * entry is the identity (a zero digit), the accumulator stays; *pinf stays
 * set only while qinf is. X R, Y R, Z P, x R, y P in; X R, Y P, Z R out.
 * The doubling case (acc = +-entry) does not occur in the windows before the
 * last step (ecp_impl.h), which is done apart. */
FE_INLINE void pt_madd_masked_r(FE *X, FE *Y, FE *Z, FE x, FE y, FE one, uint64_t *pinf, uint64_t qinf)
{
    FE X3, Y3, Z3, h, r;
    pt_madd_r(&X3, &Y3, &Z3, &h, &r, *X, *Y, *Z, x, y);
    *X = FE_SELECT(FE_SELECT(X3, x, *pinf), *X, qinf);
    *Y = FE_SELECT(FE_SELECT(Y3, y, *pinf), *Y, qinf);
    *Z = FE_SELECT(FE_SELECT(Z3, one, *pinf), *Z, qinf);
    *pinf &= qinf;
}

#endif
