/* SPDX-License-Identifier: Apache-2.0 */
/* The non-temporal store kernels of src/zero.c, chosen through
 * src/cpu.h, and the clock the pause-budget mode reads (internal, not
 * installed API).  The kernels are proven against the contracts below
 * from the lane models of src/lane/ (proofs/README.md); the clock's
 * contract is trusted.  The fuzzer and tests/test_zero.c also compare the
 * kernels byte for byte with ref/ref_zero.c. */
#ifndef LEPACK_ZERO_NT_H
#define LEPACK_ZERO_NT_H

#include <stddef.h>
#include <stdint.h>

#include "zero.h"

/* The kernels of the zeroing family (src/cpu.h), x86-64 only and not with
 * -DLEPACK_PORTABLE.  Each zeroes p[0 .. n) (any alignment, any n: the
 * head up to the first 64-byte line and the tail after the last whole one
 * take ordinary stores) and ends with sfence.  Nothing outside the range
 * is written. */
/*@ requires \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1];
    exits \false;
    ensures zero_bytes(p, 0, n); */
void lepack_kern_zero_stream_sse2(uint8_t *p, size_t n);

/*@ requires \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1];
    exits \false;
    ensures zero_bytes(p, 0, n); */
void lepack_kern_zero_stream_avx2(uint8_t *p, size_t n);

/*@ requires \valid(p + (0 .. n - 1));
    assigns p[0 .. n - 1];
    exits \false;
    ensures zero_bytes(p, 0, n); */
void lepack_kern_zero_stream_avx512(uint8_t *p, size_t n);

/* Monotonic time in nanoseconds for lepack_zero_timed: the installed clock
 * when there is one, else CLOCK_MONOTONIC.  Any value: the callers are
 * proven for every reading (zero.c's read_clock). */
/*@ assigns \nothing;
    exits \false; */
uint64_t lepack_clock_ns(void);

/* For the tests and the fuzzer: a clock of their own (NULL: the system's).
 * Not thread safe against zeroing running at the same time. */
typedef uint64_t (*lepack_clock_fn)(void *ctx);
void lepack_clock_set(lepack_clock_fn fn, void *ctx);

#endif
