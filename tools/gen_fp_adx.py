#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generates src/gen/fp_adx.h (its only output): Montgomery multiplication r = a b 2^(-64 N) mod p
for N = 3, 4, 6 limbs with MULX/ADCX/ADOX (BMI2 + ADX), as GCC/clang inline
assembly, one function per limb count. p and -p^-1 mod 2^64 are the including
file's static fp_p and fp_n0inv_word, so one function serves every prime with
that many limbs.

The scheme is operand-scanning Montgomery (CIOS): for each word b_i,
t += a b_i (low halves on the CF chain, high halves on the OF chain), then
m = t_0 (-p^-1) mod 2^64 and t += m p, which zeroes t_0; the register that
held t_0 becomes the new top word, so the shift costs no instruction. The
accumulator stays in N + 2 registers (for N = 6 the words of p are memory
operands, addressed from the instruction pointer; with lo, hi, rdx and the
operands' base registers up to 13 registers, which unoptimised builds cannot
allocate, so fp_impl.h uses this code only when optimising); the result
(< 2p, N words plus a top bit) goes to the caller, which subtracts p once
in constant time.

Primes of special form (P-192, P-224, P-256, P-384: SPECIAL) write the
Montgomery rows with shifts and add/subtract chains (special_row) instead
of a row of MULX against the words of p; P-384's row keeps two MULX (by the
words of 2^384 - p) where the generic row has six (product latency 50 TSC
cycles instead of 58). P-384's square (gen_sqr6_rows) has the
product's shape, a row of squares then a Montgomery row, so that the
reduction overlaps the squares (a 12-word square reduced afterwards has the
same 21 MULX and 10% more latency). Reducing by (2^32 + 1) p instead, whose
-p^-1 is 1 (no shift and add for m on the row's path, three MULX a row),
measures the same and is not used.

P-224 (p = 1 mod 2^64, so m = t_0) subtracts m p instead of adding it: the
row is then an add of m 2^96 and a subtract of m 2^224, no negation and no
carry word, and the value, in (-p, p) at the end, is kept in two's
complement (word 0, the next top word, takes the sign). p224_fix adds p
once under the sign mask, so P-224's results are below p (FP_ADX_REDUCED,
fp_impl.h skips its subtraction). Product 21.9 TSC cycles instead of the
generic row's 24.4, square 17.4 instead of 21.3.

The 3- and 4-limb statements take every word of a and b as an operand of
its own ("rm": a register when the compiler has the value in one, inlined
into the point formulas, else memory) and the words of p as memory
operands, so they declare all they read and are ordinary statements:
reading a and b through pointers with a "memory" clobber (and volatile, as
GCC moves a non-volatile one across the stores that change the operands)
would make every product store its result and the next reload it, and keep
the compiler from holding anything in registers across them (about 6-10% of
an ECDH on P-192, P-224 and P-256). P-384's product (24 operands: its
twelve words, memory operands here, and p's two MULX words) and square (a
pointer with a's six words declared as one operand, and the 14 words w) are
such inlined statements too; as functions of their own reading through
pointers they would cost a failed store forwarding on every call. The
generic 6-limb rows (p's six words and -p^-1 as well: past GCC's 30
operands) keep the pointers, volatile and the clobber; no curve uses them.
"""
import os
import sys

LIMBS = (3, 4, 6)
# primes whose Montgomery reduction rows are written as shifts and adds
SPECIAL = {3: [('p192', 'secp192r1')], 4: [('p256', 'secp256r1'), ('p224', 'secp224r1')],
           6: [('p384', 'secp384r1')]}
# P-384's row multiplies m by the two words of 2^384 - p below 2^128
P384_K = (0xffffffff00000001, 0x00000000ffffffff)
K_LIST = ['[k0] "m"(fp_p384_k[0])', '[k1] "m"(fp_p384_k[1])']
K_INS = ', '.join(K_LIST)


def asm_block(lines, outs, ins, declared=False):
    """One asm statement: the instruction lines, the output registers (plus
    the lo and hi scratch registers) and the input operands. With word
    operands (%[a0], ...: word_ins) every input is declared and the
    statement is an ordinary one; so it is when `declared` says that the
    operand string declares all the memory read (P-384's square: a pointer
    plus the six words as an operand of their own); with pointers otherwise
    (the generic 6-limb code) it is volatile and clobbers "memory"."""
    text = '\n'.join(lines)
    words = isinstance(ins, list)
    if words:  # word operands: keep those the text names
        ins = ', '.join(x for x in ins if '%%[%s]' % x.split(']')[0][1:] in text)
    if words or declared:
        head, clob = '    __asm__(', '        : "rdx", "cc");'
    else:
        head, clob = '    __asm__ volatile(', '        : "rdx", "cc", "memory");'
    return ([head] + ['        ' + l for l in lines] +
            ['        : ' + ', '.join('[%s] "=&r"(%s)' % (x, x) for x in outs) + ', [lo] "=&r"(lo), [hi] "=&r"(hi)',
             '        : ' + ins,
             clob])


def word_ins(n, names=('a', 'b')):
    """The input operands of a 3- or 4-limb statement: each word of a (and
    b) in a register or memory, as the compiler has it (inlined into the
    point formulas, a value just computed need not go through memory), and
    p and -p^-1 mod 2^64 for the rows that read them."""
    ins = ['[%s%d] "rm"(%s[%d])' % (v, j, v, j) for v in names for j in range(n)]
    return ins + ['[n0] "m"(fp_n0inv_word)'] + ['[p%d] "m"(fp_p[%d])' % (j, j) for j in range(n)]


def mac(out, cur, n, src, first=0, extra=None):
    """t += rdx * src(first..n-1) at words first.. of the accumulator named
    cur[0..n+1] (xor clears CF and OF; lo is scratch): low halves on the CF
    chain, high halves on the OF chain, both absorbed into cur[n] and
    cur[n + 1]; extra (an operand) is added into cur[n] on the CF chain."""
    out('"xor %[lo], %[lo]\\n\\t"')
    for j in range(first, n):
        out('"mulx %s, %%[lo], %%[hi]\\n\\t"' % src(j))
        out('"adcx %%[lo], %%[%s]\\n\\t"' % cur[j])
        out('"adox %%[hi], %%[%s]\\n\\t"' % cur[j + 1])
    if extra:
        out('"adcx %s, %%[%s]\\n\\t"' % (extra, cur[n]))
        out('"mov $0, %[lo]\\n\\t"')
    else:
        out('"mov $0, %[lo]\\n\\t"')
        out('"adcx %%[lo], %%[%s]\\n\\t"' % cur[n])
    out('"adox %%[lo], %%[%s]\\n\\t"' % cur[n + 1])
    out('"adcx %%[lo], %%[%s]\\n\\t"' % cur[n + 1])


def first_row(out, cur, n, src):
    """t = rdx * src(0..n-1) into cur[0..n], the accumulator being empty: no
    MULX half is added to an earlier word, so one ADD/ADC chain and no
    zeroing (13 instructions fewer than mac on zeros for 4 limbs); cur[n + 1]
    = 0 for the rows after (the XOR after the chain, whose last carry is 0)"""
    out('"mulx %s, %%[%s], %%[%s]\\n\\t"' % (src(0), cur[0], cur[1]))
    for j in range(1, n):
        out('"mulx %s, %%[lo], %%[%s]\\n\\t"' % (src(j), cur[j + 1]))
        out('"%s %%[lo], %%[%s]\\n\\t"' % ('add' if j == 1 else 'adc', cur[j]))
    out('"adc $0, %%[%s]\\n\\t"' % cur[n])
    out('"xor %%[%s], %%[%s]\\n\\t"' % (cur[n + 1], cur[n + 1]))


def mont_row(out, cur, n, m0, psrc):
    """One Montgomery row for any prime: m = t_0 (-p^-1) mod 2^64 (IMUL; -t_0
    when -p^-1 = -1; t_0 when it is 1), then t += m p (psrc names the words
    of p), which zeroes t_0."""
    out('"mov %%[%s], %%%%rdx\\n\\t"' % cur[0])
    if m0 == 'neg':      # -p^-1 = -1 mod 2^64: m = -t_0
        out('"neg %%rdx\\n\\t"')
    elif m0 == 'imul':   # m = t_0 (-p^-1) mod 2^64 (when -p^-1 = 1, m = t_0)
        out('"imul %[n0], %%rdx\\n\\t"')
    mac(out, cur, n, psrc)


def special_row(out, t, last, prime):
    """One Montgomery row t += m p for a prime of special form, by shifts and
    add/subtract chains instead of MULX; t(j) names word j of the row, and
    carries and borrows run up to word `last`. Leaves word 0 = 0 (P-224:
    the sign word)."""
    def ripple(op, first):
        for j in range(first, last + 1):
            out('"%s $0, %s\\n\\t"' % (op, t(j)))
    if prime == 'p256':
        # -p^-1 = 1, m = t_0. p = 2^256 - 2^224 + 2^192 + 2^96 - 1:
        # m p = m (2^64 - 2^32 + 1) 2^192 + m 2^96 - m; t_0 - m = 0,
        # m 2^96 = (m << 32, m >> 32) at words 1, 2,
        # m (2^64 - 2^32 + 1) = (m - (m >> 32) - borrow) 2^64 + (m - (m << 32))
        out('"mov %s, %%%%rdx\\n\\t"' % t(0))
        out('"shl $32, %%rdx\\n\\t"')
        out('"mov %s, %%[lo]\\n\\t"' % t(0))
        out('"shr $32, %[lo]\\n\\t"')
        out('"mov %s, %%[hi]\\n\\t"' % t(0))
        out('"sub %%rdx, %[hi]\\n\\t"')
        out('"sbb %%[lo], %s\\n\\t"' % t(0))
        out('"add %%%%rdx, %s\\n\\t"' % t(1))
        out('"adc %%[lo], %s\\n\\t"' % t(2))
        out('"adc %%[hi], %s\\n\\t"' % t(3))
        out('"adc %s, %s\\n\\t"' % (t(0), t(4)))
        ripple('adc', 5)
    elif prime == 'p192':
        # -p^-1 = 1, m = t_0. p = 2^192 - 2^64 - 1: m p = m 2^192 - m 2^64 - m
        out('"sub %s, %s\\n\\t"' % (t(0), t(1)))
        ripple('sbb', 2)
        out('"add %s, %s\\n\\t"' % (t(0), t(3)))
        ripple('adc', 4)
    elif prime == 'p224':
        # p = 2^224 - 2^96 + 1 = 1 (mod 2^64): the row subtracts m p for
        # m = t_0 p^-1 = t_0 mod 2^64 (the value may turn negative: the
        # window is two's complement, borrows rippled to its top word; the
        # caller's p224_fix brings the end result, in (-p, p), to [0, p)).
        # t_0 - m = 0 without a borrow; - m p + m = m 2^96 - m 2^224, and
        # m 2^96 = (H:L) 2^64 for (H:L) = m 2^32: add (H:L) at words 1, 2,
        # its carry k out of word 2, then subtract (H:L) - k at words 3, 4
        # ((H:L) >= k: m = 0 gives k = 0).
        out('"mov %s, %%%%rdx\\n\\t"' % t(0))
        out('"shl $32, %%rdx\\n\\t"')                     # L
        out('"mov %s, %%[hi]\\n\\t"' % t(0))
        out('"shr $32, %[hi]\\n\\t"')                     # H
        out('"add %%%%rdx, %s\\n\\t"' % t(1))
        out('"adc %%[hi], %s\\n\\t"' % t(2))
        out('"sbb $0, %%rdx\\n\\t"')                      # (H:L) - k
        out('"sbb $0, %[hi]\\n\\t"')
        out('"sub %%%%rdx, %s\\n\\t"' % t(3))
        out('"sbb %%[hi], %s\\n\\t"' % t(4))
        ripple('sbb', 5)
    elif prime == 'p384':
        # -p^-1 = 2^32 + 1, m = t_0 + (t_0 << 32) mod 2^64.
        # p = 2^384 - K with K = 2^128 + 2^96 - 2^32 + 1, whose words are
        # k0 = 2^64 - 2^32 + 1, k1 = 2^32 - 1 and 1: m p = m 2^384 - m K, and
        # m K = t_0 (mod 2^64), so t_0 - m K has no borrow and a zero low word.
        # m K = (h0:l0) + (h1:l1) 2^64 + m 2^128 for (h0:l0) = m k0,
        # (h1:l1) = m k1: two MULX where the generic row has six. Subtract
        # words 1..3 of m K from t_1..t_3 (t_0 is scratch), ripple the
        # borrow b up to word 5, then t_6 += m - b (m >= b: m = 0 gives
        # m K = 0 and no borrow), its carry rippled to the top.
        out('"mov %s, %%%%rdx\\n\\t"' % t(0))
        out('"shl $32, %%rdx\\n\\t"')
        out('"add %s, %%%%rdx\\n\\t"' % t(0))                    # m
        out('"mulx %%[k0], %s, %%[hi]\\n\\t"' % t(0))             # l0 (= t_0), h0
        out('"mulx %%[k1], %%[lo], %s\\n\\t"' % t(0))             # l1, h1
        out('"add %[lo], %[hi]\\n\\t"')                          # word 1
        out('"adc %%%%rdx, %s\\n\\t"' % t(0))                    # word 2
        out('"mov $0, %[lo]\\n\\t"')
        out('"adc $0, %[lo]\\n\\t"')                             # word 3
        out('"sub %%[hi], %s\\n\\t"' % t(1))
        out('"sbb %s, %s\\n\\t"' % (t(0), t(2)))
        out('"sbb %%[lo], %s\\n\\t"' % t(3))
        for j in (4, 5):
            out('"sbb $0, %s\\n\\t"' % t(j))
        out('"sbb $0, %%rdx\\n\\t"')                            # m - b
        out('"add %%%%rdx, %s\\n\\t"' % t(6))
        ripple('adc', 7)
    else:
        raise ValueError(prime)
    if prime == 'p224':
        # the value may be negative: word 0, which becomes the product's next
        # top word, takes its sign (word `last`, 0 or all ones: the value is
        # in (-2^289, 2^289) at every row) so that the window stays exact
        out('"mov %s, %s\\n\\t"' % (t(last), t(0)))
    else:
        out('"xor %s, %s\\n\\t"' % (t(0), t(0)))


def p224_fix(out, w):
    """P-224's end of reduction: the value in words w(0..4), two's complement,
    in (-p, p) (word 4 is 0 or all ones), plus p & word 4, is in [0, p);
    word 4 zeroed. p's words are 1, 2^64 - 2^32, 2^64 - 1 and 2^32 - 1:
    the mask's low bit, the mask shifted left and right by 32 and the mask."""
    out('"mov %s, %%[lo]\\n\\t"' % w(4))
    out('"and $1, %[lo]\\n\\t"')
    out('"mov %s, %%[hi]\\n\\t"' % w(4))
    out('"shl $32, %[hi]\\n\\t"')
    out('"mov %s, %%%%rdx\\n\\t"' % w(4))
    out('"shr $32, %%rdx\\n\\t"')
    out('"add %%[lo], %s\\n\\t"' % w(0))
    out('"adc %%[hi], %s\\n\\t"' % w(1))
    out('"adc %s, %s\\n\\t"' % (w(4), w(2)))
    out('"adc %%%%rdx, %s\\n\\t"' % w(3))
    out('"xor %s, %s\\n\\t"' % (w(4), w(4)))


def double_add_squares(out, n, t, a):
    """The square's second half: the cross products in t(1..2n-2) doubled (the
    bit shifted out into t(2n-1)), then the n squares a_j^2 added, t(0) the
    low word of a_0^2; t names the square's words, a the operand's."""
    out('"mov $0, %s\\n\\t"' % t(2 * n - 1))
    out('"add %s, %s\\n\\t"' % (t(1), t(1)))
    for j in range(2, 2 * n - 1):
        out('"adc %s, %s\\n\\t"' % (t(j), t(j)))
    out('"adc $0, %s\\n\\t"' % t(2 * n - 1))
    out('"mov %s, %%%%rdx\\n\\t"' % a(0))
    out('"mulx %%%%rdx, %s, %%[hi]\\n\\t"' % t(0))
    out('"add %%[hi], %s\\n\\t"' % t(1))
    for j in range(1, n):
        out('"mov %s, %%%%rdx\\n\\t"' % a(j))
        out('"mulx %%rdx, %[lo], %[hi]\\n\\t"')
        out('"adc %%[lo], %s\\n\\t"' % t(2 * j))
        out('"adc %%[hi], %s\\n\\t"' % t(2 * j + 1))


def gen_sqr4(prime):
    """4-limb squaring for a prime of special form: the 8-word square (6 cross
    products, doubled, plus the 4 squares: 10 MULX instead of 16), then 4
    Montgomery rows by special_row, carries rippled to a ninth word."""
    L = []
    out = L.append
    t = lambda j: '%%[t%d]' % j
    a = lambda j: '%%[a%d]' % j
    # cross products
    out('"mov %s, %%%%rdx\\n\\t"' % a(0))
    out('"mulx %s, %s, %s\\n\\t"' % (a(1), t(1), t(2)))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(2), t(3)))
    out('"add %%[lo], %s\\n\\t"' % t(2))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(3), t(4)))
    out('"adc %%[lo], %s\\n\\t"' % t(3))
    out('"adc $0, %s\\n\\t"' % t(4))
    out('"mov %s, %%%%rdx\\n\\t"' % a(1))
    out('"mulx %s, %%[lo], %%[hi]\\n\\t"' % a(2))
    out('"add %%[lo], %s\\n\\t"' % t(3))
    out('"adc %%[hi], %s\\n\\t"' % t(4))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(3), t(5)))
    out('"adc $0, %s\\n\\t"' % t(5))
    out('"add %%[lo], %s\\n\\t"' % t(4))
    out('"adc $0, %s\\n\\t"' % t(5))
    out('"mov %s, %%%%rdx\\n\\t"' % a(2))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(3), t(6)))
    out('"add %%[lo], %s\\n\\t"' % t(5))
    out('"adc $0, %s\\n\\t"' % t(6))
    double_add_squares(out, 4, t, a)
    # Montgomery rows, carries rippled up to t8
    out('"mov $0, %s\\n\\t"' % t(8))
    for i in range(4):
        special_row(out, lambda j, i=i: t(i + j), 8 - i, prime)
    if prime == 'p224':
        p224_fix(out, lambda j: t(4 + j))
    regs = ['t%d' % k for k in range(9)]
    below = 'below p, word 4 zero' if prime == 'p224' else 'below 2p'
    body = ['/* %s: r (5 words: the value %s) = a^2 2^-256 mod p */' % (prime.upper(), below),
            'static inline __attribute__((always_inline)) void fp_mont_sqr_adx4(uint64_t *r, const uint64_t *a)',
            '{',
            '    uint64_t %s, lo, hi;' % ', '.join(regs)]
    body += asm_block(L, regs, word_ins(4, ('a',)))
    for j in range(5):
        body.append('    r[%d] = t%d;' % (j, 4 + j))
    body.append('}')
    return '\n'.join(body)


def gen_sqr6_rows(special):
    """6-limb Montgomery squaring in the product's shape (CIOS): row i adds
    a_i (a_i + 2 A_i) at word 2 i, A_i = floor(a / 2^(64 (i + 1))), then one
    Montgomery row, so that the reduction overlaps the squares as in the
    product instead of waiting for the whole 12-word square. 2 A_i is read
    as words: a_(i+1) << 1, then d_j = a_j << 1 | a_(j-1) >> 63 for j = i + 2
    .. 5, then the top bit d_6 = a_5 >> 63, whose product a_i d_6 is a_i
    masked; the C caller computes these 14 words once (w[], memory operands).
    21 MULX for the square. Row i adds less than 2^(64 (6 + i) + 66) at word
    0 of the whole, so the window (value / 2^(64 i)) stays below 2^386 plus
    the rows' multiples of p; the result (a^2 + m p) / 2^384 is below 2p.
    Special primes only (P-384): the generic rows' operands (-p^-1 and p's
    six words) would take the statement past GCC's 30 operands, and a
    generic 6-limb prime squares with its product."""
    n = 6
    regs = ['t%d' % k for k in range(n + 2)]
    L = []
    out = L.append
    cur = regs[:]
    a = lambda j: '%d(%%[a])' % (8 * j)
    # w[]: a_j << 1 at j - 1 (j = 1..5), d_j at D + j - 2 (j = 2..5),
    # a_i d_6 at MASKED + i (i = 0..4)
    D, MASKED, NW = 5, 9, 14
    w = lambda k: '%%[w%d]' % k
    for k in range(n + 2):
        out('"xor %%[%s], %%[%s]\\n\\t"' % (cur[k], cur[k]))
    for i in range(n):
        out('"mov %s, %%%%rdx\\n\\t"' % a(i))
        src = lambda j, i=i: '%%rdx' if j == i else w(j - 1) if j == i + 1 else w(D + j - 2)
        mac(out, cur, n, src, first=i, extra=w(MASKED + i) if i < n - 1 else None)
        special_row(out, lambda j, c=cur: '%%[%s]' % c[j], n + 1, special)
        cur = cur[1:] + cur[:1]
    ins = ('[a] "r"(a), [aw] "m"(*(const uint64_t(*)[6])a), ' + K_INS + ', ' +
           ', '.join('[w%d] "m"(w[%d])' % (k, k) for k in range(NW)))
    body = ['/* r (7 words: the value below 2p) = a^2 2^-384 mod p */',
            'FP_ADX6_FN void fp_mont_sqr_adx6(uint64_t *r, const uint64_t *a)',
            '{',
            '    /* w: a_j << 1 (j = 1..5), d_j (j = 2..5), a_i d_6 (i = 0..4) */',
            '    uint64_t w[%d], mask = 0 - (a[5] >> 63);' % NW,
            '    for (int j = 1; j < 6; j++)',
            '        w[j - 1] = a[j] << 1;',
            '    for (int j = 2; j < 6; j++)',
            '        w[%d + j - 2] = a[j] << 1 | a[j - 1] >> 63;' % D,
            '    for (int i = 0; i < 5; i++)',
            '        w[%d + i] = a[i] & mask;' % MASKED,
            '    uint64_t %s, lo, hi;' % ', '.join(regs)]
    body += asm_block(L, regs, ins, declared=True)
    for j in range(n + 1):
        body.append('    r[%d] = %s;' % (j, cur[j]))
    body.append('}')
    return '\n'.join(body)


def gen_sqr3(m0, special=None):
    """3-limb Montgomery squaring for any prime: the 6-word square (3 cross
    products, doubled, plus the 3 squares: 6 MULX instead of 9) in
    registers, then the Montgomery reduction of its low half as in the
    product (special_row for a prime of special form, else m = t_0 (-p^-1)),
    U = (T_lo + m p) / 2^192 <= p, and U + T_hi < 2p (T_hi = floor(a^2 /
    2^192) < p). One asm block, 13 registers at most (11 with special rows)."""
    n = 3
    L = []
    out = L.append
    a = lambda j: '%%[a%d]' % j
    s = lambda j: '%%[s%d]' % j
    out('"mov %s, %%%%rdx\\n\\t"' % a(0))
    out('"mulx %s, %s, %s\\n\\t"' % (a(1), s(1), s(2)))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(2), s(3)))
    out('"add %%[lo], %s\\n\\t"' % s(2))
    out('"adc $0, %s\\n\\t"' % s(3))
    out('"mov %s, %%%%rdx\\n\\t"' % a(1))
    out('"mulx %s, %%[lo], %s\\n\\t"' % (a(2), s(4)))
    out('"add %%[lo], %s\\n\\t"' % s(3))
    out('"adc $0, %s\\n\\t"' % s(4))
    double_add_squares(out, 3, s, a)
    # reduction of T_lo = s0..s2 in the rotating registers of the product
    cur = ['s0', 's1', 's2', 'u3', 'u4']
    out('"xor %[u3], %[u3]\\n\\t"')
    out('"xor %[u4], %[u4]\\n\\t"')
    for i in range(n):
        if special:
            special_row(out, lambda j, c=cur: '%%[%s]' % c[j], n + 1, special)
        else:
            mont_row(out, cur, n, m0, lambda j: '%%[p%d]' % j)
        cur = cur[1:] + cur[:1]
    # U (cur[0..3]) + T_hi (s3..s5)
    out('"add %s, %%[%s]\\n\\t"' % (s(3), cur[0]))
    out('"adc %s, %%[%s]\\n\\t"' % (s(4), cur[1]))
    out('"adc %s, %%[%s]\\n\\t"' % (s(5), cur[2]))
    out('"adc $0, %%[%s]\\n\\t"' % cur[3])
    regs = ['s0', 's1', 's2', 's3', 's4', 's5', 'u3', 'u4']
    body = ['/* r (4 words: the value below 2p) = a^2 2^-192 mod p */',
            'static inline __attribute__((always_inline)) void fp_mont_sqr_adx3(uint64_t *r, const uint64_t *a)',
            '{',
            '    uint64_t %s, lo, hi;' % ', '.join(regs)]
    body += asm_block(L, regs, word_ins(3, ('a',)))
    for j in range(n + 1):
        body.append('    r[%d] = %s;' % (j, cur[j]))
    body.append('}')
    return '\n'.join(body)


def gen(n, m0, special=None):
    # 6 limbs: the words of p as memory operands. P-384 (special) takes a
    # and b word by word as memory operands too (24 operands with p's two
    # MULX words), an ordinary statement inlined into the point formulas
    # (FP_ADX6_FN); the generic 6-limb rows need p's six words and -p^-1 as
    # well, past GCC's 30 operands, and keep the pointers and a function of
    # their own
    pmem = n >= 6
    pwords = pmem and special
    regs = ['t%d' % k for k in range(n + 2)]  # operand names, rotated below
    lines = []
    out = lines.append
    cur = regs[:]  # cur[j] = operand holding t_j

    for i in range(n):
        byword = not pmem or pwords
        out(('"mov %%[b%d], %%%%rdx\\n\\t"' % i) if byword else ('"mov %d(%%[b]), %%%%rdx\\n\\t"' % (8 * i)))
        asrc = (lambda j: '%%[a%d]' % j) if byword else (lambda j: '%d(%%[a])' % (8 * j))
        if i == 0:
            # later rows find t_(n+1) = 0 in the register rotated in
            first_row(out, cur, n, asrc)
        else:
            mac(out, cur, n, asrc)
        if special:
            special_row(out, lambda j, c=cur: '%%[%s]' % c[j], n + 1, special)
            cur = cur[1:] + cur[:1]
            continue
        mont_row(out, cur, n, m0, lambda j: '%%[p%d]' % j)
        cur = cur[1:] + cur[:1]  # t_0 is now zero: it becomes the next top word
    if special == 'p224':
        p224_fix(out, lambda j: '%%[%s]' % cur[j])
    # result words cur[0..n]
    if pwords:
        ins = ['[%s%d] "m"(%s[%d])' % (v, j, v, j) for v in 'ab' for j in range(n)] + K_LIST
    elif pmem:
        ins = '[a] "r"(a), [b] "r"(b), [n0] "m"(fp_n0inv_word), ' + ', '.join('[p%d] "m"(fp_p[%d])' % (j, j)
                                                                              for j in range(n))
    else:
        ins = word_ins(n)
    below = 'below p, word n zero' if special == 'p224' else 'below 2p'
    body = ['/* r (n + 1 words: the value %s) = a b 2^-%d mod p */' % (below, 64 * n),
            '%s void fp_mont_mul_adx%d(uint64_t *r, const uint64_t *a, const uint64_t *b)'
            % ('FP_ADX6_FN' if pwords else 'static __attribute__((noinline))' if pmem
               else 'static inline __attribute__((always_inline))', n),
            '{',
            '    uint64_t %s, lo, hi;' % ', '.join(regs)]
    body += asm_block(lines, regs, ins)
    for j in range(n + 1):
        body.append('    r[%d] = %s;' % (j, cur[j]))
    body.append('}')
    return '\n'.join(body)


def limbs(p):
    return (p.bit_length() + 63) // 64


def n0inv_kind(p):
    v = (-pow(p, -1, 1 << 64)) % (1 << 64)
    return 'one' if v == 1 else 'neg' if v == (1 << 64) - 1 else 'imul'


def adx_primes():
    """{name: p} of the primes compiled with FP_ADX=1 (the adx backend's,
    and P-384 under ifma, which keeps the adx field) in Montgomery form"""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen_curves
    names = set(gen_curves.ecp_instances('adx')) | ({'secp384r1'} & set(gen_curves.ecp_instances('ifma')))
    return {c[0]: c[1] for c in gen_curves.PRIME if c[0] in names and c[0] not in gen_curves.PLAIN_PRIMES
            and limbs(c[1]) in LIMBS}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parts = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_fp_adx.py: do not edit. */',
             '/* Montgomery multiplication with MULX/ADCX/ADOX for 3, 4 and 6 limbs;',
             ' * callers must check BMI2 and ADX at run time (src/cpu.c). The including',
             ' * file defines the modulus fp_p and -fp_p^-1 mod 2^64 fp_n0inv_word. */',
             '#ifndef FASTEC_FP_ADX_H', '#define FASTEC_FP_ADX_H', '',
             '/* P-384\'s product and square: inlined into the point formulas, except',
             ' * in sanitizer builds, where GCC took more than 20 minutes to allocate',
             ' * their registers inlined (a function each there, as before) */',
             '#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)',
             '#define FP_ADX6_FN static __attribute__((noinline))',
             '#elif defined(__has_feature)',
             '#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)',
             '#define FP_ADX6_FN static __attribute__((noinline))',
             '#endif',
             '#endif',
             '#ifndef FP_ADX6_FN',
             '#define FP_ADX6_FN static inline __attribute__((always_inline))',
             '#endif', '']
    # only what an instance compiles: the special form of each prime built
    # with FP_ADX (tools/gen_curves.py's instance lists), and the generic row
    # (by -p^-1 mod 2^64: 1, -1, or a multiplication) for a prime without one
    need = adx_primes()
    for n in LIMBS:
        variants = []
        for name, curve in SPECIAL.get(n, []):
            if curve in need:
                variants.append(('one', ' && defined(FP_CURVE_%s)' % curve, name))
        special_curves = {c for _, c in SPECIAL.get(n, [])}
        generic = {n0inv_kind(p) for c, p in need.items() if limbs(p) == n and c not in special_curves}
        for m0, cond in (('one', ' && FP_N0INV == 1'), ('neg', ' && FP_N0INV == 0xffffffffffffffffULL'), ('imul', '')):
            if m0 in generic:
                variants.append((m0, cond, None))
        if not variants:
            continue
        for k, (m0, cond, special) in enumerate(variants):
            parts.append('#%s FP_NL == %d%s' % ('if' if k == 0 else 'elif', n, cond))
            if special == 'p384':
                parts.append('static const uint64_t fp_p384_k[2] = {%s};' % ', '.join('0x%016xULL' % k for k in P384_K))
            parts.append(gen(n, m0, special))
            if special == 'p224':
                parts.append('#define FP_ADX_REDUCED 1 /* P-224: product and square end below p */')
            if special in ('p256', 'p224'):
                parts.append('#define FP_HAVE_SQR_ADX 1')
                parts.append(gen_sqr4(special))
            if n == 3:
                parts.append('#define FP_HAVE_SQR_ADX 1')
                parts.append(gen_sqr3(m0, special))
            if n == 6 and special:
                parts.append('#define FP_HAVE_SQR_ADX 1')
                parts.append(gen_sqr6_rows(special))
        parts.append('#endif')
        parts.append('')
    parts.append('#endif')
    open(os.path.join(root, 'src/gen/fp_adx.h'), 'w').write('\n'.join(parts) + '\n')


if __name__ == '__main__':
    main()
