/* SPDX-License-Identifier: Apache-2.0 */
#include "ref.h"

#include <stdlib.h>

int ref_get(const uint8_t *buf, size_t len, size_t off, int width, int big_endian,
            uint64_t *out)
{
    if (off > len || len - off < (size_t)width)
        return REF_ERANGE;
    uint64_t v = 0;
    for (int k = 0; k < width; k++) {
        int pos = big_endian ? k : width - 1 - k; /* most significant byte first */
        v = v * 256 + buf[off + (size_t)pos];
    }
    *out = v;
    return REF_OK;
}

int ref_put(uint8_t *buf, size_t len, size_t off, int width, int big_endian, uint64_t v)
{
    if (off > len || len - off < (size_t)width)
        return REF_ERANGE;
    for (int k = 0; k < width; k++) {
        int pos = big_endian ? width - 1 - k : k; /* least significant byte first */
        buf[off + (size_t)pos] = (uint8_t)(v % 256);
        v = v / 256;
    }
    return REF_OK;
}

int64_t ref_sign_extend(uint64_t u, int width)
{
    if (width == 8) {
        if (u < 0x8000000000000000u)
            return (int64_t)u;
        return -(int64_t)(~u) - 1; /* ~u = -u - 1 as a bit pattern */
    }
    uint64_t half = (uint64_t)1 << (8 * width - 1);
    if (u < half)
        return (int64_t)u;
    return (int64_t)u - (int64_t)(2 * half);
}

int ref_init(ref_counters *m, int32_t cache_id)
{
    m->cache_id = cache_id;
    m->items = NULL;
    m->size = 0;
    m->capacity = 0;
    m->built = 0;
    m->entries = NULL;
    m->nentries = 0;
    return REF_OK;
}

void ref_free(ref_counters *m)
{
    free(m->items);
    free(m->entries);
    ref_init(m, m->cache_id);
}

void ref_clear(ref_counters *m)
{
    m->size = 0;
    free(m->entries);
    m->entries = NULL;
    m->nentries = 0;
    m->built = 0;
}

int ref_shrink(ref_counters *m)
{
    if (m->size == 0) {
        free(m->items);
        m->items = NULL;
        m->capacity = 0;
        return REF_OK;
    }
    ref_item *items = realloc(m->items, m->size * sizeof *items);
    if (items == NULL)
        return REF_ENOMEM;
    m->items = items;
    m->capacity = m->size;
    return REF_OK;
}

static void ref_entry_set(ref_counters *m, int32_t partition, int64_t counter)
{
    for (size_t i = 0; i < m->nentries; i++) {
        if (m->entries[i].partition == partition) {
            m->entries[i].counter = counter;
            return;
        }
    }
    /* Room for one entry per item was made by the caller. */
    m->entries[m->nentries].partition = partition;
    m->entries[m->nentries].counter = counter;
    m->nentries++;
}

int ref_add(ref_counters *m, int32_t partition, int64_t initial_counter, int64_t updates_count)
{
    if (m->size == m->capacity) {
        size_t capacity = m->capacity * 2 + 1;
        ref_item *items = realloc(m->items, capacity * sizeof *items);
        if (items == NULL)
            return REF_ENOMEM;
        m->items = items;
        m->capacity = capacity;
    }
    if (m->built) {
        ref_entry *entries = realloc(m->entries, (m->size + 1) * sizeof *entries);
        if (entries == NULL)
            return REF_ENOMEM;
        m->entries = entries;
    }
    m->items[m->size].partition = partition;
    m->items[m->size].initial_counter = initial_counter;
    m->items[m->size].updates_count = updates_count;
    m->size++;
    if (m->built)
        ref_entry_set(m, partition, initial_counter);
    return REF_OK;
}

int ref_item_at(const ref_counters *m, size_t i, ref_item *out)
{
    if (i >= m->size)
        return REF_ERANGE;
    *out = m->items[i];
    return REF_OK;
}

int ref_add_items(ref_counters *m, const ref_item *items, size_t n)
{
    /* Room for all of them first, so that a failure changes nothing. */
    if (m->capacity - m->size < n) {
        ref_item *grown = realloc(m->items, (m->size + n) * sizeof *grown);
        if (grown == NULL)
            return REF_ENOMEM;
        m->items = grown;
        m->capacity = m->size + n;
    }
    if (m->built) {
        ref_entry *entries = realloc(m->entries, (m->size + n + 1) * sizeof *entries);
        if (entries == NULL)
            return REF_ENOMEM;
        m->entries = entries;
    }
    for (size_t k = 0; k < n; k++) {
        m->items[m->size] = items[k];
        m->size++;
        if (m->built)
            ref_entry_set(m, items[k].partition, items[k].initial_counter);
    }
    return REF_OK;
}

int ref_get_items(const ref_counters *m, size_t i, ref_item *out, size_t n)
{
    if (i > m->size || n > m->size - i)
        return REF_ERANGE;
    for (size_t k = 0; k < n; k++)
        out[k] = m->items[i + k];
    return REF_OK;
}

static uint64_t ref_twos(int64_t v)
{
    if (v >= 0)
        return (uint64_t)v;
    return ~(uint64_t)(-(v + 1)); /* -v - 1 without overflow, then flip */
}

int ref_encode(const ref_counters *m, uint8_t *dst, size_t cap, size_t *written)
{
    if (cap / REF_ITEM_SIZE < m->size) {
        *written = m->size * REF_ITEM_SIZE;
        return REF_ENOSPACE;
    }
    for (size_t i = 0; i < m->size; i++) {
        uint8_t *p = dst + i * REF_ITEM_SIZE;
        uint64_t part = ref_twos(m->items[i].partition);
        uint64_t init = ref_twos(m->items[i].initial_counter);
        uint64_t upd = ref_twos(m->items[i].updates_count);
        for (int k = 0; k < 4; k++)
            p[k] = (uint8_t)(part >> (8 * k));
        for (int k = 0; k < 8; k++)
            p[4 + k] = (uint8_t)(init >> (8 * k));
        for (int k = 0; k < 8; k++)
            p[12 + k] = (uint8_t)(upd >> (8 * k));
    }
    *written = m->size * REF_ITEM_SIZE;
    return REF_OK;
}

static uint64_t ref_le_bytes(const uint8_t *p, int width)
{
    uint64_t v = 0;
    for (int k = width - 1; k >= 0; k--)
        v = (v << 8) | p[k];
    return v;
}

/* Replaces m's items with the n items at src. */
static int ref_take_items(ref_counters *m, const uint8_t *src, size_t n)
{
    ref_item *items = NULL;
    if (n > 0) {
        items = malloc(n * sizeof *items);
        if (items == NULL)
            return REF_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = src + i * REF_ITEM_SIZE;
        items[i].partition = (int32_t)ref_sign_extend(ref_le_bytes(p, 4), 4);
        items[i].initial_counter = ref_sign_extend(ref_le_bytes(p + 4, 8), 8);
        items[i].updates_count = ref_sign_extend(ref_le_bytes(p + 12, 8), 8);
    }
    ref_clear(m);
    free(m->items);
    m->items = items;
    m->size = n;
    m->capacity = n;
    return REF_OK;
}

int ref_decode(ref_counters *m, const uint8_t *src, size_t len)
{
    if (len % REF_ITEM_SIZE != 0)
        return REF_EBADLEN;
    return ref_take_items(m, src, len / REF_ITEM_SIZE);
}

int ref_decode_sized(ref_counters *m, const uint8_t *src, size_t len, int32_t size)
{
    if (size < 0)
        return REF_EINVAL;
    /* Item by item: the k-th item needs bytes up to 20 * (k + 1). */
    size_t have = 0;
    for (int32_t k = 0; k < size; k++) {
        if (len - have < REF_ITEM_SIZE)
            return REF_EBADLEN;
        have += REF_ITEM_SIZE;
    }
    return ref_take_items(m, src, (size_t)size);
}

/* v's bytes as Ignite's writeInt writes them at p; their count. */
static size_t ref_put_int(uint8_t *p, int32_t v)
{
    uint32_t t = (uint32_t)ref_twos(v);
    uint32_t w = t == UINT32_MAX ? 0 : t + 1; /* mod 2^32, without a wrap */
    size_t n = 0;
    do {
        uint8_t b = (uint8_t)(w % 128);
        w /= 128;
        if (w != 0)
            b = (uint8_t)(b + 128);
        if (p != NULL)
            p[n] = b;
        n++;
    } while (w != 0);
    return n;
}

int ref_encode_fields(const ref_counters *m, uint8_t *dst, size_t cap, size_t *written)
{
    if (m->size > 107374182)
        return REF_EOVERFLOW;
    int32_t bytes = (int32_t)(m->size * REF_ITEM_SIZE);
    size_t need = ref_put_int(NULL, m->cache_id) + ref_put_int(NULL, bytes) + (size_t)bytes +
                  ref_put_int(NULL, (int32_t)m->size);
    *written = need;
    if (cap < need)
        return REF_ENOSPACE;
    size_t at = ref_put_int(dst, m->cache_id);
    at += ref_put_int(dst + at, bytes);
    size_t w = 0;
    if (ref_encode(m, dst + at, cap - at, &w) != REF_OK)
        return REF_ENOSPACE;
    at += w;
    ref_put_int(dst + at, (int32_t)m->size);
    return REF_OK;
}

int ref_next_counter(ref_counters *m, int32_t partition, int64_t *out)
{
    if (!m->built) {
        ref_entry *entries = malloc((m->size + 1) * sizeof *entries);
        if (entries == NULL)
            return REF_ENOMEM;
        m->entries = entries;
        m->nentries = 0;
        for (size_t i = 0; i < m->size; i++)
            ref_entry_set(m, m->items[i].partition, m->items[i].initial_counter);
        m->built = 1;
    }
    for (size_t i = 0; i < m->nentries; i++) {
        if (m->entries[i].partition == partition) {
            if (m->entries[i].counter == INT64_MAX)
                m->entries[i].counter = INT64_MIN;
            else
                m->entries[i].counter = m->entries[i].counter + 1;
            *out = m->entries[i].counter;
            return REF_OK;
        }
    }
    return REF_ENOTFOUND;
}

const char *ref_status_name(int status)
{
    static const char *const names[] = {"OK",        "ERANGE",    "ENOSPACE", "EOVERFLOW",
                                        "ENOMEM",    "EBADLEN",   "ENOTFOUND", "EINVAL",
                                        "EILLFORMED", "ETOOLONG", "ESTOPPED"};
    if (status < 0 || (size_t)status >= sizeof names / sizeof names[0])
        return "UNKNOWN";
    return names[status];
}
