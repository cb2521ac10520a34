/* SPDX-License-Identifier: Apache-2.0 */
/* The allocator hook: every byte lepack owns comes from here.
 *
 * One process-wide hook, malloc/realloc/free by default, so that a program
 * can route lepack's memory through its own allocator, and tests can make
 * any single allocation fail. */
#ifndef LEPACK_ALLOCATOR_H
#define LEPACK_ALLOCATOR_H

#include <stddef.h>

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

#ifdef __cplusplus
}
#endif

#endif
