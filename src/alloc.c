/* SPDX-License-Identifier: Apache-2.0 */
/* The allocator hook's bodies.  They are outside the proofs on purpose: WP
 * sees only the contracts in alloc.h and counter_map.h, which are the
 * trusted description of whatever hook is installed (proofs/README.md).
 * The defaults are plain realloc/free, so those contracts hold for them as
 * they hold for libc. */
#include "alloc.h"

#include <stdlib.h>
#include <string.h>

#include "counter_map.h"

static void *default_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    return realloc(ptr, size);
}

static void default_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

static void *default_calloc(void *ctx, size_t count, size_t size)
{
    (void)ctx;
    return calloc(count, size);
}

static lepack_allocator hook = {default_realloc, default_free, NULL};
/* NULL: zeroed blocks come from hook.realloc_fn and a memset. */
static lepack_calloc_fn hook_calloc = default_calloc;

void lepack_set_allocator(const lepack_allocator *a)
{
    if (a == NULL) {
        hook.realloc_fn = default_realloc;
        hook.free_fn = default_free;
        hook.ctx = NULL;
        hook_calloc = default_calloc;
    } else {
        hook = *a;
        hook_calloc = NULL;
    }
}

void lepack_set_allocator_calloc(lepack_calloc_fn calloc_fn)
{
    hook_calloc = calloc_fn;
}

uint8_t *lepack_realloc_bytes(uint8_t *p, size_t old_size, size_t new_size)
    /*@ ghost (struct lepack_counters *owner, struct lepack_map_slot *slots,
               const uint8_t *away, const struct lepack_counters_item *items) */
{
    (void)old_size; /* realloc keeps the prefix itself; the size is for the contract */
    return hook.realloc_fn(hook.ctx, p, new_size);
}

uint8_t *lepack_calloc_bytes(size_t n) /*@ ghost (uint8_t **away) */
{
    if (hook_calloc != NULL)
        return hook_calloc(hook.ctx, n, 1);
    uint8_t *p = hook.realloc_fn(hook.ctx, NULL, n);
    if (p != NULL)
        memset(p, 0, n);
    return p;
}

void lepack_free_bytes(uint8_t *p)
{
    if (p != NULL)
        hook.free_fn(hook.ctx, p);
}

struct lepack_map_slot *lepack_alloc_slots(size_t n)
    /*@ ghost (lepack_counter_map *owner, lepack_map_slot *old, const uint8_t *away,
               const int64_t *away2) */
{
    if (n > SIZE_MAX / sizeof(struct lepack_map_slot))
        return NULL;
    struct lepack_map_slot *s = hook.realloc_fn(hook.ctx, NULL, n * sizeof *s);
    if (s != NULL)
        memset(s, 0, n * sizeof *s);
    return s;
}

void lepack_free_slots(struct lepack_map_slot *s)
{
    if (s != NULL)
        hook.free_fn(hook.ctx, s);
}
