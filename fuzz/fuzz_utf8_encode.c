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
 * with not a byte of the block changed and the length as the size needed;
 * lepack_cursor_put_utf8 does the same at the cursor position.  Strict:
 * lepack_utf16_validate and lepack_utf8_encode_strict give ref's verdict and
 * index, and refuse without writing.  Streaming: lepack_utf8_encode_chunk
 * over chunks of random sizes (a pair cut between chunks among them) gives
 * the same bytes, keeping back at most a high surrogate.  Round trip: decoding the bytes gives the
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
            FZ_EQ_U(cap, "size needed after ENOSPACE", written, len);
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

static void check_strict(const uint16_t *s, size_t n, const uint8_t *want, size_t len)
{
    size_t ref_bad = 0, bad = 9999;
    int valid = ref_utf16_validate(s, n, &ref_bad) == REF_OK;
    lepack_status st = lepack_utf16_validate(s, n, &bad);
    FZ_EQ_U(n, "UTF-16 validate status", st, valid ? LEPACK_OK : LEPACK_EILLFORMED);
    FZ_EQ_U(n, "UTF-16 validate index", bad, valid ? 9999 : ref_bad);
    for (size_t cap = len > 0 ? len - 1 : 0; cap <= len; cap++) {
        uint8_t *dst = fz_block(cap, 0xA5);
        size_t written = 7777;
        bad = 9999;
        st = lepack_utf8_encode_strict(s, n, dst, cap, &written, &bad);
        if (!valid) {
            FZ_EQ_U(cap, "strict status", st, LEPACK_EILLFORMED);
            FZ_EQ_U(cap, "strict index", bad, ref_bad);
            FZ_EQ_U(cap, "strict written after EILLFORMED", written, 7777);
        } else if (cap >= len) {
            FZ_EQ_U(cap, "strict status", st, LEPACK_OK);
            FZ_EQ_U(cap, "strict length", written, len);
            FZ_EQ_BYTES(cap, "strict bytes", dst, want, len);
            FZ_EQ_U(cap, "strict index untouched", bad, 9999);
        } else {
            FZ_EQ_U(cap, "strict status when one byte short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(cap, "strict size needed", written, len);
        }
        if (st != LEPACK_OK && !fz_all_bytes(dst, cap, 0xA5))
            FZ_FAIL("cap %zu: strict refusal but the buffer changed", cap);
        free(dst);
    }
}

/* The units cut into chunks: each call gets the units the previous one kept
 * back plus the next chunk. */
static void check_encode_chunks(const uint16_t *s, size_t n, const uint8_t *want, size_t len,
                                uint32_t seed)
{
    uint8_t *out = fz_block(len + 4, 0xA5);
    size_t pos = 0, q = 0, end = 0;
    for (;;) {
        size_t step = fz_chunk(&seed);
        end = n - end < step ? n : end + step;
        int last = end == n;
        size_t have = end - pos, used = 8888, w = 7777;
        lepack_status st = lepack_utf8_encode_chunk(s + pos, have, last, out + q, len + 1 - q,
                                                    &used, &w);
        FZ_EQ_U(pos, "chunk status", st, LEPACK_OK);
        if (used > have || have - used > 1 || (last && used != have))
            FZ_FAIL("chunk at %zu: consumed %zu of %zu units (last %d)", pos, used, have, last);
        if (w > 0) {
            uint8_t *tmp = fz_block(w - 1, 0x5A);
            size_t used2 = 8888, w2 = 7777;
            st = lepack_utf8_encode_chunk(s + pos, have, last, tmp, w - 1, &used2, &w2);
            FZ_EQ_U(pos, "chunk status one byte short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(pos, "chunk size needed", w2, w);
            FZ_EQ_U(pos, "chunk consumed after ENOSPACE", used2, 8888);
            if (!fz_all_bytes(tmp, w - 1, 0x5A))
                FZ_FAIL("chunk at %zu: ENOSPACE but the buffer changed", pos);
            free(tmp);
        }
        pos += used;
        q += w;
        if (q > len)
            FZ_FAIL("chunks wrote %zu bytes, one-shot %zu", q, len);
        if (last)
            break;
    }
    FZ_EQ_U(n, "chunked length", q, len);
    FZ_EQ_BYTES(n, "chunked bytes", out, want, len);
    free(out);
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
        check_encode_chunks(s, n, want, len, fz_chunk_seed(size, data[0]));
    }
    check_strict(s, n, want, len);
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
