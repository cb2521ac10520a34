/* SPDX-License-Identifier: Apache-2.0 */
/* Byte lanes stored as 16-bit units: ASCII bytes as UTF-16 (internal, not
 * installed API; src/lane/types.h says how the lane operations are
 * written).
 *
 * Lanes are stated at absolute positions, d[q + t], as in load.h. */
#ifndef LEPACK_LANE_WIDEN_H
#define LEPACK_LANE_WIDEN_H

#include "types.h"

#if LEPACK_LANES

/* vpmovzxbw of each half of v, and two vmovdqu16: d[q + t] is lane t, for
 * the 64 lanes. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW void v512_store_widen_u8(uint16_t *d, size_t q, v512_u8 v)
{
    _mm512_storeu_si512((void *)(d + q), _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
    _mm512_storeu_si512((void *)(d + q + 32),
                        _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
}
#else
/*@ requires \valid(d + (q .. q + 63));
    assigns d[q .. q + 63];
    exits \false;
    ensures \forall integer x; q <= x < q + 64 ==> d[x] == v.l[x - q]; */
LANE_OP_512BW void v512_store_widen_u8(uint16_t *d, size_t q, v512_u8 v) LANE_C_FORM({
    for (size_t t = 0; t < 64; t++)
        d[q + t] = v.l[t];
})
#endif

/* The same under the mask of the first k lanes (k <= 64): d[q + t] is
 * lane t for t < k, and nothing else is written (the second store only
 * when k > 32, so that its address lies inside the range). */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW void v512_store_widen_first_u8(uint16_t *d, size_t q, v512_u8 v, size_t k)
{
    __mmask64 put = _bzhi_u64(~0ull, (unsigned)k);
    _mm512_mask_storeu_epi16(d + q, (__mmask32)put,
                             _mm512_cvtepu8_epi16(_mm512_castsi512_si256(v)));
    if (k > 32)
        _mm512_mask_storeu_epi16(d + q + 32, (__mmask32)(put >> 32),
                                 _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(v, 1)));
}
#else
/*@ requires k <= 64 && \valid(d + (q .. q + k - 1));
    assigns d[q .. q + k - 1];
    exits \false;
    ensures \forall integer x; q <= x < q + k ==> d[x] == v.l[x - q]; */
LANE_OP_512BW void v512_store_widen_first_u8(uint16_t *d, size_t q, v512_u8 v, size_t k)
    LANE_C_FORM({
        for (size_t t = 0; t < k; t++)
            d[q + t] = v.l[t];
    })
#endif

#endif
#endif
