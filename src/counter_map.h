/* partition -> counter map behind lepack_counters_next_counter.
 *
 * Open addressing with linear probing over a power-of-two table that is
 * never more than half full, so a lookup is O(1) expected and every probe
 * loop ends at an empty slot.  Bounded loops (at most nslots probes) keep
 * termination obvious to the prover. */
#ifndef LEPACK_COUNTER_MAP_H
#define LEPACK_COUNTER_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

typedef struct lepack_map_slot {
    int64_t counter;
    int32_t partition;
    int32_t used; /* 0: empty */
} lepack_map_slot;

typedef struct lepack_counter_map {
    lepack_map_slot *slots; /* nslots entries, NULL when nslots == 0 */
    size_t nslots;          /* 0 or a power of two >= 2 * count */
    size_t count;
} lepack_counter_map;

/* The largest number of entries a map can hold. */
#define LEPACK_MAP_MAX_ENTRIES (((size_t)1 << (sizeof(size_t) * 8 - 3)) / sizeof(lepack_map_slot))

/*@ predicate valid_map(lepack_counter_map *m) =
      \valid(m) && m->count <= m->nslots / 2 &&
      (m->nslots == 0 ==> m->slots == \null) &&
      (m->nslots > 0 ==> \valid(m->slots + (0 .. m->nslots - 1)) &&
                         \separated(m, m->slots + (0 .. m->nslots - 1)));
*/

/* A zeroed array of n slots (n > 0) from the allocator hook, or NULL. */
/*@ requires n > 0;
    assigns \nothing;
    ensures \result == \null ||
            (\valid(\result + (0 .. n - 1)) &&
             \forall integer k; 0 <= k < n ==> \result[k].used == 0); */
lepack_map_slot *lepack_alloc_slots(size_t n);

/*@ assigns \nothing; */
void lepack_free_slots(lepack_map_slot *s);

/*@ requires \valid(m);
    assigns *m;
    ensures valid_map(m) && m->count == 0 && m->nslots == 0; */
void lepack_map_init(lepack_counter_map *m);

/*@ requires valid_map(m);
    assigns *m;
    ensures valid_map(m) && m->count == 0 && m->nslots == 0; */
void lepack_map_free(lepack_counter_map *m);

/* Makes room for `entries` entries in total.  On failure the map is unchanged. */
lepack_status lepack_map_reserve(lepack_counter_map *m, size_t entries);

/* Sets partition -> counter (insert or overwrite).  Requires room for one
 * more entry (lepack_map_reserve(m, count + 1) succeeded). */
void lepack_map_put(lepack_counter_map *m, int32_t partition, int64_t counter);

/* The slot holding partition, or NULL. */
lepack_map_slot *lepack_map_find(const lepack_counter_map *m, int32_t partition);

#endif
