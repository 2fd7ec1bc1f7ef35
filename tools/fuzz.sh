#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the libFuzzer targets with clang (ASan + UBSan) and run each for
# FUZZ_SECONDS (default 60) from its committed seed corpus (tests/fuzz/corpus/),
# new inputs going to a scratch directory. Longer runs: FUZZ_SECONDS=3600 tools/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh clang libclang-rt-14-dev
secs="${FUZZ_SECONDS:-60}"
dir=build-fuzz
cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DFASTEC_FUZZ=ON -DFASTEC_TESTS=OFF -DFASTEC_WERROR=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$dir" -j"$(nproc 2>/dev/null || echo 2)" --target fuzz_pubkey fuzz_verify fuzz_ecdh fuzz_field_diff fuzz_sigder fuzz_keyfile fuzz_enckey
for t in pubkey verify ecdh field_diff sigder keyfile enckey; do
    work="$dir/corpus-$t"
    mkdir -p "$work"
    echo "fuzz_$t: ${secs} s"
    "$dir/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 "$work" "tests/fuzz/corpus/$t" \
        > "$dir/fuzz_$t.log" 2>&1 || { tail -40 "$dir/fuzz_$t.log"; echo "fuzz_$t FAILED"; exit 1; }
    grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added' "$dir/fuzz_$t.log" | sed "s/^/  /"
done
echo "fuzz: all targets ran clean"
