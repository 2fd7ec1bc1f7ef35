/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time helpers: masks, conditional move/swap, comparison, wiping, and
 * the checkmem hooks that mark memory secret (undefined) or public (defined)
 * for valgrind in test builds. Nothing here branches on its inputs. */
#ifndef FASTEC_CT_H
#define FASTEC_CT_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "invariant.h"

#ifdef FASTEC_VALGRIND
#include <valgrind/memcheck.h>
#define ct_secret(p, len) VALGRIND_MAKE_MEM_UNDEFINED((p), (len))
#define ct_public(p, len) VALGRIND_MAKE_MEM_DEFINED((p), (len))
#else
#define ct_secret(p, len) ((void)(p), (void)(len))
#define ct_public(p, len) ((void)(p), (void)(len))
#endif

/* Hide a value from the optimiser so mask arithmetic is not turned into branches. */
static inline uint64_t ct_barrier(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* all-ones if bit (0 or 1) is 1, else 0 */
static inline uint64_t ct_mask_bit(uint64_t bit) { return (uint64_t)0 - ct_barrier(bit & 1); }
/* all-ones if x == 0 */
static inline uint64_t ct_is_zero(uint64_t x) { return ct_mask_bit((~x & (x - 1)) >> 63); }
static inline uint64_t ct_eq(uint64_t a, uint64_t b) { return ct_is_zero(a ^ b); }
/* all-ones if a < b (unsigned) */
static inline uint64_t ct_lt(uint64_t a, uint64_t b)
{
    return ct_mask_bit((a ^ ((a ^ b) | ((a - b) ^ b))) >> 63);
}

static inline void ct_cmov_words(uint64_t *r, const uint64_t *a, size_t n, uint64_t mask)
{
    for (size_t i = 0; i < n; i++) r[i] ^= mask & (r[i] ^ a[i]);
}

/* r = entry idx - first (nwords words) of the n entries at tab, entry j at
 * tab + j * stride words; all zero when idx - first is not in 0..n-1. Every
 * entry is read, masked and OR-ed in (SSE2 on x86-64: two words per step, no
 * chain from one entry to the next; up to 20 words that way). */
static inline void ct_select_words(uint64_t *r, const uint64_t *tab, size_t n, size_t stride, size_t nwords,
                                   uint64_t idx, uint64_t first)
{
    FASTEC_INVARIANT(idx < first + n); /* an index past the table selects nothing */
#if defined(__SSE2__)
    if (nwords <= 20) {
        __m128i acc[10];
        const size_t nv = nwords / 2;
        for (size_t i = 0; i < nv; i++) acc[i] = _mm_setzero_si128();
        uint64_t tail = 0;
        for (size_t j = 0; j < n; j++) {
            uint64_t m = ct_eq(idx, first + j);
            __m128i mv = _mm_set1_epi64x((long long)m);
            const uint64_t *e = tab + j * stride;
            for (size_t i = 0; i < nv; i++)
                acc[i] = _mm_or_si128(acc[i], _mm_and_si128(mv, _mm_loadu_si128((const __m128i *)(e + 2 * i))));
            if (nwords & 1) tail |= m & e[nwords - 1];
        }
        for (size_t i = 0; i < nv; i++) _mm_storeu_si128((__m128i *)(r + 2 * i), acc[i]);
        if (nwords & 1) r[nwords - 1] = tail;
        return;
    }
#endif
    for (size_t i = 0; i < nwords; i++) r[i] = 0;
    for (size_t j = 0; j < n; j++) {
        uint64_t m = ct_eq(idx, first + j);
        const uint64_t *e = tab + j * stride;
        for (size_t i = 0; i < nwords; i++) r[i] |= m & e[i];
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
/* ct_select_words with 256-bit registers, for code that only runs when the
 * CPU has AVX2 (the prime-field adx backend): four words per load, AND and
 * OR; the words past a multiple of four by 64-bit masks. nwords <= 24. */
__attribute__((target("avx2"), unused)) static void ct_select_words_avx2(uint64_t *r, const uint64_t *tab, size_t n,
                                                                       size_t stride, size_t nwords, uint64_t idx,
                                                                       uint64_t first)
{
    FASTEC_INVARIANT(idx < first + n && nwords <= 24);
    __m256i acc[6];
    const size_t nv = nwords / 4;
    uint64_t tail[3] = {0, 0, 0};
    for (size_t i = 0; i < nv; i++) acc[i] = _mm256_setzero_si256();
    for (size_t j = 0; j < n; j++) {
        uint64_t m = ct_eq(idx, first + j);
        __m256i mv = _mm256_set1_epi64x((long long)m);
        const uint64_t *e = tab + j * stride;
        for (size_t i = 0; i < nv; i++)
            acc[i] = _mm256_or_si256(acc[i], _mm256_and_si256(mv, _mm256_loadu_si256((const __m256i *)(e + 4 * i))));
        for (size_t i = 4 * nv; i < nwords; i++) tail[i - 4 * nv] |= m & e[i];
    }
    for (size_t i = 0; i < nv; i++) _mm256_storeu_si256((__m256i *)(r + 4 * i), acc[i]);
    for (size_t i = 4 * nv; i < nwords; i++) r[i] = tail[i - 4 * nv];
}
#endif

static inline void ct_cswap_words(uint64_t *a, uint64_t *b, size_t n, uint64_t mask)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* Wipe memory in a way the compiler may not remove. */
void ct_wipe(void *p, size_t len);

/* Inline wipe of a few words (hot paths): zero stores the compiler must keep. */
static inline void ct_wipe_words(uint64_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = 0;
#if defined(__GNUC__) || defined(__clang__)
    __asm__ volatile("" : : "r"(p) : "memory");
#endif
}

#endif
