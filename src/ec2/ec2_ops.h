/* SPDX-License-Identifier: Apache-2.0 */
/* The ops table's functions: multiplications, point conversion and decoding. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_OPS_H
#define FASTEC_EC2_OPS_H

/* ---- the ops table ---- */

GF_FN void ec2_point_in(aff_pt *p, const ec_point *q)
{
    memcpy(p->x, q->x, sizeof(fe));
    memcpy(p->y, q->y, sizeof(fe));
}

GF_FN void ec2_point_out(ec_point *q, const aff_pt *p)
{
    memset(q, 0, sizeof *q);
    memcpy(q->x, p->x, sizeof(fe));
    memcpy(q->y, p->y, sizeof(fe));
}

GF_OP uint64_t ec2_op_mul_x(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    ec2_k K;
    fe x, xr;
    ec2_load(&K, c->ec2);
    uint64_t inf;
#if GF_TNAF_W
    if (c->ec2->tnaf) {
        aff_pt P;
        ec2_point_in(&P, p);
        inf = ec2_tnaf_mul_x(&K, c->ec2->tnaf, xr, k->v, c->sc.nlimbs, &P);
    } else
#endif
    {
        memcpy(x, p->x, sizeof x);
#if EC2_ZLADDER
        inf = ec2_ladder_x_z(&K, xr, k->v, c->sc.nbits, x);
#else
        inf = ec2_ladder_x(&K, xr, k->v, c->sc.nbits, x);
#endif
    }
    fe_to_bytes(x_out, xr);
    ct_wipe(xr, sizeof xr);
    return inf;
}

/* the ladder on every curve: the reference the tests compare the tau-adic
 * multiplication with (ec_field_hooks) */
GF_OP uint64_t ec2_op_mul_x_ladder(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    ec2_k K;
    fe x, xr;
    ec2_load(&K, c->ec2);
    memcpy(x, p->x, sizeof x);
    uint64_t inf = ec2_ladder_x(&K, xr, k->v, c->sc.nbits, x);
    fe_to_bytes(x_out, xr);
    ct_wipe(xr, sizeof xr);
    return inf;
}

GF_OP uint64_t ec2_op_mul_base(const struct fastec_curve *c, ec_point *r, const sc_t *k)
{
    ec2_k K;
    aff_pt R;
    ec2_load(&K, c->ec2);
    uint64_t inf = ec2_mul_base_ct(c->ec2, &K, &R, k->v);
    ec2_point_out(r, &R);
    ct_wipe(&R, sizeof R);
    return inf;
}

GF_OP void ec2_op_point_to_xy(const struct fastec_curve *c, uint8_t *xy, const ec_point *p)
{
    fe t;
    (void)c;
    memcpy(t, p->x, sizeof t);
    fe_to_bytes(xy, t);
    memcpy(t, p->y, sizeof t);
    fe_to_bytes(xy + GF_BYTES, t);
    ct_wipe(t, sizeof t);
}

/* on the curve and in the subgroup (coordinates already in range) */
GF_FN int ec2_check_vartime(const struct fastec_curve *c, const ec2_k *K, const aff_pt *P)
{
    if (!ec2_on_curve_vartime(K, P)) return RC_NOT_ON_CURVE;
    if (!ec2_in_subgroup_vartime(c->ec2, K, P, c->cofactor)) return RC_SUBGROUP;
    return RC_OK;
}

GF_OP int ec2_op_point_from_xy_vartime(const struct fastec_curve *c, ec_point *p, const uint8_t *xy)
{
    ec2_k K;
    aff_pt P;
    ec2_load(&K, c->ec2);
    if (!ec2_decode_xy(&P, xy)) return RC_COORD;
    int rc = ec2_check_vartime(c, &K, &P);
    if (rc) return rc;
    ec2_point_out(p, &P);
    return RC_OK;
}

GF_OP int ec2_op_point_from_x_vartime(const struct fastec_curve *c, ec_point *p, const uint8_t *x, int ybit)
{
    ec2_k K;
    aff_pt P;
    ec2_load(&K, c->ec2);
    if (!fe_from_bytes(P.x, x)) return RC_COORD;
    if (fe_is_zero_vartime(P.x)) {
        if (ybit) return RC_ENCODING;
        fe_sqrn(P.y, K.b, GF_M - 1); /* y = sqrt(b) */
    } else {
        fe beta, t, z;
        fe_sqr(t, P.x);
        fe_inv(t, t);
        ec2_mul_b(&K, beta, t);
        fe_add(beta, beta, P.x);
        fe_add(beta, beta, K.a);      /* beta = x + a + b / x^2 */
        if (fe_trace(beta)) return RC_NOT_ON_CURVE;
        fe_halftrace(z, beta);        /* z^2 + z = beta */
        if ((int)(z[0] & 1) != ybit) z[0] ^= 1;
        fe_mul(P.y, P.x, z);
    }
    int rc = ec2_check_vartime(c, &K, &P);
    if (rc) return rc;
    ec2_point_out(p, &P);
    return RC_OK;
}

GF_OP int ec2_op_point_ybit_vartime(const struct fastec_curve *c, const ec_point *p)
{
    aff_pt P;
    fe t;
    (void)c;
    ec2_point_in(&P, p);
    if (fe_is_zero_vartime(P.x)) return 0;
    fe_inv(t, P.x);
    fe_mul(t, t, P.y);
    return (int)(t[0] & 1);
}

#endif
