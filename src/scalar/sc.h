/* SPDX-License-Identifier: Apache-2.0 */
/* Arithmetic modulo a curve order n (odd, up to 576 bits) on mod/'s Montgomery
 * arithmetic, little-endian 64-bit limbs, nlimbs = ceil(bitlen(n) / 64).
 * Constant-time except the functions ending in _vartime. */
#ifndef FASTEC_SC_H
#define FASTEC_SC_H

#include <stddef.h>
#include <stdint.h>

#include "ct.h"
#include "mod/mod.h"

#define SC_MAX_LIMBS MOD_MAX_LIMBS

/* the order n with its Montgomery constants */
typedef mod_params sc_params;

typedef struct sc_t {
    uint64_t v[SC_MAX_LIMBS];
} sc_t;

/* Big-endian bytes (len <= 8*SC_MAX_LIMBS) to limbs; returns an all-ones mask
 * if 1 <= value <= n-1, else 0. Constant-time in the value. */
uint64_t sc_from_bytes_range(const sc_params *p, sc_t *r, const uint8_t *in, size_t len);
/* The leftmost nbits bits of the string as an integer (RFC 6979 bits2int). */
void sc_bits2int(const sc_params *p, sc_t *r, const uint8_t *digest, size_t len);
/* SEC 1 4.1.3 step 5: the leftmost nbits bits of the digest, reduced mod n. */
void sc_from_digest(const sc_params *p, sc_t *r, const uint8_t *digest, size_t len);
/* Big-endian value below (h+1)*n with h <= 8 reduced mod n; len <= 8*SC_MAX_LIMBS. */
void sc_from_bytes_reduce(const sc_params *p, sc_t *r, const uint8_t *in, size_t len, unsigned h);
void sc_to_bytes(const sc_params *p, uint8_t *out, const sc_t *a); /* scalar_size bytes */

void sc_add(const sc_params *p, sc_t *r, const sc_t *a, const sc_t *b);

void sc_mul(const sc_params *p, sc_t *r, const sc_t *a, const sc_t *b);
void sc_mul_small(const sc_params *p, sc_t *r, const sc_t *a, unsigned h);
void sc_inv(const sc_params *p, sc_t *r, const sc_t *a);           /* safegcd, constant-time */
void sc_inv_vartime(const sc_params *p, sc_t *r, const sc_t *a);   /* leaks a through timing */
/* r[j] = a[j]^-1 for j < m (a[j] non-zero, r and a apart), one inversion */
void sc_inv_batch(const sc_params *p, sc_t *r, const sc_t *a, unsigned m);
void sc_inv_batch_vartime(const sc_params *p, sc_t *r, const sc_t *a, unsigned m);
uint64_t sc_is_zero(const sc_params *p, const sc_t *a);           /* mask */
int sc_eq_vartime(const sc_params *p, const sc_t *a, const sc_t *b);
/* Returns mask: a < b as nlimbs-limb integers. */
uint64_t sc_lt(const sc_params *p, const sc_t *a, const sc_t *b);

/* cand += n over `words` limbs (words >= nlimbs), returning the carry out;
 * verification's r, r + n, r + 2n, ... candidates. Public data. */
static inline uint64_t sc_add_n_vartime(const sc_params *p, uint64_t *cand, unsigned words)
{
    uint64_t carry = 0;
    for (unsigned i = 0; i < words; i++) {
        uint64_t ni = (i < p->nlimbs && i < SC_MAX_LIMBS) ? p->n[i] : 0;
        uint64_t s = cand[i] + ni;
        uint64_t c1 = s < ni;
        s += carry;
        carry = c1 | (s < carry);
        cand[i] = s;
    }
    return carry;
}

/* Width-w NAF of k (nlimbs limbs, public): digits naf[0..len) odd or 0, in
 * (-2^(w-1), 2^(w-1)), k = sum naf_i 2^i; returns len (<= 64 nlimbs + 1). */
int sc_wnaf_vartime(int8_t *naf, const uint64_t *k, int nlimbs, int w);

/* A recoded digit d as a sign mask (all ones when d < 0) and |d|; branch-free. */
static inline void sc_digit_split(int8_t d, uint64_t *neg, uint64_t *mag)
{
    uint64_t dv = (uint64_t)(int64_t)d;
    *neg = ct_mask_bit(dv >> 63);
    *mag = (dv ^ *neg) - *neg;
}

/* Signed fixed-window digits of k, width w (2 <= w <= 7): d_i in
 * [-2^(w-1), 2^(w-1) - 1] (the last one 0 or 1), k = sum d_i 2^(w i).
 * Branch-free; pos (the digit count) and w are public. */
static inline void sc_recode(int8_t *d, const uint64_t *k, unsigned pos, unsigned w)
{
    uint64_t c = 0;
    const uint64_t mask = ((uint64_t)1 << w) - 1;
    for (unsigned i = 0; i < pos; i++) {
        unsigned b = w * i;
        uint64_t v = 0;
        if (b < 64 * SC_MAX_LIMBS) {
            v = k[b / 64] >> (b % 64);
            if (b % 64 + w > 64 && b / 64 + 1 < SC_MAX_LIMBS) v |= k[b / 64 + 1] << (64 - b % 64);
        }
        uint64_t t = (v & mask) + c;
        c = (t + (mask + 1) / 2) >> w;
        d[i] = (int8_t)(int64_t)(t - (mask + 1) * c);
    }
}

/* the same with w = 4: d in [-8, 7] */
static inline void sc_recode4(int8_t *d, const uint64_t *k, unsigned pos) { sc_recode(d, k, pos, 4); }

#endif
