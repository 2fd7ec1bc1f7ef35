#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the library's layering (docs/ARCHITECTURE.md): every #include in
src/ goes to a file of the same layer or a lower one, and no file below src/api/
calls the public API (a fastec_* function) or includes include/fastec.h.
Run from anywhere: python3 tools/check_layers.py [repository root]. Exit 1 and
one line per violation if any."""
import os
import re
import sys

# lowest first; a path matches the first prefix that fits
LAYERS = [
    ('base', ['err.h', 'invariant.h', 'ct.h', 'ct.c', 'cpu.h', 'cpu.c', 'once.h', 'workstack.h', 'workstack.c']),
    ('hash, mod, sym', ['hash/', 'mod/', 'sym/']),
    ('fields, scalars', ['gf2m/', 'fp/', 'scalar/', 'gen/gf2m_consts.h', 'gen/gf2m_maps.c', 'gen/fp_consts.h', 'gen/fp_adx.h']),
    ('curve data', ['curves/', 'gen/curve_data.c', 'gen/table_digests.h']),
    ('points', ['ec_ops.h', 'ec2/', 'ecp/']),
    ('dispatch', ['dispatch/', 'gen/dispatch_table.h', 'gen/dispatch_limits.h']),
    ('protocols', ['proto/']),
    ('encodings', ['encode/']),
    ('public API', ['api/', 'gen/provider_curves.h']),
]


def layer_of(rel):
    for i, (_, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if rel == p or (p.endswith('/') and rel.startswith(p)):
                return i
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    src = os.path.join(root, 'src')
    bad = []
    files = 0
    for d, _, names in os.walk(src):
        for n in sorted(names):
            if not n.endswith(('.c', '.h')):
                continue
            path = os.path.join(d, n)
            rel = os.path.relpath(path, src)
            files += 1
            me = layer_of(rel)
            if me is None:
                bad.append('%s: in no layer (add it to tools/check_layers.py)' % rel)
                continue
            text = open(path, encoding='utf-8').read()
            for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
                if inc == 'fastec.h':
                    if LAYERS[me][0] != 'public API':
                        bad.append('%s (%s) includes the public header fastec.h' % (rel, LAYERS[me][0]))
                    continue
                other = layer_of(inc)
                if other is None:
                    bad.append('%s includes %s, which is in no layer' % (rel, inc))
                elif other > me:
                    bad.append('%s (%s) includes %s (%s, above it)' % (rel, LAYERS[me][0], inc, LAYERS[other][0]))
            if LAYERS[me][0] != 'public API':
                code = re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"', '', text, flags=re.S)
                for call in sorted(set(re.findall(r'\b(fastec_[a-z0-9_]+)\s*\(', code))):
                    bad.append('%s (%s) calls the public function %s' % (rel, LAYERS[me][0], call))
    for b in bad:
        print('layering: ' + b)
    print('check_layers: %d files in %d layers, %d violations' % (files, len(LAYERS), len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
