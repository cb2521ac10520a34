/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 ...`: Java strings between UTF-16LE and (modified) UTF-8. */
#ifndef LEPACK_CLI_CLI_UTF8_H
#define LEPACK_CLI_CLI_UTF8_H

/* The summary line main.c's usage shows for this command. */
#define CLI_UTF8_USAGE_LINE \
    "       lepack utf8 encode|decode [--strict] [--mutf8] [--hex]\n"

#include <stddef.h>
#include <stdio.h>

/* Where the command reads and writes: main.c gives stdin's reader
 * (cli_input.h), stdout and stderr; the cli fuzzer gives its input and
 * memory streams. */
typedef struct cli_utf8_io {
    /* The whole input in *data (malloc'd, freed by the command), or a
     * message on err and non-zero. */
    int (*read_input)(char **data, size_t *len);
    FILE *out;
    FILE *err;
} cli_utf8_io;

/* Runs `lepack utf8 ARGS...`: argv[0] is "utf8".  Returns the exit status:
 * 0 done, 1 bad input (message on err, nothing on out), 2 bad usage.
 * Output goes to out through stdio; the caller checks it was written
 * (main.c's out_finish: a write error is exit status 1). */
int cli_utf8_run(int argc, char **argv, const cli_utf8_io *io);

#endif
