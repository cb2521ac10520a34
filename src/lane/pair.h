/* SPDX-License-Identifier: Apache-2.0 */
/* Surrogate pairs across 16-bit lanes: whether every surrogate of a
 * register has its other half beside it (internal, not installed API;
 * src/lane/types.h says how the lane operations are written).
 *
 * In a run of such lanes each unit's share of the UTF-8 output depends on
 * its own value only (a half of a pair takes two bytes, as any unit from
 * 0x80 to 0x7FF does), so the run's length is a sum of lane counts. */
#ifndef LEPACK_LANE_PAIR_H
#define LEPACK_LANE_PAIR_H

#include "types.h"

#if LEPACK_LANES

/* Among lanes 0 .. m - 1, every high surrogate is followed by a low one
 * and every low one follows a high one. */
/*@ predicate lanes_paired32(v512_u16 v, integer m) =
      \forall integer t; 0 <= t < m ==>
        (0xD800 <= v.l[t] <= 0xDBFF ==> t + 1 < m && 0xDC00 <= v.l[t + 1] <= 0xDFFF) &&
        (0xDC00 <= v.l[t] <= 0xDFFF ==> 0 < t && 0xD800 <= v.l[t - 1] <= 0xDBFF); */

/* vpandd with 0xFC00, vpcmpeqw with 0xD800 and with 0xDC00 (the masks of
 * the highs and of the lows), the highs' mask a lane up against the lows':
 * the lanes, from lane 0, whose surrogates all pair inside them.  32; or
 * 31 when lane 31 is a high (its low, if any, is the next block's first
 * unit); or 0 when a high lacks its low or a low its high. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW size_t v512_paired_lanes_u16(v512_u16 v)
{
    __m512i top6 = _mm512_and_si512(v, _mm512_set1_epi16((short)0xFC00));
    uint32_t high = _mm512_cmpeq_epi16_mask(top6, _mm512_set1_epi16((short)0xD800));
    uint32_t low = _mm512_cmpeq_epi16_mask(top6, _mm512_set1_epi16((short)0xDC00));
    if ((high & 0x7FFFFFFFu) << 1 != low) /* lane 31's high has no low inside */
        return 0;
    return 32 - (size_t)(high >> 31);
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 31 || \result == 32;
    ensures \result == 32 <==> lanes_paired32(v, 32);
    ensures \result == 31 <==> lanes_paired32(v, 31) && 0xD800 <= v.l[31] <= 0xDBFF; */
LANE_OP_512BW size_t v512_paired_lanes_u16(v512_u16 v) LANE_C_FORM({
    size_t m = 32 - (size_t)(v.l[31] >= 0xD800 && v.l[31] <= 0xDBFF);
    for (size_t t = 0; t < m; t++) {
        int high = v.l[t] >= 0xD800 && v.l[t] <= 0xDBFF;
        int low = v.l[t] >= 0xDC00 && v.l[t] <= 0xDFFF;
        if (high && !(t + 1 < m && v.l[t + 1] >= 0xDC00 && v.l[t + 1] <= 0xDFFF))
            return 0;
        if (low && !(t > 0 && v.l[t - 1] >= 0xD800 && v.l[t - 1] <= 0xDBFF))
            return 0;
    }
    return m;
})
#endif

#endif
#endif
