/* SPDX-License-Identifier: Apache-2.0 */
/* The register-form (fz) code of one vpclmul512 instance: built beside
 * src/ec2/ec2_inst.c with the same -DGF_M, -DGF_BACKEND and -DEC2_SYM (see
 * ec2_zinst.h). A unit of its own because its forced inlining, in
 * ec2_inst.c's unit, used up GCC's inlining budget there and changed what
 * the other functions inline (signing sect283r1 8-12% slower). */
#include "gf2m/gf2m_impl.h"
#include "ec2/ec2_zinst.h"

#if GF_ZREG
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zladder_, EC2_SYM)(fe X1w, fe Z1w, const uint64_t *k,
                                                                                      unsigned nbits, const fe x,
                                                                                      const fe sbw, int b_one)
{
    const fz xz = fz_load(x), sb = fz_load(sbw);
    fz X1 = fz_word(1), Z1 = fz_word(0), X2 = xz, Z2 = fz_word(1);
    uint64_t prev = 0;
    for (int i = (int)nbits - 1; i >= 0; i--) {
        uint64_t bit = (k[i / 64] >> (i % 64)) & 1;
        const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(bit ^ prev));
        prev = bit;
        fz_cswap(&X1, &X2, sw);
        fz_cswap(&Z1, &Z2, sw);
        /* the steps of ec2_ladder_x: (X2, Z2) <- (X1, Z1) + (X2, Z2) */
        const fz T = fz_mul(X1, Z2), U = fz_mul(X2, Z1);
        Z2 = fz_sqr(fz_add(T, U));
        X2 = fz_add(fz_mul(Z2, xz), fz_mul(T, U)); /* the constant second: its broadcasts leave the loop */
        /* (X1, Z1) <- 2 (X1, Z1) */
        X1 = fz_sqr(X1);
        Z1 = fz_sqr(Z1);
        const fz XZ = fz_mul(X1, Z1);
        if (!b_one) Z1 = fz_mul(Z1, sb);
        X1 = fz_sqr(fz_add(X1, Z1));
        Z1 = XZ;
    }
    const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(prev));
    fz_cswap(&X1, &X2, sw);
    fz_cswap(&Z1, &Z2, sw);
    fz_store(X1w, X1);
    fz_store(Z1w, Z1);
}

__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_mul_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a,
                                                                                         const uint64_t *b)
{
    fz_store(r, fz_mul(fz_load(a), fz_load(b)));
}

__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_sqr_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a)
{
    fz_store(r, fz_sqr(fz_load(a)));
}
#else
typedef int ec2_zinst_empty; /* no register form for this field (ISO C: a unit declares something) */
#endif
