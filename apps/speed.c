#define _POSIX_C_SOURCE 200809L
/* fastec speed: ECDH op/s, ECDSA sign/s and verify/s per curve, each measured
 * beside OpenSSL's libcrypto (through EVP, as `openssl speed` does) in the
 * same run, and the ratio. -json prints one JSON object per curve instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fastec.h"
#include "speed.h"

#ifdef FASTEC_HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/opensslv.h>
#endif

typedef int (*op_fn)(void *arg);

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* operations per second of fn over about `seconds`; -1 if an operation failed */
static double rate(op_fn fn, void *arg, double seconds)
{
    double t0 = now(), t;
    long n = 0;
    do {
        if (fn(arg) != 0) return -1;
        n++;
        t = now();
    } while (t - t0 < seconds);
    return (double)n / (t - t0);
}

typedef struct {
    const fastec_curve *c;
    uint8_t priv[72], pub[145], peer[145], dg[20], sig[144], secret[72];
    size_t publen, peerlen;
} fx_ctx;

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
static int fx_verify(void *a)
{
    fx_ctx *x = a;
    return fastec_ecdsa_verify(x->c, x->pub, x->publen, x->dg, sizeof x->dg, x->sig);
}

#ifdef FASTEC_HAVE_OPENSSL
typedef struct {
    EVP_PKEY *key, *peer;
    EVP_PKEY_CTX *dctx, *sctx, *vctx;
    uint8_t dg[20], sig[256], scratch[256], secret[80];
    size_t siglen;
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

static EVP_PKEY *os_keygen(const char *name)
{
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    EVP_PKEY *k = NULL;
    if (kc && EVP_PKEY_keygen_init(kc) > 0 && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(kc, os_nid(name)) > 0)
        EVP_PKEY_keygen(kc, &k);
    EVP_PKEY_CTX_free(kc);
    return k;
}

static int os_setup(os_ctx *o, const char *name)
{
    memset(o, 0, sizeof *o);
    o->key = os_keygen(name);
    o->peer = os_keygen(name);
    if (!o->key || !o->peer) return -1;
    o->dctx = EVP_PKEY_CTX_new(o->key, NULL);
    if (EVP_PKEY_derive_init(o->dctx) <= 0 || EVP_PKEY_derive_set_peer(o->dctx, o->peer) <= 0) return -1;
    o->sctx = EVP_PKEY_CTX_new(o->key, NULL);
    o->vctx = EVP_PKEY_CTX_new(o->key, NULL);
    if (EVP_PKEY_sign_init(o->sctx) <= 0 || EVP_PKEY_verify_init(o->vctx) <= 0) return -1;
    memset(o->dg, 0x5a, sizeof o->dg);
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
    return EVP_PKEY_sign(o->sctx, o->scratch, &len, o->dg, sizeof o->dg) > 0 ? 0 : -1;
}
static int os_verify(void *a)
{
    os_ctx *o = a;
    return EVP_PKEY_verify(o->vctx, o->sig, o->siglen, o->dg, sizeof o->dg) == 1 ? 0 : -1;
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

static void usage(void)
{
    fprintf(stderr, "usage: fastec speed [ecdh|ecdsa] [curve...] [-seconds N] [-json]\n"
                    "  curves by any name fastec_curve_find knows (sect283k1, K-283, nistk283);\n"
                    "  default: every curve, ECDH and ECDSA, 1 second per measurement\n");
}

int speed_main(int argc, char **argv)
{
    int do_ecdh = 0, do_ecdsa = 0, json = 0;
    double seconds = 1.0;
    const fastec_curve *sel[64];
    size_t nsel = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "ecdh")) do_ecdh = 1;
        else if (!strcmp(argv[i], "ecdsa")) do_ecdsa = 1;
        else if (!strcmp(argv[i], "-json")) json = 1;
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
#else
    const char *ossl = NULL;
#endif
    if (!json) {
        printf("fastec %s speed, %.1f s per measurement; OpenSSL: %s\n", FASTEC_VERSION, seconds,
               ossl ? ossl : "not linked (built without libcrypto): fastec figures only");
        printf("%-34s %12s %12s %12s %12s %12s %12s %8s %8s %8s\n", "", "ecdh op/s", "sign/s", "verify/s",
               "ossl ecdh/s", "ossl sign/s", "ossl vrfy/s", "ecdh x", "sign x", "vrfy x");
    }
    int status = 0;
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
        if (fastec_keygen(c, x.priv) || fastec_keygen(c, ppriv) || fastec_public_key(c, x.priv, 0, x.pub, &x.publen) ||
            fastec_public_key(c, ppriv, 0, x.peer, &x.peerlen) || fx_sign(&x)) {
            fprintf(stderr, "fastec speed: setup failed on %s\n", fastec_curve_name(c));
            status = 1;
            continue;
        }
        double f[3] = {0, 0, 0}, o[3] = {0, 0, 0};
#ifdef FASTEC_HAVE_OPENSSL
        os_ctx oc;
        int have_os = os_setup(&oc, fastec_curve_name(c)) == 0;
#else
        int have_os = 0;
#endif
        if (do_ecdh) {
            f[0] = rate(fx_ecdh, &x, seconds);
#ifdef FASTEC_HAVE_OPENSSL
            if (have_os) o[0] = rate(os_ecdh, &oc, seconds);
#endif
        }
        if (do_ecdsa) {
            f[1] = rate(fx_sign, &x, seconds);
#ifdef FASTEC_HAVE_OPENSSL
            if (have_os) o[1] = rate(os_sign, &oc, seconds);
#endif
            f[2] = rate(fx_verify, &x, seconds);
#ifdef FASTEC_HAVE_OPENSSL
            if (have_os) o[2] = rate(os_verify, &oc, seconds);
#endif
        }
#ifdef FASTEC_HAVE_OPENSSL
        if (have_os) os_free(&oc);
#endif
        for (int k = 0; k < 3; k++)
            if (f[k] < 0 || o[k] < 0) status = 1;
        char fmt[96], label[96];
        speed_label(fmt, sizeof fmt, c);
        snprintf(label, sizeof label, fmt, do_ecdh && do_ecdsa ? "ecdh/ecdsa" : do_ecdh ? "ecdh" : "ecdsa");
        if (json) {
            printf("{\"curve\":\"%s\",\"bits\":%u,\"backend\":\"%s\",\"seconds\":%.2f,"
                   "\"ecdh\":%.1f,\"sign\":%.1f,\"verify\":%.1f,"
                   "\"openssl_ecdh\":%.1f,\"openssl_sign\":%.1f,\"openssl_verify\":%.1f}\n",
                   fastec_curve_name(c), fastec_curve_bits(c), fastec_curve_backend(c), seconds, f[0], f[1], f[2],
                   o[0], o[1], o[2]);
        } else {
            char r[3][16];
            for (int k = 0; k < 3; k++) {
                if (o[k] > 0 && f[k] > 0) snprintf(r[k], sizeof r[k], "%.2f", f[k] / o[k]);
                else snprintf(r[k], sizeof r[k], "-");
            }
            printf("%-34s %12.1f %12.1f %12.1f %12.1f %12.1f %12.1f %8s %8s %8s\n", label, f[0], f[1], f[2], o[0],
                   o[1], o[2], r[0], r[1], r[2]);
        }
        fflush(stdout);
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
        printf("backend:%s%s%s%s%s (FASTEC_CPU=portable|clmul|avx512 caps it)\n", bin ? " binary " : "", bin ? bin : "",
               bin && prm ? "," : "", prm ? " prime " : "", prm ? prm : "");
    }
    return status;
}
