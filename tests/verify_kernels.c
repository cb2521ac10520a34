/* SPDX-License-Identifier: Apache-2.0 */
/* The UTF-8 kernels against the proven scalar path.  Decoding: the count,
 * validation and decode kernels (lepack_vec_utf8_count, _valid_run and
 * _decode, behind lepack_utf8_decoded_length, lepack_utf8_validate and
 * lepack_utf8_decode: at AVX-512 one validating kernel that counts or
 * transcodes): count, verdict and every unit decoded.  Encoding: the
 * encode and length kernels (lepack_vec_utf8_encode, lepack_vec_utf8_length
 * and lepack_vec_mutf8_encode, behind lepack_utf8_encode and
 * lepack_mutf8_write): every byte written, and the length asked for.  Over
 * windows that docs/utf8.md ("The AVX-512 kernels, checked exhaustively")
 * shows to be complete: what the decoder makes of a byte depends on that
 * byte, the three before it, where the byte sits in its block and what the
 * block before handed on; what the encoder makes of a unit, on that unit,
 * its two neighbours and the kinds of units in its block.
 *
 *   verify_kernels [--quick] [--jobs N] [--level L | --only-level L]
 *
 * Through the public functions, at every vector level the CPU has (level
 * 0, the scalar path, is the oracle); --level L checks levels 1 .. L only,
 * as on a CPU whose best level is L (exit 3 when this CPU lacks L), and
 * --only-level L level L alone (a seeded bug at level L: make
 * kernel-mutants).  Every
 * call writes into a buffer poisoned just before it, with poisoned guards
 * before and after: every unit or byte outside what the call's contract
 * assigns (below the output's start, from *written on, and all of it after
 * LEPACK_ENOSPACE) must still hold the poison.  Decoding windows sit in a
 * background (bg_* below), the text either running on past the window or
 * ending with it:
 *   pairs    every 2-byte value at every offset 0-66 of ASCII text after a
 *            two-byte anchor (every lane of the first block, and across
 *            into the second), and at every offset 64-130 of ASCII texts
 *            of 260 and 320 bytes from their start (the second block of
 *            the AVX-512 ASCII run's two-block step, and across into the
 *            third), every level
 *   classes  every 4-byte window over the 26 byte classes the kernel's
 *            lookups tell apart (KCLASS, tests/utf8_classes.h), the same
 *            places, every level
 *   dense    every window of 2 classes (3 without --quick) at every offset
 *            of two-, three- and four-byte text, every level: the output
 *            after a kernel's stores is then shorter than the input
 *   tails    an ASCII head of every length up to 48 bytes in place of the
 *            start of those texts, each ending at every sequence start:
 *            an ASCII run of every length before every amount of dense
 *            text, every level
 *   seams    every 4-byte window over 14 classes (the 26 without --quick)
 *            across block edges of 4256-byte texts that keep the decoder in
 *            its runs (two-byte runs; checked runs at a fixed stride, with
 *            the 4 KiB limit at byte 4096), each also decoded into an
 *            exact-size buffer (above 1024 bytes: counted first, then
 *            decoded); --quick: the edges at 64, 128, 192, 4032, 4096, 4160
 *            and 4224, else every edge; AVX-512 (below it, no decoding
 *            kernel carries anything from one block to the next)
 *   raw      every 4-byte value (2^32), at offset 20 and at offset 62
 *            (across the edge of the first block) of a 72-byte text, at
 *            the best level
 * Encoding windows sit in a background of one repeated pair of units:
 *   eclasses every 3-unit window over the 16 unit classes (ECLASS), at
 *            every offset 0-66, over ASCII, two-byte, three-byte and
 *            surrogate-pair backgrounds, each encoded with room for three
 *            bytes a unit, into exactly its length (measured first: the
 *            length kernels) and into one byte less, every level
 *   mclasses the same windows through the modified UTF-8 encoder, with
 *            room for three bytes a unit (writeUTF measures with the scalar
 *            lepack_mutf8_length)
 *   eunits   every unit value at every offset 0-66, over ASCII and
 *            three-byte backgrounds, every level
 *   munits   the same through the modified UTF-8 encoder, at AVX-512 (its
 *            kernel exists there only)
 *   eraw     every pair of units (2^32) at offset 15 and at offset 31
 *            (across the edges of the 16- and 32-unit blocks) of a 72-unit
 *            ASCII text, every level
 * --quick runs all but raw and eraw, with the reduced dense and seams sets
 * (seconds): what `make kernel-mutants` asks of every seeded kernel bug.
 * The work is split over N processes (default 2; the vector level is per
 * process).
 *
 * Exit status: 0 no difference, 1 a difference (the first is printed),
 * 2 usage or setup, 3 --level asks for a level this CPU does not have. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "utf8.h"
#include "utf8_classes.h"
#include "utf8_vec.h"

enum { LEN = 140, LAST_OFFSET = 66 };
enum { SEAM_LEN = 4256 };  /* 66 whole blocks and a tail of 32 bytes */
enum { MAXLEN = SEAM_LEN };
enum { GUARD = 64 };       /* poisoned units (decoding) or bytes (encoding) on each side */
enum { POISON = 0xA5 };

static int best;        /* the highest level checked */
static int lowest = 1;  /* the lowest (--only-level: best) */
static int quick;

static uint8_t poison_bytes[2 * (GUARD + MAXLEN + GUARD)]; /* all POISON */

static int poisoned(const void *p, size_t nbytes)
{
    return memcmp(p, poison_bytes, nbytes) == 0;
}

static const char *const LEVEL_NAMES[] = {"none", "SSE2", "AVX2", "AVX-512"};

/* ---- decoding backgrounds -------------------------------------------------
 * A text of whole well-formed sequences, its units (the scalar decoding)
 * and where each sequence starts.  A window overwrites some of its bytes;
 * the sequences wholly before the window and wholly after it decode as
 * they did, so the scalar answer for the whole text comes from the
 * window's context alone (from the last sequence start at or before it to
 * the first at or after its end, which no step of the scalar decoder
 * reads past, since a sequence start is no continuation byte). */
typedef struct dbg {
    const char *name;
    size_t len;
    uint8_t bytes[MAXLEN];
    uint16_t units[MAXLEN];
    uint32_t unit_at[MAXLEN + 1]; /* the units before byte k, where a sequence starts */
    uint8_t start[MAXLEN + 1];    /* 1 where a sequence starts (len too) */
} dbg;

/* Appends one sequence of n bytes (one unit, or two for four bytes). */
static void bg_put(dbg *b, const uint8_t *seq, size_t n)
{
    b->start[b->len] = 1;
    b->unit_at[b->len + n] = b->unit_at[b->len] + (n == 4 ? 2 : 1);
    memcpy(b->bytes + b->len, seq, n);
    b->len += n;
    b->start[b->len] = 1;
}

static const uint8_t SEQ_A[] = {'a'}, SEQ_E9[] = {0xC3, 0xA9}, SEQ_4E2D[] = {0xE4, 0xB8, 0xAD},
                     SEQ_1F600[] = {0xF0, 0x9F, 0x98, 0x80};

/* b: `len` bytes of `fill` (whole sequences, then 'a' up to len), with
 * `mark` at each offset 64k + at (k >= 0, at < 64; none when mark is
 * NULL) and `anchor` at 0. */
static int bg_make(dbg *b, const char *name, size_t len, const uint8_t *fill, size_t fl,
                   const uint8_t *anchor, size_t al, const uint8_t *mark, size_t ml, size_t at)
{
    memset(b, 0, sizeof *b);
    b->name = name;
    while (b->len < len) {
        size_t k = b->len;
        if (anchor != NULL && k == 0)
            bg_put(b, anchor, al);
        else if (mark != NULL && k % 64 == at && k + ml <= len)
            bg_put(b, mark, ml);
        else if (k + fl <= len)
            bg_put(b, fill, fl);
        else
            bg_put(b, SEQ_A, 1);
    }
    /* Its units: the scalar path (level 0), which must agree with the
     * sequences' count. */
    size_t written = 0;
    lepack_vec_select(LEPACK_VEC_NONE);
    if (b->len != len ||
        lepack_utf8_decode(b->bytes, b->len, b->units, b->len, &written) != LEPACK_OK ||
        written != b->unit_at[b->len]) {
        fprintf(stderr, "verify_kernels: background %s: setup failed\n", name);
        return 0;
    }
    return 1;
}

/* ASCII text ('a'), with a two-byte anchor (U+00E9) at offset 0 for the
 * windows at offset 2 and more: the decoding kernel's blocks then start at
 * the text's start, not at the window's first byte past an ASCII run, so
 * the window meets every lane of a block and its edge. */
static dbg bg_ascii, bg_anchored;
enum { ANCHOR_FROM = 2 };
/* Where the AVX-512 decoder's ASCII run (vec_ascii_avx512) takes the
 * second block of a two-block step, in ASCII text from its start: a byte
 * there is tested with the first block's, so it has windows of its own, in
 * texts longer than the decoder's short way (VEC_SHORT, 256 bytes) that
 * run on past a second step (320 bytes) or end 4 bytes into it (260). */
enum { ASCII_STEP_SECOND = 64, ASCII_LONG = 320, ASCII_LONG_ENDING = 260 };
static dbg bg_ascii_long;
/* Two-, three- and four-byte text: a kernel's stores are followed by fewer
 * units than bytes. */
static dbg bg_dense[3];
/* Long texts that keep the AVX-512 decoder in one kind of run from their
 * start: ASCII with U+00E9 at the start of the text and at byte 30 of
 * every block (two-byte runs), and the same with U+4E2D (checked runs at
 * the fixed stride, which stop at the 4 KiB limit and start again).  A
 * window across a block's edge (lanes 61 .. 66) never touches those. */
static dbg bg_seam[2];

static const dbg *bg_for(size_t off)
{
    return off >= ANCHOR_FROM ? &bg_anchored : &bg_ascii;
}

static int backgrounds(void)
{
    return bg_make(&bg_ascii, "ASCII", LEN, SEQ_A, 1, NULL, 0, NULL, 0, 0) &&
           bg_make(&bg_anchored, "ASCII after U+00E9", LEN, SEQ_A, 1, SEQ_E9, 2, NULL, 0, 0) &&
           bg_make(&bg_ascii_long, "long ASCII", ASCII_LONG, SEQ_A, 1, NULL, 0, NULL, 0, 0) &&
           bg_make(&bg_dense[0], "two-byte", LEN, SEQ_E9, 2, NULL, 0, NULL, 0, 0) &&
           bg_make(&bg_dense[1], "three-byte", LEN, SEQ_4E2D, 3, NULL, 0, NULL, 0, 0) &&
           bg_make(&bg_dense[2], "four-byte", LEN, SEQ_1F600, 4, NULL, 0, NULL, 0, 0) &&
           bg_make(&bg_seam[0], "ASCII with U+00E9 in every block", SEAM_LEN, SEQ_A, 1, SEQ_E9,
                   2, SEQ_E9, 2, 30) &&
           bg_make(&bg_seam[1], "ASCII with U+4E2D in every block", SEAM_LEN, SEQ_A, 1,
                   SEQ_4E2D, 3, SEQ_4E2D, 3, 30);
}

/* ---- decoding: one window ------------------------------------------------- */

/* count, validate and decode's answers: units counted, the offset of the
 * first ill-formed byte or len + 1 when the text is well-formed, and units
 * written. */
typedef struct answer {
    size_t units, valid, written;
} answer;

/* The scalar answers for s[0 .. len), the units into out (capacity len). */
static answer scalar(const uint8_t *s, size_t len, uint16_t *out)
{
    answer a = {0, 0, 0};
    size_t bad = 0;
    lepack_vec_select(LEPACK_VEC_NONE);
    if (lepack_utf8_decoded_length(s, len, &a.units) != LEPACK_OK)
        a.units = (size_t)-1;
    a.valid = lepack_utf8_validate(s, len, &bad) == LEPACK_OK ? len + 1 : bad;
    if (lepack_utf8_decode(s, len, out, len, &a.written) != LEPACK_OK)
        a.written = (size_t)-1;
    return a;
}

static uint8_t text[MAXLEN];
static const dbg *text_bg; /* what text holds outside the window */
static uint16_t dbuf[GUARD + MAXLEN + GUARD], *const dst = dbuf + GUARD;
static uint16_t ctx_units[64];

/* The expected decoding: the background's units before the context, the
 * context's own, the background's after it. */
typedef struct dwant {
    answer a;
    size_t before, mine, after_from, after;
} dwant;

static int same_units(const dbg *b, const dwant *w)
{
    return memcmp(dst, b->units, w->before * 2) == 0 &&
           memcmp(dst + w->before, ctx_units, w->mine * 2) == 0 &&
           memcmp(dst + w->before + w->mine, b->units + w->after_from, w->after * 2) == 0;
}

/* Decodes text[0 .. len) at the current level into dst, capacity cap,
 * after poisoning dbuf; the first thing wrong, or NULL. */
static const char *decode_into(const dbg *b, const dwant *w, size_t len, size_t cap)
{
    size_t written = (size_t)-1;
    memset(dbuf, POISON, (GUARD + cap + GUARD) * 2);
    if (lepack_utf8_decode(text, len, dst, cap, &written) != LEPACK_OK)
        return "the decode failed";
    if (written != w->a.written)
        return "the decode wrote a different number of units";
    if (!same_units(b, w))
        return "the units differ";
    if (!poisoned(dbuf, GUARD * 2))
        return "a unit stored before the output";
    if (!poisoned(dst + written, (cap - written + GUARD) * 2))
        return "a unit stored past *written";
    return NULL;
}

/* What the scalar path makes of text[0 .. len), the window of wl bytes
 * at off in place: from the window's context alone (from the last sequence
 * start of b at or before it to the first at or after its end, or len),
 * with b's units before and after it. */
static dwant oracle(const dbg *b, size_t off, size_t wl, size_t len)
{
    size_t cs = off, ce = off + wl;
    while (!b->start[cs])
        cs--;
    while (ce < len && !b->start[ce])
        ce++;
    answer c = scalar(text + cs, ce - cs, ctx_units);
    dwant want;
    want.before = b->unit_at[cs];
    want.mine = c.written;
    want.after_from = ce < len ? b->unit_at[ce] : 0;
    want.after = ce < len ? b->unit_at[len] - b->unit_at[ce] : 0;
    want.a.units = want.before + c.units + want.after;
    want.a.written = want.before + c.written + want.after;
    want.a.valid = c.valid <= ce - cs ? cs + c.valid : len + 1;
    return want;
}

/* The first thing wrong at the current level: count, verdict, a decode
 * with a capacity of len units (one pass) and, with `exact`, one into
 * exactly the units needed (*how says which decode); NULL when none. */
static const char *dlevel(const dbg *b, const dwant *want, size_t len, int exact, answer *got,
                          const char **how)
{
    size_t bad = 0;
    got->units = (size_t)-1;
    (void)lepack_utf8_decoded_length(text, len, &got->units);
    got->valid = lepack_utf8_validate(text, len, &bad) == LEPACK_OK ? len + 1 : bad;
    if (got->units != want->a.units)
        return "the count differs";
    if (got->valid != want->a.valid)
        return "the verdict differs";
    *how = "a capacity of the byte count";
    const char *why = decode_into(b, want, len, len);
    if (why != NULL || !exact)
        return why;
    *how = "an exact-size buffer";
    return decode_into(b, want, len, want->a.written);
}

/* The window w at offset off of background b, the text ending at len (b's
 * length, or the window's end), at levels lo..hi (dlevel). */
static int dcheck(const dbg *b, const uint8_t *w, size_t wl, size_t off, size_t len, int lo, int hi,
                  int exact)
{
    if (text_bg != b) {
        memcpy(text, b->bytes, b->len);
        text_bg = b;
    }
    memcpy(text + off, w, wl);
    dwant want = oracle(b, off, wl, len);
    int ok = 1;
    for (int level = lo; level <= hi && ok; level++) {
        lepack_vec_select(level);
        answer got;
        const char *how = NULL;
        const char *why = dlevel(b, &want, len, exact, &got, &how);
        if (why != NULL) {
            fprintf(stderr, "verify_kernels: level %d, window", level);
            for (size_t k = 0; k < wl; k++)
                fprintf(stderr, " %02x", w[k]);
            fprintf(stderr, " at offset %zu of %zu bytes (%s)%s%s: %s; count %zu, verdict %zu; "
                            "scalar %zu units, verdict %zu (first ill-formed byte, length + 1 "
                            "when none)\n",
                    off, len, b->name, how ? ", decoded into " : "", how ? how : "", why,
                    got.units, got.valid, want.a.units, want.a.valid);
            ok = 0;
        }
    }
    memcpy(text + off, b->bytes + off, wl);
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
        size_t ending = k % ENDINGS, place = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint64_t rest = k / ENDINGS / (LAST_OFFSET + 1);
        int second = (int)(rest % 2);
        uint32_t v = (uint32_t)(rest / 2);
        uint8_t w[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
        if (second) {
            size_t off = ASCII_STEP_SECOND + place;
            if (!dcheck(&bg_ascii_long, w, 2, off, ending ? ASCII_LONG_ENDING : ASCII_LONG,
                        lowest, best, 0))
                return 1;
        } else if (!dcheck(bg_for(place), w, 2, place, length_for(place, 2, ending), lowest,
                           best, 0)) {
            return 1;
        }
    }
    return 0;
}

/* Window number v of wl bytes over the classes cls[0 .. nc). */
static void class_window(uint64_t v, const uint8_t *cls, size_t nc, uint8_t *w, size_t wl)
{
    for (size_t b = 0; b < wl; b++, v /= nc)
        w[b] = cls[v % nc];
}

static int set_classes(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint8_t w[4];
        class_window(k / ENDINGS / (LAST_OFFSET + 1), KCLASS, NCLASS, w, 4);
        if (!dcheck(bg_for(off), w, 4, off, length_for(off, 4, ending), lowest, best, 0))
            return 1;
    }
    return 0;
}

/* Windows of dense_w class bytes at every offset of the dense texts. */
static size_t dense_w;

static uint64_t pow_u(uint64_t b, size_t e)
{
    uint64_t r = 1;
    while (e-- > 0)
        r *= b;
    return r;
}

static int set_dense(uint64_t from, uint64_t to)
{
    const size_t offsets = LEN - dense_w + 1;
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % offsets);
        uint64_t v = k / ENDINGS / offsets;
        const dbg *b = &bg_dense[v % 3];
        uint8_t w[4];
        class_window(v / 3, KCLASS, NCLASS, w, dense_w);
        if (!dcheck(b, w, dense_w, off, length_for(off, dense_w, ending), lowest, best, 0))
            return 1;
    }
    return 0;
}

/* An ASCII head of 1 .. TAIL_HEAD bytes ('a') in place of the start of
 * each dense text, which ends at every sequence start after the head (or
 * with it): the first kernel call meets an ASCII run of every length
 * followed by every amount of text that decodes to as few units as a text
 * can (a third, a half or all of its bytes), so a store that runs ahead
 * of the units decoded shows past *written.  The triples (background,
 * head, length) are listed once. */
enum { TAIL_HEAD = 48 };
typedef struct tail {
    uint8_t bg, head, len;
} tail;
static tail tails[3 * TAIL_HEAD * (LEN + 1)];
static size_t ntails;
static uint8_t heads[TAIL_HEAD];

static void list_tails(void)
{
    memset(heads, 'a', sizeof heads);
    for (size_t b = 0; b < 3; b++)
        for (size_t h = 1; h <= TAIL_HEAD; h++)
            for (size_t len = h; len <= LEN; len++)
                if (len == h || bg_dense[b].start[len])
                    tails[ntails++] = (tail){(uint8_t)b, (uint8_t)h, (uint8_t)len};
}

static int set_tails(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        const tail *t = &tails[k];
        if (!dcheck(&bg_dense[t->bg], heads, t->head, 0, t->len, lowest, best, 0))
            return 1;
    }
    return 0;
}

/* The block edges of the seams set: every multiple of 64 below SEAM_LEN,
 * or with --quick the first three (the first block's, two between later
 * blocks), the three around the 4 KiB limit and the last. */
static const size_t QUICK_EDGES[] = {64, 128, 192, 4032, 4096, 4160, 4224};
#define NQUICK_EDGES (sizeof QUICK_EDGES / sizeof QUICK_EDGES[0])
enum { NEDGES = (SEAM_LEN - 1) / 64 };

static size_t seam_edge(size_t j)
{
    return quick ? QUICK_EDGES[j] : 64 * (j + 1);
}

static size_t seam_edges(void)
{
    return quick ? NQUICK_EDGES : NEDGES;
}

/* The classes of the seams set with --quick: each kind of byte a block
 * can hand on to the next (ASCII, continuation bytes of each range a
 * second byte is checked against, every kind of lead, bytes no sequence
 * starts with). */
static const uint8_t SEAM_CLASS[] = {0x41, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC1,
                                     0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5};
#define NSEAM_CLASS (sizeof SEAM_CLASS / sizeof SEAM_CLASS[0])

static const uint8_t *seam_classes(size_t *nc)
{
    *nc = quick ? NSEAM_CLASS : NCLASS;
    return quick ? SEAM_CLASS : KCLASS;
}

/* Offsets edge - 3 .. edge: the window across the edge at each split, and
 * just after it (its first lanes reading the three bytes before from the
 * block before).  A text running on ends 168 bytes past the edge (at byte
 * 40 of a block: between sequences), or at SEAM_LEN: the blocks on both
 * sides of the edge and the next are in the same run as in the whole
 * text. */
enum { SEAM_SPLITS = 4, SEAM_AFTER = 168 };

static int set_seams(uint64_t from, uint64_t to)
{
    size_t nc;
    const uint8_t *cls = seam_classes(&nc);
    for (uint64_t k = from; k < to; k++) {
        uint64_t r = k;
        size_t ending = r % ENDINGS;
        r /= ENDINGS;
        size_t split = r % SEAM_SPLITS;
        r /= SEAM_SPLITS;
        size_t edge = seam_edge(r % seam_edges());
        r /= seam_edges();
        const dbg *b = &bg_seam[r % 2];
        uint8_t w[4];
        class_window(r / 2, cls, nc, w, 4);
        size_t off = edge - 3 + split;
        size_t len = ending ? off + 4 : edge + SEAM_AFTER < SEAM_LEN ? edge + SEAM_AFTER : SEAM_LEN;
        if (!dcheck(b, w, 4, off, len, LEPACK_VEC_AVX512, LEPACK_VEC_AVX512, 1))
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
        if (!dcheck(&bg_anchored, w, 4, RAW_AT[k >> 32], RAW_LEN, best, best, 0))
            return 1;
    }
    return 0;
}

/* ---- the encoders: lepack_utf8_encode and lepack_mutf8_write --------------
 * A lane's bytes are fields of its unit's bits; only a surrogate's depend
 * on a neighbour (the unit before or after, which may pair with it), and
 * which form takes a block depends on the kinds of units in it.  So: every
 * unit value at every offset, the class windows (three units, so a
 * surrogate meets each kind of neighbour on both sides) over backgrounds
 * that send the block down each form, and every pair of units raw at the
 * edges of the 16- and 32-unit blocks.  The length kernels answer from
 * the same comparisons (a unit's kind, and whether a surrogate pairs): the
 * class windows, encoded into exactly their length and one byte less,
 * exercise them. */

/* Backgrounds, each a repeated pair of units: ASCII, two-byte, three-byte
 * (the 32-unit forms) and surrogate pairs (the pair form, and the general
 * block around anything that breaks a pair). */
static const uint16_t EBG[][2] = {{'a', 'a'}, {0xE9, 0xE9}, {0x4E2D, 0x4E2D}, {0xD83D, 0xDE00}};
#define NEBG (sizeof EBG / sizeof EBG[0])
static uint16_t etext[NEBG][LEN];
static uint8_t ebytes[NEBG][4 * LEN]; /* the background's bytes alone */
static size_t ebg_len[NEBG];          /* bytes per background unit (not the pairs) */
enum { EOUT = 4 * LEN + 2 };
static uint8_t ebuf[GUARD + EOUT + GUARD], *const edst = ebuf + GUARD;
static uint8_t ewant[EOUT];

/* Which encoder: 0 lepack_utf8_encode, 1 lepack_mutf8_write (writeUTF:
 * a two-byte length, then the body, every unit on its own). */
static int modified;
/* Whether the class windows are also encoded into exactly their length
 * and one byte less. */
static int tight;

/* The encoder's status for s[0 .. n) at a level into out with capacity
 * cap, *wr its count. */
static lepack_status enc_cap(int level, const uint16_t *s, size_t n, uint8_t *out, size_t cap,
                             size_t *wr)
{
    lepack_vec_select(level);
    return modified ? lepack_mutf8_write(s, n, out, cap, wr) : lepack_utf8_encode(s, n, out, cap, wr);
}

/* Bytes of s[0 .. n) with room for all (three a unit; writeUTF's length). */
static size_t enc(int level, const uint16_t *s, size_t n, uint8_t *out)
{
    size_t wr = 0;
    return enc_cap(level, s, n, out, 3 * n + (modified ? 2 : 0), &wr) == LEPACK_OK ? wr : (size_t)-1;
}

/* Encodes t[0 .. len) at a level into edst with capacity cap after
 * poisoning ebuf, and compares with the expected bytes (h: writeUTF's
 * length, want: the bytes after it); the first thing wrong, or NULL. */
static const char *encode_into(int level, const uint16_t *t, size_t len, size_t cap, size_t h,
                               size_t want, size_t b, size_t off, size_t mine)
{
    size_t got = (size_t)-1;
    memset(ebuf, POISON, GUARD + cap + GUARD);
    lepack_status st = enc_cap(level, t, len, edst, cap, &got);
    if (!poisoned(ebuf, GUARD))
        return "a byte stored before the output";
    if (cap < want + h) {
        if (st != LEPACK_ENOSPACE)
            return "no LEPACK_ENOSPACE one byte short";
        if (got != want + h)
            return "LEPACK_ENOSPACE with another size needed";
        if (!poisoned(edst, cap + GUARD))
            return "a byte stored after all, one byte short";
        return NULL;
    }
    if (st != LEPACK_OK || got != want + h)
        return st != LEPACK_OK ? "the encode failed" : "another number of bytes";
    if (h != 0 && (edst[0] != (want >> 8 & 0xFF) || edst[1] != (want & 0xFF)))
        return "writeUTF's length differs";
    const uint8_t *g = edst + h;
    size_t bl = ebg_len[b];
    int same = bl ? memcmp(g, ebytes[b], off * bl) == 0 &&
                        memcmp(g + off * bl, ewant, mine) == 0 &&
                        memcmp(g + off * bl + mine, ebytes[b], want - off * bl - mine) == 0
                  : memcmp(g, ewant + h, want) == 0;
    if (!same)
        return "the bytes differ";
    if (!poisoned(g + want, cap - want - h + GUARD))
        return "a byte stored past *written";
    return NULL;
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
    /* Room for three bytes a unit; with `tight`, exactly the bytes needed
     * (measured first, unless that is the same room) and one byte less. */
    const size_t roomy = 3 * len + h;
    size_t caps[3] = {roomy, want + h, want + h - 1};
    size_t ncaps = tight && want + h > 0 ? 3 : 1;
    int ok = 1;
    for (int level = lo; level <= hi && ok; level++) {
        for (size_t c = 0; c < ncaps && ok; c++) {
            const char *why = encode_into(level, t, len, caps[c], h, want, b, off, mine);
            if (why != NULL) {
                fprintf(stderr, "verify_kernels: level %d, %s window", level,
                        modified ? "modified UTF-8 encoder" : "encoder");
                for (size_t k = 0; k < wl; k++)
                    fprintf(stderr, " %04x", w[k]);
                fprintf(stderr, " at offset %zu of %zu units over %04x %04x, capacity %zu "
                                "(%s): %s; scalar %zu bytes\n",
                        off, len, EBG[b][0], EBG[b][1], caps[c],
                        c == 0 ? "three bytes a unit" : c == 1 ? "exact" : "one byte short",
                        why, want + h);
                ok = 0;
            }
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
        int lo = modified ? LEPACK_VEC_AVX512 : lowest;
        if (!echeck(w, 1, off, length_for(off, 1, ending), v >> 16 ? 2 : 0, lo, best))
            return 1;
    }
    return 0;
}

/* Every three-unit window over the unit classes, every offset, both
 * endings, every background, every level. */
static int classes3(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        size_t ending = k % ENDINGS, off = (size_t)(k / ENDINGS % (LAST_OFFSET + 1));
        uint64_t v = k / ENDINGS / (LAST_OFFSET + 1);
        uint16_t w[3];
        for (size_t u = 0; u < 3; u++, v /= NECLASS)
            w[u] = ECLASS[v % NECLASS];
        if (!echeck(w, 3, off, length_for(off, 3, ending), (size_t)v, lowest, best))
            return 1;
    }
    return 0;
}

/* ... and every capacity: the length kernels behind lepack_utf8_encode. */
static int set_eclasses(uint64_t from, uint64_t to)
{
    tight = 1;
    return classes3(from, to);
}

/* The same for writeUTF's body, whose kernel exists at AVX-512 only: every
 * unit at AVX-512, the class windows at every level (writeUTF measures
 * with the scalar lepack_mutf8_length: no length kernel). */
static int set_mclasses(uint64_t from, uint64_t to)
{
    modified = 1;
    return classes3(from, to);
}

static int set_munits(uint64_t from, uint64_t to)
{
    modified = 1;
    return set_eunits(from, to);
}

/* Every pair of units across the 16-unit edge (offset 15) and the 32-unit
 * edge (offset 31) of a 72-unit ASCII text, every level. */
static const size_t ERAW_AT[] = {15, 31};
#define NERAW (sizeof ERAW_AT / sizeof ERAW_AT[0])

static int set_eraw(uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k++) {
        uint16_t w[2] = {(uint16_t)k, (uint16_t)(k >> 16)};
        if (!echeck(w, 2, ERAW_AT[k >> 32], RAW_LEN, 0, lowest, best))
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

/* CPU seconds of the processes of the sets run so far (on a shared
 * machine a truer measure of a set's cost than the time it took). */
static double cpu_s(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

/* Runs a set over jobs processes; 0 when every one found no difference. */
static int run_set(const char *name, set_fn fn, uint64_t total, int jobs, const char *what)
{
    double t0 = now_s(), c0 = cpu_s();
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
    printf("verify_kernels: %-8s %12llu windows %s: %s in %.1f s (%.1f s CPU)\n", name,
           (unsigned long long)total, what, rc ? "DIFFERENCE" : "no difference", now_s() - t0,
           cpu_s() - c0);
    fflush(stdout);
    return rc;
}

static int usage(int rc)
{
    fprintf(rc ? stderr : stdout,
            "usage: verify_kernels [--quick] [--jobs N] [--level L | --only-level L]\n"
            "  checks the UTF-8 kernels (count, validate, decode, encode, length) against the "
            "scalar path (docs/utf8.md)\n"
            "  --quick    the reduced sets (make kernel-mutants)\n"
            "  --jobs N   N processes (1 to 64, default 2)\n"
            "  --level L  levels 1 to L only, as on a CPU whose best level is L\n"
            "             (1 SSE2, 2 AVX2, 3 AVX-512; exit 3 when this CPU lacks it)\n"
            "  --only-level L  level L alone\n");
    return rc;
}

int main(int argc, char **argv)
{
    int jobs = 2, level = -1, only = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else if (strcmp(argv[i], "--level") == 0 && i + 1 < argc)
            level = atoi(argv[++i]);
        else if (strcmp(argv[i], "--only-level") == 0 && i + 1 < argc)
            level = atoi(argv[++i]), only = 1;
        else
            return usage(argc == 2 && strcmp(argv[1], "--help") == 0 ? 0 : 2);
    }
    if (jobs < 1 || jobs > 64) {
        fprintf(stderr, "verify_kernels: --jobs takes 1 to 64\n");
        return 2;
    }
    if (level != -1 && (level < LEPACK_VEC_SSE2 || level > LEPACK_VEC_AVX512)) {
        fprintf(stderr, "verify_kernels: --level takes 1 (SSE2), 2 (AVX2) or 3 (AVX-512)\n");
        return 2;
    }
    best = lepack_vec_select(-1);
    if (level > best) {
        printf("verify_kernels: cannot run level %d (%s): the best level of this CPU is %s\n",
               level, LEVEL_NAMES[level], LEVEL_NAMES[best]);
        return 3;
    }
    if (level != -1)
        best = level;
    if (only)
        lowest = best;
    memset(poison_bytes, POISON, sizeof poison_bytes);
    if (!backgrounds())
        return 2;
    for (size_t b = 0; b < NEBG; b++) {
        for (size_t k = 0; k < LEN; k++)
            etext[b][k] = EBG[b][k % 2];
        size_t one = enc(LEPACK_VEC_NONE, etext[b], 1, ebytes[b]);
        ebg_len[b] = EBG[b][0] == EBG[b][1] ? one : 0;
        enc(LEPACK_VEC_NONE, etext[b], LEN, ebytes[b]);
    }
    dense_w = quick ? 2 : 3;
    list_tails();
    printf("verify_kernels: levels %d-%d checked against level 0 (%s: %s)%s\n", lowest, best,
           level != -1 ? "forced" : "best", LEVEL_NAMES[best],
           best < LEPACK_VEC_AVX512 ? "; no AVX-512 kernel checked: without it no validating "
                                      "kernel runs, only the ASCII spans and the SSE2/AVX2 "
                                      "encoders"
                                    : "");
    if (best == LEPACK_VEC_NONE)
        return 0;
    fflush(stdout);
    const uint64_t offsets = (LAST_OFFSET + 1) * ENDINGS;
    const int avx512 = best >= LEPACK_VEC_AVX512;
    size_t nseam;
    (void)seam_classes(&nseam);
    char what[256];
    double t0 = now_s();
    /* A seeded bug stops the run at its first difference: the cheapest sets
     * first, and of the decoding and encoding sets each a quick one that
     * meets most of its kernel's code before the long ones; the 26^4
     * class windows, half the reduced set's time, last of the reduced set. */
    int rc = run_set("tails", set_tails, ntails, jobs,
                     "(ASCII heads of 1-48 bytes before two-, three- and four-byte text, "
                     "ending at every sequence start, every level)");
    if (rc == 0) {
        snprintf(what, sizeof what, "(26^%zu class windows x %zu offsets x 2 endings x 3 "
                 "dense backgrounds, every level)", dense_w, (size_t)LEN - dense_w + 1);
        rc = run_set("dense", set_dense,
                     pow_u(NCLASS, dense_w) * 3 * (LEN - dense_w + 1) * ENDINGS, jobs, what);
    }
    if (rc == 0)
        rc = run_set("pairs", set_pairs, 65536 * offsets * 2, jobs, "(every 2-byte value x 67 "
                     "offsets x 2 endings x 2 places, every level)");
    if (rc == 0)
        rc = run_set("eclasses", set_eclasses,
                     (uint64_t)NECLASS * NECLASS * NECLASS * NEBG * offsets, jobs,
                     "(encoder: 16^3 unit-class windows x 67 offsets x 2 endings x 4 "
                     "backgrounds x 3 capacities, every level)");
    if (rc == 0)
        rc = run_set("mclasses", set_mclasses,
                     (uint64_t)NECLASS * NECLASS * NECLASS * NEBG * offsets, jobs,
                     "(modified UTF-8 encoder: the same windows, three bytes a unit, "
                     "every level)");
    if (rc == 0 && avx512) {
        snprintf(what, sizeof what, "(%zu^4 class windows x 4 offsets x %zu block edges x 2 "
                 "endings x 2 backgrounds, each also into an exact-size buffer; AVX-512)",
                 nseam, seam_edges());
        rc = run_set("seams", set_seams,
                     pow_u(nseam, 4) * 2 * seam_edges() * SEAM_SPLITS * ENDINGS, jobs, what);
    }
    if (rc == 0)
        rc = run_set("eunits", set_eunits, (uint64_t)EUNIT_BG * 65536 * offsets, jobs,
                     "(encoder: every unit x 67 offsets x 2 endings x 2 backgrounds, "
                     "every level)");
    if (rc == 0 && avx512)
        rc = run_set("munits", set_munits, (uint64_t)EUNIT_BG * 65536 * offsets, jobs,
                     "(modified UTF-8 encoder: every unit x 67 offsets x 2 endings x 2 "
                     "backgrounds, AVX-512)");
    if (rc == 0)
        rc = run_set("classes", set_classes, (uint64_t)NCLASS * NCLASS * NCLASS * NCLASS * offsets,
                     jobs, "(26^4 class windows x 67 offsets x 2 endings, every level)");
    if (rc == 0 && !quick)
        rc = run_set("raw", set_raw, (uint64_t)NRAW << 32, jobs,
                     "(every 4-byte value at offsets 20 and 62; best level)");
    if (rc == 0 && !quick)
        rc = run_set("eraw", set_eraw, (uint64_t)NERAW << 32, jobs,
                     "(encoder: every pair of units at offsets 15 and 31; every level)");
    printf("verify_kernels: %s in %.1f s (%.1f s CPU)\n", rc ? "FAILED" : "passed", now_s() - t0,
           cpu_s());
    return rc;
}
