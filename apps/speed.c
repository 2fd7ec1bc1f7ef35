/* SPDX-License-Identifier: Apache-2.0 */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */
/* fastec speed: ECDH op/s, ECDSA sign/s and verify/s per curve, each measured
 * beside OpenSSL's libcrypto (through EVP, as `openssl speed` does) in the
 * same run, and the ratio. -json prints the figures as one JSON document
 * (version, CPU, backends, OpenSSL version, units; null for what was not
 * measured); -svg FILE draws the ratios as a bar chart.
 * -provider also measures the same EVP calls with fastec's OpenSSL provider
 * loaded into a library context of its own (keys made by it, every fetch
 * asking for provider=fastec), one row per curve and operation.
 * -batch N measures fastec's batch calls on N items (each its own key,
 * the signatures each a new digest), counted per item, beside OpenSSL's
 * single operations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

#include "cli_io.h"
#include "fastec.h"
#include "speed.h"

#ifdef FASTEC_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#include <openssl/provider.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

typedef int (*op_fn)(void *arg);

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Operations per second of each fn[i] (NULL: not measured, rate[i] left
 * alone) over about `seconds` each, measured in SPEED_SLICES turns: fastec,
 * the provider and OpenSSL take turns of seconds / SPEED_SLICES, so that a
 * machine that slows down or speeds up for a while (shared hosts do, for
 * seconds at a time) does so for all of them and the ratio holds; measured
 * one after the other for a whole second each, ratios moved 30-50% between
 * runs on a noisy day. rate[i] = -1 if an operation failed. */
#define SPEED_SLICES 20
#define SPEED_SIDES 3 /* fastec, the provider, OpenSSL */
static void rates(op_fn fn[SPEED_SIDES], void *arg[SPEED_SIDES], double seconds, double rate[SPEED_SIDES])
{
    double spent[SPEED_SIDES] = {0, 0, 0};
    long count[SPEED_SIDES] = {0, 0, 0};
    int failed[SPEED_SIDES] = {0, 0, 0};
    for (int s = 0; s < SPEED_SLICES; s++)
        for (int i = 0; i < SPEED_SIDES; i++) {
            if (!fn[i] || failed[i]) continue;
            double t0 = now(), t;
            do {
                if (fn[i](arg[i]) != 0) {
                    failed[i] = 1;
                    break;
                }
                count[i]++;
                t = now();
            } while (t - t0 < seconds / SPEED_SLICES);
            spent[i] += now() - t0;
        }
    for (int i = 0; i < SPEED_SIDES; i++)
        if (fn[i]) rate[i] = failed[i] ? -1 : (double)count[i] / spent[i];
}

typedef struct {
    const fastec_curve *c;
    uint8_t priv[72], pub[145], peer[145], dg[20], sig[144], secret[72];
    size_t publen, peerlen;
    uint8_t sdg[20], ssig[144]; /* the timed signatures' digest and output */
    uint32_t ctr;
} fx_ctx;

/* The timed signatures sign a new digest each (a counter in its first four
 * bytes): fastec's nonces are deterministic (RFC 6979), and on the curves
 * with n just above a power of two (most binary ones: n about 2^(qlen-1))
 * about half of the candidates are refused and drawn again, so a single
 * digest would time one key's fixed number of draws (runs 10-30% apart by
 * the key), not the average. The verifications keep the one digest. */
static void next_digest(uint8_t *dg, uint32_t *ctr)
{
    uint32_t v = (*ctr)++;
    for (int i = 0; i < 4; i++) dg[i] = (uint8_t)(v >> (8 * i));
}

static int fx_ecdh(void *a)
{
    fx_ctx *x = a;
    return fastec_ecdh(x->c, x->priv, x->peer, x->peerlen, x->secret);
}
static int fx_sign(void *a)
{
    fx_ctx *x = a;
    return fastec_ecdsa_sign(x->c, x->priv, x->dg, sizeof x->dg, x->sig);
}
static int fx_sign_timed(void *a)
{
    fx_ctx *x = a;
    next_digest(x->sdg, &x->ctr);
    return fastec_ecdsa_sign(x->c, x->priv, x->sdg, sizeof x->sdg, x->ssig);
}
static int fx_verify(void *a)
{
    fx_ctx *x = a;
    return fastec_ecdsa_verify(x->c, x->pub, x->publen, x->dg, sizeof x->dg, x->sig);
}

/* -batch N: N items per call, each with its own key (the same peer for
 * ECDH, the same digest for verification); a call counts as N operations */
typedef struct {
    const fastec_curve *c;
    size_t n;
    uint8_t (*priv)[72], (*pub)[145], (*dg)[20], (*sig)[144], (*out)[144];
    size_t *publen;
    fastec_ecdh_item *ei;
    fastec_sign_item *si;
    fastec_verify_item *vi;
    int *res;
    uint32_t ctr;
} fx_batch;

static void fx_batch_free(fx_batch *b)
{
    free(b->priv);
    free(b->pub);
    free(b->dg);
    free(b->sig);
    free(b->out);
    free(b->publen);
    free(b->ei);
    free(b->si);
    free(b->vi);
    free(b->res);
    memset(b, 0, sizeof *b);
}

/* 0, or -1 if memory or a setup call failed */
static int fx_batch_setup(fx_batch *b, const fx_ctx *x, size_t n)
{
    memset(b, 0, sizeof *b);
    b->c = x->c;
    b->n = n;
    b->priv = calloc(n, sizeof *b->priv);
    b->pub = calloc(n, sizeof *b->pub);
    b->dg = calloc(n, sizeof *b->dg);
    b->sig = calloc(n, sizeof *b->sig);
    b->out = calloc(n, sizeof *b->out);
    b->publen = calloc(n, sizeof *b->publen);
    b->ei = calloc(n, sizeof *b->ei);
    b->si = calloc(n, sizeof *b->si);
    b->vi = calloc(n, sizeof *b->vi);
    b->res = calloc(n, sizeof *b->res);
    if (!b->priv || !b->pub || !b->dg || !b->sig || !b->out || !b->publen || !b->ei || !b->si || !b->vi || !b->res) {
        fx_batch_free(b);
        return -1;
    }
    for (size_t j = 0; j < n; j++) {
        b->publen[j] = sizeof b->pub[j];
        memcpy(b->dg[j], x->sdg, sizeof b->dg[j]);
        if (fastec_keygen(b->c, b->priv[j]) || fastec_public_key(b->c, b->priv[j], 0, b->pub[j], &b->publen[j]) ||
            fastec_ecdsa_sign(b->c, b->priv[j], x->dg, sizeof x->dg, b->sig[j])) {
            fx_batch_free(b);
            return -1;
        }
        b->ei[j] = (fastec_ecdh_item){b->priv[j], x->peer, x->peerlen, b->out[j]};
        b->si[j] = (fastec_sign_item){b->priv[j], b->dg[j], sizeof b->dg[j], b->out[j]};
        b->vi[j] = (fastec_verify_item){b->pub[j], b->publen[j], x->dg, sizeof x->dg, b->sig[j]};
    }
    return 0;
}

static int fx_ecdh_batch(void *a)
{
    fx_batch *b = a;
    return fastec_ecdh_batch(b->c, b->ei, b->n, b->res);
}
static int fx_sign_batch(void *a)
{
    fx_batch *b = a;
    for (size_t j = 0; j < b->n; j++) next_digest(b->dg[j], &b->ctr);
    return fastec_ecdsa_sign_batch(b->c, b->si, b->n, b->res);
}
static int fx_verify_batch(void *a)
{
    fx_batch *b = a;
    return fastec_ecdsa_verify_batch(b->c, b->vi, b->n, b->res);
}

#ifdef FASTEC_HAVE_OPENSSL
typedef struct {
    EVP_PKEY *key, *peer;
    EVP_PKEY_CTX *dctx, *sctx, *vctx;
    uint8_t dg[20], sig[256], scratch[256], secret[80];
    size_t siglen;
    uint8_t sdg[20]; /* the timed signatures' digest, a new one each (next_digest) */
    uint32_t ctr;
} os_ctx;

/* OpenSSL's NID: SEC 2 short name, else the NIST name (prime256v1 = P-256) */
static int os_nid(const char *name)
{
    int nid = OBJ_sn2nid(name);
    if (nid == NID_undef) {
        const char *nist = fastec_curve_nist_name(fastec_curve_find(name));
        if (nist) nid = EC_curve_nist2nid(nist);
    }
    return nid;
}

/* a key on the curve from the library context's "EC" key management (NULL,
 * NULL: OpenSSL's default, as `openssl speed` makes its keys) */
static EVP_PKEY *os_keygen(OSSL_LIB_CTX *lib, const char *propq, const char *name)
{
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_from_name(lib, "EC", propq);
    EVP_PKEY *k = NULL;
    if (kc && EVP_PKEY_keygen_init(kc) > 0 && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(kc, os_nid(name)) > 0)
        EVP_PKEY_keygen(kc, &k);
    EVP_PKEY_CTX_free(kc);
    return k;
}

static int os_setup(os_ctx *o, OSSL_LIB_CTX *lib, const char *propq, const char *name)
{
    memset(o, 0, sizeof *o);
    o->key = os_keygen(lib, propq, name);
    o->peer = os_keygen(lib, propq, name);
    if (!o->key || !o->peer) return -1;
    o->dctx = EVP_PKEY_CTX_new_from_pkey(lib, o->key, propq);
    if (EVP_PKEY_derive_init(o->dctx) <= 0 || EVP_PKEY_derive_set_peer(o->dctx, o->peer) <= 0) return -1;
    o->sctx = EVP_PKEY_CTX_new_from_pkey(lib, o->key, propq);
    o->vctx = EVP_PKEY_CTX_new_from_pkey(lib, o->key, propq);
    if (EVP_PKEY_sign_init(o->sctx) <= 0 || EVP_PKEY_verify_init(o->vctx) <= 0) return -1;
    memset(o->dg, 0x5a, sizeof o->dg);
    memset(o->sdg, 0x5a, sizeof o->sdg);
    o->ctr = 0;
    o->siglen = sizeof o->sig;
    if (EVP_PKEY_sign(o->sctx, o->sig, &o->siglen, o->dg, sizeof o->dg) <= 0) return -1;
    return 0;
}

static void os_free(os_ctx *o)
{
    EVP_PKEY_CTX_free(o->dctx);
    EVP_PKEY_CTX_free(o->sctx);
    EVP_PKEY_CTX_free(o->vctx);
    EVP_PKEY_free(o->key);
    EVP_PKEY_free(o->peer);
}

static int os_ecdh(void *a)
{
    os_ctx *o = a;
    size_t len = sizeof o->secret;
    return EVP_PKEY_derive(o->dctx, o->secret, &len) > 0 ? 0 : -1;
}
static int os_sign(void *a)
{
    os_ctx *o = a;
    size_t len = sizeof o->scratch;
    next_digest(o->sdg, &o->ctr);
    return EVP_PKEY_sign(o->sctx, o->scratch, &len, o->sdg, sizeof o->sdg) > 0 ? 0 : -1;
}
static int os_verify(void *a)
{
    os_ctx *o = a;
    return EVP_PKEY_verify(o->vctx, o->sig, o->siglen, o->dg, sizeof o->dg) == 1 ? 0 : -1;
}

/* the provider module's directory: -provider-path, $OPENSSL_MODULES, then
 * beside this program: ossl-modules/ in a build tree, or the installed
 * module directory relative to the installed program (FASTEC_MODULE_RELDIR,
 * from the binary directory; no path of the build machine is compiled in);
 * NULL for OpenSSL's own module directory. buf holds a path found. */
static const char *module_dir(const char *given, char *buf, size_t cap)
{
    struct stat st;
    const char *env = getenv("OPENSSL_MODULES");
    if (given) return given;
    if (env && *env) return env;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return NULL;
    *slash = '\0';
    static const char *const rel[] = {"ossl-modules",
#ifdef FASTEC_MODULE_RELDIR
                                      FASTEC_MODULE_RELDIR
#endif
    };
    for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
        int w = snprintf(buf, cap, "%s/%s/fastec.so", exe, rel[i]);
        if (w <= 0 || (size_t)w >= cap || stat(buf, &st) != 0) continue;
        buf[w - (int)strlen("/fastec.so")] = '\0';
        char canon[4096];
        if (realpath(buf, canon) && strlen(canon) < cap) strcpy(buf, canon);
        return buf;
    }
    return NULL;
}
#endif

static void speed_label(char *out, size_t cap, const fastec_curve *c)
{
    const char *nist = fastec_curve_nist_name(c);
    char sp[32];
    if (nist) {
        /* OpenSSL speed's name: "K-163" -> "nistk163" */
        snprintf(sp, sizeof sp, "nist%c%s", nist[0] + ('a' - 'A'), nist + 2);
    } else {
        snprintf(sp, sizeof sp, "%s", fastec_curve_name(c));
    }
    snprintf(out, cap, "%u bits %%s (%s)", fastec_curve_bits(c), sp);
}


/* one curve's figures: ops/s, or -1 when not measured (or failed) */
typedef struct {
    const fastec_curve *c;
    double f[3], o[3], pv[3];
} speed_row;

static const char *const op_names[3] = {"ecdh", "sign", "verify"};

/* a JSON number, or null when not measured */
static void json_num(FILE *out, double v)
{
    if (v > 0)
        fprintf(out, "%.1f", v);
    else
        fputs("null", out);
}
static void json_ratio(FILE *out, double a, double b)
{
    if (a > 0 && b > 0)
        fprintf(out, "%.3f", a / b);
    else
        fputs("null", out);
}
/* a string with JSON's escapes */
static void json_str(FILE *out, const char *s)
{
    if (!s) {
        fputs("null", out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20)
            fprintf(out, "\\u%04x", ch);
        else
            fputc(ch, out);
    }
    fputc('"', out);
}

/* the CPU's model name and the features that matter to fastec, from
 * /proc/cpuinfo (Linux); model NULL and features empty elsewhere */
static void cpu_info(char *model, size_t mcap, char *feat, size_t fcap)
{
    static const char *const wanted[] = {"pclmulqdq", "vpclmulqdq", "avx2",  "avx512f", "avx512ifma", "bmi2",
                                         "adx",       "sha_ni",     "aes",   "vaes",    "pmull",      "sha1",
                                         "sha2",      "sha512",     "asimd", "neon"};
    model[0] = feat[0] = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[4096];
    int have_flags = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon) continue;
        char *v = colon + 1;
        while (*v == ' ' || *v == '\t') v++;
        v[strcspn(v, "\n")] = 0;
        if (!model[0] && (!strncmp(line, "model name", 10) || !strncmp(line, "cpu model", 9) ||
                          !strncmp(line, "machine", 7)))
            snprintf(model, mcap, "%s", v);
        if (!have_flags && (!strncmp(line, "flags", 5) || !strncmp(line, "Features", 8) || !strncmp(line, "features", 8))) {
            have_flags = 1;
            for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
                size_t wl = strlen(wanted[i]);
                for (char *q = v; (q = strstr(q, wanted[i])) != NULL; q += wl) {
                    if ((q == v || q[-1] == ' ') && (q[wl] == ' ' || q[wl] == 0)) {
                        if (feat[0]) strncat(feat, " ", fcap - strlen(feat) - 1);
                        strncat(feat, wanted[i], fcap - strlen(feat) - 1);
                        break;
                    }
                }
            }
        }
    }
    fclose(f);
}

static void print_json(const speed_row *rows, size_t n, double seconds, size_t batch, const char *ossl, int provider)
{
    char model[256], feat[512];
    cpu_info(model, sizeof model, feat, sizeof feat);
    printf("{\n  \"fastec_version\": \"%s\",\n  \"library_version\": ", FASTEC_VERSION);
    json_str(stdout, fastec_version());
    printf(",\n  \"openssl_version\": ");
    json_str(stdout, ossl);
    printf(",\n  \"cpu\": {\"model\": ");
    json_str(stdout, model[0] ? model : NULL);
    printf(", \"features\": [");
    int first = 1;
    for (char *t = strtok(feat, " "); t; t = strtok(NULL, " ")) {
        printf("%s\"%s\"", first ? "" : ", ", t);
        first = 0;
    }
    printf("]},\n  \"backends\": [");
    for (size_t i = 0; i < fastec_backend_count(); i++) {
        int st = fastec_backend_state(i);
        printf("%s{\"name\": \"%s\", \"state\": \"%s\"}", i ? ", " : "", fastec_backend_name(i),
               st == 2 ? "in use" : st == 1 ? "left out by FASTEC_CPU" : "not available");
    }
    printf("],\n  \"seconds_per_measurement\": %.2f,\n", seconds);
    printf("  \"batch\": %zu,\n", batch);
    printf("  \"units\": {\"ecdh\": \"operations per second\", \"sign\": \"signatures per second\", "
           "\"verify\": \"verifications per second\", \"ratio\": \"fastec / openssl\"},\n");
    printf("  \"results\": [\n");
    for (size_t i = 0; i < n; i++) {
        const speed_row *r = &rows[i];
        printf("    {\"curve\": \"%s\", \"nist\": ", fastec_curve_name(r->c));
        json_str(stdout, fastec_curve_nist_name(r->c));
        printf(", \"bits\": %u, \"backend\": \"%s\"", fastec_curve_bits(r->c), fastec_curve_backend(r->c));
        for (int k = 0; k < 3; k++) {
            printf(", \"%s\": ", op_names[k]);
            json_num(stdout, r->f[k]);
        }
        for (int k = 0; k < 3; k++) {
            printf(", \"openssl_%s\": ", op_names[k]);
            json_num(stdout, r->o[k]);
        }
        for (int k = 0; k < 3; k++) {
            printf(", \"ratio_%s\": ", op_names[k]);
            json_ratio(stdout, r->f[k], r->o[k]);
        }
        if (provider)
            for (int k = 0; k < 3; k++) {
                printf(", \"provider_%s\": ", op_names[k]);
                json_num(stdout, r->pv[k]);
            }
        printf("}%s\n", i + 1 < n ? "," : "");
    }
    printf("  ]\n}\n");
}

/* the ratios as horizontal bars, one group per curve, on a log scale
 * (1x, 2x, 5x, 10x, 20x, ... gridlines); returns an exit code */
static int write_svg(const char *path, const speed_row *rows, size_t n, const char *ossl)
{
    static const char *const colour[3] = {"#1f77b4", "#ff7f0e", "#2ca02c"};
    static const char *const label[3] = {"ECDH", "ECDSA sign", "ECDSA verify"};
    double maxr = 2;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++)
            if (rows[i].f[k] > 0 && rows[i].o[k] > 0 && rows[i].f[k] / rows[i].o[k] > maxr)
                maxr = rows[i].f[k] / rows[i].o[k];
    double top = 1;
    while (top < maxr) top *= 10;
    const double left = 150, width = 600, bar = 7, group = 3 * bar + 8, head = 60;
    const double minr = 0.5, span = log10(top) - log10(minr);
    size_t cap = 4096 + n * 1200, len = 0;
    char *svg = malloc(cap);
    if (!svg) return cli_fail(4, path, "out of memory");
#define OUT(...) (len += (size_t)snprintf(svg + len, cap - len, __VA_ARGS__))
    double h = head + (double)n * group + 40;
    OUT("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" "
        "font-size=\"11\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
        left + width + 30, h);
    OUT("<text x=\"10\" y=\"18\" font-size=\"14\">fastec %s against %s: speed ratio (log scale; 1 = as fast)</text>\n",
        FASTEC_VERSION, ossl ? ossl : "OpenSSL");
    for (int k = 0; k < 3; k++)
        OUT("<rect x=\"%.0f\" y=\"28\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%.0f\" y=\"37\">%s</text>\n",
            left + 130.0 * k, colour[k], left + 130.0 * k + 14, label[k]);
    for (double g = 1; g <= top; g *= 10)
        for (int m = 1; m <= 5; m += (m == 1 ? 1 : 3)) {
            double v = g * m;
            if (v > top) break;
            double x = left + width * (log10(v) - log10(minr)) / span;
            OUT("<line x1=\"%.1f\" y1=\"%.0f\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"%s\"/>\n<text x=\"%.1f\" y=\"%.0f\" "
                "text-anchor=\"middle\">%gx</text>\n",
                x, head - 6, x, h - 30, m == 1 ? "#999" : "#ddd", x, h - 16, v);
        }
    for (size_t i = 0; i < n; i++) {
        double y = head + (double)i * group;
        OUT("<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left - 6, y + 1.5 * bar + 4,
            fastec_curve_name(rows[i].c));
        for (int k = 0; k < 3; k++) {
            if (!(rows[i].f[k] > 0 && rows[i].o[k] > 0)) continue;
            double r = rows[i].f[k] / rows[i].o[k], x = left + width * (log10(r < minr ? minr : r) - log10(minr)) / span;
            OUT("<rect x=\"%.0f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\" fill=\"%s\"><title>%s %s: %.2fx</title>"
                "</rect>\n",
                left, y + k * bar, x - left, bar - 1, colour[k], fastec_curve_name(rows[i].c), label[k], r);
        }
    }
    OUT("</svg>\n");
#undef OUT
    int rc = len < cap ? cli_write_out(path, (const uint8_t *)svg, len, 0) : cli_fail(4, path, "chart too large");
    free(svg);
    return rc;
}

static void usage(void)
{
    fprintf(stderr, "usage: fastec speed [ecdh|ecdsa] [curve...] [-seconds N] [-json] [-svg FILE]\n"
                    "                    [-provider [-provider-path DIR]] [-batch N]\n"
                    "  curves by any name fastec_curve_find knows (sect283k1, K-283, nistk283);\n"
                    "  -json: the figures as JSON (null where not measured); -svg FILE: the ratios as a chart;\n"
                    "  default: every curve, ECDH and ECDSA, 1 second per measurement;\n"
                    "  -provider: also through fastec's OpenSSL provider (module from DIR, $OPENSSL_MODULES,\n"
                    "  or where the build or the installation put it), one row per curve and operation;\n"
                    "  -batch N: fastec's batch calls on N items (1-65536), per item, beside OpenSSL's single ones\n");
}

int speed_main(int argc, char **argv)
{
    int do_ecdh = 0, do_ecdsa = 0, json = 0, provider = 0;
    const char *provider_path = NULL, *svg = NULL;
    double seconds = 1.0;
    size_t batch = 0;
    const fastec_curve *sel[64];
    size_t nsel = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "ecdh")) do_ecdh = 1;
        else if (!strcmp(argv[i], "ecdsa")) do_ecdsa = 1;
        else if (!strcmp(argv[i], "-json")) json = 1;
        else if (!strcmp(argv[i], "-provider")) provider = 1;
        else if (!strcmp(argv[i], "-provider-path") && i + 1 < argc) provider_path = argv[++i];
        else if (!strcmp(argv[i], "-svg") && i + 1 < argc) svg = argv[++i];
        else if (!strcmp(argv[i], "-batch") && i + 1 < argc) {
            char *end;
            unsigned long v = strtoul(argv[++i], &end, 10);
            if (*end || end == argv[i] || v < 1 || v > 65536) {
                fprintf(stderr, "fastec speed: -batch needs a number of items from 1 to 65536\n");
                return 2;
            }
            batch = v;
        }
        else if (!strcmp(argv[i], "-seconds") && i + 1 < argc) {
            seconds = atof(argv[++i]);
            if (seconds <= 0) {
                fprintf(stderr, "fastec speed: -seconds needs a positive number\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage();
            return 0;
        } else {
            const fastec_curve *c = fastec_curve_find(argv[i]);
            if (!c) {
                fprintf(stderr, "fastec speed: unknown curve or option '%s'\n", argv[i]);
                usage();
                return 2;
            }
            if (nsel < sizeof sel / sizeof sel[0]) sel[nsel++] = c;
        }
    }
    if (!do_ecdh && !do_ecdsa) do_ecdh = do_ecdsa = 1;
    if (!nsel)
        for (size_t i = 0; i < fastec_curve_count() && nsel < sizeof sel / sizeof sel[0]; i++) sel[nsel++] = fastec_curve_at(i);

#ifdef FASTEC_HAVE_OPENSSL
    const char *ossl = OpenSSL_version(OPENSSL_VERSION);
    OSSL_LIB_CTX *plib = NULL;
    OSSL_PROVIDER *pdef = NULL, *pfx = NULL;
    if (provider) {
        char dirbuf[4200];
        const char *dir = module_dir(provider_path, dirbuf, sizeof dirbuf);
        plib = OSSL_LIB_CTX_new();
        if (dir) OSSL_PROVIDER_set_default_search_path(plib, dir);
        pdef = OSSL_PROVIDER_load(plib, "default");
        pfx = OSSL_PROVIDER_load(plib, "fastec");
        if (!pdef || !pfx) {
            fprintf(stderr, "fastec speed: cannot load the fastec provider from %s\n",
                    dir ? dir : "OpenSSL's default module directory");
            ERR_print_errors_fp(stderr);
            return 1;
        }
        if (!json) {
            printf("fastec %s speed, %.1f s per measurement; OpenSSL: %s; provider: %s/fastec.so\n",
                   FASTEC_VERSION, seconds, ossl, dir ? dir : "(default module directory)");
            printf("%-34s %-6s %12s %12s %12s %10s %10s %9s\n", "", "", "fastec/s", "provider/s", "openssl/s",
                   "fastec x", "provider x", "prov/lib");
        }
    }
#else
    const char *ossl = NULL;
    (void)provider_path;
    if (provider) {
        fprintf(stderr, "fastec speed: -provider needs a build with OpenSSL 3\n");
        return 2;
    }
#endif
    if (!json && !provider) {
        printf("fastec %s speed, %.1f s per measurement; OpenSSL: %s\n", FASTEC_VERSION, seconds,
               ossl ? ossl : "not linked (built without libcrypto): fastec figures only");
        if (batch) printf("fastec: batch calls of %zu items, figures per item; OpenSSL: single operations\n", batch);
        printf("%-34s %12s %12s %12s %12s %12s %12s %8s %8s %8s\n", "", "ecdh op/s", "sign/s", "verify/s",
               "ossl ecdh/s", "ossl sign/s", "ossl vrfy/s", "ecdh x", "sign x", "vrfy x");
    }
    int status = 0;
    speed_row rows[64];
    size_t nrows = 0;
    /* warm up (CPU frequency, caches) before the first measurement */
    {
        fx_ctx w;
        memset(&w, 0, sizeof w);
        w.c = sel[0];
        if (fastec_keygen(w.c, w.priv) == 0) {
            double t0 = now();
            while (now() - t0 < 0.3) fx_sign(&w);
        }
    }
    for (size_t i = 0; i < nsel; i++) {
        const fastec_curve *c = sel[i];
        fx_ctx x;
        memset(&x, 0, sizeof x);
        x.c = c;
        uint8_t ppriv[72];
        x.publen = sizeof x.pub;
        x.peerlen = sizeof x.peer;
        memset(x.dg, 0x5a, sizeof x.dg);
        memset(x.sdg, 0x5a, sizeof x.sdg);
        if (fastec_keygen(c, x.priv) || fastec_keygen(c, ppriv) || fastec_public_key(c, x.priv, 0, x.pub, &x.publen) ||
            fastec_public_key(c, ppriv, 0, x.peer, &x.peerlen) || fx_sign(&x)) {
            fprintf(stderr, "fastec speed: setup failed on %s\n", fastec_curve_name(c));
            status = 1;
            continue;
        }
        fx_batch fb;
        memset(&fb, 0, sizeof fb);
        if (batch && fx_batch_setup(&fb, &x, batch)) {
            fprintf(stderr, "fastec speed: batch setup failed on %s\n", fastec_curve_name(c));
            status = 1;
            continue;
        }
        double f[3] = {-1, -1, -1}, o[3] = {-1, -1, -1}, pv[3] = {-1, -1, -1};
#ifdef FASTEC_HAVE_OPENSSL
        os_ctx oc, pc;
        int have_os = os_setup(&oc, NULL, NULL, fastec_curve_name(c)) == 0;
        int have_pv = provider && os_setup(&pc, plib, "provider=fastec", fastec_curve_name(c)) == 0;
        if (provider && !have_pv) {
            fprintf(stderr, "fastec speed: provider setup failed on %s\n", fastec_curve_name(c));
            ERR_print_errors_fp(stderr);
            status = 1;
        }
#else
        int have_os = 0, have_pv = 0;
        (void)have_os;
        (void)have_pv;
#endif
        /* fastec, the provider and OpenSSL on one operation, in turns */
        op_fn fx_ops[3] = {fx_ecdh, fx_sign_timed, fx_verify};
        void *fx_arg = &x;
        if (batch) {
            fx_ops[0] = fx_ecdh_batch, fx_ops[1] = fx_sign_batch, fx_ops[2] = fx_verify_batch;
            fx_arg = &fb;
        }
#ifdef FASTEC_HAVE_OPENSSL
        op_fn os_ops[3] = {os_ecdh, os_sign, os_verify};
#endif
        for (int k = 0; k < 3; k++) {
            if (k == 0 ? !do_ecdh : !do_ecdsa) continue;
            op_fn fns[SPEED_SIDES] = {fx_ops[k], NULL, NULL};
            void *args[SPEED_SIDES] = {fx_arg, NULL, NULL};
            double r[SPEED_SIDES] = {-1, -1, -1};
#ifdef FASTEC_HAVE_OPENSSL
            if (have_pv) fns[1] = os_ops[k], args[1] = &pc;
            if (have_os) fns[2] = os_ops[k], args[2] = &oc;
#endif
            rates(fns, args, seconds, r);
            f[k] = r[0] > 0 && batch ? r[0] * (double)batch : r[0];
            pv[k] = r[1];
            o[k] = r[2];
        }
        if (batch) fx_batch_free(&fb);
#ifdef FASTEC_HAVE_OPENSSL
        if (have_os) os_free(&oc);
        if (have_pv) os_free(&pc);
#endif
        /* a measurement that ran and failed: the exit status says so (and
         * the figure stays unmeasured, null in JSON) */
        for (int k = 0; k < 3; k++) {
            if (k == 0 ? !do_ecdh : !do_ecdsa) continue;
            if (f[k] < 0 || (have_os && o[k] < 0) || (have_pv && pv[k] < 0)) status = 1;
        }
        rows[nrows].c = c;
        memcpy(rows[nrows].f, f, sizeof f);
        memcpy(rows[nrows].o, o, sizeof o);
        memcpy(rows[nrows].pv, pv, sizeof pv);
        nrows++;
        char fmt[96], label[96];
        speed_label(fmt, sizeof fmt, c);
        snprintf(label, sizeof label, fmt, do_ecdh && do_ecdsa ? "ecdh/ecdsa" : do_ecdh ? "ecdh" : "ecdsa");
        if (json) {
            /* printed at the end, as one document */        } else if (provider) {
            static const char *const opname[3] = {"ecdh", "sign", "verify"};
            char cl[96];
            snprintf(cl, sizeof cl, fmt, "ecdh/ecdsa");
            for (int k = 0; k < 3; k++) {
                if (k == 0 ? !do_ecdh : !do_ecdsa) continue;
                char r1[16] = "-", r2[16] = "-", r3[16] = "-";
                if (o[k] > 0 && f[k] > 0) snprintf(r1, sizeof r1, "%.2f", f[k] / o[k]);
                if (o[k] > 0 && pv[k] > 0) snprintf(r2, sizeof r2, "%.2f", pv[k] / o[k]);
                if (f[k] > 0 && pv[k] > 0) snprintf(r3, sizeof r3, "%.0f%%", 100.0 * pv[k] / f[k]);
                printf("%-34s %-6s %12.1f %12.1f %12.1f %10s %10s %9s\n", k == 0 || !do_ecdh ? cl : "", opname[k],
                       f[k] > 0 ? f[k] : 0, pv[k] > 0 ? pv[k] : 0, o[k] > 0 ? o[k] : 0, r1, r2, r3);
            }
        } else {
            char r[3][16];
            for (int k = 0; k < 3; k++) {
                if (o[k] > 0 && f[k] > 0) snprintf(r[k], sizeof r[k], "%.2f", f[k] / o[k]);
                else snprintf(r[k], sizeof r[k], "-");
            }
            double z[6];
            for (int k = 0; k < 3; k++) z[k] = f[k] > 0 ? f[k] : 0, z[3 + k] = o[k] > 0 ? o[k] : 0;
            printf("%-34s %12.1f %12.1f %12.1f %12.1f %12.1f %12.1f %8s %8s %8s\n", label, z[0], z[1], z[2], z[3], z[4],
                   z[5], r[0], r[1], r[2]);
        }
        fflush(stdout);
    }
    if (json) print_json(rows, nrows, seconds, batch, ossl, provider);
    if (svg) {
        int e = write_svg(svg, rows, nrows, ossl);
        if (e) status = e;
    }
    if (!json) {
        /* the backends of the curves measured: one binary, one prime at most */
        const char *bin = NULL, *prm = NULL;
        for (size_t i = 0; i < nsel; i++) {
            if (fastec_curve_bits(sel[i]) && strncmp(fastec_curve_name(sel[i]), "sect", 4) == 0) {
                if (!bin) bin = fastec_curve_backend(sel[i]);
            } else if (!prm) {
                prm = fastec_curve_backend(sel[i]);
            }
        }
        printf("backend:%s%s%s%s%s (FASTEC_CPU names the backends allowed; fastec version lists them)\n", bin ? " binary " : "", bin ? bin : "",
               bin && prm ? "," : "", prm ? " prime " : "", prm ? prm : "");
    }
#ifdef FASTEC_HAVE_OPENSSL
    if (provider) {
        OSSL_PROVIDER_unload(pfx);
        OSSL_PROVIDER_unload(pdef);
        OSSL_LIB_CTX_free(plib);
    }
#endif
    return status;
}
