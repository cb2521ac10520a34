/* SPDX-License-Identifier: Apache-2.0 */
/* The message of src/counters.h: wire layout, growth, bounds, encode and
 * decode errors, and next_counter's semantics. */
#include "test_util.h"

#include "counters.h"
#include "le.h"

#define CANARY 0xC3u

static void check_item(const lepack_counters *m, size_t i, int32_t part, int64_t init,
                       int64_t upd)
{
    int32_t p = 0;
    int64_t a = 0, b = 0;
    assert_int_equal(lepack_counters_partition(m, i, &p), LEPACK_OK);
    assert_int_equal(lepack_counters_initial_counter(m, i, &a), LEPACK_OK);
    assert_int_equal(lepack_counters_updates_count(m, i, &b), LEPACK_OK);
    assert_int_equal(p, part);
    assert_true(a == init);
    assert_true(b == upd);
}

/* One item, byte by byte, with every field negative or extreme so that a
 * swapped order, a wrong offset or padding shows. */
static void wire_layout_one_item(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 42, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_cache_id(&m), 42);
    assert_int_equal(lepack_counters_add(&m, 0x01020304, INT64_MIN, -2), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, INT32_MIN, 0x1112131415161718, INT64_MAX),
                     LEPACK_OK);
    size_t len = 0;
    const uint8_t *w = lepack_counters_wire(&m, &len);
    const uint8_t exp[40] = {
        0x04, 0x03, 0x02, 0x01,                         /* partition 0x01020304 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, /* INT64_MIN */
        0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, /* -2 */
        0x00, 0x00, 0x00, 0x80,                         /* INT32_MIN */
        0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, /* INT64_MAX */
    };
    assert_int_equal(len, sizeof exp);
    assert_non_null(w);
    assert_memory_equal(w, exp, sizeof exp);
    uint8_t out[48];
    size_t written = 0;
    memset(out, CANARY, sizeof out);
    assert_int_equal(lepack_counters_encode(&m, out, sizeof out, &written), LEPACK_OK);
    assert_int_equal(written, 40);
    assert_memory_equal(out, exp, sizeof exp);
    for (size_t k = 40; k < sizeof out; k++)
        assert_int_equal(out[k], CANARY);
    check_item(&m, 0, 0x01020304, INT64_MIN, -2);
    check_item(&m, 1, INT32_MIN, 0x1112131415161718, INT64_MAX);
    lepack_counters_free(&m);
    assert_int_equal(lepack_counters_size(&m), 0);
}

/* Ignite grew by a factor that for capacity 1 adds nothing, then wrote past
 * the array.  Adding far past an initial capacity of 1 (and of 0) with
 * every value checked after every add exposes a lost value; ASan exposes
 * the write itself. */
static void growth_from_small_capacity(void **state)
{
    (void)state;
    for (size_t initial = 0; initial <= 3; initial++) {
        lepack_counters m;
        assert_int_equal(lepack_counters_init(&m, -7, initial), LEPACK_OK);
        assert_int_equal(m.capacity, initial);
        for (int32_t i = 0; i < 300; i++) {
            assert_int_equal(lepack_counters_add(&m, i * 7 - 1000, (int64_t)i * -3,
                                                 INT64_MAX - i),
                             LEPACK_OK);
            assert_int_equal(lepack_counters_size(&m), (size_t)i + 1);
            assert_true(m.capacity >= m.size);
            for (int32_t j = 0; j <= i; j++)
                check_item(&m, (size_t)j, j * 7 - 1000, (int64_t)j * -3, INT64_MAX - j);
        }
        size_t len = 0;
        const uint8_t *w = lepack_counters_wire(&m, &len);
        assert_int_equal(len, 300 * LEPACK_ITEM_SIZE);
        assert_int_equal(le_load_i32(w + 299 * 20), 299 * 7 - 1000);
        lepack_counters_free(&m);
    }
}

static void grown_capacity_edges(void **state)
{
    (void)state;
    const size_t max = LEPACK_MAX_ITEMS;
    /* A request that cannot be counted in bytes. */
    assert_int_equal(lepack_counters_grown_capacity(0, max + 1), 0);
    assert_int_equal(lepack_counters_grown_capacity(5, SIZE_MAX), 0);
    assert_int_equal(lepack_counters_grown_capacity(max, max + 1), 0);
    /* Small capacities grow by less than one item: the request wins. */
    assert_int_equal(lepack_counters_grown_capacity(0, 1), 1);
    assert_int_equal(lepack_counters_grown_capacity(1, 2), 2);
    assert_int_equal(lepack_counters_grown_capacity(2, 3), 3);
    assert_int_equal(lepack_counters_grown_capacity(3, 4), 4);
    assert_int_equal(lepack_counters_grown_capacity(1, 100), 100);
    /* Then the factor wins. */
    assert_int_equal(lepack_counters_grown_capacity(6, 7), 8);
    assert_int_equal(lepack_counters_grown_capacity(30, 31), 40);
    assert_int_equal(lepack_counters_grown_capacity(300, 301), 400);
    /* Near the limit the factor is clamped, never wrapped. */
    assert_int_equal(lepack_counters_grown_capacity(max - 1, max), max);
    assert_int_equal(lepack_counters_grown_capacity(max - 2, max - 1), max);
    assert_int_equal(lepack_counters_grown_capacity(max / 4 * 3 + 3, max / 4 * 3 + 4), max);
    assert_int_equal(lepack_counters_grown_capacity(max, max), max);
    assert_int_equal(lepack_counters_grown_capacity(0, max), max);
    assert_int_equal(lepack_counters_grown_capacity(SIZE_MAX, 10), max);
    size_t c = max / 4 * 3 - 3; /* c + c/3 stays just inside */
    assert_int_equal(lepack_counters_grown_capacity(c, c + 1), c + c / 3);
    assert_true(c + c / 3 <= max);
    /* The contract over a seeded sweep. */
    test_rng r = {0x9009u};
    for (int i = 0; i < 100000; i++) {
        size_t cap = (size_t)(test_rng_next(&r) >> test_rng_below(&r, 64));
        size_t need = (size_t)(test_rng_next(&r) >> test_rng_below(&r, 64));
        size_t g = lepack_counters_grown_capacity(cap, need);
        if (need > max) {
            assert_int_equal(g, 0);
            continue;
        }
        assert_true(g >= need && g <= max);
        if (cap <= max && cap + cap / 3 <= max)
            assert_int_equal(g, need > cap + cap / 3 ? need : cap + cap / 3);
        else
            assert_int_equal(g, max);
        assert_true(g * LEPACK_ITEM_SIZE / LEPACK_ITEM_SIZE == g);
    }
}

static void init_errors(void **state)
{
    (void)state;
    lepack_counters m;
    memset(&m, 0xEE, sizeof m);
    lepack_counters before;
    memcpy(&before, &m, sizeof m);
    assert_int_equal(lepack_counters_init(&m, 1, LEPACK_MAX_ITEMS + 1), LEPACK_EOVERFLOW);
    assert_memory_equal(&m, &before, sizeof m);
    assert_int_equal(lepack_counters_init(&m, 1, SIZE_MAX), LEPACK_EOVERFLOW);
    assert_memory_equal(&m, &before, sizeof m);
    /* Exactly LEPACK_MAX_ITEMS passes the size check and reaches the real
     * allocator, which cannot give SIZE_MAX - 15 bytes on any host (on a
     * 32-bit one, 4 GiB less 16): ENOMEM, *m untouched. */
    assert_int_equal(lepack_counters_init(&m, 1, LEPACK_MAX_ITEMS), LEPACK_ENOMEM);
    assert_memory_equal(&m, &before, sizeof m);
    assert_int_equal(lepack_counters_init(&m, INT32_MIN, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_cache_id(&m), INT32_MIN);
    assert_int_equal(lepack_counters_size(&m), 0);
    size_t len = 99;
    assert_null(lepack_counters_wire(&m, &len));
    assert_int_equal(len, 0);
    lepack_counters_free(&m);
}

static void index_out_of_range(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 0, 4), LEPACK_OK);
    const size_t bad[] = {0, 1, 2, 3, 4, SIZE_MAX, SIZE_MAX / 20 + 1, SIZE_MAX / 20};
    for (int round = 0; round < 3; round++) {
        size_t size = lepack_counters_size(&m);
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            if (bad[k] < size)
                continue;
            int32_t p = 0x5A5A5A5A;
            int64_t a = 0x5A5A5A5A5A5A5A5A, b = 0x5A5A5A5A5A5A5A5A;
            assert_int_equal(lepack_counters_partition(&m, bad[k], &p), LEPACK_ERANGE);
            assert_int_equal(lepack_counters_initial_counter(&m, bad[k], &a), LEPACK_ERANGE);
            assert_int_equal(lepack_counters_updates_count(&m, bad[k], &b), LEPACK_ERANGE);
            assert_int_equal(p, 0x5A5A5A5A);
            assert_true(a == 0x5A5A5A5A5A5A5A5A && b == 0x5A5A5A5A5A5A5A5A);
        }
        /* The last index in range works: an off-by-one check fails here. */
        if (size > 0)
            check_item(&m, size - 1, (int32_t)size, -(int64_t)size, (int64_t)size * 2);
        assert_int_equal(lepack_counters_add(&m, (int32_t)size + 1, -(int64_t)size - 1,
                                             ((int64_t)size + 1) * 2),
                         LEPACK_OK);
    }
    lepack_counters_free(&m);
}

static void encode_too_small(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 3, 1), LEPACK_OK);
    uint8_t out[64];
    size_t written = 777;
    /* Empty: even cap 0 fits. */
    assert_int_equal(lepack_counters_encode(&m, out, 0, &written), LEPACK_OK);
    assert_int_equal(written, 0);
    for (int32_t i = 0; i < 3; i++)
        assert_int_equal(lepack_counters_add(&m, i, -1, -1), LEPACK_OK);
    for (size_t cap = 0; cap < 60; cap++) {
        memset(out, CANARY, sizeof out);
        written = 777;
        assert_int_equal(lepack_counters_encode(&m, out, cap, &written), LEPACK_ENOSPACE);
        assert_int_equal(written, 60); /* the size needed, as the UTF-8 calls report it */
        for (size_t k = 0; k < sizeof out; k++)
            assert_int_equal(out[k], CANARY);
    }
    memset(out, CANARY, sizeof out);
    assert_int_equal(lepack_counters_encode(&m, out, 60, &written), LEPACK_OK);
    assert_int_equal(written, 60);
    assert_int_equal(out[60], CANARY);
    size_t len;
    assert_memory_equal(out, lepack_counters_wire(&m, &len), 60);
    lepack_counters_free(&m);
}

static void decode_bad_lengths(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 9, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 5, 100, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 6, 200, 2), LEPACK_OK);
    int64_t out = 0;
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_OK);
    assert_true(out == 101);
    uint8_t src[64];
    for (size_t k = 0; k < sizeof src; k++)
        src[k] = (uint8_t)(k * 13 + 1);
    const size_t lens[] = {1, 19, 21, 39, 41, 59, 61, 63};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
        test_snapshot s;
        test_snapshot_take(&s, &m);
        assert_int_equal(lepack_counters_decode(&m, src, lens[k]), LEPACK_EBADLEN);
        test_snapshot_check(&s, &m);
        test_snapshot_free(&s);
    }
    /* The next_counter state survived the failed decodes too. */
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_OK);
    assert_true(out == 102);
    /* A good decode replaces the items and forgets the counters. */
    assert_int_equal(lepack_counters_decode(&m, src, 60), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 3);
    assert_int_equal(lepack_counters_cache_id(&m), 9);
    size_t len;
    assert_memory_equal(lepack_counters_wire(&m, &len), src, 60);
    assert_int_equal(len, 60);
    int32_t p;
    assert_int_equal(lepack_counters_partition(&m, 1, &p), LEPACK_OK);
    assert_int_equal(p, le_load_i32(src + 20));
    int64_t init;
    assert_int_equal(lepack_counters_initial_counter(&m, 1, &init), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, p, &out), LEPACK_OK);
    /* src has three distinct partitions, so item 1's own counter is used. */
    assert_true(out == init + 1);
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_ENOTFOUND);
    /* Zero bytes: an empty message that keeps its cache id. */
    assert_int_equal(lepack_counters_decode(&m, src, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 0);
    assert_null(lepack_counters_wire(&m, &len));
    assert_int_equal(len, 0);
    assert_int_equal(lepack_counters_cache_id(&m), 9);
    assert_int_equal(lepack_counters_next_counter(&m, p, &out), LEPACK_ENOTFOUND);
    lepack_counters_free(&m);
}

/* Decoding more items than the capacity grows; fewer keeps no stale item. */
static void decode_sizes(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 1, 1), LEPACK_OK);
    uint8_t src[20 * 50];
    test_rng r = {0xDEC0DEu};
    for (size_t k = 0; k < sizeof src; k++)
        src[k] = (uint8_t)test_rng_next(&r);
    const size_t items[] = {50, 1, 7, 0, 33, 2};
    for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) {
        size_t n = items[k];
        const uint8_t *from = src + (sizeof src - n * 20);
        assert_int_equal(lepack_counters_decode(&m, from, n * 20), LEPACK_OK);
        assert_int_equal(lepack_counters_size(&m), n);
        size_t len;
        const uint8_t *w = lepack_counters_wire(&m, &len);
        assert_int_equal(len, n * 20);
        if (n > 0)
            assert_memory_equal(w, from, len);
        int32_t p = 0;
        assert_int_equal(lepack_counters_partition(&m, n, &p), LEPACK_ERANGE);
    }
    lepack_counters_free(&m);
}

/* Ignite's data field as a sender that skipped finishUpdating() puts it on
 * the wire: new(cacheId, 4), add(1, 2, 3) gives 80 bytes with size 1.  The
 * size decides; the strict decode would read four items, three of them
 * phantom zeros. */
static void decode_sized_spare_capacity(void **state)
{
    (void)state;
    uint8_t data[80] = {0};
    le_store_i32(data, 1);
    le_store_i64(data + 4, 2);
    le_store_i64(data + 12, 3);
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 5, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_decode(&m, data, sizeof data), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 4);
    assert_int_equal(lepack_counters_decode_sized(&m, data, sizeof data, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 1);
    assert_int_equal(lepack_counters_cache_id(&m), 5);
    check_item(&m, 0, 1, 2, 3);
    int32_t p = 0;
    assert_int_equal(lepack_counters_partition(&m, 1, &p), LEPACK_ERANGE);
    /* Spare bytes that end inside an item (Ignite grows by bytes), and a
     * size of 0 (every byte spare). */
    uint8_t odd[46];
    for (size_t k = 0; k < sizeof odd; k++)
        odd[k] = (uint8_t)(0xF0u - k);
    const int32_t sizes[] = {2, 1, 0};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        assert_int_equal(lepack_counters_decode_sized(&m, odd, sizeof odd, sizes[k]), LEPACK_OK);
        size_t len = 0;
        const uint8_t *w = lepack_counters_wire(&m, &len);
        assert_int_equal(lepack_counters_size(&m), (size_t)sizes[k]);
        assert_int_equal(len, (size_t)sizes[k] * 20);
        if (len > 0)
            assert_memory_equal(w, odd, len);
    }
    /* Only the items are read: a block holding just them is enough, however
     * long the field is said to be (ASan watches the bytes after it). */
    uint8_t *exact = malloc(20);
    assert_non_null(exact);
    memcpy(exact, data, 20);
    assert_int_equal(lepack_counters_decode_sized(&m, exact, 4000, 1), LEPACK_OK);
    check_item(&m, 0, 1, 2, 3);
    free(exact);
    lepack_counters_free(&m);
}

/* Every size the data cannot hold, or that is no count, is refused, and the
 * message (counters included) is as it was.  None of them reads a byte: the
 * data pointer is NULL. */
static void decode_sized_bad_sizes(void **state)
{
    (void)state;
    uint8_t data[60];
    for (size_t k = 0; k < sizeof data; k++)
        data[k] = (uint8_t)(k * 7 + 3);
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 9, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 5, 100, 1), LEPACK_OK);
    int64_t out = 0;
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_OK);
    const struct {
        size_t len;
        int32_t size;
        lepack_status want;
    } cases[] = {
        {60, -1, LEPACK_EINVAL},
        {60, INT32_MIN, LEPACK_EINVAL},
        {0, -5, LEPACK_EINVAL},
        {0, 1, LEPACK_EBADLEN},
        {19, 1, LEPACK_EBADLEN},
        {59, 3, LEPACK_EBADLEN},
        {60, 4, LEPACK_EBADLEN},
        /* 107374183 * 20 and 214748365 * 20 wrap a Java int to a negative
         * number and to 4: a check written as size * 20 > length in int
         * arithmetic accepts them. */
        {60, 107374183, LEPACK_EBADLEN},
        {60, 214748365, LEPACK_EBADLEN},
        {SIZE_MAX, INT32_MAX, SIZE_MAX / 20 >= (size_t)INT32_MAX ? LEPACK_OK : LEPACK_EBADLEN},
        {60, INT32_MAX, LEPACK_EBADLEN},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        if (cases[k].want == LEPACK_OK)
            continue; /* a 64-bit size_t: no block that long to read from */
        test_snapshot s;
        test_snapshot_take(&s, &m);
        assert_int_equal(lepack_counters_decode_sized(&m, NULL, cases[k].len, cases[k].size),
                         cases[k].want);
        test_snapshot_check(&s, &m);
        test_snapshot_free(&s);
    }
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_OK);
    assert_true(out == 102);
    /* The sizes that fit, for contrast: the same data, size 3 and 0. */
    assert_int_equal(lepack_counters_decode_sized(&m, data, 60, 3), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 3);
    assert_int_equal(lepack_counters_next_counter(&m, 5, &out), LEPACK_ENOTFOUND);
    assert_int_equal(lepack_counters_decode_sized(&m, NULL, 0, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 0);
    lepack_counters_free(&m);
}

/* The fields as Ignite's direct-marshalling stream writes them: each int
 * as v + 1 in 7-bit groups, the data as its length then its bytes. */
static void encode_fields_bytes(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 1, 0), LEPACK_OK);
    uint8_t out[64];
    size_t written = 0;
    /* No items: cacheId 1 -> 02, data of length 0 -> 01, size 0 -> 01. */
    memset(out, CANARY, sizeof out);
    assert_int_equal(lepack_counters_encode_fields(&m, out, sizeof out, &written), LEPACK_OK);
    assert_int_equal(written, 3);
    const uint8_t empty[] = {0x02, 0x01, 0x01, CANARY};
    assert_memory_equal(out, empty, sizeof empty);
    /* One item: its length 20 -> 0x15, its 20 bytes, size 1 -> 02. */
    assert_int_equal(lepack_counters_add(&m, 1, 2, 3), LEPACK_OK);
    assert_int_equal(lepack_counters_encode_fields(&m, out, sizeof out, &written), LEPACK_OK);
    assert_int_equal(written, 23);
    assert_int_equal(out[0], 0x02);
    assert_int_equal(out[1], 0x15);
    size_t len;
    assert_memory_equal(out + 2, lepack_counters_wire(&m, &len), 20);
    assert_int_equal(out[22], 0x02);
    lepack_counters_free(&m);
    /* The cache id's edges: -1 -> 00 (w = 0), 127 -> 80 01 (w = 128),
     * Integer.MAX_VALUE -> w = 2^31 in five bytes, Integer.MIN_VALUE ->
     * w = 2^31 + 1, -2 -> w = 2^32 - 1. */
    const struct {
        int32_t id;
        size_t n;
        uint8_t bytes[5];
    } ids[] = {
        {-1, 1, {0x00}},
        {0, 1, {0x01}},
        {126, 1, {0x7f}},
        {127, 2, {0x80, 0x01}},
        {16382, 2, {0xff, 0x7f}},
        {16383, 3, {0x80, 0x80, 0x01}},
        {INT32_MAX, 5, {0x80, 0x80, 0x80, 0x80, 0x08}},
        {INT32_MIN, 5, {0x81, 0x80, 0x80, 0x80, 0x08}},
        {-2, 5, {0xff, 0xff, 0xff, 0xff, 0x0f}},
    };
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        assert_int_equal(lepack_counters_init(&m, ids[k].id, 0), LEPACK_OK);
        memset(out, CANARY, sizeof out);
        assert_int_equal(lepack_counters_encode_fields(&m, out, ids[k].n + 2, &written), LEPACK_OK);
        assert_int_equal(written, ids[k].n + 2);
        assert_memory_equal(out, ids[k].bytes, ids[k].n);
        assert_int_equal(out[ids[k].n], 0x01);
        assert_int_equal(out[ids[k].n + 1], 0x01);
        assert_int_equal(out[ids[k].n + 2], CANARY);
        lepack_counters_free(&m);
    }
}

/* Too small: nothing written, the size needed reported.  Too many items for
 * a Java int length: refused before anything is read (the size is set by
 * hand, past the storage, which the call must never touch). */
static void encode_fields_errors(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 300, 0), LEPACK_OK);
    for (int32_t i = 0; i < 7; i++)
        assert_int_equal(lepack_counters_add(&m, i, -i, i), LEPACK_OK);
    /* 300 -> 2 bytes, 140 + 1 -> 2 bytes, 140 bytes, 7 + 1 -> 1 byte. */
    const size_t need = 2 + 2 + 140 + 1;
    uint8_t out[200];
    for (size_t cap = 0; cap < need; cap += 7) {
        memset(out, CANARY, sizeof out);
        size_t written = 12345;
        assert_int_equal(lepack_counters_encode_fields(&m, out, cap, &written), LEPACK_ENOSPACE);
        assert_int_equal(written, need);
        for (size_t k = 0; k < sizeof out; k++)
            assert_int_equal(out[k], CANARY);
    }
    size_t written = 0;
    assert_int_equal(lepack_counters_encode_fields(&m, out, need, &written), LEPACK_OK);
    assert_int_equal(written, need);
    size_t saved = m.size;
    m.size = LEPACK_JAVA_MAX_ITEMS;
    assert_int_equal(lepack_counters_encode_fields(&m, NULL, 0, &written), LEPACK_ENOSPACE);
    assert_int_equal(written, 2 + 5 + (size_t)LEPACK_JAVA_MAX_ITEMS * 20 + 4);
    m.size = (size_t)LEPACK_JAVA_MAX_ITEMS + 1;
    written = 77;
    assert_int_equal(lepack_counters_encode_fields(&m, NULL, SIZE_MAX, &written),
                     LEPACK_EOVERFLOW);
    assert_int_equal(written, 77);
    m.size = saved;
    lepack_counters_free(&m);
}

/* Growth from no storage at all: a message made with capacity 0, and one
 * whose empty storage shrink gave back (finishUpdating() of an empty
 * message, Ignite's zero-length data).  Ignite's GridUnsafe doubling left
 * a zero-length array at zero bytes and wrote the item outside it. */
static void growth_from_zero_capacity(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 3, 4), LEPACK_OK);
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_int_equal(m.capacity, 0);
    assert_null(m.data);
    assert_int_equal(lepack_counters_add(&m, 11, 12, 13), LEPACK_OK);
    assert_true(m.capacity >= 1);
    check_item(&m, 0, 11, 12, 13);
    lepack_counters_free(&m);
    /* Decodes into no storage grow too. */
    uint8_t data[40];
    for (size_t k = 0; k < sizeof data; k++)
        data[k] = (uint8_t)k;
    assert_int_equal(lepack_counters_init(&m, 3, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_decode_sized(&m, data, sizeof data, 2), LEPACK_OK);
    size_t len;
    assert_memory_equal(lepack_counters_wire(&m, &len), data, 40);
    lepack_counters_free(&m);
    assert_int_equal(lepack_counters_init(&m, 3, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_decode(&m, data, sizeof data), LEPACK_OK);
    assert_memory_equal(lepack_counters_wire(&m, &len), data, 40);
    lepack_counters_free(&m);
}

static void next_counter_semantics(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    assert_int_equal(lepack_counters_init(&m, 0, 2), LEPACK_OK);
    /* Empty message: nothing is found. */
    assert_int_equal(lepack_counters_next_counter(&m, 0, &out), LEPACK_ENOTFOUND);
    assert_int_equal(lepack_counters_add(&m, 1, 10, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 2, INT64_MAX - 1, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 1, 20, 0), LEPACK_OK); /* last wins */
    assert_int_equal(lepack_counters_add(&m, -3, -1, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 21);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 22);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 23);
    assert_int_equal(lepack_counters_next_counter(&m, -3, &out), LEPACK_OK);
    assert_true(out == 0);
    /* Java's long wraps. */
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == INT64_MAX);
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == INT64_MIN);
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == INT64_MIN + 1);
    /* Absent partitions leave *out alone. */
    out = 4242;
    const int32_t absent[] = {0, 3, -1, INT32_MIN, INT32_MAX};
    for (size_t k = 0; k < sizeof absent / sizeof absent[0]; k++) {
        assert_int_equal(lepack_counters_next_counter(&m, absent[k], &out), LEPACK_ENOTFOUND);
        assert_true(out == 4242);
    }
    /* The counters live beside the items: the wire form is untouched. */
    check_item(&m, 0, 1, 10, 0);
    check_item(&m, 2, 1, 20, 0);
    /* Items added after the map exists join it, a repeat overriding the
     * counter as a rebuild from all items would. */
    assert_int_equal(lepack_counters_add(&m, INT32_MIN, 500, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, INT32_MIN, &out), LEPACK_OK);
    assert_true(out == 501);
    assert_int_equal(lepack_counters_add(&m, 1, 1000, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 1001);
    /* Many later partitions: forces the map to grow while built. */
    for (int32_t p = 100; p < 400; p++)
        assert_int_equal(lepack_counters_add(&m, p, (int64_t)p * 1000, 0), LEPACK_OK);
    for (int32_t p = 100; p < 400; p++) {
        assert_int_equal(lepack_counters_next_counter(&m, p, &out), LEPACK_OK);
        assert_true(out == (int64_t)p * 1000 + 1);
    }
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == INT64_MIN + 2);
    lepack_counters_free(&m);
}

/* Partitions that collide in any small table still resolve to their own
 * counter (the map probes linearly). */
static void next_counter_many_partitions(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    assert_int_equal(lepack_counters_init(&m, 0, 0), LEPACK_OK);
    for (int32_t i = 0; i < 2000; i++)
        assert_int_equal(lepack_counters_add(&m, i * 1024, -(int64_t)i, 0), LEPACK_OK);
    for (int32_t i = 1999; i >= 0; i--) {
        assert_int_equal(lepack_counters_next_counter(&m, i * 1024, &out), LEPACK_OK);
        assert_true(out == 1 - (int64_t)i);
    }
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_ENOTFOUND);
    lepack_counters_free(&m);
}

static void clear_keeps_capacity(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    assert_int_equal(lepack_counters_init(&m, 77, 1), LEPACK_OK);
    for (int32_t i = 0; i < 10; i++)
        assert_int_equal(lepack_counters_add(&m, i, i, i), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 3, &out), LEPACK_OK);
    size_t cap = m.capacity;
    lepack_counters_clear(&m);
    assert_int_equal(lepack_counters_size(&m), 0);
    assert_int_equal(m.capacity, cap);
    assert_int_equal(lepack_counters_cache_id(&m), 77);
    size_t len = 5;
    assert_null(lepack_counters_wire(&m, &len));
    assert_int_equal(len, 0);
    int32_t p = 99;
    assert_int_equal(lepack_counters_partition(&m, 0, &p), LEPACK_ERANGE);
    assert_int_equal(p, 99);
    assert_int_equal(lepack_counters_next_counter(&m, 3, &out), LEPACK_ENOTFOUND);
    /* Reused after clear: a new map from the new items only. */
    assert_int_equal(lepack_counters_add(&m, 3, 50, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 3, &out), LEPACK_OK);
    assert_true(out == 51);
    check_item(&m, 0, 3, 50, 0);
    lepack_counters_clear(&m);
    lepack_counters_clear(&m);
    assert_int_equal(lepack_counters_size(&m), 0);
    lepack_counters_free(&m);
    /* A freed message is empty and usable as one. */
    assert_int_equal(lepack_counters_size(&m), 0);
    lepack_counters_free(&m);
}

/* Ignite's finishUpdating(): after a shrink the storage holds exactly the
 * items, which keep their bytes; the map keeps counting; a later add grows
 * again; an empty message gives its storage back. */
static void shrink_to_fit(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    assert_int_equal(lepack_counters_init(&m, 9, 16), LEPACK_OK);
    for (int32_t i = 0; i < 5; i++)
        assert_int_equal(lepack_counters_add(&m, i, i * 10, -i), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == 21);
    test_snapshot s;
    test_snapshot_take(&s, &m);
    assert_int_equal(m.capacity, 16);
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_int_equal(m.capacity, 5);
    test_snapshot_check(&s, &m);
    test_snapshot_free(&s);
    /* Already fitted: nothing to do, the storage stays where it is. */
    const uint8_t *data = m.data;
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_ptr_equal(m.data, data);
    assert_int_equal(m.capacity, 5);
    /* The map survived: the counter goes on from 21. */
    assert_int_equal(lepack_counters_next_counter(&m, 2, &out), LEPACK_OK);
    assert_true(out == 22);
    /* Growth from a fitted message, then items added after the shrink. */
    assert_int_equal(lepack_counters_add(&m, 7, 70, 7), LEPACK_OK);
    assert_int_equal(m.capacity, 6);
    assert_int_equal(lepack_counters_next_counter(&m, 7, &out), LEPACK_OK);
    assert_true(out == 71);
    for (int32_t i = 0; i < 5; i++)
        check_item(&m, (size_t)i, i, i * 10, -i);
    check_item(&m, 5, 7, 70, 7);
    /* Empty: the storage is released and the message stays usable. */
    lepack_counters_clear(&m);
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_int_equal(m.capacity, 0);
    assert_null(m.data);
    assert_int_equal(lepack_counters_cache_id(&m), 9);
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 1, 2, 3), LEPACK_OK);
    check_item(&m, 0, 1, 2, 3);
    lepack_counters_free(&m);
    /* A message made with capacity 0 is already fitted. */
    assert_int_equal(lepack_counters_init(&m, 0, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_shrink(&m), LEPACK_OK);
    assert_null(m.data);
    lepack_counters_free(&m);
}

/* The size guard: no host can hold LEPACK_MAX_ITEMS items, so the state of
 * a full message is faked; add must refuse before touching data. */
static void add_at_max_items(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 0, 1), LEPACK_OK);
    uint8_t *real = m.data;
    size_t real_cap = m.capacity;
    m.size = LEPACK_MAX_ITEMS;
    m.capacity = LEPACK_MAX_ITEMS;
    assert_int_equal(lepack_counters_add(&m, 1, 1, 1), LEPACK_EOVERFLOW);
    assert_int_equal(m.size, LEPACK_MAX_ITEMS);
    assert_ptr_equal(m.data, real);
    m.size = 0;
    m.capacity = real_cap;
    lepack_counters_free(&m);
}

/* A span's items, committed, are the very bytes n adds build, from any
 * starting size, and nothing is published before commit. */
static void append_matches_add(void **state)
{
    (void)state;
    for (size_t start = 0; start < 5; start++) {
        for (size_t n = 0; n < 40; n += 7) {
            lepack_counters by_add, by_span;
            assert_int_equal(lepack_counters_init(&by_add, 9, 0), LEPACK_OK);
            assert_int_equal(lepack_counters_init(&by_span, 9, 0), LEPACK_OK);
            for (size_t i = 0; i < start; i++) {
                assert_int_equal(lepack_counters_add(&by_add, (int32_t)i, -1, 1), LEPACK_OK);
                assert_int_equal(lepack_counters_add(&by_span, (int32_t)i, -1, 1), LEPACK_OK);
            }
            assert_int_equal(lepack_counters_reserve(&by_span, n), LEPACK_OK);
            assert_true(by_span.capacity >= start + n);
            lepack_counters_span s = lepack_counters_append_span(&by_span, n);
            assert_int_equal(s.count, n);
            for (size_t i = 0; i < s.count; i++) {
                int32_t part = (int32_t)(i * 2654435761u);
                int64_t init = INT64_MIN + (int64_t)i, upd = INT64_MAX - (int64_t)i;
                assert_int_equal(lepack_counters_add(&by_add, part, init, upd), LEPACK_OK);
                lepack_counters_span_store(s, i, part, init, upd);
            }
            assert_int_equal(lepack_counters_size(&by_span), start); /* not yet */
            assert_int_equal(lepack_counters_append_commit(&by_span, s, s.count), LEPACK_OK);
            size_t la = 0, lb = 0;
            const uint8_t *wa = lepack_counters_wire(&by_add, &la);
            const uint8_t *wb = lepack_counters_wire(&by_span, &lb);
            assert_int_equal(la, (start + n) * LEPACK_ITEM_SIZE);
            assert_int_equal(lb, la);
            if (la > 0)
                assert_memory_equal(wa, wb, la);
            lepack_counters_free(&by_add);
            lepack_counters_free(&by_span);
        }
    }
}

/* A span is all or nothing: more items than the room gives an empty span,
 * and a commit past the span, or of a span that is no longer the message's
 * room, is LEPACK_EINVAL with the message as it was. */
static void span_past_room(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 0, 3), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 1, 1, 1), LEPACK_OK);
    lepack_counters_span s = lepack_counters_append_span(&m, 3); /* room for 2 */
    assert_int_equal(s.count, 0);
    assert_null(s.base);
    assert_int_equal(lepack_counters_append_commit(&m, s, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_EINVAL);
    assert_int_equal(lepack_counters_size(&m), 1);
    s = lepack_counters_append_span(&m, 2);
    assert_int_equal(s.count, 2);
    assert_ptr_equal(s.base, m.data + LEPACK_ITEM_SIZE);
    lepack_counters_span_store(s, 0, 2, 2, 2);
    lepack_counters_span_store(s, 1, 3, 3, 3);
    assert_int_equal(lepack_counters_append_commit(&m, s, 3), LEPACK_EINVAL);
    assert_int_equal(lepack_counters_size(&m), 1);
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 2);
    check_item(&m, 1, 2, 2, 2);
    /* The same span again: it starts at item 1, the message ends at 2. */
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_EINVAL);
    assert_int_equal(lepack_counters_size(&m), 2);
    /* A span outlived by clear, then by add: stale either way. */
    s = lepack_counters_append_span(&m, 1);
    assert_int_equal(s.count, 1);
    lepack_counters_clear(&m);
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_EINVAL);
    assert_int_equal(lepack_counters_size(&m), 0);
    s = lepack_counters_append_span(&m, 2);
    assert_int_equal(lepack_counters_add(&m, 7, 7, 7), LEPACK_OK);
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_EINVAL);
    assert_int_equal(lepack_counters_size(&m), 1);
    /* Written and not committed: not in the message. */
    s = lepack_counters_append_span(&m, 1);
    lepack_counters_span_store(s, 0, 6, 6, 6);
    int32_t part = 0;
    assert_int_equal(lepack_counters_partition(&m, 1, &part), LEPACK_ERANGE);
    lepack_counters_free(&m);
}

/* Once next_counter's map is built, committed items join it in order, as
 * adds would: a repeat overrides, and the map's room bounds the span. */
static void append_after_map_built(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    assert_int_equal(lepack_counters_init(&m, 0, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 1, 10, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 11);
    assert_int_equal(lepack_counters_reserve(&m, 300), LEPACK_OK);
    /* The room is the smaller of the two, the items' and the map's. */
    size_t bytes_room = m.capacity - m.size, map_room = m.map.nslots / 2 - m.map.count;
    assert_true(bytes_room != map_room);
    size_t room = bytes_room < map_room ? bytes_room : map_room;
    assert_true(room >= 300);
    assert_int_equal(lepack_counters_append_span(&m, room).count, room);
    assert_int_equal(lepack_counters_append_span(&m, room + 1).count, 0);
    lepack_counters_span s = lepack_counters_append_span(&m, 300);
    for (size_t i = 0; i < s.count; i++)
        lepack_counters_span_store(s, i, (int32_t)(100 + i), (int64_t)(100 + i) * 1000, 0);
    assert_int_equal(lepack_counters_append_commit(&m, s, s.count), LEPACK_OK);
    for (int32_t p = 100; p < 400; p++) {
        assert_int_equal(lepack_counters_next_counter(&m, p, &out), LEPACK_OK);
        assert_true(out == (int64_t)p * 1000 + 1);
    }
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 12); /* untouched by the commit */
    assert_int_equal(lepack_counters_reserve(&m, 2), LEPACK_OK);
    s = lepack_counters_append_span(&m, 2);
    lepack_counters_span_store(s, 0, 1, 500, 0);
    lepack_counters_span_store(s, 1, 1, 700, 0);
    assert_int_equal(lepack_counters_append_commit(&m, s, 2), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_OK);
    assert_true(out == 701); /* the last one wins, as with add */
    assert_int_equal(lepack_counters_reserve(&m, 1), LEPACK_OK);
    s = lepack_counters_append_span(&m, 1);
    lepack_counters_span_store(s, 0, -5, 50, 0);
    assert_int_equal(lepack_counters_append_commit(&m, s, 1), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, -5, &out), LEPACK_OK);
    assert_true(out == 51);
    assert_int_equal(lepack_counters_size(&m), 304);
    /* A commit past the map's room, with the bytes' room left: refused
     * before any item joins the map. */
    size_t left = m.map.nslots / 2 - m.map.count;
    assert_int_equal(lepack_counters_reserve(&m, left), LEPACK_OK);
    s = lepack_counters_append_span(&m, left);
    for (size_t i = 0; i < s.count; i++)
        lepack_counters_span_store(s, i, (int32_t)(1000 + i), 1, 0);
    size_t count = m.map.count;
    s.count = left + 1; /* a forged span, one item past the map's room */
    if (m.capacity - m.size > left) {
        assert_int_equal(lepack_counters_append_commit(&m, s, left + 1), LEPACK_EINVAL);
        assert_int_equal(m.map.count, count);
        assert_int_equal(lepack_counters_size(&m), 304);
    }
    assert_int_equal(lepack_counters_append_commit(&m, s, left), LEPACK_OK);
    assert_int_equal(lepack_counters_size(&m), 304 + left);
    lepack_counters_free(&m);
}

/* reserve past LEPACK_MAX_ITEMS: LEPACK_EOVERFLOW and the message as it was
 * (allocation failure: tests/test_alloc_failure.c). */
static void reserve_too_many(void **state)
{
    (void)state;
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 0, 2), LEPACK_OK);
    assert_int_equal(lepack_counters_add(&m, 1, 1, 1), LEPACK_OK);
    uint8_t *data = m.data;
    assert_int_equal(lepack_counters_reserve(&m, LEPACK_MAX_ITEMS), LEPACK_EOVERFLOW);
    assert_int_equal(lepack_counters_reserve(&m, SIZE_MAX), LEPACK_EOVERFLOW);
    /* The exported out-of-line half refuses on its own too: a program built
     * with another inline reserve may call it with any n. */
    assert_int_equal(lepack_internal_counters_reserve_slow(&m, LEPACK_MAX_ITEMS), LEPACK_EOVERFLOW);
    assert_ptr_equal(m.data, data);
    assert_int_equal(m.capacity, 2);
    assert_int_equal(lepack_counters_size(&m), 1);
    assert_int_equal(lepack_counters_reserve(&m, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_reserve(&m, 1), LEPACK_OK);
    assert_ptr_equal(m.data, data); /* room already there: no growth */
    lepack_counters_free(&m);
}

static void strerror_names(void **state)
{
    (void)state;
    static const char *const names[] = {"OK",       "ERANGE",     "ENOSPACE", "EOVERFLOW",
                                        "ENOMEM",   "EBADLEN",    "ENOTFOUND", "EINVAL",
                                        "EILLFORMED", "ETOOLONG", "ESTOPPED"};
    assert_int_equal(sizeof names / sizeof names[0], LEPACK_STATUS_MAX + 1);
    for (int s = LEPACK_OK; s <= LEPACK_STATUS_MAX; s++) {
        const char *t = lepack_strerror((lepack_status)s);
        assert_non_null(t);
        assert_true(strlen(t) > 0);
        assert_string_not_equal(t, "unknown status");
        assert_string_equal(lepack_status_name((lepack_status)s), names[s]);
        for (int u = LEPACK_OK; u < s; u++)
            assert_string_not_equal(t, lepack_strerror((lepack_status)u));
    }
    assert_string_equal(lepack_strerror((lepack_status)99), "unknown status");
    assert_string_equal(lepack_status_name((lepack_status)99), "UNKNOWN");
    assert_string_equal(lepack_status_name((lepack_status)(LEPACK_STATUS_MAX + 1)), "UNKNOWN");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wire_layout_one_item),
        cmocka_unit_test(growth_from_small_capacity),
        cmocka_unit_test(grown_capacity_edges),
        cmocka_unit_test(init_errors),
        cmocka_unit_test(index_out_of_range),
        cmocka_unit_test(encode_too_small),
        cmocka_unit_test(decode_bad_lengths),
        cmocka_unit_test(decode_sizes),
        cmocka_unit_test(decode_sized_spare_capacity),
        cmocka_unit_test(decode_sized_bad_sizes),
        cmocka_unit_test(encode_fields_bytes),
        cmocka_unit_test(encode_fields_errors),
        cmocka_unit_test(growth_from_zero_capacity),
        cmocka_unit_test(next_counter_semantics),
        cmocka_unit_test(next_counter_many_partitions),
        cmocka_unit_test(clear_keeps_capacity),
        cmocka_unit_test(shrink_to_fit),
        cmocka_unit_test(add_at_max_items),
        cmocka_unit_test(append_matches_add),
        cmocka_unit_test(span_past_room),
        cmocka_unit_test(append_after_map_built),
        cmocka_unit_test(reserve_too_many),
        cmocka_unit_test(strerror_names),
    };
    return cmocka_run_group_tests_name("counters", tests, NULL, NULL);
}
