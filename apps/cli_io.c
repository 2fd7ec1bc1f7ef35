/* SPDX-License-Identifier: Apache-2.0 */
/* The fastec tool's files and passphrases: reading inputs, writing outputs
 * without ever turning a device, FIFO or link into a regular file, and
 * openssl's passphrase sources. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* realpath */
#include "cli_io.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "fastec.h"

const char *cli_cmd = "fastec";

int cli_fail(int code, const char *what, const char *msg)
{
    if (what) fprintf(stderr, "fastec %s: %s: %s\n", cli_cmd, what, msg);
    else fprintf(stderr, "fastec %s: %s\n", cli_cmd, msg);
    return code;
}

int cli_read_all(const char *path, uint8_t **out, size_t *len, size_t max)
{
    FILE *f = (!path || !strcmp(path, "-")) ? stdin : fopen(path, "rb");
    if (!f) return -1;
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    while (b) {
        if (n == cap) {
            if (cap >= max) {
                fastec_wipe(b, n);
                free(b);
                b = NULL;
                errno = EFBIG;
                break;
            }
            uint8_t *nb = malloc(cap * 2); /* not realloc: the old copy is wiped */
            if (!nb) {
                fastec_wipe(b, n);
                free(b);
                b = NULL;
                break;
            }
            memcpy(nb, b, n);
            fastec_wipe(b, n);
            free(b);
            b = nb;
            cap *= 2;
        }
        size_t r = fread(b + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    int err = b && ferror(f);
    if (f != stdin) fclose(f);
    if (!b || err) {
        if (b) fastec_wipe(b, n);
        free(b);
        if (err) errno = EIO;
        return -1;
    }
    *out = b;
    *len = n;
    return 0;
}

/* ---- output ---- */

static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            if (w == 0) errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: N; otherwise -1 */
static int fd_of_path(const char *path)
{
    if (!strcmp(path, "/dev/stdout")) return 1;
    if (!strcmp(path, "/dev/stderr")) return 2;
    const char *num = NULL;
    if (!strncmp(path, "/dev/fd/", 8)) num = path + 8;
    else if (!strncmp(path, "/proc/self/fd/", 14)) num = path + 14;
    if (!num || !*num) return -1;
    long v = 0;
    for (const char *q = num; *q; q++) {
        if (*q < '0' || *q > '9' || v > 100000) return -1;
        v = v * 10 + (*q - '0');
    }
    return (int)v;
}

static mode_t current_umask(void)
{
    mode_t u = umask(077);
    umask(u);
    return u;
}

/* ---- signals: what an interrupted write or prompt leaves behind ----
 * While a temporary output file exists or the terminal's echo is off, every
 * signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1/2, SIGXFSZ, SIGXCPU, SIGVTALRM,
 * SIGPROF, SIGIO, SIGPWR, SIGSYS, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGILL,
 * SIGSEGV, SIGSTKFLT, the real-time signals: whatever the platform has)
 * removes the file and restores the terminal, then ends the process by the
 * same signal. The tool writes one output at a time, so this state is one
 * file name and one terminal; the signals are blocked while it changes. A
 * signal the process ignores (nohup) stays ignored. SIGKILL cannot be
 * caught: it can leave the temporary file (".fastec-" and six random
 * characters, mode 0600, never holding more than the output would)
 * beside the target, as fastec(1) says. */
static const int fatal_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGSEGV,
#ifdef SIGXFSZ
    SIGXFSZ,
#endif
#ifdef SIGXCPU
    SIGXCPU,
#endif
#ifdef SIGVTALRM
    SIGVTALRM,
#endif
#ifdef SIGPROF
    SIGPROF,
#endif
#ifdef SIGIO
    SIGIO,
#endif
#ifdef SIGPWR
    SIGPWR,
#endif
#ifdef SIGSYS
    SIGSYS,
#endif
#ifdef SIGTRAP
    SIGTRAP,
#endif
#ifdef SIGSTKFLT
    SIGSTKFLT,
#endif
#ifdef SIGEMT
    SIGEMT,
#endif
#ifdef SIGLOST
    SIGLOST,
#endif
};
static char *volatile pending_tmp;
static volatile sig_atomic_t pending_tty = -1;
static struct termios pending_tty_mode;

/* the signals above and the real-time ones (whose default action ends the process too) */
static void fatal_set(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++) sigaddset(set, fatal_signals[i]);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int s = SIGRTMIN; s <= SIGRTMAX; s++) sigaddset(set, s);
#endif
}

static void on_fatal_signal(int sig)
{
    char *t = pending_tmp;
    if (t) unlink(t);
    if (pending_tty >= 0) tcsetattr(pending_tty, TCSANOW, &pending_tty_mode);
    signal(sig, SIG_DFL);
    raise(sig); /* delivered when the handler returns: the default action */
}

/* blocks the signals (the old mask in *old) and installs the handler once */
static void signals_hold(sigset_t *old)
{
    static int installed;
    sigset_t set;
    fatal_set(&set);
    sigprocmask(SIG_BLOCK, &set, old);
    if (installed) return;
    installed = 1;
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa, prev;
        if (!sigismember(&set, sig) || sigaction(sig, NULL, &prev) != 0 || prev.sa_handler == SIG_IGN) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sa.sa_mask = set;
        sigaction(sig, &sa, NULL);
    }
}

static void signals_release(const sigset_t *old) { sigprocmask(SIG_SETMASK, old, NULL); }

/* ---- files: replaced whole, or written through ---- */

static int refuse_foreign(const char *path, const struct stat *st)
{
    char msg[160];
    snprintf(msg, sizeof msg,
             "owned by another user (uid %lu): a private key or secret is never written into or handed to another "
             "user's file, FIFO or device; not written",
             (unsigned long)st->st_uid);
    return cli_fail(EXIT_OUTPUT, path, msg);
}

/* whether a secret may go into the non-regular file st describes (a FIFO
 * or a device): one of the caller's, one of root's (root reads every file
 * anyway: /dev/null, /dev/tty), or the terminal the caller's standard
 * streams are on (its own terminal after su or sudo belongs to the user it
 * logged in as) */
static int sink_is_callers(const struct stat *st)
{
    if (st->st_uid == geteuid() || st->st_uid == 0) return 1;
    if (!S_ISCHR(st->st_mode)) return 0;
    for (int fd = 0; fd <= 2; fd++) {
        struct stat s;
        if (fstat(fd, &s) == 0 && S_ISCHR(s.st_mode) && s.st_rdev == st->st_rdev && isatty(fd)) return 1;
    }
    return 0;
}

/* into the file path names as it is (device, FIFO, a file with other
 * links): everything that can fail before a byte changes is done first (the
 * owner check, the mode of a secret), then the file is truncated and
 * written. A secret goes into another user's file, FIFO or device never:
 * whoever reads the other end would get it. */
static int write_through(const char *path, const uint8_t *p, size_t n, int truncate, int secret)
{
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return cli_fail(EXIT_OUTPUT, path, strerror(errno));
    struct stat st;
    int ok = fstat(fd, &st) == 0, e = errno;
    if (ok && secret && (S_ISREG(st.st_mode) ? st.st_uid != geteuid() : !sink_is_callers(&st))) {
        close(fd);
        return refuse_foreign(path, &st);
    }
    if (ok && secret && S_ISREG(st.st_mode) && (st.st_mode & 077)) ok = fchmod(fd, st.st_mode & 0600) == 0;
    if (ok && truncate && S_ISREG(st.st_mode)) ok = ftruncate(fd, 0) == 0;
    ok = ok && write_all(fd, p, n) == 0;
    if (ok && S_ISREG(st.st_mode)) ok = fsync(fd) == 0;
    if (!ok) e = errno;
    if (close(fd) != 0 && ok) ok = 0, e = errno;
    if (!ok) return cli_fail(EXIT_OUTPUT, path, strerror(e));
    return 0;
}

/* a new file at path, or one replacing the regular file old describes:
 * written in full to a temporary name beside it, then renamed over it. A
 * public output keeps an existing file's owner (or, where the owner cannot
 * be kept, is written into the file); a secret belongs to the caller. */
static int replace(const char *path, const struct stat *old, const uint8_t *p, size_t n, int secret)
{
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path) + 1 : 0;
    char *tmp = malloc(dl + 16);
    if (!tmp) return cli_fail(EXIT_OUTPUT, path, "out of memory");
    memcpy(tmp, path, dl);
    /* mkstemp's template, beside the target: its length does not depend on
     * the target's name, so a target named with 255 bytes still works */
    memcpy(tmp + dl, ".fastec-XXXXXX", 15);
    sigset_t held;
    signals_hold(&held);
    int fd = mkstemp(tmp); /* created 0600 */
    if (fd < 0) {
        int e = errno;
        signals_release(&held);
        free(tmp);
        if (old && (e == EACCES || e == EPERM || e == EROFS))
            return cli_fail(EXIT_OUTPUT, path,
                            "its directory is not writable, so the file cannot be replaced whole: not written");
        return cli_fail(EXIT_OUTPUT, path, strerror(e));
    }
    pending_tmp = tmp;
    signals_release(&held);
    mode_t mode;
    if (old) mode = secret ? (old->st_mode & 0600) : (old->st_mode & 07777);
    else mode = secret ? 0600 : (0666 & ~current_umask());
    int ok = 1, e = 0, through = 0;
    if (old && !secret && (old->st_uid != geteuid() || old->st_gid != getegid()) &&
        fchown(fd, old->st_uid, old->st_gid) != 0)
        through = 1; /* the owner cannot be kept: write into the file itself instead */
    if (!through) {
        ok = fchmod(fd, mode) == 0;
        ok = ok && write_all(fd, p, n) == 0;
        ok = ok && fsync(fd) == 0;
        if (!ok) e = errno;
    }
    if (close(fd) != 0 && ok) ok = 0, e = errno;
    signals_hold(&held);
    if (ok && !through && rename(tmp, path) != 0) ok = 0, e = errno;
    if (!ok || through) unlink(tmp);
    pending_tmp = NULL;
    signals_release(&held);
    free(tmp);
    if (through) return write_through(path, p, n, 1, 0);
    if (!ok && secret && old && old->st_uid != geteuid() && (e == EPERM || e == EACCES)) return refuse_foreign(path, old);
    return ok ? 0 : cli_fail(EXIT_OUTPUT, path, strerror(e));
}

int cli_write_out(const char *path, const uint8_t *p, size_t n, int secret)
{
    if (!path || !strcmp(path, "-")) path = "/dev/stdout";
    int fdn = fd_of_path(path);
    if (fdn >= 0) {
        struct stat st;
        fflush(NULL);
        if (fstat(fdn, &st) != 0) return cli_fail(EXIT_OUTPUT, path, strerror(errno));
        if (write_all(fdn, p, n) != 0) return cli_fail(EXIT_OUTPUT, path, strerror(errno));
        return 0;
    }
    struct stat st;
    if (lstat(path, &st) != 0) {
        if (errno != ENOENT) return cli_fail(EXIT_OUTPUT, path, strerror(errno));
        return replace(path, NULL, p, n, secret);
    }
    char *resolved = NULL;
    const char *target = path;
    if (S_ISLNK(st.st_mode)) {
        if (stat(path, &st) != 0)
            return cli_fail(EXIT_OUTPUT, path,
                            errno == ENOENT ? "a symbolic link to nothing: not followed, not replaced" : strerror(errno));
        if (S_ISREG(st.st_mode)) {
            resolved = realpath(path, NULL);
            if (!resolved) return cli_fail(EXIT_OUTPUT, path, strerror(errno));
            target = resolved;
        }
    }
    int rc;
    if (S_ISDIR(st.st_mode)) rc = cli_fail(EXIT_OUTPUT, path, "is a directory");
    else if (S_ISBLK(st.st_mode)) rc = cli_fail(EXIT_OUTPUT, path, "is a block device: not written");
    else if (S_ISSOCK(st.st_mode))
        rc = cli_fail(EXIT_OUTPUT, path, "is a socket: not written (files, character devices and FIFOs are)");
    else if (!S_ISREG(st.st_mode)) rc = write_through(path, p, n, 0, secret); /* character device, FIFO */
    else if (!(st.st_mode & 0222) || access(target, W_OK) != 0)
        rc = cli_fail(EXIT_OUTPUT, path, "the file is read-only (Permission denied): not replaced");
    else if (st.st_nlink > 1) rc = write_through(target, p, n, 1, secret); /* keep the hard links */
    else rc = replace(target, &st, p, n, secret);
    free(resolved);
    return rc;
}

/* ---- passphrases ---- */

/* the first line from fd (without its end of line); -1 when too long */
static int read_line(int fd, char *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    for (;;) {
        char ch;
        ssize_t r = read(fd, &ch, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0 || ch == '\n') break;
        if (n + 1 >= cap) {
            errno = ENAMETOOLONG;
            return -1;
        }
        buf[n++] = ch;
    }
    if (n && buf[n - 1] == '\r') n--;
    buf[n] = 0;
    *len = n;
    return 0;
}

static int from_terminal(const char *prompt, char *buf, size_t cap, size_t *len)
{
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct termios t, quiet;
    sigset_t held;
    signals_hold(&held);
    int tty = tcgetattr(fd, &t) == 0;
    if (tty) { /* a signal from here on restores the echo */
        pending_tty_mode = t;
        pending_tty = fd;
        quiet = t;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        tcsetattr(fd, TCSANOW, &quiet);
    }
    signals_release(&held);
    int rc = write_all(fd, (const uint8_t *)prompt, strlen(prompt)) == 0 ? read_line(fd, buf, cap, len) : -1;
    signals_hold(&held);
    if (tty) tcsetattr(fd, TCSANOW, &t);
    pending_tty = -1;
    signals_release(&held);
    (void)!write(fd, "\n", 1);
    close(fd);
    return rc;
}

int cli_passphrase(const char *source, const char *file, const char *prompt, int confirm, char *buf, size_t cap,
                   size_t *len)
{
    if (!source) {
        if (from_terminal(prompt, buf, cap, len) != 0) {
            if (errno == ENAMETOOLONG) return cli_fail(EXIT_USAGE, NULL, "passphrase too long");
            if (file)
                return cli_fail(EXIT_INPUT, file,
                                "an encrypted private key, and no passphrase: give -passin SRC (pass:, env:, file:, "
                                "fd:, stdin); there is no terminal to ask on");
            return cli_fail(EXIT_USAGE, NULL,
                            "a passphrase is needed and there is no terminal to ask on: give -passout SRC (pass:, "
                            "env:, file:, fd:, stdin)");
        }
        if (confirm) {
            char again[1024];
            size_t al = 0;
            char p2[256];
            snprintf(p2, sizeof p2, "Verifying - %s", prompt);
            int bad = from_terminal(p2, again, sizeof again, &al) != 0 || al != *len || memcmp(again, buf, al);
            fastec_wipe(again, sizeof again);
            if (bad) {
                fastec_wipe(buf, cap);
                return cli_fail(EXIT_USAGE, NULL, "the passphrases differ");
            }
        }
        return 0;
    }
    if (!strncmp(source, "pass:", 5)) {
        size_t n = strlen(source + 5);
        if (n + 1 > cap) return cli_fail(EXIT_USAGE, NULL, "passphrase too long");
        memcpy(buf, source + 5, n + 1);
        *len = n;
        return 0;
    }
    if (!strncmp(source, "env:", 4)) {
        const char *v = getenv(source + 4);
        if (!v) return cli_fail(EXIT_USAGE, source, "the environment variable is not set");
        size_t n = strlen(v);
        if (n + 1 > cap) return cli_fail(EXIT_USAGE, source, "passphrase too long");
        memcpy(buf, v, n + 1);
        *len = n;
        return 0;
    }
    int fd = -1, own = 0;
    if (!strncmp(source, "file:", 5)) {
        fd = open(source + 5, O_RDONLY | O_CLOEXEC);
        if (fd < 0) return cli_fail(EXIT_USAGE, source + 5, strerror(errno));
        own = 1;
    } else if (!strncmp(source, "fd:", 3)) {
        char *end;
        long v = strtol(source + 3, &end, 10);
        if (end == source + 3 || *end || v < 0 || v > INT_MAX) return cli_fail(EXIT_USAGE, source, "not a file descriptor");
        fd = (int)v;
    } else if (!strcmp(source, "stdin")) {
        fd = 0;
    } else {
        return cli_fail(EXIT_USAGE, source, "passphrase source must be pass:TEXT, env:VAR, file:PATH, fd:N or stdin");
    }
    int rc = read_line(fd, buf, cap, len);
    int e = errno;
    if (own) close(fd);
    if (rc) return cli_fail(EXIT_USAGE, source, e == ENAMETOOLONG ? "passphrase too long" : strerror(e));
    return 0;
}
