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

/* The lane implementation of the curve's batch operations
 * (ecp/ecp_lanes.h: ecp/ecp_lanes.c on the ifma backend, ec2/ec2_lanes.c on
 * vpclmul512) where the build has one, the CPU runs it, FASTEC_CPU allows
 * its backend and it is the faster (sect571k1's has no ECDH); NULL
 * otherwise (the batch calls then loop over the single operations, as they
 * do for an operation the table leaves NULL). */
const struct ec_lanes *ec_lanes_for(const struct fastec_curve *c);

#endif
