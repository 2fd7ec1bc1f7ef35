/* The public curve queries: look-up, enumeration, sizes, names, backend. */
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "fastec.h"

const fastec_curve *fastec_curve_find(const char *name) { return name ? ec_curve_by_name(name) : NULL; }
size_t fastec_curve_count(void) { return ec_curve_table_len; }
const fastec_curve *fastec_curve_at(size_t index) { return index < ec_curve_table_len ? &ec_curve_table[index] : NULL; }

const char *fastec_curve_name(const fastec_curve *c) { return ec_curve_valid(c) ? c->name : NULL; }
size_t fastec_curve_field_size(const fastec_curve *c) { return ec_curve_valid(c) ? c->field_size : 0; }
size_t fastec_curve_scalar_size(const fastec_curve *c) { return ec_curve_valid(c) ? c->scalar_size : 0; }
unsigned fastec_curve_bits(const fastec_curve *c) { return ec_curve_valid(c) ? c->field_bits : 0; }
unsigned fastec_curve_order_bits(const fastec_curve *c) { return ec_curve_valid(c) ? c->sc.nbits : 0; }
unsigned fastec_curve_cofactor(const fastec_curve *c) { return ec_curve_valid(c) ? c->cofactor : 0; }

const char *fastec_curve_nist_name(const fastec_curve *c)
{
    if (!ec_curve_valid(c)) return NULL;
    for (size_t j = 0; j < sizeof c->aliases / sizeof c->aliases[0] && c->aliases[j]; j++)
        if (c->aliases[j][1] == '-') return c->aliases[j];
    return NULL;
}

const char *fastec_curve_backend(const fastec_curve *c) { return ec_curve_valid(c) ? ec_ops_for(c)->backend : NULL; }
