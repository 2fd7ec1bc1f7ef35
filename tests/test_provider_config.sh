#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The one-line install on configurations an administrator may have: copies
# of the system's openssl.cnf that
#  (a) activate the legacy provider (beside default),
#  (b) set default_properties = fips=yes in an alg_section,
#  (c) already have an alg_section (a provider preference) and provider
#      sections of their own, with another init section name's worth of
#      custom sections;
#  (d) are the stock file (the default provider loaded implicitly).
# Each with fastec's snippet included at its end must list the providers the
# same configuration lists without it, plus fastec, and every algorithm
# that works or fails without it works or fails with it; fastec is
# preferred for EC only where the configuration's properties allow it.
# Then `fastec provider-check`: exit 0 and "active" with the module there,
# exit 1 naming the cause with the module missing and with no snippet.
# Last, what fastec serves: the measured table on the portable backends (P-256
# ECDH is OpenSSL's there), `serve` in the configuration and
# FASTEC_PROVIDER_SERVE overriding it, a bad setting refused, and the ECDH
# running where provider-check says, with the same secret.
# Usage: test_provider_config.sh BUILD_DIR
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
B="$(cd "$1" && pwd)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
syscnf="$(openssl version -d | sed 's/^OPENSSLDIR: "\(.*\)"$/\1/')/openssl.cnf"
[ -r "$syscnf" ] || { echo "test_provider_config: no system openssl.cnf"; echo "test_provider_config: 0 passed, 1 failed"; exit 1; }

# the configurations: lines added to [openssl_init] (Debian's stock file has
# only comments there) and sections appended
cp "$syscnf" stock.cnf
init_line() { sed "s/^\[openssl_init\]/[openssl_init]\n$2/" "$syscnf" > "$1"; }
init_line legacy.cnf "providers = provider_sect"
printf '\n[provider_sect]\ndefault = default_sect\nlegacy = legacy_sect\n[default_sect]\nactivate = 1\n' >> legacy.cnf
printf '[legacy_sect]\nactivate = 1\n' >> legacy.cnf
init_line fips.cnf "alg_section = algorithm_sect"
printf '\n[algorithm_sect]\ndefault_properties = fips=yes\n' >> fips.cnf
init_line custom.cnf "providers = my_providers\nalg_section = my_algs"
printf '\n[my_providers]\nbase = my_base\ndefault = my_default\n[my_base]\nactivate = 1\n[my_default]\nactivate = 1\n' >> custom.cnf
printf '[my_algs]\ndefault_properties = ?provider=default\n' >> custom.cnf

# what a configuration gives: its providers, and which of a set of
# operations work (1) or fail (0)
probe() {
    local cnf="$1" out="$2"
    OPENSSL_CONF="$cnf" openssl list -providers 2>&1 | grep -E '^  [a-z]' | sed 's/^ *//' | grep -v '^fastec$' > "$out"
    {
        echo hello | OPENSSL_CONF="$cnf" openssl dgst -md4 >/dev/null 2>&1; echo "md4 $?"
        echo hello | OPENSSL_CONF="$cnf" openssl dgst -sha256 >/dev/null 2>&1; echo "sha256 $?"
        OPENSSL_CONF="$cnf" openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 >/dev/null 2>&1; echo "ec-p256 $?"
        OPENSSL_CONF="$cnf" openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:brainpoolP256r1 >/dev/null 2>&1; echo "ec-bp256 $?"
        OPENSSL_CONF="$cnf" openssl genpkey -algorithm X25519 >/dev/null 2>&1; echo "x25519 $?"
        OPENSSL_CONF="$cnf" openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 >/dev/null 2>&1; echo "rsa $?"
        echo hello | OPENSSL_CONF="$cnf" openssl enc -des-ede3-cbc -k pw -pbkdf2 >/dev/null 2>&1; echo "3des $?"
        echo hello | OPENSSL_CONF="$cnf" openssl enc -bf-cbc -k pw -pbkdf2 >/dev/null 2>&1; echo "blowfish $?"
    } >> "$out"
}
# who generates an EC key with the configuration: fastec or OpenSSL (the trace)
ec_by() {
    FASTEC_PROVIDER_TRACE=1 OPENSSL_CONF="$1" openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
        2>&1 >/dev/null | grep -q "^fastec-provider: keygen secp256r1" && echo fastec || echo openssl
}

for c in stock legacy fips custom; do
    cp "$c.cnf" "$c-fx.cnf"
    echo ".include $B/fastec-provider.cnf" >> "$c-fx.cnf"
    probe "$c.cnf" "$c.without"
    probe "$c-fx.cnf" "$c.with"
    same "$c.without" "$c.with" "$c: providers or algorithms differ with fastec's line: $(diff "$c.without" "$c.with" | tr '\n' ' ')"
    OPENSSL_CONF="$c-fx.cnf" openssl list -providers 2>&1 | grep -q '^  fastec$' && ok || bad "$c: fastec not listed"
    want=fastec
    [ "$c" = fips ] && want=openssl   # the policy asks for FIPS algorithms: fastec serves nothing
    [ "$c" = custom ] && want=openssl # the administrator's ?provider=default stands
    got=$(ec_by "$c-fx.cnf")
    [ "$got" = "$want" ] && ok || bad "$c: an EC key made by $got, want $want"
done
grep -q "^md4 0$" legacy.with && ok || bad "legacy: MD4 does not work with fastec's line"
grep -q "^sha256 1$" fips.with && ok || bad "fips: SHA-256 works with fastec's line though the policy forbids it"

# the operator's check
F="$B/fastec"
OPENSSL_CONF="$dir/stock-fx.cnf" "$F" provider-check > check.txt 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q "^fastec: active" check.txt && grep -q "secp256r1" check.txt && ok ||
    bad "provider-check with fastec configured: exit $rc: $(head -c 300 check.txt)"
OPENSSL_CONF="$dir/stock.cnf" "$F" provider-check > check.txt 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "not active" check.txt && grep -q "providers.fastec" check.txt && ok ||
    bad "provider-check without the line: exit $rc: $(head -c 300 check.txt)"
sed "s|^module = .*|module = $dir/missing/fastec.so|" "$B/fastec-provider.cnf" > missing.cnf
cp stock.cnf stock-missing.cnf
echo ".include $dir/missing.cnf" >> stock-missing.cnf
OPENSSL_CONF="$dir/stock-missing.cnf" "$F" provider-check > check.txt 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "missing" check.txt && ok || bad "provider-check with the module missing: exit $rc: $(head -c 300 check.txt)"
# programs run on without fastec when its module is missing
echo hello | OPENSSL_CONF="$dir/stock-missing.cnf" openssl dgst -sha256 >/dev/null 2>&1 && ok ||
    bad "with the module missing, openssl dgst fails"
OPENSSL_CONF="$dir/fips-fx.cnf" "$F" provider-check > check.txt 2>&1
grep -qi "fips" check.txt && ok || bad "provider-check under a FIPS policy does not say why fastec serves nothing: $(head -c 300 check.txt)"
# what fastec serves: the measured table per CPU class (on the portable
# backends P-256's ECDH is OpenSSL's: its assembly is faster), and the
# overrides, in the configuration and in the environment
p256() { grep "^  secp256r1 " check.txt; }
OPENSSL_CONF="$dir/stock-fx.cnf" FASTEC_CPU=portable "$F" provider-check > check.txt 2>&1
p256 | grep -q "(portable)" && ! p256 | grep -q "derive" && ok ||
    bad "portable backends: P-256 ECDH served by fastec: $(p256)"
OPENSSL_CONF="$dir/stock-fx.cnf" FASTEC_CPU=portable FASTEC_PROVIDER_SERVE=all "$F" provider-check > check.txt 2>&1
p256 | grep -q "keygen,derive,sign,verify" && ok || bad "FASTEC_PROVIDER_SERVE=all: $(p256)"
sed "s|^# serve = all .*|serve = all|" "$B/fastec-provider.cnf" > serve-all.cnf
grep -q "^serve = all" serve-all.cnf && ok || bad "the snippet has no serve line to set"
sed "s|^\.include .*|.include $dir/serve-all.cnf|" stock-fx.cnf > stock-serve-all.cnf
OPENSSL_CONF="$dir/stock-serve-all.cnf" FASTEC_CPU=portable "$F" provider-check > check.txt 2>&1
p256 | grep -q "keygen,derive,sign,verify" && ok || bad "serve = all in the configuration: $(p256)"
OPENSSL_CONF="$dir/stock-fx.cnf" FASTEC_PROVIDER_SERVE=none "$F" provider-check > check.txt 2>&1
rc=$?
[ $rc -eq 1 ] && p256 | grep -q "none" && ok || bad "FASTEC_PROVIDER_SERVE=none: exit $rc, $(p256)"
OPENSSL_CONF="$dir/stock-fx.cnf" FASTEC_PROVIDER_SERVE=bogus "$F" provider-check > check.txt 2>&1
[ $? -eq 1 ] && ok || bad "FASTEC_PROVIDER_SERVE=bogus: provider-check says fastec is fine"
# and the operations follow: P-256 ECDH by OpenSSL's code on the portable
# backends, by fastec's with serve = all, the same secret
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out a.pem 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out b.pem 2>/dev/null
openssl pkey -in b.pem -pubout -out b.pub 2>/dev/null
derive() { OPENSSL_CONF="$dir/stock-fx.cnf" FASTEC_CPU=portable FASTEC_PROVIDER_TRACE=1 "$@" \
    openssl pkeyutl -derive -inkey a.pem -peerkey b.pub -out "s.$#" 2> trace.txt; }
derive && grep -q "fallback derive" trace.txt && ok || bad "portable P-256 ECDH: not OpenSSL's code: $(head -c 300 trace.txt)"
derive env FASTEC_PROVIDER_SERVE=all && grep -q "derive secp256r1" trace.txt && ok ||
    bad "portable P-256 ECDH with serve=all: not fastec's code: $(head -c 300 trace.txt)"
cmp -s s.0 s.2 && ok || bad "the shared secrets differ"
echo "test_provider_config: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
