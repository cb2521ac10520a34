/* SPDX-License-Identifier: Apache-2.0 */
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

#ifdef __cplusplus
extern "C" {
#endif

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

/* The slots live in their own block: distinct bases keep a write to a slot
 * from touching the map, or the message that embeds it. */
/*@ predicate valid_map(lepack_counter_map *m) =
      \valid(m) && m->count <= m->nslots / 2 &&
      (m->nslots == 0 ==> m->slots == \null) &&
      (m->nslots > 0 ==> \valid(m->slots + (0 .. m->nslots - 1)) &&
                         \base_addr(m->slots) != \base_addr(m));
*/

/* A zeroed array of n slots (n > 0) from the allocator hook, or NULL.
 * The ghost arguments name blocks the caller holds (the map, its current
 * slots, one more byte block): a new block is none of them. */
/*@ requires n > 0;
    assigns \nothing;
    exits \false;
    ensures \result == \null ||
            (\valid(\result + (0 .. n - 1)) &&
             \base_addr(\result) != \base_addr(owner) &&
             (old != \null ==> \base_addr(\result) != \base_addr(old)) &&
             (away != \null ==> \base_addr(\result) != \base_addr(away)) &&
             \forall integer k; 0 <= k < n ==> \result[k].used == 0); */
lepack_map_slot *lepack_alloc_slots(size_t n)
    /*@ ghost (lepack_counter_map *owner, lepack_map_slot *old, uint8_t *away) */;

/*@ assigns \nothing;
    exits \false; */
void lepack_free_slots(lepack_map_slot *s);

/*@ requires \valid(m);
    assigns *m;
    exits \false;
    ensures valid_map(m) && m->count == 0 && m->nslots == 0; */
void lepack_map_init(lepack_counter_map *m);

/*@ requires valid_map(m);
    assigns *m;
    exits \false;
    ensures valid_map(m) && m->count == 0 && m->nslots == 0; */
void lepack_map_free(lepack_counter_map *m);

/* Makes room for `entries` entries in total.  On failure the map is unchanged.
 * For the proofs, `away` names a block the new slots must not share. */
/*@ requires valid_map(m);
    assigns m->slots, m->nslots,
            \at(m->slots, Post)[0 .. \at(m->nslots, Post) - 1];
    exits \false;
    ensures valid_map(m);
    ensures m->count == \old(m->count);
    ensures \result == LEPACK_OK ==> entries <= m->nslots / 2;
    ensures m->slots == \old(m->slots) ||
            (away != \null ==> \base_addr(m->slots) != \base_addr(away));
    behavior enough:
      assumes entries <= m->nslots / 2;
      assigns \nothing;
      ensures \result == LEPACK_OK;
      ensures m->slots == \old(m->slots) && m->nslots == \old(m->nslots);
    behavior grow:
      assumes entries > m->nslots / 2;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM ||
              \result == LEPACK_EOVERFLOW;
      ensures \result == LEPACK_OK ==>
        entries <= m->nslots / 2 && m->nslots >= \old(m->nslots);
      ensures \result != LEPACK_OK ==>
        m->slots == \old(m->slots) && m->nslots == \old(m->nslots);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_map_reserve(lepack_counter_map *m, size_t entries)
    /*@ ghost (uint8_t *away) */;

/* Sets partition -> counter (insert or overwrite).  Requires room for one
 * more entry (lepack_map_reserve(m, count + 1) succeeded). */
/*@ requires valid_map(m);
    requires m->count + 1 <= m->nslots / 2;
    assigns m->count, m->slots[0 .. m->nslots - 1];
    exits \false;
    ensures valid_map(m);
    ensures m->count == \old(m->count) || m->count == \old(m->count) + 1; */
void lepack_map_put(lepack_counter_map *m, int32_t partition, int64_t counter);

/* The slot holding partition, or NULL.  A slot returned always holds the
 * partition asked for; that every stored partition is found is left to the
 * differential tests and fuzzers against ref/'s linear scan. */
/*@ requires valid_map(m);
    assigns \nothing;
    exits \false;
    ensures found: \result == \null ||
            (\exists integer i; 0 <= i < m->nslots && \result == m->slots + i &&
               \result->used != 0 && \result->partition == partition);
    ensures empty: m->nslots == 0 ==> \result == \null; */
lepack_map_slot *lepack_map_find(const lepack_counter_map *m, int32_t partition);

#ifdef __cplusplus
}
#endif

#endif
