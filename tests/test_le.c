/* SPDX-License-Identifier: Apache-2.0 */
/* The views of src/le.h: wire layout byte by byte, bounds checks that
 * neither read nor write out of range, and round trips against the naive
 * reference in ref/. */
#include "test_util.h"

#include "le.h"
#include "ref.h"

#define CANARY 0xA5u

/* Writes val at offset 3 of a canary-filled buffer and checks the value's
 * bytes and that both neighbours are untouched. */
#define PUT_EXPECT(fn, val, ...)                                                   \
    do {                                                                           \
        const uint8_t exp_[] = {__VA_ARGS__};                                      \
        uint8_t buf_[3 + sizeof exp_ + 3];                                         \
        memset(buf_, CANARY, sizeof buf_);                                         \
        assert_int_equal(fn(buf_, sizeof buf_, 3, val), LEPACK_OK);                \
        assert_memory_equal(buf_ + 3, exp_, sizeof exp_);                          \
        for (size_t k_ = 0; k_ < 3; k_++) {                                        \
            assert_int_equal(buf_[k_], CANARY);                                    \
            assert_int_equal(buf_[3 + sizeof exp_ + k_], CANARY);                  \
        }                                                                          \
    } while (0)

/* Reads the given bytes placed at offset 1 (unaligned on purpose). */
#define GET_EXPECT(fn, T, want, ...)                                               \
    do {                                                                           \
        const uint8_t exp_[] = {__VA_ARGS__};                                      \
        uint8_t buf_[1 + sizeof exp_];                                             \
        T out_ = 0;                                                                \
        buf_[0] = CANARY;                                                          \
        memcpy(buf_ + 1, exp_, sizeof exp_);                                       \
        assert_int_equal(fn(buf_, sizeof buf_, 1, &out_), LEPACK_OK);              \
        assert_true(out_ == (T)(want));                                            \
    } while (0)

/* Both directions: the bytes a value becomes and the value bytes read as. */
#define BOTH(putfn, getfn, T, val, ...)                                            \
    do {                                                                           \
        PUT_EXPECT(putfn, val, __VA_ARGS__);                                       \
        GET_EXPECT(getfn, T, val, __VA_ARGS__);                                    \
    } while (0)

static void layout_unsigned(void **state)
{
    (void)state;
    BOTH(le_put_u8, le_get_u8, uint8_t, 0xABu, 0xAB);
    BOTH(be_put_u8, be_get_u8, uint8_t, 0xABu, 0xAB);
    BOTH(le_put_u16, le_get_u16, uint16_t, 0x1234u, 0x34, 0x12);
    BOTH(be_put_u16, be_get_u16, uint16_t, 0x1234u, 0x12, 0x34);
    BOTH(le_put_u32, le_get_u32, uint32_t, 0x01020304u, 0x04, 0x03, 0x02, 0x01);
    BOTH(be_put_u32, be_get_u32, uint32_t, 0x01020304u, 0x01, 0x02, 0x03, 0x04);
    BOTH(le_put_u64, le_get_u64, uint64_t, 0x0102030405060708u,
         0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01);
    BOTH(be_put_u64, be_get_u64, uint64_t, 0x0102030405060708u,
         0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08);
    BOTH(le_put_u16, le_get_u16, uint16_t, UINT16_MAX, 0xFF, 0xFF);
    BOTH(le_put_u32, le_get_u32, uint32_t, UINT32_MAX, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_u64, le_get_u64, uint64_t, UINT64_MAX,
         0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_u32, le_get_u32, uint32_t, 0x80000000u, 0x00, 0x00, 0x00, 0x80);
    BOTH(be_put_u32, be_get_u32, uint32_t, 0x80000000u, 0x80, 0x00, 0x00, 0x00);
    BOTH(le_put_u64, le_get_u64, uint64_t, 0u, 0, 0, 0, 0, 0, 0, 0, 0);
}

static void layout_i16(void **state)
{
    (void)state;
    BOTH(le_put_i16, le_get_i16, int16_t, 0, 0x00, 0x00);
    BOTH(le_put_i16, le_get_i16, int16_t, 1, 0x01, 0x00);
    BOTH(le_put_i16, le_get_i16, int16_t, -1, 0xFF, 0xFF);
    BOTH(le_put_i16, le_get_i16, int16_t, -2, 0xFE, 0xFF);
    BOTH(le_put_i16, le_get_i16, int16_t, INT16_MIN, 0x00, 0x80);
    BOTH(le_put_i16, le_get_i16, int16_t, INT16_MAX, 0xFF, 0x7F);
    BOTH(le_put_i16, le_get_i16, int16_t, -256, 0x00, 0xFF);
    BOTH(be_put_i16, be_get_i16, int16_t, 0, 0x00, 0x00);
    BOTH(be_put_i16, be_get_i16, int16_t, -1, 0xFF, 0xFF);
    BOTH(be_put_i16, be_get_i16, int16_t, -2, 0xFF, 0xFE);
    BOTH(be_put_i16, be_get_i16, int16_t, INT16_MIN, 0x80, 0x00);
    BOTH(be_put_i16, be_get_i16, int16_t, INT16_MAX, 0x7F, 0xFF);
}

static void layout_i32(void **state)
{
    (void)state;
    BOTH(le_put_i32, le_get_i32, int32_t, 0, 0, 0, 0, 0);
    BOTH(le_put_i32, le_get_i32, int32_t, -1, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_i32, le_get_i32, int32_t, -2, 0xFE, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_i32, le_get_i32, int32_t, INT32_MIN, 0x00, 0x00, 0x00, 0x80);
    BOTH(le_put_i32, le_get_i32, int32_t, INT32_MAX, 0xFF, 0xFF, 0xFF, 0x7F);
    BOTH(le_put_i32, le_get_i32, int32_t, -123456789, 0xEB, 0x32, 0xA4, 0xF8);
    BOTH(le_put_i32, le_get_i32, int32_t, 0x12345678, 0x78, 0x56, 0x34, 0x12);
    BOTH(be_put_i32, be_get_i32, int32_t, 0, 0, 0, 0, 0);
    BOTH(be_put_i32, be_get_i32, int32_t, -1, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(be_put_i32, be_get_i32, int32_t, -2, 0xFF, 0xFF, 0xFF, 0xFE);
    BOTH(be_put_i32, be_get_i32, int32_t, INT32_MIN, 0x80, 0x00, 0x00, 0x00);
    BOTH(be_put_i32, be_get_i32, int32_t, INT32_MAX, 0x7F, 0xFF, 0xFF, 0xFF);
    BOTH(be_put_i32, be_get_i32, int32_t, -123456789, 0xF8, 0xA4, 0x32, 0xEB);
}

static void layout_i64(void **state)
{
    (void)state;
    BOTH(le_put_i64, le_get_i64, int64_t, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    BOTH(le_put_i64, le_get_i64, int64_t, -1,
         0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_i64, le_get_i64, int64_t, -2,
         0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_i64, le_get_i64, int64_t, INT64_MIN,
         0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80);
    BOTH(le_put_i64, le_get_i64, int64_t, INT64_MAX,
         0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F);
    BOTH(le_put_i64, le_get_i64, int64_t, INT32_MIN,
         0x00, 0x00, 0x00, 0x80, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(le_put_i64, le_get_i64, int64_t, (int64_t)INT32_MAX + 1,
         0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00);
    BOTH(le_put_i64, le_get_i64, int64_t, -1234567890123456789,
         0xEB, 0x7E, 0x16, 0x82, 0x0B, 0xEF, 0xDD, 0xEE);
    BOTH(be_put_i64, be_get_i64, int64_t, -1,
         0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(be_put_i64, be_get_i64, int64_t, INT64_MIN,
         0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00);
    BOTH(be_put_i64, be_get_i64, int64_t, INT64_MAX,
         0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF);
    BOTH(be_put_i64, be_get_i64, int64_t, -1234567890123456789,
         0xEE, 0xDD, 0xEF, 0x0B, 0x82, 0x16, 0x7E, 0xEB);
}

/* The unchecked tier at every offset of an unaligned 3-field record. */
static void layout_unchecked_record(void **state)
{
    (void)state;
    uint8_t rec[21];
    memset(rec, CANARY, sizeof rec);
    le_store_i32(rec + 1, INT32_MIN);
    le_store_i64(rec + 5, -1);
    le_store_i64(rec + 13, INT64_MAX);
    const uint8_t exp[21] = {CANARY, 0x00, 0x00, 0x00, 0x80,
                             0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                             0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F};
    assert_memory_equal(rec, exp, sizeof rec);
    assert_int_equal(le_load_i32(rec + 1), INT32_MIN);
    assert_int_equal(le_load_i64(rec + 5), -1);
    assert_int_equal(le_load_i64(rec + 13), INT64_MAX);
    be_store_i16(rec, INT16_MIN);
    assert_int_equal(rec[0], 0x80);
    assert_int_equal(rec[1], 0x00);
    assert_int_equal(be_load_i16(rec), INT16_MIN);
    assert_int_equal(le_load_i16(rec), 128);
}

/* The offsets that must be refused for a width-w access to a 16-byte
 * buffer: just past the end, far past it, and those where off + w wraps
 * around size_t to a small number that a naive `off + w <= len` accepts. */
static size_t bad_offsets(size_t w, size_t *out)
{
    size_t n = 0;
    for (size_t k = 1; k <= w; k++)
        out[n++] = 16 - w + k;
    out[n++] = 17;
    out[n++] = 1000;
    for (size_t k = 0; k < 10; k++)
        out[n++] = SIZE_MAX - k;
    out[n++] = SIZE_MAX / 2;
    out[n++] = SIZE_MAX / 2 + 1;
    return n;
}

/* For one access function pair: every bad offset gives LEPACK_ERANGE with
 * the buffer byte-identical and *out untouched; lengths below the width
 * fail even at offset 0; the last fitting offset works. */
#define RANGE_TEST(name, getfn, putfn, T, W, SENT, VAL)                            \
    static void name(void **state)                                                 \
    {                                                                              \
        (void)state;                                                               \
        uint8_t buf[16], before[16];                                               \
        size_t offs[32];                                                           \
        size_t n = bad_offsets(W, offs);                                           \
        for (size_t i = 0; i < sizeof buf; i++)                                    \
            buf[i] = (uint8_t)(0x30 + i);                                          \
        memcpy(before, buf, sizeof buf);                                           \
        for (size_t i = 0; i < n; i++) {                                           \
            T out = (T)(SENT);                                                     \
            assert_int_equal(putfn(buf, sizeof buf, offs[i], (T)(VAL)), LEPACK_ERANGE); \
            assert_memory_equal(buf, before, sizeof buf);                          \
            assert_int_equal(getfn(buf, sizeof buf, offs[i], &out), LEPACK_ERANGE); \
            assert_true(out == (T)(SENT));                                         \
        }                                                                          \
        for (size_t len = 0; len < (W); len++) {                                   \
            T out = (T)(SENT);                                                     \
            assert_int_equal(putfn(buf, len, 0, (T)(VAL)), LEPACK_ERANGE);         \
            assert_int_equal(getfn(buf, len, 0, &out), LEPACK_ERANGE);             \
            assert_true(out == (T)(SENT));                                         \
            assert_memory_equal(buf, before, sizeof buf);                          \
        }                                                                          \
        /* The boundary itself is in range: a check off by one fails here. */   \
        T out = (T)(SENT);                                                         \
        assert_int_equal(putfn(buf, sizeof buf, 16 - (W), (T)(VAL)), LEPACK_OK);   \
        assert_int_equal(getfn(buf, sizeof buf, 16 - (W), &out), LEPACK_OK);       \
        assert_true(out == (T)(VAL));                                              \
        assert_memory_equal(buf, before, 16 - (W));                                \
        out = (T)(SENT);                                                           \
        assert_int_equal(putfn(buf, W, 0, (T)(VAL)), LEPACK_OK);                   \
        assert_int_equal(getfn(buf, W, 0, &out), LEPACK_OK);                       \
        assert_true(out == (T)(VAL));                                              \
    }

RANGE_TEST(range_le_u8, le_get_u8, le_put_u8, uint8_t, 1, 0x11, 0xEE)
RANGE_TEST(range_le_u16, le_get_u16, le_put_u16, uint16_t, 2, 0x1111, 0xEEDD)
RANGE_TEST(range_le_i16, le_get_i16, le_put_i16, int16_t, 2, 0x1111, -2)
RANGE_TEST(range_le_u32, le_get_u32, le_put_u32, uint32_t, 4, 0x11111111u, 0xEEDDCCBBu)
RANGE_TEST(range_le_i32, le_get_i32, le_put_i32, int32_t, 4, 0x11111111, INT32_MIN)
RANGE_TEST(range_le_u64, le_get_u64, le_put_u64, uint64_t, 8, 0x1111111111111111u,
           0xEEDDCCBBAA998877u)
RANGE_TEST(range_le_i64, le_get_i64, le_put_i64, int64_t, 8, 0x1111111111111111, INT64_MIN)
RANGE_TEST(range_be_u8, be_get_u8, be_put_u8, uint8_t, 1, 0x11, 0xEE)
RANGE_TEST(range_be_u16, be_get_u16, be_put_u16, uint16_t, 2, 0x1111, 0xEEDD)
RANGE_TEST(range_be_i16, be_get_i16, be_put_i16, int16_t, 2, 0x1111, -2)
RANGE_TEST(range_be_u32, be_get_u32, be_put_u32, uint32_t, 4, 0x11111111u, 0xEEDDCCBBu)
RANGE_TEST(range_be_i32, be_get_i32, be_put_i32, int32_t, 4, 0x11111111, INT32_MIN)
RANGE_TEST(range_be_u64, be_get_u64, be_put_u64, uint64_t, 8, 0x1111111111111111u,
           0xEEDDCCBBAA998877u)
RANGE_TEST(range_be_i64, be_get_i64, be_put_i64, int64_t, 8, 0x1111111111111111, INT64_MIN)

/* Random values at random offsets: the value reads back, its bytes are the
 * reference's, the big-endian twin is the same bytes reversed, and the
 * reference reads the value back too. */
#define ROUNDTRIP_TEST(name, T, W, lput, lget, bput, bget, GEN, BITS, FROMBITS)    \
    static void name(void **state)                                                 \
    {                                                                              \
        (void)state;                                                               \
        test_rng r = {0x1E5A0000u + (W)};                                          \
        for (int iter = 0; iter < 20000; iter++) {                                 \
            uint8_t a[24], b[24], ref[24];                                         \
            T v = GEN;                                                             \
            size_t off = test_rng_below(&r, sizeof a - (W) + 1);                   \
            memset(a, CANARY, sizeof a);                                           \
            memset(b, CANARY, sizeof b);                                           \
            memset(ref, CANARY, sizeof ref);                                       \
            assert_int_equal(lput(a, sizeof a, off, v), LEPACK_OK);                \
            assert_int_equal(ref_put(ref, sizeof ref, off, W, 0, BITS(v)), REF_OK); \
            assert_memory_equal(a, ref, sizeof a);                                 \
            assert_int_equal(bput(b, sizeof b, off, v), LEPACK_OK);                \
            for (size_t k = 0; k < (W); k++)                                       \
                assert_int_equal(b[off + k], a[off + (W) - 1 - k]);                \
            T back = 0;                                                            \
            assert_int_equal(lget(a, sizeof a, off, &back), LEPACK_OK);            \
            assert_true(back == v);                                                \
            back = 0;                                                              \
            assert_int_equal(bget(b, sizeof b, off, &back), LEPACK_OK);            \
            assert_true(back == v);                                                \
            uint64_t u = 0;                                                        \
            assert_int_equal(ref_get(b, sizeof b, off, W, 1, &u), REF_OK);         \
            assert_true(FROMBITS(u) == v);                                         \
        }                                                                          \
    }

#define BITS_U(v) ((uint64_t)(v))
#define BITS_I16(v) ((uint64_t)(uint16_t)(v))
#define BITS_I32(v) ((uint64_t)(uint32_t)(v))
#define BITS_I64(v) ((uint64_t)(v))
#define FROM_U8(u) ((uint8_t)(u))
#define FROM_U16(u) ((uint16_t)(u))
#define FROM_U32(u) ((uint32_t)(u))
#define FROM_U64(u) (u)
#define FROM_I16(u) ((int16_t)ref_sign_extend(u, 2))
#define FROM_I32(u) ((int32_t)ref_sign_extend(u, 4))
#define FROM_I64(u) (ref_sign_extend(u, 8))

ROUNDTRIP_TEST(roundtrip_u8, uint8_t, 1, le_put_u8, le_get_u8, be_put_u8, be_get_u8,
               (uint8_t)test_rng_next(&r), BITS_U, FROM_U8)
ROUNDTRIP_TEST(roundtrip_u16, uint16_t, 2, le_put_u16, le_get_u16, be_put_u16, be_get_u16,
               (uint16_t)test_rng_next(&r), BITS_U, FROM_U16)
ROUNDTRIP_TEST(roundtrip_i16, int16_t, 2, le_put_i16, le_get_i16, be_put_i16, be_get_i16,
               (int16_t)test_rng_i32(&r), BITS_I16, FROM_I16)
ROUNDTRIP_TEST(roundtrip_u32, uint32_t, 4, le_put_u32, le_get_u32, be_put_u32, be_get_u32,
               (uint32_t)test_rng_next(&r), BITS_U, FROM_U32)
ROUNDTRIP_TEST(roundtrip_i32, int32_t, 4, le_put_i32, le_get_i32, be_put_i32, be_get_i32,
               test_rng_i32(&r), BITS_I32, FROM_I32)
ROUNDTRIP_TEST(roundtrip_u64, uint64_t, 8, le_put_u64, le_get_u64, be_put_u64, be_get_u64,
               test_rng_next(&r), BITS_U, FROM_U64)
ROUNDTRIP_TEST(roundtrip_i64, int64_t, 8, le_put_i64, le_get_i64, be_put_i64, be_get_i64,
               test_rng_i64(&r), BITS_I64, FROM_I64)

/* The signed <-> unsigned helpers at every 16-bit value and at the 32/64-bit
 * edges, where a wrong constant shows. */
static void sign_conversions(void **state)
{
    (void)state;
    for (uint32_t u = 0; u <= UINT16_MAX; u++) {
        int16_t s = lepack_i16_of_u16((uint16_t)u);
        int32_t want = u <= 32767 ? (int32_t)u : (int32_t)u - 65536;
        assert_int_equal(s, want);
        assert_int_equal(lepack_u16_of_i16(s), u);
    }
    assert_int_equal(lepack_i32_of_u32(0x80000000u), INT32_MIN);
    assert_int_equal(lepack_i32_of_u32(0xFFFFFFFFu), -1);
    assert_int_equal(lepack_i32_of_u32(0x7FFFFFFFu), INT32_MAX);
    assert_int_equal(lepack_u32_of_i32(INT32_MIN), 0x80000000u);
    assert_int_equal(lepack_u32_of_i32(-1), 0xFFFFFFFFu);
    assert_true(lepack_i64_of_u64(0x8000000000000000u) == INT64_MIN);
    assert_true(lepack_i64_of_u64(UINT64_MAX) == -1);
    assert_true(lepack_i64_of_u64(0x7FFFFFFFFFFFFFFFu) == INT64_MAX);
    assert_true(lepack_u64_of_i64(INT64_MIN) == 0x8000000000000000u);
    assert_true(lepack_u64_of_i64(-1) == UINT64_MAX);
    assert_true(lepack_u64_of_i64(INT64_MIN + 1) == 0x8000000000000001u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(layout_unsigned),
        cmocka_unit_test(layout_i16),
        cmocka_unit_test(layout_i32),
        cmocka_unit_test(layout_i64),
        cmocka_unit_test(layout_unchecked_record),
        cmocka_unit_test(range_le_u8),
        cmocka_unit_test(range_le_u16),
        cmocka_unit_test(range_le_i16),
        cmocka_unit_test(range_le_u32),
        cmocka_unit_test(range_le_i32),
        cmocka_unit_test(range_le_u64),
        cmocka_unit_test(range_le_i64),
        cmocka_unit_test(range_be_u8),
        cmocka_unit_test(range_be_u16),
        cmocka_unit_test(range_be_i16),
        cmocka_unit_test(range_be_u32),
        cmocka_unit_test(range_be_i32),
        cmocka_unit_test(range_be_u64),
        cmocka_unit_test(range_be_i64),
        cmocka_unit_test(roundtrip_u8),
        cmocka_unit_test(roundtrip_u16),
        cmocka_unit_test(roundtrip_i16),
        cmocka_unit_test(roundtrip_u32),
        cmocka_unit_test(roundtrip_i32),
        cmocka_unit_test(roundtrip_u64),
        cmocka_unit_test(roundtrip_i64),
        cmocka_unit_test(sign_conversions),
    };
    return cmocka_run_group_tests_name("le", tests, NULL, NULL);
}
