/* SPDX-License-Identifier: Apache-2.0 */
/* Public-key decoding and checking with arbitrary bytes. Invariants: no
 * crash, only defined codes, and ECDH (plain and cofactor) succeeds with
 * every key the check accepts. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    if (!c) return 0;
    int rc = fastec_public_key_check(c, data, size);
    FUZZ_ASSERT(rc <= 0 && fastec_strerror(rc) != NULL);
    if (rc == FASTEC_OK) {
        uint8_t priv[72], sec1[72], sec2[72];
        fuzz_priv(c, priv);
        FUZZ_ASSERT(fastec_ecdh(c, priv, data, size, sec1) == FASTEC_OK);
        FUZZ_ASSERT(fastec_ecdh_cofactor(c, priv, data, size, sec2) == FASTEC_OK);
    }
    return 0;
}
