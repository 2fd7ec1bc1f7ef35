/* SPDX-License-Identifier: Apache-2.0 */
/* The choice of implementation: every instance compiled for a curve (one per
 * backend of its family, src/gen/dispatch_table.h), and the one this process
 * uses: the most preferred backend the CPU runs and FASTEC_CPU allows. */
#ifndef FASTEC_DISPATCH_H
#define FASTEC_DISPATCH_H

#include "cpu.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "gen/dispatch_limits.h" /* EC_MAX_BACKENDS */


/* Every instance for the curve that this CPU can run (FASTEC_CPU ignored),
 * lowest preference (portable) first; fields[] (may be NULL) gets the
 * matching field hooks. Returns how many. */
unsigned ec_backends(const struct fastec_curve *c, const ec_ops *ops[EC_MAX_BACKENDS],
                     const ec_field_hooks *fields[EC_MAX_BACKENDS]);
/* The instance this process uses for the curve; the curve's tables of G are
 * ready when it returns (ec_backends likewise). */
const ec_ops *ec_ops_for(const struct fastec_curve *c);
/* Whether the curve's tables of G are ready; once they are, ec_ops_ready
 * gives what ec_ops_for does without the code that fills them (the public
 * calls fill them in a work of their own first, src/api/, so that their
 * operations' work stacks need not hold that code's frames). */
int ec_tables_ready(const struct fastec_curve *c);
/* the backend name of the instance ec_ops_for would give, without filling
 * the tables */
const char *ec_backend_name(const struct fastec_curve *c);
const ec_ops *ec_ops_ready(const struct fastec_curve *c);

/* The calls through the tables: one function per slot of ec_ops and of
 * ec_lanes, and every call through a table goes through one, so that the
 * stack bounds (tools/stack_bounds.py) know from a function's name which
 * slot its indirect call reads and so which functions it can reach. */
int ec_ops_point_from_xy_vartime(const ec_ops *ops, const struct fastec_curve *c, ec_point *p, const uint8_t *xy);
int ec_ops_point_from_x_vartime(const ec_ops *ops, const struct fastec_curve *c, ec_point *p, const uint8_t *x,
                                int ybit);
void ec_ops_point_to_xy(const ec_ops *ops, const struct fastec_curve *c, uint8_t *xy, const ec_point *p);
int ec_ops_point_ybit_vartime(const ec_ops *ops, const struct fastec_curve *c, const ec_point *p);
uint64_t ec_ops_mul_x(const ec_ops *ops, const struct fastec_curve *c, uint8_t *x_out, const sc_t *k,
                      const ec_point *p);
uint64_t ec_ops_mul_base(const ec_ops *ops, const struct fastec_curve *c, ec_point *r, const sc_t *k);
int ec_ops_verify_vartime(const ec_ops *ops, const struct fastec_curve *c, const ec_point *q, const sc_t *u1,
                          const sc_t *u2, const sc_t *r);
void ec_ops_tables_vartime(const ec_ops *ops, const struct fastec_curve *c, uint64_t *base, uint64_t *gnaf);

/* The lane implementation of the curve's batch operations
 * (ecp/ecp_lanes.h: ecp/ecp_lanes.c on the ifma backend, ec2/ec2_lanes.c on
 * vpclmul512) where the build has one, the CPU runs it, FASTEC_CPU allows
 * its backend and it is the faster (sect571k1's has no ECDH); NULL
 * otherwise (the batch calls then loop over the single operations, as they
 * do for an operation the table leaves NULL). */
const struct ec_lanes *ec_lanes_for(const struct fastec_curve *c);
unsigned ec_lanes_mul_x(const struct ec_lanes *ln, const struct fastec_curve *c, uint8_t *const x_out[],
                        const sc_t *const k[], const uint8_t *const xy[], unsigned m);
unsigned ec_lanes_mul_base_x(const struct ec_lanes *ln, const struct fastec_curve *c, uint8_t *const x_out[],
                             const sc_t *const k[], unsigned m);
unsigned ec_lanes_verify(const struct ec_lanes *ln, const struct fastec_curve *c, const uint8_t *const xy[],
                         const sc_t *const u1[], const sc_t *const u2[], const sc_t *const r[], unsigned m);

#endif
