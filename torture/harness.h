/* SPDX-License-Identifier: Apache-2.0 */
/* Threads for the cases: started together, pinned to distinct CPUs where
 * the machine has them, stopped after the time budget; a two-thread
 * barrier; page-aligned memory; and a lepack allocator hook that puts a
 * message's bytes at a fixed offset in a page, so that the same items
 * straddle the same lines on every run. */
#ifndef TORTURE_HARNESS_H
#define TORTURE_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "result.h"

#define TT_MAX_CPUS 64
#define TT_MAX_READERS 3
#define TT_PAGE 4096u
#define TT_LINE 64u

typedef struct tt_config {
    double seconds;
    /* Past its time a case runs on until every thread has made min_ops
     * operations, for at most max_seconds in all: on a busy machine a
     * pinned thread may wait for its CPU longer than the budget. */
    uint64_t min_ops;
    double max_seconds;
    int pin;
    unsigned readers; /* reader threads for the atom and msg cases */
    unsigned ncpus;   /* CPUs this process may run on */
    int cpus[TT_MAX_CPUS];
} tt_config;

/* Start and stop flags, shared by all threads of a case. */
typedef struct tt_flags {
    int go;
    int stop;
} tt_flags;

/* A spin-wait step.  Every 1024th step yields the CPU, so that a thread
 * waiting for a descheduled partner does not burn the partner's turn. */
void tt_spin(unsigned *spins);

static inline void tt_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Each thread publishes its operation count with this, so that the main
 * thread can read it while the case runs. */
static inline void tt_count(uint64_t *ops, uint64_t more)
{
    __atomic_store_n(ops, *ops + more, __ATOMIC_RELAXED);
}

static inline int tt_stopping(const tt_flags *f)
{
    return __atomic_load_n(&f->stop, __ATOMIC_RELAXED);
}

static inline void tt_wait_go(const tt_flags *f)
{
    unsigned spins = 0;
    while (!__atomic_load_n(&f->go, __ATOMIC_ACQUIRE))
        tt_spin(&spins);
}

typedef void *(*tt_thread_fn)(void *arg);

/* Runs fn[i](arg[i]) in n threads (n <= 4) for cfg->seconds, and longer
 * while some *ops[i] (counted with tt_count) is below cfg->min_ops: each
 * thread calls tt_wait_go first and returns soon after tt_stopping.
 * Records the elapsed time and each thread's CPU in r.  0, or an errno
 * value. */
int tt_run_threads(const tt_config *cfg, tt_flags *f, unsigned n, const tt_thread_fn *fn,
                   void *const *arg, uint64_t *const *ops, tt_result *r);

/* A barrier for exactly two threads.  The last to arrive samples the stop
 * flag; both get the same answer, so both leave the loop at the same round. */
typedef struct tt_barrier {
    uint64_t arrived;
    uint64_t episode;
    int quit;
} tt_barrier;

int tt_barrier_wait(tt_barrier *b, uint64_t *episode, const tt_flags *f);

/* n zeroed pages, page-aligned; NULL when out of memory.  free() them. */
uint8_t *tt_pages(size_t n);

/* Where tt_place_messages puts every message's first byte: 256 bytes before
 * a page boundary, itself on a line boundary. */
#define TT_MSG_PAGE_OFFSET (TT_PAGE - 256u)

/* Installs the allocator hook (before any message exists). */
void tt_place_messages(void);

#endif
