/* SPDX-License-Identifier: Apache-2.0 */
/* López–Dahab projective formulas: mixed addition, doubling, conversion. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_LD_H
#define FASTEC_EC2_LD_H

/* ---- López–Dahab formulas ---- */

/* r = p + q, q affine, p not infinity: EC2_LD_MADD, 8M + 5S (+1M general
 * a); also returns A and B so callers can tell the exceptional cases:
 * B = 0 iff x(p) = x(q); then A = 0 iff p = q. r may alias p. */
GF_FN void ld_madd(const ec2_k *K, ld_pt *r, const ld_pt *p, const aff_pt *q, fe A, fe B)
{
#define EC2_LD_MADD_A(r, t) ec2_mul_a(K, r, t)
    EC2_LD_MADD(EC2FE, EC2_LD_MADD_A, r->X, r->Y, r->Z, A, B, p->X, p->Y, p->Z, q->x, q->y);
#undef EC2_LD_MADD_A
}

/* r = 2 p, López–Dahab doubling (EFD g12o "dbl-2005-l"): 4M + 5S (+1M general a, +1M b != 1).
 * Z3 = X1^2 Z1^2, X3 = X1^4 + b Z1^4, Y3 = b Z1^4 Z3 + X3 (a Z3 + Y1^2 + b Z1^4) */
GF_FN void ld_dbl(const ec2_k *K, ld_pt *r, const ld_pt *p)
{
    fe X1s, Z1s, bZ4, t, u;
    fe_sqr(X1s, p->X);
    fe_sqr(Z1s, p->Z);
    fe_sqr(bZ4, Z1s);
    ec2_mul_b(K, bZ4, bZ4);
    fe_sqr(u, p->Y);                  /* Y1^2, before r may alias p */
    fe_mul(r->Z, X1s, Z1s);
    fe_sqr(r->X, X1s);
    fe_add(r->X, r->X, bZ4);
    ec2_mul_a(K, t, r->Z);
    fe_add(t, t, u);
    fe_add(t, t, bZ4);
    fe_mul(t, t, r->X);
    fe_mul(u, bZ4, r->Z);
    fe_add(r->Y, t, u);
}

/* r = 2 q for q affine (Z = 1): 2M + 3S (+1M general a, +2M b != 1) */
GF_FN void ld_dbl_aff(const ec2_k *K, ld_pt *r, const aff_pt *q)
{
    fe t, u;
    fe_sqr(r->Z, q->x);
    fe_sqr(r->X, r->Z);
    fe_add(r->X, r->X, K->b);
    ec2_mul_a(K, t, r->Z);
    fe_sqr(u, q->y);
    fe_add(t, t, u);
    fe_add(t, t, K->b);
    fe_mul(t, t, r->X);
    ec2_mul_b(K, u, r->Z);
    fe_add(r->Y, t, u);
}

GF_FN void ld_cmov(ld_pt *r, const ld_pt *a, uint64_t mask)
{
    fe_cmov(r->X, a->X, mask);
    fe_cmov(r->Y, a->Y, mask);
    fe_cmov(r->Z, a->Z, mask);
}

/* affine from López–Dahab; returns all-ones if p is infinity (Z = 0) */
GF_FN uint64_t ld_to_aff(aff_pt *r, const ld_pt *p)
{
    fe zi, t;
    uint64_t inf = fe_is_zero(p->Z);
    fe_inv(zi, p->Z);
    fe_mul(r->x, p->X, zi);
    fe_sqr(t, zi);
    fe_mul(r->y, p->Y, t);
    return inf;
}

#endif
