/* SPDX-License-Identifier: Apache-2.0 */
/* AES-128/192/256 (FIPS 197) and CBC mode (SP 800-38A), for encrypted key
 * files: a constant-time software implementation (aes.c: the S-box computed
 * as an inversion in GF(2^8), no table look-ups) and AES-NI (aes_ni.c,
 * x86-64, the "aesni" backend) chosen at run time. No heap. */
#ifndef FASTEC_AES_H
#define FASTEC_AES_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t rk[15 * 16]; /* round keys, in state byte order */
    unsigned rounds;     /* 10, 12 or 14 */
} aes_key;

/* key: 16, 24 or 32 bytes; 0 for another length */
int aes_set_key(aes_key *k, const uint8_t *key, size_t len);
void aes_encrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16]);
void aes_decrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16]);
/* CBC over whole blocks; iv is updated (the last ciphertext block); in and
 * out may be the same buffer */
void aes_cbc_encrypt(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks);
void aes_cbc_decrypt(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks);

/* the software blocks (tests compare them with AES-NI) */
void aes_soft_encrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16]);
void aes_soft_decrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16]);
#if defined(__x86_64__)
#define AES_HAVE_NI 1
void aes_ni_encrypt_blocks_cbc(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks);
void aes_ni_decrypt_blocks_cbc(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks);
#else
#define AES_HAVE_NI 0
#endif

#endif
