/* SPDX-License-Identifier: Apache-2.0 */
/* The record loops src/span.h is made for, proven over its contracts:
 * every access in bounds with no check inside the loop, and the bytes
 * written or read those of whole records.  These are the loops
 * docs/performance.md recommends (and bench/ times as "record"). */
#include "item.h"
#include "le.h"
#include "span.h"

/* items[k] into every whole record k of buf[0 .. len); returns how many. */
/*@ requires len > 0 ==> \valid(buf + (0 .. len - 1));
    requires \valid_read(items + (0 .. len / LEPACK_ITEM_SIZE - 1));
    requires \separated(items + (0 .. len / LEPACK_ITEM_SIZE - 1), buf + (0 .. len - 1));
    assigns buf[0 .. len - 1];
    exits \false;
    ensures \result == len / LEPACK_ITEM_SIZE;
    ensures items_bytes(buf, items, \result); */
size_t span_fill(uint8_t *buf, size_t len, const lepack_counters_item *items)
{
    lepack_span s = lepack_span_of(buf, len, LEPACK_ITEM_SIZE);
    /*@ loop invariant 0 <= i <= s.count;
        loop invariant s.base == buf && s.width == LEPACK_ITEM_SIZE;
        loop invariant s.count == len / LEPACK_ITEM_SIZE && valid_span(s);
        loop invariant items_bytes(buf, items, i);
        loop assigns i, buf[0 .. len - 1];
        loop variant s.count - i; */
    for (size_t i = 0; i < s.count; i++) {
        uint8_t *p = lepack_span_at(s, i);
        lepack_counters_store_item(p, items[i].partition, items[i].initial_counter,
                                   items[i].updates_count);
        //@ assert items_bytes(buf, items, i);
    }
    return s.count;
}

/* The partition of every whole record of buf[0 .. len) into out; returns
 * how many. */
/*@ requires len > 0 ==> \valid_read(buf + (0 .. len - 1));
    requires \valid(out + (0 .. len / LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (0 .. len / LEPACK_ITEM_SIZE - 1), buf + (0 .. len - 1));
    assigns out[0 .. len / LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result == len / LEPACK_ITEM_SIZE;
    ensures \forall integer k; 0 <= k < \result ==>
      twos32(out[k]) == le_value_u32(buf + k * LEPACK_ITEM_SIZE); */
size_t span_partitions(const uint8_t *buf, size_t len, int32_t *out)
{
    lepack_const_span s = lepack_const_span_of(buf, len, LEPACK_ITEM_SIZE);
    /*@ loop invariant 0 <= i <= s.count;
        loop invariant s.base == buf && s.width == LEPACK_ITEM_SIZE;
        loop invariant s.count == len / LEPACK_ITEM_SIZE && valid_const_span(s);
        loop invariant \forall integer k; 0 <= k < i ==>
          twos32(out[k]) == le_value_u32(buf + k * LEPACK_ITEM_SIZE);
        loop assigns i, out[0 .. len / LEPACK_ITEM_SIZE - 1];
        loop variant s.count - i; */
    for (size_t i = 0; i < s.count; i++) {
        out[i] = le_load_i32(lepack_const_span_at(s, i) + LEPACK_ITEM_PARTITION);
        /*@ assert \forall integer k; 0 <= k <= i ==>
              twos32(out[k]) == le_value_u32(buf + k * LEPACK_ITEM_SIZE); */
    }
    return s.count;
}
