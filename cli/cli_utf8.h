/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 ...`: Java strings between UTF-16LE and (modified) UTF-8. */
#ifndef LEPACK_CLI_CLI_UTF8_H
#define LEPACK_CLI_CLI_UTF8_H

/* The summary line main.c's usage shows for this command. */
#define CLI_UTF8_USAGE_LINE \
    "       lepack utf8 encode|decode [--strict] [--mutf8] [--hex]\n"

/* Runs `lepack utf8 ARGS...`: argv[0] is "utf8".  Returns the exit status:
 * 0 done, 1 bad input (message on stderr, nothing on stdout), 2 bad usage.
 * Output goes to stdout through stdio; the caller checks it was written
 * (main.c's out_finish: a write error is exit status 1). */
int cli_utf8(int argc, char **argv);

#endif
