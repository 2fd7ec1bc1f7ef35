/* SPDX-License-Identifier: Apache-2.0 */
/* The register-form (fz) code of one vpclmul512 instance: built beside
 * src/ec2/ec2_inst.c with the same -DGF_M, -DGF_BACKEND and -DEC2_SYM (see
 * ec2_zinst.h). A unit of its own because its forced inlining, in
 * ec2_inst.c's unit, would use up GCC's inlining budget there and change
 * what the other functions inline (signing about 10% slower). */
#include "gf2m/gf2m_impl.h"
#include "ec2/ec2_formulas.h"
#include "ec2/ec2_zinst.h"
#include "scalar/sc.h"
#include "invariant.h"

/* the register form fz (gf2m/gf2m_zreg.h) as a representation of
 * ec2_formulas.h */
#define EC2FZ_T fz
#define EC2FZ_MUL(r, a, b) ((r) = fz_mul((a), (b)))
#define EC2FZ_SQR(r, a) ((r) = fz_sqr(a))
#define EC2FZ_ADD(r, a, b) ((r) = fz_add((a), (b)))
#define EC2FZ_COPY(r, a) ((r) = (a))

#if GF_ZREG && GF_NW <= 4
/* pairs (e0 | e1) in one register: e0 in words 0-3, e1 in words 4-7 */
#define H0(v) _mm512_shuffle_i64x2((v), (v), 0x44) /* (low half | low half) */
#define H1(v) _mm512_shuffle_i64x2((v), (v), 0xee) /* (high half | high half) */
#define SWAP(v) _mm512_shuffle_i64x2((v), (v), 0x4e)
#define LOHI(lo, hi) _mm512_mask_blend_epi64(0xf0, (lo), (hi)) /* lo's low half, hi's high half */

/* pairs as a representation of ec2_formulas.h */
#define EC2FZ2_T __m512i
#define EC2FZ2_MUL(r, a, b) ((r) = fz2_mul((a), (b)))
#define EC2FZ2_SQR(r, a) ((r) = fz2_sqr(a))
#define EC2FZ2_ADD(r, a, b) ((r) = _mm512_xor_si512((a), (b)))
#define EC2FZ2_COPY(r, a) ((r) = (a))

/* EC2_LAM_MADD on pairs, (X | X') + (x2 | x2') into (nX, nL, nZ): eight pair
 * products and two pair squares */
GF_ZI void fz2_lam_madd(__m512i *nX, __m512i *nL, __m512i *nZ, __m512i X, __m512i L, __m512i Z, __m512i x2,
                        __m512i l2)
{
    __m512i A, B;
    EC2_LAM_MADD(EC2FZ2, *nX, *nL, *nZ, A, B, X, L, Z, x2, l2);
}

/* the low halves of (X, L, Z) to (Xh, Lh, Zh), the high halves to (Xl, Ll, Zl) */
GF_ZI void fz2_store_halves(fe Xh, fe Lh, fe Zh, fe Xl, fe Ll, fe Zl, __m512i X, __m512i L, __m512i Z)
{
    const __mmask8 mw = GF_ZMASK(GF_NW);
    _mm512_mask_storeu_epi64(Xh, mw, X);
    _mm512_mask_storeu_epi64(Lh, mw, L);
    _mm512_mask_storeu_epi64(Zh, mw, Z);
    _mm512_mask_storeu_epi64(Xl, mw, H1(X));
    _mm512_mask_storeu_epi64(Ll, mw, H1(L));
    _mm512_mask_storeu_epi64(Zl, mw, H1(Z));
}
#endif

#if EC2_ZLADDER && GF_NW <= 4
/* Up to 4 words, EC2_LADDER_STEP scheduled on pairs (fz2, one register),
 * its independent operations two at a time: with P = (X1 | X2), Q = (Z1 | Z2),
 *   (T | U) = (X1 Z2 | X2 Z1),      (A | B) = (X1^2 | Z1^2),
 *   S = T + U, Z2' = S^2 (in both halves), (Z1' | C) = (A B | B sqrt(b)),
 *   X1' = (A + C)^2 (the low half),  (x Z2' | T U), X2' = x Z2' + T U:
 * three pair products and three pair squares (two of them half used) for
 * the six products and four squares. The loop is bound by latency: each
 * step's chain is three operations (product, square, product); squaring
 * (Z2' | X1') together, one pair square fewer, would make it four (square,
 * product, square, product) and ECDH about a quarter slower. */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zladder_, EC2_SYM)(fe X1w, fe Z1w, const uint64_t *k,
                                                                                      unsigned nbits, const fe x,
                                                                                      const fe sbw, int b_one)
{
    (void)b_one; /* B sqrt(b) is computed whatever b: the pair product costs the same */
    const __m512i xr = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW), x);
    const __m512i sbr = H0(_mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW), sbw)); /* sqrt(b), used from the high half */
    __m512i P = LOHI(_mm512_maskz_set1_epi64(1, 1), H0(xr)); /* (X1 | X2) = (1 | x) */
    __m512i Q = _mm512_maskz_set1_epi64(0x10, 1);            /* (Z1 | Z2) = (0 | 1) */
    uint64_t prev = 0;
    for (int i = (int)nbits - 1; i >= 0; i--) {
        uint64_t bit = (k[i / 64] >> (i % 64)) & 1;
        const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(bit ^ prev));
        prev = bit;
        P = _mm512_xor_si512(P, _mm512_and_si512(_mm512_xor_si512(P, SWAP(P)), sw));
        Q = _mm512_xor_si512(Q, _mm512_and_si512(_mm512_xor_si512(Q, SWAP(Q)), sw));
        const __m512i TU = fz2_mul(P, SWAP(Q));
        const __m512i AB = fz2_sqr(LOHI(P, H0(Q)));
        const __m512i S = _mm512_xor_si512(TU, SWAP(TU));                 /* (T + U | T + U) */
        const __m512i Z2 = fz2_sqr(S);                                    /* (Z2' | Z2') */
        const __m512i ZC = fz2_mul(AB, LOHI(H1(AB), sbr));
        const __m512i AC = _mm512_xor_si512(AB, SWAP(ZC));                /* low half A + C */
        const __m512i X1 = fz2_sqr(AC);                                   /* low half X1' */
        const __m512i XT = fz2_mul(LOHI(Z2, H0(TU)), LOHI(xr, TU));       /* (x Z2' | T U) */
        const __m512i X2 = _mm512_xor_si512(XT, SWAP(XT));                /* X2' in both halves */
        P = LOHI(X1, X2);
        Q = LOHI(ZC, Z2);
    }
    const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(prev));
    P = _mm512_xor_si512(P, _mm512_and_si512(_mm512_xor_si512(P, SWAP(P)), sw));
    Q = _mm512_xor_si512(Q, _mm512_and_si512(_mm512_xor_si512(Q, SWAP(Q)), sw));
    _mm512_mask_storeu_epi64(X1w, GF_ZMASK(GF_NW), P);
    _mm512_mask_storeu_epi64(Z1w, GF_ZMASK(GF_NW), Q);
}
#elif EC2_ZLADDER
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zladder_, EC2_SYM)(fe X1w, fe Z1w, const uint64_t *k,
                                                                                      unsigned nbits, const fe x,
                                                                                      const fe sbw, int b_one)
{
    const fz xz = fz_load(x), sb = fz_load(sbw);
    fz X1 = fz_word(1), Z1 = fz_word(0), X2 = xz, Z2 = fz_word(1);
    uint64_t prev = 0;
    for (int i = (int)nbits - 1; i >= 0; i--) {
        uint64_t bit = (k[i / 64] >> (i % 64)) & 1;
        const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(bit ^ prev));
        prev = bit;
        fz_cswap(&X1, &X2, sw);
        fz_cswap(&Z1, &Z2, sw);
#define EC2_ZLADDER_SB(r, t)                                                                                         \
    do {                                                                                                             \
        if (!b_one) (r) = fz_mul((t), sb);                                                                           \
    } while (0)
        EC2_LADDER_STEP(EC2FZ, EC2_ZLADDER_SB, X1, Z1, X2, Z2, xz);
#undef EC2_ZLADDER_SB
    }
    const __m512i sw = _mm512_set1_epi64((long long)ct_mask_bit(prev));
    fz_cswap(&X1, &X2, sw);
    fz_cswap(&Z1, &Z2, sw);
    fz_store(X1w, X1);
    fz_store(Z1w, Z1);
}

#endif

#if EC2_ZTNAF
GF_ZI int fz_is_zero_vartime(fz a)
{
    __m512i v = a.v[0];
    GF_UNROLL
    for (int u = 1; u < GF_ZR; u++) v = _mm512_or_si512(v, a.v[u]);
    return _mm512_test_epi64_mask(v, v) == 0;
}

/* tnaf_table_scalar_vartime on registers (public data, variable time): the
 * tau powers of P, the chain's López–Dahab mixed additions (ld_madd, 8M +
 * 5S) and the batched conversion to lambda-affine (ld_batch_lam_vartime),
 * with one inversion in memory. Returns 0, T unusable, if an addition meets B = 0 or an entry has
 * X Z = 0, where the scalar build decides (it doubles, or fails). For a = 0
 * (every Koblitz curve with a register form). */
__attribute__((visibility("hidden"))) GF_TARGET int EC2_ZNAME(ec2_ztable_vartime_, EC2_SYM)(uint64_t *T,
                                                                                            const int8_t (*chain)[5],
                                                                                            unsigned ndig, unsigned tmax,
                                                                                            const fe px, const fe py)
{
    fz tx[16], ty[16], LX[32], LY[32], LZ[32], D[32], prod[32];
    if (ndig < 1 || ndig > 32 || tmax > 15) return 0;
    tx[0] = fz_load(px);
    ty[0] = fz_load(py);
    for (unsigned b = 1; b <= tmax; b++) {
        tx[b] = fz_sqr(tx[b - 1]);
        ty[b] = fz_sqr(ty[b - 1]);
    }
    for (unsigned i = 0; i < ndig; i++) {
        const int8_t *ch = chain[i];
        fz X, Y, Z;
        if (ch[1]) {
            X = LX[(unsigned)ch[2]];
            Y = LY[(unsigned)ch[2]];
            Z = LZ[(unsigned)ch[2]];
        } else {
            X = tx[(unsigned)ch[2]];
            Y = ty[(unsigned)ch[2]];
            Z = fz_word(1);
        }
        if (ch[3] & 1) Y = fz_add(Y, fz_mul(X, Z)); /* -(X, Y, Z) = (X, Y + X Z, Z) */
        if (ch[4] >= 0) {
            const fz qx = tx[(unsigned)ch[4]], qy = (ch[3] & 2) ? fz_add(ty[(unsigned)ch[4]], qx) : ty[(unsigned)ch[4]];
            fz A, B;
#define EC2_ZTABLE_A0(r, t) ((r) = fz_word(0)) /* a = 0 */
            EC2_LD_MADD(EC2FZ, EC2_ZTABLE_A0, X, Y, Z, A, B, X, Y, Z, qx, qy);
#undef EC2_ZTABLE_A0
            if (fz_is_zero_vartime(B)) return 0;
        }
        LX[(unsigned)ch[0]] = X;
        LY[(unsigned)ch[0]] = Y;
        LZ[(unsigned)ch[0]] = Z;
    }
    /* x = X^2 / D, lambda = (X^2 + Y) / D for D = X Z, one inversion */
    for (unsigned e = 0; e < ndig; e++) D[e] = fz_mul(LX[e], LZ[e]);
    prod[0] = D[0];
    for (unsigned e = 1; e < ndig; e++) prod[e] = fz_mul(prod[e - 1], D[e]);
    if (fz_is_zero_vartime(prod[ndig - 1])) return 0;
    fe w;
    fz_store(w, prod[ndig - 1]);
    fe_inv(w, w);
    fz inv = fz_load(w);
    for (unsigned e = ndig; e-- > 0;) {
        fz di = inv;
        if (e > 0) {
            di = fz_mul(inv, prod[e - 1]);
            inv = fz_mul(inv, D[e]);
        }
        const fz t = fz_sqr(LX[e]);
        fz_store(T + 2 * GF_NW * e, fz_mul(t, di));
        fz_store(T + 2 * GF_NW * e + GF_NW, fz_mul(fz_add(t, LY[e]), di));
    }
    return 1;
}

#if EC2_ZTNAF2
/* ec2_tnaf_mul_x's two chains on pairs (3 or 4 words, each element in a
 * half of a register): the upper digits' chain in the low halves, the lower
 * digits' chain in the high halves, (X | X'), (L | L'), (Z | Z'); both end
 * on the loop's last step, the shorter one starts later (its first step
 * loads its entry with Z = 1; before that its half is computed and
 * discarded). A table entry is spread once, before the loop, to (x | x) and
 * (l | l); each step scans the table once for both digits (one compare of
 * (j | j') per entry gives both halves' masks). A step is the Frobenius
 * maps, 3w pair squares, and lam_madd's 8M + 2S as eight pair products and
 * two pair squares: every lane does work (the single chain's (Z | Z) and
 * B^2, S squares used half a register each). */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_ztnaf2_, EC2_SYM)(fe Xh, fe Lh, fe Zh, fe Xl, fe Ll,
                                                                                     fe Zl, const uint64_t *tab,
                                                                                     unsigned ndig, const uint8_t *dig,
                                                                                     int top, int kk, int w)
{
    __m512i tx[32], tl[32];
    FASTEC_INVARIANT(ndig >= 1 && ndig <= 32 && kk >= 1 && kk <= top);
    for (unsigned e = 0; e < ndig; e++) {
#if GF_NW == 3
        /* entries of 6 words (x | l) spread to (x, 0 | x, 0) and (l, 0 | l, 0) */
        const __m512i v = _mm512_maskz_loadu_epi64(0x3f, tab + 6 * e);
        tx[e] = _mm512_maskz_permutexvar_epi64(0x77, _mm512_set_epi64(0, 2, 1, 0, 0, 2, 1, 0), v);
        tl[e] = _mm512_maskz_permutexvar_epi64(0x77, _mm512_set_epi64(0, 5, 4, 3, 0, 5, 4, 3), v);
#else
        tx[e] = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)(tab + 8 * e)));
        tl[e] = _mm512_broadcast_i64x4(_mm256_loadu_si256((const __m256i *)(const void *)(tab + 8 * e + 4)));
#endif
    }
    const int nh = top - kk + 1, nlo = kk, steps = nh > nlo ? nh : nlo;
    const __m512i one = _mm512_maskz_set1_epi64(0x11, 1);
    __m512i X = _mm512_setzero_si512(), L = X, Z = X;
    for (int s = 0; s < steps; s++) {
        /* the positions of this step: the upper chain's ph, the lower's pl
         * (public; a position outside its chain reads digit 0, discarded) */
        const int ph = kk + steps - 1 - s, pl = steps - 1 - s;
        const uint64_t dh = ph <= top ? dig[ph] : 0, dl = pl < kk ? dig[pl] : 0;
        const __m512i J = _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)(dh & 0x7f)), 0xf0, (long long)(dl & 0x7f));
        __m512i Ex = _mm512_setzero_si512(), El = Ex; /* (x2 | x2'), (l2 | l2'): every entry read */
        for (unsigned e = 0; e < ndig; e++) {
            const __mmask8 k = _mm512_cmpeq_epi64_mask(J, _mm512_set1_epi64((long long)e));
            Ex = _mm512_mask_mov_epi64(Ex, k, tx[e]);
            El = _mm512_mask_mov_epi64(El, k, tl[e]);
        }
        /* -(x, l) = (x, l + 1): the sign bits to word 0 of each half */
        El = _mm512_xor_si512(El, _mm512_mask_set1_epi64(_mm512_maskz_set1_epi64(0x01, (long long)(dh >> 7)), 0x10,
                                                         (long long)(dl >> 7)));
        if (s > 0) {
            for (int t = 0; t < w; t++) {
                X = fz2_sqr(X);
                L = fz2_sqr(L);
                Z = fz2_sqr(Z);
            }
            fz2_lam_madd(&X, &L, &Z, X, L, Z, Ex, El);
        }
        /* a chain's first step: its entry, Z = 1 */
        const __mmask8 st = (__mmask8)((ph == top ? 0x0f : 0) | (pl == kk - 1 ? 0xf0 : 0));
        X = _mm512_mask_mov_epi64(X, st, Ex);
        L = _mm512_mask_mov_epi64(L, st, El);
        Z = _mm512_mask_mov_epi64(Z, st, one);
    }
    fz2_store_halves(Xh, Lh, Zh, Xl, Ll, Zl, X, L, Z);
}
#else
/* (x, l) = entry j of tab (ndig entries of 2 GF_NW words, x then l), every
 * entry read: loaded whole and kept by a blend under the mask register of
 * (j == e), all eight lanes or none; straight into registers, where the
 * 16-byte SSE2 scan of ct_select_words left the entry in memory for the
 * 64-byte loads, which cannot be forwarded from those stores */
static GF_TARGET void fz_select_lam(fz *x, fz *l, const uint64_t *tab, unsigned ndig, uint64_t j)
{
    const __m512i J = _mm512_set1_epi64((long long)j);
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) x->v[u] = l->v[u] = _mm512_setzero_si512();
    for (unsigned e = 0; e < ndig; e++) {
        const __mmask8 k = _mm512_cmpeq_epi64_mask(J, _mm512_set1_epi64((long long)e));
        const uint64_t *t = tab + 2 * GF_NW * e;
        GF_UNROLL
        for (int u = 0; u < GF_ZR; u++) {
            x->v[u] = _mm512_mask_mov_epi64(x->v[u], k, _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW - 8 * u), t + 8 * u));
            l->v[u] = _mm512_mask_mov_epi64(l->v[u], k,
                                            _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW - 8 * u), t + GF_NW + 8 * u));
        }
    }
}

/* EC2_LAM_MADD on registers, (X, L, Z) + (x2, l2) into (nX, nL, nZ), 8M + 2S */
GF_ZI void fz_lam_madd(fz *nX, fz *nL, fz *nZ, fz X, fz L, fz Z, fz x2, fz l2)
{
    fz A, B;
    EC2_LAM_MADD(EC2FZ, *nX, *nL, *nZ, A, B, X, L, Z, x2, l2);
}

/* ec2_tnaf_mul_x's loop body on registers: the Frobenius maps as w
 * squarings of each coordinate, then lam_madd's formula (8M + 2S) */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_ztnaf_, EC2_SYM)(fe Xw, fe Lw, fe Zw, const uint64_t *tab,
                                                                                    unsigned ndig, const uint8_t *dig,
                                                                                    int hi, int lo, int w, int init)
{
    fz X = fz_load(Xw), L = fz_load(Lw), Z = fz_load(Zw);
    for (int i = hi; i >= lo; i--) {
        uint64_t j = dig[i] & 0x7f, nm = ct_mask_bit(dig[i] >> 7);
        fz x2, l2;
        fz_select_lam(&x2, &l2, tab, ndig, j);
        l2 = fz_add(l2, fz_word(nm & 1)); /* -(x, lambda) = (x, lambda + 1) */
        if (init && i == hi) {
            X = x2;
            L = l2;
            Z = fz_word(1);
            continue;
        }
        for (int t = 0; t < w; t++) {
            X = fz_sqr(X);
            L = fz_sqr(L);
            Z = fz_sqr(Z);
        }
        fz_lam_madd(&X, &L, &Z, X, L, Z, x2, l2);
    }
    fz_store(Xw, X);
    fz_store(Lw, L);
    fz_store(Zw, Z);
}

#if EC2_ZBASE1
/* ec2_mul_base_ct's positions below base_exc on registers, one chain: each
 * row scanned into registers (fz_select_lam; digit 0 selects nothing),
 * lam_madd's 8M + 2S, the accumulator at infinity (Z = 0) taking the entry
 * and digit 0 keeping the accumulator by masks of all lanes or none. No
 * addition is exceptional below base_exc (ec2_zbase2_). */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zbase1_, EC2_SYM)(fe Xw, fe Lw, fe Zw,
                                                                                     const uint64_t *base, unsigned w,
                                                                                     const int8_t *d, unsigned npos)
{
    FASTEC_INVARIANT(w >= 2 && w <= 7);
    const unsigned ne = 1u << (w - 1);
    const size_t row = (size_t)ne * 2 * GF_NW;
    const fz one = fz_word(1);
    fz X = one, L = fz_word(0), Z = fz_word(0);
    for (unsigned i = 0; i < npos; i++) {
        uint64_t neg, mag;
        sc_digit_split(d[i], &neg, &mag);
        FASTEC_INVARIANT(mag <= ne);
        fz x2, l2;
        fz_select_lam(&x2, &l2, base + i * row, ne, mag - 1); /* entry mag - 1; none (zero) for mag = 0 */
        l2 = fz_add(l2, fz_word(neg & 1));                     /* -(x, lambda) = (x, lambda + 1) */
        fz nX, nL, nZ;
        fz_lam_madd(&nX, &nL, &nZ, X, L, Z, x2, l2);
        __m512i zo = Z.v[0];
        GF_UNROLL
        for (int u = 1; u < GF_ZR; u++) zo = _mm512_or_si512(zo, Z.v[u]);
        const __mmask8 inf = (__mmask8)ct_is_zero(_mm512_test_epi64_mask(zo, zo));
        const __mmask8 upd = (__mmask8)~ct_is_zero(mag);
        GF_UNROLL
        for (int u = 0; u < GF_ZR; u++) {
            X.v[u] = _mm512_mask_mov_epi64(X.v[u], upd, _mm512_mask_mov_epi64(nX.v[u], inf, x2.v[u]));
            L.v[u] = _mm512_mask_mov_epi64(L.v[u], upd, _mm512_mask_mov_epi64(nL.v[u], inf, l2.v[u]));
            Z.v[u] = _mm512_mask_mov_epi64(Z.v[u], upd, _mm512_mask_mov_epi64(nZ.v[u], inf, one.v[u]));
        }
    }
    fz_store(Xw, X);
    fz_store(Lw, L);
    fz_store(Zw, Z);
}
#endif
#endif
#endif

#if EC2_ZBASE2
/* ec2_mul_base_ct's positions below base_exc as two chains on pairs: the
 * upper half of the positions in the low halves, the lower half in the high
 * halves, one position of each per step, the same step count for both (the
 * upper chain's last step reads digit 0 where npos is odd). A step scans
 * both rows at once (each entry of the two rows loaded whole, kept by a
 * blend under its digit's compare mask), spreads the two entries to
 * (x | x') and (l | l'), and adds with lam_madd's 8M + 2S as eight pair
 * products and two pair squares. Per half, as in the scalar loop: an
 * accumulator at infinity (Z = 0) takes the entry, a digit 0 leaves it. The
 * partial sums of either chain are below 2^(w i) in size at position i, the
 * entry at least 2^(w i), and npos <= base_exc keeps their sum and
 * difference below n: no doubling, no cancellation. */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zbase2_, EC2_SYM)(fe Xh, fe Lh, fe Zh, fe Xl, fe Ll,
                                                                                     fe Zl, const uint64_t *base,
                                                                                     unsigned w, const int8_t *d,
                                                                                     unsigned npos)
{
    const __mmask8 me = GF_ZMASK(2 * GF_NW);
    FASTEC_INVARIANT(w >= 2 && w <= 7 && npos >= 2);
    const unsigned ne = 1u << (w - 1), hh = (npos + 1) / 2;
    const size_t row = (size_t)ne * 2 * GF_NW;
    const __m512i one = _mm512_maskz_set1_epi64(0x11, 1), z = _mm512_setzero_si512();
    __m512i X = one, L = z, Z = z;
    for (unsigned s = 0; s < hh; s++) {
        const unsigned pl = s, ph = hh + s; /* public */
        uint64_t negl, magl, negh = 0, magh = 0;
        sc_digit_split(d[pl], &negl, &magl);
        if (ph < npos) sc_digit_split(d[ph], &negh, &magh);
        FASTEC_INVARIANT(magl <= ne && magh <= ne);
        const uint64_t *rl = base + pl * row, *rh = base + (ph < npos ? ph : pl) * row;
        const __m512i Jl = _mm512_set1_epi64((long long)magl), Jh = _mm512_set1_epi64((long long)magh);
        __m512i Eh = z, El = z, J = _mm512_set1_epi64(1);
        for (unsigned e = 0; e < ne; e++) { /* entry e is the digit e + 1 */
            Eh = _mm512_mask_mov_epi64(Eh, _mm512_cmpeq_epi64_mask(Jh, J), _mm512_maskz_loadu_epi64(me, rh + 2 * GF_NW * e));
            El = _mm512_mask_mov_epi64(El, _mm512_cmpeq_epi64_mask(Jl, J), _mm512_maskz_loadu_epi64(me, rl + 2 * GF_NW * e));
            J = _mm512_add_epi64(J, _mm512_set1_epi64(1));
        }
        /* (x | x') and (l | l'); -(x, l) = (x, l + 1) */
#if GF_NW == 3
        const __m512i Tx = _mm512_maskz_permutex2var_epi64(0x77, Eh, _mm512_set_epi64(0, 10, 9, 8, 0, 2, 1, 0), El);
        __m512i Tl = _mm512_maskz_permutex2var_epi64(0x77, Eh, _mm512_set_epi64(0, 13, 12, 11, 0, 5, 4, 3), El);
#else
        const __m512i Tx = _mm512_shuffle_i64x2(Eh, El, 0x44);
        __m512i Tl = _mm512_shuffle_i64x2(Eh, El, 0xee);
#endif
        Tl = _mm512_xor_si512(Tl, _mm512_mask_set1_epi64(_mm512_maskz_set1_epi64(0x01, (long long)(negh & 1)), 0x10,
                                                         (long long)(negl & 1)));
        __m512i nX, nL, nZ;
        fz2_lam_madd(&nX, &nL, &nZ, X, L, Z, Tx, Tl);
        /* per half: at infinity take the entry (Z = 1), with digit 0 keep */
        const uint64_t zm = _mm512_test_epi64_mask(Z, Z);
        const __mmask8 inf = (__mmask8)((ct_is_zero(zm & 0x0f) & 0x0f) | (ct_is_zero(zm & 0xf0) & 0xf0));
        const __mmask8 upd = (__mmask8)((~ct_is_zero(magh) & 0x0f) | (~ct_is_zero(magl) & 0xf0));
        nX = _mm512_mask_mov_epi64(nX, inf, Tx);
        nL = _mm512_mask_mov_epi64(nL, inf, Tl);
        nZ = _mm512_mask_mov_epi64(nZ, inf, one);
        X = _mm512_mask_mov_epi64(X, upd, nX);
        L = _mm512_mask_mov_epi64(L, upd, nL);
        Z = _mm512_mask_mov_epi64(Z, upd, nZ);
    }
    fz2_store_halves(Xh, Lh, Zh, Xl, Ll, Zl, X, L, Z);
}
#endif

#if EC2_ZVERIFY
/* EC2_LAM_DBL with a = 1, n times */
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_zlam_dbln_, EC2_SYM)(fe Xw, fe Lw, fe Zw, int n)
{
    fz X = fz_load(Xw), L = fz_load(Lw), Z = fz_load(Zw);
#define EC2_ZDBL_A1(r, t) ((r) = (t)) /* a = 1 */
    for (int i = 0; i < n; i++) EC2_LAM_DBL(EC2FZ, EC2_ZDBL_A1, X, L, Z, X, L, Z);
#undef EC2_ZDBL_A1
    fz_store(Xw, X);
    fz_store(Lw, L);
    fz_store(Zw, Z);
}
#endif

#if GF_ZREG && GF_NW <= 4
/* the hooks check what the ladder runs here, the pair forms, on both
 * halves: (a | b)(b | a) has a b in both, else the result is all ones */
static GF_TARGET void fz2_out(uint64_t *r, __m512i v)
{
    const __mmask8 same = _mm512_cmpeq_epi64_mask(v, _mm512_shuffle_i64x2(v, v, 0x4e));
    const __m512i bad = _mm512_set1_epi64((long long)(0 - (uint64_t)(same != 0xff)));
    _mm512_mask_storeu_epi64(r, GF_ZMASK(GF_NW), _mm512_or_si512(v, bad));
}

__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_mul_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a,
                                                                                         const uint64_t *b)
{
    const __m512i A = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW), a), B = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW), b);
    const __m512i AB = _mm512_mask_blend_epi64(0xf0, A, _mm512_shuffle_i64x2(B, B, 0x44));
    const __m512i BA = _mm512_mask_blend_epi64(0xf0, B, _mm512_shuffle_i64x2(A, A, 0x44));
    fz2_out(r, fz2_mul(AB, BA));
}

__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_sqr_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a)
{
    const __m512i A = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW), a);
    fz2_out(r, fz2_sqr(_mm512_shuffle_i64x2(A, A, 0x44)));
}
#elif GF_ZREG
__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_mul_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a,
                                                                                         const uint64_t *b)
{
    fz_store(r, fz_mul(fz_load(a), fz_load(b)));
}

__attribute__((visibility("hidden"))) GF_TARGET void EC2_ZNAME(ec2_fe_sqr_reg_, EC2_SYM)(uint64_t *r, const uint64_t *a)
{
    fz_store(r, fz_sqr(fz_load(a)));
}
#endif
#if !GF_ZREG
typedef int ec2_zinst_empty; /* no register form for this field (ISO C: a unit declares something) */
#endif
