/* SPDX-License-Identifier: Apache-2.0 */
/* Text-like UTF-16 for the UTF-8 benchmark (bench/bench_utf8.c) and its
 * instruction counts (bench/icount_utf8.c): one generator for both, so that
 * both measure the same kinds of text.
 *
 * Every string is drawn from a seeded generator: a pool made with another
 * seed (another round, another run) holds other text of the same kind, and
 * nothing here is shaped after one fixed text.  All text is valid UTF-16
 * (pairs whole), since simdutf, the yardstick, stops at an unpaired
 * surrogate. */
#ifndef LEPACK_BENCH_UTF8_TEXT_H
#define LEPACK_BENCH_UTF8_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Words of one kind (ascii, latin1, cjk, emoji) or mostly ASCII (mixed);
 * then text whose kind alternates in runs: alt2 two kinds without pairs
 * (two of ASCII, 2-byte and 3-byte, drawn per string), alt2p a kind
 * without pairs and emoji (pairs), alt4 four scripts without pairs (ASCII,
 * Latin-1, Cyrillic or Greek, CJK), alt4p four widths (ASCII, 2-byte,
 * 3-byte, emoji); each with runs of 1, of 2 to 4 and of 5 to 12
 * characters (a pair is one character of two units). */
enum {
    TEXT_ASCII,
    TEXT_LATIN1,
    TEXT_CJK,
    TEXT_EMOJI,
    TEXT_MIXED,
    TEXT_ALT2_1,
    TEXT_ALT2_4,
    TEXT_ALT2_12,
    TEXT_ALT2P_1,
    TEXT_ALT2P_4,
    TEXT_ALT2P_12,
    TEXT_ALT4_1,
    TEXT_ALT4_4,
    TEXT_ALT4_12,
    TEXT_ALT4P_1,
    TEXT_ALT4P_4,
    TEXT_ALT4P_12,
    TEXT_NCLASSES
};

/* "ascii", ..., "alt4p-5..12": the names the report and the options use. */
extern const char *const text_class_name[TEXT_NCLASSES];

/* The class named `name`, or -1. */
int text_class_of(const char *name);

/* splitmix64: one state per pool, so that pools do not depend on the order
 * in which they are made. */
typedef struct text_rng {
    uint64_t state;
} text_rng;

/* A generator for the pool (a, b, c) of the run seeded with `seed`. */
void text_seed(text_rng *r, uint64_t seed, unsigned a, unsigned b, unsigned c);
uint64_t text_next(text_rng *r);
/* Uniform in [0, n), n > 0. */
uint32_t text_below(text_rng *r, uint32_t n);

/* Fills s[0 .. n) with text of class cls; returns n. */
size_t text_make(text_rng *r, int cls, uint16_t *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif
