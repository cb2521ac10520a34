/* SPDX-License-Identifier: Apache-2.0 */
/* The level a kernel family runs at (internal, not installed API): one
 * form for every family of the dispatch module (src/cpu.h), inline so that
 * a kernel call pays one load for it.
 *
 * A family keeps its level in an int, stored plus one so that 0 means "not
 * decided yet": the first use decides with the family's best level, and two
 * threads that race store the same value. */
#ifndef LEPACK_CPU_LEVEL_H
#define LEPACK_CPU_LEVEL_H

/* The level of the family whose slot this is, deciding it with best() at
 * the first call. */
static inline int lepack_cpu_slot_level(int *slot, int (*best)(void))
{
    int l = __atomic_load_n(slot, __ATOMIC_RELAXED);
    if (l == 0) {
        l = best() + 1;
        __atomic_store_n(slot, l, __ATOMIC_RELAXED);
    }
    return l - 1;
}

/* `level` capped at `best` (negative: the best). */
static inline int lepack_cpu_cap_level(int level, int best)
{
    return level < 0 || level > best ? best : level;
}

/* Forces the family to `level` (capped); returns the level now in use.  A
 * kernel call running at the same time reads the slot once and uses the old
 * level or the new. */
static inline int lepack_cpu_slot_select(int *slot, int level, int best)
{
    int l = lepack_cpu_cap_level(level, best);
    __atomic_store_n(slot, l + 1, __ATOMIC_RELAXED);
    return l;
}

#endif
