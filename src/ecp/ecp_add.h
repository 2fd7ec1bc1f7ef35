/* SPDX-License-Identifier: Apache-2.0 */
/* The constant-time additions: the special cases (the identity, P = Q) as
 * masks. Part of the prime-curve implementation (ecp_impl.h). */
#ifndef FASTEC_ECP_ADD_H
#define FASTEC_ECP_ADD_H

/* Constant-time o = P + Q where P or Q (qinf, a mask) may be the identity;
 * with_dbl (public) also covers P = Q, by a doubling selected by mask. */
static void pt_add_ct(pp *o, const pp *P, const pp *Q, uint64_t qinf, int with_dbl)
{
    pp S, D;
    fp H, R;
    uint64_t pinf = fp_is_zero(P->Z);
    pt_add_core(&S, H, R, P, Q);
    if (with_dbl) {
        pt_dbl(&D, P);
        pt_cmov(&S, &D, fp_is_zero(H) & fp_is_zero(R) & ~pinf & ~qinf);
        ct_wipe(&D, sizeof D);
    }
    pt_cmov(&S, Q, pinf);
    pt_cmov(&S, P, qinf);
    *o = S;
    ct_wipe(&S, sizeof S);
    ct_wipe(H, sizeof H);
    ct_wipe(R, sizeof R);
}

/* The constant-time loops' step acc += (x2, y2), in place, where acc =
 * +-(x2, y2) cannot occur (the callers exclude it), with the other special
 * cases as masks: *pinf, acc is the identity, gives (x2, y2); qinf, the entry
 * is, leaves acc. *pinf is the caller's mask, set while every digit so far
 * was 0 (acc does not reach the identity otherwise), and stays set only
 * while qinf is. S, H and R are the caller's scratch, wiped once by it after
 * its loop rather than at every step. */
static void pt_madd_ct(pp *acc, pp *S, uint64_t *H, uint64_t *R, const uint64_t *x2, const uint64_t *y2,
                       uint64_t *pinf, uint64_t qinf)
{
    pt_madd_core(S, H, R, acc, x2, y2);
    fp_cmov(S->X, x2, *pinf);
    fp_cmov(S->Y, y2, *pinf);
    fp_cmov(S->Z, fp_one, *pinf);
    pt_cmov(acc, S, ~qinf);
    *pinf &= qinf;
}

#endif
