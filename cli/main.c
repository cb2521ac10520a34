/* SPDX-License-Identifier: Apache-2.0 */
/* lepack: the command line, and its `counters` commands.
 *
 * The counters commands read their input (a FILE operand, or stdin for "-"
 * or none) whole and check all of it before they write anything, so a run
 * that fails on bad input prints nothing on stdout (utf8's streaming modes
 * write as they read: cli/utf8.c).  The output is then
 * produced item by item, straight to stdout: the memory held
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
    "usage: lepack COMMAND SUBCOMMAND [OPTION]... [FILE]\n"
    "       lepack --help | --version\n"
    "commands:\n"
    "  counters encode [--hex] [FILE]                  item lines -> wire items\n"
    "  counters decode [--hex] [FILE]                  wire items -> item lines\n"
    CLI_UTF8_USAGE_LINES
    "\n"
    "counters: Apache Ignite partition update counters, 20-byte little-endian\n"
    "items (int32 partition, int64 initial counter, int64 updates count).\n"
    "utf8: Java strings between UTF-16LE and (modified) UTF-8, as the JDK\n"
    "converts them.  Without FILE, or when FILE is -, stdin.  -- ends the\n"
    "options.  Exit status 0; 1 on bad input, a read or write error or out\n"
    "of memory (one line on stderr); 2 on bad usage.  A run that fails\n"
    "writes nothing on stdout, except utf8 encode and utf8 decode without\n"
    "--strict, --mutf8 or --hex: they stream, and an odd last byte or a\n"
    "read error is reported after the output of what came before it.\n"
    "'lepack COMMAND SUBCOMMAND --help' describes each.\n";

static const char usage_counters[] =
    "usage: lepack counters encode [--hex] [FILE]   item lines -> wire bytes (or hex)\n"
    "       lepack counters decode [--hex] [FILE]   wire bytes (or hex) -> item lines\n";

/* What both subcommands' help says about input and exit status. */
#define USAGE_COMMON \
    "FILE is read whole; without FILE, or when FILE is -, stdin.  -- ends\n" \
    "the options (a FILE named -x is given as -- -x).  Exit status 0; 1 on\n" \
    "bad input, a read or write error or out of memory (one line on stderr,\n" \
    "nothing on stdout); 2 on bad usage.\n"

static const char usage_encode[] =
    "usage: lepack counters encode [--hex] [FILE]\n"
    "\n"
    "Reads lines \"PART INIT UPDATES\" (signed decimal, one space between,\n"
    "int32 int64 int64) and writes the wire bytes to stdout.\n"
    "  --hex   write lowercase hex text instead, one 20-byte item per line\n"
    "  --help  this help\n"
    "\n"
    "A malformed line or a number out of range: a message naming the line\n"
    "(counted from 1).  Memory: the input, held once while every line is\n"
    "checked; the output is written item by item.\n"
    USAGE_COMMON;

static const char usage_decode[] =
    "usage: lepack counters decode [--hex] [FILE]\n"
    "\n"
    "Reads wire bytes and prints one line \"PART INIT UPDATES\" per item.\n"
    "  --hex   read hex text instead (either case, whitespace ignored)\n"
    "  --help  this help\n"
    "\n"
    "A length that is not a multiple of 20 is refused, naming the length and\n"
    "the byte offset of the bytes left over (with --hex, in the decoded input\n"
    "and as the text offset of their first digit); bad hex names its text\n"
    "offset.  Offsets count from 0.  Memory: the input, held once while its\n"
    "length is checked (with --hex the text, then its bytes: at most 1.5\n"
    "times the input); the lines are written item by item.\n"
    USAGE_COMMON;

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

/* --- input: a FILE operand or stdin ------------------------------------------ */

/* "cannot read 'FILE': errno's text" (or "standard input"), one line. */
static int read_failed(const cli_input *in, int e)
{
    fputs("lepack: cannot read ", stderr);
    if (in->path != NULL)
        cli_put_quoted(stderr, in->path);
    else
        fputs("standard input", stderr);
    fprintf(stderr, ": %s\n", strerror(e));
    return 1;
}

int cli_input_open(cli_input *in, const char *path)
{
    in->path = path != NULL && strcmp(path, "-") != 0 ? path : NULL;
    if (in->path == NULL) {
        in->f = stdin;
        return 0;
    }
    in->f = fopen(in->path, "rb");
    return in->f == NULL ? read_failed(in, errno) : 0;
}

int cli_input_read(cli_input *in, void *buf, size_t cap, size_t *got)
{
    *got = fread(buf, 1, cap, in->f);
    if (*got == 0 && ferror(in->f))
        return read_failed(in, errno);
    return 0;
}

void cli_input_close(cli_input *in)
{
    if (in->f != stdin)
        fclose(in->f); /* read only: nothing to lose */
    in->f = NULL;
}

int cli_read_input(const char *path, char **data, size_t *len)
{
    cli_input in;
    if (cli_input_open(&in, path) != 0)
        return 1;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (;;) {
        if (cap - n < 65536) {
            size_t more = cap < 65536 ? 65536 : cap;
            char *bigger = more <= SIZE_MAX - cap ? realloc(buf, cap + more) : NULL;
            if (bigger == NULL) {
                rc = fail("out of memory");
                break;
            }
            buf = bigger;
            cap += more;
        }
        size_t got = 0;
        if (cli_input_read(&in, buf + n, cap - n, &got) != 0) {
            rc = 1;
            break;
        }
        if (got == 0)
            break;
        n += got;
    }
    cli_input_close(&in);
    if (rc != 0) {
        free(buf);
        return rc;
    }
    *data = buf;
    *len = n;
    return 0;
}

/* The chunked reader of lepack utf8's streaming modes: one input at a
 * time, so the handle is this one. */
static cli_input chunk_input;

static int open_chunks(void **h, const char *path)
{
    *h = &chunk_input;
    return cli_input_open(&chunk_input, path);
}

static int read_chunk(void *h, void *buf, size_t cap, size_t *got)
{
    return cli_input_read(h, buf, cap, got);
}

static void close_chunks(void *h)
{
    cli_input_close(h);
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
static int cmd_encode(const char *path, int hex)
{
    char *in = NULL;
    size_t len = 0;
    if (cli_read_input(path, &in, &len) != 0)
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

static const char *plural(size_t n)
{
    return n == 1 ? "" : "s";
}

static int cmd_decode(const char *path, int hex)
{
    char *in = NULL;
    size_t len = 0;
    if (cli_read_input(path, &in, &len) != 0)
        return 1;
    const uint8_t *wire = (const uint8_t *)in;
    uint8_t *bytes = NULL;
    size_t left_text = 0; /* with --hex: the text offset of the bytes left over */
    if (hex) {
        text_error err;
        size_t n = 0;
        int bad = text_parse_hex(in, len, &bytes, &n, &err);
        if (bad == 0 && n % LEPACK_ITEM_SIZE != 0)
            left_text = cli_hex_text_offset((const uint8_t *)in, len, n - n % LEPACK_ITEM_SIZE);
        free(in);
        in = NULL;
        if (bad != 0) {
            if (strcmp(err.what, "out of memory") == 0)
                return fail("out of memory");
            fprintf(stderr, "lepack: text offset %zu: %s\n", err.where, err.what);
            return 1;
        }
        wire = bytes;
        len = n;
    }
    int rc = 0;
    if (len % LEPACK_ITEM_SIZE != 0) {
        size_t items = len / LEPACK_ITEM_SIZE, left = len % LEPACK_ITEM_SIZE;
        fprintf(stderr,
                "lepack: %s is %zu byte%s, not a multiple of the %u-byte item size "
                "(%zu complete item%s, %zu byte%s left over at byte offset %zu",
                hex ? "the decoded input" : "input", len, plural(len), LEPACK_ITEM_SIZE, items,
                plural(items), left, plural(left), len - left);
        if (hex)
            fprintf(stderr, " of the decoded input, text offset %zu", left_text);
        fputs(")\n", stderr);
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

/* The start of the message refusing --help, -h or --version with other
 * arguments, naming the one given. */
static const char *not_alone(const char *opt)
{
    return strcmp(opt, "-h") == 0          ? "-h takes no other arguments, got "
           : strcmp(opt, "--version") == 0 ? "--version takes no other arguments, got "
                                           : "--help takes no other arguments, got ";
}

/* A usage error: "lepack: BEFORE'ARG'AFTER" (ARG quoted, when there is
 * one) on one line, then the synopsis that helps (the usage up to its
 * first blank line). */
static int usage_error(const char *usage, const char *before, const char *arg, const char *after)
{
    fprintf(stderr, "lepack: %s", before);
    if (arg != NULL)
        cli_put_quoted(stderr, arg);
    const char *blank = strstr(usage, "\n\n");
    int shown = blank != NULL ? (int)(blank - usage) + 1 : (int)strlen(usage);
    fprintf(stderr, "%s\n%.*s", after, shown, usage);
    return CLI_EXIT_USAGE;
}

/* lepack counters SUBCOMMAND [--hex] [FILE]; argv[0] is "counters". */
static int counters_main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error(usage_counters, "'counters' needs a subcommand: encode or decode",
                           NULL, "");
    if (is_help(argv[1])) {
        if (argc > 2)
            return usage_error(usage_counters, not_alone(argv[1]), argv[2],
                               "");
        out_write(usage_counters, strlen(usage_counters));
        return 0;
    }
    int encode = strcmp(argv[1], "encode") == 0;
    if (!encode && strcmp(argv[1], "decode") != 0)
        return usage_error(usage_counters, "unknown counters subcommand ", argv[1], "");
    const char *usage = encode ? usage_encode : usage_decode;
    const char *path = NULL;
    int hex = 0, options = 1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!options || a[0] != '-' || a[1] == '\0') {
            /* An operand: the FILE ("-" is stdin). */
            if (path != NULL)
                return usage_error(usage, "extra operand ", a, ": one FILE at most");
            path = a;
        } else if (strcmp(a, "--") == 0) {
            options = 0;
        } else if (is_help(a)) {
            if (argc > 3)
                return usage_error(usage, not_alone(a), argv[i == 2 ? 3 : 2], "");
            out_write(usage, strlen(usage));
            return 0;
        } else if (strcmp(a, "--hex") == 0) {
            hex = 1;
        } else {
            return usage_error(usage, "unknown option ", a, "");
        }
    }
    return encode ? cmd_encode(path, hex) : cmd_decode(path, hex);
}

static int utf8_main(int argc, char **argv)
{
    const cli_utf8_io io = {cli_read_input, open_chunks, read_chunk, close_chunks, stdout, stderr};
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
    if (argc < 2)
        return usage_error(usage_main, "missing command: counters or utf8", NULL, "");
    int version = strcmp(argv[1], "--version") == 0;
    if (is_help(argv[1]) || version) {
        if (argc > 2)
            return usage_error(usage_main, not_alone(argv[1]), argv[2], "");
        static const char version_line[] = "lepack " LEPACK_VERSION_STRING "\n";
        const char *text = version ? version_line : usage_main;
        out_write(text, strlen(text));
        return out_finish(0);
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
        if (strcmp(argv[1], commands[k].name) == 0)
            return out_finish(commands[k].run(argc - 1, argv + 1));
    return usage_error(usage_main, argv[1][0] == '-' ? "unknown option " : "unknown command ",
                       argv[1], "");
}
