/* SPDX-License-Identifier: Apache-2.0 */
/* The layout of the partition -> counter map that lepack_counters embeds
 * (so that a message can live on the stack), and its model in ACSL.  The
 * map's functions are internal to the library: src/counter_map.h. */
#ifndef LEPACK_COUNTER_MAP_TYPE_H
#define LEPACK_COUNTER_MAP_TYPE_H

#include <stddef.h>
#include <stdint.h>

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

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
 * map_maps states; the map's functions (counter_map.h) are specified
 * against it.  What makes it a hash map is the invariant valid_map: each
 * key is in one slot, count is the number of used slots, and linear
 * probing is closed: every slot on the probe path from a key's home slot
 * to the slot holding it is used, so a lookup that stops at the first
 * empty slot misses nothing.
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

/* Used slots among s[0 .. n - 1], by recursion: WP has no \numof.  (The
 * runtime contract build, which cannot run a recursive logic function,
 * counts with \numof: fuzz/eacsl/runtime_forms.h.) */
/*@ logic integer used_slots{L}(lepack_map_slot *s, integer n) =
      n <= 0 ? 0 : used_slots(s, n - 1) + (s[n - 1].used != 0 ? 1 : 0);
*/

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

#ifdef __cplusplus
}
#endif

#endif
