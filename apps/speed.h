/* SPDX-License-Identifier: Apache-2.0 */
/* Subcommands of the fastec tool. */
#ifndef FASTEC_APPS_SPEED_H
#define FASTEC_APPS_SPEED_H

int speed_main(int argc, char **argv);
int dudect_main(int argc, char **argv);
/* whether the system's OpenSSL configuration runs the provider (provcheck.c) */
int provcheck_main(int argc, char **argv);
/* keygen, pkey, pubkey, sign, verify, derive, curves, version; -1 if name is none of them */
int cli_main(const char *name, int argc, char **argv);

#endif
