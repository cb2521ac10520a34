/* SPDX-License-Identifier: Apache-2.0 */
/* lepack: the command-line face of the partition-update-counters codec.
 *
 * Every command reads its whole input and checks all of it before it writes
 * anything, so a run that fails on bad input prints nothing on stdout.  The
 * output is then produced item by item, straight to stdout: the memory held
 * is the input (for decode --hex, the text and then its bytes), never a copy
 * of the output.  Writes to stdout are checked, like coreutils' close_stdout:
 * a full disk or a closed stdout is an error with errno's text, exit 1. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_input.h"
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

static const char usage_counters[] =
    "usage: lepack counters encode [--hex]    item lines -> wire bytes (or hex)\n"
    "       lepack counters decode [--hex]    wire bytes (or hex) -> item lines\n";

static const char usage_encode[] =
    "usage: lepack counters encode [--hex]\n"
    "\n"
    "Reads lines \"PART INIT UPDATES\" from stdin (signed decimal, one space\n"
    "between, int32 int64 int64) and writes the wire bytes to stdout.\n"
    "  --hex   write lowercase hex text instead, one 20-byte item per line\n"
    "\n"
    "A malformed line or a number out of range: a message naming the line on\n"
    "stderr, nothing on stdout, exit status 1.  Memory: the input, held once\n"
    "while every line is checked; the output is written item by item.\n";

static const char usage_decode[] =
    "usage: lepack counters decode [--hex]\n"
    "\n"
    "Reads wire bytes from stdin and prints one line \"PART INIT UPDATES\" per\n"
    "item.\n"
    "  --hex   read hex text instead (whitespace ignored)\n"
    "\n"
    "A length that is not a multiple of 20 or bad hex: a message naming the\n"
    "length or byte offset on stderr, nothing on stdout, exit status 1.\n"
    "Memory: the input, held once while its length is checked (with --hex\n"
    "the text, then its bytes: at most 1.5 times the input); the lines are\n"
    "written item by item.\n";

static int fail(const char *what)
{
    fprintf(stderr, "lepack: %s\n", what);
    return 1;
}

/* --- stdout, checked ---------------------------------------------------- */

/* The first write to stdout that failed, and its errno. */
static int out_failed;
static int out_errno;

static int out_write(const void *p, size_t n)
{
    if (!out_failed && fwrite(p, 1, n, stdout) != n) {
        out_failed = 1;
        out_errno = errno;
    }
    return out_failed ? -1 : 0;
}

/* The exit status once everything is written: rc, or 1 with errno's text
 * when a write failed (now or while flushing what stdio still holds).  A
 * command that writes with stdio directly instead of out_write is checked
 * too, through stdout's error flag (errno is then the last one set, in
 * practice the failed write's). */
static int out_finish(int rc)
{
    if (!out_failed && (fflush(stdout) != 0 || ferror(stdout))) {
        out_failed = 1;
        out_errno = errno;
    }
    if (out_failed) {
        fprintf(stderr, "lepack: write error: %s\n", strerror(out_errno));
        return 1;
    }
    return rc;
}

/* --- stdin -------------------------------------------------------------- */

enum { READ_OK = 0, READ_ERROR = -1, READ_NOMEM = -2 };

/* The whole of stdin in *data (free with free()), *len bytes; on
 * READ_ERROR, errno says why. */
static int read_all(char **data, size_t *len)
{
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (cap - n < 65536) {
            size_t more = cap < 65536 ? 65536 : cap;
            char *bigger = more <= SIZE_MAX - cap ? realloc(buf, cap + more) : NULL;
            if (bigger == NULL) {
                free(buf);
                return READ_NOMEM;
            }
            buf = bigger;
            cap += more;
        }
        size_t got = fread(buf + n, 1, cap - n, stdin);
        n += got;
        if (got == 0) {
            if (ferror(stdin)) {
                int e = errno;
                free(buf);
                errno = e;
                return READ_ERROR;
            }
            *data = buf;
            *len = n;
            return READ_OK;
        }
    }
}

int cli_read_input(char **data, size_t *len)
{
    int rc = read_all(data, len);
    if (rc == READ_NOMEM)
        return fail("out of memory");
    if (rc == READ_ERROR) {
        fprintf(stderr, "lepack: cannot read input: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}

/* --- counters encode ------------------------------------------------------ */

/* The length of the line at text[0 .. len), its '\n' included. */
static size_t line_length(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    return nl == NULL ? len : (size_t)(nl - text) + 1;
}

static int write_item(const lepack_counters *m, int hex)
{
    size_t len;
    const uint8_t *wire = lepack_counters_wire(m, &len);
    if (!hex)
        return out_write(wire, len);
    static const char digits[] = "0123456789abcdef";
    char text[2 * LEPACK_ITEM_SIZE + 1];
    for (size_t i = 0; i < len; i++) {
        text[2 * i] = digits[wire[i] / 16];
        text[2 * i + 1] = digits[wire[i] % 16];
    }
    text[2 * len] = '\n';
    return out_write(text, 2 * len + 1);
}

/* Each line is parsed on its own into a one-item message: a first pass
 * checks them all (so that a bad line leaves stdout empty), a second writes
 * them.  Nothing but the input grows with the input. */
static int cmd_encode(int hex)
{
    char *in = NULL;
    size_t len = 0;
    if (cli_read_input(&in, &len) != 0)
        return 1;
    lepack_counters m;
    if (lepack_counters_init(&m, 0, 1) != LEPACK_OK) {
        free(in);
        return fail("out of memory");
    }
    int rc = 0;
    for (int pass = 0; pass < 2 && rc == 0; pass++) {
        size_t lineno = 0;
        for (size_t off = 0; off < len && rc == 0;) {
            size_t n = line_length(in + off, len - off);
            text_error err;
            lineno++;
            lepack_counters_clear(&m);
            if (text_parse_items(in + off, n, &m, &err) != 0) {
                fprintf(stderr, "lepack: line %zu: %s\n", lineno, err.what);
                rc = 1;
            } else if (pass == 1 && write_item(&m, hex) != 0) {
                rc = 1; /* reported by out_finish */
            }
            off += n;
        }
    }
    lepack_counters_free(&m);
    free(in);
    return rc;
}

/* --- counters decode ------------------------------------------------------ */

static int cmd_decode(int hex)
{
    char *in = NULL;
    size_t len = 0;
    if (cli_read_input(&in, &len) != 0)
        return 1;
    const uint8_t *wire = (const uint8_t *)in;
    uint8_t *bytes = NULL;
    if (hex) {
        text_error err;
        size_t n = 0;
        int bad = text_parse_hex(in, len, &bytes, &n, &err);
        free(in);
        in = NULL;
        if (bad != 0) {
            if (strcmp(err.what, "out of memory") == 0)
                return fail("out of memory");
            fprintf(stderr, "lepack: byte offset %zu: %s\n", err.where, err.what);
            return 1;
        }
        wire = bytes;
        len = n;
    }
    int rc = 0;
    if (len % LEPACK_ITEM_SIZE != 0) {
        fprintf(stderr,
                "lepack: input is %zu bytes, not a multiple of the %u-byte item size "
                "(%zu complete items, %zu bytes left over at byte offset %zu)\n",
                len, LEPACK_ITEM_SIZE, len / LEPACK_ITEM_SIZE, len % LEPACK_ITEM_SIZE,
                len - len % LEPACK_ITEM_SIZE);
        rc = 1;
    }
    /* One item at a time through a one-item message: the library decodes
     * and reads each field; no copy of the whole input is made. */
    lepack_counters m;
    if (rc == 0 && lepack_counters_init(&m, 0, 1) != LEPACK_OK)
        rc = fail("out of memory");
    if (rc == 0) {
        for (size_t off = 0; off < len && rc == 0; off += LEPACK_ITEM_SIZE) {
            char line[TEXT_ITEM_LINE_MAX];
            lepack_status st = lepack_counters_decode(&m, wire + off, LEPACK_ITEM_SIZE);
            if (st != LEPACK_OK)
                rc = fail(lepack_strerror(st));
            else if (out_write(line, text_format_item(&m, 0, line)) != 0)
                rc = 1; /* reported by out_finish */
        }
        lepack_counters_free(&m);
    }
    free(bytes);
    free(in);
    return rc;
}

/* --- commands --------------------------------------------------------------- */

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

/* lepack counters SUBCOMMAND [--hex]; argv[0] is "counters". */
static int counters_main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "lepack: 'counters' needs a subcommand: encode or decode\n%s",
                usage_counters);
        return 2;
    }
    if (is_help(argv[1])) {
        out_write(usage_counters, strlen(usage_counters));
        return 0;
    }
    int encode = strcmp(argv[1], "encode") == 0;
    if (!encode && strcmp(argv[1], "decode") != 0) {
        fprintf(stderr, "lepack: unknown counters subcommand '%s'\n%s", argv[1],
                usage_counters);
        return 2;
    }
    const char *usage = encode ? usage_encode : usage_decode;
    int hex = 0;
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            out_write(usage, strlen(usage));
            return 0;
        }
        if (strcmp(argv[i], "--hex") != 0) {
            fprintf(stderr, "lepack: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        }
        hex = 1;
    }
    return encode ? cmd_encode(hex) : cmd_decode(hex);
}

static int utf8_main(int argc, char **argv)
{
    const cli_utf8_io io = {cli_read_input, stdout, stderr};
    return cli_utf8_run(argc, argv, &io);
}

/* The commands, by first argument: one line each. */
static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    {"counters", counters_main},
    {"utf8", utf8_main},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_main, stderr);
        return 2;
    }
    if (is_help(argv[1])) {
        out_write(usage_main, strlen(usage_main));
        return out_finish(0);
    }
    if (strcmp(argv[1], "--version") == 0) {
        static const char version[] = "lepack " LEPACK_VERSION_STRING "\n";
        out_write(version, strlen(version));
        return out_finish(0);
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(argv[1], commands[k].name) == 0)
            return out_finish(commands[k].run(argc - 1, argv + 1));
    fprintf(stderr, "lepack: unknown command '%s'\n%s", argv[1], usage_main);
    return 2;
}
