/* SPDX-License-Identifier: Apache-2.0 */
/* The constant-time x-only Montgomery ladder (López–Dahab), on memory
 * operands and, where the backend has register-form code, on registers. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_LADDER_H
#define FASTEC_EC2_LADDER_H

/* ---- constant-time x-only ladder ---- */

#include "ec2/ec2_zinst.h" /* EC2_ZLADDER */

/* xr = X1 / Z1, the ladder's result; all ones if Z1 = 0 (infinity) */
GF_FN uint64_t ec2_ladder_out(fe xr, const fe X1, const fe Z1)
{
    fe zi;
    uint64_t inf = fe_is_zero(Z1);
    fe_inv(zi, Z1);
    fe_mul(xr, X1, zi);
    ct_wipe(zi, sizeof zi);
    return inf;
}

/* x(k P) into xr, P given by its x (x != 0). k has nbits bits (public count).
 * Returns an all-ones mask if k P is the point at infinity. */
GF_FN_NOINLINE uint64_t ec2_ladder_x(const ec2_k *K, fe xr, const uint64_t *k, unsigned nbits, const fe x)
{
    fe X1, Z1, X2, Z2, sb;
    fe_one(X1);
    fe_zero(Z1);
    fe_copy(X2, x);
    fe_one(Z2);
    fe_sqrt(sb, K->b); /* X^4 + b Z^4 = (X^2 + sqrt(b) Z^2)^2 */
    uint64_t prev = 0;
    for (int i = (int)nbits - 1; i >= 0; i--) {
        uint64_t bit = (k[i / 64] >> (i % 64)) & 1;
        uint64_t sw = ct_mask_bit(bit ^ prev);
        prev = bit;
        fe_cswap(X1, X2, sw);
        fe_cswap(Z1, Z2, sw);
#define EC2_LADDER_SB(r, t)                                                                                          \
    do {                                                                                                             \
        if (!K->b_one) fe_mul(r, sb, t);                                                                             \
    } while (0)
        EC2_LADDER_STEP(EC2FE, EC2_LADDER_SB, X1, Z1, X2, Z2, x);
#undef EC2_LADDER_SB
    }
    fe_cswap(X1, X2, ct_mask_bit(prev));
    fe_cswap(Z1, Z2, ct_mask_bit(prev));
    uint64_t inf = ec2_ladder_out(xr, X1, Z1);
    ct_wipe(X1, sizeof X1);
    ct_wipe(Z1, sizeof Z1);
    ct_wipe(X2, sizeof X2);
    ct_wipe(Z2, sizeof Z2);
    ct_wipe(sb, sizeof sb);
    return inf;
}

#if EC2_ZLADDER
/* The same ladder with its four coordinates in 512-bit registers
 * (vpclmul512, src/ec2/ec2_zinst.c: a unit of its own, as its forced inlining
 * here used up GCC's inlining budget for this unit and changed what the
 * other functions inline); this wrapper does the final inversion. */
GF_FN_NOINLINE uint64_t ec2_ladder_x_z(const ec2_k *K, fe xr, const uint64_t *k, unsigned nbits, const fe x)
{
    fe sb, X1, Z1;
    fe_sqrt(sb, K->b);
    EC2_ZNAME(ec2_zladder_, EC2_SYM)(X1, Z1, k, nbits, x, sb, K->b_one);
    uint64_t inf = ec2_ladder_out(xr, X1, Z1);
    ct_wipe(X1, sizeof X1);
    ct_wipe(Z1, sizeof Z1);
    ct_wipe(sb, sizeof sb);
    return inf;
}
#endif

#endif
