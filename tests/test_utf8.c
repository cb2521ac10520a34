/* SPDX-License-Identifier: Apache-2.0 */
/* Java strings as UTF-8 and modified UTF-8 (src/utf8.h): the JDK's bytes
 * for hand-picked cases, the one-shot rule, every vector level against the
 * scalar path and ref/, and the golden vectors of tests/vectors/utf8.vec
 * (which tests/java/Utf8VectorCheck.java checks against the JDK). */
#define _POSIX_C_SOURCE 200809L

#include <sys/wait.h>
#include <unistd.h>

#include "test_util.h"

#include "ref.h"
#include "ref_utf8.h"
#include "utf8.h"
#include "utf8_vec.h"
#include "utf8_classes.h"

static int best_level(void)
{
    return lepack_vec_select(-1);
}

/* A heap block of exactly n bytes (ASan sees a write past it), filled. */
static void *block(size_t n, int fill)
{
    void *p = malloc(n > 0 ? n : 1);
    assert_non_null(p);
    memset(p, fill, n > 0 ? n : 1);
    return p;
}

static int all_bytes(const void *p, size_t n, int fill)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != (uint8_t)fill)
            return 0;
    return 1;
}

/* Encodes at every level, at capacities len - 1, len and len + 1, plainly
 * and at a cursor; checks the bytes against want. */
static void expect_encode(const uint16_t *s, size_t n, const uint8_t *want, size_t len)
{
    size_t got = 0;
    assert_int_equal(lepack_utf8_length(s, n, &got), LEPACK_OK);
    assert_int_equal(got, len);
    for (int level = 0; level <= best_level(); level++) {
        lepack_vec_select(level);
        for (size_t cap = len > 0 ? len - 1 : 0; cap <= len + 1; cap++) {
            uint8_t *dst = block(cap, 0xA5);
            size_t written = 99;
            lepack_status st = lepack_utf8_encode(s, n, dst, cap, &written);
            if (cap >= len) {
                assert_int_equal(st, LEPACK_OK);
                assert_int_equal(written, len);
                if (len > 0)
                    assert_memory_equal(dst, want, len);
                assert_true(all_bytes(dst + len, cap - len, 0xA5));
            } else {
                assert_int_equal(st, LEPACK_ENOSPACE);
                assert_int_equal(written, len); /* the size needed */
                assert_true(all_bytes(dst, cap, 0xA5));
            }
            free(dst);

            uint8_t *buf = block(3 + cap, 0x5A);
            lepack_cursor c;
            lepack_cursor_init(&c, buf, 3 + cap);
            c.pos = 3;
            st = lepack_cursor_put_utf8(&c, s, n);
            assert_int_equal(st, cap >= len ? LEPACK_OK : LEPACK_ENOSPACE);
            assert_int_equal(c.pos, cap >= len ? 3 + len : 3);
            if (cap >= len && len > 0)
                assert_memory_equal(buf + 3, want, len);
            assert_true(all_bytes(buf, 3, 0x5A));
            assert_true(all_bytes(buf + 3 + (cap >= len ? len : 0), cap >= len ? cap - len : cap,
                                  0x5A));
            free(buf);
        }
    }
    lepack_vec_select(-1);
}

static void expect_encode_hex(const uint16_t *s, size_t n, const char *hex)
{
    uint8_t want[64];
    size_t len = strlen(hex) / 2;
    assert_true(len <= sizeof want);
    assert_int_equal(test_hex_decode(hex, strlen(hex), want), 0);
    expect_encode(s, n, want, len);
}

#define UNITS(...) ((const uint16_t[]){__VA_ARGS__}), (sizeof((const uint16_t[]){__VA_ARGS__}) / 2)

/* The JDK's bytes at every boundary the encoder has. */
static void encode_boundaries(void **state)
{
    (void)state;
    expect_encode_hex(UNITS(0x41), "41");
    expect_encode_hex(UNITS(0x0000), "00");
    expect_encode_hex(UNITS(0x007F), "7f");
    expect_encode_hex(UNITS(0x0080), "c280");
    expect_encode_hex(UNITS(0x07FF), "dfbf");
    expect_encode_hex(UNITS(0x0800), "e0a080");
    expect_encode_hex(UNITS(0xD7FF), "ed9fbf");
    expect_encode_hex(UNITS(0xE000), "ee8080");
    expect_encode_hex(UNITS(0xFFFF), "efbfbf");
    expect_encode_hex(UNITS(0xD800, 0xDC00), "f0908080");     /* U+10000 */
    expect_encode_hex(UNITS(0xDBFF, 0xDFFF), "f48fbfbf");     /* U+10FFFF */
    expect_encode_hex(UNITS(0xD83D, 0xDE00), "f09f9880");     /* U+1F600 */
}

/* Every unpaired surrogate is one '?', wherever it stands. */
static void encode_unpaired_surrogates(void **state)
{
    (void)state;
    expect_encode_hex(UNITS(0xD800), "3f");
    expect_encode_hex(UNITS(0xDC00), "3f");
    expect_encode_hex(UNITS(0x61, 0x62, 0xD800), "61623f");          /* high at the end */
    expect_encode_hex(UNITS(0xD800, 0x41), "3f41");                  /* high before ASCII */
    expect_encode_hex(UNITS(0xDC00, 0xD800), "3f3f");                /* low then high */
    expect_encode_hex(UNITS(0xD800, 0xD83D, 0xDE00), "3ff09f9880");  /* high, then a pair */
    expect_encode_hex(UNITS(0xD83D, 0xDE00, 0xDC00), "f09f98803f");  /* a pair, then low */
}

/* Nothing at all to encode needs no buffer; something always does. */
static void encode_empty_and_null(void **state)
{
    (void)state;
    size_t written = 5, len = 5;
    assert_int_equal(lepack_utf8_length(NULL, 0, &len), LEPACK_OK);
    assert_int_equal(len, 0);
    assert_int_equal(lepack_utf8_encode(NULL, 0, NULL, 0, &written), LEPACK_OK);
    assert_int_equal(written, 0);
    const uint16_t a = 0x41;
    assert_int_equal(lepack_utf8_encode(&a, 1, NULL, 0, &written), LEPACK_ENOSPACE);
    assert_int_equal(written, 1);
    lepack_cursor c;
    lepack_cursor_init(&c, NULL, 0);
    assert_int_equal(lepack_cursor_put_utf8(&c, NULL, 0), LEPACK_OK);
    assert_int_equal(lepack_cursor_put_utf8(&c, &a, 1), LEPACK_ENOSPACE);
    assert_int_equal(c.pos, 0);
}

/* Units of every class, in runs, with lone surrogates now and then. */
static size_t random_units(test_rng *r, uint16_t *s, size_t n)
{
    size_t i = 0;
    unsigned cls = 0;
    while (i < n) {
        if (test_rng_below(r, 8) == 0)
            cls = (unsigned)test_rng_below(r, 6);
        uint16_t u;
        switch (cls) {
        case 0:
            u = (uint16_t)test_rng_below(r, 0x80);
            break;
        case 1:
            u = (uint16_t)(0x80 + test_rng_below(r, 0x780));
            break;
        case 2:
            u = (uint16_t)(0x4E00 + test_rng_below(r, 0x5000));
            break;
        case 3:
            if (i + 1 < n) {
                uint32_t cp = 0x10000u + (uint32_t)test_rng_below(r, 0x100000);
                s[i++] = (uint16_t)(0xD800 + (cp - 0x10000) / 1024);
                u = (uint16_t)(0xDC00 + (cp - 0x10000) % 1024);
            } else {
                u = 0xD800;
            }
            break;
        case 4:
            u = (uint16_t)(0xD800 + test_rng_below(r, 0x800));
            break;
        default:
            u = (uint16_t)test_rng_next(r);
            break;
        }
        s[i++] = u;
    }
    return n;
}

/* Every vector level writes what ref does, on strings long enough for each
 * kernel's blocks and tails. */
static void encode_every_level(void **state)
{
    (void)state;
    test_rng r = {20261201};
    for (int iter = 0; iter < 300; iter++) {
        size_t n = test_rng_below(&r, iter % 10 == 0 ? 700 : 90);
        uint16_t *s = block(n * 2, 0);
        random_units(&r, s, n);
        size_t len;
        uint8_t *want = block(n * 3, 0);
        assert_int_equal(ref_utf8_encode(s, n, want, n * 3, &len), REF_OK);
        expect_encode(s, n, want, len);
        free(want);
        free(s);
    }
}

static void expect_decode(const uint8_t *src, size_t len, const uint16_t *want, size_t units,
                          long strict_offset)
{
    size_t counted = 99;
    assert_int_equal(lepack_utf8_decoded_length(src, len, &counted), LEPACK_OK);
    assert_int_equal(counted, units);
    for (int level = 0; level <= best_level(); level++) {
        lepack_vec_select(level);
        for (size_t cap = units > 0 ? units - 1 : 0; cap <= units + 1; cap++) {
            uint16_t *dst = block(cap * 2, 0xA5);
            size_t written = 99, bad = 77;
            lepack_status st = lepack_utf8_decode(src, len, dst, cap, &written);
            if (cap >= units) {
                assert_int_equal(st, LEPACK_OK);
                assert_int_equal(written, units);
                if (units > 0)
                    assert_memory_equal(dst, want, units * 2);
                assert_true(all_bytes(dst + units, (cap - units) * 2, 0xA5));
            } else {
                assert_int_equal(st, LEPACK_ENOSPACE);
                assert_int_equal(written, units); /* the size needed */
                assert_true(all_bytes(dst, cap * 2, 0xA5));
            }
            memset(dst, 0xA5, cap > 0 ? cap * 2 : 1);
            written = 99;
            st = lepack_utf8_decode_strict(src, len, dst, cap, &written, &bad);
            if (strict_offset >= 0) {
                assert_int_equal(st, LEPACK_EILLFORMED);
                assert_int_equal(bad, (size_t)strict_offset);
                assert_int_equal(written, 99);
                assert_true(all_bytes(dst, cap * 2, 0xA5));
            } else {
                assert_int_equal(st, cap >= units ? LEPACK_OK : LEPACK_ENOSPACE);
                assert_int_equal(written, units);
                assert_int_equal(bad, 77);
            }
            free(dst);
        }
        size_t bad = 66;
        assert_int_equal(lepack_utf8_validate(src, len, &bad),
                         strict_offset >= 0 ? LEPACK_EILLFORMED : LEPACK_OK);
        assert_int_equal(bad, strict_offset >= 0 ? (size_t)strict_offset : 66);
    }
    lepack_vec_select(-1);
}

static void expect_decode_hex(const char *hex, const uint16_t *want, size_t units, long strict)
{
    uint8_t src[64];
    size_t len = strlen(hex) / 2;
    assert_true(len <= sizeof src);
    assert_int_equal(test_hex_decode(hex, strlen(hex), src), 0);
    expect_decode(src, len, want, units, strict);
}

#define FFFD 0xFFFD

/* Each maximal ill-formed subsequence is one U+FFFD (Unicode 3.9.6), and
 * the strict mode names where the first one starts. */
static void decode_replacement(void **state)
{
    (void)state;
    expect_decode_hex("c3a9e282ac", UNITS(0xE9, 0x20AC), -1);
    expect_decode_hex("f09f9880", UNITS(0xD83D, 0xDE00), -1);
    /* Unicode table 3-8. */
    expect_decode_hex("61f18080e180c262806380bf64",
                      UNITS(0x61, FFFD, FFFD, FFFD, 0x62, FFFD, 0x63, FFFD, FFFD, 0x64), 1);
    expect_decode_hex("c080", UNITS(FFFD, FFFD), 0);                 /* overlong */
    expect_decode_hex("e08080", UNITS(FFFD, FFFD, FFFD), 0);
    expect_decode_hex("f08fbfbf", UNITS(FFFD, FFFD, FFFD, FFFD), 0);
    expect_decode_hex("f4908080", UNITS(FFFD, FFFD, FFFD, FFFD), 0); /* above U+10FFFF */
    expect_decode_hex("f5", UNITS(FFFD), 0);
    expect_decode_hex("41e282", UNITS(0x41, FFFD), 1);               /* truncated */
    expect_decode_hex("e28241", UNITS(FFFD, 0x41), 0);
    expect_decode_hex("f09f98", UNITS(FFFD), 0);
    expect_decode_hex("4180bf", UNITS(0x41, FFFD, FFFD), 1);         /* stray continuations */
}

/* The JDK's own reading of an encoded surrogate: ED is taken like E1..EC,
 * and the whole sequence becomes one U+FFFD (ICU and Unicode's practice:
 * one per byte).  Strict mode refuses it at the ED. */
static void decode_encoded_surrogate_as_jdk(void **state)
{
    (void)state;
    expect_decode_hex("eda080", UNITS(FFFD), 0);
    expect_decode_hex("41edbfbf42", UNITS(0x41, FFFD, 0x42), 1);
    expect_decode_hex("eda0bdedb880", UNITS(FFFD, FFFD), 0);
    expect_decode_hex("eda041", UNITS(FFFD, 0x41), 0);
    expect_decode_hex("61eda0", UNITS(0x61, FFFD), 1);
    expect_decode_hex("ed9fbf", UNITS(0xD7FF), -1);                   /* just below: valid */
}

/* expect_decode with ref's units and verdict for src[0 .. len), and ref's
 * replacement count. */
static void expect_decode_as_ref(const uint8_t *src, size_t len)
{
    uint16_t *want = block(len * 2, 0);
    size_t units, bad = 0, want_repl = 0, repl = 99;
    assert_int_equal(ref_utf8_decode(src, len, want, len, &units), REF_OK);
    long strict = ref_utf8_validate(src, len, &bad) == REF_OK ? -1 : (long)bad;
    expect_decode(src, len, want, units, strict);
    assert_int_equal(ref_utf8_replacements(src, len, &want_repl), REF_OK);
    assert_int_equal(lepack_utf8_replacements(src, len, &repl), LEPACK_OK);
    assert_int_equal(repl, want_repl);
    assert_true((repl == 0) == (strict < 0));
    free(want);
}

/* The replacement count of hex, one-shot, and summed over two chunks of
 * a stream cut at every place: the bytes each chunk call consumed. */
static void expect_replacements(const char *hex, size_t want)
{
    uint8_t src[64];
    size_t len = strlen(hex) / 2, n = 99, ref_n = 99;
    assert_true(len <= sizeof src);
    assert_int_equal(test_hex_decode(hex, strlen(hex), src), 0);
    assert_int_equal(lepack_utf8_replacements(src, len, &n), LEPACK_OK);
    assert_int_equal(n, want);
    assert_int_equal(ref_utf8_replacements(src, len, &ref_n), REF_OK);
    assert_int_equal(ref_n, want);
    for (size_t cut = 0; cut <= len; cut++) {
        uint16_t out[64];
        size_t used = 0, written = 0, a = 99, b = 99;
        assert_int_equal(lepack_utf8_decode_chunk(src, cut, 0, out, 64, &used, &written),
                         LEPACK_OK);
        assert_int_equal(lepack_utf8_replacements(src, used, &a), LEPACK_OK);
        size_t rest = len - used;
        assert_int_equal(lepack_utf8_decode_chunk(src + used, rest, 1, out, 64, &used, &written),
                         LEPACK_OK);
        assert_int_equal(lepack_utf8_replacements(src + len - rest, used, &b), LEPACK_OK);
        assert_int_equal(a + b, want);
    }
}

/* One per U+FFFD the JDK writes for ill-formed input: a maximal subpart
 * is one however many bytes it has, an encoded surrogate one; U+FFFD
 * itself in the input is none. */
static void replacement_count(void **state)
{
    (void)state;
    size_t n = 99;
    assert_int_equal(lepack_utf8_replacements(NULL, 0, &n), LEPACK_OK);
    assert_int_equal(n, 0);
    expect_replacements("", 0);
    expect_replacements("41c3a9f09f9880", 0);
    expect_replacements("efbfbd", 0);                     /* U+FFFD, well-formed */
    expect_replacements("61f18080e180c262806380bf64", 6); /* Unicode table 3-8 */
    expect_replacements("f18080", 1);                     /* one maximal subpart */
    expect_replacements("c080", 2);
    expect_replacements("eda080", 1);                     /* the JDK: one, ICU: three */
    expect_replacements("eda0bdedb880", 2);
    expect_replacements("41e282", 1);                     /* cut short at the end */
    expect_replacements("f09f98f09f9880e2", 2);
}

static void decode_every_level(void **state)
{
    (void)state;
    test_rng r = {20261202};
    for (int iter = 0; iter < 300; iter++) {
        size_t n = test_rng_below(&r, iter % 10 == 0 ? 500 : 60);
        uint16_t *s = block(n * 2, 0);
        random_units(&r, s, n);
        uint8_t *src = block(n * 3, 0);
        size_t len;
        assert_int_equal(ref_utf8_encode(s, n, src, n * 3, &len), REF_OK);
        for (int k = (int)test_rng_below(&r, 3); k > 0 && len > 0; k--)
            src[test_rng_below(&r, len)] = (uint8_t)test_rng_next(&r);
        expect_decode_as_ref(src, len);
        free(src);
        free(s);
    }
}

/* Texts of one kind, long enough for the decoder's runs to stream through
 * many blocks (and ask for the input ahead): Latin-1 (ASCII with a
 * two-byte letter here and there), Cyrillic (two-byte), CJK (three-byte),
 * emoji (pairs); each whole, and with one byte changed at a few places, so
 * that a run stops inside the text and resumes after the scalar step. */
static void decode_long_runs(void **state)
{
    (void)state;
    static const uint16_t kinds[][4] = {
        {0x61, 0x72, 0x20, 0xE9}, {0x430, 0x44F, 0x20, 0x416},
        {0x4E00, 0x6587, 0x9FA5, 0x3002}, {0xD83D, 0xDE00, 0xD83C, 0xDF0D}};
    enum { N = 2000 };
    test_rng r = {20261203};
    for (size_t kind = 0; kind < sizeof kinds / sizeof kinds[0]; kind++)
        for (int broken = 0; broken < 3; broken++) {
            uint16_t *s = block(N * 2, 0);
            for (size_t k = 0; k < N; k += kind == 3 ? 2 : 1) {
                size_t c = kind == 3 ? 2 * test_rng_below(&r, 2) : test_rng_below(&r, 4);
                s[k] = kinds[kind][c];
                if (kind == 3)
                    s[k + 1] = kinds[kind][c + 1];
            }
            uint8_t *src = block(N * 3, 0);
            size_t len;
            assert_int_equal(ref_utf8_encode(s, N, src, N * 3, &len), REF_OK);
            for (int k = 0; k < broken; k++)
                src[test_rng_below(&r, len)] = k == 0 ? 0xFF : 0x41;
            expect_decode_as_ref(src, len);
            free(src);
            free(s);
        }
}

/* Inputs of 1024 bytes and fewer (src/utf8.c's UTF8_SHORT_BYTES) are
 * decoded on the stack when the capacity is below their length, longer
 * ones counted first: both sides of that edge, in every class, into
 * buffers one unit short, exact and one over (expect_decode), whole and
 * with a byte broken. */
static void decode_short_edge(void **state)
{
    (void)state;
    static const uint16_t kinds[] = {0xE9, 0x416, 0x4E00, 0xD83D};
    test_rng r = {20261204};
    for (size_t kind = 0; kind < sizeof kinds / sizeof kinds[0]; kind++)
        for (size_t len = 1018; len <= 1030; len++)
            for (int broken = 0; broken < 2; broken++) {
                uint8_t src[1030];
                uint16_t s[2] = {kinds[kind], 0xDE00};
                size_t used;
                /* one letter of the kind, then ASCII up to len bytes */
                assert_int_equal(ref_utf8_encode(s, kinds[kind] == 0xD83D ? 2 : 1, src,
                                                 sizeof src, &used),
                                 REF_OK);
                memset(src + used, 'a', len - used);
                if (broken)
                    src[test_rng_below(&r, len)] = 0xFF;
                expect_decode_as_ref(src, len);
            }
}

/* The counting kernel (lepack_vec_utf8_count, behind decoded_length and a
 * decode of over 1024 bytes into an exact-size buffer), the validating one
 * (lepack_vec_utf8_valid_run, behind validate and the strict decode) and the
 * decoding one (lepack_vec_utf8_decode) against the scalar count,
 * validation and decode, at each level:
 * windows of bytes drawn from every class its lookup tables tell apart
 * (each high nibble, and the low nibbles that matter after a lead), in
 * ASCII text after U+00E9, at every lane offset of a 64-byte block, the
 * text running on or ending with the window; four-byte windows across the
 * block edge.  Every decode writes into a freshly poisoned frame
 * (decode_at), and every unit outside what it decoded must keep the
 * poison. */
static const uint8_t KCLASS_LEADS[] = {0x41, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC1,
                                       0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5};

static size_t count_at(int level, const uint8_t *src, size_t len)
{
    size_t units = 0;
    lepack_vec_select(level);
    assert_int_equal(lepack_utf8_decoded_length(src, len, &units), LEPACK_OK);
    return units;
}

/* decode's units at a level (a capacity of len: one pass) at frame +
 * WGUARD, into a frame poisoned just before the call, WGUARD units on each
 * side: no unit before the output or from *written on may change (and a
 * unit left unwritten never shows what the level before wrote there). */
enum { WGUARD = 16, WLEN = 140, WFRAME = WGUARD + WLEN + WGUARD };

static int poisoned(const uint16_t *u, size_t n)
{
    static uint16_t poison[WFRAME];
    if (poison[0] == 0)
        memset(poison, 0xA5, sizeof poison);
    return memcmp(u, poison, n * sizeof *u) == 0;
}

static size_t decode_at(int level, const uint8_t *src, size_t len, uint16_t *frame)
{
    size_t written = 0;
    uint16_t *out = frame + WGUARD;
    memset(frame, 0xA5, WFRAME * sizeof *frame);
    lepack_vec_select(level);
    assert_int_equal(lepack_utf8_decode(src, len, out, len, &written), LEPACK_OK);
    if (!poisoned(frame, WGUARD) || !poisoned(out + written, len - written + WGUARD))
        fail_msg("decode: level %d, length %zu: a unit stored outside [0, %zu)", level, len,
                 written);
    return written;
}

/* validate's answer as one number: the bad offset, or len + 1 when valid. */
static size_t valid_at(int level, const uint8_t *src, size_t len)
{
    size_t bad = 0;
    lepack_vec_select(level);
    return lepack_utf8_validate(src, len, &bad) == LEPACK_OK ? len + 1 : bad;
}

/* Windows of w bytes, every combination of cls[0 .. nc), at offsets
 * [from, to); returns the number of comparisons. */
static size_t count_windows(const uint8_t *cls, size_t nc, size_t w, size_t from, size_t to)
{
    enum { LEN = WLEN };
    uint8_t buf[LEN];
    uint16_t want_frame[WFRAME], got_frame[WFRAME];
    const uint16_t *want_units = want_frame + WGUARD, *got_units = got_frame + WGUARD;
    size_t combos = 1, checks = 0;
    for (size_t k = 0; k < w; k++)
        combos *= nc;
    for (size_t off = from; off < to; off++)
        for (size_t c = 0; c < combos; c++) {
            memset(buf, 'a', sizeof buf);
            /* After an anchor the decoder's blocks start at the text's
             * start, so a window meets them at its own lane and across
             * their edges (in ASCII alone they would start at it). */
            if (off >= 2) {
                buf[0] = 0xC3;
                buf[1] = 0xA9;
            }
            for (size_t k = 0, v = c; k < w; k++, v /= nc)
                buf[off + k] = cls[v % nc];
            const size_t lens[] = {LEN, off + w};
            for (size_t l = 0; l < 2; l++) {
                size_t want = count_at(LEPACK_VEC_NONE, buf, lens[l]);
                size_t want_valid = valid_at(LEPACK_VEC_NONE, buf, lens[l]);
                size_t want_units_n = decode_at(LEPACK_VEC_NONE, buf, lens[l], want_frame);
                for (int level = 1; level <= best_level(); level++) {
                    size_t got_n = decode_at(level, buf, lens[l], got_frame);
                    if (got_n != want_units_n ||
                        memcmp(got_units, want_units, got_n * sizeof got_units[0]) != 0)
                        fail_msg("decode: level %d, offset %zu, window %zu bytes from %02x, "
                                 "length %zu: %zu units, scalar %zu%s",
                                 level, off, w, buf[off], lens[l], got_n, want_units_n,
                                 got_n == want_units_n ? " (their values differ)" : "");
                    if (count_at(level, buf, lens[l]) != want)
                        fail_msg("count: level %d, offset %zu, window %zu bytes from %02x, "
                                 "length %zu: %zu units, scalar %zu",
                                 level, off, w, buf[off], lens[l],
                                 count_at(level, buf, lens[l]), want);
                    if (valid_at(level, buf, lens[l]) != want_valid)
                        fail_msg("validate: level %d, offset %zu, window %zu bytes from %02x, "
                                 "length %zu: %zu, scalar %zu (length + 1: valid)",
                                 level, off, w, buf[off], lens[l],
                                 valid_at(level, buf, lens[l]), want_valid);
                }
                checks++;
            }
        }
    return checks;
}

static void kernel_windows(void **state)
{
    (void)state;
    size_t checks = count_windows(KCLASS, sizeof KCLASS, 2, 0, 64);
    checks += count_windows(KCLASS_LEADS, sizeof KCLASS_LEADS, 3, 0, 64);
    checks += count_windows(KCLASS_LEADS, sizeof KCLASS_LEADS, 4, 59, 65);
    lepack_vec_select(-1);
    print_message("count, validate and decode kernels: %zu windows, each at levels 0-%d\n", checks, best_level());
}

/* writeUTF's bytes at every vector level are ref's, on strings long enough
 * for the kernel's blocks and tails, with U+0000 (C0 80) in any lane. */
static void mutf8_every_level(void **state)
{
    (void)state;
    test_rng r = {20261202};
    for (int iter = 0; iter < 300; iter++) {
        size_t n = test_rng_below(&r, iter % 10 == 0 ? 700 : 90);
        uint16_t *s = block(n * 2, 0);
        random_units(&r, s, n);
        for (size_t i = 0; i < n; i++)
            if (test_rng_below(&r, 16) == 0)
                s[i] = 0;
        size_t len = 0, got = 0;
        uint8_t *want = block(n * 3 + 2, 0);
        uint8_t *out = block(n * 3 + 3, 0xA5);
        assert_int_equal(ref_mutf8_write(s, n, want, n * 3 + 2, &len), REF_OK);
        for (int level = 0; level <= best_level(); level++) {
            lepack_vec_select(level);
            memset(out, 0xA5, n * 3 + 3);
            assert_int_equal(lepack_mutf8_write(s, n, out, n * 3 + 2, &got), LEPACK_OK);
            assert_int_equal(got, len);
            assert_memory_equal(out, want, len);
            assert_true(all_bytes(out + len, n * 3 + 3 - len, 0xA5));
        }
        lepack_vec_select(-1);
        free(out);
        free(want);
        free(s);
    }
}

/* The plain 64-byte stores of the AVX-512 encoders stay inside the
 * string's bytes: a block of 32 units whose first half is one CJK unit and
 * 15 ASCII, its second half ASCII, followed by 32 to 63 ASCII units.  Its
 * second 16 units start 18 bytes in, and a 64-byte store from there would
 * end up to 16 bytes past the string's 66 to 97 bytes (taken with 64 units
 * left rather than 96: VEC_ROOM_UNITS).  Both encoders, at every level,
 * into a capacity 64 bytes over: those must stay as they were. */
static void encode_room_at_block_end(void **state)
{
    (void)state;
    for (size_t n = 64; n < 96; n++) {
        uint16_t s[96];
        for (size_t i = 0; i < n; i++)
            s[i] = i == 0 ? 0x4E2D : (uint16_t)('a' + i % 26);
        size_t len = n + 2, cap = 2 + len + 64, got = 0;
        uint8_t want[97], *out = block(cap, 0xA5); /* len is at most 97 */
        assert_int_equal(ref_utf8_encode(s, n, want, sizeof want, &got), REF_OK);
        assert_int_equal(got, len);
        for (int level = 0; level <= best_level(); level++) {
            lepack_vec_select(level);
            memset(out, 0xA5, cap);
            assert_int_equal(lepack_utf8_encode(s, n, out, cap, &got), LEPACK_OK);
            assert_int_equal(got, len);
            assert_memory_equal(out, want, len);
            assert_true(all_bytes(out + len, cap - len, 0xA5));
            memset(out, 0xA5, cap);
            assert_int_equal(lepack_mutf8_write(s, n, out, cap, &got), LEPACK_OK);
            assert_int_equal(got, 2 + len);
            assert_memory_equal(out + 2, want, len); /* no U+0000: the same bytes */
            assert_true(all_bytes(out + 2 + len, cap - 2 - len, 0xA5));
        }
        lepack_vec_select(-1);
        free(out);
    }
}

/* writeUTF: 2-byte big-endian length, U+0000 as C0 80, a pair as two
 * three-byte surrogates; more than 65535 bytes refused, nothing written. */
static void mutf8_write(void **state)
{
    (void)state;
    uint8_t out[32];
    size_t written = 0;
    const uint16_t s[] = {0x41, 0x0000, 0xE9, 0xD83D, 0xDE00};
    const uint8_t want[] = {0x00, 0x0B, 0x41, 0xC0, 0x80, 0xC3, 0xA9,
                            0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80};
    assert_int_equal(lepack_mutf8_write(s, 5, out, sizeof out, &written), LEPACK_OK);
    assert_int_equal(written, sizeof want);
    assert_memory_equal(out, want, sizeof want);
    size_t body = 0;
    assert_int_equal(lepack_mutf8_length(s, 5, &body), LEPACK_OK);
    assert_int_equal(body, sizeof want - 2);

    memset(out, 0xA5, sizeof out);
    written = 99;
    assert_int_equal(lepack_mutf8_write(s, 5, out, sizeof want - 1, &written), LEPACK_ENOSPACE);
    assert_int_equal(written, sizeof want); /* the size needed */
    assert_true(all_bytes(out, sizeof out, 0xA5));
    assert_int_equal(lepack_mutf8_write(NULL, 0, out, 1, &written), LEPACK_ENOSPACE);
    assert_int_equal(lepack_mutf8_write(NULL, 0, out, 2, &written), LEPACK_OK);
    assert_int_equal(written, 2);
    assert_true(out[0] == 0 && out[1] == 0);

    /* The limit, in ASCII and in three-byte units, and at a cursor. */
    size_t big = 65536;
    uint16_t *a = block(big * 2, 0);
    uint8_t *dst = block(3 * big + 2, 0xA5);
    for (size_t i = 0; i < big; i++)
        a[i] = 0x61;
    assert_int_equal(lepack_mutf8_write(a, 65535, dst, 3 * big + 2, &written), LEPACK_OK);
    assert_int_equal(written, 65537);
    assert_true(dst[0] == 0xFF && dst[1] == 0xFF);
    memset(dst, 0xA5, 3 * big + 2);
    assert_int_equal(lepack_mutf8_write(a, 65536, dst, 3 * big + 2, &written), LEPACK_ETOOLONG);
    assert_true(all_bytes(dst, 3 * big + 2, 0xA5));
    for (size_t i = 0; i < big; i++)
        a[i] = 0x800;
    assert_int_equal(lepack_mutf8_write(a, 21845, dst, 3 * big + 2, &written), LEPACK_OK);
    assert_int_equal(written, 65537);
    assert_int_equal(lepack_mutf8_write(a, 21846, dst, 3 * big + 2, &written), LEPACK_ETOOLONG);
    /* Too long wins over too small. */
    assert_int_equal(lepack_mutf8_write(a, 21846, dst, 10, &written), LEPACK_ETOOLONG);
    lepack_cursor c;
    lepack_cursor_init(&c, dst, 3 * big + 2);
    c.pos = 1;
    assert_int_equal(lepack_cursor_put_mutf8(&c, a, 21846), LEPACK_ETOOLONG);
    assert_int_equal(c.pos, 1);
    assert_int_equal(lepack_cursor_put_mutf8(&c, a, 3), LEPACK_OK);
    assert_int_equal(c.pos, 1 + 2 + 9);
    const uint8_t want3[] = {0x00, 0x09, 0xE0, 0xA0, 0x80, 0xE0, 0xA0, 0x80, 0xE0, 0xA0, 0x80};
    assert_memory_equal(dst + 1, want3, sizeof want3);
    /* The cursor writes the bytes lepack_mutf8_write does, where it stands. */
    const uint16_t t[] = {0xE9, 0x4E2D};
    const uint8_t want_t[] = {0x00, 0x05, 0xC3, 0xA9, 0xE4, 0xB8, 0xAD};
    assert_int_equal(lepack_cursor_put_mutf8(&c, t, 2), LEPACK_OK);
    assert_int_equal(c.pos, 12 + sizeof want_t);
    assert_memory_equal(dst + 12, want_t, sizeof want_t);
    lepack_cursor_init(&c, NULL, 0);
    assert_int_equal(lepack_cursor_put_mutf8(&c, a, 1), LEPACK_ENOSPACE);
    assert_int_equal(lepack_cursor_put_mutf8(&c, a, 21846), LEPACK_ETOOLONG);
    free(dst);
    free(a);
}

static void expect_read_error(const char *hex, lepack_status want, size_t offset)
{
    uint8_t src[32];
    size_t len = strlen(hex) / 2;
    assert_int_equal(test_hex_decode(hex, strlen(hex), src), 0);
    uint16_t dst[32];
    size_t units = 11, used = 22, bad = 33;
    assert_int_equal(lepack_mutf8_read(src, len, dst, 32, &units, &used, &bad), want);
    assert_int_equal(units, 11);
    assert_int_equal(used, 22);
    assert_int_equal(bad, want == LEPACK_EILLFORMED ? offset : 33);
    assert_int_equal(lepack_mutf8_decoded_length(src, len, &units, &bad), want);
}

/* readUTF: what Java accepts (overlong forms too), and where it stops. */
static void mutf8_read(void **state)
{
    (void)state;
    const uint8_t src[] = {0x00, 0x0B, 0x41, 0xC0, 0x80, 0xC1, 0x81, 0xE0,
                           0x80, 0x80, 0xED, 0xA0, 0xBD, 0xFF};
    uint16_t dst[8];
    size_t units = 0, used = 0, bad = 0;
    assert_int_equal(lepack_mutf8_read(src, sizeof src, dst, 5, &units, &used, &bad), LEPACK_OK);
    assert_int_equal(units, 5);
    assert_int_equal(used, 13);
    const uint16_t want[] = {0x41, 0x0000, 0x41, 0x0000, 0xD83D};
    assert_memory_equal(dst, want, sizeof want);
    units = 99;
    used = 88;
    assert_int_equal(lepack_mutf8_read(src, sizeof src, dst, 4, &units, &used, &bad),
                     LEPACK_ENOSPACE);
    assert_int_equal(units, 5); /* the size needed */
    assert_int_equal(used, 88);
    expect_read_error("", LEPACK_ERANGE, 0);
    expect_read_error("00", LEPACK_ERANGE, 0);
    expect_read_error("00034142", LEPACK_ERANGE, 0);
    expect_read_error("000180", LEPACK_EILLFORMED, 2);
    expect_read_error("0003f09f98", LEPACK_EILLFORMED, 2);
    expect_read_error("000341c241", LEPACK_EILLFORMED, 3);
    expect_read_error("000241e2", LEPACK_EILLFORMED, 3);
}

/* --- strict encoding ------------------------------------------------------ */

static void expect_unpaired(const uint16_t *s, size_t n, long index)
{
    size_t bad = 77, written = 66;
    uint8_t out[32];
    memset(out, 0xA5, sizeof out);
    lepack_status st = lepack_utf16_validate(s, n, &bad);
    assert_int_equal(st, index < 0 ? LEPACK_OK : LEPACK_EILLFORMED);
    assert_int_equal(bad, index < 0 ? 77 : (size_t)index);
    bad = 77;
    st = lepack_utf8_encode_strict(s, n, out, sizeof out, &written, &bad);
    if (index < 0) {
        uint8_t lossy[32];
        size_t lossy_len = 0;
        assert_int_equal(st, LEPACK_OK);
        assert_int_equal(lepack_utf8_encode(s, n, lossy, sizeof lossy, &lossy_len), LEPACK_OK);
        assert_int_equal(written, lossy_len);
        assert_memory_equal(out, lossy, lossy_len);
    } else {
        assert_int_equal(st, LEPACK_EILLFORMED);
        assert_int_equal(bad, (size_t)index);
        assert_int_equal(written, 66);
        assert_true(all_bytes(out, sizeof out, 0xA5));
    }
}

/* An unpaired surrogate is refused with its index, wherever it stands. */
static void encode_strict(void **state)
{
    (void)state;
    const uint16_t pair[] = {0x41, 0xD83D, 0xDE00, 0x42};
    expect_unpaired(pair, 4, -1);
    expect_unpaired(NULL, 0, -1);
    const uint16_t high_at_end[] = {0x41, 0xD83D};
    expect_unpaired(high_at_end, 2, 1);
    const uint16_t low_first[] = {0xDE00, 0x41};
    expect_unpaired(low_first, 2, 0);
    const uint16_t reversed[] = {0x41, 0xDE00, 0xD83D};
    expect_unpaired(reversed, 3, 1);
    const uint16_t two_highs[] = {0xD83D, 0xD83D, 0xDE00};
    expect_unpaired(two_highs, 3, 0);
    const uint16_t pair_then_low[] = {0xD83D, 0xDE00, 0xDE00};
    expect_unpaired(pair_then_low, 3, 2);
    /* Checked before the room: the index, not ENOSPACE. */
    size_t bad = 0, written = 0;
    assert_int_equal(lepack_utf8_encode_strict(high_at_end, 2, NULL, 0, &written, &bad),
                     LEPACK_EILLFORMED);
    assert_int_equal(bad, 1);
    assert_int_equal(lepack_utf8_encode_strict(pair, 4, NULL, 0, &written, &bad),
                     LEPACK_ENOSPACE);
    assert_int_equal(written, 6);
}

/* --- streaming ------------------------------------------------------------ */

/* A pair cut between two chunks waits for its low half; the last chunk
 * turns a high surrogate left at the end into '?'. */
static void encode_chunks(void **state)
{
    (void)state;
    const uint16_t s[] = {0x41, 0xD83D, 0xDE00, 0xE9, 0xD83D};
    uint8_t out[16];
    size_t used = 0, written = 0;
    assert_int_equal(lepack_utf8_encode_chunk(s, 2, 0, out, sizeof out, &used, &written),
                     LEPACK_OK);
    assert_int_equal(used, 1);
    assert_int_equal(written, 1);
    assert_int_equal(out[0], 0x41);
    assert_int_equal(lepack_utf8_encode_chunk(s + 1, 4, 0, out, sizeof out, &used, &written),
                     LEPACK_OK);
    assert_int_equal(used, 3); /* the pair and U+00E9; the last high waits */
    const uint8_t mid[] = {0xF0, 0x9F, 0x98, 0x80, 0xC3, 0xA9};
    assert_int_equal(written, sizeof mid);
    assert_memory_equal(out, mid, sizeof mid);
    assert_int_equal(lepack_utf8_encode_chunk(s + 4, 1, 1, out, sizeof out, &used, &written),
                     LEPACK_OK);
    assert_int_equal(used, 1);
    assert_int_equal(written, 1);
    assert_int_equal(out[0], '?');
    /* Too small: the size needed, nothing consumed or written. */
    memset(out, 0xA5, sizeof out);
    used = 99;
    assert_int_equal(lepack_utf8_encode_chunk(s + 1, 4, 0, out, 5, &used, &written),
                     LEPACK_ENOSPACE);
    assert_int_equal(written, 6);
    assert_int_equal(used, 99);
    assert_true(all_bytes(out, sizeof out, 0xA5));
}

/* Every cut of a four-byte sequence: the bytes before the cut wait, and
 * the whole stream decodes as it would in one call; a cut-short sequence
 * in the last chunk is one U+FFFD, as the JDK decodes it. */
static void decode_chunks(void **state)
{
    (void)state;
    const uint8_t seq[] = {0x41, 0xF0, 0x9F, 0x98, 0x80, 0x42};
    const uint16_t want[] = {0x41, 0xD83D, 0xDE00, 0x42};
    for (size_t cut = 0; cut <= sizeof seq; cut++) {
        uint16_t out[8];
        size_t used = 0, written = 0, q = 0;
        assert_int_equal(lepack_utf8_decode_chunk(seq, cut, 0, out, 8, &used, &written),
                         LEPACK_OK);
        size_t expect_used = cut >= 2 && cut <= 4 ? 1 : cut;
        assert_int_equal(used, expect_used);
        q = written;
        assert_int_equal(lepack_utf8_decode_chunk(seq + used, sizeof seq - used, 1, out + q,
                                                  8 - q, &used, &written),
                         LEPACK_OK);
        q += written;
        assert_int_equal(q, 4);
        assert_memory_equal(out, want, sizeof want);
    }
    /* The last chunk ends inside a sequence: one U+FFFD for the cut-short
     * sequence, whatever the chunking. */
    const uint8_t cut_short[] = {0x41, 0xE2, 0x82};
    uint16_t out[4];
    size_t used = 0, written = 0;
    assert_int_equal(lepack_utf8_decode_chunk(cut_short, 3, 0, out, 4, &used, &written),
                     LEPACK_OK);
    assert_int_equal(used, 1);
    assert_int_equal(lepack_utf8_decode_chunk(cut_short + 1, 2, 1, out + 1, 3, &used, &written),
                     LEPACK_OK);
    assert_int_equal(used, 2);
    assert_int_equal(written, 1);
    assert_int_equal(out[1], 0xFFFD);
    /* A stray continuation byte at the end never waits. */
    const uint8_t stray[] = {0x41, 0x80};
    assert_int_equal(lepack_utf8_decode_chunk(stray, 2, 0, out, 4, &used, &written), LEPACK_OK);
    assert_int_equal(used, 2);
    assert_int_equal(written, 2);
    /* Too small: the size needed, nothing consumed or written. */
    uint16_t small[1] = {0x5A5A};
    used = 99;
    assert_int_equal(lepack_utf8_decode_chunk(seq, 6, 0, small, 1, &used, &written),
                     LEPACK_ENOSPACE);
    assert_int_equal(written, 4);
    assert_int_equal(used, 99);
    assert_int_equal(small[0], 0x5A5A);
}

/* --- golden vectors ------------------------------------------------------- */

static const char *vectors_dir(void)
{
    const char *d = getenv("LEPACK_VECTORS_DIR");
    return d != NULL && d[0] != '\0' ? d : "tests/vectors";
}

static size_t parse_units(const char *f, uint16_t **out)
{
    size_t n = strcmp(f, "-") == 0 ? 0 : strlen(f) / 4;
    uint16_t *u = block(n * 2, 0);
    for (size_t i = 0; i < n; i++) {
        uint8_t b[2];
        assert_int_equal(test_hex_decode(f + 4 * i, 4, b), 0);
        u[i] = (uint16_t)(b[0] * 256 + b[1]);
    }
    *out = u;
    return n;
}

static size_t parse_bytes(const char *f, uint8_t **out)
{
    size_t n = strcmp(f, "-") == 0 ? 0 : strlen(f) / 2;
    uint8_t *b = block(n, 0);
    if (n > 0)
        assert_int_equal(test_hex_decode(f, 2 * n, b), 0);
    *out = b;
    return n;
}

static void vectors(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/utf8.vec", vectors_dir());
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot open %s", path);
    static char line[1 << 16];
    size_t cases = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        char *field[6] = {0};
        size_t nf = 0;
        for (char *p = strtok(line, " "); p != NULL && nf < 6; p = strtok(NULL, " "))
            field[nf++] = p;
        cases++;
        if (strcmp(field[0], "encode") == 0 && nf == 4) {
            uint16_t *s;
            uint8_t *want;
            size_t n = parse_units(field[2], &s);
            size_t len = parse_bytes(field[3], &want);
            expect_encode(s, n, want, len);
            uint8_t *r = block(len, 0);
            size_t rlen;
            assert_int_equal(ref_utf8_encode(s, n, r, len, &rlen), REF_OK);
            if (len > 0)
                assert_memory_equal(r, want, len);
            free(r);
            free(want);
            free(s);
        } else if (strcmp(field[0], "decode") == 0 && nf == 5) {
            uint8_t *src;
            uint16_t *want;
            size_t len = parse_bytes(field[2], &src);
            size_t units = parse_units(field[3], &want);
            long strict = strcmp(field[4], "ok") == 0 ? -1 : atol(field[4]);
            expect_decode(src, len, want, units, strict);
            free(want);
            free(src);
        } else if (strcmp(field[0], "writeutf") == 0 && nf == 4) {
            uint16_t *s, *back;
            uint8_t *want;
            size_t n = parse_units(field[2], &s);
            size_t len = parse_bytes(field[3], &want);
            uint8_t *dst = block(len, 0xA5);
            size_t written = 0, units = 0, used = 0, bad = 0;
            assert_int_equal(lepack_mutf8_write(s, n, dst, len, &written), LEPACK_OK);
            assert_int_equal(written, len);
            assert_memory_equal(dst, want, len);
            assert_int_equal(lepack_mutf8_write(s, n, dst, len - 1, &written), LEPACK_ENOSPACE);
            back = block(n * 2, 0);
            assert_int_equal(lepack_mutf8_read(want, len, back, n, &units, &used, &bad), LEPACK_OK);
            assert_int_equal(units, n);
            assert_int_equal(used, len);
            if (n > 0)
                assert_memory_equal(back, s, n * 2);
            free(back);
            free(dst);
            free(want);
            free(s);
        } else if (strcmp(field[0], "writeutf_repeat") == 0 && nf == 5) {
            size_t count = (size_t)atol(field[3]);
            uint16_t *s;
            size_t one = parse_units(field[2], &s);
            assert_int_equal(one, 1);
            uint16_t *many = block(count * 2, 0);
            for (size_t i = 0; i < count; i++)
                many[i] = s[0];
            size_t body = 0, written = 0;
            assert_int_equal(lepack_mutf8_length(many, count, &body), LEPACK_OK);
            uint8_t *dst = block(3 * count + 2, 0xA5);
            lepack_status st = lepack_mutf8_write(many, count, dst, 3 * count + 2, &written);
            if (strcmp(field[4], "ETOOLONG") == 0) {
                assert_int_equal(st, LEPACK_ETOOLONG);
                assert_true(body > 65535);
                assert_true(all_bytes(dst, 3 * count + 2, 0xA5));
            } else {
                assert_int_equal(st, LEPACK_OK);
                assert_int_equal(body, (size_t)atol(field[4]));
                assert_int_equal(written, body + 2);
            }
            free(dst);
            free(many);
            free(s);
        } else if (strcmp(field[0], "readutf") == 0 && nf == 5) {
            uint8_t *src;
            uint16_t *want;
            size_t len = parse_bytes(field[2], &src);
            size_t n = parse_units(field[3], &want);
            uint16_t *dst = block(n * 2, 0);
            size_t units = 0, used = 0, bad = 0;
            assert_int_equal(lepack_mutf8_read(src, len, dst, n, &units, &used, &bad), LEPACK_OK);
            assert_int_equal(units, n);
            assert_int_equal(used, (size_t)atol(field[4]));
            if (n > 0)
                assert_memory_equal(dst, want, n * 2);
            free(dst);
            free(want);
            free(src);
        } else if (strcmp(field[0], "readutf_error") == 0 && nf == 5) {
            uint8_t *src;
            size_t len = parse_bytes(field[2], &src);
            uint16_t dst[4];
            size_t units = 1, used = 2, bad = 3;
            lepack_status want = strcmp(field[3], "ERANGE") == 0 ? LEPACK_ERANGE : LEPACK_EILLFORMED;
            assert_string_equal(lepack_status_name(want), field[3]);
            assert_int_equal(lepack_mutf8_read(src, len, dst, 4, &units, &used, &bad), want);
            assert_int_equal(bad, want == LEPACK_EILLFORMED ? (size_t)atol(field[4]) : 3);
            free(src);
        } else {
            fail_msg("%s: unknown kind or wrong field count: %s", path, field[0]);
        }
    }
    fclose(f);
    assert_true(cases > 100);
    print_message("utf8.vec: %zu cases at every vector level up to %d\n", cases, best_level());
}

static void vector_levels(void **state)
{
    (void)state;
    int best = lepack_vec_select(-1);
    assert_true(best >= LEPACK_VEC_NONE && best <= LEPACK_VEC_AVX512);
    assert_int_equal(lepack_vec_select(LEPACK_VEC_NONE), LEPACK_VEC_NONE);
    assert_int_equal(lepack_vec_select(99), best);
    lepack_vec_select(-1);
}

/* ---- the first call of a process ------------------------------------------------ */

/* The kernels' level is decided by the first call into them, through a
 * cold path of its own in each entry point; the tests above all run after
 * some other call decided it.  So each entry point gets a fresh process
 * (this program again, with --first NAME) whose very first library call it
 * is, on text that reaches the kernels; the child compares that answer with
 * the same call at the scalar level and exits 0 when they agree. */
enum { FIRST_UNITS = 96 };

static size_t first_text(uint16_t *s)
{
    static const uint16_t cycle[] = {'a', 'b', 0x00E9, 0x4E2D, 0xD83D, 0xDE00, ' ', 0x0416};
    for (size_t k = 0; k < FIRST_UNITS; k++)
        s[k] = cycle[k % (sizeof cycle / sizeof cycle[0])];
    return FIRST_UNITS;
}

typedef struct first_answer {
    lepack_status st;
    size_t n;
    uint8_t bytes[4 * FIRST_UNITS];
    uint16_t units[FIRST_UNITS];
} first_answer;

static int first_run(const char *name, first_answer *a)
{
    uint16_t s[FIRST_UNITS];
    size_t n = first_text(s);
    uint8_t u8[4 * FIRST_UNITS];
    size_t len = 0, bad = 0;
    memset(a, 0, sizeof *a);
    if (strcmp(name, "encode") == 0) {
        a->st = lepack_utf8_encode(s, n, a->bytes, sizeof a->bytes, &a->n);
    } else if (strcmp(name, "mutf8") == 0) {
        a->st = lepack_mutf8_write(s, n, a->bytes, sizeof a->bytes, &a->n);
    } else if (strcmp(name, "length") == 0) {
        a->st = lepack_utf8_length(s, n, &a->n);
    } else if (strcmp(name, "mutf8-length") == 0) {
        a->st = lepack_mutf8_length(s, n, &a->n);
    } else {
        /* The decoding side starts from the encoded text, made by ref/ so
         * that the library is not called before the call under test. */
        if (ref_utf8_encode(s, n, u8, sizeof u8, &len) != 0)
            return -1;
        if (strcmp(name, "decoded-length") == 0)
            a->st = lepack_utf8_decoded_length(u8, len, &a->n);
        else if (strcmp(name, "decode") == 0)
            a->st = lepack_utf8_decode(u8, len, a->units, FIRST_UNITS, &a->n);
        else if (strcmp(name, "validate") == 0) {
            a->st = lepack_utf8_validate(u8, len, &bad);
            a->n = bad;
        } else {
            return -1;
        }
    }
    return 0;
}

static int first_call_child(const char *name)
{
    first_answer first, scalar;
    if (first_run(name, &first) != 0)
        return 2;
    if (lepack_vec_select(-1) == LEPACK_VEC_NONE)
        return 3; /* no kernel ran: nothing was checked */
    lepack_vec_select(LEPACK_VEC_NONE);
    if (first_run(name, &scalar) != 0)
        return 2;
    return memcmp(&first, &scalar, sizeof first) == 0 ? 0 : 1;
}

static void first_call_each_entry(void **state)
{
    (void)state;
    if (best_level() == LEPACK_VEC_NONE)
        skip(); /* no kernels on this CPU */
    static const char *const names[] = {"encode", "mutf8", "length", "mutf8-length",
                                        "decoded-length", "decode", "validate"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            char *argv[] = {(char *)"test_utf8", (char *)"--first", (char *)names[k], NULL};
            execv("/proc/self/exe", argv);
            _exit(127);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
            fail_msg("first call of %s: child status 0x%x", names[k], (unsigned)status);
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--first") == 0)
        return first_call_child(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(encode_boundaries),
        cmocka_unit_test(encode_unpaired_surrogates),
        cmocka_unit_test(encode_empty_and_null),
        cmocka_unit_test(encode_every_level),
        cmocka_unit_test(decode_replacement),
        cmocka_unit_test(decode_encoded_surrogate_as_jdk),
        cmocka_unit_test(replacement_count),
        cmocka_unit_test(decode_every_level),
        cmocka_unit_test(decode_long_runs),
        cmocka_unit_test(decode_short_edge),
        cmocka_unit_test(kernel_windows),
        cmocka_unit_test(encode_strict),
        cmocka_unit_test(encode_chunks),
        cmocka_unit_test(decode_chunks),
        cmocka_unit_test(mutf8_write),
        cmocka_unit_test(mutf8_every_level),
        cmocka_unit_test(encode_room_at_block_end),
        cmocka_unit_test(mutf8_read),
        cmocka_unit_test(vectors),
        cmocka_unit_test(vector_levels),
        cmocka_unit_test(first_call_each_entry),
    };
    return cmocka_run_group_tests_name("utf8", tests, NULL, NULL);
}
