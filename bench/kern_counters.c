/* SPDX-License-Identifier: Apache-2.0 */
/* The message's own functions, called the way a user calls them: the
 * getters and add inline from counters.h, the rest through the library. */
#include "counter_map.h"
#include "counters.h"
#include "items.h"

#include "kernels.h"

int64_t bench_counters_getters(const void *mp, size_t n)
{
    const lepack_counters *m = mp;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t partition;
        int64_t initial, updates;
        if (lepack_counters_partition(m, i, &partition) != LEPACK_OK ||
            lepack_counters_initial_counter(m, i, &initial) != LEPACK_OK ||
            lepack_counters_updates_count(m, i, &updates) != LEPACK_OK)
            return -1;
        sum += (uint64_t)partition + (uint64_t)initial + (uint64_t)updates;
    }
    return (int64_t)sum;
}

int bench_counters_add_room(void *mp, size_t n)
{
    lepack_counters *m = mp;
    lepack_counters_clear(m);
    for (size_t i = 0; i < n; i++) {
        lepack_status st = lepack_counters_add(m, (int32_t)i, (int64_t)i * 10, (int64_t)i * 100);
        if (st != LEPACK_OK)
            return (int)st;
    }
    return LEPACK_OK;
}

int bench_counters_append_room(void *mp, size_t n)
{
    lepack_counters *m = mp;
    lepack_counters_clear(m);
    lepack_status st = lepack_counters_reserve(m, n);
    if (st != LEPACK_OK)
        return (int)st;
    /* As README shows it: the span's count bounds the loop, one commit. */
    lepack_counters_span s = lepack_counters_append_span(m, n);
    for (size_t i = 0; i < s.count; i++)
        lepack_counters_span_store(s, i, (int32_t)i, (int64_t)i * 10, (int64_t)i * 100);
    return (int)lepack_counters_append_commit(m, s, s.count);
}

int bench_counters_grow(size_t n)
{
    lepack_counters m;
    lepack_status st = lepack_counters_init(&m, 1, 0);
    if (st != LEPACK_OK)
        return (int)st;
    for (size_t i = 0; i < n && st == LEPACK_OK; i++)
        st = lepack_counters_add(&m, (int32_t)i, (int64_t)i * 10, (int64_t)i * 100);
    if (st == LEPACK_OK && lepack_counters_size(&m) != n)
        st = LEPACK_ERANGE;
    lepack_counters_free(&m);
    return (int)st;
}

int bench_counters_add_items(void *mp, const void *items, size_t n)
{
    lepack_counters *m = mp;
    lepack_counters_clear(m);
    return (int)lepack_counters_add_items(m, items, n);
}

int bench_counters_get_items(const void *m, void *out, size_t n)
{
    return (int)lepack_counters_get_items(m, 0, out, n);
}

int bench_items_store_scalar(uint8_t *dst, const void *items, size_t n)
{
    if (n > 0)
        lepack_items_store_scalar(dst, items, n);
    return 0;
}

int bench_items_store(uint8_t *dst, const void *items, size_t n)
{
    if (n > 0)
        lepack_items_store(dst, items, n);
    return 0;
}

int bench_items_load_scalar(void *out, const uint8_t *src, size_t n)
{
    if (n > 0)
        lepack_items_load_scalar(out, src, n);
    return 0;
}

int bench_items_load(void *out, const uint8_t *src, size_t n)
{
    if (n > 0)
        lepack_items_load(out, src, n);
    return 0;
}

int bench_counters_encode(const void *m, uint8_t *dst, size_t cap)
{
    size_t written = 0;
    return (int)lepack_counters_encode(m, dst, cap, &written);
}

int bench_counters_decode(void *m, const uint8_t *src, size_t len)
{
    return (int)lepack_counters_decode(m, src, len);
}

int64_t bench_counters_next_first(void *mp, const uint8_t *wire, size_t len, int32_t partition)
{
    lepack_counters *m = mp;
    int64_t out = 0;
    if (lepack_counters_decode(m, wire, len) != LEPACK_OK ||
        lepack_counters_next_counter(m, partition, &out) != LEPACK_OK)
        return -1;
    return out;
}

int64_t bench_counters_next_later(void *mp, const int32_t *queries, size_t q)
{
    lepack_counters *m = mp;
    uint64_t sum = 0;
    for (size_t k = 0; k < q; k++) {
        int64_t out;
        if (lepack_counters_next_counter(m, queries[k], &out) != LEPACK_OK)
            return -1;
        sum += (uint64_t)out;
    }
    return (int64_t)sum;
}

/* What a linear scan inside next_counter would do, over the same built map:
 * every slot in order instead of the hash and probe of lepack_map_find.
 * The same q lookups and increments as bench_counters_next_later. */
int64_t bench_counters_next_scan(void *mp, const int32_t *queries, size_t q)
{
    lepack_counters *m = mp;
    uint64_t sum = 0;
    for (size_t k = 0; k < q; k++) {
        lepack_map_slot *found = NULL;
        for (size_t i = 0; i < m->map.nslots; i++) {
            if (m->map.slots[i].used && m->map.slots[i].partition == queries[k]) {
                found = &m->map.slots[i];
                break;
            }
        }
        if (found == NULL)
            return -1;
        found->counter = found->counter == INT64_MAX ? INT64_MIN : found->counter + 1;
        sum += (uint64_t)found->counter;
    }
    return (int64_t)sum;
}
