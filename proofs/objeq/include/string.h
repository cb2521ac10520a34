/* SPDX-License-Identifier: Apache-2.0 */
/* The one declaration of <string.h> that src/le_mem.h uses, for compiling
 * it for another target without that target's C library headers.  The
 * prototype is the C standard's; the compiler treats memcpy as a builtin
 * (hosted mode) exactly as it does with the real header. */
#ifndef OBJEQ_STRING_H
#define OBJEQ_STRING_H
#include <stddef.h>
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
#endif
