/* SPDX-License-Identifier: Apache-2.0 */
#include "items.h"

void lepack_items_store_range(uint8_t *dst, const lepack_counters_item *items, size_t lo,
                              size_t hi)
{
    /*@ loop invariant lo <= i <= hi;
        loop invariant items_bytes_range(dst, items, lo, i);
        loop assigns i, dst[lo * LEPACK_ITEM_SIZE .. hi * LEPACK_ITEM_SIZE - 1];
        loop variant hi - i; */
    for (size_t i = lo; i < hi; i++) {
        lepack_counters_store_item(dst + i * LEPACK_ITEM_SIZE, items[i].partition,
                                   items[i].initial_counter, items[i].updates_count);
        //@ assert items_bytes_range(dst, items, lo, i);
    }
}

void lepack_items_load_range(lepack_counters_item *out, const uint8_t *src, size_t lo,
                             size_t hi)
{
    /*@ loop invariant lo <= i <= hi;
        loop invariant items_values_range(out, src, lo, i);
        loop assigns i, out[lo .. hi - 1];
        loop variant hi - i; */
    for (size_t i = lo; i < hi; i++) {
        lepack_counters_load_item(out + i, src + i * LEPACK_ITEM_SIZE);
        //@ assert items_values_range(out, src, lo, i);
        /*@ assert \forall integer k; lo <= k <= i ==>
              item_values(out + k, src + k * LEPACK_ITEM_SIZE); */
    }
}

void lepack_items_store_scalar(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    lepack_items_store_range(dst, items, 0, n);
}

void lepack_items_load_scalar(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    lepack_items_load_range(out, src, 0, n);
}

/* The vector path does whole blocks from the front; the scalar loop the
 * rest (all of it where there is no vector unit). */
void lepack_items_store(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    size_t done = lepack_items_store_vector(dst, items, n);
    if (done < n) {
        lepack_items_store_range(dst, items, done, n);
        //@ assert items_bytes_range(dst, items, 0, done);
    }
}

void lepack_items_load(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    size_t done = lepack_items_load_vector(out, src, n);
    if (done < n) {
        lepack_items_load_range(out, src, done, n);
        //@ assert items_values_range(out, src, 0, done);
    }
}
