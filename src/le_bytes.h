/* SPDX-License-Identifier: Apache-2.0 */
/* Byte-at-a-time loads and stores: the portable form that the proofs cover.
 *
 * Each value is assembled from or split into its base-256 digits, so the
 * code reads like its specification (le_spec.h) and compiles on any host.
 * Loads add the digits shifted into place, 64 bits as two 32-bit halves;
 * stores divide by a power of 256 and take '% 256'.  These are the
 * spellings that gcc 12 and clang 14 both compile, function by function,
 * to exactly the machine code of the memcpy form in le_mem.h on every
 * target proofs/objeq compares, which is what lets the proof of this form
 * stand for that one.  (Loads written with multiplications prove by linear
 * arithmetic alone, but gcc folds none of them and clang not the 64-bit
 * ones.)  WP proves the shifts with its bit-shift tactic; with '|' instead
 * of '+', or a bare narrowing cast instead of '% 256', it does not prove
 * them.  tests/test_le_forms.c also checks that the two forms agree.
 * Conversions are LEPACK_CAST (cast.h): plain casts in C, static_cast in
 * C++. */
#ifndef LEPACK_LE_BYTES_H
#define LEPACK_LE_BYTES_H

#include <stdint.h>

#include "cast.h"

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u16(p); */
static inline uint16_t le_bytes_load_u16(const uint8_t *p)
{
    return LEPACK_CAST(uint16_t, LEPACK_CAST(uint32_t, p[0]) + (LEPACK_CAST(uint32_t, p[1]) << 8));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u32(p); */
static inline uint32_t le_bytes_load_u32(const uint8_t *p)
{
    return LEPACK_CAST(uint32_t, p[0]) + (LEPACK_CAST(uint32_t, p[1]) << 8) +
           (LEPACK_CAST(uint32_t, p[2]) << 16) + (LEPACK_CAST(uint32_t, p[3]) << 24);
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u64(p); */
static inline uint64_t le_bytes_load_u64(const uint8_t *p)
{
    return LEPACK_CAST(uint64_t, le_bytes_load_u32(p)) +
           (LEPACK_CAST(uint64_t, le_bytes_load_u32(p + 4)) << 32);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures le_digits_u16(p, v); */
static inline void le_bytes_store_u16(uint8_t *p, uint16_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v % 256);
    p[1] = LEPACK_CAST(uint8_t, v / 256u % 256);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures le_digits_u32(p, v); */
static inline void le_bytes_store_u32(uint8_t *p, uint32_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v % 256);
    p[1] = LEPACK_CAST(uint8_t, v / 256u % 256);
    p[2] = LEPACK_CAST(uint8_t, v / 65536u % 256);
    p[3] = LEPACK_CAST(uint8_t, v / 16777216u % 256);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures le_digits_u64(p, v); */
static inline void le_bytes_store_u64(uint8_t *p, uint64_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v % 256);
    p[1] = LEPACK_CAST(uint8_t, v / 256u % 256);
    p[2] = LEPACK_CAST(uint8_t, v / 65536u % 256);
    p[3] = LEPACK_CAST(uint8_t, v / 16777216u % 256);
    p[4] = LEPACK_CAST(uint8_t, v / 4294967296u % 256);
    p[5] = LEPACK_CAST(uint8_t, v / 1099511627776u % 256);
    p[6] = LEPACK_CAST(uint8_t, v / 281474976710656u % 256);
    p[7] = LEPACK_CAST(uint8_t, v / 72057594037927936u % 256);
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u16(p); */
static inline uint16_t be_bytes_load_u16(const uint8_t *p)
{
    return LEPACK_CAST(uint16_t, (LEPACK_CAST(uint32_t, p[0]) << 8) + LEPACK_CAST(uint32_t, p[1]));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u32(p); */
static inline uint32_t be_bytes_load_u32(const uint8_t *p)
{
    return (LEPACK_CAST(uint32_t, p[0]) << 24) + (LEPACK_CAST(uint32_t, p[1]) << 16) +
           (LEPACK_CAST(uint32_t, p[2]) << 8) + LEPACK_CAST(uint32_t, p[3]);
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u64(p); */
static inline uint64_t be_bytes_load_u64(const uint8_t *p)
{
    return (LEPACK_CAST(uint64_t, be_bytes_load_u32(p)) << 32) +
           LEPACK_CAST(uint64_t, be_bytes_load_u32(p + 4));
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures be_digits_u16(p, v); */
static inline void be_bytes_store_u16(uint8_t *p, uint16_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v / 256u % 256);
    p[1] = LEPACK_CAST(uint8_t, v % 256);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures be_digits_u32(p, v); */
static inline void be_bytes_store_u32(uint8_t *p, uint32_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v / 16777216u % 256);
    p[1] = LEPACK_CAST(uint8_t, v / 65536u % 256);
    p[2] = LEPACK_CAST(uint8_t, v / 256u % 256);
    p[3] = LEPACK_CAST(uint8_t, v % 256);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures be_digits_u64(p, v); */
static inline void be_bytes_store_u64(uint8_t *p, uint64_t v)
{
    p[0] = LEPACK_CAST(uint8_t, v / 72057594037927936u % 256);
    p[1] = LEPACK_CAST(uint8_t, v / 281474976710656u % 256);
    p[2] = LEPACK_CAST(uint8_t, v / 1099511627776u % 256);
    p[3] = LEPACK_CAST(uint8_t, v / 4294967296u % 256);
    p[4] = LEPACK_CAST(uint8_t, v / 16777216u % 256);
    p[5] = LEPACK_CAST(uint8_t, v / 65536u % 256);
    p[6] = LEPACK_CAST(uint8_t, v / 256u % 256);
    p[7] = LEPACK_CAST(uint8_t, v % 256);
}

#ifdef __cplusplus
}
#endif

#endif
