/* SPDX-License-Identifier: Apache-2.0 */
/* Wrappers whose object code bench/codegen_check.sh inspects: each unchecked
 * load or store must stay one full-width move (plus a byte swap for the
 * order the host does not use), and a record write must not fall back to
 * byte stores.  Not linked into anything. */
#include "le.h"

#define BENCH_ITEM_SIZE 20u

uint16_t cg_le_load_u16(const uint8_t *p);
uint32_t cg_le_load_u32(const uint8_t *p);
uint64_t cg_le_load_u64(const uint8_t *p);
int32_t cg_le_load_i32(const uint8_t *p);
int64_t cg_le_load_i64(const uint8_t *p);
void cg_le_store_u16(uint8_t *p, uint16_t v);
void cg_le_store_u32(uint8_t *p, uint32_t v);
void cg_le_store_u64(uint8_t *p, uint64_t v);
void cg_le_store_i32(uint8_t *p, int32_t v);
void cg_le_store_i64(uint8_t *p, int64_t v);
uint16_t cg_be_load_u16(const uint8_t *p);
uint32_t cg_be_load_u32(const uint8_t *p);
uint64_t cg_be_load_u64(const uint8_t *p);
void cg_be_store_u16(uint8_t *p, uint16_t v);
void cg_be_store_u32(uint8_t *p, uint32_t v);
void cg_be_store_u64(uint8_t *p, uint64_t v);
void cg_record(uint8_t *p, int32_t partition, int64_t initial, int64_t updates);
void cg_record_loop(uint8_t *buf, size_t n);
int64_t cg_record_read(const uint8_t *p);

uint16_t cg_le_load_u16(const uint8_t *p) { return le_load_u16(p); }
uint32_t cg_le_load_u32(const uint8_t *p) { return le_load_u32(p); }
uint64_t cg_le_load_u64(const uint8_t *p) { return le_load_u64(p); }
int32_t cg_le_load_i32(const uint8_t *p) { return le_load_i32(p); }
int64_t cg_le_load_i64(const uint8_t *p) { return le_load_i64(p); }
void cg_le_store_u16(uint8_t *p, uint16_t v) { le_store_u16(p, v); }
void cg_le_store_u32(uint8_t *p, uint32_t v) { le_store_u32(p, v); }
void cg_le_store_u64(uint8_t *p, uint64_t v) { le_store_u64(p, v); }
void cg_le_store_i32(uint8_t *p, int32_t v) { le_store_i32(p, v); }
void cg_le_store_i64(uint8_t *p, int64_t v) { le_store_i64(p, v); }
uint16_t cg_be_load_u16(const uint8_t *p) { return be_load_u16(p); }
uint32_t cg_be_load_u32(const uint8_t *p) { return be_load_u32(p); }
uint64_t cg_be_load_u64(const uint8_t *p) { return be_load_u64(p); }
void cg_be_store_u16(uint8_t *p, uint16_t v) { be_store_u16(p, v); }
void cg_be_store_u32(uint8_t *p, uint32_t v) { be_store_u32(p, v); }
void cg_be_store_u64(uint8_t *p, uint64_t v) { be_store_u64(p, v); }

/* One counters item. */
void cg_record(uint8_t *p, int32_t partition, int64_t initial, int64_t updates)
{
    le_store_i32(p, partition);
    le_store_i64(p + 4, initial);
    le_store_i64(p + 12, updates);
}

/* The same inside a loop.  gcc 12 folds each byte-form store compiled alone,
 * yet rebuilds a byte-form record with shifts and writes it through the
 * stack: more than 3 stores, which is what the check rejects. */
void cg_record_loop(uint8_t *buf, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = buf + i * BENCH_ITEM_SIZE;
        le_store_i32(p, (int32_t)i);
        le_store_i64(p + 4, (int64_t)i * 10);
        le_store_i64(p + 12, (int64_t)i * 100);
    }
}

int64_t cg_record_read(const uint8_t *p)
{
    return (int64_t)((uint64_t)le_load_i32(p) + (uint64_t)le_load_i64(p + 4) +
                     (uint64_t)le_load_i64(p + 12));
}
