/* SPDX-License-Identifier: Apache-2.0 */
/* Lambda coordinates: mixed addition, doubling, full addition, batched
 * conversion to lambda-affine, and the fixed-base table's rows. Part of the binary-curve
 * implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_LAMBDA_H
#define FASTEC_EC2_LAMBDA_H

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

/* r = p + q, q lambda-affine, p not infinity: EC2_LAM_MADD, 8M + 2S
 * whatever a and b. As ld_madd, returns A and B: B = 0 iff x(p) = x(q); then
 * A = 0 iff p = q, and Z3 = 0 iff p = -q. r may alias p. lam_madd_tp: the
 * same with the fixed-base comb's product fe_mul_tp (src/gf2m/gf2m_ops.h). */
GF_FN void lam_madd(lam_pt *r, const lam_pt *p, const lam_aff *q, fe A, fe B)
{
    EC2_LAM_MADD(EC2FE, r->X, r->L, r->Z, A, B, p->X, p->L, p->Z, q->x, q->l);
}

GF_FN void lam_madd_tp(lam_pt *r, const lam_pt *p, const lam_aff *q, fe A, fe B)
{
    EC2_LAM_MADD(EC2FETP, r->X, r->L, r->Z, A, B, p->X, p->L, p->Z, q->x, q->l);
}

/* r = 2 q for q lambda-affine: EC2_LAM_DBL_AFF, 1M + 3S */
GF_FN void lam_dbl_aff(const ec2_k *K, lam_pt *r, const lam_aff *q)
{
    EC2_LAM_DBL_AFF(EC2FE, r->X, r->L, r->Z, q->x, q->l, K->a);
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

/* r = 2 p in lambda coordinates: EC2_LAM_DBL, 4M + 4S (+1M general a).
 * r may alias p. */
GF_FN void lam_dbl(const ec2_k *K, lam_pt *r, const lam_pt *p)
{
#define EC2_LAM_DBL_A(r, t) ec2_mul_a(K, r, t)
    EC2_LAM_DBL(EC2FE, EC2_LAM_DBL_A, r->X, r->L, r->Z, p->X, p->L, p->Z);
#undef EC2_LAM_DBL_A
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
    if (n == 0) return 0;
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

#endif
