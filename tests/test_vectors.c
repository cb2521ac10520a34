/* SPDX-License-Identifier: Apache-2.0 */
/* lepack against the golden vectors in tests/vectors/ (format in
 * tests/vectors/README.md).  The reader is strict on purpose: an unknown
 * kind, a wrong field count or a malformed field fails the test, so the
 * files cannot drift from the documented format unnoticed.
 *
 * The directory is tests/vectors relative to the working directory, or
 * $LEPACK_VECTORS_DIR. */
#include "test_util.h"

#include "counters.h"
#include "ref.h"
#include "text.h"

#define MAX_FIELDS 8

typedef struct vec_line {
    const char *file;
    size_t lineno;
    char *field[MAX_FIELDS];
    size_t nfields;
} vec_line;

typedef struct vec_item {
    int32_t p;
    int64_t i, u;
} vec_item;

static const char *vectors_dir(void)
{
    const char *d = getenv("LEPACK_VECTORS_DIR");
    return d != NULL && d[0] != '\0' ? d : "tests/vectors";
}

static char *read_file(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", vectors_dir(), name);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        fail_msg("cannot open %s (run from the top directory or set LEPACK_VECTORS_DIR)", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    assert_non_null(buf);
    for (;;) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap + 1);
        assert_non_null(bigger);
        buf = bigger;
    }
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

#define VFAIL(l, ...)                                                              \
    do {                                                                           \
        print_error("%s:%zu: ", (l)->file, (l)->lineno);                           \
        fail_msg(__VA_ARGS__);                                                     \
    } while (0)

/* Splits a line in place at single spaces. */
static void split(vec_line *l, char *s)
{
    l->nfields = 0;
    if (strchr(s, '\r') != NULL)
        VFAIL(l, "CR in a vector file");
    for (;;) {
        if (l->nfields == MAX_FIELDS)
            VFAIL(l, "too many fields");
        l->field[l->nfields++] = s;
        char *sp = strchr(s, ' ');
        if (sp == NULL)
            break;
        *sp = '\0';
        s = sp + 1;
    }
    for (size_t k = 0; k < l->nfields; k++)
        if (l->field[k][0] == '\0')
            VFAIL(l, "empty field %zu (two spaces, or a space at an end)", k);
}

static void want_fields(const vec_line *l, size_t n)
{
    if (l->nfields != n)
        VFAIL(l, "%s: %zu fields, expected %zu", l->field[0], l->nfields, n);
}

/* -?[0-9]+ within [min, max]; *end gets the first byte after it. */
static int64_t parse_int(const vec_line *l, const char *s, const char **end, int64_t min,
                         int64_t max)
{
    int neg = *s == '-';
    const char *p = s + neg;
    if (*p < '0' || *p > '9')
        VFAIL(l, "bad number at \"%s\"", s);
    uint64_t mag = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (mag > (UINT64_MAX - d) / 10)
            VFAIL(l, "number too long at \"%s\"", s);
        mag = mag * 10 + d;
    }
    int64_t v;
    if (neg) {
        if (mag > (uint64_t)INT64_MAX + 1)
            VFAIL(l, "number out of range at \"%s\"", s);
        v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
    } else {
        if (mag > (uint64_t)INT64_MAX)
            VFAIL(l, "number out of range at \"%s\"", s);
        v = (int64_t)mag;
    }
    if (v < min || v > max)
        VFAIL(l, "number out of range at \"%s\"", s);
    *end = p;
    return v;
}

static int64_t parse_whole_int(const vec_line *l, const char *s, int64_t min, int64_t max)
{
    const char *end;
    int64_t v = parse_int(l, s, &end, min, max);
    if (*end != '\0')
        VFAIL(l, "trailing text after number \"%s\"", s);
    return v;
}

/* "-" or lowercase byte pairs; the caller frees *out. */
static uint8_t *parse_hex(const vec_line *l, const char *s, size_t *len)
{
    uint8_t *out = malloc(strlen(s) / 2 + 1);
    assert_non_null(out);
    if (strcmp(s, "-") == 0) {
        *len = 0;
        return out;
    }
    size_t n = strlen(s);
    for (size_t k = 0; k < n; k++)
        if (!((s[k] >= '0' && s[k] <= '9') || (s[k] >= 'a' && s[k] <= 'f')))
            VFAIL(l, "not lowercase hex: \"%s\"", s);
    if (test_hex_decode(s, n, out) != 0)
        VFAIL(l, "odd hex digit count: \"%s\"", s);
    *len = n / 2;
    return out;
}

/* "-" or P,I,U;P,I,U...; the caller frees the result. */
static vec_item *parse_items(const vec_line *l, const char *s, size_t *count)
{
    size_t cap = 1;
    for (const char *p = s; *p; p++)
        cap += *p == ';';
    vec_item *items = calloc(cap, sizeof *items);
    assert_non_null(items);
    *count = 0;
    if (strcmp(s, "-") == 0)
        return items;
    const char *p = s;
    for (;;) {
        vec_item *it = &items[(*count)++];
        it->p = (int32_t)parse_int(l, p, &p, INT32_MIN, INT32_MAX);
        if (*p++ != ',')
            VFAIL(l, "expected ',' in items \"%s\"", s);
        it->i = parse_int(l, p, &p, INT64_MIN, INT64_MAX);
        if (*p++ != ',')
            VFAIL(l, "expected ',' in items \"%s\"", s);
        it->u = parse_int(l, p, &p, INT64_MIN, INT64_MAX);
        if (*p == '\0')
            break;
        if (*p++ != ';')
            VFAIL(l, "expected ';' in items \"%s\"", s);
    }
    return items;
}

static lepack_status parse_status(const vec_line *l, const char *s)
{
    for (int k = LEPACK_OK + 1; k <= LEPACK_STATUS_MAX; k++)
        if (strcmp(s, lepack_status_name((lepack_status)k)) == 0)
            return (lepack_status)k;
    VFAIL(l, "unknown status \"%s\"", s);
    return LEPACK_OK;
}

/* A message built from items by add, starting at capacity 1. */
static void build(lepack_counters *m, const vec_item *items, size_t n)
{
    assert_int_equal(lepack_counters_init(m, 17, 1), LEPACK_OK);
    for (size_t k = 0; k < n; k++)
        assert_int_equal(lepack_counters_add(m, items[k].p, items[k].i, items[k].u), LEPACK_OK);
}

static void check_items(const vec_line *l, const lepack_counters *m, const vec_item *items,
                        size_t n)
{
    if (lepack_counters_size(m) != n)
        VFAIL(l, "%zu items, expected %zu", lepack_counters_size(m), n);
    for (size_t k = 0; k < n; k++) {
        int32_t p;
        int64_t a, b;
        assert_int_equal(lepack_counters_partition(m, k, &p), LEPACK_OK);
        assert_int_equal(lepack_counters_initial_counter(m, k, &a), LEPACK_OK);
        assert_int_equal(lepack_counters_updates_count(m, k, &b), LEPACK_OK);
        if (p != items[k].p || a != items[k].i || b != items[k].u)
            VFAIL(l, "item %zu differs", k);
    }
}

static void check_wire(const vec_line *l, const lepack_counters *m, const uint8_t *hex,
                       size_t len)
{
    size_t n;
    const uint8_t *w = lepack_counters_wire(m, &n);
    if (n != len)
        VFAIL(l, "wire is %zu bytes, expected %zu", n, len);
    if (len > 0 && memcmp(w, hex, len) != 0) {
        for (size_t k = 0; k < len; k++)
            if (w[k] != hex[k])
                VFAIL(l, "wire byte %zu is %02x, expected %02x", k, w[k], hex[k]);
    }
}

static size_t next_line(char *buf, size_t len, size_t *pos, char **line)
{
    if (*pos >= len)
        return 0;
    char *s = buf + *pos;
    char *nl = memchr(s, '\n', len - *pos);
    if (nl == NULL)
        fail_msg("vector file does not end with a newline");
    *nl = '\0';
    *pos = (size_t)(nl - buf) + 1;
    *line = s;
    return 1;
}

/* A sized_ok or sized_error case: the data field hex with the size field
 * size, decoded into a message that holds other items.  The decode gets a
 * copy of only the bytes it may read (size * 20 of them when it must
 * succeed, none when it must refuse), so that ASan sees a read past them;
 * a refusal must leave the message as it was.  The reference agrees. */
static void check_sized(const vec_line *l, int32_t size, const uint8_t *hex, size_t hlen,
                        const char *items_field, const char *status_field)
{
    lepack_status want = status_field != NULL ? parse_status(l, status_field) : LEPACK_OK;
    size_t n = 0;
    vec_item *items = items_field != NULL ? parse_items(l, items_field, &n) : NULL;
    size_t readable = want == LEPACK_OK ? n * LEPACK_ITEM_SIZE : 0;
    if (want == LEPACK_OK && (size < 0 || (size_t)size != n))
        VFAIL(l, "size %ld but %zu items", (long)size, n);
    uint8_t *src = malloc(readable > 0 ? readable : 1);
    assert_non_null(src);
    if (readable > 0)
        memcpy(src, hex, readable);
    lepack_counters m;
    const vec_item two[2] = {{5, -5, 5}, {INT32_MIN, INT64_MAX, 0}};
    build(&m, two, 2);
    test_snapshot snap;
    test_snapshot_take(&snap, &m);
    lepack_status got = lepack_counters_decode_sized(&m, readable > 0 ? src : NULL, hlen, size);
    if (got != want)
        VFAIL(l, "decode_sized gave %s, expected %s", lepack_status_name(got),
              lepack_status_name(want));
    if (want == LEPACK_OK) {
        check_items(l, &m, items, n);
        check_wire(l, &m, hex, readable);
    } else {
        test_snapshot_check(&snap, &m);
    }
    test_snapshot_free(&snap);
    ref_counters r;
    ref_init(&r, 0);
    assert_int_equal(ref_decode_sized(&r, hex, hlen, size), (int)want);
    assert_int_equal(r.size, n);
    ref_free(&r);
    lepack_counters_free(&m);
    free(src);
    free(items);
}

/* A fields case: a message with cache id id and the items writes exactly
 * hex as its three fields, and one byte less of room is refused with the
 * size needed.  The reference writes the same bytes. */
static void check_fields(const vec_line *l, int32_t id, const vec_item *items, size_t n,
                         const uint8_t *hex, size_t hlen)
{
    lepack_counters m;
    assert_int_equal(lepack_counters_init(&m, id, 0), LEPACK_OK);
    ref_counters r;
    ref_init(&r, id);
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(lepack_counters_add(&m, items[k].p, items[k].i, items[k].u), LEPACK_OK);
        assert_int_equal(ref_add(&r, items[k].p, items[k].i, items[k].u), REF_OK);
    }
    uint8_t *out = malloc(hlen);
    assert_non_null(out);
    size_t written = 0;
    lepack_status st = lepack_counters_encode_fields(&m, out, hlen, &written);
    if (st != LEPACK_OK || written != hlen)
        VFAIL(l, "encode_fields gave %s and %zu bytes, expected %zu", lepack_status_name(st),
              written, hlen);
    for (size_t k = 0; k < hlen; k++)
        if (out[k] != hex[k])
            VFAIL(l, "fields byte %zu is %02x, expected %02x", k, out[k], hex[k]);
    written = 0;
    assert_int_equal(lepack_counters_encode_fields(&m, out, hlen - 1, &written), LEPACK_ENOSPACE);
    assert_int_equal(written, hlen);
    memset(out, 0, hlen);
    assert_int_equal(ref_encode_fields(&r, out, hlen, &written), REF_OK);
    assert_int_equal(written, hlen);
    assert_memory_equal(out, hex, hlen);
    ref_free(&r);
    lepack_counters_free(&m);
    free(out);
}

static void counters_vec(void **state)
{
    (void)state;
    size_t len, pos = 0, ok = 0, err = 0, sized = 0, fields = 0;
    char *buf = read_file("counters.vec", &len);
    char *s;
    vec_line l = {"counters.vec", 0, {0}, 0};
    while (next_line(buf, len, &pos, &s)) {
        l.lineno++;
        if (s[0] == '\0' || s[0] == '#')
            continue;
        split(&l, s);
        if (strcmp(l.field[0], "ok") == 0) {
            want_fields(&l, 4);
            size_t n, hlen;
            vec_item *items = parse_items(&l, l.field[2], &n);
            uint8_t *hex = parse_hex(&l, l.field[3], &hlen);
            lepack_counters m;
            build(&m, items, n);
            check_wire(&l, &m, hex, hlen);
            check_items(&l, &m, items, n);
            /* encode gives the same bytes */
            uint8_t *enc = malloc(hlen + 1);
            size_t written = 0;
            assert_int_equal(lepack_counters_encode(&m, enc, hlen, &written), LEPACK_OK);
            assert_int_equal(written, hlen);
            if (hlen > 0)
                assert_memory_equal(enc, hex, hlen);
            free(enc);
            /* decode, into a message that already holds other items */
            lepack_counters d;
            assert_int_equal(lepack_counters_init(&d, 3, 0), LEPACK_OK);
            assert_int_equal(lepack_counters_add(&d, 1, 2, 3), LEPACK_OK);
            assert_int_equal(lepack_counters_decode(&d, hex, hlen), LEPACK_OK);
            check_items(&l, &d, items, n);
            check_wire(&l, &d, hex, hlen);
            /* and the reference agrees */
            ref_counters r;
            ref_init(&r, 0);
            for (size_t k = 0; k < n; k++)
                assert_int_equal(ref_add(&r, items[k].p, items[k].i, items[k].u), REF_OK);
            uint8_t *rb = malloc(hlen + 1);
            assert_int_equal(ref_encode(&r, rb, hlen, &written), REF_OK);
            assert_int_equal(written, hlen);
            if (hlen > 0)
                assert_memory_equal(rb, hex, hlen);
            free(rb);
            ref_free(&r);
            lepack_counters_free(&d);
            lepack_counters_free(&m);
            free(items);
            free(hex);
            ok++;
        } else if (strcmp(l.field[0], "error") == 0) {
            want_fields(&l, 4);
            size_t hlen;
            uint8_t *hex = parse_hex(&l, l.field[2], &hlen);
            lepack_status want = parse_status(&l, l.field[3]);
            lepack_counters m;
            const vec_item two[2] = {{5, -5, 5}, {INT32_MIN, INT64_MAX, 0}};
            build(&m, two, 2);
            test_snapshot snap;
            test_snapshot_take(&snap, &m);
            lepack_status got = lepack_counters_decode(&m, hex, hlen);
            if (got != want)
                VFAIL(&l, "decode gave %d, expected %d", got, want);
            test_snapshot_check(&snap, &m);
            test_snapshot_free(&snap);
            ref_counters r;
            ref_init(&r, 0);
            assert_int_equal(ref_decode(&r, hex, hlen), (int)want);
            ref_free(&r);
            lepack_counters_free(&m);
            free(hex);
            err++;
        } else if (strcmp(l.field[0], "sized_ok") == 0 || strcmp(l.field[0], "sized_error") == 0) {
            want_fields(&l, 5);
            int32_t size = (int32_t)parse_whole_int(&l, l.field[2], INT32_MIN, INT32_MAX);
            size_t hlen;
            uint8_t *hex = parse_hex(&l, l.field[3], &hlen);
            check_sized(&l, size, hex, hlen, l.field[0][6] == 'o' ? l.field[4] : NULL,
                        l.field[0][6] == 'e' ? l.field[4] : NULL);
            free(hex);
            sized++;
        } else if (strcmp(l.field[0], "fields") == 0) {
            want_fields(&l, 5);
            int32_t id = (int32_t)parse_whole_int(&l, l.field[2], INT32_MIN, INT32_MAX);
            size_t n, hlen;
            vec_item *items = parse_items(&l, l.field[3], &n);
            uint8_t *hex = parse_hex(&l, l.field[4], &hlen);
            check_fields(&l, id, items, n, hex, hlen);
            free(items);
            free(hex);
            fields++;
        } else {
            VFAIL(&l, "unknown kind \"%s\"", l.field[0]);
        }
    }
    free(buf);
    print_message("counters.vec: %zu ok, %zu error, %zu sized, %zu fields\n", ok, err, sized,
                  fields);
    /* A truncated or emptied file must not pass. */
    assert_true(ok >= 25);
    assert_true(err >= 5);
    assert_true(sized >= 15);
    assert_true(fields >= 8);
}

/* Copies the step's text up to the next ';' (or the end) into buf. */
static const char *step_token(const vec_line *l, const char *p, char *buf, size_t cap)
{
    size_t n = strcspn(p, ";");
    if (n >= cap)
        VFAIL(l, "step too long");
    memcpy(buf, p, n);
    buf[n] = '\0';
    return p + n;
}

/* One step of a next_counter case (tests/vectors/README.md): a
 * nextCounter call and its result, or add:, decode:, clear, shrink. */
static void run_step(const vec_line *l, lepack_counters *m, const char **pp)
{
    const char *p = *pp;
    if (strncmp(p, "add:", 4) == 0) {
        char item[128];
        *pp = step_token(l, p + 4, item, sizeof item);
        size_t n;
        vec_item *it = parse_items(l, item, &n);
        if (n != 1)
            VFAIL(l, "add: takes one item");
        assert_int_equal(lepack_counters_add(m, it->p, it->i, it->u), LEPACK_OK);
        free(it);
    } else if (strncmp(p, "decode:", 7) == 0) {
        static char step[1 << 14];
        *pp = step_token(l, p + 7, step, sizeof step);
        char *eq = strchr(step, '=');
        if (eq == NULL)
            VFAIL(l, "decode: without '=' status");
        *eq = '\0';
        size_t hlen;
        uint8_t *hex = parse_hex(l, step, &hlen);
        lepack_status want = strcmp(eq + 1, "OK") == 0 ? LEPACK_OK : parse_status(l, eq + 1);
        test_snapshot snap;
        test_snapshot_take(&snap, m);
        lepack_status got = lepack_counters_decode(m, hex, hlen);
        if (got != want)
            VFAIL(l, "decode of %zu bytes gave %s, expected %s", hlen, lepack_status_name(got),
                  lepack_status_name(want));
        if (got != LEPACK_OK)
            test_snapshot_check(&snap, m);
        test_snapshot_free(&snap);
        free(hex);
    } else if (strncmp(p, "clear", 5) == 0 && (p[5] == ';' || p[5] == '\0')) {
        lepack_counters_clear(m);
        *pp = p + 5;
    } else if (strncmp(p, "shrink", 6) == 0 && (p[6] == ';' || p[6] == '\0')) {
        assert_int_equal(lepack_counters_shrink(m), LEPACK_OK);
        assert_int_equal(m->capacity, lepack_counters_size(m));
        *pp = p + 6;
    } else {
        int32_t part = (int32_t)parse_int(l, p, &p, INT32_MIN, INT32_MAX);
        if (*p++ != '=')
            VFAIL(l, "expected '=' after the partition");
        int64_t out = 0x1234;
        lepack_status st = lepack_counters_next_counter(m, part, &out);
        if (strncmp(p, "ENOTFOUND", 9) == 0) {
            p += 9;
            if (st != LEPACK_ENOTFOUND || out != 0x1234)
                VFAIL(l, "next_counter(%ld) gave status %d, expected ENOTFOUND", (long)part, st);
        } else {
            int64_t want = parse_int(l, p, &p, INT64_MIN, INT64_MAX);
            if (st != LEPACK_OK || out != want)
                VFAIL(l, "next_counter(%ld) gave status %d value %lld, expected %lld",
                      (long)part, st, (long long)out, (long long)want);
        }
        *pp = p;
    }
}

static void next_counter_vec(void **state)
{
    (void)state;
    size_t len, pos = 0, cases = 0, calls = 0;
    char *buf = read_file("next_counter.vec", &len);
    char *s;
    vec_line l = {"next_counter.vec", 0, {0}, 0};
    while (next_line(buf, len, &pos, &s)) {
        l.lineno++;
        if (s[0] == '\0' || s[0] == '#')
            continue;
        split(&l, s);
        if (strcmp(l.field[0], "next") != 0)
            VFAIL(&l, "unknown kind \"%s\"", l.field[0]);
        want_fields(&l, 4);
        size_t n;
        vec_item *items = parse_items(&l, l.field[2], &n);
        lepack_counters m;
        build(&m, items, n);
        const char *p = l.field[3];
        for (;;) {
            run_step(&l, &m, &p);
            calls++;
            if (*p == '\0')
                break;
            if (*p++ != ';')
                VFAIL(&l, "expected ';' between steps");
        }
        lepack_counters_free(&m);
        free(items);
        cases++;
    }
    free(buf);
    print_message("next_counter.vec: %zu cases, %zu steps\n", cases, calls);
    assert_true(cases >= 25);
}

/* The message fragment that identifies each error kind of cli/text.c. */
static const struct {
    const char *kind;
    const char *fragment;
} text_kinds[] = {
    {"BAD_NUMBER", "expected a"},
    {"INT32_RANGE", "out of range for int32"},
    {"INT64_RANGE", "out of range for int64"},
    {"MISSING_FIELD", "missing "},
    {"TRAILING_TEXT", "unexpected text after"},
    {"EMPTY_LINE", "empty line"},
    {"HEX_BAD_CHAR", "invalid hex character"},
    {"HEX_ODD_DIGITS", "odd number of hex digits"},
};

/* The message must match the named kind's fragment and no other's. */
static void check_kind(const vec_line *l, const char *kind, const char *what)
{
    int known = 0;
    for (size_t k = 0; k < sizeof text_kinds / sizeof text_kinds[0]; k++) {
        int is = strcmp(kind, text_kinds[k].kind) == 0;
        int has = strstr(what, text_kinds[k].fragment) != NULL;
        known |= is;
        if (is != has)
            VFAIL(l, "message \"%s\" %s \"%s\" (kind %s)", what,
                  has ? "unexpectedly contains" : "lacks", text_kinds[k].fragment, kind);
    }
    if (!known)
        VFAIL(l, "unknown error kind \"%s\"", kind);
}

static void text_vec(void **state)
{
    (void)state;
    size_t len, pos = 0, counts[4] = {0};
    char *buf = read_file("text.vec", &len);
    char *s;
    vec_line l = {"text.vec", 0, {0}, 0};
    while (next_line(buf, len, &pos, &s)) {
        l.lineno++;
        if (s[0] == '\0' || s[0] == '#')
            continue;
        split(&l, s);
        const char *k = l.field[0];
        int items_ok = strcmp(k, "items_ok") == 0, items_err = strcmp(k, "items_error") == 0;
        int hex_ok = strcmp(k, "hex_ok") == 0, hex_err = strcmp(k, "hex_error") == 0;
        if (!(items_ok || items_err || hex_ok || hex_err))
            VFAIL(&l, "unknown kind \"%s\"", k);
        want_fields(&l, items_ok || hex_ok ? 4 : 5);
        size_t tlen;
        uint8_t *text = parse_hex(&l, l.field[2], &tlen);
        text_error err;
        memset(&err, 0, sizeof err);
        if (items_ok || items_err) {
            lepack_counters m;
            assert_int_equal(lepack_counters_init(&m, 0, 1), LEPACK_OK);
            int rc = text_parse_items((const char *)text, tlen, &m, &err);
            if (items_ok) {
                if (rc != 0)
                    VFAIL(&l, "refused at line %zu: %s", err.where, err.what);
                size_t wlen;
                uint8_t *want = parse_hex(&l, l.field[3], &wlen);
                check_wire(&l, &m, want, wlen);
                free(want);
                counts[0]++;
            } else {
                size_t line = (size_t)parse_whole_int(&l, l.field[3], 1, INT32_MAX);
                if (rc != -1)
                    VFAIL(&l, "accepted");
                if (err.where != line)
                    VFAIL(&l, "error at line %zu, expected %zu: %s", err.where, line, err.what);
                check_kind(&l, l.field[4], err.what);
                assert_int_equal(lepack_counters_size(&m), 0);
                counts[1]++;
            }
            lepack_counters_free(&m);
        } else {
            uint8_t *out = NULL;
            size_t olen = 0;
            int rc = text_parse_hex((const char *)text, tlen, &out, &olen, &err);
            if (hex_ok) {
                if (rc != 0)
                    VFAIL(&l, "refused at %zu: %s", err.where, err.what);
                size_t wlen;
                uint8_t *want = parse_hex(&l, l.field[3], &wlen);
                if (olen != wlen || (wlen > 0 && memcmp(out, want, wlen) != 0))
                    VFAIL(&l, "decoded bytes differ");
                free(want);
                counts[2]++;
            } else {
                size_t off = (size_t)parse_whole_int(&l, l.field[3], 0, INT32_MAX);
                if (rc != -1)
                    VFAIL(&l, "accepted");
                if (err.where != off)
                    VFAIL(&l, "error at offset %zu, expected %zu: %s", err.where, off, err.what);
                check_kind(&l, l.field[4], err.what);
                counts[3]++;
            }
            free(out);
        }
        free(text);
    }
    free(buf);
    print_message("text.vec: %zu items_ok, %zu items_error, %zu hex_ok, %zu hex_error\n",
                  counts[0], counts[1], counts[2], counts[3]);
    assert_true(counts[0] >= 3 && counts[1] >= 10 && counts[2] >= 3 && counts[3] >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counters_vec),
        cmocka_unit_test(next_counter_vec),
        cmocka_unit_test(text_vec),
    };
    return cmocka_run_group_tests_name("vectors", tests, NULL, NULL);
}
