/* SPDX-License-Identifier: Apache-2.0 */
/* Differential: each field operation on the portable and every accelerated
 * backend the CPU has, on the same operands; abort on any difference.
 * Input: [curve][op][a bytes][b bytes] (binary fields: elements reduced to
 * their m bits; prime fields: inputs not below p, or n for the scalar
 * inverse, are skipped). The scalar inverse (safegcd, one implementation)
 * is checked against its variable-time twin and by a a^-1 = 1. */
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "fuzz_common.h"
#include "scalar/sc.h"

/* a and b (nw words each) from the input bytes, cut to their low `bits` bits */
static void load_operands(uint64_t *a, uint64_t *b, const uint8_t *data, size_t size, unsigned nw, unsigned bits)
{
    memset(a, 0, 9 * sizeof *a);
    memset(b, 0, 9 * sizeof *b);
    for (size_t i = 0; i < size && i < 16 * nw; i++) {
        uint64_t *t = i < 8 * nw ? a : b;
        size_t j = i % (8 * nw);
        t[j / 8] |= (uint64_t)data[i] << (8 * (j % 8));
    }
    for (unsigned i = bits; i < 64 * nw; i++) {
        a[i / 64] &= ~(1ULL << (i % 64));
        b[i / 64] &= ~(1ULL << (i % 64));
    }
}

static int below(const uint64_t *v, const uint64_t *m, unsigned nw)
{
    for (unsigned i = nw; i-- > 0;)
        if (v[i] != m[i]) return v[i] < m[i];
    return 0;
}

static int prime_diff(const fastec_curve *c, const uint8_t *data, size_t size)
{
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned nb = ec_backends(c, ops, fields);
    unsigned op = data[0] % 9, nw = fields[0]->nwords;
    data++, size--;
    uint64_t a[9], b[9];
    const sc_params *mod = op == 6 ? &c->sc : &c->ecp->fp;
    load_operands(a, b, data, size, nw, mod->nbits);
    if (!below(a, mod->n, mod->nlimbs) || !below(b, mod->n, mod->nlimbs)) return 0;
    uint64_t ref[9] = {0}, r[9];
    for (unsigned k = 0; k < nb; k++) {
        memset(r, 0, sizeof r);
        switch (op) {
        case 0: fields[k]->mul(r, a, b); break;
        case 1: fields[k]->sqr(r, a); break;
        case 2: fields[k]->inv(r, a); break;
        case 3: fields[k]->sqrt(r, a); break;
        case 4: fields[k]->add(r, a, b); break;
        case 5: fields[k]->sub(r, a, b); break;
        default: FUZZ_ASSERT(mod_inv(mod, r, a) == 1); break; /* within its step bound */
        }
        if (k == 0) memcpy(ref, r, sizeof r);
        else FUZZ_ASSERT(!memcmp(ref, r, 8 * nw));
    }
    if (op == 6) { /* the inverse mod n: the variable-time one agrees, and a a^-1 = 1 */
        uint64_t rv[9] = {0};
        FUZZ_ASSERT(mod_inv_vartime(mod, rv, a) == 1);
        FUZZ_ASSERT(!memcmp(ref, rv, 8 * mod->nlimbs));
        sc_t x, y, one;
        memset(&x, 0, sizeof x);
        memset(&y, 0, sizeof y);
        memcpy(x.v, a, 8 * mod->nlimbs);
        memcpy(y.v, ref, 8 * mod->nlimbs);
        sc_mul(mod, &one, &x, &y);
        int zero = 1, isone = one.v[0] == 1;
        for (unsigned i = 0; i < mod->nlimbs; i++) zero &= a[i] == 0;
        for (unsigned i = 1; i < mod->nlimbs; i++) isone &= one.v[i] == 0;
        FUZZ_ASSERT(zero || isone);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    if (!c || size < 1) return 0;
    if (c->kind == EC_KIND_PRIME) return prime_diff(c, data, size);
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned nb = ec_backends(c, ops, fields);
    unsigned op = data[0] % 9, nw = fields[0]->nwords, m = c->ec2->m;
    data++, size--;
    uint64_t a[9], b[9];
    load_operands(a, b, data, size, nw, m);
    uint64_t ref[9] = {0}, r[9];
    for (unsigned k = 0; k < nb; k++) {
        memset(r, 0, sizeof r);
        int tr = 0;
        switch (op) {
        case 0: fields[k]->mul(r, a, b); break;
        case 1: fields[k]->sqr(r, a); break;
        case 2: fields[k]->inv(r, a); break;
        case 3: fields[k]->sqrt(r, a); break;
        case 4: fields[k]->halftrace(r, a); break;
        case 5: fields[k]->mul_tp(r, a, b); break;
        case 7: /* the register form where a backend has one, the product elsewhere */
            if (fields[k]->mul_reg) fields[k]->mul_reg(r, a, b);
            else fields[k]->mul(r, a, b);
            break;
        case 8:
            if (fields[k]->sqr_reg) fields[k]->sqr_reg(r, a);
            else fields[k]->sqr(r, a);
            break;
        default: tr = fields[k]->trace(a); r[0] = (uint64_t)tr; break;
        }
        if (k == 0) memcpy(ref, r, sizeof r);
        else FUZZ_ASSERT(!memcmp(ref, r, 8 * nw));
    }
    return 0;
}
