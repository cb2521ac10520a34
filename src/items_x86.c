/* SPDX-License-Identifier: Apache-2.0 */
/* The vector paths of src/items.h: items packed and unpacked a block at a
 * time in AVX2 or AVX-512 registers, chosen at run time.
 *
 * A lepack_counters_item is six 32-bit words, [partition, padding, initial
 * low, initial high, updates low, updates high], and a wire item the same
 * words without the padding.  x86 is little-endian, so each wire word is
 * the struct's word byte for byte: packing is dropping every sixth word
 * (word 1 of each item) and unpacking is putting it back, which one
 * permutation of 32-bit words per register does.
 *   AVX-512F: 16 items (96 words, 6 registers) <-> 80 wire words (5
 *     registers); each wire register takes its words from two consecutive
 *     struct registers with one vpermt2d, and back.
 *   AVX2: 8 items (48 words) <-> 40 wire words; vpermd reads one register,
 *     so a packed register is two vpermd and a blend, and an unpacked one
 *     vpermd of one unaligned load.
 * The padding word of a block is written as zero.  From ALIGN_MIN_ITEMS
 * items on the AVX-512 blocks start on a 64-byte line of the destination,
 * the items before them done one by one, and from STREAM_MIN_ITEMS on
 * they store around the caches (_stream).
 *
 * Two layers.  The block kernels (store_blocks_512, load_blocks_512,
 * store_avx2, load_avx2) each have a contract.  The AVX-512 packing one
 * is written in the lane operations of src/lane/items.h and proven from
 * their models; the others are intrinsics, whose contracts WP takes as
 * given (trusted: proofs/README.md).  Everything around them (which
 * level runs, the head that aligns the blocks, the counts and offsets
 * handed from one part to the next) is proven by WP from those contracts
 * (unit items_x86).  Every part addresses items by their index in the
 * caller's array, so that the parts' contracts meet as ranges side by
 * side.
 *
 * Which level runs is the items level of the dispatch module (src/cpu.h),
 * asked once (or forced by lepack_cpu_items_select for the tests and
 * fuzzers).  Elsewhere than x86-64 with gcc or clang, and with
 * -DLEPACK_PORTABLE, no intrinsic is compiled and every function here does
 * nothing and returns 0. */
#include "items.h"

#if defined(LEPACK_PORTABLE)
#define ITEMS_VECTOR 0
#define ITEMS_INTRIN 0
#elif defined(__FRAMAC__)
#define ITEMS_VECTOR 1
#define ITEMS_INTRIN 0
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ITEMS_VECTOR 1
#define ITEMS_INTRIN 1
#else
#define ITEMS_VECTOR 0
#define ITEMS_INTRIN 0
#endif

#if ITEMS_VECTOR

#include "cpu.h"
#include "lane/align.h"
#include "lane/items.h"
#include "lane/stream.h"

#if ITEMS_INTRIN
#include <immintrin.h>
#endif

/* From this many items on, stores go around the caches (see
 * store_avx512_stream). */
#ifndef STREAM_MIN_ITEMS
#define STREAM_MIN_ITEMS ((size_t)1 << 18)
#endif

/* From this many items on, the blocks start where the destination is
 * 64-byte aligned, the items before that done one by one: a 64-byte
 * store that crosses a line costs two (at malloc's usual 16 bytes past a
 * line, every store of a block crosses one), and non-temporal stores need
 * the alignment.  Below it the head would cost more than it saves. */
#ifndef ALIGN_MIN_ITEMS
#define ALIGN_MIN_ITEMS 64
#endif

/* The bytes of an item in memory (24 on the usual ABIs: the static
 * asserts below pin the layout the permutations assume). */
#define STRUCT_SIZE (sizeof(lepack_counters_item))

/*@ axiomatic ItemLineOffset {
      // The address of p modulo 64, as lane_line_offset for bytes: no
      // axiom, only item_line_offset_of's contract says anything of it.
      logic integer item_line_offset(lepack_counters_item *p);
    } */

/* --- The block kernels but the AVX-512 packing one (trusted: intrinsics) --- */

#if ITEMS_INTRIN

/* Words per struct item and per wire item. */
#define SW 6
#define WW 5

#define TARGET_512 __attribute__((target("avx512f")))
#define TARGET_256 __attribute__((target("avx2")))
#define ALWAYS_INLINE inline __attribute__((always_inline))

static size_t item_line_offset_of(const lepack_counters_item *p)
{
    return (size_t)((uintptr_t)p & 63);
}

/* The wire word (in the block) struct word s comes from; its padding word
 * is zeroed by the mask instead. */
#define WIRE_OF_SRC(s) (WW * ((s) / SW) + ((s) % SW == 0 ? 0 : (s) % SW - 1))
/* Unpacked register j (struct words 16j .. 16j+15) draws on wire registers
 * b and b + 1, b = min(max(j - 1, 0), 3). */
#define UNPACK_BASE(j) ((j) == 0 ? 0 : (j) > 4 ? 3 : (j) - 1)
#define UNPACK_IDX(j, l)                                                                   \
    ((16 * (j) + (l)) % SW == 1 ? 0 : WIRE_OF_SRC(16 * (j) + (l)) - 16 * UNPACK_BASE(j))
#define UNPACK_ROW(j)                                                                      \
    _mm512_set_epi32(UNPACK_IDX(j, 15), UNPACK_IDX(j, 14), UNPACK_IDX(j, 13),             \
                     UNPACK_IDX(j, 12), UNPACK_IDX(j, 11), UNPACK_IDX(j, 10),             \
                     UNPACK_IDX(j, 9), UNPACK_IDX(j, 8), UNPACK_IDX(j, 7), UNPACK_IDX(j, 6), \
                     UNPACK_IDX(j, 5), UNPACK_IDX(j, 4), UNPACK_IDX(j, 3), UNPACK_IDX(j, 2), \
                     UNPACK_IDX(j, 1), UNPACK_IDX(j, 0))
/* Lanes that are not padding: struct word l of register j is padding when
 * (16j + l) % 6 == 1. */
static __mmask16 unpack_mask(unsigned j)
{
    unsigned m = 0;
    for (unsigned l = 0; l < 16; l++)
        if ((16 * j + l) % SW != 1)
            m |= 1u << l;
    return (__mmask16)m;
}

/* Struct register o / 64 of the block, from two wire registers. */
#define UNPACK_LINE(o, k, a, i, b)                                                         \
    v512_put_line_u32(d + (o), _mm512_maskz_permutex2var_epi32(k, a, i, b), aligned, stream)

/* Items first .. first + 16 blocks - 1 from their places at src, a block
 * of 16 (384 bytes, six lines) at a time, as store_blocks_512.  The
 * pattern repeats every 3 registers (48 words = 8 items). */
TARGET_512 static ALWAYS_INLINE void load_blocks_512(lepack_counters_item *out,
                                                     const uint8_t *src, size_t first,
                                                     size_t blocks, int aligned, int stream)
{
    const __m512i i0 = UNPACK_ROW(0), i1 = UNPACK_ROW(1), i2 = UNPACK_ROW(2),
                  i3 = UNPACK_ROW(3), i4 = UNPACK_ROW(4), i5 = UNPACK_ROW(5);
    const __mmask16 k0 = unpack_mask(0), k1 = unpack_mask(1), k2 = unpack_mask(2);
    uint8_t *d = (uint8_t *)(out + first);
    const uint8_t *s = src + first * LEPACK_ITEM_SIZE;
    for (size_t b = 0; b < blocks; b++, s += 16 * LEPACK_ITEM_SIZE, d += 16 * STRUCT_SIZE) {
        __m512i w0 = _mm512_loadu_si512(s), w1 = _mm512_loadu_si512(s + 64),
                w2 = _mm512_loadu_si512(s + 128), w3 = _mm512_loadu_si512(s + 192),
                w4 = _mm512_loadu_si512(s + 256);
        UNPACK_LINE(0, k0, w0, i0, w1);
        UNPACK_LINE(64, k1, w0, i1, w1);
        UNPACK_LINE(128, k2, w1, i2, w2);
        UNPACK_LINE(192, k0, w2, i3, w3);
        UNPACK_LINE(256, k1, w3, i4, w4);
        UNPACK_LINE(320, k2, w3, i5, w4);
    }
    if (stream)
        _mm_sfence();
}

/* Packed register j (wire words 8j .. 8j+7) takes each word from struct
 * register j or j + 1: vpermd of each, then a blend by the mask of words
 * from j + 1. */
#define P2_SRC(j, l) (LANE_WIRE_SRC(8 * (j) + (l)) - 8 * (j))
#define P2_LO(j, l) (P2_SRC(j, l) < 8 ? P2_SRC(j, l) : 0)
#define P2_HI(j, l) (P2_SRC(j, l) >= 8 ? P2_SRC(j, l) - 8 : 0)
#define P2_ROW(f, j)                                                                       \
    _mm256_set_epi32(f(j, 7), f(j, 6), f(j, 5), f(j, 4), f(j, 3), f(j, 2), f(j, 1), f(j, 0))
#define P2_BLEND(j)                                                                        \
    ((P2_SRC(j, 0) >= 8) | (P2_SRC(j, 1) >= 8) << 1 | (P2_SRC(j, 2) >= 8) << 2 |           \
     (P2_SRC(j, 3) >= 8) << 3 | (P2_SRC(j, 4) >= 8) << 4 | (P2_SRC(j, 5) >= 8) << 5 |      \
     (P2_SRC(j, 6) >= 8) << 6 | (P2_SRC(j, 7) >= 8) << 7)
#define P2_OUT(j, a, b)                                                                    \
    _mm256_blend_epi32(_mm256_permutevar8x32_epi32(a, lo##j),                              \
                       _mm256_permutevar8x32_epi32(b, hi##j), P2_BLEND(j))

/* Items first .. up to n - 1 to their places at dst, 8 at a time: as
 * many whole blocks of 8 as there are. */
TARGET_256 static size_t store_avx2(uint8_t *dst, const lepack_counters_item *items,
                                    size_t first, size_t n)
{
    const __m256i lo0 = P2_ROW(P2_LO, 0), lo1 = P2_ROW(P2_LO, 1), lo2 = P2_ROW(P2_LO, 2),
                  lo3 = P2_ROW(P2_LO, 3), lo4 = P2_ROW(P2_LO, 4);
    const __m256i hi0 = P2_ROW(P2_HI, 0), hi1 = P2_ROW(P2_HI, 1), hi2 = P2_ROW(P2_HI, 2),
                  hi3 = P2_ROW(P2_HI, 3), hi4 = P2_ROW(P2_HI, 4);
    size_t blocks = (n - first) / 8;
    const uint8_t *s = (const uint8_t *)(items + first);
    uint8_t *d = dst + first * LEPACK_ITEM_SIZE;
    for (size_t b = 0; b < blocks; b++, s += 8 * STRUCT_SIZE, d += 8 * LEPACK_ITEM_SIZE) {
        __m256i r0 = _mm256_loadu_si256((const __m256i *)s),
                r1 = _mm256_loadu_si256((const __m256i *)(s + 32)),
                r2 = _mm256_loadu_si256((const __m256i *)(s + 64)),
                r3 = _mm256_loadu_si256((const __m256i *)(s + 96)),
                r4 = _mm256_loadu_si256((const __m256i *)(s + 128)),
                r5 = _mm256_loadu_si256((const __m256i *)(s + 160));
        _mm256_storeu_si256((__m256i *)d, P2_OUT(0, r0, r1));
        _mm256_storeu_si256((__m256i *)(d + 32), P2_OUT(1, r1, r2));
        _mm256_storeu_si256((__m256i *)(d + 64), P2_OUT(2, r2, r3));
        _mm256_storeu_si256((__m256i *)(d + 96), P2_OUT(3, r3, r4));
        _mm256_storeu_si256((__m256i *)(d + 128), P2_OUT(4, r4, r5));
    }
    return blocks * 8;
}

/* Unpacked register j (struct words 8j .. 8j+7) comes from the 8 wire
 * words at U2_AT(j), which hold all it needs and stay inside the block. */
#define U2_AT(j) ((j) == 0 ? 0 : (j) == 1 ? 6 : (j) == 2 ? 13 : (j) == 3 ? 20 : (j) == 4 ? 26 : 32)
#define U2_IDX(j, l) ((8 * (j) + (l)) % SW == 1 ? 0 : WIRE_OF_SRC(8 * (j) + (l)) - U2_AT(j))
#define U2_KEEP(j, l) ((8 * (j) + (l)) % SW == 1 ? 0 : -1)
#define U2_OUT(j)                                                                          \
    _mm256_and_si256(_mm256_permutevar8x32_epi32(                                          \
                         _mm256_loadu_si256((const __m256i *)(s + 4 * U2_AT(j))), u##j),   \
                     k##j)

/* Items first .. up to n - 1 from their places at src, as store_avx2. */
TARGET_256 static size_t load_avx2(lepack_counters_item *out, const uint8_t *src, size_t first,
                                   size_t n)
{
    const __m256i u0 = P2_ROW(U2_IDX, 0), u1 = P2_ROW(U2_IDX, 1), u2 = P2_ROW(U2_IDX, 2),
                  u3 = P2_ROW(U2_IDX, 3), u4 = P2_ROW(U2_IDX, 4), u5 = P2_ROW(U2_IDX, 5);
    const __m256i k0 = P2_ROW(U2_KEEP, 0), k1 = P2_ROW(U2_KEEP, 1), k2 = P2_ROW(U2_KEEP, 2),
                  k3 = P2_ROW(U2_KEEP, 3), k4 = P2_ROW(U2_KEEP, 4), k5 = P2_ROW(U2_KEEP, 5);
    size_t blocks = (n - first) / 8;
    uint8_t *d = (uint8_t *)(out + first);
    const uint8_t *s = src + first * LEPACK_ITEM_SIZE;
    for (size_t b = 0; b < blocks; b++, s += 8 * LEPACK_ITEM_SIZE, d += 8 * STRUCT_SIZE) {
        _mm256_storeu_si256((__m256i *)d, U2_OUT(0));
        _mm256_storeu_si256((__m256i *)(d + 32), U2_OUT(1));
        _mm256_storeu_si256((__m256i *)(d + 64), U2_OUT(2));
        _mm256_storeu_si256((__m256i *)(d + 96), U2_OUT(3));
        _mm256_storeu_si256((__m256i *)(d + 128), U2_OUT(4));
        _mm256_storeu_si256((__m256i *)(d + 160), U2_OUT(5));
    }
    return blocks * 8;
}

/* The struct layout the permutations assume. */
_Static_assert(sizeof(lepack_counters_item) == 24, "item struct is 6 words");
_Static_assert(offsetof(lepack_counters_item, initial_counter) == 8, "initial at word 2");
_Static_assert(offsetof(lepack_counters_item, updates_count) == 16, "updates at word 4");

#else /* __FRAMAC__: the kernels' contracts, trusted */

#define TARGET_512
#define ALWAYS_INLINE

/*@ assigns \nothing;
    exits \false;
    ensures \result == item_line_offset(p);
    ensures \result < 64; */
static size_t item_line_offset_of(const lepack_counters_item *p);

/*@ requires first + 16 * blocks <= LEPACK_MAX_ITEMS;
    requires blocks > 0 ==>
      \valid(out + (first .. first + 16 * blocks - 1)) &&
      \valid_read(src + (first * LEPACK_ITEM_SIZE ..
                         (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1)) &&
      \separated(out + (first .. first + 16 * blocks - 1),
                 src + (first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1));
    requires aligned != 0 || stream != 0 ==>
      (item_line_offset(out) + first * STRUCT_SIZE) % 64 == 0;
    assigns out[first .. first + 16 * blocks - 1];
    exits \false;
    ensures items_values_range(out, src, first, first + 16 * blocks); */
static void load_blocks_512(lepack_counters_item *out, const uint8_t *src, size_t first,
                            size_t blocks, int aligned, int stream);

/*@ requires first + 8 <= n <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (first .. n - 1));
    requires \separated(dst + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1),
                        items + (first .. n - 1));
    assigns dst[first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result == (n - first) / 8 * 8;
    ensures items_bytes_range(dst, items, first, first + \result); */
static size_t store_avx2(uint8_t *dst, const lepack_counters_item *items, size_t first,
                         size_t n);

/*@ requires first + 8 <= n <= LEPACK_MAX_ITEMS;
    requires \valid(out + (first .. n - 1));
    requires \valid_read(src + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (first .. n - 1),
                        src + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    assigns out[first .. n - 1];
    exits \false;
    ensures \result == (n - first) / 8 * 8;
    ensures items_values_range(out, src, first, first + \result); */
static size_t load_avx2(lepack_counters_item *out, const uint8_t *src, size_t first, size_t n);

#endif

/* --- The AVX-512 packing kernel (proven from src/lane/items.h) ----------- */

/* Why each item's bytes are item_bytes: the facts WP does not find alone,
 * as ghost functions proven here. */

/* A 64-bit value's digits are those of its low half, then those of its
 * high half. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures low0: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x % 4294967296 % 256 == x % 256;
   ensures low1: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x % 4294967296 / 256 % 256 == x / 256 % 256;
   ensures low2: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x % 4294967296 / 65536 % 256 == x / 65536 % 256;
   ensures low3: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x % 4294967296 / 16777216 % 256 == x / 16777216 % 256;
   ensures high1: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x / 4294967296 / 256 == x / 1099511627776;
   ensures high2: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x / 4294967296 / 65536 == x / 281474976710656;
   ensures high3: \forall integer x; 0 <= x <= 18446744073709551615 ==>
     x / 4294967296 / 16777216 == x / 72057594037927936; @/
static void wire_halves(void)
{
}
*/

/* Four bytes are the digits of their value. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures le_digits_u32(p, le_value_u32(p)); @/
static void wire_digits(const uint8_t *p)
{
}
*/

/* An item's five wire words at p hold its struct words: p holds the item. */
/*@ ghost
/@ requires le_value_u32(p) == item_word(*it, 0) && le_value_u32(p + 4) == item_word(*it, 2) &&
            le_value_u32(p + 8) == item_word(*it, 3) && le_value_u32(p + 12) == item_word(*it, 4) &&
            le_value_u32(p + 16) == item_word(*it, 5);
   assigns \nothing;
   exits \false;
   ensures item_bytes(p, it->partition, it->initial_counter, it->updates_count); @/
static void wire_item(const uint8_t *p, const lepack_counters_item *it)
{
    wire_digits(p);
    wire_digits(p + 4);
    wire_digits(p + 8);
    wire_digits(p + 12);
    wire_digits(p + 16);
    wire_halves();
}
*/

/* Items lo .. k - 1 packed at dst, and item k's wire words: lo .. k. */
/*@ ghost
/@ requires k < LEPACK_MAX_ITEMS;
   requires items_bytes_range(dst, items, lo, k);
   requires le_value_u32(dst + k * LEPACK_ITEM_SIZE) == item_word(items[k], 0) &&
            le_value_u32(dst + k * LEPACK_ITEM_SIZE + 4) == item_word(items[k], 2) &&
            le_value_u32(dst + k * LEPACK_ITEM_SIZE + 8) == item_word(items[k], 3) &&
            le_value_u32(dst + k * LEPACK_ITEM_SIZE + 12) == item_word(items[k], 4) &&
            le_value_u32(dst + k * LEPACK_ITEM_SIZE + 16) == item_word(items[k], 5);
   assigns \nothing;
   exits \false;
   ensures items_bytes_range(dst, items, lo, k + 1); @/
static void wire_item_next(const uint8_t *dst, const lepack_counters_item *items, size_t lo,
                           size_t k)
{
    wire_item(dst + k * LEPACK_ITEM_SIZE, items + k);
}
*/

/* Items at .. at + 15 to their places at dst. */
/*@ requires at + 16 <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (at * LEPACK_ITEM_SIZE .. (at + 16) * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (at .. at + 15));
    requires \separated(dst + (at * LEPACK_ITEM_SIZE .. (at + 16) * LEPACK_ITEM_SIZE - 1),
                        items + (at .. at + 15));
    requires aligned != 0 || stream != 0 ==>
      (lane_line_offset(dst) + at * LEPACK_ITEM_SIZE) % 64 == 0;
    assigns dst[at * LEPACK_ITEM_SIZE .. (at + 16) * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes_range(dst, items, at, at + 16); */
TARGET_512 static ALWAYS_INLINE void store_block_512(uint8_t *dst,
                                                     const lepack_counters_item *items, size_t at,
                                                     int aligned, int stream)
{
    const lepack_counters_item *s = items + at;
    v512_pack_put5_u32(dst, at * LEPACK_ITEM_SIZE, v512_load_items_u32(s, 0),
                       v512_load_items_u32(s, 1), v512_load_items_u32(s, 2),
                       v512_load_items_u32(s, 3), v512_load_items_u32(s, 4),
                       v512_load_items_u32(s, 5), aligned, stream);
    //@ ghost wire_item_next(dst, items, at, at + 0);
    //@ ghost wire_item_next(dst, items, at, at + 1);
    //@ ghost wire_item_next(dst, items, at, at + 2);
    //@ ghost wire_item_next(dst, items, at, at + 3);
    //@ ghost wire_item_next(dst, items, at, at + 4);
    //@ ghost wire_item_next(dst, items, at, at + 5);
    //@ ghost wire_item_next(dst, items, at, at + 6);
    //@ ghost wire_item_next(dst, items, at, at + 7);
    //@ ghost wire_item_next(dst, items, at, at + 8);
    //@ ghost wire_item_next(dst, items, at, at + 9);
    //@ ghost wire_item_next(dst, items, at, at + 10);
    //@ ghost wire_item_next(dst, items, at, at + 11);
    //@ ghost wire_item_next(dst, items, at, at + 12);
    //@ ghost wire_item_next(dst, items, at, at + 13);
    //@ ghost wire_item_next(dst, items, at, at + 14);
    //@ ghost wire_item_next(dst, items, at, at + 15);
}

/* Items first .. first + 16 blocks - 1 to their places at dst, a block of
 * 16 (320 bytes, five lines) at a time; aligned (the first block's bytes
 * start a line) or not, and around the caches or not.  Each caller passes
 * constants, so each gets one loop. */
/*@ requires first + 16 * blocks <= LEPACK_MAX_ITEMS;
    requires blocks > 0 ==>
      \valid(dst + (first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1)) &&
      \valid_read(items + (first .. first + 16 * blocks - 1)) &&
      \separated(dst + (first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1),
                 items + (first .. first + 16 * blocks - 1));
    requires aligned != 0 || stream != 0 ==>
      (lane_line_offset(dst) + first * LEPACK_ITEM_SIZE) % 64 == 0;
    assigns dst[first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes_range(dst, items, first, first + 16 * blocks); */
TARGET_512 static ALWAYS_INLINE void store_blocks_512(uint8_t *dst,
                                                      const lepack_counters_item *items,
                                                      size_t first, size_t blocks, int aligned,
                                                      int stream)
{
    /*@ loop invariant b <= blocks;
        loop invariant items_bytes_range(dst, items, first, first + 16 * b);
        loop assigns b;
        loop assigns dst[first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1];
        loop variant blocks - b; */
    for (size_t b = 0; b < blocks; b++)
        store_block_512(dst, items, first + 16 * b, aligned, stream);
    if (stream)
        lane_sfence();
}

/* --- What runs them (proven) ----------------------------------------------- */

/* Items until dst + k items is 64-byte aligned, at most 16 (a block); 16
 * when no count aligns it (dst not a multiple of 4). */
/*@ assigns \nothing;
    exits \false;
    ensures \result <= 16;
    ensures \result < 16 ==> (lane_line_offset(dst) + \result * LEPACK_ITEM_SIZE) % 64 == 0; */
static size_t store_head(uint8_t *dst)
{
    size_t off = lane_line_offset_u8(dst);
    size_t head = 0;
    /*@ loop invariant head <= 16;
        loop assigns head;
        loop variant 16 - head; */
    while (head < 16 && (off + head * LEPACK_ITEM_SIZE) % 64 != 0)
        head++;
    return head;
}

/* Large batches go around the caches (stream): non-temporal stores write
 * whole lines without reading them first (a store that misses the cache
 * otherwise reads its line before writing it), and need aligned
 * destinations; a destination that no item count aligns (not a multiple
 * of 4, which every item address in a malloc'd block is) takes the plain
 * unaligned blocks. */
/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
TARGET_512 static ALWAYS_INLINE size_t store_avx512_at(uint8_t *dst,
                                                       const lepack_counters_item *items,
                                                       size_t n, int stream)
{
    size_t head = store_head(dst);
    if (head == 16 || n < head + ALIGN_MIN_ITEMS) {
        store_blocks_512(dst, items, 0, n / 16, 0, 0);
        return n / 16 * 16;
    }
    if (head > 0)
        lepack_items_store_range(dst, items, 0, head);
    size_t blocks = (n - head) / 16;
    /* Two calls with constants, not one with stream: clang 14 merges the
     * two stores of v512_put_line_u32 while stream is a variable and drops the
     * non-temporal hint from the one store it keeps. */
    if (stream) {
        store_blocks_512(dst, items, head, blocks, 1, 1);
        //@ assert items_bytes_range(dst, items, 0, head);
    } else {
        store_blocks_512(dst, items, head, blocks, 1, 0);
        //@ assert items_bytes_range(dst, items, 0, head);
    }
    return head + blocks * 16;
}

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
TARGET_512 static size_t store_avx512(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    return store_avx512_at(dst, items, n, 0);
}

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_store_room(dst, items, n);
    assigns dst[0 .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result <= n;
    ensures items_bytes(dst, items, \result); */
TARGET_512 static size_t store_avx512_stream(uint8_t *dst, const lepack_counters_item *items,
                                             size_t n)
{
    return store_avx512_at(dst, items, n, 1);
}

/* Items until out + k is 64-byte aligned, at most 8; 8 when none does
 * (out not a multiple of 8, which a struct array is). */
/*@ assigns \nothing;
    exits \false;
    ensures \result <= 8;
    ensures \result < 8 ==> (item_line_offset(out) + \result * STRUCT_SIZE) % 64 == 0; */
static size_t load_head(const lepack_counters_item *out)
{
    size_t off = item_line_offset_of(out);
    size_t head = 0;
    /*@ loop invariant head <= 8;
        loop assigns head;
        loop variant 8 - head; */
    while (head < 8 && (off + head * STRUCT_SIZE) % 64 != 0)
        head++;
    return head;
}

/* As store_avx512_at, the alignment being out's. */
/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
TARGET_512 static ALWAYS_INLINE size_t load_avx512_at(lepack_counters_item *out,
                                                      const uint8_t *src, size_t n, int stream)
{
    size_t head = load_head(out);
    if (head == 8 || n < head + ALIGN_MIN_ITEMS) {
        load_blocks_512(out, src, 0, n / 16, 0, 0);
        return n / 16 * 16;
    }
    if (head > 0)
        lepack_items_load_range(out, src, 0, head);
    size_t blocks = (n - head) / 16;
    if (stream) { /* constants, as in store_avx512_at */
        load_blocks_512(out, src, head, blocks, 1, 1);
        //@ assert items_values_range(out, src, 0, head);
    } else {
        load_blocks_512(out, src, head, blocks, 1, 0);
        //@ assert items_values_range(out, src, 0, head);
    }
    return head + blocks * 16;
}

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
TARGET_512 static size_t load_avx512(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    return load_avx512_at(out, src, n, 0);
}

/*@ requires n <= LEPACK_MAX_ITEMS;
    requires items_load_room(out, src, n);
    assigns out[0 .. n - 1];
    exits \false;
    ensures \result <= n;
    ensures items_values(out, src, \result); */
TARGET_512 static size_t load_avx512_stream(lepack_counters_item *out, const uint8_t *src,
                                            size_t n)
{
    return load_avx512_at(out, src, n, 1);
}

/* Each level's kernels by name, for the tests and fuzzers: 0 when the level
 * in use lacks them. */
size_t lepack_items_store_avx512(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    return lepack_cpu_items_level() >= LEPACK_CPU_LEVEL_AVX512 ? store_avx512(dst, items, n) : 0;
}

size_t lepack_items_store_stream(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    return lepack_cpu_items_level() >= LEPACK_CPU_LEVEL_AVX512 ? store_avx512_stream(dst, items, n)
                                                               : 0;
}

size_t lepack_items_store_avx2(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    if (n < 8 || lepack_cpu_items_level() < LEPACK_CPU_LEVEL_AVX2)
        return 0;
    return store_avx2(dst, items, 0, n);
}

size_t lepack_items_load_avx512(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    return lepack_cpu_items_level() >= LEPACK_CPU_LEVEL_AVX512 ? load_avx512(out, src, n) : 0;
}

size_t lepack_items_load_stream(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    return lepack_cpu_items_level() >= LEPACK_CPU_LEVEL_AVX512 ? load_avx512_stream(out, src, n)
                                                               : 0;
}

size_t lepack_items_load_avx2(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    if (n < 8 || lepack_cpu_items_level() < LEPACK_CPU_LEVEL_AVX2)
        return 0;
    return load_avx2(out, src, 0, n);
}

/* The widest the level has: AVX-512 (around the caches for large
 * batches), then AVX2 for what is left of 8 items or more. */
size_t lepack_items_store_vector(uint8_t *dst, const lepack_counters_item *items, size_t n)
{
    int level = lepack_cpu_items_level();
    size_t done = 0;
    if (level >= LEPACK_CPU_LEVEL_AVX512)
        done = n >= STREAM_MIN_ITEMS ? store_avx512_stream(dst, items, n)
                                     : store_avx512(dst, items, n);
    if (level >= LEPACK_CPU_LEVEL_AVX2 && n - done >= 8)
        done += store_avx2(dst, items, done, n);
    return done;
}

size_t lepack_items_load_vector(lepack_counters_item *out, const uint8_t *src, size_t n)
{
    int level = lepack_cpu_items_level();
    size_t done = 0;
    if (level >= LEPACK_CPU_LEVEL_AVX512)
        done = n >= STREAM_MIN_ITEMS ? load_avx512_stream(out, src, n) : load_avx512(out, src, n);
    if (level >= LEPACK_CPU_LEVEL_AVX2 && n - done >= 8)
        done += load_avx2(out, src, done, n);
    return done;
}

#else /* no vector path here: every entry returns 0 */

#define NO_STORE(name)                                                                  \
    size_t name(uint8_t *dst, const lepack_counters_item *items, size_t n)              \
    {                                                                                   \
        (void)dst, (void)items, (void)n;                                                \
        return 0;                                                                       \
    }
#define NO_LOAD(name)                                                                   \
    size_t name(lepack_counters_item *out, const uint8_t *src, size_t n)                \
    {                                                                                   \
        (void)out, (void)src, (void)n;                                                  \
        return 0;                                                                       \
    }
NO_STORE(lepack_items_store_vector)
NO_STORE(lepack_items_store_avx2)
NO_STORE(lepack_items_store_avx512)
NO_STORE(lepack_items_store_stream)
NO_LOAD(lepack_items_load_vector)
NO_LOAD(lepack_items_load_avx2)
NO_LOAD(lepack_items_load_avx512)
NO_LOAD(lepack_items_load_stream)

#endif
