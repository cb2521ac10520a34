/* SPDX-License-Identifier: Apache-2.0 */
/* The vector paths of src/items.h in the runtime contract build, as
 * -DLEPACK_PORTABLE compiles them.  Under __FRAMAC__ alone src/items_x86.c
 * holds the proven code around the block kernels, whose intrinsics
 * Frama-C cannot read (it sees only their contracts), and asks src/cpu.c,
 * which this build leaves out.  Here every path does no item, which its
 * contract allows, so the counters harnesses run the scalar loops of
 * src/items.c.  The vector paths themselves are compared with the
 * reference by the fuzz replay at every level the CPU has, not here. */
#define LEPACK_PORTABLE 1
#include "items_x86.c"
