/* SPDX-License-Identifier: Apache-2.0 */
/* BIGNUM views of limb arrays for the white-box field tests. */
#ifndef FASTEC_TESTBN_H
#define FASTEC_TESTBN_H

#include <openssl/bn.h>
#include <stdint.h>

/* sum a_i 2^(bits i) for i < n, not reduced (limbs may exceed 2^bits) */
static inline BIGNUM *t_limbs_val(const uint64_t *a, int n, int bits)
{
    BIGNUM *v = BN_new(), *t = BN_new();
    BN_zero(v);
    for (int i = n - 1; i >= 0; i--) {
        BN_lshift(v, v, bits);
        BN_set_word(t, a[i]);
        BN_add(v, v, t);
    }
    BN_free(t);
    return v;
}

#endif
