/* SPDX-License-Identifier: Apache-2.0 */
/* Encodings against OpenSSL and strictness: DER signatures (equal to
 * i2d_ECDSA_SIG, parsed back; BER lengths, negative and padded integers,
 * trailing bytes, oversized integers refused), key files (ours parse in
 * OpenSSL to the same key and OpenSSL's in ours; explicit parameters, other
 * curves and other algorithms refused with their codes), PEM strictness, and
 * the public hash API; decrypted inner keys: PKCS#8 attributes read, a v2 or
 * SEC 1 body reported as such. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include "fastec.h"
#include "testossl.h"
#include "testutil.h"

static void test_sig_der(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    size_t ss = fastec_curve_scalar_size(c);
    for (int it = 0; it < 200; it++) {
        uint8_t sig[144], back[144], der[200];
        size_t dl = sizeof der;
        t_randbytes(sig, 2 * ss);
        sig[0] &= 0x1f; /* below n for every curve here */
        sig[ss] &= 0x1f;
        if (it % 4 == 1) memset(sig, 0, ss - 1);            /* small r */
        if (it % 4 == 2) sig[ss] = 0x00, sig[ss + 1] = 0x80; /* leading zero then top bit */
        if (it % 4 == 3) sig[0] = 0x01;
        CHECK(fastec_sig_to_der(c, sig, der, &dl) == FASTEC_OK, "%s to_der", name);
        ECDSA_SIG *os = ECDSA_SIG_new();
        ECDSA_SIG_set0(os, BN_bin2bn(sig, (int)ss, NULL), BN_bin2bn(sig + ss, (int)ss, NULL));
        unsigned char *od = NULL;
        int ol = i2d_ECDSA_SIG(os, &od);
        CHECK(ol == (int)dl && !memcmp(od, der, dl), "%s DER signature differs from OpenSSL's", name);
        CHECK(fastec_sig_from_der(c, od, (size_t)ol, back) == FASTEC_OK && !memcmp(back, sig, 2 * ss),
              "%s from_der", name);
        OPENSSL_free(od);
        ECDSA_SIG_free(os);
        /* strictness */
        uint8_t bad[210];
        size_t small = dl - 1;
        CHECK(fastec_sig_to_der(c, sig, der, &small) == FASTEC_ERR_BUFFER, "%s to_der small buffer", name);
        memcpy(bad, der, dl);
        bad[dl] = 0;
        CHECK(fastec_sig_from_der(c, bad, dl + 1, back) == FASTEC_ERR_DER, "%s trailing byte", name);
        CHECK(fastec_sig_from_der(c, der, dl - 1, back) == FASTEC_ERR_DER, "%s truncated", name);
        if (der[1] < 0x80) { /* long form where the short form fits */
            bad[0] = 0x30, bad[1] = 0x81, bad[2] = der[1];
            memcpy(bad + 3, der + 2, dl - 2);
            CHECK(fastec_sig_from_der(c, bad, dl + 1, back) == FASTEC_ERR_DER, "%s BER length", name);
            bad[1] = 0x80; /* indefinite */
            CHECK(fastec_sig_from_der(c, bad, dl + 1, back) == FASTEC_ERR_DER, "%s indefinite length", name);
        }
        size_t ro = der[1] < 0x80 ? 2 : 3; /* offset of INTEGER r */
        memcpy(bad, der, dl);
        bad[0] = 0x31;
        CHECK(fastec_sig_from_der(c, bad, dl, back) == FASTEC_ERR_DER, "%s wrong tag", name);
        /* zero-padded r: insert a 0x00 in front of a positive r */
        if (!(der[ro + 2] & 0x80) && der[ro + 1] > 1 && der[ro + 2] != 0 && der[1] < 0x7e) {
            size_t rl = der[ro + 1];
            bad[0] = 0x30, bad[1] = (uint8_t)(der[1] + 1);
            bad[2] = 0x02, bad[3] = (uint8_t)(rl + 1), bad[4] = 0x00;
            memcpy(bad + 5, der + 4, dl - 4);
            CHECK(fastec_sig_from_der(c, bad, dl + 1, back) == FASTEC_ERR_DER, "%s zero-padded integer", name);
        }
        /* negative r: set the top bit of an r that has no pad byte */
        if (!(der[ro + 2] & 0x80) && der[ro + 2] != 0) {
            memcpy(bad, der, dl);
            bad[ro + 2] |= 0x80;
            CHECK(fastec_sig_from_der(c, bad, dl, back) == FASTEC_ERR_DER, "%s negative integer", name);
        }
    }
    /* an integer longer than the scalar size */
    uint8_t big[200];
    size_t n = 0, il = ss + 1;
    big[n++] = 0x30;
    big[n++] = (uint8_t)(2 * (il + 2));
    for (int k = 0; k < 2; k++) {
        big[n++] = 0x02;
        big[n++] = (uint8_t)il;
        big[n++] = 0x01;
        memset(big + n, 0x11, il - 1);
        n += il - 1;
    }
    uint8_t back[144];
    if (big[1] < 0x80) CHECK(fastec_sig_from_der(c, big, n, back) == FASTEC_ERR_SIG_RANGE, "%s oversized", name);
}

static EVP_PKEY *ossl_key(const char *curve)
{
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    EVP_PKEY *k = NULL;
    EVP_PKEY_keygen_init(kc);
    EVP_PKEY_CTX_set_ec_paramgen_curve_nid(kc, t_nid(curve));
    EVP_PKEY_keygen(kc, &k);
    EVP_PKEY_CTX_free(kc);
    return k;
}

static void test_keys(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    size_t ss = fastec_curve_scalar_size(c);
    uint8_t priv[72], priv2[72], pub[145], pub2[145], buf[4096];
    size_t pl = sizeof pub;
    const fastec_curve *got;
    CHECK(fastec_keygen(c, priv) == FASTEC_OK && fastec_public_key(c, priv, 0, pub, &pl) == FASTEC_OK, "keygen");
    for (int f = 0; f < 4; f++) {
        int pkcs8 = f & 1, pem = (f >> 1) & 1;
        size_t n = sizeof buf;
        CHECK(fastec_private_key_encode(c, priv, pkcs8, pem, buf, &n) == FASTEC_OK, "%s encode %d", name, f);
        /* OpenSSL reads it to the same key */
        const unsigned char *p = buf;
        EVP_PKEY *k = NULL;
        if (pem) {
            BIO *b = BIO_new_mem_buf(buf, (int)n);
            k = PEM_read_bio_PrivateKey(b, NULL, NULL, NULL);
            BIO_free(b);
        } else {
            k = d2i_AutoPrivateKey(NULL, &p, (long)n);
        }
        CHECK(k != NULL, "%s OpenSSL cannot read our key (format %d)", name, f);
        if (k) {
            unsigned char *ep = NULL;
            size_t ol = EVP_PKEY_get1_encoded_public_key(k, &ep);
            CHECK(ol == pl && !memcmp(ep, pub, pl), "%s OpenSSL sees another public key (format %d)", name, f);
            OPENSSL_free(ep);
            EVP_PKEY_free(k);
        }
        CHECK(fastec_private_key_decode(buf, n, &got, priv2, sizeof priv2) == FASTEC_OK && got == c &&
                  !memcmp(priv, priv2, ss),
              "%s round trip %d", name, f);
        /* a flipped byte in the private key is caught by the embedded public key */
        if (!pem) {
            buf[n - pl - 8] ^= 1;
            int rc = fastec_private_key_decode(buf, n, &got, priv2, sizeof priv2);
            CHECK(rc != FASTEC_OK && got == NULL, "%s altered key accepted (format %d)", name, f);
        }
    }
    /* OpenSSL's keys in ours */
    EVP_PKEY *ok = ossl_key(name);
    unsigned char *der = NULL;
    int dl = i2d_PrivateKey(ok, &der); /* SEC 1 for EC keys */
    CHECK(dl > 0 && fastec_private_key_decode(der, (size_t)dl, &got, priv2, sizeof priv2) == FASTEC_OK && got == c,
          "%s OpenSSL SEC 1 DER key", name);
    OPENSSL_free(der);
    der = NULL;
    dl = i2d_PUBKEY(ok, &der);
    size_t pl2 = sizeof pub2;
    CHECK(dl > 0 && fastec_public_key_decode(der, (size_t)dl, &got, pub2, &pl2) == FASTEC_OK && got == c,
          "%s OpenSSL SPKI", name);
    size_t n = sizeof buf;
    CHECK(fastec_public_key_encode(c, pub2, pl2, 0, buf, &n) == FASTEC_OK && n == (size_t)dl && !memcmp(buf, der, n),
          "%s SPKI differs from OpenSSL's", name);
    OPENSSL_free(der);
    /* the hybrid form (0x06 | y's compression bit, x, y) written as given,
     * as OpenSSL writes it; the wrong prefix bit refused */
    {
        uint8_t cmp[FASTEC_MAX_PUBLIC_KEY_SIZE], hyb[FASTEC_MAX_PUBLIC_KEY_SIZE];
        size_t cl = sizeof cmp;
        CHECK(pl2 > 1 && pub2[0] == 4 && fastec_public_key_convert(c, pub2, pl2, 1, cmp, &cl) == FASTEC_OK,
              "%s compress", name);
        memcpy(hyb, pub2, pl2);
        hyb[0] = (uint8_t)(0x06 | (cmp[0] & 1));
        EC_KEY *hk = EVP_PKEY_get1_EC_KEY(ok);
        EC_KEY_set_conv_form(hk, POINT_CONVERSION_HYBRID);
        der = NULL;
        dl = i2d_EC_PUBKEY(hk, &der);
        n = sizeof buf;
        int rc = fastec_public_key_encode(c, hyb, pl2, 0, buf, &n);
        CHECK(rc == FASTEC_OK && dl > 0 && n == (size_t)dl && !memcmp(buf, der, n),
              "%s hybrid SPKI differs from OpenSSL's (%s)", name, fastec_strerror(rc));
        hyb[0] ^= 1;
        n = sizeof buf;
        CHECK(fastec_public_key_encode(c, hyb, pl2, 0, buf, &n) != FASTEC_OK, "%s hybrid with the wrong y bit accepted",
              name);
        OPENSSL_free(der);
        EC_KEY_free(hk);
    }
    /* explicit parameters refused */
    EC_KEY *ek = EVP_PKEY_get1_EC_KEY(ok);
    EC_GROUP *g = EC_GROUP_dup(EC_KEY_get0_group(ek));
    EC_GROUP_set_asn1_flag(g, OPENSSL_EC_EXPLICIT_CURVE);
    EC_KEY_set_group(ek, g);
    der = NULL;
    dl = i2d_ECPrivateKey(ek, &der);
    CHECK(dl > 0 && fastec_private_key_decode(der, (size_t)dl, &got, priv2, sizeof priv2) ==
                        FASTEC_ERR_EXPLICIT_PARAMS,
          "%s explicit parameters not refused", name);
    OPENSSL_free(der);
    der = NULL;
    dl = i2d_EC_PUBKEY(ek, &der);
    pl2 = sizeof pub2;
    CHECK(dl > 0 && fastec_public_key_decode(der, (size_t)dl, &got, pub2, &pl2) == FASTEC_ERR_EXPLICIT_PARAMS,
          "%s explicit parameters (SPKI) not refused", name);
    OPENSSL_free(der);
    EC_GROUP_free(g);
    EC_KEY_free(ek);
    EVP_PKEY_free(ok);
}

/* fastec_private_key_read and fastec_public_key_read report how the file
 * stores the public key: OpenSSL writes the same key with it uncompressed,
 * compressed, hybrid and (a private key) without it */
static void test_public_form(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    uint8_t priv[72], got_priv[72], der[1024];
    size_t ss = fastec_curve_scalar_size(c), n = sizeof der;
    const fastec_curve *got;
    CHECK(fastec_keygen(c, priv) == FASTEC_OK && fastec_private_key_encode(c, priv, 0, 0, der, &n) == FASTEC_OK,
          "%s encode", name);
    static const struct {
        point_conversion_form_t conv;
        int no_pub, want;
    } cases[] = {{POINT_CONVERSION_UNCOMPRESSED, 0, FASTEC_FORM_UNCOMPRESSED},
                 {POINT_CONVERSION_COMPRESSED, 0, FASTEC_FORM_COMPRESSED},
                 {POINT_CONVERSION_HYBRID, 0, FASTEC_FORM_HYBRID},
                 {POINT_CONVERSION_UNCOMPRESSED, 1, FASTEC_FORM_NONE}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const unsigned char *q = der;
        EC_KEY *k = d2i_ECPrivateKey(NULL, &q, (long)n);
        CHECK(k != NULL, "%s: OpenSSL reads fastec's SEC 1 key", name);
        if (!k) return;
        EC_KEY_set_conv_form(k, cases[i].conv);
        if (cases[i].no_pub) EC_KEY_set_enc_flags(k, EC_PKEY_NO_PUBKEY);
        unsigned char *out = NULL;
        int ol = i2d_ECPrivateKey(k, &out);
        int form = -1;
        int rc = fastec_private_key_read(out, (size_t)ol, NULL, 0, &got, got_priv, sizeof got_priv, &form);
        CHECK(rc == FASTEC_OK && got == c && !memcmp(got_priv, priv, ss) && form == cases[i].want,
              "%s: case %zu: %s, form %d (want %d)", name, i, fastec_strerror(rc), form, cases[i].want);
        OPENSSL_free(out);
        if (!cases[i].no_pub) { /* fastec_public_key_read: the same for the public key file */
            uint8_t pub[FASTEC_MAX_PUBLIC_KEY_SIZE], want[FASTEC_MAX_PUBLIC_KEY_SIZE];
            size_t pl = sizeof pub, wl = sizeof want;
            out = NULL;
            ol = i2d_EC_PUBKEY(k, &out);
            form = -1;
            rc = fastec_public_key_read(out, (size_t)ol, &got, pub, &pl, &form);
            CHECK(fastec_public_key(c, priv, cases[i].want == FASTEC_FORM_COMPRESSED, want, &wl) == FASTEC_OK, "%s", name);
            CHECK(rc == FASTEC_OK && got == c && pl == wl && !memcmp(pub, want, wl) && form == cases[i].want,
                  "%s: public key, case %zu: %s, form %d (want %d)", name, i, fastec_strerror(rc), form, cases[i].want);
            OPENSSL_free(out);
        }
        EC_KEY_free(k);
    }
    /* fastec_private_key_write carries it in the form asked for: OpenSSL
     * reads that form from the SEC 1 file, fastec from each kind of file */
    for (size_t i = 0; i < 3; i++) {
        uint8_t w[1024];
        for (int kind = 0; kind < 3; kind++) { /* SEC 1, PKCS#8, encrypted PKCS#8 */
            size_t wl = sizeof w;
            int rc = fastec_private_key_write(c, priv, kind > 0, 0, cases[i].want, "pw", 2,
                                              kind == 2 ? FASTEC_AES128_CBC : 0, 1000, w, &wl);
            int form = -1;
            CHECK(rc == FASTEC_OK, "%s: write, form %d, kind %d: %s", name, cases[i].want, kind, fastec_strerror(rc));
            rc = fastec_private_key_read(w, wl, "pw", 2, &got, got_priv, sizeof got_priv, &form);
            CHECK(rc == FASTEC_OK && got == c && !memcmp(got_priv, priv, ss) && form == cases[i].want,
                  "%s: written with form %d, kind %d, read back: %s, form %d", name, cases[i].want, kind,
                  fastec_strerror(rc), form);
            if (kind == 0) {
                const unsigned char *q = w;
                EC_KEY *k = d2i_ECPrivateKey(NULL, &q, (long)wl);
                CHECK(k != NULL && EC_KEY_get_conv_form(k) == cases[i].conv, "%s: OpenSSL reads form %d", name,
                      cases[i].want);
                EC_KEY_free(k);
            }
        }
    }
    uint8_t w[1024];
    size_t wl = sizeof w;
    CHECK(fastec_private_key_write(c, priv, 0, 0, 7, NULL, 0, 0, 0, w, &wl) == FASTEC_ERR_ARG, "%s: form 7", name);
    /* fastec's own files carry the public key uncompressed */
    int form = -1;
    CHECK(fastec_private_key_read(der, n, NULL, 0, &got, got_priv, sizeof got_priv, &form) == FASTEC_OK &&
              form == FASTEC_FORM_UNCOMPRESSED,
          "%s: fastec's key, form %d", name, form);
}

/* DER: tag, length, contents at o (returns the bytes written) */
static size_t put_tlv(uint8_t *o, uint8_t tag, const uint8_t *v, size_t n)
{
    size_t h = 0;
    o[h++] = tag;
    if (n < 128) o[h++] = (uint8_t)n;
    else if (n < 256) o[h++] = 0x81, o[h++] = (uint8_t)n;
    else o[h++] = 0x82, o[h++] = (uint8_t)(n >> 8), o[h++] = (uint8_t)n;
    memmove(o + h, v, n);
    return h + n;
}

/* the contents of the DER SEQUENCE at p (its length in *n) */
static const uint8_t *seq_body(const uint8_t *p, size_t *n)
{
    size_t l = p[1], h = 2;
    if (l & 0x80) {
        unsigned k = l & 0x7f;
        l = 0;
        for (unsigned i = 0; i < k; i++) l = (l << 8) | p[2 + i];
        h += k;
    }
    *n = l;
    return p + h;
}

/* plain encrypted as an EncryptedPrivateKeyInfo by OpenSSL (PBES2, PBKDF2
 * HMAC-SHA-256, AES-256-CBC), whatever plain holds */
static size_t ossl_encrypt_raw(const uint8_t *plain, size_t pl, const char *pass, uint8_t *out)
{
    X509_ALGOR *alg = PKCS5_pbe2_set_iv(EVP_aes_256_cbc(), 2048, NULL, 0, NULL, NID_hmacWithSHA256);
    unsigned char *enc = NULL, *ad = NULL;
    int el = 0;
    CHECK(alg && PKCS12_pbe_crypt(alg, pass, (int)strlen(pass), plain, (int)pl, &enc, &el, 1), "PKCS12_pbe_crypt");
    int al = i2d_X509_ALGOR(alg, &ad);
    uint8_t body[4096];
    memcpy(body, ad, (size_t)al);
    size_t bl = (size_t)al + put_tlv(body + al, 0x04, enc, (size_t)el);
    size_t n = put_tlv(out, 0x30, body, bl);
    OPENSSL_free(enc);
    OPENSSL_free(ad);
    X509_ALGOR_free(alg);
    return n;
}

/* decrypted inner keys: PKCS#8 with [0] attributes is read (encrypted or
 * not, as OpenSSL reads it); a v2 OneAsymmetricKey and a SEC 1 body inside
 * the encryption are reported as what they are (FASTEC_ERR_VERSION), not as
 * a wrong passphrase, which stays FASTEC_ERR_PASSPHRASE */
static void test_inner_keys(const fastec_curve *c)
{
    const char *name = fastec_curve_name(c);
    uint8_t priv[72], got_priv[72], p8[1024], sec1[1024], body[1024], attr_p8[1200], v2[1024], enc[4096];
    size_t ss = fastec_curve_scalar_size(c), n8 = sizeof p8, n1 = sizeof sec1, bl;
    const fastec_curve *got;
    CHECK(fastec_keygen(c, priv) == FASTEC_OK, "keygen");
    CHECK(fastec_private_key_encode(c, priv, 1, 0, p8, &n8) == FASTEC_OK &&
              fastec_private_key_encode(c, priv, 0, 0, sec1, &n1) == FASTEC_OK,
          "%s encode", name);
    /* PKCS#8 + [0] { friendlyName "ab" } */
    static const uint8_t attr[] = {0xa0, 0x19, 0x30, 0x17, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01,
                                   0x09, 0x14, 0x31, 0x0a, 0x1e, 0x08, 0x00, 0x6b, 0x00, 0x65, 0x00, 0x79, 0x00, 0x31};
    const uint8_t *b = seq_body(p8, &bl);
    memcpy(body, b, bl);
    memcpy(body + bl, attr, sizeof attr);
    size_t na = put_tlv(attr_p8, 0x30, body, bl + sizeof attr);
    const unsigned char *q = attr_p8;
    PKCS8_PRIV_KEY_INFO *pi = d2i_PKCS8_PRIV_KEY_INFO(NULL, &q, (long)na);
    EVP_PKEY *ok = pi ? EVP_PKCS82PKEY(pi) : NULL;
    CHECK(ok != NULL, "%s: OpenSSL does not read PKCS#8 with attributes (the test's input)", name);
    EVP_PKEY_free(ok);
    PKCS8_PRIV_KEY_INFO_free(pi);
    CHECK(fastec_private_key_decode(attr_p8, na, &got, got_priv, sizeof got_priv) == FASTEC_OK && got == c &&
              !memcmp(got_priv, priv, ss),
          "%s: PKCS#8 with attributes not read", name);
    size_t ne = ossl_encrypt_raw(attr_p8, na, "pw", enc);
    int rc = fastec_private_key_decrypt(enc, ne, "pw", 2, &got, got_priv, sizeof got_priv);
    CHECK(rc == FASTEC_OK && got == c && !memcmp(got_priv, priv, ss), "%s: encrypted PKCS#8 with attributes: %s", name,
          fastec_strerror(rc));
    rc = fastec_private_key_decrypt(enc, ne, "px", 2, &got, got_priv, sizeof got_priv);
    CHECK(rc == FASTEC_ERR_PASSPHRASE, "%s: a wrong passphrase gives %s", name, fastec_strerror(rc));
    /* v2: version 1 */
    memcpy(v2, p8, n8);
    const uint8_t *vb = seq_body(v2, &bl);
    CHECK(vb[0] == 0x02 && vb[1] == 1 && vb[2] == 0, "%s: PKCS#8 version", name);
    v2[vb - v2 + 2] = 1;
    ne = ossl_encrypt_raw(v2, n8, "pw", enc);
    rc = fastec_private_key_decrypt(enc, ne, "pw", 2, &got, got_priv, sizeof got_priv);
    CHECK(rc == FASTEC_ERR_VERSION, "%s: encrypted v2 OneAsymmetricKey gives %s", name, fastec_strerror(rc));
    /* a SEC 1 body */
    ne = ossl_encrypt_raw(sec1, n1, "pw", enc);
    rc = fastec_private_key_decrypt(enc, ne, "pw", 2, &got, got_priv, sizeof got_priv);
    CHECK(rc == FASTEC_ERR_VERSION, "%s: encrypted SEC 1 body gives %s", name, fastec_strerror(rc));
    rc = fastec_private_key_decrypt(enc, ne, "px", 2, &got, got_priv, sizeof got_priv);
    CHECK(rc == FASTEC_ERR_PASSPHRASE, "%s: a wrong passphrase gives %s", name, fastec_strerror(rc));
}

int main(void)
{
    t_seed();
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        test_sig_der(fastec_curve_at(i));
        test_keys(fastec_curve_at(i));
        test_inner_keys(fastec_curve_at(i));
        test_public_form(fastec_curve_at(i));
    }
    /* a curve fastec does not have, and a key of another algorithm */
    const fastec_curve *got;
    uint8_t priv[72], pub[145];
    size_t pl = sizeof pub;
    EVP_PKEY *k = ossl_key("secp256k1");
    unsigned char *der = NULL;
    int dl = i2d_PrivateKey(k, &der);
    CHECK(fastec_private_key_decode(der, (size_t)dl, &got, priv, sizeof priv) == FASTEC_ERR_CURVE_OID,
          "unsupported curve");
    OPENSSL_free(der);
    EVP_PKEY_free(k);
    k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    der = NULL;
    dl = i2d_PUBKEY(k, &der);
    CHECK(fastec_public_key_decode(der, (size_t)dl, &got, pub, &pl) == FASTEC_ERR_ALGORITHM, "other algorithm");
    OPENSSL_free(der);
    EVP_PKEY_free(k);
    /* PEM strictness */
    const fastec_curve *c = fastec_curve_at(0);
    uint8_t buf[2048];
    size_t n = sizeof buf;
    fastec_keygen(c, priv);
    fastec_private_key_encode(c, priv, 0, 1, buf, &n);
    uint8_t bad[2048];
    memcpy(bad, buf, n);
    bad[40] = '*';
    CHECK(fastec_private_key_decode(bad, n, &got, priv, sizeof priv) == FASTEC_ERR_PEM, "PEM bad character");
    memcpy(bad, buf, n);
    char *eq = strchr((char *)bad, '=');
    if (eq) {
        *eq = 'A';
        CHECK(fastec_private_key_decode(bad, n, &got, priv, sizeof priv) != FASTEC_OK, "PEM padding changed");
    }
    CHECK(fastec_private_key_decode(buf, n - 10, &got, priv, sizeof priv) == FASTEC_ERR_PEM, "PEM truncated");
    /* hash API */
    static const char *abc256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    uint8_t d[64];
    char hex[129];
    fastec_hash_ctx h;
    CHECK(fastec_hash_init(&h, FASTEC_SHA256) == FASTEC_OK && fastec_hash_update(&h, "a", 1) == FASTEC_OK &&
              fastec_hash_update(&h, "bc", 2) == FASTEC_OK && fastec_hash_final(&h, d) == FASTEC_OK,
          "hash api");
    t_hex(hex, d, 32);
    CHECK(!strcmp(hex, abc256), "SHA-256(abc) through the public API");
    CHECK(fastec_hash(99, "x", 1, d) == FASTEC_ERR_HASH && fastec_hash_size(99) == 0, "unknown hash");
    CHECK(fastec_hash_size(FASTEC_SHA1) == 20 && fastec_hash_size(FASTEC_SHA512) == 64, "hash sizes");
    return t_done("test_encode");
}
