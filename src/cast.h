/* SPDX-License-Identifier: Apache-2.0 */
/* LEPACK_CAST(T, v): v converted to type T, written once for both languages
 * the public headers are read in.  C, and Frama-C, which proves the C text,
 * see the plain cast ((T)(v)); C++ sees static_cast<T>(v), so that a C++
 * program built with -Wold-style-cast gets no warning from lepack's inline
 * functions (make test-install compiles every header that way). */
#ifndef LEPACK_CAST_H
#define LEPACK_CAST_H

#ifdef __cplusplus
#define LEPACK_CAST(T, v) (static_cast<T>(v))
#else
#define LEPACK_CAST(T, v) ((T)(v))
#endif

#endif
