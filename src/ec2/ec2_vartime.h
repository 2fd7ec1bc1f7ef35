/* SPDX-License-Identifier: Apache-2.0 */
/* Additions on public data, with branches (verification, tables). Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_VARTIME_H
#define FASTEC_EC2_VARTIME_H

/* ---- variable-time helpers (public data only) ---- */

/* acc += q with every exceptional case handled by branches; leaks everything. */
GF_FN void ld_add_aff_vartime(const ec2_k *K, ld_pt *acc, int *inf, const aff_pt *q)
{
    if (*inf) {
        fe_copy(acc->X, q->x);
        fe_copy(acc->Y, q->y);
        fe_one(acc->Z);
        *inf = 0;
        return;
    }
    ld_pt r;
    fe A, B;
    ld_madd(K, &r, acc, q, A, B);
    if (fe_is_zero_vartime(B)) {
        if (fe_is_zero_vartime(A)) ld_dbl(K, acc, acc);
        else *inf = 1;
        return;
    }
    *acc = r;
}

/* lp[j] = start + j step for j < n (n >= 1), López–Dahab, start and step
 * affine; returns 0 if some sum is the point at infinity. */
GF_FN int ld_progression_vartime(const ec2_k *K, ld_pt *lp, const aff_pt *start, const aff_pt *step, unsigned n)
{
    int inf = 0;
    fe_copy(lp[0].X, start->x);
    fe_copy(lp[0].Y, start->y);
    fe_one(lp[0].Z);
    for (unsigned j = 1; j < n; j++) {
        lp[j] = lp[j - 1];
        ld_add_aff_vartime(K, &lp[j], &inf, step);
        if (inf) return 0;
    }
    return 1;
}

/* the same in lambda coordinates */
GF_FN void lam_add_aff_vartime(const ec2_k *K, lam_pt *acc, int *inf, const lam_aff *q)
{
    if (*inf) {
        fe_copy(acc->X, q->x);
        fe_copy(acc->L, q->l);
        fe_one(acc->Z);
        *inf = 0;
        return;
    }
    lam_pt r;
    fe A, B;
    lam_madd(&r, acc, q, A, B);
    if (fe_is_zero_vartime(B)) {
        if (fe_is_zero_vartime(A)) lam_dbl(K, acc, acc);
        else *inf = 1;
        return;
    }
    *acc = r;
}

/* acc += +-(x, lambda), negated when neg (-(x, lambda) = (x, lambda + 1)):
 * a public table entry, as lam_add_aff_vartime */
GF_FN void lam_add_entry_vartime(const ec2_k *K, lam_pt *acc, int *inf, const uint64_t *x, const uint64_t *l, int neg)
{
    lam_aff t;
    fe_copy(t.x, x);
    fe_copy(t.l, l);
    t.l[0] ^= (uint64_t)(neg != 0);
    lam_add_aff_vartime(K, acc, inf, &t);
}

#endif
