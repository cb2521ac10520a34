/* SPDX-License-Identifier: Apache-2.0 */
/* Fixed-width loads and stores in a pinned byte order: the fast form.
 *
 * A fixed-size memcpy is one unaligned load or store on gcc and clang, and a
 * byte swap is added only on hosts whose order differs from the one asked
 * for.  gcc 12 does not fold the byte-at-a-time form (src/le_bytes.h) into
 * one store inside a record loop, which is why this form ships.
 *
 * WP cannot reason about memcpy of a scalar, so for the proofs these twelve
 * functions are declared with their contract only.  That contract is proven
 * for the byte form (le_bytes.h), and proofs/objeq requires each body here
 * to compile to the same machine code as its byte-form twin, with clang for
 * x86-64, aarch64 and s390x and gcc for x86-64 and s390x: both byte orders,
 * so a body that is right only on one of them fails `make prove`
 * (proofs/README.md). */
#ifndef LEPACK_LE_MEM_H
#define LEPACK_LE_MEM_H

#include <stdint.h>
#include <string.h>

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "le_spec.h"
#endif

#if defined(LEPACK_BYTEWISE) && !defined(__FRAMAC__)
#include "le_bytes.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LEPACK_HOST_BIG_ENDIAN 1
#else
#define LEPACK_HOST_BIG_ENDIAN 0
#endif

#ifdef __FRAMAC__

/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u16(p); */
uint16_t le_load_u16(const uint8_t *p);
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u32(p); */
uint32_t le_load_u32(const uint8_t *p);
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures \result == le_value_u64(p); */
uint64_t le_load_u64(const uint8_t *p);
/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures le_digits_u16(p, v); */
void le_store_u16(uint8_t *p, uint16_t v);
/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures le_digits_u32(p, v); */
void le_store_u32(uint8_t *p, uint32_t v);
/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures le_digits_u64(p, v); */
void le_store_u64(uint8_t *p, uint64_t v);
/*@ requires \valid_read(p + (0 .. 1));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u16(p); */
uint16_t be_load_u16(const uint8_t *p);
/*@ requires \valid_read(p + (0 .. 3));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u32(p); */
uint32_t be_load_u32(const uint8_t *p);
/*@ requires \valid_read(p + (0 .. 7));
    assigns \nothing;
    exits \false;
    ensures \result == be_value_u64(p); */
uint64_t be_load_u64(const uint8_t *p);
/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures be_digits_u16(p, v); */
void be_store_u16(uint8_t *p, uint16_t v);
/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures be_digits_u32(p, v); */
void be_store_u32(uint8_t *p, uint32_t v);
/*@ requires \valid(p + (0 .. 7));
    assigns p[0 .. 7];
    exits \false;
    ensures be_digits_u64(p, v); */
void be_store_u64(uint8_t *p, uint64_t v);

#elif defined(LEPACK_BYTEWISE)

/* Portable build: ship the proven byte form itself. */
static inline uint16_t le_load_u16(const uint8_t *p) { return le_bytes_load_u16(p); }
static inline uint32_t le_load_u32(const uint8_t *p) { return le_bytes_load_u32(p); }
static inline uint64_t le_load_u64(const uint8_t *p) { return le_bytes_load_u64(p); }
static inline void le_store_u16(uint8_t *p, uint16_t v) { le_bytes_store_u16(p, v); }
static inline void le_store_u32(uint8_t *p, uint32_t v) { le_bytes_store_u32(p, v); }
static inline void le_store_u64(uint8_t *p, uint64_t v) { le_bytes_store_u64(p, v); }
static inline uint16_t be_load_u16(const uint8_t *p) { return be_bytes_load_u16(p); }
static inline uint32_t be_load_u32(const uint8_t *p) { return be_bytes_load_u32(p); }
static inline uint64_t be_load_u64(const uint8_t *p) { return be_bytes_load_u64(p); }
static inline void be_store_u16(uint8_t *p, uint16_t v) { be_bytes_store_u16(p, v); }
static inline void be_store_u32(uint8_t *p, uint32_t v) { be_bytes_store_u32(p, v); }
static inline void be_store_u64(uint8_t *p, uint64_t v) { be_bytes_store_u64(p, v); }

#else

/* The swap is needed when the host order differs from the pinned order. */
static inline uint16_t mem_swap_u16(uint16_t v, int swap)
{
    return swap ? __builtin_bswap16(v) : v;
}

static inline uint32_t mem_swap_u32(uint32_t v, int swap)
{
    return swap ? __builtin_bswap32(v) : v;
}

static inline uint64_t mem_swap_u64(uint64_t v, int swap)
{
    return swap ? __builtin_bswap64(v) : v;
}

static inline uint16_t le_load_u16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u16(v, LEPACK_HOST_BIG_ENDIAN);
}

static inline uint32_t le_load_u32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u32(v, LEPACK_HOST_BIG_ENDIAN);
}

static inline uint64_t le_load_u64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u64(v, LEPACK_HOST_BIG_ENDIAN);
}

static inline void le_store_u16(uint8_t *p, uint16_t v)
{
    v = mem_swap_u16(v, LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

static inline void le_store_u32(uint8_t *p, uint32_t v)
{
    v = mem_swap_u32(v, LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

static inline void le_store_u64(uint8_t *p, uint64_t v)
{
    v = mem_swap_u64(v, LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

static inline uint16_t be_load_u16(const uint8_t *p)
{
    uint16_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u16(v, !LEPACK_HOST_BIG_ENDIAN);
}

static inline uint32_t be_load_u32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u32(v, !LEPACK_HOST_BIG_ENDIAN);
}

static inline uint64_t be_load_u64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return mem_swap_u64(v, !LEPACK_HOST_BIG_ENDIAN);
}

static inline void be_store_u16(uint8_t *p, uint16_t v)
{
    v = mem_swap_u16(v, !LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

static inline void be_store_u32(uint8_t *p, uint32_t v)
{
    v = mem_swap_u32(v, !LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

static inline void be_store_u64(uint8_t *p, uint64_t v)
{
    v = mem_swap_u64(v, !LEPACK_HOST_BIG_ENDIAN);
    memcpy(p, &v, sizeof v);
}

#endif

#ifdef __cplusplus
}
#endif

#endif
