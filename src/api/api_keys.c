/* SPDX-License-Identifier: Apache-2.0 */
/* The public key, ECDH and ECDSA calls: argument checks, the implementation
 * for this CPU, the protocol; secrets copied here are wiped. Each public
 * call packs its arguments and runs its work_* function on a work stack
 * (api/api.h). */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "api/api.h"
#include "ct.h"
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "ecp/ecp_lanes.h"
#include "encode/sec1.h"
#include "fastec.h"
#include "proto/proto.h"

/* the arguments of every call here, for its work function */
typedef struct {
    const fastec_curve *c;
    const uint8_t *priv, *pub, *digest, *extra, *sig;
    size_t pub_len, digest_len, extra_len;
    int flag; /* compressed; cofactor ECDH */
    uint8_t *out;
    size_t *out_len;
    const void *items;
    size_t n;
    int *results;
    const ec_lanes *ln;
} key_args;

static int work_keygen(void *p)
{
    const key_args *a = p;
    if (!ec_curve_valid(a->c)) return FASTEC_ERR_CURVE;
    if (!a->out) return FASTEC_ERR_NULL;
    return proto_keygen(a->c, a->out);
}

int fastec_keygen(const fastec_curve *c, uint8_t *priv)
{
    key_args a = {.c = c, .out = priv};
    return api_run(work_keygen, &a, WS_keygen, c);
}

/* a SEC 1 encoding of P delivered as the header says: in place, a NULL
 * output asking for the size, a short buffer told the size needed */
static int deliver_point(const fastec_curve *c, const ec_ops *ops, const ec_point *P, int compressed, uint8_t *out,
                         size_t *out_len)
{
    uint8_t tmp[FASTEC_MAX_PUBLIC_KEY_SIZE];
    size_t n = sizeof tmp;
    int rc = sec1_encode(c, ops, P, compressed ? SEC1_COMPRESSED : SEC1_UNCOMPRESSED, tmp, &n);
    if (rc) return rc;
    if (out && *out_len >= n) memmove(out, tmp, n);
    rc = out && *out_len < n ? FASTEC_ERR_BUFFER : FASTEC_OK;
    *out_len = n;
    return rc;
}

static int public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub, size_t *pub_len)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !pub_len) return FASTEC_ERR_NULL;
    size_t need = compressed ? 1 + c->field_size : 1 + 2 * c->field_size;
    if (!pub || *pub_len < need) {
        /* the size is public; the key is not looked at */
        int rc = pub ? FASTEC_ERR_BUFFER : FASTEC_OK;
        *pub_len = need;
        return rc;
    }
    const ec_ops *ops = ec_ops_ready(c);
    ec_point P;
    int rc = proto_public_of(c, ops, priv, &P);
    if (rc) return rc;
    return deliver_point(c, ops, &P, compressed, pub, pub_len);
}

static int work_public_key(void *p)
{
    const key_args *a = p;
    return public_key(a->c, a->priv, a->flag, a->out, a->out_len);
}

int fastec_public_key(const fastec_curve *c, const uint8_t *priv, int compressed, uint8_t *pub, size_t *pub_len)
{
    key_args a = {.c = c, .priv = priv, .flag = compressed, .out = pub, .out_len = pub_len};
    return api_run(work_public_key, &a, WS_public_key, c);
}

static int work_public_key_check(void *p)
{
    const key_args *a = p;
    if (!ec_curve_valid(a->c)) return FASTEC_ERR_CURVE;
    if (!a->pub) return FASTEC_ERR_NULL;
    ec_point P;
    return sec1_decode(a->c, ec_ops_ready(a->c), &P, a->pub, a->pub_len);
}

int fastec_public_key_check(const fastec_curve *c, const uint8_t *pub, size_t pub_len)
{
    key_args a = {.c = c, .pub = pub, .pub_len = pub_len};
    return api_run(work_public_key_check, &a, WS_public_key_check, c);
}

static int work_public_key_convert(void *p)
{
    const key_args *a = p;
    const fastec_curve *c = a->c;
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!a->pub || !a->out_len) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_ready(c);
    ec_point P;
    int rc = sec1_decode(c, ops, &P, a->pub, a->pub_len);
    if (rc) return rc;
    return deliver_point(c, ops, &P, a->flag, a->out, a->out_len);
}

int fastec_public_key_convert(const fastec_curve *c, const uint8_t *pub, size_t pub_len, int compressed,
                              uint8_t *out, size_t *out_len)
{
    key_args a = {.c = c, .pub = pub, .pub_len = pub_len, .flag = compressed, .out = out, .out_len = out_len};
    return api_run(work_public_key_convert, &a, WS_public_key_convert, c);
}

static int ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer, size_t peer_len,
                             uint8_t *secret, int cofactor)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !peer || !secret) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_ready(c);
    ec_point P;
    sc_t d;
    int rc = sec1_decode(c, ops, &P, peer, peer_len); /* the peer key is decoded and checked once */
    if (rc) return rc;
    rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_ecdh(c, ops, &d, &P, cofactor, secret);
    ct_wipe(&d, sizeof d);
    return rc;
}

static int work_ecdh(void *p)
{
    const key_args *a = p;
    return ecdh(a->c, a->priv, a->pub, a->pub_len, a->out, a->flag);
}

int fastec_ecdh(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                uint8_t *secret)
{
    key_args a = {.c = c, .priv = priv, .pub = peer_pub, .pub_len = peer_pub_len, .out = secret};
    return api_run(work_ecdh, &a, WS_ecdh, c);
}

int fastec_ecdh_cofactor(const fastec_curve *c, const uint8_t *priv, const uint8_t *peer_pub, size_t peer_pub_len,
                         uint8_t *secret)
{
    key_args a = {.c = c, .priv = priv, .pub = peer_pub, .pub_len = peer_pub_len, .out = secret, .flag = 1};
    return api_run(work_ecdh, &a, WS_ecdh, c);
}

static int ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest,
                                   size_t digest_len, const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!priv || !sig || (!digest && digest_len) || (!extra && extra_len)) return FASTEC_ERR_NULL;
    sc_t d;
    int rc = proto_priv_load(c, &d, priv);
    if (rc) return rc;
    rc = proto_ecdsa_sign(c, ec_ops_ready(c), &d, digest ? digest : (const uint8_t *)"", digest_len, extra, extra_len,
                          sig);
    ct_wipe(&d, sizeof d);
    return rc;
}

static int work_ecdsa_sign(void *p)
{
    const key_args *a = p;
    return ecdsa_sign(a->c, a->priv, a->digest, a->digest_len, a->extra, a->extra_len, a->out);
}

int fastec_ecdsa_sign(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                      uint8_t *sig)
{
    key_args a = {.c = c, .priv = priv, .digest = digest, .digest_len = digest_len, .out = sig};
    return api_run(work_ecdsa_sign, &a, WS_ecdsa_sign, c);
}

int fastec_ecdsa_sign_hedged(const fastec_curve *c, const uint8_t *priv, const uint8_t *digest, size_t digest_len,
                             const uint8_t *extra, size_t extra_len, uint8_t *sig)
{
    if (!extra || !extra_len) return extra ? FASTEC_ERR_ARG : FASTEC_ERR_NULL;
    key_args a = {.c = c, .priv = priv, .digest = digest, .digest_len = digest_len, .extra = extra,
                  .extra_len = extra_len, .out = sig};
    return api_run(work_ecdsa_sign, &a, WS_ecdsa_sign, c);
}

static int ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                        size_t digest_len, const uint8_t *sig)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (!pub || !sig || (!digest && digest_len)) return FASTEC_ERR_NULL;
    const ec_ops *ops = ec_ops_ready(c);
    ec_point Q;
    int rc = sec1_decode(c, ops, &Q, pub, pub_len);
    if (rc) return rc;
    return proto_ecdsa_verify(c, ops, &Q, digest ? digest : (const uint8_t *)"", digest_len, sig);
}

static int work_ecdsa_verify(void *p)
{
    const key_args *a = p;
    return ecdsa_verify(a->c, a->pub, a->pub_len, a->digest, a->digest_len, a->sig);
}

int fastec_ecdsa_verify(const fastec_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                        size_t digest_len, const uint8_t *sig)
{
    key_args a = {.c = c, .pub = pub, .pub_len = pub_len, .digest = digest, .digest_len = digest_len, .sig = sig};
    return api_run(work_ecdsa_verify, &a, WS_ecdsa_verify, c);
}

/* ---- batches (include/fastec.h): each item by the single call's code;
 * the work stack and the registers are wiped once, after the last item ---- */

static int batch_args(const fastec_curve *c, const void *items, size_t n, const int *results)
{
    if (!ec_curve_valid(c)) return FASTEC_ERR_CURVE;
    if (n && (!items || !results)) return FASTEC_ERR_NULL;
    return FASTEC_OK;
}

/* A batch's buffers (include/fastec.h): no output (an item's secret or
 * signature, the results array) may overlap an input (the items array, a
 * key, a peer key, a digest, a signature) or another output, so that the
 * answer never depends on the order in which the lanes or the loop read
 * and write. The outputs' spans are sorted by start, with the running
 * largest end beside them, and every input and output is looked up among
 * them: O(n log n). Up to SPANS_HERE outputs the arrays are in this frame,
 * beyond that in a mapping of the call's own. */
typedef struct {
    uintptr_t lo, hi; /* [lo, hi) */
} span;

enum { BATCH_ECDH, BATCH_SIGN, BATCH_VERIFY };
#define SPANS_HERE 256

static void spans_sort(span *s, size_t n) /* heapsort by lo: no recursion, no allocation */
{
    for (size_t k = n; k-- > 0;) {
        for (size_t i = k, m = n;;) {
            size_t c = 2 * i + 1;
            if (c >= m) break;
            if (c + 1 < m && s[c + 1].lo > s[c].lo) c++;
            if (s[c].lo <= s[i].lo) break;
            span t = s[i];
            s[i] = s[c], s[c] = t, i = c;
        }
    }
    for (size_t m = n; m > 1;) {
        m--;
        span t = s[0];
        s[0] = s[m], s[m] = t;
        for (size_t i = 0;;) {
            size_t c = 2 * i + 1;
            if (c >= m) break;
            if (c + 1 < m && s[c + 1].lo > s[c].lo) c++;
            if (s[c].lo <= s[i].lo) break;
            t = s[i];
            s[i] = s[c], s[c] = t, i = c;
        }
    }
}

/* whether [lo, hi) meets one of the n sorted spans (maxhi[i]: the largest
 * end among s[0..i]) */
static int spans_meet(const span *s, const uintptr_t *maxhi, size_t n, uintptr_t lo, uintptr_t hi)
{
    size_t a = 0, b = n; /* a: how many spans start below hi */
    while (a < b) {
        size_t m = a + (b - a) / 2;
        if (s[m].lo < hi) a = m + 1;
        else b = m;
    }
    return a && maxhi[a - 1] > lo;
}

/* the span of p (len bytes), or an empty one where there is nothing to read or write */
static span span_of(const void *p, size_t len)
{
    uintptr_t a = (uintptr_t)p;
    return p && len ? (span){a, a + len} : (span){0, 0};
}

/* item i's output and inputs (up to three) */
static span batch_item(int kind, const fastec_curve *c, const void *items, size_t i, span in[3])
{
    if (kind == BATCH_ECDH) {
        const fastec_ecdh_item *t = &((const fastec_ecdh_item *)items)[i];
        in[0] = span_of(t->priv, c->scalar_size), in[1] = span_of(t->peer_pub, t->peer_pub_len), in[2] = span_of(0, 0);
        return span_of(t->secret, c->field_size);
    }
    if (kind == BATCH_SIGN) {
        const fastec_sign_item *t = &((const fastec_sign_item *)items)[i];
        in[0] = span_of(t->priv, c->scalar_size), in[1] = span_of(t->digest, t->digest_len), in[2] = span_of(0, 0);
        return span_of(t->sig, 2 * c->scalar_size);
    }
    const fastec_verify_item *t = &((const fastec_verify_item *)items)[i];
    in[0] = span_of(t->pub, t->pub_len), in[1] = span_of(t->digest, t->digest_len);
    in[2] = span_of(t->sig, 2 * c->scalar_size);
    return span_of(0, 0);
}

/* FASTEC_OK, FASTEC_ERR_ARG when an output overlaps an input or another
 * output, FASTEC_ERR_MEMORY when the spans of a large batch find no room */
static int batch_aliasing(int kind, const fastec_curve *c, const void *items, size_t n, const int *results)
{
    static const size_t item_size[] = {sizeof(fastec_ecdh_item), sizeof(fastec_sign_item),
                                       sizeof(fastec_verify_item)};
    if (!n) return FASTEC_OK;
    if (n > (SIZE_MAX - 1) / (sizeof(span) + sizeof(uintptr_t)) || n > SIZE_MAX / item_size[kind] ||
        n > SIZE_MAX / sizeof(int))
        return FASTEC_ERR_ARG;
    span here[SPANS_HERE], in[3];
    uintptr_t here_max[SPANS_HERE];
    span *out = here;
    uintptr_t *maxhi = here_max;
    size_t mapped = 0;
    if (n + 1 > SPANS_HERE) {
        mapped = (n + 1) * (sizeof(span) + sizeof(uintptr_t));
        void *m = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) return FASTEC_ERR_MEMORY;
        out = m;
        maxhi = (uintptr_t *)(void *)(out + n + 1);
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        span o = batch_item(kind, c, items, i, in);
        if (o.lo) out[k++] = o;
    }
    out[k++] = span_of(results, n * sizeof(int));
    spans_sort(out, k);
    int rc = FASTEC_OK;
    for (size_t i = 0; i < k; i++) {
        maxhi[i] = i && maxhi[i - 1] > out[i].hi ? maxhi[i - 1] : out[i].hi;
        if (i && out[i].lo < maxhi[i - 1]) rc = FASTEC_ERR_ARG; /* two outputs meet */
    }
    span whole = span_of(items, n * item_size[kind]);
    if (spans_meet(out, maxhi, k, whole.lo, whole.hi)) rc = FASTEC_ERR_ARG;
    for (size_t i = 0; i < n && !rc; i++) {
        batch_item(kind, c, items, i, in);
        for (int j = 0; j < 3; j++)
            if (in[j].lo && spans_meet(out, maxhi, k, in[j].lo, in[j].hi)) rc = FASTEC_ERR_ARG;
    }
    if (mapped) munmap(out, mapped);
    return rc;
}

/* ECDH on lanes: the items checked one by one as ecdh() checks them (a
 * failing item gets its code and no lane), the others up to EC_LANES at a
 * time, the lanes left over running a copy of the first item into scratch */
static int ecdh_lanes(const fastec_curve *c, const ec_lanes *ln, const fastec_ecdh_item *items, size_t n,
                                   int *results)
{
    const ec_ops *ops = ec_ops_ready(c);
    int all = FASTEC_OK;
    sc_t d[EC_LANES];
    uint8_t xy[EC_LANES][2 * EC_MAX_FIELD_BYTES], scratch[EC_LANES][EC_MAX_FIELD_BYTES];
    uint8_t *out[EC_LANES];
    const sc_t *k[EC_LANES];
    const uint8_t *in[EC_LANES];
    size_t idx[EC_LANES];
    size_t i = 0;
    while (i < n) {
        unsigned m = 0;
        for (; i < n && m < EC_LANES; i++) {
            const fastec_ecdh_item *t = &items[i];
            ec_point P;
            int rc = !t->priv || !t->peer_pub || !t->secret ? FASTEC_ERR_NULL
                                                             : sec1_decode(c, ops, &P, t->peer_pub, t->peer_pub_len);
            if (!rc) rc = proto_priv_load(c, &d[m], t->priv);
            if (rc) {
                results[i] = rc;
                all = FASTEC_ERR_BATCH;
                continue;
            }
            ec_ops_point_to_xy(ops, c, xy[m], &P);
            out[m] = t->secret, k[m] = &d[m], in[m] = xy[m], idx[m] = i;
            m++;
        }
        if (!m) break;
        for (unsigned l = m; l < EC_LANES; l++) out[l] = scratch[l], k[l] = &d[0], in[l] = xy[0];
        unsigned inf = ec_lanes_mul_x(ln, c, out, k, in, m);
        ct_public(&inf, sizeof inf); /* never set for a valid key and peer */
        for (unsigned l = 0; l < m; l++) {
            results[idx[l]] = (inf >> l) & 1 ? FASTEC_ERR_INFINITY : FASTEC_OK;
            if (results[idx[l]]) all = FASTEC_ERR_BATCH;
        }
    }
    ct_wipe(d, sizeof d);
    ct_wipe(scratch, sizeof scratch);
    return all;
}

static int work_ecdh_batch_lanes(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_ECDH, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    return ecdh_lanes(a->c, a->ln, a->items, a->n, a->results);
}

static int work_ecdh_batch_loop(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_ECDH, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    const fastec_ecdh_item *items = a->items;
    int all = FASTEC_OK;
    for (size_t i = 0; i < a->n; i++) {
        const fastec_ecdh_item *t = &items[i];
        a->results[i] = ecdh(a->c, t->priv, t->peer_pub, t->peer_pub_len, t->secret, 0);
        if (a->results[i]) all = FASTEC_ERR_BATCH;
    }
    return all;
}

int fastec_ecdh_batch(const fastec_curve *c, const fastec_ecdh_item *items, size_t n, int *results)
{
    int rc = batch_args(c, items, n, results);
    if (rc) return rc;
    key_args a = {.c = c, .items = items, .n = n, .results = results, .ln = ec_lanes_for(c)};
    if (a.ln && a.ln->mul_x) return api_run(work_ecdh_batch_lanes, &a, WS_ecdh_batch_lanes, c);
    return api_run(work_ecdh_batch_loop, &a, WS_ecdh_batch_loop, c);
}

/* Signing on lanes: each item's key loaded and its first RFC 6979 nonce
 * drawn as ecdsa_sign() does, k G for up to EC_LANES items at once, the
 * nonces' inverses by one inversion, the rest of each signature by
 * proto_ecdsa_sign_x; an item whose r or s comes out 0
 * (a next nonce is due) is signed again by the single path, which draws the
 * same nonces in the same order */
static int sign_lanes(const fastec_curve *c, const ec_lanes *ln, const fastec_sign_item *items, size_t n,
                                   int *results)
{
    const ec_ops *ops = ec_ops_ready(c);
    int all = FASTEC_OK;
    sc_t d[EC_LANES], e[EC_LANES], k[EC_LANES], kinv[EC_LANES];
    rfc6979_state st;
    uint8_t xb[EC_LANES][EC_MAX_FIELD_BYTES];
    uint8_t *out[EC_LANES];
    const sc_t *kp[EC_LANES];
    size_t idx[EC_LANES];
    size_t i = 0;
    while (i < n) {
        unsigned m = 0;
        for (; i < n && m < EC_LANES; i++) {
            const fastec_sign_item *t = &items[i];
            int rc = !t->priv || !t->sig || (!t->digest && t->digest_len) ? FASTEC_ERR_NULL
                                                                          : proto_priv_load(c, &d[m], t->priv);
            if (rc) {
                results[i] = rc;
                all = FASTEC_ERR_BATCH;
                continue;
            }
            sc_from_digest(&c->sc, &e[m], t->digest ? t->digest : (const uint8_t *)"", t->digest_len);
            rfc6979_init(&st, c, proto_rfc6979_hash(t->digest_len), &d[m], &e[m], NULL, 0);
            rfc6979_next(&st, c, &k[m]);
            out[m] = xb[m], kp[m] = &k[m], idx[m] = i;
            m++;
        }
        if (!m) break;
        for (unsigned l = m; l < EC_LANES; l++) out[l] = xb[l], kp[l] = &k[0];
        unsigned inf = ec_lanes_mul_base_x(ln, c, out, kp, m);
        ct_public(&inf, sizeof inf); /* never set for 1 <= k < n */
        sc_inv_batch(&c->sc, kinv, k, m); /* the m nonces' inverses, one inversion */
        for (unsigned l = 0; l < m; l++) {
            const fastec_sign_item *t = &items[idx[l]];
            int rc = inf >> l & 1 ? FASTEC_ERR_INTERNAL : proto_ecdsa_sign_x(c, &d[l], &e[l], &kinv[l], xb[l], t->sig);
            if (rc == 1)
                rc = proto_ecdsa_sign(c, ops, &d[l], t->digest ? t->digest : (const uint8_t *)"", t->digest_len, NULL, 0,
                                      t->sig);
            results[idx[l]] = rc;
            if (rc) all = FASTEC_ERR_BATCH;
        }
    }
    ct_wipe(d, sizeof d);
    ct_wipe(e, sizeof e);
    ct_wipe(k, sizeof k);
    ct_wipe(kinv, sizeof kinv);
    ct_wipe(&st, sizeof st);
    ct_wipe(xb, sizeof xb);
    return all;
}

static int work_sign_batch_lanes(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_SIGN, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    return sign_lanes(a->c, a->ln, a->items, a->n, a->results);
}

static int work_sign_batch_loop(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_SIGN, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    const fastec_sign_item *items = a->items;
    int all = FASTEC_OK;
    for (size_t i = 0; i < a->n; i++) {
        const fastec_sign_item *t = &items[i];
        a->results[i] = ecdsa_sign(a->c, t->priv, t->digest, t->digest_len, NULL, 0, t->sig);
        if (a->results[i]) all = FASTEC_ERR_BATCH;
    }
    return all;
}

int fastec_ecdsa_sign_batch(const fastec_curve *c, const fastec_sign_item *items, size_t n, int *results)
{
    int rc = batch_args(c, items, n, results);
    if (rc) return rc;
    key_args a = {.c = c, .items = items, .n = n, .results = results, .ln = ec_lanes_for(c)};
    if (a.ln && a.ln->mul_base_x) return api_run(work_sign_batch_lanes, &a, WS_sign_batch_lanes, c);
    return api_run(work_sign_batch_loop, &a, WS_sign_batch_loop, c);
}

/* Verification on lanes: each item decoded and its signature checked
 * and turned into u1 = e w, u2 = r w (w = s^-1) as proto_ecdsa_verify does,
 * the s of a group inverted together, a failing item getting its code; the
 * others up to EC_LANES at a time */
static int verify_lanes(const fastec_curve *c, const ec_lanes *ln, const fastec_verify_item *items, size_t n,
                        int *results)
{
    const ec_ops *ops = ec_ops_ready(c);
    const sc_params *p = &c->sc;
    const size_t ss = c->scalar_size;
    int all = FASTEC_OK;
    sc_t u1[EC_LANES], u2[EC_LANES], r[EC_LANES], s[EC_LANES], w[EC_LANES];
    uint8_t xy[EC_LANES][2 * EC_MAX_FIELD_BYTES];
    const sc_t *pu1[EC_LANES], *pu2[EC_LANES], *pr[EC_LANES];
    const uint8_t *in[EC_LANES];
    size_t idx[EC_LANES];
    size_t i = 0;
    while (i < n) {
        unsigned m = 0;
        for (; i < n && m < EC_LANES; i++) {
            const fastec_verify_item *t = &items[i];
            ec_point Q;
            int rc = !t->pub || !t->sig || (!t->digest && t->digest_len) ? FASTEC_ERR_NULL
                                                                        : sec1_decode(c, ops, &Q, t->pub, t->pub_len);
            if (!rc && (!sc_from_bytes_range(p, &r[m], t->sig, ss) || !sc_from_bytes_range(p, &s[m], t->sig + ss, ss)))
                rc = FASTEC_ERR_SIG_RANGE;
            if (rc) {
                results[i] = rc;
                all = FASTEC_ERR_BATCH;
                continue;
            }
            sc_from_digest(p, &u1[m], t->digest ? t->digest : (const uint8_t *)"", t->digest_len); /* e */
            ec_ops_point_to_xy(ops, c, xy[m], &Q);
            pu1[m] = &u1[m], pu2[m] = &u2[m], pr[m] = &r[m], in[m] = xy[m], idx[m] = i;
            m++;
        }
        if (!m) break;
        sc_inv_batch_vartime(p, w, s, m); /* w = s^-1, one inversion */
        for (unsigned l = 0; l < m; l++) {
            sc_mul(p, &u1[l], &u1[l], &w[l]);
            sc_mul(p, &u2[l], &r[l], &w[l]);
        }
        for (unsigned l = m; l < EC_LANES; l++) pu1[l] = pu1[0], pu2[l] = pu2[0], pr[l] = pr[0], in[l] = in[0];
        const unsigned ok = ec_lanes_verify(ln, c, in, pu1, pu2, pr, m);
        for (unsigned l = 0; l < m; l++) {
            results[idx[l]] = (ok >> l) & 1 ? FASTEC_OK : FASTEC_ERR_SIG_INVALID;
            if (results[idx[l]]) all = FASTEC_ERR_BATCH;
        }
    }
    return all;
}

static int work_verify_batch_lanes(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_VERIFY, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    return verify_lanes(a->c, a->ln, a->items, a->n, a->results);
}

static int work_verify_batch_loop(void *p)
{
    const key_args *a = p;
    int rc = batch_aliasing(BATCH_VERIFY, a->c, a->items, a->n, a->results);
    if (rc) return rc;
    const fastec_verify_item *items = a->items;
    int all = FASTEC_OK;
    for (size_t i = 0; i < a->n; i++) {
        const fastec_verify_item *t = &items[i];
        a->results[i] = ecdsa_verify(a->c, t->pub, t->pub_len, t->digest, t->digest_len, t->sig);
        if (a->results[i]) all = FASTEC_ERR_BATCH;
    }
    return all;
}

int fastec_ecdsa_verify_batch(const fastec_curve *c, const fastec_verify_item *items, size_t n, int *results)
{
    int rc = batch_args(c, items, n, results);
    if (rc) return rc;
    key_args a = {.c = c, .items = items, .n = n, .results = results, .ln = ec_lanes_for(c)};
    if (a.ln && a.ln->verify) return api_run(work_verify_batch_lanes, &a, WS_verify_batch_lanes, c);
    return api_run(work_verify_batch_loop, &a, WS_verify_batch_loop, c);
}
