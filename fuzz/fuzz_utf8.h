/* SPDX-License-Identifier: Apache-2.0 */
/* Shared by the UTF-8 harnesses: the vector levels to run, exact-size
 * buffers, and the ICU oracle.
 *
 * Every harness runs lepack once per vector level the CPU has (scalar
 * only, SSE2, AVX2, AVX-512: utf8_vec.h), so each kernel is compared with
 * the proven scalar path and with the references on every input.
 *
 * ICU is the second, independent oracle (ICU 72, libicuuc).  Where ICU and
 * the JDK differ, the JDK is the contract and the harness says which inputs
 * it leaves out of the ICU comparison.  MemorySanitizer builds leave ICU out
 * altogether: ICU is not instrumented, and MSan would report every byte it
 * writes as uninitialised. */
#ifndef LEPACK_FUZZ_UTF8_H
#define LEPACK_FUZZ_UTF8_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "utf8_vec.h"

#include "fuzz_check.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define FZ_NO_ICU 1
#endif
#endif

#ifndef FZ_NO_ICU
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#endif

/* A heap block of exactly n bytes (at least one), filled with `fill`, so
 * that ASan catches a write one past the end and a changed byte shows. */
static inline void *fz_block(size_t n, uint8_t fill)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL)
        abort();
    memset(p, fill, n > 0 ? n : 1);
    return p;
}

/* Whether p[0 .. n) all hold `fill`: the first byte, then each byte
 * against the next through libc's memcmp, which is several times faster
 * than an instrumented byte loop over the long bodies utf8_modified
 * builds. */
static inline int fz_all_bytes(const void *p, size_t n, uint8_t fill)
{
    const uint8_t *b = p;
    if (n == 0)
        return 1;
    return b[0] == fill && (n == 1 || memcmp(b, b + 1, n - 1) == 0);
}

/* An exact-size block without a malloc per call: slot k is one heap
 * arena, grown when a request is larger and kept across inputs, whose
 * bytes past n are poisoned under AddressSanitizer, so a write one past
 * the end is caught as with fz_block.  What it gives up is catching a use
 * after free of an earlier block of the same slot (the library keeps no
 * pointer to a caller's buffer).  Why not fz_block everywhere: ASan holds
 * every freed block in its quarantine (256 MB by default), so a harness
 * that frees a few 200 KB blocks per input runs at that resident size and
 * spends its time in mmap and page faults.  The block of a slot is valid
 * until the next call for that slot. */
#define FZ_ARENA_SLOTS 4

static inline void *fz_arena(unsigned slot, size_t n, uint8_t fill)
{
    static uint8_t *base[FZ_ARENA_SLOTS];
    static size_t cap[FZ_ARENA_SLOTS];
    size_t need = n > 0 ? n : 1;
    if (slot >= FZ_ARENA_SLOTS)
        abort();
    if (need > cap[slot]) {
        size_t grown = need < 4096 ? 4096 : need;
        if (base[slot] != NULL)
            FZ_UNPOISON(base[slot], cap[slot]);
        free(base[slot]);
        base[slot] = malloc(grown);
        if (base[slot] == NULL)
            abort();
        cap[slot] = grown;
    }
    FZ_UNPOISON(base[slot], need);
    memset(base[slot], fill, need);
    FZ_POISON(base[slot] + need, cap[slot] - need);
    return base[slot];
}

/* Chunk sizes for the streaming calls, drawn from the input itself so that
 * a crash replays: mostly 0..7 units or bytes (every way to cut a sequence
 * or a pair), sometimes up to 263 (whole vector blocks). */
static inline uint32_t fz_chunk_seed(size_t size, uint8_t salt)
{
    return (uint32_t)(((uint64_t)size * 2654435761u) & 0xFFFFFFFFu) ^ salt;
}

static inline size_t fz_chunk(uint32_t *state)
{
    /* In 64 bits and masked: the integer sanitizer build reports a 32-bit
     * wrap, even an unsigned one. */
    *state = (uint32_t)(((uint64_t)*state * 1103515245u + 12345u) & 0xFFFFFFFFu);
    uint32_t r = *state >> 16;
    return (r & 3) == 0 ? (size_t)(r >> 2 & 255) + 8 : (size_t)(r >> 2 & 7);
}

/* The vector levels to compare, scalar first, up to the best the CPU has. */
static inline int fz_best_level(void)
{
    return lepack_vec_select(-1);
}

#ifndef FZ_NO_ICU
/* ICU's String.getBytes(UTF_8): u_strToUTF8WithSub with '?' for an unpaired
 * surrogate, which is what the JDK writes.  Returns the length; the bytes
 * go to dst when cap allows. */
static inline int32_t fz_icu_encode(const uint16_t *s, size_t n, uint8_t *dst, int32_t cap,
                                    int *ok)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, subs = 0;
    u_strToUTF8WithSub((char *)dst, cap, &len, (const UChar *)s, (int32_t)n, 0x3F, &subs, &err);
    *ok = U_SUCCESS(err) || err == U_BUFFER_OVERFLOW_ERROR;
    return len;
}

/* ICU's decoding with U+FFFD for each maximal ill-formed subsequence;
 * *subs counts them. */
static inline int32_t fz_icu_decode(const uint8_t *src, size_t len, uint16_t *dst, int32_t cap,
                                    int32_t *subs, int *ok)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = 0;
    *subs = 0;
    u_strFromUTF8WithSub((UChar *)dst, cap, &n, (const char *)src, (int32_t)len, 0xFFFD, subs,
                         &err);
    *ok = U_SUCCESS(err) || err == U_BUFFER_OVERFLOW_ERROR;
    return n;
}
#endif

#endif
