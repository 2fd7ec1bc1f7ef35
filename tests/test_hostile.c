/* SPDX-License-Identifier: Apache-2.0 */
/* Hostile input, every curve: each is answered by its error code, never a
 * crash and never success. Points off the curve, coordinates with bits at or
 * above m, wrong lengths and prefixes, the infinity encoding, the point of
 * order 2 (0, sqrt(b)), points outside the order-n subgroup (valid point plus
 * that one), r or s equal to 0, n or above, private keys 0, n and above,
 * NULL arguments and forged curve pointers. */
#include "curves/curves.h"
#include "ec_ops.h"
#include "fastec.h"
#include "testops.h"
#include "testutil.h"

#define MAXF 72
#define MAXS 72

/* big-endian bytes <-> little-endian words of a field element */
static void words_to_be(uint8_t *out, size_t len, const uint64_t *w)
{
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        out[i] = (uint8_t)(w[bit / 64] >> (bit % 64));
    }
}
static void be_to_words(uint64_t *w, const uint8_t *in, size_t len)
{
    memset(w, 0, 9 * sizeof(uint64_t));
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        w[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
}

/* every public-key consumer must refuse pub with the expected code */
static void expect_bad_pub(const fastec_curve *c, const uint8_t *priv, const uint8_t *pub, size_t len, int want,
                           const char *what)
{
    const char *name = fastec_curve_name(c);
    uint8_t sec[MAXF], sig[2 * MAXS], dg[32] = {1};
    memset(sig, 0x11, sizeof sig);
    int rc = fastec_public_key_check(c, pub, len);
    CHECK(rc == want, "%s %s: check gave %d (%s), want %d", name, what, rc, fastec_strerror(rc), want);
    rc = fastec_ecdh(c, priv, pub, len, sec);
    CHECK(rc == want, "%s %s: ecdh gave %d, want %d", name, what, rc, want);
    rc = fastec_ecdh_cofactor(c, priv, pub, len, sec);
    CHECK(rc == want, "%s %s: cofactor ecdh gave %d, want %d", name, what, rc, want);
    rc = fastec_ecdsa_verify(c, pub, len, dg, sizeof dg, sig);
    CHECK(rc == want, "%s %s: verify gave %d, want %d", name, what, rc, want);
}

static void test_curve(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    const size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c);
    const ec_ops *ops = ec_ops_for(c);
    const ec_field_hooks *fields = t_fields_for(c);
    const ec2_params *cp = c->ec2; /* NULL on prime curves */
    uint8_t priv[MAXS], pub[1 + 2 * MAXF + 1], bad[1 + 2 * MAXF + 1], pubc[1 + MAXF];
    size_t publen = sizeof pub, pubclen = sizeof pubc;
    CHECK(fastec_keygen(c, priv) == FASTEC_OK, "%s keygen", name);
    CHECK(fastec_public_key(c, priv, 0, pub, &publen) == FASTEC_OK, "%s pub", name);
    CHECK(fastec_public_key(c, priv, 1, pubc, &pubclen) == FASTEC_OK, "%s pubc", name);

    /* encodings */
    expect_bad_pub(c, priv, pub, 0, FASTEC_ERR_ENCODING, "empty");
    expect_bad_pub(c, priv, pub, publen - 1, FASTEC_ERR_ENCODING, "short uncompressed");
    memcpy(bad, pub, publen);
    bad[publen] = 0;
    expect_bad_pub(c, priv, bad, publen + 1, FASTEC_ERR_ENCODING, "long uncompressed");
    expect_bad_pub(c, priv, pubc, pubclen - 1, FASTEC_ERR_ENCODING, "short compressed");
    expect_bad_pub(c, priv, pub, pubclen, FASTEC_ERR_ENCODING, "0x04 with compressed length");
    static const uint8_t prefixes[] = {0x01, 0x05, 0x06, 0x07, 0xff};
    for (size_t i = 0; i < sizeof prefixes; i++) {
        memcpy(bad, pub, publen);
        bad[0] = prefixes[i];
        expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_ENCODING, "unknown prefix");
    }
    const uint8_t zero = 0;
    expect_bad_pub(c, priv, &zero, 1, FASTEC_ERR_INFINITY, "lone 0x00 (infinity)");
    memset(bad, 0, sizeof bad);
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_ENCODING, "all-zero uncompressed");

    /* off the curve */
    memcpy(bad, pub, publen);
    bad[publen - 1] ^= 1;
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_NOT_ON_CURVE, "y + 1");
    memcpy(bad, pub, publen);
    bad[fs] ^= 1;
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_NOT_ON_CURVE, "x + 1");

    /* compressed x with no point on the curve (no square root / Tr = 1):
     * x values with a zero top byte are in range on every curve */
    int found = 0;
    for (int t = 0; t < 64 && !found; t++) {
        uint8_t xb[1 + MAXF], xy[2 * MAXF];
        t_randbytes(xb + 1, fs);
        xb[1] = 0;
        xb[0] = 0x02;
        if (t_decompress(c, ops, xy, xb + 1, 0) == FASTEC_ERR_NOT_ON_CURVE) {
            found = 1;
            expect_bad_pub(c, priv, xb, 1 + fs, FASTEC_ERR_NOT_ON_CURVE, "compressed x without y");
        }
    }
    CHECK(found, "%s: no x without a point found", name);

    if (c->kind == EC_KIND_PRIME) {
        /* coordinates equal to p, or x + p where it still fits */
        uint8_t pb[MAXF];
        words_to_be(pb, fs, c->ecp->fp.n);
        memcpy(bad, pub, publen);
        memcpy(bad + 1, pb, fs);
        expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_COORD, "x = p");
        memcpy(bad, pub, publen);
        memcpy(bad + 1 + fs, pb, fs);
        expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_COORD, "y = p");
        uint8_t cb[1 + MAXF];
        cb[0] = 0x02;
        memcpy(cb + 1, pb, fs);
        expect_bad_pub(c, priv, cb, 1 + fs, FASTEC_ERR_COORD, "compressed x = p");
        /* x + p */
        unsigned carry = 0;
        memcpy(bad, pub, publen);
        for (size_t i = fs; i-- > 0;) {
            unsigned v = bad[1 + i] + pb[i] + carry;
            bad[1 + i] = (uint8_t)v;
            carry = v >> 8;
        }
        if (!carry) expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_COORD, "x + p");
    } else {
    /* coordinates with bits at or above m */
    unsigned spare = (unsigned)(8 * fs - cp->m);
    CHECK(spare > 0, "%s: every SEC 2 binary field leaves spare bits", name);
    memcpy(bad, pub, publen);
    bad[1] |= (uint8_t)(0x80 >> 0);
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_COORD, "x with bit 8*len-1 set");
    memcpy(bad, pub, publen);
    bad[1 + fs] |= (uint8_t)(1u << (8 - spare));
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_COORD, "y with bit m set");
    memcpy(bad, pubc, pubclen);
    bad[1] |= 0x80;
    expect_bad_pub(c, priv, bad, pubclen, FASTEC_ERR_COORD, "compressed x with bit 8*len-1 set");


    /* the point of order 2, T = (0, sqrt(b)), both encodings */
    uint64_t sb[9], w[9];
    fields->sqrt(sb, cp->b);
    fields->sqr(w, sb);
    CHECK(!memcmp(w, cp->b, 8 * fields->nwords), "%s sqrt(b)^2 != b", name);
    memset(bad, 0, sizeof bad);
    bad[0] = 4;
    words_to_be(bad + 1 + fs, fs, sb);
    expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_SUBGROUP, "order-2 point");
    memset(bad, 0, sizeof bad);
    bad[0] = 2;
    expect_bad_pub(c, priv, bad, 1 + fs, FASTEC_ERR_SUBGROUP, "order-2 point compressed");

    /* P + T, on the curve but outside the order-n subgroup (for h = 4 this
     * passes the first trace test and must be caught by the halving test) */
    {
        uint64_t x1[9], y1[9], lam[9], t[9], x3[9], y3[9];
        be_to_words(x1, pub + 1, fs);
        be_to_words(y1, pub + 1 + fs, fs);
        for (int i = 0; i < 9; i++) t[i] = y1[i] ^ sb[i];
        fields->inv(lam, x1);
        fields->mul(lam, lam, t);                     /* lambda = (y1 + sqrt b) / x1 */
        fields->sqr(x3, lam);
        for (int i = 0; i < 9; i++) x3[i] ^= lam[i] ^ x1[i] ^ cp->a[i]; /* l^2 + l + x1 + 0 + a */
        for (int i = 0; i < 9; i++) t[i] = x1[i] ^ x3[i];
        fields->mul(y3, lam, t);
        for (int i = 0; i < 9; i++) y3[i] ^= x3[i] ^ y1[i];
        memset(bad, 0, sizeof bad);
        bad[0] = 4;
        words_to_be(bad + 1, fs, x3);
        words_to_be(bad + 1 + fs, fs, y3);
        expect_bad_pub(c, priv, bad, publen, FASTEC_ERR_SUBGROUP, "P + T (outside the subgroup)");
        uint8_t cb[1 + MAXF];
        cb[0] = 2;
        memcpy(cb + 1, bad + 1, fs);
        expect_bad_pub(c, priv, cb, 1 + fs, FASTEC_ERR_SUBGROUP, "P + T compressed");
        cb[0] = 3;
        expect_bad_pub(c, priv, cb, 1 + fs, FASTEC_ERR_SUBGROUP, "P + T compressed, other y");
    }
    } /* binary */

    /* private keys 0, n, n + 1, all ones */
    uint8_t n[MAXS], k[MAXS], out[1 + 2 * MAXF], sig[2 * MAXS], dg[32] = {7};
    words_to_be(n, ss, c->sc.n);
    const uint8_t *cands[4];
    uint8_t z[MAXS], n1[MAXS], ff[MAXS];
    memset(z, 0, ss);
    memcpy(n1, n, ss);
    for (size_t i = ss; i-- > 0;)
        if (++n1[i]) break;
    memset(ff, 0xff, ss);
    cands[0] = z;
    cands[1] = n;
    cands[2] = n1;
    cands[3] = ff;
    for (int i = 0; i < 4; i++) {
        size_t ol = sizeof out;
        memcpy(k, cands[i], ss);
        CHECK(fastec_public_key(c, k, 0, out, &ol) == FASTEC_ERR_PRIVKEY, "%s bad private key %d: public key", name, i);
        CHECK(fastec_ecdh(c, k, pub, publen, out) == FASTEC_ERR_PRIVKEY, "%s bad private key %d: ecdh", name, i);
        CHECK(fastec_ecdh_cofactor(c, k, pub, publen, out) == FASTEC_ERR_PRIVKEY, "%s bad private key %d: cofactor",
              name, i);
        CHECK(fastec_ecdsa_sign(c, k, dg, sizeof dg, sig) == FASTEC_ERR_PRIVKEY, "%s bad private key %d: sign", name, i);
    }

    /* r and s out of range; a good signature first */
    uint8_t good[2 * MAXS];
    CHECK(fastec_ecdsa_sign(c, priv, dg, sizeof dg, good) == FASTEC_OK, "%s sign", name);
    CHECK(fastec_ecdsa_verify(c, pub, publen, dg, sizeof dg, good) == FASTEC_OK, "%s verify", name);
    for (int which = 0; which < 2; which++)
        for (int i = 0; i < 4; i++) {
            memcpy(sig, good, 2 * ss);
            memcpy(sig + which * ss, cands[i], ss);
            int rc = fastec_ecdsa_verify(c, pub, publen, dg, sizeof dg, sig);
            CHECK(rc == FASTEC_ERR_SIG_RANGE, "%s %c = bad value %d: verify gave %d", name, which ? 's' : 'r', i, rc);
        }
    memcpy(sig, good + ss, ss);
    memcpy(sig + ss, good, ss);
    CHECK(fastec_ecdsa_verify(c, pub, publen, dg, sizeof dg, sig) == FASTEC_ERR_SIG_INVALID, "%s swapped r, s", name);
    memcpy(sig, good, 2 * ss);
    sig[ss - 1] ^= 1;
    int rc = fastec_ecdsa_verify(c, pub, publen, dg, sizeof dg, sig);
    CHECK(rc == FASTEC_ERR_SIG_INVALID || rc == FASTEC_ERR_SIG_RANGE, "%s r flipped: %d", name, rc);

    /* NULL arguments and small buffers */
    size_t small = publen - 1, ol = sizeof out;
    CHECK(fastec_public_key(c, priv, 0, out, &small) == FASTEC_ERR_BUFFER && small == publen, "%s small buffer", name);
    small = pubclen - 1;
    CHECK(fastec_public_key(c, priv, 1, out, &small) == FASTEC_ERR_BUFFER && small == pubclen,
          "%s small buffer compressed", name);
    CHECK(fastec_public_key(c, NULL, 0, out, &ol) == FASTEC_ERR_NULL, "%s NULL priv", name);
    CHECK(fastec_public_key(c, priv, 0, NULL, &ol) == FASTEC_OK && ol == publen, "%s NULL pub asks the size", name);
    ol = sizeof out;
    CHECK(fastec_public_key(c, priv, 0, out, NULL) == FASTEC_ERR_NULL, "%s NULL len", name);
    CHECK(fastec_keygen(c, NULL) == FASTEC_ERR_NULL, "%s NULL keygen", name);
    CHECK(fastec_public_key_check(c, NULL, 5) == FASTEC_ERR_NULL, "%s NULL check", name);
    CHECK(fastec_ecdh(c, priv, NULL, publen, out) == FASTEC_ERR_NULL, "%s NULL peer", name);
    CHECK(fastec_ecdh(c, priv, pub, publen, NULL) == FASTEC_ERR_NULL, "%s NULL secret", name);
    CHECK(fastec_ecdsa_sign(c, priv, NULL, 5, sig) == FASTEC_ERR_NULL, "%s NULL digest", name);
    CHECK(fastec_ecdsa_sign(c, priv, NULL, 0, sig) == FASTEC_OK, "%s NULL empty digest", name);
    CHECK(fastec_ecdsa_verify(c, pub, publen, NULL, 0, sig) == FASTEC_OK, "%s verify NULL empty digest", name);
    CHECK(fastec_ecdsa_verify(c, pub, publen, dg, sizeof dg, NULL) == FASTEC_ERR_NULL, "%s NULL sig", name);
}

int main(void)
{
    t_seed();
    for (size_t i = 0; i < fastec_curve_count(); i++) test_curve(fastec_curve_at(i));
    /* curves that are not curves */
    uint8_t buf[200] = {0}, out[200];
    size_t ol = sizeof out;
    struct fastec_curve forged = ec_curve_table[0];
    CHECK(fastec_keygen(NULL, buf) == FASTEC_ERR_CURVE, "NULL curve");
    CHECK(fastec_public_key(&forged, buf, 0, out, &ol) == FASTEC_ERR_CURVE, "forged curve");
    CHECK(fastec_ecdh((const fastec_curve *)((const char *)&ec_curve_table[0] + 1), buf, buf, 10, out) ==
              FASTEC_ERR_CURVE,
          "misaligned curve pointer");
    CHECK(fastec_curve_find("nope") == NULL && fastec_curve_find(NULL) == NULL, "unknown names");
    CHECK(fastec_curve_at(fastec_curve_count()) == NULL, "curve_at past end");
    CHECK(fastec_curve_find("K-163") == fastec_curve_find("sect163k1") &&
              fastec_curve_find("nistk163") == fastec_curve_find("sect163k1") &&
              fastec_curve_find("B-571") == fastec_curve_find("sect571r1") &&
              fastec_curve_find("nistb233") == fastec_curve_find("sect233r1"),
          "aliases");
    for (int code = 0; code >= -14; code--) CHECK(fastec_strerror(code) != NULL, "strerror %d", code);
    CHECK(strcmp(fastec_strerror(-99), "unknown error code") == 0, "strerror unknown");
    return t_done("test_hostile");
}
