/* SPDX-License-Identifier: Apache-2.0 */
/* The library's functions the provider calls, each as FX(name)(...).
 *
 * The module is loaded by every program that reads a configuration naming
 * fastec, and most of them never use EC. So the module (FX_LAZY_LIBFASTEC,
 * its normal build) does not link libfastec: it loads it on its first use
 * (fx_fastec_load, from fx_ready) by dlopen from the library directory
 * relative to the module's own, and calls it through a table of pointers
 * filled from this list.
 * A program that never fetches EC maps one small module instead of two
 * objects and their relocations. The constant-time-check copy of the module
 * links its library directly (FX(name) is then name). */
#ifndef FASTEC_PROVIDER_LIB_H
#define FASTEC_PROVIDER_LIB_H

#include "fastec.h"

#define FX_FASTEC_FUNCTIONS(X)                                                                                 \
    X(fastec_curve_at) X(fastec_curve_backend) X(fastec_curve_count) X(fastec_curve_field_size)                 \
    X(fastec_curve_find) X(fastec_curve_name) X(fastec_curve_nist_name) X(fastec_curve_order_bits)              \
    X(fastec_curve_scalar_size) X(fastec_ecdh) X(fastec_ecdh_cofactor) X(fastec_ecdsa_sign)                     \
    X(fastec_ecdsa_sign_hedged) X(fastec_ecdsa_verify) X(fastec_hash_final) X(fastec_hash_init)                 \
    X(fastec_hash_size) X(fastec_hash_update) X(fastec_keygen) X(fastec_private_key_read)                       \
    X(fastec_public_key) X(fastec_public_key_check) X(fastec_public_key_convert) X(fastec_public_key_read)      \
    X(fastec_sig_from_der) X(fastec_sig_to_der) X(fastec_strerror)

#ifdef FX_LAZY_LIBFASTEC
struct fx_fastec {
#define FX_MEMBER(name) __typeof__(name) *name;
    FX_FASTEC_FUNCTIONS(FX_MEMBER)
#undef FX_MEMBER
};
/* filled once by fx_fastec_load; read only after it returned 1 */
extern struct fx_fastec fx_fastec;
#define FX(name) (fx_fastec.name)
#else
#define FX(name) name
#endif

/* libfastec loaded and every function found (once, thread-safe); 0 with
 * the reason in fx_fastec_error() if not */
int fx_fastec_load(void);
const char *fx_fastec_error(void);

#endif
