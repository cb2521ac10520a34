/* SPDX-License-Identifier: Apache-2.0 */
/* The text forms behind the lepack command: item lines and hex.
 *
 * Item lines are "PART INIT UPDATES": three signed decimal numbers
 * (-?[0-9]+, in range for int32, int64, int64) separated by one space, each
 * line ended by '\n' (the last one may omit it).  Hex is pairs of hex digits
 * (either case); ASCII whitespace anywhere in hex text is ignored.
 *
 * The parsers stop at the first problem and describe it in a text_error:
 * what is wrong and where (1-based line for item lines, 0-based byte offset
 * for hex). */
#ifndef LEPACK_TEXT_H
#define LEPACK_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "counters.h"

typedef struct text_error {
    size_t where;    /* line (items) or byte offset (hex) */
    char what[160];  /* e.g. "int32 out of range: 2147483648" */
} text_error;

/* Adds every line of text[0 .. len) to m, which must be empty.  Returns 0,
 * or -1 with *err filled in and m emptied again. */
int text_parse_items(const char *text, size_t len, lepack_counters *m, text_error *err);

/* Decodes hex text into a new buffer (free with free()).  Returns 0 with
 * *out (NULL when *out_len is 0) and *out_len, or -1 with *err filled in. */
int text_parse_hex(const char *text, size_t len, uint8_t **out, size_t *out_len,
                   text_error *err);

/* Formats item i as "PART INIT UPDATES\n" into line (at least
 * TEXT_ITEM_LINE_MAX bytes); returns the length written, excluding the NUL,
 * or 0 (and an empty line) when i is not an item of m. */
#define TEXT_ITEM_LINE_MAX 64
size_t text_format_item(const lepack_counters *m, size_t i, char *line);

#endif
