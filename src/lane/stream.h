/* SPDX-License-Identifier: Apache-2.0 */
/* Non-temporal stores and the fence that orders them (internal, not
 * installed API; src/lane/types.h says how the lane operations are
 * written).
 *
 * movntdq and its wider forms write whole lines around the caches; they
 * fault on an address that is not a multiple of their width, which every
 * contract below requires (src/lane/align.h).  A store's lanes are stated
 * at absolute positions, p[o + t] for a p the kernel keeps and an offset
 * o, so that they meet the kernel's own terms: stated over a shifted
 * pointer ((p + o)[t]) the provers did not match them with the kernel's
 * p[k].  They are weakly ordered: what C's memory model does not describe
 * is sfence's part, after which the stores are ordered before the
 * caller's next ones; its contract states only that it writes no memory. */
#ifndef LEPACK_LANE_STREAM_H
#define LEPACK_LANE_STREAM_H

#include "align.h"
#include "types.h"

#if LEPACK_LANES

/* The lanes of v at p[o .. o + width) (C form). */
#define LANE_PUT_U8(p, o, v, width)                                                        \
    do {                                                                                   \
        for (size_t t = 0; t < (width); t++)                                               \
            (p)[(o) + t] = (v).l[t];                                                       \
    } while (0)

/* movntdq: p[o + t] is lane t. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_stream_u8(uint8_t *p, size_t o, v128_u8 v)
{
    _mm_stream_si128((__m128i *)(void *)(p + o), v);
}
#else
/*@ requires \valid(p + (o .. o + 15));
    requires (lane_line_offset(p) + o) % 16 == 0;
    assigns p[o .. o + 15];
    exits \false;
    ensures \forall integer x; o <= x < o + 16 ==> p[x] == v.l[x - o]; */
LANE_OP_128 void v128_stream_u8(uint8_t *p, size_t o, v128_u8 v) LANE_C_FORM({
    LANE_PUT_U8(p, o, v, 16);
})
#endif

/* vmovntdq (256 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_256 void v256_stream_u8(uint8_t *p, size_t o, v256_u8 v)
{
    _mm256_stream_si256((__m256i *)(void *)(p + o), v);
}
#else
/*@ requires \valid(p + (o .. o + 31));
    requires (lane_line_offset(p) + o) % 32 == 0;
    assigns p[o .. o + 31];
    exits \false;
    ensures \forall integer x; o <= x < o + 32 ==> p[x] == v.l[x - o]; */
LANE_OP_256 void v256_stream_u8(uint8_t *p, size_t o, v256_u8 v) LANE_C_FORM({
    LANE_PUT_U8(p, o, v, 32);
})
#endif

/* vmovntdq (512 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_512 void v512_stream_u8(uint8_t *p, size_t o, v512_u8 v)
{
    _mm512_stream_si512((__m512i *)(void *)(p + o), v);
}
#else
/*@ requires \valid(p + (o .. o + 63));
    requires (lane_line_offset(p) + o) % 64 == 0;
    assigns p[o .. o + 63];
    exits \false;
    ensures \forall integer x; o <= x < o + 64 ==> p[x] == v.l[x - o]; */
LANE_OP_512 void v512_stream_u8(uint8_t *p, size_t o, v512_u8 v) LANE_C_FORM({
    LANE_PUT_U8(p, o, v, 64);
})
#endif

/* sfence. */
#if LEPACK_LANE_INTRIN
static inline __attribute__((always_inline)) void lane_sfence(void)
{
    _mm_sfence();
}
#else
/*@ assigns \nothing;
    exits \false; */
static inline void lane_sfence(void) LANE_C_FORM({})
#endif

#endif
#endif
