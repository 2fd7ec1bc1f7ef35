#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `openssl speed` with and without the fastec provider, in one run, beside
# `fastec speed` (the library called directly, and OpenSSL's EVP, in the same
# process): per curve and operation, OpenSSL's default provider, fastec through
# `openssl speed`, their ratio, the library's ratio, and how much of it the
# provider keeps (the target: at least 90%).
#
#   tools/provider-speed.sh [-b BUILD_DIR] [-seconds N] [-runs R] [curve...]
#   tools/provider-speed.sh -tls [-b BUILD_DIR] [-seconds N] [-runs R]
#
# Curves by OpenSSL's name (prime256v1, sect283k1, ...), all 20 by default.
# `openssl speed` (3.0) knows 16 of them; for sect163r1, sect193r1, sect193r2
# and sect239k1 the "via openssl" figures come from `fastec speed -provider`
# (the same EVP calls as `openssl speed`, marked "EVP"). The three
# measurements of a curve run back to back, curve after curve, so that the
# machine's drift hits them alike; -runs R repeats everything and prints the
# range.
#
# How fastec is selected: `openssl speed` in OpenSSL 3.0 makes its EC keys
# with EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL), without the -propquery
# option, so the provider is chosen by the configuration's default_properties
# (OPENSSL_CONF=BUILD_DIR/fastec-openssl.cnf, which this script uses) or, with
# -provider flags and no configuration, by load order (the first provider
# loaded that has "EC" wins: `-provider fastec -provider default`).
#
# -tls: TLS handshakes per second of nginx on 127.0.0.1 (tools/tls-server.sh:
# one worker, no session reuse) with the system's openssl.cnf alone and with
# fastec's snippet included, for TLS 1.3 P-256 and P-384 key exchange with an
# ECDSA P-256 certificate and TLS 1.2 sect283k1 with an ECDSA K-283
# certificate; the client is `openssl s_time -new` without fastec, on the
# same machine, so the figures count both ends' work. The two servers
# alternate, run after run.
set -eu
cd "$(dirname "$0")/.."
build=build
seconds=1
runs=1
curves=()
tls=""
while [ $# -gt 0 ]; do
    case "$1" in
        -tls) tls=1; shift ;;
        -b) build="$2"; shift 2 ;;
        -seconds) seconds="$2"; shift 2 ;;
        -runs) runs="$2"; shift 2 ;;
        -h|--help) sed -n '2,35p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) curves+=("$1"); shift ;;
    esac
done
[ ${#curves[@]} -gt 0 ] || curves=(sect163k1 sect163r1 sect163r2 sect193r1 sect193r2 sect233k1 sect233r1 sect239k1
    sect283k1 sect283r1 sect409k1 sect409r1 sect571k1 sect571r1 secp160r1 prime192v1 secp224r1 prime256v1 secp384r1
    secp521r1)
cnf="$build/fastec-openssl.cnf"
fx="$build/fastec"
[ -f "$cnf" ] && [ -x "$fx" ] && [ -f "$build/ossl-modules/fastec.so" ] || {
    echo "provider-speed: build first (cmake -S . -B $build && cmake --build $build -j)" >&2
    exit 2
}
if [ -n "$tls" ]; then
    command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { echo "provider-speed: -tls needs nginx (tools/deps.sh)" >&2; exit 2; }
    . tools/tls-server.sh
    tdir=$(mktemp -d)
    trap 'tls_server_stop "$tdir"; rm -rf "$tdir"' EXIT
    echo "# $(openssl version); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(nproc) cores;" \
        "$(date -u +%Y-%m-%dT%H:%MZ); tools/provider-speed.sh -tls -seconds $seconds -runs $runs"
    res="$tdir/res"
    for r in $(seq "$runs"); do
        for mode in default fastec; do
            tls_server_start "$tdir" "$(cd "$build" && pwd)" "$mode" 1 || { cat "$tdir/start.log" >&2; exit 1; }
            for t in "P-256 $TLS_P256 -tls1_3" "P-384 $TLS_P384 -tls1_3" "sect283k1 $TLS_K283 -tls1_2"; do
                set -- $t
                ccnf=$(tls_client_cnf "$tdir" "$1")
                n=$(OPENSSL_CONF="$ccnf" openssl s_time -connect "127.0.0.1:$2" -new "$3" -time "$seconds" 2>/dev/null |
                    awk '/connections in .* real seconds/ {printf "%.1f", $1 / $4; exit}')
                echo "$r $1 $mode ${n:-0}" >> "$res"
            done
            tls_server_stop "$tdir"
        done
    done
    python3 - "$res" "$seconds" "$runs" <<'PY'
import statistics, sys
from collections import defaultdict
res, seconds, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
v = defaultdict(dict)
for line in open(res):
    r, g, m, x = line.split()
    v[(g, m)][r] = float(x)
print(f"nginx TLS handshakes per second, {seconds} s per measurement, {runs} run(s)"
      + (", medians and [min-max] of the ratio" if runs > 1 else ""))
print(f"{'handshake':<34} {'default/s':>10} {'fastec/s':>10} {'x':>6}" + ("  x range" if runs > 1 else ""))
label = {"P-256": "TLS 1.3 P-256, ECDSA P-256 cert", "P-384": "TLS 1.3 P-384, ECDSA P-256 cert",
         "sect283k1": "TLS 1.2 sect283k1, ECDSA K-283 cert"}
for g in ("P-256", "P-384", "sect283k1"):
    rs = sorted(set(v[(g, "default")]) & set(v[(g, "fastec")]))
    if not rs:
        continue
    ratio = [v[(g, "fastec")][r] / v[(g, "default")][r] for r in rs if v[(g, "default")][r] > 0]
    d = statistics.median(v[(g, "default")][r] for r in rs)
    f = statistics.median(v[(g, "fastec")][r] for r in rs)
    line = f"{label[g]:<34} {d:>10.1f} {f:>10.1f} {statistics.median(ratio) if ratio else 0:>6.2f}"
    if runs > 1 and ratio:
        line += f"  {min(ratio):.2f}-{max(ratio):.2f}"
    print(line)
PY
    exit 0
fi
# openssl speed's algorithm suffix for a curve, empty if it has none
speed_name() {
    case "$1" in
        secp160r1) echo p160 ;; prime192v1) echo p192 ;; secp224r1) echo p224 ;; prime256v1) echo p256 ;;
        secp384r1) echo p384 ;; secp521r1) echo p521 ;;
        sect163k1) echo k163 ;; sect233k1) echo k233 ;; sect283k1) echo k283 ;; sect409k1) echo k409 ;;
        sect571k1) echo k571 ;;
        sect163r2) echo b163 ;; sect233r1) echo b233 ;; sect283r1) echo b283 ;; sect409r1) echo b409 ;;
        sect571r1) echo b571 ;;
        *) echo "" ;;
    esac
}
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
echo "# $(openssl version); $(date -u +%Y-%m-%dT%H:%MZ); tools/provider-speed.sh -seconds $seconds -runs $runs ${curves[*]}"
for r in $(seq "$runs"); do
    for c in "${curves[@]}"; do
        s=$(speed_name "$c")
        if [ -n "$s" ]; then
            # ecdh: +F5:i:bits:ops:time; ecdsa: +F4:i:bits:sign:verify
            for mode in default fastec; do
                if [ $mode = fastec ]; then env=(env OPENSSL_CONF="$cnf"); else env=(env); fi
                "${env[@]}" openssl speed -mr -seconds "$seconds" "ecdh$s" "ecdsa$s" 2>/dev/null |
                    awk -F: -v c="$c" -v m="$mode" -v r="$r" \
                        '/^\+F5:/ {print r, c, m, "ecdh", $4} /^\+F4:/ {print r, c, m, "sign", $4; print r, c, m, "verify", $5}' >>"$raw"
            done
        fi
        "$fx" speed -provider -provider-path "$build/ossl-modules" -json -seconds "$seconds" "$c" |
            python3 -c '
import json, sys
r, c, evp = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
for j in json.load(sys.stdin)["results"]:
    for op in ("ecdh", "sign", "verify"):
        print(r, c, "lib", op, j[op]); print(r, c, "libossl", op, j["openssl_" + op])
        if evp:
            print(r, c, "default", op, j["openssl_" + op]); print(r, c, "fastec", op, j["provider_" + op])
            print(r, c, "evp", op, 1)
' "$r" "$c" "$([ -z "$s" ] && echo 1 || echo 0)" >>"$raw"
    done
done
python3 - "$raw" "$seconds" "$runs" "${curves[@]}" <<'PY'
import statistics, sys
from collections import defaultdict
raw, seconds, runs, curves = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
v = defaultdict(dict)
evp = set()
for line in open(raw):
    r, c, m, op, x = line.split()
    if m == "evp":
        evp.add(c)
        continue
    v[(c, op, m)][r] = float(x)
med = statistics.median
print(f"openssl speed with and without the fastec provider, {seconds} s per measurement, {runs} run(s)"
      + (", medians and [min-max] over the runs" if runs > 1 else ""))
print(f"{'curve':<11} {'op':<7} {'default/s':>10} {'fastec/s':>10} {'via x':>6} {'lib x':>6} {'kept':>5}"
      + ("  via x range   kept range" if runs > 1 else ""))
lows = []
for c in curves:
    for op in ("ecdh", "sign", "verify"):
        rs = sorted(set(v[(c, op, "fastec")]) & set(v[(c, op, "default")]) & set(v[(c, op, "lib")]))
        if not rs:
            continue
        via = [v[(c, op, "fastec")][r] / v[(c, op, "default")][r] for r in rs]
        lib = [v[(c, op, "lib")][r] / v[(c, op, "libossl")][r] for r in rs]
        kept = [a / b for a, b in zip(via, lib)]
        d = med([v[(c, op, "default")][r] for r in rs])
        f = med([v[(c, op, "fastec")][r] for r in rs])
        line = f"{c:<11} {op:<7} {d:>10.1f} {f:>10.1f} {med(via):>6.2f} {med(lib):>6.2f} {100 * med(kept):>4.0f}%"
        if runs > 1:
            line += f"  {min(via):5.2f}-{max(via):<5.2f}  {100 * min(kept):3.0f}-{100 * max(kept):.0f}%"
        print(line + (" EVP" if c in evp else ""))
        lows.append((med(kept), c, op))
print("via x: fastec through openssl speed / the default provider; lib x: fastec speed, the library / OpenSSL's")
print("EVP in one process; kept: via x / lib x, run by run. EVP: openssl speed lacks the curve, so the 'via'")
print("figures are fastec speed -provider's (the same EVP calls, in the same process).")
if lows:
    lows.sort()
    print("lowest kept: " + ", ".join(f"{c} {op} {100 * k:.0f}%" for k, c, op in lows[:3]))
PY
