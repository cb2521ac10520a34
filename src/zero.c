/* SPDX-License-Identifier: Apache-2.0 */
#include "zero.h"

#include <string.h>

#include "alloc.h"

/* memset and the poll call, as the proofs see them.  memset's libc
 * contract is written on char, which the Typed model does not carry over to
 * uint8_t, so the proofs see set_zero with that contract written for bytes
 * (as counters.c's copy_bytes for memcpy), over p[from .. to) so that its
 * indices are the caller's; the poll is the caller's code,
 * modelled as a function that changes a state of its own and not the
 * buffer (proofs/README.md lists both). */
#if defined(__GNUC__) && !defined(__FRAMAC__)
#define LEPACK_ZERO_NOINLINE __attribute__((noinline))
#else
#define LEPACK_ZERO_NOINLINE
#endif

#ifdef __FRAMAC__
/*@ requires from < to && \valid(p + (from .. to - 1));
    assigns p[from .. to - 1] \from \nothing;
    exits \false;
    ensures zero_bytes(p, from, to); */
static void set_zero(uint8_t *p, size_t from, size_t to);

/*@ assigns lepack_zero_poll_state;
    exits \false; */
static int call_poll(lepack_zero_poll poll, void *ctx, size_t done);
#else
static inline void set_zero(uint8_t *p, size_t from, size_t to)
{
    memset(p + from, 0, to - from);
}

static inline int call_poll(lepack_zero_poll poll, void *ctx, size_t done)
{
    return poll(ctx, done);
}
#endif

/* More than one chunk: every chunk but the last is followed by a poll.  A
 * function of its own, so that the registers this loop needs are saved only
 * when it runs, not in every small call. */
/*@ requires 0 < chunk < n && \valid(p + (0 .. n - 1)) && \valid(done) &&
             \separated(done, p + (0 .. n - 1));
    assigns p[0 .. n - 1], *done, lepack_zero_poll_state;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_ESTOPPED;
    ensures poll == \null ==> \result == LEPACK_OK;
    ensures \result == LEPACK_OK ==> *done == n && zero_bytes(p, 0, n);
    ensures \result == LEPACK_ESTOPPED ==> 0 < *done < n && *done % chunk == 0;
    ensures \result == LEPACK_ESTOPPED ==> zero_bytes(p, 0, *done);
    ensures \result == LEPACK_ESTOPPED ==>
      \forall integer k; *done <= k < n ==> p[k] == \old(p[k]); */
static LEPACK_ZERO_NOINLINE lepack_status zero_chunks(uint8_t *p, size_t n, size_t chunk,
                                                      lepack_zero_poll poll, void *ctx,
                                                      size_t *done)
{
    size_t off = 0;
    /*@ loop invariant 0 <= off < n && off % chunk == 0;
        loop invariant zero_bytes(p, 0, off);
        loop invariant \forall integer k; off <= k < n ==> p[k] == \at(p[k], Pre);
        loop assigns off, p[0 .. n - 1], lepack_zero_poll_state;
        loop variant n - off; */
    while (n - off > chunk) {
        set_zero(p, off, off + chunk);
        off += chunk;
        if (poll != NULL && call_poll(poll, ctx, off) != 0) {
            *done = off;
            return LEPACK_ESTOPPED;
        }
    }
    set_zero(p, off, n);
    *done = n;
    return LEPACK_OK;
}

lepack_status lepack_zero(uint8_t *p, size_t n, size_t chunk, lepack_zero_poll poll,
                          void *ctx, size_t *done)
{
    /* The address test is the one place lepack looks at a pointer's value:
     * p + n must not be formed when it would wrap. */
    if (chunk == 0 || (p == NULL && n > 0) || (uintptr_t)p > UINTPTR_MAX - n)
        return LEPACK_EINVAL;
    if (n > chunk)
        return zero_chunks(p, n, chunk, poll, ctx, done);
    *done = n; /* first: nothing to keep across the memset */
    if (n > 0)
        set_zero(p, 0, n);
    return LEPACK_OK;
}

lepack_status lepack_zero_alloc(size_t count, size_t size, uint8_t **out)
{
    if (size != 0 && count > SIZE_MAX / size)
        return LEPACK_EOVERFLOW;
    if (count == 0 || size == 0) {
        *out = NULL;
        return LEPACK_OK;
    }
    uint8_t *p = lepack_calloc_bytes(count * size) /*@ ghost (out) */;
    if (p == NULL)
        return LEPACK_ENOMEM;
    *out = p;
    return LEPACK_OK;
}

void lepack_zero_free(uint8_t *p)
{
    lepack_free_bytes(p);
}
