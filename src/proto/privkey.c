/* SPDX-License-Identifier: Apache-2.0 */
/* Private keys: loading with a range check, generation from the OS, and the
 * public point d G. Constant-time in the private key. */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "ct.h"
#include "dispatch/dispatch.h"
#include "err.h"
#include "proto/proto.h"

int proto_priv_load(const struct fastec_curve *c, sc_t *d, const uint8_t *priv)
{
    uint64_t ok = sc_from_bytes_range(&c->sc, d, priv, c->scalar_size);
    ct_public(&ok, sizeof ok);
    if (!ok) {
        ct_wipe(d, sizeof *d);
        return RC_PRIVKEY;
    }
    return RC_OK;
}

int proto_os_random(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    while (len) {
        ssize_t r = getrandom(buf, len, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return RC_RANDOM;
        }
        buf += r;
        len -= (size_t)r;
    }
    return RC_OK;
}

/* FIPS 186-4 B.4.2 (testing candidates): draw bitlen(n) bits until the value
 * is in [1, n-1]. Only the number of draws depends on rejected values. */
int proto_keygen(const struct fastec_curve *c, uint8_t *priv)
{
    return proto_keygen_with(c, priv, proto_os_random, NULL);
}

int proto_keygen_with(const struct fastec_curve *c, uint8_t *priv, proto_rng_fn rng, void *ctx)
{
    const size_t len = c->scalar_size;
    const unsigned extra = (unsigned)(8 * len - c->sc.nbits);
    sc_t d;
    for (int tries = 0; tries < 256; tries++) {
        int rc = rng(ctx, priv, len);
        if (rc) return rc;
        priv[0] &= (uint8_t)(0xff >> extra);
        uint64_t ok = sc_from_bytes_range(&c->sc, &d, priv, len);
        ct_wipe(&d, sizeof d);
        ct_public(&ok, sizeof ok);
        if (ok) return RC_OK;
    }
    ct_wipe(priv, len);
    return RC_RANDOM;
}

int proto_public_point(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, ec_point *pub)
{
    uint64_t inf = ec_ops_mul_base(ops, c, pub, d);
    ct_public(&inf, sizeof inf);
    ct_public(pub, sizeof *pub); /* a public key is public */
    return inf ? RC_INFINITY : RC_OK;
}

int proto_public_of(const struct fastec_curve *c, const ec_ops *ops, const uint8_t *priv, ec_point *pub)
{
    sc_t d;
    int rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_public_point(c, ops, &d, pub);
    ct_wipe(&d, sizeof d);
    return rc;
}

int proto_ecdh(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const ec_point *peer, int cofactor,
               uint8_t *secret)
{
    sc_t k = *d;
    if (cofactor) sc_mul_small(&c->sc, &k, d, c->cofactor);
    uint64_t inf = ec_ops_mul_x(ops, c, secret, &k, peer);
    ct_wipe(&k, sizeof k);
    ct_public(&inf, sizeof inf); /* never set for a valid key and peer */
    if (inf) {
        ct_wipe(secret, c->field_size);
        return RC_INFINITY;
    }
    return RC_OK;
}
