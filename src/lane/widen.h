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

/* punpcklbw and punpckhbw with zero, and two movdqu: d[q + t] is lane t,
 * for the 16 lanes. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_store_widen_u8(uint16_t *d, size_t q, v128_u8 v)
{
    const __m128i zero = _mm_setzero_si128();
    _mm_storeu_si128((__m128i *)(void *)(d + q), _mm_unpacklo_epi8(v, zero));
    _mm_storeu_si128((__m128i *)(void *)(d + q + 8), _mm_unpackhi_epi8(v, zero));
}
#else
/*@ requires \valid(d + (q .. q + 15));
    assigns d[q .. q + 15];
    exits \false;
    ensures \forall integer x; q <= x < q + 16 ==> d[x] == v.l[x - q]; */
LANE_OP_128 void v128_store_widen_u8(uint16_t *d, size_t q, v128_u8 v) LANE_C_FORM({
    for (size_t t = 0; t < 16; t++)
        d[q + t] = v.l[t];
})
#endif

/* vpmovzxbw of each half of v, and two vmovdqu: d[q + t] is lane t, for
 * the 32 lanes. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 void v256_store_widen_u8(uint16_t *d, size_t q, v256_u8 v)
{
    _mm256_storeu_si256((__m256i *)(void *)(d + q),
                        _mm256_cvtepu8_epi16(_mm256_castsi256_si128(v)));
    _mm256_storeu_si256((__m256i *)(void *)(d + q + 16),
                        _mm256_cvtepu8_epi16(_mm256_extracti128_si256(v, 1)));
}
#else
/*@ requires \valid(d + (q .. q + 31));
    assigns d[q .. q + 31];
    exits \false;
    ensures \forall integer x; q <= x < q + 32 ==> d[x] == v.l[x - q]; */
LANE_OP_256 void v256_store_widen_u8(uint16_t *d, size_t q, v256_u8 v) LANE_C_FORM({
    for (size_t t = 0; t < 32; t++)
        d[q + t] = v.l[t];
})
#endif

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
