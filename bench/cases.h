/* SPDX-License-Identifier: Apache-2.0 */
/* The counters benchmark's pairs (cases.c), for the timing driver and the
 * instruction counter. */
#ifndef LEPACK_BENCH_CASES_H
#define LEPACK_BENCH_CASES_H

#include <stddef.h>

#include "pair.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the fixtures and returns every case; *out stays valid. */
size_t counters_cases(pair_case **out);
/* 0 when every pair does the same work (call after counters_cases). */
int counters_self_check(void);

#ifdef __cplusplus
}
#endif

#endif
