/* SPDX-License-Identifier: Apache-2.0 */
/* Key-file parsing with arbitrary bytes: ECPrivateKey, PKCS#8 and
 * SubjectPublicKeyInfo, DER or PEM (PEM armor and base64 included).
 * Invariants: no crash; a parsed private key re-encodes and parses back to
 * the same key and curve; a parsed public key passes the key check. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = NULL, *c2 = NULL;
    uint8_t priv[72], priv2[72], pub[145], enc[4096];
    size_t pl = sizeof pub, el = sizeof enc;
    int rc = fastec_private_key_decode(data, size, &c, priv, sizeof priv);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) {
        FUZZ_ASSERT(c != NULL);
        FUZZ_ASSERT(fastec_private_key_encode(c, priv, size & 1, size & 2, enc, &el) == FASTEC_OK);
        FUZZ_ASSERT(fastec_private_key_decode(enc, el, &c2, priv2, sizeof priv2) == FASTEC_OK);
        FUZZ_ASSERT(c2 == c && !memcmp(priv, priv2, fastec_curve_scalar_size(c)));
    } else {
        FUZZ_ASSERT(c == NULL);
    }
    rc = fastec_public_key_decode(data, size, &c, pub, &pl);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) FUZZ_ASSERT(fastec_public_key_check(c, pub, pl) == FASTEC_OK);
    return 0;
}
