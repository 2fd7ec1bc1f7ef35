/* SPDX-License-Identifier: Apache-2.0 */
/* The tests' view of one prime field (the ec_field_hooks table an instance
 * exports): products, squares, sums, differences, inverses and square roots
 * on canonical words in Montgomery form (x R mod p, R = 2^(64 FP_NL)) whatever
 * the representation, so every prime is tested the same way against BN.
 * Included by ecp/ecp_inst.c after fp/fp_impl.h; nothing else uses it. */
#ifndef FASTEC_FP_HOOKS_H
#define FASTEC_FP_HOOKS_H

#if FP_MERSENNE
/* 2^521 = 1: R = 2^576 = 2^55, R^-1 = 2^466, R^2 = 2^110 (mod p) */
static void f521_pow2(uint64_t *r, unsigned e)
{
    memset(r, 0, 9 * 8);
    r[e / 58] = 1ULL << (e % 58);
}
#if ECP_IFMA
/* the ifma instance's hooks use its IFMA field (fp/fp521_ifma.h), so the
 * field tests and the backend-differential fuzzer compare it with the rest */
F50_TARGET static void hook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f50_to58(r, f50_mul(f50_from58(a), f50_from58(b)));
}
F50_TARGET static void hook_sqr(uint64_t *r, const uint64_t *a) { f50_to58(r, f50_sqr(f50_from58(a))); }
F50_TARGET static void hook_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f50_to58(r, f50_add(f50_from58(a), f50_from58(b)));
}
F50_TARGET static void hook_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f50_to58(r, f50_sub(f50_from58(a), f50_from58(b)));
}
#else
#define hook_mul fp_mul
#define hook_sqr fp_sqr
#define hook_add fp_add
#define hook_sub fp_sub
#endif
static void fp_hook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y, c;
    fp_from_words(x, a);
    fp_from_words(y, b);
    f521_pow2(c, 466);
    hook_mul(x, x, y);
    hook_mul(x, x, c);
    fp_to_words(r, x);
}
static void fp_hook_sqr(uint64_t *r, const uint64_t *a)
{
    fe x, c;
    fp_from_words(x, a);
    f521_pow2(c, 466);
    hook_sqr(x, x);
    hook_mul(x, x, c);
    fp_to_words(r, x);
}
static void fp_hook_inv(uint64_t *r, const uint64_t *a) /* (x R)^-1 R^2 */
{
    fe x, c;
    fp_from_words(x, a);
    f521_pow2(c, 110);
    fp_inv(x, x);
    fp_mul(x, x, c);
    fp_to_words(r, x);
}
static void fp_hook_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y;
    fp_from_words(x, a);
    fp_from_words(y, b);
    hook_add(x, x, y);
    fp_to_words(r, x);
}
static void fp_hook_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y;
    fp_from_words(x, a);
    fp_from_words(y, b);
    hook_sub(x, x, y);
    fp_to_words(r, x);
}
static void fp_hook_sqrt(uint64_t *r, const uint64_t *a) /* s R with (s R)^2 R^-1 = a: the root of a R */
{
    fe x, c, y;
    fp_from_words(x, a);
    f521_pow2(c, 55);
    fp_mul(x, x, c);
    if (!fp_sqrt_vartime(y, x)) memset(r, 0xff, FP_NL * 8); /* no root: an invalid element */
    else fp_to_words(r, y);
}
#elif FP_PLAIN
/* plain values: the words are x R, so products take a factor R^-1 mod p,
 * inverses R^2 mod p and square roots R mod p (generated constants) */
static const uint64_t fp_hook_rinv[FP_NL] = FP_RINV_INIT;
static const uint64_t fp_hook_rmod[FP_NL] = FP_RMOD_INIT;
static const uint64_t fp_hook_rr[FP_NL] = FP_RR_INIT;
static void fp_hook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fp_mul(r, a, b);
    fp_mul(r, r, fp_hook_rinv);
}
static void fp_hook_sqr(uint64_t *r, const uint64_t *a)
{
    fp_sqr(r, a);
    fp_mul(r, r, fp_hook_rinv);
}
static void fp_hook_inv(uint64_t *r, const uint64_t *a) /* (x R)^-1 R^2 */
{
    fp_inv(r, a);
    fp_mul(r, r, fp_hook_rr);
}
static void fp_hook_sqrt(uint64_t *r, const uint64_t *a) /* s R with (s R)^2 R^-1 = a: the root of a R */
{
    fe x;
    fp_mul(x, a, fp_hook_rmod);
    if (!fp_sqrt_vartime(r, x)) memset(r, 0xff, FP_NL * 8); /* no root: an invalid element */
}
#else
#if ECP_IFMA384
/* the ifma instance's P-384 hooks go through its IFMA field (fp/fp384_ifma.h)
 * wherever it has the operation, so the field tests and the
 * backend-differential fuzzer compare it with the rest: the words x R to the
 * plain x in radix 2^48, the operation, and back to Montgomery form (each
 * conversion a Montgomery product of the adx field, which is tested apart) */
F48_TARGET static void fp_hook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f48_to_mont(r, f48_mul(f48_from_mont(a), f48_from_mont(b)));
}
F48_TARGET static void fp_hook_sqr(uint64_t *r, const uint64_t *a) { f48_to_mont(r, f48_sqr(f48_from_mont(a))); }
#else
static void fp_hook_mul(uint64_t *r, const uint64_t *a, const uint64_t *b) { fp_mul(r, a, b); }
static void fp_hook_sqr(uint64_t *r, const uint64_t *a) { fp_sqr(r, a); }
#endif
static void fp_hook_inv(uint64_t *r, const uint64_t *a) { fp_inv(r, a); }
static void fp_hook_sqrt(uint64_t *r, const uint64_t *a)
{
    if (!fp_sqrt_vartime(r, a)) memset(r, 0xff, FP_NL * 8); /* no root: an invalid element */
}
#endif

#if ECP_IFMA384
/* sums, differences and halves are the same maps on x R as on x */
F48_TARGET static void fp_hook_add(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f48_to_mont(r, f48_add(f48_from_mont(a), f48_from_mont(b)));
}
F48_TARGET static void fp_hook_sub(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    f48_to_mont(r, f48_sub(f48_from_mont(a), f48_from_mont(b)));
}
#define FP_HOOK_HALF fp_hook_half
F48_TARGET static void fp_hook_half(uint64_t *r, const uint64_t *a) { f48_to_mont(r, f48_half(f48_from_mont(a))); }
#elif !FP_MERSENNE
/* sums, differences and halves are the same maps on x R as on x: plain
 * values and Montgomery form alike */
static void fp_hook_add(uint64_t *r, const uint64_t *a, const uint64_t *b) { fp_add(r, a, b); }
static void fp_hook_sub(uint64_t *r, const uint64_t *a, const uint64_t *b) { fp_sub(r, a, b); }
#define FP_HOOK_HALF fp_hook_half
static void fp_hook_half(uint64_t *r, const uint64_t *a) { fp_half(r, a); }
#endif


#endif
