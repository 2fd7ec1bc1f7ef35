/* fastec keygen / pubkey / sign / verify / derive: key files and signatures
 * interchangeable with the openssl command's.
 * Exit codes: 0 success, 1 verification failure, 2 usage, 3 bad input
 * (unreadable or malformed file, wrong curve), 4 output could not be written. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fastec.h"
#include "speed.h"

enum { EXIT_VERIFY_FAIL = 1, EXIT_USAGE = 2, EXIT_INPUT = 3, EXIT_OUTPUT = 4 };

static const char *cmd = "fastec";

static int fail(int code, const char *what, const char *msg)
{
    if (what) fprintf(stderr, "fastec %s: %s: %s\n", cmd, what, msg);
    else fprintf(stderr, "fastec %s: %s\n", cmd, msg);
    return code;
}

/* whole file (or stdin for NULL / "-") into a heap buffer, at most max bytes */
static int read_all(const char *path, uint8_t **out, size_t *len, size_t max)
{
    FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
    if (!f) return -1;
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    while (b) {
        if (n == cap) {
            if (cap >= max) {
                free(b);
                b = NULL;
                errno = EFBIG;
                break;
            }
            uint8_t *nb = realloc(b, cap * 2);
            if (!nb) {
                free(b);
                b = NULL;
                break;
            }
            b = nb;
            cap *= 2;
        }
        size_t r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    int err = b && ferror(f);
    if (f != stdin) fclose(f);
    if (!b || err) {
        free(b);
        return -1;
    }
    *out = b;
    *len = n;
    return 0;
}

/* write whole or not at all: temporary file in the same directory, then rename */
static int write_out(const char *path, const uint8_t *p, size_t n, mode_t mode)
{
    if (!path || !strcmp(path, "-")) {
        if (fwrite(p, 1, n, stdout) != n || fflush(stdout)) return fail(EXIT_OUTPUT, "stdout", strerror(errno));
        return 0;
    }
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 16);
    if (!tmp) return fail(EXIT_OUTPUT, path, "out of memory");
    memcpy(tmp, path, pl);
    memcpy(tmp + pl, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp); /* created 0600 */
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return fail(EXIT_OUTPUT, path, strerror(e));
    }
    size_t off = 0;
    int ok = fchmod(fd, mode) == 0;
    while (ok && off < n) {
        ssize_t w = write(fd, p + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) ok = 0;
        else off += (size_t)w;
    }
    ok = ok && fsync(fd) == 0;
    int e = errno; /* the failure's, when one of the steps above failed */
    if (close(fd) != 0 && ok) ok = 0, e = errno;
    if (ok && rename(tmp, path) != 0) ok = 0, e = errno;
    if (!ok) {
        unlink(tmp);
        free(tmp);
        return fail(EXIT_OUTPUT, path, strerror(e));
    }
    free(tmp);
    return 0;
}

static int hash_alg(const char *name)
{
    static const struct {
        const char *n;
        int a;
    } t[] = {{"sha1", FASTEC_SHA1},     {"sha224", FASTEC_SHA224}, {"sha256", FASTEC_SHA256},
             {"sha384", FASTEC_SHA384}, {"sha512", FASTEC_SHA512}, {"sha512-224", FASTEC_SHA512_224},
             {"sha512-256", FASTEC_SHA512_256}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(name, t[i].n)) return t[i].a;
    return 0;
}

/* digest of a file or stdin, streamed */
static int digest_input(const char *path, int alg, uint8_t *dg)
{
    FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
    if (!f) return fail(EXIT_INPUT, path, strerror(errno));
    fastec_hash_ctx h;
    fastec_hash_init(&h, alg);
    uint8_t buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0) fastec_hash_update(&h, buf, r);
    int err = ferror(f);
    if (f != stdin) fclose(f);
    fastec_hash_final(&h, dg);
    if (err) return fail(EXIT_INPUT, path ? path : "stdin", "read error");
    return 0;
}

static int load_private(const char *path, const fastec_curve **c, uint8_t *priv)
{
    uint8_t *buf;
    size_t n;
    if (!path) return fail(EXIT_USAGE, NULL, "missing -key FILE");
    if (read_all(path, &buf, &n, 1 << 20)) return fail(EXIT_INPUT, path, strerror(errno));
    int rc = fastec_private_key_decode(buf, n, c, priv, 72);
    memset(buf, 0, n);
    free(buf);
    if (rc) return fail(EXIT_INPUT, path, fastec_strerror(rc));
    return 0;
}

/* a public key file (SubjectPublicKeyInfo), or a private key file to derive it from */
static int load_public(const char *path, const fastec_curve **c, uint8_t *pub, size_t *pl)
{
    uint8_t *buf, priv[72];
    size_t n;
    if (read_all(path, &buf, &n, 1 << 20)) return fail(EXIT_INPUT, path, strerror(errno));
    size_t cap = *pl;
    int rc = fastec_public_key_decode(buf, n, c, pub, pl);
    if (rc) {
        int rc2 = fastec_private_key_decode(buf, n, c, priv, sizeof priv);
        if (!rc2) {
            *pl = cap;
            rc = fastec_public_key(*c, priv, 0, pub, pl);
            memset(priv, 0, sizeof priv);
        }
    }
    memset(buf, 0, n);
    free(buf);
    if (rc) return fail(EXIT_INPUT, path, fastec_strerror(rc));
    return 0;
}

static int format_pem(const char *f, int *pem)
{
    if (!f || !strcmp(f, "pem") || !strcmp(f, "PEM")) *pem = 1;
    else if (!strcmp(f, "der") || !strcmp(f, "DER")) *pem = 0;
    else return -1;
    return 0;
}

/* option parsing: -name VALUE pairs and -flag switches */
typedef struct {
    const char *name;
    int takes_value;
    const char **value;
    int *flag;
} opt;

static int parse(int argc, char **argv, opt *opts, const char *usage)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "-help") || !strcmp(argv[i], "--help")) {
            printf("%s", usage);
            exit(0);
        }
        opt *o = opts;
        for (; o->name; o++)
            if (!strcmp(argv[i], o->name)) break;
        if (!o->name) {
            fprintf(stderr, "fastec %s: unknown option '%s'\n%s", cmd, argv[i], usage);
            return EXIT_USAGE;
        }
        if (o->takes_value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "fastec %s: %s needs a value\n%s", cmd, o->name, usage);
                return EXIT_USAGE;
            }
            *o->value = argv[++i];
        } else {
            *o->flag = 1;
        }
    }
    return 0;
}

static int cmd_keygen(int argc, char **argv)
{
    const char *curve = NULL, *out = NULL, *format = NULL;
    int pkcs8 = 0, pem;
    opt opts[] = {{"-curve", 1, &curve, NULL}, {"-out", 1, &out, NULL}, {"-format", 1, &format, NULL},
                  {"-pkcs8", 0, NULL, &pkcs8}, {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec keygen -curve NAME [-out FILE] [-format pem|der] [-pkcs8]\n"
                        "  a new private key (SEC 1 ECPrivateKey, or PKCS#8 with -pkcs8), file mode 0600\n";
    int rc = parse(argc, argv, opts, usage);
    if (rc) return rc;
    if (!curve) return fail(EXIT_USAGE, NULL, "missing -curve NAME (see fastec curves)");
    if (format_pem(format, &pem)) return fail(EXIT_USAGE, format, "format must be pem or der");
    const fastec_curve *c = fastec_curve_find(curve);
    if (!c) return fail(EXIT_USAGE, curve, "unknown curve (see fastec curves)");
    uint8_t priv[72], buf[2048];
    size_t n = sizeof buf;
    if ((rc = fastec_keygen(c, priv)) || (rc = fastec_private_key_encode(c, priv, pkcs8, pem, buf, &n))) {
        memset(priv, 0, sizeof priv);
        return fail(EXIT_OUTPUT, NULL, fastec_strerror(rc));
    }
    memset(priv, 0, sizeof priv);
    rc = write_out(out, buf, n, 0600);
    memset(buf, 0, sizeof buf);
    return rc;
}

static int cmd_pubkey(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *format = NULL;
    int compressed = 0, pem;
    opt opts[] = {{"-in", 1, &in, NULL}, {"-out", 1, &out, NULL}, {"-format", 1, &format, NULL},
                  {"-compressed", 0, NULL, &compressed}, {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec pubkey -in KEY [-out FILE] [-compressed] [-format pem|der]\n"
                        "  the public key (SubjectPublicKeyInfo) of a private or public key file\n";
    int rc = parse(argc, argv, opts, usage);
    if (rc) return rc;
    if (!in) return fail(EXIT_USAGE, NULL, "missing -in KEY");
    if (format_pem(format, &pem)) return fail(EXIT_USAGE, format, "format must be pem or der");
    const fastec_curve *c;
    uint8_t pub[145], buf[1024];
    size_t pl = sizeof pub, n = sizeof buf;
    if ((rc = load_public(in, &c, pub, &pl))) return rc;
    /* the point in the asked form (a compressed input key is expanded unless -compressed) */
    uint8_t conv[145];
    size_t cl = sizeof conv;
    if ((rc = fastec_public_key_convert(c, pub, pl, compressed, conv, &cl))) return fail(EXIT_INPUT, in, fastec_strerror(rc));
    memcpy(pub, conv, cl);
    pl = cl;
    if ((rc = fastec_public_key_encode(c, pub, pl, pem, buf, &n))) return fail(EXIT_INPUT, in, fastec_strerror(rc));
    return write_out(out, buf, n, 0644);
}

static int cmd_sign(int argc, char **argv)
{
    const char *key = NULL, *in = NULL, *out = NULL, *hash = "sha256";
    int raw = 0;
    opt opts[] = {{"-key", 1, &key, NULL}, {"-in", 1, &in, NULL},   {"-out", 1, &out, NULL},
                  {"-hash", 1, &hash, NULL}, {"-raw", 0, NULL, &raw}, {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec sign -key KEY [-in FILE] "
                        "[-hash sha1|sha224|sha256|sha384|sha512|sha512-224|sha512-256] [-out FILE] [-raw]\n"
                        "  ECDSA signature of a file (or stdin), DER by default, r || s with -raw\n";
    int rc = parse(argc, argv, opts, usage);
    if (rc) return rc;
    int alg = hash_alg(hash);
    if (!alg) return fail(EXIT_USAGE, hash, "unknown hash");
    const fastec_curve *c;
    uint8_t priv[72], dg[64], sig[144], der[160];
    if ((rc = load_private(key, &c, priv))) return rc;
    if ((rc = digest_input(in, alg, dg))) {
        memset(priv, 0, sizeof priv);
        return rc;
    }
    rc = fastec_ecdsa_sign(c, priv, dg, fastec_hash_size(alg), sig);
    memset(priv, 0, sizeof priv);
    if (rc) return fail(EXIT_INPUT, key, fastec_strerror(rc));
    size_t sl = 2 * fastec_curve_scalar_size(c), dl = sizeof der;
    if (raw) return write_out(out, sig, sl, 0644);
    if ((rc = fastec_sig_to_der(c, sig, der, &dl))) return fail(EXIT_OUTPUT, NULL, fastec_strerror(rc));
    return write_out(out, der, dl, 0644);
}

static int cmd_verify(int argc, char **argv)
{
    const char *pubf = NULL, *in = NULL, *sigf = NULL, *hash = "sha256";
    int raw = 0;
    opt opts[] = {{"-pub", 1, &pubf, NULL}, {"-in", 1, &in, NULL},   {"-sig", 1, &sigf, NULL},
                  {"-hash", 1, &hash, NULL}, {"-raw", 0, NULL, &raw}, {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec verify -pub KEY [-in FILE] -sig FILE [-hash sha256|...] [-raw]\n"
                        "  prints Verified OK (exit 0) or Verification failure (exit 1)\n";
    int rc = parse(argc, argv, opts, usage);
    if (rc) return rc;
    if (!pubf || !sigf) return fail(EXIT_USAGE, NULL, "missing -pub KEY or -sig FILE");
    int alg = hash_alg(hash);
    if (!alg) return fail(EXIT_USAGE, hash, "unknown hash");
    const fastec_curve *c;
    uint8_t pub[145], dg[64], sig[144], *sb;
    size_t pl = sizeof pub, sn;
    if ((rc = load_public(pubf, &c, pub, &pl))) return rc;
    if (read_all(sigf, &sb, &sn, 1 << 16)) return fail(EXIT_INPUT, sigf, strerror(errno));
    if ((rc = digest_input(in, alg, dg))) {
        free(sb);
        return rc;
    }
    size_t ss = fastec_curve_scalar_size(c);
    if (raw) rc = sn == 2 * ss ? (memcpy(sig, sb, sn), FASTEC_OK) : FASTEC_ERR_SIG_RANGE;
    else rc = fastec_sig_from_der(c, sb, sn, sig);
    free(sb);
    if (!rc) rc = fastec_ecdsa_verify(c, pub, pl, dg, fastec_hash_size(alg), sig);
    if (rc) {
        printf("Verification failure\n");
        fprintf(stderr, "fastec verify: %s\n", fastec_strerror(rc));
        return EXIT_VERIFY_FAIL;
    }
    printf("Verified OK\n");
    return 0;
}

static int cmd_derive(int argc, char **argv)
{
    const char *key = NULL, *peer = NULL, *out = NULL;
    int cofactor = 0;
    opt opts[] = {{"-key", 1, &key, NULL}, {"-peer", 1, &peer, NULL}, {"-out", 1, &out, NULL},
                  {"-cofactor", 0, NULL, &cofactor}, {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec derive -key KEY -peer PUBKEY [-out FILE] [-cofactor]\n"
                        "  the ECDH shared secret (x coordinate, raw bytes), file mode 0600\n";
    int rc = parse(argc, argv, opts, usage);
    if (rc) return rc;
    if (!peer) return fail(EXIT_USAGE, NULL, "missing -peer PUBKEY");
    const fastec_curve *c, *pc;
    uint8_t priv[72], pub[145], sec[72];
    size_t pl = sizeof pub;
    if ((rc = load_private(key, &c, priv))) return rc;
    if ((rc = load_public(peer, &pc, pub, &pl))) {
        memset(priv, 0, sizeof priv);
        return rc;
    }
    if (pc != c) {
        memset(priv, 0, sizeof priv);
        char msg[160];
        snprintf(msg, sizeof msg, "peer key is on %s, the private key on %s", fastec_curve_name(pc),
                 fastec_curve_name(c));
        return fail(EXIT_INPUT, peer, msg);
    }
    rc = cofactor ? fastec_ecdh_cofactor(c, priv, pub, pl, sec) : fastec_ecdh(c, priv, pub, pl, sec);
    memset(priv, 0, sizeof priv);
    if (rc) return fail(EXIT_INPUT, peer, fastec_strerror(rc));
    rc = write_out(out, sec, fastec_curve_field_size(c), 0600);
    memset(sec, 0, sizeof sec);
    return rc;
}

int cli_main(const char *name, int argc, char **argv)
{
    cmd = name;
    if (!strcmp(name, "keygen")) return cmd_keygen(argc, argv);
    if (!strcmp(name, "pubkey")) return cmd_pubkey(argc, argv);
    if (!strcmp(name, "sign")) return cmd_sign(argc, argv);
    if (!strcmp(name, "verify")) return cmd_verify(argc, argv);
    if (!strcmp(name, "derive")) return cmd_derive(argc, argv);
    return -1;
}
