/* SPDX-License-Identifier: Apache-2.0 */
/* The measured loops, compiled as C by the compiler under test.
 *
 * Every kernel walks `n` items of the counters layout (int32 at +0, int64 at
 * +4, int64 at +12, 20 bytes, little-endian) in a buffer of `len` bytes.
 * Writers store item i as (i, i * 10, i * 100), as Ignite's JMH benchmark
 * did; readers return the sum of every field so that no load is dead.
 * Writers and the bulk routines return a lepack_status value as int (0 is
 * success) so that a skipped check would show up as a wrong result.
 * bench/cases.c pairs each lepack kernel with the baseline it is timed
 * against. */
#ifndef LEPACK_BENCH_KERNELS_H
#define LEPACK_BENCH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_ITEM_SIZE 20u

/* The unpacked form for the bulk routines: a natural C struct, with the
 * padding a compiler puts after the int32 (lepack_counters_item's layout). */
typedef struct bench_item {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
} bench_item;

/* --- baselines (kern_base.c, no lepack header) ---------------------------- */

/* Native-order memcpy per field, no bounds check: GridUnsafe's unaligned
 * branch (what x86 takes).  Correct only on a little-endian host. */
int bench_write_raw(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_raw(const uint8_t *buf, size_t len, size_t n);

/* A byte-at-a-time loop per field: GridUnsafe's branch on hosts it does not
 * trust with unaligned access (aarch64 by default). */
int bench_write_bytewise(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_bytewise(const uint8_t *buf, size_t len, size_t n);

/* memcpy of the same 20 * n bytes: the bandwidth ceiling. */
void bench_copy(uint8_t *dst, const uint8_t *src, size_t n);

/* A struct array to and from the wire by hand, GridUnsafe style: one
 * native-order memcpy per field, no check. */
int bench_bulk_encode_raw(uint8_t *buf, size_t len, const bench_item *items, size_t n);
int bench_bulk_decode_raw(const uint8_t *buf, size_t len, bench_item *items, size_t n);

/* n items appended from empty with realloc and lepack's growth rule. */
int bench_grow_raw(size_t n);

/* nextCounter by linear scans (kern_base.c says how). */
typedef struct bench_entry {
    int32_t partition;
    int64_t counter;
} bench_entry;
typedef struct bench_linear {
    bench_entry *entries;
    size_t count;
    int built;
} bench_linear;
void bench_linear_reset(bench_linear *l);
int bench_linear_next(bench_linear *l, const uint8_t *wire, size_t n, int32_t partition,
                      int64_t *out);

/* --- the views (kern_lepack.c) --------------------------------------------- */

/* Checked per field: le_put_* / le_get_* with (buf, len, off), as the
 * VarHandle view checks every access. */
int bench_write_field(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_field(const uint8_t *buf, size_t len, size_t n);

/* The recommended record loop: a span (src/span.h) counts the whole records
 * once, one check of n against it, then the unchecked le_store_* /
 * le_load_* in a loop with one exit. */
int bench_write_record(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record(const uint8_t *buf, size_t len, size_t n);

/* A check per record inside the loop (off + 20 <= len), then the unchecked
 * views: two exits per iteration. */
int bench_write_record_each(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record_each(const uint8_t *buf, size_t len, size_t n);

/* The cursor of src/cursor.h: put/get of each field, each checked. */
int bench_write_cursor(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_cursor(const uint8_t *buf, size_t len, size_t n);

/* The same kernels built with -DLEPACK_BYTEWISE: the proven byte form of
 * src/le_bytes.h in place of the memcpy form of src/le_mem.h. */
int bench_write_field_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_field_bytes(const uint8_t *buf, size_t len, size_t n);
int bench_write_record_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record_bytes(const uint8_t *buf, size_t len, size_t n);
int bench_write_record_each_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record_each_bytes(const uint8_t *buf, size_t len, size_t n);
int bench_write_cursor_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_cursor_bytes(const uint8_t *buf, size_t len, size_t n);

/* --- the message (kern_counters.c) ------------------------------------------
 * The message is passed as void * so that this header stays free of
 * lepack's; kern_counters.c and cases.c know it is a lepack_counters. */

/* Sum of every field of items 0 .. n - 1 through the three getters. */
int64_t bench_counters_getters(const void *m, size_t n);
/* clear, then n adds into the room already there (no growth). */
int bench_counters_add_room(void *m, size_t n);
/* clear, reserve n, then n items stored into a span and one commit. */
int bench_counters_append_room(void *m, size_t n);
/* init with no capacity, n adds (growth included), free. */
int bench_counters_grow(size_t n);
/* clear, then lepack_counters_add_items of items[0 .. n). */
int bench_counters_add_items(void *m, const void *items, size_t n);
/* lepack_counters_get_items of all n items into out. */
int bench_counters_get_items(const void *m, void *out, size_t n);
/* The two paths of src/items.h alone: the scalar loop and the dispatch
 * (vector blocks where the CPU has them, then the scalar loop). */
int bench_items_store_scalar(uint8_t *dst, const void *items, size_t n);
int bench_items_store(uint8_t *dst, const void *items, size_t n);
int bench_items_load_scalar(void *out, const uint8_t *src, size_t n);
int bench_items_load(void *out, const uint8_t *src, size_t n);
/* lepack_counters_encode into dst, lepack_counters_decode from src. */
int bench_counters_encode(const void *m, uint8_t *dst, size_t cap);
int bench_counters_decode(void *m, const uint8_t *src, size_t len);
/* next_counter's first call on a message just decoded from wire (the
 * decode included), and q later calls for queries[0 .. q). */
int64_t bench_counters_next_first(void *m, const uint8_t *wire, size_t len, int32_t partition);
int64_t bench_counters_next_later(void *m, const int32_t *queries, size_t q);
/* The later calls with the map's slots scanned in order instead of hashed:
 * whether a linear scan would pay below some size. */
int64_t bench_counters_next_scan(void *m, const int32_t *queries, size_t q);

#ifdef __cplusplus
}
#endif

#endif
