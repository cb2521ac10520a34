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
 * store_avx2, load_avx2) each have a contract, and are written in the
 * lane operations of src/lane/items.h and proven from their models.
 * Everything around them (which level runs, the head that aligns the
 * blocks, the counts and offsets handed from one part to the next) is
 * proven from the kernels' contracts (unit items_x86: proofs/README.md).
 * Every part addresses items by their index in the
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

#if ITEMS_INTRIN
#define TARGET_512 __attribute__((target("avx512f")))
#define TARGET_256 __attribute__((target("avx2")))
#define ALWAYS_INLINE inline __attribute__((always_inline))

/* The struct layout the permutations assume. */
_Static_assert(sizeof(lepack_counters_item) == 24, "item struct is 6 words");
_Static_assert(offsetof(lepack_counters_item, initial_counter) == 8, "initial at word 2");
_Static_assert(offsetof(lepack_counters_item, updates_count) == 16, "updates at word 4");
#else
#define TARGET_512
#define TARGET_256
#define ALWAYS_INLINE
#endif

/* --- The block kernels (proven from src/lane/items.h) --------------------- */

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
    /* The loads one statement each: as the op's arguments gcc 12 issues
     * them last to first, which costs a quarter of the speed of a batch
     * that streams from memory (2^20 items). */
    const lepack_counters_item *s = items + at;
    v512_u32 r0 = v512_load_items_u32(s, 0);
    v512_u32 r1 = v512_load_items_u32(s, 1);
    v512_u32 r2 = v512_load_items_u32(s, 2);
    v512_u32 r3 = v512_load_items_u32(s, 3);
    v512_u32 r4 = v512_load_items_u32(s, 4);
    v512_u32 r5 = v512_load_items_u32(s, 5);
    v512_pack_put5_u32(dst, at * LEPACK_ITEM_SIZE, r0, r1, r2, r3, r4, r5, aligned, stream);
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

/* Items lo .. k - 1 unpacked from src, and item k's fields from its five
 * wire words: lo .. k. */
/*@ ghost
/@ requires k < LEPACK_MAX_ITEMS;
   requires items_values_range(out, src, lo, k);
   requires twos32(out[k].partition) == le_value_u32(src + k * LEPACK_ITEM_SIZE) &&
            twos64(out[k].initial_counter) ==
              le_value_u32(src + k * LEPACK_ITEM_SIZE + 4) +
              4294967296 * le_value_u32(src + k * LEPACK_ITEM_SIZE + 8) &&
            twos64(out[k].updates_count) ==
              le_value_u32(src + k * LEPACK_ITEM_SIZE + 12) +
              4294967296 * le_value_u32(src + k * LEPACK_ITEM_SIZE + 16);
   assigns \nothing;
   exits \false;
   ensures items_values_range(out, src, lo, k + 1); @/
static void wire_values_next(const lepack_counters_item *out, const uint8_t *src, size_t lo,
                             size_t k)
{
}
*/

/* Items at .. at + 15 from their places at src. */
/*@ requires at + 16 <= LEPACK_MAX_ITEMS;
    requires \valid(out + (at .. at + 15));
    requires \valid_read(src + (at * LEPACK_ITEM_SIZE .. (at + 16) * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (at .. at + 15),
                        src + (at * LEPACK_ITEM_SIZE .. (at + 16) * LEPACK_ITEM_SIZE - 1));
    requires aligned != 0 || stream != 0 ==>
      (lane_item_line_offset(out) + at * STRUCT_SIZE) % 64 == 0;
    assigns out[at .. at + 15];
    exits \false;
    ensures items_values_range(out, src, at, at + 16); */
TARGET_512 static ALWAYS_INLINE void load_block_512(lepack_counters_item *out,
                                                    const uint8_t *src, size_t at, int aligned,
                                                    int stream)
{
    size_t o = at * LEPACK_ITEM_SIZE;
    v512_unpack_put6_u32(out, at, v512_load_wire_u32(src, o), v512_load_wire_u32(src, o + 64),
                         v512_load_wire_u32(src, o + 128), v512_load_wire_u32(src, o + 192),
                         v512_load_wire_u32(src, o + 256), aligned, stream);
    //@ ghost wire_values_next(out, src, at, at + 0);
    //@ ghost wire_values_next(out, src, at, at + 1);
    //@ ghost wire_values_next(out, src, at, at + 2);
    //@ ghost wire_values_next(out, src, at, at + 3);
    //@ ghost wire_values_next(out, src, at, at + 4);
    //@ ghost wire_values_next(out, src, at, at + 5);
    //@ ghost wire_values_next(out, src, at, at + 6);
    //@ ghost wire_values_next(out, src, at, at + 7);
    //@ ghost wire_values_next(out, src, at, at + 8);
    //@ ghost wire_values_next(out, src, at, at + 9);
    //@ ghost wire_values_next(out, src, at, at + 10);
    //@ ghost wire_values_next(out, src, at, at + 11);
    //@ ghost wire_values_next(out, src, at, at + 12);
    //@ ghost wire_values_next(out, src, at, at + 13);
    //@ ghost wire_values_next(out, src, at, at + 14);
    //@ ghost wire_values_next(out, src, at, at + 15);
}

/* Items first .. first + 16 blocks - 1 from their places at src, a block
 * of 16 (384 bytes, six lines) at a time, as store_blocks_512. */
/*@ requires first + 16 * blocks <= LEPACK_MAX_ITEMS;
    requires blocks > 0 ==>
      \valid(out + (first .. first + 16 * blocks - 1)) &&
      \valid_read(src + (first * LEPACK_ITEM_SIZE ..
                         (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1)) &&
      \separated(out + (first .. first + 16 * blocks - 1),
                 src + (first * LEPACK_ITEM_SIZE .. (first + 16 * blocks) * LEPACK_ITEM_SIZE - 1));
    requires aligned != 0 || stream != 0 ==>
      (lane_item_line_offset(out) + first * STRUCT_SIZE) % 64 == 0;
    assigns out[first .. first + 16 * blocks - 1];
    exits \false;
    ensures items_values_range(out, src, first, first + 16 * blocks); */
TARGET_512 static ALWAYS_INLINE void load_blocks_512(lepack_counters_item *out,
                                                     const uint8_t *src, size_t first,
                                                     size_t blocks, int aligned, int stream)
{
    /*@ loop invariant b <= blocks;
        loop invariant items_values_range(out, src, first, first + 16 * b);
        loop assigns b, out[first .. first + 16 * blocks - 1];
        loop variant blocks - b; */
    for (size_t b = 0; b < blocks; b++)
        load_block_512(out, src, first + 16 * b, aligned, stream);
    if (stream)
        lane_sfence();
}

/* Items at .. at + 7 to their places at dst, at AVX2. */
/*@ requires at + 8 <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (at * LEPACK_ITEM_SIZE .. (at + 8) * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (at .. at + 7));
    requires \separated(dst + (at * LEPACK_ITEM_SIZE .. (at + 8) * LEPACK_ITEM_SIZE - 1),
                        items + (at .. at + 7));
    assigns dst[at * LEPACK_ITEM_SIZE .. (at + 8) * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures items_bytes_range(dst, items, at, at + 8); */
TARGET_256 static ALWAYS_INLINE void store_block_avx2(uint8_t *dst,
                                                      const lepack_counters_item *items, size_t at)
{
    const lepack_counters_item *s = items + at;
    v256_pack_put5_u32(dst, at * LEPACK_ITEM_SIZE, v256_load_items_u32(s, 0),
                       v256_load_items_u32(s, 1), v256_load_items_u32(s, 2),
                       v256_load_items_u32(s, 3), v256_load_items_u32(s, 4),
                       v256_load_items_u32(s, 5));
    //@ ghost wire_item_next(dst, items, at, at + 0);
    //@ ghost wire_item_next(dst, items, at, at + 1);
    //@ ghost wire_item_next(dst, items, at, at + 2);
    //@ ghost wire_item_next(dst, items, at, at + 3);
    //@ ghost wire_item_next(dst, items, at, at + 4);
    //@ ghost wire_item_next(dst, items, at, at + 5);
    //@ ghost wire_item_next(dst, items, at, at + 6);
    //@ ghost wire_item_next(dst, items, at, at + 7);
}

/* Items first .. up to n - 1 to their places at dst, 8 at a time: as
 * many whole blocks of 8 as there are. */
/*@ requires first + 8 <= n <= LEPACK_MAX_ITEMS;
    requires \valid(dst + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    requires \valid_read(items + (first .. n - 1));
    requires \separated(dst + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1),
                        items + (first .. n - 1));
    assigns dst[first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1];
    exits \false;
    ensures \result == (n - first) / 8 * 8;
    ensures items_bytes_range(dst, items, first, first + \result); */
TARGET_256 static size_t store_avx2(uint8_t *dst, const lepack_counters_item *items,
                                    size_t first, size_t n)
{
    size_t blocks = (n - first) / 8;
    /*@ loop invariant b <= blocks;
        loop invariant items_bytes_range(dst, items, first, first + 8 * b);
        loop assigns b, dst[first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1];
        loop variant blocks - b; */
    for (size_t b = 0; b < blocks; b++)
        store_block_avx2(dst, items, first + 8 * b);
    return blocks * 8;
}

/* Items at .. at + 7 from their places at src, at AVX2: six loads of 8
 * wire words, each where it holds all its struct register needs.  The
 * pointers are restrict, as \separated says: else gcc 12 makes all six
 * loads before the first store (the stores might change src), where each
 * load can be the permutation's operand (10% slower on 32 items). */
/*@ requires at + 8 <= LEPACK_MAX_ITEMS;
    requires \valid(out + (at .. at + 7));
    requires \valid_read(src + (at * LEPACK_ITEM_SIZE .. (at + 8) * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (at .. at + 7),
                        src + (at * LEPACK_ITEM_SIZE .. (at + 8) * LEPACK_ITEM_SIZE - 1));
    assigns out[at .. at + 7];
    exits \false;
    ensures items_values_range(out, src, at, at + 8); */
TARGET_256 static ALWAYS_INLINE void load_block_avx2(lepack_counters_item *restrict out,
                                                     const uint8_t *restrict src, size_t at)
{
    size_t o = at * LEPACK_ITEM_SIZE;
    v256_unpack_put6_u32(out, at, v256_load_wire_u32(src, o + 4 * LANE_U2_AT(0)),
                         v256_load_wire_u32(src, o + 4 * LANE_U2_AT(1)),
                         v256_load_wire_u32(src, o + 4 * LANE_U2_AT(2)),
                         v256_load_wire_u32(src, o + 4 * LANE_U2_AT(3)),
                         v256_load_wire_u32(src, o + 4 * LANE_U2_AT(4)),
                         v256_load_wire_u32(src, o + 4 * LANE_U2_AT(5)));
    //@ ghost wire_values_next(out, src, at, at + 0);
    //@ ghost wire_values_next(out, src, at, at + 1);
    //@ ghost wire_values_next(out, src, at, at + 2);
    //@ ghost wire_values_next(out, src, at, at + 3);
    //@ ghost wire_values_next(out, src, at, at + 4);
    //@ ghost wire_values_next(out, src, at, at + 5);
    //@ ghost wire_values_next(out, src, at, at + 6);
    //@ ghost wire_values_next(out, src, at, at + 7);
}

/* Items first .. up to n - 1 from their places at src, as store_avx2. */
/*@ requires first + 8 <= n <= LEPACK_MAX_ITEMS;
    requires \valid(out + (first .. n - 1));
    requires \valid_read(src + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    requires \separated(out + (first .. n - 1),
                        src + (first * LEPACK_ITEM_SIZE .. n * LEPACK_ITEM_SIZE - 1));
    assigns out[first .. n - 1];
    exits \false;
    ensures \result == (n - first) / 8 * 8;
    ensures items_values_range(out, src, first, first + \result); */
TARGET_256 static size_t load_avx2(lepack_counters_item *out, const uint8_t *src, size_t first,
                                   size_t n)
{
    size_t blocks = (n - first) / 8;
    /*@ loop invariant b <= blocks;
        loop invariant items_values_range(out, src, first, first + 8 * b);
        loop assigns b, out[first .. n - 1];
        loop variant blocks - b; */
    for (size_t b = 0; b < blocks; b++)
        load_block_avx2(out, src, first + 8 * b);
    return blocks * 8;
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
    ensures \result < 8 ==> (lane_item_line_offset(out) + \result * STRUCT_SIZE) % 64 == 0; */
static size_t load_head(const lepack_counters_item *out)
{
    size_t off = lane_item_line_offset_of(out);
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
