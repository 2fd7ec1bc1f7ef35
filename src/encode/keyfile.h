/* SPDX-License-Identifier: Apache-2.0 */
/* Key files and DER signatures (keyfile.c), behind the public calls of the
 * same names in api/ (which check the arguments): SEC 1 ECPrivateKey, PKCS#8
 * PrivateKeyInfo, SubjectPublicKeyInfo, DER or PEM; r || s <-> DER. */
#ifndef FASTEC_KEYFILE_H
#define FASTEC_KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "curves/curves.h"

int keyfile_sig_to_der(const struct fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len);
int keyfile_sig_from_der(const struct fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig);
/* pub_form: the form of the public key the file carries (SEC1_*,
 * encode/sec1.h) */
int keyfile_private_encode(const struct fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int pub_form,
                           uint8_t *out, size_t *out_len);
int keyfile_private_decode(const uint8_t *in, size_t in_len, const struct fastec_curve **c, uint8_t *priv,
                           size_t priv_cap);
/* PKCS#8 EncryptedPrivateKeyInfo, PBES2 with PBKDF2-HMAC-SHA-256 and
 * AES-128-CBC or (aes256) AES-256-CBC, DER or PEM; size_only: the same size
 * with zeros for salt, IV and ciphertext, without the key derivation */
int keyfile_private_encrypt(const struct fastec_curve *c, const uint8_t *priv, const char *pass, size_t pass_len,
                            int aes256, unsigned iterations, int pem, int pub_form, int size_only, uint8_t *out,
                            size_t *out_len);
/* any private key file; an encrypted one is decrypted with pass (RC_ENCRYPTED
 * when pass is NULL); *form (if form): the first byte of the embedded public
 * key as stored (0x04, 0x02/0x03, 0x06/0x07), 0 when the file has none */
int keyfile_private_decrypt(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                            const struct fastec_curve **c, uint8_t *priv, size_t priv_cap, int *form);
int keyfile_public_encode(const struct fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                          size_t *out_len);
/* *form (if form): the first byte of the point as stored */
int keyfile_public_decode(const uint8_t *in, size_t in_len, const struct fastec_curve **c, uint8_t *pub,
                          size_t *pub_len, int *form);

#endif
