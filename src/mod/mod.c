/* SPDX-License-Identifier: Apache-2.0 */
/* Montgomery arithmetic modulo any odd modulus of up to MOD_MAX_LIMBS limbs
 * (CIOS products, sums, differences), inlined per limb count so every loop is
 * unrolled. Constant-time in the values; nlimbs and the modulus are public. */
#include <string.h>

#include "ct.h"
#include "mod/mod.h"

typedef unsigned __int128 u128;

/* r = a - b over n limbs, returns the borrow (0 or 1) */
static inline __attribute__((always_inline)) uint64_t limbs_sub(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                                               unsigned n)
{
    uint64_t borrow = 0;
    for (unsigned i = 0; i < n; i++) {
        u128 d = (u128)a[i] - b[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return borrow;
}

static inline __attribute__((always_inline)) uint64_t limbs_add(uint64_t *r, const uint64_t *a, const uint64_t *b,
                                                               unsigned n)
{
    uint64_t carry = 0;
    for (unsigned i = 0; i < n; i++) {
        u128 s = (u128)a[i] + b[i] + carry;
        r[i] = (uint64_t)s;
        carry = (uint64_t)(s >> 64);
    }
    return carry;
}

/* r = (hi:a) mod n for a < 2n given as nlimbs limbs plus a carry word hi */
static inline __attribute__((always_inline)) void reduce_once(const mod_params *p, uint64_t *r, const uint64_t *a,
                                                             uint64_t hi)
{
    uint64_t t[MOD_MAX_LIMBS];
    uint64_t borrow = limbs_sub(t, a, p->n, p->nlimbs);
    /* keep t unless (borrow and no carry-in) */
    uint64_t keep_a = ct_mask_bit(borrow & ~hi & 1);
    for (unsigned i = 0; i < p->nlimbs; i++) r[i] = (a[i] & keep_a) | (t[i] & ~keep_a);
}

/* calls fn(p, r, a, b, nl) with nl a constant for the usual limb counts */
#define MOD_DISPATCH(fn, p, r, a, b)                                              \
    switch ((p)->nlimbs) {                                                        \
    case 3: fn(p, r, a, b, 3); break;                                             \
    case 4: fn(p, r, a, b, 4); break;                                             \
    case 5: fn(p, r, a, b, 5); break;                                             \
    case 6: fn(p, r, a, b, 6); break;                                             \
    case 7: fn(p, r, a, b, 7); break;                                             \
    case 9: fn(p, r, a, b, 9); break;                                             \
    default: fn(p, r, a, b, (p)->nlimbs); break;                                  \
    }

/* r = a b R^-1 mod n (CIOS), inputs below n. Inlined into mont_mul with a
 * constant nl per limb count, so every loop is unrolled. */
static inline __attribute__((always_inline)) void mont_mul_n(const mod_params *p, uint64_t *r, const uint64_t *a,
                                                             const uint64_t *b, const unsigned nl)
{
    uint64_t t[MOD_MAX_LIMBS + 2];
    memset(t, 0, sizeof t);
    for (unsigned i = 0; i < nl; i++) {
        uint64_t carry = 0;
        for (unsigned j = 0; j < nl; j++) {
            u128 s = (u128)a[j] * b[i] + t[j] + carry;
            t[j] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        u128 s = (u128)t[nl] + carry;
        t[nl] = (uint64_t)s;
        t[nl + 1] = (uint64_t)(s >> 64);
        uint64_t m = t[0] * p->n0inv;
        s = (u128)m * p->n[0] + t[0];
        carry = (uint64_t)(s >> 64);
        for (unsigned j = 1; j < nl; j++) {
            s = (u128)m * p->n[j] + t[j] + carry;
            t[j - 1] = (uint64_t)s;
            carry = (uint64_t)(s >> 64);
        }
        s = (u128)t[nl] + carry;
        t[nl - 1] = (uint64_t)s;
        t[nl] = t[nl + 1] + (uint64_t)(s >> 64);
    }
    reduce_once(p, r, t, t[nl]);
}

static void mont_mul(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    MOD_DISPATCH(mont_mul_n, p, r, a, b) /* nlimbs is public */
}


void mod_mul(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b) { mont_mul(p, r, a, b); }

/* Sum and difference, inlined per limb count like mont_mul. The
 * per-operation temporaries are not wiped (they are overwritten by the next
 * operation; the routines holding secrets wipe their own state). */
static inline __attribute__((always_inline)) void mod_add_n(const mod_params *p, uint64_t *r, const uint64_t *a,
                                                            const uint64_t *b, const unsigned nl)
{
    uint64_t t[MOD_MAX_LIMBS], u[MOD_MAX_LIMBS];
    uint64_t carry = limbs_add(t, a, b, nl);
    uint64_t borrow = limbs_sub(u, t, p->n, nl);
    uint64_t keep_t = ct_mask_bit(borrow & ~carry & 1);
    for (unsigned i = 0; i < nl; i++) r[i] = (t[i] & keep_t) | (u[i] & ~keep_t);
}

static inline __attribute__((always_inline)) void mod_sub_n(const mod_params *p, uint64_t *r, const uint64_t *a,
                                                            const uint64_t *b, const unsigned nl)
{
    uint64_t t[MOD_MAX_LIMBS], u[MOD_MAX_LIMBS];
    uint64_t borrow = limbs_sub(t, a, b, nl);
    limbs_add(u, t, p->n, nl);
    uint64_t m = ct_mask_bit(borrow);
    for (unsigned i = 0; i < nl; i++) r[i] = (u[i] & m) | (t[i] & ~m);
}

void mod_add(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b) { MOD_DISPATCH(mod_add_n, p, r, a, b) }
void mod_sub(const mod_params *p, uint64_t *r, const uint64_t *a, const uint64_t *b) { MOD_DISPATCH(mod_sub_n, p, r, a, b) }
