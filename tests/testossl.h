/* SPDX-License-Identifier: Apache-2.0 */
/* OpenSSL's NID for a fastec curve: by SEC 2 short name, else by NIST name
 * (OpenSSL calls secp192r1 and secp256r1 prime192v1 and prime256v1). */
#ifndef FASTEC_TESTOSSL_H
#define FASTEC_TESTOSSL_H

#include <openssl/ec.h>
#include <openssl/objects.h>

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

#endif
