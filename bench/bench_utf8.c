/* SPDX-License-Identifier: Apache-2.0 */
/* UTF-16 <-> UTF-8 throughput: lepack against the encoders a C user would
 * otherwise pick, in paired rounds.
 *
 *   bench_utf8 [--rounds R] [--ms M] [--json FILE] [--quick] [--seed S]
 *              [--size 16-64|1KiB|1MiB] [--class NAME[,NAME...]]
 *
 * Seventeen input classes (bench/utf8_text.h: words of one kind, mostly
 * ASCII text, and text whose kind alternates in runs of 1, 2-4 and 5-12
 * characters across two or four kinds, with pairs and without) at three
 * sizes (short: 16 to 64 units; 1 KiB and 1 MiB of UTF-16), each a pool
 * of distinct strings, converted one after the other so that no single
 * string trains the branch predictor.  Every round draws each pool's text
 * afresh from (seed, class, size, round), so that the medians are over
 * as many texts as rounds.  Encode: lepack_utf8_encode at every vector
 * level, ICU's u_strToUTF8WithSub, glibc's iconv, a naive encoder (one code
 * point at a time, a capacity check per character), ref/'s encoder, and a
 * memcpy of the output's size (the bandwidth ceiling).  Decode: the same
 * the other way round.  Built with -DLEPACK_BENCH_SIMDUTF (mk/utf8.mk does
 * so when SIMDUTF_DIR holds simdutf's compiled library and C header), also
 * simdutf's validating converters, the fastest transcoder in the field: they
 * stop at an unpaired surrogate or ill-formed input instead of replacing
 * it, which is why every pool here is valid text.  Every variant's output
 * is compared with lepack's, string by string, on the first round's text
 * before anything is timed, and by its total on every pass timed.
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
#include "utf8_text.h"
#include "ref_utf8.h"
#include "utf8.h"
#include "utf8_vec.h"

/* ---- inputs ---------------------------------------------------------------- */

#define NCLASSES TEXT_NCLASSES

enum { SHORT, KIB, MIB, NSIZES };
static const char *const size_name[NSIZES] = {"16-64", "1KiB", "1MiB"};

typedef struct pool {
    size_t count;
    uint16_t **str;
    size_t *len;        /* units */
    uint8_t **utf8;     /* lepack's encoding of each */
    size_t *utf8_len;
    size_t in_bytes;    /* UTF-16 bytes of the whole pool */
    size_t out_bytes;   /* UTF-8 bytes of the whole pool */
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

/* Room for a pool of this size: about 4 MiB of UTF-16 in strings of 16 to
 * 64 units, of 512 units or of 512 Ki units (two at least); with --quick,
 * a check rather than a measure, 256 KiB (one string of 1 MiB). */
static void pool_alloc(pool *p, int size, int quick)
{
    size_t total = quick ? (size_t)256 << 10 : (size_t)4 << 20; /* UTF-16 bytes */
    size_t fixed = size == KIB ? 512 : size == MIB ? 524288 : 0;
    p->count = fixed ? total / (fixed * 2) : total / 80;
    if (p->count < (quick ? 1u : 2u))
        p->count = quick ? 1 : 2;
    p->max_len = fixed ? fixed : 64;
    p->str = xmalloc(p->count * sizeof *p->str);
    p->len = xmalloc(p->count * sizeof *p->len);
    p->utf8 = xmalloc(p->count * sizeof *p->utf8);
    p->utf8_len = xmalloc(p->count * sizeof *p->utf8_len);
    for (size_t k = 0; k < p->count; k++) {
        p->str[k] = xmalloc(p->max_len * 2);
        p->utf8[k] = xmalloc(p->max_len * 3);
    }
}

/* New text of class cls in every string of the pool (bench/utf8_text.h). */
static void pool_fill(pool *p, int cls, int size, text_rng *r)
{
    p->in_bytes = 0;
    p->out_bytes = 0;
    for (size_t k = 0; k < p->count; k++) {
        size_t n = size == SHORT ? 16 + text_below(r, 49) : p->max_len;
        p->len[k] = text_make(r, cls, p->str[k], n);
        if (lepack_utf8_encode(p->str[k], n, p->utf8[k], n * 3, &p->utf8_len[k]) != LEPACK_OK)
            exit(2);
        p->in_bytes += n * 2;
        p->out_bytes += p->utf8_len[k];
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
    size_t got = 0;
    double t0 = now_ns();
    for (size_t i = 0; i < *passes; i++)
        got = pass(p, decode, v, buf, cap);
    double dt = now_ns() - t0;
    /* The pool's text is checked string by string in the first round
     * (check_pool); in every round each pass must give the pool's total. */
    size_t want = !decode ? p->out_bytes : v->enc == NULL ? p->in_bytes : p->in_bytes / 2;
    if (got != want) {
        fprintf(stderr, "bench_utf8: %s %s gave %zu %s for the pool, not %zu\n", v->name,
                decode ? "decode" : "encode", got, decode && v->enc ? "units" : "bytes", want);
        exit(1);
    }
    return dt / (double)*passes;
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

static void shuffle(text_rng *r, size_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = text_below(r, (uint32_t)i);
        size_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

/* Marks the classes of a comma-separated list; -1 for a name unknown. */
static int pick_classes(const char *list, int *want)
{
    char name[64];
    while (*list) {
        size_t k = strcspn(list, ",");
        if (k >= sizeof name)
            return -1;
        memcpy(name, list, k);
        name[k] = 0;
        int c = text_class_of(name);
        if (c < 0)
            return -1;
        want[c] = 1;
        list += k + (list[k] == ',');
    }
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_utf8 [--rounds R] [--ms M] [--json FILE] [--quick] [--seed S]\n"
                    "                  [--size 16-64|1KiB|1MiB] [--class NAME[,NAME...]]\n"
                    "classes:");
    for (int c = 0; c < NCLASSES; c++)
        fprintf(stderr, " %s", text_class_name[c]);
    fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
    int rounds = 11, quick = 0, only = -1, some = 0;
    int want[NCLASSES] = {0};
    unsigned long long seed = 20261201;
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
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
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
        } else if (strcmp(argv[i], "--class") == 0 && i + 1 < argc) {
            /* these classes' cells only: a quick look too */
            if (pick_classes(argv[++i], want) != 0) {
                usage();
                return 2;
            }
            some = 1;
        } else {
            usage();
            return 2;
        }
    }
    if (rounds < 1 || rounds > 64) {
        fprintf(stderr, "bench_utf8: --rounds takes 1 to 64\n");
        return 2;
    }
    for (int c = 0; c < NCLASSES; c++)
        want[c] = !some || want[c];
    to_utf8 = iconv_open("UTF-8", "UTF-16LE");
    from_utf8 = iconv_open("UTF-16LE", "UTF-8");
    if (to_utf8 == (iconv_t)-1 || from_utf8 == (iconv_t)-1) {
        perror("bench_utf8: iconv_open");
        return 2;
    }
    int best = lepack_vec_select(-1);

    enum { NCELLS = 2 * NCLASSES * NSIZES };
    static pool pools[NCLASSES][NSIZES];
    static int live[NCELLS];
    for (int cell = 0; cell < NCELLS; cell++)
        live[cell] = want[cell / NSIZES % NCLASSES] && (only < 0 || cell % NSIZES == only);
    for (int c = 0; c < NCLASSES; c++)
        for (int s = 0; s < NSIZES; s++)
            if (live[c * NSIZES + s])
                pool_alloc(&pools[c][s], s, quick);
    /* Room for the worst case either way, as a caller would allocate it:
     * 3 bytes per unit to encode, a unit per byte (3 per unit) to decode. */
    size_t cap = 0;
    for (int c = 0; c < NCLASSES; c++)
        for (int s = 0; s < NSIZES; s++)
            if (pools[c][s].max_len * 6 > cap)
                cap = pools[c][s].max_len * 6;
    uint8_t *buf = xmalloc(cap), *want_out = xmalloc(cap);

    /* times[cell][variant][round]; levels the CPU lacks are left out. */
    static double times[NCELLS][NVARIANTS][64];
    static size_t passes[NCELLS][NVARIANTS];
    static double utf16_bytes[NCELLS], utf8_bytes[NCELLS];
    size_t order[NCELLS], vorder[NVARIANTS];
    if (quick) /* one pass each, uncalibrated: the smoke test of the timing */
        for (size_t cell = 0; cell < NCELLS; cell++)
            for (size_t k = 0; k < NVARIANTS; k++)
                passes[cell][k] = 1;
    text_rng order_rng;
    text_seed(&order_rng, seed, NCLASSES, NSIZES, 0xFFFFFFFFu);
    for (int r = 0; r < rounds; r++) {
        /* Every round its own text: a pool of each (class, size) drawn
         * afresh from (seed, class, size, round).  Every variant's output
         * is compared with lepack's on the first round's before anything
         * is timed (on every round's, the totals: time_variant). */
        for (int c = 0; c < NCLASSES; c++)
            for (int s = 0; s < NSIZES; s++) {
                text_rng g;
                if (!live[c * NSIZES + s])
                    continue;
                text_seed(&g, seed, (unsigned)c, (unsigned)s, (unsigned)r);
                pool_fill(&pools[c][s], c, s, &g);
            }
        for (int cell = 0; cell < NCELLS; cell++) {
            int decode = cell / (NCLASSES * NSIZES), c = cell / NSIZES % NCLASSES, s = cell % NSIZES;
            const pool *p = &pools[c][s];
            if (!live[cell])
                continue;
            if (r == 0 && check_pool(p, decode, buf, want_out, cap) != 0)
                return 1;
            utf16_bytes[cell] += (double)p->in_bytes / rounds;
            for (size_t k = 0; k < p->count; k++)
                utf8_bytes[cell] += (double)p->utf8_len[k] / rounds;
        }
        for (size_t k = 0; k < NCELLS; k++)
            order[k] = k;
        shuffle(&order_rng, order, NCELLS);
        for (size_t oi = 0; oi < NCELLS; oi++) {
            size_t cell = order[oi];
            if (!live[cell])
                continue;
            int decode = (int)(cell / (NCLASSES * NSIZES));
            const pool *p = &pools[cell / NSIZES % NCLASSES][cell % NSIZES];
            for (size_t k = 0; k < NVARIANTS; k++)
                vorder[k] = k;
            shuffle(&order_rng, vorder, NVARIANTS);
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
    fprintf(out, "{\"best_level\": %d, \"rounds\": %d, \"ms\": %g, \"seed\": %llu, \"classes\": [",
            best, rounds, ms, seed);
    for (int c = 0; c < NCLASSES; c++)
        fprintf(out, "%s\"%s\"", c ? ", " : "", text_class_name[c]);
    fprintf(out, "], \"cells\": [\n");
    int firstcell = 1;
    for (size_t cell = 0; cell < NCELLS; cell++) {
        int decode = (int)(cell / (NCLASSES * NSIZES));
        int c = (int)(cell / NSIZES % NCLASSES), s = (int)(cell % NSIZES);
        if (!live[cell])
            continue;
        fprintf(out, "%s", firstcell ? "" : ",\n");
        firstcell = 0;
        fprintf(out, "  {\"op\": \"%s\", \"class\": \"%s\", \"size\": \"%s\", \"strings\": %zu, "
                     "\"utf16_bytes\": %.0f, \"utf8_bytes\": %.0f, \"ns\": {",
                decode ? "decode" : "encode", text_class_name[c], size_name[s], pools[c][s].count,
                utf16_bytes[cell], utf8_bytes[cell]);
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
