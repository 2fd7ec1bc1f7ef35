#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the curve table, the per-field constants and the list of
implementation instances from the SEC 2 parameters and the backend lists
below: the one source for which fields, primes and backends exist.

Writes (all in src/gen/, nothing else there is hand-written):
  curve_data.c      the curve table: parameters, order constants, the index of
                    each curve's implementation row, fixed-base tables and the
                    verification tables of odd multiples of G
  gf2m_consts.h     per binary field (GF_M): reduction terms, trace mask, sqrt(x)
  gf2m_maps.c       per binary field: the column tables of two linear maps,
                    a -> a^(2^K) (inversion) and the half-trace
  fp_consts.h       per prime field (FP_CURVE_<name> defined): p, Montgomery
                    constants, p - 2
  dispatch_table.h  every instance (field or prime x backend) as an ops table
                    and a field-hook table, one row per field/prime, the
                    backends of a row in order of preference (src/dispatch/)
  instances.cmake   the same instance lists for the build (CMakeLists.txt)
  dispatch_limits.h EC_MAX_BACKENDS, the most backends a family has
  provider_curves.h the curve list as the OpenSSL provider and the tests name
                    it: OpenSSL names, dotted OIDs, TLS code points

Run from the repository root:  python3 tools/gen_curves.py  (about 40 s; CI
reruns it and fails if the committed output differs)
The parameters are SEC 2 v2 (they are what `openssl ecparam -name NAME
-param_enc explicit -text` prints); tests check them against OpenSSL.
"""
import functools
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ec2ref import Curve, Field  # noqa: E402
import tnaf  # noqa: E402

# tau-adic window width per Koblitz curve, where it beats the ladder (measured:
# docs/ARCHITECTURE.md; sect163k1 since lambda coordinates)
TNAF_W = {'sect163k1': 4, 'sect233k1': 4, 'sect239k1': 4, 'sect283k1': 4, 'sect409k1': 5, 'sect571k1': 5}

# name, m, reduction terms below m, a, b, Gx, Gy, n, h, NIST name, OpenSSL speed name
BINARY = [
    ('sect163k1', 163, [0, 3, 6, 7], 0x1, 0x1, 0x2fe13c0537bbc11acaa07d793de4e6d5e5c94eee8, 0x289070fb05d38ff58321f2e800536d538ccdaa3d9, 0x4000000000000000000020108a2e0cc0d99f8a5ef, 2, 'K-163', 'nistk163'),
    ('sect163r1', 163, [0, 3, 6, 7], 0x7b6882caaefa84f9554ff8428bd88e246d2782ae2, 0x713612dcddcb40aab946bda29ca91f73af958afd9, 0x369979697ab43897789566789567f787a7876a654, 0x435edb42efafb2989d51fefce3c80988f41ff883, 0x3ffffffffffffffffffff48aab689c29ca710279b, 2, None, None),
    ('sect163r2', 163, [0, 3, 6, 7], 0x1, 0x20a601907b8c953ca1481eb10512f78744a3205fd, 0x3f0eba16286a2d57ea0991168d4994637e8343e36, 0xd51fbc6c71a0094fa2cdd545b11c5c0c797324f1, 0x40000000000000000000292fe77e70c12a4234c33, 2, 'B-163', 'nistb163'),
    ('sect193r1', 193, [0, 15], 0x17858feb7a98975169e171f77b4087de098ac8a911df7b01, 0xfdfb49bfe6c3a89facadaa7a1e5bbc7cc1c2e5d831478814, 0x1f481bc5f0ff84a74ad6cdf6fdef4bf6179625372d8c0c5e1, 0x25e399f2903712ccf3ea9e3a1ad17fb0b3201b6af7ce1b05, 0x1000000000000000000000000c7f34a778f443acc920eba49, 2, None, None),
    ('sect193r2', 193, [0, 15], 0x163f35a5137c2ce3ea6ed8667190b0bc43ecd69977702709b, 0xc9bb9e8927d4d64c377e2ab2856a5b16e3efb7f61d4316ae, 0xd9b67d192e0367c803f39e1a7e82ca14a651350aae617e8f, 0x1ce94335607c304ac29e7defbd9ca01f596f927224cdecf6c, 0x10000000000000000000000015aab561b005413ccd4ee99d5, 2, None, None),
    ('sect233k1', 233, [0, 74], 0x0, 0x1, 0x17232ba853a7e731af129f22ff4149563a419c26bf50a4c9d6eefad6126, 0x1db537dece819b7f70f555a67c427a8cd9bf18aeb9b56e0c11056fae6a3, 0x8000000000000000000000000000069d5bb915bcd46efb1ad5f173abdf, 4, 'K-233', 'nistk233'),
    ('sect233r1', 233, [0, 74], 0x1, 0x66647ede6c332c7f8c0923bb58213b333b20e9ce4281fe115f7d8f90ad, 0xfac9dfcbac8313bb2139f1bb755fef65bc391f8b36f8f8eb7371fd558b, 0x1006a08a41903350678e58528bebf8a0beff867a7ca36716f7e01f81052, 0x1000000000000000000000000000013e974e72f8a6922031d2603cfe0d7, 2, 'B-233', 'nistb233'),
    ('sect239k1', 239, [0, 158], 0x0, 0x1, 0x29a0b6a887a983e9730988a68727a8b2d126c44cc2cc7b2a6555193035dc, 0x76310804f12e549bdb011c103089e73510acb275fc312a5dc6b76553f0ca, 0x2000000000000000000000000000005a79fec67cb6e91f1c1da800e478a5, 4, None, None),
    ('sect283k1', 283, [0, 5, 7, 12], 0x0, 0x1, 0x503213f78ca44883f1a3b8162f188e553cd265f23c1567a16876913b0c2ac2458492836, 0x1ccda380f1c9e318d90f95d07e5426fe87e45c0e8184698e45962364e34116177dd2259, 0x1ffffffffffffffffffffffffffffffffffe9ae2ed07577265dff7f94451e061e163c61, 4, 'K-283', 'nistk283'),
    ('sect283r1', 283, [0, 5, 7, 12], 0x1, 0x27b680ac8b8596da5a4af8a19a0303fca97fd7645309fa2a581485af6263e313b79a2f5, 0x5f939258db7dd90e1934f8c70b0dfec2eed25b8557eac9c80e2e198f8cdbecd86b12053, 0x3676854fe24141cb98fe6d4b20d02b4516ff702350eddb0826779c813f0df45be8112f4, 0x3ffffffffffffffffffffffffffffffffffef90399660fc938a90165b042a7cefadb307, 2, 'B-283', 'nistb283'),
    ('sect409k1', 409, [0, 87], 0x0, 0x1, 0x60f05f658f49c1ad3ab1890f7184210efd0987e307c84c27accfb8f9f67cc2c460189eb5aaaa62ee222eb1b35540cfe9023746, 0x1e369050b7c4e42acba1dacbf04299c3460782f918ea427e6325165e9ea10e3da5f6c42e9c55215aa9ca27a5863ec48d8e0286b, 0x7ffffffffffffffffffffffffffffffffffffffffffffffffffe5f83b2d4ea20400ec4557d5ed3e3e7ca5b4b5c83b8e01e5fcf, 4, 'K-409', 'nistk409'),
    ('sect409r1', 409, [0, 87], 0x1, 0x21a5c2c8ee9feb5c4b9a753b7b476b7fd6422ef1f3dd674761fa99d6ac27c8a9a197b272822f6cd57a55aa4f50ae317b13545f, 0x15d4860d088ddb3496b0c6064756260441cde4af1771d4db01ffe5b34e59703dc255a868a1180515603aeab60794e54bb7996a7, 0x61b1cfab6be5f32bbfa78324ed106a7636b9c5a7bd198d0158aa4f5488d08f38514f1fdf4b4f40d2181b3681c364ba0273c706, 0x10000000000000000000000000000000000000000000000000001e2aad6a612f33307be5fa47c3c9e052f838164cd37d9a21173, 2, 'B-409', 'nistb409'),
    ('sect571k1', 571, [0, 2, 5, 10], 0x0, 0x1, 0x26eb7a859923fbc82189631f8103fe4ac9ca2970012d5d46024804801841ca44370958493b205e647da304db4ceb08cbbd1ba39494776fb988b47174dca88c7e2945283a01c8972, 0x349dc807f4fbf374f4aeade3bca95314dd58cec9f307a54ffc61efc006d8a2c9d4979c0ac44aea74fbebbb9f772aedcb620b01a7ba7af1b320430c8591984f601cd4c143ef1c7a3, 0x20000000000000000000000000000000000000000000000000000000000000000000000131850e1f19a63e4b391a8db917f4138b630d84be5d639381e91deb45cfe778f637c1001, 4, 'K-571', 'nistk571'),
    ('sect571r1', 571, [0, 2, 5, 10], 0x1, 0x2f40e7e2221f295de297117b7f3d62f5c6a97ffcb8ceff1cd6ba8ce4a9a18ad84ffabbd8efa59332be7ad6756a66e294afd185a78ff12aa520e4de739baca0c7ffeff7f2955727a, 0x303001d34b856296c16c0d40d3cd7750a93d1d2955fa80aa5f40fc8db7b2abdbde53950f4c0d293cdd711a35b67fb1499ae60038614f1394abfa3b4c850d927e1e7769c8eec2d19, 0x37bf27342da639b6dccfffeb73d69d78c6c27a6009cbbca1980f8533921e8a684423e43bab08a576291af8f461bb2a8b3531d2f0485c19b16e2f1516e23dd3c1a4827af1b8ac15b, 0x3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe661ce18ff55987308059b186823851ec7dd9ca1161de93d5174d66e8382e9bb2fe84e47, 2, 'B-571', 'nistb571'),
]

# Prime curves y^2 = x^3 - 3x + b over GF(p) (a = p - 3 for all six):
# name, p, b, Gx, Gy, n, h, NIST name, OpenSSL speed name, OpenSSL name
PRIME = [
    ('secp160r1', 0xffffffffffffffffffffffffffffffff7fffffff, 0x1c97befc54bd7a8b65acf89f81d4d4adc565fa45, 0x4a96b5688ef573284664698968c38bb913cbfc82, 0x23a628553168947d59dcc912042351377ac5fb32, 0x100000000000000000001f4c8f927aed3ca752257, 1, None, None, None),
    ('secp192r1', 0xfffffffffffffffffffffffffffffffeffffffffffffffff, 0x64210519e59c80e70fa7e9ab72243049feb8deecc146b9b1, 0x188da80eb03090f67cbf20eb43a18800f4ff0afd82ff1012, 0x7192b95ffc8da78631011ed6b24cdd573f977a11e794811, 0xffffffffffffffffffffffff99def836146bc9b1b4d22831, 1, 'P-192', 'nistp192', 'prime192v1'),
    ('secp224r1', 0xffffffffffffffffffffffffffffffff000000000000000000000001, 0xb4050a850c04b3abf54132565044b0b7d7bfd8ba270b39432355ffb4, 0xb70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21, 0xbd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34, 0xffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d, 1, 'P-224', 'nistp224', None),
    ('secp256r1', 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff, 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b, 0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296, 0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5, 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551, 1, 'P-256', 'nistp256', 'prime256v1'),
    ('secp384r1', 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff, 0xb3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef, 0xaa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7, 0x3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f, 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973, 1, 'P-384', 'nistp384', None),
    ('secp521r1', 0x1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff, 0x51953eb9618e1c9a1f929a21a0b68540eea2da725b99b315f3b8b489918ef109e156193951ec7e937b1652c0bd3bb1bf073573df883d2c34f1ef451fd46b503f00, 0xc6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66, 0x11839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650, 0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409, 1, 'P-521', 'nistp521', None),
]


# Backends per family, lowest preference first: (name, CPU_BE_* enumerator in
# src/cpu.h, the architecture it is built for or None for every one). A
# backend also needs its implementation (gf2m/ or fp/) and its CPU probe.
EC2_BACKENDS = [('portable', 'CPU_BE_PORTABLE', None), ('clmul', 'CPU_BE_CLMUL', 'x86_64'),
                ('vpclmul256', 'CPU_BE_VPCLMUL256', 'x86_64'), ('vpclmul512', 'CPU_BE_VPCLMUL512', 'x86_64'), ('pmull', 'CPU_BE_PMULL', 'aarch64')]
# fields a binary backend skips (none today: the VPCLMULQDQ backends use the
# word Karatsuba where it is faster, up to 5 words, src/gf2m/gf2m_impl.h, so
# 163 bits no longer loses to clmul in them)
EC2_BACKEND_SKIP = {}
ECP_BACKENDS = [('portable', 'CPU_BE_PORTABLE', None), ('adx', 'CPU_BE_ADX', 'x86_64'), ('ifma', 'CPU_BE_IFMA', 'x86_64')]
# primes a backend skips (MULX/ADX code exists for 3, 4 and 6 limbs), and
# the only primes a backend has (the IFMA fields exist for P-521 and P-384
# only, src/fp/fp521_ifma.h and src/fp/fp384_ifma.h), so that a new curve
# gets no instance of a backend that cannot compile it
ECP_BACKEND_SKIP = {'adx': {'secp521r1'}}
ECP_BACKEND_ONLY = {'ifma': {'secp384r1', 'secp521r1'}}

# the symmetric families: SHA-1 and SHA-256 blocks with the SHA extensions
# (src/hash/), AES with AES-NI (src/sym/)
SHA_BACKENDS = [('portable', 'CPU_BE_PORTABLE', None), ('sha', 'CPU_BE_SHA', 'x86_64')]
AES_BACKENDS = [('portable', 'CPU_BE_PORTABLE', None), ('aesni', 'CPU_BE_AESNI', 'x86_64')]


def padd(p, P, Q):
    """affine addition on y^2 = x^3 - 3x + b mod p; None is the identity"""
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return (x3, (lam * (x1 - x3) - y1) % p)


def pmul(p, k, P):
    R = None
    for bit in bin(k)[2:]:
        R = padd(p, R, R)
        if bit == '1':
            R = padd(p, R, P)
    return R


# window width of the binary curves' fixed-base tables (k G: m/w mixed
# additions over rows of 2^(w-1) points): 5 against 4 cost 470 KB more for
# the 14 curves and saved 8-12% of the signing time (docs/ARCHITECTURE.md);
# 6 against 5 saves 5-9% of the signing time from 283 bits and is within
# the noise below, so only the six curves from 283 bits have it
def ec2_base_w(m):
    return 6 if m >= 283 else 5
# NAF width of the verification table of G (ECP_GNAF_W and EC2_GNAF_W in src/curves/curves.h)
GNAF_W = 8
# window width of the fixed-base (k G) table per prime curve, 4 unless named:
# wider windows mean fewer additions and longer constant-time table scans;
# width 6 (32 points per position) signs faster on P-224 to P-521, and not
# measurably on P-192 and secp160r1, which keep 4. Its cost is table storage
# (zero-initialised, filled on first use): P-224 +51 KB, P-384 +126 KB,
# P-521 +252 KB.
BASE_W = {'secp224r1': 6, 'secp256r1': 6, 'secp384r1': 6, 'secp521r1': 6}


def prime_base(name, n):
    """a prime curve's fixed-base width and number of rows (positions)"""
    bw = BASE_W.get(name, 4)
    return bw, (n.bit_length() + bw - 1) // bw + 1


# primes whose field keeps plain values (fp/fp160.h) instead of Montgomery
# form: p = 2^160 - 2^31 - 1 folds a product with 2^160 = 2^31 + 1, where a
# Montgomery row would need a multiplication by -p^-1 mod 2^64
PLAIN_PRIMES = {'secp160r1'}


# named-curve OIDs (SEC 2 / RFC 5480), DER content bytes
OIDS = {
    'sect163k1': '2b81040001', 'sect163r1': '2b81040002', 'sect163r2': '2b8104000f',
    'sect193r1': '2b81040018', 'sect193r2': '2b81040019', 'sect233k1': '2b8104001a',
    'sect233r1': '2b8104001b', 'sect239k1': '2b81040003', 'sect283k1': '2b81040010',
    'sect283r1': '2b81040011', 'sect409k1': '2b81040024', 'sect409r1': '2b81040025',
    'sect571k1': '2b81040026', 'sect571r1': '2b81040027',
    'secp160r1': '2b81040008', 'secp192r1': '2a8648ce3d030101', 'secp224r1': '2b81040021',
    'secp256r1': '2a8648ce3d030107', 'secp384r1': '2b81040022', 'secp521r1': '2b81040023',
}

# TLS supported-groups code points (RFC 8422); TLS 1.3 allows the three
# NIST curves from P-256 up only
TLS_IDS = {
    'sect163k1': 1, 'sect163r1': 2, 'sect163r2': 3, 'sect193r1': 4, 'sect193r2': 5, 'sect233k1': 6,
    'sect233r1': 7, 'sect239k1': 8, 'sect283k1': 9, 'sect283r1': 10, 'sect409k1': 11, 'sect409r1': 12,
    'sect571k1': 13, 'sect571r1': 14, 'secp160r1': 16, 'secp192r1': 19, 'secp224r1': 21, 'secp256r1': 23,
    'secp384r1': 24, 'secp521r1': 25,
}
TLS13 = {'secp256r1', 'secp384r1', 'secp521r1'}

FIELDS = sorted({(c[1], tuple(c[2])) for c in BINARY})


def dotted_oid(hexbytes):
    b = bytes.fromhex(hexbytes)
    arcs = [b[0] // 40, b[0] % 40]
    v = 0
    for x in b[1:]:
        v = (v << 7) | (x & 0x7f)
        if not x & 0x80:
            arcs.append(v)
            v = 0
    return '.'.join(str(a) for a in arcs)


def gen_provider_curves(out):
    """The curve list as the OpenSSL provider and its tests see it: SEC 2
    name, OpenSSL's short name, dotted OID, NIST name (the TLS alias), TLS
    code point, TLS 1.3 or not; an X-macro, so that each user makes its own
    table from the one list."""
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
         '/* FASTEC_PROVIDER_CURVES(X): X(sec2 name, OpenSSL name, dotted OID, NIST',
         ' * name or NULL, TLS code point, TLS 1.3) for each of fastec\'s curves, in',
         ' * the curve table\'s order. */',
         '#ifndef FASTEC_GEN_PROVIDER_CURVES_H', '#define FASTEC_GEN_PROVIDER_CURVES_H', '',
         '#define FASTEC_PROVIDER_CURVES(X) \\']
    rows = [(c[0], c[0], c[9]) for c in BINARY] + [(c[0], c[9] or c[0], c[7]) for c in PRIME]
    lines = []
    for name, ossl, nist in rows:
        lines.append('    X("%s", "%s", "%s", %s, 0x%04X, %d)' % (
            name, ossl, dotted_oid(OIDS[name]), '"%s"' % nist if nist else 'NULL', TLS_IDS[name], int(name in TLS13)))
    o.append(' \\\n'.join(lines))
    o += ['', '#endif']
    open(out, 'w').write('\n'.join(o) + '\n')


def gen_limits(out):
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
         '/* The most backends a family has (the dispatch rows\' width). */',
         '#ifndef FASTEC_GEN_DISPATCH_LIMITS_H', '#define FASTEC_GEN_DISPATCH_LIMITS_H', '',
         '#define EC_MAX_BACKENDS %d' % max(len(EC2_BACKENDS), len(ECP_BACKENDS)), '', '#endif']
    open(out, 'w').write('\n'.join(o) + '\n')


def words(v, nw):
    return [(v >> (64 * i)) & 0xFFFFFFFFFFFFFFFF for i in range(nw)]


def cwords(v, nw):
    return '{' + ', '.join('0x%016xULL' % w for w in words(v, nw)) + '}'


def sc_consts(n):
    nbits = n.bit_length()
    nl = (nbits + 63) // 64
    R = 1 << (64 * nl)
    n0inv = (-pow(n, -1, 1 << 64)) % (1 << 64)
    return nbits, nl, n0inv, (R * R) % n


def gen_consts(out):
    lines = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
             '/* Per-field constants: TRACE_MASK has bit i set iff Tr(x^i) = 1;',
             ' * SQRT_X is sqrt(x) = x^(2^(m-1)); the reduction polynomial is',
             ' * x^m + x^GF_K1 (+ x^GF_K2 + x^GF_K3) + 1; GF_SQRK_MAP, GF_SQRK1_MAP,',
             ' * GF_SQRK2_MAP and GF_HT_MAP are the tables of a -> a^(2^GF_SQRK),',
             ' * a^(2^GF_SQRK1), a^(2^GF_SQRK2) (fe_inv\'s three longest squaring',
             ' * runs) and of the half-trace, by output word, GF_MAP_COLS columns',
             ' * (src/gen/gf2m_maps.c, filled on first use; GF_MAPS_STATE is their',
             ' * state word, src/once.h); GF_TNAF_W and GF_TNAF_MU are the tau-adic',
             ' * width and mu of the field\'s Koblitz curve (0 and 0 if it has none). */']
    for m, terms in FIELDS:
        F = Field(m, terms)
        nw = (m + 63) // 64
        mask = trace_mask(m, terms)
        sx = F.sqrt(2)
        assert F.sqr(sx) == 2
        lines.append('#if GF_M == %d' % m)
        ks = sorted((t for t in terms if t), reverse=True)
        lines.append('#define GF_NTERMS %d' % len(ks))
        for i, k in enumerate(ks):
            lines.append('#define GF_K%d %d' % (i + 1, k))
        lines.append('#define GF_TRACE_MASK_INIT %s' % cwords(mask, nw))
        lines.append('#define GF_SQRT_X_INIT %s' % cwords(sx, nw))
        for j, k in enumerate(sqr_runs(m)):
            lines.append('#define GF_SQRK%s %d' % (j or '', k))
        mp = map_cols(m)
        lines.append('#define GF_MAP_COLS %d' % mp)
        assert len(sqr_runs(m)) == 3  # fe_maps_fill (src/gf2m/gf2m_ops.h) fills three runs
        lines.append('extern uint64_t %s;' % ', '.join(
            'gf2m_%s_%d[%d][%d]' % (name, m, nw, mp) for name in MAP_NAMES))
        lines.append('extern atomic_uint gf2m_maps_%d;' % m)
        for j in range(len(sqr_runs(m))):
            lines.append('#define GF_SQRK%s_MAP gf2m_sqrk%s_%d' % (j or '', j or '', m))
        lines.append('#define GF_HT_MAP gf2m_ht_%d' % m)
        lines.append('#define GF_MAPS_STATE gf2m_maps_%d' % m)
        # the field's Koblitz curve (at most one): its tau-adic width and mu,
        # so that the recoding loop folds them (tnaf_digits); 0, 0 if none
        kob = [(TNAF_W[c[0]], 1 if c[3] == 1 else -1) for c in BINARY if c[1] == m and c[0] in TNAF_W]
        assert len(kob) <= 1
        tw, tmu = kob[0] if kob else (0, 0)
        lines.append('#define GF_TNAF_W %d' % tw)
        lines.append('#define GF_TNAF_MU %d' % tmu)
        lines.append('#endif')
    open(out, 'w').write('\n'.join(lines) + '\n')


def fast_field(m, terms):
    """x -> x^2 and reduction mod the field polynomial with whole-int shifts
    (the reference Field reduces bit by bit: too slow for m^2 squarings)."""
    ks = [t for t in terms if t]
    mask = (1 << m) - 1

    def red(a):
        while a >> m:
            hi = a >> m
            a &= mask
            a ^= hi
            for k in ks:
                a ^= hi << k
        return a

    def sqr(a):
        return red(int('0'.join(bin(a)[2:]), 2)) if a else 0

    return red, sqr


def sqr_runs(m):
    """The three longest squaring runs of fe_inv's Itoh-Tsujii chain, longest
    first: its runs are (m - 1) >> i, so K = (m - 1) // 2, K // 2, K // 4.
    The longest is a table on every backend; the other two only where
    fe_linmap costs a few squarings (the VPCLMULQDQ backends,
    src/gf2m/gf2m_impl.h)."""
    return [(m - 1) >> 1, (m - 1) >> 2, (m - 1) >> 3]


MAP_NAMES = ('sqrk', 'sqrk1', 'sqrk2', 'ht')


def map_cols(m):
    """columns of a linear-map table: m rounded up to 8 (512-bit loads)"""
    return (m + 7) // 8 * 8


@functools.lru_cache(maxsize=None)
def trace_mask(m, terms):
    """bit i set iff Tr(x^i) = 1"""
    _, sqr = fast_field(m, terms)
    mask = 0
    for i in range(m):
        t, v = 0, 1 << i
        for _ in range(m):
            t ^= v
            v = sqr(v)
        assert t in (0, 1)
        mask |= t << i
    return mask


def linmaps(m, terms):
    """The columns (images of x^i, i < m) of the GF(2)-linear maps a ->
    a^(2^K) for each K of sqr_runs(m), and of the half-trace
    H(a) = sum_{j <= (m-1)/2} a^(4^j)."""
    F = Field(m, terms)
    _, sqr = fast_field(m, terms)
    tmask = trace_mask(m, terms)
    sqks = []
    for K in sqr_runs(m):
        b = 2
        for _ in range(K):
            b = sqr(b)
        sqk = [1]
        for i in range(1, m):
            sqk.append(F.mul(sqk[-1], b))
        for i in (1, m - 2):  # spot checks against the slow reference
            assert sqk[i] == F.pow2k(1 << i, K)
        sqks.append(sqk)
    ht = [0] * m
    for i in range(m):
        if i % 2 == 0 and i:
            # H(c^2) = H(c) + c + Tr(c) (m odd), c = x^(i/2)
            c = 1 << (i // 2)
            ht[i] = ht[i // 2] ^ c ^ ((tmask >> (i // 2)) & 1)
        else:
            t, v = 0, 1 << i
            for _ in range((m - 1) // 2 + 1):
                t ^= v
                v = sqr(sqr(v))
            ht[i] = t
    for i in (1, m - 2):  # spot checks against the slow reference
        assert ht[i] == F.halftrace(1 << i)
    return sqks + [ht]


def gen_linmaps(out):
    """src/gen/gf2m_maps.c: the storage of the linear maps of linmaps() per
    field, filled on first use by fe_maps_fill (src/gf2m/gf2m_ops.h), as
    tables by output word (gf2m_sqrk_<m>, gf2m_sqrk1_<m>, gf2m_sqrk2_<m>,
    gf2m_ht_<m>: NW rows of GF_MAP_COLS words, word j of the image of x^i at
    [j][i], zero from i = m on, the row length a multiple of 8 for the
    512-bit loads), and their state word; MAP_DIGESTS gets each table's
    SHA-256 for the tests."""
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
         '/* Per binary field, four GF(2)-linear maps: [j][i] is word j of the image',
         ' * of x^i (zero for i >= m): gf2m_sqrk_M, gf2m_sqrk1_M and gf2m_sqrk2_M,',
         ' * a -> a^(2^GF_SQRK), a^(2^GF_SQRK1), a^(2^GF_SQRK2) (fe_inv\'s three',
         ' * longest squaring runs), and gf2m_ht_M, the half-trace, computed on the',
         ' * first use of a curve over the field (fe_maps_fill, src/gf2m/gf2m_ops.h);',
         ' * gf2m_maps_M is their state (src/once.h). Declared in gf2m_consts.h. */',
         '#include <stdatomic.h>', '#include <stdint.h>', '']
    for m, terms in FIELDS:
        nw = (m + 63) // 64
        mp = map_cols(m)
        for name, cols in zip(MAP_NAMES, linmaps(m, terms)):
            o.append('uint64_t gf2m_%s_%d[%d][%d];' % (name, m, nw, mp))
            ws = [(cols[i] >> (64 * j)) & 0xFFFFFFFFFFFFFFFF if i < m else 0 for j in range(nw) for i in range(mp)]
            MAP_DIGESTS.append((m, name, words_sha256(ws)))
        o.append('atomic_uint gf2m_maps_%d;' % m)
    open(out, 'w').write('\n'.join(o) + '\n')


# (m, map name, SHA-256 of the map's words as little-endian bytes, row by row)
MAP_DIGESTS = []


def gen_fp_consts(out):
    """Per-prime constants for src/fp/fp_impl.h, selected by FP_CURVE_<name>."""
    lines = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
             '/* Per-prime constants of the curve whose FP_CURVE_<name> is defined:',
             ' * FP_NL 64-bit limbs, bitlen(p) (FP_NBITS), p (FP_P_INIT), -p^-1 mod 2^64 (FP_N0INV), the',
             ' * inversion exponent p - 2 (FP_PM2_INIT), 1 in the field\'s form (FP_ONE_INIT: R mod p',
             ' * for R = 2^(64 FP_NL) in Montgomery form), R^2 mod p (FP_RR_INIT);',
             ' * FP_MERSENNE when p = 2^k - 1; FP_PLAIN for the plain-value field of',
             ' * p = 2^k - FP_PLAIN_C, with R mod p and R^-1 mod p (FP_RMOD_INIT, FP_RINV_INIT);',
             ' * the eight-lane form\'s FP_L52_NL 52-bit limbs, p, 2p, R^2 mod p for R = 2^(52 FP_L52_NL)',
             ' * and -p^-1 mod 2^52 (FP_L52_*); the entries of the fixed-base table of G (FP_BASE_ENTRIES). */']
    for (name, p, b, gx, gy, n, h, nist, speed, oname) in PRIME:
        nl = (p.bit_length() + 63) // 64
        lines.append('#if defined(FP_CURVE_%s)' % name)
        lines.append('#define FP_NL %d' % nl)
        lines.append('#define FP_NBITS %d' % p.bit_length())
        lines.append('#define FP_P_INIT %s' % cwords(p, nl))
        lines.append('#define FP_N0INV 0x%016xULL' % ((-pow(p, -1, 1 << 64)) % (1 << 64)))
        lines.append('#define FP_PM2_INIT %s' % cwords(p - 2, nl))
        lines.append('#define FP_ONE_INIT %s' % cwords(1 if name in PLAIN_PRIMES else (1 << (64 * nl)) % p, nl))
        lines.append('#define FP_RR_INIT %s' % cwords((1 << (128 * nl)) % p, nl))
        lines.append('#define FP_MERSENNE %d' % (1 if p == (1 << p.bit_length()) - 1 else 0))
        # the eight-lane IFMA form (src/ecp/ecp_lanes.c): L 52-bit limbs with
        # R = 2^(52 L) > 4p, so that Montgomery products of values below 2p
        # stay below 2p
        L = (p.bit_length() + 2 + 51) // 52
        l52 = lambda v: '{%s}' % ', '.join('0x%013xULL' % ((v >> (52 * i)) & ((1 << 52) - 1)) for i in range(L))
        lines.append('#define FP_L52_NL %d' % L)
        lines.append('#define FP_L52_P_INIT %s' % l52(p))
        lines.append('#define FP_L52_2P_INIT %s' % l52(2 * p))
        lines.append('#define FP_L52_RR_INIT %s' % l52((1 << (104 * L)) % p))
        lines.append('#define FP_L52_N0 0x%013xULL' % ((-pow(p, -1, 1 << 52)) % (1 << 52)))
        bw, pos = prime_base(name, n)
        lines.append('#define FP_BASE_ENTRIES %d' % (pos << (bw - 1)))
        if name in PLAIN_PRIMES:
            # plain (not Montgomery) values: 1 is 1; the tests' hooks convert
            # with R mod p and R^-1 mod p
            R = 1 << (64 * nl)
            lines.append('#define FP_PLAIN 1')
            lines.append('#define FP_PLAIN_C 0x%xULL' % ((1 << p.bit_length()) - p))
            lines.append('#define FP_RMOD_INIT %s' % cwords(R % p, nl))
            lines.append('#define FP_RINV_INIT %s' % cwords(pow(R, -1, p), nl))
        else:
            lines.append('#define FP_PLAIN 0')
        lines.append('#endif')
    open(out, 'w').write('\n'.join(lines) + '\n')


def ec2_fields():
    return [m for m, _ in FIELDS]


def ec2_instances(backend):
    return [m for m in ec2_fields() if m not in EC2_BACKEND_SKIP.get(backend, set())]


def ecp_instances(backend):
    only = ECP_BACKEND_ONLY.get(backend)
    return [c[0] for c in PRIME
            if c[0] not in ECP_BACKEND_SKIP.get(backend, set()) and (only is None or c[0] in only)]


# the prime curves with lane batch arithmetic (src/ecp/ecp_lanes.c, on
# x86-64 builds with the ifma backend)
LANES = ['secp256r1', 'secp384r1', 'secp521r1']
# the binary fields with lane batches (src/ec2/ec2_lanes.c, on x86-64
# builds with the vpclmul512 backend: the Montgomery ladder in lanes), and
# the Koblitz curves whose batch ECDH loops over their single calls instead,
# the tau-adic multiplication being the faster there (their signing and
# verification keep the lanes: docs/BENCHMARKS.md, "Batches")
EC2_LANES = [163, 193, 233, 239, 283, 409, 571]
EC2_LANES_NOT = {'sect571k1'}

# backends whose instances leave the tables of G (tables_vartime) to a lower
# backend of their row, which writes the same words in about the same time:
# the fill code is then compiled once less per field or curve
NO_TABLES = {'vpclmul256', 'vpclmul512', 'ifma'}


def ec2_defs(m, backend):
    """the compile definitions of one binary instance (src/ec2/ec2_inst.c):
    the field, the backend's GF_<NAME> value (src/gf2m/gf2m_impl.h), the
    dispatch table's symbol suffix, the backend's name and whether it fills
    the tables of G (EC_TABLES)"""
    return ['GF_M=%d' % m, 'GF_BACKEND=GF_%s' % backend.upper(), 'EC2_SYM=gf%d_%s' % (m, backend),
            'EC2_BACKEND_ID=%s' % backend, 'EC_TABLES=%d' % (backend not in NO_TABLES)]


def ecp_defs(curve, backend):
    """the compile definitions of one prime instance (src/ecp/ecp_inst.c):
    the curve; FP_ADX, the MULX/ADX field in memory (the adx backend's, and
    the ifma backend's where the curve has an adx instance: P-384 keeps that
    field in memory); ECP_IFMA, the IFMA formulas and loops; the dispatch
    table's symbol suffix, the backend's name and whether it fills the
    tables of G (EC_TABLES). A new backend adds the switch its code tests
    here."""
    adx = backend == 'adx' or (backend == 'ifma' and curve in ecp_instances('adx'))
    return ['FP_CURVE_%s' % curve, 'FP_ADX=%d' % adx, 'ECP_IFMA=%d' % (backend == 'ifma'),
            'ECP_SYM=%s_%s' % (curve, backend), 'ECP_BACKEND_ID=%s' % backend,
            'EC_TABLES=%d' % (backend not in NO_TABLES)]


def gen_dispatch(out):
    """One row per binary field and per prime curve; a row holds, per backend
    slot of its family, the ops table and the field-hook table of the instance
    (NULL where the build has no such instance)."""
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
         '/* The implementation instances, one row per binary field (ec2_rows, indexed',
         ' * by the curve table\'s impl_index) and per prime curve (ecp_rows); each row',
         ' * lists its family\'s backends lowest preference first. A backend the build',
         ' * does not compile (FASTEC_BACKEND_<name> undefined) has NULL entries.',
         ' * The field hooks are for the tests: built with FASTEC_NO_FIELD_HOOKS (the',
         ' * shared and static libraries) the rows leave them out, so the linker',
         ' * drops them. Included by src/dispatch/dispatch.c only. */', '',
         '#ifdef FASTEC_NO_FIELD_HOOKS', '#define EC_FIELD_HOOKS(p) NULL', '#else', '#define EC_FIELD_HOOKS(p) (p)',
         '#endif', '']
    fams = [('ec2', EC2_BACKENDS, [('gf%d' % m, m) for m in ec2_fields()], lambda b: ['gf%d' % m for m in ec2_instances(b)]),
            ('ecp', ECP_BACKENDS, [(c[0], c[0]) for c in PRIME], lambda b: ecp_instances(b))]
    for fam, backends, rows, inst in fams:
        for (b, cpu, arch) in backends:
            guard = arch is not None
            if guard:
                o.append('#ifdef FASTEC_BACKEND_%s' % b)
            for r in inst(b):
                o.append('extern const ec_ops %s_ops_%s_%s;' % (fam, r, b))
                o.append('extern const ec_field_hooks %s_field_%s_%s;' % (fam, r, b))
            if guard:
                o.append('#define %s_%s(sym) (&sym)' % (fam.upper(), b.upper()))
                o.append('#else')
                o.append('#define %s_%s(sym) NULL' % (fam.upper(), b.upper()))
                o.append('#endif')
            else:
                o.append('#define %s_%s(sym) (&sym)' % (fam.upper(), b.upper()))
        o.append('static const ec_impl_row %s_rows[] = {' % fam)
        for r, label in rows:
            cells = []
            for (b, cpu, arch) in backends:
                if r in inst(b):
                    m = '%s_%s' % (fam.upper(), b.upper())
                    cells.append('{%s, %s(%s_ops_%s_%s), EC_FIELD_HOOKS(%s(%s_field_%s_%s))}' % (cpu, m, fam, r, b, m, fam, r, b))
                else:
                    cells.append('{%s, NULL, NULL}' % cpu)
            o.append('    {{%s}}, /* %s */' % (', '.join(cells), label))
        o.append('};')
        o.append('')
    # the lane implementations, by row: NULL where the curve has none or the
    # build does not compile it
    def lanes_decls(fam, syms, kind=''):  # kind: a second table of the same object
        for s in syms:
            n = '%s%s' % (kind, s)
            o.extend(['#ifdef FASTEC_LANES_%s' % s, 'extern const ec_lanes %s_lanes_%s;' % (fam.lower(), n),
                      '#define %s_LANES_%s (&%s_lanes_%s)' % (fam, n, fam.lower(), n), '#else',
                      '#define %s_LANES_%s NULL' % (fam, n), '#endif'])

    def lanes_rows(name, rows):  # rows: (the symbol or None, the comment)
        o.append('static const ec_lanes *const %s[] = {' % name)
        o.extend('    %s, /* %s */' % (s or 'NULL', label) for s, label in rows)
        o.append('};')
    o.append('/* the lane implementations (ecp/ecp_lanes.h) by prime curve row, NULL where')
    o.append(' * the curve has none or the build does not compile it (FASTEC_LANES_<curve>) */')
    lanes_decls('ECP', LANES)
    lanes_rows('ecp_lanes_rows', [('ECP_LANES_%s' % c[0] if c[0] in LANES else None, c[0]) for c in PRIME])
    o.append('/* the same for the binary fields (ec2/ec2_lanes.c, FASTEC_LANES_gf<m>), by field row */')
    lanes_decls('EC2', ['gf%d' % m for m in EC2_LANES])
    lanes_rows('ec2_lanes_rows', [('EC2_LANES_gf%d' % m if m in EC2_LANES else None, str(m)) for m in ec2_fields()])
    o.append('/* the same for the field\'s Koblitz curve (NULL where it has none; signing')
    o.append(' * and verification only where its tau-adic single ECDH beats the ladder) */')
    assert EC2_LANES_NOT <= set(TNAF_W), 'EC2_LANES_NOT names Koblitz curves only'
    kob = {c[1]: c[0] for c in BINARY if c[0] in TNAF_W}
    lanes_decls('EC2', ['gf%d' % m for m in EC2_LANES if kob.get(m) in EC2_LANES_NOT], 'sv_')
    lanes_rows('ec2_lanes_koblitz_rows',
               [(('EC2_LANES_sv_gf%d' if kob[m] in EC2_LANES_NOT else 'EC2_LANES_gf%d') % m
                 if m in EC2_LANES and m in kob else None,
                 '%d, %s' % (m, kob[m]) if m in kob else str(m)) for m in ec2_fields()])
    open(out, 'w').write('\n'.join(o) + '\n')


def gen_cmake(out):
    o = ['# SPDX-License-Identifier: Apache-2.0', '# Generated by tools/gen_curves.py: do not edit.',
         '# The implementation instances CMakeLists.txt compiles: per family, its',
         '# backends (lowest preference first), the architecture each is built for',
         '# (empty: every one), the fields or primes each backend has, and each',
         '# instance\'s compile definitions.']
    for fam, backends in (('EC2', EC2_BACKENDS), ('ECP', ECP_BACKENDS), ('SHA', SHA_BACKENDS), ('AES', AES_BACKENDS)):
        o.append('set(FASTEC_%s_BACKENDS %s)' % (fam, ' '.join(b for b, _, _ in backends)))
        for b, _, arch in backends:
            o.append('set(FASTEC_%s_BACKEND_%s_ARCH "%s")' % (fam, b, arch or ''))
            if fam == 'EC2':
                o.append('set(FASTEC_EC2_INSTANCES_%s %s)' % (b, ' '.join(str(m) for m in ec2_instances(b))))
                for m in ec2_instances(b):
                    o.append('set(FASTEC_EC2_DEFS_%d_%s %s)' % (m, b, ' '.join(ec2_defs(m, b))))
            elif fam == 'ECP':
                o.append('set(FASTEC_ECP_INSTANCES_%s %s)' % (b, ' '.join(ecp_instances(b))))
                for c in ecp_instances(b):
                    o.append('set(FASTEC_ECP_DEFS_%s_%s %s)' % (c, b, ' '.join(ecp_defs(c, b))))
        if fam == 'ECP':
            o.append('# the prime curves with lane batch arithmetic (src/ecp/ecp_lanes.c)')
            o.append('set(FASTEC_ECP_LANES %s)' % ' '.join(LANES))
        if fam == 'EC2':
            o.append('# the fields with a Koblitz curve: the tau-adic recoding, once per field')
            o.append('set(FASTEC_EC2_KOBLITZ_FIELDS %s)' % ' '.join(
                str(m) for m in sorted({c[1] for c in BINARY if c[0] in TNAF_W})))
            o.append('# the binary fields with lane batch ECDH (src/ec2/ec2_lanes.c)')
            o.append('set(FASTEC_EC2_LANES %s)' % ' '.join(str(m) for m in EC2_LANES))
    open(out, 'w').write('\n'.join(o) + '\n')


def lam_aff_words(F, P, nw):
    """one table entry: the lambda-affine (x, lambda = x + y/x) of P as words
    (x != 0 for every point of odd order; y = (lambda + x) x)"""
    x, y = P
    lm = x ^ F.mul(y, F.inv(x))
    assert x != 0 and F.mul(lm ^ x, x) == y
    return words(x, nw) + words(lm, nw)


# (curve, SHA-256 of its fixed-base table, of its verification table or
# None), each table as its 64-bit words in little-endian bytes: what the
# library computes on first use (src/gen/table_digests.h, for the tests)
DIGESTS = []


def words_sha256(ws):
    if ws is None:
        return None
    return hashlib.sha256(b''.join(w.to_bytes(8, 'little') for w in ws)).hexdigest()


def base_table(C, w):
    """Rows i < pos of the fixed-base table: (j + 1) 2^(w i) G, j < 2^(w-1),
    and exc, the first row where acc = +-entry can occur
    ((2^(w-1) + 1) 2^(w i) >= n)."""
    nbits = C.n.bit_length()
    pos = (nbits + w - 1) // w + 1
    rows = []
    B = C.G
    for i in range(pos):
        P = B
        row = []
        for j in range(1 << (w - 1)):
            row.append(P)
            P = C.add(P, B)
        rows.append(row)
        for _ in range(w):
            B = C.dbl(B)
    exc = next(i for i in range(pos) if ((1 << (w - 1)) + 1) << (w * i) >= C.n)
    return pos, exc, rows


def gen_data(out):
    fields = [m for m, _ in FIELDS]
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py from the SEC 2 parameters: do not edit. */',
         '#include "curves/curves.h"', '']
    entries = []
    for (name, m, terms, a, b, gx, gy, n, h, nist, speed) in BINARY:
        C = Curve(name, m, terms, a, b, gx, gy, n, h)
        F = C.F
        assert C.on_curve(C.G)
        assert C.mul(n, C.G) is None
        nw = (m + 63) // 64
        # Hasse: |h n - (2^m + 1)| <= 2 sqrt(2^m)
        assert (h * n - (1 << m) - 1) ** 2 <= 4 * (1 << m)
        assert F.trace(a) == (1 if h == 2 else 0)
        bw = ec2_base_w(m)
        pos, exc, rows = base_table(C, bw)
        ident = name
        o.append('static uint64_t base_%s[%d * %d * 2 * %d];' % (ident, pos, 1 << (bw - 1), nw))
        bwords = [w for row in rows for P in row for w in lam_aff_words(F, P, nw)]
        assert len(bwords) == pos * (1 << (bw - 1)) * 2 * nw
        gn, gwords = 'NULL', None
        if name not in TNAF_W:
            # verification on the random curves: odd multiples (2j + 1) G,
            # j < 2^(GNAF_W - 2), lambda-affine, for a width-GNAF_W NAF of u1
            # interleaved with u2 Q (Koblitz curves use tau-adic Q and the base table)
            o.append('static uint64_t gnaf_%s[%d * 2 * %d];' % (ident, 1 << (GNAF_W - 2), nw))
            P, G2, gwords = C.G, C.dbl(C.G), []
            for j in range(1 << (GNAF_W - 2)):
                gwords += lam_aff_words(F, P, nw)
                P = C.add(P, G2)
            gn = 'gnaf_%s' % ident
        o.append('static atomic_uint tables_%s;' % ident)
        DIGESTS.append((name, words_sha256(bwords), words_sha256(gwords)))
        tn = 'NULL'
        if name in TNAF_W:
            assert b == 1 and a in (0, 1)
            P = tnaf.params(m, a, n, TNAF_W[name])
            tnaf.check(m, a, n, P)
            w = P['w']
            al = [P['alpha'][2 * j + 1] for j in range(1 << (w - 1))]
            cmax = max(max(abs(x), abs(y)) for x, y in al)
            d0, d1 = P['delta']
            mag = lambda v: cwords(abs(v), nw)
            o.append('static const ec2_tnaf tnaf_%s = {' % ident)
            o.append('    %d, %d, %d, %d, %d, %d, %d,' % (P['mu'], w, P['iters'], P['t'], P['C'], cmax, P['exc']))
            o.append('    {%d, %d}, {%d, %d},' % (P['S0'] < 0, P['S1'] < 0, d0 < 0, d1 < 0))
            o.append('    {%s, %s},' % (mag(P['S0']), mag(P['S1'])))
            o.append('    {%s, %s},' % (mag(d0), mag(d1)))
            o.append('    {%s},' % ', '.join('{%d, %d}' % x for x in al))
            lam = tnaf.eigenvalue(P['mu'], n, lambda l: C.mul(l, C.G) == (F.sqr(gx), F.sqr(gy)))
            o.append('    %s,' % cwords(lam, nw))
            ch = tnaf.table_chain(P)
            o.append('    {%s},' % ', '.join('{%d, %d, %d, %d, %d}' % (j, k, s, int(n1) | 2 * int(n2), b) for j, k, s, n1, b, n2 in ch))
            o.append('    %d,' % max(max(s if k == 0 else 0, b) for j, k, s, n1, b, n2 in ch))
            o.append('};')
            tn = '&tnaf_%s' % ident
        o.append('static const ec2_params ec2_%s = {' % ident)
        o.append('    %d, %d, %d, %d,' % (m, fields.index(m), a if a in (0, 1) else 2, F.trace(a)))
        for v in (a, b, gx, gy):
            o.append('    %s,' % cwords(v, nw))
        o.append('    base_%s, %d, %d, %d, %s, %s,' % (ident, pos, bw, exc, tn, gn))
        o.append('};')
        o.append('')
        nbits, nl, n0inv, rr = sc_consts(n)
        aliases = [x for x in (nist, speed) if x] + ['NULL'] * 1
        al = ', '.join('"%s"' % x if x != 'NULL' else 'NULL' for x in aliases)
        oid = bytes.fromhex(OIDS[name])
        oidc = '{' + ', '.join('0x%02x' % b for b in oid) + '}, %d' % len(oid)
        entries.append(('    {"%s", {%s}, ' + oidc + ', EC_KIND_BINARY, %d, %d, %d, %d,\n     {%d, %d, %s, 0x%016xULL, %s},\n     &ec2_%s, %d, NULL, &tables_%s},')
                       % (name, al, m, (m + 7) // 8, (nbits + 7) // 8, h, nl, nbits, cwords(n, nl), n0inv,
                          cwords(rr, nl), ident, fields.index(m), ident))
    for (name, p, b, gx, gy, n, h, nist, speed, oname) in PRIME:
        G = (gx, gy)
        assert (gy * gy - gx ** 3 + 3 * gx - b) % p == 0
        assert pmul(p, n, G) is None and h == 1
        pbits = p.bit_length()
        fnb, fnl, fn0, frr = sc_consts(p)
        R = 1 << (64 * fnl)
        if p == (1 << 521) - 1:
            # fp/fp521.h: plain values in nine 58-bit limbs
            enc = lambda v: [(v >> (58 * i)) & ((1 << 58) - 1) for i in range(9)]
        elif name in PLAIN_PRIMES:
            enc = lambda v: words(v, fnl)  # fp/fp160.h: plain values
        else:
            enc = lambda v: words(v * R % p, fnl)  # Montgomery form
        nbits = n.bit_length()
        bw, pos = prime_base(name, n)
        o.append('static uint64_t base_%s[%d * %d * 2 * %d];' % (name, pos, 1 << (bw - 1), fnl))
        B, bwords = G, []
        for i in range(pos):
            P = B
            for j in range(1 << (bw - 1)):
                bwords += enc(P[0]) + enc(P[1])
                P = padd(p, P, B)
            for _ in range(bw):
                B = padd(p, B, B)
        # verification: odd multiples (2j + 1) G, j < 2^(GNAF_W - 2), for a width-GNAF_W NAF of u1
        o.append('static uint64_t gnaf_%s[%d * 2 * %d];' % (name, 1 << (GNAF_W - 2), fnl))
        P, G2, gwords = G, padd(p, G, G), []
        for j in range(1 << (GNAF_W - 2)):
            gwords += enc(P[0]) + enc(P[1])
            P = padd(p, P, G2)
        o.append('static atomic_uint tables_%s;' % name)
        DIGESTS.append((name, words_sha256(bwords), words_sha256(gwords)))
        o.append('static const ecp_params ecp_%s = {' % name)
        o.append('    {%d, %d, %s, 0x%016xULL, %s},' % (fnl, fnb, cwords(p, fnl), fn0, cwords(frr, fnl)))
        o.append('    %s, %s, %s, %s,' % ('{' + ', '.join('0x%016xULL' % w for w in enc(b)) + '}', '{' + ', '.join('0x%016xULL' % w for w in enc(1)) + '}', cwords(gx, fnl), cwords(gy, fnl)))
        o.append('    base_%s, %d, %d, gnaf_%s,' % (name, pos, bw, name))
        o.append('};')
        o.append('')
        nbits, nl, n0inv, rr = sc_consts(n)
        aliases = [x for x in (nist, speed, oname) if x]
        al = ', '.join('"%s"' % x for x in aliases) if aliases else 'NULL'
        oid = bytes.fromhex(OIDS[name])
        oidc = '{' + ', '.join('0x%02x' % b_ for b_ in oid) + '}, %d' % len(oid)
        entries.append(('    {"%s", {%s}, ' + oidc + ', EC_KIND_PRIME, %d, %d, %d, %d,\n     {%d, %d, %s, 0x%016xULL, %s},\n     NULL, %d, &ecp_%s, &tables_%s},')
                       % (name, al, pbits, (pbits + 7) // 8, (nbits + 7) // 8, h, nl, nbits, cwords(n, nl), n0inv,
                          cwords(rr, nl), [c[0] for c in PRIME].index(name), name, name))
    o.append('const struct fastec_curve ec_curve_table[] = {')
    o.extend(entries)
    o.append('};')
    o.append('const size_t ec_curve_table_len = sizeof ec_curve_table / sizeof ec_curve_table[0];')
    open(out, 'w').write('\n'.join(o) + '\n')


def gen_digests(out):
    o = ['/* SPDX-License-Identifier: Apache-2.0 */', '/* Generated by tools/gen_curves.py: do not edit. */',
         '/* Per curve, the SHA-256 of the tables of G the library computes on first',
         ' * use (src/curves/curves.h), each as its 64-bit words in little-endian',
         ' * bytes: the fixed-base table, and the verification table (NULL where the',
         ' * curve has none). For the tests. */',
         '#ifndef FASTEC_GEN_TABLE_DIGESTS_H', '#define FASTEC_GEN_TABLE_DIGESTS_H', '', '#include <stddef.h>',
         '#include <stdint.h>', '',
         'static const struct {', '    const char *curve, *base, *gnaf;', '} ec_table_digests[] = {']
    for name, b, g in DIGESTS:
        o.append('    {"%s", "%s", %s},' % (name, b, '"%s"' % g if g else 'NULL'))
    o += ['};', '', '/* per binary field, its linear maps (src/gen/gf2m_maps.c, filled with the',
          ' * first curve over the field): the words and their SHA-256 */']
    for m, _ in FIELDS:
        nw, mp = (m + 63) // 64, map_cols(m)
        o.append('extern uint64_t %s;' % ', '.join('gf2m_%s_%d[%d][%d]' % (n, m, nw, mp) for n in MAP_NAMES))
    o += ['static const struct {', '    unsigned m;', '    const char *map;', '    const uint64_t *words;',
          '    size_t n;', '    const char *sha256;', '} ec_map_digests[] = {']
    for m, name, d in MAP_DIGESTS:
        o.append('    {%d, "%s", &gf2m_%s_%d[0][0], %d, "%s"},' % (m, name, name, m, (m + 63) // 64 * map_cols(m), d))
    o += ['};', '', '#endif']
    open(out, 'w').write('\n'.join(o) + '\n')


if __name__ == '__main__':
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    gen = os.path.join(root, 'src/gen')
    gen_consts(os.path.join(gen, 'gf2m_consts.h'))
    gen_linmaps(os.path.join(gen, 'gf2m_maps.c'))
    gen_fp_consts(os.path.join(gen, 'fp_consts.h'))
    gen_dispatch(os.path.join(gen, 'dispatch_table.h'))
    gen_cmake(os.path.join(gen, 'instances.cmake'))
    gen_limits(os.path.join(gen, 'dispatch_limits.h'))
    gen_provider_curves(os.path.join(gen, 'provider_curves.h'))
    if '--consts-only' not in sys.argv:
        gen_data(os.path.join(gen, 'curve_data.c'))
        gen_digests(os.path.join(gen, 'table_digests.h'))
