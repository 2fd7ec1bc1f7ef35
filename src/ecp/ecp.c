/* Prime-curve points, y^2 = x^3 - 3x + b over GF(p), for the six SEC 2 /
 * NIST prime curves (cofactor 1). Field elements are Montgomery residues
 * modulo p over fp.nlimbs 64-bit words (scalar/sc.c's Montgomery code serves
 * both p and n). Points are homogeneous projective (X : Y : Z), x = X/Z,
 * y = Y/Z, the identity (0 : 1 : 0), with the complete formulas of Renes,
 * Costello and Batina, "Complete addition formulas for prime order elliptic
 * curves" (EUROCRYPT 2016), a = -3: Algorithm 4 (add, 12M + 2 mul by b),
 * Algorithm 5 (mixed add, 11M + 2 mul by b), Algorithm 6 (double, 8M + 3S +
 * 2 mul by b). Complete formulas have no exceptional case, so secret-scalar
 * paths need no special handling.
 *  - variable base (ECDH): signed 4-bit fixed windows, a table of 1..8 P
 *    scanned whole, constant-time;
 *  - generator: k G = sum d_i (16^i G) from the generated affine table,
 *    each row scanned whole, constant-time;
 *  - verification: the same routines on public data; x(R) mod n == r tested
 *    as r Z == X (and r + n while below p), no inversion.
 * This generic code is the correct baseline; per-prime special-form
 * reduction is the next step for speed. */
#include <string.h>

#include "ct.h"
#include "curves/curves.h"
#include "ec_ops.h"
#include "fastec.h"

#define W EC_MAX_WORDS
typedef uint64_t fp[W];

typedef struct {
    fp X, Y, Z;
} pp;

typedef struct {
    const ecp_params *e;
    const sc_params *m;
    unsigned nl;
} ctx;

static void fp_copy(const ctx *c, uint64_t *r, const uint64_t *a) { memcpy(r, a, c->nl * 8); }
static void fp_cmov(const ctx *c, uint64_t *r, const uint64_t *a, uint64_t mask) { ct_cmov_words(r, a, c->nl, mask); }
static uint64_t fp_is_zero(const ctx *c, const uint64_t *a)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < c->nl; i++) t |= a[i];
    return ct_is_zero(t);
}

#define MUL(r, a, b) mod_mul(c->m, r, a, b)
#define ADD(r, a, b) mod_add(c->m, r, a, b)
#define SUB(r, a, b) mod_sub(c->m, r, a, b)

/* Algorithm 4 */
static void pt_add(const ctx *c, pp *o, const pp *P, const pp *Q)
{
    const uint64_t *b = c->e->b;
    fp t0, t1, t2, t3, t4, X3, Y3, Z3;
    MUL(t0, P->X, Q->X); MUL(t1, P->Y, Q->Y); MUL(t2, P->Z, Q->Z);
    ADD(t3, P->X, P->Y); ADD(t4, Q->X, Q->Y); MUL(t3, t3, t4);
    ADD(t4, t0, t1); SUB(t3, t3, t4); ADD(t4, P->Y, P->Z);
    ADD(X3, Q->Y, Q->Z); MUL(t4, t4, X3); ADD(X3, t1, t2);
    SUB(t4, t4, X3); ADD(X3, P->X, P->Z); ADD(Y3, Q->X, Q->Z);
    MUL(X3, X3, Y3); ADD(Y3, t0, t2); SUB(Y3, X3, Y3);
    MUL(Z3, b, t2); SUB(X3, Y3, Z3); ADD(Z3, X3, X3);
    ADD(X3, X3, Z3); SUB(Z3, t1, X3); ADD(X3, t1, X3);
    MUL(Y3, b, Y3); ADD(t1, t2, t2); ADD(t2, t1, t2);
    SUB(Y3, Y3, t2); SUB(Y3, Y3, t0); ADD(t1, Y3, Y3);
    ADD(Y3, t1, Y3); ADD(t1, t0, t0); ADD(t0, t1, t0);
    SUB(t0, t0, t2); MUL(t1, t4, Y3); MUL(t2, t0, Y3);
    MUL(Y3, X3, Z3); ADD(Y3, Y3, t2); MUL(X3, t3, X3);
    SUB(X3, X3, t1); MUL(Z3, t4, Z3); MUL(t1, t3, t0);
    ADD(Z3, Z3, t1);
    fp_copy(c, o->X, X3); fp_copy(c, o->Y, Y3); fp_copy(c, o->Z, Z3);
}

/* Algorithm 5: Q affine (x2, y2) */
static void pt_madd(const ctx *c, pp *o, const pp *P, const uint64_t *x2, const uint64_t *y2)
{
    const uint64_t *b = c->e->b;
    fp t0, t1, t2, t3, t4, X3, Y3, Z3;
    MUL(t0, P->X, x2); MUL(t1, P->Y, y2); ADD(t3, x2, y2);
    ADD(t4, P->X, P->Y); MUL(t3, t3, t4); ADD(t4, t0, t1);
    SUB(t3, t3, t4); MUL(t4, y2, P->Z); ADD(t4, t4, P->Y);
    MUL(Y3, x2, P->Z); ADD(Y3, Y3, P->X); MUL(Z3, b, P->Z);
    SUB(X3, Y3, Z3); ADD(Z3, X3, X3); ADD(X3, X3, Z3);
    SUB(Z3, t1, X3); ADD(X3, t1, X3); MUL(Y3, b, Y3);
    ADD(t1, P->Z, P->Z); ADD(t2, t1, P->Z); SUB(Y3, Y3, t2);
    SUB(Y3, Y3, t0); ADD(t1, Y3, Y3); ADD(Y3, t1, Y3);
    ADD(t1, t0, t0); ADD(t0, t1, t0); SUB(t0, t0, t2);
    MUL(t1, t4, Y3); MUL(t2, t0, Y3); MUL(Y3, X3, Z3);
    ADD(Y3, Y3, t2); MUL(X3, t3, X3); SUB(X3, X3, t1);
    MUL(Z3, t4, Z3); MUL(t1, t3, t0); ADD(Z3, Z3, t1);
    fp_copy(c, o->X, X3); fp_copy(c, o->Y, Y3); fp_copy(c, o->Z, Z3);
}

/* Algorithm 6 */
static void pt_dbl(const ctx *c, pp *o, const pp *P)
{
    const uint64_t *b = c->e->b;
    fp t0, t1, t2, t3, X3, Y3, Z3;
    MUL(t0, P->X, P->X); MUL(t1, P->Y, P->Y); MUL(t2, P->Z, P->Z);
    MUL(t3, P->X, P->Y); ADD(t3, t3, t3); MUL(Z3, P->X, P->Z);
    ADD(Z3, Z3, Z3); MUL(Y3, b, t2); SUB(Y3, Y3, Z3);
    ADD(X3, Y3, Y3); ADD(Y3, X3, Y3); SUB(X3, t1, Y3);
    ADD(Y3, t1, Y3); MUL(Y3, X3, Y3); MUL(X3, X3, t3);
    ADD(t3, t2, t2); ADD(t2, t2, t3); MUL(Z3, b, Z3);
    SUB(Z3, Z3, t2); SUB(Z3, Z3, t0); ADD(t3, Z3, Z3);
    ADD(Z3, Z3, t3); ADD(t3, t0, t0); ADD(t0, t3, t0);
    SUB(t0, t0, t2); MUL(t0, t0, Z3); ADD(Y3, Y3, t0);
    MUL(t0, P->Y, P->Z); ADD(t0, t0, t0); MUL(Z3, t0, Z3);
    SUB(X3, X3, Z3); MUL(Z3, t0, t1); ADD(Z3, Z3, Z3);
    ADD(Z3, Z3, Z3);
    fp_copy(c, o->X, X3); fp_copy(c, o->Y, Y3); fp_copy(c, o->Z, Z3);
}

static void pt_identity(const ctx *c, pp *o)
{
    memset(o, 0, sizeof *o);
    fp_copy(c, o->Y, c->e->one);
}

static void pt_cmov(const ctx *c, pp *r, const pp *a, uint64_t mask)
{
    fp_cmov(c, r->X, a->X, mask);
    fp_cmov(c, r->Y, a->Y, mask);
    fp_cmov(c, r->Z, a->Z, mask);
}

/* y -> -y when mask (constant-time) */
static void fp_cneg(const ctx *c, uint64_t *y, uint64_t mask)
{
    fp z = {0}, t;
    SUB(t, z, y);
    fp_cmov(c, y, t, mask);
}

static void ctx_init(ctx *c, const struct fastec_curve *cv)
{
    c->e = cv->ecp;
    c->m = &cv->ecp->fp;
    c->nl = cv->ecp->fp.nlimbs;
}

/* big-endian bytes (field_size) -> Montgomery form; 0 if the value is >= p */
static int fp_from_bytes(const ctx *c, uint64_t *r, const uint8_t *in, size_t len)
{
    fp v = {0};
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        v[bit / 64] |= (uint64_t)in[i] << (bit % 64);
    }
    /* v < p ? (public data) */
    int lt = 0;
    for (unsigned i = c->nl; i-- > 0;)
        if (v[i] != c->m->n[i]) {
            lt = v[i] < c->m->n[i];
            break;
        }
    MUL(r, v, c->m->rr);
    return lt;
}

/* Montgomery form -> plain */
static void fp_plain(const ctx *c, uint64_t *r, const uint64_t *a)
{
    fp one = {1};
    MUL(r, a, one);
}

static void plain_to_bytes(uint8_t *out, size_t len, const uint64_t *v)
{
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        out[i] = (uint8_t)(v[bit / 64] >> (bit % 64));
    }
}

/* affine plain x, y of P (Z != 0); Fermat inverse, constant-time */
static void pt_to_affine(const ctx *c, const struct fastec_curve *cv, uint64_t *x, uint64_t *y, const pp *P)
{
    sc_t z, zi;
    memset(&z, 0, sizeof z);
    fp_plain(c, z.v, P->Z);
    sc_inv(c->m, &zi, &z);          /* Z^-1, plain */
    MUL(x, P->X, zi.v);             /* X R Z^-1 R^-1 = x, plain */
    MUL(y, P->Y, zi.v);
    (void)cv;
    ct_wipe(&z, sizeof z);
    ct_wipe(&zi, sizeof zi);
}

/* ---- constant-time scalar multiplications ---- */

/* k P, P projective; signed 4-bit windows over bitlen(n) + 1 bits */
static void pt_mul_ct(const ctx *c, const struct fastec_curve *cv, pp *R, const uint64_t *k, const pp *P)
{
    pp tab[8], acc, T;
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    const unsigned pos = (cv->sc.nbits + 3) / 4 + 1;
    tab[0] = *P;
    pt_dbl(c, &tab[1], P);
    for (int j = 2; j < 8; j++) pt_add(c, &tab[j], &tab[j - 1], P);
    sc_recode4(d, k, pos);
    pt_identity(c, &acc);
    for (int i = (int)pos - 1; i >= 0; i--) {
        for (int s = 0; s < 4; s++) pt_dbl(c, &acc, &acc);
        uint64_t dv = (uint64_t)(int64_t)d[i];
        uint64_t neg = ct_mask_bit(dv >> 63);
        uint64_t mag = (dv ^ neg) - neg;
        pt_identity(c, &T);
        for (unsigned j = 0; j < 8; j++) pt_cmov(c, &T, &tab[j], ct_eq(mag, j + 1));
        fp_cneg(c, T.Y, neg);
        pt_add(c, &acc, &acc, &T); /* complete: T may be the identity */
    }
    *R = acc;
    ct_wipe(tab, sizeof tab);
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&T, sizeof T);
    ct_wipe(d, sizeof d);
}

/* k G from the fixed-base table */
static void pt_mul_base_ct(const ctx *c, const struct fastec_curve *cv, pp *R, const uint64_t *k)
{
    const ecp_params *e = c->e;
    pp acc, sum;
    fp x, y;
    int8_t d[SC_MAX_LIMBS * 16 + 2];
    const unsigned nl = c->nl;
    (void)cv;
    sc_recode4(d, k, e->base_pos);
    pt_identity(c, &acc);
    for (unsigned i = 0; i < e->base_pos; i++) {
        uint64_t dv = (uint64_t)(int64_t)d[i];
        uint64_t neg = ct_mask_bit(dv >> 63);
        uint64_t mag = (dv ^ neg) - neg;
        memset(x, 0, sizeof x);
        memset(y, 0, sizeof y);
        for (unsigned j = 0; j < 8; j++) {
            const uint64_t *ent = e->base + ((size_t)i * 8 + j) * 2 * nl;
            uint64_t m = ct_eq(mag, j + 1);
            fp_cmov(c, x, ent, m);
            fp_cmov(c, y, ent + nl, m);
        }
        fp_cneg(c, y, neg);
        pt_madd(c, &sum, &acc, x, y);
        pt_cmov(c, &acc, &sum, ~ct_is_zero(mag));
    }
    *R = acc;
    ct_wipe(&acc, sizeof acc);
    ct_wipe(&sum, sizeof sum);
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
    ct_wipe(d, sizeof d);
}

/* ---- ops ---- */

static int decode_pt(const ctx *c, const struct fastec_curve *cv, pp *P, const uint8_t *xy)
{
    int okx = fp_from_bytes(c, P->X, xy, cv->field_size);
    int oky = fp_from_bytes(c, P->Y, xy + cv->field_size, cv->field_size);
    memset(P->Z, 0, sizeof P->Z);
    fp_copy(c, P->Z, c->e->one);
    return okx && oky;
}

static int ecp_op_mul_x(const struct fastec_curve *cv, uint8_t *x_out, const sc_t *k, const uint8_t *p_xy)
{
    ctx cx;
    const ctx *c = &cx;
    pp P, R;
    fp x, y;
    ctx_init(&cx, cv);
    if (!decode_pt(c, cv, &P, p_xy)) return FASTEC_ERR_COORD;
    pt_mul_ct(c, cv, &R, k->v, &P);
    uint64_t inf = fp_is_zero(c, R.Z);
    pt_to_affine(c, cv, x, y, &R);
    plain_to_bytes(x_out, cv->field_size, x);
    ct_wipe(&R, sizeof R);
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
    ct_public(&inf, sizeof inf);
    return inf ? FASTEC_ERR_INFINITY : FASTEC_OK;
}

static int ecp_op_mul_base(const struct fastec_curve *cv, uint8_t *xy_out, const sc_t *k)
{
    ctx cx;
    const ctx *c = &cx;
    pp R;
    fp x, y;
    ctx_init(&cx, cv);
    pt_mul_base_ct(c, cv, &R, k->v);
    uint64_t inf = fp_is_zero(c, R.Z);
    pt_to_affine(c, cv, x, y, &R);
    plain_to_bytes(xy_out, cv->field_size, x);
    plain_to_bytes(xy_out + cv->field_size, cv->field_size, y);
    ct_wipe(&R, sizeof R);
    ct_wipe(x, sizeof x);
    ct_wipe(y, sizeof y);
    ct_public(&inf, sizeof inf);
    return inf ? FASTEC_ERR_INFINITY : FASTEC_OK;
}

/* y^2 == x^3 - 3x + b, Montgomery inputs */
static void rhs(const ctx *c, uint64_t *r, const uint64_t *x)
{
    fp t, three;
    MUL(t, x, x);
    MUL(t, t, x);
    ADD(three, x, x);
    ADD(three, three, x);
    SUB(t, t, three);
    ADD(r, t, c->e->b);
}

static int ecp_op_check_vartime(const struct fastec_curve *cv, const uint8_t *xy)
{
    ctx cx;
    const ctx *c = &cx;
    pp P;
    fp l, r;
    ctx_init(&cx, cv);
    if (!decode_pt(c, cv, &P, xy)) return FASTEC_ERR_COORD;
    MUL(l, P.Y, P.Y);
    rhs(c, r, P.X);
    if (memcmp(l, r, c->nl * 8)) return FASTEC_ERR_NOT_ON_CURVE;
    return FASTEC_OK; /* cofactor 1: every point but the identity has order n */
}

/* r = a^e (Montgomery in and out), e public big-endian-limbed value (nl limbs) */
static void fp_pow_vartime(const ctx *c, uint64_t *r, const uint64_t *a, const uint64_t *e)
{
    fp acc, base;
    fp_copy(c, acc, c->e->one);
    fp_copy(c, base, a);
    for (int i = (int)(64 * c->nl) - 1; i >= 0; i--) {
        MUL(acc, acc, acc);
        if ((e[i / 64] >> (i % 64)) & 1) MUL(acc, acc, base);
    }
    fp_copy(c, r, acc);
}

static void limbs_shr(uint64_t *v, unsigned nl, unsigned s)
{
    for (unsigned k = 0; k < s; k++)
        for (unsigned i = 0; i < nl; i++) v[i] = (v[i] >> 1) | (i + 1 < nl ? v[i + 1] << 63 : 0);
}

/* square root (Montgomery), 0 if a is not a square. p = 3 mod 4: a^((p+1)/4);
 * otherwise Tonelli–Shanks. Public data only. */
static int fp_sqrt_vartime(const ctx *c, uint64_t *r, const uint64_t *a)
{
    const unsigned nl = c->nl;
    fp e, t;
    memcpy(e, c->m->n, sizeof e);
    if ((c->m->n[0] & 3) == 3) {
        /* (p + 1) / 4 = (p >> 2) + 1 */
        limbs_shr(e, nl, 2);
        for (unsigned i = 0; i < nl && ++e[i] == 0; i++) {}
        fp_pow_vartime(c, r, a, e);
    } else {
        /* p - 1 = q 2^s */
        unsigned s = 0;
        e[0] &= ~1ULL;
        while (!(e[0] & 1)) {
            limbs_shr(e, nl, 1);
            s++;
        }
        /* a non-residue z: try 2, 3, ... (Euler's criterion) */
        fp z, pm1h, one, minus_one, zero = {0};
        fp_copy(c, one, c->e->one);
        SUB(minus_one, zero, one);
        memcpy(pm1h, c->m->n, sizeof pm1h);
        limbs_shr(pm1h, nl, 1);
        fp_copy(c, z, one);
        for (;;) {
            ADD(z, z, one);
            fp_pow_vartime(c, t, z, pm1h);
            if (!memcmp(t, minus_one, nl * 8)) break;
        }
        fp M_c, T, R2, qp1h;
        unsigned Mv = s;
        fp_pow_vartime(c, M_c, z, e);            /* c = z^q */
        fp_pow_vartime(c, T, a, e);              /* t = a^q */
        memcpy(qp1h, e, sizeof qp1h);            /* (q + 1) / 2 */
        limbs_shr(qp1h, nl, 1);
        for (unsigned i = 0; i < nl && ++qp1h[i] == 0; i++) {}
        fp_pow_vartime(c, R2, a, qp1h);          /* r = a^((q+1)/2) */
        for (;;) {
            if (fp_is_zero(c, T)) {
                memset(r, 0, nl * 8);
                return 1;
            }
            if (!memcmp(T, one, nl * 8)) break;
            unsigned i = 0;
            fp t2;
            fp_copy(c, t2, T);
            while (memcmp(t2, one, nl * 8)) {
                MUL(t2, t2, t2);
                if (++i == Mv) return 0; /* not a square */
            }
            fp bb;
            fp_copy(c, bb, M_c);
            for (unsigned j = 0; j + i + 1 < Mv; j++) MUL(bb, bb, bb);
            Mv = i;
            MUL(M_c, bb, bb);
            MUL(T, T, M_c);
            MUL(R2, R2, bb);
        }
        fp_copy(c, r, R2);
    }
    MUL(t, r, r);
    return !memcmp(t, a, nl * 8);
}

static int ecp_op_decompress_vartime(const struct fastec_curve *cv, uint8_t *xy, const uint8_t *xb, int ybit)
{
    ctx cx;
    const ctx *c = &cx;
    fp x, r2, y, yp;
    ctx_init(&cx, cv);
    if (!fp_from_bytes(c, x, xb, cv->field_size)) return FASTEC_ERR_COORD;
    rhs(c, r2, x);
    if (!fp_sqrt_vartime(c, y, r2)) return FASTEC_ERR_NOT_ON_CURVE;
    fp_plain(c, yp, y);
    if ((int)(yp[0] & 1) != ybit) {
        fp zero = {0};
        mod_sub(c->m, yp, zero, yp); /* p - y (plain values work the same) */
    }
    memcpy(xy, xb, cv->field_size);
    plain_to_bytes(xy + cv->field_size, cv->field_size, yp);
    return FASTEC_OK;
}

static int ecp_op_ybit_vartime(const struct fastec_curve *cv, const uint8_t *xy)
{
    return xy[2 * cv->field_size - 1] & 1;
}

static int ecp_op_verify_vartime(const struct fastec_curve *cv, const uint8_t *q_xy, const sc_t *u1, const sc_t *u2,
                                 const sc_t *r)
{
    ctx cx;
    const ctx *c = &cx;
    pp Q, A, B, R;
    ctx_init(&cx, cv);
    if (!decode_pt(c, cv, &Q, q_xy)) return FASTEC_ERR_COORD;
    pt_mul_base_ct(c, cv, &A, u1->v);
    pt_mul_ct(c, cv, &B, u2->v, &Q);
    pt_add(c, &R, &A, &B);
    if (fp_is_zero(c, R.Z)) return FASTEC_ERR_SIG_INVALID;
    /* candidates r, r + n, ... below p: compare c Z with X (Montgomery) */
    fp cand, cm, t;
    memset(cand, 0, sizeof cand);
    memcpy(cand, r->v, cv->sc.nlimbs * 8);
    for (;;) {
        int lt = 0;
        for (unsigned i = c->nl; i-- > 0;)
            if (cand[i] != c->m->n[i]) {
                lt = cand[i] < c->m->n[i];
                break;
            }
        if (!lt || (cv->sc.nlimbs > c->nl)) return FASTEC_ERR_SIG_INVALID;
        MUL(cm, cand, c->m->rr);
        MUL(t, cm, R.Z);
        if (!memcmp(t, R.X, c->nl * 8)) return FASTEC_OK;
        if (sc_add_n_vartime(&cv->sc, cand, c->nl)) return FASTEC_ERR_SIG_INVALID;
    }
}

const ec_ops ecp_ops_portable = {
    "portable",
    0,
    ecp_op_mul_x,
    ecp_op_mul_base,
    ecp_op_verify_vartime,
    ecp_op_check_vartime,
    ecp_op_decompress_vartime,
    ecp_op_ybit_vartime,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
};
