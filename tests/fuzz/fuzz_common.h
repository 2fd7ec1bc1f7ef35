/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for the libFuzzer targets: input layout is
 * [curve index byte][target-specific bytes...]. */
#ifndef FASTEC_FUZZ_COMMON_H
#define FASTEC_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fastec.h"

#define FUZZ_ASSERT(c)                                                            \
    do {                                                                          \
        if (!(c)) abort();                                                        \
    } while (0)

static inline const fastec_curve *fuzz_curve(const uint8_t **p, size_t *n)
{
    if (*n < 1) return NULL;
    const fastec_curve *c = fastec_curve_at((*p)[0] % fastec_curve_count());
    (*p)++;
    (*n)--;
    return c;
}

/* a fixed private key valid on every curve: 0x00..01 23 45 ... (below n) */
static inline void fuzz_priv(const fastec_curve *c, uint8_t *priv)
{
    size_t ss = fastec_curve_scalar_size(c);
    for (size_t i = 0; i < ss; i++) priv[i] = (uint8_t)(0x11 * (i + 1));
    priv[0] = 0;
    priv[1] &= 0x3f;
}

#endif
