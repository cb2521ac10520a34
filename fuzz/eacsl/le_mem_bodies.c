/* SPDX-License-Identifier: Apache-2.0 */
/* Bodies for the twelve loads and stores of src/le_mem.h in the runtime
 * contract build.  Under __FRAMAC__ that header declares them with their
 * contracts only (the fast memcpy form is outside what Frama-C reads), so
 * this unit supplies the proven byte form of src/le_bytes.h behind the same
 * names: each call then checks le_mem.h's contract, the one trusted piece
 * of the proofs, against the byte form at run time. */
#include "le_mem.h"
#include "le_bytes.h"

uint16_t le_load_u16(const uint8_t *p) { return le_bytes_load_u16(p); }
uint32_t le_load_u32(const uint8_t *p) { return le_bytes_load_u32(p); }
uint64_t le_load_u64(const uint8_t *p) { return le_bytes_load_u64(p); }
void le_store_u16(uint8_t *p, uint16_t v) { le_bytes_store_u16(p, v); }
void le_store_u32(uint8_t *p, uint32_t v) { le_bytes_store_u32(p, v); }
void le_store_u64(uint8_t *p, uint64_t v) { le_bytes_store_u64(p, v); }
uint16_t be_load_u16(const uint8_t *p) { return be_bytes_load_u16(p); }
uint32_t be_load_u32(const uint8_t *p) { return be_bytes_load_u32(p); }
uint64_t be_load_u64(const uint8_t *p) { return be_bytes_load_u64(p); }
void be_store_u16(uint8_t *p, uint16_t v) { be_bytes_store_u16(p, v); }
void be_store_u32(uint8_t *p, uint32_t v) { be_bytes_store_u32(p, v); }
void be_store_u64(uint8_t *p, uint64_t v) { be_bytes_store_u64(p, v); }
