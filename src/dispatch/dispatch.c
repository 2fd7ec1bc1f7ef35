/* SPDX-License-Identifier: Apache-2.0 */
/* Dispatch over the generated instance table: rows per binary field and per
 * prime curve (the curve table's impl_index), backends per row lowest
 * preference first; an entry is NULL where the build has no such instance. */
#include <stddef.h>
#include <string.h>

#include "dispatch/dispatch.h"
#include "ecp/ecp_lanes.h"
#include "invariant.h"
#include "once.h"

typedef struct {
    enum cpu_backend backend;
    const ec_ops *ops;
    const ec_field_hooks *field;
} ec_impl;

typedef struct {
    ec_impl be[EC_MAX_BACKENDS];
} ec_impl_row;

#include "gen/dispatch_table.h"

static const ec_impl_row *row_of(const struct fastec_curve *c)
{
    return c->kind == EC_KIND_BINARY ? &ec2_rows[c->impl_index] : &ecp_rows[c->impl_index];
}

/* The curve's tables of G, filled once (curves.h, once.h) by the most
 * preferred instance that fills them. Every path to a curve's operations (ec_ops_for,
 * ec_backends) passes here first, so no operation reads a table before it
 * is complete. */
static void tables_ready(const struct fastec_curve *c, const ec_ops *ops)
{
    if (!once_begin(c->tables)) return;
    if (c->kind == EC_KIND_BINARY) ec_ops_tables_vartime(ops, c, c->ec2->base, c->ec2->gnaf);
    else ec_ops_tables_vartime(ops, c, c->ecp->base, c->ecp->gnaf);
    once_end(c->tables);
}

/* the most preferred instance the CPU runs and FASTEC_CPU allows; with
 * fill, the most preferred of those that fill the tables of G */
static const ec_ops *ops_best(const struct fastec_curve *c, int fill)
{
    const ec_impl_row *r = row_of(c);
    const ec_ops *best = r->be[0].ops; /* portable, always compiled, fills */
    for (unsigned i = 1; i < EC_MAX_BACKENDS; i++)
        if (r->be[i].ops && cpu_backend_on(r->be[i].backend) && (!fill || r->be[i].ops->tables_vartime))
            best = r->be[i].ops;
    return best;
}

unsigned ec_backends(const struct fastec_curve *c, const ec_ops *ops[EC_MAX_BACKENDS],
                     const ec_field_hooks *fields[EC_MAX_BACKENDS])
{
    const ec_impl_row *r = row_of(c);
    unsigned n = 0;
    tables_ready(c, ops_best(c, 1));
    for (unsigned i = 0; i < EC_MAX_BACKENDS; i++) {
        const ec_impl *e = &r->be[i];
        if (!e->ops || !cpu_backend_hw(e->backend)) continue;
        ops[n] = e->ops;
        if (fields) fields[n] = e->field;
        n++;
    }
    return n;
}

const ec_ops *ec_ops_for(const struct fastec_curve *c)
{
    tables_ready(c, ops_best(c, 1));
    return ops_best(c, 0);
}

int ec_tables_ready(const struct fastec_curve *c) { return once_done(c->tables); }

const char *ec_backend_name(const struct fastec_curve *c) { return ops_best(c, 0)->backend; }

const ec_ops *ec_ops_ready(const struct fastec_curve *c)
{
    FASTEC_INVARIANT(once_done(c->tables));
    return ops_best(c, 0);
}

const ec_lanes *ec_lanes_for(const struct fastec_curve *c)
{
    if (c->kind == EC_KIND_BINARY) {
        if (!cpu_backend_on(CPU_BE_VPCLMUL512)) return NULL;
        return (c->ec2->tnaf ? ec2_lanes_koblitz_rows : ec2_lanes_rows)[c->impl_index];
    }
    if (!cpu_backend_on(CPU_BE_IFMA)) return NULL;
    return ecp_lanes_rows[c->impl_index];
}

/* the calls through the tables (dispatch.h), out of line so that each
 * indirect call stays in its slot's function */
__attribute__((noinline)) int ec_ops_point_from_xy_vartime(const ec_ops *ops, const struct fastec_curve *c, ec_point *p, const uint8_t *xy)
{
    return ops->point_from_xy_vartime(c, p, xy);
}

__attribute__((noinline)) int ec_ops_point_from_x_vartime(const ec_ops *ops, const struct fastec_curve *c, ec_point *p, const uint8_t *x,
                                int ybit)
{
    return ops->point_from_x_vartime(c, p, x, ybit);
}

__attribute__((noinline)) void ec_ops_point_to_xy(const ec_ops *ops, const struct fastec_curve *c, uint8_t *xy, const ec_point *p)
{
    ops->point_to_xy(c, xy, p);
}

__attribute__((noinline)) int ec_ops_point_ybit_vartime(const ec_ops *ops, const struct fastec_curve *c, const ec_point *p)
{
    return ops->point_ybit_vartime(c, p);
}

__attribute__((noinline)) uint64_t ec_ops_mul_x(const ec_ops *ops, const struct fastec_curve *c, uint8_t *x_out, const sc_t *k,
                      const ec_point *p)
{
    return ops->mul_x(c, x_out, k, p);
}

__attribute__((noinline)) uint64_t ec_ops_mul_base(const ec_ops *ops, const struct fastec_curve *c, ec_point *r, const sc_t *k)
{
    return ops->mul_base(c, r, k);
}

__attribute__((noinline)) int ec_ops_verify_vartime(const ec_ops *ops, const struct fastec_curve *c, const ec_point *q, const sc_t *u1,
                          const sc_t *u2, const sc_t *r)
{
    return ops->verify_vartime(c, q, u1, u2, r);
}

__attribute__((noinline)) void ec_ops_tables_vartime(const ec_ops *ops, const struct fastec_curve *c, uint64_t *base, uint64_t *gnaf)
{
    ops->tables_vartime(c, base, gnaf);
}

__attribute__((noinline)) unsigned ec_lanes_mul_x(const ec_lanes *ln, const struct fastec_curve *c, uint8_t *const x_out[], const sc_t *const k[],
                        const uint8_t *const xy[], unsigned m)
{
    return ln->mul_x(c, x_out, k, xy, m);
}

__attribute__((noinline)) unsigned ec_lanes_mul_base_x(const ec_lanes *ln, const struct fastec_curve *c, uint8_t *const x_out[],
                             const sc_t *const k[], unsigned m)
{
    return ln->mul_base_x(c, x_out, k, m);
}

__attribute__((noinline)) unsigned ec_lanes_verify(const ec_lanes *ln, const struct fastec_curve *c, const uint8_t *const xy[],
                         const sc_t *const u1[], const sc_t *const u2[], const sc_t *const r[], unsigned m)
{
    return ln->verify(c, xy, u1, u2, r, m);
}
