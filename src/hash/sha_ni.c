/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-1 and SHA-256 block functions with the x86 SHA extensions (SHA1RNDS4,
 * SHA1NEXTE, SHA1MSG1/2, SHA256RNDS2, SHA256MSG1/2), chosen at run time by
 * sha1.c and sha256.c when CPUID reports them (src/cpu.c: CPU_BE_SHA). The
 * state stays in two XMM registers per block: SHA-1 as ABCD and E, SHA-256 as
 * ABEF and CDGH, the order SHA256RNDS2 works on. */
#include "hash/hash.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

/* one group of four SHA-1 rounds, g = 0..19 (constant after expansion); M[4]
 * holds message words 4g..4g+3 of the schedule as it advances */
#define SHA1_GROUP(g)                                                                      \
    do {                                                                                   \
        if ((g) == 0) {                                                                    \
            e0 = _mm_add_epi32(e0, M[0]);                                                  \
            e1 = abcd;                                                                     \
            abcd = _mm_sha1rnds4_epu32(abcd, e0, 0);                                       \
        } else if ((g) % 2) {                                                              \
            e1 = _mm_sha1nexte_epu32(e1, M[(g) % 4]);                                      \
            e0 = abcd;                                                                     \
            if ((g) >= 3 && (g) <= 18) M[((g) + 1) % 4] = _mm_sha1msg2_epu32(M[((g) + 1) % 4], M[(g) % 4]); \
            abcd = _mm_sha1rnds4_epu32(abcd, e1, (g) / 5);                                 \
        } else {                                                                           \
            e0 = _mm_sha1nexte_epu32(e0, M[(g) % 4]);                                      \
            e1 = abcd;                                                                     \
            if ((g) >= 3 && (g) <= 18) M[((g) + 1) % 4] = _mm_sha1msg2_epu32(M[((g) + 1) % 4], M[(g) % 4]); \
            abcd = _mm_sha1rnds4_epu32(abcd, e0, (g) / 5);                                 \
        }                                                                                  \
        if ((g) >= 1 && (g) <= 16) M[((g) + 3) % 4] = _mm_sha1msg1_epu32(M[((g) + 3) % 4], M[(g) % 4]); \
        if ((g) >= 2 && (g) <= 17) M[((g) + 2) % 4] = _mm_xor_si128(M[((g) + 2) % 4], M[(g) % 4]); \
    } while (0)

SHA_TARGET void sha1_block_ni(void *state, const uint8_t *p)
{
    uint32_t *h = state;
    const __m128i mask = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
    __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0), e1;
    const __m128i abcd_save = abcd, e0_save = e0;
    __m128i M[4];
    for (int i = 0; i < 4; i++) M[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), mask);
    SHA1_GROUP(0);
    SHA1_GROUP(1);
    SHA1_GROUP(2);
    SHA1_GROUP(3);
    SHA1_GROUP(4);
    SHA1_GROUP(5);
    SHA1_GROUP(6);
    SHA1_GROUP(7);
    SHA1_GROUP(8);
    SHA1_GROUP(9);
    SHA1_GROUP(10);
    SHA1_GROUP(11);
    SHA1_GROUP(12);
    SHA1_GROUP(13);
    SHA1_GROUP(14);
    SHA1_GROUP(15);
    SHA1_GROUP(16);
    SHA1_GROUP(17);
    SHA1_GROUP(18);
    SHA1_GROUP(19);
    e0 = _mm_sha1nexte_epu32(e0, e0_save);
    abcd = _mm_add_epi32(abcd, abcd_save);
    _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
    h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
    /* the message schedule may hold key material (HMAC) */
    M[0] = M[1] = M[2] = M[3] = _mm_setzero_si128();
    __asm__ volatile("" : : "m"(M) : "memory");
}


SHA_TARGET void sha256_block_ni(void *state, const uint8_t *p)
{
    uint32_t *h = state;
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0xb1);        /* CDAB */
    __m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b); /* EFGH */
    __m128i s0 = _mm_alignr_epi8(t, s1, 8);                                           /* ABEF */
    s1 = _mm_blend_epi16(s1, t, 0xf0);                                                /* CDGH */
    const __m128i s0_save = s0, s1_save = s1;
    __m128i M[4];
    for (int i = 0; i < 4; i++) M[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), mask);
    for (int g = 0; g < 16; g++) {
        __m128i cur = M[g % 4];
        __m128i msg = _mm_add_epi32(cur, _mm_loadu_si128((const __m128i *)(sha256_k + 4 * g)));
        s1 = _mm_sha256rnds2_epu32(s1, s0, msg);
        if (g >= 3 && g <= 14) { /* words 4 (g + 1) .. 4 (g + 1) + 3 */
            __m128i nx = _mm_add_epi32(M[(g + 1) % 4], _mm_alignr_epi8(cur, M[(g + 3) % 4], 4));
            M[(g + 1) % 4] = _mm_sha256msg2_epu32(nx, cur);
        }
        msg = _mm_shuffle_epi32(msg, 0x0e);
        s0 = _mm_sha256rnds2_epu32(s0, s1, msg);
        if (g >= 1 && g <= 12) M[(g + 3) % 4] = _mm_sha256msg1_epu32(M[(g + 3) % 4], cur);
    }
    s0 = _mm_add_epi32(s0, s0_save);
    s1 = _mm_add_epi32(s1, s1_save);
    t = _mm_shuffle_epi32(s0, 0x1b);      /* FEBA */
    s1 = _mm_shuffle_epi32(s1, 0xb1);     /* DCHG */
    s0 = _mm_blend_epi16(t, s1, 0xf0);    /* DCBA */
    s1 = _mm_alignr_epi8(s1, t, 8);       /* HGFE */
    _mm_storeu_si128((__m128i *)h, s0);
    _mm_storeu_si128((__m128i *)(h + 4), s1);
    M[0] = M[1] = M[2] = M[3] = _mm_setzero_si128();
    __asm__ volatile("" : : "m"(M) : "memory");
}
#endif
