/* SPDX-License-Identifier: Apache-2.0 */
/* The memory accesses the torture cases race against each other, one
 * function each, every one a single load or store (or one locked
 * instruction) of the full width: torture/codegen_check.sh checks that in
 * the object code of access.c.
 *
 * Concurrent plain accesses to the same bytes are a data race, undefined
 * behaviour in C.  They live here, out of line in their own translation
 * unit, so that the caller's compiler sees an opaque call it cannot merge,
 * hoist or split, and the bodies are inline assembly on x86-64 (or volatile
 * accesses in the portable build), which the compiler of this file cannot
 * exploit either.  lepack's own le_load_* and le_store_* are wrapped here
 * too, unchanged: whatever they compile to is what the cases measure.
 *
 * Loads return the value zero-extended to 64 bits and stores take it
 * truncated, so that the runner needs one function type per width class. */
#ifndef TORTURE_ACCESS_H
#define TORTURE_ACCESS_H

#include <stdint.h>

#if defined(__x86_64__) && !defined(TORTURE_PORTABLE)
#define TT_X86_ASM 1
#else
#define TT_X86_ASM 0
#endif

typedef uint64_t (*tt_load_fn)(const uint8_t *p);
typedef void (*tt_store_fn)(uint8_t *p, uint64_t v);
/* A locked read-modify-write: returns the old value; writes desired when the
 * old value was expected. */
typedef uint64_t (*tt_cas_fn)(uint8_t *p, uint64_t expected, uint64_t desired);
/* A read done with a locked instruction (a compare-and-swap of 0 with 0). */
typedef uint64_t (*tt_locked_load_fn)(uint8_t *p);

/* plain: one mov of the width (x86-64 asm), or one volatile access. */
uint64_t tt_load_plain_u16(const uint8_t *p);
uint64_t tt_load_plain_u32(const uint8_t *p);
uint64_t tt_load_plain_u64(const uint8_t *p);
void tt_store_plain_u16(uint8_t *p, uint64_t v);
void tt_store_plain_u32(uint8_t *p, uint64_t v);
void tt_store_plain_u64(uint8_t *p, uint64_t v);

/* le: lepack's unchecked views of src/le.h. */
uint64_t tt_load_le_u16(const uint8_t *p);
uint64_t tt_load_le_u32(const uint8_t *p);
uint64_t tt_load_le_u64(const uint8_t *p);
void tt_store_le_u16(uint8_t *p, uint64_t v);
void tt_store_le_u32(uint8_t *p, uint64_t v);
void tt_store_le_u64(uint8_t *p, uint64_t v);

/* C11 atomics through the __atomic builtins: aligned addresses only. */
uint64_t tt_load_relaxed_u16(const uint8_t *p);
uint64_t tt_load_relaxed_u32(const uint8_t *p);
uint64_t tt_load_relaxed_u64(const uint8_t *p);
void tt_store_relaxed_u16(uint8_t *p, uint64_t v);
void tt_store_relaxed_u32(uint8_t *p, uint64_t v);
void tt_store_relaxed_u64(uint8_t *p, uint64_t v);
uint64_t tt_load_seqcst_u16(const uint8_t *p);
uint64_t tt_load_seqcst_u32(const uint8_t *p);
uint64_t tt_load_seqcst_u64(const uint8_t *p);
void tt_store_seqcst_u16(uint8_t *p, uint64_t v);
void tt_store_seqcst_u32(uint8_t *p, uint64_t v);
void tt_store_seqcst_u64(uint8_t *p, uint64_t v);

/* Locked instructions: lock cmpxchg on x86-64 at any address (the ISA makes
 * a locked access atomic even across lines, by locking the bus); the
 * portable build uses __atomic and may only be given aligned addresses. */
uint64_t tt_cas_u16(uint8_t *p, uint64_t expected, uint64_t desired);
uint64_t tt_cas_u32(uint8_t *p, uint64_t expected, uint64_t desired);
uint64_t tt_cas_u64(uint8_t *p, uint64_t expected, uint64_t desired);
uint64_t tt_load_locked_u16(uint8_t *p);
uint64_t tt_load_locked_u32(uint8_t *p);
uint64_t tt_load_locked_u64(uint8_t *p);

/* 16 bytes: x86-64 only. */
typedef struct tt_u128 {
    uint64_t lo; /* the first 8 bytes in memory, as a native load reads them */
    uint64_t hi;
} tt_u128;

#if TT_X86_ASM
/* movdqu: one SSE load or store. */
tt_u128 tt_load_plain_u128(const uint8_t *p);
void tt_store_plain_u128(uint8_t *p, tt_u128 v);
/* lock cmpxchg16b: faults (#GP, SIGSEGV) unless p is 16-byte aligned. */
tt_u128 tt_cas_u128(uint8_t *p, tt_u128 expected, tt_u128 desired);
tt_u128 tt_load_locked_u128(uint8_t *p);
#endif

/* 1 when the CPU has cmpxchg16b (CPUID.1:ECX.CX16); 0 in the portable
 * build. */
int tt_have_cas128(void);

#endif
