/* SPDX-License-Identifier: Apache-2.0 */
/* Encrypted private keys (PKCS#8 EncryptedPrivateKeyInfo, PBES2) with
 * arbitrary bytes: the first byte chooses the passphrase (a prefix of a fixed
 * one, so that seeds written with it decrypt), the rest is the file, DER or
 * PEM. The fuzzing build refuses more than 1000 PBKDF2 iterations so that an
 * input cannot stall the run.
 * Invariants: no crash; a decrypted key is valid for its curve, encrypts
 * again and decrypts back to the same key; with no passphrase an encrypted
 * file says FASTEC_ERR_ENCRYPTED and never yields a key. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char pw[] = "fuzz passphrase";
    if (size < 1) return 0;
    size_t pass_len = data[0] % sizeof pw;
    const uint8_t *in = data + 1;
    size_t n = size - 1;
    const fastec_curve *c = NULL, *c2 = NULL;
    uint8_t priv[72], priv2[72], pub[145], enc[1024];
    size_t pl = sizeof pub, el = sizeof enc;
    int rc = fastec_private_key_decrypt(in, n, pw, pass_len, &c, priv, sizeof priv);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) {
        FUZZ_ASSERT(c != NULL);
        FUZZ_ASSERT(fastec_public_key(c, priv, 0, pub, &pl) == FASTEC_OK);
        FUZZ_ASSERT(fastec_private_key_encrypt(c, priv, pw, pass_len, 1 + (size & 1), 1, size & 2, enc, &el) ==
                    FASTEC_OK);
        FUZZ_ASSERT(el <= FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE);
        FUZZ_ASSERT(fastec_private_key_decrypt(enc, el, pw, pass_len, &c2, priv2, sizeof priv2) == FASTEC_OK);
        FUZZ_ASSERT(c2 == c && !memcmp(priv, priv2, fastec_curve_scalar_size(c)));
    } else {
        FUZZ_ASSERT(c == NULL);
    }
    /* without a passphrase: never a key from an encrypted file */
    rc = fastec_private_key_decode(in, n, &c2, priv2, sizeof priv2);
    FUZZ_ASSERT(rc <= 0);
    if (rc == FASTEC_OK) FUZZ_ASSERT(c2 != NULL);
    return 0;
}
