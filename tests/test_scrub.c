/* SPDX-License-Identifier: Apache-2.0 */
/* Secrets after return: after each secret operation of the public API
 * (key generation, public key, ECDH, ECDSA signing, their batch calls,
 * private key encoding and decoding) on every curve and on the backends
 * FASTEC_CPU leaves on, neither the vector registers (ZMM0-31 and the
 * opmask registers with AVX-512, YMM0-15 with AVX, XMM0-15 otherwise;
 * V0-V31 on arm64), nor the general caller-saved registers (rax, rcx, rdx,
 * rsi, rdi, r8-r11; x0-x18 on arm64), nor the dead stack below the caller
 * hold the private key or the nonce in any of the forms the library
 * computes: the scalar as bytes and as words, its Montgomery form
 * (x 2^(64 limbs) mod n), the nonce's inverse and its Montgomery form, r d
 * and e + r d. A form counts as found when one of its 64-bit words (one
 * with at least 16 bits set and 16 clear, so that no small constant
 * matches) appears at any byte offset. The library's work stacks
 * (src/workstack.h) are all zero after every call, and the call changes at
 * most the stack budget (16 KB) below its caller. */
#include "cpu.h"
#include "ct.h"
#include "curves/curves.h"
#include "fastec.h"
#include "scalar/sc.h"
#include "teststack.h"
#include "testutil.h"

#define BUDGET (16 * 1024)

/* ---- the registers after a call, dumped before anything else runs ---- */
#if defined(__x86_64__)
/* rdi: the buffer (32 x 64 bytes + 8 x 8) */
__asm__(".text\n.p2align 4\n.type dump_avx512,@function\ndump_avx512:\n"
        "  vmovdqu64 %zmm0,0(%rdi)\n  vmovdqu64 %zmm1,64(%rdi)\n  vmovdqu64 %zmm2,128(%rdi)\n"
        "  vmovdqu64 %zmm3,192(%rdi)\n  vmovdqu64 %zmm4,256(%rdi)\n  vmovdqu64 %zmm5,320(%rdi)\n"
        "  vmovdqu64 %zmm6,384(%rdi)\n  vmovdqu64 %zmm7,448(%rdi)\n  vmovdqu64 %zmm8,512(%rdi)\n"
        "  vmovdqu64 %zmm9,576(%rdi)\n  vmovdqu64 %zmm10,640(%rdi)\n  vmovdqu64 %zmm11,704(%rdi)\n"
        "  vmovdqu64 %zmm12,768(%rdi)\n  vmovdqu64 %zmm13,832(%rdi)\n  vmovdqu64 %zmm14,896(%rdi)\n"
        "  vmovdqu64 %zmm15,960(%rdi)\n  vmovdqu64 %zmm16,1024(%rdi)\n  vmovdqu64 %zmm17,1088(%rdi)\n"
        "  vmovdqu64 %zmm18,1152(%rdi)\n  vmovdqu64 %zmm19,1216(%rdi)\n  vmovdqu64 %zmm20,1280(%rdi)\n"
        "  vmovdqu64 %zmm21,1344(%rdi)\n  vmovdqu64 %zmm22,1408(%rdi)\n  vmovdqu64 %zmm23,1472(%rdi)\n"
        "  vmovdqu64 %zmm24,1536(%rdi)\n  vmovdqu64 %zmm25,1600(%rdi)\n  vmovdqu64 %zmm26,1664(%rdi)\n"
        "  vmovdqu64 %zmm27,1728(%rdi)\n  vmovdqu64 %zmm28,1792(%rdi)\n  vmovdqu64 %zmm29,1856(%rdi)\n"
        "  vmovdqu64 %zmm30,1920(%rdi)\n  vmovdqu64 %zmm31,1984(%rdi)\n"
        "  kmovw %k0,%eax\n  mov %rax,2048(%rdi)\n  kmovw %k1,%eax\n  mov %rax,2056(%rdi)\n"
        "  kmovw %k2,%eax\n  mov %rax,2064(%rdi)\n  kmovw %k3,%eax\n  mov %rax,2072(%rdi)\n"
        "  kmovw %k4,%eax\n  mov %rax,2080(%rdi)\n  kmovw %k5,%eax\n  mov %rax,2088(%rdi)\n"
        "  kmovw %k6,%eax\n  mov %rax,2096(%rdi)\n  kmovw %k7,%eax\n  mov %rax,2104(%rdi)\n"
        "  ret\n.size dump_avx512,.-dump_avx512\n"
        ".p2align 4\n.type dump_avx,@function\ndump_avx:\n"
        "  vmovdqu %ymm0,0(%rdi)\n  vmovdqu %ymm1,64(%rdi)\n  vmovdqu %ymm2,128(%rdi)\n  vmovdqu %ymm3,192(%rdi)\n"
        "  vmovdqu %ymm4,256(%rdi)\n  vmovdqu %ymm5,320(%rdi)\n  vmovdqu %ymm6,384(%rdi)\n  vmovdqu %ymm7,448(%rdi)\n"
        "  vmovdqu %ymm8,512(%rdi)\n  vmovdqu %ymm9,576(%rdi)\n  vmovdqu %ymm10,640(%rdi)\n  vmovdqu %ymm11,704(%rdi)\n"
        "  vmovdqu %ymm12,768(%rdi)\n  vmovdqu %ymm13,832(%rdi)\n  vmovdqu %ymm14,896(%rdi)\n  vmovdqu %ymm15,960(%rdi)\n"
        "  ret\n.size dump_avx,.-dump_avx\n"
        ".p2align 4\n.type dump_sse,@function\ndump_sse:\n"
        "  movdqu %xmm0,0(%rdi)\n  movdqu %xmm1,64(%rdi)\n  movdqu %xmm2,128(%rdi)\n  movdqu %xmm3,192(%rdi)\n"
        "  movdqu %xmm4,256(%rdi)\n  movdqu %xmm5,320(%rdi)\n  movdqu %xmm6,384(%rdi)\n  movdqu %xmm7,448(%rdi)\n"
        "  movdqu %xmm8,512(%rdi)\n  movdqu %xmm9,576(%rdi)\n  movdqu %xmm10,640(%rdi)\n  movdqu %xmm11,704(%rdi)\n"
        "  movdqu %xmm12,768(%rdi)\n  movdqu %xmm13,832(%rdi)\n  movdqu %xmm14,896(%rdi)\n  movdqu %xmm15,960(%rdi)\n"
        "  ret\n.size dump_sse,.-dump_sse\n");
void dump_avx512(uint8_t *out);
void dump_avx(uint8_t *out);
void dump_sse(uint8_t *out);
#include <cpuid.h>
/* the registers to dump, probed here rather than asked of src/cpu.c, so that
 * a wrong probe there cannot narrow what this test looks at */
static void (*dump_regs)(uint8_t *out);
static const char *dump_kind;
static void pick_dump(void)
{
    unsigned a, b, c, d, lo = 0, hi = 0;
    dump_regs = dump_sse;
    dump_kind = "XMM0-15";
    if (!__get_cpuid(1, &a, &b, &c, &d) || !((c >> 27) & 1)) return;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) == 6 && ((c >> 28) & 1)) dump_regs = dump_avx, dump_kind = "YMM0-15";
    if (__get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (((b >> 16) & 1) && (lo & 0xe6) == 0xe6) dump_regs = dump_avx512, dump_kind = "ZMM0-31, k0-7";
    }
}
#elif defined(__aarch64__)
__asm__(".text\n.p2align 4\n.type dump_neon,%function\ndump_neon:\n"
        "  st1 {v0.16b-v3.16b},[x0],#64\n  st1 {v4.16b-v7.16b},[x0],#64\n  st1 {v8.16b-v11.16b},[x0],#64\n"
        "  st1 {v12.16b-v15.16b},[x0],#64\n  st1 {v16.16b-v19.16b},[x0],#64\n  st1 {v20.16b-v23.16b},[x0],#64\n"
        "  st1 {v24.16b-v27.16b},[x0],#64\n  st1 {v28.16b-v31.16b},[x0],#64\n"
        "  ret\n.size dump_neon,.-dump_neon\n");
void dump_neon(uint8_t *out);
static void (*dump_regs)(uint8_t *out) = dump_neon;
static const char *dump_kind = "V0-V31";
static void pick_dump(void) {}
#else
static void dump_none(uint8_t *out) { (void)out; }
static void (*dump_regs)(uint8_t *out) = dump_none;
static const char *dump_kind = "none (no vector registers checked on this target)";
static void pick_dump(void) {}
#endif

static uint8_t regs[2112];

/* ---- the secret's forms ---- */
#define MAX_FORMS 12
static struct {
    const char *name;
    uint8_t bytes[72];
    size_t len;
} forms[MAX_FORMS];
static int nforms;

static void add_words(const char *name, const sc_t *v, unsigned nl)
{
    forms[nforms].name = name;
    memcpy(forms[nforms].bytes, v->v, 8 * nl);
    forms[nforms].len = 8 * nl;
    nforms++;
}
static void add_bytes(const char *name, const uint8_t *p, size_t n)
{
    forms[nforms].name = name;
    memcpy(forms[nforms].bytes, p, n);
    forms[nforms].len = n;
    nforms++;
}

/* distinctive: at least 16 bits set and 16 clear */
static int distinctive(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
    int b = __builtin_popcountll(w);
    return b >= 16 && b <= 48;
}

/* the first form one of whose 8-byte words appears in buf; *at its offset */
static const char *find(const uint8_t *buf, size_t n, size_t *at)
{
    for (int f = 0; f < nforms; f++)
        for (size_t w = 0; w + 8 <= forms[f].len; w += 8) {
            if (!distinctive(forms[f].bytes + w)) continue;
            for (size_t i = 0; i + 8 <= n; i++)
                if (buf[i] == forms[f].bytes[w] && !memcmp(buf + i, forms[f].bytes + w, 8)) {
                    *at = i;
                    return forms[f].name;
                }
        }
    return NULL;
}

static void check_after(const fastec_curve *c, const char *op)
{
    size_t at;
    const char *f = find(regs, sizeof regs, &at);
    CHECK(!f, "%s %s (%s): the %s in the vector registers (%s, byte %zu)", fastec_curve_name(c), op,
          fastec_curve_backend(c), f ? f : "", dump_kind, at);
#ifdef GPR_CALL
    f = find((const uint8_t *)gprs, sizeof gprs, &at);
    CHECK(!f, "%s %s (%s): the %s in the general registers (%s)", fastec_curve_name(c), op, fastec_curve_backend(c),
          f ? f : "", f ? gpr_names[at / 8] : "");
#endif
    f = find(stack_copy, sizeof stack_copy, &at);
    CHECK(!f, "%s %s (%s): the %s on the dead stack, %zu bytes below the caller", fastec_curve_name(c), op,
          fastec_curve_backend(c), f ? f : "", STACK_SPAN - at);
    size_t depth = deepest_change(), a, off;
    CHECK(depth <= BUDGET, "%s %s (%s): changed the stack %zu bytes below the caller, over the %d-byte budget",
          fastec_curve_name(c), op, fastec_curve_backend(c), depth, BUDGET);
    CHECK(areas_clean(&a, &off), "%s %s (%s): work stack %zu not all zero, %zu bytes below its top",
          fastec_curve_name(c), op, fastec_curve_backend(c), a, off);
}

/* R = 2^(64 nl) mod n, by doubling */
static void mont_r(const fastec_curve *c, sc_t *r)
{
    memset(r, 0, sizeof *r);
    r->v[0] = 1;
    for (unsigned i = 0; i < 64 * c->sc.nlimbs; i++) sc_add(&c->sc, r, r, r);
}

/* CALL: the call (CALL_GPR's arguments) on a painted stack, then what it
 * left captured; RUN: and checked against the forms already listed */
#define CALL(op, ...)                                                                                                  \
    do {                                                                                                               \
        paint();                                                                                                       \
        int rc_ = CALL_GPR(__VA_ARGS__);                                                                               \
        dump_regs(regs);                                                                                               \
        read_back();                                                                                                   \
        CHECK(rc_ == FASTEC_OK, "%s %s: %s", name, op, fastec_strerror(rc_));                                         \
    } while (0)
#define RUN(op, ...)                                                                                                   \
    do {                                                                                                               \
        CALL(op, __VA_ARGS__);                                                                                         \
        check_after(c, op);                                                                                            \
    } while (0)

int main(void)
{
    t_seed();
    pick_dump();
    printf("vector registers checked: %s\n", dump_kind);
    static const uint8_t digest[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                       17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
    for (size_t ci = 0; ci < fastec_curve_count(); ci++) {
        const fastec_curve *c = fastec_curve_at(ci);
        const char *name = fastec_curve_name(c);
        const unsigned nl = c->sc.nlimbs;
        const size_t ss = fastec_curve_scalar_size(c);
        static uint8_t priv[72], priv2[72], pub[145], peer[145], secret[72], sig[144], buf[2048], back[72];
        size_t pl = sizeof pub, ql = sizeof peer, bl;
        const fastec_curve *got;
        CHECK(fastec_keygen(c, priv2) == FASTEC_OK && fastec_public_key(c, priv2, 0, peer, &ql) == FASTEC_OK, "peer");
        /* a private key of full length with distinctive words */
        sc_t d, R, dR;
        do {
            t_randbytes(priv, ss);
        } while (!sc_from_bytes_range(&c->sc, &d, priv, ss));
        mont_r(c, &R);
        sc_mul(&c->sc, &dR, &d, &R);
        nforms = 0;
        add_bytes("private key (bytes)", priv, ss);
        add_words("private key (words)", &d, nl);
        add_words("private key (Montgomery form)", &dR, nl);
        RUN("public key", fastec_public_key, A(c), A(priv), A(0), A(pub), A(&pl));
        RUN("ECDH", fastec_ecdh, A(c), A(priv), A(peer), A(ql), A(secret));
        RUN("cofactor ECDH", fastec_ecdh_cofactor, A(c), A(priv), A(peer), A(ql), A(secret));
        /* batches of 3 and of 10 (one group of lanes and two) */
        static uint8_t secrets[10][72], sigs[10][144];
        int res[10];
        fastec_ecdh_item ei[10];
        fastec_sign_item si[10];
        for (int j = 0; j < 10; j++) {
            ei[j] = (fastec_ecdh_item){priv, peer, ql, secrets[j]};
            si[j] = (fastec_sign_item){priv, digest, sizeof digest, sigs[j]};
        }
        RUN("ECDH batch", fastec_ecdh_batch, A(c), A(ei), A(3), A(res));
        RUN("ECDH batch of 10", fastec_ecdh_batch, A(c), A(ei), A(10), A(res));
        RUN("ECDSA sign", fastec_ecdsa_sign, A(c), A(priv), A(digest), A(sizeof digest), A(sig));
        /* the nonce from the signature: k = s^-1 (e + r d) */
        sc_t r, s, e, k, kinv, rd, erd, kR, kinvR;
        CHECK(sc_from_bytes_range(&c->sc, &r, sig, ss) && sc_from_bytes_range(&c->sc, &s, sig + ss, ss), "sig");
        sc_from_digest(&c->sc, &e, digest, sizeof digest);
        sc_mul(&c->sc, &rd, &r, &d);
        sc_add(&c->sc, &erd, &e, &rd);
        sc_inv(&c->sc, &kinv, &s);
        sc_mul(&c->sc, &k, &kinv, &erd); /* s^-1 (e + r d) */
        sc_inv(&c->sc, &kinv, &k);
        sc_mul(&c->sc, &kR, &k, &R);
        sc_mul(&c->sc, &kinvR, &kinv, &R);
        add_words("nonce", &k, nl);
        add_words("nonce's inverse", &kinv, nl);
        add_words("nonce (Montgomery form)", &kR, nl);
        add_words("nonce's inverse (Montgomery form)", &kinvR, nl);
        add_words("r d", &rd, nl);
        add_words("e + r d", &erd, nl);
        RUN("ECDSA sign again", fastec_ecdsa_sign, A(c), A(priv), A(digest), A(sizeof digest), A(sig));
        static const uint8_t extra[32] = {9, 8, 7, 6, 5, 4, 3, 2, 1};
        RUN("hedged ECDSA sign", fastec_ecdsa_sign_hedged, A(c), A(priv), A(digest), A(sizeof digest), A(extra),
            A(sizeof extra), A(sig));
        RUN("ECDSA sign batch", fastec_ecdsa_sign_batch, A(c), A(si), A(2), A(res));
        RUN("ECDSA sign batch of 10", fastec_ecdsa_sign_batch, A(c), A(si), A(10), A(res));
        bl = sizeof buf;
        RUN("private key encode", fastec_private_key_encode, A(c), A(priv), A(1), A(1), A(buf), A(&bl));
        RUN("private key decode", fastec_private_key_decode, A(buf), A(bl), A(&got), A(back), A(sizeof back));
        int form;
        RUN("private key read", fastec_private_key_read, A(buf), A(bl), A(NULL), A(0), A(&got), A(back),
            A(sizeof back), A(&form));
        bl = sizeof buf;
        RUN("private key encrypt", fastec_private_key_encrypt, A(c), A(priv), A("pw"), A(2), A(FASTEC_AES128_CBC),
            A(1000), A(0), A(buf), A(&bl));
        RUN("private key decrypt", fastec_private_key_decrypt, A(buf), A(bl), A("pw"), A(2), A(&got), A(back),
            A(sizeof back));
        bl = sizeof buf;
        RUN("private key write", fastec_private_key_write, A(c), A(priv), A(1), A(1), A(FASTEC_FORM_COMPRESSED),
            A(NULL), A(0), A(0), A(0), A(buf), A(&bl));
        /* a key from the generator: captured first, its forms computed after */
        CALL("keygen", fastec_keygen, A(c), A(priv));
        nforms = 0;
        sc_from_bytes_range(&c->sc, &d, priv, ss);
        add_bytes("generated key (bytes)", priv, ss);
        add_words("generated key (words)", &d, nl);
        sc_mul(&c->sc, &dR, &d, &R);
        add_words("generated key (Montgomery form)", &dR, nl);
        check_after(c, "keygen");
    }
    return t_done("test_scrub");
}
