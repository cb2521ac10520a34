/* SPDX-License-Identifier: Apache-2.0 */
/* The library's version: the one place it is written.  The Makefile reads
 * the three numbers from here for the shared library and lepack.pc, and
 * the CLI prints LEPACK_VERSION_STRING. */
#ifndef LEPACK_VERSION_H
#define LEPACK_VERSION_H

#ifdef __cplusplus
extern "C" {
#endif

#define LEPACK_VERSION_MAJOR 0
#define LEPACK_VERSION_MINOR 4
#define LEPACK_VERSION_PATCH 0

#define LEPACK_VERSION_STR_(x) #x
#define LEPACK_VERSION_STR(x) LEPACK_VERSION_STR_(x)
#define LEPACK_VERSION_STRING                                                   \
    LEPACK_VERSION_STR(LEPACK_VERSION_MAJOR) "." LEPACK_VERSION_STR(LEPACK_VERSION_MINOR) "." \
        LEPACK_VERSION_STR(LEPACK_VERSION_PATCH)

/* The version of the library linked in, as "MAJOR.MINOR.PATCH": compare it
 * with LEPACK_VERSION_STRING to tell a header from a different build. */
/*@ assigns \nothing;
    exits \false;
    ensures \result != \null && \valid_read(\result); */
const char *lepack_version(void);

#ifdef __cplusplus
}
#endif

#endif
