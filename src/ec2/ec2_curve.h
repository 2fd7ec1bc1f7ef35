/* SPDX-License-Identifier: Apache-2.0 */
/* The curve's constants as the point formulas use them (a by its kind, b = 1
 * or not) and the affine and López–Dahab point types. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_CURVE_H
#define FASTEC_EC2_CURVE_H

typedef struct {
    fe x, y;
} aff_pt;

typedef struct {
    fe X, Y, Z;
} ld_pt;

typedef struct {
    fe a, b;
    int a_kind;
    int b_one;
} ec2_k;

GF_FN void ec2_load(ec2_k *K, const ec2_params *cp)
{
    memcpy(K->a, cp->a, sizeof(fe));
    memcpy(K->b, cp->b, sizeof(fe));
    K->a_kind = cp->a_kind;
    fe one;
    fe_one(one);
    K->b_one = fe_eq_vartime(K->b, one);
}

/* r = a * t for the curve constant a (public: branch on its kind only) */
GF_FN void ec2_mul_a(const ec2_k *K, fe r, const fe t)
{
    if (K->a_kind == 0) fe_zero(r);
    else if (K->a_kind == 1) fe_copy(r, t);
    else fe_mul(r, K->a, t);
}

GF_FN void ec2_mul_b(const ec2_k *K, fe r, const fe t)
{
    if (K->b_one) fe_copy(r, t);
    else fe_mul(r, K->b, t);
}

#endif
