/* SPDX-License-Identifier: Apache-2.0 */
/* SHA-1, SHA-224/256/384/512, SHA-512/224, SHA-512/256 and HMAC (with the SHA extensions where the CPU
 * has them, and portable under FASTEC_CPU=portable: ctest runs both) against
 * the FIPS 180 "abc" answers and
 * against OpenSSL on random messages of every length 0..300 and random keys
 * (including keys longer than a block). */
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "hash/hash.h"
#include "testutil.h"

int main(void)
{
    t_seed();
    const hash_desc *hs[] = {&hash_sha1,   &hash_sha224,     &hash_sha256,    &hash_sha384,
                             &hash_sha512, &hash_sha512_224, &hash_sha512_256};
    const EVP_MD *ms[] = {EVP_sha1(),   EVP_sha224(),     EVP_sha256(),    EVP_sha384(),
                          EVP_sha512(), EVP_sha512_224(), EVP_sha512_256()};
    static const char *abc[] = {
        "a9993e364706816aba3e25717850c26c9cd0d89d",
        "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
        ("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
         "454d4423643ce80e2a9ac94fa54ca49f"),
        "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
        "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"};
    for (int h = 0; h < 7; h++) {
        uint8_t d[64], w[64], msg[300], key[200];
        char hex[129];
        hash_oneshot(hs[h], d, (const uint8_t *)"abc", 3);
        t_hex(hex, d, hs[h]->digest_len);
        CHECK(!strcmp(hex, abc[h]), "%s(\"abc\")", hs[h]->name);
        for (size_t len = 0; len <= sizeof msg; len++) {
            t_randbytes(msg, len);
            unsigned wl = 0;
            /* one-shot and split updates */
            hash_ctx c;
            hs[h]->init(&c);
            hs[h]->update(&c, msg, len / 3);
            hs[h]->update(&c, msg + len / 3, len - len / 3);
            hs[h]->final(&c, d);
            EVP_Digest(msg, len, w, &wl, ms[h], NULL);
            CHECK(wl == hs[h]->digest_len && !memcmp(d, w, wl), "%s len %zu", hs[h]->name, len);
            size_t kl = (len * 7) % sizeof key;
            t_randbytes(key, kl);
            hmac_ctx m;
            hmac_init(&m, hs[h], key, kl);
            hmac_update(&m, msg, len);
            hmac_final(&m, d);
            HMAC(ms[h], key, (int)kl, msg, len, w, &wl);
            CHECK(!memcmp(d, w, wl), "HMAC-%s len %zu key %zu", hs[h]->name, len, kl);
        }
    }
    return t_done("test_hash");
}
