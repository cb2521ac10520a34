/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 encode|decode`: the JDK's string conversions on a FILE or
 * stdin.
 *
 * UTF-16 is little-endian bytes on both sides (two per code unit); the
 * UTF-8 side is raw bytes, or hex text with --hex.
 *
 * encode, and decode without --strict, --mutf8 or --hex, stream: the input
 * is read in chunks of CHUNK bytes and converted by the library's chunk
 * calls, which keep back a sequence or pair a chunk cuts short, so memory
 * stays a few hundred KiB whatever the input's size.  The only input error
 * they can meet is an odd last byte (encode), found at the end: it is
 * reported after the output of everything before it, as iconv does.
 * encode --strict, --mutf8 and decode --strict, --mutf8, --hex read the
 * whole input first (a refusal must come before any output, writeUTF's
 * prefix before the body, hex errors before the bytes): they hold the
 * input in memory (and the output, but for decode without --mutf8, which
 * then decodes as the stream does), and a failing run prints nothing on
 * stdout.  encode --mutf8 stops reading once the input holds more units
 * than writeUTF's body has bytes: it can only be refused.
 *
 * Decoding without --strict replaces ill-formed input as the JDK does and
 * exits 0; it then says on stderr how many U+FFFD it wrote in place of
 * ill-formed sequences and where the first was (--quiet: not). */
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_utf8.h"
#include "text.h"

static const char usage_utf8[] =
    "usage: lepack utf8 encode [--strict|--mutf8] [--hex] [FILE]\n"
    "       lepack utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]\n"
    "\n"
    "Java strings as bytes, exactly as the JDK converts them: encode writes\n"
    "the UTF-8 of String.getBytes(UTF_8) (or writeUTF's), decode the UTF-16LE\n"
    "of new String(bytes, UTF_8) (or readUTF's).  Run 'lepack utf8 encode\n"
    "--help' or 'lepack utf8 decode --help' for the options.\n";

/* What both subcommands' help says about input, errors and exit status. */
#define USAGE_COMMON \
    "Without FILE, or when FILE is -, stdin.  -- ends the options (a FILE\n" \
    "named -x is given as -- -x).  Offsets count from 0.  Exit status 0; 1\n" \
    "on bad input, a read or write error or out of memory (one line on\n" \
    "stderr naming the problem); 2 on bad usage.  encode, and decode without\n" \
    "--strict, --mutf8 or --hex, stream in bounded memory: an odd last byte\n" \
    "or a read error is reported after the output of what came before it.\n" \
    "The other modes read FILE whole and print nothing on stdout when they\n" \
    "fail.\n"

static const char usage_encode[] =
    "usage: lepack utf8 encode [--strict|--mutf8] [--hex] [FILE]\n"
    "\n"
    "Reads UTF-16LE code units (two bytes each) and writes the bytes of\n"
    "String.getBytes(UTF_8): a surrogate pair is one 4-byte sequence, every\n"
    "unpaired surrogate becomes '?' (0x3F).\n"
    "  --strict  refuse an unpaired surrogate instead, naming its unit index\n"
    "            and byte offset (a CharsetEncoder set to REPORT)\n"
    "  --mutf8   write DataOutput.writeUTF's bytes instead: a 2-byte\n"
    "            big-endian length, then the modified UTF-8 body (U+0000 as\n"
    "            C0 80, a pair as two 3-byte surrogates); a body over 65535\n"
    "            bytes is refused, an input of more than 65535 units as soon\n"
    "            as that much is read\n"
    "  --hex     write the bytes as lowercase hex text, 32 bytes a line\n"
    "  --help    this help\n"
    "\n"
    "An odd number of input bytes is refused, naming the byte offset of the\n"
    "byte without a partner.\n"
    USAGE_COMMON;

static const char usage_decode[] =
    "usage: lepack utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]\n"
    "\n"
    "Reads UTF-8 and writes the UTF-16LE of new String(bytes, UTF_8): each\n"
    "ill-formed sequence becomes one U+FFFD, and the exit status stays 0.\n"
    "One line on stderr then says how many U+FFFD replaced ill-formed\n"
    "sequences and the byte offset of the first.\n"
    "  --strict  refuse ill-formed UTF-8 instead (overlong forms, encoded\n"
    "            surrogates, above U+10FFFF, truncated sequences, stray\n"
    "            continuation bytes), naming the byte offset where it starts\n"
    "  --mutf8   read exactly one DataInput.readUTF string: a 2-byte\n"
    "            big-endian length, then a modified UTF-8 body; what readUTF\n"
    "            refuses is refused (readUTF has its own rules and no strict\n"
    "            mode, so --strict and --mutf8 do not go together)\n"
    "  --hex     read the bytes as hex text (either case, whitespace\n"
    "            ignored); an error in the text names its text offset, an\n"
    "            error in the bytes both its byte offset in the decoded input\n"
    "            and the text offset of that byte's first digit\n"
    "  --quiet   no line on stderr about replacements (errors are still\n"
    "            reported)\n"
    "  --help    this help\n"
    "\n"
    USAGE_COMMON;

static int complain(const cli_utf8_io *io, const char *what)
{
    fprintf(io->err, "lepack: %s\n", what);
    return 1;
}

/* "s" when n calls for a plural. */
static const char *plural(size_t n)
{
    return n == 1 ? "" : "s";
}

void cli_put_quoted(FILE *f, const char *s)
{
    fputc('\'', f);
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p < 0x20 || *p == 0x7f || *p == '\'' || *p == '\\')
            fprintf(f, "\\x%02x", *p);
        else
            fputc(*p, f);
    }
    fputc('\'', f);
}

/* The caller's reader (main.c's for a FILE or stdin), for bytes. */
static int read_input(const cli_utf8_io *io, const char *path, uint8_t **data, size_t *len)
{
    char *raw = NULL;
    if (io->read_input(path, &raw, len) != 0)
        return 1;
    *data = (uint8_t *)raw;
    return 0;
}

/* Output goes through stdio unchecked: main.c's out_finish reports a write
 * error (with errno's text) and turns the exit status into 1. */
static void write_hex(FILE *out, const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char line[2 * 32 + 1];
    for (size_t i = 0; i < n; i += 32) {
        size_t k = n - i < 32 ? n - i : 32, m = 0;
        for (size_t j = 0; j < k; j++) {
            line[m++] = digits[p[i + j] / 16];
            line[m++] = digits[p[i + j] % 16];
        }
        line[m++] = '\n';
        fwrite(line, 1, m, out);
    }
}

/* The UTF-16LE bytes p[0 .. 2n) as code units at u, which may be p itself
 * (in place: each unit is read before its own two bytes are overwritten;
 * malloc'd storage is aligned for uint16_t). */
static void units_from_le(const uint8_t *p, size_t n, uint16_t *u)
{
    for (size_t i = 0; i < n; i++) {
        uint16_t v = (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
        memcpy((uint8_t *)(void *)u + 2 * i, &v, sizeof v);
    }
}

/* The reverse: units u[0 .. n) as UTF-16LE bytes, in place. */
static const uint8_t *le_from_units(uint16_t *u, size_t n)
{
    uint8_t *p = (uint8_t *)(void *)u;
    for (size_t i = 0; i < n; i++) {
        uint16_t v = u[i];
        p[2 * i] = (uint8_t)(v % 256);
        p[2 * i + 1] = (uint8_t)(v / 256);
    }
    return p;
}

/* Bytes of one streamed read.  A chunk call keeps back at most 3 bytes
 * (decode) or one high surrogate and an odd byte (encode). */
#define CHUNK 65536
#define CARRY 4

/* --hex output written as it comes, 32 bytes a line. */
typedef struct hex_out {
    FILE *f;
    uint8_t line[32];
    size_t n;
} hex_out;

static void hex_put(hex_out *h, const uint8_t *p, size_t n)
{
    while (n > 0) {
        size_t k = sizeof h->line - h->n < n ? sizeof h->line - h->n : n;
        memcpy(h->line + h->n, p, k);
        h->n += k;
        p += k;
        n -= k;
        if (h->n == sizeof h->line) {
            write_hex(h->f, h->line, h->n);
            h->n = 0;
        }
    }
}

static void odd_input(const cli_utf8_io *io, size_t len)
{
    fprintf(io->err,
            "lepack: input is %zu byte%s, an odd number: UTF-16LE takes two bytes per code "
            "unit (the byte at offset %zu has no partner)\n",
            len, plural(len), len - 1);
}

/* One step of a streaming mode: converts and writes what it can of
 * in[0 .. have) (last: the input ends there), with work (the step's own
 * output buffer) to convert into, and returns the bytes it used; the rest
 * comes back at the front of the next step. */
typedef size_t (*stream_step)(void *ctx, uint8_t *work, const uint8_t *in, size_t have,
                              int last);

/* Reads the input CHUNK bytes at a time behind what the previous step
 * kept, until a step has seen the end: 0 with *left the bytes the last
 * step kept, or 1 after a message.  The memory is this: CHUNK + CARRY
 * bytes of input and work_size bytes of work, whatever the input's size. */
static int stream_input(const cli_utf8_io *io, const char *path, stream_step step, void *ctx,
                        size_t work_size, size_t *left)
{
    void *h = NULL;
    if (io->open_input(&h, path) != 0)
        return 1;
    uint8_t *in = malloc(CHUNK + CARRY), *work = malloc(work_size);
    size_t have = 0;
    int rc = 1;
    if (in == NULL || work == NULL) {
        complain(io, "out of memory");
        goto end;
    }
    for (;;) {
        size_t got = 0;
        if (io->read_chunk(h, in + have, CHUNK, &got) != 0)
            goto end;
        have += got;
        size_t used = step(ctx, work, in, have, got == 0);
        memmove(in, in + used, have - used);
        have -= used;
        if (got == 0)
            break;
    }
    *left = have;
    rc = 0;
end:
    io->close_input(h);
    free(in);
    free(work);
    return rc;
}

/* encode's work: the chunk's units, then its bytes (three a unit). */
#define ENCODE_UNITS ((CHUNK + CARRY) / 2)
#define ENCODE_WORK (ENCODE_UNITS * sizeof(uint16_t) + ENCODE_UNITS * 3)

typedef struct encode_stream {
    hex_out hex;
    int as_hex;
    size_t done; /* input bytes converted */
} encode_stream;

/* Three bytes a unit always suffice, and a chunk call given them cannot
 * fail: it keeps back only a high surrogate at the end (and the step an
 * odd byte). */
static size_t encode_step(void *ctx, uint8_t *work, const uint8_t *in, size_t have, int last)
{
    encode_stream *e = ctx;
    uint16_t *units = (uint16_t *)(void *)work; /* malloc'd: aligned */
    uint8_t *out = work + ENCODE_UNITS * sizeof *units;
    size_t n = have / 2, used = 0, written = 0;
    units_from_le(in, n, units);
    (void)lepack_utf8_encode_chunk(units, n, last, out, 3 * n, &used, &written);
    if (e->as_hex)
        hex_put(&e->hex, out, written);
    else
        fwrite(out, 1, written, e->hex.f);
    e->done += 2 * used;
    return 2 * used;
}

/* encode without --strict or --mutf8. */
static int stream_encode(const cli_utf8_io *io, const char *path, int hex)
{
    encode_stream e = {{io->out, {0}, 0}, hex, 0};
    size_t left = 0;
    if (stream_input(io, path, encode_step, &e, ENCODE_WORK, &left) != 0)
        return 1;
    if (hex && e.hex.n > 0)
        write_hex(io->out, e.hex.line, e.hex.n);
    if (left != 0) {
        odd_input(io, e.done + left);
        return 1;
    }
    return 0;
}

static void put_where(FILE *err, size_t offset, const uint8_t *text, size_t text_len, int hex);

/* A decoding stream: where its output goes, the input bytes decoded so
 * far, and the U+FFFD written for ill-formed input (the JDK's replacements)
 * with the byte offset of the first. */
typedef struct decode_stream {
    FILE *out;
    size_t done;
    size_t replaced;
    size_t first;
} decode_stream;

/* Whether u[0 .. n) holds U+FFFD: no early exit, so that the compiler
 * makes it a vector loop (it runs over every unit the stream decodes). */
static int has_replacement_char(const uint16_t *u, size_t n)
{
    unsigned seen = 0;
    for (size_t i = 0; i < n; i++)
        seen |= u[i] == 0xFFFDu;
    return seen != 0;
}

/* Never more units than bytes: a chunk call given as many cannot fail.
 * Each replacement is a U+FFFD in the units, so a chunk without one has
 * none and is not read again; a chunk with one is counted (the sum over
 * the chunks' consumed bytes is the whole input's count). */
static size_t decode_step(void *ctx, uint8_t *work, const uint8_t *in, size_t have, int last)
{
    decode_stream *d = ctx;
    uint16_t *units = (uint16_t *)(void *)work; /* malloc'd: aligned */
    size_t used = 0, written = 0;
    (void)lepack_utf8_decode_chunk(in, have, last, units, have, &used, &written);
    if (has_replacement_char(units, written)) {
        size_t n = 0, bad = 0;
        (void)lepack_utf8_replacements(in, used, &n);
        /* Not 0: the input before the chunk was well-formed, so its first
         * ill-formed sequence is the stream's first replacement. */
        if (n > 0 && d->replaced == 0 && lepack_utf8_validate(in, used, &bad) != LEPACK_OK)
            d->first = d->done + bad;
        d->replaced += n;
    }
    fwrite(le_from_units(units, written), 1, written * 2, d->out);
    d->done += used;
    return used;
}

/* The line after a lossy decode that replaced something, unless --quiet or
 * the output could not be written (main.c's out_finish says so, and a
 * failed run has one line on stderr).  text[0 .. text_len) is the hex text
 * with --hex. */
static void report_replacements(const cli_utf8_io *io, const decode_stream *d, int quiet,
                                const uint8_t *text, size_t text_len, int hex)
{
    if (quiet || d->replaced == 0 || fflush(io->out) != 0 || ferror(io->out))
        return;
    fprintf(io->err, "lepack: %zu ill-formed UTF-8 sequence%s replaced by U+FFFD, the first at ",
            d->replaced, plural(d->replaced));
    put_where(io->err, d->first, text, text_len, hex);
    fputc('\n', io->err);
}

/* decode without --strict, --mutf8 or --hex.  Every byte sequence
 * decodes, so only a read error can stop it. */
static int stream_decode(const cli_utf8_io *io, const char *path, int quiet)
{
    decode_stream d = {io->out, 0, 0, 0};
    size_t left = 0;
    if (stream_input(io, path, decode_step, &d, (CHUNK + CARRY) * sizeof(uint16_t), &left) != 0)
        return 1;
    report_replacements(io, &d, quiet, NULL, 0, 0);
    return 0;
}

/* decode of bytes already in memory (--strict once validated, --hex once
 * parsed): the stream's steps over src[0 .. len), CHUNK bytes at a time. */
static int write_decoded(const cli_utf8_io *io, const uint8_t *src, size_t len,
                         decode_stream *d)
{
    if (len == 0)
        return 0; /* src may be NULL: an empty input or hex text */
    uint16_t *units = malloc(CHUNK * sizeof *units);
    if (units == NULL) {
        complain(io, "out of memory");
        return 1;
    }
    for (size_t off = 0;;) {
        size_t have = len - off < CHUNK ? len - off : CHUNK;
        int last = have == len - off;
        /* Not the last: at most 3 bytes kept back of CHUNK. */
        off += decode_step(d, (uint8_t *)(void *)units, src + off, have, last);
        if (last)
            break;
    }
    free(units);
    return 0;
}

/* writeUTF's input: at most MUTF8_MAX_INPUT bytes (every unit takes at
 * least one byte of a body of at most 65535), read in chunks; *over set,
 * and nothing kept, as soon as there are more. */
#define MUTF8_MAX_INPUT (2 * (size_t)LEPACK_MUTF8_MAX_BODY + 1)

static int read_bounded(const cli_utf8_io *io, const char *path, uint8_t **data, size_t *len,
                        int *over)
{
    void *h = NULL;
    if (io->open_input(&h, path) != 0)
        return 1;
    uint8_t *buf = malloc(MUTF8_MAX_INPUT + 1);
    size_t n = 0, got = 0;
    int rc = 1;
    if (buf == NULL) {
        complain(io, "out of memory");
        goto end;
    }
    do {
        if (io->read_chunk(h, buf + n, MUTF8_MAX_INPUT + 1 - n, &got) != 0)
            goto end;
        n += got;
    } while (got > 0 && n <= MUTF8_MAX_INPUT);
    *over = n > MUTF8_MAX_INPUT;
    *data = buf;
    *len = n;
    buf = NULL;
    rc = 0;
end:
    io->close_input(h);
    free(buf);
    return rc;
}

static int cmd_encode(const cli_utf8_io *io, const char *path, int strict, int mutf8, int hex)
{
    if (!strict && !mutf8)
        return stream_encode(io, path, hex);
    uint8_t *in = NULL, *out = NULL;
    size_t len = 0;
    int over = 0;
    if ((mutf8 ? read_bounded(io, path, &in, &len, &over) : read_input(io, path, &in, &len)) != 0)
        return 1;
    int rc = 1;
    if (over) {
        fprintf(io->err,
                "lepack: too long for writeUTF: more than %u code units, and each takes at "
                "least one byte of a body limited to %u bytes (UTFDataFormatException)\n",
                LEPACK_MUTF8_MAX_BODY, LEPACK_MUTF8_MAX_BODY);
        goto done;
    }
    if (len % 2 != 0) {
        odd_input(io, len);
        goto done;
    }
    size_t n = len / 2;
    uint16_t *units = (uint16_t *)(void *)in;
    units_from_le(in, n, units);
    size_t bad = 0;
    if (strict && lepack_utf16_validate(units, n, &bad) != LEPACK_OK) {
        fprintf(io->err,
                "lepack: unit %zu (byte offset %zu): unpaired surrogate U+%04X (--strict: a "
                "CharsetEncoder set to REPORT refuses it)\n",
                bad, 2 * bad, (unsigned)units[bad]);
        goto done;
    }
    /* Three bytes a unit always suffice (a pair takes four for two units),
     * plus writeUTF's prefix: the encoders cannot run out of room. */
    size_t cap = n <= (SIZE_MAX - 2) / 3 ? 3 * n + 2 : 0;
    out = cap > 0 ? malloc(cap) : NULL;
    if (out == NULL) {
        complain(io, "out of memory");
        goto done;
    }
    size_t written = 0;
    lepack_status st = mutf8 ? lepack_mutf8_write(units, n, out, cap, &written)
                             : lepack_utf8_encode(units, n, out, cap, &written);
    if (st != LEPACK_OK) {
        /* With that room, only writeUTF's limit is left (LEPACK_ETOOLONG). */
        size_t body = 0;
        (void)lepack_mutf8_length(units, n, &body);
        fprintf(io->err,
                "lepack: too long for writeUTF: the modified UTF-8 body is %zu bytes, over the "
                "%u its 2-byte length prefix allows (UTFDataFormatException)\n",
                body, LEPACK_MUTF8_MAX_BODY);
        goto done;
    }
    if (hex)
        write_hex(io->out, out, written);
    else
        fwrite(out, 1, written, io->out);
    rc = 0;
done:
    free(in);
    free(out);
    return rc;
}

size_t cli_hex_text_offset(const uint8_t *text, size_t len, size_t k)
{
    size_t i = 0;
    for (size_t digits = 0; i < len; i++) {
        uint8_t c = text[i];
        int digit = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (digit && digits++ == 2 * k)
            break;
    }
    return i;
}

/* Where in the input a decoded byte is: its byte offset, and with --hex
 * (text[0 .. text_len) the hex text) the byte offset in the decoded input
 * and the text offset of its first digit, so that every offset names what
 * it counts. */
static void put_where(FILE *err, size_t offset, const uint8_t *text, size_t text_len, int hex)
{
    if (hex)
        fprintf(err, "byte offset %zu of the decoded input, text offset %zu", offset,
                cli_hex_text_offset(text, text_len, offset));
    else
        fprintf(err, "byte offset %zu", offset);
}

/* Says why decoding failed: the only failures of the decode calls below,
 * given an exact-size output, are LEPACK_ERANGE (readUTF's input cut
 * short) and LEPACK_EILLFORMED (--mutf8 or --strict).  src[0 .. len) is
 * what was decoded, text[0 .. text_len) the hex text it came from. */
static void decode_error(FILE *err, lepack_status st, int mutf8, const uint8_t *src, size_t len,
                         size_t bad, const uint8_t *text, size_t text_len, int hex)
{
    const char *input = hex ? "the decoded input" : "input";
    if (st == LEPACK_ERANGE && len < 2) {
        fprintf(err, "lepack: %s is %zu byte%s, shorter than readUTF's 2-byte length prefix\n",
                input, len, plural(len));
    } else if (st == LEPACK_ERANGE) {
        size_t announced = (size_t)src[0] * 256 + src[1];
        fprintf(err, "lepack: the length prefix announces %zu byte%s but only %zu follow%s it "
                     "(readUTF: EOFException)\n",
                announced, plural(announced), len - 2, len - 2 == 1 ? "s" : "");
    } else {
        fputs("lepack: ", err);
        put_where(err, bad, text, text_len, hex);
        fputs(mutf8 ? ": malformed modified UTF-8 (readUTF: UTFDataFormatException)\n"
                    : ": ill-formed UTF-8 sequence\n", err);
    }
}

static int cmd_decode(const cli_utf8_io *io, const char *path, int strict, int mutf8, int hex,
                      int quiet)
{
    if (!strict && !mutf8 && !hex)
        return stream_decode(io, path, quiet);
    uint8_t *in = NULL, *parsed = NULL;
    uint16_t *units = NULL;
    size_t len = 0;
    if (read_input(io, path, &in, &len) != 0)
        return 1;
    int rc = 1;
    const uint8_t *src = in;
    size_t text_len = len;
    if (hex) {
        text_error err;
        if (text_parse_hex((const char *)in, text_len, &parsed, &len, &err) != 0) {
            if (strcmp(err.what, "out of memory") == 0)
                complain(io, "out of memory");
            else
                fprintf(io->err, "lepack: text offset %zu: %s\n", err.where, err.what);
            goto done;
        }
        src = parsed;
    }
    size_t n = 0, bad = 0, used = 0, written = 0;
    lepack_status st = LEPACK_OK;
    if (!mutf8) {
        /* Once validated, the bytes decode as the stream does: a chunk at a
         * time into a bounded buffer, each byte read once more and no
         * output the size of the input's. */
        if (strict)
            st = lepack_utf8_validate(src, len, &bad);
        if (st == LEPACK_OK) {
            decode_stream d = {io->out, 0, 0, 0};
            rc = write_decoded(io, src, len, &d);
            if (rc == 0)
                report_replacements(io, &d, quiet, in, text_len, hex);
            goto done;
        }
    } else {
        st = lepack_mutf8_decoded_length(src, len, &n, &bad);
    }
    if (st == LEPACK_OK) {
        units = malloc(n > 0 ? n * sizeof *units : 1);
        if (units == NULL) {
            complain(io, "out of memory");
            goto done;
        }
        st = lepack_mutf8_read(src, len, units, n, &written, &used, &bad);
    }
    if (st != LEPACK_OK) {
        decode_error(io->err, st, mutf8, src, len, bad, in, text_len, hex);
        goto done;
    }
    if (used != len) {
        fputs("lepack: ", io->err);
        put_where(io->err, used, in, text_len, hex);
        fprintf(io->err, ": %zu byte%s after the string (one writeUTF string expected)\n",
                len - used, plural(len - used));
        goto done;
    }
    fwrite(le_from_units(units, written), 1, written * 2, io->out);
    rc = 0;
done:
    free(in);
    free(parsed);
    free(units);
    return rc;
}

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

/* The start of the message refusing --help or -h with other arguments,
 * naming the one given. */
static const char *not_alone(const char *opt)
{
    return strcmp(opt, "-h") == 0 ? "-h takes no other arguments, got "
                                  : "--help takes no other arguments, got ";
}

/* A usage error: "lepack: BEFORE'ARG'AFTER" (ARG quoted, when there is
 * one) on one line, then the synopsis that helps (the usage up to its
 * first blank line). */
static int usage_error(const cli_utf8_io *io, const char *usage, const char *before,
                       const char *arg, const char *after)
{
    fprintf(io->err, "lepack: %s", before);
    if (arg != NULL)
        cli_put_quoted(io->err, arg);
    const char *blank = strstr(usage, "\n\n");
    int shown = blank != NULL ? (int)(blank - usage) + 1 : (int)strlen(usage);
    fprintf(io->err, "%s\n%.*s", after, shown, usage);
    return CLI_EXIT_USAGE;
}

int cli_utf8_run(int argc, char **argv, const cli_utf8_io *io)
{
    if (argc < 2)
        return usage_error(io, usage_utf8, "'utf8' needs a subcommand: encode or decode", NULL,
                           "");
    if (is_help(argv[1])) {
        if (argc > 2)
            return usage_error(io, usage_utf8, not_alone(argv[1]), argv[2],
                               "");
        fputs(usage_utf8, io->out);
        return 0;
    }
    int encode = strcmp(argv[1], "encode") == 0;
    if (!encode && strcmp(argv[1], "decode") != 0)
        return usage_error(io, usage_utf8, "unknown utf8 subcommand ", argv[1], "");
    const char *usage = encode ? usage_encode : usage_decode;
    const char *path = NULL;
    int strict = 0, mutf8 = 0, hex = 0, quiet = 0, options = 1;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!options || a[0] != '-' || a[1] == '\0') {
            /* An operand: the FILE ("-" is stdin). */
            if (path != NULL)
                return usage_error(io, usage, "extra operand ", a, ": one FILE at most");
            path = a;
        } else if (strcmp(a, "--") == 0) {
            options = 0;
        } else if (is_help(a)) {
            if (argc > 3)
                return usage_error(io, usage, not_alone(a), argv[i == 2 ? 3 : 2], "");
            fputs(usage, io->out);
            return 0;
        } else if (strcmp(a, "--hex") == 0) {
            hex = 1;
        } else if (strcmp(a, "--mutf8") == 0) {
            mutf8 = 1;
        } else if (strcmp(a, "--strict") == 0) {
            strict = 1;
        } else if (!encode && strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else {
            return usage_error(io, usage, "unknown option ", a, "");
        }
    }
    /* readUTF accepts what --strict refuses (C0 80 for U+0000, and every
     * other overlong 2- and 3-byte form) and Java has no stricter readUTF;
     * writeUTF writes every surrogate on its own, paired or not: the two
     * together would have to invent a rule, so they are refused. */
    if (strict && mutf8)
        return usage_error(io, usage,
                           encode ? "--strict and --mutf8 cannot be used together: writeUTF has "
                                    "its own rules and no strict mode"
                                  : "--strict and --mutf8 cannot be used together: readUTF has its "
                                    "own rules and no strict mode", NULL, "");
    return encode ? cmd_encode(io, path, strict, mutf8, hex)
                  : cmd_decode(io, path, strict, mutf8, hex, quiet);
}
