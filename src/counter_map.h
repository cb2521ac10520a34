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

#include "le_spec.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lepack_map_slot {
    int64_t counter;
    int32_t partition;
    uint32_t used; /* 0: empty.  No other field of lepack has this type,
                    * so to the proofs no other store can change a flag. */
} lepack_map_slot;

typedef struct lepack_counter_map {
    lepack_map_slot *slots; /* nslots entries, NULL when nslots == 0 */
    size_t nslots;          /* 0 or a power of two >= 2 * count */
    size_t count;           /* used slots */
} lepack_counter_map;

/* The largest number of entries a map can hold. */
#define LEPACK_MAP_MAX_ENTRIES (((size_t)1 << (sizeof(size_t) * 8 - 3)) / sizeof(lepack_map_slot))

/* The model of a map is its contents, the relation key -> counter that
 * map_maps states; the functions below are specified against it.  What
 * makes it a hash map is the invariant valid_map: each key is in one slot,
 * count is the number of used slots, and linear probing is closed: every
 * slot on the probe path from a key's home slot to the slot holding it is
 * used, so a lookup that stops at the first empty slot misses nothing.
 * The slots live in their own block: distinct bases keep a write to a slot
 * from touching the map, or the message that embeds it. */
/*@ // map_home: Fibonacci hashing of the key's 32 bits, folded.
    logic integer map_hash_of(integer key) = twos32(key) * 2654435769;
    logic integer map_fold_of(integer h) = (uint64_t)((h >> 29) ^ h);
    logic integer map_home_of(integer key, integer n) = map_fold_of(map_hash_of(key)) % n;

    // The slot d probes after slot h (0 <= h, d < n), and its inverse: how
    // many probes from h reach slot i.
    logic integer probe_at(integer h, integer d, integer n) =
      h + d < n ? h + d : h + d - n;
    logic integer probe_dist(integer h, integer i, integer n) =
      i >= h ? i - h : i - h + n;

    predicate slot_holds{L}(lepack_map_slot *s, integer i, integer key) =
      s[i].used != 0 && s[i].partition == key;

    predicate slot_maps{L}(lepack_map_slot *s, integer i, integer key, integer counter) =
      slot_holds(s, i, key) && s[i].counter == counter;

    predicate map_holds{L}(lepack_counter_map *m, integer key) =
      \exists integer i; 0 <= i < m->nslots && slot_holds(m->slots, i, key);
    predicate map_maps{L}(lepack_counter_map *m, integer key, integer counter) =
      \exists integer i; 0 <= i < m->nslots && slot_maps(m->slots, i, key, counter);

*/

/* Used slots among s[0 .. n - 1].  WP has no \numof, so the proofs count
 * by recursion; E-ACSL cannot run a recursive logic function but runs
 * \numof.  fuzz/eacsl/inline_spec.py turns every predicate into a macro
 * for E-ACSL, which is how its copy of this header takes the second form. */
#ifndef slot_holds
/*@ logic integer used_slots{L}(lepack_map_slot *s, integer n) =
      n <= 0 ? 0 : used_slots(s, n - 1) + (s[n - 1].used != 0 ? 1 : 0);
*/
#else
/*@ logic integer used_slots{L}(lepack_map_slot *s, integer n) =
      \numof(0, n - 1, \lambda integer used_k; s[used_k].used != 0);
*/
#endif

/*@ predicate keys_unique{L}(lepack_map_slot *s, integer n) =
      \forall integer i, j; 0 <= i < n && 0 <= j < n && s[i].used != 0 &&
        s[j].used != 0 && s[i].partition == s[j].partition ==> i == j;

    predicate probe_closed{L}(lepack_map_slot *s, integer n) =
      \forall integer i, j; 0 <= i < n && 0 <= j < n && s[i].used != 0 &&
        probe_dist(map_home_of(s[i].partition, n), j, n) <
          probe_dist(map_home_of(s[i].partition, n), i, n) ==>
        s[j].used != 0;

    predicate valid_map(lepack_counter_map *m) =
      \valid(m) && m->count <= m->nslots / 2 &&
      (m->nslots == 0 ==> m->slots == \null) &&
      (m->nslots > 0 ==> \valid(m->slots + (0 .. m->nslots - 1)) &&
                         \base_addr(m->slots) != \base_addr(m) &&
                         m->count == used_slots(m->slots, m->nslots) &&
                         keys_unique(m->slots, m->nslots) &&
                         probe_closed(m->slots, m->nslots));
*/

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
