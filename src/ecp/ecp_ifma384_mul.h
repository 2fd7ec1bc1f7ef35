/* SPDX-License-Identifier: Apache-2.0 */
/* The ifma backend's P-384 ECDH windows, chosen by ecp/ecp_impl.h in place
 * of ecp_windows.h's pt_mul_windows_ct: the accumulator and the
 * affine table 1..8 P stay in IFMA registers (fp/fp384_ifma.h, plain values
 * in radix 2^48) from the first window to the last. Memory keeps the
 * Montgomery form, whose conversion costs a Montgomery product each way, so
 * the table is converted once per scalar multiplication and the accumulator
 * once in and once out; the other formulas (the table, the last step, k G and
 * verification) stay on the adx field. */
#ifndef FASTEC_ECP_IFMA384_MUL_H
#define FASTEC_ECP_IFMA384_MUL_H

#include "fp/fp384_ifma.h"

#define FE f48
#define FE_INLINE F48_INLINE
#define FE_MUL f48_mul
#define FE_SQR f48_sqr
#define FE_ADD f48_add
#define FE_SUB f48_sub
#define FE_SUB3 f48_sub16
#define FE_HALF f48_half
#define FE_CARRY f48_carry
#define FE_SELECT f48_select
#include "ecp/ecp_ifma_pt.h"

/* acc = 16 acc + entry, for the digits d[top], ..., d[1] of the affine row
 * axy (1..8 P): four doublings and pt_madd_ct's mixed addition with its
 * masked special cases (acc the identity: the entry; a zero digit: 16 acc),
 * constant-time: every entry read, the digit's magnitude and sign applied as
 * masks. As in the P-521 loop (ecp/ecp_ifma521_mul.h), acc = 16 A P with
 * |16 A| < n / 16^i, so 16 acc = +-entry cannot occur before the last step,
 * and acc is the identity exactly while every digit so far was 0. */
F48_TARGET static void pt_mul_windows_ct(pp *acc, const uint64_t (*axy)[2 * FP_NL], const int8_t *d, int top)
{
    const f48 one = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, 1);
    f48 tx[8], ty[8];
    for (int j = 0; j < 8; j++) {
        tx[j] = f48_from_mont(axy[j]);
        ty[j] = f48_from_mont(axy[j] + FP_NL);
    }
    f48 X = f48_from_mont(acc->X), Y = f48_from_mont(acc->Y), Z = f48_from_mont(acc->Z);
    uint64_t pinf = fp_is_zero(acc->Z), neg, mag;
    for (int i = top; i >= 1; i--) {
        for (int s = 0; s < 4; s++) pt_dbl_r(&X, &Y, &Z);
        Y = f48_carry(Y); /* R: it is subtracted below */
        /* the entry |d| P (any value for d = 0, masked off below), y negated
         * for d < 0 (4p - y, P: it only feeds products) */
        sc_digit_split(d[i], &neg, &mag);
        f48 x = tx[0], y = ty[0];
        for (int j = 1; j < 8; j++) {
            const uint64_t m = ct_eq(mag, (uint64_t)j + 1);
            x = f48_select(x, tx[j], m);
            y = f48_select(y, ty[j], m);
        }
        y = f48_select(y, f48_sub(_mm512_setzero_si512(), y), neg);
        pt_madd_masked_r(&X, &Y, &Z, x, y, one, &pinf, ct_is_zero(mag));
    }
    f48_to_mont(acc->X, X);
    f48_to_mont(acc->Y, Y);
    f48_to_mont(acc->Z, Z);
    ct_wipe(&pinf, sizeof pinf);
    ct_wipe(&neg, sizeof neg);
    ct_wipe(&mag, sizeof mag);
}

#endif
