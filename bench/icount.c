/* SPDX-License-Identifier: Apache-2.0 */
/* Fixed-work driver for instruction counts under callgrind.
 *
 * Wall-clock figures move with whatever else the machine runs; instruction
 * counts do not.  Each kernel runs a fixed number of times per size between
 * CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("<op>/<variant>/<items>
 * x<calls>"), so every callgrind dump holds exactly one measurement and
 * report.py divides by calls * items.  Outside valgrind the requests are
 * no-ops and this is a smoke test of every kernel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/callgrind.h>

#include "kernels.h"

typedef int (*writer_fn)(uint8_t *, size_t, size_t);
typedef int64_t (*reader_fn)(const uint8_t *, size_t, size_t);

static const struct {
    const char *name;
    writer_fn fn;
} writers[] = {
    {"raw", bench_write_raw},
    {"bytewise", bench_write_bytewise},
    {"field", bench_write_field},
    {"record", bench_write_record},
    {"field_bytes", bench_write_field_bytes},
    {"record_bytes", bench_write_record_bytes},
};

static const struct {
    const char *name;
    reader_fn fn;
} readers[] = {
    {"raw", bench_read_raw},
    {"bytewise", bench_read_bytewise},
    {"field", bench_read_field},
    {"record", bench_read_record},
    {"field_bytes", bench_read_field_bytes},
    {"record_bytes", bench_read_record_bytes},
};

/* About 2^18 items per measurement: enough to amortize the driver's own
 * few instructions per call, small enough to stay quick under callgrind. */
static size_t calls_for(size_t n)
{
    size_t calls = ((size_t)1 << 18) / n;
    return calls > 0 ? calls : 1;
}

/* The dump's name is formatted before the count starts, so that snprintf
 * is not in the measurement. */
static char name[128];

static void start(const char *op, const char *variant, size_t n, size_t calls)
{
    snprintf(name, sizeof name, "%s/%s/%zu x%zu", op, variant, n, calls);
    CALLGRIND_ZERO_STATS;
}

static int fail(const char *what)
{
    fprintf(stderr, "icount: %s failed\n", what);
    return 1;
}

int main(void)
{
    static const size_t sizes[] = {4, 32, 1024, 1000000};
    static const size_t grow_sizes[] = {1000, 100000, 1000000, 10000000};
    volatile int64_t sink = 0;

    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s], len = n * BENCH_ITEM_SIZE, calls = calls_for(n);
        uint8_t *buf = malloc(len), *copy = malloc(len);
        bench_item *items = malloc(n * sizeof *items);
        if (buf == NULL || copy == NULL || items == NULL)
            return fail("malloc");
        for (size_t i = 0; i < n; i++) {
            items[i].partition = (int32_t)i;
            items[i].initial_counter = (int64_t)i * 10;
            items[i].updates_count = (int64_t)i * 100;
        }
        /* Touch every page before counting. */
        memset(copy, 0, len);
        bench_write_raw(buf, len, n);

        for (size_t w = 0; w < sizeof writers / sizeof writers[0]; w++) {
            start("write", writers[w].name, n, calls);
            for (size_t c = 0; c < calls; c++)
                if (writers[w].fn(buf, len, n) != 0)
                    return fail(writers[w].name);
            CALLGRIND_DUMP_STATS_AT(name);
        }
        start("write", "bulk", n, calls);
        for (size_t c = 0; c < calls; c++)
            if (bench_bulk_encode(buf, len, items, n) != 0)
                return fail("bulk encode");
        CALLGRIND_DUMP_STATS_AT(name);
        start("write", "bulk_bytes", n, calls);
        for (size_t c = 0; c < calls; c++)
            if (bench_bulk_encode_bytes(buf, len, items, n) != 0)
                return fail("bulk encode bytes");
        CALLGRIND_DUMP_STATS_AT(name);
        start("write", "memcpy", n, calls);
        for (size_t c = 0; c < calls; c++)
            bench_copy(copy, buf, n);
        CALLGRIND_DUMP_STATS_AT(name);

        for (size_t r = 0; r < sizeof readers / sizeof readers[0]; r++) {
            start("read", readers[r].name, n, calls);
            for (size_t c = 0; c < calls; c++)
                sink += readers[r].fn(buf, len, n);
            CALLGRIND_DUMP_STATS_AT(name);
        }
        start("read", "bulk", n, calls);
        for (size_t c = 0; c < calls; c++)
            if (bench_bulk_decode(buf, len, items, n) != 0)
                return fail("bulk decode");
        CALLGRIND_DUMP_STATS_AT(name);
        start("read", "bulk_bytes", n, calls);
        for (size_t c = 0; c < calls; c++)
            if (bench_bulk_decode_bytes(buf, len, items, n) != 0)
                return fail("bulk decode bytes");
        CALLGRIND_DUMP_STATS_AT(name);

        free(buf);
        free(copy);
        free(items);
    }
    for (size_t s = 0; s < sizeof grow_sizes / sizeof grow_sizes[0]; s++) {
        start("grow", "add", grow_sizes[s], 1);
        if (bench_counters_grow(grow_sizes[s]) != 0)
            return fail("lepack_counters_add");
        CALLGRIND_DUMP_STATS_AT(name);
    }
    (void)sink;
    return 0;
}
