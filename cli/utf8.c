/* SPDX-License-Identifier: Apache-2.0 */
/* `lepack utf8 encode|decode`: the JDK's string conversions on stdin.
 *
 * UTF-16 is little-endian bytes on both sides (two per code unit); the
 * UTF-8 side is raw bytes, or hex text with --hex.  Output is assembled in
 * memory and written only once the whole input has been accepted, so a
 * failing run prints nothing on stdout. */
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

typedef struct ubuf {
    uint8_t *data;
    size_t len;
    size_t cap;
} ubuf;

static int ubuf_reserve(ubuf *b, size_t more)
{
    if (b->cap - b->len >= more)
        return 0;
    if (more > SIZE_MAX / 2 - b->len)
        return -1;
    size_t cap = b->cap == 0 ? 65536 : b->cap;
    while (cap - b->len < more)
        cap *= 2;
    uint8_t *data = realloc(b->data, cap);
    if (data == NULL)
        return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

static int read_stdin(ubuf *b)
{
    for (;;) {
        if (ubuf_reserve(b, 65536) != 0)
            return -1;
        size_t n = fread(b->data + b->len, 1, b->cap - b->len, stdin);
        b->len += n;
        if (n == 0)
            return ferror(stdin) ? -1 : 0;
    }
}

static int complain(const char *what)
{
    fprintf(stderr, "lepack: %s\n", what);
    return 1;
}

static int write_stdout(const uint8_t *p, size_t n)
{
    if (n > 0 && fwrite(p, 1, n, stdout) != n)
        return complain("cannot write output");
    if (fflush(stdout) != 0)
        return complain("cannot write output");
    return 0;
}

/* Writes bytes as lowercase hex, 32 bytes per line. */
static int write_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    ubuf out = {0};
    if (n > SIZE_MAX / 4 || ubuf_reserve(&out, n * 2 + n / 32 + 1) != 0) {
        free(out.data);
        return complain("out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        out.data[out.len++] = (uint8_t)digits[p[i] / 16];
        out.data[out.len++] = (uint8_t)digits[p[i] % 16];
        if (i % 32 == 31 || i + 1 == n)
            out.data[out.len++] = '\n';
    }
    int rc = write_stdout(out.data, out.len);
    free(out.data);
    return rc;
}

static int cmd_encode(int mutf8, int hex)
{
    ubuf in = {0};
    uint16_t *units = NULL;
    uint8_t *out = NULL;
    int rc = 1;
    if (read_stdin(&in) != 0) {
        complain("cannot read input");
        goto done;
    }
    if (in.len % 2 != 0) {
        fprintf(stderr,
                "lepack: input is %zu bytes, an odd number: UTF-16LE takes two bytes per code "
                "unit (the byte at offset %zu has no partner)\n",
                in.len, in.len - 1);
        goto done;
    }
    size_t n = in.len / 2;
    units = malloc(n > 0 ? n * sizeof *units : 1);
    if (units == NULL) {
        complain("out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        units[i] = (uint16_t)(in.data[2 * i] | in.data[2 * i + 1] << 8);
    size_t len = 0, written = 0;
    lepack_status st = mutf8 ? lepack_mutf8_length(units, n, &len) : lepack_utf8_length(units, n, &len);
    if (st != LEPACK_OK) {
        complain(lepack_strerror(st));
        goto done;
    }
    if (mutf8) {
        if (len > LEPACK_MUTF8_MAX_BODY) {
            fprintf(stderr,
                    "lepack: the modified UTF-8 body is %zu bytes; writeUTF's 2-byte length "
                    "prefix allows at most %u\n",
                    len, LEPACK_MUTF8_MAX_BODY);
            goto done;
        }
        len += 2;
    }
    out = malloc(len > 0 ? len : 1);
    if (out == NULL) {
        complain("out of memory");
        goto done;
    }
    st = mutf8 ? lepack_mutf8_write(units, n, out, len, &written)
               : lepack_utf8_encode(units, n, out, len, &written);
    if (st != LEPACK_OK || written != len) {
        complain(lepack_strerror(st));
        goto done;
    }
    rc = hex ? write_hex(out, written) : write_stdout(out, written);
done:
    free(in.data);
    free(units);
    free(out);
    return rc;
}

/* Writes units as UTF-16LE bytes. */
static int write_units(const uint16_t *u, size_t n)
{
    uint8_t *b = malloc(n > 0 ? n * 2 : 1);
    if (b == NULL)
        return complain("out of memory");
    for (size_t i = 0; i < n; i++) {
        b[2 * i] = (uint8_t)(u[i] % 256);
        b[2 * i + 1] = (uint8_t)(u[i] / 256);
    }
    int rc = write_stdout(b, n * 2);
    free(b);
    return rc;
}

static int cmd_decode(int strict, int mutf8, int hex)
{
    ubuf in = {0};
    uint8_t *parsed = NULL;
    uint16_t *units = NULL;
    int rc = 1;
    if (read_stdin(&in) != 0) {
        complain("cannot read input");
        goto done;
    }
    const uint8_t *src = in.data;
    size_t len = in.len;
    if (hex) {
        text_error err;
        if (text_parse_hex((const char *)in.data, in.len, &parsed, &len, &err) != 0) {
            fprintf(stderr, "lepack: byte offset %zu: %s\n", err.where, err.what);
            goto done;
        }
        src = parsed;
    }
    size_t n = 0, bad = 0, used = 0;
    lepack_status st;
    if (mutf8) {
        st = lepack_mutf8_decoded_length(src, len, &n, &bad);
        if (st == LEPACK_ERANGE) {
            if (len < 2)
                fprintf(stderr, "lepack: input is %zu bytes, shorter than readUTF's 2-byte "
                                "length prefix\n", len);
            else
                fprintf(stderr, "lepack: the length prefix announces %zu bytes but only %zu "
                                "follow it (readUTF: EOFException)\n",
                        (size_t)src[0] * 256 + src[1], len - 2);
            goto done;
        }
        if (st == LEPACK_EILLFORMED) {
            fprintf(stderr, "lepack: byte offset %zu: malformed modified UTF-8 (readUTF: "
                            "UTFDataFormatException)\n", bad);
            goto done;
        }
    } else if (strict) {
        st = lepack_utf8_validate(src, len, &bad);
        if (st != LEPACK_OK) {
            fprintf(stderr, "lepack: byte offset %zu: ill-formed UTF-8 sequence\n", bad);
            goto done;
        }
        n = lepack_utf8_decoded_length(src, len);
    } else {
        n = lepack_utf8_decoded_length(src, len);
    }
    units = malloc(n > 0 ? n * sizeof *units : 1);
    if (units == NULL) {
        complain("out of memory");
        goto done;
    }
    size_t written = 0;
    if (mutf8)
        st = lepack_mutf8_read(src, len, units, n, &written, &used, &bad);
    else if (strict)
        st = lepack_utf8_decode_strict(src, len, units, n, &written, &bad);
    else
        st = lepack_utf8_decode(src, len, units, n, &written);
    if (st != LEPACK_OK || written != n) {
        complain(lepack_strerror(st));
        goto done;
    }
    if (mutf8 && used != len) {
        fprintf(stderr, "lepack: byte offset %zu: %zu bytes after the string (one writeUTF "
                        "string expected)\n", used, len - used);
        goto done;
    }
    rc = write_units(units, n);
done:
    free(in.data);
    free(parsed);
    free(units);
    return rc;
}

static int is_help(const char *a)
{
    return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

int cli_utf8(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    if (is_help(argv[1])) {
        fputs(usage, stdout);
        return 0;
    }
    int encode = strcmp(argv[1], "encode") == 0;
    if (!encode && strcmp(argv[1], "decode") != 0) {
        fprintf(stderr, "lepack: unknown utf8 command '%s'\n%s", argv[1], usage);
        return 2;
    }
    int strict = 0, mutf8 = 0, hex = 0;
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(argv[i], "--hex") == 0) {
            hex = 1;
        } else if (strcmp(argv[i], "--mutf8") == 0) {
            mutf8 = 1;
        } else if (strcmp(argv[i], "--strict") == 0 && !encode) {
            strict = 1;
        } else {
            fprintf(stderr, "lepack: unknown option '%s'\n%s", argv[i], usage);
            return 2;
        }
    }
    return encode ? cmd_encode(mutf8, hex) : cmd_decode(strict, mutf8, hex);
}
