/* SPDX-License-Identifier: Apache-2.0 */
/* The vector kernels of utf8_vec.h for x86-64: SSE2 everywhere, AVX2 and
 * AVX-512 (BW, VL, VBMI, VBMI2) when the CPU has them, chosen once at run time.
 * Elsewhere, and with -DLEPACK_PORTABLE, every kernel stops where it
 * starts and the proven scalar loops of utf8.c do all the work.
 *
 * Each kernel does only what the scalar steps would have done, unit by
 * unit (the contracts in utf8_vec.h), and stops at anything it does not
 * handle.  Stores stay inside the bytes the whole string will occupy (the
 * contracts allow a kernel to write there early: later steps overwrite
 * them), and never past them; the fuzzers compare every kernel level with
 * the scalar path (fuzz/fuzz_utf8_*.c). */
#include "utf8_vec.h"

/* VEC_KERNELS: this file holds the kernels and their dispatch (x86-64 with
 * gcc or clang, and Frama-C, which proves the dispatch from the kernels'
 * contracts).  VEC_INTRIN: their bodies, intrinsics, are compiled.  With
 * -DLEPACK_PORTABLE utf8_vec.h turns every kernel call into its start
 * position; on other targets each entry point below does so. */
#if defined(__FRAMAC__)
#define VEC_KERNELS 1
#define VEC_INTRIN 0
#elif defined(LEPACK_PORTABLE)
#define VEC_KERNELS 0
#define VEC_INTRIN 0
#elif defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC_KERNELS 1
#define VEC_INTRIN 1
#else
#define VEC_KERNELS 0
#define VEC_INTRIN 0
#endif

#if VEC_KERNELS

#include "utf8_ascii_vec.h"
#include "utf8_encode_avx2.h"
#include "utf8_encode_avx512.h"
#include "utf8_encode_vec.h"
#include "utf8_length_vec.h"
#include "utf8_mutf8_vec.h"

#if VEC_INTRIN

#include <immintrin.h>

#include "cpu.h"
#include "cpu_level.h"

#define LEPACK_AVX512 LANE_TARGET_512VBMI2 /* src/lane/bmp512.h */

/* The encoders, proven: src/utf8_encode_vec.h (SSE2), src/utf8_encode_avx2.h
 * (AVX2), src/utf8_encode_avx512.h (AVX-512); modified UTF-8's,
 * src/utf8_mutf8_vec.h; the length kernels, src/utf8_length_vec.h. */

/* Inlined by force: gcc calls it otherwise, and its struct goes through
 * the stack on every block. */
#define VEC_ALWAYS_INLINE inline __attribute__((always_inline))

/* ---- AVX-512: well-formed UTF-8, validated and counted --------------------
 * 64 bytes at a time, every byte checked against the three bytes before it
 * with the nibble lookups of Keiser and Lemire ("Validating UTF-8 in less
 * than one instruction per byte", 2021): an error bit at a byte says that
 * the bytes up to it are not the start of well-formed text.  The block
 * counts only up to its last sequence start e whose byte and every byte
 * before it are free of errors, so [0, e) is whole well-formed sequences,
 * each one step of the JDK's decoder: one unit per byte that is not a
 * continuation byte, one more per four-byte lead.  The bytes before the
 * block are taken as ASCII, which is what decoding from the block's start
 * means; past the end of the input, as zeros, so that a sequence the end
 * cuts short shows as an error at the first zero.
 *
 * Such a verdict decides where the next block starts, so blocks of
 * verdicts run one after the other.  The count goes first at a fixed
 * stride instead (vec_count_stride_avx512, each block checked with its
 * three bytes before), and takes one verdict's block only where the stride
 * stops: fewer than 64 bytes left, or an error. */

/* Error bits, one per way two bytes (the one before, b1, and this one, b2)
 * can break well-formedness; each table gives the bits its nibble allows,
 * and a byte's errors are the bits all three allow. */
#define E_SHORT 0x01u     /* a lead not followed by a continuation byte */
#define E_LONG 0x02u      /* a continuation byte after ASCII */
#define E_OVER3 0x04u     /* E0 80..9F */
#define E_LARGE 0x08u     /* F4 90..BF, F5..FF */
#define E_SURR 0x10u      /* ED A0..BF */
#define E_OVER2 0x20u     /* C0, C1 */
#define E_LARGE1000 0x40u /* F5..FF 80..8F; with F0, E_OVER4 */
#define E_OVER4 0x40u     /* F0 80..8F */
#define E_CONTS 0x80u     /* two continuation bytes (fine as a third or fourth) */
#define E_CARRY (E_SHORT | E_LONG | E_CONTS)

/* b1's high nibble. */
#define VEC_B1_HIGH                                                                           \
    E_LONG, E_LONG, E_LONG, E_LONG, E_LONG, E_LONG, E_LONG, E_LONG,                           \
    E_CONTS, E_CONTS, E_CONTS, E_CONTS,                                                       \
    E_SHORT | E_OVER2, E_SHORT, E_SHORT | E_OVER3 | E_SURR,                                   \
    E_SHORT | E_LARGE | E_LARGE1000 | E_OVER4
/* b1's low nibble. */
#define VEC_B1_LOW                                                                            \
    E_CARRY | E_OVER3 | E_OVER2 | E_OVER4, E_CARRY | E_OVER2, E_CARRY, E_CARRY,              \
    E_CARRY | E_LARGE, E_CARRY | E_LARGE | E_LARGE1000, E_CARRY | E_LARGE | E_LARGE1000,      \
    E_CARRY | E_LARGE | E_LARGE1000, E_CARRY | E_LARGE | E_LARGE1000,                         \
    E_CARRY | E_LARGE | E_LARGE1000, E_CARRY | E_LARGE | E_LARGE1000,                         \
    E_CARRY | E_LARGE | E_LARGE1000, E_CARRY | E_LARGE | E_LARGE1000,                         \
    E_CARRY | E_LARGE | E_LARGE1000 | E_SURR, E_CARRY | E_LARGE | E_LARGE1000,              \
    E_CARRY | E_LARGE | E_LARGE1000
/* b2's high nibble. */
#define VEC_B2_HIGH                                                                           \
    E_SHORT, E_SHORT, E_SHORT, E_SHORT, E_SHORT, E_SHORT, E_SHORT, E_SHORT,                   \
    E_LONG | E_OVER2 | E_CONTS | E_OVER3 | E_LARGE1000 | E_OVER4,                              \
    E_LONG | E_OVER2 | E_CONTS | E_OVER3 | E_LARGE,                                           \
    E_LONG | E_OVER2 | E_CONTS | E_SURR | E_LARGE,                                            \
    E_LONG | E_OVER2 | E_CONTS | E_SURR | E_LARGE,                                            \
    E_SHORT, E_SHORT, E_SHORT, E_SHORT

/* Lane k of VPERMT2B's index that moves each byte `by` lanes up, with
 * zeros (the second table's) into the lanes below `by`. */
#define VEC_IX(k, by) ((uint8_t)((k) < (by) ? 64 : (k) - (by)))
#define VEC_IX4(k, by) VEC_IX(k, by), VEC_IX((k) + 1, by), VEC_IX((k) + 2, by), VEC_IX((k) + 3, by)
#define VEC_IX16(k, by) VEC_IX4(k, by), VEC_IX4((k) + 4, by), VEC_IX4((k) + 8, by), VEC_IX4((k) + 12, by)
#define VEC_IX64(by) VEC_IX16(0, by), VEC_IX16(16, by), VEC_IX16(32, by), VEC_IX16(48, by)
/* Byte k + from of a block and the one after it in 16-bit lane k (the
 * first form), or the byte two after it (the second), for the 32 lanes of
 * the half block from byte `from`: indices into the block and the bytes
 * after it, for VPERMT2B.  Only lanes below the block's end are used, and
 * a sequence starting there ends before it or in the bytes after it. */
#define VEC_LB2(k, from) (uint8_t)((k) + (from)), (uint8_t)((k) + (from) + 1)
#define VEC_LB3(k, from) (uint8_t)((k) + (from) + 2), 0
#define VEC_LB_4(f, k, from) f(k, from), f((k) + 1, from), f((k) + 2, from), f((k) + 3, from)
#define VEC_LB_16(f, k, from)                                                          \
    VEC_LB_4(f, k, from), VEC_LB_4(f, (k) + 4, from), VEC_LB_4(f, (k) + 8, from),      \
        VEC_LB_4(f, (k) + 12, from)
#define VEC_LB_32(f, from) VEC_LB_16(f, 0, from), VEC_LB_16(f, 16, from)
/* A byte, a 16-bit lane, repeated over 64 bytes. */
#define VEC_B4(b) (uint8_t)(b), (uint8_t)(b), (uint8_t)(b), (uint8_t)(b)
#define VEC_B16(b) VEC_B4(b), VEC_B4(b), VEC_B4(b), VEC_B4(b)
#define VEC_B64(b) {VEC_B16(b), VEC_B16(b), VEC_B16(b), VEC_B16(b)}
#define VEC_W2(w) (uint8_t)(w), (uint8_t)((w) >> 8)
#define VEC_W8(w) VEC_W2(w), VEC_W2(w), VEC_W2(w), VEC_W2(w)
#define VEC_W32(w) {VEC_W8(w), VEC_W8(w), VEC_W8(w), VEC_W8(w), VEC_W8(w), VEC_W8(w), VEC_W8(w), VEC_W8(w)}

/* The decoding kernel's constants, in one read-only table, as the
 * encoder's (vec_enc_consts): on a short string each use is an operand
 * read from the cache, where a broadcast made in a register costs two
 * instructions on every call.  The long loops see the table itself
 * (VEC_DEC_LOOP), whose values the compiler knows and holds in registers
 * across the loop, as it did the broadcasts. */
typedef struct vec_dec_k {
    uint8_t b1h[64], b1l[64], b2h[64]; /* the error tables, in each 128-bit lane */
    uint8_t back[3][64];               /* lane k: k - 1, k - 2, k - 3 */
    uint8_t lanes[2][2][64];           /* [form][half] (VEC_LB2, VEC_LB3) */
    uint8_t n0F[64], n80[64], nBF[64], nC0[64], nC2[64], nE0[64], nF0[64]; /* bytes */
    uint8_t open_end[64];              /* a lead whose sequence runs past lane 63 */
    uint8_t w3F[64], wFF[64], wC0[64], wE0[64], wF0[64], w07[64], w0F[64]; /* 16-bit lanes */
    uint8_t w3F1F[64], w0140[64], wD7C0[64], wDC00[64];
} vec_dec_k;

static const vec_dec_k vec_dec_consts __attribute__((aligned(64))) = {
    {VEC_B1_HIGH, VEC_B1_HIGH, VEC_B1_HIGH, VEC_B1_HIGH},
    {VEC_B1_LOW, VEC_B1_LOW, VEC_B1_LOW, VEC_B1_LOW},
    {VEC_B2_HIGH, VEC_B2_HIGH, VEC_B2_HIGH, VEC_B2_HIGH},
    {{VEC_IX64(1)}, {VEC_IX64(2)}, {VEC_IX64(3)}},
    {{{VEC_LB_32(VEC_LB2, 0)}, {VEC_LB_32(VEC_LB2, 32)}},
     {{VEC_LB_32(VEC_LB3, 0)}, {VEC_LB_32(VEC_LB3, 32)}}},
    VEC_B64(0x0F), VEC_B64(0x80), VEC_B64(0xBF), VEC_B64(0xC0), VEC_B64(0xC2),
    VEC_B64(0xE0), VEC_B64(0xF0),
    {VEC_B16(0xFF), VEC_B16(0xFF), VEC_B16(0xFF), VEC_B4(0xFF), VEC_B4(0xFF), VEC_B4(0xFF),
     0xFF, 0xF0, 0xE0, 0xC0},
    VEC_W32(0x3F), VEC_W32(0xFF), VEC_W32(0xC0), VEC_W32(0xE0), VEC_W32(0xF0), VEC_W32(0x07),
    VEC_W32(0x0F), VEC_W32(0x3F1F), VEC_W32(0x0140), VEC_W32(0xD7C0), VEC_W32(0xDC00),
};

/* A short string's constants: the table, its values hidden from the
 * compiler (an empty asm may have changed the pointer), so that each use
 * reads it rather than making the value again. */
#define VEC_DEC_CONSTS(k)                 \
    const vec_dec_k *k = &vec_dec_consts; \
    __asm__("" : "+r"(k))
/* The long loops': the table as it is. */
#define VEC_DEC_LOOP(k) const vec_dec_k *k = &vec_dec_consts

/* A 64-byte constant of the table. */
#define VEC_K(k, f) _mm512_load_si512((const void *)(k)->f)

/* n bytes of the input from src + at (any at: the address is formed as an
 * integer, so a block at the start may ask for the bytes before it, which
 * the mask leaves unread) into the lanes of `live`, zeros elsewhere. */
LEPACK_AVX512
static inline __m512i vec_load_masked(const uint8_t *src, size_t at, size_t back, __mmask64 live)
{
    const void *p = (const void *)((uintptr_t)src + at - back);
    return _mm512_maskz_loadu_epi8(live, p);
}

/* What a block of n bytes at i holds: the sequence starts and four-byte
 * leads among its first `end` bytes, which are whole well-formed sequences
 * (end 0: none), and whether an error stops the kernel there. */
typedef struct vec_verdict {
    __mmask64 start, four;
    unsigned end;
    int stop;
} vec_verdict;

/* The lanes of x whose error bits are set, pk holding the byte k places
 * before each lane's. */
LEPACK_AVX512
static inline __mmask64 vec_errors_avx512(const vec_dec_k *k, __m512i x, __m512i p1, __m512i p2,
                                           __m512i p3)
{
    const __m512i nib = VEC_K(k, n0F);
    __m512i e = _mm512_ternarylogic_epi64(
        _mm512_shuffle_epi8(VEC_K(k, b1h), _mm512_and_si512(_mm512_srli_epi16(p1, 4), nib)),
        _mm512_shuffle_epi8(VEC_K(k, b1l), _mm512_and_si512(p1, nib)),
        _mm512_shuffle_epi8(VEC_K(k, b2h), _mm512_and_si512(_mm512_srli_epi16(x, 4), nib)),
        0x80); /* a & b & c */
    /* A third byte of E0..FF or a fourth of F0..FF must be a
     * continuation byte: there E_CONTS is expected, not an error (its bit
     * flipped: subtracting 0x80 changes bit 7 alone). */
    __mmask64 must = _mm512_cmpge_epu8_mask(p2, VEC_K(k, nE0)) |
                     _mm512_cmpge_epu8_mask(p3, VEC_K(k, nF0));
    e = _mm512_mask_sub_epi8(e, must, e, VEC_K(k, n80));
    return _mm512_test_epi8_mask(e, e);
}

/* The verdict of the n bytes of x (zeros past them), a block from a
 * sequence start: the bytes before it are taken as ASCII. */
LEPACK_AVX512
static inline vec_verdict vec_verdict_avx512(const vec_dec_k *k, __m512i x, unsigned n)
{
    vec_verdict v;
    /* Lane j of pb holds the byte b places back, zero below lane b: moved
     * within x, whose zeros past n are the input's end. */
    const __m512i zero = _mm512_setzero_si512();
    __m512i p1 = _mm512_permutex2var_epi8(x, VEC_K(k, back[0]), zero);
    __m512i p2 = _mm512_permutex2var_epi8(x, VEC_K(k, back[1]), zero);
    __m512i p3 = _mm512_permutex2var_epi8(x, VEC_K(k, back[2]), zero);
    __mmask64 bad = vec_errors_avx512(k, x, p1, p2, p3);
    /* Sequence starts: bytes other than 80..BF (the zeros past the end
     * included).  With n < 64 the zero at n may end the block. */
    __mmask64 start = _mm512_cmpgt_epi8_mask(x, VEC_K(k, nBF));
    unsigned cap = n < 64 ? n + 1 : 64;
    __mmask64 ends = _bzhi_u64(start, cap) & ~1ull;
    v.stop = ends == 0 || (bad & _bzhi_u64(~0ull, cap)) != 0;
    /* Below the first error too (tzcnt of none: 64).  Only a stopping
     * block needs it: kept off the common path, the next block's address
     * waits for the starts, not for the error lookups. */
    if (__builtin_expect(v.stop, 0))
        ends = _bzhi_u64(ends, (unsigned)_tzcnt_u64(bad));
    v.end = ends == 0 ? 0 : 63u - (unsigned)__builtin_clzll(ends);
    /* A whole block whose last sequence ends in it (no lead among its
     * last three bytes asks for a byte past it): all of it, so that the
     * next block starts at a whole 64 bytes.  Lanes 0-60 ask for 0xFF,
     * which a block without errors has none of below lane 63. */
    if (n == 64 && !v.stop && _mm512_cmpge_epu8_mask(x, VEC_K(k, open_end)) == 0)
        v.end = 64;
    __mmask64 body = _bzhi_u64(~0ull, v.end);
    v.start = start & body;
    v.four = _mm512_cmpge_epu8_mask(x, VEC_K(k, nF0)) & body;
    return v;
}

/* Whole blocks at a fixed stride, each checked with the three bytes before
 * it: no block's address waits for the one before (the verdict's end
 * does), so the blocks overlap in the pipeline.  Stops before the first
 * block with an error bit, or with fewer than 64 bytes left; returns the
 * last sequence start at or before that block, with *units the units of
 * the sequences before it.  Error bits at a sequence's bytes decide it
 * (a sequence cut short shows at its first byte that is not a
 * continuation byte), so the sequences wholly before the stopping block
 * are well-formed, and the one that runs into it is left to the verdicts. */
LEPACK_AVX512
static size_t vec_count_stride_avx512(const uint8_t *src, size_t len, size_t i, size_t *units)
{
    VEC_DEC_LOOP(k);
    size_t at = i, u = 0;
    while (len - at >= 64) {
        __m512i x = _mm512_loadu_si512((const void *)(src + at)), p1, p2, p3;
        if (at == i) { /* nothing before the first block: as ASCII */
            /* No bit shifted out (the integer sanitizer). */
            p1 = vec_load_masked(src, at, 1, (~0ull >> 1) << 1);
            p2 = vec_load_masked(src, at, 2, (~0ull >> 2) << 2);
            p3 = vec_load_masked(src, at, 3, (~0ull >> 3) << 3);
        } else {
            p1 = _mm512_loadu_si512((const void *)(src + at - 1));
            p2 = _mm512_loadu_si512((const void *)(src + at - 2));
            p3 = _mm512_loadu_si512((const void *)(src + at - 3));
        }
        if (vec_errors_avx512(k, x, p1, p2, p3) != 0)
            break;
        u += (size_t)_mm_popcnt_u64(_mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8((char)0xBF))) +
             (size_t)_mm_popcnt_u64(_mm512_cmpge_epu8_mask(x, _mm512_set1_epi8((char)0xF0)));
        at += 64;
    }
    if (at > i) {
        /* A lead whose sequence runs past at: take it back. */
        size_t s = at;
        if (src[at - 3] >= 0xF0u)
            s = at - 3;
        else if (src[at - 2] >= 0xE0u)
            s = at - 2;
        else if (src[at - 1] >= 0xC0u)
            s = at - 1;
        if (s < at)
            u -= src[s] >= 0xF0u ? 2u : 1u;
        at = s;
    }
    *units += u;
    return at;
}

LEPACK_AVX512
static size_t vec_count_avx512(const uint8_t *src, size_t len, size_t i, size_t *q)
{
    size_t units = 0;
    while (i < len) {
        /* Whole blocks at the stride; where it stops (fewer than 64 bytes
         * left, or an error in the block), one block of the verdict's. */
        size_t e = vec_count_stride_avx512(src, len, i, &units);
        if (e > i) {
            i = e;
            continue;
        }
        size_t left = len - i;
        unsigned n = left >= 64 ? 64u : (unsigned)left;
        __m512i x = vec_load_masked(src, i, 0, _bzhi_u64(~0ull, n));
        if (_mm512_movepi8_mask(x) == 0) { /* all ASCII */
            units += n;
            i += n;
            continue;
        }
        vec_verdict v = vec_verdict_avx512(&vec_dec_consts, x, n);
        units += (size_t)_mm_popcnt_u64(v.start) + (size_t)_mm_popcnt_u64(v.four);
        i += v.end;
        if (v.stop)
            break;
    }
    *q += units;
    return i;
}

/* ---- AVX-512: well-formed UTF-8 to UTF-16 ----------------------------------
 * Over a block's whole sequences, every byte's lane computes in 16 bits
 * what its sequence decodes to if it starts one (from the byte and the two
 * after it), and the lane after a four-byte lead the low surrogate; the
 * lanes of the starts, and of those low surrogates, are then compressed
 * into the output in order.  Which bytes are whole well-formed sequences
 * comes, in this order, from: a block of one- and two-byte sequences
 * checked with masks alone; a run of up to VEC_CHUNK bytes checked at the
 * counting kernel's stride, then decoded block by block while it is in
 * the cache; and where the stride stops, the verdict of one block. */

/* A lane's unit when its sequence is one byte (b0, the lane's first byte)
 * or, where b0 is a lead, two: the lead's five bits times 64 plus the next
 * byte's six, in one multiply-add of the lane's two bytes w.  The leads
 * are found again in the lanes rather than taken from the block's mask:
 * a half of a 64-bit mask register can cost a trip through memory. */
LEPACK_AVX512
static inline __m512i vec_units_1_2(const vec_dec_k *k, __m512i w, __m512i b0)
{
    __m512i two = _mm512_maddubs_epi16(_mm512_and_si512(w, VEC_K(k, w3F1F)),
                                       VEC_K(k, w0140));
    return _mm512_mask_mov_epi16(b0, _mm512_cmpge_epu16_mask(b0, VEC_K(k, wC0)), two);
}

/* The units of lanes `emit` of v, packed at out; returns their count. */
LEPACK_AVX512
static inline unsigned vec_put_units(uint16_t *out, __m512i v, __mmask32 emit)
{
    unsigned k = (unsigned)_mm_popcnt_u32(emit);
    _mm512_mask_storeu_epi16(out, _bzhi_u32(~0u, k), _mm512_maskz_compress_epi16(emit, v));
    return k;
}

/* The units of lanes `emit` of the half block of x from byte `from` (0 or
 * 32), `low` the lanes after a four-byte lead; returns their count.  The
 * last lanes of the second half take bytes 64 and 65 from xn, the bytes
 * after the block (a block that ends where its last sequence does passes
 * x again: none of its lanes reads them).  A block of one- and two-byte
 * sequences (`widest` 2) or up to three bytes (3) skips the forms it does
 * not hold. */
LEPACK_AVX512
static inline unsigned vec_decode32(const vec_dec_k *k, __m512i x, __m512i xn, unsigned from,
                                    int widest, __mmask32 emit, __mmask32 low, uint16_t *out)
{
    const __m512i m3f = VEC_K(k, w3F);
    unsigned h = from / 32;
    __m512i w = _mm512_permutex2var_epi8(x, VEC_K(k, lanes[0][h]), xn);
    __m512i b0 = _mm512_and_si512(w, VEC_K(k, wFF));
    __m512i v = vec_units_1_2(k, w, b0);
    if (widest > 2) {
        __m512i b1 = _mm512_srli_epi16(w, 8);
        __m512i c1 = _mm512_and_si512(b1, m3f);
        __m512i b2 = _mm512_maskz_permutex2var_epi8(0x5555555555555555ull, x,
                                                    VEC_K(k, lanes[1][h]), xn);
        __m512i c2 = _mm512_and_si512(b2, m3f);
        __m512i three = _mm512_or_si512(
            _mm512_or_si512(_mm512_slli_epi16(b0, 12), _mm512_slli_epi16(c1, 6)), c2);
        v = _mm512_mask_mov_epi16(v, _mm512_cmpge_epu16_mask(b0, VEC_K(k, wE0)), three);
        if (widest > 3) {
            /* 0xD800 + (cp - 0x10000) / 1024, cp / 1024 from the lead and
             * the two bytes after it. */
            __m512i high = _mm512_add_epi16(
                VEC_K(k, wD7C0),
                _mm512_or_si512(
                    _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(b0, VEC_K(k, w07)), 8),
                                    _mm512_slli_epi16(c1, 2)),
                    _mm512_srli_epi16(c2, 4)));
            /* In the lane after the lead: its third byte's low four bits
             * and its fourth byte's six. */
            __m512i lowu = _mm512_or_si512(
                VEC_K(k, wDC00),
                _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(b1, VEC_K(k, w0F)), 6),
                                c2));
            v = _mm512_mask_mov_epi16(v, _mm512_cmpge_epu16_mask(b0, VEC_K(k, wF0)), high);
            v = _mm512_mask_mov_epi16(v, low, lowu);
        }
    }
    return vec_put_units(out, v, emit);
}

/* A block of one- and two-byte sequences needs no lookups: it is
 * well-formed when each continuation byte follows a lead of C2..DF and
 * each lead is followed by one (a lead in the last lane of a whole block
 * is left to the next block; in a shorter one, the zero after the input
 * is no continuation).  Anything else is left to the stride's check. */
LEPACK_AVX512
static inline int vec_two_byte_block(__m512i x, unsigned n, vec_verdict *v)
{
    if (_mm512_cmpge_epu8_mask(x, _mm512_set1_epi8((char)0xE0)) != 0)
        return 0;
    __mmask64 lead = _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8((char)0xC0));
    __mmask64 cont = _mm512_movepi8_mask(x) & ~lead;
    if (cont != (lead & (~0ull >> 1)) << 1 ||
        (_mm512_cmplt_epu8_mask(x, _mm512_set1_epi8((char)0xC2)) & lead) != 0)
        return 0;
    v->end = n < 64 ? n : lead >> 63 ? 63u : 64u;
    v->start = ~cont & _bzhi_u64(~0ull, v->end);
    v->four = 0;
    v->stop = 0;
    return 1;
}

/* The units of a block's whole sequences (the verdict's), at out; returns
 * their count.  xn: the bytes after the block, where its last sequences
 * may end; carry (bit 0): lane 0 holds the low surrogate of a four-byte
 * lead in lane 63 of the block before. */
LEPACK_AVX512
static VEC_ALWAYS_INLINE size_t vec_decode_block(const vec_dec_k *k, __m512i x, __m512i xn,
                                                 const vec_verdict *v, __mmask64 carry,
                                                 uint16_t *out)
{
    __mmask64 low = ((v->four & (~0ull >> 1)) << 1) | carry, emit = v->start | low;
    __mmask64 big = _mm512_cmpge_epu8_mask(x, VEC_K(k, nE0)) & _bzhi_u64(~0ull, v->end);
    int widest = (v->four | carry) != 0 ? 4 : big != 0 ? 3 : 2;
    size_t got = vec_decode32(k, x, xn, 0, widest, (__mmask32)emit, (__mmask32)low, out);
    if (v->end > 32)
        got += vec_decode32(k, x, xn, 32, widest, (__mmask32)(emit >> 32),
                            (__mmask32)(low >> 32), out + got);
    return got;
}

/* How far ahead of its block the decoding kernel asks for the input, and
 * how much it checks before it decodes. */
#define VEC_AHEAD 512u
#define VEC_CHUNK 4096u

/* A run of whole blocks of one- and two-byte sequences at a fixed stride,
 * from i (a sequence start, i + 64 <= len) while they last: no block's
 * address waits for the one before (vec_two_byte_block's blocks end where
 * their last sequence does, so each load waited for the last lead of the
 * block before).  A lead in lane 63 takes its continuation from lane 0 of
 * the next block, loaded anyway (zeros past the input, which no lead
 * accepts), and is checked and decoded with its own block; that lane 0 is
 * then no sequence start.  Each block is checked as vec_two_byte_block
 * checks one, plus that pair across its edge, before any of its units is
 * written.  Returns where the run stopped (a sequence start: past such a
 * continuation), i when the first block does not pass; *qq and *seqs move
 * by the units and sequences decoded. */
LEPACK_AVX512
static size_t vec_two_byte_run_avx512(const uint8_t *src, size_t len, size_t i, uint16_t *d,
                                      size_t *qq, size_t *seqs)
{
    VEC_DEC_LOOP(k);
    const __m512i pairs = VEC_K(k, lanes[0][0]), pairs_hi = VEC_K(k, lanes[0][1]);
    const __m512i lead_min = _mm512_set1_epi8((char)0xC0), big_min = _mm512_set1_epi8((char)0xE0);
    const __m512i low_byte = _mm512_set1_epi16(0xFF);
    size_t q = *qq, n = 0;
    __mmask64 carry = 0; /* lane 0 continues the last block's lead */
    __m512i x = _mm512_loadu_si512((const void *)((uintptr_t)src + i));
    __mmask64 lead = _mm512_cmpge_epu8_mask(x, lead_min), high = _mm512_movepi8_mask(x);
    while (i + 64 <= len) {
        size_t rest = len - i - 64;
        if (rest > VEC_AHEAD)
            _mm_prefetch((const char *)((uintptr_t)src + i + 64 + VEC_AHEAD), _MM_HINT_T0);
        __m512i xn = vec_load_masked(src, i + 64, 0, _bzhi_u64(~0ull, rest >= 64 ? 64u : (unsigned)rest));
        __mmask64 lead_n = _mm512_cmpge_epu8_mask(xn, lead_min), high_n = _mm512_movepi8_mask(xn);
        __mmask64 cont = high & ~lead;
        if ((_mm512_cmpge_epu8_mask(x, big_min) |
             (_mm512_cmplt_epu8_mask(x, _mm512_set1_epi8((char)0xC2)) & lead)) != 0 ||
            cont != (((lead & (~0ull >> 1)) << 1) | carry) ||
            lead >> 63 != (high_n & ~lead_n & 1))
            break;
        __mmask64 start = ~cont;
        for (unsigned h = 0; h < 2; h++) {
            __m512i w = _mm512_permutex2var_epi8(x, h ? pairs_hi : pairs, xn);
            __m512i v = vec_units_1_2(k, w, _mm512_and_si512(w, low_byte));
            q += vec_put_units(d + q, v, (__mmask32)(start >> (32 * h)));
        }
        n += (size_t)_mm_popcnt_u64(start);
        carry = lead >> 63;
        x = xn;
        lead = lead_n;
        high = high_n;
        i += 64;
    }
    *qq = q;
    *seqs += n;
    return i + (size_t)carry;
}

/* src[i .. e), whole well-formed sequences (the stride's check), in blocks
 * at a fixed stride of 64 bytes, so that no block's address waits for the
 * one before.  A block decodes the sequences that start in it, its last
 * lanes reading their bytes from the next block's (loaded anyway; zeros
 * from e on, never read); a four-byte lead in lane 63 leaves its low
 * surrogate to lane 0 of the next block (carry). */
LEPACK_AVX512
static size_t vec_decode_run_avx512(const uint8_t *src, size_t i, size_t e, uint16_t *d,
                                    size_t *qq)
{
    VEC_DEC_LOOP(k);
    size_t q = *qq, seqs = 0;
    __mmask64 carry = 0;
    __m512i x = vec_load_masked(src, i, 0, _bzhi_u64(~0ull, e - i >= 64 ? 64u : (unsigned)(e - i)));
    while (i < e) {
        size_t left = e - i;
        unsigned n = left >= 64 ? 64u : (unsigned)left;
        size_t after = left - n;
        if (after > VEC_AHEAD)
            _mm_prefetch((const char *)((uintptr_t)src + i + 64 + VEC_AHEAD), _MM_HINT_T0);
        __m512i xn = vec_load_masked(src, i + 64, 0,
                                     _bzhi_u64(~0ull, after >= 64 ? 64u : (unsigned)after));
        __mmask64 body = _bzhi_u64(~0ull, n);
        vec_verdict v;
        v.end = n;
        v.start = _mm512_cmpgt_epi8_mask(x, _mm512_set1_epi8((char)0xBF)) & body;
        v.four = _mm512_cmpge_epu8_mask(x, _mm512_set1_epi8((char)0xF0)) & body;
        q += vec_decode_block(k, x, xn, &v, carry, d + q);
        seqs += (size_t)_mm_popcnt_u64(v.start);
        carry = v.four >> 63;
        x = xn;
        i += n;
    }
    *qq = q;
    return seqs;
}

LEPACK_AVX512
__attribute__((noinline)) static size_t vec_decode_avx512(const uint8_t *src, size_t len, size_t i,
                                                         uint16_t *d, size_t *qq, size_t *steps)
{
    /* The steps of the ASCII run before i (vec_utf8_decode_avx512) come in
     * *steps. */
    VEC_DEC_LOOP(kd);
    size_t q = *qq, seqs = *steps;
    /* Each block's address waits for the block before (where its last
     * sequence starts), so a block not yet in the cache would stall the
     * loop for the whole miss: the lines ahead are asked for early (a
     * prefetch never faults, past the end included). */
    for (size_t k = 0; k < VEC_AHEAD && k < len - i; k += 64)
        _mm_prefetch((const char *)((uintptr_t)src + i + k), _MM_HINT_T0);
    while (i < len) {
        size_t left = len - i;
        unsigned n = left >= 64 ? 64u : (unsigned)left;
        __m512i x = vec_load_masked(src, i, 0, _bzhi_u64(~0ull, n));
        if (_mm512_movepi8_mask(x) == 0) {
            /* ASCII: each byte one step and one unit, as far as it goes. */
            size_t j = vec_ascii_avx512(src, len, i, d, &q);
            seqs += j - i;
            i = j;
            continue;
        }
        vec_verdict v;
        if (vec_two_byte_block(x, n, &v)) {
            size_t j = n == 64 ? vec_two_byte_run_avx512(src, len, i, d, &q, &seqs) : i;
            if (j > i) {
                i = j;
                continue;
            }
            /* The last bytes, or a lead in lane 63 without its
             * continuation: the block (without that lead). */
            q += vec_decode_block(kd, x, x, &v, 0, d + q);
            seqs += (size_t)_mm_popcnt_u64(v.start);
            i += v.end;
            continue;
        }
        /* Up to a chunk checked at the counting kernel's stride, then
         * decoded without the lookups while it is in the cache. */
        size_t units = 0;
        size_t e = vec_count_stride_avx512(src, left > VEC_CHUNK ? i + VEC_CHUNK : len, i, &units);
        if (e > i) {
            seqs += vec_decode_run_avx512(src, i, e, d, &q);
            i = e;
            continue;
        }
        /* Fewer than 64 bytes left, or an error in this block. */
        v = vec_verdict_avx512(kd, x, n);
        if (v.end > 0) {
            q += vec_decode_block(kd, x, x, &v, 0, d + q);
            seqs += (size_t)_mm_popcnt_u64(v.start);
            i += v.end;
        }
        if (v.stop)
            break;
    }
    *qq = q;
    *steps = seqs;
    return i;
}

/* Up to how many bytes from i the decoding kernel takes in one pass. */
#define VEC_SHORT 256u

/* A short string in one pass: each block loaded once (masked: the zeros
 * past the input are its end), checked and decoded from the same
 * registers, the next block from where its last whole sequence ends.  No
 * stride and no constant made: on a few dozen bytes those cost more than
 * the blocks themselves. */

/* The n bytes of x at i, not all ASCII: returns whether the next block
 * follows (no error, input left). */
LEPACK_AVX512
static VEC_ALWAYS_INLINE int vec_short_mb(const vec_dec_k *k, __m512i x, unsigned n, size_t left,
                                          size_t *ii, uint16_t *d, size_t *qq, size_t *seqs)
{
    vec_verdict v = vec_verdict_avx512(k, x, n);
    *qq += vec_decode_block(k, x, x, &v, 0, d + *qq);
    *seqs += (size_t)_mm_popcnt_u64(v.start);
    *ii += v.end;
    return !v.stop && v.end < left;
}

/* The n bytes of x, all ASCII, at out. */
LEPACK_AVX512
static VEC_ALWAYS_INLINE void vec_short_ascii(__m512i x, __mmask64 live, uint16_t *out)
{
    /* The second store writes nothing when n <= 32 (its address formed as
     * an integer: it may lie past the output). */
    _mm512_mask_storeu_epi16(out, (__mmask32)live, _mm512_cvtepu8_epi16(_mm512_castsi512_si256(x)));
    _mm512_mask_storeu_epi16((void *)((uintptr_t)out + 64), (__mmask32)(live >> 32),
                             _mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(x, 1)));
}

/* The blocks after a short string's first. */
LEPACK_AVX512
__attribute__((noinline)) static size_t vec_decode_short_rest(const uint8_t *src, size_t len,
                                                              size_t i, uint16_t *d, size_t *qq,
                                                              size_t *steps)
{
    VEC_DEC_CONSTS(k);
    size_t q = *qq, seqs = *steps;
    for (;;) {
        size_t left = len - i;
        unsigned n = left >= 64 ? 64u : (unsigned)left;
        __mmask64 live = _bzhi_u64(~0ull, n);
        __m512i x = vec_load_masked(src, i, 0, live);
        if (_mm512_movepi8_mask(x) == 0) {
            vec_short_ascii(x, live, d + q);
            q += n;
            seqs += n;
            i += n;
            if (left > 64)
                continue;
            break;
        }
        if (!vec_short_mb(k, x, n, left, &i, d, &q, &seqs))
            break;
    }
    *qq = q;
    *steps = seqs;
    return i;
}

/* A short string's first block when not all ASCII: apart from the loop,
 * so that a string of one block pays for no loop's registers.  (Loaded
 * again: a vector argument would leave the upper halves of the registers
 * in use on return, which costs the caller's SSE code.) */
LEPACK_AVX512
__attribute__((noinline)) static size_t vec_decode_short_mb(const uint8_t *src, size_t len,
                                                            size_t i, uint16_t *d, size_t *qq,
                                                            size_t *steps)
{
    VEC_DEC_CONSTS(k);
    size_t left = len - i;
    unsigned n = left >= 64 ? 64u : (unsigned)left;
    __m512i x = vec_load_masked(src, i, 0, _bzhi_u64(~0ull, n));
    *steps = 0;
    if (vec_short_mb(k, x, n, left, &i, d, qq, steps))
        return vec_decode_short_rest(src, len, i, d, qq, steps);
    return i;
}

/* A short string (`ascii`: its first byte is): a first block of ASCII
 * here, without the frame of the others. */
LEPACK_AVX512
__attribute__((noinline)) static size_t vec_decode_short_avx512(const uint8_t *src, size_t len,
                                                                size_t i, uint16_t *d, size_t *qq,
                                                                size_t *steps, int ascii)
{
    size_t left = len - i;
    /* Every line of the string asked for at once, so that their misses
     * overlap: each block's address waits for the block before (strings
     * not in the cache decoded up to 4 times slower without).  The first
     * block's second line is the last one's, or one the loop asks for. */
    _mm_prefetch((const char *)(src + len - 1), _MM_HINT_T0);
    for (size_t b = 64; b < left; b += 64)
        _mm_prefetch((const char *)(src + i + b), _MM_HINT_T0);
    if (!ascii)
        return vec_decode_short_mb(src, len, i, d, qq, steps);
    unsigned n = left >= 64 ? 64u : (unsigned)left;
    __mmask64 live = _bzhi_u64(~0ull, n);
    __m512i x = vec_load_masked(src, i, 0, live);
    if (_mm512_movepi8_mask(x) != 0)
        return vec_decode_short_mb(src, len, i, d, qq, steps);
    vec_short_ascii(x, live, d + *qq);
    *qq += n;
    *steps = n;
    if (left > 64)
        return vec_decode_short_rest(src, len, i + n, d, qq, steps);
    return len;
}

/* The decoding kernel at AVX-512 from an ASCII byte: the run of ASCII
 * without the validating kernel's frame and setup, so that all-ASCII text
 * never pays for them; then that kernel, from where the run stops. */
LEPACK_AVX512
__attribute__((noinline)) static size_t vec_ascii_decode_avx512(const uint8_t *src, size_t len,
                                                                size_t i, uint16_t *d, size_t *q,
                                                                size_t *steps)
{
    size_t j = vec_ascii_avx512(src, len, i, d, q);
    *steps = j - i;
    if (j == len)
        return j;
    return vec_decode_avx512(src, len, j, d, q, steps);
}

/* The decoding kernel at AVX-512: each way in a jump (no vector code
 * here, so that it is inlined into the dispatch). */
static inline size_t vec_utf8_decode_avx512(const uint8_t *src, size_t len, size_t i, uint16_t *d,
                                            size_t *q, size_t *steps)
{
    /* The first byte read here by a plain load, on the short way too: a
     * masked load of a line not in the cache waited much longer than one
     * after a plain load had asked for it (ASCII strings of a pool out of
     * the cache decoded in about half the time with it). */
    int ascii = src[i] < 0x80u;
    if (len - i <= VEC_SHORT)
        return vec_decode_short_avx512(src, len, i, d, q, steps, ascii);
    if (ascii)
        return vec_ascii_decode_avx512(src, len, i, d, q, steps);
    *steps = 0;
    return vec_decode_avx512(src, len, i, d, q, steps);
}

#endif /* VEC_INTRIN */

/* ---- dispatch --------------------------------------------------------------
 * The level in use (src/cpu_level.h): the level + 1, 0 before the first
 * use.  Each entry point reads it once and jumps to its level's kernel
 * (AVX-512 tested first), so that a short string's way in is a load, two
 * compares and a jump, with no frame; the first use goes out of line
 * (vec_first_*), decides the level and runs that level's kernel.
 *
 * Two layers, as in src/items_x86.c.  The kernels above and the level
 * (vec_slot_now, vec_first) are intrinsics and atomics: WP sees only
 * their contracts, which are trusted (proofs/README.md).  Everything
 * below them (which kernel runs for which level, and that each kernel's
 * contract gives what the entry point's contract in utf8_vec.h promises)
 * is proven by WP (unit utf8_vec).  The kernels of utf8_ascii_vec.h,
 * utf8_length_vec.h (every level) and the encoders below AVX-512
 * (utf8_encode_vec.h, utf8_encode_avx2.h) are proven in their own units. */

#define VEC_SLOT(level) ((level) + 1)

/* Each level's choice is inlined by force into the entry point and its
 * first-use twin: a call would shuffle the arguments for one more jump. */
#if VEC_INTRIN
#define VEC_DISPATCH_INLINE inline __attribute__((always_inline))
#else
#define VEC_DISPATCH_INLINE inline
#endif

#if VEC_INTRIN

/* The features come from the dispatch module (src/cpu.h), which asks the
 * CPU once for every family. */
static int vec_cpu_level(void)
{
    unsigned f = lepack_cpu_features();
    const unsigned avx512 = LEPACK_CPU_AVX512F | LEPACK_CPU_AVX512BW | LEPACK_CPU_AVX512VL |
                            LEPACK_CPU_AVX512VBMI | LEPACK_CPU_AVX512VBMI2 | LEPACK_CPU_BMI2 |
                            LEPACK_CPU_POPCNT;
    const unsigned avx2 = LEPACK_CPU_AVX2 | LEPACK_CPU_BMI2 | LEPACK_CPU_POPCNT;
    if ((f & avx512) == avx512)
        return LEPACK_VEC_AVX512;
    if ((f & avx2) == avx2)
        return LEPACK_VEC_AVX2;
    return LEPACK_VEC_SSE2;
}

static int vec_slot;

static inline int vec_slot_now(void)
{
    return __atomic_load_n(&vec_slot, __ATOMIC_RELAXED);
}

/* Decides the level at the first use; returns its slot. */
__attribute__((noinline, cold)) static int vec_first(void)
{
    return VEC_SLOT(lepack_cpu_slot_level(&vec_slot, vec_cpu_level));
}

int lepack_vec_select(int level)
{
    return lepack_cpu_slot_select(&vec_slot, level, vec_cpu_level());
}

#else /* __FRAMAC__: the contracts of the kernels and of the level, trusted */

/* The slot read at a call, and decided at the first: any value (a slot
 * that names no level runs no kernel).  Neither writes what a proof
 * reads: the slot is this file's own, and no proven code reads it. */
/*@ assigns \nothing;
    exits \false; */
static int vec_slot_now(void);

/*@ assigns \nothing;
    exits \false; */
static int vec_first(void);

/* What every kernel of a family needs and gives: the entry point's
 * contract in utf8_vec.h, with the destination's room stated as the bytes
 * (or units) the kernel may write instead of the caller's whole buffer
 * (the encoders': vec_enc_args and vec_enc_done, in utf8_encode_vec.h;
 * modified UTF-8's: vec_menc_args and vec_menc_done, in utf8_mutf8_vec.h). */
/*@ predicate vec_len_args{L}(uint16_t *s, integer n, integer i, size_t *e1, size_t *e2) =
      i < n && \valid_read(s + (0 .. n - 1)) &&
      \valid(e1) && \valid(e2) && \separated(e1, e2, s + (0 .. n - 1)) &&
      boundary(s, n, i) && *e1 <= i && *e2 <= i;

    predicate vec_len_done{L1, L2}(uint16_t *s, integer n, integer i, integer r, size_t *e1,
                                   size_t *e2) =
      i <= r <= n && boundary{L2}(s, n, r) &&
      \at(*e1, L1) <= \at(*e1, L2) <= \at(*e1, L1) + (r - i) &&
      \at(*e2, L1) <= \at(*e2, L2) <= \at(*e2, L1) + (r - i) &&
      u8len{L2}(s, n, r) - r == u8len{L2}(s, n, i) - i + (\at(*e1, L2) - \at(*e1, L1)) +
                                 (\at(*e2, L2) - \at(*e2, L1));

    predicate vec_dec_args{L}(uint8_t *src, integer len, integer i, uint16_t *d, size_t *q,
                              size_t *steps, integer m) =
      i < len && \valid_read(src + (0 .. len - 1)) && \valid(q) && \valid(steps) &&
      *q + dlen(src, len, i) <= SIZE_MAX &&
      \valid(d + (*q .. *q + dlen(src, len, i) - 1)) &&
      \separated(d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1)) &&
      \separated(q, steps, d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1)) &&
      i == dpos(src, len, m) && *q == doff(src, len, m);

    predicate vec_count_args{L}(uint8_t *src, integer len, integer i, size_t *q) =
      i < len && \valid_read(src + (0 .. len - 1)) &&
      \valid(q) && \separated(q, src + (0 .. len - 1)) &&
      *q + dlen(src, len, i) <= len; */

/*@ requires vec_dec_args(src, len, i, d, q, steps, m);
    assigns *q, *steps, d[*q .. *q + dlen(src, len, i) - 1];
    exits \false;
    ensures i <= \result <= len && *steps <= \result - i;
    ensures \result == dpos(src, len, m + *steps) && *q == doff(src, len, m + *steps);
    ensures \old(*q) <= *q && *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result));
    ensures dseqs(src, len, \result) + *steps == dseqs(src, len, i);
    ensures \forall integer k; m <= k < m + *steps ==>
      dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
      doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= *q;
    ensures (\forall integer k; i <= k < \result ==> src[k] < 0x80) ==>
      *q == \old(*q) + (\result - i) &&
      \forall integer k; i <= k < \result ==> d[\old(*q) + (k - i)] == src[k]; */
static size_t vec_utf8_decode_avx512(const uint8_t *src, size_t len, size_t i, uint16_t *d,
                                     size_t *q, size_t *steps) /*@ ghost (size_t m) */;

/* The counting kernel stops where the run of well-formed sequences from i
 * does, so that lepack_vec_utf8_valid_run uses it too. */
/*@ requires vec_count_args(src, len, i, q);
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result));
    ensures wf_reach(src, len, i) ==> wf_reach(src, len, \result); */
static size_t vec_count_avx512(const uint8_t *src, size_t len, size_t i, size_t *q);

#endif /* VEC_INTRIN */

/* Over a run of ASCII bytes, each byte is a well-formed step of its own:
 * the run keeps a well-formed reach.  A lemma proven by induction (a
 * loop); it produces no code. */
/*@ ghost
/@ requires i <= j <= len && ascii_bytes(src, i, j) && wf_reach(src, len, i);
   assigns \nothing;
   exits \false;
   ensures wf_reach(src, len, j); @/
void wf_reach_ascii(const uint8_t *src, size_t len, size_t i, size_t j)
{
    size_t k = i;
    /@ loop invariant i <= k <= j && wf_reach(src, len, k);
       loop assigns k;
       loop variant j - k; @/
    while (k < j) {
        /@ assert step: src[k] < 0x80 && dstep(src, len, k) == 1; @/
        /@ assert well_formed_at(src, len, k); @/
        k++;
    }
}
*/

/* ---- UTF-16 to UTF-8 ---- */

/*@ requires vec_enc_args(s, n, i, d, p);
    assigns *p, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, p); */
static VEC_DISPATCH_INLINE size_t vec_encode_at(int l, const uint16_t *s, size_t n, size_t i,
                                                uint8_t *d, size_t *p)
{
    if (l == VEC_SLOT(LEPACK_VEC_AVX512))
        return vec_encode_avx512(s, n, i, d, p);
    switch (l) {
    case VEC_SLOT(LEPACK_VEC_AVX2):
        return vec_encode_avx2(s, n, i, d, p);
    case VEC_SLOT(LEPACK_VEC_SSE2):
        return vec_encode_sse2(s, n, i, d, p);
    default:
        return i;
    }
}

/*@ requires vec_enc_args(s, n, i, d, p);
    assigns *p, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, p); */
__attribute__((noinline, cold)) static size_t vec_first_encode(const uint16_t *s, size_t n,
                                                               size_t i, uint8_t *d, size_t *p)
{
    return vec_encode_at(vec_first(), s, n, i, d, p);
}

size_t lepack_vec_utf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                              size_t *p)
{
    (void)lim;
    int l = vec_slot_now();
    if (l == 0)
        return vec_first_encode(s, n, i, d, p);
    return vec_encode_at(l, s, n, i, d, p);
}

/* ---- UTF-16 to modified UTF-8: AVX-512 only ---- */

/*@ requires vec_menc_args(s, n, i, d, p);
    assigns *p, d[m8len(s, i) .. m8len(s, n) - 1];
    exits \false;
    ensures vec_menc_done(s, n, i, \result, d, p); */
__attribute__((noinline, cold)) static size_t vec_first_mutf8(const uint16_t *s, size_t n,
                                                              size_t i, uint8_t *d, size_t *p)
{
    return vec_first() == VEC_SLOT(LEPACK_VEC_AVX512) ? vec_mutf8_avx512(s, n, i, d, p) : i;
}

size_t lepack_vec_mutf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                               size_t *p)
{
    (void)lim;
    int l = vec_slot_now();
    if (l == VEC_SLOT(LEPACK_VEC_AVX512))
        return vec_mutf8_avx512(s, n, i, d, p);
    return l == 0 ? vec_first_mutf8(s, n, i, d, p) : i;
}

/* ---- the length of UTF-16 as UTF-8 ---- */

/*@ requires vec_len_args(s, n, i, e1, e2);
    assigns *e1, *e2;
    exits \false;
    ensures vec_len_done{Pre, Post}(s, n, i, \result, e1, e2); */
static VEC_DISPATCH_INLINE size_t vec_length_at(int l, const uint16_t *s, size_t n, size_t i,
                                                size_t *e1, size_t *e2)
{
    if (l == VEC_SLOT(LEPACK_VEC_AVX512))
        return vec_length_avx512(s, n, i, e1, e2);
    switch (l) {
    case VEC_SLOT(LEPACK_VEC_AVX2):
        return vec_length_avx2(s, n, i, e1, e2);
    case VEC_SLOT(LEPACK_VEC_SSE2):
        return vec_length_sse2(s, n, i, e1, e2);
    default:
        return i;
    }
}

/*@ requires vec_len_args(s, n, i, e1, e2);
    assigns *e1, *e2;
    exits \false;
    ensures vec_len_done{Pre, Post}(s, n, i, \result, e1, e2); */
__attribute__((noinline, cold)) static size_t vec_first_length(const uint16_t *s, size_t n,
                                                               size_t i, size_t *e1, size_t *e2)
{
    return vec_length_at(vec_first(), s, n, i, e1, e2);
}

size_t lepack_vec_utf8_length(const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2)
{
    int l = vec_slot_now();
    if (l == 0)
        return vec_first_length(s, n, i, e1, e2);
    return vec_length_at(l, s, n, i, e1, e2);
}

/* ---- UTF-8 to UTF-16: below AVX-512, ASCII runs only, each byte one
 * step ---- */

/*@ requires vec_dec_args(src, len, i, d, q, steps, m);
    assigns *q, *steps, d[*q .. *q + dlen(src, len, i) - 1];
    exits \false;
    ensures i <= \result <= len && *steps <= \result - i;
    ensures \result == dpos(src, len, m + *steps) && *q == doff(src, len, m + *steps);
    ensures \old(*q) <= *q && *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result));
    ensures dseqs(src, len, \result) + *steps == dseqs(src, len, i);
    ensures \forall integer k; m <= k < m + *steps ==>
      dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
      doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= *q;
    ensures (\forall integer k; i <= k < \result ==> src[k] < 0x80) ==>
      *q == \old(*q) + (\result - i) &&
      \forall integer k; i <= k < \result ==> d[\old(*q) + (k - i)] == src[k]; */
static VEC_DISPATCH_INLINE size_t vec_decode_at(int l, const uint8_t *src, size_t len, size_t i,
                                                uint16_t *d, size_t *q, size_t *steps)
    /*@ ghost (size_t m) */
{
    if (l == VEC_SLOT(LEPACK_VEC_AVX512))
        return vec_utf8_decode_avx512(src, len, i, d, q, steps) /*@ ghost (m) */;
    switch (l) {
    case VEC_SLOT(LEPACK_VEC_AVX2):
        return vec_decode_avx2(src, len, i, d, q, steps) /*@ ghost (m) */;
    case VEC_SLOT(LEPACK_VEC_SSE2):
        return vec_decode_sse2(src, len, i, d, q, steps) /*@ ghost (m) */;
    default:
        *steps = 0;
        return i;
    }
}

/*@ requires vec_dec_args(src, len, i, d, q, steps, m);
    assigns *q, *steps, d[*q .. *q + dlen(src, len, i) - 1];
    exits \false;
    ensures i <= \result <= len && *steps <= \result - i;
    ensures \result == dpos(src, len, m + *steps) && *q == doff(src, len, m + *steps);
    ensures \old(*q) <= *q && *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result));
    ensures dseqs(src, len, \result) + *steps == dseqs(src, len, i);
    ensures \forall integer k; m <= k < m + *steps ==>
      dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
      doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= *q;
    ensures (\forall integer k; i <= k < \result ==> src[k] < 0x80) ==>
      *q == \old(*q) + (\result - i) &&
      \forall integer k; i <= k < \result ==> d[\old(*q) + (k - i)] == src[k]; */
__attribute__((noinline, cold)) static size_t vec_first_decode(const uint8_t *src, size_t len,
                                                               size_t i, uint16_t *d, size_t *q,
                                                               size_t *steps)
    /*@ ghost (size_t m) */
{
    return vec_decode_at(vec_first(), src, len, i, d, q, steps) /*@ ghost (m) */;
}

size_t lepack_vec_utf8_decode(const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t lim,
                              size_t *q, size_t *steps) /*@ ghost (size_t m) */
{
    (void)lim;
    int l = vec_slot_now();
    size_t r;
    if (l == 0) {
        r = vec_first_decode(src, len, i, d, q, steps) /*@ ghost (m) */;
        /*@ assert first_ascii: (\forall integer k; i <= k < r ==> src[k] < 0x80) ==>
              *q == \at(*q, Pre) + (r - i) &&
              \forall integer k; i <= k < r ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
        return r;
    }
    r = vec_decode_at(l, src, len, i, d, q, steps) /*@ ghost (m) */;
    /*@ assert at_ascii: (\forall integer k; i <= k < r ==> src[k] < 0x80) ==>
          *q == \at(*q, Pre) + (r - i) &&
          \forall integer k; i <= k < r ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
    return r;
}

/* ---- the units of well-formed UTF-8: below AVX-512, ASCII runs only, one
 * unit per byte ---- */

/*@ requires vec_count_args(src, len, i, q);
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result)); */
static VEC_DISPATCH_INLINE size_t vec_count_at(int l, const uint8_t *src, size_t len, size_t i,
                                               size_t *q)
{
    if (l == VEC_SLOT(LEPACK_VEC_AVX512))
        return vec_count_avx512(src, len, i, q);
    switch (l) {
    case VEC_SLOT(LEPACK_VEC_AVX2):
        return vec_count_avx2(src, len, i, q);
    case VEC_SLOT(LEPACK_VEC_SSE2):
        return vec_count_sse2(src, len, i, q);
    default:
        return i;
    }
}

/*@ requires vec_count_args(src, len, i, q);
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result)); */
__attribute__((noinline, cold)) static size_t vec_first_count(const uint8_t *src, size_t len,
                                                              size_t i, size_t *q)
{
    return vec_count_at(vec_first(), src, len, i, q);
}

size_t lepack_vec_utf8_count(const uint8_t *src, size_t len, size_t i, size_t *q)
{
    int l = vec_slot_now();
    if (l == 0)
        return vec_first_count(src, len, i, q);
    return vec_count_at(l, src, len, i, q);
}

/* ---- the end of a well-formed run: the counting kernel at AVX-512, which
 * stops where the run does; below it, ASCII runs only ---- */

/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires wf_reach(src, len, i);
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && wf_reach(src, len, \result); */
static VEC_DISPATCH_INLINE size_t vec_valid_run_at(int l, const uint8_t *src, size_t len, size_t i)
{
    size_t j;
    if (l == VEC_SLOT(LEPACK_VEC_AVX512)) {
        size_t units = 0;
        /*@ ghost dlen_quarter(src, len, i); */
        return vec_count_avx512(src, len, i, &units);
    }
    switch (l) {
    case VEC_SLOT(LEPACK_VEC_AVX2):
        j = vec_span_avx2(src, len, i);
        break;
    case VEC_SLOT(LEPACK_VEC_SSE2):
        j = vec_span_sse2(src, len, i);
        break;
    default:
        return i;
    }
    /*@ ghost wf_reach_ascii(src, len, i, j); */
    return j;
}

/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires wf_reach(src, len, i);
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && wf_reach(src, len, \result); */
__attribute__((noinline, cold)) static size_t vec_first_valid_run(const uint8_t *src, size_t len,
                                                                  size_t i)
{
    return vec_valid_run_at(vec_first(), src, len, i);
}

size_t lepack_vec_utf8_valid_run(const uint8_t *src, size_t len, size_t i)
{
    int l = vec_slot_now();
    if (l == 0)
        return vec_first_valid_run(src, len, i);
    return vec_valid_run_at(l, src, len, i);
}

#else /* no vector code here */

int lepack_vec_select(int level)
{
    (void)level;
    return LEPACK_VEC_NONE;
}

#if !defined(LEPACK_PORTABLE)
/* Every entry point stops where it starts, which its contract allows. */
#define VEC_STOPS(name, params, ...)                                                         \
    size_t name params                                                                     \
    {                                                                                      \
        __VA_ARGS__;                                                                       \
        return i;                                                                          \
    }
VEC_STOPS(lepack_vec_utf8_encode,
          (const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim, size_t *p),
          (void)s, (void)n, (void)d, (void)lim, (void)p)
VEC_STOPS(lepack_vec_mutf8_encode,
          (const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim, size_t *p),
          (void)s, (void)n, (void)d, (void)lim, (void)p)
VEC_STOPS(lepack_vec_utf8_length, (const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2),
          (void)s, (void)n, (void)e1, (void)e2)
VEC_STOPS(lepack_vec_utf8_decode,
          (const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t lim, size_t *q,
           size_t *steps),
          (void)src, (void)len, (void)d, (void)lim, (void)q, *steps = 0)
VEC_STOPS(lepack_vec_utf8_count, (const uint8_t *src, size_t len, size_t i, size_t *q),
          (void)src, (void)len, (void)q)
VEC_STOPS(lepack_vec_utf8_valid_run, (const uint8_t *src, size_t len, size_t i),
          (void)src, (void)len)
#endif

#endif
