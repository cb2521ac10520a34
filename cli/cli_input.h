/* SPDX-License-Identifier: Apache-2.0 */
/* What main.c gives every command: its whole input, or one clear message. */
#ifndef LEPACK_CLI_CLI_INPUT_H
#define LEPACK_CLI_CLI_INPUT_H

#include <stddef.h>

/* The whole of stdin in *data (free with free()), *len bytes: 0.  On a read
 * error or when memory runs out: a message on stderr ("lepack: cannot read
 * input: ..." or "lepack: out of memory"), nothing kept, 1. */
int cli_read_input(char **data, size_t *len);

#endif
