/* SPDX-License-Identifier: Apache-2.0 */
/* lepack: the command-line face of the partition-update-counters codec.
 *
 * Output is assembled in memory and written only once the whole input has
 * been accepted, so a failing run prints nothing on stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_utf8.h"
#include "counters.h"
#include "text.h"
#include "version.h"

static const char usage_main[] =
    "usage: lepack counters encode [--hex]\n"
    "       lepack counters decode [--hex]\n"
    CLI_UTF8_USAGE_LINE
    "       lepack --help | --version\n"
    "\n"
    "Packs and unpacks Apache Ignite partition update counters: 20-byte\n"
    "little-endian items (int32 partition, int64 initial counter, int64\n"
    "updates count).  Run 'lepack counters encode --help' for details.\n";

static const char usage_encode[] =
    "usage: lepack counters encode [--hex]\n"
    "\n"
    "Reads lines \"PART INIT UPDATES\" from stdin (signed decimal, one space\n"
    "between, int32 int64 int64) and writes the wire bytes to stdout.\n"
    "  --hex   write lowercase hex text instead, one 20-byte item per line\n"
    "\n"
    "A malformed line or a number out of range: a message naming the line on\n"
    "stderr, nothing on stdout, exit status 1.\n";

static const char usage_decode[] =
    "usage: lepack counters decode [--hex]\n"
    "\n"
    "Reads wire bytes from stdin and prints one line \"PART INIT UPDATES\" per\n"
    "item.\n"
    "  --hex   read hex text instead (whitespace ignored)\n"
    "\n"
    "A length that is not a multiple of 20 or bad hex: a message naming the\n"
    "length or byte offset on stderr, nothing on stdout, exit status 1.\n";

/* A growable output or input buffer. */
typedef struct buffer {
    char *data;
    size_t len;
    size_t cap;
} buffer;

static int buffer_reserve(buffer *b, size_t more)
{
    if (b->cap - b->len >= more)
        return 0;
    if (more > SIZE_MAX / 2 - b->len)
        return -1;
    size_t cap = b->cap == 0 ? 4096 : b->cap;
    while (cap - b->len < more)
        cap *= 2;
    char *data = realloc(b->data, cap);
    if (data == NULL)
        return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

static int buffer_append(buffer *b, const void *p, size_t n)
{
    if (buffer_reserve(b, n) != 0)
        return -1;
    if (n > 0)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    return 0;
}

static int read_all(FILE *in, buffer *b)
{
    for (;;) {
        if (buffer_reserve(b, 65536) != 0)
            return -1;
        size_t n = fread(b->data + b->len, 1, b->cap - b->len, in);
        b->len += n;
        if (n == 0)
            return ferror(in) ? -1 : 0;
    }
}

static int fail(const char *fmt_prefix, const char *detail)
{
    fprintf(stderr, "lepack: %s%s\n", fmt_prefix, detail);
    return 1;
}

static int write_out(const buffer *b)
{
    if (b->len > 0 && fwrite(b->data, 1, b->len, stdout) != b->len)
        return fail("cannot write output", "");
    if (fflush(stdout) != 0)
        return fail("cannot write output", "");
    return 0;
}

static int cmd_encode(int hex)
{
    buffer in = {0}, out = {0};
    lepack_counters m;
    int rc = 1;
    if (lepack_counters_init(&m, 0, 0) != LEPACK_OK)
        return fail("out of memory", "");
    if (read_all(stdin, &in) != 0) {
        fail("cannot read input", "");
        goto done;
    }
    text_error err;
    if (text_parse_items(in.data, in.len, &m, &err) != 0) {
        fprintf(stderr, "lepack: line %zu: %s\n", err.where, err.what);
        goto done;
    }
    size_t len;
    const uint8_t *wire = lepack_counters_wire(&m, &len);
    if (!hex) {
        if (buffer_append(&out, wire, len) != 0) {
            fail("out of memory", "");
            goto done;
        }
    } else {
        static const char digits[] = "0123456789abcdef";
        for (size_t i = 0; i < len; i++) {
            char pair[3] = {digits[wire[i] / 16], digits[wire[i] % 16], '\n'};
            size_t n = (i + 1) % LEPACK_ITEM_SIZE == 0 ? 3 : 2;
            if (buffer_append(&out, pair, n) != 0) {
                fail("out of memory", "");
                goto done;
            }
        }
    }
    rc = write_out(&out);
done:
    lepack_counters_free(&m);
    free(in.data);
    free(out.data);
    return rc;
}

static int cmd_decode(int hex)
{
    buffer in = {0}, out = {0};
    uint8_t *bytes = NULL;
    size_t nbytes = 0;
    lepack_counters m;
    int rc = 1;
    if (lepack_counters_init(&m, 0, 0) != LEPACK_OK)
        return fail("out of memory", "");
    if (read_all(stdin, &in) != 0) {
        fail("cannot read input", "");
        goto done;
    }
    const uint8_t *wire = (const uint8_t *)in.data;
    nbytes = in.len;
    if (hex) {
        text_error err;
        if (text_parse_hex(in.data, in.len, &bytes, &nbytes, &err) != 0) {
            fprintf(stderr, "lepack: byte offset %zu: %s\n", err.where, err.what);
            goto done;
        }
        wire = bytes;
    }
    lepack_status st = lepack_counters_decode(&m, wire, nbytes);
    if (st == LEPACK_EBADLEN) {
        fprintf(stderr,
                "lepack: input is %zu bytes, not a multiple of the %u-byte item size "
                "(%zu complete items, %zu bytes left over at byte offset %zu)\n",
                nbytes, LEPACK_ITEM_SIZE, nbytes / LEPACK_ITEM_SIZE, nbytes % LEPACK_ITEM_SIZE,
                nbytes - nbytes % LEPACK_ITEM_SIZE);
        goto done;
    }
    if (st != LEPACK_OK) {
        fail("", lepack_strerror(st));
        goto done;
    }
    for (size_t i = 0; i < lepack_counters_size(&m); i++) {
        char line[TEXT_ITEM_LINE_MAX];
        size_t n = text_format_item(&m, i, line);
        if (buffer_append(&out, line, n) != 0) {
            fail("out of memory", "");
            goto done;
        }
    }
    rc = write_out(&out);
done:
    lepack_counters_free(&m);
    free(bytes);
    free(in.data);
    free(out.data);
    return rc;
}

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return 2;
    }
    if (is_help(argv[1])) {
        fputs(usage_main, stdout);
        return 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        puts("lepack " LEPACK_VERSION_STRING);
        return 0;
    }
    if (strcmp(argv[1], "utf8") == 0)
        return cli_utf8(argc - 1, argv + 1);
    if (strcmp(argv[1], "counters") != 0 || argc < 3) {
        fprintf(stderr, "lepack: unknown command '%s'\n%s", argv[1], usage_main);
        return 2;
    }
    if (is_help(argv[2])) {
        fputs(usage_main, stdout);
        return 0;
    }
    int encode = strcmp(argv[2], "encode") == 0;
    if (!encode && strcmp(argv[2], "decode") != 0) {
        fprintf(stderr, "lepack: unknown counters command '%s'\n%s", argv[2], usage_main);
        return 2;
    }
    int hex = 0;
    for (int i = 3; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(encode ? usage_encode : usage_decode, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--hex") == 0) {
            hex = 1;
        } else {
            fprintf(stderr, "lepack: unknown option '%s'\n%s", argv[i],
                    encode ? usage_encode : usage_decode);
            return 2;
        }
    }
    return encode ? cmd_encode(hex) : cmd_decode(hex);
}
