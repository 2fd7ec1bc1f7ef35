/* SPDX-License-Identifier: Apache-2.0 */
/* Debug invariants. FASTEC_INVARIANT(cond) aborts with the condition, file and
 * line when cond is false in builds with FASTEC_DEBUG_INVARIANTS (the
 * sanitizer and fuzzing builds turn it on); elsewhere it compiles to nothing
 * and the condition is not evaluated. Some conditions read secret values:
 * those builds are not constant-time (the constant-time check runs on the
 * release build, where the checks do not exist). */
#ifndef FASTEC_INVARIANT_H
#define FASTEC_INVARIANT_H

#ifdef FASTEC_DEBUG_INVARIANTS
#include <stdio.h>
#include <stdlib.h>
#define FASTEC_INVARIANT(cond)                                                                                   \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "fastec: invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);            \
            abort();                                                                                          \
        }                                                                                                     \
    } while (0)
#else
#define FASTEC_INVARIANT(cond) ((void)0)
#endif

#endif
