/* SPDX-License-Identifier: Apache-2.0 */
/* The counters benchmark's cases: each lepack kernel and the baseline it is
 * timed against, at every size, over fixtures made once per size.  Shared
 * by the timing driver (bench_counters.c) and the instruction counter
 * (icount.c), so both measure the same pairs. */
#include "cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "kernels.h"
#include "place.h"

/* next_counter's linear baseline builds its array by scanning it for every
 * item: quadratic, so it stops at SIZES[NEXT_SIZES - 1]. */
static const size_t SIZES[] = {4, 32, 1024, 1000000};
#define NSIZES (sizeof SIZES / sizeof SIZES[0])
#define NEXT_SIZES 3
/* Lookups per call in the "later calls" cases. */
#define QUERIES 16

/* The batch cases run on buffers at two places (place.h): 16 bytes past a
 * 64-byte line, where malloc's blocks usually start, and on the line. */
static const int PLACES[] = {16, 0};
#define NPLACES (sizeof PLACES / sizeof PLACES[0])

typedef struct fixture {
    size_t n, len;
    int place;      /* every buffer's distance past a 64-byte line; -1: malloc's */
    uint8_t *wire;  /* the n items (i, 10i, 100i), little-endian */
    uint8_t *buf;   /* scratch for writers */
    uint8_t *dst;   /* scratch for copies */
    bench_item *items, *items_out;
    lepack_counters_item *litems, *litems_out;
    lepack_counters msg;    /* the n items */
    lepack_counters room;   /* capacity n, refilled by each call */
    lepack_counters dec;    /* decode target, capacity n */
    lepack_counters first;  /* next_counter's first call, decoded afresh */
    lepack_counters later;  /* the n items with next_counter's map built */
    bench_linear lin_first, lin_later;
    int32_t queries[QUERIES];
} fixture;

static fixture fixtures[NSIZES];
static fixture placed[NPLACES][NSIZES];  /* the batch cases' fixtures */

static void *xmalloc(size_t n)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    memset(p, 0, n > 0 ? n : 1);
    return p;
}

static void need(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "bench: setup failed: %s\n", what);
        exit(1);
    }
}

static void *fixture_alloc(const fixture *f, size_t n)
{
    return f->place < 0 ? xmalloc(n) : place_alloc(n, f->place);
}

/* The batch cases' fixtures (batch_only) have the buffers and the two
 * messages they use; a placed fixture's messages are placed too. */
static void fixture_init(fixture *f, size_t n, int place, int batch_only)
{
    f->n = n;
    f->len = n * BENCH_ITEM_SIZE;
    f->place = place;
    f->wire = fixture_alloc(f, f->len);
    f->buf = fixture_alloc(f, f->len);
    f->dst = fixture_alloc(f, f->len);
    f->items = fixture_alloc(f, n * sizeof *f->items);
    f->items_out = fixture_alloc(f, n * sizeof *f->items_out);
    f->litems = fixture_alloc(f, n * sizeof *f->litems);
    f->litems_out = fixture_alloc(f, n * sizeof *f->litems_out);
    need(bench_write_bytewise(f->wire, f->len, n) == 0, "wire");
    for (size_t i = 0; i < n; i++) {
        f->items[i].partition = f->litems[i].partition = (int32_t)i;
        f->items[i].initial_counter = f->litems[i].initial_counter = (int64_t)i * 10;
        f->items[i].updates_count = f->litems[i].updates_count = (int64_t)i * 100;
    }
    place_set(place);
    need(lepack_counters_init(&f->msg, 1, 0) == LEPACK_OK &&
         lepack_counters_decode(&f->msg, f->wire, f->len) == LEPACK_OK, "msg");
    need(lepack_counters_init(&f->room, 1, n) == LEPACK_OK, "room");
    place_set(-1);
    if (batch_only)
        return;
    need(lepack_counters_init(&f->dec, 1, n) == LEPACK_OK, "dec");
    need(lepack_counters_init(&f->first, 1, n) == LEPACK_OK, "first");
    need(lepack_counters_init(&f->later, 1, 0) == LEPACK_OK &&
         lepack_counters_decode(&f->later, f->wire, f->len) == LEPACK_OK, "later");
    for (size_t q = 0; q < QUERIES; q++)
        f->queries[q] = (int32_t)((q * 7919u + 3u) % n);
    int64_t v;
    need(lepack_counters_next_counter(&f->later, 0, &v) == LEPACK_OK, "later map");
}

/* The linear baseline's array, built once for the later-calls case. */
static void fixture_linear(fixture *f)
{
    int64_t v;
    need(bench_linear_next(&f->lin_later, f->wire, f->n, 0, &v) == 0, "linear later");
    /* Touch every page once, so that no case pays the first faults. */
    memset(f->buf, 0, f->len);
    memset(f->dst, 0, f->len);
}

/* --- the measured calls ----------------------------------------------------- */

#define F(p) ((fixture *)(p))

static int64_t write_raw(void *p) { return bench_write_raw(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_bytewise(void *p) { return bench_write_bytewise(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_field(void *p) { return bench_write_field(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_record(void *p) { return bench_write_record(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_record_each(void *p) { return bench_write_record_each(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_cursor(void *p) { return bench_write_cursor(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_field_bytes(void *p) { return bench_write_field_bytes(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t write_record_bytes(void *p) { return bench_write_record_bytes(F(p)->buf, F(p)->len, F(p)->n); }
static int64_t read_raw(void *p) { return bench_read_raw(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_bytewise(void *p) { return bench_read_bytewise(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_field(void *p) { return bench_read_field(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_record(void *p) { return bench_read_record(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_record_each(void *p) { return bench_read_record_each(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_cursor(void *p) { return bench_read_cursor(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_field_bytes(void *p) { return bench_read_field_bytes(F(p)->wire, F(p)->len, F(p)->n); }
static int64_t read_record_bytes(void *p) { return bench_read_record_bytes(F(p)->wire, F(p)->len, F(p)->n); }

static int64_t copy_memcpy(void *p)
{
    bench_copy(F(p)->dst, F(p)->wire, F(p)->n);
    return F(p)->dst[0];
}
static int64_t bulk_encode_raw(void *p) { return bench_bulk_encode_raw(F(p)->buf, F(p)->len, F(p)->items, F(p)->n); }
static int64_t bulk_decode_raw(void *p) { return bench_bulk_decode_raw(F(p)->wire, F(p)->len, F(p)->items_out, F(p)->n); }

static int64_t msg_getters(void *p) { return bench_counters_getters(&F(p)->msg, F(p)->n); }
static int64_t msg_add(void *p) { return bench_counters_add_room(&F(p)->room, F(p)->n); }
static int64_t msg_append(void *p) { return bench_counters_append_room(&F(p)->room, F(p)->n); }
static int64_t msg_grow(void *p) { return bench_counters_grow(F(p)->n); }
static int64_t grow_raw(void *p) { return bench_grow_raw(F(p)->n); }
static int64_t msg_add_items(void *p) { return bench_counters_add_items(&F(p)->room, F(p)->litems, F(p)->n); }
static int64_t msg_get_items(void *p) { return bench_counters_get_items(&F(p)->msg, F(p)->litems_out, F(p)->n); }
static int64_t items_store(void *p) { return bench_items_store(F(p)->buf, F(p)->litems, F(p)->n); }
static int64_t items_store_scalar(void *p) { return bench_items_store_scalar(F(p)->buf, F(p)->litems, F(p)->n); }
static int64_t items_load(void *p) { return bench_items_load(F(p)->litems_out, F(p)->wire, F(p)->n); }
static int64_t items_load_scalar(void *p) { return bench_items_load_scalar(F(p)->litems_out, F(p)->wire, F(p)->n); }
static int64_t msg_encode(void *p) { return bench_counters_encode(&F(p)->msg, F(p)->dst, F(p)->len); }
static int64_t msg_decode(void *p) { return bench_counters_decode(&F(p)->dec, F(p)->wire, F(p)->len); }

static int64_t next_first(void *p)
{
    fixture *f = F(p);
    return bench_counters_next_first(&f->first, f->wire, f->len, f->queries[0]);
}

/* The same work by linear scans: the items copied as decode copies them,
 * the array built afresh, one lookup. */
static int64_t linear_first(void *p)
{
    fixture *f = F(p);
    int64_t out = 0;
    bench_copy(f->dst, f->wire, f->n);
    bench_linear_reset(&f->lin_first);
    if (bench_linear_next(&f->lin_first, f->dst, f->n, f->queries[0], &out) != 0)
        return -1;
    return out;
}

static int64_t next_later(void *p) { return bench_counters_next_later(&F(p)->later, F(p)->queries, QUERIES); }
static int64_t next_scan(void *p) { return bench_counters_next_scan(&F(p)->later, F(p)->queries, QUERIES); }

static int64_t linear_later(void *p)
{
    fixture *f = F(p);
    uint64_t sum = 0;
    for (size_t q = 0; q < QUERIES; q++) {
        int64_t out;
        if (bench_linear_next(&f->lin_later, f->wire, f->n, f->queries[q], &out) != 0)
            return -1;
        sum += (uint64_t)out;
    }
    return (int64_t)sum;
}

/* --- the table -------------------------------------------------------------- */

typedef struct pair_def {
    const char *variant, *baseline;
    pair_fn v, b;
    int next; /* a next_counter case: sizes up to NEXT_SIZES only */
    int per_call_items; /* items per call other than n (0: n) */
    /* A batch case: run on the placed fixtures, named variant at 16 bytes
     * past a line and aligned_variant on the line. */
    const char *aligned_variant;
} pair_def;

static const pair_def DEFS[] = {
    {"write/field", "write/raw", write_field, write_raw, 0, 0, NULL},
    {"write/record", "write/raw", write_record, write_raw, 0, 0, NULL},
    {"write/record_each", "write/raw", write_record_each, write_raw, 0, 0, NULL},
    {"write/cursor", "write/raw", write_cursor, write_raw, 0, 0, NULL},
    {"write/bytewise", "write/field", write_bytewise, write_field, 0, 0, NULL},
    {"write/field_bytes", "write/field", write_field_bytes, write_field, 0, 0, NULL},
    {"write/record_bytes", "write/record", write_record_bytes, write_record, 0, 0, NULL},
    {"read/field", "read/raw", read_field, read_raw, 0, 0, NULL},
    {"read/record", "read/raw", read_record, read_raw, 0, 0, NULL},
    {"read/record_each", "read/raw", read_record_each, read_raw, 0, 0, NULL},
    {"read/cursor", "read/raw", read_cursor, read_raw, 0, 0, NULL},
    {"read/bytewise", "read/field", read_bytewise, read_field, 0, 0, NULL},
    {"read/field_bytes", "read/field", read_field_bytes, read_field, 0, 0, NULL},
    {"read/record_bytes", "read/record", read_record_bytes, read_record, 0, 0, NULL},
    {"msg/getters", "read/raw", msg_getters, read_raw, 0, 0, NULL},
    {"msg/add", "write/raw", msg_add, write_raw, 0, 0, NULL},
    {"msg/append", "write/raw", msg_append, write_raw, 0, 0, NULL},
    {"msg/grow", "grow/realloc_raw", msg_grow, grow_raw, 0, 0, NULL},
    {"batch/add_items", "copy/memcpy", msg_add_items, copy_memcpy, 0, 0, "batch/add_items/aligned"},
    {"batch/add_items", "encode/by_hand", msg_add_items, bulk_encode_raw, 0, 0, "batch/add_items/aligned"},
    {"batch/get_items", "copy/memcpy", msg_get_items, copy_memcpy, 0, 0, "batch/get_items/aligned"},
    {"batch/get_items", "decode/by_hand", msg_get_items, bulk_decode_raw, 0, 0, "batch/get_items/aligned"},
    {"items/store", "items/store_scalar", items_store, items_store_scalar, 0, 0, NULL},
    {"items/load", "items/load_scalar", items_load, items_load_scalar, 0, 0, NULL},
    {"msg/encode", "copy/memcpy", msg_encode, copy_memcpy, 0, 0, NULL},
    {"msg/decode", "copy/memcpy", msg_decode, copy_memcpy, 0, 0, NULL},
    {"next/first", "next/linear_first", next_first, linear_first, 1, 1, NULL},
    {"next/later", "next/linear_later", next_later, linear_later, 1, QUERIES, NULL},
    {"next/scan_slots", "next/later", next_scan, next_later, 1, QUERIES, NULL},
};
#define NDEFS (sizeof DEFS / sizeof DEFS[0])

static pair_case cases[NDEFS * NSIZES * NPLACES];

size_t counters_cases(pair_case **out)
{
    size_t k = 0;
    place_install();
    for (size_t s = 0; s < NSIZES; s++) {
        fixture_init(&fixtures[s], SIZES[s], -1, 0);
        for (size_t p = 0; p < NPLACES; p++)
            fixture_init(&placed[p][s], SIZES[s], PLACES[p], 1);
        if (s < NEXT_SIZES)
            fixture_linear(&fixtures[s]);
        for (size_t d = 0; d < NDEFS; d++) {
            if (DEFS[d].next && s >= NEXT_SIZES)
                continue;
            size_t places = DEFS[d].aligned_variant != NULL ? NPLACES : 1;
            for (size_t p = 0; p < places; p++) {
                pair_case *c = &cases[k++];
                c->variant = p == 0 ? DEFS[d].variant : DEFS[d].aligned_variant;
                c->baseline = DEFS[d].baseline;
                c->items = SIZES[s];
                c->run_variant = DEFS[d].v;
                c->run_baseline = DEFS[d].b;
                c->fixture = places > 1 ? (void *)&placed[p][s] : (void *)&fixtures[s];
            }
        }
    }
    *out = cases;
    return k;
}

/* --- every pair does the same work -------------------------------------------
 * Checked on the fixtures before anything is timed: the writers leave the
 * same bytes as the wire, the readers the same sums, the checked writers
 * refuse a buffer one byte short, the batches the same items. */

static int fail(const char *what, size_t n)
{
    fprintf(stderr, "bench self-check: %s differs at %zu items\n", what, n);
    return 1;
}

/* The batch cases on the placed fixtures: the same results, and the
 * buffers the calls read and write where the case's name says. */
static int placed_self_check(void)
{
    for (size_t p = 0; p < NPLACES; p++)
        for (size_t s = 0; s < NSIZES; s++) {
            fixture *f = &placed[p][s];
            size_t n = f->n;
            const void *bufs[] = {f->wire, f->dst, f->buf, f->litems, f->litems_out,
                                  f->items, f->items_out, f->msg.data, f->room.data};
            for (size_t b = 0; b < sizeof bufs / sizeof bufs[0]; b++)
                if ((uintptr_t)bufs[b] % 64 != (uintptr_t)PLACES[p])
                    return fail("placement of a batch buffer", n);
            if (bench_counters_add_items(&f->room, f->litems, n) != 0 ||
                memcmp(f->room.data, f->wire, f->len) != 0)
                return fail("batch/add_items, placed", n);
            memset(f->litems_out, 0xee, n * sizeof *f->litems_out);
            bench_counters_get_items(&f->msg, f->litems_out, n);
            for (size_t i = 0; i < n; i++)
                if (f->litems_out[i].partition != f->litems[i].partition ||
                    f->litems_out[i].initial_counter != f->litems[i].initial_counter ||
                    f->litems_out[i].updates_count != f->litems[i].updates_count)
                    return fail("batch/get_items, placed", n);
        }
    return 0;
}

int counters_self_check(void)
{
    static const struct {
        const char *name;
        int (*fn)(uint8_t *, size_t, size_t);
        int checked;
    } writers[] = {
        {"write/raw", bench_write_raw, 0},
        {"write/field", bench_write_field, 1},
        {"write/record", bench_write_record, 1},
        {"write/record_each", bench_write_record_each, 1},
        {"write/cursor", bench_write_cursor, 1},
        {"write/field_bytes", bench_write_field_bytes, 1},
        {"write/record_bytes", bench_write_record_bytes, 1},
    };
    static const struct {
        const char *name;
        int64_t (*fn)(const uint8_t *, size_t, size_t);
    } readers[] = {
        {"read/bytewise", bench_read_bytewise}, {"read/field", bench_read_field},
        {"read/record", bench_read_record},     {"read/record_each", bench_read_record_each},
        {"read/cursor", bench_read_cursor},     {"read/field_bytes", bench_read_field_bytes},
        {"read/record_bytes", bench_read_record_bytes},
    };
    for (size_t s = 0; s < NSIZES; s++) {
        fixture *f = &fixtures[s];
        size_t n = f->n;
        if (f->wire[BENCH_ITEM_SIZE + 4] != 10 || f->wire[BENCH_ITEM_SIZE + 5] != 0)
            return fail("wire is not little-endian", n);
        for (size_t w = 0; w < sizeof writers / sizeof writers[0]; w++) {
            memset(f->buf, 0xee, f->len);
            if (writers[w].fn(f->buf, f->len, n) != 0 || memcmp(f->buf, f->wire, f->len) != 0)
                return fail(writers[w].name, n);
            if (writers[w].checked && writers[w].fn(f->buf, f->len - 1, n) == 0)
                return fail(writers[w].name, n); /* ignored the length */
        }
        int64_t want = bench_read_raw(f->wire, f->len, n);
        for (size_t r = 0; r < sizeof readers / sizeof readers[0]; r++)
            if (readers[r].fn(f->wire, f->len, n) != want)
                return fail(readers[r].name, n);
        if (bench_counters_getters(&f->msg, n) != want)
            return fail("msg/getters", n);
        if (bench_counters_add_room(&f->room, n) != 0 ||
            memcmp(f->room.data, f->wire, f->len) != 0)
            return fail("msg/add", n);
        memset(f->room.data, 0xee, f->len);
        if (bench_counters_append_room(&f->room, n) != 0 ||
            memcmp(f->room.data, f->wire, f->len) != 0)
            return fail("msg/append", n);
        if (bench_counters_grow(n) != 0 || bench_grow_raw(n) != 0)
            return fail("msg/grow", n);
        if (bench_counters_add_items(&f->room, f->litems, n) != 0 ||
            memcmp(f->room.data, f->wire, f->len) != 0)
            return fail("batch/add_items", n);
        memset(f->buf, 0xee, f->len);
        if (bench_bulk_encode_raw(f->buf, f->len, f->items, n) != 0 ||
            memcmp(f->buf, f->wire, f->len) != 0)
            return fail("encode/by_hand", n);
        for (int k = 0; k < 2; k++) {
            memset(f->buf, 0xee, f->len);
            (k ? bench_items_store : bench_items_store_scalar)(f->buf, f->litems, n);
            if (memcmp(f->buf, f->wire, f->len) != 0)
                return fail(k ? "items/store" : "items/store_scalar", n);
        }
        for (int k = 0; k < 4; k++) {
            memset(f->litems_out, 0xee, n * sizeof *f->litems_out);
            memset(f->items_out, 0xee, n * sizeof *f->items_out);
            if (k == 0)
                bench_counters_get_items(&f->msg, f->litems_out, n);
            else if (k == 1)
                bench_items_load(f->litems_out, f->wire, n);
            else if (k == 2)
                bench_items_load_scalar(f->litems_out, f->wire, n);
            else
                bench_bulk_decode_raw(f->wire, f->len, f->items_out, n);
            for (size_t i = 0; i < n; i++) {
                int32_t p = k < 3 ? f->litems_out[i].partition : f->items_out[i].partition;
                int64_t a = k < 3 ? f->litems_out[i].initial_counter : f->items_out[i].initial_counter;
                int64_t u = k < 3 ? f->litems_out[i].updates_count : f->items_out[i].updates_count;
                if (p != f->items[i].partition || a != f->items[i].initial_counter ||
                    u != f->items[i].updates_count)
                    return fail("batch/get_items, items/load or decode/by_hand", n);
            }
        }
        if (bench_counters_encode(&f->msg, f->dst, f->len) != 0 ||
            memcmp(f->dst, f->wire, f->len) != 0 ||
            bench_counters_decode(&f->dec, f->wire, f->len) != 0 ||
            memcmp(f->dec.data, f->wire, f->len) != 0)
            return fail("msg/encode or msg/decode", n);
        if (s < NEXT_SIZES) {
            if (next_first(f) != linear_first(f) || next_first(f) != f->items[f->queries[0]].initial_counter + 1)
                return fail("next/first", n);
            /* Both counters move by one per lookup: the same sums, twice. */
            for (int k = 0; k < 2; k++)
                if (next_later(f) != linear_later(f))
                    return fail("next/later", n);
            /* The scan sees the counters the hash sees: a partition asked
             * r times per call moves by r per call, so two calls' sums
             * differ by the sum of r * r. */
            uint64_t d = 0;
            for (size_t q = 0; q < QUERIES; q++)
                for (size_t k = 0; k < QUERIES; k++)
                    d += f->queries[q] == f->queries[k];
            int64_t a = next_scan(f), b = next_later(f);
            if (a < 0 || b < 0 || (uint64_t)b - (uint64_t)a != d)
                return fail("next/scan_slots", n);
            (void)linear_later(f), (void)linear_later(f);
        }
    }
    return placed_self_check();
}
