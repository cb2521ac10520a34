/* SPDX-License-Identifier: Apache-2.0 */
/* The forms of UTF-16 to UTF-8 that need no byte shuffle (internal, not
 * installed API; src/lane/types.h says how the lane operations are
 * written): 16 ASCII units, 8 units of two bytes each, 4 or 8 surrogate
 * pairs, the tests also on 16 units at once.  Each form is a test of the
 * lanes and a store of their bytes; a store's contract is stated for the
 * lanes its test passes, the only ones a kernel stores (its `requires`),
 * and tests/check_models.c runs it on every such lane value.
 *
 * A store's bytes are stated at absolute positions, d[p + ...], as those
 * of narrow.h; the pairs' four bytes one pair at a time, so that no lane
 * index is computed. */
#ifndef LEPACK_LANE_ENCODE_H
#define LEPACK_LANE_ENCODE_H

#include "../utf8_spec.h" /* is_high, is_low */
#include "types.h"

#if LEPACK_LANES

/*@ // packuswb: a 16-bit lane read as signed, saturated to a byte.
    logic integer lane_sat8(integer u) = u >= 0x8000 ? 0 : u > 0xFF ? 0xFF : u;

    // The four bytes of a supplementary code point, from d[o] on.
    predicate four_bytes_at{L}(uint8_t *d, integer o, integer cp) =
      d[o] == 0xF0 + cp / 262144 && d[o + 1] == 0x80 + cp / 4096 % 64 &&
      d[o + 2] == 0x80 + cp / 64 % 64 && d[o + 3] == 0x80 + cp % 64;

    // Lanes 2t and 2t + 1 are a pair (high, low), for t < 4.
    predicate lanes_pairs8(v128_u16 v) =
      is_high(v.l[0]) && is_low(v.l[1]) && is_high(v.l[2]) && is_low(v.l[3]) &&
      is_high(v.l[4]) && is_low(v.l[5]) && is_high(v.l[6]) && is_low(v.l[7]);

    // The same for the 16 lanes of a 256-bit register (t < 8).
    predicate lanes_pairs16(v256_u16 v) =
      is_high(v.l[0]) && is_low(v.l[1]) && is_high(v.l[2]) && is_low(v.l[3]) &&
      is_high(v.l[4]) && is_low(v.l[5]) && is_high(v.l[6]) && is_low(v.l[7]) &&
      is_high(v.l[8]) && is_low(v.l[9]) && is_high(v.l[10]) && is_low(v.l[11]) &&
      is_high(v.l[12]) && is_low(v.l[13]) && is_high(v.l[14]) && is_low(v.l[15]); */

/* por, pand with 0xFF80, pcmpeqw with zero, pmovmskb: 1 when every lane
 * of a and b is below 0x80, else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 int v128_ascii2_u16(v128_u16 a, v128_u16 b)
{
    __m128i high = _mm_and_si128(_mm_or_si128(a, b), _mm_set1_epi16((short)0xFF80));
    return _mm_movemask_epi8(_mm_cmpeq_epi16(high, _mm_setzero_si128())) == 0xFFFF;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> (\forall integer t; 0 <= t < 8 ==> a.l[t] < 0x80 && b.l[t] < 0x80); */
LANE_OP_128 int v128_ascii2_u16(v128_u16 a, v128_u16 b) LANE_C_FORM({
    for (size_t t = 0; t < 8; t++)
        if (a.l[t] >= 0x80 || b.l[t] >= 0x80)
            return 0;
    return 1;
})
#endif

/* vptest with 0xFF80 in every lane: 1 when each of the 16 lanes is below
 * 0x80, else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 int v256_ascii_u16(v256_u16 v)
{
    return _mm256_testz_si256(v, _mm256_set1_epi16((short)0xFF80));
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> (\forall integer t; 0 <= t < 16 ==> v.l[t] < 0x80); */
LANE_OP_256 int v256_ascii_u16(v256_u16 v) LANE_C_FORM({
    for (size_t t = 0; t < 16; t++)
        if (v.l[t] >= 0x80)
            return 0;
    return 1;
})
#endif

/* packuswb of a then b, and a 16-byte store: d[p + t] is lane t of a,
 * d[p + 8 + t] lane t of b, each saturated to a byte. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_store_pack_u16(uint8_t *d, size_t p, v128_u16 a, v128_u16 b)
{
    _mm_storeu_si128((__m128i *)(void *)(d + p), _mm_packus_epi16(a, b));
}
#else
/*@ requires \valid(d + (p .. p + 15));
    assigns d[p .. p + 15];
    exits \false;
    ensures \forall integer x; p <= x < p + 8 ==> d[x] == lane_sat8(a.l[x - p]);
    ensures \forall integer x; p + 8 <= x < p + 16 ==> d[x] == lane_sat8(b.l[x - p - 8]); */
LANE_OP_128 void v128_store_pack_u16(uint8_t *d, size_t p, v128_u16 a, v128_u16 b) LANE_C_FORM({
    for (size_t t = 0; t < 8; t++) {
        d[p + t] = (uint8_t)(a.l[t] >= 0x8000 ? 0 : a.l[t] > 0xFF ? 0xFF : a.l[t]);
        d[p + 8 + t] = (uint8_t)(b.l[t] >= 0x8000 ? 0 : b.l[t] > 0xFF ? 0xFF : b.l[t]);
    }
})
#endif

/* psubw 0x80, pxor 0x8000, pcmpgtw, pmovmskb: 1 when every lane is in
 * 0x80 .. 0x7FF (two bytes of UTF-8 each), else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 int v128_two_byte_u16(v128_u16 a)
{
    __m128i off = _mm_sub_epi16(a, _mm_set1_epi16(0x80));
    __m128i big = _mm_cmpgt_epi16(_mm_xor_si128(off, _mm_set1_epi16((short)0x8000)),
                                  _mm_set1_epi16((short)(0x8000 + 0x780 - 1)));
    return _mm_movemask_epi8(big) == 0;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> (\forall integer t; 0 <= t < 8 ==> 0x80 <= a.l[t] < 0x800); */
LANE_OP_128 int v128_two_byte_u16(v128_u16 a) LANE_C_FORM({
    for (size_t t = 0; t < 8; t++)
        if (a.l[t] < 0x80 || a.l[t] >= 0x800)
            return 0;
    return 1;
})
#endif

/* psrlw, pand, por and psllw: each lane's lead and continuation byte side
 * by side, and a 16-byte store: d[p + 2t] and d[p + 2t + 1] are lane t's
 * two bytes. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_store_two_byte_u16(uint8_t *d, size_t p, v128_u16 a)
{
    __m128i lead = _mm_or_si128(_mm_srli_epi16(a, 6), _mm_set1_epi16(0xC0));
    __m128i cont = _mm_or_si128(_mm_and_si128(a, _mm_set1_epi16(0x3F)), _mm_set1_epi16(0x80));
    _mm_storeu_si128((__m128i *)(void *)(d + p), _mm_or_si128(lead, _mm_slli_epi16(cont, 8)));
}
#else
/*@ requires \valid(d + (p .. p + 15));
    requires \forall integer t; 0 <= t < 8 ==> 0x80 <= a.l[t] < 0x800;
    assigns d[p .. p + 15];
    exits \false;
    ensures \forall integer t; 0 <= t < 8 ==> d[p + 2 * t] == 0xC0 + a.l[t] / 64;
    ensures \forall integer t; 0 <= t < 8 ==> d[p + 2 * t + 1] == 0x80 + a.l[t] % 64; */
LANE_OP_128 void v128_store_two_byte_u16(uint8_t *d, size_t p, v128_u16 a) LANE_C_FORM({
    for (size_t t = 0; t < 8; t++) {
        d[p + 2 * t] = (uint8_t)(0xC0 + a.l[t] / 64);
        d[p + 2 * t + 1] = (uint8_t)(0x80 + a.l[t] % 64);
    }
})
#endif

/* pand with 0xFC00FC00, pcmpeqd with 0xDC00D800, pmovmskb: 1 when the 8
 * lanes are 4 pairs, each a high then a low surrogate, else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 int v128_pairs_u16(v128_u16 a)
{
    __m128i t = _mm_and_si128(a, _mm_set1_epi32((int)0xFC00FC00u));
    return _mm_movemask_epi8(_mm_cmpeq_epi32(t, _mm_set1_epi32((int)0xDC00D800u))) == 0xFFFF;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> lanes_pairs8(a); */
LANE_OP_128 int v128_pairs_u16(v128_u16 a) LANE_C_FORM({
    for (size_t t = 0; t < 8; t += 2)
        if (a.l[t] < 0xD800 || a.l[t] > 0xDBFF || a.l[t + 1] < 0xDC00 || a.l[t + 1] > 0xDFFF)
            return 0;
    return 1;
})
#endif

/* vpand with 0xFC00FC00, vpcmpeqd with 0xDC00D800, vpmovmskb: 1 when the
 * 16 lanes are 8 pairs, each a high then a low surrogate, else 0. */
#if LEPACK_LANE_INTRIN
LANE_OP_256 int v256_pairs_u16(v256_u16 v)
{
    __m256i t = _mm256_and_si256(v, _mm256_set1_epi32((int)0xFC00FC00u));
    __m256i ok = _mm256_cmpeq_epi32(t, _mm256_set1_epi32((int)0xDC00D800u));
    return (unsigned)_mm256_movemask_epi8(ok) == 0xFFFFFFFFu;
}
#else
/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> lanes_pairs16(v); */
LANE_OP_256 int v256_pairs_u16(v256_u16 v) LANE_C_FORM({
    for (size_t t = 0; t < 16; t += 2)
        if (v.l[t] < 0xD800 || v.l[t] > 0xDBFF || v.l[t + 1] < 0xDC00 || v.l[t + 1] > 0xDFFF)
            return 0;
    return 1;
})
#endif

/* The code point of each pair in its 32-bit lane (pslld, paddd), its four
 * bytes (psrld, pand, por, pslld), and a 16-byte store: d[p + 4t ..] are
 * the four bytes of pair t. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_store_pairs_u16(uint8_t *d, size_t p, v128_u16 a)
{
    const __m128i m3f = _mm_set1_epi32(0x3F), m80 = _mm_set1_epi32(0x80);
    __m128i hi = _mm_and_si128(a, _mm_set1_epi32(0xFFFF));
    __m128i lo = _mm_srli_epi32(a, 16);
    /* cp = 0x10000 + (hi - 0xD800) * 1024 + (lo - 0xDC00) */
    __m128i cp = _mm_add_epi32(_mm_add_epi32(_mm_slli_epi32(hi, 10), lo),
                               _mm_set1_epi32(0x10000 - 0xD800 * 1024 - 0xDC00));
    __m128i b0 = _mm_or_si128(_mm_srli_epi32(cp, 18), _mm_set1_epi32(0xF0));
    __m128i b1 = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(cp, 12), m3f), m80);
    __m128i b2 = _mm_or_si128(_mm_and_si128(_mm_srli_epi32(cp, 6), m3f), m80);
    __m128i b3 = _mm_or_si128(_mm_and_si128(cp, m3f), m80);
    _mm_storeu_si128((__m128i *)(void *)(d + p),
                     _mm_or_si128(_mm_or_si128(b0, _mm_slli_epi32(b1, 8)),
                                  _mm_or_si128(_mm_slli_epi32(b2, 16), _mm_slli_epi32(b3, 24))));
}
#else
/*@ requires \valid(d + (p .. p + 15));
    requires lanes_pairs8(a);
    assigns d[p .. p + 15];
    exits \false;
    ensures four_bytes_at(d, p, pair_cp(a.l[0], a.l[1]));
    ensures four_bytes_at(d, p + 4, pair_cp(a.l[2], a.l[3]));
    ensures four_bytes_at(d, p + 8, pair_cp(a.l[4], a.l[5]));
    ensures four_bytes_at(d, p + 12, pair_cp(a.l[6], a.l[7])); */
LANE_OP_128 void v128_store_pairs_u16(uint8_t *d, size_t p, v128_u16 a) LANE_C_FORM({
    for (size_t t = 0; t < 8; t += 2) {
        uint32_t cp = 0x10000u + (a.l[t] - 0xD800u) * 1024u + (a.l[t + 1] - 0xDC00u);
        d[p + 2 * t] = (uint8_t)(0xF0 + cp / 262144);
        d[p + 2 * t + 1] = (uint8_t)(0x80 + cp / 4096 % 64);
        d[p + 2 * t + 2] = (uint8_t)(0x80 + cp / 64 % 64);
        d[p + 2 * t + 3] = (uint8_t)(0x80 + cp % 64);
    }
})
#endif

/* Two registers of 4 pairs each through v128_store_pairs_u16, one after
 * the other: d[p + 4t ..] are the four bytes of pair t of a, d[p + 16 +
 * 4t ..] those of pair t of b. */
#if LEPACK_LANE_INTRIN
LANE_OP_128 void v128_store_pairs2_u16(uint8_t *d, size_t p, v128_u16 a, v128_u16 b)
{
    v128_store_pairs_u16(d, p, a);
    v128_store_pairs_u16(d, p + 16, b);
}
#else
/*@ requires \valid(d + (p .. p + 31));
    requires lanes_pairs8(a) && lanes_pairs8(b);
    assigns d[p .. p + 31];
    exits \false;
    ensures four_bytes_at(d, p, pair_cp(a.l[0], a.l[1]));
    ensures four_bytes_at(d, p + 4, pair_cp(a.l[2], a.l[3]));
    ensures four_bytes_at(d, p + 8, pair_cp(a.l[4], a.l[5]));
    ensures four_bytes_at(d, p + 12, pair_cp(a.l[6], a.l[7]));
    ensures four_bytes_at(d, p + 16, pair_cp(b.l[0], b.l[1]));
    ensures four_bytes_at(d, p + 20, pair_cp(b.l[2], b.l[3]));
    ensures four_bytes_at(d, p + 24, pair_cp(b.l[4], b.l[5]));
    ensures four_bytes_at(d, p + 28, pair_cp(b.l[6], b.l[7])); */
LANE_OP_128 void v128_store_pairs2_u16(uint8_t *d, size_t p, v128_u16 a, v128_u16 b) LANE_C_FORM({
    v128_store_pairs_u16(d, p, a);
    v128_store_pairs_u16(d, p + 16, b);
})
#endif

#endif
#endif
