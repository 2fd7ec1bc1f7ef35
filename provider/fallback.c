/* SPDX-License-Identifier: Apache-2.0 */
/* OpenSSL's own EC for what fastec lacks. Each fastec provider instance loads
 * the default provider (the running OpenSSL's: fx_lib) into a library
 * context of its own and keeps the
 * default provider's EC key management, ECDH and ECDSA dispatch tables. The
 * key management, exchange and signature code call those functions directly,
 * with the default provider's own context and key data, when fastec cannot
 * serve a key, a digest or a KDF; so the answer, the return value and what
 * lands on the error queue are OpenSSL's own.
 *
 * Why a private library context with "default" loaded and not a child of the
 * caller's: the default provider is built into libcrypto (always there, in
 * every OpenSSL 3 release), a private context does not mirror fastec itself
 * (no recursion through fastec's own algorithms) and does not depend on the
 * order in which the caller's configuration loads providers. */
#define _GNU_SOURCE /* dl_iterate_phdr, RTLD_NOLOAD */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <dlfcn.h>
#include <link.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>

#include "prov.h"

/* names is "A:B:C"; does it list name? */
static int names_have(const char *names, const char *name)
{
    size_t n = strlen(name);
    for (const char *s = names; s && *s;) {
        const char *e = strchr(s, ':');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l == n && !strncmp(s, name, n)) return 1;
        s = e ? e + 1 : NULL;
    }
    return 0;
}

/* an implementation's functions into table, by function id */
static void copy_dispatch(const OSSL_DISPATCH *d, fx_fn *table)
{
    for (; d->function_id; d++)
        if (d->function_id > 0 && d->function_id < FX_FB_FNS) table[d->function_id] = d->function;
}

static int load_table(const fx_lib *lib, OSSL_PROVIDER *prov, int op, const char *name, fx_fn *table)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = lib->query_operation(prov, op, &no_cache);
    for (; a && a->algorithm_names; a++) {
        if (!names_have(a->algorithm_names, name)) continue;
        copy_dispatch(a->implementation, table);
        return 1;
    }
    return 0;
}

/* The default provider's ECDSA-<digest> algorithms whose digest fastec has. */
static void load_sigalgs(const fx_lib *lib, fx_fallback *fb)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = lib->query_operation(fb->prov, OSSL_OP_SIGNATURE, &no_cache);
    for (; a && a->algorithm_names && fb->n_sigalgs < FX_SIGALGS; a++) {
        const char *n = a->algorithm_names, *e = strchr(n, ':');
        char first[48];
        size_t l = e ? (size_t)(e - n) : strlen(n);
        if (strncmp(n, "ECDSA-", 6) || l >= sizeof first) continue;
        memcpy(first, n, l);
        first[l] = '\0';
        int md = fx_digest_lookup(first + 6);
        if (!md) continue;
        if (!fb->sigalgs && !(fb->sigalgs = OPENSSL_zalloc(FX_SIGALGS * sizeof *fb->sigalgs))) return;
        fx_sigalg *sa = &fb->sigalgs[fb->n_sigalgs++];
        sa->names = n;
        sa->md = md;
        copy_dispatch(a->implementation, sa->fns);
    }
}

/* The default provider's encoders of EC keys, each under fastec's name with
 * the output type and structure it produces (fips= and the rest dropped:
 * fastec's keys are never FIPS keys). */
static void load_encoders(const fx_lib *lib, fx_fallback *fb)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = lib->query_operation(fb->prov, OSSL_OP_ENCODER, &no_cache);
    for (; a && a->algorithm_names && fb->n_encoders < FX_ENCODERS; a++) {
        if (!names_have(a->algorithm_names, "EC")) continue;
        if (!fb->encoders && !(fb->encoders = OPENSSL_zalloc(FX_ENCODERS * sizeof *fb->encoders))) return;
        fx_encoder *e = &fb->encoders[fb->n_encoders];
        size_t n = (size_t)snprintf(e->props, sizeof e->props, "provider=" FX_PROV_NAME);
        int fits = 1;
        for (const char *s = a->property_definition; s && *s && fits;) {
            const char *end = strchr(s, ',');
            size_t l = end ? (size_t)(end - s) : strlen(s);
            if (!strncmp(s, "output=", 7) || !strncmp(s, "structure=", 10)) {
                fits = n + 1 + l < sizeof e->props;
                if (fits) n += (size_t)snprintf(e->props + n, sizeof e->props - n, ",%.*s", (int)l, s);
            }
            s = end ? end + 1 : NULL;
        }
        if (!fits) continue;
        e->names = a->algorithm_names;
        memset(e->fns, 0, sizeof e->fns);
        copy_dispatch(a->implementation, e->fns);
        fb->n_encoders++;
    }
}

int fx_fallback_init(fx_prov *p)
{
    fx_fallback *fb = &p->fb;
    const fx_lib *lib = &p->lib;
    memset(fb, 0, sizeof *fb);
    lib->err_set_mark();
    fb->libctx = lib->lib_ctx_new();
    if (fb->libctx) fb->prov = lib->provider_load(fb->libctx, "default");
    int ok = fb->prov && load_table(lib, fb->prov, OSSL_OP_KEYMGMT, "EC", fb->km) &&
             load_table(lib, fb->prov, OSSL_OP_KEYEXCH, "ECDH", fb->kx) &&
             load_table(lib, fb->prov, OSSL_OP_SIGNATURE, "ECDSA", fb->sig);
    if (ok) fb->provctx = lib->get0_provider_ctx(fb->prov);
    if (ok) load_sigalgs(lib, fb);
    if (ok) load_encoders(lib, fb);
    OSSL_FUNC_signature_settable_ctx_params_fn *settable =
        (OSSL_FUNC_signature_settable_ctx_params_fn *)fb->sig[OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS];
    if (ok && settable && fb->provctx)
        fb->nonce_type = OSSL_PARAM_locate_const(settable(NULL, fb->provctx), "nonce-type") != NULL;
    if (!ok || !fb->provctx) {
        fx_fallback_free(p);
        lib->err_pop_to_mark();
        return 0;
    }
    lib->err_clear_last_mark();
    return 1;
}

void fx_fallback_free(fx_prov *p)
{
    fx_fallback *fb = &p->fb;
    OPENSSL_free(fb->sigalgs);
    OPENSSL_free(fb->encoders);
    if (fb->prov) p->lib.provider_unload(fb->prov);
    if (fb->libctx) p->lib.lib_ctx_free(fb->libctx);
    memset(fb, 0, sizeof *fb);
}

void fx_count_fallback(fx_prov *p, const char *what, const char *group)
{
    atomic_fetch_add_explicit(&p->count[FX_CNT_FALLBACK], 1, memory_order_relaxed);
    if (p->trace) fprintf(stderr, "fastec-provider: fallback %s %s pid %ld\n", what, group ? group : "", (long)getpid());
}

const char *fx_fb_group(fx_prov *p, void *fb, char *buf, size_t len)
{
    OSSL_FUNC_keymgmt_get_params_fn *get = FX_FB(p, km, OSSL_FUNC_KEYMGMT_GET_PARAMS, OSSL_FUNC_keymgmt_get_params_fn);
    OSSL_PARAM q[] = {OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, buf, len),
                      OSSL_PARAM_construct_end()};
    buf[0] = '\0';
    FX_ERR_SET_MARK(p);
    if (!fb || !get || !get(fb, q) || !OSSL_PARAM_modified(q)) snprintf(buf, len, "explicit");
    FX_ERR_POP_TO_MARK(p);
    return buf;
}

fx_key *fx_key_wrap(fx_prov *p, void *fb)
{
    fx_key *k = fx_key_new(p);
    if (!k) {
        OSSL_FUNC_keymgmt_free_fn *fr = FX_FB(p, km, OSSL_FUNC_KEYMGMT_FREE, OSSL_FUNC_keymgmt_free_fn);
        if (fr) fr(fb);
        return NULL;
    }
    k->fb = fb;
    return k;
}

struct twin_import {
    fx_prov *p;
    void *key;
};

static int twin_import_cb(const OSSL_PARAM params[], void *arg)
{
    struct twin_import *t = arg;
    OSSL_FUNC_keymgmt_import_fn *imp = FX_FB(t->p, km, OSSL_FUNC_KEYMGMT_IMPORT, OSSL_FUNC_keymgmt_import_fn);
    return imp && imp(t->key, OSSL_KEYMGMT_SELECT_ALL, params);
}

void *fx_key_ossl(fx_key *k)
{
    fx_prov *p = k->prov;
    if (k->fb) return k->fb;
    void *t = atomic_load(&k->twin);
    if (t) return t;
    OSSL_FUNC_keymgmt_new_fn *nw = FX_FB(p, km, OSSL_FUNC_KEYMGMT_NEW, OSSL_FUNC_keymgmt_new_fn);
    OSSL_FUNC_keymgmt_free_fn *fr = FX_FB(p, km, OSSL_FUNC_KEYMGMT_FREE, OSSL_FUNC_keymgmt_free_fn);
    if (!nw || !fr || !k->curve) {
        FX_RAISE(p, FX_R_LIBRARY, "OpenSSL's EC implementation is not available");
        return NULL;
    }
    struct twin_import ti = {p, nw(p->fb.provctx)};
    if (!ti.key) return NULL;
    if (!fx_key_export(k, OSSL_KEYMGMT_SELECT_ALL, twin_import_cb, &ti)) {
        fr(ti.key);
        return NULL;
    }
    void *expected = NULL;
    if (!atomic_compare_exchange_strong(&k->twin, &expected, ti.key)) {
        fr(ti.key); /* another thread made it first */
        return expected;
    }
    return ti.key;
}

static void core_error(const fx_prov *p, uint32_t code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    p->vset_error(p->handle, code, fmt, ap);
    va_end(ap);
}

void fx_lib_init(fx_prov *p)
{
    fx_lib *l = &p->lib;
    *l = (fx_lib){OSSL_LIB_CTX_new, OSSL_LIB_CTX_free, OSSL_PROVIDER_load, OSSL_PROVIDER_unload,
                  OSSL_PROVIDER_query_operation, OSSL_PROVIDER_get0_provider_ctx, OSSL_PROVIDER_get_capabilities,
                  ERR_set_mark, ERR_pop_to_mark, ERR_clear_last_mark, 0};
    if (!p->foreign_core) return;
    static const char *const names[] = {"OSSL_LIB_CTX_new", "OSSL_LIB_CTX_free", "OSSL_PROVIDER_load",
                                        "OSSL_PROVIDER_unload", "OSSL_PROVIDER_query_operation",
                                        "OSSL_PROVIDER_get0_provider_ctx", "OSSL_PROVIDER_get_capabilities",
                                        "ERR_set_mark", "ERR_pop_to_mark", "ERR_clear_last_mark"};
    void *s[sizeof names / sizeof names[0]];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!(s[i] = fx_core_symbol(p, names[i]))) return;
    *(void **)&l->lib_ctx_new = s[0];
    *(void **)&l->lib_ctx_free = s[1];
    *(void **)&l->provider_load = s[2];
    *(void **)&l->provider_unload = s[3];
    *(void **)&l->query_operation = s[4];
    *(void **)&l->get0_provider_ctx = s[5];
    *(void **)&l->get_capabilities = s[6];
    *(void **)&l->err_set_mark = s[7];
    *(void **)&l->err_pop_to_mark = s[8];
    *(void **)&l->err_clear_last_mark = s[9];
    l->core_side = 1;
}

void fx_fb_errors(const fx_prov *p)
{
    if (!p || !p->foreign_core || p->lib.core_side || !p->new_error || !p->set_error_debug || !p->vset_error) return;
    const char *file = NULL, *func = NULL, *data = NULL;
    int line = 0, flags = 0;
    unsigned long e;
    /* library and reason as OpenSSL packs them (the same in every release):
     * the program's core raises them as that library's error */
    while ((e = ERR_get_error_all(&file, &line, &func, &data, &flags)) != 0) {
        p->new_error(p->handle);
        p->set_error_debug(p->handle, file, line, func);
        if ((flags & ERR_TXT_STRING) && data && *data) core_error(p, (uint32_t)e, "%s", data);
        else core_error(p, (uint32_t)e, NULL);
    }
}

/* the loaded object holding addr: its load base and file name, by its
 * program headers (dladdr would also search its symbols for the nearest
 * one, a thousand times the cost, paid by every process that loads fastec) */
struct object_of {
    uintptr_t addr, base;
    const char *name;
    int found;
};
static int object_of_cb(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct object_of *o = arg;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && o->addr >= start && o->addr - start < ph->p_memsz) {
            o->base = info->dlpi_addr;
            o->name = info->dlpi_name;
            o->found = 1;
            return 1;
        }
    }
    return 0;
}
int fx_object_of(const void *addr, uintptr_t *base, const char **name)
{
    struct object_of o = {(uintptr_t)addr, 0, NULL, 0};
    if (addr) dl_iterate_phdr(object_of_cb, &o);
    if (base) *base = o.base;
    if (name) *name = o.name;
    return o.found;
}

void *fx_core_symbol(const fx_prov *p, const char *name)
{
    uintptr_t core, at;
    const char *file;
    if (!fx_object_of(p->core_fn, &core, &file)) return NULL;
    /* the program itself has an empty name */
    void *h = file && *file ? dlopen(file, RTLD_LAZY | RTLD_NOLOAD) : dlopen(NULL, RTLD_LAZY);
    void *s = h ? dlsym(h, name) : NULL;
    if (h) dlclose(h);
    /* found where the core is, not in another libcrypto of the process */
    if (s && (!fx_object_of(s, &at, NULL) || at != core)) s = NULL;
    return s;
}
