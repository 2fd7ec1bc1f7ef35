/* SPDX-License-Identifier: Apache-2.0 */
/* The fastec command-line tool: dispatch to subcommands. */
#include <stdio.h>
#include <string.h>

#include "fastec.h"
#include "speed.h"

static int usage(FILE *f)
{
    fprintf(f,
            "usage: fastec <command> [options]   (fastec <command> -h for its options; man fastec)\n"
            "commands:\n"
            "  keygen -curve NAME [-out FILE] [-format pem|der] [-pkcs8] [-aes128|-aes256 [-passout SRC]]\n"
            "                    a new private key (encrypted PKCS#8 with -aes128/-aes256)\n"
            "  pkey [-in FILE] [-pubin] [-out FILE] [-pubout] [-text] [-noout] [-check] ...\n"
            "                    convert, inspect, check, encrypt or decrypt a key\n"
            "  pubkey -in KEY [-out FILE] [-compressed] [-format pem|der]\n"
            "  sign -key KEY [-in FILE | -digest HEX|FILE] [-hash NAME|none] [-out FILE] [-raw]\n"
            "  verify -pub KEY [-in FILE | -digest HEX|FILE] -sig FILE [-hash NAME|none] [-raw]\n"
            "  derive -key KEY -peer PUBKEY [-out FILE] [-cofactor] [-binary|-hex]\n"
            "  speed [ecdh|ecdsa] [curve...] [-seconds N] [-json] [-provider [-provider-path DIR]]\n"
            "                    ECDH op/s, ECDSA sign/s and verify/s, beside OpenSSL's\n"
            "                    (and through fastec's OpenSSL provider with -provider)\n"
            "  curves            the curves, every name each is known by, and the backend used here\n"
            "  version           the version and the backends this CPU runs\n"
            "  provider-check    whether the system's OpenSSL configuration runs fastec's provider, what it\n"
            "                    serves on this CPU, and why not (exit 0 when active and preferred)\n"
            "  dudect [curve...] [-samples N]\n"
            "                    statistical timing check (Welch's t, fixed vs random keys)\n"
            "passphrase sources (-passin, -passout): pass:TEXT, env:VAR, file:PATH, fd:N, stdin\n");
    fprintf(f, "exit codes: 0 ok, 1 verification failure, 2 usage, 3 bad input, 4 output not written\n");
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "speed")) return speed_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "dudect")) return dudect_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "provider-check")) return provcheck_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-version")) return cli_main("version", 1, argv + 1);
    int rc = cli_main(argv[1], argc - 1, argv + 1);
    if (rc >= 0) return rc;
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) return usage(stdout);
    fprintf(stderr, "fastec: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
