/* SPDX-License-Identifier: Apache-2.0 */
#include "text.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>


/* Shows a byte in an error message so that control characters stay visible. */
static void describe_byte(char *out, size_t cap, unsigned char c)
{
    if (c >= 0x20 && c < 0x7f)
        snprintf(out, cap, "'%c'", c);
    else
        snprintf(out, cap, "byte 0x%02x", c);
}

static void set_error(text_error *err, size_t where, const char *what)
{
    err->where = where;
    snprintf(err->what, sizeof err->what, "%s", what);
}

/* A field of a line, [start, end). */
typedef struct field {
    const char *start;
    size_t len;
} field;

/* Reads -?[0-9]+ in [min, max] into *out.  Returns 0, or -1 with a
 * description of what is wrong with the field in what[]. */
static int parse_decimal(field f, int64_t min, int64_t max, const char *name,
                         const char *type, int64_t *out, char *what, size_t what_cap)
{
    size_t i = 0;
    int negative = 0;
    if (f.len > 0 && f.start[0] == '-') {
        negative = 1;
        i = 1;
    }
    if (i == f.len) {
        snprintf(what, what_cap, "%s: expected an %s number, found %s", name, type,
                 f.len == 0 ? "nothing" : "'-' alone");
        return -1;
    }
    /* The magnitude, capped just above what any int64 can take. */
    uint64_t limit = negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    uint64_t mag = 0;
    int too_big = 0;
    for (; i < f.len; i++) {
        unsigned char c = (unsigned char)f.start[i];
        if (c < '0' || c > '9') {
            char b[16];
            describe_byte(b, sizeof b, c);
            snprintf(what, what_cap, "%s: expected a digit, found %s", name, b);
            return -1;
        }
        unsigned d = (unsigned)(c - '0');
        if (!too_big && mag <= (limit - d) / 10)
            mag = mag * 10 + d;
        else
            too_big = 1;
    }
    int64_t v = 0;
    if (!too_big)
        v = negative ? (mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag)
                     : (int64_t)mag;
    if (too_big || v < min || v > max) {
        int shown = f.len > 40 ? 40 : (int)f.len;
        snprintf(what, what_cap, "%s: out of range for %s: %.*s%s", name, type, shown, f.start,
                 f.len > 40 ? "..." : "");
        return -1;
    }
    *out = v;
    return 0;
}

static const char *const field_names[3] = {"partition", "initial counter", "updates count"};

/* Splits one line (no '\n') into three fields at single spaces. */
static int split_line(const char *line, size_t len, field f[3], char *what, size_t what_cap)
{
    if (len == 0) {
        snprintf(what, what_cap, "empty line; expected \"PART INIT UPDATES\"");
        return -1;
    }
    size_t pos = 0;
    for (int k = 0; k < 3; k++) {
        size_t start = pos;
        while (pos < len && line[pos] != ' ')
            pos++;
        f[k].start = line + start;
        f[k].len = pos - start;
        if (f[k].len == 0) {
            snprintf(what, what_cap, "missing %s (fields are separated by exactly one space)",
                     field_names[k]);
            return -1;
        }
        if (k < 2) {
            if (pos == len) {
                snprintf(what, what_cap, "missing %s; expected \"PART INIT UPDATES\"",
                         field_names[k + 1]);
                return -1;
            }
            pos++; /* the one space */
        }
    }
    if (pos != len) {
        snprintf(what, what_cap, "unexpected text after updates count");
        return -1;
    }
    return 0;
}

int text_parse_items(const char *text, size_t len, lepack_counters *m, text_error *err)
{
    size_t pos = 0;
    size_t lineno = 0;
    while (pos < len) {
        lineno++;
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        field f[3];
        int64_t part = 0, init = 0, upd = 0;
        char what[sizeof err->what];
        int bad = split_line(text + pos, end - pos, f, what, sizeof what);
        if (!bad)
            bad = parse_decimal(f[0], INT32_MIN, INT32_MAX, field_names[0], "int32", &part, what,
                                sizeof what);
        if (!bad)
            bad = parse_decimal(f[1], INT64_MIN, INT64_MAX, field_names[1], "int64", &init, what,
                                sizeof what);
        if (!bad)
            bad = parse_decimal(f[2], INT64_MIN, INT64_MAX, field_names[2], "int64", &upd, what,
                                sizeof what);
        if (!bad) {
            lepack_status st = lepack_counters_add(m, (int32_t)part, init, upd);
            if (st != LEPACK_OK) {
                snprintf(what, sizeof what, "%s", lepack_strerror(st));
                bad = 1;
            }
        }
        if (bad) {
            set_error(err, lineno, what);
            lepack_counters_clear(m);
            return -1;
        }
        pos = end < len ? end + 1 : end;
    }
    return 0;
}

static int hex_digit(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int text_parse_hex(const char *text, size_t len, uint8_t **out, size_t *out_len,
                   text_error *err)
{
    uint8_t *bytes = NULL;
    if (len / 2 > 0) {
        bytes = malloc(len / 2);
        if (bytes == NULL) {
            set_error(err, 0, "out of memory");
            return -1;
        }
    }
    size_t n = 0;
    int high = -1;        /* first digit of a pair still waiting for its second */
    size_t high_pos = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (is_space(c))
            continue;
        int d = hex_digit(c);
        if (d < 0) {
            char b[16], what[64];
            describe_byte(b, sizeof b, c);
            snprintf(what, sizeof what, "invalid hex character %s", b);
            set_error(err, i, what);
            free(bytes);
            return -1;
        }
        if (high < 0) {
            high = d;
            high_pos = i;
        } else {
            bytes[n++] = (uint8_t)(high * 16 + d);
            high = -1;
        }
    }
    if (high >= 0) {
        set_error(err, high_pos, "odd number of hex digits: this digit has no partner");
        free(bytes);
        return -1;
    }
    *out = bytes;
    *out_len = n;
    if (n == 0) {
        free(bytes);
        *out = NULL;
    }
    return 0;
}

size_t text_format_item(const lepack_counters *m, size_t i, char *line)
{
    int32_t part = 0;
    int64_t init = 0, upd = 0;
    if (lepack_counters_partition(m, i, &part) != LEPACK_OK ||
        lepack_counters_initial_counter(m, i, &init) != LEPACK_OK ||
        lepack_counters_updates_count(m, i, &upd) != LEPACK_OK) {
        line[0] = '\0';
        return 0;
    }
    int n = snprintf(line, TEXT_ITEM_LINE_MAX, "%" PRId32 " %" PRId64 " %" PRId64 "\n", part,
                     init, upd);
    return n < 0 ? 0 : (size_t)n;
}
