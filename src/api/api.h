/* SPDX-License-Identifier: Apache-2.0 */
/* What the public calls share. A call that computes on a point or a secret
 * packs its arguments and runs its work_* function (workstack.h names them)
 * through api_run, on a work stack of the library's: the caller's stack
 * holds only the public function's frame, and the work stack, the vector
 * registers and the general caller-saved registers hold nothing of the
 * call once it returns. */
#ifndef FASTEC_API_API_H
#define FASTEC_API_API_H

#include "workstack.h"

struct fastec_curve;

/* work(arg) on a work stack; the wipe's bound by entry e and the curve
 * (every curve's largest where c is not a curve, or not known before the
 * work). Where c is a curve whose tables of G are not computed yet, a work
 * of its own computes them first, so that the operations' works never
 * hold the frames of that code. */
int api_run(int (*work)(void *), void *arg, enum ws_entry e, const struct fastec_curve *c);

#endif
