/* SPDX-License-Identifier: Apache-2.0 */
/* UTF-16 to UTF-8 for 8 units of the Basic Multilingual Plane, each of 1,
 * 2 or 3 bytes in any order, through a table of byte shuffles (internal,
 * not installed API; src/lane/types.h says how the lane operations are
 * written).
 *
 * One operation, of the AVX2 encoder's mixed form: each unit's bytes in
 * its own 32-bit lane, then per half (4 units) a row of the table that
 * gathers them into a contiguous run, and two 16-byte stores.  Its
 * contract states every unit's bytes at its offset, the offsets being the
 * sums of the widths of the lanes before it (lanes_bmp_len), and the bytes
 * it may write past them (the second store's tail, at most 12).
 * tests/check_models.c runs it on every unit value in every lane and on
 * every arrangement of widths. */
#ifndef LEPACK_LANE_BMP_H
#define LEPACK_LANE_BMP_H

#include "types.h"

#if LEPACK_LANES

/*@ // The UTF-8 bytes of a unit below 0x10000, a surrogate read as any
    // other (the kernels test for surrogates first): how many, and byte c.
    logic integer bmp_w(integer u) = u < 0x80 ? 1 : u < 0x800 ? 2 : 3;
    logic integer bmp_byte(integer u, integer c) =
      u < 0x80 ? u :
      u < 0x800 ? (c == 0 ? 0xC0 + u / 64 : 0x80 + u % 64) :
      (c == 0 ? 0xE0 + u / 4096 : c == 1 ? 0x80 + u / 64 % 64 : 0x80 + u % 64);

    // The bytes of lanes 0 .. t-1 of h.
    logic integer lanes_bmp_len(v128_u16 h, integer t) =
      t <= 0 ? 0 : lanes_bmp_len(h, t - 1) + bmp_w(h.l[t - 1]);

    // d[o ..] holds the bytes of unit u.
    predicate bmp_bytes_at{L}(uint8_t *d, integer o, integer u) =
      d[o] == bmp_byte(u, 0) && (1 < bmp_w(u) ==> d[o + 1] == bmp_byte(u, 1)) &&
      (2 < bmp_w(u) ==> d[o + 2] == bmp_byte(u, 2)); */

#if LEPACK_LANE_INTRIN
/* Row m of the table (bit j: unit j >= 0x80, bit 4 + j: unit j >= 0x800)
 * gathers the bytes of four 32-bit lanes, each holding its unit's 1, 2 or
 * 3 bytes from its low end, into a contiguous run; its length is
 * bmp_len_table[m].  Built by the preprocessor, so that it is plain
 * constant data. */
#define BMP_LEN(m, j) (1 + (((m) >> (j)) & 1) + (((m) >> (4 + (j))) & 1))
#define BMP_OFF1(m) BMP_LEN(m, 0)
#define BMP_OFF2(m) (BMP_OFF1(m) + BMP_LEN(m, 1))
#define BMP_OFF3(m) (BMP_OFF2(m) + BMP_LEN(m, 2))
#define BMP_TOTAL(m) (BMP_OFF3(m) + BMP_LEN(m, 3))
#define BMP_SRC(m, k)                                                                      \
    ((k) < BMP_OFF1(m)    ? (k)                                                            \
     : (k) < BMP_OFF2(m)  ? 4 + (k)-BMP_OFF1(m)                                            \
     : (k) < BMP_OFF3(m)  ? 8 + (k)-BMP_OFF2(m)                                            \
     : (k) < BMP_TOTAL(m) ? 12 + (k)-BMP_OFF3(m)                                           \
                          : 0x80)
#define BMP_ROW(m)                                                                         \
    {BMP_SRC(m, 0),  BMP_SRC(m, 1),  BMP_SRC(m, 2),  BMP_SRC(m, 3),                        \
     BMP_SRC(m, 4),  BMP_SRC(m, 5),  BMP_SRC(m, 6),  BMP_SRC(m, 7),                        \
     BMP_SRC(m, 8),  BMP_SRC(m, 9),  BMP_SRC(m, 10), BMP_SRC(m, 11),                       \
     BMP_SRC(m, 12), BMP_SRC(m, 13), BMP_SRC(m, 14), BMP_SRC(m, 15)}
#define BMP_ROW4(m) BMP_ROW(m), BMP_ROW((m) + 1), BMP_ROW((m) + 2), BMP_ROW((m) + 3)
#define BMP_ROW16(m) BMP_ROW4(m), BMP_ROW4((m) + 4), BMP_ROW4((m) + 8), BMP_ROW4((m) + 12)
#define BMP_LEN4(m) BMP_TOTAL(m), BMP_TOTAL((m) + 1), BMP_TOTAL((m) + 2), BMP_TOTAL((m) + 3)
#define BMP_LEN16(m) BMP_LEN4(m), BMP_LEN4((m) + 4), BMP_LEN4((m) + 8), BMP_LEN4((m) + 12)

static const uint8_t bmp_shuffle_table[256][16] __attribute__((aligned(16), unused)) = {
    BMP_ROW16(0),   BMP_ROW16(16),  BMP_ROW16(32),  BMP_ROW16(48),
    BMP_ROW16(64),  BMP_ROW16(80),  BMP_ROW16(96),  BMP_ROW16(112),
    BMP_ROW16(128), BMP_ROW16(144), BMP_ROW16(160), BMP_ROW16(176),
    BMP_ROW16(192), BMP_ROW16(208), BMP_ROW16(224), BMP_ROW16(240)};
static const uint8_t bmp_len_table[256] __attribute__((unused)) = {
    BMP_LEN16(0),   BMP_LEN16(16),  BMP_LEN16(32),  BMP_LEN16(48),
    BMP_LEN16(64),  BMP_LEN16(80),  BMP_LEN16(96),  BMP_LEN16(112),
    BMP_LEN16(128), BMP_LEN16(144), BMP_LEN16(160), BMP_LEN16(176),
    BMP_LEN16(192), BMP_LEN16(208), BMP_LEN16(224), BMP_LEN16(240)};

/* vpmovzxwd; each lane's bytes (vpsrld, vpand, vpor, vpslld, vpblendvb by
 * vpcmpgtd); the rows of both halves' keys (vpmovmskps), vpshufb and two
 * stores, the second from the first half's end. */
LANE_OP_256 size_t v256_store_utf8_bmp_u16(uint8_t *d, size_t p, v128_u16 h)
{
    const __m256i m3f = _mm256_set1_epi32(0x3F), m80 = _mm256_set1_epi32(0x80);
    __m256i c = _mm256_cvtepu16_epi32(h);
    __m256i cont0 = _mm256_or_si256(_mm256_and_si256(c, m3f), m80);
    __m256i cont1 = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(c, 6), m3f), m80);
    __m256i two = _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(c, 6), _mm256_set1_epi32(0xC0)),
                                  _mm256_slli_epi32(cont0, 8));
    __m256i three = _mm256_or_si256(
        _mm256_or_si256(_mm256_srli_epi32(c, 12), _mm256_set1_epi32(0xE0)),
        _mm256_or_si256(_mm256_slli_epi32(cont1, 8), _mm256_slli_epi32(cont0, 16)));
    __m256i ge80 = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0x7F));
    __m256i ge800 = _mm256_cmpgt_epi32(c, _mm256_set1_epi32(0x7FF));
    __m256i w = _mm256_blendv_epi8(_mm256_blendv_epi8(c, two, ge80), three, ge800);
    unsigned m1 = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ge80));
    unsigned m2 = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(ge800));
    unsigned lo_key = (m1 & 15u) | (m2 & 15u) << 4;
    unsigned hi_key = (m1 >> 4) | (m2 >> 4) << 4;
    __m256i shuf = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_load_si128((const __m128i *)(const void *)bmp_shuffle_table[lo_key])),
        _mm_load_si128((const __m128i *)(const void *)bmp_shuffle_table[hi_key]), 1);
    __m256i packed = _mm256_shuffle_epi8(w, shuf);
    size_t lo = bmp_len_table[lo_key];
    _mm_storeu_si128((__m128i *)(void *)(d + p), _mm256_castsi256_si128(packed));
    _mm_storeu_si128((__m128i *)(void *)(d + p + lo), _mm256_extracti128_si256(packed, 1));
    return lo + bmp_len_table[hi_key];
}
#else
/*@ requires \valid(d + (p .. p + lanes_bmp_len(h, 8) + 11));
    assigns d[p .. p + lanes_bmp_len(h, 8) + 11];
    exits \false;
    ensures \result == lanes_bmp_len(h, 8);
    ensures \forall integer t; 0 <= t < 8 ==> bmp_bytes_at(d, p + lanes_bmp_len(h, t), h.l[t]); */
LANE_OP_256 size_t v256_store_utf8_bmp_u16(uint8_t *d, size_t p, v128_u16 h) LANE_C_FORM({
    size_t o = p;
    for (size_t t = 0; t < 8; t++) {
        uint16_t u = h.l[t];
        if (u < 0x80) {
            d[o++] = (uint8_t)u;
        } else if (u < 0x800) {
            d[o++] = (uint8_t)(0xC0 + u / 64);
            d[o++] = (uint8_t)(0x80 + u % 64);
        } else {
            d[o++] = (uint8_t)(0xE0 + u / 4096);
            d[o++] = (uint8_t)(0x80 + u / 64 % 64);
            d[o++] = (uint8_t)(0x80 + u % 64);
        }
    }
    return o - p;
})
#endif

#endif
#endif
