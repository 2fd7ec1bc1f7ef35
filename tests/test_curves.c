/* SPDX-License-Identifier: Apache-2.0 */
/* Curve parameters and group laws, every curve, every backend the CPU runs:
 * parameters equal OpenSSL's (field polynomial, a, b, G, n, h; in builds with
 * OpenSSL, FASTEC_TEST_OPENSSL: the cross-compiled runs have none); the
 * tables of G that every backend computes, the ones the library uses and
 * the binary fields' linear maps equal tools/gen_curves.py's (by SHA-256); G on the curve and in the
 * subgroup; n G = infinity; (n-1) G = -G; h n within the Hasse bound of 2^m;
 * k G by the fixed-base table equals the ladder's k G; and every backend
 * gives the same points as the portable one. */
#ifdef FASTEC_TEST_OPENSSL
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/objects.h>
#endif

#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "fastec.h"
#include "gen/table_digests.h"
#include "hash/hash.h"
#ifdef FASTEC_TEST_OPENSSL
#include "testossl.h"
#endif
#include "testops.h"
#include "testutil.h"

static void to_be(uint8_t *out, size_t len, const uint64_t *w)
{
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        out[i] = (uint8_t)(w[bit / 64] >> (bit % 64));
    }
}

#ifdef FASTEC_TEST_OPENSSL
static BIGNUM *bn_words(const uint64_t *w, unsigned nw)
{
    uint8_t be[80];
    for (unsigned i = 0; i < nw; i++)
        for (int j = 0; j < 8; j++) be[8 * (nw - 1 - i) + (7 - j)] = (uint8_t)(w[i] >> (8 * j));
    return BN_bin2bn(be, (int)(8 * nw), NULL);
}

/* a binary curve's parameters against OpenSSL's: field polynomial (through
 * every backend's product), a, b, G, n, h, sizes, the Hasse bound */
static void binary_params(const fastec_curve *c, const ec_field_hooks *const *fields, unsigned nb)
{
    const char *name = c->name;
    const ec2_params *cp = c->ec2;
    unsigned nw = fields[0]->nwords;
    /* parameters against OpenSSL */
    EC_GROUP *g = EC_GROUP_new_by_curve_name(t_nid(name));
    CHECK(g != NULL, "%s unknown to OpenSSL", name);
    if (!g) return;
    BIGNUM *p = BN_new(), *a = BN_new(), *b = BN_new(), *gx = BN_new(), *gy = BN_new();
    EC_GROUP_get_curve(g, p, a, b, NULL);
    EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), gx, gy, NULL);
    BIGNUM *ma = bn_words(cp->a, nw), *mb = bn_words(cp->b, nw), *mgx = bn_words(cp->gx, nw),
           *mgy = bn_words(cp->gy, nw), *mn = bn_words(c->sc.n, c->sc.nlimbs);
    CHECK((unsigned)BN_num_bits(p) - 1 == cp->m && c->field_bits == cp->m, "%s degree", name);
    CHECK(!BN_cmp(a, ma) && !BN_cmp(b, mb), "%s a, b differ from OpenSSL", name);
    CHECK(!BN_cmp(gx, mgx) && !BN_cmp(gy, mgy), "%s G differs from OpenSSL", name);
    CHECK(!BN_cmp(EC_GROUP_get0_order(g), mn), "%s n differs from OpenSSL", name);
    CHECK(BN_get_word(EC_GROUP_get0_cofactor(g)) == c->cofactor, "%s h differs", name);
    CHECK((unsigned)BN_num_bits(mn) == c->sc.nbits && c->scalar_size == (c->sc.nbits + 7) / 8, "%s sizes", name);
    /* the field polynomial: x^m + terms; check f(x) against OpenSSL's p */
    {
        int arr[6];
        int nt = BN_GF2m_poly2arr(p, arr, 6);
        uint64_t red[9] = {0}, xm[9] = {0}, one[9] = {1}, r[9];
        for (int i = 1; i < nt && arr[i] >= 0; i++) red[arr[i] / 64] |= 1ULL << (arr[i] % 64);
        /* x^m = x^(m-1) * x must equal the low terms of p */
        uint64_t xm1[9] = {0}, x[9] = {0};
        xm1[(cp->m - 1) / 64] = 1ULL << ((cp->m - 1) % 64);
        x[0] = 2;
        for (unsigned k = 0; k < nb; k++) {
            fields[k]->mul(r, xm1, x);
            CHECK(!memcmp(r, red, 8 * nw), "%s %s reduction polynomial differs from OpenSSL's", name, fields[k]->backend);
        }
        (void)xm;
        (void)one;
    }
    /* Hasse: (h n - (2^m + 1))^2 <= 4 2^m */
    BIGNUM *hn = BN_new(), *q = BN_new(), *bound = BN_new();
    BN_CTX *bctx = BN_CTX_new();
    BN_mul_word(BN_copy(hn, mn), c->cofactor);
    BN_zero(q);
    BN_set_bit(q, (int)cp->m);
    BN_add_word(q, 1);
    BN_sub(hn, hn, q);
    BN_sqr(hn, hn, bctx);
    BN_CTX_free(bctx);
    BN_zero(bound);
    BN_set_bit(bound, (int)cp->m + 2);
    CHECK(BN_cmp(hn, bound) <= 0, "%s h n outside the Hasse bound", name);

    BN_free(hn);
    BN_free(q);
    BN_free(bound);
    BN_free(p);
    BN_free(a);
    BN_free(b);
    BN_free(gx);
    BN_free(gy);
    BN_free(ma);
    BN_free(mb);
    BN_free(mgx);
    BN_free(mgy);
    BN_free(mn);
    EC_GROUP_free(g);
}
#endif

static void test_curve(const fastec_curve *c)
{
    const char *name = c->name;
    const ec2_params *cp = c->ec2;
    const size_t fs = c->field_size;
    const ec_ops *ops[EC_MAX_BACKENDS];
    const ec_field_hooks *fields[EC_MAX_BACKENDS];
    unsigned nb = ec_backends(c, ops, fields);

#ifdef FASTEC_TEST_OPENSSL
    binary_params(c, fields, nb);
#endif
    uint8_t G[2 * EC_MAX_FIELD_BYTES], xy[2 * EC_MAX_FIELD_BYTES], xy0[2 * EC_MAX_FIELD_BYTES], x[EC_MAX_FIELD_BYTES];
    to_be(G, fs, cp->gx);
    to_be(G + fs, fs, cp->gy);
    for (unsigned k = 0; k < nb; k++) {
        const ec_ops *o = ops[k];
        CHECK(t_check(c, o, G) == FASTEC_OK, "%s %s G not valid", name, o->backend);
        sc_t s;
        memset(&s, 0, sizeof s);
        memcpy(s.v, c->sc.n, sizeof c->sc.n);
        CHECK(t_mul_x(c, o, x, &s, G) == FASTEC_ERR_INFINITY, "%s %s n G != infinity (ladder)", name, o->backend);
        CHECK(t_mul_base(c, o, xy, &s) == FASTEC_ERR_INFINITY, "%s %s n G != infinity (table)", name, o->backend);
        s.v[0] -= 1; /* n - 1 (n is odd) */
        CHECK(t_mul_x(c, o, x, &s, G) == FASTEC_OK && !memcmp(x, G, fs), "%s %s x((n-1)G) != x(G)", name, o->backend);
        CHECK(t_mul_base(c, o, xy, &s) == FASTEC_OK && !memcmp(xy, G, fs), "%s %s (n-1)G table", name, o->backend);
        for (size_t i = 0; i < fs; i++) xy0[i] = G[i] ^ G[fs + i];
        CHECK(!memcmp(xy + fs, xy0, fs), "%s %s (n-1)G != -G", name, o->backend);
        memset(&s, 0, sizeof s);
        s.v[0] = 1;
        CHECK(t_mul_base(c, o, xy, &s) == FASTEC_OK && !memcmp(xy, G, 2 * fs), "%s %s 1 G", name, o->backend);
        s.v[0] = 2;
        CHECK(t_mul_base(c, o, xy, &s) == FASTEC_OK && t_mul_x(c, o, x, &s, G) == FASTEC_OK && !memcmp(xy, x, fs),
              "%s %s 2G", name, o->backend);
    }
    /* random scalars: table == ladder, and backends agree */
    for (int it = 0; it < 40; it++) {
        uint8_t kb[72];
        sc_t s;
        t_randbytes(kb, c->scalar_size);
        if (!sc_from_bytes_range(&c->sc, &s, kb, c->scalar_size)) continue;
        /* small and structured scalars too */
        if (it < 3) {
            memset(&s, 0, sizeof s);
            s.v[0] = (uint64_t)it + 3;
        }
        for (unsigned k = 0; k < nb; k++) {
            CHECK(t_mul_base(c, ops[k], xy, &s) == FASTEC_OK, "%s mul_base", name);
            CHECK(t_check(c, ops[k], xy) == FASTEC_OK, "%s %s k G not valid", name, ops[k]->backend);
            CHECK(t_mul_x(c, ops[k], x, &s, G) == FASTEC_OK && !memcmp(x, xy, fs), "%s %s table != ladder", name,
                  ops[k]->backend);
            if (k == 0) memcpy(xy0, xy, 2 * fs);
            else CHECK(!memcmp(xy0, xy, 2 * fs), "%s %s differs from portable", name, ops[k]->backend);
            /* ybit and decompression agree */
            uint8_t d[2 * EC_MAX_FIELD_BYTES];
            int yb = t_ybit(c, ops[k], xy);
            CHECK(t_decompress(c, ops[k], d, xy, yb) == FASTEC_OK && !memcmp(d, xy, 2 * fs), "%s %s decompress",
                  name, ops[k]->backend);
        }
    }
}

/* prime curves: parameters against OpenSSL, group laws through the ops */
#ifdef FASTEC_TEST_OPENSSL
/* a prime curve's parameters against OpenSSL's: p, a = -3, G, n, h */
static void prime_params(const fastec_curve *c)
{
    const char *name = c->name;
    const ecp_params *e = c->ecp;
    EC_GROUP *g = EC_GROUP_new_by_curve_name(t_nid(name));
    CHECK(g != NULL, "%s unknown to OpenSSL", name);
    if (!g) return;
    BIGNUM *p = BN_new(), *a = BN_new(), *b = BN_new(), *gx = BN_new(), *gy = BN_new(), *t = BN_new();
    EC_GROUP_get_curve(g, p, a, b, NULL);
    EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), gx, gy, NULL);
    BIGNUM *mp = bn_words(e->fp.n, e->fp.nlimbs), *mgx = bn_words(e->gx, e->fp.nlimbs),
           *mgy = bn_words(e->gy, e->fp.nlimbs), *mn = bn_words(c->sc.n, c->sc.nlimbs);
    CHECK(!BN_cmp(p, mp) && (unsigned)BN_num_bits(p) == c->field_bits, "%s p differs from OpenSSL's", name);
    BN_sub(t, p, a);
    CHECK(BN_is_word(t, 3), "%s a != -3", name);
    CHECK(!BN_cmp(gx, mgx) && !BN_cmp(gy, mgy), "%s G differs from OpenSSL", name);
    CHECK(!BN_cmp(EC_GROUP_get0_order(g), mn) && c->cofactor == 1, "%s n differs from OpenSSL", name);
    BN_free(p), BN_free(a), BN_free(b), BN_free(gx), BN_free(gy), BN_free(t);
    BN_free(mp), BN_free(mgx), BN_free(mgy), BN_free(mn);
    EC_GROUP_free(g);
}
#endif

static void test_prime_curve(const fastec_curve *c)
{
    const char *name = c->name;
    const ecp_params *e = c->ecp;
    const size_t fs = c->field_size;
    const ec_ops *o = ec_ops_for(c);
#ifdef FASTEC_TEST_OPENSSL
    prime_params(c);
#endif
    uint8_t G[2 * EC_MAX_FIELD_BYTES], xy[2 * EC_MAX_FIELD_BYTES], x[EC_MAX_FIELD_BYTES];
    to_be(G, fs, e->gx);
    to_be(G + fs, fs, e->gy);
    CHECK(t_check(c, o, G) == FASTEC_OK, "%s G not valid", name);
    sc_t s;
    memset(&s, 0, sizeof s);
    memcpy(s.v, c->sc.n, sizeof c->sc.n);
    CHECK(t_mul_x(c, o, x, &s, G) == FASTEC_ERR_INFINITY, "%s n G != infinity", name);
    CHECK(t_mul_base(c, o, xy, &s) == FASTEC_ERR_INFINITY, "%s n G != infinity (table)", name);
    s.v[0] -= 1;
    CHECK(t_mul_base(c, o, xy, &s) == FASTEC_OK && !memcmp(xy, G, fs) && memcmp(xy + fs, G + fs, fs),
          "%s (n-1) G != -G", name);
    for (int it = 0; it < 40; it++) {
        uint8_t kb[72];
        t_randbytes(kb, c->scalar_size);
        if (!sc_from_bytes_range(&c->sc, &s, kb, c->scalar_size)) continue;
        CHECK(t_mul_base(c, o, xy, &s) == FASTEC_OK && t_check(c, o, xy) == FASTEC_OK, "%s k G", name);
        CHECK(t_mul_x(c, o, x, &s, G) == FASTEC_OK && !memcmp(x, xy, fs), "%s table != variable base", name);
        uint8_t d[2 * EC_MAX_FIELD_BYTES];
        CHECK(t_decompress(c, o, d, xy, t_ybit(c, o, xy)) == FASTEC_OK && !memcmp(d, xy, 2 * fs),
              "%s decompress", name);
    }
}

/* SHA-256 of n words as little-endian bytes, in hex */
static void words_sha256(char hex[65], const uint64_t *w, size_t n)
{
    hash_ctx h;
    uint8_t b[8], d[32];
    hash_sha256.init(&h);
    for (size_t i = 0; i < n; i++) {
        for (int j = 0; j < 8; j++) b[j] = (uint8_t)(w[i] >> (8 * j));
        hash_sha256.update(&h, b, 8);
    }
    hash_sha256.final(&h, d);
    for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

/* the tables of G: each backend's tables_vartime and the tables the
 * library filled on first use against the generator's digests */
static uint64_t tab_base[97 * 32 * 2 * 9], tab_gnaf[64 * 2 * 9];

static void test_tables(const fastec_curve *c)
{
    const char *want_b = NULL, *want_g = NULL;
    for (size_t i = 0; i < sizeof ec_table_digests / sizeof ec_table_digests[0]; i++)
        if (!strcmp(ec_table_digests[i].curve, c->name)) {
            want_b = ec_table_digests[i].base;
            want_g = ec_table_digests[i].gnaf;
        }
    CHECK(want_b != NULL, "%s: no table digest", c->name);
    if (!want_b) return;
    const int bin = c->kind == EC_KIND_BINARY;
    const unsigned nw = bin ? (c->field_bits + 63) / 64 : c->ecp->fp.nlimbs;
    const unsigned pos = bin ? c->ec2->base_pos : c->ecp->base_pos, w = bin ? c->ec2->base_w : c->ecp->base_w;
    const uint64_t *live_b = bin ? c->ec2->base : c->ecp->base, *live_g = bin ? c->ec2->gnaf : c->ecp->gnaf;
    const size_t nb = (size_t)pos << (w - 1) << 1, ng = (size_t)1 << (bin ? EC2_GNAF_W - 2 : ECP_GNAF_W - 2) << 1;
    CHECK(nb * nw <= sizeof tab_base / 8 && ng * nw <= sizeof tab_gnaf / 8, "%s: table buffers too small", c->name);
    CHECK((want_g != NULL) == (live_g != NULL), "%s: verification table present in one only", c->name);
    char hex[65];
    const ec_ops *ops[EC_MAX_BACKENDS];
    unsigned n = ec_backends(c, ops, NULL); /* fills the library's tables */
    CHECK(atomic_load(c->tables) == 2, "%s: tables not ready after ec_backends", c->name);
    words_sha256(hex, live_b, nb * nw);
    CHECK(!strcmp(hex, want_b), "%s: fixed-base table differs from the generator's", c->name);
    if (want_g && live_g) {
        words_sha256(hex, live_g, ng * nw);
        CHECK(!strcmp(hex, want_g), "%s: verification table differs from the generator's", c->name);
    }
    CHECK(n > 0 && ops[0]->tables_vartime != NULL, "%s: the portable instance does not fill the tables", c->name);
    for (unsigned k = 0; k < n; k++) {
        if (!ops[k]->tables_vartime) continue; /* left to a lower backend */
        memset(tab_base, 0, sizeof tab_base);
        memset(tab_gnaf, 0, sizeof tab_gnaf);
        ops[k]->tables_vartime(c, tab_base, want_g ? tab_gnaf : NULL);
        words_sha256(hex, tab_base, nb * nw);
        CHECK(!strcmp(hex, want_b), "%s %s: fixed-base table differs from the generator's", c->name,
              ops[k]->backend);
        if (want_g) {
            words_sha256(hex, tab_gnaf, ng * nw);
            CHECK(!strcmp(hex, want_g), "%s %s: verification table differs from the generator's", c->name,
                  ops[k]->backend);
        }
    }
}

int main(void)
{
    t_seed();
    for (size_t i = 0; i < fastec_curve_count(); i++) test_tables(fastec_curve_at(i));
    /* every binary field's linear maps, filled with its curves' tables */
    for (size_t i = 0; i < sizeof ec_map_digests / sizeof ec_map_digests[0]; i++) {
        char hex[65];
        words_sha256(hex, ec_map_digests[i].words, ec_map_digests[i].n);
        CHECK(!strcmp(hex, ec_map_digests[i].sha256), "GF(2^%u) %s map differs from the generator's",
              ec_map_digests[i].m, ec_map_digests[i].map);
    }
    CHECK(fastec_curve_count() == 20, "14 binary and 6 prime curves");
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        if (c->kind == EC_KIND_BINARY) test_curve(c);
        else test_prime_curve(c);
    }
    return t_done("test_curves");
}
