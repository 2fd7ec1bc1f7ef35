# SPDX-License-Identifier: Apache-2.0
"""Constants for the tau-adic scalar multiplication on Koblitz curves
(src/ec2/ec2_tnaf.h, ec2_tnaf_mul_x), checked here before they are written.

Z[tau] holds a + b tau with tau^2 = mu tau - 2 (mu = 1 for a = 1, -1 for
a = 0); tau acts on points as the Frobenius map (x, y) -> (x^2, y^2).

 - delta = (tau^m - 1)/(tau - 1): N(delta) = n, and delta P = O for every P
   of order n, so k P = rho P for rho = k mod delta.
 - Partial reduction (Solinas): lambda = k / delta = k conj(delta) / n;
   q_i = round(k S_i / 2^C) with S_i = round(s_i 2^C / n),
   s_0 = d0 + mu d1, s_1 = -d1; rho = k - q delta, made odd by adding delta
   when its rational part is even. Then N(rho) <= 4.0001 n.
 - Regular recoding of width w: while i < iters, c = phi(rho) + 2^w mod
   2^(w+1), where phi(a + b tau) = a + b t and tau = t mod tau^(w+1); the
   digit is alpha_c, the smallest-norm odd element of class c (alpha of
   2^(w+1) - c is -alpha_c), and rho <- (rho - alpha_c) / tau^w, which is
   odd again. Every digit is non-zero.
 - iters: the norm bound N' <= (sqrt(N) + sqrt(max N(alpha)))^2 / 2^w,
   iterated from 4.0001 n, falls below T = the smallest norm of an odd element
   that is not the alpha of its class; then the remaining rho is the alpha of
   its own class, the last digit. (N is |.|^2 of a complex embedding, so the
   triangle inequality holds for sqrt(N).)
"""
import math
import random


def zmul(x, y, mu):
    a, b = x
    c, d = y
    return (a * c - 2 * b * d, a * d + b * c + mu * b * d)


def znorm(x, mu):
    a, b = x
    return a * a + mu * a * b + 2 * b * b


def zconj(x, mu):
    a, b = x
    return (a + mu * b, -b)


def zdiv_exact(x, y, mu):
    n = znorm(y, mu)
    p = zmul(x, zconj(y, mu), mu)
    assert p[0] % n == 0 and p[1] % n == 0
    return (p[0] // n, p[1] // n)


def zdiv_tau(x, mu):
    a, b = x
    assert a % 2 == 0
    h = a // 2
    return (b + mu * h, -h)


def params(m, a, n, w, C_extra=16):
    mu = 1 if a == 1 else -1
    tm = (1, 0)
    for _ in range(m):
        tm = zmul(tm, (0, 1), mu)
    delta = zdiv_exact((tm[0] - 1, tm[1]), (-1, 1), mu)
    assert znorm(delta, mu) == n
    assert delta[0] % 2 == 1
    M = 1 << (w + 1)
    t = None
    for cand in range(M):
        x = (-cand, 1)
        ok = True
        for _ in range(w + 1):
            if x[0] % 2:
                ok = False
                break
            x = zdiv_tau(x, mu)
        if ok:
            t = cand
            break
    assert t is not None
    phi = lambda x: (x[0] + x[1] * t) % M
    R = 1 << (w // 2 + 3)
    best = {}
    odd = [(a0, b0) for a0 in range(-R, R + 1) if a0 % 2 for b0 in range(-R, R + 1)]
    for x in odd:
        c, nx = phi(x), znorm(x, mu)
        key = (nx, abs(x[0]), abs(x[1]), x)
        if c not in best or key < best[c]:
            best[c] = key
    alpha = {}
    for c in range(1, M // 2, 2):
        alpha[c] = best[c][3]
        alpha[M - c] = (-alpha[c][0], -alpha[c][1])
        assert phi(alpha[M - c]) == M - c
    amax = max(znorm(v, mu) for v in alpha.values())
    tmin = min(znorm(x, mu) for x in odd if alpha[phi(x)] != x)
    # the enumeration box holds every element of norm below tmin
    assert tmin * 4 < R * R
    b, iters = 4.0001 * n, 0
    while b >= tmin:
        b = (math.sqrt(b) + math.sqrt(amax)) ** 2 / 2 ** w
        iters += 1
    # Horner from the top: acc = tau^w R_{i+1} P meets +-alpha_i P only if
    # delta divides R_i or R_i - 2 alpha_i (R_i: the digits from i up), and
    # acc = O only if delta divides R_{i+1}; each is odd, so non-zero, and
    # cannot be a multiple of delta while its norm is below n. Bounds from
    # the top digit down: sqrt N(R_i) <= 2^(w/2) sqrt N(R_{i+1}) + sqrt amax.
    B = [0.0] * (iters + 1)
    B[iters] = math.sqrt(amax)
    for i in range(iters - 1, -1, -1):
        B[i] = 2 ** (w / 2) * B[i + 1] + math.sqrt(amax)
    exc = 0
    for i in range(iters):
        if (B[i] + 2 * math.sqrt(amax)) ** 2 * 1.0001 >= n or B[i + 1] ** 2 * 1.0001 >= n:
            exc = i + 1
    C = m + C_extra
    d0, d1 = delta
    s0, s1 = d0 + mu * d1, -d1
    S0 = (2 * s0 * 2 ** C + n) // (2 * n)
    S1 = (2 * s1 * 2 ** C + n) // (2 * n)
    return dict(mu=mu, w=w, t=t, M=M, delta=delta, alpha=alpha, iters=iters, C=C, S0=S0, S1=S1, phi=phi,
                amax=amax, tmin=tmin, exc=exc)


def sqrt_mod(a, p):
    """a square root of a modulo the odd prime p (Tonelli-Shanks)"""
    a %= p
    assert pow(a, (p - 1) // 2, p) == 1
    q, s = p - 1, 0
    while q % 2 == 0:
        q, s = q // 2, s + 1
    z = 2
    while pow(z, (p - 1) // 2, p) != p - 1:
        z += 1
    mm, c, t, r = s, pow(z, q, p), pow(a, q, p), pow(a, (q + 1) // 2, p)
    while t != 1:
        i, t2 = 0, t
        while t2 != 1:
            t2, i = t2 * t2 % p, i + 1
        b = pow(c, 1 << (mm - i - 1), p)
        mm, c, t, r = i, b * b % p, t * b * b % p, r * b % p
    return r


def eigenvalue(mu, n, is_frobenius_of_G):
    """lambda with tau P = lambda P on the subgroup: a root of x^2 - mu x + 2 mod n"""
    s = sqrt_mod(mu * mu - 8, n)
    inv2 = (n + 1) // 2
    for lam in ((mu + s) * inv2 % n, (mu - s) * inv2 % n):
        if is_frobenius_of_G(lam):
            return lam
    raise AssertionError('no eigenvalue')


def partial_reduce(k, P):
    mu, C = P['mu'], P['C']
    d0, d1 = P['delta']

    def rnd(x):  # the C code: sign(S) * ((k |S| + 2^(C-1)) >> C)
        s = -1 if x < 0 else 1
        return s * ((abs(x) + (1 << (C - 1))) >> C)
    q0, q1 = rnd(k * P['S0']), rnd(k * P['S1'])
    r = zmul((q0, q1), (d0, d1), mu)
    rho = (k - r[0], -r[1])
    if rho[0] % 2 == 0:
        rho = (rho[0] + d0, rho[1] + d1)
    return rho


def recode(rho, P):
    """digits, least significant first: rho = sum d_i tau^(w i)"""
    mu, w, M, alpha, phi = P['mu'], P['w'], P['M'], P['alpha'], P['phi']
    out = []
    x = rho
    for _ in range(P['iters']):
        assert x[0] % 2 == 1
        d = alpha[(phi(x) + M // 2) % M]
        out.append(d)
        x = (x[0] - d[0], x[1] - d[1])
        for _ in range(w):
            x = zdiv_tau(x, mu)
    assert alpha[phi(x)] == x
    out.append(x)
    return out


def check(m, a, n, P, count=200, seed=1):
    """rho = k mod delta and the digits give rho back, on edge and random scalars"""
    rnd = random.Random(seed)
    mu, w = P['mu'], P['w']
    tw = (1, 0)
    for _ in range(w):
        tw = zmul(tw, (0, 1), mu)
    ks = list(range(1, 65)) + [n - i for i in range(1, 65)] + [(1 << j) % n for j in range(m)]
    ks += [((1 << j) - 1) % n for j in range(2, m)] + [rnd.randrange(1, n) for _ in range(count)]
    for k in ks:
        if k == 0:
            continue
        rho = partial_reduce(k, P)
        zdiv_exact((rho[0] - k, rho[1]), P['delta'], mu)
        acc = (0, 0)
        for d in reversed(recode(rho, P)):
            acc = zmul(acc, tw, mu)
            acc = (acc[0] + d[0], acc[1] + d[1])
        assert acc == rho


def tau_pow_elem(b, mu):
    x = (1, 0)
    for _ in range(b):
        x = zmul(x, (0, 1), mu)
    return x


def table_chain(P, bmax=8):
    """How the tables alpha_j P are built from P without intermediate
    inversions: entry j = s1 * (entry src or tau^a P) + s2 * tau^b P, each one
    mixed addition of an affine tau^b P (2b squarings of P's coordinates) to a
    point kept in LD coordinates. Returns, in build order, tuples
    (j, src_is_entry, src, s1_neg, b, s2_neg); b = -1: the entry is
    s1 * tau^src P itself."""
    mu = P['mu']
    ndig = 1 << (P['w'] - 1)
    targets = {j: P['alpha'][2 * j + 1] for j in range(ndig)}
    taus = {b: tau_pow_elem(b, mu) for b in range(bmax + 1)}
    known = {}  # element -> (is_entry, index, sign): element = sign * (entry or tau power)
    for b, t in taus.items():
        known.setdefault(t, (0, b, 1))
        known.setdefault((-t[0], -t[1]), (0, b, -1))
    done, order = {}, []
    for j, al in targets.items():  # digits that are +-tau^a: no addition (b = -1)
        if al in known and known[al][0] == 0:
            _, a, sg = known[al]
            done[j] = (0, a, sg < 0, -1, False)
            order.append((j,) + done[j])
            known.setdefault(al, (1, j, 1))
            known.setdefault((-al[0], -al[1]), (1, j, -1))
    while len(done) < ndig:
        progress = False
        for j, al in targets.items():
            if j in done:
                continue
            found = None
            for b, t in taus.items():
                for s2 in (1, -1):
                    rest = (al[0] - s2 * t[0], al[1] - s2 * t[1])
                    if rest in known and rest != (0, 0):
                        kind, idx, sg = known[rest]
                        cand = (kind, idx, sg < 0, b, s2 < 0)
                        if found is None or (kind, b) < (found[0], found[3]):
                            found = cand
            if found:
                done[j] = found
                order.append((j,) + found)
                known.setdefault(al, (1, j, 1))
                known.setdefault((-al[0], -al[1]), (1, j, -1))
                progress = True
        assert progress, 'no chain for some digits'
    # replay: every entry is its digit, and its source was built before it
    val = {}
    for j, kind, src, n1, b, n2 in order:
        x = val[src] if kind else taus[src]
        x = (-x[0], -x[1]) if n1 else x
        if b >= 0:
            t = taus[b]
            x = (x[0] - t[0], x[1] - t[1]) if n2 else (x[0] + t[0], x[1] + t[1])
        assert x == targets[j]
        val[j] = x
    return order
