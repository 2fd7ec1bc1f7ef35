#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A real TLS server on fastec: nginx (Debian's package) on 127.0.0.1, with
# the system's openssl.cnf plus the one .include line of fastec's snippet
# (a copy, given to nginx as OPENSSL_CONF; tools/tls-server.sh), serving
#  - TLS 1.3, key exchange P-256 and P-384, an ECDSA P-256 certificate;
#  - TLS 1.2, key exchange sect283k1, an ECDSA K-283 (sect283k1) certificate.
# curl (without fastec) fetches a page over each; fastec's trace, written by
# nginx's worker processes (their pids), shows fastec's ECDH and ECDSA
# serving those handshakes; then a bounded load of full handshakes (no
# session reuse) runs with zero failures. nginx is started and stopped here;
# the test gives up after a fixed time.
# Usage: test_provider_nginx.sh BUILD_DIR [HANDSHAKES]   (skipped without nginx or curl, except under CI)
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
B="$(cd "$1" && pwd)"
n="${2:-500}"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
if [ ! -x "$NGINX" ] || ! command -v curl >/dev/null || ! command -v openssl >/dev/null; then
    echo "test_provider_nginx: nginx, curl or openssl missing (tools/deps.sh installs them)"
    if [ -n "${CI:-}" ]; then # CI installs them: their absence is a failure there
        echo "test_provider_nginx: 0 passed, 1 failed"
        exit 1
    fi
    echo "test_provider_nginx: skipped; 0 passed, 0 failed"
    exit 0
fi
dir=$(mktemp -d)
cleanup() {
    tls_server_stop "$dir"
    [ -n "${KEEP:-}" ] && echo "kept $dir" >&2 || rm -rf "$dir"
}
trap cleanup EXIT

. "$(dirname "$0")/../tools/tls-server.sh"
export FASTEC_PROVIDER_TRACE=1
tls_server_start "$dir" "$B" fastec 2 || { cat "$dir/start.log" "$dir/error.log" >&2 2>/dev/null; bad "nginx did not start"; }
unset FASTEC_PROVIDER_TRACE
master=$(cat "$dir/nginx.pid" 2>/dev/null)
workers=$(pgrep -P "$master" 2>/dev/null | tr '\n' ' ')
[ -n "$workers" ] && ok || bad "no nginx worker processes"
# the trace goes to nginx's error log (stderr of the workers)
trace() { cat "$dir/error.log" "$dir/start.log" 2>/dev/null | grep "fastec-provider: "; }
# ran OP CURVE: a worker's trace shows fastec's OP on CURVE
ran() {
    local w
    for w in $workers; do trace | grep -q "^fastec-provider: $1 $2 pid $w\$" && return 0; done
    return 1
}

CURL=(curl -s --max-time 10 --cacert)
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/prime256v1.crt" --tlsv1.3 --curves P-256 "https://127.0.0.1:$TLS_P256/")
[ "$out" = "fastec tls" ] && ok || bad "TLS 1.3 P-256 page: '$out'"
ran derive secp256r1 && ok || bad "no fastec P-256 ECDH in an nginx worker: $(trace | tail -3)"
ran sign secp256r1 && ok || bad "no fastec P-256 signature in an nginx worker"
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/prime256v1.crt" --tlsv1.3 --curves P-384 "https://127.0.0.1:$TLS_P384/")
[ "$out" = "fastec tls" ] && ok || bad "TLS 1.3 P-384 page: '$out'"
ran derive secp384r1 && ok || bad "no fastec P-384 ECDH in an nginx worker"
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/sect283k1.crt" --tlsv1.2 --tls-max 1.2 --curves sect283k1 \
    "https://127.0.0.1:$TLS_K283/")
[ "$out" = "fastec tls" ] && ok || bad "TLS 1.2 sect283k1 page: '$out'"
ran derive sect283k1 && ok || bad "no fastec sect283k1 ECDH in an nginx worker"
ran sign sect283k1 && ok || bad "no fastec K-283 signature in an nginx worker"

# a bounded load: n full handshakes (no session cache on either side)
before=$(trace | grep -c "^fastec-provider: derive")
fails=0
start=$(date +%s)
for i in $(seq "$n"); do
    case $((i % 3)) in
    0) args=(--cacert "$dir/prime256v1.crt" --tlsv1.3 --curves P-256 "https://127.0.0.1:$TLS_P256/") ;;
    1) args=(--cacert "$dir/prime256v1.crt" --tlsv1.3 --curves P-384 "https://127.0.0.1:$TLS_P384/") ;;
    2) args=(--cacert "$dir/sect283k1.crt" --tlsv1.2 --tls-max 1.2 --curves sect283k1 "https://127.0.0.1:$TLS_K283/") ;;
    esac
    out=$(OPENSSL_CONF=/dev/null curl -s --max-time 10 --no-sessionid "${args[@]}") || fails=$((fails + 1))
    [ "$out" = "fastec tls" ] || fails=$((fails + 1))
    [ $(($(date +%s) - start)) -lt 300 ] || { bad "load not done in 300 s ($i handshakes)"; break; }
done
after=$(trace | grep -c "^fastec-provider: derive")
[ "$fails" -eq 0 ] && ok || bad "$fails of $n handshakes failed"
[ $((after - before)) -ge "$n" ] && ok || bad "fastec derived $((after - before)) times for $n handshakes"
echo "test_provider_nginx: $n handshakes in $(($(date +%s) - start)) s"
grep -E "\[(emerg|alert|crit)\]" "$dir/error.log" && bad "nginx reported errors" || ok
echo "test_provider_nginx: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
