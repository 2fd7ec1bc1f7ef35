/* SPDX-License-Identifier: Apache-2.0 */
/* The public API's conventions, on every curve: the FASTEC_MAX_* sizes hold
 * (and are the largest sizes, not guesses); every call with an output length
 * answers a NULL output with the size, and a buffer one byte short with
 * FASTEC_ERR_BUFFER and the size, writing nothing past it; the DER signature
 * conversions and the point conversions work in place; encrypted keys round
 * trip and refuse a wrong passphrase; names: curves and hashes without
 * regard to case, in OpenSSL's spellings; the backend list; the version. */
#include "fastec.h"
#include "testutil.h"

static size_t max_of(size_t a, size_t b) { return a > b ? a : b; }

/* one output call: query, short buffer, exact buffer; returns the size */
#define SIZE_CHECK(what, call_with /* (buf, &len) */, expect_size)                                                   \
    do {                                                                                                             \
        size_t q = 0;                                                                                                \
        uint8_t *NULLBUF = NULL;                                                                                     \
        (void)NULLBUF;                                                                                               \
        int r0 = call_with(NULLBUF, &q);                                                                             \
        CHECK(r0 == FASTEC_OK && q > 0, "%s %s: NULL output gives rc %d size %zu", name, what, r0, q);               \
        size_t s = q - 1;                                                                                            \
        memset(big, 0xa5, sizeof big);                                                                               \
        int r1 = call_with(big, &s);                                                                                 \
        CHECK(r1 == FASTEC_ERR_BUFFER && s == q, "%s %s: short buffer gives rc %d size %zu (want %zu)", name, what, \
              r1, s, q);                                                                                             \
        int untouched = 1;                                                                                           \
        for (size_t i = q - 1; i < sizeof big; i++) untouched &= big[i] == 0xa5;                                    \
        CHECK(untouched, "%s %s: short buffer written past its end", name, what);                                    \
        s = q;                                                                                                       \
        int r2 = call_with(big, &s);                                                                                 \
        CHECK(r2 == FASTEC_OK && s == q, "%s %s: exact buffer gives rc %d size %zu", name, what, r2, s);            \
        expect_size = q;                                                                                             \
    } while (0)

int main(void)
{
    t_seed();
    static uint8_t big[4096];
    size_t m_field = 0, m_scalar = 0, m_pub = 0, m_sig = 0, m_sigder = 0, m_privder = 0, m_privpem = 0, m_encder = 0,
           m_encpem = 0, m_pubder = 0, m_pubpem = 0;
    for (size_t ci = 0; ci < fastec_curve_count(); ci++) {
        const fastec_curve *c = fastec_curve_at(ci);
        const char *name = fastec_curve_name(c);
        size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c), sz;
        m_field = max_of(m_field, fs);
        m_scalar = max_of(m_scalar, ss);
        m_sig = max_of(m_sig, 2 * ss);
        uint8_t priv[FASTEC_MAX_SCALAR_SIZE], pub[FASTEC_MAX_PUBLIC_KEY_SIZE];
        size_t pl = sizeof pub;
        CHECK(fastec_keygen(c, priv) == FASTEC_OK, "%s keygen", name);
        /* (key file sizes do not depend on the key: the scalar is a fixed-length OCTET STRING) */
#define PUB(b, l) fastec_public_key(c, priv, 0, b, l)
        SIZE_CHECK("public key", PUB, sz);
        CHECK(sz == 1 + 2 * fs, "%s public key size %zu", name, sz);
        m_pub = max_of(m_pub, sz);
        CHECK(fastec_public_key(c, priv, 0, pub, &pl) == FASTEC_OK, "%s public key", name);
#define CONV(b, l) fastec_public_key_convert(c, pub, pl, 1, b, l)
        SIZE_CHECK("compressed", CONV, sz);
        CHECK(sz == 1 + fs, "%s compressed size %zu", name, sz);
        for (int pem = 0; pem < 2; pem++) {
            for (int p8 = 0; p8 < 2; p8++) {
#define PRIV(b, l) fastec_private_key_encode(c, priv, p8, pem, b, l)
                SIZE_CHECK(pem ? "private key PEM" : "private key DER", PRIV, sz);
                if (pem)
                    m_privpem = max_of(m_privpem, sz);
                else
                    m_privder = max_of(m_privder, sz);
            }
            for (int cipher = FASTEC_AES128_CBC; cipher <= FASTEC_AES256_CBC; cipher++) {
#define ENC(b, l) fastec_private_key_encrypt(c, priv, "pw", 2, cipher, FASTEC_PBKDF2_MAX_ITERATIONS, pem, b, l)
                /* the largest iteration count: the query answers without running it */
                size_t q = 0;
                CHECK(ENC(NULL, &q) == FASTEC_OK && q > 0, "%s encrypted size query", name);
                size_t s1 = q - 1;
                CHECK(ENC(big, &s1) == FASTEC_ERR_BUFFER && s1 == q, "%s encrypted short buffer", name);
                sz = q;
                if (pem)
                    m_encpem = max_of(m_encpem, sz);
                else
                    m_encder = max_of(m_encder, sz);
                size_t ql = 0;
                CHECK(fastec_private_key_encrypt(c, priv, "pw", 2, cipher, FASTEC_PBKDF2_MAX_ITERATIONS + 1, pem, NULL,
                                                 &ql) == FASTEC_ERR_ARG,
                      "%s too many iterations", name);
                /* round trip; a wrong passphrase refused */
                uint8_t back[FASTEC_MAX_SCALAR_SIZE];
                const fastec_curve *c2 = NULL;
                size_t el = sizeof big;
                CHECK(fastec_private_key_encrypt(c, priv, "pw", 2, cipher, 2, pem, big, &el) == FASTEC_OK,
                      "%s encrypt", name);
                CHECK(fastec_private_key_decrypt(big, el, "pw", 2, &c2, back, sizeof back) == FASTEC_OK && c2 == c &&
                          !memcmp(back, priv, ss),
                      "%s decrypt", name);
                CHECK(fastec_private_key_decrypt(big, el, "pX", 2, &c2, back, sizeof back) == FASTEC_ERR_PASSPHRASE,
                      "%s wrong passphrase", name);
                CHECK(fastec_private_key_decode(big, el, &c2, back, sizeof back) == FASTEC_ERR_ENCRYPTED,
                      "%s encrypted key without passphrase", name);
            }
            for (int comp = 0; comp < 2; comp++) {
                uint8_t p2[FASTEC_MAX_PUBLIC_KEY_SIZE];
                size_t l2 = sizeof p2;
                fastec_public_key_convert(c, pub, pl, comp, p2, &l2);
#define PUBENC(b, l) fastec_public_key_encode(c, p2, l2, pem, b, l)
                SIZE_CHECK(pem ? "public key PEM" : "public key DER", PUBENC, sz);
                if (pem)
                    m_pubpem = max_of(m_pubpem, sz);
                else
                    m_pubder = max_of(m_pubder, sz);
                /* decoding a public key file: the point's size on a NULL output */
                size_t fl = sizeof big;
                fastec_public_key_encode(c, p2, l2, pem, big, &fl);
                uint8_t file[1024];
                memcpy(file, big, fl);
                const fastec_curve *c2 = NULL;
                size_t q = 0;
                CHECK(fastec_public_key_decode(file, fl, &c2, NULL, &q) == FASTEC_OK && q == l2,
                      "%s public key decode size query %zu", name, q);
                q = l2 - 1;
                CHECK(fastec_public_key_decode(file, fl, &c2, big, &q) == FASTEC_ERR_BUFFER && q == l2,
                      "%s public key decode short buffer %zu", name, q);
            }
        }
        /* signatures: DER sizes, including the largest (both integers with a
         * 0x00 pad), and the conversions in place */
        uint8_t sig[FASTEC_MAX_SIGNATURE_SIZE], dg[32];
        t_randbytes(dg, sizeof dg);
        CHECK(fastec_ecdsa_sign(c, priv, dg, sizeof dg, sig) == FASTEC_OK, "%s sign", name);
        for (int form = 0; form < 3; form++) {
            uint8_t s2[FASTEC_MAX_SIGNATURE_SIZE];
            memcpy(s2, sig, 2 * ss);
            if (form == 1) s2[0] |= 0x80, s2[ss] |= 0x80;         /* padded: the longest DER (range not checked here) */
            if (form == 2) memset(s2, 0, ss - 1), memset(s2 + ss, 0, ss / 2); /* short integers */
#define SIGDER(b, l) fastec_sig_to_der(c, s2, b, l)
            SIZE_CHECK("DER signature", SIGDER, sz);
            m_sigder = max_of(m_sigder, sz);
            /* in place both ways: the buffer holds r || s, then its DER, then r || s */
            uint8_t buf[FASTEC_MAX_SIGNATURE_DER_SIZE + 8]; /* room for the offsets below */
            memcpy(buf, s2, 2 * ss);
            size_t dl = sizeof buf;
            uint8_t want[FASTEC_MAX_SIGNATURE_DER_SIZE];
            size_t wl = sizeof want;
            fastec_sig_to_der(c, s2, want, &wl);
            CHECK(fastec_sig_to_der(c, buf, buf, &dl) == FASTEC_OK && dl == wl && !memcmp(buf, want, wl),
                  "%s sig_to_der in place (form %d)", name, form);
            CHECK(fastec_sig_from_der(c, buf, dl, buf) == FASTEC_OK && !memcmp(buf, s2, 2 * ss),
                  "%s sig_from_der in place (form %d)", name, form);
            /* overlapping by an offset, both directions */
            memmove(buf + 5, s2, 2 * ss);
            dl = sizeof buf;
            CHECK(fastec_sig_to_der(c, buf + 5, buf, &dl) == FASTEC_OK && dl == wl && !memcmp(buf, want, wl),
                  "%s sig_to_der overlapping (form %d)", name, form);
            memmove(buf + 3, want, wl);
            CHECK(fastec_sig_from_der(c, buf + 3, wl, buf + 1) == FASTEC_OK && !memcmp(buf + 1, s2, 2 * ss),
                  "%s sig_from_der overlapping (form %d)", name, form);
        }
        /* in place: a compressed point converted back into its own buffer */
        uint8_t pt[FASTEC_MAX_PUBLIC_KEY_SIZE];
        size_t ptl = sizeof pt;
        fastec_public_key_convert(c, pub, pl, 1, pt, &ptl);
        size_t back = sizeof pt;
        CHECK(fastec_public_key_convert(c, pt, ptl, 0, pt, &back) == FASTEC_OK && back == pl && !memcmp(pt, pub, pl),
              "%s convert in place", name);
        fastec_wipe(priv, sizeof priv);
        for (size_t i = 0; i < sizeof priv; i++) CHECK(priv[i] == 0, "fastec_wipe");
        /* names without regard to case */
        char up[32];
        size_t k;
        for (k = 0; name[k] && k < sizeof up - 1; k++) up[k] = (char)(name[k] >= 'a' && name[k] <= 'z' ? name[k] - 32 : name[k]);
        up[k] = 0;
        CHECK(fastec_curve_find(up) == c, "%s as %s", name, up);
        for (size_t j = 0; fastec_curve_alias(c, j); j++) {
            const char *a = fastec_curve_alias(c, j);
            CHECK(fastec_curve_find(a) == c, "%s alias %s", name, a);
            for (k = 0; a[k] && k < sizeof up - 1; k++) up[k] = (char)(a[k] >= 'A' && a[k] <= 'Z' ? a[k] + 32 : a[k]);
            up[k] = 0;
            CHECK(fastec_curve_find(up) == c, "%s alias %s", name, up);
        }
    }
    printf("largest: field %zu scalar %zu public key %zu signature %zu/%zu DER, private key %zu DER %zu PEM, "
           "encrypted %zu DER %zu PEM, public key file %zu DER %zu PEM\n",
           m_field, m_scalar, m_pub, m_sig, m_sigder, m_privder, m_privpem, m_encder, m_encpem, m_pubder, m_pubpem);
    /* the published maxima are the largest sizes */
    CHECK(m_field == FASTEC_MAX_FIELD_SIZE, "FASTEC_MAX_FIELD_SIZE %d, largest %zu", FASTEC_MAX_FIELD_SIZE, m_field);
    CHECK(m_scalar == FASTEC_MAX_SCALAR_SIZE, "FASTEC_MAX_SCALAR_SIZE");
    CHECK(m_pub == FASTEC_MAX_PUBLIC_KEY_SIZE, "FASTEC_MAX_PUBLIC_KEY_SIZE");
    CHECK(m_sig == FASTEC_MAX_SIGNATURE_SIZE, "FASTEC_MAX_SIGNATURE_SIZE");
    CHECK(m_sigder == FASTEC_MAX_SIGNATURE_DER_SIZE, "FASTEC_MAX_SIGNATURE_DER_SIZE %d, largest %zu",
          FASTEC_MAX_SIGNATURE_DER_SIZE, m_sigder);
    CHECK(m_privder == FASTEC_MAX_PRIVATE_KEY_DER_SIZE, "FASTEC_MAX_PRIVATE_KEY_DER_SIZE %d, largest %zu",
          FASTEC_MAX_PRIVATE_KEY_DER_SIZE, m_privder);
    CHECK(m_privpem == FASTEC_MAX_PRIVATE_KEY_PEM_SIZE, "FASTEC_MAX_PRIVATE_KEY_PEM_SIZE %d, largest %zu",
          FASTEC_MAX_PRIVATE_KEY_PEM_SIZE, m_privpem);
    CHECK(m_encder == FASTEC_MAX_ENCRYPTED_KEY_DER_SIZE, "FASTEC_MAX_ENCRYPTED_KEY_DER_SIZE %d, largest %zu",
          FASTEC_MAX_ENCRYPTED_KEY_DER_SIZE, m_encder);
    CHECK(m_encpem == FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE, "FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE %d, largest %zu",
          FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE, m_encpem);
    CHECK(m_pubder == FASTEC_MAX_PUBLIC_KEY_DER_SIZE, "FASTEC_MAX_PUBLIC_KEY_DER_SIZE %d, largest %zu",
          FASTEC_MAX_PUBLIC_KEY_DER_SIZE, m_pubder);
    CHECK(m_pubpem == FASTEC_MAX_PUBLIC_KEY_PEM_SIZE, "FASTEC_MAX_PUBLIC_KEY_PEM_SIZE %d, largest %zu",
          FASTEC_MAX_PUBLIC_KEY_PEM_SIZE, m_pubpem);

    /* hash names in OpenSSL's spellings, any case */
    static const struct {
        const char *n;
        int alg;
    } hn[] = {{"sha1", FASTEC_SHA1},           {"SHA1", FASTEC_SHA1},           {"sha-1", FASTEC_SHA1},
              {"sha256", FASTEC_SHA256},       {"SHA2-256", FASTEC_SHA256},     {"sha-256", FASTEC_SHA256},
              {"Sha224", FASTEC_SHA224},       {"sha384", FASTEC_SHA384},       {"SHA512", FASTEC_SHA512},
              {"sha512-224", FASTEC_SHA512_224}, {"SHA2-512/224", FASTEC_SHA512_224}, {"sha512-256", FASTEC_SHA512_256},
              {"sha3-224", FASTEC_SHA3_224},   {"SHA3-256", FASTEC_SHA3_256},   {"sha3-384", FASTEC_SHA3_384},
              {"Sha3-512", FASTEC_SHA3_512},   {"md5", 0},                      {"sha", 0},
              {"sha3", 0},                     {"", 0},                         {"sha256 ", 0}};
    for (size_t i = 0; i < sizeof hn / sizeof hn[0]; i++)
        CHECK(fastec_hash_by_name(hn[i].n) == hn[i].alg, "hash name \"%s\" gives %d", hn[i].n,
              fastec_hash_by_name(hn[i].n));
    for (int a = FASTEC_SHA1; a <= FASTEC_SHA3_512; a++) {
        const char *n = fastec_hash_name(a);
        CHECK(n && fastec_hash_by_name(n) == a && fastec_hash_size(a) > 0, "hash %d name round trip", a);
    }
    CHECK(fastec_hash_name(0) == NULL && fastec_hash_name(12) == NULL && fastec_hash_by_name(NULL) == 0,
          "unknown hashes");
    CHECK(fastec_curve_find("p-256") == fastec_curve_find("secp256r1") && fastec_curve_find("PRIME256V1") &&
              fastec_curve_find("k-283") == fastec_curve_find("sect283k1") && !fastec_curve_find("secp256k1") &&
              !fastec_curve_find("P-2566") && !fastec_curve_find(""),
          "curve names");

    /* backends: names, states, one in use per family at least ("portable") */
    size_t nb = fastec_backend_count();
    int portable = 0;
    for (size_t i = 0; i < nb; i++) {
        const char *n = fastec_backend_name(i);
        int st = fastec_backend_state(i);
        CHECK(n && st >= 0 && st <= 2, "backend %zu", i);
        if (n && !strcmp(n, "portable")) portable = st == 2;
        printf("backend %s: %s\n", n ? n : "?", st == 2 ? "in use" : st == 1 ? "left out" : "absent");
    }
    CHECK(portable && fastec_backend_name(nb) == NULL && fastec_backend_state(nb) == FASTEC_ERR_ARG, "backend list");
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", FASTEC_VERSION_MAJOR, FASTEC_VERSION_MINOR, FASTEC_VERSION_PATCH);
    CHECK(!strcmp(fastec_version(), FASTEC_VERSION) && !strcmp(v, FASTEC_VERSION), "version %s", fastec_version());
    return t_done("test_api");
}
