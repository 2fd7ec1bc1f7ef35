/* SPDX-License-Identifier: Apache-2.0 */
/* The primitives behind encrypted key files and SHA-3 signing, against
 * published answers (tests/vectors/sym.txt, from tools/convert_sym_vectors.py):
 * SHA3-224/256/384/512 on the NIST CAVP short, long and Monte Carlo
 * messages (through the internal hash and the public fastec_hash, whole and
 * split at every 7th byte), AES-128/192/256-CBC on the CAVP known-answer and
 * multi-block sets both ways (through the dispatching CBC calls, and the
 * software block and AES-NI directly where the CPU has it), and PBKDF2 with
 * HMAC-SHA-1 (RFC 6070) and HMAC-SHA-256 (RFC 7914).
 * ctest runs it once per backend set (FASTEC_CPU). */
#define _POSIX_C_SOURCE 200809L
#include "cpu.h"
#include "fastec.h"
#include "hash/hash.h"
#include "sym/aes.h"
#include "testutil.h"

/* exact hex to bytes ("-" is empty); -1 on bad hex */
static long unhex(uint8_t **out, const char *hex)
{
    size_t n = strcmp(hex, "-") ? strlen(hex) : 0;
    if (n % 2) return -1;
    *out = malloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int a = t_hexval(hex[2 * i]), b = t_hexval(hex[2 * i + 1]);
        if (a < 0 || b < 0) return -1;
        (*out)[i] = (uint8_t)(a << 4 | b);
    }
    return (long)(n / 2);
}

static const hash_desc *sha3_of(int bits, int *alg)
{
    switch (bits) {
    case 224: *alg = FASTEC_SHA3_224; return &hash_sha3_224;
    case 256: *alg = FASTEC_SHA3_256; return &hash_sha3_256;
    case 384: *alg = FASTEC_SHA3_384; return &hash_sha3_384;
    case 512: *alg = FASTEC_SHA3_512; return &hash_sha3_512;
    }
    return NULL;
}

static void test_sha3(char **f, int nf)
{
    int alg;
    const hash_desc *h = nf == 4 ? sha3_of(atoi(f[1]), &alg) : NULL;
    uint8_t *m = NULL, *want = NULL, got[64];
    long ml = h ? unhex(&m, f[2]) : -1, wl = ml >= 0 ? unhex(&want, f[3]) : -1;
    CHECK(h && ml >= 0 && wl == (long)h->digest_len, "bad sha3 record %s", nf > 2 ? f[2] : "");
    if (h && ml >= 0 && wl == (long)h->digest_len) {
        hash_oneshot(h, got, m, (size_t)ml);
        CHECK(!memcmp(got, want, (size_t)wl), "SHA3-%s of %ld bytes", f[1], ml);
        memset(got, 0, sizeof got);
        CHECK(fastec_hash(alg, m, (size_t)ml, got) == FASTEC_OK && !memcmp(got, want, (size_t)wl),
              "fastec_hash SHA3-%s of %ld bytes", f[1], ml);
        fastec_hash_ctx c;
        fastec_hash_init(&c, alg);
        for (long i = 0; i < ml; i += 7) fastec_hash_update(&c, m + i, (size_t)(ml - i < 7 ? ml - i : 7));
        memset(got, 0, sizeof got);
        fastec_hash_final(&c, got);
        CHECK(!memcmp(got, want, (size_t)wl), "split SHA3-%s of %ld bytes", f[1], ml);
    }
    free(m);
    free(want);
}

static void test_sha3_monte(char **f, int nf)
{
    int alg;
    const hash_desc *h = nf >= 4 ? sha3_of(atoi(f[1]), &alg) : NULL;
    uint8_t *md = NULL;
    long l = h ? unhex(&md, f[2]) : -1;
    CHECK(h && l == (long)h->digest_len, "bad sha3mc record");
    if (!h || l != (long)h->digest_len) return;
    for (int j = 3; j < nf; j++) {
        for (int i = 0; i < 1000; i++) hash_oneshot(h, md, md, (size_t)l);
        uint8_t *want = NULL;
        CHECK(unhex(&want, f[j]) == l && !memcmp(md, want, (size_t)l), "SHA3-%s Monte Carlo checkpoint %d", f[1],
              j - 3);
        free(want);
    }
    free(md);
}

static void test_aes(char **f, int nf)
{
    uint8_t *key = NULL, *iv = NULL, *in = NULL, *want = NULL;
    long kl = nf == 6 ? unhex(&key, f[2]) : -1, il = kl > 0 ? unhex(&iv, f[3]) : -1;
    long nl = il == 16 ? unhex(&in, f[4]) : -1, wl = nl > 0 ? unhex(&want, f[5]) : -1;
    int enc = nf == 6 && !strcmp(f[1], "E");
    aes_key k;
    int good = wl == nl && nl > 0 && nl % 16 == 0 && aes_set_key(&k, key, (size_t)kl);
    CHECK(good, "bad aes record");
    if (good) {
        size_t blocks = (size_t)nl / 16;
        uint8_t *out = malloc((size_t)nl), v[16];
        memcpy(v, iv, 16);
        if (enc)
            aes_cbc_encrypt(&k, v, out, in, blocks);
        else
            aes_cbc_decrypt(&k, v, out, in, blocks);
        CHECK(!memcmp(out, want, (size_t)nl), "AES-%ld-CBC %s key %s", kl * 8, f[1], f[2]);
        /* the IV carries on: the last ciphertext block */
        CHECK(!memcmp(v, (enc ? out : in) + nl - 16, 16), "AES-CBC chaining value %s", f[2]);
        /* in place */
        memcpy(out, in, (size_t)nl);
        memcpy(v, iv, 16);
        if (enc)
            aes_cbc_encrypt(&k, v, out, out, blocks);
        else
            aes_cbc_decrypt(&k, v, out, out, blocks);
        CHECK(!memcmp(out, want, (size_t)nl), "AES-CBC in place %s key %s", f[1], f[2]);
        /* the software block on the first block, whatever the dispatch chose */
        uint8_t x[16], y[16];
        if (enc) {
            for (int i = 0; i < 16; i++) x[i] = in[i] ^ iv[i];
            aes_soft_encrypt_block(&k, y, x);
            CHECK(!memcmp(y, want, 16), "software AES encrypt key %s", f[2]);
        } else {
            aes_soft_decrypt_block(&k, y, in);
            for (int i = 0; i < 16; i++) y[i] ^= iv[i];
            CHECK(!memcmp(y, want, 16), "software AES decrypt key %s", f[2]);
        }
#if AES_HAVE_NI
        if (cpu_backend_hw(CPU_BE_AESNI)) {
            memcpy(v, iv, 16);
            if (enc)
                aes_ni_encrypt_blocks_cbc(&k, v, out, in, blocks);
            else
                aes_ni_decrypt_blocks_cbc(&k, v, out, in, blocks);
            CHECK(!memcmp(out, want, (size_t)nl), "AES-NI CBC %s key %s", f[1], f[2]);
        }
#endif
        free(out);
    }
    free(key);
    free(iv);
    free(in);
    free(want);
}

static void test_pbkdf2(char **f, int nf)
{
    const hash_desc *h = nf != 7 ? NULL : !strcmp(f[1], "sha1") ? &hash_sha1 : !strcmp(f[1], "sha256") ? &hash_sha256 : NULL;
    uint8_t *pw = NULL, *salt = NULL, *want = NULL;
    long pl = h ? unhex(&pw, f[4]) : -1, sl = pl >= 0 ? unhex(&salt, f[5]) : -1;
    long wl = sl >= 0 ? unhex(&want, f[6]) : -1;
    CHECK(h && wl == atol(f[3]), "bad pbkdf2 record");
    if (h && wl == atol(f[3])) {
        uint8_t *out = calloc(1, (size_t)wl + 1);
        pbkdf2(h, pw, (size_t)pl, salt, (size_t)sl, (unsigned)atol(f[2]), out, (size_t)wl);
        CHECK(!memcmp(out, want, (size_t)wl), "PBKDF2-HMAC-%s %s iterations, %ld bytes", f[1], f[2], wl);
        free(out);
    }
    free(pw);
    free(salt);
    free(want);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_sym tests/vectors/sym.txt\n");
        return 2;
    }
    FILE *fp = fopen(argv[1], "r");
    if (!fp) {
        perror(argv[1]);
        return 2;
    }
    printf("aesni: %s\n", cpu_backend_on(CPU_BE_AESNI) ? "in use" : cpu_backend_hw(CPU_BE_AESNI) ? "left out" : "absent");
    char *line = NULL;
    size_t cap = 0;
    unsigned long n_sha3 = 0, n_mc = 0, n_aes = 0, n_kdf = 0;
    while (getline(&line, &cap, fp) > 0) {
        if (line[0] == '#') continue;
        char *f[16];
        int nf = 0;
        for (char *s = strtok(line, " \n"); s && nf < 16; s = strtok(NULL, " \n")) f[nf++] = s;
        if (!nf) continue;
        if (!strcmp(f[0], "sha3")) test_sha3(f, nf), n_sha3++;
        else if (!strcmp(f[0], "sha3mc")) test_sha3_monte(f, nf), n_mc++;
        else if (!strcmp(f[0], "aes")) test_aes(f, nf), n_aes++;
        else if (!strcmp(f[0], "pbkdf2")) test_pbkdf2(f, nf), n_kdf++;
        else CHECK(0, "unknown record %s", f[0]);
    }
    free(line);
    fclose(fp);
    /* every kind present: a truncated vector file must not pass */
    CHECK(n_sha3 >= 400 && n_mc == 4 && n_aes >= 2000 && n_kdf == 7, "records: sha3 %lu, monte %lu, aes %lu, pbkdf2 %lu",
          n_sha3, n_mc, n_aes, n_kdf);
    printf("records: sha3 %lu, sha3 monte carlo %lu, aes-cbc %lu, pbkdf2 %lu\n", n_sha3, n_mc, n_aes, n_kdf);
    return t_done("test_sym");
}
