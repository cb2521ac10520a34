/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 encode|decode`: the JDK's string conversions on stdin.
 *
 * UTF-16 is little-endian bytes on both sides (two per code unit); the
 * UTF-8 side is raw bytes, or hex text with --hex.  Output is assembled in
 * memory and written only once the whole input has been accepted, so a
 * failing run prints nothing on stdout.  Memory: the input, converted in
 * place, and the output (at most 3 bytes a unit when encoding, the exact
 * unit count when decoding). */
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_utf8.h"
#include "text.h"

static const char usage[] =
    "usage: lepack utf8 encode [--mutf8] [--hex]\n"
    "       lepack utf8 decode [--strict] [--mutf8] [--hex]\n"
    "\n"
    "Java strings as bytes, exactly as the JDK converts them.\n"
    "  encode    reads UTF-16LE code units from stdin and writes the bytes of\n"
    "            String.getBytes(UTF_8): a surrogate pair is one 4-byte\n"
    "            sequence, every unpaired surrogate becomes '?' (0x3F)\n"
    "  decode    reads UTF-8 and writes the UTF-16LE of new String(bytes, UTF_8):\n"
    "            each ill-formed sequence becomes one U+FFFD\n"
    "  --strict  decode: refuse ill-formed UTF-8 instead (overlong forms,\n"
    "            encoded surrogates, above U+10FFFF, truncated sequences, stray\n"
    "            continuation bytes), naming the byte offset where it starts\n"
    "  --mutf8   modified UTF-8 of DataOutput.writeUTF / DataInput.readUTF: a\n"
    "            2-byte big-endian length, then the body (U+0000 as C0 80, a\n"
    "            pair as two 3-byte surrogates); decode reads exactly one such\n"
    "            string and refuses what readUTF refuses\n"
    "  --hex     the UTF-8 side as hex text: encode writes lowercase hex, 32\n"
    "            bytes per line; decode reads hex (whitespace ignored)\n"
    "\n"
    "An odd number of UTF-16LE bytes, ill-formed input under --strict or\n"
    "--mutf8, a writeUTF body over 65535 bytes, bad hex, or a write error: a\n"
    "message naming the problem and its byte offset on stderr, nothing on\n"
    "stdout, exit status 1.\n";

static int complain(const cli_utf8_io *io, const char *what)
{
    fprintf(io->err, "lepack: %s\n", what);
    return 1;
}

/* The caller's reader (main.c's for stdin), for bytes. */
static int read_input(const cli_utf8_io *io, uint8_t **data, size_t *len)
{
    char *raw = NULL;
    if (io->read_input(&raw, len) != 0)
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

/* The UTF-16LE bytes p[0 .. 2n) as code units, in place: each unit is
 * read before its own two bytes are overwritten (malloc'd storage is
 * aligned for uint16_t). */
static uint16_t *units_from_le(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint16_t u = (uint16_t)(p[2 * i] | p[2 * i + 1] << 8);
        memcpy(p + 2 * i, &u, sizeof u);
    }
    return (uint16_t *)(void *)p;
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

static int cmd_encode(const cli_utf8_io *io, int mutf8, int hex)
{
    uint8_t *in = NULL, *out = NULL;
    size_t len = 0;
    if (read_input(io, &in, &len) != 0)
        return 1;
    int rc = 1;
    if (len % 2 != 0) {
        fprintf(io->err,
                "lepack: input is %zu bytes, an odd number: UTF-16LE takes two bytes per code "
                "unit (the byte at offset %zu has no partner)\n",
                len, len - 1);
        goto done;
    }
    size_t n = len / 2;
    const uint16_t *units = units_from_le(in, n);
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
                "lepack: %s: the modified UTF-8 body is %zu bytes; writeUTF's 2-byte length "
                "prefix allows at most %u\n",
                lepack_status_name(st), body, LEPACK_MUTF8_MAX_BODY);
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

/* Says why decoding failed: the only failures of the decode calls below,
 * given an exact-size output, are LEPACK_ERANGE (readUTF's input cut
 * short) and LEPACK_EILLFORMED (--mutf8 or --strict). */
static void decode_error(FILE *err, lepack_status st, int mutf8, const uint8_t *src, size_t len, size_t bad)
{
    if (st == LEPACK_ERANGE && len < 2)
        fprintf(err, "lepack: input is %zu bytes, shorter than readUTF's 2-byte length "
                        "prefix\n", len);
    else if (st == LEPACK_ERANGE)
        fprintf(err, "lepack: the length prefix announces %zu bytes but only %zu follow it "
                        "(readUTF: EOFException)\n",
                (size_t)src[0] * 256 + src[1], len - 2);
    else if (mutf8)
        fprintf(err, "lepack: byte offset %zu: malformed modified UTF-8 (readUTF: "
                        "UTFDataFormatException)\n", bad);
    else
        fprintf(err, "lepack: byte offset %zu: ill-formed UTF-8 sequence\n", bad);
}

static int cmd_decode(const cli_utf8_io *io, int strict, int mutf8, int hex)
{
    uint8_t *in = NULL, *parsed = NULL;
    uint16_t *units = NULL;
    size_t len = 0;
    if (read_input(io, &in, &len) != 0)
        return 1;
    int rc = 1;
    const uint8_t *src = in;
    if (hex) {
        text_error err;
        if (text_parse_hex((const char *)in, len, &parsed, &len, &err) != 0) {
            fprintf(io->err, "lepack: byte offset %zu: %s\n", err.where, err.what);
            goto done;
        }
        src = parsed;
    }
    size_t n = 0, bad = 0, used = 0, written = 0;
    lepack_status st = LEPACK_OK;
    if (mutf8) {
        st = lepack_mutf8_decoded_length(src, len, &n, &bad);
    } else {
        if (strict)
            st = lepack_utf8_validate(src, len, &bad);
        (void)lepack_utf8_decoded_length(src, len, &n);
    }
    if (st == LEPACK_OK) {
        units = malloc(n > 0 ? n * sizeof *units : 1);
        if (units == NULL) {
            complain(io, "out of memory");
            goto done;
        }
        st = mutf8 ? lepack_mutf8_read(src, len, units, n, &written, &used, &bad)
                   : lepack_utf8_decode(src, len, units, n, &written);
    }
    if (st != LEPACK_OK) {
        decode_error(io->err, st, mutf8, src, len, bad);
        goto done;
    }
    if (mutf8 && used != len) {
        fprintf(io->err, "lepack: byte offset %zu: %zu bytes after the string (one writeUTF "
                        "string expected)\n", used, len - used);
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

int cli_utf8_run(int argc, char **argv, const cli_utf8_io *io)
{
    if (argc < 2) {
        fputs(usage, io->err);
        return 2;
    }
    if (is_help(argv[1])) {
        fputs(usage, io->out);
        return 0;
    }
    int encode = strcmp(argv[1], "encode") == 0;
    if (!encode && strcmp(argv[1], "decode") != 0) {
        fprintf(io->err, "lepack: unknown utf8 command '%s'\n%s", argv[1], usage);
        return 2;
    }
    int strict = 0, mutf8 = 0, hex = 0;
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage, io->out);
            return 0;
        }
        if (strcmp(argv[i], "--hex") == 0) {
            hex = 1;
        } else if (strcmp(argv[i], "--mutf8") == 0) {
            mutf8 = 1;
        } else if (strcmp(argv[i], "--strict") == 0 && !encode) {
            strict = 1;
        } else {
            fprintf(io->err, "lepack: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    return encode ? cmd_encode(io, mutf8, hex) : cmd_decode(io, strict, mutf8, hex);
}
