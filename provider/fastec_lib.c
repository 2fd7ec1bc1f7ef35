/* SPDX-License-Identifier: Apache-2.0 */
/* libfastec, loaded on the provider's first use (fastec_lib.h). */
#include <pthread.h>
#include <stdio.h>

#include "fastec_lib.h"

#ifdef FX_LAZY_LIBFASTEC
#include <dlfcn.h>

/* the library the module was built with: its soname, found as a dependency
 * of the module would be (dlopen searches the calling object's run path) */
#ifndef FX_LIBFASTEC_SONAME
#error "FX_LIBFASTEC_SONAME names the library (libfastec.so.0)"
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
    void *h = dlopen(FX_LIBFASTEC_SONAME, RTLD_NOW | RTLD_LOCAL);
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
