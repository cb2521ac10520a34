/* SPDX-License-Identifier: Apache-2.0 */
/* The allocator hook: every byte lepack owns comes from here.
 *
 * One process-wide hook, malloc/realloc/free by default, so that tests can
 * make any single allocation fail and the proofs can state what an
 * allocation guarantees (proofs/README.md lists the contracts below as
 * trusted: they describe the hook, whose code WP does not see). */
#ifndef LEPACK_ALLOC_H
#define LEPACK_ALLOC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lepack_allocator {
    /* Like realloc(ptr, size): size > 0; NULL on failure, ptr then intact. */
    void *(*realloc_fn)(void *ctx, void *ptr, size_t size);
    /* Like free(ptr); ptr is never NULL. */
    void (*free_fn)(void *ctx, void *ptr);
    void *ctx;
} lepack_allocator;

/* Installs a hook (copied); NULL restores malloc/realloc/free.  Not
 * thread-safe: set it before any message exists. */
/*@ requires a == \null || \valid_read(a); */
void lepack_set_allocator(const lepack_allocator *a);

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

/* Frees a block from lepack_realloc_bytes; NULL is allowed. */
/*@ assigns \nothing;
    exits \false; */
void lepack_free_bytes(uint8_t *p);

#ifdef __cplusplus
}
#endif

#endif
