/* SPDX-License-Identifier: Apache-2.0 */
/* ct_wipe: memset through a volatile function pointer so it is not elided. */
#include <stdint.h>
#include <string.h>

#include "ct.h"

static void *(*const volatile wipe_memset)(void *, int, size_t) = memset;

void ct_wipe(void *p, size_t len)
{
    if (len) wipe_memset(p, 0, len);
}
