/* SPDX-License-Identifier: Apache-2.0 */
/* Reads typed values off the front of a fuzzer input.
 *
 * Values are taken in the order the harness asks for them, little-endian,
 * so that a hand-written seed is a readable byte list.  Past the end every
 * read yields zero and fz_done() turns true: a harness never needs a length
 * check of its own, and truncating an input only zeroes its tail. */
#ifndef LEPACK_FUZZ_READER_H
#define LEPACK_FUZZ_READER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct fz_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;
} fz_reader;

static inline void fz_init(fz_reader *r, const uint8_t *data, size_t size)
{
    r->data = data;
    r->size = size;
    r->pos = 0;
}

static inline int fz_done(const fz_reader *r)
{
    return r->pos >= r->size;
}

static inline size_t fz_left(const fz_reader *r)
{
    return r->size - r->pos;
}

static inline uint8_t fz_u8(fz_reader *r)
{
    if (r->pos >= r->size)
        return 0;
    return r->data[r->pos++];
}

static inline uint64_t fz_uint(fz_reader *r, int bytes)
{
    uint64_t v = 0;
    for (int k = 0; k < bytes; k++)
        v |= (uint64_t)fz_u8(r) << (8 * k);
    return v;
}

static inline uint16_t fz_u16(fz_reader *r) { return (uint16_t)fz_uint(r, 2); }
static inline uint32_t fz_u32(fz_reader *r) { return (uint32_t)fz_uint(r, 4); }
static inline uint64_t fz_u64(fz_reader *r) { return fz_uint(r, 8); }
static inline int fz_bool(fz_reader *r) { return fz_u8(r) & 1; }

/* Two's complement reinterpretation without an out-of-range conversion. */
static inline int64_t fz_i64_of(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u : (int64_t)(u - (uint64_t)INT64_MAX - 1) + INT64_MIN;
}

static inline int32_t fz_i32_of(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : (int32_t)(u - (uint32_t)INT32_MAX - 1) + INT32_MIN;
}

static inline int64_t fz_i64(fz_reader *r) { return fz_i64_of(fz_u64(r)); }
static inline int32_t fz_i32(fz_reader *r) { return fz_i32_of(fz_u32(r)); }

/* A number in [0, n) from one byte (n <= 256). */
static inline unsigned fz_below(fz_reader *r, unsigned n)
{
    return n == 0 ? 0 : fz_u8(r) % n;
}

/* Up to n bytes; returns how many were available (the rest of dst is zeroed). */
static inline size_t fz_bytes(fz_reader *r, uint8_t *dst, size_t n)
{
    size_t k = fz_left(r) < n ? fz_left(r) : n;
    if (k > 0)
        memcpy(dst, r->data + r->pos, k);
    if (n > k)
        memset(dst + k, 0, n - k);
    r->pos += k;
    return k;
}

#endif
