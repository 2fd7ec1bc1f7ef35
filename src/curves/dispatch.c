/* Choice of implementation per curve: every backend compiled for the curve's
 * field, and the fastest one the CPU (capped by FASTEC_CPU) can run. */
#include "cpu.h"
#include "ec_ops.h"

#define EC2_FIELDS(X) X(163) X(193) X(233) X(239) X(283) X(409) X(571)

#define DECL_PORTABLE(m) extern const ec_ops ec2_ops_##m##_portable;
EC2_FIELDS(DECL_PORTABLE)
#ifdef FASTEC_HAVE_CLMUL
#define DECL_CLMUL(m) extern const ec_ops ec2_ops_##m##_clmul;
EC2_FIELDS(DECL_CLMUL)
#define ROW(m) {&ec2_ops_##m##_portable, &ec2_ops_##m##_clmul},
#define NBACKENDS 2
#else
#define ROW(m) {&ec2_ops_##m##_portable},
#define NBACKENDS 1
#endif

/* indexed by ec2_params.field_index (fields in increasing m), then by cpu_level */
static const ec_ops *const ec2_impls[][NBACKENDS] = {EC2_FIELDS(ROW)};

#define ECP_FIELDS(X) X(160) X(192) X(224) X(256) X(384) X(521)
#define DECL_ECP(b) extern const ec_ops ecp_ops_##b##_portable;
ECP_FIELDS(DECL_ECP)
#ifdef FASTEC_HAVE_CLMUL /* x86-64: MULX/ADX instances for the primes below 2^512 */
#define ECP_ADX_FIELDS(X) X(160) X(192) X(224) X(256) X(384)
#define DECL_ECP_ADX(b) extern const ec_ops ecp_ops_##b##_adx;
ECP_ADX_FIELDS(DECL_ECP_ADX)
#endif

/* the prime curves' field sizes are distinct, so bitlen(p) names the instance;
 * adx: the MULX/ADX one if there is one */
static const ec_ops *ecp_impl(const struct fastec_curve *c, int adx)
{
#ifdef FASTEC_HAVE_CLMUL
    if (adx) {
        switch (c->field_bits) {
#define CASE_ECP_ADX(b) \
    case b: return &ecp_ops_##b##_adx;
            ECP_ADX_FIELDS(CASE_ECP_ADX)
        default: break;
        }
    }
#else
    (void)adx;
#endif
    switch (c->field_bits) {
#define CASE_ECP(b) \
    case b: return &ecp_ops_##b##_portable;
        ECP_FIELDS(CASE_ECP)
    default: return NULL;
    }
}

unsigned ec_backends(const struct fastec_curve *c, const ec_ops *ops[EC_MAX_BACKENDS])
{
    unsigned n = 0;
    if (c->kind == EC_KIND_PRIME) {
        const ec_ops *o = ecp_impl(c, 0), *x = ecp_impl(c, cpu_adx_hw());
        if (o) ops[n++] = o;
        if (x && x != o) ops[n++] = x;
        return n;
    }
    enum cpu_level hw = cpu_level_hw();
    for (unsigned l = 0; l < NBACKENDS && l <= (unsigned)hw; l++) ops[n++] = ec2_impls[c->impl_index][l];
    return n;
}

const ec_ops *ec_ops_for(const struct fastec_curve *c)
{
    if (c->kind == EC_KIND_PRIME) return ecp_impl(c, cpu_adx());
    unsigned l = (unsigned)cpu_level();
    if (l >= NBACKENDS) l = NBACKENDS - 1;
    return ec2_impls[c->impl_index][l];
}
