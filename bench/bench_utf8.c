/* SPDX-License-Identifier: Apache-2.0 */
/* UTF-16 <-> UTF-8 throughput: lepack against the encoders a C user would
 * otherwise pick, in paired rounds.
 *
 *   bench_utf8 [--rounds R] [--ms M] [--json FILE] [--quick]
 *
 * Five input classes (ascii, latin1, cjk, emoji, mixed) at three sizes
 * (short: 16 to 64 units; 1 KiB and 1 MiB of UTF-16), each a pool of
 * distinct strings, converted one after the other so that no single string
 * trains the branch predictor.  Encode: lepack_utf8_encode at every vector
 * level, ICU's u_strToUTF8WithSub, glibc's iconv, a naive encoder (one code
 * point at a time, a capacity check per character), ref/'s encoder, and a
 * memcpy of the output's size (the bandwidth ceiling).  Decode: the same
 * the other way round.  Built with -DLEPACK_BENCH_SIMDUTF (mk/utf8.mk does
 * so when SIMDUTF_DIR holds simdutf's compiled library and C header), also
 * simdutf's validating converters, the fastest transcoder in the field: they
 * stop at an unpaired surrogate or ill-formed input instead of replacing
 * it, which is why every pool here is valid text.  Every variant's output
 * is compared with lepack's before anything is timed.
 *
 * A round times every variant of one (operation, class, size) cell once, in
 * a random order, over the same pool; cells come in a random order too.
 * Each timing is CPU time (CLOCK_THREAD_CPUTIME_ID) of enough passes to
 * last about M ms.  Ratios are formed within a round, so a burst of load
 * from another process hits both sides of a ratio; the report gives their
 * medians and spread (bench/utf8_report.py). */
#define _GNU_SOURCE
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/ustring.h>
#ifdef LEPACK_BENCH_SIMDUTF
#include "simdutf_c.h"
#endif

#include "ref.h"
#include "ref_utf8.h"
#include "utf8.h"
#include "utf8_vec.h"

/* ---- inputs ---------------------------------------------------------------- */

static uint64_t rng_state = 20261201;

static uint64_t rng(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint32_t below(uint32_t n)
{
    return (uint32_t)(rng() % n);
}

enum { ASCII, LATIN1, CJK, EMOJI, MIXED, NCLASSES };
static const char *const class_name[NCLASSES] = {"ascii", "latin1", "cjk", "emoji", "mixed"};

enum { SHORT, KIB, MIB, NSIZES };
static const char *const size_name[NSIZES] = {"16-64", "1KiB", "1MiB"};

static size_t put_unit(uint16_t *s, size_t i, size_t n, uint32_t cp)
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

/* Text-like units of a class: words separated by spaces.  latin1 is
 * French/German-like text (about one letter in eight accented), mixed is
 * chat- or JSON-like (mostly ASCII, with words of Latin-1, Cyrillic, CJK and
 * an emoji now and then). */
static size_t make_string(int cls, uint16_t *s, size_t n)
{
    static const char letters[] = "etaoinshrdlcumwfgypbvkjxqz";
    size_t i = 0;
    while (i < n) {
        int word = cls;
        if (cls == MIXED) {
            uint32_t r = below(100);
            word = r < 70 ? ASCII : r < 80 ? LATIN1 : r < 86 ? -1 : r < 96 ? CJK : EMOJI;
        }
        size_t len = 1 + below(word == CJK ? 4 : 9);
        for (size_t k = 0; k < len && i < n; k++) {
            uint32_t cp;
            switch (word) {
            case ASCII:
                cp = (uint32_t)letters[below(26)];
                break;
            case LATIN1:
                cp = below(8) == 0 ? 0xC0 + below(0x40) : (uint32_t)letters[below(26)];
                break;
            case -1: /* Cyrillic */
                cp = 0x430 + below(32);
                break;
            case CJK:
                cp = 0x4E00 + below(0x5200);
                break;
            default:
                cp = 0x1F300 + below(0x700);
                break;
            }
            size_t j = put_unit(s, i, n, cp);
            if (j == i) { /* no room for a pair at the very end */
                s[i++] = 0x20;
                continue;
            }
            i = j;
        }
        if (i < n && cls != CJK && cls != EMOJI)
            s[i++] = 0x20;
    }
    return n;
}

typedef struct pool {
    size_t count;
    uint16_t **str;
    size_t *len;        /* units */
    uint8_t **utf8;     /* lepack's encoding of each */
    size_t *utf8_len;
    size_t in_bytes;    /* UTF-16 bytes of the whole pool */
    size_t max_len;
} pool;

static void *xmalloc(size_t n)
{
    void *p = malloc(n > 0 ? n : 1);
    if (p == NULL) {
        fprintf(stderr, "bench_utf8: out of memory\n");
        exit(2);
    }
    return p;
}

static void make_pool(pool *p, int cls, int size, int quick)
{
    size_t total = quick ? (size_t)1 << 20 : (size_t)4 << 20; /* UTF-16 bytes */
    size_t fixed = size == KIB ? 512 : size == MIB ? 524288 : 0;
    p->count = fixed ? total / (fixed * 2) : total / 80;
    if (p->count < 2)
        p->count = 2;
    p->str = xmalloc(p->count * sizeof *p->str);
    p->len = xmalloc(p->count * sizeof *p->len);
    p->utf8 = xmalloc(p->count * sizeof *p->utf8);
    p->utf8_len = xmalloc(p->count * sizeof *p->utf8_len);
    p->in_bytes = 0;
    p->max_len = 0;
    for (size_t k = 0; k < p->count; k++) {
        size_t n = fixed ? fixed : 16 + below(49);
        p->str[k] = xmalloc(n * 2);
        p->len[k] = make_string(cls, p->str[k], n);
        p->utf8[k] = xmalloc(n * 3);
        if (lepack_utf8_encode(p->str[k], n, p->utf8[k], n * 3, &p->utf8_len[k]) != LEPACK_OK)
            exit(2);
        p->in_bytes += n * 2;
        if (n > p->max_len)
            p->max_len = n;
    }
}

/* ---- variants -------------------------------------------------------------- */

typedef size_t (*encode_fn)(const uint16_t *s, size_t n, uint8_t *dst, size_t cap);
typedef size_t (*decode_fn)(const uint8_t *src, size_t len, uint16_t *dst, size_t cap);

static size_t enc_lepack(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    size_t w = 0;
    return lepack_utf8_encode(s, n, dst, cap, &w) == LEPACK_OK ? w : (size_t)-1;
}

static size_t enc_icu(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t len = 0, subs = 0;
    u_strToUTF8WithSub((char *)dst, (int32_t)cap, &len, (const UChar *)s, (int32_t)n, 0x3F, &subs,
                       &err);
    return U_SUCCESS(err) ? (size_t)len : (size_t)-1;
}

static iconv_t to_utf8, from_utf8;

#ifdef LEPACK_BENCH_SIMDUTF
/* simdutf needs no capacity: its caller sizes the output beforehand (3 bytes
 * per unit, a unit per byte), as the pools' buffers are. */
static size_t enc_simdutf(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    (void)cap;
    size_t w = simdutf_convert_utf16le_to_utf8((const char16_t *)(const void *)s, n, (char *)dst);
    return w == 0 && n > 0 ? (size_t)-1 : w;
}

static size_t dec_simdutf(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    (void)cap;
    size_t w = simdutf_convert_utf8_to_utf16le((const char *)src, len, (char16_t *)(void *)dst);
    return w == 0 && len > 0 ? (size_t)-1 : w;
}
#endif

static size_t enc_iconv(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    char *in = (char *)(uintptr_t)s, *out = (char *)dst;
    size_t inleft = n * 2, outleft = cap;
    iconv(to_utf8, NULL, NULL, NULL, NULL);
    if (iconv(to_utf8, &in, &inleft, &out, &outleft) == (size_t)-1)
        return (size_t)-1;
    return cap - outleft;
}

/* One code point at a time, a capacity check per character: the textbook
 * encoder (and, in Java, the seed's). */
static size_t enc_naive(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    size_t p = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c < 0x80) {
            if (cap - p < 1)
                return (size_t)-1;
            dst[p++] = (uint8_t)c;
        } else if (c < 0x800) {
            if (cap - p < 2)
                return (size_t)-1;
            dst[p++] = (uint8_t)(0xC0 | c >> 6);
            dst[p++] = (uint8_t)(0x80 | (c & 0x3F));
        } else if (c >= 0xD800 && c <= 0xDBFF && i + 1 < n && s[i + 1] >= 0xDC00 &&
                   s[i + 1] <= 0xDFFF) {
            uint32_t cp = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00u);
            if (cap - p < 4)
                return (size_t)-1;
            dst[p++] = (uint8_t)(0xF0 | cp >> 18);
            dst[p++] = (uint8_t)(0x80 | (cp >> 12 & 0x3F));
            dst[p++] = (uint8_t)(0x80 | (cp >> 6 & 0x3F));
            dst[p++] = (uint8_t)(0x80 | (cp & 0x3F));
        } else if (c >= 0xD800 && c <= 0xDFFF) {
            if (cap - p < 1)
                return (size_t)-1;
            dst[p++] = '?';
        } else {
            if (cap - p < 3)
                return (size_t)-1;
            dst[p++] = (uint8_t)(0xE0 | c >> 12);
            dst[p++] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
            dst[p++] = (uint8_t)(0x80 | (c & 0x3F));
        }
    }
    return p;
}

static size_t enc_ref(const uint16_t *s, size_t n, uint8_t *dst, size_t cap)
{
    size_t len = 0;
    return ref_utf8_encode(s, n, dst, cap, &len) == REF_OK ? len : (size_t)-1;
}

static size_t dec_lepack(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    size_t w = 0;
    return lepack_utf8_decode(src, len, dst, cap, &w) == LEPACK_OK ? w : (size_t)-1;
}

static size_t dec_icu(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    UErrorCode err = U_ZERO_ERROR;
    int32_t n = 0, subs = 0;
    u_strFromUTF8WithSub((UChar *)dst, (int32_t)cap, &n, (const char *)src, (int32_t)len, 0xFFFD,
                         &subs, &err);
    return U_SUCCESS(err) ? (size_t)n : (size_t)-1;
}

static size_t dec_iconv(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    char *in = (char *)(uintptr_t)src, *out = (char *)dst;
    size_t inleft = len, outleft = cap * 2;
    iconv(from_utf8, NULL, NULL, NULL, NULL);
    if (iconv(from_utf8, &in, &inleft, &out, &outleft) == (size_t)-1)
        return (size_t)-1;
    return (cap * 2 - outleft) / 2;
}

/* One sequence at a time, for well-formed input (anything else becomes one
 * U+FFFD per byte); the benchmark's inputs are all well-formed. */
static size_t dec_naive(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    size_t q = 0;
    for (size_t i = 0; i < len;) {
        uint32_t b = src[i], cp;
        size_t k;
        if (b < 0x80) {
            cp = b;
            k = 1;
        } else if (b >= 0xC2 && b <= 0xDF && i + 1 < len) {
            cp = (b & 0x1F) << 6 | (src[i + 1] & 0x3Fu);
            k = 2;
        } else if (b >= 0xE0 && b <= 0xEF && i + 2 < len) {
            cp = (b & 0x0F) << 12 | (src[i + 1] & 0x3Fu) << 6 | (src[i + 2] & 0x3Fu);
            k = 3;
        } else if (b >= 0xF0 && b <= 0xF4 && i + 3 < len) {
            cp = (b & 0x07) << 18 | (src[i + 1] & 0x3Fu) << 12 | (src[i + 2] & 0x3Fu) << 6 |
                 (src[i + 3] & 0x3Fu);
            k = 4;
        } else {
            cp = 0xFFFD;
            k = 1;
        }
        if (cp >= 0x10000) {
            if (cap - q < 2)
                return (size_t)-1;
            dst[q++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            dst[q++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            if (cap - q < 1)
                return (size_t)-1;
            dst[q++] = (uint16_t)cp;
        }
        i += k;
    }
    return q;
}

static size_t dec_ref(const uint8_t *src, size_t len, uint16_t *dst, size_t cap)
{
    size_t n = 0;
    return ref_utf8_decode(src, len, dst, cap, &n) == REF_OK ? n : (size_t)-1;
}

typedef struct variant {
    const char *name;
    int level;          /* lepack's vector level, or -1 */
    encode_fn enc;
    decode_fn dec;
    int exact;          /* decode into exactly the units the string has */
} variant;

/* memcpy has no function here: it is timed copying the expected output. */
static const variant variants[] = {
    {"lepack", -1, enc_lepack, dec_lepack, 0},
    {"lepack_scalar", LEPACK_VEC_NONE, enc_lepack, dec_lepack, 0},
    {"lepack_sse2", LEPACK_VEC_SSE2, enc_lepack, dec_lepack, 0},
    {"lepack_avx2", LEPACK_VEC_AVX2, enc_lepack, dec_lepack, 0},
    {"lepack_avx512", LEPACK_VEC_AVX512, enc_lepack, dec_lepack, 0},
    /* the "measure, allocate, decode" pattern: a buffer of exactly the units */
    {"lepack_exact", -1, enc_lepack, dec_lepack, 1},
    {"icu", -1, enc_icu, dec_icu, 0},
#ifdef LEPACK_BENCH_SIMDUTF
    {"simdutf", -1, enc_simdutf, dec_simdutf, 0},
#endif
    {"iconv", -1, enc_iconv, dec_iconv, 0},
    {"naive", -1, enc_naive, dec_naive, 0},
    {"ref", -1, enc_ref, dec_ref, 0},
    {"memcpy", -1, NULL, NULL, 0},
};
#define NVARIANTS (sizeof variants / sizeof variants[0])

/* Whether a variant has a timing for this direction: an exact-size buffer
 * is a decode matter (encoding it would only time "lepack" again). */
static int for_op(const variant *v, int decode)
{
    return decode || !v->exact;
}

/* ---- timing ---------------------------------------------------------------- */

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static volatile size_t sink;

/* One pass over the pool; returns the total output (units or bytes). */
static size_t pass(const pool *p, int decode, const variant *v, uint8_t *buf, size_t cap)
{
    size_t total = 0;
    for (size_t k = 0; k < p->count; k++) {
        size_t r;
        if (v->enc == NULL) {
            size_t n = decode ? p->len[k] * 2 : p->utf8_len[k];
            memcpy(buf, decode ? (const void *)p->str[k] : (const void *)p->utf8[k], n);
            r = n;
        } else if (decode) {
            r = v->dec(p->utf8[k], p->utf8_len[k], (uint16_t *)(void *)buf,
                       v->exact ? p->len[k] : cap / 2);
        } else {
            r = v->enc(p->str[k], p->len[k], buf, cap);
        }
        total += r;
    }
    sink = total;
    return total;
}

/* Nanoseconds per pass, over enough passes to last about ms milliseconds. */
static double time_variant(const pool *p, int decode, const variant *v, uint8_t *buf, size_t cap,
                           double ms, size_t *passes)
{
    if (v->level >= 0)
        lepack_vec_select(v->level);
    else
        lepack_vec_select(-1);
    if (*passes == 0) {
        size_t n = 1;
        for (;;) {
            double t0 = now_ns();
            for (size_t i = 0; i < n; i++)
                pass(p, decode, v, buf, cap);
            double dt = now_ns() - t0;
            if (dt > ms * 1e6 / 4 || n > (1u << 20)) {
                *passes = (size_t)((double)n * ms * 1e6 / dt) + 1;
                break;
            }
            n *= 2;
        }
    }
    double t0 = now_ns();
    for (size_t i = 0; i < *passes; i++)
        pass(p, decode, v, buf, cap);
    return (now_ns() - t0) / (double)*passes;
}

/* Every variant must give lepack's output for every string of the pool. */
static int check_pool(const pool *p, int decode, uint8_t *buf, uint8_t *want, size_t cap)
{
    for (size_t vi = 0; vi < NVARIANTS; vi++) {
        const variant *v = &variants[vi];
        if (v->enc == NULL || !for_op(v, decode))
            continue;
        lepack_vec_select(v->level);
        for (size_t k = 0; k < p->count; k++) {
            size_t n, w;
            if (decode) {
                n = p->len[k] * 2;
                w = v->dec(p->utf8[k], p->utf8_len[k], (uint16_t *)(void *)buf,
                           v->exact ? p->len[k] : cap / 2);
                w = w == (size_t)-1 ? w : w * 2;
                memcpy(want, p->str[k], n);
            } else {
                n = p->utf8_len[k];
                w = v->enc(p->str[k], p->len[k], buf, cap);
                memcpy(want, p->utf8[k], n);
            }
            if (w != n || memcmp(buf, want, n) != 0) {
                fprintf(stderr, "bench_utf8: %s %s differs from lepack on string %zu\n", v->name,
                        decode ? "decode" : "encode", k);
                return -1;
            }
        }
    }
    lepack_vec_select(-1);
    return 0;
}

static void shuffle(size_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = below((uint32_t)i);
        size_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

int main(int argc, char **argv)
{
    int rounds = 11, quick = 0, only = -1;
    double ms = 4;
    const char *json = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--ms") == 0 && i + 1 < argc)
            ms = atof(argv[++i]);
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc)
            json = argv[++i];
        else if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            /* one size's cells only: a quick look, not a report's input */
            for (int s = 0; s < NSIZES; s++)
                if (strcmp(argv[i + 1], size_name[s]) == 0)
                    only = s;
            if (only < 0) {
                fprintf(stderr, "bench_utf8: --size takes 16-64, 1KiB or 1MiB\n");
                return 2;
            }
            i++;
        } else {
            fprintf(stderr, "usage: bench_utf8 [--rounds R] [--ms M] [--json FILE] [--quick] "
                            "[--size 16-64|1KiB|1MiB]\n");
            return 2;
        }
    }
    to_utf8 = iconv_open("UTF-8", "UTF-16LE");
    from_utf8 = iconv_open("UTF-16LE", "UTF-8");
    if (to_utf8 == (iconv_t)-1 || from_utf8 == (iconv_t)-1) {
        perror("bench_utf8: iconv_open");
        return 2;
    }
    int best = lepack_vec_select(-1);

    enum { NCELLS = 2 * NCLASSES * NSIZES };
    static pool pools[NCLASSES][NSIZES];
    for (int c = 0; c < NCLASSES; c++)
        for (int s = 0; s < NSIZES; s++)
            make_pool(&pools[c][s], c, s, quick);
    /* Room for the worst case either way, as a caller would allocate it:
     * 3 bytes per unit to encode, a unit per byte (3 per unit) to decode. */
    size_t cap = 0;
    for (int c = 0; c < NCLASSES; c++)
        for (int s = 0; s < NSIZES; s++)
            if (pools[c][s].max_len * 6 > cap)
                cap = pools[c][s].max_len * 6;
    uint8_t *buf = xmalloc(cap), *want = xmalloc(cap);
    for (int cell = 0; cell < NCELLS; cell++) {
        int decode = cell / (NCLASSES * NSIZES), c = cell / NSIZES % NCLASSES, s = cell % NSIZES;
        if (check_pool(&pools[c][s], decode, buf, want, cap) != 0)
            return 1;
    }

    /* times[cell][variant][round]; levels the CPU lacks are left out. */
    static double times[NCELLS][NVARIANTS][64];
    static size_t passes[NCELLS][NVARIANTS];
    if (rounds > 64)
        rounds = 64;
    size_t order[NCELLS], vorder[NVARIANTS];
    for (int r = 0; r < rounds; r++) {
        for (size_t k = 0; k < NCELLS; k++)
            order[k] = k;
        shuffle(order, NCELLS);
        for (size_t oi = 0; oi < NCELLS; oi++) {
            size_t cell = order[oi];
            if (only >= 0 && (int)(cell % NSIZES) != only)
                continue;
            int decode = (int)(cell / (NCLASSES * NSIZES));
            const pool *p = &pools[cell / NSIZES % NCLASSES][cell % NSIZES];
            for (size_t k = 0; k < NVARIANTS; k++)
                vorder[k] = k;
            shuffle(vorder, NVARIANTS);
            for (size_t k = 0; k < NVARIANTS; k++) {
                const variant *v = &variants[vorder[k]];
                if (v->level > best || !for_op(v, decode))
                    continue;
                times[cell][vorder[k]][r] =
                    time_variant(p, decode, v, buf, cap, ms, &passes[cell][vorder[k]]);
            }
        }
        fprintf(stderr, "bench_utf8: round %d of %d\n", r + 1, rounds);
    }
    lepack_vec_select(-1);

    FILE *out = json ? fopen(json, "w") : stdout;
    if (out == NULL) {
        perror(json);
        return 2;
    }
    fprintf(out, "{\"best_level\": %d, \"rounds\": %d, \"ms\": %g, \"cells\": [\n", best, rounds, ms);
    int firstcell = 1;
    for (size_t cell = 0; cell < NCELLS; cell++) {
        int decode = (int)(cell / (NCLASSES * NSIZES));
        int c = (int)(cell / NSIZES % NCLASSES), s = (int)(cell % NSIZES);
        const pool *p = &pools[c][s];
        if (only >= 0 && s != only)
            continue;
        fprintf(out, "%s", firstcell ? "" : ",\n");
        firstcell = 0;
        size_t utf8_bytes = 0;
        for (size_t k = 0; k < p->count; k++)
            utf8_bytes += p->utf8_len[k];
        fprintf(out, "  {\"op\": \"%s\", \"class\": \"%s\", \"size\": \"%s\", \"strings\": %zu, "
                     "\"utf16_bytes\": %zu, \"utf8_bytes\": %zu, \"ns\": {",
                decode ? "decode" : "encode", class_name[c], size_name[s], p->count, p->in_bytes,
                utf8_bytes);
        int first = 1;
        for (size_t vi = 0; vi < NVARIANTS; vi++) {
            if (variants[vi].level > best || !for_op(&variants[vi], decode))
                continue;
            fprintf(out, "%s\"%s\": [", first ? "" : ", ", variants[vi].name);
            for (int r = 0; r < rounds; r++)
                fprintf(out, "%s%.1f", r ? ", " : "", times[cell][vi][r]);
            fprintf(out, "]");
            first = 0;
        }
        fprintf(out, "}}");
    }
    fprintf(out, "\n]}\n");
    if (json)
        fclose(out);
    return 0;
}
