/* SPDX-License-Identifier: Apache-2.0 */
/* Blocks at a chosen distance past a 64-byte line, for the benchmarks that
 * compare aligned buffers with the ones malloc usually gives (16 bytes
 * past a line: glibc puts a 16-byte header before every block, and large
 * blocks start 16 bytes into a page).  Placed blocks come from one arena
 * that lives as long as the process; lepack's own blocks (a message's
 * storage) are placed too while a placement is set, through the allocator
 * hook that place_install() puts in. */
#ifndef LEPACK_BENCH_PLACE_H
#define LEPACK_BENCH_PLACE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Installs lepack's allocator hook: blocks are malloc's unless a placement
 * is set when they are made, and a placed block stays placed when lepack
 * grows it. */
void place_install(void);
/* From now on, lepack's new blocks start `offset` bytes past a 64-byte
 * line (offset < 64); a negative offset gives malloc's blocks again. */
void place_set(int offset);
/* A zeroed block of n bytes, `offset` bytes past a 64-byte line; exits
 * the process when the arena is full. */
void *place_alloc(size_t n, int offset);

#ifdef __cplusplus
}
#endif

#endif
