/* SPDX-License-Identifier: Apache-2.0 */
/* One counters item: its 20-byte wire layout, its unpacked C form, and the
 * predicates that tie the two together in the contracts.
 *
 *   +0  int32  partition
 *   +4  int64  initial counter
 *   +12 int64  updates count
 * little-endian, no padding. */
#ifndef LEPACK_ITEM_H
#define LEPACK_ITEM_H

#include <stddef.h>
#include <stdint.h>

#include "le.h"

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define LEPACK_ITEM_SIZE 20u
#define LEPACK_ITEM_PARTITION 0u
#define LEPACK_ITEM_INITIAL_COUNTER 4u
#define LEPACK_ITEM_UPDATES_COUNT 12u

/* The most items whose bytes a size_t can count. */
#define LEPACK_MAX_ITEMS (SIZE_MAX / LEPACK_ITEM_SIZE)

/* An item unpacked, for the batch functions: a plain C struct (24 bytes on
 * the usual ABIs, the 4 after partition being padding). */
typedef struct lepack_counters_item {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
} lepack_counters_item;

/*@ predicate item_bytes{L}(uint8_t *item, integer partition, integer initial,
                            integer updates) =
      le_digits_u32(item + LEPACK_ITEM_PARTITION, twos32(partition)) &&
      le_digits_u64(item + LEPACK_ITEM_INITIAL_COUNTER, twos64(initial)) &&
      le_digits_u64(item + LEPACK_ITEM_UPDATES_COUNT, twos64(updates));

    // items[lo .. hi) packed at dst, item k at dst + k * LEPACK_ITEM_SIZE.
    predicate items_bytes_range{L}(uint8_t *dst, lepack_counters_item *items,
                                   integer lo, integer hi) =
      \forall integer k; lo <= k < hi ==>
        item_bytes(dst + k * LEPACK_ITEM_SIZE, items[k].partition,
                   items[k].initial_counter, items[k].updates_count);
    predicate items_bytes{L}(uint8_t *dst, lepack_counters_item *items, integer n) =
      items_bytes_range(dst, items, 0, n);

    // The fields of *it are the values of the item packed at item, and of
    // out[0 .. n) those of the n items packed at src.
    predicate item_values{L}(lepack_counters_item *it, uint8_t *item) =
      twos32(it->partition) == le_value_u32(item + LEPACK_ITEM_PARTITION) &&
      twos64(it->initial_counter) == le_value_u64(item + LEPACK_ITEM_INITIAL_COUNTER) &&
      twos64(it->updates_count) == le_value_u64(item + LEPACK_ITEM_UPDATES_COUNT);
    predicate items_values_range{L}(lepack_counters_item *out, uint8_t *src,
                                    integer lo, integer hi) =
      \forall integer k; lo <= k < hi ==> item_values(out + k, src + k * LEPACK_ITEM_SIZE);
    predicate items_values{L}(lepack_counters_item *out, uint8_t *src, integer n) =
      items_values_range(out, src, 0, n);
*/

/* One item's three fields at item[0 .. LEPACK_ITEM_SIZE). */
/*@ requires \valid(item + (0 .. LEPACK_ITEM_SIZE - 1));
    assigns item[0 .. LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures item_bytes(item, partition, initial_counter, updates_count); */
static inline void lepack_counters_store_item(uint8_t *item, int32_t partition,
                                              int64_t initial_counter, int64_t updates_count)
{
    le_store_i32(item + LEPACK_ITEM_PARTITION, partition);
    le_store_i64(item + LEPACK_ITEM_INITIAL_COUNTER, initial_counter);
    le_store_i64(item + LEPACK_ITEM_UPDATES_COUNT, updates_count);
}

/* The three fields of the item at item[0 .. LEPACK_ITEM_SIZE), into *it. */
/*@ requires \valid_read(item + (0 .. LEPACK_ITEM_SIZE - 1));
    requires \valid(it) && \separated(it, item + (0 .. LEPACK_ITEM_SIZE - 1));
    assigns *it;
    exits \false;
    ensures item_values(it, item); */
static inline void lepack_counters_load_item(lepack_counters_item *it, const uint8_t *item)
{
    it->partition = le_load_i32(item + LEPACK_ITEM_PARTITION);
    it->initial_counter = le_load_i64(item + LEPACK_ITEM_INITIAL_COUNTER);
    it->updates_count = le_load_i64(item + LEPACK_ITEM_UPDATES_COUNT);
}

#ifdef __cplusplus
}
#endif

#endif
