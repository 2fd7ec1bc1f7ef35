#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates every generated file (src/gen/ and provider/serve_table.h,
# written only by the generators in tools/) and fails if the result differs
# from what is committed: the committed output must be what its generator
# writes.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 tools/gen_curves.py
python3 tools/gen_fp_adx.py
python3 tools/gen_serve.py
if ! git diff --exit-code --stat -- src/gen provider/serve_table.h; then
    echo "regen_check: generated files differ from their generators' output (run tools/gen_curves.py," \
         "tools/gen_fp_adx.py and tools/gen_serve.py)" >&2
    exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- src/gen provider/serve_table.h)
if [ -n "$untracked" ]; then
    echo "regen_check: generated files not committed: $untracked" >&2
    exit 1
fi
echo "regen_check: src/gen and provider/serve_table.h are what tools/gen_curves.py, tools/gen_fp_adx.py and tools/gen_serve.py write"
