/* SPDX-License-Identifier: Apache-2.0 */
/* The wire form and the views, checked on whatever host this runs on.
 *
 * Built for the build host and for s390x (run under qemu-s390x), once with
 * the default memcpy form of src/le_mem.h and once with -DLEPACK_BYTEWISE.
 * Every expected byte string below is written out literally, so a host that
 * leaks its own byte order into a view fails here, not in a peer.
 *
 * BE_EXPECT_BIG (0 or 1) is the byte order the build expects the target to
 * have; the check that LEPACK_HOST_BIG_ENDIAN agrees with it, and with the
 * memory of the running process, is what shows that the big-endian branch of
 * le_mem.h is the one compiled and run on s390x. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "items.h"
#include "counters.h"
#include "cursor.h"
#include "le.h"
#include "ref.h"

#ifndef BE_EXPECT_BIG
#error "build with -DBE_EXPECT_BIG=0 or -DBE_EXPECT_BIG=1"
#endif

_Static_assert(LEPACK_HOST_BIG_ENDIAN == BE_EXPECT_BIG,
               "le_mem.h took the wrong host byte order for this target");

static void check_host_order(void)
{
    BE_CHECK_EQ(be_host_is_big_endian(), LEPACK_HOST_BIG_ENDIAN);
#ifndef LEPACK_BYTEWISE
    /* mem_swap_* exists only in the memcpy form: its use here makes the
     * build fail if that form was not the one compiled. */
    BE_CHECK_EQ(mem_swap_u32(0x01020304u, LEPACK_HOST_BIG_ENDIAN),
                LEPACK_HOST_BIG_ENDIAN ? 0x04030201u : 0x01020304u);
#endif
}

/* Unchecked tier: each width and sign, both orders, against literal bytes. */
static void check_unchecked_views(void)
{
    uint8_t b[8];
    static const uint8_t le8[8] = {0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01};
    static const uint8_t be8[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};

    le_store_u16(b, 0x0102u);
    BE_CHECK_BYTES(b, le8 + 6, 2);
    BE_CHECK_EQ(le_load_u16(le8 + 6), 0x0102u);
    le_store_u32(b, 0x01020304u);
    BE_CHECK_BYTES(b, le8 + 4, 4);
    BE_CHECK_EQ(le_load_u32(le8 + 4), 0x01020304u);
    le_store_u64(b, 0x0102030405060708u);
    BE_CHECK_BYTES(b, le8, 8);
    BE_CHECK_EQ(le_load_u64(le8), 0x0102030405060708u);

    be_store_u16(b, 0x0102u);
    BE_CHECK_BYTES(b, be8, 2);
    BE_CHECK_EQ(be_load_u16(be8), 0x0102u);
    be_store_u32(b, 0x01020304u);
    BE_CHECK_BYTES(b, be8, 4);
    BE_CHECK_EQ(be_load_u32(be8), 0x01020304u);
    be_store_u64(b, 0x0102030405060708u);
    BE_CHECK_BYTES(b, be8, 8);
    BE_CHECK_EQ(be_load_u64(be8), 0x0102030405060708u);

    /* Signed values: two's complement, and loads sign-extend. */
    static const uint8_t m2_le[8] = {0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    static const uint8_t min32_le[4] = {0x00, 0x00, 0x00, 0x80};
    static const uint8_t min32_be[4] = {0x80, 0x00, 0x00, 0x00};
    le_store_i16(b, -2);
    BE_CHECK_BYTES(b, m2_le, 2);
    BE_CHECK(le_load_i16(m2_le) == -2);
    le_store_i32(b, INT32_MIN);
    BE_CHECK_BYTES(b, min32_le, 4);
    BE_CHECK(le_load_i32(min32_le) == INT32_MIN);
    be_store_i32(b, INT32_MIN);
    BE_CHECK_BYTES(b, min32_be, 4);
    BE_CHECK(be_load_i32(min32_be) == INT32_MIN);
    le_store_i64(b, -2);
    BE_CHECK_BYTES(b, m2_le, 8);
    BE_CHECK(le_load_i64(m2_le) == -2);
    BE_CHECK(be_load_i64(m2_le) == (int64_t)-0x0100000000000001); /* fe ff .. ff read big-endian */
    BE_CHECK(le_load_i32(le8 + 4) == 0x01020304);
}

/* Checked tier: in range writes exactly width bytes; out of range writes
 * nothing, including offsets whose sum with the width wraps size_t. */
static void check_checked_views(void)
{
    uint8_t buf[12];
    memset(buf, 0xaa, sizeof buf);
    BE_CHECK_EQ(le_put_u32(buf, sizeof buf, 8, 0x11223344u), LEPACK_OK);
    static const uint8_t want[12] = {0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa,
                                     0xaa, 0xaa, 0x44, 0x33, 0x22, 0x11};
    BE_CHECK_BYTES(buf, want, sizeof buf);

    uint8_t before[12];
    memcpy(before, buf, sizeof buf);
    BE_CHECK_EQ(le_put_u32(buf, sizeof buf, 9, 1u), LEPACK_ERANGE);
    BE_CHECK_EQ(le_put_u64(buf, sizeof buf, 5, 1u), LEPACK_ERANGE);
    BE_CHECK_EQ(be_put_i64(buf, sizeof buf, SIZE_MAX - 3, 1), LEPACK_ERANGE);
    BE_CHECK_EQ(le_put_u8(buf, sizeof buf, sizeof buf, 1u), LEPACK_ERANGE);
    BE_CHECK_BYTES(buf, before, sizeof buf);

    uint32_t u32 = 7;
    BE_CHECK_EQ(le_get_u32(buf, sizeof buf, 8, &u32), LEPACK_OK);
    BE_CHECK_EQ(u32, 0x11223344u);
    BE_CHECK_EQ(be_get_u32(buf, sizeof buf, 8, &u32), LEPACK_OK);
    BE_CHECK_EQ(u32, 0x44332211u);
    u32 = 7;
    BE_CHECK_EQ(le_get_u32(buf, sizeof buf, 10, &u32), LEPACK_ERANGE);
    BE_CHECK_EQ(le_get_u32(buf, sizeof buf, SIZE_MAX, &u32), LEPACK_ERANGE);
    BE_CHECK_EQ(u32, 7u);
    int64_t i64 = 0;
    BE_CHECK_EQ(le_get_i64(buf, sizeof buf, 4, &i64), LEPACK_OK);
    BE_CHECK(i64 == (int64_t)0x11223344aaaaaaaau);
}

/* The cursor writes values back to back in the pinned order and refuses,
 * without moving, a value that does not fit. */
static void check_cursor(void)
{
    uint8_t buf[7];
    lepack_cursor c;
    lepack_cursor_init(&c, buf, sizeof buf);
    BE_CHECK_EQ(lepack_cursor_put_le_u16(&c, 0x0102u), LEPACK_OK);
    BE_CHECK_EQ(lepack_cursor_put_le_u32(&c, 0x03040506u), LEPACK_OK);
    BE_CHECK_EQ(lepack_cursor_put_le_u16(&c, 0xffffu), LEPACK_ENOSPACE);
    BE_CHECK_EQ(c.pos, 6u);
    static const uint8_t want[6] = {0x02, 0x01, 0x06, 0x05, 0x04, 0x03};
    BE_CHECK_BYTES(buf, want, 6);

    lepack_cursor_init(&c, buf, 6);
    uint16_t u16 = 0;
    uint32_t u32 = 0;
    BE_CHECK_EQ(lepack_cursor_get_le_u16(&c, &u16), LEPACK_OK);
    BE_CHECK_EQ(lepack_cursor_get_le_u32(&c, &u32), LEPACK_OK);
    BE_CHECK_EQ(u16, 0x0102u);
    BE_CHECK_EQ(u32, 0x03040506u);
    uint8_t u8 = 0x5a;
    BE_CHECK_EQ(lepack_cursor_get_le_u8(&c, &u8), LEPACK_ERANGE);
    BE_CHECK_EQ(u8, 0x5au);
    BE_CHECK_EQ(c.pos, 6u);
}


static void check_counters_wire(void)
{
    uint8_t want[WIRE_ITEMS * LEPACK_ITEM_SIZE];
    for (size_t i = 0; i < WIRE_ITEMS; i++)
        be_unhex(wire_items[i].hex, want + i * LEPACK_ITEM_SIZE, LEPACK_ITEM_SIZE);

    /* Capacity 1 forces the growth path that Ignite got wrong: every item
     * after the first is written into grown space. */
    lepack_counters m;
    BE_CHECK_EQ(lepack_counters_init(&m, 7, 1), LEPACK_OK);
    for (size_t i = 0; i < WIRE_ITEMS; i++)
        BE_CHECK_EQ(lepack_counters_add(&m, wire_items[i].partition,
                                        wire_items[i].initial_counter,
                                        wire_items[i].updates_count),
                    LEPACK_OK);
    size_t len = 0;
    const uint8_t *wire = lepack_counters_wire(&m, &len);
    BE_CHECK_EQ(len, sizeof want);
    if (wire != NULL && len == sizeof want)
        BE_CHECK_BYTES(wire, want, sizeof want);

    uint8_t out[sizeof want];
    size_t written = 0;
    BE_CHECK_EQ(lepack_counters_encode(&m, out, sizeof out - 1, &written), LEPACK_ENOSPACE);
    BE_CHECK_EQ(written, sizeof want);
    BE_CHECK_EQ(lepack_counters_encode(&m, out, sizeof out, &written), LEPACK_OK);
    BE_CHECK_EQ(written, sizeof want);
    BE_CHECK_BYTES(out, want, sizeof want);
    lepack_counters_free(&m);

    /* Decoding literal bytes gives the items back through the getters. */
    lepack_counters d;
    BE_CHECK_EQ(lepack_counters_init(&d, 9, 0), LEPACK_OK);
    BE_CHECK_EQ(lepack_counters_decode(&d, want, sizeof want), LEPACK_OK);
    BE_CHECK_EQ(lepack_counters_size(&d), WIRE_ITEMS);
    for (size_t i = 0; i < WIRE_ITEMS; i++) {
        int32_t p = 0;
        int64_t ic = 0, uc = 0;
        BE_CHECK_EQ(lepack_counters_partition(&d, i, &p), LEPACK_OK);
        BE_CHECK_EQ(lepack_counters_initial_counter(&d, i, &ic), LEPACK_OK);
        BE_CHECK_EQ(lepack_counters_updates_count(&d, i, &uc), LEPACK_OK);
        BE_CHECK(p == wire_items[i].partition);
        BE_CHECK(ic == wire_items[i].initial_counter);
        BE_CHECK(uc == wire_items[i].updates_count);
    }
    int32_t p = 42;
    BE_CHECK_EQ(lepack_counters_partition(&d, WIRE_ITEMS, &p), LEPACK_ERANGE);
    BE_CHECK(p == 42);

    /* next_counter reads the counters through the same views. */
    int64_t next = 0;
    BE_CHECK_EQ(lepack_counters_next_counter(&d, INT32_MIN, &next), LEPACK_OK);
    BE_CHECK(next == INT64_MIN + 1);
    BE_CHECK_EQ(lepack_counters_next_counter(&d, 0x01020304, &next), LEPACK_OK);
    BE_CHECK(next == 0x1122334455667789);

    /* A length that is not a multiple of 20 is refused and changes nothing. */
    BE_CHECK_EQ(lepack_counters_decode(&d, want, sizeof want - 1), LEPACK_EBADLEN);
    BE_CHECK_EQ(lepack_counters_decode(&d, want, 19), LEPACK_EBADLEN);
    BE_CHECK_EQ(lepack_counters_decode(&d, want, 21), LEPACK_EBADLEN);
    BE_CHECK_EQ(lepack_counters_size(&d), WIRE_ITEMS);
    BE_CHECK_EQ(lepack_counters_decode(&d, NULL, 0), LEPACK_OK);
    BE_CHECK_EQ(lepack_counters_size(&d), 0u);
    lepack_counters_free(&d);
}

/* lepack against the naive reference on pseudo-random items: the reference
 * assembles bytes in loops, so it has no host byte order to leak. */
static void check_against_ref(void)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    lepack_counters m;
    ref_counters r;
    BE_CHECK_EQ(lepack_counters_init(&m, 1, 0), LEPACK_OK);
    BE_CHECK_EQ(ref_init(&r, 1), REF_OK);
    for (int i = 0; i < 500; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int32_t part = lepack_i32_of_u32((uint32_t)(x >> 32));
        int64_t init = lepack_i64_of_u64(x * 0xff51afd7ed558ccdu);
        int64_t upd = lepack_i64_of_u64(x ^ 0xc4ceb9fe1a85ec53u);
        int added = lepack_counters_add(&m, part, init, upd) == LEPACK_OK &&
                    ref_add(&r, part, init, upd) == REF_OK;
        if (!added) {
            BE_CHECK(added);
            break;
        }
    }
    size_t len = 0;
    const uint8_t *wire = lepack_counters_wire(&m, &len);
    uint8_t *ref_bytes = malloc(len);
    size_t written = 0;
    BE_CHECK(ref_bytes != NULL);
    if (ref_bytes != NULL) {
        BE_CHECK_EQ(ref_encode(&r, ref_bytes, len, &written), REF_OK);
        BE_CHECK_EQ(written, len);
        if (written == len && wire != NULL)
            BE_CHECK_BYTES(wire, ref_bytes, len);
    }
    free(ref_bytes);
    ref_free(&r);
    lepack_counters_free(&m);
}

int main(void)
{
    check_host_order();
    check_unchecked_views();
    check_checked_views();
    check_cursor();
    check_counters_wire();
    check_against_ref();
    printf("wire_check: host %s-endian, %s form of le_mem.h\n",
           LEPACK_HOST_BIG_ENDIAN ? "big" : "little",
#ifdef LEPACK_BYTEWISE
           "bytewise"
#else
           "memcpy"
#endif
    );
    return be_check_summary("wire_check");
}
