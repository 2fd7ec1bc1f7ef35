/* SPDX-License-Identifier: Apache-2.0 */
/* ECDH with arbitrary peer bytes and a fixed private key. Invariants: no
 * crash; plain and cofactor ECDH succeed exactly when the key check does. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    if (!c) return 0;
    uint8_t priv[72], sec[72];
    fuzz_priv(c, priv);
    int rc = fastec_ecdh(c, priv, data, size, sec);
    int rc2 = fastec_ecdh_cofactor(c, priv, data, size, sec);
    int chk = fastec_public_key_check(c, data, size);
    FUZZ_ASSERT(rc == chk && rc2 == chk);
    return 0;
}
