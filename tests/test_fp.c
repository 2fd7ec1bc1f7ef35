/* SPDX-License-Identifier: Apache-2.0 */
/* Prime-field and scalar arithmetic (the shared Montgomery code) against
 * OpenSSL's BN on random and edge inputs: 0, 1, p - 1, p - 2, values with
 * every limb full below p, powers of two at every limb boundary, values made
 * of carry-prone words (0, 1, 2^32 - 1, 2^64 - 1, p's words, ...); Montgomery
 * product, sum and difference, for every prime p and every order n, and the
 * per-prime field code (src/fp, every backend) for every p. */
#include <openssl/bn.h>

#include "curves/curves.h"
#include "ec_ops.h"
#include "fastec.h"
#include "scalar/sc.h"
#include "testops.h"
#include "testutil.h"

static BIGNUM *bn(const uint64_t *w, unsigned nl)
{
    uint8_t be[80];
    for (unsigned i = 0; i < nl; i++)
        for (int j = 0; j < 8; j++) be[8 * (nl - 1 - i) + (7 - j)] = (uint8_t)(w[i] >> (8 * j));
    return BN_bin2bn(be, (int)(8 * nl), NULL);
}

static void to_words(uint64_t *w, unsigned nl, const BIGNUM *b)
{
    uint8_t be[80];
    BN_bn2binpad(b, be, (int)(8 * nl));
    for (unsigned i = 0; i < nl; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] |= (uint64_t)be[8 * (nl - 1 - i) + (7 - j)] << (8 * j);
    }
}

/* the per-prime field code (every backend) on the same inputs: Montgomery
 * product and square, sum, difference, inverse (a R -> a^-1 R) and square
 * root (all-ones words when there is none) */
static void test_field_ops(const char *what, const fastec_curve *c, const BIGNUM *A, const BIGNUM *B,
                           const BIGNUM *M, const BIGNUM *R, const BIGNUM *Rinv, int it, BN_CTX *ctx)
{
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned nb = ec_backends(c, ops, fields);
    CHECK(nb >= 1, "%s: no implementation", what);
    const unsigned nl = c->ecp->fp.nlimbs;
    uint64_t a[9] = {0}, b[9] = {0}, r[9];
    to_words(a, nl, A);
    to_words(b, nl, B);
    /* the reference values, from BN */
    uint64_t w_mul[9] = {0}, w_sqr[9] = {0}, w_add[9] = {0}, w_sub[9] = {0}, w_inv[9] = {0}, w_half[9] = {0};
    BIGNUM *W = BN_new(), *T = BN_new();
    BN_mod_mul(W, A, B, M, ctx);
    BN_mod_mul(W, W, Rinv, M, ctx);
    to_words(w_mul, nl, W);
    BN_mod_mul(W, A, A, M, ctx);
    BN_mod_mul(W, W, Rinv, M, ctx);
    to_words(w_sqr, nl, W);
    BN_mod_add(W, A, B, M, ctx);
    to_words(w_add, nl, W);
    BN_mod_sub(W, A, B, M, ctx);
    to_words(w_sub, nl, W);
    BN_set_word(T, 2);
    BN_mod_inverse(T, T, M, ctx);
    BN_mod_mul(W, A, T, M, ctx); /* (x R) / 2 = (x / 2) R */
    to_words(w_half, nl, W);
    const int slow = it % 8 == 0; /* inverse and square root on a subset */
    int sq = 0;
    if (slow) {
        if (BN_is_zero(A)) BN_zero(W);
        else {
            BN_mod_inverse(W, A, M, ctx); /* (x R)^-1 R^2 = x^-1 R */
            BN_mod_mul(W, W, R, M, ctx);
            BN_mod_mul(W, W, R, M, ctx);
        }
        to_words(w_inv, nl, W);
        /* sqrt of x where A = x R: a root s R has (s R)^2 R^-1 = A */
        BN_mod_mul(T, A, R, M, ctx);
        sq = BN_kronecker(T, M, ctx) >= 0;
    }
    for (unsigned k = 0; k < nb; k++) {
        const ec_field_hooks *o = fields[k];
        CHECK(o->nwords == nl && o->add && o->sub, "%s: %s field hooks", what, o->backend);
        memset(r, 0x5a, sizeof r);
        o->mul(r, a, b);
        CHECK(!memcmp(r, w_mul, 8 * nl), "%s/%s: fe_mul differs from BN (it %d)", what, o->backend, it);
        o->sqr(r, a);
        CHECK(!memcmp(r, w_sqr, 8 * nl), "%s/%s: fe_sqr differs (it %d)", what, o->backend, it);
        o->add(r, a, b);
        CHECK(!memcmp(r, w_add, 8 * nl), "%s/%s: fe_add differs (it %d)", what, o->backend, it);
        o->sub(r, a, b);
        CHECK(!memcmp(r, w_sub, 8 * nl), "%s/%s: fe_sub differs (it %d)", what, o->backend, it);
        if (o->half) {
            memset(r, 0x5a, sizeof r);
            o->half(r, a);
            CHECK(!memcmp(r, w_half, 8 * nl), "%s/%s: fe_half differs (it %d)", what, o->backend, it);
        }
        if (slow) {
            o->inv(r, a);
            CHECK(!memcmp(r, w_inv, 8 * nl), "%s/%s: fe_inv differs (it %d)", what, o->backend, it);
            o->sqrt(r, a);
            if (sq) {
                uint64_t back[9] = {0};
                o->sqr(back, r);
                CHECK(!memcmp(back, a, 8 * nl), "%s/%s: fe_sqrt gives no root (it %d)", what, o->backend, it);
            } else {
                int ones = 1;
                for (unsigned i = 0; i < nl; i++) ones &= r[i] == ~0ULL;
                CHECK(ones, "%s/%s: fe_sqrt of a non-square (it %d)", what, o->backend, it);
            }
        }
    }
    BN_free(W);
    BN_free(T);
}

static void test_modulus(const char *what, const sc_params *m, BN_CTX *ctx, const fastec_curve *field)
{
    const unsigned nl = m->nlimbs;
    BIGNUM *M = bn(m->n, nl), *R = BN_new(), *Rinv = BN_new(), *A = BN_new(), *B = BN_new(), *W = BN_new(),
           *G = BN_new();
    BN_zero(R);
    BN_set_bit(R, (int)(64 * nl));
    BN_mod_inverse(Rinv, R, M, ctx);
    BIGNUM *edge[12];
    int ne = 0;
    edge[ne++] = BN_new();                       /* 0 */
    edge[ne] = BN_new(), BN_one(edge[ne]), ne++; /* 1 */
    edge[ne] = BN_dup(M), BN_sub_word(edge[ne], 1), ne++;
    edge[ne] = BN_dup(M), BN_sub_word(edge[ne], 2), ne++;
    for (unsigned k = 1; k < nl && ne < 10; k++) { /* 2^(64k) - 1 and 2^(64k) */
        BIGNUM *t = BN_new();
        BN_set_bit(t, (int)(64 * k));
        if (BN_cmp(t, M) < 0) edge[ne++] = BN_dup(t);
        BN_sub_word(t, 1);
        if (BN_cmp(t, M) < 0 && ne < 11) edge[ne++] = t;
        else BN_free(t);
    }
    for (int it = 0; it < 4000; it++) {
        if (it < ne * ne) {
            BN_copy(A, edge[it / ne]);
            BN_copy(B, edge[it % ne]);
        } else if (it >= 3000) {
            /* limbs from a set of carry-prone words (and p's own), below M */
            static const uint64_t wset[] = {0, 1, 2, 0xffffffffULL, 0x100000000ULL, 0x8000000000000000ULL,
                                            0xfffffffffffffffeULL, 0xffffffffffffffffULL, 0xffffffff00000000ULL,
                                            0xffffffff00000001ULL};
            uint64_t w[2][9];
            for (int k = 0; k < 2; k++) {
                do {
                    for (unsigned i = 0; i < nl; i++) {
                        uint64_t r = t_rand64();
                        w[k][i] = (r & 7) < 6 ? wset[(r >> 3) % (sizeof wset / sizeof wset[0])] : m->n[i] ^ (r >> 40);
                    }
                    w[k][nl - 1] &= m->n[nl - 1] | (m->n[nl - 1] >> 1) | (m->n[nl - 1] >> 2);
                    BIGNUM *t = bn(w[k], nl);
                    BN_copy(k ? B : A, t);
                    BN_free(t);
                } while (BN_cmp(k ? B : A, M) >= 0);
            }
        } else {
            BN_rand_range(A, M);
            BN_rand_range(B, M);
        }
        uint64_t a[9] = {0}, b[9] = {0}, r[9] = {0}, want[9] = {0};
        to_words(a, nl, A);
        to_words(b, nl, B);
        mod_mul(m, r, a, b);
        BN_mod_mul(W, A, B, M, ctx);
        BN_mod_mul(W, W, Rinv, M, ctx);
        to_words(want, nl, W);
        CHECK(!memcmp(r, want, 8 * nl), "%s: Montgomery product differs from BN (it %d)", what, it);
        mod_add(m, r, a, b);
        BN_mod_add(W, A, B, M, ctx);
        to_words(want, nl, W);
        CHECK(!memcmp(r, want, 8 * nl), "%s: sum differs (it %d)", what, it);
        mod_sub(m, r, a, b);
        BN_mod_sub(W, A, B, M, ctx);
        to_words(want, nl, W);
        CHECK(!memcmp(r, want, 8 * nl), "%s: difference differs (it %d)", what, it);
        if (field) test_field_ops(what, field, A, B, M, R, Rinv, it, ctx);
    }
    for (int i = 0; i < ne; i++) BN_free(edge[i]);
    BN_free(M), BN_free(R), BN_free(Rinv), BN_free(A), BN_free(B), BN_free(W), BN_free(G);
}

/* the safegcd inverses (constant-time and variable-time) modulo m against
 * BN: 0 -> 0, 1, 2, m - 1, m - 2, powers of two, values with long runs of
 * zero or one bits (long stretches of divsteps of one kind), random */
static void test_safegcd(const char *what, const sc_params *m, BN_CTX *ctx)
{
    const unsigned nl = m->nlimbs;
    BIGNUM *M = bn(m->n, nl), *A = BN_new(), *W = BN_new();
    sc_t ring[9], ringw[9]; /* recent non-zero values and their inverses */
    unsigned nring = 0;
    for (int it = 0; it < 3000; it++) {
        if (it == 0) BN_zero(A);
        else if (it < 3) BN_set_word(A, (BN_ULONG)it);
        else if (it < 5) BN_sub(A, M, BN_value_one()), BN_sub_word(A, (BN_ULONG)(it - 3));
        else if (it < 5 + (int)m->nbits - 1) BN_zero(A), BN_set_bit(A, it - 5);
        else if (it % 4 == 0) { /* runs of ones and zeros */
            BN_zero(A);
            int bit = 0;
            while (bit < (int)m->nbits) {
                int run = 1 + (int)(t_rand64() % 80), one = (int)(t_rand64() & 1);
                for (int j = 0; j < run && bit < (int)m->nbits; j++, bit++)
                    if (one) BN_set_bit(A, bit);
            }
            BN_mod(A, A, M, ctx);
        } else BN_rand_range(A, M);
        uint64_t a[9] = {0}, r[9], rv[9], want[9] = {0};
        to_words(a, nl, A);
        memset(r, 0x5a, sizeof r);
        memset(rv, 0x5a, sizeof rv);
        int in_ct = mod_inv(m, r, a);
        int in_vt = mod_inv_vartime(m, rv, a);
        CHECK(in_ct && in_vt, "%s: safegcd needed more steps than its bound (it %d)", what, it);
        if (BN_is_zero(A)) BN_zero(W);
        else BN_mod_inverse(W, A, M, ctx);
        to_words(want, nl, W);
        CHECK(!memcmp(r, want, 8 * nl), "%s: safegcd inverse differs from BN (it %d)", what, it);
        CHECK(!memcmp(rv, want, 8 * nl), "%s: vartime safegcd inverse differs from BN (it %d)", what, it);
        if (it % 16 == 0) { /* the sc_t wrappers (signing, verification) */
            sc_t x, y, z;
            memset(&x, 0, sizeof x);
            memcpy(x.v, a, 8 * nl);
            sc_inv(m, &y, &x);
            sc_inv_vartime(m, &z, &x);
            CHECK(!memcmp(y.v, want, 8 * nl) && !memcmp(z.v, want, 8 * nl), "%s: sc_inv/sc_inv_vartime (it %d)", what,
                  it);
        }
        if (!BN_is_zero(A)) { /* the batch inversions over the last 1..9 non-zero values */
            memset(&ring[nring % 9], 0, sizeof ring[0]);
            memcpy(ring[nring % 9].v, a, 8 * nl);
            memset(&ringw[nring % 9], 0, sizeof ringw[0]);
            memcpy(ringw[nring % 9].v, want, 8 * nl);
            nring++;
            if (nring >= 9 && it % 8 == 0) {
                const unsigned k = 1 + (unsigned)(it / 8) % 9;
                sc_t bi[9], bv[9];
                sc_inv_batch(m, bi, ring, k);
                sc_inv_batch_vartime(m, bv, ring, k);
                for (unsigned j = 0; j < k; j++)
                    CHECK(!memcmp(bi[j].v, ringw[j].v, 8 * nl) && !memcmp(bv[j].v, ringw[j].v, 8 * nl),
                          "%s: sc_inv_batch/_vartime of %u, value %u (it %d)", what, k, j, it);
            }
        }
    }
    BN_free(M), BN_free(A), BN_free(W);
}

int main(void)
{
    t_seed();
    BN_CTX *ctx = BN_CTX_new();
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        char what[64];
        snprintf(what, sizeof what, "%s n", c->name);
        test_modulus(what, &c->sc, ctx, NULL);
        test_safegcd(what, &c->sc, ctx);
        if (c->kind == EC_KIND_PRIME) {
            snprintf(what, sizeof what, "%s p", c->name);
            test_modulus(what, &c->ecp->fp, ctx, c);
            test_safegcd(what, &c->ecp->fp, ctx);
        }
    }
    BN_CTX_free(ctx);
    return t_done("test_fp");
}
