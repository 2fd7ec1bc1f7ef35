/* SPDX-License-Identifier: Apache-2.0 */
/* White-box test of secp160r1's plain-value field code (src/fp/fp160.h)
 * against OpenSSL's BN: products and squares whose reduction ends at each of
 * its boundaries (a product in [p, 2^160), a first fold that lands in
 * [p, 2^160 + 2^64), the largest products), sums and differences around p,
 * and long random chains with each result fed back. Every result must be
 * a b mod p, fully reduced. Built twice: FP_ADX=0 (portable C) and FP_ADX=1
 * (the MULX/ADX code, run where the CPU has BMI2 and ADX). */
#include <openssl/bn.h>

#define FP_CURVE_secp160r1
#include "fp/fp_impl.h"
#include "testutil.h"
#if FP_HAVE_ADX
#include <cpuid.h>
#endif

static BIGNUM *P;
static BN_CTX *ctx;

static BIGNUM *val(const uint64_t *w)
{
    uint8_t be[24];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 8; j++) be[8 * (2 - i) + (7 - j)] = (uint8_t)(w[i] >> (8 * j));
    return BN_bin2bn(be, 24, NULL);
}

static void from_bn(uint64_t *w, const BIGNUM *b)
{
    uint8_t be[24];
    BN_bn2binpad(b, be, 24);
    for (int i = 0; i < 3; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] |= (uint64_t)be[8 * (2 - i) + (7 - j)] << (8 * j);
    }
}

static long nchecked;

/* r = a op b from the field code against BN; op: '*', 's' (square), '+', '-' */
static void check(const uint64_t *a, const uint64_t *b, int op, const char *what)
{
    uint64_t r[3];
    BIGNUM *A = val(a), *B = val(b), *W = BN_new(), *R;
    switch (op) {
    case '*': fp_mul(r, a, b); BN_mod_mul(W, A, B, P, ctx); break;
    case 's': fp_sqr(r, a); BN_mod_mul(W, A, A, P, ctx); break;
    case '+': fp_add(r, a, b); BN_mod_add(W, A, B, P, ctx); break;
    default: fp_sub(r, a, b); BN_mod_sub(W, A, B, P, ctx); break;
    }
    R = val(r);
    CHECK(!BN_cmp(R, W), "%s: %c differs from BN (a %016llx%016llx%016llx b %016llx%016llx%016llx)", what, op,
          (unsigned long long)a[2], (unsigned long long)a[1], (unsigned long long)a[0], (unsigned long long)b[2],
          (unsigned long long)b[1], (unsigned long long)b[0]);
    nchecked++;
    BN_free(A), BN_free(B), BN_free(W), BN_free(R);
}

static void rand_below_p(uint64_t *w)
{
    BIGNUM *t = BN_new();
    BN_rand_range(t, P);
    from_bn(w, t);
    BN_free(t);
}

/* a in [2^21, 2^30) and b = ceil(lo / a), so a b is in [lo, lo + a) (and
 * b < p for lo < 2^181) */
static void product_at(uint64_t *a, uint64_t *b, const BIGNUM *lo)
{
    BIGNUM *A = BN_new(), *B = BN_new(), *rem = BN_new();
    BN_set_word(A, (t_rand64() % ((1ULL << 30) - (1ULL << 21))) + (1ULL << 21));
    BN_div(B, rem, lo, A, ctx);
    if (!BN_is_zero(rem)) BN_add_word(B, 1);
    from_bn(a, A);
    from_bn(b, B);
    CHECK(BN_cmp(B, P) < 0, "edge operand below p");
    BN_free(A), BN_free(B), BN_free(rem);
}

int main(void)
{
    t_seed();
    ctx = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 160);
    BN_sub_word(P, 0x80000001UL);
    printf("fp160: %s code\n", FP_HAVE_ADX ? "MULX/ADX" : "portable");
#if FP_HAVE_ADX
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) || !(ebx & (1u << 8)) || !(ebx & (1u << 19))) { /* BMI2, ADX */
        printf("test_fp160: this CPU has no BMI2/ADX, MULX/ADX code not run\n");
        return 0;
    }
#endif
    uint64_t a[3], b[3], pm1[3];
    BIGNUM *t = BN_new();
    BN_sub(t, P, BN_value_one());
    from_bn(pm1, t);

    /* edges: 0, 1, 2, p - 1, p - 2, 2^64 - 1, 2^64, 2^128 - 1, 2^128, 2^159, 2^160 - 2^32 */
    static const uint64_t edges[][3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0xffffffff7ffffffeULL, ~0ULL, 0xffffffffULL},
                                        {0xffffffff7ffffffdULL, ~0ULL, 0xffffffffULL}, {~0ULL, 0, 0}, {0, 1, 0},
                                        {~0ULL, ~0ULL, 0}, {0, 0, 1}, {0, 0, 0x80000000ULL},
                                        {0xffffffff00000000ULL, ~0ULL, 0xffffffffULL}};
    const int ne = (int)(sizeof edges / sizeof edges[0]);
    for (int i = 0; i < ne; i++)
        for (int j = 0; j < ne; j++) {
            check(edges[i], edges[j], '*', "edges");
            check(edges[i], edges[j], '+', "edges");
            check(edges[i], edges[j], '-', "edges");
        }
    for (int i = 0; i < ne; i++) check(edges[i], edges[i], 's', "edges");

    /* a b in [p, 2^160): no fold, the last step subtracts p */
    BIGNUM *lo = BN_new();
    int aimed = 0;
    for (int it = 0; it < 2000; it++) {
        BN_zero(lo);
        BN_set_bit(lo, 160);
        BN_sub_word(lo, (t_rand64() % 0x7fffffffULL) + (1ULL << 30)); /* 2^160 - 2^31 - 2^30 .. 2^160 - 2^30 */
        if (BN_cmp(lo, P) < 0) BN_copy(lo, P);
        product_at(a, b, lo);
        BIGNUM *T = BN_new(), *A = val(a), *B = val(b);
        BN_mul(T, A, B, ctx);
        if (BN_num_bits(T) <= 160 && BN_cmp(T, P) >= 0) { /* the case aimed at */
            check(a, b, '*', "product in [p, 2^160)");
            check(b, a, '*', "product in [p, 2^160)");
            aimed++;
        }
        BN_free(T), BN_free(A), BN_free(B);
    }
    CHECK(aimed >= 1000, "products in [p, 2^160): only %d of 2000", aimed);
    aimed = 0;
    /* T = H 2^160 + L with L + H c in [p, 2^160 + 2^64): the first fold lands
     * at or above p (and the second fold, for L + H c >= 2^160) */
    for (int it = 0; it < 4000; it++) {
        uint64_t h = (t_rand64() % ((1ULL << 20) - 1)) + 1;
        BIGNUM *H = BN_new(), *Lt = BN_new();
        BN_set_word(H, h);
        BN_set_word(Lt, 0x80000001UL);
        BN_mul(Lt, Lt, H, ctx);               /* H c */
        BN_sub(Lt, P, Lt);                    /* L = p - H c: L + H c = p */
        if (it % 2) BN_add_word(Lt, h * 3 + (t_rand64() % 1000)); /* L + H c a little above p */
        BN_lshift(lo, H, 160);
        BN_add(lo, lo, Lt);
        product_at(a, b, lo);
        check(a, b, '*', "first fold at p");
        /* that a b's first fold, L + H c for a b = H 2^160 + L, is in [p, 2^160 + 2^64) */
        BIGNUM *T = BN_new(), *A = val(a), *B = val(b), *F = BN_new(), *top = BN_new();
        BN_mul(T, A, B, ctx);
        BN_rshift(H, T, 160);
        BN_mask_bits(T, 160);
        BN_mul_word(H, 0x80000001UL);
        BN_add(F, T, H);
        BN_set_bit(top, 160);
        BN_lshift(A, BN_value_one(), 64);
        BN_add(top, top, A);
        if (BN_cmp(F, P) >= 0 && BN_cmp(F, top) < 0) aimed++;
        BN_free(T), BN_free(A), BN_free(B), BN_free(F), BN_free(top);
        BN_free(H), BN_free(Lt);
    }
    CHECK(aimed >= 2000, "first folds in [p, 2^160 + 2^64): only %d of 4000", aimed);
    /* the largest products and squares: operands near p */
    for (int it = 0; it < 2000; it++) {
        for (int k = 0; k < 3; k++) a[k] = pm1[k], b[k] = pm1[k];
        a[0] -= t_rand64() % 4096;
        b[0] -= t_rand64() & (it % 2 ? 0xffffffffULL : 0xff);
        check(a, b, '*', "near p");
        check(a, a, 's', "near p");
        check(a, b, '+', "near p");
        check(b, a, '-', "near p");
    }
    /* words made of carry-prone values */
    static const uint64_t wset[] = {0, 1, 2, 0xffffffffULL, 0x100000000ULL, 0x7fffffffULL, 0x80000000ULL,
                                    0x80000001ULL, 0x8000000000000000ULL, 0xfffffffffffffffeULL, ~0ULL,
                                    0xffffffff7fffffffULL, 0xffffffff80000000ULL};
    const int nw = (int)(sizeof wset / sizeof wset[0]);
    for (int it = 0; it < 20000; it++) {
        uint64_t *v[2] = {a, b};
        for (int k = 0; k < 2; k++) {
            BIGNUM *V;
            do {
                for (int i = 0; i < 3; i++) v[k][i] = wset[t_rand64() % (unsigned)nw];
                v[k][2] &= 0xffffffffULL;
                V = val(v[k]);
                int ok = BN_cmp(V, P) < 0;
                BN_free(V);
                if (ok) break;
            } while (1);
        }
        check(a, b, "*s+-"[it % 4], "carry-prone words");
    }
    /* random chains, each result an input of the next */
    rand_below_p(a);
    for (int it = 0; it < 20000; it++) {
        rand_below_p(b);
        int op = "*s*+-"[it % 5];
        check(a, b, op, "chain");
        uint64_t r[3];
        if (op == '*') fp_mul(r, a, b);
        else if (op == 's') fp_sqr(r, a);
        else if (op == '+') fp_add(r, a, b);
        else fp_sub(r, a, b);
        memcpy(a, r, sizeof r);
    }
    /* inverses: a a^-1 = 1, and 0 -> 0 */
    for (int it = 0; it < 200; it++) {
        uint64_t r[3], one[3] = {1, 0, 0};
        if (it < ne) memcpy(a, edges[it], sizeof a);
        else rand_below_p(a);
        fp_inv(r, a);
        if (fp_is_zero(a)) {
            CHECK(fp_is_zero(r), "inverse of 0 is 0");
        } else {
            fp_mul(b, r, a);
            CHECK(!memcmp(b, one, sizeof b), "a a^-1 = 1 (it %d)", it);
        }
    }
    BN_free(lo), BN_free(t), BN_free(P);
    BN_CTX_free(ctx);
    printf("test_fp160: %ld results checked\n", nchecked);
    return t_done("test_fp160");
}
