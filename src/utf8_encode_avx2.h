/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-16 to UTF-8 encoder at AVX2 (internal, not installed API),
 * written in the lane operations of src/lane/ and proven from their
 * contracts against the kernels' contract (vec_enc_args, vec_enc_done of
 * src/utf8_encode_vec.h; unit encode, proofs/utf8_encode.c).
 * src/utf8_vec.c includes this header, so the text proven is the text
 * compiled.
 *
 * Four forms: 16 ASCII units; 8 units of the Basic Multilingual Plane, of
 * 1 to 3 bytes each in any order (lane/bmp.h); 8 surrogate pairs; else
 * the SSE2 encoder's forms, whose contract the kernel calls. */
#ifndef LEPACK_UTF8_ENCODE_AVX2_H
#define LEPACK_UTF8_ENCODE_AVX2_H

#include <stddef.h>
#include <stdint.h>

#include "lane/bmp.h"
#include "lane/count.h"
#include "lane/half.h"
#include "utf8_encode_vec.h"

#if LEPACK_LANES

/* Lemmas: ghost functions proven by WP; they produce no code. */

/* Every unit has a share of at least one byte: m units from j on take at
 * least m bytes (the mixed form's second store ends in them). */
/*@ ghost
/@ requires 0 <= j && j + m <= n;
   assigns \nothing;
   exits \false;
   ensures u8len(s, n, j + m) >= u8len(s, n, j) + m; @/
void enc_len_grows(const uint16_t *s, size_t n, size_t j, size_t m)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant u8len(s, n, j + t) >= u8len(s, n, j) + t;
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert u8w(s, n, j + t) >= 1; @/
        t++;
    }
}
*/

/* The bytes of units i .. j-1 end at u8len(j) when j is a boundary: a
 * pair's four bytes, which its first unit writes, end where its second
 * unit's share does. */
/*@ ghost
/@ requires 0 <= i <= j <= n && boundary(s, n, j);
   assigns \nothing;
   exits \false;
   ensures enc_below(s, n, i, j, u8len(s, n, j)); @/
void enc_below_len(const uint16_t *s, size_t n, size_t i, size_t j)
{
    size_t k = i;
    /@ loop invariant i <= k <= j;
       loop invariant pair_end(s, n, k) ==> enc_below(s, n, i, k, u8len(s, n, k) + 2);
       loop invariant !pair_end(s, n, k) ==> enc_below(s, n, i, k, u8len(s, n, k));
       loop assigns k;
       loop variant j - k; @/
    while (k < j) {
        /@ assert u8len(s, n, k + 1) == u8len(s, n, k) + u8w(s, n, k); @/
        /@ assert pair_end(s, n, k) ==> u8w(s, n, k) == 2 && enc_w(s, n, k) == 0 &&
             !pair_end(s, n, k + 1); @/
        /@ assert pair_at(s, n, k) ==> u8w(s, n, k) == 2 && enc_w(s, n, k) == 4 &&
             pair_end(s, n, k + 1); @/
        /@ assert !pair_at(s, n, k) && !pair_end(s, n, k) ==>
             enc_w(s, n, k) == u8w(s, n, k) && !pair_end(s, n, k + 1); @/
        k++;
    }
}
*/

/* 8 units without a surrogate, loaded in h: each of bmp_w bytes. */
/*@ ghost
/@ requires i + 8 <= n;
   requires \forall integer k; i <= k < i + 8 ==> h.l[k - i] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> !(0xD800 <= h.l[t] <= 0xDFFF);
   assigns \nothing;
   exits \false;
   ensures len: \forall integer t; 0 <= t <= 8 ==>
     u8len(s, n, i + t) == u8len(s, n, i) + lanes_bmp_len(h, t);
   ensures boundary(s, n, i + 8); @/
void enc_len_bmp8(const uint16_t *s, size_t n, size_t i, v128_u16 h)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant \forall integer x; 0 <= x <= t ==>
         u8len(s, n, i + x) == u8len(s, n, i) + lanes_bmp_len(h, x);
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert h.l[t] == s[i + t] && !(0xD800 <= s[i + t] <= 0xDFFF); @/
        /@ assert u8w(s, n, i + t) == bmp_w(h.l[t]); @/
        /@ assert lanes_bmp_len(h, t + 1) == lanes_bmp_len(h, t) + bmp_w(h.l[t]); @/
        t++;
    }
    /@ assert h.l[7] == s[i + 7] && !is_high(s[i + 7]); @/
}
*/

/* Unit i + t of them (lane t of h): its bytes at its offset, and where
 * they end. */
/*@ ghost
/@ requires 0 <= t < 8 && i + 8 <= n;
   requires h.l[t] == s[i + t] && !(0xD800 <= s[i + t] <= 0xDFFF);
   requires u8len(s, n, i + t) == p + lanes_bmp_len(h, t);
   requires bmp_bytes_at(d, p + lanes_bmp_len(h, t), h.l[t]);
   requires enc_below(s, n, i, i + t, p + lanes_bmp_len(h, t));
   assigns \nothing;
   exits \false;
   ensures enc_unit(s, n, i + t, d);
   ensures enc_below(s, n, i, i + t + 1, p + lanes_bmp_len(h, t + 1)); @/
void enc_put_bmp1(const uint16_t *s, size_t n, size_t i, size_t t, size_t p, const uint8_t *d,
                  v128_u16 h)
{
    /@ assert lanes_bmp_len(h, t + 1) == lanes_bmp_len(h, t) + bmp_w(h.l[t]); @/
    /@ assert enc_w(s, n, i + t) == bmp_w(s[i + t]) <= 3; @/
    /@ assert bmp_bytes_at(d, u8len(s, n, i + t), s[i + t]); @/
    /@ assert enc_byte(s, n, i + t, 0) == bmp_byte(s[i + t], 0); @/
    /@ assert enc_byte(s, n, i + t, 1) == bmp_byte(s[i + t], 1); @/
    /@ assert enc_byte(s, n, i + t, 2) == bmp_byte(s[i + t], 2); @/
    /@ assert enc_at(s, n, i + t, d, u8len(s, n, i + t)); @/
    /@ assert enc_below(s, n, i, i + t, p + lanes_bmp_len(h, t + 1)); @/
}
*/

/* ... and the 8 units' bytes, stored from p = u8len(i) by the mixed form. */
/*@ ghost
/@ requires i + 8 <= n && p == u8len(s, n, i);
   requires \forall integer k; i <= k < i + 8 ==> h.l[k - i] == s[k];
   requires \forall integer t; 0 <= t < 8 ==> !(0xD800 <= h.l[t] <= 0xDFFF);
   requires len: \forall integer t; 0 <= t <= 8 ==>
     u8len(s, n, i + t) == p + lanes_bmp_len(h, t);
   requires \forall integer t; 0 <= t < 8 ==> bmp_bytes_at(d, p + lanes_bmp_len(h, t), h.l[t]);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + 8, d) && enc_below(s, n, i, i + 8, p + lanes_bmp_len(h, 8)); @/
void enc_put_bmp8(const uint16_t *s, size_t n, size_t i, size_t p, const uint8_t *d, v128_u16 h)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= 8;
       loop invariant encoded(s, n, i, i + t, d) &&
         enc_below(s, n, i, i + t, p + lanes_bmp_len(h, t));
       loop assigns t;
       loop variant 8 - t; @/
    while (t < 8) {
        /@ assert h.l[t] == s[i + t] && !(0xD800 <= s[i + t] <= 0xDFFF); @/
        enc_put_bmp1(s, n, i, t, p, d, h);
        enc_snoc(s, n, i, i + t, d);
        t++;
    }
}
*/

/* lepack_vec_utf8_encode at AVX2: blocks of 16 ASCII units, of 8 units of
 * the Basic Multilingual Plane with 12 more after them (so that the mixed
 * form's second store ends in bytes still to be written), of 8 pairs;
 * else the SSE2 encoder from the same place; stops where that one does,
 * or with fewer than 16 units left. */
/*@ requires vec_enc_args(s, n, i, d, pp);
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, pp); */
__attribute__((target("avx2,bmi,bmi2,popcnt"), unused)) static size_t vec_encode_avx2(
    const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t *pp)
{
    size_t p = *pp;
    /*@ ghost size_t i0 = i; */
    /*@ loop invariant i0 == \at(i, Pre) <= i <= n && boundary(s, n, i);
        loop invariant u8len(s, n, \at(i, Pre)) <= p == u8len(s, n, i);
        loop invariant encoded(s, n, \at(i, Pre), i, d);
        loop invariant room: \forall integer k; i <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
        loop assigns i, p, d[u8len(s, n, \at(i, Pre)) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (n - i >= 16) {
        /*@ assert i + 16 <= n; */
        /*@ ghost enc_below_len(s, n, i0, i); */
        v256_u16 v = v256_load_u16(s, i);
        v128_u16 a = v256_low_u16(v);
        /*@ assert \forall integer k; i <= k < i + 8 ==> a.l[k - i] == s[k]; */
        if (v256_ascii_u16(v)) {
            v128_u16 b = v256_high_u16(v);
            /*@ assert \forall integer k; i + 8 <= k < i + 16 ==> b.l[k - (i + 8)] == s[k]; */
            /*@ assert \forall integer t; 0 <= t < 8 ==> a.l[t] < 0x80 && b.l[t] < 0x80; */
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
        /* Two tests, not one with &&: WP's goals then keep them apart. */
        if (n - i >= 20) {
            if (!v128_any_surrogate_u16(a)) {
                /*@ ghost enc_len_bmp8(s, n, i, a); */
                /*@ ghost enc_len_grows(s, n, i + 8, 12); */
                /*@ assert p + lanes_bmp_len(a, 8) + 12 <= u8len(s, n, i + 20) <= u8len(s, n, n); */
                size_t w = v256_store_utf8_bmp_u16(d, p, a);
                /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
                      q + enc_w(s, n, k) <= p && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
                      enc_at(s, n, k, d, q); */
                /*@ assert kept: encoded(s, n, \at(i, Pre), i, d); */
                /*@ ghost enc_put_bmp8(s, n, i, p, d, a); */
                /*@ ghost enc_join(s, n, i0, i, i + 8, p, p + w, d); */
                p += w;
                i += 8;
                continue;
            }
        }
        if (v256_pairs_u16(v)) {
            /*@ assert lanes_pairs8(a); */
            /*@ ghost enc_len_pairs4(s, n, i, a); */
            v128_u16 b = v256_high_u16(v);
            /*@ assert \forall integer k; i + 8 <= k < i + 16 ==> b.l[k - (i + 8)] == s[k]; */
            /*@ assert lanes_pairs8(b); */
            /*@ ghost enc_len_pairs4(s, n, i + 8, b); */
            /*@ assert p + 32 == u8len(s, n, i + 16) <= u8len(s, n, n); */
            v128_store_pairs2_u16(d, p, a, b);
            /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
                  q + enc_w(s, n, k) <= p && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
                  enc_at(s, n, k, d, q); */
            /*@ assert pairs_ends: \forall integer k; \at(i, Pre) <= k < i ==>
                  u8len(s, n, k) + enc_w(s, n, k) <= p; */
            /*@ assert pairs_units: \forall integer k; \at(i, Pre) <= k < i ==>
                  \at(enc_at(s, n, k, d, u8len(s, n, k)), LoopCurrent); */
            /*@ assert pairs_at: \forall integer k; \at(i, Pre) <= k < i ==>
                  enc_at(s, n, k, d, u8len(s, n, k)); */
            /*@ assert kept_pairs: encoded(s, n, \at(i, Pre), i, d); */
            /*@ ghost enc_put_pairs4(s, n, i, p, d, a); */
            /*@ ghost enc_put_pairs4(s, n, i + 8, p + 16, d, b); */
            /*@ ghost enc_join(s, n, i0, i, i + 8, p, p + 16, d); */
            /*@ ghost enc_join(s, n, i0, i + 8, i + 16, p + 16, p + 32, d); */
            p += 32;
            i += 16;
            continue;
        }
        /*@ ghost size_t o = p; */
        size_t j = vec_encode_sse2(s, n, i, d, &p);
        /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
              q + enc_w(s, n, k) <= o && \at(enc_at(s, n, k, d, q), LoopCurrent) ==>
              enc_at(s, n, k, d, q); */
        /*@ assert kept: encoded(s, n, \at(i, Pre), i, d); */
        if (j == i)
            break;
        /*@ ghost enc_below_len(s, n, i, j); */
        /*@ ghost enc_join(s, n, i0, i, j, o, p, d); */
        i = j;
    }
    *pp = p;
    return i;
}

#endif
#endif
