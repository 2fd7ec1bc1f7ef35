/* SPDX-License-Identifier: Apache-2.0 */
/* Arithmetic modulo a curve order n, on mod/'s Montgomery arithmetic:
 * conversions, products, inverses, recodings. Constant-time in the values
 * except the functions ending in _vartime. */
#include <string.h>

#include "ct.h"
#include "scalar/sc.h"
#include "invariant.h"

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

static void be_to_limbs(uint64_t *r, unsigned nlimbs, const uint8_t *in, size_t len)
{
    memset(r, 0, nlimbs * sizeof(uint64_t));
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        if (bit / 64 < nlimbs) r[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
}

uint64_t sc_lt(const sc_params *p, const sc_t *a, const sc_t *b)
{
    uint64_t t[SC_MAX_LIMBS];
    uint64_t borrow = limbs_sub(t, a->v, b->v, p->nlimbs);
    ct_wipe(t, sizeof t);
    return ct_mask_bit(borrow);
}

uint64_t sc_is_zero(const sc_params *p, const sc_t *a)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < p->nlimbs; i++) t |= a->v[i];
    return ct_is_zero(t);
}

int sc_eq_vartime(const sc_params *p, const sc_t *a, const sc_t *b)
{
    return memcmp(a->v, b->v, p->nlimbs * sizeof(uint64_t)) == 0;
}

uint64_t sc_from_bytes_range(const sc_params *p, sc_t *r, const uint8_t *in, size_t len)
{
    memset(r, 0, sizeof *r);
    uint64_t over = 0;
    /* bytes that do not fit in nlimbs limbs must be zero */
    for (size_t i = 0; i + 8 * (size_t)p->nlimbs < len; i++) over |= in[i];
    be_to_limbs(r->v, p->nlimbs, in, len);
    sc_t n;
    memset(&n, 0, sizeof n);
    memcpy(n.v, p->n, sizeof p->n);
    return ~sc_is_zero(p, r) & sc_lt(p, r, &n) & ct_is_zero(over);
}

void sc_bits2int(const sc_params *p, sc_t *r, const uint8_t *digest, size_t len)
{
    size_t nb = (p->nbits + 7) / 8;
    memset(r, 0, sizeof *r);
    if (len >= nb) {
        be_to_limbs(r->v, p->nlimbs, digest, nb);
        unsigned sh = (unsigned)(8 * nb - p->nbits);
        if (sh) {
            for (unsigned i = 0; i < p->nlimbs; i++) {
                uint64_t hi = i + 1 < p->nlimbs ? r->v[i + 1] : 0;
                r->v[i] = (r->v[i] >> sh) | (hi << (64 - sh));
            }
        }
    } else {
        be_to_limbs(r->v, p->nlimbs, digest, len);
    }
}

void sc_from_digest(const sc_params *p, sc_t *r, const uint8_t *digest, size_t len)
{
    uint64_t t[SC_MAX_LIMBS];
    sc_bits2int(p, r, digest, len); /* below 2^nbits < 2n: one conditional subtraction */
    uint64_t borrow = limbs_sub(t, r->v, p->n, p->nlimbs);
    ct_cmov_words(r->v, t, p->nlimbs, ~ct_mask_bit(borrow));
}

void sc_from_bytes_reduce(const sc_params *p, sc_t *r, const uint8_t *in, size_t len, unsigned h)
{
    uint64_t v[SC_MAX_LIMBS + 1], t[SC_MAX_LIMBS + 1], nn[SC_MAX_LIMBS + 1];
    unsigned nl = p->nlimbs + 1;
    be_to_limbs(v, nl, in, len);
    memset(nn, 0, sizeof nn);
    memcpy(nn, p->n, p->nlimbs * sizeof(uint64_t));
    for (unsigned k = 0; k < h; k++) {
        uint64_t borrow = limbs_sub(t, v, nn, nl);
        ct_cmov_words(v, t, nl, ~ct_mask_bit(borrow));
    }
    memset(r, 0, sizeof *r);
    memcpy(r->v, v, p->nlimbs * sizeof(uint64_t));
    ct_wipe(v, sizeof v);
    ct_wipe(t, sizeof t);
}

void sc_to_bytes(const sc_params *p, uint8_t *out, const sc_t *a)
{
    size_t nb = (p->nbits + 7) / 8;
    for (size_t i = 0; i < nb; i++) {
        size_t bit = 8 * (nb - 1 - i);
        out[i] = (uint8_t)(a->v[bit / 64] >> (bit % 64));
    }
}

/* limbs above nlimbs are zero in every sc_t a function here produces
 * (recodings read whole windows past bitlen(n)) */
static void sc_clear_tail(const sc_params *p, sc_t *r)
{
    for (unsigned i = p->nlimbs; i < SC_MAX_LIMBS; i++) r->v[i] = 0;
}

void sc_add(const sc_params *p, sc_t *r, const sc_t *a, const sc_t *b)
{
    mod_add(p, r->v, a->v, b->v);
    sc_clear_tail(p, r);
}

void sc_mul(const sc_params *p, sc_t *r, const sc_t *a, const sc_t *b)
{
    uint64_t t[SC_MAX_LIMBS];
    mod_mul(p, t, a->v, b->v);
    mod_mul(p, r->v, t, p->rr);
    sc_clear_tail(p, r);
    ct_wipe(t, sizeof t);
}

void sc_mul_small(const sc_params *p, sc_t *r, const sc_t *a, unsigned h)
{
    sc_t acc;
    memset(&acc, 0, sizeof acc);
    for (unsigned i = 0; i < h; i++) sc_add(p, &acc, &acc, a);
    *r = acc;
    ct_wipe(&acc, sizeof acc);
}

/* a^-1 mod n (0 for 0): constant-time Bernstein–Yang divsteps (safegcd.c) */
void sc_inv(const sc_params *p, sc_t *r, const sc_t *a)
{
    memset(r, 0, sizeof *r);
    int within = mod_inv(p, r->v, a->v);
    FASTEC_INVARIANT(within == 1); /* safegcd ended within its step bound */
    (void)within;
}

/* the same, variable-time (verification: s is public) */
void sc_inv_vartime(const sc_params *p, sc_t *r, const sc_t *a)
{
    memset(r, 0, sizeof *r);
    int within = mod_inv_vartime(p, r->v, a->v);
    FASTEC_INVARIANT(within == 1);
    (void)within;
}

/* r[j] = a[j]^-1 for j < m, every a[j] non-zero and r not overlapping a,
 * by one inversion (Montgomery's trick): r[j] = a_0 ... a_j first, then
 * back from the inverse of the whole product, 3 (m - 1) products */
static void sc_inv_batch_with(const sc_params *p, sc_t *r, const sc_t *a, unsigned m, int vartime)
{
    sc_t t;
    if (!m) return;
    r[0] = a[0];
    for (unsigned j = 1; j < m; j++) sc_mul(p, &r[j], &r[j - 1], &a[j]);
    if (vartime) sc_inv_vartime(p, &t, &r[m - 1]);
    else sc_inv(p, &t, &r[m - 1]);
    for (unsigned j = m - 1; j > 0; j--) {
        sc_mul(p, &r[j], &t, &r[j - 1]);
        sc_mul(p, &t, &t, &a[j]);
    }
    r[0] = t;
    ct_wipe(&t, sizeof t);
}

void sc_inv_batch(const sc_params *p, sc_t *r, const sc_t *a, unsigned m) { sc_inv_batch_with(p, r, a, m, 0); }

void sc_inv_batch_vartime(const sc_params *p, sc_t *r, const sc_t *a, unsigned m)
{
    sc_inv_batch_with(p, r, a, m, 1);
}

/* width-w NAF of k (public), returns the digit count. Runs of zero digits
 * are skipped a count-trailing-zeros at a time. */
int sc_wnaf_vartime(int8_t *naf, const uint64_t *k, int nlimbs, int w)
{
    uint64_t v[SC_MAX_LIMBS + 1];
    memcpy(v, k, sizeof(uint64_t) * (size_t)nlimbs);
    v[nlimbs] = 0;
    int len = 0;
    const int64_t full = 1 << w, half = 1 << (w - 1);
    int nz = 0;
    for (int i = 0; i < nlimbs; i++) nz |= v[i] != 0;
    while (nz) {
        int64_t dgt = 0;
        if (v[0] & 1) {
            dgt = (int64_t)(v[0] & (uint64_t)(full - 1));
            if (dgt >= half) dgt -= full;
            /* v -= dgt */
            if (dgt > 0) {
                uint64_t bo = (uint64_t)dgt;
                for (int i = 0; i <= nlimbs && bo; i++) {
                    uint64_t o = v[i];
                    v[i] = o - bo;
                    bo = o < bo;
                }
            } else {
                uint64_t ca = (uint64_t)(-dgt);
                for (int i = 0; i <= nlimbs && ca; i++) {
                    v[i] += ca;
                    ca = v[i] < ca;
                }
            }
        }
        naf[len++] = (int8_t)dgt;
        nz = 0;
        for (int i = 0; i <= nlimbs; i++) nz |= v[i] != 0;
        if (!nz) break;
        /* v is even and not 0: shift out its trailing zeros (1..64 bits at a
         * time), a zero digit for each but the one just written */
        int s = v[0] ? __builtin_ctzll(v[0] | (1ULL << 63)) : 64;
        for (int j = 1; j < s; j++) naf[len++] = 0;
        if (s == 64) {
            for (int i = 0; i < nlimbs; i++) v[i] = v[i + 1];
            v[nlimbs] = 0;
        } else {
            for (int i = 0; i < nlimbs; i++) v[i] = (v[i] >> s) | (v[i + 1] << (64 - s));
            v[nlimbs] >>= s;
        }
    }
    return len;
}
