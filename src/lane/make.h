/* SPDX-License-Identifier: Apache-2.0 */
/* Registers made from constants (internal, not installed API;
 * src/lane/types.h says how the lane operations are written). */
#ifndef LEPACK_LANE_MAKE_H
#define LEPACK_LANE_MAKE_H

#include "types.h"

#if LEPACK_LANES

/* pxor: every lane 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 v128_u8 v128_setzero_u8(void)
{
    return _mm_setzero_si128();
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \forall integer t; 0 <= t < 16 ==> \result.l[t] == 0; */
LANE_OP_128 v128_u8 v128_setzero_u8(void) LANE_C_FORM({
    v128_u8 r;
    for (int t = 0; t < 16; t++)
        r.l[t] = 0;
    return r;
})
#endif

/* vpxor (256 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v256_u8 v256_setzero_u8(void)
{
    return _mm256_setzero_si256();
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \forall integer t; 0 <= t < 32 ==> \result.l[t] == 0; */
LANE_OP_256 v256_u8 v256_setzero_u8(void) LANE_C_FORM({
    v256_u8 r;
    for (int t = 0; t < 32; t++)
        r.l[t] = 0;
    return r;
})
#endif

/* vpxord (512 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_512 v512_u8 v512_setzero_u8(void)
{
    return _mm512_setzero_si512();
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \forall integer t; 0 <= t < 64 ==> \result.l[t] == 0; */
LANE_OP_512 v512_u8 v512_setzero_u8(void) LANE_C_FORM({
    v512_u8 r;
    for (int t = 0; t < 64; t++)
        r.l[t] = 0;
    return r;
})
#endif

#endif
#endif
