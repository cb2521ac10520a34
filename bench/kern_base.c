/* SPDX-License-Identifier: Apache-2.0 */
/* The baselines lepack is measured against: GridUnsafe's two branches, a
 * plain memcpy, struct arrays packed by hand, realloc growth and a linear
 * nextCounter.  Nothing here includes a lepack header, so a change to the
 * library cannot move the baseline. */
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

/* Native order, one memcpy per field: what Unsafe.putInt/putLong on a byte
 * array compile to on x86.  No range check at all. */
int bench_write_raw(uint8_t *buf, size_t len, size_t n)
{
    (void)len;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        int32_t partition = (int32_t)i;
        int64_t initial = (int64_t)i * 10;
        int64_t updates = (int64_t)i * 100;
        memcpy(p, &partition, sizeof partition);
        memcpy(p + 4, &initial, sizeof initial);
        memcpy(p + 12, &updates, sizeof updates);
    }
    return 0;
}

int64_t bench_read_raw(const uint8_t *buf, size_t len, size_t n)
{
    (void)len;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        int32_t partition;
        int64_t initial, updates;
        memcpy(&partition, p, sizeof partition);
        memcpy(&initial, p + 4, sizeof initial);
        memcpy(&updates, p + 12, sizeof updates);
        sum += (uint64_t)partition + (uint64_t)initial + (uint64_t)updates;
    }
    return (int64_t)sum;
}

/* GridUnsafe's putIntByByte/getLongByByte, written the way one would
 * naturally write them in C: a loop over the bytes with variable shifts. */
static void put_bytes(uint8_t *p, uint64_t v, unsigned width)
{
    for (unsigned k = 0; k < width; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static uint64_t get_bytes(const uint8_t *p, unsigned width)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < width; k++)
        v |= (uint64_t)p[k] << (8 * k);
    return v;
}

int bench_write_bytewise(uint8_t *buf, size_t len, size_t n)
{
    (void)len;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        put_bytes(p, (uint64_t)i, 4);
        put_bytes(p + 4, (uint64_t)i * 10, 8);
        put_bytes(p + 12, (uint64_t)i * 100, 8);
    }
    return 0;
}

int64_t bench_read_bytewise(const uint8_t *buf, size_t len, size_t n)
{
    (void)len;
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        /* Sign-extend the 32-bit field as getInt would. */
        uint32_t partition = (uint32_t)get_bytes(p, 4);
        sum += (uint64_t)(int64_t)(int32_t)partition + get_bytes(p + 4, 8) +
               get_bytes(p + 12, 8);
    }
    return (int64_t)sum;
}

void bench_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    memcpy(dst, src, n * BENCH_ITEM_SIZE);
}

/* A struct array to wire by hand, as a GridUnsafe port would: one
 * native-order memcpy per field, no check. */
int bench_bulk_encode_raw(uint8_t *buf, size_t len, const bench_item *items, size_t n)
{
    (void)len;
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        memcpy(p, &items[i].partition, 4);
        memcpy(p + 4, &items[i].initial_counter, 8);
        memcpy(p + 12, &items[i].updates_count, 8);
    }
    return 0;
}

int bench_bulk_decode_raw(const uint8_t *buf, size_t len, bench_item *items, size_t n)
{
    (void)len;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        memcpy(&items[i].partition, p, 4);
        memcpy(&items[i].initial_counter, p + 4, 8);
        memcpy(&items[i].updates_count, p + 12, 8);
    }
    return 0;
}

/* Appending n items from empty with realloc and lepack's growth rule,
 * max(need, capacity + capacity / 3), native-order stores: what add from
 * empty costs without lepack. */
int bench_grow_raw(size_t n)
{
    uint8_t *data = NULL;
    size_t size = 0, capacity = 0;
    for (size_t i = 0; i < n; i++) {
        if (size == capacity) {
            size_t grown = capacity + capacity / 3;
            if (grown < size + 1)
                grown = size + 1;
            uint8_t *q = realloc(data, grown * BENCH_ITEM_SIZE);
            if (q == NULL) {
                free(data);
                return 4;
            }
            data = q;
            capacity = grown;
        }
        uint8_t *p = data + size * BENCH_ITEM_SIZE;
        int32_t partition = (int32_t)i;
        int64_t initial = (int64_t)i * 10;
        int64_t updates = (int64_t)i * 100;
        memcpy(p, &partition, sizeof partition);
        memcpy(p + 4, &initial, sizeof initial);
        memcpy(p + 12, &updates, sizeof updates);
        size++;
    }
    free(data);
    return size == n ? 0 : 1;
}

/* nextCounter without hashing: the first call copies (partition, initial
 * counter) out of the items into an array, a repeated partition keeping
 * its last item's counter (found by scanning the array), and each call
 * then scans the array for its partition. */
void bench_linear_reset(bench_linear *l)
{
    free(l->entries);
    l->entries = NULL;
    l->count = 0;
    l->built = 0;
}

int bench_linear_next(bench_linear *l, const uint8_t *wire, size_t n, int32_t partition,
                      int64_t *out)
{
    if (!l->built) {
        l->entries = malloc((n > 0 ? n : 1) * sizeof *l->entries);
        if (l->entries == NULL)
            return 4;
        for (size_t i = 0; i < n; i++) {
            int32_t p;
            int64_t c;
            memcpy(&p, wire + i * BENCH_ITEM_SIZE, 4);
            memcpy(&c, wire + i * BENCH_ITEM_SIZE + 4, 8);
            size_t k = 0;
            while (k < l->count && l->entries[k].partition != p)
                k++;
            l->entries[k].partition = p;
            l->entries[k].counter = c;
            if (k == l->count)
                l->count++;
        }
        l->built = 1;
    }
    for (size_t k = 0; k < l->count; k++) {
        if (l->entries[k].partition == partition) {
            int64_t c = l->entries[k].counter;
            c = c == INT64_MAX ? INT64_MIN : c + 1;
            l->entries[k].counter = c;
            *out = c;
            return 0;
        }
    }
    return 6;
}
