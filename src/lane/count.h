/* SPDX-License-Identifier: Apache-2.0 */
/* Counting and classifying 16-bit lanes: how many units are above a bound,
 * and whether any is a surrogate (internal, not installed API;
 * src/lane/types.h says how the lane operations are written).
 *
 * A count is stated as a sum over the lanes (lanes_above8 to 32: lane by
 * lane, from lane 0), which a kernel's lemma carries over to its units one
 * lane at a time. */
#ifndef LEPACK_LANE_COUNT_H
#define LEPACK_LANE_COUNT_H

#include "types.h"

#if LEPACK_LANES

/*@ logic integer lanes_above8(v128_u16 v, integer b, integer t) =
      t <= 0 ? 0 : lanes_above8(v, b, t - 1) + (v.l[t - 1] > b ? 1 : 0);
    logic integer lanes_above16(v256_u16 v, integer b, integer t) =
      t <= 0 ? 0 : lanes_above16(v, b, t - 1) + (v.l[t - 1] > b ? 1 : 0); */

/* The lanes of r (of `width`) above b (C form). */
#define LANE_COUNT_ABOVE_U16(r, b, width)                                                  \
    do {                                                                                   \
        size_t c = 0;                                                                      \
        for (size_t t = 0; t < (width); t++)                                               \
            c += (r).l[t] > (b);                                                           \
        return c;                                                                          \
    } while (0)

/* Whether a lane of r (of `width`) is in 0xD800..0xDFFF (C form). */
#define LANE_ANY_SURROGATE_U16(r, width)                                                   \
    do {                                                                                   \
        for (size_t t = 0; t < (width); t++)                                               \
            if ((r).l[t] >= 0xD800 && (r).l[t] <= 0xDFFF)                                  \
                return 1;                                                                  \
        return 0;                                                                          \
    } while (0)

/* pxor with 0x8000 in both operands, pcmpgtw (signed, so unsigned after
 * the bias), pmovmskb and a bit count halved (two mask bits a lane): the
 * lanes above b. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 size_t v128_count_above_u16(v128_u16 v, unsigned b)
{
    const __m128i bias = _mm_set1_epi16((short)0x8000);
    __m128i gt = _mm_cmpgt_epi16(_mm_xor_si128(v, bias), _mm_set1_epi16((short)(uint16_t)(b ^ 0x8000u)));
    return (size_t)((unsigned)__builtin_popcount((unsigned)_mm_movemask_epi8(gt)) / 2);
}
#else
/*@ requires b <= 0xFFFF;
    assigns \nothing;
    exits \false;
    ensures \result == lanes_above8(v, b, 8); */
LANE_OP_128 size_t v128_count_above_u16(v128_u16 v, unsigned b) LANE_C_FORM({
    LANE_COUNT_ABOVE_U16(v, b, 8);
})
#endif

/* The same for 16 lanes: vpxor, vpcmpgtw, vpmovmskb, a bit count halved. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 size_t v256_count_above_u16(v256_u16 v, unsigned b)
{
    const __m256i bias = _mm256_set1_epi16((short)0x8000);
    __m256i gt = _mm256_cmpgt_epi16(_mm256_xor_si256(v, bias),
                                    _mm256_set1_epi16((short)(uint16_t)(b ^ 0x8000u)));
    return (size_t)((unsigned)__builtin_popcount((unsigned)_mm256_movemask_epi8(gt)) / 2);
}
#else
/*@ requires b <= 0xFFFF;
    assigns \nothing;
    exits \false;
    ensures \result == lanes_above16(v, b, 16); */
LANE_OP_256 size_t v256_count_above_u16(v256_u16 v, unsigned b) LANE_C_FORM({
    LANE_COUNT_ABOVE_U16(v, b, 16);
})
#endif

/* pand with 0xF800, pcmpeqw with 0xD800, pmovmskb: 1 when a lane is a
 * surrogate, else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 int v128_any_surrogate_u16(v128_u16 v)
{
    __m128i sur = _mm_cmpeq_epi16(_mm_and_si128(v, _mm_set1_epi16((short)0xF800)),
                                  _mm_set1_epi16((short)0xD800));
    return _mm_movemask_epi8(sur) != 0;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result == 0 <==> (\forall integer t; 0 <= t < 8 ==> !(0xD800 <= v.l[t] <= 0xDFFF)); */
LANE_OP_128 int v128_any_surrogate_u16(v128_u16 v) LANE_C_FORM({
    LANE_ANY_SURROGATE_U16(v, 8);
})
#endif

/* vpand, vpcmpeqw and vptest: 1 when a lane of the 16 is a surrogate. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 int v256_any_surrogate_u16(v256_u16 v)
{
    __m256i sur = _mm256_cmpeq_epi16(_mm256_and_si256(v, _mm256_set1_epi16((short)0xF800)),
                                     _mm256_set1_epi16((short)0xD800));
    return !_mm256_testz_si256(sur, sur);
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result == 0 <==> (\forall integer t; 0 <= t < 16 ==> !(0xD800 <= v.l[t] <= 0xDFFF)); */
LANE_OP_256 int v256_any_surrogate_u16(v256_u16 v) LANE_C_FORM({
    LANE_ANY_SURROGATE_U16(v, 16);
})
#endif


/*@ logic integer lanes_above32(v512_u16 v, integer b, integer t) =
      t <= 0 ? 0 : lanes_above32(v, b, t - 1) + (v.l[t - 1] > b ? 1 : 0); */

/* The lanes above b among the first m of 32: vpcmpuw under the mask of
 * lanes 0 .. m - 1 (bzhi), and a bit count. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW size_t v512_count_above_first_u16(v512_u16 v, unsigned b, size_t m)
{
    __mmask32 live = (__mmask32)_bzhi_u32(~0u, (unsigned)m);
    __mmask32 gt = _mm512_mask_cmpgt_epu16_mask(live, v, _mm512_set1_epi16((short)(uint16_t)b));
    return (size_t)(unsigned)__builtin_popcount((unsigned)gt);
}
#else
/*@ requires b <= 0xFFFF && m <= 32;
    assigns \nothing;
    exits \false;
    ensures \result == lanes_above32(v, b, m); */
LANE_OP_512BW size_t v512_count_above_first_u16(v512_u16 v, unsigned b, size_t m) LANE_C_FORM({
    LANE_COUNT_ABOVE_U16(v, b, m);
})
#endif

#endif
#endif
