/* SPDX-License-Identifier: Apache-2.0 */
/* What a vector register is to lepack's kernels (internal, not installed
 * API), and the three forms of every operation of src/lane/.
 *
 * The kernels of src/zero_nt.c, src/utf8_ascii_vec.h, src/utf8_length_vec.h,
 * src/utf8_encode_vec.h, src/utf8_encode_avx2.h, src/utf8_encode_avx512.h,
 * src/utf8_mutf8_vec.h and the batch kernels of src/items_x86.c use the operations of
 * src/lane/ (one header per kind), never an intrinsic; each operation is written once per form, side by side:
 *   - the compilers (x86-64, gcc or clang, not -DLEPACK_PORTABLE): the
 *     intrinsic, static inline; a register is an __m128i, __m256i or
 *     __m512i;
 *   - Frama-C (__FRAMAC__): a declaration whose ACSL contract says what
 *     the instruction does to each lane of a plain struct of lanes.  WP
 *     proves the kernels against these contracts, which are the layer's
 *     only trusted text (proofs/README.md, "The lane models");
 *   - the C form (-DLEPACK_LANE_C): the same struct, and a loop over its
 *     lanes as the body.  tests/check_models.c runs it against the
 *     instruction (make check-models), so that a contract that says
 *     something else than the CPU does is found by a test, not trusted.
 * A type's name says its width and its lanes: v256_u8 is 32 lanes of
 * uint8_t, v512_u32 16 lanes of uint32_t.  An operation's name says the same. */
#ifndef LEPACK_LANE_TYPES_H
#define LEPACK_LANE_TYPES_H

#include <stddef.h>
#include <stdint.h>

#if defined(__FRAMAC__) || defined(LEPACK_LANE_C)
#define LEPACK_LANE_MODEL 1
#define LEPACK_LANE_INTRIN 0
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(LEPACK_PORTABLE)
#define LEPACK_LANE_MODEL 0
#define LEPACK_LANE_INTRIN 1
#else
#define LEPACK_LANE_MODEL 0
#define LEPACK_LANE_INTRIN 0
#endif

/* Whether the kernels written in lanes are compiled at all: not where
 * there are neither intrinsics nor models (other architectures, and
 * -DLEPACK_PORTABLE, whose build must hold no vector instruction). */
#define LEPACK_LANES (LEPACK_LANE_MODEL || LEPACK_LANE_INTRIN)

#if LEPACK_LANE_INTRIN
#include <immintrin.h>

typedef __m128i v128_u8;
typedef __m256i v256_u8;
typedef __m512i v512_u8;
typedef __m128i v128_u16;
typedef __m256i v256_u16;
typedef __m512i v512_u16;
typedef __m256i v256_u32;
typedef __m512i v512_u32;
/* 33 units, each widened to a 32-bit lane: units 0-15 and 16-31, and the
 * unit after each (1-16, 17-32), four registers (lane/mixed512.h). */
typedef struct v512_wide33_u16 {
    __m512i c0, c1, nx0, nx1;
} v512_wide33_u16;

/* Every operation is inlined into its kernel, which carries the same
 * target (or a wider one): a call would cost more than the instruction. */
#define LANE_OP_128 static inline __attribute__((always_inline))
#define LANE_OP_256 static inline __attribute__((target("avx2"), always_inline))
#define LANE_OP_512 static inline __attribute__((target("avx512f"), always_inline))
/* Byte and word lanes of 512 bits (AVX-512BW; VL for their 256-bit
 * halves), and the bit counts (BMI, BMI2) that turn their masks into lane
 * numbers. */
#define LANE_OP_512BW                                                                      \
    static inline __attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2"), always_inline))
#elif LEPACK_LANE_MODEL
typedef struct v128_u8 {
    uint8_t l[16];
} v128_u8;
typedef struct v256_u8 {
    uint8_t l[32];
} v256_u8;
typedef struct v512_u8 {
    uint8_t l[64];
} v512_u8;
typedef struct v128_u16 {
    uint16_t l[8];
} v128_u16;
typedef struct v256_u16 {
    uint16_t l[16];
} v256_u16;
typedef struct v512_u16 {
    uint16_t l[32];
} v512_u16;
typedef struct v256_u32 {
    uint32_t l[8];
} v256_u32;
typedef struct v512_u32 {
    uint32_t l[16];
} v512_u32;
typedef struct v512_wide33_u16 {
    uint16_t l[33];
} v512_wide33_u16;

#define LANE_OP_128 static inline
#define LANE_OP_256 static inline
#define LANE_OP_512 static inline
#define LANE_OP_512BW static inline
#endif

/* A model's body: its C form, or none for Frama-C, which must see only
 * the contract (a body would be proven against it, and the intrinsic's
 * behaviour is what the contract stands for, not the loop's). */
#ifdef __FRAMAC__
#define LANE_C_FORM(...) ;
#else
#define LANE_C_FORM(...) __VA_ARGS__
#endif

#endif
