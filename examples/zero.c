/* SPDX-License-Identifier: Apache-2.0 */
/* Zeroing a large buffer without a long pause: lepack_zero_timed clears it
 * in chunks sized so that the time between two calls of the poll stays
 * under a budget, and the poll may stop the work, which then resumes where
 * it stopped.  (A JVM's safepoint poll is the model: JDK-8357959.)
 *
 *   cc -std=c11 zero.c $(pkg-config --cflags --libs lepack) -o zero
 *
 * stdout holds only what every run prints (make test-install compares it
 * with the output at the end of this file); the measured gaps go to
 * stderr, since they depend on the machine and its load. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */

#include <lepack/status.h>
#include <lepack/zero.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUFFER_BYTES ((size_t)16 << 20)
#define BUDGET_NS 100000u /* 100 us: the longest pause the caller accepts */

/* The poll's state: when it was last called, the longest gap seen, how
 * many calls, and after how many it asks to stop (0: never). */
typedef struct {
    struct timespec last;
    long longest_ns;
    size_t calls;
    size_t stop_after;
} poll_state;

static long ns_between(const struct timespec *a, const struct timespec *b)
{
    return (b->tv_sec - a->tv_sec) * 1000000000L + (b->tv_nsec - a->tv_nsec);
}

/* Called between two chunks with the bytes zeroed so far.  It must not
 * touch the buffer.  A real one would check a flag ("stop for a GC") and
 * return it; returning nonzero stops the zeroing at this chunk boundary. */
static int poll(void *ctx, size_t done)
{
    poll_state *s = ctx;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long gap = ns_between(&s->last, &now);
    if (gap > s->longest_ns)
        s->longest_ns = gap;
    s->last = now;
    s->calls++;
    (void)done;
    return s->stop_after != 0 && s->calls >= s->stop_after;
}

/* 1 when p[from .. to) all equal v. */
static int all_equal(const uint8_t *p, size_t from, size_t to, uint8_t v)
{
    for (size_t i = from; i < to; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

int main(void)
{
    uint8_t *buf = malloc(BUFFER_BYTES);
    if (buf == NULL)
        return 1;
    memset(buf, 0xAA, BUFFER_BYTES); /* touched memory, not zero */

    /* 1. The whole buffer within the budget. */
    poll_state s = {{0, 0}, 0, 0, 0};
    clock_gettime(CLOCK_MONOTONIC, &s.last);
    size_t done = 0;
    lepack_status st = lepack_zero_timed(buf, BUFFER_BYTES, BUDGET_NS, poll, &s, &done);
    printf("zero_timed: %s, %zu of %zu bytes, all zero: %s, polled: %s\n",
           lepack_status_name(st), done, BUFFER_BYTES,
           all_equal(buf, 0, BUFFER_BYTES, 0) ? "yes" : "no", s.calls > 1 ? "yes" : "no");
    fprintf(stderr, "zero: %zu polls, longest gap %ld us (budget %u us)\n", s.calls,
            s.longest_ns / 1000, BUDGET_NS / 1000);

    /* 2. Asked to stop at the third poll: p[0 .. done) is zero, the rest
     * untouched; the same call on the rest finishes the job. */
    memset(buf, 0xAA, BUFFER_BYTES);
    poll_state stopper = {{0, 0}, 0, 0, 3};
    clock_gettime(CLOCK_MONOTONIC, &stopper.last);
    st = lepack_zero_timed(buf, BUFFER_BYTES, BUDGET_NS, poll, &stopper, &done);
    printf("stopped: %s at the poll asked: %s, zero before it: %s, untouched after it: %s\n",
           lepack_status_name(st), stopper.calls == 3 ? "yes" : "no",
           all_equal(buf, 0, done, 0) ? "yes" : "no",
           all_equal(buf, done, BUFFER_BYTES, 0xAA) ? "yes" : "no");
    size_t rest = 0;
    st = lepack_zero_timed(buf + done, BUFFER_BYTES - done, BUDGET_NS, NULL, NULL, &rest);
    printf("resumed: %s, all zero: %s\n", lepack_status_name(st),
           done + rest == BUFFER_BYTES && all_equal(buf, 0, BUFFER_BYTES, 0) ? "yes" : "no");

    /* 3. Fixed chunks instead of a budget: one poll between two chunks. */
    memset(buf, 0xAA, BUFFER_BYTES);
    poll_state counter = {{0, 0}, 0, 0, 0};
    clock_gettime(CLOCK_MONOTONIC, &counter.last);
    st = lepack_zero(buf, BUFFER_BYTES, LEPACK_ZERO_CHUNK, poll, &counter, &done);
    printf("zero in 1 MiB chunks: %s, %zu polls, all zero: %s\n", lepack_status_name(st),
           counter.calls, all_equal(buf, 0, BUFFER_BYTES, 0) ? "yes" : "no");

    /* A bad argument changes nothing: here a zero budget. */
    st = lepack_zero_timed(buf, BUFFER_BYTES, 0, NULL, NULL, &done);
    printf("budget 0: %s\n", lepack_status_name(st));
    free(buf);
    return 0;
}

/* Output:
zero_timed: OK, 16777216 of 16777216 bytes, all zero: yes, polled: yes
stopped: ESTOPPED at the poll asked: yes, zero before it: yes, untouched after it: yes
resumed: OK, all zero: yes
zero in 1 MiB chunks: OK, 15 polls, all zero: yes
budget 0: EINVAL
*/
