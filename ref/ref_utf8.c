/* SPDX-License-Identifier: Apache-2.0 */
#include "ref_utf8.h"

#include <stdlib.h>
#include <string.h>

#include "ref.h"

#define REPLACEMENT 0xFFFDu

static int is_high(unsigned u) { return u >= 0xD800u && u <= 0xDBFFu; }
static int is_low(unsigned u) { return u >= 0xDC00u && u <= 0xDFFFu; }

/* The UTF-8 form of one scalar value (Unicode 3.9, table 3-6). */
static size_t put_code_point(unsigned long cp, uint8_t out[4])
{
    if (cp < 0x80) {
        out[0] = (uint8_t)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (uint8_t)(0xC0 | (cp >> 6));
        out[1] = (uint8_t)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xE0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (uint8_t)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (uint8_t)(0xF0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (uint8_t)(0x80 | (cp & 0x3F));
    return 4;
}

/* Copies a finished result out when it fits. */
static int deliver(const void *tmp, size_t size, void *dst, size_t cap_bytes)
{
    if (size > cap_bytes)
        return REF_ENOSPACE;
    if (size > 0)
        memcpy(dst, tmp, size);
    return REF_OK;
}

int ref_utf8_encode(const uint16_t *s, size_t n, uint8_t *dst, size_t cap, size_t *len)
{
    uint8_t *tmp = malloc(n * 4 + 1);
    if (tmp == NULL)
        abort();
    size_t out = 0;
    size_t i = 0;
    while (i < n) {
        unsigned u = s[i];
        unsigned long cp;
        if (is_high(u) && i + 1 < n && is_low(s[i + 1])) {
            /* A surrogate pair is one supplementary code point. */
            cp = 0x10000ul + ((unsigned long)(u - 0xD800u) << 10) + (s[i + 1] - 0xDC00u);
            i += 2;
        } else if (is_high(u) || is_low(u)) {
            /* The JDK's encoder replaces an unpaired surrogate with '?'. */
            cp = '?';
            i += 1;
        } else {
            cp = u;
            i += 1;
        }
        out += put_code_point(cp, tmp + out);
    }
    *len = out;
    int st = deliver(tmp, out, dst, cap);
    free(tmp);
    return st;
}

/* Table 3-7 of the Unicode standard: the well-formed byte sequences.  For a
 * lead byte, the sequence length and the range of the second byte (every
 * later byte is 80..BF).  Returns 0 for a byte that starts no sequence. */
static int shape(uint8_t b, int jdk, uint8_t *lo, uint8_t *hi)
{
    *lo = 0x80;
    *hi = 0xBF;
    if (b <= 0x7F)
        return 1;
    if (b >= 0xC2 && b <= 0xDF)
        return 2;
    if (b == 0xE0) {
        *lo = 0xA0;
        return 3;
    }
    if (b == 0xED) {
        /* Surrogates.  The JDK's decoder takes ED like E1..EC when it
         * measures a sequence, and replaces the surrogate it decodes. */
        if (!jdk)
            *hi = 0x9F;
        return 3;
    }
    if (b >= 0xE1 && b <= 0xEF)
        return 3;
    if (b == 0xF0) {
        *lo = 0x90;
        return 4;
    }
    if (b >= 0xF1 && b <= 0xF3)
        return 4;
    if (b == 0xF4) {
        *hi = 0x8F;
        return 4;
    }
    return 0;
}

/* The sequence at src[i]: how many bytes of it match table 3-7 (at least 1),
 * and whether that is the whole sequence. */
static size_t match(const uint8_t *src, size_t len, size_t i, int jdk, int *complete)
{
    uint8_t lo, hi;
    int want = shape(src[i], jdk, &lo, &hi);
    *complete = 0;
    if (want == 0)
        return 1;
    size_t k = 1;
    while ((int)k < want && i + k < len) {
        uint8_t b = src[i + k];
        uint8_t l = k == 1 ? lo : 0x80;
        uint8_t h = k == 1 ? hi : 0xBF;
        if (b < l || b > h)
            break;
        k++;
    }
    *complete = (int)k == want;
    return k;
}

static unsigned long value_of(const uint8_t *p, size_t k)
{
    if (k == 1)
        return p[0];
    unsigned long cp = p[0] & (k == 2 ? 0x1Fu : k == 3 ? 0x0Fu : 0x07u);
    for (size_t j = 1; j < k; j++)
        cp = cp * 64 + (p[j] & 0x3Fu);
    return cp;
}

int ref_utf8_decode(const uint8_t *src, size_t len, uint16_t *dst, size_t cap, size_t *units)
{
    uint16_t *tmp = malloc(len * sizeof *tmp + 1);
    if (tmp == NULL)
        abort();
    size_t out = 0, i = 0;
    while (i < len) {
        int complete;
        size_t k = match(src, len, i, 1, &complete);
        unsigned long cp = complete ? value_of(src + i, k) : REPLACEMENT;
        if (is_high((unsigned)cp) || is_low((unsigned)cp))
            cp = REPLACEMENT; /* ED A0..BF xx: one U+FFFD for all three */
        if (cp >= 0x10000) {
            tmp[out++] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
            tmp[out++] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            tmp[out++] = (uint16_t)cp;
        }
        i += k;
    }
    *units = out;
    int st = deliver(tmp, out * sizeof *tmp, dst, cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2);
    free(tmp);
    return st;
}

int ref_utf8_replacements(const uint8_t *src, size_t len, size_t *count)
{
    size_t n = 0, i = 0;
    while (i < len) {
        int complete;
        size_t k = match(src, len, i, 1, &complete);
        /* ref_utf8_decode's two reasons for a U+FFFD: a sequence cut short
         * or not begun, and a whole one whose value is a surrogate. */
        if (!complete || (k == 3 && value_of(src + i, k) >= 0xD800 && value_of(src + i, k) <= 0xDFFF))
            n++;
        i += k;
    }
    *count = n;
    return REF_OK;
}

int ref_utf16_validate(const uint16_t *s, size_t n, size_t *bad)
{
    for (size_t i = 0; i < n; i++) {
        unsigned u = s[i];
        int high = u >= 0xD800 && u <= 0xDBFF, low = u >= 0xDC00 && u <= 0xDFFF;
        /* A unit is paired when its other half stands next to it. */
        int with_next = high && i + 1 < n && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF;
        int with_prev = low && i > 0 && s[i - 1] >= 0xD800 && s[i - 1] <= 0xDBFF;
        if ((high || low) && !with_next && !with_prev) {
            *bad = i;
            return REF_EILLFORMED;
        }
    }
    return REF_OK;
}

int ref_utf8_validate(const uint8_t *src, size_t len, size_t *bad)
{
    size_t i = 0;
    while (i < len) {
        int complete;
        size_t k = match(src, len, i, 0, &complete);
        if (!complete) {
            *bad = i;
            return REF_EILLFORMED;
        }
        i += k;
    }
    return REF_OK;
}

int ref_mutf8_write(const uint16_t *s, size_t n, uint8_t *dst, size_t cap, size_t *len)
{
    uint8_t *tmp = malloc(n * 3 + 2);
    if (tmp == NULL)
        abort();
    size_t out = 2;
    for (size_t i = 0; i < n; i++) {
        unsigned u = s[i];
        /* Each char on its own: U+0000 takes two bytes, a surrogate three. */
        if (u >= 1 && u <= 0x7F) {
            tmp[out++] = (uint8_t)u;
        } else if (u <= 0x7FF) {
            tmp[out++] = (uint8_t)(0xC0 | (u >> 6));
            tmp[out++] = (uint8_t)(0x80 | (u & 0x3F));
        } else {
            tmp[out++] = (uint8_t)(0xE0 | (u >> 12));
            tmp[out++] = (uint8_t)(0x80 | ((u >> 6) & 0x3F));
            tmp[out++] = (uint8_t)(0x80 | (u & 0x3F));
        }
    }
    size_t body = out - 2;
    *len = out;
    int st;
    if (body > 65535) {
        st = REF_ETOOLONG;
    } else {
        tmp[0] = (uint8_t)(body >> 8);
        tmp[1] = (uint8_t)(body & 0xFF);
        st = deliver(tmp, out, dst, cap);
    }
    free(tmp);
    return st;
}

int ref_mutf8_read(const uint8_t *src, size_t len, uint16_t *dst, size_t cap, size_t *units,
                   size_t *consumed, size_t *bad)
{
    if (len < 2)
        return REF_ERANGE;
    size_t body = (size_t)src[0] * 256 + src[1];
    if (len - 2 < body)
        return REF_ERANGE;
    size_t end = 2 + body;
    uint16_t *tmp = malloc(body * sizeof *tmp + 1);
    if (tmp == NULL)
        abort();
    size_t out = 0, i = 2;
    int st = REF_OK;
    while (i < end) {
        unsigned a = src[i];
        size_t k = (a >> 7) == 0 ? 1 : (a >> 5) == 6 ? 2 : (a >> 4) == 14 ? 3 : 0;
        /* 10xxxxxx and 1111xxxx start no group; a group must end inside the
         * body and every byte after its first must be 10xxxxxx. */
        int ok = k > 0 && k <= end - i;
        for (size_t j = 1; ok && j < k; j++)
            ok = (src[i + j] >> 6) == 2;
        if (!ok) {
            *bad = i;
            st = REF_EILLFORMED;
            break;
        }
        unsigned v = k == 1 ? a : k == 2 ? ((a & 0x1Fu) << 6) | (src[i + 1] & 0x3Fu)
                                      : ((a & 0x0Fu) << 12) | ((src[i + 1] & 0x3Fu) << 6) |
                                            (src[i + 2] & 0x3Fu);
        tmp[out++] = (uint16_t)v;
        i += k;
    }
    if (st == REF_OK) {
        st = deliver(tmp, out * sizeof *tmp, dst, cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2);
        if (st == REF_OK) {
            *units = out;
            *consumed = end;
        }
    }
    free(tmp);
    return st;
}
