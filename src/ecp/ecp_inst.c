/* SPDX-License-Identifier: Apache-2.0 */
/* One prime-curve implementation: the build compiles this file once per
 * (curve, backend) with the definitions tools/gen_curves.py gives it
 * (ecp_defs: -DFP_CURVE_<name> -DFP_ADX=<0|1> -DECP_IFMA=<0|1>
 * -DECP_SYM=<name>_<backend>, the name the generated dispatch table uses,
 * -DECP_BACKEND_ID=<backend>). */
#include "ecp/ecp_impl.h"
#include "fp/fp_hooks.h"

/* the backend's name, from -DECP_BACKEND_ID=<name> */
#define ECP_STR2(x) #x
#define ECP_STR(x) ECP_STR2(x)
#define ECP_BACKEND_NAME ECP_STR(ECP_BACKEND_ID)

#define ECP_PASTE(a, b) a##b
#define ECP_NAME(prefix, sym) ECP_PASTE(prefix, sym)

extern const ec_ops ECP_NAME(ecp_ops_, ECP_SYM);
const ec_ops ECP_NAME(ecp_ops_, ECP_SYM) = {
    .backend = ECP_BACKEND_NAME,
    .point_from_xy_vartime = ecp_op_point_from_xy_vartime,
    .point_from_x_vartime = ecp_op_point_from_x_vartime,
    .point_to_xy = ecp_op_point_to_xy,
    .point_ybit_vartime = ecp_op_point_ybit_vartime,
    .mul_x = ecp_op_mul_x,
    .mul_base = ecp_op_mul_base,
    .verify_vartime = ecp_op_verify_vartime,
#if EC_TABLES
    .tables_vartime = ecp_op_tables_vartime,
#endif
};

extern const ec_field_hooks ECP_NAME(ecp_field_, ECP_SYM);
const ec_field_hooks ECP_NAME(ecp_field_, ECP_SYM) = {
    .backend = ECP_BACKEND_NAME,
    .nwords = FP_NL,
    .mul = fp_hook_mul,
    .sqr = fp_hook_sqr,
    .inv = fp_hook_inv,
    .sqrt = fp_hook_sqrt,
    .add = fp_hook_add,
    .sub = fp_hook_sub,
#ifdef FP_HOOK_HALF
    .half = FP_HOOK_HALF,
#endif
};
