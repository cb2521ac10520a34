/* SPDX-License-Identifier: Apache-2.0 */
/* Every allocation lepack makes can fail, and a failure must leave the
 * message exactly as it was: same size, same wire bytes, same next_counter
 * state, and no leak.
 *
 * A counting allocator behind lepack_set_allocator fails its k-th call.  A
 * fixed scenario that reaches every allocation point (initial capacity,
 * growth by add, by decode and by the sized decode, from no storage too,
 * building the map, growing the built map) is
 * replayed for every k, side by side with the reference in ref/ (which does
 * not use the hook).  When lepack reports LEPACK_ENOMEM the reference skips
 * the step, so from then on both must still agree byte for byte. */
#include "test_util.h"

#include "alloc.h"
#include "counters.h"
#include "le.h"
#include "ref.h"

typedef struct counting {
    long calls;    /* realloc_fn calls so far */
    long fail_at;  /* the call to fail, 0 for none */
    long failures; /* calls failed */
    long live;     /* blocks handed out and not yet freed */
} counting;

static counting A;

static void *counting_realloc(void *ctx, void *ptr, size_t size)
{
    counting *c = ctx;
    c->calls++;
    if (c->calls == c->fail_at) {
        c->failures++;
        return NULL;
    }
    void *q = realloc(ptr, size);
    if (q != NULL && ptr == NULL)
        c->live++;
    return q;
}

static void counting_free(void *ctx, void *ptr)
{
    counting *c = ctx;
    c->live--;
    free(ptr);
}

static int install(void **state)
{
    (void)state;
    const lepack_allocator a = {counting_realloc, counting_free, &A};
    memset(&A, 0, sizeof A);
    lepack_set_allocator(&a);
    return 0;
}

static int uninstall(void **state)
{
    (void)state;
    lepack_set_allocator(NULL);
    return 0;
}

enum op_kind { OP_ADD, OP_NEXT, OP_DECODE, OP_DECODE_SIZED, OP_CLEAR, OP_SHRINK };

typedef struct op {
    enum op_kind kind;
    int32_t partition;
    int64_t initial;
    size_t items; /* OP_DECODE: items in the source; OP_DECODE_SIZED: the size field */
} op;

#define MAX_OPS 128
#define PARTITIONS 40

static op script[MAX_OPS];
static size_t nscript;
static uint8_t decode_src[64 * LEPACK_ITEM_SIZE];

static void push(enum op_kind k, int32_t p, int64_t init, size_t items)
{
    assert_true(nscript < MAX_OPS);
    script[nscript].kind = k;
    script[nscript].partition = p;
    script[nscript].initial = init;
    script[nscript].items = items;
    nscript++;
}

static void build_script(void)
{
    nscript = 0;
    for (int32_t i = 0; i < 6; i++) /* grows from capacity 1 */
        push(OP_ADD, i % 4, (int64_t)i * 10, 0);
    push(OP_NEXT, 1, 0, 0);             /* builds the map */
    push(OP_NEXT, 2, 0, 0);
    push(OP_NEXT, 99, 0, 0);            /* absent */
    for (int32_t i = 0; i < 24; i++)    /* grows the items and the built map */
        push(OP_ADD, 10 + i, INT64_MAX - i, 0);
    push(OP_NEXT, 10, 0, 0);
    push(OP_SHRINK, 0, 0, 0);           /* trims the spare items, map kept */
    push(OP_NEXT, 1, 0, 0);
    push(OP_DECODE, 0, 0, 50);          /* grows by decode, drops the map */
    push(OP_NEXT, 3, 0, 0);             /* rebuilds it, now larger */
    push(OP_ADD, 3, -5, 0);
    push(OP_NEXT, 3, 0, 0);
    push(OP_CLEAR, 0, 0, 0);
    push(OP_SHRINK, 0, 0, 0);           /* empty: frees, no allocation */
    push(OP_DECODE_SIZED, 0, 0, 5);     /* grows from no storage, spare bytes after */
    push(OP_NEXT, 4, 0, 0);
    push(OP_ADD, 7, 70, 0);
    push(OP_NEXT, 7, 0, 0);
    push(OP_DECODE, 0, 0, 0);
    push(OP_DECODE, 0, 0, 3);
    push(OP_DECODE_SIZED, 0, 0, 60);    /* grows by the sized decode */
    push(OP_NEXT, 4, 0, 0);
    push(OP_ADD, 1, 1, 0);
    for (size_t k = 0; k < 64; k++) {
        uint8_t *item = decode_src + k * LEPACK_ITEM_SIZE;
        le_store_i32(item, (int32_t)(k % PARTITIONS));
        le_store_i64(item + 4, -(int64_t)k * 1000);
        le_store_i64(item + 12, (int64_t)k);
    }
}

static void compare_wire(const lepack_counters *m, const ref_counters *r)
{
    uint8_t want[128 * LEPACK_ITEM_SIZE];
    size_t n = 0, len = 0;
    assert_int_equal(ref_encode(r, want, sizeof want, &n), REF_OK);
    const uint8_t *w = lepack_counters_wire(m, &len);
    assert_int_equal(len, n);
    assert_int_equal(lepack_counters_size(m), r->size);
    if (n > 0)
        assert_memory_equal(w, want, n);
}

/* Runs the script with the k-th allocation failing (k == 0: none).
 * Returns the number of allocation calls the script made. */
static long run_script(long k)
{
    lepack_counters m;
    ref_counters r;
    A.calls = 0;
    A.fail_at = k;
    A.failures = 0;
    memset(&m, 0x6B, sizeof m);
    lepack_status st = lepack_counters_init(&m, 5, 1);
    if (st == LEPACK_ENOMEM) {
        /* A failed init leaves *m as it was. */
        lepack_counters pristine;
        memset(&pristine, 0x6B, sizeof pristine);
        assert_memory_equal(&m, &pristine, sizeof m);
        assert_int_equal(A.failures, 1);
        assert_int_equal(A.live, 0);
        return A.calls;
    }
    assert_int_equal(st, LEPACK_OK);
    assert_int_equal(ref_init(&r, 5), REF_OK);
    long enomem = 0;
    for (size_t i = 0; i < nscript; i++) {
        const op *o = &script[i];
        test_snapshot before;
        test_snapshot_take(&before, &m);
        int64_t out = 0x77, rout = 0x77;
        int rst = REF_OK;
        switch (o->kind) {
        case OP_ADD:
            st = lepack_counters_add(&m, o->partition, o->initial, -o->initial);
            if (st != LEPACK_ENOMEM)
                rst = ref_add(&r, o->partition, o->initial, -o->initial);
            break;
        case OP_NEXT:
            st = lepack_counters_next_counter(&m, o->partition, &out);
            if (st != LEPACK_ENOMEM)
                rst = ref_next_counter(&r, o->partition, &rout);
            break;
        case OP_DECODE:
            st = lepack_counters_decode(&m, decode_src, o->items * LEPACK_ITEM_SIZE);
            if (st != LEPACK_ENOMEM)
                rst = ref_decode(&r, decode_src, o->items * LEPACK_ITEM_SIZE);
            break;
        case OP_DECODE_SIZED:
            st = lepack_counters_decode_sized(&m, decode_src, sizeof decode_src,
                                              (int32_t)o->items);
            if (st != LEPACK_ENOMEM)
                rst = ref_decode_sized(&r, decode_src, sizeof decode_src, (int32_t)o->items);
            break;
        case OP_CLEAR:
            lepack_counters_clear(&m);
            ref_clear(&r);
            st = LEPACK_OK;
            break;
        case OP_SHRINK: {
            size_t cap = m.capacity;
            st = lepack_counters_shrink(&m);
            if (st == LEPACK_ENOMEM)
                assert_int_equal(m.capacity, cap); /* the spare room is kept too */
            else
                assert_int_equal(m.capacity, lepack_counters_size(&m));
            rst = REF_OK;
            break;
        }
        }
        if (st == LEPACK_ENOMEM) {
            enomem++;
            test_snapshot_check(&before, &m);
            assert_true(out == 0x77);
        } else {
            assert_int_equal(st, rst);
            assert_true(out == rout);
        }
        test_snapshot_free(&before);
        compare_wire(&m, &r);
    }
    long calls = A.calls;
    /* Every k must have hit exactly one call and been reported once; a
     * swallowed failure (status OK after a NULL) would fail here. */
    if (k > 0 && k <= calls) {
        assert_int_equal(A.failures, 1);
        assert_int_equal(enomem, 1);
    } else {
        assert_int_equal(enomem, 0);
    }
    /* The counters themselves survived: every partition's next value, with
     * allocation working again. */
    A.fail_at = 0;
    for (int32_t p = -1; p <= PARTITIONS + 40; p++) {
        int64_t out = 0x99, rout = 0x99;
        lepack_status a = lepack_counters_next_counter(&m, p, &out);
        int b = ref_next_counter(&r, p, &rout);
        assert_int_equal(a, b);
        assert_true(out == rout);
    }
    assert_int_equal(lepack_counters_cache_id(&m), 5);
    lepack_counters_free(&m);
    ref_free(&r);
    assert_int_equal(A.live, 0);
    return calls;
}

static void every_allocation_fails_once(void **state)
{
    (void)state;
    build_script();
    long total = run_script(0);
    /* init, several growths by add and decode, the map built three times
     * and grown while built: far more than a handful of points. */
    assert_true(total >= 10);
    for (long k = 1; k <= total; k++)
        run_script(k);
    print_message("alloc_failure: %ld allocation points checked\n", total);
}

/* The map growth path alone: a built map at exactly its load limit, then an
 * add whose map reservation fails.  The item must not be added (size, wire)
 * and the old counters must keep counting. */
static void built_map_growth_fails(void **state)
{
    (void)state;
    lepack_counters m;
    int64_t out = 0;
    A.fail_at = 0;
    A.failures = 0;
    assert_int_equal(lepack_counters_init(&m, 0, 64), LEPACK_OK);
    for (int32_t p = 0; p < 8; p++)
        assert_int_equal(lepack_counters_add(&m, p, p * 100, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 0, &out), LEPACK_OK);
    assert_true(out == 1);
    /* Capacity is ample, so the next allocation is the map's. */
    test_snapshot s;
    test_snapshot_take(&s, &m);
    A.fail_at = A.calls + 1;
    assert_int_equal(lepack_counters_add(&m, 8, 800, 0), LEPACK_ENOMEM);
    assert_int_equal(A.failures, 1);
    test_snapshot_check(&s, &m);
    test_snapshot_free(&s);
    assert_int_equal(lepack_counters_next_counter(&m, 8, &out), LEPACK_ENOTFOUND);
    assert_int_equal(lepack_counters_next_counter(&m, 0, &out), LEPACK_OK);
    assert_true(out == 2);
    assert_int_equal(lepack_counters_add(&m, 8, 800, 0), LEPACK_OK);
    assert_int_equal(lepack_counters_next_counter(&m, 8, &out), LEPACK_OK);
    assert_true(out == 801);
    lepack_counters_free(&m);
    assert_int_equal(A.live, 0);
}

/* reserve's two allocations, the items' and (the map built) the map's, each
 * failing in turn: LEPACK_ENOMEM, the message as it was, its counters still
 * counting; then the same reserve succeeds and a span fills it. */
static void reserve_fails(void **state)
{
    (void)state;
    for (int which = 1; which <= 2; which++) {
        lepack_counters m;
        int64_t out = 0;
        A.fail_at = 0;
        A.failures = 0;
        assert_int_equal(lepack_counters_init(&m, 0, 8), LEPACK_OK);
        for (int32_t p = 0; p < 8; p++)
            assert_int_equal(lepack_counters_add(&m, p, p * 100, 0), LEPACK_OK);
        assert_int_equal(lepack_counters_next_counter(&m, 0, &out), LEPACK_OK);
        test_snapshot s;
        test_snapshot_take(&s, &m);
        A.fail_at = A.calls + which;
        assert_int_equal(lepack_counters_reserve(&m, 100), LEPACK_ENOMEM);
        assert_int_equal(A.failures, 1);
        test_snapshot_check(&s, &m);
        test_snapshot_free(&s);
        assert_int_equal(lepack_counters_next_counter(&m, 0, &out), LEPACK_OK);
        assert_true(out == 2);
        A.fail_at = 0;
        assert_int_equal(lepack_counters_reserve(&m, 100), LEPACK_OK);
        lepack_counters_span sp = lepack_counters_append_span(&m, 100);
        assert_int_equal(sp.count, 100);
        for (size_t i = 0; i < sp.count; i++)
            lepack_counters_span_store(sp, i, (int32_t)(8 + i), (int64_t)(8 + i) * 100, 0);
        assert_int_equal(lepack_counters_append_commit(&m, sp, sp.count), LEPACK_OK);
        assert_int_equal(lepack_counters_next_counter(&m, 107, &out), LEPACK_OK);
        assert_true(out == 10701);
        lepack_counters_free(&m);
        assert_int_equal(A.live, 0);
    }
}

/* A hook that refuses everything: init with capacity 0 needs no memory,
 * and the first add reports ENOMEM with the message still empty. */
static void no_memory_at_all(void **state)
{
    (void)state;
    lepack_counters m;
    A.calls = 0;
    A.failures = 0;
    A.fail_at = 0;
    assert_int_equal(lepack_counters_init(&m, 1, 0), LEPACK_OK);
    assert_int_equal(A.calls, 0);
    for (int i = 0; i < 3; i++) {
        A.fail_at = A.calls + 1;
        assert_int_equal(lepack_counters_add(&m, 1, 1, 1), LEPACK_ENOMEM);
        assert_int_equal(lepack_counters_size(&m), 0);
    }
    assert_int_equal(A.failures, 3);
    A.fail_at = 0;
    int64_t out = 5;
    assert_int_equal(lepack_counters_next_counter(&m, 1, &out), LEPACK_ENOTFOUND);
    assert_true(out == 5);
    lepack_counters_free(&m);
    assert_int_equal(A.live, 0);
}

/* A hook that refuses every request and records the sizes asked for. */
typedef struct refusing {
    long calls;
    size_t sizes[4];
} refusing;

static void *refusing_realloc(void *ctx, void *ptr, size_t size)
{
    refusing *c = ctx;
    (void)ptr;
    if (c->calls < 4)
        c->sizes[c->calls] = size;
    c->calls++;
    return NULL;
}

static void refusing_free(void *ctx, void *ptr)
{
    (void)ctx;
    (void)ptr;
    fail_msg("free of a block the refusing hook never handed out");
}

/* The largest capacity init accepts: exactly LEPACK_MAX_ITEMS items, whose
 * byte count still fits a size_t (on a 32-bit target 4294967280 bytes, the
 * most any real allocator could be asked for there).  init must ask the
 * hook for exactly that many bytes, and the refusal is ENOMEM with *m
 * untouched, not EOVERFLOW (which belongs to one item more, refused without
 * asking). */
static void init_at_max_items_refused(void **state)
{
    refusing r;
    memset(&r, 0, sizeof r);
    const lepack_allocator a = {refusing_realloc, refusing_free, &r};
    lepack_set_allocator(&a);
    lepack_counters m, pristine;
    memset(&m, 0x5A, sizeof m);
    memcpy(&pristine, &m, sizeof m);

    assert_int_equal(lepack_counters_init(&m, 9, LEPACK_MAX_ITEMS), LEPACK_ENOMEM);
    assert_int_equal(r.calls, 1);
    assert_true(r.sizes[0] == (size_t)LEPACK_MAX_ITEMS * LEPACK_ITEM_SIZE);
    assert_true(r.sizes[0] / LEPACK_ITEM_SIZE == LEPACK_MAX_ITEMS);
    assert_true(r.sizes[0] > SIZE_MAX - LEPACK_ITEM_SIZE);
    assert_memory_equal(&m, &pristine, sizeof m);

    print_message("alloc_failure: init at LEPACK_MAX_ITEMS = %zu items asked for %zu bytes: ENOMEM\n",
                  (size_t)LEPACK_MAX_ITEMS, r.sizes[0]);
    assert_int_equal(lepack_counters_init(&m, 9, LEPACK_MAX_ITEMS + 1), LEPACK_EOVERFLOW);
    assert_int_equal(r.calls, 1);
    assert_memory_equal(&m, &pristine, sizeof m);

    /* Growth to the limit: a (faked) message one item short of it grows to
     * exactly LEPACK_MAX_ITEMS, and the refusal leaves it as it was. */
    assert_int_equal(lepack_counters_init(&m, 9, 0), LEPACK_OK);
    m.size = LEPACK_MAX_ITEMS - 1;
    m.capacity = LEPACK_MAX_ITEMS - 1;
    assert_int_equal(lepack_counters_add(&m, 1, 2, 3), LEPACK_ENOMEM);
    assert_int_equal(r.calls, 2);
    assert_true(r.sizes[1] == (size_t)LEPACK_MAX_ITEMS * LEPACK_ITEM_SIZE);
    assert_true(m.size == LEPACK_MAX_ITEMS - 1 && m.capacity == LEPACK_MAX_ITEMS - 1);
    assert_null(m.data);
    m.size = 0;
    m.capacity = 0;
    lepack_counters_free(&m);
    install(state); /* the group's counting hook again */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_allocation_fails_once),
        cmocka_unit_test(built_map_growth_fails),
        cmocka_unit_test(reserve_fails),
        cmocka_unit_test(no_memory_at_all),
        cmocka_unit_test(init_at_max_items_refused),
    };
    return cmocka_run_group_tests_name("alloc_failure", tests, install, uninstall);
}
