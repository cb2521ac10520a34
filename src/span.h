/* SPDX-License-Identifier: Apache-2.0 */
/* A byte array seen as whole records of one width, for loops that check
 * once.  The number of records that fit is computed when the span is made,
 * so the natural loop
 *
 *     lepack_span s = lepack_span_of(buf, len, LEPACK_ITEM_SIZE);
 *     for (size_t i = 0; i < s.count; i++) {
 *         uint8_t *p = lepack_span_at(s, i);
 *         le_store_i32(p, ...);
 *         le_store_i64(p + 4, ...);
 *     }
 *
 * has one exit and no check inside: i < s.count is the bounds check of
 * every access to p[0 .. s.width).  (A check per record, `off + 20 <= len`
 * inside the loop, costs a compare and a second loop exit, which keeps
 * clang 14 from unrolling; docs/performance.md.)  Bytes past the last whole
 * record are not in the span.  The unchecked views of le.h do the access;
 * the span only says where. */
#ifndef LEPACK_SPAN_H
#define LEPACK_SPAN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lepack_span {
    uint8_t *base; /* count * width bytes */
    size_t count;  /* whole records */
    size_t width;  /* bytes per record, > 0 */
} lepack_span;

/* The same over read-only bytes. */
typedef struct lepack_const_span {
    const uint8_t *base;
    size_t count;
    size_t width;
} lepack_const_span;

/*@ predicate valid_span(lepack_span s) =
      s.width > 0 && s.count * s.width <= SIZE_MAX &&
      (s.count > 0 ==> \valid(s.base + (0 .. s.count * s.width - 1)));
    predicate valid_const_span(lepack_const_span s) =
      s.width > 0 && s.count * s.width <= SIZE_MAX &&
      (s.count > 0 ==> \valid_read(s.base + (0 .. s.count * s.width - 1)));
*/

/* The whole records of `width` bytes in buf[0 .. len). */
/*@ requires width > 0;
    requires len > 0 ==> \valid(buf + (0 .. len - 1));
    assigns \nothing;
    exits \false;
    ensures valid_span(\result);
    ensures \result.base == buf && \result.width == width;
    ensures \result.count == len / width; */
static inline lepack_span lepack_span_of(uint8_t *buf, size_t len, size_t width)
{
    lepack_span s;
    s.base = buf;
    s.count = len / width;
    s.width = width;
    return s;
}

/* Record i: s.width bytes, all inside the span. */
/*@ requires valid_span(s) && i < s.count;
    assigns \nothing;
    exits \false;
    ensures \result == s.base + i * s.width;
    ensures \valid(\result + (0 .. s.width - 1)); */
static inline uint8_t *lepack_span_at(lepack_span s, size_t i)
{
    /*@ assert (i + 1) * s.width <= s.count * s.width; */
    return s.base + i * s.width;
}

/*@ requires width > 0;
    requires len > 0 ==> \valid_read(buf + (0 .. len - 1));
    assigns \nothing;
    exits \false;
    ensures valid_const_span(\result);
    ensures \result.base == buf && \result.width == width;
    ensures \result.count == len / width; */
static inline lepack_const_span lepack_const_span_of(const uint8_t *buf, size_t len,
                                                     size_t width)
{
    lepack_const_span s;
    s.base = buf;
    s.count = len / width;
    s.width = width;
    return s;
}

/*@ requires valid_const_span(s) && i < s.count;
    assigns \nothing;
    exits \false;
    ensures \result == s.base + i * s.width;
    ensures \valid_read(\result + (0 .. s.width - 1)); */
static inline const uint8_t *lepack_const_span_at(lepack_const_span s, size_t i)
{
    /*@ assert (i + 1) * s.width <= s.count * s.width; */
    return s.base + i * s.width;
}

#ifdef __cplusplus
}
#endif

#endif
