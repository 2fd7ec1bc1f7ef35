/* SPDX-License-Identifier: Apache-2.0 */
/* GF(p) above the core arithmetic of fp_impl.h (which includes this file):
 * big-endian bytes in and out, comparison with p, inversion (constant-time
 * and variable-time, by mod/'s safegcd on the canonical value) and square
 * roots. Only the functions ending in _vartime may leak their inputs. */
#ifndef FASTEC_FP_EXT_H
#define FASTEC_FP_EXT_H

#include "mod/mod.h"

#define FP_BYTES ((FP_NBITS + 7) / 8)

/* p with its Montgomery constants, for mod/'s inversion */
static const mod_params fp_mod = {FP_NL, FP_NBITS, FP_P_INIT, FP_N0INV, FP_RR_INIT};

/* v < p for canonical words (public data) */
static inline int fp_lt_p_vartime(const uint64_t *v)
{
    for (int i = FP_NL - 1; i >= 0; i--)
        if (v[i] != fp_mod.n[i]) return v[i] < fp_mod.n[i];
    return 0;
}

/* FP_BYTES big-endian bytes to an element; 0 if the value is >= p (public
 * data: the element is then 0) */
static inline int fp_from_bytes_vartime(uint64_t *r, const uint8_t *in)
{
    uint64_t v[FP_NL] = {0};
    for (size_t i = 0; i < FP_BYTES; i++) {
        size_t bit = 8 * (FP_BYTES - 1 - i);
        v[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
    int lt = fp_lt_p_vartime(v);
    if (!lt) memset(v, 0, sizeof v);
    fp_from_words(r, v);
    return lt;
}

/* canonical words to FP_BYTES big-endian bytes (constant-time) */
static inline void fp_words_to_bytes(uint8_t *out, const uint64_t *w)
{
    for (size_t i = 0; i < FP_BYTES; i++) {
        size_t bit = 8 * (FP_BYTES - 1 - i);
        out[i] = (uint8_t)(w[bit / 64] >> (bit % 64));
    }
}

/* an element to FP_BYTES big-endian bytes (constant-time) */
static inline void fp_to_bytes(uint8_t *out, const uint64_t *a)
{
    uint64_t w[FP_NL];
    fp_to_words(w, a);
    FASTEC_INVARIANT(fp_lt_p_vartime(w)); /* fully reduced when it leaves the field */
    fp_words_to_bytes(out, w);
    ct_wipe(w, sizeof w);
}

/* r = a^-1 (0 for 0), constant-time: safegcd modulo p on the canonical value
 * (faster than a^(p-2) on every prime here) */
static inline void fp_inv_ct(uint64_t *r, const uint64_t *a)
{
    uint64_t w[FP_NL], wi[MOD_MAX_LIMBS];
    fp_to_words(w, a);
    int within = mod_inv(&fp_mod, wi, w);
    FASTEC_INVARIANT(within == 1); /* safegcd ended within its step bound */
    (void)within;
    fp_from_words(r, wi);
    ct_wipe(w, sizeof w);
    ct_wipe(wi, sizeof wi);
}

/* the same for public values */
static inline void fp_inv_vartime(uint64_t *r, const uint64_t *a)
{
    uint64_t w[FP_NL], wi[MOD_MAX_LIMBS];
    fp_to_words(w, a);
    int within = mod_inv_vartime(&fp_mod, wi, w);
    FASTEC_INVARIANT(within == 1);
    (void)within;
    fp_from_words(r, wi);
}

static inline void fp_limbs_shr(uint64_t *v, unsigned s)
{
    for (unsigned k = 0; k < s; k++)
        for (unsigned i = 0; i < FP_NL; i++) v[i] = (v[i] >> 1) | (i + 1 < FP_NL ? v[i + 1] << 63 : 0);
}

static inline void fp_limbs_inc(uint64_t *v)
{
    for (unsigned i = 0; i < FP_NL && ++v[i] == 0; i++) {}
}

/* square root, 0 if a is not a square (public data only). p = 3 mod 4:
 * a^((p+1)/4); otherwise (P-224) Tonelli–Shanks. */
static inline int fp_sqrt_vartime(uint64_t *r, const uint64_t *a)
{
    fe e, t;
    memcpy(e, fp_mod.n, sizeof e);
    if ((fp_mod.n[0] & 3) == 3) {
        fp_limbs_shr(e, 2);
        fp_limbs_inc(e); /* (p + 1) / 4 */
        fp_pow_pub(r, a, e);
    } else {
        /* p - 1 = q 2^s */
        unsigned s = 0;
        e[0] &= ~1ULL;
        while (!(e[0] & 1)) {
            fp_limbs_shr(e, 1);
            s++;
        }
        /* a non-residue z: try 2, 3, ... (Euler's criterion; P-224's first
         * is 11). The bound only matters if the arithmetic is wrong: then
         * the caller sees a failure instead of an endless loop */
        fe z, pm1h, minus_one;
        fp_neg(minus_one, fp_one);
        memcpy(pm1h, fp_mod.n, sizeof pm1h);
        fp_limbs_shr(pm1h, 1);
        fp_copy(z, fp_one);
        for (unsigned tries = 0;; tries++) {
            if (tries == 256) return 0;
            fp_add(z, z, fp_one);
            fp_pow_pub(t, z, pm1h);
            if (fp_eq(t, minus_one)) break;
        }
        fe M_c, T, R2, qp1h;
        unsigned Mv = s;
        fp_pow_pub(M_c, z, e); /* c = z^q */
        fp_pow_pub(T, a, e);   /* t = a^q */
        fp_copy(qp1h, e);
        fp_limbs_shr(qp1h, 1);
        fp_limbs_inc(qp1h);
        fp_pow_pub(R2, a, qp1h); /* r = a^((q+1)/2) */
        for (;;) {
            if (fp_is_zero(T)) {
                memset(r, 0, FP_NL * 8);
                return 1;
            }
            if (fp_eq(T, fp_one)) break;
            unsigned i = 0;
            fe t2;
            fp_copy(t2, T);
            while (!fp_eq(t2, fp_one)) {
                fp_sqr(t2, t2);
                if (++i == Mv) return 0; /* not a square */
            }
            fe bb;
            fp_copy(bb, M_c);
            for (unsigned j = 0; j + i + 1 < Mv; j++) fp_sqr(bb, bb);
            Mv = i;
            fp_sqr(M_c, bb);
            fp_mul(T, T, M_c);
            fp_mul(R2, R2, bb);
        }
        fp_copy(r, R2);
    }
    fp_sqr(t, r);
    return fp_eq(t, a) ? 1 : 0;
}

#endif
