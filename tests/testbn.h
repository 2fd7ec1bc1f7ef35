/* SPDX-License-Identifier: Apache-2.0 */
/* BIGNUM views of limb arrays for the white-box field tests. */
#ifndef FASTEC_TESTBN_H
#define FASTEC_TESTBN_H

#include <openssl/bn.h>
#include <stdint.h>

/* sum a_i 2^(bits i) for i < n, not reduced (limbs may exceed 2^bits) */
static inline BIGNUM *t_limbs_val(const uint64_t *a, int n, int bits)
{
    BIGNUM *v = BN_new(), *t = BN_new();
    BN_zero(v);
    for (int i = n - 1; i >= 0; i--) {
        BN_lshift(v, v, bits);
        BN_set_word(t, a[i]);
        BN_add(v, v, t);
    }
    BN_free(t);
    return v;
}

/* Long random chains through one of the IFMA fields (the white-box tests
 * test_fp384_ifma.c and test_fp521_ifma.c): 100 times, an R value x through
 * 200 random operations (a product, the square of a difference, a carried sum,
 * a product with a three-term difference, a half), each result checked
 * against BN mod P and fed back. FE is the field's prefix (f48, f50); the
 * test defines GEN_R() (a random R value), VAL(a) (a's BIGNUM value), SUB3(a,
 * b) (a - b for b a sum of three R's, carried where the field needs it before
 * a product) and EXPECT_R(what, r, e, it) (r = e mod P, r in R). */
#define T_IFMA_CHAINS(FE, P, ctx)                                                                                      \
    for (int ch = 0; ch < 100; ch++) {                                                                                 \
        FE x = GEN_R(), y = GEN_R();                                                                                   \
        BIGNUM *X = VAL(x), *Y = VAL(y), *E = BN_new(), *F = BN_new();                                                 \
        for (int st = 0; st < 200; st++) {                                                                             \
            FE r;                                                                                                      \
            switch ((unsigned)(t_rand64() % 5)) {                                                                      \
            case 0:                                                                                                    \
                r = FE##_mul(x, y);                                                                                    \
                BN_mod_mul(E, X, Y, P, ctx);                                                                           \
                break;                                                                                                 \
            case 1:                                                                                                    \
                r = FE##_sqr(FE##_sub(x, y));                                                                          \
                BN_mod_sub(E, X, Y, P, ctx);                                                                           \
                BN_mod_mul(E, E, E, P, ctx);                                                                           \
                break;                                                                                                 \
            case 2:                                                                                                    \
                r = FE##_carry(FE##_add(x, y));                                                                        \
                BN_mod_add(E, X, Y, P, ctx);                                                                           \
                break;                                                                                                 \
            case 3:                                                                                                    \
                r = FE##_mul(FE##_add(x, x), SUB3(y, FE##_add(x, FE##_add(x, y))));                                    \
                BN_mod_add(E, X, X, P, ctx);                                                                           \
                BN_mod_sub(F, Y, X, P, ctx);                                                                           \
                BN_mod_sub(F, F, X, P, ctx);                                                                           \
                BN_mod_sub(F, F, Y, P, ctx);                                                                           \
                BN_mod_mul(E, E, F, P, ctx);                                                                           \
                break;                                                                                                 \
            default:                                                                                                   \
                r = FE##_half(x);                                                                                      \
                BN_nnmod(E, X, P, ctx);                                                                                \
                if (BN_is_odd(E)) BN_add(E, E, P);                                                                     \
                BN_rshift1(E, E);                                                                                      \
                break;                                                                                                 \
            }                                                                                                          \
            EXPECT_R("chain", r, E, st);                                                                               \
            y = x;                                                                                                     \
            BN_copy(Y, X);                                                                                             \
            x = r;                                                                                                     \
            BN_copy(X, E);                                                                                             \
        }                                                                                                              \
        BN_free(X);                                                                                                    \
        BN_free(Y);                                                                                                    \
        BN_free(E);                                                                                                    \
        BN_free(F);                                                                                                    \
    }

#endif
