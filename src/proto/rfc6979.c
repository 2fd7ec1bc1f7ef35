/* SPDX-License-Identifier: Apache-2.0 */
/* Deterministic ECDSA nonces, RFC 6979 section 3.2 (HMAC_DRBG), with the
 * optional additional data k' of section 3.6 (hedged signing). The private
 * key, the nonce candidates and the DRBG state are secret; the only branch is
 * on whether a candidate is in [1, n-1], which does not depend on the
 * accepted value. */
#include <string.h>

#include "ct.h"
#include "hash/hash.h"
#include "proto/proto.h"

const struct hash_desc *proto_rfc6979_hash(size_t digest_len)
{
    switch (digest_len) {
    case 20: return &hash_sha1;
    case 28: return &hash_sha224;
    case 32: return &hash_sha256;
    case 48: return &hash_sha384;
    default: return &hash_sha512;
    }
}

/* V = HMAC_K(V) with the keyed state prepared once per K */
static void drbg_next_v(rfc6979_state *st, const hmac_ctx *keyed)
{
    hmac_ctx m = *keyed;
    hmac_update(&m, st->V, st->h->digest_len);
    hmac_final(&m, st->V);
}

/* K = HMAC_K(V || sep || x || e || extra) then V = HMAC_K(V); sep < 0 means
 * no suffix. *keyed holds the HMAC state keyed with K on entry (its pads'
 * two blocks already hashed, not hashed again here) and with the new K on
 * return. */
static void drbg_update(rfc6979_state *st, hmac_ctx *keyed, int sep, const uint8_t *x, const uint8_t *e,
                        size_t len, const uint8_t *extra, size_t extra_len)
{
    const size_t hl = st->h->digest_len;
    hmac_ctx m = *keyed;
    hmac_update(&m, st->V, hl);
    if (sep >= 0) {
        uint8_t s = (uint8_t)sep;
        hmac_update(&m, &s, 1);
        if (len) {
            hmac_update(&m, x, len);
            hmac_update(&m, e, len);
        }
        if (extra_len) hmac_update(&m, extra, extra_len);
    }
    hmac_final(&m, st->K);
    hmac_init(keyed, st->h, st->K, hl);
    drbg_next_v(st, keyed);
}

void rfc6979_init(rfc6979_state *st, const struct fastec_curve *c, const struct hash_desc *h,
                  const sc_t *d, const sc_t *e, const uint8_t *extra, size_t extra_len)
{
    uint8_t x[SC_MAX_LIMBS * 8], eb[SC_MAX_LIMBS * 8];
    const size_t len = c->scalar_size; /* rlen = 8 ceil(qlen / 8) bits */
    st->h = h;
    memset(st->V, 0x01, sizeof st->V);
    memset(st->K, 0x00, sizeof st->K);
    sc_to_bytes(&c->sc, x, d);   /* int2octets(x) */
    sc_to_bytes(&c->sc, eb, e);  /* bits2octets(h1) = int2octets(bits2int(h1) mod q) */
    hmac_init(&st->keyed, h, st->K, h->digest_len);
    drbg_update(st, &st->keyed, 0x00, x, eb, len, extra, extra_len);
    drbg_update(st, &st->keyed, 0x01, x, eb, len, extra, extra_len);
    st->started = 0;
    ct_wipe(x, sizeof x);
}

void rfc6979_next(rfc6979_state *st, const struct fastec_curve *c, sc_t *k)
{
    const size_t hl = st->h->digest_len;
    const size_t need = (c->sc.nbits + 7) / 8;
    uint8_t T[SC_MAX_LIMBS * 8 + 64];
    for (;;) {
        /* step h.3 after a candidate that was refused, here or by the signer
         * (r = 0 or s = 0): K = HMAC_K(V || 0x00), V = HMAC_K(V) */
        if (st->started) drbg_update(st, &st->keyed, 0x00, NULL, NULL, 0, NULL, 0);
        st->started = 1;
        size_t tlen = 0;
        while (tlen < need) {
            drbg_next_v(st, &st->keyed);
            memcpy(T + tlen, st->V, hl);
            tlen += hl;
        }
        sc_bits2int(&c->sc, k, T, tlen);
        sc_t n;
        memset(&n, 0, sizeof n);
        memcpy(n.v, c->sc.n, sizeof c->sc.n);
        uint64_t ok = ~sc_is_zero(&c->sc, k) & sc_lt(&c->sc, k, &n);
        ct_public(&ok, sizeof ok);
        if (ok) break;
    }
    ct_wipe(T, sizeof T);
}
