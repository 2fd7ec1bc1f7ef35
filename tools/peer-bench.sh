#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fastec against AWS-LC in one process, on the prime curves both have
# (tools/peer_bench.c): ECDH, ECDSA sign and verify, ratios fastec / AWS-LC,
# once with the default backends and once with FASTEC_CPU limited to the
# class without AVX-512 (portable,clmul,adx,sha,aesni: Skylake-SP, Zen 2 and
# Zen 3 run this; AWS-LC's EC code uses no AVX-512 either way).
#
#   tools/peer-bench.sh AWS-LC-BUILD-DIR [SECONDS]
#
# AWS-LC-BUILD-DIR is a CMake build of AWS-LC with its assembly (the
# default), e.g. from a checkout of github.com/aws/aws-lc:
#   cmake -S aws-lc -B aws-lc-build -G Ninja -DCMAKE_BUILD_TYPE=Release \
#         -DDISABLE_GO=ON -DBUILD_TESTING=OFF -DBUILD_TOOL=OFF -DBUILD_LIBSSL=OFF
#   ninja -C aws-lc-build crypto
# Its headers are found through the source directory its CMakeCache.txt
# names. fastec is built (release, static) in build-peer/.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ ! -f "$1/CMakeCache.txt" ]; then
    echo "usage: tools/peer-bench.sh AWS-LC-BUILD-DIR [SECONDS]  (a CMake build directory of AWS-LC)" >&2
    exit 2
fi
aws=$(cd "$1" && pwd)
seconds="${2:-3}"
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$aws/CMakeCache.txt")
lib=$(find "$aws" -name libcrypto.a -path '*crypto*' | head -n 1)
if [ ! -f "$src/include/openssl/ec.h" ] || [ -z "$lib" ]; then
    echo "peer-bench: no AWS-LC headers under '$src/include' or no libcrypto.a under '$aws'" >&2
    exit 2
fi
cmake -S . -B build-peer -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-peer -j"$(nproc 2>/dev/null || echo 2)" --target fastec_static >/dev/null
cc -std=c11 -O2 -Wall -Wextra -o build-peer/peer_bench tools/peer_bench.c -Iinclude -I"$src/include" \
    build-peer/libfastec.a "$lib" -lpthread
grep -m1 'model name' /proc/cpuinfo || true
build-peer/peer_bench -seconds "$seconds"
FASTEC_CPU=portable,clmul,adx,sha,aesni build-peer/peer_bench -seconds "$seconds"
