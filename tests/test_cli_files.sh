#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What -out does with files that belong to someone else, and what a signal
# leaves behind:
#  - a user writing a key over another user's writable file in a sticky
#    directory: refused before the file is touched (it stays whole);
#  - root writing a key over another user's file: the new file is root's,
#    never handed to that user; a hard-linked file of another user is not
#    written with a secret; a public output keeps the owner;
#  - a FIFO of another user's: root's key or secret never reaches its
#    reader; root's own FIFO and /dev/null take them;
#  - every signal whose default action ends the process, during a write
#    (raised from inside fsync by a preloaded shim), and a file size limit
#    (ulimit -f 0: SIGXFSZ): the target stays as it was, no .fastec-XXXXXX
#    is left;
#  - SIGINT and SIGTERM at the passphrase prompt (a pseudo-terminal): the
#    terminal's echo is back on;
#  - a socket, a writable file in a directory the user cannot write:
#    refused with the reason fastec(1) gives.
# The parts that need another user (setpriv) or mknod run as root only.
# Usage: test_cli_files.sh FASTEC CC
set -u
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/testlib.sh"
F="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
CC="${2:-cc}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
skipped=()
no_temp() { [ -z "$(find "$1" -name '.fastec-*')" ] && ok || bad "$2: temporary files left: $(find "$1" -name '.fastec-*')"; }
openssl ecparam -name prime256v1 -genkey -noout -out k.pem
openssl pkey -in k.pem -pubout -out pub.pem

# ---- another user's files ----
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
    # the tool and its library where user 65534 can run them (the build tree
    # may sit under a directory only root can enter)
    mkdir -m 755 bin
    cp "$F" bin/fastec
    lib=$(ldd "$F" | sed -n 's/^[[:space:]]*libfastec\.so\.0 => \([^ ]*\) .*/\1/p')
    [ -n "$lib" ] && cp "$lib" bin/
    cp k.pem pub.pem bin/
    chmod 755 "$dir" bin/*
    asuser() { LD_LIBRARY_PATH="$dir/bin" setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
    # a writable file of root's in a sticky directory: user 65534's key is
    # refused before the file is touched
    mkdir -m 1777 sticky
    echo OLD > sticky/f
    chmod 666 sticky/f
    expect 4 "another user" asuser "$dir/bin/fastec" keygen -curve P-256 -out sticky/f
    [ "$(cat sticky/f)" = OLD ] && ok || bad "another user's file destroyed: [$(head -c 40 sticky/f)]"
    expect 4 "another user" asuser "$dir/bin/fastec" derive -key bin/k.pem -peer bin/pub.pem -out sticky/f
    [ "$(cat sticky/f)" = OLD ] && ok || bad "another user's file destroyed by derive"
    no_temp sticky "sticky directory"
    # a writable file in a directory the user cannot write: not replaced,
    # the reason given, the file as it was
    mkdir -m 755 closed
    echo OLD > closed/f
    chmod 666 closed/f
    expect 4 "directory is not writable" asuser "$dir/bin/fastec" pubkey -in pub.pem -out closed/f
    [ "$(cat closed/f)" = OLD ] && ok || bad "file in a closed directory changed"
    # root over another user's file: the new key is root's, mode 0600
    echo OLD > theirs.pem
    chown 65534:65534 theirs.pem
    chmod 644 theirs.pem
    "$F" keygen -curve P-256 -out theirs.pem && [ "$(stat -c '%u %a' theirs.pem)" = "0 600" ] &&
        openssl pkey -in theirs.pem -noout 2>/dev/null && ok ||
        bad "root's new key over a file of uid 65534: $(stat -c '%u %a' theirs.pem)"
    echo OLD > theirs.bin
    chown 65534 theirs.bin
    "$F" derive -key k.pem -peer pub.pem -out theirs.bin && [ "$(stat -c '%u %a' theirs.bin)" = "0 600" ] && ok ||
        bad "root's new secret over a file of uid 65534: $(stat -c '%u %a' theirs.bin)"
    # a public output keeps the owner
    echo OLD > theirs_pub.pem
    chown 65534 theirs_pub.pem
    "$F" pubkey -in k.pem -out theirs_pub.pem && [ "$(stat -c %u theirs_pub.pem)" = 65534 ] && ok ||
        bad "public output over a file of uid 65534: owner $(stat -c %u theirs_pub.pem)"
    # another user's hard-linked file: a secret is not written into it
    echo OLD > hl1
    ln hl1 hl2
    chown 65534 hl1
    expect 4 "another user" "$F" keygen -curve P-256 -out hl1
    [ "$(cat hl2)" = OLD ] && ok || bad "a secret written into another user's hard-linked file"
    no_temp . "another user's files"
    # a FIFO of another user's in a sticky directory, read by that user: root's
    # new key (and an ECDH secret) never reaches the reader; a FIFO of root's
    # own, and /dev/null, take it
    mkfifo sticky/fifo
    chown 65534:65534 sticky/fifo
    chmod 666 sticky/fifo
    for cmd in "keygen -curve P-256" "derive -key k.pem -peer pub.pem"; do
        rm -f got.txt
        (asuser timeout 10 cat sticky/fifo > got.txt 2>/dev/null &)
        sleep 0.3
        # shellcheck disable=SC2086
        expect 4 "another user" timeout 10 "$F" $cmd -out sticky/fifo
        # the reader's end closes with nothing in it
        sleep 0.3
        [ ! -s got.txt ] && ok || bad "$cmd: a secret written into another user's FIFO: $(head -c 40 got.txt)"
    done
    mkfifo mine
    (timeout 10 cat mine > got.txt &)
    sleep 0.3
    "$F" keygen -curve P-256 -out mine && sleep 0.3 && grep -q "BEGIN EC PRIVATE KEY" got.txt && ok ||
        bad "a key into root's own FIFO: $(head -c 40 got.txt)"
    "$F" keygen -curve P-256 -out /dev/null && ok || bad "a key into /dev/null"
else
    skipped+=("another user's files (needs root and setpriv)")
fi

# ---- signals during a write ----
cat > shim.c <<'EOF'
/* fsync raises the signal named by FASTEC_TEST_SIGNAL: the write is under way */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
int fsync(int fd)
{
    const char *s = getenv("FASTEC_TEST_SIGNAL");
    if (s) raise(atoi(s));
    int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    return real(fd);
}
EOF
if "$CC" -shared -fPIC -o shim.so shim.c -ldl 2>cc.txt; then
    # every signal whose default action ends the process
    for sig in INT TERM HUP QUIT PIPE ALRM USR1 USR2 XFSZ XCPU VTALRM PROF; do
        n=$(kill -l "$sig")
        echo OLD > target.pem
        # (the shell's report of the death by a signal goes to /dev/null too)
        rc=$({ (FASTEC_TEST_SIGNAL=$n LD_PRELOAD="$dir/shim.so" \
            ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" "$F" keygen -curve P-256 -out target.pem) \
            >/dev/null 2>&1; echo $?; } 2>/dev/null)
        [ $rc -eq $((128 + n)) ] && ok || bad "SIG$sig during the write: exit $rc, want $((128 + n))"
        [ "$(cat target.pem)" = OLD ] && ok || bad "SIG$sig during the write: the target changed"
        no_temp . "SIG$sig during the write of a key"
        { (FASTEC_TEST_SIGNAL=$n LD_PRELOAD="$dir/shim.so" ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0" \
            "$F" derive -key k.pem -peer pub.pem -out new_secret.bin) >/dev/null 2>&1; } 2>/dev/null
        [ ! -e new_secret.bin ] && ok || bad "SIG$sig: a new secret appeared"
        no_temp . "SIG$sig during the write of a secret"
    done
else
    bad "cannot build the fsync shim with $CC: $(head -3 cc.txt)"
fi
# a file size limit: the write dies by SIGXFSZ, the target stays whole, no
# temporary file
echo OLD > target.pem
rc=$({ (ulimit -f 0; exec "$F" keygen -curve P-256 -out target.pem) >/dev/null 2>&1; echo $?; } 2>/dev/null)
[ $rc -eq $((128 + $(kill -l XFSZ))) ] && ok || bad "ulimit -f 0: exit $rc, want death by SIGXFSZ"
[ "$(cat target.pem)" = OLD ] && ok || bad "ulimit -f 0: the target changed"
no_temp . "ulimit -f 0"

# ---- signals at the passphrase prompt ----
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -aes-256-cbc -pass pass:pw -out enc.pem
for sig in INT TERM; do
    out=$(python3 - "$F" "$sig" <<'EOF'
import os, pty, select, signal, sys, termios, time
f, sig = sys.argv[1], getattr(signal, 'SIG' + sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execv(f, [f, 'pkey', '-in', 'enc.pem'])
buf, end = b'', time.time() + 20
while b'phrase' not in buf and time.time() < end:
    r, _, _ = select.select([fd], [], [], 0.5)
    if r:
        try:
            buf += os.read(fd, 1024)
        except OSError:
            break
if b'phrase' not in buf:
    print('no prompt: %r' % buf)
    sys.exit(0)
time.sleep(0.2)
echo_during = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
os.kill(pid, sig)
os.waitpid(pid, 0)
echo_after = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
print('during=%d after=%d' % (echo_during, echo_after))
EOF
)
    [ "$out" = "during=0 after=1" ] && ok || bad "SIG$sig at the passphrase prompt: $out (want during=0 after=1)"
done

# ---- sockets ----
python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock
expect 4 "is a socket" "$F" pubkey -in k.pem -out sock
[ -S sock ] && ok || bad "the socket was replaced"

for s in "${skipped[@]}"; do echo "skipped: $s"; done
echo "test_cli_files: $pass passed, $failn failed"
[ "$failn" -eq 0 ]
