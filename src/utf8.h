/* SPDX-License-Identifier: Apache-2.0 */
/* Java strings as bytes: UTF-16 code units to UTF-8 and back, exactly as
 * the JDK does it, into bounded buffers, one-shot.
 *
 *   - String.getBytes(StandardCharsets.UTF_8): lepack_utf8_length,
 *     lepack_utf8_encode, lepack_cursor_put_utf8.  A surrogate pair is one
 *     four-byte sequence; every unpaired surrogate becomes '?' (0x3F).
 *   - new String(bytes, StandardCharsets.UTF_8): lepack_utf8_decoded_length,
 *     lepack_utf8_decode.  Each ill-formed sequence becomes one U+FFFD, with
 *     the JDK's reading of "ill-formed sequence" (docs/utf8.md).
 *   - Strict decoding, which Java offers through a CharsetDecoder set to
 *     REPORT: lepack_utf8_validate, lepack_utf8_decode_strict name the byte
 *     offset of the first ill-formed sequence.
 *   - Modified UTF-8 of DataOutput.writeUTF / DataInput.readUTF, with its
 *     2-byte big-endian length prefix: lepack_mutf8_*.
 *
 * One-shot: a call either does all of its work or returns an error having
 * written nothing at all (no byte of the destination changed, the cursor
 * unmoved).  Lengths are exact, and one that does not fit size_t is
 * LEPACK_EOVERFLOW, never a wrapped number.
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
    predicate all_ascii{L}(uint8_t *b, integer n) = \forall integer k; 0 <= k < n ==> b[k] < 0x80;
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
 * fit: LEPACK_ENOSPACE (or LEPACK_EOVERFLOW), dst and *written untouched. */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(written, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. u8len(s, n, n) - 1], *written;
    exits \false;
    behavior fits:
      assumes u8len(s, n, n) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == u8len(s, n, n);
      ensures ascii: ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[k] == s[k];
    behavior no_room:
      assumes cap < u8len(s, n, n) <= SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
    behavior too_long:
      assumes u8len(s, n, n) > SIZE_MAX;
      assigns \nothing;
      ensures \result == LEPACK_EOVERFLOW;
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

/* --- UTF-8 to UTF-16 ------------------------------------------------------ */

/* The exact number of UTF-16 units new String(src, UTF_8) has: never more
 * than len. */
/*@ requires bytes_in(src, len);
    assigns \nothing;
    exits \false;
    ensures \result == dlen(src, len, 0) && \result <= len; */
size_t lepack_utf8_decoded_length(const uint8_t *src, size_t len);

/* Decodes src[0 .. len) as new String(src, UTF_8) does (each ill-formed
 * sequence becomes one U+FFFD) into dst[0 .. cap) and sets *written.  When
 * it does not fit: LEPACK_ENOSPACE, dst and *written untouched. */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. dlen(src, len, 0) - 1], *written;
    exits \false;
    behavior fits:
      assumes dlen(src, len, 0) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == dlen(src, len, 0);
      ensures ascii: all_ascii(src, len) ==>
        *written == len && \forall integer k; 0 <= k < len ==> dst[k] == src[k];
    behavior no_room:
      assumes dlen(src, len, 0) > cap;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == \old(*written) && units_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_utf8_decode(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                 size_t *written);

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
 * *bad_offset) or LEPACK_ENOSPACE leave dst and *written untouched. */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written) && \valid(bad_offset);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, bad_offset, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. dlen(src, len, 0) - 1], *written, *bad_offset;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED || \result == LEPACK_ENOSPACE;
    ensures ok: \result == LEPACK_OK ==>
      wf_reach(src, len, len) && *written == dlen(src, len, 0) && dlen(src, len, 0) <= cap;
    ensures bad: \result == LEPACK_EILLFORMED ==>
      *bad_offset < len && wf_reach(src, len, *bad_offset) &&
      !well_formed_at(src, len, *bad_offset);
    ensures full: \result == LEPACK_ENOSPACE ==> wf_reach(src, len, len) && dlen(src, len, 0) > cap;
    ensures untouched: \result != LEPACK_OK ==>
      *written == \old(*written) && units_unchanged{Pre, Post}(dst, cap);
    ensures kept: \result != LEPACK_EILLFORMED ==> *bad_offset == \old(*bad_offset); */
lepack_status lepack_utf8_decode_strict(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                        size_t *written, size_t *bad_offset);

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
 * LEPACK_ETOOLONG, too small a buffer LEPACK_ENOSPACE: nothing written. */
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
      ensures ascii: mascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[2 + k] == s[k];
    behavior no_room:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && cap < m8len(s, n) + 2;
      assigns \nothing;
      ensures \result == LEPACK_ENOSPACE;
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
 * exceed cap: then nothing is written. */
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
      ensures bad: \result == LEPACK_EILLFORMED ==>
        2 <= *bad_offset < 2 + be16(src) &&
        mwf_reach(src, 2, 2 + be16(src), *bad_offset) &&
        !mgroup_ok(src, 2 + be16(src), *bad_offset);
      ensures full: \result == LEPACK_ENOSPACE ==> mlen(src, 2 + be16(src), 2) > cap;
      ensures untouched: \result != LEPACK_OK ==>
        units_unchanged{Pre, Post}(dst, cap) && *units == \old(*units) &&
        *consumed == \old(*consumed);
      ensures kept: \result != LEPACK_EILLFORMED ==> *bad_offset == \old(*bad_offset);
    complete behaviors;
    disjoint behaviors; */
lepack_status lepack_mutf8_read(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                size_t *units, size_t *consumed, size_t *bad_offset);

#ifdef __cplusplus
}
#endif

#endif
