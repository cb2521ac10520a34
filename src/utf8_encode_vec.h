/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-16 to UTF-8 encoder at SSE2 (internal, not installed API),
 * written in the lane operations of src/lane/ and proven from their
 * contracts against the kernels' contract (vec_enc_args, vec_enc_done;
 * unit encode, proofs/utf8_encode.c).  src/utf8_vec.c includes this
 * header, so the text proven is the text compiled; the AVX2 encoder
 * (src/utf8_encode_avx2.h) falls back to it and uses its lemmas.
 *
 * Three forms need no byte shuffle: 16 ASCII units, 8 units of two bytes
 * each, 4 surrogate pairs.  For each, a lemma before the store gives the
 * units' lengths (so the store is known to be in the room), and one after
 * it carries the stored bytes into `encoded` (utf8_spec.h), a unit at a
 * time. */
#ifndef LEPACK_UTF8_ENCODE_VEC_H
#define LEPACK_UTF8_ENCODE_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "lane/encode.h"
#include "lane/load.h"
#include "utf8_spec.h"

#if LEPACK_LANES

/* What every encoding kernel needs and gives: lepack_vec_utf8_encode's
 * contract in utf8_vec.h, with the destination's room stated as the bytes
 * the kernel may write instead of the caller's whole buffer. */
/*@ predicate vec_enc_args{L}(uint16_t *s, integer n, integer i, uint8_t *d, size_t *p) =
      i < n && \valid_read(s + (0 .. n - 1)) && \valid(p) &&
      \valid(d + (u8len(s, n, i) .. u8len(s, n, n) - 1)) &&
      \separated(d + (u8len(s, n, i) .. u8len(s, n, n) - 1), s + (0 .. n - 1)) &&
      \separated(p, d + (u8len(s, n, i) .. u8len(s, n, n) - 1), s + (0 .. n - 1)) &&
      boundary(s, n, i) && *p == u8len(s, n, i) && u8len(s, n, n) <= SIZE_MAX &&
      (\forall integer k; i <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n));

    predicate vec_enc_done{L}(uint16_t *s, integer n, integer i, integer r, uint8_t *d,
                              size_t *p) =
      i <= r <= n && boundary(s, n, r) && *p == u8len(s, n, r) && encoded(s, n, i, r, d);

    // The bytes of units i .. j-1 end at or before o: a store from o on
    // leaves their encoding as it is.
    predicate enc_below{L}(uint16_t *s, integer n, integer i, integer j, integer o) =
      \forall integer k; i <= k < j ==> u8len(s, n, k) + enc_w(s, n, k) <= o; */

/* Lemmas: ghost functions proven by WP (a loop over the lanes where a
 * form has one); they produce no code. */

/* The encoding of units i .. j, from that of i .. j-1 and unit j's. */
/*@ ghost
/@ requires i <= j < n;
   requires encoded(s, n, i, j, d) && enc_unit(s, n, j, d);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, j + 1, d); @/
void enc_snoc(const uint16_t *s, size_t n, size_t i, size_t j, const uint8_t *d)
{
}
*/

/* The same for the bytes' end. */
/*@ ghost
/@ requires i <= j;
   requires enc_below(s, n, i, j, o) && u8len(s, n, j) + enc_w(s, n, j) <= o;
   assigns \nothing;
   exits \false;
   ensures enc_below(s, n, i, j + 1, o); @/
void enc_below_snoc(const uint16_t *s, size_t n, size_t i, size_t j, size_t o)
{
}
*/

/* Units i .. j-1 then j .. k-1, their bytes ending at o then at o2. */
/*@ ghost
/@ requires i <= j <= k && o <= o2;
   requires encoded(s, n, i, j, d) && enc_below(s, n, i, j, o);
   requires encoded(s, n, j, k, d) && enc_below(s, n, j, k, o2);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, k, d) && enc_below(s, n, i, k, o2); @/
void enc_join(const uint16_t *s, size_t n, size_t i, size_t j, size_t k, size_t o, size_t o2,
              const uint8_t *d)
{
}
*/

/* 16 ASCII units, loaded in a and b: one byte each. */
/*@ ghost
/@ requires i + 16 <= n;
   requires \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k];
   requires \forall integer k; i + 8 <= k < i + 16 ==> b.l[k - (i + 8)] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> a.l[t] < 0x80 && b.l[t] < 0x80;
   assigns \nothing;
   exits \false;
   ensures ascii: \forall integer k; i <= k < i + 16 ==> s[k] < 0x80;
   ensures len: \forall integer k; i <= k <= i + 16 ==> u8len(s, n, k) == u8len(s, n, i) + (k - i);
   ensures boundary(s, n, i + 16); @/
void enc_len_ascii16(const uint16_t *s, size_t n, size_t i, v128_u16 a, v128_u16 b)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant \forall integer k; i <= k < i + t ==> s[k] < 0x80;
       loop invariant \forall integer k; i + 8 <= k < i + 8 + t ==> s[k] < 0x80;
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert a.l[t] == s[i + t] && b.l[t] == s[i + 8 + t]; @/
        t++;
    }
    t = 0;
    /@ loop invariant 0 <= t <= 16;
       loop invariant \forall integer k; i <= k <= i + t ==> u8len(s, n, k) == u8len(s, n, i) + (k - i);
       loop assigns t;
       loop variant 16 - t; @/
    while (t < 16) {
        /@ assert s[i + t] < 0x80 && u8w(s, n, i + t) == 1; @/
        t++;
    }
}
*/

/* ... and their bytes, stored from p = u8len(i) by the narrowing store. */
/*@ ghost
/@ requires i + 16 <= n && p == u8len(s, n, i);
   requires \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k];
   requires \forall integer k; i + 8 <= k < i + 16 ==> b.l[k - (i + 8)] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> a.l[t] < 0x80 && b.l[t] < 0x80;
   requires \forall integer x; p <= x < p + 8 ==> d[x] == lane_sat8(a.l[x - p]);
   requires \forall integer x; p + 8 <= x < p + 16 ==> d[x] == lane_sat8(b.l[x - p - 8]);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + 16, d) && enc_below(s, n, i, i + 16, p + 16); @/
void enc_put_ascii16(const uint16_t *s, size_t n, size_t i, size_t p, const uint8_t *d,
                     v128_u16 a, v128_u16 b)
{
    enc_len_ascii16(s, n, i, a, b);
    size_t t = 0;
    /@ loop invariant 0 <= t <= 16;
       loop invariant encoded(s, n, i, i + t, d) && enc_below(s, n, i, i + t, p + t);
       loop assigns t;
       loop variant 16 - t; @/
    while (t < 16) {
        /@ assert u8len(s, n, i + t) == p + t && enc_w(s, n, i + t) == 1; @/
        /@ assert t < 8 ==> d[p + t] == lane_sat8(a.l[t]) && a.l[t] == s[i + t]; @/
        /@ assert t >= 8 ==> d[p + t] == lane_sat8(b.l[t - 8]) && b.l[t - 8] == s[i + t]; @/
        /@ assert d[p + t] == s[i + t] && enc_byte(s, n, i + t, 0) == s[i + t]; @/
        /@ assert enc_unit(s, n, i + t, d); @/
        enc_snoc(s, n, i, i + t, d);
        t++;
    }
}
*/

/* 8 units of two bytes each, loaded in a. */
/*@ ghost
/@ requires i + 8 <= n;
   requires \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> 0x80 <= a.l[t] < 0x800;
   assigns \nothing;
   exits \false;
   ensures len: \forall integer k; i <= k <= i + 8 ==>
     u8len(s, n, k) == u8len(s, n, i) + 2 * (k - i);
   ensures boundary(s, n, i + 8); @/
void enc_len_two8(const uint16_t *s, size_t n, size_t i, v128_u16 a)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant \forall integer k; i <= k <= i + t ==>
         u8len(s, n, k) == u8len(s, n, i) + 2 * (k - i);
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert a.l[t] == s[i + t] && 0x80 <= s[i + t] < 0x800; @/
        /@ assert u8w(s, n, i + t) == 2; @/
        t++;
    }
    /@ assert a.l[7] == s[i + 7] && 0x80 <= s[i + 7] < 0x800; @/
}
*/

/* ... and their bytes, stored from p = u8len(i): lead then continuation. */
/*@ ghost
/@ requires i + 8 <= n && p == u8len(s, n, i);
   requires \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> 0x80 <= a.l[t] < 0x800;
   requires \forall integer t; 0 <= t < 8 ==> d[p + 2 * t] == 0xC0 + a.l[t] / 64;
   requires \forall integer t; 0 <= t < 8 ==> d[p + 2 * t + 1] == 0x80 + a.l[t] % 64;
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + 8, d) && enc_below(s, n, i, i + 8, p + 16); @/
void enc_put_two8(const uint16_t *s, size_t n, size_t i, size_t p, const uint8_t *d, v128_u16 a)
{
    enc_len_two8(s, n, i, a);
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant encoded(s, n, i, i + t, d) && enc_below(s, n, i, i + t, p + 2 * t);
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert a.l[t] == s[i + t] && 0x80 <= s[i + t] < 0x800; @/
        /@ assert u8len(s, n, i + t) == p + 2 * t && enc_w(s, n, i + t) == 2; @/
        /@ assert d[p + 2 * t] == enc_byte(s, n, i + t, 0); @/
        /@ assert d[p + 2 * t + 1] == enc_byte(s, n, i + t, 1); @/
        /@ assert enc_at(s, n, i + t, d, p + 2 * t); @/
        /@ assert enc_unit(s, n, i + t, d); @/
        enc_snoc(s, n, i, i + t, d);
        t++;
    }
}
*/

/* 4 surrogate pairs, loaded in a: four bytes each, two per unit. */
/*@ ghost
/@ requires i + 8 <= n;
   requires \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k];
   requires lanes_pairs8(a);
   assigns \nothing;
   exits \false;
   ensures pairs: pair_at(s, n, i) && pair_at(s, n, i + 2) && pair_at(s, n, i + 4) &&
     pair_at(s, n, i + 6);
   ensures len: \forall integer k; i <= k <= i + 8 ==>
     u8len(s, n, k) == u8len(s, n, i) + 2 * (k - i);
   ensures boundary(s, n, i + 8);
   ensures values: pair_value(s, i) == pair_cp(a.l[0], a.l[1]) &&
     pair_value(s, i + 2) == pair_cp(a.l[2], a.l[3]) &&
     pair_value(s, i + 4) == pair_cp(a.l[4], a.l[5]) &&
     pair_value(s, i + 6) == pair_cp(a.l[6], a.l[7]); @/
void enc_len_pairs4(const uint16_t *s, size_t n, size_t i, v128_u16 a)
{
    /@ assert a.l[0] == s[i] && a.l[1] == s[i + 1] && a.l[2] == s[i + 2] &&
         a.l[3] == s[i + 3]; @/
    /@ assert a.l[4] == s[i + 4] && a.l[5] == s[i + 5] && a.l[6] == s[i + 6] &&
         a.l[7] == s[i + 7]; @/
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant \forall integer k; i <= k <= i + t ==>
         u8len(s, n, k) == u8len(s, n, i) + 2 * (k - i);
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert is_surrogate(s[i + t]); @/
        /@ assert t % 2 == 0 ==> pair_at(s, n, i + t); @/
        /@ assert t % 2 == 1 ==> pair_end(s, n, i + t); @/
        /@ assert u8w(s, n, i + t) == 2; @/
        t++;
    }
}
*/

/* A pair's four bytes at o = u8len(k) of its high unit k: the high unit's
 * encoding, and the low one's (none), after those of units i .. k-1. */
/*@ ghost
/@ requires i <= k && pair_at(s, n, k) && o == u8len(s, n, k) && o + 4 <= SIZE_MAX;
   requires four_bytes_at(d, o, pair_value(s, k));
   requires encoded(s, n, i, k, d) && enc_below(s, n, i, k, o);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, k + 2, d);
   ensures enc_below(s, n, i, k + 2, o + 4);
   ensures u8len(s, n, k + 2) == o + 4; @/
void enc_put_pair(const uint16_t *s, size_t n, size_t i, size_t k, size_t o, const uint8_t *d)
{
    /@ assert enc_w(s, n, k) == 4 && enc_w(s, n, k + 1) == 0; @/
    /@ assert u8len(s, n, k + 1) == o + 2 && u8len(s, n, k + 2) == o + 4; @/
    /@ assert enc_byte(s, n, k, 0) == 0xF0 + pair_value(s, k) / 262144; @/
    /@ assert enc_byte(s, n, k, 1) == 0x80 + pair_value(s, k) / 4096 % 64; @/
    /@ assert enc_byte(s, n, k, 2) == 0x80 + pair_value(s, k) / 64 % 64; @/
    /@ assert enc_byte(s, n, k, 3) == 0x80 + pair_value(s, k) % 64; @/
    /@ assert enc_at(s, n, k, d, o); @/
    enc_snoc(s, n, i, k, d);
    /@ assert enc_unit(s, n, k + 1, d); @/
    enc_snoc(s, n, i, k + 1, d);
    /@ assert enc_below(s, n, i, k, o + 4); @/
    /@ assert u8len(s, n, k) + enc_w(s, n, k) <= o + 4; @/
    enc_below_snoc(s, n, i, k, o + 4);
    /@ assert u8len(s, n, k + 1) + enc_w(s, n, k + 1) <= o + 4; @/
    enc_below_snoc(s, n, i, k + 1, o + 4);
}
*/

/* ... and their bytes, stored from p = u8len(i) (the facts of
 * enc_len_pairs4, which hold of the units alone, so that the store does
 * not hide them): a pair's four bytes at its high unit, none at its low
 * one. */
/*@ ghost
/@ requires i + 8 <= n && p == u8len(s, n, i) && p + 16 <= SIZE_MAX;
   requires pair_at(s, n, i) && pair_at(s, n, i + 2) && pair_at(s, n, i + 4) &&
     pair_at(s, n, i + 6);
   requires pair_value(s, i) == pair_cp(a.l[0], a.l[1]) &&
     pair_value(s, i + 2) == pair_cp(a.l[2], a.l[3]) &&
     pair_value(s, i + 4) == pair_cp(a.l[4], a.l[5]) &&
     pair_value(s, i + 6) == pair_cp(a.l[6], a.l[7]);
   requires four_bytes_at(d, p, pair_cp(a.l[0], a.l[1]));
   requires four_bytes_at(d, p + 4, pair_cp(a.l[2], a.l[3]));
   requires four_bytes_at(d, p + 8, pair_cp(a.l[4], a.l[5]));
   requires four_bytes_at(d, p + 12, pair_cp(a.l[6], a.l[7]));
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + 8, d) && enc_below(s, n, i, i + 8, p + 16); @/
void enc_put_pairs4(const uint16_t *s, size_t n, size_t i, size_t p, const uint8_t *d,
                    v128_u16 a)
{
    /@ assert encoded(s, n, i, i, d) && enc_below(s, n, i, i, p); @/
    enc_put_pair(s, n, i, i, p, d);
    enc_put_pair(s, n, i, i + 2, p + 4, d);
    enc_put_pair(s, n, i, i + 4, p + 8, d);
    enc_put_pair(s, n, i, i + 6, p + 12, d);
}
*/

/* lepack_vec_utf8_encode at SSE2: blocks of 16 ASCII units, of 8 units of
 * two bytes each, of 4 pairs; stops at the first block of none of these
 * forms, or with fewer than 16 units left. */
/*@ requires vec_enc_args(s, n, i, d, pp);
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, pp); */
__attribute__((unused)) static size_t vec_encode_sse2(const uint16_t *s, size_t n, size_t i,
                                                      uint8_t *d, size_t *pp)
{
    size_t p = *pp;
    /*@ ghost size_t i0 = i; */
    /*@ loop invariant i0 == \at(i, Pre) <= i <= n && boundary(s, n, i);
        loop invariant u8len(s, n, \at(i, Pre)) <= p == u8len(s, n, i);
        loop invariant encoded(s, n, \at(i, Pre), i, d) && enc_below(s, n, \at(i, Pre), i, p);
        loop invariant room: \forall integer k; i <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
        loop assigns i, p, d[u8len(s, n, \at(i, Pre)) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (n - i >= 16) {
        /*@ assert i + 16 <= n; */
        v128_u16 a = v128_load_u16(s, i);
        v128_u16 b = v128_load_u16(s, i + 8);
        if (v128_ascii2_u16(a, b)) {
            /*@ ghost enc_len_ascii16(s, n, i, a, b); */
            /*@ assert p + 16 == u8len(s, n, i + 16) <= u8len(s, n, n); */
            v128_store_pack_u16(d, p, a, b);
            /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
                  q + enc_w(s, n, k) <= p && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
                  enc_at(s, n, k, d, q); */
            /*@ assert kept: encoded(s, n, \at(i, Pre), i, d); */
            /*@ ghost enc_put_ascii16(s, n, i, p, d, a, b); */
            /*@ ghost enc_join(s, n, i0, i, i + 16, p, p + 16, d); */
            p += 16;
            i += 16;
            continue;
        }
        if (v128_two_byte_u16(a)) {
            /*@ ghost enc_len_two8(s, n, i, a); */
            /*@ assert p + 16 == u8len(s, n, i + 8) <= u8len(s, n, n); */
            v128_store_two_byte_u16(d, p, a);
            /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
                  q + enc_w(s, n, k) <= p && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
                  enc_at(s, n, k, d, q); */
            /*@ assert kept: encoded(s, n, \at(i, Pre), i, d); */
            /*@ ghost enc_put_two8(s, n, i, p, d, a); */
            /*@ ghost enc_join(s, n, i0, i, i + 8, p, p + 16, d); */
            p += 16;
            i += 8;
            continue;
        }
        if (v128_pairs_u16(a)) {
            /*@ ghost enc_len_pairs4(s, n, i, a); */
            /*@ assert p + 16 == u8len(s, n, i + 8) <= u8len(s, n, n); */
            v128_store_pairs_u16(d, p, a);
            /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
                  q + enc_w(s, n, k) <= p && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
                  enc_at(s, n, k, d, q); */
            /*@ assert kept: encoded(s, n, \at(i, Pre), i, d); */
            /*@ ghost enc_put_pairs4(s, n, i, p, d, a); */
            /*@ ghost enc_join(s, n, i0, i, i + 8, p, p + 16, d); */
            p += 16;
            i += 8;
            continue;
        }
        break;
    }
    *pp = p;
    return i;
}

#endif
#endif
