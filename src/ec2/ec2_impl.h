/* SPDX-License-Identifier: Apache-2.0 */
/* Binary-curve points, y^2 + xy = x^3 + a x^2 + b over GF(2^m), on top of
 * gf2m_impl.h (included first by the instantiating unit).
 *
 *  - ec2_ladder_x: constant-time López–Dahab Montgomery ladder, x-only
 *    (López, Dahab, "Fast multiplication on elliptic curves over GF(2^m)
 *    without precomputation", CHES 1999): per bit 5M + 5S (+1M if b != 1),
 *    bitlen(n) iterations whatever the scalar, conditional swaps by masks.
 *  - ec2_mul_base: constant-time fixed-base windows: k = sum d_i 16^i with
 *    signed digits d_i in [-8, 7], k G = sum d_i (16^i G) from the generated
 *    table (lambda-affine), each row scanned whole; mixed additions in
 *    lambda coordinates (8M + 2S), no doublings.
 *  - ec2_tnaf_mul_x (Koblitz curves): constant-time regular
 *    tau-adic windows (k partially reduced mod (tau^m - 1)/(tau - 1), one
 *    non-zero digit every w Frobenius maps, lambda coordinates); the ladder
 *    stays the reference.
 *  - ec2_verify_vartime: u2 Q by width-5 wNAF (tau-adic on those Koblitz
 *    curves) plus u1 G from the same table, lambda coordinates; public data
 *    only.
 * López–Dahab coordinates: x = X/Z, y = Y/Z^2; lambda coordinates below. */

#include "curves/curves.h"
#include "ec_ops.h"
#include "err.h"

typedef struct {
    fe x, y;
} aff_pt;

typedef struct {
    fe X, Y, Z;
} ld_pt;

typedef struct {
    fe a, b;
    int a_kind;
    int b_one;
} ec2_k;

GF_FN void ec2_load(ec2_k *K, const ec2_params *cp)
{
    memcpy(K->a, cp->a, sizeof(fe));
    memcpy(K->b, cp->b, sizeof(fe));
    K->a_kind = cp->a_kind;
    fe one;
    fe_one(one);
    K->b_one = fe_eq_vartime(K->b, one);
}

/* r = a * t for the curve constant a (public: branch on its kind only) */
GF_FN void ec2_mul_a(const ec2_k *K, fe r, const fe t)
{
    if (K->a_kind == 0) fe_zero(r);
    else if (K->a_kind == 1) fe_copy(r, t);
    else fe_mul(r, K->a, t);
}

GF_FN void ec2_mul_b(const ec2_k *K, fe r, const fe t)
{
    if (K->b_one) fe_copy(r, t);
    else fe_mul(r, K->b, t);
}

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
    fe X1, Z1, X2, Z2, T, U, sb;
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
        /* (X2, Z2) <- (X1, Z1) + (X2, Z2), difference P: Z = (X1 Z2 + X2 Z1)^2,
         * X = x Z + (X1 Z2)(X2 Z1) */
        fe_mul(T, X1, Z2);
        fe_mul(U, X2, Z1);
        fe_add(Z2, T, U);
        fe_sqr(Z2, Z2);
        fe_mul(X2, x, Z2);
        fe_mul(T, T, U);
        fe_add(X2, X2, T);
        /* (X1, Z1) <- 2 (X1, Z1): Z = X^2 Z^2, X = X^4 + b Z^4
         * = (X^2 + sqrt(b) Z^2)^2 (one squaring fewer than X^4 and Z^4) */
        fe_sqr(X1, X1);
        fe_sqr(Z1, Z1);
        fe_mul(T, X1, Z1);
        if (!K->b_one) fe_mul(Z1, sb, Z1);
        fe_add(X1, X1, Z1);
        fe_sqr(X1, X1);
        fe_copy(Z1, T);
    }
    fe_cswap(X1, X2, ct_mask_bit(prev));
    fe_cswap(Z1, Z2, ct_mask_bit(prev));
    uint64_t inf = ec2_ladder_out(xr, X1, Z1);
    ct_wipe(X1, sizeof X1);
    ct_wipe(Z1, sizeof Z1);
    ct_wipe(X2, sizeof X2);
    ct_wipe(Z2, sizeof Z2);
    ct_wipe(T, sizeof T);
    ct_wipe(U, sizeof U);
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

/* ---- López–Dahab formulas ---- */

/* r = p + q, q affine, p not infinity; also returns A and B so callers can
 * tell the exceptional cases: B = 0 iff x(p) = x(q); then A = 0 iff p = q.
 * Mixed addition, Al-Daneshyar / EFD g12o "madd-2005-dl": 8M + 5S (+1M, general a). */
GF_FN void ld_madd(const ec2_k *K, ld_pt *r, const ld_pt *p, const aff_pt *q, fe A, fe B)
{
    fe Z1s, C, D, t, u;
    fe_sqr(Z1s, p->Z);
    fe_mul(t, q->y, Z1s);
    fe_add(A, p->Y, t);               /* A = Y1 + y2 Z1^2 */
    fe_mul(t, q->x, p->Z);
    fe_add(B, p->X, t);               /* B = X1 + x2 Z1 */
    fe_mul(C, B, p->Z);               /* C = B Z1 */
    fe_sqr(r->Z, C);                  /* Z3 = C^2 */
    fe_mul(D, q->x, r->Z);            /* D = x2 Z3 */
    fe_sqr(t, B);
    fe_add(t, t, A);
    ec2_mul_a(K, u, C);
    fe_add(t, t, u);
    fe_mul(t, t, C);
    fe_sqr(u, A);
    fe_add(r->X, u, t);               /* X3 = A^2 + C (A + B^2 + a C) */
    fe_mul(t, A, C);
    fe_add(t, t, r->Z);
    fe_add(u, D, r->X);
    fe_mul(t, t, u);                  /* (D + X3)(A C + Z3) */
    fe_add(u, q->y, q->x);
    fe_sqr(D, r->Z);
    fe_mul(u, u, D);                  /* (y2 + x2) Z3^2 */
    fe_add(r->Y, t, u);
}

/* r = 2 p, López–Dahab doubling (EFD g12o "dbl-2005-l"): 4M + 5S (+1M general a, +1M b != 1).
 * Z3 = X1^2 Z1^2, X3 = X1^4 + b Z1^4, Y3 = b Z1^4 Z3 + X3 (a Z3 + Y1^2 + b Z1^4) */
GF_FN void ld_dbl(const ec2_k *K, ld_pt *r, const ld_pt *p)
{
    fe X1s, Z1s, bZ4, t, u;
    fe_sqr(X1s, p->X);
    fe_sqr(Z1s, p->Z);
    fe_sqr(bZ4, Z1s);
    ec2_mul_b(K, bZ4, bZ4);
    fe_sqr(u, p->Y);                  /* Y1^2, before r may alias p */
    fe_mul(r->Z, X1s, Z1s);
    fe_sqr(r->X, X1s);
    fe_add(r->X, r->X, bZ4);
    ec2_mul_a(K, t, r->Z);
    fe_add(t, t, u);
    fe_add(t, t, bZ4);
    fe_mul(t, t, r->X);
    fe_mul(u, bZ4, r->Z);
    fe_add(r->Y, t, u);
}

/* r = 2 q for q affine (Z = 1): 2M + 3S (+1M general a, +2M b != 1) */
GF_FN void ld_dbl_aff(const ec2_k *K, ld_pt *r, const aff_pt *q)
{
    fe t, u;
    fe_sqr(r->Z, q->x);
    fe_sqr(r->X, r->Z);
    fe_add(r->X, r->X, K->b);
    ec2_mul_a(K, t, r->Z);
    fe_sqr(u, q->y);
    fe_add(t, t, u);
    fe_add(t, t, K->b);
    fe_mul(t, t, r->X);
    ec2_mul_b(K, u, r->Z);
    fe_add(r->Y, t, u);
}

GF_FN void ld_cmov(ld_pt *r, const ld_pt *a, uint64_t mask)
{
    fe_cmov(r->X, a->X, mask);
    fe_cmov(r->Y, a->Y, mask);
    fe_cmov(r->Z, a->Z, mask);
}

/* affine from López–Dahab; returns all-ones if p is infinity (Z = 0) */
GF_FN uint64_t ld_to_aff(aff_pt *r, const ld_pt *p)
{
    fe zi, t;
    uint64_t inf = fe_is_zero(p->Z);
    fe_inv(zi, p->Z);
    fe_mul(r->x, p->X, zi);
    fe_sqr(t, zi);
    fe_mul(r->y, p->Y, t);
    return inf;
}

/* ---- lambda coordinates ----
 * (Oliveira, López, Aranha, Rodríguez-Henríquez, "Lambda coordinates for
 * binary elliptic curves", CHES 2013): lambda = x + y/x, projective
 * x = X/Z, lambda = L/Z; -(x, lambda) = (x, lambda + 1). Defined for x != 0,
 * i.e. every point but the one of order 2, so every point of the order-n
 * subgroup. */
typedef struct {
    fe x, l;
} lam_aff;

typedef struct {
    fe X, L, Z;
} lam_pt;

/* tp (a constant at each call): the product by fe_mul_tp, for the
 * fixed-base comb (src/gf2m/gf2m_impl.h) */
GF_FN void fe_mul_sel(int tp, fe r, const fe a, const fe b)
{
    if (tp) fe_mul_tp(r, a, b);
    else fe_mul(r, a, b);
}

/* r = p + q, q lambda-affine, p not infinity: 8M + 2S, whatever a and b.
 * As ld_madd, returns A and B: B = 0 iff x(p) = x(q); then A = 0 iff p = q,
 * and Z3 = 0 iff p = -q. r may alias p. lam_madd_tp: the comb's. */
GF_FN void lam_madd_with(lam_pt *r, const lam_pt *p, const lam_aff *q, fe A, fe B, int tp)
{
    fe U2, S, AU1, AU2, B2, ABZ, LZ;
    fe_mul_sel(tp, U2, q->x, p->Z);
    fe_mul_sel(tp, S, q->l, p->Z);
    fe_add(A, p->L, S);               /* A = L1 + l2 Z1 */
    fe_add(B, p->X, U2);              /* B = X1 + x2 Z1 */
    fe_sqr(B2, B);
    fe_mul_sel(tp, AU1, A, p->X);
    fe_mul_sel(tp, AU2, A, U2);
    fe_mul_sel(tp, ABZ, A, B2);
    fe_add(LZ, p->L, p->Z);
    fe_mul_sel(tp, r->Z, ABZ, p->Z);  /* Z3 = A B^2 Z1 */
    fe_mul_sel(tp, r->X, AU1, AU2);   /* X3 = A^2 X1 x2 Z1 */
    fe_add(S, AU2, B2);
    fe_sqr(S, S);
    fe_mul_sel(tp, LZ, ABZ, LZ);
    fe_add(r->L, S, LZ);              /* L3 = (A U2 + B^2)^2 + A B^2 (L1 + Z1) */
}

GF_FN void lam_madd(lam_pt *r, const lam_pt *p, const lam_aff *q, fe A, fe B) { lam_madd_with(r, p, q, A, B, 0); }
GF_FN void lam_madd_tp(lam_pt *r, const lam_pt *p, const lam_aff *q, fe A, fe B) { lam_madd_with(r, p, q, A, B, 1); }

/* r = 2 q for q lambda-affine: 1M + 3S. T = l^2 + l + a, X3 = T^2, Z3 = T,
 * L3 = x^2 + X3 + T l + T. */
GF_FN void lam_dbl_aff(const ec2_k *K, lam_pt *r, const lam_aff *q)
{
    fe T, u;
    fe_sqr(T, q->l);
    fe_add(T, T, q->l);
    fe_add(T, T, K->a);
    fe_sqr(r->X, T);
    fe_mul(u, T, q->l);
    fe_add(u, u, T);
    fe_add(u, u, r->X);
    fe_sqr(r->L, q->x);
    fe_add(r->L, r->L, u);
    fe_copy(r->Z, T);
}

GF_FN void lam_cmov(lam_pt *r, const lam_pt *a, uint64_t mask)
{
    fe_cmov(r->X, a->X, mask);
    fe_cmov(r->L, a->L, mask);
    fe_cmov(r->Z, a->Z, mask);
}

/* affine (x, y) from lambda-projective; returns all-ones if p is infinity (Z = 0) */
GF_FN uint64_t lam_to_aff(aff_pt *r, const lam_pt *p)
{
    fe zi, l;
    uint64_t inf = fe_is_zero(p->Z);
    fe_inv(zi, p->Z);
    fe_mul(r->x, p->X, zi);
    fe_mul(l, p->L, zi);
    fe_add(l, l, r->x);
    fe_mul(r->y, l, r->x);            /* y = (lambda + x) x */
    ct_wipe(zi, sizeof zi);
    ct_wipe(l, sizeof l);
    return inf;
}

/* r = 2 p in lambda coordinates: 4M + 4S (+1M general a). r may alias p.
 * T = L1^2 + L1 Z1 + a Z1^2, X3 = T^2, Z3 = T Z1^2,
 * L3 = (X1 Z1)^2 + X3 + T L1 Z1 + Z3. */
GF_FN void lam_dbl(const ec2_k *K, lam_pt *r, const lam_pt *p)
{
    fe LZ, Zs, XZ, T, u;
    fe_mul(LZ, p->L, p->Z);
    fe_sqr(Zs, p->Z);
    fe_mul(XZ, p->X, p->Z);
    fe_sqr(T, p->L);
    fe_add(T, T, LZ);
    ec2_mul_a(K, u, Zs);
    fe_add(T, T, u);
    fe_sqr(r->X, T);
    fe_mul(r->Z, T, Zs);
    fe_sqr(XZ, XZ);
    fe_mul(u, T, LZ);
    fe_add(u, u, XZ);
    fe_add(u, u, r->X);
    fe_add(r->L, u, r->Z);
}

/* r = p + q, both lambda-projective and neither infinity: 11M + 2S, the
 * mixed addition lam_madd with q = (X2/Z2, L2/Z2), scaled by Z2^4:
 * A = L1 Z2 + L2 Z1, B = (X1 Z2 + X2 Z1)^2, X3 = A X1 Z2 A X2 Z1,
 * Z3 = (A B Z2) Z1, L3 = (A X2 Z1 + B)^2 + (A B Z2)(L1 + Z1).
 * A = B = 0 iff p = q: 2 q (lam_dbl) is selected by mask; p = -q gives
 * Z3 = 0 (infinity). Constant time; r may alias p or q. */
GF_FN void lam_add_full(const ec2_k *K, lam_pt *r, const lam_pt *p, const lam_pt *q)
{
    fe U1, U2, A, B, t, ABZ;
    lam_pt s, d;
    fe_mul(U1, p->X, q->Z);           /* X1 Z2 */
    fe_mul(U2, q->X, p->Z);           /* X2 Z1 */
    fe_mul(A, p->L, q->Z);
    fe_mul(t, q->L, p->Z);
    fe_add(A, A, t);                  /* A = L1 Z2 + L2 Z1 */
    fe_add(B, U1, U2);
    fe_sqr(B, B);                     /* B = (X1 Z2 + X2 Z1)^2 */
    fe_mul(U1, A, U1);
    fe_mul(U2, A, U2);
    fe_mul(s.X, U1, U2);
    fe_mul(ABZ, A, B);
    fe_mul(ABZ, ABZ, q->Z);
    fe_mul(s.Z, ABZ, p->Z);
    fe_add(t, p->L, p->Z);
    fe_mul(t, ABZ, t);
    fe_add(U2, U2, B);
    fe_sqr(U2, U2);
    fe_add(s.L, U2, t);
    lam_dbl(K, &d, q);
    lam_cmov(&s, &d, fe_is_zero(A) & fe_is_zero(B));
    *r = s;
    ct_wipe(U1, sizeof U1);
    ct_wipe(U2, sizeof U2);
    ct_wipe(A, sizeof A);
    ct_wipe(B, sizeof B);
    ct_wipe(t, sizeof t);
    ct_wipe(ABZ, sizeof ABZ);
    ct_wipe(&s, sizeof s);
    ct_wipe(&d, sizeof d);
}

/* Lambda-affine points from López–Dahab ones by one inversion for all
 * (Montgomery's trick on D = X Z: x = X/Z = X^2/D, y/x = Y/(X Z) = Y/D, so
 * lambda = (X^2 + Y)/D). Returns 0, with nothing written, if some point has
 * X = 0 or Z = 0 (infinity or the point of order 2: never for multiples of
 * a point of odd order). Public data only. */
GF_FN int ld_batch_lam_vartime(lam_aff *T, const ld_pt *lp, unsigned n)
{
    fe D[32], prod[32], inv, di, t;
    FASTEC_INVARIANT(n >= 1 && n <= 32);
    for (unsigned e = 0; e < n; e++) fe_mul(D[e], lp[e].X, lp[e].Z);
    fe_copy(prod[0], D[0]);
    for (unsigned e = 1; e < n; e++) fe_mul(prod[e], prod[e - 1], D[e]);
    if (fe_is_zero_vartime(prod[n - 1])) return 0;
    fe_inv(inv, prod[n - 1]);
    for (unsigned e = n; e-- > 0;) {
        if (e > 0) {
            fe_mul(di, inv, prod[e - 1]);
            fe_mul(inv, inv, D[e]);
        } else {
            fe_copy(di, inv);
        }
        fe_sqr(t, lp[e].X);
        fe_mul(T[e].x, t, di);
        fe_add(t, t, lp[e].Y);
        fe_mul(T[e].l, t, di);
    }
    return 1;
}

/* row i of the fixed-base table: 2^(base_w - 1) entries of 2 GF_NW words */
GF_FN const uint64_t *ec2_table_row(const ec2_params *cp, unsigned i)
{
    return cp->base + ((size_t)i << (cp->base_w - 1)) * 2 * GF_NW;
}

/* ---- constant-time fixed-base multiplication ---- */

GF_FN_NOINLINE uint64_t ec2_mul_base_ct(const ec2_params *cp, const ec2_k *K, aff_pt *res, const uint64_t *k)
{
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    lam_pt acc, sum, dbl, start;
    lam_aff T;
    fe A, B;
    const unsigned ne = 1u << (cp->base_w - 1);
    FASTEC_INVARIANT(cp->base_w >= 4 && cp->base_pos <= SC_MAX_LIMBS * 16 + 2);
    sc_recode(d, k, cp->base_pos, cp->base_w);
    fe_one(acc.X);
    fe_zero(acc.L);
    fe_zero(acc.Z);
    unsigned i0 = 0;
#if EC2_ZBASE2
    if (cp->base_exc >= 2) {
        /* the positions below base_exc as two chains on pairs
         * (ec2_zbase2_), joined by one complete addition; either chain
         * may be infinity (all its digits 0) */
        EC2_ZNAME(ec2_zbase2_, EC2_SYM)(start.X, start.L, start.Z, acc.X, acc.L, acc.Z, cp->base, cp->base_w, d,
                                        cp->base_exc);
        const uint64_t hi_inf = fe_is_zero(start.Z), lo_inf = fe_is_zero(acc.Z);
        lam_add_full(K, &sum, &start, &acc);
        lam_cmov(&sum, &acc, hi_inf);
        lam_cmov(&sum, &start, lo_inf);
        acc = sum;
        i0 = cp->base_exc;
    }
#elif EC2_ZBASE1
    /* the positions below base_exc on registers (ec2_zbase1_) */
    EC2_ZNAME(ec2_zbase1_, EC2_SYM)(acc.X, acc.L, acc.Z, cp->base, cp->base_w, d, cp->base_exc);
    i0 = cp->base_exc;
#endif
    for (unsigned i = i0; i < cp->base_pos; i++) {
        uint64_t neg, mag;
        sc_digit_split(d[i], &neg, &mag);
        FASTEC_INVARIANT(mag <= ne);
        /* the whole row scanned; zero for mag = 0 */
        ct_select_words((uint64_t *)&T, ec2_table_row(cp, i), ne, 2 * GF_NW, 2 * GF_NW, mag, 1);
        T.l[0] ^= neg & 1; /* -(x, lambda) = (x, lambda + 1) */
        uint64_t acc_inf = fe_is_zero(acc.Z);
        uint64_t skip = ct_is_zero(mag);
        lam_madd_tp(&sum, &acc, &T, A, B);
        if (i >= cp->base_exc) {
            /* acc = +-T is possible only in the top positions (checked by the generator) */
            lam_dbl_aff(K, &dbl, &T);
            lam_cmov(&sum, &dbl, fe_is_zero(A) & fe_is_zero(B));
        }
        fe_copy(start.X, T.x);
        fe_copy(start.L, T.l);
        fe_one(start.Z);
        lam_cmov(&sum, &start, acc_inf);
        lam_cmov(&acc, &sum, ~skip);
    }
    uint64_t inf = lam_to_aff(res, &acc);
    ct_wipe(d, sizeof d);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&sum, sizeof sum);
    ct_wipe(&dbl, sizeof dbl);
    ct_wipe(&start, sizeof start);
    ct_wipe(&T, sizeof T);
    ct_wipe(A, sizeof(fe));
    ct_wipe(B, sizeof(fe));
    return inf;
}

/* ---- variable-time helpers (public data only) ---- */

/* acc += q with every exceptional case handled by branches; leaks everything. */
GF_FN void ld_add_aff_vartime(const ec2_k *K, ld_pt *acc, int *inf, const aff_pt *q)
{
    if (*inf) {
        fe_copy(acc->X, q->x);
        fe_copy(acc->Y, q->y);
        fe_one(acc->Z);
        *inf = 0;
        return;
    }
    ld_pt r;
    fe A, B;
    ld_madd(K, &r, acc, q, A, B);
    if (fe_is_zero_vartime(B)) {
        if (fe_is_zero_vartime(A)) ld_dbl(K, acc, acc);
        else *inf = 1;
        return;
    }
    *acc = r;
}

/* the same in lambda coordinates */
GF_FN void lam_add_aff_vartime(const ec2_k *K, lam_pt *acc, int *inf, const lam_aff *q)
{
    if (*inf) {
        fe_copy(acc->X, q->x);
        fe_copy(acc->L, q->l);
        fe_one(acc->Z);
        *inf = 0;
        return;
    }
    lam_pt r;
    fe A, B;
    lam_madd(&r, acc, q, A, B);
    if (fe_is_zero_vartime(B)) {
        if (fe_is_zero_vartime(A)) lam_dbl(K, acc, acc);
        else *inf = 1;
        return;
    }
    *acc = r;
}

/* acc += +-(x, lambda), negated when neg (-(x, lambda) = (x, lambda + 1)):
 * a public table entry, as lam_add_aff_vartime */
GF_FN void lam_add_entry_vartime(const ec2_k *K, lam_pt *acc, int *inf, const uint64_t *x, const uint64_t *l, int neg)
{
    lam_aff t;
    fe_copy(t.x, x);
    fe_copy(t.l, l);
    t.l[0] ^= (uint64_t)(neg != 0);
    lam_add_aff_vartime(K, acc, inf, &t);
}

/* ---- Koblitz curves: tau-adic multiplication (constant-time in k) ----
 *
 * k P = rho P with rho = k partially reduced modulo delta = (tau^m - 1)/(tau
 * - 1) (Solinas), rho = r0 + r1 tau of about m/2 bits each, recoded as
 * rho = sum_{i <= iters} alpha_i tau^(w i) with every alpha_i one of the
 * 2^(w-1) odd digits or its negative (a regular tau-adic NAF: the same number
 * of digits, none zero, whatever k). Then k P by Horner's rule, top digit
 * first: w Frobenius maps (3w squarings of X, Y, Z) and one mixed addition of
 * a digit's point per step, the digit's point chosen by a scan of the whole
 * table. The table alpha_j P depends on P only (public): made variable-time.
 * tools/tnaf.py derives the constants and the digit count and proves that
 * the recoding ends on a digit; the generator checks them on edge scalars.
 * Integers in Z[tau] are TZ-word two's complement (the recoding's values stay
 * below 2^(m/2 + 3) in magnitude; k times a constant needs the wide product
 * below). */
#define TZ (GF_NW + 2)
/* the recoding's width: |r0|, |r1| < 2^(m/2 + 2) there (tools/tnaf.py) */
#define RZ ((GF_M / 2 + 8 + 63) / 64)
/* rho = k - q delta is computed modulo 2^(64 PZ): exact, as it fits RZ words */
#define PZ (RZ + 1)
typedef uint64_t tz_t[TZ];

/* n-word two's complement helpers (n a compile-time constant at every call) */
GF_FN void tz_set_u(uint64_t *r, const uint64_t *a, unsigned an, unsigned n)
{
    for (unsigned i = 0; i < n; i++) r[i] = i < an ? a[i] : 0;
}
GF_FN void tz_set_small(uint64_t *r, uint64_t v, unsigned n) /* v: a sign-extended 64-bit value */
{
    uint64_t s = (uint64_t)((int64_t)v >> 63);
    r[0] = v;
    for (unsigned i = 1; i < n; i++) r[i] = s;
}
GF_FN void tz_add(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t c = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t s = a[i] + c, t = s + b[i];
        c = (uint64_t)(s < c) + (uint64_t)(t < s);
        r[i] = t;
    }
}
GF_FN void tz_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t borrow = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = a[i], d = x - b[i], e = d - borrow;
        borrow = (uint64_t)(x < b[i]) + (uint64_t)(d < borrow);
        r[i] = e;
    }
}
GF_FN void tz_neg(uint64_t *r, const uint64_t *a, unsigned n)
{
    uint64_t borrow = 0;
    GF_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t x = a[i], d = (uint64_t)0 - x, e = d - borrow;
        borrow = (uint64_t)(x != 0) + (uint64_t)(d < borrow);
        r[i] = e;
    }
}
/* r = -r where mask is all ones */
GF_FN void tz_cneg(uint64_t *r, uint64_t mask, unsigned n)
{
    unsigned __int128 c = mask & 1;
    for (unsigned i = 0; i < n; i++) {
        c += r[i] ^ mask;
        r[i] = (uint64_t)c;
        c >>= 64;
    }
}
/* r = a * b mod 2^(64 n), n <= TZ (public) */
GF_FN void tz_mul_lo(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned n)
{
    uint64_t t[TZ];
    memset(t, 0, sizeof t);
    for (unsigned j = 0; j < n; j++) {
        uint64_t carry = 0;
        for (unsigned i = 0; i + j < n; i++) {
            unsigned __int128 p = (unsigned __int128)a[i] * b[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)p;
            carry = (uint64_t)(p >> 64);
        }
    }
    memcpy(r, t, n * sizeof(uint64_t));
    ct_wipe_words(t, TZ);
}
/* q = round(k |S| / 2^C) for k of nl words (k < n < 2^m) and |S| < 2^(m/2 + 20) */
GF_FN void tnaf_round(tz_t q, const uint64_t *k, unsigned nl, const uint64_t *S, unsigned C)
{
    uint64_t p[2 * GF_NW + 1];
    memset(p, 0, sizeof p);
    for (unsigned j = 0; j < GF_NW; j++) {
        uint64_t carry = 0;
        for (unsigned i = 0; i < nl; i++) {
            unsigned __int128 t = (unsigned __int128)k[i] * S[j] + p[i + j] + carry;
            p[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        p[nl + j] = carry;
    }
    /* + 2^(C-1), then >> C (C public) */
    unsigned __int128 c = (unsigned __int128)1 << ((C - 1) % 64);
    for (unsigned i = (C - 1) / 64; i < 2 * GF_NW + 1; i++) {
        c += p[i];
        p[i] = (uint64_t)c;
        c >>= 64;
    }
    unsigned q0 = C / 64, s = C % 64;
    GF_UNROLL
    for (int i = 0; i < TZ; i++) {
        unsigned a = q0 + (unsigned)i;
        uint64_t lo = a < 2 * GF_NW + 1 ? p[a] : 0, hi = a + 1 < 2 * GF_NW + 1 ? p[a + 1] : 0;
        q[i] = s ? (lo >> s) | (hi << (64 - s)) : lo;
    }
    ct_wipe(p, sizeof p);
}

/* the digit of class c (odd, mod 2^(w+1)): its index j and sign */
GF_FN void tnaf_digit(unsigned w, uint64_t c, uint64_t *j, uint64_t *negm)
{
    const uint64_t M1 = ((uint64_t)2 << w) - 1;
    uint64_t neg = (c >> w) & 1;
    uint64_t nm = (uint64_t)0 - neg;
    *j = ((c ^ (nm & M1)) + neg) >> 1;
    *negm = nm;
}

/* rho = r0 + r1 tau (odd, RZ words each) to its digits, dig[i] = index |
 * sign << 7, i = 0 .. iters; W = tn->w and MU = tn->mu, passed apart so
 * that the call with the field's Koblitz curve's constants (GF_TNAF_W,
 * GF_TNAF_MU) unrolls the divisions by tau, fixes their signs and folds the
 * mask and the digit table's size; r0, r1 and t, h are scratch (TZ words) */
static inline __attribute__((always_inline)) GF_TARGET void tnaf_digits(const ec2_tnaf *tn, uint8_t *dig, uint64_t *r0,
                                                                       uint64_t *r1, uint64_t *t, uint64_t *h,
                                                                       const unsigned W, const int MU)
{
    const uint64_t M1 = ((uint64_t)2 << W) - 1, half = (uint64_t)1 << W;
    const unsigned ndig = 1u << (W - 1);
    /* the digits alpha_e (public), a byte per coefficient: byte e % 8 of
     * pb[e / 8] and pg[e / 8] */
    const uint64_t L1 = 0x0101010101010101ULL, L80 = 0x8080808080808080ULL;
    uint64_t pb[4] = {0}, pg[4] = {0};
    for (unsigned e = 0; e < ndig; e++) {
        int64_t b = tn->alpha[e][0], g = tn->alpha[e][1];
        FASTEC_INVARIANT(b == (int8_t)b && g == (int8_t)g);
        pb[e / 8] |= (uint64_t)(uint8_t)(int8_t)b << (8 * (e % 8));
        pg[e / 8] |= (uint64_t)(uint8_t)(int8_t)g << (8 * (e % 8));
    }
    for (unsigned i = 0; i < tn->iters; i++) {
        uint64_t c = (r0[0] + r1[0] * tn->t + half) & M1, j, nm;
        tnaf_digit(W, c, &j, &nm);
        /* alpha_j, every entry read: 8 indices per word, byte lanes
         * x = j ^ e (< 32), 0x80 + x - 1 has its top bit clear exactly when
         * x = 0 (no borrow crosses a lane), that lane's mask 0xff */
        uint64_t sb = 0, sg = 0;
        GF_UNROLL
        for (unsigned q = 0; q < (ndig + 7) / 8; q++) {
            uint64_t x = (j * L1) ^ (0x0706050403020100ULL + 8 * q * L1);
            uint64_t z = ~((x | L80) - L1) & L80;
            uint64_t m = (z - (z >> 7)) | z;
            sb |= pb[q] & m;
            sg |= pg[q] & m;
        }
        sb |= sb >> 32;
        sg |= sg >> 32;
        sb |= sb >> 16;
        sg |= sg >> 16;
        sb |= sb >> 8;
        sg |= sg >> 8;
        uint64_t b = (uint64_t)(int64_t)(int8_t)(uint8_t)sb, g = (uint64_t)(int64_t)(int8_t)(uint8_t)sg;
        b = (b ^ nm) - nm;
        g = (g ^ nm) - nm;
        dig[i] = (uint8_t)(j | (nm & 0x80));
        tz_set_small(t, b, RZ);
        tz_sub(r0, r0, t, RZ);
        tz_set_small(t, g, RZ);
        tz_sub(r1, r1, t, RZ);
        /* rho - alpha is a multiple of tau^w: divide by tau w times. With
         * tau^2 = mu tau - 2, (r0 + r1 tau) / tau = (r1 + mu r0 / 2) -
         * (r0 / 2) tau (r0 even). The words hold R0, R1 with r0 = s0 R0,
         * r1 = s1 R1 (signs public, fixed by w and mu), so a step is
         * H = R0 / 2 (an arithmetic shift), R0 = R1 +- H, R1 = H: no
         * negation until the end. |r0|, |r1| stay below 4 times their bound
         * at the start (the norm halves at each step), inside RZ words. */
        int s0 = 1, s1 = 1;
        GF_UNROLL
        for (unsigned s = 0; s < W; s++) {
#ifdef FASTEC_DEBUG_INVARIANTS
            FASTEC_INVARIANT((r0[0] & 1) == 0);
#endif
            GF_UNROLL
            for (unsigned k = 0; k + 1 < RZ; k++) h[k] = (r0[k] >> 1) | (r0[k + 1] << 63);
            h[RZ - 1] = (uint64_t)((int64_t)r0[RZ - 1] >> 1);
            if (s1 == MU * s0) tz_add(r0, r1, h, RZ);
            else tz_sub(r0, r1, h, RZ);
            memcpy(r1, h, RZ * sizeof(uint64_t));
            int n0 = s1;
            s1 = -s0;
            s0 = n0;
        }
        if (s0 < 0) tz_neg(r0, r0, RZ);
        if (s1 < 0) tz_neg(r1, r1, RZ);
    }
    /* what remains is the digit of its own class */
    {
        uint64_t c = (r0[0] + r1[0] * tn->t) & M1, j, nm;
        tnaf_digit(W, c, &j, &nm);
        dig[tn->iters] = (uint8_t)(j | (nm & 0x80));
#ifdef FASTEC_DEBUG_INVARIANTS
        int64_t eb = tn->alpha[j][0], eg = tn->alpha[j][1];
        if (nm) eb = -eb, eg = -eg;
        tz_set_small(t, (uint64_t)eb, RZ);
        tz_set_small(h, (uint64_t)eg, RZ);
        FASTEC_INVARIANT(memcmp(t, r0, RZ * 8) == 0 && memcmp(h, r1, RZ * 8) == 0);
#endif
    }
}

/* rho = k mod delta, odd; then its digits: dig[i] = index | sign << 7,
 * i = 0 .. iters (least significant first) */
GF_FN void tnaf_recode(const ec2_tnaf *tn, uint8_t *dig, const uint64_t *k, unsigned nl)
{
    tz_t kk, q[2], dd[2], pr, r0, r1, t, h;
    const uint64_t ones = ~(uint64_t)0;
    tz_set_u(kk, k, nl < PZ ? nl : PZ, PZ);
    for (int i = 0; i < 2; i++) {
        tnaf_round(q[i], k, nl, tn->S[i], tn->C);
        if (tn->s_neg[i]) tz_cneg(q[i], ones, PZ);
        tz_set_u(dd[i], tn->d[i], GF_NW < PZ ? GF_NW : PZ, PZ);
        if (tn->d_neg[i]) tz_cneg(dd[i], ones, PZ);
    }
    /* rho = k - (q0 + q1 tau)(d0 + d1 tau)
     *     = (k - q0 d0 + 2 q1 d1) - (q0 d1 + q1 d0 + mu q1 d1) tau */
    tz_mul_lo(pr, q[0], dd[0], PZ);
    tz_sub(r0, kk, pr, PZ);
    tz_mul_lo(pr, q[1], dd[1], PZ);
    tz_add(r0, r0, pr, PZ);
    tz_add(r0, r0, pr, PZ);
    if (tn->mu > 0) memcpy(r1, pr, PZ * sizeof(uint64_t));
    else tz_neg(r1, pr, PZ);
    tz_mul_lo(t, q[0], dd[1], PZ);
    tz_add(r1, r1, t, PZ);
    tz_mul_lo(t, q[1], dd[0], PZ);
    tz_add(r1, r1, t, PZ);
    tz_neg(r1, r1, PZ);
    /* odd: + delta when r0 is even */
    uint64_t even = ct_mask_bit((r0[0] & 1) ^ 1);
    for (unsigned i = 0; i < PZ; i++) {
        t[i] = dd[0][i] & even;
        h[i] = dd[1][i] & even;
    }
    tz_add(r0, r0, t, PZ);
    tz_add(r1, r1, h, PZ);
#ifdef FASTEC_DEBUG_INVARIANTS
    for (unsigned i = RZ; i < PZ; i++) /* the recoding's width holds rho */
        FASTEC_INVARIANT(r0[i] == (uint64_t)((int64_t)r0[RZ - 1] >> 63) && r1[i] == (uint64_t)((int64_t)r1[RZ - 1] >> 63));
#endif
#if GF_TNAF_W
    if (tn->w == GF_TNAF_W && tn->mu == GF_TNAF_MU) tnaf_digits(tn, dig, r0, r1, t, h, GF_TNAF_W, GF_TNAF_MU);
    else
#endif
        tnaf_digits(tn, dig, r0, r1, t, h, tn->w, tn->mu);
    ct_wipe(kk, sizeof kk);
    ct_wipe(q, sizeof q);
    ct_wipe(pr, sizeof pr);
    ct_wipe(r0, sizeof r0);
    ct_wipe(r1, sizeof r1);
    ct_wipe(t, sizeof t);
    ct_wipe(h, sizeof h);
}

/* the table alpha_j P, j < 2^(w-1), affine; P public (variable time). One
 * mixed addition per entry along the generated chain (an entry is a tau power
 * of P or an earlier entry, plus or minus a tau power of P), one batched
 * inversion for them all. */
GF_FN_NOINLINE int tnaf_table_scalar_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_aff *T, const aff_pt *P)
{
    aff_pt tp[16]; /* tau^b P */
    ld_pt lp[32];
    const unsigned ndig = 1u << (tn->w - 1), tmax = tn->tau_max < 15 ? tn->tau_max : 15;
    tp[0] = *P;
    for (unsigned b = 1; b <= tmax; b++) {
        fe_sqr(tp[b].x, tp[b - 1].x);
        fe_sqr(tp[b].y, tp[b - 1].y);
    }
    for (unsigned i = 0; i < ndig; i++) {
        const int8_t *ch = tn->chain[i];
        unsigned j = (unsigned)ch[0];
        ld_pt src;
        if (ch[1]) {
            src = lp[(unsigned)ch[2]];
        } else {
            fe_copy(src.X, tp[(unsigned)ch[2]].x);
            fe_copy(src.Y, tp[(unsigned)ch[2]].y);
            fe_one(src.Z);
        }
        if (ch[3] & 1) { /* -(X, Y, Z) = (X, Y + X Z, Z) */
            fe t;
            fe_mul(t, src.X, src.Z);
            fe_add(src.Y, src.Y, t);
        }
        if (ch[4] >= 0) {
            aff_pt q = tp[(unsigned)ch[4]];
            if (ch[3] & 2) fe_add(q.y, q.y, q.x);
            int inf = 0;
            ld_add_aff_vartime(K, &src, &inf, &q);
            FASTEC_INVARIANT(!inf); /* alpha P = O would need n | N(alpha), and N(alpha) is small */
        }
        lp[j] = src;
    }
    return ld_batch_lam_vartime(T, lp, ndig);
}

/* the tau-adic table, on registers where the field has them and a = 0 (the
 * same table; the scalar build decides the exceptional cases) */
GF_FN int tnaf_table_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_aff *T, const aff_pt *P)
{
#if EC2_ZTNAF
    const unsigned tmax = tn->tau_max < 15 ? tn->tau_max : 15;
    if (K->a_kind == 0 &&
        EC2_ZNAME(ec2_ztable_vartime_, EC2_SYM)((uint64_t *)T, (const int8_t(*)[5])tn->chain, 1u << (tn->w - 1), tmax, P->x,
                                                P->y))
        return 1;
#endif
    return tnaf_table_scalar_vartime(K, tn, T, P);
}

/* x(k P), 1 <= k < n, P of order n; returns all-ones if k P is infinity */
GF_FN_NOINLINE uint64_t ec2_tnaf_mul_x(const ec2_k *K, const ec2_tnaf *tn, fe xr, const uint64_t *k, unsigned nl,
                                       const aff_pt *P)
{
    lam_aff T[32], S;
    uint8_t dig[GF_M + 8];
    lam_pt acc, sum, dbl, start;
    fe A, B, zi;
    const unsigned ndig = 1u << (tn->w - 1);
    /* P (public) has odd order: the table cannot fail (tnaf_table_vartime) */
    if (!tnaf_table_vartime(K, tn, T, P)) {
        fe_zero(xr);
        return ~(uint64_t)0;
    }
    tnaf_recode(tn, dig, k, nl);
    int top = (int)tn->iters;
#if EC2_ZTNAF2
    {
        /* two chains (ec2_ztnaf2_): R = tau^(w kk) R_hi + R_lo, the digits
         * split at kk with w kk = GF_SQRK + ex, 0 <= ex < w: tau^GF_SQRK is
         * the inversion's map x -> x^(2^GF_SQRK) on each coordinate, then ex
         * squarings. The partial sums of either chain have norms of at most
         * about 2^(m/2 + 2w), far below n: no addition in them is
         * exceptional, and the one complete addition (lam_add_full) at the
         * end covers R_hi' = +-R_lo. */
        const int w = (int)tn->w, kk = (GF_SQRK + w - 1) / w, ex = w * kk - GF_SQRK;
        FASTEC_INVARIANT(kk >= 1 && kk <= top && w * (top - kk + 1) <= GF_M / 2 + 2 * w && w * kk <= GF_M / 2 + 2 * w);
        EC2_ZNAME(ec2_ztnaf2_, EC2_SYM)(start.X, start.L, start.Z, acc.X, acc.L, acc.Z, (const uint64_t *)T, ndig, dig,
                                        top, kk, w);
        fe_linmap(sum.X, GF_SQRK_MAP, start.X);
        fe_linmap(sum.L, GF_SQRK_MAP, start.L);
        fe_linmap(sum.Z, GF_SQRK_MAP, start.Z);
        fe_sqrn3(sum.X, sum.L, sum.Z, ex);
        lam_add_full(K, &acc, &sum, &acc);
        top = -1;
    }
#elif EC2_ZTNAF
    if ((int)tn->exc <= top) { /* the upper, unexceptional positions on registers */
        memset(&acc, 0, sizeof acc); /* set from the first digit's point (init) */
        EC2_ZNAME(ec2_ztnaf_, EC2_SYM)(acc.X, acc.L, acc.Z, (const uint64_t *)T, ndig, dig, top, (int)tn->exc, (int)tn->w, 1);
        top = (int)tn->exc - 1;
    }
#endif
    for (int i = top; i >= 0; i--) {
        uint64_t j = dig[i] & 0x7f, nm = ct_mask_bit(dig[i] >> 7);
        FASTEC_INVARIANT(j < ndig);
        ct_select_words((uint64_t *)&S, (const uint64_t *)T, ndig, 2 * GF_NW, 2 * GF_NW, j, 0);
        S.l[0] ^= nm & 1; /* -(x, lambda) = (x, lambda + 1) */
        fe_copy(start.X, S.x);
        fe_copy(start.L, S.l);
        fe_one(start.Z);
        if (i == (int)tn->iters) {
            acc = start;
            continue;
        }
        fe_sqrn3(acc.X, acc.L, acc.Z, (int)tn->w);
        if ((unsigned)i >= tn->exc) {
            /* acc = +-S or acc = O would need n | N(x) for a non-zero x of
             * smaller norm (tools/tnaf.py): not in the upper positions */
            lam_madd(&acc, &acc, &S, A, B);
            continue;
        }
        uint64_t acc_inf = fe_is_zero(acc.Z);
        lam_madd(&sum, &acc, &S, A, B);
        /* acc = +-S: the doubling, or infinity (Z = 0 from the addition) */
        lam_dbl_aff(K, &dbl, &S);
        lam_cmov(&sum, &dbl, fe_is_zero(A) & fe_is_zero(B));
        lam_cmov(&sum, &start, acc_inf);
        acc = sum;
    }
    uint64_t inf = fe_is_zero(acc.Z);
    fe_inv(zi, acc.Z);
    fe_mul(xr, acc.X, zi);
    ct_wipe(dig, sizeof dig);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&sum, sizeof sum);
    ct_wipe(&dbl, sizeof dbl);
    ct_wipe(&start, sizeof start);
    ct_wipe(&S, sizeof S);
    ct_wipe(zi, sizeof zi);
    ct_wipe(A, sizeof(fe));
    ct_wipe(B, sizeof(fe));
    return inf;
}

GF_FN int ec2_decode_xy(aff_pt *p, const uint8_t *xy)
{
    int okx = fe_from_bytes(p->x, xy);
    int oky = fe_from_bytes(p->y, xy + GF_BYTES);
    return okx && oky;
}

GF_FN int ec2_on_curve_vartime(const ec2_k *K, const aff_pt *p)
{
    fe l, r, t;
    fe_sqr(l, p->y);
    fe_mul(t, p->x, p->y);
    fe_add(l, l, t);                  /* y^2 + xy */
    fe_sqr(t, p->x);
    ec2_mul_a(K, r, t);
    fe_add(r, r, K->b);
    fe_mul(t, t, p->x);
    fe_add(r, r, t);                  /* x^3 + a x^2 + b */
    return fe_eq_vartime(l, r);
}

/* P (on the curve) is in the order-n subgroup. Cofactor 2: iff P is a double,
 * iff Tr(x) = Tr(a). Cofactor 4 (cyclic 2-part): P is a double and a half of P
 * is a double. A half H = (u, .) of P: lambda^2 + lambda = x + a,
 * u^2 = x (lambda + 1) + y (from x2P = l^2 + l + a, y2P = u^2 + (l + 1) x2P). */
GF_FN int ec2_in_subgroup_vartime(const ec2_params *cp, const ec2_k *K, const aff_pt *p, unsigned h)
{
    if ((unsigned)fe_trace(p->x) != cp->trace_a) return 0;
    if (h == 2) return 1;
    fe lam, u;
    fe_add(lam, p->x, K->a);
    fe_halftrace(lam, lam);
    lam[0] ^= 1;
    fe_mul(u, p->x, lam);
    fe_add(u, u, p->y);
    fe_sqrt(u, u);
    return (unsigned)fe_trace(u) == cp->trace_a;
}

/* ---- the ops table ---- */

GF_FN void ec2_point_in(aff_pt *p, const ec_point *q)
{
    memcpy(p->x, q->x, sizeof(fe));
    memcpy(p->y, q->y, sizeof(fe));
}

GF_FN void ec2_point_out(ec_point *q, const aff_pt *p)
{
    memset(q, 0, sizeof *q);
    memcpy(q->x, p->x, sizeof(fe));
    memcpy(q->y, p->y, sizeof(fe));
}

GF_OP uint64_t ec2_op_mul_x(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    ec2_k K;
    fe x, xr;
    ec2_load(&K, c->ec2);
    uint64_t inf;
    if (c->ec2->tnaf) {
        aff_pt P;
        ec2_point_in(&P, p);
        inf = ec2_tnaf_mul_x(&K, c->ec2->tnaf, xr, k->v, c->sc.nlimbs, &P);
    } else {
        memcpy(x, p->x, sizeof x);
#if EC2_ZLADDER
        inf = ec2_ladder_x_z(&K, xr, k->v, c->sc.nbits, x);
#else
        inf = ec2_ladder_x(&K, xr, k->v, c->sc.nbits, x);
#endif
    }
    fe_to_bytes(x_out, xr);
    ct_wipe(xr, sizeof xr);
    return inf;
}

/* the ladder on every curve: the reference the tests compare the tau-adic
 * multiplication with (ec_field_hooks) */
GF_OP uint64_t ec2_op_mul_x_ladder(const struct fastec_curve *c, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    ec2_k K;
    fe x, xr;
    ec2_load(&K, c->ec2);
    memcpy(x, p->x, sizeof x);
    uint64_t inf = ec2_ladder_x(&K, xr, k->v, c->sc.nbits, x);
    fe_to_bytes(x_out, xr);
    ct_wipe(xr, sizeof xr);
    return inf;
}

GF_OP uint64_t ec2_op_mul_base(const struct fastec_curve *c, ec_point *r, const sc_t *k)
{
    ec2_k K;
    aff_pt R;
    ec2_load(&K, c->ec2);
    uint64_t inf = ec2_mul_base_ct(c->ec2, &K, &R, k->v);
    ec2_point_out(r, &R);
    ct_wipe(&R, sizeof R);
    return inf;
}

GF_OP void ec2_op_point_to_xy(const struct fastec_curve *c, uint8_t *xy, const ec_point *p)
{
    fe t;
    (void)c;
    memcpy(t, p->x, sizeof t);
    fe_to_bytes(xy, t);
    memcpy(t, p->y, sizeof t);
    fe_to_bytes(xy + GF_BYTES, t);
    ct_wipe(t, sizeof t);
}

/* on the curve and in the subgroup (coordinates already in range) */
GF_FN int ec2_check_vartime(const struct fastec_curve *c, const ec2_k *K, const aff_pt *P)
{
    if (!ec2_on_curve_vartime(K, P)) return RC_NOT_ON_CURVE;
    if (!ec2_in_subgroup_vartime(c->ec2, K, P, c->cofactor)) return RC_SUBGROUP;
    return RC_OK;
}

GF_OP int ec2_op_point_from_xy_vartime(const struct fastec_curve *c, ec_point *p, const uint8_t *xy)
{
    ec2_k K;
    aff_pt P;
    ec2_load(&K, c->ec2);
    if (!ec2_decode_xy(&P, xy)) return RC_COORD;
    int rc = ec2_check_vartime(c, &K, &P);
    if (rc) return rc;
    ec2_point_out(p, &P);
    return RC_OK;
}

GF_OP int ec2_op_point_from_x_vartime(const struct fastec_curve *c, ec_point *p, const uint8_t *x, int ybit)
{
    ec2_k K;
    aff_pt P;
    ec2_load(&K, c->ec2);
    if (!fe_from_bytes(P.x, x)) return RC_COORD;
    if (fe_is_zero_vartime(P.x)) {
        if (ybit) return RC_ENCODING;
        fe_sqrn(P.y, K.b, GF_M - 1); /* y = sqrt(b) */
    } else {
        fe beta, t, z;
        fe_sqr(t, P.x);
        fe_inv(t, t);
        ec2_mul_b(&K, beta, t);
        fe_add(beta, beta, P.x);
        fe_add(beta, beta, K.a);      /* beta = x + a + b / x^2 */
        if (fe_trace(beta)) return RC_NOT_ON_CURVE;
        fe_halftrace(z, beta);        /* z^2 + z = beta */
        if ((int)(z[0] & 1) != ybit) z[0] ^= 1;
        fe_mul(P.y, P.x, z);
    }
    int rc = ec2_check_vartime(c, &K, &P);
    if (rc) return rc;
    ec2_point_out(p, &P);
    return RC_OK;
}

GF_OP int ec2_op_point_ybit_vartime(const struct fastec_curve *c, const ec_point *p)
{
    aff_pt P;
    fe t;
    (void)c;
    ec2_point_in(&P, p);
    if (fe_is_zero_vartime(P.x)) return 0;
    fe_inv(t, P.x);
    fe_mul(t, t, P.y);
    return (int)(t[0] & 1);
}

/* x(R) mod n == r without inverting Z: x(R) = X/Z is the bit string of some
 * c = r + j n < 2^m, so test c Z == X for each such c. */
GF_FN int ec2_x_matches_vartime(const struct fastec_curve *c, const lam_pt *R, const sc_t *r)
{
    uint64_t cand[GF_NW + 1];
    unsigned nl = c->sc.nlimbs;
    memset(cand, 0, sizeof cand);
    memcpy(cand, r->v, nl * sizeof(uint64_t));
    for (;;) {
        /* cand < 2^m ? */
        int fits = cand[GF_NW] == 0 && (cand[GF_NW - 1] >> (GF_TOPBITS % 64)) == 0;
        if (!fits) return 0;
        fe cf, t;
        memcpy(cf, cand, sizeof cf);
        fe_mul(t, cf, R->Z);
        if (fe_eq_vartime(t, R->X)) return 1;
        sc_add_n_vartime(&c->sc, cand, GF_NW + 1);
    }
}

/* the width of u2's NAF in verification on the random curves */
enum { EC2_QNAF_W = 5, EC2_QNAF_PRE = 1 << (EC2_QNAF_W - 2) };

/* pre[j] = (2j + 1) Q, lambda-affine (one batched inversion), for a
 * width-EC2_QNAF_W NAF */
GF_FN int ec2_qnaf_table_vartime(const ec2_k *K, lam_aff pre[EC2_QNAF_PRE], const aff_pt *Q)
{
    ld_pt lp[EC2_QNAF_PRE], d2;
    aff_pt q2;
    ld_dbl_aff(K, &d2, Q);
    if (fe_is_zero_vartime(d2.Z)) return RC_SUBGROUP; /* 2Q = O: order 2 */
    ld_to_aff(&q2, &d2);
    fe_copy(lp[0].X, Q->x);
    fe_copy(lp[0].Y, Q->y);
    fe_one(lp[0].Z);
    int pinf = 0;
    for (int i = 1; i < EC2_QNAF_PRE; i++) {
        lp[i] = lp[i - 1];
        ld_add_aff_vartime(K, &lp[i], &pinf, &q2);
        if (pinf) return RC_SUBGROUP; /* cannot happen for a point of large order */
    }
    if (!ld_batch_lam_vartime(pre, lp, EC2_QNAF_PRE)) return RC_SUBGROUP; /* x = 0: order 2 */
    return RC_OK;
}

/* acc = u2 Q on a Koblitz curve by the tau-adic recoding ECDH uses (regular,
 * so no sparser for being public, but every doubling becomes Frobenius
 * maps: w squarings of X, Y and Z per digit), over alpha_j Q (affine, one
 * batched inversion), the additions by branches; u2 < n, Q of order n (the
 * decoder checked the subgroup) */
GF_FN int ec2_uq_tnaf_vartime(const ec2_k *K, const ec2_tnaf *tn, lam_pt *acc, int *inf, const aff_pt *Q,
                              const sc_t *u2, unsigned nl)
{
    lam_aff T[32];
    uint8_t dig[GF_M + 8];
    if (!tnaf_table_vartime(K, tn, T, Q)) return RC_SUBGROUP;
    tnaf_recode(tn, dig, u2->v, nl);
    for (int i = (int)tn->iters; i >= 0; i--) {
        if (!*inf) {
            fe_sqrn3(acc->X, acc->L, acc->Z, (int)tn->w);
        }
        const lam_aff *t = &T[dig[i] & 0x7f];
        lam_add_entry_vartime(K, acc, inf, t->x, t->l, dig[i] & 0x80);
    }
    return RC_OK;
}

GF_OP int ec2_op_verify_vartime(const struct fastec_curve *c, const ec_point *q, const sc_t *u1, const sc_t *u2,
                                 const sc_t *r)
{
    const ec2_params *cp = c->ec2;
    ec2_k K;
    aff_pt Q;
    ec2_load(&K, cp);
    ec2_point_in(&Q, q);
    lam_pt acc;
    int inf = 1;
    if (cp->gnaf) { /* random curves: u1 G + u2 Q in one chain of doublings */
        /* A general a costs a product in every doubling. For odd m and Tr(a)
         * = 1 (cofactor 2) the curve is isomorphic to the one with a = 1 by
         * (x, y) -> (x, y + s x), s^2 + s = a + 1: x stays (so does the
         * comparison with r) and lambda = x + y/x becomes lambda + s. */
        fe iso_s;
        const int iso = K.a_kind == 2;
        if (iso) {
            fe t;
            FASTEC_INVARIANT(GF_M % 2 == 1 && cp->trace_a == 1);
            fe_one(t);
            fe_add(t, t, K.a);
            fe_halftrace(iso_s, t); /* Tr(a + 1) = 0: s^2 + s = a + 1 */
            fe_mul(t, iso_s, Q.x);
            fe_add(Q.y, Q.y, t);
            fe_one(K.a);
            K.a_kind = 1;
        }
        lam_aff pre[EC2_QNAF_PRE];
        int rc = ec2_qnaf_table_vartime(&K, pre, &Q);
        if (rc != RC_OK) return rc;
        int8_t n1[SC_MAX_LIMBS * 64 + 2], n2[SC_MAX_LIMBS * 64 + 2];
        int l1 = sc_wnaf_vartime(n1, u1->v, (int)c->sc.nlimbs, EC2_GNAF_W);
        int l2 = sc_wnaf_vartime(n2, u2->v, (int)c->sc.nlimbs, EC2_QNAF_W);
        for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
#if EC2_ZVERIFY
            if (!inf && K.a_kind == 1) {
                /* the doublings of positions i down to the next one with a
                 * digit (j), in one run on registers; then j's digits */
                int j = i;
                while (j >= 0 && !(j < l2 && n2[j]) && !(j < l1 && n1[j])) j--;
                EC2_ZNAME(ec2_zlam_dbln_, EC2_SYM)(acc.X, acc.L, acc.Z, j >= 0 ? i - j + 1 : i + 1);
                if (j < 0) break;
                i = j;
            } else if (!inf)
                lam_dbl(&K, &acc, &acc);
#else
            if (!inf) lam_dbl(&K, &acc, &acc);
#endif
            int dg = i < l2 ? n2[i] : 0; /* odd digits: entry |dg| / 2 */
            if (dg) {
                const lam_aff *t = &pre[(dg > 0 ? dg : -dg) / 2];
                lam_add_entry_vartime(&K, &acc, &inf, t->x, t->l, dg < 0);
            }
            dg = i < l1 ? n1[i] : 0;
            if (dg) {
                const uint64_t *e = cp->gnaf + (size_t)((dg > 0 ? dg : -dg) / 2) * 2 * GF_NW;
                fe l;
                fe_copy(l, e + GF_NW);
                if (iso) fe_add(l, l, iso_s);
                lam_add_entry_vartime(&K, &acc, &inf, e, l, dg < 0);
            }
        }
        if (inf) return RC_SIG_INVALID;
        return ec2_x_matches_vartime(c, &acc, r) ? RC_OK : RC_SIG_INVALID;
    }
    /* Koblitz curves: u2 Q tau-adic (no doublings to share), then u1 G */
    FASTEC_INVARIANT(cp->tnaf != NULL);
    int rc = ec2_uq_tnaf_vartime(&K, cp->tnaf, &acc, &inf, &Q, u2, c->sc.nlimbs);
    if (rc != RC_OK) return rc;
    /* + u1 G from the fixed-base table */
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    sc_recode(d, u1->v, cp->base_pos, cp->base_w);
    for (unsigned i = 0; i < cp->base_pos; i++) {
        int dg = d[i];
        if (!dg) continue;
        const uint64_t *e = ec2_table_row(cp, i) + (size_t)((dg > 0 ? dg : -dg) - 1) * 2 * GF_NW;
        lam_add_entry_vartime(&K, &acc, &inf, e, e + GF_NW, dg < 0);
    }
    if (inf) return RC_SIG_INVALID;
    return ec2_x_matches_vartime(c, &acc, r) ? RC_OK : RC_SIG_INVALID;
}

/* ---- field hooks (tests) ---- */

/* x(p + q) by lam_add_full (the two chains' final addition), p with
 * Z = x_p + 1 and q with Z = 1: no scalar reaches its doubling branch, so
 * the tests call it on p = q and p = -q here. All-ones if p + q is
 * infinity. */
GF_OP uint64_t ec2_op_lam_add_x(const struct fastec_curve *c, uint8_t *x_out, const ec_point *p, const ec_point *q)
{
    ec2_k K;
    lam_pt a, b;
    fe zi, t;
    ec2_load(&K, c->ec2);
    /* lambda = x + y / x */
    fe_inv(zi, p->x);
    fe_mul(t, p->y, zi);
    fe_add(t, t, p->x);
    fe_one(a.Z);
    fe_add(a.Z, a.Z, p->x);
    fe_mul(a.X, p->x, a.Z);
    fe_mul(a.L, t, a.Z);
    fe_inv(zi, q->x);
    fe_mul(t, q->y, zi);
    fe_add(b.L, t, q->x);
    fe_copy(b.X, q->x);
    fe_one(b.Z);
    lam_add_full(&K, &a, &a, &b);
    uint64_t inf = fe_is_zero(a.Z);
    fe_inv(zi, a.Z);
    fe_mul(t, a.X, zi);
    fe_to_bytes(x_out, t);
    return inf;
}

GF_OP void ec2_fe_mul(uint64_t *r, const uint64_t *a, const uint64_t *b) { fe_mul(r, a, b); }
GF_OP void ec2_fe_mul_tp(uint64_t *r, const uint64_t *a, const uint64_t *b) { fe_mul_tp(r, a, b); }
GF_OP void ec2_fe_sqr(uint64_t *r, const uint64_t *a) { fe_sqr(r, a); }
GF_OP void ec2_fe_inv(uint64_t *r, const uint64_t *a) { fe_inv(r, a); }
GF_OP void ec2_fe_sqrt(uint64_t *r, const uint64_t *a) { fe_sqrt(r, a); }
GF_OP void ec2_fe_halftrace(uint64_t *r, const uint64_t *a) { fe_halftrace(r, a); }
GF_OP int ec2_fe_trace(const uint64_t *a) { return fe_trace(a); }
