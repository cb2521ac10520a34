/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 kernels against the proven scalar path.  Decoding: the count,
 * validation and decode kernels (lepack_vec_utf8_count, _valid_run and
 * _decode, behind lepack_utf8_decoded_length, lepack_utf8_validate and
 * lepack_utf8_decode: at AVX-512 one validating kernel that counts or
 * transcodes): count, verdict and every unit decoded.  Encoding: the
 * encode kernels (lepack_vec_utf8_encode and lepack_vec_mutf8_encode,
 * behind lepack_utf8_encode and lepack_mutf8_write): every byte written,
 * and no byte past the string's own.  Over windows that
 * docs/utf8.md ("The AVX-512 kernels, checked exhaustively") shows to be
 * complete: what the decoder makes of a byte depends on that byte, the
 * three before it and where the byte sits in its block; what the encoder
 * makes of a unit, on that unit, its two neighbours and the kinds of units
 * in its block.
 *
 *   verify_kernels [--quick] [--jobs N]
 *
 * Through the public functions, at every vector level the CPU has (level
 * 0, the scalar path, is the oracle).  Decoding windows sit in ASCII text
 * ('a') after a two-byte anchor at its start (ANCHOR_FROM), encoding
 * windows in a background (below), the text either running on past the
 * window or ending with it:
 *   eclasses every 3-unit window over the 16 unit classes (ECLASS), at
 *            every offset 0-66, over ASCII, two-byte, three-byte and
 *            surrogate-pair backgrounds
 *   pairs    every 2-byte value, at every offset 0-66 (every lane of the
 *            first block, and across into the second)
 *   classes  every 4-byte window over the 26 byte classes the kernel's
 *            lookups tell apart (KCLASS, tests/utf8_classes.h), at the same offsets
 *   mclasses the same windows through the modified UTF-8 encoder
 *   eunits   every unit value at every offset 0-66, over ASCII and
 *            three-byte backgrounds
 *   munits   the same through the modified UTF-8 encoder, at the best
 *            level (its kernel exists at AVX-512 only)
 *   raw      every 4-byte value (2^32), at offset 20 and at offset 62
 *            (across the edge of the first block) of a 72-byte text, at
 *            the best level
 *   eraw     every pair of units (2^32) at offset 15 and at offset 31 (across
 *            the edges of the 16- and 32-unit blocks) of a 72-unit ASCII
 *            text, at the best level
 * --quick runs all but the raw sets (seconds): what `make kernel-mutants`
 * asks of every seeded kernel bug.  The work is split over N processes
 * (default 2; the vector level is per process).
 *
 * Exit status: 0 no difference, 1 a difference (the first is printed),
 * 2 usage or setup. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "utf8.h"
#include "utf8_classes.h"
#include "utf8_vec.h"

enum { LEN = 140, LAST_OFFSET = 66 };


static int best;
static uint8_t text[LEN];

/* count, validate and decode's answers: units counted, the offset of the
 * first ill-formed byte or len + 1 when the text is well-formed, and units
 * written into out (a capacity of len: the one-pass decode). */
typedef struct answer {
    size_t units, valid, written;
} answer;

static answer ask(int level, const uint8_t *s, size_t len, uint16_t *out)
{
    answer a = {0, 0, 0};
    size_t bad = 0;
    lepack_vec_select(level);
    if (lepack_utf8_decoded_length(s, len, &a.units) != LEPACK_OK)
        a.units = (size_t)-1;
    a.valid = lepack_utf8_validate(s, len, &bad) == LEPACK_OK ? len + 1 : bad;
    if (lepack_utf8_decode(s, len, out, len, &a.written) != LEPACK_OK)
        a.written = (size_t)-1;
    return a;
}

static uint16_t ascii_units[LEN]; /* 'a' as units */
static uint16_t got_units[LEN], want_units[8];

/* A window at offset 2 or more follows an anchor, C3 A9 (U+00E9) at offset
 * 0: the decoding kernel's blocks then start at the text's start, not at
 * the window's first byte past an ASCII run, so the window meets every
 * lane of a block and its edge.  The anchor is one unit for two bytes. */
enum { ANCHOR_FROM = 2 };

static size_t anchor_saves(size_t off)
{
    return off >= ANCHOR_FROM ? 1 : 0;
}

/* The scalar answer for the whole text from the window alone: whole
 * sequences before it add their units and cannot change how the window
 * reads; after it, one 'a' ends whatever the window left open, and every
 * further 'a' adds a unit. */
static answer oracle(const uint8_t *w, size_t wl, size_t off, size_t len, size_t *mine)
{
    uint8_t b[8];
    size_t bl = wl;
    memcpy(b, w, wl);
    if (off + wl < len)
        b[bl++] = 'a';
    answer a = ask(LEPACK_VEC_NONE, b, bl, want_units);
    *mine = a.written - (bl - wl); /* the window's own units */
    a.units += off + (len - off - bl) - anchor_saves(off);
    a.written += off + (len - off - bl) - anchor_saves(off);
    a.valid = a.valid == bl + 1 ? len + 1 : off + a.valid;
    return a;
}

/* The decoded text is the anchor's unit, 'a' before the window's units
 * and after them. */
static int same_units(size_t off, size_t mine, size_t written)
{
    size_t at = off - anchor_saves(off); /* the window's first unit */
    if (anchor_saves(off) && got_units[0] != 0xE9)
        return 0;
    return memcmp(got_units + anchor_saves(off), ascii_units, (at - anchor_saves(off)) * 2) == 0 &&
           memcmp(got_units + at, want_units, mine * 2) == 0 &&
           memcmp(got_units + at + mine, ascii_units, (written - at - mine) * 2) == 0;
}

/* The window w at offset off of text, length len, at levels lo..hi. */
static int check(const uint8_t *w, size_t wl, size_t off, size_t len, int lo, int hi)
{
    size_t mine = 0;
    answer want = oracle(w, wl, off, len, &mine);
    if (anchor_saves(off)) {
        text[0] = 0xC3;
        text[1] = 0xA9;
    }
    memcpy(text + off, w, wl);
    int ok = 1;
    for (int level = lo; level <= hi && ok; level++) {
        answer got = ask(level, text, len, got_units);
        if (got.units != want.units || got.valid != want.valid || got.written != want.written ||
            !same_units(off, mine, got.written)) {
            fprintf(stderr, "verify_kernels: level %d, window", level);
            for (size_t k = 0; k < wl; k++)
                fprintf(stderr, " %02x", w[k]);
            fprintf(stderr, " at offset %zu of %zu bytes: %zu units counted, %zu decoded, %zu; "
                            "scalar %zu, %zu, %zu (last figure: first ill-formed byte, length + 1 "
                            "when none)%s\n",
                    off, len, got.units, got.written, got.valid, want.units, want.written,
                    want.valid, got.written == want.written ? "; the units differ" : "");
            ok = 0;
        }
    }
    memset(text + off, 'a', wl);
    memset(text, 'a', ANCHOR_FROM);
    return ok;
}

/* The checks of one set, numbered 0 .. total; job j of jobs takes every
 * index in its slice.  Returns 0, or 1 at the first difference. */
typedef int (*set_fn)(uint64_t from, uint64_t to);

static const size_t ENDINGS = 2; /* running on, ending with the window */

static size_t length_for(size_t off, size_t wl, size_t ending)
{
    return ending ? off + wl : LEN;
}

static int set_pairs(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint32_t v = (uint32_t)(k / ENDINGS / (LAST_OFFSET + 1));
        uint8_t w[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
        if (!check(w, 2, off, length_for(off, 2, ending), 1, best))
            return 1;
    }
    return 0;
}

static int set_classes(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint64_t v = k / ENDINGS / (LAST_OFFSET + 1);
        uint8_t w[4];
        for (size_t b = 0; b < 4; b++, v /= NCLASS)
            w[b] = KCLASS[v % NCLASS];
        if (!check(w, 4, off, length_for(off, 4, ending), 1, best))
            return 1;
    }
    return 0;
}

/* Offsets of the raw set, in a text of RAW_LEN bytes running on past the
 * window: inside the first block, and across its end into the second
 * (the block lengths and endings are the classes' part). */
static const size_t RAW_AT[] = {20, 62};
#define NRAW (sizeof RAW_AT / sizeof RAW_AT[0])
enum { RAW_LEN = 72 };

static int set_raw(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        uint32_t v = (uint32_t)k;
        uint8_t w[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
        if (!check(w, 4, RAW_AT[k >> 32], RAW_LEN, best, best))
            return 1;
    }
    return 0;
}

/* ---- the encoder: lepack_vec_utf8_encode behind lepack_utf8_encode ------
 * A lane's bytes are fields of its unit's bits; only a surrogate's depend
 * on a neighbour (the unit before or after, which may pair with it), and
 * which form takes a block depends on the kinds of units in it.  So: every
 * unit value at every offset, the class windows (three units, so a
 * surrogate meets each kind of neighbour on both sides) over backgrounds
 * that send the block down each form, and every pair of units raw at the
 * edges of the 16- and 32-unit blocks. */

/* Backgrounds, each a repeated pair of units: ASCII, two-byte, three-byte
 * (the 32-unit forms) and surrogate pairs (the pair form, and the general
 * block around anything that breaks a pair). */
static const uint16_t EBG[][2] = {{'a', 'a'}, {0xE9, 0xE9}, {0x4E2D, 0x4E2D}, {0xD83D, 0xDE00}};
#define NEBG (sizeof EBG / sizeof EBG[0])
static uint16_t etext[NEBG][LEN];
static uint8_t ebytes[NEBG][4 * LEN]; /* the background's bytes alone */
static size_t ebg_len[NEBG];          /* bytes per background unit (not the pairs) */
static uint8_t egot[4 * LEN + 2], ewant[4 * LEN + 2], efill[4 * LEN + 2];

/* lepack_utf8_encode's bytes of s[0 .. n) at a level, into out. */
/* Which encoder: 0 lepack_utf8_encode, 1 lepack_mutf8_write (writeUTF:
 * a two-byte length, then the body, every unit on its own). */
static int modified;

/* The encoder's bytes of s[0 .. n) at a level, into out (with writeUTF's
 * length first). */
static size_t enc(int level, const uint16_t *s, size_t n, uint8_t *out)
{
    size_t wr = 0;
    lepack_vec_select(level);
    lepack_status st = modified ? lepack_mutf8_write(s, n, out, 3 * n + 2, &wr)
                                : lepack_utf8_encode(s, n, out, 3 * n, &wr);
    return st == LEPACK_OK ? wr : (size_t)-1;
}

/* The window w at offset off of background b's text, length len, at levels
 * lo..hi.  Expected: for a background of one unit that is no surrogate,
 * its bytes before and after the window's own (the scalar path on the
 * window alone: nothing around it can pair with it); for the pairs, the
 * scalar path on the whole text. */
static int echeck(const uint16_t *w, size_t wl, size_t off, size_t len, size_t b, int lo, int hi)
{
    uint16_t *t = etext[b];
    memcpy(t + off, w, wl * 2);
    size_t h = modified ? 2 : 0; /* writeUTF's length */
    size_t want, mine = 0, bl = ebg_len[b];
    if (bl) {
        mine = enc(LEPACK_VEC_NONE, w, wl, ewant) - h;
        memmove(ewant, ewant + h, mine);
        want = off * bl + mine + (len - off - wl) * bl;
    } else {
        want = enc(LEPACK_VEC_NONE, t, len, ewant) - h;
    }
    int ok = 1;
    for (int level = lo; level <= hi && ok; level++) {
        /* Bytes past the text's own must stay as they were. */
        memset(egot, 0xEE, sizeof egot);
        size_t got = enc(level, t, len, egot) - h;
        const uint8_t *g = egot + h;
        int past = want + h <= sizeof egot &&
                   memcmp(g + want, efill, sizeof egot - h - want) != 0;
        int same = got == want && !past &&
                   (h == 0 || (egot[0] == (want >> 8 & 0xFF) && egot[1] == (want & 0xFF))) &&
                   (bl ? memcmp(g, ebytes[b], off * bl) == 0 &&
                             memcmp(g + off * bl, ewant, mine) == 0 &&
                             memcmp(g + off * bl + mine, ebytes[b], want - off * bl - mine) == 0
                       : memcmp(g, ewant + h, want) == 0);
        if (!same) {
            fprintf(stderr, "verify_kernels: level %d, %s window", level,
                    modified ? "modified UTF-8 encoder" : "encoder");
            for (size_t k = 0; k < wl; k++)
                fprintf(stderr, " %04x", w[k]);
            fprintf(stderr, " at offset %zu of %zu units over %04x %04x: %zu bytes, scalar %zu%s\n",
                    off, len, EBG[b][0], EBG[b][1], got, want,
                    past               ? "; a byte written past them"
                    : got == want      ? "; the bytes differ"
                                       : "");
            ok = 0;
        }
    }
    for (size_t k = off; k < off + wl; k++)
        t[k] = EBG[b][k % 2];
    return ok;
}

/* Every unit value at every offset and both endings, over the ASCII and
 * the three-byte background (the two-byte one sends a block down the same
 * form as the ASCII one), every level. */
enum { EUNIT_BG = 2 };
static int set_eunits(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint64_t v = k / ENDINGS / (LAST_OFFSET + 1);
        uint16_t w[1] = {(uint16_t)v};
        if (!echeck(w, 1, off, length_for(off, 1, ending), v >> 16 ? 2 : 0, modified ? best : 1,
                    best))
            return 1;
    }
    return 0;
}

/* Every three-unit window over the unit classes, every offset, both
 * endings, every background, every level. */
static int set_eclasses(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint64_t v = k / ENDINGS / (LAST_OFFSET + 1);
        uint16_t w[3];
        for (size_t u = 0; u < 3; u++, v /= NECLASS)
            w[u] = ECLASS[v % NECLASS];
        if (!echeck(w, 3, off, length_for(off, 3, ending), (size_t)v, 1, best))
            return 1;
    }
    return 0;
}

/* The same for writeUTF's body, whose kernel exists at AVX-512 only: every
 * unit at the best level, the class windows at every level. */
static int set_mclasses(uint64_t from, uint64_t to)
{
    modified = 1;
    return set_eclasses(from, to);
}

static int set_munits(uint64_t from, uint64_t to)
{
    modified = 1;
    return set_eunits(from, to);
}

/* Every pair of units across the 16-unit edge (offset 15) and the 32-unit
 * edge (offset 31) of a 72-unit ASCII text, at the best level. */
static const size_t ERAW_AT[] = {15, 31};
#define NERAW (sizeof ERAW_AT / sizeof ERAW_AT[0])

static int set_eraw(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        uint16_t w[2] = {(uint16_t)k, (uint16_t)(k >> 16)};
        if (!echeck(w, 2, ERAW_AT[k >> 32], RAW_LEN, 0, best, best))
            return 1;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Runs a set over jobs processes; 0 when every one found no difference. */
static int run_set(const char *name, set_fn fn, uint64_t total, int jobs, const char *what)
{
    double t0 = now_s();
    pid_t pid[64];
    for (int j = 0; j < jobs; j++) {
        uint64_t from = total / (uint64_t)jobs * (uint64_t)j;
        uint64_t to = j + 1 == jobs ? total : total / (uint64_t)jobs * (uint64_t)(j + 1);
        pid[j] = fork();
        if (pid[j] < 0) {
            perror("verify_kernels: fork");
            return 2;
        }
        if (pid[j] == 0)
            _exit(fn(from, to));
    }
    int rc = 0;
    for (int j = 0; j < jobs; j++) {
        int st = 0;
        if (waitpid(pid[j], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
            rc = WIFEXITED(st) && WEXITSTATUS(st) == 1 ? 1 : rc ? rc : 2;
    }
    printf("verify_kernels: %-8s %12llu windows %s: %s in %.1f s\n", name,
           (unsigned long long)total, what, rc ? "DIFFERENCE" : "no difference", now_s() - t0);
    fflush(stdout);
    return rc;
}

int main(int argc, char **argv)
{
    int quick = 0, jobs = 2;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: verify_kernels [--quick] [--jobs N]\n"
                            "  checks the UTF-8 kernels (count, validate, decode, encode) against "
                            "the scalar path (docs/utf8.md)\n");
            return argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2;
        }
    }
    if (jobs < 1 || jobs > 64) {
        fprintf(stderr, "verify_kernels: --jobs takes 1 to 64\n");
        return 2;
    }
    memset(text, 'a', sizeof text);
    for (size_t k = 0; k < LEN; k++)
        ascii_units[k] = 'a';
    memset(efill, 0xEE, sizeof efill);
    for (size_t b = 0; b < NEBG; b++) {
        for (size_t k = 0; k < LEN; k++)
            etext[b][k] = EBG[b][k % 2];
        size_t one = enc(LEPACK_VEC_NONE, etext[b], 1, ebytes[b]);
        ebg_len[b] = EBG[b][0] == EBG[b][1] ? one : 0;
        enc(LEPACK_VEC_NONE, etext[b], LEN, ebytes[b]);
    }
    best = lepack_vec_select(-1);
    static const char *const names[] = {"none", "SSE2", "AVX2", "AVX-512"};
    printf("verify_kernels: levels 1-%d checked against level 0 (best: %s)%s\n", best,
           names[best],
           best < LEPACK_VEC_AVX512
               ? "; this CPU runs no validating kernel, only the ASCII spans and the SSE2/AVX2 "
                 "encoders"
               : "");
    if (best == LEPACK_VEC_NONE)
        return 0;
    fflush(stdout);
    const uint64_t offsets = (LAST_OFFSET + 1) * ENDINGS;
    double t0 = now_s();
    /* The quickest first: a seeded bug stops the run at its first difference. */
    int rc = run_set("eclasses", set_eclasses,
                     (uint64_t)NECLASS * NECLASS * NECLASS * NEBG * offsets, jobs,
                     "(encoder: 16^3 unit-class windows x 67 offsets x 2 endings x 4 "
                     "backgrounds, every level)");
    if (rc == 0)
        rc = run_set("mclasses", set_mclasses,
                     (uint64_t)NECLASS * NECLASS * NECLASS * NEBG * offsets, jobs,
                     "(modified UTF-8 encoder: the same windows, every level)");
    if (rc == 0)
        rc = run_set("pairs", set_pairs, 65536 * offsets, jobs, "(every 2-byte value x 67 "
                     "offsets x 2 endings, every level)");
    if (rc == 0)
        rc = run_set("classes", set_classes, (uint64_t)NCLASS * NCLASS * NCLASS * NCLASS * offsets,
                     jobs, "(26^4 class windows x 67 offsets x 2 endings, every level)");
    if (rc == 0)
        rc = run_set("eunits", set_eunits, (uint64_t)EUNIT_BG * 65536 * offsets, jobs,
                     "(encoder: every unit x 67 offsets x 2 endings x 2 backgrounds, "
                     "every level)");
    if (rc == 0)
        rc = run_set("munits", set_munits, (uint64_t)EUNIT_BG * 65536 * offsets, jobs,
                     "(modified UTF-8 encoder: every unit x 67 offsets x 2 endings x 2 "
                     "backgrounds, best level)");
    if (rc == 0 && !quick)
        rc = run_set("raw", set_raw, (uint64_t)NRAW << 32, jobs,
                     "(every 4-byte value at offsets 20 and 62; best level)");
    if (rc == 0 && !quick)
        rc = run_set("eraw", set_eraw, (uint64_t)NERAW << 32, jobs,
                     "(encoder: every pair of units at offsets 15 and 31; best level)");
    printf("verify_kernels: %s in %.1f s\n", rc ? "FAILED" : "passed", now_s() - t0);
    return rc;
}
