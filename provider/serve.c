/* SPDX-License-Identifier: Apache-2.0 */
/* Which operations fastec serves on this CPU. A system-wide switch must not
 * make anything slower, so fastec serves an operation on a curve only where
 * its backend for the curve on this CPU (the one fastec_curve_backend names,
 * after FASTEC_CPU) was measured at least 5% faster than OpenSSL, beside it
 * in one process, in the median of several runs (the margin covers what
 * the provider's own work around the call costs): provider/serve_table.h, written by
 * tools/gen_serve.py from tools/serve_measurements.json. A backend that
 * was not measured (arm64's, on x86-64 machines) serves nothing. Key
 * generation follows signing (both are a multiplication of the generator).
 * Everything not served runs OpenSSL's own EC inside the provider, with
 * OpenSSL's results. The configuration's "serve" setting overrides: "all"
 * (fastec for every operation on its curves), "none", "auto" (the table). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "prov.h"
#include "serve_table.h"

static const char *const op_names[FX_OP_N] = {"keygen", "derive", "sign", "verify"};

const char *fx_op_name(enum fx_op op) { return (unsigned)op < FX_OP_N ? op_names[op] : "?"; }

/* the table's verdict for the curve's backend here; -1 if it has none */
static int table_verdict(const fastec_curve *c, enum fx_op op, const char **backend)
{
    const char *b = FX(fastec_curve_backend)(c), *name = FX(fastec_curve_name)(c);
    *backend = b ? b : "?";
    for (size_t i = 0; b && name && i < sizeof fx_serve_rows / sizeof fx_serve_rows[0]; i++) {
        const struct fx_serve_row *r = &fx_serve_rows[i];
        if (strcmp(r->backend, b) || strcmp(r->curve, name)) continue;
        switch (op) {
        case FX_OP_KEYGEN:
        case FX_OP_SIGN: return r->sign;
        case FX_OP_DERIVE: return r->derive;
        case FX_OP_VERIFY: return r->verify;
        default: return -1;
        }
    }
    return -1;
}

int fx_serve_setting(fx_prov *p, const char *setting)
{
    if (!setting || !strcasecmp(setting, "auto")) p->serve_mode = FX_SERVE_AUTO;
    else if (!strcasecmp(setting, "all")) p->serve_mode = FX_SERVE_ALL;
    else if (!strcasecmp(setting, "none")) p->serve_mode = FX_SERVE_NONE;
    else return 0;
    return 1;
}

void fx_serve_compute(fx_prov *p)
{
    for (size_t i = 0; i < FX(fastec_curve_count)() && i < FX_MAX_CURVES; i++) {
        const fastec_curve *c = FX(fastec_curve_at)(i);
        p->serve[i] = 0;
        for (int op = 0; op < FX_OP_N; op++) {
            const char *backend;
            int v = table_verdict(c, (enum fx_op)op, &backend);
            int on = p->serve_mode == FX_SERVE_ALL || (p->serve_mode == FX_SERVE_AUTO && v == 1);
            if (on) p->serve[i] |= 1u << op;
        }
    }
}

int fx_serves(const fx_prov *p, const fastec_curve *c, enum fx_op op)
{
    for (size_t i = 0; i < FX(fastec_curve_count)() && i < FX_MAX_CURVES; i++)
        if (FX(fastec_curve_at)(i) == c) return (p->serve[i] >> op) & 1;
    return 0;
}

size_t fx_serve_describe(const fx_prov *p, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < FX(fastec_curve_count)() && i < FX_MAX_CURVES; i++) {
        const fastec_curve *c = FX(fastec_curve_at)(i);
        const char *backend = FX(fastec_curve_backend)(c);
        int k = snprintf(out + n, n < cap ? cap - n : 0, "%s%s(%s):", n ? " " : "", FX(fastec_curve_name)(c),
                         backend ? backend : "?");
        n += k > 0 ? (size_t)k : 0;
        int any = 0;
        for (int op = 0; op < FX_OP_N; op++)
            if ((p->serve[i] >> op) & 1) {
                k = snprintf(out + n, n < cap ? cap - n : 0, "%s%s", any++ ? "," : "", op_names[op]);
                n += k > 0 ? (size_t)k : 0;
            }
        if (!any) {
            k = snprintf(out + n, n < cap ? cap - n : 0, "-");
            n += k > 0 ? (size_t)k : 0;
        }
    }
    return n;
}
