/* SPDX-License-Identifier: Apache-2.0 */
/* The high bit of byte lanes: where ASCII ends (internal, not installed
 * API; src/lane/types.h says how the lane operations are written).
 *
 * Each operation is the mask instruction and the bit count after it, so
 * that its contract names a lane, not a bit: a mask stated bit by bit
 * proved its own lane facts but did not reach the kernels' quantifiers,
 * while "the first lane at or above 0x80" chains. */
#ifndef LEPACK_LANE_SIGN_H
#define LEPACK_LANE_SIGN_H

#include "types.h"

#if LEPACK_LANES

/* The first lane of r (of `width`) at or above 0x80, or `width` (C form). */
#define LANE_FIRST_HIGH_U8(r, width)                                                       \
    do {                                                                                   \
        for (size_t t = 0; t < (width); t++)                                               \
            if ((r).l[t] >= 0x80)                                                          \
                return t;                                                                  \
        return (width);                                                                    \
    } while (0)

/* pmovmskb, then bsf over the mask with bit 16 set: the first lane at or
 * above 0x80, or 16 when there is none. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 size_t v128_first_high_u8(v128_u8 v)
{
    return (size_t)__builtin_ctz((unsigned)_mm_movemask_epi8(v) | 0x10000u);
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result <= 16;
    ensures \forall integer t; 0 <= t < \result ==> v.l[t] < 0x80;
    ensures \result < 16 ==> v.l[\result] >= 0x80; */
LANE_OP_128 size_t v128_first_high_u8(v128_u8 v) LANE_C_FORM({
    LANE_FIRST_HIGH_U8(v, 16);
})
#endif

/* vpmovmskb (256 bits), then bsf over the mask with bit 32 set: the first
 * lane at or above 0x80, or 32. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 size_t v256_first_high_u8(v256_u8 v)
{
    return (size_t)__builtin_ctzll((uint64_t)(uint32_t)_mm256_movemask_epi8(v) | (1ull << 32));
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result <= 32;
    ensures \forall integer t; 0 <= t < \result ==> v.l[t] < 0x80;
    ensures \result < 32 ==> v.l[\result] >= 0x80; */
LANE_OP_256 size_t v256_first_high_u8(v256_u8 v) LANE_C_FORM({
    LANE_FIRST_HIGH_U8(v, 32);
})
#endif

/* vpmovb2m, then tzcnt (64 for an empty mask): the first lane at or above
 * 0x80, or 64. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW size_t v512_first_high_u8(v512_u8 v)
{
    return (size_t)_tzcnt_u64(_mm512_movepi8_mask(v));
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result <= 64;
    ensures \forall integer t; 0 <= t < \result ==> v.l[t] < 0x80;
    ensures \result < 64 ==> v.l[\result] >= 0x80; */
LANE_OP_512BW size_t v512_first_high_u8(v512_u8 v) LANE_C_FORM({
    LANE_FIRST_HIGH_U8(v, 64);
})
#endif

/* vporq, then vpmovb2m and a test of the mask: 1 when no lane of a or b
 * is at or above 0x80 (two blocks are ASCII), else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW int v512_none_high2_u8(v512_u8 a, v512_u8 b)
{
    return _mm512_movepi8_mask(_mm512_or_si512(a, b)) == 0;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> (\forall integer t; 0 <= t < 64 ==> a.l[t] < 0x80 && b.l[t] < 0x80); */
LANE_OP_512BW int v512_none_high2_u8(v512_u8 a, v512_u8 b) LANE_C_FORM({
    for (size_t t = 0; t < 64; t++)
        if (a.l[t] >= 0x80 || b.l[t] >= 0x80)
            return 0;
    return 1;
})
#endif

/* vptestmw against 0xFF80 in every lane, and a test of the mask: 1 when
 * every unit is below 0x80 (ASCII), else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW int v512_none_high_u16(v512_u16 v)
{
    return _mm512_test_epi16_mask(v, _mm512_set1_epi16((short)0xFF80)) == 0;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result == 1 <==> (\forall integer t; 0 <= t < 32 ==> v.l[t] < 0x80); */
LANE_OP_512BW int v512_none_high_u16(v512_u16 v) LANE_C_FORM({
    for (size_t t = 0; t < 32; t++)
        if (v.l[t] >= 0x80)
            return 0;
    return 1;
})
#endif

#endif
#endif
