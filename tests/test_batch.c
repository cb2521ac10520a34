/* SPDX-License-Identifier: Apache-2.0 */
/* The batch API (lepack_counters_add_items, lepack_counters_get_items), the
 * paths of src/items.h behind it, and the record spans of src/span.h:
 * a batch must do what the same items added one at a time do, refuse
 * without touching anything, and every vector path must agree with the
 * scalar one. */
#include "test_util.h"

#include "alloc.h"
#include "cpu.h"
#include "counters.h"
#include "items.h"
#include "le.h"
#include "span.h"

#define MAXN 100

static void random_items(test_rng *r, lepack_counters_item *items, size_t n)
{
    memset(items, 0, n * sizeof *items);
    for (size_t k = 0; k < n; k++) {
        /* Few distinct partitions, so that the map sees repeats. */
        items[k].partition = (test_rng_next(r) & 1) ? (int32_t)test_rng_below(r, 7) - 3
                                                    : test_rng_i32(r);
        items[k].initial_counter = test_rng_i64(r);
        items[k].updates_count = test_rng_i64(r);
    }
}

static void assert_same_wire(const lepack_counters *a, const lepack_counters *b)
{
    size_t la, lb;
    const uint8_t *wa = lepack_counters_wire(a, &la);
    const uint8_t *wb = lepack_counters_wire(b, &lb);
    assert_int_equal(la, lb);
    if (la > 0)
        assert_memory_equal(wa, wb, la);
}

/* add_items(n) against n adds: every n up to past a few vector blocks,
 * onto an empty message or one with items, with room or without, with
 * next_counter's map built or not. */
static void add_items_matches_add(void **state)
{
    (void)state;
    test_rng r = {11};
    static lepack_counters_item items[MAXN];
    for (size_t n = 0; n <= 70; n++) {
        for (int variant = 0; variant < 8; variant++) {
            size_t start = (variant & 1) ? 5 : 0;
            size_t cap = (variant & 2) ? start + n : 0;
            int map = (variant & 4) != 0;
            lepack_counters a, b;
            assert_int_equal(lepack_counters_init(&a, 3, cap), LEPACK_OK);
            assert_int_equal(lepack_counters_init(&b, 3, 0), LEPACK_OK);
            for (size_t k = 0; k < start; k++) {
                assert_int_equal(lepack_counters_add(&a, (int32_t)k, 10, 20), LEPACK_OK);
                assert_int_equal(lepack_counters_add(&b, (int32_t)k, 10, 20), LEPACK_OK);
            }
            int64_t x = 0, y = 0;
            if (map) {
                assert_int_equal(lepack_counters_next_counter(&a, 0, &x), start ? LEPACK_OK
                                                                                  : LEPACK_ENOTFOUND);
                assert_int_equal(lepack_counters_next_counter(&b, 0, &y), start ? LEPACK_OK
                                                                                  : LEPACK_ENOTFOUND);
            }
            random_items(&r, items, n);
            assert_int_equal(lepack_counters_add_items(&a, items, n), LEPACK_OK);
            for (size_t k = 0; k < n; k++)
                assert_int_equal(lepack_counters_add(&b, items[k].partition,
                                                     items[k].initial_counter,
                                                     items[k].updates_count),
                                 LEPACK_OK);
            assert_int_equal(lepack_counters_size(&a), start + n);
            assert_same_wire(&a, &b);
            /* The map saw the batch as it saw the adds (last repeat wins). */
            for (int32_t p = -3; p <= 4; p++) {
                lepack_status sa = lepack_counters_next_counter(&a, p, &x);
                lepack_status sb = lepack_counters_next_counter(&b, p, &y);
                assert_int_equal(sa, sb);
                if (sa == LEPACK_OK)
                    assert_true(x == y);
            }
            lepack_counters_free(&a);
            lepack_counters_free(&b);
        }
    }
}

/* get_items against the getters, and every refusal writing nothing. */
static void get_items_ranges(void **state)
{
    (void)state;
    test_rng r = {12};
    static lepack_counters_item items[MAXN], out[MAXN + 1];
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 1, 0), LEPACK_OK);
    random_items(&r, items, 50);
    assert_int_equal(lepack_counters_add_items(&m, items, 50), LEPACK_OK);
    for (size_t i = 0; i <= 50; i++) {
        for (size_t n = 0; n <= 51 - i && n <= MAXN; n++) {
            memset(out, 0x5a, sizeof out);
            lepack_status st = lepack_counters_get_items(&m, i, out, n);
            if (i + n > 50) {
                assert_int_equal(st, LEPACK_ERANGE);
                for (size_t b = 0; b < sizeof out; b++)
                    assert_int_equal(((const uint8_t *)out)[b], 0x5a);
                continue;
            }
            assert_int_equal(st, LEPACK_OK);
            for (size_t k = 0; k < n; k++) {
                int32_t p;
                int64_t a, u;
                assert_int_equal(lepack_counters_partition(&m, i + k, &p), LEPACK_OK);
                assert_int_equal(lepack_counters_initial_counter(&m, i + k, &a), LEPACK_OK);
                assert_int_equal(lepack_counters_updates_count(&m, i + k, &u), LEPACK_OK);
                assert_int_equal(out[k].partition, p);
                assert_true(out[k].initial_counter == a);
                assert_true(out[k].updates_count == u);
            }
            /* Nothing past out[n). */
            for (size_t b = n * sizeof *out; b < sizeof out; b++)
                assert_int_equal(((const uint8_t *)out)[b], 0x5a);
        }
    }
    /* Past the end, and i + n wrapping around. */
    memset(out, 0x5a, sizeof out);
    assert_int_equal(lepack_counters_get_items(&m, 51, out, 0), LEPACK_ERANGE);
    assert_int_equal(lepack_counters_get_items(&m, 1, out, SIZE_MAX), LEPACK_ERANGE);
    assert_int_equal(lepack_counters_get_items(&m, SIZE_MAX, out, 2), LEPACK_ERANGE);
    for (size_t b = 0; b < sizeof out; b++)
        assert_int_equal(((const uint8_t *)out)[b], 0x5a);
    lepack_counters_free(&m);
}

/* The size guard, on a faked nearly full message: refused before any
 * allocation or byte. */
static void add_items_overflow(void **state)
{
    (void)state;
    lepack_counters_item items[2] = {{1, 2, 3}, {4, 5, 6}};
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, 0, 1), LEPACK_OK);
    uint8_t *real = m.data;
    size_t real_cap = m.capacity;
    m.size = LEPACK_MAX_ITEMS - 1;
    m.capacity = LEPACK_MAX_ITEMS - 1;
    assert_int_equal(lepack_counters_add_items(&m, items, 2), LEPACK_EOVERFLOW);
    assert_int_equal(lepack_counters_add_items(&m, items, SIZE_MAX), LEPACK_EOVERFLOW);
    assert_int_equal(m.size, LEPACK_MAX_ITEMS - 1);
    assert_ptr_equal(m.data, real);
    assert_int_equal(lepack_counters_add_items(&m, items, 0), LEPACK_OK);
    assert_int_equal(m.size, LEPACK_MAX_ITEMS - 1);
    m.size = 0;
    m.capacity = real_cap;
    lepack_counters_free(&m);
}

static long fail_at, calls;

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

/* A refused allocation, of the items or of the map, leaves the message as
 * it was: same items, bytes and next_counter state. */
static void add_items_enomem(void **state)
{
    (void)state;
    test_rng r = {13};
    static lepack_counters_item items[40];
    random_items(&r, items, 40);
    const lepack_allocator hook = {failing_realloc, plain_free, NULL};
    lepack_set_allocator(&hook);
    for (int with_map = 0; with_map < 2; with_map++) {
        lepack_counters m;
        calls = 0;
        fail_at = 0;
        assert_int_equal(lepack_counters_init(&m, 9, 2), LEPACK_OK);
        assert_int_equal(lepack_counters_add(&m, 1, 100, 1), LEPACK_OK);
        int64_t v = 0;
        if (with_map)
            assert_int_equal(lepack_counters_next_counter(&m, 1, &v), LEPACK_OK);
        test_snapshot before;
        test_snapshot_take(&before, &m);
        /* The next allocation is the items' growth; with the map, the one
         * after it is the map's. */
        for (long k = 1; k <= 1 + with_map; k++) {
            calls = 0;
            fail_at = k;
            assert_int_equal(lepack_counters_add_items(&m, items, 40), LEPACK_ENOMEM);
            test_snapshot_check(&before, &m);
        }
        fail_at = 0;
        if (with_map) {
            assert_int_equal(lepack_counters_next_counter(&m, 1, &v), LEPACK_OK);
            assert_true(v == 102);
        }
        assert_int_equal(lepack_counters_add_items(&m, items, 40), LEPACK_OK);
        assert_int_equal(lepack_counters_size(&m), 41);
        free(before.wire);
        lepack_counters_free(&m);
    }
    lepack_set_allocator(NULL);
}

typedef size_t (*store_fn)(uint8_t *, const lepack_counters_item *, size_t);
typedef size_t (*load_fn)(lepack_counters_item *, const uint8_t *, size_t);

/* Where the destination of a path starts past a 64-byte line: the wire at
 * every distance a whole number of items can align (malloc's 16 among
 * them, and one that none can), the structs at 0, 8 and 16 bytes; the
 * AVX-512 paths store an aligned destination's first items one by one. */
static const size_t WIRE_AT[] = {0, 4, 16, 36, 60, 2};
static const size_t ITEMS_AT[] = {0, 1, 2};
#define NPLACES (sizeof WIRE_AT / sizeof WIRE_AT[0])

/* Every path of items.h (each does whole blocks, the scalar loop the rest)
 * against the scalar one, for every n around the blocks of 8 and 16 and
 * every place above, at the level given (the items family's row,
 * src/cpu.h). */
static void vector_paths_agree_at(int level)
{
    assert_int_equal(lepack_cpu_items_select(level), level);
    static const store_fn stores[] = {lepack_items_store_vector, lepack_items_store_avx2,
                                      lepack_items_store_avx512, lepack_items_store_stream};
    static const load_fn loads[] = {lepack_items_load_vector, lepack_items_load_avx2,
                                    lepack_items_load_avx512, lepack_items_load_stream};
    static lepack_counters_item items[MAXN], want_items[MAXN];
    static _Alignas(64) lepack_counters_item backs[MAXN + 8];
    static uint8_t want[MAXN * LEPACK_ITEM_SIZE];
    static _Alignas(64) uint8_t gots[MAXN * LEPACK_ITEM_SIZE + 64 + 1];
    test_rng r = {14};
    size_t vector_items = 0;
    for (size_t n = 1; n <= MAXN; n++) {
        random_items(&r, items, n);
        size_t len = n * LEPACK_ITEM_SIZE;
        lepack_items_store_scalar(want, items, n);
        memset(want_items, 0, sizeof want_items);
        lepack_items_load_scalar(want_items, want, n);
        for (size_t at = 0; at < NPLACES; at++) {
            uint8_t *got = gots + WIRE_AT[at];
            lepack_counters_item *back = backs + ITEMS_AT[at % 3];
            memset(gots, 0xee, sizeof gots);
            lepack_items_store(got, items, n);
            assert_memory_equal(got, want, len);
            assert_int_equal(got[len], 0xee);
            for (size_t p = 0; p < sizeof stores / sizeof stores[0]; p++) {
                memset(gots, 0xee, sizeof gots);
                size_t done = stores[p](got, items, n);
                assert_true(done <= n);
                vector_items += done;
                if (done < n)
                    lepack_items_store_scalar(got + done * LEPACK_ITEM_SIZE, items + done,
                                              n - done);
                assert_memory_equal(got, want, len);
                /* Nothing before or past the n items. */
                for (uint8_t *b = gots; b < got; b++)
                    assert_int_equal(*b, 0xee);
                assert_int_equal(got[len], 0xee);
                memset(backs, 0xee, sizeof backs);
                done = loads[p](back, want, n);
                assert_true(done <= n);
                if (done < n)
                    lepack_items_load_scalar(back + done, want + done * LEPACK_ITEM_SIZE,
                                             n - done);
                for (size_t k = 0; k < n; k++) {
                    assert_int_equal(back[k].partition, items[k].partition);
                    assert_true(back[k].initial_counter == items[k].initial_counter);
                    assert_true(back[k].updates_count == items[k].updates_count);
                }
                for (const uint8_t *b = (const uint8_t *)backs; b < (const uint8_t *)back; b++)
                    assert_int_equal(*b, 0xee);
                for (const uint8_t *b = (const uint8_t *)(back + n);
                     b < (const uint8_t *)backs + sizeof backs; b++)
                    assert_int_equal(*b, 0xee);
            }
        }
    }
    print_message("vector paths, level %d: %zu of %zu items packed in vector registers\n", level,
                  vector_items, 4 * NPLACES * MAXN * (MAXN + 1) / 2);
    /* Below AVX2 no kernel runs: the scalar loop does every item. */
    if (level < LEPACK_CPU_LEVEL_AVX2)
        assert_int_equal(vector_items, 0);
    else
        assert_true(vector_items > 0);
}

/* Every level this CPU has, from none up; then the best again. */
static void vector_paths_agree(void **state)
{
    (void)state;
    int best = lepack_cpu_best_level();
    for (int level = LEPACK_CPU_NONE; level <= best; level++)
        vector_paths_agree_at(level);
    assert_int_equal(lepack_cpu_items_select(-1), best);
    assert_int_equal(lepack_cpu_items_level(), best);
    /* A level above the CPU's is capped at its best. */
    assert_int_equal(lepack_cpu_items_select(LEPACK_CPU_LEVEL_AVX512 + 1), best);
}

/* A batch large enough for the dispatch to store around the caches, at
 * every alignment of the destination the non-temporal stores must reach. */
static void large_batches(void **state)
{
    (void)state;
    const size_t n = ((size_t)1 << 18) + 37;
    test_rng r = {15};
    lepack_counters_item *items = malloc((n + 8) * sizeof *items);
    lepack_counters_item *back = malloc((n + 8) * sizeof *back);
    uint8_t *want = malloc(n * LEPACK_ITEM_SIZE);
    uint8_t *got = malloc(n * LEPACK_ITEM_SIZE + 64);
    assert_true(items && back && want && got);
    random_items(&r, items, n);
    lepack_items_store_scalar(want, items, n);
    for (size_t off = 0; off < 64; off += 4) {
        memset(got, 0xee, n * LEPACK_ITEM_SIZE + 64);
        lepack_items_store(got + off, items, n);
        assert_memory_equal(got + off, want, n * LEPACK_ITEM_SIZE);
        for (size_t b = 0; b < off; b++)
            assert_int_equal(got[b], 0xee);
        assert_int_equal(got[off + n * LEPACK_ITEM_SIZE], 0xee);
    }
    for (size_t off = 0; off < 8; off++) {
        memset(back, 0xee, (n + 8) * sizeof *back);
        lepack_items_load(back + off, want, n);
        for (size_t k = 0; k < n; k++) {
            assert_int_equal(back[off + k].partition, items[k].partition);
            assert_true(back[off + k].initial_counter == items[k].initial_counter);
            assert_true(back[off + k].updates_count == items[k].updates_count);
        }
        assert_int_equal(((const uint8_t *)(back + off + n))[0], 0xee);
    }
    free(items);
    free(back);
    free(want);
    free(got);
}

/* Spans: the count of whole records, each record inside the bytes, and a
 * loop over them writing nothing past the last whole one. */
static void spans(void **state)
{
    (void)state;
    static const size_t lens[] = {0, 1, 19, 20, 21, 39, 40, 41, 200};
    uint8_t buf[201];
    for (size_t t = 0; t < sizeof lens / sizeof lens[0]; t++) {
        size_t len = lens[t];
        memset(buf, 0xee, sizeof buf);
        lepack_span s = lepack_span_of(buf, len, LEPACK_ITEM_SIZE);
        assert_ptr_equal(s.base, buf);
        assert_int_equal(s.width, LEPACK_ITEM_SIZE);
        assert_int_equal(s.count, len / LEPACK_ITEM_SIZE);
        for (size_t i = 0; i < s.count; i++) {
            uint8_t *p = lepack_span_at(s, i);
            assert_ptr_equal(p, buf + i * LEPACK_ITEM_SIZE);
            le_store_i32(p, (int32_t)i);
            le_store_i64(p + 4, -(int64_t)i);
            le_store_i64(p + 12, INT64_MAX);
        }
        for (size_t b = s.count * LEPACK_ITEM_SIZE; b < sizeof buf; b++)
            assert_int_equal(buf[b], 0xee);
        lepack_const_span c = lepack_const_span_of(buf, len, LEPACK_ITEM_SIZE);
        assert_int_equal(c.count, s.count);
        for (size_t i = 0; i < c.count; i++) {
            const uint8_t *p = lepack_const_span_at(c, i);
            assert_int_equal(le_load_i32(p), (int32_t)i);
            assert_true(le_load_i64(p + 4) == -(int64_t)i);
            assert_true(le_load_i64(p + 12) == INT64_MAX);
        }
    }
    lepack_span one = lepack_span_of(buf, sizeof buf, 1);
    assert_int_equal(one.count, sizeof buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(add_items_matches_add),
        cmocka_unit_test(get_items_ranges),
        cmocka_unit_test(add_items_overflow),
        cmocka_unit_test(add_items_enomem),
        cmocka_unit_test(vector_paths_agree),
        cmocka_unit_test(large_batches),
        cmocka_unit_test(spans),
    };
    return cmocka_run_group_tests_name("batch", tests, NULL, NULL);
}
