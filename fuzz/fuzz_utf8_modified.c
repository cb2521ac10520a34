/* SPDX-License-Identifier: Apache-2.0 */
/* utf8_modified: DataOutput.writeUTF / DataInput.readUTF.
 *
 * Input: a mode byte, then
 *   mode bit 0 set (write): a 2-byte count r, then UTF-16LE units; with
 *   mode bits 1, 2 and 3 all set the units are repeated until there are
 *   min(4 * r, 70000) of them, which reaches bodies over 65535 bytes
 *   (LEPACK_ETOOLONG).  Three bits, not one: such an input costs about 15
 *   times a short one (the reference alone walks 70000 units), and with
 *   one bit a quarter of all inputs were long, which held the harness at a
 *   few hundred runs a second.
 *   mode bit 0 clear (read): the bytes readUTF reads, prefix included.
 *
 * Write: lepack_mutf8_length equals ref's body length; lepack_mutf8_write
 * and lepack_cursor_put_mutf8 into exact-size blocks of total - 1, total
 * and total + 1 bytes give ref's bytes, or LEPACK_ENOSPACE (with total
 * as the size needed) / LEPACK_ETOOLONG with not a byte changed; the body equals ICU's
 * u_strToJavaModifiedUTF8; reading it back gives the units, lone
 * surrogates and U+0000 included.
 * Read: lepack_mutf8_decoded_length and lepack_mutf8_read (exact-size
 * blocks of units - 1, units, units + 1) give ref's status, units (the
 * size needed on LEPACK_ENOSPACE), offset and bytes consumed; ICU's u_strFromJavaModifiedUTF8WithSub (no
 * substitution) accepts the body exactly when ref does, with the same
 * units. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"
#include "ref_utf8.h"
#include "utf8.h"

#include "fuzz_check.h"
#include "fuzz_utf8.h"

static void check_write(const uint16_t *s, size_t n)
{
    size_t total = 0;
    uint8_t *want = fz_arena(0, n * 3 + 2, 0);
    int rst = ref_mutf8_write(s, n, want, n * 3 + 2, &total);
    size_t body = 0;
    FZ_EQ_U(n, "body length status", lepack_mutf8_length(s, n, &body), LEPACK_OK);
    FZ_EQ_U(n, "body length", body + 2, total);

#ifndef FZ_NO_ICU
    if (rst == REF_OK) {
        UErrorCode err = U_ZERO_ERROR;
        int32_t ilen = 0;
        uint8_t *icu = fz_arena(1, body, 0);
        u_strToJavaModifiedUTF8((char *)icu, (int32_t)body, &ilen, (const UChar *)s,
                                (int32_t)n, &err);
        FZ_EQ_U(n, "ICU status", U_SUCCESS(err), 1);
        FZ_EQ_U(n, "ICU body length", (size_t)ilen, body);
        FZ_EQ_BYTES(n, "ICU body against ref's", icu, want + 2, body);
    }
#endif

    /* A body over 65535 bytes is refused whatever the room: one size shows
     * that, and most long inputs are such bodies (70000 units always are),
     * so the two other sizes would only double their cost. */
    size_t last = rst == REF_ETOOLONG ? total - 1 : total + 1;
    for (size_t cap = total - 1; cap <= last; cap++) {
        uint8_t *dst = fz_arena(1, cap, 0xA5);
        size_t written = 7777;
        lepack_status st = lepack_mutf8_write(s, n, dst, cap, &written);
        if (rst == REF_ETOOLONG) {
            FZ_EQ_U(cap, "write status of a long body", st, LEPACK_ETOOLONG);
        } else if (cap >= total) {
            FZ_EQ_U(cap, "write status", st, LEPACK_OK);
            FZ_EQ_U(cap, "written", written, total);
            FZ_EQ_BYTES(cap, "written bytes", dst, want, total);
            if (!fz_all_bytes(dst + total, cap - total, 0xA5))
                FZ_FAIL("cap %zu: writeUTF wrote past %zu bytes", cap, total);
        } else {
            FZ_EQ_U(cap, "write status when one byte short", st, LEPACK_ENOSPACE);
        }
        if (st != LEPACK_OK) {
            FZ_EQ_U(cap, "written after a refusal", written,
                    st == LEPACK_ENOSPACE ? total : 7777);
            if (!fz_all_bytes(dst, cap, 0xA5))
                FZ_FAIL("cap %zu: refused but the buffer changed", cap);
        }

        size_t pos = (n + cap) % 5;
        uint8_t *buf = fz_arena(2, pos + cap, 0x5A);
        lepack_cursor c;
        lepack_cursor_init(&c, buf, pos + cap);
        c.pos = pos;
        lepack_status cst = lepack_cursor_put_mutf8(&c, s, n);
        FZ_EQ_U(cap, "cursor status", cst, st);
        if (st == LEPACK_OK) {
            FZ_EQ_U(cap, "cursor pos", c.pos, pos + total);
            FZ_EQ_BYTES(cap, "cursor bytes", buf + pos, want, total);
        } else {
            FZ_EQ_U(cap, "cursor pos after a refusal", c.pos, pos);
            if (!fz_all_bytes(buf, pos + cap, 0x5A))
                FZ_FAIL("cap %zu: cursor refused but the buffer changed", cap);
        }
    }

    if (rst == REF_OK) {
        /* readUTF gives back exactly the units writeUTF was given. */
        uint16_t *back = fz_arena(1, n * 2, 0);
        size_t units = 0, used = 0, bad = 0;
        FZ_EQ_U(n, "read back status", lepack_mutf8_read(want, total, back, n, &units, &used, &bad),
                LEPACK_OK);
        FZ_EQ_U(n, "read back units", units, n);
        FZ_EQ_U(n, "read back consumed", used, total);
        FZ_EQ_BYTES(n, "read back", back, s, n * 2);
    }
}

static void check_read(const uint8_t *src, size_t len)
{
    size_t units = 0, used = 0, bad = 0;
    uint16_t *want = fz_arena(0, len * 2, 0);
    int rst = ref_mutf8_read(src, len, want, len, &units, &used, &bad);

    size_t n = 5555, nbad = 6666;
    lepack_status st = lepack_mutf8_decoded_length(src, len, &n, &nbad);
    FZ_EQ_U(len, "decoded length status", st, rst);
    if (rst == REF_OK)
        FZ_EQ_U(len, "decoded length", n, units);
    else
        FZ_EQ_U(len, "decoded length untouched", n, 5555);
    FZ_EQ_U(len, "bad offset", nbad, rst == REF_EILLFORMED ? bad : 6666);

#ifndef FZ_NO_ICU
    if (rst != REF_ERANGE) {
        size_t body = (size_t)src[0] * 256 + src[1];
        UErrorCode err = U_ZERO_ERROR;
        int32_t ilen = 0, subs = 0;
        uint16_t *icu = fz_arena(1, body * 2, 0);
        u_strFromJavaModifiedUTF8WithSub((UChar *)icu, (int32_t)body, &ilen,
                                         (const char *)src + 2, (int32_t)body, U_SENTINEL, &subs,
                                         &err);
        FZ_EQ_U(len, "ICU accepts the body", U_SUCCESS(err), rst == REF_OK);
        if (rst == REF_OK) {
            FZ_EQ_U(len, "ICU units", (size_t)ilen, units);
            FZ_EQ_BYTES(len, "ICU units against ref's", icu, want, units * 2);
        }
    }
#endif

    size_t lo = rst == REF_OK && units > 0 ? units - 1 : 0;
    for (size_t cap = lo; cap <= lo + 2; cap++) {
        uint16_t *dst = fz_arena(1, cap * 2, 0xA5);
        size_t got = 7777, consumed = 8888, off = 9999;
        st = lepack_mutf8_read(src, len, dst, cap, &got, &consumed, &off);
        if (rst == REF_OK && cap < units) {
            FZ_EQ_U(cap, "read status when one unit short", st, LEPACK_ENOSPACE);
        } else {
            FZ_EQ_U(cap, "read status", st, rst);
        }
        if (st == LEPACK_OK) {
            FZ_EQ_U(cap, "read units", got, units);
            FZ_EQ_U(cap, "read consumed", consumed, used);
            FZ_EQ_BYTES(cap, "read units", dst, want, units * 2);
            if (!fz_all_bytes(dst + units, (cap - units) * 2, 0xA5))
                FZ_FAIL("cap %zu: readUTF wrote past %zu units", cap, units);
            FZ_EQ_U(cap, "offset untouched", off, 9999);
        } else {
            FZ_EQ_U(cap, "units after a refusal", got, st == LEPACK_ENOSPACE ? units : 7777);
            FZ_EQ_U(cap, "consumed after a refusal", consumed, 8888);
            FZ_EQ_U(cap, "offset", off, st == LEPACK_EILLFORMED ? bad : 9999);
            if (!fz_all_bytes(dst, cap * 2, 0xA5))
                FZ_FAIL("cap %zu: refused but the buffer changed", cap);
        }
    }
}

#ifdef FZ_ASAN
/* A 16 MB quarantine instead of ASan's 256 MB.  The reference allocates a
 * body-sized scratch block per call (up to 210 KB here), and ASan keeps
 * every freed block resident until its quarantine is full: with the
 * default the harness ran at over 300 MB.  What a smaller quarantine gives
 * up is catching a use of memory freed long ago; the functions under test
 * allocate nothing.  ASAN_OPTIONS still overrides it. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "quarantine_size_mb=16";
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    if ((mode & 1) == 0) {
        uint8_t *src = fz_arena(3, size - 1, 0);
        memcpy(src, data + 1, size - 1);
        check_read(src, size - 1);
        return 0;
    }
    if (size < 3)
        return 0;
    size_t r = (size_t)data[1] | (size_t)data[2] << 8;
    size_t n = (size - 3) / 2;
    size_t total = (mode & 0x0e) == 0x0e && n > 0 ? 4 * r : n;
    if (total > 70000)
        total = 70000; /* enough for a body over 65535 bytes */
    uint16_t *s = fz_arena(3, total * 2, 0);
    for (size_t i = 0; i < total && i < n; i++)
        s[i] = (uint16_t)(data[3 + 2 * i] | data[4 + 2 * i] << 8);
    /* The repeats by doubling copies: a division per unit was a visible
     * part of a long input's cost. */
    for (size_t have = n; have > 0 && have < total; have *= 2)
        memcpy(s + have, s, (total - have < have ? total - have : have) * sizeof *s);
    check_write(s, total);
    return 0;
}
