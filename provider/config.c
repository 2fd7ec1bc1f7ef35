/* SPDX-License-Identifier: Apache-2.0 */
/* What the system-wide install asks of the provider (fastec-provider.cnf).
 *
 * The snippet adds a second providers section to the configuration's init
 * section ("providers.fastec", beside the administrator's "providers"), so
 * that every provider the administrator activates stays; it activates the
 * default provider (a no-op where the configuration does already, and what
 * OpenSSL would have done implicitly where it activates none) and then
 * fastec, last, so that OpenSSL tries fastec's key decoders first. With
 * "prefer = yes" in its section, fastec then adds "?provider=fastec" to the
 * default properties in force, unless they ask for FIPS algorithms (fastec
 * is not one: it is loaded and serves nothing) or already name a provider
 * (the administrator's choice stands). A second "alg_section" would have
 * replaced the administrator's properties; this adds to them. The snippet
 * comes last in openssl.cnf, so that the administrator's alg_section has
 * been applied when fastec is loaded. */
#define _GNU_SOURCE /* dladdr, RTLD_NOLOAD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <dirent.h>
#include <dlfcn.h>
#include <stdint.h>
#include <sys/stat.h>
#include <openssl/conf.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "prov.h"

/* a setting of a configuration section, or NULL */
static const char *setting(const CONF *cnf, const char *section, const char *name)
{
    ERR_set_mark();
    const char *v = NCONF_get_string(cnf, section, name);
    ERR_pop_to_mark();
    return v;
}

/* Whether a configuration file, or one it includes, has an "alg_section"
 * line (the only way a configuration sets default properties): reading its
 * lines costs a few microseconds, parsing it as OpenSSL does about a third
 * of a millisecond, paid by every process that reads the configuration. 1
 * where unsure (an include given relative or through a variable, nesting
 * too deep), and the file is parsed. */
static int may_set_properties(const char *path, int depth)
{
    struct stat st;
    if (depth > 8) return 1;
    if (stat(path, &st) != 0) return 0; /* OpenSSL cannot read it either */
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        int may = 0;
        while (d && !may && (e = readdir(d))) {
            size_t l = strlen(e->d_name);
            if ((l > 4 && !strcmp(e->d_name + l - 4, ".cnf")) || (l > 5 && !strcmp(e->d_name + l - 5, ".conf"))) {
                char sub[4096];
                if ((size_t)snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= sizeof sub) may = 1;
                else may = may_set_properties(sub, depth + 1);
            }
        }
        if (d) closedir(d);
        return may;
    }
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char line[4096];
    int may = 0;
    while (!may && fgets(line, sizeof line, f)) {
        char *t = line + strspn(line, " \t");
        if (!strncmp(t, ".include", 8)) {
            t += 8;
            t += strspn(t, " \t=");
            t[strcspn(t, "\r\n")] = '\0';
            for (size_t l = strlen(t); l && (t[l - 1] == ' ' || t[l - 1] == '\t'); l--) t[l - 1] = '\0';
            may = t[0] != '/' || strchr(t, '$') || may_set_properties(t, depth + 1);
        } else if (!strncmp(t, "alg_section", 11)) {
            t += 11;
            may = t[strspn(t, " \t")] == '=';
        }
    }
    fclose(f);
    return may;
}

/* In the program's libcrypto when it is not the module's (fx_core_symbol):
 * the module's own copy must not be handed the program's library context. */
static void *lib_fn(const fx_prov *p, const char *name, void *linked)
{
    return p->foreign_core ? fx_core_symbol(p, name) : linked;
}

/* The default properties in force: OpenSSL 3.5 and later say (looked up at
 * run time, as the module may have been built on older headers); before,
 * the alg_section of the configuration file (OPENSSL_CONF, or OpenSSL's own
 * openssl.cnf: a program loading another file into a library context of
 * its own is not seen). NULL for none. Freed with OPENSSL_free. */
static char *current_properties(const fx_prov *p, OSSL_LIB_CTX *libctx)
{
    char *(*get1)(OSSL_LIB_CTX *) = NULL;
    void (*core_free)(void *, const char *, int) = NULL;
    *(void **)&get1 = p->foreign_core ? fx_core_symbol(p, "EVP_get1_default_properties")
                                      : dlsym(RTLD_DEFAULT, "EVP_get1_default_properties");
    *(void **)&core_free = lib_fn(p, "CRYPTO_free", (void *)(uintptr_t)CRYPTO_free);
    if (get1 && core_free) { /* copied into the module's memory; the program's freed by the program's */
        char *theirs = get1(libctx), *mine = theirs ? OPENSSL_strdup(theirs) : NULL;
        core_free(theirs, __FILE__, __LINE__);
        return mine;
    }
    const char *env = getenv("OPENSSL_CONF");
    char *file = env && *env ? OPENSSL_strdup(env) : CONF_get1_default_config_file();
    CONF *cnf = file && may_set_properties(file, 0) ? NCONF_new(NULL) : NULL;
    char *props = NULL;
    if (cnf && NCONF_load(cnf, file, NULL) > 0) {
        const char *init = setting(cnf, NULL, "openssl_conf");
        const char *alg = init ? setting(cnf, init, "alg_section") : NULL;
        const char *v = alg ? setting(cnf, alg, "default_properties") : NULL;
        if (v) props = OPENSSL_strdup(v);
    }
    ERR_clear_error();
    NCONF_free(cnf);
    OPENSSL_free(file);
    return props;
}

int fx_config_prefer(fx_prov *p, OSSL_LIB_CTX *libctx, const char *prefer)
{
    if (!prefer) return 1; /* loaded by a program, not by the snippet: nothing to do */
    if (!strcasecmp(prefer, "no") || !strcmp(prefer, "0")) {
        p->policy = FX_POLICY_NOT_PREFERRED;
        return 1;
    }
    if (strcasecmp(prefer, "yes") && strcmp(prefer, "1")) return 0;
    int (*is_fips)(OSSL_LIB_CTX *) = NULL;
    int (*set)(OSSL_LIB_CTX *, const char *) = NULL;
    *(void **)&is_fips = lib_fn(p, "EVP_default_properties_is_fips_enabled",
                                (void *)(uintptr_t)EVP_default_properties_is_fips_enabled);
    *(void **)&set = lib_fn(p, "EVP_set_default_properties", (void *)(uintptr_t)EVP_set_default_properties);
    if (!is_fips || !set) {
        p->policy = FX_POLICY_UNREACHABLE;
        return 1;
    }
    if (is_fips(libctx)) {
        p->policy = FX_POLICY_FIPS;
        return 1;
    }
    char *cur = current_properties(p, libctx);
    if (cur && strstr(cur, "provider")) {
        p->policy = FX_POLICY_OTHER_PROVIDER;
    } else {
        size_t n = (cur ? strlen(cur) : 0) + 32;
        char *merged = OPENSSL_malloc(n);
        if (merged) {
            snprintf(merged, n, "%s%s?provider=" FX_PROV_NAME, cur && *cur ? cur : "", cur && *cur ? "," : "");
            if (set(libctx, merged)) p->policy = FX_POLICY_PREFERRED;
            OPENSSL_free(merged);
        }
    }
    OPENSSL_free(cur);
    return 1;
}
