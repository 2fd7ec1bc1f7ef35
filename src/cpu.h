/* SPDX-License-Identifier: Apache-2.0 */
/* CPU features, probed once per process (race-free: an idempotent atomic
 * cache), and the backends they enable: each backend needs a set of features,
 * and each family (binary fields, prime fields, hashes) has a list of backends
 * (src/gen/dispatch_table.h) of which the dispatch uses the last one enabled.
 *
 * FASTEC_CPU in the environment names the backends allowed, comma-separated
 * ("portable", "clmul", "adx", "sha", "pmull", "aesni", "vpclmul512",
 * "vpclmul256", "ifma"; "portable" alone turns every
 * extension off); a name that is not a backend is ignored, and reported once on stderr
 * (cpu_report_env).
 * Unset, every backend the CPU can run is used. */
#ifndef FASTEC_CPU_H
#define FASTEC_CPU_H

enum cpu_backend {
    CPU_BE_PORTABLE = 0, /* C only, every target */
    CPU_BE_CLMUL,        /* x86-64 PCLMULQDQ + SSE4.1: binary fields */
    CPU_BE_ADX,          /* x86-64 BMI2 (MULX) + ADX + AVX2 (OS-enabled): prime fields */
    CPU_BE_SHA,          /* x86-64 SHA extensions + SSSE3 + SSE4.1: SHA-1, SHA-256 */
    CPU_BE_PMULL,        /* arm64 PMULL/PMULL2 (HWCAP_PMULL): binary fields */
    CPU_BE_AESNI,        /* x86-64 AES-NI: AES for encrypted key files */
    CPU_BE_VPCLMUL512,   /* x86-64 AVX-512F + VPCLMULQDQ (+ PCLMULQDQ, SSE4.1), OS-enabled: binary fields */
    CPU_BE_VPCLMUL256,   /* x86-64 AVX2 + VPCLMULQDQ (+ PCLMULQDQ, SSE4.1), OS-enabled: binary fields */
    CPU_BE_IFMA,         /* x86-64 AVX-512F + IFMA + VL (+ AVX2), OS-enabled: the P-521 field */
    CPU_BE_COUNT
};

/* "portable", "clmul", ... */
const char *cpu_backend_name(enum cpu_backend b);
/* the CPU can run the backend (FASTEC_CPU ignored) */
int cpu_backend_hw(enum cpu_backend b);
/* the CPU can run it and FASTEC_CPU allows it: what the dispatch uses */
int cpu_backend_on(enum cpu_backend b);
/* FASTEC_CPU's names that are not backends reported on stderr, once per
 * process: by the public calls before their work (workstack.c), so that
 * stdio's frames are never on a work stack */
void cpu_report_env(void);
/* every vector register (and AVX-512 opmask) that can hold a value after the
 * library returns set to zero, for the CPU's real vector state (FASTEC_CPU
 * ignored: libc's copies use the widest registers anyway) */
void cpu_clear_vector_registers(void);

#endif
