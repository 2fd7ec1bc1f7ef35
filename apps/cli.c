/* SPDX-License-Identifier: Apache-2.0 */
/* fastec keygen / pkey / pubkey / sign / verify / derive / curves / version:
 * key files and signatures interchangeable with the openssl command's.
 * Exit codes: 0 success, 1 verification failure, 2 usage, 3 bad input
 * (unreadable or malformed file, wrong curve, wrong passphrase), 4 output
 * could not be written. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_io.h"
#include "fastec.h"
#include "speed.h"

#define MAX_FILE (1u << 20) /* key and signature files are far smaller */
#define MAX_PASS 1024

/* ---- options ---- */

/* -name VALUE pairs and -flag switches; with hash set, "-sha256" and the
 * like (any digest name fastec_hash_by_name knows) choose the digest */
typedef struct {
    const char *name;
    int takes_value;
    const char **value;
    int *flag;
} opt;

static int parse(int argc, char **argv, const opt *opts, const char **hash, const char *usage)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "-help") || !strcmp(argv[i], "--help")) {
            printf("%s", usage);
            exit(0);
        }
        const opt *o = opts;
        for (; o->name; o++)
            if (!strcmp(argv[i], o->name)) break;
        if (!o->name) {
            if (hash && argv[i][0] == '-' && fastec_hash_by_name(argv[i] + 1)) {
                *hash = argv[i] + 1;
                continue;
            }
            fprintf(stderr, "fastec %s: unknown option '%s'\n%s", cli_cmd, argv[i], usage);
            return EXIT_USAGE;
        }
        if (o->takes_value) {
            if (i + 1 >= argc) {
                fprintf(stderr, "fastec %s: %s needs a value\n%s", cli_cmd, o->name, usage);
                return EXIT_USAGE;
            }
            *o->value = argv[++i];
        } else {
            *o->flag = 1;
        }
    }
    return 0;
}

static int format_pem(const char *f, int *pem)
{
    if (!f || !strcmp(f, "pem") || !strcmp(f, "PEM")) *pem = 1;
    else if (!strcmp(f, "der") || !strcmp(f, "DER")) *pem = 0;
    else return cli_fail(EXIT_USAGE, f, "format must be pem or der");
    return 0;
}

/* the cipher named by -aes128 / -aes256 (or openssl's -aes-128-cbc spelling) */
static int cipher_of(int aes128, int aes256)
{
    if (aes128 && aes256) return -1;
    return aes256 ? FASTEC_AES256_CBC : aes128 ? FASTEC_AES128_CBC : 0;
}

static int parse_iter(const char *s, unsigned *iter)
{
    *iter = 0;
    if (!s) return 0;
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || *end || errno || v < 1 || v > 10000000ul)
        return cli_fail(EXIT_USAGE, s, "-iter must be a number from 1 to 10000000");
    *iter = (unsigned)v;
    return 0;
}

/* ---- keys ---- */

/* a private key file, asking for the passphrase of an encrypted one */
/* A private key from a file's bytes buf[n] (read from path): decrypted
 * when encrypted, with the passphrase pre[prel] when one was read already,
 * else from passin (or the terminal). */
static int decode_private(const uint8_t *buf, size_t n, const char *path, const char *passin, const char *pre,
                          size_t prel, const fastec_curve **c, uint8_t *priv, int *form)
{
    int unused;
    if (!form) form = &unused;
    int rc = fastec_private_key_read(buf, n, NULL, 0, c, priv, FASTEC_MAX_SCALAR_SIZE, form);
    if (rc == FASTEC_ERR_ENCRYPTED) {
        char pass[MAX_PASS], prompt[300];
        size_t pl = 0;
        int e = 0;
        if (pre) {
            memcpy(pass, pre, prel);
            pl = prel;
        } else {
            snprintf(prompt, sizeof prompt, "Enter pass phrase for %.250s:", path);
            e = cli_passphrase(passin, path, prompt, 0, pass, sizeof pass, &pl);
        }
        if (!e) rc = fastec_private_key_read(buf, n, pass, pl, c, priv, FASTEC_MAX_SCALAR_SIZE, form);
        fastec_wipe(pass, sizeof pass);
        if (e) return e;
        if (rc && rc != FASTEC_ERR_PASSPHRASE && rc != FASTEC_ERR_CIPHER) {
            /* the encryption was read and undone: what is refused is the key inside */
            char msg[300];
            snprintf(msg, sizeof msg, "the passphrase is right, but the decrypted key is refused: %s",
                     fastec_strerror(rc));
            return cli_fail(EXIT_INPUT, path, msg);
        }
    }
    if (rc) return cli_fail(EXIT_INPUT, path, fastec_strerror(rc));
    return 0;
}

/* -passin stdin with the key also on standard input: the passphrase is the
 * first line, read before the key, as openssl reads it; *have says whether
 * it was read here */
static int early_passphrase(const char *path, const char *passin, char *pre, size_t cap, size_t *prel, int *have)
{
    *have = 0;
    if (!passin || strcmp(passin, "stdin") != 0 || (path && strcmp(path, "-") != 0)) return 0;
    int e = cli_passphrase(passin, path, NULL, 0, pre, cap, prel);
    if (!e) *have = 1;
    return e;
}

/* *form (FASTEC_FORM_*, if form): how the file stores its public key */
static int load_private(const char *path, const char *passin, const fastec_curve **c, uint8_t *priv, int *form)
{
    uint8_t *buf;
    size_t n, prel = 0;
    char pre[MAX_PASS];
    int have = 0;
    if (!path) return cli_fail(EXIT_USAGE, NULL, "missing -key FILE");
    int rc = early_passphrase(path, passin, pre, sizeof pre, &prel, &have);
    if (rc) return rc;
    if (cli_read_all(path, &buf, &n, MAX_FILE)) {
        fastec_wipe(pre, sizeof pre);
        return cli_fail(EXIT_INPUT, path, strerror(errno));
    }
    rc = decode_private(buf, n, path, passin, have ? pre : NULL, prel, c, priv, form);
    fastec_wipe(pre, sizeof pre);
    fastec_wipe(buf, n);
    free(buf);
    return rc;
}

/* A public key file (SubjectPublicKeyInfo), or a private key file to derive
 * it from (*was_private set); the message names what the file really is. */
static int load_public(const char *path, const char *passin, const fastec_curve **c, uint8_t *pub, size_t *pl,
                       int *was_private)
{
    uint8_t *buf;
    size_t n, cap = *pl, prel = 0;
    char pre[MAX_PASS];
    int have = 0;
    if (was_private) *was_private = 0;
    int rc = early_passphrase(path, passin, pre, sizeof pre, &prel, &have);
    if (rc) return rc;
    if (cli_read_all(path, &buf, &n, MAX_FILE)) {
        fastec_wipe(pre, sizeof pre);
        return cli_fail(EXIT_INPUT, path, strerror(errno));
    }
    rc = fastec_public_key_decode(buf, n, c, pub, pl);
    int is_priv_file = 0;
    if (rc == FASTEC_ERR_PEM || rc == FASTEC_ERR_DER) {
        /* not a public key file: perhaps a private one (decrypted from the
         * bytes already read: standard input cannot be read twice) */
        uint8_t priv[FASTEC_MAX_SCALAR_SIZE];
        int rc2 = fastec_private_key_decode(buf, n, c, priv, sizeof priv);
        if (rc2 == FASTEC_ERR_ENCRYPTED) {
            int e = decode_private(buf, n, path, passin, have ? pre : NULL, prel, c, priv, NULL);
            fastec_wipe(pre, sizeof pre);
            if (e) {
                fastec_wipe(buf, n);
                free(buf);
                return e;
            }
            rc2 = FASTEC_OK;
        }
        if (!rc2) {
            *pl = cap;
            rc = fastec_public_key(*c, priv, 0, pub, pl);
            is_priv_file = 1;
        } else if (rc2 != FASTEC_ERR_PEM && rc2 != FASTEC_ERR_DER && rc2 != FASTEC_ERR_NOT_PRIVATE) {
            rc = rc2; /* a private key file, and what is wrong with it */
        }
        fastec_wipe(priv, sizeof priv);
    }
    fastec_wipe(pre, sizeof pre);
    fastec_wipe(buf, n);
    free(buf);
    if (rc) return cli_fail(EXIT_INPUT, path, fastec_strerror(rc));
    if (was_private) *was_private = is_priv_file;
    return 0;
}

/* private key file bytes: plain (cipher 0) or encrypted under a passphrase
 * from passout (or the terminal), the public key in form (FASTEC_FORM_*) */
static int encode_private(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, int cipher,
                          const char *passout, unsigned iter, int form, uint8_t *buf, size_t *n)
{
    int rc;
    if (!cipher) {
        rc = fastec_private_key_write(c, priv, pkcs8, pem, form, NULL, 0, 0, 0, buf, n);
    } else {
        char pass[MAX_PASS];
        size_t pl;
        int e = cli_passphrase(passout, NULL, "Enter PEM pass phrase:", 1, pass, sizeof pass, &pl);
        if (e) return e;
        if (!pl) {
            fastec_wipe(pass, sizeof pass);
            return cli_fail(EXIT_USAGE, NULL, "empty passphrase: the key would not be protected");
        }
        rc = fastec_private_key_write(c, priv, 1, pem, form, pass, pl, cipher, iter, buf, n);
        fastec_wipe(pass, sizeof pass);
    }
    return rc ? cli_fail(EXIT_OUTPUT, NULL, fastec_strerror(rc)) : 0;
}

/* ---- digests ---- */

static int digest_input(const char *path, int alg, uint8_t *dg)
{
    FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
    if (!f) return cli_fail(EXIT_INPUT, path, strerror(errno));
    fastec_hash_ctx h;
    fastec_hash_init(&h, alg);
    static uint8_t buf[65536];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0) fastec_hash_update(&h, buf, r);
    int err = ferror(f);
    if (f != stdin) fclose(f);
    fastec_hash_final(&h, dg);
    if (err) return cli_fail(EXIT_INPUT, path ? path : "stdin", "read error");
    return 0;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* hex (colons and white space allowed between bytes) into out; length or -1 */
static long parse_hex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    while (*s) {
        if (*s == ':' || *s == ' ' || *s == '\n') {
            s++;
            continue;
        }
        int a = hexval(s[0]), b = a < 0 ? -1 : hexval(s[1]);
        if (a < 0 || b < 0 || n >= cap) return -1;
        out[n++] = (uint8_t)(a << 4 | b);
        s += 2;
    }
    return (long)n;
}

/* The digest to sign or verify: of -in under -hash (default SHA-256); with
 * -hash none the contents of -in; the HEX of -digest (hex only: never a file
 * name, so a file that happens to be named like the hex cannot replace it),
 * or the bytes of -digest-file's FILE (a named -hash must then match its
 * length). */
static int get_digest(const char *in, const char *hash, const char *digest, const char *digest_file, uint8_t *dg,
                      size_t *dl)
{
    int none = hash && !strcmp(hash, "none");
    int alg = 0;
    if (hash && !none) {
        alg = fastec_hash_by_name(hash);
        if (!alg) return cli_fail(EXIT_USAGE, hash, "unknown digest (sha1, sha224, sha256, sha384, sha512, "
                                                    "sha512-224, sha512-256, sha3-224, sha3-256, sha3-384, "
                                                    "sha3-512, or none)");
    }
    if (digest && digest_file) return cli_fail(EXIT_USAGE, NULL, "-digest and -digest-file exclude each other");
    if (digest_file) digest = digest_file;
    if (digest) {
        if (in) return cli_fail(EXIT_USAGE, NULL, "-digest/-digest-file and -in exclude each other");
        long n;
        uint8_t *b;
        size_t bl;
        if (digest_file) {
            if (cli_read_all(digest, &b, &bl, MAX_FILE)) return cli_fail(EXIT_INPUT, digest, strerror(errno));
            n = bl <= FASTEC_MAX_DIGEST_SIZE ? (long)bl : -2;
            if (n >= 0) memcpy(dg, b, bl);
            free(b);
        } else {
            n = parse_hex(digest, dg, FASTEC_MAX_DIGEST_SIZE);
            if (n < 0)
                return cli_fail(EXIT_USAGE, digest, "-digest wants the digest in hex (a file: -digest-file FILE)");
        }
        if (n == -2 || n == 0)
            return cli_fail(EXIT_INPUT, digest, "a digest is 1 to 64 bytes (a message is signed with -in)");
        if (alg && (size_t)n != fastec_hash_size(alg)) {
            char msg[120];
            snprintf(msg, sizeof msg, "the digest is %ld bytes, %s gives %zu", n, fastec_hash_name(alg),
                     fastec_hash_size(alg));
            return cli_fail(EXIT_INPUT, digest, msg);
        }
        *dl = (size_t)n;
        return 0;
    }
    if (none) {
        uint8_t *b;
        size_t bl;
        if (cli_read_all(in, &b, &bl, MAX_FILE)) return cli_fail(EXIT_INPUT, in ? in : "stdin", strerror(errno));
        int e = 0;
        if (bl == 0 || bl > FASTEC_MAX_DIGEST_SIZE)
            e = cli_fail(EXIT_INPUT, in ? in : "stdin",
                         "with -hash none the input is the digest itself: 1 to 64 bytes");
        else memcpy(dg, b, bl);
        free(b);
        *dl = bl;
        return e;
    }
    if (!alg) alg = FASTEC_SHA256;
    *dl = fastec_hash_size(alg);
    return digest_input(in, alg, dg);
}

/* ---- text output, gathered in memory so that it goes where -out says,
 * written whole with the key (cli_write_out), and wiped ---- */

typedef struct {
    uint8_t b[4096]; /* more than the longest output: a key, its text and a line */
    size_t n;
} textbuf;

static void tb_add(textbuf *t, const void *p, size_t n)
{
    if (n > sizeof t->b - t->n) n = sizeof t->b - t->n;
    memcpy(t->b + t->n, p, n);
    t->n += n;
}

__attribute__((format(printf, 2, 3))) static void tb_printf(textbuf *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf((char *)t->b + t->n, sizeof t->b - t->n, fmt, ap);
    va_end(ap);
    if (k > 0) t->n += (size_t)k < sizeof t->b - t->n ? (size_t)k : sizeof t->b - t->n - 1;
}

static void print_hex_block(textbuf *f, const char *title, const uint8_t *p, size_t n)
{
    tb_printf(f, "%s:\n", title);
    for (size_t i = 0; i < n; i++) {
        if (i % 15 == 0) tb_printf(f, "    ");
        tb_printf(f, "%02x%s", p[i], i + 1 == n ? "\n" : i % 15 == 14 ? ":\n" : ":");
    }
}

/* the name openssl prints after "ASN1 OID:" */
static const char *openssl_name(const fastec_curve *c)
{
    for (size_t i = 0; fastec_curve_alias(c, i); i++)
        if (!strncmp(fastec_curve_alias(c, i), "prime", 5)) return fastec_curve_alias(c, i);
    return fastec_curve_name(c);
}

static void print_curve_lines(textbuf *f, const fastec_curve *c)
{
    tb_printf(f, "ASN1 OID: %s\n", openssl_name(c));
    if (fastec_curve_nist_name(c)) tb_printf(f, "NIST CURVE: %s\n", fastec_curve_nist_name(c));
}

/* ---- commands ---- */

static int cmd_keygen(int argc, char **argv)
{
    const char *curve = NULL, *out = NULL, *format = NULL, *passout = NULL, *iters = NULL;
    int pkcs8 = 0, aes128 = 0, aes256 = 0, pem = 1;
    const opt opts[] = {{"-curve", 1, &curve, NULL},      {"-out", 1, &out, NULL},
                        {"-format", 1, &format, NULL},    {"-pkcs8", 0, NULL, &pkcs8},
                        {"-aes128", 0, NULL, &aes128},    {"-aes256", 0, NULL, &aes256},
                        {"-aes-128-cbc", 0, NULL, &aes128}, {"-aes-256-cbc", 0, NULL, &aes256},
                        {"-passout", 1, &passout, NULL},  {"-iter", 1, &iters, NULL},
                        {NULL, 0, NULL, NULL}};
    const char *usage =
        "usage: fastec keygen -curve NAME [-out FILE] [-format pem|der] [-pkcs8]\n"
        "                     [-aes128|-aes256 [-passout SRC] [-iter N]]\n"
        "  a new private key: SEC 1 ECPrivateKey, PKCS#8 with -pkcs8, or encrypted PKCS#8\n"
        "  (PBES2: PBKDF2-HMAC-SHA256, AES-CBC) with -aes128/-aes256; file mode 0600.\n"
        "  SRC: pass:TEXT, env:VAR, file:PATH, fd:N or stdin; asked on the terminal if absent\n";
    int rc = parse(argc, argv, opts, NULL, usage);
    if (rc) return rc;
    if (!curve) return cli_fail(EXIT_USAGE, NULL, "missing -curve NAME (see fastec curves)");
    if ((rc = format_pem(format, &pem))) return rc;
    int cipher = cipher_of(aes128, aes256);
    if (cipher < 0) return cli_fail(EXIT_USAGE, NULL, "-aes128 and -aes256 exclude each other");
    if (passout && !cipher) return cli_fail(EXIT_USAGE, NULL, "-passout without -aes128 or -aes256");
    unsigned iter;
    if ((rc = parse_iter(iters, &iter))) return rc;
    const fastec_curve *c = fastec_curve_find(curve);
    if (!c) return cli_fail(EXIT_USAGE, curve, "unknown curve (see fastec curves)");
    uint8_t priv[FASTEC_MAX_SCALAR_SIZE], buf[FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE];
    size_t n = sizeof buf;
    if ((rc = fastec_keygen(c, priv))) return cli_fail(EXIT_OUTPUT, NULL, fastec_strerror(rc));
    rc = encode_private(c, priv, pkcs8 || cipher, pem, cipher, passout, iter, FASTEC_FORM_UNCOMPRESSED, buf, &n);
    fastec_wipe(priv, sizeof priv);
    if (!rc) rc = cli_write_out(out, buf, n, 1);
    fastec_wipe(buf, sizeof buf);
    return rc;
}

/* the SEC 1 point pub (*pl bytes; any form) rewritten in place in form
 * (FASTEC_FORM_UNCOMPRESSED, _COMPRESSED or _HYBRID: 0x06 or 0x07, y's
 * compression bit, then x and y) */
static int point_in_form(const fastec_curve *c, uint8_t *pub, size_t *pl, int form)
{
    uint8_t cmp[FASTEC_MAX_PUBLIC_KEY_SIZE];
    size_t cl = sizeof cmp, ul = FASTEC_MAX_PUBLIC_KEY_SIZE;
    int rc = fastec_public_key_convert(c, pub, *pl, 1, cmp, &cl);
    if (!rc && form == FASTEC_FORM_COMPRESSED) {
        memcpy(pub, cmp, cl);
        *pl = cl;
        return FASTEC_OK;
    }
    if (!rc) rc = fastec_public_key_convert(c, pub, *pl, 0, pub, &ul);
    if (rc) return rc;
    if (form == FASTEC_FORM_HYBRID) pub[0] = (uint8_t)(0x06 | (cmp[0] & 1));
    *pl = ul;
    return FASTEC_OK;
}

static int cmd_pkey(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *format = NULL, *inform = NULL, *passin = NULL, *passout = NULL,
               *iters = NULL, *conv = NULL;
    int form = FASTEC_FORM_NONE; /* how the file stores the public key */
    int pubin = 0, pubout = 0, sec1 = 0, pkcs8 = 0, compressed = 0, text = 0, noout = 0, check = 0, aes128 = 0,
        aes256 = 0, pem = 1;
    const opt opts[] = {{"-in", 1, &in, NULL},
                        {"-out", 1, &out, NULL},
                        {"-format", 1, &format, NULL},
                        {"-outform", 1, &format, NULL},
                        {"-inform", 1, &inform, NULL},
                        {"-pubin", 0, NULL, &pubin},
                        {"-pubout", 0, NULL, &pubout},
                        {"-sec1", 0, NULL, &sec1},
                        {"-traditional", 0, NULL, &sec1},
                        {"-pkcs8", 0, NULL, &pkcs8},
                        {"-compressed", 0, NULL, &compressed},
                        {"-ec_conv_form", 1, &conv, NULL},
                        {"-text", 0, NULL, &text},
                        {"-noout", 0, NULL, &noout},
                        {"-check", 0, NULL, &check},
                        {"-passin", 1, &passin, NULL},
                        {"-passout", 1, &passout, NULL},
                        {"-aes128", 0, NULL, &aes128},
                        {"-aes256", 0, NULL, &aes256},
                        {"-aes-128-cbc", 0, NULL, &aes128},
                        {"-aes-256-cbc", 0, NULL, &aes256},
                        {"-iter", 1, &iters, NULL},
                        {NULL, 0, NULL, NULL}};
    const char *usage =
        "usage: fastec pkey [-in FILE] [-pubin] [-passin SRC] [-out FILE] [-format pem|der]\n"
        "                   [-pubout] [-ec_conv_form compressed|uncompressed|hybrid] [-compressed]\n"
        "                   [-pkcs8|-sec1] [-aes128|-aes256 [-passout SRC] [-iter N]] [-text] [-noout] [-check]\n"
        "  reads a private key (SEC 1, PKCS#8 or encrypted PKCS#8) or, with -pubin, a public key,\n"
        "  PEM or DER (recognised either way), and writes it: a private key as PKCS#8 (SEC 1 with\n"
        "  -sec1, encrypted with -aes128/-aes256), the public key with -pubout or -pubin in the form\n"
        "  the file stores it in (uncompressed if it stores none), as openssl does, or the form\n"
        "  -ec_conv_form names (-compressed: compressed); -text prints the key in hex, -noout writes\n"
        "  no key, -check validates it.\n"
        "  SRC: pass:TEXT, env:VAR, file:PATH, fd:N or stdin; asked on the terminal if absent\n";
    int rc = parse(argc, argv, opts, NULL, usage);
    if (rc) return rc;
    if ((rc = format_pem(format, &pem))) return rc;
    int dummy;
    if (inform && (rc = format_pem(inform, &dummy))) return rc;
    int cipher = cipher_of(aes128, aes256);
    if (cipher < 0) return cli_fail(EXIT_USAGE, NULL, "-aes128 and -aes256 exclude each other");
    if (sec1 && pkcs8) return cli_fail(EXIT_USAGE, NULL, "-sec1 and -pkcs8 exclude each other");
    if (cipher && sec1) return cli_fail(EXIT_USAGE, NULL, "an encrypted key is PKCS#8: -sec1 does not apply");
    if (passout && !cipher) return cli_fail(EXIT_USAGE, NULL, "-passout without -aes128 or -aes256");
    int public_out = pubin || pubout;
    if (public_out && (cipher || sec1 || pkcs8))
        return cli_fail(EXIT_USAGE, NULL, "-aes128/-aes256/-sec1/-pkcs8 apply to private keys, not to -pubout");
    int want = FASTEC_FORM_NONE; /* the output form asked for; none: the stored one */
    if (conv) {
        if (!strcmp(conv, "compressed")) want = FASTEC_FORM_COMPRESSED;
        else if (!strcmp(conv, "uncompressed")) want = FASTEC_FORM_UNCOMPRESSED;
        else if (!strcmp(conv, "hybrid")) want = FASTEC_FORM_HYBRID;
        else return cli_fail(EXIT_USAGE, NULL, "-ec_conv_form takes compressed, uncompressed or hybrid");
    }
    if (compressed) {
        if (want != FASTEC_FORM_NONE && want != FASTEC_FORM_COMPRESSED)
            return cli_fail(EXIT_USAGE, NULL, "-compressed and -ec_conv_form name different forms");
        want = FASTEC_FORM_COMPRESSED;
    }
    if (want != FASTEC_FORM_NONE && !public_out)
        return cli_fail(EXIT_USAGE, NULL, "-compressed and -ec_conv_form apply to -pubout and -pubin");
    unsigned iter;
    if ((rc = parse_iter(iters, &iter))) return rc;
    const char *name = in ? in : "stdin";

    const fastec_curve *c;
    uint8_t priv[FASTEC_MAX_SCALAR_SIZE], pub[FASTEC_MAX_PUBLIC_KEY_SIZE], buf[FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE];
    size_t pl = sizeof pub, n = sizeof buf;
    if (pubin) {
        uint8_t *b;
        size_t bl;
        if (cli_read_all(in, &b, &bl, MAX_FILE)) return cli_fail(EXIT_INPUT, name, strerror(errno));
        rc = fastec_public_key_read(b, bl, &c, pub, &pl, &form);
        if (rc == FASTEC_ERR_PEM || rc == FASTEC_ERR_DER) {
            /* say so when it is a private key */
            uint8_t t[FASTEC_MAX_SCALAR_SIZE];
            const fastec_curve *tc;
            int r2 = fastec_private_key_decode(b, bl, &tc, t, sizeof t);
            if (r2 == FASTEC_OK || r2 == FASTEC_ERR_ENCRYPTED) rc = FASTEC_ERR_ARG;
            fastec_wipe(t, sizeof t);
        }
        free(b);
        if (rc == FASTEC_ERR_ARG) return cli_fail(EXIT_INPUT, name, "a private key, and -pubin wants a public key");
        if (rc) return cli_fail(EXIT_INPUT, name, fastec_strerror(rc));
    } else {
        if ((rc = load_private(in ? in : "-", passin, &c, priv, &form))) return rc;
        if ((rc = fastec_public_key(c, priv, 0, pub, &pl))) {
            fastec_wipe(priv, sizeof priv);
            return cli_fail(EXIT_INPUT, name, fastec_strerror(rc));
        }
    }
    if (check) {
        /* decoding checked everything: the scalar's range and the embedded
         * public key for a private key, encoding, range, curve and subgroup
         * for a public key; checked again here, on the point before any
         * change of form */
        rc = fastec_public_key_check(c, pub, pl);
        if (rc) {
            fastec_wipe(priv, sizeof priv);
            return cli_fail(EXIT_INPUT, name, fastec_strerror(rc));
        }
    }
    /* everything goes to the output, as openssl pkey writes it: "Key is
     * valid", the key, then its text; a secret when it holds the private
     * key or its text (mode 0600, never into another user's file) */
    static textbuf t;
    t.n = 0;
    if (check) tb_printf(&t, "Key is valid\n");
    /* the form the file stores the public key in, as the reading said (a
     * private key file without one: uncompressed) */
    int stored = form == FASTEC_FORM_NONE ? FASTEC_FORM_UNCOMPRESSED : form;
    /* the public point in the form asked for, else in the stored one, as
     * openssl pkey writes and prints it */
    if ((rc = point_in_form(c, pub, &pl, want != FASTEC_FORM_NONE ? want : stored))) {
        fastec_wipe(priv, sizeof priv);
        return cli_fail(EXIT_INPUT, name, fastec_strerror(rc));
    }
    if (!noout) {
        if (public_out) {
            rc = fastec_public_key_encode(c, pub, pl, pem, buf, &n);
            if (rc) rc = cli_fail(EXIT_INPUT, name, fastec_strerror(rc));
        } else {
            /* the public key in the form the file stored it, as openssl pkey writes it */
            rc = encode_private(c, priv, !sec1, pem, cipher, passout, iter, form, buf, &n);
        }
        if (!rc) tb_add(&t, buf, n);
        fastec_wipe(buf, sizeof buf);
    }
    if (!rc && text) {
        /* the private part only when the output is the private key: with
         * -pubout (or -pubin) the public part alone, as openssl prints it */
        if (!public_out) {
            tb_printf(&t, "Private-Key: (%u bit)\n", fastec_curve_order_bits(c));
            print_hex_block(&t, "priv", priv, fastec_curve_scalar_size(c));
        } else {
            tb_printf(&t, "Public-Key: (%u bit)\n", fastec_curve_order_bits(c));
        }
        print_hex_block(&t, "pub", pub, pl);
        print_curve_lines(&t, c);
    }
    fastec_wipe(priv, sizeof priv);
    if (!rc && t.n) rc = cli_write_out(out, t.b, t.n, !public_out && (!noout || text));
    fastec_wipe(&t, sizeof t);
    return rc;
}

static int cmd_pubkey(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *format = NULL, *passin = NULL;
    int compressed = 0, pem = 1;
    const opt opts[] = {{"-in", 1, &in, NULL},
                        {"-out", 1, &out, NULL},
                        {"-format", 1, &format, NULL},
                        {"-compressed", 0, NULL, &compressed},
                        {"-passin", 1, &passin, NULL},
                        {NULL, 0, NULL, NULL}};
    const char *usage = "usage: fastec pubkey -in KEY [-passin SRC] [-out FILE] [-compressed] [-format pem|der]\n"
                        "  the public key (SubjectPublicKeyInfo) of a private or public key file\n";
    int rc = parse(argc, argv, opts, NULL, usage);
    if (rc) return rc;
    if (!in) return cli_fail(EXIT_USAGE, NULL, "missing -in KEY");
    if ((rc = format_pem(format, &pem))) return rc;
    const fastec_curve *c;
    uint8_t pub[FASTEC_MAX_PUBLIC_KEY_SIZE], buf[FASTEC_MAX_PUBLIC_KEY_PEM_SIZE];
    size_t pl = sizeof pub, n = sizeof buf;
    if ((rc = load_public(in, passin, &c, pub, &pl, NULL))) return rc;
    size_t cl = sizeof pub;
    if ((rc = fastec_public_key_convert(c, pub, pl, compressed, pub, &cl)))
        return cli_fail(EXIT_INPUT, in, fastec_strerror(rc));
    if ((rc = fastec_public_key_encode(c, pub, cl, pem, buf, &n))) return cli_fail(EXIT_INPUT, in, fastec_strerror(rc));
    return cli_write_out(out, buf, n, 0);
}

static const char digest_usage[] =
    "  -hash NAME (or -NAME): sha1, sha224, sha256 (default), sha384, sha512, sha512-224,\n"
    "    sha512-256, sha3-224, sha3-256, sha3-384, sha3-512 (any case, openssl's spellings);\n"
    "  -hash none: the input is the digest itself; -digest HEX: the digest in hex;\n"
    "  -digest-file FILE: the digest's bytes in a file\n";

static int cmd_sign(int argc, char **argv)
{
    const char *key = NULL, *in = NULL, *out = NULL, *hash = NULL, *digest = NULL, *digest_file = NULL,
               *passin = NULL;
    int raw = 0;
    const opt opts[] = {{"-key", 1, &key, NULL},   {"-in", 1, &in, NULL},         {"-out", 1, &out, NULL},
                        {"-hash", 1, &hash, NULL}, {"-digest", 1, &digest, NULL}, {"-digest-file", 1, &digest_file, NULL},
                        {"-passin", 1, &passin, NULL}, {"-raw", 0, NULL, &raw}, {NULL, 0, NULL, NULL}};
    char usage[1024];
    snprintf(usage, sizeof usage,
             "usage: fastec sign -key KEY [-passin SRC] [-in FILE | -digest HEX | -digest-file FILE] [-hash NAME] [-out FILE] "
             "[-raw]\n  ECDSA signature (RFC 6979 nonce) of a file or stdin, DER by default, r || s with -raw\n%s",
             digest_usage);
    int rc = parse(argc, argv, opts, &hash, usage);
    if (rc) return rc;
    const fastec_curve *c;
    uint8_t priv[FASTEC_MAX_SCALAR_SIZE], dg[FASTEC_MAX_DIGEST_SIZE], sig[FASTEC_MAX_SIGNATURE_SIZE],
        der[FASTEC_MAX_SIGNATURE_DER_SIZE];
    size_t dl;
    if (!key) return cli_fail(EXIT_USAGE, NULL, "missing -key FILE");
    if ((rc = get_digest(in, hash, digest, digest_file, dg, &dl))) return rc;
    if ((rc = load_private(key, passin, &c, priv, NULL))) return rc;
    rc = fastec_ecdsa_sign(c, priv, dg, dl, sig);
    fastec_wipe(priv, sizeof priv);
    if (rc) return cli_fail(EXIT_INPUT, key, fastec_strerror(rc));
    size_t sl = 2 * fastec_curve_scalar_size(c), derl = sizeof der;
    if (raw) return cli_write_out(out, sig, sl, 0);
    if ((rc = fastec_sig_to_der(c, sig, der, &derl))) return cli_fail(EXIT_OUTPUT, NULL, fastec_strerror(rc));
    return cli_write_out(out, der, derl, 0);
}

/* One item of a verify -batch list: its line, the files named there and
 * what they hold once read (rc: the first error, else the verification's) */
typedef struct {
    unsigned long line;
    char *key, *sig, *msg;
    const fastec_curve *c;
    uint8_t pub[FASTEC_MAX_PUBLIC_KEY_SIZE], dg[FASTEC_MAX_DIGEST_SIZE], rs[FASTEC_MAX_SIGNATURE_SIZE];
    size_t pl, dl;
    int rc;
} vitem;

#define MAX_BATCH_ITEMS 1000000
#define ITEM_UNREAD 1 /* an item's rc when a file of it could not be read (the reason on stderr) */

/* fastec verify -batch LIST: each line "KEY SIG MESSAGE" (three paths,
 * blank lines and lines from '#' ignored); every item is read and checked
 * on its own, the items of each curve verified by one batch call. Prints
 * one line per item; exit 0 if every item verified, 1 if any did not (each
 * named), 3 if the list cannot be read. */
static int verify_batch(const char *list, const char *hash, const char *passin, int raw)
{
    uint8_t *buf;
    size_t n;
    if (cli_read_all(list, &buf, &n, (size_t)1 << 30)) return cli_fail(EXIT_INPUT, list, strerror(errno));
    vitem *items = NULL;
    size_t count = 0, cap = 0;
    unsigned long line = 0;
    int rc = 0;
    char *p = (char *)buf, *end = p + n;
    while (p < end && !rc) {
        char *nl = memchr(p, '\n', (size_t)(end - p)), *stop = nl ? nl : end;
        line++;
        char *f[4] = {NULL, NULL, NULL, NULL};
        int nf = 0;
        for (char *q = p; q < stop;) {
            while (q < stop && (*q == ' ' || *q == '\t' || *q == '\r')) *q++ = 0;
            if (q >= stop || *q == '#') break;
            if (nf < 4) f[nf] = q;
            nf++;
            while (q < stop && *q != ' ' && *q != '\t' && *q != '\r') q++;
        }
        *stop = 0;
        p = stop + 1;
        if (nf == 0) continue;
        if (nf != 3) {
            char msg[80];
            snprintf(msg, sizeof msg, "line %lu: want three paths: KEY SIG MESSAGE", line);
            rc = cli_fail(EXIT_INPUT, list, msg);
            break;
        }
        if (count == MAX_BATCH_ITEMS) {
            rc = cli_fail(EXIT_INPUT, list, "more than 1000000 items");
            break;
        }
        if (count == cap) {
            size_t nc = cap ? 2 * cap : 64;
            vitem *ni = realloc(items, nc * sizeof *ni);
            if (!ni) {
                rc = cli_fail(EXIT_INPUT, list, "out of memory");
                break;
            }
            items = ni, cap = nc;
        }
        vitem *t = &items[count++];
        memset(t, 0, sizeof *t);
        t->line = line, t->key = f[0], t->sig = f[1], t->msg = f[2];
    }
    /* read each item: a file that cannot be read fails its item alone */
    for (size_t i = 0; i < count && !rc; i++) {
        vitem *t = &items[i];
        uint8_t *sb;
        size_t sn;
        t->pl = sizeof t->pub;
        if (get_digest(t->msg, hash, NULL, NULL, t->dg, &t->dl)) t->rc = ITEM_UNREAD;
        else if (load_public(t->key, passin, &t->c, t->pub, &t->pl, NULL)) t->rc = ITEM_UNREAD;
        else if (cli_read_all(t->sig, &sb, &sn, 1 << 16)) {
            cli_fail(EXIT_INPUT, t->sig, strerror(errno));
            t->rc = ITEM_UNREAD;
        } else {
            size_t ss = fastec_curve_scalar_size(t->c);
            if (raw) t->rc = sn == 2 * ss ? (memcpy(t->rs, sb, sn), FASTEC_OK) : FASTEC_ERR_SIG_RANGE;
            else t->rc = fastec_sig_from_der(t->c, sb, sn, t->rs);
            free(sb);
        }
    }
    /* the items that were read, one batch per curve */
    fastec_verify_item *vi = rc || !count ? NULL : malloc(count * sizeof *vi);
    size_t *idx = rc || !count ? NULL : malloc(count * sizeof *idx);
    int *res = rc || !count ? NULL : malloc(count * sizeof *res);
    if (count && !rc && (!vi || !idx || !res)) rc = cli_fail(EXIT_INPUT, list, "out of memory");
    for (size_t k = 0; k < fastec_curve_count() && !rc; k++) {
        const fastec_curve *c = fastec_curve_at(k);
        size_t m = 0;
        for (size_t i = 0; i < count; i++) {
            vitem *t = &items[i];
            if (t->rc || t->c != c) continue;
            vi[m] = (fastec_verify_item){t->pub, t->pl, t->dg, t->dl, t->rs};
            idx[m++] = i;
        }
        if (!m) continue;
        int brc = fastec_ecdsa_verify_batch(c, vi, m, res);
        for (size_t j = 0; j < m; j++) items[idx[j]].rc = brc == FASTEC_OK || brc == FASTEC_ERR_BATCH ? res[j] : brc;
    }
    size_t failed = 0;
    for (size_t i = 0; i < count && !rc; i++) {
        const vitem *t = &items[i];
        if (t->rc == FASTEC_OK) {
            printf("%s:%lu: %s: Verified OK\n", list, t->line, t->key);
        } else {
            failed++;
            printf("%s:%lu: %s: Verification failure (%s)\n", list, t->line, t->key,
                   t->rc == ITEM_UNREAD ? "cannot read the item" : fastec_strerror(t->rc));
        }
    }
    if (!rc && failed) fprintf(stderr, "fastec verify: %zu of %zu items failed\n", failed, count);
    free(vi);
    free(idx);
    free(res);
    free(items);
    free(buf);
    if (rc) return rc;
    return failed ? EXIT_VERIFY_FAIL : 0;
}

static int cmd_verify(int argc, char **argv)
{
    const char *pubf = NULL, *in = NULL, *sigf = NULL, *hash = NULL, *digest = NULL, *digest_file = NULL,
               *passin = NULL, *list = NULL;
    int raw = 0;
    const opt opts[] = {{"-pub", 1, &pubf, NULL},  {"-in", 1, &in, NULL},         {"-sig", 1, &sigf, NULL},
                        {"-hash", 1, &hash, NULL}, {"-digest", 1, &digest, NULL}, {"-digest-file", 1, &digest_file, NULL},
                        {"-passin", 1, &passin, NULL}, {"-raw", 0, NULL, &raw}, {"-batch", 1, &list, NULL},
                        {NULL, 0, NULL, NULL}};
    char usage[1280];
    snprintf(usage, sizeof usage,
             "usage: fastec verify -pub KEY [-in FILE | -digest HEX | -digest-file FILE] -sig FILE [-hash NAME] [-raw]\n"
             "       fastec verify -batch LIST [-hash NAME] [-raw]\n"
             "  prints Verified OK (exit 0) or Verification failure (exit 1); -batch LIST: one item per line,\n"
             "  KEY SIG MESSAGE (three paths), a line per item printed, exit 1 if any fails\n%s",
             digest_usage);
    int rc = parse(argc, argv, opts, &hash, usage);
    if (rc) return rc;
    if (list) {
        if (pubf || sigf || in || digest || digest_file)
            return cli_fail(EXIT_USAGE, NULL, "-batch takes the keys, signatures and messages from its list");
        return verify_batch(list, hash, passin, raw);
    }
    if (!pubf || !sigf) return cli_fail(EXIT_USAGE, NULL, "missing -pub KEY or -sig FILE");
    const fastec_curve *c;
    uint8_t pub[FASTEC_MAX_PUBLIC_KEY_SIZE], dg[FASTEC_MAX_DIGEST_SIZE], sig[FASTEC_MAX_SIGNATURE_SIZE], *sb;
    size_t pl = sizeof pub, sn, dl;
    if ((rc = get_digest(in, hash, digest, digest_file, dg, &dl))) return rc;
    if ((rc = load_public(pubf, passin, &c, pub, &pl, NULL))) return rc;
    if (cli_read_all(sigf, &sb, &sn, 1 << 16)) return cli_fail(EXIT_INPUT, sigf, strerror(errno));
    size_t ss = fastec_curve_scalar_size(c);
    if (raw) rc = sn == 2 * ss ? (memcpy(sig, sb, sn), FASTEC_OK) : FASTEC_ERR_SIG_RANGE;
    else rc = fastec_sig_from_der(c, sb, sn, sig);
    free(sb);
    if (!rc) rc = fastec_ecdsa_verify(c, pub, pl, dg, dl, sig);
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
    const char *key = NULL, *peer = NULL, *out = NULL, *passin = NULL;
    int cofactor = 0, binary = 0, hex = 0;
    const opt opts[] = {{"-key", 1, &key, NULL},        {"-peer", 1, &peer, NULL},   {"-out", 1, &out, NULL},
                        {"-passin", 1, &passin, NULL},  {"-cofactor", 0, NULL, &cofactor},
                        {"-binary", 0, NULL, &binary},  {"-hex", 0, NULL, &hex},     {NULL, 0, NULL, NULL}};
    const char *usage =
        "usage: fastec derive -key KEY [-passin SRC] -peer PUBKEY [-out FILE] [-cofactor] [-binary|-hex]\n"
        "  the ECDH shared secret (x coordinate): raw bytes to -out (mode 0600) or a pipe,\n"
        "  hex on a terminal; -binary and -hex choose\n";
    int rc = parse(argc, argv, opts, NULL, usage);
    if (rc) return rc;
    if (!peer) return cli_fail(EXIT_USAGE, NULL, "missing -peer PUBKEY");
    if (binary && hex) return cli_fail(EXIT_USAGE, NULL, "-binary and -hex exclude each other");
    const fastec_curve *c, *pc;
    uint8_t priv[FASTEC_MAX_SCALAR_SIZE], pub[FASTEC_MAX_PUBLIC_KEY_SIZE], sec[FASTEC_MAX_FIELD_SIZE];
    size_t pl = sizeof pub;
    if ((rc = load_private(key, passin, &c, priv, NULL))) return rc;
    if ((rc = load_public(peer, NULL, &pc, pub, &pl, NULL))) {
        fastec_wipe(priv, sizeof priv);
        return rc;
    }
    if (pc != c) {
        fastec_wipe(priv, sizeof priv);
        char msg[160];
        snprintf(msg, sizeof msg, "peer key is on %s, the private key on %s", fastec_curve_name(pc),
                 fastec_curve_name(c));
        return cli_fail(EXIT_INPUT, peer, msg);
    }
    rc = cofactor ? fastec_ecdh_cofactor(c, priv, pub, pl, sec) : fastec_ecdh(c, priv, pub, pl, sec);
    fastec_wipe(priv, sizeof priv);
    if (rc) return cli_fail(EXIT_INPUT, peer, fastec_strerror(rc));
    size_t fs = fastec_curve_field_size(c);
    if (!binary && (hex || (!out && isatty(1)))) {
        char h[2 * FASTEC_MAX_FIELD_SIZE + 2];
        for (size_t i = 0; i < fs; i++) snprintf(h + 2 * i, 3, "%02x", sec[i]);
        h[2 * fs] = '\n';
        rc = cli_write_out(out, (const uint8_t *)h, 2 * fs + 1, 1);
        fastec_wipe(h, sizeof h);
    } else {
        rc = cli_write_out(out, sec, fs, 1);
    }
    fastec_wipe(sec, sizeof sec);
    return rc;
}

static int cmd_curves(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) return cli_fail(EXIT_USAGE, NULL, "usage: fastec curves");
    printf("%-10s %5s %6s %6s  %-9s %s\n", "curve", "bits", "field", "scalar", "backend", "other names");
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        char names[128] = "";
        for (size_t j = 0; fastec_curve_alias(c, j); j++) {
            if (j) strncat(names, ", ", sizeof names - strlen(names) - 1);
            strncat(names, fastec_curve_alias(c, j), sizeof names - strlen(names) - 1);
        }
        printf("%-10s %5u %6zu %6zu  %-9s %s\n", fastec_curve_name(c), fastec_curve_bits(c),
               fastec_curve_field_size(c), fastec_curve_scalar_size(c), fastec_curve_backend(c), names);
    }
    return 0;
}

static int cmd_version(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) return cli_fail(EXIT_USAGE, NULL, "usage: fastec version");
    printf("fastec %s (library %s)\n", FASTEC_VERSION, fastec_version());
    printf("backends:\n");
    static const char *const state[] = {"not available on this CPU", "available, turned off by FASTEC_CPU", "in use"};
    for (size_t i = 0; i < fastec_backend_count(); i++)
        printf("  %-9s %s\n", fastec_backend_name(i), state[fastec_backend_state(i)]);
    return 0;
}

int cli_main(const char *name, int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } cmds[] = {{"keygen", cmd_keygen}, {"pkey", cmd_pkey},     {"pubkey", cmd_pubkey},   {"sign", cmd_sign},
                {"verify", cmd_verify}, {"derive", cmd_derive}, {"curves", cmd_curves}, {"version", cmd_version}};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(name, cmds[i].name)) {
            cli_cmd = cmds[i].name;
            return cmds[i].run(argc, argv);
        }
    return -1;
}
