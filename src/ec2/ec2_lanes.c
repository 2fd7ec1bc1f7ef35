/* SPDX-License-Identifier: Apache-2.0 */
/* Up to sixteen independent ECDH multiplications, signatures' k G or ECDSA
 * verifications on one binary field (GF_M), one per 64-bit lane of AVX-512
 * registers, with VPCLMULQDQ (ecp/ecp_lanes.h's ec_lanes). An element is GF_NW words,
 * word i of eight lanes in one register (g8, a group); one or two groups
 * side by side (gv), as in ecp/ecp_lanes.c.
 *
 * Product: VPCLMULQDQ with selector 0x00 multiplies the even lanes' words,
 * with 0x11 the odd lanes', each 128-bit product in its lane pair; the
 * column sums of both are interleaved back into lanes by UNPCKLQDQ (low
 * halves) and UNPCKHQDQ (high halves, one word up): 2 GF_NW^2 VPCLMULQDQ
 * for eight products, fewer by one level of Karatsuba from four words on.
 * Square: 2 GF_NW. Reduction: the word folds of
 * gf2m/gf2m_reduce.h (x^m = x^K1 (+ x^K2 + x^K3) + 1), on the eight lanes
 * at once. Inversion: Itoh-Tsujii, a^(2^m - 2) by an addition chain on
 * m - 1.
 *
 * The multiplication is the x-only Montgomery ladder of the single calls on
 * random curves (ec2/ec2_ladder.h, the step of ec2/ec2_formulas.h) lane by
 * lane, the swaps by per-lane masks from each lane's scalar bit: the same
 * instructions whatever the lanes hold, constant-time in each lane's data.
 * The Koblitz curves take it too, though their single calls use the
 * tau-adic multiplication (the same x), except where that is the faster
 * (sect571k1: its table, ec2_lanes_sv_gf571, has no mul_x).
 *
 * Signing's k G is the single calls' comb (ec2/ec2_base.h) lane by lane,
 * every row of the fixed-base table scanned whole and each lane's entry
 * chosen by mask (lanes_mul_base_x). Verification (public data) runs the
 * ladder on u2 and Q, recovers u2 Q's y from the ladder's two points, and
 * adds u1 G by the same table, each lane's entry gathered by its digit
 * (lanes_verify). */
#include <immintrin.h>
#include <stdatomic.h>
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "ec2/ec2_formulas.h"
#include "ecp/ecp_lanes.h"
#include "ecp/ecp_lanes_groups.h"
#include "gen/gf2m_consts.h"

#define NW ((GF_M + 63) / 64)
#define TOPBITS (GF_M - 64 * (NW - 1))
#define B8_TARGET __attribute__((target("avx512f,vpclmulqdq")))
#define B8I static inline __attribute__((always_inline)) B8_TARGET
#define B8F static __attribute__((noinline)) B8_TARGET
#define B8_UNROLL _Pragma("GCC unroll 32")

_Static_assert(GF_K1 + 64 <= GF_M, "the folds need K1 < m - 63");

typedef struct {
    __m512i w[NW];
} g8;

/* z ^= w x^pos (pos below the word being folded; shifts of 64 give 0) */
B8I void g8_fold(__m512i *z, int pos, __m512i w)
{
    const int q = pos / 64, s = pos % 64;
    z[q] = _mm512_xor_si512(z[q], _mm512_sllv_epi64(w, bc((uint64_t)s)));
    if (s) z[q + 1] = _mm512_xor_si512(z[q + 1], _mm512_srlv_epi64(w, bc((uint64_t)(64 - s))));
}

B8I void g8_fold_all(__m512i *z, int pos, __m512i w)
{
    g8_fold(z, pos, w);
    g8_fold(z, pos + GF_K1, w);
#if GF_NTERMS == 3
    g8_fold(z, pos + GF_K2, w);
    g8_fold(z, pos + GF_K3, w);
#endif
}

/* t (2 NW words, plus a spill word) mod the field polynomial */
B8I void g8_reduce(g8 *r, __m512i *t)
{
    t[2 * NW] = _mm512_setzero_si512();
    B8_UNROLL for (int j = 2 * NW - 1; j >= NW; j--) {
        const __m512i w = t[j];
        t[j] = _mm512_setzero_si512();
        g8_fold_all(t, 64 * j - GF_M, w);
    }
    const __m512i w = _mm512_srlv_epi64(t[NW - 1], bc(TOPBITS));
    t[NW - 1] = _mm512_and_si512(t[NW - 1], bc(TOPBITS == 64 ? ~0ULL : (1ULL << (TOPBITS % 64)) - 1));
    g8_fold_all(t, 0, w);
    B8_UNROLL for (int i = 0; i < NW; i++) r->w[i] = t[i];
}

/* the column sums of the n x n word products: even lanes' in e, odd in o */
B8I void g8_cols(__m512i *e, __m512i *o, const __m512i *a, const __m512i *b, int n)
{
    B8_UNROLL for (int k = 0; k < 2 * n - 1; k++) e[k] = o[k] = _mm512_setzero_si512();
    B8_UNROLL for (int i = 0; i < n; i++) B8_UNROLL for (int j = 0; j < n; j++) {
            e[i + j] = _mm512_xor_si512(e[i + j], _mm512_clmulepi64_epi128(a[i], b[j], 0x00));
            o[i + j] = _mm512_xor_si512(o[i + j], _mm512_clmulepi64_epi128(a[i], b[j], 0x11));
        }
}

/* From four words on, one level of Karatsuba on the column sums (they are
 * linear in each operand): A = A0 + x^(64 H) A1, the middle part
 * (A0 + A1)(B0 + B1) - A0 B0 - A1 B1, so 2 (H^2 + K^2 + H^2) VPCLMULQDQ
 * instead of 2 NW^2 (three words: as many, so the schoolbook) */
B8F void g8_mul(g8 *r, const g8 *a, const g8 *b)
{
    __m512i e[2 * NW - 1], o[2 * NW - 1], t[2 * NW + 1];
#if NW >= 4
    enum { H = (NW + 1) / 2, K = NW - H };
    __m512i sa[H], sb[H], e0[2 * H - 1], o0[2 * H - 1], e1[2 * H - 1], o1[2 * H - 1], e2[2 * K - 1], o2[2 * K - 1];
    B8_UNROLL for (int i = 0; i < H; i++) {
        sa[i] = i < K ? _mm512_xor_si512(a->w[i], a->w[H + i]) : a->w[i];
        sb[i] = i < K ? _mm512_xor_si512(b->w[i], b->w[H + i]) : b->w[i];
    }
    g8_cols(e0, o0, a->w, b->w, H);
    g8_cols(e2, o2, a->w + H, b->w + H, K);
    g8_cols(e1, o1, sa, sb, H);
    B8_UNROLL for (int k = 0; k < 2 * NW - 1; k++) e[k] = o[k] = _mm512_setzero_si512();
    B8_UNROLL for (int k = 0; k < 2 * H - 1; k++) {
        __m512i me = _mm512_xor_si512(e1[k], e0[k]), mo = _mm512_xor_si512(o1[k], o0[k]);
        if (k < 2 * K - 1) {
            me = _mm512_xor_si512(me, e2[k]);
            mo = _mm512_xor_si512(mo, o2[k]);
            e[2 * H + k] = _mm512_xor_si512(e[2 * H + k], e2[k]);
            o[2 * H + k] = _mm512_xor_si512(o[2 * H + k], o2[k]);
        }
        e[k] = _mm512_xor_si512(e[k], e0[k]), o[k] = _mm512_xor_si512(o[k], o0[k]);
        e[H + k] = _mm512_xor_si512(e[H + k], me), o[H + k] = _mm512_xor_si512(o[H + k], mo);
    }
#else
    g8_cols(e, o, a->w, b->w, NW);
#endif
    t[0] = _mm512_unpacklo_epi64(e[0], o[0]);
    B8_UNROLL for (int k = 1; k < 2 * NW - 1; k++)
        t[k] = _mm512_xor_si512(_mm512_unpacklo_epi64(e[k], o[k]), _mm512_unpackhi_epi64(e[k - 1], o[k - 1]));
    t[2 * NW - 1] = _mm512_unpackhi_epi64(e[2 * NW - 2], o[2 * NW - 2]);
    g8_reduce(r, t);
}

B8F void g8_sqr(g8 *r, const g8 *a)
{
    __m512i t[2 * NW + 1];
    B8_UNROLL for (int i = 0; i < NW; i++) {
        const __m512i e = _mm512_clmulepi64_epi128(a->w[i], a->w[i], 0x00);
        const __m512i o = _mm512_clmulepi64_epi128(a->w[i], a->w[i], 0x11);
        t[2 * i] = _mm512_unpacklo_epi64(e, o);
        t[2 * i + 1] = _mm512_unpackhi_epi64(e, o);
    }
    g8_reduce(r, t);
}

B8I void g8_add(g8 *r, const g8 *a, const g8 *b)
{
    B8_UNROLL for (int i = 0; i < NW; i++) r->w[i] = _mm512_xor_si512(a->w[i], b->w[i]);
}

/* a <-> b in the lanes of m */
B8I void g8_cswap(g8 *a, g8 *b, __mmask8 m)
{
    B8_UNROLL for (int i = 0; i < NW; i++) {
        const __m512i x = _mm512_maskz_mov_epi64(m, _mm512_xor_si512(a->w[i], b->w[i]));
        a->w[i] = _mm512_xor_si512(a->w[i], x);
        b->w[i] = _mm512_xor_si512(b->w[i], x);
    }
}

B8I __mmask8 g8_is_zero(const g8 *a)
{
    __m512i z = a->w[0];
    B8_UNROLL for (int i = 1; i < NW; i++) z = _mm512_or_si512(z, a->w[i]);
    return _mm512_cmpeq_epi64_mask(z, _mm512_setzero_si512());
}

/* One or two groups side by side (ecp/ecp_lanes_groups.h) */
typedef struct {
    g8 g[NG];
} gv;
/* A group beyond ng is never read, but GCC cannot tell which groups the
 * temporaries got from a count known at run time. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

B8F void gv_mul(gv *r, const gv *a, const gv *b, int ng) { GROUPS(j) g8_mul(&r->g[j], &a->g[j], &b->g[j]); }
B8F void gv_sqr(gv *r, const gv *a, int ng) { GROUPS(j) g8_sqr(&r->g[j], &a->g[j]); }
B8I void gv_add(gv *r, const gv *a, const gv *b, int ng) { GROUPS(j) g8_add(&r->g[j], &a->g[j], &b->g[j]); }
B8I void gv_cswap(gv *a, gv *b, lmask m, int ng) { GROUPS(j) g8_cswap(&a->g[j], &b->g[j], GMASK(m, j)); }
B8I lmask gv_is_zero(const gv *a, int ng)
{
    lmask z = 0;
    GROUPS(j) z |= (lmask)g8_is_zero(&a->g[j]) << (GL * j);
    return z;
}
B8I void gv_set(gv *r, const uint64_t *w, int ng)
{
    GROUPS(j) B8_UNROLL for (int i = 0; i < NW; i++) r->g[j].w[i] = bc(w[i]);
}

/* r = a^(2^k) */
B8F void gv_sqr_n(gv *r, const gv *a, int k, int ng)
{
    *r = *a;
    for (int i = 0; i < k; i++) gv_sqr(r, r, ng);
}

/* r = a^-1 = a^(2^m - 2) (0 for 0): with x_k = a^(2^k - 1),
 * x_2k = x_k^(2^k) x_k and x_(k+1) = x_k^2 a, along the bits of m - 1;
 * then r = x_(m-1)^2 */
B8F void gv_inv(gv *r, const gv *a, int ng)
{
    gv x = *a, t;
    int k = 1, top = 31 - __builtin_clz(GF_M - 1);
    for (int b = top - 1; b >= 0; b--) {
        gv_sqr_n(&t, &x, k, ng);
        gv_mul(&x, &t, &x, ng);
        k *= 2;
        if (((GF_M - 1) >> b) & 1) {
            gv_sqr(&t, &x, ng);
            gv_mul(&x, &t, a, ng);
            k++;
        }
    }
    gv_sqr(r, &x, ng);
    ct_wipe(&x, sizeof x);
    ct_wipe(&t, sizeof t);
}

/* the lanes' big-endian GF_BYTES-byte values to words */
B8I void gv_from_bytes(gv *r, const uint8_t *const in[EC_LANES], size_t fs, int ng)
{
    GROUPS(j)
    {
        uint64_t w[NW][GL];
        memset(w, 0, sizeof w);
        for (int l = 0; l < GL; l++)
            for (size_t b = 0; b < fs; b++) {
                const unsigned bit = (unsigned)(8 * (fs - 1 - b));
                w[bit / 64][l] |= (uint64_t)in[GL * j + l][b] << (bit % 64);
            }
        for (int i = 0; i < NW; i++) r->g[j].w[i] = _mm512_loadu_si512(w[i]);
    }
}

B8I void gv_to_bytes(uint8_t *const out[EC_LANES], const gv *a, size_t fs, int ng)
{
    GROUPS(j)
    {
        uint64_t w[NW][GL];
        for (int i = 0; i < NW; i++) _mm512_storeu_si512(w[i], a->g[j].w[i]);
        for (int l = 0; l < GL; l++)
            for (size_t b = 0; b < fs; b++) {
                const unsigned bit = (unsigned)(8 * (fs - 1 - b));
                out[GL * j + l][b] = (uint8_t)(w[bit / 64][l] >> (bit % 64));
            }
        ct_wipe(w, sizeof w);
    }
}

/* the ladder's step on gv (ec2/ec2_formulas.h) */
#define GV_T gv
#define GV_MUL(r, a, b) gv_mul(&(r), &(a), &(b), ng)
#define GV_SQR(r, a) gv_sqr(&(r), &(a), ng)
#define GV_ADD(r, a, b) gv_add(&(r), &(a), &(b), ng)
#define GV_COPY(r, a) ((r) = (a))
#define GV_MULSB(r, t)                                                                                               \
    do {                                                                                                             \
        if (!b_one) gv_mul(&(r), sb, &(t), ng);                                                                     \
    } while (0)

/* (X1, Z1) = k P and (X2, Z2) = (k + 1) P by lanes for P's x, k <
 * 2^nbits (public count) */
B8F void gv_ladder(gv *X1, gv *Z1, gv *X2, gv *Z2, const gv *x, const gv *sb, int b_one, const sc_t *const k[EC_LANES],
                   unsigned nbits, int ng)
{
    __m512i kw[NG][SC_MAX_LIMBS];
    const uint64_t one[NW] = {1}, zero[NW] = {0};
    gv_set(X1, one, ng);
    gv_set(Z1, zero, ng);
    *X2 = *x;
    gv_set(Z2, one, ng);
    GROUPS(j) for (int i = 0; i < SC_MAX_LIMBS; i++)
    {
        uint64_t v[GL];
        for (int l = 0; l < GL; l++) v[l] = k[GL * j + l]->v[i];
        kw[j][i] = _mm512_loadu_si512(v);
        ct_wipe(v, sizeof v);
    }
    lmask prev = 0;
    for (int i = (int)nbits - 1; i >= 0; i--) {
        lmask bits = 0;
        GROUPS(j) bits |= (lmask)_mm512_test_epi64_mask(kw[j][i / 64], bc(1ULL << (i % 64))) << (GL * j);
        const lmask sw = bits ^ prev;
        prev = bits;
        gv_cswap(X1, X2, sw, ng);
        gv_cswap(Z1, Z2, sw, ng);
        EC2_LADDER_STEP(GV, GV_MULSB, *X1, *Z1, *X2, *Z2, *x);
    }
    gv_cswap(X1, X2, prev, ng);
    gv_cswap(Z1, Z2, prev, ng);
    ct_wipe(kw, sizeof kw);
    ct_wipe(&prev, sizeof prev);
}

/* the ladder's sqrt(b) = b^(2^(m-1)) in every lane (X^4 + b Z^4 =
 * (X^2 + sqrt(b) Z^2)^2); returns whether b = 1 (the product skipped) */
B8I int gv_sqrt_b(gv *sb, const ec2_params *e, int ng)
{
    const uint64_t one[NW] = {1};
    gv_set(sb, e->b, ng);
    gv_sqr_n(sb, sb, GF_M - 1, ng);
    return !memcmp(e->b, one, sizeof one);
}

B8_TARGET static unsigned lanes_mul_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                      const sc_t *const k[EC_LANES], const uint8_t *const xy[EC_LANES], unsigned m)
{
    const int ng = groups_for(m);
    gv x, sb, X1, Z1, X2, Z2, zi;
    gv_from_bytes(&x, xy, c->field_size, ng);
    const int b_one = gv_sqrt_b(&sb, c->ec2, ng);
    gv_ladder(&X1, &Z1, &X2, &Z2, &x, &sb, b_one, k, c->sc.nbits, ng);
    const lmask inf = gv_is_zero(&Z1, ng);
    gv_inv(&zi, &Z1, ng);
    gv_mul(&X1, &X1, &zi, ng);
    gv_to_bytes(x_out, &X1, c->field_size, ng);
    ct_wipe(&X1, sizeof X1);
    ct_wipe(&Z1, sizeof Z1);
    ct_wipe(&X2, sizeof X2);
    ct_wipe(&Z2, sizeof Z2);
    ct_wipe(&zi, sizeof zi);
    return inf & (lmask)(((uint64_t)1 << (GL * ng)) - 1);
}

/* ---- verification (public data, variable time) ---- */

/* a lambda-projective point in every lane (ec2/ec2_lambda.h): x = X/Z,
 * lambda = x + y/x = L/Z; Z = 0 is the point at infinity */
typedef struct {
    gv X, L, Z;
} lv;

/* r = a in the lanes of m */
B8I void gv_select(gv *r, lmask m, const gv *a, int ng)
{
    GROUPS(j) B8_UNROLL for (int i = 0; i < NW; i++) r->g[j].w[i] =
        _mm512_mask_mov_epi64(r->g[j].w[i], GMASK(m, j), a->g[j].w[i]);
}

B8I void lv_select(lv *r, lmask m, const lv *a, int ng)
{
    gv_select(&r->X, m, &a->X, ng);
    gv_select(&r->L, m, &a->L, ng);
    gv_select(&r->Z, m, &a->Z, ng);
}

/* the lanes' little-endian words (NW each) */
B8I void gv_from_words(gv *r, const uint64_t *const w[EC_LANES], int ng)
{
    GROUPS(j) for (int i = 0; i < NW; i++)
    {
        uint64_t v[GL];
        for (int l = 0; l < GL; l++) v[l] = w[GL * j + l][i];
        r->g[j].w[i] = _mm512_loadu_si512(v);
    }
}

/* B = k P, lambda-projective, from P = (x, y) and the ladder's pair
 * (X1, Z1) = k P, (X2, Z2) = (k + 1) P, by López and Dahab's recovery
 * y1 = (x1 + x) ((x1 + x)(x2 + x) + x^2 + y) / x + y with no inversion:
 * V = X1 + x Z1, U = X2 + x Z2, E = x Z1 Z2, D = E Z1,
 * W = V U + (x^2 + y) Z1 Z2, so y1 = (V W + y D) / D and x1 = X1 / Z1;
 * with Z = X1 D, X = x1 Z = X1^2 E and L = lambda1 Z = X + (V W + y D) Z1
 * (12M + 2S). Where (k + 1) P is the identity (Z2 = 0: k = n - 1), B = -P
 * = (x^2, x^2 + x + y, x). Z1 is never 0 (1 <= k < n) nor X1 (no point of
 * order 2 in the subgroup). */
B8F void lv_recover(lv *B, const gv *x, const gv *y, const gv *X1, const gv *Z1, const gv *X2, const gv *Z2, int ng)
{
    gv ZZ, E, V, U, W, t, D;
    gv_mul(&ZZ, Z1, Z2, ng);
    gv_mul(&E, x, &ZZ, ng);
    gv_mul(&V, x, Z1, ng);
    gv_add(&V, &V, X1, ng);
    gv_mul(&U, x, Z2, ng);
    gv_add(&U, &U, X2, ng);
    gv_mul(&W, &V, &U, ng);
    gv_sqr(&t, x, ng);
    gv_add(&t, &t, y, ng);
    gv_mul(&t, &t, &ZZ, ng);
    gv_add(&W, &W, &t, ng);
    gv_mul(&D, &E, Z1, ng);
    gv_mul(&W, &V, &W, ng);
    gv_mul(&t, y, &D, ng);
    gv_add(&W, &W, &t, ng);
    gv_mul(&W, &W, Z1, ng);
    gv_sqr(&t, X1, ng);
    gv_mul(&B->X, &t, &E, ng);
    gv_add(&B->L, &B->X, &W, ng);
    gv_mul(&B->Z, X1, &D, ng);
    const lmask top = gv_is_zero(Z2, ng);
    if (top) {
        lv N;
        gv_sqr(&N.X, x, ng);
        gv_add(&N.L, &N.X, x, ng);
        gv_add(&N.L, &N.L, y, ng);
        N.Z = *x;
        lv_select(B, top, &N, ng);
    }
}

/* ---- signing's k G (constant-time in each k) ---- */

/* the entry of each lane's digit in row (ne entries of x then lambda, NW
 * words each), lambda + 1 for a negative digit (-(x, lambda) = (x, lambda +
 * 1)), (0, 0) for 0: every entry read, chosen by mask. Returns the lanes
 * with digit 0. */
B8I lmask gv_select_row(gv *x, gv *l, const uint64_t *row, unsigned ne, const int8_t *d, size_t ds, unsigned i,
                        int ng)
{
    lmask z = 0;
    GROUPS(j) {
        __mmask8 neg;
        const __m512i mag = digits_at(d, ds, j, i, &neg);
        g8 *xj = &x->g[j], *lj = &l->g[j];
        B8_UNROLL for (int k = 0; k < NW; k++) xj->w[k] = lj->w[k] = _mm512_setzero_si512();
        for (unsigned e = 0; e < ne; e++) {
            const __mmask8 m = _mm512_cmpeq_epi64_mask(mag, bc((uint64_t)e + 1));
            const uint64_t *ent = row + (size_t)e * 2 * NW;
            B8_UNROLL for (int k = 0; k < NW; k++) {
                xj->w[k] = _mm512_mask_mov_epi64(xj->w[k], m, bc(ent[k]));
                lj->w[k] = _mm512_mask_mov_epi64(lj->w[k], m, bc(ent[NW + k]));
            }
        }
        lj->w[0] = _mm512_mask_xor_epi64(lj->w[0], neg, lj->w[0], bc(1));
        z |= (lmask)_mm512_cmpeq_epi64_mask(mag, _mm512_setzero_si512()) << (GL * j);
    }
    return z;
}

/* ec2/ec2_base.h's step in every lane but those of skip: acc += (x2, l2),
 * lambda-affine, the special cases by masks: acc the identity gives
 * (x2, l2); acc = (x2, l2) the entry's doubling (EC2_LAM_DBL_AFF), computed
 * as dbl says: LV_DBL_NEVER, LV_DBL_ALWAYS (constant time, at a public
 * position where it can occur) or LV_DBL_IF_MET (public data: only when
 * some lane meets it); acc = -(x2, l2) gives Z3 = 0 from the formula. Its
 * temporaries are not wiped at every step: the batch calls clear the work
 * stack and registers once, after the last group (ws_run). */
enum { LV_DBL_NEVER, LV_DBL_ALWAYS, LV_DBL_IF_MET };
B8F void lv_madd(lv *acc, const gv *x2, const gv *l2, const gv *av, lmask skip, int dbl, int ng)
{
    const uint64_t one[NW] = {1};
    lv S, T;
    gv A, B;
    const lmask ainf = gv_is_zero(&acc->Z, ng);
    EC2_LAM_MADD(GV, S.X, S.L, S.Z, A, B, acc->X, acc->L, acc->Z, *x2, *l2);
    if (dbl != LV_DBL_NEVER) {
        const lmask same = gv_is_zero(&A, ng) & gv_is_zero(&B, ng);
        if (dbl == LV_DBL_ALWAYS || (same & ~ainf & ~skip)) {
            lv D;
            EC2_LAM_DBL_AFF(GV, D.X, D.L, D.Z, *x2, *l2, *av);
            lv_select(&S, same, &D, ng);
        }
    }
    T.X = *x2;
    T.L = *l2;
    gv_set(&T.Z, one, ng);
    lv_select(&S, ainf, &T, ng);
    lv_select(acc, ~skip, &S, ng);
}

/* x(k_l G) in every lane, k_l in [0, n - 1]: ec2/ec2_base.h's comb lane by
 * lane over the fixed-base table of G, every row scanned whole. Returns the
 * lanes where k G is the identity (x_out zero there). */
B8_TARGET static unsigned lanes_mul_base_x(const struct fastec_curve *c, uint8_t *const x_out[EC_LANES],
                                           const sc_t *const k[EC_LANES], unsigned m)
{
    const int ng = groups_for(m);
    const ec2_params *e = c->ec2;
    const unsigned w = e->base_w, ne = 1u << (w - 1);
    const uint64_t one[NW] = {1}, zero[NW] = {0};
    int8_t d[EC_LANES][SC_MAX_LIMBS * 16 + 2];
    lv acc;
    gv x, l, av, zi;
    for (int i = 0; i < GL * ng; i++) sc_recode(d[i], k[i]->v, e->base_pos, w);
    gv_set(&av, e->a, ng);
    gv_set(&acc.X, one, ng);
    gv_set(&acc.L, zero, ng);
    gv_set(&acc.Z, zero, ng);
    for (unsigned i = 0; i < e->base_pos; i++) {
        const lmask skip = gv_select_row(&x, &l, e->base + ((size_t)i << (w - 1)) * 2 * NW, ne, &d[0][0], sizeof d[0],
                                         i, ng);
        lv_madd(&acc, &x, &l, &av, skip, i >= e->base_exc ? LV_DBL_ALWAYS : LV_DBL_NEVER, ng);
    }
    const lmask inf = gv_is_zero(&acc.Z, ng);
    gv_inv(&zi, &acc.Z, ng);
    gv_mul(&acc.X, &acc.X, &zi, ng);
    gv_to_bytes(x_out, &acc.X, c->field_size, ng);
    ct_wipe(d, sizeof d);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&x, sizeof x);
    ct_wipe(&l, sizeof l);
    ct_wipe(&zi, sizeof zi);
    return inf & (lmask)(((uint64_t)1 << (GL * ng)) - 1);
}

/* The lanes where x(u1 G + u2 Q) mod n = r. u2 Q by the ladder (u2 in [1,
 * n - 1]) and the recovery above; then u1 G added to it by the fixed-base
 * table of G (ec2/ec2_base.h's comb, variable-time: each lane's entry
 * gathered by its digit, the positions where every lane's digit is 0
 * skipped); then x(R) = X/Z tested against every c = r + j n below 2^m
 * as c Z = X. */
B8_TARGET static unsigned lanes_verify(const struct fastec_curve *c, const uint8_t *const xy[EC_LANES],
                                       const sc_t *const u1[EC_LANES], const sc_t *const u2[EC_LANES],
                                       const sc_t *const r[EC_LANES], unsigned m)
{
    const int ng = groups_for(m), nl = GL * ng;
    const ec2_params *e = c->ec2;
    const size_t fs = c->field_size;
    const unsigned w = e->base_w;
    const uint8_t *yb[EC_LANES];
    gv x, y, sb, X1, Z1, X2, Z2, av, tx, tl;
    lv acc;
    for (int l = 0; l < EC_LANES; l++) yb[l] = xy[l] + fs;
    gv_from_bytes(&x, xy, fs, ng);
    gv_from_bytes(&y, yb, fs, ng);
    const int b_one = gv_sqrt_b(&sb, e, ng);
    gv_ladder(&X1, &Z1, &X2, &Z2, &x, &sb, b_one, u2, c->sc.nbits, ng);
    lv_recover(&acc, &x, &y, &X1, &Z1, &X2, &Z2, ng);
    gv_set(&av, e->a, ng);
    int8_t d[EC_LANES][SC_MAX_LIMBS * 16 + 2];
    for (int l = 0; l < nl; l++) sc_recode(d[l], u1[l]->v, e->base_pos, w);
    for (unsigned i = 0; i < e->base_pos; i++) {
        lmask nz = 0;
        GROUPS(j) {
            __mmask8 neg;
            const __m512i vi = lanes_row_offsets(&d[0][0], sizeof d[0], j, i, 1u << (w - 1), 2 * NW, &nz, &neg);
            for (int k = 0; k < NW; k++) {
                tx.g[j].w[k] = _mm512_i64gather_epi64(vi, e->base + k, 8);
                tl.g[j].w[k] = _mm512_i64gather_epi64(vi, e->base + NW + k, 8);
            }
            /* -(x, lambda) = (x, lambda + 1) */
            tl.g[j].w[0] = _mm512_mask_xor_epi64(tl.g[j].w[0], neg, tl.g[j].w[0], bc(1));
        }
        if (nz) lv_madd(&acc, &tx, &tl, &av, ~nz, LV_DBL_IF_MET, ng);
    }
    /* x(R) = X/Z against c = r, r + n, ... while below 2^m */
    const lmask lanes = (lmask)(((uint64_t)1 << nl) - 1), live = ~gv_is_zero(&acc.Z, ng) & lanes;
    uint64_t cand[EC_LANES][NW + 1];
    const uint64_t *cw[EC_LANES];
    lmask ok = 0;
    for (int l = 0; l < nl; l++) {
        memset(cand[l], 0, sizeof cand[l]);
        memcpy(cand[l], r[l]->v, c->sc.nlimbs * sizeof(uint64_t));
        cw[l] = cand[l];
    }
    for (;;) {
        lmask fits = 0;
        for (int l = 0; l < nl; l++)
            fits |= (lmask)(cand[l][NW] == 0 && (TOPBITS % 64 == 0 || cand[l][NW - 1] >> (TOPBITS % 64) == 0)) << l;
        fits &= live & ~ok;
        if (!fits) break;
        gv t;
        gv_from_words(&t, cw, ng);
        gv_mul(&t, &t, &acc.Z, ng);
        gv_add(&t, &t, &acc.X, ng);
        ok |= gv_is_zero(&t, ng) & fits;
        for (int l = 0; l < nl; l++) sc_add_n_vartime(&c->sc, cand[l], NW + 1);
    }
    return ok;
}

extern const ec_lanes LANES_NAME(ec2_lanes_gf, GF_M);
const ec_lanes LANES_NAME(ec2_lanes_gf, GF_M) = {
    .backend = "vpclmul512",
    .mul_x = lanes_mul_x,
    .mul_base_x = lanes_mul_base_x,
    .verify = lanes_verify,
};

/* signing and verification only: for a Koblitz curve whose tau-adic single
 * ECDH beats the ladder in lanes (the generator's EC2_LANES_NOT) */
extern const ec_lanes LANES_NAME(ec2_lanes_sv_gf, GF_M);
const ec_lanes LANES_NAME(ec2_lanes_sv_gf, GF_M) = {
    .backend = "vpclmul512",
    .mul_base_x = lanes_mul_base_x,
    .verify = lanes_verify,
};
