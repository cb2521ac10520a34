/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 encoder at AVX-512 (src/utf8_encode_avx512.h), proven from
 * the lane models' contracts (src/lane/) against the kernels' contract
 * (vec_enc_args, vec_enc_done): the unit encode512 of proofs/prove.py.
 * The header is the text src/utf8_vec.c compiles; here Frama-C sees its
 * lane operations as contracts. */
#include "../src/utf8_encode_avx512.h"
