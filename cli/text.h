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
 * for hex).
 *
 * The scanners below do the parsing; their contracts state the accepted
 * language and the values exactly and are proven by WP (proof unit cli,
 * proofs/README.md).  text_parse_items and text_parse_hex add the memory and
 * the error messages around them. */
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

/* --- the scanners ---------------------------------------------------------- */

/* What a scanner found wrong (TEXT_OK: nothing). */
typedef enum text_status {
    TEXT_OK = 0,
    TEXT_EMPTY_LINE,    /* a line with nothing on it */
    TEXT_EMPTY_FIELD,   /* field `field` is empty (two spaces, or a space first or last) */
    TEXT_NO_MORE,       /* the line ends before field `field` */
    TEXT_TRAILING,      /* a space after the third field */
    TEXT_NO_NUMBER,     /* field `field` is "-" */
    TEXT_NOT_DIGIT,     /* field `field` has a byte that is not a digit */
    TEXT_OUT_OF_RANGE,  /* field `field` is a number out of its type's range */
    TEXT_HEX_CHAR,      /* a byte that is neither a hex digit nor whitespace */
    TEXT_HEX_ODD        /* an odd number of hex digits */
} text_status;

/*@ // Decimal numbers: -?[0-9]+ in s[a .. b), and their value.
    predicate text_digit(char c) = '0' <= c <= '9';
    predicate text_digits{L}(char *s, integer a, integer b) =
      \forall integer k; a <= k < b ==> text_digit(s[k]);
    logic integer text_digits_value{L}(char *s, integer a, integer b) =
      b <= a ? 0 : 10 * text_digits_value(s, a, b - 1) + (s[b - 1] - '0');
    predicate text_decimal_form{L}(char *s, integer a, integer b) =
      a < b && (s[a] == '-' ? a + 1 < b && text_digits(s, a + 1, b) : text_digits(s, a, b));
    logic integer text_decimal_value{L}(char *s, integer a, integer b) =
      s[a] == '-' ? -text_digits_value(s, a + 1, b) : text_digits_value(s, a, b);
    predicate text_decimal_in{L}(char *s, integer a, integer b, integer min, integer max) =
      text_decimal_form(s, a, b) && min <= text_decimal_value(s, a, b) <= max;

    // An item line s[0 .. n): three decimals, one space apart, in range for
    // int32, int64 and int64; p and q are the two spaces.  (No decimal holds
    // a space, so the fields' text_no_space adds nothing to the language; it
    // says outright that p and q are the first two spaces.)
    predicate text_no_space{L}(char *s, integer a, integer b) =
      \forall integer k; a <= k < b ==> s[k] != ' ';
    predicate text_split_at{L}(char *s, integer n, integer p, integer q) =
      0 < p && p + 1 < q && q + 1 < n && s[p] == ' ' && s[q] == ' ' &&
      text_no_space(s, 0, p) && text_no_space(s, p + 1, q) && text_no_space(s, q + 1, n);
    predicate text_item_line_at{L}(char *s, integer n, integer p, integer q) =
      text_split_at(s, n, p, q) &&
      text_decimal_in(s, 0, p, INT32_MIN, INT32_MAX) &&
      text_decimal_in(s, p + 1, q, INT64_MIN, INT64_MAX) &&
      text_decimal_in(s, q + 1, n, INT64_MIN, INT64_MAX);
    predicate text_item_line{L}(char *s, integer n) =
      \exists integer p, q; text_item_line_at(s, n, p, q);

    // Hex: digits of either case, and the six ASCII whitespace bytes.
    predicate text_hex_digit(char c) =
      '0' <= c <= '9' || 'a' <= c <= 'f' || 'A' <= c <= 'F';
    predicate text_hex_space(char c) =
      c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
    logic integer text_hex_value(char c) =
      '0' <= c <= '9' ? c - '0' : 'a' <= c <= 'f' ? c - 'a' + 10 : c - 'A' + 10;
    predicate text_hex_text{L}(char *s, integer n) =
      \forall integer k; 0 <= k < n ==> text_hex_digit(s[k]) || text_hex_space(s[k]);
    // The number of hex digits in s[0 .. i).
    logic integer text_hex_one(char c) =
      ('0' <= c <= '9' || 'a' <= c <= 'f' || 'A' <= c <= 'F') ? 1 : 0;
    logic integer text_hex_count{L}(char *s, integer i) =
      i <= 0 ? 0 : text_hex_count(s, i - 1) + text_hex_one(s[i - 1]);
*/

/* One decimal field s[start .. end): -?[0-9]+ in [min, max] gives TEXT_OK
 * and the value in *out; anything else leaves *out alone.  The range is
 * exact: the magnitude is accumulated only while it cannot pass 2^63 (the
 * last digit included), and the sign is applied before the comparison. */
/*@ requires start <= end;
    requires end > start ==> \valid_read(s + (start .. end - 1));
    requires \valid(out) && \separated(out, s + (start .. end - 1));
    requires min <= max;
    assigns *out;
    exits \false;
    ensures \result == TEXT_OK ==>
      text_decimal_in(s, start, end, min, max) && *out == text_decimal_value(s, start, end);
    behavior in_range:
      assumes text_decimal_in(s, start, end, min, max);
      ensures \result == TEXT_OK && *out == text_decimal_value(s, start, end);
    behavior out_of_range:
      assumes text_decimal_form(s, start, end) && !text_decimal_in(s, start, end, min, max);
      assigns \nothing;
      ensures \result == TEXT_OUT_OF_RANGE;
    behavior no_number:
      assumes end == start || (end == start + 1 && s[start] == '-');
      assigns \nothing;
      ensures \result == TEXT_NO_NUMBER;
    behavior not_digit:
      assumes end > start && !(end == start + 1 && s[start] == '-') &&
              !text_decimal_form(s, start, end);
      assigns \nothing;
      ensures \result == TEXT_NOT_DIGIT;
    complete behaviors;
    disjoint behaviors; */
text_status text_decimal(const char *s, size_t start, size_t end, int64_t min, int64_t max,
                         int64_t *out);

/* An item line's three values, and on failure which field is at fault and
 * where it is in the line (for the message). */
typedef struct text_item {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
} text_item;

typedef struct text_fault {
    unsigned field; /* 0, 1, 2: partition, initial counter, updates count */
    size_t start;   /* the field's bytes in the line: [start, start + len) */
    size_t len;
} text_fault;

/* One line s[0 .. n) (without its '\n'): TEXT_OK and the three values when
 * it is an item line, else what is wrong with it, the first problem from
 * the left: the split into fields is checked before any number.  The
 * behaviors say which lines are accepted; the values hold whenever
 * TEXT_OK is returned. */
/*@ requires n > 0 ==> \valid_read(s + (0 .. n - 1));
    requires \valid(item) && \valid(fault);
    requires \separated(item, fault, s + (0 .. n - 1));
    assigns *item, *fault;
    exits \false;
    ensures fault->field <= 2;
    ensures fault->start <= n && fault->len <= n - fault->start;
    ensures \result == TEXT_OK ==> \forall integer p, q; text_item_line_at(s, n, p, q) ==>
      item->partition == text_decimal_value(s, 0, p);
    ensures \result == TEXT_OK ==> \forall integer p, q; text_item_line_at(s, n, p, q) ==>
      item->initial_counter == text_decimal_value(s, p + 1, q);
    ensures \result == TEXT_OK ==> \forall integer p, q; text_item_line_at(s, n, p, q) ==>
      item->updates_count == text_decimal_value(s, q + 1, n);
    behavior item_line:
      assumes text_item_line(s, n);
      ensures \result == TEXT_OK;
    behavior not_item_line:
      assumes !text_item_line(s, n);
      ensures \result != TEXT_OK;
      ensures \result == TEXT_EMPTY_LINE || \result == TEXT_EMPTY_FIELD ||
              \result == TEXT_NO_MORE || \result == TEXT_TRAILING ||
              \result == TEXT_NO_NUMBER || \result == TEXT_NOT_DIGIT ||
              \result == TEXT_OUT_OF_RANGE;
    complete behaviors;
    disjoint behaviors; */
text_status text_item_line(const char *s, size_t n, text_item *item, text_fault *fault);

/* The end of the line that starts at pos: the first '\n' at or after pos,
 * or len. */
/*@ requires pos <= len;
    requires len > 0 ==> \valid_read(s + (0 .. len - 1));
    assigns \nothing;
    exits \false;
    ensures pos <= \result <= len;
    ensures \forall integer k; pos <= k < \result ==> s[k] != '\n';
    ensures \result == len || s[\result] == '\n'; */
size_t text_line_end(const char *s, size_t len, size_t pos);

/* Hex text s[0 .. n) into out[0 .. n / 2).  Three complete, disjoint cases:
 * a byte that is neither a hex digit nor whitespace (the first one is
 * *where), an odd number of digits (*where is the last digit), or success:
 * *len is half the number of digits and each byte is the value of a digit
 * and the next digit after it, the first of the two at an even count. */
/*@ requires n > 0 ==> \valid_read(s + (0 .. n - 1));
    requires n / 2 > 0 ==> \valid(out + (0 .. n / 2 - 1));
    requires \valid(len) && \valid(where);
    requires \separated(len, where, s + (0 .. n - 1), out + (0 .. n / 2 - 1));
    requires \separated(out + (0 .. n / 2 - 1), s + (0 .. n - 1));
    assigns out[0 .. n / 2 - 1], *len, *where;
    exits \false;
    behavior bad_char:
      assumes !text_hex_text(s, n);
      assigns out[0 .. n / 2 - 1], *where;
      ensures \result == TEXT_HEX_CHAR;
      ensures 0 <= *where < n && !text_hex_digit(s[*where]) && !text_hex_space(s[*where]);
      ensures text_hex_text(s, *where);
    behavior odd:
      assumes text_hex_text(s, n) && text_hex_count(s, n) % 2 != 0;
      assigns out[0 .. n / 2 - 1], *where;
      ensures \result == TEXT_HEX_ODD;
      ensures 0 <= *where < n && text_hex_digit(s[*where]);
      ensures text_hex_count(s, *where) == text_hex_count(s, n) - 1;
    behavior even:
      assumes text_hex_text(s, n) && text_hex_count(s, n) % 2 == 0;
      assigns out[0 .. n / 2 - 1], *len;
      ensures \result == TEXT_OK;
      ensures *len == text_hex_count(s, n) / 2;
      ensures \forall integer a, b; 0 <= a < b < n &&
        text_hex_digit(s[a]) && text_hex_digit(s[b]) &&
        text_hex_count(s, a) % 2 == 0 && text_hex_count(s, b) == text_hex_count(s, a) + 1 ==>
          out[text_hex_count(s, a) / 2] == 16 * text_hex_value(s[a]) + text_hex_value(s[b]);
    complete behaviors;
    disjoint behaviors; */
text_status text_scan_hex(const char *s, size_t n, uint8_t *out, size_t *len, size_t *where);

#endif
