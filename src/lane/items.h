/* SPDX-License-Identifier: Apache-2.0 */
/* Counters items as 32-bit lanes (internal, not installed API;
 * src/lane/types.h says how the lane operations are written).
 *
 * x86 is little-endian, so a lepack_counters_item in memory is six 32-bit
 * words, [partition, padding, initial low, initial high, updates low,
 * updates high], and a wire item the same words without the padding.  A
 * block of 16 items is 96 struct words (six registers) and 80 wire words
 * (five): packing it is one permutation per wire register, of two struct
 * registers side by side.  The operations, at AVX-512F:
 *   v512_load_items_u32  struct register r of a block (words 16r ..);
 *   v512_pack_put5_u32   the block's five wire registers, each from two
 *                        struct registers side by side (VPERMT2D, its
 *                        index a constant of the register), stored as
 *                        little-endian bytes (plain, aligned or
 *                        non-temporal stores).
 * Their contracts speak of item_word, a struct word's value from the
 * item's fields, and LANE_WIRE_SRC, the struct word a wire word comes
 * from; that the 16 items' bytes are item_bytes is WP's to prove
 * (src/items_x86.c), from these alone.  Packing and storing are one
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

/* F(k, ...) for each lane k of 16, as one conjunction. */
#define LANE_EACH4(F, k, ...)                                                              \
    F(k, __VA_ARGS__) && F((k) + 1, __VA_ARGS__) && F((k) + 2, __VA_ARGS__) &&              \
        F((k) + 3, __VA_ARGS__)
#define LANE_EACH16(F, ...)                                                                \
    LANE_EACH4(F, 0, __VA_ARGS__) && LANE_EACH4(F, 4, __VA_ARGS__) &&                       \
        LANE_EACH4(F, 8, __VA_ARGS__) && LANE_EACH4(F, 12, __VA_ARGS__)

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

#if LEPACK_LANE_MODEL && !defined(__FRAMAC__)
#include <string.h>

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
LANE_OP_512 __m512i v512_pack_idx_u32(unsigned j)
{
#define LANE_PACK_I(k) ((int)LANE_PACK_IDX(j, k))
    return _mm512_set_epi32(LANE_PACK_I(15), LANE_PACK_I(14), LANE_PACK_I(13), LANE_PACK_I(12),
                            LANE_PACK_I(11), LANE_PACK_I(10), LANE_PACK_I(9), LANE_PACK_I(8),
                            LANE_PACK_I(7), LANE_PACK_I(6), LANE_PACK_I(5), LANE_PACK_I(4),
                            LANE_PACK_I(3), LANE_PACK_I(2), LANE_PACK_I(1), LANE_PACK_I(0));
#undef LANE_PACK_I
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
/* Wire register j from struct registers a and b, its words at p[o ..]
 * (C form). */
static inline void lane_pack_put(uint8_t *p, size_t o, v512_u32 a, v512_u32 b, unsigned j)
{
    for (unsigned l = 0; l < 16; l++) {
        unsigned s = LANE_PACK_IDX(j, l);
        uint32_t w = s < 16 ? a.l[s] : b.l[s - 16];
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
    lane_pack_put(p, o, r0, r1, 0);
    lane_pack_put(p, o + 64, r1, r2, 1);
    lane_pack_put(p, o + 128, r2, r3, 2);
    lane_pack_put(p, o + 192, r3, r4, 3);
    lane_pack_put(p, o + 256, r4, r5, 4);
})
#endif
#endif
#endif
