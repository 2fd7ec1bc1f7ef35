/* SPDX-License-Identifier: Apache-2.0 */
/* The batch calls against the single ones on arbitrary items:
 * [curve][operation][items...] with, per item, ECDH [priv][peerlen][peer],
 * signing [priv][dlen][digest], verification [publen][pub][dlen][digest][sig]
 * (priv scalar_size bytes, sig 2 scalar_size), up to 17 items. Invariants:
 * each item's result and output equal the single call's; the call returns
 * FASTEC_OK exactly when every item succeeded, FASTEC_ERR_BATCH otherwise. */
#include "fuzz_common.h"

#define MAXI 17

/* n bytes from the input, or NULL if there are not that many */
static const uint8_t *take(const uint8_t **p, size_t *left, size_t n)
{
    if (*left < n) return NULL;
    const uint8_t *r = *p;
    *p += n, *left -= n;
    return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const fastec_curve *c = fuzz_curve(&data, &size);
    const uint8_t *opb = c ? take(&data, &size, 1) : NULL;
    if (!opb) return 0;
    const int op = opb[0] % 3;
    const size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
    fastec_ecdh_item ei[MAXI];
    fastec_sign_item si[MAXI];
    fastec_verify_item vi[MAXI];
    static uint8_t out[MAXI][144], one[144];
    int res[MAXI];
    size_t n = 0;
    while (n < MAXI) {
        const uint8_t *a, *b, *l1, *l2, *d, *s;
        if (op == 0) {
            if (!(a = take(&data, &size, ss)) || !(l1 = take(&data, &size, 1)) || !(b = take(&data, &size, l1[0]))) break;
            ei[n] = (fastec_ecdh_item){a, b, l1[0], out[n]};
        } else if (op == 1) {
            if (!(a = take(&data, &size, ss)) || !(l1 = take(&data, &size, 1)) || !(d = take(&data, &size, l1[0]))) break;
            si[n] = (fastec_sign_item){a, d, l1[0], out[n]};
        } else {
            if (!(l1 = take(&data, &size, 1)) || !(b = take(&data, &size, l1[0])) || !(l2 = take(&data, &size, 1)) ||
                !(d = take(&data, &size, l2[0])) || !(s = take(&data, &size, 2 * ss)))
                break;
            vi[n] = (fastec_verify_item){b, l1[0], d, l2[0], s};
        }
        n++;
    }
    memset(out, 0xa5, sizeof out);
    int rc = op == 0 ? fastec_ecdh_batch(c, ei, n, res)
             : op == 1 ? fastec_ecdsa_sign_batch(c, si, n, res)
                       : fastec_ecdsa_verify_batch(c, vi, n, res);
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        memset(one, 0xa5, sizeof one);
        int r = op == 0 ? fastec_ecdh(c, ei[i].priv, ei[i].peer_pub, ei[i].peer_pub_len, one)
                : op == 1 ? fastec_ecdsa_sign(c, si[i].priv, si[i].digest, si[i].digest_len, one)
                          : fastec_ecdsa_verify(c, vi[i].pub, vi[i].pub_len, vi[i].digest, vi[i].digest_len, vi[i].sig);
        FUZZ_ASSERT(res[i] == r);
        if (op == 0) FUZZ_ASSERT(!memcmp(out[i], one, fs));
        if (op == 1) FUZZ_ASSERT(!memcmp(out[i], one, 2 * ss));
        any |= r != FASTEC_OK;
    }
    FUZZ_ASSERT(rc == (any ? FASTEC_ERR_BATCH : FASTEC_OK));
    return 0;
}
