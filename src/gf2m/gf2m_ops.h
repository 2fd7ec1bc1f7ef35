/* SPDX-License-Identifier: Apache-2.0 */
/* Powers, GF(2)-linear maps, inversion, square root, trace and half-trace,
 * conversion to and from bytes: the same code for every backend. Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_OPS_H
#define FASTEC_GF2M_OPS_H

/* r = a^(2^n); n is public */
GF_FN void fe_sqrn(fe r, const fe a, int n)
{
    fe_copy(r, a);
    for (int i = 0; i < n; i++) fe_sqr(r, r);
}

/* a = a^(2^n), b = b^(2^n), c = c^(2^n) in place (the Frobenius map of a
 * point, applied n times): the three squaring chains interleaved, so that
 * their latencies overlap instead of adding up; n is public */
GF_FN void fe_sqrn3(fe a, fe b, fe c, int n)
{
    for (int i = 0; i < n; i++) {
        fe_sqr(a, a);
        fe_sqr(b, b);
        fe_sqr(c, c);
    }
}

/* r = M a for a GF(2)-linear map M given by output word: M[j][i] is word j
 * of M x^i (zero for i >= m). Every entry is read and masked by bit i of
 * a, so the time does not depend on a: about m NW simple operations against
 * ~m/2 dependent squarings for the maps it stands for (tools/gen_curves.py);
 * with AVX-512 eight bits of a at a time are a mask register for one
 * masked XOR per word (no mask arithmetic per bit); with AVX2 four bits at a
 * time become four lane masks (a variable shift puts each bit at the top of
 * its lane, a signed comparison with zero spreads it), then one AND and one
 * XOR per word. */
#if GF_BACKEND == GF_VPCLMUL512
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    __m512i acc[GF_NW];
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) acc[j] = _mm512_setzero_si512();
    for (int g = 0; g < GF_MAP_COLS / 8; g++) {
        const __mmask8 k = (__mmask8)(a[g / 8] >> (8 * (g % 8)));
        GF_UNROLL
        for (int j = 0; j < GF_NW; j++)
            acc[j] = _mm512_mask_xor_epi64(acc[j], k, acc[j], _mm512_loadu_si512((const void *)(M[j] + 8 * g)));
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) { /* the XOR of the eight lanes */
        __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(acc[j]), _mm512_extracti64x4_epi64(acc[j], 1));
        __m128i q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
        r[j] = (uint64_t)_mm_cvtsi128_si64(q) ^ (uint64_t)_mm_extract_epi64(q, 1);
    }
}
#elif GF_BACKEND == GF_VPCLMUL256
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    __m256i acc[GF_NW];
    const __m256i zero = _mm256_setzero_si256();
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) acc[j] = zero;
    const __m256i sh = _mm256_set_epi64x(60, 61, 62, 63);
    for (int g = 0; g < GF_MAP_COLS / 4; g++) {
        /* bit 4g + lane of a to the top of the lane, then to all of it */
        const __m256i v = _mm256_set1_epi64x((long long)a[g / 16]);
        const __m256i top = _mm256_sllv_epi64(v, _mm256_sub_epi64(sh, _mm256_set1_epi64x(4 * (g % 16))));
        const __m256i mk = _mm256_cmpgt_epi64(zero, top);
        GF_UNROLL
        for (int j = 0; j < GF_NW; j++)
            acc[j] = _mm256_xor_si256(acc[j], _mm256_and_si256(mk, _mm256_loadu_si256((const __m256i *)(M[j] + 4 * g))));
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) { /* the XOR of the four lanes */
        const __m128i q = _mm_xor_si128(_mm256_castsi256_si128(acc[j]), _mm256_extracti128_si256(acc[j], 1));
        r[j] = (uint64_t)_mm_cvtsi128_si64(q) ^ (uint64_t)_mm_extract_epi64(q, 1);
    }
}
#else
GF_FN void fe_linmap(fe r, const uint64_t (*M)[GF_MAP_COLS], const fe a)
{
    uint64_t acc[GF_NW] = {0};
    for (int w = 0; w < GF_NW; w++) {
        uint64_t v = a[w];
        const int nb = (w == GF_NW - 1) ? GF_M - 64 * (GF_NW - 1) : 64;
        for (int b = 0; b < nb; b++) {
            const uint64_t mask = (uint64_t)0 - ((v >> b) & 1);
            GF_UNROLL
            for (int j = 0; j < GF_NW; j++) acc[j] ^= mask & M[j][64 * w + b];
        }
    }
    GF_UNROLL
    for (int j = 0; j < GF_NW; j++) r[j] = acc[j];
}
#endif

/* r = a^-1 (0 for a = 0), Itoh–Tsujii: a^-1 = (a^(2^(m-1) - 1))^2, with
 * beta_k = a^(2^k - 1) built along the binary expansion of m - 1:
 * beta_{2k} = beta_k^(2^k) beta_k, beta_{k+1} = beta_k^2 a. ~m S + 2 log m M,
 * but the last and longest run (k = GF_SQRK = (m - 1)/2) is one fe_linmap,
 * and with the VPCLMULQDQ backends, whose fe_linmap costs 3-27 squarings
 * (AVX-512 3-14 and AVX2 5-16 up to 409 bits, both 25-27 at 571), the two
 * runs before it (GF_SQRK1, GF_SQRK2) too: with AVX-512 the inversion takes
 * about half the time. The clmul and portable fe_linmap costs 9-56
 * squarings, which only the longest run repays. */
#if GF_BACKEND == GF_VPCLMUL512 || GF_BACKEND == GF_VPCLMUL256
#define GF_INV_MAPS 3
#else
#define GF_INV_MAPS 1
#endif
GF_FN_NOINLINE void fe_inv(fe r, const fe a)
{
    fe beta, t;
    const int e = GF_M - 1;
    int top = 31 - __builtin_clz((unsigned)e);
    int k = 1;
    fe_copy(beta, a);
    /* unrolled, so the exponent's bits are constants: a compiled bit test
     * here (BT, then a jump) is reported by valgrind's memcheck as depending
     * on the secret operand in test_ct, although it only reads e and i */
    GF_UNROLL
    for (int i = top - 1; i >= 0; i--) {
        if (k == GF_SQRK) fe_linmap(t, GF_SQRK_MAP, beta); /* the longest run, by a table */
        else if (GF_INV_MAPS > 1 && k == GF_SQRK1) fe_linmap(t, GF_SQRK1_MAP, beta);
        else if (GF_INV_MAPS > 2 && k == GF_SQRK2) fe_linmap(t, GF_SQRK2_MAP, beta);
        else fe_sqrn(t, beta, k);
        fe_mul(beta, t, beta);
        k *= 2;
        if ((e >> i) & 1) {
            fe_sqr(beta, beta);
            fe_mul(beta, beta, a);
            k += 1;
        }
    }
    fe_sqr(r, beta);
}

/* Even-indexed bits of a 64-bit word packed into 32 bits. */
GF_FN uint64_t gf_compress_even(uint64_t v)
{
    v &= 0x5555555555555555ULL;
    v = (v | (v >> 1)) & 0x3333333333333333ULL;
    v = (v | (v >> 2)) & 0x0f0f0f0f0f0f0f0fULL;
    v = (v | (v >> 4)) & 0x00ff00ff00ff00ffULL;
    v = (v | (v >> 8)) & 0x0000ffff0000ffffULL;
    v = (v | (v >> 16)) & 0x00000000ffffffffULL;
    return v;
}

/* r = sqrt(a): with a = e(x^2) + x o(x^2), sqrt(a) = e(x) + sqrt(x) o(x). 1M. */
GF_FN void fe_sqrt(fe r, const fe a)
{
    fe e, o;
    fe_zero(e);
    fe_zero(o);
    for (int i = 0; i < GF_NW; i++) {
        uint64_t ev = gf_compress_even(a[i]), ov = gf_compress_even(a[i] >> 1);
        e[i / 2] |= ev << (32 * (i % 2));
        o[i / 2] |= ov << (32 * (i % 2));
    }
    fe_mul(o, o, gf_sqrt_x);
    fe_add(r, e, o);
}

/* Tr(a) = parity of the bits of a under the trace mask (trace is linear). */
GF_FN int fe_trace(const fe a)
{
    uint64_t t = 0;
    for (int i = 0; i < GF_NW; i++) t ^= a[i] & gf_trace_mask[i];
    t ^= t >> 32;
    t ^= t >> 16;
    t ^= t >> 8;
    t ^= t >> 4;
    t ^= t >> 2;
    t ^= t >> 1;
    return (int)(t & 1);
}

/* Half-trace H(a) = sum_{i=0}^{(m-1)/2} a^(4^i) (m odd); if Tr(a) = 0 then
 * z = H(a) solves z^2 + z = a. */
GF_FN_NOINLINE void fe_halftrace(fe r, const fe a)
{
    fe_linmap(r, GF_HT_MAP, a); /* H is linear: its column table */
}

/* The field's linear maps (GF_SQRK_MAP, GF_SQRK1_MAP, GF_SQRK2_MAP,
 * GF_HT_MAP: fe_inv's squaring runs and the half-trace), computed into their
 * zero-initialised storage once per process (src/once.h), before the first
 * inversion or half-trace of a curve over the field (ec2_op_tables_vartime
 * calls this first). Column i of a -> a^(2^K) is b^i for b = x^(2^K), one
 * product each; of the half-trace, H(c^2) = H(c) + c + Tr(c) (m odd) gives
 * the even columns from earlier ones and the odd ones are summed. Canonical
 * elements: every backend writes the same words. Public data. */
GF_FN_COLD void fe_map_column(uint64_t (*M)[GF_MAP_COLS], int i, const fe v)
{
    for (int j = 0; j < GF_NW; j++) M[j][i] = v[j];
}

GF_FN_COLD void fe_maps_ready(void)
{
    static const int runs[3] = {GF_SQRK, GF_SQRK1, GF_SQRK2};
    uint64_t (*const maps[3])[GF_MAP_COLS] = {GF_SQRK_MAP, GF_SQRK1_MAP, GF_SQRK2_MAP};
    fe b, col, c, h;
    if (!once_begin(&GF_MAPS_STATE)) return;
    for (int r = 0; r < 3; r++) {
        fe_zero(b);
        b[0] = 2; /* x */
        fe_sqrn(b, b, runs[r]);
        fe_one(col);
        for (int i = 0; i < GF_M; i++) {
            fe_map_column(maps[r], i, col);
            fe_mul(col, col, b);
        }
    }
    for (int i = 0; i < GF_M; i++) {
        const int k = i % 2 == 0 && i ? i / 2 : i;
        fe_zero(c);
        c[k / 64] = 1ULL << (k % 64);
        if (k != i) { /* H(x^i) = H(c) + c + Tr(c) for c = x^(i/2) */
            for (int j = 0; j < GF_NW; j++) h[j] = GF_HT_MAP[j][k] ^ c[j];
            h[0] ^= (uint64_t)fe_trace(c);
        } else { /* H(c) = sum of c^(4^j), j <= (m - 1)/2 */
            fe_copy(h, c);
            for (int j = 0; j < (GF_M - 1) / 2; j++) {
                fe_sqr(c, c);
                fe_sqr(c, c);
                fe_add(h, h, c);
            }
        }
        fe_map_column(GF_HT_MAP, i, h);
    }
    once_end(&GF_MAPS_STATE);
}

/* Big-endian GF_BYTES bytes to an element; returns 0 if a bit at or above m is
 * set (the element is then still written, reduced to its low m bits). */
GF_FN int fe_from_bytes(fe r, const uint8_t *in)
{
    fe_zero(r);
    for (int i = 0; i < GF_BYTES; i++) {
        int bit = 8 * (GF_BYTES - 1 - i);
        r[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
    uint64_t over = r[GF_NW - 1] >> (GF_TOPBITS % 64);
    if (GF_TOPBITS == 64) over = 0;
    r[GF_NW - 1] &= (GF_TOPBITS == 64) ? ~0ULL : ((1ULL << (GF_TOPBITS % 64)) - 1);
    return over == 0;
}

GF_FN void fe_to_bytes(uint8_t *out, const fe a)
{
    FASTEC_INVARIANT(GF_TOPBITS == 64 || (a[GF_NW - 1] >> (GF_TOPBITS % 64)) == 0); /* reduced: degree < m */
    for (int i = 0; i < GF_BYTES; i++) {
        int bit = 8 * (GF_BYTES - 1 - i);
        out[i] = (uint8_t)(a[bit / 64] >> (bit % 64));
    }
}

#endif
