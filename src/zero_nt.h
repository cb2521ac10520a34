/* SPDX-License-Identifier: Apache-2.0 */
/* The pieces of src/zero.c that are not proven (internal, not installed
 * API): the non-temporal store kernels, chosen through src/cpu.h, and the
 * clock the pause-budget mode reads.  proofs/README.md lists their
 * contracts (written in src/zero.c) among the trusted pieces; the fuzzer
 * and tests/test_zero.c compare them byte for byte with ref/ref_zero.c. */
#ifndef LEPACK_ZERO_NT_H
#define LEPACK_ZERO_NT_H

#include <stddef.h>
#include <stdint.h>

/* The kernels of the zeroing family (src/cpu.h), x86-64 only and not with
 * -DLEPACK_PORTABLE.  Each zeroes p[0 .. n) (any alignment, any n: the
 * head up to the first 64-byte line and the tail after the last whole one
 * take ordinary stores) and ends with sfence. */
void lepack_kern_zero_stream_sse2(uint8_t *p, size_t n);
void lepack_kern_zero_stream_avx2(uint8_t *p, size_t n);
void lepack_kern_zero_stream_avx512(uint8_t *p, size_t n);

/* Monotonic time in nanoseconds for lepack_zero_timed: the installed clock
 * when there is one, else CLOCK_MONOTONIC. */
uint64_t lepack_clock_ns(void);

/* For the tests and the fuzzer: a clock of their own (NULL: the system's).
 * Not thread safe against zeroing running at the same time. */
typedef uint64_t (*lepack_clock_fn)(void *ctx);
void lepack_clock_set(lepack_clock_fn fn, void *ctx);

#endif
