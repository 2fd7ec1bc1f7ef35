/* SPDX-License-Identifier: Apache-2.0 */
/* Up to sixteen independent operations at once, one per 64-bit lane of
 * AVX-512 registers: each field element is eight elements, limb or word i
 * of all eight in one register, so a product is eight products for the
 * instructions of one; a second group of eight runs beside the first, its
 * instructions filling the first's dependent chains. The prime curves'
 * (ecp_lanes.c, IFMA) have all three operations, the binary fields'
 * (ec2/ec2_lanes.c, VPCLMULQDQ) too, but for sect571k1's ECDH (mul_x NULL:
 * its tau-adic single call is the faster). For the batch
 * calls (include/fastec.h); the dispatch layer hands them out where the CPU
 * has the instructions and FASTEC_CPU allows the backend. */
#ifndef FASTEC_ECP_LANES_H
#define FASTEC_ECP_LANES_H

#include <stdint.h>

#include "curves/curves.h"
#include "scalar/sc.h"

#define EC_LANES 16

/* Each call takes m, the lanes in use (1..EC_LANES): it computes the
 * groups of eight that hold them, so every lane below m rounded up to a
 * multiple of eight must hold valid inputs (the callers copy an item into
 * the lanes they leave over); the returned masks have bit l for lane l. */

typedef struct ec_lanes {
    const char *backend;
    /* x(k_l P_l) for the lanes l: xy[l] a public point (x || y,
     * field_size big-endian bytes each) validated as the ops table's
     * point_from_xy_vartime does, k[l] in [1, n-1]; x_out[l] gets field_size
     * bytes. Constant-time in every k[l]. Returns the mask (bit l) of the
     * lanes whose k P is the point at infinity, their x_out zero. */
    unsigned (*mul_x)(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES], const sc_t *const k[EC_LANES],
                      const uint8_t *const xy[EC_LANES], unsigned m);
    /* x(k_l G) for the lanes, k_l in [0, n-1], the tables of G ready
     * (ec_ops_for); constant-time in every k; returns the lanes where k G
     * is the identity (x_out zero there). */
    unsigned (*mul_base_x)(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                           const sc_t *const k[EC_LANES], unsigned m);
    /* Variable time (public data): the lanes (bit l) where x(u1 G + u2 Q_l)
     * mod n = r, Q_l given as for mul_x, u2 in [1, n-1], the tables of G
     * ready (ec_ops_for). */
    unsigned (*verify)(const struct fastec_curve *c, const uint8_t *const xy[EC_LANES], const sc_t *const u1[EC_LANES],
                       const sc_t *const u2[EC_LANES], const sc_t *const r[EC_LANES], unsigned m);
} ec_lanes;

#endif
