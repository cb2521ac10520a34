/* SPDX-License-Identifier: Apache-2.0 */
/* src/zero.c as the runtime contract build compiles it.  Under __FRAMAC__
 * its memset, kernel, clock and poll calls are static declarations with a
 * contract and no body (the proofs' view of them); a static function may
 * be defined later in the same unit, so the bodies are given here, after
 * the file, the same as zero.c's own for every other compiler.  Each call
 * then checks the trusted contract written in zero.c.  Frama-C reads no
 * intrinsics: src/cpu.c under __FRAMAC__ has no non-temporal kernel, so
 * stream_pays answers 0 and set_zero_stream is never reached here. */
#include "zero.c" /* the copy made by inline_spec.py */

static void set_zero(uint8_t *p, size_t from, size_t to)
{
    memset(p + from, 0, to - from);
}

static void set_zero_stream(uint8_t *p, size_t from, size_t to)
{
    lepack_cpu_zero()->stream(p + from, to - from);
}

static int stream_pays(size_t n)
{
    const lepack_zero_family *z = lepack_cpu_zero();
    return z->stream != NULL && n >= z->stream_min;
}

static uint64_t read_clock(void)
{
    return lepack_clock_ns();
}

static int call_poll(lepack_zero_poll poll, void *ctx, size_t done)
{
    return poll(ctx, done);
}
