/* SPDX-License-Identifier: Apache-2.0 */
/* counters_decode: arbitrary bytes as a wire message.  Either the length is
 * not a multiple of 20 and decode says LEPACK_EBADLEN (and nothing else), or
 * decode accepts, encode gives the same bytes back, and every field read
 * equals the reference decoder's.  A second decode of a prefix into the same
 * message checks that a message is reused without leftovers.
 *
 * The message decoded into starts at several capacities, so that decode has
 * to grow from each side of the input's item count n: 0 (no block yet), 1,
 * n - 1, n, n + 1, and one taken from the input itself (its first byte,
 * modulo 2n + 2), so that the fuzzer can move it.  The input is the wire
 * message alone; which capacities are tried follows from it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "ref.h"

#include "fuzz_check.h"

static void check_decoded(const char *what, lepack_counters *m, const uint8_t *src, size_t len)
{
    ref_counters rm;
    ref_init(&rm, 42);
    FZ_EQ_U(0, what, lepack_counters_decode(m, src, len), ref_decode(&rm, src, len));
    FZ_EQ_U(0, "size", lepack_counters_size(m), len / LEPACK_ITEM_SIZE);
    FZ_EQ_I(0, "cache id kept", lepack_counters_cache_id(m), 42);

    /* Exactly len bytes, so that ASan sees an overrun. */
    uint8_t *out = malloc(len > 0 ? len : 1);
    if (out == NULL)
        abort();
    size_t written = 0;
    FZ_EQ_U(0, "encode status", lepack_counters_encode(m, out, len, &written), LEPACK_OK);
    FZ_EQ_U(0, "encode length", written, len);
    FZ_EQ_BYTES(0, "encode gives the decoded bytes back", out, src, len);
    if (len > 0) {
        written = 0;
        FZ_EQ_U(0, "encode into one byte less", lepack_counters_encode(m, out, len - 1, &written),
                LEPACK_ENOSPACE);
        FZ_EQ_U(0, "encode's size needed", written, len);
    }
    free(out);

    for (size_t i = 0; i < rm.size; i++) {
        int32_t part = 0;
        int64_t init = 0, upd = 0;
        lepack_counters_partition(m, i, &part);
        lepack_counters_initial_counter(m, i, &init);
        lepack_counters_updates_count(m, i, &upd);
        FZ_EQ_I(i, "partition", part, rm.items[i].partition);
        FZ_EQ_I(i, "initial counter", init, rm.items[i].initial_counter);
        FZ_EQ_I(i, "updates count", upd, rm.items[i].updates_count);
    }
    ref_free(&rm);
}

/* One decode of the input into a message that starts with room for
 * `capacity` items and, when it has room, one item already in it. */
static void decode_from(const uint8_t *data, size_t size, size_t capacity)
{
    lepack_counters m;
    if (lepack_counters_init(&m, 42, capacity) != LEPACK_OK)
        abort();
    size_t before = 0;
    if (capacity > 0) {
        if (lepack_counters_add(&m, 7, 8, 9) != LEPACK_OK)
            abort();
        before = 1;
    }

    lepack_status st = lepack_counters_decode(&m, data, size);
    if (size % LEPACK_ITEM_SIZE != 0) {
        FZ_EQ_U(capacity, "decode of a partial item", st, LEPACK_EBADLEN);
        int32_t part = 0;
        FZ_EQ_U(capacity, "size after refused decode", lepack_counters_size(&m), before);
        if (before > 0) {
            lepack_counters_partition(&m, 0, &part);
            FZ_EQ_I(capacity, "item after refused decode", part, 7);
        }
        /* The whole items of the input still decode. */
        size_t whole = size - size % LEPACK_ITEM_SIZE;
        check_decoded("decode of the whole items", &m, data, whole);
    } else {
        FZ_EQ_U(capacity, "decode of whole items", st, LEPACK_OK);
        check_decoded("decode", &m, data, size);
        size_t half = size / 2 - size / 2 % LEPACK_ITEM_SIZE;
        check_decoded("decode of a prefix into a used message", &m, data, half);
        check_decoded("decode again", &m, data, size);
    }
    lepack_counters_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n = size / LEPACK_ITEM_SIZE;
    size_t from_input = size > 0 ? data[0] % (2 * n + 2) : 0;
    const size_t starts[6] = {0, 1, n > 0 ? n - 1 : 0, n, n + 1, from_input};
    for (size_t i = 0; i < 6; i++) {
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= starts[j] == starts[i];
        if (!seen)
            decode_from(data, size, starts[i]);
    }
    return 0;
}
