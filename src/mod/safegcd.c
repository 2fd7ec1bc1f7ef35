/* SPDX-License-Identifier: Apache-2.0 */
/* Modular inversion by Bernstein–Yang divsteps ("safegcd", "Fast
 * constant-time gcd computation and modular inversion", 2019), for any odd
 * modulus m of up to 64 MOD_MAX_LIMBS bits: the curve orders and the primes.
 *
 * divstep(delta, f, g): if delta > 0 and g is odd, (1 - delta, g, (g - f) / 2);
 * else if g is odd, (1 + delta, f, (g + f) / 2); else (1 + delta, f, g / 2).
 * From (1, m, x), g reaches 0 within iter(d) = floor((49 d + 80) / 17) steps
 * for d-bit inputs (the paper's bound, valid for every d), and then
 * f = +-gcd = +-1; for up to 256 bits the half-delta variant (start 1/2)
 * needs at most 590. After that many steps g = 0 is checked anyway: more
 * batches would run, and the functions return 0, if a bound ever failed. The steps run in batches of 62 on the low word of f and g
 * only, giving a matrix T = [u v; q r] with 2^62 (f', g') = T (f, g) and
 * |u| + |v|, |q| + |r| <= 2^62; the full f, g (signed, 62-bit limbs) and the
 * coefficients d, e with d x = f, e x = g (mod m) are updated once per batch:
 * (d', e') = (T (d, e) + (md, me) m) / 2^62 with md, me chosen to clear the
 * low 62 bits and to keep d, e in (-2m, m) (update_de). At the end
 * x^-1 = +-d, brought into [0, m).
 *
 * mod_inv runs a fixed number of batches (from the public bit length)
 * with branch-free divsteps: constant-time in x. The _vartime one stops as
 * soon as g = 0, for public inputs (verification). */
#include <string.h>

#include "ct.h"
#include "mod/mod.h"

#define SG_L (MOD_MAX_LIMBS + 1) /* 62-bit limbs: 64 MOD_MAX_LIMBS bits and a sign */
#define M62 ((uint64_t)-1 >> 2)

typedef __int128 i128;

typedef struct {
    int64_t u, v, q, r;
} sg_mat;

/* n <= 30 divsteps on the low words *pf, *pg of f, g. delta is carried as
 * zeta = -delta (original divstep) or zeta = -(delta + 1/2) (half-delta
 * variant, hd = 1), so that delta > 0 is the sign bit of zeta and the update
 * is short: original, swap zeta' = ~zeta, else zeta - 1; half-delta, swap
 * -zeta - 2 = ~zeta - 1, else zeta - 1. Each step: x = +-f (- when
 * delta > 0), g += x if g is odd; on a swap (delta > 0 and g odd) f becomes
 * the old g; the same on the rows (u, v), (q, r); then g /= 2 and
 * (u, v) *= 2, so 2^i (f_i, g_i) = T (f_0, g_0). The swap is a masked select
 * of the old values (f' = g, u' = q, v' = r: f + (g - f) = g), which keeps
 * the step's dependency chain short (62 steps take about 60% of the
 * cycles of an add-after-update form on Zen 4).
 *
 * The rows are packed: uv = u + 2^32 v and qr = q + 2^32 r as 64-bit words.
 * Every row operation (negation by mask, masked select, masked sum,
 * doubling) is linear, so one word operation does both entries, and a step
 * costs about a third fewer instructions (the steps are bound by the
 * instruction count, not only by the chain: 62 packed steps take about two
 * thirds of the cycles of unpacked ones on Zen 4). After n <= 30 steps |u| + |v| <= 2^n < 2^31, so each
 * half comes back by sign extension. Updates *pf, *pg (their low 64 - n bits
 * stay exact) and returns the new zeta. */
static inline __attribute__((always_inline)) int64_t divsteps_packed(int64_t zeta, uint64_t *pf, uint64_t *pg, sg_mat *t,
                                                                     int hd, int n)
{
    uint64_t f = *pf, g = *pg, uv = 1, qr = (uint64_t)1 << 32;
    for (int i = 0; i < n; i++) {
        /* plain masks, no ct_barrier: the asm barrier would serialise the
         * steps (valgrind's test_ct checks that no branch appears) */
        uint64_t c1 = (uint64_t)(zeta >> 63); /* delta > 0 */
        uint64_t c2 = 0 - (g & 1);            /* g odd */
        uint64_t x = (f ^ c1) - c1, y = (uv ^ c1) - c1;
        uint64_t s = c1 & c2; /* the swap */
        uint64_t fn = f ^ ((f ^ g) & s), un = uv ^ ((uv ^ qr) & s);
        g += x & c2;
        qr += y & c2;
        zeta = (int64_t)(((uint64_t)zeta ^ s) - 1 - (hd ? 0 : s));
        f = fn;
        uv = un << 1;
        g >>= 1;
    }
    /* u = the low half sign-extended, v = the rest (exact: uv - u = 2^32 v) */
    int64_t u = (int64_t)(uv << 32) >> 32, q = (int64_t)(qr << 32) >> 32;
    t->u = u;
    t->v = (int64_t)(uv - (uint64_t)u) >> 32;
    t->q = q;
    t->r = (int64_t)(qr - (uint64_t)q) >> 32;
    *pf = f;
    *pg = g;
    return zeta;
}

/* T = B A, for the matrices of consecutive batches: 2^a x1 = A x0 and
 * 2^b x2 = B x1 give 2^(a+b) x2 = B A x0; entries stay within 2^(a+b) */
static inline __attribute__((always_inline)) void sg_mat_mul(sg_mat *t, const sg_mat *b, const sg_mat *a)
{
    sg_mat r;
    r.u = b->u * a->u + b->v * a->q;
    r.v = b->u * a->v + b->v * a->r;
    r.q = b->q * a->u + b->r * a->q;
    r.r = b->q * a->v + b->r * a->r;
    *t = r;
}

/* 62 divsteps as 30 + 30 + 2 packed ones (30 is the most a packed half
 * holds), T the product of the three matrices */
static inline __attribute__((always_inline)) int64_t divsteps62(int64_t zeta, uint64_t f0, uint64_t g0, sg_mat *t,
                                                                 int hd)
{
    uint64_t f = f0, g = g0;
    sg_mat a, b;
    zeta = divsteps_packed(zeta, &f, &g, &a, hd, 30);
    zeta = divsteps_packed(zeta, &f, &g, &b, hd, 30);
    sg_mat_mul(&a, &b, &a);
    zeta = divsteps_packed(zeta, &f, &g, &b, hd, 2);
    sg_mat_mul(t, &b, &a);
    return zeta;
}

/* The same 62 divsteps (original divstep, zeta = -delta) for public
 * inputs, several at a time: a run of z zero low bits of g is z steps that
 * only halve g (one shift, zeta -= z); an odd g with delta > 0 is the swap
 * (f, g) = (g, -f), zeta = -zeta; then, while delta stays <= 0 (at most
 * zeta + 1 steps, and no more than the steps left), the next k steps add f
 * to g exactly when g is odd, which is g += w f for the w < 2^k that clears
 * g's low k bits: w = -g f^-1 mod 2^k (f^-1 mod 64 by one Newton step from
 * f, right to 3 bits), k up to 6. Loops and branches depend on the values:
 * verification and public points only. */
static int64_t divsteps62_vartime(int64_t zeta, uint64_t f0, uint64_t g0, sg_mat *t)
{
    uint64_t f = f0, g = g0, u = 1, v = 0, q = 0, r = 1;
    int left = 62;
    for (;;) {
        /* the steps that halve g, at most the ones left (a sentinel bit) */
        int z = __builtin_ctzll(g | ((uint64_t)-1 << left));
        g >>= z;
        u <<= z;
        v <<= z;
        zeta -= z;
        left -= z;
        if (left == 0) break;
        if (zeta < 0) { /* delta > 0, g odd: the swap */
            uint64_t tmp = f;
            f = g;
            g = 0 - tmp;
            tmp = u;
            u = q;
            q = 0 - tmp;
            tmp = v;
            v = r;
            r = 0 - tmp;
            zeta = -zeta;
        }
        int k = zeta + 1 < left ? (int)zeta + 1 : left;
        if (k > 6) k = 6;
        uint64_t inv = f * (2 - f * f); /* f^-1 mod 2^6 */
        uint64_t w = (0 - g * inv) & (((uint64_t)1 << k) - 1);
        g += f * w;
        q += u * w;
        r += v * w;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return zeta;
}

/* (f, g) = T (f, g) / 2^62 (exact), signed 62-bit limbs, nl limbs */
static inline __attribute__((always_inline)) void update_fg(int64_t *f, int64_t *g, const sg_mat *t, unsigned nl)
{
    i128 cf = (i128)t->u * f[0] + (i128)t->v * g[0];
    i128 cg = (i128)t->q * f[0] + (i128)t->r * g[0];
    cf >>= 62;
    cg >>= 62;
    for (unsigned i = 1; i < nl; i++) {
        cf += (i128)t->u * f[i] + (i128)t->v * g[i];
        cg += (i128)t->q * f[i] + (i128)t->r * g[i];
        f[i - 1] = (int64_t)((uint64_t)cf & M62);
        g[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f[nl - 1] = (int64_t)cf;
    g[nl - 1] = (int64_t)cg;
}

/* (d, e) = (T (d, e) + (md, me) m) / 2^62 for d, e in (-2m, m), leaving
 * them in (-2m, m) without a comparison: md starts at u [d < 0] + v [e < 0]
 * (so that T is applied to d + m [d < 0] and e + m [e < 0], both in
 * (-m, m)), minus the amount in [0, 2^62) that makes the low 62 bits of the
 * sum zero; so the sum is in (-2^62 m, 2^62 m) + (-2^62 m, 0]. The same for
 * e with q, r, me. minv = m^-1 mod 2^62; constant-time. */
static inline __attribute__((always_inline)) void update_de(int64_t *d, int64_t *e, const sg_mat *t, const int64_t *m,
                                                            uint64_t minv, unsigned nl)
{
    const uint64_t sd = (uint64_t)(d[nl - 1] >> 63), se = (uint64_t)(e[nl - 1] >> 63);
    const uint64_t u = (uint64_t)t->u, v = (uint64_t)t->v, q = (uint64_t)t->q, r = (uint64_t)t->r;
    uint64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    i128 cd = (i128)t->u * d[0] + (i128)t->v * e[0];
    i128 ce = (i128)t->q * d[0] + (i128)t->r * e[0];
    md -= (minv * (uint64_t)cd + md) & M62;
    me -= (minv * (uint64_t)ce + me) & M62;
    cd += (i128)(int64_t)md * m[0];
    ce += (i128)(int64_t)me * m[0];
    cd >>= 62;
    ce >>= 62;
    for (unsigned i = 1; i < nl; i++) {
        cd += (i128)t->u * d[i] + (i128)t->v * e[i] + (i128)(int64_t)md * m[i];
        ce += (i128)t->q * d[i] + (i128)t->r * e[i] + (i128)(int64_t)me * m[i];
        d[i - 1] = (int64_t)((uint64_t)cd & M62);
        e[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    d[nl - 1] = (int64_t)cd;
    e[nl - 1] = (int64_t)ce;
}

/* x += m if x < 0 (limbs 0..nl-2 in [0, 2^62), the top one signed),
 * constant-time */
static inline __attribute__((always_inline)) void sg_add_if_neg(int64_t *x, const int64_t *m, unsigned nl)
{
    uint64_t isneg = (uint64_t)(x[nl - 1] >> 63);
    i128 c = 0;
    for (unsigned i = 0; i < nl; i++) {
        c += (i128)x[i] + (int64_t)((uint64_t)m[i] & isneg);
        x[i] = i + 1 < nl ? (int64_t)((uint64_t)c & M62) : (int64_t)c;
        c >>= 62;
    }
}

static unsigned sg_limbs(const mod_params *p) { return p->nbits / 62 + 1; }

/* 64-bit words <-> 62-bit limbs (nonnegative values) */
static void to62(int64_t *o, const uint64_t *w, unsigned nw, unsigned nl)
{
    for (unsigned i = 0; i < nl; i++) {
        unsigned bit = 62 * i, k = bit / 64, s = bit % 64;
        uint64_t v = k < nw ? w[k] >> s : 0;
        if (s > 2 && k + 1 < nw) v |= w[k + 1] << (64 - s);
        o[i] = (int64_t)(v & M62);
    }
}

static void from62(uint64_t *w, const int64_t *x, unsigned nw, unsigned nl)
{
    for (unsigned k = 0; k < nw; k++) {
        unsigned bit = 64 * k, i = bit / 62, s = bit % 62;
        uint64_t v = i < nl ? (uint64_t)x[i] >> s : 0;
        if (i + 1 < nl) v |= (uint64_t)x[i + 1] << (62 - s);
        if (s > 60 && i + 2 < nl) v |= (uint64_t)x[i + 2] << (124 - s);
        w[k] = v;
    }
}

/* returns 1 when the fixed batch count sufficed (g = 0 after it), which the
 * bounds above guarantee; otherwise (never seen) more batches ran. nl is
 * sg_limbs(p), a constant at the calls from safegcd below, so that the limb
 * loops unroll per size. */
static inline __attribute__((always_inline)) int safegcd_nl(const mod_params *p, uint64_t *out, const uint64_t *x,
                                                            int vartime, const unsigned nl)
{
    const unsigned nw = p->nlimbs;
    int64_t f[SG_L], g[SG_L], d[SG_L], e[SG_L], m[SG_L];
    to62(m, p->n, nw, nl);
    memcpy(f, m, sizeof f);
    to62(g, x, nw, nl);
    memset(d, 0, sizeof d);
    memset(e, 0, sizeof e);
    e[0] = 1;
    /* m^-1 mod 2^62 by Newton (m odd): each step doubles the correct bits */
    uint64_t minv = p->n[0];
    for (int i = 0; i < 6; i++) minv *= 2 - p->n[0] * minv;
    minv &= M62;
    /* 224 to 256 bits: the half-delta variant (delta starts at 1/2), for which 590 steps suffice for
     * 256-bit inputs (computer-assisted bound, see libsecp256k1's safegcd
     * notes): 10 batches. Otherwise the original divstep (delta = 1) with the
     * paper's bound floor((49 d + 80) / 17), smaller below 224 bits. */
    const unsigned orig = (49 * p->nbits + 80) / 17; /* the smaller bound below 224 bits */
    const int hd = !vartime && p->nbits <= 256 && orig > 590; /* the _vartime steps: original */
    const unsigned iters = hd ? 590 : orig, batches = (iters + 61) / 62;
    int64_t zeta = -1; /* delta = 1 (original) or 1/2 (half-delta): see divsteps62 */
    sg_mat t;
    int within = 1;
    for (unsigned b = 0;; b++) {
        uint64_t nz = 0;
        if (vartime || b >= batches) {
            for (unsigned i = 0; i < nl; i++) nz |= (uint64_t)g[i];
            /* past the bound: whether g = 0 is expected to be always true, so
             * the flag tells nothing about x (ct_public for the ct test) */
            ct_public(&nz, sizeof nz);
            if (!nz) break;
            if (b >= batches) within = 0;
        }
        if (vartime) zeta = divsteps62_vartime(zeta, (uint64_t)f[0], (uint64_t)g[0], &t);
        else if (hd) zeta = divsteps62(zeta, (uint64_t)f[0], (uint64_t)g[0], &t, 1);
        else zeta = divsteps62(zeta, (uint64_t)f[0], (uint64_t)g[0], &t, 0);
        update_fg(f, g, &t, nl);
        update_de(d, e, &t, m, minv, nl);
    }
    /* f = +-1 (or +-m for x = 0, where d = 0): x^-1 = sign(f) d. d is in
     * (-2m, m): into (-m, m), negated if f < 0, then into [0, m) */
    sg_add_if_neg(d, m, nl);
    uint64_t neg = (uint64_t)(f[nl - 1] >> 63);
    i128 c = 0;
    for (unsigned i = 0; i < nl; i++) { /* d = -d if f < 0 */
        c += (i128)(int64_t)(((uint64_t)d[i] ^ neg) - neg);
        d[i] = i + 1 < nl ? (int64_t)((uint64_t)c & M62) : (int64_t)c;
        c >>= 62;
    }
    sg_add_if_neg(d, m, nl);
    from62(out, d, nw, nl);
    ct_wipe(f, sizeof f);
    ct_wipe(g, sizeof g);
    ct_wipe(d, sizeof d);
    ct_wipe(e, sizeof e);
    ct_wipe(&t, sizeof t);
    ct_wipe(&zeta, sizeof zeta);
    return within;
}

/* one unrolled copy per limb count of the curves' moduli (nbits / 62 + 1:
 * 3 for 160 to 163 bits, 4 for 192 to 239, 5 for 256 to 283, 7 for 384 to
 * 409, 9 for 521, 10 for 570 and 571), the generic loop for any other */
static int safegcd(const mod_params *p, uint64_t *out, const uint64_t *x, int vartime)
{
    switch (sg_limbs(p)) {
    case 3: return safegcd_nl(p, out, x, vartime, 3);
    case 4: return safegcd_nl(p, out, x, vartime, 4);
    case 5: return safegcd_nl(p, out, x, vartime, 5);
    case 7: return safegcd_nl(p, out, x, vartime, 7);
    case 9: return safegcd_nl(p, out, x, vartime, 9);
    case 10: return safegcd_nl(p, out, x, vartime, 10);
    default: return safegcd_nl(p, out, x, vartime, sg_limbs(p));
    }
}

int mod_inv(const mod_params *p, uint64_t *out, const uint64_t *x) { return safegcd(p, out, x, 0); }

int mod_inv_vartime(const mod_params *p, uint64_t *out, const uint64_t *x) { return safegcd(p, out, x, 1); }
