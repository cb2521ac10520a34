/* SPDX-License-Identifier: Apache-2.0 */
/* lepack's ways to fill and read the counters layout with the views.
 * Built twice: as is (src/le_mem.h, the memcpy form) and with
 * -DLEPACK_BYTEWISE (the proven byte form of src/le_bytes.h), which appends
 * _bytes to each name. */
#include "cursor.h"
#include "le.h"
#include "span.h"

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

/* The recommended form (src/span.h): the whole records are counted once,
 * n is checked against them once, and the loop has one exit. */
int KERNEL(bench_write_record)(uint8_t *buf, size_t len, size_t n)
{
    lepack_span s = lepack_span_of(buf, len, BENCH_ITEM_SIZE);
    if (n > s.count)
        return LEPACK_ERANGE;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = lepack_span_at(s, i);
        le_store_i32(p, (int32_t)i);
        le_store_i64(p + 4, (int64_t)i * 10);
        le_store_i64(p + 12, (int64_t)i * 100);
    }
    return LEPACK_OK;
}

int64_t KERNEL(bench_read_record)(const uint8_t *buf, size_t len, size_t n)
{
    lepack_const_span s = lepack_const_span_of(buf, len, BENCH_ITEM_SIZE);
    if (n > s.count)
        return -1;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = lepack_const_span_at(s, i);
        sum += (uint64_t)le_load_i32(p) + (uint64_t)le_load_i64(p + 4) +
               (uint64_t)le_load_i64(p + 12);
    }
    return (int64_t)sum;
}

/* A check per record inside the loop: le.h's own test,
 * (len < w || off > len - w) with w = 20, its len < 20 half hoisted by
 * hand (clang 14 re-tests it every item otherwise). */
int KERNEL(bench_write_record_each)(uint8_t *buf, size_t len, size_t n)
{
    if (n > 0 && len < BENCH_ITEM_SIZE)
        return LEPACK_ERANGE;
    size_t last = len - BENCH_ITEM_SIZE;
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

int64_t KERNEL(bench_read_record_each)(const uint8_t *buf, size_t len, size_t n)
{
    if (n > 0 && len < BENCH_ITEM_SIZE)
        return -1;
    size_t last = len - BENCH_ITEM_SIZE;
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

int KERNEL(bench_write_cursor)(uint8_t *buf, size_t len, size_t n)
{
    lepack_cursor c;
    lepack_cursor_init(&c, buf, len);
    for (size_t i = 0; i < n; i++) {
        lepack_status st = lepack_cursor_put_le_i32(&c, (int32_t)i);
        if (st == LEPACK_OK)
            st = lepack_cursor_put_le_i64(&c, (int64_t)i * 10);
        if (st == LEPACK_OK)
            st = lepack_cursor_put_le_i64(&c, (int64_t)i * 100);
        if (st != LEPACK_OK)
            return (int)st;
    }
    return LEPACK_OK;
}

int64_t KERNEL(bench_read_cursor)(const uint8_t *buf, size_t len, size_t n)
{
    lepack_cursor c;
    /* The cursor's buffer is not const: it serves reads and writes. */
    lepack_cursor_init(&c, (uint8_t *)(uintptr_t)buf, len);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t partition;
        int64_t initial, updates;
        if (lepack_cursor_get_le_i32(&c, &partition) != LEPACK_OK ||
            lepack_cursor_get_le_i64(&c, &initial) != LEPACK_OK ||
            lepack_cursor_get_le_i64(&c, &updates) != LEPACK_OK)
            return -1;
        sum += (uint64_t)partition + (uint64_t)initial + (uint64_t)updates;
    }
    return (int64_t)sum;
}
