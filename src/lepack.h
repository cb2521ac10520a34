/* SPDX-License-Identifier: Apache-2.0 */
/* The whole public API in one include: #include <lepack/lepack.h>.
 *
 * Each header below can also be included alone; this one is for programs
 * that would rather not know which header declares what.  It includes
 * exactly the installed headers (LIB_PUBLIC_HDR in mk/sources.mk; make
 * test-install checks that the two agree). */
#ifndef LEPACK_LEPACK_H
#define LEPACK_LEPACK_H

#include "allocator.h"        /* lepack_set_allocator: where lepack's memory comes from */
#include "cast.h"             /* LEPACK_CAST: a plain cast in C, static_cast in C++ */
#include "counter_map_type.h" /* the next_counter map's layout, embedded in a message */
#include "counters.h"         /* Ignite's partition update counters message */
#include "cursor.h"           /* put/get through a moving position */
#include "item.h"             /* one counters item: wire layout and C form */
#include "le.h"               /* fixed-width values in a pinned byte order */
#include "le_bytes.h"         /* the same, byte at a time (portable form) */
#include "le_mem.h"           /* the unchecked loads and stores le.h builds on */
#include "span.h"             /* a buffer seen as records of one width */
#include "status.h"           /* lepack_status and its names */
#include "utf8.h"             /* Java strings as UTF-8 and modified UTF-8 */
#include "version.h"          /* LEPACK_VERSION_STRING, lepack_version */
#include "zero.h"             /* zeroing large buffers in chunks */

#endif
