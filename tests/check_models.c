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
 * allows; every place of a line for the line offset; every unit value in
 * every lane for the tests of 16-bit lanes and the encoder's stores, and
 * every arrangement of widths (1, 2, 3 bytes) of the 8 lanes of the
 * UTF-8 store of the Basic Multilingual Plane, at every place of a line;
 * every unit value in every lane of modified UTF-8's 32-lane block, with
 * every count of lanes.
 * Edge values otherwise: every lane the same edge byte (0x00, 0x01, 0x7f,
 * 0x80, 0xfe, 0xff) or unit and alternating patterns; then a sweep of
 * SWEEP random registers at random aligned places from a fixed seed.
 * Every store writes into a buffer poisoned afresh, and the whole buffer,
 * its bytes around the stored range included, is compared; but for the
 * 12 bytes after the UTF-8 store's counted bytes (64 after modified
 * UTF-8's, with room), which its instruction may write with anything (its
 * contract says so): those are left out, and
 * every byte outside them and the counted ones must still be the poison.
 * An operation whose instruction this CPU lacks is skipped and said so
 * (the check then proves less).
 *
 *   check_models [--sweep N]     exit 0: all agree; 1: a difference
 *                                 (printed with its inputs); 2: usage */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define OP(name) cform_##name
#define MODELS_DECLARE
#include "models_ops.h"
#undef OP
#undef MODELS_DECLARE

#define OP(name) intrin_##name
#include "models_ops.h"
#undef OP

static size_t sweep = 1000000;
static int have_avx2, have_avx512, have_avx512bw, have_vbmi2;

/* Whether this CPU runs the operations of a level of the tables below: 0
 * SSE2, 1 AVX2, 2 AVX-512F, 3 AVX-512BW and VL with BMI and BMI2. */
static int cpu_has(int level)
{
    return level == 0 || (level == 1 && have_avx2) || (level == 2 && have_avx512) ||
           (level == 3 && have_avx512bw);
}

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

static tally tallies[128];
static size_t ntallies;

static tally *op_tally(const char *name)
{
    for (size_t k = 0; k < ntallies; k++)
        if (strcmp(tallies[k].name, name) == 0)
            return &tallies[k];
    if (ntallies == sizeof tallies / sizeof tallies[0]) {
        fprintf(stderr, "check-models: more operations than tallies (%zu)\n", ntallies);
        exit(2);
    }
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
        if (!cpu_has(ops[k].level))
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

/* --- loads ------------------------------------------------------------------ */

typedef void (*load_fn)(uint8_t *, const uint8_t *, size_t);

/* The instruction's register and the model's, from the same bytes, over
 * poisoned registers. */
static void load_pair(const char *op, load_fn in, load_fn model, const uint8_t *s, size_t i,
                      size_t width)
{
    uint8_t x[64], y[64];
    memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
    in(x, s, i), model(y, s, i);
    char note[32];
    snprintf(note, sizeof note, "(load at offset %zu)", i);
    agree(op, x, y, width, s + i, width, note);
}

/* Every byte value in every lane at every place of two lines; then random
 * bytes at random places. */
static void check_loads(void)
{
    static const struct {
        const char *name;
        load_fn in, model;
        size_t width;
        int level;
    } ops[] = {
        {"v128_load_u8", intrin_v128_load_u8, cform_v128_load_u8, 16, 0},
        {"v256_load_u8", intrin_v256_load_u8, cform_v256_load_u8, 32, 1},
        {"v512_load_u8", intrin_v512_load_u8, cform_v512_load_u8, 64, 2},
    };
    static _Alignas(64) uint8_t src[256];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (!cpu_has(ops[k].level))
            continue;
        size_t w = ops[k].width;
        for (size_t n = 0; n < w * 256; n++)
            for (size_t at = 0; at < 128; at++) {
                fill(src, sizeof src);
                src[at + n / 256] = (uint8_t)n;
                load_pair(ops[k].name, ops[k].in, ops[k].model, src, at, w);
            }
        for (size_t n = 0; n < sweep; n++) {
            fill(src, sizeof src);
            load_pair(ops[k].name, ops[k].in, ops[k].model, src, (size_t)(next() % 128), w);
        }
    }
}

/* A page of 0x3C bytes followed by one that faults on any access: a
 * masked load whose last lane is the page's last byte reads past it only
 * if it reads a lane it should not. */
static uint8_t *guarded_page(size_t *page)
{
    *page = (size_t)sysconf(_SC_PAGESIZE);
    uint8_t *two = mmap(NULL, 2 * *page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                        -1, 0);
    if (two == MAP_FAILED || mprotect(two + *page, *page, PROT_NONE) != 0) {
        perror("check-models: the guard page");
        exit(1);
    }
    memset(two, 0x3c, *page);
    return two;
}

/* The masked load: every count of lanes at every place of two lines, over
 * random bytes and over 0xFF (where a zeroed lane shows); each count with
 * its last byte the last of a page whose next page faults (a lane read
 * past the count would stop the program); then random. */
static void check_load_first(void)
{
    if (!have_avx512bw)
        return;
    static _Alignas(64) uint8_t src[256];
    uint8_t x[64], y[64];
    char note[48];
#define LOAD_FIRST(s, i, n)                                                                \
    do {                                                                                   \
        memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);                              \
        intrin_v512_load_first_u8(x, (s), (i), (n));                                       \
        cform_v512_load_first_u8(y, (s), (i), (n));                                        \
        snprintf(note, sizeof note, "(%zu lanes at offset %zu)", (size_t)(n), (size_t)(i)); \
        agree("v512_load_first_u8", x, y, 64, (s) + (i), (n), note);                      \
    } while (0)
    for (size_t n = 0; n <= 64; n++)
        for (size_t at = 0; at < 128; at++) {
            for (int r = 0; r < 4; r++) {
                fill(src, sizeof src);
                LOAD_FIRST(src, at, n);
            }
            memset(src, 0xff, sizeof src);
            LOAD_FIRST(src, at, n);
        }
    size_t page;
    uint8_t *two = guarded_page(&page);
    for (size_t n = 0; n <= 64; n++) {
        size_t i = page - n;
        LOAD_FIRST(two, i, n);
    }
    munmap(two, 2 * page);
    for (size_t r = 0; r < sweep; r++) {
        fill(src, sizeof src);
        size_t at = (size_t)(next() % 128), n = (size_t)(next() % 65);
        LOAD_FIRST(src, at, n);
    }
#undef LOAD_FIRST
}

/* --- the high bit ----------------------------------------------------------- */

/* A register of ASCII bytes with each lane at or above 0x80 with chance
 * 1 in `one_in`. */
static void sparse_high(uint8_t *reg, size_t w, unsigned one_in)
{
    for (size_t t = 0; t < w; t++) {
        uint64_t r = next();
        reg[t] = (uint8_t)(r % one_in == 0 ? 0x80 | (r >> 32) : (r >> 32) & 0x7f);
    }
}

typedef size_t (*first_fn)(const uint8_t *);

/* Every byte value in every lane of otherwise ASCII registers; then
 * registers with a few lanes high, and with many. */
static void check_first_high(void)
{
    static const struct {
        const char *name;
        first_fn in, model;
        size_t width;
        int level;
    } ops[] = {
        {"v128_first_high_u8", intrin_v128_first_high_u8, cform_v128_first_high_u8, 16, 0},
        {"v256_first_high_u8", intrin_v256_first_high_u8, cform_v256_first_high_u8, 32, 1},
        {"v512_first_high_u8", intrin_v512_first_high_u8, cform_v512_first_high_u8, 64, 3},
    };
    uint8_t reg[64];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (!cpu_has(ops[k].level))
            continue;
        size_t w = ops[k].width;
        for (size_t n = 0; n < w * 256 + sweep; n++) {
            if (n < w * 256) {
                sparse_high(reg, w, UINT32_MAX);
                reg[n / 256] = (uint8_t)n;
            } else {
                sparse_high(reg, w, n % 2 ? (unsigned)w : 2);
            }
            size_t got = ops[k].in(reg), want = ops[k].model(reg);
            agree(ops[k].name, &got, &want, sizeof got, reg, w, "(the lane returned)");
        }
    }
    if (!have_avx512bw)
        return;
    uint8_t a[64], b[64];
    for (size_t n = 0; n < 2 * 64 * 256 + sweep; n++) {
        if (n < 2 * 64 * 256) {
            sparse_high(a, 64, UINT32_MAX), sparse_high(b, 64, UINT32_MAX);
            (n % 2 ? b : a)[n / 2 / 256] = (uint8_t)(n / 2);
        } else {
            sparse_high(a, 64, 128), sparse_high(b, 64, 128);
        }
        int got = intrin_v512_none_high2_u8(a, b), want = cform_v512_none_high2_u8(a, b);
        uint8_t both[128];
        memcpy(both, a, 64), memcpy(both + 64, b, 64);
        agree("v512_none_high2_u8", &got, &want, sizeof got, both, sizeof both,
              "(a then b)");
    }
}

/* --- widening stores -------------------------------------------------------- */

/* Units written into a buffer poisoned afresh, by the instruction and by
 * the model; the whole buffers compared.  k > 64 is the unmasked store. */
static void widen_pair(size_t q, const uint8_t *reg, size_t k)
{
    static _Alignas(64) uint16_t x[192], y[192];
    uint16_t poison = (uint16_t)next();
    for (size_t t = 0; t < 192; t++)
        x[t] = y[t] = poison;
    char note[48];
    if (k > 64) {
        intrin_v512_store_widen_u8(x, q, reg), cform_v512_store_widen_u8(y, q, reg);
        snprintf(note, sizeof note, "(store at unit %zu)", q);
        agree("v512_store_widen_u8", x, y, sizeof x, reg, 64, note);
    } else {
        intrin_v512_store_widen_first_u8(x, q, reg, k);
        cform_v512_store_widen_first_u8(y, q, reg, k);
        snprintf(note, sizeof note, "(%zu lanes at unit %zu)", k, q);
        agree("v512_store_widen_first_u8", x, y, sizeof x, reg, 64, note);
    }
}

/* The 128- and 256-bit widening stores: every byte value in every lane at
 * every place of two lines (in units), into a poisoned buffer compared
 * whole; then random. */
typedef void (*widen_fn)(uint16_t *, size_t, const uint8_t *);

static void check_widen_small(void)
{
    static const struct {
        const char *name;
        widen_fn in, model;
        size_t width;
        int level;
    } ops[] = {
        {"v128_store_widen_u8", intrin_v128_store_widen_u8, cform_v128_store_widen_u8, 16, 0},
        {"v256_store_widen_u8", intrin_v256_store_widen_u8, cform_v256_store_widen_u8, 32, 1},
    };
    static _Alignas(64) uint16_t x[128], y[128];
    uint8_t reg[32];
    char note[32];
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        if (!cpu_has(ops[k].level))
            continue;
        size_t w = ops[k].width;
        for (size_t n = 0; n < w * 256 * 64 + sweep; n++) {
            size_t q = n < w * 256 * 64 ? n % 64 : (size_t)(next() % 64);
            fill(reg, w);
            if (n < w * 256 * 64)
                reg[n / 64 / 256] = (uint8_t)(n / 64);
            uint16_t poison = (uint16_t)next();
            for (size_t t = 0; t < 128; t++)
                x[t] = y[t] = poison;
            ops[k].in(x, q, reg), ops[k].model(y, q, reg);
            snprintf(note, sizeof note, "(store at unit %zu)", q);
            agree(ops[k].name, x, y, sizeof x, reg, w, note);
        }
    }
}

/* Every byte value in every lane at every place of two lines (in units);
 * the masked store at every count and place; then random. */
static void check_widen(void)
{
    check_widen_small();
    if (!have_avx512bw)
        return;
    uint8_t reg[64];
    for (size_t n = 0; n < 64 * 256; n++)
        for (size_t q = 0; q < 64; q += 1) {
            fill(reg, sizeof reg);
            reg[n / 256] = (uint8_t)n;
            widen_pair(q, reg, 65);
            if (q % 16 == 0)
                widen_pair(q, reg, 64);
        }
    for (size_t k = 0; k <= 64; k++)
        for (size_t q = 0; q < 64; q++)
            for (int r = 0; r < 8; r++) {
                fill(reg, sizeof reg);
                widen_pair(q, reg, k);
            }
    for (size_t n = 0; n < sweep; n++) {
        fill(reg, sizeof reg);
        widen_pair((size_t)(next() % 128), reg, 65);
        fill(reg, sizeof reg);
        widen_pair((size_t)(next() % 128), reg, (size_t)(next() % 65));
    }
}

/* --- 16-bit lanes ------------------------------------------------------------ */

/* A unit edge value or a random one: the edges of ASCII and of the low
 * byte (0x007F, 0x0080, 0x00FF, 0x0100, 0xFF7F, 0xFF80) among them. */
static const uint16_t EDGE16[] = {0x0000, 0x0001, 0x007f, 0x0080, 0x00ff, 0x0100,
                                  0x7fff, 0x8000, 0xff7f, 0xff80, 0xfffe, 0xffff};
#define NEDGE16 (sizeof EDGE16 / sizeof EDGE16[0])

/* A register of ASCII units with each lane an edge value, or random, with
 * chance 1 in `one_in`. */
static void sparse_units(uint16_t *u, size_t w, unsigned one_in)
{
    for (size_t t = 0; t < w; t++) {
        uint64_t r = next();
        u[t] = r % one_in != 0 ? (uint16_t)((r >> 32) & 0x7f)
               : r % 2        ? EDGE16[(r >> 8) % NEDGE16]
                              : (uint16_t)(r >> 16);
    }
}

/* Every unit of a byte's values and every edge value in every lane (and
 * their high bytes over ASCII low bytes) for the test and the stores; the
 * loads at every place of two lines, the masked ones at every count, their
 * last unit the last of a page before one that faults; then random. */
static void check_units(void)
{
    if (!have_avx512)
        return;
    static _Alignas(64) uint16_t src[192];
    uint8_t x[64], y[64];
    char note[48];
#define LOAD16(s, i, n)                                                                    \
    do {                                                                                   \
        memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);                              \
        if ((n) > 32) {                                                                    \
            intrin_v512_load_u16(x, (s), (i)), cform_v512_load_u16(y, (s), (i));           \
            snprintf(note, sizeof note, "(load at unit %zu)", (size_t)(i));                \
            agree("v512_load_u16", x, y, 64, (s) + (i), 64, note);                        \
        } else {                                                                           \
            intrin_v512_load_first_u16(x, (s), (i), (n));                                  \
            cform_v512_load_first_u16(y, (s), (i), (n));                                   \
            snprintf(note, sizeof note, "(%zu units at unit %zu)", (size_t)(n), (size_t)(i)); \
            agree("v512_load_first_u16", x, y, 64, (s) + (i), 2 * (n), note);             \
        }                                                                                  \
    } while (0)
    for (size_t n = 0; n < 32 * 512; n++)
        for (size_t at = 0; at < 64; at++) {
            fill(src, sizeof src);
            src[at + n / 512] = n % 512 < 256 ? (uint16_t)(n % 256) : (uint16_t)((n % 256) << 8);
            LOAD16(src, at, 33);
        }
    if (!have_avx512bw)
        return;
    for (size_t n = 0; n <= 32; n++)
        for (size_t at = 0; at < 64; at++) {
            for (int r = 0; r < 4; r++) {
                fill(src, sizeof src);
                LOAD16(src, at, n);
            }
            memset(src, 0xff, sizeof src);
            LOAD16(src, at, n);
        }
    size_t page;
    uint8_t *two = guarded_page(&page);
    const uint16_t *units = (const uint16_t *)(const void *)two;
    for (size_t n = 0; n <= 32; n++) {
        size_t i = page / 2 - n;
        LOAD16(units, i, n);
    }
    munmap(two, 2 * page);
    for (size_t r = 0; r < sweep; r++) {
        fill(src, sizeof src);
        size_t at = (size_t)(next() % 64), n = (size_t)(next() % 34);
        LOAD16(src, at, n);
    }
#undef LOAD16
    uint16_t u[32];
    for (size_t n = 0; n < 32 * (512 + NEDGE16) + sweep; n++) {
        size_t e = n % (512 + NEDGE16);
        if (n < 32 * (512 + NEDGE16)) {
            sparse_units(u, 32, UINT32_MAX);
            u[n / (512 + NEDGE16)] = e < 256   ? (uint16_t)e
                                     : e < 512 ? (uint16_t)((e - 256) << 8 | (n & 0x7f))
                                               : EDGE16[e - 512];
        } else {
            sparse_units(u, 32, n % 2 ? 32 : 2);
        }
        int got = intrin_v512_none_high_u16((const uint8_t *)u);
        int want = cform_v512_none_high_u16((const uint8_t *)u);
        agree("v512_none_high_u16", &got, &want, sizeof got, u, sizeof u, "(1: all ASCII)");
    }
    /* Narrowing stores into a poisoned buffer compared whole. */
    static _Alignas(64) uint8_t bx[192], by[192];
#define NARROW(p, k)                                                                       \
    do {                                                                                   \
        uint8_t poison = (uint8_t)next();                                                  \
        memset(bx, poison, sizeof bx), memset(by, poison, sizeof by);                      \
        if ((k) > 32) {                                                                    \
            intrin_v512_store_narrow_u16(bx, (p), (const uint8_t *)u);                     \
            cform_v512_store_narrow_u16(by, (p), (const uint8_t *)u);                      \
            snprintf(note, sizeof note, "(store at byte %zu)", (size_t)(p));               \
            agree("v512_store_narrow_u16", bx, by, sizeof bx, u, sizeof u, note);          \
        } else {                                                                           \
            intrin_v512_store_narrow_first_u16(bx, (p), (const uint8_t *)u, (k));          \
            cform_v512_store_narrow_first_u16(by, (p), (const uint8_t *)u, (k));           \
            snprintf(note, sizeof note, "(%zu lanes at byte %zu)", (size_t)(k), (size_t)(p)); \
            agree("v512_store_narrow_first_u16", bx, by, sizeof bx, u, sizeof u, note);    \
        }                                                                                  \
    } while (0)
    for (size_t n = 0; n < 32 * (512 + NEDGE16); n++)
        for (size_t p = 0; p < 128; p += 5) {
            size_t e = n % (512 + NEDGE16);
            fill(u, sizeof u);
            u[n / (512 + NEDGE16)] = e < 256   ? (uint16_t)e
                                     : e < 512 ? (uint16_t)((e - 256) << 8 | (n & 0xff))
                                               : EDGE16[e - 512];
            NARROW(p, 33);
            NARROW(p, 32 - n % 33);
        }
    for (size_t k = 0; k <= 32; k++)
        for (size_t p = 0; p < 128; p++) {
            fill(u, sizeof u);
            NARROW(p, k);
        }
    for (size_t n = 0; n < sweep; n++) {
        fill(u, sizeof u);
        size_t p = (size_t)(next() % 128), k = (size_t)(next() % 34);
        NARROW(p, k);
    }
#undef NARROW
}

/* A register of w units none of which is a surrogate (random otherwise). */
static void no_surrogates(uint16_t *u, size_t w)
{
    for (size_t t = 0; t < w; t++)
        do
            u[t] = (uint16_t)next();
        while (u[t] >= 0xd800 && u[t] <= 0xdfff);
}

/* The bounds the counts are checked at: the length kernels' four, and the
 * edges of the signed compare behind them. */
static const unsigned BOUNDS16[] = {0x0000, 0x0001, 0x007f, 0x07ff, 0x7ffe, 0x7fff,
                                    0x8000, 0x8001, 0xd7ff, 0xdfff, 0xfffe, 0xffff};
#define NBOUNDS16 (sizeof BOUNDS16 / sizeof BOUNDS16[0])

/* 8 and 16 lanes of units: the loads at every place of two lines with
 * every byte value, high and low, in every lane; the count above each
 * bound and the surrogate test with every unit value in every lane (the
 * other lanes random, no surrogate among them); then random. */
static void check_units128_256(void)
{
    static _Alignas(64) uint16_t src[96];
    uint8_t x[32], y[32];
    char note[48];
    for (int wide = 0; wide <= 1; wide++) {
        if (wide && !have_avx2)
            break;
        size_t w = wide ? 16 : 8;
        const char *load = wide ? "v256_load_u16" : "v128_load_u16";
        for (size_t n = 0; n < w * 512 + sweep; n++)
            for (size_t at = 0; at < (n < w * 512 ? 64 : 1); at++) {
                fill(src, sizeof src);
                size_t i = n < w * 512 ? at : (size_t)(next() % 64);
                if (n < w * 512)
                    src[i + n / 512] = n % 512 < 256 ? (uint16_t)(n % 256)
                                                     : (uint16_t)((n % 256) << 8);
                memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
                if (wide)
                    intrin_v256_load_u16(x, src, i), cform_v256_load_u16(y, src, i);
                else
                    intrin_v128_load_u16(x, src, i), cform_v128_load_u16(y, src, i);
                snprintf(note, sizeof note, "(load at unit %zu)", i);
                agree(load, x, y, 2 * w, src + i, 2 * w, note);
            }
        uint16_t u[16];
        for (size_t n = 0; n < w * 65536 + sweep; n++) {
            if (n < w * 65536) {
                no_surrogates(u, w);
                u[n / 65536] = (uint16_t)n;
            } else {
                sparse_units(u, w, n % 2 ? 4 : 1);
            }
            for (size_t k = 0; k < NBOUNDS16; k++) {
                unsigned b = n < w * 65536 || k > 0 ? BOUNDS16[k] : (unsigned)(next() & 0xffff);
                size_t got = wide ? intrin_v256_count_above_u16((const uint8_t *)u, b)
                                  : intrin_v128_count_above_u16((const uint8_t *)u, b);
                size_t want = wide ? cform_v256_count_above_u16((const uint8_t *)u, b)
                                   : cform_v128_count_above_u16((const uint8_t *)u, b);
                snprintf(note, sizeof note, "(lanes above 0x%04x)", b);
                agree(wide ? "v256_count_above_u16" : "v128_count_above_u16", &got, &want,
                      sizeof got, u, 2 * w, note);
            }
            int got = wide ? intrin_v256_any_surrogate_u16((const uint8_t *)u)
                           : intrin_v128_any_surrogate_u16((const uint8_t *)u);
            int want = wide ? cform_v256_any_surrogate_u16((const uint8_t *)u)
                            : cform_v128_any_surrogate_u16((const uint8_t *)u);
            agree(wide ? "v256_any_surrogate_u16" : "v128_any_surrogate_u16", &got, &want,
                  sizeof got, u, 2 * w, "(1: a surrogate)");
        }
    }
}

/* 32 units of three kinds, a lane at a time: a pair (high then low; a
 * high alone in lane 31 when `last_high`), one surrogate alone with
 * chance 1 in `lone_in`, else any other unit. */
static void pairs_and_others(uint16_t *u, unsigned lone_in, int last_high)
{
    for (size_t t = 0; t < 32; t++) {
        uint64_t r = next();
        if (r % lone_in == 0) {
            u[t] = (uint16_t)(0xd800 + (r >> 8) % 0x800);
        } else if ((r >> 40) % 3 == 0 && t + 1 < 32) {
            u[t] = (uint16_t)(0xd800 + (r >> 8) % 0x400);
            u[t + 1] = (uint16_t)(0xdc00 + (r >> 20) % 0x400);
            t++;
        } else {
            no_surrogates(u + t, 1);
        }
    }
    if (last_high)
        u[31] = (uint16_t)(0xd800 + next() % 0x400);
}

/* 32 lanes of units: the count above each bound over the first m lanes,
 * and the lanes whose surrogates pair, with every unit value in every
 * lane over a background of pairs and other units (lane 31 a high in
 * every other one), m cycling through 0 .. 32; then random backgrounds,
 * lone surrogates among them. */
static void check_units512(void)
{
    if (!have_avx512bw)
        return;
    uint16_t u[32];
    char note[48];
    for (size_t n = 0; n < 32 * 65536 + sweep; n++) {
        if (n < 32 * 65536) {
            pairs_and_others(u, UINT32_MAX, n % 2);
            u[n / 65536] = (uint16_t)n;
        } else {
            pairs_and_others(u, n % 4 == 0 ? 4 : 64, n % 3 == 0);
        }
        size_t m = n % 33;
        /* Every bound for every lane value; one bound, any, a random input. */
        for (size_t k = n < 32 * 65536 ? 0 : NBOUNDS16; k <= NBOUNDS16; k++) {
            unsigned b = k < NBOUNDS16 ? BOUNDS16[k] : (unsigned)(next() & 0xffff);
            size_t got = intrin_v512_count_above_first_u16((const uint8_t *)u, b, m);
            size_t want = cform_v512_count_above_first_u16((const uint8_t *)u, b, m);
            snprintf(note, sizeof note, "(lanes above 0x%04x among %zu)", b, m);
            agree("v512_count_above_first_u16", &got, &want, sizeof got, u, sizeof u, note);
        }
        size_t got = intrin_v512_paired_lanes_u16((const uint8_t *)u);
        size_t want = cform_v512_paired_lanes_u16((const uint8_t *)u);
        agree("v512_paired_lanes_u16", &got, &want, sizeof got, u, sizeof u,
              "(the lanes returned)");
    }
}

/* The encoder's forms.  Each test with every unit value in every lane,
 * the other lanes drawn from the form (so that the one lane decides), then
 * random lanes; each store on the lanes its test passes, which are the
 * domain of its contract and all a kernel stores (the packing store on
 * any lanes: its contract covers them all): every such value in every
 * lane, and for the pairs every high with every low in every pair's
 * place, at every place of a line in turn, into a buffer poisoned afresh
 * and compared whole; then random. */
static uint16_t two_byte_unit(void)
{
    return (uint16_t)(0x80 + next() % 0x780);
}

static void random_pairs(uint16_t *u)
{
    for (size_t t = 0; t < 8; t += 2) {
        uint64_t r = next();
        u[t] = (uint16_t)(0xd800 + r % 0x400);
        u[t + 1] = (uint16_t)(0xdc00 + (r >> 16) % 0x400);
    }
}

static void check_encode(void)
{
    uint16_t u[16];
    const uint8_t *ra = (const uint8_t *)u, *rb = (const uint8_t *)(u + 8);
    for (size_t n = 0; n < 16 * 65536 + sweep; n++) {
        if (n < 16 * 65536) {
            for (size_t t = 0; t < 16; t++)
                u[t] = (uint16_t)(next() & 0x7f);
            u[n / 65536] = (uint16_t)n;
        } else {
            sparse_units(u, 16, n % 2 ? 16 : 1);
        }
        int got = intrin_v128_ascii2_u16(ra, rb), want = cform_v128_ascii2_u16(ra, rb);
        agree("v128_ascii2_u16", &got, &want, sizeof got, u, sizeof u, "(1: all ASCII)");
        store_pair("v128_store_pack_u16", intrin_v128_store_pack_u16, cform_v128_store_pack_u16,
                   n % 64, ra, sizeof u);
    }
    for (size_t n = 0; n < 8 * 65536 + sweep; n++) {
        if (n < 8 * 65536) {
            for (size_t t = 0; t < 8; t++)
                u[t] = two_byte_unit();
            u[n / 65536] = (uint16_t)n;
        } else {
            for (size_t t = 0; t < 8; t++)
                u[t] = n % 2 ? two_byte_unit() : (uint16_t)next();
            if (n % 4 == 1)
                u[next() % 8] = EDGE16[next() % NEDGE16];
        }
        int got = intrin_v128_two_byte_u16(ra), want = cform_v128_two_byte_u16(ra);
        agree("v128_two_byte_u16", &got, &want, sizeof got, u, 16, "(1: all two-byte)");
        if (want)
            store_pair("v128_store_two_byte_u16", intrin_v128_store_two_byte_u16,
                       cform_v128_store_two_byte_u16, n % 64, ra, 16);
    }
    for (size_t n = 0; n < 8 * 65536 + sweep; n++) {
        random_pairs(u);
        if (n < 8 * 65536)
            u[n / 65536] = (uint16_t)n;
        else if (n % 2)
            u[next() % 8] = (uint16_t)next();
        int got = intrin_v128_pairs_u16(ra), want = cform_v128_pairs_u16(ra);
        agree("v128_pairs_u16", &got, &want, sizeof got, u, 16, "(1: four pairs)");
    }
    for (size_t n = 0; n < 4 * 0x100000 + sweep; n++) {
        random_pairs(u);
        if (n < 4 * 0x100000) {
            size_t t = 2 * (n / 0x100000), cp = n % 0x100000;
            u[t] = (uint16_t)(0xd800 + cp / 0x400);
            u[t + 1] = (uint16_t)(0xdc00 + cp % 0x400);
        }
        store_pair("v128_store_pairs_u16", intrin_v128_store_pairs_u16,
                   cform_v128_store_pairs_u16, n % 64, ra, 16);
    }
}

/* The AVX2 encoder's tests of 16 units: every unit value in every lane of
 * a register of the form (ASCII units; eight pairs), so that the one lane
 * decides; every lane one edge unit, and two alternating (for the pairs,
 * every pair's place with each high and low from the edges of the
 * surrogate ranges and one past them); then random. */
static const uint16_t SURROGATE_EDGES[] = {0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000};
#define NSURROGATE_EDGES (sizeof SURROGATE_EDGES / sizeof SURROGATE_EDGES[0])

static void check_encode256(void)
{
    if (!have_avx2)
        return;
    uint16_t u[16];
    const uint8_t *r = (const uint8_t *)u;
    size_t edges = NEDGE16 * NEDGE16;
    for (size_t n = 0; n < 16 * 65536 + edges + sweep; n++) {
        if (n < 16 * 65536) {
            for (size_t t = 0; t < 16; t++)
                u[t] = (uint16_t)(next() & 0x7f);
            u[n / 65536] = (uint16_t)n;
        } else if (n < 16 * 65536 + edges) {
            size_t e = n - 16 * 65536;
            for (size_t t = 0; t < 16; t++)
                u[t] = EDGE16[t % 2 == 0 ? e % NEDGE16 : e / NEDGE16];
        } else {
            sparse_units(u, 16, n % 2 ? 16 : 1);
        }
        int got = intrin_v256_ascii_u16(r), want = cform_v256_ascii_u16(r);
        agree("v256_ascii_u16", &got, &want, sizeof got, u, sizeof u, "(1: all ASCII)");
    }
    edges = 9 * NSURROGATE_EDGES * NSURROGATE_EDGES;
    for (size_t n = 0; n < 16 * 65536 + edges + sweep; n++) {
        random_pairs(u), random_pairs(u + 8);
        if (n < 16 * 65536) {
            u[n / 65536] = (uint16_t)n;
        } else if (n < 16 * 65536 + edges) {
            /* Pair place e / 36 (8: all of them) gets one edge pair. */
            size_t e = n - 16 * 65536, place = e / (NSURROGATE_EDGES * NSURROGATE_EDGES);
            uint16_t hi = SURROGATE_EDGES[e % NSURROGATE_EDGES];
            uint16_t lo = SURROGATE_EDGES[e / NSURROGATE_EDGES % NSURROGATE_EDGES];
            for (size_t t = 0; t < 16; t += 2)
                if (place == 8 || t == 2 * place)
                    u[t] = hi, u[t + 1] = lo;
        } else if (n % 4 == 1) {
            u[next() % 16] = (uint16_t)next();
        } else if (n % 4 == 2) {
            size_t t = 2 * (size_t)(next() % 8);
            uint16_t hi = u[t];
            u[t] = u[t + 1], u[t + 1] = hi;
        } else if (n % 4 == 3) {
            u[next() % 16] = SURROGATE_EDGES[next() % NSURROGATE_EDGES];
        }
        int got = intrin_v256_pairs_u16(r), want = cform_v256_pairs_u16(r);
        agree("v256_pairs_u16", &got, &want, sizeof got, u, sizeof u, "(1: eight pairs)");
        /* The store's contract holds where the test passes. */
        if (want)
            store_pair("v128_store_pairs2_u16", intrin_v128_store_pairs2_u16,
                       cform_v128_store_pairs2_u16, n % 64, r, sizeof u);
    }
}

/* The halves of a register of 16 units: every byte value in every lane,
 * then random registers, each half into 32 bytes poisoned afresh and
 * compared whole. */
static void check_halves(void)
{
    if (!have_avx2)
        return;
    uint8_t reg[32], x[32], y[32];
    for (size_t n = 0; n < 32 * 256 + sweep; n++) {
        fill(reg, sizeof reg);
        if (n < 32 * 256)
            reg[n / 256] = (uint8_t)n;
        for (int high = 0; high <= 1; high++) {
            uint8_t poison = (uint8_t)next();
            memset(x, poison, sizeof x), memset(y, poison, sizeof y);
            if (high)
                intrin_v256_high_u16(x, reg), cform_v256_high_u16(y, reg);
            else
                intrin_v256_low_u16(x, reg), cform_v256_low_u16(y, reg);
            agree(high ? "v256_high_u16" : "v256_low_u16", x, y, sizeof x, reg, sizeof reg,
                  NULL);
        }
    }
}

/* A unit of 1, 2 or 3 UTF-8 bytes (width class 0, 1 or 2): at random in
 * its class, or with `edge` one of the class's edges (its ends, those of
 * its bytes' bit fields, the surrogates' ends). */
static uint16_t bmp_unit(unsigned cls, int edge)
{
    static const uint16_t lo[] = {0x0000, 0x0080, 0x0800}, hi[] = {0x007f, 0x07ff, 0xffff};
    static const uint16_t ends[3][8] = {
        {0x0000, 0x0001, 0x0020, 0x003f, 0x0040, 0x0041, 0x007e, 0x007f},
        {0x0080, 0x0081, 0x00bf, 0x00c0, 0x07bf, 0x07c0, 0x07fe, 0x07ff},
        {0x0800, 0x0fff, 0x1000, 0xd7ff, 0xd800, 0xdfff, 0xe000, 0xffff},
    };
    uint64_t r = next();
    return edge ? ends[cls][r % 8] : (uint16_t)(lo[cls] + r % (hi[cls] - lo[cls] + 1u));
}

/* After a packing store of `want` counted bytes at d[p ..] into x (the
 * instruction) and y (the model), buffers of `size` poisoned afresh: the
 * `slack` bytes after the counted ones (the instruction's to write,
 * unspecified) set back to the poison in both, then the buffers compared
 * whole, and every byte outside the counted ones and the slack must still
 * be the poison (in both, as they are then equal).  `what` goes first in
 * the note. */
static void packed_frames(const char *op, uint8_t *x, uint8_t *y, size_t size, uint8_t poison,
                          size_t p, size_t want, size_t slack, const void *reg, size_t reg_n,
                          const char *what)
{
    char note[128];
    size_t from = p + want < size ? p + want : size;
    size_t to = from + slack < size ? from + slack : size;
    memset(x + from, poison, to - from), memset(y + from, poison, to - from);
    snprintf(note, sizeof note, "(%sstore at offset %zu, %zu bytes; the %zu after them not compared)",
             what, p, want, slack);
    agree(op, x, y, size, reg, reg_n, note);
    for (size_t k = 0; k < size; k++)
        if ((k < p || k >= to) && y[k] != poison) {
            fprintf(stderr,
                    "check-models: %s: both forms write byte %zu, outside the %zu bytes "
                    "stored at offset %zu and the %zu after them\n",
                    op, k, want, p, slack);
            dump("both", x, size);
            dump("input", reg, reg_n);
            exit(1);
        }
}

/* A packing store's verdict: the instruction's count of bytes (got) must
 * be the model's (want), then the frames as packed_frames has them. */
static void packed_store(const char *op, uint8_t *x, uint8_t *y, size_t size, uint8_t poison,
                         size_t p, size_t got, size_t want, size_t slack, const void *reg,
                         size_t reg_n, const char *what)
{
    if (got != want) {
        char note[128];
        snprintf(note, sizeof note, "(the count of bytes; %sstore at offset %zu)", what, p);
        agree(op, &got, &want, sizeof got, reg, reg_n, note);
    }
    packed_frames(op, x, y, size, poison, p, want, slack, reg, reg_n, what);
}

/* The UTF-8 store of 8 units at d[p ..], by the instruction and by the
 * model, each into a buffer poisoned afresh: the counts must be equal,
 * then the frames (packed_frames), the 12 bytes after the counted ones
 * left out.  Two lines: the store reaches at most 63 + 24 + 12 bytes in. */
#define BMP_BUF 128
static void bmp_pair(size_t p, const uint16_t *u)
{
    static const char op[] = "v256_store_utf8_bmp_u16";
    static _Alignas(64) uint8_t x[BMP_BUF], y[BMP_BUF];
    const uint8_t *reg = (const uint8_t *)u;
    uint8_t poison = (uint8_t)next();
    memset(x, poison, sizeof x), memset(y, poison, sizeof y);
    size_t got = intrin_v256_store_utf8_bmp_u16(x, p, reg);
    size_t want = cform_v256_store_utf8_bmp_u16(y, p, reg);
    packed_store(op, x, y, BMP_BUF, poison, p, got, want, 12, reg, 16, "");
}

/* The UTF-8 store of 8 units of the Basic Multilingual Plane: every unit
 * value in every lane (the other lanes random, of random widths); every
 * arrangement of the 8 lanes' widths (1, 2 or 3 bytes) at every place of
 * a line, its units random in their classes or, a quarter of the time,
 * edges of them; then random registers (lanes of random widths, or any
 * units); at every place of a line in turn otherwise. */
static void check_bmp(void)
{
    if (!have_avx2)
        return;
    uint16_t u[8];
    for (size_t n = 0; n < 8 * 65536; n++) {
        for (size_t t = 0; t < 8; t++)
            u[t] = bmp_unit((unsigned)(next() % 3), 0);
        u[n / 65536] = (uint16_t)n;
        bmp_pair(n % 64, u);
    }
    for (size_t a = 0; a < 6561; a++)
        for (size_t p = 0; p < 64; p++) {
            size_t c = a;
            for (size_t t = 0; t < 8; t++, c /= 3)
                u[t] = bmp_unit((unsigned)(c % 3), p % 4 == 0);
            bmp_pair(p, u);
        }
    for (size_t n = 0; n < sweep; n++) {
        for (size_t t = 0; t < 8; t++)
            u[t] = n % 4 == 0 ? (uint16_t)next()
                              : bmp_unit((unsigned)(next() % 3), next() % 8 == 0);
        bmp_pair(n % 64, u);
    }
}

/* Field values at the edges of their types, and random ones. */
static void random_item(lepack_counters_item *it)
{
    static const int64_t EDGE64[] = {0, 1, -1, INT32_MAX, INT32_MIN, (int64_t)UINT32_MAX,
                                     (int64_t)1 << 32, INT64_MAX, INT64_MIN};
    const size_t ne = sizeof EDGE64 / sizeof EDGE64[0];
    fill(it, sizeof *it); /* the padding too: the load reads it */
    if (next() % 4 == 0) {
        it->partition = (int32_t)EDGE64[next() % ne];
        it->initial_counter = EDGE64[next() % ne];
        it->updates_count = EDGE64[next() % ne];
    }
}

/* Registers of 32-bit lanes for a permutation's check: at n == 0 every
 * lane holds its own number (so each word stored names the lane it came
 * from), else random. */
static void numbered_or_random(uint8_t *regs, size_t size, size_t n)
{
    if (n != 0) {
        fill(regs, size);
        return;
    }
    for (uint32_t k = 0; k < size / 4; k++)
        memcpy(regs + 4 * k, &k, 4);
}

/* The unpacking: 16 wire words from every place of a line; then five
 * wire registers whose every lane holds its own number (each field
 * stored names the wire words it came from), then random ones, unpacked
 * into items at every 8-byte place of a line and at the first three item
 * indices (aligned and non-temporal where the items start a line), into
 * buffers poisoned afresh and compared whole: the fields, the padding
 * zeroed, nothing outside the 384 bytes written. */
static void check_unpack_512(void)
{
    static _Alignas(64) uint8_t wire[128], regs[320], ux[640], uy[640];
    uint8_t x[64], y[64];
    for (size_t n = 0; n < sweep / 4 + 1; n++) {
        size_t o = n % 64;
        fill(wire, sizeof wire);
        memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
        intrin_v512_load_wire_u32(x, wire, o), cform_v512_load_wire_u32(y, wire, o);
        agree("v512_load_wire_u32", x, y, 64, wire, sizeof wire, "(wire words)");
    }
    for (size_t n = 0; n < sweep + 1; n++) {
        numbered_or_random(regs, sizeof regs, n);
        size_t o = 8 * (n % 8), at = n / 8 % 3;
        int aligned = 0, stream = 0;
        if (n % 128 == 1)
            o = 64 * (n / 128 % 2), at = 8 * (n / 256 % 2), aligned = 1;
        else if (n % 128 == 65)
            o = 64 * (n / 128 % 2), at = 8 * (n / 256 % 2), stream = 1;
        uint8_t poison = (uint8_t)next();
        memset(ux, poison, sizeof ux), memset(uy, poison, sizeof uy);
        intrin_v512_unpack_put6_u32((lepack_counters_item *)(void *)(ux + o), at, regs, aligned,
                                    stream);
        cform_v512_unpack_put6_u32((lepack_counters_item *)(void *)(uy + o), at, regs, aligned,
                                   stream);
        packed_frames("v512_unpack_put6_u32", ux, uy, sizeof ux, poison,
                      o + at * sizeof(lepack_counters_item), 384, 0, regs, sizeof regs,
                      aligned ? "aligned " : stream ? "non-temporal " : "");
    }
}

/* The AVX2 forms, as check_items_512 and check_unpack_512 check theirs:
 * struct loads of random blocks of 8 items; packing of registers whose
 * lanes hold their own numbers, then random ones, at every place of a
 * line; wire loads at every place; unpacking of numbered, then random,
 * registers into items at every 8-byte place of a line and the first
 * three item indices; each store into buffers poisoned afresh and
 * compared whole. */
static void check_items_256(void)
{
    if (!have_avx2)
        return;
    static _Alignas(64) lepack_counters_item block[8];
    static _Alignas(64) uint8_t regs[192], px[256], py[256], ux[320], uy[320], wire[96];
    uint8_t x[32], y[32];
    for (size_t n = 0; n < sweep + 1; n++) {
        if (n % 6 == 0)
            for (size_t t = 0; t < 8; t++)
                random_item(&block[t]);
        memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
        intrin_v256_load_items_u32(x, block, n % 6), cform_v256_load_items_u32(y, block, n % 6);
        agree("v256_load_items_u32", x, y, 32, &block, sizeof block, "(struct register)");

        fill(wire, sizeof wire);
        memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
        intrin_v256_load_wire_u32(x, wire, n % 64), cform_v256_load_wire_u32(y, wire, n % 64);
        agree("v256_load_wire_u32", x, y, 32, wire, sizeof wire, "(wire words)");

        numbered_or_random(regs, sizeof regs, n);
        uint8_t poison = (uint8_t)next();
        memset(px, poison, sizeof px), memset(py, poison, sizeof py);
        intrin_v256_pack_put5_u32(px, n % 64, regs), cform_v256_pack_put5_u32(py, n % 64, regs);
        packed_frames("v256_pack_put5_u32", px, py, sizeof px, poison, n % 64, 160, 0, regs,
                      sizeof regs, "");

        size_t o = 8 * (n % 8), at = n / 8 % 3;
        memset(ux, poison, sizeof ux), memset(uy, poison, sizeof uy);
        intrin_v256_unpack_put6_u32((lepack_counters_item *)(void *)(ux + o), at, regs);
        cform_v256_unpack_put6_u32((lepack_counters_item *)(void *)(uy + o), at, regs);
        packed_frames("v256_unpack_put6_u32", ux, uy, sizeof ux, poison,
                      o + at * sizeof(lepack_counters_item), 192, 0, regs, sizeof regs, "");
    }
}

/* Items as 32-bit lanes.  The loads: each struct register of random
 * blocks of items (edge values a quarter of the time).  The packing and
 * its five stores: struct registers whose every lane holds its own
 * number (each word stored names the lane it came from), then random
 * ones, at every place of a line (aligned and non-temporal at line
 * starts), into buffers poisoned afresh and compared whole, nothing
 * outside the 320 bytes written. */
static void check_items_512(void)
{
    if (!have_avx512)
        return;
    static _Alignas(64) lepack_counters_item block[16];
    uint8_t x[64], y[64];
    for (size_t n = 0; n < sweep / 6 + 1; n++) {
        for (size_t t = 0; t < 16; t++)
            random_item(&block[t]);
        for (size_t r = 0; r < 6; r++) {
            memset(x, 0xa5, sizeof x), memset(y, 0x5a, sizeof y);
            intrin_v512_load_items_u32(x, block, r), cform_v512_load_items_u32(y, block, r);
            agree("v512_load_items_u32", x, y, 64, &block, sizeof block, "(struct register)");
        }
    }
    /* Struct registers whose every lane holds its own number: each word
     * stored names the lane it came from. */
    static _Alignas(64) uint8_t regs[384], px[448], py[448];
    for (size_t n = 0; n < sweep + 1; n++) {
        numbered_or_random(regs, sizeof regs, n);
        size_t o = n % 64;
        int aligned = 0, stream = 0;
        if (n % 128 == 1)
            o = 64 * (n / 128 % 2), aligned = 1;
        else if (n % 128 == 65)
            o = 64 * (n / 128 % 2), stream = 1;
        uint8_t poison = (uint8_t)next();
        memset(px, poison, sizeof px), memset(py, poison, sizeof py);
        intrin_v512_pack_put5_u32(px, o, regs, aligned, stream);
        cform_v512_pack_put5_u32(py, o, regs, aligned, stream);
        packed_frames("v512_pack_put5_u32", px, py, sizeof px, poison, o, 320, 0, regs,
                      sizeof regs, aligned ? "aligned " : stream ? "non-temporal " : "");
    }
    check_unpack_512();
}

/* Modified UTF-8 of the first m of 32 units at d[p ..], by the instruction
 * and by the model, as the UTF-8 store above; the 64 bytes after the
 * counted ones left out with `room`, none without.  Four lines: the store
 * reaches at most 63 + 96 + 64 bytes in. */
#define MUTF8_BUF 256
static void mutf8_pair(size_t p, const uint16_t *u, size_t m, int room)
{
    static const char op[] = "v512_store_mutf8_first_u16";
    static _Alignas(64) uint8_t x[MUTF8_BUF], y[MUTF8_BUF];
    const uint8_t *reg = (const uint8_t *)u;
    uint8_t poison = (uint8_t)next();
    memset(x, poison, sizeof x), memset(y, poison, sizeof y);
    size_t got = intrin_v512_store_mutf8_first_u16(x, p, reg, m, room);
    size_t want = cform_v512_store_mutf8_first_u16(y, p, reg, m, room);
    char what[48];
    snprintf(what, sizeof what, "%zu lanes, room %d; ", m, room);
    packed_store(op, x, y, MUTF8_BUF, poison, p, got, want, room ? 64 : 0, reg, 64, what);
}

/* Modified UTF-8's block of 32 lanes: every unit value in every lane, the
 * other lanes all ASCII but U+0000 (a third of the time: the one-byte
 * form), all below 0x800 (a third: the two-byte form) or of any width,
 * edges of their classes one time in eight; the count of lanes most often
 * from the lane under test on, else any; the lanes past it zero (as a
 * kernel's masked load leaves them) or not; with and without room, at
 * every place of a line in turn.  Then random registers. */
static void check_mutf8_512(void)
{
    if (!have_vbmi2)
        return;
    uint16_t u[32];
    for (size_t n = 0; n < 32 * 65536 + sweep; n++) {
        size_t lane = n / 65536 % 32, m;
        unsigned kinds = n % 3 == 0 ? 1 : n % 3 == 1 ? 2 : 3;
        for (size_t t = 0; t < 32; t++) {
            u[t] = bmp_unit((unsigned)(next() % kinds), next() % 8 == 0);
            if (kinds == 1 && u[t] == 0)
                u[t] = 1;
        }
        if (n < 32 * 65536) {
            u[lane] = (uint16_t)n;
            m = n % 4 == 0 ? next() % 33 : lane + 1 + next() % (32 - lane);
        } else {
            if (n % 4 == 3)
                for (size_t t = 0; t < 32; t++)
                    u[t] = (uint16_t)next();
            m = next() % 33;
        }
        if (n % 2)
            memset(u + m, 0, (32 - m) * sizeof u[0]);
        mutf8_pair(n % 64, u, m, (int)(next() % 2));
    }
}

/* The stores of the AVX-512 encoder, and their names. */
enum enc512_store { ENC512_MIXED, ENC512_MIXED_WIDE, ENC512_BMP_FIRST, ENC512_BMP32, ENC512_PAIRS };
static const char *const enc512_name[] = {
    "v512_store_utf8_mixed_u16", "v512_store_utf8_mixed_wide_u16", "v512_store_utf8_bmp_first_u16",
    "v512_store_utf8_bmp32_u16", "v512_store_utf8_pairs_u16"};

/* A store of the AVX-512 encoder of the first m lanes of u at d[p ..], by
 * the instruction and by the model, each into a buffer poisoned afresh:
 * the counts must be equal, then the frames (packed_frames), the 64 bytes
 * after the counted ones left out with room.  The mixed block reaches at
 * most 63 + 128 + 64 bytes in. */
#define ENC512_BUF 320
static void enc512_pair(enum enc512_store op, size_t p, const uint16_t *u, size_t m, uint16_t a,
                        int c, int room)
{
    static _Alignas(64) uint8_t x[ENC512_BUF], y[ENC512_BUF];
    const uint8_t *reg = (const uint8_t *)u;
    uint8_t poison = (uint8_t)next();
    memset(x, poison, sizeof x), memset(y, poison, sizeof y);
    size_t got, want;
    uint16_t s[33];
    int narrow;
    switch (op) {
    case ENC512_MIXED:
        got = intrin_v512_store_utf8_mixed_u16(x, p, reg, m, a, c, room);
        want = cform_v512_store_utf8_mixed_u16(y, p, reg, m, a, c, room);
        break;
    case ENC512_MIXED_WIDE: /* the 32 units and the one after them in memory, as the run has them */
        memcpy(s, u, 32 * sizeof u[0]);
        s[32] = a;
        got = intrin_v512_store_utf8_mixed_wide_u16(x, p, s, c, room);
        want = cform_v512_store_utf8_mixed_wide_u16(y, p, s, c, room);
        break;
    case ENC512_BMP_FIRST:
        got = intrin_v512_store_utf8_bmp_first_u16(x, p, reg, m, room);
        want = cform_v512_store_utf8_bmp_first_u16(y, p, reg, m, room);
        break;
    case ENC512_BMP32:
        narrow = cform_v512_none_wide_u16(reg); /* the run's test, its precondition */
        got = intrin_v512_store_utf8_bmp32_u16(x, p, reg, narrow, room);
        want = cform_v512_store_utf8_bmp32_u16(y, p, reg, narrow, room);
        break;
    default:
        got = intrin_v512_store_utf8_pairs_u16(x, p, reg);
        want = cform_v512_store_utf8_pairs_u16(y, p, reg);
        break;
    }
    char what[64];
    snprintf(what, sizeof what, "%zu lanes, after 0x%04x, carry %d, room %d; ", m, a, c, room);
    packed_store(enc512_name[op], x, y, ENC512_BUF, poison, p, got, want, room ? 64 : 0, reg, 64,
                 what);
}

/* A unit of a random class, edges of the classes one time in four: ASCII,
 * two bytes, three, a high or a low surrogate. */
static uint16_t enc512_unit(void)
{
    static const uint16_t ends[] = {0x0000, 0x007f, 0x0080, 0x07ff, 0x0800, 0xd7ff,
                                    0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff};
    uint64_t r = next();
    if (r % 4 == 0)
        return ends[(r >> 8) % (sizeof ends / sizeof ends[0])];
    unsigned cls = (unsigned)((r >> 8) % 5);
    if (cls < 3)
        return bmp_unit(cls, 0);
    return (uint16_t)((cls == 3 ? 0xd800 : 0xdc00) + (r >> 16) % 0x400);
}

/* The three tests of a block (16 pairs, any surrogate, none from 0x800),
 * both forms alike. */
static void enc512_tests(const uint16_t *u)
{
    const uint8_t *reg = (const uint8_t *)u;
    int got = intrin_v512_pairs_u16(reg), want = cform_v512_pairs_u16(reg);
    agree("v512_pairs_u16", &got, &want, sizeof got, reg, 64, "(the test)");
    got = intrin_v512_any_surrogate_u16(reg), want = cform_v512_any_surrogate_u16(reg);
    agree("v512_any_surrogate_u16", &got, &want, sizeof got, reg, 64, "(the test)");
    got = intrin_v512_none_wide_u16(reg), want = cform_v512_none_wide_u16(reg);
    agree("v512_none_wide_u16", &got, &want, sizeof got, reg, 64, "(the test)");
}

/* The AVX-512 encoder's stores and tests.  The mixed block: every unit
 * value in every lane, the others of random classes (pairs, lone
 * surrogates and the rest in any order), the count of lanes most often
 * from the lane under test on, the lanes past it zero (as the masked load
 * leaves them), the unit after the last lane any unit with 32 lanes and
 * no low with fewer (the string's end), the carry set one time in two
 * where lane 0 is a low, with and without room, at every place of a line
 * in turn; then random.  The BMP block alike over lanes without a
 * surrogate.  The run's forms of them (the mixed block read from memory,
 * the BMP block told whether all are below 0x800) alike over 32 lanes.
 * 16 pairs with every high and every low in every pair's place.  The
 * tests on every register of the three. */
static void check_encode512(void)
{
    if (!have_vbmi2)
        return;
    uint16_t u[32], f[32];
    for (size_t n = 0; n < 32 * 65536 + sweep; n++) {
        size_t lane = n / 65536 % 32, m;
        for (size_t t = 0; t < 32; t++)
            u[t] = enc512_unit();
        if (n < 32 * 65536) {
            u[lane] = (uint16_t)n;
            m = n % 4 == 0 ? 1 + next() % 32 : lane + 1 + next() % (32 - lane);
        } else {
            m = 1 + next() % 32;
        }
        memset(u + m, 0, (32 - m) * sizeof u[0]);
        uint16_t a = enc512_unit();
        if (m < 32 && a >= 0xdc00 && a <= 0xdfff)
            a = (uint16_t)next() % 0xdc00;
        int c = u[0] >= 0xdc00 && u[0] <= 0xdfff && next() % 2;
        int room = (int)(next() % 2);
        enc512_pair(ENC512_MIXED, n % 64, u, m, a, c, room);
        enc512_tests(u);
        int po = intrin_v512_pair_out_u16((const uint8_t *)u, a);
        int pw = cform_v512_pair_out_u16((const uint8_t *)u, a);
        agree("v512_pair_out_u16", &po, &pw, sizeof po, u, 64, "(the carry out)");
        for (size_t t = 0; t < m; t++)
            if (u[t] >= 0xd800 && u[t] <= 0xdfff)
                u[t] = (uint16_t)(0xe000 + next() % 0x2000);
        enc512_pair(ENC512_BMP_FIRST, n % 64, u, m, 0, 0, room);
        enc512_tests(u);
        /* The run's forms, of all 32 lanes: the unit under test in its lane
         * again, the others random, any unit after them. */
        for (size_t t = 0; t < 32; t++)
            f[t] = enc512_unit();
        if (n < 32 * 65536)
            f[lane] = (uint16_t)n;
        a = enc512_unit();
        c = f[0] >= 0xdc00 && f[0] <= 0xdfff && next() % 2;
        enc512_pair(ENC512_MIXED_WIDE, n % 64, f, 32, a, c, room);
        for (size_t t = 0; t < 32; t++)
            if (f[t] >= 0xd800 && f[t] <= 0xdfff)
                f[t] = (uint16_t)(0xe000 + next() % 0x2000);
        enc512_pair(ENC512_BMP32, n % 64, f, 32, 0, 0, room);
    }
    for (size_t n = 0; n < 32 * 1024 + sweep; n++) {
        for (size_t t = 0; t < 32; t += 2) {
            uint64_t r = next();
            u[t] = (uint16_t)(0xd800 + r % 0x400);
            u[t + 1] = (uint16_t)(0xdc00 + (r >> 16) % 0x400);
        }
        if (n < 32 * 1024)
            u[n / 1024] = (uint16_t)((n / 1024 % 2 ? 0xdc00 : 0xd800) + n % 1024);
        enc512_pair(ENC512_PAIRS, n % 64, u, 32, 0, 0, 0);
        enc512_tests(u);
    }
    static const uint16_t s[64];
    intrin_lane_prefetch_short_u16(s, 0, 64), cform_lane_prefetch_short_u16(s, 0, 64);
    op_tally("lane_prefetch_short_u16")->checks++;
}

/* The line offsets: the address modulo 64 at every place of two lines
 * (every 8-byte place for items), and both forms alike; and the fence. */
static void check_line_offsets(void)
{
    static _Alignas(64) uint8_t buf[256];
    for (size_t o = 0; o < 128; o++) {
        size_t got = intrin_lane_line_offset_u8(buf + o), want = o % 64;
        size_t model = cform_lane_line_offset_u8(buf + o);
        agree("lane_line_offset_u8", &got, &want, sizeof got, &o, sizeof o, "(address % 64)");
        agree("lane_line_offset_u8", &got, &model, sizeof got, &o, sizeof o, NULL);
    }
    for (size_t o = 0; o < 128; o += 8) {
        const lepack_counters_item *it = (const lepack_counters_item *)(void *)(buf + o);
        size_t got = intrin_lane_item_line_offset_of(it), want = o % 64;
        size_t model = cform_lane_item_line_offset_of(it);
        agree("lane_item_line_offset_of", &got, &want, sizeof got, &o, sizeof o,
              "(address % 64)");
        agree("lane_item_line_offset_of", &got, &model, sizeof got, &o, sizeof o, NULL);
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
    have_avx512bw = have_avx512 && __builtin_cpu_supports("avx512bw") &&
                    __builtin_cpu_supports("avx512vl") &&
                    __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
    have_vbmi2 = have_avx512bw && __builtin_cpu_supports("avx512vbmi") &&
                 __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt");
    clock_t t0 = clock();
    check_mutf8_512();
    check_encode512();
    check_items_512();
    check_items_256();
    check_setzero();
    check_streams();
    check_line_offsets();
    check_loads();
    check_load_first();
    check_first_high();
    check_widen();
    check_units();
    check_units128_256();
    check_encode();
    check_encode256();
    check_halves();
    check_bmp();
    check_units512();
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    uint64_t total = 0;
    for (size_t k = 0; k < ntallies; k++) {
        printf("check-models: %-28s %10" PRIu64 " checks\n", tallies[k].name, tallies[k].checks);
        total += tallies[k].checks;
    }
    if (!have_avx2 || !have_vbmi2)
        printf("check-models: this CPU lacks %s: those operations were not checked\n",
               !have_avx2         ? "AVX2 and AVX-512"
               : !have_avx512     ? "AVX-512F"
               : !have_avx512bw   ? "AVX-512BW, VL, BMI or BMI2"
                                  : "AVX-512 VBMI, VBMI2 or POPCNT");
    printf("check-models: %zu operations, %" PRIu64 " checks, all agree (%.1f s CPU, sweep %zu)\n",
           ntallies, total, secs, sweep);
    return 0;
}
