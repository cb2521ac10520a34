/* SPDX-License-Identifier: Apache-2.0 */
/* A harness for testing the campaign's progress lines and report
 * (fuzz/selftest/watch.sh) rather than lepack: each byte of the key that an
 * input gets right opens a new branch, so coverage climbs for a few seconds
 * of fuzzing instead of all at once, and no input crashes. */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static volatile unsigned sink;

/* Each step is a branch of its own that the compiler cannot fold into a
 * table: the input must get one more byte right to reach the next. */
#define STEP(i, c)                                        \
    if (size <= (i) || data[(i)] != (uint8_t)(c))         \
        return 0;                                         \
    sink = (i) + 1u;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    STEP(0, 'l')
    STEP(1, 'e')
    STEP(2, 'p')
    STEP(3, 'a')
    STEP(4, 'c')
    STEP(5, 'k')
    STEP(6, '-')
    STEP(7, 'm')
    STEP(8, 'a')
    STEP(9, 'z')
    STEP(10, 'e')
    STEP(11, '!')
    return 0;
}
