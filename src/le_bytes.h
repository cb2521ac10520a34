/* Byte-at-a-time loads and stores: the portable form that the proofs cover.
 *
 * Each value is assembled from or split into its base-256 digits with plain
 * arithmetic, so the code reads like its specification and compiles on any
 * host.  Loads combine digits with '+' and stores take '% 256' because that
 * is the form Frama-C WP proves against the arithmetic spec (with '|' or a
 * bare narrowing cast it does not).  src/le_mem.h is the fast form used by
 * default; tests/test_le_forms.c checks that the two agree. */
#ifndef LEPACK_LE_BYTES_H
#define LEPACK_LE_BYTES_H

#include <stdint.h>

#include "le_spec.h"

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    ensures \result == le_value_u16(p); */
static inline uint16_t le_bytes_load_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] + (p[1] << 8));
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    ensures \result == le_value_u32(p); */
static inline uint32_t le_bytes_load_u32(const uint8_t *p)
{
    return (uint32_t)p[0] + ((uint32_t)p[1] << 8) + ((uint32_t)p[2] << 16) +
           ((uint32_t)p[3] << 24);
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    ensures \result == le_value_u64(p); */
static inline uint64_t le_bytes_load_u64(const uint8_t *p)
{
    return (uint64_t)p[0] + ((uint64_t)p[1] << 8) + ((uint64_t)p[2] << 16) +
           ((uint64_t)p[3] << 24) + ((uint64_t)p[4] << 32) +
           ((uint64_t)p[5] << 40) + ((uint64_t)p[6] << 48) +
           ((uint64_t)p[7] << 56);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    ensures le_digits_u16(p, v); */
static inline void le_bytes_store_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v % 256);
    p[1] = (uint8_t)((v >> 8) % 256);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    ensures le_digits_u32(p, v); */
static inline void le_bytes_store_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v % 256);
    p[1] = (uint8_t)((v >> 8) % 256);
    p[2] = (uint8_t)((v >> 16) % 256);
    p[3] = (uint8_t)((v >> 24) % 256);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    ensures le_digits_u64(p, v); */
static inline void le_bytes_store_u64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)(v % 256);
    p[1] = (uint8_t)((v >> 8) % 256);
    p[2] = (uint8_t)((v >> 16) % 256);
    p[3] = (uint8_t)((v >> 24) % 256);
    p[4] = (uint8_t)((v >> 32) % 256);
    p[5] = (uint8_t)((v >> 40) % 256);
    p[6] = (uint8_t)((v >> 48) % 256);
    p[7] = (uint8_t)((v >> 56) % 256);
}

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    ensures \result == be_value_u16(p); */
static inline uint16_t be_bytes_load_u16(const uint8_t *p)
{
    return (uint16_t)((p[0] << 8) + p[1]);
}

/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    ensures \result == be_value_u32(p); */
static inline uint32_t be_bytes_load_u32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) + ((uint32_t)p[1] << 16) +
           ((uint32_t)p[2] << 8) + (uint32_t)p[3];
}

/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    ensures \result == be_value_u64(p); */
static inline uint64_t be_bytes_load_u64(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) + ((uint64_t)p[1] << 48) +
           ((uint64_t)p[2] << 40) + ((uint64_t)p[3] << 32) +
           ((uint64_t)p[4] << 24) + ((uint64_t)p[5] << 16) +
           ((uint64_t)p[6] << 8) + (uint64_t)p[7];
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    ensures be_digits_u16(p, v); */
static inline void be_bytes_store_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)((v >> 8) % 256);
    p[1] = (uint8_t)(v % 256);
}

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    ensures be_digits_u32(p, v); */
static inline void be_bytes_store_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)((v >> 24) % 256);
    p[1] = (uint8_t)((v >> 16) % 256);
    p[2] = (uint8_t)((v >> 8) % 256);
    p[3] = (uint8_t)(v % 256);
}

/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    ensures be_digits_u64(p, v); */
static inline void be_bytes_store_u64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)((v >> 56) % 256);
    p[1] = (uint8_t)((v >> 48) % 256);
    p[2] = (uint8_t)((v >> 40) % 256);
    p[3] = (uint8_t)((v >> 32) % 256);
    p[4] = (uint8_t)((v >> 24) % 256);
    p[5] = (uint8_t)((v >> 16) % 256);
    p[6] = (uint8_t)((v >> 8) % 256);
    p[7] = (uint8_t)(v % 256);
}

#endif
