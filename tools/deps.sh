#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Install the Debian packages fastec's build, tests and benchmark need, when missing.
# Library: only a C11 compiler and libc. Tests and benchmark: OpenSSL's libcrypto
# (libssl-dev); the provider's real-server tests: nginx, curl and HAProxy
# (neither server is started as a service: the tests run their own on
# 127.0.0.1); vector conversion: python3-cryptography-vectors (optional).
set -eu
need=()
for p in cmake make gcc libssl-dev pkg-config valgrind openssl python3 nginx curl haproxy; do
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
    # no service started by a package's installation (Debian's policy-rc.d)
    policy=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
        $SUDO chmod 755 /usr/sbin/policy-rc.d
        policy=1
    fi
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
    [ -z "$policy" ] || $SUDO rm -f /usr/sbin/policy-rc.d
fi
