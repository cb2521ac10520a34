/* SPDX-License-Identifier: Apache-2.0 */
/* 16-bit lanes stored as bytes: ASCII units as UTF-8 (internal, not
 * installed API; src/lane/types.h says how the lane operations are
 * written).
 *
 * Each unit keeps its low byte (vpmovwb truncates), which is the unit
 * itself when it is ASCII.  Lanes are stated at absolute positions,
 * d[p + t], as in load.h. */
#ifndef LEPACK_LANE_NARROW_H
#define LEPACK_LANE_NARROW_H

#include "types.h"

#if LEPACK_LANES

/* vpmovwb and a 256-bit vmovdqu8: d[p + t] is the low byte of lane t, for
 * the 32 lanes. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW void v512_store_narrow_u16(uint8_t *d, size_t p, v512_u16 v)
{
    _mm256_storeu_si256((__m256i *)(void *)(d + p), _mm512_cvtepi16_epi8(v));
}
#else
/*@ requires \valid(d + (p .. p + 31));
    assigns d[p .. p + 31];
    exits \false;
    ensures \forall integer x; p <= x < p + 32 ==> d[x] == v.l[x - p] % 256; */
LANE_OP_512BW void v512_store_narrow_u16(uint8_t *d, size_t p, v512_u16 v) LANE_C_FORM({
    for (size_t t = 0; t < 32; t++)
        d[p + t] = (uint8_t)(v.l[t] % 256);
})
#endif

/* The same under the mask of the first k lanes (k <= 32): d[p + t] is the
 * low byte of lane t for t < k, and nothing else is written. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW void v512_store_narrow_first_u16(uint8_t *d, size_t p, v512_u16 v, size_t k)
{
    _mm256_mask_storeu_epi8(d + p, (__mmask32)_bzhi_u32(~0u, (unsigned)k),
                            _mm512_cvtepi16_epi8(v));
}
#else
/*@ requires k <= 32 && \valid(d + (p .. p + k - 1));
    assigns d[p .. p + k - 1];
    exits \false;
    ensures \forall integer x; p <= x < p + k ==> d[x] == v.l[x - p] % 256; */
LANE_OP_512BW void v512_store_narrow_first_u16(uint8_t *d, size_t p, v512_u16 v, size_t k)
    LANE_C_FORM({
        for (size_t t = 0; t < k; t++)
            d[p + t] = (uint8_t)(v.l[t] % 256);
    })
#endif

#endif
#endif
