/* SPDX-License-Identifier: Apache-2.0 */
/* Placed blocks (place.h): a bump arena, mapped once and never freed, so
 * that a block's place is exactly what was asked whatever malloc's state;
 * the hook tells the arena's blocks from malloc's by their address. */
/* mmap's MAP_ANONYMOUS and MAP_NORESERVE. */
#define _DEFAULT_SOURCE
#include "place.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "allocator.h"

/* Room for the placed fixtures of every size (about 300 MB at 10^6 items
 * for each placement); pages are only backed once touched. */
#define ARENA_BYTES ((size_t)4 << 30)
#define LINE 64

static uint8_t *arena, *arena_end, *arena_next;
static int placement = -1;

/* Every placed block has its size in the bytes before it, so that growing
 * it copies what it holds; its place is its address modulo the line. */
typedef struct header {
    size_t size;
} header;

static void *arena_take(size_t n, size_t offset)
{
    if (arena == NULL) {
        void *m = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED) {
            perror("bench: arena");
            exit(1);
        }
        arena = arena_next = m;
        arena_end = arena + ARENA_BYTES;
    }
    uintptr_t at = (uintptr_t)arena_next + sizeof(header);
    at = (at + LINE - 1) / LINE * LINE + offset;
    if (n > (size_t)(arena_end - (uint8_t *)at)) {
        fprintf(stderr, "bench: the placement arena is full\n");
        exit(1);
    }
    uint8_t *p = (uint8_t *)at;
    header h = {n};
    memcpy(p - sizeof h, &h, sizeof h);
    arena_next = p + n;
    return p;
}

static int in_arena(const void *p)
{
    return arena != NULL && (const uint8_t *)p >= arena && (const uint8_t *)p < arena_end;
}

static void *hook_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    if (ptr != NULL && in_arena(ptr)) {
        header h;
        memcpy(&h, (uint8_t *)ptr - sizeof h, sizeof h);
        void *q = arena_take(size, (uintptr_t)ptr % LINE);
        memcpy(q, ptr, h.size < size ? h.size : size);
        return q;
    }
    if (ptr == NULL && placement >= 0)
        return arena_take(size, (size_t)placement);
    return realloc(ptr, size);
}

static void hook_free(void *ctx, void *ptr)
{
    (void)ctx;
    if (!in_arena(ptr))
        free(ptr);
}

void place_install(void)
{
    static const lepack_allocator hook = {hook_realloc, hook_free, NULL};
    lepack_set_allocator(&hook);
}

void place_set(int offset)
{
    placement = offset < 0 ? -1 : offset % LINE;
}

void *place_alloc(size_t n, int offset)
{
    void *p = arena_take(n > 0 ? n : 1, (size_t)(offset % LINE));
    /* Touched now, as xmalloc's blocks are, so that no timed call pays the
     * first faults. */
    memset(p, 0, n > 0 ? n : 1);
    return p;
}
