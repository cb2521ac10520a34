/* SPDX-License-Identifier: Apache-2.0 */
/* The runs of ASCII of the UTF-8 vector kernels (internal, not installed
 * API), written in the lane operations of src/lane/ and proven from their
 * contracts (unit ascii, proofs/utf8_ascii.c): every load and store in
 * bounds, the frame, and what each returns.  src/utf8_vec.c includes this
 * header and inlines them into its kernels, so the text proven is the
 * text compiled.
 *
 * Their contracts say more than their trusted callers ask today (the
 * stop at a byte at or above 0x80, the units beyond the run untouched),
 * so that those callers can be proven from them in turn. */
#ifndef LEPACK_UTF8_ASCII_VEC_H
#define LEPACK_UTF8_ASCII_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "lane/load.h"
#include "lane/narrow.h"
#include "lane/sign.h"
#include "lane/widen.h"
#include "utf8_spec.h"

#if LEPACK_LANES

/*@ predicate ascii_bytes{L}(uint8_t *s, integer from, integer to) =
      \forall integer k; from <= k < to ==> s[k] < 0x80;
    predicate ascii_units_in{L}(uint16_t *s, integer from, integer to) =
      \forall integer k; from <= k < to ==> s[k] < 0x80;
    // The units the encoder's ASCII step takes from i: 32, or all that are
    // left when fewer.
    logic integer block32(integer n, integer i) = n - i >= 32 ? 32 : n - i;
    // The units the decoder's run below AVX-512 may write from i, when the
    // run of ASCII ends at r: the run's, and 16 from a block that starts
    // in the run at least 64 bytes from the end (at last_ahead at most).
    logic integer last_ahead(integer len, integer r) = r < len - 64 ? r : len - 64;
    logic integer ascii_room(integer len, integer i, integer r) =
      len - i >= 64 && last_ahead(len, r) + 16 > r ? last_ahead(len, r) + 16 - i : r - i; */

/* What a run of ASCII is to the decoder's specification (utf8_spec.h):
 * each byte one step of one unit.  Lemmas proven by induction (a loop);
 * they produce no code. */

/* A step takes at most 4 bytes and gives at least one unit: the text from
 * j gives at least (len - j) / 4 units, and at most len - j. */
/*@ ghost
/@ requires j <= len;
   assigns \nothing;
   exits \false;
   ensures len - j <= 4 * dlen(src, len, j) && 0 <= dlen(src, len, j) <= len - j; @/
void dlen_quarter(const uint8_t *src, size_t len, size_t j)
{
    size_t k = len;
    /@ loop invariant j <= k <= len;
       loop invariant \forall integer x; k <= x <= len ==>
         len - x <= 4 * dlen(src, len, x) && 0 <= dlen(src, len, x) <= len - x;
       loop assigns k;
       loop variant k - j; @/
    while (k > j)
        k--;
}
*/

/* Over a run of ASCII from i to x, the units and the steps left fall by
 * one a byte. */
/*@ ghost
/@ requires i <= x <= len && ascii_bytes(src, i, x);
   assigns \nothing;
   exits \false;
   ensures dlen(src, len, i) == (x - i) + dlen(src, len, x);
   ensures dseqs(src, len, i) == (x - i) + dseqs(src, len, x); @/
void dlen_ascii(const uint8_t *src, size_t len, size_t i, size_t x)
{
    size_t k = i;
    /@ loop invariant i <= k <= x;
       loop invariant dlen(src, len, i) == (k - i) + dlen(src, len, k);
       loop invariant dseqs(src, len, i) == (k - i) + dseqs(src, len, k);
       loop assigns k;
       loop variant x - k; @/
    while (k < x) {
        /@ assert one: src[k] < 0x80 && dstep(src, len, k) == 1 && dunits(src, len, k) == 1; @/
        k++;
    }
}
*/

/* Over a run of ASCII from the start of step m, step m + t starts t bytes
 * on and writes t units on. */
/*@ ghost
/@ requires i == dpos(src, len, m) && i <= j <= len && ascii_bytes(src, i, j);
   assigns \nothing;
   exits \false;
   ensures \forall integer k; m <= k <= m + (j - i) ==>
     dpos(src, len, k) == i + (k - m) && doff(src, len, k) == doff(src, len, m) + (k - m); @/
void dpos_ascii(const uint8_t *src, size_t len, size_t m, size_t i, size_t j)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= j - i;
       loop invariant \forall integer k; m <= k <= m + t ==>
         dpos(src, len, k) == i + (k - m) && doff(src, len, k) == doff(src, len, m) + (k - m);
       loop assigns t;
       loop variant j - i - t; @/
    while (t < j - i) {
        /@ assert ascii: src[i + t] < 0x80 && dstep(src, len, i + t) == 1 &&
             dunits(src, len, i + t) == 1; @/
        /@ assert here: dpos(src, len, m + t) == i + t &&
             doff(src, len, m + t) == doff(src, len, m) + t; @/
        /@ assert step: dpos(src, len, m + t + 1) == i + t + 1 &&
             doff(src, len, m + t + 1) == doff(src, len, m) + t + 1; @/
        t++;
    }
    /@ assert end: t == j - i; @/
}
*/

/* A run of ASCII src[i .. j) from the start of step m, each byte's unit at
 * d[o + (k - i)], is its steps' units, each where the decoder puts it. */
/*@ ghost
/@ requires i == dpos(src, len, m) && o == doff(src, len, m);
   requires i <= j <= len && ascii_bytes(src, i, j);
   requires \forall integer k; i <= k < j ==> d[o + (k - i)] == src[k];
   assigns \nothing;
   exits \false;
   ensures \forall integer k; m <= k < m + (j - i) ==>
     dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
     doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= o + (j - i);
   ensures dpos(src, len, m + (j - i)) == j && doff(src, len, m + (j - i)) == o + (j - i); @/
void ascii_steps(const uint8_t *src, size_t len, size_t m, size_t i, size_t j,
                 const uint16_t *d, size_t o)
{
    dpos_ascii(src, len, m, i, j);
    size_t t = 0;
    /@ loop invariant 0 <= t <= j - i;
       loop invariant \forall integer k; m <= k < m + t ==>
         dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
         doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= o + (j - i);
       loop assigns t;
       loop variant j - i - t; @/
    while (t < j - i) {
        /@ assert at: dpos(src, len, m + t) == i + t && doff(src, len, m + t) == o + t; @/
        /@ assert unit: src[i + t] < 0x80 && d[o + t] == src[i + t]; @/
        /@ assert one: dstep(src, len, i + t) == 1 && dunits(src, len, i + t) == 1 &&
             dunit0(src, len, i + t) == src[i + t]; @/
        /@ assert here: dunit_at(src, len, dpos(src, len, m + t), d, doff(src, len, m + t)) &&
             doff(src, len, m + t) + dunits(src, len, dpos(src, len, m + t)) <= o + (j - i); @/
        /@ assert upto: \forall integer k; m <= k <= m + t ==>
             dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
             doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= o + (j - i); @/
        t++;
    }
}
*/

/* The room the decoder's run below AVX-512 writes lies within the units
 * of the text from i. */
/*@ ghost
/@ requires i <= r <= len && ascii_bytes(src, i, r);
   assigns \nothing;
   exits \false;
   ensures ascii_room(len, i, r) <= dlen(src, len, i); @/
void ascii_room_fits(const uint8_t *src, size_t len, size_t i, size_t r)
{
    dlen_ascii(src, len, i, r);
    dlen_quarter(src, len, r);
    if (len - i >= 64) {
        size_t a = r < len - 64 ? r : len - 64;
        dlen_ascii(src, len, i, a);
        dlen_quarter(src, len, a);
    }
}
*/

/* The end of the run of ASCII bytes from src[i], to within the last 15
 * bytes: 16 bytes a step while 16 are left, and the first byte at or
 * above 0x80 of the block that has one. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1));
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 16 || src[\result] >= 0x80; */
static inline size_t vec_span_sse2(const uint8_t *src, size_t len, size_t i)
{
    /*@ loop invariant \at(i, Pre) <= i <= len && ascii_bytes(src, \at(i, Pre), i);
        loop assigns i;
        loop variant len - i; */
    while (len - i >= 16) {
        v128_u8 v = v128_load_u8(src, i);
        size_t f = v128_first_high_u8(v);
        if (f < 16)
            return i + f;
        i += 16;
    }
    return i;
}

/* The same, 32 bytes a step, then 16. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1));
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 16 || src[\result] >= 0x80; */
__attribute__((target("avx2"))) static inline size_t vec_span_avx2(const uint8_t *src, size_t len,
                                                                    size_t i)
{
    /*@ loop invariant \at(i, Pre) <= i <= len && ascii_bytes(src, \at(i, Pre), i);
        loop assigns i;
        loop variant len - i; */
    while (len - i >= 32) {
        v256_u8 v = v256_load_u8(src, i);
        size_t f = v256_first_high_u8(v);
        if (f < 32)
            return i + f;
        i += 32;
    }
    return vec_span_sse2(src, len, i);
}

/* The decoder's run of ASCII below AVX-512, 16 bytes a step: each byte
 * from src[i] as its unit at d[*qq ..], to the end of the run (or to the
 * start of its last block, within the last 63 bytes), with *qq moved past
 * its units.  A block the run ends
 * inside is stored whole, its units after the run included, when at least
 * 64 bytes are left from it (the rest of the text then gives at least 16
 * units, since a unit takes at most 3 bytes), so that the run needs no
 * scalar steps: d needs room for the run's units, and for 16 from any
 * place in the run at least 64 bytes from the end; later steps overwrite
 * the units after the run. */
/*@ requires i <= r <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires ascii_bytes(src, i, r) && (r == len || src[r] >= 0x80);
    requires *qq + ascii_room(len, i, r) <= SIZE_MAX;
    requires \valid(d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    assigns *qq, d[*qq .. *qq + ascii_room(len, i, r) - 1];
    exits \false;
    ensures i <= \result <= r && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 64 || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq + 16 <= x < \old(*qq) + ascii_room(len, i, r) ==>
              d[x] == \old(d[x]); */
static inline size_t vec_ascii_sse2(const uint8_t *src, size_t len, size_t i, uint16_t *d,
                                    size_t *qq) /*@ ghost (size_t r) */
{
    size_t q = *qq;
    /*@ loop invariant \at(i, Pre) <= i <= r && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + ascii_room(len, \at(i, Pre), r) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + ascii_room(len, \at(i, Pre), r) - 1];
        loop variant len - i; */
    while (len - i >= 16) {
        v128_u8 v = v128_load_u8(src, i);
        size_t k = v128_first_high_u8(v);
        if (k < 16) {
            if (k == 0 || len - i < 64)
                break;
            v128_store_widen_u8(d, q, v);
            q += k;
            i += k;
            break;
        }
        //@ assert ascii_bytes(src, \at(i, Pre), i + 16);
        v128_store_widen_u8(d, q, v);
        q += 16;
        i += 16;
    }
    *qq = q;
    return i;
}

/* The same, 32 bytes a step while 32 are left, then 16. */
/*@ requires i <= r <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires ascii_bytes(src, i, r) && (r == len || src[r] >= 0x80);
    requires *qq + ascii_room(len, i, r) <= SIZE_MAX;
    requires \valid(d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + ascii_room(len, i, r) - 1));
    assigns *qq, d[*qq .. *qq + ascii_room(len, i, r) - 1];
    exits \false;
    ensures i <= \result <= r && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 64 || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq + 16 <= x < \old(*qq) + ascii_room(len, i, r) ==>
              d[x] == \old(d[x]); */
__attribute__((target("avx2"))) static inline size_t vec_ascii_avx2(const uint8_t *src, size_t len,
                                                                     size_t i, uint16_t *d,
                                                                     size_t *qq) /*@ ghost (size_t r) */
{
    size_t q = *qq;
    /*@ loop invariant \at(i, Pre) <= i <= r && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + ascii_room(len, \at(i, Pre), r) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + ascii_room(len, \at(i, Pre), r) - 1];
        loop variant len - i; */
    while (len - i >= 32) {
        v256_u8 v = v256_load_u8(src, i);
        if (v256_first_high_u8(v) < 32)
            break;
        //@ assert ascii_bytes(src, \at(i, Pre), i + 32);
        v256_store_widen_u8(d, q, v);
        q += 32;
        i += 32;
    }
    *qq = q;
    return vec_ascii_sse2(src, len, i, d, qq) /*@ ghost (r) */;
}

/* The decoding and counting kernels below AVX-512 (lepack_vec_utf8_decode
 * and lepack_vec_utf8_count at SSE2 and AVX2): a run of ASCII, each byte
 * one step of one unit.  Their contracts are those of src/utf8_vec.h, with
 * d's room stated as the units of the text from i.  The ghost loop finds
 * where the run ends, which bounds what the run writes. */
/*@ requires i < len;
    requires \valid_read(src + (0 .. len - 1)) && \valid(q) && \valid(steps);
    requires *q + dlen(src, len, i) <= SIZE_MAX;
    requires \valid(d + (*q .. *q + dlen(src, len, i) - 1));
    requires \separated(d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1));
    requires \separated(q, steps, d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1));
    requires i == dpos(src, len, m) && *q == doff(src, len, m);
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
__attribute__((noinline, unused)) static size_t vec_decode_sse2(const uint8_t *src, size_t len,
                                                        size_t i, uint16_t *d, size_t *q,
                                                        size_t *steps) /*@ ghost (size_t m) */
{
    size_t j = i;
    /*@ ghost size_t q0 = *q; */
    if (src[i] < 0x80u) {
        /*@ ghost size_t r = i;
            /@ loop invariant i <= r <= len && ascii_bytes(src, i, r);
               loop assigns r;
               loop variant len - r; @/
            while (r < len && src[r] < 0x80u)
                r++;
            ascii_room_fits(src, len, i, r); */
        j = vec_ascii_sse2(src, len, i, d, q) /*@ ghost (r) */;
        /*@ ghost ascii_steps(src, len, m, i, j, d, q0); */
        /*@ ghost dlen_ascii(src, len, i, j); */
    }
    /*@ assert run: *q == \at(*q, Pre) + (j - i) &&
          \forall integer k; i <= k < j ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
    *steps = j - i;
    /*@ assert ascii: (\forall integer k; i <= k < j ==> src[k] < 0x80) ==>
          *q == \at(*q, Pre) + (j - i) &&
          \forall integer k; i <= k < j ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
    return j;
}

/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires \valid(q) && \separated(q, src + (0 .. len - 1));
    requires *q + dlen(src, len, i) <= len;
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result)); */
__attribute__((noinline, unused)) static size_t vec_count_sse2(const uint8_t *src, size_t len, size_t i,
                                                       size_t *q)
{
    size_t j = vec_span_sse2(src, len, i);
    /*@ ghost dlen_ascii(src, len, i, j); */
    /*@ ghost dlen_quarter(src, len, j); */
    *q += j - i;
    return j;
}

/* The same at AVX2, 32 bytes a step. */
/*@ requires i < len;
    requires \valid_read(src + (0 .. len - 1)) && \valid(q) && \valid(steps);
    requires *q + dlen(src, len, i) <= SIZE_MAX;
    requires \valid(d + (*q .. *q + dlen(src, len, i) - 1));
    requires \separated(d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1));
    requires \separated(q, steps, d + (*q .. *q + dlen(src, len, i) - 1), src + (0 .. len - 1));
    requires i == dpos(src, len, m) && *q == doff(src, len, m);
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
__attribute__((target("avx2,bmi,bmi2,popcnt"), unused)) static size_t vec_decode_avx2(
    const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t *q, size_t *steps) /*@ ghost (size_t m) */
{
    size_t j = i;
    /*@ ghost size_t q0 = *q; */
    if (src[i] < 0x80u) {
        /*@ ghost size_t r = i;
            /@ loop invariant i <= r <= len && ascii_bytes(src, i, r);
               loop assigns r;
               loop variant len - r; @/
            while (r < len && src[r] < 0x80u)
                r++;
            ascii_room_fits(src, len, i, r); */
        j = vec_ascii_avx2(src, len, i, d, q) /*@ ghost (r) */;
        /*@ ghost ascii_steps(src, len, m, i, j, d, q0); */
        /*@ ghost dlen_ascii(src, len, i, j); */
    }
    /*@ assert run: *q == \at(*q, Pre) + (j - i) &&
          \forall integer k; i <= k < j ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
    *steps = j - i;
    /*@ assert ascii: (\forall integer k; i <= k < j ==> src[k] < 0x80) ==>
          *q == \at(*q, Pre) + (j - i) &&
          \forall integer k; i <= k < j ==> d[\at(*q, Pre) + (k - i)] == src[k]; */
    return j;
}

/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires \valid(q) && \separated(q, src + (0 .. len - 1));
    requires *q + dlen(src, len, i) <= len;
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result)); */
__attribute__((target("avx2,bmi,bmi2,popcnt"), unused)) static size_t vec_count_avx2(const uint8_t *src, size_t len,
                                                                            size_t i, size_t *q)
{
    size_t j = vec_span_avx2(src, len, i);
    /*@ ghost dlen_ascii(src, len, i, j); */
    /*@ ghost dlen_quarter(src, len, j); */
    *q += j - i;
    return j;
}

/* The run of ASCII bytes from src[i], each as its unit at d[*qq ..]:
 * returns where it ends (len, or a byte at or above 0x80), with *qq moved
 * past its units.  Only the run's units are written: d needs room for
 * them and no more.  Whole blocks with plain loads and stores (clang 14
 * made the masked loop about 5x slower than AVX2 on long ASCII runs; gcc
 * did not), two a step, both tested at once; then a block, then the rest
 * by masked loads and stores. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires *qq <= SIZE_MAX - (len - i);
    requires \forall integer r; i <= r <= len && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq .. *qq + (r - i) - 1));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    assigns *qq, d[*qq .. *qq + (len - i) - 1];
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq <= x < \old(*qq) + (len - i) ==> d[x] == \old(d[x]); */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2"))) static inline
__attribute__((always_inline))
size_t vec_ascii_avx512(const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t *qq)
{
    size_t q = *qq;
    /* One test for two blocks: 245 instructions a call for 512 bytes,
     * against 347 a block at a time.  Both are read before either is written, as in
     * the encoder's runs, where a load after stores waited on them
     * wherever the output ran at the input's address less a multiple of
     * 4 KiB. */
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (len - i >= 128) {
        v512_u8 v0 = v512_load_u8(src, i);
        v512_u8 v1 = v512_load_u8(src, i + 64);
        if (!v512_none_high2_u8(v0, v1))
            break;
        //@ assert ascii_bytes(src, \at(i, Pre), i + 128);
        v512_store_widen_u8(d, q, v0);
        v512_store_widen_u8(d, q + 64, v1);
        q += 128;
        i += 128;
    }
    if (len - i >= 64) {
        v512_u8 v = v512_load_u8(src, i);
        if (v512_first_high_u8(v) == 64) {
            //@ assert ascii_bytes(src, \at(i, Pre), i + 64);
            v512_store_widen_u8(d, q, v);
            q += 64;
            i += 64;
        }
    }
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (i < len) {
        size_t n = len - i >= 64 ? 64 : len - i;
        v512_u8 v = v512_load_first_u8(src, i, n);
        size_t f = v512_first_high_u8(v);
        size_t k = f < n ? f : n;
        //@ assert ascii_bytes(src, \at(i, Pre), i + k);
        v512_store_widen_first_u8(d, q, v, k);
        q += k;
        i += k;
        /*@ assert \forall integer j; \at(i, Pre) <= j < i ==>
                     d[\at(*qq, Pre) + (j - \at(i, Pre))] == src[j]; */
        if (f < n)
            break;
    }
    *qq = q;
    return i;
}

/* The encoder's ASCII step: the next 32 units from s[i] (all that are
 * left, when fewer), as their bytes at d[p ..] when every one is ASCII:
 * returns how many; else 0, and nothing is written.  The tail in one
 * masked load and store. */
/*@ requires i < n && \valid_read(s + (i .. n - 1));
    requires ascii_units_in(s, i, i + block32(n, i)) ==>
               \valid(d + (p .. p + block32(n, i) - 1));
    requires \separated(d + (p .. p + block32(n, i) - 1), s + (i .. n - 1));
    assigns d[p .. p + block32(n, i) - 1];
    exits \false;
    behavior ascii:
      assumes ascii_units_in(s, i, i + block32(n, i));
      ensures \result == block32(n, i);
      ensures \forall integer k; i <= k < i + \result ==> d[p + (k - i)] == s[k];
    behavior not_ascii:
      assumes !ascii_units_in(s, i, i + block32(n, i));
      ensures \result == 0;
      ensures \forall integer x; p <= x < p + block32(n, i) ==> d[x] == \old(d[x]);
    complete behaviors;
    disjoint behaviors; */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2"))) static inline
size_t vec_ascii32_avx512(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t p)
{
    if (n - i >= 32) {
        v512_u16 v = v512_load_u16(s, i);
        //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] == s[i + t];
        if (!v512_none_high_u16(v))
            return 0;
        //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] % 256 == v.l[t];
        v512_store_narrow_u16(d, p, v);
        //@ assert \forall integer x; p <= x < p + 32 ==> d[x] == v.l[x - p];
        return 32;
    }
    size_t m = n - i;
    v512_u16 v = v512_load_first_u16(s, i, m);
    //@ assert block32(n, i) == m;
    //@ assert \forall integer t; 0 <= t < m ==> v.l[t] == s[i + t];
    if (!v512_none_high_u16(v))
        return 0;
    //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] % 256 == v.l[t];
    v512_store_narrow_first_u16(d, p, v, m);
    //@ assert \forall integer x; p <= x < p + m ==> d[x] == v.l[x - p];
    return m;
}

#endif
#endif
