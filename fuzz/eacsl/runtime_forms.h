/* SPDX-License-Identifier: Apache-2.0 */
/* Runtime forms of definitions of src/, for the runtime contract build
 * only (mk/eacsl.mk).  Each runtime_form block names a definition, a term
 * of its src/ body and the term E-ACSL runs instead; fuzz/eacsl/inline_spec.py
 * makes the swap (whitespace aside) and stops when the src/ term is not
 * found exactly once, so the rest of each definition is always src/'s, the
 * text WP proves, and a change to a replaced term stops the build until its
 * form is brought up to date.  A runtime_def block is a helper macro that
 * forms share; it is no definition of src/.
 *
 * E-ACSL 25 executes only quantifiers over bounded integer ranges, no logic
 * function or predicate that reads memory (src/'s are inlined as macros,
 * which a recursive one cannot be), no inductive predicate, and it does not
 * finish translating a recursive logic function whose step adds a bounded
 * term (c(i) = c(i - 1) + 1 ran for minutes without an answer; n + tri(n - 1)
 * translates).  Hence:
 *
 * Counters (src/counters.h, src/counter_map.h):
 * - valid_counters: "the built map holds exactly the partitions of the
 *   items" (an unbounded quantifier over partitions p) becomes, slot by
 *   slot, "every used slot's partition is among the items" and, item by
 *   item, "every item's partition is in a used slot": the same set
 *   equality, over the slots and items that exist;
 * - used_slots: the recursive count becomes \numof over the slots.
 *
 * UTF-8 (src/utf8_spec.h).  Each form is the recursion unrolled:
 * - u8len, m8len: the sum of the per-unit widths, \sum over the units.
 * - dlen, dseqs (the decoder's units and steps from byte i): a step of
 *   more than one byte starts at a lead byte (C2..F4) and takes only bytes
 *   80..BF after it, so no lead byte is ever inside another step, and every
 *   step is at most 4 bytes.  Hence byte j (i <= j < len) starts a step of
 *   the decoding from i exactly when no step starting at one of the three
 *   bytes before it (and not before i) reaches past it: dstart below.  If
 *   such a step at k reached j, k would be a lead byte, hence a step start
 *   itself, and j inside its step; if j is inside the step of the start p
 *   before it, p is at most 3 bytes back and its step reaches past j.
 *   dseqs counts those starts, dlen adds one for each four-byte step (the
 *   only ones of two units).
 * - ddecoded (the units of the first m steps): for m <= dseqs(s, len, 0),
 *   step k of src's form is the start j with k starts before it
 *   (dpos(s, len, k) == j), and its offset doff(s, len, k) is the number of
 *   units of the steps before j: the runtime form says so of every start
 *   with fewer than m starts before it.  For m > dseqs(s, len, 0) src's
 *   form speaks of steps past the end of s (bytes not in the buffer), and
 *   the runtime form is false (m <= dseqs(...) is its first conjunct): it
 *   implies src's for every m and equals it for m <= dseqs(s, len, 0),
 *   which every use in src/utf8.h has (m is dseqs(src, len, 0) itself).
 * - drepl (the steps from i that are not well-formed): the step starts
 *   j of the decoding from i (dstart, as for dseqs) at which src's test
 *   of well-formedness fails, counted with \numof.  Its range is
 *   i + 1 .. len over k - 1, as the \sum forms above are written: with
 *   \numof(i, len - 1, ...) E-ACSL 25 did not answer 0 for len == 0 (a false
 *   violation on every empty input).
 * - wf_reach (inductive: i is reached from 0 through well-formed
 *   sequences): the steps from 0 are the decoder's steps, so i is reached
 *   exactly when it is len or a step start, and every step start before it
 *   is well-formed.
 * - mwf_reach (inductive: i is reached from start through whole groups of
 *   readUTF): bytes start .. i-1 are whole groups exactly when every byte
 *   that is not 10xxxxxx there leads a whole group (mgroup_ok) ending by i,
 *   and every 10xxxxxx byte is inside the group of a lead byte one or two
 *   before it.  (A group's later bytes are 10xxxxxx and its lead byte is
 *   not, so the groups are found by the lead bytes alone.)
 * Without a form, and so dropped with every clause that uses them: mlen,
 * mpos and mdecoded (readUTF takes mlead bytes from a lead byte whether
 * they are 10xxxxxx or not, so where a group starts depends on every byte
 * before it, as in E0 E0 E0 ...: no bounded form exists), and dpos, doff,
 * dsteps_below (src/utf8.c's and the kernels' contracts only).
 * A C compiler sees only comments here. */

/* runtime_form valid_counters
   src:
      \forall integer p; map_holds(&m->map, p) <==> in_items(m->data, m->size, p)
   runtime:
      (\forall integer i; 0 <= i < m->map.nslots && m->map.slots[i].used != 0 ==>
         in_items(m->data, m->size, m->map.slots[i].partition)) &&
      (\forall integer i; 0 <= i < m->size ==>
         \exists integer j; 0 <= j < m->map.nslots && m->map.slots[j].used != 0 &&
           twos32(m->map.slots[j].partition) ==
             bytes_u32(m->data, i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION))
*/

/* runtime_form used_slots
   src:
      n <= 0 ? 0 : used_slots(s, n - 1) + (s[n - 1].used != 0 ? 1 : 0)
   runtime:
      \numof(0, n - 1, \lambda integer used_k; s[used_k].used != 0)
*/

/* runtime_form u8len
   src:
      i <= 0 ? 0 : u8len(s, n, i - 1) + u8w(s, n, i - 1)
   runtime:
      \let u8len_n = n; \let u8len_i = i;
      (u8len_i >= 1 ? u8w(s, u8len_n, 0) : 0) +
      \sum(2, u8len_i, \lambda integer u8len_k; u8w(s, u8len_n, u8len_k - 1))
*/

/* runtime_form m8len
   src:
      i <= 0 ? 0 : m8len(s, i - 1) + m8w(s[i - 1])
   runtime:
      \let m8len_i = i; \sum(1, m8len_i, \lambda integer m8len_k; m8w(s[m8len_k - 1]))
*/

/* runtime_def dover(s, len, k) = 2 - dstep(s, len, k) */

/* runtime_def dunits_over(s, len, k) =
      \let dunits_x = dstep(s, len, k); 2 - dunits_x + (dunits_x == 4 ? 1 : 0)
*/

/* runtime_def dstart(s, len, i, j) =
      (j - 1 < i || dstep(s, len, j - 1) <= 1) &&
      (j - 2 < i || dstep(s, len, j - 2) <= 2) &&
      (j - 3 < i || dstep(s, len, j - 3) <= 3)
*/

/* runtime_def dsteps_to(s, len, j) = \sum(1, j, \lambda integer dsteps_k; dover(s, len, dsteps_k - 1)) */

/* runtime_def dunits_to(s, len, j) =
      \sum(1, j, \lambda integer dunits_k; dunits_over(s, len, dunits_k - 1))
*/

/* runtime_form dlen
   src:
      i >= len ? 0 : dunits(s, len, i) + dlen(s, len, i + dstep(s, len, i))
   runtime:
      \let dlen_len = len; \let dlen_i = i;
      \sum(dlen_i + 1, dlen_len, \lambda integer dlen_k; dunits_over(s, dlen_len, dlen_k - 1))
*/

/* runtime_form dseqs
   src:
      i >= len ? 0 : 1 + dseqs(s, len, i + dstep(s, len, i))
   runtime:
      \let dseqs_len = len; \let dseqs_i = i;
      \sum(dseqs_i + 1, dseqs_len, \lambda integer dseqs_k; dover(s, dseqs_len, dseqs_k - 1))
*/

/* runtime_form ddecoded
   src:
      \forall integer k; 0 <= k < m ==> dunit_at(s, len, dpos(s, len, k), d, doff(s, len, k))
   runtime:
      \let ddec_len = len; \let ddec_m = m;
      ddec_m <= dseqs(s, ddec_len, 0) &&
      \forall integer ddec_j; 0 <= ddec_j < ddec_len ==>
        (dstart(s, ddec_len, 0, ddec_j) && dsteps_to(s, ddec_len, ddec_j) < ddec_m ==>
           dunit_at(s, ddec_len, ddec_j, d, (size_t)dunits_to(s, ddec_len, ddec_j)))
*/

/* runtime_form drepl
   src:
      i >= len ? 0 :
      (dstep(s, len, i) == seq_len(s[i]) && !(s[i] == 0xED && s[i + 1] >= 0xA0) ? 0 : 1) +
      drepl(s, len, i + dstep(s, len, i))
   runtime:
      \let drepl_len = len; \let drepl_i = i;
      \numof(drepl_i + 1, drepl_len, \lambda integer drepl_k;
        dstart(s, drepl_len, drepl_i, drepl_k - 1) &&
        !(dstep(s, drepl_len, drepl_k - 1) == seq_len(s[drepl_k - 1]) &&
          !(s[drepl_k - 1] == 0xED && s[drepl_k] >= 0xA0)))
*/

/* runtime_form wf_reach
   src:
      case wf_start{L}: \forall uint8_t *s, integer len; wf_reach(s, len, 0);
      case wf_next{L}: \forall uint8_t *s, integer len, integer i;
        wf_reach(s, len, i) && 0 <= i < len && well_formed_at(s, len, i) ==>
        wf_reach(s, len, i + dstep(s, len, i));
   runtime:
      \let wf_len = len; \let wf_i = i;
      0 <= wf_i <= wf_len && (wf_i == wf_len || dstart(s, wf_len, 0, wf_i)) &&
      \forall integer wf_j; 0 <= wf_j < wf_i ==>
        (dstart(s, wf_len, 0, wf_j) ==> well_formed_at(s, wf_len, wf_j))
*/

/* runtime_form mencoded
   src:
      menc_at(s, k, d, m8len(s, k))
   runtime:
      menc_at(s, k, d, (size_t)m8len(s, k))
*/

/* runtime_form mwf_reach
   src:
      case m_start{L}: \forall uint8_t *s, integer start, end; mwf_reach(s, start, end, start);
      case m_next{L}: \forall uint8_t *s, integer start, end, i;
        mwf_reach(s, start, end, i) && start <= i < end && mgroup_ok(s, end, i) ==>
        mwf_reach(s, start, end, i + mlead(s[i]));
   runtime:
      \let mwf_start = start; \let mwf_end = end; \let mwf_i = i;
      mwf_start <= mwf_i &&
      \forall integer mwf_j; mwf_start <= mwf_j < mwf_i ==>
        ((!cont(s[mwf_j]) ==>
            mgroup_ok(s, mwf_end, mwf_j) && mwf_j + mlead(s[mwf_j]) <= mwf_i) &&
         (cont(s[mwf_j]) ==>
            (mwf_j - 1 >= mwf_start && mlead(s[mwf_j - 1]) > 1) ||
            (mwf_j - 2 >= mwf_start && mlead(s[mwf_j - 2]) > 2)))
*/
