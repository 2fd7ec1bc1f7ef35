/* SPDX-License-Identifier: Apache-2.0 */
/* Binary-curve points, y^2 + xy = x^3 + a x^2 + b over GF(2^m), on top of
 * gf2m_impl.h (included first by the instantiating unit).
 *
 *  - ec2_ladder_x: constant-time López–Dahab Montgomery ladder, x-only
 *    (López, Dahab, "Fast multiplication on elliptic curves over GF(2^m)
 *    without precomputation", CHES 1999): per bit 5M + 5S (+1M if b != 1),
 *    bitlen(n) iterations whatever the scalar, conditional swaps by masks.
 *  - ec2_mul_base: constant-time fixed-base windows: k = sum d_i 2^(w i)
 *    with signed width-w digits (w = 5, 6 from 283 bits), k G = sum
 *    d_i (2^(w i) G) from the table of G (lambda-affine, computed on the
 *    curve's first use by ec2_tables.h), each row scanned whole; mixed
 *    additions in lambda coordinates (8M + 2S), no doublings.
 *  - ec2_tnaf_mul_x (Koblitz curves): constant-time regular
 *    tau-adic windows (k partially reduced mod (tau^m - 1)/(tau - 1), one
 *    non-zero digit every w Frobenius maps, lambda coordinates); the ladder
 *    stays the reference.
 *  - ec2_verify_vartime: u2 Q by width-5 wNAF (tau-adic on those Koblitz
 *    curves) plus u1 G from the same table, lambda coordinates; public data
 *    only.
 * López–Dahab coordinates: x = X/Z, y = Y/Z^2; lambda coordinates in
 * ec2_lambda.h. */

#include "curves/curves.h"
#include "ec_ops.h"
#include "err.h"

/* the formulas, written once for every representation; then one file per
 * operation, each using the ones before it */
#include "ec2/ec2_formulas.h"
#include "ec2/ec2_curve.h"
#include "ec2/ec2_ladder.h"
#include "ec2/ec2_ld.h"
#include "ec2/ec2_lambda.h"
#include "ec2/ec2_base.h"
#include "ec2/ec2_vartime.h"
#include "ec2/ec2_tnaf.h"
#include "ec2/ec2_check.h"
#include "ec2/ec2_ops.h"
#include "ec2/ec2_verify.h"
#if EC_TABLES /* the tables of G, where this backend fills them (tools/gen_curves.py) */
#include "ec2/ec2_tables.h"
#endif
#include "ec2/ec2_hooks.h"
