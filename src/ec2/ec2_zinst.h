/* SPDX-License-Identifier: Apache-2.0 */
/* The register-form (fz) code of a vpclmul512 instance, compiled apart in
 * src/ec2/ec2_zinst.c with the same GF_M, GF_BACKEND and EC2_SYM, named
 * per instance. Included after gf2m/gf2m_impl.h. */
#ifndef FASTEC_EC2_ZINST_H
#define FASTEC_EC2_ZINST_H

#define EC2_ZPASTE(a, b) a##b
#define EC2_ZNAME(prefix, sym) EC2_ZPASTE(prefix, sym)

/* the ladder on registers (vpclmul512): pairs of elements per register up
 * to 4 words, an element per register (or two) from 5. At 3 words (163
 * bits) the pairs beat the scalar ladder because the pair step's chain is
 * three dependent operations long (src/ec2/ec2_zinst.c); single elements
 * would not. */
#ifndef EC2_ZLADDER
#define EC2_ZLADDER (GF_ZREG && GF_NW >= 3)
#endif

#if EC2_ZLADDER
/* The Montgomery ladder's loop (ec2_ladder_x) on registers: (X1, Z1) =
 * k P for P = (x, 1), nbits iterations whatever k, conditional swaps by
 * masks; sb = sqrt(b), b_one when b = 1 (public). */
void EC2_ZNAME(ec2_zladder_, EC2_SYM)(fe X1, fe Z1, const uint64_t *k, unsigned nbits, const fe x, const fe sb, int b_one);
#endif
/* the Koblitz curves' tau-adic loop and its table on registers (sect163k1,
 * sect233k1, sect239k1, sect283k1, sect409k1, sect571k1; up to 4 words the
 * loop on pairs). At 3 words the pairs gain a little over the scalar loop
 * thanks to the VBMI2 shifts and the cheaper squares, and single elements
 * would lose (the table stays scalar there: sect163k1 has a = 1) */
#ifndef EC2_ZTNAF
#define EC2_ZTNAF (GF_ZREG && GF_NW >= 3 && GF_TNAF_W)
#endif

/* up to 4 words the loop runs two chains, one in each half of a register
 * (sect163k1, sect233k1, sect239k1): the digits' upper part from the top
 * and the lower part, added at the end (ec2_tnaf_mul_x) */
#ifndef EC2_ZTNAF2
#define EC2_ZTNAF2 (EC2_ZTNAF && GF_NW <= 4)
#endif

#if EC2_ZTNAF && !EC2_ZTNAF2
/* The positions hi down to lo of ec2_tnaf_mul_x's loop (none of them
 * exceptional: lo >= the curve's exc), acc in (X, L, Z) in and out; the
 * first position only loads its point when init. tab: the ndig
 * lambda-affine (x, l) points, 2 GF_NW words each; dig the recoded digits. */
void EC2_ZNAME(ec2_ztnaf_, EC2_SYM)(fe X, fe L, fe Z, const uint64_t *tab, unsigned ndig, const uint8_t *dig, int hi,
                                    int lo, int w, int init);
#endif
#if EC2_ZTNAF2
/* The two chains of ec2_tnaf_mul_x's loop side by side (pairs): out,
 * (Xh, Lh, Zh) = sum of alpha_dig[i] tau^(w (i - kk)) P over i = top .. kk
 * and (Xl, Ll, Zl) = the same over i = kk - 1 .. 0, each by Horner's rule
 * from its top digit (none of their additions exceptional: the partial
 * sums' norms stay far below n). tab, ndig, dig as for the single chain;
 * 1 <= kk <= top; top, kk and w public. */
void EC2_ZNAME(ec2_ztnaf2_, EC2_SYM)(fe Xh, fe Lh, fe Zh, fe Xl, fe Ll, fe Zl, const uint64_t *tab, unsigned ndig,
                                     const uint8_t *dig, int top, int kk, int w);
#endif
#if EC2_ZTNAF
/* the table of the tau-adic loop, alpha_j P for j < ndig along the
 * generated chain (tnaf_table_scalar_vartime), on registers: T gets ndig
 * lambda-affine (x, l), 2 GF_NW words each; P = (px, py) public; a = 0
 * only. Returns 0 where the scalar build must decide. */
int EC2_ZNAME(ec2_ztable_vartime_, EC2_SYM)(uint64_t *T, const int8_t (*chain)[5], unsigned ndig, unsigned tmax,
                                            const fe px, const fe py);
#endif

/* the fixed-base multiplication's unexceptional positions (below the
 * curve's base_exc) as two chains on pairs, up to 4 words (the eight curves
 * from 163 to 239 bits); the top positions and the join stay in
 * ec2_mul_base_ct */
#ifndef EC2_ZBASE2
#define EC2_ZBASE2 (GF_ZREG && GF_NW <= 4)
#endif

#if EC2_ZBASE2
/* Out, (Xh, Lh, Zh) = sum of d[i] T_i over i = hh .. npos - 1 and
 * (Xl, Ll, Zl) = the same over i = 0 .. hh - 1, hh = ceil(npos / 2), where
 * T_i = row i of base (2^(w - 1) lambda-affine entries (j + 1) 2^(w i) G of
 * 2 GF_NW words); lambda-projective, Z = 0 for infinity (a chain whose
 * digits are all 0). No addition in either chain may be exceptional:
 * npos <= base_exc. Constant time in d; w, npos public. */
void EC2_ZNAME(ec2_zbase2_, EC2_SYM)(fe Xh, fe Lh, fe Zh, fe Xl, fe Ll, fe Zl, const uint64_t *base, unsigned w,
                                     const int8_t *d, unsigned npos);
#endif

/* from 5 words (sect283k1 to sect571r1, elements of one register or two)
 * the same positions as one chain on registers */
#ifndef EC2_ZBASE1
#define EC2_ZBASE1 (GF_ZREG && GF_NW >= 5)
#endif

#if EC2_ZBASE1
/* Out, (X, L, Z) = sum of d[i] T_i over i = 0 .. npos - 1 (T_i as for
 * ec2_zbase2_), lambda-projective, Z = 0 for infinity; npos <= base_exc.
 * Constant time in d; w, npos public. */
void EC2_ZNAME(ec2_zbase1_, EC2_SYM)(fe X, fe L, fe Z, const uint64_t *base, unsigned w, const int8_t *d, unsigned npos);
#endif

/* verification's doublings on registers from 3 words: faster than the
 * memory code at every size (at 3 words thanks to the VBMI2 shifts and the
 * cheaper squares) */
#ifndef EC2_ZVERIFY
#define EC2_ZVERIFY (GF_ZREG && GF_NW >= 3)
#endif

#if EC2_ZVERIFY
/* n >= 1 doublings of the lambda-projective (X, L, Z) in place, for a = 1
 * (lam_dbl), on registers: verification's runs of doublings on the random
 * curves from 3 words (public data) */
void EC2_ZNAME(ec2_zlam_dbln_, EC2_SYM)(fe X, fe L, fe Z, int n);
#endif

#if GF_ZREG
/* the field hooks mul_reg and sqr_reg (ec_field_hooks) */
void EC2_ZNAME(ec2_fe_mul_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a, const uint64_t *b);
void EC2_ZNAME(ec2_fe_sqr_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a);
#endif

#endif
