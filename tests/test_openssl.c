/* SPDX-License-Identifier: Apache-2.0 */
/* Randomised cross-checks against OpenSSL's libcrypto, the reference:
 * public keys (both encodings), signatures both ways (and n - s), ECDH and
 * cofactor ECDH both ways, digests of 0..100 bytes, scalars next to 0 and
 * n, every curve.
 * Usage: test_openssl [keys-per-curve] [curve...] */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/objects.h>

#include "fastec.h"
#include "testossl.h"
#include "testutil.h"

#define MAXF 72
#define MAXS 72

static EC_KEY *ossl_key_from_priv(const char *name, const uint8_t *priv, size_t len)
{
    int nid = t_nid(name);
    EC_KEY *k = EC_KEY_new_by_curve_name(nid);
    const EC_GROUP *g = EC_KEY_get0_group(k);
    BIGNUM *d = BN_bin2bn(priv, (int)len, NULL);
    EC_POINT *q = EC_POINT_new(g);
    EC_POINT_mul(g, q, d, NULL, NULL, NULL);
    EC_KEY_set_private_key(k, d);
    EC_KEY_set_public_key(k, q);
    EC_POINT_free(q);
    BN_free(d);
    return k;
}

static size_t ossl_pub(EC_KEY *k, int compressed, uint8_t *out, size_t cap)
{
    return EC_POINT_point2oct(EC_KEY_get0_group(k), EC_KEY_get0_public_key(k),
                              compressed ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED, out, cap, NULL);
}

/* Scalars next to 0 and n, where the windowed multiplications meet their
 * special cases (the last addition doubling for k = 2..16 and n - 16..n - 2;
 * the top digit, zero or not, that starts ECDH's accumulator), 1..64 and
 * n - 64..n - 1: k G and ECDH (peer G and a random peer) against OpenSSL. */
static void test_edge_scalars(const fastec_curve *c, int nid, const BIGNUM *n)
{
    const char *name = fastec_curve_name(c);
    const size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c);
    EC_KEY *peer = EC_KEY_new_by_curve_name(nid);
    EC_KEY_generate_key(peer);
    uint8_t ppub[1 + 2 * MAXF], gpub[1 + 2 * MAXF];
    size_t pl = ossl_pub(peer, 0, ppub, sizeof ppub);
    const EC_GROUP *g = EC_KEY_get0_group(peer);
    size_t gl = EC_POINT_point2oct(g, EC_GROUP_get0_generator(g), POINT_CONVERSION_UNCOMPRESSED, gpub, sizeof gpub, NULL);
    BIGNUM *k = BN_new();
    for (int i = 0; i < 128; i++) {
        if (i < 64) BN_set_word(k, (BN_ULONG)(i + 1));
        else BN_sub(k, n, BN_value_one()), BN_sub_word(k, (BN_ULONG)(i - 64));
        uint8_t priv[MAXS], pub[1 + 2 * MAXF], opub[1 + 2 * MAXF], sec[MAXF], osec[MAXF];
        BN_bn2binpad(k, priv, (int)ss);
        EC_KEY *ok = ossl_key_from_priv(name, priv, ss);
        size_t publen = sizeof pub, ol = ossl_pub(ok, 0, opub, sizeof opub);
        CHECK(fastec_public_key(c, priv, 0, pub, &publen) == FASTEC_OK && publen == ol && !memcmp(pub, opub, ol),
              "%s k G differs from OpenSSL's for edge scalar %d", name, i);
        CHECK(fastec_ecdh(c, priv, gpub, gl, sec) == FASTEC_OK && !memcmp(sec, opub + 1, fs),
              "%s ECDH with peer G differs from k G for edge scalar %d", name, i);
        int on = ECDH_compute_key(osec, fs, EC_KEY_get0_public_key(peer), ok, NULL);
        CHECK(fastec_ecdh(c, priv, ppub, pl, sec) == FASTEC_OK && on == (int)fs && !memcmp(sec, osec, fs),
              "%s ECDH differs from OpenSSL's for edge scalar %d", name, i);
        EC_KEY_free(ok);
    }
    BN_free(k);
    EC_KEY_free(peer);
}

/* Fixed-base windows of width w (binary curves 5 or 6, prime curves 4 or 6): the
 * accumulator can meet +-(the entry added) only in the top positions, for
 * scalars whose lower digits sum to +-d 2^(w i) modulo n. The candidates
 * k = (1 + s) d 2^(w i) - t n + h 2^(w (i + 1)) in (0, n) (s = +-1, small t
 * and h) include such scalars (a doubling on sect163k1, sect163r2, sect193r1,
 * sect233k1, ...; a cancellation on sect233k1): k G against OpenSSL. */
static void test_base_exceptions(const fastec_curve *c, const BIGNUM *n)
{
    const char *name = fastec_curve_name(c);
    const size_t ss = fastec_curve_scalar_size(c);
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *k = BN_new(), *t_n = BN_new(), *hi = BN_new(), *lim = BN_new();
    unsigned tried = 0;
    for (int w = 4; w <= 6; w++) {
        int nb = BN_num_bits(n), pos = (nb + w - 1) / w + 1, exc = 0;
        for (;; exc++) { /* first position where (2^(w-1) + 1) 2^(w i) >= n */
            BN_set_word(lim, (BN_ULONG)((1u << (w - 1)) + 1));
            BN_lshift(lim, lim, w * exc);
            if (BN_cmp(lim, n) >= 0) break;
        }
        for (int i = exc; i < pos; i++)
            for (int d = 1; d <= (1 << (w - 1)); d++)
                for (int s = -1; s <= 1; s += 2)
                    for (int t = -3; t <= 3; t++)
                        for (int h = -16; h <= 16; h++) {
                            if (s < 0 && d > 1) continue; /* (1 + s) d = 0 once is enough */
                            BN_set_word(k, (BN_ULONG)((1 + s) * d));
                            BN_lshift(k, k, w * i);
                            BN_set_word(t_n, (BN_ULONG)(t < 0 ? -t : t));
                            BN_mul(t_n, t_n, n, ctx);
                            if (t < 0) BN_add(k, k, t_n);
                            else BN_sub(k, k, t_n);
                            BN_set_word(hi, (BN_ULONG)(h < 0 ? -h : h));
                            BN_lshift(hi, hi, w * (i + 1));
                            if (h < 0) BN_sub(k, k, hi);
                            else BN_add(k, k, hi);
                            if (BN_is_negative(k) || BN_is_zero(k) || BN_cmp(k, n) >= 0) continue;
                            uint8_t priv[MAXS], pub[1 + 2 * MAXF], opub[1 + 2 * MAXF];
                            BN_bn2binpad(k, priv, (int)ss);
                            EC_KEY *ok = ossl_key_from_priv(name, priv, ss);
                            size_t publen = sizeof pub, ol = ossl_pub(ok, 0, opub, sizeof opub);
                            CHECK(fastec_public_key(c, priv, 0, pub, &publen) == FASTEC_OK && publen == ol &&
                                      !memcmp(pub, opub, ol),
                                  "%s k G differs from OpenSSL's for fixed-base edge scalar (w %d, i %d, d %d, s %d, "
                                  "t %d, h %d)",
                                  name, w, i, d, s, t, h);
                            EC_KEY_free(ok);
                            tried++;
                        }
    }
    CHECK(tried > 0, "%s: no fixed-base edge scalar in range", name);
    BN_free(k);
    BN_free(t_n);
    BN_free(hi);
    BN_free(lim);
    BN_CTX_free(ctx);
}

/* Verification's additions meeting their own entry: with Q = G and
 * u1 = u2 = k (k odd, 1..15), both NAFs are the single digit k, so the
 * chain adds k G to k G (the doubling case) and R = 2k G; the signature
 * r = x(2k G) mod n, s = r / k with the digest e = r is valid. With Q = -G
 * the same chain cancels to the identity: rejected. */
static void test_verify_exceptions(const fastec_curve *c, const EC_GROUP *g, const BIGNUM *n)
{
    const char *name = fastec_curve_name(c);
    const size_t ss = fastec_curve_scalar_size(c);
    const int shift = (int)(8 * ss) - BN_num_bits(n); /* the digest's bits beyond n's are dropped */
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *k = BN_new(), *x = BN_new(), *r = BN_new(), *sv = BN_new(), *e = BN_new();
    EC_POINT *R = EC_POINT_new(g), *Gn = EC_POINT_dup(EC_GROUP_get0_generator(g), g);
    uint8_t gpub[1 + 2 * MAXF], npub[1 + 2 * MAXF];
    EC_POINT_invert(g, Gn, ctx);
    size_t gl = EC_POINT_point2oct(g, EC_GROUP_get0_generator(g), POINT_CONVERSION_UNCOMPRESSED, gpub, sizeof gpub, ctx);
    size_t nl = EC_POINT_point2oct(g, Gn, POINT_CONVERSION_UNCOMPRESSED, npub, sizeof npub, ctx);
    for (unsigned kk = 1; kk <= 15; kk += 2) {
        BN_set_word(k, 2 * kk);
        EC_POINT_mul(g, R, k, NULL, NULL, ctx);
        EC_POINT_get_affine_coordinates(g, R, x, NULL, ctx);
        BN_nnmod(r, x, n, ctx);
        if (BN_is_zero(r)) continue;
        BN_set_word(k, kk);
        BN_mod_inverse(sv, k, n, ctx);
        BN_mod_mul(sv, sv, r, n, ctx);
        BN_lshift(e, r, shift);
        uint8_t dg[MAXS], sig[2 * MAXS];
        BN_bn2binpad(e, dg, (int)ss);
        BN_bn2binpad(r, sig, (int)ss);
        BN_bn2binpad(sv, sig + ss, (int)ss);
        CHECK(fastec_ecdsa_verify(c, gpub, gl, dg, ss, sig) == FASTEC_OK,
              "%s: valid signature with Q = G, u1 = u2 = %u (the chain's doubling case) rejected", name, kk);
        CHECK(fastec_ecdsa_verify(c, npub, nl, dg, ss, sig) == FASTEC_ERR_SIG_INVALID,
              "%s: signature with Q = -G, u1 = u2 = %u (the chain cancels) not rejected as invalid", name, kk);
    }
    EC_POINT_free(R);
    EC_POINT_free(Gn);
    BN_free(k);
    BN_free(x);
    BN_free(r);
    BN_free(sv);
    BN_free(e);
    BN_CTX_free(ctx);
}

static void test_curve(const fastec_curve *c, int nkeys)
{
    const char *name = fastec_curve_name(c);
    const size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c);
    static const size_t dlens[] = {0, 20, 28, 32, 48, 64, 100, 1, 33};
    int nid = t_nid(name);
    CHECK(nid != NID_undef, "%s unknown to OpenSSL", name);
    if (nid == NID_undef) return;
    EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
    BIGNUM *n = BN_new();
    EC_GROUP_get_order(g, n, NULL);
    unsigned long fails0 = t_fail;
    test_edge_scalars(c, nid, n);
    test_base_exceptions(c, n);
    test_verify_exceptions(c, g, n);

    for (int i = 0; i < nkeys; i++) {
        uint8_t priv[MAXS], pub[1 + 2 * MAXF], opub[1 + 2 * MAXF], pubc[1 + MAXF], opubc[1 + MAXF];
        size_t publen = sizeof pub, pubclen = sizeof pubc;
        /* half the keys from fastec_keygen, half from OpenSSL */
        if (i % 2 == 0) {
            CHECK(fastec_keygen(c, priv) == FASTEC_OK, "%s keygen", name);
        } else {
            EC_KEY *t = EC_KEY_new_by_curve_name(nid);
            EC_KEY_generate_key(t);
            BN_bn2binpad(EC_KEY_get0_private_key(t), priv, (int)ss);
            EC_KEY_free(t);
        }
        EC_KEY *k = ossl_key_from_priv(name, priv, ss);
        CHECK(fastec_public_key(c, priv, 0, pub, &publen) == FASTEC_OK, "%s pub", name);
        CHECK(fastec_public_key(c, priv, 1, pubc, &pubclen) == FASTEC_OK, "%s pubc", name);
        size_t ol = ossl_pub(k, 0, opub, sizeof opub), olc = ossl_pub(k, 1, opubc, sizeof opubc);
        CHECK(ol == publen && !memcmp(pub, opub, ol), "%s uncompressed public key differs from OpenSSL's", name);
        CHECK(olc == pubclen && !memcmp(pubc, opubc, olc), "%s compressed public key differs from OpenSSL's", name);
        CHECK(fastec_public_key_check(c, opub, ol) == FASTEC_OK, "%s check OpenSSL pub", name);
        CHECK(fastec_public_key_check(c, opubc, olc) == FASTEC_OK, "%s check OpenSSL compressed pub", name);

        /* signatures both ways */
        size_t dlen = dlens[i % (sizeof dlens / sizeof dlens[0])];
        uint8_t dg[100], sig[2 * MAXS];
        t_randbytes(dg, dlen);
        CHECK(fastec_ecdsa_sign(c, priv, dg, dlen, sig) == FASTEC_OK, "%s sign", name);
        ECDSA_SIG *s = ECDSA_SIG_new();
        ECDSA_SIG_set0(s, BN_bin2bn(sig, (int)ss, NULL), BN_bin2bn(sig + ss, (int)ss, NULL));
        CHECK(ECDSA_do_verify(dg, (int)dlen, s, k) == 1, "%s OpenSSL rejects our signature (dlen %zu)", name, dlen);
        ECDSA_SIG_free(s);
        CHECK(fastec_ecdsa_verify(c, pubc, pubclen, dg, dlen, sig) == FASTEC_OK, "%s verify own (compressed key)", name);
        uint8_t sig2[2 * MAXS];
        CHECK(fastec_ecdsa_sign(c, priv, dg, dlen, sig2) == FASTEC_OK && !memcmp(sig, sig2, 2 * ss),
              "%s signing is not deterministic", name);

        ECDSA_SIG *os = ECDSA_do_sign(dg, (int)dlen, k);
        const BIGNUM *r, *sv;
        ECDSA_SIG_get0(os, &r, &sv);
        BN_bn2binpad(r, sig, (int)ss);
        BN_bn2binpad(sv, sig + ss, (int)ss);
        CHECK(fastec_ecdsa_verify(c, opub, ol, dg, dlen, sig) == FASTEC_OK, "%s we reject OpenSSL's signature", name);
        BIGNUM *ns = BN_new();
        BN_sub(ns, n, sv);
        BN_bn2binpad(ns, sig + ss, (int)ss);
        CHECK(fastec_ecdsa_verify(c, opub, ol, dg, dlen, sig) == FASTEC_OK, "%s we reject (r, n - s)", name);
        BN_free(ns);
        ECDSA_SIG_free(os);
        if (dlen) {
            dg[0] ^= 0x80;
            CHECK(fastec_ecdsa_verify(c, opub, ol, dg, dlen, sig) == FASTEC_ERR_SIG_INVALID, "%s altered digest", name);
        }

        /* ECDH both ways, plain and cofactor */
        EC_KEY *peer = EC_KEY_new_by_curve_name(nid);
        EC_KEY_generate_key(peer);
        uint8_t ppub[1 + 2 * MAXF], sec[MAXF], osec[MAXF];
        size_t pl = ossl_pub(peer, i % 3 == 0, ppub, sizeof ppub);
        CHECK(fastec_ecdh(c, priv, ppub, pl, sec) == FASTEC_OK, "%s ecdh", name);
        int on = ECDH_compute_key(osec, fs, EC_KEY_get0_public_key(k), peer, NULL);
        CHECK(on == (int)fs && !memcmp(sec, osec, fs), "%s ECDH secret differs from OpenSSL's", name);
        CHECK(fastec_ecdh_cofactor(c, priv, ppub, pl, sec) == FASTEC_OK, "%s cofactor ecdh", name);
        EC_KEY_set_flags(peer, EC_FLAG_COFACTOR_ECDH);
        on = ECDH_compute_key(osec, fs, EC_KEY_get0_public_key(k), peer, NULL);
        CHECK(on == (int)fs && !memcmp(sec, osec, fs), "%s cofactor ECDH secret differs from OpenSSL's", name);
        EC_KEY_free(peer);
        EC_KEY_free(k);
    }
    printf("  %-10s %d keys %s\n", name, nkeys, t_fail == fails0 ? "ok" : "FAILED");
    BN_free(n);
    EC_GROUP_free(g);
}

int main(int argc, char **argv)
{
    t_seed();
    int nkeys = argc > 1 ? atoi(argv[1]) : 200;
    printf("backend selection: FASTEC_CPU=%s\n", getenv("FASTEC_CPU") ? getenv("FASTEC_CPU") : "(unset)");
    if (argc > 2) {
        for (int i = 2; i < argc; i++) {
            const fastec_curve *c = fastec_curve_find(argv[i]);
            CHECK(c != NULL, "unknown curve %s", argv[i]);
            if (c) test_curve(c, nkeys);
        }
    } else {
        for (size_t i = 0; i < fastec_curve_count(); i++) test_curve(fastec_curve_at(i), nkeys);
    }
    return t_done("test_openssl");
}
