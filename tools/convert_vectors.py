#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Convert NIST CAVP ECDSA response files into tests/vectors/*.txt.

Source: Debian's python3-cryptography-vectors, which ships the CAVP files under
cryptography_vectors/asymmetric/ECDSA/FIPS_186-2 and FIPS_186-3.

Output: one record per line, fields separated by single spaces:
  keypair CURVE d Qx Qy
  pkv     CURVE Qx Qy P|F
  siggen  CURVE HASH Msg d Qx Qy k R S
  sigver  CURVE HASH Msg Qx Qy R S P|F
  ecdh    CURVE dsCAVS QsCAVSx QsCAVSy dsIUT QsIUTx QsIUTy Z P|F
          (KAS ECC static unified, ZZ only: P when both keys are valid and
          both sides compute Z; F when a key, the private key or Z was altered)
CURVE is the NIST name (K-163, B-233, ...); HASH is SHA-1 .. SHA-512 (FIPS
186-2 files use SHA-1 throughout). Hex as in the source.

Usage: python3 tools/convert_vectors.py [SOURCE_DIR]
"""
import os
import re
import sys

DEFAULT_SRC = '/usr/lib/python3/dist-packages/cryptography_vectors/asymmetric/ECDSA'
# Curves fastec implements; extend as curve families land.
CURVE_PREFIXES = ('K-', 'B-', 'P-')


def records(path):
    """Yield (section, dict) for each blank-line-separated record."""
    section = None
    cur = {}
    for line in open(path, encoding='ascii', errors='replace'):
        line = line.strip()
        if line.startswith('#'):
            continue
        m = re.match(r'^\[(.*)\]$', line)
        if m:
            if cur:
                yield section, cur
                cur = {}
            if not m.group(1).startswith('B.4.2'):
                section = m.group(1)
            continue
        if not line:
            if cur:
                yield section, cur
                cur = {}
            continue
        m = re.match(r'^(\w+)\s*=\s*(.*)$', line)
        if m:
            k, v = m.group(1), m.group(2)
            if k in cur and k == 'd':  # KeyPair files list several keys per section
                yield section, cur
                cur = {}
            cur[k] = v
    if cur:
        yield section, cur


def curve_hash(section):
    parts = section.split(',')
    curve = parts[0].strip()
    h = parts[1].strip() if len(parts) > 1 else 'SHA-1'
    return curve, h


def result(v):
    return v.strip()[0]


def convert(src, kind, rel, out_dir, tag):
    path = os.path.join(src, rel)
    lines = []
    for section, r in records(path):
        if section is None:
            continue
        curve, h = curve_hash(section)
        if not curve.startswith(CURVE_PREFIXES):
            continue
        if kind == 'keypair' and 'd' in r and 'Qx' in r:
            lines.append('keypair %s %s %s %s' % (curve, r['d'], r['Qx'], r['Qy']))
        elif kind == 'pkv' and 'Result' in r:
            lines.append('pkv %s %s %s %s' % (curve, r['Qx'], r['Qy'], result(r['Result'])))
        elif kind == 'siggen' and 'Msg' in r:
            lines.append('siggen %s %s %s %s %s %s %s %s %s' % (curve, h, r['Msg'], r['d'], r['Qx'], r['Qy'],
                                                              r['k'], r['R'], r['S']))
        elif kind == 'sigver' and 'Result' in r:
            lines.append('sigver %s %s %s %s %s %s %s %s' % (curve, h, r['Msg'], r['Qx'], r['Qy'], r['R'], r['S'],
                                                           result(r['Result'])))
    out = os.path.join(out_dir, 'ecdsa_%s_%s.txt' % (kind, tag))
    with open(out, 'w') as f:
        f.write('# Converted by tools/convert_vectors.py from NIST CAVP %s\n' % rel)
        f.write('# (Debian python3-cryptography-vectors: cryptography_vectors/asymmetric/ECDSA/%s)\n' % rel)
        f.write('# curves: %s; %d records\n' % (', '.join(p + '*' for p in CURVE_PREFIXES), len(lines)))
        f.write('\n'.join(lines) + '\n')
    print('%s: %d records' % (out, len(lines)))


KAS_CURVES = {'EA': 'P-192', 'EB': 'P-224', 'EC': 'P-256', 'ED': 'P-384', 'EE': 'P-521'}


def convert_kas(src_ecdh, out_dir):
    lines = []
    for rel in ('KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax',
                'KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax'):
        for section, r in records(os.path.join(src_ecdh, rel)):
            if section is None or 'Z' not in r or 'Result' not in r:
                continue
            curve = KAS_CURVES[section.split()[0]]
            lines.append('ecdh %s %s %s %s %s %s %s %s %s' % (curve, r['dsCAVS'], r['QsCAVSx'], r['QsCAVSy'], r['dsIUT'],
                                                          r['QsIUTx'], r['QsIUTy'], r['Z'], result(r['Result'])))
    out = os.path.join(out_dir, 'ecdh_kas_zzonly.txt')
    with open(out, 'w') as f:
        f.write('# Converted by tools/convert_vectors.py from NIST CAVP KASValidityTest_ECCStaticUnified_NOKC_ZZOnly\n')
        f.write('# _init.fax and _resp.fax (Debian python3-cryptography-vectors: cryptography_vectors/asymmetric/ECDH)\n')
        f.write('# %d records\n' % len(lines))
        f.write('\n'.join(lines) + '\n')
    print('%s: %d records' % (out, len(lines)))


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_SRC
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out_dir = os.path.join(root, 'tests', 'vectors')
    os.makedirs(out_dir, exist_ok=True)
    for tag, d in (('1862', 'FIPS_186-2'), ('1863', 'FIPS_186-3')):
        convert(src, 'keypair', d + '/KeyPair.rsp', out_dir, tag)
        convert(src, 'pkv', d + '/PKV.rsp', out_dir, tag)
        convert(src, 'siggen', d + '/SigGen.txt', out_dir, tag)
        convert(src, 'sigver', d + '/SigVer.rsp', out_dir, tag)
    convert_kas(os.path.join(os.path.dirname(src), 'ECDH'), out_dir)


if __name__ == '__main__':
    main()
