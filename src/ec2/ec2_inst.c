/* SPDX-License-Identifier: Apache-2.0 */
/* One binary-field implementation: the build compiles this file once per
 * (field, backend) with the definitions tools/gen_curves.py gives it
 * (ec2_defs: -DGF_M=<m> -DGF_BACKEND=GF_<BACKEND> -DEC2_SYM=gf<m>_<backend>,
 * the name the generated dispatch table uses, -DEC2_BACKEND_ID=<backend>). */
#include "gf2m/gf2m_impl.h"
#include "ec2/ec2_impl.h"

/* the backend's name, from -DEC2_BACKEND_ID=<name> */
#define EC2_STR2(x) #x
#define EC2_STR(x) EC2_STR2(x)
#define EC2_BACKEND_NAME EC2_STR(EC2_BACKEND_ID)

#define EC2_PASTE(a, b) a##b
#define EC2_NAME(prefix, sym) EC2_PASTE(prefix, sym)

extern const ec_ops EC2_NAME(ec2_ops_, EC2_SYM);
const ec_ops EC2_NAME(ec2_ops_, EC2_SYM) = {
    .backend = EC2_BACKEND_NAME,
    .point_from_xy_vartime = ec2_op_point_from_xy_vartime,
    .point_from_x_vartime = ec2_op_point_from_x_vartime,
    .point_to_xy = ec2_op_point_to_xy,
    .point_ybit_vartime = ec2_op_point_ybit_vartime,
    .mul_x = ec2_op_mul_x,
    .mul_base = ec2_op_mul_base,
    .verify_vartime = ec2_op_verify_vartime,
#if EC_TABLES
    .tables_vartime = ec2_op_tables_vartime,
#endif
};

extern const ec_field_hooks EC2_NAME(ec2_field_, EC2_SYM);
const ec_field_hooks EC2_NAME(ec2_field_, EC2_SYM) = {
    .backend = EC2_BACKEND_NAME,
    .nwords = GF_NW,
    .mul = ec2_fe_mul,
    .mul_tp = ec2_fe_mul_tp,
    .sqr = ec2_fe_sqr,
#if GF_ZREG
    .mul_reg = EC2_ZNAME(ec2_fe_mul_reg_, EC2_SYM),
    .sqr_reg = EC2_ZNAME(ec2_fe_sqr_reg_, EC2_SYM),
#endif
    .inv = ec2_fe_inv,
    .sqrt = ec2_fe_sqrt,
    .halftrace = ec2_fe_halftrace,
    .trace = ec2_fe_trace,
    .mul_x_ladder = ec2_op_mul_x_ladder,
    .lam_add_x = ec2_op_lam_add_x,
};
