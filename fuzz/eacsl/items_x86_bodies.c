/* SPDX-License-Identifier: Apache-2.0 */
/* Bodies for the vector paths of src/items.h in the runtime contract
 * build.  Under __FRAMAC__ src/items_x86.c holds the proven code around
 * the block kernels, whose intrinsics Frama-C cannot read (it sees only
 * their contracts), and asks src/cpu.c, which this build leaves out.  Here
 * every path does no item, which its contract allows, so the counters
 * harnesses run the scalar loops of src/items.c, as -DLEPACK_PORTABLE
 * does.  The vector paths themselves are compared with the reference by
 * the fuzz replay at every level the CPU has, not here. */
#include "items.h"

#define NO_STORE(name)                                                                     \
    size_t name(uint8_t *dst, const lepack_counters_item *items, size_t n)                 \
    {                                                                                      \
        (void)dst, (void)items, (void)n;                                                   \
        return 0;                                                                          \
    }
#define NO_LOAD(name)                                                                      \
    size_t name(lepack_counters_item *out, const uint8_t *src, size_t n)                   \
    {                                                                                      \
        (void)out, (void)src, (void)n;                                                     \
        return 0;                                                                          \
    }
NO_STORE(lepack_items_store_vector)
NO_STORE(lepack_items_store_avx2)
NO_STORE(lepack_items_store_avx512)
NO_STORE(lepack_items_store_stream)
NO_LOAD(lepack_items_load_vector)
NO_LOAD(lepack_items_load_avx2)
NO_LOAD(lepack_items_load_avx512)
NO_LOAD(lepack_items_load_stream)
