/* SPDX-License-Identifier: Apache-2.0 */
/* Non-temporal zeroing kernels and the clock of the pause-budget mode
 * (src/zero_nt.h).
 *
 * A range much larger than the last-level cache gains nothing from passing
 * through it: each line written by an ordinary store is first read for
 * ownership and later written back, and the zeroes evict what the program
 * had cached.  Streaming stores (movntdq, vmovntdq) write whole lines to
 * memory.  They are weakly ordered, so every kernel ends with sfence: the
 * caller reports the zeroes to its poll only after the fence, and another
 * thread that learns of the progress through the poll sees them.
 *
 * The kernels are written in the lane operations of src/lane/ and proven
 * from their models' contracts (proofs/README.md): every store within
 * p[0 .. n), every streaming store on an address its width divides, and
 * p[0 .. n) all zero at the end.  They keep p as it was given and address
 * bytes as p[k], so that the stores' contracts, which speak of absolute
 * positions, meet the loop invariants' terms. */
#define _POSIX_C_SOURCE 200809L

#include "zero_nt.h"

#include <time.h>

#include "lane/align.h"
#include "lane/make.h"
#include "lane/stream.h"

static lepack_clock_fn clock_fn;
static void *clock_ctx;

/*@ assigns clock_fn \from fn;
    assigns clock_ctx \from ctx;
    exits \false;
    ensures clock_fn == fn && clock_ctx == ctx; */
void lepack_clock_set(lepack_clock_fn fn, void *ctx)
{
    clock_fn = fn;
    clock_ctx = ctx;
}

/* WP sees only the contract in src/zero_nt.h: the body calls the test's
 * clock through a pointer or reads the system's, which no proof can
 * follow (proofs/README.md lists it as trusted). */
#ifndef __FRAMAC__
uint64_t lepack_clock_ns(void)
{
    if (clock_fn != NULL)
        return clock_fn(clock_ctx);
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0; /* the budget mode then sees no time pass: it only grows */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#if LEPACK_LANES

#define LINE ((size_t)64)

/* The bytes of p[0 .. n) before its first 64-byte line (all n when the
 * range ends first). */
/*@ assigns \nothing;
    exits \false;
    ensures \result <= n;
    ensures \result < n ==> (lane_line_offset(p) + \result) % 64 == 0; */
static inline size_t head_bytes(uint8_t *p, size_t n)
{
    size_t h = (LINE - lane_line_offset_u8(p)) % LINE;
    return h < n ? h : n;
}

/* p[from .. to) zeroed by ordinary stores: the head and the tail, under a
 * line each.  Compilers turn the loop into a call of memset, as the
 * kernels wrote it before; written as a loop, it is proven rather than
 * taken on memset's libc contract. */
/*@ requires from <= to && \valid(p + (from .. to - 1));
    assigns p[from .. to - 1];
    exits \false;
    ensures zero_bytes(p, from, to); */
static inline void zero_plain(uint8_t *p, size_t from, size_t to)
{
    /*@ loop invariant from <= k <= to;
        loop invariant zero_bytes(p, from, k);
        loop assigns k, p[from .. to - 1];
        loop variant to - k; */
    for (size_t k = from; k < to; k++)
        p[k] = 0;
}

void lepack_kern_zero_stream_sse2(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    zero_plain(p, 0, h);
    const v128_u8 z = v128_setzero_u8();
    size_t k = h;
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        /*@ loop invariant 0 <= j <= 4 * LINE && j % 16 == 0;
            loop invariant zero_bytes(p, 0, k + j);
            loop assigns j, p[0 .. n - 1];
            loop variant 4 * LINE - j; */
        for (size_t j = 0; j < 4 * LINE; j += 16)
            v128_stream_u8(p, k + j, z);
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= LINE; k += LINE)
        /*@ loop invariant 0 <= j <= LINE && j % 16 == 0;
            loop invariant zero_bytes(p, 0, k + j);
            loop assigns j, p[0 .. n - 1];
            loop variant LINE - j; */
        for (size_t j = 0; j < LINE; j += 16)
            v128_stream_u8(p, k + j, z);
    zero_plain(p, k, n);
    lane_sfence();
}

__attribute__((target("avx2")))
void lepack_kern_zero_stream_avx2(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    zero_plain(p, 0, h);
    const v256_u8 z = v256_setzero_u8();
    size_t k = h;
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        /*@ loop invariant 0 <= j <= 4 * LINE && j % 32 == 0;
            loop invariant zero_bytes(p, 0, k + j);
            loop assigns j, p[0 .. n - 1];
            loop variant 4 * LINE - j; */
        for (size_t j = 0; j < 4 * LINE; j += 32)
            v256_stream_u8(p, k + j, z);
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= LINE; k += LINE) {
        v256_stream_u8(p, k, z);
        v256_stream_u8(p, k + 32, z);
    }
    zero_plain(p, k, n);
    lane_sfence();
}

__attribute__((target("avx512f")))
void lepack_kern_zero_stream_avx512(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    zero_plain(p, 0, h);
    const v512_u8 z = v512_setzero_u8();
    size_t k = h;
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        /*@ loop invariant 0 <= j <= 4 * LINE && j % 64 == 0;
            loop invariant zero_bytes(p, 0, k + j);
            loop assigns j, p[0 .. n - 1];
            loop variant 4 * LINE - j; */
        for (size_t j = 0; j < 4 * LINE; j += 64)
            v512_stream_u8(p, k + j, z);
    /*@ loop invariant h <= k <= n;
        loop invariant k == n || (lane_line_offset(p) + k) % 64 == 0;
        loop invariant zero_bytes(p, 0, k);
        loop assigns k, p[0 .. n - 1];
        loop variant n - k; */
    for (; n - k >= LINE; k += LINE)
        v512_stream_u8(p, k, z);
    zero_plain(p, k, n);
    lane_sfence();
}

#endif
