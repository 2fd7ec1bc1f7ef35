/* SPDX-License-Identifier: Apache-2.0 */
/* ECDSA verification's double-scalar multiplication (public data only). Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_VERIFY_H
#define FASTEC_EC2_VERIFY_H

/* x(R) mod n == r without inverting Z: x(R) = X/Z is the bit string of some
 * c = r + j n < 2^m, so test c Z == X for each such c. */
GF_FN int ec2_x_matches_vartime(const struct fastec_curve *c, const lam_pt *R, const sc_t *r)
{
    uint64_t cand[GF_NW + 1];
    unsigned nl = c->sc.nlimbs;
    memset(cand, 0, sizeof cand);
    memcpy(cand, r->v, nl * sizeof(uint64_t));
    for (;;) {
        /* cand < 2^m ? */
        int fits = cand[GF_NW] == 0 && (cand[GF_NW - 1] >> (GF_TOPBITS % 64)) == 0;
        if (!fits) return 0;
        fe cf, t;
        memcpy(cf, cand, sizeof cf);
        fe_mul(t, cf, R->Z);
        if (fe_eq_vartime(t, R->X)) return 1;
        sc_add_n_vartime(&c->sc, cand, GF_NW + 1);
    }
}

/* the width of u2's NAF in verification on the random curves */
enum { EC2_QNAF_W = 5, EC2_QNAF_PRE = 1 << (EC2_QNAF_W - 2) };

/* pre[j] = (2j + 1) Q, lambda-affine (one batched inversion), for a
 * width-EC2_QNAF_W NAF */
GF_FN int ec2_qnaf_table_vartime(const ec2_k *K, lam_aff pre[EC2_QNAF_PRE], const aff_pt *Q)
{
    ld_pt lp[EC2_QNAF_PRE], d2;
    aff_pt q2;
    ld_dbl_aff(K, &d2, Q);
    if (fe_is_zero_vartime(d2.Z)) return RC_SUBGROUP; /* 2Q = O: order 2 */
    ld_to_aff(&q2, &d2);
    /* a sum at infinity cannot happen for a point of large order */
    if (!ld_progression_vartime(K, lp, Q, &q2, EC2_QNAF_PRE)) return RC_SUBGROUP;
    if (!ld_batch_lam_vartime(pre, lp, EC2_QNAF_PRE)) return RC_SUBGROUP; /* x = 0: order 2 */
    return RC_OK;
}

#if GF_TNAF_W
/* acc = u2 Q on a Koblitz curve by the tau-adic recoding ECDH uses (regular,
 * so no sparser for being public, but every doubling becomes Frobenius
 * maps: w squarings of X, Y and Z per digit), over alpha_j Q (affine, one
 * batched inversion), the additions by branches; u2 < n, Q of order n (the
 * decoder checked the subgroup) */
GF_FN int ec2_uq_tnaf_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_pt *acc, int *inf, const aff_pt *Q,
                              const sc_t *u2, unsigned nl)
{
    lam_aff T[32];
    uint8_t dig[GF_M + 8];
    if (!tnaf_table_vartime(K, tn, T, Q)) return RC_SUBGROUP;
    tnaf_recode(tn, dig, u2->v, nl);
    for (int i = (int)tn->iters; i >= 0; i--) {
        if (!*inf) {
            fe_sqrn3(acc->X, acc->L, acc->Z, (int)tn->w);
        }
        const lam_aff *t = &T[dig[i] & 0x7f];
        lam_add_entry_vartime(K, acc, inf, t->x, t->l, dig[i] & 0x80);
    }
    return RC_OK;
}
#endif

GF_OP int ec2_op_verify_vartime(const struct fastec_curve *c, const ec_point *q, const sc_t *u1, const sc_t *u2,
                                 const sc_t *r)
{
    const ec2_params *cp = c->ec2;
    ec2_k K;
    aff_pt Q;
    ec2_load(&K, cp);
    ec2_point_in(&Q, q);
    lam_pt acc;
    int inf = 1;
    if (cp->gnaf) { /* random curves: u1 G + u2 Q in one chain of doublings */
        /* A general a costs a product in every doubling. For odd m and Tr(a)
         * = 1 (cofactor 2) the curve is isomorphic to the one with a = 1 by
         * (x, y) -> (x, y + s x), s^2 + s = a + 1: x stays (so does the
         * comparison with r) and lambda = x + y/x becomes lambda + s. */
        fe iso_s;
        const int iso = K.a_kind == 2;
        if (iso) {
            fe t;
            FASTEC_INVARIANT(GF_M % 2 == 1 && cp->trace_a == 1);
            fe_one(t);
            fe_add(t, t, K.a);
            fe_halftrace(iso_s, t); /* Tr(a + 1) = 0: s^2 + s = a + 1 */
            fe_mul(t, iso_s, Q.x);
            fe_add(Q.y, Q.y, t);
            fe_one(K.a);
            K.a_kind = 1;
        }
        lam_aff pre[EC2_QNAF_PRE];
        int rc = ec2_qnaf_table_vartime(&K, pre, &Q);
        if (rc != RC_OK) return rc;
        int8_t n1[SC_MAX_LIMBS * 64 + 2], n2[SC_MAX_LIMBS * 64 + 2];
        int l1 = sc_wnaf_vartime(n1, u1->v, (int)c->sc.nlimbs, EC2_GNAF_W);
        int l2 = sc_wnaf_vartime(n2, u2->v, (int)c->sc.nlimbs, EC2_QNAF_W);
        for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
#if EC2_ZVERIFY
            if (!inf && K.a_kind == 1) {
                /* the doublings of positions i down to the next one with a
                 * digit (j), in one run on registers; then j's digits */
                int j = i;
                while (j >= 0 && !(j < l2 && n2[j]) && !(j < l1 && n1[j])) j--;
                EC2_ZNAME(ec2_zlam_dbln_, EC2_SYM)(acc.X, acc.L, acc.Z, j >= 0 ? i - j + 1 : i + 1);
                if (j < 0) break;
                i = j;
            } else if (!inf)
                lam_dbl(&K, &acc, &acc);
#else
            if (!inf) lam_dbl(&K, &acc, &acc);
#endif
            int dg = i < l2 ? n2[i] : 0; /* odd digits: entry |dg| / 2 */
            if (dg) {
                const lam_aff *t = &pre[(dg > 0 ? dg : -dg) / 2];
                lam_add_entry_vartime(&K, &acc, &inf, t->x, t->l, dg < 0);
            }
            dg = i < l1 ? n1[i] : 0;
            if (dg) {
                const uint64_t *e = cp->gnaf + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * GF_NW;
                fe l;
                fe_copy(l, e + GF_NW);
                if (iso) fe_add(l, l, iso_s);
                lam_add_entry_vartime(&K, &acc, &inf, e, l, dg < 0);
            }
        }
        if (inf) return RC_SIG_INVALID;
        return ec2_x_matches_vartime(c, &acc, r) ? RC_OK : RC_SIG_INVALID;
    }
#if GF_TNAF_W
    /* Koblitz curves: u2 Q tau-adic (no doublings to share), then u1 G */
    FASTEC_INVARIANT(cp->tnaf != NULL);
    int rc = ec2_uq_tnaf_vartime(&K, cp->tnaf, &acc, &inf, &Q, u2, c->sc.nlimbs);
    if (rc != RC_OK) return rc;
    /* + u1 G from the fixed-base table */
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    sc_recode(d, u1->v, cp->base_pos, cp->base_w);
    for (unsigned i = 0; i < cp->base_pos; i++) {
        int dg = d[i];
        if (!dg) continue;
        const uint64_t *e = ec2_table_row(cp, i) + (size_t)((dg > 0 ? dg : -dg) - 1) * 2 * GF_NW;
        lam_add_entry_vartime(&K, &acc, &inf, e, e + GF_NW, dg < 0);
    }
    if (inf) return RC_SIG_INVALID;
    return ec2_x_matches_vartime(c, &acc, r) ? RC_OK : RC_SIG_INVALID;
#else
    /* a field without a Koblitz curve: every curve over it has the wNAF table */
    FASTEC_INVARIANT(0);
    return RC_SIG_INVALID;
#endif
}

#endif
