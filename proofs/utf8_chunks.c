/* SPDX-License-Identifier: Apache-2.0 */
/* Proof unit for the chunk calls' promise (src/utf8_spec.h, "Streaming"):
 * concatenating what lepack_utf8_encode_chunk or lepack_utf8_decode_chunk
 * writes over any chunking of a stream gives what one call writes for the
 * whole stream.  The four theorems are declared, with their contracts, in
 * src/utf8_spec.h: enc_chunk_then_rest and dec_chunk_then_rest (one chunk,
 * then the one-shot output of the rest), enc_chunks_whole and
 * dec_chunks_whole (any number of chunks).  Everything here is ghost code:
 * lemma functions whose contracts state one fact each, proven by WP like
 * any function and used at their calls.
 *
 * The statements are cut small on purpose.  The provers unfold every
 * definition they meet (dstep, enc_byte, u8len, ...), so a goal that
 * compares two shifted strings at once, or equates two offsets through a
 * sum, runs out of time; one fact per lemma, in a context of its own,
 * proves in well under a second.  Three devices recur:
 *  - shifts are proved over free values (units_at, enc_at at any offset)
 *    and instantiated later;
 *  - equal arguments are stated with a guard `i <= j <= i` that arithmetic
 *    decides (dcount_eq, enc_at_unit), where congruence through a sum
 *    defeats both provers;
 *  - a loop index moves by next_index or prev_index, whose result is
 *    `i + 1` or `i - 1` exactly, so that no size_t wrap enters a goal. */
#include "utf8.h"

/* Lemmas of src/utf8.c, which this unit parses too. */
/*@ ghost
void dseqs_facts(const uint8_t *src, size_t len);
void dlen_facts(const uint8_t *src, size_t len);
*/

/*@ ghost
/@ requires i < q;
   assigns \nothing;
   exits \false;
   ensures \result == i + 1; @/
size_t next_index(size_t i, size_t q)
{
    return i + 1;
}
*/

/*@ ghost
/@ requires 0 < i;
   assigns \nothing;
   exits \false;
   ensures \result == i - 1; @/
size_t prev_index(size_t i)
{
    return i - 1;
}
*/

/* --- UTF-16 to UTF-8 ------------------------------------------------------ */

/* Away from a pair cut in two, a unit's bytes depend on the string only
 * through its neighbours, which the cut leaves in place. */
/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures left_w: \forall integer k; 0 <= k < c ==>
     u8w(s, c, k) == u8w(s, n, k) && enc_w(s, c, k) == enc_w(s, n, k);
   ensures left_01: \forall integer k; 0 <= k < c ==>
     enc_byte(s, c, k, 0) == enc_byte(s, n, k, 0) && enc_byte(s, c, k, 1) == enc_byte(s, n, k, 1);
   ensures left_23: \forall integer k; 0 <= k < c ==>
     enc_byte(s, c, k, 2) == enc_byte(s, n, k, 2) && enc_byte(s, c, k, 3) == enc_byte(s, n, k, 3);
   ensures right_w: \forall integer j; 0 <= j < n - c ==>
     u8w(s + c, n - c, j) == u8w(s, n, c + j) && enc_w(s + c, n - c, j) == enc_w(s, n, c + j);
   ensures right_0: \forall integer j; 0 <= j < n - c ==>
     enc_byte(s + c, n - c, j, 0) == enc_byte(s, n, c + j, 0);
   ensures right_1: \forall integer j; 0 <= j < n - c ==>
     enc_byte(s + c, n - c, j, 1) == enc_byte(s, n, c + j, 1);
   ensures right_2: \forall integer j; 0 <= j < n - c ==>
     enc_byte(s + c, n - c, j, 2) == enc_byte(s, n, c + j, 2);
   ensures right_3: \forall integer j; 0 <= j < n - c ==>
     enc_byte(s + c, n - c, j, 3) == enc_byte(s, n, c + j, 3); @/
void enc_split_units(const uint16_t *s, size_t n, size_t c)
{
}
*/

/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures left: \forall integer k; 0 <= k <= c ==> u8len(s, c, k) == u8len(s, n, k);
   ensures right: \forall integer j; 0 <= j <= n - c ==>
     u8len(s, n, c + j) == u8len(s, c, c) + u8len(s + c, n - c, j); @/
void enc_split_lengths(const uint16_t *s, size_t n, size_t c)
{
    enc_split_units(s, n, c);
    size_t j = 0;
    /@ loop invariant 0 <= j <= c;
       loop invariant \forall integer k; 0 <= k <= j ==> u8len(s, c, k) == u8len(s, n, k);
       loop assigns j;
       loop variant c - j; @/
    while (j < c)
        j = next_index(j, c);
    /@ assert left: \forall integer k; 0 <= k <= c ==> u8len(s, c, k) == u8len(s, n, k); @/
    /@ loop invariant c <= j;
       loop invariant \forall integer i; 0 <= i <= j - c && c + i <= n ==>
         u8len(s, n, c + i) == u8len(s, c, c) + u8len(s + c, n - c, i);
       loop assigns j;
       loop variant n - j; @/
    while (j < n)
        j = next_index(j, n);
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures unit: \forall uint16_t *t, integer m, integer j, uint8_t *e, integer o;
     u8len(t, m, j) <= o <= u8len(t, m, j) ==> (enc_at(t, m, j, e, o) <==> enc_unit(t, m, j, e));
   ensures shift: \forall uint16_t *t, integer m, integer j, uint8_t *e, integer l, integer o;
     enc_at(t, m, j, e + l, o) <==> enc_at(t, m, j, e, o + l);
   ensures whole: \forall uint16_t *t, integer m, uint8_t *e, integer o, integer p;
     o <= p <= o ==> (encoded(t, m, 0, m, e + o) <==> encoded(t, m, 0, m, e + p)); @/
void enc_at_facts(void)
{
}
*/

/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures left: \forall integer k; 0 <= k < c ==> (enc_unit(s, n, k, d) <==> enc_unit(s, c, k, d)); @/
void enc_split_left(const uint16_t *s, size_t n, size_t c, const uint8_t *d)
{
    enc_split_units(s, n, c);
    enc_split_lengths(s, n, c);
    /@ assert same: \forall integer k, integer o; 0 <= k < c ==>
         (enc_at(s, n, k, d, o) <==> enc_at(s, c, k, d, o)); @/
}
*/

/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures same: \forall integer j, integer o; 0 <= j < n - c ==>
     (enc_at(s + c, n - c, j, d, o) <==> enc_at(s, n, c + j, d, o)); @/
void enc_split_same(const uint16_t *s, size_t n, size_t c, const uint8_t *d)
{
    enc_split_units(s, n, c);
}
*/

/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures right: \forall integer j; 0 <= j < n - c ==>
     (enc_unit(s + c, n - c, j, d + u8len(s, c, c)) <==> enc_unit(s, n, c + j, d)); @/
void enc_split_right(const uint16_t *s, size_t n, size_t c, const uint8_t *d)
{
    enc_split_lengths(s, n, c);
    enc_split_same(s, n, c, d);
    enc_at_facts();
}
*/

/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures back: \forall integer k; c <= k < n ==>
     (enc_unit(s, n, k, d) <==> enc_unit(s + c, n - c, k - c, d + u8len(s, c, c))); @/
void enc_split_back(const uint16_t *s, size_t n, size_t c, const uint8_t *d)
{
    enc_split_right(s, n, c, d);
}
*/

/* A string cut where the encoder may stop (boundary): its encoding is
 * that of the first part, then that of the rest after it. */
/*@ ghost
/@ requires 0 <= c <= n && boundary(s, n, c);
   assigns \nothing;
   exits \false;
   ensures length: u8len(s, n, n) == u8len(s, c, c) + u8len(s + c, n - c, n - c);
   ensures join: encoded(s, c, 0, c, d) && encoded(s + c, n - c, 0, n - c, d + u8len(s, c, c)) ==>
     encoded(s, n, 0, n, d);
   ensures part: encoded(s, n, 0, n, d) ==>
     encoded(s, c, 0, c, d) && encoded(s + c, n - c, 0, n - c, d + u8len(s, c, c)); @/
void enc_split(const uint16_t *s, size_t n, size_t c, const uint8_t *d)
{
    enc_split_lengths(s, n, c);
    enc_split_left(s, n, c, d);
    enc_split_right(s, n, c, d);
    enc_split_back(s, n, c, d);
}
*/

/* A chunk call stops at a boundary of the whole stream: before a high
 * surrogate at its end, so never between the halves of a pair. */
/*@ ghost
/@ requires p + m <= n && (last != 0 ==> p + m == n) && boundary(s, n, p);
   assigns \nothing;
   exits \false;
   ensures 0 <= enc_chunk_end(s + p, m, last) <= m;
   ensures boundary(s, n, p + enc_chunk_end(s + p, m, last)); @/
void enc_chunk_cut(const uint16_t *s, size_t n, size_t p, size_t m, int last)
{
}
*/

/* Theorem (contract in src/utf8_spec.h). */
/*@ ghost
void enc_chunk_then_rest(const uint16_t *s, size_t n, size_t m, int last, size_t k,
                         const uint8_t *d)
{
    enc_chunk_cut(s, n, 0, m, last);
    enc_split(s, n, k, d);
}
*/

/* One chunk of the induction: the stream's encoding up to the chunk's
 * start, then the chunk's bytes at its offset, is the encoding up to its
 * end. */
/*@ ghost
/@ requires p + m <= n && (last != 0 ==> p + m == n);
   requires cut: e == p + enc_chunk_end(s + p, m, last);
   requires p <= n && boundary(s, n, p);
   requires before: off == u8len(s, p, p) && encoded(s, p, 0, p, d);
   requires chunk: encoded(s + p, e - p, 0, e - p, d + off);
   assigns \nothing;
   exits \false;
   ensures p <= e <= n && boundary(s, n, e);
   ensures off + u8len(s + p, e - p, e - p) == u8len(s, e, e);
   ensures encoded(s, e, 0, e, d); @/
void enc_chunk_step(const uint16_t *s, size_t n, size_t p, size_t m, int last, size_t e,
                    size_t off, const uint8_t *d)
{
    enc_chunk_cut(s, n, p, m, last);
    /@ assert boundary(s, e, p); @/
    enc_split(s, e, p, d);
}
*/

/* Theorem (contract in src/utf8_spec.h). */
/*@ ghost
void enc_chunks_whole(const uint16_t *s, size_t n, size_t q, const size_t *at, const size_t *m,
                      const int *last, const size_t *off, const uint8_t *d)
{
    size_t i = 0;
    /@ loop invariant 0 <= i <= q;
       loop invariant at[i] <= n && boundary(s, n, at[i]);
       loop invariant off[i] == u8len(s, at[i], at[i]);
       loop invariant encoded(s, at[i], 0, at[i], d);
       loop assigns i;
       loop variant q - i; @/
    while (i < q) {
        /@ assert enc_call(s, n, at, m, last, i) && enc_output(s, at, off, d, i); @/
        enc_chunk_step(s, n, at[i], m[i], last[i], (at + i)[1], off[i], d);
        i = next_index(i, q);
    }
}
*/

/* --- UTF-8 to UTF-16 ------------------------------------------------------ */

/* A step is a lead byte and continuation bytes, within the input. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall uint8_t *s, integer n, integer i; 0 <= i < n ==>
     1 <= dstep(s, n, i) <= 4 && i + dstep(s, n, i) <= n &&
     (dstep(s, n, i) > 1 ==> lead_need(s[i]) >= dstep(s, n, i)) &&
     (dstep(s, n, i) > 1 ==> cont(s[i + 1])) && (dstep(s, n, i) > 2 ==> cont(s[i + 2])) &&
     (dstep(s, n, i) > 3 ==> cont(s[i + 3])); @/
void dstep_shape(void)
{
}
*/

/* A step that ends by m is the same step in s[0 .. m). */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall uint8_t *s, integer n, integer m, integer i;
     0 <= i && i + dstep(s, n, i) <= m <= n ==>
     dstep(s, m, i) == dstep(s, n, i) && dunit0(s, m, i) == dunit0(s, n, i); @/
void dstep_prefix(void)
{
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; v2(s + c, j) == v2(s, c + j) && v3(s + c, j) == v3(s, c + j) &&
     v4(s + c, j) == v4(s, c + j); @/
void dvalues_shift(const uint8_t *s, size_t c)
{
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; dunit1(s + c, j) == dunit1(s, c + j); @/
void dunit1_shift(const uint8_t *s, size_t c)
{
    dvalues_shift(s, c);
}
*/

/* The steps of s + c are those of s from c (lead byte by lead byte). */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; dstep(s + c, n - c, j) == dstep(s, n, c + j); @/
void dstep_shift(const uint8_t *s, size_t n, size_t c)
{
    /@ assert \forall integer j; s[c + j] < 0x80 ==> dstep(s + c, n - c, j) == dstep(s, n, c + j); @/
    /@ assert \forall integer j; 0xC2 <= s[c + j] <= 0xDF ==>
         dstep(s + c, n - c, j) == dstep(s, n, c + j); @/
    /@ assert \forall integer j; 0xE0 <= s[c + j] <= 0xEF ==>
         dstep(s + c, n - c, j) == dstep(s, n, c + j); @/
    /@ assert \forall integer j; 0xF0 <= s[c + j] <= 0xF4 ==>
         dstep(s + c, n - c, j) == dstep(s, n, c + j); @/
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; dunit0(s + c, n - c, j) == dunit0(s, n, c + j); @/
void dunit0_shift(const uint8_t *s, size_t n, size_t c)
{
    dvalues_shift(s, c);
    dstep_shift(s, n, c);
}
*/

/* Equal positions, equal counts and offsets. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures len: \forall uint8_t *s, integer n, integer i, integer j;
     i <= j <= i ==> dlen(s, n, i) == dlen(s, n, j);
   ensures seqs: \forall uint8_t *s, integer n, integer i, integer j;
     i <= j <= i ==> dseqs(s, n, i) == dseqs(s, n, j);
   ensures pos: \forall uint8_t *s, integer n, integer i, integer j;
     i <= j <= i ==> dpos(s, n, i) == dpos(s, n, j) && doff(s, n, i) == doff(s, n, j); @/
void dcount_eq(void)
{
}
*/

/* dseqs_facts for s + c (a call with n - c would add a size_t wrap). */
/*@ ghost
/@ requires c <= n;
   assigns \nothing;
   exits \false;
   ensures \forall integer j; 0 <= j <= n - c ==> 0 <= dseqs(s + c, n - c, j) <= n - c - j; @/
void dseqs_facts_at(const uint8_t *s, size_t n, size_t c)
{
    size_t k = n - c;
    /@ loop invariant 0 <= k <= n - c;
       loop invariant \forall integer j; k <= j <= n - c ==> 0 <= dseqs(s + c, n - c, j) <= n - c - j;
       loop assigns k;
       loop variant k; @/
    while (k > 0)
        k = prev_index(k);
}
*/

/* Before a cut no step crosses, s[0 .. n) decodes as s[0 .. c) ... */
/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures len: \forall integer i; 0 <= i <= c ==> dlen(s, n, i) == dlen(s, c, i) + dlen(s, n, c);
   ensures seqs: \forall integer i; 0 <= i <= c ==> dseqs(s, n, i) == dseqs(s, c, i) + dseqs(s, n, c); @/
void dec_split_left_len(const uint8_t *s, size_t n, size_t c)
{
    dstep_prefix();
    dcount_eq();
    size_t k = c;
    /@ loop invariant 0 <= k <= c;
       loop invariant len: \forall integer i; k <= i <= c ==> dlen(s, n, i) == dlen(s, c, i) + dlen(s, n, c);
       loop invariant seqs: \forall integer i; k <= i <= c ==>
         dseqs(s, n, i) == dseqs(s, c, i) + dseqs(s, n, c);
       loop assigns k;
       loop variant k; @/
    while (k > 0) {
        /@ assert across: k - 1 + dstep(s, n, k - 1) <= c; @/
        /@ assert same: dstep(s, c, k - 1) == dstep(s, n, k - 1); @/
        /@ assert dstep(s, n, k - 1) >= 1; @/
        /@ assert un_n: dseqs(s, n, k - 1) == 1 + dseqs(s, n, k - 1 + dstep(s, n, k - 1)); @/
        /@ assert un_c: dseqs(s, c, k - 1) == 1 + dseqs(s, c, k - 1 + dstep(s, n, k - 1)); @/
        /@ assert at: dseqs(s, n, k - 1 + dstep(s, n, k - 1)) ==
             dseqs(s, c, k - 1 + dstep(s, n, k - 1)) + dseqs(s, n, c); @/
        k = prev_index(k);
    }
}
*/

/* ... and after it, as s + c. */
/*@ ghost
/@ requires 0 <= c <= n;
   assigns \nothing;
   exits \false;
   ensures len: \forall integer k; c <= k <= n ==> dlen(s, n, k) == dlen(s + c, n - c, k - c);
   ensures seqs: \forall integer k; c <= k <= n ==> dseqs(s, n, k) == dseqs(s + c, n - c, k - c); @/
void dec_split_right_len(const uint8_t *s, size_t n, size_t c)
{
    dstep_shift(s, n, c);
    dstep_shape();
    dcount_eq();
    size_t k = n;
    /@ loop invariant c <= k <= n;
       loop invariant len: \forall integer i; k <= i <= n ==> dlen(s, n, i) == dlen(s + c, n - c, i - c);
       loop invariant seqs: \forall integer i; k <= i <= n ==> dseqs(s, n, i) == dseqs(s + c, n - c, i - c);
       loop assigns k;
       loop variant k - c; @/
    while (k > c) {
        /@ assert same: dstep(s + c, n - c, k - 1 - c) == dstep(s, n, k - 1); @/
        /@ assert pos: 1 <= dstep(s, n, k - 1) && k - 1 + dstep(s, n, k - 1) <= n; @/
        /@ assert un_n: dlen(s, n, k - 1) == dunits(s, n, k - 1) + dlen(s, n, k - 1 + dstep(s, n, k - 1)) &&
             dseqs(s, n, k - 1) == 1 + dseqs(s, n, k - 1 + dstep(s, n, k - 1)); @/
        /@ assert un_a: dlen(s + c, n - c, k - 1 - c) ==
               dunits(s, n, k - 1) + dlen(s + c, n - c, k - 1 - c + dstep(s, n, k - 1)) &&
             dseqs(s + c, n - c, k - 1 - c) == 1 + dseqs(s + c, n - c, k - 1 - c + dstep(s, n, k - 1)); @/
        /@ assert at: dlen(s, n, k - 1 + dstep(s, n, k - 1)) ==
               dlen(s + c, n - c, k - 1 + dstep(s, n, k - 1) - c) &&
             dseqs(s, n, k - 1 + dstep(s, n, k - 1)) == dseqs(s + c, n - c, k - 1 + dstep(s, n, k - 1) - c); @/
        k = prev_index(k);
    }
}
*/

/* The steps of s[0 .. n) before the cut are those of s[0 .. c), which
 * end exactly at c. */
/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures same: \forall integer t; 0 <= t <= dseqs(s, c, 0) ==>
     dpos(s, n, t) == dpos(s, c, t) && doff(s, n, t) == doff(s, c, t);
   ensures inside: \forall integer t; 0 <= t < dseqs(s, c, 0) ==> 0 <= dpos(s, c, t) < c;
   ensures last: dpos(s, c, dseqs(s, c, 0)) == c && doff(s, c, dseqs(s, c, 0)) == dlen(s, c, 0); @/
void dec_split_left_pos(const uint8_t *s, size_t n, size_t c)
{
    dseqs_facts(s, c);
    dlen_facts(s, c);
    dstep_shape();
    dstep_prefix();
    dcount_eq();
    size_t t = 0;
    /@ loop invariant 0 <= t <= c;
       loop invariant q: \forall integer u; 0 <= u <= t && u <= dseqs(s, c, 0) ==>
         dpos(s, n, u) == dpos(s, c, u) && doff(s, n, u) == doff(s, c, u) &&
         0 <= dpos(s, c, u) <= c && dseqs(s, c, dpos(s, c, u)) + u == dseqs(s, c, 0) &&
         doff(s, c, u) + dlen(s, c, dpos(s, c, u)) == dlen(s, c, 0);
       loop assigns t;
       loop variant c - t; @/
    while (t < c) {
        /@ assert a1: t < dseqs(s, c, 0) ==> dpos(s, c, t) < c; @/
        /@ assert a2: t < dseqs(s, c, 0) ==>
             dseqs(s, c, dpos(s, c, t)) == 1 + dseqs(s, c, dpos(s, c, t) + dstep(s, c, dpos(s, c, t))) &&
             dlen(s, c, dpos(s, c, t)) ==
               dunits(s, c, dpos(s, c, t)) + dlen(s, c, dpos(s, c, t) + dstep(s, c, dpos(s, c, t))); @/
        /@ assert a4: dpos(s, c, t + 1) == dpos(s, c, t) + dstep(s, c, dpos(s, c, t)) &&
             doff(s, c, t + 1) == doff(s, c, t) + dunits(s, c, dpos(s, c, t)); @/
        /@ assert a5: dpos(s, n, t + 1) == dpos(s, n, t) + dstep(s, n, dpos(s, n, t)) &&
             doff(s, n, t + 1) == doff(s, n, t) + dunits(s, n, dpos(s, n, t)); @/
        /@ assert a6: t < dseqs(s, c, 0) ==> dstep(s, n, dpos(s, c, t)) == dstep(s, c, dpos(s, c, t)); @/
        /@ assert a7: t < dseqs(s, c, 0) ==> dpos(s, c, t) + dstep(s, c, dpos(s, c, t)) <= c; @/
        t = next_index(t, c);
    }
    /@ assert end: dseqs(s, c, dpos(s, c, dseqs(s, c, 0))) == 0 && dpos(s, c, dseqs(s, c, 0)) <= c; @/
}
*/

/* After the cut, step S + t of s[0 .. n) is step t of s + c (S the steps
 * before it). */
/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures pos: \forall integer k; dseqs(s, c, 0) <= k <= dseqs(s, c, 0) + (n - c) ==>
     dpos(s, n, k) == c + dpos(s + c, n - c, k - dseqs(s, c, 0)) &&
     doff(s, n, k) == dlen(s, c, 0) + doff(s + c, n - c, k - dseqs(s, c, 0));
   ensures rest: \forall integer t; 0 <= t <= n - c ==>
     dpos(s, n, dseqs(s, c, 0) + t) == c + dpos(s + c, n - c, t) &&
     doff(s, n, dseqs(s, c, 0) + t) == dlen(s, c, 0) + doff(s + c, n - c, t); @/
void dec_split_right_pos(const uint8_t *s, size_t n, size_t c)
{
    dec_split_left_pos(s, n, c);
    dseqs_facts(s, c);
    dstep_shift(s, n, c);
    dcount_eq();
    size_t j = c;
    /@ loop invariant c <= j;
       loop invariant r: \forall integer k;
         dseqs(s, c, 0) <= k <= dseqs(s, c, 0) + (j - c) && k <= dseqs(s, c, 0) + (n - c) ==>
         dpos(s, n, k) == c + dpos(s + c, n - c, k - dseqs(s, c, 0)) &&
         doff(s, n, k) == dlen(s, c, 0) + doff(s + c, n - c, k - dseqs(s, c, 0));
       loop assigns j;
       loop variant n - j; @/
    while (j < n) {
        /@ assert b1: dpos(s, n, dseqs(s, c, 0) + (j - c) + 1) ==
               dpos(s, n, dseqs(s, c, 0) + (j - c)) + dstep(s, n, dpos(s, n, dseqs(s, c, 0) + (j - c))) &&
             doff(s, n, dseqs(s, c, 0) + (j - c) + 1) ==
               doff(s, n, dseqs(s, c, 0) + (j - c)) + dunits(s, n, dpos(s, n, dseqs(s, c, 0) + (j - c))); @/
        /@ assert b2: dpos(s + c, n - c, (j - c) + 1) ==
               dpos(s + c, n - c, (j - c)) + dstep(s + c, n - c, dpos(s + c, n - c, (j - c))) &&
             doff(s + c, n - c, (j - c) + 1) ==
               doff(s + c, n - c, (j - c)) + dunits(s + c, n - c, dpos(s + c, n - c, (j - c))); @/
        /@ assert b4: dpos(s, n, dseqs(s, c, 0) + (j - c)) == c + dpos(s + c, n - c, (j - c)) &&
             doff(s, n, dseqs(s, c, 0) + (j - c)) == dlen(s, c, 0) + doff(s + c, n - c, (j - c)); @/
        /@ assert b3: dstep(s + c, n - c, dpos(s + c, n - c, (j - c))) == dstep(s, n, c + dpos(s + c, n - c, (j - c))); @/
        j = next_index(j, n);
    }
}
*/

/* A step's units as values, so that moving them is proved without
 * looking at how the decoder computes them. */
/*@ predicate units_at{L}(uint16_t *e, integer o, integer u0, integer w, integer u1) =
      e[o] == u0 && (w == 4 ==> e[o + 1] == u1); */

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures values: \forall uint8_t *t, integer m, integer p, uint16_t *e, integer o;
     dunit_at(t, m, p, e, o) <==> units_at(e, o, dunit0(t, m, p), dstep(t, m, p), dunit1(t, p));
   ensures moved: \forall uint16_t *e, integer l, integer o, integer a, integer b, integer c;
     units_at(e + l, o, a, b, c) <==> units_at(e, o + l, a, b, c);
   ensures same: \forall uint8_t *t, integer m, integer p, integer q, uint16_t *e, integer o, integer r;
     p <= q <= p && o <= r <= o ==> (dunit_at(t, m, p, e, o) <==> dunit_at(t, m, q, e, r)); @/
void units_at_facts(void)
{
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall uint8_t *t, integer m, integer p, uint16_t *e, integer l, integer o;
     dunit_at(t, m, p, e + l, o) <==> dunit_at(t, m, p, e, o + l); @/
void dunit_at_shift(void)
{
    units_at_facts();
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer p, uint16_t *e, integer o;
     dunit_at(s + c, n - c, p, e, o) <==> dunit_at(s, n, c + p, e, o); @/
void dunit_same(const uint8_t *s, size_t n, size_t c)
{
    dstep_shift(s, n, c);
    dunit0_shift(s, n, c);
    dunit1_shift(s, c);
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer p, uint16_t *e, integer l, integer o;
     dunit_at(s + c, n - c, p, e + l, o) <==> dunit_at(s, n, c + p, e, o + l); @/
void dunit_shift(const uint8_t *s, size_t n, size_t c)
{
    dunit_at_shift();
    dunit_same(s, n, c);
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall uint8_t *s, integer n, integer m, integer p, uint16_t *e, integer o;
     0 <= p && p + dstep(s, n, p) <= m <= n ==> (dunit_at(s, m, p, e, o) <==> dunit_at(s, n, p, e, o)); @/
void dunit_prefix(void)
{
    dstep_prefix();
}
*/

/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures lo: ddecoded(s, c, dseqs(s, c, 0), d) ==> \forall integer k; 0 <= k < dseqs(s, c, 0) ==>
     dunit_at(s, n, dpos(s, n, k), d, doff(s, n, k));
   ensures back: (\forall integer k; 0 <= k < dseqs(s, c, 0) ==>
       dunit_at(s, n, dpos(s, n, k), d, doff(s, n, k))) ==> ddecoded(s, c, dseqs(s, c, 0), d); @/
void dec_split_lo(const uint8_t *s, size_t n, size_t c, const uint16_t *d)
{
    dec_split_left_pos(s, n, c);
    dunit_prefix();
}
*/

/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures \forall integer t; 0 <= t <= n - c ==>
     (dunit_at(s + c, n - c, dpos(s + c, n - c, t), d + dlen(s, c, 0), doff(s + c, n - c, t)) <==>
      dunit_at(s, n, dpos(s, n, dseqs(s, c, 0) + t), d, doff(s, n, dseqs(s, c, 0) + t))); @/
void dec_split_hi_at(const uint8_t *s, size_t n, size_t c, const uint16_t *d)
{
    dec_split_right_pos(s, n, c);
    dunit_shift(s, n, c);
    units_at_facts();
}
*/

/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures hi: ddecoded(s + c, n - c, dseqs(s + c, n - c, 0), d + dlen(s, c, 0)) ==>
     \forall integer k; dseqs(s, c, 0) <= k < dseqs(s, c, 0) + dseqs(s + c, n - c, 0) ==>
       dunit_at(s, n, dpos(s, n, k), d, doff(s, n, k));
   ensures back: (\forall integer k; dseqs(s, c, 0) <= k < dseqs(s, c, 0) + dseqs(s + c, n - c, 0) ==>
       dunit_at(s, n, dpos(s, n, k), d, doff(s, n, k))) ==>
     ddecoded(s + c, n - c, dseqs(s + c, n - c, 0), d + dlen(s, c, 0)); @/
void dec_split_hi(const uint8_t *s, size_t n, size_t c, const uint16_t *d)
{
    dec_split_right_pos(s, n, c);
    dseqs_facts_at(s, n, c);
    dec_split_hi_at(s, n, c, d);
}
*/

/* A stream cut where no step crosses: its decoding is that of the first
 * part, then that of the rest after its units. */
/*@ ghost
/@ requires 0 <= c <= n && no_step_across(s, n, c);
   assigns \nothing;
   exits \false;
   ensures length: dlen(s, n, 0) == dlen(s, c, 0) + dlen(s + c, n - c, 0);
   ensures steps: dseqs(s, n, 0) == dseqs(s, c, 0) + dseqs(s + c, n - c, 0);
   ensures join: ddecoded(s, c, dseqs(s, c, 0), d) &&
     ddecoded(s + c, n - c, dseqs(s + c, n - c, 0), d + dlen(s, c, 0)) ==>
     ddecoded(s, n, dseqs(s, n, 0), d);
   ensures part: ddecoded(s, n, dseqs(s, n, 0), d) ==>
     ddecoded(s, c, dseqs(s, c, 0), d) &&
     ddecoded(s + c, n - c, dseqs(s + c, n - c, 0), d + dlen(s, c, 0)); @/
void dec_split(const uint8_t *s, size_t n, size_t c, const uint16_t *d)
{
    dec_split_left_len(s, n, c);
    dec_split_right_len(s, n, c);
    dec_split_lo(s, n, c, d);
    dec_split_hi(s, n, c, d);
    dseqs_facts(s, c);
    dseqs_facts_at(s, n, c);
    /@ assert steps: dseqs(s, n, 0) == dseqs(s, c, 0) + dseqs(s + c, n - c, 0); @/
    /@ assert all: ddecoded(s, n, dseqs(s, n, 0), d) <==>
         \forall integer k; 0 <= k < dseqs(s, c, 0) + dseqs(s + c, n - c, 0) ==>
           dunit_at(s, n, dpos(s, n, k), d, doff(s, n, k)); @/
}
*/

/* What a chunk that is not the last keeps back, in the stream's offsets:
 * at most three bytes, from a lead byte on, all continuation bytes after
 * it; and when it keeps nothing, no lead byte among its last three bytes
 * is followed by fewer bytes than it announces, continuation bytes only. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures range: m - 3 <= stream_end(s + p, m) <= m && 0 <= stream_end(s + p, m);
   ensures kept: stream_end(s + p, m) < m ==> lead_need(s[p + stream_end(s + p, m)]) > 1 &&
     \forall integer j; stream_end(s + p, m) < j < m ==> cont(s[p + j]);
   ensures whole1: stream_end(s + p, m) == m && m >= 1 ==> lead_need(s[p + m - 1]) <= 1;
   ensures whole2: stream_end(s + p, m) == m && m >= 2 ==>
     !(lead_need(s[p + m - 2]) > 2 && cont(s[p + m - 1]));
   ensures whole3: stream_end(s + p, m) == m && m >= 3 ==>
     !(lead_need(s[p + m - 3]) > 3 && cont(s[p + m - 2]) && cont(s[p + m - 1])); @/
void stream_end_cut(const uint8_t *s, size_t p, size_t m)
{
}
*/

/* A chunk call stops where no step of the whole stream crosses: before a
 * lead byte (never inside a step), or where the last step ends. */
/*@ ghost
/@ requires p + m <= n && (last != 0 ==> p + m == n) && no_step_across(s, n, p);
   assigns \nothing;
   exits \false;
   ensures 0 <= dec_chunk_end(s + p, m, last) <= m;
   ensures no_step_across(s, n, p + dec_chunk_end(s + p, m, last)); @/
void dec_chunk_cut(const uint8_t *s, size_t n, size_t p, size_t m, int last)
{
    stream_end_cut(s, p, m);
    dstep_shape();
    /@ assert before: \forall integer i; 0 <= i < p ==> i + dstep(s, n, i) <= p; @/
    /@ assert lead: dec_chunk_end(s + p, m, last) < m ==>
         lead_need(s[p + dec_chunk_end(s + p, m, last)]) > 1; @/
    /@ assert inside: dec_chunk_end(s + p, m, last) < m ==>
         \forall integer i; p <= i < p + dec_chunk_end(s + p, m, last) ==>
           i + dstep(s, n, i) <= p + dec_chunk_end(s + p, m, last); @/
    /@ assert whole: dec_chunk_end(s + p, m, last) == m ==>
         \forall integer i; p <= i < p + m ==> i + dstep(s, n, i) <= p + m; @/
}
*/

/* Theorem (contract in src/utf8_spec.h). */
/*@ ghost
void dec_chunk_then_rest(const uint8_t *s, size_t n, size_t m, int last, size_t k,
                         const uint16_t *d)
{
    dec_chunk_cut(s, n, 0, m, last);
    dec_split(s, n, k, d);
}
*/

/* No step crosses p in s[0 .. e) when none does in s[0 .. n), e <= n. */
/*@ ghost
/@ requires p <= e <= n && no_step_across(s, n, p);
   assigns \nothing;
   exits \false;
   ensures no_step_across(s, e, p); @/
void no_step_across_prefix(const uint8_t *s, size_t n, size_t e, size_t p)
{
    dstep_prefix();
    /@ assert each: \forall integer i; 0 <= i < p ==> i + dstep(s, n, i) <= p; @/
    /@ assert same: \forall integer i; 0 <= i < p ==> dstep(s, e, i) == dstep(s, n, i); @/
}
*/

/* One chunk of the induction, as enc_chunk_step. */
/*@ ghost
/@ requires p + m <= n && (last != 0 ==> p + m == n);
   requires cut: e == p + dec_chunk_end(s + p, m, last);
   requires p <= n && no_step_across(s, n, p);
   requires before: off == dlen(s, p, 0) && ddecoded(s, p, dseqs(s, p, 0), d);
   requires chunk: ddecoded(s + p, e - p, dseqs(s + p, e - p, 0), d + off);
   assigns \nothing;
   exits \false;
   ensures p <= e <= n && no_step_across(s, n, e);
   ensures off + dlen(s + p, e - p, 0) == dlen(s, e, 0);
   ensures ddecoded(s, e, dseqs(s, e, 0), d); @/
void dec_chunk_step(const uint8_t *s, size_t n, size_t p, size_t m, int last, size_t e,
                    size_t off, const uint16_t *d)
{
    dec_chunk_cut(s, n, p, m, last);
    no_step_across_prefix(s, n, e, p);
    dec_split(s, e, p, d);
}
*/

/* Theorem (contract in src/utf8_spec.h). */
/*@ ghost
void dec_chunks_whole(const uint8_t *s, size_t n, size_t q, const size_t *at, const size_t *m,
                      const int *last, const size_t *off, const uint16_t *d)
{
    size_t i = 0;
    /@ loop invariant 0 <= i <= q;
       loop invariant at[i] <= n && no_step_across(s, n, at[i]);
       loop invariant off[i] == dlen(s, at[i], 0);
       loop invariant ddecoded(s, at[i], dseqs(s, at[i], 0), d);
       loop assigns i;
       loop variant q - i; @/
    while (i < q) {
        /@ assert dec_call(s, n, at, m, last, i) && dec_output(s, at, off, d, i); @/
        dec_chunk_step(s, n, at[i], m[i], last[i], (at + i)[1], off[i], d);
        i = next_index(i, q);
    }
}
*/
