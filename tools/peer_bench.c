/* SPDX-License-Identifier: Apache-2.0 */
/* fastec against AWS-LC in one process (tools/peer-bench.sh builds it): ECDH,
 * ECDSA signing and verification on the prime curves both have, each side
 * called as its users call it. fastec takes the peer's or signer's public key
 * as SEC 1 bytes and validates it on every call (its API has no decoded-key
 * object); AWS-LC gets the key decoded once into an EC_POINT / EC_KEY. fastec
 * signs deterministically (RFC 6979), AWS-LC with its random nonce. Both sign
 * and verify a 32-byte digest (48 and 64 bytes on P-384 and P-521, as TLS
 * pairs them); the signatures are checked across (each verifies the
 * other's), the shared secrets compared, before anything is timed.
 *
 * Timing: rounds of about SECONDS / ROUNDS seconds per side, the sides
 * alternating, the best round of each kept (the lowest-noise estimate on a
 * shared machine); prints operations per second and the ratio
 * fastec / AWS-LC per curve and operation, and a machine-readable line per
 * row with -tsv. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <fastec.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/nid.h>
#include <openssl/obj.h>
#include <openssl/crypto.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 6

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *curve)
{
    fprintf(stderr, "peer_bench: %s failed on %s\n", what, curve);
    exit(1);
}

enum { OP_ECDH, OP_SIGN, OP_VERIFY, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"ecdh", "sign", "verify"};

typedef struct {
    const fastec_curve *c;
    const char *name;
    size_t fs, ss, dlen;
    uint8_t priv[66], pub[133], peer_pub[133], digest[64], sig[132];
    size_t pub_len, peer_pub_len;
    EC_KEY *key, *peer;         /* AWS-LC: our key, the peer's */
    const EC_POINT *peer_point; /* decoded once */
    ECDSA_SIG *asig;
} bench;

static volatile unsigned sink;

/* n operations of one side; returns 0 on any failure */
static int run(bench *b, int op, int aws, long n)
{
    uint8_t out[132];
    for (long i = 0; i < n; i++) {
        if (!aws) {
            int rc = op == OP_ECDH ? fastec_ecdh(b->c, b->priv, b->peer_pub, b->peer_pub_len, out)
                     : op == OP_SIGN
                         ? fastec_ecdsa_sign(b->c, b->priv, b->digest, b->dlen, out)
                         : fastec_ecdsa_verify(b->c, b->pub, b->pub_len, b->digest, b->dlen, b->sig);
            if (rc != FASTEC_OK) return 0;
        } else if (op == OP_ECDH) {
            if (ECDH_compute_key(out, b->fs, b->peer_point, b->key, NULL) != (int)b->fs) return 0;
        } else if (op == OP_SIGN) {
            ECDSA_SIG *s = ECDSA_do_sign(b->digest, b->dlen, b->key);
            if (!s) return 0;
            ECDSA_SIG_free(s);
        } else {
            if (ECDSA_do_verify(b->digest, b->dlen, b->asig, b->key) != 1) return 0;
        }
        sink += out[0];
    }
    return 1;
}

/* the best rate of ROUNDS alternating rounds per side, in operations per second */
static void measure(bench *b, int op, double seconds, double rate[2])
{
    long n[2];
    rate[0] = rate[1] = 0;
    for (int s = 0; s < 2; s++) { /* calibrate: about one round's worth */
        double t0 = now();
        long k = 1;
        for (;;) {
            if (!run(b, op, s, k)) die(op_names[op], b->name);
            if (now() - t0 > 0.02) break;
            k *= 2;
        }
        double per = (now() - t0) / (2 * k - 1);
        n[s] = (long)(seconds / ROUNDS / per) + 1;
    }
    for (int r = 0; r < ROUNDS; r++)
        for (int s0 = 0; s0 < 2; s0++) {
            int s = (r & 1) ? 1 - s0 : s0;
            double t0 = now();
            if (!run(b, op, s, n[s])) die(op_names[op], b->name);
            double v = n[s] / (now() - t0);
            if (v > rate[s]) rate[s] = v;
        }
}

static void setup(bench *b, const char *name, int nid, size_t dlen)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    b->c = fastec_curve_find(name);
    if (!b->c) die("fastec_curve_find", name);
    b->fs = fastec_curve_field_size(b->c);
    b->ss = fastec_curve_scalar_size(b->c);
    b->dlen = dlen;
    for (size_t i = 0; i < dlen; i++) b->digest[i] = (uint8_t)(i * 37 + 11);
    /* our key: fastec's, imported into AWS-LC */
    uint8_t peer_priv[66];
    if (fastec_keygen(b->c, b->priv) || fastec_keygen(b->c, peer_priv)) die("fastec_keygen", name);
    b->pub_len = sizeof b->pub;
    b->peer_pub_len = sizeof b->peer_pub;
    if (fastec_public_key(b->c, b->priv, 0, b->pub, &b->pub_len) ||
        fastec_public_key(b->c, peer_priv, 0, b->peer_pub, &b->peer_pub_len))
        die("fastec_public_key", name);
    b->key = EC_KEY_new_by_curve_name(nid);
    b->peer = EC_KEY_new_by_curve_name(nid);
    if (!b->key || !b->peer) die("EC_KEY_new_by_curve_name", name);
    BIGNUM *d = BN_bin2bn(b->priv, (int)b->ss, NULL), *pd = BN_bin2bn(peer_priv, (int)b->ss, NULL);
    const EC_GROUP *g = EC_KEY_get0_group(b->key);
    EC_POINT *q = EC_POINT_new(g), *pq = EC_POINT_new(g);
    if (!d || !pd || !q || !pq || !EC_KEY_set_private_key(b->key, d) || !EC_KEY_set_private_key(b->peer, pd) ||
        !EC_POINT_oct2point(g, q, b->pub, b->pub_len, NULL) ||
        !EC_POINT_oct2point(g, pq, b->peer_pub, b->peer_pub_len, NULL) || !EC_KEY_set_public_key(b->key, q) ||
        !EC_KEY_set_public_key(b->peer, pq))
        die("AWS-LC key import", name);
    BN_free(d);
    BN_free(pd);
    EC_POINT_free(q);
    EC_POINT_free(pq);
    b->peer_point = EC_KEY_get0_public_key(b->peer);
    /* agreement: the same secret, and each side verifies the other's signature */
    uint8_t s1[66], s2[66];
    if (fastec_ecdh(b->c, b->priv, b->peer_pub, b->peer_pub_len, s1) ||
        ECDH_compute_key(s2, b->fs, b->peer_point, b->key, NULL) != (int)b->fs || memcmp(s1, s2, b->fs))
        die("ECDH agreement", name);
    if (fastec_ecdsa_sign(b->c, b->priv, b->digest, b->dlen, b->sig)) die("fastec_ecdsa_sign", name);
    b->asig = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(b->sig, (int)b->ss, NULL), *s = BN_bin2bn(b->sig + b->ss, (int)b->ss, NULL);
    if (!b->asig || !r || !s || !ECDSA_SIG_set0(b->asig, r, s)) die("ECDSA_SIG", name);
    if (ECDSA_do_verify(b->digest, b->dlen, b->asig, b->key) != 1) die("AWS-LC verifying fastec's signature", name);
    ECDSA_SIG *as = ECDSA_do_sign(b->digest, b->dlen, b->key);
    uint8_t sig2[132];
    const BIGNUM *ar, *ass;
    if (!as) die("ECDSA_do_sign", name);
    ECDSA_SIG_get0(as, &ar, &ass);
    if (!BN_bn2bin_padded(sig2, b->ss, ar) || !BN_bn2bin_padded(sig2 + b->ss, b->ss, ass)) die("BN_bn2bin_padded", name);
    ECDSA_SIG_free(as);
    if (fastec_ecdsa_verify(b->c, b->pub, b->pub_len, b->digest, b->dlen, sig2))
        die("fastec verifying AWS-LC's signature", name);
}

int main(int argc, char **argv)
{
    double seconds = 3;
    int tsv = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-seconds") && i + 1 < argc) seconds = atof(argv[++i]);
        else if (!strcmp(argv[i], "-tsv")) tsv = 1;
        else {
            fprintf(stderr, "usage: peer_bench [-seconds N] [-tsv]\n");
            return 2;
        }
    }
    static const struct {
        const char *name;
        int nid;
        size_t dlen;
    } curves[] = {{"secp224r1", NID_secp224r1, 32}, {"secp256r1", NID_X9_62_prime256v1, 32},
                  {"secp384r1", NID_secp384r1, 48}, {"secp521r1", NID_secp521r1, 64}};
    const char *cpu = getenv("FASTEC_CPU");
    printf("fastec %s vs %s in one process; FASTEC_CPU=%s; best of %d rounds per side, %.1f s per operation\n",
           fastec_version(), OpenSSL_version(OPENSSL_VERSION), cpu ? cpu : "(unset)", ROUNDS, seconds);
    printf("%-10s %-7s %-10s %12s %12s %7s\n", "curve", "op", "backend", "fastec/s", "aws-lc/s", "ratio");
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        bench b;
        setup(&b, curves[i].name, curves[i].nid, curves[i].dlen);
        for (int op = 0; op < OP_COUNT; op++) {
            double rate[2];
            measure(&b, op, seconds, rate);
            const char *be = fastec_curve_backend(b.c);
            if (tsv)
                printf("tsv\t%s\t%s\t%s\t%.1f\t%.1f\t%.3f\n", b.name, op_names[op], be, rate[0], rate[1],
                       rate[0] / rate[1]);
            else
                printf("%-10s %-7s %-10s %12.1f %12.1f %7.2f\n", b.name, op_names[op], be, rate[0], rate[1],
                       rate[0] / rate[1]);
            fflush(stdout);
        }
        EC_KEY_free(b.key);
        EC_KEY_free(b.peer);
        ECDSA_SIG_free(b.asig);
    }
    return 0;
}
