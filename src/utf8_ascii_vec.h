/* SPDX-License-Identifier: Apache-2.0 */
/* The runs of ASCII of the UTF-8 vector kernels (internal, not installed
 * API), written in the lane operations of src/lane/ and proven from their
 * contracts (unit ascii, proofs/utf8_ascii.c): every load and store in
 * bounds, the frame, and what each returns.  src/utf8_vec.c includes this
 * header and inlines them into its kernels, so the text proven is the
 * text compiled.
 *
 * Their contracts say more than their trusted callers ask today (the
 * stop at a byte at or above 0x80, the units beyond the run untouched),
 * so that those callers can be proven from them in turn. */
#ifndef LEPACK_UTF8_ASCII_VEC_H
#define LEPACK_UTF8_ASCII_VEC_H

#include <stddef.h>
#include <stdint.h>

#include "lane/load.h"
#include "lane/narrow.h"
#include "lane/sign.h"
#include "lane/widen.h"

#if LEPACK_LANES

/*@ predicate ascii_bytes{L}(uint8_t *s, integer from, integer to) =
      \forall integer k; from <= k < to ==> s[k] < 0x80;
    predicate ascii_units_in{L}(uint16_t *s, integer from, integer to) =
      \forall integer k; from <= k < to ==> s[k] < 0x80;
    // The units the encoder's ASCII step takes from i: 32, or all that are
    // left when fewer.
    logic integer block32(integer n, integer i) = n - i >= 32 ? 32 : n - i; */

/* The end of the run of ASCII bytes from src[i], to within the last 15
 * bytes: 16 bytes a step while 16 are left, and the first byte at or
 * above 0x80 of the block that has one. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1));
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 16 || src[\result] >= 0x80; */
static inline size_t vec_span_sse2(const uint8_t *src, size_t len, size_t i)
{
    /*@ loop invariant \at(i, Pre) <= i <= len && ascii_bytes(src, \at(i, Pre), i);
        loop assigns i;
        loop variant len - i; */
    while (len - i >= 16) {
        v128_u8 v = v128_load_u8(src, i);
        size_t f = v128_first_high_u8(v);
        if (f < 16)
            return i + f;
        i += 16;
    }
    return i;
}

/* The same, 32 bytes a step, then 16. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1));
    assigns \nothing;
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 16 || src[\result] >= 0x80; */
__attribute__((target("avx2"))) static inline size_t vec_span_avx2(const uint8_t *src, size_t len,
                                                                    size_t i)
{
    /*@ loop invariant \at(i, Pre) <= i <= len && ascii_bytes(src, \at(i, Pre), i);
        loop assigns i;
        loop variant len - i; */
    while (len - i >= 32) {
        v256_u8 v = v256_load_u8(src, i);
        size_t f = v256_first_high_u8(v);
        if (f < 32)
            return i + f;
        i += 32;
    }
    return vec_span_sse2(src, len, i);
}

/* The decoder's run of ASCII below AVX-512, 16 bytes a step: each byte
 * from src[i] as its unit at d[*qq ..], to the end of the run (or to the
 * start of its last block, within the last 63 bytes), with *qq moved past
 * its units.  A block the run ends
 * inside is stored whole, its units after the run included, when at least
 * 64 bytes are left from it (the rest of the text then gives at least 16
 * units, since a unit takes at most 3 bytes), so that the run needs no
 * scalar steps: d needs room for the run's units, and for 16 from any
 * place in the run at least 64 bytes from the end; later steps overwrite
 * the units after the run. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires *qq <= SIZE_MAX - (len - i);
    requires \forall integer r; i <= r <= len && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq .. *qq + (r - i) - 1));
    requires \forall integer r; i <= r && len - r >= 64 && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq + (r - i) .. *qq + (r - i) + 15));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    assigns *qq, d[*qq .. *qq + (len - i) - 1];
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 64 || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq + 16 <= x < \old(*qq) + (len - i) ==> d[x] == \old(d[x]); */
static inline size_t vec_ascii_sse2(const uint8_t *src, size_t len, size_t i, uint16_t *d,
                                    size_t *qq)
{
    size_t q = *qq;
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (len - i >= 16) {
        v128_u8 v = v128_load_u8(src, i);
        size_t k = v128_first_high_u8(v);
        if (k < 16) {
            if (k == 0 || len - i < 64)
                break;
            v128_store_widen_u8(d, q, v);
            q += k;
            i += k;
            break;
        }
        //@ assert ascii_bytes(src, \at(i, Pre), i + 16);
        v128_store_widen_u8(d, q, v);
        q += 16;
        i += 16;
    }
    *qq = q;
    return i;
}

/* The same, 32 bytes a step while 32 are left, then 16. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires *qq <= SIZE_MAX - (len - i);
    requires \forall integer r; i <= r <= len && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq .. *qq + (r - i) - 1));
    requires \forall integer r; i <= r && len - r >= 64 && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq + (r - i) .. *qq + (r - i) + 15));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    assigns *qq, d[*qq .. *qq + (len - i) - 1];
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || len - \result < 64 || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq + 16 <= x < \old(*qq) + (len - i) ==> d[x] == \old(d[x]); */
__attribute__((target("avx2"))) static inline size_t vec_ascii_avx2(const uint8_t *src, size_t len,
                                                                     size_t i, uint16_t *d,
                                                                     size_t *qq)
{
    size_t q = *qq;
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (len - i >= 32) {
        v256_u8 v = v256_load_u8(src, i);
        if (v256_first_high_u8(v) < 32)
            break;
        //@ assert ascii_bytes(src, \at(i, Pre), i + 32);
        v256_store_widen_u8(d, q, v);
        q += 32;
        i += 32;
    }
    *qq = q;
    return vec_ascii_sse2(src, len, i, d, qq);
}

/* The run of ASCII bytes from src[i], each as its unit at d[*qq ..]:
 * returns where it ends (len, or a byte at or above 0x80), with *qq moved
 * past its units.  Only the run's units are written: d needs room for
 * them and no more.  Whole blocks with plain loads and stores (clang 14
 * made the masked loop about 5x slower than AVX2 on long ASCII runs; gcc
 * did not), two a step, both tested at once; then a block, then the rest
 * by masked loads and stores. */
/*@ requires i <= len && \valid_read(src + (i .. len - 1)) && \valid(qq);
    requires *qq <= SIZE_MAX - (len - i);
    requires \forall integer r; i <= r <= len && ascii_bytes(src, i, r) ==>
               \valid(d + (*qq .. *qq + (r - i) - 1));
    requires \separated(qq, src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    requires \separated(src + (i .. len - 1), d + (*qq .. *qq + (len - i) - 1));
    assigns *qq, d[*qq .. *qq + (len - i) - 1];
    exits \false;
    ensures i <= \result <= len && ascii_bytes(src, i, \result);
    ensures \result == len || src[\result] >= 0x80;
    ensures *qq == \old(*qq) + (\result - i);
    ensures \forall integer k; i <= k < \result ==> d[\old(*qq) + (k - i)] == src[k];
    ensures \forall integer x; *qq <= x < \old(*qq) + (len - i) ==> d[x] == \old(d[x]); */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2"))) static inline
__attribute__((always_inline))
size_t vec_ascii_avx512(const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t *qq)
{
    size_t q = *qq;
    /* One test for two blocks: 245 instructions a call for 512 bytes,
     * against 347 a block at a time.  Both are read before either is written, as in
     * the encoder's runs, where a load after stores waited on them
     * wherever the output ran at the input's address less a multiple of
     * 4 KiB. */
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (len - i >= 128) {
        v512_u8 v0 = v512_load_u8(src, i);
        v512_u8 v1 = v512_load_u8(src, i + 64);
        if (!v512_none_high2_u8(v0, v1))
            break;
        //@ assert ascii_bytes(src, \at(i, Pre), i + 128);
        v512_store_widen_u8(d, q, v0);
        v512_store_widen_u8(d, q + 64, v1);
        q += 128;
        i += 128;
    }
    if (len - i >= 64) {
        v512_u8 v = v512_load_u8(src, i);
        if (v512_first_high_u8(v) == 64) {
            //@ assert ascii_bytes(src, \at(i, Pre), i + 64);
            v512_store_widen_u8(d, q, v);
            q += 64;
            i += 64;
        }
    }
    /*@ loop invariant \at(i, Pre) <= i <= len && q == \at(*qq, Pre) + (i - \at(i, Pre));
        loop invariant ascii_bytes(src, \at(i, Pre), i);
        loop invariant \forall integer k; \at(i, Pre) <= k < i ==>
                         d[\at(*qq, Pre) + (k - \at(i, Pre))] == src[k];
        loop invariant \forall integer x; q <= x < \at(*qq, Pre) + (len - \at(i, Pre)) ==>
                         d[x] == \at(d[x], Pre);
        loop assigns i, q, d[\at(*qq, Pre) .. \at(*qq, Pre) + (len - \at(i, Pre)) - 1];
        loop variant len - i; */
    while (i < len) {
        size_t n = len - i >= 64 ? 64 : len - i;
        v512_u8 v = v512_load_first_u8(src, i, n);
        size_t f = v512_first_high_u8(v);
        size_t k = f < n ? f : n;
        //@ assert ascii_bytes(src, \at(i, Pre), i + k);
        v512_store_widen_first_u8(d, q, v, k);
        q += k;
        i += k;
        /*@ assert \forall integer j; \at(i, Pre) <= j < i ==>
                     d[\at(*qq, Pre) + (j - \at(i, Pre))] == src[j]; */
        if (f < n)
            break;
    }
    *qq = q;
    return i;
}

/* The encoder's ASCII step: the next 32 units from s[i] (all that are
 * left, when fewer), as their bytes at d[p ..] when every one is ASCII:
 * returns how many; else 0, and nothing is written.  The tail in one
 * masked load and store. */
/*@ requires i < n && \valid_read(s + (i .. n - 1));
    requires ascii_units_in(s, i, i + block32(n, i)) ==>
               \valid(d + (p .. p + block32(n, i) - 1));
    requires \separated(d + (p .. p + block32(n, i) - 1), s + (i .. n - 1));
    assigns d[p .. p + block32(n, i) - 1];
    exits \false;
    behavior ascii:
      assumes ascii_units_in(s, i, i + block32(n, i));
      ensures \result == block32(n, i);
      ensures \forall integer k; i <= k < i + \result ==> d[p + (k - i)] == s[k];
    behavior not_ascii:
      assumes !ascii_units_in(s, i, i + block32(n, i));
      ensures \result == 0;
      ensures \forall integer x; p <= x < p + block32(n, i) ==> d[x] == \old(d[x]);
    complete behaviors;
    disjoint behaviors; */
__attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2"))) static inline
size_t vec_ascii32_avx512(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t p)
{
    if (n - i >= 32) {
        v512_u16 v = v512_load_u16(s, i);
        //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] == s[i + t];
        if (!v512_none_high_u16(v))
            return 0;
        //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] % 256 == v.l[t];
        v512_store_narrow_u16(d, p, v);
        //@ assert \forall integer x; p <= x < p + 32 ==> d[x] == v.l[x - p];
        return 32;
    }
    size_t m = n - i;
    v512_u16 v = v512_load_first_u16(s, i, m);
    //@ assert block32(n, i) == m;
    //@ assert \forall integer t; 0 <= t < m ==> v.l[t] == s[i + t];
    if (!v512_none_high_u16(v))
        return 0;
    //@ assert \forall integer t; 0 <= t < 32 ==> v.l[t] % 256 == v.l[t];
    v512_store_narrow_first_u16(d, p, v, m);
    //@ assert \forall integer x; p <= x < p + m ==> d[x] == v.l[x - p];
    return m;
}

#endif
#endif
