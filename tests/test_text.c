/* SPDX-License-Identifier: Apache-2.0 */
/* The text forms of the lepack command (cli/text.h): item lines and hex,
 * every error with where it is, and formatting back. */
#include "test_util.h"

#include "alloc.h"
#include "counters.h"
#include "text.h"

static int parse_items(const char *s, lepack_counters *m, text_error *err)
{
    return text_parse_items(s, strlen(s), m, err);
}

/* A line set that must parse to exactly these items. */
static void expect_items(const char *s, size_t n, const int64_t (*want)[3])
{
    lepack_counters m;
    text_error err;
    memset(&err, 0, sizeof err);
    assert_int_equal(lepack_counters_init(&m, 0, 1), LEPACK_OK);
    if (parse_items(s, &m, &err) != 0)
        fail_msg("\"%s\" refused: line %zu: %s", s, err.where, err.what);
    assert_int_equal(lepack_counters_size(&m), n);
    for (size_t i = 0; i < n; i++) {
        int32_t p;
        int64_t a, b;
        assert_int_equal(lepack_counters_partition(&m, i, &p), LEPACK_OK);
        assert_int_equal(lepack_counters_initial_counter(&m, i, &a), LEPACK_OK);
        assert_int_equal(lepack_counters_updates_count(&m, i, &b), LEPACK_OK);
        assert_true(p == want[i][0] && a == want[i][1] && b == want[i][2]);
    }
    lepack_counters_free(&m);
}

/* Text that must be refused at line `line` with `what` containing each of
 * the given fragments; the message is left empty. */
static void expect_items_error(const char *s, size_t len, size_t line, const char *frag1,
                               const char *frag2)
{
    lepack_counters m;
    text_error err;
    memset(&err, 0, sizeof err);
    err.where = 12345;
    assert_int_equal(lepack_counters_init(&m, 0, 1), LEPACK_OK);
    if (text_parse_items(s, len, &m, &err) != -1)
        fail_msg("\"%.*s\" accepted", (int)len, s);
    if (err.where != line)
        fail_msg("\"%.*s\": error at line %zu, expected %zu (%s)", (int)len, s, err.where, line,
                 err.what);
    assert_non_null(memchr(err.what, '\0', sizeof err.what));
    if (strstr(err.what, frag1) == NULL || (frag2 != NULL && strstr(err.what, frag2) == NULL))
        fail_msg("\"%.*s\": message \"%s\" lacks \"%s\"/\"%s\"", (int)len, s, err.what, frag1,
                 frag2 ? frag2 : "");
    assert_int_equal(lepack_counters_size(&m), 0);
    lepack_counters_free(&m);
}

#define ITEMS_ERROR(s, line, f1, f2) expect_items_error(s, sizeof(s) - 1, line, f1, f2)

static void items_valid(void **state)
{
    (void)state;
    static const int64_t one[][3] = {{1, 2, 3}};
    expect_items("1 2 3\n", 1, one);
    expect_items("1 2 3", 1, one); /* last newline optional */
    static const int64_t ext[][3] = {
        {INT32_MIN, INT64_MIN, INT64_MAX},
        {INT32_MAX, INT64_MAX, INT64_MIN},
        {-1, -1, -1},
        {0, 0, 0},
        {0, 7, 0},
    };
    expect_items("-2147483648 -9223372036854775808 9223372036854775807\n"
                 "2147483647 9223372036854775807 -9223372036854775808\n"
                 "-1 -1 -1\n"
                 "-0 0 -0\n"
                 "000 0007 0\n",
                 5, ext);
    expect_items("", 0, NULL);
    /* Many lines: growth through the parser. */
    char big[64 * 40];
    size_t off = 0;
    static int64_t want[64][3];
    for (int i = 0; i < 64; i++) {
        off += (size_t)snprintf(big + off, sizeof big - off, "%d %d %d\n", i - 32, i * 1000,
                                -i);
        want[i][0] = i - 32;
        want[i][1] = i * 1000;
        want[i][2] = -i;
    }
    expect_items(big, 64, (const int64_t(*)[3])want);
}

static void items_errors(void **state)
{
    (void)state;
    /* bad number */
    ITEMS_ERROR("1 x 3\n", 1, "initial counter", "'x'");
    ITEMS_ERROR("1 2 3\n4 5 z\n", 2, "updates count", "'z'");
    ITEMS_ERROR("1 2 3x", 1, "updates count", "'x'");
    ITEMS_ERROR("+1 2 3", 1, "partition", "'+'");
    ITEMS_ERROR("- 2 3", 1, "partition", "'-' alone");
    ITEMS_ERROR("1 --2 3", 1, "initial counter", "'-'");
    ITEMS_ERROR("1 2 0x10", 1, "updates count", "'x'");
    ITEMS_ERROR("1\t2 3 4", 1, "partition", "0x09");
    /* out of range */
    ITEMS_ERROR("2147483648 0 0", 1, "out of range for int32", "2147483648");
    ITEMS_ERROR("-2147483649 0 0", 1, "out of range for int32", "-2147483649");
    ITEMS_ERROR("0 0 0\n0 9223372036854775808 0", 2, "out of range for int64",
                "9223372036854775808");
    ITEMS_ERROR("0 0 -9223372036854775809", 1, "out of range for int64", "updates count");
    ITEMS_ERROR("0 99999999999999999999999 0", 1, "out of range for int64", "initial counter");
    ITEMS_ERROR("99999999999 0 0", 1, "out of range for int32", "partition");
    /* two spaces, leading space */
    ITEMS_ERROR("1  2 3", 1, "missing initial counter", "one space");
    ITEMS_ERROR("1 2  3", 1, "missing updates count", NULL);
    ITEMS_ERROR(" 1 2 3", 1, "missing partition", NULL);
    /* missing field */
    ITEMS_ERROR("1 2", 1, "missing updates count", NULL);
    ITEMS_ERROR("1 2 3\n1", 2, "missing initial counter", NULL);
    ITEMS_ERROR("1 2 ", 1, "missing updates count", NULL);
    /* trailing garbage */
    ITEMS_ERROR("1 2 3 4", 1, "unexpected text after", NULL);
    ITEMS_ERROR("1 2 3 ", 1, "unexpected text after", NULL);
    /* empty line, in the middle or as the first */
    ITEMS_ERROR("1 2 3\n\n4 5 6\n", 2, "empty line", NULL);
    ITEMS_ERROR("\n", 1, "empty line", NULL);
    ITEMS_ERROR("1 2 3\n\n", 2, "empty line", NULL);
    /* CR: a Windows line end is refused, not silently eaten */
    ITEMS_ERROR("1 2 3\r\n", 1, "updates count", "0x0d");
    ITEMS_ERROR("1 2 3\n4 5 6\r", 2, "updates count", "0x0d");
    /* A NUL byte inside the text (length given explicitly). */
    expect_items_error("1 2\0 3", 6, 1, "initial counter", "0x00");
    expect_items_error("1 2 3\0", 6, 1, "updates count", "0x00");
}

/* The parser adds to a message with an allocator that may fail: every
 * failure point reports an error on the line being added and leaves the
 * message empty, with no leak (LeakSanitizer checks at exit). */
static long calls, fail_at;

static void *failing_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    if (++calls == fail_at)
        return NULL;
    return realloc(ptr, size);
}

static void plain_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

static void items_out_of_memory(void **state)
{
    (void)state;
    const lepack_allocator a = {failing_realloc, plain_free, NULL};
    lepack_set_allocator(&a);
    const char *text = "1 1 1\n2 2 2\n3 3 3\n4 4 4\n5 5 5\n6 6 6\n7 7 7\n";
    int failures = 0;
    for (fail_at = 1; fail_at < 20; fail_at++) {
        lepack_counters m;
        text_error err;
        calls = 0;
        if (lepack_counters_init(&m, 0, 0) != LEPACK_OK)
            continue;
        if (parse_items(text, &m, &err) != 0) {
            failures++;
            assert_int_equal(lepack_counters_size(&m), 0);
            assert_true(err.where >= 1 && err.where <= 7);
            assert_non_null(strstr(err.what, lepack_strerror(LEPACK_ENOMEM)));
        } else {
            assert_int_equal(lepack_counters_size(&m), 7);
        }
        lepack_counters_free(&m);
    }
    lepack_set_allocator(NULL);
    assert_true(failures >= 3);
}

static void expect_hex(const char *s, const uint8_t *want, size_t n)
{
    uint8_t *out = (uint8_t *)&out;
    size_t len = 999;
    text_error err;
    if (text_parse_hex(s, strlen(s), &out, &len, &err) != 0)
        fail_msg("hex \"%s\" refused at %zu: %s", s, err.where, err.what);
    assert_int_equal(len, n);
    if (n == 0) {
        assert_null(out);
    } else {
        assert_non_null(out);
        assert_memory_equal(out, want, n);
    }
    free(out);
}

static void expect_hex_error(const char *s, size_t len, size_t where, const char *frag)
{
    uint8_t sentinel = 0;
    uint8_t *out = &sentinel;
    size_t n = 999;
    text_error err;
    memset(&err, 0, sizeof err);
    if (text_parse_hex(s, len, &out, &n, &err) != -1)
        fail_msg("hex \"%.*s\" accepted", (int)len, s);
    if (err.where != where)
        fail_msg("hex \"%.*s\": error at %zu, expected %zu (%s)", (int)len, s, err.where, where,
                 err.what);
    if (strstr(err.what, frag) == NULL)
        fail_msg("hex \"%.*s\": message \"%s\" lacks \"%s\"", (int)len, s, err.what, frag);
    assert_ptr_equal(out, &sentinel);
    assert_int_equal(n, 999);
}

#define HEX_ERROR(s, where, frag) expect_hex_error(s, sizeof(s) - 1, where, frag)

static void hex_valid(void **state)
{
    (void)state;
    expect_hex("", NULL, 0);
    expect_hex(" \n\t ", NULL, 0);
    expect_hex("00", (const uint8_t *)"\x00", 1);
    expect_hex("0aFf", (const uint8_t *)"\x0a\xff", 2);
    expect_hex("01 23\n45\t67\r\n89 ab cd EF\n", (const uint8_t *)"\x01\x23\x45\x67\x89\xab\xcd\xef",
               8);
    expect_hex("  7f  ", (const uint8_t *)"\x7f", 1);
    uint8_t all[256];
    char text[512 + 1];
    for (int i = 0; i < 256; i++) {
        all[i] = (uint8_t)i;
        snprintf(text + 2 * i, 3, "%02X", i);
    }
    expect_hex(text, all, 256);
}

static void hex_errors(void **state)
{
    (void)state;
    HEX_ERROR("0", 0, "odd number");
    HEX_ERROR("abc", 2, "odd number");
    HEX_ERROR("ab cd e\n", 6, "odd number");
    HEX_ERROR("0g", 1, "'g'");
    HEX_ERROR("00 11 2z", 7, "'z'");
    HEX_ERROR("0x10", 1, "'x'");
    HEX_ERROR("ab\x01", 2, "0x01");
    HEX_ERROR("ab-cd", 2, "'-'");
    expect_hex_error("ab\0cd", 5, 2, "0x00");
    /* A bad character is reported even when the count is also odd, at the
     * first problem in the text. */
    HEX_ERROR("a\xff", 1, "0xff");
}

static void format_round_trip(void **state)
{
    (void)state;
    lepack_counters m;
    text_error err;
    assert_int_equal(lepack_counters_init(&m, 0, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, INT32_MIN, INT64_MIN, INT64_MAX), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, -1, 0, -1), LEPACK_OK);
    char line[TEXT_ITEM_LINE_MAX];
    memset(line, 'Q', sizeof line);
    size_t n = text_format_item(&m, 0, line);
    assert_string_equal(line, "-2147483648 -9223372036854775808 9223372036854775807\n");
    assert_int_equal(n, strlen(line));
    n = text_format_item(&m, 1, line);
    assert_string_equal(line, "-1 0 -1\n");
    assert_int_equal(n, 8);
    /* Past the last item: nothing formatted, an empty line. */
    memset(line, 'Q', sizeof line);
    assert_int_equal(text_format_item(&m, 2, line), 0);
    assert_string_equal(line, "");
    /* What the formatter writes, the parser reads back to the same bytes. */
    char all[2 * TEXT_ITEM_LINE_MAX];
    size_t a = text_format_item(&m, 0, all);
    text_format_item(&m, 1, all + a);
    lepack_counters back;
    assert_int_equal(lepack_counters_init(&back, 0, 0), LEPACK_OK);
    assert_int_equal(parse_items(all, &back, &err), 0);
    size_t l1, l2;
    const uint8_t *w1 = lepack_counters_wire(&m, &l1);
    const uint8_t *w2 = lepack_counters_wire(&back, &l2);
    assert_int_equal(l1, l2);
    assert_memory_equal(w1, w2, l1);
    lepack_counters_free(&back);
    lepack_counters_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(items_valid),
        cmocka_unit_test(items_errors),
        cmocka_unit_test(items_out_of_memory),
        cmocka_unit_test(hex_valid),
        cmocka_unit_test(hex_errors),
        cmocka_unit_test(format_round_trip),
    };
    return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
