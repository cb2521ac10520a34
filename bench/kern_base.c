/* SPDX-License-Identifier: Apache-2.0 */
/* The baselines lepack is measured against: GridUnsafe's two branches and a
 * plain memcpy.  Nothing here includes a lepack header, so a change to the
 * library cannot move the baseline. */
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
