/* SPDX-License-Identifier: Apache-2.0 */
/* Loads of byte lanes (internal, not installed API; src/lane/types.h says
 * how the lane operations are written).
 *
 * A load's lanes are stated at absolute positions, s[i + t] for the s and
 * i the kernel keeps, as the stores of stream.h are: over a shifted
 * pointer ((s + i)[t]) the provers did not match them with a kernel's
 * s[k].  The unaligned forms: any address will do. */
#ifndef LEPACK_LANE_LOAD_H
#define LEPACK_LANE_LOAD_H

#include "types.h"

#if LEPACK_LANES

/* The lanes of a register of `width` lanes from s[i ..] (C form). */
#define LANE_GET(r, s, i, width)                                                        \
    do {                                                                                   \
        for (size_t t = 0; t < (width); t++)                                               \
            (r).l[t] = (s)[(i) + t];                                                       \
    } while (0)

/* movdqu: lane t is s[i + t]. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 v128_u8 v128_load_u8(const uint8_t *s, size_t i)
{
    return _mm_loadu_si128((const __m128i *)(const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 15));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 16 ==> \result.l[k - i] == s[k]; */
LANE_OP_128 v128_u8 v128_load_u8(const uint8_t *s, size_t i) LANE_C_FORM({
    v128_u8 r;
    LANE_GET(r, s, i, 16);
    return r;
})
#endif

/* vmovdqu (256 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v256_u8 v256_load_u8(const uint8_t *s, size_t i)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 31));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 32 ==> \result.l[k - i] == s[k]; */
LANE_OP_256 v256_u8 v256_load_u8(const uint8_t *s, size_t i) LANE_C_FORM({
    v256_u8 r;
    LANE_GET(r, s, i, 32);
    return r;
})
#endif

/* vmovdqu8 (512 bits). */
#if LEPACK_LANE_INTRIN
LANE_OP_512 v512_u8 v512_load_u8(const uint8_t *s, size_t i)
{
    return _mm512_loadu_si512((const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 63));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 64 ==> \result.l[k - i] == s[k]; */
LANE_OP_512 v512_u8 v512_load_u8(const uint8_t *s, size_t i) LANE_C_FORM({
    v512_u8 r;
    LANE_GET(r, s, i, 64);
    return r;
})
#endif

/* vmovdqu8 under the mask of the first n lanes, the others zeroed: lane t
 * is s[i + t] for t < n, else 0.  Nothing past s[i + n - 1] is read (the
 * masked lanes do not fault), so a string's last bytes load as one block. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW v512_u8 v512_load_first_u8(const uint8_t *s, size_t i, size_t n)
{
    return _mm512_maskz_loadu_epi8(_bzhi_u64(~0ull, (unsigned)n), s + i);
}
#else
/*@ requires n <= 64 && \valid_read(s + (i .. i + n - 1));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + n ==> \result.l[k - i] == s[k];
    ensures \forall integer t; n <= t < 64 ==> \result.l[t] == 0; */
LANE_OP_512BW v512_u8 v512_load_first_u8(const uint8_t *s, size_t i, size_t n) LANE_C_FORM({
    v512_u8 r;
    for (size_t t = 0; t < 64; t++)
        r.l[t] = t < n ? s[i + t] : 0;
    return r;
})
#endif

/* vmovdqu16 (512 bits): lane t is s[i + t], for 32 units. */
#if LEPACK_LANE_INTRIN
LANE_OP_512 v512_u16 v512_load_u16(const uint16_t *s, size_t i)
{
    return _mm512_loadu_si512((const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 31));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 32 ==> \result.l[k - i] == s[k]; */
LANE_OP_512 v512_u16 v512_load_u16(const uint16_t *s, size_t i) LANE_C_FORM({
    v512_u16 r;
    LANE_GET(r, s, i, 32);
    return r;
})
#endif

/* movdqu of 8 units: lane t is s[i + t]. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 v128_u16 v128_load_u16(const uint16_t *s, size_t i)
{
    return _mm_loadu_si128((const __m128i *)(const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 7));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 8 ==> \result.l[k - i] == s[k]; */
LANE_OP_128 v128_u16 v128_load_u16(const uint16_t *s, size_t i) LANE_C_FORM({
    v128_u16 r;
    LANE_GET(r, s, i, 8);
    return r;
})
#endif

/* vmovdqu of 16 units. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 v256_u16 v256_load_u16(const uint16_t *s, size_t i)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)(s + i));
}
#else
/*@ requires \valid_read(s + (i .. i + 15));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + 16 ==> \result.l[k - i] == s[k]; */
LANE_OP_256 v256_u16 v256_load_u16(const uint16_t *s, size_t i) LANE_C_FORM({
    v256_u16 r;
    LANE_GET(r, s, i, 16);
    return r;
})
#endif

/* vmovdqu16 under the mask of the first n units (n <= 32), the others
 * zeroed; nothing past s[i + n - 1] is read. */
#if LEPACK_LANE_INTRIN
LANE_OP_512BW v512_u16 v512_load_first_u16(const uint16_t *s, size_t i, size_t n)
{
    return _mm512_maskz_loadu_epi16((__mmask32)_bzhi_u32(~0u, (unsigned)n), s + i);
}
#else
/*@ requires n <= 32 && \valid_read(s + (i .. i + n - 1));
    assigns \nothing;
    exits \false;
    ensures \forall integer k; i <= k < i + n ==> \result.l[k - i] == s[k];
    ensures \forall integer t; n <= t < 32 ==> \result.l[t] == 0; */
LANE_OP_512BW v512_u16 v512_load_first_u16(const uint16_t *s, size_t i, size_t n) LANE_C_FORM({
    v512_u16 r;
    for (size_t t = 0; t < 32; t++)
        r.l[t] = t < n ? s[i + t] : 0;
    return r;
})
#endif

#endif
#endif
