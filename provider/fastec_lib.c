/* SPDX-License-Identifier: Apache-2.0 */
/* libfastec, loaded on the provider's first use (fastec_lib.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prov.h"

#ifdef FX_LAZY_LIBFASTEC
#include <dlfcn.h>

/* The library the module was built with: its soname, looked for in the
 * directory the installation puts it in relative to the module's own
 * (FX_LIBFASTEC_FROM_MODULE, "..": lib/ossl-modules -> lib), then in the
 * build tree's (FX_LIBFASTEC_FROM_BUILT_MODULE), then where the dynamic
 * linker looks for any library (a distribution's libdir). Not through the
 * module's run path: dlopen searches the run path of the object that calls
 * it, and under AddressSanitizer or ThreadSanitizer that is the sanitizer's
 * runtime, whose interceptor makes the call. */
#if !defined(FX_LIBFASTEC_SONAME) || !defined(FX_LIBFASTEC_FROM_MODULE) || !defined(FX_LIBFASTEC_FROM_BUILT_MODULE)
#error "FX_LIBFASTEC_SONAME, FX_LIBFASTEC_FROM_MODULE and FX_LIBFASTEC_FROM_BUILT_MODULE say where libfastec is"
#endif

struct fx_fastec fx_fastec;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *handle;
static int loaded;
static char error[256];

static void load(void)
{
    /* RTLD_LOCAL: the library's symbols stay out of the program's namespace;
     * RTLD_NOW: nothing bound later, on a small stack */
    const char *module = NULL;
    uintptr_t base;
    void *h = NULL;
    if (fx_object_of((const void *)(uintptr_t)fx_fastec_load, &base, &module) && module && strchr(module, '/')) {
        const char *rel[] = {FX_LIBFASTEC_FROM_MODULE, FX_LIBFASTEC_FROM_BUILT_MODULE};
        size_t dir = (size_t)(strrchr(module, '/') - module);
        for (int i = 0; i < 2 && !h; i++) {
            if (i && !strcmp(rel[0], rel[1])) break;
            /* the path on the heap: this may run on a 32 KB asynchronous
             * job's stack, below dlopen's own frames */
            size_t n = dir + strlen(rel[i]) + strlen(FX_LIBFASTEC_SONAME) + 3;
            char *path = malloc(n);
            if (!path) break;
            snprintf(path, n, "%.*s/%s/%s", (int)dir, module, rel[i], FX_LIBFASTEC_SONAME);
            h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            free(path);
        }
    }
    if (!h) h = dlopen(FX_LIBFASTEC_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(error, sizeof error, "%s", e ? e : FX_LIBFASTEC_SONAME " could not be loaded");
        return;
    }
    struct fx_fastec t;
#define FX_RESOLVE(name)                                                                                      \
    if (!(*(void **)&t.name = dlsym(h, #name))) {                                                             \
        snprintf(error, sizeof error, "%s has no %s", FX_LIBFASTEC_SONAME, #name);                          \
        dlclose(h);                                                                                           \
        return;                                                                                               \
    }
    FX_FASTEC_FUNCTIONS(FX_RESOLVE)
#undef FX_RESOLVE
    fx_fastec = t;
    handle = h;
    loaded = 1;
}

int fx_fastec_load(void)
{
    pthread_once(&once, load);
    return loaded;
}

const char *fx_fastec_error(void) { return loaded ? NULL : error; }

/* the module unloaded: the library goes too (a reference of the module's) */
__attribute__((destructor)) static void unload(void)
{
    if (handle) dlclose(handle);
}
#else
int fx_fastec_load(void) { return 1; }
const char *fx_fastec_error(void) { return NULL; }
#endif
