/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 ...`: Java strings between UTF-16LE and (modified) UTF-8. */
#ifndef LEPACK_CLI_CLI_UTF8_H
#define LEPACK_CLI_CLI_UTF8_H

/* The lines main.c's usage shows for this command, one a subcommand. */
#define CLI_UTF8_USAGE_LINES \
    "  utf8 encode [--strict|--mutf8] [--hex] [FILE]   UTF-16LE -> Java's UTF-8\n" \
    "  utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]\n" \
    "                                                  Java's UTF-8 -> UTF-16LE\n"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where the command reads and writes: main.c gives its reader of a FILE
 * operand or stdin (cli_input.h), stdout and stderr; the cli fuzzer gives
 * its input and memory streams. */
typedef struct cli_utf8_io {
    /* The whole input named by path (NULL or "-": stdin) in *data
     * (malloc'd, freed by the command), or a message on err and non-zero. */
    int (*read_input)(const char *path, char **data, size_t *len);
    /* The same input in pieces, for the modes that stream: open_input (0,
     * or a message on err and non-zero), read_chunk up to cap bytes into
     * buf (*got of them, 0 only at the end; non-zero after a message on a
     * read error), close_input. */
    int (*open_input)(void **h, const char *path);
    int (*read_chunk)(void *h, void *buf, size_t cap, size_t *got);
    void (*close_input)(void *h);
    FILE *out;
    FILE *err;
} cli_utf8_io;

/* Runs `lepack utf8 ARGS...`: argv[0] is "utf8".  Returns the exit status:
 * 0 done (a lossy decode that replaced ill-formed input says how much on
 * err, unless --quiet), 1 bad input (message on err; nothing on out,
 * except in the streaming modes, encode and lossy decode, where an odd
 * last byte or a read error is reported after the output of what came
 * before it), 2 bad usage.
 * Output goes to out through stdio; the caller checks it was written
 * (main.c's out_finish: a write error is exit status 1). */
int cli_utf8_run(int argc, char **argv, const cli_utf8_io *io);

/* The exit status of a usage error (an unknown option, a missing or extra
 * argument, contradictory options), for every command. */
#define CLI_EXIT_USAGE 2

/* Writes s in single quotes, for a message: a control byte, a quote or a
 * backslash as \xHH, so that a message stays one line whatever the
 * argument (main.c uses it too). */
void cli_put_quoted(FILE *f, const char *s);

/* The text offset of the first hex digit of decoded byte k in the hex text
 * text[0 .. len), which text_parse_hex accepted (digits and whitespace
 * only); len when there is no such byte.  An error in bytes decoded from
 * hex names both offsets (main.c uses it too). */
size_t cli_hex_text_offset(const uint8_t *text, size_t len, size_t k);

#endif
