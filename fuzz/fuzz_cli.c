/* SPDX-License-Identifier: Apache-2.0 */
/* cli: the text forms of the lepack command on arbitrary text.
 *
 * Item lines are checked against a line parser written here from the
 * grammar in cli/text.h (three -?[0-9]+ fields in range, one space apart,
 * '\n' after each line but maybe the last): both must accept the same texts,
 * give the same numbers, and blame the same line.  Accepted items must
 * format as printf would and parse back to the same wire bytes.  Hex is
 * checked the same way against a decoder that drops ASCII whitespace and
 * pairs the remaining digits, then round-tripped. */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "text.h"

#include "fuzz_check.h"

/* --- the grammar, restated ------------------------------------------------ */

/* The first magnitude out of range, as text, [wide][negative]: an int32
 * (wide 0) or int64 (wide 1) field must stay below it. */
static const char *const spec_limit[2][2] = {
    {"2147483648", "2147483649"},
    {"9223372036854775808", "9223372036854775809"},
};

/* One field of -?[0-9]+ within the int32 or int64 range; returns 0 when it
 * is not.  The range is decided on the text, not by arithmetic: the digits
 * without their leading zeros are in range when they are fewer than the
 * limit's, or as many and below it (memcmp).  Besides restating the rule
 * another way, this puts the first value out of range in a comparison the
 * fuzzers see: libFuzzer's memcmp hook and AFL++'s CmpLog take its bytes
 * from there, so they try 2147483648 and 9223372036854775808 without a
 * dictionary.  The memcmp runs on every number, so that even a short one
 * shows the limit's first digits. */
static int spec_number(const char *s, size_t n, int wide, int64_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < n && s[i] == '-') {
        neg = 1;
        i++;
    }
    if (i == n)
        return 0;
    for (size_t k = i; k < n; k++)
        if (s[k] < '0' || s[k] > '9')
            return 0;
    while (i + 1 < n && s[i] == '0')
        i++;
    const char *limit = spec_limit[wide][neg];
    size_t len = n - i, llen = strlen(limit);
    int cmp = memcmp(s + i, limit, len < llen ? len : llen);
    if (len > llen || (len == llen && cmp >= 0))
        return 0;
    uint64_t mag = 0;
    for (; i < n; i++)
        mag = mag * 10 + (uint64_t)(s[i] - '0');
    if (!neg)
        *out = (int64_t)mag;
    else if (mag == 0)
        *out = 0;
    else
        *out = -(int64_t)(mag - 1) - 1;
    return 1;
}

typedef struct spec_item {
    int64_t v[3];
} spec_item;

/* Parses the whole text; returns the number of items, or 0 with *bad_line
 * (1-based) set when a line is wrong.  items has room for len / 6 + 1. */
static size_t spec_parse(const char *text, size_t len, spec_item *items, size_t *bad_line)
{
    size_t count = 0, line = 0, pos = 0;
    *bad_line = 0;
    while (pos < len) {
        line++;
        size_t end = pos;
        while (end < len && text[end] != '\n')
            end++;
        size_t start = pos;
        for (int f = 0; f < 3; f++) {
            size_t stop = start;
            while (stop < end && text[stop] != ' ')
                stop++;
            if ((f < 2 && stop == end) || (f == 2 && stop != end) ||
                !spec_number(text + start, stop - start, f > 0, &items[count].v[f])) {
                *bad_line = line;
                return 0;
            }
            start = stop + 1;
        }
        count++;
        pos = end < len ? end + 1 : end;
    }
    return count;
}

/* --- hex, restated ---------------------------------------------------------- */

static int spec_hex_digit(char c)
{
    const char *digits = "0123456789abcdef0123456789ABCDEF";
    const char *p = c != '\0' ? strchr(digits, c) : NULL;
    return p == NULL ? -1 : (int)((p - digits) % 16);
}

/* 0 on success with out[0 .. *n); -1 with the offset of the blamed byte. */
static int spec_hex(const char *text, size_t len, uint8_t *out, size_t *n, size_t *where)
{
    size_t count = 0, digit_pos = 0;
    int pending = -1;
    for (size_t i = 0; i < len; i++) {
        if (strchr(" \t\n\r\v\f", text[i]) != NULL && text[i] != '\0')
            continue;
        int d = spec_hex_digit(text[i]);
        if (d < 0) {
            *where = i;
            return -1;
        }
        if (pending < 0) {
            pending = d;
            digit_pos = i;
        } else {
            out[count++] = (uint8_t)(pending * 16 + d);
            pending = -1;
        }
    }
    if (pending >= 0) {
        *where = digit_pos;
        return -1;
    }
    *n = count;
    return 0;
}

static void check_error(const char *what, const text_error *err)
{
    if (err->what[0] == '\0' || memchr(err->what, '\0', sizeof err->what) == NULL)
        FZ_FAIL("%s: error text empty or not terminated", what);
}

static void check_items(const char *text, size_t len)
{
    lepack_counters m, back;
    if (lepack_counters_init(&m, 0, 0) != LEPACK_OK || lepack_counters_init(&back, 0, 0) != LEPACK_OK)
        abort();
    spec_item *items = malloc((len / 6 + 1) * sizeof *items);
    if (items == NULL)
        abort();
    size_t bad_line = 0;
    size_t want = spec_parse(text, len, items, &bad_line);

    text_error err;
    memset(&err, 0, sizeof err);
    int rc = text_parse_items(text, len, &m, &err);
    FZ_EQ_I(0, "text_parse_items result (spec: 0 unless a line is wrong)", rc,
            bad_line != 0 ? -1 : 0);
    if (rc != 0) {
        check_error("text_parse_items", &err);
        FZ_EQ_U(0, "text_parse_items error line", err.where, bad_line);
        FZ_EQ_U(0, "items left after an error", lepack_counters_size(&m), 0);
    } else {
        FZ_EQ_U(0, "item count", lepack_counters_size(&m), want);
        size_t cap = want * TEXT_ITEM_LINE_MAX + 1, used = 0;
        char *lines = malloc(cap);
        if (lines == NULL)
            abort();
        for (size_t i = 0; i < want; i++) {
            int32_t part = 0;
            int64_t init = 0, upd = 0;
            lepack_counters_partition(&m, i, &part);
            lepack_counters_initial_counter(&m, i, &init);
            lepack_counters_updates_count(&m, i, &upd);
            FZ_EQ_I(i, "partition", part, items[i].v[0]);
            FZ_EQ_I(i, "initial counter", init, items[i].v[1]);
            FZ_EQ_I(i, "updates count", upd, items[i].v[2]);

            char line[TEXT_ITEM_LINE_MAX], expect[TEXT_ITEM_LINE_MAX];
            size_t n = text_format_item(&m, i, line);
            int e = snprintf(expect, sizeof expect, "%" PRId32 " %" PRId64 " %" PRId64 "\n",
                             part, init, upd);
            FZ_EQ_U(i, "formatted length", n, (size_t)e);
            FZ_EQ_BYTES(i, "formatted line", line, expect, n + 1);
            memcpy(lines + used, line, n);
            used += n;
        }
        memset(&err, 0, sizeof err);
        FZ_EQ_I(0, "parse of the formatted lines", text_parse_items(lines, used, &back, &err), 0);
        size_t a = 0, b = 0;
        const uint8_t *wa = lepack_counters_wire(&m, &a);
        const uint8_t *wb = lepack_counters_wire(&back, &b);
        FZ_EQ_U(0, "round trip size", b, a);
        if (a > 0)
            FZ_EQ_BYTES(0, "round trip wire", wb, wa, a);
        free(lines);
    }
    free(items);
    lepack_counters_free(&m);
    lepack_counters_free(&back);
}

static void check_hex(const char *text, size_t len)
{
    uint8_t *want = malloc(len / 2 + 1);
    if (want == NULL)
        abort();
    size_t want_n = 0, want_where = 0;
    int want_rc = spec_hex(text, len, want, &want_n, &want_where);

    uint8_t *out = (uint8_t *)&want_n; /* must be replaced or left alone */
    size_t n = 777;
    text_error err;
    memset(&err, 0, sizeof err);
    int rc = text_parse_hex(text, len, &out, &n, &err);
    FZ_EQ_I(0, "text_parse_hex result", rc, want_rc);
    if (rc != 0) {
        check_error("text_parse_hex", &err);
        FZ_EQ_U(0, "text_parse_hex error offset", err.where, want_where);
    } else {
        FZ_EQ_U(0, "hex length", n, want_n);
        if ((n == 0) != (out == NULL))
            FZ_FAIL("text_parse_hex: %zu bytes at %p", n, (void *)out);
        if (n > 0)
            FZ_EQ_BYTES(0, "hex bytes", out, want, n);
        /* Back to text with mixed case and separators, and parsed again. */
        char *hex = malloc(3 * n + 1);
        if (hex == NULL)
            abort();
        size_t h = 0;
        for (size_t i = 0; i < n; i++) {
            const char *digits = (i % 2) ? "0123456789ABCDEF" : "0123456789abcdef";
            hex[h++] = digits[out[i] >> 4];
            hex[h++] = digits[out[i] & 15];
            if (i % 3 == 2)
                hex[h++] = (i % 2) ? '\n' : ' ';
        }
        uint8_t *again = NULL;
        size_t again_n = 0;
        FZ_EQ_I(0, "parse of formatted hex", text_parse_hex(hex, h, &again, &again_n, &err), 0);
        FZ_EQ_U(0, "hex round trip length", again_n, n);
        if (n > 0)
            FZ_EQ_BYTES(0, "hex round trip", again, out, n);
        free(again);
        free(hex);
        free(out);
    }
    free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy: the parsers take (text, len), not a C string. */
    char *text = calloc(size > 0 ? size : 1, 1);
    if (text == NULL)
        abort();
    if (size > 0)
        memcpy(text, data, size);
    check_items(text, size);
    check_hex(text, size);
    free(text);
    return 0;
}
