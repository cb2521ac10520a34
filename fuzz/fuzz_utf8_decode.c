/* SPDX-License-Identifier: Apache-2.0 */
/* utf8_decode: new String(bytes, UTF_8), strict validation, bounded output.
 *
 * Input: a mode byte, then
 *   mode bit 0 clear: the bytes to decode;
 *   mode bit 0 set: a mutation (2-byte position, 1 byte value), then UTF-16LE
 *   units that ref encodes into valid UTF-8, which is then mutated: bit 1
 *   replaces the byte at the position (mod the length) with the value, bit 2
 *   cuts the bytes at the position (mod the length + 1).
 *
 * At every vector level: lepack_utf8_decoded_length equals ref's count;
 * lepack_utf8_decode into exact-size blocks of count - 1, count and
 * count + 1 units gives ref's units or LEPACK_ENOSPACE with the block
 * unchanged and the count as the size needed; lepack_utf8_decode_chunk over
 * chunks of random sizes (every cut of a sequence among them) gives the
 * same units, consumes all but at most 3 bytes of each chunk and preflights
 * like the one-shot call; lepack_utf8_validate and lepack_utf8_decode_strict give ref's
 * verdict and offset.  lepack_utf8_replacements gives ref's count of
 * replacements, 0 exactly for well-formed input, and the counts of the
 * bytes each chunk call consumed add up to it.  ICU (u_strFromUTF8WithSub,
 * U+FFFD) must agree on the units and the count (its substitution count),
 * except on inputs holding ED A0..BF: there the JDK, which is the
 * contract, replaces a whole encoded surrogate (ED A0..BF 80..BF) by one
 * U+FFFD and ED A0..BF alone by one, where ICU replaces each byte
 * (docs/utf8.md).  ICU finds an input well-formed exactly when ref does.
 * Round trip: well-formed input encodes back to the same bytes. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ref.h"
#include "ref_utf8.h"
#include "utf8.h"

#include "fuzz_check.h"
#include "fuzz_utf8.h"

static void check_decode(const uint8_t *src, size_t len, const uint16_t *want, size_t units,
                         int ref_valid, size_t ref_bad)
{
    size_t counted = 7777;
    FZ_EQ_U(len, "decoded length status", lepack_utf8_decoded_length(src, len, &counted),
            LEPACK_OK);
    FZ_EQ_U(len, "decoded length", counted, units);
    for (size_t cap = units > 0 ? units - 1 : 0; cap <= units + 1; cap++) {
        uint16_t *dst = fz_block(cap * 2, 0xA5);
        size_t written = 7777;
        lepack_status st = lepack_utf8_decode(src, len, dst, cap, &written);
        if (cap >= units) {
            FZ_EQ_U(cap, "decode status", st, LEPACK_OK);
            FZ_EQ_U(cap, "decode length", written, units);
            FZ_EQ_BYTES(cap, "decoded units", dst, want, units * 2);
            if (!fz_all_bytes(dst + units, (cap - units) * 2, 0xA5))
                FZ_FAIL("cap %zu: decode wrote past its %zu units", cap, units);
        } else {
            FZ_EQ_U(cap, "decode status when one unit short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(cap, "size needed after ENOSPACE", written, units);
            if (!fz_all_bytes(dst, cap * 2, 0xA5))
                FZ_FAIL("cap %zu: ENOSPACE but the buffer changed", cap);
        }

        memset(dst, 0xA5, cap * 2);
        size_t bad = 8888;
        written = 7777;
        st = lepack_utf8_decode_strict(src, len, dst, cap, &written, &bad);
        if (!ref_valid) {
            FZ_EQ_U(cap, "strict status", st, LEPACK_EILLFORMED);
            FZ_EQ_U(cap, "strict offset", bad, ref_bad);
            FZ_EQ_U(cap, "written after EILLFORMED", written, 7777);
            if (!fz_all_bytes(dst, cap * 2, 0xA5))
                FZ_FAIL("cap %zu: EILLFORMED but the buffer changed", cap);
        } else if (cap >= units) {
            FZ_EQ_U(cap, "strict status", st, LEPACK_OK);
            FZ_EQ_U(cap, "strict length", written, units);
            FZ_EQ_BYTES(cap, "strict units", dst, want, units * 2);
            FZ_EQ_U(cap, "offset untouched", bad, 8888);
        } else {
            FZ_EQ_U(cap, "strict status when one unit short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(cap, "strict size needed after ENOSPACE", written, units);
            if (!fz_all_bytes(dst, cap * 2, 0xA5))
                FZ_FAIL("cap %zu: strict ENOSPACE but the buffer changed", cap);
        }
        free(dst);
    }
    size_t bad = 9999;
    lepack_status st = lepack_utf8_validate(src, len, &bad);
    FZ_EQ_U(len, "validate status", st, ref_valid ? LEPACK_OK : LEPACK_EILLFORMED);
    FZ_EQ_U(len, "validate offset", bad, ref_valid ? 9999 : ref_bad);
}

/* The stream cut into chunks: each call gets the bytes the previous one
 * left plus the next chunk, as a reader that carries the tail over would. */
static void check_decode_chunks(const uint8_t *src, size_t len, const uint16_t *want,
                                size_t units, size_t replaced, uint32_t seed)
{
    uint16_t *out = fz_block(units * 2 + 2, 0xA5);
    size_t pos = 0, q = 0, end = 0, repl = 0;
    for (;;) {
        size_t step = fz_chunk(&seed);
        end = len - end < step ? len : end + step;
        int last = end == len;
        size_t have = end - pos, used = 8888, w = 7777;
        lepack_status st = lepack_utf8_decode_chunk(src + pos, have, last, out + q,
                                                    units + 1 - q, &used, &w);
        FZ_EQ_U(pos, "chunk status", st, LEPACK_OK);
        if (used > have || have - used > 3 || (last && used != have))
            FZ_FAIL("chunk at %zu: consumed %zu of %zu bytes (last %d)", pos, used, have, last);
        if (w > 0) {
            /* One unit short: the size needed, nothing written, nothing consumed. */
            uint16_t *tmp = fz_block((w - 1) * 2, 0x5A);
            size_t used2 = 8888, w2 = 7777;
            st = lepack_utf8_decode_chunk(src + pos, have, last, tmp, w - 1, &used2, &w2);
            FZ_EQ_U(pos, "chunk status one unit short", st, LEPACK_ENOSPACE);
            FZ_EQ_U(pos, "chunk size needed", w2, w);
            FZ_EQ_U(pos, "chunk consumed after ENOSPACE", used2, 8888);
            if (!fz_all_bytes(tmp, (w - 1) * 2, 0x5A))
                FZ_FAIL("chunk at %zu: ENOSPACE but the buffer changed", pos);
            free(tmp);
        }
        size_t r = 7777;
        FZ_EQ_U(pos, "chunk replacements status", lepack_utf8_replacements(src + pos, used, &r),
                LEPACK_OK);
        repl += r;
        pos += used;
        q += w;
        if (q > units)
            FZ_FAIL("chunks decoded %zu units, one-shot %zu", q, units);
        if (last)
            break;
    }
    FZ_EQ_U(len, "chunked unit count", q, units);
    FZ_EQ_U(len, "chunked replacements", repl, replaced);
    FZ_EQ_BYTES(len, "chunked units", out, want, units * 2);
    free(out);
}

#ifndef FZ_NO_ICU
/* Whether the JDK and ICU may disagree on this input (see the top). */
static int has_encoded_surrogate(const uint8_t *src, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        if (src[i] == 0xED && src[i + 1] >= 0xA0 && src[i + 1] <= 0xBF)
            return 1;
    return 0;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t mode = data[0];
    uint8_t *src;
    size_t len;
    if ((mode & 1) == 0) {
        len = size - 1;
        src = fz_block(len, 0);
        memcpy(src, data + 1, len);
    } else {
        if (size < 4)
            return 0;
        size_t at = (size_t)data[1] | (size_t)data[2] << 8;
        uint8_t value = data[3];
        size_t n = (size - 4) / 2;
        uint16_t *s = fz_block(n * 2, 0);
        for (size_t i = 0; i < n; i++)
            s[i] = (uint16_t)(data[4 + 2 * i] | data[5 + 2 * i] << 8);
        src = fz_block(n * 4, 0);
        if (ref_utf8_encode(s, n, src, n * 4, &len) != REF_OK)
            FZ_FAIL("ref could not encode %zu units", n);
        if ((mode & 2) && len > 0)
            src[at % len] = value;
        if (mode & 4)
            len = at % (len + 1);
        free(s);
    }

    size_t units = 0, ref_bad = 0;
    uint16_t *want = fz_block(len * 2, 0);
    if (ref_utf8_decode(src, len, want, len, &units) != REF_OK)
        FZ_FAIL("ref could not decode %zu bytes", len);
    int ref_valid = ref_utf8_validate(src, len, &ref_bad) == REF_OK;
    size_t replaced = 0, counted = 7777;
    if (ref_utf8_replacements(src, len, &replaced) != REF_OK)
        FZ_FAIL("ref could not count the replacements of %zu bytes", len);
    FZ_EQ_U(len, "replacements status", lepack_utf8_replacements(src, len, &counted), LEPACK_OK);
    FZ_EQ_U(len, "replacements", counted, replaced);
    FZ_EQ_U(len, "no replacement exactly when well-formed", replaced == 0, ref_valid);

#ifndef FZ_NO_ICU
    {
        int ok;
        int32_t subs;
        uint16_t *icu = fz_block(len * 2, 0);
        int32_t n = fz_icu_decode(src, len, icu, (int32_t)len, &subs, &ok);
        FZ_EQ_U(len, "ICU status", ok, 1);
        FZ_EQ_U(len, "ICU finds it well-formed", subs == 0, ref_valid);
        if (!has_encoded_surrogate(src, len)) {
            FZ_EQ_U(len, "ICU unit count", (size_t)n, units);
            FZ_EQ_U(len, "ICU substitution count", (size_t)subs, replaced);
            FZ_EQ_BYTES(len, "ref units against ICU's", want, icu, units * 2);
        }
        free(icu);
    }
#endif

    int best = fz_best_level();
    for (int level = LEPACK_VEC_NONE; level <= best; level++) {
        lepack_vec_select(level);
        check_decode(src, len, want, units, ref_valid, ref_bad);
        check_decode_chunks(src, len, want, units, replaced, fz_chunk_seed(size, mode));
    }
    lepack_vec_select(-1);

    if (ref_valid) {
        /* Well-formed input is the encoding of what it decodes to. */
        uint8_t *again = fz_block(len, 0);
        size_t back = 0;
        FZ_EQ_U(len, "re-encode status", lepack_utf8_encode(want, units, again, len, &back),
                LEPACK_OK);
        FZ_EQ_U(len, "re-encode length", back, len);
        FZ_EQ_BYTES(len, "re-encoded bytes", again, src, len);
        free(again);
    }
    free(want);
    free(src);
    return 0;
}
