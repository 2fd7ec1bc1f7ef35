/* Curve look-up by name over the generated table. */
#include <string.h>

#include "curves/curves.h"

const fastec_curve *fastec_curve_find(const char *name)
{
    if (!name) return NULL;
    for (size_t i = 0; i < ec_curve_table_len; i++) {
        const struct fastec_curve *c = &ec_curve_table[i];
        if (!strcmp(c->name, name)) return c;
        for (size_t j = 0; j < sizeof c->aliases / sizeof c->aliases[0] && c->aliases[j]; j++)
            if (!strcmp(c->aliases[j], name)) return c;
    }
    return NULL;
}

size_t fastec_curve_count(void) { return ec_curve_table_len; }

const fastec_curve *fastec_curve_at(size_t index)
{
    return index < ec_curve_table_len ? &ec_curve_table[index] : NULL;
}
