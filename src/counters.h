/* Partition update counters: the C port of Apache Ignite's
 * PartitionUpdateCountersMessage.
 *
 * A message is a cache id and a packed array of 20-byte items, each
 *   +0  int32  partition
 *   +4  int64  initial counter
 *   +12 int64  updates count
 * little-endian with no padding, byte-identical to Ignite's data() array on
 * every host.  The packed bytes are the message: the getters read them, and
 * the wire form is a view of them.
 *
 * Every function that fails leaves the message exactly as it was. */
#ifndef LEPACK_COUNTERS_H
#define LEPACK_COUNTERS_H

#include <stddef.h>
#include <stdint.h>

#include "counter_map.h"
#include "status.h"

#define LEPACK_ITEM_SIZE 20u
#define LEPACK_ITEM_PARTITION 0u
#define LEPACK_ITEM_INITIAL_COUNTER 4u
#define LEPACK_ITEM_UPDATES_COUNT 12u

/* The most items whose bytes a size_t can count. */
#define LEPACK_MAX_ITEMS (SIZE_MAX / LEPACK_ITEM_SIZE)

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

/* The capacity to grow to when `need` items must fit and `capacity` are
 * allocated: max(need, capacity + capacity / 3), clamped to
 * LEPACK_MAX_ITEMS; 0 when need > LEPACK_MAX_ITEMS.  Ignite grew by the
 * factor alone, which for one item is less than two: the write then went
 * past the array. */
size_t lepack_counters_grown_capacity(size_t capacity, size_t need);

/* An empty message with room for `capacity` items (0 allowed).
 * LEPACK_EOVERFLOW or LEPACK_ENOMEM leave *m untouched. */
lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity);

/* Releases the memory; *m is then an empty message with no capacity. */
void lepack_counters_free(lepack_counters *m);

/* Removes every item and the next_counter map; keeps the capacity. */
void lepack_counters_clear(lepack_counters *m);

/* Appends an item, growing when full.  LEPACK_EOVERFLOW or LEPACK_ENOMEM:
 * nothing changed. */
lepack_status lepack_counters_add(lepack_counters *m, int32_t partition,
                                  int64_t initial_counter, int64_t updates_count);

int32_t lepack_counters_cache_id(const lepack_counters *m);
size_t lepack_counters_size(const lepack_counters *m);

/* Item i's fields; i >= size gives LEPACK_ERANGE and leaves *out untouched. */
lepack_status lepack_counters_partition(const lepack_counters *m, size_t i, int32_t *out);
lepack_status lepack_counters_initial_counter(const lepack_counters *m, size_t i, int64_t *out);
lepack_status lepack_counters_updates_count(const lepack_counters *m, size_t i, int64_t *out);

/* The wire bytes, read-only: exactly size * LEPACK_ITEM_SIZE bytes at the
 * returned address (NULL when there are none).  Valid until the next call
 * that changes the message. */
const uint8_t *lepack_counters_wire(const lepack_counters *m, size_t *len);

/* Copies the wire bytes to dst.  cap < size * LEPACK_ITEM_SIZE gives
 * LEPACK_ENOSPACE and writes nothing.  *written gets the byte count. */
lepack_status lepack_counters_encode(const lepack_counters *m, uint8_t *dst, size_t cap,
                                     size_t *written);

/* Replaces the items of m (which keeps its cache id) with those in
 * src[0 .. len).  len not a multiple of LEPACK_ITEM_SIZE gives
 * LEPACK_EBADLEN (Ignite truncated silently); 0 bytes is an empty message.
 * On any error m is unchanged. */
lepack_status lepack_counters_decode(lepack_counters *m, const uint8_t *src, size_t len);

/* Ignite's nextCounter: the first call builds a map partition -> initial
 * counter (for a repeated partition the last item wins, as HashMap.put in
 * item order), then each call adds one to the partition's counter, stores
 * and returns it.  Like Java's long, INT64_MAX + 1 wraps to INT64_MIN.
 * A partition not in the message gives LEPACK_ENOTFOUND (Java's null).
 * Items added later join the map as if it had been built with them. */
lepack_status lepack_counters_next_counter(lepack_counters *m, int32_t partition, int64_t *out);

#endif
