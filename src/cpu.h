/* SPDX-License-Identifier: Apache-2.0 */
/* CPU dispatch (internal, not installed API): what the CPU can run and what
 * its caches hold, read once, and one table of kernels per family.
 *
 * Every vector kernel of lepack is chosen here, so that the CPU is asked
 * once and a test can force one level for every family.  A family is a
 * struct of function pointers (and the sizes that decide when they pay),
 * filled at the first use from the level; the zeroing family's table is
 * here, the items family's kernels are chosen in src/items_x86.c by the
 * level this module keeps, and the UTF-8 kernels read the feature bits
 * from here.
 *
 * -DLEPACK_PORTABLE: no intrinsics anywhere; every family is its scalar
 * (memset) form and the level is LEPACK_CPU_NONE. */
#ifndef LEPACK_CPU_H
#define LEPACK_CPU_H

#include <stddef.h>
#include <stdint.h>

/* Feature bits, as the hardware reports them (also under LEPACK_PORTABLE:
 * the bits describe the CPU, the level decides what runs). */
enum {
    LEPACK_CPU_SSE2 = 1u << 0,
    LEPACK_CPU_AVX2 = 1u << 1,
    LEPACK_CPU_BMI2 = 1u << 2,
    LEPACK_CPU_POPCNT = 1u << 3,
    LEPACK_CPU_AVX512F = 1u << 4,
    LEPACK_CPU_AVX512BW = 1u << 5,
    LEPACK_CPU_AVX512VL = 1u << 6,
    LEPACK_CPU_AVX512VBMI2 = 1u << 7,
    LEPACK_CPU_AVX512VBMI = 1u << 8
};

/* The feature bits of this CPU, asked once (0 off x86-64). */
unsigned lepack_cpu_features(void);

/* Kernel levels, in the order of lepack_vec_select's (utf8_vec.h). */
enum {
    LEPACK_CPU_NONE = 0, /* scalar code and libc only */
    LEPACK_CPU_LEVEL_SSE2 = 1,
    LEPACK_CPU_LEVEL_AVX2 = 2,
    LEPACK_CPU_LEVEL_AVX512 = 3
};

/* The best level this CPU (and this build) allows for plain stores. */
int lepack_cpu_best_level(void);

/* Bytes of the last-level cache as the system reports it, read once
 * (sysconf, else /sys; 0 when neither knows). */
size_t lepack_cpu_llc_bytes(void);

/* ---- the zeroing family -------------------------------------------------- */

/* Zeroes p[0 .. n) with stores that bypass the caches, ordinary stores for
 * the unaligned head and tail, and ends with the fence the non-temporal
 * stores need, so that the zeroes are ordered before whatever the caller
 * does next (a poll that reports them). */
typedef void (*lepack_zero_kernel)(uint8_t *p, size_t n);

typedef struct lepack_zero_family {
    lepack_zero_kernel stream; /* NULL: memset only */
    size_t stream_min;         /* ranges of this many bytes and more stream */
    int level;                 /* the level the kernel was chosen for */
} lepack_zero_family;

/* The zeroing family for this CPU, filled at the first call. */
const lepack_zero_family *lepack_cpu_zero(void);

/* For the tests, fuzzers and benchmarks: use `level` (capped at the best;
 * negative: the best) and stream from `stream_min` bytes on (0: the
 * default from the cache size).  Returns the level now in use.  Not thread
 * safe against zeroing running at the same time. */
int lepack_cpu_zero_select(int level, size_t stream_min);

/* The default stream_min: ranges this large only evict the cache when
 * written through it (src/cpu.c says how it is chosen). */
size_t lepack_cpu_zero_stream_default(void);

/* ---- the items family (src/items.h) ----------------------------------------- */

/* The level the batch functions' vector paths use: the best at the first
 * call, or what lepack_cpu_items_select chose.  src/items_x86.c runs the
 * kernels of the level.  Trusted (proofs/README.md): the first call writes
 * the level this module keeps, which no proven code reads. */
/*@ assigns \nothing;
    exits \false;
    ensures LEPACK_CPU_NONE <= \result <= LEPACK_CPU_LEVEL_AVX512; */
int lepack_cpu_items_level(void);

/* For the tests, fuzzers and benchmarks: use `level` (capped at the best;
 * negative: the best).  Returns the level now in use.  A batch call running
 * at the same time reads the level once: it uses the old row or the new. */
int lepack_cpu_items_select(int level);

#endif
