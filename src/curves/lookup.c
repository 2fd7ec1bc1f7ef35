/* SPDX-License-Identifier: Apache-2.0 */
/* Look-ups over the generated curve table: by name, by OID, and whether a
 * pointer is an entry of it. */
#include <string.h>

#include "curves/curves.h"

/* ASCII comparison without regard to case (not the locale's strcasecmp) */
static int name_eq(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x += 32;
        if (y >= 'A' && y <= 'Z') y += 32;
        if (x != y) return 0;
        if (!x) return 1;
    }
}

const struct fastec_curve *ec_curve_by_name(const char *name)
{
    for (size_t i = 0; i < ec_curve_table_len; i++) {
        const struct fastec_curve *c = &ec_curve_table[i];
        if (name_eq(c->name, name)) return c;
        for (size_t j = 0; j < sizeof c->aliases / sizeof c->aliases[0] && c->aliases[j]; j++)
            if (name_eq(c->aliases[j], name)) return c;
    }
    return NULL;
}

int ec_curve_valid(const struct fastec_curve *c)
{
    if (!c) return 0;
    uintptr_t p = (uintptr_t)c, lo = (uintptr_t)&ec_curve_table[0], hi = (uintptr_t)&ec_curve_table[ec_curve_table_len];
    return p >= lo && p < hi && (p - lo) % sizeof ec_curve_table[0] == 0;
}

const struct fastec_curve *ec_curve_by_oid(const uint8_t *oid, size_t len)
{
    for (size_t i = 0; i < ec_curve_table_len; i++)
        if (ec_curve_table[i].oid_len == len && !memcmp(ec_curve_table[i].oid, oid, len)) return &ec_curve_table[i];
    return NULL;
}
