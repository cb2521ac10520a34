/* SPDX-License-Identifier: Apache-2.0 */
/* counters_ops: a program of operations run on lepack_counters and on the
 * reference ref_counters side by side.  After every step the size, the cache
 * id and the full wire bytes must agree, as must every result and status.
 *
 * Input: 4 bytes cache id, one capacity byte, then operations, each an op
 * byte followed by its operands:
 *   0 add        partition, initial (8), updates (8)
 *   1 get        index byte: all three fields at that index
 *   2 encode     cap selector byte, extra byte
 *   3 decode     length byte n, then n bytes
 *   4 next       partition
 *   5 clear
 *   6 fail       k: the k-th allocation from now fails (0 = the next one)
 *   7 init       cache id (4), capacity byte (free first)
 *   8 grown      two selector bytes and two 8-byte numbers: grown_capacity
 *   9 status     status byte: strerror, status_name (and the version)
 *  10 limits     a message at LEPACK_MAX_ITEMS refuses to grow
 *  11 add many   count byte, partition byte
 *  12 shrink     (op bytes 252..254): trim the storage to the items
 *  13 append     (op byte 255): count byte c, commit byte d, partition: a
 *                span (lepack_counters_reserve for n = c % 64 items unless
 *                bit 7 of c is set, then append_span of n, the items add
 *                many would add stored into it, then commit of d % (n + 2)
 *                of them; bit 6 of c adds an item between the span and its
 *                commit).  The span must be n items when the room (the
 *                smaller of the items' and the map's) holds n, else empty;
 *                a commit past the span or of a stale span must answer
 *                LEPACK_EINVAL and change nothing; a commit of k items adds
 *                the first k to the reference
 * Op bytes 248 .. 251 select the batch operations, each with an item list
 * L: a count byte n (n % 72 items, enough for whole vector blocks and a
 * tail), a mode byte, then with mode bit 0 set one partition operand and
 * two 8-byte numbers per item read from the input, else a 4-byte seed the
 * items are generated from:
 *  248 add items   L: lepack_counters_add_items against ref_add_items
 *  249 get items   index byte, count byte: lepack_counters_get_items
 *  250 vectors     L: every path of src/items.h (scalar, AVX2, AVX-512, its
 *                  non-temporal form, the dispatch) packs L and unpacks ref's
 *                  bytes of L, each into an exact-size buffer, compared with
 *                  ref; so do the record spans of src/span.h.  The buffers
 *                  sit at an offset, from the mode byte, into 64-byte
 *                  aligned blocks (bits 1-3: items at 8 * k, bits 4-7: wire
 *                  bytes at 4 * k, 62 for k = 15), so that the non-temporal
 *                  paths run their unaligned head (or give up on a wire
 *                  address that no item count aligns)
 *  251 as 250; with mode bits 6 and 7 set (and items generated, bit 0
 *                  clear), once per input and only for one input in 8 (by
 *                  a hash of its bytes): 2^18 + (n % 72) items through
 *                  lepack_items_store/load and the vector and non-temporal
 *                  paths, the size from which the dispatch streams
 * Other op bytes select op (byte % 12), so that the committed corpus kept
 * its meaning when shrink and the batches were added (255 was a shrink
 * before append took it).
 * A partition operand is one byte: bit 7 set means 4 more bytes give the
 * value, else (byte & 7) - 4, so that partitions repeat and next_counter's
 * map sees collisions and overwrites.
 *
 * When lepack reports LEPACK_ENOMEM, an injected failure must have happened
 * during that step, the message must be as it was, and the reference skips
 * the step.  An injected failure that lepack does not report is a mismatch. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "counters.h"
#include "items.h"
#include "le.h"
#include "ref.h"
#include "span.h"
#include "status.h"
#include "version.h"

#include "fuzz_check.h"
#include "fuzz_reader.h"

#define OPS_MAX_STEPS 512u
#define OPS_MAX_ITEMS 256u
/* Room for the wire bytes of any message a program can build. */
#define OPS_MAX_WIRE (OPS_MAX_ITEMS * LEPACK_ITEM_SIZE)

/* Scratch space for the per-step comparisons: static, not per-step malloc,
 * so that a step costs little more than the operation it checks. */
static uint8_t snap_wire[OPS_MAX_WIRE];
static uint8_t ref_wire[OPS_MAX_WIRE];

/* --- allocator with an injectable failure ------------------------------- */

typedef struct fail_alloc {
    long countdown; /* allocations to let through before one fails; -1: none */
    int failed;     /* a failure was injected since the flag was cleared */
} fail_alloc;

static fail_alloc fa;

static void *fa_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    if (fa.countdown == 0) {
        fa.countdown = -1;
        fa.failed = 1;
        return NULL;
    }
    if (fa.countdown > 0)
        fa.countdown--;
    return realloc(ptr, size);
}

static void fa_free(void *ctx, void *ptr)
{
    (void)ctx;
    free(ptr);
}

/* "PREFIX: SUFFIX", formatted only when a check fails. */
static const char *label(const char *prefix, const char *suffix)
{
    static char text[128];
    snprintf(text, sizeof text, "%s: %s", prefix, suffix);
    return text;
}

static const char *get_label(size_t i, size_t size, const char *field)
{
    static char text[128];
    snprintf(text, sizeof text, "get index %zu of %zu: %s", i, size, field);
    return text;
}

/* --- what "unchanged" means for a message -------------------------------- */

/* Everything a reader of the message can see.  The capacity is left out on
 * purpose: an add whose map growth fails may already have grown the item
 * array, which changes no item, no byte of the wire and no counter. */

typedef struct snapshot {
    size_t size;
    int32_t cache_id;
    int map_built;
    size_t map_count;
    size_t map_nslots;
    uint8_t *wire;
    size_t wire_len;
} snapshot;

static void snap_take(snapshot *s, const lepack_counters *m)
{
    size_t len = 0;
    const uint8_t *w = lepack_counters_wire(m, &len);
    s->size = lepack_counters_size(m);
    s->cache_id = lepack_counters_cache_id(m);
    s->map_built = m->map_built;
    s->map_count = m->map.count;
    s->map_nslots = m->map.nslots;
    s->wire_len = len;
    if (len > sizeof snap_wire)
        FZ_FAIL("message of %zu bytes is larger than any program makes", len);
    s->wire = snap_wire;
    if (len > 0)
        memcpy(s->wire, w, len);
}

static void snap_same(size_t step, const char *op, const snapshot *s, const lepack_counters *m)
{
    size_t len = 0;
    const uint8_t *w = lepack_counters_wire(m, &len);
    const char *what = label(op, "failed with ENOMEM but changed");
    FZ_EQ_U(step, what, lepack_counters_size(m), s->size);
    FZ_EQ_I(step, what, lepack_counters_cache_id(m), s->cache_id);
    FZ_EQ_U(step, what, m->map_built, s->map_built);
    FZ_EQ_U(step, what, m->map.count, s->map_count);
    FZ_EQ_U(step, what, m->map.nslots, s->map_nslots);
    if (s->wire == NULL)
        return; /* compared with the reference instead */
    FZ_EQ_U(step, what, len, s->wire_len);
    if (len > 0)
        FZ_EQ_BYTES(step, what, w, s->wire, len);
}

static void snap_drop(snapshot *s)
{
    s->wire = NULL;
}

/* --- operands ------------------------------------------------------------ */

static int32_t read_partition(fz_reader *r)
{
    unsigned sel = fz_u8(r);
    if (sel & 0x80)
        return fz_i32(r);
    return (int32_t)(sel & 7) - 4;
}

static size_t read_capacity(fz_reader *r)
{
    unsigned b = fz_u8(r);
    if (b == 0xff)
        return LEPACK_MAX_ITEMS + 1;
    if (b == 0xfe)
        return SIZE_MAX;
    return b % 64;
}

static size_t read_size(fz_reader *r)
{
    unsigned sel = fz_u8(r);
    uint64_t v = fz_u64(r);
    switch (sel % 5) {
    case 0:
        return (size_t)(v % 256);
    case 1:
        return LEPACK_MAX_ITEMS - (size_t)(v % 256);
    case 2:
        return SIZE_MAX - (size_t)(v % 256);
    case 3:
        return LEPACK_MAX_ITEMS / 4 * 3 + (size_t)(v % 256) - 128;
    default:
        return (size_t)v;
    }
}

/* The growth rule restated: max(need, capacity + capacity / 3) clamped to
 * LEPACK_MAX_ITEMS, 0 when need cannot be met. */
static size_t spec_grown(size_t capacity, size_t need)
{
    if (need > LEPACK_MAX_ITEMS)
        return 0;
    size_t third = capacity / 3;
    size_t grown = (capacity >= LEPACK_MAX_ITEMS || third > LEPACK_MAX_ITEMS - capacity)
                       ? LEPACK_MAX_ITEMS
                       : capacity + third;
    return grown > need ? grown : need;
}

/* --- the comparison after every step ----------------------------------- */

/* The reference's wire bytes, encoded again only after a step that can
 * change the reference: its byte loops, instrumented, would otherwise
 * dominate the run time. */
static size_t ref_wire_len;

static void compare_all(size_t step, const char *op, const lepack_counters *m,
                        const ref_counters *rm, int ref_changed)
{
    if (ref_changed) {
        ref_wire_len = rm->size * REF_ITEM_SIZE;
        size_t written = 0;
        if (ref_wire_len > sizeof ref_wire || ref_encode(rm, ref_wire, ref_wire_len, &written) != REF_OK)
            abort();
    }
    FZ_EQ_U(step, label(op, "size"), lepack_counters_size(m), rm->size);
    FZ_EQ_I(step, label(op, "cache id"), lepack_counters_cache_id(m), rm->cache_id);
    if (m->capacity < m->size || (m->capacity > 0 && m->data == NULL))
        FZ_FAIL("step %zu: after %s: capacity %zu, size %zu, data %p", step, op, m->capacity,
                m->size, (const void *)m->data);
    size_t len = 0;
    const uint8_t *w = lepack_counters_wire(m, &len);
    FZ_EQ_U(step, "wire length", len, rm->size * REF_ITEM_SIZE);
    if ((len == 0) != (w == NULL))
        FZ_FAIL("step %zu: after %s: wire %p for %zu bytes", step, op, (const void *)w, len);
    if (len > 0)
        FZ_EQ_BYTES(step, label(op, "wire bytes"), w, ref_wire, len);
}

static void check_get(size_t step, const lepack_counters *m, const ref_counters *rm, size_t i)
{
    ref_item it;
    int rst = ref_item_at(rm, i, &it);
    int32_t part = 0x5a5a5a5a;
    int64_t init = 0x5a5a5a5a5a5a5a5a, upd = 0x5a5a5a5a5a5a5a5a;
    FZ_EQ_U(step, get_label(i, rm->size, "partition status"),
            lepack_counters_partition(m, i, &part), rst);
    FZ_EQ_U(step, get_label(i, rm->size, "initial counter status"),
            lepack_counters_initial_counter(m, i, &init), rst);
    FZ_EQ_U(step, get_label(i, rm->size, "updates count status"),
            lepack_counters_updates_count(m, i, &upd), rst);
    if (rst == REF_OK) {
        FZ_EQ_I(step, "partition", part, it.partition);
        FZ_EQ_I(step, "initial counter", init, it.initial_counter);
        FZ_EQ_I(step, "updates count", upd, it.updates_count);
    } else if (part != 0x5a5a5a5a || init != 0x5a5a5a5a5a5a5a5a || upd != 0x5a5a5a5a5a5a5a5a) {
        FZ_FAIL("step %zu: out-of-range get at %zu wrote its output", step, i);
    }
}

static void check_encode(size_t step, const lepack_counters *m, const ref_counters *rm,
                         unsigned sel, unsigned extra)
{
    size_t need = rm->size * REF_ITEM_SIZE;
    size_t cap;
    switch (sel % 4) {
    case 0:
        cap = need;
        break;
    case 1:
        cap = need > 0 ? need - 1 : 0;
        break;
    case 2:
        cap = need + extra;
        break;
    default:
        cap = extra;
        break;
    }
    /* Exactly cap bytes on the heap so that ASan sees any overrun. */
    uint8_t *dst = malloc(cap > 0 ? cap : 1);
    uint8_t *rdst = malloc(cap > 0 ? cap : 1);
    if (dst == NULL || rdst == NULL)
        abort();
    memset(dst, 0xee, cap);
    memset(rdst, 0xee, cap);
    size_t written = 12345, rwritten = 12345;
    lepack_status st = lepack_counters_encode(m, dst, cap, &written);
    int rst = ref_encode(rm, rdst, cap, &rwritten);
    FZ_EQ_U(step, "encode status", st, rst);
    FZ_EQ_U(step, "encode written", written, rwritten);
    FZ_EQ_BYTES(step, "encode bytes", dst, rdst, cap);
    free(dst);
    free(rdst);
}

static void check_limits(size_t step)
{
    /* A message that already holds LEPACK_MAX_ITEMS items: the fields are
     * public, and add must refuse before touching data. */
    lepack_counters big;
    memset(&big, 0, sizeof big);
    big.size = LEPACK_MAX_ITEMS;
    big.capacity = LEPACK_MAX_ITEMS;
    lepack_map_init(&big.map);
    FZ_EQ_U(step, "add at LEPACK_MAX_ITEMS", lepack_counters_add(&big, 1, 2, 3),
            LEPACK_EOVERFLOW);
    FZ_EQ_U(step, "size after refused add", big.size, LEPACK_MAX_ITEMS);
    FZ_EQ_U(step, "add_slow at LEPACK_MAX_ITEMS",
            lepack_internal_counters_add_slow(&big, 1, 2, 3), LEPACK_EOVERFLOW);
    static const lepack_counters_item one = {1, 2, 3};
    FZ_EQ_U(step, "add_items at LEPACK_MAX_ITEMS", lepack_counters_add_items(&big, &one, 1),
            LEPACK_EOVERFLOW);
    FZ_EQ_U(step, "size after refused batch", big.size, LEPACK_MAX_ITEMS);

    lepack_counter_map map;
    lepack_map_init(&map);
    FZ_EQ_U(step, "map reserve past LEPACK_MAP_MAX_ENTRIES",
            lepack_map_reserve(&map, LEPACK_MAP_MAX_ENTRIES + 1) /*@ ghost (NULL, NULL) */,
            LEPACK_EOVERFLOW);
    FZ_EQ_U(step, "map after refused reserve", map.nslots, 0);
    if (lepack_map_find(&map, 0) != NULL)
        FZ_FAIL("step %zu: empty map found a partition", step);
    /* A slot count whose byte size overflows size_t is refused, not wrapped. */
    if (lepack_alloc_slots(SIZE_MAX / sizeof(lepack_map_slot) + 1)
            /*@ ghost (NULL, NULL, NULL, NULL) */ != NULL)
        FZ_FAIL("step %zu: lepack_alloc_slots accepted an overflowing count", step);
}

/* --- batches ---------------------------------------------------------------- */

#define OPS_MAX_BATCH 72u

static lepack_counters_item batch[OPS_MAX_BATCH];
static ref_item ref_batch[OPS_MAX_BATCH];

/* xorshift64 for generated item lists, its left shifts masked so that no
 * bit is shifted out (which the integer sanitizer build would flag). */
static uint64_t mix_next(uint64_t *state)
{
    uint64_t x = *state;
    x ^= (x & 0x0007FFFFFFFFFFFFu) << 13;
    x ^= x >> 7;
    x ^= (x & 0x00007FFFFFFFFFFFu) << 17;
    return *state = x;
}

/* An item list into batch[] and ref_batch[] (the same values); returns n.
 * The structs are zeroed first so that their padding is defined. */
static size_t read_batch(fz_reader *r, unsigned *mode_out)
{
    size_t n = fz_u8(r) % OPS_MAX_BATCH;
    unsigned mode = fz_u8(r);
    *mode_out = mode;
    uint64_t seed = (mode & 1) ? 1 : ((uint64_t)fz_u32(r) << 1) | 1;
    memset(batch, 0, sizeof batch);
    for (size_t k = 0; k < n; k++) {
        int32_t part;
        int64_t init, upd;
        if (mode & 1) {
            part = read_partition(r);
            init = fz_i64(r);
            upd = fz_i64(r);
        } else {
            uint64_t v = mix_next(&seed);
            /* Small repeated partitions (map collisions) and edge values. */
            part = (v & 3) ? (int32_t)(v % 11) - 5 : fz_i32_of((uint32_t)(v >> 32));
            init = (v & 4) ? fz_i64_of(mix_next(&seed)) : (v & 8) ? INT64_MIN : INT64_MAX;
            upd = fz_i64_of(mix_next(&seed));
        }
        batch[k].partition = part;
        batch[k].initial_counter = init;
        batch[k].updates_count = upd;
        ref_batch[k].partition = part;
        ref_batch[k].initial_counter = init;
        ref_batch[k].updates_count = upd;
    }
    return n;
}

/* An exact-size heap copy of batch[0 .. n), so that ASan sees a read past
 * the caller's array (one byte when n is 0). */
static lepack_counters_item *batch_copy(size_t n)
{
    lepack_counters_item *c = malloc(n > 0 ? n * sizeof *c : 1);
    if (c == NULL)
        abort();
    if (n > 0)
        memcpy(c, batch, n * sizeof *c);
    return c;
}

static void check_item_fields(size_t step, const char *what, const lepack_counters_item *got,
                              const ref_item *want, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        FZ_EQ_I(step, label(what, "partition"), got[k].partition, want[k].partition);
        FZ_EQ_I(step, label(what, "initial counter"), got[k].initial_counter,
                want[k].initial_counter);
        FZ_EQ_I(step, label(what, "updates count"), got[k].updates_count,
                want[k].updates_count);
    }
}

typedef size_t (*store_path)(uint8_t *, const lepack_counters_item *, size_t);
typedef size_t (*load_path)(lepack_counters_item *, const uint8_t *, size_t);

static const struct {
    const char *name;
    store_path store;
    load_path load;
} vector_paths[] = {
    {"vector", lepack_items_store_vector, lepack_items_load_vector},
    {"avx2", lepack_items_store_avx2, lepack_items_load_avx2},
    {"avx512", lepack_items_store_avx512, lepack_items_load_avx512},
    {"stream", lepack_items_store_stream, lepack_items_load_stream},
};

/* Where the buffers of a vectors step start in their 64-byte aligned
 * blocks: the sanitizers' allocators return 64-byte aligned blocks, so at
 * offset 0 the non-temporal paths never run their unaligned head. */
typedef struct offsets {
    size_t items; /* a multiple of 8, the struct's alignment */
    size_t wire;
} offsets;

static offsets offsets_of(unsigned mode)
{
    offsets o;
    unsigned k = (mode >> 4) & 15;
    o.items = 8 * ((mode >> 1) & 7);
    o.wire = k == 15 ? 62 : 4 * k;
    return o;
}

/* 64-byte aligned storage by hand from malloc (n + 63 bytes, *base to
 * free): the E-ACSL runtime does not track aligned_alloc's blocks. */
static uint8_t *alloc64(size_t n, void **base)
{
    uint8_t *b = malloc(n + 63);
    if (b == NULL)
        abort();
    *base = b;
    return b + (64 - (uintptr_t)b % 64) % 64;
}

/* n bytes (at least 1) at offset off of a 64-byte aligned block, every
 * other byte of the allocation poisoned under ASan: an exact-size buffer
 * with unaddressable bytes on both sides.  Free with aligned_free. */
typedef struct aligned_buf {
    void *base;
    size_t size; /* of the allocation */
} aligned_buf;

static uint8_t *aligned_at(aligned_buf *a, size_t off, size_t n)
{
    size_t len = n > 0 ? n : 1;
    a->size = off + len + 63;
    uint8_t *p = alloc64(off + len, &a->base) + off;
    FZ_POISON(a->base, (size_t)(p - (uint8_t *)a->base));
    FZ_POISON(p + len, a->size - (size_t)(p - (uint8_t *)a->base) - len);
    return p;
}

static void aligned_free(aligned_buf *a)
{
    FZ_UNPOISON(a->base, a->size);
    free(a->base);
}

/* Store paths into got and load paths from want, n items: ref's bytes
 * and ref's fields.  A vector path does whole blocks and returns how many
 * items; the scalar loop finishes, as lepack_items_store does. */
static void run_paths(size_t step, const lepack_counters_item *src, const ref_item *fields,
                      const uint8_t *want, uint8_t *got, lepack_counters_item *back, size_t n)
{
    size_t len = n * REF_ITEM_SIZE;
    if (n > 0) {
        memset(got, 0xee, len);
        lepack_items_store(got, src, n);
        FZ_EQ_BYTES(step, "lepack_items_store bytes", got, want, len);
        memset(got, 0xee, len);
        lepack_items_store_scalar(got, src, n);
        FZ_EQ_BYTES(step, "lepack_items_store_scalar bytes", got, want, len);
        memset(back, 0xee, n * sizeof *back);
        lepack_items_load(back, want, n);
        check_item_fields(step, "lepack_items_load", back, fields, n);
        memset(back, 0xee, n * sizeof *back);
        lepack_items_load_scalar(back, want, n);
        check_item_fields(step, "lepack_items_load_scalar", back, fields, n);
    }
    for (size_t p = 0; p < sizeof vector_paths / sizeof vector_paths[0]; p++) {
        memset(got, 0xee, len > 0 ? len : 1);
        size_t done = vector_paths[p].store(got, src, n);
        if (done > n)
            FZ_FAIL("step %zu: %s store did %zu of %zu items", step, vector_paths[p].name, done,
                    n);
        if (done < n)
            lepack_items_store_scalar(got + done * LEPACK_ITEM_SIZE, src + done, n - done);
        FZ_EQ_BYTES(step, label(vector_paths[p].name, "store bytes"), got, want, len);
        memset(back, 0xee, n > 0 ? n * sizeof *back : 1);
        done = vector_paths[p].load(back, want, n);
        if (done > n)
            FZ_FAIL("step %zu: %s load did %zu of %zu items", step, vector_paths[p].name, done,
                    n);
        if (done < n)
            lepack_items_load_scalar(back + done, want + done * LEPACK_ITEM_SIZE, n - done);
        check_item_fields(step, label(vector_paths[p].name, "load"), back, fields, n);
    }
}

/* The record spans of span.h over the wire bytes, with `extra` bytes past
 * the last whole record that the span must leave out: written through a
 * span with le.h's stores, the bytes are ref's; read through a const
 * span, the fields are ref's. */
static void check_spans(size_t step, const uint8_t *want, size_t n, size_t extra)
{
    size_t len = n * REF_ITEM_SIZE + extra;
    uint8_t *buf = malloc(len > 0 ? len : 1);
    if (buf == NULL)
        abort();
    memset(buf, 0xee, len > 0 ? len : 1);
    lepack_span s = lepack_span_of(buf, len, LEPACK_ITEM_SIZE);
    FZ_EQ_U(step, "span count", s.count, n);
    if (s.base != buf || s.width != LEPACK_ITEM_SIZE)
        FZ_FAIL("step %zu: span of %zu bytes: base %p width %zu", step, len, (void *)s.base,
                s.width);
    for (size_t i = 0; i < s.count; i++) {
        uint8_t *p = lepack_span_at(s, i);
        if (p != buf + i * LEPACK_ITEM_SIZE)
            FZ_FAIL("step %zu: span record %zu at offset %td", step, i, p - buf);
        le_store_i32(p, batch[i].partition);
        le_store_i64(p + 4, batch[i].initial_counter);
        le_store_i64(p + 12, batch[i].updates_count);
    }
    FZ_EQ_BYTES(step, "bytes written through a span", buf, want, n * REF_ITEM_SIZE);
    for (size_t i = n * REF_ITEM_SIZE; i < len; i++)
        if (buf[i] != 0xee)
            FZ_FAIL("step %zu: a span write reached byte %zu past its %zu records", step, i, n);

    lepack_const_span c = lepack_const_span_of(want, n * REF_ITEM_SIZE, LEPACK_ITEM_SIZE);
    FZ_EQ_U(step, "const span count", c.count, n);
    for (size_t i = 0; i < c.count; i++) {
        const uint8_t *p = lepack_const_span_at(c, i);
        FZ_EQ_I(step, "span partition", le_load_i32(p), ref_batch[i].partition);
        FZ_EQ_I(step, "span initial counter", le_load_i64(p + 4), ref_batch[i].initial_counter);
        FZ_EQ_I(step, "span updates count", le_load_i64(p + 12), ref_batch[i].updates_count);
    }
    /* Other widths: only whole records, the last one ending in the buffer. */
    for (size_t w = 1; w <= 2 * LEPACK_ITEM_SIZE + 1; w += 7) {
        lepack_const_span o = lepack_const_span_of(buf, len, w);
        FZ_EQ_U(step, "span count for another width", o.count, len / w);
        if (o.count > 0 && lepack_const_span_at(o, o.count - 1) + w > buf + len)
            FZ_FAIL("step %zu: width %zu: last record ends past %zu bytes", step, w, len);
    }
    free(buf);
}

static void check_vector_paths(size_t step, size_t n, unsigned mode)
{
    offsets o = offsets_of(mode);
    size_t len = n * REF_ITEM_SIZE;
    ref_counters rm;
    ref_init(&rm, 0);
    if (ref_add_items(&rm, ref_batch, n) != REF_OK)
        abort();
    aligned_buf bw, bg, bs, bb;
    uint8_t *want = aligned_at(&bw, o.wire, len);
    uint8_t *got = aligned_at(&bg, o.wire, len);
    lepack_counters_item *src =
        (lepack_counters_item *)(void *)aligned_at(&bs, o.items, n * sizeof *src);
    lepack_counters_item *back =
        (lepack_counters_item *)(void *)aligned_at(&bb, o.items, n * sizeof *back);
    size_t written = 0;
    if (ref_encode(&rm, want, len, &written) != REF_OK)
        abort();
    if (n > 0)
        memcpy(src, batch, n * sizeof *src);
    run_paths(step, src, ref_batch, want, got, back, n);
    check_spans(step, want, n, o.wire % LEPACK_ITEM_SIZE);
    aligned_free(&bw);
    aligned_free(&bg);
    aligned_free(&bs);
    aligned_free(&bb);
    ref_free(&rm);
}

/* --- the non-temporal batch size ------------------------------------------ */

/* STREAM_MIN_ITEMS of src/items_x86.c: from this many items on, the
 * dispatch stores around the caches. */
#define OPS_STREAM_ITEMS ((size_t)1 << 18)
#define OPS_BIG_MAX (OPS_STREAM_ITEMS + OPS_MAX_BATCH)

/* One set of items of that size, generated and encoded by ref once per
 * process, and buffers kept across inputs: 20 MB, which a per-input
 * malloc would push through ASan's quarantine a few times a second. */
static struct {
    lepack_counters_item *items; /* OPS_BIG_MAX, at base + 64 */
    ref_item *fields;
    uint8_t *want;               /* ref's bytes of items */
    uint8_t *items_base, *got_base, *back_base;
    size_t items_off;            /* where items sit now in items_base */
} big;
static int big_done; /* a big batch ran in this input */

static uint8_t *big_alloc(size_t n)
{
    void *base; /* kept for the whole run */
    uint8_t *p = alloc64(n, &base);
    memset(p, 0, n);
    return p;
}

static void big_init(void)
{
    size_t isz = OPS_BIG_MAX * sizeof(lepack_counters_item);
    big.items_base = big_alloc(64 + isz);
    big.got_base = big_alloc(64 + OPS_BIG_MAX * LEPACK_ITEM_SIZE);
    big.back_base = big_alloc(64 + isz);
    big.want = big_alloc(OPS_BIG_MAX * LEPACK_ITEM_SIZE);
    big.fields = (ref_item *)(void *)big_alloc(OPS_BIG_MAX * sizeof(ref_item));
    big.items_off = 0;
    big.items = (lepack_counters_item *)(void *)big.items_base;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (size_t k = 0; k < OPS_BIG_MAX; k++) {
        uint64_t v = mix_next(&seed);
        int32_t part = (v & 3) ? (int32_t)(v % 11) - 5 : fz_i32_of((uint32_t)(v >> 32));
        int64_t init = (v & 4) ? fz_i64_of(mix_next(&seed)) : (v & 8) ? INT64_MIN : INT64_MAX;
        int64_t upd = fz_i64_of(mix_next(&seed));
        big.items[k].partition = part;
        big.items[k].initial_counter = init;
        big.items[k].updates_count = upd;
        big.fields[k].partition = part;
        big.fields[k].initial_counter = init;
        big.fields[k].updates_count = upd;
    }
    ref_counters rm;
    ref_init(&rm, 0);
    size_t written = 0;
    if (ref_add_items(&rm, big.fields, OPS_BIG_MAX) != REF_OK ||
        ref_encode(&rm, big.want, OPS_BIG_MAX * LEPACK_ITEM_SIZE, &written) != REF_OK)
        abort();
    ref_free(&rm);
}

/* Loaded items against the generated ones: memcmp a block of 16 at a
 * time (padding words included, zero in both when the path wrote them),
 * fields only where a block differs. */
static void check_big_fields(size_t step, const char *what, const lepack_counters_item *got,
                             size_t n)
{
    for (size_t k = 0; k < n; k += 16) {
        size_t m = n - k < 16 ? n - k : 16;
        if (memcmp(got + k, big.items + k, m * sizeof *got) != 0)
            check_item_fields(step, what, got + k, big.fields + k, m);
    }
}

/* 2^18 + extra items at the offsets the mode byte gives, each buffer
 * exact-size (the bytes around it poisoned), through the paths that
 * depend on the count: the dispatch (which streams from 2^18 on), the
 * vector paths and the non-temporal ones.  The scalar, AVX2 and AVX-512
 * block code is the same as for the small batches, which check it. */
static void check_big(size_t step, size_t extra, unsigned mode)
{
    if (big.items == NULL)
        big_init();
    offsets o = offsets_of(mode);
    size_t n = OPS_STREAM_ITEMS + extra, len = n * LEPACK_ITEM_SIZE;
    size_t isz = OPS_BIG_MAX * sizeof(lepack_counters_item);
    if (big.items_off != o.items) {
        memmove(big.items_base + o.items, big.items, isz);
        big.items_off = o.items;
        big.items = (lepack_counters_item *)(void *)(big.items_base + o.items);
    }
    uint8_t *got = big.got_base + o.wire;
    lepack_counters_item *back = (lepack_counters_item *)(void *)(big.back_base + o.items);
    FZ_POISON(big.got_base, o.wire);
    FZ_POISON(got + len, 64 + OPS_BIG_MAX * LEPACK_ITEM_SIZE - o.wire - len);
    FZ_POISON(big.back_base, o.items);
    FZ_POISON(back + n, 64 + isz - o.items - n * sizeof *back);

    memset(got, 0xee, len);
    lepack_items_store(got, big.items, n);
    FZ_EQ_BYTES(step, "lepack_items_store bytes of 2^18+ items", got, big.want, len);
    /* vector_paths[0] and [3]: the vector dispatch and the stream path. */
    for (size_t p = 0; p < sizeof vector_paths / sizeof vector_paths[0]; p += 3) {
        memset(got, 0xee, len);
        size_t done = vector_paths[p].store(got, big.items, n);
        if (done > n)
            FZ_FAIL("step %zu: %s store did %zu of %zu items", step, vector_paths[p].name, done,
                    n);
        lepack_items_store_scalar(got + done * LEPACK_ITEM_SIZE, big.items + done, n - done);
        FZ_EQ_BYTES(step, label(vector_paths[p].name, "store bytes of 2^18+ items"), got,
                    big.want, len);
    }
    /* got holds ref's bytes now, at the wire offset: the loads read them. */
    memset(back, 0xee, n * sizeof *back);
    lepack_items_load(back, got, n);
    check_big_fields(step, "lepack_items_load of 2^18+ items", back, n);
    for (size_t p = 0; p < sizeof vector_paths / sizeof vector_paths[0]; p += 3) {
        memset(back, 0xee, n * sizeof *back);
        size_t done = vector_paths[p].load(back, got, n);
        if (done > n)
            FZ_FAIL("step %zu: %s load did %zu of %zu items", step, vector_paths[p].name, done, n);
        lepack_items_load_scalar(back + done, got + done * LEPACK_ITEM_SIZE, n - done);
        check_big_fields(step, label(vector_paths[p].name, "load of 2^18+ items"), back, n);
    }
    FZ_UNPOISON(big.got_base, 64 + OPS_BIG_MAX * LEPACK_ITEM_SIZE);
    FZ_UNPOISON(big.back_base, 64 + isz);
}

/* Under Frama-C (the E-ACSL build) the vector paths do no item
 * (fuzz/eacsl/items_x86_bodies.c): a 2^18-item batch would only run the
 * scalar loop, at about 13 s an input under the E-ACSL runtime. */
#ifdef __FRAMAC__
#define OPS_BIG 0
#else
#define OPS_BIG 1
#endif

/* The input being run, for big_chosen. */
static const uint8_t *cur_data;
static size_t cur_size;

/* Whether this input runs the big batch: one input in 8 by a hash of its
 * bytes, so that the mutants of an input that reached the streaming paths
 * (which the engine keeps, for their coverage) mostly run the small check
 * instead of 20 MB of stores and loads each.  A hash, not a counter: the
 * same input always does the same. */
static int big_chosen(void)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < cur_size; i++)
        h = (uint32_t)((uint64_t)(h ^ cur_data[i]) * 16777619u & 0xffffffffu); /* FNV-1a */
    return h >> 29 == 0; /* the top bits: the low ones see only the low bits of each byte */
}

static const char *const batch_names[4] = {"add items", "get items", "vectors", "vectors"};

/* One batch operation; returns whether it can have changed ref's items. */
static int batch_op(size_t step, unsigned op, fz_reader *r, lepack_counters *m, ref_counters *rm,
                    lepack_status *st, int *rst)
{
    switch (op) {
    case 0: {
        unsigned mode = 0;
        size_t n = read_batch(r, &mode);
        if (rm->size + n > OPS_MAX_ITEMS)
            n = OPS_MAX_ITEMS - rm->size;
        lepack_counters_item *items = batch_copy(n);
        *st = lepack_counters_add_items(m, items, n);
        if (*st != LEPACK_ENOMEM)
            *rst = ref_add_items(rm, ref_batch, n);
        free(items);
        return 1;
    }
    case 1: {
        unsigned b = fz_u8(r);
        size_t i = b < 0xf0 ? b % (rm->size + 2) : SIZE_MAX - (b - 0xf0);
        size_t n = fz_u8(r) % (OPS_MAX_BATCH + 1);
        lepack_counters_item *out = malloc(n > 0 ? n * sizeof *out : 1);
        ref_item *want = malloc(n > 0 ? n * sizeof *want : 1);
        if (out == NULL || want == NULL)
            abort();
        memset(out, 0x5a, n > 0 ? n * sizeof *out : 1);
        *st = lepack_counters_get_items(m, i, out, n);
        *rst = ref_get_items(rm, i, want, n);
        if (*rst == REF_OK && *st == LEPACK_OK) {
            check_item_fields(step, "get items", out, want, n);
        } else if (*st != LEPACK_OK) {
            for (size_t k = 0; k < n * sizeof *out; k++)
                if (((const uint8_t *)out)[k] != 0x5a)
                    FZ_FAIL("step %zu: refused get_items(%zu, %zu) wrote its output", step, i, n);
        }
        free(out);
        free(want);
        return 0;
    }
    default: {
        unsigned mode = 0;
        size_t n = read_batch(r, &mode);
        if (OPS_BIG && op == 3 && (mode & 0xc1) == 0xc0 && !big_done && big_chosen()) {
            big_done = 1;
            check_big(step, n, mode);
        } else {
            check_vector_paths(step, n, mode);
        }
        return 0;
    }
    }
}

/* Item k of the run add many (and append) adds from partition base. */
static void many_item(int32_t base, size_t k, int32_t *part, int64_t *init, int64_t *upd)
{
    *part = (int32_t)((uint32_t)base % 1024u) + (int32_t)(k % 7);
    *init = (int64_t)(k * 0x0102030405ull) - 7;
    *upd = INT64_MAX - (int64_t)k;
}

/* --- the program ----------------------------------------------------------- */

/* Op 13: a span of the items add many would add, committed in part.
 * Returns reserve's status (LEPACK_ENOMEM: nothing written). */
static lepack_status append_op(size_t step, fz_reader *r, lepack_counters *m, ref_counters *rm)
{
    unsigned c = fz_u8(r);
    unsigned d = fz_u8(r);
    size_t n = c % 64;
    int stale = (c & 0x40) != 0;
    int32_t base = read_partition(r);
    /* n items, and one more for a stale span's add, within the reference. */
    if (rm->size >= OPS_MAX_ITEMS)
        return LEPACK_OK;
    if (rm->size + n + 1 > OPS_MAX_ITEMS)
        n = OPS_MAX_ITEMS - rm->size - 1;
    if (!(c & 0x80)) {
        lepack_status st = lepack_counters_reserve(m, n);
        if (st != LEPACK_OK)
            return st;
    }
    lepack_counters_span s = lepack_counters_append_span(m, n);
    size_t room = m->capacity - m->size;
    if (m->map_built) {
        size_t half = m->map.nslots / 2;
        size_t slots = m->map.count < half ? half - m->map.count : 0;
        room = slots < room ? slots : room;
    }
    if (!(c & 0x80) && room < n)
        FZ_FAIL("step %zu: reserve for %zu items left room for %zu", step, n, room);
    if (n == 0 || room < n) {
        if (s.base != NULL || s.count != 0)
            FZ_FAIL("step %zu: a span of %zu items with room for %zu is not empty", step, n, room);
    } else {
        FZ_EQ_U(step, "span: count", s.count, n);
        FZ_EQ_U(step, "span: position", (size_t)(s.base - m->data), rm->size * LEPACK_ITEM_SIZE);
    }
    for (size_t k = 0; k < s.count; k++) {
        int32_t part;
        int64_t init, upd;
        many_item(base, k, &part, &init, &upd);
        lepack_counters_span_store(s, k, part, init, upd);
    }
    if (m->size != rm->size)
        FZ_FAIL("step %zu: the span's stores changed the message's size", step);
    if (stale) {
        /* The message changes under the span: its commit must be refused. */
        lepack_status st = lepack_counters_add(m, base, 1, 1);
        if (st != LEPACK_OK)
            return st;
        FZ_EQ_U(step, "span: ref add", (unsigned)ref_add(rm, base, 1, 1), REF_OK);
    }
    size_t k = d % (n + 2);
    lepack_status want = k == 0 ? LEPACK_OK
                         : k <= s.count && !stale ? LEPACK_OK : LEPACK_EINVAL;
    FZ_EQ_U(step, "append commit", lepack_counters_append_commit(m, s, k), want);
    if (want == LEPACK_OK) {
        for (size_t j = 0; j < k; j++) {
            int32_t part;
            int64_t init, upd;
            many_item(base, j, &part, &init, &upd);
            FZ_EQ_U(step, "append: ref add", (unsigned)ref_add(rm, part, init, upd), REF_OK);
        }
    }
    if (m->size != rm->size)
        FZ_FAIL("step %zu: commit left size %zu, the reference %zu", step, m->size, rm->size);
    return LEPACK_OK;
}

static const char *const op_names[14] = {"add",  "get",      "encode",   "decode",
                                         "next", "clear",    "fail",     "init",
                                         "grown", "strerror", "limits",  "add many",
                                         "shrink", "append"};

/* Which operations can change the reference's items. */
static const int op_changes_ref[14] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const lepack_allocator hook = {fa_realloc, fa_free, NULL};
    lepack_set_allocator(&hook);
    big_done = 0;
    cur_data = data;
    cur_size = size;
    fa.countdown = -1;
    fa.failed = 0;

    fz_reader r;
    fz_init(&r, data, size);
    int32_t cache_id = fz_i32(&r);
    size_t capacity = read_capacity(&r);

    lepack_counters m;
    ref_counters rm;
    memset(&m, 0, sizeof m);
    lepack_map_init(&m.map);
    m.cache_id = cache_id;
    ref_init(&rm, cache_id);
    lepack_status st = lepack_counters_init(&m, cache_id, capacity);
    FZ_EQ_U(0, "init status", st, capacity > LEPACK_MAX_ITEMS ? LEPACK_EOVERFLOW : LEPACK_OK);
    compare_all(0, "init", &m, &rm, 1);

    for (size_t step = 1; step <= OPS_MAX_STEPS && !fz_done(&r); step++) {
        unsigned opbyte = fz_u8(&r);
        unsigned op = opbyte == 255 ? 13 : opbyte >= 252 ? 12 : opbyte % 12;
        int batch_step = opbyte >= 248 && opbyte < 252;
        const char *name = batch_step ? batch_names[opbyte - 248] : op_names[op];
        int ref_changed = batch_step ? 0 : op_changes_ref[op];
        snapshot before;
        snap_take(&before, &m);
        fa.failed = 0;
        st = LEPACK_OK;
        int rst = REF_OK;
        int skip_ref = 0;

        if (batch_step)
            ref_changed = batch_op(step, opbyte - 248, &r, &m, &rm, &st, &rst);
        else switch (op) {
        case 0: {
            int32_t part = read_partition(&r);
            int64_t init = fz_i64(&r), upd = fz_i64(&r);
            if (rm.size >= OPS_MAX_ITEMS)
                break;
            st = lepack_counters_add(&m, part, init, upd);
            if (st != LEPACK_ENOMEM)
                rst = ref_add(&rm, part, init, upd);
            break;
        }
        case 1: {
            unsigned b = fz_u8(&r);
            size_t i = b < 0xf0 ? b % (rm.size + 1) : SIZE_MAX - (b - 0xf0);
            check_get(step, &m, &rm, i);
            if (rm.size > 0)
                check_get(step, &m, &rm, rm.size - 1);
            break;
        }
        case 2: {
            unsigned sel = fz_u8(&r), extra = fz_u8(&r);
            check_encode(step, &m, &rm, sel, extra);
            break;
        }
        case 3: {
            size_t n = fz_u8(&r);
            uint8_t bytes[256];
            fz_bytes(&r, bytes, n);
            /* An exact-size copy so that ASan sees a read past the input. */
            uint8_t *src = malloc(n > 0 ? n : 1);
            if (src == NULL)
                abort();
            memcpy(src, bytes, n);
            st = lepack_counters_decode(&m, src, n);
            if (st != LEPACK_ENOMEM)
                rst = ref_decode(&rm, src, n);
            FZ_EQ_U(step, "decode status vs length rule", st == LEPACK_EBADLEN,
                    n % LEPACK_ITEM_SIZE != 0);
            free(src);
            break;
        }
        case 4: {
            int32_t part = read_partition(&r);
            int64_t got = 0x5a5a5a5a5a5a5a5a, want = 0x5a5a5a5a5a5a5a5a;
            st = lepack_counters_next_counter(&m, part, &got);
            if (st != LEPACK_ENOMEM) {
                rst = ref_next_counter(&rm, part, &want);
                FZ_EQ_I(step, "next_counter value", got, want);
            }
            break;
        }
        case 5:
            lepack_counters_clear(&m);
            ref_clear(&rm);
            break;
        case 6:
            fa.countdown = (long)fz_below(&r, 4);
            break;
        case 7: {
            int32_t id = fz_i32(&r);
            size_t cap = read_capacity(&r);
            lepack_counters_free(&m);
            ref_free(&rm);
            snap_drop(&before);
            snap_take(&before, &m);
            st = lepack_counters_init(&m, id, cap);
            if (st == LEPACK_OK)
                ref_init(&rm, id);
            else if (st != LEPACK_ENOMEM)
                rst = cap > LEPACK_MAX_ITEMS ? REF_EOVERFLOW : REF_OK;
            break;
        }
        case 8: {
            size_t c = read_size(&r), need = read_size(&r);
            FZ_EQ_U(step, "grown_capacity", lepack_counters_grown_capacity(c, need),
                    spec_grown(c, need));
            break;
        }
        case 9: {
            /* Every status and one past the last: name as ref spells it,
             * a description that is neither empty nor success's. */
            int s = fz_u8(&r) % (LEPACK_STATUS_MAX + 2);
            const char *text = lepack_strerror((lepack_status)s);
            if (text == NULL || text[0] == '\0')
                FZ_FAIL("step %zu: lepack_strerror(%d) is empty", step, s);
            if (s != 0 && strcmp(text, lepack_strerror(LEPACK_OK)) == 0)
                FZ_FAIL("step %zu: lepack_strerror(%d) reads as success", step, s);
            if (strcmp(lepack_status_name((lepack_status)s), ref_status_name(s)) != 0)
                FZ_FAIL("step %zu: lepack_status_name(%d) is %s, ref %s", step, s,
                        lepack_status_name((lepack_status)s), ref_status_name(s));
            if (strcmp(lepack_version(), LEPACK_VERSION_STRING) != 0)
                FZ_FAIL("step %zu: lepack_version() %s, header %s", step, lepack_version(),
                        LEPACK_VERSION_STRING);
            break;
        }
        case 10:
            check_limits(step);
            break;
        case 13:
            st = append_op(step, &r, &m, &rm);
            break;
        case 12: {
            /* A refused shrink keeps the spare capacity too. */
            size_t cap = m.capacity;
            const uint8_t *storage = m.data;
            st = lepack_counters_shrink(&m);
            if (st == LEPACK_ENOMEM) {
                FZ_EQ_U(step, "shrink refused: capacity", m.capacity, cap);
                if (m.data != storage)
                    FZ_FAIL("step %zu: shrink refused but moved the storage", step);
            } else {
                rst = ref_shrink(&rm);
                FZ_EQ_U(step, "shrink: capacity", m.capacity, lepack_counters_size(&m));
                if ((m.capacity == 0) != (m.data == NULL))
                    FZ_FAIL("step %zu: shrink left capacity %zu with data %p", step,
                            m.capacity, (const void *)m.data);
            }
            break;
        }
        default: {
            size_t n = fz_u8(&r) % 64 + 1;
            int32_t base = read_partition(&r);
            if (rm.size + n > OPS_MAX_ITEMS)
                n = OPS_MAX_ITEMS - rm.size;
            for (size_t k = 0; k < n; k++) {
                int32_t part;
                int64_t init, upd;
                many_item(base, k, &part, &init, &upd);
                st = lepack_counters_add(&m, part, init, upd);
                if (st == LEPACK_ENOMEM)
                    break; /* compared below against the state before this add */
                rst = ref_add(&rm, part, init, upd);
                FZ_EQ_U(step, "add many status", st, rst);
                /* The reference now holds the state a failed add must keep;
                 * compare_all checks the wire against it, so only the
                 * fields it does not see are tracked here. */
                before.size = m.size;
                before.map_built = m.map_built;
                before.map_count = m.map.count;
                before.map_nslots = m.map.nslots;
                before.wire = NULL;
            }
            break;
        }
        }

        if (st == LEPACK_ENOMEM) {
            if (!fa.failed)
                FZ_FAIL("step %zu: %s: ENOMEM without a failed allocation", step, name);
            snap_same(step, name, &before, &m);
            skip_ref = 1;
        } else if (fa.failed) {
            FZ_FAIL("step %zu: %s: an allocation failed but lepack said %d", step, name,
                    (int)st);
        }
        if (!skip_ref)
            FZ_EQ_U(step, label(name, "status"), st, rst);
        snap_drop(&before);
        compare_all(step, name, &m, &rm, ref_changed);
    }
    lepack_counters_free(&m);
    ref_free(&rm);
    lepack_set_allocator(NULL);
    return 0;
}
