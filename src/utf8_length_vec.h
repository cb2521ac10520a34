/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 length kernels (internal, not installed API), written in the
 * lane operations of src/lane/ and proven from their contracts against
 * the contract of lepack_vec_utf8_length (src/utf8_vec.h; unit length,
 * proofs/utf8_length.c).  src/utf8_vec.c includes this header, so the
 * text proven is the text compiled.
 *
 * A block without a surrogate takes one byte a unit, one more for each
 * unit above 0x7F and one more again for each above 0x7FF: two counts of
 * lanes, which the lemmas below carry over to u8len (utf8_spec.h).  At
 * AVX-512 a block may hold pairs, whose halves take two bytes each: one
 * less for each surrogate, two more counts. */
#ifndef LEPACK_UTF8_LENGTH_VEC_H
#define LEPACK_UTF8_LENGTH_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "lane/count.h"
#include "lane/load.h"
#include "lane/pair.h"
#include "utf8_spec.h"

#if LEPACK_LANES

/*@ predicate no_surrogate_in{L}(uint16_t *s, integer from, integer to) =
      \forall integer k; from <= k < to ==> !(0xD800 <= s[k] <= 0xDFFF); */

/* Over 8 units without a surrogate, loaded in v, u8len grows by 8 and the
 * two counts of v's lanes.  Lemmas proven by induction (a loop over the
 * lanes); they produce no code. */
/*@ ghost
/@ requires i + 8 <= n;
   requires \forall integer k; i <= k < i + 8 ==> v.l[k - i] == s[k];
   requires no_surrogate_in(s, i, i + 8);
   assigns \nothing;
   exits \false;
   ensures u8len(s, n, i + 8) ==
     u8len(s, n, i) + 8 + lanes_above8(v, 0x7F, 8) + lanes_above8(v, 0x7FF, 8);
   ensures 0 <= lanes_above8(v, 0x7F, 8) <= 8 && 0 <= lanes_above8(v, 0x7FF, 8) <= 8; @/
void u8len_block8(const uint16_t *s, size_t n, size_t i, v128_u16 v)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant u8len(s, n, i + t) ==
         u8len(s, n, i) + t + lanes_above8(v, 0x7F, t) + lanes_above8(v, 0x7FF, t);
       loop invariant 0 <= lanes_above8(v, 0x7F, t) <= t && 0 <= lanes_above8(v, 0x7FF, t) <= t;
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert lane: v.l[t] == s[i + t] && !(0xD800 <= s[i + t] <= 0xDFFF); @/
        /@ assert width: u8w(s, n, i + t) ==
             1 + (s[i + t] > 0x7F ? 1 : 0) + (s[i + t] > 0x7FF ? 1 : 0); @/
        /@ assert next: u8len(s, n, i + t + 1) == u8len(s, n, i + t) + u8w(s, n, i + t); @/
        t++;
    }
}
*/

/* The same over 16 units. */
/*@ ghost
/@ requires i + 16 <= n;
   requires \forall integer k; i <= k < i + 16 ==> v.l[k - i] == s[k];
   requires no_surrogate_in(s, i, i + 16);
   assigns \nothing;
   exits \false;
   ensures u8len(s, n, i + 16) ==
     u8len(s, n, i) + 16 + lanes_above16(v, 0x7F, 16) + lanes_above16(v, 0x7FF, 16);
   ensures 0 <= lanes_above16(v, 0x7F, 16) <= 16 && 0 <= lanes_above16(v, 0x7FF, 16) <= 16; @/
void u8len_block16(const uint16_t *s, size_t n, size_t i, v256_u16 v)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 16;
       loop invariant u8len(s, n, i + t) ==
         u8len(s, n, i) + t + lanes_above16(v, 0x7F, t) + lanes_above16(v, 0x7FF, t);
       loop invariant 0 <= lanes_above16(v, 0x7F, t) <= t && 0 <= lanes_above16(v, 0x7FF, t) <= t;
       loop assigns t;
       loop variant 16 - t; @/
    while (t < 16) {
        /@ assert lane: v.l[t] == s[i + t] && !(0xD800 <= s[i + t] <= 0xDFFF); @/
        /@ assert width: u8w(s, n, i + t) ==
             1 + (s[i + t] > 0x7F ? 1 : 0) + (s[i + t] > 0x7FF ? 1 : 0); @/
        /@ assert next: u8len(s, n, i + t + 1) == u8len(s, n, i + t) + u8w(s, n, i + t); @/
        t++;
    }
}
*/

/* lepack_vec_utf8_length at SSE2: blocks of 8 units without a surrogate;
 * e1 counts the units above 0x7F, e2 those above 0x7FF.  Stops at the
 * first block with a surrogate, or with fewer than 8 units left. */
/*@ requires i <= n && \valid_read(s + (i .. n - 1));
    requires \valid(e1) && \valid(e2) && \separated(e1, e2, s + (i .. n - 1));
    requires boundary(s, n, i) && *e1 <= i && *e2 <= i;
    assigns *e1, *e2;
    exits \false;
    ensures i <= \result <= n && boundary(s, n, \result);
    ensures \old(*e1) <= *e1 <= \old(*e1) + (\result - i);
    ensures \old(*e2) <= *e2 <= \old(*e2) + (\result - i);
    ensures u8len(s, n, \result) - \result ==
            u8len(s, n, i) - i + (*e1 - \old(*e1)) + (*e2 - \old(*e2)); */
__attribute__((unused)) static size_t vec_length_sse2(const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2)
{
    size_t c1 = 0, c2 = 0;
    /*@ loop invariant \at(i, Pre) <= i <= n && boundary(s, n, i);
        loop invariant c1 <= i - \at(i, Pre) && c2 <= i - \at(i, Pre);
        loop invariant u8len(s, n, i) - i == u8len(s, n, \at(i, Pre)) - \at(i, Pre) + c1 + c2;
        loop assigns i, c1, c2;
        loop variant n - i; */
    while (n - i >= 8) {
        v128_u16 v = v128_load_u16(s, i);
        if (v128_any_surrogate_u16(v))
            break;
        /*@ ghost u8len_block8(s, n, i, v); */
        c1 += v128_count_above_u16(v, 0x7F);
        c2 += v128_count_above_u16(v, 0x7FF);
        i += 8;
    }
    *e1 += c1;
    *e2 += c2;
    return i;
}

/* lepack_vec_utf8_length at AVX2: blocks of 16 units, then of 8. */
/*@ requires i <= n && \valid_read(s + (i .. n - 1));
    requires \valid(e1) && \valid(e2) && \separated(e1, e2, s + (i .. n - 1));
    requires boundary(s, n, i) && *e1 <= i && *e2 <= i;
    assigns *e1, *e2;
    exits \false;
    ensures i <= \result <= n && boundary(s, n, \result);
    ensures \old(*e1) <= *e1 <= \old(*e1) + (\result - i);
    ensures \old(*e2) <= *e2 <= \old(*e2) + (\result - i);
    ensures u8len(s, n, \result) - \result ==
            u8len(s, n, i) - i + (*e1 - \old(*e1)) + (*e2 - \old(*e2)); */
__attribute__((target("avx2,bmi,bmi2,popcnt"), unused)) static size_t vec_length_avx2(
    const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2)
{
    size_t c1 = 0, c2 = 0;
    /*@ loop invariant \at(i, Pre) <= i <= n && boundary(s, n, i);
        loop invariant c1 <= i - \at(i, Pre) && c2 <= i - \at(i, Pre);
        loop invariant u8len(s, n, i) - i == u8len(s, n, \at(i, Pre)) - \at(i, Pre) + c1 + c2;
        loop assigns i, c1, c2;
        loop variant n - i; */
    while (n - i >= 16) {
        v256_u16 v = v256_load_u16(s, i);
        if (v256_any_surrogate_u16(v))
            break;
        /*@ ghost u8len_block16(s, n, i, v); */
        c1 += v256_count_above_u16(v, 0x7F);
        c2 += v256_count_above_u16(v, 0x7FF);
        i += 16;
    }
    *e1 += c1;
    *e2 += c2;
    return vec_length_sse2(s, n, i, e1, e2);
}


/* Over the first m units of 32 loaded in v, in which every surrogate
 * pairs inside them, u8len grows by m and four counts of v's lanes: a
 * surrogate is above 0x7F and 0x7FF like a unit of three bytes, and
 * above 0xD7FF, which takes the third byte back. */
/*@ ghost
/@ requires m <= 32 && i + m <= n;
   requires \forall integer k; i <= k < i + m ==> v.l[k - i] == s[k];
   requires lanes_paired32(v, m);
   requires boundary(s, n, i);
   assigns \nothing;
   exits \false;
   ensures u8len(s, n, i + m) == u8len(s, n, i) + m + lanes_above32(v, 0x7F, m) +
     (lanes_above32(v, 0x7FF, m) - lanes_above32(v, 0xD7FF, m) + lanes_above32(v, 0xDFFF, m));
   ensures 0 <= lanes_above32(v, 0x7F, m) <= m;
   ensures 0 <= lanes_above32(v, 0xDFFF, m) <= lanes_above32(v, 0xD7FF, m) <=
           lanes_above32(v, 0x7FF, m) <= m;
   ensures lanes_above32(v, 0x7FF, m) - lanes_above32(v, 0xD7FF, m) +
           lanes_above32(v, 0xDFFF, m) <= m;
   ensures boundary(s, n, i + m); @/
void u8len_block32(const uint16_t *s, size_t n, size_t i, v512_u16 v, size_t m)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant u8len(s, n, i + t) == u8len(s, n, i) + t + lanes_above32(v, 0x7F, t) +
         (lanes_above32(v, 0x7FF, t) - lanes_above32(v, 0xD7FF, t) + lanes_above32(v, 0xDFFF, t));
       loop invariant 0 <= lanes_above32(v, 0x7F, t) <= t;
       loop invariant 0 <= lanes_above32(v, 0xDFFF, t) <= lanes_above32(v, 0xD7FF, t) <=
                      lanes_above32(v, 0x7FF, t) <= t;
       loop invariant lanes_above32(v, 0x7FF, t) - lanes_above32(v, 0xD7FF, t) +
                      lanes_above32(v, 0xDFFF, t) <= t;
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert lane: v.l[t] == s[i + t]; @/
        /@ assert high: 0xD800 <= s[i + t] <= 0xDBFF ==>
             t + 1 < m && 0xDC00 <= s[i + t + 1] <= 0xDFFF; @/
        /@ assert low: 0xDC00 <= s[i + t] <= 0xDFFF ==>
             0 < t && 0xD800 <= s[i + t - 1] <= 0xDBFF; @/
        /@ assert width: u8w(s, n, i + t) ==
             1 + (s[i + t] > 0x7F ? 1 : 0) + (s[i + t] > 0x7FF ? 1 : 0) -
             (s[i + t] > 0xD7FF ? 1 : 0) + (s[i + t] > 0xDFFF ? 1 : 0); @/
        /@ assert next: u8len(s, n, i + t + 1) == u8len(s, n, i + t) + u8w(s, n, i + t); @/
        t++;
    }
}
*/

#define LENGTH_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2,popcnt"), unused))

/* lepack_vec_utf8_length at AVX-512: blocks of 32 units whose surrogates
 * all pair inside them (31 when the last is a high, so that its pair is
 * the next block's), the last block in one masked load (its lanes past
 * the string are 0: no surrogate, above no bound); then, from the first
 * block with a surrogate out of its pair, the AVX2 kernel. */
/*@ requires i <= n && \valid_read(s + (i .. n - 1));
    requires \valid(e1) && \valid(e2) && \separated(e1, e2, s + (i .. n - 1));
    requires boundary(s, n, i) && *e1 <= i && *e2 <= i;
    assigns *e1, *e2;
    exits \false;
    ensures i <= \result <= n && boundary(s, n, \result);
    ensures \old(*e1) <= *e1 <= \old(*e1) + (\result - i);
    ensures \old(*e2) <= *e2 <= \old(*e2) + (\result - i);
    ensures u8len(s, n, \result) - \result ==
            u8len(s, n, i) - i + (*e1 - \old(*e1)) + (*e2 - \old(*e2)); */
LENGTH_AVX512 static size_t vec_length_avx512(const uint16_t *s, size_t n, size_t i, size_t *e1,
                                              size_t *e2)
{
    size_t c1 = 0, c2 = 0;
    /*@ loop invariant \at(i, Pre) <= i <= n && boundary(s, n, i);
        loop invariant c1 <= i - \at(i, Pre) && c2 <= i - \at(i, Pre);
        loop invariant u8len(s, n, i) - i == u8len(s, n, \at(i, Pre)) - \at(i, Pre) + c1 + c2;
        loop assigns i, c1, c2;
        loop variant n - i; */
    while (i < n) {
        size_t left = n - i;
        v512_u16 v;
        if (left >= 32)
            v = v512_load_u16(s, i);
        else
            v = v512_load_first_u16(s, i, left);
        size_t m = v512_paired_lanes_u16(v);
        if (m == 0)
            break;
        if (m > left) {
            /*@ assert zeros: \forall integer t; left <= t < 32 ==> v.l[t] == 0; */
            m = left;
        }
        /*@ assert lanes_paired32(v, m); */
        /*@ ghost u8len_block32(s, n, i, v, m); */
        c1 += v512_count_above_first_u16(v, 0x7F, m);
        c2 += v512_count_above_first_u16(v, 0x7FF, m) - v512_count_above_first_u16(v, 0xD7FF, m) +
              v512_count_above_first_u16(v, 0xDFFF, m);
        i += m;
    }
    *e1 += c1;
    *e2 += c2;
    return vec_length_avx2(s, n, i, e1, e2);
}

#endif
#endif
