/* SPDX-License-Identifier: Apache-2.0 */
/* The "ifma" backend's P-521 point operations, chosen by ecp/ecp_impl.h in
 * place of ecp_jacobian.h's pt_dbl, pt_add_core and pt_madd_core: the
 * formulas of ecp_formulas.h (ecp_ifma_pt.h) on fp/fp521_ifma.h's register
 * values: the 58-bit coordinates are converted in at the start and out at
 * the end, so the intermediate values never go through memory (a field API
 * by pointer, a load and a store per operation, is among ARCHITECTURE's
 * rejected designs). The comments give each value's bound class (R or P,
 * fp521_ifma.h). Constant-time: no branches. */
#ifndef FASTEC_ECP_IFMA521_H
#define FASTEC_ECP_IFMA521_H

#include "fp/fp521_ifma.h"

#define FE f50
#define FE_INLINE F50_INLINE
#define FE_MUL f50_mul
#define FE_SQR f50_sqr
#define FE_ADD f50_add
#define FE_SUB f50_sub
#define FE_SUB3 f50_sub4
#define FE_HALF f50_half
#define FE_CARRY f50_carry
#define FE_SELECT f50_select
#include "ecp/ecp_ifma_pt.h"

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
    pt_dbl_r(&X, &Y, &Z);
    pt_store50(o, X, Y, Z);
}

/* ecp_jacobian.h's pt_add_core: o = P + Q for P != +-Q, neither the identity;
 * H = U2 - U1 and R = S2 - S1 returned (58-bit form) for the special cases */
F50_TARGET static void pt_add_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const pp *Q)
{
    f50 X3, Y3, Z3, h, r;
    pt_add_r(&X3, &Y3, &Z3, &h, &r, f50_from58(P->X), f50_from58(P->Y), f50_from58(P->Z), f50_from58(Q->X),
             f50_from58(Q->Y), f50_from58(Q->Z));
    f50_to58(H, h);
    f50_to58(R, r);
    pt_store50(o, X3, Y3, Z3);
}

/* ecp_jacobian.h's pt_madd_core: the same with Q = (x2, y2) affine */
F50_TARGET static void pt_madd_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const uint64_t *x2,
                                    const uint64_t *y2)
{
    f50 X3, Y3, Z3, h, r;
    pt_madd_r(&X3, &Y3, &Z3, &h, &r, f50_from58(P->X), f50_from58(P->Y), f50_from58(P->Z), f50_from58(x2),
              f50_from58(y2));
    f50_to58(H, h);
    f50_to58(R, r);
    pt_store50(o, X3, Y3, Z3);
}

#endif
