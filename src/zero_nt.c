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
 * thread that learns of the progress through the poll sees them. */
#define _POSIX_C_SOURCE 200809L

#include "zero_nt.h"

#include <string.h>
#include <time.h>

static lepack_clock_fn clock_fn;
static void *clock_ctx;

void lepack_clock_set(lepack_clock_fn fn, void *ctx)
{
    clock_fn = fn;
    clock_ctx = ctx;
}

uint64_t lepack_clock_ns(void)
{
    if (clock_fn != NULL)
        return clock_fn(clock_ctx);
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0; /* the budget mode then sees no time pass: it only grows */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) &&                     \
    !defined(LEPACK_PORTABLE) && !defined(__FRAMAC__)

#include <immintrin.h>

#define LINE ((size_t)64)

/* The bytes before the first 64-byte boundary (at most n). */
static inline size_t head_bytes(const uint8_t *p, size_t n)
{
    size_t h = (size_t)((LINE - ((uintptr_t)p & (LINE - 1))) & (LINE - 1));
    return h < n ? h : n;
}

void lepack_kern_zero_stream_sse2(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    memset(p, 0, h);
    p += h;
    n -= h;
    const __m128i z = _mm_setzero_si128();
    size_t k = 0;
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        for (size_t j = 0; j < 4 * LINE; j += 16)
            _mm_stream_si128((__m128i *)(void *)(p + k + j), z);
    for (; n - k >= LINE; k += LINE)
        for (size_t j = 0; j < LINE; j += 16)
            _mm_stream_si128((__m128i *)(void *)(p + k + j), z);
    memset(p + k, 0, n - k);
    _mm_sfence();
}

__attribute__((target("avx2"))) void lepack_kern_zero_stream_avx2(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    memset(p, 0, h);
    p += h;
    n -= h;
    const __m256i z = _mm256_setzero_si256();
    size_t k = 0;
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        for (size_t j = 0; j < 4 * LINE; j += 32)
            _mm256_stream_si256((__m256i *)(void *)(p + k + j), z);
    for (; n - k >= LINE; k += LINE) {
        _mm256_stream_si256((__m256i *)(void *)(p + k), z);
        _mm256_stream_si256((__m256i *)(void *)(p + k + 32), z);
    }
    memset(p + k, 0, n - k);
    _mm_sfence();
}

__attribute__((target("avx512f"))) void lepack_kern_zero_stream_avx512(uint8_t *p, size_t n)
{
    size_t h = head_bytes(p, n);
    memset(p, 0, h);
    p += h;
    n -= h;
    const __m512i z = _mm512_setzero_si512();
    size_t k = 0;
    for (; n - k >= 4 * LINE; k += 4 * LINE)
        for (size_t j = 0; j < 4 * LINE; j += 64)
            _mm512_stream_si512((__m512i *)(void *)(p + k + j), z);
    for (; n - k >= LINE; k += LINE)
        _mm512_stream_si512((__m512i *)(void *)(p + k), z);
    memset(p + k, 0, n - k);
    _mm_sfence();
}

#endif
