/* SPDX-License-Identifier: Apache-2.0 */
/* The operations of a curve's ops table: multiplications, encodings, decodings
 * with their checks, and verification. Part of the prime-curve implementation
 * (ecp_impl.h). */
#ifndef FASTEC_ECP_OPS_H
#define FASTEC_ECP_OPS_H

/* whether R (derived from a secret) is the identity, as a mask; R wiped */
static uint64_t pt_output_x(uint8_t *x_out, pp *R)
{
    fp x, zi, zi2;
    uint64_t inf = fp_is_zero(R->Z);
    pt_affine_x(x, zi, zi2, R); /* y is not needed */
    fp_to_bytes(x_out, x);
    ct_wipe(R, sizeof *R);
    ct_wipe(x, sizeof x);
    ct_wipe(zi, sizeof zi);
    ct_wipe(zi2, sizeof zi2);
    return inf;
}

static uint64_t ecp_op_mul_x(const struct fastec_curve *cv, uint8_t *x_out, const sc_t *k, const ec_point *p)
{
    pp P, R;
    pt_from_point(&P, p);
    pt_mul_ct(cv, &R, k->v, &P);
    return pt_output_x(x_out, &R);
}

static uint64_t ecp_op_mul_base(const struct fastec_curve *cv, ec_point *r, const sc_t *k)
{
    pp R;
    pt_mul_base_ct(cv, &R, k->v);
    uint64_t inf = fp_is_zero(R.Z);
    memset(r, 0, sizeof *r);
    pt_to_affine(r->x, r->y, &R);
    ct_wipe(&R, sizeof R);
    return inf;
}

static void ecp_op_point_to_xy(const struct fastec_curve *cv, uint8_t *xy, const ec_point *p)
{
    (void)cv;
    fp_to_bytes(xy, p->x);
    fp_to_bytes(xy + FP_BYTES, p->y);
}

/* x^3 - 3x + b */
static void rhs(const ecp_params *e, uint64_t *r, const uint64_t *x)
{
    fp t, three;
    SQR(t, x);
    MUL(t, t, x);
    ADD(three, x, x);
    ADD(three, three, x);
    SUB(t, t, three);
    ADD(r, t, e->b);
}

/* cofactor 1: a point on the curve other than the identity has order n */
static int ecp_op_point_from_xy_vartime(const struct fastec_curve *cv, ec_point *p, const uint8_t *xy)
{
    fp x, y, l, r;
    if (!fp_from_bytes_vartime(x, xy) || !fp_from_bytes_vartime(y, xy + FP_BYTES)) return RC_COORD;
    SQR(l, y);
    rhs(cv->ecp, r, x);
    if (!fp_eq(l, r)) return RC_NOT_ON_CURVE;
    memset(p, 0, sizeof *p);
    fp_copy(p->x, x);
    fp_copy(p->y, y);
    return RC_OK;
}

static int ecp_op_point_from_x_vartime(const struct fastec_curve *cv, ec_point *p, const uint8_t *xb, int ybit)
{
    fp x, r2, y;
    uint64_t yw[FP_NL];
    if (!fp_from_bytes_vartime(x, xb)) return RC_COORD;
    rhs(cv->ecp, r2, x);
    if (!fp_sqrt_vartime(y, r2)) return RC_NOT_ON_CURVE;
    fp_to_words(yw, y);
    if ((int)(yw[0] & 1) != ybit) fp_neg(y, y);
    memset(p, 0, sizeof *p);
    fp_copy(p->x, x);
    fp_copy(p->y, y);
    return RC_OK;
}

static int ecp_op_point_ybit_vartime(const struct fastec_curve *cv, const ec_point *p)
{
    uint64_t yw[FP_NL];
    (void)cv;
    fp_to_words(yw, p->y);
    return (int)(yw[0] & 1);
}


static int ecp_op_verify_vartime(const struct fastec_curve *cv, const ec_point *q, const sc_t *u1, const sc_t *u2,
                                 const sc_t *r)
{
    const ecp_params *e = cv->ecp;
    pp Q, Q2, acc;
    pp tab[1 << (ECP_WNAF_W - 2)];
    fp H, R;
    uint64_t qxy[1 << (ECP_WNAF_W - 2)][2 * FP_NL];
    pt_from_point(&Q, q);
    /* 1, 3, ..., 15 Q: (2j + 1) Q != +-2Q for a point of large order */
    tab[0] = Q;
    pt_dbl(&Q2, &Q);
    for (int j = 1; j < (1 << (ECP_WNAF_W - 2)); j++) pt_add_core(&tab[j], H, R, &tab[j - 1], &Q2);
    pt_batch_affine_vartime(qxy, tab, 1 << (ECP_WNAF_W - 2)); /* mixed additions below */
    /* u1 G + u2 Q in one chain of doublings: width-5 NAF of u2 over the table
     * above, width-ECP_GNAF_W NAF of u1 over the table of G */
    int8_t naf2[SC_MAX_LIMBS * 64 + 2], naf1[SC_MAX_LIMBS * 64 + 2];
    int len2 = sc_wnaf_vartime(naf2, u2->v, (int)cv->sc.nlimbs, ECP_WNAF_W);
    int len1 = sc_wnaf_vartime(naf1, u1->v, (int)cv->sc.nlimbs, ECP_GNAF_W);
    pt_dmul_vartime(&acc, naf1, len1, naf2, len2, (const uint64_t(*)[2 * FP_NL])qxy, e->gnaf);
    if (fp_is_zero(acc.Z)) return RC_SIG_INVALID;
    /* x = X / Z^2: candidates r, r + n, ... below p, compared as c Z^2 == X */
    fp z2, cand, cm, t;
    SQR(z2, acc.Z);
    memset(cand, 0, sizeof cand);
    if (cv->sc.nlimbs > FP_NL) return RC_SIG_INVALID;
    memcpy(cand, r->v, cv->sc.nlimbs * 8);
    for (;;) {
        if (!fp_lt_p_vartime(cand)) return RC_SIG_INVALID;
        fp_from_words(cm, cand);
        MUL(t, cm, z2);
        if (fp_eq(t, acc.X)) return RC_OK;
        if (sc_add_n_vartime(&cv->sc, cand, FP_NL)) return RC_SIG_INVALID;
    }
}

#endif
