/* SPDX-License-Identifier: Apache-2.0 */
#include "counter_map.h"

#include "alloc.h"
#include "le.h"

/* The first table holds 8 entries; doubling from there keeps nslots a power
 * of two. */
#define MAP_MIN_SLOTS 16u

/* Fibonacci hashing: 32-bit key times 2^32 / phi fits in 64 bits, so no
 * wrap-around is involved; the xor folds the well-mixed high bits down. */
/*@ requires nslots > 0;
    assigns \nothing;
    exits \false;
    ensures \result < nslots; */
static size_t map_home(int32_t partition, size_t nslots)
{
    uint64_t h = (uint64_t)lepack_u32_of_i32(partition) * 2654435769u;
    return (size_t)((h ^ (h >> 29)) % nslots);
}

/*@ requires i < nslots;
    assigns \nothing;
    exits \false;
    ensures \result < nslots; */
static size_t map_next(size_t i, size_t nslots)
{
    return i + 1 == nslots ? 0 : i + 1;
}

void lepack_map_init(lepack_counter_map *m)
{
    m->slots = NULL;
    m->nslots = 0;
    m->count = 0;
}

void lepack_map_free(lepack_counter_map *m)
{
    lepack_free_slots(m->slots);
    lepack_map_init(m);
}

/* The slot for partition in a table with room: its own slot or the empty
 * slot where it belongs. */
/*@ requires nslots > 0 && \valid_read(slots + (0 .. nslots - 1));
    assigns \nothing;
    exits \false;
    ensures \result < nslots; */
static size_t map_probe(const lepack_map_slot *slots, size_t nslots, int32_t partition)
{
    size_t i = map_home(partition, nslots);
    /*@ loop invariant 0 <= k <= nslots && i < nslots;
        loop assigns k, i;
        loop variant nslots - k; */
    for (size_t k = 0; k < nslots; k++) {
        if (!slots[i].used || slots[i].partition == partition)
            return i;
        i = map_next(i, nslots);
    }
    return i; /* unreachable: the table is never full */
}

lepack_status lepack_map_reserve(lepack_counter_map *m, size_t entries)
    /*@ ghost (uint8_t *away) */
{
    if (entries <= m->nslots / 2)
        return LEPACK_OK;
    if (entries > LEPACK_MAP_MAX_ENTRIES)
        return LEPACK_EOVERFLOW;
    size_t n = m->nslots < MAP_MIN_SLOTS ? MAP_MIN_SLOTS : m->nslots;
    /*@ loop invariant n >= MAP_MIN_SLOTS && n >= m->nslots;
        loop assigns n;
        loop variant entries - n / 2; */
    while (n / 2 < entries)
        n *= 2;
    lepack_map_slot *slots = lepack_alloc_slots(n) /*@ ghost (m, m->slots, away) */;
    if (slots == NULL)
        return LEPACK_ENOMEM;
    /*@ loop invariant 0 <= k <= m->nslots;
        loop assigns k, slots[0 .. n - 1];
        loop variant m->nslots - k; */
    for (size_t k = 0; k < m->nslots; k++) {
        if (m->slots[k].used) {
            size_t i = map_probe(slots, n, m->slots[k].partition);
            slots[i] = m->slots[k];
        }
    }
    lepack_free_slots(m->slots);
    m->slots = slots;
    m->nslots = n;
    return LEPACK_OK;
}

void lepack_map_put(lepack_counter_map *m, int32_t partition, int64_t counter)
{
    size_t i = map_probe(m->slots, m->nslots, partition);
    if (!m->slots[i].used) {
        m->slots[i].used = 1;
        m->slots[i].partition = partition;
        m->count++;
    }
    m->slots[i].counter = counter;
}

lepack_map_slot *lepack_map_find(const lepack_counter_map *m, int32_t partition)
{
    if (m->nslots == 0)
        return NULL;
    size_t i = map_probe(m->slots, m->nslots, partition);
    /* The partition test also covers a full table, where the probe ends on
     * some other partition's slot. */
    if (!m->slots[i].used || m->slots[i].partition != partition)
        return NULL;
    return &m->slots[i];
}
