/* SPDX-License-Identifier: Apache-2.0 */
/* The byte classes the AVX-512 UTF-8 kernel tells apart (docs/utf8.md, "The
 * AVX-512 kernels, checked exhaustively"), one byte of each: the high
 * nibbles, and the low nibbles its second lookup tells apart after a lead
 * (C0/C1 overlong, E0 overlong, ED surrogate, F0 overlong, F4 and above too
 * large).  Two bytes of one class behave alike in every lane, so windows
 * drawn from these stand for all windows (tests/test_utf8.c's
 * kernel_windows, tests/verify_kernels.c). */
#ifndef LEPACK_TEST_UTF8_CLASSES_H
#define LEPACK_TEST_UTF8_CLASSES_H
#include <stdint.h>

static const uint8_t KCLASS[] = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF,
                                 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEF,
                                 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF};
#define NCLASS (sizeof KCLASS / sizeof KCLASS[0])

/* The units the encoder's kernels tell apart: each edge of the one-, two-
 * and three-byte ranges and of the high and low surrogates (a lane's
 * bytes are fields of its unit's bits, and only a surrogate's bytes depend
 * on a neighbour; tests/verify_kernels.c checks every unit value besides). */
static const uint16_t ECLASS[] = {0x0000, 0x0041, 0x007F, 0x0080, 0x00FF, 0x07FF,
                                  0x0800, 0x0FFF, 0x1000, 0xD7FF, 0xD800, 0xDBFF,
                                  0xDC00, 0xDFFF, 0xE000, 0xFFFF};
#define NECLASS (sizeof ECLASS / sizeof ECLASS[0])

#endif
