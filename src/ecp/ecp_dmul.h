/* SPDX-License-Identifier: Apache-2.0 */
/* Verification's double-scalar multiplication u1 G + u2 Q on the field in
 * memory, variable-time on public data (the ifma backend's P-384 one is
 * ecp_ifma384_dmul.h). Part of the prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_DMUL_H
#define FASTEC_ECP_DMUL_H

/* public points: branches on the special cases */
static void pt_madd_vartime(pp *o, const pp *P, const uint64_t *x2, const uint64_t *y2)
{
    if (fp_is_zero(P->Z)) {
        fp_copy(o->X, x2);
        fp_copy(o->Y, y2);
        fp_copy(o->Z, fp_one);
        return;
    }
    pp S;
    fp H, R;
    pt_madd_core(&S, H, R, P, x2, y2);
    if (fp_is_zero(H) && fp_is_zero(R)) pt_dbl(o, P);
    else *o = S;
}

/* acc = u1 G + u2 Q in one chain of doublings, from the width-ECP_WNAF_W NAF
 * naf2 of u2 over the affine odd multiples qxy of Q and the width-ECP_GNAF_W
 * NAF naf1 of u1 over the table gnaf of G; public values only */
static void pt_dmul_vartime(pp *acc, const int8_t *naf1, int len1, const int8_t *naf2, int len2,
                            const uint64_t (*qxy)[2 * FP_NL], const uint64_t *gnaf)
{
    const int len = len1 > len2 ? len1 : len2;
    pt_identity(acc);
    for (int i = len - 1; i >= 0; i--) {
        if (!fp_is_zero(acc->Z)) pt_dbl(acc, acc);
        int dg = i < len2 ? naf2[i] : 0;
        if (dg) {
            fp y;
            const int j = (dg > 0 ? dg : -dg) / 2;
            fp_copy(y, qxy[j] + FP_NL);
            if (dg < 0) fp_neg(y, y);
            pt_madd_vartime(acc, acc, qxy[j], y);
        }
        dg = i < len1 ? naf1[i] : 0;
        if (dg) {
            const uint64_t *ent = gnaf + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * FP_NL;
            fp y;
            fp_copy(y, ent + FP_NL);
            if (dg < 0) fp_neg(y, y);
            pt_madd_vartime(acc, acc, ent, y);
        }
    }
}

#endif
