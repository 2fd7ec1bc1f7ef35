#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every source file carries an SPDX license line near its top.

  python3 tools/spdx.py [ROOT]          check: list the files without one, exit 1 if any
  python3 tools/spdx.py --add [ROOT]    add it (after a #! line; in the file's comment style)

Sources: the C, header, Python, shell, CMake, pkg-config and OpenSSL config
files that git tracks, or that the tree holds outside a checkout (generated
files get theirs from their generators; .ci/run included).
"""
import os
import subprocess
import sys

TAG = 'SPDX-License-Identifier: Apache-2.0'


def tracked(root):
    """git's list of files; the tree (without build directories) outside a checkout"""
    r = subprocess.run(['git', '-C', root, 'ls-files'], capture_output=True, text=True)
    if r.returncode == 0:
        return r.stdout.split()
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(('.git', 'build'))]
        out += [os.path.relpath(os.path.join(d, f), root) for f in files]
    return out


def sources(root):
    for f in tracked(root):
        base = os.path.basename(f)
        if f.startswith('tests/fuzz/corpus/') or f.startswith('tests/vectors/'):
            continue
        if base.endswith(('.c', '.h')):
            yield f, '/* %s */' % TAG
        elif base.endswith(('.py', '.sh', '.cmake', '.in', '.cnf')) or base == 'CMakeLists.txt' or f == '.ci/run':
            yield f, '# %s' % TAG


def main():
    args = sys.argv[1:]
    add = '--add' in args
    args = [a for a in args if a != '--add']
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    missing = []
    for f, line in sources(root):
        path = os.path.join(root, f)
        if not os.path.exists(path):
            continue
        text = open(path, encoding='utf-8').read()
        if TAG in '\n'.join(text.split('\n')[:3]):
            continue
        missing.append(f)
        if add:
            if text.startswith('#!'):
                first, rest = text.split('\n', 1)
                text = first + '\n' + line + '\n' + rest
            else:
                text = line + '\n' + text
            open(path, 'w', encoding='utf-8').write(text)
    if missing and not add:
        print('spdx: no license line in:', *missing, sep='\n  ')
        return 1
    print('spdx: %s %d files' % ('added to' if add else 'every source file has its line;', len(missing)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
