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

#include "counter_map_type.h"
#include "le_spec.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A zeroed array of n slots (n > 0) from the allocator hook, or NULL.
 * The ghost arguments name blocks the caller holds (the map, its current
 * slots, two more blocks): a new block is none of them. */
/*@ requires n > 0;
    assigns \nothing;
    exits \false;
    ensures \result == \null ||
            (\valid(\result + (0 .. n - 1)) &&
             \base_addr(\result) != \base_addr(owner) &&
             (old != \null ==> \base_addr(\result) != \base_addr(old)) &&
             (away != \null ==> \base_addr(\result) != \base_addr(away)) &&
             (away2 != \null ==> \base_addr(\result) != \base_addr(away2)) &&
             \forall integer k; 0 <= k < n ==> \result[k].used == 0); */
lepack_map_slot *lepack_alloc_slots(size_t n)
    /*@ ghost (lepack_counter_map *owner, lepack_map_slot *old, const uint8_t *away,
               const int64_t *away2) */;

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

/* Makes room for `entries` entries in total, keeping every entry.  On
 * failure the map is unchanged.  For the proofs, `away` and `away2` name
 * blocks the new slots must not share. */
/*@ requires valid_map(m);
    assigns m->slots, m->nslots, m->count,
            \at(m->slots, Post)[0 .. \at(m->nslots, Post) - 1];
    exits \false;
    ensures valid_map(m);
    ensures m->count == \old(m->count);
    ensures kept: \forall integer key, counter;
      map_maps(m, key, counter) <==> \old(map_maps(m, key, counter));
    ensures kept_keys: \forall integer key; map_holds(m, key) <==> \old(map_holds(m, key));
    ensures \result == LEPACK_OK ==> entries <= m->nslots / 2;
    ensures m->slots == \old(m->slots) ||
            ((away != \null ==> \base_addr(m->slots) != \base_addr(away)) &&
             (away2 != \null ==> \base_addr(m->slots) != \base_addr(away2)));
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
    /*@ ghost (const uint8_t *away, const int64_t *away2) */;

/* Sets partition -> counter: overwrites the counter in the slot that holds
 * partition, or takes an empty slot.  Requires room for one more entry
 * (lepack_map_reserve(m, count + 1) succeeded). */
/*@ requires valid_map(m);
    requires m->count + 1 <= m->nslots / 2;
    assigns m->count, m->slots[0 .. m->nslots - 1];
    exits \false;
    ensures valid_map(m);
    ensures held: map_holds(m, partition);
    ensures stored: \forall integer c; map_maps(m, partition, c) <==> c == counter;
    ensures others: \forall integer key, c; key != partition ==>
      (map_maps(m, key, c) <==> \old(map_maps(m, key, c)));
    ensures others_keys: \forall integer key; key != partition ==>
      (map_holds(m, key) <==> \old(map_holds(m, key)));
    behavior overwrite:
      assumes map_holds(m, partition);
      ensures m->count == \old(m->count);
      ensures in_place: \forall integer i; 0 <= i < m->nslots ==>
        \old(slot_holds(m->slots, i, partition)) ==>
          slot_holds(m->slots, i, partition) && m->slots[i].counter == counter;
    behavior insert:
      assumes !map_holds(m, partition);
      ensures m->count == \old(m->count) + 1;
    complete behaviors;
    disjoint behaviors; */
void lepack_map_put(lepack_counter_map *m, int32_t partition, int64_t counter);

/* The slot holding partition, or NULL when no slot does. */
/*@ requires valid_map(m);
    assigns \nothing;
    exits \false;
    behavior present:
      assumes map_holds(m, partition);
      ensures found: \exists integer i; 0 <= i < m->nslots && \result == m->slots + i &&
                     slot_holds(m->slots, i, partition);
      ensures value: \forall integer c; map_maps(m, partition, c) ==> \result->counter == c;
    behavior absent:
      assumes !map_holds(m, partition);
      ensures \result == \null;
    complete behaviors;
    disjoint behaviors; */
lepack_map_slot *lepack_map_find(const lepack_counter_map *m, int32_t partition);

#ifdef __cplusplus
}
#endif

#endif
