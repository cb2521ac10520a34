/* SPDX-License-Identifier: Apache-2.0 */
/* The bug Ignite's GridUnsafe code had, made visible.
 *
 * GridUnsafe.putInt/putLong over a byte[] store the host's own byte order.
 * The "raw" packing below does the same thing in C: a memcpy of the host
 * integer into the buffer.  On one host it round-trips perfectly, which is
 * why the bug never showed in a single-architecture test; across hosts of
 * different byte order the same items become different bytes.
 *
 * Usage: raw_native OUT
 * Writes to OUT the items of items.h as lines "item PART INIT UPDATES",
 * then "raw HEX" and "lepack HEX" with their packed bytes, and checks what
 * one host can: lepack's bytes are the literal expected bytes, raw bytes
 * equal them exactly when the host is little-endian, and each form reads
 * back its own items.  tests/be/cross.sh
 * then compares OUT from two hosts: raw must differ, lepack must match. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "counters.h"
#include "items.h"

#define RAW_BYTES (WIRE_ITEMS * LEPACK_ITEM_SIZE)

/* The Unsafe-style packing: host order, no bounds check. */
static void raw_pack(uint8_t *data)
{
    for (size_t i = 0; i < WIRE_ITEMS; i++) {
        uint8_t *item = data + i * LEPACK_ITEM_SIZE;
        memcpy(item + LEPACK_ITEM_PARTITION, &wire_items[i].partition, 4);
        memcpy(item + LEPACK_ITEM_INITIAL_COUNTER, &wire_items[i].initial_counter, 8);
        memcpy(item + LEPACK_ITEM_UPDATES_COUNT, &wire_items[i].updates_count, 8);
    }
}

static int raw_reads_back(const uint8_t *data)
{
    for (size_t i = 0; i < WIRE_ITEMS; i++) {
        const uint8_t *item = data + i * LEPACK_ITEM_SIZE;
        int32_t p;
        int64_t ic, uc;
        memcpy(&p, item + LEPACK_ITEM_PARTITION, 4);
        memcpy(&ic, item + LEPACK_ITEM_INITIAL_COUNTER, 8);
        memcpy(&uc, item + LEPACK_ITEM_UPDATES_COUNT, 8);
        if (p != wire_items[i].partition || ic != wire_items[i].initial_counter ||
            uc != wire_items[i].updates_count)
            return 0;
    }
    return 1;
}

static void write_hex(FILE *f, const char *label, const uint8_t *b, size_t n)
{
    fprintf(f, "%s ", label);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", b[i]);
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: raw_native OUT\n");
        return 2;
    }
    uint8_t golden[RAW_BYTES];
    for (size_t i = 0; i < WIRE_ITEMS; i++)
        be_unhex(wire_items[i].hex, golden + i * LEPACK_ITEM_SIZE, LEPACK_ITEM_SIZE);

    uint8_t raw[RAW_BYTES];
    raw_pack(raw);

    lepack_counters m;
    uint8_t packed[RAW_BYTES];
    size_t written = 0;
    BE_CHECK_EQ(lepack_counters_init(&m, 1, 0), LEPACK_OK);
    for (size_t i = 0; i < WIRE_ITEMS; i++)
        BE_CHECK_EQ(lepack_counters_add(&m, wire_items[i].partition,
                                        wire_items[i].initial_counter,
                                        wire_items[i].updates_count),
                    LEPACK_OK);
    BE_CHECK_EQ(lepack_counters_encode(&m, packed, sizeof packed, &written), LEPACK_OK);
    BE_CHECK_EQ(written, RAW_BYTES);
    BE_CHECK_BYTES(packed, golden, RAW_BYTES);

    /* Raw packing is self-consistent on any one host... */
    BE_CHECK(raw_reads_back(raw));
    /* ...and matches the wire form only by the luck of a little-endian host. */
    int raw_is_wire = memcmp(raw, golden, RAW_BYTES) == 0;
    BE_CHECK_EQ(raw_is_wire, !be_host_is_big_endian());

    /* lepack reads its own bytes back on every host. */
    lepack_counters d;
    BE_CHECK_EQ(lepack_counters_init(&d, 1, 0), LEPACK_OK);
    BE_CHECK_EQ(lepack_counters_decode(&d, packed, sizeof packed), LEPACK_OK);
    for (size_t i = 0; i < WIRE_ITEMS; i++) {
        int32_t p = 0;
        int64_t ic = 0;
        BE_CHECK_EQ(lepack_counters_partition(&d, i, &p), LEPACK_OK);
        BE_CHECK_EQ(lepack_counters_initial_counter(&d, i, &ic), LEPACK_OK);
        BE_CHECK(p == wire_items[i].partition);
        BE_CHECK(ic == wire_items[i].initial_counter);
    }
    lepack_counters_free(&d);
    lepack_counters_free(&m);

    FILE *f = fopen(argv[1], "w");
    BE_CHECK(f != NULL);
    if (f != NULL) {
        for (size_t i = 0; i < WIRE_ITEMS; i++)
            fprintf(f, "item %" PRId32 " %" PRId64 " %" PRId64 "\n", wire_items[i].partition,
                    wire_items[i].initial_counter, wire_items[i].updates_count);
        write_hex(f, "raw", raw, RAW_BYTES);
        write_hex(f, "lepack", packed, RAW_BYTES);
        BE_CHECK(fclose(f) == 0);
    }
    printf("raw_native: host %s-endian, raw bytes %s the wire form\n",
           be_host_is_big_endian() ? "big" : "little", raw_is_wire ? "equal" : "differ from");
    return be_check_summary("raw_native");
}
