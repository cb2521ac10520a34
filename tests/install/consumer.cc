// SPDX-License-Identifier: Apache-2.0
// A C++ program using an installed lepack the way a user would: headers as
// <lepack/...>, flags from pkg-config, linked statically or dynamically.
// It fails to link if a header lacks its extern "C" guard.
#include <lepack/counters.h>
#include <lepack/cursor.h>
#include <lepack/le.h>
#include <lepack/span.h>
#include <lepack/status.h>
#include <lepack/version.h>

#include <cstdio>
#include <cstring>

static int fail(const char *what)
{
    std::fprintf(stderr, "consumer: %s\n", what);
    return 1;
}

int main()
{
    if (std::strcmp(lepack_version(), LEPACK_VERSION_STRING) != 0)
        return fail("library and header versions differ");
    if (std::strcmp(lepack_status_name(LEPACK_EBADLEN), "EBADLEN") != 0)
        return fail("lepack_status_name");
    lepack_counters m;
    if (lepack_counters_init(&m, 7, 0) != LEPACK_OK ||
        lepack_counters_add(&m, -1, 2, INT64_MAX) != LEPACK_OK)
        return fail("init/add");
    uint8_t wire[LEPACK_ITEM_SIZE];
    size_t n = 0;
    if (lepack_counters_encode(&m, wire, sizeof wire, &n) != LEPACK_OK || n != sizeof wire)
        return fail("encode");
    /* The inline getters and the batch API, compiled as C++. */
    lepack_counters_item items[2] = {{5, 6, 7}, {8, 9, 10}}, back[3];
    int32_t p0 = 0;
    if (lepack_counters_add_items(&m, items, 2) != LEPACK_OK || lepack_counters_size(&m) != 3 ||
        lepack_counters_get_items(&m, 0, back, 3) != LEPACK_OK || back[2].updates_count != 10 ||
        lepack_counters_partition(&m, 1, &p0) != LEPACK_OK || p0 != 5)
        return fail("add_items/get_items/getters");
    const uint8_t *w = lepack_counters_wire(&m, &n);
    lepack_const_span s = lepack_const_span_of(w, n, LEPACK_ITEM_SIZE);
    if (s.count != 3 || le_load_i64(lepack_const_span_at(s, 2) + 4) != 9)
        return fail("span");
    lepack_counters_free(&m);
    uint32_t part = 0;
    if (le_get_u32(wire, n, 0, &part) != LEPACK_OK || part != 0xffffffffu ||
        be_load_u8(wire + 12) != 0xff || wire[19] != 0x7f)
        return fail("wire bytes");
    std::printf("consumer: lepack %s ok\n", lepack_version());
    return 0;
}
