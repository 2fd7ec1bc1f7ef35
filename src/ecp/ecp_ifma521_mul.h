/* SPDX-License-Identifier: Apache-2.0 */
/* The ifma backend's ECDH windows on P-521, chosen by ecp/ecp_impl.h in
 * place of ecp_windows.h's pt_mul_windows_ct: the accumulator stays in IFMA
 * registers (fp/fp521_ifma.h) from the first window to the last, so it is
 * converted from and to the 58-bit form once per scalar multiplication, not
 * at every doubling and addition. */
#ifndef FASTEC_ECP_IFMA521_MUL_H
#define FASTEC_ECP_IFMA521_MUL_H

/* acc = 16 acc + entry, for the digits d[top], ..., d[1] of the affine row
 * axy (1..8 P): four doublings and pt_madd_ct's mixed addition with its
 * masked special cases (acc the identity: the entry; a zero digit: 16 acc),
 * constant-time; acc = 16 A P with |16 A| < n / 16^i, so 16 acc = +-entry
 * cannot occur before the last step, which ecp_mul.h does apart */
F50_TARGET static void pt_mul_windows_ct(pp *acc, const uint64_t (*axy)[2 * FP_NL], const int8_t *d, int top)
{
    const f50 one = {_mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, 1), _mm512_setzero_si512()};
    f50 X = f50_from58(acc->X), Y = f50_from58(acc->Y), Z = f50_from58(acc->Z);
    uint64_t xy[2 * FP_NL];
    /* acc is the identity exactly while every digit so far was 0 (the
     * doublings and additions of a point of odd prime order n never reach it
     * before the last step, ecp_mul.h): a mask kept from the digits instead
     * of a zero test of Z in every window */
    uint64_t pinf = fp_is_zero(acc->Z);
    for (int i = top; i >= 1; i--) {
        for (int s = 0; s < 4; s++) pt_dbl_r(&X, &Y, &Z);
        Y = f50_carry(Y); /* R: it is subtracted below */
        const uint64_t qinf = pt_select_entry(xy, axy[0], 8, d[i]);
        pt_madd_masked_r(&X, &Y, &Z, f50_from58(xy), f50_from58(xy + FP_NL), one, &pinf, qinf);
    }
    pt_store50(acc, X, Y, Z);
    ct_wipe(xy, sizeof xy);
    ct_wipe(&pinf, sizeof pinf);
}

#endif
