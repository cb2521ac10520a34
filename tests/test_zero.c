/* SPDX-License-Identifier: Apache-2.0 */
/* src/zero.h: chunked zeroing with polls and stops, its refusals, and the
 * zeroed allocation through the allocator hook. */
#include "test_util.h"

#include "alloc.h"
#include "ref.h"
#include "ref_zero.h"
#include "zero.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(zeroes_exactly_the_range),
        cmocka_unit_test(stop_at_every_poll_then_resume),
        cmocka_unit_test(one_chunk_never_polls),
        cmocka_unit_test(refusals_write_nothing),
        cmocka_unit_test(random_against_ref),
        cmocka_unit_test_teardown(alloc_default_is_zeroed, reset_allocator),
        cmocka_unit_test_teardown(alloc_refusals_leave_out, reset_allocator),
        cmocka_unit_test_teardown(alloc_through_realloc_hook, reset_allocator),
        cmocka_unit_test_teardown(alloc_through_calloc_hook, reset_allocator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
