/* SPDX-License-Identifier: Apache-2.0 */
/* The hot paths defined in counters.h become this file's external
 * functions (see LEPACK_COUNTERS_INLINE there). */
#define LEPACK_COUNTERS_EXTERN_INLINES
#include "counters.h"

#include <string.h>

#include "alloc.h"
#include "items.h"
#include "le.h"

/* memcpy for byte arrays.  WP's memory model cannot carry memcpy's libc
 * contract (stated on char) over to uint8_t, so the proofs see this
 * declaration: the same contract, written for bytes (proofs/README.md). */
#ifdef __FRAMAC__
/*@ requires n > 0;
    requires \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1] \from src[0 .. n - 1];
    exits \false;
    ensures \forall integer k; 0 <= k < n ==> dst[k] == \old(src[k]); */
static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n);
#else
static inline void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    memcpy(dst, src, n);
}
#endif

/* The digits an item's fields were stored as (item_bytes) add up to the
 * values its getters read (item_partition_is, item_initial_is).  That is
 * the base-256 identity, which the provers find in small steps only: each
 * ghost function below states one step, and item_field_values combines them.
 * They exist only for the proofs. */
/*@ predicate sum_of_digits32(integer x) =
      x == x % 256 + 256 * (x / 256 % 256) + 65536 * (x / 65536 % 256) +
           16777216 * (x / 16777216 % 256);
*/

/*@ ghost
/@ requires x <= 4294967295;
   assigns \nothing;
   exits \false;
   ensures sum_of_digits32(x); @/
static void item_digits32(uint64_t x)
{
}
*/

/* A 64-bit value's digits are those of its low half, then those of its
 * high half. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures low0: x % 4294967296 % 256 == x % 256;
   ensures low1: x % 4294967296 / 256 % 256 == x / 256 % 256;
   ensures low2: x % 4294967296 / 65536 % 256 == x / 65536 % 256;
   ensures low3: x % 4294967296 / 16777216 % 256 == x / 16777216 % 256;
   ensures high1: x / 4294967296 / 256 == x / 1099511627776;
   ensures high2: x / 4294967296 / 65536 == x / 281474976710656;
   ensures high3: x / 4294967296 / 16777216 == x / 72057594037927936; @/
static void item_halves64(uint64_t x)
{
}
*/

/* le_value_u32/u64 of data + off, read as bytes of data. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures le_value_u32(data + off) == bytes_u32(data, off);
   ensures le_value_u64(data + off) == bytes_u64(data, off); @/
static void bytes_at(const uint8_t *data, size_t off)
{
}
*/

/* Appending item n, whose partition is q, to the first n items: q is in
 * them, the item is q's last, and nothing changes for another partition. */
/*@ ghost
/@ requires item_partition_is(data, n, q);
   assigns \nothing;
   exits \false;
   ensures only: \forall integer p; item_partition_is(data, n, p) <==> p == q;
   ensures keys: \forall integer p; in_items(data, n + 1, p) <==> (p == q || in_items(data, n, p));
   ensures last: \forall integer v; last_initial(data, n + 1, q, v) <==> item_initial_is(data, n, v);
   ensures others_fwd: \forall integer p, v; p != q ==>
     last_initial(data, n + 1, p, v) ==> last_initial(data, n, p, v);
   ensures others_bwd: \forall integer p, v; p != q ==>
     last_initial(data, n, p, v) ==> last_initial(data, n + 1, p, v); @/
static void items_append(const uint8_t *data, size_t n, int32_t q)
{
    /@ assert \forall integer p; item_partition_is(data, n, p) <==> p == q; @/
}
*/

/* Two arrays whose first n items have the same fields have the same model. */
/*@ ghost
/@ requires \forall integer i, p; 0 <= i < n ==>
     (item_partition_is(a, i, p) <==> item_partition_is(b, i, p));
   requires \forall integer i, v; 0 <= i < n ==>
     (item_initial_is(a, i, v) <==> item_initial_is(b, i, v));
   assigns \nothing;
   exits \false;
   ensures keys: \forall integer p; in_items(a, n, p) <==> in_items(b, n, p);
   ensures last: \forall integer p, v; last_initial(a, n, p, v) <==> last_initial(b, n, p, v); @/
static void items_same(const uint8_t *a, const uint8_t *b, size_t n)
{
}
*/

/*@ ghost
/@ requires item_bytes(item, partition, initial, updates);
   assigns \nothing;
   exits \false;
   ensures le_value_u32(item + LEPACK_ITEM_PARTITION) == twos32(partition);
   ensures le_value_u64(item + LEPACK_ITEM_INITIAL_COUNTER) == twos64(initial); @/
static void item_field_values(const uint8_t *item, int32_t partition, int64_t initial, int64_t updates)
{
    /@ assert le_digits_u32(item + LEPACK_ITEM_PARTITION, twos32(partition)) &&
              le_digits_u64(item + LEPACK_ITEM_INITIAL_COUNTER, twos64(initial)); @/
    uint64_t p = partition >= 0 ? (uint64_t)partition : (uint64_t)((int64_t)partition + 4294967296);
    uint64_t w = initial >= 0 ? (uint64_t)initial
                              : (uint64_t)(initial + 9223372036854775807 + 1) + 9223372036854775808u;
    /@ assert p == twos32(partition) && w == twos64(initial); @/
    item_digits32(p);
    item_digits32(w % 4294967296u);
    item_digits32(w / 4294967296u);
    item_halves64(w);
}
*/

/* Makes room for need items; on failure nothing changes.  For the proofs,
 * `away` and `items` name blocks the new storage must not share. */
/*@ requires valid_counters(m);
    requires away != \null && m->capacity > 0 ==>
      \base_addr(away) != \base_addr(m->data);
    requires items != \null && m->capacity > 0 ==>
      \base_addr(items) != \base_addr(m->data);
    assigns m->data, m->capacity;
    exits \false;
    ensures valid_counters(m);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data),
                                       \old(m->capacity) * LEPACK_ITEM_SIZE);
    ensures m->capacity >= \old(m->capacity);
    ensures away != \null && m->capacity > 0 && m->data != \old(m->data) ==>
      \base_addr(away) != \base_addr(m->data);
    ensures model: \forall integer p, v; counter_is(m, p, v) <==> \old(counter_is(m, p, v));
    ensures items != \null && m->capacity > 0 && m->data != \old(m->data) ==>
      \base_addr(items) != \base_addr(m->data);
    behavior room:
      assumes need <= m->capacity;
      assigns \nothing;
      ensures \result == LEPACK_OK;
      ensures m->data == \old(m->data) && m->capacity == \old(m->capacity);
    behavior grow:
      assumes need > m->capacity;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
              \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_EOVERFLOW ==> need > LEPACK_MAX_ITEMS;
      ensures \result == LEPACK_OK ==> m->capacity >= need;
      ensures \result != LEPACK_OK ==>
        m->data == \old(m->data) && m->capacity == \old(m->capacity);
    complete behaviors;
    disjoint behaviors; */
static lepack_status counters_reserve(lepack_counters *m, size_t need)
    /*@ ghost (const uint8_t *away, const lepack_counters_item *items) */
{
    if (need <= m->capacity)
        return LEPACK_OK;
    size_t capacity = lepack_counters_grown_capacity(m->capacity, need);
    if (capacity == 0)
        return LEPACK_EOVERFLOW;
    uint8_t *data = lepack_realloc_bytes(m->data, m->capacity * LEPACK_ITEM_SIZE,
                                         capacity * LEPACK_ITEM_SIZE)
        /*@ ghost (m, m->map.slots, away, items) */;
    if (data == NULL)
        return LEPACK_ENOMEM;
    //@ ghost const uint8_t *old = m->data;
    m->data = data;
    m->capacity = capacity;
    /*@ assert same_bytes: \forall integer k; 0 <= k < m->size * LEPACK_ITEM_SIZE ==>
          m->data[k] == \at(m->data[k], Pre); */
    /*@ assert same_partitions: \forall integer i, p; 0 <= i < m->size ==>
          (item_partition_is(m->data, i, p) <==> item_partition_is(old, i, p)); */
    /*@ assert same_initials: \forall integer i, v; 0 <= i < m->size ==>
          (item_initial_is(m->data, i, v) <==> item_initial_is(old, i, v)); */
    //@ ghost items_same(m->data, old, m->size);
    return LEPACK_OK;
}

lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity)
{
    if (capacity > LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    uint8_t *data = NULL;
    if (capacity > 0) {
        data = lepack_realloc_bytes(NULL, 0, capacity * LEPACK_ITEM_SIZE)
            /*@ ghost (m, NULL, NULL, NULL) */;
        if (data == NULL)
            return LEPACK_ENOMEM;
    }
    m->data = data;
    m->size = 0;
    m->capacity = capacity;
    m->cache_id = cache_id;
    m->map_built = 0;
    lepack_map_init(&m->map);
    return LEPACK_OK;
}

void lepack_counters_free(lepack_counters *m)
{
    lepack_map_free(&m->map);
    lepack_free_bytes(m->data);
    m->data = NULL;
    m->size = 0;
    m->capacity = 0;
    m->map_built = 0;
}

void lepack_counters_clear(lepack_counters *m)
{
    /* Unbuilt, the map holds nothing to free (valid_counters): a message
     * cleared for every batch then costs no call. */
    if (m->map_built)
        lepack_map_free(&m->map);
    m->size = 0;
    m->map_built = 0;
}

/* Item n written at data + n * LEPACK_ITEM_SIZE: the first n items stay as
 * they were. */
/*@ requires n < LEPACK_MAX_ITEMS;
    requires \valid(data + (n * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1));
    assigns data[n * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures item_bytes(data + n * LEPACK_ITEM_SIZE, partition, initial_counter, updates_count);
    ensures new: item_partition_is(data, n, partition) && item_initial_is(data, n, initial_counter);
    ensures old_partitions: \forall integer i, p; 0 <= i < n ==>
      (item_partition_is(data, i, p) <==> \old(item_partition_is(data, i, p)));
    ensures old_initials: \forall integer i, v; 0 <= i < n ==>
      (item_initial_is(data, i, v) <==> \old(item_initial_is(data, i, v))); */
static void counters_write_fields(uint8_t *data, size_t n, int32_t partition,
                                  int64_t initial_counter, int64_t updates_count)
{
    uint8_t *item = data + n * LEPACK_ITEM_SIZE;
    lepack_counters_store_item(item, partition, initial_counter, updates_count);
    //@ ghost item_field_values(item, partition, initial_counter, updates_count);
    //@ ghost bytes_at(data, n * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
    //@ ghost bytes_at(data, n * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER);
    /*@ assert old_bytes: \forall integer k; 0 <= k < n * LEPACK_ITEM_SIZE ==>
          data[k] == \at(data[k], Pre); */
}

/* The same, and so the model of the first n items stays as it was. */
/*@ requires n < LEPACK_MAX_ITEMS;
    requires \valid(data + (n * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1));
    assigns data[n * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures item_bytes(data + n * LEPACK_ITEM_SIZE, partition, initial_counter, updates_count);
    ensures new: item_partition_is(data, n, partition) && item_initial_is(data, n, initial_counter);
    ensures kept_in: \forall integer p; in_items(data, n, p) <==> \old(in_items(data, n, p));
    ensures kept_last: \forall integer p, v;
      last_initial(data, n, p, v) <==> \old(last_initial(data, n, p, v)); */
static void counters_write_item(uint8_t *data, size_t n, int32_t partition,
                                int64_t initial_counter, int64_t updates_count)
{
    counters_write_fields(data, n, partition, initial_counter, updates_count);
    /*@ assert in_fwd: \forall integer p; in_items(data, n, p) ==> \at(in_items(data, n, p), Pre); */
    /*@ assert in_bwd: \forall integer p; \at(in_items(data, n, p), Pre) ==> in_items(data, n, p); */
    /*@ assert last_fwd: \forall integer p, v; last_initial(data, n, p, v) ==>
          \at(last_initial(data, n, p, v), Pre); */
    /*@ assert last_bwd: \forall integer p, v; \at(last_initial(data, n, p, v), Pre) ==>
          last_initial(data, n, p, v); */
}

/* add once there is room: the item is written after the others, and joins
 * the map when that is built. */
/*@ requires valid_counters(m) && m->size < m->capacity;
    requires m->map_built != 0 ==> m->map.count + 1 <= m->map.nslots / 2;
    assigns m->size, m->map.count,
            m->data[m->size * LEPACK_ITEM_SIZE .. m->size * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1],
            m->map.slots[0 .. m->map.nslots - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->size == \old(m->size) + 1;
    ensures m->map.count <= \old(m->map.count) + 1;
    ensures item_bytes(m->data + \old(m->size) * LEPACK_ITEM_SIZE,
                       partition, initial_counter, updates_count);
    ensures joins: \forall integer v; counter_is(m, partition, v) <==> v == initial_counter;
    ensures others: \forall integer p, v; p != partition ==>
      (counter_is(m, p, v) <==> \old(counter_is(m, p, v))); */
static void counters_append(lepack_counters *m, int32_t partition, int64_t initial_counter,
                            int64_t updates_count)
{
    counters_write_item(m->data, m->size, partition, initial_counter, updates_count);
    //@ ghost items_append(m->data, m->size, partition);
    //@ assert \forall integer v; item_initial_is(m->data, m->size, v) <==> v == initial_counter;
    m->size++;
    /*@ assert map_same: \forall integer p, v;
          map_maps(&m->map, p, v) <==> \at(map_maps(&m->map, p, v), Pre); */
    /*@ assert keys_same: \forall integer p;
          map_holds(&m->map, p) <==> \at(map_holds(&m->map, p), Pre); */
    if (m->map_built) {
        lepack_map_put(&m->map, partition, initial_counter);
        /*@ assert keys: \forall integer p;
              map_holds(&m->map, p) <==> in_items(m->data, m->size, p); */
        //@ assert valid_counters(m);
        //@ assert joins: \forall integer v; counter_is(m, partition, v) <==> v == initial_counter;
        /*@ assert others: \forall integer p, v; p != partition ==>
              (counter_is(m, p, v) <==> \at(counter_is(m, p, v), Pre)); */
    } else {
        //@ assert valid_counters(m);
        //@ assert joins: \forall integer v; counter_is(m, partition, v) <==> v == initial_counter;
        /*@ assert others: \forall integer p, v; p != partition ==>
              (counter_is(m, p, v) <==> \at(counter_is(m, p, v), Pre)); */
    }
}

/* add_items' bytes: items[0 .. n) written after the first `size` items,
 * which stay as they were. */
/*@ requires 0 < n && size + n <= LEPACK_MAX_ITEMS;
    requires \valid(data + (size * LEPACK_ITEM_SIZE .. (size + n) * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (0 .. n - 1));
    requires \separated(data + (size * LEPACK_ITEM_SIZE .. (size + n) * LEPACK_ITEM_SIZE - 1),
                        items + (0 .. n - 1));
    assigns data[size * LEPACK_ITEM_SIZE .. (size + n) * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes(data + size * LEPACK_ITEM_SIZE, items, n);
    ensures kept_in: \forall integer p; in_items(data, size, p) <==> \old(in_items(data, size, p)); */
static void counters_store_items(uint8_t *data, size_t size, const lepack_counters_item *items,
                                 size_t n)
{
    lepack_items_store(data + size * LEPACK_ITEM_SIZE, items, n);
    /*@ assert old_bytes: \forall integer k; 0 <= k < size * LEPACK_ITEM_SIZE ==>
          data[k] == \at(data[k], Pre); */
    /*@ assert old_partitions: \forall integer i, p; 0 <= i < size ==>
          (item_partition_is(data, i, p) <==> \at(item_partition_is(data, i, p), Pre)); */
    /*@ assert in_fwd: \forall integer p; in_items(data, size, p) ==>
          \at(in_items(data, size, p), Pre); */
    /*@ assert in_bwd: \forall integer p; \at(in_items(data, size, p), Pre) ==>
          in_items(data, size, p); */
}

/* The map of add_items and of a span's commit: the partitions of items
 * from .. size - 1, already in the bytes, put into the built map in item
 * order, as add would put them.  For the proofs, items[0 .. n) is
 * add_items' array, which this leaves alone (a commit has none: n = 0). */
/*@ requires \valid(m) && m->map_built != 0 && valid_map(&m->map);
    requires from < m->size && m->size <= m->capacity && m->capacity <= LEPACK_MAX_ITEMS;
    requires \valid(m->data + (0 .. m->capacity * LEPACK_ITEM_SIZE - 1));
    requires \base_addr(m->data) != \base_addr(m);
    requires m->map.nslots > 0 ==> \base_addr(m->data) != \base_addr(m->map.slots);
    requires m->map.count + (m->size - from) <= m->map.nslots / 2;
    requires keys: \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, from, p);
    requires n > 0 ==> \base_addr(items) != \base_addr(m->map.slots);
    assigns m->map.count, m->map.slots[0 .. m->map.nslots - 1];
    exits \false;
    ensures valid_counters(m);
    ensures items_kept: \forall integer k; 0 <= k < n ==>
      items[k].partition == \old(items[k].partition) &&
      items[k].initial_counter == \old(items[k].initial_counter) &&
      items[k].updates_count == \old(items[k].updates_count); */
static void counters_map_items(lepack_counters *m, size_t from)
    /*@ ghost (const lepack_counters_item *items, size_t n) */
{
    /*@ loop invariant from <= i <= m->size;
        loop invariant valid_map(&m->map) && m->map.count + (m->size - i) <= m->map.nslots / 2;
        loop invariant keys: \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, i, p);
        loop invariant items_kept: n > 0 ==> \forall integer k; 0 <= k < n ==>
          items[k].partition == \at(items[k].partition, Pre) &&
          items[k].initial_counter == \at(items[k].initial_counter, Pre) &&
          items[k].updates_count == \at(items[k].updates_count, Pre);
        loop assigns i, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
        loop variant m->size - i; */
    for (size_t i = from; i < m->size; i++) {
        const uint8_t *item = m->data + i * LEPACK_ITEM_SIZE;
        int32_t partition = le_load_i32(item + LEPACK_ITEM_PARTITION);
        int64_t initial = le_load_i64(item + LEPACK_ITEM_INITIAL_COUNTER);
        //@ ghost bytes_at(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
        //@ assert item_partition_is(m->data, i, partition);
        //@ ghost items_append(m->data, i, partition);
        lepack_map_put(&m->map, partition, initial);
    }
}

/* Room for one more item, in the bytes and, when it is built, in the map;
 * next_counter's model does not change, whatever the outcome. */
/*@ requires valid_counters(m) && m->size < LEPACK_MAX_ITEMS;
    assigns m->data, m->capacity, m->map,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->size == \old(m->size) && m->map_built == \old(m->map_built);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data), \old(m->size) * LEPACK_ITEM_SIZE);
    ensures model: \forall integer p, v; counter_is(m, p, v) <==> \old(counter_is(m, p, v));
    ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM || \result == LEPACK_EOVERFLOW;
    ensures \result == LEPACK_OK ==> m->size < m->capacity &&
      (m->map_built != 0 ==> m->map.count + 1 <= m->map.nslots / 2); */
static lepack_status counters_room(lepack_counters *m)
{
    return lepack_internal_counters_reserve_slow(m, 1);
}

/* Only when the item does not fit or the map is built: the header's
 * lepack_counters_add handles the rest inline. */
lepack_status lepack_internal_counters_add_slow(lepack_counters *m, int32_t partition,
                                                int64_t initial_counter, int64_t updates_count)
{
    if (m->size >= LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    lepack_status st = counters_room(m);
    if (st != LEPACK_OK)
        return st;
    counters_append(m, partition, initial_counter, updates_count);
    return LEPACK_OK;
}

lepack_status lepack_internal_counters_reserve_slow(lepack_counters *m, size_t n)
{
    if (n > LEPACK_MAX_ITEMS - m->size)
        return LEPACK_EOVERFLOW;
    lepack_status st = counters_reserve(m, m->size + n) /*@ ghost (NULL, NULL) */;
    if (st != LEPACK_OK || !m->map_built)
        return st;
    /* count <= nslots / 2 <= SIZE_MAX / 2 and n <= SIZE_MAX / 20: no wrap. */
    st = lepack_map_reserve(&m->map, m->map.count + n) /*@ ghost (m->data, NULL) */;
    /*@ assert keys_same: \forall integer p;
          map_holds(&m->map, p) <==> in_items(m->data, m->size, p); */
    //@ assert valid_counters(m);
    return st;
}

void lepack_internal_counters_append_map(lepack_counters *m, size_t k)
{
    size_t from = m->size;
    m->size = from + k;
    counters_map_items(m, from) /*@ ghost (NULL, 0) */;
}

lepack_status lepack_counters_add_items(lepack_counters *m, const lepack_counters_item *items,
                                        size_t n)
{
    if (n > LEPACK_MAX_ITEMS - m->size)
        return LEPACK_EOVERFLOW;
    if (n == 0)
        return LEPACK_OK;
    size_t size = m->size;
    lepack_status st = counters_reserve(m, size + n) /*@ ghost (NULL, items) */;
    if (st != LEPACK_OK)
        return st;
    if (m->map_built) {
        /* count <= nslots / 2 <= SIZE_MAX / 2 and n <= SIZE_MAX / 20: no wrap. */
        st = lepack_map_reserve(&m->map, m->map.count + n)
            /*@ ghost (m->data, &items->initial_counter) */;
        /*@ assert keys_same: \forall integer p;
              map_holds(&m->map, p) <==> in_items(m->data, m->size, p); */
        //@ assert valid_counters(m);
        if (st != LEPACK_OK)
            return st;
    }
    //@ assert size + n <= m->capacity && valid_counters(m);
    /* Nothing can fail from here on: the bytes, then the map reads them
     * back in item order, as n calls of add would have put them. */
    counters_store_items(m->data, size, items, n);
    /*@ assert before: \forall integer k; 0 <= k < n ==>
          items[k].partition == \at(items[k].partition, Pre) &&
          items[k].initial_counter == \at(items[k].initial_counter, Pre) &&
          items[k].updates_count == \at(items[k].updates_count, Pre); */
    if (m->map_built) {
        //@ assert apart: \base_addr(items) != \base_addr(m->map.slots);
        m->size = size + n;
        counters_map_items(m, size) /*@ ghost (items, n) */;
        //@ assert stored: items_bytes(m->data + size * LEPACK_ITEM_SIZE, items, n);
        return LEPACK_OK;
    }
    m->size = size + n;
    //@ assert valid_counters(m);
    return LEPACK_OK;
}

lepack_status lepack_counters_get_items(const lepack_counters *m, size_t i,
                                        lepack_counters_item *out, size_t n)
{
    if (i > m->size || n > m->size - i)
        return LEPACK_ERANGE;
    if (n > 0)
        lepack_items_load(out, m->data + i * LEPACK_ITEM_SIZE, n);
    return LEPACK_OK;
}

const uint8_t *lepack_counters_wire(const lepack_counters *m, size_t *len)
{
    *len = m->size * LEPACK_ITEM_SIZE;
    return m->size > 0 ? m->data : NULL;
}

lepack_status lepack_counters_encode(const lepack_counters *m, uint8_t *dst, size_t cap,
                                     size_t *written)
{
    size_t bytes = m->size * LEPACK_ITEM_SIZE;
    if (cap < bytes) {
        *written = bytes;
        return LEPACK_ENOSPACE;
    }
    if (bytes > 0)
        copy_bytes(dst, m->data, bytes);
    *written = bytes;
    return LEPACK_OK;
}

/* An empty map (no slots) is a valid one: stated alone, so that the decodes
 * do not have to unfold valid_map among everything else they know. */
/*@ ghost
/@ requires \valid(map) && map->nslots == 0 && map->count == 0 && map->slots == \null;
   assigns \nothing;
   exits \false;
   ensures valid_map(map); @/
static void map_empty_valid(lepack_counter_map *map)
{
}
*/

/* Both decodes once the count is known: the items become the first `items`
 * items of src, or nothing changes. */
/*@ requires valid_counters(m) && items <= LEPACK_MAX_ITEMS;
    requires items > 0 ==> \valid_read(src + (0 .. items * LEPACK_ITEM_SIZE - 1)) &&
      \base_addr(src) != \base_addr(m) &&
      (m->capacity > 0 ==> \base_addr(src) != \base_addr(m->data)) &&
      (m->map.nslots > 0 ==> \base_addr(src) != \base_addr(m->map.slots));
    assigns m->data, m->capacity, m->size, m->map_built, m->map,
            \at(m->data, Post)[0 .. items * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures valid_counters(m);
    ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM;
    ensures \result == LEPACK_OK ==>
      m->size == items && m->map_built == 0 &&
      bytes_unchanged{Post, Pre}(m->data, src, items * LEPACK_ITEM_SIZE);
    ensures \result != LEPACK_OK ==>
      m->size == \old(m->size) && m->data == \old(m->data) &&
      m->capacity == \old(m->capacity) && m->map_built == \old(m->map_built) &&
      m->map == \old(m->map);
    ensures kept: \result != LEPACK_OK ==>
      bytes_unchanged{Post, Pre}(m->data, m->data, m->capacity * LEPACK_ITEM_SIZE); */
static lepack_status counters_replace(lepack_counters *m, const uint8_t *src, size_t items)
{
    lepack_status st = counters_reserve(m, items) /*@ ghost (items > 0 ? src : NULL, NULL) */;
    if (st != LEPACK_OK)
        return st;
    lepack_map_free(&m->map);
    //@ assert map_empty: m->map.nslots == 0 && m->map.count == 0 && m->map.slots == \null;
    if (items > 0)
        copy_bytes(m->data, src, items * LEPACK_ITEM_SIZE);
    m->size = items;
    m->map_built = 0;
    /*@ assert storage: m->size <= m->capacity && m->capacity <= LEPACK_MAX_ITEMS &&
          (m->capacity == 0 ==> m->data == \null) &&
          (m->capacity > 0 ==> \valid(m->data + (0 .. m->capacity * LEPACK_ITEM_SIZE - 1)) &&
                               \base_addr(m->data) != \base_addr(m)); */
    //@ assert map_zero: m->map.nslots == 0 && m->map.count == 0 && m->map.slots == \null;
    //@ ghost map_empty_valid(&m->map);
    return LEPACK_OK;
}

lepack_status lepack_counters_decode(lepack_counters *m, const uint8_t *src, size_t len)
{
    if (len % LEPACK_ITEM_SIZE != 0)
        return LEPACK_EBADLEN;
    return counters_replace(m, src, len / LEPACK_ITEM_SIZE);
}

lepack_status lepack_counters_decode_sized(lepack_counters *m, const uint8_t *src, size_t len,
                                           int32_t size)
{
    if (size < 0)
        return LEPACK_EINVAL;
    size_t items = (size_t)size;
    if (items > len / LEPACK_ITEM_SIZE)
        return LEPACK_EBADLEN;
    return counters_replace(m, src, items);
}

/* varint_len(w) as the C code computes it. */
/*@ assigns \nothing;
    exits \false;
    ensures \result == varint_len(w); */
static size_t varint_length(uint32_t w)
{
    return w < 128u ? 1 : w < 16384u ? 2 : w < 2097152u ? 3 : w < 268435456u ? 4 : 5;
}

/* Ignite's writeInt for the value w already shifted by one: its bytes at p,
 * one group of seven bits per step, and their count. */
/*@ requires \valid(p + (0 .. varint_len(w) - 1));
    assigns p[0 .. varint_len(w) - 1];
    exits \false;
    ensures \result == varint_len(w);
    ensures varint_at(p, w); */
static size_t varint_store(uint8_t *p, uint32_t w)
{
    if (w < 128u) {
        p[0] = (uint8_t)w;
        return 1;
    }
    p[0] = (uint8_t)(w % 128u + 128u);
    if (w < 16384u) {
        p[1] = (uint8_t)(w / 128u);
        return 2;
    }
    p[1] = (uint8_t)(w / 128u % 128u + 128u);
    if (w < 2097152u) {
        p[2] = (uint8_t)(w / 16384u);
        return 3;
    }
    p[2] = (uint8_t)(w / 16384u % 128u + 128u);
    if (w < 268435456u) {
        p[3] = (uint8_t)(w / 2097152u);
        return 4;
    }
    p[3] = (uint8_t)(w / 2097152u % 128u + 128u);
    p[4] = (uint8_t)(w / 268435456u);
    return 5;
}

/* An int field's w: v + 1, wrapping as Java's int does (Integer.MAX_VALUE
 * + 1 is Integer.MIN_VALUE), as a 32-bit pattern. */
/*@ assigns \nothing;
    exits \false;
    ensures \result == ignite_int(v); */
static uint32_t ignite_int_of(int32_t v)
{
    uint32_t u = lepack_u32_of_i32(v);
    return u == UINT32_MAX ? 0u : u + 1u;
}

/* The three fields at dst: the varints of cache and of bytes + 1, the
 * bytes at data, the varint of count.  Apart from the message, so that its
 * goals are about bytes alone. */
/*@ requires bytes <= 2147483640;
    requires \valid(dst + (0 .. varint_len(cache) + varint_len(bytes + 1) + bytes +
                               varint_len(count) - 1));
    requires bytes > 0 ==> \valid_read(data + (0 .. bytes - 1)) &&
      \separated(dst + (0 .. varint_len(cache) + varint_len(bytes + 1) + bytes +
                             varint_len(count) - 1), data + (0 .. bytes - 1));
    assigns dst[0 .. varint_len(cache) + varint_len(bytes + 1) + bytes + varint_len(count) - 1];
    exits \false;
    ensures first: varint_at(dst, cache);
    ensures second: varint_at(dst + varint_len(cache), bytes + 1);
    ensures data: bytes_unchanged{Post, Post}(dst + (varint_len(cache) + varint_len(bytes + 1)),
                                              data, bytes);
    ensures last: varint_at(dst + (varint_len(cache) + varint_len(bytes + 1) + bytes), count); */
static void fields_store(uint8_t *dst, uint32_t cache, const uint8_t *data, uint32_t bytes,
                         uint32_t count)
{
    size_t at = varint_store(dst, cache);
    size_t head = at + varint_store(dst + at, bytes + 1u);
    //@ assert heads: varint_at(dst, cache) && varint_at(dst + at, bytes + 1);
    if (bytes > 0)
        copy_bytes(dst + head, data, bytes);
    //@ assert heads_kept: varint_at(dst, cache) && varint_at(dst + at, bytes + 1);
    varint_store(dst + head + bytes, count);
    //@ assert items: \forall integer k; 0 <= k < bytes ==> dst[head + k] == data[k];
    //@ assert heads_still: varint_at(dst, cache) && varint_at(dst + at, bytes + 1);
    //@ assert head: head == varint_len(cache) + varint_len(bytes + 1);
}

lepack_status lepack_counters_encode_fields(const lepack_counters *m, uint8_t *dst, size_t cap,
                                            size_t *written)
{
    size_t size = m->size;
    if (size > LEPACK_JAVA_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    uint32_t bytes = (uint32_t)(size * LEPACK_ITEM_SIZE);
    uint32_t cache = ignite_int_of(m->cache_id);
    uint32_t count = (uint32_t)size + 1u;
    size_t need = varint_length(cache) + varint_length(bytes + 1u) + bytes + varint_length(count);
    //@ assert same: bytes == m->size * LEPACK_ITEM_SIZE && count == m->size + 1;
    //@ assert length: need == fields_length(m);
    *written = need;
    if (cap < need)
        return LEPACK_ENOSPACE;
    //@ assert apart: \separated(dst + (0 .. need - 1), m, written);
    //@ assert head: varint_len(cache) + varint_len(bytes + 1) == fields_head_len(m);
    /*@ assert tail: varint_len(cache) + varint_len(bytes + 1) + bytes ==
          fields_head_len(m) + m->size * LEPACK_ITEM_SIZE; */
    fields_store(dst, cache, m->data, bytes, count);
    return LEPACK_OK;
}

lepack_status lepack_counters_shrink(lepack_counters *m)
{
    if (m->capacity == m->size)
        return LEPACK_OK;
    if (m->size == 0) {
        lepack_free_bytes(m->data);
        m->data = NULL;
        m->capacity = 0;
        //@ assert none: \forall integer p; !in_items(m->data, m->size, p);
        /*@ assert keys_same: \forall integer p;
              map_holds(&m->map, p) <==> \at(map_holds(&m->map, p), Pre); */
        //@ assert valid_counters(m);
        return LEPACK_OK;
    }
    uint8_t *data = lepack_realloc_bytes(m->data, m->capacity * LEPACK_ITEM_SIZE,
                                         m->size * LEPACK_ITEM_SIZE)
        /*@ ghost (m, m->map.slots, NULL, NULL) */;
    if (data == NULL)
        return LEPACK_ENOMEM;
    //@ ghost const uint8_t *old = m->data;
    m->data = data;
    m->capacity = m->size;
    /*@ assert same_bytes: \forall integer k; 0 <= k < m->size * LEPACK_ITEM_SIZE ==>
          m->data[k] == \at(m->data[k], Pre); */
    /*@ assert same_partitions: \forall integer i, p; 0 <= i < m->size ==>
          (item_partition_is(m->data, i, p) <==> item_partition_is(old, i, p)); */
    /*@ assert same_initials: \forall integer i, v; 0 <= i < m->size ==>
          (item_initial_is(m->data, i, v) <==> item_initial_is(old, i, v)); */
    //@ ghost items_same(m->data, old, m->size);
    //@ assert valid_counters(m);
    return LEPACK_OK;
}

/* Builds the map, unless it is built, from the items in order, so a
 * repeated partition ends with its last item's counter: next_counter's
 * model does not change.  The map is empty while it is not built, so it is
 * filled in place; a failed reserve leaves it empty.  For the proofs,
 * `away` names a block the map's slots must not share. */
/*@ requires valid_counters(m);
    assigns m->map, m->map_built,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
            \result == LEPACK_EOVERFLOW;
    ensures \result == LEPACK_OK ==> m->map_built != 0;
    ensures model: \forall integer p, v; counter_is(m, p, v) <==> \old(counter_is(m, p, v));
    ensures \result != LEPACK_OK ==> \old(m->map_built) == 0 && m->map_built == 0;
    ensures away != \null && m->map.nslots > 0 && m->map.slots != \old(m->map.slots) ==>
      \base_addr(away) != \base_addr(m->map.slots); */
static lepack_status counters_build_map(lepack_counters *m) /*@ ghost (const int64_t *away) */
{
    if (m->map_built)
        return LEPACK_OK;
    /* Set first: from here on the map's contents are what the items say. */
    m->map_built = 1;
    lepack_status st = lepack_map_reserve(&m->map, m->size) /*@ ghost (m->data, away) */;
    if (st != LEPACK_OK) {
        m->map_built = 0;
        return st;
    }
    /*@ loop invariant 0 <= i <= m->size;
        loop invariant valid_map(&m->map) && m->map.count <= i && m->size <= m->map.nslots / 2;
        loop invariant keys: \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, i, p);
        loop invariant values: \forall integer p, v;
          map_maps(&m->map, p, v) <==> last_initial(m->data, i, p, v);
        loop assigns i, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
        loop variant m->size - i; */
    for (size_t i = 0; i < m->size; i++) {
        const uint8_t *item = m->data + i * LEPACK_ITEM_SIZE;
        int32_t partition = le_load_i32(item + LEPACK_ITEM_PARTITION);
        int64_t initial = le_load_i64(item + LEPACK_ITEM_INITIAL_COUNTER);
        //@ ghost bytes_at(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
        //@ ghost bytes_at(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER);
        //@ assert item_partition_is(m->data, i, partition) && item_initial_is(m->data, i, initial);
        //@ ghost items_append(m->data, i, partition);
        //@ assert \forall integer v; item_initial_is(m->data, i, v) <==> v == initial;
        lepack_map_put(&m->map, partition, initial);
    }
    /*@ assert \forall integer p, v; counter_is(m, p, v) <==>
          last_initial(m->data, m->size, p, v); */
    return LEPACK_OK;
}

/* One more on a used slot's counter, wrapping like Java's long, stored and
 * written to *out: the map's entry for the slot's partition changes, and
 * nothing else. */
/*@ requires valid_map(map);
    requires \exists integer i; 0 <= i < map->nslots && slot == map->slots + i &&
                                map->slots[i].used != 0;
    requires \valid(out) && \separated(out, map) && \base_addr(out) != \base_addr(map->slots);
    assigns slot->counter, *out;
    exits \false;
    ensures valid_map(map);
    ensures *out == next64(\old(slot->counter));
    ensures bumped: \forall integer v; map_maps(map, slot->partition, v) <==> v == *out;
    ensures others: \forall integer p, v; p != slot->partition ==>
      (map_maps(map, p, v) <==> \old(map_maps(map, p, v)));
    ensures keys: \forall integer p; map_holds(map, p) <==> \old(map_holds(map, p)); */
static void counters_bump(lepack_map_slot *slot, int64_t *out)
    /*@ ghost (lepack_counter_map *map) */
{
    int64_t next = slot->counter == INT64_MAX ? INT64_MIN : slot->counter + 1;
    slot->counter = next;
    *out = next;
    /*@ assert here: \let i = slot - map->slots;
          0 <= i < map->nslots && slot_maps(map->slots, i, slot->partition, next); */
    /*@ assert frame: \forall integer j; 0 <= j < map->nslots && map->slots + j != slot ==>
          map->slots[j].counter == \at(map->slots[j].counter, Pre); */
    /*@ assert alone: \forall integer j; 0 <= j < map->nslots && map->slots + j != slot ==>
          !slot_holds(map->slots, j, slot->partition); */
    /*@ assert only: \forall integer j, c; 0 <= j < map->nslots &&
          slot_maps(map->slots, j, slot->partition, c) ==> c == next; */
    /*@ assert kept: \forall integer j, p, c; 0 <= j < map->nslots && p != slot->partition ==>
          (slot_maps(map->slots, j, p, c) <==> \at(slot_maps(map->slots, j, p, c), Pre)); */
}

/* next_counter once the map is built: the map is the model. */
/*@ requires valid_counters(m) && m->map_built != 0;
    requires \valid(out) && \separated(out, m);
    requires m->capacity > 0 ==> \base_addr(out) != \base_addr(m->data);
    requires m->map.nslots > 0 ==> \base_addr(out) != \base_addr(m->map.slots);
    assigns *out, \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m) && m->map_built != 0;
    ensures others: \forall integer p, v; p != partition ==>
      (counter_is(m, p, v) <==> \old(counter_is(m, p, v)));
    behavior present:
      assumes in_items(m->data, m->size, partition);
      ensures \result == LEPACK_OK;
      ensures next: \exists integer v; \old(counter_is(m, partition, v)) && *out == next64(v);
      ensures stored: \forall integer v; counter_is(m, partition, v) <==> v == *out;
    behavior absent:
      assumes !in_items(m->data, m->size, partition);
      ensures \result == LEPACK_ENOTFOUND && *out == \old(*out);
      ensures \forall integer v; counter_is(m, partition, v) <==> \old(counter_is(m, partition, v));
    complete behaviors;
    disjoint behaviors; */
static lepack_status counters_next(lepack_counters *m, int32_t partition, int64_t *out)
{
    lepack_map_slot *slot = lepack_map_find(&m->map, partition);
    if (slot == NULL)
        return LEPACK_ENOTFOUND;
    //@ ghost int64_t before = slot->counter;
    /*@ assert found: \let i = slot - m->map.slots;
          0 <= i < m->map.nslots && slot_maps(m->map.slots, i, partition, before); */
    //@ assert map_maps(&m->map, partition, before);
    counters_bump(slot, out) /*@ ghost (&m->map) */;
    //@ assert slot->partition == partition;
    return LEPACK_OK;
}

lepack_status lepack_counters_next_counter(lepack_counters *m, int32_t partition, int64_t *out)
{
    lepack_status st = counters_build_map(m) /*@ ghost (out) */;
    if (st != LEPACK_OK)
        return st;
    return counters_next(m, partition, out);
}
