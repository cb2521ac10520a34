/* SPDX-License-Identifier: Apache-2.0 */
/* Little- and big-endian views over byte arrays: the C counterpart of
 * MethodHandles.byteArrayViewVarHandle(..., LITTLE_ENDIAN / BIG_ENDIAN).
 *
 * Two tiers.  The unchecked tier (le_load_u32, be_store_i64, ...) takes a
 * pointer to the first byte and requires the whole value to lie inside the
 * array: it is for callers that checked a whole record or batch once.  The
 * checked tier (le_get_u32, be_put_i64, ...) takes (buf, len, off), returns
 * LEPACK_ERANGE when off + width does not fit in len (also when that sum
 * would overflow size_t) and then reads or writes nothing.
 *
 * Everything is static inline so that a checked access in a loop costs one
 * compare and one load or store; the unsigned primitives live in le_mem.h. */
#ifndef LEPACK_LE_H
#define LEPACK_LE_H

#include <stddef.h>
#include <stdint.h>

#include "cast.h"
#include "le_mem.h"
#include "status.h"

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* --- signed <-> unsigned, two's complement ---------------------------------
 * Written as in-range conversions behind a branch: a plain cast of an
 * out-of-range value is implementation-defined in C and unprovable in WP,
 * while this form compiles to no instruction at all. */

/*@ assigns \nothing;
    exits \false;
    ensures \result == (u <= 32767 ? u : u - 65536); */
static inline int16_t lepack_i16_of_u16(uint16_t u)
{
    if (u <= INT16_MAX)
        return LEPACK_CAST(int16_t, u);
    return LEPACK_CAST(int16_t, u - 65536);
}

/*@ assigns \nothing;
    exits \false;
    ensures \result == (u <= 2147483647 ? u : u - 4294967296); */
static inline int32_t lepack_i32_of_u32(uint32_t u)
{
    if (u <= LEPACK_CAST(uint32_t, INT32_MAX))
        return LEPACK_CAST(int32_t, u);
    return LEPACK_CAST(int32_t, u - 2147483648u) - INT32_MAX - 1;
}

/*@ assigns \nothing;
    exits \false;
    ensures \result == (u <= 9223372036854775807 ? u : u - 18446744073709551616); */
static inline int64_t lepack_i64_of_u64(uint64_t u)
{
    if (u <= LEPACK_CAST(uint64_t, INT64_MAX))
        return LEPACK_CAST(int64_t, u);
    return LEPACK_CAST(int64_t, u - 9223372036854775808u) - INT64_MAX - 1;
}

/*@ assigns \nothing;
    exits \false;
    ensures \result == twos16(v); */
static inline uint16_t lepack_u16_of_i16(int16_t v)
{
    if (v >= 0)
        return LEPACK_CAST(uint16_t, v);
    return LEPACK_CAST(uint16_t, v + 65536);
}

/*@ assigns \nothing;
    exits \false;
    ensures \result == twos32(v); */
static inline uint32_t lepack_u32_of_i32(int32_t v)
{
    if (v >= 0)
        return LEPACK_CAST(uint32_t, v);
    return LEPACK_CAST(uint32_t, v + INT32_MAX + 1) + 2147483648u;
}

/*@ assigns \nothing;
    exits \false;
    ensures \result == twos64(v); */
static inline uint64_t lepack_u64_of_i64(int64_t v)
{
    if (v >= 0)
        return LEPACK_CAST(uint64_t, v);
    return LEPACK_CAST(uint64_t, v + INT64_MAX + 1) + 9223372036854775808u;
}

/* --- unchecked tier: u8 and the signed widths --------------------------- */

/* u8 has no byte order; the le_ names exist so code reads uniformly. */
/*@ requires \valid_read(p);
    assigns \nothing;
    exits \false;
    ensures \result == p[0]; */
static inline uint8_t le_load_u8(const uint8_t *p)
{
    return p[0];
}

/*@ requires \valid(p);
    assigns p[0];
    exits \false;
    ensures p[0] == v; */
static inline void le_store_u8(uint8_t *p, uint8_t v)
{
    p[0] = v;
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures twos16(\result) == le_value_u16(p); */
static inline int16_t le_load_i16(const uint8_t *p)
{
    return lepack_i16_of_u16(le_load_u16(p));
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures le_digits_u16(p, twos16(v)); */
static inline void le_store_i16(uint8_t *p, int16_t v)
{
    le_store_u16(p, lepack_u16_of_i16(v));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures twos32(\result) == le_value_u32(p); */
static inline int32_t le_load_i32(const uint8_t *p)
{
    return lepack_i32_of_u32(le_load_u32(p));
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures le_digits_u32(p, twos32(v)); */
static inline void le_store_i32(uint8_t *p, int32_t v)
{
    le_store_u32(p, lepack_u32_of_i32(v));
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures twos64(\result) == le_value_u64(p); */
static inline int64_t le_load_i64(const uint8_t *p)
{
    return lepack_i64_of_u64(le_load_u64(p));
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures le_digits_u64(p, twos64(v)); */
static inline void le_store_i64(uint8_t *p, int64_t v)
{
    le_store_u64(p, lepack_u64_of_i64(v));
}

/* u8 has no byte order; the be_ names exist so code reads uniformly. */
/*@ requires \valid_read(p);
    assigns \nothing;
    exits \false;
    ensures \result == p[0]; */
static inline uint8_t be_load_u8(const uint8_t *p)
{
    return p[0];
}

/*@ requires \valid(p);
    assigns p[0];
    exits \false;
    ensures p[0] == v; */
static inline void be_store_u8(uint8_t *p, uint8_t v)
{
    p[0] = v;
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures twos16(\result) == be_value_u16(p); */
static inline int16_t be_load_i16(const uint8_t *p)
{
    return lepack_i16_of_u16(be_load_u16(p));
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures be_digits_u16(p, twos16(v)); */
static inline void be_store_i16(uint8_t *p, int16_t v)
{
    be_store_u16(p, lepack_u16_of_i16(v));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures twos32(\result) == be_value_u32(p); */
static inline int32_t be_load_i32(const uint8_t *p)
{
    return lepack_i32_of_u32(be_load_u32(p));
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures be_digits_u32(p, twos32(v)); */
static inline void be_store_i32(uint8_t *p, int32_t v)
{
    be_store_u32(p, lepack_u32_of_i32(v));
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures twos64(\result) == be_value_u64(p); */
static inline int64_t be_load_i64(const uint8_t *p)
{
    return lepack_i64_of_u64(be_load_u64(p));
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures be_digits_u64(p, twos64(v)); */
static inline void be_store_i64(uint8_t *p, int64_t v)
{
    be_store_u64(p, lepack_u64_of_i64(v));
}

/* --- checked tier ---------------------------------------------------------- */

/*@ predicate lepack_fits(integer len, integer off, integer width) =
      off + width <= len;
*/

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 1);
      ensures *out == buf[off];
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 1);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_u8(const uint8_t *buf, size_t len, size_t off,
                                     uint8_t *out)
{
    if (len < 1 || off > len - 1)
        return LEPACK_ERANGE;
    *out = le_load_u8(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 0];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 1);
      ensures buf[off] == v;
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 1);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_u8(uint8_t *buf, size_t len, size_t off, uint8_t v)
{
    if (len < 1 || off > len - 1)
        return LEPACK_ERANGE;
    le_store_u8(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures *out == le_value_u16(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_u16(const uint8_t *buf, size_t len, size_t off,
                                     uint16_t *out)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = le_load_u16(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 1];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures le_digits_u16(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_u16(uint8_t *buf, size_t len, size_t off, uint16_t v)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    le_store_u16(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures twos16(*out) == le_value_u16(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_i16(const uint8_t *buf, size_t len, size_t off,
                                     int16_t *out)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = le_load_i16(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 1];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures le_digits_u16(buf + off, twos16(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_i16(uint8_t *buf, size_t len, size_t off, int16_t v)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    le_store_i16(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures *out == le_value_u32(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_u32(const uint8_t *buf, size_t len, size_t off,
                                     uint32_t *out)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    *out = le_load_u32(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 3];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures le_digits_u32(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_u32(uint8_t *buf, size_t len, size_t off, uint32_t v)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    le_store_u32(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures twos32(*out) == le_value_u32(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_i32(const uint8_t *buf, size_t len, size_t off,
                                     int32_t *out)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    *out = le_load_i32(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 3];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures le_digits_u32(buf + off, twos32(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_i32(uint8_t *buf, size_t len, size_t off, int32_t v)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    le_store_i32(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures *out == le_value_u64(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_u64(const uint8_t *buf, size_t len, size_t off,
                                     uint64_t *out)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    *out = le_load_u64(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 7];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures le_digits_u64(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_u64(uint8_t *buf, size_t len, size_t off, uint64_t v)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    le_store_u64(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures twos64(*out) == le_value_u64(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_get_i64(const uint8_t *buf, size_t len, size_t off,
                                     int64_t *out)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    *out = le_load_i64(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 7];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures le_digits_u64(buf + off, twos64(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status le_put_i64(uint8_t *buf, size_t len, size_t off, int64_t v)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    le_store_i64(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 1);
      ensures *out == buf[off];
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 1);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_u8(const uint8_t *buf, size_t len, size_t off,
                                     uint8_t *out)
{
    if (len < 1 || off > len - 1)
        return LEPACK_ERANGE;
    *out = be_load_u8(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 0];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 1);
      ensures buf[off] == v;
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 1);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_u8(uint8_t *buf, size_t len, size_t off, uint8_t v)
{
    if (len < 1 || off > len - 1)
        return LEPACK_ERANGE;
    be_store_u8(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures *out == be_value_u16(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_u16(const uint8_t *buf, size_t len, size_t off,
                                     uint16_t *out)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = be_load_u16(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 1];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures be_digits_u16(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_u16(uint8_t *buf, size_t len, size_t off, uint16_t v)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    be_store_u16(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures twos16(*out) == be_value_u16(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_i16(const uint8_t *buf, size_t len, size_t off,
                                     int16_t *out)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = be_load_i16(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 1];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 2);
      ensures be_digits_u16(buf + off, twos16(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 2);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_i16(uint8_t *buf, size_t len, size_t off, int16_t v)
{
    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    be_store_i16(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures *out == be_value_u32(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_u32(const uint8_t *buf, size_t len, size_t off,
                                     uint32_t *out)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    *out = be_load_u32(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 3];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures be_digits_u32(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_u32(uint8_t *buf, size_t len, size_t off, uint32_t v)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    be_store_u32(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures twos32(*out) == be_value_u32(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_i32(const uint8_t *buf, size_t len, size_t off,
                                     int32_t *out)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    *out = be_load_i32(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 3];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 4);
      ensures be_digits_u32(buf + off, twos32(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 4);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_i32(uint8_t *buf, size_t len, size_t off, int32_t v)
{
    if (len < 4 || off > len - 4)
        return LEPACK_ERANGE;
    be_store_i32(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures *out == be_value_u64(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_u64(const uint8_t *buf, size_t len, size_t off,
                                     uint64_t *out)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    *out = be_load_u64(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 7];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures be_digits_u64(buf + off, v);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_u64(uint8_t *buf, size_t len, size_t off, uint64_t v)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    be_store_u64(buf + off, v);
    return LEPACK_OK;
}

/*@ requires \valid_read(buf + (0 .. len - 1)) || len == 0;
    requires \valid(out);
    requires \separated(out, buf + (0 .. len - 1));
    assigns *out;
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures twos64(*out) == be_value_u64(buf + off);
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_get_i64(const uint8_t *buf, size_t len, size_t off,
                                     int64_t *out)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    *out = be_load_i64(buf + off);
    return LEPACK_OK;
}

/*@ requires \valid(buf + (0 .. len - 1)) || len == 0;
    assigns buf[off .. off + 7];
    exits \false;
    behavior in_range:
      assumes lepack_fits(len, off, 8);
      ensures be_digits_u64(buf + off, twos64(v));
      ensures \result == LEPACK_OK;
    behavior out_of_range:
      assumes !lepack_fits(len, off, 8);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    complete behaviors;
    disjoint behaviors; */
static inline lepack_status be_put_i64(uint8_t *buf, size_t len, size_t off, int64_t v)
{
    if (len < 8 || off > len - 8)
        return LEPACK_ERANGE;
    be_store_i64(buf + off, v);
    return LEPACK_OK;
}

#ifdef __cplusplus
}
#endif

#endif
