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
 * message alone; which capacities are tried follows from it.
 *
 * The same bytes are then Ignite's data field with a size field beside it
 * (lepack_counters_decode_sized): sizes that agree with the length, that
 * leave spare bytes, that ask for more than the bytes hold, negative ones
 * and ones whose product with 20 wraps a Java int, plus the input's first
 * four bytes read as a little-endian int32, so that the fuzzer steers one.
 * Status and items must be the reference's, a refused size must leave the
 * message as it was, the decode must read only the first size * 20 bytes
 * (it gets a copy of exactly those, so ASan sees any read past them, and a
 * refused size gets none at all), and the three fields written back
 * (lepack_counters_encode_fields) must be the reference's bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "ref.h"

#include "fuzz_check.h"

/* A message with room for `capacity` items and, when it has room, one
 * item (7, 8, 9) already in it; returns how many items it holds. */
static size_t start_message(lepack_counters *m, size_t capacity)
{
    if (lepack_counters_init(m, 42, capacity) != LEPACK_OK)
        abort();
    if (capacity == 0)
        return 0;
    if (lepack_counters_add(m, 7, 8, 9) != LEPACK_OK)
        abort();
    return 1;
}

/* After a refused decode the message is as start_message left it. */
static void check_refused(size_t step, const lepack_counters *m, size_t before)
{
    FZ_EQ_U(step, "size after a refused decode", lepack_counters_size(m), before);
    if (before > 0) {
        int32_t part = 0;
        lepack_counters_partition(m, 0, &part);
        FZ_EQ_I(step, "item after a refused decode", part, 7);
    }
}

/* Every field of every item of m equals the reference's. */
static void check_items(const lepack_counters *m, const ref_counters *rm)
{
    FZ_EQ_U(0, "item count", lepack_counters_size(m), rm->size);
    for (size_t i = 0; i < rm->size; i++) {
        int32_t part = 0;
        int64_t init = 0, upd = 0;
        lepack_counters_partition(m, i, &part);
        lepack_counters_initial_counter(m, i, &init);
        lepack_counters_updates_count(m, i, &upd);
        FZ_EQ_I(i, "partition", part, rm->items[i].partition);
        FZ_EQ_I(i, "initial counter", init, rm->items[i].initial_counter);
        FZ_EQ_I(i, "updates count", upd, rm->items[i].updates_count);
    }
}

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

    check_items(m, &rm);
    ref_free(&rm);
}

/* One decode of the input into a message that starts with room for
 * `capacity` items and, when it has room, one item already in it. */
static void decode_from(const uint8_t *data, size_t size, size_t capacity)
{
    lepack_counters m;
    size_t before = start_message(&m, capacity);

    lepack_status st = lepack_counters_decode(&m, data, size);
    if (size % LEPACK_ITEM_SIZE != 0) {
        FZ_EQ_U(capacity, "decode of a partial item", st, LEPACK_EBADLEN);
        check_refused(capacity, &m, before);
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

/* A byte block of exactly n bytes (n may be 0: then no byte is readable),
 * holding data[0 .. n). */
static uint8_t *exact_copy(const uint8_t *data, size_t n)
{
    uint8_t *p = malloc(n > 0 ? n : 1);
    if (p == NULL)
        abort();
    if (n > 0)
        memcpy(p, data, n);
    else
        FZ_POISON(p, 1);
    return p;
}

static void free_copy(uint8_t *p)
{
    FZ_UNPOISON(p, 1);
    free(p);
}

/* encode_fields of m against the reference's bytes for the same items,
 * into exactly the bytes needed and into one fewer. */
static void check_fields(int32_t field, const lepack_counters *m, const ref_counters *rm)
{
    size_t need = 0, rneed = 0;
    FZ_EQ_U((size_t)field, "fields: status of the size query",
            lepack_counters_encode_fields(m, NULL, 0, &need), LEPACK_ENOSPACE);
    FZ_EQ_U((size_t)field, "fields: reference status", ref_encode_fields(rm, NULL, 0, &rneed),
            REF_ENOSPACE);
    FZ_EQ_U((size_t)field, "fields: length", need, rneed);
    uint8_t *got = malloc(need), *want = malloc(need);
    if (got == NULL || want == NULL)
        abort();
    size_t written = 0;
    FZ_EQ_U((size_t)field, "fields: status", lepack_counters_encode_fields(m, got, need, &written),
            LEPACK_OK);
    FZ_EQ_U((size_t)field, "fields: written", written, need);
    FZ_EQ_U((size_t)field, "fields: reference", ref_encode_fields(rm, want, need, &rneed), REF_OK);
    FZ_EQ_BYTES((size_t)field, "fields: bytes", got, want, need);
    memset(got, 0xa5, need);
    FZ_EQ_U((size_t)field, "fields: one byte short",
            lepack_counters_encode_fields(m, got, need - 1, &written), LEPACK_ENOSPACE);
    FZ_EQ_U((size_t)field, "fields: size reported when short", written, need);
    for (size_t k = 0; k < need; k++)
        FZ_EQ_U(k, "fields: nothing written when short", got[k], 0xa5);
    free(got);
    free(want);
}

/* The data field data[0 .. len) with the size field `field`, decoded into a
 * message with room for `capacity` items (one item in it when there is
 * room), against the reference. */
static void decode_sized_from(const uint8_t *data, size_t len, int32_t field, size_t capacity)
{
    lepack_counters m;
    size_t before = start_message(&m, capacity);
    ref_counters rm;
    ref_init(&rm, 42);
    int want = ref_decode_sized(&rm, data, len, field);
    size_t readable = want == REF_OK ? (size_t)field * LEPACK_ITEM_SIZE : 0;
    uint8_t *src = exact_copy(data, readable);
    lepack_status st = lepack_counters_decode_sized(&m, src, len, field);
    free_copy(src);
    FZ_EQ_U((size_t)field, "decode_sized status", st, want);
    if (st != LEPACK_OK) {
        check_refused((size_t)field, &m, before);
    } else {
        FZ_EQ_I((size_t)field, "cache id kept", lepack_counters_cache_id(&m), 42);
        check_items(&m, &rm);
        check_fields(field, &m, &rm);
    }
    ref_free(&rm);
    lepack_counters_free(&m);
}

/* The size fields tried on every input, around n whole items. */
static void sized_fields(const uint8_t *data, size_t len)
{
    int32_t n = len / LEPACK_ITEM_SIZE > INT32_MAX ? INT32_MAX : (int32_t)(len / LEPACK_ITEM_SIZE);
    int32_t from_input = INT32_MIN;
    if (len >= 4)
        from_input = (int32_t)(uint32_t)(data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
                                         (uint32_t)data[3] << 24);
    const int32_t fields[] = {0, n > 0 ? n - 1 : 0, n, n < INT32_MAX ? n + 1 : n, -1, INT32_MIN,
                              INT32_MAX, 107374183, 214748365, from_input};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        decode_sized_from(data, len, fields[i], 0);
        decode_sized_from(data, len, fields[i], 1);
    }
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
    sized_fields(data, size);
    return 0;
}
