#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The provider keeps what OpenSSL's own EC keeps, byte for byte: every
# command below runs with no configuration (OpenSSL's default provider) and
# with fastec's (fastec-openssl.cnf), and the outputs must be equal:
#  - public keys in the form a key file stores them (compressed, hybrid,
#    uncompressed) through pkey, ec and req -new; ec -conv_form and
#    pkey -ec_conv_form; a hybrid SubjectPublicKeyInfo read back;
#  - a SEC 1 private key stored without its public key, written back;
#  - a key generated with point-format:compressed (its public key's form);
#  - SM2 key generation (PEM and DER);
#  - a private key alone (EVP_PKEY_fromdata-like: pkey of a key without its
#    public key, -check).
# Usage: test_provider_forms.sh BUILD_DIR
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
B="$(cd "$1" && pwd)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
fx() { OPENSSL_CONF="$B/fastec-openssl.cnf" openssl "$@"; }
ref() { OPENSSL_CONF=/dev/null openssl "$@"; }
# both NAME ARGS...: the command with each configuration (outputs NAME.ref and
# NAME.fx, standard output and the files it names with @OUT@), then compared
both() {
    local name="$1" rr rf
    shift
    ref "${@//@OUT@/$name.out.ref}" > "$name.ref" 2> "$name.ref.err"
    rr=$?
    fx "${@//@OUT@/$name.out.fx}" > "$name.fx" 2> "$name.fx.err"
    rf=$?
    [ "$rr" -eq "$rf" ] && ok || bad "$name: exit $rf with fastec, $rr without: $(head -c 200 "$name.fx.err")"
    same "$name.ref" "$name.fx" "$name: the output differs with fastec"
    if [ -e "$name.out.ref" ] || [ -e "$name.out.fx" ]; then same "$name.out.ref" "$name.out.fx" "$name: the file differs with fastec"; fi
}

for curve in prime256v1 sect283k1; do
    ref ecparam -name "$curve" -genkey -noout -out "$curve.pem" 2>/dev/null
    for form in compressed hybrid uncompressed; do
        ref ec -in "$curve.pem" -conv_form "$form" -out "$curve-$form.pem" 2>/dev/null
        ref ec -in "$curve.pem" -conv_form "$form" -pubout -out "$curve-$form.pub" 2>/dev/null
        # keys stored in a form, written back
        both "$curve-$form-pkey" pkey -in "$curve-$form.pem"
        both "$curve-$form-pkey-pubout" pkey -in "$curve-$form.pem" -pubout
        both "$curve-$form-ec" ec -in "$curve-$form.pem"
        both "$curve-$form-text" pkey -in "$curve-$form.pem" -text -noout
        both "$curve-$form-pubin" pkey -pubin -in "$curve-$form.pub" -pubout
        both "$curve-$form-pubin-text" pkey -pubin -in "$curve-$form.pub" -text -noout
        # a form asked for
        both "$curve-ec-conv-$form" ec -in "$curve.pem" -conv_form "$form" -pubout
        both "$curve-pkey-conv-$form" pkey -in "$curve.pem" -pubout -ec_conv_form "$form"
        # a certificate request's public key (the signature differs: random nonces)
        ref req -new -key "$curve-$form.pem" -subj /CN=fastec -out "$curve-$form.csr.ref" 2>/dev/null
        fx req -new -key "$curve-$form.pem" -subj /CN=fastec -out "$curve-$form.csr.fx" 2>/dev/null
        ref req -in "$curve-$form.csr.ref" -noout -pubkey > a.txt 2>/dev/null
        ref req -in "$curve-$form.csr.fx" -noout -pubkey > b.txt 2>/dev/null
        same a.txt b.txt "$curve-$form: req -new's public key differs with fastec"
        ref req -in "$curve-$form.csr.fx" -noout -verify >/dev/null 2>&1 && ok || bad "$curve-$form: fastec's CSR does not verify"
    done
    # a SEC 1 private key without its public key
    ref ec -in "$curve.pem" -no_public -out "$curve-nopub.pem" 2>/dev/null
    both "$curve-nopub-ec" ec -in "$curve-nopub.pem"
    both "$curve-nopub-pkey" pkey -in "$curve-nopub.pem" -traditional
    both "$curve-nopub-pkcs8" pkey -in "$curve-nopub.pem"
    both "$curve-nopub-check" pkey -in "$curve-nopub.pem" -check -noout
    # generated with point-format:compressed: the form of the public key written
    for conf in ref fx; do
        $conf genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$curve" -pkeyopt point-format:compressed \
            -out "$curve-gen.$conf.pem" 2>/dev/null
        $conf pkey -in "$curve-gen.$conf.pem" -pubout -outform DER 2>/dev/null | wc -c > "$curve-gen-size.$conf"
        ref pkey -in "$curve-gen.$conf.pem" -traditional -outform DER 2>/dev/null | wc -c > "$curve-gen-priv.$conf"
    done
    same "$curve-gen-size.ref" "$curve-gen-size.fx" "$curve: point-format:compressed key's public key size differs"
    same "$curve-gen-priv.ref" "$curve-gen-priv.fx" "$curve: point-format:compressed key's SEC 1 size differs"
done

# SM2 keys, through OpenSSL's code inside fastec's provider
for fmt in PEM DER; do
    for conf in ref fx; do
        rm -f "sm2.$conf"
        $conf genpkey -algorithm EC -pkeyopt ec_paramgen_curve:SM2 -outform "$fmt" -out "sm2.$conf" 2>"sm2.$conf.err"
        echo $? > "sm2-rc.$conf"
    done
    same sm2-rc.ref sm2-rc.fx "SM2 keygen ($fmt): exit $(cat sm2-rc.fx) with fastec, $(cat sm2-rc.ref) without: $(head -c 150 sm2.fx.err)"
    [ -s sm2.fx ] && ok || bad "SM2 keygen ($fmt): no key written with fastec"
    ref pkey -inform "$fmt" -in sm2.fx -noout -check >/dev/null 2>&1 && ok || bad "SM2 key ($fmt) from fastec does not check"
done
echo "test_provider_forms: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
