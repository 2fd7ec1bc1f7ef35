# SPDX-License-Identifier: Apache-2.0
"""Slow, obvious reference arithmetic for binary curves (GF(2^m) as Python ints).

Used by the table generator and to cross-check formulas; never performance-relevant.
"""


class Field:
    def __init__(self, m, terms):
        self.m = m
        self.poly = (1 << m) | sum(1 << t for t in terms)

    def red(self, a):
        m, p = self.m, self.poly
        while a.bit_length() > m:
            a ^= p << (a.bit_length() - 1 - m)
        return a

    def mul(self, a, b):
        r = 0
        while b:
            if b & 1:
                r ^= a
            b >>= 1
            a <<= 1
        return self.red(r)

    def sqr(self, a):
        return self.mul(a, a)

    def inv(self, a):
        if a == 0:
            raise ZeroDivisionError
        # extended Euclid over GF(2)[x]
        u, v, g1, g2 = a, self.poly, 1, 0
        while u != 1:
            j = u.bit_length() - v.bit_length()
            if j < 0:
                u, v, g1, g2, j = v, u, g2, g1, -j
            u ^= v << j
            g1 ^= g2 << j
        return self.red(g1)

    def pow2k(self, a, k):
        for _ in range(k):
            a = self.sqr(a)
        return a

    def sqrt(self, a):
        return self.pow2k(a, self.m - 1)

    def trace(self, a):
        t, x = 0, a
        for _ in range(self.m):
            t ^= x
            x = self.sqr(x)
        assert t in (0, 1)
        return t

    def halftrace(self, a):
        t, x = 0, a
        for _ in range((self.m - 1) // 2 + 1):
            t ^= x
            x = self.sqr(self.sqr(x))
        return t


class Curve:
    """y^2 + xy = x^3 + a x^2 + b over GF(2^m); points are (x, y) tuples or None."""

    def __init__(self, name, m, terms, a, b, gx, gy, n, h):
        self.name, self.F = name, Field(m, terms)
        self.m, self.terms, self.a, self.b = m, terms, a, b
        self.G, self.n, self.h = (gx, gy), n, h

    def on_curve(self, P):
        F = self.F
        x, y = P
        return F.sqr(y) ^ F.mul(x, y) == F.mul(F.sqr(x), x) ^ F.mul(self.a, F.sqr(x)) ^ self.b

    def neg(self, P):
        return None if P is None else (P[0], P[0] ^ P[1])

    def add(self, P, Q):
        F = self.F
        if P is None:
            return Q
        if Q is None:
            return P
        x1, y1 = P
        x2, y2 = Q
        if x1 == x2:
            if y1 == y2 and x1 != 0:
                return self.dbl(P)
            return None
        lam = F.mul(y1 ^ y2, F.inv(x1 ^ x2))
        x3 = F.sqr(lam) ^ lam ^ x1 ^ x2 ^ self.a
        y3 = F.mul(lam, x1 ^ x3) ^ x3 ^ y1
        return (x3, y3)

    def dbl(self, P):
        F = self.F
        if P is None or P[0] == 0:
            return None
        x, y = P
        lam = x ^ F.mul(y, F.inv(x))
        x3 = F.sqr(lam) ^ lam ^ self.a
        y3 = F.sqr(x) ^ F.mul(lam ^ 1, x3)
        return (x3, y3)

    def mul(self, k, P):
        R = None
        for bit in bin(k)[2:] if k > 0 else '':
            R = self.dbl(R)
            if bit == '1':
                R = self.add(R, P)
        return R
