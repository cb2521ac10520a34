/* SPDX-License-Identifier: Apache-2.0 */
/* UTF-16 to UTF-8 for any 32 units at AVX-512: the stores of the AVX-512
 * encoder (src/utf8_encode_avx512.h) and the tests that choose among them
 * (internal, not installed API; src/lane/types.h says how the lane
 * operations are written).
 *
 * One lane logic states all five stores: lane t of the first m lanes of
 * a block writes mix_w bytes, mix_byte's, at the sum of the widths of the
 * lanes before it (mix_len).  mix_w is the lanes' namesake of utf8_spec.h's
 * enc_w: a pair's four bytes in its high's lane and none in its low's, '?'
 * for a lone surrogate.  What a lane cannot see from the block is given:
 * the unit after the last lane (a), and whether lane 0 is the low of a
 * pair the block before wrote (c).  The kernel's lemma turns the lanes'
 * bytes into the string's (enc_mix_put).
 *
 * The stores: the mixed block (every unit in a 32-bit lane, its bytes
 * made by VPMULTISHIFTQB, VPCOMPRESSB packs them), the BMP block (the
 * forms of bmp512.h, for blocks without a surrogate) and 16 pairs (their
 * 64 bytes in one store).  The mixed run's blocks come as 33 widened
 * units (v512_load_wide33_u16).  tests/check_models.c runs each against
 * its C form, lane_put_mixed. */
#ifndef LEPACK_LANE_MIXED512_H
#define LEPACK_LANE_MIXED512_H

#include "../utf8_spec.h" /* is_high, is_low, pair_cp */
#include "bmp512.h"
#include "load.h" /* LANE_GET */
#include "types.h"

#if LEPACK_LANES

/*@ // The unit after lane t of the first m lanes: the next lane, or a.
    logic integer mix_next(v512_u16 v, integer m, integer a, integer t) =
      t + 1 < m ? v.l[t + 1] : a;

    // The bytes lane t writes (c: lane 0 is the low of a pair the block
    // before wrote).  (A term's condition cannot be a predicate, hence the
    // spelled-out tests, as in enc_w.)
    logic integer mix_w(v512_u16 v, integer m, integer a, integer c, integer t) =
      v.l[t] < 0x80 ? 1 :
      v.l[t] < 0x800 ? 2 :
      v.l[t] < 0xD800 || v.l[t] > 0xDFFF ? 3 :
      v.l[t] <= 0xDBFF && 0xDC00 <= mix_next(v, m, a, t) <= 0xDFFF ? 4 :
      v.l[t] >= 0xDC00 && ((t == 0 && c != 0) || (t > 0 && 0xD800 <= v.l[t - 1] <= 0xDBFF)) ? 0 :
      1;

    // The bytes of lanes 0 .. t-1.
    logic integer mix_len(v512_u16 v, integer m, integer a, integer c, integer t) =
      t <= 0 ? 0 : mix_len(v, m, a, c, t - 1) + mix_w(v, m, a, c, t - 1);

    // Byte k of lane t's bytes.
    logic integer mix_byte(v512_u16 v, integer m, integer a, integer t, integer k) =
      v.l[t] < 0x80 ? v.l[t] :
      v.l[t] < 0x800 ? (k == 0 ? 0xC0 + v.l[t] / 64 : 0x80 + v.l[t] % 64) :
      v.l[t] < 0xD800 || v.l[t] > 0xDFFF ?
        (k == 0 ? 0xE0 + v.l[t] / 4096 : k == 1 ? 0x80 + v.l[t] / 64 % 64 : 0x80 + v.l[t] % 64) :
      v.l[t] <= 0xDBFF && 0xDC00 <= mix_next(v, m, a, t) <= 0xDFFF ?
        (k == 0 ? 0xF0 + pair_cp(v.l[t], mix_next(v, m, a, t)) / 262144 :
         k == 1 ? 0x80 + pair_cp(v.l[t], mix_next(v, m, a, t)) / 4096 % 64 :
         k == 2 ? 0x80 + pair_cp(v.l[t], mix_next(v, m, a, t)) / 64 % 64 :
                  0x80 + pair_cp(v.l[t], mix_next(v, m, a, t)) % 64) :
      0x3F;

    // d[o ..] holds lane t's bytes.
    predicate mix_at{L}(uint8_t *d, integer o, v512_u16 v, integer m, integer a, integer c,
                        integer t) =
      (0 < mix_w(v, m, a, c, t) ==> d[o] == mix_byte(v, m, a, t, 0)) &&
      (1 < mix_w(v, m, a, c, t) ==> d[o + 1] == mix_byte(v, m, a, t, 1)) &&
      (2 < mix_w(v, m, a, c, t) ==> d[o + 2] == mix_byte(v, m, a, t, 2)) &&
      (3 < mix_w(v, m, a, c, t) ==> d[o + 3] == mix_byte(v, m, a, t, 3));

    // Every lane of the first m holds its bytes at its offset from p.
    predicate mix_stored{L}(uint8_t *d, integer p, v512_u16 v, integer m, integer a, integer c) =
      \forall integer t; 0 <= t < m ==> mix_at(d, p + mix_len(v, m, a, c, t), v, m, a, c, t);

    // Every one of the 32 lanes is below 0x800 (one or two bytes).
    predicate lanes_narrow32(v512_u16 v) = \forall integer t; 0 <= t < 32 ==> v.l[t] < 0x800;

    // No lane of the first m is a surrogate.
    predicate lanes_bmp32(v512_u16 v, integer m) =
      \forall integer t; 0 <= t < m ==> !(0xD800 <= v.l[t] <= 0xDFFF);

    // The 32 lanes are 16 pairs, each a high then a low surrogate.
    predicate lanes_pairs32(v512_u16 v) =
      \forall integer t; 0 <= t < 32 ==>
        (t % 2 == 0 ==> is_high(v.l[t])) && (t % 2 != 0 ==> is_low(v.l[t])); */

#if LEPACK_LANE_INTRIN
/* The mask of the first m of 32 lanes: a constant where m is one (clang
 * does not fold BZHI of constants). */
#define LANE_FIRST32(m) ((m) >= 32 ? 0xFFFFFFFFu : (uint32_t)_bzhi_u32(~0u, (unsigned)(m)))

/* 16 units of the mixed block in 32-bit lanes, c (a lone surrogate
 * already 0x3F, its '?'), with the unit after each in nx; `pair` marks
 * the lanes of the highs that start a pair, `skip` those that write
 * nothing (a pair's low, whose bytes are its high's).  VPMULTISHIFTQB puts
 * bits 18, 12, 6 and 0 of a lane's code point in its four bytes, first to
 * last; over their low six bits go the lead and continuation marks of the
 * lane's width; a unit below 0x80 goes alone into the last byte.  A lane
 * writes the bytes not below its bytes of `wanted`: the leading places its
 * width leaves empty hold zero, against 1 (lead and continuation bytes are
 * never zero), the last place always (U+0000 is a byte), and no place of a
 * skipped lane, against 0xFF (no byte here is 0xFF).  Returns the bytes
 * written. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) unsigned
vec_mixed16_avx512(const vec_enc_k *k, __m512i c, __m512i nx, __mmask16 pair, __mmask16 skip,
                   uint8_t *d, int room)
{
    __mmask16 one = _mm512_cmplt_epu32_mask(c, k->d80);
    __mmask16 narrow = _mm512_cmplt_epu32_mask(c, k->d800);
    /* cp = 0x10000 + (high - 0xD800) * 1024 + (low - 0xDC00) */
    c = _mm512_mask_add_epi32(c, pair, _mm512_slli_epi32(c, 10), _mm512_add_epi32(nx, k->cp_bias));
    __m512i lead = _mm512_mask_blend_epi32(narrow, k->lead3, k->lead2);
    lead = _mm512_mask_mov_epi32(lead, pair, k->lead4);
    __m512i w = _mm512_multishift_epi64_epi8(k->shifts, c);
    w = _mm512_ternarylogic_epi32(w, k->six_bits, lead, 0xEA); /* w & six_bits | lead */
    w = _mm512_mask_slli_epi32(w, one, c, 24);
    __m512i want = _mm512_mask_mov_epi32(k->wanted, skip, k->ones);
    __mmask64 keep = _mm512_cmpge_epu8_mask(w, want);
    unsigned nb = (unsigned)_mm_popcnt_u64(keep);
    vec_put_bytes(d, _mm512_maskz_compress_epi8(keep, w), nb, room);
    return nb;
}

/* The lanes of the mixed block that write something of their own: the
 * highs that start a pair (*pair; the last lane's low is a), those that
 * write nothing (*skip: a pair's low, and the lanes of `hold`), and the
 * lone surrogates ('?'), returned. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) uint32_t
vec_mixed_lanes_avx512(const vec_enc_k *k, __m512i v, uint16_t a, uint32_t hold, uint32_t *pair,
                       uint32_t *skip)
{
    __m512i top6 = _mm512_and_si512(v, k->wFC00);
    uint32_t high = _mm512_cmpeq_epi16_mask(top6, k->wD800);
    uint32_t low = _mm512_cmpeq_epi16_mask(top6, k->wDC00);
    uint32_t after = (a & 0xFC00u) == 0xDC00u ? 0x80000000u : 0u;
    *pair = high & (low >> 1 | after);
    *skip = (*pair & 0x7FFFFFFFu) << 1 | hold;
    return (high | low) & ~(*pair | *skip);
}

/* The mixed block: the first m of 32 units (the lanes past them zero),
 * pairs, lone surrogates ('?') and the rest in one pass, a half at a
 * time.  The lanes that write nothing: the lows of the pairs inside the
 * block, lane 0 with c, the lanes past m.  The last lane's unit after it
 * is a (with m < 32, never a low: the string ends there).  With `room`, a
 * plain 64-byte store per half (bmp512.h).  Returns the bytes written. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_utf8_mixed_u16(const vec_enc_k *k, uint8_t *d, size_t p, v512_u16 v, size_t m,
                          uint16_t a, int c, int room)
{
    uint32_t pair, skip;
    uint32_t lone = vec_mixed_lanes_avx512(k, v, a, ~LANE_FIRST32(m) | (uint32_t)(c != 0), &pair,
                                           &skip);
    v = _mm512_mask_mov_epi16(v, lone, k->w3F);
    __m512i c0 = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
    __m512i c1 = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(v, 1));
    __m512i nx1 = _mm512_alignr_epi32(_mm512_set1_epi32(a), c1, 1);
    unsigned n0 = vec_mixed16_avx512(k, c0, _mm512_alignr_epi32(c1, c0, 1), (__mmask16)pair,
                                     (__mmask16)skip, d + p, room);
    unsigned n1 = vec_mixed16_avx512(k, c1, nx1, (__mmask16)(pair >> 16), (__mmask16)(skip >> 16),
                                     d + p + n0, room);
    return n0 + n1;
}

/* The 32 units at s + i and the unit after them, as the mixed block
 * reads them: their 32-bit lanes and the units after each, widened from
 * memory (VPMOVZXWD of four loads), not made from the block's register
 * (one extract, two widenings, two lane shifts and a broadcast): the
 * block is bound by those shuffles, and a load is not one (6 to 12% on
 * text that mixes pairs into blocks).  The run loads them a block ahead,
 * before the stores of the block before: loaded after them, they waited
 * on them where the output lay near a multiple of 4 KiB from the input
 * (0.8x at such placements).  The pointers are hidden from the compiler:
 * clang made these lanes from the register of the same units instead
 * (shuffles and inserts, 0.6-0.75x). */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) v512_wide33_u16
v512_load_wide33_u16(const uint16_t *s, size_t i)
{
    const uint16_t *q = s + i, *q1 = q + 1;
    __asm__("" : "+r"(q), "+r"(q1));
#define LANE_WIDE16(x) _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(x)))
    v512_wide33_u16 w = {LANE_WIDE16(q), LANE_WIDE16(q + 16), LANE_WIDE16(q1), LANE_WIDE16(q1 + 16)};
#undef LANE_WIDE16
    return w;
}

/* The mixed block of 32 units from their widened lanes w (v: their
 * register, a: the unit after them). */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_utf8_mixed_wide_u16(const vec_enc_k *k, uint8_t *d, size_t p, v512_wide33_u16 w,
                               v512_u16 v, uint16_t a, int c, int room)
{
    uint32_t pair, skip;
    uint32_t lone = vec_mixed_lanes_avx512(k, v, a, (uint32_t)(c != 0), &pair, &skip);
    __m512i c0 = _mm512_mask_mov_epi32(w.c0, (__mmask16)lone, k->d3F);
    __m512i c1 = _mm512_mask_mov_epi32(w.c1, (__mmask16)(lone >> 16), k->d3F);
    unsigned n0 = vec_mixed16_avx512(k, c0, w.nx0, (__mmask16)pair, (__mmask16)skip, d + p, room);
    unsigned n1 = vec_mixed16_avx512(k, c1, w.nx1, (__mmask16)(pair >> 16),
                                     (__mmask16)(skip >> 16), d + p + n0, room);
    return n0 + n1;
}

/* The BMP block: the first m of 32 units, none a surrogate, through the
 * two-byte form when all are below 0x800, else the BMP form twice
 * (bmp512.h).  Returns the bytes written. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_utf8_bmp_first_u16(const vec_enc_k *k, uint8_t *d, size_t p, v512_u16 v, size_t m,
                              int room)
{
    if (m >= 32) /* all lanes (a last block of 32): one compare, no mask */
        return _mm512_cmpge_epu16_mask(v, k->w800) == 0 ? vec_two_byte_avx512(k, v, ~0u, 0, d + p, room)
                                                        : vec_wide32_avx512(k, v, ~0u, 0, d + p, room);
    return vec_bmp32_avx512(k, v, (__mmask32)LANE_FIRST32(m), 0, d + p, room);
}

/* 32 units without a surrogate, `narrow` whether all are below 0x800 (a
 * run's test of the block, v512_none_wide_u16): the two-byte form or the
 * BMP form twice, without the compare that bmp_first makes again (clang
 * does not share it with the run's test; Latin-1 text ran 0.8x). */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_utf8_bmp32_u16(const vec_enc_k *k, uint8_t *d, size_t p, v512_u16 v, int narrow,
                          int room)
{
    return narrow ? vec_two_byte_avx512(k, v, ~0u, 0, d + p, room)
                  : vec_wide32_avx512(k, v, ~0u, 0, d + p, room);
}

/* 16 pairs (high, low) as 32-bit lanes: the code point of each, its four
 * bytes, one 64-byte store.  Returns 64. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) size_t
v512_store_utf8_pairs_u16(const vec_enc_k *k, uint8_t *d, size_t p, v512_u16 v)
{
    const __m512i m3f = _mm512_set1_epi32(0x3F), m80 = _mm512_set1_epi32(0x80);
    (void)k;
    __m512i hi = _mm512_and_si512(v, _mm512_set1_epi32(0xFFFF));
    __m512i lo = _mm512_srli_epi32(v, 16);
    /* cp = 0x10000 + (hi - 0xD800) * 1024 + (lo - 0xDC00) */
    __m512i cp = _mm512_add_epi32(_mm512_add_epi32(_mm512_slli_epi32(hi, 10), lo),
                                  _mm512_set1_epi32(0x10000 - 0xD800 * 1024 - 0xDC00));
    __m512i b0 = _mm512_or_si512(_mm512_srli_epi32(cp, 18), _mm512_set1_epi32(0xF0));
    __m512i b1 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(cp, 12), m3f), m80);
    __m512i b2 = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi32(cp, 6), m3f), m80);
    __m512i b3 = _mm512_or_si512(_mm512_and_si512(cp, m3f), m80);
    _mm512_storeu_si512((void *)(d + p),
                        _mm512_or_si512(_mm512_or_si512(b0, _mm512_slli_epi32(b1, 8)),
                                        _mm512_or_si512(_mm512_slli_epi32(b2, 16),
                                                        _mm512_slli_epi32(b3, 24))));
    return 64;
}

/* The highs' and lows' masks of the mixed block (vpandd with 0xFC00,
 * vpcmpeqw with 0xD800 and 0xDC00; the compiler shares them with the mixed
 * store of the same lanes): 1 when the 32 lanes are 16 pairs, else 0. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) int v512_pairs_u16(const vec_enc_k *k, v512_u16 v)
{
    __m512i top6 = _mm512_and_si512(v, k->wFC00);
    uint32_t high = _mm512_cmpeq_epi16_mask(top6, k->wD800);
    uint32_t low = _mm512_cmpeq_epi16_mask(top6, k->wDC00);
    return ((high ^ 0x55555555u) | (low ^ 0xAAAAAAAAu)) == 0;
}

/* vpandw with 0xF800, vpcmpeqw with 0xD800: 1 when a lane is a surrogate. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) int v512_any_surrogate_u16(const vec_enc_k *k,
                                                                        v512_u16 v)
{
    return _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, k->wF800), k->wD800) != 0;
}

/* Whether lane 31 is a high whose low is a, the unit after the block: the
 * mixed block's carry into the next (the highs' mask is the mixed
 * store's, which the compiler shares). */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) int v512_pair_out_u16(const vec_enc_k *k, v512_u16 v,
                                                                   uint16_t a)
{
    uint32_t high = _mm512_cmpeq_epi16_mask(_mm512_and_si512(v, k->wFC00), k->wD800);
    return (int)(high >> 31) & ((a & 0xFC00u) == 0xDC00u);
}

/* vpcmpuw against 0x800: 1 when every lane is below it. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) int v512_none_wide_u16(const vec_enc_k *k,
                                                                    v512_u16 v)
{
    return _mm512_cmpge_epu16_mask(v, k->w800) == 0;
}

/* A short string's lines asked for at once, so that their misses overlap:
 * a masked load that misses waits for its line.  The middle line's
 * address is reckoned as an integer: past the string's end (fewer than 32
 * units left), it is no pointer into it, and a prefetch never faults. */
LANE_TARGET_512VBMI2
static inline __attribute__((always_inline)) void lane_prefetch_short_u16(const uint16_t *s,
                                                                          size_t i, size_t n)
{
    _mm_prefetch((const char *)(s + n - 1), _MM_HINT_T0);
    _mm_prefetch((const char *)((uintptr_t)(s + i) + 64), _MM_HINT_T0);
}
#else
#if !defined(__FRAMAC__)
/* The C forms' one body: every lane of the first m as the lane logic says,
 * at its offset; returns the bytes written. */
static inline size_t lane_put_mixed(uint8_t *d, size_t p, v512_u16 v, size_t m, uint16_t a, int c)
{
    size_t o = p;
    for (size_t t = 0; t < m; t++) {
        uint32_t u = v.l[t], nx = t + 1 < m ? v.l[t + 1] : a;
        int low_end = u >= 0xDC00 && u <= 0xDFFF &&
                      (t == 0 ? c != 0 : v.l[t - 1] >= 0xD800 && v.l[t - 1] <= 0xDBFF);
        if (u < 0x80) {
            d[o++] = (uint8_t)u;
        } else if (u < 0x800) {
            d[o++] = (uint8_t)(0xC0 + u / 64);
            d[o++] = (uint8_t)(0x80 + u % 64);
        } else if (u < 0xD800 || u > 0xDFFF) {
            d[o++] = (uint8_t)(0xE0 + u / 4096);
            d[o++] = (uint8_t)(0x80 + u / 64 % 64);
            d[o++] = (uint8_t)(0x80 + u % 64);
        } else if (u <= 0xDBFF && nx >= 0xDC00 && nx <= 0xDFFF) {
            uint32_t cp = 0x10000u + (u - 0xD800u) * 1024u + (nx - 0xDC00u);
            d[o++] = (uint8_t)(0xF0 + cp / 262144);
            d[o++] = (uint8_t)(0x80 + cp / 4096 % 64);
            d[o++] = (uint8_t)(0x80 + cp / 64 % 64);
            d[o++] = (uint8_t)(0x80 + cp % 64);
        } else if (!low_end) {
            d[o++] = 0x3F;
        }
    }
    return o - p;
}
#endif

/* The constants' table is the intrinsics' alone; the models take its
 * address and never read it. */
typedef struct vec_enc_k {
    uint8_t unused;
} vec_enc_k;
static const vec_enc_k vec_enc_consts __attribute__((unused));
#define VEC_ENC_CONSTS(k) const vec_enc_k *k = &vec_enc_consts

/*@ requires 1 <= m <= 32;
    requires \forall integer t; m <= t < 32 ==> v.l[t] == 0;
    requires m < 32 ==> !is_low(a);
    requires c != 0 ==> is_low(v.l[0]);
    requires \valid(d + (p .. p + mix_len(v, m, a, c, m) + (room ? 63 : -1)));
    assigns d[p .. p + mix_len(v, m, a, c, m) + (room ? 63 : -1)];
    exits \false;
    ensures \result == mix_len(v, m, a, c, m);
    ensures mix_stored(d, p, v, m, a, c); */
LANE_OP_512BW size_t v512_store_utf8_mixed_u16(const vec_enc_k *k, uint8_t *d, size_t p,
                                               v512_u16 v, size_t m, uint16_t a, int c, int room)
    LANE_C_FORM({
        (void)k, (void)room;
        return lane_put_mixed(d, p, v, m, a, c);
    })

/*@ requires \valid_read(s + (i .. i + 32));
    assigns \nothing;
    exits \false;
    ensures \forall integer x; i <= x <= i + 32 ==> \result.l[x - i] == s[x]; */
LANE_OP_512BW v512_wide33_u16 v512_load_wide33_u16(const uint16_t *s, size_t i) LANE_C_FORM({
    v512_wide33_u16 r;
    LANE_GET(r, s, i, 33);
    return r;
})

/*@ requires \forall integer t; 0 <= t < 32 ==> v.l[t] == w.l[t];
    requires a == w.l[32];
    requires c != 0 ==> is_low(v.l[0]);
    requires \valid(d + (p .. p + mix_len(v, 32, a, c, 32) + (room ? 63 : -1)));
    assigns d[p .. p + mix_len(v, 32, a, c, 32) + (room ? 63 : -1)];
    exits \false;
    ensures \result == mix_len(v, 32, a, c, 32);
    ensures mix_stored(d, p, v, 32, a, c); */
LANE_OP_512BW size_t v512_store_utf8_mixed_wide_u16(const vec_enc_k *k, uint8_t *d, size_t p,
                                                    v512_wide33_u16 w, v512_u16 v, uint16_t a,
                                                    int c, int room) LANE_C_FORM({
    (void)k, (void)w, (void)room;
    return lane_put_mixed(d, p, v, 32, a, c);
})

/*@ requires 1 <= m <= 32 && lanes_bmp32(v, m);
    requires \valid(d + (p .. p + mix_len(v, m, 0, 0, m) + (room ? 63 : -1)));
    assigns d[p .. p + mix_len(v, m, 0, 0, m) + (room ? 63 : -1)];
    exits \false;
    ensures \result == mix_len(v, m, 0, 0, m);
    ensures mix_stored(d, p, v, m, 0, 0); */
LANE_OP_512BW size_t v512_store_utf8_bmp_first_u16(const vec_enc_k *k, uint8_t *d, size_t p,
                                                   v512_u16 v, size_t m, int room)
    LANE_C_FORM({
        (void)k, (void)room;
        return lane_put_mixed(d, p, v, m, 0, 0);
    })

/*@ requires lanes_bmp32(v, 32);
    requires narrow != 0 <==> lanes_narrow32(v);
    requires \valid(d + (p .. p + mix_len(v, 32, 0, 0, 32) + (room ? 63 : -1)));
    assigns d[p .. p + mix_len(v, 32, 0, 0, 32) + (room ? 63 : -1)];
    exits \false;
    ensures \result == mix_len(v, 32, 0, 0, 32);
    ensures mix_stored(d, p, v, 32, 0, 0); */
LANE_OP_512BW size_t v512_store_utf8_bmp32_u16(const vec_enc_k *k, uint8_t *d, size_t p,
                                               v512_u16 v, int narrow, int room) LANE_C_FORM({
    (void)k, (void)narrow, (void)room;
    return lane_put_mixed(d, p, v, 32, 0, 0);
})

/*@ requires lanes_pairs32(v);
    requires \valid(d + (p .. p + mix_len(v, 32, 0, 0, 32) - 1));
    assigns d[p .. p + mix_len(v, 32, 0, 0, 32) - 1];
    exits \false;
    ensures \result == mix_len(v, 32, 0, 0, 32);
    ensures mix_stored(d, p, v, 32, 0, 0); */
LANE_OP_512BW size_t v512_store_utf8_pairs_u16(const vec_enc_k *k, uint8_t *d, size_t p,
                                               v512_u16 v) LANE_C_FORM({
    (void)k;
    return lane_put_mixed(d, p, v, 32, 0, 0);
})

/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> lanes_pairs32(v); */
LANE_OP_512BW int v512_pairs_u16(const vec_enc_k *k, v512_u16 v) LANE_C_FORM({
    (void)k;
    for (size_t t = 0; t < 32; t += 2)
        if (v.l[t] < 0xD800 || v.l[t] > 0xDBFF || v.l[t + 1] < 0xDC00 || v.l[t + 1] > 0xDFFF)
            return 0;
    return 1;
})

/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result == 0 <==> lanes_bmp32(v, 32); */
LANE_OP_512BW int v512_any_surrogate_u16(const vec_enc_k *k, v512_u16 v) LANE_C_FORM({
    (void)k;
    for (size_t t = 0; t < 32; t++)
        if (v.l[t] >= 0xD800 && v.l[t] <= 0xDFFF)
            return 1;
    return 0;
})

/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> is_high(v.l[31]) && is_low(a); */
LANE_OP_512BW int v512_pair_out_u16(const vec_enc_k *k, v512_u16 v, uint16_t a) LANE_C_FORM({
    (void)k;
    return v.l[31] >= 0xD800 && v.l[31] <= 0xDBFF && a >= 0xDC00 && a <= 0xDFFF;
})

/*@ assigns \nothing;
    exits \false;
    ensures \result == 0 || \result == 1;
    ensures \result != 0 <==> lanes_narrow32(v); */
LANE_OP_512BW int v512_none_wide_u16(const vec_enc_k *k, v512_u16 v) LANE_C_FORM({
    (void)k;
    for (size_t t = 0; t < 32; t++)
        if (v.l[t] >= 0x800)
            return 0;
    return 1;
})

/*@ requires i < n && \valid_read(s + (i .. n - 1));
    assigns \nothing;
    exits \false; */
LANE_OP_512BW void lane_prefetch_short_u16(const uint16_t *s, size_t i, size_t n) LANE_C_FORM({
    (void)s, (void)i, (void)n;
})
#endif

#endif
#endif
