/* SPDX-License-Identifier: Apache-2.0 */
/* What a call leaves behind, for test_stack and test_scrub:
 *  - the stack below the caller: painted before the call, read back after
 *    (stack_copy; its first byte is the deepest), and how deep the call
 *    changed it;
 *  - the library's work stacks (src/workstack.h): whether every one is all
 *    zero again;
 *  - the registers right after the call returns: gpr_call makes the call
 *    from assembly (up to twelve integer arguments) and stores the general
 *    caller-saved registers the moment it returns; dump_vregs stores the
 *    vector registers. */
#ifndef FASTEC_TESTSTACK_H
#define FASTEC_TESTSTACK_H

#include <stdint.h>
#include <string.h>

#include "workstack.h"

#define STACK_SPAN (160 * 1024)
#define PAINT 0xa5

__attribute__((noinline)) static void paint(void)
{
    volatile uint8_t area[STACK_SPAN];
    for (size_t i = 0; i < sizeof area; i++) area[i] = PAINT;
}

static uint8_t stack_copy[STACK_SPAN];
/* the same area after the call, read uninitialized on purpose: what the
 * call left there is the point */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
__attribute__((noinline)) static void read_back(void)
{
    volatile uint8_t area[STACK_SPAN];
    for (size_t i = 0; i < sizeof area; i++) stack_copy[i] = area[i];
}
#pragma GCC diagnostic pop

/* the bytes below the caller the call changed: up to the deepest byte that
 * is not the paint, past the first run of 4096 painted bytes from the deep
 * end (the two frames' areas may sit a few bytes apart); STACK_SPAN when
 * the call changed the whole area (it went deeper still) */
static size_t deepest_change(void)
{
    size_t i = 0, run = 0;
    while (i < sizeof stack_copy && run < 4096) {
        run = stack_copy[i] == PAINT ? run + 1 : 0;
        i++;
    }
    if (run < 4096) return STACK_SPAN;
    while (i < sizeof stack_copy && stack_copy[i] == PAINT) i++;
    return STACK_SPAN - i;
}

/* 1 if every work stack mapped so far is all zero; else 0, with the area's
 * index and the offset of its first nonzero byte from its top */
__attribute__((unused)) static int areas_clean(size_t *which, size_t *from_top)
{
    uint8_t *base[256];
    size_t size[256];
    size_t n = ws_areas(base, size, 256);
    for (size_t a = 0; a < n; a++)
        for (size_t i = 0; i < size[a]; i++)
            if (base[a][i]) {
                *which = a;
                *from_top = size[a] - i;
                return 0;
            }
    return 1;
}

/* ---- registers ---- */
#if defined(__x86_64__)
#define GPR_COUNT 9
static const char *const gpr_names[GPR_COUNT] = {"rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10", "r11"};
/* uint64_t gpr_call(const void *fn, const uint64_t args[12], uint64_t out[9]) */
__asm__(".text\n.p2align 4\n.type gpr_call,@function\ngpr_call:\n"
        "  pushq %rbx\n  pushq %r12\n  pushq %rbp\n  movq %rsp,%rbp\n"
        "  movq %rdx,%rbx\n  movq %rdi,%r12\n  movq %rsi,%rax\n"
        "  andq $-16,%rsp\n  subq $48,%rsp\n"
        "  movq 48(%rax),%r10\n  movq %r10,0(%rsp)\n  movq 56(%rax),%r10\n  movq %r10,8(%rsp)\n"
        "  movq 64(%rax),%r10\n  movq %r10,16(%rsp)\n  movq 72(%rax),%r10\n  movq %r10,24(%rsp)\n"
        "  movq 80(%rax),%r10\n  movq %r10,32(%rsp)\n  movq 88(%rax),%r10\n  movq %r10,40(%rsp)\n"
        "  movq 0(%rax),%rdi\n  movq 8(%rax),%rsi\n  movq 16(%rax),%rdx\n  movq 24(%rax),%rcx\n"
        "  movq 32(%rax),%r8\n  movq 40(%rax),%r9\n"
        "  callq *%r12\n"
        "  movq %rax,0(%rbx)\n  movq %rcx,8(%rbx)\n  movq %rdx,16(%rbx)\n  movq %rsi,24(%rbx)\n  movq %rdi,32(%rbx)\n"
        "  movq %r8,40(%rbx)\n  movq %r9,48(%rbx)\n  movq %r10,56(%rbx)\n  movq %r11,64(%rbx)\n"
        "  movq %rbp,%rsp\n  popq %rbp\n  popq %r12\n  popq %rbx\n  ret\n.size gpr_call,.-gpr_call\n");
#define GPR_CALL 1
#elif defined(__aarch64__)
#define GPR_COUNT 19
static const char *const gpr_names[GPR_COUNT] = {"x0",  "x1",  "x2",  "x3",  "x4",  "x5",  "x6",
                                                 "x7",  "x8",  "x9",  "x10", "x11", "x12", "x13",
                                                 "x14", "x15", "x16", "x17", "x18"};
__asm__(".text\n.p2align 4\n.type gpr_call,%function\ngpr_call:\n"
        "  stp x29,x30,[sp,#-32]!\n  mov x29,sp\n  stp x19,x20,[sp,#16]\n"
        "  mov x19,x2\n  mov x20,x0\n  mov x9,x1\n  sub sp,sp,#32\n"
        "  ldp x10,x11,[x9,#64]\n  stp x10,x11,[sp]\n  ldp x10,x11,[x9,#80]\n  stp x10,x11,[sp,#16]\n"
        "  ldp x0,x1,[x9]\n  ldp x2,x3,[x9,#16]\n  ldp x4,x5,[x9,#32]\n  ldp x6,x7,[x9,#48]\n"
        "  blr x20\n"
        "  stp x0,x1,[x19]\n  stp x2,x3,[x19,#16]\n  stp x4,x5,[x19,#32]\n  stp x6,x7,[x19,#48]\n"
        "  stp x8,x9,[x19,#64]\n  stp x10,x11,[x19,#80]\n  stp x12,x13,[x19,#96]\n  stp x14,x15,[x19,#112]\n"
        "  stp x16,x17,[x19,#128]\n  str x18,[x19,#144]\n"
        "  add sp,sp,#32\n  ldp x19,x20,[sp,#16]\n  ldp x29,x30,[sp],#32\n  ret\n.size gpr_call,.-gpr_call\n");
#define GPR_CALL 1
#else
#define GPR_COUNT 1
static const char *const gpr_names[GPR_COUNT] = {"none"};
#endif

#ifdef GPR_CALL
uint64_t gpr_call(const void *fn, const uint64_t args[12], uint64_t out[GPR_COUNT]);
#endif
__attribute__((unused)) static uint64_t gprs[GPR_COUNT];

/* CALL_GPR(fn, A(arg), ...): the call of fn, the general registers stored
 * as it returns (where gpr_call exists); its int result. Every argument is
 * written A(...): a word for gpr_call, itself for a plain call. */
#ifdef GPR_CALL
#define A(x) ((uint64_t)(uintptr_t)(x))
#define CALL_GPR(fn, ...) ((int)gpr_call((const void *)(fn), (const uint64_t[12]){__VA_ARGS__}, gprs))
#else
#define A(x) (x)
#define CALL_GPR(fn, ...) (fn(__VA_ARGS__))
#endif

#endif
