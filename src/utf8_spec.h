/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 specification in ACSL, shared by the contracts of utf8.h.
 *
 * Encoding is Java's String.getBytes(UTF_8) on n UTF-16 code units: each
 * unit's share of the output (u8w) and the bytes it stands for (enc_unit),
 * summed over a prefix (u8len).  A surrogate pair shares its four bytes as
 * two and two, so that a prefix ending after the pair has the right length.
 *
 * Decoding is Java's new String(bytes, UTF_8): at each position the decoder
 * takes dstep bytes (1 to 4) and produces one unit, or two for a four-byte
 * sequence; dlen is the number of units from a position to the end.
 *
 * Modified UTF-8 is DataOutput.writeUTF's body (m8w, m8len, menc_at) and
 * DataInput.readUTF's groups (mstep).
 *
 * Everything here is logic only; a C compiler sees an empty header. */
#ifndef LEPACK_UTF8_SPEC_H
#define LEPACK_UTF8_SPEC_H

/*@
  predicate is_high(integer u) = 0xD800 <= u <= 0xDBFF;
  predicate is_low(integer u) = 0xDC00 <= u <= 0xDFFF;
  predicate is_surrogate(integer u) = 0xD800 <= u <= 0xDFFF;

  // --- UTF-16 to UTF-8 ------------------------------------------------------

  // Unit k starts, or ends, a surrogate pair of s[0 .. n-1].
  predicate pair_at{L}(uint16_t *s, integer n, integer k) =
    0 <= k && k + 1 < n && is_high(s[k]) && is_low(s[k + 1]);
  predicate pair_end{L}(uint16_t *s, integer n, integer k) =
    0 < k < n && is_high(s[k - 1]) && is_low(s[k]);

  // A position the encoder may stop at: not between the halves of a pair.
  predicate boundary{L}(uint16_t *s, integer n, integer i) = !pair_end(s, n, i);

  // Strict encoding: unit k is a surrogate outside any pair, which the JDK
  // would replace with '?'; none among the first m units.
  predicate unpaired_at{L}(uint16_t *s, integer n, integer k) =
    is_surrogate(s[k]) && !pair_at(s, n, k) && !pair_end(s, n, k);
  predicate none_unpaired{L}(uint16_t *s, integer n, integer m) =
    \forall integer k; 0 <= k < m ==> !unpaired_at(s, n, k);

  // Streaming: a chunk that is not the last ends before a high surrogate
  // in its last unit, whose low half may come with the next chunk.
  logic integer enc_chunk_end{L}(uint16_t *s, integer n, integer last) =
    last == 0 && n >= 1 && 0xD800 <= s[n - 1] <= 0xDBFF ? n - 1 : n;

  // Unit k's share of the output: an unpaired surrogate is one '?'.  (A
  // term's condition cannot be a predicate, hence the spelled-out tests.)
  logic integer u8w{L}(uint16_t *s, integer n, integer k) =
    s[k] < 0x80 ? 1 :
    s[k] < 0x800 ? 2 :
    s[k] < 0xD800 || s[k] > 0xDFFF ? 3 :
    (s[k] <= 0xDBFF && k + 1 < n && 0xDC00 <= s[k + 1] <= 0xDFFF) ||
    (s[k] >= 0xDC00 && 0 < k && 0xD800 <= s[k - 1] <= 0xDBFF) ? 2 : 1;

  // Bytes of the first i units.
  logic integer u8len{L}(uint16_t *s, integer n, integer i) =
    i <= 0 ? 0 : u8len(s, n, i - 1) + u8w(s, n, i - 1);

  // The code point of a pair, and of the pair starting at k.
  logic integer pair_cp(integer hi, integer lo) = 0x10000 + (hi - 0xD800) * 1024 + (lo - 0xDC00);
  logic integer pair_value{L}(uint16_t *s, integer k) = pair_cp(s[k], s[k + 1]);

  // The four bytes of a supplementary code point.
  predicate four_bytes{L}(uint8_t *d, integer cp) =
    d[0] == 0xF0 + cp / 262144 && d[1] == 0x80 + cp / 4096 % 64 &&
    d[2] == 0x80 + cp / 64 % 64 && d[3] == 0x80 + cp % 64;

  // The bytes unit k writes: a pair's four for its first unit and none
  // for its second, else its share u8w.
  logic integer enc_w{L}(uint16_t *s, integer n, integer k) =
    0xD800 <= s[k] <= 0xDBFF && k + 1 < n && 0xDC00 <= s[k + 1] <= 0xDFFF ? 4 :
    0xDC00 <= s[k] <= 0xDFFF && 0 < k && 0xD800 <= s[k - 1] <= 0xDBFF ? 0 :
    u8w(s, n, k);

  // Byte c of what unit k writes: the unit's UTF-8 bytes, a pair's code
  // point in four bytes, '?' for an unpaired surrogate.
  logic integer enc_byte{L}(uint16_t *s, integer n, integer k, integer c) =
    s[k] < 0x80 ? s[k] :
    s[k] < 0x800 ? (c == 0 ? 0xC0 + s[k] / 64 : 0x80 + s[k] % 64) :
    s[k] < 0xD800 || s[k] > 0xDFFF ?
      (c == 0 ? 0xE0 + s[k] / 4096 : c == 1 ? 0x80 + s[k] / 64 % 64 : 0x80 + s[k] % 64) :
    s[k] <= 0xDBFF && k + 1 < n && 0xDC00 <= s[k + 1] <= 0xDFFF ?
      (c == 0 ? 0xF0 + pair_value(s, k) / 262144 :
       c == 1 ? 0x80 + pair_value(s, k) / 4096 % 64 :
       c == 2 ? 0x80 + pair_value(s, k) / 64 % 64 : 0x80 + pair_value(s, k) % 64) :
    0x3F;

  // d[o ..] holds what unit k writes; unit k at its offset u8len(k).
  // (Spelled out byte by byte: a quantifier here costs the provers dearly.)
  predicate enc_at{L}(uint16_t *s, integer n, integer k, uint8_t *d, integer o) =
    (0 < enc_w(s, n, k) ==> d[o] == enc_byte(s, n, k, 0)) &&
    (1 < enc_w(s, n, k) ==> d[o + 1] == enc_byte(s, n, k, 1)) &&
    (2 < enc_w(s, n, k) ==> d[o + 2] == enc_byte(s, n, k, 2)) &&
    (3 < enc_w(s, n, k) ==> d[o + 3] == enc_byte(s, n, k, 3));
  predicate enc_unit{L}(uint16_t *s, integer n, integer k, uint8_t *d) =
    enc_at(s, n, k, d, u8len(s, n, k));

  // The whole output: d holds String.getBytes(UTF_8) of units i .. j-1,
  // each at its offset (with i = 0 and j = n, every byte of the encoding).
  predicate encoded{L}(uint16_t *s, integer n, integer i, integer j, uint8_t *d) =
    \forall integer k; i <= k < j ==> enc_unit(s, n, k, d);

  // The first m units are all ASCII (each is then its own byte).
  predicate ascii_units{L}(uint16_t *s, integer m) = \forall integer k; 0 <= k < m ==> s[k] < 0x80;

  // --- UTF-8 to UTF-16 (the JDK's replacement rule) --------------------------

  predicate cont(integer b) = 0x80 <= b <= 0xBF;

  // The second byte of a three- or four-byte sequence, as the decoder
  // checks it (dstep spells the same tests out, since a term's condition
  // cannot be a predicate).  The JDK's decoder takes ED like E1..EC here:
  // it replaces the surrogate it then decodes.
  predicate second3(integer b, integer x) = b == 0xE0 ? 0xA0 <= x <= 0xBF : cont(x);
  predicate second4(integer b, integer x) =
    b == 0xF0 ? 0x90 <= x <= 0xBF : b == 0xF4 ? 0x80 <= x <= 0x8F : cont(x);
  // Bytes the decoder takes at i < len: a whole sequence, or the maximal
  // prefix of one that it replaces by one U+FFFD.
  logic integer dstep{L}(uint8_t *s, integer len, integer i) =
    s[i] < 0x80 ? 1 :
    0xC2 <= s[i] <= 0xDF ? (i + 1 < len && 0x80 <= s[i + 1] <= 0xBF ? 2 : 1) :
    0xE0 <= s[i] <= 0xEF ?
      (i + 1 < len && (s[i] == 0xE0 ? 0xA0 <= s[i + 1] <= 0xBF : 0x80 <= s[i + 1] <= 0xBF) ?
         (i + 2 < len && 0x80 <= s[i + 2] <= 0xBF ? 3 : 2) : 1) :
    0xF0 <= s[i] <= 0xF4 ?
      (i + 1 < len && (s[i] == 0xF0 ? 0x90 <= s[i + 1] <= 0xBF :
                       s[i] == 0xF4 ? 0x80 <= s[i + 1] <= 0x8F : 0x80 <= s[i + 1] <= 0xBF) ?
         (i + 2 < len && 0x80 <= s[i + 2] <= 0xBF ?
            (i + 3 < len && 0x80 <= s[i + 3] <= 0xBF ? 4 : 3) : 2) : 1) :
    1;

  // Only a whole four-byte sequence gives two units (a surrogate pair).
  logic integer dunits{L}(uint8_t *s, integer len, integer i) =
    dstep(s, len, i) == 4 ? 2 : 1;

  // Units decoded from position i to the end.
  logic integer dlen{L}(uint8_t *s, integer len, integer i) =
    i >= len ? 0 : dunits(s, len, i) + dlen(s, len, i + dstep(s, len, i));

  // The units of the step at i: the character of a whole sequence (a
  // surrogate's is replaced too), or U+FFFD for a maximal prefix of one.
  logic integer v2{L}(uint8_t *s, integer i) = (s[i] - 0xC0) * 64 + (s[i + 1] - 0x80);
  logic integer v3{L}(uint8_t *s, integer i) =
    (s[i] - 0xE0) * 4096 + (s[i + 1] - 0x80) * 64 + (s[i + 2] - 0x80);
  logic integer v4{L}(uint8_t *s, integer i) =
    (s[i] - 0xF0) * 262144 + (s[i + 1] - 0x80) * 4096 + (s[i + 2] - 0x80) * 64 +
    (s[i + 3] - 0x80);
  logic integer dunit0{L}(uint8_t *s, integer len, integer i) =
    s[i] < 0x80 ? s[i] :
    0xC2 <= s[i] <= 0xDF && dstep(s, len, i) == 2 ? v2(s, i) :
    0xE0 <= s[i] <= 0xEF && dstep(s, len, i) == 3 ?
      (0xD800 <= v3(s, i) <= 0xDFFF ? 0xFFFD : v3(s, i)) :
    dstep(s, len, i) == 4 ? 0xD800 + (v4(s, i) - 0x10000) / 1024 :
    0xFFFD;
  logic integer dunit1{L}(uint8_t *s, integer i) = 0xDC00 + (v4(s, i) - 0x10000) % 1024;

  // The whole output, step by step: the decoder's step m starts at byte
  // dpos(m) and writes its units at offset doff(m) (each step follows the
  // one before); dseqs(i) counts the steps from i to the end.
  logic integer dpos{L}(uint8_t *s, integer len, integer m) =
    m <= 0 ? 0 : dpos(s, len, m - 1) + dstep(s, len, dpos(s, len, m - 1));
  logic integer doff{L}(uint8_t *s, integer len, integer m) =
    m <= 0 ? 0 : doff(s, len, m - 1) + dunits(s, len, dpos(s, len, m - 1));
  logic integer dseqs{L}(uint8_t *s, integer len, integer i) =
    i >= len ? 0 : 1 + dseqs(s, len, i + dstep(s, len, i));

  // The units of the step at byte i, at d[o ..].
  predicate dunit_at{L}(uint8_t *s, integer len, integer i, uint16_t *d, integer o) =
    d[o] == dunit0(s, len, i) && (dstep(s, len, i) == 4 ==> d[o + 1] == dunit1(s, i));

  // Every unit of the first m steps lies below offset o.
  predicate dsteps_below{L}(uint8_t *s, integer len, integer m, integer o) =
    \forall integer k; 0 <= k < m ==> doff(s, len, k) + dunits(s, len, dpos(s, len, k)) <= o;

  // d holds the units of the first m steps (with m = dseqs(s, len, 0),
  // new String(bytes, UTF_8) of all of s[0 .. len)).
  predicate ddecoded{L}(uint8_t *s, integer len, integer m, uint16_t *d) =
    \forall integer k; 0 <= k < m ==> dunit_at(s, len, dpos(s, len, k), d, doff(s, len, k));

  // Streaming: the bytes a lead byte announces (0 for any other byte).  A
  // chunk that is not the last ends before a lead byte among its last
  // three whose sequence it cuts short (every byte after it being a
  // continuation byte): the next chunk may complete it.  No sequence
  // crosses such a position (no_step_across), so decoding stops and
  // restarts there exactly as the whole input would be decoded
  // (dec_chunk_then_rest, dec_chunks_whole below).
  logic integer lead_need(integer b) =
    0xC2 <= b <= 0xDF ? 2 : 0xE0 <= b <= 0xEF ? 3 : 0xF0 <= b <= 0xF4 ? 4 : 0;
  logic integer stream_end{L}(uint8_t *s, integer len) =
    len >= 1 && lead_need(s[len - 1]) > 1 ? len - 1 :
    len >= 2 && 0x80 <= s[len - 1] <= 0xBF && lead_need(s[len - 2]) > 2 ? len - 2 :
    len >= 3 && 0x80 <= s[len - 1] <= 0xBF && 0x80 <= s[len - 2] <= 0xBF &&
      lead_need(s[len - 3]) > 3 ? len - 3 :
    len;
  logic integer dec_chunk_end{L}(uint8_t *s, integer len, integer last) =
    last != 0 ? len : stream_end(s, len);

  // No step of the decoder on s[0 .. n) starts before c and ends after it:
  // decoding s[0 .. n) passes through c.
  predicate no_step_across{L}(uint8_t *s, integer n, integer c) =
    \forall integer i; 0 <= i < c ==> i + dstep(s, n, i) <= c;

  // Strict decoding: the sequence at i is well-formed (Unicode table 3-7).
  logic integer seq_len(integer b) =
    b < 0x80 ? 1 : 0xC2 <= b <= 0xDF ? 2 : 0xE0 <= b <= 0xEF ? 3 :
    0xF0 <= b <= 0xF4 ? 4 : 0;
  predicate well_formed_at{L}(uint8_t *s, integer len, integer i) =
    dstep(s, len, i) == seq_len(s[i]) && !(s[i] == 0xED && s[i + 1] >= 0xA0);

  // Replacements: the steps from i to the end whose bytes are not a
  // well-formed sequence (well_formed_at, spelled out): each becomes one
  // U+FFFD that the input did not hold.  A well-formed EF BF BD is U+FFFD
  // itself and no replacement.
  logic integer drepl{L}(uint8_t *s, integer len, integer i) =
    i >= len ? 0 :
    (dstep(s, len, i) == seq_len(s[i]) && !(s[i] == 0xED && s[i + 1] >= 0xA0) ? 0 : 1) +
    drepl(s, len, i + dstep(s, len, i));

  // Position i is reached from 0 through well-formed sequences only.
  inductive wf_reach{L}(uint8_t *s, integer len, integer i) {
    case wf_start{L}: \forall uint8_t *s, integer len; wf_reach(s, len, 0);
    case wf_next{L}: \forall uint8_t *s, integer len, integer i;
      wf_reach(s, len, i) && 0 <= i < len && well_formed_at(s, len, i) ==>
      wf_reach(s, len, i + dstep(s, len, i));
  }

  // --- Modified UTF-8 (DataOutput.writeUTF / DataInput.readUTF) -------------

  // U+0000 takes two bytes, every surrogate three.
  logic integer m8w(integer c) = 1 <= c <= 0x7F ? 1 : c <= 0x7FF ? 2 : 3;
  logic integer m8len{L}(uint16_t *s, integer i) =
    i <= 0 ? 0 : m8len(s, i - 1) + m8w(s[i - 1]);

  // The bytes unit k stands for, at d[o ..].
  predicate menc_at{L}(uint16_t *s, integer k, uint8_t *d, integer o) =
    (1 <= s[k] <= 0x7F ==> d[o] == s[k]) &&
    ((s[k] == 0 || 0x80 <= s[k] <= 0x7FF) ==>
       d[o] == 0xC0 + s[k] / 64 && d[o + 1] == 0x80 + s[k] % 64) &&
    (0x800 <= s[k] ==>
       d[o] == 0xE0 + s[k] / 4096 && d[o + 1] == 0x80 + s[k] / 64 % 64 &&
       d[o + 2] == 0x80 + s[k] % 64);

  // The whole body: d holds writeUTF's bytes of units i .. j-1, each at its
  // offset m8len(k) (with i = 0 and j = n, every byte of the body).
  predicate mencoded{L}(uint16_t *s, integer i, integer j, uint8_t *d) =
    \forall integer k; i <= k < j ==> menc_at(s, k, d, m8len(s, k));

  // The first m units are all 1..0x7F, each its own byte in the body.
  predicate mascii_units{L}(uint16_t *s, integer m) =
    \forall integer k; 0 <= k < m ==> 1 <= s[k] <= 0x7F;

  // readUTF's group at i of a body ending at end: its length by the lead
  // byte (0 for 10xxxxxx and 1111xxxx, which start none), and whether it is
  // whole and its later bytes are all 10xxxxxx.
  logic integer mlead(integer b) =
    b < 0x80 ? 1 : 0xC0 <= b <= 0xDF ? 2 : 0xE0 <= b <= 0xEF ? 3 : 0;
  predicate mgroup_ok{L}(uint8_t *s, integer end, integer i) =
    mlead(s[i]) > 0 && i + mlead(s[i]) <= end &&
    (mlead(s[i]) >= 2 ==> cont(s[i + 1])) && (mlead(s[i]) == 3 ==> cont(s[i + 2]));

  // Bytes the reader takes at i: the group its lead byte announces when it
  // fits in the body, else one (it is then refused before any unit is kept).
  logic integer mstep{L}(uint8_t *s, integer end, integer i) =
    mlead(s[i]) > 0 && i + mlead(s[i]) <= end ? mlead(s[i]) : 1;

  // Units read from position i to the end of the body: one per group.
  logic integer mlen{L}(uint8_t *s, integer end, integer i) =
    i >= end ? 0 : 1 + mlen(s, end, i + mstep(s, end, i));

  // The unit readUTF makes of the group at i: the lead byte's bits, then
  // six of each later byte (the reader refuses a group that is not whole
  // before it keeps any unit, so 0xFFFD is never the answer of a body
  // that was read).
  logic integer mdunit{L}(uint8_t *s, integer end, integer i) =
    mstep(s, end, i) == 2 ? (s[i] - 0xC0) * 64 + s[i + 1] % 64 :
    mstep(s, end, i) == 3 ? (s[i] - 0xE0) * 4096 + s[i + 1] % 64 * 64 + s[i + 2] % 64 :
    s[i] < 0x80 ? s[i] : 0xFFFD;

  // Where the body's group m starts: group after group from offset 2.
  logic integer mpos{L}(uint8_t *s, integer end, integer m) =
    m <= 0 ? 2 : mpos(s, end, m - 1) + mstep(s, end, mpos(s, end, m - 1));

  // d holds readUTF's units of the body's first m groups, unit k the
  // value of group k (with m = mlen(s, end, 2), every unit of the body).
  predicate mdecoded{L}(uint8_t *s, integer end, integer m, uint16_t *d) =
    \forall integer k; 0 <= k < m ==> d[k] == mdunit(s, end, mpos(s, end, k));

  // Position i of the body is reached from its start through whole groups.
  inductive mwf_reach{L}(uint8_t *s, integer start, integer end, integer i) {
    case m_start{L}: \forall uint8_t *s, integer start, end; mwf_reach(s, start, end, start);
    case m_next{L}: \forall uint8_t *s, integer start, end, i;
      mwf_reach(s, start, end, i) && start <= i < end && mgroup_ok(s, end, i) ==>
      mwf_reach(s, start, end, i + mlead(s[i]));
  }

  // --- Streaming, any chunking ------------------------------------------------

  // Call i of a stream s[0 .. n) took the m[i] units or bytes at s + at[i]
  // (with last[i] only when they end the stream) and consumed up to
  // at[i + 1]; it wrote its output at d + off[i], off[i + 1] - off[i] of
  // it, as the chunk calls' contracts state it (lepack_utf8_encode_chunk,
  // lepack_utf8_decode_chunk).
  predicate enc_call{L}(uint16_t *s, integer n, size_t *at, size_t *m, int *last, integer i) =
    at[i] + m[i] <= n && (last[i] != 0 ==> at[i] + m[i] == n) &&
    at[i + 1] == at[i] + enc_chunk_end(s + at[i], m[i], last[i]);
  predicate enc_output{L}(uint16_t *s, size_t *at, size_t *off, uint8_t *d, integer i) =
    off[i + 1] == off[i] + u8len(s + at[i], at[i + 1] - at[i], at[i + 1] - at[i]) &&
    encoded(s + at[i], at[i + 1] - at[i], 0, at[i + 1] - at[i], d + off[i]);
  predicate dec_call{L}(uint8_t *s, integer n, size_t *at, size_t *m, int *last, integer i) =
    at[i] + m[i] <= n && (last[i] != 0 ==> at[i] + m[i] == n) &&
    at[i + 1] == at[i] + dec_chunk_end(s + at[i], m[i], last[i]);
  predicate dec_output{L}(uint8_t *s, size_t *at, size_t *off, uint16_t *d, integer i) =
    off[i + 1] == off[i] + dlen(s + at[i], at[i + 1] - at[i], 0) &&
    ddecoded(s + at[i], at[i + 1] - at[i], dseqs(s + at[i], at[i + 1] - at[i], 0), d + off[i]);
*/

/* --- The chunk calls' promise ----------------------------------------------
 *
 * Concatenating what the chunk calls write over any chunking of a stream
 * gives what one call writes for the whole stream.  Theorems: ghost
 * functions whose contracts are the statements, proven (unit chunks,
 * proofs/utf8_chunks.c) for every string and every chunking.
 *
 * One chunk: lepack_utf8_encode_chunk on s[0 .. m) of a stream s[0 .. n)
 * (m == n when last is set) consumes k = enc_chunk_end(s, m, last) units;
 * the one-shot encoding of s[0 .. n) is the chunk's bytes, then the
 * one-shot encoding of the rest s + k, and nothing else (both ways). */
/*@ ghost
/@ requires m <= n && (last != 0 ==> m == n);
   requires k == enc_chunk_end(s, m, last);
   assigns \nothing;
   exits \false;
   ensures cut: k <= m && boundary(s, n, k);
   ensures length: u8len(s, n, n) == u8len(s, k, k) + u8len(s + k, n - k, n - k);
   ensures join: encoded(s, k, 0, k, d) && encoded(s + k, n - k, 0, n - k, d + u8len(s, k, k)) ==>
     encoded(s, n, 0, n, d);
   ensures part: encoded(s, n, 0, n, d) ==>
     encoded(s, k, 0, k, d) && encoded(s + k, n - k, 0, n - k, d + u8len(s, k, k)); @/
void enc_chunk_then_rest(const uint16_t *s, size_t n, size_t m, int last, size_t k,
                         const uint8_t *d);
*/

/* Any chunking: q calls (enc_call, enc_output), each passing again what
 * the one before did not consume and writing its bytes right after the
 * bytes before.  When the calls consume the whole stream, d holds its
 * one-shot encoding. */
/*@ ghost
/@ requires start: at[0] == 0 && off[0] == 0;
   requires end: at[q] == n;
   requires calls: \forall integer i; 0 <= i < q ==> enc_call(s, n, at, m, last, i);
   requires outputs: \forall integer i; 0 <= i < q ==> enc_output(s, at, off, d, i);
   requires valid: \valid_read(at + (0 .. q)) && \valid_read(m + (0 .. q - 1)) &&
     \valid_read(last + (0 .. q - 1)) && \valid_read(off + (0 .. q));
   assigns \nothing;
   exits \false;
   ensures length: off[q] == u8len(s, n, n);
   ensures whole: encoded(s, n, 0, n, d); @/
void enc_chunks_whole(const uint16_t *s, size_t n, size_t q, const size_t *at, const size_t *m,
                      const int *last, const size_t *off, const uint8_t *d);
*/

/* The same for lepack_utf8_decode_chunk: a chunk on src[0 .. m) of a
 * stream src[0 .. n) consumes k = dec_chunk_end(s, m, last) bytes, no
 * step of the stream's decoding crosses k, and the stream's units are the
 * chunk's, then those of the rest s + k. */
/*@ ghost
/@ requires m <= n && (last != 0 ==> m == n);
   requires k == dec_chunk_end(s, m, last);
   assigns \nothing;
   exits \false;
   ensures cut: k <= m && no_step_across(s, n, k);
   ensures length: dlen(s, n, 0) == dlen(s, k, 0) + dlen(s + k, n - k, 0);
   ensures join: ddecoded(s, k, dseqs(s, k, 0), d) &&
     ddecoded(s + k, n - k, dseqs(s + k, n - k, 0), d + dlen(s, k, 0)) ==>
     ddecoded(s, n, dseqs(s, n, 0), d);
   ensures part: ddecoded(s, n, dseqs(s, n, 0), d) ==>
     ddecoded(s, k, dseqs(s, k, 0), d) &&
     ddecoded(s + k, n - k, dseqs(s + k, n - k, 0), d + dlen(s, k, 0)); @/
void dec_chunk_then_rest(const uint8_t *s, size_t n, size_t m, int last, size_t k,
                         const uint16_t *d);
*/

/*@ ghost
/@ requires start: at[0] == 0 && off[0] == 0;
   requires end: at[q] == n;
   requires calls: \forall integer i; 0 <= i < q ==> dec_call(s, n, at, m, last, i);
   requires outputs: \forall integer i; 0 <= i < q ==> dec_output(s, at, off, d, i);
   requires valid: \valid_read(at + (0 .. q)) && \valid_read(m + (0 .. q - 1)) &&
     \valid_read(last + (0 .. q - 1)) && \valid_read(off + (0 .. q));
   assigns \nothing;
   exits \false;
   ensures length: off[q] == dlen(s, n, 0);
   ensures whole: ddecoded(s, n, dseqs(s, n, 0), d); @/
void dec_chunks_whole(const uint8_t *s, size_t n, size_t q, const size_t *at, const size_t *m,
                      const int *last, const size_t *off, const uint16_t *d);
*/

#endif
