/* SPDX-License-Identifier: Apache-2.0 */
/* Arithmetic modulo an odd modulus of up to 576 bits: a curve order n (used
 * by scalar/) or a prime p (used by fp/ for its inversions): the modulus with
 * its Montgomery constants, Montgomery products, sums and differences, and
 * inversion by Bernstein–Yang divsteps (safegcd.c). Little-endian 64-bit
 * limbs; nlimbs and the modulus are public. Constant-time except the
 * functions ending in _vartime. */
#ifndef FASTEC_MOD_H
#define FASTEC_MOD_H

#include <stddef.h>
#include <stdint.h>

#define MOD_MAX_LIMBS 9

typedef struct mod_params {
    unsigned nlimbs;              /* ceil(nbits / 64) */
    unsigned nbits;
    uint64_t n[MOD_MAX_LIMBS];    /* the modulus */
    uint64_t n0inv;               /* -n^-1 mod 2^64 */
    uint64_t rr[MOD_MAX_LIMBS];   /* R^2 mod n, R = 2^(64 nlimbs) */
} mod_params;

/* Montgomery product a b R^-1 mod n, sum and difference, of values below n. */
void mod_mul(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b);
void mod_add(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b);
void mod_sub(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b);

/* out = x^-1 mod n (0 for 0), x < n in nlimbs words, out the same. Both
 * return 1 when the fixed step bound sufficed, as it always should; 0 means
 * more steps ran (the result is still right); the tests insist on 1. */
int mod_inv(const mod_params *m, uint64_t *out, const uint64_t *x);         /* constant-time */
int mod_inv_vartime(const mod_params *m, uint64_t *out, const uint64_t *x); /* public x only */

#endif
