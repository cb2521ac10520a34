/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-16 to modified UTF-8 encoder at AVX-512 (internal, not installed
 * API), written in the lane operations of src/lane/ and proven from their
 * contracts against the kernel's contract (vec_menc_args, vec_menc_done;
 * unit mutf8, proofs/utf8_mutf8.c).  src/utf8_vec.c includes this header,
 * so the text proven is the text compiled.
 *
 * Modified UTF-8 (writeUTF's body) has no pairs and no '?': every unit
 * takes its bytes on its own, so every block of 32 units, the last in a
 * masked load, is one store of the block operation of src/lane/bmp512.h.
 * A lemma carries the block's lane offsets over to the string's (m8len),
 * another its bytes over to `mencoded`. */
#ifndef LEPACK_UTF8_MUTF8_VEC_H
#define LEPACK_UTF8_MUTF8_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "lane/bmp512.h"
#include "lane/load.h"
#include "utf8_spec.h"

#if LEPACK_LANES

/* What the kernel needs and gives: lepack_vec_mutf8_encode's contract in
 * utf8_vec.h, with the destination's room stated as the bytes the kernel
 * may write instead of the caller's whole buffer. */
/*@ predicate vec_menc_args{L}(uint16_t *s, integer n, integer i, uint8_t *d, size_t *p) =
      i < n && \valid_read(s + (0 .. n - 1)) && \valid(p) &&
      \valid(d + (m8len(s, i) .. m8len(s, n) - 1)) &&
      \separated(d + (m8len(s, i) .. m8len(s, n) - 1), s + (0 .. n - 1)) &&
      \separated(p, d + (m8len(s, i) .. m8len(s, n) - 1), s + (0 .. n - 1)) &&
      *p == m8len(s, i) && m8len(s, n) <= SIZE_MAX &&
      (\forall integer k; i <= k <= n ==> m8len(s, k) <= m8len(s, n));

    predicate vec_menc_done{L}(uint16_t *s, integer n, integer i, integer r, uint8_t *d,
                               size_t *p) =
      i <= r <= n && *p == m8len(s, r) && mencoded(s, i, r, d); */

/* Lemmas: ghost functions proven by WP (a loop where they have one); they
 * produce no code. */

/* Every unit takes at least one byte, and its bytes end where the next
 * unit's start. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures gap: \forall integer k, j; 0 <= k <= j <= n ==> m8len(s, k) + (j - k) <= m8len(s, j);
   ensures ordered: \forall integer k, j; 0 <= k < j <= n ==>
     m8len(s, k) + m8w(s[k]) <= m8len(s, j); @/
void m8len_grows(const uint16_t *s, size_t n)
{
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant \forall integer k, j; 0 <= k <= j <= m ==> m8len(s, k) + (j - k) <= m8len(s, j);
       loop invariant \forall integer k, j; 0 <= k < j <= m ==>
         m8len(s, k) + m8w(s[k]) <= m8len(s, j);
       loop assigns m;
       loop variant n - m; @/
    while (m < n)
        m++;
}
*/

/* The first m units of 32 loaded in v, from i on: the string's offsets are
 * the lanes'. */
/*@ ghost
/@ requires m <= 32;
   requires \forall integer k; i <= k < i + m ==> v.l[k - i] == s[k];
   assigns \nothing;
   exits \false;
   ensures \forall integer t; 0 <= t <= m ==> m8len(s, i + t) == m8len(s, i) + lanes_m8len32(v, t); @/
void m8len_block32(const uint16_t *s, size_t i, v512_u16 v, size_t m)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant \forall integer u; 0 <= u <= t ==>
         m8len(s, i + u) == m8len(s, i) + lanes_m8len32(v, u);
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert v.l[t] == s[i + t]; @/
        /@ assert m8len(s, i + t + 1) == m8len(s, i + t) + m8w(s[i + t]); @/
        t++;
    }
}
*/

/* The block's bytes, lane by lane, are its units' encoding. */
/*@ ghost
/@ requires m <= 32;
   requires \forall integer k; i <= k < i + m ==> v.l[k - i] == s[k];
   requires \forall integer t; 0 <= t <= m ==> m8len(s, i + t) == p + lanes_m8len32(v, t);
   requires \forall integer t; 0 <= t < m ==> mbytes_at(d, p + lanes_m8len32(v, t), v.l[t]);
   assigns \nothing;
   exits \false;
   ensures \forall integer k; i <= k < i + m ==> menc_at(s, k, d, m8len(s, k)); @/
void menc_block32(const uint16_t *s, size_t i, v512_u16 v, size_t m, const uint8_t *d, size_t p)
{
    size_t t = 0;
    /@ loop invariant 0 <= t <= m;
       loop invariant \forall integer k; i <= k < i + t ==> menc_at(s, k, d, m8len(s, k));
       loop assigns t;
       loop variant m - t; @/
    while (t < m) {
        /@ assert v.l[t] == s[i + t] && m8len(s, i + t) == p + lanes_m8len32(v, t); @/
        /@ assert mbytes_at(d, m8len(s, i + t), s[i + t]); @/
        /@ assert menc_at(s, i + t, d, m8len(s, i + t)); @/
        t++;
    }
}
*/

#define MUTF8_AVX512                                                                       \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt"), \
                   unused))

/* lepack_vec_mutf8_encode at AVX-512: blocks of 32 units, the last in one
 * masked load, each one store of its bytes; a plain 64-byte store while
 * VEC_ROOM_UNITS units are left at the block. */
/*@ requires vec_menc_args(s, n, i, d, pp);
    assigns *pp, d[m8len(s, i) .. m8len(s, n) - 1];
    exits \false;
    ensures vec_menc_done(s, n, i, \result, d, pp); */
MUTF8_AVX512 static size_t vec_mutf8_avx512(const uint16_t *s, size_t n, size_t i, uint8_t *d,
                                            size_t *pp)
{
    size_t p = *pp;
    /*@ ghost m8len_grows(s, n); */
    /*@ loop invariant \at(i, Pre) <= i <= n && p == m8len(s, i);
        loop invariant mencoded(s, \at(i, Pre), i, d);
        loop assigns i, p, d[m8len(s, \at(i, Pre)) .. m8len(s, n) - 1];
        loop variant n - i; */
    while (i < n) {
        size_t left = n - i;
        size_t m = left >= 32 ? 32 : left;
        v512_u16 v = v512_load_first_u16(s, i, m);
        /*@ ghost m8len_block32(s, i, v, m); */
        /*@ assert room: left >= VEC_ROOM_UNITS ==> m8len(s, i + m) + 64 <= m8len(s, n); */
        /*@ assert below: \forall integer k; \at(i, Pre) <= k < i ==>
              m8len(s, k) + m8w(s[k]) <= m8len(s, i); */
        /*@ ghost size_t p0 = p; */
        p += v512_store_mutf8_first_u16(d, p, v, m, left >= VEC_ROOM_UNITS);
        /* The earlier units' bytes lie below the store, which leaves them:
         * stated for any offset first, the provers need not unfold m8len. */
        /*@ assert kept_any: \forall integer k, integer q; \at(i, Pre) <= k < i &&
              q + m8w(s[k]) <= m8len(s, i) && \at(menc_at(s, k, d, q), LoopCurrent) ==>
              menc_at(s, k, d, q); */
        /*@ assert kept: mencoded(s, \at(i, Pre), i, d); */
        /*@ ghost menc_block32(s, i, v, m, d, p0); */
        i += m;
    }
    *pp = p;
    return i;
}

#endif
#endif
