# SPDX-License-Identifier: Apache-2.0
# What the shell tests share, sourced by each: the pass/fail counters and
#   ok, bad MESSAGE             count a check
#   expect RC REGEX command...  the command exits RC and says REGEX on stderr
#                               (its outputs go to out.txt and err.txt)
#   same FILE1 FILE2 MESSAGE    the two files are equal
pass=0
failn=0
ok() { pass=$((pass + 1)); }
bad() { failn=$((failn + 1)); echo "FAIL: $*" >&2; }
expect() {
    local want="$1" re="$2"
    shift 2
    "$@" >out.txt 2>err.txt </dev/null
    local rc=$?
    if [ $rc -eq "$want" ] && grep -Eqi -- "$re" err.txt; then ok; else bad "rc $rc (want $want), [$(head -c 300 err.txt)] (want /$re/): $*"; fi
}
same() { if cmp -s "$1" "$2"; then ok; else bad "$3"; fi; }
