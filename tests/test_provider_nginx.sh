#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# A real TLS server on fastec: nginx (Debian's package) on 127.0.0.1, with
# the system's openssl.cnf plus the one .include line of fastec's snippet
# (a copy, given to nginx as OPENSSL_CONF), serving
#  - TLS 1.3, key exchange P-256 and P-384, an ECDSA P-256 certificate;
#  - TLS 1.2, key exchange sect283k1, an ECDSA K-283 (sect283k1) certificate.
# curl (without fastec) fetches a page over each; fastec's trace, written by
# nginx's worker processes (their pids), shows fastec's ECDH and ECDSA
# serving those handshakes; then a bounded load of full handshakes (no
# session reuse) runs with zero failures. nginx is started and stopped here;
# the test gives up after a fixed time.
# Usage: test_provider_nginx.sh BUILD_DIR [HANDSHAKES]   (skipped without nginx or curl, except under CI)
set -u
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
    [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null
    sleep 0.2
    [ -n "${KEEP:-}" ] && echo "kept $dir" >&2 || rm -rf "$dir"
}
trap cleanup EXIT
pass=0
failn=0
ok() { pass=$((pass + 1)); }
bad() { failn=$((failn + 1)); echo "FAIL: $*" >&2; }

# the system's configuration with fastec's snippet included, as the README says
syscnf="$(openssl version -d | sed 's/^OPENSSLDIR: "\(.*\)"$/\1/')/openssl.cnf"
[ -r "$syscnf" ] || syscnf=/dev/null
cp "$syscnf" "$dir/openssl.cnf"
echo ".include $B/fastec-provider.cnf" >> "$dir/openssl.cnf"

# certificates, made by OpenSSL alone
for c in prime256v1 sect283k1; do
    OPENSSL_CONF=/dev/null openssl req -x509 -newkey ec -pkeyopt "ec_paramgen_curve:$c" -nodes -days 2 \
        -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$dir/$c.key" -out "$dir/$c.crt" 2>/dev/null || bad "certificate $c"
done

# two free ports on 127.0.0.1
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
p13=$(port)
p12=$(port)
user=""
[ "$(id -u)" -eq 0 ] && user="user root;"
mkdir -p "$dir/tmp"
cat > "$dir/nginx.conf" <<EOF
$user
daemon on;
worker_processes 2;
pid $dir/nginx.pid;
error_log $dir/error.log info;
env OPENSSL_CONF;
env FASTEC_PROVIDER_TRACE;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    ssl_session_cache off;
    ssl_session_tickets off;
    server {
        listen 127.0.0.1:$p13 ssl;
        ssl_protocols TLSv1.3;
        ssl_ecdh_curve P-256:P-384;
        ssl_certificate $dir/prime256v1.crt;
        ssl_certificate_key $dir/prime256v1.key;
        location / { return 200 "fastec tls13\n"; }
    }
    server {
        listen 127.0.0.1:$p12 ssl;
        ssl_protocols TLSv1.2;
        ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256;
        ssl_ecdh_curve sect283k1;
        ssl_certificate $dir/sect283k1.crt;
        ssl_certificate_key $dir/sect283k1.key;
        location / { return 200 "fastec tls12\n"; }
    }
}
EOF
export OPENSSL_CONF="$dir/openssl.cnf" FASTEC_PROVIDER_TRACE=1
"$NGINX" -p "$dir" -c "$dir/nginx.conf" 2> "$dir/start.log" || { cat "$dir/start.log" "$dir/error.log" >&2; bad "nginx did not start"; }
unset OPENSSL_CONF FASTEC_PROVIDER_TRACE
for i in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
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
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/prime256v1.crt" --tlsv1.3 --curves P-256 "https://127.0.0.1:$p13/")
[ "$out" = "fastec tls13" ] && ok || bad "TLS 1.3 P-256 page: '$out'"
ran derive secp256r1 && ok || bad "no fastec P-256 ECDH in an nginx worker: $(trace | tail -3)"
ran sign secp256r1 && ok || bad "no fastec P-256 signature in an nginx worker"
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/prime256v1.crt" --tlsv1.3 --curves P-384 "https://127.0.0.1:$p13/")
[ "$out" = "fastec tls13" ] && ok || bad "TLS 1.3 P-384 page: '$out'"
ran derive secp384r1 && ok || bad "no fastec P-384 ECDH in an nginx worker"
out=$(OPENSSL_CONF=/dev/null "${CURL[@]}" "$dir/sect283k1.crt" --tlsv1.2 --tls-max 1.2 --curves sect283k1 \
    "https://127.0.0.1:$p12/")
[ "$out" = "fastec tls12" ] && ok || bad "TLS 1.2 sect283k1 page: '$out'"
ran derive sect283k1 && ok || bad "no fastec sect283k1 ECDH in an nginx worker"
ran sign sect283k1 && ok || bad "no fastec K-283 signature in an nginx worker"

# a bounded load: n full handshakes (no session cache on either side)
before=$(trace | grep -c "^fastec-provider: derive")
fails=0
start=$(date +%s)
for i in $(seq "$n"); do
    case $((i % 3)) in
    0) args=(--cacert "$dir/prime256v1.crt" --tlsv1.3 --curves P-256 "https://127.0.0.1:$p13/") ;;
    1) args=(--cacert "$dir/prime256v1.crt" --tlsv1.3 --curves P-384 "https://127.0.0.1:$p13/") ;;
    2) args=(--cacert "$dir/sect283k1.crt" --tlsv1.2 --tls-max 1.2 --curves sect283k1 "https://127.0.0.1:$p12/") ;;
    esac
    out=$(OPENSSL_CONF=/dev/null curl -s --max-time 10 --no-sessionid "${args[@]}") || fails=$((fails + 1))
    case "$out" in "fastec tls1"[23]) ;; *) fails=$((fails + 1)) ;; esac
    [ $(($(date +%s) - start)) -lt 300 ] || { bad "load not done in 300 s ($i handshakes)"; break; }
done
after=$(trace | grep -c "^fastec-provider: derive")
[ "$fails" -eq 0 ] && ok || bad "$fails of $n handshakes failed"
[ $((after - before)) -ge "$n" ] && ok || bad "fastec derived $((after - before)) times for $n handshakes"
echo "test_provider_nginx: $n handshakes in $(($(date +%s) - start)) s"
grep -E "\[(emerg|alert|crit)\]" "$dir/error.log" && bad "nginx reported errors" || ok
echo "test_provider_nginx: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
