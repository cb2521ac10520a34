/* SPDX-License-Identifier: Apache-2.0 */
/* What main.c gives every command: its input, named by the command's FILE
 * operand ("-" or none: stdin), or one clear message.
 *
 * The input is opened, read in chunks and closed; cli_read_input, which
 * the commands use today (they check all of the input before writing),
 * is built on those chunks, so a command that streams can take them one
 * at a time instead without another way of opening or naming its input. */
#ifndef LEPACK_CLI_CLI_INPUT_H
#define LEPACK_CLI_CLI_INPUT_H

#include <stddef.h>
#include <stdio.h>

typedef struct cli_input {
    FILE *f;
    const char *path; /* as given on the command line; NULL for stdin */
} cli_input;

/* Opens path (NULL or "-": stdin): 0, or a message on stderr naming the
 * file and errno's text ("lepack: cannot read 'x': No such file or
 * directory") and 1. */
int cli_input_open(cli_input *in, const char *path);

/* Up to cap bytes into buf, *got of them (0 only at the end of the input):
 * 0, or on a read error a message as cli_input_open's and 1. */
int cli_input_read(cli_input *in, void *buf, size_t cap, size_t *got);

/* Closes a file (stdin stays open). */
void cli_input_close(cli_input *in);

/* The whole input named by path (as cli_input_open) in *data (free with
 * free()), *len bytes: 0.  On a read error or when memory runs out: a
 * message on stderr (as above, or "lepack: out of memory"), nothing kept,
 * 1. */
int cli_read_input(const char *path, char **data, size_t *len);

#endif
