/* SPDX-License-Identifier: Apache-2.0 */
/* ct_wipe: memset through a volatile function pointer so it is not elided;
 * ct_scrub: the stack below a public call and the vector registers after a
 * secret operation. */
#include <stdint.h>
#include <string.h>

#include "cpu.h"
#include "ct.h"

static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;

void ct_wipe(void *p, size_t len)
{
    if (len) wipe_memset(p, 0, len);
}

/* the frame is `bytes` long, right below the caller's: the stack the secret
 * operation used (the bound also keeps the array's size sane) */
__attribute__((noinline)) void ct_scrub(size_t bytes)
{
    uint8_t area[bytes < CT_STACK_BURN_BATCH ? bytes : CT_STACK_BURN_BATCH];
    bytes = sizeof area;
    wipe_memset(area, 0, bytes);
    __asm__ volatile("" : : "r"(area) : "memory");
    cpu_clear_vector_registers();
}
