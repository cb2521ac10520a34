/* SPDX-License-Identifier: Apache-2.0 */
/* What a harness does on a disagreement: print the step and both sides,
 * then abort() so that every engine records the input as a crash. */
#ifndef LEPACK_FUZZ_CHECK_H
#define LEPACK_FUZZ_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_FAIL(...)                                                   \
    do {                                                               \
        fprintf(stderr, "lepack fuzz mismatch (%s:%d): ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                                  \
        fputc('\n', stderr);                                           \
        abort();                                                       \
    } while (0)

/* Compares two integers (widened to 64 bits, signed or not). */
#define FZ_EQ_U(step, what, got, want)                                            \
    do {                                                                           \
        uint64_t fz_g_ = (uint64_t)(got), fz_w_ = (uint64_t)(want);                \
        if (fz_g_ != fz_w_)                                                        \
            FZ_FAIL("step %zu: %s: lepack %" PRIu64 " (0x%" PRIx64 "), ref %" PRIu64 \
                    " (0x%" PRIx64 ")", (size_t)(step), what, fz_g_, fz_g_, fz_w_, fz_w_); \
    } while (0)

#define FZ_EQ_I(step, what, got, want)                                            \
    do {                                                                           \
        int64_t fz_g_ = (int64_t)(got), fz_w_ = (int64_t)(want);                   \
        if (fz_g_ != fz_w_)                                                        \
            FZ_FAIL("step %zu: %s: lepack %" PRId64 ", ref %" PRId64, (size_t)(step), \
                    what, fz_g_, fz_w_);                                           \
    } while (0)

/* Marking bytes of a heap block unaddressable (AddressSanitizer builds
 * only; elsewhere nothing), for exact-size views into a reused block. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(FZ_ASAN)
#define FZ_ASAN 1
#endif
#ifdef FZ_ASAN
#include <sanitizer/asan_interface.h>
#define FZ_POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define FZ_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define FZ_POISON(p, n) ((void)(p), (void)(n))
#define FZ_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* First differing byte of two buffers, or n. */
static inline size_t fz_diff_at(const unsigned char *a, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return i;
    return n;
}

#define FZ_EQ_BYTES(step, what, got, want, n)                                      \
    do {                                                                           \
        size_t fz_n_ = (n);                                                        \
        size_t fz_i_ = fz_n_;                                                      \
        if (fz_n_ > 0 && memcmp((got), (want), fz_n_) != 0)                        \
            fz_i_ = fz_diff_at((const unsigned char *)(got), (const unsigned char *)(want), fz_n_); \
        if (fz_i_ != fz_n_)                                                        \
            FZ_FAIL("step %zu: %s: byte %zu of %zu differs: lepack 0x%02x, ref 0x%02x", \
                    (size_t)(step), what, fz_i_, fz_n_,                            \
                    ((const unsigned char *)(got))[fz_i_], ((const unsigned char *)(want))[fz_i_]); \
    } while (0)

#endif
