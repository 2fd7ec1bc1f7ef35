/* SPDX-License-Identifier: Apache-2.0 */
/* The tests' view of the field and the point formulas (ec_field_hooks). Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_HOOKS_H
#define FASTEC_EC2_HOOKS_H

/* ---- field hooks (tests) ---- */

/* x(p + q) by lam_add_full (the two chains' final addition), p with
 * Z = x_p + 1 and q with Z = 1: no scalar reaches its doubling branch, so
 * the tests call it on p = q and p = -q here. All-ones if p + q is
 * infinity. */
GF_OP uint64_t ec2_op_lam_add_x(const struct fastec_curve *c, uint8_t *x_out, const ec_point *p, const ec_point *q)
{
    ec2_k K;
    lam_pt a, b;
    fe zi, t;
    ec2_load(&K, c->ec2);
    /* lambda = x + y / x */
    fe_inv(zi, p->x);
    fe_mul(t, p->y, zi);
    fe_add(t, t, p->x);
    fe_one(a.Z);
    fe_add(a.Z, a.Z, p->x);
    fe_mul(a.X, p->x, a.Z);
    fe_mul(a.L, t, a.Z);
    fe_inv(zi, q->x);
    fe_mul(t, q->y, zi);
    fe_add(b.L, t, q->x);
    fe_copy(b.X, q->x);
    fe_one(b.Z);
    lam_add_full(&K, &a, &a, &b);
    uint64_t inf = fe_is_zero(a.Z);
    fe_inv(zi, a.Z);
    fe_mul(t, a.X, zi);
    fe_to_bytes(x_out, t);
    return inf;
}

GF_OP void ec2_fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b) { fe_mul(r, a, b); }
GF_OP void ec2_fe_mul_tp(uint64_t *r, const uint64_t *a, const uint64_t *b) { fe_mul_tp(r, a, b); }
GF_OP void ec2_fe_sqr(uint64_t *r, const uint64_t *a) { fe_sqr(r, a); }
GF_OP void ec2_fe_inv(uint64_t *r, const uint64_t *a) { fe_inv(r, a); }
GF_OP void ec2_fe_sqrt(uint64_t *r, const uint64_t *a) { fe_sqrt(r, a); }
GF_OP void ec2_fe_halftrace(uint64_t *r, const uint64_t *a) { fe_halftrace(r, a); }
GF_OP int ec2_fe_trace(const uint64_t *a) { return fe_trace(a); }

#endif
