/* SPDX-License-Identifier: Apache-2.0 */
#include "ref_zero.h"

#include "ref.h"

int ref_zero(uint8_t *p, size_t n, size_t chunk, size_t stop_at, size_t *done,
             size_t *polls, size_t *offsets, size_t max_offsets)
{
    *polls = 0;
    if (chunk == 0)
        return REF_EINVAL;
    if (n > 0 && p == NULL)
        return REF_EINVAL;
    /* The last byte's address, p + n - 1, must not pass UINTPTR_MAX: the
     * same question as lepack's, asked from the other end. */
    if (n > 0 && n - 1 > UINTPTR_MAX - (uintptr_t)p)
        return REF_EINVAL;
    if (n > 0 && (uintptr_t)p + (n - 1) == UINTPTR_MAX)
        return REF_EINVAL; /* p + n itself would wrap to 0 */
    size_t since_poll = 0;
    for (size_t i = 0; i < n; i++) {
        p[i] = 0;
        since_poll++;
        if (since_poll == chunk && i + 1 < n) {
            since_poll = 0;
            if (*polls < max_offsets)
                offsets[*polls] = i + 1;
            *polls += 1;
            if (*polls == stop_at) {
                *done = i + 1;
                return REF_ESTOPPED;
            }
        }
    }
    *done = n;
    return REF_OK;
}

size_t ref_zero_next_chunk(size_t chunk, uint64_t elapsed, uint64_t budget_ns)
{
    uint64_t target = (budget_ns < ((uint64_t)1 << 32) ? budget_ns : (uint64_t)1 << 32) / 4;
    if (target == 0)
        target = 1;
    /* chunk <= 2^26 and target <= 2^31: the product fits in 64 bits */
    uint64_t next = (uint64_t)chunk * (elapsed <= target / 8 ? 4 : 2);
    if (elapsed > 0) {
        uint64_t scaled = (uint64_t)chunk * target / elapsed;
        if (scaled < next)
            next = scaled;
    }
    next -= next % 4096;
    if (next > ((uint64_t)64 << 20))
        next = (uint64_t)64 << 20;
    if (next < 4096)
        next = 4096;
    return (size_t)next;
}
