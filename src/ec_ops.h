/* The table of whole operations a curve implementation provides, one table per
 * (field, backend), chosen once per call from the CPU level. Points cross this
 * interface as big-endian affine coordinates x || y (field_size bytes each),
 * scalars as sc_t limbs (plain, not Montgomery form). */
#ifndef FASTEC_EC_OPS_H
#define FASTEC_EC_OPS_H

#include <stdint.h>

#include "curves/curves.h"
#include "scalar/sc.h"

typedef struct ec_ops {
    const char *backend;
    unsigned nwords;              /* words per field element */
    /* Constant-time: x(k P) for a validated point P and 1 <= k < n.
     * FASTEC_ERR_INFINITY if k P is the point at infinity. */
    int (*mul_x)(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const uint8_t *p_xy);
    /* Constant-time: k G, affine x || y. */
    int (*mul_base)(const struct fastec_curve *c, uint8_t *xy_out, const sc_t *k);
    /* Variable time (public inputs): FASTEC_OK iff x(u1 G + u2 Q) mod n == r. */
    int (*verify_vartime)(const struct fastec_curve *c, const uint8_t *q_xy, const sc_t *u1,
                          const sc_t *u2, const sc_t *r);
    /* Variable time: coordinates in range, on the curve, in the order-n subgroup. */
    int (*check_vartime)(const struct fastec_curve *c, const uint8_t *xy);
    /* Variable time: SEC 1 decompression of x with y-bit ybit into x || y. */
    int (*decompress_vartime)(const struct fastec_curve *c, uint8_t *xy, const uint8_t *x, int ybit);
    /* Variable time: the SEC 1 compression bit of a point. */
    int (*ybit_vartime)(const struct fastec_curve *c, const uint8_t *xy);
    /* Field operations on nwords-word elements, exposed for tests; for prime
     * fields Montgomery form (mul is a b R^-1, inv maps a R to a^-1 R, sqrt
     * returns all-ones words when there is no root); the binary-only ones
     * (halftrace, trace) are NULL there. */
    void (*fe_mul)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*fe_sqr)(uint64_t *r, const uint64_t *a);
    void (*fe_inv)(uint64_t *r, const uint64_t *a);
    void (*fe_sqrt)(uint64_t *r, const uint64_t *a);
    void (*fe_halftrace)(uint64_t *r, const uint64_t *a);
    int (*fe_trace)(const uint64_t *a);
    /* prime fields: Montgomery-form sum and difference (NULL for binary fields) */
    void (*fe_add)(uint64_t *r, const uint64_t *a, const uint64_t *b);
    void (*fe_sub)(uint64_t *r, const uint64_t *a, const uint64_t *b);
} ec_ops;

/* Implementations for a curve: every backend compiled in, lowest first.
 * Returns how many (at most EC_MAX_BACKENDS) and fills ops[]. */
#define EC_MAX_BACKENDS 3
unsigned ec_backends(const struct fastec_curve *c, const ec_ops *ops[EC_MAX_BACKENDS]);
/* The implementation for this CPU (respecting FASTEC_CPU). */
const ec_ops *ec_ops_for(const struct fastec_curve *c);

#endif
