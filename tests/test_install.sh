#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The installed package as a user meets it: cmake --install into a fresh
# prefix; a program built with pkg-config and one built with
# find_package(fastec 0.1) and the fastec::fastec target both run against the
# installed library; a version the package cannot satisfy is refused; the
# manual pages, the provider module and the license are where they belong;
# no installed file names a path of the build machine; the installed
# `fastec speed -provider` loads the installed module; the README's
# system-wide provider steps (one .include line in a copy of the system's
# openssl.cnf) switch fastec on, and removing the line switches it off.
# Usage: test_install.sh BUILD_DIR CMAKE [MODULE_DEST]
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
build="$(cd "$1" && pwd)"
cmake="${2:-cmake}"
module_dest="${3:-lib/ossl-modules}"
src="$(cd "$(dirname "$0")/.." && pwd)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
prefix="$dir/prefix"
"$cmake" --install "$build" --prefix "$prefix" > "$dir/install.log" 2>&1 || { cat "$dir/install.log"; bad "cmake --install"; }
for f in include/fastec.h lib/libfastec.a lib/libfastec.so lib/pkgconfig/fastec.pc lib/cmake/fastec/fastecConfig.cmake \
         lib/cmake/fastec/fastecConfigVersion.cmake lib/cmake/fastec/fastecTargets.cmake bin/fastec \
         share/man/man1/fastec.1 share/man/man1/fastec-pkey.1 share/man/man1/fastec-keygen.1 share/man/man3/fastec.3 \
         share/doc/fastec/LICENSE; do
    [ -e "$prefix/$f" ] && ok || bad "not installed: $f"
done
# no path of the build machine (source or build tree) in any installed file
leaks=$(grep -r -l -a -F -e "$build" -e "$src/" "$prefix" 2>/dev/null)
[ -z "$leaks" ] && ok || bad "installed files name the build machine's paths: $leaks"
if [ -e "$build/ossl-modules/fastec.so" ]; then
    mod="$prefix/$module_dest/fastec.so"
    [ -e "$mod" ] && ok || bad "provider module not installed in $module_dest"
    for f in fastec-provider.cnf fastec-openssl.cnf; do
        [ -e "$prefix/share/fastec/$f" ] && ok || bad "not installed: share/fastec/$f"
    done
    # the tool and the module carry no copy of the library: the tool links
    # the installed shared one, found relative to itself; the module loads
    # it on first use, through its run path (checked below with LD_DEBUG)
    got=$(ldd "$prefix/bin/fastec" | sed -n 's/^[[:space:]]*libfastec\.so\.0 => \([^ ]*\) .*/\1/p')
    [ -n "$got" ] && [ "$(readlink -f "$got")" = "$(readlink -f "$prefix/lib/libfastec.so.0")" ] && ok ||
        bad "$prefix/bin/fastec does not load $prefix/lib/libfastec.so.0 (ldd: ${got:-nothing})"
    nm -D --defined-only "$mod" | grep -q " fastec_" && bad "the module exports or carries fastec_ functions" || ok
    for f in "$prefix/bin/fastec" "$mod"; do
        [ "$(stat -c %s "$f")" -lt $(( $(stat -Lc %s "$prefix/lib/libfastec.so") / 4 )) ] && ok ||
            bad "$f is $(stat -c %s "$f") bytes: a copy of the library inside?"
    done
    # the installed tool loads the installed module
    out=$(env -u OPENSSL_MODULES "$prefix/bin/fastec" speed -provider ecdh P-256 -seconds 0.05 2>&1)
    echo "$out" | head -1 | grep -q "provider: $prefix/$module_dest/fastec.so" && ok ||
        bad "installed fastec speed -provider: $(echo "$out" | head -3)"
    # system-wide, as the README says: one line at the end of openssl.cnf
    if command -v openssl >/dev/null; then
        syscnf="$(openssl version -d | sed 's/^OPENSSLDIR: "\(.*\)"$/\1/')/openssl.cnf"
        [ -r "$syscnf" ] || syscnf=/dev/null
        cp "$syscnf" "$dir/openssl.cnf"
        echo ".include $prefix/share/fastec/fastec-provider.cnf" >> "$dir/openssl.cnf"
        OPENSSL_CONF="$dir/openssl.cnf" openssl list -providers 2>&1 | grep -q "fastec provider" && ok ||
            bad "openssl list -providers does not show fastec: $(OPENSSL_CONF="$dir/openssl.cnf" openssl list -providers 2>&1 | head -5)"
        t=$(OPENSSL_CONF="$dir/openssl.cnf" FASTEC_PROVIDER_TRACE=1 openssl genpkey -algorithm EC -pkeyopt group:P-256 2>&1 >/dev/null)
        echo "$t" | grep -q "^fastec-provider: keygen secp256r1" && ok || bad "system-wide: fastec did not generate: $t"
        t=$(OPENSSL_CONF="$dir/openssl.cnf" LD_DEBUG=files openssl genpkey -algorithm EC -pkeyopt group:P-256 2>&1 >/dev/null)
        got=$(echo "$t" | sed -n 's/.*calling init: \(.*libfastec\.so\.0\)$/\1/p' | head -1)
        [ -n "$got" ] && [ "$(readlink -f "$got")" = "$(readlink -f "$prefix/lib/libfastec.so.0")" ] && ok ||
            bad "the module did not load the installed library: $(echo "$t" | grep -i fastec | head -5)"
        t=$(OPENSSL_CONF="$dir/openssl.cnf" FASTEC_PROVIDER_TRACE=1 openssl genpkey -algorithm EC -pkeyopt group:secp256k1 2>&1 >/dev/null)
        echo "$t" | grep -q "^fastec-provider: fallback keygen secp256k1" && ok || bad "system-wide: secp256k1: $t"
        # the module loads libfastec on first use: a program that never
        # uses EC does not map it, and without it (a broken installation)
        # fastec offers nothing and says why; OpenSSL's EC serves
        lib=$(cd "$prefix" && ls lib*/libfastec.so.[0-9]* 2>/dev/null | head -1)
        t=$(OPENSSL_CONF="$dir/openssl.cnf" LD_DEBUG=files openssl version 2>&1)
        echo "$t" | grep -q "calling init: .*/fastec.so$" && ok || bad "the module was not loaded: $(echo "$t" | tail -3)"
        echo "$t" | grep -q "file=.*libfastec" && bad "openssl version mapped libfastec: $(echo "$t" | grep libfastec | head -2)" || ok
        if [ -n "$lib" ]; then
            mv "$prefix/$lib" "$dir/moved-lib"
            t=$(OPENSSL_CONF="$dir/openssl.cnf" openssl list -providers -verbose 2>&1)
            echo "$t" | grep -A3 "fastec" | grep -q "status: inactive" && ok || bad "without libfastec: $t"
            t=$(OPENSSL_CONF="$dir/openssl.cnf" FASTEC_PROVIDER_TRACE=1 openssl genpkey -algorithm EC -pkeyopt group:P-256 2>&1)
            echo "$t" | grep -q "BEGIN PRIVATE KEY" && ok || bad "without libfastec, OpenSSL's EC did not generate: $t"
            echo "$t" | grep -q "^fastec-provider: .*serves nothing: .*libfastec" && ok || bad "without libfastec, the trace: $t"
            mv "$dir/moved-lib" "$prefix/$lib"
        else
            bad "no libfastec.so.N installed under $prefix"
        fi
        sed -i '$d' "$dir/openssl.cnf"
        OPENSSL_CONF="$dir/openssl.cnf" openssl list -providers 2>&1 | grep -q "fastec" && bad "fastec still on" || ok
    fi
fi
# the manual pages render, and a command's page leads to fastec(1)
if command -v man >/dev/null; then
    MANPATH="$prefix/share/man" man -P cat fastec-pkey 2>/dev/null | grep -q "PASSPHRASES" && ok || bad "man fastec-pkey"
    MANPATH="$prefix/share/man" man -P cat 3 fastec 2>/dev/null | grep -q "FASTEC_MAX_" && ok || bad "man 3 fastec"
fi
if command -v groff >/dev/null; then
    for p in "$prefix/share/man/man1/fastec.1" "$prefix/share/man/man3/fastec.3"; do
        w=$(LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$p" 2>&1)
        [ -z "$w" ] && ok || bad "groff warnings in $p: $w"
    done
fi
# pkg-config: prefix= and paths under it
pc="$prefix/lib/pkgconfig/fastec.pc"
grep -q "^prefix=$prefix\$" "$pc" && grep -q '^libdir=${prefix}/lib$' "$pc" && grep -q '^includedir=${prefix}/include$' "$pc" && ok ||
    bad "fastec.pc: $(cat "$pc")"
cat > "$dir/app.c" <<'EOF'
#include <fastec.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    const fastec_curve *c = fastec_curve_find("p-256");
    uint8_t priv[FASTEC_MAX_SCALAR_SIZE], pub[FASTEC_MAX_PUBLIC_KEY_SIZE], dg[32], sig[FASTEC_MAX_SIGNATURE_SIZE];
    size_t pl = 0;
    if (!c || fastec_keygen(c, priv) || fastec_public_key(c, priv, 0, NULL, &pl) || pl != 65) return 1;
    if (fastec_public_key(c, priv, 0, pub, &pl) || fastec_hash(FASTEC_SHA3_256, "x", 1, dg)) return 1;
    if (fastec_ecdsa_sign(c, priv, dg, sizeof dg, sig) || fastec_ecdsa_verify(c, pub, pl, dg, sizeof dg, sig)) return 1;
    fastec_wipe(priv, sizeof priv);
    printf("%s %d.%d.%d\n", fastec_version(), FASTEC_VERSION_MAJOR, FASTEC_VERSION_MINOR, FASTEC_VERSION_PATCH);
    return strcmp(fastec_version(), FASTEC_VERSION) != 0;
}
EOF
if command -v pkg-config >/dev/null; then
    flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs fastec)
    cc -std=c11 "$dir/app.c" $flags -o "$dir/app_pc" && LD_LIBRARY_PATH="$prefix/lib" "$dir/app_pc" >/dev/null && ok ||
        bad "a program built with pkg-config ($flags)"
    # relocated: the package moved elsewhere, pkg-config --define-prefix finds it there
    mv "$prefix" "$dir/moved"
    flags=$(PKG_CONFIG_PATH="$dir/moved/lib/pkgconfig" pkg-config --define-prefix --cflags --libs fastec)
    echo "$flags" | grep -q -- "-I$dir/moved/include" && ok || bad "relocated pkg-config: $flags"
    mv "$dir/moved" "$prefix"
fi
# CMake: find_package(fastec 0.1) and fastec::fastec, shared and static
mkdir -p "$dir/proj"
cp "$dir/app.c" "$dir/proj/app.c"
cat > "$dir/proj/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.16)
project(consumer C)
find_package(fastec 0.1 REQUIRED)
add_executable(app app.c)
target_link_libraries(app PRIVATE fastec::fastec)
add_executable(app_static app.c)
target_link_libraries(app_static PRIVATE fastec::fastec_static)
EOF
if "$cmake" -S "$dir/proj" -B "$dir/proj/b" -DCMAKE_PREFIX_PATH="$prefix" > "$dir/proj.log" 2>&1 &&
    "$cmake" --build "$dir/proj/b" >> "$dir/proj.log" 2>&1; then
    out=$("$dir/proj/b/app") && [ "$out" = "$(echo "$out" | head -1)" ] && ok || bad "find_package app: $out"
    "$dir/proj/b/app_static" >/dev/null && ok || bad "find_package static app"
    ldd "$dir/proj/b/app" | grep -q "$prefix/lib/libfastec.so" && ok || bad "app not linked to the installed shared library"
else
    cat "$dir/proj.log"
    bad "find_package(fastec 0.1) project"
fi
# a version the package does not satisfy is refused
sed -i 's/find_package(fastec 0.1 REQUIRED)/find_package(fastec 1.0 REQUIRED)/' "$dir/proj/CMakeLists.txt"
if "$cmake" -S "$dir/proj" -B "$dir/proj/b2" -DCMAKE_PREFIX_PATH="$prefix" > "$dir/proj2.log" 2>&1; then
    bad "find_package(fastec 1.0) accepted version $("$prefix/bin/fastec" version | head -1)"
else
    grep -q "fastecConfigVersion.cmake\|version" "$dir/proj2.log" && ok || bad "find_package 1.0: $(tail -5 "$dir/proj2.log")"
fi
echo "test_install: $pass passed, $failn failed"
[ $failn -eq 0 ]
