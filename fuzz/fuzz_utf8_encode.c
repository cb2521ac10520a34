/* SPDX-License-Identifier: Apache-2.0 */
/* utf8_encode: String.getBytes(UTF_8) into bounded buffers.
 *
 * Input: one byte whose value mod 8 is a cursor position, then UTF-16LE
 * code units (an odd last byte is ignored), lone surrogates and all.
 *
 * At every vector level: lepack_utf8_length equals ref's length and ICU's;
 * lepack_utf8_encode into exact-size blocks of length - 1, length and
 * length + 1 bytes gives ref's bytes (and ICU's, u_strToUTF8WithSub with
 * '?': the JDK's replacement of an unpaired surrogate) or LEPACK_ENOSPACE
 * with not a byte of the block changed; lepack_cursor_put_utf8 does the
 * same at the cursor position.  Round trip: decoding the bytes gives the
 * input back, each unpaired surrogate as '?'. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"
#include "ref_utf8.h"
#include "utf8.h"

#include "fuzz_check.h"
#include "fuzz_utf8.h"

static void check_encode(const uint16_t *s, size_t n, const uint8_t *want, size_t len)
{
    size_t got = 0;
    FZ_EQ_U(n, "length status", lepack_utf8_length(s, n, &got), LEPACK_OK);
    FZ_EQ_U(n, "length", got, len);

    for (size_t cap = len > 0 ? len - 1 : 0; cap <= len + 1; cap++) {
        uint8_t *dst = fz_block(cap, 0xA5);
        size_t written = 7777;
        lepack_status st = lepack_utf8_encode(s, n, dst, cap, &written);
        if (cap >= len) {
            FZ_EQ_U(cap, "encode status", st, LEPACK_OK);
            FZ_EQ_U(cap, "encode length", written, len);
            FZ_EQ_BYTES(cap, "encoded bytes", dst, want, len);
            if (!fz_all_bytes(dst + len, cap - len, 0xA5))
                FZ_FAIL("cap %zu: encode wrote past its length %zu", cap, len);
        } else {
            FZ_EQ_U(cap, "encode status when one byte short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(cap, "written after ENOSPACE", written, 7777);
            if (!fz_all_bytes(dst, cap, 0xA5))
                FZ_FAIL("cap %zu: ENOSPACE but the buffer changed", cap);
        }
        free(dst);

        /* The same at a cursor that already holds a few bytes. */
        size_t pos = (n * 7 + cap) % 8;
        uint8_t *buf = fz_block(pos + cap, 0x5A);
        lepack_cursor c;
        lepack_cursor_init(&c, buf, pos + cap);
        c.pos = pos;
        st = lepack_cursor_put_utf8(&c, s, n);
        if (cap >= len) {
            FZ_EQ_U(cap, "cursor status", st, LEPACK_OK);
            FZ_EQ_U(cap, "cursor pos", c.pos, pos + len);
            FZ_EQ_BYTES(cap, "cursor bytes", buf + pos, want, len);
            if (!fz_all_bytes(buf, pos, 0x5A) || !fz_all_bytes(buf + pos + len, cap - len, 0x5A))
                FZ_FAIL("cap %zu: cursor wrote outside [pos, pos + %zu)", cap, len);
        } else {
            FZ_EQ_U(cap, "cursor status when one byte short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(cap, "cursor pos after ENOSPACE", c.pos, pos);
            if (!fz_all_bytes(buf, pos + cap, 0x5A))
                FZ_FAIL("cap %zu: cursor ENOSPACE but the buffer changed", cap);
        }
        free(buf);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t n = (size - 1) / 2;
    uint16_t *s = fz_block(n * 2, 0);
    for (size_t i = 0; i < n; i++)
        s[i] = (uint16_t)(data[1 + 2 * i] | data[2 + 2 * i] << 8);

    size_t len = 0;
    uint8_t *want = fz_block(n * 4, 0);
    if (ref_utf8_encode(s, n, want, n * 4, &len) != REF_OK)
        FZ_FAIL("ref could not encode %zu units", n);

#ifndef FZ_NO_ICU
    {
        int ok;
        uint8_t *icu = fz_block(len, 0);
        int32_t ilen = fz_icu_encode(s, n, icu, (int32_t)len, &ok);
        FZ_EQ_U(n, "ICU status", ok, 1);
        FZ_EQ_U(n, "ICU length", (size_t)ilen, len);
        FZ_EQ_BYTES(n, "ref bytes against ICU's", want, icu, len);
        free(icu);
    }
#endif

    int best = fz_best_level();
    for (int level = LEPACK_VEC_NONE; level <= best; level++) {
        lepack_vec_select(level);
        check_encode(s, n, want, len);
    }
    lepack_vec_select(-1);

    /* Back again: each unpaired surrogate comes back as '?'. */
    uint16_t *expect = fz_block(n * 2, 0);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint16_t u = s[i];
        int high = u >= 0xD800 && u <= 0xDBFF, low = u >= 0xDC00 && u <= 0xDFFF;
        if (high && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
            expect[k++] = u;
            expect[k++] = s[++i];
        } else {
            expect[k++] = high || low ? 0x3F : u;
        }
    }
    uint16_t *back = fz_block(len * 2, 0);
    size_t units = 0;
    FZ_EQ_U(n, "decode of the encoding", lepack_utf8_decode(want, len, back, len, &units),
            LEPACK_OK);
    FZ_EQ_U(n, "round trip length", units, k);
    FZ_EQ_BYTES(n, "round trip units", back, expect, k * 2);
    free(back);
    free(expect);
    free(want);
    free(s);
    return 0;
}
