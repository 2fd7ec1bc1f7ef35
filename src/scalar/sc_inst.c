/* The constant-time inverse modulo one prime curve's order n, on the same
 * per-modulus Montgomery code as the field (fp/fp_impl.h with FP_ORDER=1:
 * n's constants as compile-time constants, MULX/ADX when FP_ADX=1). The build
 * compiles this file once per (curve, backend) with -DFP_BITS=<bitlen(p)>
 * -DFP_ORDER=1 -DFP_ADX=<0|1> -DSC_INV_SYM=<name>. */
#include "ct.h"
#include "fp/fp_impl.h"

void SC_INV_SYM(uint64_t *r, const uint64_t *a);

/* r = a^-1 mod n (0 for 0) by Fermat, a^(n-2) over fixed 4-bit windows of the
 * public exponent; a and r are plain FP_NL-word values below n. */
void SC_INV_SYM(uint64_t *r, const uint64_t *a)
{
    fe x, y;
    const fe one = {1};
    fp_mul(x, a, fp_rr); /* a R */
    fp_inv(y, x);        /* a^-1 R */
    fp_mul(r, y, one);
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
}
