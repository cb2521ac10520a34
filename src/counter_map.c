/* SPDX-License-Identifier: Apache-2.0 */
#include "counter_map.h"

#include "alloc.h"
#include "le.h"

/* The first table holds 8 entries; doubling from there keeps nslots a power
 * of two. */
#define MAP_MIN_SLOTS 16u

/* Counting used slots is an induction, which the provers do not do: these
 * ghost functions do it, each with a loop over the slots, and their
 * contracts are proven like any other.  They exist only for the proofs. */
/*@ ghost
/@ requires \valid_read(s + (0 .. n - 1));
   requires \forall integer k; 0 <= k < n ==> s[k].used == 0;
   assigns \nothing;
   exits \false;
   ensures used_slots(s, n) == 0; @/
static void map_count_none(const lepack_map_slot *s, size_t n)
{
    /@ loop invariant 0 <= k <= n && used_slots(s, k) == 0;
       loop assigns k;
       loop variant n - k; @/
    for (size_t k = 0; k < n; k++) {
    }
}
*/

/*@ ghost
/@ requires \valid_read(s + (0 .. n - 1));
   requires used_slots(s, n) < n;
   assigns \nothing;
   exits \false;
   ensures \exists integer j; 0 <= j < n && s[j].used == 0; @/
static void map_count_room(const lepack_map_slot *s, size_t n)
{
    /@ loop invariant 0 <= k <= n;
       loop invariant (\forall integer j; 0 <= j < k ==> s[j].used != 0) ==>
                      used_slots(s, k) == k;
       loop assigns k;
       loop variant n - k; @/
    for (size_t k = 0; k < n; k++) {
    }
}
*/

/*@ ghost
/@ requires \valid_read(s + (0 .. n - 1));
   assigns \nothing;
   exits \false;
   ensures \forall integer a; 0 <= a <= n ==> 0 <= used_slots(s, a) <= used_slots(s, n); @/
static void map_count_prefix(const lepack_map_slot *s, size_t n)
{
    /@ loop invariant 0 <= k <= n;
       loop invariant \forall integer a; 0 <= a <= k ==> 0 <= used_slots(s, a) <= used_slots(s, k);
       loop assigns k;
       loop variant n - k; @/
    for (size_t k = 0; k < n; k++) {
    }
}
*/

/* Fibonacci hashing: 32-bit key times 2^32 / phi fits in 64 bits, so no
 * wrap-around is involved; the xor folds the well-mixed high bits down. */
/*@ assigns \nothing;
    exits \false;
    ensures \result == map_hash_of(partition); */
static uint64_t map_hash(int32_t partition)
{
    return (uint64_t)lepack_u32_of_i32(partition) * 2654435769u;
}

/*@ requires nslots > 0;
    assigns \nothing;
    exits \false;
    ensures \result == map_home_of(partition, nslots);
    ensures \result < nslots; */
static size_t map_home(int32_t partition, size_t nslots)
{
    uint64_t h = map_hash(partition);
    return (size_t)((h ^ (h >> 29)) % nslots);
}

/*@ requires i < nslots;
    assigns \nothing;
    exits \false;
    ensures \result == probe_at(i, 1, nslots);
    ensures \result < nslots; */
static size_t map_next(size_t i, size_t nslots)
{
    return i + 1 == nslots ? 0 : i + 1;
}

void lepack_map_init(lepack_counter_map *m)
{
    m->slots = NULL;
    m->nslots = 0;
    m->count = 0;
}

void lepack_map_free(lepack_counter_map *m)
{
    lepack_free_slots(m->slots);
    lepack_map_init(m);
}

/* The slot for partition: the first one on its probe path that is empty or
 * holds it.  Every slot before it on the path is used by another key; in a
 * full table with no slot for partition the probe ends where it began. */
/*@ requires nslots > 0 && \valid_read(slots + (0 .. nslots - 1));
    assigns \nothing;
    exits \false;
    ensures \result < nslots;
    ensures path: \forall integer j; 0 <= j < nslots &&
      probe_dist(map_home_of(partition, nslots), j, nslots) <
        probe_dist(map_home_of(partition, nslots), \result, nslots) ==>
      slots[j].used != 0 && slots[j].partition != partition;
    ensures stop: slots[\result].used == 0 || slots[\result].partition == partition ||
      \forall integer j; 0 <= j < nslots ==>
        slots[j].used != 0 && slots[j].partition != partition; */
static size_t map_probe(const lepack_map_slot *slots, size_t nslots, int32_t partition)
{
    size_t home = map_home(partition, nslots);
    size_t i = home;
    /*@ loop invariant 0 <= k <= nslots && i == probe_at(home, k, nslots);
        loop invariant k < nslots ==> probe_dist(home, i, nslots) == k;
        loop invariant \forall integer j; 0 <= j < nslots && probe_dist(home, j, nslots) < k ==>
          slots[j].used != 0 && slots[j].partition != partition;
        loop assigns k, i;
        loop variant nslots - k; */
    for (size_t k = 0; k < nslots; k++) {
        if (!slots[i].used || slots[i].partition == partition)
            return i;
        i = map_next(i, nslots);
    }
    /*@ assert \forall integer j; 0 <= j < nslots ==> probe_dist(home, j, nslots) < nslots; */
    return i; /* unreachable: the table is never full */
}

lepack_status lepack_map_reserve(lepack_counter_map *m, size_t entries)
    /*@ ghost (const uint8_t *away, const int64_t *away2) */
{
    if (entries <= m->nslots / 2)
        return LEPACK_OK;
    if (entries > LEPACK_MAP_MAX_ENTRIES)
        return LEPACK_EOVERFLOW;
    size_t n = m->nslots < MAP_MIN_SLOTS ? MAP_MIN_SLOTS : m->nslots;
    /*@ loop invariant n >= MAP_MIN_SLOTS && n >= m->nslots;
        loop assigns n;
        loop variant entries - n / 2; */
    while (n / 2 < entries)
        n *= 2;
    lepack_map_slot *slots = lepack_alloc_slots(n) /*@ ghost (m, m->slots, away, away2) */;
    if (slots == NULL)
        return LEPACK_ENOMEM;
    /* The entries move by lepack_map_put into the new table, so the map's
     * invariant carries over from put's contract. */
    lepack_map_slot *old = m->slots;
    size_t old_n = m->nslots;
    //@ ghost map_count_none(slots, n);
    //@ ghost map_count_prefix(old, old_n);
    m->slots = slots;
    m->nslots = n;
    m->count = 0;
    /*@ loop invariant 0 <= k <= old_n;
        loop invariant valid_map(m) && m->slots == slots && m->nslots == n;
        loop invariant old == \at(m->slots, Pre) && old_n == \at(m->nslots, Pre);
        loop invariant old_n > 0 ==> \valid_read(old + (0 .. old_n - 1)) &&
                                     \base_addr(old) != \base_addr(slots);
        loop invariant m->count == used_slots{Pre}(old, k);
        loop invariant \forall integer key, c; map_maps(m, key, c) <==>
          \exists integer j; 0 <= j < k && slot_maps{Pre}(old, j, key, c);
        loop invariant \forall integer key; map_holds(m, key) <==>
          \exists integer j; 0 <= j < k && slot_holds{Pre}(old, j, key);
        loop assigns k, m->count, slots[0 .. n - 1];
        loop variant old_n - k; */
    for (size_t k = 0; k < old_n; k++) {
        /*@ assert old_kept: \let kk = k; \let o = old;
              o[kk].used == \at(o[kk].used, Pre) && o[kk].partition == \at(o[kk].partition, Pre) &&
              o[kk].counter == \at(o[kk].counter, Pre); */
        /*@ assert next_maps: \forall integer key, c;
              (\exists integer j; 0 <= j < k + 1 && slot_maps{Pre}(old, j, key, c)) <==>
              ((\exists integer j; 0 <= j < k && slot_maps{Pre}(old, j, key, c)) ||
               slot_maps{Pre}(old, k, key, c)); */
        /*@ assert next_keys: \forall integer key;
              (\exists integer j; 0 <= j < k + 1 && slot_holds{Pre}(old, j, key)) <==>
              ((\exists integer j; 0 <= j < k && slot_holds{Pre}(old, j, key)) ||
               slot_holds{Pre}(old, k, key)); */
        if (old[k].used) {
            int32_t part = old[k].partition;
            int64_t value = old[k].counter;
            /*@ assert new_key: \forall integer j; 0 <= j < k ==>
                  !slot_holds{Pre}(old, j, part); */
            /*@ assert this_slot: \forall integer key, c;
                  (slot_maps{Pre}(old, k, key, c) <==> key == part && c == value) &&
                  (slot_holds{Pre}(old, k, key) <==> key == part); */
            //@ assert !map_holds(m, part);
            lepack_map_put(m, part, value);
            /*@ assert step_maps: \forall integer key, c; map_maps(m, key, c) <==>
                  (key == part ? c == value :
                   \exists integer j; 0 <= j < k && slot_maps{Pre}(old, j, key, c)); */
            /*@ assert step_keys: \forall integer key; map_holds(m, key) <==>
                  (key == part ||
                   \exists integer j; 0 <= j < k && slot_holds{Pre}(old, j, key)); */
            //@ assert slot_maps{Pre}(old, k, part, value) && slot_holds{Pre}(old, k, part);
            /*@ assert maps_fwd: \forall integer key, c; map_maps(m, key, c) ==>
                  \exists integer j; 0 <= j < k + 1 && slot_maps{Pre}(old, j, key, c); */
            /*@ assert maps_bwd: \forall integer key, c, j; 0 <= j < k + 1 &&
                  slot_maps{Pre}(old, j, key, c) ==> map_maps(m, key, c); */
            /*@ assert keys_fwd: \forall integer key; map_holds(m, key) ==>
                  \exists integer j; 0 <= j < k + 1 && slot_holds{Pre}(old, j, key); */
            /*@ assert keys_bwd: \forall integer key, j; 0 <= j < k + 1 &&
                  slot_holds{Pre}(old, j, key) ==> map_holds(m, key); */
            /*@ assert inv_maps: \forall integer key, c; map_maps(m, key, c) <==>
                  \exists integer j; 0 <= j < k + 1 && slot_maps{Pre}(old, j, key, c); */
            /*@ assert inv_keys: \forall integer key; map_holds(m, key) <==>
                  \exists integer j; 0 <= j < k + 1 && slot_holds{Pre}(old, j, key); */
        } else {
            /*@ assert this_slot_empty: \forall integer key, c;
                  !slot_maps{Pre}(old, k, key, c) && !slot_holds{Pre}(old, k, key); */
            /*@ assert inv_maps: \forall integer key, c; map_maps(m, key, c) <==>
                  \exists integer j; 0 <= j < k + 1 && slot_maps{Pre}(old, j, key, c); */
            /*@ assert inv_keys: \forall integer key; map_holds(m, key) <==>
                  \exists integer j; 0 <= j < k + 1 && slot_holds{Pre}(old, j, key); */
        }
    }
    lepack_free_slots(old);
    return LEPACK_OK;
}

void lepack_map_put(lepack_counter_map *m, int32_t partition, int64_t counter)
{
    //@ ghost map_count_room(m->slots, m->nslots);
    size_t i = map_probe(m->slots, m->nslots, partition);
    if (!m->slots[i].used) {
        //@ assert keys_unique(m->slots, m->nslots) && probe_closed(m->slots, m->nslots);
        /*@ assert absent: \forall integer j; 0 <= j < m->nslots ==>
              !slot_holds(m->slots, j, partition); */
        m->slots[i].used = 1;
        m->slots[i].partition = partition;
        /*@ assert others_same: \forall integer j; 0 <= j < m->nslots && j != i ==>
              m->slots[j].used == \at(m->slots[j].used, Pre) &&
              m->slots[j].partition == \at(m->slots[j].partition, Pre); */
        /*@ assert alone: \forall integer j; 0 <= j < m->nslots && j != i ==>
              !slot_holds(m->slots, j, partition); */
        //@ assert unique: keys_unique(m->slots, m->nslots);
        //@ assert closed: probe_closed(m->slots, m->nslots);
        /*@ assert held: \forall integer j, key; 0 <= j < m->nslots && key != partition ==>
              (slot_holds(m->slots, j, key) <==> \at(slot_holds(m->slots, j, key), Pre)); */
        m->count++;
        /*@ ghost
          /@ loop invariant 0 <= k <= m->nslots;
             loop invariant used_slots(m->slots, k) ==
                            used_slots{Pre}(m->slots, k) + (k > i ? 1 : 0);
             loop assigns k;
             loop variant m->nslots - k; @/
          for (size_t k = 0; k < m->nslots; k++) {
          }
        */
    }
    m->slots[i].counter = counter;
    /*@ assert frame: \forall integer j; 0 <= j < m->nslots && j != i ==>
          m->slots[j].used == \at(m->slots[j].used, Pre) &&
          m->slots[j].partition == \at(m->slots[j].partition, Pre) &&
          m->slots[j].counter == \at(m->slots[j].counter, Pre); */
    //@ assert here: slot_maps(m->slots, i, partition, counter);
    /*@ assert was: \let ii = i;
          \at(m->slots[ii].used, Pre) != 0 ==> \at(m->slots[ii].partition, Pre) == partition; */
    /*@ assert alone_end: \forall integer j; 0 <= j < m->nslots && j != i ==>
          !slot_holds(m->slots, j, partition); */
    /*@ assert only: \forall integer j, c; 0 <= j < m->nslots &&
          slot_maps(m->slots, j, partition, c) ==> c == counter; */
    /*@ assert kept: \forall integer j, key, c; 0 <= j < m->nslots && key != partition ==>
          (slot_maps(m->slots, j, key, c) <==> \at(slot_maps(m->slots, j, key, c), Pre)); */
    /*@ assert kept_keys: \forall integer j, key; 0 <= j < m->nslots && key != partition ==>
          (slot_holds(m->slots, j, key) <==> \at(slot_holds(m->slots, j, key), Pre)); */
}

lepack_map_slot *lepack_map_find(const lepack_counter_map *m, int32_t partition)
{
    if (m->nslots == 0)
        return NULL;
    size_t i = map_probe(m->slots, m->nslots, partition);
    /* The partition test also covers a full table, where the probe ends on
     * some other partition's slot. */
    if (!m->slots[i].used || m->slots[i].partition != partition)
        return NULL;
    return &m->slots[i];
}
