/* SPDX-License-Identifier: Apache-2.0 */
/* The constant-time scalar multiplications: k P (ECDH) and k G (the generated
 * fixed-base table). Part of the prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_MUL_H
#define FASTEC_ECP_MUL_H

/* k P, 1 <= k < n, P affine (Z = 1), not the identity. The table 1..8 P
 * depends on the public P only: it is brought to affine form with one
 * variable-time inversion (Montgomery's batch trick), so every step but the
 * last is a mixed addition; the secret digit only picks the entry (whole
 * table scanned) and its sign. The accumulator starts as the top digit's
 * entry (the identity for a zero digit), not as the identity doubled four
 * times, and the carry digit is kept only where it can be nonzero: a top
 * chunk of r = bitlen(n) - 4 (pos - 1) bits is below 2^r, plus a carry in of
 * at most 1, so it carries out (reaches 8) only for r >= 3. */
static void pt_mul_ct(const struct fastec_curve *cv, pp *R, const uint64_t *k, const pp *P)
{
    pp tab[8], acc, T;
    fp H, Rr;
    uint64_t axy[8][2 * FP_NL], xy[2 * FP_NL];
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    const unsigned nb = cv->sc.nbits, top_bits = nb - 4 * ((nb + 3) / 4 - 1);
    const unsigned pos = (nb + 3) / 4 + (top_bits >= 3);
    tab[0] = *P;
    pt_dbl(&tab[1], P);
    for (int j = 2; j < 8; j++) pt_madd_core(&tab[j], H, Rr, &tab[j - 1], P->X, P->Y); /* j P != +-P */
    pt_batch_affine_vartime(axy, tab, 8);
    sc_recode4(d, k, pos);
    pt_start_entry(&acc, axy[0], 8, d[pos - 1]);
    pt_mul_windows_ct(&acc, axy, d, (int)pos - 2);
    /* the last step may meet acc = T: the addition with the doubling */
    for (int s = 0; s < 4; s++) pt_dbl(&acc, &acc);
    const uint64_t zero = pt_select_entry(xy, axy[0], 8, d[0]);
    fp_copy(T.X, xy);
    fp_copy(T.Y, xy + FP_NL);
    fp_copy(T.Z, fp_one);
    pt_add_ct(&acc, &acc, &T, zero, 1);
    *R = acc;
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&T, sizeof T);
    ct_wipe(xy, sizeof xy);
    ct_wipe(d, sizeof d);
}

/* k G from the fixed-base table, 0 <= k < n */
static void pt_mul_base_ct(const struct fastec_curve *cv, pp *R, const uint64_t *k)
{
    const ecp_params *e = cv->ecp;
    pp acc, Q, S;
    fp H, Rr;
    uint64_t xy[2 * FP_NL];
    int8_t d[SC_MAX_LIMBS * 32 + 2];
    const unsigned w = e->base_w, ne = 1u << (w - 1);
    sc_recode(d, k, e->base_pos, w);
    pt_start_entry(&acc, e->base, ne, d[0]);
    /* acc is the identity exactly while every digit so far was 0 (|acc| <
     * 2^(w i - 1) < n, and a nonzero signed-digit prefix is not 0), up to
     * the first pt_add_ct position, after which only pt_add_ct runs */
    uint64_t pinf = fp_is_zero(acc.Z);
    for (unsigned i = 1; i < e->base_pos; i++) {
        const uint64_t *row = e->base + (size_t)i * ne * 2 * FP_NL;
        const uint64_t zero = pt_select_entry(xy, row, ne, d[i]);
        if (w * i + w + 1 > cv->sc.nbits) { /* acc = +-entry possible (public position) */
            fp_copy(Q.X, xy);
            fp_copy(Q.Y, xy + FP_NL);
            fp_copy(Q.Z, fp_one);
            pt_add_ct(&acc, &acc, &Q, zero, 1);
        } else {
            pt_madd_ct(&acc, &S, H, Rr, xy, xy + FP_NL, &pinf, zero);
        }
    }
    *R = acc;
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&Q, sizeof Q);
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(Rr, sizeof Rr);
    ct_wipe(&pinf, sizeof pinf);
    ct_wipe(xy, sizeof xy);
    ct_wipe(d, sizeof d);
}

#endif
