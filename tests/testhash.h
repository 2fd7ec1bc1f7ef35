/* SPDX-License-Identifier: Apache-2.0 */
/* Hash descriptors by the names the vector files use ("SHA-1" ... "SHA-512"). */
#ifndef FASTEC_TESTHASH_H
#define FASTEC_TESTHASH_H

#include <string.h>

#include "hash/hash.h"

static inline const hash_desc *hash_by_name(const char *n)
{
    if (!strcmp(n, "SHA-1")) return &hash_sha1;
    if (!strcmp(n, "SHA-224")) return &hash_sha224;
    if (!strcmp(n, "SHA-256")) return &hash_sha256;
    if (!strcmp(n, "SHA-384")) return &hash_sha384;
    if (!strcmp(n, "SHA-512")) return &hash_sha512;
    return NULL;
}

#endif
