/* SPDX-License-Identifier: Apache-2.0 */
/* A cursor over a byte buffer: (buf, cap, pos).  Each put or get moves pos
 * past the value it wrote or read.  When the value does not fit, it fails
 * and neither moves pos nor touches a byte (one-shot: a failed call is as if
 * it never happened), so a caller can stop at the first error and still
 * trust everything before pos. */
#ifndef LEPACK_CURSOR_H
#define LEPACK_CURSOR_H

#include <stddef.h>
#include <stdint.h>

#include "le.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lepack_cursor {
    uint8_t *buf; /* cap bytes */
    size_t cap;
    size_t pos;   /* 0 <= pos <= cap */
} lepack_cursor;

/*@ predicate valid_cursor(lepack_cursor *c) =
      \valid(c) && c->pos <= c->cap &&
      (c->cap == 0 || \valid(c->buf + (0 .. c->cap - 1))) &&
      \separated(c, c->buf + (0 .. c->cap - 1));
*/

/*@ requires \valid(c);
    requires cap == 0 || \valid(buf + (0 .. cap - 1));
    requires \separated(c, buf + (0 .. cap - 1));
    assigns *c;
    exits \false;
    ensures valid_cursor(c);
    ensures c->buf == buf && c->cap == cap && c->pos == 0; */
static inline void lepack_cursor_init(lepack_cursor *c, uint8_t *buf, size_t cap)
{
    c->buf = buf;
    c->cap = cap;
    c->pos = 0;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 0];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 1;
      ensures c->pos == \old(c->pos) + 1;
      ensures c->buf[\old(c->pos)] == v;
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 1;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_u8(lepack_cursor *c, uint8_t v)
{
    if (c->cap - c->pos < 1)
        return LEPACK_ENOSPACE;
    le_store_u8(c->buf + c->pos, v);
    c->pos += 1;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 1;
      ensures c->pos == \old(c->pos) + 1;
      ensures *out == c->buf[\old(c->pos)];
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 1;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_u8(lepack_cursor *c, uint8_t *out)
{
    if (c->cap - c->pos < 1)
        return LEPACK_ERANGE;
    *out = le_load_u8(c->buf + c->pos);
    c->pos += 1;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 1];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures le_digits_u16(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_u16(lepack_cursor *c, uint16_t v)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ENOSPACE;
    le_store_u16(c->buf + c->pos, v);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures *out == le_value_u16(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_u16(lepack_cursor *c, uint16_t *out)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ERANGE;
    *out = le_load_u16(c->buf + c->pos);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 1];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures le_digits_u16(c->buf + \old(c->pos), twos16(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_i16(lepack_cursor *c, int16_t v)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ENOSPACE;
    le_store_i16(c->buf + c->pos, v);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures twos16(*out) == le_value_u16(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_i16(lepack_cursor *c, int16_t *out)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ERANGE;
    *out = le_load_i16(c->buf + c->pos);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 3];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures le_digits_u32(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_u32(lepack_cursor *c, uint32_t v)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ENOSPACE;
    le_store_u32(c->buf + c->pos, v);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures *out == le_value_u32(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_u32(lepack_cursor *c, uint32_t *out)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ERANGE;
    *out = le_load_u32(c->buf + c->pos);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 3];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures le_digits_u32(c->buf + \old(c->pos), twos32(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_i32(lepack_cursor *c, int32_t v)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ENOSPACE;
    le_store_i32(c->buf + c->pos, v);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures twos32(*out) == le_value_u32(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_i32(lepack_cursor *c, int32_t *out)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ERANGE;
    *out = le_load_i32(c->buf + c->pos);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 7];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures le_digits_u64(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_u64(lepack_cursor *c, uint64_t v)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ENOSPACE;
    le_store_u64(c->buf + c->pos, v);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures *out == le_value_u64(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_u64(lepack_cursor *c, uint64_t *out)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ERANGE;
    *out = le_load_u64(c->buf + c->pos);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 7];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures le_digits_u64(c->buf + \old(c->pos), twos64(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_le_i64(lepack_cursor *c, int64_t v)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ENOSPACE;
    le_store_i64(c->buf + c->pos, v);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures twos64(*out) == le_value_u64(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_le_i64(lepack_cursor *c, int64_t *out)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ERANGE;
    *out = le_load_i64(c->buf + c->pos);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 0];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 1;
      ensures c->pos == \old(c->pos) + 1;
      ensures c->buf[\old(c->pos)] == v;
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 1;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_u8(lepack_cursor *c, uint8_t v)
{
    if (c->cap - c->pos < 1)
        return LEPACK_ENOSPACE;
    be_store_u8(c->buf + c->pos, v);
    c->pos += 1;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 1;
      ensures c->pos == \old(c->pos) + 1;
      ensures *out == c->buf[\old(c->pos)];
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 1;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_u8(lepack_cursor *c, uint8_t *out)
{
    if (c->cap - c->pos < 1)
        return LEPACK_ERANGE;
    *out = be_load_u8(c->buf + c->pos);
    c->pos += 1;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 1];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures be_digits_u16(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_u16(lepack_cursor *c, uint16_t v)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ENOSPACE;
    be_store_u16(c->buf + c->pos, v);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures *out == be_value_u16(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_u16(lepack_cursor *c, uint16_t *out)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ERANGE;
    *out = be_load_u16(c->buf + c->pos);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 1];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures be_digits_u16(c->buf + \old(c->pos), twos16(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_i16(lepack_cursor *c, int16_t v)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ENOSPACE;
    be_store_i16(c->buf + c->pos, v);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 2;
      ensures c->pos == \old(c->pos) + 2;
      ensures twos16(*out) == be_value_u16(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 2;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_i16(lepack_cursor *c, int16_t *out)
{
    if (c->cap - c->pos < 2)
        return LEPACK_ERANGE;
    *out = be_load_i16(c->buf + c->pos);
    c->pos += 2;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 3];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures be_digits_u32(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_u32(lepack_cursor *c, uint32_t v)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ENOSPACE;
    be_store_u32(c->buf + c->pos, v);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures *out == be_value_u32(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_u32(lepack_cursor *c, uint32_t *out)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ERANGE;
    *out = be_load_u32(c->buf + c->pos);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 3];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures be_digits_u32(c->buf + \old(c->pos), twos32(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_i32(lepack_cursor *c, int32_t v)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ENOSPACE;
    be_store_i32(c->buf + c->pos, v);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 4;
      ensures c->pos == \old(c->pos) + 4;
      ensures twos32(*out) == be_value_u32(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 4;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_i32(lepack_cursor *c, int32_t *out)
{
    if (c->cap - c->pos < 4)
        return LEPACK_ERANGE;
    *out = be_load_i32(c->buf + c->pos);
    c->pos += 4;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 7];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures be_digits_u64(c->buf + \old(c->pos), v);
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_u64(lepack_cursor *c, uint64_t v)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ENOSPACE;
    be_store_u64(c->buf + c->pos, v);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures *out == be_value_u64(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_u64(lepack_cursor *c, uint64_t *out)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ERANGE;
    *out = be_load_u64(c->buf + c->pos);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    assigns c->pos, c->buf[c->pos .. c->pos + 7];
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures be_digits_u64(c->buf + \old(c->pos), twos64(v));
      ensures \result == LEPACK_OK;
    behavior full:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_put_be_i64(lepack_cursor *c, int64_t v)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ENOSPACE;
    be_store_i64(c->buf + c->pos, v);
    c->pos += 8;
    return LEPACK_OK;
}

/*@ requires valid_cursor(c);
    requires \valid(out) && \separated(out, c, c->buf + (0 .. c->cap - 1));
    assigns c->pos, *out;
    exits \false;
    ensures valid_cursor(c);
    behavior fits:
      assumes c->cap - c->pos >= 8;
      ensures c->pos == \old(c->pos) + 8;
      ensures twos64(*out) == be_value_u64(c->buf + \old(c->pos));
      ensures \result == LEPACK_OK;
    behavior short:
      assumes c->cap - c->pos < 8;
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status lepack_cursor_get_be_i64(lepack_cursor *c, int64_t *out)
{
    if (c->cap - c->pos < 8)
        return LEPACK_ERANGE;
    *out = be_load_i64(c->buf + c->pos);
    c->pos += 8;
    return LEPACK_OK;
}

#ifdef __cplusplus
}
#endif

#endif
