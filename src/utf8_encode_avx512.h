/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-16 to UTF-8 encoder at AVX-512 (internal, not installed API),
 * written in the lane operations of src/lane/ and proven from their
 * contracts against the kernels' contract (vec_enc_args, vec_enc_done of
 * src/utf8_encode_vec.h; unit encode512, proofs/utf8_encode_avx512.c).
 * src/utf8_vec.c includes this header, so the text proven is the text
 * compiled.
 *
 * Blocks of 32 units: ASCII (the step of src/utf8_ascii_vec.h), no
 * surrogate (the BMP block), 16 pairs, and anything else through the
 * mixed block, which takes every unit: the forms of src/lane/mixed512.h.
 * The last block, of fewer than 32 units, in one masked load.  Where a
 * block is not ASCII, runs of BMP blocks and of mixed blocks go on without
 * testing every form at every block.  A block's lanes become the string's
 * encoding by one lemma pair for all five stores (enc_mix_len, enc_mix_put). */
#ifndef LEPACK_UTF8_ENCODE_AVX512_H
#define LEPACK_UTF8_ENCODE_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "lane/load.h"
#include "lane/mixed512.h"
#include "utf8_ascii_vec.h"
#include "utf8_encode_avx2.h"

#if LEPACK_LANES

#define ENCODE_AVX512                                                                      \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt"), \
                   unused))

/*@ // 2 when unit k is the low of a pair: its share of the bytes (u8w) is
    // already written, with the pair's four, by the unit before it.
    logic integer pend2{L}(uint16_t *s, integer n, integer k) =
      0 < k && k < n && 0xD800 <= s[k - 1] <= 0xDBFF && 0xDC00 <= s[k] <= 0xDFFF ? 2 : 0;

    // The 32 lanes of v are units i .. i+31 (named, so that a run's
    // invariant carries the fact past its tests' calls as one atom).
    predicate units_at{L}(v512_u16 v, uint16_t *s, integer i) =
      \forall integer x; i <= x < i + 32 ==> v.l[x - i] == s[x];

    // The 33 lanes of w are units i .. i+32 (the same, for the mixed run).
    predicate wide_at{L}(v512_wide33_u16 w, uint16_t *s, integer i) =
      \forall integer x; i <= x <= i + 32 ==> w.l[x - i] == s[x];

    // Lane t's bytes are unit i + t's.
    predicate mix_enc_bytes{L}(uint16_t *s, integer n, integer i, v512_u16 v, integer m,
                               integer a, integer c, integer t) =
      (0 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 0) == enc_byte(s, n, i + t, 0)) &&
      (1 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 1) == enc_byte(s, n, i + t, 1)) &&
      (2 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 2) == enc_byte(s, n, i + t, 2)) &&
      (3 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 3) == enc_byte(s, n, i + t, 3)); */

/* Lemmas: ghost functions proven by WP (a loop over the lanes where they
 * have one); they produce no code. */

/* m units from i, when all are ASCII, take one byte each. */
/*@ ghost
/@ requires i + m <= n;
   assigns \nothing;
   exits \false;
   ensures ascii_units_in(s, i, i + m) ==>
     \forall integer k; i <= k <= i + m ==> u8len(s, n, k) == u8len(s, n, i) + (k - i); @/
void enc_len_ascii(const uint16_t *s, size_t n, size_t i, size_t m)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant ascii_units_in(s, i, i + m) ==>
         \forall integer k; i <= k <= i + t ==> u8len(s, n, k) == u8len(s, n, i) + (k - i);
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert ascii_units_in(s, i, i + m) ==> s[i + t] < 0x80 && u8w(s, n, i + t) == 1; @/
        t++;
    }
}
*/

/* ... and their bytes, stored as they are from p = u8len(i). */
/*@ ghost
/@ requires 1 <= m && i + m <= n && p == u8len(s, n, i);
   requires ascii_units_in(s, i, i + m);
   requires \forall integer k; i <= k < i + m ==> d[p + (k - i)] == s[k];
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + m, d) && enc_below(s, n, i, i + m, p + m);
   ensures u8len(s, n, i + m) == p + m && boundary(s, n, i + m); @/
void enc_put_ascii(const uint16_t *s, size_t n, size_t i, size_t m, size_t p, const uint8_t *d)
{
    enc_len_ascii(s, n, i, m);
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant encoded(s, n, i, i + t, d) && enc_below(s, n, i, i + t, p + t);
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert s[i + t] < 0x80 && u8len(s, n, i + t) == p + t; @/
        /@ assert enc_w(s, n, i + t) == 1 && enc_byte(s, n, i + t, 0) == s[i + t]; @/
        /@ assert enc_unit(s, n, i + t, d); @/
        enc_snoc(s, n, i, i + t, d);
        t++;
    }
    /@ assert s[i + m - 1] < 0x80; @/
}
*/

/* The first m of 32 units loaded in v, from i on, with a the unit after
 * them where the last is a high (none, not a low, at the string's end)
 * and c set when unit i is a pair's low: each lane's width and bytes are
 * its unit's, and its offset the unit's (enc_mix_put). */
/*@ ghost
/@ requires 1 <= m <= 32 && i + m <= n;
   requires \forall integer k; i <= k < i + m ==> v.l[k - i] == s[k];
   requires i + m < n && is_high(s[i + m - 1]) ==> a == s[i + m];
   requires i + m == n ==> !is_low(a);
   requires c != 0 <==> pair_end(s, n, i);
   assigns \nothing;
   exits \false;
   ensures len: \forall integer t; 0 <= t <= m ==>
     u8len(s, n, i + t) + pend2(s, n, i + t) ==
       u8len(s, n, i) + pend2(s, n, i) + mix_len(v, m, a, c, t);
   ensures width: \forall integer t; 0 <= t < m ==> mix_w(v, m, a, c, t) == enc_w(s, n, i + t);
   ensures bytes: \forall integer t; 0 <= t < m ==> mix_enc_bytes(s, n, i, v, m, a, c, t); @/
void enc_mix_len(const uint16_t *s, size_t n, size_t i, v512_u16 v, size_t m, uint16_t a, int c)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant len: \forall integer x; 0 <= x <= t ==>
         u8len(s, n, i + x) + pend2(s, n, i + x) ==
           u8len(s, n, i) + pend2(s, n, i) + mix_len(v, m, a, c, x);
       loop invariant width: \forall integer x; 0 <= x < t ==>
         mix_w(v, m, a, c, x) == enc_w(s, n, i + x);
       loop invariant bytes: \forall integer x; 0 <= x < t ==> mix_enc_bytes(s, n, i, v, m, a, c, x);
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert lane: v.l[t] == s[i + t]; @/
        /@ assert prev: t > 0 ==> v.l[t - 1] == s[i + t - 1]; @/
        /@ assert next_in: t + 1 < m ==> mix_next(v, m, a, t) == s[i + t + 1] && i + t + 1 < n; @/
        /@ assert next_last: t + 1 == m ==> mix_next(v, m, a, t) == a; @/
        /@ assert pair: is_high(s[i + t]) ==>
             (is_low(mix_next(v, m, a, t)) <==> pair_at(s, n, i + t)); @/
        /@ assert pair_value: pair_at(s, n, i + t) ==> mix_next(v, m, a, t) == s[i + t + 1]; @/
        /@ assert low: is_low(s[i + t]) ==>
             ((t == 0 && c != 0 || t > 0 && is_high(v.l[t - 1])) <==> pair_end(s, n, i + t)); @/
        /@ assert w: mix_w(v, m, a, c, t) == enc_w(s, n, i + t); @/
        /@ assert b0: 0 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 0) == enc_byte(s, n, i + t, 0); @/
        /@ assert b1: 1 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 1) == enc_byte(s, n, i + t, 1); @/
        /@ assert b2: 2 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 2) == enc_byte(s, n, i + t, 2); @/
        /@ assert b3: 3 < mix_w(v, m, a, c, t) ==> mix_byte(v, m, a, t, 3) == enc_byte(s, n, i + t, 3); @/
        /@ assert b: mix_enc_bytes(s, n, i, v, m, a, c, t); @/
        /@ assert step: u8len(s, n, i + t + 1) == u8len(s, n, i + t) + u8w(s, n, i + t); @/
        /@ assert sum: mix_len(v, m, a, c, t + 1) == mix_len(v, m, a, c, t) + mix_w(v, m, a, c, t); @/
        /@ assert share: u8len(s, n, i + t + 1) + pend2(s, n, i + t + 1) ==
             u8len(s, n, i + t) + pend2(s, n, i + t) + enc_w(s, n, i + t); @/
        t++;
    }
}
*/

/* ... and the block's bytes, stored from p = u8len(i) + pend2(i) by any
 * of the five stores, are the units' encoding. */
/*@ ghost
/@ requires 1 <= m <= 32 && i + m <= n;
   requires p == u8len(s, n, i) + pend2(s, n, i);
   requires len: \forall integer t; 0 <= t <= m ==>
     u8len(s, n, i + t) + pend2(s, n, i + t) == p + mix_len(v, m, a, c, t);
   requires width: \forall integer t; 0 <= t < m ==> mix_w(v, m, a, c, t) == enc_w(s, n, i + t);
   requires bytes: \forall integer t; 0 <= t < m ==> mix_enc_bytes(s, n, i, v, m, a, c, t);
   requires mix_stored(d, p, v, m, a, c);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i, i + m, d) && enc_below(s, n, i, i + m, p + mix_len(v, m, a, c, m)); @/
void enc_mix_put(const uint16_t *s, size_t n, size_t i, v512_u16 v, size_t m, uint16_t a, int c,
                 size_t p, const uint8_t *d)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant encoded(s, n, i, i + t, d) &&
         enc_below(s, n, i, i + t, p + mix_len(v, m, a, c, t));
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert at: mix_at(d, p + mix_len(v, m, a, c, t), v, m, a, c, t); @/
        /@ assert b: mix_enc_bytes(s, n, i, v, m, a, c, t) && mix_w(v, m, a, c, t) == enc_w(s, n, i + t); @/
        /@ assert off: enc_w(s, n, i + t) > 0 ==> pend2(s, n, i + t) == 0; @/
        /@ assert o: enc_w(s, n, i + t) > 0 ==> u8len(s, n, i + t) == p + mix_len(v, m, a, c, t); @/
        /@ assert e0: 0 < enc_w(s, n, i + t) ==>
             d[u8len(s, n, i + t)] == enc_byte(s, n, i + t, 0); @/
        /@ assert e1: 1 < enc_w(s, n, i + t) ==>
             d[u8len(s, n, i + t) + 1] == enc_byte(s, n, i + t, 1); @/
        /@ assert e2: 2 < enc_w(s, n, i + t) ==>
             d[u8len(s, n, i + t) + 2] == enc_byte(s, n, i + t, 2); @/
        /@ assert e3: 3 < enc_w(s, n, i + t) ==>
             d[u8len(s, n, i + t) + 3] == enc_byte(s, n, i + t, 3); @/
        /@ assert enc_unit(s, n, i + t, d); @/
        /@ assert sum: mix_len(v, m, a, c, t + 1) == mix_len(v, m, a, c, t) + mix_w(v, m, a, c, t); @/
        /@ assert below: u8len(s, n, i + t) + enc_w(s, n, i + t) <= p + mix_len(v, m, a, c, t + 1); @/
        /@ assert before: enc_below(s, n, i, i + t, p + mix_len(v, m, a, c, t + 1)); @/
        /@ assert after: enc_below(s, n, i, i + t + 1, p + mix_len(v, m, a, c, t + 1)); @/
        enc_snoc(s, n, i, i + t, d);
        t++;
    }
}
*/

/* Lanes all below 0x800 are none of them a surrogate: the BMP run's
 * next block, when its one test says so. */
/*@ ghost
/@ requires lanes_narrow32(v);
   assigns \nothing;
   exits \false;
   ensures lanes_bmp32(v, 32); @/
void enc_narrow_bmp(v512_u16 v)
{
    /@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] < 0x800; @/
}
*/

/* Blocks of 32 units without a surrogate from i (v: the first) while
 * VEC_ROOM_UNITS units are left at the block, each through the BMP block
 * with a plain store: text of any script of the BMP takes one test a
 * block here (two where a unit is from 0x800), not the tests of every
 * form.  Each block's successor is read before the block's stores: read
 * after them, its load waited on them wherever the output lay a multiple
 * of 4 KiB from the input, which a megabyte of text passes again and again
 * (CJK at 1 MiB: 0.96x simdutf's speed then, 1.6x now).  Returns where it
 * stopped. */
/*@ requires vec_enc_args(s, n, i, d, pp) && n - i >= VEC_ROOM_UNITS && \valid_read(k);
    requires \forall integer k; i <= k < i + 32 ==> v.l[k - i] == s[k];
    requires lanes_bmp32(v, 32);
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, pp) && \result > i; */
ENCODE_AVX512 static size_t vec_bmp_run_avx512(const vec_enc_k *k, const uint16_t *s,
                                                      size_t n, size_t i, v512_u16 v,
                                                      uint8_t *d, size_t *pp)
{
    size_t p = *pp;
    /* The constants in registers for the loop: read through k, each use
     * would read the table again after every store (d may alias it). */
    const vec_enc_k kl = *k;
    k = &kl;
    int narrow = v512_none_wide_u16(k, v);
    /*@ ghost size_t i0 = i; */
    /*@ loop invariant i0 <= i && n - i >= VEC_ROOM_UNITS && boundary(s, n, i);
        loop invariant u8len(s, n, i0) <= p == u8len(s, n, i);
        loop invariant encoded(s, n, i0, i, d) && enc_below(s, n, i0, i, p);
        loop invariant units_at(v, s, i);
        loop invariant lanes_bmp32(v, 32);
        loop invariant narrow != 0 <==> lanes_narrow32(v);
        loop invariant room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
        loop assigns i, p, v, narrow, d[u8len(s, n, i0) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    for (;;) {
        v512_u16 next = v512_load_u16(s, i + 32);
        /*@ ghost enc_mix_len(s, n, i, v, 32, 0, 0); */
        /*@ ghost enc_len_grows(s, n, i + 32, 64); */
        /*@ assert s[i + 31] == v.l[31] && !is_high(s[i + 31]) && pend2(s, n, i + 32) == 0; */
        /*@ assert p + mix_len(v, 32, 0, 0, 32) + 64 <= u8len(s, n, n); */
        size_t w = v512_store_utf8_bmp32_u16(k, d, p, v, narrow, 1);
        /*@ assert kept_any: \forall integer x, integer q; i0 <= x < i &&
              q + enc_w(s, n, x) <= p && \at(enc_at(s, n, x, d, q), LoopCurrent) ==>
              enc_at(s, n, x, d, q); */
        /*@ assert kept: encoded(s, n, i0, i, d); */
        /*@ ghost enc_mix_put(s, n, i, v, 32, 0, 0, p, d); */
        /*@ ghost enc_join(s, n, i0, i, i + 32, p, p + w, d); */
        p += w;
        i += 32;
        if (n - i < VEC_ROOM_UNITS)
            break;
        v = next;
        /*@ assert units_at(v, s, i); */
        narrow = v512_none_wide_u16(k, v);
        /*@ ghost if (narrow != 0) enc_narrow_bmp(v); */
        if (!narrow && v512_any_surrogate_u16(k, v))
            break;
    }
    *pp = p;
    return i;
}

/* Where a pair's low starts the block (carry), the pair's bytes are
 * written and end where the low's share does. */
/*@ ghost
/@ requires i0 <= i < n && pair_end(s, n, i) && encoded(s, n, i0, i, d);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, i0, i + 1, d) && boundary(s, n, i + 1);
   ensures u8len(s, n, i + 1) == u8len(s, n, i) + 2; @/
void enc_carry_end(const uint16_t *s, size_t n, size_t i0, size_t i, const uint8_t *d)
{
    /@ assert u8w(s, n, i) == 2 && enc_w(s, n, i) == 0 && enc_unit(s, n, i, d); @/
    enc_snoc(s, n, i0, i, d);
}
*/

/*@ // The mixed run's state at block i, from i0: unit i a pair's low when
    // carry (its bytes, with the pair's, before p), units i0 .. i-1 encoded.
    predicate mix_run_at{L}(uint16_t *s, integer n, integer i0, integer i, integer carry,
                            integer p, uint8_t *d) =
      i0 <= i && (carry == 0 || carry == 1) && (carry != 0 <==> pair_end(s, n, i)) &&
      u8len(s, n, i0) <= p == u8len(s, n, i) + pend2(s, n, i) &&
      encoded(s, n, i0, i, d) && enc_below(s, n, i0, i, p); */

/* One block of the mixed run: 32 units from i (v) with the carry into it,
 * a plain 64-byte store per half with `room` (then more than
 * VEC_ROOM_UNITS units are left at the block: a carried pair's low is in
 * the 64 units after it).  Returns where the block's bytes end. */
/*@ requires \valid_read(s + (0 .. n - 1)) && \valid(d + (u8len(s, n, i0) .. u8len(s, n, n) - 1));
    requires \separated(d + (u8len(s, n, i0) .. u8len(s, n, n) - 1), s + (0 .. n - 1));
    requires room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
    requires u8len(s, n, n) <= SIZE_MAX;
    requires n - i > 32 && (room != 0 ==> n - i > VEC_ROOM_UNITS);
    requires \forall integer x; i <= x < i + 32 ==> v.l[x - i] == s[x];
    requires wide_at(w, s, i) && a == s[i + 32];
    requires mix_run_at(s, n, i0, i, carry, p, d);
    assigns d[p .. u8len(s, n, n) - 1];
    exits \false;
    ensures p <= \result == u8len(s, n, i + 32) + pend2(s, n, i + 32);
    ensures encoded(s, n, i0, i + 32, d) && enc_below(s, n, i0, i + 32, \result); */
ENCODE_AVX512 static inline __attribute__((always_inline)) size_t
vec_mixed_block_avx512(const vec_enc_k *k, const uint16_t *s, size_t i, v512_u16 v,
                       v512_wide33_u16 w, uint16_t a, int carry, uint8_t *d, size_t p, int room)
    /*@ ghost (size_t n, size_t i0) */
{
    (void)s, (void)i; /* the contract's: the units come in v and w */
    /*@ ghost enc_mix_len(s, n, i, v, 32, a, carry); */
    /*@ assert share: u8len(s, n, i + 33) == u8len(s, n, i + 32) + u8w(s, n, i + 32); */
    /*@ assert u8len(s, n, i + 32) + pend2(s, n, i + 32) <= u8len(s, n, i + 33); */
    /*@ ghost if (room != 0) enc_len_grows(s, n, i + 33, 64); */
    /*@ assert room != 0 ==> p + mix_len(v, 32, a, carry, 32) + 64 <= u8len(s, n, n); */
    /*@ assert p + mix_len(v, 32, a, carry, 32) <= u8len(s, n, n); */
    /*@ assert wide: \forall integer t; 0 <= t <= 32 ==> w.l[t] == s[i + t]; */
    /*@ assert lanes: \forall integer t; 0 <= t < 32 ==> v.l[t] == s[i + t]; */
    /*@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] == w.l[t]; */
    size_t b = v512_store_utf8_mixed_wide_u16(k, d, p, w, v, a, carry, room);
    /*@ assert kept_any: \forall integer x, integer q; i0 <= x < i &&
          q + enc_w(s, n, x) <= p && \at(enc_at(s, n, x, d, q), Pre) ==> enc_at(s, n, x, d, q); */
    /*@ assert kept: encoded(s, n, i0, i, d); */
    /*@ ghost enc_mix_put(s, n, i, v, 32, a, carry, p, d); */
    /*@ ghost enc_join(s, n, i0, i, i + 32, p, p + b, d); */
    /*@ assert p + b <= u8len(s, n, n); */
    return p + b;
}

/* Blocks of 32 units through the mixed block from i (v: the first) while
 * more than 32 units are left, as long as none is one of the faster forms
 * (all below 0x800, or 16 pairs).  Every block takes 32 units, whatever
 * they hold, so that where the next one starts waits for nothing: a pair
 * across the edge is written by the block of its high (`carry`), and the
 * next block writes nothing for its low (such a block is never one of the
 * faster forms: a low is neither).  The plain stores first, while there
 * is room for them.  Returns where it stopped.  Not inlined: inside the
 * encoder, it cost the ASCII loop before it about 8% with clang. */
/*@ requires vec_enc_args(s, n, i, d, pp) && n - i > 32 && \valid_read(k);
    requires \forall integer k; i <= k < i + 32 ==> v.l[k - i] == s[k];
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, pp) && \result > i; */
ENCODE_AVX512 __attribute__((noinline)) static size_t
vec_mixed_run_avx512(const vec_enc_k *k, const uint16_t *s, size_t n, size_t i, v512_u16 v,
                     uint8_t *d, size_t *pp)
{
    size_t p = *pp;
    int carry = 0, more = 1;
    /* The constants in registers, as in the BMP run. */
    const vec_enc_k kl = *k;
    k = &kl;
    /*@ ghost size_t i0 = i; */
    v512_wide33_u16 w = v512_load_wide33_u16(s, i);
    /*@ loop invariant mix_run_at(s, n, i0, i, carry, p, d) && n - i > 32;
        loop invariant units_at(v, s, i) && wide_at(w, s, i);
        loop invariant (more == 0 || more == 1) && (more == 0 ==> i > i0) && (i == i0 ==> carry == 0);
        loop invariant room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
        loop assigns i, p, v, w, carry, more, d[u8len(s, n, i0) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (more && n - i > VEC_ROOM_UNITS) {
        /* The next block read before this one's stores, as in the BMP run,
         * its widened lanes too (v512_load_wide33_u16). */
        v512_u16 next = v512_load_u16(s, i + 32);
        v512_wide33_u16 wn = v512_load_wide33_u16(s, i + 32);
        /*@ assert units_at(next, s, i + 32) && wide_at(wn, s, i + 32); */
        /* The unit after the block read before its stores: read after them,
         * the load waited on them where the output lies a multiple of 4 KiB
         * from the input. */
        uint16_t a = s[i + 32];
        p = vec_mixed_block_avx512(k, s, i, v, w, a, carry, d, p, 1) /*@ ghost (n, i0) */;
        carry = v512_pair_out_u16(k, v, a);
        i += 32;
        v = next;
        w = wn;
        /*@ assert units_at(v, s, i) && wide_at(w, s, i); */
        more = !(v512_none_wide_u16(k, v) | v512_pairs_u16(k, v));
    }
    /*@ loop invariant mix_run_at(s, n, i0, i, carry, p, d) && i < n;
        loop invariant more != 0 ==> n - i > 32 && units_at(v, s, i) && wide_at(w, s, i);
        loop invariant (more == 0 || more == 1) && (more == 0 ==> i > i0) && (i == i0 ==> carry == 0);
        loop invariant room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
        loop assigns i, p, v, w, carry, more, d[u8len(s, n, i0) .. u8len(s, n, n) - 1];
        loop variant n - i + more; */
    while (more) {
        uint16_t a = s[i + 32];
        p = vec_mixed_block_avx512(k, s, i, v, w, a, carry, d, p, 0) /*@ ghost (n, i0) */;
        carry = v512_pair_out_u16(k, v, a);
        i += 32;
        if (n - i <= 32) {
            more = 0;
        } else {
            v = v512_load_u16(s, i);
            w = v512_load_wide33_u16(s, i);
            /*@ assert units_at(v, s, i) && wide_at(w, s, i); */
            more = !(v512_none_wide_u16(k, v) | v512_pairs_u16(k, v));
        }
    }
    /*@ assert end: mix_run_at(s, n, i0, i, carry, p, d) && i0 < i < n; */
    /* A pair's low carried over: its bytes are written, it ends here. */
    /*@ ghost if (carry != 0) enc_carry_end(s, n, i0, i, d); */
    /*@ assert carry != 0 ==> p == u8len(s, n, i + 1) && boundary(s, n, i + 1) &&
          encoded(s, n, i0, i + 1, d); */
    /*@ assert carry == 0 ==> p == u8len(s, n, i) && boundary(s, n, i) && encoded(s, n, i0, i, d); */
    *pp = p;
    return i + (size_t)carry;
}

/* A block of 32 units from i that is not all ASCII, through the first
 * form that fits (no surrogate, 16 pairs, the mixed block), with the runs
 * of the first and the last; the last units, fewer than 32, in one masked
 * block.  Returns where it stopped, past i. */
/*@ requires vec_enc_args(s, n, i, d, pp) && \valid_read(k);
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures i < \result <= n && boundary(s, n, \result);
    ensures *pp == u8len(s, n, \result);
    ensures encoded(s, n, i, \result, d); */
ENCODE_AVX512 static inline __attribute__((always_inline)) size_t
vec_encode_block_avx512(const vec_enc_k *k, const uint16_t *s, size_t n, size_t i, uint8_t *d,
                        size_t *pp)
{
    size_t p = *pp, left = n - i, m = left < 32 ? left : 32, w = 0, j;
    /*@ assert pend2(s, n, i) == 0 && p == u8len(s, n, i) + pend2(s, n, i); */
    v512_u16 v;
    if (left < 32) {
        v = v512_load_first_u16(s, i, left);
        /*@ assert lanes: \forall integer x; i <= x < i + m ==> v.l[x - i] == s[x]; */
    } else {
        v = v512_load_u16(s, i);
        /*@ assert lanes: \forall integer x; i <= x < i + m ==> v.l[x - i] == s[x]; */
    }
    if (!v512_any_surrogate_u16(k, v)) {
        if (left >= VEC_ROOM_UNITS) {
            j = vec_bmp_run_avx512(k, s, n, i, v, d, pp);
            p = *pp;
            /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
        } else {
            /*@ assert v.l[m - 1] == s[i + m - 1]; */
            /*@ assert !(0xD800 <= v.l[m - 1] <= 0xDFFF); */
            /*@ assert !is_high(s[i + m - 1]); */
            /*@ ghost enc_mix_len(s, n, i, v, m, 0, 0); */
            /*@ assert pend2(s, n, i + m) == 0 && p + mix_len(v, m, 0, 0, m) == u8len(s, n, i + m); */
            w = v512_store_utf8_bmp_first_u16(k, d, p, v, m, 0);
            /*@ ghost enc_mix_put(s, n, i, v, m, 0, 0, p, d); */
            /*@ assert boundary(s, n, i + m); */
            p += w;
            j = i + m;
        /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
            /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
        }
    } else if (left >= 32 && v512_pairs_u16(k, v)) {
        /*@ assert v.l[31] == s[i + 31] && is_low(s[i + 31]); */
        /*@ ghost enc_mix_len(s, n, i, v, 32, 0, 0); */
        /*@ assert pend2(s, n, i + 32) == 0 && p + mix_len(v, 32, 0, 0, 32) == u8len(s, n, i + 32); */
        w = v512_store_utf8_pairs_u16(k, d, p, v);
        /*@ ghost enc_mix_put(s, n, i, v, 32, 0, 0, p, d); */
        /*@ assert boundary(s, n, i + 32); */
        p += w;
        j = i + 32;
        /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
    } else if (left > 32) {
        j = vec_mixed_run_avx512(k, s, n, i, v, d, pp);
        p = *pp;
        /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
    } else {
        /* The last units: the string ends after them. */
        /*@ assert i + m == n; */
        /*@ ghost enc_mix_len(s, n, i, v, m, 0, 0); */
        /*@ assert pend2(s, n, i + m) == 0 && p + mix_len(v, m, 0, 0, m) == u8len(s, n, i + m); */
        w = v512_store_utf8_mixed_u16(k, d, p, v, m, 0, 0, 0);
        /*@ ghost enc_mix_put(s, n, i, v, m, 0, 0, p, d); */
        /*@ assert boundary(s, n, i + m); */
        p += w;
        j = i + m;
        /*@ assert i < j <= n && boundary(s, n, j) && p == u8len(s, n, j); */
    }
    /*@ assert done_at: i < j <= n; */
    /*@ assert done_boundary: boundary(s, n, j); */
    /*@ assert done_len: p == u8len(s, n, j); */
    /*@ assert done_bytes: encoded(s, n, i, j, d); */
    *pp = p;
    return j;
}

/* lepack_vec_utf8_encode at AVX-512: the ASCII prefix, then blocks of 32
 * units, each ASCII (the step of src/utf8_ascii_vec.h) or through
 * vec_encode_block_avx512.  Finishes the string. */
/*@ requires vec_enc_args(s, n, i, d, pp);
    assigns *pp, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures vec_enc_done(s, n, i, \result, d, pp); */
ENCODE_AVX512 static size_t vec_encode_avx512(const uint16_t *s, size_t n, size_t i, uint8_t *d,
                                              size_t *pp)
{
    size_t p = *pp;
    /*@ ghost size_t i0 = i; */
    if (n - i <= 64)
        lane_prefetch_short_u16(s, i, n);
    /* The ASCII prefix first; the forms' constants are read from their
     * table (vec_enc_consts) only after it. */
    /*@ loop invariant i0 <= i <= n && boundary(s, n, i) && u8len(s, n, i0) <= p == u8len(s, n, i);
        loop invariant encoded(s, n, i0, i, d) && enc_below(s, n, i0, i, p);
        loop invariant room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
        loop assigns i, p, d[u8len(s, n, i0) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (i < n) {
        /*@ ghost enc_len_ascii(s, n, i, n - i >= 32 ? 32 : n - i); */
        /*@ ghost enc_len_grows(s, n, i, n - i >= 32 ? 32 : n - i); */
        /*@ assert in_room: u8len(s, n, i0) <= p && p + block32(n, i) <= u8len(s, n, n); */
        size_t a = vec_ascii32_avx512(s, n, i, d, p);
        /*@ assert kept_any: \forall integer x, integer q; i0 <= x < i &&
              q + enc_w(s, n, x) <= p && \at(enc_at(s, n, x, d, q), LoopCurrent) ==>
              enc_at(s, n, x, d, q); */
        /*@ assert kept: encoded(s, n, i0, i, d); */
        if (a == 0)
            break;
        /*@ ghost enc_put_ascii(s, n, i, a, p, d); */
        /*@ ghost enc_join(s, n, i0, i, i + a, p, p + a, d); */
        p += a;
        i += a;
    }
    if (i == n) {
        *pp = p;
        return i;
    }
    VEC_ENC_CONSTS(k);
    /*@ loop invariant i0 <= i <= n && boundary(s, n, i) && u8len(s, n, i0) <= p == u8len(s, n, i);
        loop invariant encoded(s, n, i0, i, d) && enc_below(s, n, i0, i, p);
        loop invariant room: \forall integer x; i0 <= x <= n ==> u8len(s, n, x) <= u8len(s, n, n);
        loop assigns i, p, d[u8len(s, n, i0) .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (i < n) {
        /*@ ghost enc_len_ascii(s, n, i, n - i >= 32 ? 32 : n - i); */
        /*@ ghost enc_len_grows(s, n, i, n - i >= 32 ? 32 : n - i); */
        /*@ assert in_room: u8len(s, n, i0) <= p && p + block32(n, i) <= u8len(s, n, n); */
        size_t a = vec_ascii32_avx512(s, n, i, d, p);
        /*@ assert kept_any: \forall integer x, integer q; i0 <= x < i &&
              q + enc_w(s, n, x) <= p && \at(enc_at(s, n, x, d, q), LoopCurrent) ==>
              enc_at(s, n, x, d, q); */
        /*@ assert kept: encoded(s, n, i0, i, d); */
        if (a != 0) {
            /*@ ghost enc_put_ascii(s, n, i, a, p, d); */
            /*@ ghost enc_join(s, n, i0, i, i + a, p, p + a, d); */
            p += a;
            i += a;
            continue;
        }
        /*@ ghost size_t o = p; */
        size_t j = vec_encode_block_avx512(k, s, n, i, d, &p);
        /*@ assert kept_any2: \forall integer x, integer q; i0 <= x < i &&
              q + enc_w(s, n, x) <= o && \at(enc_at(s, n, x, d, q), LoopCurrent) ==>
              enc_at(s, n, x, d, q); */
        /*@ assert kept2: encoded(s, n, i0, i, d); */
        /*@ ghost enc_below_len(s, n, i, j); */
        /*@ ghost enc_join(s, n, i0, i, j, o, p, d); */
        i = j;
    }
    *pp = p;
    return i;
}

#endif
#endif
