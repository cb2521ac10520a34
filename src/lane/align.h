/* SPDX-License-Identifier: Apache-2.0 */
/* Where a pointer lies in its 64-byte cache line (internal, not installed
 * API; src/lane/types.h says how the lane operations are written).
 *
 * The aligned and non-temporal stores fault on a misaligned address.  WP's
 * memory model has no numeric addresses, so the proofs see an address only
 * through lane_line_offset(p), its distance past the start of its line: an
 * unspecified value, the same for every use of p, of which
 * lane_line_offset_u8 says that it is below 64.  The stores require the
 * address they write to, p + o, to be (lane_line_offset(p) + o) % width ==
 * 0, which is what the hardware asks of p + o whatever p's offset is; a
 * kernel keeps one p and finds the head that aligns its blocks by
 * arithmetic on the offset this operation returns. */
#ifndef LEPACK_LANE_ALIGN_H
#define LEPACK_LANE_ALIGN_H

#include "types.h"

#if LEPACK_LANES

/*@ axiomatic LaneLineOffset {
      // The address of p modulo 64.  No axiom: only lane_line_offset_u8's
      // contract says anything of it.
      logic integer lane_line_offset(uint8_t *p);
    } */

/* The address of p modulo 64.  The C form is the compilers' form: there
 * is no instruction to compare it with, only the address itself
 * (tests/check_models.c checks it at every place of a line). */
#ifdef __FRAMAC__
/*@ assigns \nothing;
    exits \false;
    ensures \result == lane_line_offset(p);
    ensures \result < 64; */
static inline size_t lane_line_offset_u8(uint8_t *p);
#else
static inline size_t lane_line_offset_u8(uint8_t *p)
{
    return (size_t)((uintptr_t)p & 63);
}
#endif

#endif
#endif
