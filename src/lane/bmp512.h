/* SPDX-License-Identifier: Apache-2.0 */
/* UTF-16 to UTF-8 for up to 32 units of the Basic Multilingual Plane at
 * AVX-512, packed by VPCOMPRESSB (internal, not installed API;
 * src/lane/types.h says how the lane operations are written).
 *
 * The forms: each unit's bytes in its own lane (16-bit lanes when all are
 * below 0x800, 32-bit lanes otherwise), then VPCOMPRESSB keeps the bytes
 * each lane's width asks for and one store writes them.  The AVX-512
 * encoder of src/utf8_vec.c calls the forms itself, and its mixed block
 * reads their table of constants too.  One operation is modelled: modified
 * UTF-8's block, v512_store_mutf8_first_u16.  Its contract states every
 * unit's bytes at its offset, the sum of the widths of the lanes before it
 * (lanes_m8len32), and the bytes it may write past them (64, with room).
 * tests/check_models.c runs it on every unit value in every lane and
 * every count of lanes. */
#ifndef LEPACK_LANE_BMP512_H
#define LEPACK_LANE_BMP512_H

#include "../utf8_spec.h" /* m8w */
#include "types.h"

/* With `room` (64 bytes of the string's own output from where it stores,
 * which later steps overwrite), a form stores all 64 bytes of its
 * register, one plain store rather than a masked one, which costs more
 * where the line is not in the cache.  A block takes at most 32 units and
 * every unit at least one byte: with VEC_ROOM_UNITS units left at the
 * block, 64 units, so 64 bytes, still follow it. */
#define VEC_ROOM_UNITS 96u

#if LEPACK_LANES

/*@ // Modified UTF-8's bytes of lanes 0 .. t-1 of v.
    logic integer lanes_m8len32(v512_u16 v, integer t) =
      t <= 0 ? 0 : lanes_m8len32(v, t - 1) + m8w(v.l[t - 1]);

    // d[o ..] holds modified UTF-8's bytes of the unit u (menc_at's, of a
    // value rather than of a unit of the string).
    predicate mbytes_at{L}(uint8_t *d, integer o, integer u) =
      (1 <= u <= 0x7F ==> d[o] == u) &&
      ((u == 0 || 0x80 <= u <= 0x7FF) ==> d[o] == 0xC0 + u / 64 && d[o + 1] == 0x80 + u % 64) &&
      (0x800 <= u ==>
         d[o] == 0xE0 + u / 4096 && d[o + 1] == 0x80 + u / 64 % 64 && d[o + 2] == 0x80 + u % 64); */

#if LEPACK_LANE_INTRIN
/* The target of the forms and of every AVX-512 encoder: VPCOMPRESSB is
 * VBMI2's, the mixed block's VPMULTISHIFTQB VBMI's. */
#define LANE_TARGET_512VBMI2                                                               \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt")))

/* The first nb bytes of w at d; with `room`, all 64 (VEC_ROOM_UNITS). */
LANE_TARGET_512VBMI2
static inline void vec_put_bytes(uint8_t *d, __m512i w, unsigned nb, int room)
{
    if (room)
        _mm512_storeu_si512((void *)d, w);
    else
        _mm512_mask_storeu_epi8(d, _bzhi_u64(~0ull, nb), w);
}

/* The constants of the encoding forms, in one read-only table: each use
 * is an operand read from memory (from the cache on any string of a few
 * dozen units), so a call makes none of them.  Made in registers instead
 * (19 broadcasts), they cost about as many instructions as a short
 * string's whole encoding, and gcc rebuilt a broadcast at each use inside
 * a loop unless held in a register for the whole call. */
typedef struct vec_enc_k {
    __m512i w80, wC0, w3F, wFF, w800, wFF80, wF800, wD800, ones; /* 16-bit lanes */
    __m512i d80, dC0, dE0, d3F, d800, dFF, dFFFF, dFFFFFF;       /* 32-bit lanes */
    __m512i pair_mask, pair_want;                                 /* high, low */
    __m512i wFC00, wDC00;                                         /* the mixed block: */
    __m512i cp_bias, six_bits, lead2, lead3, lead4, wanted, shifts;
} vec_enc_k;

/* The table, its values hidden from the compiler (an empty asm may have
 * changed the pointer), so that each use reads it: gcc otherwise folds the
 * values and rebuilds each broadcast where it is used. */
#define VEC_ENC_CONSTS(k)                    \
    const vec_enc_k *k = &vec_enc_consts;    \
    __asm__("" : "+r"(k))

/* A 64-bit lane of a vector whose 16-bit (W) or 32-bit (D) lanes are x. */
#define VEC_Q(x) ((long long)(x))
#define VEC_W(x) VEC_Q(0x0001000100010001ull * (x))
#define VEC_D(x) VEC_Q(0x0000000100000001ull * (x))
#define VEC_8(q) {q, q, q, q, q, q, q, q}

static const vec_enc_k vec_enc_consts __attribute__((aligned(64), unused)) = {
    VEC_8(VEC_W(0x80u)), VEC_8(VEC_W(0xC0u)), VEC_8(VEC_W(0x3Fu)),
    VEC_8(VEC_W(0xFFu)), VEC_8(VEC_W(0x800u)), VEC_8(VEC_W(0xFF80u)),
    VEC_8(VEC_W(0xF800u)), VEC_8(VEC_W(0xD800u)), VEC_8(VEC_W(0xFFFFu)),
    VEC_8(VEC_D(0x80u)), VEC_8(VEC_D(0xC0u)), VEC_8(VEC_D(0xE0u)),
    VEC_8(VEC_D(0x3Fu)), VEC_8(VEC_D(0x800u)), VEC_8(VEC_D(0xFFu)),
    VEC_8(VEC_D(0xFFFFu)), VEC_8(VEC_D(0xFFFFFFu)),
    VEC_8(VEC_D(0xFC00FC00u)), VEC_8(VEC_D(0xDC00D800u)),
    VEC_8(VEC_W(0xFC00u)), VEC_8(VEC_W(0xDC00u)),
    VEC_8(VEC_D(0x10000u - 0xD800u * 1024u - 0xDC00u)), VEC_8(VEC_D(0x3F3F3F3Fu)),
    VEC_8(VEC_D(0x80C00000u)), VEC_8(VEC_D(0x8080E000u)), VEC_8(VEC_D(0x808080F0u)),
    VEC_8(VEC_D(0x00010101u)), VEC_8(VEC_Q(0x20262C3200060C12ull)),
};

/* Units below 0x800 in the 16-bit lanes of `live`: a lane holds its unit's
 * one byte or its lead and continuation, and VPCOMPRESSB packs them
 * (Latin-1, Greek, Cyrillic, Hebrew, Arabic text).  `zero2` marks lanes
 * that take two bytes although below 0x80 (modified UTF-8's U+0000: C0 80
 * is what the two-byte formula gives 0).  Returns the bytes written. */
LANE_TARGET_512VBMI2
static inline unsigned vec_two_byte_avx512(const vec_enc_k *k, __m512i v, __mmask32 live,
                                           __mmask32 zero2, uint8_t *d, int room)
{
    __mmask32 two = _mm512_cmpge_epu16_mask(v, k->w80) | zero2;
    __m512i lead = _mm512_or_si512(_mm512_srli_epi16(v, 6), k->wC0);
    __m512i cont = _mm512_or_si512(_mm512_and_si512(v, k->w3F), k->w80);
    __m512i w = _mm512_mask_mov_epi16(v, two, _mm512_or_si512(lead, _mm512_slli_epi16(cont, 8)));
    __m512i keepv = _mm512_mask_mov_epi16(k->wFF, two, k->ones);
    keepv = _mm512_maskz_mov_epi16(live, keepv);
    __mmask64 keep = _mm512_test_epi8_mask(keepv, keepv);
    unsigned nb = (unsigned)_mm_popcnt_u64(keep);
    vec_put_bytes(d, _mm512_maskz_compress_epi8(keep, w), nb, room);
    return nb;
}

/* Units in the 32-bit lanes of `live` (16 at most), each lane its unit's 1,
 * 2 or 3 bytes from the low end, packed by VPCOMPRESSB (CJK and the rest of
 * the BMP; a surrogate here takes the three bytes of its own value, as in
 * modified UTF-8).  `zero2` as above.  Returns the bytes written. */
LANE_TARGET_512VBMI2
static inline unsigned vec_bmp16_avx512(const vec_enc_k *k, __m256i h, __mmask16 live,
                                        __mmask16 zero2, uint8_t *d, int room)
{
    __m512i c = _mm512_cvtepu16_epi32(h);
    __mmask16 two = _mm512_cmpge_epu32_mask(c, k->d80) | zero2;
    __mmask16 three = _mm512_cmpge_epu32_mask(c, k->d800);
    __m512i cont0 = _mm512_or_si512(_mm512_and_si512(c, k->d3F), k->d80);
    __m512i cont1 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(c, 6), k->d3F), k->d80);
    __m512i w = _mm512_mask_mov_epi32(
        c, two,
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(c, 6), k->dC0),
                        _mm512_slli_epi32(cont0, 8)));
    w = _mm512_mask_mov_epi32(
        w, three,
        _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(c, 12), k->dE0),
                        _mm512_or_si512(_mm512_slli_epi32(cont1, 8), _mm512_slli_epi32(cont0, 16))));
    __m512i keepv = _mm512_mask_mov_epi32(k->dFF, two, k->dFFFF);
    keepv = _mm512_mask_mov_epi32(keepv, three, k->dFFFFFF);
    keepv = _mm512_maskz_mov_epi32(live, keepv);
    __mmask64 keep = _mm512_test_epi8_mask(keepv, keepv);
    unsigned nb = (unsigned)_mm_popcnt_u64(keep);
    vec_put_bytes(d, _mm512_maskz_compress_epi8(keep, w), nb, room);
    return nb;
}

/* 32 units (the lanes of `live`) of which none is a surrogate, or all are
 * to be taken as three bytes of their own (modified UTF-8), through the
 * BMP form twice. */
LANE_TARGET_512VBMI2
static inline unsigned vec_wide32_avx512(const vec_enc_k *k, __m512i v, __mmask32 live,
                                         __mmask32 zero2, uint8_t *d, int room)
{
    unsigned nb = vec_bmp16_avx512(k, _mm512_castsi512_si256(v), (__mmask16)live,
                                   (__mmask16)zero2, d, room);
    return nb + vec_bmp16_avx512(k, _mm512_extracti64x4_epi64(v, 1), (__mmask16)(live >> 16),
                                 (__mmask16)(zero2 >> 16), d + nb, room);
}

/* The same, through the two-byte form when all are below 0x800. */
LANE_TARGET_512VBMI2
static inline unsigned vec_bmp32_avx512(const vec_enc_k *k, __m512i v, __mmask32 live,
                                        __mmask32 zero2, uint8_t *d, int room)
{
    if (_mm512_mask_cmpge_epu16_mask(live, v, k->w800) == 0)
        return vec_two_byte_avx512(k, v, live, zero2, d, room);
    return vec_wide32_avx512(k, v, live, zero2, d, room);
}

/* Modified UTF-8 of the first m of 32 units (m <= 32): 1..0x7F as their
 * byte (vpmovwb under the mask of the first lanes) when all are, else the
 * forms above, with U+0000 of two bytes (C0 80) and a surrogate of the
 * three bytes of its own value.  Returns the bytes written. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_mutf8_first_u16(uint8_t *d, size_t p, v512_u16 v, size_t m, int room)
{
    VEC_ENC_CONSTS(k);
    __mmask32 live = (__mmask32)_bzhi_u32(~0u, (unsigned)m);
    __mmask32 zero = _mm512_mask_testn_epi16_mask(live, v, v);
    if (_mm512_test_epi16_mask(v, k->wFF80) == 0 && zero == 0) {
        _mm256_mask_storeu_epi8(d + p, live, _mm512_cvtepi16_epi8(v));
        return m;
    }
    return vec_bmp32_avx512(k, v, live, zero, d + p, room);
}
#else
/*@ requires m <= 32;
    requires \valid(d + (p .. p + lanes_m8len32(v, m) + (room ? 63 : -1)));
    assigns d[p .. p + lanes_m8len32(v, m) + (room ? 63 : -1)];
    exits \false;
    ensures \result == lanes_m8len32(v, m);
    ensures \forall integer t; 0 <= t < m ==> mbytes_at(d, p + lanes_m8len32(v, t), v.l[t]); */
LANE_OP_512BW size_t v512_store_mutf8_first_u16(uint8_t *d, size_t p, v512_u16 v, size_t m,
                                                int room) LANE_C_FORM({
    size_t o = p;
    (void)room;
    for (size_t t = 0; t < m; t++) {
        uint16_t u = v.l[t];
        if (u >= 1 && u < 0x80) {
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
