#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install the Debian packages fastec's build, tests and benchmark need, when missing.
# Library: only a C11 compiler and libc. Tests and benchmark: OpenSSL's libcrypto
# (libssl-dev); vector conversion: python3-cryptography-vectors (optional).
set -eu
need=()
for p in cmake make gcc libssl-dev pkg-config valgrind openssl python3; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
for p in "$@"; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
    echo "deps: installing ${need[*]}"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
