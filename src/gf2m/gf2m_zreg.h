/* SPDX-License-Identifier: Apache-2.0 */
/* Elements in 512-bit registers (vpclmul512): products, squares and
 * reductions on registers, so that a whole formula runs without stores. Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_ZREG_H
#define FASTEC_GF2M_ZREG_H

/* ---- elements in 512-bit registers (vpclmul512) ----
 * An element is GF_ZR registers of eight words (words past GF_NW zero), so
 * that a whole formula (the ladder's step) runs without storing its values:
 * the product is the lane schoolbook above on registers, the square two
 * VPCLMULQDQs and an interleave, and the reduction folds by shifts and
 * carry-less products on registers too, by x^m = r(x) = x^K1 (+ x^K2 + x^K3)
 * + 1: H = t >> m (degree <= m - 2), H r (degree <= m - 2 + K1), H2 = (H r)
 * >> m (degree <= K1 - 2), and t mod f = (t + (H + H2) r) mod x^m, as
 * H2 r < x^m, which needs 2 K1 <= m (every field but 239 bits). At 239 bits
 * (a trinomial, K1 = 158) H2 r reaches past x^m: H3 = (H2 r) >> m = t >> (3m
 * - 2 K1) (degree <= 2 K1 - m - 2 = 75) is a third term, H3 r < x^m, and
 * t mod f = (t + (H + H2 + H3) r) mod x^m. */
#define GF_ZG (((GF_M - 2 + GF_K1) / 64 + 1 + 7) / 8)     /* registers of H r */
#define GF_ZREG 1
#if GF_K1 < 64 /* r(x) = x^K1 (+ x^K2 + x^K3) + 1 as a word, where it fits one */
#if GF_NTERMS == 1
#define GF_RWORD (1ULL | (1ULL << GF_K1))
#else
#define GF_RWORD (1ULL | (1ULL << GF_K1) | (1ULL << GF_K2) | (1ULL << GF_K3))
#endif
#endif
typedef struct {
    __m512i v[GF_ZR];
} fz;

GF_ZI fz fz_load(const fe a)
{
    fz r;
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) r.v[u] = _mm512_maskz_loadu_epi64(GF_ZMASK(GF_NW - 8 * u), a + 8 * u);
    return r;
}

GF_ZI void fz_store(fe r, fz a)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) _mm512_mask_storeu_epi64(r + 8 * u, GF_ZMASK(GF_NW - 8 * u), a.v[u]);
}

GF_ZI fz fz_word(uint64_t w)
{
    fz r;
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) r.v[u] = u ? _mm512_setzero_si512() : _mm512_maskz_set1_epi64(1, (long long)w);
    return r;
}

GF_ZI fz fz_add(fz a, fz b)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) a.v[u] = _mm512_xor_si512(a.v[u], b.v[u]);
    return a;
}

/* swap a and b where m is all ones (m: 0 or all ones in every word) */
GF_ZI void fz_cswap(fz *a, fz *b, __m512i m)
{
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) {
        const __m512i d = _mm512_and_si512(_mm512_xor_si512(a->v[u], b->v[u]), m);
        a->v[u] = _mm512_xor_si512(a->v[u], d);
        b->v[u] = _mm512_xor_si512(b->v[u], d);
    }
}

/* register i of X >> b and of X << b (bits) */
GF_ZI __m512i gf_zshr(const __m512i *X, int n, int b, int i)
{
    const __m512i lo = gf_zdown(X, n, b / 64, i);
    if (b % 64 == 0) return lo;
    const __m512i hi = gf_zdown(X, n, b / 64 + 1, i);
    return _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64(b % 64)); /* the V form: clang wants a literal immediate */
}

GF_ZI __m512i gf_zshl(const __m512i *X, int n, int b, int i)
{
    const __m512i cur = gf_zup(X, n, b / 64, i);
    if (b % 64 == 0) return cur;
    const __m512i prev = gf_zup(X, n, b / 64 + 1, i);
    return _mm512_shldv_epi64(cur, prev, _mm512_set1_epi64(b % 64));
}

/* G (ng registers) = H (nh registers) times r(x) = x^K1 (+ x^K2 + x^K3) + 1:
 * where r fits a word, one carry-less product per pair of words and one word
 * move; else (the trinomials 233 and 409 bits) H + (H << K1) */
GF_ZI void gf_zmul_r(__m512i *G, int ng, const __m512i *H, int nh)
{
#if GF_K1 < 64
    const __m512i R = _mm512_set1_epi64((long long)GF_RWORD);
    __m512i Pe[GF_ZG], Po[GF_ZG];
    GF_UNROLL
    for (int i = 0; i < nh; i++) {
        Pe[i] = _mm512_clmulepi64_epi128(H[i], R, 0x00); /* even words: in their lane */
        Po[i] = _mm512_clmulepi64_epi128(H[i], R, 0x01); /* odd words: one word up */
    }
    GF_UNROLL
    for (int i = 0; i < ng; i++) G[i] = _mm512_xor_si512(i < nh ? Pe[i] : _mm512_setzero_si512(), gf_zup(Po, nh, 1, i));
#else
    _Static_assert(GF_NTERMS == 1, "a pentanomial's r fits a word");
    GF_UNROLL
    for (int i = 0; i < ng; i++) G[i] = _mm512_xor_si512(i < nh ? H[i] : _mm512_setzero_si512(), gf_zshl(H, nh, GF_K1, i));
#endif
}

/* the low m bits' mask, register u */
GF_ZI __m512i gf_zmaskm(int u)
{
    const int n = GF_NW - 8 * u; /* words of the element in this register */
    const __m512i ones = _mm512_maskz_set1_epi64(GF_ZMASK(n > 8 ? 8 : n - 1), -1LL);
    return n > 8 ? ones : _mm512_mask_set1_epi64(ones, (__mmask8)(1u << (n - 1)), (long long)((1ULL << GF_TOPBITS) - 1));
}

/* t (GF_ZT registers, degree <= 2 m - 2) mod f */
GF_ZI fz fz_reduce(const __m512i T[GF_ZT])
{
    _Static_assert(GF_ZFOLDS != 0, "two folds need 2 K1 <= m, three a trinomial with 3 K1 <= 2 m + 1");
    _Static_assert(GF_ZR <= GF_ZG && GF_ZG <= GF_ZT, "register counts");
    __m512i J[GF_ZR], G[GF_ZG];
    /* H2 = (H r) >> m = (H x^K1 (+ H x^K2 + H x^K3)) >> m, as H < x^(m-1),
     * = t >> (2m - K1) (+ ...): taken from t beside H */
    __m512i H2 = gf_zshr(T, GF_ZT, 2 * GF_M - GF_K1, 0);
#if GF_NTERMS == 3
    H2 = _mm512_xor_si512(H2, _mm512_xor_si512(gf_zshr(T, GF_ZT, 2 * GF_M - GF_K2, 0), gf_zshr(T, GF_ZT, 2 * GF_M - GF_K3, 0)));
#endif
#if GF_ZFOLDS == 3
    H2 = _mm512_xor_si512(H2, gf_zshr(T, GF_ZT, 3 * GF_M - 2 * GF_K1, 0)); /* H3 */
#endif
    /* t = L + H r = L + (H r mod x^m) + H2 r with H2 r < x^m, so t mod f
     * = (t + J r) mod x^m for J = H + H2: one product by r */
    GF_UNROLL
    for (int i = 0; i < GF_ZR; i++) {
        J[i] = gf_zshr(T, GF_ZT, GF_M, i);
        if (i == 0) J[i] = _mm512_xor_si512(J[i], H2);
    }
    gf_zmul_r(G, GF_ZG, J, GF_ZR);
    fz r;
    GF_UNROLL
    for (int i = 0; i < GF_ZR; i++) r.v[i] = _mm512_and_si512(_mm512_xor_si512(T[i], G[i]), gf_zmaskm(i));
    return r;
}

GF_ZI fz fz_mul(fz a, fz b)
{
    __m512i Bp[GF_ZS], T[GF_ZT];
    GF_UNROLL
    for (int q = 0; q < GF_ZS; q++) /* words past b are zero in b's registers */
        Bp[q] = 2 * q >= GF_NW ? _mm512_setzero_si512()
              : _mm512_permutexvar_epi64(_mm512_set_epi64(2 * (q % 4) + 1, 2 * (q % 4), 2 * (q % 4) + 1, 2 * (q % 4),
                                                          2 * (q % 4) + 1, 2 * (q % 4), 2 * (q % 4) + 1, 2 * (q % 4)),
                                         b.v[q / 4]);
    gf_zmul_core(T, a.v, Bp, 1);
    return fz_reduce(T);
}

/* the square: each word squared by one carry-less product with itself; the
 * words are first put in the order whose squares are the product's words in
 * place (one single-source permutation per register, instead of two
 * two-source ones interleaving the squares afterwards) */
GF_ZI fz fz_sqr(fz a)
{
    /* each register's words (a0, ..., a7) as (a0, a4, a1, a5, a2, a6, a3, a7):
     * the low words of its lanes square to the product's first register,
     * the high words to the second */
    const __m512i ix = _mm512_set_epi64(7, 3, 6, 2, 5, 1, 4, 0);
    __m512i T[GF_ZT];
    GF_UNROLL
    for (int u = 0; u < GF_ZT; u++) T[u] = _mm512_setzero_si512();
    GF_UNROLL
    for (int u = 0; u < GF_ZR; u++) {
        const __m512i b = _mm512_permutexvar_epi64(ix, a.v[u]);
        if (2 * u < GF_ZT) T[2 * u] = _mm512_clmulepi64_epi128(b, b, 0x00);
        if (2 * u + 1 < GF_ZT) T[2 * u + 1] = _mm512_clmulepi64_epi128(b, b, 0x11);
    }
    return fz_reduce(T);
}

#if GF_NW <= 4
/* ---- two elements per register (up to 4 words) ----
 * A pair (e0, e1) is one register, e0 in words 0-3 and e1 in words 4-7; a
 * pair of products (up to 8 words each) is two registers, P[0] holding
 * words 0-3 of each (e0's in the low half, e1's in the high one) and P[1]
 * words 4-7. fz2_mul multiplies two pairs half by half (e0 f0, e1 f1) by
 * the offset sums of gf_zmul_core, written again for this layout (the sums
 * move within each half), every lane now in use; the ladder takes
 * its independent products two at a time this way. */
#define GF_ZPOS(h, w) ((w) / 4 * 8 + 4 * (h) + (w) % 4) /* word w of half h in permutex2var's numbering */

/* register r of the product pair P moved by d words (d > 0 down, d < 0 up)
 * within each half, zero filled */
GF_ZI __m512i gf_z2move(const __m512i P[2], int d, int r)
{
    if (d % 4 == 0) /* whole registers */
        return r + d / 4 == 0 || r + d / 4 == 1 ? P[r + d / 4] : _mm512_setzero_si512();
    long long ix[8];
    unsigned k = 0;
    GF_UNROLL
    for (int h = 0; h < 2; h++) {
        GF_UNROLL
        for (int q = 0; q < 4; q++) {
            const int src = 4 * r + q + d;
            ix[4 * h + q] = src >= 0 && src < 8 ? GF_ZPOS(h, src) : 0;
            k |= (unsigned)(src >= 0 && src < 8) << (4 * h + q);
        }
    }
    return _mm512_maskz_permutex2var_epi64((__mmask8)k, P[0],
                                           _mm512_set_epi64(ix[7], ix[6], ix[5], ix[4], ix[3], ix[2], ix[1], ix[0]), P[1]);
}

/* register 0 (words 0-3 of each half) of P >> b and of P << b, bits */
GF_ZI __m512i gf_z2shr(const __m512i P[2], int b)
{
    const __m512i lo = gf_z2move(P, b / 64, 0);
    if (b % 64 == 0) return lo;
    const __m512i hi = gf_z2move(P, b / 64 + 1, 0);
    return _mm512_shrdv_epi64(lo, hi, _mm512_set1_epi64(b % 64)); /* the V form: clang wants a literal immediate */
}

GF_ZI __m512i gf_z2shl(const __m512i P[2], int b)
{
    const __m512i cur = gf_z2move(P, -(b / 64), 0), prev = gf_z2move(P, -(b / 64 + 1), 0);
    return _mm512_shldv_epi64(cur, prev, _mm512_set1_epi64(b % 64));
}

/* the pair t (two products) mod f, as fz_reduce; the words of J r past
 * word 3 are past m (m <= 233 < 256) and are not needed */
GF_ZI __m512i fz2_reduce(const __m512i T[2])
{
    _Static_assert(GF_M % 64 != 0 && GF_ZFOLDS != 0 && GF_M < 256, "fz2_reduce's field");
    __m512i H2 = gf_z2shr(T, 2 * GF_M - GF_K1);
#if GF_NTERMS == 3
    H2 = _mm512_xor_si512(H2, _mm512_xor_si512(gf_z2shr(T, 2 * GF_M - GF_K2), gf_z2shr(T, 2 * GF_M - GF_K3)));
#endif
#if GF_ZFOLDS == 3
    H2 = _mm512_xor_si512(H2, gf_z2shr(T, 3 * GF_M - 2 * GF_K1)); /* H3, as in fz_reduce */
#endif
    const __m512i J = _mm512_xor_si512(gf_z2shr(T, GF_M), H2);
    __m512i G;
#if GF_K1 < 64
    const __m512i R = _mm512_set1_epi64((long long)GF_RWORD);
    const __m512i Po[2] = {_mm512_clmulepi64_epi128(J, R, 0x01), _mm512_setzero_si512()};
    G = _mm512_xor_si512(_mm512_clmulepi64_epi128(J, R, 0x00), gf_z2move(Po, -1, 0));
#else
    const __m512i Jp[2] = {J, _mm512_setzero_si512()};
    G = _mm512_xor_si512(J, gf_z2shl(Jp, GF_K1));
#endif
    const __m512i m = gf_zmaskm(0); /* one element's low m bits (words 0-3), for both halves */
    return _mm512_and_si512(_mm512_xor_si512(T[0], G), _mm512_shuffle_i64x2(m, m, 0x44));
}

/* (a0 b0, a1 b1) */
GF_ZI __m512i fz2_mul(__m512i a, __m512i b)
{
    /* zeroed for the compiler's flow analysis when the loop is not unrolled
     * (-O1); every element is written before it is read */
    __m512i Ev[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    __m512i Od[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
    GF_UNROLL
    for (int s = 0; s < 2; s++) {
        /* (b0_2s, b0_2s+1) in the low lanes, (b1_2s, b1_2s+1) in the high ones */
        const __m512i B = _mm512_permutexvar_epi64(
            _mm512_set_epi64(5 + 2 * s, 4 + 2 * s, 5 + 2 * s, 4 + 2 * s, 1 + 2 * s, 2 * s, 1 + 2 * s, 2 * s), b);
        const int bodd = 2 * s + 1 < GF_NW; /* b_2s+1 is a word of b (not so for word 3 of 3) */
        const __m512i e = _mm512_clmulepi64_epi128(a, B, 0x00);
        __m512i o = _mm512_clmulepi64_epi128(a, B, 0x01);
        if (bodd) o = _mm512_xor_si512(o, _mm512_clmulepi64_epi128(a, B, 0x10));
        const __m512i e2 = bodd ? _mm512_clmulepi64_epi128(a, B, 0x11) : _mm512_setzero_si512();
        if (s == 0) {
            Ev[0] = e;
            Od[0] = o;
            Ev[1] = e2;
        } else {
            Ev[1] = _mm512_xor_si512(Ev[1], e);
            Od[1] = o;
            Ev[2] = e2;
        }
    }
    /* each sum moved up by its offset, within its half */
    __m512i T[2];
    GF_UNROLL
    for (int r = 0; r < 2; r++) {
        const __m512i z = _mm512_setzero_si512();
        const __m512i E1[2] = {Ev[1], z}, E2[2] = {Ev[2], z}, O0[2] = {Od[0], z}, O1[2] = {Od[1], z};
        T[r] = _mm512_xor_si512(_mm512_xor_si512(r ? z : Ev[0], gf_z2move(E1, -2, r)),
                                _mm512_xor_si512(gf_z2move(E2, -4, r),
                                                 _mm512_xor_si512(gf_z2move(O0, -1, r), gf_z2move(O1, -3, r))));
    }
    return fz2_reduce(T);
}

/* (a0^2, a1^2) */
GF_ZI __m512i fz2_sqr(__m512i a)
{
    /* each half (a0, a1, a2, a3) as (a0, a2, a1, a3): the low words of its
     * two lanes square to words 0-3, the high words to words 4-7 */
    const __m512i b = _mm512_permutex_epi64(a, 0xd8);
    const __m512i T[2] = {_mm512_clmulepi64_epi128(b, b, 0x00), _mm512_clmulepi64_epi128(b, b, 0x11)};
    return fz2_reduce(T);
}
#endif

#endif
