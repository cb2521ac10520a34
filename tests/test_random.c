/* SPDX-License-Identifier: Apache-2.0 */
/* lepack against the naive reference in ref/ over long seeded sequences of
 * random operations: after every step the status codes, the values read and
 * the full wire bytes must agree.  Partitions come from a small pool so that
 * repeats (and next_counter's last-wins rule) are common; values are often
 * edge cases. */
#include "test_util.h"

#include "counters.h"
#include "ref.h"

#define STEPS_PER_SEED 50000
#define SEEDS 4
#define MAX_BYTES (400 * LEPACK_ITEM_SIZE)

static int32_t pick_partition(test_rng *r)
{
    uint64_t u = test_rng_next(r);
    if (u % 8 == 0)
        return test_rng_i32(r); /* mostly absent */
    return (int32_t)((u >> 32) % 24) - 12;
}

static void compare_all(const lepack_counters *m, const ref_counters *r)
{
    static uint8_t want[MAX_BYTES + 64];
    size_t n = 0, len = 0;
    assert_int_equal(ref_encode(r, want, sizeof want, &n), REF_OK);
    const uint8_t *w = lepack_counters_wire(m, &len);
    assert_int_equal(lepack_counters_size(m), r->size);
    assert_int_equal(len, n);
    if (n > 0)
        assert_memory_equal(w, want, n);
    else
        assert_null(w);
    assert_int_equal(lepack_counters_cache_id(m), r->cache_id);
}

static void run_seed(uint64_t seed, long counts[7])
{
    test_rng g = {seed};
    lepack_counters m;
    ref_counters r;
    int32_t cache = test_rng_i32(&g);
    size_t initial = test_rng_below(&g, 4);
    assert_int_equal(lepack_counters_init(&m, cache, initial), LEPACK_OK);
    assert_int_equal(ref_init(&r, cache), REF_OK);
    static uint8_t buf[MAX_BYTES + 64], rbuf[MAX_BYTES + 64];
    for (long step = 0; step < STEPS_PER_SEED; step++) {
        size_t size = lepack_counters_size(&m);
        unsigned kind = (unsigned)test_rng_below(&g, 100);
        /* Keep messages small enough to compare in full every step, while
         * still crossing many growth points. */
        if (size >= 300 && kind < 40)
            kind = 99;
        if (kind < 40) { /* add */
            int32_t p = pick_partition(&g);
            int64_t a = test_rng_i64(&g), b = test_rng_i64(&g);
            assert_int_equal(lepack_counters_add(&m, p, a, b), ref_add(&r, p, a, b));
            counts[0]++;
        } else if (kind < 55) { /* get, in range or not */
            size_t i = test_rng_below(&g, size + 3);
            if (test_rng_below(&g, 50) == 0)
                i = SIZE_MAX - test_rng_below(&g, 3);
            int32_t p = 11;
            int64_t a = 12, b = 13;
            ref_item it = {11, 12, 13};
            int rs = ref_item_at(&r, i, &it);
            assert_int_equal(lepack_counters_partition(&m, i, &p), rs);
            assert_int_equal(lepack_counters_initial_counter(&m, i, &a), rs);
            assert_int_equal(lepack_counters_updates_count(&m, i, &b), rs);
            assert_int_equal(p, it.partition);
            assert_true(a == it.initial_counter && b == it.updates_count);
            counts[1]++;
        } else if (kind < 65) { /* encode, sometimes into too little room */
            size_t need = size * LEPACK_ITEM_SIZE;
            size_t cap = test_rng_below(&g, 2) ? need + test_rng_below(&g, 30)
                                               : test_rng_below(&g, need + 1);
            memset(buf, 0xE1, cap + 1);
            memset(rbuf, 0xE1, cap + 1);
            size_t w1 = 31, w2 = 31;
            int rs = ref_encode(&r, rbuf, cap, &w2);
            assert_int_equal(lepack_counters_encode(&m, buf, cap, &w1), rs);
            assert_int_equal(w1, w2);
            assert_memory_equal(buf, rbuf, cap + 1);
            counts[2]++;
        } else if (kind < 75) { /* decode: own bytes, random bytes, bad lengths */
            size_t len;
            unsigned how = (unsigned)test_rng_below(&g, 3);
            if (how == 0) {
                size_t w = 0;
                assert_int_equal(ref_encode(&r, buf, sizeof buf, &w), REF_OK);
                len = w;
                if (len >= LEPACK_ITEM_SIZE && test_rng_below(&g, 2))
                    len -= LEPACK_ITEM_SIZE * (1 + test_rng_below(&g, len / LEPACK_ITEM_SIZE));
            } else {
                len = test_rng_below(&g, 40) * LEPACK_ITEM_SIZE;
                if (how == 2)
                    len += 1 + test_rng_below(&g, LEPACK_ITEM_SIZE - 1);
                for (size_t k = 0; k < len; k++)
                    buf[k] = (uint8_t)test_rng_next(&g);
            }
            assert_int_equal(lepack_counters_decode(&m, buf, len), ref_decode(&r, buf, len));
            counts[3]++;
        } else if (kind < 97) { /* next_counter */
            int32_t p = pick_partition(&g);
            int64_t o1 = 21, o2 = 21;
            assert_int_equal(lepack_counters_next_counter(&m, p, &o1),
                             ref_next_counter(&r, p, &o2));
            assert_true(o1 == o2);
            counts[4]++;
        } else { /* clear */
            lepack_counters_clear(&m);
            ref_clear(&r);
            counts[5]++;
        }
        compare_all(&m, &r);
        counts[6]++;
    }
    lepack_counters_free(&m);
    ref_free(&r);
}

static void random_operations(void **state)
{
    (void)state;
    long counts[7] = {0};
    for (uint64_t s = 0; s < SEEDS; s++)
        run_seed(0xA11CE000u + s, counts);
    assert_true(counts[6] >= 200000);
    /* Every kind of step really ran. */
    for (int k = 0; k < 6; k++)
        assert_true(counts[k] > 1000);
    print_message("random: %ld steps (add %ld, get %ld, encode %ld, decode %ld, "
                  "next_counter %ld, clear %ld)\n",
                  counts[6], counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_operations),
    };
    return cmocka_run_group_tests_name("random", tests, NULL, NULL);
}
