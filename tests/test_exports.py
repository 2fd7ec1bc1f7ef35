#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The sealed library: the shared library exports exactly the functions
declared with FASTEC_API in include/fastec.h (no internal function, no data
symbol), and the static library defines no global symbol beyond them.
usage: test_exports.py fastec.h libfastec.so libfastec.a [nm]"""
import re
import subprocess
import sys

header, shared, static = sys.argv[1:4]
nm = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else 'nm' 
api = set(re.findall(r'^FASTEC_API [^;]*?\b(fastec_\w+)\(', open(header).read(), re.M | re.S))
fails = []
if len(api) < 30:
    fails.append('only %d FASTEC_API declarations found in %s' % (len(api), header))


def defined_globals(args):
    out = subprocess.run([nm] + args, capture_output=True, text=True, check=True).stdout
    syms = set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] not in 'UVvw':
            syms.add(f[2].split('@')[0])
    return syms


dyn = defined_globals(['-D', '--defined-only', shared])
for name in sorted(dyn - api):
    fails.append('%s exports %s, which is not in the API' % (shared, name))
for name in sorted(api - dyn):
    fails.append('%s does not export %s' % (shared, name))
stat = defined_globals(['-g', '--defined-only', static])
for name in sorted(stat - api):
    fails.append('%s defines the global symbol %s' % (static, name))
for f in fails:
    print('FAIL: ' + f, file=sys.stderr)
print('test_exports: %d API functions, %d exported, %d global in the archive; %d problems' % (len(api), len(dyn), len(stat), len(fails)))
sys.exit(1 if fails else 0)
