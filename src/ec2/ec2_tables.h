/* SPDX-License-Identifier: Apache-2.0 */
/* The curve's tables of G, computed on its first use (src/curves/curves.h).
 * Part of the binary-curve implementation (ec2_impl.h). */
#ifndef FASTEC_EC2_TABLES_H
#define FASTEC_EC2_TABLES_H

/* out = the n <= 32 lambda-affine points start + j step, j < n (x then
 * lambda, GF_NW words each), by López–Dahab additions and one batched
 * inversion; *last = the last point, López–Dahab. Public data: multiples of
 * G, none the identity or of order 2, so both steps succeed. */
GF_FN_COLD void ec2_lam_row_vartime(const ec2_k *K, uint64_t *out, ld_pt *last, const aff_pt *start, const aff_pt *step,
                               unsigned n)
{
    ld_pt lp[32];
    lam_aff T[32];
    int ok = ld_progression_vartime(K, lp, start, step, n) && ld_batch_lam_vartime(T, lp, n);
    FASTEC_INVARIANT(ok);
    (void)ok;
    for (unsigned j = 0; j < n; j++) {
        memcpy(out + (size_t)2 * j * GF_NW, T[j].x, sizeof(fe));
        memcpy(out + (size_t)(2 * j + 1) * GF_NW, T[j].l, sizeof(fe));
    }
    *last = lp[n - 1];
}

/* The fixed-base table row by row: row i is B, 2B, ..., 2^(w-1) B for
 * B = 2^(w i) G, and the next B is twice the row's last point. The
 * verification table: G, 3G, 5G, ... in rows of 32. Reduced elements are
 * canonical, so every backend writes the same words. */
GF_OP_COLD void ec2_op_tables_vartime(const struct fastec_curve *c, uint64_t *base, uint64_t *gnaf)
{
    const ec2_params *cp = c->ec2;
    const unsigned ne = 1u << (cp->base_w - 1);
    ec2_k K;
    aff_pt G, B, G2;
    ld_pt last, d;
    fe_maps_ready(); /* before the first inversion */
    ec2_load(&K, cp);
    memcpy(G.x, cp->gx, sizeof(fe));
    memcpy(G.y, cp->gy, sizeof(fe));
    B = G;
    for (unsigned i = 0; i < cp->base_pos; i++) {
        ec2_lam_row_vartime(&K, base + (size_t)i * ne * 2 * GF_NW, &last, &B, &B, ne);
        ld_dbl(&K, &d, &last);
        ld_to_aff(&B, &d);
    }
    if (!gnaf) return;
    ld_dbl_aff(&K, &d, &G);
    ld_to_aff(&G2, &d);
    B = G;
    for (unsigned h = 0; h < (1u << (EC2_GNAF_W - 2)); h += 32) {
        unsigned n = (1u << (EC2_GNAF_W - 2)) - h;
        int inf = 0;
        if (n > 32) n = 32;
        ec2_lam_row_vartime(&K, gnaf + (size_t)h * 2 * GF_NW, &last, &B, &G2, n);
        ld_add_aff_vartime(&K, &last, &inf, &G2);
        ld_to_aff(&B, &last);
    }
}

#endif
