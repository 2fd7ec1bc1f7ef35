/* SPDX-License-Identifier: Apache-2.0 */
/* RFC 6979 Appendix A.2 deterministic signatures (tests/vectors/rfc6979_*.txt):
 * the public key from x, and the exact (r, s) for message "sample"/"test"
 * hashed with the named hash (whose length picks the HMAC hash). */
#include "fastec.h"
#include "hash/hash.h"
#include "testhash.h"
#include "testutil.h"


int main(int argc, char **argv)
{
    char line[4096];
    uint8_t priv[72], pub[145], mypub[145], sig[144], mysig[144], dg[64];
    const fastec_curve *c = NULL;
    unsigned long nsig = 0;
    CHECK(argc > 1, "usage: test_rfc6979 FILE...");
    for (int a = 1; a < argc; a++) {
        FILE *fp = fopen(argv[a], "r");
        CHECK(fp != NULL, "cannot open %s", argv[a]);
        if (!fp) continue;
        while (fgets(line, sizeof line, fp)) {
            char *f[8];
            int nf = 0;
            for (char *t = strtok(line, " \n"); t && nf < 8; t = strtok(NULL, " \n")) f[nf++] = t;
            if (!nf || f[0][0] == '#') continue;
            if (!strcmp(f[0], "key") && nf == 5) {
                c = fastec_curve_find(f[1]);
                CHECK(c != NULL, "unknown curve %s", f[1]);
                if (!c) continue;
                size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c), pl = sizeof mypub;
                CHECK(t_unhex(priv, ss, f[2]) >= 0, "x");
                pub[0] = 4;
                CHECK(t_unhex(pub + 1, fs, f[3]) >= 0 && t_unhex(pub + 1 + fs, fs, f[4]) >= 0, "U");
                CHECK(fastec_public_key(c, priv, 0, mypub, &pl) == FASTEC_OK && pl == 1 + 2 * fs &&
                          !memcmp(pub, mypub, pl),
                      "%s public key", f[1]);
            } else if (!strcmp(f[0], "sig") && nf == 6 && c) {
                nsig++;
                size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
                const hash_desc *h = hash_by_name(f[2]);
                CHECK(h != NULL, "hash %s", f[2]);
                if (!h) continue;
                hash_oneshot(h, dg, (const uint8_t *)f[3], strlen(f[3]));
                CHECK(t_unhex(sig, ss, f[4]) >= 0 && t_unhex(sig + ss, ss, f[5]) >= 0, "r/s");
                CHECK(fastec_ecdsa_sign(c, priv, dg, h->digest_len, mysig) == FASTEC_OK &&
                          !memcmp(sig, mysig, 2 * ss),
                      "%s %s \"%s\": signature differs from RFC 6979", f[1], f[2], f[3]);
                CHECK(fastec_ecdsa_verify(c, pub, 1 + 2 * fs, dg, h->digest_len, sig) == FASTEC_OK, "%s verify",
                      f[1]);
                /* hedged (RFC 6979 3.6 additional data): valid, reproducible for
                 * the same extra data, different from the plain one and for other data */
                uint8_t extra[32], h1[144], h2[144], h3[144];
                memset(extra, 0x42, sizeof extra);
                CHECK(fastec_ecdsa_sign_hedged(c, priv, dg, h->digest_len, extra, sizeof extra, h1) == FASTEC_OK &&
                          fastec_ecdsa_sign_hedged(c, priv, dg, h->digest_len, extra, sizeof extra, h2) == FASTEC_OK,
                      "%s hedged sign", f[1]);
                extra[31] ^= 1;
                CHECK(fastec_ecdsa_sign_hedged(c, priv, dg, h->digest_len, extra, 1, h3) == FASTEC_OK, "hedged");
                CHECK(!memcmp(h1, h2, 2 * ss) && memcmp(h1, sig, 2 * ss) && memcmp(h1, h3, 2 * ss) &&
                          memcmp(h3, sig, 2 * ss),
                      "%s hedged signatures: same data must repeat, other data must differ", f[1]);
                CHECK(fastec_ecdsa_verify(c, pub, 1 + 2 * fs, dg, h->digest_len, h1) == FASTEC_OK &&
                          fastec_ecdsa_verify(c, pub, 1 + 2 * fs, dg, h->digest_len, h3) == FASTEC_OK,
                      "%s hedged signature does not verify", f[1]);
                CHECK(fastec_ecdsa_sign_hedged(c, priv, dg, h->digest_len, NULL, 0, h3) == FASTEC_ERR_NULL &&
                          fastec_ecdsa_sign_hedged(c, priv, dg, h->digest_len, extra, 0, h3) == FASTEC_ERR_ARG,
                      "hedged signing without extra data must be refused");
            } else {
                CHECK(0, "malformed line in %s", argv[a]);
            }
        }
        fclose(fp);
    }
    printf("%lu RFC 6979 signatures\n", nsig);
    CHECK(nsig > 0, "no signature vectors ran");
    return t_done("test_rfc6979");
}
