/* SPDX-License-Identifier: Apache-2.0 */
/* SEC 1 section 2.3.3/2.3.4 point encodings <-> validated points. */
#ifndef FASTEC_SEC1_H
#define FASTEC_SEC1_H

#include <stddef.h>
#include <stdint.h>

#include "curves/curves.h"
#include "ec_ops.h"

/* Decode and fully check (encoding, range, curve, subgroup) a public key. */
int sec1_decode(const struct fastec_curve *c, const ec_ops *ops, ec_point *p, const uint8_t *in, size_t len);
/* Encode a point, uncompressed or compressed; *len: capacity in, length out. */
int sec1_encode(const struct fastec_curve *c, const ec_ops *ops, const ec_point *p, int compressed, uint8_t *out,
                size_t *len);

#endif
