/* SPDX-License-Identifier: Apache-2.0 */
/* What the public calls share. Every call that handles a private key or a
 * nonce runs its work in a CT_SECRET_FN function and returns through
 * ct_scrubbed(rc, api_burn(c)): nothing of the secret stays on the stack
 * below the caller or in the vector registers. */
#ifndef FASTEC_API_API_H
#define FASTEC_API_API_H

#include <stddef.h>

#include "ct.h"
#include "curves/curves.h"

/* the stack a secret operation on c may use, for ct_scrub: by the curve's
 * field size; the most where c is not a curve (the call fails before any
 * work) or where the curve is known only once the work is done (key files) */
static inline size_t api_burn(const struct fastec_curve *c)
{
    return ec_curve_valid(c) ? ct_burn_for_bits(c->field_bits) : CT_STACK_BURN;
}

/* the batch calls, whatever the curve */
static inline size_t api_burn_batch(void) { return CT_STACK_BURN_BATCH; }

#endif
