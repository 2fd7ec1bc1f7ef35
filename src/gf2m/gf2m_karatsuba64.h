/* SPDX-License-Identifier: Apache-2.0 */
/* Portable and arm64: Karatsuba over a 64x64 carry-less product, PMULL
 * (the pmull backend) or masked integer multiplies (portable). Part of
 * gf2m_impl.h, which includes it. */
#ifndef FASTEC_GF2M_KARATSUBA64_H
#define FASTEC_GF2M_KARATSUBA64_H

#if GF_BACKEND == GF_PMULL
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64x2_t v = vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
    *lo = vgetq_lane_u64(v, 0);
    *hi = vgetq_lane_u64(v, 1);
}
#elif defined(__SIZEOF_INT128__)
/* Carry-less 64x64 product with integer multiplies: each operand is split into
 * five parts holding every fifth bit, so the at most 13 partial products that
 * meet at one bit position never carry into the next used position. */
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    typedef unsigned __int128 u128;
    const uint64_t m0 = 0x1084210842108421ULL;
    uint64_t am[5], bm[5];
    GF_UNROLL
    for (int i = 0; i < 5; i++) {
        am[i] = a & (m0 << i);
        bm[i] = b & (m0 << i);
    }
    u128 z = 0;
    GF_UNROLL
    for (int k = 0; k < 5; k++) {
        u128 s = 0;
        GF_UNROLL
        for (int i = 0; i < 5; i++) s ^= (u128)am[i] * bm[(k - i + 5) % 5];
        /* keep the bits of class k (positions = k mod 5) of the 128-bit sum */
        u128 mk = ((u128)(m0 << k)) | ((u128)(m0 << ((k + 1) % 5)) << 64);
        z |= s & mk;
    }
    *lo = (uint64_t)z;
    *hi = (uint64_t)(z >> 64);
}
#else
/* 32x32 -> 64 with four masked parts (at most 8 terms per position). */
GF_FN uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint64_t m = 0x1111111111111111ULL;
    uint64_t am[4], bm[4], z = 0;
    for (int i = 0; i < 4; i++) {
        am[i] = (uint64_t)a & (m << i);
        bm[i] = (uint64_t)b & (m << i);
    }
    for (int k = 0; k < 4; k++) {
        uint64_t s = 0;
        for (int i = 0; i < 4; i++) s ^= am[i] * bm[(k - i + 4) % 4];
        z |= s & (m << k);
    }
    return z;
}
GF_FN void clmul64(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t mid = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (mid << 32);
    *hi = h ^ (mid >> 32);
}
#endif

GF_MUL_WIDE_FN void fe_mul_wide(uint64_t t[2 * GF_NW], const fe a, const fe b)
{
    uint64_t dl[GF_NW], dh[GF_NW];
    GF_UNROLL
    for (int k = 0; k < 2 * GF_NW; k++) t[k] = 0;
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
        clmul64(a[i], b[i], &dl[i], &dh[i]);
        t[2 * i] ^= dl[i];
        t[2 * i + 1] ^= dh[i];
    }
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++)
        GF_UNROLL
        for (int j = i + 1; j < GF_NW; j++) {
            uint64_t l, h;
            clmul64(a[i] ^ a[j], b[i] ^ b[j], &l, &h);
            t[i + j] ^= l ^ dl[i] ^ dl[j];
            t[i + j + 1] ^= h ^ dh[i] ^ dh[j];
        }
}

GF_FN uint64_t spread32(uint64_t v)
{
    v &= 0xffffffffULL;
    v = (v | (v << 16)) & 0x0000ffff0000ffffULL;
    v = (v | (v << 8)) & 0x00ff00ff00ff00ffULL;
    v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0fULL;
    v = (v | (v << 2)) & 0x3333333333333333ULL;
    v = (v | (v << 1)) & 0x5555555555555555ULL;
    return v;
}

GF_FN void fe_sqr_wide(uint64_t t[2 * GF_NW], const fe a)
{
    GF_UNROLL
    for (int i = 0; i < GF_NW; i++) {
#if GF_BACKEND == GF_PMULL
        clmul64(a[i], a[i], &t[2 * i], &t[2 * i + 1]);
#else
        t[2 * i] = spread32(a[i]);
        t[2 * i + 1] = spread32(a[i] >> 32);
#endif
    }
}

#endif
