/* SPDX-License-Identifier: Apache-2.0 */
/* Prime-curve points, y^2 = x^3 - 3x + b over GF(p), for the six SEC 2 /
 * NIST prime curves (cofactor 1); compiled once per prime (ecp_inst.c) over
 * that prime's field code (fp/fp_impl.h): Montgomery residues, P-521's
 * 58-bit limbs or secp160r1's plain values; the tables of G (ecp_tables.h,
 * computed on the curve's first use) are in the same representation.
 *
 * Points are Jacobian (X : Y : Z), x = X/Z^2, y = Y/Z^3, the identity Z = 0.
 * Doubling: dbl-2001-b (a = -3), 4M + 4S (3M + 5S for P-521), maps the
 * identity to itself.
 * Addition: 12M + 4S, mixed with an affine point 8M + 3S; for P = -Q it gives
 * Z = 0 by itself; the other special inputs (either one the identity, P = Q)
 * are handled as follows.
 *  - k P for a secret k (ECDH): signed 4-bit fixed windows over 1..8 P
 *    (affine: the table depends on the public P only, so one variable-time
 *    inversion converts it and the steps are mixed additions), the row
 *    scanned whole, the sign applied by a masked negation; the accumulator
 *    starts as the top digit's entry (no doublings of the identity). The
 *    accumulator is 16 A P for the prefix A of the digits, and |16 A - k / 16^i|
 *    < 16, so before the last step 16 A = +-d (mod n) only if A = d = 0: the
 *    identity cases (masked selects) are the only special ones there. At the
 *    last step 16 A = d (mod n) for k in {2, 4, ..., 16} and {n - 16, ...,
 *    n - 2}, so that addition also computes the doubling and selects it by
 *    mask. Every step does the same operations whatever the digits.
 *  - k G for a secret k: the table of (j + 1) 2^(w i) G (affine,
 *    j < 2^(w - 1), w = 4, 6 for P-224, P-256, P-384 and P-521), signed
 *    width-w digits, the first digit's entry as the start and one mixed
 *    addition per further digit, no doubling. The accumulator before position i is
 *    below 2^(w i - 1) in absolute value, so acc = +-entry needs
 *    (2^(w - 1) + 1) 2^(w i) >= n: only the last positions
 *    (w i + w + 1 > bitlen(n)) take the addition with the masked doubling.
 *  - verification (public data): one chain of doublings for u1 G + u2 Q,
 *    width-5 NAF of u2 over 1, 3, ..., 15 Q (made affine by one inversion)
 *    and width-8 NAF of u1 over the
 *    table of 1, 3, ..., 127 G, branches on the special cases, and
 *    x(R) = r tested as r Z^2 == X (and r + n while below p), no inversion. */
#ifndef FASTEC_ECP_IMPL_H
#define FASTEC_ECP_IMPL_H

#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "err.h"
#include "fp/fp_impl.h"
#include "ecp/ecp_formulas.h"

/* the table scans: 256-bit registers in the adx and ifma instances (both
 * backends need AVX2, src/cpu.c) */
#ifndef ECP_IFMA
#define ECP_IFMA 0
#endif
/* the ifma backend's two instances: P-521 on its own IFMA field throughout,
 * P-384 on the adx field with ECDH's windows and verification's chain on an
 * IFMA one */
#define ECP_IFMA521 (ECP_IFMA && FP_MERSENNE)
#define ECP_IFMA384 (ECP_IFMA && !FP_MERSENNE)
#if ECP_IFMA && !((defined(FP_CURVE_secp521r1) || (defined(FP_CURVE_secp384r1) && FP_ADX)) && defined(__x86_64__))
#error "the ifma backend is P-521 and P-384 (with the adx field) on x86-64 only"
#endif
#if (FP_ADX || ECP_IFMA) && defined(__x86_64__)
#define ECP_SELECT ct_select_words_avx2
#else
#define ECP_SELECT ct_select_words
#endif

#define ECP_WNAF_W 5 /* verification's window for Q */

/* one file per operation, each using the ones before it; where a backend
 * has its own code for an operation, the choice is made here */
#include "ecp/ecp_point.h"
#if ECP_IFMA521
#include "ecp/ecp_ifma521.h" /* the formulas whole in IFMA registers */
#else
#include "ecp/ecp_jacobian.h"
#endif
#include "ecp/ecp_add.h"
#include "ecp/ecp_affine.h"
#if ECP_IFMA521
#include "ecp/ecp_ifma521_mul.h" /* ECDH's windows in IFMA registers */
#elif ECP_IFMA384
#include "ecp/ecp_ifma384_mul.h"
#else
#include "ecp/ecp_windows.h"
#endif
#include "ecp/ecp_mul.h"
#if ECP_IFMA384
#include "ecp/ecp_ifma384_dmul.h" /* verification's chain in IFMA registers */
#else
#include "ecp/ecp_dmul.h"
#endif
#include "ecp/ecp_ops.h"
#if EC_TABLES /* the tables of G, where this backend fills them (tools/gen_curves.py) */
#include "ecp/ecp_tables.h"
#endif

#endif
