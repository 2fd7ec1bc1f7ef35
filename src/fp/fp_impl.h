/* SPDX-License-Identifier: Apache-2.0 */
/* Arithmetic in GF(p) for one prime, compiled once per prime: the including
 * file defines FP_CURVE_<name> (FP_CURVE_secp256r1, ...) and gets p and its
 * constants from the generated gen/fp_consts.h as compile-time constants, so
 * every loop below has a constant trip count and unrolls, and
 * multiplications by the zero and all-ones words of p fold away. The parts
 * above the core arithmetic (bytes, comparison, inversion, square roots) are
 * in fp/fp_ext.h, included at the end; the tests' view in fp/fp_hooks.h.
 *
 * Elements are FP_NL 64-bit little-endian limbs, fully reduced (0 <= a < p),
 * in Montgomery form a R mod p with R = 2^(64 FP_NL); fp_mul(a, b) = a b R^-1
 * (two primes keep plain values instead, below). That is the same
 * representation as the generated tables; the Montgomery form is also the
 * shared scalar code's (scalar/sc.c), so the two can be tested against each
 * other (the test hooks, fp/fp_hooks.h, give every prime that view).
 *  - Montgomery primes: product (or square, half the word products) into
 *    2 FP_NL words, then word-by-word Montgomery reduction with -p^-1 mod 2^64
 *    (1 for P-192 and P-256, where the reduction needs no multiplication by
 *    m's inverse);
 *  - p = 2^521 - 1 (FP_MERSENNE): not Montgomery; fp/fp521.h, nine 58-bit
 *    limbs, plain values, products folded with 2^522 = 2 (mod p);
 *  - p = 2^160 - 2^31 - 1 (FP_PLAIN, secp160r1): not Montgomery; plain values
 *    in FP_NL words, fully reduced like the Montgomery ones, products folded
 *    with 2^160 = 2^31 + 1 (mod p) in fp/fp160.h; the rest is shared.
 * All three convert from and to canonical 64-bit words with fp_from_words
 * and fp_to_words, the only way in and out of the representation.
 * Everything here is constant-time: no branch or index depends on a value. */
#ifndef FASTEC_FP_IMPL_H
#define FASTEC_FP_IMPL_H

#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "gen/fp_consts.h"
#include "invariant.h"

#ifndef FP_NL
#error "define FP_CURVE_<name> for one of the prime curves"
#endif
#ifndef FP_ADX
#define FP_ADX 0
#endif

#define FP_INLINE static inline __attribute__((always_inline))
#define FP_UNROLL _Pragma("GCC unroll 18")

typedef unsigned __int128 fp_u128;
typedef uint64_t fe[FP_NL];

#if !FP_MERSENNE
static const uint64_t fp_p[FP_NL] = FP_P_INIT;
static const uint64_t fp_pm2[FP_NL] = FP_PM2_INIT;
static const uint64_t fp_one[FP_NL] = FP_ONE_INIT; /* 1: R mod p in Montgomery form */
#if !FP_PLAIN
static const uint64_t fp_rr[FP_NL] = FP_RR_INIT; /* R^2 mod p */
#endif

/* masks and selects are ct.h's (with its optimisation barrier) */
FP_INLINE void fp_copy(uint64_t *r, const uint64_t *a) { memcpy(r, a, FP_NL * 8); }

FP_INLINE void fp_cmov(uint64_t *r, const uint64_t *a, uint64_t mask) { ct_cmov_words(r, a, FP_NL, mask); }

/* all ones if a == 0 */
FP_INLINE uint64_t fp_is_zero(const uint64_t *a)
{
    uint64_t t = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) t |= a[i];
    return ct_is_zero(t);
}

/* all ones if a == b */
FP_INLINE uint64_t fp_eq(const uint64_t *a, const uint64_t *b)
{
    uint64_t t = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) t |= a[i] ^ b[i];
    return ct_is_zero(t);
}

#endif

/* add and subtract with carry: the x86-64 intrinsics (plain ADC/SBB, no
 * extension needed) give compilers a carry chain they keep in the flags;
 * elsewhere 128-bit arithmetic */
#if defined(__x86_64__)
#include <x86intrin.h>
FP_INLINE uint64_t fp_adc(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
    unsigned long long o;
    unsigned char co = _addcarry_u64((unsigned char)c, a, b, &o);
    *r = o;
    return co;
}
FP_INLINE uint64_t fp_sbb(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
    unsigned long long o;
    unsigned char co = _subborrow_u64((unsigned char)c, a, b, &o);
    *r = o;
    return co;
}
#else
FP_INLINE uint64_t fp_adc(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
    fp_u128 v = (fp_u128)a + b + c;
    *r = (uint64_t)v;
    return (uint64_t)(v >> 64);
}
FP_INLINE uint64_t fp_sbb(uint64_t *r, uint64_t a, uint64_t b, uint64_t c)
{
    fp_u128 v = (fp_u128)a - b - c;
    *r = (uint64_t)v;
    return (uint64_t)(v >> 64) & 1;
}
#endif

#if !FP_MERSENNE
/* r = (hi : a) - p if that is not negative, else a; for (hi : a) < 2p */
#if defined(__x86_64__) && defined(__OPTIMIZE__) && (FP_NL == 3 || FP_NL == 4 || FP_NL == 6)
/* the subtraction's borrow picks a back by CMOV (constant-time: no branch,
 * the same instructions whatever the values) */
#define FP_RO_SUB(i) "sub %[p" #i "], %[t" #i "]\n\t"
#define FP_RO_SBB(i) "sbb %[p" #i "], %[t" #i "]\n\t"
#define FP_RO_CMOV(i) "cmovc %[a" #i "], %[t" #i "]\n\t"
#define FP_RO_T(i) [t##i] "+&r"(t[i])
#define FP_RO_IN(i) [p##i] "m"(fp_p[i]), [a##i] "rm"(a[i])
FP_INLINE void fp_reduce_once(uint64_t *r, const uint64_t *a, uint64_t hi)
{
    uint64_t t[FP_NL];
    FP_UNROLL for (int i = 0; i < FP_NL; i++) t[i] = a[i];
#if FP_NL == 3
    __asm__(FP_RO_SUB(0) FP_RO_SBB(1) FP_RO_SBB(2) "sbb $0, %[hi]\n\t" FP_RO_CMOV(0) FP_RO_CMOV(1) FP_RO_CMOV(2)
            : FP_RO_T(0), FP_RO_T(1), FP_RO_T(2), [hi] "+&r"(hi)
            : FP_RO_IN(0), FP_RO_IN(1), FP_RO_IN(2)
            : "cc");
#elif FP_NL == 4
    __asm__(FP_RO_SUB(0) FP_RO_SBB(1) FP_RO_SBB(2) FP_RO_SBB(3) "sbb $0, %[hi]\n\t" FP_RO_CMOV(0) FP_RO_CMOV(1)
                FP_RO_CMOV(2) FP_RO_CMOV(3)
            : FP_RO_T(0), FP_RO_T(1), FP_RO_T(2), FP_RO_T(3), [hi] "+&r"(hi)
            : FP_RO_IN(0), FP_RO_IN(1), FP_RO_IN(2), FP_RO_IN(3)
            : "cc");
#else
    __asm__(FP_RO_SUB(0) FP_RO_SBB(1) FP_RO_SBB(2) FP_RO_SBB(3) FP_RO_SBB(4) FP_RO_SBB(5) "sbb $0, %[hi]\n\t"
                FP_RO_CMOV(0) FP_RO_CMOV(1) FP_RO_CMOV(2) FP_RO_CMOV(3) FP_RO_CMOV(4) FP_RO_CMOV(5)
            : FP_RO_T(0), FP_RO_T(1), FP_RO_T(2), FP_RO_T(3), FP_RO_T(4), FP_RO_T(5), [hi] "+&r"(hi)
            : FP_RO_IN(0), FP_RO_IN(1), FP_RO_IN(2), FP_RO_IN(3), FP_RO_IN(4), FP_RO_IN(5)
            : "cc");
#endif
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = t[i];
}
#else
FP_INLINE void fp_reduce_once(uint64_t *r, const uint64_t *a, uint64_t hi)
{
    uint64_t t[FP_NL], borrow = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) borrow = fp_sbb(&t[i], a[i], fp_p[i], borrow);
    borrow = fp_sbb(&hi, hi, 0, borrow); /* borrow: (hi : a) < p */
    uint64_t keep = ct_mask_bit(borrow);
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = (a[i] & keep) | (t[i] & ~keep);
}
#endif

#if defined(__x86_64__) && defined(__OPTIMIZE__) && (FP_NL == 3 || FP_NL == 4 || FP_NL == 6)
/* sums, differences and halves in inline assembly: compilers turned the
 * carry intrinsics into SETB/MOVZX sequences between the words. The same
 * operations as the C below, CMOV and masks only. FP_AS_EACH(F) is
 * F(1) .. F(FP_NL - 1); the operand lists follow. */
#if FP_NL == 3
#define FP_AS_EACH(F) F(1) F(2)
#define FP_AS_LIST(F) F(0), F(1), F(2)
#elif FP_NL == 4
#define FP_AS_EACH(F) F(1) F(2) F(3)
#define FP_AS_LIST(F) F(0), F(1), F(2), F(3)
#else
#define FP_AS_EACH(F) F(1) F(2) F(3) F(4) F(5)
#define FP_AS_LIST(F) F(0), F(1), F(2), F(3), F(4), F(5)
#endif
#define FP_AS_ADC_B(i) "adc %[b" #i "], %[s" #i "]\n\t"
#define FP_AS_SBB_B(i) "sbb %[b" #i "], %[s" #i "]\n\t"
#define FP_AS_TRY_P(i) "mov %[s" #i "], %[t" #i "]\n\tsbb %[p" #i "], %[t" #i "]\n\t"
#define FP_AS_KEEP(i) "cmovnc %[t" #i "], %[s" #i "]\n\t"
#define FP_AS_MASK_P(i) "mov %[p" #i "], %[t" #i "]\n\tand %[m], %[t" #i "]\n\t"
#define FP_AS_ADC_T(i) "adc %[t" #i "], %[s" #i "]\n\t"
#define FP_AS_S(i) [s##i] "+&r"(s[i])
#define FP_AS_T(i) [t##i] "=&r"(t[i])
#define FP_AS_B(i) [b##i] "rm"(b[i])
#define FP_AS_P(i) [p##i] "m"(fp_p[i])
#define FP_AS_TIN(i) [t##i] "rm"(t[i])
#endif

#if defined(__x86_64__) && defined(__OPTIMIZE__) && (FP_NL == 3 || FP_NL == 4)
/* three and four limbs (P-192, secp160r1; P-224, P-256): each operation one
 * statement */

FP_INLINE void fp_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[FP_NL], t[FP_NL], hi = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) s[i] = a[i];
    __asm__("add %[b0], %[s0]\n\t" FP_AS_EACH(FP_AS_ADC_B) "adc $0, %[hi]\n\t"
            "mov %[s0], %[t0]\n\tsub %[p0], %[t0]\n\t" FP_AS_EACH(FP_AS_TRY_P) "sbb $0, %[hi]\n\t" /* borrow: a + b < p */
            "cmovnc %[t0], %[s0]\n\t" FP_AS_EACH(FP_AS_KEEP)
            : FP_AS_LIST(FP_AS_S), FP_AS_LIST(FP_AS_T), [hi] "+&r"(hi)
            : FP_AS_LIST(FP_AS_B), FP_AS_LIST(FP_AS_P)
            : "cc");
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = s[i];
}

FP_INLINE void fp_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[FP_NL], t[FP_NL], m;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) s[i] = a[i];
    __asm__("sub %[b0], %[s0]\n\t" FP_AS_EACH(FP_AS_SBB_B) "sbb %[m], %[m]\n\t" /* all ones if a < b */
            "mov %[p0], %[t0]\n\tand %[m], %[t0]\n\t" FP_AS_EACH(FP_AS_MASK_P)
            "add %[t0], %[s0]\n\t" FP_AS_EACH(FP_AS_ADC_T)
            : FP_AS_LIST(FP_AS_S), FP_AS_LIST(FP_AS_T), [m] "=&r"(m)
            : FP_AS_LIST(FP_AS_B), FP_AS_LIST(FP_AS_P)
            : "cc");
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = s[i];
}

/* r = a / 2 mod p for a < p: a + p when a is odd, then one shift right
 * through the carry (RCR, the carry coming in at the top); (a + p) / 2 < p */
#if FP_NL == 3
#define FP_AS_RCR "rcr $1, %[s2]\n\trcr $1, %[s1]\n\trcr $1, %[s0]\n\t"
#else
#define FP_AS_RCR "rcr $1, %[s3]\n\trcr $1, %[s2]\n\trcr $1, %[s1]\n\trcr $1, %[s0]\n\t"
#endif
FP_INLINE void fp_half(uint64_t *r, const uint64_t *a)
{
    uint64_t s[FP_NL], t[FP_NL], m;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) s[i] = a[i];
    __asm__("mov %[s0], %[m]\n\tand $1, %[m]\n\tneg %[m]\n\t" /* all ones if a is odd */
            "mov %[p0], %[t0]\n\tand %[m], %[t0]\n\t" FP_AS_EACH(FP_AS_MASK_P)
            "add %[t0], %[s0]\n\t" FP_AS_EACH(FP_AS_ADC_T) FP_AS_RCR
            : FP_AS_LIST(FP_AS_S), FP_AS_LIST(FP_AS_T), [m] "=&r"(m)
            : FP_AS_LIST(FP_AS_P)
            : "cc");
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = s[i];
}
#else
#if defined(__x86_64__) && defined(__OPTIMIZE__) && FP_NL == 6
/* six limbs (P-384): the carry chains alone in assembly, each statement
 * small (seven registers at most, so that instrumented builds, with a frame
 * pointer, still allocate them); the sum reduced by fp_reduce_once's CMOVs,
 * the difference corrected by p masked in C */
FP_INLINE void fp_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[FP_NL], hi = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) s[i] = a[i];
    __asm__("add %[b0], %[s0]\n\t" FP_AS_EACH(FP_AS_ADC_B) "adc $0, %[hi]\n\t"
            : FP_AS_LIST(FP_AS_S), [hi] "+&r"(hi)
            : FP_AS_LIST(FP_AS_B)
            : "cc");
    fp_reduce_once(r, s, hi);
}

FP_INLINE void fp_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[FP_NL], t[FP_NL], m;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) s[i] = a[i];
    __asm__("sub %[b0], %[s0]\n\t" FP_AS_EACH(FP_AS_SBB_B) "sbb %[m], %[m]\n\t" /* all ones if a < b */
            : FP_AS_LIST(FP_AS_S), [m] "=&r"(m)
            : FP_AS_LIST(FP_AS_B)
            : "cc");
    FP_UNROLL for (int i = 0; i < FP_NL; i++) t[i] = fp_p[i] & m;
    __asm__("add %[t0], %[s0]\n\t" FP_AS_EACH(FP_AS_ADC_T)
            : FP_AS_LIST(FP_AS_S)
            : FP_AS_LIST(FP_AS_TIN)
            : "cc");
    FP_UNROLL for (int i = 0; i < FP_NL; i++) r[i] = s[i];
}
#else
FP_INLINE void fp_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t s[FP_NL], carry = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) carry = fp_adc(&s[i], a[i], b[i], carry);
    fp_reduce_once(r, s, carry);
}

FP_INLINE void fp_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t d[FP_NL], borrow = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) borrow = fp_sbb(&d[i], a[i], b[i], borrow);
    uint64_t m = ct_mask_bit(borrow), carry = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) carry = fp_adc(&r[i], d[i], fp_p[i] & m, carry);
}
#endif

/* r = a / 2 mod p for a < p: a + p when a is odd (a mask, no branch), then
 * one shift right through the carry; (a + p) / 2 < p, so r is reduced */
FP_INLINE void fp_half(uint64_t *r, const uint64_t *a)
{
    uint64_t s[FP_NL], m = 0 - (a[0] & 1), carry = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) carry = fp_adc(&s[i], a[i], fp_p[i] & m, carry);
    FP_UNROLL for (int i = 0; i < FP_NL - 1; i++) r[i] = (s[i] >> 1) | (s[i + 1] << 63);
    r[FP_NL - 1] = (s[FP_NL - 1] >> 1) | (carry << 63);
}
#endif

FP_INLINE void fp_neg(uint64_t *r, const uint64_t *a)
{
    fe z = {0};
    fp_sub(r, z, a);
}

#endif

#if FP_MERSENNE
#include "fp/fp521.h"
#define FP_HAVE_ADX 0
#else
/* t = a b, 2 FP_NL words */
FP_INLINE void fp_mul_wide(uint64_t *t, const uint64_t *a, const uint64_t *b)
{
    uint64_t carry = 0;
    FP_UNROLL for (int j = 0; j < FP_NL; j++) {
        fp_u128 s = (fp_u128)a[j] * b[0] + carry;
        t[j] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    t[FP_NL] = carry;
    FP_UNROLL for (int i = 1; i < FP_NL; i++) {
        carry = 0;
        FP_UNROLL for (int j = 0; j < FP_NL; j++) {
            fp_u128 s = (fp_u128)a[j] * b[i] + t[i + j] + carry;
            t[i + j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        t[i + FP_NL] = carry;
    }
}

/* t = a^2, 2 FP_NL words: the cross products once, doubled, plus the squares */
FP_INLINE void fp_sqr_wide(uint64_t *t, const uint64_t *a)
{
    FP_UNROLL for (int i = 0; i < 2 * FP_NL; i++) t[i] = 0;
    FP_UNROLL for (int i = 0; i < FP_NL - 1; i++) {
        uint64_t carry = 0;
        FP_UNROLL for (int j = i + 1; j < FP_NL; j++) {
            fp_u128 s = (fp_u128)a[j] * a[i] + t[i + j] + carry;
            t[i + j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        t[i + FP_NL] = carry;
    }
    t[2 * FP_NL - 1] = t[2 * FP_NL - 2] >> 63;
    FP_UNROLL for (int i = 2 * FP_NL - 2; i > 0; i--) t[i] = (t[i] << 1) | (t[i - 1] >> 63);
    t[0] <<= 1;
    uint64_t carry = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) {
        fp_u128 sq = (fp_u128)a[i] * a[i];
        fp_u128 s = (fp_u128)t[2 * i] + (uint64_t)sq + carry;
        t[2 * i] = (uint64_t)s;
        s = (fp_u128)t[2 * i + 1] + (uint64_t)(sq >> 64) + (uint64_t)(s >> 64);
        t[2 * i + 1] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
}

/* r = t R^-1 mod p for t < p R (word-by-word Montgomery reduction) */
FP_INLINE void fp_redc(uint64_t *r, uint64_t *t)
{
    uint64_t hi = 0;
    FP_UNROLL for (int i = 0; i < FP_NL; i++) {
        uint64_t m = t[i] * FP_N0INV;
        uint64_t carry = 0;
        FP_UNROLL for (int j = 0; j < FP_NL; j++) {
            fp_u128 s = (fp_u128)m * fp_p[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        fp_u128 s = (fp_u128)t[i + FP_NL] + carry + hi;
        t[i + FP_NL] = (uint64_t)s;
        hi = (uint64_t)(s >> 64);
    }
    fp_reduce_once(r, t + FP_NL, hi);
}

#if FP_PLAIN
#include "fp/fp160.h"
#elif FP_ADX && defined(__OPTIMIZE__) && (FP_NL == 3 || FP_NL == 4 || FP_NL == 6)
/* MULX/ADX Montgomery multiplication (generated, gen/fp_adx.h); the instance
 * built with FP_ADX=1 is only chosen when the CPU has BMI2 and ADX */
static const uint64_t fp_n0inv_word = FP_N0INV;
#include "gen/fp_adx.h"
#define FP_ADX_PASTE(a, b) a##b
#define FP_ADX_FN(n) FP_ADX_PASTE(fp_mont_mul_adx, n)
#define FP_ADX_SQR_FN(n) FP_ADX_PASTE(fp_mont_sqr_adx, n)
#define FP_HAVE_ADX 1

/* the generated code leaves a value below 2p (one subtraction of p to go),
 * or, where it defines FP_ADX_REDUCED (P-224), below p */
#ifdef FP_ADX_REDUCED
#define FP_ADX_FINISH(r, t) memcpy(r, t, FP_NL * 8)
#else
#define FP_ADX_FINISH(r, t) fp_reduce_once(r, t, t[FP_NL])
#endif

FP_INLINE void fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[FP_NL + 1];
    FP_ADX_FN(FP_NL)(t, a, b);
    FP_ADX_FINISH(r, t);
}

#ifdef FP_HAVE_SQR_ADX
FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t[FP_NL + 1];
    FP_ADX_SQR_FN(FP_NL)(t, a);
    FP_ADX_FINISH(r, t);
}
#else
FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a) { fp_mul(r, a, a); }
#endif
#else
#define FP_HAVE_ADX 0
FP_INLINE void fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[2 * FP_NL];
    fp_mul_wide(t, a, b);
    fp_redc(r, t);
}

FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t[2 * FP_NL];
    fp_sqr_wide(t, a);
    fp_redc(r, t);
}
#endif

#if !FP_PLAIN
/* canonical words (v < p) -> Montgomery form, and back */
static inline void fp_from_words(uint64_t *r, const uint64_t *w) { fp_mul(r, w, fp_rr); }
static inline void fp_to_words(uint64_t *w, const uint64_t *a)
{
    static const uint64_t one[FP_NL] = {1};
    fp_mul(w, a, one);
}
#endif
#endif /* FP_MERSENNE */

/* r = -a if mask, else a */
FP_INLINE void fp_cneg(uint64_t *r, const uint64_t *a, uint64_t mask)
{
    fe n;
    fp_neg(n, a);
    fp_copy(r, a);
    fp_cmov(r, n, mask);
}

#ifndef FP_HAVE_MULK
/* r = k a for a small constant k (2, 3, 4 or 8): additions */
FP_INLINE void fp_mulk(uint64_t *r, const uint64_t *a, unsigned k)
{
    fe t;
    if (k == 3) {
        fp_add(t, a, a);
        fp_add(r, t, a);
        return;
    }
    fp_add(t, a, a);
    for (unsigned m = 4; m <= k; m *= 2) fp_add(t, t, t);
    fp_copy(r, t);
}
#endif
#ifndef FP_SQR_CHEAP
#define FP_SQR_CHEAP 0
#endif

/* out-of-line copies for the code that is not speed-critical */
static __attribute__((noinline)) void fp_mul_call(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fp_mul(r, a, b);
}
static __attribute__((noinline)) void fp_sqr_call(uint64_t *r, const uint64_t *a) { fp_sqr(r, a); }

/* r = a^e for a public exponent e (FP_NL words): fixed 4-bit windows, the
 * multiplications follow e only, so constant-time in a. */
static void fp_pow_pub(uint64_t *r, const uint64_t *a, const uint64_t *e)
{
    const uint64_t *one = fp_one;
    fe tab[16], acc;
    fp_copy(tab[0], one);
    fp_copy(tab[1], a);
    for (int j = 2; j < 16; j++) fp_mul_call(tab[j], tab[j - 1], a);
    fp_copy(acc, one);
    int started = 0;
    for (int i = 16 * FP_NL - 1; i >= 0; i--) {
        unsigned d = (unsigned)(e[i / 16] >> (4 * (i % 16))) & 15;
        if (started)
            for (int s = 0; s < 4; s++) fp_sqr_call(acc, acc);
        if (d) {
            if (started) fp_mul_call(acc, acc, tab[d]);
            else fp_copy(acc, tab[d]);
            started = 1;
        }
    }
    fp_copy(r, acc);
    ct_wipe(tab, sizeof tab);
    ct_wipe(acc, sizeof acc);
}

#if FP_MERSENNE
/* r = a^(2^k) */
static void fp_sqr_n(uint64_t *r, const uint64_t *a, int k)
{
    fp_sqr(r, a);
    for (int i = 1; i < k; i++) fp_sqr(r, r);
}

/* r = a^-1 = a^(p-2) = a^(2^521 - 3) (0 for 0), constant-time: with
 * x_k = a^(2^k - 1), x_(m+n) = x_m^(2^n) x_n, and a^(p-2) = x_519^4 a;
 * 524 squarings and 13 products */
static void fp_inv(uint64_t *r, const uint64_t *a)
{
    fe x2, x3, x7, x, t;
    fp_sqr(t, a);
    fp_mul(x2, t, a);
    fp_sqr(t, x2);
    fp_mul(x3, t, a);
    fp_sqr_n(t, x2, 2);
    fp_mul(x, t, x2); /* x4 */
    fp_sqr_n(t, x, 3);
    fp_mul(x7, t, x3);
    for (int k = 4; k <= 256; k *= 2) { /* x_(2k) = x_k^(2^k) x_k */
        fp_sqr_n(t, x, k);
        fp_mul(x, t, x);
    }
    fp_sqr_n(t, x, 7);
    fp_mul(x, t, x7); /* x519 */
    fp_sqr_n(t, x, 2);
    fp_mul(r, t, a);
    ct_wipe(x2, sizeof x2);
    ct_wipe(x3, sizeof x3);
    ct_wipe(x7, sizeof x7);
    ct_wipe(x, sizeof x);
    ct_wipe(t, sizeof t);
}
#else
/* r = a^-1 (a^(p-2); 0 for 0), constant-time */
static void fp_inv(uint64_t *r, const uint64_t *a) { fp_pow_pub(r, a, fp_pm2); }
#endif

#include "fp/fp_ext.h"

#endif
