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
    }
    return set;
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
#else
static unsigned probe(void) { return 1u << CPU_BE_PORTABLE; }
#endif

static atomic_int hw_cache = -1, on_cache = -1, warned = 0;

static unsigned hw_set(void)
{
    int v = atomic_load_explicit(&hw_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)probe();
        atomic_store_explicit(&hw_cache, v, memory_order_relaxed);
    }
    return (unsigned)v;
}

/* the backends FASTEC_CPU names (every one when unset or empty) */
static unsigned allowed_set(void)
{
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
            if (!found && !atomic_exchange(&warned, 1))
                fprintf(stderr, "fastec: FASTEC_CPU names '%.*s', which is not a backend (known: portable, clmul, adx, "
                                "sha, pmull, aesni, vpclmul512, vpclmul256, ifma); ignored\n", (int)n, p);
        }
        p += n;
        p += strspn(p, ", ");
    }
    return set;
}

int cpu_backend_hw(enum cpu_backend b) { return (unsigned)b < CPU_BE_COUNT && ((hw_set() >> b) & 1); }

int cpu_backend_on(enum cpu_backend b)
{
    int v = atomic_load_explicit(&on_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)(hw_set() & allowed_set());
        atomic_store_explicit(&on_cache, v, memory_order_relaxed);
    }
    return (unsigned)b < CPU_BE_COUNT && (((unsigned)v >> b) & 1);
}
