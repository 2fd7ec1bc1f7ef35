/* SPDX-License-Identifier: Apache-2.0 */
/* The fastec tool's files and passphrases (cli_io.c). */
#ifndef FASTEC_APPS_CLI_IO_H
#define FASTEC_APPS_CLI_IO_H

#include <stddef.h>
#include <stdint.h>

enum { EXIT_VERIFY_FAIL = 1, EXIT_USAGE = 2, EXIT_INPUT = 3, EXIT_OUTPUT = 4 };

/* the subcommand's name, for messages */
extern const char *cli_cmd;

/* "fastec CMD: WHAT: MSG" (or without WHAT) on stderr; returns code */
int cli_fail(int code, const char *what, const char *msg);

/* The whole file (stdin for NULL or "-") into a heap buffer, at most max
 * bytes; -1 with errno set on failure. */
int cli_read_all(const char *path, uint8_t **out, size_t *len, size_t max);

/* Writes p[0..n) to path (stdout for NULL or "-"), whole or not at all, and
 * reports a failure (exit code 4 returned). secret: the output is a private
 * key or a shared secret (mode 0600), otherwise the umask applies.
 *  - missing path: a temporary file in the same directory, renamed into place;
 *  - regular file: the same, keeping its owner and mode (secret: never wider
 *    than 0600); written in place when it has other hard links or its owner
 *    cannot be kept; refused when read-only;
 *  - /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the open file
 *    descriptor itself;
 *  - a character device, FIFO or socket (and a symbolic link to one): written
 *    through, never replaced; a symbolic link to a regular file: the file it
 *    names is replaced as above, the link kept;
 *  - a directory, block device or dangling link: refused. */
int cli_write_out(const char *path, const uint8_t *p, size_t n, int secret);

/* Passphrase from an openssl-style source: "pass:TEXT", "env:VAR",
 * "file:PATH" and "fd:N" (first line), "stdin" (first line of standard
 * input); NULL asks on the terminal (twice when confirm). buf holds cap
 * bytes, the result is NUL-terminated and its length in *len. Returns 0 or
 * an exit code (message printed; naming file, the encrypted key being read,
 * when there is no terminal to ask on). */
int cli_passphrase(const char *source, const char *file, const char *prompt, int confirm, char *buf, size_t cap,
                   size_t *len);

#endif
