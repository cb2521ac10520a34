/* SPDX-License-Identifier: Apache-2.0 */
/* CPU dispatch (src/cpu.h): the CPU's features and cache size, asked once,
 * and the kernel table of each family. */
#define _POSIX_C_SOURCE 200809L

#include "cpu.h"
#include "cpu_level.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "zero_nt.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__FRAMAC__)
#define LEPACK_CPU_X86 1
#else
#define LEPACK_CPU_X86 0
#endif

#if LEPACK_CPU_X86 && !defined(LEPACK_PORTABLE)
#define LEPACK_CPU_KERNELS 1
#else
#define LEPACK_CPU_KERNELS 0
#endif

/* Each value is stored plus one (or with a set "known" bit), so that 0
 * means "not asked yet"; two threads that race compute the same answer. */
#define KNOWN (1u << 31)

static unsigned features_known;

static unsigned ask_features(void)
{
    unsigned f = 0;
#if LEPACK_CPU_X86
    __builtin_cpu_init();
    f |= LEPACK_CPU_SSE2; /* the x86-64 baseline */
    if (__builtin_cpu_supports("avx2"))
        f |= LEPACK_CPU_AVX2;
    if (__builtin_cpu_supports("bmi2"))
        f |= LEPACK_CPU_BMI2;
    if (__builtin_cpu_supports("popcnt"))
        f |= LEPACK_CPU_POPCNT;
    if (__builtin_cpu_supports("avx512f"))
        f |= LEPACK_CPU_AVX512F;
    if (__builtin_cpu_supports("avx512bw"))
        f |= LEPACK_CPU_AVX512BW;
    if (__builtin_cpu_supports("avx512vl"))
        f |= LEPACK_CPU_AVX512VL;
    if (__builtin_cpu_supports("avx512vbmi2"))
        f |= LEPACK_CPU_AVX512VBMI2;
    if (__builtin_cpu_supports("avx512vbmi"))
        f |= LEPACK_CPU_AVX512VBMI;
#endif
    return f;
}

unsigned lepack_cpu_features(void)
{
    unsigned f = __atomic_load_n(&features_known, __ATOMIC_RELAXED);
    if (f == 0) {
        f = ask_features() | KNOWN;
        __atomic_store_n(&features_known, f, __ATOMIC_RELAXED);
    }
    return f & ~KNOWN;
}

int lepack_cpu_best_level(void)
{
#if LEPACK_CPU_KERNELS
    unsigned f = lepack_cpu_features();
    if (f & LEPACK_CPU_AVX512F)
        return LEPACK_CPU_LEVEL_AVX512;
    if (f & LEPACK_CPU_AVX2)
        return LEPACK_CPU_LEVEL_AVX2;
    return LEPACK_CPU_LEVEL_SSE2;
#else
    return LEPACK_CPU_NONE;
#endif
}

/* ---- cache size ------------------------------------------------------------ */

static size_t llc_plus_one;

/* "32768K" and the like, as /sys writes a cache's size. */
static size_t read_sys_size(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0;
    unsigned long long v = 0;
    char unit = 0;
    int got = fscanf(f, "%llu%c", &v, &unit);
    fclose(f);
    if (got < 1 || v > (unsigned long long)(SIZE_MAX >> 20))
        return 0;
    if (unit == 'K')
        v <<= 10;
    else if (unit == 'M')
        v <<= 20;
    return (size_t)v;
}

static size_t ask_llc(void)
{
    long v = -1;
#ifdef _SC_LEVEL3_CACHE_SIZE
    v = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (v <= 0)
        v = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    if (v > 0)
        return (size_t)v;
    size_t s = read_sys_size("/sys/devices/system/cpu/cpu0/cache/index3/size");
    if (s == 0)
        s = read_sys_size("/sys/devices/system/cpu/cpu0/cache/index2/size");
    return s;
}

size_t lepack_cpu_llc_bytes(void)
{
    size_t v = __atomic_load_n(&llc_plus_one, __ATOMIC_RELAXED);
    if (v == 0) {
        v = ask_llc() + 1;
        __atomic_store_n(&llc_plus_one, v, __ATOMIC_RELAXED);
    }
    return v - 1;
}

/* ---- the zeroing family ----------------------------------------------------- */

/* See lepack_cpu_zero_stream_default. */
#define STREAM_MIN_FLOOR ((size_t)4 << 20)
#define STREAM_MIN_CAP ((size_t)32 << 20)

size_t lepack_cpu_zero_stream_default(void)
{
    /* A range streams when it is at least as large as the last-level cache
     * the system reports: written through the cache, its zeroes would only
     * evict what is there, and each line is read for ownership first.  The
     * report is capped at 32 MiB: on the reference machine (`make
     * bench-zero`, docs/performance.md, "the threshold") 1 MiB non-temporal
     * chunks match one memset from 24-32 MiB of touched memory on and memset
     * chunks fall behind from there, while the system reports 508 MiB, the
     * whole socket's L3 as a virtual machine sees it, not the 32 MiB one
     * core's complex holds.  The floor keeps a report of a small cache (or
     * of an L2 when no L3 is reported) from sending ranges that a core's
     * caches still hold to memory.  Unknown: the cap. */
    size_t llc = lepack_cpu_llc_bytes();
    if (llc == 0 || llc > STREAM_MIN_CAP)
        return STREAM_MIN_CAP;
    return llc < STREAM_MIN_FLOOR ? STREAM_MIN_FLOOR : llc;
}

static lepack_zero_family zero_family;
static int zero_family_ready;

static void fill_zero_family(int level, size_t stream_min)
{
    lepack_zero_family z = {NULL, SIZE_MAX, LEPACK_CPU_NONE};
#if LEPACK_CPU_KERNELS
    z.level = level;
    z.stream_min = stream_min != 0 ? stream_min : lepack_cpu_zero_stream_default();
    switch (level) {
    case LEPACK_CPU_LEVEL_AVX512:
        z.stream = lepack_kern_zero_stream_avx512;
        break;
    case LEPACK_CPU_LEVEL_AVX2:
        z.stream = lepack_kern_zero_stream_avx2;
        break;
    case LEPACK_CPU_LEVEL_SSE2:
        z.stream = lepack_kern_zero_stream_sse2;
        break;
    default:
        z.stream_min = SIZE_MAX;
        break;
    }
#else
    (void)level;
    (void)stream_min;
#endif
    zero_family = z;
    __atomic_store_n(&zero_family_ready, 1, __ATOMIC_RELEASE);
}

const lepack_zero_family *lepack_cpu_zero(void)
{
    if (__atomic_load_n(&zero_family_ready, __ATOMIC_ACQUIRE) == 0)
        fill_zero_family(lepack_cpu_best_level(), 0);
    return &zero_family;
}

int lepack_cpu_zero_select(int level, size_t stream_min)
{
    fill_zero_family(lepack_cpu_cap_level(level, lepack_cpu_best_level()), stream_min);
    return zero_family.level;
}

/* ---- the items family ------------------------------------------------------- */

static int items_slot;

int lepack_cpu_items_level(void)
{
    return lepack_cpu_slot_level(&items_slot, lepack_cpu_best_level);
}

int lepack_cpu_items_select(int level)
{
    return lepack_cpu_slot_select(&items_slot, level, lepack_cpu_best_level());
}
