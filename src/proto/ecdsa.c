/* SPDX-License-Identifier: Apache-2.0 */
/* ECDSA (SEC 1 section 4.1) signing with RFC 6979 nonces, and verification.
 * Signing is constant-time in d and k; r and s are public once produced.
 * Verification handles only public data. */
#include <string.h>

#include "ct.h"
#include "dispatch/dispatch.h"
#include "err.h"
#include "hash/hash.h"
#include "proto/proto.h"

int proto_ecdsa_sign_k(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const sc_t *e,
                       const sc_t *k, uint8_t *sig)
{
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    ec_point R;
    uint64_t inf = ec_ops_mul_base(ops, c, &R, k);
    ct_public(&inf, sizeof inf); /* never set for 1 <= k < n */
    if (inf) return RC_INTERNAL;
    ec_ops_point_to_xy(ops, c, xy, &R);
    ct_wipe(&R, sizeof R);
    sc_t kinv;
    sc_inv(&c->sc, &kinv, k);
    int rc = proto_ecdsa_sign_x(c, d, e, &kinv, xy, sig);
    ct_wipe(&kinv, sizeof kinv);
    ct_wipe(xy, sizeof xy);
    return rc;
}

int proto_ecdsa_sign_x(const struct fastec_curve *c, const sc_t *d, const sc_t *e, const sc_t *kinv, const uint8_t *x,
                       uint8_t *sig)
{
    const sc_params *p = &c->sc;
    sc_t r, s;
    /* r = x(R) mod n; x < 2^m <= (h+1) n for binary curves, x < p < 2n for prime ones */
    sc_from_bytes_reduce(p, &r, x, c->field_size, c->cofactor);
    ct_public(&r, sizeof r);
    if (sc_is_zero(p, &r)) return 1;
    sc_mul(p, &s, &r, d);        /* r d */
    sc_add(p, &s, &s, e);        /* e + r d */
    sc_mul(p, &s, kinv, &s);     /* k^-1 (e + r d) */
    ct_public(&s, sizeof s);
    if (sc_is_zero(p, &s)) return 1;
    sc_to_bytes(p, sig, &r);
    sc_to_bytes(p, sig + c->scalar_size, &s);
    return RC_OK;
}

int proto_ecdsa_sign(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const uint8_t *digest,
                     size_t digest_len, const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    sc_t e, k;
    rfc6979_state st;
    sc_from_digest(&c->sc, &e, digest, digest_len);
    rfc6979_init(&st, c, proto_rfc6979_hash(digest_len), d, &e, extra, extra_len);
    int rc;
    for (int tries = 0; tries < 64; tries++) {
        rfc6979_next(&st, c, &k);
        rc = proto_ecdsa_sign_k(c, ops, d, &e, &k, sig);
        if (rc != 1) break;
    }
    if (rc == 1) rc = RC_INTERNAL;
    ct_wipe(&k, sizeof k);
    ct_wipe(&st, sizeof st);
    return rc;
}

int proto_ecdsa_verify(const struct fastec_curve *c, const ec_ops *ops, const ec_point *q,
                       const uint8_t *digest, size_t digest_len, const uint8_t *sig)
{
    const sc_params *p = &c->sc;
    sc_t r, s, e, w, u1, u2;
    if (!sc_from_bytes_range(p, &r, sig, c->scalar_size)) return RC_SIG_RANGE;
    if (!sc_from_bytes_range(p, &s, sig + c->scalar_size, c->scalar_size)) return RC_SIG_RANGE;
    sc_from_digest(p, &e, digest, digest_len);
    sc_inv_vartime(p, &w, &s);
    sc_mul(p, &u1, &e, &w);
    sc_mul(p, &u2, &r, &w);
    return ec_ops_verify_vartime(ops, c, q, &u1, &u2, &r);
}
