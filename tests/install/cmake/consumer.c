/* SPDX-License-Identifier: Apache-2.0 */
/* One UTF-8 call and the counters message through the umbrella header,
 * built by CMake against an installed lepack (tests/install/cmake). */
#include <lepack/lepack.h>

#include <stdio.h>
#include <string.h>

static int fail(const char *what)
{
    fprintf(stderr, "cmake consumer: %s\n", what);
    return 1;
}

int main(void)
{
    if (strcmp(lepack_version(), LEPACK_VERSION_STRING) != 0)
        return fail("library and header versions differ");

    /* "A", U+1F600 as a surrogate pair, an unpaired high surrogate: Java's
     * getBytes(UTF_8) gives the pair as four bytes and '?' for the lone one. */
    const uint16_t text[] = {0x41, 0xD83D, 0xDE00, 0xD800};
    const uint8_t java[] = {0x41, 0xF0, 0x9F, 0x98, 0x80, 0x3F};
    uint8_t utf8[16];
    size_t written = 0;
    if (lepack_utf8_encode(text, 4, utf8, sizeof utf8, &written) != LEPACK_OK ||
        written != sizeof java || memcmp(utf8, java, sizeof java) != 0)
        return fail("lepack_utf8_encode");

    lepack_counters m;
    int64_t next = 0;
    uint8_t wire[LEPACK_ITEM_SIZE];
    if (lepack_counters_init(&m, 7, 0) != LEPACK_OK ||
        lepack_counters_add(&m, 3, 41, 5) != LEPACK_OK ||
        lepack_counters_next_counter(&m, 3, &next) != LEPACK_OK || next != 42 ||
        lepack_counters_encode(&m, wire, sizeof wire, &written) != LEPACK_OK ||
        written != LEPACK_ITEM_SIZE || le_load_i32(wire) != 3 || le_load_i64(wire + 4) != 41 ||
        le_load_i64(wire + 12) != 5)
        return fail("counters");
    lepack_counters_free(&m);
    printf("cmake consumer (C): lepack %s ok\n", lepack_version());
    return 0;
}
