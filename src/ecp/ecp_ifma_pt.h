/* SPDX-License-Identifier: Apache-2.0 */
/* ecp_formulas.h's point formulas on the ifma backend's register values,
 * for both of its fields: ecp/ecp_ifma521.h (P-521, fp/fp521_ifma.h) and
 * ecp/ecp_ifma384_mul.h (P-384, fp/fp384_ifma.h) include this after
 * defining
 *   FE            the register type,
 *   FE_INLINE     its always-inline function attributes,
 *   FE_MUL, FE_SQR, FE_ADD, FE_SUB, FE_HALF, FE_CARRY as in the field header,
 *   FE_SUB3(a, b) a - b for a R and b a sum of at most three R's, whose
 *                 limbs need FE_CARRY before any other use,
 *   FE_SELECT(a, b, m) m ? b : a for a mask m (0 or all ones).
 * The comments give each value's bound class (R or P, the field headers):
 * products return R; a product accepts P; FE_SUB (R - R') is P.
 * Constant-time: no branches. */
#ifndef FASTEC_ECP_IFMA_PT_H
#define FASTEC_ECP_IFMA_PT_H

#include "ecp/ecp_formulas.h"

/* the register form as a representation of ecp_formulas.h */
#define ECPFE_T FE
#define ECPFE_MUL(r, a, b) ((r) = FE_MUL((a), (b)))
#define ECPFE_SQR(r, a) ((r) = FE_SQR(a))
#define ECPFE_ADD(r, a, b) ((r) = FE_ADD((a), (b)))
#define ECPFE_SUB(r, a, b) ((r) = FE_SUB((a), (b)))
#define ECPFE_HALF(r, a) ((r) = FE_HALF(a))
#define ECPFE_SUBC(r, a, b) ((r) = FE_CARRY(FE_SUB((a), (b))))
#define ECPFE_SUB2(r, a, b, c) ((r) = FE_CARRY(FE_SUB3((a), FE_ADD((b), (c)))))
#define ECPFE_SUB3(r, a, b, c, d) ((r) = FE_CARRY(FE_SUB3((a), FE_ADD((b), FE_ADD((c), (d))))))

/* ECP_DBL in place; X R, Y and Z P in, X and Z R and Y P out (so the
 * doublings chain) */
FE_INLINE void pt_dbl_r(FE *X, FE *Y, FE *Z) { ECP_DBL(ECPFE, *X, *Y, *Z, *X, *Y, *Z); }

/* ECP_ADD: X1, Y1, X2, Y2 R, Z1, Z2 P in; H and R (P) for the special cases,
 * and the sum, X3 R, Y3 P, Z3 R */
FE_INLINE void pt_add_r(FE *X3, FE *Y3, FE *Z3, FE *h, FE *r, FE X1, FE Y1, FE Z1, FE X2, FE Y2, FE Z2)
{
    ECP_ADD(ECPFE, *X3, *Y3, *Z3, *h, *r, X1, Y1, Z1, X2, Y2, Z2);
}

/* ECP_MADD, P + (x, y): X1 R, Y1 R, Z1 P, x R, y P in; H and R (P) for the
 * special cases, and the sum, X3 R, Y3 P, Z3 R */
FE_INLINE void pt_madd_r(FE *X3, FE *Y3, FE *Z3, FE *h, FE *r, FE X1, FE Y1, FE Z1, FE x, FE y)
{
    ECP_MADD(ECPFE, *X3, *Y3, *Z3, *h, *r, X1, Y1, Z1, x, y);
}

/* the ECDH windows' step after the doublings (ecp_add.h's pt_madd_ct), in
 * place: (X, Y, Z) += (x, y), with the special cases as masks. *pinf: the
 * accumulator is the identity, the sum is the entry (x, y, one); qinf: the
 * entry is the identity (a zero digit), the accumulator stays; *pinf stays
 * set only while qinf is. X R, Y R, Z P, x R, y P in; X R, Y P, Z R out.
 * The doubling case (acc = +-entry) does not occur in the windows before the
 * last step (ecp_mul.h), which is done apart. */
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
