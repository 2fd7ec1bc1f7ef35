/* One prime-curve implementation: the build compiles this file once per
 * (prime, backend) with -DFP_BITS=<160|192|224|256|384|521> -DFP_ADX=<0|1>
 * -DECP_OPS_SYM=<name>. */
#include "ecp/ecp_impl.h"

extern const ec_ops ECP_OPS_SYM;
const ec_ops ECP_OPS_SYM = {
#if FP_HAVE_ADX
    "adx",
#else
    "portable",
#endif
    FP_NL,
    ecp_op_mul_x,
    ecp_op_mul_base,
    ecp_op_verify_vartime,
    ecp_op_check_vartime,
    ecp_op_decompress_vartime,
    ecp_op_ybit_vartime,
    ecp_fe_mul,
    ecp_fe_sqr,
    ecp_fe_inv,
    ecp_fe_sqrt,
    NULL,
    NULL,
    ecp_fe_add,
    ecp_fe_sub,
};
