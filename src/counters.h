/* SPDX-License-Identifier: Apache-2.0 */
/* Partition update counters: the C port of Apache Ignite's
 * PartitionUpdateCountersMessage.
 *
 * A message is a cache id, a count of items and a packed array of 20-byte
 * items, each
 *   +0  int32  partition
 *   +4  int64  initial counter
 *   +12 int64  updates count
 * little-endian with no padding, byte-identical to the items of Ignite's
 * data array on every host.  The packed bytes are the message: the getters
 * read them, and the wire form of the items is a view of them.  Ignite
 * serializes three fields, cacheId, data and size, and its data may carry
 * spare capacity after the items: lepack_counters_decode_sized and
 * lepack_counters_encode_fields below read and write the message that way.
 *
 * Every function that fails leaves the message exactly as it was. */
#ifndef LEPACK_COUNTERS_H
#define LEPACK_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#include "counter_map_type.h"
#include "item.h"
#include "le.h"
#include "status.h"

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* LEPACK_ITEM_SIZE, the field offsets, LEPACK_MAX_ITEMS and the unpacked
 * lepack_counters_item are in item.h. */

/* Fields are read through the functions below; they are public only so that
 * a message can live on the stack. */
typedef struct lepack_counters {
    uint8_t *data;          /* capacity * LEPACK_ITEM_SIZE bytes, or NULL */
    size_t size;            /* items in use */
    size_t capacity;        /* items allocated */
    int32_t cache_id;
    int map_built;          /* next_counter's map exists */
    lepack_counter_map map; /* partition -> current counter */
} lepack_counters;

/* The invariant every function below keeps and the model next_counter is
 * specified against, for the proofs (proofs/README.md); the byte layout of
 * an item is item_bytes (item.h). */
/*@ // The little-endian values of the bytes at data[off ..], read byte by
    // byte from data (le_value_u32 and le_value_u64 of data + off).
    logic integer bytes_u32{L}(uint8_t *data, integer off) =
      data[off] + 256 * data[off + 1] + 65536 * data[off + 2] + 16777216 * data[off + 3];
    logic integer bytes_u64{L}(uint8_t *data, integer off) =
      bytes_u32(data, off) + 4294967296 * bytes_u32(data, off + 4);

    // Item i's partition and initial counter in the items at data, as the
    // getters return them.
    predicate item_partition_is{L}(uint8_t *data, integer i, integer p) =
      -2147483648 <= p <= 2147483647 &&
      bytes_u32(data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION) == twos32(p);
    predicate item_initial_is{L}(uint8_t *data, integer i, integer v) =
      -9223372036854775808 <= v <= 9223372036854775807 &&
      bytes_u64(data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER) == twos64(v);

    // Some item among the first n has partition p.
    predicate in_items{L}(uint8_t *data, integer n, integer p) =
      \exists integer i; 0 <= i < n && item_partition_is(data, i, p);

    // The last of the first n items with partition p has initial counter v.
    predicate last_initial{L}(uint8_t *data, integer n, integer p, integer v) =
      \exists integer i; 0 <= i < n && item_partition_is(data, i, p) &&
        item_initial_is(data, i, v) &&
        \forall integer j; i < j < n ==> !item_partition_is(data, j, p);

    // The counter next_counter continues from for partition p: its entry in
    // the map once the map is built, before that the initial counter of the
    // last item with partition p.
    predicate counter_is{L}(lepack_counters *m, integer p, integer v) =
      m->map_built != 0 ? map_maps(&m->map, p, v) : last_initial(m->data, m->size, p, v);

    // Java's long: INT64_MAX + 1 wraps to INT64_MIN.
    logic integer next64(integer v) =
      v == 9223372036854775807 ? -9223372036854775808 : v + 1;

*/

/* A built map holds exactly the partitions of the items.  (The runtime
 * contract build checks the same thing slot by slot and item by item:
 * fuzz/eacsl/runtime_forms.h.) */
/*@ predicate valid_counters(lepack_counters *m) =
      \valid(m) &&
      m->size <= m->capacity && m->capacity <= LEPACK_MAX_ITEMS &&
      (m->capacity == 0 ==> m->data == \null) &&
      (m->capacity > 0 ==>
         \valid(m->data + (0 .. m->capacity * LEPACK_ITEM_SIZE - 1)) &&
         \base_addr(m->data) != \base_addr(m) &&
         (m->map.nslots > 0 ==> \base_addr(m->data) != \base_addr(m->map.slots))) &&
      valid_map(&m->map) &&
      (m->map_built == 0 ==>
         m->map.nslots == 0 && m->map.count == 0 && m->map.slots == \null) &&
      (m->map_built != 0 ==>
         \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, m->size, p));
*/

/*@ predicate bytes_unchanged{L1, L2}(uint8_t *a, uint8_t *b, integer n) =
      \forall integer k; 0 <= k < n ==> \at(a[k], L1) == \at(b[k], L2);
*/

/* The capacity to grow to when `need` items must fit and `capacity` are
 * allocated: max(need, capacity + capacity / 3), clamped to
 * LEPACK_MAX_ITEMS; 0 when need > LEPACK_MAX_ITEMS.  Never less than need,
 * from any capacity, 0 included.  Ignite's ensureSpace compared neither:
 * its GridUnsafe versions doubled the array (data.length << 1), which
 * leaves an empty array empty, and the version of IGNITE-28687 grew it by
 * 1.33, which also falls short for one item (26 of the 40 bytes two items
 * need); add then wrote past the array.  IGNITE-27606 took the max with
 * the request (docs/porting.md has the versions).  Inline and not
 * exported: the rule is for porters and tests to compare with, not part of
 * the library's ABI. */
/*@ assigns \nothing;
    exits \false;
    behavior too_many:
      assumes need > LEPACK_MAX_ITEMS;
      ensures \result == 0;
    behavior fits:
      assumes need <= LEPACK_MAX_ITEMS;
      ensures need <= \result <= LEPACK_MAX_ITEMS;
      ensures \result == (need >= capacity + capacity / 3 ? need :
                          capacity + capacity / 3 <= LEPACK_MAX_ITEMS ?
                            capacity + capacity / 3 : LEPACK_MAX_ITEMS);
    complete behaviors;
    disjoint behaviors; */
static inline size_t lepack_counters_grown_capacity(size_t capacity, size_t need)
{
    size_t grown = LEPACK_MAX_ITEMS; /* declared first: the headers compile as C90 too */
    if (need > LEPACK_MAX_ITEMS)
        return 0;
    if (capacity < LEPACK_MAX_ITEMS && capacity / 3 <= LEPACK_MAX_ITEMS - capacity)
        grown = capacity + capacity / 3;
    return grown > need ? grown : need;
}

/* An empty message with room for `capacity` items (0 allowed).
 * LEPACK_EOVERFLOW or LEPACK_ENOMEM leave *m untouched. */
/*@ requires \valid(m);
    assigns *m;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_EOVERFLOW ||
            \result == LEPACK_ENOMEM;
    behavior too_many:
      assumes capacity > LEPACK_MAX_ITEMS;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior fits:
      assumes capacity <= LEPACK_MAX_ITEMS;
      ensures \result != LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==>
        valid_counters(m) && m->size == 0 && m->capacity == capacity &&
        m->cache_id == cache_id && m->map_built == 0;
      ensures \result != LEPACK_OK ==> *m == \old(*m);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity);

/* Releases the memory; *m is then an empty message with no capacity. */
/*@ requires valid_counters(m);
    assigns *m;
    exits \false;
    ensures valid_counters(m) && m->size == 0 && m->capacity == 0;
    ensures m->cache_id == \old(m->cache_id); */
void lepack_counters_free(lepack_counters *m);

/* Removes every item and the next_counter map; keeps the capacity. */
/*@ requires valid_counters(m);
    assigns m->size, m->map_built, m->map;
    exits \false;
    ensures valid_counters(m) && m->size == 0;
    ensures m->capacity == \old(m->capacity) && m->data == \old(m->data); */
void lepack_counters_clear(lepack_counters *m);

/* --- The hot paths, defined here -------------------------------------------
 * The getters and the common case of add (room left, no next_counter map)
 * are defined in this header so that a loop over items compiles to loads
 * and stores, with no call.  They are static inline for every includer but
 * src/counters.c, which defines LEPACK_COUNTERS_EXTERN_INLINES first: there
 * the same text becomes the library's exported functions, so the shared
 * library keeps every name and the proofs, which read counters.c, prove
 * these very definitions. */
#ifdef LEPACK_COUNTERS_EXTERN_INLINES
#define LEPACK_COUNTERS_INLINE
#else
#define LEPACK_COUNTERS_INLINE static inline
#endif

/* lepack_counters_add's out-of-line part: growth, and the next_counter map
 * when it is built.  lepack_counters_add's contract, with next_counter's
 * model stated whether or not the map is built.  Internal: exported only
 * because programs compiled with the inline lepack_counters_add call it
 * (the lepack_internal_ prefix marks ABI that is not API); call
 * lepack_counters_add instead. */
/*@ requires valid_counters(m);
    assigns m->data, m->capacity, m->size, m->map,
            \at(m->data, Post)[m->size * LEPACK_ITEM_SIZE ..
                                m->size * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1],
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data),
                                       \old(m->size) * LEPACK_ITEM_SIZE);
    ensures others: \forall integer p, v; p != partition ==>
      (counter_is(m, p, v) <==> \old(counter_is(m, p, v)));
    behavior too_many:
      assumes m->size >= LEPACK_MAX_ITEMS;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior room:
      assumes m->size < LEPACK_MAX_ITEMS;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
              \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==>
        m->size == \old(m->size) + 1 &&
        item_bytes(m->data + \old(m->size) * LEPACK_ITEM_SIZE,
                   partition, initial_counter, updates_count);
      ensures joins: \result == LEPACK_OK ==>
        \forall integer v; counter_is(m, partition, v) <==> v == initial_counter;
      ensures \result != LEPACK_OK ==>
        m->size == \old(m->size) &&
        \forall integer v; counter_is(m, partition, v) <==> \old(counter_is(m, partition, v));
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_internal_counters_add_slow(lepack_counters *m, int32_t partition,
                                                int64_t initial_counter, int64_t updates_count);

/* Appends an item, growing when full.  The item joins next_counter's map
 * when that is built, as if the map had been built with it: the next
 * next_counter for its partition continues from its initial counter (before
 * the map is built, next_counter's model is the items themselves).
 * LEPACK_EOVERFLOW or LEPACK_ENOMEM: no item, byte or map entry changed
 * (the storage may already have grown, which no getter can observe).  For
 * many items at once, lepack_counters_add_items is faster.
 *
 * Every field is read, and size written, before the item's bytes: a store
 * through uint8_t * may alias *m, and a field read after it would be
 * loaded again. */
/*@ requires valid_counters(m);
    assigns m->data, m->capacity, m->size, m->map,
            \at(m->data, Post)[m->size * LEPACK_ITEM_SIZE ..
                                m->size * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1],
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data),
                                       \old(m->size) * LEPACK_ITEM_SIZE);
    ensures others: \old(m->map_built) != 0 ==> \forall integer p, v; p != partition ==>
      (counter_is(m, p, v) <==> \old(counter_is(m, p, v)));
    behavior too_many:
      assumes m->size >= LEPACK_MAX_ITEMS;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior room:
      assumes m->size < LEPACK_MAX_ITEMS;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
              \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==>
        m->size == \old(m->size) + 1 &&
        item_bytes(m->data + \old(m->size) * LEPACK_ITEM_SIZE,
                   partition, initial_counter, updates_count);
      ensures joins: \result == LEPACK_OK && \old(m->map_built) != 0 ==>
        \forall integer v; counter_is(m, partition, v) <==> v == initial_counter;
      ensures \result != LEPACK_OK ==>
        m->size == \old(m->size) &&
        \forall integer v; counter_is(m, partition, v) <==> \old(counter_is(m, partition, v));
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_add(lepack_counters *m, int32_t partition,
                                                         int64_t initial_counter,
                                                         int64_t updates_count)
{
    size_t size = m->size;
    if (size < m->capacity && m->map_built == 0) {
        uint8_t *item = m->data + size * LEPACK_ITEM_SIZE;
        m->size = size + 1;
        lepack_counters_store_item(item, partition, initial_counter, updates_count);
        return LEPACK_OK;
    }
    if (size >= LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    return lepack_internal_counters_add_slow(m, partition, initial_counter, updates_count);
}

/* --- Adding in a loop ------------------------------------------------------
 * lepack_counters_add stores size back into the message on every call (the
 * item's bytes, stored through uint8_t *, may alias *m, so the compiler
 * cannot keep size in a register), which costs up to 3.4x a raw write loop.
 * A loop that knows its count n reserves the room once, writes the items
 * into a span of it, and commits them once:
 *
 *     if (lepack_counters_reserve(m, n) != LEPACK_OK) ...
 *     lepack_counters_span s = lepack_counters_append_span(m, n);
 *     for (size_t i = 0; i < s.count; i++)
 *         lepack_counters_span_store(s, i, partition[i], initial[i], updates[i]);
 *     lepack_counters_append_commit(m, s, s.count);
 *
 * i < s.count is the bounds check of every store, as with span.h: the loop
 * has one exit and no check inside, so it compiles to the raw loop.  The
 * span is all or nothing: n items after a reserve of n succeeded, none
 * otherwise, so a loop whose reserve failed unnoticed writes and commits
 * nothing rather than part of its items.  commit publishes the first k
 * items of the span in order, as k calls of add would (into next_counter's
 * map too, when that is built), and checks that the span is still the
 * message's room: a message added to, cleared, shrunk or decoded since the
 * span was made gives LEPACK_EINVAL and stays as it is.  Items written and
 * not committed are not in the message; commit does not know which items
 * were written, so k counts written items only. */
typedef struct lepack_counters_span {
    uint8_t *base; /* count items' bytes, just after the message's items */
    size_t count;  /* items; 0 (and base NULL) when there was no room */
} lepack_counters_span;

/*@ // The items add can append without growth: room in the bytes and, when
    // next_counter's map is built, in the map.
    logic integer add_room(lepack_counters *m) =
      \let bytes = m->capacity - m->size;
      \let slots = m->map.count < m->map.nslots / 2 ? m->map.nslots / 2 - m->map.count : 0;
      m->map_built != 0 && slots < bytes ? slots : bytes;

    // s.count items may be written at s.base.
    predicate valid_counters_span(lepack_counters_span s) =
      s.count <= LEPACK_MAX_ITEMS &&
      (s.count > 0 ==> \valid(s.base + (0 .. s.count * LEPACK_ITEM_SIZE - 1)));

    // The first k items of s can be committed to m: s starts at m's end and
    // m has room for them.
    predicate commits_to(lepack_counters *m, lepack_counters_span s, integer k) =
      k <= s.count && k <= add_room(m) &&
      s.base == m->data + m->size * LEPACK_ITEM_SIZE;
*/

/* lepack_counters_reserve's out-of-line part: growth, and room in
 * next_counter's map when it is built.  Its contract.  Internal, as
 * lepack_internal_counters_add_slow: call lepack_counters_reserve. */
/*@ requires valid_counters(m);
    assigns m->data, m->capacity, m->map,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->size == \old(m->size) && m->map_built == \old(m->map_built);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data), \old(m->size) * LEPACK_ITEM_SIZE);
    ensures model: \forall integer p, v; counter_is(m, p, v) <==> \old(counter_is(m, p, v));
    behavior too_many:
      assumes n > LEPACK_MAX_ITEMS - m->size;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior fits:
      assumes n <= LEPACK_MAX_ITEMS - m->size;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM || \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==> add_room(m) >= n;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_internal_counters_reserve_slow(lepack_counters *m, size_t n);

/* Room for n more items: afterwards n calls of lepack_counters_add, or a
 * span of n, neither allocate nor fail.  LEPACK_EOVERFLOW when size + n would
 * pass LEPACK_MAX_ITEMS, LEPACK_ENOMEM when the allocator fails: no item,
 * byte or map entry changed (the storage may already have grown, which no
 * getter can observe). */
/*@ requires valid_counters(m);
    assigns m->data, m->capacity, m->map,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->size == \old(m->size) && m->map_built == \old(m->map_built);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data), \old(m->size) * LEPACK_ITEM_SIZE);
    ensures model: \forall integer p, v; counter_is(m, p, v) <==> \old(counter_is(m, p, v));
    behavior too_many:
      assumes n > LEPACK_MAX_ITEMS - m->size;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior fits:
      assumes n <= LEPACK_MAX_ITEMS - m->size;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM || \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==> add_room(m) >= n;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_reserve(lepack_counters *m, size_t n)
{
    if (m->map_built == 0 && n <= m->capacity - m->size)
        return LEPACK_OK;
    if (n > LEPACK_MAX_ITEMS - m->size)
        return LEPACK_EOVERFLOW;
    return lepack_internal_counters_reserve_slow(m, n);
}

/* The room for the next n items, as a span: n items when m has room for n
 * (lepack_counters_reserve makes it), else none. */
/*@ requires valid_counters(m);
    assigns \nothing;
    exits \false;
    ensures valid_counters_span(\result);
    behavior room:
      assumes n <= add_room(m);
      ensures \result.count == n;
      ensures n > 0 ==> commits_to(m, \result, n);
    behavior no_room:
      assumes n > add_room(m);
      ensures \result.count == 0 && \result.base == \null;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_counters_span lepack_counters_append_span(lepack_counters *m,
                                                                        size_t n)
{
    size_t room = m->capacity - m->size;
    lepack_counters_span s;
    if (m->map_built) {
        size_t half = m->map.nslots / 2;
        size_t slots = m->map.count < half ? half - m->map.count : 0;
        if (slots < room)
            room = slots;
    }
    s.base = NULL;
    s.count = 0;
    if (n <= room && n > 0) {
        s.base = m->data + m->size * LEPACK_ITEM_SIZE;
        s.count = n;
    }
    return s;
}

/* Item i of s: its three fields, as add stores them.  i < s.count is the
 * caller's (the natural loop's condition); it is not checked here. */
/*@ requires valid_counters_span(s) && i < s.count;
    assigns s.base[i * LEPACK_ITEM_SIZE .. i * LEPACK_ITEM_SIZE + LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures item_bytes(s.base + i * LEPACK_ITEM_SIZE, partition, initial_counter, updates_count); */
LEPACK_COUNTERS_INLINE void lepack_counters_span_store(lepack_counters_span s, size_t i,
                                                       int32_t partition,
                                                       int64_t initial_counter,
                                                       int64_t updates_count)
{
    lepack_counters_store_item(s.base + i * LEPACK_ITEM_SIZE, partition, initial_counter,
                               updates_count);
}

/* lepack_counters_append_commit's out-of-line part, with next_counter's map
 * built: k more items join it, in order.  Internal, as
 * lepack_internal_counters_add_slow. */
/*@ requires valid_counters(m) && m->map_built != 0;
    requires 0 < k <= add_room(m);
    assigns m->size, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->size == \old(m->size) + k; */
void lepack_internal_counters_append_map(lepack_counters *m, size_t k);

/* Publishes the first k items of s, which the caller wrote: m's size grows
 * by k, and each joins next_counter's map, in order, when that is built.
 * LEPACK_EINVAL, and nothing changed, when k passes s.count or the span is
 * no longer m's room (m was changed since the span was made). */
/*@ requires valid_counters(m);
    assigns m->size, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
    exits \false;
    ensures valid_counters(m);
    behavior nothing:
      assumes k == 0;
      assigns \nothing;
      ensures \result == LEPACK_OK;
    behavior commits:
      assumes k > 0 && commits_to(m, s, k);
      ensures \result == LEPACK_OK && m->size == \old(m->size) + k;
    behavior stale:
      assumes k > 0 && !commits_to(m, s, k);
      assigns \nothing;
      ensures \result == LEPACK_EINVAL;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_append_commit(lepack_counters *m,
                                                                   lepack_counters_span s,
                                                                   size_t k)
{
    size_t size = m->size, half;
    if (k == 0)
        return LEPACK_OK;
    if (k > s.count || k > m->capacity - size || s.base != m->data + size * LEPACK_ITEM_SIZE)
        return LEPACK_EINVAL;
    if (m->map_built == 0) {
        m->size = size + k;
        return LEPACK_OK;
    }
    half = m->map.nslots / 2;
    if (m->map.count > half || k > half - m->map.count)
        return LEPACK_EINVAL;
    lepack_internal_counters_append_map(m, k);
    return LEPACK_OK;
}

/*@ requires \valid_read(m);
    assigns \nothing;
    exits \false;
    ensures \result == m->cache_id; */
LEPACK_COUNTERS_INLINE int32_t lepack_counters_cache_id(const lepack_counters *m)
{
    return m->cache_id;
}

/*@ requires \valid_read(m);
    assigns \nothing;
    exits \false;
    ensures \result == m->size; */
LEPACK_COUNTERS_INLINE size_t lepack_counters_size(const lepack_counters *m)
{
    return m->size;
}

/* Item i's fields; i >= size gives LEPACK_ERANGE and leaves *out untouched.
 * In a loop over i the three getters of one item share one check. */
/*@ requires valid_counters(m);
    requires \valid(out) && \separated(out, m);
    assigns *out;
    exits \false;
    behavior in_range:
      assumes i < m->size;
      ensures \result == LEPACK_OK;
      ensures twos32(*out) == le_value_u32(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
    behavior out_of_range:
      assumes i >= m->size;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_partition(const lepack_counters *m,
                                                               size_t i, int32_t *out)
{
    const uint8_t *data = m->data; /* read first: in a loop it is then read once */
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i32(data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
    return LEPACK_OK;
}

/*@ requires valid_counters(m);
    requires \valid(out) && \separated(out, m);
    assigns *out;
    exits \false;
    behavior in_range:
      assumes i < m->size;
      ensures \result == LEPACK_OK;
      ensures twos64(*out) == le_value_u64(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER);
    behavior out_of_range:
      assumes i >= m->size;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_initial_counter(const lepack_counters *m,
                                                                     size_t i, int64_t *out)
{
    const uint8_t *data = m->data; /* read first: in a loop it is then read once */
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i64(data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER);
    return LEPACK_OK;
}

/*@ requires valid_counters(m);
    requires \valid(out) && \separated(out, m);
    assigns *out;
    exits \false;
    behavior in_range:
      assumes i < m->size;
      ensures \result == LEPACK_OK;
      ensures twos64(*out) == le_value_u64(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_UPDATES_COUNT);
    behavior out_of_range:
      assumes i >= m->size;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
LEPACK_COUNTERS_INLINE lepack_status lepack_counters_updates_count(const lepack_counters *m,
                                                                   size_t i, int64_t *out)
{
    const uint8_t *data = m->data; /* read first: in a loop it is then read once */
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i64(data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_UPDATES_COUNT);
    return LEPACK_OK;
}

/* --- Batches ----------------------------------------------------------------
 * Many items in one call: one check and (for add) one reserve for the whole
 * batch, then a loop with no check inside, which runs in vector registers
 * where the CPU has them (src/items.h). */

/* Appends items[0 .. n), as n calls of add would.  LEPACK_EOVERFLOW (size
 * + n > LEPACK_MAX_ITEMS, or more entries than the next_counter map can
 * hold) or LEPACK_ENOMEM: no item, byte or map entry changed (the storage
 * may already have grown, as for add).  items must not point into the
 * message's own storage, which growing may move. */
/*@ requires valid_counters(m);
    requires n > 0 ==> \valid_read(items + (0 .. n - 1)) &&
      \separated(items + (0 .. n - 1), m) &&
      (m->capacity > 0 ==> \base_addr(items) != \base_addr(m->data)) &&
      (m->map.nslots > 0 ==> \base_addr(items) != \base_addr(m->map.slots));
    assigns m->data, m->capacity, m->size, m->map,
            \at(m->data, Post)[m->size * LEPACK_ITEM_SIZE ..
                                (m->size + n) * LEPACK_ITEM_SIZE - 1],
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data),
                                       \old(m->size) * LEPACK_ITEM_SIZE);
    behavior too_many:
      assumes n > LEPACK_MAX_ITEMS - m->size;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior room:
      assumes n <= LEPACK_MAX_ITEMS - m->size;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
              \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==>
        m->size == \old(m->size) + n &&
        items_bytes(m->data + \old(m->size) * LEPACK_ITEM_SIZE, items, n);
      ensures \result != LEPACK_OK ==> m->size == \old(m->size);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_add_items(lepack_counters *m, const lepack_counters_item *items,
                                        size_t n);

/* Reads items i .. i + n - 1 into out[0 .. n).  LEPACK_ERANGE when they are
 * not all in the message (i + n > size, also when that sum would overflow):
 * nothing is written. */
/*@ requires valid_counters(m);
    requires n > 0 ==> \valid(out + (0 .. n - 1)) && \separated(out + (0 .. n - 1), m) &&
      (m->capacity > 0 ==> \base_addr(out) != \base_addr(m->data));
    assigns out[0 .. n - 1];
    exits \false;
    behavior in_range:
      assumes i <= m->size && n <= m->size - i;
      ensures \result == LEPACK_OK;
      ensures items_values(out, m->data + i * LEPACK_ITEM_SIZE, n);
    behavior out_of_range:
      assumes i > m->size || n > m->size - i;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_get_items(const lepack_counters *m, size_t i,
                                        lepack_counters_item *out, size_t n);

/* The wire bytes, read-only: exactly size * LEPACK_ITEM_SIZE bytes at the
 * returned address (NULL when there are none).  Valid until the next call
 * that changes the message. */
/*@ requires valid_counters(m);
    requires \valid(len) && \separated(len, m);
    assigns *len;
    exits \false;
    ensures *len == m->size * LEPACK_ITEM_SIZE;
    ensures m->size > 0 ==> \result == m->data;
    ensures m->size == 0 ==> \result == \null; */
const uint8_t *lepack_counters_wire(const lepack_counters *m, size_t *len);

/* Copies the wire bytes to dst and sets *written to their count.  cap <
 * size * LEPACK_ITEM_SIZE gives LEPACK_ENOSPACE with *written the bytes
 * needed (as every UTF-8 call does) and dst untouched: call again with that
 * capacity. */
/*@ requires valid_counters(m);
    requires \valid(written) && \separated(written, m);
    requires m->size * LEPACK_ITEM_SIZE <= cap && m->size > 0 ==>
      \valid(dst + (0 .. m->size * LEPACK_ITEM_SIZE - 1)) &&
      \separated(dst + (0 .. m->size * LEPACK_ITEM_SIZE - 1),
                 m->data + (0 .. m->size * LEPACK_ITEM_SIZE - 1), written, m);
    assigns dst[0 .. m->size * LEPACK_ITEM_SIZE - 1], *written;
    exits \false;
    behavior fits:
      assumes m->size * LEPACK_ITEM_SIZE <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == m->size * LEPACK_ITEM_SIZE;
      ensures bytes_unchanged{Post, Post}(dst, m->data, m->size * LEPACK_ITEM_SIZE);
    behavior too_small:
      assumes m->size * LEPACK_ITEM_SIZE > cap;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == m->size * LEPACK_ITEM_SIZE;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_encode(const lepack_counters *m, uint8_t *dst, size_t cap,
                                     size_t *written);

/* Replaces the items of m (which keeps its cache id) with those in
 * src[0 .. len).  len not a multiple of LEPACK_ITEM_SIZE gives
 * LEPACK_EBADLEN (Ignite truncated silently); 0 bytes is an empty message.
 * On any error m is unchanged.  src must not point into m's own bytes (such
 * as lepack_counters_wire(m)): growing m may move them. */
/*@ requires valid_counters(m);
    requires len > 0 ==> \valid_read(src + (0 .. len - 1)) &&
      \base_addr(src) != \base_addr(m) &&
      (m->capacity > 0 ==> \base_addr(src) != \base_addr(m->data)) &&
      (m->map.nslots > 0 ==> \base_addr(src) != \base_addr(m->map.slots));
    assigns m->data, m->capacity, m->size, m->map_built, m->map,
            \at(m->data, Post)[0 .. len - 1];
    exits \false;
    ensures valid_counters(m);
    behavior bad_length:
      assumes len % LEPACK_ITEM_SIZE != 0;
      assigns \nothing;
      ensures \result == LEPACK_EBADLEN;
    behavior whole_items:
      assumes len % LEPACK_ITEM_SIZE == 0;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM;
      ensures \result == LEPACK_OK ==>
        m->size == len / LEPACK_ITEM_SIZE && m->map_built == 0 &&
        bytes_unchanged{Post, Pre}(m->data, src, len);
      ensures \result != LEPACK_OK ==>
        m->size == \old(m->size) && m->data == \old(m->data) &&
        m->capacity == \old(m->capacity) && m->map_built == \old(m->map_built) &&
        m->map == \old(m->map);
      ensures kept: \result != LEPACK_OK ==>
        bytes_unchanged{Post, Pre}(m->data, m->data, m->capacity * LEPACK_ITEM_SIZE);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_decode(lepack_counters *m, const uint8_t *src, size_t len);

/* --- The message as Ignite serializes it ------------------------------------
 * Ignite's class (the VarHandle version of IGNITE-27606) serializes three
 * fields, in this order: cacheId (int), data (byte[]) and size (int).
 * data is the array as it stands: add() grows it ahead of need and only
 * finishUpdating() trims it to size * LEPACK_ITEM_SIZE bytes, which no
 * sender is obliged to call.  So a receiver gets data with spare capacity
 * behind the items (its length need not even be a multiple of 20) and must
 * take the count from size, never from the length.  docs/wire-format.md
 * has the fields, the versions they were read from and the encodings. */

/* The most items a Java peer can state: the data length, size * 20, is a
 * Java int (Integer.MAX_VALUE / 20). */
#define LEPACK_JAVA_MAX_ITEMS 107374182

/* Replaces the items of m (which keeps its cache id) with the first `size`
 * items of the data field src[0 .. len), as Ignite's reader takes them:
 * bytes past size * LEPACK_ITEM_SIZE are spare capacity and are neither
 * read nor kept.  size < 0 gives LEPACK_EINVAL; size * LEPACK_ITEM_SIZE >
 * len gives LEPACK_EBADLEN (the test never multiplies, so a size whose
 * product would overflow an int, or a size_t, is refused the same way);
 * allocation failure gives LEPACK_ENOMEM.  On any error m is unchanged.
 * Only the first size * LEPACK_ITEM_SIZE bytes of src need to be readable:
 * the contract asks for no more, so its proof shows that nothing past them
 * is read.  src must not point into m's own bytes.  For callers that own
 * both ends and send exactly the items, lepack_counters_decode keeps the
 * strict rule (len a multiple of LEPACK_ITEM_SIZE, the count len / 20). */
/*@ requires valid_counters(m);
    requires 0 < size && size <= len / LEPACK_ITEM_SIZE ==>
      \valid_read(src + (0 .. size * LEPACK_ITEM_SIZE - 1)) &&
      \base_addr(src) != \base_addr(m) &&
      (m->capacity > 0 ==> \base_addr(src) != \base_addr(m->data)) &&
      (m->map.nslots > 0 ==> \base_addr(src) != \base_addr(m->map.slots));
    assigns m->data, m->capacity, m->size, m->map_built, m->map,
            \at(m->data, Post)[0 .. size * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures valid_counters(m);
    behavior negative:
      assumes size < 0;
      assigns \nothing;
      ensures \result == LEPACK_EINVAL;
    behavior short:
      assumes size >= 0 && size > len / LEPACK_ITEM_SIZE;
      assigns \nothing;
      ensures \result == LEPACK_EBADLEN;
    behavior fits:
      assumes 0 <= size && size <= len / LEPACK_ITEM_SIZE;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM;
      ensures \result == LEPACK_OK ==>
        m->size == size && m->map_built == 0 &&
        bytes_unchanged{Post, Pre}(m->data, src, size * LEPACK_ITEM_SIZE);
      ensures \result != LEPACK_OK ==>
        m->size == \old(m->size) && m->data == \old(m->data) &&
        m->capacity == \old(m->capacity) && m->map_built == \old(m->map_built) &&
        m->map == \old(m->map);
      ensures kept: \result != LEPACK_OK ==>
        bytes_unchanged{Post, Pre}(m->data, m->data, m->capacity * LEPACK_ITEM_SIZE);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_decode_sized(lepack_counters *m, const uint8_t *src, size_t len,
                                           int32_t size);

/* The fields' encodings, as Ignite's direct-marshalling stream writes them
 * (DirectByteBufferStream: writeInt, writeByteArray).  An int v is written
 * as w = v + 1 (mod 2^32, as Java's int wraps), seven bits at a time, the
 * lowest first, each byte but the last with its top bit set: one to five
 * bytes.  A byte array is its length written as an int, then its bytes
 * (a null array is the int -1, the one byte 00: lepack never writes one). */
/*@ logic integer ignite_int(integer v) = (twos32(v) + 1) % 4294967296;

    logic integer varint_len(integer w) =
      w < 128 ? 1 : w < 16384 ? 2 : w < 2097152 ? 3 : w < 268435456 ? 4 : 5;

    // The k-th group of seven bits of w, the lowest first.
    logic integer varint_group(integer w, integer k) =
      (k == 0 ? w : k == 1 ? w / 128 : k == 2 ? w / 16384 :
       k == 3 ? w / 2097152 : w / 268435456) % 128;

    // The varint_len(w) bytes at p are w's groups, every byte but the last
    // with its top bit set.
    predicate varint_at{L}(uint8_t *p, integer w) =
      \forall integer k; 0 <= k < varint_len(w) ==>
        p[k] == varint_group(w, k) + (k < varint_len(w) - 1 ? 128 : 0);

    // The bytes of the three fields of message m: cacheId, data (its
    // length, then its size * LEPACK_ITEM_SIZE bytes) and size.
    logic integer fields_cache_len{L}(lepack_counters *m) = varint_len(ignite_int(m->cache_id));
    logic integer fields_head_len{L}(lepack_counters *m) =
      fields_cache_len(m) + varint_len(m->size * LEPACK_ITEM_SIZE + 1);
    logic integer fields_length{L}(lepack_counters *m) =
      fields_head_len(m) + m->size * LEPACK_ITEM_SIZE + varint_len(m->size + 1);
*/

/* Writes the three fields of m, cacheId, data and size, in the order and
 * the encodings above: the body Ignite's serializer writes for the
 * message, data trimmed to the items as finishUpdating() leaves it.
 * *written gets the byte count, 3 + 20 * size to 14 + 20 * size.
 * lepack leaves to the caller what comes before the fields and around the
 * message: the message header (its 2-byte little-endian type code, which
 * Ignite's message factory assigns: 157 in the versions that state it, a
 * registration without a literal in later ones) and the transport's own
 * framing.  cap too small gives LEPACK_ENOSPACE, writes nothing to dst and
 * sets *written to the size needed; more than LEPACK_JAVA_MAX_ITEMS items
 * gives LEPACK_EOVERFLOW (no Java int states the length) and writes
 * nothing. */
/*@ requires \valid_read(m);
    requires m->size > 0 ==> \valid_read(m->data + (0 .. m->size * LEPACK_ITEM_SIZE - 1));
    requires \valid(written) && \separated(written, m);
    requires m->size <= LEPACK_JAVA_MAX_ITEMS && fields_length(m) <= cap ==>
      \valid(dst + (0 .. fields_length(m) - 1)) &&
      \separated(dst + (0 .. fields_length(m) - 1), written, m);
    requires m->size > 0 && m->size <= LEPACK_JAVA_MAX_ITEMS && fields_length(m) <= cap ==>
      \separated(dst + (0 .. fields_length(m) - 1),
                 m->data + (0 .. m->size * LEPACK_ITEM_SIZE - 1), written, m);
    assigns dst[0 .. fields_length(m) - 1], *written;
    exits \false;
    behavior too_many:
      assumes m->size > LEPACK_JAVA_MAX_ITEMS;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior too_small:
      assumes m->size <= LEPACK_JAVA_MAX_ITEMS && fields_length(m) > cap;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE && *written == fields_length(m);
    behavior fits:
      assumes m->size <= LEPACK_JAVA_MAX_ITEMS && fields_length(m) <= cap;
      ensures \result == LEPACK_OK && *written == fields_length(m);
      ensures cache_id: varint_at(dst, ignite_int(m->cache_id));
      ensures data_length:
        varint_at(dst + fields_cache_len(m), m->size * LEPACK_ITEM_SIZE + 1);
      ensures data: bytes_unchanged{Post, Post}(dst + fields_head_len(m), m->data,
                                                m->size * LEPACK_ITEM_SIZE);
      ensures size: varint_at(dst + (fields_head_len(m) + m->size * LEPACK_ITEM_SIZE),
                              m->size + 1);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_encode_fields(const lepack_counters *m, uint8_t *dst, size_t cap,
                                            size_t *written);

/* Ignite's finishUpdating(): trims the storage to exactly size items, so
 * that no spare capacity is kept once the message is complete.  Nothing on
 * the wire depends on it here (lepack never sends spare capacity); in
 * Ignite it decides whether data goes out with spare bytes, and nothing
 * obliges a sender to call it, so a receiver must not assume it was
 * called (lepack_counters_decode_sized).  An empty
 * message gives its storage back (capacity 0).  The items, their bytes and
 * the next_counter map do not change.  LEPACK_ENOMEM (the allocator hook
 * refused the smaller block): the message is exactly as it was, spare
 * capacity included.  Ignite grows and trims by bytes (its array may end
 * inside an item); lepack counts capacity in whole items. */
/*@ requires valid_counters(m);
    assigns m->data, m->capacity;
    exits \false;
    ensures valid_counters(m);
    ensures bytes_unchanged{Post, Pre}(m->data, \old(m->data), m->size * LEPACK_ITEM_SIZE);
    behavior fitted:
      assumes m->capacity == m->size;
      assigns \nothing;
      ensures \result == LEPACK_OK;
    behavior emptied:
      assumes m->size == 0 && m->capacity > 0;
      ensures \result == LEPACK_OK;
      ensures m->capacity == 0 && m->data == \null;
    behavior trimmed:
      assumes 0 < m->size < m->capacity;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM;
      ensures \result == LEPACK_OK ==> m->capacity == m->size;
      ensures \result != LEPACK_OK ==>
        m->data == \old(m->data) && m->capacity == \old(m->capacity);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_shrink(lepack_counters *m);

/* Ignite's nextCounter: the first call for partition p returns the initial
 * counter of the last item with partition p, plus one; each later call
 * returns one more.  Like Java's long, INT64_MAX + 1 wraps to INT64_MIN.
 * A partition in no item gives LEPACK_ENOTFOUND (Java's null) and changes
 * nothing.  The first call builds a map partition -> counter (for a
 * repeated partition the last item wins, as HashMap.put in item order), so
 * it may fail with LEPACK_ENOMEM (or LEPACK_EOVERFLOW), changing nothing.
 * Unlike Ignite, whose map is never updated once built, items added later
 * join the map (lepack_counters_add) and a decode or clear drops it. */
/*@ requires valid_counters(m);
    requires \valid(out) && \separated(out, m);
    requires m->capacity > 0 ==> \base_addr(out) != \base_addr(m->data);
    requires m->map.nslots > 0 ==> \base_addr(out) != \base_addr(m->map.slots);
    assigns m->map, m->map_built, *out,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures \result == LEPACK_OK || \result == LEPACK_ENOTFOUND ||
            \result == LEPACK_ENOMEM || \result == LEPACK_EOVERFLOW;
    ensures bytes_unchanged{Post, Pre}(m->data, m->data, m->size * LEPACK_ITEM_SIZE);
    ensures others: \forall integer p, v; p != partition ==>
      (counter_is(m, p, v) <==> \old(counter_is(m, p, v)));
    ensures failed: \result != LEPACK_OK ==> *out == \old(*out) &&
      \forall integer v; counter_is(m, partition, v) <==> \old(counter_is(m, partition, v));
    ensures \result == LEPACK_ENOMEM || \result == LEPACK_EOVERFLOW ==>
      \old(m->map_built) == 0;
    behavior present:
      assumes in_items(m->data, m->size, partition);
      ensures \result != LEPACK_ENOTFOUND;
      ensures next: \result == LEPACK_OK ==>
        \exists integer v; \old(counter_is(m, partition, v)) && *out == next64(v);
      ensures stored: \result == LEPACK_OK ==>
        \forall integer v; counter_is(m, partition, v) <==> v == *out;
    behavior absent:
      assumes !in_items(m->data, m->size, partition);
      ensures \result != LEPACK_OK;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_counters_next_counter(lepack_counters *m, int32_t partition, int64_t *out);

#ifdef __cplusplus
}
#endif

#endif
