#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates every generated file (src/gen/, written only by the generators
# in tools/) and fails if the result differs from what is committed: the
# committed output must be what its generator writes.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 tools/gen_curves.py
python3 tools/gen_fp_adx.py
if ! git diff --exit-code --stat -- src/gen; then
    echo "regen_check: src/gen differs from its generators' output (run tools/gen_curves.py and tools/gen_fp_adx.py)" >&2
    exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- src/gen)
if [ -n "$untracked" ]; then
    echo "regen_check: generated files not committed: $untracked" >&2
    exit 1
fi
echo "regen_check: src/gen is what tools/gen_curves.py and tools/gen_fp_adx.py write"
