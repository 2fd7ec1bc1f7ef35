/* SPDX-License-Identifier: Apache-2.0 */
/* The binary-curve point formulas, each written once and instantiated for
 * every representation of a field element: `fe` arrays in memory
 * (ec2_lambda.h, ec2_ld.h, ec2_ladder.h) and the vpclmul512 register forms
 * `fz` and `fz2` (ec2_zinst.c).
 *
 * A representation is a set of operations named by a prefix O:
 *   O_T            the element type (declarations of temporaries),
 *   O_MUL(r, a, b) r = a b,   O_SQR(r, a) r = a^2,   O_ADD(r, a, b) r = a + b,
 *   O_COPY(r, a)   r = a,
 * each of which may alias r with a or b; a formula may take one more
 * operation of the caller (the product by a curve constant). Outputs are
 * written after the last read of an input they may alias, so a caller may
 * pass the same storage for a point's input and output. The names ending in
 * an underscore are the formulas' temporaries. */
#ifndef FASTEC_EC2_FORMULAS_H
#define FASTEC_EC2_FORMULAS_H

#define EC2F_OP(O, op) O##_##op

/* Lambda mixed addition (X3, L3, Z3) = (X1, L1, Z1) + (x2, l2), 8M + 2S
 * whatever a and b (Oliveira et al., CHES 2013): A = L1 + l2 Z1,
 * B = X1 + x2 Z1, X3 = A^2 X1 x2 Z1, Z3 = A B^2 Z1,
 * L3 = (A x2 Z1 + B^2)^2 + A B^2 (L1 + Z1). A and B are left for the
 * callers that tell the special cases: B = 0 iff x1 = x2; then A = 0 iff
 * the points are equal, and Z3 = 0 iff they are opposite. */
#define EC2_LAM_MADD(O, X3, L3, Z3, A, B, X1, L1, Z1, x2, l2)                                                        \
    do {                                                                                                             \
        EC2F_OP(O, T) U2_, S_, AU1_, AU2_, B2_, ABZ_, LZ_;                                                           \
        EC2F_OP(O, MUL)(U2_, x2, Z1);                                                                                \
        EC2F_OP(O, MUL)(S_, l2, Z1);                                                                                 \
        EC2F_OP(O, ADD)(A, L1, S_);                                                                                  \
        EC2F_OP(O, ADD)(B, X1, U2_);                                                                                 \
        EC2F_OP(O, SQR)(B2_, B);                                                                                     \
        EC2F_OP(O, MUL)(AU1_, A, X1);                                                                                \
        EC2F_OP(O, MUL)(AU2_, A, U2_);                                                                               \
        EC2F_OP(O, MUL)(ABZ_, A, B2_);                                                                               \
        EC2F_OP(O, ADD)(LZ_, L1, Z1);                                                                                \
        EC2F_OP(O, MUL)(Z3, ABZ_, Z1);                                                                               \
        EC2F_OP(O, MUL)(X3, AU1_, AU2_);                                                                             \
        EC2F_OP(O, ADD)(S_, AU2_, B2_);                                                                              \
        EC2F_OP(O, SQR)(S_, S_);                                                                                     \
        EC2F_OP(O, MUL)(LZ_, ABZ_, LZ_);                                                                             \
        EC2F_OP(O, ADD)(L3, S_, LZ_);                                                                                \
    } while (0)

/* Lambda doubling (X3, L3, Z3) = 2 (X1, L1, Z1), 4M + 4S (+ MULA, the
 * product by a): T = L1^2 + L1 Z1 + a Z1^2, X3 = T^2, Z3 = T Z1^2,
 * L3 = (X1 Z1)^2 + X3 + T L1 Z1 + Z3. MULA(r, a) is r = a t. */
#define EC2_LAM_DBL(O, MULA, X3, L3, Z3, X1, L1, Z1)                                                                 \
    do {                                                                                                             \
        EC2F_OP(O, T) LZ_, Zs_, XZ_, T_, u_;                                                                         \
        EC2F_OP(O, MUL)(LZ_, L1, Z1);                                                                                \
        EC2F_OP(O, SQR)(Zs_, Z1);                                                                                    \
        EC2F_OP(O, MUL)(XZ_, X1, Z1);                                                                                \
        EC2F_OP(O, SQR)(T_, L1);                                                                                     \
        EC2F_OP(O, ADD)(T_, T_, LZ_);                                                                                \
        MULA(u_, Zs_);                                                                                               \
        EC2F_OP(O, ADD)(T_, T_, u_);                                                                                 \
        EC2F_OP(O, SQR)(X3, T_);                                                                                     \
        EC2F_OP(O, MUL)(Z3, T_, Zs_);                                                                                \
        EC2F_OP(O, SQR)(XZ_, XZ_);                                                                                   \
        EC2F_OP(O, MUL)(u_, T_, LZ_);                                                                                \
        EC2F_OP(O, ADD)(u_, u_, XZ_);                                                                                \
        EC2F_OP(O, ADD)(u_, u_, X3);                                                                                 \
        EC2F_OP(O, ADD)(L3, u_, Z3);                                                                                 \
    } while (0)

/* Lambda doubling of an affine point (x, l): (X3, L3, Z3) = 2 (x, l),
 * 1M + 3S: T = l^2 + l + a, X3 = T^2, Z3 = T, L3 = x^2 + X3 + T l + T. a is
 * the curve's a as an element. X3, L3, Z3 distinct from x and l. */
#define EC2_LAM_DBL_AFF(O, X3, L3, Z3, x, l, a)                                                                      \
    do {                                                                                                             \
        EC2F_OP(O, T) T_, u_;                                                                                        \
        EC2F_OP(O, SQR)(T_, l);                                                                                      \
        EC2F_OP(O, ADD)(T_, T_, l);                                                                                  \
        EC2F_OP(O, ADD)(T_, T_, a);                                                                                  \
        EC2F_OP(O, SQR)(X3, T_);                                                                                     \
        EC2F_OP(O, MUL)(u_, T_, l);                                                                                  \
        EC2F_OP(O, ADD)(u_, u_, T_);                                                                                 \
        EC2F_OP(O, ADD)(u_, u_, X3);                                                                                 \
        EC2F_OP(O, SQR)(L3, x);                                                                                      \
        EC2F_OP(O, ADD)(L3, L3, u_);                                                                                 \
        EC2F_OP(O, COPY)(Z3, T_);                                                                                    \
    } while (0)

/* López–Dahab mixed addition (X3, Y3, Z3) = (X1, Y1, Z1) + (x2, y2), EFD
 * g12o "madd-2005-dl", 8M + 5S (+ MULA): A = Y1 + y2 Z1^2, B = X1 + x2 Z1,
 * C = B Z1, Z3 = C^2, X3 = A^2 + C (A + B^2 + a C),
 * Y3 = (x2 Z3 + X3)(A C + Z3) + (y2 + x2) Z3^2. A and B as in
 * EC2_LAM_MADD. */
#define EC2_LD_MADD(O, MULA, X3, Y3, Z3, A, B, X1, Y1, Z1, x2, y2)                                                   \
    do {                                                                                                             \
        EC2F_OP(O, T) Z1s_, C_, D_, t_, u_;                                                                          \
        EC2F_OP(O, SQR)(Z1s_, Z1);                                                                                   \
        EC2F_OP(O, MUL)(t_, y2, Z1s_);                                                                               \
        EC2F_OP(O, ADD)(A, Y1, t_);                                                                                  \
        EC2F_OP(O, MUL)(t_, x2, Z1);                                                                                 \
        EC2F_OP(O, ADD)(B, X1, t_);                                                                                  \
        EC2F_OP(O, MUL)(C_, B, Z1);                                                                                  \
        EC2F_OP(O, SQR)(Z3, C_);                                                                                     \
        EC2F_OP(O, MUL)(D_, x2, Z3);                                                                                 \
        EC2F_OP(O, SQR)(t_, B);                                                                                      \
        EC2F_OP(O, ADD)(t_, t_, A);                                                                                  \
        MULA(u_, C_);                                                                                                \
        EC2F_OP(O, ADD)(t_, t_, u_);                                                                                 \
        EC2F_OP(O, MUL)(t_, t_, C_);                                                                                 \
        EC2F_OP(O, SQR)(u_, A);                                                                                      \
        EC2F_OP(O, ADD)(X3, u_, t_);                                                                                 \
        EC2F_OP(O, MUL)(t_, A, C_);                                                                                  \
        EC2F_OP(O, ADD)(t_, t_, Z3);                                                                                 \
        EC2F_OP(O, ADD)(u_, D_, X3);                                                                                 \
        EC2F_OP(O, MUL)(t_, t_, u_);                                                                                 \
        EC2F_OP(O, ADD)(u_, y2, x2);                                                                                 \
        EC2F_OP(O, SQR)(D_, Z3);                                                                                     \
        EC2F_OP(O, MUL)(u_, u_, D_);                                                                                 \
        EC2F_OP(O, ADD)(Y3, t_, u_);                                                                                 \
    } while (0)

/* One step of the López–Dahab x-only ladder, after the conditional swap:
 * (X2, Z2) <- (X1, Z1) + (X2, Z2) with difference x,
 *   Z2 = (X1 Z2 + X2 Z1)^2, X2 = x Z2 + (X1 Z2)(X2 Z1);
 * (X1, Z1) <- 2 (X1, Z1),
 *   Z1 = X1^2 Z1^2, X1 = X1^4 + b Z1^4 = (X1^2 + sqrt(b) Z1^2)^2
 * (one squaring fewer than X1^4 and Z1^4): 5M + 5S, + MULSB(r, t), the
 * product by sqrt(b), when b != 1. */
#define EC2_LADDER_STEP(O, MULSB, X1, Z1, X2, Z2, x)                                                                 \
    do {                                                                                                             \
        EC2F_OP(O, T) T_, U_;                                                                                        \
        EC2F_OP(O, MUL)(T_, X1, Z2);                                                                                 \
        EC2F_OP(O, MUL)(U_, X2, Z1);                                                                                 \
        EC2F_OP(O, ADD)(Z2, T_, U_);                                                                                 \
        EC2F_OP(O, SQR)(Z2, Z2);                                                                                     \
        EC2F_OP(O, MUL)(X2, Z2, x);                                                                                  \
        EC2F_OP(O, MUL)(T_, T_, U_);                                                                                 \
        EC2F_OP(O, ADD)(X2, X2, T_);                                                                                 \
        EC2F_OP(O, SQR)(X1, X1);                                                                                     \
        EC2F_OP(O, SQR)(Z1, Z1);                                                                                     \
        EC2F_OP(O, MUL)(T_, X1, Z1);                                                                                 \
        MULSB(Z1, Z1);                                                                                               \
        EC2F_OP(O, ADD)(X1, X1, Z1);                                                                                 \
        EC2F_OP(O, SQR)(X1, X1);                                                                                     \
        EC2F_OP(O, COPY)(Z1, T_);                                                                                    \
    } while (0)

/* the memory representation of gf2m_impl.h, and the same with the product
 * fe_mul_tp (the fixed-base comb's) */
#define EC2FE_T fe
#define EC2FE_MUL(r, a, b) fe_mul(r, a, b)
#define EC2FE_SQR(r, a) fe_sqr(r, a)
#define EC2FE_ADD(r, a, b) fe_add(r, a, b)
#define EC2FE_COPY(r, a) fe_copy(r, a)
#define EC2FETP_T fe
#define EC2FETP_MUL(r, a, b) fe_mul_tp(r, a, b)
#define EC2FETP_SQR(r, a) fe_sqr(r, a)
#define EC2FETP_ADD(r, a, b) fe_add(r, a, b)
#define EC2FETP_COPY(r, a) fe_copy(r, a)

#endif
