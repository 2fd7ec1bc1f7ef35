#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Measures what the provider's serving table (tools/gen_serve.py) decides
# from: `fastec speed -json` (fastec beside OpenSSL in one process) under
# each FASTEC_CPU setting that selects a backend this CPU has, RUNS times
# each, into tools/serve_measurements.json; then regenerates the table.
# OpenSSL runs at its full speed on this CPU in every run, so a backend is
# held against the best OpenSSL has here.
# Usage: tools/serve-measure.sh BUILD_DIR [RUNS] [SECONDS]   (on a quiet machine: about 3 minutes a run)
set -euo pipefail
cd "$(dirname "$0")/.."
B="$1"
runs="${2:-3}"
secs="${3:-1}"
settings=(""                                                   # every backend the CPU has
          "portable,clmul,vpclmul256,adx,sha,aesni"             # without AVX-512: adx, vpclmul256
          "portable,clmul,adx,sha,aesni"                        # without VPCLMULQDQ: adx, clmul
          "portable")                                           # no extension
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo '[' > "$tmp"
first=1
for r in $(seq "$runs"); do
    for s in "${settings[@]}"; do
        echo "serve-measure: run $r, FASTEC_CPU=${s:-(unset)}" >&2
        [ $first -eq 1 ] || echo ',' >> "$tmp"
        first=0
        if [ -n "$s" ]; then FASTEC_CPU="$s" "$B/fastec" speed -json -seconds "$secs" >> "$tmp"
        else "$B/fastec" speed -json -seconds "$secs" >> "$tmp"; fi
    done
done
echo ']' >> "$tmp"
python3 - "$tmp" "$runs" "$secs" > tools/serve_measurements.json <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))
cpu = runs[0]['cpu']
out = {'machine': '%s (%s)' % (cpu['model'], ' '.join(cpu['features'])),
       'openssl': runs[0]['openssl_version'],
       'command': 'tools/serve-measure.sh BUILD %s %s (fastec speed -json -seconds %s under FASTEC_CPU unset, '
                  'portable,clmul,vpclmul256,adx,sha,aesni, portable,clmul,adx,sha,aesni and portable)'
                  % (sys.argv[2], sys.argv[3], sys.argv[3]),
       'runs': [{'backends': [b['name'] for b in r['backends'] if b['state'] == 'in use'],
                 'results': [{k: x[k] for k in ('curve', 'backend', 'ratio_ecdh', 'ratio_sign', 'ratio_verify')}
                             for x in r['results']]} for r in runs]}
json.dump(out, sys.stdout, indent=1)
print()
EOF
python3 tools/gen_serve.py
echo "serve-measure: tools/serve_measurements.json and provider/serve_table.h written" >&2
