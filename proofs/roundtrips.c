/* SPDX-License-Identifier: Apache-2.0 */
/* Proof unit for put-then-get round trips: a value stored by a view of
 * src/le.h comes back unchanged from the matching load, for every width
 * above one byte, both byte orders and signed types.  Each round trip only
 * composes the contracts of the two views; what it adds is the base-256
 * identity (a value is the sum of its digits times their weights), which
 * the provers close one small step at a time but not in one go.  The steps
 * are lemma functions: empty bodies whose contracts state one arithmetic
 * fact, proven like any other function and then used at their call. */
#include "le.h"

/*@ predicate sum_of_digits16(integer x) = x == x % 256 + 256 * (x / 256 % 256);
    predicate sum_of_digits32(integer x) =
      x == x % 256 + 256 * (x / 256 % 256) + 65536 * (x / 65536 % 256)
           + 16777216 * (x / 16777216 % 256);
*/

/*@ requires x <= 65535;
    assigns \nothing;
    exits \false;
    ensures sum_of_digits16(x); */
static void digits16(uint64_t x) { (void)x; }

/*@ requires x <= 4294967295;
    assigns \nothing;
    exits \false;
    ensures sum_of_digits32(x); */
static void digits32(uint64_t x) { (void)x; }

/* A 64-bit value's digits are those of its low half, then those of its
 * high half. */
/*@ assigns \nothing;
    exits \false;
    ensures low0: x % 4294967296 % 256 == x % 256;
    ensures low1: x % 4294967296 / 256 % 256 == x / 256 % 256;
    ensures low2: x % 4294967296 / 65536 % 256 == x / 65536 % 256;
    ensures low3: x % 4294967296 / 16777216 % 256 == x / 16777216 % 256;
    ensures high1: x / 4294967296 / 256 == x / 1099511627776;
    ensures high2: x / 4294967296 / 65536 == x / 281474976710656;
    ensures high3: x / 4294967296 / 16777216 == x / 72057594037927936; */
static void halves64(uint64_t x) { (void)x; }

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures \result == v; */
uint16_t roundtrip_le_u16(uint8_t *p, uint16_t v)
{
    le_store_u16(p, v);
    digits16(v);
    return le_load_u16(p);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures \result == v; */
int16_t roundtrip_le_i16(uint8_t *p, int16_t v)
{
    le_store_i16(p, v);
    digits16(lepack_u16_of_i16(v));
    return le_load_i16(p);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures \result == v; */
uint32_t roundtrip_le_u32(uint8_t *p, uint32_t v)
{
    le_store_u32(p, v);
    digits32(v);
    return le_load_u32(p);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures \result == v; */
int32_t roundtrip_le_i32(uint8_t *p, int32_t v)
{
    le_store_i32(p, v);
    digits32(lepack_u32_of_i32(v));
    return le_load_i32(p);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures \result == v; */
uint64_t roundtrip_le_u64(uint8_t *p, uint64_t v)
{
    le_store_u64(p, v);
    digits32(v % 4294967296u);
    digits32(v / 4294967296u);
    halves64(v);
    return le_load_u64(p);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures \result == v; */
int64_t roundtrip_le_i64(uint8_t *p, int64_t v)
{
    le_store_i64(p, v);
    uint64_t w = lepack_u64_of_i64(v);
    digits32(w % 4294967296u);
    digits32(w / 4294967296u);
    halves64(w);
    return le_load_i64(p);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures \result == v; */
uint16_t roundtrip_be_u16(uint8_t *p, uint16_t v)
{
    be_store_u16(p, v);
    digits16(v);
    return be_load_u16(p);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures \result == v; */
int16_t roundtrip_be_i16(uint8_t *p, int16_t v)
{
    be_store_i16(p, v);
    digits16(lepack_u16_of_i16(v));
    return be_load_i16(p);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures \result == v; */
uint32_t roundtrip_be_u32(uint8_t *p, uint32_t v)
{
    be_store_u32(p, v);
    digits32(v);
    return be_load_u32(p);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures \result == v; */
int32_t roundtrip_be_i32(uint8_t *p, int32_t v)
{
    be_store_i32(p, v);
    digits32(lepack_u32_of_i32(v));
    return be_load_i32(p);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures \result == v; */
uint64_t roundtrip_be_u64(uint8_t *p, uint64_t v)
{
    be_store_u64(p, v);
    digits32(v % 4294967296u);
    digits32(v / 4294967296u);
    halves64(v);
    return be_load_u64(p);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures \result == v; */
int64_t roundtrip_be_i64(uint8_t *p, int64_t v)
{
    be_store_i64(p, v);
    uint64_t w = lepack_u64_of_i64(v);
    digits32(w % 4294967296u);
    digits32(w / 4294967296u);
    halves64(w);
    return be_load_i64(p);
}
