/* SPDX-License-Identifier: Apache-2.0 */
/* Conversions to and from affine form, the batched conversion of a table, and
 * the constant-time scan of a table row. Part of the prime-curve implementation
 * (ecp_impl.h). */
#ifndef FASTEC_ECP_AFFINE_H
#define FASTEC_ECP_AFFINE_H

/* affine x = X / Z^2 of P (Z != 0) in field form, constant-time, with
 * zi = Z^-1 and zi2 = Z^-2 left for y */
static void pt_affine_x(uint64_t *x, uint64_t *zi, uint64_t *zi2, const pp *P)
{
    fp_inv_ct(zi, P->Z);
    SQR(zi2, zi);
    MUL(x, P->X, zi2);
}

/* affine x, y of P (Z != 0) in field form, constant-time */
static void pt_to_affine(uint64_t *x, uint64_t *y, const pp *P)
{
    fp zi, zi2;
    pt_affine_x(x, zi, zi2, P);
    MUL(zi2, zi2, zi);
    MUL(y, P->Y, zi2);
    ct_wipe(zi, sizeof zi);
    ct_wipe(zi2, sizeof zi2);
}

static void pt_from_point(pp *P, const ec_point *q)
{
    memcpy(P->X, q->x, sizeof P->X);
    memcpy(P->Y, q->y, sizeof P->Y);
    fp_copy(P->Z, fp_one);
}

/* xy[j] = the affine x || y of the n public points tab (none the identity,
 * n <= 16): Montgomery's batch trick, one variable-time inversion */
static void pt_batch_affine_vartime(uint64_t (*xy)[2 * FP_NL], const pp *tab, int n)
{
    fp c[16], inv, zi, t;
    fp_copy(c[0], tab[0].Z);
    for (int j = 1; j < n; j++) MUL(c[j], c[j - 1], tab[j].Z);
    fp_inv_vartime(inv, c[n - 1]);
    for (int j = n - 1; j >= 0; j--) {
        if (j) {
            MUL(zi, inv, c[j - 1]);
            MUL(inv, inv, tab[j].Z);
        } else {
            fp_copy(zi, inv);
        }
        SQR(t, zi);
        MUL(xy[j], tab[j].X, t);
        MUL(t, t, zi);
        MUL(xy[j] + FP_NL, tab[j].Y, t);
    }
}

/* xy = the affine x || y of digit d's entry (constant-time) in the row of
 * affine points |d| P, 1 <= |d| <= ne, of the table scans below: the whole
 * row read, y negated by mask for d < 0, and (0, 0) for d = 0. Returns the
 * mask of d = 0, which the additions take as "add the identity". */
FP_INLINE uint64_t pt_select_entry(uint64_t *xy, const uint64_t *row, unsigned ne, int8_t d)
{
    uint64_t neg, mag;
    sc_digit_split(d, &neg, &mag);
    ECP_SELECT(xy, row, ne, 2 * FP_NL, 2 * FP_NL, mag, 1);
    fp_cneg(xy + FP_NL, xy + FP_NL, neg);
    return ct_is_zero(mag);
}


/* o = digit d's entry as above, with Z = 0 (the identity) for d = 0. It
 * starts an accumulator, instead of adding the entry to the identity. */
static void pt_start_entry(pp *o, const uint64_t *row, unsigned ne, int8_t d)
{
    uint64_t xy[2 * FP_NL];
    const uint64_t nz = ~pt_select_entry(xy, row, ne, d);
    fp_copy(o->X, xy);
    fp_copy(o->Y, xy + FP_NL);
    for (int j = 0; j < FP_NL; j++) o->Z[j] = fp_one[j] & nz;
    ct_wipe(xy, sizeof xy);
}

#endif
