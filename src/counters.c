#include "counters.h"

#include <string.h>

#include "alloc.h"
#include "le.h"

size_t lepack_counters_grown_capacity(size_t capacity, size_t need)
{
    if (need > LEPACK_MAX_ITEMS)
        return 0;
    size_t grown = LEPACK_MAX_ITEMS;
    if (capacity < LEPACK_MAX_ITEMS && capacity / 3 <= LEPACK_MAX_ITEMS - capacity)
        grown = capacity + capacity / 3;
    return grown > need ? grown : need;
}

/* Makes room for need items; on failure nothing changes. */
static lepack_status counters_reserve(lepack_counters *m, size_t need)
{
    if (need <= m->capacity)
        return LEPACK_OK;
    size_t capacity = lepack_counters_grown_capacity(m->capacity, need);
    if (capacity == 0)
        return LEPACK_EOVERFLOW;
    uint8_t *data = lepack_realloc_bytes(m->data, m->capacity * LEPACK_ITEM_SIZE,
                                         capacity * LEPACK_ITEM_SIZE);
    if (data == NULL)
        return LEPACK_ENOMEM;
    m->data = data;
    m->capacity = capacity;
    return LEPACK_OK;
}

lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity)
{
    if (capacity > LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    uint8_t *data = NULL;
    if (capacity > 0) {
        data = lepack_realloc_bytes(NULL, 0, capacity * LEPACK_ITEM_SIZE);
        if (data == NULL)
            return LEPACK_ENOMEM;
    }
    m->data = data;
    m->size = 0;
    m->capacity = capacity;
    m->cache_id = cache_id;
    m->map_built = 0;
    lepack_map_init(&m->map);
    return LEPACK_OK;
}

void lepack_counters_free(lepack_counters *m)
{
    lepack_free_bytes(m->data);
    m->data = NULL;
    m->size = 0;
    m->capacity = 0;
    m->map_built = 0;
    lepack_map_free(&m->map);
}

void lepack_counters_clear(lepack_counters *m)
{
    m->size = 0;
    m->map_built = 0;
    lepack_map_free(&m->map);
}

lepack_status lepack_counters_add(lepack_counters *m, int32_t partition,
                                  int64_t initial_counter, int64_t updates_count)
{
    if (m->size >= LEPACK_MAX_ITEMS)
        return LEPACK_EOVERFLOW;
    lepack_status st = counters_reserve(m, m->size + 1);
    if (st != LEPACK_OK)
        return st;
    if (m->map_built) {
        st = lepack_map_reserve(&m->map, m->map.count + 1);
        if (st != LEPACK_OK)
            return st;
    }
    uint8_t *item = m->data + m->size * LEPACK_ITEM_SIZE;
    le_store_i32(item + LEPACK_ITEM_PARTITION, partition);
    le_store_i64(item + LEPACK_ITEM_INITIAL_COUNTER, initial_counter);
    le_store_i64(item + LEPACK_ITEM_UPDATES_COUNT, updates_count);
    m->size++;
    if (m->map_built)
        lepack_map_put(&m->map, partition, initial_counter);
    return LEPACK_OK;
}

int32_t lepack_counters_cache_id(const lepack_counters *m)
{
    return m->cache_id;
}

size_t lepack_counters_size(const lepack_counters *m)
{
    return m->size;
}

lepack_status lepack_counters_partition(const lepack_counters *m, size_t i, int32_t *out)
{
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i32(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_PARTITION);
    return LEPACK_OK;
}

lepack_status lepack_counters_initial_counter(const lepack_counters *m, size_t i, int64_t *out)
{
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i64(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_INITIAL_COUNTER);
    return LEPACK_OK;
}

lepack_status lepack_counters_updates_count(const lepack_counters *m, size_t i, int64_t *out)
{
    if (i >= m->size)
        return LEPACK_ERANGE;
    *out = le_load_i64(m->data + i * LEPACK_ITEM_SIZE + LEPACK_ITEM_UPDATES_COUNT);
    return LEPACK_OK;
}

const uint8_t *lepack_counters_wire(const lepack_counters *m, size_t *len)
{
    *len = m->size * LEPACK_ITEM_SIZE;
    return m->size > 0 ? m->data : NULL;
}

lepack_status lepack_counters_encode(const lepack_counters *m, uint8_t *dst, size_t cap,
                                     size_t *written)
{
    size_t bytes = m->size * LEPACK_ITEM_SIZE;
    if (cap < bytes)
        return LEPACK_ENOSPACE;
    if (bytes > 0)
        memcpy(dst, m->data, bytes);
    *written = bytes;
    return LEPACK_OK;
}

lepack_status lepack_counters_decode(lepack_counters *m, const uint8_t *src, size_t len)
{
    if (len % LEPACK_ITEM_SIZE != 0)
        return LEPACK_EBADLEN;
    size_t items = len / LEPACK_ITEM_SIZE;
    lepack_status st = counters_reserve(m, items);
    if (st != LEPACK_OK)
        return st;
    if (len > 0)
        memcpy(m->data, src, len);
    m->size = items;
    m->map_built = 0;
    lepack_map_free(&m->map);
    return LEPACK_OK;
}

/* Builds the map from the items in order, so a repeated partition ends with
 * its last item's counter. */
static lepack_status counters_build_map(lepack_counters *m)
{
    lepack_counter_map map;
    lepack_map_init(&map);
    lepack_status st = lepack_map_reserve(&map, m->size);
    if (st != LEPACK_OK)
        return st;
    for (size_t i = 0; i < m->size; i++) {
        const uint8_t *item = m->data + i * LEPACK_ITEM_SIZE;
        lepack_map_put(&map, le_load_i32(item + LEPACK_ITEM_PARTITION),
                       le_load_i64(item + LEPACK_ITEM_INITIAL_COUNTER));
    }
    m->map = map;
    m->map_built = 1;
    return LEPACK_OK;
}

lepack_status lepack_counters_next_counter(lepack_counters *m, int32_t partition, int64_t *out)
{
    if (!m->map_built) {
        lepack_status st = counters_build_map(m);
        if (st != LEPACK_OK)
            return st;
    }
    lepack_map_slot *slot = lepack_map_find(&m->map, partition);
    if (slot == NULL)
        return LEPACK_ENOTFOUND;
    slot->counter = slot->counter == INT64_MAX ? INT64_MIN : slot->counter + 1;
    *out = slot->counter;
    return LEPACK_OK;
}
