#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Drives the fastec and openssl command lines as a user would, on every curve:
# keys made by openssl (SEC 1 and PKCS#8, PEM and DER) load in fastec and give
# the same public key; keys made by fastec load in openssl; signatures cross
# both ways for SHA-1..SHA-512; ECDH (plain and cofactor) agrees both ways;
# corrupted files are refused with exit code 3 and a message, never a crash.
# Usage: test_cli.sh FASTEC [curve...]
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
F="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
shift
curves=("$@")
[ ${#curves[@]} -gt 0 ] || mapfile -t curves < <("$F" curves | awk 'NR > 1 {print $1}')
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
check() { if "$@" >/dev/null 2>&1; then ok; else bad "$*"; fi; }
# refused: exit code exactly 3 and a message on stderr naming the file
refused() {
    local file="$1"
    shift
    "$@" >/dev/null 2>err.txt
    local rc=$?
    if [ $rc -eq 3 ] && grep -q -- "$file" err.txt; then ok; else bad "not refused with 3 (rc=$rc): $* [$(head -c 200 err.txt)]"; fi
}
printf 'the quick brown fox jumps over the lazy dog\n' > msg

for c in "${curves[@]}"; do
    # OpenSSL's own names for two of the prime curves
    case "$c" in
        secp192r1) oc=prime192v1 ;;
        secp256r1) oc=prime256v1 ;;
        *) oc="$c" ;;
    esac
    # keys from openssl in every format
    openssl ecparam -name "$oc" -genkey -out o_ecparam.pem 2>/dev/null || { bad "openssl ecparam $c"; continue; }
    openssl ecparam -name "$oc" -genkey -noout -out o_sec1.pem
    openssl ec -in o_sec1.pem -outform DER -out o_sec1.der 2>/dev/null
    openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$oc" -out o_p8.pem
    openssl pkey -in o_p8.pem -outform DER -out o_p8.der
    for k in o_ecparam.pem o_sec1.pem o_sec1.der o_p8.pem o_p8.der; do
        openssl pkey -in "$k" -pubout -outform DER -out want.der 2>/dev/null
        "$F" pubkey -in "$k" -format der -out got.der && cmp -s want.der got.der && ok || bad "$c: pubkey of $k differs from openssl's"
    done
    openssl pkey -in o_sec1.pem -pubout -out o_pub.pem
    openssl pkey -in o_sec1.pem -pubout -outform DER -out o_pub.der
    openssl ec -in o_sec1.pem -pubout -conv_form compressed -out o_pubc.pem 2>/dev/null
    # fastec keys in openssl
    for fmt in pem der; do
        for p8 in "" -pkcs8; do
            "$F" keygen -curve "$c" -format $fmt $p8 -out "f_key.$fmt" || { bad "$c keygen $fmt $p8"; continue; }
            [ "$(stat -c %a "f_key.$fmt")" = 600 ] && ok || bad "$c key file mode"
            openssl pkey -inform $fmt -in "f_key.$fmt" -pubout -outform DER -out want.der 2>/dev/null || bad "$c: openssl cannot read fastec $fmt $p8 key"
            "$F" pubkey -in "f_key.$fmt" -format der -out got.der && cmp -s want.der got.der && ok || bad "$c: fastec $fmt $p8 key gives another public key in openssl"
        done
    done
    "$F" keygen -curve "$c" -out f_key.pem
    "$F" pubkey -in f_key.pem -out f_pub.pem
    "$F" pubkey -in f_key.pem -compressed -out f_pubc.pem
    check openssl pkey -pubin -in f_pubc.pem -noout
    # signatures both ways, every hash
    for h in sha1 sha224 sha256 sha384 sha512 sha512-224 sha512-256; do
        openssl dgst -$h -sign o_sec1.pem -out o.sig msg
        out=$("$F" verify -pub o_pub.pem -sig o.sig -hash $h -in msg)
        [ "$out" = "Verified OK" ] && ok || bad "$c $h: fastec rejects openssl's signature"
        check "$F" verify -pub o_pubc.pem -sig o.sig -hash $h -in msg
        "$F" sign -key f_key.pem -hash $h -in msg -out f.sig
        check openssl dgst -$h -verify f_pub.pem -signature f.sig msg
        "$F" sign -key f_key.pem -hash $h -raw -in msg -out f.raw
        check "$F" verify -pub f_pub.pem -sig f.raw -raw -hash $h -in msg
    done
    # a wrong message: verification failure, exit 1
    echo tampered > msg2
    "$F" verify -pub o_pub.pem -sig o.sig -hash sha512 -in msg2 > out.txt 2>/dev/null
    [ $? -eq 1 ] && grep -qx "Verification failure" out.txt && ok || bad "$c: tampered message not a verification failure"
    # ECDH both ways, plain and cofactor
    "$F" pubkey -in f_key.pem -out f_pub.pem
    for mode in 0 1; do
        opt=""
        [ $mode = 1 ] && opt=-cofactor
        openssl pkeyutl -derive -inkey o_sec1.pem -peerkey f_pub.pem -pkeyopt ecdh_cofactor_mode:$mode -out o.sec
        "$F" derive -key f_key.pem -peer o_pub.pem $opt -out f.sec && cmp -s o.sec f.sec && ok || bad "$c derive mode $mode differs"
        "$F" derive -key o_p8.der -peer f_pub.pem $opt -out f2.sec
        openssl pkeyutl -derive -inkey f_key.pem -peerkey <(openssl pkey -in o_p8.der -pubout) -pkeyopt ecdh_cofactor_mode:$mode -out o2.sec 2>/dev/null
        cmp -s o2.sec f2.sec && ok || bad "$c derive (fastec with openssl's key) mode $mode differs"
    done
    [ "$(stat -c %a f.sec)" = 600 ] && ok || bad "$c secret file mode"
    # corrupted files: each refused with exit 3 and the file named
    head -c 60 o_sec1.pem > trunc.pem;                    refused trunc.pem "$F" sign -key trunc.pem -in msg
    head -c 20 o_sec1.der > trunc.der;                    refused trunc.der "$F" sign -key trunc.der -in msg
    head -c 30 o_pub.der > trunc_pub.der;                 refused trunc_pub.der "$F" verify -pub trunc_pub.der -sig o.sig -in msg
    sed 's/EC PRIVATE KEY/PRIVATE KEY/' o_sec1.pem > label.pem; refused label.pem "$F" sign -key label.pem -in msg
    sed 's/PUBLIC KEY/EC PUBLIC KEY/' o_pub.pem > label_pub.pem; refused label_pub.pem "$F" derive -key f_key.pem -peer label_pub.pem
    # text after the block is accepted, as openssl accepts it
    { cat o_sec1.pem; echo trailing; } > trail.pem;       check "$F" sign -key trail.pem -in msg -out trail.sig
    { cat o_sec1.der; printf 'x'; } > trail.der;          refused trail.der "$F" sign -key trail.der -in msg
    { cat o_pub.der; printf '\0'; } > trail_pub.der;      refused trail_pub.der "$F" derive -key f_key.pem -peer trail_pub.der
    for pos in 8 20 30; do
        python3 -c "import sys; d=bytearray(open('o_sec1.der','rb').read()); d[$pos]^=0x01; open('flip.der','wb').write(d)"
        refused flip.der "$F" sign -key flip.der -in msg
        python3 -c "import sys; d=bytearray(open('o_pub.der','rb').read()); d[-$pos]^=0x01; open('flip_pub.der','wb').write(d)"
        refused flip_pub.der "$F" derive -key f_key.pem -peer flip_pub.der
    done
    # BER instead of DER: the outer length in a longer form than needed
    python3 - <<'PY'
d = open('o_sec1.der', 'rb').read()
if d[1] < 0x80:
    ber = bytes([0x30, 0x81, d[1]]) + d[2:]
else:
    ber = bytes([0x30, 0x82, 0x00, d[2]]) + d[3:]
open('ber.der', 'wb').write(ber)
d = open('o_pub.der', 'rb').read()
ber = bytes([0x30, 0x81, d[1]]) + d[2:] if d[1] < 0x80 else bytes([0x30, 0x82, 0x00, d[2]]) + d[3:]
open('ber_pub.der', 'wb').write(ber)
PY
    refused ber.der "$F" sign -key ber.der -in msg
    refused ber_pub.der "$F" derive -key f_key.pem -peer ber_pub.der
    openssl ecparam -name "$oc" -genkey -noout -param_enc explicit -out expl.pem
    refused expl.pem "$F" sign -key expl.pem -in msg
    printf '' > empty.pem;                                refused empty.pem "$F" pubkey -in empty.pem
    refused missing.pem "$F" pubkey -in missing.pem
done
# a peer on another curve
if [ ${#curves[@]} -gt 1 ]; then
    "$F" keygen -curve "${curves[0]}" -out a.pem
    "$F" keygen -curve "${curves[1]}" -out b.pem
    "$F" pubkey -in b.pem -out b_pub.pem
    refused b_pub.pem "$F" derive -key a.pem -peer b_pub.pem
fi
# usage errors: exit 2
"$F" keygen >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "keygen without -curve not a usage error"
"$F" sign -bogus >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown option not a usage error"
echo "test_cli: $pass passed, $failn failed"
[ $failn -eq 0 ]
