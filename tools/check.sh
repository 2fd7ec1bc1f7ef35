#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Build and run the whole test suite.
#   tools/check.sh          release build (gcc), -Werror
#   tools/check.sh asan     AddressSanitizer + UndefinedBehaviorSanitizer
#   tools/check.sh clang    release build with clang
#   tools/check.sh tsan     ThreadSanitizer, the thread tests (library and provider)
#   tools/check.sh fuzz     libFuzzer targets (clang), FUZZ_SECONDS each (default 60)
#   tools/check.sh arm64    cross-compiled for aarch64, the tests under qemu-aarch64 (PMULL and portable)
#   tools/check.sh s390x    cross-compiled for s390x (big-endian), the tests under qemu-s390x
set -euo pipefail
cd "$(dirname "$0")/.."
variant="${1:-release}"
filter=()
targets=()
jobs="$(nproc 2>/dev/null || echo 2)"
# sanitizer builds: line tables only (-g1, what the reports' file:line
# need), which GCC compiles about twice as fast as -g on the instrumented,
# unrolled field code
san_flags=(-DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG")
case "$variant" in
    release) tools/deps.sh; dir=build; opts=(-DCMAKE_BUILD_TYPE=Release) ;;
    asan) tools/deps.sh; dir=build-asan; opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "${san_flags[@]}" -DFASTEC_SANITIZE=asan) ;;
    tsan) tools/deps.sh; dir=build-tsan; opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "${san_flags[@]}" -DFASTEC_SANITIZE=tsan); filter=(-R 'test_threads|test_provider_threads'); targets=(--target test_threads test_provider_threads) ;;
    fuzz) exec tools/fuzz.sh ;;
    clang) tools/deps.sh clang; dir=build-clang; opts=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang) ;;
    arm64) tools/deps.sh gcc-aarch64-linux-gnu qemu-user; dir=build-arm64
           opts=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-aarch64-linux-gnu.cmake) ;;
    s390x) tools/deps.sh gcc-s390x-linux-gnu qemu-user; dir=build-s390x
           opts=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-s390x-linux-gnu.cmake) ;;
    *) echo "usage: tools/check.sh [release|asan|clang|tsan|fuzz|arm64|s390x]" >&2; exit 2 ;;
esac
cmake -S . -B "$dir" -DFASTEC_WERROR=ON "${opts[@]}" >/dev/null
cmake --build "$dir" -j"$jobs" "${targets[@]}"
ctest --test-dir "$dir" --output-on-failure -j"$jobs" "${filter[@]}"
echo "check.sh $variant: $(ctest --test-dir "$dir" -N "${filter[@]}" | awk '/Total Tests:/ {print $3}') tests ran"
