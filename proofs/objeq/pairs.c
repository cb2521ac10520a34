/* SPDX-License-Identifier: Apache-2.0 */
/* The twelve fixed-width loads and stores as standalone functions, in one
 * of two forms: the shipped memcpy form of src/le_mem.h (default) or the
 * proven byte form of src/le_bytes.h (-DOBJEQ_BYTES).  objeq.py compiles
 * both and requires the same machine code for each function. */
#include <stdint.h>

#ifdef OBJEQ_BYTES
#include "le_bytes.h"
#define FORM(order, op, width) order##_bytes_##op##_##width
#else
#include "le_mem.h"
#define FORM(order, op, width) order##_##op##_##width
#endif

#define LOAD(order, width, type)                                  \
    type objeq_##order##_load_##width(const uint8_t *p);          \
    type objeq_##order##_load_##width(const uint8_t *p)           \
    {                                                             \
        return FORM(order, load, width)(p);                       \
    }
#define STORE(order, width, type)                                 \
    void objeq_##order##_store_##width(uint8_t *p, type v);       \
    void objeq_##order##_store_##width(uint8_t *p, type v)        \
    {                                                             \
        FORM(order, store, width)(p, v);                          \
    }

LOAD(le, u16, uint16_t)
LOAD(le, u32, uint32_t)
LOAD(le, u64, uint64_t)
STORE(le, u16, uint16_t)
STORE(le, u32, uint32_t)
STORE(le, u64, uint64_t)
LOAD(be, u16, uint16_t)
LOAD(be, u32, uint32_t)
LOAD(be, u64, uint64_t)
STORE(be, u16, uint16_t)
STORE(be, u32, uint32_t)
STORE(be, u64, uint64_t)
