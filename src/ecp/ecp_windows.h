/* SPDX-License-Identifier: Apache-2.0 */
/* ECDH's constant-time fixed windows on the field in memory (the ifma
 * backend's are ecp_ifma521_mul.h and ecp_ifma384_mul.h). Part of the
 * prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_WINDOWS_H
#define FASTEC_ECP_WINDOWS_H

/* ECDH's windows: acc = 16 acc + entry for the digits d[top], ..., d[1] of
 * the affine row axy (1..8 P), a zero digit adding the identity; acc is not
 * the identity unless every digit so far was 0 (the ifma backend keeps acc in
 * registers throughout, ecp/ecp_ifma521_mul.h) */
static void pt_mul_windows_ct(pp *acc, const uint64_t (*axy)[2 * FP_NL], const int8_t *d, int top)
{
    uint64_t xy[2 * FP_NL];
    pp S;
    fp H, R;
    uint64_t pinf = fp_is_zero(acc->Z);
    for (int i = top; i >= 1; i--) {
        for (int s = 0; s < 4; s++) pt_dbl(acc, acc);
        const uint64_t qinf = pt_select_entry(xy, axy[0], 8, d[i]);
        pt_madd_ct(acc, &S, H, R, xy, xy + FP_NL, &pinf, qinf);
    }
    ct_wipe(xy, sizeof xy);
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(R, sizeof R);
    ct_wipe(&pinf, sizeof pinf);
}

#endif
