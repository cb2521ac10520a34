/* SPDX-License-Identifier: Apache-2.0 */
/* The modified UTF-8 encoder at AVX-512 (src/utf8_mutf8_vec.h), proven
 * from the lane models' contracts (src/lane/) against the contract of
 * lepack_vec_mutf8_encode: the unit mutf8 of proofs/prove.py.  The header
 * is the text src/utf8_vec.c compiles; here Frama-C sees its lane
 * operations as contracts. */
#include "../src/utf8_mutf8_vec.h"
