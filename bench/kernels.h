/* SPDX-License-Identifier: Apache-2.0 */
/* The measured loops, compiled as C by the compiler under test.
 *
 * Every kernel walks `n` items of the counters layout (int32 at +0, int64 at
 * +4, int64 at +12, 20 bytes, little-endian) in a buffer of `len` bytes.
 * Writers store item i as (i, i * 10, i * 100), as Ignite's JMH benchmark
 * did; readers return the sum of every field so that no load is dead.
 * Writers and the bulk routines return a lepack_status value as int (0 is
 * success) so that a skipped check would show up as a wrong result. */
#ifndef LEPACK_BENCH_KERNELS_H
#define LEPACK_BENCH_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BENCH_ITEM_SIZE 20u

/* The unpacked form for the bulk routines: a natural C struct, with the
 * padding a compiler puts after the int32. */
typedef struct bench_item {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
} bench_item;

/* Native-order memcpy per field, no bounds check: GridUnsafe's unaligned
 * branch (what x86 takes).  Correct only on a little-endian host. */
int bench_write_raw(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_raw(const uint8_t *buf, size_t len, size_t n);

/* A byte-at-a-time loop per field: GridUnsafe's branch on hosts it does not
 * trust with unaligned access (aarch64 by default). */
int bench_write_bytewise(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_bytewise(const uint8_t *buf, size_t len, size_t n);

/* lepack, checked per field: le_put_* / le_get_* with (buf, len, off), as
 * the VarHandle view checks every access. */
int bench_write_field(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_field(const uint8_t *buf, size_t len, size_t n);

/* lepack, one range check per item, then the unchecked le_store_* /
 * le_load_*. */
int bench_write_record(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record(const uint8_t *buf, size_t len, size_t n);

/* lepack bulk: one range check for the whole batch, then the unchecked tier
 * over an array of structs. */
int bench_bulk_encode(uint8_t *buf, size_t len, const bench_item *items, size_t n);
int bench_bulk_decode(const uint8_t *buf, size_t len, bench_item *items, size_t n);

/* The same kernels built with -DLEPACK_BYTEWISE: the proven byte form of
 * src/le_bytes.h in place of the memcpy form of src/le_mem.h. */
int bench_write_field_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_field_bytes(const uint8_t *buf, size_t len, size_t n);
int bench_write_record_bytes(uint8_t *buf, size_t len, size_t n);
int64_t bench_read_record_bytes(const uint8_t *buf, size_t len, size_t n);
int bench_bulk_encode_bytes(uint8_t *buf, size_t len, const bench_item *items, size_t n);
int bench_bulk_decode_bytes(const uint8_t *buf, size_t len, bench_item *items, size_t n);

/* memcpy of the same 20 * n bytes: the bandwidth ceiling. */
void bench_copy(uint8_t *dst, const uint8_t *src, size_t n);

/* lepack_counters_add from an empty message (no capacity) to n items, then
 * free: the growth path included.  Returns a status as int. */
int bench_counters_grow(size_t n);

#ifdef __cplusplus
}
#endif

#endif
