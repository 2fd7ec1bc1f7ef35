/* SPDX-License-Identifier: Apache-2.0 */
/* Koblitz curves: the tau-adic recoding and multiplication. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_TNAF_H
#define FASTEC_EC2_TNAF_H

/* only a field with a Koblitz curve has this code (GF_TNAF_W: its width) */
#if GF_TNAF_W

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
/* the recoding (k mod delta to its digits) is compiled once per field, not
 * per backend: ec2_tnaf_recode.c */
#define EC2_TNAF_RECODE_(m) ec2_tnaf_recode_gf##m
#define EC2_TNAF_RECODE(m) EC2_TNAF_RECODE_(m)
void EC2_TNAF_RECODE(GF_M)(const ec2_tnaf *tn, uint8_t *dig, const uint64_t *k, unsigned nl);
#define tnaf_recode EC2_TNAF_RECODE(GF_M)

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

#endif /* GF_TNAF_W */

#endif
