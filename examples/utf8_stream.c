/* SPDX-License-Identifier: Apache-2.0 */
/* Converting a file of any size in fixed buffers, chunk by chunk:
 *
 *   utf8_stream decode FILE [CHUNK]   UTF-8 -> UTF-16LE on stdout
 *   utf8_stream encode FILE [CHUNK]   UTF-16LE -> UTF-8 on stdout
 *
 * as the JDK's new String(bytes, UTF_8) and getBytes(UTF_8) would convert
 * the whole file at once.  CHUNK is the bytes read per call (default 65536;
 * make test-install also runs 1, 2, 3 and 5 so that chunks cut every
 * sequence everywhere).
 *
 *   cc -std=c11 utf8_stream.c $(pkg-config --cflags --libs lepack) -o utf8_stream
 *
 * The one thing to get right is the carry.  A chunk may end inside a UTF-8
 * sequence (up to 3 bytes of a 4-byte one) or between the two halves of a
 * surrogate pair.  lepack_utf8_decode_chunk and lepack_utf8_encode_chunk
 * then convert everything before it and say so in *consumed; the caller
 * keeps the rest (at most 3 bytes, or 1 high surrogate), puts it in front
 * of the next chunk, and passes it again.  The last call says last = 1, so
 * that what is still cut short becomes U+FFFD (decode) or '?' (encode),
 * exactly as the one-shot calls do. */
#include <lepack/le.h>
#include <lepack/status.h>
#include <lepack/utf8.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed(const char *what)
{
    fprintf(stderr, "utf8_stream: %s\n", what);
    return 1;
}

/* Reads up to n bytes; *last becomes 1 at the end of the file. */
static int read_some(FILE *f, uint8_t *buf, size_t n, size_t *got, int *last)
{
    *got = fread(buf, 1, n, f);
    if (*got < n && ferror(f))
        return failed("read error");
    *last = *got < n;
    return 0;
}

/* UTF-8 in, UTF-16LE out.  in holds the carry (at most 3 bytes) and then
 * up to chunk new bytes; out has room for every unit the call can produce:
 * a capacity of len units always fits. */
static int decode_stream(FILE *f, size_t chunk)
{
    uint8_t *in = malloc(3 + chunk);
    uint16_t *units = malloc((3 + chunk) * sizeof *units);
    uint8_t *out = malloc(2 * (3 + chunk));
    int rc = in && units && out ? 0 : failed("out of memory");
    size_t carry = 0;
    for (int last = 0; rc == 0 && !last;) {
        size_t got = 0;
        rc = read_some(f, in + carry, chunk, &got, &last);
        if (rc != 0)
            break;
        size_t len = carry + got, consumed = 0, written = 0;
        lepack_status st = lepack_utf8_decode_chunk(in, len, last, units, len, &consumed, &written);
        if (st != LEPACK_OK) {
            rc = failed(lepack_strerror(st));
            break;
        }
        for (size_t i = 0; i < written; i++)
            le_store_u16(out + 2 * i, units[i]); /* host order -> little-endian */
        if (fwrite(out, 2, written, stdout) != written)
            rc = failed("write error");
        /* The carry: the bytes after *consumed start a sequence this chunk
         * cut short.  Move them to the front; the next read appends. */
        carry = len - consumed;
        memmove(in, in + consumed, carry);
    }
    free(in);
    free(units);
    free(out);
    return rc;
}

/* UTF-16LE in, UTF-8 out.  The bytes read are whole units plus, when the
 * chunk size is odd, one byte of the next unit, kept like the carry; the
 * units are the carried high surrogate (if any) and then the new ones.  A
 * capacity of 3 bytes per unit always fits. */
static int encode_stream(FILE *f, size_t chunk)
{
    uint8_t *in = malloc(1 + chunk);
    uint16_t *units = malloc((1 + chunk / 2 + 1) * sizeof *units);
    uint8_t *out = malloc(3 * (1 + chunk / 2 + 1));
    int rc = in && units && out ? 0 : failed("out of memory");
    size_t odd = 0, carry = 0;
    for (int last = 0; rc == 0 && !last;) {
        size_t got = 0;
        rc = read_some(f, in + odd, chunk, &got, &last);
        if (rc != 0)
            break;
        size_t bytes = odd + got, n = carry;
        for (size_t i = 0; i + 1 < bytes; i += 2)
            units[n++] = le_load_u16(in + i); /* little-endian -> host order */
        odd = bytes % 2;
        if (odd != 0) {
            in[0] = in[bytes - 1];
            if (last) {
                rc = failed("odd number of bytes: not UTF-16LE");
                break;
            }
        }
        size_t consumed = 0, written = 0;
        lepack_status st = lepack_utf8_encode_chunk(units, n, last, out, 3 * n, &consumed, &written);
        if (st != LEPACK_OK) {
            rc = failed(lepack_strerror(st));
            break;
        }
        if (fwrite(out, 1, written, stdout) != written)
            rc = failed("write error");
        /* The carry: a high surrogate at the end, whose low half may be the
         * next chunk's first unit.  It goes first in the next call. */
        carry = n - consumed;
        if (carry != 0)
            units[0] = units[consumed];
    }
    free(in);
    free(units);
    free(out);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4 || (strcmp(argv[1], "decode") != 0 && strcmp(argv[1], "encode") != 0))
        return failed("usage: utf8_stream decode|encode FILE [CHUNK]");
    size_t chunk = 65536;
    if (argc == 4) {
        char *end = NULL;
        unsigned long c = strtoul(argv[3], &end, 10);
        if (*end != '\0' || c == 0 || c > (1ul << 24))
            return failed("CHUNK: a number of bytes, 1 to 16777216");
        chunk = (size_t)c;
    }
    FILE *f = fopen(argv[2], "rb");
    if (f == NULL)
        return failed("cannot open FILE");
    int rc = argv[1][0] == 'd' ? decode_stream(f, chunk) : encode_stream(f, chunk);
    fclose(f);
    if (fflush(stdout) != 0)
        rc = failed("write error");
    return rc;
}
