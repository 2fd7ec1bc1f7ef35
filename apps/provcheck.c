/* SPDX-License-Identifier: Apache-2.0 */
/* fastec provider-check: whether the system's OpenSSL configuration runs
 * fastec, as every program that reads it would (OPENSSL_CONF, or OpenSSL's
 * default openssl.cnf), and what it serves on this CPU; and when it does
 * not, why: no line loading it, a module missing at its path, a module
 * that OpenSSL refuses, FIPS-only default properties. Exit 0 when fastec is
 * active and preferred for EC, 1 otherwise, 2 for usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "speed.h"

#ifdef FASTEC_HAVE_OPENSSL
#include <openssl/conf.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

/* the configuration file programs read */
static char *config_file(void)
{
    const char *e = getenv("OPENSSL_CONF");
    if (e && *e) return OPENSSL_strdup(e);
    return CONF_get1_default_config_file();
}

/* why the configuration did not load fastec: looked up in the file itself */
static void diagnose(const char *file)
{
    CONF *cnf = NCONF_new(NULL);
    long line = -1;
    if (!cnf || NCONF_load(cnf, file, &line) <= 0) {
        if (line > 0) printf("  the configuration does not parse (line %ld)\n", line);
        else printf("  the configuration cannot be read\n");
        NCONF_free(cnf);
        return;
    }
    ERR_set_mark();
    const char *init = NCONF_get_string(cnf, NULL, "openssl_conf");
    const char *provs = init ? NCONF_get_string(cnf, init, "providers.fastec") : NULL;
    const char *sect = provs ? NCONF_get_string(cnf, provs, "fastec") : NULL;
    const char *path = sect ? NCONF_get_string(cnf, sect, "module") : NULL;
    ERR_pop_to_mark();
    if (!init)
        printf("  no `openssl_conf` line: OpenSSL reads no init section from it\n");
    else if (!provs || !sect)
        printf("  [%s] has no `providers.fastec = fastec_provider_sect` line: add `.include "
               "fastec-provider.cnf` at the end of the file (or the line to [%s])\n",
               init, init);
    else if (!path)
        printf("  [%s] has no `module` naming the module\n", sect);
    else if (access(path, R_OK) != 0)
        printf("  the module %s is missing or unreadable\n", path);
    else
        printf("  the module %s is there, but OpenSSL did not load it:\n", path);
    NCONF_free(cnf);
    /* the configuration loaded again, with its errors this time */
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    if (ctx && !CONF_modules_load_file_ex(ctx, file, NULL, 0)) {
        unsigned long e;
        char buf[256];
        while ((e = ERR_get_error()) != 0) {
            ERR_error_string_n(e, buf, sizeof buf);
            printf("    %s\n", buf);
        }
    }
    ERR_clear_error();
    OSSL_LIB_CTX_free(ctx);
}

int provcheck_main(int argc, char **argv)
{
    if (argc > 1) {
        int help = !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help");
        fprintf(help ? stdout : stderr,
                "usage: fastec provider-check\n"
                "  whether programs that read the system's OpenSSL configuration (OPENSSL_CONF, or\n"
                "  OpenSSL's openssl.cnf) run fastec's provider, what it serves on this CPU, and if\n"
                "  not, why; exit 0 when fastec is active and preferred for EC, 1 otherwise\n");
        return help ? 0 : 2;
    }
    char *file = config_file();
    printf("configuration: %s\n", file ? file : "(none)");
    OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL);
    ERR_clear_error();
    OSSL_PROVIDER *fx = OSSL_PROVIDER_available(NULL, "fastec") ? OSSL_PROVIDER_load(NULL, "fastec") : NULL;
    if (!fx) {
        printf("fastec: not active\n");
        if (file) diagnose(file);
        OPENSSL_free(file);
        return 1;
    }
    OPENSSL_free(file);
    char version[64] = "", serve[4096] = "";
    const char *policy = NULL;
    char *vp = version;
    OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, &vp, 0),
                      OSSL_PARAM_construct_utf8_string("fastec-serve", serve, sizeof serve),
                      OSSL_PARAM_construct_utf8_ptr("fastec-policy", (char **)&policy, 0), OSSL_PARAM_construct_end()};
    OSSL_PROVIDER_get_params(fx, q);
    printf("fastec: active (provider %s)\n", vp ? vp : "?");
    /* who gets EC, as a program fetching with the default properties would */
    EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(NULL, "EC", NULL);
    int preferred = km && !strcmp(OSSL_PROVIDER_get0_name(EVP_KEYMGMT_get0_provider(km)), "fastec");
    EVP_KEYMGMT_free(km);
    printf("EC (keys, ECDH, ECDSA): %s%s%s\n", preferred ? "fastec" : "not fastec",
           policy ? " - " : "", policy ? policy : "");
    printf("served by fastec on this CPU, per curve (its backend here): the rest runs OpenSSL's code\n");
    int any = 0;
    for (char *s = serve, *t; (t = strtok(s, " ")); s = NULL) {
        char *colon = strrchr(t, ':');
        if (colon) *colon = '\0';
        char *paren = strchr(t, '(');
        char name[64];
        snprintf(name, sizeof name, "%.*s %s", paren ? (int)(paren - t) : (int)strlen(t), t, paren ? paren : "");
        printf("  %-28s %s\n", name, colon && strcmp(colon + 1, "-") ? colon + 1 : "(none: OpenSSL's code)");
        any |= colon && strcmp(colon + 1, "-") != 0;
    }
    OSSL_PROVIDER_unload(fx);
    return preferred && any ? 0 : 1;
}
#else
int provcheck_main(int argc, char **argv)
{
    (void)argc, (void)argv;
    fprintf(stderr, "fastec provider-check: this build of fastec has no OpenSSL to ask\n");
    return 1;
}
#endif
