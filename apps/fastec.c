/* The fastec command-line tool: dispatch to subcommands. */
#include <stdio.h>
#include <string.h>

#include "fastec.h"
#include "speed.h"

static int usage(FILE *f)
{
    fprintf(f,
            "usage: fastec <command> [options]   (fastec <command> -h for its options)\n"
            "commands:\n"
            "  keygen -curve NAME [-out FILE] [-format pem|der] [-pkcs8]\n"
            "  pubkey -in KEY [-out FILE] [-compressed] [-format pem|der]\n"
            "  sign -key KEY [-in FILE] [-hash sha256|...] [-out FILE] [-raw]\n"
            "  verify -pub KEY [-in FILE] -sig FILE [-hash sha256|...] [-raw]\n"
            "  derive -key KEY -peer PUBKEY [-out FILE] [-cofactor]\n"
            "  speed [ecdh|ecdsa] [curve...] [-seconds N] [-json] [-provider [-provider-path DIR]]\n"
            "                    ECDH op/s, ECDSA sign/s and verify/s, beside OpenSSL's\n"
            "                    (and through fastec's OpenSSL provider with -provider)\n"
            "  curves            list the supported curves and the backend used here\n"
            "  dudect [curve...] [-samples N]\n"
            "                    statistical timing check (Welch's t, fixed vs random keys)\n");
    fprintf(f, "exit codes: 0 ok, 1 verification failure, 2 usage, 3 bad input, 4 output not written\n");
    return f == stderr ? 2 : 0;
}

static int cmd_curves(void)
{
    printf("%-10s %6s %6s  %s\n", "curve", "field", "scalar", "backend");
    for (size_t i = 0; i < fastec_curve_count(); i++) {
        const fastec_curve *c = fastec_curve_at(i);
        printf("%-10s %6zu %6zu  %s\n", fastec_curve_name(c), fastec_curve_field_size(c),
               fastec_curve_scalar_size(c), fastec_curve_backend(c));
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "speed")) return speed_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "curves")) return cmd_curves();
    if (!strcmp(argv[1], "dudect")) return dudect_main(argc - 1, argv + 1);
    int rc = cli_main(argv[1], argc - 1, argv + 1);
    if (rc >= 0) return rc;
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) return usage(stdout);
    fprintf(stderr, "fastec: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
