/* SPDX-License-Identifier: Apache-2.0 */
/* Products and squares in GF(p) for p = 2^160 - c, c = 2^31 + 1 (secp160r1),
 * included by fp/fp_impl.h in place of the Montgomery products (FP_PLAIN).
 * Elements are plain values, three 64-bit words, fully reduced (0 <= a < p)
 * like every other prime's, so 1 is {1, 0, 0} and fp_from_words and
 * fp_to_words are copies; sums, differences and halves are fp_impl.h's.
 *
 * Why not Montgomery: -p^-1 mod 2^64 is 1 - 2^31 + 2^62, so every reduction
 * row would wait for a multiplication by it (p-word rows of P-192 and P-256
 * need none), and that chain made the product 38 cycles against P-192's 24.
 * Here 2^160 = c (mod p) folds the product with shifts and additions.
 *
 * The reduction of T = a b < p^2 < 2^320 (five words t0..t4):
 *  1. T = H 2^160 + L with H < 2^160: S = L + H + H 2^31 < 2^160 + 2^160 + 2^191,
 *     below 2^192, so three words and no carry out;
 *  2. S = q 2^160 + S' with q < 2^32: V = S' + q c < 2^160 + 2^64 < 2 p;
 *  3. V >= p exactly when W = V + c >= 2^160, and then V - p = W - 2^160:
 *     the result is W with bit 160 cleared if W's bit 160 is set, else V
 *     (a select on that bit: CMOV, or a mask in C).
 * Constant-time: the same instructions whatever the values. */
#ifndef FASTEC_FP160_H
#define FASTEC_FP160_H

_Static_assert(FP_NL == 3 && FP_NBITS == 160 && FP_PLAIN_C == 0x80000001ULL,
               "fp160.h: p = 2^160 - 2^31 - 1 only (its shifts are written out)");

#if FP_ADX && defined(__x86_64__) && defined(__OPTIMIZE__)
/* MULX/ADX product (three rows, the second and third on two carry chains),
 * then the reduction above on t0..t4, rdx as a scratch word. Inputs below
 * 2^160 keep every row's last carry zero (T < 2^320), so none is kept. */
#define FP160_RED                                                                                                      \
    "mov %[t2], %[h0]\n\t"                                                                                             \
    "shrd $32, %[t3], %[h0]\n\t" /* H: h0 */                                                                           \
    "mov %[t2], %[hi]\n\t"                                                                                             \
    "shrd $1, %[t3], %[hi]\n\t"                                                                                        \
    "and $-0x80000000, %[hi]\n\t" /* H 2^31 = (T >> 129) without its low 31 bits: g0 */                                \
    "mov %[t3], %%rdx\n\t"                                                                                             \
    "shrd $32, %[t4], %%rdx\n\t" /* h1 */                                                                              \
    "shrd $1, %[t4], %[t3]\n\t"  /* g1 */                                                                              \
    "mov %[t4], %[lo]\n\t"                                                                                             \
    "shr $1, %[lo]\n\t"      /* g2 */                                                                                  \
    "shr $32, %[t4]\n\t"     /* h2 */                                                                                  \
    "mov %k[t2], %k[t2]\n\t" /* L = t0, t1, t2 mod 2^32 */                                                             \
    "test %[t0], %[t0]\n\t"  /* CF = OF = 0 */                                                                         \
    "adcx %[h0], %[t0]\n\t"                                                                                            \
    "adox %[hi], %[t0]\n\t"                                                                                            \
    "adcx %%rdx, %[t1]\n\t"                                                                                            \
    "adox %[t3], %[t1]\n\t"                                                                                            \
    "adcx %[t4], %[t2]\n\t"                                                                                            \
    "adox %[lo], %[t2]\n\t" /* S = L + H + H 2^31 */                                                                   \
    "mov %[t2], %[hi]\n\t"                                                                                             \
    "shr $32, %[hi]\n\t" /* q */                                                                                       \
    "mov %k[t2], %k[t2]\n\t"                                                                                           \
    "mov %[hi], %[lo]\n\t"                                                                                             \
    "shl $31, %[lo]\n\t"                                                                                               \
    "add %[hi], %[lo]\n\t" /* q c */                                                                                   \
    "mov $0x80000001, %k[h0]\n\t"                                                                                      \
    "add %[lo], %[h0]\n\t" /* q c + c */                                                                               \
    "add %[t0], %[h0]\n\t"                                                                                             \
    "mov %[t1], %%rdx\n\t"                                                                                             \
    "adc $0, %%rdx\n\t"                                                                                                \
    "mov %[t2], %[t4]\n\t"                                                                                             \
    "adc $0, %[t4]\n\t" /* W = S' + q c + c */                                                                         \
    "add %[lo], %[t0]\n\t"                                                                                             \
    "adc $0, %[t1]\n\t"                                                                                                \
    "adc $0, %[t2]\n\t"      /* V = S' + q c */                                                                        \
    "mov %k[t4], %k[t3]\n\t" /* W's word 2 without bit 160 */                                                          \
    "bt $32, %[t4]\n\t"                                                                                                \
    "cmovc %[h0], %[t0]\n\t"                                                                                           \
    "cmovc %%rdx, %[t1]\n\t"                                                                                           \
    "cmovc %[t3], %[t2]\n\t"
#define FP160_OUT                                                                                                      \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [lo] "=&r"(lo), [hi] "=&r"(hi),   \
        [h0] "=&r"(h0)
#define FP_HAVE_ADX 1

FP_INLINE void fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t0, t1, t2, t3, t4, lo, hi, h0;
    __asm__("mov %[b0], %%rdx\n\t"
            "mulx %[a0], %[t0], %[t1]\n\t"
            "mulx %[a1], %[lo], %[t2]\n\t"
            "add %[lo], %[t1]\n\t"
            "mulx %[a2], %[lo], %[t3]\n\t"
            "adc %[lo], %[t2]\n\t"
            "adc $0, %[t3]\n\t"
            "mov %[b1], %%rdx\n\t"
            "xor %k[t4], %k[t4]\n\t"
            "mulx %[a0], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t1]\n\t"
            "adox %[hi], %[t2]\n\t"
            "mulx %[a1], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t2]\n\t"
            "adox %[hi], %[t3]\n\t"
            "mulx %[a2], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t3]\n\t"
            "adox %[hi], %[t4]\n\t"
            "mov $0, %k[lo]\n\t"
            "adcx %[lo], %[t4]\n\t"
            "mov %[b2], %%rdx\n\t"
            "xor %k[lo], %k[lo]\n\t"
            "mulx %[a0], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t2]\n\t"
            "adox %[hi], %[t3]\n\t"
            "mulx %[a1], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t3]\n\t"
            "adox %[hi], %[t4]\n\t"
            "mulx %[a2], %[lo], %[hi]\n\t" /* a2 b2 < 2^64: hi = 0 */
            "adcx %[lo], %[t4]\n\t" FP160_RED
            : FP160_OUT
            : [a0] "rm"(a[0]), [a1] "rm"(a[1]), [a2] "rm"(a[2]), [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}

FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t0, t1, t2, t3, t4, lo, hi, h0;
    __asm__("mov %[a0], %%rdx\n\t"
            "mulx %[a1], %[t1], %[t2]\n\t"
            "mulx %[a2], %[lo], %[t3]\n\t"
            "add %[lo], %[t2]\n\t"
            "adc $0, %[t3]\n\t"
            "mov %[a1], %%rdx\n\t"
            "mulx %[a2], %[lo], %[t4]\n\t"
            "add %[lo], %[t3]\n\t"
            "adc $0, %[t4]\n\t" /* the cross products, below 2^287 */
            "add %[t1], %[t1]\n\t"
            "adc %[t2], %[t2]\n\t"
            "adc %[t3], %[t3]\n\t"
            "adc %[t4], %[t4]\n\t"
            "mov %[a0], %%rdx\n\t"
            "mulx %%rdx, %[t0], %[hi]\n\t"
            "add %[hi], %[t1]\n\t"
            "mov %[a1], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adc %[lo], %[t2]\n\t"
            "adc %[hi], %[t3]\n\t"
            "mov %[a2], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t" /* a2^2 < 2^64: hi = 0 */
            "adc %[lo], %[t4]\n\t" FP160_RED
            : FP160_OUT
            : [a0] "rm"(a[0]), [a1] "rm"(a[1]), [a2] "rm"(a[2])
            : "rdx", "cc");
    r[0] = t0;
    r[1] = t1;
    r[2] = t2;
}
#else
#define FP_HAVE_ADX 0
#define FP160_M32 0xffffffffULL

/* r = t mod p for t < 2^320 (five words; steps 1-3 above) */
FP_INLINE void fp160_reduce(uint64_t *r, const uint64_t *t)
{
    uint64_t h0 = (t[2] >> 32) | (t[3] << 32), h1 = (t[3] >> 32) | (t[4] << 32), h2 = t[4] >> 32;
    uint64_t g0 = h0 << 31, g1 = (h1 << 31) | (h0 >> 33), g2 = (h2 << 31) | (h1 >> 33);
    uint64_t s[3], v[3], w[3];
    fp_u128 acc = (fp_u128)t[0] + h0 + g0;
    s[0] = (uint64_t)acc;
    acc = (acc >> 64) + t[1] + h1 + g1;
    s[1] = (uint64_t)acc;
    acc = (acc >> 64) + (t[2] & FP160_M32) + h2 + g2;
    s[2] = (uint64_t)acc; /* below 2^192 */
    uint64_t q = s[2] >> 32, qc = q + (q << 31);
    s[2] &= FP160_M32;
    uint64_t carry = fp_adc(&v[0], s[0], qc, 0);
    carry = fp_adc(&v[1], s[1], 0, carry);
    fp_adc(&v[2], s[2], 0, carry);
    carry = fp_adc(&w[0], v[0], FP_PLAIN_C, 0);
    carry = fp_adc(&w[1], v[1], 0, carry);
    fp_adc(&w[2], v[2], 0, carry);
    uint64_t take_w = ct_mask_bit((w[2] >> 32) & 1);
    r[0] = (w[0] & take_w) | (v[0] & ~take_w);
    r[1] = (w[1] & take_w) | (v[1] & ~take_w);
    r[2] = ((w[2] & take_w) | (v[2] & ~take_w)) & FP160_M32;
}

FP_INLINE void fp_mul(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[6];
    fp_mul_wide(t, a, b);
    fp160_reduce(r, t);
}

FP_INLINE void fp_sqr(uint64_t *r, const uint64_t *a)
{
    uint64_t t[6];
    fp_sqr_wide(t, a);
    fp160_reduce(r, t);
}
#endif

/* canonical words (v < p) are the representation */
static inline void fp_from_words(uint64_t *r, const uint64_t *w) { fp_copy(r, w); }
static inline void fp_to_words(uint64_t *w, const uint64_t *a) { fp_copy(w, a); }

#endif
