/* SPDX-License-Identifier: Apache-2.0 */
/* Zeroing large buffers in chunks, with a poll between chunks.
 *
 * One memset of hundreds of megabytes runs for milliseconds with no point
 * at which the thread can be asked to stop: OpenJDK's allocateDirect did
 * exactly that and held safepoints off for 100-200 ms (JDK-8357959).
 * lepack_zero clears the same bytes one chunk (default 1 MiB) at a time and
 * calls the caller's poll in between, so the longest stretch without a poll
 * is one chunk; the poll may ask to stop, and the work done so far is
 * reported so that the caller can resume at that offset.
 *
 * Above the last-level cache the chunks are written with non-temporal
 * stores (src/cpu.h chooses the kernel and the size from which it pays),
 * which keeps one call's throughput; below it, one memset per chunk.
 *
 * lepack_zero_timed takes the longest pause the caller accepts instead of a
 * byte count, and sizes each chunk from the time the previous ones took:
 * the same bound holds on memory already touched and on fresh pages, whose
 * first writes fault and run ten times slower.
 *
 * lepack_zero_alloc is the other answer: memory that comes zeroed from the
 * allocator (calloc), which for large blocks means fresh pages from the
 * kernel and no memset at all (docs/performance.md measures both). */
#ifndef LEPACK_ZERO_H
#define LEPACK_ZERO_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The chunk size lepack suggests: about 50-100 us of memset on a current
 * x86-64 core, and no loss of throughput against one call up to 16 MiB
 * (docs/performance.md). */
#define LEPACK_ZERO_CHUNK ((size_t)1 << 20)

/* Called between two chunks with the number of bytes zeroed so far (a
 * multiple of the chunk size for lepack_zero, more than 0 and less than n).
 * Returning nonzero asks the zeroing to stop there.  It must not touch the buffer
 * being zeroed (proofs/README.md: the proofs model it as changing only a
 * state of its own). */
typedef int (*lepack_zero_poll)(void *ctx, size_t done);

/* For the proofs: the state a poll may change (ghost, not in the code). */
/*@ ghost extern int lepack_zero_poll_state; */

/*@ predicate zero_bytes{L}(uint8_t *p, integer from, integer to) =
      \forall integer k; from <= k < to ==> p[k] == 0;

    predicate zero_args_bad(uint8_t *p, size_t n, size_t chunk) =
      chunk == 0 || (p == \null && n > 0) ||
      (uintptr_t)p > UINTPTR_MAX - n;

    predicate zero_timed_bad(uint8_t *p, size_t n, uint64_t budget) =
      budget == 0 || (p == \null && n > 0) ||
      (uintptr_t)p > UINTPTR_MAX - n;
*/

/* Sets p[0 .. n) to zero, at most `chunk` bytes per memset, calling
 * poll(ctx, done) between two chunks when poll is not NULL.
 *
 * LEPACK_OK: all n bytes are zero and *done == n (n == 0 is allowed, p may
 * then be NULL).  LEPACK_ESTOPPED: the poll asked to stop; *done is a
 * multiple of chunk with 0 < *done < n, p[0 .. *done) is zero and
 * p[*done .. n) is untouched, so lepack_zero(p + *done, n - *done, ...)
 * finishes the job.  LEPACK_EINVAL (nothing written, *done untouched):
 * chunk == 0, p == NULL with n > 0, or p + n past the end of the address
 * space. */
/*@ requires \valid(done);
    assigns p[0 .. n - 1], *done, lepack_zero_poll_state;
    exits \false;
    behavior bad_arguments:
      assumes zero_args_bad(p, n, chunk);
      assigns \nothing;
      ensures \result == LEPACK_EINVAL;
    behavior zeroes:
      assumes !zero_args_bad(p, n, chunk);
      requires n > 0 ==> \valid(p + (0 .. n - 1)) &&
                         \separated(done, p + (0 .. n - 1));
      ensures \result == LEPACK_OK || \result == LEPACK_ESTOPPED;
      ensures poll == \null ==> \result == LEPACK_OK;
      ensures \result == LEPACK_OK ==> *done == n && zero_bytes(p, 0, n);
      ensures \result == LEPACK_ESTOPPED ==> 0 < *done < n && *done % chunk == 0;
      ensures \result == LEPACK_ESTOPPED ==> zero_bytes(p, 0, *done);
      ensures \result == LEPACK_ESTOPPED ==>
        \forall integer k; *done <= k < n ==> p[k] == \old(p[k]);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_zero(uint8_t *p, size_t n, size_t chunk, lepack_zero_poll poll,
                          void *ctx, size_t *done);

/* Sets p[0 .. n) to zero like lepack_zero, with chunks sized so that the
 * time between two polls (and from the call to the first poll, and from
 * the last poll to the return) stays under budget_ns nanoseconds: each
 * chunk aims at a quarter of the budget at the speed the previous chunk showed
 * (CLOCK_MONOTONIC), starting small and at most doubling from one chunk to
 * the next (quadrupling after one that took under an eighth of that), so that a change of speed (fresh pages, a slower memory) is
 * seen before it can cost a whole budget.  100000 (100 us) is the budget
 * docs/performance.md measures.  The time the scheduler keeps the thread
 * off the CPU, and a poll's own time, cannot be bounded by lepack.
 *
 * LEPACK_OK: all n bytes are zero and *done == n.  LEPACK_ESTOPPED: the
 * poll asked to stop; 0 < *done < n, p[0 .. *done) is zero and
 * p[*done .. n) is untouched, so lepack_zero_timed(p + *done, n - *done,
 * ...) finishes the job.  LEPACK_EINVAL (nothing written, *done
 * untouched): budget_ns == 0, p == NULL with n > 0, or p + n past the end
 * of the address space. */
/*@ requires \valid(done);
    assigns p[0 .. n - 1], *done, lepack_zero_poll_state;
    exits \false;
    behavior bad_arguments:
      assumes zero_timed_bad(p, n, budget_ns);
      assigns \nothing;
      ensures \result == LEPACK_EINVAL;
    behavior zeroes:
      assumes !zero_timed_bad(p, n, budget_ns);
      requires n > 0 ==> \valid(p + (0 .. n - 1)) &&
                         \separated(done, p + (0 .. n - 1));
      ensures \result == LEPACK_OK || \result == LEPACK_ESTOPPED;
      ensures poll == \null ==> \result == LEPACK_OK;
      ensures \result == LEPACK_OK ==> *done == n && zero_bytes(p, 0, n);
      ensures \result == LEPACK_ESTOPPED ==> 0 < *done < n;
      ensures \result == LEPACK_ESTOPPED ==> zero_bytes(p, 0, *done);
      ensures \result == LEPACK_ESTOPPED ==>
        \forall integer k; *done <= k < n ==> p[k] == \old(p[k]);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_zero_timed(uint8_t *p, size_t n, uint64_t budget_ns, lepack_zero_poll poll,
                                void *ctx, size_t *done);

/* count * size zeroed bytes from the allocator hook (src/alloc.h): its
 * calloc_fn when one is installed, else its realloc_fn and a memset.  Free
 * the block with lepack_zero_free.  0 bytes: LEPACK_OK with *out = NULL.
 * LEPACK_EOVERFLOW when count * size does not fit in size_t, LEPACK_ENOMEM
 * when the hook fails; *out is then untouched. */
/*@ requires \valid(out);
    assigns *out;
    exits \false;
    behavior overflow:
      assumes size != 0 && count > SIZE_MAX / size;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    behavior empty:
      assumes count == 0 || size == 0;
      ensures \result == LEPACK_OK && *out == \null;
    behavior fits:
      assumes count != 0 && size != 0 && count <= SIZE_MAX / size;
      ensures \result == LEPACK_OK || \result == LEPACK_ENOMEM;
      ensures \result == LEPACK_OK ==>
        \valid(*out + (0 .. count * size - 1)) &&
        zero_bytes(*out, 0, count * size);
      ensures \result == LEPACK_ENOMEM ==> *out == \old(*out);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_zero_alloc(size_t count, size_t size, uint8_t **out);

/* Frees a block from lepack_zero_alloc through the allocator hook; NULL is
 * allowed. */
/*@ assigns \nothing;
    exits \false; */
void lepack_zero_free(uint8_t *p);

#ifdef __cplusplus
}
#endif

#endif
