#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Tries docs/ARCHITECTURE.md's recipes "Add a curve" and "Add a backend" on a
# scratch copy of the tree, as written there, and checks that the result
# builds and runs:
#  - a curve: a prime curve with P-256's parameters under another name, OID
#    and TLS code point, added to tools/gen_curves.py only;
#  - a backend per family: "dummy" for the binary fields (the portable
#    product under its own GF_DUMMY value) and "dummyp" for the prime fields
#    (the portable field under its own definitions), each with its CPU_BE_*
#    value, its name and its probe in src/cpu.c, and its entry in the
#    generator's backend list, so that both become every curve's preferred
#    backend and the dispatch rows grow by one.
# Then the tool signs, verifies and derives on the new curve, reports the new
# backends in use, and test_field compares the new instances with the
# portable ones. The recipes' edits are made by the sed and Python lines
# below: when the code they touch changes, this script fails until the
# recipe and the script are brought up to date together.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/fastec-recipes.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
jobs="$(nproc 2>/dev/null || echo 2)"

# the tree as git sees it (tracked and new files, not the build directories)
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$scratch"
cd "$scratch"

# ---- Add a curve ----
python3 - <<'EOF'
import re
p = 'tools/gen_curves.py'
s = open(p).read()
line = next(l for l in s.split('\n') if l.strip().startswith("('secp256r1',"))
new = line.replace("'secp256r1'", "'fastectest256'").replace("'P-256', 'nistp256', 'prime256v1'",
                                                          "'FT-256', 'fastectest', 'fastectest256v1'")
assert new != line and 'FT-256' in new
s = s.replace(line, line + '\n' + new, 1)
s = s.replace("OIDS = {\n", "OIDS = {\n    'fastectest256': '2b0601040183a07f01',\n", 1)
s = s.replace("TLS_IDS = {\n", "TLS_IDS = {\n    'fastectest256': 65024,\n", 1)
open(p, 'w').write(s)
EOF

# ---- Add a backend, once per family ----
# 1. src/cpu.h and src/cpu.c: the CPU_BE_* values, their names, their probes
sed -i 's|^    CPU_BE_COUNT|    CPU_BE_DUMMY,\n    CPU_BE_DUMMYP,\n    CPU_BE_COUNT|' src/cpu.h
sed -i 's|"vpclmul256", "ifma"};|"vpclmul256", "ifma", "dummy", "dummyp"};|' src/cpu.c
sed -i 's|set = 1u << CPU_BE_PORTABLE;|set = 1u << CPU_BE_PORTABLE \| 1u << CPU_BE_DUMMY \| 1u << CPU_BE_DUMMYP;|' src/cpu.c
sed -i 's|return 1u << CPU_BE_PORTABLE; }|return 1u << CPU_BE_PORTABLE \| 1u << CPU_BE_DUMMY \| 1u << CPU_BE_DUMMYP; }|' src/cpu.c
# 2. the implementation: a GF_DUMMY value (its product: the portable one,
#    which gf2m_impl.h includes for every backend that is not an x86
#    carry-less one); the prime one takes ecp_defs' default definitions
sed -i 's|^#define GF_VPCLMUL256 4 |#define GF_DUMMY 5\n#define GF_VPCLMUL256 4 |' src/gf2m/gf2m_impl.h
# 3. the generator's backend lists, then regenerate
python3 - <<'EOF'
p = 'tools/gen_curves.py'
s = open(p).read()
s = s.replace("('pmull', 'CPU_BE_PMULL', 'aarch64')]", "('pmull', 'CPU_BE_PMULL', 'aarch64'), ('dummy', 'CPU_BE_DUMMY', None)]", 1)
s = s.replace("('ifma', 'CPU_BE_IFMA', 'x86_64')]", "('ifma', 'CPU_BE_IFMA', 'x86_64'), ('dummyp', 'CPU_BE_DUMMYP', None)]", 1)
assert s.count("CPU_BE_DUMMY") == 2
open(p, 'w').write(s)
EOF
for n in CPU_BE_DUMMY, CPU_BE_DUMMYP, GF_DUMMY; do
    grep -rq "$n" src || { echo "check_recipes: the recipe's edit for $n did not apply" >&2; exit 1; }
done
python3 tools/gen_curves.py
python3 tools/gen_fp_adx.py
grep -q 'fastectest256' src/gen/provider_curves.h
grep -q 'define EC_MAX_BACKENDS 6' src/gen/dispatch_limits.h

# build the library, the tool and test_field (the instances at -O1: this
# checks that the recipes compile and run, not their speed)
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DFASTEC_WERROR=ON -DFASTEC_INSTANCE_OPT=-O1 >/dev/null
cmake --build build -j"$jobs" --target fastec test_field >/dev/null
f=build/fastec
w=$(mktemp -d "$scratch/w.XXXXXX")

# the new curve through the tool: key, signature, verification, ECDH
$f curves | grep -q fastectest256
$f keygen -curve fastectest256 -out "$w/a.pem"
$f keygen -curve fastectest256 -out "$w/b.pem"
$f pubkey -in "$w/b.pem" -out "$w/b.pub"
$f pubkey -in "$w/a.pem" -out "$w/a.pub"
printf 'recipe' >"$w/msg"
$f sign -key "$w/a.pem" -in "$w/msg" -out "$w/sig"
$f verify -pub "$w/a.pub" -in "$w/msg" -sig "$w/sig"
$f derive -key "$w/a.pem" -peer "$w/b.pub" -out "$w/ab"
$f derive -key "$w/b.pem" -peer "$w/a.pub" -out "$w/ba"
cmp -s "$w/ab" "$w/ba"
# the new backends: every curve runs on them, and they name themselves
$f speed ecdh sect163k1 fastectest256 -seconds 0.01 -json >"$w/speed.json"
grep -q '"curve": "sect163k1".*"backend": "dummy"' "$w/speed.json"
grep -q '"curve": "fastectest256".*"backend": "dummyp"' "$w/speed.json"
# every instance, the new ones included, against the portable one
build/tests/test_field >/dev/null
echo "check_recipes: adding a curve and a backend per family builds and runs as docs/ARCHITECTURE.md says"
