/* SPDX-License-Identifier: Apache-2.0 */
/* Shared helpers for the unit tests: a seeded generator, hex, and a
 * snapshot of a message for "nothing changed" checks.
 *
 * Plain C with no sanitizer or host assumptions, so that the same tests
 * build for a big-endian target. */
#ifndef LEPACK_TEST_UTIL_H
#define LEPACK_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>

#include <cmocka.h>

#include "counters.h"

/* splitmix64: a fixed seed gives the same sequence on every host, so a
 * failure seen once can be replayed anywhere. */
typedef struct test_rng {
    uint64_t state;
} test_rng;

static inline uint64_t test_rng_next(test_rng *r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform enough in [0, n) for n far below 2^64. */
static inline size_t test_rng_below(test_rng *r, size_t n)
{
    return (size_t)(test_rng_next(r) % n);
}

/* The signed value with the same bits, without an implementation-defined
 * conversion. */
static inline int64_t test_i64_of_bits(uint64_t u)
{
    if (u <= (uint64_t)INT64_MAX)
        return (int64_t)u;
    return (int64_t)(u - 9223372036854775808u) - INT64_MAX - 1;
}

static inline int32_t test_i32_of_bits(uint32_t u)
{
    if (u <= (uint32_t)INT32_MAX)
        return (int32_t)u;
    return (int32_t)(u - 2147483648u) - INT32_MAX - 1;
}

/* A value that is an edge case about a third of the time, since edges are
 * where byte order and sign handling break. */
static inline int64_t test_rng_i64(test_rng *r)
{
    static const int64_t edges[] = {0, 1, -1, INT64_MIN, INT64_MAX, INT64_MIN + 1,
                                    INT64_MAX - 1, INT32_MIN, INT32_MAX, 255, 256,
                                    -256, 0x0102030405060708};
    uint64_t u = test_rng_next(r);
    if (u % 3 == 0)
        return edges[(u >> 8) % (sizeof edges / sizeof edges[0])];
    return test_i64_of_bits(test_rng_next(r));
}

static inline int32_t test_rng_i32(test_rng *r)
{
    static const int32_t edges[] = {0, 1, -1, INT32_MIN, INT32_MAX, INT32_MIN + 1,
                                    INT32_MAX - 1, 255, 256, -256};
    uint64_t u = test_rng_next(r);
    if (u % 3 == 0)
        return edges[(u >> 8) % (sizeof edges / sizeof edges[0])];
    return test_i32_of_bits((uint32_t)(test_rng_next(r) >> 32));
}

static inline int test_hex_digit(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes n hex digits (n even) into out; -1 on a bad digit. */
static inline int test_hex_decode(const char *hex, size_t n, uint8_t *out)
{
    if (n % 2 != 0)
        return -1;
    for (size_t i = 0; i < n; i += 2) {
        int hi = test_hex_digit((unsigned char)hex[i]);
        int lo = test_hex_digit((unsigned char)hex[i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i / 2] = (uint8_t)(hi * 16 + lo);
    }
    return 0;
}

/* Everything observable about a message, copied. */
typedef struct test_snapshot {
    int32_t cache_id;
    size_t size;
    size_t len;
    uint8_t *wire; /* malloc'd copy, NULL when len == 0 */
} test_snapshot;

static inline void test_snapshot_take(test_snapshot *s, const lepack_counters *m)
{
    const uint8_t *w = lepack_counters_wire(m, &s->len);
    s->cache_id = lepack_counters_cache_id(m);
    s->size = lepack_counters_size(m);
    s->wire = NULL;
    if (s->len > 0) {
        s->wire = malloc(s->len);
        assert_non_null(s->wire);
        memcpy(s->wire, w, s->len);
    }
}

static inline void test_snapshot_check(const test_snapshot *s, const lepack_counters *m)
{
    size_t len;
    const uint8_t *w = lepack_counters_wire(m, &len);
    assert_int_equal(lepack_counters_cache_id(m), s->cache_id);
    assert_int_equal(lepack_counters_size(m), s->size);
    assert_int_equal(len, s->len);
    assert_int_equal(len, s->size * LEPACK_ITEM_SIZE);
    if (len > 0)
        assert_memory_equal(w, s->wire, len);
    else
        assert_null(w);
}

static inline void test_snapshot_free(test_snapshot *s)
{
    free(s->wire);
    s->wire = NULL;
}

#endif
