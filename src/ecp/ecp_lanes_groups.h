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

/* the exported table's name: LANES_NAME(prefix, suffix) */
#define LANES_PASTE(a, b) a##b
#define LANES_NAME(a, b) LANES_PASTE(a, b)

#endif
