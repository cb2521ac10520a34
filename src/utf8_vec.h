/* SPDX-License-Identifier: Apache-2.0 */
/* The vector kernels behind src/utf8.c (internal, not installed API).
 *
 * The scalar loops of utf8.c hand whole runs of the input to these and go
 * on from where a kernel stops.  A kernel may stop anywhere (returning i
 * itself is always correct), so the scalar loop alone is a complete
 * implementation: that is the -DLEPACK_PORTABLE build, which has no
 * intrinsics at all.  Otherwise src/utf8_vec.c implements them with SSE2
 * (the x86-64 baseline) and picks AVX2 or AVX-512 code at run time.
 *
 * The proofs see only these contracts (proofs/README.md: trusted pieces).
 * What a kernel promises is exactly what the scalar steps it replaces would
 * have done; the fuzzers compare every kernel with the scalar path. */
#ifndef LEPACK_VEC_H
#define LEPACK_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "utf8_spec.h"

/* Which kernels run.  lepack_vec_select(level) chooses one (capped at
 * what the CPU has; a negative level asks for the best) and returns the
 * level now in use; without a call, the best is chosen at the first use.
 * For the tests, fuzzers and benchmarks, which compare the levels. */
enum {
    LEPACK_VEC_NONE = 0, /* the scalar loops alone */
    LEPACK_VEC_SSE2 = 1,
    LEPACK_VEC_AVX2 = 2,
    LEPACK_VEC_AVX512 = 3
};
int lepack_vec_select(int level);

/* Fewest units (or bytes) left for which a kernel is worth calling, and
 * how many units the scalar loop takes on its own after a kernel could not
 * start. */
#define LEPACK_VEC_MIN 16u
#define LEPACK_VEC_RETRY 8u

/* Encodes units i, i+1, ... of s[0 .. n) into d at *p (the bytes of the
 * units before i end there); returns where it stopped, never inside a
 * surrogate pair, with *p moved past the bytes written. */
/*@ requires i < n;
    requires \valid_read(s + (0 .. n - 1)) && \valid(p);
    requires \valid(d + (0 .. lim - 1));
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires \separated(p, d + (0 .. lim - 1), s + (0 .. n - 1));
    requires boundary(s, n, i) && *p == u8len(s, n, i);
    requires u8len(s, n, n) <= lim;
    requires \forall integer k; i <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
    assigns *p, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures i <= \result <= n && boundary(s, n, \result);
    ensures *p == u8len(s, n, \result);
    ensures encoded(s, n, i, \result, d); */
size_t lepack_vec_utf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                              size_t *p);

/* Encodes units i, i+1, ... of s[0 .. n) as writeUTF's body (modified
 * UTF-8: every unit on its own, U+0000 as C0 80) into d at *p (the bytes
 * of the units before i end there); returns where it stopped, with *p
 * moved past the bytes written.  AVX-512 only (below it, stops at i). */
/*@ requires i < n;
    requires \valid_read(s + (0 .. n - 1)) && \valid(p);
    requires \valid(d + (0 .. lim - 1));
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires \separated(p, d + (0 .. lim - 1), s + (0 .. n - 1));
    requires *p == m8len(s, i) && m8len(s, n) <= lim;
    requires \forall integer k; i <= k <= n ==> m8len(s, k) <= m8len(s, n);
    assigns *p, d[m8len(s, i) .. m8len(s, n) - 1];
    exits \false;
    ensures i <= \result <= n;
    ensures *p == m8len(s, \result);
    ensures mencoded(s, i, \result, d); */
size_t lepack_vec_mutf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                               size_t *p);

/* Decodes a run of whole well-formed sequences from src[i] (some prefix of
 * it, maybe none) into d at *q, exactly as the decoder's steps from step m
 * on (the one at i) would: returns where it stopped, with *q moved past
 * their units and *steps the number of steps (sequences) taken.  Below
 * AVX-512, runs of ASCII only. */
/*@ requires i < len;
    requires \valid_read(src + (0 .. len - 1)) && \valid(q) && \valid(steps);
    requires \valid(d + (0 .. lim - 1));
    requires \separated(d + (0 .. lim - 1), src + (0 .. len - 1));
    requires \separated(q, steps, d + (0 .. lim - 1), src + (0 .. len - 1));
    requires *q + dlen(src, len, i) <= lim;
    requires i == dpos(src, len, m) && *q == doff(src, len, m);
    assigns *q, *steps, d[*q .. *q + dlen(src, len, i) - 1];
    exits \false;
    ensures i <= \result <= len && *steps <= \result - i;
    ensures \result == dpos(src, len, m + *steps) && *q == doff(src, len, m + *steps);
    ensures \old(*q) <= *q && *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result));
    ensures dseqs(src, len, \result) + *steps == dseqs(src, len, i);
    ensures \forall integer k; m <= k < m + *steps ==>
      dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)) &&
      doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= *q;
    ensures (\forall integer k; i <= k < \result ==> src[k] < 0x80) ==>
      *q == \old(*q) + (\result - i) &&
      \forall integer k; i <= k < \result ==> d[\old(*q) + (k - i)] == src[k]; */
size_t lepack_vec_utf8_decode(const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t lim,
                              size_t *q, size_t *steps) /*@ ghost (size_t m) */;
/* Counts, for the units from i on, how many add a second byte (*e1) and
 * a third (*e2) to the one every unit has; returns where it stopped, never
 * inside a surrogate pair. */
/*@ requires i < n && \valid_read(s + (0 .. n - 1));
    requires \valid(e1) && \valid(e2) && \separated(e1, e2, s + (0 .. n - 1));
    requires boundary(s, n, i) && *e1 <= i && *e2 <= i;
    assigns *e1, *e2;
    exits \false;
    ensures i <= \result <= n && boundary(s, n, \result);
    ensures \old(*e1) <= *e1 <= \old(*e1) + (\result - i);
    ensures \old(*e2) <= *e2 <= \old(*e2) + (\result - i);
    ensures u8len(s, n, \result) - \result ==
            u8len(s, n, i) - i + (*e1 - \old(*e1)) + (*e2 - \old(*e2)); */
size_t lepack_vec_utf8_length(const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2);

/* Counts, into *q, the units of the JDK's decoding of src[i ..] up to where
 * it stops: a run of whole well-formed sequences from i (or a prefix of
 * one), each one step of the decoder. */
/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires \valid(q) && \separated(q, src + (0 .. len - 1));
    requires *q + dlen(src, len, i) <= len;
    assigns *q;
    exits \false;
    ensures i <= \result <= len;
    ensures *q == \old(*q) + (dlen(src, len, i) - dlen(src, len, \result)); */
size_t lepack_vec_utf8_count(const uint8_t *src, size_t len, size_t i, size_t *q);

/* The end of a run of whole well-formed sequences from i (or of a prefix of
 * it): where lepack_utf8_validate's scalar steps would have reached. */
/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires wf_reach(src, len, i);
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && wf_reach(src, len, \result); */
size_t lepack_vec_utf8_valid_run(const uint8_t *src, size_t len, size_t i);

#if defined(LEPACK_PORTABLE) && !defined(__FRAMAC__)
/* No vector code: every kernel stops where it starts. */
#define lepack_vec_utf8_encode(s, n, i, d, lim, p) \
    ((void)(s), (void)(n), (void)(d), (void)(lim), (void)(p), (i))
#define lepack_vec_mutf8_encode(s, n, i, d, lim, p) \
    ((void)(s), (void)(n), (void)(d), (void)(lim), (void)(p), (i))
#define lepack_vec_utf8_decode(src, len, i, d, lim, q, steps) \
    ((void)(src), (void)(len), (void)(d), (void)(lim), (void)(q), *(steps) = 0, (i))
#define lepack_vec_utf8_length(s, n, i, e1, e2) \
    ((void)(s), (void)(n), (void)(e1), (void)(e2), (i))
#define lepack_vec_utf8_count(src, len, i, q) ((void)(src), (void)(len), (void)(q), (i))
#define lepack_vec_utf8_valid_run(src, len, i) ((void)(src), (void)(len), (i))
#endif

#endif
