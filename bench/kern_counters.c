/* SPDX-License-Identifier: Apache-2.0 */
/* The message's own append path, growth included. */
#include "counters.h"

#include "kernels.h"

int bench_counters_grow(size_t n)
{
    lepack_counters m;
    lepack_status st = lepack_counters_init(&m, 1, 0);
    if (st != LEPACK_OK)
        return (int)st;
    for (size_t i = 0; i < n && st == LEPACK_OK; i++)
        st = lepack_counters_add(&m, (int32_t)i, (int64_t)i * 10, (int64_t)i * 100);
    if (st == LEPACK_OK && lepack_counters_size(&m) != n)
        st = LEPACK_ERANGE;
    lepack_counters_free(&m);
    return (int)st;
}
