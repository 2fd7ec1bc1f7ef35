/* SPDX-License-Identifier: Apache-2.0 */
/* Koblitz curves: the tau-adic recoding and multiplication. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_TNAF_H
#define FASTEC_EC2_TNAF_H

/* ---- Koblitz curves: tau-adic multiplication (constant-time in k) ----
 *
 * k P = rho P with rho = k partially reduced modulo delta = (tau^m - 1)/(tau
 * - 1) (Solinas), rho = r0 + r1 tau of about m/2 bits each, recoded as
 * rho = sum_{i <= iters} alpha_i tau^(w i) with every alpha_i one of the
 * 2^(w-1) odd digits or its negative (a regular tau-adic NAF: the same number
 * of digits, none zero, whatever k). Then k P by Horner's rule, top digit
 * first: w Frobenius maps (3w squarings of X, Y, Z) and one mixed addition of
 * a digit's point per step, the digit's point chosen by a scan of the whole
 * table. The table alpha_j P depends on P only (public): made variable-time.
 * tools/tnaf.py derives the constants and the digit count and proves that
 * the recoding ends on a digit; the generator checks them on edge scalars.
 * Integers in Z[tau] are TZ-word two's complement (the recoding's values stay
 * below 2^(m/2 + 3) in magnitude; k times a constant needs the wide product
 * below). */
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
static inline __attribute__((always_inline)) GF_TARGET void tnaf_digits(const ec2_tnaf *tn, uint8_t *dig, uint64_t *r0,
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
GF_FN void tnaf_recode(const ec2_tnaf *tn, uint8_t *dig, const uint64_t *k, unsigned nl)
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

/* the table alpha_j P, j < 2^(w-1), affine; P public (variable time). One
 * mixed addition per entry along the generated chain (an entry is a tau power
 * of P or an earlier entry, plus or minus a tau power of P), one batched
 * inversion for them all. */
GF_FN_NOINLINE int tnaf_table_scalar_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_aff *T, const aff_pt *P)
{
    aff_pt tp[16]; /* tau^b P */
    ld_pt lp[32];
    const unsigned ndig = 1u << (tn->w - 1), tmax = tn->tau_max < 15 ? tn->tau_max : 15;
    tp[0] = *P;
    for (unsigned b = 1; b <= tmax; b++) {
        fe_sqr(tp[b].x, tp[b - 1].x);
        fe_sqr(tp[b].y, tp[b - 1].y);
    }
    for (unsigned i = 0; i < ndig; i++) {
        const int8_t *ch = tn->chain[i];
        unsigned j = (unsigned)ch[0];
        ld_pt src;
        if (ch[1]) {
            src = lp[(unsigned)ch[2]];
        } else {
            fe_copy(src.X, tp[(unsigned)ch[2]].x);
            fe_copy(src.Y, tp[(unsigned)ch[2]].y);
            fe_one(src.Z);
        }
        if (ch[3] & 1) { /* -(X, Y, Z) = (X, Y + X Z, Z) */
            fe t;
            fe_mul(t, src.X, src.Z);
            fe_add(src.Y, src.Y, t);
        }
        if (ch[4] >= 0) {
            aff_pt q = tp[(unsigned)ch[4]];
            if (ch[3] & 2) fe_add(q.y, q.y, q.x);
            int inf = 0;
            ld_add_aff_vartime(K, &src, &inf, &q);
            FASTEC_INVARIANT(!inf); /* alpha P = O would need n | N(alpha), and N(alpha) is small */
        }
        lp[j] = src;
    }
    return ld_batch_lam_vartime(T, lp, ndig);
}

/* the tau-adic table, on registers where the field has them and a = 0 (the
 * same table; the scalar build decides the exceptional cases) */
GF_FN int tnaf_table_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_aff *T, const aff_pt *P)
{
#if EC2_ZTNAF
    const unsigned tmax = tn->tau_max < 15 ? tn->tau_max : 15;
    if (K->a_kind == 0 &&
        EC2_ZNAME(ec2_ztable_vartime_, EC2_SYM)((uint64_t *)T, (const int8_t(*)[5])tn->chain, 1u << (tn->w - 1), tmax, P->x,
                                                P->y))
        return 1;
#endif
    return tnaf_table_scalar_vartime(K, tn, T, P);
}

/* x(k P), 1 <= k < n, P of order n; returns all-ones if k P is infinity */
GF_FN_NOINLINE uint64_t ec2_tnaf_mul_x(const ec2_k *K, const ec2_tnaf *tn, fe xr, const uint64_t *k, unsigned nl,
                                       const aff_pt *P)
{
    lam_aff T[32], S;
    uint8_t dig[GF_M + 8];
    lam_pt acc, sum, dbl, start;
    fe A, B, zi;
    const unsigned ndig = 1u << (tn->w - 1);
    /* P (public) has odd order: the table cannot fail (tnaf_table_vartime) */
    if (!tnaf_table_vartime(K, tn, T, P)) {
        fe_zero(xr);
        return ~(uint64_t)0;
    }
    tnaf_recode(tn, dig, k, nl);
    int top = (int)tn->iters;
#if EC2_ZTNAF2
    {
        /* two chains (ec2_ztnaf2_): R = tau^(w kk) R_hi + R_lo, the digits
         * split at kk with w kk = GF_SQRK + ex, 0 <= ex < w: tau^GF_SQRK is
         * the inversion's map x -> x^(2^GF_SQRK) on each coordinate, then ex
         * squarings. The partial sums of either chain have norms of at most
         * about 2^(m/2 + 2w), far below n: no addition in them is
         * exceptional, and the one complete addition (lam_add_full) at the
         * end covers R_hi' = +-R_lo. */
        const int w = (int)tn->w, kk = (GF_SQRK + w - 1) / w, ex = w * kk - GF_SQRK;
        FASTEC_INVARIANT(kk >= 1 && kk <= top && w * (top - kk + 1) <= GF_M / 2 + 2 * w && w * kk <= GF_M / 2 + 2 * w);
        EC2_ZNAME(ec2_ztnaf2_, EC2_SYM)(start.X, start.L, start.Z, acc.X, acc.L, acc.Z, (const uint64_t *)T, ndig, dig,
                                        top, kk, w);
        fe_linmap(sum.X, GF_SQRK_MAP, start.X);
        fe_linmap(sum.L, GF_SQRK_MAP, start.L);
        fe_linmap(sum.Z, GF_SQRK_MAP, start.Z);
        fe_sqrn3(sum.X, sum.L, sum.Z, ex);
        lam_add_full(K, &acc, &sum, &acc);
        top = -1;
    }
#elif EC2_ZTNAF
    if ((int)tn->exc <= top) { /* the upper, unexceptional positions on registers */
        memset(&acc, 0, sizeof acc); /* set from the first digit's point (init) */
        EC2_ZNAME(ec2_ztnaf_, EC2_SYM)(acc.X, acc.L, acc.Z, (const uint64_t *)T, ndig, dig, top, (int)tn->exc, (int)tn->w, 1);
        top = (int)tn->exc - 1;
    }
#endif
    for (int i = top; i >= 0; i--) {
        uint64_t j = dig[i] & 0x7f, nm = ct_mask_bit(dig[i] >> 7);
        FASTEC_INVARIANT(j < ndig);
        ct_select_words((uint64_t *)&S, (const uint64_t *)T, ndig, 2 * GF_NW, 2 * GF_NW, j, 0);
        S.l[0] ^= nm & 1; /* -(x, lambda) = (x, lambda + 1) */
        fe_copy(start.X, S.x);
        fe_copy(start.L, S.l);
        fe_one(start.Z);
        if (i == (int)tn->iters) {
            acc = start;
            continue;
        }
        fe_sqrn3(acc.X, acc.L, acc.Z, (int)tn->w);
        if ((unsigned)i >= tn->exc) {
            /* acc = +-S or acc = O would need n | N(x) for a non-zero x of
             * smaller norm (tools/tnaf.py): not in the upper positions */
            lam_madd(&acc, &acc, &S, A, B);
            continue;
        }
        uint64_t acc_inf = fe_is_zero(acc.Z);
        lam_madd(&sum, &acc, &S, A, B);
        /* acc = +-S: the doubling, or infinity (Z = 0 from the addition) */
        lam_dbl_aff(K, &dbl, &S);
        lam_cmov(&sum, &dbl, fe_is_zero(A) & fe_is_zero(B));
        lam_cmov(&sum, &start, acc_inf);
        acc = sum;
    }
    uint64_t inf = fe_is_zero(acc.Z);
    fe_inv(zi, acc.Z);
    fe_mul(xr, acc.X, zi);
    ct_wipe(dig, sizeof dig);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&sum, sizeof sum);
    ct_wipe(&dbl, sizeof dbl);
    ct_wipe(&start, sizeof start);
    ct_wipe(&S, sizeof S);
    ct_wipe(zi, sizeof zi);
    ct_wipe(A, sizeof(fe));
    ct_wipe(B, sizeof(fe));
    return inf;
}

#endif
