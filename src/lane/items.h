/* SPDX-License-Identifier: Apache-2.0 */
/* Counters items as 32-bit lanes (internal, not installed API;
 * src/lane/types.h says how the lane operations are written).
 *
 * x86 is little-endian, so a lepack_counters_item in memory is six 32-bit
 * words, [partition, padding, initial low, initial high, updates low,
 * updates high], and a wire item the same words without the padding.  A
 * block of 16 items is 96 struct words (six registers) and 80 wire words
 * (five): packing it is one permutation per wire register, of two struct
 * registers side by side, and unpacking one per struct register, of two
 * wire registers, the padding lanes zeroed.  The operations, at AVX-512F:
 *   v512_load_items_u32    struct register r of a block (words 16r ..);
 *   v512_pack_put5_u32     the block's five wire registers, each from two
 *                          struct registers side by side (VPERMT2D, its
 *                          index a constant of the register), stored as
 *                          little-endian bytes (plain, aligned or
 *                          non-temporal stores);
 *   v512_load_wire_u32     16 wire words (vmovdqu32 of bytes);
 *   v512_unpack_put6_u32   the block's six struct registers, each from
 *                          two wire registers (VPERMT2D masked to zero the
 *                          padding), stored as the 16 items (the same
 *                          three kinds of store);
 *   lane_item_line_offset_of  where an item array lies in its line.
 * At AVX2 a block is 8 items, 48 struct words (six registers of 8) and 40
 * wire words (five); a VPERMD reads one register, so a wire register is
 * two VPERMD and a VPBLENDD, and a struct register one VPERMD (and a
 * VPAND that zeroes the padding) of 8 wire words loaded where they hold
 * all it needs (LANE_U2_AT):
 *   v256_load_items_u32, v256_pack_put5_u32, v256_load_wire_u32,
 *   v256_unpack_put6_u32   as their 512-bit namesakes, plain stores only.
 * Their contracts speak of item_word, a struct word's value from the
 * item's fields, LANE_WIRE_SRC, the struct word a wire word comes from,
 * and the fields an item gets from five wire words; that the 16 items'
 * bytes are item_bytes, or their fields item_values, is WP's to prove
 * (src/items_x86.c), from these alone.  Permuting and storing are one
 * operation: as five stores, each one's 16 words had to be carried past
 * the stores after it, which the provers did not do within their time;
 * and with the five registers packed before the stores, gcc 12 loaded
 * the struct registers twice (28% slower on a batch in the cache).
 * tests/check_models.c runs each on its instructions and its C form. */
#ifndef LEPACK_LANE_ITEMS_H
#define LEPACK_LANE_ITEMS_H

#include "../item.h"
#include "align.h"
#include "types.h"

#if LEPACK_LANES

/*@ // Struct word j (0 .. 5) of an item as the CPU holds it; word 1, the
    // padding, has no value a contract speaks of.
    logic integer item_word(lepack_counters_item it, integer j) =
      j == 0 ? twos32(it.partition) :
      j == 2 ? twos64(it.initial_counter) % 4294967296 :
      j == 3 ? twos64(it.initial_counter) / 4294967296 :
      j == 4 ? twos64(it.updates_count) % 4294967296 :
               twos64(it.updates_count) / 4294967296; */

/* The struct word of a block that wire word w of the block comes from,
 * and the VPERMT2D index of lane k of wire register j: that word counted
 * from register j's first (16 and up: register j + 1).  Macros, in the C
 * forms and in the contracts alike: a contract's lanes are written out
 * one by one (LANE_EACH16), so that at a call, whose register number is
 * a constant, every index is a number. */
#define LANE_WIRE_SRC(w) (6 * ((w) / 5) + ((w) % 5 == 0 ? 0 : (w) % 5 + 1))
#define LANE_PACK_IDX(j, k) (LANE_WIRE_SRC(16 * (j) + (k)) - 16 * (j))
/* The wire word of a block that struct word s comes from (s % 6 != 1: the
 * padding comes from none), and the first of the two wire registers
 * struct register j draws on. */
#define LANE_STRUCT_SRC(s) (5 * ((s) / 6) + ((s) % 6 == 0 ? 0 : (s) % 6 - 1))
#define LANE_UNPACK_BASE(j) ((j) == 0 ? 0 : (j) > 4 ? 3 : (j) - 1)
/* At AVX2: the index of lane k of wire register j among struct registers
 * j and j + 1 (8 and up: j + 1), and the first of the 8 wire words struct
 * register j is made from. */
#define LANE_PACK8_IDX(j, k) (LANE_WIRE_SRC(8 * (j) + (k)) - 8 * (j))
#define LANE_U2_AT(j)                                                                      \
    ((j) == 0 ? 0 : (j) == 1 ? 6 : (j) == 2 ? 13 : (j) == 3 ? 20 : (j) == 4 ? 26 : 32)

/* F(k, ...) for each lane k of 16, as one conjunction. */
#define LANE_EACH4(F, k, ...)                                                              \
    F(k, __VA_ARGS__) && F((k) + 1, __VA_ARGS__) && F((k) + 2, __VA_ARGS__) &&              \
        F((k) + 3, __VA_ARGS__)
#define LANE_EACH16(F, ...)                                                                \
    LANE_EACH4(F, 0, __VA_ARGS__) && LANE_EACH4(F, 4, __VA_ARGS__) &&                       \
        LANE_EACH4(F, 8, __VA_ARGS__) && LANE_EACH4(F, 12, __VA_ARGS__)
#define LANE_EACH8(F, ...) LANE_EACH4(F, 0, __VA_ARGS__) && LANE_EACH4(F, 4, __VA_ARGS__)

/* Lane k of a load of struct register r from the block at p. */
#define LANE_ITEM_LANE(k, v, p, r)                                                         \
    ((16 * (r) + (k)) % 6 == 1 ||                                                          \
     (v).l[k] == item_word((p)[(16 * (r) + (k)) / 6], (16 * (r) + (k)) % 6))
/* Word k of wire register j, packed from struct registers a and b, as
 * the little-endian bytes p[o + 4k .. o + 4k + 3]: their value (not
 * their digits, whose divisions cost the provers more than the sums). */
#define LANE_PACKED_AT(k, p, o, a, b, j)                                                   \
    (le_value_u32((p) + (o) + 4 * (k)) ==                                                  \
     (LANE_PACK_IDX(j, k) < 16 ? (a).l[LANE_PACK_IDX(j, k)] : (b).l[LANE_PACK_IDX(j, k) - 16]))
/* Lane k of a load of wire words at p[o ..]: their little-endian value. */
#define LANE_WIRE_LANE(k, v, p, o) ((v).l[k] == le_value_u32((p) + (o) + 4 * (k)))
/* Wire word w of a block held in registers w0 .. w4, and item i of the
 * block at p + at unpacked from them: its fields, from wire words 5i ..
 * 5i + 4, the 64-bit ones low word first. */
#define LANE_WIRE_WORD(w, w0, w1, w2, w3, w4)                                              \
    ((w) < 16   ? (w0).l[w]                                                                \
     : (w) < 32 ? (w1).l[(w) - 16]                                                         \
     : (w) < 48 ? (w2).l[(w) - 32]                                                         \
     : (w) < 64 ? (w3).l[(w) - 48]                                                         \
                : (w4).l[(w) - 64])
#define LANE_ITEM_UNPACKED(i, p, at, w0, w1, w2, w3, w4)                                   \
    (twos32((p)[(at) + (i)].partition) == LANE_WIRE_WORD(5 * (i), w0, w1, w2, w3, w4) &&    \
     twos64((p)[(at) + (i)].initial_counter) ==                                            \
         LANE_WIRE_WORD(5 * (i) + 1, w0, w1, w2, w3, w4) +                                 \
             4294967296 * LANE_WIRE_WORD(5 * (i) + 2, w0, w1, w2, w3, w4) &&               \
     twos64((p)[(at) + (i)].updates_count) ==                                              \
         LANE_WIRE_WORD(5 * (i) + 3, w0, w1, w2, w3, w4) +                                 \
             4294967296 * LANE_WIRE_WORD(5 * (i) + 4, w0, w1, w2, w3, w4))
/* The same at AVX2: lane k of struct register r (8 lanes); word k of wire
 * register j; struct word s of a block unpacked from registers x0 .. x5
 * (x_j holding wire words LANE_U2_AT(j) ..), and item i from them. */
#define LANE_ITEM_LANE8(k, v, p, r)                                                        \
    ((8 * (r) + (k)) % 6 == 1 ||                                                           \
     (v).l[k] == item_word((p)[(8 * (r) + (k)) / 6], (8 * (r) + (k)) % 6))
#define LANE_PACKED8_AT(k, p, o, a, b, j)                                                  \
    (le_value_u32((p) + (o) + 4 * (k)) ==                                                  \
     (LANE_PACK8_IDX(j, k) < 8 ? (a).l[LANE_PACK8_IDX(j, k)] : (b).l[LANE_PACK8_IDX(j, k) - 8]))
#define LANE_U2_LANE(s, j, x) (x).l[LANE_STRUCT_SRC(s) - LANE_U2_AT(j)]
#define LANE_U2_WORD(s, x0, x1, x2, x3, x4, x5)                                            \
    ((s) < 8    ? LANE_U2_LANE(s, 0, x0)                                                   \
     : (s) < 16 ? LANE_U2_LANE(s, 1, x1)                                                   \
     : (s) < 24 ? LANE_U2_LANE(s, 2, x2)                                                   \
     : (s) < 32 ? LANE_U2_LANE(s, 3, x3)                                                   \
     : (s) < 40 ? LANE_U2_LANE(s, 4, x4)                                                   \
                : LANE_U2_LANE(s, 5, x5))
#define LANE_ITEM8_UNPACKED(i, p, at, x0, x1, x2, x3, x4, x5)                              \
    (twos32((p)[(at) + (i)].partition) == LANE_U2_WORD(6 * (i), x0, x1, x2, x3, x4, x5) &&  \
     twos64((p)[(at) + (i)].initial_counter) ==                                            \
         LANE_U2_WORD(6 * (i) + 2, x0, x1, x2, x3, x4, x5) +                               \
             4294967296 * LANE_U2_WORD(6 * (i) + 3, x0, x1, x2, x3, x4, x5) &&             \
     twos64((p)[(at) + (i)].updates_count) ==                                              \
         LANE_U2_WORD(6 * (i) + 4, x0, x1, x2, x3, x4, x5) +                               \
             4294967296 * LANE_U2_WORD(6 * (i) + 5, x0, x1, x2, x3, x4, x5))

#if LEPACK_LANE_MODEL && !defined(__FRAMAC__)
#include <string.h>

/* The little-endian value of p[0 .. 3] (C form). */
static inline uint32_t lane_wire_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* An item from its five wire words, the padding zeroed (C form). */
static inline void lane_put_item(lepack_counters_item *it, uint32_t partition, uint32_t initial_lo,
                                 uint32_t initial_hi, uint32_t updates_lo, uint32_t updates_hi)
{
    it->partition = (int32_t)partition;
    it->initial_counter = (int64_t)((uint64_t)initial_hi << 32 | initial_lo);
    it->updates_count = (int64_t)((uint64_t)updates_hi << 32 | updates_lo);
    memset((unsigned char *)it + sizeof it->partition, 0, 4); /* the padding */
}

/* item_word in C; the padding word as memory holds it (C form). */
static inline uint32_t lane_item_word(const lepack_counters_item *it, size_t j)
{
    uint64_t field = j >= 4   ? (uint64_t)it->updates_count
                     : j >= 2 ? (uint64_t)it->initial_counter
                              : (uint64_t)(uint32_t)it->partition;
    uint32_t pad;
    memcpy(&pad, (const unsigned char *)it + 4, sizeof pad);
    return j == 1 ? pad : (uint32_t)(field >> (j == 3 || j == 5 ? 32 : 0));
}
#endif

/* vmovdqu32 of struct register r (r < 6) of the block of 16 items at p:
 * lane l is struct word 16r + l of the block. */
#if LEPACK_LANE_INTRIN
LANE_OP_512 v512_u32 v512_load_items_u32(const lepack_counters_item *p, size_t r)
{
    return _mm512_loadu_si512((const void *)((const unsigned char *)(const void *)p + 64 * r));
}
#else
/*@ requires r < 6;
    requires \valid_read(p + (16 * r / 6 .. (16 * r + 15) / 6));
    assigns \nothing;
    exits \false;
    ensures LANE_EACH16(LANE_ITEM_LANE, \result, p, r); */
LANE_OP_512 v512_u32 v512_load_items_u32(const lepack_counters_item *p, size_t r)
    LANE_C_FORM({
        v512_u32 v;
        for (size_t l = 0; l < 16; l++)
            v.l[l] = lane_item_word(&p[(16 * r + l) / 6], (16 * r + l) % 6);
        return v;
    })
#endif

/* The block's five wire registers at p[o .. o + 319]: wire register j is
 * VPERMT2D of struct registers j and j + 1 with its index (lane k takes
 * struct word LANE_WIRE_SRC(16j + k) of the block), stored as its words
 * little-endian with vmovdqu32, or where p + o starts a line vmovdqa32
 * (aligned) or vmovntdq (stream: around the caches, ordered by a later
 * lane_sfence).  Each register is stored as soon as it is made. */
#if LEPACK_LANE_INTRIN
/* A register of 16 constants, lane k F(j, k): a permutation's index. */
#define LANE_SET16(F, j)                                                                   \
    _mm512_set_epi32(F(j, 15), F(j, 14), F(j, 13), F(j, 12), F(j, 11), F(j, 10), F(j, 9),  \
                     F(j, 8), F(j, 7), F(j, 6), F(j, 5), F(j, 4), F(j, 3), F(j, 2), F(j, 1), \
                     F(j, 0))
#define LANE_PACK_I(j, k) ((int)LANE_PACK_IDX(j, k))
LANE_OP_512 __m512i v512_pack_idx_u32(unsigned j)
{
    return LANE_SET16(LANE_PACK_I, j);
}
LANE_OP_512 void v512_put_line_u32(uint8_t *p, __m512i v, int aligned, int stream)
{
    if (stream)
        _mm512_stream_si512((__m512i *)(void *)p, v);
    else if (aligned)
        _mm512_store_si512((void *)p, v);
    else
        _mm512_storeu_si512((void *)p, v);
}
LANE_OP_512 void v512_pack_put5_u32(uint8_t *p, size_t o, v512_u32 r0, v512_u32 r1, v512_u32 r2,
                                    v512_u32 r3, v512_u32 r4, v512_u32 r5, int aligned,
                                    int stream)
{
    v512_put_line_u32(p + o, _mm512_permutex2var_epi32(r0, v512_pack_idx_u32(0), r1), aligned,
                      stream);
    v512_put_line_u32(p + o + 64, _mm512_permutex2var_epi32(r1, v512_pack_idx_u32(1), r2),
                      aligned, stream);
    v512_put_line_u32(p + o + 128, _mm512_permutex2var_epi32(r2, v512_pack_idx_u32(2), r3),
                      aligned, stream);
    v512_put_line_u32(p + o + 192, _mm512_permutex2var_epi32(r3, v512_pack_idx_u32(3), r4),
                      aligned, stream);
    v512_put_line_u32(p + o + 256, _mm512_permutex2var_epi32(r4, v512_pack_idx_u32(4), r5),
                      aligned, stream);
}
#else
#if !defined(__FRAMAC__)
/* Wire register j of `width` lanes from struct registers a and b, its
 * words at p[o ..] (C form). */
static inline void lane_pack_put(uint8_t *p, size_t o, const uint32_t *a, const uint32_t *b,
                                 unsigned j, unsigned width)
{
    for (unsigned l = 0; l < width; l++) {
        unsigned s = LANE_WIRE_SRC(width * j + l) - width * j;
        uint32_t w = s < width ? a[s] : b[s - width];
        for (unsigned x = 0; x < 4; x++)
            p[o + 4 * l + x] = (uint8_t)(w >> (8 * x));
    }
}
#endif
/*@ requires o + 320 <= SIZE_MAX;
    requires \valid(p + (o .. o + 319));
    requires aligned != 0 || stream != 0 ==> (lane_line_offset(p) + o) % 64 == 0;
    assigns p[o .. o + 319];
    exits \false;
    ensures LANE_EACH16(LANE_PACKED_AT, p, o, r0, r1, 0);
    ensures LANE_EACH16(LANE_PACKED_AT, p, o + 64, r1, r2, 1);
    ensures LANE_EACH16(LANE_PACKED_AT, p, o + 128, r2, r3, 2);
    ensures LANE_EACH16(LANE_PACKED_AT, p, o + 192, r3, r4, 3);
    ensures LANE_EACH16(LANE_PACKED_AT, p, o + 256, r4, r5, 4); */
LANE_OP_512 void v512_pack_put5_u32(uint8_t *p, size_t o, v512_u32 r0, v512_u32 r1, v512_u32 r2,
                                    v512_u32 r3, v512_u32 r4, v512_u32 r5, int aligned,
                                    int stream) LANE_C_FORM({
    (void)aligned, (void)stream;
    lane_pack_put(p, o, r0.l, r1.l, 0, 16);
    lane_pack_put(p, o + 64, r1.l, r2.l, 1, 16);
    lane_pack_put(p, o + 128, r2.l, r3.l, 2, 16);
    lane_pack_put(p, o + 192, r3.l, r4.l, 3, 16);
    lane_pack_put(p, o + 256, r4.l, r5.l, 4, 16);
})
#endif

/* vmovdqu32 of the 16 wire words at p[o .. o + 63]: lane k is the
 * little-endian value of p[o + 4k .. o + 4k + 3]. */
#if LEPACK_LANE_INTRIN
LANE_OP_512 v512_u32 v512_load_wire_u32(const uint8_t *p, size_t o)
{
    return _mm512_loadu_si512((const void *)(p + o));
}
#else
/*@ requires \valid_read(p + (o .. o + 63));
    assigns \nothing;
    exits \false;
    ensures LANE_EACH16(LANE_WIRE_LANE, \result, p, o); */
LANE_OP_512 v512_u32 v512_load_wire_u32(const uint8_t *p, size_t o) LANE_C_FORM({
    v512_u32 v;
    for (size_t k = 0; k < 16; k++)
        v.l[k] = lane_wire_at(p + o + 4 * k);
    return v;
})
#endif

/*@ axiomatic LaneItemLineOffset {
      // The address of p modulo 64, as lane_line_offset for bytes.  No
      // axiom: only lane_item_line_offset_of's contract says anything of it.
      logic integer lane_item_line_offset(lepack_counters_item *p);
    } */

/* The address of p modulo 64 (the compilers' form, as
 * lane_line_offset_u8). */
#ifdef __FRAMAC__
/*@ assigns \nothing;
    exits \false;
    ensures \result == lane_item_line_offset(p);
    ensures \result < 64; */
static inline size_t lane_item_line_offset_of(const lepack_counters_item *p);
#else
static inline size_t lane_item_line_offset_of(const lepack_counters_item *p)
{
    return (size_t)((uintptr_t)p & 63);
}
#endif

/* The 16 items p[at .. at + 15] from the block's five wire registers:
 * struct register j is VPERMT2D of wire registers LANE_UNPACK_BASE(j) and
 * the next, its padding lanes zeroed by the mask, stored as
 * v512_pack_put5_u32 stores (on a line when aligned or stream).  Each
 * register is stored as soon as it is made. */
#if LEPACK_LANE_INTRIN
#define LANE_UNPACK_I(j, k)                                                                \
    ((16 * (j) + (k)) % 6 == 1                                                             \
         ? 0                                                                               \
         : (int)(LANE_STRUCT_SRC(16 * (j) + (k)) - 16 * LANE_UNPACK_BASE(j)))
LANE_OP_512 __m512i v512_unpack_idx_u32(unsigned j)
{
    return LANE_SET16(LANE_UNPACK_I, j);
}
/* The lanes of struct register j that are not padding. */
LANE_OP_512 __mmask16 v512_unpack_keep_u32(unsigned j)
{
    unsigned m = 0;
    for (unsigned l = 0; l < 16; l++)
        if ((16 * j + l) % 6 != 1)
            m |= 1u << l;
    return (__mmask16)m;
}
#define LANE_UNPACK_PUT(j, a, b)                                                           \
    v512_put_line_u32(d + 64 * (j),                                                        \
                      _mm512_maskz_permutex2var_epi32(v512_unpack_keep_u32(j), a,          \
                                                      v512_unpack_idx_u32(j), b),          \
                      aligned, stream)
LANE_OP_512 void v512_unpack_put6_u32(lepack_counters_item *p, size_t at, v512_u32 w0,
                                      v512_u32 w1, v512_u32 w2, v512_u32 w3, v512_u32 w4,
                                      int aligned, int stream)
{
    uint8_t *d = (uint8_t *)(void *)(p + at);
    LANE_UNPACK_PUT(0, w0, w1);
    LANE_UNPACK_PUT(1, w0, w1);
    LANE_UNPACK_PUT(2, w1, w2);
    LANE_UNPACK_PUT(3, w2, w3);
    LANE_UNPACK_PUT(4, w3, w4);
    LANE_UNPACK_PUT(5, w3, w4);
}
#undef LANE_UNPACK_PUT
#else
#if !defined(__FRAMAC__)
/* Wire word w of the block in w[0 .. 4] (C form). */
static inline uint32_t lane_wire_word(const v512_u32 *w, size_t x)
{
    return w[x / 16].l[x % 16];
}
#endif
/*@ requires \valid(p + (at .. at + 15));
    requires aligned != 0 || stream != 0 ==>
      (lane_item_line_offset(p) + at * sizeof(lepack_counters_item)) % 64 == 0;
    assigns p[at .. at + 15];
    exits \false;
    ensures LANE_EACH16(LANE_ITEM_UNPACKED, p, at, w0, w1, w2, w3, w4); */
LANE_OP_512 void v512_unpack_put6_u32(lepack_counters_item *p, size_t at, v512_u32 w0,
                                      v512_u32 w1, v512_u32 w2, v512_u32 w3, v512_u32 w4,
                                      int aligned, int stream) LANE_C_FORM({
    (void)aligned, (void)stream;
    const v512_u32 w[5] = {w0, w1, w2, w3, w4};
    for (size_t i = 0; i < 16; i++)
        lane_put_item(&p[at + i], lane_wire_word(w, 5 * i), lane_wire_word(w, 5 * i + 1),
                      lane_wire_word(w, 5 * i + 2), lane_wire_word(w, 5 * i + 3),
                      lane_wire_word(w, 5 * i + 4));
})
#endif

/* --- AVX2: blocks of 8 items -------------------------------------------- */

#if LEPACK_LANE_INTRIN
/* A 256-bit register of 8 constants, lane k F(j, k). */
#define LANE_SET8(F, j)                                                                    \
    _mm256_set_epi32(F(j, 7), F(j, 6), F(j, 5), F(j, 4), F(j, 3), F(j, 2), F(j, 1), F(j, 0))
#endif

/* vmovdqu of struct register r (r < 6, 8 lanes) of the block of 8 items
 * at p: lane l is struct word 8r + l of the block. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v256_u32 v256_load_items_u32(const lepack_counters_item *p, size_t r)
{
    return _mm256_loadu_si256(
        (const __m256i *)(const void *)((const unsigned char *)(const void *)p + 32 * r));
}
#else
/*@ requires r < 6;
    requires \valid_read(p + (8 * r / 6 .. (8 * r + 7) / 6));
    assigns \nothing;
    exits \false;
    ensures LANE_EACH8(LANE_ITEM_LANE8, \result, p, r); */
LANE_OP_256 v256_u32 v256_load_items_u32(const lepack_counters_item *p, size_t r)
    LANE_C_FORM({
        v256_u32 v;
        for (size_t l = 0; l < 8; l++)
            v.l[l] = lane_item_word(&p[(8 * r + l) / 6], (8 * r + l) % 6);
        return v;
    })
#endif

/* The block's five wire registers at p[o .. o + 159]: wire register j
 * takes lane k from struct register j or j + 1 (LANE_PACK8_IDX): VPERMD
 * of each, VPBLENDD by the lanes from j + 1, and vmovdqu. */
#if LEPACK_LANE_INTRIN
#define LANE_P2_LO(j, k) (LANE_PACK8_IDX(j, k) < 8 ? (int)LANE_PACK8_IDX(j, k) : 0)
#define LANE_P2_HI(j, k) (LANE_PACK8_IDX(j, k) >= 8 ? (int)LANE_PACK8_IDX(j, k) - 8 : 0)
#define LANE_P2_FROM_HI(j, k) ((LANE_PACK8_IDX(j, k) >= 8) << (k))
#define LANE_P2_BLEND(j)                                                                   \
    (LANE_P2_FROM_HI(j, 0) | LANE_P2_FROM_HI(j, 1) | LANE_P2_FROM_HI(j, 2) |                \
     LANE_P2_FROM_HI(j, 3) | LANE_P2_FROM_HI(j, 4) | LANE_P2_FROM_HI(j, 5) |                \
     LANE_P2_FROM_HI(j, 6) | LANE_P2_FROM_HI(j, 7))
#define LANE_PACK8_PUT(j, a, b)                                                            \
    _mm256_storeu_si256((__m256i *)(void *)(p + o + 32 * (j)),                             \
                        _mm256_blend_epi32(_mm256_permutevar8x32_epi32(a, LANE_SET8(LANE_P2_LO, j)), \
                                           _mm256_permutevar8x32_epi32(b, LANE_SET8(LANE_P2_HI, j)), \
                                           LANE_P2_BLEND(j)))
LANE_OP_256 void v256_pack_put5_u32(uint8_t *p, size_t o, v256_u32 r0, v256_u32 r1, v256_u32 r2,
                                    v256_u32 r3, v256_u32 r4, v256_u32 r5)
{
    LANE_PACK8_PUT(0, r0, r1);
    LANE_PACK8_PUT(1, r1, r2);
    LANE_PACK8_PUT(2, r2, r3);
    LANE_PACK8_PUT(3, r3, r4);
    LANE_PACK8_PUT(4, r4, r5);
}
#else
/*@ requires o + 160 <= SIZE_MAX;
    requires \valid(p + (o .. o + 159));
    assigns p[o .. o + 159];
    exits \false;
    ensures LANE_EACH8(LANE_PACKED8_AT, p, o, r0, r1, 0);
    ensures LANE_EACH8(LANE_PACKED8_AT, p, o + 32, r1, r2, 1);
    ensures LANE_EACH8(LANE_PACKED8_AT, p, o + 64, r2, r3, 2);
    ensures LANE_EACH8(LANE_PACKED8_AT, p, o + 96, r3, r4, 3);
    ensures LANE_EACH8(LANE_PACKED8_AT, p, o + 128, r4, r5, 4); */
LANE_OP_256 void v256_pack_put5_u32(uint8_t *p, size_t o, v256_u32 r0, v256_u32 r1, v256_u32 r2,
                                    v256_u32 r3, v256_u32 r4, v256_u32 r5) LANE_C_FORM({
    lane_pack_put(p, o, r0.l, r1.l, 0, 8);
    lane_pack_put(p, o + 32, r1.l, r2.l, 1, 8);
    lane_pack_put(p, o + 64, r2.l, r3.l, 2, 8);
    lane_pack_put(p, o + 96, r3.l, r4.l, 3, 8);
    lane_pack_put(p, o + 128, r4.l, r5.l, 4, 8);
})
#endif

/* vmovdqu of the 8 wire words at p[o .. o + 31]. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v256_u32 v256_load_wire_u32(const uint8_t *p, size_t o)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)(p + o));
}
#else
/*@ requires \valid_read(p + (o .. o + 31));
    assigns \nothing;
    exits \false;
    ensures LANE_EACH8(LANE_WIRE_LANE, \result, p, o); */
LANE_OP_256 v256_u32 v256_load_wire_u32(const uint8_t *p, size_t o) LANE_C_FORM({
    v256_u32 v;
    for (size_t k = 0; k < 8; k++)
        v.l[k] = lane_wire_at(p + o + 4 * k);
    return v;
})
#endif

/* The 8 items p[at .. at + 7] from six wire registers, x_j holding wire
 * words LANE_U2_AT(j) .. of the block: struct register j is VPERMD of x_j,
 * VPAND to zero the padding lanes, and vmovdqu. */
#if LEPACK_LANE_INTRIN
#define LANE_U2_I(j, k)                                                                    \
    ((8 * (j) + (k)) % 6 == 1 ? 0 : (int)(LANE_STRUCT_SRC(8 * (j) + (k)) - LANE_U2_AT(j)))
#define LANE_U2_KEEP(j, k) ((8 * (j) + (k)) % 6 == 1 ? 0 : -1)
#define LANE_UNPACK8_PUT(j, x)                                                             \
    _mm256_storeu_si256((__m256i *)(void *)(d + 32 * (j)),                                 \
                        _mm256_and_si256(_mm256_permutevar8x32_epi32(x, LANE_SET8(LANE_U2_I, j)), \
                                         LANE_SET8(LANE_U2_KEEP, j)))
LANE_OP_256 void v256_unpack_put6_u32(lepack_counters_item *p, size_t at, v256_u32 x0,
                                      v256_u32 x1, v256_u32 x2, v256_u32 x3, v256_u32 x4,
                                      v256_u32 x5)
{
    uint8_t *d = (uint8_t *)(void *)(p + at);
    LANE_UNPACK8_PUT(0, x0);
    LANE_UNPACK8_PUT(1, x1);
    LANE_UNPACK8_PUT(2, x2);
    LANE_UNPACK8_PUT(3, x3);
    LANE_UNPACK8_PUT(4, x4);
    LANE_UNPACK8_PUT(5, x5);
}
#else
#if !defined(__FRAMAC__)
/* Struct word s of the block from x[0 .. 5] (C form). */
static inline uint32_t lane_u2_word(const v256_u32 *x, size_t s)
{
    return x[s / 8].l[LANE_STRUCT_SRC(s) - LANE_U2_AT(s / 8)];
}
#endif
/*@ requires \valid(p + (at .. at + 7));
    assigns p[at .. at + 7];
    exits \false;
    ensures LANE_EACH8(LANE_ITEM8_UNPACKED, p, at, x0, x1, x2, x3, x4, x5); */
LANE_OP_256 void v256_unpack_put6_u32(lepack_counters_item *p, size_t at, v256_u32 x0,
                                      v256_u32 x1, v256_u32 x2, v256_u32 x3, v256_u32 x4,
                                      v256_u32 x5) LANE_C_FORM({
    const v256_u32 x[6] = {x0, x1, x2, x3, x4, x5};
    for (size_t i = 0; i < 8; i++)
        lane_put_item(&p[at + i], lane_u2_word(x, 6 * i), lane_u2_word(x, 6 * i + 2),
                      lane_u2_word(x, 6 * i + 3), lane_u2_word(x, 6 * i + 4),
                      lane_u2_word(x, 6 * i + 5));
})
#endif
#endif
#endif
