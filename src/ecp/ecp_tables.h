/* SPDX-License-Identifier: Apache-2.0 */
/* The curve's tables of G, computed on its first use (src/curves/curves.h).
 * Part of the prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_TABLES_H
#define FASTEC_ECP_TABLES_H

/* o = P + Q for public points, neither the identity, P != -Q: a doubling
 * when P = Q */
static __attribute__((cold)) void pt_add_vartime(pp *o, const pp *P, const pp *Q)
{
    pp S;
    fp H, R;
    pt_add_core(&S, H, R, P, Q);
    if (fp_is_zero(H) && fp_is_zero(R)) pt_dbl(o, P);
    else *o = S;
}

/* out = the n <= 16 points start + j step, j < n, affine in canonical field
 * form (x then y, FP_NL words each), by Jacobian additions and one batched
 * inversion; *last = the last point. Public data: multiples of G, none the
 * identity. */
static __attribute__((cold)) void ecp_row_vartime(uint64_t *out, pp *last, const pp *start, const pp *step, int n)
{
    pp tab[16];
    uint64_t xy[16][2 * FP_NL], w[FP_NL];
    tab[0] = *start;
    for (int j = 1; j < n; j++) pt_add_vartime(&tab[j], &tab[j - 1], step);
    pt_batch_affine_vartime(xy, tab, n);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < 2; k++) {
            fp_to_words(w, xy[j] + k * FP_NL);
            fp_from_words(out + (size_t)(2 * j + k) * FP_NL, w);
        }
    *last = tab[n - 1];
}

/* The fixed-base table row by row: row i is B, 2B, ..., 2^(w-1) B for
 * B = 2^(w i) G, in runs of 16, and the next B is twice the row's last
 * point. The verification table: G, 3G, 5G, ... in runs of 16. */
static __attribute__((cold)) void ecp_op_tables_vartime(const struct fastec_curve *cv, uint64_t *base, uint64_t *gnaf)
{
    const ecp_params *e = cv->ecp;
    const int ne = 1 << (e->base_w - 1);
    pp G, B, G2, last;
    fp_from_words(G.X, e->gx);
    fp_from_words(G.Y, e->gy);
    fp_copy(G.Z, fp_one);
    B = G;
    for (unsigned i = 0; i < e->base_pos; i++) {
        uint64_t *row = base + (size_t)i * (size_t)ne * 2 * FP_NL;
        pp start = B;
        for (int h = 0; h < ne; h += 16) {
            ecp_row_vartime(row + (size_t)h * 2 * FP_NL, &last, &start, &B, ne - h < 16 ? ne - h : 16);
            pt_add_vartime(&start, &last, &B);
        }
        pt_dbl(&B, &last);
    }
    pt_dbl(&G2, &G);
    B = G;
    for (int h = 0; h < (1 << (ECP_GNAF_W - 2)); h += 16) {
        ecp_row_vartime(gnaf + (size_t)h * 2 * FP_NL, &last, &B, &G2, 16);
        pt_add_vartime(&B, &last, &G2);
    }
}

#endif
