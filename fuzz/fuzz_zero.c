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
 * A zero step compares, after the call: the status, *done, the number of
 * polls and the offset each was given, and every byte of the buffer and of
 * its guards with the reference's copy.  Inside each poll it also checks the
 * state between two chunks: bytes [0, done) of the range zero, the rest as
 * before the call.  A stop is then resumed at *done and must finish the
 * range.  Flags: bit 0 passes no poll; bit 1 skips the resume. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "ref.h"
#include "ref_zero.h"
#include "status.h"
#include "zero.h"

#include "fuzz_check.h"
#include "fuzz_reader.h"

#define ZF_MAX_LEN 16384u
#define ZF_GUARD 64u
#define ZF_CANARY 0xA5u
#define ZF_MAX_STEPS 64u
#define ZF_MAX_POLLS 20000u

static uint8_t lep_buf[ZF_MAX_LEN + 2 * ZF_GUARD];
static uint8_t ref_buf[ZF_MAX_LEN + 2 * ZF_GUARD];
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
    size_t len = fz_u16(&r) % (ZF_MAX_LEN + 1);
    memset(lep_buf, ZF_CANARY, sizeof lep_buf);
    fill(lep_buf + ZF_GUARD, len, fz_u8(&r));
    memcpy(ref_buf, lep_buf, sizeof lep_buf);
    for (size_t step = 1; step <= ZF_MAX_STEPS && !fz_done(&r); step++) {
        switch (fz_u8(&r) % 4) {
        case 0:
            step_zero(step, &r, len);
            break;
        case 1:
            step_invalid(step, &r, len);
            break;
        case 2:
            step_alloc(step, &r);
            break;
        default:
            fill(lep_buf + ZF_GUARD, len, fz_u8(&r));
            memcpy(ref_buf, lep_buf, sizeof lep_buf);
            break;
        }
    }
    return 0;
}
