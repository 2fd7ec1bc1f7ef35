/* SPDX-License-Identifier: Apache-2.0 */
/* Jacobian points on the field in memory: the types, the field as a
 * representation of ecp_formulas.h, the identity and the masked move. Part
 * of the prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_POINT_H
#define FASTEC_ECP_POINT_H

typedef fe fp;

typedef struct {
    fp X, Y, Z;
} pp;

#define MUL(r, a, b) fp_mul(r, a, b)
#define SQR(r, a) fp_sqr(r, a)
#define ADD(r, a, b) fp_add(r, a, b)
#define SUB(r, a, b) fp_sub(r, a, b)

/* the field in memory as a representation of ecp_formulas.h */
#define ECPFP_T fp
#define ECPFP_MUL(r, a, b) fp_mul(r, a, b)
#define ECPFP_SQR(r, a) fp_sqr(r, a)
#define ECPFP_ADD(r, a, b) fp_add(r, a, b)
#define ECPFP_SUB(r, a, b) fp_sub(r, a, b)
#define ECPFP_HALF(r, a) fp_half(r, a)
#define ECPFP_SUBC(r, a, b) fp_sub(r, a, b)
#define ECPFP_SUB2(r, a, b, c) (fp_sub(r, a, b), fp_sub(r, r, c))
#define ECPFP_SUB3(r, a, b, c, d) (fp_sub(r, a, b), fp_sub(r, r, c), fp_sub(r, r, d))

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

#endif
