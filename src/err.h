/* SPDX-License-Identifier: Apache-2.0 */
/* Return codes inside the library: 0 or a negative RC_* code. They have the
 * values of the public FASTEC_OK / FASTEC_ERR_* (include/fastec.h; src/api/
 * checks at compile time that each pair agrees), so that no layer below the
 * public API needs the public header. */
#ifndef FASTEC_ERR_H
#define FASTEC_ERR_H

enum {
    RC_OK = 0,
    RC_NULL = -1,
    RC_CURVE = -2,
    RC_BUFFER = -3,
    RC_PRIVKEY = -4,
    RC_ENCODING = -5,
    RC_COORD = -6,
    RC_NOT_ON_CURVE = -7,
    RC_INFINITY = -8,
    RC_SUBGROUP = -9,
    RC_SIG_RANGE = -10,
    RC_SIG_INVALID = -11,
    RC_RANDOM = -12,
    RC_ARG = -13,
    RC_INTERNAL = -14,
    RC_DER = -15,
    RC_PEM = -16,
    RC_CURVE_OID = -17,
    RC_EXPLICIT_PARAMS = -18,
    RC_ALGORITHM = -19,
    RC_VERSION = -20,
    RC_KEY_MISMATCH = -21,
    RC_NO_CURVE = -22,
    RC_HASH = -23,
    RC_ENCRYPTED = -24,
    RC_PASSPHRASE = -25,
    RC_NOT_PRIVATE = -26,
    RC_LEGACY_ENCRYPTED = -27,
    RC_CIPHER = -28,
    RC_BATCH = -29,
    RC_MEMORY = -30
};

#endif
