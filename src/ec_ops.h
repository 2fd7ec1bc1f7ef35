/* SPDX-License-Identifier: Apache-2.0 */
/* The interface between a curve implementation (ec2/ or ecp/, compiled once
 * per binary field or prime and per backend) and the layers above it
 * (dispatch/, proto/, encode/): a table of whole operations. Points cross it
 * decoded and validated once (ec_point), scalars as sc_t limbs (plain, not
 * Montgomery form). The field operations an instance is built from are
 * reachable only through a second table, ec_field_hooks, for the tests. */
#ifndef FASTEC_EC_OPS_H
#define FASTEC_EC_OPS_H

#include <stdint.h>

#include "curves/curves.h"
#include "scalar/sc.h"

/* A point of the order-n subgroup in affine coordinates, in the instance's
 * own field representation (binary: polynomial words; prime: Montgomery
 * form, P-521's 58-bit limbs or secp160r1's plain values). Only an instance writes one. */
typedef struct ec_point {
    uint64_t x[EC_MAX_WORDS], y[EC_MAX_WORDS];
} ec_point;

typedef struct ec_ops {
    const char *backend;
    /* Variable time (public data): x || y (field_size big-endian bytes each)
     * to a point. RC_COORD if a coordinate is out of range, RC_NOT_ON_CURVE,
     * RC_SUBGROUP if it is not in the order-n subgroup. */
    int (*point_from_xy_vartime)(const struct fastec_curve *c, ec_point *p, const uint8_t *xy);
    /* Variable time: SEC 1 decompression of x with y's compression bit, with
     * the same checks. */
    int (*point_from_x_vartime)(const struct fastec_curve *c, ec_point *p, const uint8_t *x, int ybit);
    /* x || y bytes of a point (constant-time: also used on results of secret
     * scalars), and its SEC 1 compression bit (variable time). */
    void (*point_to_xy)(const struct fastec_curve *c, uint8_t *xy, const ec_point *p);
    int (*point_ybit_vartime)(const struct fastec_curve *c, const ec_point *p);
    /* Constant-time in k: x(k P) (field_size bytes) for 1 <= k < n. Returns
     * an all-ones mask if k P is the point at infinity, else 0; that one bit is
     * the caller's to declassify. */
    uint64_t (*mul_x)(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p);
    /* Constant-time in k: k G, 0 <= k < n; the same mask. */
    uint64_t (*mul_base)(const struct fastec_curve *c, ec_point *r, const sc_t *k);
    /* Variable time (public inputs): RC_OK iff x(u1 G + u2 Q) mod n == r,
     * else RC_SIG_INVALID. */
    int (*verify_vartime)(const struct fastec_curve *c, const ec_point *q, const sc_t *u1, const sc_t *u2,
                          const sc_t *r);
    /* Variable time (public data): the curve's tables of G (curves.h: the
     * fixed-base table into base, the verification table into gnaf where the
     * curve has one, else gnaf is NULL), computed from G in canonical form:
     * every instance of a curve writes the same words. NULL in the
     * instances that leave it to a lower backend (NO_TABLES in
     * tools/gen_curves.py); the portable one always has it. */
    void (*tables_vartime)(const struct fastec_curve *c, uint64_t *base, uint64_t *gnaf);
} ec_ops;

/* The field operations of an instance, for the tests (field tests against
 * references, backends against each other). Elements are nwords words; prime
 * fields take and give canonical words in Montgomery form (x R mod p,
 * R = 2^(64 nwords)) whatever their internal representation: mul is a b R^-1,
 * inv maps a R to a^-1 R, sqrt gives all-ones words when there is no root.
 * halftrace and trace exist for binary fields, add and sub (and half, where
 * the field has it) for prime ones
 * (NULL otherwise). */
typedef struct ec_field_hooks {
    const char *backend;
    unsigned nwords;
    void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    /* binary fields: the product the fixed-base comb uses (fe_mul_tp: another
     * routine than mul in the VPCLMULQDQ backends up to 5 words); NULL for
     * prime ones */
    void (*mul_tp)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*sqr)(uint64_t *r, const uint64_t *a);
    /* binary fields with elements held in registers (vpclmul512): the
     * product and square the ladder uses, between a load and a store; NULL
     * elsewhere */
    void (*mul_reg)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*sqr_reg)(uint64_t *r, const uint64_t *a);
    void (*inv)(uint64_t *r, const uint64_t *a);
    void (*sqrt)(uint64_t *r, const uint64_t *a);
    void (*halftrace)(uint64_t *r, const uint64_t *a);
    int (*trace)(const uint64_t *a);
    void (*add)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*sub)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    /* prime fields with the halving doubling: a / 2 (NULL otherwise) */
    void (*half)(uint64_t *r, const uint64_t *a);
    /* binary curves: x(k P) by the Montgomery ladder whatever the curve (the
     * reference for the Koblitz curves' tau-adic mul_x); NULL for prime ones */
    uint64_t (*mul_x_ladder)(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p);
    /* binary curves: x(p + q) by the complete lambda-projective addition
     * that joins the Koblitz curves' two tau-adic chains (lam_add_full),
     * with its doubling (p = q) and infinity (p = -q, all-ones returned);
     * NULL for prime ones */
    uint64_t (*lam_add_x)(const struct fastec_curve *c, uint8_t *x_out, const ec_point *p, const ec_point *q);
} ec_field_hooks;

#endif
