/* SPDX-License-Identifier: Apache-2.0 */
/* The naive reference for lepack's UTF-8 and modified UTF-8: one code point
 * at a time, written from the Unicode standard (chapter 3, table 3-7, and
 * the "U+FFFD substitution of maximal subparts" practice) and from the JDK's
 * documented behaviour, sharing no code with src/.  Statuses are ref.h's.
 *
 * Every function computes the whole result first and copies it out only when
 * it fits, so "nothing written" on failure is true by construction. */
#ifndef LEPACK_REF_UTF8_H
#define LEPACK_REF_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* String.getBytes(UTF_8): *len gets the exact length whatever happens;
 * REF_ENOSPACE when it exceeds cap (dst untouched). */
int ref_utf8_encode(const uint16_t *s, size_t n, uint8_t *dst, size_t cap, size_t *len);

/* Strict encoding (a CharsetEncoder set to REPORT): REF_OK when every
 * surrogate in s is half of a pair, else REF_EILLFORMED with *bad the index
 * of the first one that is not. */
int ref_utf16_validate(const uint16_t *s, size_t n, size_t *bad);

/* new String(bytes, UTF_8): *units gets the exact UTF-16 length;
 * REF_ENOSPACE when it exceeds cap (dst untouched). */
int ref_utf8_decode(const uint8_t *src, size_t len, uint16_t *dst, size_t cap, size_t *units);

/* The U+FFFD that ref_utf8_decode writes in place of ill-formed input (a
 * maximal subpart, or a whole encoded surrogate, is one), in *count; a
 * well-formed EF BF BD is not one of them.  Always REF_OK. */
int ref_utf8_replacements(const uint8_t *src, size_t len, size_t *count);

/* Strict: REF_OK when src is well-formed UTF-8, else REF_EILLFORMED with
 * *bad the offset of the first byte of the first ill-formed sequence. */
int ref_utf8_validate(const uint8_t *src, size_t len, size_t *bad);

/* DataOutputStream.writeUTF: 2-byte big-endian length then the body.
 * *len gets 2 + body length; REF_ETOOLONG when the body exceeds 65535 bytes,
 * REF_ENOSPACE when 2 + body exceeds cap; dst untouched on both. */
int ref_mutf8_write(const uint16_t *s, size_t n, uint8_t *dst, size_t cap, size_t *len);

/* DataInputStream.readUTF on src[0 .. len): REF_ERANGE when the prefix or
 * the body it announces is cut short (EOFException), REF_EILLFORMED with
 * *bad the offset (from src) of the offending sequence's first byte
 * (UTFDataFormatException), REF_ENOSPACE when the units exceed cap.
 * On success *units and *consumed (2 + body). */
int ref_mutf8_read(const uint8_t *src, size_t len, uint16_t *dst, size_t cap, size_t *units,
                   size_t *consumed, size_t *bad);

#endif
