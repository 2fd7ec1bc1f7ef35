/* SPDX-License-Identifier: Apache-2.0 */
/* AES-CBC with the AES-NI instructions (x86-64, the "aesni" backend): the
 * round keys of aes_set_key loaded as they are for encryption, passed
 * through AESIMC for the equivalent inverse cipher. Constant-time by
 * construction (the instructions have fixed latency). Functions carry the
 * target attribute, so the file builds without -maes. */
#include "sym/aes.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AESNI_TARGET __attribute__((target("aes,sse2")))

AESNI_TARGET void aes_ni_encrypt_blocks_cbc(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                                            size_t blocks)
{
    __m128i rk[15];
    for (unsigned r = 0; r <= k->rounds; r++) rk[r] = _mm_loadu_si128((const __m128i *)(k->rk + 16 * r));
    __m128i x = _mm_loadu_si128((const __m128i *)iv);
    for (size_t b = 0; b < blocks; b++) {
        x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)(in + 16 * b)));
        x = _mm_xor_si128(x, rk[0]);
        for (unsigned r = 1; r < k->rounds; r++) x = _mm_aesenc_si128(x, rk[r]);
        x = _mm_aesenclast_si128(x, rk[k->rounds]);
        _mm_storeu_si128((__m128i *)(out + 16 * b), x);
    }
    _mm_storeu_si128((__m128i *)iv, x);
    for (unsigned r = 0; r <= k->rounds; r++) rk[r] = _mm_setzero_si128();
}

AESNI_TARGET void aes_ni_decrypt_blocks_cbc(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                                            size_t blocks)
{
    __m128i dk[15];
    dk[0] = _mm_loadu_si128((const __m128i *)(k->rk + 16 * k->rounds));
    for (unsigned r = 1; r < k->rounds; r++)
        dk[r] = _mm_aesimc_si128(_mm_loadu_si128((const __m128i *)(k->rk + 16 * (k->rounds - r))));
    dk[k->rounds] = _mm_loadu_si128((const __m128i *)k->rk);
    __m128i prev = _mm_loadu_si128((const __m128i *)iv);
    for (size_t b = 0; b < blocks; b++) {
        __m128i c = _mm_loadu_si128((const __m128i *)(in + 16 * b)), x = _mm_xor_si128(c, dk[0]);
        for (unsigned r = 1; r < k->rounds; r++) x = _mm_aesdec_si128(x, dk[r]);
        x = _mm_aesdeclast_si128(x, dk[k->rounds]);
        _mm_storeu_si128((__m128i *)(out + 16 * b), _mm_xor_si128(x, prev));
        prev = c;
    }
    _mm_storeu_si128((__m128i *)iv, prev);
    for (unsigned r = 0; r <= k->rounds; r++) dk[r] = _mm_setzero_si128();
}
#else
typedef int aes_ni_empty; /* nothing on other targets */
#endif
