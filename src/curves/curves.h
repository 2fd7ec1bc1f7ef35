/* SPDX-License-Identifier: Apache-2.0 */
/* The curve table (generated: src/gen/curve_data.c): what a curve is made of
 * (names, order, cofactor, field and group parameters, the storage of its
 * tables of G, the row of its implementations in the dispatch table). Data
 * and look-ups only; the arithmetic lives in gf2m/, fp/, ec2/, ecp/ and
 * scalar/.
 *
 * The tables of G (the fixed-base table and the verification table) are
 * computed from G on the curve's first use, by its instance's tables_vartime
 * (src/ec_ops.h), into zero-initialised static storage: the library file does
 * not carry them (2.9 MB over the 20 curves), and a process holds only the
 * tables of the curves it uses. ec_ops_for (src/dispatch/dispatch.c) fills
 * them once, race-free, before it hands out a curve's operations. */
#ifndef FASTEC_CURVES_H
#define FASTEC_CURVES_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "scalar/sc.h"

#define EC_MAX_FIELD_BYTES 72 /* 571 bits -> 72 bytes */
#define EC_MAX_WORDS 9

enum ec_kind { EC_KIND_BINARY = 1, EC_KIND_PRIME = 2 };

/* Binary-curve parameters y^2 + xy = x^3 + a x^2 + b over GF(2^m),
 * field elements as little-endian 64-bit words. */
/* Koblitz curves (a = 0 or 1, b = 1): the constants of the tau-adic
 * multiplication (tools/tnaf.py explains and checks them). Z[tau] with
 * tau^2 = mu tau - 2; delta = (tau^m - 1)/(tau - 1) = d0 + d1 tau;
 * q_i = round(k |S_i| / 2^C), negated when s_neg[i]; digits alpha_{2j+1} =
 * alpha[j][0] + alpha[j][1] tau for j < 2^(w-1); tau = t mod tau^(w+1);
 * iters digits before the last; |alpha coefficients| <= cmax. */
typedef struct ec2_tnaf {
    int mu;
    unsigned w, iters, t, C, cmax;
    unsigned exc;                 /* the digits i < exc may meet acc = +-digit or acc = O */
    int s_neg[2], d_neg[2];
    uint64_t S[2][EC_MAX_WORDS];
    uint64_t d[2][EC_MAX_WORDS];
    int8_t alpha[32][2];
    uint64_t lambda[EC_MAX_WORDS]; /* tau P = lambda P on the subgroup (for the tests) */
    /* building alpha_j P, j < 2^(w-1), in this order, one mixed addition
     * each: chain[i] = {j, src is an entry, src, negations (1: source,
     * 2: addend), b}: entry j = +-(entry src, or tau^src P) +- tau^b P, or
     * with b = -1 the source alone; tau powers up to tau_max */
    int8_t chain[32][5];
    unsigned tau_max;
} ec2_tnaf;

typedef struct ec2_params {
    unsigned m;
    unsigned field_index;         /* index of the GF(2^m) instantiation */
    int a_kind;                   /* 0: a = 0, 1: a = 1, 2: general a */
    unsigned trace_a;             /* Tr(a) */
    uint64_t a[EC_MAX_WORDS];
    uint64_t b[EC_MAX_WORDS];
    uint64_t gx[EC_MAX_WORDS];
    uint64_t gy[EC_MAX_WORDS];
    /* Fixed-base table, window width base_w: base_pos positions of
     * 2^(base_w - 1) points: entry (i, j) = (j + 1) 2^(base_w i) G in
     * lambda-affine form, stored as x then lambda = x + y/x, each nwords
     * words (y = (lambda + x) x). Filled on first use (top comment). */
    uint64_t *base;
    unsigned base_pos;
    unsigned base_w;
    unsigned base_exc;            /* first position where acc = +-entry can occur */
    const ec2_tnaf *tnaf;         /* Koblitz curves: the tau-adic multiplication; else NULL */
    /* Verification on the other curves: (2j + 1) G for j < 2^(EC2_GNAF_W -
     * 2), lambda-affine as base (a width-EC2_GNAF_W NAF of u1 indexes it,
     * interleaved with u2 Q), filled with base; NULL on the Koblitz curves */
    uint64_t *gnaf;
} ec2_params;

#define EC2_GNAF_W 8

/* Prime-curve parameters y^2 = x^3 - 3x + b over GF(p); field elements in
 * the field's representation (Montgomery form modulo p, fp.nlimbs words;
 * P-521: 58-bit limbs; secp160r1: plain values). */
typedef struct ecp_params {
    mod_params fp;                /* p as a Montgomery modulus */
    uint64_t b[EC_MAX_WORDS];     /* b, field representation (b R mod p; P-521: 58-bit limbs; secp160r1: b) */
    uint64_t one[EC_MAX_WORDS];   /* 1, field representation */
    uint64_t gx[EC_MAX_WORDS];    /* G, plain */
    uint64_t gy[EC_MAX_WORDS];
    /* Fixed-base table, window width base_w: entry (i, j) = (j + 1) 2^(w i) G
     * for j < 2^(w - 1), affine, canonical field form, x then y, fp.nlimbs
     * words each; filled on first use (top comment) */
    uint64_t *base;
    unsigned base_pos;
    unsigned base_w;
    /* Verification: (2j + 1) G for j < 2^(ECP_GNAF_W - 2), affine, field
     * form, x then y (a width-ECP_GNAF_W NAF of u1 indexes it); filled with
     * base */
    uint64_t *gnaf;
} ecp_params;

#define ECP_GNAF_W 8

struct ec_ops;

struct fastec_curve {
    const char *name;             /* SEC 2 name */
    const char *aliases[3];       /* NIST name, OpenSSL speed name; NULL-padded */
    uint8_t oid[10];              /* named-curve OID, DER content bytes */
    uint8_t oid_len;
    enum ec_kind kind;
    unsigned field_bits;          /* m, or bitlen(p) */
    size_t field_size;            /* bytes of one coordinate */
    size_t scalar_size;           /* bytes of n */
    unsigned cofactor;
    sc_params sc;                 /* the order n */
    const ec2_params *ec2;        /* binary curves */
    unsigned impl_index;          /* row in the dispatch table: binary per field, prime per curve */
    const ecp_params *ecp;        /* prime curves */
    atomic_uint *tables;          /* the tables of G: 0 empty, 1 being filled, 2 ready */
};

extern const struct fastec_curve ec_curve_table[];
extern const size_t ec_curve_table_len;

/* c points at an entry of the table (callers' pointers are not trusted) */
int ec_curve_valid(const struct fastec_curve *c);
/* by SEC 2 name or alias (NIST name, OpenSSL's names), or NULL */
const struct fastec_curve *ec_curve_by_name(const char *name);
/* the curve whose named-curve OID (DER content bytes) this is, or NULL */
const struct fastec_curve *ec_curve_by_oid(const uint8_t *oid, size_t len);

#endif
