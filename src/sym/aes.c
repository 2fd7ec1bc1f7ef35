/* SPDX-License-Identifier: Apache-2.0 */
/* AES (FIPS 197) in constant time without tables: SubBytes computes the
 * S-box as the affine map of x^254 in GF(2^8) (x^-1 for x != 0), products by
 * masked shifts; the key schedule uses the same S-box. Slow (a few
 * microseconds a block) and plenty for key files; AES-NI takes over where the
 * CPU has it (aes_ni.c). CBC mode on top of either. */
#include <string.h>

#include "cpu.h"
#include "ct.h"
#include "sym/aes.h"

/* a * b in GF(2^8) mod x^8 + x^4 + x^3 + x + 1, no branch on a or b */
static uint8_t gmul(uint8_t a, uint8_t b)
{
    unsigned r = 0, x = a;
    for (int i = 0; i < 8; i++) {
        r ^= x & (0u - ((b >> i) & 1u));
        x = (x << 1) ^ (0x1bu & (0u - (x >> 7)));
        x &= 0xff;
    }
    return (uint8_t)r;
}

/* x^254 = x^-1 (0 for 0): x^2, x^3, x^12, x^15, x^240, x^252, x^254 */
static uint8_t ginv(uint8_t x)
{
    uint8_t x2 = gmul(x, x), x3 = gmul(x2, x), x6 = gmul(x3, x3), x12 = gmul(x6, x6), x15 = gmul(x12, x3);
    uint8_t t = gmul(x15, x15); /* x^30 */
    t = gmul(t, t);             /* x^60 */
    t = gmul(t, t);             /* x^120 */
    t = gmul(t, t);             /* x^240 */
    t = gmul(t, x12);           /* x^252 */
    return gmul(t, x2);         /* x^254 */
}

static uint8_t rotl8(uint8_t v, int n) { return (uint8_t)((v << n) | (v >> (8 - n))); }

static uint8_t sbox(uint8_t x)
{
    uint8_t b = ginv(x);
    return (uint8_t)(b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4) ^ 0x63);
}

static uint8_t inv_sbox(uint8_t x) { return ginv((uint8_t)(rotl8(x, 1) ^ rotl8(x, 3) ^ rotl8(x, 6) ^ 0x05)); }

int aes_set_key(aes_key *k, const uint8_t *key, size_t len)
{
    if (len != 16 && len != 24 && len != 32) return 0;
    const unsigned nk = (unsigned)len / 4;
    k->rounds = nk + 6;
    const unsigned words = 4 * (k->rounds + 1);
    uint8_t *w = k->rk, rcon = 1;
    memcpy(w, key, len);
    for (unsigned i = nk; i < words; i++) {
        uint8_t t[4];
        memcpy(t, w + 4 * (i - 1), 4);
        if (i % nk == 0) {
            uint8_t t0 = t[0];
            t[0] = (uint8_t)(sbox(t[1]) ^ rcon);
            t[1] = sbox(t[2]);
            t[2] = sbox(t[3]);
            t[3] = sbox(t0);
            rcon = gmul(rcon, 2);
        } else if (nk > 6 && i % nk == 4) {
            for (int j = 0; j < 4; j++) t[j] = sbox(t[j]);
        }
        for (int j = 0; j < 4; j++) w[4 * i + j] = (uint8_t)(w[4 * (i - nk) + j] ^ t[j]);
    }
    return 1;
}

static void add_round_key(uint8_t s[16], const uint8_t *rk)
{
    for (int i = 0; i < 16; i++) s[i] ^= rk[i];
}

/* state byte i is row i % 4, column i / 4 */
static void shift_rows(uint8_t s[16], int inverse)
{
    uint8_t t[16];
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            int src = inverse ? (c - r + 4) % 4 : (c + r) % 4;
            t[4 * c + r] = s[4 * src + r];
        }
    memcpy(s, t, 16);
}

static void mix_columns(uint8_t s[16], int inverse)
{
    for (int c = 0; c < 4; c++) {
        uint8_t a[4];
        memcpy(a, s + 4 * c, 4);
        for (int r = 0; r < 4; r++) {
            if (!inverse)
                s[4 * c + r] = (uint8_t)(gmul(a[r], 2) ^ gmul(a[(r + 1) % 4], 3) ^ a[(r + 2) % 4] ^ a[(r + 3) % 4]);
            else
                s[4 * c + r] = (uint8_t)(gmul(a[r], 14) ^ gmul(a[(r + 1) % 4], 11) ^ gmul(a[(r + 2) % 4], 13) ^
                                         gmul(a[(r + 3) % 4], 9));
        }
    }
}

void aes_soft_encrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16])
{
    uint8_t s[16];
    memcpy(s, in, 16);
    add_round_key(s, k->rk);
    for (unsigned r = 1; r <= k->rounds; r++) {
        for (int i = 0; i < 16; i++) s[i] = sbox(s[i]);
        shift_rows(s, 0);
        if (r != k->rounds) mix_columns(s, 0); /* r and rounds are public */
        add_round_key(s, k->rk + 16 * r);
    }
    memcpy(out, s, 16);
    ct_wipe(s, sizeof s);
}

void aes_soft_decrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16])
{
    uint8_t s[16];
    memcpy(s, in, 16);
    add_round_key(s, k->rk + 16 * k->rounds);
    for (unsigned r = k->rounds; r >= 1; r--) {
        shift_rows(s, 1);
        for (int i = 0; i < 16; i++) s[i] = inv_sbox(s[i]);
        add_round_key(s, k->rk + 16 * (r - 1));
        if (r != 1) mix_columns(s, 1);
    }
    memcpy(out, s, 16);
    ct_wipe(s, sizeof s);
}

void aes_encrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16])
{
    uint8_t iv[16] = {0};
    aes_cbc_encrypt(k, iv, out, in, 1);
}

void aes_decrypt_block(const aes_key *k, uint8_t out[16], const uint8_t in[16])
{
    uint8_t iv[16] = {0};
    aes_cbc_decrypt(k, iv, out, in, 1);
}

void aes_cbc_encrypt(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks)
{
#if AES_HAVE_NI
    if (cpu_backend_on(CPU_BE_AESNI)) {
        aes_ni_encrypt_blocks_cbc(k, iv, out, in, blocks);
        return;
    }
#endif
    for (size_t b = 0; b < blocks; b++) {
        uint8_t x[16];
        for (int i = 0; i < 16; i++) x[i] = (uint8_t)(in[16 * b + i] ^ iv[i]);
        aes_soft_encrypt_block(k, iv, x);
        memcpy(out + 16 * b, iv, 16);
        ct_wipe(x, sizeof x);
    }
}

void aes_cbc_decrypt(const aes_key *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t blocks)
{
#if AES_HAVE_NI
    if (cpu_backend_on(CPU_BE_AESNI)) {
        aes_ni_decrypt_blocks_cbc(k, iv, out, in, blocks);
        return;
    }
#endif
    for (size_t b = 0; b < blocks; b++) {
        uint8_t c[16], p[16];
        memcpy(c, in + 16 * b, 16);
        aes_soft_decrypt_block(k, p, c);
        for (int i = 0; i < 16; i++) out[16 * b + i] = (uint8_t)(p[i] ^ iv[i]);
        memcpy(iv, c, 16);
        ct_wipe(p, sizeof p);
    }
}
