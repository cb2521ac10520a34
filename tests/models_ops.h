/* SPDX-License-Identifier: Apache-2.0 */
/* Every lane operation of src/lane/ behind a plain signature (registers as
 * bytes in memory), compiled twice by tests/check_models.c: once with the
 * instructions (OP(name) = intrin_name) and once, in
 * tests/models_cform.c with -DLEPACK_LANE_C, with the models' C forms
 * (cform_name).  With MODELS_DECLARE only the prototypes.  No include
 * guard: it is meant to be read once per form. */
#include <stddef.h>
#include <stdint.h>

#ifdef MODELS_DECLARE
#define MODEL_OP(target, ...) __VA_ARGS__;
#define MODEL_BODY(...)
#else
#include <string.h>

#include "lane/align.h"
#include "lane/make.h"
#include "lane/stream.h"

#if LEPACK_LANE_INTRIN
#define MODEL_TARGET_128
#define MODEL_TARGET_256 __attribute__((target("avx2")))
#define MODEL_TARGET_512 __attribute__((target("avx512f")))
#else
#define MODEL_TARGET_128
#define MODEL_TARGET_256
#define MODEL_TARGET_512
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

#undef MODEL_OP
#undef MODEL_BODY
#undef MODEL_TARGET_128
#undef MODEL_TARGET_256
#undef MODEL_TARGET_512
#undef GET
#undef PUT
