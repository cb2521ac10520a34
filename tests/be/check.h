/* SPDX-License-Identifier: Apache-2.0 */
/* A framework-free check harness for the cross-host programs in tests/be/.
 *
 * These programs run on the big-endian target under emulation as well as on
 * the build host, so they depend on nothing but the C library.  Every failed
 * check prints its file, line and text; be_check_summary prints the closing
 * "N passed, N failed" line and gives the exit status. */
#ifndef LEPACK_BE_CHECK_H
#define LEPACK_BE_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static unsigned be_checks_passed;
static unsigned be_checks_failed;

static void be_check_result(int ok, const char *file, int line, const char *text)
{
    if (ok) {
        be_checks_passed++;
        return;
    }
    be_checks_failed++;
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, text);
}

#define BE_CHECK(cond) be_check_result((cond) ? 1 : 0, __FILE__, __LINE__, #cond)

/* Integer equality that shows both sides when it fails. */
#define BE_CHECK_EQ(a, b)                                                              \
    do {                                                                               \
        uint64_t be_a_ = (uint64_t)(a), be_b_ = (uint64_t)(b);                         \
        be_check_result(be_a_ == be_b_, __FILE__, __LINE__, #a " == " #b);             \
        if (be_a_ != be_b_)                                                            \
            fprintf(stderr, "    0x%016" PRIx64 " != 0x%016" PRIx64 "\n", be_a_, be_b_); \
    } while (0)

/* Byte-string equality that shows both sides in hex when it fails. */
static void be_check_bytes(const uint8_t *got, const uint8_t *want, size_t n, const char *file,
                           int line, const char *text)
{
    int ok = n == 0 || memcmp(got, want, n) == 0;
    be_check_result(ok, file, line, text);
    if (ok)
        return;
    fprintf(stderr, "    got  ");
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", got[i]);
    fprintf(stderr, "\n    want ");
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", want[i]);
    fprintf(stderr, "\n");
}

#define BE_CHECK_BYTES(got, want, n) be_check_bytes((got), (want), (n), __FILE__, __LINE__, #got " == " #want)

/* Converts hex text (no spaces) to bytes; returns the byte count. */
static size_t be_unhex(const char *hex, uint8_t *out, size_t cap)
{
    size_t n = 0;
    for (; hex[0] != '\0' && hex[1] != '\0' && n < cap; hex += 2) {
        unsigned v = 0;
        for (int k = 0; k < 2; k++) {
            char c = hex[k];
            unsigned d = c >= 'a' ? (unsigned)(c - 'a' + 10) : (unsigned)(c - '0');
            v = v * 16 + d;
        }
        out[n++] = (uint8_t)v;
    }
    return n;
}

/* 1 when the running host stores the most significant byte first, found by
 * looking at memory rather than at any macro. */
static int be_host_is_big_endian(void)
{
    uint32_t one = 1;
    uint8_t b[4];
    memcpy(b, &one, sizeof b);
    return b[0] == 0;
}

static int be_check_summary(const char *name)
{
    printf("%s: %u passed, %u failed\n", name, be_checks_passed, be_checks_failed);
    return be_checks_failed == 0 && be_checks_passed > 0 ? 0 : 1;
}

#endif
