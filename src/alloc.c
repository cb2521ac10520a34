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

static lepack_allocator hook = {default_realloc, default_free, NULL};

void lepack_set_allocator(const lepack_allocator *a)
{
    if (a == NULL) {
        hook.realloc_fn = default_realloc;
        hook.free_fn = default_free;
        hook.ctx = NULL;
    } else {
        hook = *a;
    }
}

uint8_t *lepack_realloc_bytes(uint8_t *p, size_t old_size, size_t new_size)
    /*@ ghost (struct lepack_counters *owner, struct lepack_map_slot *slots,
               const uint8_t *away) */
{
    (void)old_size; /* realloc keeps the prefix itself; the size is for the contract */
    return hook.realloc_fn(hook.ctx, p, new_size);
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
