/* SPDX-License-Identifier: Apache-2.0 */
/* A harness whose bugs are known, for testing the campaign runner
 * (fuzz/campaign.py) rather than lepack: an input starting with "boom"
 * aborts, one starting with "ovf" overflows a signed int (undefined
 * behaviour that only a UBSan build reports). */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size >= 4 && memcmp(data, "boom", 4) == 0)
        abort();
    if (size >= 4 && memcmp(data, "ovf", 3) == 0) {
        volatile int big = INT_MAX;
        int sum = big + data[3];
        return sum == 0;
    }
    return 0;
}
