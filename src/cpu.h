/* CPU feature detection, once per process (race-free: idempotent atomic cache).
 * FASTEC_CPU=portable|clmul|avx512 in the environment caps the level used
 * (portable also turns MULX/ADX off for the prime fields). */
#ifndef FASTEC_CPU_H
#define FASTEC_CPU_H

enum cpu_level { CPU_PORTABLE = 0, CPU_CLMUL = 1, CPU_AVX512 = 2 };

/* Highest level this CPU supports, capped by FASTEC_CPU. */
enum cpu_level cpu_level(void);
/* Highest level this CPU supports, ignoring FASTEC_CPU. */
enum cpu_level cpu_level_hw(void);
const char *cpu_level_name(enum cpu_level l);
/* MULX and ADX (BMI2 + ADX) on this CPU; cpu_adx() also honours
 * FASTEC_CPU=portable, which turns every instruction-set extension off. */
int cpu_adx_hw(void);
int cpu_adx(void);
/* the SHA extensions on this CPU; cpu_sha() is off under FASTEC_CPU=portable */
int cpu_sha_hw(void);
int cpu_sha(void);

#endif
