/* SPDX-License-Identifier: Apache-2.0 */
/* Verification with arbitrary public key, digest and signature bytes:
 * [curve][publen][pub][dlen][digest][sig = 2 scalar_size]. Invariants: no
 * crash; success only if the public key passes the check. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    if (!c || size < 2) return 0;
    size_t pl = data[0];
    data++, size--;
    if (size < pl + 1) return 0;
    const uint8_t *pub = data;
    data += pl, size -= pl;
    size_t dl = data[0];
    data++, size--;
    size_t sl = 2 * fastec_curve_scalar_size(c);
    if (size < dl + sl) return 0;
    int rc = fastec_ecdsa_verify(c, pub, pl, data, dl, data + dl);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) FUZZ_ASSERT(fastec_public_key_check(c, pub, pl) == FASTEC_OK);
    return 0;
}
