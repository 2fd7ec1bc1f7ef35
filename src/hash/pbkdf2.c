/* SPDX-License-Identifier: Apache-2.0 */
/* PBKDF2 (RFC 8018 section 5.2) over HMAC with any hash_desc: the password
 * is the HMAC key (keyed once), each block U_1 ^ ... ^ U_c. Secrets (the
 * password, the U's) are wiped. */
#include <string.h>

#include "ct.h"
#include "hash/hash.h"

void pbkdf2(const hash_desc *h, const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len,
            unsigned iterations, uint8_t *out, size_t out_len)
{
    hmac_ctx keyed, m;
    uint8_t u[HASH_MAX_DIGEST], t[HASH_MAX_DIGEST];
    const size_t hl = h->digest_len;
    hmac_init(&keyed, h, pass, pass_len);
    for (uint32_t block = 1; out_len; block++) {
        uint8_t be[4] = {(uint8_t)(block >> 24), (uint8_t)(block >> 16), (uint8_t)(block >> 8), (uint8_t)block};
        m = keyed;
        hmac_update(&m, salt, salt_len);
        hmac_update(&m, be, 4);
        hmac_final(&m, u);
        memcpy(t, u, hl);
        for (unsigned i = 1; i < iterations; i++) {
            m = keyed;
            hmac_update(&m, u, hl);
            hmac_final(&m, u);
            for (size_t j = 0; j < hl; j++) t[j] ^= u[j];
        }
        size_t take = out_len < hl ? out_len : hl;
        memcpy(out, t, take);
        out += take;
        out_len -= take;
    }
    ct_wipe(&keyed, sizeof keyed);
    ct_wipe(u, sizeof u);
    ct_wipe(t, sizeof t);
}
