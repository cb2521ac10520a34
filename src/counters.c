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

size_t lepack_counters_grown_capacity(size_t capacity, size_t need)
{
    if (need > LEPACK_MAX_ITEMS)
        return 0;
    size_t grown = LEPACK_MAX_ITEMS;
    if (capacity < LEPACK_MAX_ITEMS && capacity / 3 <= LEPACK_MAX_ITEMS - capacity)
        grown = capacity + capacity / 3;
    return grown > need ? grown : need;
}

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
    m->data = data;
    m->capacity = capacity;
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
    lepack_free_bytes(m->data);
    m->data = NULL;
    m->size = 0;
    m->capacity = 0;
    m->map_built = 0;
    lepack_map_free(&m->map);
}

void lepack_counters_clear(lepack_counters *m)
{
    m->size = 0;
    m->map_built = 0;
    lepack_map_free(&m->map);
}

/* Puts items[0 .. n) into the built map, in order, so that a repeated
 * partition ends with its last item's counter. */
/*@ requires valid_counters(m) && m->map_built != 0;
    requires 0 < n && \valid_read(items + (0 .. n - 1));
    requires m->map.count + n <= m->map.nslots / 2;
    assigns m->map.count, m->map.slots[0 .. m->map.nslots - 1];
    exits \false;
    ensures valid_counters(m);
    ensures m->map.slots == \old(m->map.slots) && m->map.nslots == \old(m->map.nslots); */
static void counters_map_items(lepack_counters *m, const lepack_counters_item *items, size_t n)
{
    /*@ loop invariant 0 <= k <= n;
        loop invariant valid_counters(m);
        loop invariant m->map.count + (n - k) <= m->map.nslots / 2;
        loop assigns k, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
        loop variant n - k; */
    for (size_t k = 0; k < n; k++)
        lepack_map_put(&m->map, items[k].partition, items[k].initial_counter);
}

/* Only when the item does not fit or the map is built: the header's
 * lepack_counters_add handles the rest inline. */
lepack_status lepack_counters_add_slow(lepack_counters *m, int32_t partition,
                                       int64_t initial_counter, int64_t updates_count)
{
    if (m->size >= LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    lepack_status st = counters_reserve(m, m->size + 1) /*@ ghost (NULL, NULL) */;
    if (st != LEPACK_OK)
        return st;
    //@ assert m->size < m->capacity && valid_counters(m);
    if (m->map_built) {
        st = lepack_map_reserve(&m->map, m->map.count + 1) /*@ ghost (m->data) */;
        if (st != LEPACK_OK)
            return st;
    }
    //@ assert m->size < m->capacity && valid_counters(m);
    //@ assert m->map_built != 0 ==> m->map.count + 1 <= m->map.nslots / 2;
    uint8_t *item = m->data + m->size * LEPACK_ITEM_SIZE;
    lepack_counters_store_item(item, partition, initial_counter, updates_count);
    //@ assert m->map_built != 0 ==> m->map.count + 1 <= m->map.nslots / 2;
    m->size++;
    //@ assert valid_counters(m);
    if (m->map_built)
        lepack_map_put(&m->map, partition, initial_counter);
    return LEPACK_OK;
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
        st = lepack_map_reserve(&m->map, m->map.count + n) /*@ ghost (m->data) */;
        if (st != LEPACK_OK)
            return st;
        /* The map first: nothing can fail after it, and the items' bytes
         * are then the last thing written. */
        counters_map_items(m, items, n);
    }
    //@ assert size + n <= m->capacity && valid_counters(m);
    lepack_items_store(m->data + size * LEPACK_ITEM_SIZE, items, n);
    m->size = size + n;
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
    if (cap < bytes)
        return LEPACK_ENOSPACE;
    if (bytes > 0)
        copy_bytes(dst, m->data, bytes);
    *written = bytes;
    return LEPACK_OK;
}

lepack_status lepack_counters_decode(lepack_counters *m, const uint8_t *src, size_t len)
{
    if (len % LEPACK_ITEM_SIZE != 0)
        return LEPACK_EBADLEN;
    size_t items = len / LEPACK_ITEM_SIZE;
    lepack_status st = counters_reserve(m, items) /*@ ghost (len > 0 ? src : NULL, NULL) */;
    if (st != LEPACK_OK)
        return st;
    if (len > 0)
        copy_bytes(m->data, src, len);
    m->size = items;
    m->map_built = 0;
    lepack_map_free(&m->map);
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
        return LEPACK_OK;
    }
    uint8_t *data = lepack_realloc_bytes(m->data, m->capacity * LEPACK_ITEM_SIZE,
                                         m->size * LEPACK_ITEM_SIZE)
        /*@ ghost (m, m->map.slots, NULL, NULL) */;
    if (data == NULL)
        return LEPACK_ENOMEM;
    m->data = data;
    m->capacity = m->size;
    return LEPACK_OK;
}

/* Builds the map from the items in order, so a repeated partition ends with
 * its last item's counter.  The map is empty while it is not built, so it
 * is filled in place; a failed reserve leaves it empty. */
/*@ requires valid_counters(m) && m->map_built == 0;
    assigns m->map, m->map_built,
            \at(m->map.slots, Post)[0 .. \at(m->map.nslots, Post) - 1];
    exits \false;
    ensures valid_counters(m);
    ensures \result == LEPACK_OK ==> m->map_built != 0;
    ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
            \result == LEPACK_EOVERFLOW; */
static lepack_status counters_build_map(lepack_counters *m)
{
    lepack_status st = lepack_map_reserve(&m->map, m->size) /*@ ghost (m->data) */;
    if (st != LEPACK_OK)
        return st;
    m->map_built = 1;
    /*@ loop invariant 0 <= i <= m->size;
        loop invariant valid_counters(m);
        loop invariant m->map.count <= i && m->size <= m->map.nslots / 2;
        loop assigns i, m->map.count, m->map.slots[0 .. m->map.nslots - 1];
        loop variant m->size - i; */
    for (size_t i = 0; i < m->size; i++) {
        const uint8_t *item = m->data + i * LEPACK_ITEM_SIZE;
        lepack_map_put(&m->map, le_load_i32(item + LEPACK_ITEM_PARTITION),
                       le_load_i64(item + LEPACK_ITEM_INITIAL_COUNTER));
    }
    return LEPACK_OK;
}

lepack_status lepack_counters_next_counter(lepack_counters *m, int32_t partition, int64_t *out)
{
    if (!m->map_built) {
        lepack_status st = counters_build_map(m);
        if (st != LEPACK_OK)
            return st;
    }
    lepack_map_slot *slot = lepack_map_find(&m->map, partition);
    if (slot == NULL)
        return LEPACK_ENOTFOUND;
    slot->counter = slot->counter == INT64_MAX ? INT64_MIN : slot->counter + 1;
    *out = slot->counter;
    return LEPACK_OK;
}
