/* SPDX-License-Identifier: Apache-2.0 */
/* The library's side of the allocator hook (src/allocator.h): the blocks
 * the message, the map and the zeroing calls take from it.  Internal: none
 * of these names is exported.
 *
 * The proofs state what an allocation guarantees through the contracts
 * below (proofs/README.md lists them as trusted: they describe the hook,
 * whose code WP does not see). */
#ifndef LEPACK_ALLOC_H
#define LEPACK_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "allocator.h"
/* The map's slot blocks (lepack_alloc_slots, lepack_free_slots) come from
 * the hook too; they are declared with the map. */
#include "counter_map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The owners of blocks, named by the ghost arguments below. */
struct lepack_counters;
struct lepack_map_slot;
struct lepack_counters_item;

/* Grows or shrinks a byte block of old_size bytes to new_size bytes
 * (new_size > 0), keeping the first min(old_size, new_size) bytes.
 * NULL on failure, and p is then untouched and still owned by the caller.
 * For the proofs the caller names, as ghost arguments, objects it holds
 * (NULL when absent): the block returned is none of them, as p's is not. */
/*@ requires new_size > 0;
    requires p == \null ==> old_size == 0;
    requires p != \null ==> \valid(p + (0 .. old_size - 1));
    requires p != \null ==> \base_addr(p) != \base_addr(owner);
    requires p != \null && slots != \null ==> \base_addr(p) != \base_addr(slots);
    requires p != \null && away != \null ==> \base_addr(p) != \base_addr(away);
    requires p != \null && items != \null ==> \base_addr(p) != \base_addr(items);
    assigns \nothing;
    exits \false;
    ensures \result == \null ||
            (\valid(\result + (0 .. new_size - 1)) &&
             \base_addr(\result) != \base_addr(owner) &&
             (slots != \null ==> \base_addr(\result) != \base_addr(slots)) &&
             (away != \null ==> \base_addr(\result) != \base_addr(away)) &&
             (items != \null ==> \base_addr(\result) != \base_addr(items)) &&
             \forall integer k; 0 <= k < old_size && k < new_size ==>
               \result[k] == \old(p[k])); */
uint8_t *lepack_realloc_bytes(uint8_t *p, size_t old_size, size_t new_size)
    /*@ ghost (struct lepack_counters *owner, struct lepack_map_slot *slots,
               const uint8_t *away, const struct lepack_counters_item *items) */;

/* A block of n zero bytes (n > 0): the hook's calloc_fn, or realloc_fn
 * and a memset.  NULL on failure.  As above, the caller names an object it
 * holds (ghost): the block returned is not that object. */
/*@ requires n > 0;
    assigns \nothing;
    exits \false;
    ensures \result == \null ||
            (\valid(\result + (0 .. n - 1)) &&
             \base_addr(\result) != \base_addr(away) &&
             \forall integer k; 0 <= k < n ==> \result[k] == 0); */
uint8_t *lepack_calloc_bytes(size_t n) /*@ ghost (uint8_t **away) */;

/* Frees a block from lepack_realloc_bytes or lepack_calloc_bytes; NULL is
 * allowed. */
/*@ assigns \nothing;
    exits \false; */
void lepack_free_bytes(uint8_t *p);

#ifdef __cplusplus
}
#endif

#endif
