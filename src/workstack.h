/* SPDX-License-Identifier: Apache-2.0 */
/* The work stacks: every public call that computes on a point or a secret
 * runs its work on a stack of the library's own, not on its caller's, so
 * that the call writes only a few hundred bytes of its caller's stack
 * (include/fastec.h: the stack budget), however deep the work goes.
 *
 * A work stack is an area mapped on first use (a guard page below it) and
 * kept in a pool for reuse: a call takes a free one, switches its stack
 * pointer to the area's top, runs the work, switches back, zeroes the part
 * of the area the work could have written, clears the vector and general
 * caller-saved registers, and gives the area back. Between calls every
 * area is all zero.
 *
 * How much of the area a work function can write is not guessed: the build
 * derives it for each work function and curve from the compiler's
 * per-function stack usage and the call graph of the compiled objects
 * (tools/stack_bounds.py, which writes the table ws_bounds), and the area's
 * size from the largest of those. test_stack checks both: the caller's
 * stack against the budget, and that every area is all zero after every
 * call. */
#ifndef FASTEC_WORKSTACK_H
#define FASTEC_WORKSTACK_H

#include <stddef.h>
#include <stdint.h>

/* The work functions: WS_ENTRIES(X) names each once; the public call for
 * entry NAME runs `int work_NAME(void *arg)` (src/api/), and
 * tools/stack_bounds.py finds it by that name. */
#define WS_ENTRIES(X)                                                                                                  \
    X(keygen)                                                                                                          \
    X(public_key)                                                                                                      \
    X(public_key_check)                                                                                                \
    X(public_key_convert)                                                                                              \
    X(ecdh)                                                                                                            \
    X(ecdsa_sign)                                                                                                      \
    X(ecdsa_verify)                                                                                                    \
    X(ecdh_batch_lanes)                                                                                                \
    X(ecdh_batch_loop)                                                                                                 \
    X(sign_batch_lanes)                                                                                                \
    X(sign_batch_loop)                                                                                                 \
    X(verify_batch_lanes)                                                                                              \
    X(verify_batch_loop)                                                                                               \
    X(private_encode)                                                                                                  \
    X(private_encrypt)                                                                                                 \
    X(private_read)                                                                                                    \
    X(public_encode)                                                                                                   \
    X(public_read)                                                                                                     \
    X(curve_tables)

enum ws_entry {
#define WS_ENUM(name) WS_##name,
    WS_ENTRIES(WS_ENUM)
#undef WS_ENUM
        WS_ENTRY_COUNT
};

/* Generated for this build (tools/stack_bounds.py, <build>/stack_bounds.c):
 * ws_bounds[i][e], the bytes below the area's starting stack pointer that
 * work function e can write on curve i (curve table order), the last row
 * for a call whose curve is not known (the largest over every curve);
 * ws_external_depth[i][e], the deepest point at which it calls a function
 * outside the library (the C library), below which the dynamic linker may
 * bind that function lazily, with a frame of the CPU's register state
 * (workstack.c adds it); ws_area_size, the usable size of an area (the
 * largest bound, the start offset and room for a signal handler's frame). */
extern const uint32_t ws_bounds[][WS_ENTRY_COUNT];
extern const uint32_t ws_external_depth[][WS_ENTRY_COUNT];
extern const size_t ws_area_size;

/* The bytes above the starting stack pointer that belong to the area
 * (s390x: the callee's register save area; alignment elsewhere). */
#define WS_TOP_RESERVE 256

/* The row of ws_bounds for a call whose curve is not known */
extern const size_t ws_any_curve;

/* Runs work(arg) on a work stack and returns its result; row (a curve's
 * index in the curve table, or ws_any_curve) and e choose the bound of the
 * wipe. RC_MEMORY when no area could be mapped (nothing ran then). */
int ws_run(int (*work)(void *), void *arg, enum ws_entry e, size_t row);

/* For the tests: the areas mapped so far (*n of them, at most max), each as
 * its lowest usable byte and its size. */
size_t ws_areas(uint8_t **base, size_t *size, size_t max);

#endif
