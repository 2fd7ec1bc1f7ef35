/* SPDX-License-Identifier: Apache-2.0 */
/* GF(2^m) arithmetic on every backend the CPU can run (the list comes from the
 * dispatch table), against a bit-by-bit reference and against each other:
 * multiply, square, invert, square root, trace, half-trace, on random and
 * edge inputs (0, 1, all m bits set, single top bit). */
#include "curves/curves.h"
#include "ec_ops.h"
#include "fastec.h"
#include "testops.h"
#include "testutil.h"

#define W 9

/* SEC 2 reduction polynomials (test data, independent of the generator) */
static const struct {
    unsigned m;
    unsigned k[3];
} polys[] = {{163, {7, 6, 3}}, {193, {15, 0, 0}}, {233, {74, 0, 0}}, {239, {158, 0, 0}},
             {283, {12, 7, 5}}, {409, {87, 0, 0}}, {571, {10, 5, 2}}};

static int bit(const uint64_t *a, unsigned i) { return (int)((a[i / 64] >> (i % 64)) & 1); }
static void flip(uint64_t *a, unsigned i) { a[i / 64] ^= 1ULL << (i % 64); }

static void ref_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned m)
{
    uint64_t t[2 * W];
    memset(t, 0, sizeof t);
    for (unsigned i = 0; i < m; i++)
        if (bit(a, i))
            for (unsigned j = 0; j < m; j++)
                if (bit(b, j)) flip(t, i + j);
    const unsigned *k = NULL;
    for (size_t p = 0; p < sizeof polys / sizeof polys[0]; p++)
        if (polys[p].m == m) k = polys[p].k;
    for (unsigned i = 2 * m - 2; i >= m; i--)
        if (bit(t, i)) {
            flip(t, i);
            flip(t, i - m);
            for (int j = 0; j < 3; j++)
                if (k[j]) flip(t, i - m + k[j]);
        }
    memset(r, 0, W * 8);
    memcpy(r, t, W * 8);
    for (unsigned i = m; i < 64 * W; i++)
        if (bit(r, i)) flip(r, i);
}

static void rnd(uint64_t *a, unsigned m)
{
    memset(a, 0, W * 8);
    for (unsigned i = 0; i < (m + 63) / 64; i++) a[i] = t_rand64();
    for (unsigned i = m; i < 64 * ((m + 63) / 64); i++)
        if (bit(a, i)) flip(a, i);
}

static void edge(uint64_t *a, unsigned m, int which)
{
    memset(a, 0, W * 8);
    if (which == 1) a[0] = 1;
    if (which == 2)
        for (unsigned i = 0; i < m; i++) flip(a, i);
    if (which == 3) flip(a, m - 1);
}

/* register-form (fz) products checked, and fields whose vpclmul512 instance
 * should have them (every field: 239 bits, where 2 K1 > m, by a third fold) */
static unsigned nreg, nreg_expected;

static void test_field(const fastec_curve *c)
{
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned nb = ec_backends(c, ops, fields);
    unsigned m = c->ec2->m;
    const size_t bytes = 8 * fields[0]->nwords;
    printf("  GF(2^%u): %u backend(s):", m, nb);
    for (unsigned b = 0; b < nb; b++) {
        printf(" %s%s", ops[b]->backend, fields[b]->mul_reg ? " (+registers)" : "");
        if (!strcmp(ops[b]->backend, "vpclmul512")) nreg_expected++;
    }
    printf("\n");
    CHECK(nb >= 1, "no backend");
    for (int it = 0; it < 300; it++) {
        uint64_t a[W], b[W], r[W], want[W], t[W], one[W] = {1};
        if (it < 4) edge(a, m, it);
        else rnd(a, m);
        if (it < 16) edge(b, m, it % 4);
        else rnd(b, m);
        ref_mul(want, a, b, m);
        uint64_t ref_sqr[W];
        ref_mul(ref_sqr, a, a, m);
        /* reference trace: sum of a^(2^i) */
        uint64_t tr[W], s[W];
        memcpy(s, a, sizeof s);
        memcpy(tr, a, sizeof tr);
        if (it < 40) {
            for (unsigned i = 1; i < m; i++) {
                ref_mul(s, s, s, m);
                for (int j = 0; j < W; j++) tr[j] ^= s[j];
            }
        }
        for (unsigned k = 0; k < nb; k++) {
            const ec_field_hooks *o = fields[k];
            memset(r, 0, sizeof r);
            o->mul(r, a, b);
            CHECK(!memcmp(r, want, bytes), "GF(2^%u) %s mul differs from reference (it %d)", m, o->backend, it);
            CHECK(o->mul_tp != NULL, "GF(2^%u) %s has no mul_tp", m, o->backend);
            if (o->mul_tp) { /* a missing hook fails above rather than crashing here */
                memset(r, 0, sizeof r);
                o->mul_tp(r, a, b);
                CHECK(!memcmp(r, want, bytes), "GF(2^%u) %s mul_tp differs from reference (it %d)", m, o->backend, it);
            }
            o->sqr(r, a);
            CHECK(!memcmp(r, ref_sqr, bytes), "GF(2^%u) %s sqr", m, o->backend);
            if (o->mul_reg) {
                memset(r, 0, sizeof r);
                o->mul_reg(r, a, b);
                CHECK(!memcmp(r, want, bytes), "GF(2^%u) %s mul_reg differs from reference (it %d)", m, o->backend, it);
                nreg++;
            }
            if (o->sqr_reg) {
                memset(r, 0, sizeof r);
                o->sqr_reg(r, a);
                CHECK(!memcmp(r, ref_sqr, bytes), "GF(2^%u) %s sqr_reg differs from reference (it %d)", m, o->backend, it);
            }
            o->inv(r, a);
            int a_zero = 1;
            for (int j = 0; j < W; j++) a_zero &= a[j] == 0;
            if (a_zero) {
                uint64_t z[W] = {0};
                CHECK(!memcmp(r, z, bytes), "GF(2^%u) %s inv(0) != 0", m, o->backend);
            } else {
                o->mul(t, r, a);
                CHECK(!memcmp(t, one, bytes), "GF(2^%u) %s a * inv(a) != 1", m, o->backend);
            }
            o->sqrt(r, a);
            o->sqr(t, r);
            CHECK(!memcmp(t, a, bytes), "GF(2^%u) %s sqrt(a)^2 != a", m, o->backend);
            int trv = o->trace(a);
            if (it < 40) {
                int ref = (int)(tr[0] & 1);
                CHECK(trv == ref, "GF(2^%u) %s trace", m, o->backend);
                uint64_t hi = 0;
                for (int j = 1; j < W; j++) hi |= tr[j];
                CHECK(hi == 0 && (tr[0] >> 1) == 0, "reference trace not in GF(2)");
            }
            if (trv == 0) {
                o->halftrace(r, a);
                o->sqr(t, r);
                for (int j = 0; j < W; j++) t[j] ^= r[j];
                CHECK(!memcmp(t, a, bytes), "GF(2^%u) %s halftrace: z^2 + z != a", m, o->backend);
            }
        }
    }
    /* linearity of the trace and agreement of every backend on long chains */
    for (unsigned k = 1; k < nb; k++) {
        uint64_t x0[W], x1[W];
        rnd(x0, m);
        memcpy(x1, x0, sizeof x1);
        for (int i = 0; i < 2000; i++) {
            uint64_t y[W];
            fields[0]->sqr(y, x0);
            fields[0]->mul(x0, y, x0);
            x0[0] ^= (uint64_t)i;
            fields[k]->sqr(y, x1);
            if ((i & 1) && fields[k]->mul_tp) fields[k]->mul_tp(x1, y, x1);
            else fields[k]->mul(x1, y, x1);
            x1[0] ^= (uint64_t)i;
        }
        CHECK(!memcmp(x0, x1, bytes), "GF(2^%u) %s and %s disagree on a chain", m, ops[0]->backend, ops[k]->backend);
    }
}

int main(void)
{
    t_seed();
    unsigned seen = 0;
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        if (c->kind != EC_KIND_BINARY || (seen >> c->impl_index) & 1) continue;
        seen |= 1u << c->impl_index;
        test_field(c);
    }
    CHECK(seen == 0x7f, "all seven binary fields tested");
    /* nreg counts iterations: 300 per field with the register form */
    CHECK(nreg == 300 * nreg_expected, "register-form products tested on %u field(s), expected %u", nreg / 300,
          nreg_expected);
    return t_done("test_field");
}
