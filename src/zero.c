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

lepack_status lepack_zero(uint8_t *p, size_t n, size_t chunk, lepack_zero_poll poll,
                          void *ctx, size_t *done)
{
    /* The address test is the one place lepack looks at a pointer's value:
     * p + n must not be formed when it would wrap. */
    if (chunk == 0 || (p == NULL && n > 0) || (uintptr_t)p > UINTPTR_MAX - n)
        return LEPACK_EINVAL;
    size_t off = 0;
    /* Every chunk but the last is followed by a poll. */
    /*@ loop invariant 0 <= off <= n && off % chunk == 0;
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
    if (off < n)
        set_zero(p, off, n);
    *done = n;
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
