/* SPDX-License-Identifier: Apache-2.0 */
/* The curve-implementation interface (src/ec_ops.h) in the byte-oriented form
 * the white-box tests use: points as x || y bytes, results as FASTEC_* codes. */
#ifndef FASTEC_TESTOPS_H
#define FASTEC_TESTOPS_H

#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "fastec.h"

/* x || y is a valid point (range, curve, subgroup) */
static inline int t_check(const struct fastec_curve *c, const ec_ops *o, const uint8_t *xy)
{
    ec_point p;
    return o->point_from_xy_vartime(c, &p, xy);
}
/* x(k P) for P = x || y */
static inline int t_mul_x(const struct fastec_curve *c, const ec_ops *o, uint8_t *x, const sc_t *k, const uint8_t *xy)
{
    ec_point p;
    int rc = o->point_from_xy_vartime(c, &p, xy);
    if (rc) return rc;
    return o->mul_x(c, x, k, &p) ? FASTEC_ERR_INFINITY : FASTEC_OK;
}
/* k G as x || y */
static inline int t_mul_base(const struct fastec_curve *c, const ec_ops *o, uint8_t *xy, const sc_t *k)
{
    ec_point p;
    if (o->mul_base(c, &p, k)) return FASTEC_ERR_INFINITY;
    o->point_to_xy(c, xy, &p);
    return FASTEC_OK;
}
/* the compression bit of a valid point x || y */
static inline int t_ybit(const struct fastec_curve *c, const ec_ops *o, const uint8_t *xy)
{
    ec_point p;
    if (o->point_from_xy_vartime(c, &p, xy)) return -1;
    return o->point_ybit_vartime(c, &p);
}
/* decompression of x with a y bit into x || y */
static inline int t_decompress(const struct fastec_curve *c, const ec_ops *o, uint8_t *xy, const uint8_t *x, int ybit)
{
    ec_point p;
    int rc = o->point_from_x_vartime(c, &p, x, ybit);
    if (!rc) o->point_to_xy(c, xy, &p);
    return rc;
}

/* the field hooks of the instance this process uses for the curve */
static inline const ec_field_hooks *t_fields_for(const struct fastec_curve *c)
{
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned n = ec_backends(c, ops, fields);
    for (unsigned i = 0; i < n; i++)
        if (ops[i] == ec_ops_for(c)) return fields[i];
    return fields[0];
}

#endif
