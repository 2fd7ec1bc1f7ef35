/* SPDX-License-Identifier: Apache-2.0 */
/* The ifma backend's P-384 verification chain, chosen by ecp/ecp_impl.h in
 * place of ecp_dmul.h's pt_dmul_vartime: acc = u1 G + u2 Q with acc
 * in IFMA registers (fp/fp384_ifma.h) throughout, the affine odd multiples
 * of Q converted once, the entries of the generated G table (Montgomery form)
 * as they are used. Public values only: branches on the digits and on the
 * special cases of the additions, as in the generic loop. */
#ifndef FASTEC_ECP_IFMA384_DMUL_H
#define FASTEC_ECP_IFMA384_DMUL_H

#include "ecp/ecp_ifma384_mul.h"

/* acc (X, Y, Z; inf: the identity) += (x, y), x R, y P, with
 * pt_madd_vartime's special cases: acc the identity, acc = (x, y) (the
 * doubling), acc = -(x, y) (the identity) */
F48_INLINE void pt_madd48_vartime(f48 *X, f48 *Y, f48 *Z, int *inf, f48 x, f48 y)
{
    if (*inf) {
        *X = x;
        *Y = y;
        *Z = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, 1);
        *inf = 0;
        return;
    }
    f48 X3, Y3, Z3, h, r;
    const f48 Yr = f48_carry(*Y); /* R: it is subtracted */
    pt_madd_r(&X3, &Y3, &Z3, &h, &r, *X, Yr, *Z, x, y);
    if (f48_is_zero_vartime(h)) {
        if (f48_is_zero_vartime(r)) pt_dbl_r(X, Y, Z);
        else *inf = 1;
        return;
    }
    *X = X3;
    *Y = Y3;
    *Z = Z3;
}

F48_TARGET static void pt_dmul_vartime(pp *acc, const int8_t *naf1, int len1, const int8_t *naf2, int len2,
                                       const uint64_t (*qxy)[2 * FP_NL], const uint64_t *gnaf)
{
    enum { NQ = 1 << (ECP_WNAF_W - 2) };
    f48 tx[NQ], ty[NQ];
    for (int j = 0; j < NQ; j++) {
        tx[j] = f48_from_mont(qxy[j]);
        ty[j] = f48_from_mont(qxy[j] + FP_NL);
    }
    const f48 z = _mm512_setzero_si512();
    f48 X = z, Y = z, Z = z;
    int inf = 1;
    const int len = len1 > len2 ? len1 : len2;
    for (int i = len - 1; i >= 0; i--) {
        if (!inf) pt_dbl_r(&X, &Y, &Z);
        int dg = i < len2 ? naf2[i] : 0;
        if (dg) {
            const int j = (dg > 0 ? dg : -dg) / 2;
            pt_madd48_vartime(&X, &Y, &Z, &inf, tx[j], dg < 0 ? f48_sub(z, ty[j]) : ty[j]);
        }
        dg = i < len1 ? naf1[i] : 0;
        if (dg) {
            const uint64_t *ent = gnaf + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * FP_NL;
            const f48 y = f48_from_mont(ent + FP_NL);
            pt_madd48_vartime(&X, &Y, &Z, &inf, f48_from_mont(ent), dg < 0 ? f48_sub(z, y) : y);
        }
    }
    if (inf) {
        pt_identity(acc);
        return;
    }
    f48_to_mont(acc->X, X);
    f48_to_mont(acc->Y, Y);
    f48_to_mont(acc->Z, Z);
}

#endif
