/* SPDX-License-Identifier: Apache-2.0 */
/* OpenSSL's NID for a fastec curve: by SEC 2 short name, else by NIST name
 * (OpenSSL calls secp192r1 and secp256r1 prime192v1 and prime256v1). */
#ifndef FASTEC_TESTOSSL_H
#define FASTEC_TESTOSSL_H

#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <stdio.h>

#include "fastec.h"

static inline int t_nid(const char *name)
{
    int nid = OBJ_sn2nid(name);
    if (nid == NID_undef) {
        const char *nist = fastec_curve_nist_name(fastec_curve_find(name));
        if (nist) nid = EC_curve_nist2nid(nist);
    }
    return nid;
}

/* fastec's operation counter "fastec-WHAT-count" (a provider parameter);
 * (unsigned long)-1 if it cannot be read */
static inline unsigned long t_fastec_counter(OSSL_PROVIDER *fx, const char *what)
{
    char name[48];
    unsigned long v = 0;
    snprintf(name, sizeof name, "fastec-%s-count", what);
    OSSL_PARAM p[] = {OSSL_PARAM_construct_ulong(name, &v), OSSL_PARAM_construct_end()};
    if (!OSSL_PROVIDER_get_params(fx, p)) return (unsigned long)-1;
    return v;
}

#endif
