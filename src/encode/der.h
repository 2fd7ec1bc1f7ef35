/* SPDX-License-Identifier: Apache-2.0 */
/* Strict DER reading and writing for the few structures fastec handles:
 * single-byte tags, definite lengths in minimal form up to 65535, bounded
 * reads only. PEM armor and base64. No allocation. */
#ifndef FASTEC_DER_H
#define FASTEC_DER_H

#include <stddef.h>
#include <stdint.h>

enum {
    DER_INTEGER = 0x02,
    DER_BIT_STRING = 0x03,
    DER_OCTET_STRING = 0x04,
    DER_NULL = 0x05,
    DER_OID = 0x06,
    DER_SEQUENCE = 0x30,
    DER_CTX0 = 0xa0,
    DER_CTX1 = 0xa1
};

typedef struct {
    const uint8_t *p;
    size_t n;
} der_in;

/* Read one element with tag `tag` from *in into *out (its contents) and
 * advance. RC_DER on any deviation from strict DER or a wrong tag. */
int der_read(der_in *in, uint8_t tag, der_in *out);
/* Tag of the next element, or -1 at the end. */
int der_peek(const der_in *in);
/* Strict INTEGER contents (non-negative, minimal) to a right-aligned
 * big-endian value of len bytes; RC_SIG_RANGE if it does not fit. */
int der_uint_to_fixed(const der_in *v, uint8_t *out, size_t len);
/* Small non-negative INTEGER (versions). */
int der_small_uint(const der_in *v, unsigned *out);
/* a non-negative INTEGER below 2^32; RC_RANGE_U32 when it is larger */
#define RC_RANGE_U32 1
int der_uint_u32(const der_in *v, unsigned long *out);

/* Writer over a caller buffer; pos grows, overflow sets err. */
typedef struct {
    uint8_t *p;
    size_t cap, pos;
    int err;
} der_out;

void der_put_raw(der_out *o, const uint8_t *p, size_t n);
/* header (tag and length) for contents of length n */
void der_put_header(der_out *o, uint8_t tag, size_t n);
void der_put(der_out *o, uint8_t tag, const uint8_t *p, size_t n);
/* minimal INTEGER from a big-endian unsigned value */
void der_put_uint(der_out *o, const uint8_t *be, size_t n);
/* size of an element with contents of length n */
size_t der_size(size_t n);
size_t der_uint_size(const uint8_t *be, size_t n);

/* PEM: the first block whose label is one of labels (NULL-terminated);
 * text before, between and after blocks and blocks of other kinds are
 * skipped, as openssl does (other gets the first other label seen, "" if
 * none). Writes the decoded bytes to out (cap bytes) and the label to label.
 * RC_PEM when there is no such block or it is malformed (armor, base64),
 * RC_LEGACY_ENCRYPTED for a traditional encrypted one (Proc-Type headers). */
int pem_decode(const uint8_t *in, size_t in_len, const char *const *labels, char label[64], char other[64],
               uint8_t *out, size_t cap, size_t *out_len);
/* 1 if the input holds a PEM block ("-----BEGIN ") anywhere */
int pem_detect(const uint8_t *in, size_t in_len);
int pem_encode(const char *label, const uint8_t *der, size_t der_len, uint8_t *out, size_t *out_len);

#endif
