/* SPDX-License-Identifier: Apache-2.0 */
/* The tau-adic recoding of a Koblitz curve's scalar (ec2_tnaf.h explains the
 * multiplication): k reduced modulo delta, then its regular tau-adic digits.
 * It is integer arithmetic on the scalar only, so the build compiles it once
 * per field (-DGF_M=m) rather than once per (field, backend); the instances
 * call ec2_tnaf_recode_gf<m>. Constant-time in k. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "gen/gf2m_consts.h"
#include "invariant.h"

#define GF_NW ((GF_M + 63) / 64)
#define GF_UNROLL _Pragma("GCC unroll 64")
#define GF_FN static inline
#define EC2_TNAF_RECODE_(m) ec2_tnaf_recode_gf##m
#define EC2_TNAF_RECODE(m) EC2_TNAF_RECODE_(m)

#define TZ (GF_NW + 2)
/* the recoding's width: |r0|, |r1| < 2^(m/2 + 2) there (tools/tnaf.py) */
#define RZ ((GF_M / 2 + 8 + 63) / 64)
/* rho = k - q delta is computed modulo 2^(64 PZ): exact, as it fits RZ words */
#define PZ (RZ + 1)
typedef uint64_t tz_t[TZ];

/* n-word two's complement helpers (n a compile-time constant at every call) */
GF_FN void tz_set_u(uint64_t *r, const uint64_t *a, unsigned an, unsigned n)
{
    for (unsigned i = 0; i < n; i++) r[i] = i < an ? a[i] : 0;
}
GF_FN void tz_set_small(uint64_t *r, uint64_t v, unsigned n) /* v: a sign-extended 64-bit value */
{
    uint64_t s = (uint64_t)((int64_t)v >> 63);
    r[0] = v;
    for (unsigned i = 1; i < n; i++) r[i] = s;
}
GF_FN void tz_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t c = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t s = a[i] + c, t = s + b[i];
        c = (uint64_t)(s < c) + (uint64_t)(t < s);
        r[i] = t;
    }
}
GF_FN void tz_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t borrow = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = a[i], d = x - b[i], e = d - borrow;
        borrow = (uint64_t)(x < b[i]) + (uint64_t)(d < borrow);
        r[i] = e;
    }
}
GF_FN void tz_neg(uint64_t *r, const uint64_t *a, unsigned n)
{
    uint64_t borrow = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = a[i], d = (uint64_t)0 - x, e = d - borrow;
        borrow = (uint64_t)(x != 0) + (uint64_t)(d < borrow);
        r[i] = e;
    }
}
/* r = -r where mask is all ones */
GF_FN void tz_cneg(uint64_t *r, uint64_t mask, unsigned n)
{
    unsigned __int128 c = mask & 1;
    for (unsigned i = 0; i < n; i++) {
        c += r[i] ^ mask;
        r[i] = (uint64_t)c;
        c >>= 64;
    }
}
/* r = a * b mod 2^(64 n), n <= TZ (public) */
GF_FN void tz_mul_lo(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t t[TZ];
    memset(t, 0, sizeof t);
    for (unsigned j = 0; j < n; j++) {
        uint64_t carry = 0;
        for (unsigned i = 0; i + j < n; i++) {
            unsigned __int128 p = (unsigned __int128)a[i] * b[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)p;
            carry = (uint64_t)(p >> 64);
        }
    }
    memcpy(r, t, n * sizeof(uint64_t));
    ct_wipe_words(t, TZ);
}
/* q = round(k |S| / 2^C) for k of nl words (k < n < 2^m) and |S| < 2^(m/2 + 20) */
GF_FN void tnaf_round(tz_t q, const uint64_t *k, unsigned nl, const uint64_t *S, unsigned C)
{
    uint64_t p[2 * GF_NW + 1];
    memset(p, 0, sizeof p);
    for (unsigned j = 0; j < GF_NW; j++) {
        uint64_t carry = 0;
        for (unsigned i = 0; i < nl; i++) {
            unsigned __int128 t = (unsigned __int128)k[i] * S[j] + p[i + j] + carry;
            p[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        p[nl + j] = carry;
    }
    /* + 2^(C-1), then >> C (C public) */
    unsigned __int128 c = (unsigned __int128)1 << ((C - 1) % 64);
    for (unsigned i = (C - 1) / 64; i < 2 * GF_NW + 1; i++) {
        c += p[i];
        p[i] = (uint64_t)c;
        c >>= 64;
    }
    unsigned q0 = C / 64, s = C % 64;
    GF_UNROLL
    for (int i = 0; i < TZ; i++) {
        unsigned a = q0 + (unsigned)i;
        uint64_t lo = a < 2 * GF_NW + 1 ? p[a] : 0, hi = a + 1 < 2 * GF_NW + 1 ? p[a + 1] : 0;
        q[i] = s ? (lo >> s) | (hi << (64 - s)) : lo;
    }
    ct_wipe(p, sizeof p);
}

/* the digit of class c (odd, mod 2^(w+1)): its index j and sign */
GF_FN void tnaf_digit(unsigned w, uint64_t c, uint64_t *j, uint64_t *negm)
{
    const uint64_t M1 = ((uint64_t)2 << w) - 1;
    uint64_t neg = (c >> w) & 1;
    uint64_t nm = (uint64_t)0 - neg;
    *j = ((c ^ (nm & M1)) + neg) >> 1;
    *negm = nm;
}

/* rho = r0 + r1 tau (odd, RZ words each) to its digits, dig[i] = index |
 * sign << 7, i = 0 .. iters; W = tn->w and MU = tn->mu, passed apart so
 * that the call with the field's Koblitz curve's constants (GF_TNAF_W,
 * GF_TNAF_MU) unrolls the divisions by tau, fixes their signs and folds the
 * mask and the digit table's size; r0, r1 and t, h are scratch (TZ words) */
static inline __attribute__((always_inline)) void tnaf_digits(const ec2_tnaf *tn, uint8_t *dig, uint64_t *r0,
                                                                       uint64_t *r1, uint64_t *t, uint64_t *h,
                                                                       const unsigned W, const int MU)
{
    const uint64_t M1 = ((uint64_t)2 << W) - 1, half = (uint64_t)1 << W;
    const unsigned ndig = 1u << (W - 1);
    /* the digits alpha_e (public), a byte per coefficient: byte e % 8 of
     * pb[e / 8] and pg[e / 8] */
    const uint64_t L1 = 0x0101010101010101ULL, L80 = 0x8080808080808080ULL;
    uint64_t pb[4] = {0}, pg[4] = {0};
    for (unsigned e = 0; e < ndig; e++) {
        int64_t b = tn->alpha[e][0], g = tn->alpha[e][1];
        FASTEC_INVARIANT(b == (int8_t)b && g == (int8_t)g);
        pb[e / 8] |= (uint64_t)(uint8_t)(int8_t)b << (8 * (e % 8));
        pg[e / 8] |= (uint64_t)(uint8_t)(int8_t)g << (8 * (e % 8));
    }
    for (unsigned i = 0; i < tn->iters; i++) {
        uint64_t c = (r0[0] + r1[0] * tn->t + half) & M1, j, nm;
        tnaf_digit(W, c, &j, &nm);
        /* alpha_j, every entry read: 8 indices per word, byte lanes
         * x = j ^ e (< 32), 0x80 + x - 1 has its top bit clear exactly when
         * x = 0 (no borrow crosses a lane), that lane's mask 0xff */
        uint64_t sb = 0, sg = 0;
        GF_UNROLL
        for (unsigned q = 0; q < (ndig + 7) / 8; q++) {
            uint64_t x = (j * L1) ^ (0x0706050403020100ULL + 8 * q * L1);
            uint64_t z = ~((x | L80) - L1) & L80;
            uint64_t m = (z - (z >> 7)) | z;
            sb |= pb[q] & m;
            sg |= pg[q] & m;
        }
        sb |= sb >> 32;
        sg |= sg >> 32;
        sb |= sb >> 16;
        sg |= sg >> 16;
        sb |= sb >> 8;
        sg |= sg >> 8;
        uint64_t b = (uint64_t)(int64_t)(int8_t)(uint8_t)sb, g = (uint64_t)(int64_t)(int8_t)(uint8_t)sg;
        b = (b ^ nm) - nm;
        g = (g ^ nm) - nm;
        dig[i] = (uint8_t)(j | (nm & 0x80));
        tz_set_small(t, b, RZ);
        tz_sub(r0, r0, t, RZ);
        tz_set_small(t, g, RZ);
        tz_sub(r1, r1, t, RZ);
        /* rho - alpha is a multiple of tau^w: divide by tau w times. With
         * tau^2 = mu tau - 2, (r0 + r1 tau) / tau = (r1 + mu r0 / 2) -
         * (r0 / 2) tau (r0 even). The words hold R0, R1 with r0 = s0 R0,
         * r1 = s1 R1 (signs public, fixed by w and mu), so a step is
         * H = R0 / 2 (an arithmetic shift), R0 = R1 +- H, R1 = H: no
         * negation until the end. |r0|, |r1| stay below 4 times their bound
         * at the start (the norm halves at each step), inside RZ words. */
        int s0 = 1, s1 = 1;
        GF_UNROLL
        for (unsigned s = 0; s < W; s++) {
#ifdef FASTEC_DEBUG_INVARIANTS
            FASTEC_INVARIANT((r0[0] & 1) == 0);
#endif
            GF_UNROLL
            for (unsigned k = 0; k + 1 < RZ; k++) h[k] = (r0[k] >> 1) | (r0[k + 1] << 63);
            h[RZ - 1] = (uint64_t)((int64_t)r0[RZ - 1] >> 1);
            if (s1 == MU * s0) tz_add(r0, r1, h, RZ);
            else tz_sub(r0, r1, h, RZ);
            memcpy(r1, h, RZ * sizeof(uint64_t));
            int n0 = s1;
            s1 = -s0;
            s0 = n0;
        }
        if (s0 < 0) tz_neg(r0, r0, RZ);
        if (s1 < 0) tz_neg(r1, r1, RZ);
    }
    /* what remains is the digit of its own class */
    {
        uint64_t c = (r0[0] + r1[0] * tn->t) & M1, j, nm;
        tnaf_digit(W, c, &j, &nm);
        dig[tn->iters] = (uint8_t)(j | (nm & 0x80));
#ifdef FASTEC_DEBUG_INVARIANTS
        int64_t eb = tn->alpha[j][0], eg = tn->alpha[j][1];
        if (nm) eb = -eb, eg = -eg;
        tz_set_small(t, (uint64_t)eb, RZ);
        tz_set_small(h, (uint64_t)eg, RZ);
        FASTEC_INVARIANT(memcmp(t, r0, RZ * 8) == 0 && memcmp(h, r1, RZ * 8) == 0);
#endif
    }
}

/* rho = k mod delta, odd; then its digits: dig[i] = index | sign << 7,
 * i = 0 .. iters (least significant first) */
void EC2_TNAF_RECODE(GF_M)(const ec2_tnaf *tn, uint8_t *dig, const uint64_t *k, unsigned nl);
void EC2_TNAF_RECODE(GF_M)(const ec2_tnaf *tn, uint8_t *dig, const uint64_t *k, unsigned nl)
{
    tz_t kk, q[2], dd[2], pr, r0, r1, t, h;
    const uint64_t ones = ~(uint64_t)0;
    tz_set_u(kk, k, nl < PZ ? nl : PZ, PZ);
    for (int i = 0; i < 2; i++) {
        tnaf_round(q[i], k, nl, tn->S[i], tn->C);
        if (tn->s_neg[i]) tz_cneg(q[i], ones, PZ);
        tz_set_u(dd[i], tn->d[i], GF_NW < PZ ? GF_NW : PZ, PZ);
        if (tn->d_neg[i]) tz_cneg(dd[i], ones, PZ);
    }
    /* rho = k - (q0 + q1 tau)(d0 + d1 tau)
     *     = (k - q0 d0 + 2 q1 d1) - (q0 d1 + q1 d0 + mu q1 d1) tau */
    tz_mul_lo(pr, q[0], dd[0], PZ);
    tz_sub(r0, kk, pr, PZ);
    tz_mul_lo(pr, q[1], dd[1], PZ);
    tz_add(r0, r0, pr, PZ);
    tz_add(r0, r0, pr, PZ);
    if (tn->mu > 0) memcpy(r1, pr, PZ * sizeof(uint64_t));
    else tz_neg(r1, pr, PZ);
    tz_mul_lo(t, q[0], dd[1], PZ);
    tz_add(r1, r1, t, PZ);
    tz_mul_lo(t, q[1], dd[0], PZ);
    tz_add(r1, r1, t, PZ);
    tz_neg(r1, r1, PZ);
    /* odd: + delta when r0 is even */
    uint64_t even = ct_mask_bit((r0[0] & 1) ^ 1);
    for (unsigned i = 0; i < PZ; i++) {
        t[i] = dd[0][i] & even;
        h[i] = dd[1][i] & even;
    }
    tz_add(r0, r0, t, PZ);
    tz_add(r1, r1, h, PZ);
#ifdef FASTEC_DEBUG_INVARIANTS
    for (unsigned i = RZ; i < PZ; i++) /* the recoding's width holds rho */
        FASTEC_INVARIANT(r0[i] == (uint64_t)((int64_t)r0[RZ - 1] >> 63) && r1[i] == (uint64_t)((int64_t)r1[RZ - 1] >> 63));
#endif
#if GF_TNAF_W
    if (tn->w == GF_TNAF_W && tn->mu == GF_TNAF_MU) tnaf_digits(tn, dig, r0, r1, t, h, GF_TNAF_W, GF_TNAF_MU);
    else
#endif
        tnaf_digits(tn, dig, r0, r1, t, h, tn->w, tn->mu);
    ct_wipe(kk, sizeof kk);
    ct_wipe(q, sizeof q);
    ct_wipe(pr, sizeof pr);
    ct_wipe(r0, sizeof r0);
    ct_wipe(r1, sizeof r1);
    ct_wipe(t, sizeof t);
    ct_wipe(h, sizeof h);
}
