# SPDX-License-Identifier: Apache-2.0
# nginx on 127.0.0.1 as a TLS server for the provider's test and benchmark
# (sourced by tests/test_provider_nginx.sh and tools/provider-speed.sh):
#   tls_server_start DIR BUILD_DIR fastec|default WORKERS
# makes ECDSA certificates (P-256 and K-283) with OpenSSL alone, a copy of
# the system's openssl.cnf (plus the .include line of BUILD_DIR's snippet
# for "fastec"), and starts nginx with three servers, no session cache or
# tickets (every connection a full handshake):
#   $TLS_P256  TLS 1.3, key exchange P-256, P-256 certificate
#   $TLS_P384  TLS 1.3, key exchange P-384, P-256 certificate
#   $TLS_K283  TLS 1.2, key exchange sect283k1, ECDHE-ECDSA-AES128-GCM-SHA256, K-283 certificate
# each answering "fastec tls" on /. FASTEC_PROVIDER_TRACE set by the caller
# reaches the workers, whose trace goes to DIR/error.log.
#   tls_server_stop DIR
#   tls_server_files DIR BUILD_DIR fastec|default   the certificates and openssl.cnf alone
#   tls_client_cnf DIR GROUP   an openssl.cnf for clients offering only GROUP
#                              (OpenSSL's default client list lacks the binary curves)

tls_server_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# one nginx server: DIR PORT PROTOCOL GROUP CERTIFICATE-CURVE [EXTRA DIRECTIVE]
tls_server_block() {
    cat <<EOF
    server {
        listen 127.0.0.1:$2 ssl;
        ssl_protocols $3;
        ssl_ecdh_curve $4;
        ${6:-}
        ssl_certificate $1/$5.crt;
        ssl_certificate_key $1/$5.key;
        location / { return 200 "fastec tls\n"; }
    }
EOF
}

# the certificates (DIR/prime256v1.crt and .key, DIR/sect283k1.crt and .key)
# and DIR/openssl.cnf: tls_server_files DIR BUILD_DIR fastec|default
tls_server_files() {
    local dir="$1" build="$2" mode="$3" syscnf c
    for c in prime256v1 sect283k1; do
        [ -s "$dir/$c.crt" ] && continue
        OPENSSL_CONF=/dev/null openssl req -x509 -newkey ec -pkeyopt "ec_paramgen_curve:$c" -nodes -days 2 \
            -subj "/CN=localhost" -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
            -keyout "$dir/$c.key" -out "$dir/$c.crt" 2>/dev/null || return 1
    done
    syscnf="$(openssl version -d | sed 's/^OPENSSLDIR: "\(.*\)"$/\1/')/openssl.cnf"
    [ -r "$syscnf" ] || syscnf=/dev/null
    cp "$syscnf" "$dir/openssl.cnf"
    [ "$mode" = fastec ] && echo ".include $build/fastec-provider.cnf" >> "$dir/openssl.cnf"
    return 0
}

tls_server_start() {
    local dir="$1" build="$2" mode="$3" workers="$4" user=""
    local nginx
    nginx="$(command -v nginx || echo /usr/sbin/nginx)"
    mkdir -p "$dir/tmp"
    tls_server_files "$dir" "$build" "$mode" || return 1
    TLS_P256=$(tls_server_port)
    TLS_P384=$(tls_server_port)
    TLS_K283=$(tls_server_port)
    [ "$(id -u)" -eq 0 ] && user="user root;"
    cat > "$dir/nginx.conf" <<EOF
$user
daemon on;
worker_processes $workers;
pid $dir/nginx.pid;
error_log $dir/error.log info;
env OPENSSL_CONF;
env FASTEC_PROVIDER_TRACE;
events { worker_connections 512; }
http {
    access_log off;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    fastcgi_temp_path $dir/tmp/fastcgi;
    uwsgi_temp_path $dir/tmp/uwsgi;
    scgi_temp_path $dir/tmp/scgi;
    ssl_session_cache off;
    ssl_session_tickets off;
$(tls_server_block "$dir" "$TLS_P256" TLSv1.3 P-256 prime256v1)
$(tls_server_block "$dir" "$TLS_P384" TLSv1.3 P-384 prime256v1)
$(tls_server_block "$dir" "$TLS_K283" TLSv1.2 sect283k1 sect283k1 "ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256;")
}
EOF
    rm -f "$dir/nginx.pid"
    OPENSSL_CONF="$dir/openssl.cnf" "$nginx" -p "$dir" -c "$dir/nginx.conf" 2> "$dir/start.log" || return 1
    for c in $(seq 50); do [ -s "$dir/nginx.pid" ] && return 0; sleep 0.1; done
    return 1
}

tls_server_stop() {
    local dir="$1" pid
    [ -s "$dir/nginx.pid" ] || return 0
    pid=$(cat "$dir/nginx.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$dir/nginx.pid"
}

tls_client_cnf() {
    local dir="$1" group="$2"
    cat > "$dir/client-$group.cnf" <<EOF
openssl_conf = client_init
[client_init]
ssl_conf = client_ssl
[client_ssl]
system_default = client_groups
[client_groups]
Groups = $group
EOF
    echo "$dir/client-$group.cnf"
}
