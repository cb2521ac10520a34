/* SPDX-License-Identifier: Apache-2.0 */
/* make check-models: each lane operation of src/lane/ run on the CPU's
 * instruction (intrin_*) and on its model's C form (cform_*,
 * tests/models_cform.c), the results compared.  The C form is the model's
 * contract written as a lane loop; WP proves the kernels from the
 * contracts, so a contract that says something else than the instruction
 * does is what this program exists to find.
 *
 * Exhaustive where the domain allows: every byte value in every lane
 * position of every store, at every place in two lines the store's width
 * allows; every place of a line for the line offset.  Edge values
 * otherwise: every lane the same edge byte (0x00, 0x01, 0x7f, 0x80, 0xfe,
 * 0xff) and alternating patterns; then a sweep of SWEEP random registers
 * at random aligned places from a fixed seed.  Every store writes into a
 * buffer poisoned afresh, and the whole buffer, its bytes around the
 * stored range included, is compared.  An operation whose instruction
 * this CPU lacks is skipped and said so (the check then proves less).
 *
 *   check_models [--sweep N]     exit 0: all agree; 1: a difference
 *                                 (printed with its inputs); 2: usage */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define OP(name) cform_##name
#define MODELS_DECLARE
#include "models_ops.h"
#undef OP
#undef MODELS_DECLARE

#define OP(name) intrin_##name
#include "models_ops.h"
#undef OP

static size_t sweep = 1000000;
static int have_avx2, have_avx512;

/* --- inputs ----------------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint64_t next(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545f4914f6cdd1du;
}

static void fill(void *p, size_t n)
{
    uint8_t *b = p;
    for (size_t k = 0; k < n; k += 8) {
        uint64_t r = next();
        memcpy(b + k, &r, n - k < 8 ? n - k : 8);
    }
}

/* --- reporting -------------------------------------------------------------- */

typedef struct tally {
    const char *name;
    uint64_t checks;
} tally;

static tally tallies[16];
static size_t ntallies;

static tally *op_tally(const char *name)
{
    for (size_t k = 0; k < ntallies; k++)
        if (strcmp(tallies[k].name, name) == 0)
            return &tallies[k];
    tallies[ntallies].name = name;
    return &tallies[ntallies++];
}

static void dump(const char *what, const void *p, size_t n)
{
    const uint8_t *b = p;
    fprintf(stderr, "  %s:", what);
    for (size_t k = 0; k < n; k++)
        fprintf(stderr, "%s%02x", k % 32 == 0 ? "\n    " : " ", b[k]);
    fprintf(stderr, "\n");
}

/* Compares the instruction's result with the model's; on a difference
 * prints both and the inputs, and stops. */
static void agree(const char *op, const void *got, const void *want, size_t n, const void *in,
                  size_t in_n, const char *note)
{
    op_tally(op)->checks++;
    if (memcmp(got, want, n) == 0)
        return;
    const uint8_t *g = got, *w = want;
    size_t at = 0;
    while (g[at] == w[at])
        at++;
    fprintf(stderr, "check-models: %s: the instruction and the model differ at byte %zu%s%s\n",
            op, at, note ? " " : "", note ? note : "");
    dump("instruction", got, n);
    dump("model", want, n);
    if (in != NULL)
        dump("input", in, in_n);
    exit(1);
}

/* --- per operation ---------------------------------------------------------- */

/* No input: each register is compared whole, over a poisoned buffer. */
static void check_setzero(void)
{
    uint8_t a[64], b[64];
    for (int poison = 0; poison < 256; poison++) {
        memset(a, poison, sizeof a), memset(b, poison, sizeof b);
        intrin_v128_setzero_u8(a), cform_v128_setzero_u8(b);
        agree("v128_setzero_u8", a, b, sizeof a, NULL, 0, NULL);
        if (have_avx2) {
            memset(a, poison, sizeof a), memset(b, poison, sizeof b);
            intrin_v256_setzero_u8(a), cform_v256_setzero_u8(b);
            agree("v256_setzero_u8", a, b, sizeof a, NULL, 0, NULL);
        }
        if (have_avx512) {
            memset(a, poison, sizeof a), memset(b, poison, sizeof b);
            intrin_v512_setzero_u8(a), cform_v512_setzero_u8(b);
            agree("v512_setzero_u8", a, b, sizeof a, NULL, 0, NULL);
        }
    }
}

/* A store into a buffer poisoned afresh, by the instruction and by the
 * model; the whole buffers compared. */
#define STORE_BUF 256
typedef void (*store_fn)(uint8_t *, size_t, const uint8_t *);

static void store_pair(const char *op, store_fn in, store_fn model, size_t o, const uint8_t *reg,
                       size_t width)
{
    static _Alignas(64) uint8_t x[STORE_BUF], y[STORE_BUF];
    uint8_t poison = (uint8_t)next();
    memset(x, poison, sizeof x), memset(y, poison, sizeof y);
    in(x, o, reg), model(y, o, reg);
    char note[32];
    snprintf(note, sizeof note, "(store at offset %zu)", o);
    agree(op, x, y, sizeof x, reg, width, note);
}

static const uint8_t EDGE8[] = {0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff};
#define NEDGE8 (sizeof EDGE8 / sizeof EDGE8[0])

/* The streams: every byte value in every lane (the other lanes random) at
 * every aligned place of two lines; every lane one edge value, and two
 * alternating, at every place; then random registers at random places. */
static void check_streams(void)
{
    static const struct {
        const char *name;
        store_fn in, model;
        size_t width;
        int level;
    } ops[] = {
        {"v128_stream_u8", intrin_v128_stream_u8, cform_v128_stream_u8, 16, 0},
        {"v256_stream_u8", intrin_v256_stream_u8, cform_v256_stream_u8, 32, 1},
        {"v512_stream_u8", intrin_v512_stream_u8, cform_v512_stream_u8, 64, 2},
    };
    uint8_t reg[64];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if ((ops[k].level == 1 && !have_avx2) || (ops[k].level == 2 && !have_avx512))
            continue;
        size_t w = ops[k].width, places = 128 / w;
        for (size_t n = 0; n < w * 256; n++)
            for (size_t at = 0; at < places; at++) {
                fill(reg, w);
                reg[n / 256] = (uint8_t)n;
                store_pair(ops[k].name, ops[k].in, ops[k].model, w * at, reg, w);
            }
        for (size_t e = 0; e < NEDGE8 * NEDGE8; e++)
            for (size_t at = 0; at < places; at++) {
                for (size_t t = 0; t < w; t++)
                    reg[t] = EDGE8[t % 2 == 0 ? e % NEDGE8 : e / NEDGE8];
                store_pair(ops[k].name, ops[k].in, ops[k].model, w * at, reg, w);
            }
        for (size_t n = 0; n < sweep; n++) {
            fill(reg, w);
            store_pair(ops[k].name, ops[k].in, ops[k].model, w * (size_t)(next() % places), reg,
                       w);
        }
    }
}

/* The line offset: the address modulo 64 at every place of two lines, and
 * both forms alike; and the fence. */
static void check_line_offsets(void)
{
    static _Alignas(64) uint8_t buf[256];
    for (size_t o = 0; o < 128; o++) {
        size_t got = intrin_lane_line_offset_u8(buf + o), want = o % 64;
        size_t model = cform_lane_line_offset_u8(buf + o);
        agree("lane_line_offset_u8", &got, &want, sizeof got, &o, sizeof o, "(address % 64)");
        agree("lane_line_offset_u8", &got, &model, sizeof got, &o, sizeof o, NULL);
    }
    intrin_lane_sfence(), cform_lane_sfence();
    op_tally("lane_sfence")->checks++;
}

int main(int argc, char **argv)
{
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--sweep") == 0 && k + 1 < argc) {
            sweep = (size_t)strtoull(argv[++k], NULL, 10);
        } else {
            fprintf(stderr, "usage: check_models [--sweep N]\n");
            return 2;
        }
    }
    __builtin_cpu_init();
    have_avx2 = __builtin_cpu_supports("avx2");
    have_avx512 = __builtin_cpu_supports("avx512f");
    clock_t t0 = clock();
    check_setzero();
    check_streams();
    check_line_offsets();
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    uint64_t total = 0;
    for (size_t k = 0; k < ntallies; k++) {
        printf("check-models: %-28s %10" PRIu64 " checks\n", tallies[k].name, tallies[k].checks);
        total += tallies[k].checks;
    }
    if (!have_avx2 || !have_avx512)
        printf("check-models: this CPU lacks %s: those operations were not checked\n",
               have_avx2 ? "AVX-512F" : "AVX2 and AVX-512F");
    printf("check-models: %zu operations, %" PRIu64 " checks, all agree (%.1f s CPU, sweep %zu)\n",
           ntallies, total, secs, sweep);
    return 0;
}
