/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 length kernels below AVX-512 (src/utf8_length_vec.h), proven
 * from the lane models' contracts (src/lane/) against the contract of
 * lepack_vec_utf8_length: the unit length of proofs/prove.py.  The header
 * is the text src/utf8_vec.c compiles; here Frama-C sees its lane
 * operations as contracts. */
#include "../src/utf8_length_vec.h"
