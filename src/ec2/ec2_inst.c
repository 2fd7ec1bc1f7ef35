/* One binary-curve implementation: the build compiles this file once per
 * (field, backend) with -DGF_M=<m> -DGF_BACKEND=<0|1> -DEC2_OPS_SYM=<name>. */
#include "gf2m/gf2m_impl.h"
#include "ec2/ec2_impl.h"

#if GF_BACKEND == GF_CLMUL
#define EC2_BACKEND_NAME "clmul"
#else
#define EC2_BACKEND_NAME "portable"
#endif

extern const ec_ops EC2_OPS_SYM;
const ec_ops EC2_OPS_SYM = {
    EC2_BACKEND_NAME,
    GF_NW,
    ec2_op_mul_x,
    ec2_op_mul_base,
    ec2_op_verify_vartime,
    ec2_op_check_vartime,
    ec2_op_decompress_vartime,
    ec2_op_ybit_vartime,
    ec2_fe_mul,
    ec2_fe_sqr,
    ec2_fe_inv,
    ec2_fe_sqrt,
    ec2_fe_halftrace,
    ec2_fe_trace,
    NULL,
    NULL,
};
