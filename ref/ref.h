/* SPDX-License-Identifier: Apache-2.0 */
/* The naive reference: the oracle that tests and fuzzers compare lepack
 * against.  Written independently of src/ and as plainly as possible: values
 * are assembled one byte at a time in loops, items live in an array of
 * structs, and the map behind next_counter is a linear scan.  Speed does not
 * matter here; being obviously right does. */
#ifndef LEPACK_REF_H
#define LEPACK_REF_H

#include <stddef.h>
#include <stdint.h>

/* Same meanings and numbers as lepack_status, restated on purpose. */
enum {
    REF_OK = 0,
    REF_ERANGE = 1,
    REF_ENOSPACE = 2,
    REF_EOVERFLOW = 3,
    REF_ENOMEM = 4,
    REF_EBADLEN = 5,
    REF_ENOTFOUND = 6,
    REF_EINVAL = 7,
    REF_EILLFORMED = 8,
    REF_ETOOLONG = 9,
    REF_ESTOPPED = 10
};

/* A status's symbolic name as the golden vectors spell it ("EBADLEN"),
 * "UNKNOWN" for any other number. */
const char *ref_status_name(int status);

/* Reads `width` bytes at buf[off] (little-endian when big_endian == 0) as an
 * unsigned number; REF_ERANGE when they are not all inside buf[0 .. len). */
int ref_get(const uint8_t *buf, size_t len, size_t off, int width, int big_endian,
            uint64_t *out);

/* Writes the low `width` bytes of v; REF_ERANGE (nothing written) when they do
 * not fit. */
int ref_put(uint8_t *buf, size_t len, size_t off, int width, int big_endian, uint64_t v);

/* The signed value of the low `width` bytes of u (two's complement). */
int64_t ref_sign_extend(uint64_t u, int width);

typedef struct ref_item {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
} ref_item;

typedef struct ref_entry {
    int32_t partition;
    int64_t counter;
} ref_entry;

typedef struct ref_counters {
    int32_t cache_id;
    ref_item *items;
    size_t size;
    size_t capacity;
    int built;          /* next_counter's entries exist */
    ref_entry *entries; /* one per distinct partition */
    size_t nentries;
} ref_counters;

#define REF_ITEM_SIZE 20

int ref_init(ref_counters *m, int32_t cache_id);
void ref_free(ref_counters *m);
void ref_clear(ref_counters *m);
/* Ignite's finishUpdating(): storage for exactly size items (none when
 * empty); REF_ENOMEM leaves everything as it was. */
int ref_shrink(ref_counters *m);
int ref_add(ref_counters *m, int32_t partition, int64_t initial_counter, int64_t updates_count);
int ref_item_at(const ref_counters *m, size_t i, ref_item *out);
/* items[0 .. n) appended as n ref_add calls would; REF_ENOMEM before any
 * change.  out[0 .. n) = items i .. i + n - 1, or REF_ERANGE (nothing
 * written) when they are not all there. */
int ref_add_items(ref_counters *m, const ref_item *items, size_t n);
int ref_get_items(const ref_counters *m, size_t i, ref_item *out, size_t n);

/* The wire form: writes size * 20 bytes into dst when cap allows; else
 * REF_ENOSPACE with *written the bytes needed. */
int ref_encode(const ref_counters *m, uint8_t *dst, size_t cap, size_t *written);
int ref_decode(ref_counters *m, const uint8_t *src, size_t len);
int ref_next_counter(ref_counters *m, int32_t partition, int64_t *out);

/* Ignite's three fields.  ref_decode_sized: the first `size` items of the
 * data field src[0 .. len), anything after them ignored; REF_EINVAL for a
 * negative size, REF_EBADLEN when the items are not all in src (counted
 * item by item, never by a product), and then m is unchanged.
 * ref_encode_fields: cacheId, data (length, bytes) and size, each int as
 * (v + 1) mod 2^32 in 7-bit groups, lowest first, the top bit set on every
 * byte but the last; REF_EOVERFLOW past 107374182 items, REF_ENOSPACE
 * with *written set to the size needed. */
int ref_decode_sized(ref_counters *m, const uint8_t *src, size_t len, int32_t size);
int ref_encode_fields(const ref_counters *m, uint8_t *dst, size_t cap, size_t *written);

#endif
