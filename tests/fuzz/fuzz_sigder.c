/* SPDX-License-Identifier: Apache-2.0 */
/* DER signature parsing: [curve][bytes]. Invariants: no crash; whatever
 * parses re-encodes to exactly the same bytes (strict DER is canonical). */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    if (!c) return 0;
    uint8_t sig[144], der[200];
    size_t dl = sizeof der;
    int rc = fastec_sig_from_der(c, data, size, sig);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) {
        FUZZ_ASSERT(fastec_sig_to_der(c, sig, der, &dl) == FASTEC_OK);
        FUZZ_ASSERT(dl == size && !memcmp(der, data, size));
    }
    return 0;
}
