/* SPDX-License-Identifier: Apache-2.0 */
/* The halves of a 256-bit register of 16-bit lanes (internal, not
 * installed API; src/lane/types.h says how the lane operations are
 * written): a kernel that tests 16 units at once and stores 8 at a time. */
#ifndef LEPACK_LANE_HALF_H
#define LEPACK_LANE_HALF_H

#include "types.h"

#if LEPACK_LANES

/* vmovdqa of the low 128 bits (no instruction at all, mostly): lane t of
 * v, for t < 8. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v128_u16 v256_low_u16(v256_u16 v)
{
    return _mm256_castsi256_si128(v);
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \forall integer t; 0 <= t < 8 ==> \result.l[t] == v.l[t]; */
LANE_OP_256 v128_u16 v256_low_u16(v256_u16 v) LANE_C_FORM({
    v128_u16 r;
    for (size_t t = 0; t < 8; t++)
        r.l[t] = v.l[t];
    return r;
})
#endif

/* vextracti128 of the high 128 bits: lane 8 + t of v, for t < 8. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v128_u16 v256_high_u16(v256_u16 v)
{
    return _mm256_extracti128_si256(v, 1);
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \forall integer t; 0 <= t < 8 ==> \result.l[t] == v.l[8 + t]; */
LANE_OP_256 v128_u16 v256_high_u16(v256_u16 v) LANE_C_FORM({
    v128_u16 r;
    for (size_t t = 0; t < 8; t++)
        r.l[t] = v.l[8 + t];
    return r;
})
#endif

#endif
#endif
