/* SPDX-License-Identifier: Apache-2.0 */
/* Point checks: coordinates in range, on the curve, in the subgroup. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_CHECK_H
#define FASTEC_EC2_CHECK_H

GF_FN int ec2_decode_xy(aff_pt *p, const uint8_t *xy)
{
    int okx = fe_from_bytes(p->x, xy);
    int oky = fe_from_bytes(p->y, xy + GF_BYTES);
    return okx && oky;
}

GF_FN int ec2_on_curve_vartime(const ec2_k *K, const aff_pt *p)
{
    fe l, r, t;
    fe_sqr(l, p->y);
    fe_mul(t, p->x, p->y);
    fe_add(l, l, t);                  /* y^2 + xy */
    fe_sqr(t, p->x);
    ec2_mul_a(K, r, t);
    fe_add(r, r, K->b);
    fe_mul(t, t, p->x);
    fe_add(r, r, t);                  /* x^3 + a x^2 + b */
    return fe_eq_vartime(l, r);
}

/* P (on the curve) is in the order-n subgroup. Cofactor 2: iff P is a double,
 * iff Tr(x) = Tr(a). Cofactor 4 (cyclic 2-part): P is a double and a half of P
 * is a double. A half H = (u, .) of P: lambda^2 + lambda = x + a,
 * u^2 = x (lambda + 1) + y (from x2P = l^2 + l + a, y2P = u^2 + (l + 1) x2P). */
GF_FN int ec2_in_subgroup_vartime(const ec2_params *cp, const ec2_k *K, const aff_pt *p, unsigned h)
{
    if ((unsigned)fe_trace(p->x) != cp->trace_a) return 0;
    if (h == 2) return 1;
    fe lam, u;
    fe_add(lam, p->x, K->a);
    fe_halftrace(lam, lam);
    lam[0] ^= 1;
    fe_mul(u, p->x, lam);
    fe_add(u, u, p->y);
    fe_sqrt(u, u);
    return (unsigned)fe_trace(u) == cp->trace_a;
}

#endif
