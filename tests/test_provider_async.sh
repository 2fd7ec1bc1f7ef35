#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fastec inside OpenSSL's asynchronous jobs, as real programs run it, with the
# system's openssl.cnf plus the .include line of fastec's snippet:
#  - openssl speed -async_jobs 4: ECDH and ECDSA on P-256 and on sect283k1
#    (every operation of the measurement inside a job);
#  - openssl s_server -async: TLS 1.3 with P-256, P-384 and P-521 key
#    exchange (ECDSA P-256 certificate) and TLS 1.2 with sect283k1 and
#    sect571k1 (ECDSA K-283 certificate), openssl s_client fetching a page
#    over each, the server still running afterwards;
#  - HAProxy with ssl-mode-async serving TLS 1.3 P-256 and P-384 and TLS 1.2
#    sect283k1, curl fetching pages, then a bounded run of full handshakes
#    with no failure.
# The provider's trace (FASTEC_PROVIDER_TRACE) shows fastec's operations in
# the servers. The servers run on 127.0.0.1, started and stopped here.
# Usage: test_provider_async.sh BUILD_DIR [HANDSHAKES]   (skipped without haproxy or curl, except under CI)
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
. "$(dirname "$0")/../tools/tls-server.sh"
B="$(cd "$1" && pwd)"
n="${2:-200}"
HAPROXY="$(command -v haproxy || echo /usr/sbin/haproxy)"
if [ ! -x "$HAPROXY" ] || ! command -v curl >/dev/null || ! command -v openssl >/dev/null; then
    echo "test_provider_async: haproxy, curl or openssl missing (tools/deps.sh installs them)"
    if [ -n "${CI:-}" ]; then
        echo "test_provider_async: 0 passed, 1 failed"
        exit 1
    fi
    echo "test_provider_async: skipped; 0 passed, 0 failed"
    exit 0
fi
dir=$(mktemp -d)
pids=()
cleanup() {
    local p
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
    [ -n "${KEEP:-}" ] && echo "kept $dir" >&2 || rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir" || exit 1
tls_server_files "$dir" "$B" fastec || bad "certificates"
export OPENSSL_CONF="$dir/openssl.cnf"

# ---- openssl speed -async_jobs ----
for alg in ecdhp256 ecdsap256 ecdhk283 ecdsak283; do
    out=$(timeout 120 openssl speed -seconds 1 -async_jobs 4 "$alg" 2>&1)
    rc=$?
    if [ $rc -eq 0 ] && echo "$out" | grep -Eq '^ *(256|283) bits? +ec(dh|dsa)'; then ok; else
        bad "openssl speed -async_jobs 4 $alg: rc $rc: $(echo "$out" | tail -3)"
    fi
done

# ---- openssl s_server -async ----
# serve PORT GROUP CERT [extra s_server options]: a server in the background
serve() {
    local port="$1" group="$2" cert="$3"
    shift 3
    FASTEC_PROVIDER_TRACE=1 openssl s_server -async -accept "127.0.0.1:$port" -cert "$dir/$cert.crt" \
        -key "$dir/$cert.key" -www -groups "$group" "$@" > "$dir/s_server-$group.log" 2>&1 < /dev/null &
    pids+=($!)
    for _ in $(seq 50); do
        (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    return 1
}
# fetch PORT GROUP [s_client options]: a page over TLS, without fastec on the client's side
fetch() {
    local port="$1" group="$2"
    shift 2
    printf 'GET / HTTP/1.0\r\n\r\n' | OPENSSL_CONF=/dev/null timeout 20 openssl s_client -quiet -ign_eof \
        -connect "127.0.0.1:$port" -groups "$group" "$@" 2>/dev/null
}
# the server's group, its certificate, the protocol, the client's groups (in
# TLS 1.2 the client must also name the certificate's curve)
for spec in "P-256 prime256v1 -tls1_3 P-256" "P-384 prime256v1 -tls1_3 P-384" "P-521 prime256v1 -tls1_3 P-521" \
            "sect283k1 sect283k1 -tls1_2 sect283k1" "sect571k1 sect283k1 -tls1_2 sect571k1:sect283k1"; do
    set -- $spec
    port=$(tls_server_port)
    if ! serve "$port" "$1" "$2"; then
        bad "s_server -async ($1) did not start: $(head -3 "$dir/s_server-$1.log")"
        continue
    fi
    spid=${pids[-1]}
    for k in 1 2 3; do
        out=$(fetch "$port" "$4" "$3")
        echo "$out" | grep -q "HTTP/1.0 200 ok" && ok || bad "s_server -async $1, request $k: $(echo "$out" | head -2)"
    done
    kill -0 "$spid" 2>/dev/null && ok || bad "s_server -async $1 died: $(tail -3 "$dir/s_server-$1.log")"
    want=$1
    [ "$1" = P-256 ] && want=secp256r1
    [ "$1" = P-384 ] && want=secp384r1
    [ "$1" = P-521 ] && want=secp521r1
    grep -q "^fastec-provider: derive $want " "$dir/s_server-$1.log" && ok ||
        bad "s_server -async $1: no fastec ECDH in the trace"
    grep -Eq "^fastec-provider: sign (secp256r1|sect283k1) " "$dir/s_server-$1.log" && ok ||
        bad "s_server -async $1: no fastec signature in the trace"
    kill "$spid" 2>/dev/null
done

# ---- HAProxy, ssl-mode-async ----
cat "$dir/prime256v1.crt" "$dir/prime256v1.key" > "$dir/p256.pem"
cat "$dir/sect283k1.crt" "$dir/sect283k1.key" > "$dir/k283.pem"
P256=$(tls_server_port)
P384=$(tls_server_port)
K283=$(tls_server_port)
cat > "$dir/haproxy.cfg" <<EOF
global
    ssl-mode-async
    maxconn 200
    tune.ssl.cachesize 0
defaults
    mode http
    timeout connect 5s
    timeout client 10s
    timeout server 10s
frontend p256
    bind 127.0.0.1:$P256 ssl crt $dir/p256.pem curves P-256 ssl-min-ver TLSv1.3 no-tls-tickets
    http-request return status 200 content-type text/plain string "fastec tls"
frontend p384
    bind 127.0.0.1:$P384 ssl crt $dir/p256.pem curves P-384 ssl-min-ver TLSv1.3 no-tls-tickets
    http-request return status 200 content-type text/plain string "fastec tls"
frontend k283
    bind 127.0.0.1:$K283 ssl crt $dir/k283.pem curves sect283k1 ssl-max-ver TLSv1.2 ciphers ECDHE-ECDSA-AES128-GCM-SHA256 no-tls-tickets
    http-request return status 200 content-type text/plain string "fastec tls"
EOF
FASTEC_PROVIDER_TRACE=1 "$HAPROXY" -db -f "$dir/haproxy.cfg" > "$dir/haproxy.log" 2>&1 &
hpid=$!
pids+=($hpid)
for _ in $(seq 50); do
    (echo > "/dev/tcp/127.0.0.1/$K283") 2>/dev/null && break
    sleep 0.1
done
CURL=(curl -s --max-time 10)
page() { OPENSSL_CONF=/dev/null "${CURL[@]}" --cacert "$dir/$1.crt" "${@:3}" "https://127.0.0.1:$2/"; }
out=$(page prime256v1 "$P256" --tlsv1.3 --curves P-256)
[ "$out" = "fastec tls" ] && ok || bad "HAProxy TLS 1.3 P-256 page: '$out' $(tail -3 "$dir/haproxy.log")"
out=$(page prime256v1 "$P384" --tlsv1.3 --curves P-384)
[ "$out" = "fastec tls" ] && ok || bad "HAProxy TLS 1.3 P-384 page: '$out'"
out=$(page sect283k1 "$K283" --tlsv1.2 --tls-max 1.2 --curves sect283k1)
[ "$out" = "fastec tls" ] && ok || bad "HAProxy TLS 1.2 sect283k1 page: '$out'"
for c in "derive secp256r1" "derive secp384r1" "derive sect283k1" "sign secp256r1" "sign sect283k1"; do
    grep -q "^fastec-provider: $c pid $hpid\$" "$dir/haproxy.log" && ok || bad "HAProxy: no fastec '$c' in the trace"
done
# full handshakes (no session reuse), every one served
fails=0
for i in $(seq "$n"); do
    case $((i % 3)) in
    0) out=$(page prime256v1 "$P256" --tlsv1.3 --curves P-256) ;;
    1) out=$(page prime256v1 "$P384" --tlsv1.3 --curves P-384) ;;
    2) out=$(page sect283k1 "$K283" --tlsv1.2 --tls-max 1.2 --curves sect283k1) ;;
    esac
    [ "$out" = "fastec tls" ] || fails=$((fails + 1))
done
[ "$fails" -eq 0 ] && ok || bad "HAProxy: $fails of $n handshakes failed"
kill -0 "$hpid" 2>/dev/null && ok || bad "HAProxy died: $(tail -5 "$dir/haproxy.log")"
echo "test_provider_async.sh: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
