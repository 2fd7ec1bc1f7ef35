/* SPDX-License-Identifier: Apache-2.0 */
/* Writes the committed seed corpora under tests/fuzz/corpus/: valid and
 * near-valid inputs for every curve. Run from the repository root after
 * building: cc -Iinclude tests/fuzz/make_seeds.c build/libfastec.a -o /tmp/ms && /tmp/ms */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "fastec.h"

static void put(const char *target, const char *name, size_t ci, const uint8_t *p, size_t n)
{
    char path[256];
    snprintf(path, sizeof path, "tests/fuzz/corpus/%s", target);
    mkdir("tests/fuzz/corpus", 0755);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "tests/fuzz/corpus/%s/%02zu-%s", target, ci, name);
    FILE *f = fopen(path, "wb");
    if (!f) return;
    uint8_t b = (uint8_t)ci;
    fwrite(&b, 1, 1, f);
    fwrite(p, 1, n, f);
    fclose(f);
}

/* a file without the curve byte (key files name their curve) */
static void put_raw(const char *target, const char *name, size_t ci, const uint8_t *p, size_t n)
{
    char path[256];
    snprintf(path, sizeof path, "tests/fuzz/corpus/%s", target);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "tests/fuzz/corpus/%s/%02zu-%s", target, ci, name);
    FILE *f = fopen(path, "wb");
    if (!f) return;
    fwrite(p, 1, n, f);
    fclose(f);
}

int main(void)
{
    for (size_t ci = 0; ci < fastec_curve_count(); ci++) {
        const fastec_curve *c = fastec_curve_at(ci);
        size_t ss = fastec_curve_scalar_size(c);
        uint8_t priv[72], pub[145], pubc[73], sig[144], dg[32], buf[512];
        size_t pl = sizeof pub, pcl = sizeof pubc;
        memset(dg, 0xab, sizeof dg);
        fastec_keygen(c, priv);
        fastec_public_key(c, priv, 0, pub, &pl);
        fastec_public_key(c, priv, 1, pubc, &pcl);
        fastec_ecdsa_sign(c, priv, dg, sizeof dg, sig);
        put("pubkey", "uncompressed", ci, pub, pl);
        put("pubkey", "compressed", ci, pubc, pcl);
        put("ecdh", "uncompressed", ci, pub, pl);
        put("ecdh", "compressed", ci, pubc, pcl);
        uint8_t zero = 0;
        put("pubkey", "infinity", ci, &zero, 1);
        /* verify: [publen][pub][dlen][digest][sig] */
        size_t n = 0;
        buf[n++] = (uint8_t)pcl;
        memcpy(buf + n, pubc, pcl), n += pcl;
        buf[n++] = sizeof dg;
        memcpy(buf + n, dg, sizeof dg), n += sizeof dg;
        memcpy(buf + n, sig, 2 * ss), n += 2 * ss;
        put("verify", "valid", ci, buf, n);
        /* batch: [operation][items], three valid items of each operation */
        for (int op = 0; op < 3; op++) {
            uint8_t bb[1600];
            size_t bn = 0;
            bb[bn++] = (uint8_t)op;
            for (int k = 0; k < 3; k++) {
                if (op != 2) memcpy(bb + bn, priv, ss), bn += ss;
                if (op == 0) bb[bn++] = (uint8_t)pl, memcpy(bb + bn, pub, pl), bn += pl;
                if (op == 2) bb[bn++] = (uint8_t)pcl, memcpy(bb + bn, pubc, pcl), bn += pcl;
                if (op != 0) bb[bn++] = sizeof dg, memcpy(bb + bn, dg, sizeof dg), bn += sizeof dg;
                if (op == 2) memcpy(bb + bn, sig, 2 * ss), bn += 2 * ss;
            }
            char nm[16];
            snprintf(nm, sizeof nm, "op%d", op);
            put("batch", nm, ci, bb, bn);
        }
        /* DER signature and key files in every format */
        uint8_t der[200], kf[2048];
        size_t dl = sizeof der;
        fastec_sig_to_der(c, sig, der, &dl);
        put("sigder", "valid", ci, der, dl);
        for (int f = 0; f < 4; f++) {
            size_t kl = sizeof kf;
            char nm[16];
            fastec_private_key_encode(c, priv, f & 1, f & 2, kf, &kl);
            snprintf(nm, sizeof nm, "priv%d", f);
            put_raw("keyfile", nm, ci, kf, kl);
        }
        for (int f = 0; f < 2; f++) {
            size_t kl = sizeof kf;
            char nm[16];
            fastec_public_key_encode(c, f ? pubc : pub, f ? pcl : pl, f, kf, &kl);
            snprintf(nm, sizeof nm, "pub%d", f);
            put_raw("keyfile", nm, ci, kf, kl);
        }
        /* field: [op][a][b] from the coordinates */
        for (int op = 0; op < 6; op++) {
            char nm[16];
            snprintf(nm, sizeof nm, "op%d", op);
            buf[0] = (uint8_t)op;
            memcpy(buf + 1, pub + 1, pl - 1);
            put("field_diff", nm, ci, buf, pl);
        }
    }
    return 0;
}
