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

/* --- the scanners (proven: proof unit cli) -------------------------------- */

text_status text_decimal(const char *s, size_t start, size_t end, int64_t min, int64_t max,
                         int64_t *out)
{
    size_t first = end > start && s[start] == '-' ? start + 1 : start;
    if (first == end) {
        //@ assert !text_decimal_form(s, start, end);
        return TEXT_NO_NUMBER;
    }
    /* The magnitude, capped just above what any int64 can take. */
    uint64_t limit = first > start ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    uint64_t mag = 0;
    int too_big = 0;
    /*@ loop invariant first <= i <= end;
        loop invariant text_digits(s, first, i);
        loop invariant !too_big ==> mag == text_digits_value(s, first, i) && mag <= limit;
        loop invariant too_big ==> text_digits_value(s, first, i) > limit;
        loop assigns i, mag, too_big;
        loop variant end - i; */
    for (size_t i = first; i < end; i++) {
        if (s[i] < '0' || s[i] > '9') {
            //@ assert !text_decimal_form(s, start, end);
            return TEXT_NOT_DIGIT;
        }
        unsigned d = (unsigned)(s[i] - '0');
        if (!too_big && mag <= (limit - d) / 10)
            mag = mag * 10 + d;
        else
            too_big = 1;
    }
    //@ assert form: text_decimal_form(s, start, end);
    if (too_big) {
        //@ assert text_decimal_value(s, start, end) < INT64_MIN || text_decimal_value(s, start, end) > INT64_MAX;
        //@ assert !text_decimal_in(s, start, end, min, max);
        return TEXT_OUT_OF_RANGE;
    }
    int64_t v;
    if (first == start) {
        //@ assert text_decimal_value(s, start, end) == mag;
        v = (int64_t)mag;
    } else if (mag == (uint64_t)INT64_MAX + 1) {
        //@ assert text_decimal_value(s, start, end) == INT64_MIN;
        v = INT64_MIN;
    } else {
        //@ assert text_decimal_value(s, start, end) == -mag;
        v = -(int64_t)mag;
    }
    //@ assert v == text_decimal_value(s, start, end);
    if (v < min || v > max) {
        //@ assert !text_decimal_in(s, start, end, min, max);
        return TEXT_OUT_OF_RANGE;
    }
    *out = v;
    return TEXT_OK;
}

/* The first space at or after pos, or n. */
/*@ requires pos <= n;
    requires n > 0 ==> \valid_read(s + (0 .. n - 1));
    assigns \nothing;
    exits \false;
    ensures pos <= \result <= n;
    ensures \forall integer k; pos <= k < \result ==> s[k] != ' ';
    ensures \result == n || s[\result] == ' '; */
static size_t next_space(const char *s, size_t n, size_t pos)
{
    /*@ loop invariant pos <= i <= n;
        loop invariant \forall integer k; pos <= k < i ==> s[k] != ' ';
        loop assigns i;
        loop variant n - i; */
    for (size_t i = pos; i < n; i++)
        if (s[i] == ' ')
            return i;
    return n;
}

/*@ requires \valid(fault);
    assigns *fault;
    exits \false;
    ensures fault->field == field && fault->start == start && fault->len == len; */
static void set_fault(text_fault *fault, unsigned field, size_t start, size_t len)
{
    fault->field = field;
    fault->start = start;
    fault->len = len;
}

/* The two spaces of a line, p and q, or what is wrong with the split. */
/*@ requires n > 0 ==> \valid_read(s + (0 .. n - 1));
    requires \valid(p) && \valid(q) && \valid(fault);
    requires \separated(p, q, fault, s + (0 .. n - 1));
    assigns *p, *q, *fault;
    exits \false;
    ensures fault->field <= 2;
    ensures fault->start <= n && fault->len <= n - fault->start;
    ensures \result == TEXT_OK || \result == TEXT_EMPTY_LINE || \result == TEXT_EMPTY_FIELD ||
            \result == TEXT_NO_MORE || \result == TEXT_TRAILING;
    ensures \result == TEXT_OK ==> text_split_at(s, n, *p, *q);
    ensures \result == TEXT_OK ==>
      \forall integer p2, q2; text_split_at(s, n, p2, q2) ==> p2 == *p && q2 == *q;
    ensures \result != TEXT_OK ==> \forall integer p2, q2; !text_split_at(s, n, p2, q2); */
static text_status split_line(const char *s, size_t n, size_t *p, size_t *q, text_fault *fault)
{
    set_fault(fault, 0, 0, 0);
    if (n == 0)
        return TEXT_EMPTY_LINE;
    size_t a = next_space(s, n, 0);
    if (a == 0)
        return TEXT_EMPTY_FIELD;
    if (a == n) {
        set_fault(fault, 1, n, 0);
        return TEXT_NO_MORE;
    }
    size_t b = next_space(s, n, a + 1);
    if (b == a + 1) {
        set_fault(fault, 1, b, 0);
        return TEXT_EMPTY_FIELD;
    }
    if (b == n) {
        set_fault(fault, 2, n, 0);
        return TEXT_NO_MORE;
    }
    size_t c = next_space(s, n, b + 1);
    if (c == b + 1) {
        set_fault(fault, 2, c, 0);
        return TEXT_EMPTY_FIELD;
    }
    if (c != n) {
        set_fault(fault, 2, c, n - c);
        return TEXT_TRAILING;
    }
    *p = a;
    *q = b;
    return TEXT_OK;
}

text_status text_item_line(const char *s, size_t n, text_item *item, text_fault *fault)
{
    size_t p = 0, q = 0;
    text_status st = split_line(s, n, &p, &q, fault);
    if (st != TEXT_OK) {
        //@ assert !text_item_line(s, n);
        //@ assert fault->start <= n && fault->len <= n - fault->start;
        return st;
    }
    int64_t part = 0, init = 0, upd = 0;
    st = text_decimal(s, 0, p, INT32_MIN, INT32_MAX, &part);
    if (st != TEXT_OK) {
        //@ assert !text_decimal_in(s, 0, p, INT32_MIN, INT32_MAX);
        //@ assert !text_item_line(s, n);
        set_fault(fault, 0, 0, p);
        //@ assert fault->start <= n && fault->len <= n - fault->start;
        return st;
    }
    //@ assert part == text_decimal_value(s, 0, p);
    st = text_decimal(s, p + 1, q, INT64_MIN, INT64_MAX, &init);
    if (st != TEXT_OK) {
        //@ assert !text_decimal_in(s, p + 1, q, INT64_MIN, INT64_MAX);
        //@ assert !text_item_line(s, n);
        set_fault(fault, 1, p + 1, q - p - 1);
        //@ assert fault->start <= n && fault->len <= n - fault->start;
        return st;
    }
    //@ assert init == text_decimal_value(s, p + 1, q);
    st = text_decimal(s, q + 1, n, INT64_MIN, INT64_MAX, &upd);
    if (st != TEXT_OK) {
        //@ assert !text_decimal_in(s, q + 1, n, INT64_MIN, INT64_MAX);
        //@ assert !text_item_line(s, n);
        set_fault(fault, 2, q + 1, n - q - 1);
        //@ assert fault->start <= n && fault->len <= n - fault->start;
        return st;
    }
    //@ assert upd == text_decimal_value(s, q + 1, n);
    //@ assert text_item_line_at(s, n, p, q);
    //@ assert text_item_line(s, n);
    item->partition = (int32_t)part;
    item->initial_counter = init;
    item->updates_count = upd;
    /*@ assert \forall integer p2, q2; text_item_line_at(s, n, p2, q2) ==>
          p2 == p && q2 == q; */
    /*@ assert \forall integer p2, q2; text_item_line_at(s, n, p2, q2) ==>
          item->partition == text_decimal_value(s, 0, p2); */
    /*@ assert \forall integer p2, q2; text_item_line_at(s, n, p2, q2) ==>
          item->initial_counter == text_decimal_value(s, p2 + 1, q2); */
    /*@ assert \forall integer p2, q2; text_item_line_at(s, n, p2, q2) ==>
          item->updates_count == text_decimal_value(s, q2 + 1, n); */
    //@ assert fault->start <= n && fault->len <= n - fault->start;
    return TEXT_OK;
}

size_t text_line_end(const char *s, size_t len, size_t pos)
{
    /*@ loop invariant pos <= i <= len;
        loop invariant \forall integer k; pos <= k < i ==> s[k] != '\n';
        loop assigns i;
        loop variant len - i; */
    for (size_t i = pos; i < len; i++)
        if (s[i] == '\n')
            return i;
    return len;
}

/* A hex digit's value, or -1. */
/*@ assigns \nothing;
    exits \false;
    ensures text_hex_digit(c) ==> \result == text_hex_value(c);
    ensures !text_hex_digit(c) ==> \result == -1; */
static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/*@ assigns \nothing;
    exits \false;
    ensures \result != 0 <==> text_hex_space(c); */
static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

text_status text_scan_hex(const char *s, size_t n, uint8_t *out, size_t *len, size_t *where)
{
    size_t count = 0;     /* bytes written */
    int high = -1;        /* first digit of a pair still waiting for its second */
    size_t high_pos = 0;
    /*@ loop invariant 0 <= i <= n;
        loop invariant text_hex_text(s, i);
        loop invariant 0 <= text_hex_count(s, i) <= i;
        loop invariant count == text_hex_count(s, i) / 2;
        loop invariant -1 <= high <= 15;
        loop invariant high < 0 <==> text_hex_count(s, i) % 2 == 0;
        loop invariant high >= 0 ==>
          high_pos < i && text_hex_digit(s[high_pos]) && high == text_hex_value(s[high_pos]) &&
          text_hex_count(s, high_pos) + 1 == text_hex_count(s, i);
        loop invariant \forall integer a; 0 <= a < i && text_hex_digit(s[a]) ==>
          text_hex_count(s, a) < text_hex_count(s, i);
        loop invariant high >= 0 ==> \forall integer a; 0 <= a < high_pos &&
          text_hex_digit(s[a]) ==> text_hex_count(s, a) < text_hex_count(s, high_pos);
        loop invariant high >= 0 ==> \forall integer a; high_pos < a < i ==>
          !text_hex_digit(s[a]);
        loop invariant \forall integer a, b; 0 <= a < b < i &&
          text_hex_digit(s[a]) && text_hex_digit(s[b]) &&
          text_hex_count(s, a) % 2 == 0 && text_hex_count(s, b) == text_hex_count(s, a) + 1 ==>
            out[text_hex_count(s, a) / 2] == 16 * text_hex_value(s[a]) + text_hex_value(s[b]);
        loop assigns i, count, high, high_pos, out[0 .. n / 2 - 1];
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) {
        if (is_space(s[i]))
            continue;
        int d = hex_digit(s[i]);
        if (d < 0) {
            *where = i;
            return TEXT_HEX_CHAR;
        }
        if (high < 0) {
            high = d;
            high_pos = i;
        } else {
            /* The digit waiting is the only one the count pairs with this. */
            //@ assert \forall integer a; 0 <= a < i && text_hex_digit(s[a]) && text_hex_count(s, a) == text_hex_count(s, high_pos) ==> a == high_pos;
            out[count++] = (uint8_t)(high * 16 + d);
            high = -1;
        }
    }
    if (high >= 0) {
        *where = high_pos;
        return TEXT_HEX_ODD;
    }
    *len = count;
    return TEXT_OK;
}

/* --- messages and memory around the scanners ------------------------------ */

static const char *const field_names[3] = {"partition", "initial counter", "updates count"};

/* The first byte of a field that is not a digit (after a leading '-'). */
static void describe_not_digit(char *what, size_t cap, const char *name, const char *field,
                               size_t len)
{
    size_t i = len > 0 && field[0] == '-' ? 1 : 0;
    while (i < len && field[i] >= '0' && field[i] <= '9')
        i++;
    char b[16];
    describe_byte(b, sizeof b, i < len ? (unsigned char)field[i] : 0);
    snprintf(what, cap, "%s: expected a digit, found %s", name, b);
}

/* A number out of its type's range, shown up to 40 characters. */
static void describe_out_of_range(char *what, size_t cap, const char *name, const char *type,
                                  const char *field, size_t len)
{
    int shown = len > 40 ? 40 : (int)len;
    snprintf(what, cap, "%s: out of range for %s: %.*s%s", name, type, shown, field,
             len > 40 ? "..." : "");
}

/* The message for a line that text_item_line refused. */
static void describe_line_fault(char *what, size_t cap, text_status st, const char *line,
                                const text_fault *f)
{
    const char *name = field_names[f->field];
    const char *type = f->field == 0 ? "int32" : "int64";
    const char *field = line + f->start;
    switch (st) {
    case TEXT_EMPTY_LINE:
        snprintf(what, cap, "empty line; expected \"PART INIT UPDATES\"");
        break;
    case TEXT_EMPTY_FIELD:
        snprintf(what, cap, "missing %s (fields are separated by exactly one space)", name);
        break;
    case TEXT_NO_MORE:
        snprintf(what, cap, "missing %s; expected \"PART INIT UPDATES\"", name);
        break;
    case TEXT_TRAILING:
        snprintf(what, cap, "unexpected text after updates count");
        break;
    case TEXT_NO_NUMBER:
        snprintf(what, cap, "%s: expected an %s number, found %s", name, type,
                 f->len == 0 ? "nothing" : "'-' alone");
        break;
    case TEXT_NOT_DIGIT:
        describe_not_digit(what, cap, name, field, f->len);
        break;
    default:
        describe_out_of_range(what, cap, name, type, field, f->len);
        break;
    }
}

int text_parse_items(const char *text, size_t len, lepack_counters *m, text_error *err)
{
    size_t pos = 0;
    size_t lineno = 0;
    while (pos < len) {
        lineno++;
        size_t end = text_line_end(text, len, pos);
        text_item item;
        text_fault fault;
        char what[sizeof err->what];
        text_status st = text_item_line(text + pos, end - pos, &item, &fault);
        int bad = st != TEXT_OK;
        if (bad) {
            describe_line_fault(what, sizeof what, st, text + pos, &fault);
        } else {
            lepack_status ls = lepack_counters_add(m, item.partition, item.initial_counter,
                                                   item.updates_count);
            if (ls != LEPACK_OK) {
                snprintf(what, sizeof what, "%s", lepack_strerror(ls));
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
    size_t n = 0, where = 0;
    text_status st = text_scan_hex(text, len, bytes, &n, &where);
    if (st == TEXT_HEX_CHAR) {
        char b[16], what[64];
        describe_byte(b, sizeof b, (unsigned char)text[where]);
        snprintf(what, sizeof what, "invalid hex character %s", b);
        set_error(err, where, what);
        free(bytes);
        return -1;
    }
    if (st != TEXT_OK) {
        set_error(err, where, "odd number of hex digits: this digit has no partner");
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
