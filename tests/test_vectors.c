/* SPDX-License-Identifier: Apache-2.0 */
/* NIST CAVP known answers (tests/vectors/ecdsa_*.txt and ecdh_*.txt,
 * converted by tools/convert_vectors.py): KeyPair (d -> Q), PKV (key
 * validity), SigGen (public key from d, the exact (R, S) for the given nonce
 * k, and verification), SigVer (expected pass/fail) and KAS ECC ZZ-only ECDH.
 * Every record runs; an unknown curve fails.
 * Usage: test_vectors FILE... */
#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "fastec.h"
#include "hash/hash.h"
#include "proto/proto.h"
#include "testhash.h"
#include "testutil.h"

#define MAXF 72
#define MAXS 72


/* 0x04 || Qx || Qy; returns length, or 0 when a coordinate does not fit */
static size_t make_pub(const fastec_curve *c, uint8_t *pub, const char *qx, const char *qy)
{
    size_t fs = fastec_curve_field_size(c);
    pub[0] = 4;
    if (t_unhex(pub + 1, fs, qx) < 0 || t_unhex(pub + 1 + fs, fs, qy) < 0) return 0;
    return 1 + 2 * fs;
}

static unsigned long counts[5];

static void run_line(char *line, const char *file, int lineno)
{
    char *f[12];
    int nf = 0;
    for (char *tok = strtok(line, " \n"); tok && nf < 12; tok = strtok(NULL, " \n")) f[nf++] = tok;
    if (nf == 0 || f[0][0] == '#') return;
    const fastec_curve *c = fastec_curve_find(f[1]);
    CHECK(c != NULL, "%s:%d unknown curve %s", file, lineno, f[1]);
    if (!c) return;
    const size_t fs = fastec_curve_field_size(c), ss = fastec_curve_scalar_size(c);
    uint8_t pub[1 + 2 * MAXF], pub2[1 + 2 * MAXF], priv[MAXS], sig[2 * MAXS], dg[HASH_MAX_DIGEST];
    static uint8_t msg[4096];
    size_t plen, plen2 = sizeof pub2;

    if (!strcmp(f[0], "keypair") && nf == 5) {
        counts[0]++;
        CHECK(t_unhex(priv, ss, f[2]) >= 0, "%s:%d d", file, lineno);
        plen = make_pub(c, pub, f[3], f[4]);
        CHECK(fastec_public_key(c, priv, 0, pub2, &plen2) == FASTEC_OK && plen2 == plen && !memcmp(pub, pub2, plen),
              "%s:%d KeyPair: public key differs", file, lineno);
        CHECK(fastec_public_key_check(c, pub, plen) == FASTEC_OK, "%s:%d KeyPair: Q rejected", file, lineno);
    } else if (!strcmp(f[0], "pkv") && nf == 5) {
        counts[1]++;
        plen = make_pub(c, pub, f[2], f[3]);
        int rc = plen ? fastec_public_key_check(c, pub, plen) : FASTEC_ERR_COORD;
        if (f[4][0] == 'P') CHECK(rc == FASTEC_OK, "%s:%d PKV: valid key rejected (%d)", file, lineno, rc);
        else CHECK(rc != FASTEC_OK, "%s:%d PKV: invalid key accepted", file, lineno);
    } else if (!strcmp(f[0], "siggen") && nf == 10) {
        counts[2]++;
        const hash_desc *h = hash_by_name(f[2]);
        long ml = t_unhex(msg, strlen(f[3]) / 2, f[3]);
        CHECK(h && ml >= 0, "%s:%d SigGen parse", file, lineno);
        if (!h || ml < 0) return;
        hash_oneshot(h, dg, msg, (size_t)ml);
        CHECK(t_unhex(priv, ss, f[4]) >= 0, "%s:%d d", file, lineno);
        plen = make_pub(c, pub, f[5], f[6]);
        CHECK(fastec_public_key(c, priv, 0, pub2, &plen2) == FASTEC_OK && plen2 == plen && !memcmp(pub, pub2, plen),
              "%s:%d SigGen: public key differs", file, lineno);
        /* the exact signature for the vector's nonce */
        uint8_t kb[MAXS], rs[2 * MAXS];
        CHECK(t_unhex(kb, ss, f[7]) >= 0 && t_unhex(rs, ss, f[8]) >= 0 && t_unhex(rs + ss, ss, f[9]) >= 0,
              "%s:%d SigGen parse k/R/S", file, lineno);
        sc_t d, k, e;
        CHECK(proto_priv_load(c, &d, priv) == FASTEC_OK && proto_priv_load(c, &k, kb) == FASTEC_OK, "%s:%d d/k range",
              file, lineno);
        sc_from_digest(&c->sc, &e, dg, h->digest_len);
        CHECK(proto_ecdsa_sign_k(c, ec_ops_for(c), &d, &e, &k, sig) == FASTEC_OK && !memcmp(sig, rs, 2 * ss),
              "%s:%d SigGen: (R, S) differs for the given k", file, lineno);
        CHECK(fastec_ecdsa_verify(c, pub, plen, dg, h->digest_len, rs) == FASTEC_OK, "%s:%d SigGen: verify",
              file, lineno);
        /* and our own deterministic signature verifies */
        CHECK(fastec_ecdsa_sign(c, priv, dg, h->digest_len, sig) == FASTEC_OK &&
                  fastec_ecdsa_verify(c, pub, plen, dg, h->digest_len, sig) == FASTEC_OK,
              "%s:%d SigGen: own signature", file, lineno);
    } else if (!strcmp(f[0], "sigver") && nf == 9) {
        counts[3]++;
        const hash_desc *h = hash_by_name(f[2]);
        long ml = t_unhex(msg, strlen(f[3]) / 2, f[3]);
        CHECK(h && ml >= 0, "%s:%d SigVer parse", file, lineno);
        if (!h || ml < 0) return;
        hash_oneshot(h, dg, msg, (size_t)ml);
        plen = make_pub(c, pub, f[4], f[5]);
        int ok = plen && t_unhex(sig, ss, f[6]) >= 0 && t_unhex(sig + ss, ss, f[7]) >= 0;
        int rc = ok ? fastec_ecdsa_verify(c, pub, plen, dg, h->digest_len, sig) : FASTEC_ERR_SIG_RANGE;
        if (f[8][0] == 'P') CHECK(rc == FASTEC_OK, "%s:%d SigVer: valid signature rejected (%d)", file, lineno, rc);
        else CHECK(rc != FASTEC_OK, "%s:%d SigVer: invalid signature accepted", file, lineno);
    } else if (!strcmp(f[0], "ecdh") && nf == 10) {
        /* we are the IUT: P iff our public key is QsIUT, both keys are
         * valid, and both sides compute Z */
        counts[4]++;
        uint8_t dcavs[MAXS], qcavs[1 + 2 * MAXF], z[MAXF], z1[MAXF], z2[MAXF];
        size_t ql;
        int ok = t_unhex(dcavs, ss, f[2]) >= 0 && t_unhex(priv, ss, f[5]) >= 0 && t_unhex(z, fs, f[8]) >= 0;
        CHECK(ok, "%s:%d ecdh parse", file, lineno);
        ql = make_pub(c, qcavs, f[3], f[4]);
        plen = make_pub(c, pub, f[6], f[7]);
        int good = ql && plen;
        good = good && fastec_ecdh(c, priv, qcavs, ql, z1) == FASTEC_OK && !memcmp(z1, z, fs);
        good = good && fastec_public_key(c, priv, 0, pub2, &plen2) == FASTEC_OK && plen2 == plen &&
               !memcmp(pub, pub2, plen);
        good = good && fastec_public_key_check(c, pub, plen) == FASTEC_OK;
        good = good && fastec_ecdh(c, dcavs, pub, plen, z2) == FASTEC_OK && !memcmp(z2, z, fs);
        if (f[9][0] == 'P') CHECK(good, "%s:%d ECDH: valid exchange failed", file, lineno);
        else CHECK(!good, "%s:%d ECDH: altered exchange accepted", file, lineno);
    } else {
        CHECK(0, "%s:%d malformed record", file, lineno);
    }
    (void)fs;
}

int main(int argc, char **argv)
{
    static char line[20000];
    CHECK(argc > 1, "no vector files given");
    for (int i = 1; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        CHECK(fp != NULL, "cannot open %s", argv[i]);
        if (!fp) continue;
        int n = 0;
        while (fgets(line, sizeof line, fp)) run_line(line, argv[i], ++n);
        fclose(fp);
    }
    printf("records: %lu keypair, %lu pkv, %lu siggen, %lu sigver, %lu ecdh (backend %s)\n", counts[0], counts[1],
           counts[2], counts[3], counts[4], fastec_curve_backend(fastec_curve_at(0)));
    CHECK(counts[0] && counts[1] && counts[2] && counts[3] && counts[4], "some record kind never ran");
    return t_done("test_vectors");
}
