/* SPDX-License-Identifier: Apache-2.0 */
/* The batch calls against the single ones, every curve (four with
 * "quick"): fastec_ecdh_batch,
 * fastec_ecdsa_sign_batch and fastec_ecdsa_verify_batch give each item what
 * fastec_ecdh, fastec_ecdsa_sign and fastec_ecdsa_verify give it (result
 * code and output bytes, failed items included) for n = 0..17 and 64; a bad
 * item (each kind of bad input in turn) at every position of batches of 8
 * and 17 and at one position of the others (verification's among them: u1 G
 * = +-u2 Q, the join's doubling and identity); batches where every item is
 * bad; items sharing a key; the edge private keys 1, 2, n-2, n-1 and valid
 * signatures reaching the lanes' special cases (edge_verify), each in both
 * groups of lanes. The call returns FASTEC_OK exactly when every item succeeded,
 * FASTEC_ERR_BATCH otherwise; argument errors leave results untouched. */
#include <string.h>

#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "ecp/ecp_lanes.h"
#include "fastec.h"
#include "testutil.h"

#define POOL 24 /* good items, distinct keys */
#define NBAD 8  /* bad items per operation */
#define NEDGE 7 /* edge private keys, then edge verifications */
#define MAXN 64

typedef struct {
    uint8_t priv[72], pub[145], peer[145], digest[72], sig[144];
    size_t pub_len, peer_len, digest_len;
    int rc_ecdh, rc_sign, rc_verify;           /* the single calls' results */
    uint8_t secret[72], sig_out[144];          /* and outputs */
} item;

static item good[POOL], bad_ecdh[NBAD], bad_sign[NBAD], bad_verify[NBAD], edge[NEDGE];

/* the single calls on it, outputs from a 0xa5 fill */
static void single(const fastec_curve *c, item *t)
{
    memset(t->secret, 0xa5, sizeof t->secret);
    memset(t->sig_out, 0xa5, sizeof t->sig_out);
    t->rc_ecdh = fastec_ecdh(c, t->priv, t->peer, t->peer_len, t->secret);
    t->rc_sign = fastec_ecdsa_sign(c, t->priv, t->digest, t->digest_len, t->sig_out);
    t->rc_verify = fastec_ecdsa_verify(c, t->pub, t->pub_len, t->digest, t->digest_len, t->sig);
}

static void be_words(uint8_t *out, size_t len, const uint64_t *w)
{
    for (size_t i = 0; i < len; i++) out[len - 1 - i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
}

/* v's digest: the ss bytes whose bits2int is e (e's bits shifted left to
 * bitlen(n) bits of the string's 8 ss) */
static void set_digest(const fastec_curve *c, item *v, const sc_t *e)
{
    const size_t ss = fastec_curve_scalar_size(c);
    uint8_t b[72];
    sc_to_bytes(&c->sc, b, e);
    const unsigned sh = (unsigned)(8 * ss) - c->sc.nbits;
    for (size_t i = 0; i < ss; i++) v->digest[i] = (uint8_t)((b[i] << sh) | (i + 1 < ss && sh ? b[i + 1] >> (8 - sh) : 0));
    v->digest_len = ss;
}

/* v: the key G (private key 1) and a digest e with e = r (same) or
 * e = n - r, so that u1 G = (e/s) G and u2 G = (r/s) G are equal or
 * opposite: the signature fails, through the join's doubling or its
 * identity. */
static void special_verify(const fastec_curve *c, item *v, int same)
{
    const size_t ss = fastec_curve_scalar_size(c);
    uint8_t one[72] = {0};
    one[ss - 1] = 1;
    v->pub_len = sizeof v->pub;
    CHECK(fastec_public_key(c, one, 0, v->pub, &v->pub_len) == FASTEC_OK, "%s: the key G", c->name);
    sc_t r, e, nm1;
    CHECK(sc_from_bytes_range(&c->sc, &r, v->sig, ss) != 0, "%s: r", c->name);
    memset(&nm1, 0, sizeof nm1);
    memcpy(nm1.v, c->sc.n, sizeof c->sc.n);
    nm1.v[0] -= 1;
    if (same) e = r;
    else sc_mul(&c->sc, &e, &r, &nm1);
    set_digest(c, v, &e);
}

/* v: a valid signature by v's key q (from v->priv, or 1) with the given
 * u1 = e/s and u2 = r/s: R = u1 G + u2 Q = t G for t = u1 + u2 q, r =
 * x(R) mod n, s = r/u2, e = u1 s. The three cases of the lanes'
 * verification they reach:
 *   0: q = 1, u1 = u2 = 1, R = 2 G: u1 G and u2 Q are both G (the prime
 *      lanes' join doubles, the binary lanes' comb adds G to G);
 *   1: u1 = 2 + q, u2 = n - 1, R = 2 G: the binary ladder's second point
 *      (u2 + 1) Q is the identity;
 *   2: q = 1, u1 = 1 + 2^(3 w), u2 = n - 1 (w the width of the table of
 *      G), R = 2^(3 w) G: the binary comb's sum is the identity after its
 *      first position and takes the entry at its fourth. */
static void edge_verify(const fastec_curve *c, item *v, int kind)
{
    const size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
    const unsigned w = c->kind == EC_KIND_BINARY ? c->ec2->base_w : c->ecp->base_w;
    uint8_t tb[72], pt[145];
    size_t pl = sizeof pt;
    sc_t r, s, e, q, t, u1, u2, x;
    memset(&u1, 0, sizeof u1);
    memset(&u2, 0, sizeof u2);
    if (kind != 1) {
        memset(v->priv, 0, ss);
        v->priv[ss - 1] = 1;
    }
    CHECK(sc_from_bytes_range(&c->sc, &q, v->priv, ss) != 0, "%s: q", c->name);
    if (kind == 0) {
        u1.v[0] = u2.v[0] = 1;
    } else {
        memcpy(u2.v, c->sc.n, sizeof c->sc.n);
        u2.v[0] -= 1;
        if (kind == 1) {
            u1.v[0] = 2;
            sc_add(&c->sc, &u1, &u1, &q);
        } else {
            u1.v[0] = 1;
            u1.v[3 * w / 64] |= (uint64_t)1 << (3 * w % 64);
        }
    }
    sc_mul(&c->sc, &t, &u2, &q);
    sc_add(&c->sc, &t, &t, &u1);
    sc_to_bytes(&c->sc, tb, &t);
    CHECK(fastec_public_key(c, tb, 0, pt, &pl) == FASTEC_OK, "%s: t G", c->name);
    sc_from_bytes_reduce(&c->sc, &r, pt + 1, fs, c->cofactor);
    CHECK(!sc_is_zero(&c->sc, &r), "%s: x(t G) mod n is 0", c->name);
    sc_inv_vartime(&c->sc, &x, &u2);
    sc_mul(&c->sc, &s, &r, &x);
    sc_mul(&c->sc, &e, &u1, &s);
    v->pub_len = sizeof v->pub;
    CHECK(fastec_public_key(c, v->priv, 0, v->pub, &v->pub_len) == FASTEC_OK, "%s: edge verification key", c->name);
    sc_to_bytes(&c->sc, v->sig, &r);
    sc_to_bytes(&c->sc, v->sig + ss, &s);
    set_digest(c, v, &e);
}

static void make_pools(const fastec_curve *c)
{
    const size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
    static const size_t dlens[] = {32, 20, 48, 64, 28, 0, 33};
    for (int i = 0; i < POOL; i++) {
        item *t = &good[i];
        CHECK(fastec_keygen(c, t->priv) == FASTEC_OK, "%s keygen", c->name);
        t->pub_len = sizeof t->pub;
        CHECK(fastec_public_key(c, t->priv, i % 3 == 0, t->pub, &t->pub_len) == FASTEC_OK, "%s public key", c->name);
        t->digest_len = dlens[i % 7];
        t_randbytes(t->digest, t->digest_len);
        CHECK(fastec_ecdsa_sign(c, t->priv, t->digest, t->digest_len, t->sig) == FASTEC_OK, "%s sign", c->name);
    }
    for (int i = 0; i < POOL; i++) { /* each item's peer: the next item's key */
        memcpy(good[i].peer, good[(i + 1) % POOL].pub, good[(i + 1) % POOL].pub_len);
        good[i].peer_len = good[(i + 1) % POOL].pub_len;
        single(c, &good[i]);
        CHECK(!good[i].rc_ecdh && !good[i].rc_sign && !good[i].rc_verify, "%s good item %d fails", c->name, i);
    }
    /* bad items: each a good one with one thing wrong */
    for (int k = 0; k < NBAD; k++) {
        item *e = &bad_ecdh[k], *s = &bad_sign[k], *v = &bad_verify[k];
        *e = *s = *v = good[k];
        switch (k) {
        case 0: /* key 0; key 0; r changed */
            memset(e->priv, 0, ss);
            memset(s->priv, 0, ss);
            v->sig[0] ^= 0x40;
            break;
        case 1: /* key n; key n; r = 0 */
            be_words(e->priv, ss, c->sc.n);
            be_words(s->priv, ss, c->sc.n);
            memset(v->sig, 0, ss);
            break;
        case 2: /* peer's prefix; key above n; key's prefix */
            e->peer[0] = 0x05;
            memset(s->priv, 0xff, ss);
            v->pub[0] = 0x05;
            break;
        case 3: /* peer's length; key above n; key's length */
            e->peer_len -= 1;
            memset(s->priv, 0xff, ss);
            v->pub_len += 1;
            break;
        case 4: /* peer off the curve; key n; digest changed */
            e->peer[e->peer_len - 1] ^= 1;
            be_words(s->priv, ss, c->sc.n);
            v->digest[0] ^= 0x80;
            if (!v->digest_len) v->digest_len = 1;
            break;
        case 5: /* peer's x out of range; key 0; s = n */
            memset(e->peer + 1, 0xff, fs);
            memset(s->priv, 0, ss);
            be_words(v->sig + ss, ss, c->sc.n);
            break;
        default: /* verification's join meeting the doubling (u1 G = u2 G) and the identity (u1 G = -u2 G) */
            memset(e->priv, 0, ss);
            be_words(s->priv, ss, c->sc.n);
            special_verify(c, v, k == 6);
            break;
        }
        single(c, e);
        single(c, s);
        single(c, v);
        CHECK(e->rc_ecdh != FASTEC_OK, "%s bad ECDH item %d succeeds", c->name, k);
        CHECK(s->rc_sign != FASTEC_OK, "%s bad signing item %d succeeds", c->name, k);
        CHECK(v->rc_verify != FASTEC_OK, "%s bad verification item %d succeeds", c->name, k);
    }
    /* edge private keys 1, 2, n - 2, n - 1; the valid edge verifications */
    for (int k = 0; k < NEDGE; k++) {
        item *t = &edge[k];
        *t = good[k];
        if (k >= 4) {
            edge_verify(c, t, k - 4);
            single(c, t);
            CHECK(!t->rc_ecdh && !t->rc_sign && !t->rc_verify, "%s edge verification %d fails", c->name, k - 4);
            continue;
        }
        if (k < 2) {
            memset(t->priv, 0, ss);
            t->priv[ss - 1] = (uint8_t)(k + 1);
        } else {
            unsigned borrow = k == 2 ? 2 : 1;
            be_words(t->priv, ss, c->sc.n);
            for (size_t b = ss; b-- > 0 && borrow;) {
                unsigned v = t->priv[b];
                t->priv[b] = (uint8_t)(v - borrow);
                borrow = v < borrow;
            }
        }
        t->pub_len = sizeof t->pub;
        CHECK(fastec_public_key(c, t->priv, 0, t->pub, &t->pub_len) == FASTEC_OK, "%s edge key %d", c->name, k);
        CHECK(fastec_ecdsa_sign(c, t->priv, t->digest, t->digest_len, t->sig) == FASTEC_OK, "%s edge sign %d", c->name,
              k);
        single(c, t);
        CHECK(!t->rc_ecdh && !t->rc_sign && !t->rc_verify, "%s edge item %d fails", c->name, k);
    }
}

/* Up to max scalars k (into ks) whose comb meets acc = entry: k = 2 D mod
 * n for D = d 2^(w i), where k's recoding (w-bit signed digits, pos of
 * them) has d at row i and none above, so that its rows below i sum to
 * k - D = D (mod n). Every row i >= 1 and digit d >= 1 is tried. Returns the
 * count found. */
static int comb_doubling_ks(const fastec_curve *c, unsigned w, unsigned pos, sc_t *ks, int max)
{
    int found = 0;
    sc_t x; /* 2^(w i) mod n */
    memset(&x, 0, sizeof x);
    x.v[0] = 1;
    for (unsigned i = 1; i < pos && found < max; i++) {
        for (unsigned j = 0; j < w; j++) sc_add(&c->sc, &x, &x, &x);
        const int dmax = i == pos - 1 ? 1 : (1 << (w - 1)) - 1;
        for (int d = 1; d <= dmax && found < max; d++) {
            sc_t f, k;
            memset(&f, 0, sizeof f);
            f.v[0] = 2 * (uint64_t)d;
            sc_mul(&c->sc, &k, &x, &f);
            int8_t dg[SC_MAX_LIMBS * 64 + 2];
            sc_recode(dg, k.v, pos, w);
            int ok = dg[i] == d;
            for (unsigned t = i + 1; t < pos; t++) ok &= dg[t] == 0;
            if (ok) ks[found++] = k;
        }
    }
    return found;
}

/* The lanes' k G (signing's mul_base_x) against the single call's, in
 * every lane: k = 0, 1, 2, 3, n - 1, n - 2, n - 3, random ones, and those
 * of comb_doubling_k for the rows where one exists. The signing items
 * cannot choose k (RFC 6979 draws it). */
static void test_mul_base_lanes(const fastec_curve *c)
{
    const ec_lanes *ln = ec_lanes_for(c);
    if (!ln || !ln->mul_base_x) return;
    const ec_ops *ops = ec_ops_for(c);
    const int bin = c->kind == EC_KIND_BINARY;
    const unsigned w = bin ? c->ec2->base_w : c->ecp->base_w, pos = bin ? c->ec2->base_pos : c->ecp->base_pos;
    enum { NK = 48 };
    sc_t ks[NK];
    int nk = 0;
    memset(ks, 0, sizeof ks);
    for (int i = 0; i < 4; i++) ks[nk++].v[0] = (uint64_t)i;
    for (int i = 1; i <= 3; i++, nk++) {
        memcpy(ks[nk].v, c->sc.n, sizeof c->sc.n);
        ks[nk].v[0] -= (uint64_t)i;
    }
    nk += comb_doubling_ks(c, w, pos, ks + nk, NK / 2 - nk);
    while (nk < NK) {
        uint8_t b[72];
        t_randbytes(b, sizeof b);
        sc_from_bytes_reduce(&c->sc, &ks[nk++], b, fastec_curve_scalar_size(c), 1);
    }
    const size_t fs = fastec_curve_field_size(c);
    for (int round = 0; round < 2 * NK / EC_LANES; round++) {
        const sc_t *kp[EC_LANES];
        uint8_t xo[EC_LANES][EC_MAX_FIELD_BYTES], *out[EC_LANES];
        for (int l = 0; l < EC_LANES; l++) kp[l] = &ks[(round * 7 + l * 3) % NK], out[l] = xo[l];
        memset(xo, 0xa5, sizeof xo);
        const unsigned inf = ln->mul_base_x(c, out, kp, EC_LANES);
        for (int l = 0; l < EC_LANES; l++) {
            ec_point R;
            uint8_t xy[2 * EC_MAX_FIELD_BYTES];
            const uint64_t sinf = ops->mul_base(c, &R, kp[l]);
            memset(xy, 0, sizeof xy);
            if (!sinf) ops->point_to_xy(c, xy, &R);
            CHECK(((inf >> l) & 1) == (sinf & 1) && !memcmp(xo[l], xy, fs), "%s: lanes k G, lane %d, k %d", c->name,
                  l, (int)(kp[l] - ks));
        }
    }
}

static const item *src[MAXN];
static uint8_t secrets[MAXN][72], sigs[MAXN][144];
static int results[MAXN];

/* one batch of each operation over src[0..n-1]: every item's result and
 * output as the single call's, the return value as promised */
static void run(const fastec_curve *c, size_t n, const char *what)
{
    fastec_ecdh_item ei[MAXN];
    fastec_sign_item si[MAXN];
    fastec_verify_item vi[MAXN];
    const size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
    for (size_t i = 0; i < n; i++) {
        const item *t = src[i];
        ei[i] = (fastec_ecdh_item){t->priv, t->peer, t->peer_len, secrets[i]};
        si[i] = (fastec_sign_item){t->priv, t->digest, t->digest_len, sigs[i]};
        vi[i] = (fastec_verify_item){t->pub, t->pub_len, t->digest, t->digest_len, t->sig};
    }
    int any, rc;
    memset(secrets, 0xa5, sizeof secrets);
    memset(results, 0x5a, sizeof results);
    rc = fastec_ecdh_batch(c, ei, n, results);
    any = 0;
    for (size_t i = 0; i < n; i++) {
        any |= src[i]->rc_ecdh != 0;
        CHECK(results[i] == src[i]->rc_ecdh && !memcmp(secrets[i], src[i]->secret, fs),
              "%s %s: ECDH item %zu of %zu: %d, single %d", c->name, what, i, n, results[i], src[i]->rc_ecdh);
    }
    CHECK(rc == (any ? FASTEC_ERR_BATCH : FASTEC_OK), "%s %s: ECDH batch of %zu returns %d", c->name, what, n, rc);
    memset(sigs, 0xa5, sizeof sigs);
    memset(results, 0x5a, sizeof results);
    rc = fastec_ecdsa_sign_batch(c, si, n, results);
    any = 0;
    for (size_t i = 0; i < n; i++) {
        any |= src[i]->rc_sign != 0;
        CHECK(results[i] == src[i]->rc_sign && !memcmp(sigs[i], src[i]->sig_out, 2 * ss),
              "%s %s: signing item %zu of %zu: %d, single %d", c->name, what, i, n, results[i], src[i]->rc_sign);
    }
    CHECK(rc == (any ? FASTEC_ERR_BATCH : FASTEC_OK), "%s %s: signing batch of %zu returns %d", c->name, what, n, rc);
    memset(results, 0x5a, sizeof results);
    rc = fastec_ecdsa_verify_batch(c, vi, n, results);
    any = 0;
    for (size_t i = 0; i < n; i++) {
        any |= src[i]->rc_verify != 0;
        CHECK(results[i] == src[i]->rc_verify, "%s %s: verification item %zu of %zu: %d, single %d", c->name, what, i,
              n, results[i], src[i]->rc_verify);
    }
    CHECK(rc == (any ? FASTEC_ERR_BATCH : FASTEC_OK), "%s %s: verification batch of %zu returns %d", c->name, what,
          n, rc);
    for (size_t i = n; i < MAXN; i++)
        CHECK(results[i] == 0x5a5a5a5a, "%s %s: result %zu written past n = %zu", c->name, what, i, n);
}

static void test_curve(const fastec_curve *c)
{
    test_mul_base_lanes(c);
    make_pools(c);
    /* good batches, keys shared from n > POOL, edge keys in every position */
    for (size_t n = 0; n <= 17; n++) {
        for (size_t i = 0; i < n; i++) src[i] = &good[(i * 7 + n) % POOL];
        run(c, n, "good");
    }
    for (size_t i = 0; i < MAXN; i++) src[i] = &good[i % POOL];
    run(c, MAXN, "good, shared keys");
    for (size_t p = 0; p < 17; p++) { /* every lane of both groups of eight, and the one after */
        for (size_t i = 0; i < 17; i++) src[i] = i == p ? &edge[p % NEDGE] : &good[i];
        run(c, 17, "edge key");
    }
    /* one operation's bad item at a time: the other two operations see a good item there */
    static const size_t sizes[] = {1, 2, 3, 8, 17, MAXN};
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        const size_t n = sizes[z];
        const int every = n == 8 || n == 17;
        for (size_t b = 0; b < n; b++) {
            if (!every && b != (n * 5 + 3) % n) continue;
            for (int op = 0; op < 3; op++) {
                const item *pool = op == 0 ? bad_ecdh : op == 1 ? bad_sign : bad_verify;
                for (size_t i = 0; i < n; i++) src[i] = &good[(i + b) % POOL];
                src[b] = &pool[(b + (size_t)op) % NBAD];
                run(c, n, op == 0 ? "a bad ECDH item" : op == 1 ? "a bad signing item" : "a bad verification item");
            }
        }
    }
    /* every item bad: for each operation its bad pool, repeated */
    for (int op = 0; op < 3; op++) {
        const item *pool = op == 0 ? bad_ecdh : op == 1 ? bad_sign : bad_verify;
        for (size_t i = 0; i < 17; i++) src[i] = &pool[i % NBAD];
        run(c, 17, "all bad");
    }
}

static void test_args(void)
{
    const fastec_curve *c = fastec_curve_find("P-256");
    fastec_ecdh_item e = {0};
    fastec_sign_item s = {0};
    fastec_verify_item v = {0};
    int r = 77;
    CHECK(fastec_ecdh_batch(NULL, &e, 1, &r) == FASTEC_ERR_CURVE && r == 77, "ECDH batch, NULL curve");
    CHECK(fastec_ecdsa_sign_batch(NULL, &s, 1, &r) == FASTEC_ERR_CURVE && r == 77, "signing batch, NULL curve");
    CHECK(fastec_ecdsa_verify_batch(NULL, &v, 1, &r) == FASTEC_ERR_CURVE && r == 77, "verification batch, NULL curve");
    CHECK(fastec_ecdh_batch((const fastec_curve *)&r, &e, 1, &r) == FASTEC_ERR_CURVE && r == 77, "not a curve");
    CHECK(fastec_ecdh_batch(c, NULL, 1, &r) == FASTEC_ERR_NULL && r == 77, "ECDH batch, NULL items");
    CHECK(fastec_ecdsa_sign_batch(c, &s, 1, NULL) == FASTEC_ERR_NULL, "signing batch, NULL results");
    CHECK(fastec_ecdsa_verify_batch(c, NULL, 2, &r) == FASTEC_ERR_NULL && r == 77, "verification batch, NULL items");
    CHECK(fastec_ecdh_batch(c, NULL, 0, NULL) == FASTEC_OK && fastec_ecdsa_sign_batch(c, NULL, 0, NULL) == FASTEC_OK &&
              fastec_ecdsa_verify_batch(c, NULL, 0, NULL) == FASTEC_OK,
          "empty batches");
    /* an item with NULL pointers fails alone, as the single call does */
    CHECK(fastec_ecdh_batch(c, &e, 1, &r) == FASTEC_ERR_BATCH && r == FASTEC_ERR_NULL, "ECDH item with NULLs");
    CHECK(fastec_ecdsa_sign_batch(c, &s, 1, &r) == FASTEC_ERR_BATCH && r == FASTEC_ERR_NULL, "signing item with NULLs");
    CHECK(fastec_ecdsa_verify_batch(c, &v, 1, &r) == FASTEC_ERR_BATCH && r == FASTEC_ERR_NULL,
          "verification item with NULLs");
    CHECK(strstr(fastec_strerror(FASTEC_ERR_BATCH), "batch") != NULL, "strerror names the batch error");
}

/* No output of a batch may overlap an input or another output
 * (include/fastec.h): FASTEC_ERR_ARG, results[] untouched and nothing
 * written, whatever the CPU; inputs may share memory, and buffers that only
 * touch are fine. n = 300 takes the spans' mapping (more than 256 outputs). */
static void test_aliasing(const fastec_curve *c)
{
    enum { N = 300 };
    static uint8_t priv[N][72], peer[145], secret[N][72], sig[N][144], digest[32] = {1, 2, 3};
    static fastec_ecdh_item e[N];
    static fastec_sign_item sg[N];
    static fastec_verify_item v[N];
    static int r[N];
    const size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c);
    size_t pl = sizeof peer;
    CHECK(fastec_keygen(c, priv[0]) == FASTEC_OK && fastec_public_key(c, priv[0], 0, peer, &pl) == FASTEC_OK, "key");
    for (size_t i = 0; i < N; i++) {
        memcpy(priv[i], priv[0], ss);
        e[i] = (fastec_ecdh_item){priv[i], peer, pl, secret[i]};
        sg[i] = (fastec_sign_item){priv[i], digest, sizeof digest, sig[i]};
    }
    CHECK(fastec_ecdsa_sign(c, priv[0], digest, sizeof digest, sig[0]) == FASTEC_OK, "signature");
    for (size_t i = 0; i < N; i++) v[i] = (fastec_verify_item){peer, pl, digest, sizeof digest, sig[0]};
    /* the batch gets FASTEC_ERR_ARG, and neither results nor any output changed */
#define REFUSED(call, what)                                                                                            \
    do {                                                                                                               \
        memset(r, 0x5a, sizeof r);                                                                                     \
        memset(secret, 0xa5, sizeof secret);                                                                           \
        int rc_ = (call);                                                                                              \
        int still_ = r[0] == 0x5a5a5a5a && r[N - 1] == 0x5a5a5a5a;                                                     \
        for (size_t i_ = 0; i_ < N; i_++) still_ &= secret[i_][0] == 0xa5 && secret[i_][fs - 1] == 0xa5;               \
        CHECK(rc_ == FASTEC_ERR_ARG && still_, "%s %s: %d (%s)", c->name, what, rc_, still_ ? "untouched" : "written"); \
    } while (0)
    /* the case that answered differently with and without the lanes: an
     * item's secret is the next item's private key */
    fastec_ecdh_item e2[2] = {{priv[0], peer, pl, priv[1]}, {priv[1], peer, pl, secret[1]}};
    memset(r, 0x5a, sizeof r);
    CHECK(fastec_ecdh_batch(c, e2, 2, r) == FASTEC_ERR_ARG && !memcmp(priv[1], priv[0], ss) && r[0] == 0x5a5a5a5a,
          "%s: a secret into the next item's key", c->name);
    e2[0].secret = (uint8_t *)peer + pl - 1; /* one byte into the peer's key */
    REFUSED(fastec_ecdh_batch(c, e2, 2, r), "a secret over the peer key's last byte");
    e2[0] = (fastec_ecdh_item){priv[0], peer, pl, secret[1]}; /* two items, one secret buffer */
    REFUSED(fastec_ecdh_batch(c, e2, 2, r), "two secrets in one buffer");
    e2[0].secret = secret[1] + fs - 1;
    REFUSED(fastec_ecdh_batch(c, e2, 2, r), "two secrets sharing a byte");
    REFUSED(fastec_ecdh_batch(c, e, 2, (int *)(void *)priv[1]), "results over a key");
    REFUSED(fastec_ecdh_batch(c, e, 2, (int *)(void *)&e[1]), "results over the items");
    e2[0] = (fastec_ecdh_item){priv[0], peer, pl, (uint8_t *)&e2[1]};
    REFUSED(fastec_ecdh_batch(c, e2, 2, r), "a secret over the items");
    /* the large batch: the last item's secret over the first item's key */
    e[N - 1].secret = priv[0];
    REFUSED(fastec_ecdh_batch(c, e, N, r), "300 items, the last secret over the first key");
    e[N - 1].secret = secret[N - 1];
    /* signing and verification */
    fastec_sign_item s2[2] = {{priv[0], digest, sizeof digest, sig[0]}, {priv[1], sig[0] + 5, 16, sig[1]}};
    REFUSED(fastec_ecdsa_sign_batch(c, s2, 2, r), "a signature over the next item's digest");
    REFUSED(fastec_ecdsa_verify_batch(c, v, 2, (int *)(void *)sig[0]), "results over a signature");
    REFUSED(fastec_ecdsa_verify_batch(c, v, 2, (int *)(void *)(peer + 4)), "results over a public key");
    /* allowed: shared inputs, outputs that only touch */
    fastec_ecdh_item e3[2] = {{priv[0], peer, pl, secret[0] + 64}, {priv[0], peer, pl, secret[0] + 64 - fs}};
    CHECK(fastec_ecdh_batch(c, e3, 2, r) == FASTEC_OK && r[0] == FASTEC_OK && r[1] == FASTEC_OK,
          "%s: touching outputs, shared inputs", c->name);
    CHECK(fastec_ecdh_batch(c, e, N, r) == FASTEC_OK, "%s: 300 items, no overlap", c->name);
    CHECK(fastec_ecdsa_sign_batch(c, sg, N, r) == FASTEC_OK, "%s: 300 signatures, no overlap", c->name);
    CHECK(fastec_ecdsa_verify_batch(c, v, N, r) == FASTEC_OK, "%s: 300 verifications sharing their inputs", c->name);
#undef REFUSED
}

/* "quick" (the sanitizer and cross builds, and the portable run): the
 * prime curves with lanes on this CPU (ec_lanes_for), the loop's P-521, and
 * binary curves with a trinomial and with a pentanomial field, Koblitz
 * (b = 1) and random (binary lanes, where the CPU has them, are one code for
 * every field); the release and clang builds run every curve with the CPU's
 * backends */
int main(int argc, char **argv)
{
    static const char *const sample[] = {"secp521r1", "sect163k1", "sect283r1", "sect233r1"};
    const int quick = argc > 1 && !strcmp(argv[1], "quick");
    t_seed();
    test_args();
    test_aliasing(fastec_curve_find("sect233r1"));
    test_aliasing(fastec_curve_find("P-256"));
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        int in = !quick || (c->kind == EC_KIND_PRIME && ec_lanes_for(c) != NULL);
        for (size_t j = 0; j < sizeof sample / sizeof sample[0]; j++) in |= !strcmp(sample[j], c->name);
        if (in) test_curve(c);
    }
    return t_done("test_batch");
}
