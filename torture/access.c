/* SPDX-License-Identifier: Apache-2.0 */
/* Single-instruction accesses (access.h).  Every function here is checked
 * by torture/codegen_check.sh: exactly one instruction touches memory, with
 * the case's width.  Nothing else may be added to this file. */
#include "access.h"

#include "le.h"

#if TT_X86_ASM
#include <cpuid.h>
#endif

/* --- plain ------------------------------------------------------------------
 * x86-64: the instruction is written out, so it is the one the CPU runs.
 * Elsewhere: a volatile access through a type of alignment 1, which a
 * compiler must perform as written (one access where the target has one,
 * which the object code check confirms on x86-64 for this build too). */

#if TT_X86_ASM

uint64_t tt_load_plain_u16(const uint8_t *p)
{
    uint32_t v;
    __asm__ volatile("movzwl (%1), %0" : "=r"(v) : "r"(p) : "memory");
    return v;
}

uint64_t tt_load_plain_u32(const uint8_t *p)
{
    uint32_t v;
    __asm__ volatile("movl (%1), %0" : "=r"(v) : "r"(p) : "memory");
    return v;
}

uint64_t tt_load_plain_u64(const uint8_t *p)
{
    uint64_t v;
    __asm__ volatile("movq (%1), %0" : "=r"(v) : "r"(p) : "memory");
    return v;
}

void tt_store_plain_u16(uint8_t *p, uint64_t v)
{
    __asm__ volatile("movw %w1, (%0)" : : "r"(p), "r"(v) : "memory");
}

void tt_store_plain_u32(uint8_t *p, uint64_t v)
{
    __asm__ volatile("movl %k1, (%0)" : : "r"(p), "r"(v) : "memory");
}

void tt_store_plain_u64(uint8_t *p, uint64_t v)
{
    __asm__ volatile("movq %1, (%0)" : : "r"(p), "r"(v) : "memory");
}

#else

typedef uint16_t tt_un16 __attribute__((aligned(1), may_alias));
typedef uint32_t tt_un32 __attribute__((aligned(1), may_alias));
typedef uint64_t tt_un64 __attribute__((aligned(1), may_alias));

uint64_t tt_load_plain_u16(const uint8_t *p)
{
    return *(const volatile tt_un16 *)(const volatile void *)p;
}

uint64_t tt_load_plain_u32(const uint8_t *p)
{
    return *(const volatile tt_un32 *)(const volatile void *)p;
}

uint64_t tt_load_plain_u64(const uint8_t *p)
{
    return *(const volatile tt_un64 *)(const volatile void *)p;
}

void tt_store_plain_u16(uint8_t *p, uint64_t v)
{
    *(volatile tt_un16 *)(volatile void *)p = (uint16_t)v;
}

void tt_store_plain_u32(uint8_t *p, uint64_t v)
{
    *(volatile tt_un32 *)(volatile void *)p = (uint32_t)v;
}

void tt_store_plain_u64(uint8_t *p, uint64_t v)
{
    *(volatile tt_un64 *)(volatile void *)p = v;
}

#endif

/* --- lepack's views ------------------------------------------------------ */

uint64_t tt_load_le_u16(const uint8_t *p)
{
    return le_load_u16(p);
}

uint64_t tt_load_le_u32(const uint8_t *p)
{
    return le_load_u32(p);
}

uint64_t tt_load_le_u64(const uint8_t *p)
{
    return le_load_u64(p);
}

void tt_store_le_u16(uint8_t *p, uint64_t v)
{
    le_store_u16(p, (uint16_t)v);
}

void tt_store_le_u32(uint8_t *p, uint64_t v)
{
    le_store_u32(p, (uint32_t)v);
}

void tt_store_le_u64(uint8_t *p, uint64_t v)
{
    le_store_u64(p, v);
}

/* --- C11 atomics (the caller passes aligned addresses only) -------------- */

#define TT_AT(T, p) ((T *)(void *)(p))
#define TT_CAT(T, p) ((const T *)(const void *)(p))

uint64_t tt_load_relaxed_u16(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint16_t, p), __ATOMIC_RELAXED);
}

uint64_t tt_load_relaxed_u32(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint32_t, p), __ATOMIC_RELAXED);
}

uint64_t tt_load_relaxed_u64(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint64_t, p), __ATOMIC_RELAXED);
}

void tt_store_relaxed_u16(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint16_t, p), (uint16_t)v, __ATOMIC_RELAXED);
}

void tt_store_relaxed_u32(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint32_t, p), (uint32_t)v, __ATOMIC_RELAXED);
}

void tt_store_relaxed_u64(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint64_t, p), v, __ATOMIC_RELAXED);
}

uint64_t tt_load_seqcst_u16(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint16_t, p), __ATOMIC_SEQ_CST);
}

uint64_t tt_load_seqcst_u32(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint32_t, p), __ATOMIC_SEQ_CST);
}

uint64_t tt_load_seqcst_u64(const uint8_t *p)
{
    return __atomic_load_n(TT_CAT(uint64_t, p), __ATOMIC_SEQ_CST);
}

void tt_store_seqcst_u16(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint16_t, p), (uint16_t)v, __ATOMIC_SEQ_CST);
}

void tt_store_seqcst_u32(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint32_t, p), (uint32_t)v, __ATOMIC_SEQ_CST);
}

void tt_store_seqcst_u64(uint8_t *p, uint64_t v)
{
    __atomic_store_n(TT_AT(uint64_t, p), v, __ATOMIC_SEQ_CST);
}

/* --- locked instructions --------------------------------------------------- */

#if TT_X86_ASM

uint64_t tt_cas_u16(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint16_t old = (uint16_t)expected;
    __asm__ volatile("lock cmpxchgw %w2, (%1)" : "+a"(old) : "r"(p), "r"(desired)
                     : "memory", "cc");
    return old;
}

uint64_t tt_cas_u32(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint32_t old = (uint32_t)expected;
    __asm__ volatile("lock cmpxchgl %k2, (%1)" : "+a"(old) : "r"(p), "r"(desired)
                     : "memory", "cc");
    return old;
}

uint64_t tt_cas_u64(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint64_t old = expected;
    __asm__ volatile("lock cmpxchgq %2, (%1)" : "+a"(old) : "r"(p), "r"(desired)
                     : "memory", "cc");
    return old;
}

/* cmpxchg of 0 with 0: the bytes are unchanged whatever they hold, and the
 * accumulator receives all of them at once. */
uint64_t tt_load_locked_u16(uint8_t *p)
{
    uint16_t old = 0;
    __asm__ volatile("lock cmpxchgw %w2, (%1)" : "+a"(old) : "r"(p), "r"(0ull)
                     : "memory", "cc");
    return old;
}

uint64_t tt_load_locked_u32(uint8_t *p)
{
    uint32_t old = 0;
    __asm__ volatile("lock cmpxchgl %k2, (%1)" : "+a"(old) : "r"(p), "r"(0ull)
                     : "memory", "cc");
    return old;
}

uint64_t tt_load_locked_u64(uint8_t *p)
{
    uint64_t old = 0;
    __asm__ volatile("lock cmpxchgq %2, (%1)" : "+a"(old) : "r"(p), "r"(0ull)
                     : "memory", "cc");
    return old;
}

/* Both halves go through one xmm register in the same asm statement, so
 * that the compiler cannot route them through the stack (a second memory
 * access). */
tt_u128 tt_load_plain_u128(const uint8_t *p)
{
    uint64_t lo, hi;
    __asm__ volatile("movdqu (%2), %%xmm0\n\t"
                     "movq %%xmm0, %0\n\t"
                     "punpckhqdq %%xmm0, %%xmm0\n\t"
                     "movq %%xmm0, %1"
                     : "=r"(lo), "=r"(hi)
                     : "r"(p)
                     : "xmm0", "memory");
    tt_u128 v = {lo, hi};
    return v;
}

void tt_store_plain_u128(uint8_t *p, tt_u128 v)
{
    __asm__ volatile("movq %1, %%xmm0\n\t"
                     "movq %2, %%xmm1\n\t"
                     "punpcklqdq %%xmm1, %%xmm0\n\t"
                     "movdqu %%xmm0, (%0)"
                     :
                     : "r"(p), "r"(v.lo), "r"(v.hi)
                     : "xmm0", "xmm1", "memory");
}

tt_u128 tt_cas_u128(uint8_t *p, tt_u128 expected, tt_u128 desired)
{
    uint64_t lo = expected.lo, hi = expected.hi;
    __asm__ volatile("lock cmpxchg16b (%4)"
                     : "+a"(lo), "+d"(hi)
                     : "b"(desired.lo), "c"(desired.hi), "r"(p)
                     : "memory", "cc");
    tt_u128 old = {lo, hi};
    return old;
}

tt_u128 tt_load_locked_u128(uint8_t *p)
{
    uint64_t lo = 0, hi = 0;
    __asm__ volatile("lock cmpxchg16b (%4)"
                     : "+a"(lo), "+d"(hi)
                     : "b"(0ull), "c"(0ull), "r"(p)
                     : "memory", "cc");
    tt_u128 old = {lo, hi};
    return old;
}

int tt_have_cas128(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return 0;
    return (c & bit_CMPXCHG16B) != 0;
}

#else

uint64_t tt_cas_u16(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint16_t old = (uint16_t)expected;
    __atomic_compare_exchange_n(TT_AT(uint16_t, p), &old, (uint16_t)desired, 0,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return old;
}

uint64_t tt_cas_u32(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint32_t old = (uint32_t)expected;
    __atomic_compare_exchange_n(TT_AT(uint32_t, p), &old, (uint32_t)desired, 0,
                                __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return old;
}

uint64_t tt_cas_u64(uint8_t *p, uint64_t expected, uint64_t desired)
{
    uint64_t old = expected;
    __atomic_compare_exchange_n(TT_AT(uint64_t, p), &old, desired, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return old;
}

/* A fetch-add of 0 would do, but compilers may turn that idempotent update
 * into a fence and a plain load; a compare-and-swap stays one. */
uint64_t tt_load_locked_u16(uint8_t *p)
{
    uint16_t old = 0;
    __atomic_compare_exchange_n(TT_AT(uint16_t, p), &old, (uint16_t)0, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return old;
}

uint64_t tt_load_locked_u32(uint8_t *p)
{
    uint32_t old = 0;
    __atomic_compare_exchange_n(TT_AT(uint32_t, p), &old, 0u, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return old;
}

uint64_t tt_load_locked_u64(uint8_t *p)
{
    uint64_t old = 0;
    __atomic_compare_exchange_n(TT_AT(uint64_t, p), &old, (uint64_t)0, 0, __ATOMIC_SEQ_CST,
                                __ATOMIC_SEQ_CST);
    return old;
}

int tt_have_cas128(void)
{
    return 0;
}

#endif
