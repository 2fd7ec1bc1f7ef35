/* fastec: constant-time ECDH and ECDSA on the SEC 2 / NIST curves.
 *
 * Conventions
 *  - Byte strings are big-endian; a length follows its buffer.
 *  - Every operation returns FASTEC_OK (0) or a negative FASTEC_ERR_* code;
 *    fastec_strerror() names a code in plain words.
 *  - No call allocates on the heap; every call is thread-safe, the first one
 *    included. There is no global state to set up or tear down.
 *  - Operations on secrets (private keys, nonces) are constant-time, and the
 *    library wipes the secrets it copies before returning.
 */
#ifndef FASTEC_H
#define FASTEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FASTEC_VERSION "0.1.0"

/* Marks the library's API: the shared library exports these and nothing
 * else (everything else is built with hidden visibility). */
#if defined(__GNUC__) || defined(__clang__)
#define FASTEC_API __attribute__((visibility("default")))
#else
#define FASTEC_API
#endif

enum {
    FASTEC_OK = 0,
    FASTEC_ERR_NULL = -1,          /* a required pointer argument is NULL */
    FASTEC_ERR_CURVE = -2,         /* curve is NULL or not a fastec curve */
    FASTEC_ERR_BUFFER = -3,        /* output buffer too small */
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
    FASTEC_ERR_PEM = -16,          /* malformed PEM: armor, label or base64 */
    FASTEC_ERR_CURVE_OID = -17,    /* named curve not supported by fastec */
    FASTEC_ERR_EXPLICIT_PARAMS = -18, /* explicit curve parameters (only named curves are accepted) */
    FASTEC_ERR_ALGORITHM = -19,    /* not an EC key (other algorithm OID) */
    FASTEC_ERR_VERSION = -20,      /* unsupported structure version */
    FASTEC_ERR_KEY_MISMATCH = -21, /* embedded public key does not match the private key */
    FASTEC_ERR_NO_CURVE = -22,     /* key without curve parameters */
    FASTEC_ERR_HASH = -23          /* unknown hash algorithm */
};

/* Plain-words description of a return code (static string, never NULL). */
FASTEC_API const char *fastec_strerror(int code);

/* ---- curves ---- */

typedef struct fastec_curve fastec_curve; /* opaque, immutable, static storage */

/* Look a curve up by its SEC 2 name ("sect163k1", "secp256r1"), NIST name
 * ("K-163", "B-163", "P-256"), or OpenSSL name ("nistk163", "prime256v1",
 * "nistp256"). Case-sensitive. NULL if unknown. */
FASTEC_API const fastec_curve *fastec_curve_find(const char *name);
FASTEC_API size_t fastec_curve_count(void);
FASTEC_API const fastec_curve *fastec_curve_at(size_t index);     /* NULL past the end */
FASTEC_API const char *fastec_curve_name(const fastec_curve *c);  /* SEC 2 name */
FASTEC_API size_t fastec_curve_field_size(const fastec_curve *c); /* bytes of a coordinate = ECDH secret */
FASTEC_API size_t fastec_curve_scalar_size(const fastec_curve *c);/* bytes of a private key, of r, of s */
FASTEC_API unsigned fastec_curve_bits(const fastec_curve *c);      /* field degree m, or bit length of p */
FASTEC_API unsigned fastec_curve_order_bits(const fastec_curve *c); /* bit length of the group order n */
FASTEC_API unsigned fastec_curve_cofactor(const fastec_curve *c);   /* the cofactor h (1, 2 or 4) */
/* NIST name ("K-163", "P-256") or NULL if the curve has none. */
FASTEC_API const char *fastec_curve_nist_name(const fastec_curve *c);
/* Name of the arithmetic backend this process uses for the curve
 * ("portable", "clmul", "adx"): the most preferred one the CPU runs. The
 * environment variable FASTEC_CPU, read once, lists the backends allowed
 * (comma-separated: portable, clmul, adx, sha; "portable" turns every CPU
 * extension off); an unknown name is reported on stderr and ignored. */
FASTEC_API const char *fastec_curve_backend(const fastec_curve *c);

/* ---- keys ---- */

/* priv (scalar_size bytes): a private key uniform in [1, n-1] from the
 * operating system's random source (getrandom). */
FASTEC_API int fastec_keygen(const fastec_curve *c, uint8_t *priv);

/* The public key of priv, SEC 1 encoded: 0x04 || x || y, or with compressed
 * != 0, 0x02/0x03 || x. *pub_len is the capacity of pub on input and the
 * encoding's length on output (1 + 2 field_size, or 1 + field_size). */
FASTEC_API int fastec_public_key(const fastec_curve *c, const uint8_t *priv, int compressed,
                      uint8_t *pub, size_t *pub_len);

/* FASTEC_OK iff pub is a valid public key: it decodes (0x04 with exact
 * length, or 0x02/0x03 with exact length), its coordinates are in range, it
 * lies on the curve, is not the point at infinity, and is in the subgroup of
 * order n. */
FASTEC_API int fastec_public_key_check(const fastec_curve *c, const uint8_t *pub, size_t pub_len);

/* pub re-encoded (after the same checks) uncompressed, or compressed with
 * compressed != 0; *out_len: capacity in, length out. */
FASTEC_API int fastec_public_key_convert(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int compressed,
                              uint8_t *out, size_t *out_len);

/* ---- ECDH ---- */

/* secret (field_size bytes) = x coordinate of priv * peer_pub. The peer's key
 * is checked as fastec_public_key_check does. */
FASTEC_API int fastec_ecdh(const fastec_curve *c, const uint8_t *priv,
                const uint8_t *peer_pub, size_t peer_pub_len, uint8_t *secret);
/* NIST SP 800-56A cofactor ECDH: x coordinate of (h * priv) * peer_pub. */
FASTEC_API int fastec_ecdh_cofactor(const fastec_curve *c, const uint8_t *priv,
                         const uint8_t *peer_pub, size_t peer_pub_len, uint8_t *secret);

/* ---- ECDSA ---- */

/* sig = r || s (2 scalar_size bytes). Deterministic nonce (RFC 6979) with
 * HMAC over the hash matching digest_len: 20 SHA-1, 28 SHA-224, 32 SHA-256,
 * 48 SHA-384, 64 SHA-512, any other length SHA-512. The digest becomes an
 * integer by its leftmost bitlen(n) bits (SEC 1); any length is accepted. */
FASTEC_API int fastec_ecdsa_sign(const fastec_curve *c, const uint8_t *priv,
                      const uint8_t *digest, size_t digest_len, uint8_t *sig);

/* Hedged signing: as fastec_ecdsa_sign, with extra (extra_len >= 1 bytes,
 * typically 32 fresh random bytes) fed to the nonce generator as the
 * additional data k' of RFC 6979 section 3.6. The nonce stays secret if
 * either the private key's RFC 6979 derivation or extra is unpredictable;
 * the same inputs give the same signature. */
FASTEC_API int fastec_ecdsa_sign_hedged(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                             const uint8_t *extra, size_t extra_len, uint8_t *sig);

/* FASTEC_OK only if sig = r || s is a valid signature of digest under pub;
 * otherwise an error code (FASTEC_ERR_SIG_INVALID, FASTEC_ERR_SIG_RANGE for r
 * or s outside [1, n-1], or the public-key check's code). */
FASTEC_API int fastec_ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len,
                        const uint8_t *digest, size_t digest_len, const uint8_t *sig);

/* ---- hashing (so callers can sign messages, not only digests) ---- */

enum {
    FASTEC_SHA1 = 1,
    FASTEC_SHA224 = 2,
    FASTEC_SHA256 = 3,
    FASTEC_SHA384 = 4,
    FASTEC_SHA512 = 5,
    FASTEC_SHA512_224 = 6, /* SHA-512/224 */
    FASTEC_SHA512_256 = 7  /* SHA-512/256 */
};

/* Digest length in bytes of a FASTEC_SHA* algorithm, 0 if unknown. */
FASTEC_API size_t fastec_hash_size(int alg);
/* Streaming hash state (caller storage, no heap). */
typedef struct {
    uint64_t opaque[32];
    int alg;
} fastec_hash_ctx;
FASTEC_API int fastec_hash_init(fastec_hash_ctx *ctx, int alg);
FASTEC_API int fastec_hash_update(fastec_hash_ctx *ctx, const void *data, size_t len);
/* Writes fastec_hash_size(alg) bytes and wipes the state. */
FASTEC_API int fastec_hash_final(fastec_hash_ctx *ctx, uint8_t *digest);
FASTEC_API int fastec_hash(int alg, const void *data, size_t len, uint8_t *digest);

/* ---- signature encodings ---- */

/* r || s (2 scalar_size bytes) to DER SEQUENCE { INTEGER r, INTEGER s };
 * *der_len: capacity in, length out (at most 2 scalar_size + 9 bytes). */
FASTEC_API int fastec_sig_to_der(const fastec_curve *c, const uint8_t *sig, uint8_t *der, size_t *der_len);
/* Strict DER to r || s: minimal lengths, no negative or zero-padded integers,
 * no trailing bytes (FASTEC_ERR_DER); integers longer than scalar_size bytes
 * give FASTEC_ERR_SIG_RANGE. Range [1, n-1] is the verifier's check. */
FASTEC_API int fastec_sig_from_der(const fastec_curve *c, const uint8_t *der, size_t der_len, uint8_t *sig);

/* ---- key files ---- */

/* Private key as SEC 1 ECPrivateKey (RFC 5915, with the named-curve OID and
 * the public key) or, with pkcs8, PKCS#8 PrivateKeyInfo (RFC 5208); DER, or
 * PEM ("EC PRIVATE KEY" / "PRIVATE KEY") with pem. *out_len: capacity in,
 * length out. */
FASTEC_API int fastec_private_key_encode(const fastec_curve *c, const uint8_t *priv, int pkcs8, int pem, uint8_t *out,
                              size_t *out_len);
/* Parses DER or PEM, SEC 1 or PKCS#8 (an "EC PARAMETERS" PEM block before the
 * key is skipped). Reports the curve in *c and writes scalar_size bytes to
 * priv (priv_cap bytes available). An embedded public key must match. */
FASTEC_API int fastec_private_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *priv,
                              size_t priv_cap);
/* Public key as SubjectPublicKeyInfo (RFC 5480), DER or PEM ("PUBLIC KEY");
 * pub is a SEC 1 encoding (compressed or not) and is kept as given. */
FASTEC_API int fastec_public_key_encode(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int pem, uint8_t *out,
                             size_t *out_len);
/* Parses SubjectPublicKeyInfo DER or PEM, reports the curve, writes the SEC 1
 * point (*pub_len: capacity in, length out) and checks it as
 * fastec_public_key_check does. */
FASTEC_API int fastec_public_key_decode(const uint8_t *in, size_t in_len, const fastec_curve **c, uint8_t *pub,
                             size_t *pub_len);

#ifdef __cplusplus
}
#endif

#endif
