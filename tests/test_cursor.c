/* SPDX-License-Identifier: Apache-2.0 */
/* The cursor of src/cursor.h: each put or get moves pos by the width, and a
 * value that does not fit fails without moving pos, writing a byte, or
 * touching *out. */
#include "test_util.h"

#include "cursor.h"
#include "ref.h"

#define CANARY 0x5Au

/* Fills a buffer whose size is not a multiple of the width with values,
 * checking pos after each and the bytes against the reference; then the
 * put that does not fit fails cleanly at every remaining size; then the
 * gets read the same values back and fail cleanly in the same way. */
#define CURSOR_TEST(name, T, W, BE, put, get, GEN, BITS)                           \
    static void name(void **state)                                                 \
    {                                                                              \
        (void)state;                                                               \
        test_rng r = {0xC0C0u + (W) * 2u + (BE)};                                  \
        for (size_t cap = 0; cap <= 4 * (W) + (W) - 1; cap++) {                    \
            uint8_t buf[64], want[64], before[64];                                 \
            T vals[64];                                                            \
            lepack_cursor c;                                                       \
            memset(buf, CANARY, sizeof buf);                                       \
            memset(want, CANARY, sizeof want);                                     \
            lepack_cursor_init(&c, buf, cap);                                      \
            assert_int_equal(c.pos, 0);                                            \
            size_t n = 0;                                                          \
            while (c.pos + (W) <= cap) {                                           \
                T v = GEN;                                                         \
                size_t pos = c.pos;                                                \
                assert_int_equal(put(&c, v), LEPACK_OK);                           \
                assert_int_equal(c.pos, pos + (W));                                \
                assert_int_equal(ref_put(want, cap, pos, W, BE, BITS(v)), REF_OK); \
                vals[n++] = v;                                                     \
            }                                                                      \
            assert_int_equal(n, cap / (W));                                        \
            assert_memory_equal(buf, want, sizeof buf);                            \
            memcpy(before, buf, sizeof buf);                                       \
            size_t end = c.pos;                                                    \
            assert_int_equal(put(&c, (T)(GEN)), LEPACK_ENOSPACE);                  \
            assert_int_equal(c.pos, end);                                          \
            assert_ptr_equal(c.buf, buf);                                          \
            assert_int_equal(c.cap, cap);                                          \
            assert_memory_equal(buf, before, sizeof buf);                          \
            /* Read back over the same bytes. */                                   \
            lepack_cursor_init(&c, buf, cap);                                      \
            for (size_t i = 0; i < n; i++) {                                       \
                T out = 0;                                                         \
                assert_int_equal(get(&c, &out), LEPACK_OK);                        \
                assert_true(out == vals[i]);                                       \
                assert_int_equal(c.pos, (i + 1) * (W));                            \
            }                                                                      \
            T sentinel = (T)0x3C;                                                  \
            assert_int_equal(get(&c, &sentinel), LEPACK_ERANGE);                   \
            assert_true(sentinel == (T)0x3C);                                      \
            assert_int_equal(c.pos, end);                                          \
            assert_memory_equal(buf, before, sizeof buf);                          \
            /* A cursor that starts part-way still checks what is left. */         \
            if (cap >= 1) {                                                        \
                c.pos = cap - 1;                                                   \
                T out = (T)0x3C;                                                   \
                lepack_status want_st = (W) <= 1 ? LEPACK_OK : LEPACK_ERANGE;      \
                assert_int_equal(get(&c, &out), want_st);                          \
                assert_int_equal(c.pos, (W) <= 1 ? cap : cap - 1);                 \
                if ((W) > 1)                                                       \
                    assert_true(out == (T)0x3C);                                   \
            }                                                                      \
        }                                                                          \
    }

#define BITS_U(v) ((uint64_t)(v))
#define BITS_I16(v) ((uint64_t)(uint16_t)(v))
#define BITS_I32(v) ((uint64_t)(uint32_t)(v))

CURSOR_TEST(le_u8, uint8_t, 1, 0, lepack_cursor_put_le_u8, lepack_cursor_get_le_u8,
            (uint8_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(le_u16, uint16_t, 2, 0, lepack_cursor_put_le_u16, lepack_cursor_get_le_u16,
            (uint16_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(le_i16, int16_t, 2, 0, lepack_cursor_put_le_i16, lepack_cursor_get_le_i16,
            (int16_t)test_rng_i32(&r), BITS_I16)
CURSOR_TEST(le_u32, uint32_t, 4, 0, lepack_cursor_put_le_u32, lepack_cursor_get_le_u32,
            (uint32_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(le_i32, int32_t, 4, 0, lepack_cursor_put_le_i32, lepack_cursor_get_le_i32,
            test_rng_i32(&r), BITS_I32)
CURSOR_TEST(le_u64, uint64_t, 8, 0, lepack_cursor_put_le_u64, lepack_cursor_get_le_u64,
            test_rng_next(&r), BITS_U)
CURSOR_TEST(le_i64, int64_t, 8, 0, lepack_cursor_put_le_i64, lepack_cursor_get_le_i64,
            test_rng_i64(&r), BITS_U)
CURSOR_TEST(be_u8, uint8_t, 1, 1, lepack_cursor_put_be_u8, lepack_cursor_get_be_u8,
            (uint8_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(be_u16, uint16_t, 2, 1, lepack_cursor_put_be_u16, lepack_cursor_get_be_u16,
            (uint16_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(be_i16, int16_t, 2, 1, lepack_cursor_put_be_i16, lepack_cursor_get_be_i16,
            (int16_t)test_rng_i32(&r), BITS_I16)
CURSOR_TEST(be_u32, uint32_t, 4, 1, lepack_cursor_put_be_u32, lepack_cursor_get_be_u32,
            (uint32_t)test_rng_next(&r), BITS_U)
CURSOR_TEST(be_i32, int32_t, 4, 1, lepack_cursor_put_be_i32, lepack_cursor_get_be_i32,
            test_rng_i32(&r), BITS_I32)
CURSOR_TEST(be_u64, uint64_t, 8, 1, lepack_cursor_put_be_u64, lepack_cursor_get_be_u64,
            test_rng_next(&r), BITS_U)
CURSOR_TEST(be_i64, int64_t, 8, 1, lepack_cursor_put_be_i64, lepack_cursor_get_be_i64,
            test_rng_i64(&r), BITS_U)

/* A record written field by field: the Ignite item layout through a cursor,
 * and the write that would straddle the end refused with the earlier
 * fields intact. */
static void record_layout(void **state)
{
    (void)state;
    uint8_t buf[30];
    memset(buf, CANARY, sizeof buf);
    lepack_cursor c;
    lepack_cursor_init(&c, buf, sizeof buf);
    assert_int_equal(lepack_cursor_put_le_i32(&c, -1), LEPACK_OK);
    assert_int_equal(lepack_cursor_put_le_i64(&c, INT64_MIN), LEPACK_OK);
    assert_int_equal(lepack_cursor_put_le_i64(&c, 1), LEPACK_OK);
    assert_int_equal(c.pos, 20);
    assert_int_equal(lepack_cursor_put_le_i32(&c, 7), LEPACK_OK);
    assert_int_equal(lepack_cursor_put_le_i64(&c, 7), LEPACK_ENOSPACE);
    assert_int_equal(lepack_cursor_put_be_u32(&c, 0x01020304u), LEPACK_OK);
    assert_int_equal(c.pos, 28);
    assert_int_equal(lepack_cursor_put_be_u32(&c, 0x01020304u), LEPACK_ENOSPACE);
    assert_int_equal(lepack_cursor_put_be_u16(&c, 0xBEEF), LEPACK_OK);
    assert_int_equal(c.pos, 30);
    assert_int_equal(lepack_cursor_put_le_u8(&c, 1), LEPACK_ENOSPACE);
    const uint8_t exp[30] = {0xFF, 0xFF, 0xFF, 0xFF,
                             0, 0, 0, 0, 0, 0, 0, 0x80,
                             1, 0, 0, 0, 0, 0, 0, 0,
                             7, 0, 0, 0,
                             1, 2, 3, 4,
                             0xBE, 0xEF};
    assert_memory_equal(buf, exp, sizeof exp);
}

/* An empty cursor with no buffer at all: every call fails and nothing is
 * dereferenced (ASan would report a NULL access). */
static void empty_cursor(void **state)
{
    (void)state;
    lepack_cursor c;
    lepack_cursor_init(&c, NULL, 0);
    uint64_t u = 9;
    int64_t s = 9;
    assert_int_equal(lepack_cursor_put_le_u8(&c, 1), LEPACK_ENOSPACE);
    assert_int_equal(lepack_cursor_put_be_u64(&c, 1), LEPACK_ENOSPACE);
    assert_int_equal(lepack_cursor_get_le_u64(&c, &u), LEPACK_ERANGE);
    assert_int_equal(lepack_cursor_get_be_i64(&c, &s), LEPACK_ERANGE);
    assert_int_equal(c.pos, 0);
    assert_true(u == 9 && s == 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(le_u8),  cmocka_unit_test(le_u16), cmocka_unit_test(le_i16),
        cmocka_unit_test(le_u32), cmocka_unit_test(le_i32), cmocka_unit_test(le_u64),
        cmocka_unit_test(le_i64), cmocka_unit_test(be_u8),  cmocka_unit_test(be_u16),
        cmocka_unit_test(be_i16), cmocka_unit_test(be_u32), cmocka_unit_test(be_i32),
        cmocka_unit_test(be_u64), cmocka_unit_test(be_i64),
        cmocka_unit_test(record_layout), cmocka_unit_test(empty_cursor),
    };
    return cmocka_run_group_tests_name("cursor", tests, NULL, NULL);
}
