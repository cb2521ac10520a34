/* SPDX-License-Identifier: Apache-2.0 */
/* The zero and UTF-8 harnesses as one runtime contract build (mk/eacsl.mk):
 * each harness's entry point is renamed, and LLVMFuzzerTestOneInput runs
 * the one eacsl_harness() names.  One Frama-C run and one compile instead
 * of four: each costs half a minute or more, and the four share the
 * library sources.  The harnesses themselves are unchanged. */

/* Frama-C 25 does not parse C11's _Alignas; gcc's attribute says the same. */
#define _Alignas(n) __attribute__((aligned(n)))
#define LLVMFuzzerTestOneInput zero_test_one_input
#include "fuzz_zero.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput utf8_encode_test_one_input
#include "fuzz_utf8_encode.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput utf8_decode_test_one_input
#include "fuzz_utf8_decode.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput utf8_modified_test_one_input
#include "fuzz_utf8_modified.c"
#undef LLVMFuzzerTestOneInput

/* Which harness this binary runs, by name: defined outside the generated
 * program, by a one-line object per harness (mk/eacsl.mk), so that the
 * translated program is compiled once and linked four times.  Not an
 * environment variable: the E-ACSL runtime's start-up leaves getenv()
 * answering NULL. */
const char *eacsl_harness(void);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *h = eacsl_harness();
    if (strcmp(h, "zero") == 0)
        return zero_test_one_input(data, size);
    if (strcmp(h, "utf8_encode") == 0)
        return utf8_encode_test_one_input(data, size);
    if (strcmp(h, "utf8_decode") == 0)
        return utf8_decode_test_one_input(data, size);
    if (strcmp(h, "utf8_modified") == 0)
        return utf8_modified_test_one_input(data, size);
    fprintf(stderr, "eacsl: no harness named %s in this build\n", h);
    abort();
}
