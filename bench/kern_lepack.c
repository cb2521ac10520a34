/* SPDX-License-Identifier: Apache-2.0 */
/* lepack's three ways to fill and read the counters layout.  Built twice:
 * as is (src/le_mem.h, the memcpy form) and with -DLEPACK_BYTEWISE (the
 * proven byte form of src/le_bytes.h), which appends _bytes to each name. */
#include "le.h"

#include "kernels.h"

#ifdef LEPACK_BYTEWISE
#define KERNEL(name) name##_bytes
#else
#define KERNEL(name) name
#endif

int KERNEL(bench_write_field)(uint8_t *buf, size_t len, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t off = i * BENCH_ITEM_SIZE;
        lepack_status st = le_put_i32(buf, len, off, (int32_t)i);
        if (st == LEPACK_OK)
            st = le_put_i64(buf, len, off + 4, (int64_t)i * 10);
        if (st == LEPACK_OK)
            st = le_put_i64(buf, len, off + 12, (int64_t)i * 100);
        if (st != LEPACK_OK)
            return (int)st;
    }
    return LEPACK_OK;
}

int64_t KERNEL(bench_read_field)(const uint8_t *buf, size_t len, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        size_t off = i * BENCH_ITEM_SIZE;
        int32_t partition;
        int64_t initial, updates;
        if (le_get_i32(buf, len, off, &partition) != LEPACK_OK ||
            le_get_i64(buf, len, off + 4, &initial) != LEPACK_OK ||
            le_get_i64(buf, len, off + 12, &updates) != LEPACK_OK)
            return -1;
        sum += (uint64_t)partition + (uint64_t)initial + (uint64_t)updates;
    }
    return (int64_t)sum;
}

/* The last offset at which a whole item fits: le.h's own check,
 * (len < w || off > len - w), with w = 20 and the len < 20 half tested once
 * before the loop by hand, because clang 14 re-tests it on every item when it
 * stays inside (docs/performance.md). */
#define LAST_ITEM_OFFSET(len) ((len) - BENCH_ITEM_SIZE)

int KERNEL(bench_write_record)(uint8_t *buf, size_t len, size_t n)
{
    if (n > 0 && len < BENCH_ITEM_SIZE)
        return LEPACK_ERANGE;
    size_t last = LAST_ITEM_OFFSET(len);
    for (size_t i = 0; i < n; i++) {
        size_t off = i * BENCH_ITEM_SIZE;
        if (off > last)
            return LEPACK_ERANGE;
        uint8_t *p = buf + off;
        le_store_i32(p, (int32_t)i);
        le_store_i64(p + 4, (int64_t)i * 10);
        le_store_i64(p + 12, (int64_t)i * 100);
    }
    return LEPACK_OK;
}

int64_t KERNEL(bench_read_record)(const uint8_t *buf, size_t len, size_t n)
{
    if (n > 0 && len < BENCH_ITEM_SIZE)
        return -1;
    size_t last = LAST_ITEM_OFFSET(len);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        size_t off = i * BENCH_ITEM_SIZE;
        if (off > last)
            return -1;
        const uint8_t *p = buf + off;
        sum += (uint64_t)le_load_i32(p) + (uint64_t)le_load_i64(p + 4) +
               (uint64_t)le_load_i64(p + 12);
    }
    return (int64_t)sum;
}

int KERNEL(bench_bulk_encode)(uint8_t *buf, size_t len, const bench_item *items, size_t n)
{
    if (n > len / BENCH_ITEM_SIZE)
        return LEPACK_ERANGE;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        le_store_i32(p, items[i].partition);
        le_store_i64(p + 4, items[i].initial_counter);
        le_store_i64(p + 12, items[i].updates_count);
    }
    return LEPACK_OK;
}

int KERNEL(bench_bulk_decode)(const uint8_t *buf, size_t len, bench_item *items, size_t n)
{
    if (n > len / BENCH_ITEM_SIZE)
        return LEPACK_ERANGE;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        items[i].partition = le_load_i32(p);
        items[i].initial_counter = le_load_i64(p + 4);
        items[i].updates_count = le_load_i64(p + 12);
    }
    return LEPACK_OK;
}
