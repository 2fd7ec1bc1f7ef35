/* SPDX-License-Identifier: Apache-2.0 */
/* The prime-curve point formulas (Jacobian, a = -3), each written once and
 * instantiated for every representation of a field element: the field in
 * memory (`fp` arrays, ecp_jacobian.h) and the IFMA register forms of P-521
 * and P-384 (ecp_ifma_pt.h).
 *
 * A representation is a set of operations named by a prefix O:
 *   O_T               the element type (declarations of temporaries),
 *   O_MUL(r, a, b)    r = a b,      O_SQR(r, a) r = a^2,
 *   O_ADD(r, a, b)    r = a + b,    O_SUB(r, a, b) r = a - b,
 *   O_HALF(r, a)      r = a / 2,
 *   O_SUBC(r, a, b)   r = a - b in a form O_HALF accepts,
 *   O_SUB2(r, a, b, c)    r = a - b - c,
 *   O_SUB3(r, a, b, c, d) r = a - b - c - d,
 * where r may be a (and, for O_MUL, b), and O_SUB2 and O_SUB3 take r
 * distinct from b, c and d. The IFMA forms keep their limbs
 * in two bound classes (fp/fp521_ifma.h): a product returns R and accepts P,
 * O_ADD and O_SUB give P, and O_SUBC, O_SUB2 and O_SUB3 carry back to R; the
 * formulas use each operation where its operands' classes allow it. Outputs
 * are written after the last read of an input they may alias, so a point may
 * be updated in place. Constant-time: no branches. The names ending in an
 * underscore are the formulas' temporaries. */
#ifndef FASTEC_ECP_FORMULAS_H
#define FASTEC_ECP_FORMULAS_H

#define ECPF_OP(O, op) O##_##op

/* dbl-2001-b with a = -3, 4M + 4S, scaled by 1/2 (the same point:
 * (X, Y, Z) ~ (X/4, Y/8, Z/2)), which leaves 8 additions instead of 14:
 * alpha = 3/2 (X1 - Z1^2)(X1 + Z1^2), beta = X1 Y1^2,
 * X3 = alpha^2 - 2 beta, Y3 = alpha (beta - X3) - Y1^4, Z3 = Y1 Z1. Maps the
 * identity (Z = 0) to itself. */
#define ECP_DBL(O, X3, Y3, Z3, X1, Y1, Z1)                                                                           \
    do {                                                                                                             \
        ECPF_OP(O, T) delta_, gamma_, beta_, alpha_, t_, u_;                                                         \
        ECPF_OP(O, SQR)(delta_, Z1);                                                                                 \
        ECPF_OP(O, SQR)(gamma_, Y1);                                                                                 \
        ECPF_OP(O, MUL)(beta_, X1, gamma_);                                                                          \
        ECPF_OP(O, SUBC)(t_, X1, delta_);                                                                            \
        ECPF_OP(O, ADD)(u_, X1, delta_);                                                                             \
        ECPF_OP(O, HALF)(alpha_, t_);                                                                                \
        ECPF_OP(O, ADD)(t_, t_, alpha_); /* 3/2 (X1 - Z1^2) */                                                       \
        ECPF_OP(O, MUL)(alpha_, t_, u_);                                                                             \
        ECPF_OP(O, MUL)(Z3, Y1, Z1);                                                                                 \
        ECPF_OP(O, SQR)(u_, alpha_);                                                                                 \
        ECPF_OP(O, SUB2)(X3, u_, beta_, beta_);                                                                      \
        ECPF_OP(O, SUB)(t_, beta_, X3);                                                                              \
        ECPF_OP(O, MUL)(t_, alpha_, t_);                                                                             \
        ECPF_OP(O, SQR)(u_, gamma_);                                                                                 \
        ECPF_OP(O, SUB)(Y3, t_, u_);                                                                                 \
    } while (0)

/* The common end of both additions, from H = U2 - U1, R = S2 - S1, U1, S1
 * and zz, the product of the inputs' Z: X3 = R^2 - H^3 - 2 U1 H^2,
 * Y3 = R (U1 H^2 - X3) - S1 H^3, Z3 = zz H (5M + 2S). The outputs may alias
 * U1, S1 and zz in that order (X3 = U1, Y3 = S1, Z3 = zz: a point updated in
 * place). */
#define ECP_ADD_TAIL(O, X3, Y3, Z3, H, R, U1, S1, zz)                                                                \
    do {                                                                                                             \
        ECPF_OP(O, T) hh_, hhh_, v_, t_, w_;                                                                         \
        ECPF_OP(O, SQR)(hh_, H);                                                                                     \
        ECPF_OP(O, MUL)(hhh_, hh_, H);                                                                               \
        ECPF_OP(O, MUL)(v_, U1, hh_);                                                                                \
        ECPF_OP(O, SQR)(t_, R);                                                                                      \
        ECPF_OP(O, SUB3)(X3, t_, hhh_, v_, v_);                                                                      \
        ECPF_OP(O, SUB)(t_, v_, X3);                                                                                 \
        ECPF_OP(O, MUL)(t_, R, t_);                                                                                  \
        ECPF_OP(O, MUL)(w_, S1, hhh_);                                                                               \
        ECPF_OP(O, SUB)(Y3, t_, w_);                                                                                 \
        ECPF_OP(O, MUL)(Z3, zz, H);                                                                                  \
    } while (0)

/* (X3, Y3, Z3) = (X1, Y1, Z1) + (X2, Y2, Z2) for P1 != +-P2, neither the
 * identity (12M + 4S). H = U2 - U1 and R = S2 - S1 tell the special cases:
 * H = 0, R = 0 means P1 = P2 (the sum is then wrong), H = 0 otherwise means
 * P1 = -P2 (the sum has Z3 = 0). */
#define ECP_ADD(O, X3, Y3, Z3, H, R, X1, Y1, Z1, X2, Y2, Z2)                                                         \
    do {                                                                                                             \
        ECPF_OP(O, T) z1z1_, z2z2_, u1_, u2_, s1_, s2_, zz_;                                                         \
        ECPF_OP(O, SQR)(z1z1_, Z1);                                                                                  \
        ECPF_OP(O, SQR)(z2z2_, Z2);                                                                                  \
        ECPF_OP(O, MUL)(u1_, X1, z2z2_);                                                                             \
        ECPF_OP(O, MUL)(u2_, X2, z1z1_);                                                                             \
        ECPF_OP(O, MUL)(zz_, Z2, z2z2_);                                                                             \
        ECPF_OP(O, MUL)(s1_, Y1, zz_);                                                                               \
        ECPF_OP(O, MUL)(zz_, Z1, z1z1_);                                                                             \
        ECPF_OP(O, MUL)(s2_, Y2, zz_);                                                                               \
        ECPF_OP(O, SUB)(H, u2_, u1_);                                                                                \
        ECPF_OP(O, SUB)(R, s2_, s1_);                                                                                \
        ECPF_OP(O, MUL)(zz_, Z1, Z2);                                                                                \
        ECP_ADD_TAIL(O, X3, Y3, Z3, H, R, u1_, s1_, zz_);                                                            \
    } while (0)

/* The same with P2 = (x2, y2) affine: 8M + 3S; the output may be P1. */
#define ECP_MADD(O, X3, Y3, Z3, H, R, X1, Y1, Z1, x2, y2)                                                            \
    do {                                                                                                             \
        ECPF_OP(O, T) z1z1_, u2_, s2_;                                                                               \
        ECPF_OP(O, SQR)(z1z1_, Z1);                                                                                  \
        ECPF_OP(O, MUL)(u2_, x2, z1z1_);                                                                             \
        ECPF_OP(O, MUL)(s2_, Z1, z1z1_);                                                                             \
        ECPF_OP(O, MUL)(s2_, y2, s2_);                                                                               \
        ECPF_OP(O, SUB)(H, u2_, X1);                                                                                 \
        ECPF_OP(O, SUB)(R, s2_, Y1);                                                                                 \
        ECP_ADD_TAIL(O, X3, Y3, Z3, H, R, X1, Y1, Z1);                                                               \
    } while (0)

#endif
