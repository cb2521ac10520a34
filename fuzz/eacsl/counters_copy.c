/* SPDX-License-Identifier: Apache-2.0 */
/* src/counters.c as the runtime contract build compiles it.  Under
 * __FRAMAC__ its copy_bytes is a static declaration with a contract and no
 * body (WP cannot carry memcpy's contract over to uint8_t); a static
 * function may be defined later in the same unit, so the body is given
 * here, after the file, as a plain byte loop.  The contract written in
 * counters.c is the one checked on every call. */
#include "counters.c" /* the copy made by inline_spec.py */

static void copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = src[i];
}
