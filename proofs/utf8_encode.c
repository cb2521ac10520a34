/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 encoders at SSE2 and AVX2 (src/utf8_encode_vec.h,
 * src/utf8_encode_avx2.h), proven from the lane models' contracts
 * (src/lane/) against the kernels' contract (vec_enc_args, vec_enc_done):
 * the unit encode of proofs/prove.py.  The headers are the text
 * src/utf8_vec.c compiles; here Frama-C sees their lane operations as
 * contracts. */
#include "../src/utf8_encode_avx2.h"
