/* SPDX-License-Identifier: Apache-2.0 */
/* Items and their wire bytes, byte-identical on every host: the expected
 * bytes are literal text, not computed by the code under test.  The set
 * covers zero, small values, all-ones, both extremes of each field and
 * values whose bytes are all distinct, so any swapped or misplaced byte
 * shows. */
#ifndef LEPACK_BE_ITEMS_H
#define LEPACK_BE_ITEMS_H

#include <stdint.h>

static const struct {
    int32_t partition;
    int64_t initial_counter;
    int64_t updates_count;
    const char *hex;
} wire_items[] = {
    {0, 0, 0, "0000000000000000000000000000000000000000"},
    {1, 2, 3, "0100000002000000000000000300000000000000"},
    {-1, -1, -1, "ffffffffffffffffffffffffffffffffffffffff"},
    {INT32_MIN, INT64_MIN, INT64_MAX, "000000800000000000000080ffffffffffffff7f"},
    {INT32_MAX, 0x0102030405060708, -2, "ffffff7f0807060504030201feffffffffffffff"},
    {0x01020304, 0x1122334455667788, -0x1122334455667788,
     "040302018877665544332211788899aabbccddee"},
};
#define WIRE_ITEMS (sizeof wire_items / sizeof wire_items[0])

#endif
