/* SPDX-License-Identifier: Apache-2.0 */
/* Data in static storage computed once, on first use, race-free: a state
 * word, 0 empty, 1 being filled, 2 ready. once_begin returns 1 to the one
 * caller that fills (which then calls once_end to publish with release
 * order); every other caller gets 0 once the data is ready (acquire order),
 * waiting while another thread fills. Fills take milliseconds, so waiting
 * spins. */
#ifndef FASTEC_ONCE_H
#define FASTEC_ONCE_H

#include <stdatomic.h>

static inline void once_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline int once_begin(atomic_uint *s)
{
    if (atomic_load_explicit(s, memory_order_acquire) == 2) return 0;
    unsigned expect = 0;
    if (atomic_compare_exchange_strong_explicit(s, &expect, 1, memory_order_acquire, memory_order_acquire)) return 1;
    while (atomic_load_explicit(s, memory_order_acquire) != 2) once_pause();
    return 0;
}

/* whether the data is ready (acquire order: it may be read then) */
static inline int once_done(atomic_uint *s) { return atomic_load_explicit(s, memory_order_acquire) == 2; }

static inline void once_end(atomic_uint *s)
{
    atomic_store_explicit(s, 2, memory_order_release);
}

#endif
