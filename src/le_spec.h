/* SPDX-License-Identifier: Apache-2.0 */
/* The byte-order specification in ACSL, shared by every contract.
 *
 * A value's bytes are its base-256 digits: little-endian puts the least
 * significant digit first, big-endian last.  Everything here is logic only;
 * a C compiler sees an empty header. */
#ifndef LEPACK_LE_SPEC_H
#define LEPACK_LE_SPEC_H

/*@
  logic integer le_value_u16{L}(uint8_t *p) = p[0] + 256 * p[1];
  logic integer le_value_u32{L}(uint8_t *p) =
    p[0] + 256 * p[1] + 65536 * p[2] + 16777216 * p[3];
  logic integer le_value_u64{L}(uint8_t *p) =
    le_value_u32(p) + 4294967296 * le_value_u32(p + 4);

  logic integer be_value_u16{L}(uint8_t *p) = 256 * p[0] + p[1];
  logic integer be_value_u32{L}(uint8_t *p) =
    16777216 * p[0] + 65536 * p[1] + 256 * p[2] + p[3];
  logic integer be_value_u64{L}(uint8_t *p) =
    4294967296 * be_value_u32(p) + be_value_u32(p + 4);

  predicate le_digits_u16{L}(uint8_t *p, integer v) =
    p[0] == v % 256 && p[1] == v / 256 % 256;
  predicate le_digits_u32{L}(uint8_t *p, integer v) =
    p[0] == v % 256 && p[1] == v / 256 % 256 &&
    p[2] == v / 65536 % 256 && p[3] == v / 16777216 % 256;
  predicate le_digits_u64{L}(uint8_t *p, integer v) =
    p[0] == v % 256 && p[1] == v / 256 % 256 &&
    p[2] == v / 65536 % 256 && p[3] == v / 16777216 % 256 &&
    p[4] == v / 4294967296 % 256 && p[5] == v / 1099511627776 % 256 &&
    p[6] == v / 281474976710656 % 256 && p[7] == v / 72057594037927936 % 256;

  predicate be_digits_u16{L}(uint8_t *p, integer v) =
    p[1] == v % 256 && p[0] == v / 256 % 256;
  predicate be_digits_u32{L}(uint8_t *p, integer v) =
    p[3] == v % 256 && p[2] == v / 256 % 256 &&
    p[1] == v / 65536 % 256 && p[0] == v / 16777216 % 256;
  predicate be_digits_u64{L}(uint8_t *p, integer v) =
    p[7] == v % 256 && p[6] == v / 256 % 256 &&
    p[5] == v / 65536 % 256 && p[4] == v / 16777216 % 256 &&
    p[3] == v / 4294967296 % 256 && p[2] == v / 1099511627776 % 256 &&
    p[1] == v / 281474976710656 % 256 && p[0] == v / 72057594037927936 % 256;

  // Digit k of v is v / 256^k % 256, written out so that each stored byte
  // meets its own conjunct.

  // Two's complement: the unsigned value whose bits a signed value has.
  logic integer twos16(integer v) = v < 0 ? v + 65536 : v;
  logic integer twos32(integer v) = v < 0 ? v + 4294967296 : v;
  logic integer twos64(integer v) = v < 0 ? v + 18446744073709551616 : v;
*/

#endif
