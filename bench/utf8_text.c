/* SPDX-License-Identifier: Apache-2.0 */
/* The benchmark's text (bench/utf8_text.h). */
#include "utf8_text.h"

#include <string.h>

const char *const text_class_name[TEXT_NCLASSES] = {
    "ascii",      "latin1",      "cjk",         "emoji",         "mixed",
    "alt2-1",     "alt2-2..4",   "alt2-5..12",  "alt2p-1",       "alt2p-2..4",
    "alt2p-5..12", "alt4-1",     "alt4-2..4",   "alt4-5..12",    "alt4p-1",
    "alt4p-2..4", "alt4p-5..12"};

int text_class_of(const char *name)
{
    for (int c = 0; c < TEXT_NCLASSES; c++)
        if (strcmp(name, text_class_name[c]) == 0)
            return c;
    return -1;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void text_seed(text_rng *r, uint64_t seed, unsigned a, unsigned b, unsigned c)
{
    r->state = mix(mix(mix(seed) ^ a) + ((uint64_t)b << 32 | c));
}

uint64_t text_next(text_rng *r)
{
    return mix(r->state += 0x9E3779B97F4A7C15u);
}

uint32_t text_below(text_rng *r, uint32_t n)
{
    return (uint32_t)(text_next(r) % n);
}

/* Code point cp at s[i] (a pair when above the BMP and it fits); returns
 * the index after it, or i when a pair does not fit before n. */
static size_t put_cp(uint16_t *s, size_t i, size_t n, uint32_t cp)
{
    if (cp < 0x10000) {
        s[i] = (uint16_t)cp;
        return i + 1;
    }
    if (i + 2 > n)
        return i;
    s[i] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
    s[i + 1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
    return i + 2;
}

/* ---- words of one kind ------------------------------------------------------- */

/* Words separated by spaces.  latin1 is French/German-like text (about one
 * letter in eight accented), mixed is chat- or JSON-like (mostly ASCII,
 * with words of Latin-1, Cyrillic, CJK and an emoji now and then). */
static size_t make_words(text_rng *r, int cls, uint16_t *s, size_t n)
{
    static const char letters[] = "etaoinshrdlcumwfgypbvkjxqz";
    size_t i = 0;
    while (i < n) {
        int word = cls;
        if (cls == TEXT_MIXED) {
            uint32_t x = text_below(r, 100);
            word = x < 70 ? TEXT_ASCII : x < 80 ? TEXT_LATIN1 : x < 86 ? -1 : x < 96 ? TEXT_CJK
                                                                                    : TEXT_EMOJI;
        }
        size_t len = 1 + text_below(r, word == TEXT_CJK ? 4 : 9);
        for (size_t k = 0; k < len && i < n; k++) {
            uint32_t cp;
            switch (word) {
            case TEXT_ASCII:
                cp = (uint32_t)letters[text_below(r, 26)];
                break;
            case TEXT_LATIN1:
                cp = text_below(r, 8) == 0 ? 0xC0 + text_below(r, 0x40)
                                           : (uint32_t)letters[text_below(r, 26)];
                break;
            case -1: /* Cyrillic */
                cp = 0x430 + text_below(r, 32);
                break;
            case TEXT_CJK:
                cp = 0x4E00 + text_below(r, 0x5200);
                break;
            default:
                cp = 0x1F300 + text_below(r, 0x700);
                break;
            }
            size_t j = put_cp(s, i, n, cp);
            if (j == i) { /* no room for a pair at the very end */
                s[i++] = 0x20;
                continue;
            }
            i = j;
        }
        if (i < n && cls != TEXT_CJK && cls != TEXT_EMOJI)
            s[i++] = 0x20;
    }
    return n;
}

/* ---- text whose kind alternates ------------------------------------------------ */

/* Kinds of character, by their UTF-8 bytes; each draws from several
 * scripts, so that no kernel can be fitted to one range. */
enum { K_ASCII, K_LATIN1, K_CYRILLIC, K_THREE, K_PAIR };

static uint32_t kind_char(text_rng *r, int kind)
{
    uint32_t x = text_below(r, 4);
    switch (kind) {
    case K_ASCII: /* printable, space and punctuation included */
        return 0x20 + text_below(r, 0x5F);
    case K_LATIN1: /* Latin-1 letters and signs, Latin Extended-A */
        return x == 0 ? 0x100 + text_below(r, 0x80) : 0xA0 + text_below(r, 0x60);
    case K_CYRILLIC: /* Cyrillic, Greek, Hebrew: the rest of the two-byte range */
        return x < 2 ? 0x410 + text_below(r, 0x40) : x == 2 ? 0x391 + text_below(r, 0x39)
                                                             : 0x5D0 + text_below(r, 0x1B);
    case K_THREE: /* CJK, kana, Hangul, fullwidth forms (above the surrogates) */
        return x < 2 ? 0x4E00 + text_below(r, 0x5200) : x == 2 ? 0x3041 + text_below(r, 0x56)
               : text_below(r, 2) ? 0xAC00 + text_below(r, 0x2BA4)
                                  : 0xFF01 + text_below(r, 0x5E);
    default: /* emoji, CJK Extension B: four bytes, a pair of units */
        return x < 3 ? 0x1F300 + text_below(r, 0x800) : 0x20000 + text_below(r, 0xA6E0);
    }
}

/* Runs of one kind, the next run of another kind than the last, each of
 * lo to hi characters. */
static size_t make_runs(text_rng *r, const int *kinds, unsigned nkinds, unsigned lo, unsigned hi,
                        uint16_t *s, size_t n)
{
    size_t i = 0;
    unsigned last = text_below(r, nkinds);
    while (i < n) {
        unsigned k = (last + 1 + text_below(r, nkinds - 1)) % nkinds;
        size_t len = lo + text_below(r, hi - lo + 1);
        for (size_t c = 0; c < len && i < n; c++) {
            size_t j = put_cp(s, i, n, kind_char(r, kinds[k]));
            if (j == i) /* no room for a pair at the very end */
                s[i++] = 0x20;
            else
                i = j;
        }
        last = k;
    }
    return n;
}

/* Kind x of ASCII, two bytes (Latin-1 or the rest, drawn), three bytes. */
static int narrow_kind(text_rng *r, unsigned x)
{
    if (x == 0)
        return K_ASCII;
    if (x == 2)
        return K_THREE;
    return text_below(r, 2) ? K_LATIN1 : K_CYRILLIC;
}

/* The kinds of a string of class cls (drawn per string for alt2, alt2p). */
static unsigned kinds_of(text_rng *r, int cls, int *kinds)
{
    switch ((cls - TEXT_ALT2_1) / 3) {
    case 0: { /* two of the kinds without pairs */
        unsigned a = text_below(r, 3);
        kinds[0] = narrow_kind(r, a);
        kinds[1] = narrow_kind(r, (a + 1 + text_below(r, 2)) % 3);
        return 2;
    }
    case 1: /* one of them and emoji */
        kinds[0] = narrow_kind(r, text_below(r, 3));
        kinds[1] = K_PAIR;
        return 2;
    case 2: /* four scripts, three widths */
        kinds[0] = K_ASCII;
        kinds[1] = K_LATIN1;
        kinds[2] = K_CYRILLIC;
        kinds[3] = K_THREE;
        return 4;
    default: /* four widths */
        kinds[0] = K_ASCII;
        kinds[1] = narrow_kind(r, 1);
        kinds[2] = K_THREE;
        kinds[3] = K_PAIR;
        return 4;
    }
}

size_t text_make(text_rng *r, int cls, uint16_t *s, size_t n)
{
    static const unsigned run_lo[3] = {1, 2, 5}, run_hi[3] = {1, 4, 12};
    if (cls < TEXT_ALT2_1)
        return make_words(r, cls, s, n);
    int kinds[4];
    unsigned nk = kinds_of(r, cls, kinds);
    unsigned g = (unsigned)(cls - TEXT_ALT2_1) % 3;
    return make_runs(r, kinds, nk, run_lo[g], run_hi[g], s, n);
}
