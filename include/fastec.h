/* SPDX-License-Identifier: Apache-2.0 */
/* fastec: constant-time ECDH and ECDSA on the SEC 2 / NIST curves.
 *
 * Conventions
 *  - Byte strings are big-endian; a length follows its buffer.
 *  - Every operation returns FASTEC_OK (0) or a negative FASTEC_ERR_* code;
 *    fastec_strerror() names a code in plain words.
 *  - Output sizes: where an output has a length argument (size_t *len), *len
 *    is the capacity on input and the length written on output. A buffer too
 *    small gives FASTEC_ERR_BUFFER with *len set to the size needed; a NULL
 *    output asks for that size (FASTEC_OK, *len set, nothing written). The
 *    FASTEC_MAX_* sizes below fit every curve.
 *  - Aliasing: every call works in place, with outputs overlapping inputs
 *    (for example fastec_sig_to_der(c, buf, buf, &len) or
 *    fastec_public_key_convert(c, buf, n, 1, buf, &len)), but for the batch
 *    calls, whose outputs may overlap nothing (see below).
 *  - Every call is thread-safe, the first one included. There is no global
 *    state to set up or tear down. The first operation on a curve in a
 *    process computes the curve's precomputed tables (from 0.2 ms for the
 *    smallest curves to 6 ms for the 571-bit ones, once; a thread that meets
 *    another doing it waits for it).
 *  - The stack budget: every call writes at most 16 KB of its caller's
 *    stack, its wipes included (today under 1 KB), so that fastec runs in
 *    OpenSSL's asynchronous jobs (32 KB stacks), on small thread stacks
 *    and in coroutines. A call on a point or a secret (keys, ECDH, ECDSA,
 *    batches, key files) runs its work on a work stack of the library's:
 *    an area mapped the first time it is needed (about 200 KB of address
 *    space, of which a call touches what it uses, 2-40 KB for a single
 *    operation, up to 140 KB for a batch), kept in a pool and reused, one
 *    per thread inside the library at a time, unmapped when the library is
 *    unloaded. No call allocates on the heap. Where no area can be mapped,
 *    the call fails with FASTEC_ERR_MEMORY and does nothing.
 *  - Operations on secrets (private keys, nonces, passphrases) are
 *    constant-time, and the library wipes the secrets it copies before
 *    returning. Before a call returns, every byte of the work stack the
 *    call could have written is zero (the bound derived at build time from
 *    the compiled code), and the vector registers and the caller-saved
 *    general registers it does not return a value in are cleared.
 */
#ifndef FASTEC_H
#define FASTEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FASTEC_VERSION_MAJOR 0
#define FASTEC_VERSION_MINOR 2
#define FASTEC_VERSION_PATCH 0
#define FASTEC_VERSION "0.2.0"

/* Marks the library's API: the shared library exports these and nothing
 * else (everything else is built with hidden visibility). */
#if defined(__GNUC__) || defined(__clang__)
#define FASTEC_API __attribute__((visibility("default")))
#else
#define FASTEC_API
#endif

/* The largest sizes, over every curve, of what fastec writes (sect571:
 * 72-byte coordinates and scalars); tests/test_api.c checks each is reached.
 * Files written by other programs may be larger (other salts, PRFs). */
#define FASTEC_MAX_FIELD_SIZE 72          /* a coordinate, an ECDH secret */
#define FASTEC_MAX_SCALAR_SIZE 72         /* a private key, r, s */
#define FASTEC_MAX_PUBLIC_KEY_SIZE 145    /* SEC 1 uncompressed point */
#define FASTEC_MAX_SIGNATURE_SIZE 144     /* r || s */
#define FASTEC_MAX_SIGNATURE_DER_SIZE 153 /* SEQUENCE { INTEGER r, INTEGER s } */
#define FASTEC_MAX_DIGEST_SIZE 64
#define FASTEC_MAX_PRIVATE_KEY_DER_SIZE 260   /* SEC 1 or PKCS#8, with the public key */
#define FASTEC_MAX_PRIVATE_KEY_PEM_SIZE 408
#define FASTEC_MAX_ENCRYPTED_KEY_DER_SIZE 379 /* PKCS#8 EncryptedPrivateKeyInfo, any iteration count */
#define FASTEC_MAX_ENCRYPTED_KEY_PEM_SIZE 590
#define FASTEC_MAX_PUBLIC_KEY_DER_SIZE 170    /* SubjectPublicKeyInfo */
#define FASTEC_MAX_PUBLIC_KEY_PEM_SIZE 284

enum {
    FASTEC_OK = 0,
    FASTEC_ERR_NULL = -1,          /* a required pointer argument is NULL */
    FASTEC_ERR_CURVE = -2,         /* curve is NULL or not a fastec curve */
    FASTEC_ERR_BUFFER = -3,        /* output buffer too small (*len: the size needed) */
    FASTEC_ERR_PRIVKEY = -4,       /* private key not in [1, n-1] */
    FASTEC_ERR_ENCODING = -5,      /* point encoding malformed: prefix or length */
    FASTEC_ERR_COORD = -6,         /* coordinate out of range (>= p, or degree >= m) */
    FASTEC_ERR_NOT_ON_CURVE = -7,  /* point not on the curve (or x with no y) */
    FASTEC_ERR_INFINITY = -8,      /* point at infinity given or produced */
    FASTEC_ERR_SUBGROUP = -9,      /* point not in the subgroup of order n */
    FASTEC_ERR_SIG_RANGE = -10,    /* r or s not in [1, n-1] */
    FASTEC_ERR_SIG_INVALID = -11,  /* signature does not verify */
    FASTEC_ERR_RANDOM = -12,       /* the operating system's random source failed */
    FASTEC_ERR_ARG = -13,          /* other invalid argument */
    FASTEC_ERR_INTERNAL = -14,     /* internal consistency check failed */
    FASTEC_ERR_DER = -15,          /* malformed or non-strict DER (BER, bad length, trailing bytes) */
    FASTEC_ERR_PEM = -16,          /* malformed PEM, or no block of the kind wanted */
    FASTEC_ERR_CURVE_OID = -17,    /* named curve not supported by fastec */
    FASTEC_ERR_EXPLICIT_PARAMS = -18, /* explicit curve parameters (only named curves are accepted) */
    FASTEC_ERR_ALGORITHM = -19,    /* not an EC key (RSA, DSA, another algorithm OID) */
    FASTEC_ERR_VERSION = -20,      /* unsupported structure version */
    FASTEC_ERR_KEY_MISMATCH = -21, /* embedded public key does not match the private key */
    FASTEC_ERR_NO_CURVE = -22,     /* key without curve parameters */
    FASTEC_ERR_HASH = -23,         /* unknown hash algorithm */
    FASTEC_ERR_ENCRYPTED = -24,    /* an encrypted private key, and no passphrase */
    FASTEC_ERR_PASSPHRASE = -25,   /* wrong passphrase (or a damaged encrypted key) */
    FASTEC_ERR_NOT_PRIVATE = -26,  /* a public key where a private key is needed */
    FASTEC_ERR_LEGACY_ENCRYPTED = -27, /* traditional encrypted PEM (Proc-Type: 4,ENCRYPTED) */
    FASTEC_ERR_CIPHER = -28,       /* encryption scheme not supported (PBES2, PBKDF2, AES-CBC only) */
    FASTEC_ERR_BATCH = -29,        /* one or more items of a batch failed: see each item's result */
    FASTEC_ERR_MEMORY = -30        /* the system refused the memory for a work stack (mmap) */
};

/* Plain-words description of a return code (static string, never NULL). */
FASTEC_API const char *fastec_strerror(int code);
/* The library's version, FASTEC_VERSION of the build ("0.2.0"). */
FASTEC_API const char *fastec_version(void);
/* Overwrites len bytes at p with zeros in a way the compiler keeps. */
FASTEC_API void fastec_wipe(void *p, size_t len);

/* ---- curves ---- */

typedef struct fastec_curve fastec_curve; /* opaque, immutable, static storage */

/* Look a curve up by its SEC 2 name ("sect163k1", "secp256r1"), NIST name
 * ("K-163", "B-163", "P-256"), or OpenSSL names ("nistk163", "prime256v1",
 * "nistp256"), without regard to case. NULL if unknown. */
FASTEC_API const fastec_curve *fastec_curve_find(const char *name);
FASTEC_API size_t fastec_curve_count(void);
FASTEC_API const fastec_curve *fastec_curve_at(size_t index);     /* NULL past the end */
FASTEC_API const char *fastec_curve_name(const fastec_curve *c);  /* SEC 2 name */
/* The other names fastec_curve_find accepts for c: i = 0, 1, ... until NULL. */
FASTEC_API const char *fastec_curve_alias(const fastec_curve *c, size_t i);
FASTEC_API size_t fastec_curve_field_size(const fastec_curve *c); /* bytes of a coordinate = ECDH secret */
FASTEC_API size_t fastec_curve_scalar_size(const fastec_curve *c);/* bytes of a private key, of r, of s */
FASTEC_API unsigned fastec_curve_bits(const fastec_curve *c);      /* field degree m, or bit length of p */
FASTEC_API unsigned fastec_curve_order_bits(const fastec_curve *c); /* bit length of the group order n */
FASTEC_API unsigned fastec_curve_cofactor(const fastec_curve *c);   /* the cofactor h (1, 2 or 4) */
/* NIST name ("K-163", "P-256") or NULL if the curve has none. */
FASTEC_API const char *fastec_curve_nist_name(const fastec_curve *c);
/* Name of the arithmetic backend this process uses for the curve
 * ("portable", "clmul", "vpclmul256", "vpclmul512", "pmull", "adx", "ifma"): the most preferred one
 * the CPU runs. The environment variable FASTEC_CPU, read once, lists the backends
 * allowed (comma-separated: portable, clmul, vpclmul256, vpclmul512, adx, ifma, sha, pmull, aesni;
 * "portable" turns every CPU extension off); an unknown name is reported on
 * stderr and ignored. */
FASTEC_API const char *fastec_curve_backend(const fastec_curve *c);

/* ---- backends ---- */

/* The backends this build knows: i = 0 .. fastec_backend_count() - 1.
 * fastec_backend_state: 0 the CPU lacks it, 1 the CPU has it but FASTEC_CPU
 * leaves it out, 2 in use; FASTEC_ERR_ARG past the end. */
FASTEC_API size_t fastec_backend_count(void);
FASTEC_API const char *fastec_backend_name(size_t i);
FASTEC_API int fastec_backend_state(size_t i);

/* ---- keys ---- */

/* priv (scalar_size bytes): a private key uniform in [1, n-1] from the
 * operating system's random source (getrandom). */
FASTEC_API int fastec_keygen(const fastec_curve *c, uint8_t *priv);

/* The public key of priv, SEC 1 encoded: 0x04 || x || y, or with compressed
 * != 0, 0x02/0x03 || x (1 + 2 field_size or 1 + field_size bytes). */
FASTEC_API int fastec_public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub,
                                 size_t *pub_len);

/* FASTEC_OK iff pub is a valid public key: it decodes (0x04 with exact
 * length, or 0x02/0x03 with exact length), its coordinates are in range, it
 * lies on the curve, is not the point at infinity, and is in the subgroup of
 * order n. */
FASTEC_API int fastec_public_key_check(const fastec_curve *c, const uint8_t *pub, size_t pub_len);

/* pub re-encoded (after the same checks) uncompressed, or compressed with
 * compressed != 0. */
FASTEC_API int fastec_public_key_convert(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int compressed,
                                         uint8_t *out, size_t *out_len);

/* ---- ECDH ---- */

/* secret (field_size bytes) = x coordinate of priv * peer_pub. The peer's key
 * is checked as fastec_public_key_check does. */
FASTEC_API int fastec_ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                           uint8_t *secret);
/* NIST SP 800-56A cofactor ECDH: x coordinate of (h * priv) * peer_pub. */
FASTEC_API int fastec_ecdh_cofactor(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub,
                                    size_t peer_pub_len, uint8_t *secret);

/* ---- ECDSA ---- */

/* sig = r || s (2 scalar_size bytes). Deterministic nonce (RFC 6979) with
 * HMAC over the hash matching digest_len: 20 SHA-1, 28 SHA-224, 32 SHA-256,
 * 48 SHA-384, 64 SHA-512, any other length SHA-512. The digest becomes an
 * integer by its leftmost bitlen(n) bits (SEC 1); any length is accepted. */
FASTEC_API int fastec_ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                                 uint8_t *sig);

/* Hedged signing: as fastec_ecdsa_sign, with extra (extra_len >= 1 bytes,
 * typically 32 fresh random bytes) fed to the nonce generator as the
 * additional data k' of RFC 6979 section 3.6. The nonce stays secret if
 * either the private key's RFC 6979 derivation or extra is unpredictable;
 * the same inputs give the same signature. */
FASTEC_API int fastec_ecdsa_sign_hedged(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest,
                                        size_t digest_len, const uint8_t *extra, size_t extra_len, uint8_t *sig);

/* FASTEC_OK only if sig = r || s is a valid signature of digest under pub;
 * otherwise an error code (FASTEC_ERR_SIG_INVALID, FASTEC_ERR_SIG_RANGE for r
 * or s outside [1, n-1], or the public-key check's code). */
FASTEC_API int fastec_ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                                   size_t digest_len, const uint8_t *sig);

/* ---- batches ----
 *
 * n independent operations on one curve in one call, for callers with many
 * at hand. Each item gets in results[i] exactly what the single call
 * (fastec_ecdh, fastec_ecdsa_sign, fastec_ecdsa_verify) returns for it and
 * writes the same output; a bad item fails alone and the others still
 * succeed. The call returns FASTEC_OK when every item succeeded,
 * FASTEC_ERR_BATCH when some failed (results[] says which and why), or,
 * with nothing done and results[] untouched, FASTEC_ERR_CURVE for a bad
 * curve, FASTEC_ERR_NULL for items or results NULL with n > 0, or
 * FASTEC_ERR_ARG when an output (an item's secret or signature, or the
 * results array) overlaps an input (the items array, a key, a peer's key, a
 * digest, a signature) or another output: a batch's items are read and
 * written in an order that depends on the CPU, so no output may feed an
 * input. n = 0 is a successful empty batch. As the single calls: no allocation, thread-safe,
 * secrets wiped (the stack and vector registers once for the batch),
 * constant-time in each item's secrets. */
typedef struct fastec_ecdh_item {
    const uint8_t *priv;          /* scalar_size bytes */
    const uint8_t *peer_pub;      /* SEC 1 encoding, peer_pub_len bytes */
    size_t peer_pub_len;
    uint8_t *secret;              /* out: field_size bytes */
} fastec_ecdh_item;

typedef struct fastec_sign_item {
    const uint8_t *priv;          /* scalar_size bytes */
    const uint8_t *digest;        /* digest_len bytes (fastec_ecdsa_sign's rules) */
    size_t digest_len;
    uint8_t *sig;                 /* out: r || s, 2 scalar_size bytes */
} fastec_sign_item;

typedef struct fastec_verify_item {
    const uint8_t *pub;           /* SEC 1 encoding, pub_len bytes */
    size_t pub_len;
    const uint8_t *digest;
    size_t digest_len;
    const uint8_t *sig;           /* r || s, 2 scalar_size bytes */
} fastec_verify_item;

FASTEC_API int fastec_ecdh_batch(const fastec_curve *c, const fastec_ecdh_item *items, size_t n, int *results);
FASTEC_API int fastec_ecdsa_sign_batch(const fastec_curve *c, const fastec_sign_item *items, size_t n, int *results);
FASTEC_API int fastec_ecdsa_verify_batch(const fastec_curve *c, const fastec_verify_item *items, size_t n,
                                         int *results);

/* ---- hashing (so callers can sign messages, not only digests) ---- */

enum {
    FASTEC_SHA1 = 1,
    FASTEC_SHA224 = 2,
    FASTEC_SHA256 = 3,
    FASTEC_SHA384 = 4,
    FASTEC_SHA512 = 5,
    FASTEC_SHA512_224 = 6, /* SHA-512/224 */
    FASTEC_SHA512_256 = 7, /* SHA-512/256 */
    FASTEC_SHA3_224 = 8,   /* FIPS 202 */
    FASTEC_SHA3_256 = 9,
    FASTEC_SHA3_384 = 10,
    FASTEC_SHA3_512 = 11
};

/* Digest length in bytes of a FASTEC_SHA* algorithm, 0 if unknown. */
FASTEC_API size_t fastec_hash_size(int alg);
/* A hash by name, without regard to case, in OpenSSL's spellings ("sha256",
 * "SHA2-256", "sha-256", "sha512-256", "sha3-256", ...): FASTEC_SHA*, or 0. */
FASTEC_API int fastec_hash_by_name(const char *name);
/* The hash's name ("sha256", "sha3-256"), NULL if unknown. */
FASTEC_API const char *fastec_hash_name(int alg);
/* Streaming hash state (caller storage, no heap). */
typedef struct {
    uint64_t opaque[48];
    int alg;
} fastec_hash_ctx;
FASTEC_API int fastec_hash_init(fastec_hash_ctx *ctx, int alg);
FASTEC_API int fastec_hash_update(fastec_hash_ctx *ctx, const void *data, size_t len);
/* Writes fastec_hash_size(alg) bytes and wipes the state. */
FASTEC_API int fastec_hash_final(fastec_hash_ctx *ctx, uint8_t *digest);
FASTEC_API int fastec_hash(int alg, const void *data, size_t len, uint8_t *digest);

/* ---- signature encodings ---- */

/* r || s (2 scalar_size bytes) to DER SEQUENCE { INTEGER r, INTEGER s }
 * (at most 2 scalar_size + 9 bytes). */
FASTEC_API int fastec_sig_to_der(const fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len);
/* Strict DER to r || s: minimal lengths, no negative or zero-padded integers,
 * no trailing bytes (FASTEC_ERR_DER); integers longer than scalar_size bytes
 * give FASTEC_ERR_SIG_RANGE. Range [1, n-1] is the verifier's check. */
FASTEC_API int fastec_sig_from_der(const fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig);

/* ---- key files ---- */

/* Reading: PEM input may carry text before, between and after its blocks
 * (openssl pkcs12 -nodes writes "Bag Attributes"); the first block of the
 * kind asked for is read and other blocks (EC PARAMETERS, CERTIFICATE) are
 * skipped, as openssl does. Keys on curves fastec lacks give
 * FASTEC_ERR_CURVE_OID, explicit parameters FASTEC_ERR_EXPLICIT_PARAMS, other
 * algorithms FASTEC_ERR_ALGORITHM. Hybrid points (0x06/0x07) are accepted in
 * key files when their y bit agrees, and returned uncompressed. */

/* Private key as SEC 1 ECPrivateKey (RFC 5915, with the named-curve OID and
 * the public key) or, with pkcs8, PKCS#8 PrivateKeyInfo (RFC 5208); DER, or
 * PEM ("EC PRIVATE KEY" / "PRIVATE KEY") with pem. */
FASTEC_API int fastec_private_key_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                                         size_t *out_len);
/* Parses DER or PEM, SEC 1 or PKCS#8. Reports the curve in *c and writes
 * scalar_size bytes to priv (priv_cap bytes available). An embedded public
 * key must match. An encrypted key gives FASTEC_ERR_ENCRYPTED (see
 * fastec_private_key_decrypt), a public key FASTEC_ERR_NOT_PRIVATE. */
FASTEC_API int fastec_private_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *priv,
                                         size_t priv_cap);

/* Password-protected private keys: PKCS#8 EncryptedPrivateKeyInfo with PBES2
 * (PBKDF2 with HMAC-SHA-256, and AES-128-CBC or AES-256-CBC), as
 * `openssl pkcs8 -topk8 -v2 aes-256-cbc` and `openssl genpkey -aes-256-cbc`
 * write them; DER, or PEM ("ENCRYPTED PRIVATE KEY"). Salt and IV come from
 * the operating system; iterations 0 means FASTEC_PBKDF2_DEFAULT_ITERATIONS. */
enum { FASTEC_AES128_CBC = 1, FASTEC_AES256_CBC = 2 };
#define FASTEC_PBKDF2_DEFAULT_ITERATIONS 100000
#define FASTEC_PBKDF2_MAX_ITERATIONS 10000000 /* more: FASTEC_ERR_ARG writing, FASTEC_ERR_CIPHER reading */
FASTEC_API int fastec_private_key_encrypt(const fastec_curve *c, const uint8_t *priv, const char *pass,
                                          size_t pass_len, int cipher, unsigned iterations, int pem, uint8_t *out,
                                          size_t *out_len);
/* As fastec_private_key_decode, and an encrypted key is decrypted with pass
 * (PBES2 with PBKDF2 over HMAC-SHA-1 or HMAC-SHA-2, AES-128/192/256-CBC).
 * FASTEC_ERR_PASSPHRASE for a wrong passphrase, FASTEC_ERR_CIPHER for another
 * scheme or more than FASTEC_PBKDF2_MAX_ITERATIONS, FASTEC_ERR_LEGACY_ENCRYPTED
 * for a traditional encrypted PEM (convert it with openssl pkcs8 -topk8).
 * A key that decrypts to a structure fastec does not take reports what is
 * wrong with it, as the same key unencrypted would (FASTEC_ERR_VERSION for a
 * v2 OneAsymmetricKey or a SEC 1 body inside, FASTEC_ERR_CURVE_OID, ...);
 * PKCS#8 attributes are accepted, encrypted or not.
 * pass may be NULL for a plain key. */
FASTEC_API int fastec_private_key_decrypt(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                                          const fastec_curve **c, uint8_t *priv, size_t priv_cap);
/* As fastec_private_key_decrypt, and *public_form says how the file stores
 * the public key it carries (SEC 1 ECPrivateKey's optional publicKey):
 * FASTEC_FORM_NONE when it carries none, FASTEC_FORM_UNCOMPRESSED,
 * FASTEC_FORM_COMPRESSED or FASTEC_FORM_HYBRID; what a tool needs to print
 * or write the key's public part in the form it was stored in. */
enum { FASTEC_FORM_NONE = 0, FASTEC_FORM_UNCOMPRESSED = 1, FASTEC_FORM_COMPRESSED = 2, FASTEC_FORM_HYBRID = 3 };
FASTEC_API int fastec_private_key_read(const uint8_t *in, size_t in_len, const char *pass, size_t pass_len,
                                       const fastec_curve **c, uint8_t *priv, size_t priv_cap, int *public_form);
/* Private key file bytes, plain as fastec_private_key_encode writes them
 * (cipher 0; pass and iterations unused) or encrypted as
 * fastec_private_key_encrypt writes them (cipher FASTEC_AES128_CBC or
 * FASTEC_AES256_CBC; PKCS#8 whatever pkcs8 says), with the public key they
 * carry in public_form (FASTEC_FORM_*; FASTEC_FORM_NONE:
 * uncompressed, as the other two write it): what a tool needs to write a
 * key back in the form it read it in (fastec_private_key_read).
 * FASTEC_ERR_ARG for another public_form. */
FASTEC_API int fastec_private_key_write(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem,
                                        int public_form, const char *pass, size_t pass_len, int cipher,
                                        unsigned iterations, uint8_t *out, size_t *out_len);

/* Public key as SubjectPublicKeyInfo (RFC 5480), DER or PEM ("PUBLIC KEY");
 * pub is a SEC 1 encoding, uncompressed, compressed or X9.62 hybrid (0x06 or
 * 0x07 by y's compression bit, then x and y), checked in full and kept as
 * given. */
FASTEC_API int fastec_public_key_encode(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem,
                                        uint8_t *out, size_t *out_len);
/* Parses SubjectPublicKeyInfo DER or PEM, reports the curve, writes the SEC 1
 * point (hybrid input uncompressed) and checks it as fastec_public_key_check
 * does. */
FASTEC_API int fastec_public_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                                        size_t *pub_len);
/* As fastec_public_key_decode, and *form says how the file stores the point
 * (FASTEC_FORM_UNCOMPRESSED, FASTEC_FORM_COMPRESSED or FASTEC_FORM_HYBRID;
 * a hybrid point is still written uncompressed): what a tool needs to write
 * or print the key in the form it was stored in. */
FASTEC_API int fastec_public_key_read(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                                      size_t *pub_len, int *form);

#ifdef __cplusplus
}
#endif

#endif
