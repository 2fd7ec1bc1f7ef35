/* SPDX-License-Identifier: Apache-2.0 */
/* Constant-time check: run under valgrind memcheck with every secret marked
 * undefined (ct_secret). memcheck then reports any branch, memory address or
 * variable-latency input computed from a secret. Covers key generation from a
 * seeded source, public-key derivation, ECDH, cofactor ECDH and ECDSA signing
 * (deterministic and hedged),
 * on every curve and every backend the CPU has, and the batch ECDH and
 * signing calls once per curve. Only what is public by design
 * is declassified: public keys, r and s (inside the signer), the range
 * decisions on candidates, and results when returned.
 * Built against a copy of the library compiled with FASTEC_VALGRIND. */
#include "ct.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "fastec.h"
#include "proto/proto.h"
#include "testops.h"
#include "testutil.h"

/* seeded source whose bytes are secret */
static int secret_rng(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    t_randbytes(buf, len);
    ct_secret(buf, len);
    return FASTEC_OK;
}

int main(void)
{
    t_seed();
    unsigned long runs = 0;
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        const ec_ops *ops[EC_MAX_BACKENDS];
        const ec_field_hooks *fields[EC_MAX_BACKENDS]; /* unused: ec_backends fills it */
        unsigned nb = ec_backends(c, ops, fields);
        uint8_t ref[4][EC_MAX_FIELD_BYTES * 2];
        /* a public peer key */
        uint8_t ppriv[72], ppub[1 + 2 * EC_MAX_FIELD_BYTES];
        size_t ppl = sizeof ppub;
        CHECK(fastec_keygen(c, ppriv) == FASTEC_OK && fastec_public_key(c, ppriv, 0, ppub, &ppl) == FASTEC_OK,
              "peer key");
        const uint8_t *peer_xy = ppub + 1;
        ec_point peer;
        uint64_t seed_state[4];
        memcpy(seed_state, t_rng_s, sizeof seed_state);
        for (unsigned b = 0; b < nb; b++) {
            memcpy(t_rng_s, seed_state, sizeof seed_state); /* same secrets on every backend */
            uint8_t priv[72], xy[2 * EC_MAX_FIELD_BYTES], s1[EC_MAX_FIELD_BYTES], s2[EC_MAX_FIELD_BYTES];
            uint8_t sig[144], dg[48];
            memset(dg, 0x3c, sizeof dg);
            int rc = proto_keygen_with(c, priv, secret_rng, NULL);
            ct_public(&rc, sizeof rc);
            CHECK(rc == FASTEC_OK, "keygen");
            sc_t d;
            rc = proto_priv_load(c, &d, priv);
            ct_public(&rc, sizeof rc);
            CHECK(rc == FASTEC_OK, "priv load");
            ec_point pub;
            rc = proto_public_point(c, ops[b], &d, &pub); /* declassifies the public key */
            ops[b]->point_to_xy(c, xy, &pub);
            rc |= ops[b]->point_from_xy_vartime(c, &peer, peer_xy);
            rc |= proto_ecdh(c, ops[b], &d, &peer, 0, s1);
            rc |= proto_ecdh(c, ops[b], &d, &peer, 1, s2);
            rc |= proto_ecdsa_sign(c, ops[b], &d, dg, sizeof dg, NULL, 0, sig);
            /* hedged: secret additional data must not leak either */
            uint8_t extra[32], hsig[144];
            memset(extra, 0xa5, sizeof extra);
            ct_secret(extra, sizeof extra);
            rc |= proto_ecdsa_sign(c, ops[b], &d, dg, sizeof dg, extra, sizeof extra, hsig);
            ct_public(&rc, sizeof rc);
            CHECK(rc == FASTEC_OK, "%s %s operations", c->name, ops[b]->backend);
            /* results are returned to the caller here: declassify to compare */
            ct_public(s1, c->field_size);
            ct_public(s2, c->field_size);
            ct_public(sig, 2 * c->scalar_size);
            if (b == 0) {
                /* the batch calls, once per curve (valgrind runs no
                 * AVX-512, so this is the loop over the single calls and
                 * the batch glue around it): three items each, the same key */
                static uint8_t bs[3][EC_MAX_FIELD_BYTES], bsig[3][144];
                int res[3];
                fastec_ecdh_item ei[3];
                fastec_sign_item si[3];
                for (int j = 0; j < 3; j++) {
                    ei[j] = (fastec_ecdh_item){priv, ppub, ppl, bs[j]};
                    si[j] = (fastec_sign_item){priv, dg, sizeof dg, bsig[j]};
                }
                rc = fastec_ecdh_batch(c, ei, 3, res) | fastec_ecdsa_sign_batch(c, si, 3, res);
                ct_public(&rc, sizeof rc);
                CHECK(rc == FASTEC_OK, "%s batch calls", c->name);
                for (int j = 0; j < 3; j++) {
                    ct_public(bs[j], c->field_size);
                    ct_public(bsig[j], 2 * c->scalar_size);
                    CHECK(!memcmp(bs[j], s1, c->field_size) && !memcmp(bsig[j], sig, 2 * c->scalar_size),
                          "%s batch item %d differs from the single call", c->name, j);
                }
                memcpy(ref[0], xy, 2 * c->field_size);
                memcpy(ref[1], s1, c->field_size);
                memcpy(ref[2], s2, c->field_size);
                memcpy(ref[3], sig, 2 * c->scalar_size);
            } else {
                CHECK(!memcmp(ref[0], xy, 2 * c->field_size) && !memcmp(ref[1], s1, c->field_size) &&
                          !memcmp(ref[2], s2, c->field_size) && !memcmp(ref[3], sig, 2 * c->scalar_size),
                      "%s %s results differ from %s", c->name, ops[b]->backend, ops[0]->backend);
            }
            runs++;
        }
    }
    printf("%lu curve/backend runs\n", runs);
    return t_done("test_ct");
}
