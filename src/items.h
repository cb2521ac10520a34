/* SPDX-License-Identifier: Apache-2.0 */
/* Arrays of lepack_counters_item to and from the wire layout: the loops
 * behind lepack_counters_add_items and lepack_counters_get_items.
 *
 * Internal to the library (not installed as API, not exported).  Two paths:
 * the portable scalar loops here, proven, and on x86-64 vector code
 * (src/items_x86.c) chosen at run time, which does the largest whole number
 * of its blocks and leaves the rest to the scalar loop.  WP proves the
 * vector paths' contracts below from the contracts of their block kernels,
 * which are intrinsics and trusted (proofs/README.md); the fuzzers compare
 * every path with the reference on every input. */
#ifndef LEPACK_ITEMS_H
#define LEPACK_ITEMS_H

#include <stddef.h>
#include <stdint.h>

#include "item.h"

#ifdef __cplusplus
extern "C" {
#endif

/* items[0 .. n) packed at dst[0 .. n * LEPACK_ITEM_SIZE). */
/*@ requires 0 < n <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (0 .. n * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (0 .. n - 1));
    requires \separated(dst + (0 .. n * LEPACK_ITEM_SIZE - 1), items + (0 .. n - 1));
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes(dst, items, n); */
void lepack_items_store(uint8_t *dst, const lepack_counters_item *items, size_t n);

/*@ requires 0 < n <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (0 .. n * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (0 .. n - 1));
    requires \separated(dst + (0 .. n * LEPACK_ITEM_SIZE - 1), items + (0 .. n - 1));
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes(dst, items, n); */
void lepack_items_store_scalar(uint8_t *dst, const lepack_counters_item *items, size_t n);

/* Items lo .. hi - 1, each at its own place: the vector paths hand over
 * the rest of an array without shifting the indices, which keeps the
 * proof of the whole a matter of ranges side by side. */
/*@ requires lo < hi <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (lo .. hi - 1));
    requires \separated(dst + (lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1),
                        items + (lo .. hi - 1));
    assigns dst[lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes_range(dst, items, lo, hi); */
void lepack_items_store_range(uint8_t *dst, const lepack_counters_item *items, size_t lo,
                              size_t hi);

/*@ requires lo < hi <= LEPACK_MAX_ITEMS;
    requires \valid(out + (lo .. hi - 1));
    requires \valid_read(src + (lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (lo .. hi - 1),
                        src + (lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1));
    assigns out[lo .. hi - 1];
    exits \false;
    ensures items_values_range(out, src, lo, hi); */
void lepack_items_load_range(lepack_counters_item *out, const uint8_t *src, size_t lo,
                             size_t hi);

/* The n items packed at src[0 .. n * LEPACK_ITEM_SIZE) into out[0 .. n). */
/*@ requires 0 < n <= LEPACK_MAX_ITEMS;
    requires \valid(out + (0 .. n - 1));
    requires \valid_read(src + (0 .. n * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (0 .. n - 1), src + (0 .. n * LEPACK_ITEM_SIZE - 1));
    assigns out[0 .. n - 1];
    exits \false;
    ensures items_values(out, src, n); */
void lepack_items_load(lepack_counters_item *out, const uint8_t *src, size_t n);

/*@ requires 0 < n <= LEPACK_MAX_ITEMS;
    requires \valid(out + (0 .. n - 1));
    requires \valid_read(src + (0 .. n * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (0 .. n - 1), src + (0 .. n * LEPACK_ITEM_SIZE - 1));
    assigns out[0 .. n - 1];
    exits \false;
    ensures items_values(out, src, n); */
void lepack_items_load_scalar(lepack_counters_item *out, const uint8_t *src, size_t n);

/* --- Vector paths (src/items_x86.c) -----------------------------------------
 * Each packs or unpacks the first k items, k <= n a whole number of its
 * blocks (the largest it chooses to do), and returns k; the caller does the
 * rest.  It may write anywhere in the n items' destination.  0 when the CPU
 * lacks the instructions, when n is below one block, or on other
 * architectures.  _vector picks the widest the CPU has (AVX-512 with
 * non-temporal stores, _stream, for large batches); the others exist so
 * that the fuzzers can compare each with the reference. */

/*@ // The n items' places, when there are any: what every vector path
    // may touch.
    predicate items_store_room{L}(uint8_t *dst, lepack_counters_item *items, integer n) =
      n > 0 ==> \valid(dst + (0 .. n * LEPACK_ITEM_SIZE - 1)) &&
        \valid_read(items + (0 .. n - 1)) &&
        \separated(dst + (0 .. n * LEPACK_ITEM_SIZE - 1), items + (0 .. n - 1));
    predicate items_load_room{L}(lepack_counters_item *out, uint8_t *src, integer n) =
      n > 0 ==> \valid(out + (0 .. n - 1)) &&
        \valid_read(src + (0 .. n * LEPACK_ITEM_SIZE - 1)) &&
        \separated(out + (0 .. n - 1), src + (0 .. n * LEPACK_ITEM_SIZE - 1));
*/

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
size_t lepack_items_store_vector(uint8_t *dst, const lepack_counters_item *items, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
size_t lepack_items_store_avx2(uint8_t *dst, const lepack_counters_item *items, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
size_t lepack_items_store_avx512(uint8_t *dst, const lepack_counters_item *items, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
size_t lepack_items_store_stream(uint8_t *dst, const lepack_counters_item *items, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
size_t lepack_items_load_vector(lepack_counters_item *out, const uint8_t *src, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
size_t lepack_items_load_avx2(lepack_counters_item *out, const uint8_t *src, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
size_t lepack_items_load_avx512(lepack_counters_item *out, const uint8_t *src, size_t n);

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
size_t lepack_items_load_stream(lepack_counters_item *out, const uint8_t *src, size_t n);

#ifdef __cplusplus
}
#endif

#endif
