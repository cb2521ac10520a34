/* SPDX-License-Identifier: Apache-2.0 */
/* Java strings (UTF-16 code units) to UTF-8 and back, one-shot: the JDK's
 * lenient conversions, the strict ones that name the first bad unit or byte,
 * and preflighting (ask for the size, allocate, convert).
 *
 *   cc -std=c11 utf8.c $(pkg-config --cflags --libs lepack) -o utf8
 *
 * One-shot means a call does all of its work or none: on any error no byte
 * of the destination has changed.  The expected output is at the end of
 * this file (make test-install compares it). */
#include <lepack/status.h>
#include <lepack/utf8.h>

#include <stdio.h>
#include <stdlib.h>

static void print_bytes(const char *title, const uint8_t *b, size_t n)
{
    printf("%s (%zu bytes):", title, n);
    for (size_t i = 0; i < n; i++)
        printf(" %02x", b[i]);
    printf("\n");
}

static void print_units(const char *title, const uint16_t *u, size_t n)
{
    printf("%s (%zu units):", title, n);
    for (size_t i = 0; i < n; i++)
        printf(" %04x", u[i]);
    printf("\n");
}

/* String.getBytes(UTF_8) into a buffer of the exact size: preflight with
 * lepack_utf8_length, or, as here, with the encode call itself: too small a
 * buffer (capacity 0 is fine) gives LEPACK_ENOSPACE and the size needed. */
static int encode_lenient(const uint16_t *s, size_t n)
{
    size_t need = 0;
    lepack_status st = lepack_utf8_encode(s, n, NULL, 0, &need);
    if (st != LEPACK_OK && st != LEPACK_ENOSPACE) /* LEPACK_EOVERFLOW: absurd n */
        return 1;
    uint8_t *bytes = malloc(need > 0 ? need : 1);
    if (bytes == NULL)
        return 1;
    size_t written = 0;
    st = lepack_utf8_encode(s, n, bytes, need, &written);
    if (st == LEPACK_OK)
        print_bytes("getBytes(UTF_8)", bytes, written);
    free(bytes);
    return st != LEPACK_OK;
}

/* The same refusing unpaired surrogates, as a CharsetEncoder set to
 * REPORT would: the index of the first one. */
static void encode_strict(const uint16_t *s, size_t n)
{
    uint8_t bytes[64];
    size_t written = 0, bad = 0;
    lepack_status st = lepack_utf8_encode_strict(s, n, bytes, sizeof bytes, &written, &bad);
    if (st == LEPACK_EILLFORMED)
        printf("strict encode: %s, unpaired surrogate at index %zu\n", lepack_status_name(st), bad);
    else if (st == LEPACK_OK)
        print_bytes("strict encode", bytes, written);
}

/* new String(bytes, UTF_8): each ill-formed sequence becomes one U+FFFD.
 * A capacity of len units always fits, so no preflight is needed; the exact
 * count is lepack_utf8_decoded_length's. */
static int decode_lenient(const uint8_t *b, size_t len)
{
    size_t units = 0;
    lepack_utf8_decoded_length(b, len, &units); /* always LEPACK_OK */
    uint16_t *text = malloc((units > 0 ? units : 1) * sizeof *text);
    if (text == NULL)
        return 1;
    size_t written = 0;
    lepack_status st = lepack_utf8_decode(b, len, text, units, &written);
    if (st == LEPACK_OK)
        print_units("new String(bytes, UTF_8)", text, written);
    free(text);
    return st != LEPACK_OK;
}

/* Strict decoding: the byte offset of the first ill-formed sequence. */
static void decode_strict(const uint8_t *b, size_t len)
{
    uint16_t text[64];
    size_t written = 0, bad = 0;
    lepack_status st = lepack_utf8_decode_strict(b, len, text, 64, &written, &bad);
    if (st == LEPACK_EILLFORMED)
        printf("strict decode: %s at byte offset %zu\n", lepack_status_name(st), bad);
    else if (st == LEPACK_OK)
        print_units("strict decode", text, written);
}

int main(void)
{
    /* "é", U+1F600 as a surrogate pair, then a high surrogate alone. */
    const uint16_t java[] = {0x00E9, 0xD83D, 0xDE00, 0xD800};
    if (encode_lenient(java, 4) != 0)
        return 1;
    encode_strict(java, 4);
    encode_strict(java, 3);

    /* Too small a buffer: nothing written, and the size needed reported. */
    uint8_t small[2] = {0xAA, 0xAA};
    size_t need = 0;
    lepack_status st = lepack_utf8_encode(java, 3, small, sizeof small, &need);
    printf("encode into 2 bytes: %s, %zu needed, buffer still %02x %02x\n",
           lepack_status_name(st), need, small[0], small[1]);

    /* "a", an overlong "/" (C0 AF: ill-formed), "b". */
    const uint8_t bytes[] = {0x61, 0xC0, 0xAF, 0x62};
    if (decode_lenient(bytes, sizeof bytes) != 0)
        return 1;
    decode_strict(bytes, sizeof bytes);
    const uint8_t good[] = {0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80};
    decode_strict(good, sizeof good);
    return 0;
}

/* Output:
getBytes(UTF_8) (7 bytes): c3 a9 f0 9f 98 80 3f
strict encode: EILLFORMED, unpaired surrogate at index 3
strict encode (6 bytes): c3 a9 f0 9f 98 80
encode into 2 bytes: ENOSPACE, 6 needed, buffer still aa aa
new String(bytes, UTF_8) (4 units): 0061 fffd fffd 0062
strict decode: EILLFORMED at byte offset 1
strict decode (3 units): 00e9 d83d de00
*/
