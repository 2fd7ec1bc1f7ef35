/* SPDX-License-Identifier: Apache-2.0 */
/* CPU probing (CPUID on x86-64, the kernel's hardware capabilities on arm64
 * Linux; other targets have only the portable backends) and the FASTEC_CPU
 * selection. Both results are cached in atomic
 * ints: concurrent first calls compute the same values, so the race is benign. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

/* probe() bits above the backends: the vector state the OS enables */
#define CPU_VEC_AVX (1u << 16)
#define CPU_VEC_AVX512 (1u << 17)

static const char *const names[CPU_BE_COUNT] = {"portable", "clmul", "adx", "sha", "pmull", "aesni", "vpclmul512", "vpclmul256", "ifma"};

const char *cpu_backend_name(enum cpu_backend b) { return (unsigned)b < CPU_BE_COUNT ? names[b] : "?"; }

#if defined(__x86_64__)
#include <cpuid.h>

/* bit b set: backend b runs on this CPU */
static unsigned probe(void)
{
    unsigned a, b, c, d, set = 1u << CPU_BE_PORTABLE;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return set;
    int pclmul = (c >> 1) & 1, ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1, aes = (c >> 25) & 1;
    if (pclmul && sse41) set |= 1u << CPU_BE_CLMUL;
    if (aes) set |= 1u << CPU_BE_AESNI;
    /* AVX-512 state (XCR0: SSE, AVX, opmask, ZMM0-15 upper halves, ZMM16-31)
     * must be enabled by the OS, which sets OSXSAVE */
    int zmm_os = 0, ymm_os = 0;
    if ((c >> 27) & 1) {
        unsigned lo, hi;
        __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        zmm_os = (lo & 0xe6) == 0xe6;
        ymm_os = (lo & 0x6) == 0x6; /* SSE and AVX state */
    }
    if (ymm_os && ((c >> 28) & 1)) set |= CPU_VEC_AVX;
    if (__get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        int bmi2 = (b >> 8) & 1, adx = (b >> 19) & 1, sha = (b >> 29) & 1;
        int avx512f = (b >> 16) & 1, avx2 = (b >> 5) & 1, vpclmul = (c >> 10) & 1, vbmi2 = (c >> 6) & 1;
        if (bmi2 && adx && avx2 && ymm_os) set |= 1u << CPU_BE_ADX; /* AVX2: the table scans */
        if (sha && ssse3 && sse41) set |= 1u << CPU_BE_SHA;
        /* VBMI2: the double shifts (VPSHRDVQ, VPSHLDVQ) of the reductions; every
         * CPU with AVX-512 VPCLMULQDQ so far (Ice Lake on, Zen 4 on) has it */
        if (avx512f && vbmi2 && vpclmul && zmm_os && pclmul && sse41) set |= 1u << CPU_BE_VPCLMUL512;
        if (avx2 && vpclmul && ymm_os && pclmul && sse41) set |= 1u << CPU_BE_VPCLMUL256;
        /* IFMA: VPMADD52LUQ/HUQ; VL for the masked 256-bit forms compilers
         * may pick; AVX2 for the table scans; BMI2 and ADX for P-384's
         * field in memory, the adx one */
        int ifma = (b >> 21) & 1, avx512vl = (b >> 31) & 1;
        if (avx512f && ifma && avx512vl && avx2 && zmm_os && bmi2 && adx) set |= 1u << CPU_BE_IFMA;
        if (avx512f && zmm_os) set |= CPU_VEC_AVX512;
    }
    return set;
}

/* The vector registers a secret operation may leave values in, cleared: the
 * library's AVX-512 and AVX2 code, and the compiler's and libc's block copies
 * (memcpy uses the widest registers the CPU has, whatever FASTEC_CPU says).
 * Every vector register is caller-saved in the SysV ABI, so these may clear
 * them all; they are written in assembly, outside the compiler's view, so that
 * no caller assumes a register survives the call. With AVX-512: ZMM0-15 by
 * VZEROALL, ZMM16-31 and the opmask registers one by one; with AVX: VZEROALL;
 * otherwise XMM0-15. */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl cpu_clear_avx512\n.hidden cpu_clear_avx512\n.type cpu_clear_avx512,@function\n"
        "cpu_clear_avx512:\n"
        "  vzeroall\n"
        "  vpxord %zmm16,%zmm16,%zmm16\n  vpxord %zmm17,%zmm17,%zmm17\n  vpxord %zmm18,%zmm18,%zmm18\n"
        "  vpxord %zmm19,%zmm19,%zmm19\n  vpxord %zmm20,%zmm20,%zmm20\n  vpxord %zmm21,%zmm21,%zmm21\n"
        "  vpxord %zmm22,%zmm22,%zmm22\n  vpxord %zmm23,%zmm23,%zmm23\n  vpxord %zmm24,%zmm24,%zmm24\n"
        "  vpxord %zmm25,%zmm25,%zmm25\n  vpxord %zmm26,%zmm26,%zmm26\n  vpxord %zmm27,%zmm27,%zmm27\n"
        "  vpxord %zmm28,%zmm28,%zmm28\n  vpxord %zmm29,%zmm29,%zmm29\n  vpxord %zmm30,%zmm30,%zmm30\n"
        "  vpxord %zmm31,%zmm31,%zmm31\n"
        "  kxorw %k0,%k0,%k0\n  kxorw %k1,%k1,%k1\n  kxorw %k2,%k2,%k2\n  kxorw %k3,%k3,%k3\n"
        "  kxorw %k4,%k4,%k4\n  kxorw %k5,%k5,%k5\n  kxorw %k6,%k6,%k6\n  kxorw %k7,%k7,%k7\n"
        "  ret\n"
        ".size cpu_clear_avx512,.-cpu_clear_avx512\n"
        ".p2align 4\n"
        ".globl cpu_clear_avx\n.hidden cpu_clear_avx\n.type cpu_clear_avx,@function\n"
        "cpu_clear_avx:\n"
        "  vzeroall\n"
        "  ret\n"
        ".size cpu_clear_avx,.-cpu_clear_avx\n"
        ".p2align 4\n"
        ".globl cpu_clear_sse\n.hidden cpu_clear_sse\n.type cpu_clear_sse,@function\n"
        "cpu_clear_sse:\n"
        "  pxor %xmm0,%xmm0\n  pxor %xmm1,%xmm1\n  pxor %xmm2,%xmm2\n  pxor %xmm3,%xmm3\n"
        "  pxor %xmm4,%xmm4\n  pxor %xmm5,%xmm5\n  pxor %xmm6,%xmm6\n  pxor %xmm7,%xmm7\n"
        "  pxor %xmm8,%xmm8\n  pxor %xmm9,%xmm9\n  pxor %xmm10,%xmm10\n  pxor %xmm11,%xmm11\n"
        "  pxor %xmm12,%xmm12\n  pxor %xmm13,%xmm13\n  pxor %xmm14,%xmm14\n  pxor %xmm15,%xmm15\n"
        "  ret\n"
        ".size cpu_clear_sse,.-cpu_clear_sse\n");
void cpu_clear_avx512(void);
void cpu_clear_avx(void);
void cpu_clear_sse(void);

static unsigned hw_set(void);

void cpu_clear_vector_registers(void)
{
    unsigned s = hw_set();
    if (s & CPU_VEC_AVX512) cpu_clear_avx512();
    else if (s & CPU_VEC_AVX) cpu_clear_avx();
    else cpu_clear_sse();
}
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_PMULL
#define HWCAP_PMULL (1 << 4)
#endif

static unsigned probe(void)
{
    unsigned set = 1u << CPU_BE_PORTABLE;
    if (getauxval(AT_HWCAP) & HWCAP_PMULL) set |= 1u << CPU_BE_PMULL;
    return set;
}

/* V0-V31 cleared, of V8-V15 the upper halves only: their lower halves
 * (D8-D15) are callee-saved, so they hold the caller's values again once
 * the library's functions have returned */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl cpu_clear_neon\n.hidden cpu_clear_neon\n.type cpu_clear_neon,%function\n"
        "cpu_clear_neon:\n"
        "  movi v0.16b,#0\n  movi v1.16b,#0\n  movi v2.16b,#0\n  movi v3.16b,#0\n"
        "  movi v4.16b,#0\n  movi v5.16b,#0\n  movi v6.16b,#0\n  movi v7.16b,#0\n"
        "  mov v8.d[1],xzr\n  mov v9.d[1],xzr\n  mov v10.d[1],xzr\n  mov v11.d[1],xzr\n"
        "  mov v12.d[1],xzr\n  mov v13.d[1],xzr\n  mov v14.d[1],xzr\n  mov v15.d[1],xzr\n"
        "  movi v16.16b,#0\n  movi v17.16b,#0\n  movi v18.16b,#0\n  movi v19.16b,#0\n"
        "  movi v20.16b,#0\n  movi v21.16b,#0\n  movi v22.16b,#0\n  movi v23.16b,#0\n"
        "  movi v24.16b,#0\n  movi v25.16b,#0\n  movi v26.16b,#0\n  movi v27.16b,#0\n"
        "  movi v28.16b,#0\n  movi v29.16b,#0\n  movi v30.16b,#0\n  movi v31.16b,#0\n"
        "  ret\n"
        ".size cpu_clear_neon,.-cpu_clear_neon\n");
void cpu_clear_neon(void);
void cpu_clear_vector_registers(void) { cpu_clear_neon(); }
#else
static unsigned probe(void) { return 1u << CPU_BE_PORTABLE; }
/* other targets (s390x): the library's code is plain C built without vector
 * extensions, which the compilers' default targets there do not use */
void cpu_clear_vector_registers(void) {}
#endif

static atomic_int hw_cache = -1, on_cache = -1, reported = 0;

static unsigned hw_set(void)
{
    int v = atomic_load_explicit(&hw_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)probe();
        atomic_store_explicit(&hw_cache, v, memory_order_relaxed);
    }
    return (unsigned)v;
}

/* the backends FASTEC_CPU names (every one when unset or empty); *bad (may
 * be NULL) gets the first name that is not a backend, *badn its length (0
 * if none) */
static unsigned allowed_set(const char **bad, size_t *badn)
{
    if (badn) *badn = 0;
    const char *e = getenv("FASTEC_CPU");
    if (!e || !*e) return ~0u;
    unsigned set = 1u << CPU_BE_PORTABLE;
    const char *p = e;
    while (*p) {
        size_t n = strcspn(p, ", ");
        if (n) {
            int found = 0;
            for (unsigned b = 0; b < CPU_BE_COUNT; b++)
                if (strlen(names[b]) == n && !strncmp(p, names[b], n)) {
                    set |= 1u << b;
                    found = 1;
                }
            if (!found && badn && !*badn) *bad = p, *badn = n;
        }
        p += n;
        p += strspn(p, ", ");
    }
    return set;
}

void cpu_report_env(void)
{
    if (atomic_load_explicit(&reported, memory_order_relaxed)) return;
    const char *bad = NULL;
    size_t n;
    allowed_set(&bad, &n);
    if (n && !atomic_exchange(&reported, 1))
        fprintf(stderr, "fastec: FASTEC_CPU names '%.*s', which is not a backend (known: portable, clmul, adx, "
                        "sha, pmull, aesni, vpclmul512, vpclmul256, ifma); ignored\n", (int)n, bad);
    atomic_store_explicit(&reported, 1, memory_order_relaxed);
}

int cpu_backend_hw(enum cpu_backend b) { return (unsigned)b < CPU_BE_COUNT && ((hw_set() >> b) & 1); }

int cpu_backend_on(enum cpu_backend b)
{
    int v = atomic_load_explicit(&on_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)(hw_set() & allowed_set(NULL, NULL));
        atomic_store_explicit(&on_cache, v, memory_order_relaxed);
    }
    return (unsigned)b < CPU_BE_COUNT && (((unsigned)v >> b) & 1);
}
