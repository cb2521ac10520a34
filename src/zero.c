/* SPDX-License-Identifier: Apache-2.0 */
#include "zero.h"

#include <string.h>

#include "alloc.h"
#include "cpu.h"
#include "zero_nt.h"

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

/* The non-temporal kernel of src/cpu.h's zeroing family (src/zero_nt.c):
 * intrinsics WP cannot read, trusted with memset's contract; the fuzzer
 * and tests/test_zero.c check it byte for byte, the fence included in
 * what the poll may assume (proofs/README.md). */
/*@ requires from < to && \valid(p + (from .. to - 1));
    assigns p[from .. to - 1] \from \nothing;
    exits \false;
    ensures zero_bytes(p, from, to); */
static void set_zero_stream(uint8_t *p, size_t from, size_t to);

/* Whether a range of n bytes takes the non-temporal kernel: a choice of
 * the dispatch module, any answer is correct. */
/*@ assigns \nothing;
    exits \false; */
static int stream_pays(size_t n);

/* The clock of the pause-budget mode: a trusted input, any value. */
/*@ assigns \nothing;
    exits \false; */
static uint64_t read_clock(void);

/*@ assigns lepack_zero_poll_state;
    exits \false; */
static int call_poll(lepack_zero_poll poll, void *ctx, size_t done);
#else
static inline void set_zero(uint8_t *p, size_t from, size_t to)
{
    memset(p + from, 0, to - from);
}

static inline void set_zero_stream(uint8_t *p, size_t from, size_t to)
{
    lepack_cpu_zero()->stream(p + from, to - from);
}

static inline int stream_pays(size_t n)
{
    const lepack_zero_family *z = lepack_cpu_zero();
    return z->stream != NULL && n >= z->stream_min;
}

static inline uint64_t read_clock(void)
{
    return lepack_clock_ns();
}

static inline int call_poll(lepack_zero_poll poll, void *ctx, size_t done)
{
    return poll(ctx, done);
}
#endif

/* One chunk, through the kernel chosen for the whole range. */
/*@ requires from < to && \valid(p + (from .. to - 1));
    assigns p[from .. to - 1];
    exits \false;
    ensures zero_bytes(p, from, to); */
static inline void zero_range(uint8_t *p, size_t from, size_t to, int stream)
{
    if (stream)
        set_zero_stream(p, from, to);
    else
        set_zero(p, from, to);
}

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
    int stream = stream_pays(n);
    size_t off = 0;
    /*@ loop invariant 0 <= off < n && off % chunk == 0;
        loop invariant zero_bytes(p, 0, off);
        loop invariant \forall integer k; off <= k < n ==> p[k] == \at(p[k], Pre);
        loop assigns off, p[0 .. n - 1], lepack_zero_poll_state;
        loop variant n - off; */
    while (n - off > chunk) {
        zero_range(p, off, off + chunk, stream);
        off += chunk;
        if (poll != NULL && call_poll(poll, ctx, off) != 0) {
            *done = off;
            return LEPACK_ESTOPPED;
        }
    }
    zero_range(p, off, n, stream);
    *done = n;
    return LEPACK_OK;
}

/* The pause-budget mode's chunk sizes.  The first chunk is small enough to
 * stay far within 100 us even on fresh pages (8 page faults, about 3 us
 * each here); chunks are whole pages, so that after an aligned start every
 * non-temporal chunk but the last is whole lines; 64 MiB is far beyond any
 * budget worth asking for on a current machine. */
#define TIMED_FIRST ((size_t)32 << 10)
#define TIMED_MIN ((size_t)4 << 10)
#define TIMED_MAX ((size_t)64 << 20)
/* Budgets beyond about 4.3 s are all the same: the chunk is TIMED_MAX
 * long before, and the product below stays within 64 bits. */
#define TIMED_BUDGET_MAX ((uint64_t)1 << 32)

/* The next chunk after one of `chunk` bytes that took `elapsed` ns, for a
 * chunk time of `target` ns: chunk * target / elapsed, at most twice the
 * last chunk (a speed seen over one chunk is not trusted beyond that), or
 * four times when the last took under an eighth of the target (so that the
 * ramp from the first chunk costs few polls on touched memory, and a
 * chunk four times as large still takes half the target), rounded down to
 * whole pages, within [TIMED_MIN, TIMED_MAX]. */
/*@ requires TIMED_MIN <= chunk <= TIMED_MAX;
    requires 0 < target <= TIMED_BUDGET_MAX;
    assigns \nothing;
    exits \false;
    ensures TIMED_MIN <= \result <= TIMED_MAX; */
static size_t next_chunk(size_t chunk, uint64_t elapsed, uint64_t target)
{
    uint64_t c = chunk;
    uint64_t next;
    if (elapsed <= target / 8)
        next = 4 * c;
    else if (elapsed <= target / 2)
        next = 2 * c;
    else
        next = c * target / elapsed;
    next = next / TIMED_MIN * TIMED_MIN;
    if (next > TIMED_MAX)
        next = TIMED_MAX;
    if (next < TIMED_MIN)
        next = TIMED_MIN;
    return (size_t)next;
}

/* lepack_zero_timed past its first chunk: the loop of zero_chunks with a
 * chunk size that follows the clock.  Whatever the clock says, each chunk
 * is within [TIMED_MIN, TIMED_MAX] and the loop only moves forward. */
/*@ requires TIMED_FIRST < n && \valid(p + (0 .. n - 1)) && \valid(done) &&
             \separated(done, p + (0 .. n - 1));
    requires 0 < target <= TIMED_BUDGET_MAX;
    assigns p[0 .. n - 1], *done, lepack_zero_poll_state;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_ESTOPPED;
    ensures poll == \null ==> \result == LEPACK_OK;
    ensures \result == LEPACK_OK ==> *done == n && zero_bytes(p, 0, n);
    ensures \result == LEPACK_ESTOPPED ==> 0 < *done < n;
    ensures \result == LEPACK_ESTOPPED ==> zero_bytes(p, 0, *done);
    ensures \result == LEPACK_ESTOPPED ==>
      \forall integer k; *done <= k < n ==> p[k] == \old(p[k]); */
static LEPACK_ZERO_NOINLINE lepack_status zero_timed_chunks(uint8_t *p, size_t n,
                                                            uint64_t target,
                                                            lepack_zero_poll poll, void *ctx,
                                                            size_t *done)
{
    int stream = stream_pays(n);
    size_t off = 0;
    size_t chunk = TIMED_FIRST;
    uint64_t t0 = read_clock();
    /*@ loop invariant 0 <= off < n;
        loop invariant TIMED_MIN <= chunk <= TIMED_MAX;
        loop invariant zero_bytes(p, 0, off);
        loop invariant \forall integer k; off <= k < n ==> p[k] == \at(p[k], Pre);
        loop assigns off, chunk, t0, p[0 .. n - 1], lepack_zero_poll_state;
        loop variant n - off; */
    while (n - off > chunk) {
        zero_range(p, off, off + chunk, stream);
        off += chunk;
        /* One read per chunk: the poll's own time counts against the next
         * chunk, which errs on the short side.  A clock that goes back
         * (only a test's can) reads as no time. */
        uint64_t t1 = read_clock();
        chunk = next_chunk(chunk, t1 >= t0 ? t1 - t0 : 0, target);
        t0 = t1;
        if (poll != NULL && call_poll(poll, ctx, off) != 0) {
            *done = off;
            return LEPACK_ESTOPPED;
        }
    }
    zero_range(p, off, n, stream);
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

lepack_status lepack_zero_timed(uint8_t *p, size_t n, uint64_t budget_ns, lepack_zero_poll poll,
                                void *ctx, size_t *done)
{
    if (budget_ns == 0 || (p == NULL && n > 0) || (uintptr_t)p > UINTPTR_MAX - n)
        return LEPACK_EINVAL;
    if (n > TIMED_FIRST) {
        /* A quarter of the budget: chunk times vary up to about twice
         * their median on touched memory (docs/performance.md), and the
         * poll's gap must stay under the whole budget. */
        uint64_t target = (budget_ns > TIMED_BUDGET_MAX ? TIMED_BUDGET_MAX : budget_ns) / 4;
        return zero_timed_chunks(p, n, target > 0 ? target : 1, poll, ctx, done);
    }
    *done = n;
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
