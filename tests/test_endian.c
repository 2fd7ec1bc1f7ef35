/* SPDX-License-Identifier: Apache-2.0 */
/* Byte order: every encoder, decoder and hash against known answers written
 * down as bytes, so that a build for a big-endian machine (s390x, run under
 * qemu in CI) fails here if any of them used the native byte order:
 *  - SHA-1, SHA-2 (SHA-512/224 and /256 too) of "abc" and of a multi-block
 *    message (Python's hashlib), HMAC-SHA-256 (RFC 4231 case 2);
 *  - public keys of the private key 2 (uncompressed and compressed) and the
 *    ECDH secret x(6 G) of 2 and 3 G, on P-256, P-521, sect283k1, sect163r2
 *    (tools/ec2ref.py and the generator's reference arithmetic);
 *  - a DER signature with a short r and a full-width s;
 *  - a P-256 key file (PKCS#8 and SEC 1, DER and PEM) and its public key
 *    (SubjectPublicKeyInfo), as OpenSSL reads them, and decoding them back.
 * Needs no OpenSSL at run time. */
#include "fastec.h"
#include "testutil.h"

static const struct {
    int alg, long_msg;
    const char *hex;
} hashes[] = {
    {FASTEC_SHA1, 0, "a9993e364706816aba3e25717850c26c9cd0d89d"},
    {FASTEC_SHA1, 1, "beaed16d658ec7929edfd62bfafeac299f0d744d"},
    {FASTEC_SHA224, 0, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
    {FASTEC_SHA224, 1, "998950daf4dea24849ed54d006347e87ea6eb808a536d25e708e6533"},
    {FASTEC_SHA256, 0, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {FASTEC_SHA256, 1, "50ea825d9684f4229ca29f1fec511593e281e46a140d81e0005f8f688669a06c"},
    {FASTEC_SHA384, 0, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
    {FASTEC_SHA384, 1, "d1ec278f9b7f2f8c2ca965b3950117d978e5a60d36253cc1addd76644199a081df40d41b893bdca795979108ab57ad7b"},
    {FASTEC_SHA512, 0, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
        "454d4423643ce80e2a9ac94fa54ca49f"},
    {FASTEC_SHA512, 1, "33dd4ac487bcba1462df408fd383ebd5bfb2bfa4e7dd3572d752887d1ae788525f53b12fd1fd9a6a61e6607823e9a300"
        "28be4845276bd0e93411b42d3d084cf5"},
    {FASTEC_SHA512_224, 0, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
    {FASTEC_SHA512_224, 1, "0e74510f188780ff5b6c6d5ca648ef7f8c8d4d685265a191d5c4a420"},
    {FASTEC_SHA512_256, 0, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
    {FASTEC_SHA512_256, 1, "fda8f9cae0693445328a9c52d9025092969e067f262f0e0673ef298de12e6c71"},
};

static const struct {
    const char *curve, *pub2, *pub2c, *x6;
} points[] = {
    {"secp256r1",
     "047cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc4766997807775510db8ed040293d9ac69f7430"
     "dbba7dade63ce982299e04b79d227873d1",
     "037cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc47669978",
     "b01a172a76a4602c92d3242cb897dde3024c740debb215b4c6b0aae93c2291a9"},
    {"secp521r1",
     "0400433c219024277e7e682fcb288148c282747403279b1ccc06352c6e5505d769be97b3b204da6ef55507aa104a3a35"
     "c5af41cf2fa364d60fd967f43e3933ba6d783d00f4bb8cc7f86db26700a7f3eceeeed3f0b5c6b5107c4da97740ab21a2"
     "9906c42dbbb3e377de9f251f6b93937fa99a3248f4eafcbe95edc0f4f71be356d661f41b02",
     "0200433c219024277e7e682fcb288148c282747403279b1ccc06352c6e5505d769be97b3b204da6ef55507aa104a3a35"
     "c5af41cf2fa364d60fd967f43e3933ba6d783d",
     "01ee4569d6cdb59219532eff34f94480d195623d30977fd71cf3981506ade4ab01525fbcca16153f7394e0727a239531"
     "be8c2f66e95657f380ae23731bedf79206b9"},
    {"sect283k1",
     "04030ae969b9792d44bfdae086dc6fa1039e52a459a545e78b57a1c9d749c1dc6faeaf80cf059d726aa1b70c5e9ffa46"
     "d6a1f912b31480bc3d8e0cab1666497f16b970256427b2fc02",
     "02030ae969b9792d44bfdae086dc6fa1039e52a459a545e78b57a1c9d749c1dc6faeaf80cf",
     "024c13ab84ad4daa481ece8b2c5264eb0e14e66fb919eeee7cdf66b00a99dd7d749cd1ec"},
    {"sect163r2",
     "0401aeb33fed9c49e0200a0c561ea66d5ab85bd4c2d40530608192cd47d0c24c20076475fd625cc82895e8",
     "0201aeb33fed9c49e0200a0c561ea66d5ab85bd4c2d4",
     "065ad02c42180ea317348ffe342fb1cf2a3e896195"},
};

static int same_hex(const uint8_t *b, size_t n, const char *hex)
{
    char h[2 * 200 + 1];
    if (n > 200) return 0;
    t_hex(h, b, n);
    return strlen(hex) == 2 * n && !strcmp(h, hex);
}

static void test_hashes(void)
{
    const char *longm = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        uint8_t msg[3 * 56], d[64];
        size_t n = 3;
        memcpy(msg, "abc", 3);
        if (hashes[i].long_msg) {
            for (int k = 0; k < 3; k++) memcpy(msg + 56 * k, longm, 56);
            n = sizeof msg;
        }
        CHECK(fastec_hash(hashes[i].alg, msg, n, d) == FASTEC_OK &&
                  same_hex(d, fastec_hash_size(hashes[i].alg), hashes[i].hex),
              "hash %d of the %s message", hashes[i].alg, hashes[i].long_msg ? "long" : "short");
    }
}

static void test_points(void)
{
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        const fastec_curve *c = fastec_curve_find(points[i].curve);
        CHECK(c != NULL, "%s", points[i].curve);
        if (!c) continue;
        size_t ss = fastec_curve_scalar_size(c), fs = fastec_curve_field_size(c);
        uint8_t two[72] = {0}, three[72] = {0}, pub[145], pubc[73], pub3[145], s1[72], s2[72];
        size_t pl = sizeof pub, pcl = sizeof pubc, p3l = sizeof pub3;
        two[ss - 1] = 2;
        three[ss - 1] = 3;
        CHECK(fastec_public_key(c, two, 0, pub, &pl) == FASTEC_OK && same_hex(pub, pl, points[i].pub2),
              "%s: public key of 2", points[i].curve);
        CHECK(fastec_public_key(c, two, 1, pubc, &pcl) == FASTEC_OK && same_hex(pubc, pcl, points[i].pub2c),
              "%s: compressed public key of 2", points[i].curve);
        CHECK(fastec_public_key(c, three, 0, pub3, &p3l) == FASTEC_OK, "%s: 3 G", points[i].curve);
        CHECK(fastec_ecdh(c, two, pub3, p3l, s1) == FASTEC_OK && same_hex(s1, fs, points[i].x6) &&
                  fastec_ecdh(c, three, pubc, pcl, s2) == FASTEC_OK && same_hex(s2, fs, points[i].x6),
              "%s: ECDH of 2 and 3", points[i].curve);
    }
}

static void test_signature_der(void)
{
    const fastec_curve *c = fastec_curve_find("P-256");
    uint8_t rs[64] = {0}, der[80], back[64];
    size_t dl = sizeof der;
    rs[31] = 0x01; /* r = 1 */
    rs[32] = 0x80; /* s = 2^255 + 0x1234: needs a sign byte */
    rs[62] = 0x12;
    rs[63] = 0x34;
    CHECK(fastec_sig_to_der(c, rs, der, &dl) == FASTEC_OK &&
              same_hex(der, dl,
                       "30260201010221008000000000000000000000000000000000000000000000000000000000001234"),
          "DER signature");
    CHECK(fastec_sig_from_der(c, der, dl, back) == FASTEC_OK && !memcmp(back, rs, 64), "DER signature parsed back");
}

/* the P-256 key 2 as OpenSSL writes it (openssl pkcs8 -topk8, ec, pkey and
 * pkey -pubin re-encode each of these to the same bytes) */
static const char p8_der[] = "308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420000000000000000000000000"
    "0000000000000000000000000000000000000002a144034200047cf27b188d034f7e8a52380304b51ac3c08969e277f2"
    "1b35a60b48fc4766997807775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1";
static const char sec1_der[] = "307702010104200000000000000000000000000000000000000000000000000000000000000002a00a06082a8648ce3d"
    "030107a144034200047cf27b188d034f7e8a52380304b51ac3c08969e277f21b35a60b48fc4766997807775510db8ed0"
    "40293d9ac69f7430dbba7dade63ce982299e04b79d227873d1";
static const char spki_der[] = "3059301306072a8648ce3d020106082a8648ce3d030107034200047cf27b188d034f7e8a52380304b51ac3c08969e277"
    "f21b35a60b48fc4766997807775510db8ed040293d9ac69f7430dbba7dade63ce982299e04b79d227873d1";
static const char p8_pem[] = "-----BEGIN PRIVATE KEY-----\n"
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgAAAAAAAAAAAAAAAA\n"
    "AAAAAAAAAAAAAAAAAAAAAAAAAAKhRANCAAR88nsYjQNPfopSOAMEtRrDwIlp4nfy\n"
    "GzWmC0j8R2aZeAd3VRDbjtBAKT2axp90MNu6fa3mPOmCKZ4Et50ieHPR\n"
    "-----END PRIVATE KEY-----\n";

static void test_key_files(void)
{
    const fastec_curve *c = fastec_curve_find("P-256"), *got = NULL;
    uint8_t two[32] = {0}, out[1024], priv[32], pub[65];
    size_t ol, pl;
    two[31] = 2;
    ol = sizeof out;
    CHECK(fastec_private_key_encode(c, two, 1, 0, out, &ol) == FASTEC_OK && same_hex(out, ol, p8_der), "PKCS#8 DER");
    ol = sizeof out;
    CHECK(fastec_private_key_encode(c, two, 0, 0, out, &ol) == FASTEC_OK && same_hex(out, ol, sec1_der), "SEC 1 DER");
    ol = sizeof out;
    CHECK(fastec_private_key_encode(c, two, 1, 1, out, &ol) == FASTEC_OK && ol == strlen(p8_pem) &&
              !memcmp(out, p8_pem, ol),
          "PKCS#8 PEM");
    CHECK(fastec_private_key_decode((const uint8_t *)p8_pem, strlen(p8_pem), &got, priv, sizeof priv) == FASTEC_OK &&
              got == c && !memcmp(priv, two, 32),
          "PKCS#8 PEM read back");
    uint8_t sd[200];
    long sl = t_unhex(sd, strlen(sec1_der) / 2, sec1_der);
    CHECK(sl > 0 && fastec_private_key_decode(sd, (size_t)sl, &got, priv, sizeof priv) == FASTEC_OK && got == c &&
              !memcmp(priv, two, 32),
          "SEC 1 DER read back");
    pl = sizeof pub;
    ol = sizeof out;
    CHECK(fastec_public_key(c, two, 0, pub, &pl) == FASTEC_OK &&
              fastec_public_key_encode(c, pub, pl, 0, out, &ol) == FASTEC_OK && same_hex(out, ol, spki_der),
          "SubjectPublicKeyInfo DER");
    uint8_t pd[200], p2[65];
    size_t p2l = sizeof p2;
    long pdl = t_unhex(pd, strlen(spki_der) / 2, spki_der);
    CHECK(pdl > 0 && fastec_public_key_decode(pd, (size_t)pdl, &got, p2, &p2l) == FASTEC_OK && got == c &&
              p2l == pl && !memcmp(p2, pub, pl),
          "SubjectPublicKeyInfo read back");
}

int main(void)
{
    test_hashes();
    test_points();
    test_signature_der();
    test_key_files();
    return t_done("test_endian");
}
