/* SPDX-License-Identifier: Apache-2.0 */
/* views: the checked accessors and the cursor against ref_get / ref_put, and
 * the fast memcpy form (le_mem.h) against the proven byte form (le_bytes.h).
 *
 * Input: one byte L (buffer length, 0..64), L bytes of initial content, then
 * 10-byte operations {op, off, value (8 bytes LE)}:
 *   op % 7       type: u8 u16 i16 u32 i32 u64 i64
 *   op / 7 % 2   byte order: little, big
 *   op / 14 % 6  action: get, put, cursor get, cursor put, cursor seek,
 *                forms only
 *   off          bit 7 set: SIZE_MAX - (off & 127), which exercises the
 *                off + width overflow; else off & 127
 * Two copies of the buffer (lepack's and the reference's) must stay
 * byte-identical; a refused access must leave its buffer and output alone.
 * Every value also goes through both forms of the 16/32/64-bit primitives. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cursor.h"
#include "le.h"
#include "le_bytes.h"
#include "ref.h"

#include "fuzz_check.h"
#include "fuzz_reader.h"

#define VIEW_MAX_LEN 64u
#define VIEW_MAX_OPS 1024u

static uint64_t width_mask(int w)
{
    return w == 8 ? UINT64_MAX : (((uint64_t)1 << (8 * w)) - 1);
}

/* One accessor family per type: generated so that the 56 entry points are
 * called through one code path each. */
#define VIEW_TYPE(N, T, W, S)                                                          \
    static lepack_status view_get_##N(int be, const uint8_t *buf, size_t len, size_t off, \
                                      uint64_t *bits, int *untouched)                  \
    {                                                                                  \
        T out, sent;                                                                   \
        memset(&out, 0x5a, sizeof out);                                                \
        sent = out;                                                                    \
        lepack_status st = be ? be_get_##N(buf, len, off, &out)                        \
                              : le_get_##N(buf, len, off, &out);                       \
        *untouched = memcmp(&out, &sent, sizeof out) == 0;                             \
        *bits = S ? (uint64_t)(int64_t)out & width_mask(W) : (uint64_t)out;            \
        return st;                                                                     \
    }                                                                                  \
    static lepack_status view_put_##N(int be, uint8_t *buf, size_t len, size_t off,    \
                                      uint64_t v)                                      \
    {                                                                                  \
        T val = S ? (T)ref_sign_extend(v, W) : (T)v;                                   \
        return be ? be_put_##N(buf, len, off, val) : le_put_##N(buf, len, off, val);   \
    }                                                                                  \
    static lepack_status view_cget_##N(int be, lepack_cursor *c, uint64_t *bits,       \
                                       int *untouched)                                 \
    {                                                                                  \
        T out, sent;                                                                   \
        memset(&out, 0x5a, sizeof out);                                                \
        sent = out;                                                                    \
        lepack_status st = be ? lepack_cursor_get_be_##N(c, &out)                      \
                              : lepack_cursor_get_le_##N(c, &out);                     \
        *untouched = memcmp(&out, &sent, sizeof out) == 0;                             \
        *bits = S ? (uint64_t)(int64_t)out & width_mask(W) : (uint64_t)out;            \
        return st;                                                                     \
    }                                                                                  \
    static lepack_status view_cput_##N(int be, lepack_cursor *c, uint64_t v)           \
    {                                                                                  \
        T val = S ? (T)ref_sign_extend(v, W) : (T)v;                                   \
        return be ? lepack_cursor_put_be_##N(c, val) : lepack_cursor_put_le_##N(c, val); \
    }

VIEW_TYPE(u8, uint8_t, 1, 0)
VIEW_TYPE(u16, uint16_t, 2, 0)
VIEW_TYPE(i16, int16_t, 2, 1)
VIEW_TYPE(u32, uint32_t, 4, 0)
VIEW_TYPE(i32, int32_t, 4, 1)
VIEW_TYPE(u64, uint64_t, 8, 0)
VIEW_TYPE(i64, int64_t, 8, 1)

typedef struct view_type {
    const char *name;
    int width;
    int is_signed;
    lepack_status (*get)(int, const uint8_t *, size_t, size_t, uint64_t *, int *);
    lepack_status (*put)(int, uint8_t *, size_t, size_t, uint64_t);
    lepack_status (*cget)(int, lepack_cursor *, uint64_t *, int *);
    lepack_status (*cput)(int, lepack_cursor *, uint64_t);
} view_type;

#define VIEW_ENTRY(N, W, S) {#N, W, S, view_get_##N, view_put_##N, view_cget_##N, view_cput_##N}
static const view_type view_types[7] = {
    VIEW_ENTRY(u8, 1, 0),  VIEW_ENTRY(u16, 2, 0), VIEW_ENTRY(i16, 2, 1), VIEW_ENTRY(u32, 4, 0),
    VIEW_ENTRY(i32, 4, 1), VIEW_ENTRY(u64, 8, 0), VIEW_ENTRY(i64, 8, 1),
};

/* The fast form must store the same bytes and load the same values as the
 * proven form, at every alignment, for the value v and for v's host bytes
 * read as a value. */
static void forms_check(size_t step, uint64_t v, unsigned at)
{
    uint8_t fast[16], slow[16], raw[16];
    memset(fast, 0xa5, sizeof fast);
    memset(slow, 0xa5, sizeof slow);
    memset(raw, 0, sizeof raw);
    memcpy(raw + at, &v, sizeof v);

    le_store_u16(fast + at, (uint16_t)v);
    le_bytes_store_u16(slow + at, (uint16_t)v);
    FZ_EQ_BYTES(step, "le_store_u16 vs le_bytes_store_u16", fast, slow, sizeof fast);
    FZ_EQ_U(step, "le_load_u16 of stored", le_load_u16(fast + at), (uint16_t)v);
    FZ_EQ_U(step, "le_load_u16 vs le_bytes_load_u16", le_load_u16(raw + at), le_bytes_load_u16(raw + at));
    le_store_u32(fast + at, (uint32_t)v);
    le_bytes_store_u32(slow + at, (uint32_t)v);
    FZ_EQ_BYTES(step, "le_store_u32 vs le_bytes_store_u32", fast, slow, sizeof fast);
    FZ_EQ_U(step, "le_load_u32 of stored", le_load_u32(fast + at), (uint32_t)v);
    FZ_EQ_U(step, "le_load_u32 vs le_bytes_load_u32", le_load_u32(raw + at), le_bytes_load_u32(raw + at));
    le_store_u64(fast + at, v);
    le_bytes_store_u64(slow + at, v);
    FZ_EQ_BYTES(step, "le_store_u64 vs le_bytes_store_u64", fast, slow, sizeof fast);
    FZ_EQ_U(step, "le_load_u64 of stored", le_load_u64(fast + at), v);
    FZ_EQ_U(step, "le_load_u64 vs le_bytes_load_u64", le_load_u64(raw + at), le_bytes_load_u64(raw + at));

    be_store_u16(fast + at, (uint16_t)v);
    be_bytes_store_u16(slow + at, (uint16_t)v);
    FZ_EQ_BYTES(step, "be_store_u16 vs be_bytes_store_u16", fast, slow, sizeof fast);
    FZ_EQ_U(step, "be_load_u16 of stored", be_load_u16(fast + at), (uint16_t)v);
    FZ_EQ_U(step, "be_load_u16 vs be_bytes_load_u16", be_load_u16(raw + at), be_bytes_load_u16(raw + at));
    be_store_u32(fast + at, (uint32_t)v);
    be_bytes_store_u32(slow + at, (uint32_t)v);
    FZ_EQ_BYTES(step, "be_store_u32 vs be_bytes_store_u32", fast, slow, sizeof fast);
    FZ_EQ_U(step, "be_load_u32 of stored", be_load_u32(fast + at), (uint32_t)v);
    FZ_EQ_U(step, "be_load_u32 vs be_bytes_load_u32", be_load_u32(raw + at), be_bytes_load_u32(raw + at));
    be_store_u64(fast + at, v);
    be_bytes_store_u64(slow + at, v);
    FZ_EQ_BYTES(step, "be_store_u64 vs be_bytes_store_u64", fast, slow, sizeof fast);
    FZ_EQ_U(step, "be_load_u64 of stored", be_load_u64(fast + at), v);
    FZ_EQ_U(step, "be_load_u64 vs be_bytes_load_u64", be_load_u64(raw + at), be_bytes_load_u64(raw + at));
}

static const char *const action_names[6] = {"get", "put", "cursor get", "cursor put",
                                            "cursor seek", "forms"};

typedef struct view_ctx {
    unsigned action;
    int be;
    const view_type *t;
    size_t off, len, pos;
} view_ctx;

/* The step's description, formatted only when a check fails. */
static const char *view_desc(const view_ctx *c)
{
    static char text[128];
    snprintf(text, sizeof text, "%s %s_%s off=%zu len=%zu pos=%zu", action_names[c->action],
             c->be ? "be" : "le", c->t->name, c->off, c->len, c->pos);
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_reader r;
    fz_init(&r, data, size);
    size_t len = fz_below(&r, VIEW_MAX_LEN + 1);
    /* Exactly len bytes on the heap, so that ASan sees any access past them. */
    uint8_t *buf = malloc(len > 0 ? len : 1);
    uint8_t *rbuf = malloc(len > 0 ? len : 1);
    uint8_t before[VIEW_MAX_LEN];
    if (buf == NULL || rbuf == NULL)
        abort();
    fz_bytes(&r, buf, len);
    if (len > 0)
        memcpy(rbuf, buf, len);

    lepack_cursor c;
    lepack_cursor_init(&c, buf, len);
    size_t rpos = 0;

    for (size_t step = 0; step < VIEW_MAX_OPS && !fz_done(&r); step++) {
        unsigned op = fz_u8(&r);
        unsigned offb = fz_u8(&r);
        uint64_t v = fz_u64(&r);
        const view_type *t = &view_types[op % 7];
        int be = (int)(op / 7 % 2);
        unsigned action = op / 14 % 6;
        size_t off = (offb & 0x80) ? SIZE_MAX - (offb & 0x7f) : (size_t)(offb & 0x7f);
        uint64_t mask = width_mask(t->width);
        size_t w = (size_t)t->width;
        view_ctx ctx = {action, be, t, off, len, rpos};

        forms_check(step, v, offb % 9);
        if (len > 0)
            memcpy(before, buf, len);

        switch (action) {
        case 0: {
            uint64_t got = 0, want = 0;
            int untouched = 0;
            lepack_status st = t->get(be, buf, len, off, &got, &untouched);
            int rst = ref_get(rbuf, len, off, t->width, be, &want);
            FZ_EQ_U(step, view_desc(&ctx), st, rst);
            if (st == LEPACK_OK)
                FZ_EQ_U(step, view_desc(&ctx), got, want);
            else if (!untouched)
                FZ_FAIL("step %zu: %s: refused get wrote its output", step, view_desc(&ctx));
            break;
        }
        case 1: {
            lepack_status st = t->put(be, buf, len, off, v & mask);
            int rst = ref_put(rbuf, len, off, t->width, be, v & mask);
            FZ_EQ_U(step, view_desc(&ctx), st, rst);
            if (st != LEPACK_OK)
                FZ_EQ_BYTES(step, "refused put changed the buffer", buf, before, len);
            break;
        }
        case 2: {
            uint64_t got = 0, want = 0;
            int untouched = 0;
            lepack_status st = t->cget(be, &c, &got, &untouched);
            int fits = len - rpos >= w;
            FZ_EQ_U(step, view_desc(&ctx), st, fits ? LEPACK_OK : LEPACK_ERANGE);
            if (fits) {
                if (ref_get(rbuf, len, rpos, t->width, be, &want) != REF_OK)
                    FZ_FAIL("step %zu: %s: reference refused an in-range get", step, view_desc(&ctx));
                FZ_EQ_U(step, view_desc(&ctx), got, want);
                rpos += w;
            } else if (!untouched) {
                FZ_FAIL("step %zu: %s: refused cursor get wrote its output", step, view_desc(&ctx));
            }
            break;
        }
        case 3: {
            lepack_status st = t->cput(be, &c, v & mask);
            int fits = len - rpos >= w;
            FZ_EQ_U(step, view_desc(&ctx), st, fits ? LEPACK_OK : LEPACK_ENOSPACE);
            if (fits) {
                if (ref_put(rbuf, len, rpos, t->width, be, v & mask) != REF_OK)
                    FZ_FAIL("step %zu: %s: reference refused an in-range put", step, view_desc(&ctx));
                rpos += w;
            } else {
                FZ_EQ_BYTES(step, "refused cursor put changed the buffer", buf, before, len);
            }
            break;
        }
        case 4:
            /* The cursor's fields are public; a seek is a plain store. */
            rpos = (offb & 0x7f) % (len + 1);
            c.pos = rpos;
            break;
        default:
            break;
        }
        FZ_EQ_U(step, "cursor pos", c.pos, rpos);
        if (c.buf != buf || c.cap != len)
            FZ_FAIL("step %zu: %s: cursor buf/cap changed", step, view_desc(&ctx));
        FZ_EQ_BYTES(step, view_desc(&ctx), buf, rbuf, len);
    }
    free(buf);
    free(rbuf);
    return 0;
}
