// SPDX-License-Identifier: Apache-2.0
// The umbrella header from C++, linked with the static target (whose link
// language CMake must take as C: the library needs no C++ runtime).
#include <lepack/lepack.h>

#include <cstdio>
#include <cstring>

int main()
{
    const uint16_t text[] = {0x63, 0xE9}; // "cé"
    uint8_t utf8[8];
    size_t written = 0;
    lepack_counters m;
    int64_t next = 0;
    if (std::strcmp(lepack_version(), LEPACK_VERSION_STRING) != 0 ||
        lepack_utf8_encode(text, 2, utf8, sizeof utf8, &written) != LEPACK_OK || written != 3 ||
        utf8[1] != 0xC3 || utf8[2] != 0xA9 || lepack_counters_init(&m, 1, 4) != LEPACK_OK ||
        lepack_counters_add(&m, -1, INT64_MAX, 0) != LEPACK_OK ||
        lepack_counters_next_counter(&m, -1, &next) != LEPACK_OK || next != INT64_MIN) {
        std::fprintf(stderr, "cmake consumer (C++): failed\n");
        return 1;
    }
    lepack_counters_free(&m);
    std::printf("cmake consumer (C++): lepack %s ok\n", lepack_version());
    return 0;
}
