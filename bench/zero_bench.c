/* SPDX-License-Identifier: Apache-2.0 */
/* Benchmark of src/zero.h (docs/performance.md, "Zeroing large buffers").
 *
 *   zero_bench tput touched|fresh   throughput of every way to get n zero
 *                                   bytes, paired rounds in random order
 *   zero_bench pauses               the intervals between two polls
 *   zero_bench stop                 time from a stop request on another
 *                                   thread until the zeroing thread sees it
 *   zero_bench sweep                256 MiB in chunks from 64 KiB to 64 MiB
 *                                   through memset, and 1 MiB chunks with
 *                                   non-temporal stores: where the
 *                                   throughput of one call comes from
 *   zero_bench cross                1 MiB chunks through memset and through
 *                                   the non-temporal kernel, from 4 to 256
 *                                   MiB of touched memory: the crossover
 *                                   that src/cpu.c's threshold rests on
 *
 * Output is one JSON object per line on stdout; bench/zero_report.py makes
 * the tables.  Not Google Benchmark: what is measured here is the gaps
 * inside one call and a race between two threads, not a call's mean time.
 *
 * Every timed piece ends with its bytes escaping to an empty asm statement,
 * so that no store is removed as dead. */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "zero.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define KIB ((size_t)1 << 10)
#define MIB ((size_t)1 << 20)
#define GIB ((size_t)1 << 30)
#define PAGE ((size_t)4096)

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* CPU time of the calling thread (user and system, page faults included):
 * unlike the clock, it does not run while the scheduler has the thread off
 * the CPU. */
static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Involuntary context switches of the calling thread so far: a gap that
 * contains one is the scheduler's, not the zeroing's. */
static long preemptions(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0)
        return 0;
    return ru.ru_nivcsw;
}

static void escape(void *p)
{
    __asm__ volatile("" : : "r"(p) : "memory");
}

/* splitmix64, seeded from the clock unless ZERO_BENCH_SEED is set. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static void shuffle(int *v, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)(rng_next() % i);
        int t = v[i - 1];
        v[i - 1] = v[j];
        v[j] = t;
    }
}

static void die(const char *what)
{
    fprintf(stderr, "zero_bench: %s: %s\n", what, strerror(errno));
    exit(1);
}

static uint8_t *map_fresh(size_t n)
{
    void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        die("mmap");
    return p;
}

/* Bytes of memory the kernel says it can give without swapping. */
static size_t mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    size_t kb = 0;
    if (f == NULL)
        return 0;
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "MemAvailable: %zu kB", &kb) == 1)
            break;
    fclose(f);
    return kb * KIB;
}

/* --- the polls ----------------------------------------------------------- */

/* A safepoint-style poll: one load of a flag another thread may set. */
static atomic_int stop_flag;
static uint64_t stop_seen_ns;

static int poll_flag(void *ctx, size_t done)
{
    (void)ctx;
    (void)done;
    if (atomic_load_explicit(&stop_flag, memory_order_acquire) == 0)
        return 0;
    stop_seen_ns = now_ns();
    return 1;
}

/* Records the time of every poll, by the clock and in thread CPU time. */
typedef struct stamps {
    uint64_t *t;
    uint64_t *c;
    size_t n, cap;
} stamps;

static int poll_stamp(void *ctx, size_t done)
{
    stamps *s = ctx;
    (void)done;
    if (s->n < s->cap) {
        s->c[s->n] = thread_cpu_ns();
        s->t[s->n++] = now_ns();
    }
    return 0;
}

/* --- variants -------------------------------------------------------------- */

/* The chunked variants run lepack as shipped: memset chunks, or the
 * non-temporal kernel from the size src/cpu.c chose; timed is
 * lepack_zero_timed with a budget of TIMED_BUDGET_NS. */
enum variant { V_MEMSET, V_CHUNK_64K, V_CHUNK_1M, V_CHUNK_4M, V_TIMED, V_CALLOC, V_CALLOC_TOUCH,
               V_MALLOC_MEMSET, V_COUNT };
static const char *const vname[V_COUNT] = {"memset", "chunk_64k", "chunk_1m", "chunk_4m",
                                           "timed_100us", "calloc", "calloc_touch",
                                           "malloc_memset"};
static const size_t vchunk[V_COUNT] = {0, 64 * KIB, MIB, 4 * MIB, 0, 0, 0, 0};
#define TIMED_BUDGET_NS 100000u

static void zero_or_die(uint8_t *p, size_t n, size_t chunk, lepack_zero_poll poll, void *ctx)
{
    size_t done = 0;
    lepack_status st = chunk == 0 ? lepack_zero_timed(p, n, TIMED_BUDGET_NS, poll, ctx, &done)
                                  : lepack_zero(p, n, chunk, poll, ctx, &done);
    if (st != LEPACK_OK && st != LEPACK_ESTOPPED) {
        fprintf(stderr, "zero_bench: lepack_zero: %s\n", lepack_strerror(st));
        exit(1);
    }
}

/* One timed run of variant v on n bytes, `reps` times; the buffer `touched`
 * (NULL for fresh memory) is already faulted in.  Returns ns per rep. */
static double run_variant(int v, size_t n, size_t reps, uint8_t *touched)
{
    uint64_t total = 0;
    for (size_t r = 0; r < reps; r++) {
        uint8_t *p = NULL;
        uint64_t t0 = now_ns();
        switch (v) {
        case V_MEMSET:
            p = touched != NULL ? touched : map_fresh(n);
            memset(p, 0, n);
            break;
        case V_CHUNK_64K:
        case V_CHUNK_1M:
        case V_CHUNK_4M:
        case V_TIMED:
            p = touched != NULL ? touched : map_fresh(n);
            zero_or_die(p, n, vchunk[v], poll_flag, NULL);
            break;
        case V_CALLOC:
        case V_CALLOC_TOUCH:
            p = calloc(n, 1);
            if (p == NULL)
                die("calloc");
            if (v == V_CALLOC_TOUCH)
                for (size_t k = 0; k < n; k += PAGE)
                    ((volatile uint8_t *)p)[k] = 1;
            break;
        default:
            p = malloc(n);
            if (p == NULL)
                die("malloc");
            memset(p, 0, n);
            break;
        }
        escape(p);
        uint64_t t1 = now_ns();
        total += t1 - t0;
        if (v == V_CALLOC || v == V_CALLOC_TOUCH || v == V_MALLOC_MEMSET)
            free(p);
        else if (touched == NULL)
            munmap(p, n);
    }
    return (double)total / (double)reps;
}

/* Repetitions per measurement: at least a few ms of work per size. */
static size_t reps_for(size_t n)
{
    if (n <= 4 * KIB)
        return 20000;
    if (n <= MIB)
        return 20;
    if (n <= 16 * MIB)
        return 2;
    return 1;
}

static size_t rounds_for(size_t n)
{
    if (n <= 16 * MIB)
        return 31;
    if (n <= 256 * MIB)
        return 11;
    return 5;
}

static void list_sizes(size_t *sizes, size_t *count, size_t need_factor)
{
    size_t all[] = {KIB, MIB, 16 * MIB, 64 * MIB, 256 * MIB, GIB};
    size_t k = 0;
    size_t avail = mem_available();
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (all[i] == GIB && avail < need_factor * GIB + 2 * GIB) {
            printf("{\"skip\": %zu, \"why\": \"MemAvailable %zu MiB\"}\n", all[i], avail / MIB);
            continue;
        }
        sizes[k++] = all[i];
    }
    *count = k;
}

static void tput(int fresh)
{
    /* Touched: the allocator keeps and reuses what is freed (no mmap, no
     * trim), so calloc must clear reused memory.  Fresh: every block of
     * 128 KiB or more is a new mapping, whose pages the kernel zeroes on the
     * first touch (and calloc knows it need not). */
    if (fresh) {
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    } else {
        mallopt(M_MMAP_MAX, 0);
        mallopt(M_TRIM_THRESHOLD, -1);
    }
    size_t sizes[6], nsizes;
    list_sizes(sizes, &nsizes, 2);
    for (size_t si = 0; si < nsizes; si++) {
        size_t n = sizes[si];
        if (fresh && n < MIB)
            continue; /* an allocator reuses a small block: never fresh */
        uint8_t *buf = NULL;
        if (!fresh) {
            buf = map_fresh(n);
            memset(buf, 1, n);
            /* Warm the heap to n bytes once, untimed. */
            void *w = calloc(n, 1);
            escape(w);
            free(w);
        }
        size_t reps = reps_for(n), rounds = rounds_for(n);
        int order[V_COUNT];
        for (int v = 0; v < V_COUNT; v++)
            order[v] = v;
        for (size_t round = 0; round < rounds; round++) {
            shuffle(order, V_COUNT);
            double t[V_COUNT];
            for (int i = 0; i < V_COUNT; i++)
                t[order[i]] = run_variant(order[i], n, reps, buf);
            printf("{\"kind\": \"tput\", \"memory\": \"%s\", \"bytes\": %zu, \"round\": %zu, "
                   "\"reps\": %zu",
                   fresh ? "fresh" : "touched", n, round, reps);
            for (int v = 0; v < V_COUNT; v++)
                printf(", \"%s\": %.1f", vname[v], t[v]);
            printf("}\n");
            fflush(stdout);
        }
        if (buf != NULL)
            munmap(buf, n);
    }
}

/* --- pauses ----------------------------------------------------------------- */

/* Intervals between polls (with the call's start and end as the outer
 * ends), for one call and each chunk size, on touched and fresh memory. */
static void pauses(void)
{
    size_t sizes[6], nsizes;
    list_sizes(sizes, &nsizes, 1);
    stamps s;
    s.cap = GIB / (4 * KIB) + 2; /* the budget mode's smallest chunk */
    s.t = malloc(s.cap * sizeof *s.t);
    s.c = malloc(s.cap * sizeof *s.c);
    if (s.t == NULL || s.c == NULL)
        die("malloc");
    for (size_t si = 0; si < nsizes; si++) {
        size_t n = sizes[si];
        if (n < 16 * MIB || n == 64 * MIB)
            continue;
        size_t runs = n >= GIB ? 5 : n >= 256 * MIB ? 15 : 40;
        for (int fresh = 0; fresh <= 1; fresh++) {
            uint8_t *touched = NULL;
            if (!fresh) {
                touched = map_fresh(n);
                memset(touched, 1, n);
            }
            int order[5] = {V_MEMSET, V_CHUNK_64K, V_CHUNK_1M, V_CHUNK_4M, V_TIMED};
            for (size_t run = 0; run < runs; run++) {
                shuffle(order, 5);
                for (int i = 0; i < 5; i++) {
                    int v = order[i];
                    uint8_t *p = touched != NULL ? touched : map_fresh(n);
                    s.n = 0;
                    long pre0 = preemptions();
                    uint64_t c0 = thread_cpu_ns();
                    uint64_t t0 = now_ns();
                    if (v == V_MEMSET)
                        memset(p, 0, n);
                    else
                        zero_or_die(p, n, vchunk[v], poll_stamp, &s);
                    escape(p);
                    uint64_t t1 = now_ns();
                    uint64_t c1 = thread_cpu_ns();
                    long pre = preemptions() - pre0;
                    /* Gaps in ns: start to the first poll, poll to poll, the
                     * last poll to the end. */
                    printf("{\"kind\": \"pause\", \"memory\": \"%s\", \"bytes\": %zu, "
                           "\"variant\": \"%s\", \"run\": %zu, \"preempted\": %ld, "
                           "\"total\": %" PRIu64 ", \"gaps\": [",
                           fresh ? "fresh" : "touched", n, vname[v], run, pre, t1 - t0);
                    uint64_t prev = t0;
                    for (size_t k = 0; k <= s.n; k++) {
                        uint64_t t = k < s.n ? s.t[k] : t1;
                        printf("%s%" PRIu64, k ? ", " : "", t - prev);
                        prev = t;
                    }
                    printf("], \"cpu_gaps\": [");
                    prev = c0;
                    for (size_t k = 0; k <= s.n; k++) {
                        uint64_t c = k < s.n ? s.c[k] : c1;
                        printf("%s%" PRIu64, k ? ", " : "", c - prev);
                        prev = c;
                    }
                    printf("]}\n");
                    if (touched == NULL)
                        munmap(p, n);
                }
            }
            fflush(stdout);
            if (touched != NULL)
                munmap(touched, n);
        }
    }
    free(s.t);
    free(s.c);
}

/* --- time to stop ------------------------------------------------------------- */

typedef struct stopper {
    uint64_t start;   /* when the zeroing began */
    uint64_t delay;   /* after which the stop is asked */
    uint64_t set_at;  /* when it was */
    atomic_int go;
} stopper;

static void *stopper_main(void *arg)
{
    stopper *s = arg;
    while (atomic_load_explicit(&s->go, memory_order_acquire) == 0)
        sched_yield();
    uint64_t at = s->start + s->delay;
    struct timespec ts = {(time_t)(at / 1000000000u), (long)(at % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
    s->set_at = now_ns();
    atomic_store_explicit(&stop_flag, 1, memory_order_release);
    return NULL;
}

static void stop_experiment(void)
{
    const size_t n = 256 * MIB;
    const size_t trials = 150;
    uint8_t *p = map_fresh(n);
    memset(p, 1, n);
    /* The window: a stop falls uniformly within one call's duration. */
    uint64_t window = UINT64_MAX;
    for (int k = 0; k < 5; k++) {
        uint64_t t0 = now_ns();
        memset(p, 0, n);
        escape(p);
        uint64_t d = now_ns() - t0;
        window = d < window ? d : window;
    }
    printf("{\"kind\": \"stop_window\", \"bytes\": %zu, \"window\": %" PRIu64 "}\n", n, window);
    int order[5] = {V_MEMSET, V_CHUNK_64K, V_CHUNK_1M, V_CHUNK_4M, V_TIMED};
    for (size_t trial = 0; trial < trials; trial++) {
        shuffle(order, 5);
        for (int i = 0; i < 5; i++) {
            int v = order[i];
            stopper s;
            s.delay = rng_next() % window;
            s.set_at = 0;
            atomic_init(&s.go, 0);
            atomic_store(&stop_flag, 0);
            stop_seen_ns = 0;
            pthread_t th;
            if (pthread_create(&th, NULL, stopper_main, &s) != 0)
                die("pthread_create");
            long pre0 = preemptions();
            s.start = now_ns();
            atomic_store_explicit(&s.go, 1, memory_order_release);
            if (v == V_MEMSET) {
                memset(p, 0, n);
                escape(p);
                /* One call: the first moment the thread could look. */
                if (atomic_load_explicit(&stop_flag, memory_order_acquire) != 0)
                    stop_seen_ns = now_ns();
            } else {
                zero_or_die(p, n, vchunk[v], poll_flag, NULL);
                escape(p);
            }
            uint64_t end = now_ns();
            long pre = preemptions() - pre0;
            pthread_join(th, NULL);
            /* A stop asked after the work ended found nothing to stop. */
            int during = stop_seen_ns != 0;
            printf("{\"kind\": \"stop\", \"bytes\": %zu, \"variant\": \"%s\", \"trial\": %zu, "
                   "\"delay\": %" PRIu64 ", \"during\": %d, \"preempted\": %ld, \"latency\": %" PRIu64
                   ", \"elapsed\": %" PRIu64 "}\n",
                   n, vname[v], trial, s.delay, during, pre,
                   during ? stop_seen_ns - s.set_at : 0, end - s.start);
        }
        fflush(stdout);
    }
    munmap(p, n);
}

/* --- where one call's speed comes from ------------------------------------- */

/* 1 MiB chunks written with non-temporal stores: what a memset of one
 * chunk could do if it chose the cache policy a huge memset gets. */
static void zero_nt(uint8_t *p, size_t n)
{
#if defined(__SSE2__)
    __m128i z = _mm_setzero_si128();
    size_t k = 0;
    for (; k + 64 <= n; k += 64) {
        _mm_stream_si128((__m128i *)(void *)(p + k), z);
        _mm_stream_si128((__m128i *)(void *)(p + k + 16), z);
        _mm_stream_si128((__m128i *)(void *)(p + k + 32), z);
        _mm_stream_si128((__m128i *)(void *)(p + k + 48), z);
    }
    _mm_sfence();
    memset(p + k, 0, n - k);
#else
    memset(p, 0, n);
#endif
}

static int poll_nt_chunks(uint8_t *p, size_t n, size_t chunk)
{
    for (size_t off = 0; off < n; off += chunk) {
        zero_nt(p + off, n - off < chunk ? n - off : chunk);
        if (poll_flag(NULL, off))
            return 1;
    }
    return 0;
}

static void sweep(void)
{
    const size_t n = 256 * MIB;
    static const size_t chunks[] = {64 * KIB, 256 * KIB, MIB, 4 * MIB, 16 * MIB, 64 * MIB};
    enum { NCH = sizeof chunks / sizeof chunks[0], NV = NCH + 2 };
    uint8_t *p = map_fresh(n);
    memset(p, 1, n);
    int order[NV];
    for (int v = 0; v < NV; v++)
        order[v] = v;
    for (size_t round = 0; round < 15; round++) {
        shuffle(order, NV);
        double t[NV];
        for (int i = 0; i < NV; i++) {
            int v = order[i];
            /* The 16-byte stores need an aligned buffer: mmap's is. */
            uint64_t t0 = now_ns();
            if (v == NCH)
                memset(p, 0, n);
            else if (v == NCH + 1)
                (void)poll_nt_chunks(p, n, MIB);
            else {
                /* memset chunks whatever the size: the path below the
                 * threshold, measured where it would not be taken */
                lepack_cpu_zero_select(LEPACK_CPU_NONE, 0);
                zero_or_die(p, n, chunks[v], poll_flag, NULL);
                lepack_cpu_zero_select(-1, 0);
            }
            escape(p);
            t[v] = (double)(now_ns() - t0);
        }
        printf("{\"kind\": \"sweep\", \"bytes\": %zu, \"round\": %zu, \"memset\": %.0f, "
               "\"nt_1m\": %.0f",
               n, round, t[NCH], t[NCH + 1]);
        for (int v = 0; v < NCH; v++)
            printf(", \"chunk_%zu\": %.0f", chunks[v], t[v]);
        printf("}\n");
        fflush(stdout);
    }
    munmap(p, n);
}

/* --- the threshold ------------------------------------------------------------ */

/* 1 MiB chunks of touched memory through memset and through the best
 * non-temporal kernel, each against one memset in the same round, from
 * sizes that fit in any last-level cache to sizes that fit in none. */
static void cross(void)
{
    static const size_t sizes[] = {4 * MIB, 8 * MIB, 16 * MIB, 24 * MIB, 32 * MIB, 48 * MIB,
                                   64 * MIB, 128 * MIB, 256 * MIB};
    const lepack_zero_family *z = lepack_cpu_zero();
    printf("{\"kind\": \"cross_meta\", \"llc\": %zu, \"stream_min\": %zu, \"level\": %d}\n",
           lepack_cpu_llc_bytes(), z->stream_min, z->level);
    if (z->stream == NULL)
        return;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        uint8_t *p = map_fresh(n);
        memset(p, 1, n);
        int order[3] = {0, 1, 2};
        size_t rounds = n <= 64 * MIB ? 21 : 11;
        for (size_t round = 0; round < rounds; round++) {
            shuffle(order, 3);
            double t[3];
            for (int i = 0; i < 3; i++) {
                int v = order[i];
                if (v == 1)
                    lepack_cpu_zero_select(LEPACK_CPU_NONE, 0);
                else if (v == 2)
                    lepack_cpu_zero_select(-1, 1);
                uint64_t t0 = now_ns();
                if (v == 0)
                    memset(p, 0, n);
                else
                    zero_or_die(p, n, MIB, poll_flag, NULL);
                escape(p);
                t[v] = (double)(now_ns() - t0);
                lepack_cpu_zero_select(-1, 0);
            }
            printf("{\"kind\": \"cross\", \"bytes\": %zu, \"round\": %zu, \"memset\": %.0f, "
                   "\"chunk_memset\": %.0f, \"chunk_stream\": %.0f}\n",
                   n, round, t[0], t[1], t[2]);
        }
        fflush(stdout);
        munmap(p, n);
    }
}

int main(int argc, char **argv)
{
    const char *seed = getenv("ZERO_BENCH_SEED");
    rng_state = seed != NULL ? strtoull(seed, NULL, 10) : now_ns();
    if (argc >= 3 && strcmp(argv[1], "tput") == 0 && strcmp(argv[2], "touched") == 0)
        tput(0);
    else if (argc >= 3 && strcmp(argv[1], "tput") == 0 && strcmp(argv[2], "fresh") == 0)
        tput(1);
    else if (argc >= 2 && strcmp(argv[1], "pauses") == 0)
        pauses();
    else if (argc >= 2 && strcmp(argv[1], "stop") == 0)
        stop_experiment();
    else if (argc >= 2 && strcmp(argv[1], "sweep") == 0)
        sweep();
    else if (argc >= 2 && strcmp(argv[1], "cross") == 0)
        cross();
    else {
        fprintf(stderr, "usage: zero_bench tput touched|fresh | pauses | stop | sweep | cross\n");
        return 2;
    }
    return 0;
}
