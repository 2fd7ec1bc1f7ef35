/* SPDX-License-Identifier: Apache-2.0 */
/* What the two lane implementations (ecp/ecp_lanes.c, ec2/ec2_lanes.c)
 * share: groups of GL = 8 lanes, one 64-bit lane of a 512-bit register each,
 * up to NG groups side by side (EC_LANES lanes in all, ecp/ecp_lanes.h).
 * Each operation runs on the ng groups in use one after the other
 * (GROUPS), so that the out-of-order core overlaps one group's dependent
 * chain with the next group's independent work. Lane masks (lmask) have bit
 * GL j + l for lane l of group j; GMASK gives group j's eight. */
#ifndef FASTEC_ECP_LANES_GROUPS_H
#define FASTEC_ECP_LANES_GROUPS_H

#include <immintrin.h>
#include <stdint.h>

#include "ecp/ecp_lanes.h"

#define GL 8 /* lanes per register: a group */
#define NG (EC_LANES / GL)
typedef uint32_t lmask;
#define GROUPS(j) for (int j = 0; j < ng; j++)
#define GMASK(m, j) ((__mmask8)((m) >> (GL * (j))))

/* the groups that hold the m lanes in use */
static inline int groups_for(unsigned m) { return (int)((m + GL - 1) / GL); }

/* x in every lane */
static inline __attribute__((always_inline, target("avx512f"))) __m512i bc(uint64_t x)
{
    return _mm512_set1_epi64((long long)x);
}

/* group j's digits at position i (lane l's at d[l * stride + i]) as a
 * vector: their magnitudes, and the mask of the negative ones; no branch
 * or address depends on them */
static inline __attribute__((always_inline, target("avx512f"))) __m512i digits_at(const int8_t *d, size_t stride,
                                                                                  int j, size_t i, __mmask8 *neg)
{
    const int8_t *b = d + (size_t)GL * (size_t)j * stride + i;
    const __m512i dv = _mm512_set_epi64(b[7 * stride], b[6 * stride], b[5 * stride], b[4 * stride], b[3 * stride],
                                        b[2 * stride], b[stride], b[0]);
    *neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
    return _mm512_abs_epi64(dv);
}

/* Verification's gathers from a table of G in rows of ne entries of ew
 * words (entry e of row i: (e + 1) 2^(w i) G): the word offsets of group
 * j's lanes' entries at row i, each lane's digit d[lane * ds + i] choosing
 * its entry (|digit| - 1; entry 0 for a zero digit, which the caller
 * skips); *neg gets the lanes with a negative digit, *nz the lanes with a
 * nonzero one ORed in. Public data. */
static inline __attribute__((always_inline, target("avx512f"))) __m512i
lanes_row_offsets(const int8_t *d, size_t ds, int j, unsigned i, unsigned ne, unsigned ew, lmask *nz, __mmask8 *neg)
{
    long long ent[GL];
    __mmask8 n = 0;
    for (int l = 0; l < GL; l++) {
        const int dg = d[(size_t)(GL * j + l) * ds + i], mag = dg < 0 ? -dg : dg;
        ent[l] = (long long)(((size_t)i * ne + (size_t)(mag ? mag - 1 : 0)) * ew);
        *nz |= (lmask)(mag != 0) << (GL * j + l);
        n |= (__mmask8)((dg < 0) << l);
    }
    *neg = n;
    return _mm512_loadu_si512(ent);
}

/* the exported table's name: LANES_NAME(prefix, suffix) */
#define LANES_PASTE(a, b) a##b
#define LANES_NAME(a, b) LANES_PASTE(a, b)

#endif
