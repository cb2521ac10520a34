/* SPDX-License-Identifier: Apache-2.0 */
/* zero: lepack_zero on random ranges of a canary-guarded buffer, with random
 * chunk sizes and stop points, against ref_zero's byte loop on a copy; and
 * lepack_zero_alloc through allocator hooks that fail on request.
 *
 * Input: 2 bytes buffer length (mod 16385), 1 fill byte, then operations,
 * each an op byte followed by its operands:
 *   0 zero     off (2), len (2), chunk selector, stop byte, flags
 *   1 invalid  kind byte, len (2): chunk 0, NULL with n > 0, a range that
 *              wraps past the top of the address space
 *   2 alloc    hook byte, count selector + value (8), size selector + value
 *              (8), fail byte
 *   3 refill   fill byte: the buffer's bytes become (fill + i * 7) % 256
 *   4 timed    off (1), len selector + value (3), budget selector, clock
 *              scale, stop byte, flags; then one 2-byte clock step per
 *              clock read (the fake clock advances by step * scale ns)
 * A zero step compares, after the call: the status, *done, the number of
 * polls and the offset each was given, and every byte of the buffer and of
 * its guards with the reference's copy.  Inside each poll it also checks the
 * state between two chunks: bytes [0, done) of the range zero, the rest as
 * before the call.  A stop is then resumed at *done and must finish the
 * range.  Flags: bit 0 passes no poll; bit 1 skips the resume; bits 2-3 force
 * a kernel level (1 SSE2, 2 AVX2, 3 AVX-512, capped at the CPU's) with the
 * non-temporal path taken from the first byte, 0 leaves the dispatch as
 * shipped.  The buffer starts on a 64-byte line, so off sets the alignment.
 *
 * A timed step (at most 8 an input) zeroes up to 256 KiB of a second
 * guarded buffer with lepack_zero_timed under a fake clock read from the
 * input; each poll checks the state between chunks and that the chunk just
 * ended has the size ref_zero_next_chunk gives for the clock readings so
 * far. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "cpu.h"
#include "ref.h"
#include "ref_zero.h"
#include "status.h"
#include "zero.h"
#include "zero_nt.h"

#include "fuzz_check.h"
#include "fuzz_reader.h"

#define ZF_MAX_LEN 16384u
#define ZF_GUARD 64u
#define ZF_CANARY 0xA5u
#define ZF_MAX_STEPS 64u
#define ZF_MAX_POLLS 20000u

_Alignas(64) static uint8_t lep_buf[ZF_MAX_LEN + 2 * ZF_GUARD];
_Alignas(64) static uint8_t ref_buf[ZF_MAX_LEN + 2 * ZF_GUARD];
static uint8_t before[ZF_MAX_LEN];
static size_t lep_offsets[ZF_MAX_POLLS];
static size_t ref_offsets[ZF_MAX_POLLS];

/* --- the poll: records, checks the state between chunks, may stop -------- */

typedef struct poll_ctx {
    size_t step;
    const uint8_t *range; /* the range being zeroed, in lep_buf */
    const uint8_t *orig;  /* its bytes before the call */
    size_t n;
    size_t calls;
    size_t stop_at; /* the call that asks to stop, 0 for none */
} poll_ctx;

static int poll_check(void *vctx, size_t done)
{
    poll_ctx *c = vctx;
    if (c->calls < ZF_MAX_POLLS)
        lep_offsets[c->calls] = done;
    c->calls++;
    if (done == 0 || done >= c->n)
        FZ_FAIL("step %zu: poll %zu given done %zu for a range of %zu", c->step, c->calls, done,
                c->n);
    /* The whole range while that stays cheap, else a window around done
     * (earlier polls saw the bytes before it). */
    size_t from = 0, to = c->n;
    if (c->calls > 64) {
        from = done > 256 ? done - 256 : 0;
        to = c->n - done > 256 ? done + 256 : c->n;
    }
    /* memcmp first (a byte against the next for the zeros): an
     * instrumented byte loop here, once per poll, held the harness at a
     * hundred or so runs a second; the loops below only find the byte. */
    int zeros = from >= done || (c->range[from] == 0 &&
                                 (done - from == 1 ||
                                  memcmp(c->range + from, c->range + from + 1, done - from - 1) == 0));
    int kept = done >= to || memcmp(c->range + done, c->orig + done, to - done) == 0;
    if (zeros && kept)
        return c->calls == c->stop_at;
    for (size_t i = from; i < done; i++)
        if (c->range[i] != 0)
            FZ_FAIL("step %zu: poll %zu at %zu: byte %zu is 0x%02x, not yet zero", c->step,
                    c->calls, done, i, c->range[i]);
    for (size_t i = done; i < to; i++)
        if (c->range[i] != c->orig[i])
            FZ_FAIL("step %zu: poll %zu at %zu: byte %zu already written (0x%02x, was 0x%02x)",
                    c->step, c->calls, done, i, c->range[i], c->orig[i]);
    return c->calls == c->stop_at;
}

/* --- operands -------------------------------------------------------------- */

/* Chunk sizes: mostly small (many chunks in a small buffer), also the
 * edges: 1, powers of two, the range's own length and one off, SIZE_MAX. */
static size_t read_chunk(fz_reader *r, size_t n)
{
    unsigned c = fz_u8(r);
    if (c < 160)
        return c % 64 + 1;
    if (c < 200)
        return (size_t)1 << ((c - 160) % 16);
    switch (c % 8) {
    case 0:
        return n > 0 ? n : 1;
    case 1:
        return n > 1 ? n - 1 : 1;
    case 2:
        return n + 1;
    case 3:
        return SIZE_MAX;
    case 4:
        return LEPACK_ZERO_CHUNK;
    case 5:
        return n / 2 + 1;
    case 6:
        return n / 3 + 1;
    default:
        return (size_t)fz_u16(r) + 1;
    }
}

static void fill(uint8_t *buf, size_t len, unsigned f)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = (uint8_t)((f + i * 7u) % 256u);
}

/* --- 0: zero a range, compare with ref ------------------------------------ */

static void step_zero(size_t step, fz_reader *r, size_t len)
{
    size_t off = fz_u16(r) % (len + 1);
    size_t n = fz_u16(r) % (len - off + 1);
    size_t chunk = read_chunk(r, n);
    size_t stop_at = fz_u8(r);
    unsigned flags = fz_u8(r);
    int no_poll = flags & 1;
    if (no_poll)
        stop_at = 0;

    int level = (int)((flags >> 2) & 3);
    if (level != 0)
        lepack_cpu_zero_select(level, 1);

    uint8_t *lp = lep_buf + ZF_GUARD + off;
    uint8_t *rp = ref_buf + ZF_GUARD + off;
    memcpy(before, lp, n);
    poll_ctx c = {step, lp, before, n, 0, stop_at};
    size_t done = 0x5a5a, rdone = 0x5a5a, rpolls = 0;
    lepack_status st = lepack_zero(lp, n, chunk, no_poll ? NULL : poll_check, &c, &done);
    int rst = ref_zero(rp, n, chunk, stop_at, &rdone, &rpolls, ref_offsets, ZF_MAX_POLLS);
    FZ_EQ_U(step, "zero status", st, rst);
    FZ_EQ_U(step, "zero done", done, rdone);
    if (!no_poll) {
        FZ_EQ_U(step, "zero polls", c.calls, rpolls);
        for (size_t k = 0; k < rpolls && k < ZF_MAX_POLLS; k++)
            FZ_EQ_U(step, "zero poll offset", lep_offsets[k], ref_offsets[k]);
    }
    FZ_EQ_BYTES(step, "zero buffer and guards", lep_buf, ref_buf, sizeof lep_buf);
    if (st == LEPACK_ESTOPPED && !(flags & 2)) {
        /* Resume where it stopped, without a poll: the rest is zeroed. */
        size_t more = 0;
        st = lepack_zero(lp + done, n - done, chunk, NULL, NULL, &more);
        FZ_EQ_U(step, "resume status", st, LEPACK_OK);
        FZ_EQ_U(step, "resume done", more, n - done);
        size_t rmore = 0;
        rst = ref_zero(rp + done, n - done, chunk, 0, &rmore, &rpolls, ref_offsets, 0);
        FZ_EQ_U(step, "resume ref status", rst, REF_OK);
        FZ_EQ_BYTES(step, "resumed buffer and guards", lep_buf, ref_buf, sizeof lep_buf);
    }
    if (level != 0)
        lepack_cpu_zero_select(-1, 0);
}

/* --- 4: the pause-budget mode under a fake clock ---------------------------- */

/* 256 KiB: past the first chunk (32 KiB) by enough chunks for the sizing to
 * grow, shrink and settle, and cheap enough for thousands of runs a second. */
#define ZT_MAX_LEN ((size_t)256 << 10)
#define ZT_MAX_STEPS 8u
static size_t timed_steps;
_Alignas(64) static uint8_t timed_buf[ZT_MAX_LEN + 64 + 2 * ZF_GUARD];
static uint8_t timed_before[ZT_MAX_LEN + 64];

typedef struct timed_ctx {
    size_t step;
    fz_reader *r;
    uint64_t scale;
    uint64_t now;
    uint64_t reads[ZF_MAX_POLLS + 2]; /* every value the clock returned */
    size_t nreads;
    /* the poll's side */
    const uint8_t *range;
    size_t n;
    uint64_t budget;
    size_t calls;
    size_t stop_at;
    size_t prev;  /* done at the previous poll */
    size_t chunk; /* the size the next chunk must have */
} timed_ctx;

static uint64_t fake_clock(void *vctx)
{
    timed_ctx *t = vctx;
    uint64_t step = fz_u16(t->r);
    /* A step of 0xffff reads as the clock going back by the scale; the
     * clock saturates at both ends rather than wrap. */
    if (step == 0xffff)
        t->now = t->now >= t->scale ? t->now - t->scale : 0;
    else
        t->now = UINT64_MAX - t->now >= step * t->scale ? t->now + step * t->scale : UINT64_MAX;
    if (t->nreads < ZF_MAX_POLLS + 2)
        t->reads[t->nreads] = t->now;
    t->nreads++;
    return t->now;
}

static int timed_poll(void *vctx, size_t done)
{
    timed_ctx *t = vctx;
    t->calls++;
    if (done <= t->prev || done >= t->n)
        FZ_FAIL("step %zu: timed poll %zu given done %zu after %zu, range %zu", t->step,
                t->calls, done, t->prev, t->n);
    if (done - t->prev != t->chunk)
        FZ_FAIL("step %zu: timed poll %zu: chunk of %zu bytes, the sizing says %zu", t->step,
                t->calls, done - t->prev, t->chunk);
    /* The chunk just zeroed, and a line either side of done (earlier polls
     * saw the bytes before the chunk). */
    for (size_t i = t->prev; i < done; i++)
        if (t->range[i] != 0)
            FZ_FAIL("step %zu: timed poll %zu at %zu: byte %zu not zero", t->step, t->calls,
                    done, i);
    size_t to = t->n - done > 64 ? done + 64 : t->n;
    for (size_t i = done; i < to; i++)
        if (t->range[i] != timed_before[i])
            FZ_FAIL("step %zu: timed poll %zu at %zu: byte %zu already written", t->step,
                    t->calls, done, i);
    /* The clock was read once before the first chunk and once after each:
     * the next chunk follows from the last two readings. */
    if (t->nreads != t->calls + 1 || t->nreads > ZF_MAX_POLLS + 1)
        FZ_FAIL("step %zu: timed poll %zu after %zu clock reads", t->step, t->calls, t->nreads);
    uint64_t a = t->reads[t->nreads - 2], b = t->reads[t->nreads - 1];
    t->chunk = ref_zero_next_chunk(t->chunk, b >= a ? b - a : 0, t->budget);
    t->prev = done;
    return t->calls == t->stop_at;
}

static void step_timed(size_t step, fz_reader *r)
{
    if (++timed_steps > ZT_MAX_STEPS)
        return;
    size_t off = fz_u8(r) % 64;
    unsigned sel = fz_u8(r);
    size_t n = (size_t)fz_u16(r);
    /* mostly past the first chunk, where the loop runs */
    if (sel % 4 != 0)
        n = REF_TIMED_FIRST - 2 + (n * 16 + sel) % (ZT_MAX_LEN - REF_TIMED_FIRST + 2);
    unsigned bsel = fz_u8(r);
    static const uint64_t budgets[] = {1, 2, 3, 1000, 100000, 1000000, (uint64_t)1 << 32,
                                       UINT64_MAX};
    uint64_t budget = bsel < 64 ? budgets[bsel % 8] : (uint64_t)bsel * 1000;
    static timed_ctx t;
    memset(&t, 0, sizeof t);
    t.step = step;
    t.r = r;
    t.scale = (uint64_t)1 << (fz_u8(r) % 24);
    t.now = fz_u64(r);
    t.stop_at = fz_u8(r);
    unsigned flags = fz_u8(r);
    int level = (int)((flags >> 2) & 3);
    if (level != 0)
        lepack_cpu_zero_select(level, 1);

    memset(timed_buf, ZF_CANARY, ZF_GUARD + off + n + ZF_GUARD);
    uint8_t *p = timed_buf + ZF_GUARD + off;
    fill(p, n, flags);
    memcpy(timed_before, p, n);
    t.range = p;
    t.n = n;
    t.budget = budget;
    t.chunk = REF_TIMED_FIRST;
    lepack_clock_set(fake_clock, &t);
    size_t done = 0x5a5a;
    lepack_status st = lepack_zero_timed(p, n, budget, (flags & 1) ? NULL : timed_poll, &t, &done);
    lepack_clock_set(NULL, NULL);
    if (level != 0)
        lepack_cpu_zero_select(-1, 0);
    if (flags & 1) {
        FZ_EQ_U(step, "timed status without poll", st, LEPACK_OK);
    } else if (t.stop_at != 0 && t.calls == t.stop_at) {
        FZ_EQ_U(step, "timed status at the stop", st, LEPACK_ESTOPPED);
        FZ_EQ_U(step, "timed done at the stop", done, t.prev);
    } else {
        FZ_EQ_U(step, "timed status", st, LEPACK_OK);
    }
    if (st == LEPACK_OK) {
        FZ_EQ_U(step, "timed done", done, n);
        if (n <= REF_TIMED_FIRST)
            FZ_EQ_U(step, "timed clock reads for one chunk", t.nreads, 0);
        else if (!(flags & 1) && n - t.prev > t.chunk)
            FZ_FAIL("step %zu: timed last piece of %zu bytes, the sizing says at most %zu", step,
                    n - t.prev, t.chunk);
    }
    /* Exactly [0, done) zero; the rest, the guards and the bytes before the
     * range as they were. */
    for (size_t i = 0; i < ZF_GUARD + off; i++)
        if (timed_buf[i] != ZF_CANARY)
            FZ_FAIL("step %zu: timed: guard byte %zu before the range written", step, i);
    for (size_t i = 0; i < n; i++) {
        uint8_t want = i < done ? 0 : timed_before[i];
        if (p[i] != want)
            FZ_FAIL("step %zu: timed: byte %zu of %zu is 0x%02x, not 0x%02x (done %zu)", step, i,
                    n, p[i], want, done);
    }
    for (size_t i = 0; i < ZF_GUARD; i++)
        if (p[n + i] != ZF_CANARY)
            FZ_FAIL("step %zu: timed: guard byte %zu after the range written", step, i);
    if (st == LEPACK_ESTOPPED && !(flags & 2)) {
        size_t more = 0;
        st = lepack_zero_timed(p + done, n - done, budget, NULL, NULL, &more);
        FZ_EQ_U(step, "timed resume status", st, LEPACK_OK);
        FZ_EQ_U(step, "timed resume done", more, n - done);
        for (size_t i = 0; i < n; i++)
            if (p[i] != 0)
                FZ_FAIL("step %zu: timed resume: byte %zu not zero", step, i);
        for (size_t i = 0; i < ZF_GUARD; i++)
            if (p[n + i] != ZF_CANARY)
                FZ_FAIL("step %zu: timed resume: guard byte %zu written", step, i);
    }
    /* Refusals: nothing written, *done untouched. */
    size_t keep = 0x5a5a;
    FZ_EQ_U(step, "timed budget 0", lepack_zero_timed(p, n, 0, timed_poll, &t, &keep),
            LEPACK_EINVAL);
    FZ_EQ_U(step, "timed NULL", lepack_zero_timed(NULL, n + 1, budget, timed_poll, &t, &keep),
            LEPACK_EINVAL);
    FZ_EQ_U(step, "timed refusals leave done", keep, 0x5a5a);
}

/* --- 1: arguments outside the domain --------------------------------------- */

static void step_invalid(size_t step, fz_reader *r, size_t len)
{
    unsigned kind = fz_u8(r) % 3;
    size_t n = fz_u16(r);
    uint8_t *p = lep_buf + ZF_GUARD;
    size_t chunk = LEPACK_ZERO_CHUNK;
    if (kind == 0) {
        chunk = 0;
        n %= len + 1;
    } else if (kind == 1) {
        p = NULL;
        n = n + 1;
    } else {
        /* An address k bytes below the top, and a range of more than k
         * bytes: never dereferenced, the call must refuse it first. */
        size_t k = n % 4096;
        p = (uint8_t *)(UINTPTR_MAX - k);
        n = k + 1 + fz_u8(r);
    }
    size_t done = 0x5a5a, rdone = 0x5a5a, rpolls = 7;
    poll_ctx c = {step, p, before, 0, 0, 0};
    memcpy(ref_buf, lep_buf, sizeof lep_buf);
    lepack_status st = lepack_zero(p, n, chunk, poll_check, &c, &done);
    int rst = ref_zero(kind == 0 ? ref_buf + ZF_GUARD : p, n, chunk, 1, &rdone, &rpolls,
                       ref_offsets, 0);
    FZ_EQ_U(step, "invalid: status", st, LEPACK_EINVAL);
    FZ_EQ_U(step, "invalid: ref status", rst, REF_EINVAL);
    FZ_EQ_U(step, "invalid: done untouched", done, 0x5a5a);
    FZ_EQ_U(step, "invalid: polls", c.calls, 0);
    FZ_EQ_BYTES(step, "invalid: buffer untouched", lep_buf, ref_buf, sizeof lep_buf);
}

/* --- 2: zeroed allocation through the hook --------------------------------- */

typedef struct hook_state {
    long countdown; /* calls to let through before one fails; -1: none */
    int failed;
    long live;      /* blocks handed out and not freed */
    long callocs;   /* calls of the calloc side */
    long reallocs;
} hook_state;

static hook_state hs;

static int hook_fails(void)
{
    if (hs.countdown == 0) {
        hs.countdown = -1;
        hs.failed = 1;
        return 1;
    }
    if (hs.countdown > 0)
        hs.countdown--;
    return 0;
}

/* Dirty memory, as malloc may hand out: the fallback's memset must show. */
static void *hook_realloc(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    hs.reallocs++;
    if (hook_fails())
        return NULL;
    uint8_t *q = realloc(ptr, size);
    if (q != NULL && ptr == NULL) {
        hs.live++;
        memset(q, 0xEE, size);
    }
    return q;
}

static void *hook_calloc(void *ctx, size_t count, size_t size)
{
    (void)ctx;
    hs.callocs++;
    if (hook_fails())
        return NULL;
    void *q = calloc(count, size);
    if (q != NULL)
        hs.live++;
    return q;
}

static void hook_free(void *ctx, void *ptr)
{
    (void)ctx;
    hs.live--;
    free(ptr);
}

static size_t read_count(fz_reader *r)
{
    unsigned sel = fz_u8(r);
    uint64_t v = fz_u64(r);
    switch (sel % 4) {
    case 0:
        return (size_t)(v % 4097);
    case 1:
        return (size_t)(v % 17);
    case 2:
        return SIZE_MAX - (size_t)(v % 256);
    default:
        return (size_t)1 << (v % (8 * sizeof(size_t)));
    }
}

static void step_alloc(size_t step, fz_reader *r)
{
    static const lepack_allocator hook = {hook_realloc, hook_free, NULL};
    unsigned mode = fz_u8(r) % 3;
    size_t count = read_count(r), size = read_count(r);
    unsigned fail = fz_u8(r);
    memset(&hs, 0, sizeof hs);
    hs.countdown = fail < 128 ? -1 : 0;
    if (mode == 0) {
        lepack_set_allocator(NULL); /* libc's calloc */
        hs.countdown = -1;
    } else {
        lepack_set_allocator(&hook);
        if (mode == 2)
            lepack_set_allocator_calloc(hook_calloc);
    }
    int overflow = size != 0 && count > SIZE_MAX / size;
    size_t bytes = overflow ? 0 : count * size;
    /* Only sizes a test machine gives without a fight. */
    if (!overflow && bytes > ((size_t)1 << 18)) {
        lepack_set_allocator(NULL);
        return;
    }
    uint8_t sentinel = 0;
    uint8_t *out = &sentinel;
    lepack_status st = lepack_zero_alloc(count, size, &out);
    if (overflow) {
        FZ_EQ_U(step, "alloc overflow status", st, LEPACK_EOVERFLOW);
        if (out != &sentinel)
            FZ_FAIL("step %zu: alloc overflow wrote *out", step);
        FZ_EQ_U(step, "alloc overflow calls", hs.reallocs + hs.callocs, 0);
    } else if (bytes == 0) {
        FZ_EQ_U(step, "alloc empty status", st, LEPACK_OK);
        if (out != NULL)
            FZ_FAIL("step %zu: alloc of 0 bytes gave a block", step);
    } else if (hs.failed) {
        FZ_EQ_U(step, "alloc failure status", st, LEPACK_ENOMEM);
        if (out != &sentinel)
            FZ_FAIL("step %zu: failed alloc wrote *out", step);
    } else {
        FZ_EQ_U(step, "alloc status", st, LEPACK_OK);
        if (out == NULL || out == &sentinel)
            FZ_FAIL("step %zu: alloc OK without a block", step);
        for (size_t i = 0; i < bytes; i++)
            if (out[i] != 0)
                FZ_FAIL("step %zu: allocated byte %zu of %zu is 0x%02x", step, i, bytes, out[i]);
        if (mode == 1)
            FZ_EQ_U(step, "alloc through realloc_fn", hs.reallocs, 1);
        if (mode == 2)
            FZ_EQ_U(step, "alloc through calloc_fn", hs.callocs * 10 + hs.reallocs, 10);
        memset(out, 0x33, bytes); /* the block is the caller's */
        lepack_zero_free(out);
    }
    lepack_zero_free(NULL);
    if (mode != 0)
        FZ_EQ_I(step, "blocks live after free", hs.live, 0);
    lepack_set_allocator(NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r;
    fz_init(&r, data, size);
    timed_steps = 0;
    size_t len = fz_u16(&r) % (ZF_MAX_LEN + 1);
    memset(lep_buf, ZF_CANARY, sizeof lep_buf);
    fill(lep_buf + ZF_GUARD, len, fz_u8(&r));
    memcpy(ref_buf, lep_buf, sizeof lep_buf);
    for (size_t step = 1; step <= ZF_MAX_STEPS && !fz_done(&r); step++) {
        switch (fz_u8(&r) % 5) {
        case 0:
            step_zero(step, &r, len);
            break;
        case 1:
            step_invalid(step, &r, len);
            break;
        case 2:
            step_alloc(step, &r);
            break;
        case 4:
            step_timed(step, &r);
            break;
        default:
            fill(lep_buf + ZF_GUARD, len, fz_u8(&r));
            memcpy(ref_buf, lep_buf, sizeof lep_buf);
            break;
        }
    }
    return 0;
}
