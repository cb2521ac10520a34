/* SPDX-License-Identifier: Apache-2.0 */
/* src/zero.h: chunked zeroing with polls and stops, its refusals, and the
 * zeroed allocation through the allocator hook. */
#include "test_util.h"

#include "alloc.h"
#include "cpu.h"
#include "ref.h"
#include "ref_zero.h"
#include "zero.h"
#include "zero_nt.h"

#define GUARD 32u
#define CANARY 0xC3u
#define MAX_POLLS 4096u

/* A buffer of `n` bytes between two guards, every byte nonzero. */
typedef struct guarded {
    uint8_t *mem;
    uint8_t *p;
    size_t n;
} guarded;

static void guarded_init(guarded *g, size_t n)
{
    g->mem = malloc(n + 2 * GUARD);
    assert_non_null(g->mem);
    memset(g->mem, CANARY, n + 2 * GUARD);
    g->p = g->mem + GUARD;
    g->n = n;
    for (size_t i = 0; i < n; i++)
        g->p[i] = (uint8_t)(i % 251 + 1);
}

static void guards_intact(const guarded *g)
{
    for (size_t i = 0; i < GUARD; i++) {
        assert_int_equal(g->mem[i], CANARY);
        assert_int_equal(g->p[g->n + i], CANARY);
    }
}

/* Records every poll; asks to stop at call `stop_at` (0: never). */
typedef struct recorder {
    size_t calls;
    size_t stop_at;
    size_t offsets[MAX_POLLS];
    const uint8_t *p;
    size_t n;
} recorder;

static int record_poll(void *ctx, size_t done)
{
    recorder *r = ctx;
    if (r->calls < MAX_POLLS)
        r->offsets[r->calls] = done;
    r->calls++;
    /* Between two chunks: the prefix is zero, the next byte is not yet. */
    assert_true(done > 0 && done < r->n);
    assert_int_equal(r->p[done - 1], 0);
    assert_int_equal(r->p[done], (uint8_t)(done % 251 + 1));
    return r->calls == r->stop_at;
}

static void zeroes_exactly_the_range(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 2, 7, 63, 64, 65, 127, 128, 129, 1000, 4096, 4097};
    static const size_t chunks[] = {1, 2, 3, 63, 64, 65, 128, 4096, SIZE_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (size_t j = 0; j < sizeof chunks / sizeof chunks[0]; j++) {
            size_t n = sizes[i], chunk = chunks[j];
            guarded g;
            guarded_init(&g, n);
            recorder *r = calloc(1, sizeof *r);
            assert_non_null(r);
            r->p = g.p;
            r->n = n;
            size_t done = 0;
            assert_int_equal(lepack_zero(g.p, n, chunk, record_poll, r, &done), LEPACK_OK);
            assert_int_equal(done, n);
            for (size_t k = 0; k < n; k++)
                assert_int_equal(g.p[k], 0);
            guards_intact(&g);
            /* One poll between two chunks: ceil(n / chunk) - 1 of them, at
             * every multiple of chunk below n. */
            size_t want = chunk >= n ? 0 : (n - 1) / chunk;
            assert_int_equal(r->calls, want);
            for (size_t k = 0; k < r->calls && k < MAX_POLLS; k++)
                assert_int_equal(r->offsets[k], (k + 1) * chunk);
            free(r);
            free(g.mem);
        }
    }
}

/* A stop at every possible poll: exactly the prefix is zero, the rest is
 * untouched, and resuming at *done finishes the range. */
static void stop_at_every_poll_then_resume(void **state)
{
    (void)state;
    const size_t n = 1000, chunk = 64;
    size_t polls = (n - 1) / chunk;
    for (size_t stop = 1; stop <= polls; stop++) {
        guarded g;
        guarded_init(&g, n);
        recorder *r = calloc(1, sizeof *r);
        assert_non_null(r);
        r->stop_at = stop;
        r->p = g.p;
        r->n = n;
        size_t done = 0;
        assert_int_equal(lepack_zero(g.p, n, chunk, record_poll, r, &done), LEPACK_ESTOPPED);
        assert_int_equal(done, stop * chunk);
        assert_int_equal(r->calls, stop);
        for (size_t k = 0; k < done; k++)
            assert_int_equal(g.p[k], 0);
        for (size_t k = done; k < n; k++)
            assert_int_equal(g.p[k], (uint8_t)(k % 251 + 1));
        guards_intact(&g);
        size_t more = 0;
        assert_int_equal(lepack_zero(g.p + done, n - done, chunk, NULL, NULL, &more), LEPACK_OK);
        assert_int_equal(more, n - done);
        for (size_t k = 0; k < n; k++)
            assert_int_equal(g.p[k], 0);
        guards_intact(&g);
        free(r);
        free(g.mem);
    }
}

static int count_poll(void *ctx, size_t done)
{
    (void)done;
    (*(size_t *)ctx)++;
    return 1;
}

/* Nothing is polled when everything fits in one chunk, and a poll that
 * would stop is never asked. */
static void one_chunk_never_polls(void **state)
{
    (void)state;
    guarded g;
    guarded_init(&g, 100);
    size_t calls = 0, done = 0;
    assert_int_equal(lepack_zero(g.p, 100, 100, count_poll, &calls, &done), LEPACK_OK);
    assert_int_equal(calls, 0);
    assert_int_equal(done, 100);
    assert_int_equal(lepack_zero(g.p, 100, LEPACK_ZERO_CHUNK, count_poll, &calls, &done),
                     LEPACK_OK);
    assert_int_equal(calls, 0);
    /* 101 bytes in chunks of 100: one poll, which stops after 100. */
    free(g.mem);
    guarded_init(&g, 101);
    assert_int_equal(lepack_zero(g.p, 101, 100, count_poll, &calls, &done), LEPACK_ESTOPPED);
    assert_int_equal(calls, 1);
    assert_int_equal(done, 100);
    assert_int_equal(g.p[99], 0);
    assert_int_equal(g.p[100], 101);
    guards_intact(&g);
    free(g.mem);
}

/* Refusals write nothing: not the buffer, not *done, no poll. */
static void refusals_write_nothing(void **state)
{
    (void)state;
    guarded g;
    guarded_init(&g, 64);
    size_t calls = 0, done = 12345;
    assert_int_equal(lepack_zero(g.p, 64, 0, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero(g.p, 0, 0, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero(NULL, 1, 8, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero(NULL, SIZE_MAX, 8, count_poll, &calls, &done), LEPACK_EINVAL);
    /* The last byte of the address space: one byte fits, two wrap. */
    uint8_t *top = (uint8_t *)UINTPTR_MAX;
    assert_int_equal(lepack_zero(top, 2, 8, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero((uint8_t *)(UINTPTR_MAX - 99), 101, 8, count_poll, &calls, &done),
                     LEPACK_EINVAL);
    assert_int_equal(lepack_zero(g.p, SIZE_MAX, 8, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(done, 12345);
    assert_int_equal(calls, 0);
    for (size_t k = 0; k < 64; k++)
        assert_int_equal(g.p[k], (uint8_t)(k % 251 + 1));
    guards_intact(&g);
    /* Zero bytes are fine anywhere, NULL included. */
    assert_int_equal(lepack_zero(NULL, 0, 8, count_poll, &calls, &done), LEPACK_OK);
    assert_int_equal(done, 0);
    assert_int_equal(lepack_zero(top, 0, 1, count_poll, &calls, &done), LEPACK_OK);
    assert_int_equal(calls, 0);
    free(g.mem);
}

/* Random ranges, chunks and stops against ref/'s byte loop. */
static void random_against_ref(void **state)
{
    (void)state;
    test_rng rng = {14};
    size_t *lep_off = malloc(MAX_POLLS * sizeof *lep_off);
    size_t *ref_off = malloc(MAX_POLLS * sizeof *ref_off);
    assert_non_null(lep_off);
    assert_non_null(ref_off);
    for (int iter = 0; iter < 2000; iter++) {
        size_t n = test_rng_below(&rng, 3000);
        size_t chunk = test_rng_below(&rng, 4) == 0 ? test_rng_below(&rng, 3100) + 1
                                                    : test_rng_below(&rng, 40) + 1;
        size_t stop = test_rng_below(&rng, 3) == 0 ? 0 : test_rng_below(&rng, 8) + 1;
        guarded a, b;
        guarded_init(&a, n);
        guarded_init(&b, n);
        recorder *r = calloc(1, sizeof *r);
        assert_non_null(r);
        r->stop_at = stop;
        r->p = a.p;
        r->n = n;
        size_t done = 0, rdone = 0, rpolls = 0;
        lepack_status st = lepack_zero(a.p, n, chunk, record_poll, r, &done);
        int rst = ref_zero(b.p, n, chunk, stop, &rdone, &rpolls, ref_off, MAX_POLLS);
        assert_int_equal(st, rst);
        assert_int_equal(done, rdone);
        assert_int_equal(r->calls, rpolls);
        for (size_t k = 0; k < rpolls && k < MAX_POLLS; k++)
            assert_int_equal(r->offsets[k], ref_off[k]);
        assert_memory_equal(a.mem, b.mem, n + 2 * GUARD);
        free(r);
        free(a.mem);
        free(b.mem);
    }
    free(lep_off);
    free(ref_off);
}

/* --- lepack_zero_alloc -------------------------------------------------- */

typedef struct counting {
    long reallocs, callocs, frees;
    long fail_at; /* the call (of either kind) to fail; 0: none */
    long calls;
} counting;

static counting C;

static void *dirty_realloc(void *ctx, void *ptr, size_t size)
{
    counting *c = ctx;
    c->reallocs++;
    if (++c->calls == c->fail_at)
        return NULL;
    uint8_t *q = realloc(ptr, size);
    if (q != NULL && ptr == NULL)
        memset(q, 0xEE, size); /* what malloc may hand out */
    return q;
}

static void *counting_calloc(void *ctx, size_t count, size_t size)
{
    counting *c = ctx;
    c->callocs++;
    if (++c->calls == c->fail_at)
        return NULL;
    return calloc(count, size);
}

static void counting_free(void *ctx, void *ptr)
{
    counting *c = ctx;
    c->frees++;
    free(ptr);
}

static int reset_allocator(void **state)
{
    (void)state;
    lepack_set_allocator(NULL);
    return 0;
}

static void all_zero(const uint8_t *p, size_t n)
{
    for (size_t k = 0; k < n; k++)
        assert_int_equal(p[k], 0);
}

static void alloc_default_is_zeroed(void **state)
{
    (void)state;
    uint8_t *p = NULL;
    assert_int_equal(lepack_zero_alloc(1000, 3, &p), LEPACK_OK);
    assert_non_null(p);
    all_zero(p, 3000);
    lepack_zero_free(p);
    /* Above glibc's mmap threshold: fresh pages. */
    assert_int_equal(lepack_zero_alloc(1, 1 << 20, &p), LEPACK_OK);
    all_zero(p, 1 << 20);
    lepack_zero_free(p);
    lepack_zero_free(NULL);
}

static void alloc_refusals_leave_out(void **state)
{
    (void)state;
    uint8_t sentinel = 0;
    uint8_t *p = &sentinel;
    assert_int_equal(lepack_zero_alloc(SIZE_MAX, 2, &p), LEPACK_EOVERFLOW);
    assert_int_equal(lepack_zero_alloc(2, SIZE_MAX / 2 + 1, &p), LEPACK_EOVERFLOW);
    assert_int_equal(lepack_zero_alloc(SIZE_MAX / 4 + 1, 8, &p), LEPACK_EOVERFLOW);
    assert_ptr_equal(p, &sentinel);
    /* SIZE_MAX / 3 * 3 fits exactly; no allocator gives that much. */
    const lepack_allocator a = {dirty_realloc, counting_free, &C};
    memset(&C, 0, sizeof C);
    lepack_set_allocator(&a);
    C.fail_at = 1;
    assert_int_equal(lepack_zero_alloc(SIZE_MAX / 3, 3, &p), LEPACK_ENOMEM);
    assert_ptr_equal(p, &sentinel);
    assert_int_equal(C.reallocs, 1);
    /* Nothing to allocate: OK, NULL, and no call. */
    assert_int_equal(lepack_zero_alloc(0, 5, &p), LEPACK_OK);
    assert_null(p);
    p = &sentinel;
    assert_int_equal(lepack_zero_alloc(SIZE_MAX, 0, &p), LEPACK_OK);
    assert_null(p);
    assert_int_equal(C.calls, 1);
}

/* A hook without calloc: realloc_fn's dirty block comes back zeroed; its
 * failure is LEPACK_ENOMEM; the block is freed by free_fn. */
static void alloc_through_realloc_hook(void **state)
{
    (void)state;
    const lepack_allocator a = {dirty_realloc, counting_free, &C};
    memset(&C, 0, sizeof C);
    lepack_set_allocator(&a);
    uint8_t *p = NULL;
    assert_int_equal(lepack_zero_alloc(7, 513, &p), LEPACK_OK);
    all_zero(p, 7 * 513);
    assert_int_equal(C.reallocs, 1);
    assert_int_equal(C.callocs, 0);
    lepack_zero_free(p);
    assert_int_equal(C.frees, 1);
    C.fail_at = C.calls + 1;
    uint8_t *q = (uint8_t *)&C;
    assert_int_equal(lepack_zero_alloc(10, 10, &q), LEPACK_ENOMEM);
    assert_ptr_equal(q, (uint8_t *)&C);
}

/* With a calloc installed, it is used (with the hook's ctx) instead. */
static void alloc_through_calloc_hook(void **state)
{
    (void)state;
    const lepack_allocator a = {dirty_realloc, counting_free, &C};
    memset(&C, 0, sizeof C);
    lepack_set_allocator(&a);
    lepack_set_allocator_calloc(counting_calloc);
    uint8_t *p = NULL;
    assert_int_equal(lepack_zero_alloc(3, 100, &p), LEPACK_OK);
    all_zero(p, 300);
    assert_int_equal(C.callocs, 1);
    assert_int_equal(C.reallocs, 0);
    lepack_zero_free(p);
    assert_int_equal(C.frees, 1);
    C.fail_at = C.calls + 1;
    uint8_t *q = NULL;
    assert_int_equal(lepack_zero_alloc(3, 100, &q), LEPACK_ENOMEM);
    assert_null(q);
    /* Installing a hook again drops the calloc: a counting or failing hook
     * sees every allocation. */
    lepack_set_allocator(&a);
    assert_int_equal(lepack_zero_alloc(1, 1, &p), LEPACK_OK);
    assert_int_equal(C.callocs, 2);
    assert_int_equal(C.reallocs, 1);
    lepack_zero_free(p);
}

/* ---- every byte after every chunk, on both paths ------------------------ */

#define LINE 64u
#define SWEEP_MAX 4096u

/* The whole guarded buffer as it must be after each chunk: canaries, the
 * zeroed prefix, the untouched rest. */
typedef struct sweep {
    uint8_t *mem;  /* LINE-aligned, LINE + offset + n + LINE bytes */
    uint8_t *want;
    uint8_t *p;
    size_t len; /* of mem and want */
    size_t n;
    size_t prev; /* bytes zeroed at the last poll */
    size_t polls;
    size_t chunk; /* 0: any chunk sizes (the budget mode) */
} sweep;

static int sweep_poll(void *ctx, size_t done)
{
    sweep *s = ctx;
    assert_true(done > s->prev && done < s->n);
    if (s->chunk != 0)
        assert_int_equal(done, s->prev + s->chunk);
    memset(s->want + (s->p - s->mem) + s->prev, 0, done - s->prev);
    s->prev = done;
    s->polls++;
    /* memcmp, not assert_memory_equal: a million comparisons of 4 KiB */
    assert_true(memcmp(s->mem, s->want, s->len) == 0);
    return 0;
}

/* 1, 2, ..., 251: one period of the pattern of guarded_init. */
static const uint8_t sweep_pattern[251] = {
#define P4(k) (k) + 1, (k) + 2, (k) + 3, (k) + 4
#define P16(k) P4(k), P4((k) + 4), P4((k) + 8), P4((k) + 12)
    P16(0), P16(16), P16(32), P16(48), P16(64), P16(80), P16(96), P16(112), P16(128),
    P16(144), P16(160), P16(176), P16(192), P16(208), P16(224), P4(240), 245, 246, 247, 248,
    249, 250, 251};

static void sweep_start(sweep *s, uint8_t *mem, uint8_t *want, size_t off, size_t n, size_t chunk)
{
    s->mem = mem;
    s->want = want;
    s->p = mem + LINE + off;
    s->len = LINE + off + n + LINE;
    s->n = n;
    s->prev = 0;
    s->polls = 0;
    s->chunk = chunk;
    memset(mem, CANARY, LINE + off);
    memset(s->p + n, CANARY, LINE);
    for (size_t i = 0; i < n; i += 251)
        memcpy(s->p + i, sweep_pattern, n - i < 251 ? n - i : 251);
    memcpy(want, mem, s->len);
}

static void sweep_finish(sweep *s)
{
    memset(s->want + (s->p - s->mem) + s->prev, 0, s->n - s->prev);
    assert_true(memcmp(s->mem, s->want, s->len) == 0);
}

/* Lengths 0 .. 4096 at each of the 64 start offsets in a cache line, in
 * chunks of 1000 bytes (so that chunk edges fall at every alignment too),
 * through memset and through each non-temporal kernel the CPU has, forced
 * on from the first byte through the dispatch module. */
static void every_byte_after_every_chunk(void **state)
{
    (void)state;
    size_t cap = 2 * LINE + LINE + SWEEP_MAX;
    uint8_t *mem = aligned_alloc(LINE, cap);
    uint8_t *want = malloc(cap);
    assert_non_null(mem);
    assert_non_null(want);
    int best = lepack_cpu_best_level();
    for (int level = LEPACK_CPU_NONE; level <= best; level++) {
        assert_int_equal(lepack_cpu_zero_select(level, 1), level);
        const lepack_zero_family *z = lepack_cpu_zero();
        assert_true(level == LEPACK_CPU_NONE ? z->stream == NULL : z->stream != NULL);
        for (size_t n = 0; n <= SWEEP_MAX; n++) {
            for (size_t off = 0; off < LINE; off++) {
                const size_t chunk = 1000;
                sweep s;
                sweep_start(&s, mem, want, off, n, chunk);
                size_t done = SIZE_MAX;
                assert_int_equal(lepack_zero(s.p, n, chunk, sweep_poll, &s, &done), LEPACK_OK);
                assert_int_equal(done, n);
                assert_int_equal(s.polls, n == 0 ? 0 : (n - 1) / chunk);
                sweep_finish(&s);
            }
        }
    }
    lepack_cpu_zero_select(-1, 0);
    free(mem);
    free(want);
}

/* The kernels on their own, at every offset and length up to four lines
 * past a 256-byte block: exactly the range, nothing around it. */
static void stream_kernels_exact(void **state)
{
    (void)state;
#if defined(__x86_64__) && !defined(LEPACK_PORTABLE)
    static const lepack_zero_kernel kernels[] = {lepack_kern_zero_stream_sse2,
                                                 lepack_kern_zero_stream_avx2,
                                                 lepack_kern_zero_stream_avx512};
    uint8_t *mem = aligned_alloc(LINE, 4 * LINE + 1024);
    uint8_t *want = malloc(4 * LINE + 1024);
    assert_non_null(mem);
    assert_non_null(want);
    int best = lepack_cpu_best_level();
    for (int k = 0; k < best && k < 3; k++) {
        for (size_t n = 0; n <= 4 * 256 - 1; n++) {
            for (size_t off = 0; off < LINE; off++) {
                sweep s;
                sweep_start(&s, mem, want, off, n, 0);
                kernels[k](s.p, n);
                sweep_finish(&s);
            }
        }
    }
    free(mem);
    free(want);
#else
    skip();
#endif
}

/* ---- the pause-budget mode ------------------------------------------------ */

/* A fake clock: the time of a zeroing that runs at ns_per_kib, read from
 * how much of the buffer is zero (a binary search over the zeroed prefix:
 * the pattern has no zero byte), with `slow_from` bytes on running
 * slow_factor times slower, as fresh pages after touched ones do. */
typedef struct fake_clock {
    const uint8_t *p;
    size_t n;
    uint64_t ns_per_kib;
    size_t slow_from;
    uint64_t slow_factor;
    uint64_t base;
    uint64_t reads;
} fake_clock;

static size_t zero_prefix(const uint8_t *p, size_t n)
{
    size_t lo = 0, hi = n; /* p[0 .. lo) zero, p[hi] nonzero or end */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p[mid] == 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static uint64_t fake_now(void *ctx)
{
    fake_clock *c = ctx;
    size_t z = zero_prefix(c->p, c->n);
    size_t fast = z < c->slow_from ? z : c->slow_from;
    size_t slow = z - fast;
    c->reads++;
    return c->base + (uint64_t)fast * c->ns_per_kib / 1024 +
           (uint64_t)slow * c->ns_per_kib * c->slow_factor / 1024;
}

/* Gaps between polls, in the fake clock's time. */
typedef struct gap_log {
    fake_clock *clock;
    uint64_t last;
    uint64_t longest;
    size_t polls;
    size_t prev;
    size_t n;
    const uint8_t *p;
    size_t stop_at;
    uint64_t budget; /* gaps longer than this are counted in over */
    size_t over;
} gap_log;

static int gap_poll(void *ctx, size_t done)
{
    gap_log *g = ctx;
    assert_true(done > g->prev && done < g->n);
    /* the prefix is zero, the next byte not yet */
    assert_int_equal(g->p[done - 1], 0);
    assert_int_equal(g->p[done], (uint8_t)(done % 251 + 1));
    uint64_t t = fake_now(g->clock);
    g->clock->reads--;
    if (t - g->last > g->longest)
        g->longest = t - g->last;
    if (g->budget != 0 && t - g->last > g->budget)
        g->over++;
    g->last = t;
    g->prev = done;
    g->polls++;
    return g->polls == g->stop_at;
}

static uint8_t *pattern(size_t n)
{
    uint8_t *p = malloc(n);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i % 251 + 1);
    return p;
}

/* At a steady speed every gap stays within the budget, fast or slow
 * memory alike, and the chunks are not needlessly small: the number of
 * polls is within a few of the fewest the budget allows. */
static void timed_gaps_hold_at_steady_speed(void **state)
{
    (void)state;
    const size_t n = (size_t)16 << 20;
    uint8_t *p = pattern(n);
    /* ns per KiB: 25 (about 40 GB/s, touched), 400 (2.5 GB/s, fresh
     * pages), 1500 (a slow machine's page faults) */
    static const uint64_t speeds[] = {25, 400, 1500};
    static const uint64_t budgets[] = {100000, 50000, 1000000};
    for (size_t si = 0; si < 3; si++) {
        for (size_t bi = 0; bi < 3; bi++) {
            for (size_t i = 0; i < n; i++)
                p[i] = (uint8_t)(i % 251 + 1);
            fake_clock c = {p, n, speeds[si], SIZE_MAX, 1, 1000, 0};
            gap_log g = {&c, 0, 0, 0, 0, n, p, 0, 0, 0};
            g.last = fake_now(&c);
            c.reads = 0;
            lepack_clock_set(fake_now, &c);
            size_t done = 0;
            assert_int_equal(lepack_zero_timed(p, n, budgets[bi], gap_poll, &g, &done), LEPACK_OK);
            lepack_clock_set(NULL, NULL);
            assert_int_equal(done, n);
            assert_int_equal(zero_prefix(p, n), n);
            uint64_t total = (uint64_t)n / 1024 * speeds[si];
            uint64_t end = c.base + total;
            if (end - g.last > g.longest)
                g.longest = end - g.last;
            assert_true(g.longest <= budgets[bi]);
            /* Chunks aim at a quarter of the budget, in whole pages: once past the
             * ramp from the first chunk (a few doublings) no chunk is
             * shorter than that, so the polls number n / that chunk and a
             * few. */
            uint64_t aim = budgets[bi] / 4 * 1024 / speeds[si] / 4096 * 4096;
            assert_true(g.polls <= n / aim + 16);
            /* one clock read per chunk, the last excepted */
            assert_int_equal(c.reads, g.polls + 1);
        }
    }
    free(p);
}

/* From fast to ten times slower half way: the first slow chunk overruns
 * (no clock can tell beforehand), the next ones are back within budget. */
static void timed_adapts_to_a_slowdown(void **state)
{
    (void)state;
    const size_t n = (size_t)8 << 20;
    uint8_t *p = pattern(n);
    fake_clock c = {p, n, 25, n / 2, 10, 0, 0};
    lepack_clock_set(fake_now, &c);
    gap_log g = {&c, 0, 0, 0, 0, n, p, 0, 100000, 0};
    size_t done = 0;
    assert_int_equal(lepack_zero_timed(p, n, 100000, gap_poll, &g, &done), LEPACK_OK);
    lepack_clock_set(NULL, NULL);
    assert_int_equal(done, n);
    assert_int_equal(zero_prefix(p, n), n);
    /* a quarter of the budget at the fast speed is 1 MiB, 10 times that
     * quarter when slow: the overrun is bounded by that one chunk */
    assert_true(g.longest <= 10 * 25000 + 25000);
    /* The chunk that crosses into the slow half, and the one after it
     * (sized from a speed half fast, half slow), may overrun; from then on
     * every gap is within budget.  After the crossing at least 2 MiB of
     * slow memory is left, half a millisecond: ten chunks or more. */
    assert_true(g.over <= 2);
    assert_true(g.polls >= 10);
    free(p);
}

/* A clock that jumps anywhere (back, far ahead, standing still): the
 * contract holds whatever it reads. */
static uint64_t wild_now(void *ctx)
{
    test_rng *r = ctx;
    uint64_t v = test_rng_next(r);
    switch (v % 4) {
    case 0:
        return 0;
    case 1:
        return UINT64_MAX - (v >> 8);
    default:
        return v >> (v % 60);
    }
}

static void timed_any_clock_stop_resume(void **state)
{
    (void)state;
    test_rng rng = {24};
    lepack_clock_set(wild_now, &rng);
    for (int round = 0; round < 120; round++) {
        size_t n = (size_t)(test_rng_next(&rng) % (1u << 20));
        uint64_t budget = test_rng_next(&rng) % 4 == 0 ? 1 : test_rng_next(&rng) % 2000000 + 1;
        guarded g;
        guarded_init(&g, n);
        gap_log log = {NULL, 0, 0, 0, 0, n, g.p, (size_t)(test_rng_next(&rng) % 8), 0, 0};
        fake_clock dummy = {g.p, n, 0, SIZE_MAX, 1, 0, 0};
        log.clock = &dummy;
        size_t done = SIZE_MAX;
        lepack_status st = lepack_zero_timed(g.p, n, budget, gap_poll, &log, &done);
        if (st == LEPACK_ESTOPPED) {
            assert_true(log.stop_at != 0 && log.polls == log.stop_at);
            assert_true(done > 0 && done < n);
            for (size_t k = done; k < n; k++)
                if (g.p[k] != (uint8_t)(k % 251 + 1))
                    fail_msg("byte %zu of %zu past the stop at %zu changed", k, n, done);
            size_t more = 0;
            assert_int_equal(lepack_zero_timed(g.p + done, n - done, budget, NULL, NULL, &more),
                             LEPACK_OK);
            assert_int_equal(more, n - done);
        } else {
            assert_int_equal(st, LEPACK_OK);
            assert_int_equal(done, n);
        }
        assert_int_equal(zero_prefix(g.p, n), n);
        assert_true(n == 0 || (g.p[0] == 0 && memcmp(g.p, g.p + 1, n - 1) == 0));
        guards_intact(&g);
        free(g.mem);
    }
    lepack_clock_set(NULL, NULL);
}

/* Timed chunks through each non-temporal kernel, every byte compared
 * after every chunk, at a few offsets. */
static void timed_every_byte_after_every_chunk(void **state)
{
    (void)state;
    const size_t n = (size_t)600 << 10;
    uint8_t *mem = aligned_alloc(LINE, 3 * LINE + n);
    uint8_t *want = malloc(3 * LINE + n);
    assert_non_null(mem);
    assert_non_null(want);
    test_rng rng = {4096};
    lepack_clock_set(wild_now, &rng);
    int best = lepack_cpu_best_level();
    for (int level = LEPACK_CPU_NONE; level <= best; level++) {
        lepack_cpu_zero_select(level, 1);
        for (size_t off = 0; off < LINE; off += 9) {
            sweep s;
            sweep_start(&s, mem, want, off, n - off, 0);
            size_t done = 0;
            assert_int_equal(lepack_zero_timed(s.p, s.n, 100000, sweep_poll, &s, &done),
                             LEPACK_OK);
            assert_int_equal(done, s.n);
            assert_true(s.polls > 0);
            sweep_finish(&s);
        }
    }
    lepack_cpu_zero_select(-1, 0);
    lepack_clock_set(NULL, NULL);
    free(mem);
    free(want);
}

/* Refusals write nothing; up to the first chunk there is no poll. */
static void timed_refusals_and_small(void **state)
{
    (void)state;
    guarded g;
    guarded_init(&g, 64);
    size_t calls = 0, done = 12345;
    assert_int_equal(lepack_zero_timed(g.p, 64, 0, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero_timed(NULL, 1, 100000, count_poll, &calls, &done),
                     LEPACK_EINVAL);
    uint8_t *top = (uint8_t *)UINTPTR_MAX;
    assert_int_equal(lepack_zero_timed(top, 2, 100000, count_poll, &calls, &done), LEPACK_EINVAL);
    assert_int_equal(lepack_zero_timed(g.p, SIZE_MAX, 100000, count_poll, &calls, &done),
                     LEPACK_EINVAL);
    assert_int_equal(done, 12345);
    assert_int_equal(calls, 0);
    for (size_t k = 0; k < 64; k++)
        assert_int_equal(g.p[k], (uint8_t)(k % 251 + 1));
    guards_intact(&g);
    assert_int_equal(lepack_zero_timed(NULL, 0, 1, count_poll, &calls, &done), LEPACK_OK);
    assert_int_equal(done, 0);
    assert_int_equal(lepack_zero_timed(g.p, 64, UINT64_MAX, count_poll, &calls, &done),
                     LEPACK_OK);
    assert_int_equal(done, 64);
    assert_int_equal(calls, 0);
    for (size_t k = 0; k < 64; k++)
        assert_int_equal(g.p[k], 0);
    guards_intact(&g);
    free(g.mem);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zeroes_exactly_the_range),
        cmocka_unit_test(stop_at_every_poll_then_resume),
        cmocka_unit_test(one_chunk_never_polls),
        cmocka_unit_test(refusals_write_nothing),
        cmocka_unit_test(random_against_ref),
        cmocka_unit_test(every_byte_after_every_chunk),
        cmocka_unit_test(stream_kernels_exact),
        cmocka_unit_test(timed_gaps_hold_at_steady_speed),
        cmocka_unit_test(timed_adapts_to_a_slowdown),
        cmocka_unit_test(timed_any_clock_stop_resume),
        cmocka_unit_test(timed_every_byte_after_every_chunk),
        cmocka_unit_test(timed_refusals_and_small),
        cmocka_unit_test_teardown(alloc_default_is_zeroed, reset_allocator),
        cmocka_unit_test_teardown(alloc_refusals_leave_out, reset_allocator),
        cmocka_unit_test_teardown(alloc_through_realloc_hook, reset_allocator),
        cmocka_unit_test_teardown(alloc_through_calloc_hook, reset_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
