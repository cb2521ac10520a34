/* SPDX-License-Identifier: Apache-2.0 */
/* The runs of ASCII of the UTF-8 vector kernels (src/utf8_ascii_vec.h),
 * proven from the lane models' contracts (src/lane/): the unit ascii of
 * proofs/prove.py.  The header is the text src/utf8_vec.c compiles; here
 * Frama-C sees its lane operations as contracts. */
#include "../src/utf8_ascii_vec.h"
