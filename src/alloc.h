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
 * thread-safe: set it before any message exists.  It also removes any
 * calloc installed by lepack_set_allocator_calloc (NULL puts libc's calloc
 * back), so that a hook installed to count or fail allocations sees every
 * one of them. */
/*@ requires a == \null || \valid_read(a); */
void lepack_set_allocator(const lepack_allocator *a);

/* Like calloc(count, size): count * size > 0 and does not overflow; NULL on
 * failure.  ctx is the hook's. */
typedef void *(*lepack_calloc_fn)(void *ctx, size_t count, size_t size);

/* Optional: the hook's calloc, used by lepack_zero_alloc (src/zero.h) and
 * called with the installed hook's ctx; blocks it returns are freed by the
 * hook's free_fn.  NULL: zeroed blocks come from realloc_fn plus a memset.
 * An allocator that knows when its memory is already zero (fresh pages)
 * skips that memset.  Kept apart from lepack_allocator so that the struct
 * and every hook written for it stay as they are.  Not thread-safe. */
void lepack_set_allocator_calloc(lepack_calloc_fn calloc_fn);

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
