/* SPDX-License-Identifier: Apache-2.0 */
/* The Koblitz curves' tau-adic multiplication (ec2_tnaf_mul_x, the ops
 * table's mul_x there) against the Montgomery ladder (the reference,
 * ec_field_hooks.mul_x_ladder) on every backend this CPU runs, and against
 * the fixed-base table (k G), on the scalars where a recoding goes wrong
 * first: 1..64, n-64..n-1, every power of two and its neighbours, n - 2^j,
 * long runs of equal bits (2^j - 1, alternating patterns, ones then zeros),
 * and random scalars; on G and on random points of the subgroup. Each scalar
 * is also the u2 of a verification (the tau-adic u2 Q there), checked to
 * accept x(u1 G + u2 Q) mod n and to refuse it plus one (u1 below n). Random
 * curves have no tau-adic path: their mul_x must be the ladder itself, and
 * their verification (a NAF of u1 over G's table interleaved with u2 Q, on
 * the isomorphic curve with a = 1 where a is general) is checked the same
 * way on small u1, +-u2 (acc meets +-entry: the doubling, infinity) and
 * random ones. With the argument "quick" (the emulated cross-builds, where
 * the portable field runs tens of times slower, and the sanitizer builds,
 * several times slower; the same code has had the whole sweep natively),
 * the small scalars are 1..32 on one point, the powers of two every 11th
 * bit position plus the limb boundaries and the top, the random scalars 20
 * per curve, and the random curves' verifications u1, u2 <= 8 and 12 random
 * pairs. */
#include "curves/curves.h"
#include "dispatch/dispatch.h"
#include "ec_ops.h"
#include "err.h"
#include "fastec.h"
#include "testops.h"
#include "testutil.h"

static const struct fastec_curve *cur;
static unsigned long n_scalars;
static sc_t logs[3]; /* the test points are logs[p] G */
static sc_t u1_fixed; /* the u1 of one_scalar's verifications, below n */

/* r = a - b over nl limbs (a >= b) */
static void sub_limbs(uint64_t *r, const uint64_t *a, const uint64_t *b, unsigned nl)
{
    uint64_t borrow = 0;
    for (unsigned i = 0; i < nl; i++) {
        unsigned __int128 d = (unsigned __int128)a[i] - b[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
}

/* s in [1, n-1]? */
static int in_range(const sc_t *s)
{
    const sc_params *p = &cur->sc;
    int zero = 1;
    for (unsigned i = 0; i < p->nlimbs; i++) zero &= s->v[i] == 0;
    if (zero) return 0;
    for (int i = (int)p->nlimbs - 1; i >= 0; i--) {
        if (s->v[i] != p->n[i]) return s->v[i] < p->n[i];
    }
    return 0;
}

/* a uniform scalar below 2^nbits, reduced mod n (below 2n: one subtraction) */
static void rand_scalar(sc_t *u)
{
    uint8_t kb[72];
    t_randbytes(kb, cur->scalar_size);
    if (cur->sc.nbits % 8) kb[0] &= (uint8_t)((1u << (cur->sc.nbits % 8)) - 1);
    sc_from_bytes_reduce(&cur->sc, u, kb, cur->scalar_size, 1);
}

/* verification with (u1, u2) on the point logs[p] G: u1 G + u2 Q = (u1 + u2
 * log Q) G, whose x mod n must be accepted as r and r + 1 refused; when the
 * sum is the point at infinity every r is refused. verify_ref computes r
 * (once, on the fastest backend's fixed-base table; 0 for infinity) and
 * check_verify_r checks one backend's verification against it. */
static int verify_ref(const ec_ops *o, unsigned p, const sc_t *u1, const sc_t *u2, sc_t *r)
{
    sc_t e;
    uint8_t xy[2 * EC_MAX_FIELD_BYTES];
    sc_mul(&cur->sc, &e, u2, &logs[p]);
    sc_add(&cur->sc, &e, &e, u1);
    if (sc_is_zero(&cur->sc, &e)) return 0;
    CHECK(t_mul_base(cur, o, xy, &e) == FASTEC_OK, "%s reference point", cur->name);
    sc_from_bytes_reduce(&cur->sc, r, xy, cur->field_size, cur->cofactor);
    return 1;
}

static void check_verify_r(const ec_ops *o, const ec_point *pt, unsigned p, const sc_t *u1, const sc_t *u2, int fin,
                           const sc_t *r)
{
    const char *name = cur->name;
    sc_t r1, one;
    memset(&one, 0, sizeof one);
    one.v[0] = 1;
    if (!fin) {
        CHECK(o->verify_vartime(cur, pt, u1, u2, &one) != RC_OK, "%s %s: verify accepts u1 G + u2 Q = O", name,
              o->backend);
        return;
    }
    sc_add(&cur->sc, &r1, r, &one);
    CHECK(o->verify_vartime(cur, pt, u1, u2, r) == RC_OK,
          "%s %s: verify refuses u1 G + u2 Q (point %u, u1 = ...%016llx, u2 = %016llx...%016llx)", name, o->backend,
          p, (unsigned long long)u1->v[0], (unsigned long long)u2->v[cur->sc.nlimbs - 1],
          (unsigned long long)u2->v[0]);
    CHECK(o->verify_vartime(cur, pt, u1, u2, &r1) != RC_OK, "%s %s: verify accepts r + 1", name, o->backend);
}

static void check_verify(const ec_ops *o, const ec_point *pt, unsigned p, const sc_t *u1, const sc_t *u2)
{
    sc_t r;
    int fin = verify_ref(o, p, u1, u2, &r);
    check_verify_r(o, pt, p, u1, u2, fin, &r);
}

/* k P by the tau-adic multiplication on every backend against one ladder
 * (the last, fastest backend's: the ladder is the slow part, and every backend's
 * ladder is the random curves' mul_x, checked there), k G from each
 * backend's table, and k as the u2 of a verification on each backend
 * against one reference */
static void one_scalar(const ec_ops **ops, const ec_field_hooks **fields, unsigned nb, const sc_t *s,
                       const uint8_t *pts, unsigned npts)
{
    if (!in_range(s)) return;
    n_scalars++;
    const size_t fs = cur->field_size;
    const char *name = cur->name;
    for (unsigned p = 0; p < npts; p++) {
        const uint8_t *P = pts + p * 2 * fs;
        uint8_t xref[EC_MAX_FIELD_BYTES];
        ec_point pt;
        const unsigned f = nb - 1;
        CHECK(ops[f]->point_from_xy_vartime(cur, &pt, P) == 0, "%s point", name);
        CHECK(fields[f]->mul_x_ladder(cur, xref, s, &pt) == 0, "%s %s: ladder gives infinity", name, ops[f]->backend);
        sc_t r;
        int fin = verify_ref(ops[f], p, &u1_fixed, s, &r);
        for (unsigned b = 0; b < nb; b++) {
            uint8_t x1[EC_MAX_FIELD_BYTES];
            CHECK(ops[b]->point_from_xy_vartime(cur, &pt, P) == 0, "%s point", name);
            uint64_t i1 = ops[b]->mul_x(cur, x1, s, &pt);
            CHECK(i1 == 0 && !memcmp(x1, xref, fs), "%s %s: tau-adic != ladder (point %u, k = %016llx...%016llx)", name,
                  ops[b]->backend, p, (unsigned long long)s->v[cur->sc.nlimbs - 1], (unsigned long long)s->v[0]);
            check_verify_r(ops[b], &pt, p, &u1_fixed, s, fin, &r);
            if (p == 0) {
                uint8_t xy[2 * EC_MAX_FIELD_BYTES];
                CHECK(t_mul_base(cur, ops[b], xy, s) == FASTEC_OK && !memcmp(xy, x1, fs), "%s %s: tau-adic != k G table",
                      name, ops[b]->backend);
            }
        }
    }
}

/* lam_add_full, the complete addition that joins the two tau-adic chains
 * (vpclmul512 up to 4 words), through its hook on every backend: a G + c G,
 * a G + a G (the doubling, which no scalar of the chains reaches) and
 * a G + (n - a) G (infinity) */
static void check_lam_add(const ec_ops **ops, const ec_field_hooks **fields, unsigned nb)
{
    const size_t fs = cur->field_size;
    const unsigned nl = cur->sc.nlimbs;
    for (unsigned b = 0; b < nb; b++) {
        CHECK(fields[b]->lam_add_x != NULL, "%s %s: no lam_add_x hook", cur->name, ops[b]->backend);
        if (!fields[b]->lam_add_x) continue;
        for (int it = 0; it < 12; it++) {
            sc_t a, c, s, na;
            ec_point pa, pc;
            uint8_t x1[EC_MAX_FIELD_BYTES], xy[2 * EC_MAX_FIELD_BYTES];
            rand_scalar(&a);
            rand_scalar(&c);
            CHECK(ops[b]->mul_base(cur, &pa, &a) == 0 && ops[b]->mul_base(cur, &pc, &c) == 0, "%s mul_base", cur->name);
            sc_add(&cur->sc, &s, &a, &c);
            CHECK(fields[b]->lam_add_x(cur, x1, &pa, &pc) == 0 && t_mul_base(cur, ops[b], xy, &s) == FASTEC_OK &&
                      !memcmp(x1, xy, fs),
                  "%s %s: lam_add_full: a G + c G", cur->name, ops[b]->backend);
            sc_add(&cur->sc, &s, &a, &a);
            CHECK(fields[b]->lam_add_x(cur, x1, &pa, &pa) == 0 && t_mul_base(cur, ops[b], xy, &s) == FASTEC_OK &&
                      !memcmp(x1, xy, fs),
                  "%s %s: lam_add_full: a G + a G (the doubling)", cur->name, ops[b]->backend);
            memset(&na, 0, sizeof na);
            sub_limbs(na.v, cur->sc.n, a.v, nl);
            CHECK(ops[b]->mul_base(cur, &pc, &na) == 0, "%s mul_base", cur->name);
            CHECK(fields[b]->lam_add_x(cur, x1, &pa, &pc) == ~(uint64_t)0, "%s %s: lam_add_full: a G - a G is not infinity",
                  cur->name, ops[b]->backend);
        }
    }
}

int main(int argc, char **argv)
{
    t_seed();
    /* quick: fewer bit positions and random scalars (below) */
    const int quick = argc > 1 && !strcmp(argv[1], "quick");
    unsigned koblitz = 0;
    for (size_t ci = 0; ci < ec_curve_table_len; ci++) {
        cur = &ec_curve_table[ci];
        if (cur->kind != EC_KIND_BINARY) continue;
        const ec_ops *ops[EC_MAX_BACKENDS];
        const ec_field_hooks *fields[EC_MAX_BACKENDS];
        unsigned nb = ec_backends(cur, ops, fields);
        const ec2_params *cp = cur->ec2;
        const size_t fs = cur->field_size;
        const unsigned nl = cur->sc.nlimbs, nbits = cur->sc.nbits;
        /* points: G and two random points of the subgroup */
        uint8_t pts[3 * 2 * EC_MAX_FIELD_BYTES];
        for (size_t i = 0; i < fs; i++) {
            unsigned byte = (unsigned)(fs - 1 - i);
            pts[i] = (uint8_t)(cp->gx[byte / 8] >> (8 * (byte % 8)));
            pts[fs + i] = (uint8_t)(cp->gy[byte / 8] >> (8 * (byte % 8)));
        }
        memset(&logs[0], 0, sizeof logs[0]);
        logs[0].v[0] = 1;
        for (unsigned p = 1; p < 3; p++) {
            sc_t r;
            uint8_t kb[72];
            do t_randbytes(kb, cur->scalar_size);
            while (!sc_from_bytes_range(&cur->sc, &r, kb, cur->scalar_size));
            logs[p] = r;
            CHECK(t_mul_base(cur, ops[0], pts + p * 2 * fs, &r) == FASTEC_OK, "%s random point", cur->name);
        }
        rand_scalar(&u1_fixed);
        check_lam_add(ops, fields, nb);
        if (!cp->tnaf) {
            /* a random curve: mul_x is the ladder */
            sc_t s;
            memset(&s, 0, sizeof s);
            s.v[0] = 12345;
            for (unsigned b = 0; b < nb; b++) {
                uint8_t x1[EC_MAX_FIELD_BYTES], x2[EC_MAX_FIELD_BYTES];
                ec_point pt;
                ops[b]->point_from_xy_vartime(cur, &pt, pts);
                CHECK(ops[b]->mul_x(cur, x1, &s, &pt) == 0 && fields[b]->mul_x_ladder(cur, x2, &s, &pt) == 0 &&
                          !memcmp(x1, x2, fs),
                      "%s: mul_x != ladder", cur->name);
            }
            /* their verification (u1 G and u2 Q interleaved; on the curves
             * with a general a, on the isomorphic curve with a = 1): on Q = G
             * with small u1 and u2 the additions meet acc = +-entry (the
             * doubling, the point at infinity); random u1, u2 on the three
             * points */
            for (unsigned b = 0; b < nb; b++) {
                ec_point pt[3];
                for (unsigned p = 0; p < 3; p++)
                    CHECK(ops[b]->point_from_xy_vartime(cur, &pt[p], pts + p * 2 * fs) == 0, "%s point", cur->name);
                sc_t u1, u2;
                const unsigned small = quick ? 8 : 20;
                for (unsigned i = 1; i <= small; i++)
                    for (unsigned j = 1; j <= small; j++) {
                        memset(&u1, 0, sizeof u1);
                        memset(&u2, 0, sizeof u2);
                        u1.v[0] = i;
                        u2.v[0] = j;
                        check_verify(ops[b], &pt[0], 0, &u1, &u2);
                        sub_limbs(u1.v, cur->sc.n, u1.v, nl); /* -i: cancels for i = j */
                        check_verify(ops[b], &pt[0], 0, &u1, &u2);
                    }
                for (int it = 0; it < (quick ? 12 : 60); it++) {
                    rand_scalar(&u1);
                    rand_scalar(&u2);
                    check_verify(ops[b], &pt[it % 3], (unsigned)(it % 3), &u1, &u2);
                }
            }
            continue;
        }
        koblitz++;
        unsigned long before = n_scalars;
        sc_t s, t;
        /* 1..64 and n-64..n-1 (quick: 1..32, twice the widest digit, on one point) */
        for (unsigned v = 1; v <= (quick ? 32u : 64u); v++) {
            memset(&s, 0, sizeof s);
            s.v[0] = v;
            one_scalar(ops, fields, nb, &s, pts, quick ? 1 : 3);
            sub_limbs(t.v, cur->sc.n, s.v, nl);
            one_scalar(ops, fields, nb, &t, pts, 1);
        }
        /* powers of two, their neighbours, n - 2^j, 2^j - 1 (a run of ones) */
        for (unsigned j = 0; j < nbits; j++) {
            if (quick && j % 11 && j % 64 && j % 64 != 63 && j + 2 < nbits) continue;
            memset(&s, 0, sizeof s);
            s.v[j / 64] = (uint64_t)1 << (j % 64);
            one_scalar(ops, fields, nb, &s, pts, 1);
            sub_limbs(t.v, cur->sc.n, s.v, nl);
            one_scalar(ops, fields, nb, &t, pts, 1);
            sc_t one;
            memset(&one, 0, sizeof one);
            one.v[0] = 1;
            sub_limbs(t.v, s.v, one.v, nl); /* 2^j - 1 */
            one_scalar(ops, fields, nb, &t, pts, 1);
            s.v[0] |= 1; /* 2^j + 1 */
            one_scalar(ops, fields, nb, &s, pts, 1);
        }
        /* patterns: alternating bits, bytes, ones then zeros, zeros then ones */
        static const uint64_t pat[] = {0x5555555555555555ULL, 0xaaaaaaaaaaaaaaaaULL, 0x00ff00ff00ff00ffULL,
                                       0xffffffff00000000ULL, 0x0000ffffffffffffULL, 0x8000000000000001ULL};
        for (unsigned q = 0; q < sizeof pat / sizeof pat[0]; q++) {
            memset(&s, 0, sizeof s);
            for (unsigned i = 0; i < nl; i++) s.v[i] = pat[q];
            if (nbits % 64) s.v[nl - 1] &= ((uint64_t)1 << (nbits % 64 - 1)) - 1; /* below 2^(nbits-1) < n */
            one_scalar(ops, fields, nb, &s, pts, 3);
        }
        for (unsigned h = 1; h < nl; h++) { /* ones in the high limbs only, and in the low ones only */
            memset(&s, 0, sizeof s);
            for (unsigned i = 0; i < h; i++) s.v[i] = ~(uint64_t)0;
            one_scalar(ops, fields, nb, &s, pts, 1);
            sub_limbs(t.v, cur->sc.n, s.v, nl);
            one_scalar(ops, fields, nb, &t, pts, 1);
        }
        /* the exceptional additions: the last step meets acc = +-alpha P when
         * k = 2 alpha or k = 0 (mod n) for its last digit alpha; tau acts as
         * lambda on the subgroup, so alpha = b + g tau is b + g lambda mod n.
         * c alpha for c = +-1, +-2, +-3 and every digit, and each of these
         * plus or minus 2^(w j) alpha' for the digits above. */
        {
            const ec2_tnaf *tn = cp->tnaf;
            sc_t lam, ch, u, v;
            memset(&lam, 0, sizeof lam);
            memcpy(lam.v, tn->lambda, nl * sizeof(uint64_t));
            /* lambda^2 - mu lambda + 2 = 0 mod n (checks lambda and sc_mul) */
            sc_mul(&cur->sc, &u, &lam, &lam);
            memset(&v, 0, sizeof v);
            v.v[0] = 2;
            sc_add(&cur->sc, &u, &u, &v);
            if (tn->mu > 0) sub_limbs(v.v, cur->sc.n, lam.v, nl);
            else v = lam;
            sc_add(&cur->sc, &u, &u, &v);
            CHECK(sc_is_zero(&cur->sc, &u), "%s: lambda is not a root of x^2 - mu x + 2", cur->name);
            for (unsigned j = 0; j < (1u << (tn->w - 1)); j++) {
                /* alpha_j mod n */
                sc_t al, tmp;
                memset(&al, 0, sizeof al);
                memset(&tmp, 0, sizeof tmp);
                int b = tn->alpha[j][0], g = tn->alpha[j][1];
                tmp.v[0] = (uint64_t)(g < 0 ? -g : g);
                sc_mul(&cur->sc, &al, &lam, &tmp);
                if (g < 0) sub_limbs(al.v, cur->sc.n, al.v, nl);
                memset(&tmp, 0, sizeof tmp);
                tmp.v[0] = (uint64_t)(b < 0 ? -b : b);
                if (b < 0) sub_limbs(tmp.v, cur->sc.n, tmp.v, nl);
                sc_add(&cur->sc, &al, &al, &tmp);
                for (unsigned c = 1; c <= 3; c++) {
                    sc_mul_small(&cur->sc, &ch, &al, c);
                    one_scalar(ops, fields, nb, &ch, pts, 1);
                    sub_limbs(u.v, cur->sc.n, ch.v, nl);
                    one_scalar(ops, fields, nb, &u, pts, 1);
                }
            }
        }
        /* random */
        for (int it = 0; it < (quick ? 20 : 150); it++) {
            uint8_t kb[72];
            t_randbytes(kb, cur->scalar_size);
            if (!sc_from_bytes_range(&cur->sc, &s, kb, cur->scalar_size)) continue;
            one_scalar(ops, fields, nb, &s, pts, 3);
        }
        printf("%s: %lu scalars, %u backend(s), tau-adic width %u, %u digits\n", cur->name, n_scalars - before, nb,
               cp->tnaf->w, cp->tnaf->iters + 1);
    }
    CHECK(koblitz == 6, "%u Koblitz curves with the tau-adic multiplication, want all 6", koblitz);
    return t_done("test_tnaf");
}
