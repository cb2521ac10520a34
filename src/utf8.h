/* SPDX-License-Identifier: Apache-2.0 */
/* Java strings as bytes: UTF-16 code units to UTF-8 and back, exactly as
 * the JDK does it, into bounded buffers, one-shot.
 *
 *   - String.getBytes(StandardCharsets.UTF_8): lepack_utf8_length,
 *     lepack_utf8_encode, lepack_cursor_put_utf8.  A surrogate pair is one
 *     four-byte sequence; every unpaired surrogate becomes '?' (0x3F).
 *   - Strict encoding, which Java offers through a CharsetEncoder set to
 *     REPORT: lepack_utf16_validate, lepack_utf8_encode_strict name the
 *     index of the first unpaired surrogate.
 *   - new String(bytes, StandardCharsets.UTF_8): lepack_utf8_decoded_length,
 *     lepack_utf8_decode.  Each ill-formed sequence becomes one U+FFFD, with
 *     the JDK's reading of "ill-formed sequence" (docs/utf8.md);
 *     lepack_utf8_replacements counts them.
 *   - Strict decoding, which Java offers through a CharsetDecoder set to
 *     REPORT: lepack_utf8_validate, lepack_utf8_decode_strict name the byte
 *     offset of the first ill-formed sequence.
 *   - Modified UTF-8 of DataOutput.writeUTF / DataInput.readUTF, with its
 *     2-byte big-endian length prefix: lepack_mutf8_*.
 *   - Streams, chunk by chunk: lepack_utf8_encode_chunk,
 *     lepack_utf8_decode_chunk consume whole sequences only and leave a
 *     sequence or surrogate pair the chunk cuts short for the next call.
 *
 * One-shot: a call either does all of its work or returns an error having
 * written nothing at all (no byte of the destination changed, the cursor
 * unmoved).  On LEPACK_ENOSPACE, *written (or *units) is set to the size
 * the call needed, as ICU's preflighting does, and the destination is
 * untouched: call again with that capacity.  Lengths are exact, and one that
 * does not fit size_t is LEPACK_EOVERFLOW, never a wrapped number.  Every
 * length function has one shape: a status, the length through an
 * out-parameter, the error offset where there is one.
 *
 * Strings are arrays of uint16_t code units in host order; bytes are
 * uint8_t.  Pointers may be NULL when their length or capacity is 0. */
#ifndef LEPACK_UTF8_H
#define LEPACK_UTF8_H

#include <stddef.h>
#include <stdint.h>

#include "cursor.h"
#include "status.h"

/* Logic only, and not installed: a C compiler has nothing to read there. */
#ifdef __FRAMAC__
#include "utf8_spec.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* writeUTF's length prefix is an unsigned 16-bit number of bytes. */
#define LEPACK_MUTF8_MAX_BODY 65535u

/*@ predicate units_in(uint16_t *s, integer n) = n == 0 || \valid_read(s + (0 .. n - 1));
    predicate bytes_in(uint8_t *b, integer n) = n == 0 || \valid_read(b + (0 .. n - 1));
    predicate bytes_out(uint8_t *b, integer n) = n == 0 || \valid(b + (0 .. n - 1));
    predicate units_out(uint16_t *b, integer n) = n == 0 || \valid(b + (0 .. n - 1));
    predicate units_unchanged{L1, L2}(uint16_t *d, integer n) =
      \forall integer k; 0 <= k < n ==> \at(d[k], L1) == \at(d[k], L2);
    predicate bytes_unchanged{L1, L2}(uint8_t *d, integer n) =
      \forall integer k; 0 <= k < n ==> \at(d[k], L1) == \at(d[k], L2);
    predicate all_ascii{L}(uint8_t *b, integer n) = \forall integer k; 0 <= k < n ==> b[k] < 0x80;
    // What a call may write of dst: all the output needs when that fits in
    // cap, nothing otherwise (so that no error can write, even past cap).
    logic integer written_if_fits(integer need, integer cap) = need <= cap ? need : 0;
    logic integer be16{L}(uint8_t *b) = 256 * b[0] + b[1];
*/

/* --- UTF-16 to UTF-8 ------------------------------------------------------ */

/* The exact length of String.getBytes(UTF_8) for s[0 .. n). */
/*@ requires units_in(s, n);
    requires \valid(len) && \separated(len, s + (0 .. n - 1));
    assigns *len;
    exits \false;
    behavior fits:
      assumes u8len(s, n, n) <= SIZE_MAX;
      ensures \result == LEPACK_OK && *len == u8len(s, n, n);
    behavior too_long:
      assumes u8len(s, n, n) > SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_length(const uint16_t *s, size_t n, size_t *len);

/* Encodes s[0 .. n) into dst[0 .. cap) and sets *written.  When it does not
 * fit: LEPACK_ENOSPACE with *written the bytes needed, dst untouched; when
 * the length does not fit size_t: LEPACK_EOVERFLOW, dst and *written
 * untouched. */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(written, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. written_if_fits(u8len(s, n, n), cap) - 1], *written;
    exits \false;
    behavior fits:
      assumes u8len(s, n, n) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == u8len(s, n, n);
      ensures whole: encoded(s, n, 0, n, dst);
      ensures ascii: ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[k] == s[k];
    behavior no_room:
      assumes cap < u8len(s, n, n) <= SIZE_MAX;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE && *written == u8len(s, n, n);
      ensures bytes_unchanged{Pre, Post}(dst, cap);
    behavior too_long:
      assumes u8len(s, n, n) > SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
      ensures *written == \old(*written) && bytes_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_encode(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                 size_t *written);

/* Encodes s[0 .. n) at the cursor and moves pos past it; when it does not
 * fit, nothing moves and no byte changes. */
/*@ requires valid_cursor(c) && units_in(s, n);
    requires \separated(c, s + (0 .. n - 1));
    requires \separated(c->buf + (0 .. c->cap - 1), s + (0 .. n - 1));
    assigns c->pos, c->buf[c->pos .. c->pos + u8len(s, n, n) - 1];
    exits \false;
    ensures valid_cursor(c) && c->buf == \old(c->buf) && c->cap == \old(c->cap);
    behavior fits:
      assumes u8len(s, n, n) <= c->cap - c->pos;
      ensures \result == LEPACK_OK;
      ensures c->pos == \old(c->pos) + u8len(s, n, n);
      ensures whole: encoded(s, n, 0, n, c->buf + \old(c->pos));
      ensures ascii: ascii_units(s, n) ==>
        \forall integer k; 0 <= k < n ==> c->buf[\old(c->pos) + k] == s[k];
    behavior no_room:
      assumes c->cap - c->pos < u8len(s, n, n) <= SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    behavior too_long:
      assumes u8len(s, n, n) > SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_cursor_put_utf8(lepack_cursor *c, const uint16_t *s, size_t n);

/* LEPACK_OK when s[0 .. n) has no unpaired surrogate (every high surrogate
 * followed by a low one, every low one preceded by a high one); else
 * LEPACK_EILLFORMED with *bad_index the index of the first unpaired
 * surrogate. */
/*@ requires units_in(s, n) && \valid(bad_index) && \separated(bad_index, s + (0 .. n - 1));
    assigns *bad_index;
    exits \false;
    behavior valid:
      assumes none_unpaired(s, n, n);
      assigns \nothing;
      ensures \result == LEPACK_OK && *bad_index == \old(*bad_index);
    behavior invalid:
      assumes !none_unpaired(s, n, n);
      ensures \result == LEPACK_EILLFORMED;
      ensures *bad_index < n && unpaired_at(s, n, *bad_index) &&
        none_unpaired(s, n, *bad_index);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf16_validate(const uint16_t *s, size_t n, size_t *bad_index);

/* lepack_utf16_validate, then lepack_utf8_encode: refuses an unpaired
 * surrogate instead of writing '?'.  LEPACK_EILLFORMED (with *bad_index),
 * LEPACK_ENOSPACE (with *written the bytes needed) and LEPACK_EOVERFLOW
 * leave dst untouched. */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(written) && \valid(bad_index);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(written, bad_index, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. written_if_fits(u8len(s, n, n), cap) - 1], *written, *bad_index;
    exits \false;
    behavior bad:
      assumes !none_unpaired(s, n, n);
      assigns *bad_index;
      ensures \result == LEPACK_EILLFORMED;
      ensures *bad_index < n && unpaired_at(s, n, *bad_index) &&
        none_unpaired(s, n, *bad_index);
      ensures *written == \old(*written) && bytes_unchanged{Pre, Post}(dst, cap);
    behavior fits:
      assumes none_unpaired(s, n, n) && u8len(s, n, n) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == u8len(s, n, n) && *bad_index == \old(*bad_index);
      ensures whole: encoded(s, n, 0, n, dst);
      ensures ascii: ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[k] == s[k];
    behavior no_room:
      assumes none_unpaired(s, n, n) && cap < u8len(s, n, n) <= SIZE_MAX;
      assigns *written, *bad_index;
      ensures \result == LEPACK_ENOSPACE && *written == u8len(s, n, n);
      ensures *bad_index == \old(*bad_index) && bytes_unchanged{Pre, Post}(dst, cap);
    behavior too_long:
      assumes none_unpaired(s, n, n) && u8len(s, n, n) > SIZE_MAX;
      assigns *written, *bad_index;
      ensures \result == LEPACK_EOVERFLOW;
      ensures *written == \old(*written) && *bad_index == \old(*bad_index);
      ensures bytes_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_encode_strict(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                        size_t *written, size_t *bad_index);

/* One chunk of a stream of units: encodes s[0 .. *consumed) into
 * dst[0 .. cap), where *consumed is n, or n - 1 when last is 0 and s[n - 1]
 * is a high surrogate (its low half may start the next chunk: pass it
 * again).  With last set, a high surrogate at the end becomes '?', as in
 * lepack_utf8_encode.  Concatenating the chunks' bytes gives the one-shot
 * encoding of the whole stream (proven: enc_chunks_whole, utf8_spec.h).
 * LEPACK_ENOSPACE (with *written the bytes needed) and LEPACK_EOVERFLOW
 * write nothing to dst and leave *consumed untouched; a capacity of 3 * n
 * bytes always fits. */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(written) && \valid(consumed);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(written, consumed, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. written_if_fits(u8len(s, enc_chunk_end(s, n, last), enc_chunk_end(s, n, last)),
                                     cap) - 1];
    assigns *written, *consumed;
    exits \false;
    behavior fits:
      assumes u8len(s, enc_chunk_end(s, n, last), enc_chunk_end(s, n, last)) <= cap;
      ensures \result == LEPACK_OK;
      ensures *consumed == enc_chunk_end(s, n, last);
      ensures *written == u8len(s, *consumed, *consumed);
      ensures whole: encoded(s, *consumed, 0, *consumed, dst);
      ensures ascii: ascii_units(s, n) ==>
        *consumed == n && \forall integer k; 0 <= k < n ==> dst[k] == s[k];
    behavior no_room:
      assumes cap < u8len(s, enc_chunk_end(s, n, last), enc_chunk_end(s, n, last)) <= SIZE_MAX;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == u8len(s, enc_chunk_end(s, n, last), enc_chunk_end(s, n, last));
      ensures *consumed == \old(*consumed) && bytes_unchanged{Pre, Post}(dst, cap);
    behavior too_long:
      assumes u8len(s, enc_chunk_end(s, n, last), enc_chunk_end(s, n, last)) > SIZE_MAX;
      assigns *written;
      ensures \result == LEPACK_EOVERFLOW;
      ensures *written == \old(*written) && *consumed == \old(*consumed);
      ensures bytes_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_encode_chunk(const uint16_t *s, size_t n, int last, uint8_t *dst,
                                       size_t cap, size_t *consumed, size_t *written);

/* --- UTF-8 to UTF-16 ------------------------------------------------------ */

/* The exact number of UTF-16 units new String(src, UTF_8) has, in *units:
 * never more than len, so always LEPACK_OK. */
/*@ requires bytes_in(src, len);
    requires \valid(units) && \separated(units, src + (0 .. len - 1));
    assigns *units;
    exits \false;
    ensures \result == LEPACK_OK;
    ensures *units == dlen(src, len, 0) && *units <= len; */
lepack_status lepack_utf8_decoded_length(const uint8_t *src, size_t len, size_t *units);

/* Decodes src[0 .. len) as new String(src, UTF_8) does (each ill-formed
 * sequence becomes one U+FFFD) into dst[0 .. cap) and sets *written.  When
 * it does not fit: LEPACK_ENOSPACE with *written the units needed, dst
 * untouched.  A capacity of len units always fits, and then the input is
 * read once (no counting pass); so is an input of at most 1024 bytes,
 * whatever the capacity (it is decoded on the stack and copied). */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. written_if_fits(dlen(src, len, 0), cap) - 1], *written;
    exits \false;
    behavior fits:
      assumes dlen(src, len, 0) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == dlen(src, len, 0);
      ensures ascii: all_ascii(src, len) ==>
        *written == len && \forall integer k; 0 <= k < len ==> dst[k] == src[k];
      ensures whole: ddecoded(src, len, dseqs(src, len, 0), dst);
    behavior no_room:
      assumes dlen(src, len, 0) > cap;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == dlen(src, len, 0) && units_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_decode(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                 size_t *written);

/* The number of U+FFFD that new String(src, UTF_8) puts in place of
 * ill-formed sequences of src[0 .. len), in *count: one per sequence the
 * JDK replaces (a maximal subpart, or a whole encoded surrogate), as ICU
 * counts substitutions; a well-formed EF BF BD in the input is U+FFFD
 * itself and not counted.  0 means src is well-formed.  Never more than
 * len, so always LEPACK_OK.  For a stream, add the counts of the bytes
 * each lepack_utf8_decode_chunk call consumed: a chunk ends between two
 * of the decoder's steps, so the sum is the whole stream's count. */
/*@ requires bytes_in(src, len);
    requires \valid(count) && \separated(count, src + (0 .. len - 1));
    assigns *count;
    exits \false;
    ensures \result == LEPACK_OK;
    ensures *count == drepl(src, len, 0) && *count <= len;
    ensures clean: *count == 0 ==> wf_reach(src, len, len); */
lepack_status lepack_utf8_replacements(const uint8_t *src, size_t len, size_t *count);

/* LEPACK_OK when src[0 .. len) is well-formed UTF-8 (Unicode table 3-7: no
 * overlong form, no surrogate, nothing above U+10FFFF, no truncated
 * sequence, no stray continuation byte); else LEPACK_EILLFORMED with
 * *bad_offset the offset of the first byte of the first ill-formed
 * sequence, every byte before it being well-formed. */
/*@ requires bytes_in(src, len) && \valid(bad_offset);
    requires \separated(bad_offset, src + (0 .. len - 1));
    assigns *bad_offset;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED;
    ensures ok: \result == LEPACK_OK ==> wf_reach(src, len, len) && *bad_offset == \old(*bad_offset);
    ensures bad: \result == LEPACK_EILLFORMED ==>
      *bad_offset < len && wf_reach(src, len, *bad_offset) &&
      !well_formed_at(src, len, *bad_offset); */
lepack_status lepack_utf8_validate(const uint8_t *src, size_t len, size_t *bad_offset);

/* lepack_utf8_validate, then lepack_utf8_decode: LEPACK_EILLFORMED (with
 * *bad_offset; *written untouched) or LEPACK_ENOSPACE (with *written the
 * units needed) leave dst untouched. */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written) && \valid(bad_offset);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, bad_offset, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. written_if_fits(dlen(src, len, 0), cap) - 1], *written, *bad_offset;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED || \result == LEPACK_ENOSPACE;
    ensures ok: \result == LEPACK_OK ==>
      wf_reach(src, len, len) && *written == dlen(src, len, 0) && dlen(src, len, 0) <= cap;
    ensures whole: \result == LEPACK_OK ==> ddecoded(src, len, dseqs(src, len, 0), dst);
    ensures bad: \result == LEPACK_EILLFORMED ==>
      *bad_offset < len && wf_reach(src, len, *bad_offset) &&
      !well_formed_at(src, len, *bad_offset);
    ensures full: \result == LEPACK_ENOSPACE ==>
      wf_reach(src, len, len) && dlen(src, len, 0) > cap && *written == dlen(src, len, 0);
    ensures untouched: \result != LEPACK_OK ==> units_unchanged{Pre, Post}(dst, cap);
    ensures written_kept: \result == LEPACK_EILLFORMED ==> *written == \old(*written);
    ensures kept: \result != LEPACK_EILLFORMED ==> *bad_offset == \old(*bad_offset); */
lepack_status lepack_utf8_decode_strict(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                        size_t *written, size_t *bad_offset);

/* One chunk of a stream of bytes: decodes src[0 .. *consumed) into
 * dst[0 .. cap) as lepack_utf8_decode does, where *consumed is len, or, when
 * last is 0 and one of the last three bytes is a lead byte whose sequence
 * the chunk cuts short (only continuation bytes after it), that byte's
 * offset: pass those bytes again with the next chunk.  With last set, a
 * sequence cut short at the end becomes U+FFFD as the JDK does.
 * Concatenating the chunks' units gives the one-shot decoding of the whole
 * stream (proven: dec_chunks_whole, utf8_spec.h).  LEPACK_ENOSPACE (with
 * *written the units needed) writes nothing to dst and leaves *consumed
 * untouched; a capacity of len units always fits. */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written) && \valid(consumed);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, consumed, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. written_if_fits(dlen(src, dec_chunk_end(src, len, last), 0), cap) - 1];
    assigns *written, *consumed;
    exits \false;
    behavior fits:
      assumes dlen(src, dec_chunk_end(src, len, last), 0) <= cap;
      ensures \result == LEPACK_OK;
      ensures *consumed == dec_chunk_end(src, len, last) && len - 3 <= *consumed <= len;
      ensures *written == dlen(src, *consumed, 0);
      ensures ascii: all_ascii(src, len) ==>
        *consumed == len && \forall integer k; 0 <= k < len ==> dst[k] == src[k];
      ensures whole: ddecoded(src, *consumed, dseqs(src, *consumed, 0), dst);
    behavior no_room:
      assumes dlen(src, dec_chunk_end(src, len, last), 0) > cap;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == dlen(src, dec_chunk_end(src, len, last), 0);
      ensures *consumed == \old(*consumed) && units_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_decode_chunk(const uint8_t *src, size_t len, int last, uint16_t *dst,
                                       size_t cap, size_t *consumed, size_t *written);

/* --- Modified UTF-8: DataOutput.writeUTF / DataInput.readUTF -------------- */

/* The exact length of writeUTF's body for s[0 .. n) (without the 2-byte
 * prefix): U+0000 takes two bytes, a supplementary character six (two
 * three-byte surrogates). */
/*@ requires units_in(s, n);
    requires \valid(len) && \separated(len, s + (0 .. n - 1));
    assigns *len;
    exits \false;
    behavior fits:
      assumes m8len(s, n) <= SIZE_MAX;
      ensures \result == LEPACK_OK && *len == m8len(s, n);
    behavior too_long:
      assumes m8len(s, n) > SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_mutf8_length(const uint16_t *s, size_t n, size_t *len);

/* writeUTF: the body's length as 2 bytes big-endian, then the body, into
 * dst[0 .. cap); *written is 2 + body.  A body over 65535 bytes is
 * LEPACK_ETOOLONG (*written untouched), too small a buffer LEPACK_ENOSPACE
 * (*written the bytes needed): nothing written to dst. */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(written, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. m8len(s, n) + 1], *written;
    exits \false;
    behavior fits:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && m8len(s, n) + 2 <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == m8len(s, n) + 2;
      ensures be16(dst) == m8len(s, n);
      ensures whole: mencoded(s, 0, n, dst + 2);
      ensures ascii: mascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[2 + k] == s[k];
    behavior no_room:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && cap < m8len(s, n) + 2;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE && *written == m8len(s, n) + 2;
    behavior too_long:
      assumes m8len(s, n) > LEPACK_MUTF8_MAX_BODY;
      assigns \nothing;
      ensures \result == LEPACK_ETOOLONG;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_mutf8_write(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                 size_t *written);

/* writeUTF at the cursor; moves pos past prefix and body. */
/*@ requires valid_cursor(c) && units_in(s, n);
    requires \separated(c, s + (0 .. n - 1));
    requires \separated(c->buf + (0 .. c->cap - 1), s + (0 .. n - 1));
    assigns c->pos, c->buf[c->pos .. c->pos + m8len(s, n) + 1];
    exits \false;
    ensures valid_cursor(c) && c->buf == \old(c->buf) && c->cap == \old(c->cap);
    behavior fits:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && m8len(s, n) + 2 <= c->cap - c->pos;
      ensures \result == LEPACK_OK;
      ensures c->pos == \old(c->pos) + m8len(s, n) + 2;
      ensures be16(c->buf + \old(c->pos)) == m8len(s, n);
      ensures whole: mencoded(s, 0, n, c->buf + \old(c->pos) + 2);
      ensures ascii: mascii_units(s, n) ==>
        \forall integer k; 0 <= k < n ==> c->buf[\old(c->pos) + 2 + k] == s[k];
    behavior no_room:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && c->cap - c->pos < m8len(s, n) + 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    behavior too_long:
      assumes m8len(s, n) > LEPACK_MUTF8_MAX_BODY;
      assigns \nothing;
      ensures \result == LEPACK_ETOOLONG;
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_cursor_put_mutf8(lepack_cursor *c, const uint16_t *s, size_t n);

/* The units readUTF returns for the prefixed string at src[0 .. len):
 * LEPACK_ERANGE when the prefix, or the body it announces, is cut short
 * (Java's EOFException); LEPACK_EILLFORMED with *bad_offset (from src) the
 * first byte of a group that starts with 10xxxxxx or 1111xxxx, runs past
 * the body, or has a later byte that is not 10xxxxxx (Java's
 * UTFDataFormatException).  Overlong forms are accepted, as Java does. */
/*@ requires bytes_in(src, len) && \valid(units) && \valid(bad_offset);
    requires \separated(units, bad_offset, src + (0 .. len - 1));
    assigns *units, *bad_offset;
    exits \false;
    behavior short:
      assumes len < 2 || len - 2 < be16(src);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    behavior whole:
      assumes len >= 2 && len - 2 >= be16(src);
      ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED;
      ensures ok: \result == LEPACK_OK ==>
        mwf_reach(src, 2, 2 + be16(src), 2 + be16(src)) &&
        *units == mlen(src, 2 + be16(src), 2) && *units <= be16(src) &&
        *bad_offset == \old(*bad_offset);
      ensures bad: \result == LEPACK_EILLFORMED ==>
        2 <= *bad_offset < 2 + be16(src) &&
        mwf_reach(src, 2, 2 + be16(src), *bad_offset) &&
        !mgroup_ok(src, 2 + be16(src), *bad_offset) && *units == \old(*units);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_mutf8_decoded_length(const uint8_t *src, size_t len, size_t *units,
                                          size_t *bad_offset);

/* readUTF: decodes the prefixed string at src[0 .. len) into dst[0 .. cap);
 * *units gets its length and *consumed the bytes read (2 + body).  The
 * errors of lepack_mutf8_decoded_length, or LEPACK_ENOSPACE when the units
 * exceed cap (then *units is the units needed): nothing is written to dst
 * on any error. */
/*@ requires bytes_in(src, len) && units_out(dst, cap);
    requires \valid(units) && \valid(consumed) && \valid(bad_offset);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(units, consumed, bad_offset, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. cap - 1], *units, *consumed, *bad_offset;
    exits \false;
    behavior short:
      assumes len < 2 || len - 2 < be16(src);
      assigns \nothing;
      ensures \result == LEPACK_ERANGE;
    behavior whole:
      assumes len >= 2 && len - 2 >= be16(src);
      ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED || \result == LEPACK_ENOSPACE;
      ensures ok: \result == LEPACK_OK ==>
        mwf_reach(src, 2, 2 + be16(src), 2 + be16(src)) &&
        *units == mlen(src, 2 + be16(src), 2) && *units <= cap &&
        *consumed == 2 + be16(src) &&
        \forall integer k; *units <= k < cap ==> dst[k] == \old(dst[k]);
      ensures whole: \result == LEPACK_OK ==> mdecoded(src, 2 + be16(src), *units, dst);
      ensures bad: \result == LEPACK_EILLFORMED ==>
        2 <= *bad_offset < 2 + be16(src) &&
        mwf_reach(src, 2, 2 + be16(src), *bad_offset) &&
        !mgroup_ok(src, 2 + be16(src), *bad_offset);
      ensures full: \result == LEPACK_ENOSPACE ==>
        mlen(src, 2 + be16(src), 2) > cap && *units == mlen(src, 2 + be16(src), 2);
      ensures untouched: \result != LEPACK_OK ==>
        units_unchanged{Pre, Post}(dst, cap) && *consumed == \old(*consumed);
      ensures units_kept: \result == LEPACK_EILLFORMED ==> *units == \old(*units);
      ensures kept: \result != LEPACK_EILLFORMED ==> *bad_offset == \old(*bad_offset);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_mutf8_read(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                size_t *units, size_t *consumed, size_t *bad_offset);

#ifdef __cplusplus
}
#endif

#endif
