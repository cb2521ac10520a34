/* SPDX-License-Identifier: Apache-2.0 */
/* Instructions per call of the UTF-8 entry points on short strings,
 * counted exactly under callgrind and natively (x86-64 Linux;
 * docs/performance.md, "Short strings, instruction by instruction").
 *
 *   icount_utf8 [FILTER]
 *
 * For each class of bench/utf8_text.h and each length of 16, 32 and 64
 * units, a pool of STRINGS distinct strings (the same generator as
 * bench/bench_utf8.c, one seed) is converted once, one call per string,
 * between CALLGRIND_ZERO_STATS and
 * CALLGRIND_DUMP_STATS_AT("<op>/<variant>/<class>/<units> x<calls>"): so
 * every callgrind dump holds one measurement, and bench/utf8_icount.py
 * divides it by the calls and splits it by function (built with -g: by
 * source line).  Variants: lepack (the best level, which under valgrind is
 * AVX2: valgrind runs no AVX-512), lepack_scalar (the vector kernels off),
 * lepack_exact (decode into exactly the string's units) and, when built
 * with -DLEPACK_BENCH_SIMDUTF, simdutf's validating converters.  A pass
 * before each measurement, uncounted, makes the first-call costs (the CPU
 * asked, simdutf's implementation chosen, symbols bound) fall outside it.
 * Outside valgrind the requests are no-ops: every output is then compared
 * with lepack's, which makes this a test of the driver (FILTER, if given,
 * keeps the measurements whose name contains it).
 *
 *   icount_utf8 --step FILE [FILTER]
 *
 * counts the same calls natively, one instruction at a time (below), at
 * the best level of this CPU, for the five text classes (the alternating
 * ones are counted under callgrind only) and without lepack_scalar (the
 * same code at every level). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <valgrind/callgrind.h>
#ifdef LEPACK_BENCH_SIMDUTF
#include "simdutf_c.h"
#endif

#include "utf8.h"
#include "utf8_text.h"
#include "utf8_vec.h"

enum { STRINGS = 256, MAXN = 64 };
static const size_t lengths[] = {16, 32, 64};

typedef struct pool {
    size_t n;
    uint16_t str[STRINGS][MAXN];
    uint8_t utf8[STRINGS][3 * MAXN];
    size_t utf8_len[STRINGS];
} pool;

static pool the_pool;
static uint8_t out8[3 * MAXN];
static uint16_t out16[3 * MAXN];
static volatile size_t sink;

enum { ENCODE, DECODE };

typedef struct variant {
    const char *name;
    int op;
    int level;  /* lepack's level, or -1 */
    int exact;  /* decode into exactly the string's units */
    int simdutf;
} variant;

static const variant variants[] = {
    {"lepack", ENCODE, -1, 0, 0},
    {"lepack_scalar", ENCODE, LEPACK_VEC_NONE, 0, 0},
#ifdef LEPACK_BENCH_SIMDUTF
    {"simdutf", ENCODE, -1, 0, 1},
#endif
    {"lepack", DECODE, -1, 0, 0},
    {"lepack_exact", DECODE, -1, 1, 0},
    {"lepack_scalar", DECODE, LEPACK_VEC_NONE, 0, 0},
#ifdef LEPACK_BENCH_SIMDUTF
    {"simdutf", DECODE, -1, 0, 1},
#endif
};

/* One call: the bytes (encode) or units (decode) written, or -1. */
static size_t call(const variant *v, const pool *p, size_t k)
{
    size_t w = 0;
#ifdef LEPACK_BENCH_SIMDUTF
    if (v->simdutf) {
        if (v->op == ENCODE)
            w = simdutf_convert_utf16le_to_utf8((const char16_t *)(const void *)p->str[k], p->n,
                                                (char *)out8);
        else
            w = simdutf_convert_utf8_to_utf16le((const char *)p->utf8[k], p->utf8_len[k],
                                                (char16_t *)(void *)out16);
        return w == 0 ? (size_t)-1 : w;
    }
#endif
    if (v->op == ENCODE)
        return lepack_utf8_encode(p->str[k], p->n, out8, sizeof out8, &w) == LEPACK_OK ? w
                                                                                      : (size_t)-1;
    return lepack_utf8_decode(p->utf8[k], p->utf8_len[k], out16, v->exact ? p->n : sizeof out16 / 2,
                              &w) == LEPACK_OK
               ? w
               : (size_t)-1;
}

static size_t run(const variant *v, const pool *p)
{
    size_t total = 0;
    for (size_t k = 0; k < STRINGS; k++)
        total += call(v, p, k);
    return total;
}

/* ---- single steps ----------------------------------------------------------
 * With --step, each measurement runs natively with the trap flag set: the
 * CPU stops after every instruction and the handler counts the address,
 * so the counts are as exact as callgrind's and come from the level this
 * CPU runs (AVX-512 where it has it, which valgrind cannot run).  An
 * address in the executable is written less its load bias (addr2line's
 * address, PIE or not), which bench/utf8_icount.py names; one in a shared
 * library (libc's memcpy) as "- LIBRARY SYMBOL", "?" for a symbol that
 * the library does not export. */

enum { SLOTS = 1 << 16 };
static uintptr_t step_pc[SLOTS];
static unsigned long step_n[SLOTS];
static volatile sig_atomic_t step_lost;

static void on_step(int sig, siginfo_t *si, void *ctx)
{
    uintptr_t pc = (uintptr_t)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
    size_t h = (size_t)(pc * 0x9E3779B97F4A7C15u >> 48) & (SLOTS - 1);
    (void)sig, (void)si;
    for (size_t probe = 0; probe < SLOTS; probe++, h = (h + 1) & (SLOTS - 1))
        if (step_pc[h] == pc || step_pc[h] == 0) {
            step_pc[h] = pc;
            step_n[h]++;
            return;
        }
    step_lost = 1;
}

/* The trap flag (bit 8 of RFLAGS) on and off; below the red zone, since
 * pushf writes under the stack pointer. */
static inline void steps_on(void)
{
    __asm__ volatile("lea -128(%%rsp), %%rsp\n\tpushfq\n\torq $0x100, (%%rsp)\n\tpopfq\n\t"
                     "lea 128(%%rsp), %%rsp" ::: "memory", "cc");
}

static inline void steps_off(void)
{
    __asm__ volatile("lea -128(%%rsp), %%rsp\n\tpushfq\n\tandq $-257, (%%rsp)\n\tpopfq\n\t"
                     "lea 128(%%rsp), %%rsp" ::: "memory", "cc");
}

/* The executable's load bias: the first object dl_iterate_phdr reports
 * is the program itself. */
static int first_bias(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    *(uintptr_t *)data = (uintptr_t)info->dlpi_addr;
    return 1;
}

static size_t stepped(const variant *v, const pool *p, FILE *out, const char *name)
{
    static uintptr_t bias;
    static void *exe;
    if (exe == NULL) {
        Dl_info me;
        if (dladdr((void *)&the_pool, &me) == 0) {
            fprintf(stderr, "icount_utf8: dladdr does not know the executable\n");
            exit(2);
        }
        exe = me.dli_fbase;
        dl_iterate_phdr(first_bias, &bias);
    }
    memset(step_pc, 0, sizeof step_pc);
    memset(step_n, 0, sizeof step_n);
    steps_on();
    size_t total = run(v, p);
    steps_off();
    fprintf(out, "measure %s\n", name);
    for (size_t h = 0; h < SLOTS; h++) {
        Dl_info in;
        if (step_pc[h] == 0)
            continue;
        if (dladdr((void *)step_pc[h], &in) != 0 && in.dli_fbase != exe) {
            const char *lib = in.dli_fname != NULL ? strrchr(in.dli_fname, '/') : NULL;
            fprintf(out, "- %s %s %lu\n", lib != NULL ? lib + 1 : "?",
                    in.dli_sname != NULL ? in.dli_sname : "?", step_n[h]);
        } else
            fprintf(out, "%zx %lu\n", (size_t)(step_pc[h] - bias), step_n[h]);
    }
    return total;
}

/* Outside valgrind: the output of string k is lepack's. */
static int same(const variant *v, const pool *p, size_t k)
{
    size_t w = call(v, p, k);
    if (v->op == ENCODE)
        return w == p->utf8_len[k] && memcmp(out8, p->utf8[k], w) == 0;
    return w == p->n && memcmp(out16, p->str[k], w * 2) == 0;
}

int main(int argc, char **argv)
{
    FILE *step = NULL;
    if (argc > 2 && strcmp(argv[1], "--step") == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_step;
        sa.sa_flags = SA_SIGINFO;
        if ((step = fopen(argv[2], "w")) == NULL || sigaction(SIGTRAP, &sa, NULL) != 0) {
            perror(argv[2]);
            return 2;
        }
        fprintf(step, "level %d\n", lepack_vec_select(-1));
        argc -= 2;
        argv += 2;
    }
    const char *filter = argc > 1 ? argv[1] : "";
    int under = (int)RUNNING_ON_VALGRIND;
    char name[128];
    for (int c = 0; c < (step ? TEXT_ALT2_1 : TEXT_NCLASSES); c++)
        for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
            pool *p = &the_pool;
            text_rng r;
            text_seed(&r, 20261201, (unsigned)c, (unsigned)lengths[li], 0);
            p->n = lengths[li];
            for (size_t k = 0; k < STRINGS; k++) {
                text_make(&r, c, p->str[k], p->n);
                if (lepack_utf8_encode(p->str[k], p->n, p->utf8[k], sizeof p->utf8[k],
                                       &p->utf8_len[k]) != LEPACK_OK)
                    return 2;
            }
            for (size_t vi = 0; vi < sizeof variants / sizeof variants[0]; vi++) {
                const variant *v = &variants[vi];
                snprintf(name, sizeof name, "%s/%s/%s/%zu x%d", v->op == ENCODE ? "encode" : "decode",
                         v->name, text_class_name[c], p->n, STRINGS);
                if (!strstr(name, filter) || (step && v->level == LEPACK_VEC_NONE))
                    continue;
                lepack_vec_select(v->level);
                sink += run(v, p); /* uncounted */
                if (under) {
                    CALLGRIND_ZERO_STATS;
                    sink += run(v, p);
                    CALLGRIND_DUMP_STATS_AT(name);
                } else if (step) {
                    sink += stepped(v, p, step, name);
                } else {
                    for (size_t k = 0; k < STRINGS; k++)
                        if (!same(v, p, k)) {
                            fprintf(stderr, "icount_utf8: %s differs from lepack on string %zu\n",
                                    name, k);
                            return 1;
                        }
                }
            }
        }
    lepack_vec_select(-1);
    if (step && (fclose(step) != 0 || step_lost)) {
        fprintf(stderr, "icount_utf8: the step counts are incomplete\n");
        return 1;
    }
    return 0;
}
