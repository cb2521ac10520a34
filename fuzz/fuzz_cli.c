/* SPDX-License-Identifier: Apache-2.0 */
/* cli: the text forms of the lepack command on arbitrary text.
 *
 * Item lines are checked against a line parser written here from the
 * grammar in cli/text.h (three -?[0-9]+ fields in range, one space apart,
 * '\n' after each line but maybe the last): both must accept the same texts,
 * give the same numbers, and blame the same line.  Accepted items must
 * format as printf would and parse back to the same wire bytes.  Hex is
 * checked the same way against a decoder that drops ASCII whitespace and
 * pairs the remaining digits, then round-tripped.
 *
 * An input whose first byte has bit 7 set also runs `lepack utf8`
 * (cli/utf8.c, through the function main.c calls, on memory streams); the
 * item and hex texts, ASCII, skip it and keep their speed.  That first
 * byte picks the arguments,
 *   bit 0   encode (else decode)
 *   bit 1   --mutf8
 *   bit 2   --hex
 *   bit 3   --strict (an unknown option for encode: exit status 2)
 *   bits 4-5  1: --help last (alone: usage on stdout, 0; after other
 *             options: refused, 2), 2: an unknown option (usage on stderr,
 *             2), else nothing more
 * and the rest is its input.  Its exit status, stdout and stderr must be
 * what ref_utf8.h says: the JDK's bytes (as lowercase hex, 32 bytes a line,
 * with --hex) or units, or exit status 1 with nothing on stdout and a
 * message naming the offset ref blames (with --hex, in the decoded bytes
 * and in the text); --strict with --mutf8 is refused (exit status 2). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "ref.h"
#include "ref_utf8.h"
#include "text.h"

#include "fuzz_check.h"

/* Compiled in rather than linked, so that the engine builds' source lists
 * (mk/fuzz.mk, .clusterfuzzlite/build.sh, fuzz/mutants.sh) stay as they
 * are; its static functions are all named differently from these. */
#include "../cli/utf8.c"

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

/* --- lepack utf8 ------------------------------------------------------------ */

static const uint8_t *utf8_input;
static size_t utf8_input_len;

/* cli_read_input's contract on the fuzzer's bytes (no FILE operand is
 * given, so path is always stdin's). */
static int fuzz_read_input(const char *path, char **data, size_t *len)
{
    if (path != NULL)
        FZ_FAIL("lepack utf8: a FILE operand \"%s\" where none was given", path);
    char *copy = malloc(utf8_input_len > 0 ? utf8_input_len : 1);
    if (copy == NULL)
        abort();
    if (utf8_input_len > 0)
        memcpy(copy, utf8_input, utf8_input_len);
    *data = copy;
    *len = utf8_input_len;
    return 0;
}

/* The streaming modes' reader on the same bytes, in pieces of 1 to 7 bytes
 * or up to 64 KiB (chosen by the input's length), so that every way a read
 * can cut a sequence or a pair is met. */
static size_t utf8_input_pos;

static int fuzz_open_chunks(void **h, const char *path)
{
    if (path != NULL)
        FZ_FAIL("lepack utf8: a FILE operand \"%s\" where none was given", path);
    utf8_input_pos = 0;
    *h = &utf8_input_pos;
    return 0;
}

static int fuzz_read_chunk(void *h, void *buf, size_t cap, size_t *got)
{
    size_t *pos = h, piece = utf8_input_len % 9 == 8 ? 65536 : utf8_input_len % 9 % 7 + 1;
    size_t k = utf8_input_len - *pos;
    k = k < piece ? k : piece;
    k = k < cap ? k : cap;
    if (k > 0)
        memcpy(buf, utf8_input + *pos, k);
    *pos += k;
    *got = k;
    return 0;
}

static void fuzz_close_chunks(void *h)
{
    (void)h;
}

/* What `lepack utf8` must print: ok, the stdout bytes, and when refused the
 * start of the stderr message. */
typedef struct utf8_expect {
    int status;
    uint8_t *out; /* malloc'd */
    size_t out_len;
    char err[192]; /* a refusal's start; on success, the whole stderr line (or none) */
} utf8_expect;

static void expect_bytes(utf8_expect *e, const uint8_t *p, size_t n, int hex)
{
    static const char digits[] = "0123456789abcdef";
    e->out = malloc(hex ? 2 * n + n / 32 + 2 : n + 1);
    if (e->out == NULL)
        abort();
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (hex) {
            e->out[m++] = (uint8_t)digits[p[i] >> 4];
            e->out[m++] = (uint8_t)digits[p[i] & 15];
            if (i % 32 == 31 || i + 1 == n)
                e->out[m++] = '\n';
        } else {
            e->out[m++] = p[i];
        }
    }
    e->out_len = m;
}

static void expect_units(utf8_expect *e, const uint16_t *u, size_t n)
{
    e->out = malloc(2 * n + 1);
    if (e->out == NULL)
        abort();
    for (size_t i = 0; i < n; i++) {
        e->out[2 * i] = (uint8_t)(u[i] & 0xff);
        e->out[2 * i + 1] = (uint8_t)(u[i] >> 8);
    }
    e->out_len = 2 * n;
}

static void refuse(utf8_expect *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    e->status = 1;
    vsnprintf(e->err, sizeof e->err, fmt, ap);
    va_end(ap);
}

static const char *spec_plural(size_t n)
{
    return n == 1 ? "" : "s";
}

/* The text offset of the first digit of byte k of the hex text, or len. */
static size_t spec_digit_offset(const char *text, size_t len, size_t k)
{
    size_t digits = 0;
    for (size_t i = 0; i < len; i++)
        if (spec_hex_digit(text[i]) >= 0 && digits++ == 2 * k)
            return i;
    return len;
}

/* Where the message puts decoded byte k: "byte offset K", and with --hex
 * also the text offset of its first digit. */
static void refuse_at(utf8_expect *e, const char *in, size_t in_len, int hex, size_t k,
                      const char *what)
{
    if (hex)
        refuse(e, "lepack: byte offset %zu of the decoded input, text offset %zu: %s", k,
               spec_digit_offset(in, in_len, k), what);
    else
        refuse(e, "lepack: byte offset %zu: %s", k, what);
}

static void spec_utf8_encode(utf8_expect *e, const uint8_t *in, size_t len, int strict,
                             int mutf8, int hex)
{
    if (len % 2 != 0) {
        /* The streaming mode has written the encoding of every unit before
         * the odd byte when it finds it; the others write nothing. */
        if (!strict && !mutf8)
            spec_utf8_encode(e, in, len - 1, 0, 0, hex);
        refuse(e, "lepack: input is %zu byte%s, an odd number", len, spec_plural(len));
        return;
    }
    size_t n = len / 2, cap = 3 * n + 2, got = 0;
    uint16_t *s = malloc(n > 0 ? n * sizeof *s : 1);
    uint8_t *bytes = malloc(cap);
    if (s == NULL || bytes == NULL)
        abort();
    for (size_t i = 0; i < n; i++)
        s[i] = (uint16_t)(in[2 * i] | in[2 * i + 1] << 8);
    size_t bad = 0;
    if (strict && ref_utf16_validate(s, n, &bad) != REF_OK) {
        refuse(e, "lepack: unit %zu (byte offset %zu): unpaired surrogate U+%04X", bad, 2 * bad,
               (unsigned)s[bad]);
        free(s);
        free(bytes);
        return;
    }
    int rst = mutf8 ? ref_mutf8_write(s, n, bytes, cap, &got)
                    : ref_utf8_encode(s, n, bytes, cap, &got);
    if (rst == REF_OK)
        expect_bytes(e, bytes, got, hex);
    else
        refuse(e, "lepack: too long for writeUTF: ");
    free(s);
    free(bytes);
}

static void spec_utf8_decode(utf8_expect *e, const uint8_t *in, size_t len, int strict,
                             int mutf8, int hex, int quiet)
{
    uint8_t *parsed = malloc(len / 2 + 1);
    if (parsed == NULL)
        abort();
    const uint8_t *src = in;
    const char *text = (const char *)in;
    size_t text_len = len;
    if (hex) {
        size_t where = 0;
        if (spec_hex(text, text_len, parsed, &len, &where) != 0) {
            refuse(e, "lepack: text offset %zu: ", where);
            free(parsed);
            return;
        }
        src = parsed;
    }
    uint16_t *units = malloc(len * sizeof *units + 1);
    if (units == NULL)
        abort();
    size_t n = 0, used = 0, bad = 0;
    if (mutf8) {
        int rst = ref_mutf8_read(src, len, units, len, &n, &used, &bad);
        size_t announced = len < 2 ? 0 : (size_t)src[0] * 256 + src[1];
        if (rst == REF_ERANGE && len < 2)
            refuse(e, "lepack: %s is %zu byte%s, shorter than readUTF's",
                   hex ? "the decoded input" : "input", len, spec_plural(len));
        else if (rst == REF_ERANGE)
            refuse(e, "lepack: the length prefix announces %zu byte%s but only %zu follow%s it",
                   announced, spec_plural(announced), len - 2, len - 2 == 1 ? "s" : "");
        else if (rst != REF_OK)
            refuse_at(e, text, text_len, hex, bad, "malformed modified UTF-8");
        else if (used != len) {
            char what[64];
            snprintf(what, sizeof what, "%zu byte%s after the string", len - used,
                     spec_plural(len - used));
            refuse_at(e, text, text_len, hex, used, what);
        }
        else
            expect_units(e, units, n);
    } else if (strict && ref_utf8_validate(src, len, &bad) != REF_OK) {
        refuse_at(e, text, text_len, hex, bad, "ill-formed UTF-8 sequence");
    } else {
        if (ref_utf8_decode(src, len, units, len, &n) != REF_OK)
            abort();
        expect_units(e, units, n);
        /* Lossy: the U+FFFD written for ill-formed input, counted, and
         * where the first ill-formed sequence starts. */
        size_t repl = 0;
        if (ref_utf8_replacements(src, len, &repl) != REF_OK)
            abort();
        if (!quiet && repl > 0 && ref_utf8_validate(src, len, &bad) != REF_OK) {
            int m = snprintf(e->err, sizeof e->err,
                             "lepack: %zu ill-formed UTF-8 sequence%s replaced by U+FFFD, the "
                             "first at byte offset %zu", repl, spec_plural(repl), bad);
            if (hex && m > 0 && (size_t)m < sizeof e->err)
                snprintf(e->err + m, sizeof e->err - (size_t)m,
                         " of the decoded input, text offset %zu",
                         spec_digit_offset(text, text_len, bad));
        }
    }
    free(units);
    free(parsed);
}

static void check_utf8_cli(const uint8_t *data, size_t size)
{
    if (size == 0 || data[0] < 0x80)
        return;
    unsigned flags = data[0];
    int encode = flags & 1, mutf8 = (flags >> 1) & 1, hex = (flags >> 2) & 1;
    int strict = (flags >> 3) & 1, extra = (flags >> 4) & 3, quiet = !encode && (flags >> 6) & 1;
    char *argv[8];
    int argc = 0;
    argv[argc++] = (char *)"utf8";
    argv[argc++] = (char *)(encode ? "encode" : "decode");
    if (mutf8)
        argv[argc++] = (char *)"--mutf8";
    if (hex)
        argv[argc++] = (char *)"--hex";
    if (strict)
        argv[argc++] = (char *)"--strict";
    if (quiet)
        argv[argc++] = (char *)"--quiet";
    if (extra == 1)
        argv[argc++] = (char *)"--help";
    else if (extra == 2)
        argv[argc++] = (char *)"--bogus";
    argv[argc] = NULL;

    utf8_expect e;
    memset(&e, 0, sizeof e);
    const uint8_t *in = data + 1;
    size_t len = size - 1;
    int usage_out = 0;
    if (extra == 1 && argc == 3) {
        usage_out = 1;
    } else if (extra == 1) {
        e.status = 2; /* --help stands alone */
        snprintf(e.err, sizeof e.err, "lepack: --help takes no other arguments, got '%s'",
                 argv[2]);
    } else if (extra == 2) {
        e.status = 2;
        snprintf(e.err, sizeof e.err, "lepack: unknown option '--bogus'");
    } else if (strict && mutf8) {
        e.status = 2; /* readUTF has no strict mode */
        snprintf(e.err, sizeof e.err, "lepack: --strict and --mutf8 cannot be used together");
    } else if (encode) {
        spec_utf8_encode(&e, in, len, strict, mutf8, hex);
    } else {
        spec_utf8_decode(&e, in, len, strict, mutf8, hex, quiet);
    }

    /* Two memory streams for the whole run, rewound per input: opening
     * them (an 8 KB calloc each) was half of this check's cost.  A memory
     * stream's size after fflush is its position. */
    static char *out, *err;
    static size_t out_len, err_len;
    static FILE *fo, *fe;
    if (fo == NULL && ((fo = open_memstream(&out, &out_len)) == NULL ||
                       (fe = open_memstream(&err, &err_len)) == NULL))
        abort();
    rewind(fo);
    rewind(fe);
    utf8_input = in;
    utf8_input_len = len;
    const cli_utf8_io io = {fuzz_read_input, fuzz_open_chunks, fuzz_read_chunk, fuzz_close_chunks,
                            fo, fe};
    int status = cli_utf8_run(argc, argv, &io);
    if (fflush(fo) != 0 || fflush(fe) != 0)
        abort();

    FZ_EQ_I(flags, "lepack utf8 exit status", status, e.status);
    if (usage_out) {
        if (out_len == 0 || strstr(out, "usage: lepack utf8") != out)
            FZ_FAIL("lepack utf8 --help: stdout is not the usage");
    } else if (e.status == 0) {
        FZ_EQ_U(flags, "lepack utf8 stdout length", out_len, e.out_len);
        FZ_EQ_BYTES(flags, "lepack utf8 stdout", out, e.out, out_len);
        /* Nothing, or a lossy decode's count of replacements. */
        size_t want_err = e.err[0] != '\0' ? strlen(e.err) + 1 : 0;
        FZ_EQ_U(flags, "lepack utf8 stderr length on success", err_len, want_err);
        if (want_err > 0 && (strncmp(err, e.err, want_err - 1) != 0 || err[want_err - 1] != '\n'))
            FZ_FAIL("lepack utf8 (flags 0x%02x): stderr \"%.160s\", expected \"%s\"", flags, err,
                    e.err);
    } else {
        /* Nothing, or in a streaming mode what came before the odd byte. */
        FZ_EQ_U(flags, "lepack utf8 stdout length when refused", out_len, e.out_len);
        if (out_len > 0)
            FZ_EQ_BYTES(flags, "lepack utf8 stdout before the refusal", out, e.out, out_len);
        if (strncmp(err, e.err, strlen(e.err)) != 0)
            FZ_FAIL("lepack utf8 (flags 0x%02x): stderr \"%.120s\", expected it to start with "
                    "\"%s\"", flags, err, e.err);
        if (err_len == 0 || err[err_len - 1] != '\n')
            FZ_FAIL("lepack utf8 (flags 0x%02x): message not ended by a newline", flags);
    }
    free(e.out);
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
    check_utf8_cli(data, size);
    return 0;
}
