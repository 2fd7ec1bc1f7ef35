#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build the libFuzzer targets with clang (ASan + UBSan) and run each for
# FUZZ_SECONDS (default 60) from its committed seed corpus (tests/fuzz/corpus/),
# new inputs going to a scratch directory and a crashing input to build-fuzz/,
# FUZZ_JOBS targets at a time (one per core by default). Longer runs:
# FUZZ_SECONDS=3600 tools/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh clang libclang-rt-14-dev
secs="${FUZZ_SECONDS:-60}"
dir=build-fuzz
cmake -S . -B "$dir" -DCMAKE_C_COMPILER=clang -DFASTEC_FUZZ=ON -DFASTEC_TESTS=OFF -DFASTEC_WERROR=ON \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" >/dev/null
cmake --build "$dir" -j"$(nproc 2>/dev/null || echo 2)" --target fuzz_pubkey fuzz_verify fuzz_ecdh fuzz_field_diff fuzz_sigder fuzz_keyfile fuzz_enckey fuzz_batch
# one target per core at a time (each libFuzzer process is single-threaded)
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"
run_one() {
    local t="$1" work="$dir/corpus-$1"
    mkdir -p "$work"
    "$dir/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -artifact_prefix="$dir/" "$work" "tests/fuzz/corpus/$t" \
        > "$dir/fuzz_$t.log" 2>&1
}
targets=(pubkey verify ecdh field_diff sigder keyfile enckey batch)
failed=()
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
    batch=("${targets[@]:i:jobs}")
    pids=()
    for t in "${batch[@]}"; do
        echo "fuzz_$t: ${secs} s"
        run_one "$t" &
        pids+=($!)
    done
    for j in "${!pids[@]}"; do
        t="${batch[$j]}"
        if wait "${pids[$j]}"; then
            grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added' \
                "$dir/fuzz_$t.log" | sed "s/^/  fuzz_$t /"
        else
            tail -40 "$dir/fuzz_$t.log"
            echo "fuzz_$t FAILED"
            failed+=("$t")
        fi
    done
done
[ ${#failed[@]} -eq 0 ] || { echo "fuzz: failed: ${failed[*]}"; exit 1; }
echo "fuzz: all targets ran clean"
