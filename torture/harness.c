/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void sleep_until(double deadline)
{
    struct timespec t;
    t.tv_sec = (time_t)deadline;
    t.tv_nsec = (long)((deadline - (double)t.tv_sec) * 1e9);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
        ;
}

void tt_spin(unsigned *spins)
{
    if (++*spins % 1024 == 0)
        sched_yield();
    else
        tt_pause();
}

static int short_of(unsigned n, uint64_t *const *ops, uint64_t min)
{
    for (unsigned i = 0; i < n; i++)
        if (__atomic_load_n(ops[i], __ATOMIC_RELAXED) < min)
            return 1;
    return 0;
}

int tt_run_threads(const tt_config *cfg, tt_flags *f, unsigned n, const tt_thread_fn *fn,
                   void *const *arg, uint64_t *const *ops, tt_result *r)
{
    pthread_t tid[4];
    unsigned started = 0;
    int err = 0;
    r->threads = n;
    for (unsigned i = 0; i < n && err == 0; i++) {
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        r->cpus[i] = -1;
        if (cfg->pin && cfg->ncpus >= 2) {
            cpu_set_t set;
            CPU_ZERO(&set);
            int cpu = cfg->cpus[i % cfg->ncpus];
            CPU_SET((size_t)cpu, &set);
            if (pthread_attr_setaffinity_np(&attr, sizeof set, &set) == 0)
                r->cpus[i] = cpu;
        }
        err = pthread_create(&tid[i], &attr, fn[i], arg[i]);
        pthread_attr_destroy(&attr);
        if (err == 0)
            started++;
    }
    double start = now();
    __atomic_store_n(&f->go, 1, __ATOMIC_RELEASE);
    if (err == 0) {
        sleep_until(start + cfg->seconds);
        while (now() < start + cfg->max_seconds && short_of(n, ops, cfg->min_ops))
            sleep_until(now() + 0.001);
    }
    __atomic_store_n(&f->stop, 1, __ATOMIC_RELEASE);
    for (unsigned i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    r->seconds = now() - start;
    return err;
}

int tt_barrier_wait(tt_barrier *b, uint64_t *episode, const tt_flags *f)
{
    uint64_t e = *episode;
    if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == 2 * (e + 1)) {
        __atomic_store_n(&b->quit, tt_stopping(f), __ATOMIC_RELAXED);
        __atomic_store_n(&b->episode, e + 1, __ATOMIC_RELEASE);
    } else {
        unsigned spins = 0;
        while (__atomic_load_n(&b->episode, __ATOMIC_ACQUIRE) == e)
            tt_spin(&spins);
    }
    *episode = e + 1;
    return __atomic_load_n(&b->quit, __ATOMIC_RELAXED);
}

uint8_t *tt_pages(size_t n)
{
    uint8_t *p = aligned_alloc(TT_PAGE, n * TT_PAGE);
    if (p != NULL)
        memset(p, 0, n * TT_PAGE);
    return p;
}

/* Each block: [page-aligned base ... header | bytes], the header just
 * before the bytes holding the base and the size. */
typedef struct placed {
    void *base;
    size_t size;
} placed;

static void *place_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    size_t pages = (TT_MSG_PAGE_OFFSET + size + TT_PAGE - 1) / TT_PAGE;
    uint8_t *base = tt_pages(pages);
    if (base == NULL)
        return NULL;
    uint8_t *bytes = base + TT_MSG_PAGE_OFFSET;
    placed h = {base, size};
    memcpy(bytes - sizeof h, &h, sizeof h);
    if (ptr != NULL) {
        placed old;
        memcpy(&old, (uint8_t *)ptr - sizeof old, sizeof old);
        memcpy(bytes, ptr, old.size < size ? old.size : size);
        free(old.base);
    }
    return bytes;
}

static void place_free(void *ctx, void *ptr)
{
    (void)ctx;
    placed h;
    memcpy(&h, (uint8_t *)ptr - sizeof h, sizeof h);
    free(h.base);
}

void tt_place_messages(void)
{
    static const lepack_allocator hook = {place_realloc, place_free, NULL};
    lepack_set_allocator(&hook);
}
