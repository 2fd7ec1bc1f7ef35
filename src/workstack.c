/* SPDX-License-Identifier: Apache-2.0 */
/* The work stacks (workstack.h): the pool of areas, the switch of the stack
 * pointer (assembly per architecture), and the wipe after the work.
 *
 * The pool is a fixed array of slots, each a busy flag and an area mapped
 * the first time the slot is taken; a thread starts its search at the slot
 * it took last, so that it keeps its area (warm in its cache) and threads
 * do not contend for one flag. A call that finds every slot busy (more
 * threads inside the library at once than slots, or a signal handler
 * calling in while its thread already is) maps an area for itself and
 * unmaps it afterwards. Nothing here takes a lock: the flags are atomic. */
#define _GNU_SOURCE /* MAP_ANONYMOUS, MAP_STACK, dl_iterate_phdr */
#include <link.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cpu.h"
#include "ct.h"
#include "err.h"
#include "workstack.h"

/* Under valgrind, the areas are registered as stacks, and the bytes below
 * a stack pointer that has moved back up are not addressable to memcheck:
 * the wipe makes them addressable first (client requests, which cost a few
 * instructions when not under valgrind). */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>) && __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#define WS_VALGRIND 1
#endif
#endif

/* ---- the switch: int ws_switch(void *arg, int (*work)(void *), void *sp)
 * calls work(arg) with the stack pointer at sp and returns its result. On
 * the way back it zeroes the caller-saved general registers the result
 * does not use: the work's values may still be in them, and a context
 * switch or a signal saves them where other code reads. The frame pointer
 * chain is kept (the old stack pointer in rbp, x29, r11), so debuggers and
 * profilers unwind through the switch. ---- */
#if defined(__x86_64__) && defined(__ELF__)
#define WS_SWITCHES 1
#if defined(__CET__)
#define WS_ENDBR "  endbr64\n"
#else
#define WS_ENDBR ""
#endif
__asm__(".text\n"
        ".p2align 4\n"
        ".globl ws_switch\n.hidden ws_switch\n.type ws_switch,@function\n"
        "ws_switch:\n"
        "  .cfi_startproc\n" WS_ENDBR
        "  pushq %rbp\n"
        "  .cfi_def_cfa_offset 16\n"
        "  .cfi_offset %rbp,-16\n"
        "  movq %rsp,%rbp\n"
        "  .cfi_def_cfa_register %rbp\n"
        "  movq %rdx,%rsp\n"
        "  callq *%rsi\n"
        "  xorl %ecx,%ecx\n  xorl %edx,%edx\n  xorl %esi,%esi\n  xorl %edi,%edi\n"
        "  xorl %r8d,%r8d\n  xorl %r9d,%r9d\n  xorl %r10d,%r10d\n  xorl %r11d,%r11d\n"
        "  movq %rbp,%rsp\n"
        "  popq %rbp\n"
        "  .cfi_def_cfa %rsp,8\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".size ws_switch,.-ws_switch\n");
#elif defined(__aarch64__) && defined(__ELF__)
#define WS_SWITCHES 1
#if defined(__ARM_FEATURE_BTI_DEFAULT)
#define WS_BTI "  hint #34\n" /* bti c */
#else
#define WS_BTI ""
#endif
/* x18 is a temporary register on Linux, and reserved elsewhere */
#if defined(__linux__) && !defined(__ANDROID__)
#define WS_X18 "  mov x18,xzr\n"
#else
#define WS_X18 ""
#endif
__asm__(".text\n"
        ".p2align 4\n"
        ".globl ws_switch\n.hidden ws_switch\n.type ws_switch,%function\n"
        "ws_switch:\n"
        "  .cfi_startproc\n" WS_BTI
        "  stp x29,x30,[sp,#-16]!\n"
        "  .cfi_def_cfa_offset 16\n"
        "  .cfi_offset x29,-16\n"
        "  .cfi_offset x30,-8\n"
        "  mov x29,sp\n"
        "  .cfi_def_cfa_register x29\n"
        "  mov sp,x2\n"
        "  blr x1\n"
        "  mov x1,xzr\n  mov x2,xzr\n  mov x3,xzr\n  mov x4,xzr\n  mov x5,xzr\n  mov x6,xzr\n"
        "  mov x7,xzr\n  mov x8,xzr\n  mov x9,xzr\n  mov x10,xzr\n  mov x11,xzr\n  mov x12,xzr\n"
        "  mov x13,xzr\n  mov x14,xzr\n  mov x15,xzr\n  mov x16,xzr\n  mov x17,xzr\n" WS_X18
        "  mov sp,x29\n"
        "  .cfi_def_cfa_register sp\n"
        "  ldp x29,x30,[sp],#16\n"
        "  .cfi_def_cfa_offset 0\n"
        "  .cfi_restore x29\n"
        "  .cfi_restore x30\n"
        "  ret\n"
        "  .cfi_endproc\n"
        ".size ws_switch,.-ws_switch\n");
#elif defined(__s390x__) && defined(__ELF__)
#define WS_SWITCHES 1
/* r6-r15 are saved at 8 * n bytes above the caller's stack pointer (the
 * register save area its caller provides); sp leaves the callee its own
 * 160-byte save area inside the work area (WS_TOP_RESERVE) */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl ws_switch\n.hidden ws_switch\n.type ws_switch,@function\n"
        "ws_switch:\n"
        "  .cfi_startproc\n"
        "  stmg %r11,%r15,88(%r15)\n"
        "  .cfi_offset %r11,-72\n  .cfi_offset %r12,-64\n  .cfi_offset %r13,-56\n"
        "  .cfi_offset %r14,-48\n  .cfi_offset %r15,-40\n"
        "  lgr %r11,%r15\n"
        "  .cfi_def_cfa_register %r11\n"
        "  lgr %r15,%r4\n"
        "  basr %r14,%r3\n"
        "  lghi %r0,0\n  lghi %r1,0\n  lghi %r3,0\n  lghi %r4,0\n  lghi %r5,0\n"
        "  lgr %r15,%r11\n"
        "  .cfi_def_cfa_register %r15\n"
        "  lmg %r11,%r15,88(%r15)\n"
        "  br %r14\n"
        "  .cfi_endproc\n"
        ".size ws_switch,.-ws_switch\n");
#endif

/* The dynamic linker binds a C library function at its first call from a
 * module linked for lazy binding: its resolver saves the CPU's register
 * state on the stack (x86-64: an XSAVE area of the size CPUID leaf 0xD
 * gives for the features the OS enabled), then looks the symbol up. That
 * frame can hold the work's registers, so where the module that holds
 * this code binds lazily, the wipe reaches that far below the deepest call
 * into the C library too: the state's size and 4 KB for the lookup's
 * frames. The shared library is linked with -z now and needs none of it;
 * a program that links the static library decides for itself. */
struct ws_module_scan {
    uintptr_t addr;
    int found, now;
};

static int ws_module_cb(struct dl_phdr_info *info, size_t size, void *p)
{
    (void)size;
    struct ws_module_scan *m = p;
    const ElfW(Phdr) *dyn = NULL;
    int mine = 0;
    for (size_t i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_DYNAMIC) dyn = ph;
        if (ph->p_type == PT_LOAD && m->addr - (info->dlpi_addr + ph->p_vaddr) < ph->p_memsz) mine = 1;
    }
    if (!mine) return 0;
    m->found = 1;
    if (!dyn) { /* no dynamic section: nothing to bind */
        m->now = 1;
        return 1;
    }
    int plt = 0;
    for (const ElfW(Dyn) *d = (const ElfW(Dyn) *)(info->dlpi_addr + dyn->p_vaddr); d->d_tag != DT_NULL; d++) {
        if (d->d_tag == DT_BIND_NOW || (d->d_tag == DT_FLAGS && (d->d_un.d_val & DF_BIND_NOW)) ||
            (d->d_tag == DT_FLAGS_1 && (d->d_un.d_val & DF_1_NOW)))
            m->now = 1;
        if (d->d_tag == DT_JMPREL) plt = 1;
    }
    if (!plt) m->now = 1;
    return 1;
}

static size_t ws_lazy_room(void)
{
    static atomic_size_t cache; /* the room + 1; 0: not known yet */
    size_t r = atomic_load_explicit(&cache, memory_order_relaxed);
    if (r) return r - 1;
    const char *env = getenv("LD_BIND_NOW");
    struct ws_module_scan m = {(uintptr_t)&ws_lazy_room, 0, env && *env};
    if (!m.now) dl_iterate_phdr(ws_module_cb, &m);
    r = 0;
    if (!m.now) {
        r = 4096 + 512;
#if defined(__x86_64__)
        unsigned a, b, c, d;
        __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
        if ((c >> 27) & 1) { /* OSXSAVE */
            __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0xd), "c"(0));
            r = 4096 + (b > 512 ? b : 512);
        }
#endif
    }
    atomic_store_explicit(&cache, r + 1, memory_order_relaxed);
    return r;
}

/* the bytes below the starting stack pointer the work can have written */
static size_t ws_wipe_size(enum ws_entry e, size_t row)
{
    const size_t b = ws_bounds[row][e], x = ws_external_depth[row][e] + ws_lazy_room();
    return b > x ? b : x;
}

#ifdef WS_SWITCHES
int ws_switch(void *arg, int (*work)(void *), void *sp);

/* ---- the pool ---- */
#define WS_SLOTS 256

static struct {
    _Alignas(64) atomic_uint busy;
    uint8_t *base; /* the lowest usable byte (the guard page is below); NULL until mapped */
} slots[WS_SLOTS];
/* one past the highest slot ever mapped: the unmapping at exit reads only
 * those (a program that never calls fastec touches none of the array) */
static atomic_uint slots_mapped;

/* where this thread last found a free slot */
static _Thread_local unsigned ws_hint;

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

/* the mapping's usable size: ws_area_size rounded up to whole pages */
static size_t usable_size(void)
{
    const size_t pg = page_size();
    return (ws_area_size + pg - 1) / pg * pg;
}

/* an area with a guard page below it, or NULL */
static uint8_t *area_map(void)
{
    const size_t pg = page_size(), n = usable_size();
    int flags = MAP_PRIVATE | MAP_ANONYMOUS;
#ifdef MAP_STACK
    flags |= MAP_STACK;
#endif
    uint8_t *m = mmap(NULL, pg + n, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (m == MAP_FAILED) return NULL;
    if (mprotect(m, pg, PROT_NONE)) {
        munmap(m, pg + n);
        return NULL;
    }
#ifdef WS_VALGRIND
    VALGRIND_STACK_REGISTER(m + pg, m + pg + n);
#endif
    return m + pg;
}

static void area_unmap(uint8_t *base)
{
    const size_t pg = page_size();
    munmap(base - pg, pg + usable_size());
}

/* a free slot, taken and mapped (its index), or WS_SLOTS with *base a
 * mapping of the caller's own, or WS_SLOTS with *base NULL */
static unsigned area_take(uint8_t **base)
{
    const unsigned h = ws_hint;
    for (unsigned k = 0; k < WS_SLOTS; k++) {
        const unsigned i = (h + k) % WS_SLOTS;
        if (atomic_load_explicit(&slots[i].busy, memory_order_relaxed) ||
            atomic_exchange_explicit(&slots[i].busy, 1, memory_order_acquire))
            continue;
        if (!slots[i].base) {
            if (!(slots[i].base = area_map())) {
                atomic_store_explicit(&slots[i].busy, 0, memory_order_release);
                break;
            }
            unsigned m = atomic_load_explicit(&slots_mapped, memory_order_relaxed);
            while (m < i + 1 && !atomic_compare_exchange_weak_explicit(&slots_mapped, &m, i + 1, memory_order_release,
                                                                      memory_order_relaxed)) {
            }
        }
        ws_hint = i;
        *base = slots[i].base;
        return i;
    }
    *base = area_map();
    return WS_SLOTS;
}

static void area_give(unsigned i, uint8_t *base)
{
    if (i < WS_SLOTS) atomic_store_explicit(&slots[i].busy, 0, memory_order_release);
    else area_unmap(base);
}

/* the areas go when the library does (dlclose, exit); an area in use
 * then stays (a thread may still be running on it) */
__attribute__((destructor)) static void ws_unmap_all(void)
{
    const unsigned n = atomic_load_explicit(&slots_mapped, memory_order_acquire);
    for (unsigned i = 0; i < n; i++) {
        if (atomic_exchange_explicit(&slots[i].busy, 1, memory_order_acquire)) continue;
        if (slots[i].base) area_unmap(slots[i].base);
        slots[i].base = NULL;
        atomic_store_explicit(&slots[i].busy, 0, memory_order_release);
    }
}

static void *(*const volatile ws_memset)(void *, int, size_t) = memset;

int ws_run(int (*work)(void *), void *arg, enum ws_entry e, size_t row)
{
    cpu_report_env();
    uint8_t *base;
    const unsigned slot = area_take(&base);
    if (!base) return RC_MEMORY;
    uint8_t *top = base + usable_size();
    int rc = ws_switch(arg, work, top - WS_TOP_RESERVE);
    /* everything from the deepest byte the work can write to the top */
    size_t n = ws_wipe_size(e, row) + WS_TOP_RESERVE;
    if (n > usable_size()) n = usable_size();
#ifdef WS_VALGRIND
    VALGRIND_MAKE_MEM_UNDEFINED(top - n, n);
#endif
    ws_memset(top - n, 0, n);
    cpu_clear_vector_registers();
    area_give(slot, base);
    return rc;
}

size_t ws_areas(uint8_t **base, size_t *size, size_t max)
{
    size_t n = 0;
    for (unsigned i = 0; i < WS_SLOTS && n < max; i++)
        if (slots[i].base) {
            base[n] = slots[i].base;
            size[n] = usable_size();
            n++;
        }
    return n;
}

#else
/* Targets without a switch here run the work on the caller's stack and
 * then zero the bound's bytes below the caller, as far as the work can
 * have written (the stack budget does not hold on them). */
__attribute__((noinline)) static void ws_scrub_below(size_t n)
{
    volatile uint8_t area[n];
    for (size_t i = 0; i < n; i++) area[i] = 0;
    cpu_clear_vector_registers();
}

int ws_run(int (*work)(void *), void *arg, enum ws_entry e, size_t row)
{
    cpu_report_env();
    int rc = work(arg);
    ws_scrub_below(ws_wipe_size(e, row) + WS_TOP_RESERVE);
    return rc;
}

size_t ws_areas(uint8_t **base, size_t *size, size_t max)
{
    (void)base, (void)size, (void)max;
    return 0;
}
#endif
