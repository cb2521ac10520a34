/* SPDX-License-Identifier: Apache-2.0 */
/* The shipped fast form (src/le_mem.h, memcpy plus a swap on hosts of the
 * other order) against the proven byte form (src/le_bytes.h).  WP trusts
 * le_mem.h's contracts without seeing its bodies; this test is what ties
 * those bodies to the proven form: every 16-bit value, and a million seeded
 * random 32- and 64-bit values, loads and stores, both orders, at aligned
 * and unaligned addresses. */
#include "test_util.h"

#include "le.h"
#include "le_bytes.h"

#define RANDOM_VALUES 1000000

static void exhaustive_u16(void **state)
{
    (void)state;
    uint8_t fast[4], proven[4];
    for (uint32_t x = 0; x <= UINT16_MAX; x++) {
        uint16_t v = (uint16_t)x;
        for (size_t off = 0; off < 2; off++) {
            memset(fast, 0, sizeof fast);
            memset(proven, 0, sizeof proven);
            le_store_u16(fast + off, v);
            le_bytes_store_u16(proven + off, v);
            if (memcmp(fast, proven, sizeof fast) != 0)
                fail_msg("le_store_u16(0x%04x) at +%zu differs", (unsigned)v, off);
            be_store_u16(fast + off, v);
            be_bytes_store_u16(proven + off, v);
            if (memcmp(fast, proven, sizeof fast) != 0)
                fail_msg("be_store_u16(0x%04x) at +%zu differs", (unsigned)v, off);
            /* Loads: here v is read as a byte pattern, not stored. */
            fast[off] = (uint8_t)(v & 0xFF);
            fast[off + 1] = (uint8_t)(v >> 8);
            if (le_load_u16(fast + off) != le_bytes_load_u16(fast + off))
                fail_msg("le_load_u16 of bytes %02x %02x differs", fast[off], fast[off + 1]);
            if (be_load_u16(fast + off) != be_bytes_load_u16(fast + off))
                fail_msg("be_load_u16 of bytes %02x %02x differs", fast[off], fast[off + 1]);
        }
        /* The pattern read little-endian is the value it was built from. */
        fast[0] = (uint8_t)(v & 0xFF);
        fast[1] = (uint8_t)(v >> 8);
        if (le_load_u16(fast) != v || be_load_u16(fast) != (uint16_t)((v >> 8) | ((v & 0xFFu) << 8)))
            fail_msg("load of 0x%04x gives the wrong value", (unsigned)v);
    }
}

static void random_u32(void **state)
{
    (void)state;
    test_rng r = {0x3232323232323232u};
    uint8_t fast[8], proven[8];
    for (long i = 0; i < RANDOM_VALUES; i++) {
        uint64_t bits = test_rng_next(&r);
        uint32_t v = (uint32_t)bits;
        size_t off = (size_t)(bits >> 32) % 4;
        memset(fast, 0, sizeof fast);
        memset(proven, 0, sizeof proven);
        le_store_u32(fast + off, v);
        le_bytes_store_u32(proven + off, v);
        if (memcmp(fast, proven, sizeof fast) != 0)
            fail_msg("le_store_u32(0x%08lx) at +%zu differs", (unsigned long)v, off);
        if (le_load_u32(fast + off) != le_bytes_load_u32(fast + off) ||
            le_load_u32(fast + off) != v)
            fail_msg("le_load_u32 of 0x%08lx differs", (unsigned long)v);
        be_store_u32(fast + off, v);
        be_bytes_store_u32(proven + off, v);
        if (memcmp(fast, proven, sizeof fast) != 0)
            fail_msg("be_store_u32(0x%08lx) at +%zu differs", (unsigned long)v, off);
        if (be_load_u32(fast + off) != be_bytes_load_u32(fast + off) ||
            be_load_u32(fast + off) != v)
            fail_msg("be_load_u32 of 0x%08lx differs", (unsigned long)v);
    }
}

static void random_u64(void **state)
{
    (void)state;
    test_rng r = {0x6464646464646464u};
    uint8_t fast[16], proven[16];
    for (long i = 0; i < RANDOM_VALUES; i++) {
        uint64_t v = test_rng_next(&r);
        size_t off = (size_t)(v >> 61);
        memset(fast, 0, sizeof fast);
        memset(proven, 0, sizeof proven);
        le_store_u64(fast + off, v);
        le_bytes_store_u64(proven + off, v);
        if (memcmp(fast, proven, sizeof fast) != 0)
            fail_msg("le_store_u64(0x%016llx) at +%zu differs", (unsigned long long)v, off);
        if (le_load_u64(fast + off) != le_bytes_load_u64(fast + off) ||
            le_load_u64(fast + off) != v)
            fail_msg("le_load_u64 of 0x%016llx differs", (unsigned long long)v);
        be_store_u64(fast + off, v);
        be_bytes_store_u64(proven + off, v);
        if (memcmp(fast, proven, sizeof fast) != 0)
            fail_msg("be_store_u64(0x%016llx) at +%zu differs", (unsigned long long)v, off);
        if (be_load_u64(fast + off) != be_bytes_load_u64(fast + off) ||
            be_load_u64(fast + off) != v)
            fail_msg("be_load_u64 of 0x%016llx differs", (unsigned long long)v);
    }
}

/* Random byte patterns for the loads as well: a store-then-load pair could
 * agree with itself while both are wrong, so read bytes nobody stored. */
static void random_loads(void **state)
{
    (void)state;
    test_rng r = {0x10AD10AD10AD10ADu};
    uint8_t bytes[16];
    for (long i = 0; i < RANDOM_VALUES / 4; i++) {
        uint64_t a = test_rng_next(&r), b = test_rng_next(&r);
        for (size_t k = 0; k < 8; k++) {
            bytes[k] = (uint8_t)(a >> (8 * k));
            bytes[8 + k] = (uint8_t)(b >> (8 * k));
        }
        size_t off = (size_t)(b >> 61);
        if (le_load_u32(bytes + off) != le_bytes_load_u32(bytes + off) ||
            be_load_u32(bytes + off) != be_bytes_load_u32(bytes + off) ||
            le_load_u64(bytes + off) != le_bytes_load_u64(bytes + off) ||
            be_load_u64(bytes + off) != be_bytes_load_u64(bytes + off))
            fail_msg("loads differ at pattern %016llx %016llx +%zu",
                     (unsigned long long)a, (unsigned long long)b, off);
    }
    /* The first pattern's value is known independently of both forms. */
    const uint8_t seq[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    assert_true(le_load_u64(seq) == 0x0807060504030201u);
    assert_true(be_load_u64(seq) == 0x0102030405060708u);
    assert_true(le_load_u32(seq) == 0x04030201u);
    assert_true(be_load_u32(seq) == 0x01020304u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exhaustive_u16),
        cmocka_unit_test(random_u32),
        cmocka_unit_test(random_u64),
        cmocka_unit_test(random_loads),
    };
    return cmocka_run_group_tests_name("le_forms", tests, NULL, NULL);
}
