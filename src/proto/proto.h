/* SPDX-License-Identifier: Apache-2.0 */
/* Protocols on validated inputs: key generation, public keys, ECDH, ECDSA
 * with RFC 6979 nonces. Points are the implementation's decoded ec_point;
 * encodings live in encode/. This layer declassifies what is public by
 * design (range decisions, whether a result is the point at infinity, public
 * keys, r and s). */
#ifndef FASTEC_PROTO_H
#define FASTEC_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "curves/curves.h"
#include "ec_ops.h"
#include "hash/hash.h"
#include "scalar/sc.h"

/* Private key bytes (scalar_size) to a scalar; RC_PRIVKEY unless in [1, n-1]. */
int proto_priv_load(const struct fastec_curve *c, sc_t *d, const uint8_t *priv);
int proto_keygen(const struct fastec_curve *c, uint8_t *priv);
/* Random bytes source: returns RC_OK or RC_RANDOM. */
typedef int (*proto_rng_fn)(void *ctx, uint8_t *buf, size_t len);
int proto_os_random(void *ctx, uint8_t *buf, size_t len); /* getrandom */
/* Key generation from any source (tests feed a seeded, secret-marked one). */
int proto_keygen_with(const struct fastec_curve *c, uint8_t *priv, proto_rng_fn rng, void *ctx);
/* the public key d G (declassified: it is public) */
int proto_public_point(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, ec_point *pub);
/* the public key of private key bytes: proto_priv_load, then
 * proto_public_point; the scalar wiped */
int proto_public_of(const struct fastec_curve *c, const ec_ops *ops, const uint8_t *priv, ec_point *pub);
/* x((d or h d) P) for a validated peer point P; secret wiped on failure */
int proto_ecdh(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const ec_point *peer, int cofactor,
               uint8_t *secret);

/* The hash RFC 6979 uses for a digest of this length: SHA-1 for 20 bytes,
 * SHA-224 for 28, SHA-256 for 32, SHA-384 for 48, SHA-512 for 64 and for
 * any other length (include/fastec.h, fastec_ecdsa_sign). */
const struct hash_desc *proto_rfc6979_hash(size_t digest_len);
/* RFC 6979 section 3.2 nonce generator state */
typedef struct {
    const struct hash_desc *h;
    uint8_t K[64], V[64];
    hmac_ctx keyed; /* HMAC state keyed with K */
    int started;    /* a candidate was produced: update before the next */
} rfc6979_state;
/* extra (extra_len bytes, may be 0): RFC 6979 section 3.6 additional data k' */
void rfc6979_init(rfc6979_state *st, const struct fastec_curve *c, const struct hash_desc *h,
                  const sc_t *d, const sc_t *e, const uint8_t *extra, size_t extra_len);
void rfc6979_next(rfc6979_state *st, const struct fastec_curve *c, sc_t *k);

/* the signature's rest once x = x(k G) (field_size bytes) and kinv = k^-1
 * mod n are known: r = x mod n, s = k^-1 (e + r d); 1 if r or s is 0 (the
 * next k is due), else RC_OK with sig written */
int proto_ecdsa_sign_x(const struct fastec_curve *c, const sc_t *d, const sc_t *e, const sc_t *kinv,
                       const uint8_t *x, uint8_t *sig);
/* One ECDSA signature with the given nonce k in [1, n-1]: RC_OK, or the
 * retry signal 1 when r or s is 0 (pick another k). */
int proto_ecdsa_sign_k(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const sc_t *e,
                       const sc_t *k, uint8_t *sig);
/* extra: additional data for the nonce (hedged signing), extra_len 0 for plain RFC 6979 */
int proto_ecdsa_sign(const struct fastec_curve *c, const ec_ops *ops, const sc_t *d, const uint8_t *digest,
                     size_t digest_len, const uint8_t *extra, size_t extra_len, uint8_t *sig);
/* q: a validated public key */
int proto_ecdsa_verify(const struct fastec_curve *c, const ec_ops *ops, const ec_point *q,
                       const uint8_t *digest, size_t digest_len, const uint8_t *sig);

#endif
