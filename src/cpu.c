/* CPUID probing and the FASTEC_CPU override. The result is cached in an atomic
 * int: concurrent first calls compute the same value, so the race is benign. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static unsigned long long xgetbv0(void)
{
    unsigned eax, edx;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((unsigned long long)edx << 32) | eax;
}

static enum cpu_level probe(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return CPU_PORTABLE;
    int pclmul = (c >> 1) & 1, sse41 = (c >> 19) & 1, osxsave = (c >> 27) & 1;
    if (!pclmul || !sse41) return CPU_PORTABLE;
    enum cpu_level l = CPU_CLMUL;
    if (osxsave && (xgetbv0() & 0xe6) == 0xe6 && __get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        int avx512f = (b >> 16) & 1, avx512bw = (b >> 30) & 1, avx512vl = (b >> 31) & 1;
        int vpclmul = (c >> 10) & 1;
        if (avx512f && avx512bw && avx512vl && vpclmul) l = CPU_AVX512;
    }
    return l;
}

/* BMI2 (MULX) and ADX (ADCX/ADOX), for the prime fields */
static int probe_adx(void)
{
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return ((b >> 8) & 1) && ((b >> 19) & 1);
}

/* the SHA extensions (with SSSE3 and SSE4.1 for the byte shuffles and blends) */
static int probe_sha(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!ssse3 || !sse41 || __get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b >> 29) & 1;
}
#else
static enum cpu_level probe(void) { return CPU_PORTABLE; }
static int probe_adx(void) { return 0; }
static int probe_sha(void) { return 0; }
#endif

static atomic_int sha_cache = -1;

int cpu_sha_hw(void)
{
    int v = atomic_load_explicit(&sha_cache, memory_order_relaxed);
    if (v < 0) {
        v = probe_sha();
        atomic_store_explicit(&sha_cache, v, memory_order_relaxed);
    }
    return v;
}

int cpu_sha(void) { return cpu_level() != CPU_PORTABLE && cpu_sha_hw(); }

static atomic_int adx_cache = -1;

int cpu_adx_hw(void)
{
    int v = atomic_load_explicit(&adx_cache, memory_order_relaxed);
    if (v < 0) {
        v = probe_adx();
        atomic_store_explicit(&adx_cache, v, memory_order_relaxed);
    }
    return v;
}

int cpu_adx(void) { return cpu_level() != CPU_PORTABLE && cpu_adx_hw(); }

static atomic_int hw_cache = -1;
static atomic_int cap_cache = -1;

enum cpu_level cpu_level_hw(void)
{
    int v = atomic_load_explicit(&hw_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)probe();
        atomic_store_explicit(&hw_cache, v, memory_order_relaxed);
    }
    return (enum cpu_level)v;
}

enum cpu_level cpu_level(void)
{
    int v = atomic_load_explicit(&cap_cache, memory_order_relaxed);
    if (v < 0) {
        v = (int)cpu_level_hw();
        const char *e = getenv("FASTEC_CPU");
        if (e) {
            int cap = v;
            if (!strcmp(e, "portable")) cap = CPU_PORTABLE;
            else if (!strcmp(e, "clmul")) cap = CPU_CLMUL;
            else if (!strcmp(e, "avx512")) cap = CPU_AVX512;
            if (cap < v) v = cap;
        }
        atomic_store_explicit(&cap_cache, v, memory_order_relaxed);
    }
    return (enum cpu_level)v;
}

const char *cpu_level_name(enum cpu_level l)
{
    switch (l) {
    case CPU_PORTABLE: return "portable";
    case CPU_CLMUL: return "clmul";
    case CPU_AVX512: return "avx512";
    }
    return "?";
}
