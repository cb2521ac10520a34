/* SPDX-License-Identifier: Apache-2.0 */
/* The reference for src/zero.h: one byte at a time, no memset, sharing no
 * code with src/.  Where lepack thinks in chunks, this thinks in bytes: a
 * poll falls after byte i when i + 1 is a multiple of the chunk size and
 * bytes remain. */
#ifndef LEPACK_REF_ZERO_H
#define LEPACK_REF_ZERO_H

#include <stddef.h>
#include <stdint.h>

/* Zeroes p[0 .. n) byte by byte.  Polls are numbered from 1; the
 * stop_at-th poll asks to stop (0: none does).  Returns REF_OK with
 * *done = n, REF_ESTOPPED with *done = the bytes zeroed, or REF_EINVAL
 * (nothing written, *done untouched) for chunk 0, a NULL p with n > 0, or
 * a range that runs past the top of the address space.  *polls gets the
 * number of polls made; offsets[k] the byte count passed to poll k + 1, for
 * the first max_offsets of them. */
int ref_zero(uint8_t *p, size_t n, size_t chunk, size_t stop_at, size_t *done,
             size_t *polls, size_t *offsets, size_t max_offsets);

/* lepack_zero_timed's chunk sizing, as documented in src/zero.h, for
 * chunk <= 64 MiB: after a chunk of `chunk` bytes that took `elapsed` ns,
 * with budget_ns the caller's, the next chunk is chunk * target / elapsed
 * for target = min(budget, 2^32) / 2 (at least 1), at most twice the last
 * (four times after a chunk that took at most target / 8),
 * whole 4 KiB pages, within [4 KiB, 64 MiB]. */
#define REF_TIMED_FIRST ((size_t)32 << 10)
size_t ref_zero_next_chunk(size_t chunk, uint64_t elapsed, uint64_t budget_ns);

#endif
