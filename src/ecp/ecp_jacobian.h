/* SPDX-License-Identifier: Apache-2.0 */
/* The point formulas of ecp_formulas.h on the field in memory (every
 * backend but ifma on P-521), and P-521's portable doubling. Part of the
 * prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_JACOBIAN_H
#define FASTEC_ECP_JACOBIAN_H

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
/* ECP_DBL, 4M + 4S; o may be P */
static void pt_dbl(pp *o, const pp *P) { ECP_DBL(ECPFP, o->X, o->Y, o->Z, P->X, P->Y, P->Z); }
#endif

/* o = P + Q for P != +-Q, neither the identity: ECP_ADD, 12M + 4S; H = U2 -
 * U1 and R = S2 - S1 tell the special cases: H = 0, R = 0 means P = Q (o is
 * then wrong), H = 0 otherwise means P = -Q (o has Z = 0). o may be P or Q. */
static void pt_add_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const pp *Q)
{
    ECP_ADD(ECPFP, o->X, o->Y, o->Z, H, R, P->X, P->Y, P->Z, Q->X, Q->Y, Q->Z);
}

/* the same with Q = (x2, y2) affine: ECP_MADD, 8M + 3S; o may be P */
static void pt_madd_core(pp *o, uint64_t *H, uint64_t *R, const pp *P, const uint64_t *x2, const uint64_t *y2)
{
    ECP_MADD(ECPFP, o->X, o->Y, o->Z, H, R, P->X, P->Y, P->Z, x2, y2);
}

#endif
