/* SPDX-License-Identifier: Apache-2.0 */
/* Strict DER and PEM primitives. Every read is bounded by its input; lengths
 * must be minimal (no BER indefinite or padded lengths); public data only. */
#include <string.h>

#include "encode/der.h"
#include "err.h"

int der_peek(const der_in *in) { return in->n ? in->p[0] : -1; }

int der_read(der_in *in, uint8_t tag, der_in *out)
{
    if (in->n < 2 || in->p[0] != tag) return RC_DER;
    size_t len, hdr;
    uint8_t l0 = in->p[1];
    if (l0 < 0x80) {
        len = l0;
        hdr = 2;
    } else if (l0 == 0x81) {
        if (in->n < 3 || in->p[2] < 0x80) return RC_DER; /* must need the long form */
        len = in->p[2];
        hdr = 3;
    } else if (l0 == 0x82) {
        if (in->n < 4 || in->p[2] == 0) return RC_DER;
        len = (size_t)in->p[2] << 8 | in->p[3];
        hdr = 4;
    } else {
        return RC_DER; /* indefinite (0x80) or longer than we ever need */
    }
    if (len > in->n - hdr) return RC_DER;
    out->p = in->p + hdr;
    out->n = len;
    in->p += hdr + len;
    in->n -= hdr + len;
    return RC_OK;
}

static int der_uint_check(const der_in *v)
{
    if (v->n == 0) return RC_DER;
    if (v->p[0] & 0x80) return RC_DER;                       /* negative */
    if (v->n > 1 && v->p[0] == 0 && !(v->p[1] & 0x80)) return RC_DER; /* padded */
    return RC_OK;
}

int der_uint_to_fixed(const der_in *v, uint8_t *out, size_t len)
{
    int rc = der_uint_check(v);
    if (rc) return rc;
    const uint8_t *p = v->p;
    size_t n = v->n;
    if (n > 1 && p[0] == 0) p++, n--;
    if (n == 1 && p[0] == 0) n = 0;
    if (n > len) return RC_SIG_RANGE;
    memset(out, 0, len - n);
    memcpy(out + len - n, p, n);
    return RC_OK;
}

int der_small_uint(const der_in *v, unsigned *out)
{
    int rc = der_uint_check(v);
    if (rc) return rc;
    if (v->n > 2) return RC_VERSION;
    unsigned x = 0;
    for (size_t i = 0; i < v->n; i++) x = x << 8 | v->p[i];
    *out = x;
    return RC_OK;
}

int der_uint_u32(const der_in *v, unsigned long *out)
{
    int rc = der_uint_check(v);
    if (rc) return rc;
    size_t n = v->n, i = 0;
    if (n > 1 && v->p[0] == 0) i = 1; /* the sign byte of a value with its top bit set */
    if (n - i > 4) return RC_RANGE_U32;
    unsigned long x = 0;
    for (; i < n; i++) x = x << 8 | v->p[i];
    *out = x;
    return RC_OK;
}

void der_put_raw(der_out *o, const uint8_t *p, size_t n)
{
    if (o->err || n > o->cap - o->pos) {
        o->err = 1;
        return;
    }
    if (n) memcpy(o->p + o->pos, p, n);
    o->pos += n;
}

size_t der_size(size_t n) { return n + (n < 0x80 ? 2 : n < 0x100 ? 3 : 4); }

void der_put_header(der_out *o, uint8_t tag, size_t n)
{
    uint8_t h[4];
    size_t k = 0;
    h[k++] = tag;
    if (n < 0x80) {
        h[k++] = (uint8_t)n;
    } else if (n < 0x100) {
        h[k++] = 0x81;
        h[k++] = (uint8_t)n;
    } else {
        h[k++] = 0x82;
        h[k++] = (uint8_t)(n >> 8);
        h[k++] = (uint8_t)n;
    }
    der_put_raw(o, h, k);
}

void der_put(der_out *o, uint8_t tag, const uint8_t *p, size_t n)
{
    der_put_header(o, tag, n);
    der_put_raw(o, p, n);
}

static size_t uint_content(const uint8_t **be, size_t n)
{
    while (n > 1 && (*be)[0] == 0) (*be)++, n--;
    return n + (((*be)[0] & 0x80) ? 1 : 0);
}

size_t der_uint_size(const uint8_t *be, size_t n) { return der_size(uint_content(&be, n)); }

void der_put_uint(der_out *o, const uint8_t *be, size_t n)
{
    size_t c = uint_content(&be, n);
    der_put_header(o, DER_INTEGER, c);
    if (be[0] & 0x80) der_put_raw(o, (const uint8_t *)"", 1);
    der_put_raw(o, be, c - ((be[0] & 0x80) ? 1 : 0));
}

/* ---- PEM ---- */

static int b64val(int c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

static int is_space(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static const uint8_t *find(const uint8_t *p, const uint8_t *end, const char *s)
{
    size_t k = strlen(s);
    for (; p + k <= end; p++)
        if (!memcmp(p, s, k)) return p;
    return NULL;
}

int pem_detect(const uint8_t *in, size_t in_len) { return find(in, in + in_len, "-----BEGIN ") != NULL; }

/* the next "-----BEGIN LABEL-----" ... "-----END LABEL-----" block at or after
 * p: its label and the extent of its body; NULL when there is none */
static const uint8_t *next_block(const uint8_t *p, const uint8_t *end, char label[64], const uint8_t **body,
                                 const uint8_t **body_end, const uint8_t **after)
{
    for (;;) {
        const uint8_t *b = find(p, end, "-----BEGIN ");
        if (!b) return NULL;
        p = b + 11;
        const uint8_t *le = find(p, end, "-----");
        if (!le || le == p || le - p >= 64) continue;
        size_t ll = (size_t)(le - p);
        int ok = 1;
        for (size_t i = 0; i < ll; i++)
            if (p[i] < 0x20 || p[i] > 0x7e) ok = 0;
        if (!ok) continue;
        memcpy(label, p, ll);
        label[ll] = 0;
        char endline[80];
        memcpy(endline, "-----END ", 9);
        memcpy(endline + 9, label, ll);
        memcpy(endline + 9 + ll, "-----", 6);
        const uint8_t *ee = find(le + 5, end, endline);
        if (!ee) return NULL;
        *body = le + 5;
        *body_end = ee;
        *after = ee + strlen(endline);
        return b;
    }
}

/* strict base64 of a block body (white space allowed); RC_LEGACY_ENCRYPTED
 * for the traditional "Proc-Type: 4,ENCRYPTED" headers, RC_PEM otherwise */
static int b64_body(const uint8_t *p, const uint8_t *ee, uint8_t *out, size_t cap, size_t *out_len)
{
    if (find(p, ee, "Proc-Type:")) return find(p, ee, "ENCRYPTED") ? RC_LEGACY_ENCRYPTED : RC_PEM;
    size_t n = 0;
    unsigned acc = 0;
    int bits = 0, pad = 0;
    for (const uint8_t *q = p; q < ee; q++) {
        if (is_space(*q)) continue;
        if (*q == '=') {
            pad++;
            continue;
        }
        int v = b64val(*q);
        if (v < 0 || pad) return RC_PEM; /* a header line, or data after padding */
        acc = (acc << 6) | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n >= cap) return RC_PEM;
            out[n++] = (uint8_t)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    /* strict padding: total characters a multiple of 4, leftover bits zero */
    if (pad > 2 || (bits == 0 && pad) || (bits == 4 && pad != 2) || (bits == 2 && pad != 1) || bits == 6 || acc != 0)
        return RC_PEM;
    *out_len = n;
    return RC_OK;
}

int pem_decode(const uint8_t *in, size_t in_len, const char *const *labels, char label[64], char other[64],
               uint8_t *out, size_t cap, size_t *out_len)
{
    const uint8_t *p = in, *end = in + in_len, *body, *body_end, *after;
    char l[64];
    other[0] = 0;
    while (next_block(p, end, l, &body, &body_end, &after)) {
        for (const char *const *w = labels; *w; w++)
            if (!strcmp(l, *w)) {
                memcpy(label, l, sizeof l);
                return b64_body(body, body_end, out, cap, out_len);
            }
        if (!other[0]) memcpy(other, l, sizeof l);
        p = after;
    }
    return RC_PEM;
}

int pem_encode(const char *label, const uint8_t *der, size_t der_len, uint8_t *out, size_t *out_len)
{
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t ll = strlen(label), b64 = (der_len + 2) / 3 * 4, lines = (b64 + 63) / 64;
    size_t need = 11 + ll + 6 + b64 + lines + 9 + ll + 6;
    if (*out_len < need) return RC_BUFFER;
    size_t k = 0;
    memcpy(out + k, "-----BEGIN ", 11), k += 11;
    memcpy(out + k, label, ll), k += ll;
    memcpy(out + k, "-----\n", 6), k += 6;
    size_t col = 0;
    for (size_t i = 0; i < der_len; i += 3) {
        unsigned v = (unsigned)der[i] << 16;
        if (i + 1 < der_len) v |= (unsigned)der[i + 1] << 8;
        if (i + 2 < der_len) v |= der[i + 2];
        char c4[4] = {tab[v >> 18], tab[(v >> 12) & 63], i + 1 < der_len ? tab[(v >> 6) & 63] : '=',
                      i + 2 < der_len ? tab[v & 63] : '='};
        for (int j = 0; j < 4; j++) {
            out[k++] = (uint8_t)c4[j];
            if (++col == 64) {
                out[k++] = '\n';
                col = 0;
            }
        }
    }
    if (col) out[k++] = '\n';
    memcpy(out + k, "-----END ", 9), k += 9;
    memcpy(out + k, label, ll), k += ll;
    memcpy(out + k, "-----\n", 6), k += 6;
    *out_len = k;
    return RC_OK;
}
