/* SPDX-License-Identifier: Apache-2.0 */
/* Every lane operation of src/lane/ behind a plain signature (registers as
 * bytes in memory), compiled twice by tests/check_models.c: once with the
 * instructions (OP(name) = intrin_name) and once, in
 * tests/models_cform.c with -DLEPACK_LANE_C, with the models' C forms
 * (cform_name).  With MODELS_DECLARE only the prototypes.  No include
 * guard: it is meant to be read once per form. */
#include <stddef.h>
#include <stdint.h>

#include "item.h"

#ifdef MODELS_DECLARE
#define MODEL_OP(target, ...) __VA_ARGS__;
#define MODEL_BODY(...)
#else
#include <string.h>

#include "lane/align.h"
#include "lane/bmp.h"
#include "lane/bmp512.h"
#include "lane/count.h"
#include "lane/encode.h"
#include "lane/half.h"
#include "lane/items.h"
#include "lane/load.h"
#include "lane/make.h"
#include "lane/mixed512.h"
#include "lane/narrow.h"
#include "lane/pair.h"
#include "lane/sign.h"
#include "lane/stream.h"
#include "lane/widen.h"

#if LEPACK_LANE_INTRIN
#define MODEL_TARGET_128
#define MODEL_TARGET_256 __attribute__((target("avx2")))
#define MODEL_TARGET_512 __attribute__((target("avx512f")))
#define MODEL_TARGET_512BW __attribute__((target("avx512f,avx512bw,avx512vl,bmi,bmi2")))
#define MODEL_TARGET_512VBMI2 LANE_TARGET_512VBMI2
#else
#define MODEL_TARGET_128
#define MODEL_TARGET_256
#define MODEL_TARGET_512
#define MODEL_TARGET_512BW
#define MODEL_TARGET_512VBMI2
#endif
#define MODEL_OP(target, ...) MODEL_TARGET_##target __VA_ARGS__
#define MODEL_BODY(...) __VA_ARGS__
#endif

/* Registers in and out of memory, whatever their form. */
#define GET(type, v, bytes) type v; memcpy(&v, bytes, sizeof v)
#define PUT(bytes, v) memcpy(bytes, &v, sizeof v)

MODEL_OP(128, void OP(v128_setzero_u8)(uint8_t *r)) MODEL_BODY({
    v128_u8 v = v128_setzero_u8();
    PUT(r, v);
})
MODEL_OP(256, void OP(v256_setzero_u8)(uint8_t *r)) MODEL_BODY({
    v256_u8 v = v256_setzero_u8();
    PUT(r, v);
})
MODEL_OP(512, void OP(v512_setzero_u8)(uint8_t *r)) MODEL_BODY({
    v512_u8 v = v512_setzero_u8();
    PUT(r, v);
})

/* A store and the fence after it (the fence is what makes the streamed
 * bytes visible to the comparison in a defined order). */
MODEL_OP(128, void OP(v128_stream_u8)(uint8_t *p, size_t o, const uint8_t *reg)) MODEL_BODY({
    GET(v128_u8, v, reg);
    v128_stream_u8(p, o, v);
    lane_sfence();
})
MODEL_OP(256, void OP(v256_stream_u8)(uint8_t *p, size_t o, const uint8_t *reg)) MODEL_BODY({
    GET(v256_u8, v, reg);
    v256_stream_u8(p, o, v);
    lane_sfence();
})
MODEL_OP(512, void OP(v512_stream_u8)(uint8_t *p, size_t o, const uint8_t *reg)) MODEL_BODY({
    GET(v512_u8, v, reg);
    v512_stream_u8(p, o, v);
    lane_sfence();
})

MODEL_OP(128, size_t OP(lane_line_offset_u8)(uint8_t *p)) MODEL_BODY({
    return lane_line_offset_u8(p);
})
MODEL_OP(128, void OP(lane_sfence)(void)) MODEL_BODY({
    lane_sfence();
})

/* Loads: the register from s[i ..]. */
MODEL_OP(128, void OP(v128_load_u8)(uint8_t *r, const uint8_t *s, size_t i)) MODEL_BODY({
    v128_u8 v = v128_load_u8(s, i);
    PUT(r, v);
})
MODEL_OP(256, void OP(v256_load_u8)(uint8_t *r, const uint8_t *s, size_t i)) MODEL_BODY({
    v256_u8 v = v256_load_u8(s, i);
    PUT(r, v);
})
MODEL_OP(512, void OP(v512_load_u8)(uint8_t *r, const uint8_t *s, size_t i)) MODEL_BODY({
    v512_u8 v = v512_load_u8(s, i);
    PUT(r, v);
})
MODEL_OP(512BW, void OP(v512_load_first_u8)(uint8_t *r, const uint8_t *s, size_t i, size_t n))
MODEL_BODY({
    v512_u8 v = v512_load_first_u8(s, i, n);
    PUT(r, v);
})
MODEL_OP(512, void OP(v512_load_u16)(uint8_t *r, const uint16_t *s, size_t i)) MODEL_BODY({
    v512_u16 v = v512_load_u16(s, i);
    PUT(r, v);
})
MODEL_OP(512BW, void OP(v512_load_first_u16)(uint8_t *r, const uint16_t *s, size_t i, size_t n))
MODEL_BODY({
    v512_u16 v = v512_load_first_u16(s, i, n);
    PUT(r, v);
})

/* The first lane at or above 0x80. */
MODEL_OP(128, size_t OP(v128_first_high_u8)(const uint8_t *reg)) MODEL_BODY({
    GET(v128_u8, v, reg);
    return v128_first_high_u8(v);
})
MODEL_OP(256, size_t OP(v256_first_high_u8)(const uint8_t *reg)) MODEL_BODY({
    GET(v256_u8, v, reg);
    return v256_first_high_u8(v);
})
MODEL_OP(512BW, size_t OP(v512_first_high_u8)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u8, v, reg);
    return v512_first_high_u8(v);
})
MODEL_OP(512BW, int OP(v512_none_high2_u8)(const uint8_t *ra, const uint8_t *rb)) MODEL_BODY({
    GET(v512_u8, a, ra);
    GET(v512_u8, b, rb);
    return v512_none_high2_u8(a, b);
})
MODEL_OP(512BW, int OP(v512_none_high_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u16, v, reg);
    return v512_none_high_u16(v);
})

/* 16-bit lanes: loads, the count above a bound, the surrogate test. */
MODEL_OP(128, void OP(v128_load_u16)(uint8_t *r, const uint16_t *s, size_t i)) MODEL_BODY({
    v128_u16 v = v128_load_u16(s, i);
    PUT(r, v);
})
MODEL_OP(256, void OP(v256_load_u16)(uint8_t *r, const uint16_t *s, size_t i)) MODEL_BODY({
    v256_u16 v = v256_load_u16(s, i);
    PUT(r, v);
})
MODEL_OP(128, size_t OP(v128_count_above_u16)(const uint8_t *reg, unsigned b)) MODEL_BODY({
    GET(v128_u16, v, reg);
    return v128_count_above_u16(v, b);
})
MODEL_OP(256, size_t OP(v256_count_above_u16)(const uint8_t *reg, unsigned b)) MODEL_BODY({
    GET(v256_u16, v, reg);
    return v256_count_above_u16(v, b);
})
MODEL_OP(128, int OP(v128_any_surrogate_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v128_u16, v, reg);
    return v128_any_surrogate_u16(v);
})
MODEL_OP(256, int OP(v256_any_surrogate_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v256_u16, v, reg);
    return v256_any_surrogate_u16(v);
})
MODEL_OP(512BW, size_t OP(v512_count_above_first_u16)(const uint8_t *reg, unsigned b, size_t m))
MODEL_BODY({
    GET(v512_u16, v, reg);
    return v512_count_above_first_u16(v, b, m);
})
MODEL_OP(512BW, size_t OP(v512_paired_lanes_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u16, v, reg);
    return v512_paired_lanes_u16(v);
})

/* Modified UTF-8 of the first m units of 32 into d[p ..]. */
MODEL_OP(512VBMI2, size_t OP(v512_store_mutf8_first_u16)(uint8_t *d, size_t p,
                                                        const uint8_t *reg, size_t m, int room))
MODEL_BODY({
    GET(v512_u16, v, reg);
    return v512_store_mutf8_first_u16(d, p, v, m, room);
})

/* The AVX-512 encoder's stores and tests (their constants' table, which
 * the C forms never read). */
MODEL_OP(512VBMI2, size_t OP(v512_store_utf8_mixed_u16)(uint8_t *d, size_t p, const uint8_t *reg,
                                                      size_t m, uint16_t a, int c, int room))
MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_store_utf8_mixed_u16(k, d, p, v, m, a, c, room);
})
/* The mixed run's store, from the 33 units loaded as the run loads them
 * (the load is checked through it: every lane's bytes depend on its unit
 * and the unit after it). */
MODEL_OP(512VBMI2, size_t OP(v512_store_utf8_mixed_wide_u16)(uint8_t *d, size_t p,
                                                           const uint16_t *s, int c, int room))
MODEL_BODY({
    GET(v512_u16, v, s);
    VEC_ENC_CONSTS(k);
    return v512_store_utf8_mixed_wide_u16(k, d, p, v512_load_wide33_u16(s, 0), v, s[32], c, room);
})
MODEL_OP(512VBMI2, size_t OP(v512_store_utf8_bmp32_u16)(uint8_t *d, size_t p, const uint8_t *reg,
                                                      int narrow, int room))
MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_store_utf8_bmp32_u16(k, d, p, v, narrow, room);
})
MODEL_OP(512VBMI2, size_t OP(v512_store_utf8_bmp_first_u16)(uint8_t *d, size_t p,
                                                          const uint8_t *reg, size_t m, int room))
MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_store_utf8_bmp_first_u16(k, d, p, v, m, room);
})
MODEL_OP(512VBMI2, size_t OP(v512_store_utf8_pairs_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_store_utf8_pairs_u16(k, d, p, v);
})
MODEL_OP(512VBMI2, int OP(v512_pairs_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_pairs_u16(k, v);
})
MODEL_OP(512VBMI2, int OP(v512_any_surrogate_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_any_surrogate_u16(k, v);
})
MODEL_OP(512VBMI2, int OP(v512_none_wide_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_none_wide_u16(k, v);
})
MODEL_OP(512VBMI2, int OP(v512_pair_out_u16)(const uint8_t *reg, uint16_t a)) MODEL_BODY({
    GET(v512_u16, v, reg);
    VEC_ENC_CONSTS(k);
    return v512_pair_out_u16(k, v, a);
})
MODEL_OP(512VBMI2, void OP(lane_prefetch_short_u16)(const uint16_t *s, size_t i, size_t n))
MODEL_BODY({
    lane_prefetch_short_u16(s, i, n);
})

/* Narrowing stores into d[p ..]. */
MODEL_OP(512BW, void OP(v512_store_narrow_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v512_u16, v, reg);
    v512_store_narrow_u16(d, p, v);
})
MODEL_OP(512BW,
         void OP(v512_store_narrow_first_u16)(uint8_t *d, size_t p, const uint8_t *reg, size_t k))
MODEL_BODY({
    GET(v512_u16, v, reg);
    v512_store_narrow_first_u16(d, p, v, k);
})

/* The encoder's forms: the tests of 8 or 16 units and the stores of their
 * UTF-8 bytes into d[p ..]. */
MODEL_OP(128, int OP(v128_ascii2_u16)(const uint8_t *ra, const uint8_t *rb)) MODEL_BODY({
    GET(v128_u16, a, ra);
    GET(v128_u16, b, rb);
    return v128_ascii2_u16(a, b);
})
/* The packing store's two registers side by side in reg (32 bytes). */
MODEL_OP(128, void OP(v128_store_pack_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u16, a, reg);
    GET(v128_u16, b, reg + 16);
    v128_store_pack_u16(d, p, a, b);
})
MODEL_OP(128, int OP(v128_two_byte_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v128_u16, v, reg);
    return v128_two_byte_u16(v);
})
MODEL_OP(128, void OP(v128_store_two_byte_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u16, v, reg);
    v128_store_two_byte_u16(d, p, v);
})
MODEL_OP(128, int OP(v128_pairs_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v128_u16, v, reg);
    return v128_pairs_u16(v);
})
MODEL_OP(128, void OP(v128_store_pairs_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u16, v, reg);
    v128_store_pairs_u16(d, p, v);
})

/* The 256-bit forms of the AVX2 encoder: the tests of 16 units, the
 * halves of a register, and the store of 8 units of the Basic
 * Multilingual Plane (1 to 3 bytes each) into d[p ..], which returns how
 * many bytes are its units' (it may write 12 more after them). */
MODEL_OP(256, int OP(v256_ascii_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v256_u16, v, reg);
    return v256_ascii_u16(v);
})
MODEL_OP(256, int OP(v256_pairs_u16)(const uint8_t *reg)) MODEL_BODY({
    GET(v256_u16, v, reg);
    return v256_pairs_u16(v);
})
MODEL_OP(128, void OP(v128_store_pairs2_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u16, a, reg);
    GET(v128_u16, b, reg + 16);
    v128_store_pairs2_u16(d, p, a, b);
})
MODEL_OP(256, void OP(v256_low_u16)(uint8_t *r, const uint8_t *reg)) MODEL_BODY({
    GET(v256_u16, v, reg);
    v128_u16 h = v256_low_u16(v);
    PUT(r, h);
})
MODEL_OP(256, void OP(v256_high_u16)(uint8_t *r, const uint8_t *reg)) MODEL_BODY({
    GET(v256_u16, v, reg);
    v128_u16 h = v256_high_u16(v);
    PUT(r, h);
})
MODEL_OP(256, size_t OP(v256_store_utf8_bmp_u16)(uint8_t *d, size_t p, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u16, h, reg);
    return v256_store_utf8_bmp_u16(d, p, h);
})

/* Widening stores into d[q ..]. */
MODEL_OP(128, void OP(v128_store_widen_u8)(uint16_t *d, size_t q, const uint8_t *reg))
MODEL_BODY({
    GET(v128_u8, v, reg);
    v128_store_widen_u8(d, q, v);
})
MODEL_OP(256, void OP(v256_store_widen_u8)(uint16_t *d, size_t q, const uint8_t *reg))
MODEL_BODY({
    GET(v256_u8, v, reg);
    v256_store_widen_u8(d, q, v);
})
MODEL_OP(512BW, void OP(v512_store_widen_u8)(uint16_t *d, size_t q, const uint8_t *reg))
MODEL_BODY({
    GET(v512_u8, v, reg);
    v512_store_widen_u8(d, q, v);
})
MODEL_OP(512BW,
         void OP(v512_store_widen_first_u8)(uint16_t *d, size_t q, const uint8_t *reg, size_t k))
MODEL_BODY({
    GET(v512_u8, v, reg);
    v512_store_widen_first_u8(d, q, v, k);
})

/* Items as 32-bit lanes: struct register r of the 16 items at p, wire
 * registers packed and stored at p[o ..]; wire words loaded from p[o ..],
 * and unpacked into the items p[at ..]. */
MODEL_OP(512, void OP(v512_load_items_u32)(uint8_t *r, const lepack_counters_item *p, size_t k))
MODEL_BODY({
    v512_u32 v = v512_load_items_u32(p, k);
    PUT(r, v);
})
MODEL_OP(512, void OP(v512_pack_put5_u32)(uint8_t *p, size_t o, const uint8_t *regs, int aligned,
                                         int stream))
MODEL_BODY({
    GET(v512_u32, r0, regs);
    GET(v512_u32, r1, regs + 64);
    GET(v512_u32, r2, regs + 128);
    GET(v512_u32, r3, regs + 192);
    GET(v512_u32, r4, regs + 256);
    GET(v512_u32, r5, regs + 320);
    /* Each form with its constants, as the kernel has it. */
    if (stream) {
        v512_pack_put5_u32(p, o, r0, r1, r2, r3, r4, r5, 0, 1);
        lane_sfence();
    } else if (aligned) {
        v512_pack_put5_u32(p, o, r0, r1, r2, r3, r4, r5, 1, 0);
    } else {
        v512_pack_put5_u32(p, o, r0, r1, r2, r3, r4, r5, 0, 0);
    }
})
MODEL_OP(512, void OP(v512_load_wire_u32)(uint8_t *r, const uint8_t *p, size_t o))
MODEL_BODY({
    v512_u32 v = v512_load_wire_u32(p, o);
    PUT(r, v);
})
MODEL_OP(512, size_t OP(lane_item_line_offset_of)(const lepack_counters_item *p))
MODEL_BODY({ return lane_item_line_offset_of(p); })
MODEL_OP(512, void OP(v512_unpack_put6_u32)(lepack_counters_item *p, size_t at,
                                           const uint8_t *regs, int aligned, int stream))
MODEL_BODY({
    GET(v512_u32, w0, regs);
    GET(v512_u32, w1, regs + 64);
    GET(v512_u32, w2, regs + 128);
    GET(v512_u32, w3, regs + 192);
    GET(v512_u32, w4, regs + 256);
    if (stream) {
        v512_unpack_put6_u32(p, at, w0, w1, w2, w3, w4, 0, 1);
        lane_sfence();
    } else if (aligned) {
        v512_unpack_put6_u32(p, at, w0, w1, w2, w3, w4, 1, 0);
    } else {
        v512_unpack_put6_u32(p, at, w0, w1, w2, w3, w4, 0, 0);
    }
})
MODEL_OP(256, void OP(v256_load_items_u32)(uint8_t *r, const lepack_counters_item *p, size_t k))
MODEL_BODY({
    v256_u32 v = v256_load_items_u32(p, k);
    PUT(r, v);
})
MODEL_OP(256, void OP(v256_pack_put5_u32)(uint8_t *p, size_t o, const uint8_t *regs))
MODEL_BODY({
    GET(v256_u32, r0, regs);
    GET(v256_u32, r1, regs + 32);
    GET(v256_u32, r2, regs + 64);
    GET(v256_u32, r3, regs + 96);
    GET(v256_u32, r4, regs + 128);
    GET(v256_u32, r5, regs + 160);
    v256_pack_put5_u32(p, o, r0, r1, r2, r3, r4, r5);
})
MODEL_OP(256, void OP(v256_load_wire_u32)(uint8_t *r, const uint8_t *p, size_t o))
MODEL_BODY({
    v256_u32 v = v256_load_wire_u32(p, o);
    PUT(r, v);
})
MODEL_OP(256, void OP(v256_unpack_put6_u32)(lepack_counters_item *p, size_t at,
                                           const uint8_t *regs))
MODEL_BODY({
    GET(v256_u32, x0, regs);
    GET(v256_u32, x1, regs + 32);
    GET(v256_u32, x2, regs + 64);
    GET(v256_u32, x3, regs + 96);
    GET(v256_u32, x4, regs + 128);
    GET(v256_u32, x5, regs + 160);
    v256_unpack_put6_u32(p, at, x0, x1, x2, x3, x4, x5);
})

#undef MODEL_OP
#undef MODEL_BODY
#undef MODEL_TARGET_128
#undef MODEL_TARGET_256
#undef MODEL_TARGET_512
#undef MODEL_TARGET_512BW
#undef MODEL_TARGET_512VBMI2
#undef GET
#undef PUT
