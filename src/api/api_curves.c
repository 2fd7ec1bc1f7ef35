/* SPDX-License-Identifier: Apache-2.0 */
/* The public curve queries: look-up, enumeration, sizes, names, backend. */
#include "api/api.h"
#include "cpu.h"
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

static int work_curve_tables(void *p)
{
    ec_ops_for(p);
    return FASTEC_OK;
}

int api_run(int (*work)(void *), void *arg, enum ws_entry e, const struct fastec_curve *c)
{
    if (!ec_curve_valid(c)) return ws_run(work, arg, e, ws_any_curve);
    const size_t row = (size_t)(c - ec_curve_table);
    if (!ec_tables_ready(c)) {
        int rc = ws_run(work_curve_tables, (void *)c, WS_curve_tables, row);
        if (rc) return rc;
    }
    return ws_run(work, arg, e, row);
}

/* the dispatch's choice, which computes no table */
const char *fastec_curve_backend(const fastec_curve *c) { return ec_curve_valid(c) ? ec_backend_name(c) : NULL; }

const char *fastec_curve_alias(const fastec_curve *c, size_t i)
{
    if (!ec_curve_valid(c)) return NULL;
    const size_t n = sizeof c->aliases / sizeof c->aliases[0];
    return i < n ? c->aliases[i] : NULL; /* NULL-padded: the first NULL ends the list */
}

size_t fastec_backend_count(void) { return CPU_BE_COUNT; }

const char *fastec_backend_name(size_t i) { return i < CPU_BE_COUNT ? cpu_backend_name((enum cpu_backend)i) : NULL; }

int fastec_backend_state(size_t i)
{
    if (i >= CPU_BE_COUNT) return FASTEC_ERR_ARG;
    cpu_report_env();
    if (!cpu_backend_hw((enum cpu_backend)i)) return 0;
    return cpu_backend_on((enum cpu_backend)i) ? 2 : 1;
}
