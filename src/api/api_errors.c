/* SPDX-License-Identifier: Apache-2.0 */
/* fastec_strerror, and the compile-time proof that the library's internal
 * return codes (src/err.h) are the public ones (include/fastec.h). */
#include "ct.h"
#include "err.h"
#include "fastec.h"

#define SAME(x) _Static_assert((int)RC_##x == (int)FASTEC_ERR_##x, "RC_" #x " differs from FASTEC_ERR_" #x)
_Static_assert((int)RC_OK == (int)FASTEC_OK, "RC_OK differs from FASTEC_OK");
SAME(NULL);
SAME(CURVE);
SAME(BUFFER);
SAME(PRIVKEY);
SAME(ENCODING);
SAME(COORD);
SAME(NOT_ON_CURVE);
SAME(INFINITY);
SAME(SUBGROUP);
SAME(SIG_RANGE);
SAME(SIG_INVALID);
SAME(RANDOM);
SAME(ARG);
SAME(INTERNAL);
SAME(DER);
SAME(PEM);
SAME(CURVE_OID);
SAME(EXPLICIT_PARAMS);
SAME(ALGORITHM);
SAME(VERSION);
SAME(KEY_MISMATCH);
SAME(NO_CURVE);
SAME(HASH);
SAME(ENCRYPTED);
SAME(PASSPHRASE);
SAME(NOT_PRIVATE);
SAME(LEGACY_ENCRYPTED);
SAME(CIPHER);
SAME(BATCH);
SAME(MEMORY);

const char *fastec_strerror(int code)
{
    switch (code) {
    case FASTEC_OK: return "success";
    case FASTEC_ERR_NULL: return "a required argument is NULL";
    case FASTEC_ERR_CURVE: return "unknown or invalid curve";
    case FASTEC_ERR_BUFFER: return "output buffer too small";
    case FASTEC_ERR_PRIVKEY: return "private key out of range [1, n-1]";
    case FASTEC_ERR_ENCODING: return "malformed point encoding (prefix or length)";
    case FASTEC_ERR_COORD: return "point coordinate out of range";
    case FASTEC_ERR_NOT_ON_CURVE: return "point is not on the curve";
    case FASTEC_ERR_INFINITY: return "point at infinity";
    case FASTEC_ERR_SUBGROUP: return "point is not in the subgroup of order n";
    case FASTEC_ERR_SIG_RANGE: return "signature r or s out of range [1, n-1]";
    case FASTEC_ERR_SIG_INVALID: return "signature does not verify";
    case FASTEC_ERR_RANDOM: return "the random source failed";
    case FASTEC_ERR_ARG: return "invalid argument";
    case FASTEC_ERR_INTERNAL: return "internal error";
    case FASTEC_ERR_DER: return "malformed or non-strict DER";
    case FASTEC_ERR_PEM: return "malformed PEM (armor, label or base64), or no key block in it";
    case FASTEC_ERR_CURVE_OID: return "curve not supported by fastec";
    case FASTEC_ERR_EXPLICIT_PARAMS: return "explicit curve parameters are not accepted (named curves only)";
    case FASTEC_ERR_ALGORITHM: return "not an EC key (another algorithm)";
    case FASTEC_ERR_VERSION: return "unsupported structure version";
    case FASTEC_ERR_KEY_MISMATCH: return "embedded public key does not match the private key";
    case FASTEC_ERR_NO_CURVE: return "key without curve parameters";
    case FASTEC_ERR_HASH: return "unknown hash algorithm";
    case FASTEC_ERR_ENCRYPTED: return "encrypted private key: a passphrase is needed";
    case FASTEC_ERR_PASSPHRASE: return "wrong passphrase (or a damaged encrypted key)";
    case FASTEC_ERR_NOT_PRIVATE: return "a public key where a private key is needed";
    case FASTEC_ERR_LEGACY_ENCRYPTED:
        return "traditional encrypted PEM (Proc-Type: 4,ENCRYPTED) is not supported: convert it with "
               "openssl pkcs8 -topk8";
    case FASTEC_ERR_CIPHER: return "encryption scheme not supported (PBES2 with PBKDF2 and AES-CBC only)";
    case FASTEC_ERR_BATCH: return "one or more items of the batch failed (see each item's result)";
    case FASTEC_ERR_MEMORY: return "out of memory: no work stack could be mapped";
    default: return "unknown error code";
    }
}

const char *fastec_version(void) { return FASTEC_VERSION; }

void fastec_wipe(void *p, size_t len)
{
    if (p) ct_wipe(p, len);
}
