/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time fixed-base multiplication k G from the table of G. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_BASE_H
#define FASTEC_EC2_BASE_H

/* ---- constant-time fixed-base multiplication ---- */

GF_FN_NOINLINE uint64_t ec2_mul_base_ct(const ec2_params *cp, const ec2_k *K, aff_pt *res, const uint64_t *k)
{
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    lam_pt acc, sum, dbl, start;
    lam_aff T;
    fe A, B;
    const unsigned ne = 1u << (cp->base_w - 1);
    FASTEC_INVARIANT(cp->base_w >= 4 && cp->base_pos <= SC_MAX_LIMBS * 16 + 2);
    sc_recode(d, k, cp->base_pos, cp->base_w);
    fe_one(acc.X);
    fe_zero(acc.L);
    fe_zero(acc.Z);
    unsigned i0 = 0;
#if EC2_ZBASE2
    if (cp->base_exc >= 2) {
        /* the positions below base_exc as two chains on pairs
         * (ec2_zbase2_), joined by one complete addition; either chain
         * may be infinity (all its digits 0) */
        EC2_ZNAME(ec2_zbase2_, EC2_SYM)(start.X, start.L, start.Z, acc.X, acc.L, acc.Z, cp->base, cp->base_w, d,
                                        cp->base_exc);
        const uint64_t hi_inf = fe_is_zero(start.Z), lo_inf = fe_is_zero(acc.Z);
        lam_add_full(K, &sum, &start, &acc);
        lam_cmov(&sum, &acc, hi_inf);
        lam_cmov(&sum, &start, lo_inf);
        acc = sum;
        i0 = cp->base_exc;
    }
#elif EC2_ZBASE1
    /* the positions below base_exc on registers (ec2_zbase1_) */
    EC2_ZNAME(ec2_zbase1_, EC2_SYM)(acc.X, acc.L, acc.Z, cp->base, cp->base_w, d, cp->base_exc);
    i0 = cp->base_exc;
#endif
    for (unsigned i = i0; i < cp->base_pos; i++) {
        uint64_t neg, mag;
        sc_digit_split(d[i], &neg, &mag);
        FASTEC_INVARIANT(mag <= ne);
        /* the whole row scanned; zero for mag = 0 */
        ct_select_words((uint64_t *)&T, ec2_table_row(cp, i), ne, 2 * GF_NW, 2 * GF_NW, mag, 1);
        T.l[0] ^= neg & 1; /* -(x, lambda) = (x, lambda + 1) */
        uint64_t acc_inf = fe_is_zero(acc.Z);
        uint64_t skip = ct_is_zero(mag);
        lam_madd_tp(&sum, &acc, &T, A, B);
        if (i >= cp->base_exc) {
            /* acc = +-T is possible only in the top positions (checked by the generator) */
            lam_dbl_aff(K, &dbl, &T);
            lam_cmov(&sum, &dbl, fe_is_zero(A) & fe_is_zero(B));
        }
        fe_copy(start.X, T.x);
        fe_copy(start.L, T.l);
        fe_one(start.Z);
        lam_cmov(&sum, &start, acc_inf);
        lam_cmov(&acc, &sum, ~skip);
    }
    uint64_t inf = lam_to_aff(res, &acc);
    ct_wipe(d, sizeof d);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&sum, sizeof sum);
    ct_wipe(&dbl, sizeof dbl);
    ct_wipe(&start, sizeof start);
    ct_wipe(&T, sizeof T);
    ct_wipe(A, sizeof(fe));
    ct_wipe(B, sizeof(fe));
    return inf;
}

#endif
