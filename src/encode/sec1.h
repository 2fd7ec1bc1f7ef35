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
/* Encode a point in form (SEC1_*: uncompressed 0x04, compressed 0x02/0x03,
 * X9.62 hybrid 0x06/0x07 with the compressed form's bit); *len: capacity
 * in, length out. */
enum { SEC1_UNCOMPRESSED = 0, SEC1_COMPRESSED = 1, SEC1_HYBRID = 2 };
int sec1_encode(const struct fastec_curve *c, const ec_ops *ops, const ec_point *p, int form, uint8_t *out,
                size_t *len);

#endif
