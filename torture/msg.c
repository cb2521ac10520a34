/* SPDX-License-Identifier: Apache-2.0 */
/* lepack's own layout: a writer rewrites every item of a 16-item counters
 * message, generation after generation, while readers read the items back
 * field by field, as a port reading a shared message would.  All bytes of
 * every field of generation g are g mod 256, so a reader can tell a field
 * whose bytes come from two generations (torn) from an item whose whole
 * fields come from different generations (mixed).
 *
 * The message's bytes start 256 bytes before a page boundary, on a line
 * boundary (harness.h): item 6's initial counter (bytes 124..131) straddles
 * a line and item 12's updates count (bytes 252..259) straddles the page;
 * the other 30 int64 fields and all int32 fields lie inside a line.
 *
 * msg.api and msg.le race: the writer goes through lepack_counters_clear /
 * lepack_counters_add (compiled in their own translation unit) or through
 * le_store_* wrappers, the readers through le_load_* wrappers (access.c),
 * so no compiler sees both sides.  msg.publish is the pattern
 * docs/concurrency.md recommends: two messages in turn, each handed to the
 * reader with a release store and taken with an acquire load, and rewritten
 * only once the reader has released it back; it has no data race. */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "alloc.h"
#include "counters.h"
#include "harness.h"
#include "le.h"

#define MSG_ITEMS 16u

enum { FIELD_INSIDE, FIELD_LINE, FIELD_PAGE };
enum { ITEM_INSIDE, ITEM_STRADDLING };
enum { SEEN_WHOLE, SEEN_MIXED, SEEN_TORN };

typedef struct msg_shared {
    const tt_flags *f;
    tt_method method;
    lepack_counters m[2];
    uint8_t *data[2];
    unsigned field_class[MSG_ITEMS][2]; /* initial counter, updates count */
    uint64_t published; /* msg.publish: the last generation handed over */
    uint64_t consumed;  /* msg.publish: the last generation read */
} msg_shared;

typedef struct msg_thread {
    msg_shared *s;
    uint64_t ops;
    int failed; /* lepack_counters_add refused or moved the bytes */
    uint64_t item[2][3];  /* [item class][SEEN_*] */
    uint64_t torn32;
    uint64_t torn64[3];   /* [FIELD_*] */
} __attribute__((aligned(64))) msg_thread;

static uint64_t spread(uint8_t tag)
{
    return 0x0101010101010101u * tag;
}

static unsigned classify(const uint8_t *p)
{
    uintptr_t a = (uintptr_t)p;
    if (a % TT_PAGE > TT_PAGE - 8)
        return FIELD_PAGE;
    if (a % TT_LINE > TT_LINE - 8)
        return FIELD_LINE;
    return FIELD_INSIDE;
}

/* One generation through the message API, as a user would write it. */
static int fill(lepack_counters *m, const uint8_t *expect, uint8_t tag)
{
    lepack_counters_clear(m);
    int32_t part = lepack_i32_of_u32((uint32_t)spread(tag));
    int64_t v = lepack_i64_of_u64(spread(tag));
    for (unsigned i = 0; i < MSG_ITEMS; i++)
        if (lepack_counters_add(m, part, v, v) != LEPACK_OK)
            return -1;
    /* The capacity was enough: the bytes must not have moved. */
    size_t len;
    const uint8_t *wire = lepack_counters_wire(m, &len);
    return wire != NULL && (expect == NULL || wire == expect) ? 0 : -1;
}

static void *racy_writer(void *arg)
{
    msg_thread *t = arg;
    msg_shared *s = t->s;
    tt_wait_go(s->f);
    for (uint64_t g = 1; !tt_stopping(s->f); g++) {
        uint8_t tag = (uint8_t)g;
        if (s->method == TT_API) {
            if (fill(&s->m[0], s->data[0], tag) != 0) {
                t->failed = 1;
                break;
            }
        } else {
            uint8_t *item = s->data[0];
            for (unsigned i = 0; i < MSG_ITEMS; i++, item += LEPACK_ITEM_SIZE) {
                tt_store_le_u32(item + LEPACK_ITEM_PARTITION, spread(tag));
                tt_store_le_u64(item + LEPACK_ITEM_INITIAL_COUNTER, spread(tag));
                tt_store_le_u64(item + LEPACK_ITEM_UPDATES_COUNT, spread(tag));
            }
        }
        tt_count(&t->ops, MSG_ITEMS);
    }
    return NULL;
}

static int uniform(uint64_t v, unsigned bytes)
{
    uint64_t mask = bytes == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * bytes)) - 1;
    return v == (spread((uint8_t)v) & mask);
}

static void tally(msg_thread *t, unsigned i, uint64_t part, uint64_t init, uint64_t upd)
{
    const msg_shared *s = t->s;
    int torn = 0;
    if (!uniform(part, 4)) {
        t->torn32++;
        torn = 1;
    }
    if (!uniform(init, 8)) {
        t->torn64[s->field_class[i][0]]++;
        torn = 1;
    }
    if (!uniform(upd, 8)) {
        t->torn64[s->field_class[i][1]]++;
        torn = 1;
    }
    unsigned cls = s->field_class[i][0] != FIELD_INSIDE || s->field_class[i][1] != FIELD_INSIDE
                       ? ITEM_STRADDLING
                       : ITEM_INSIDE;
    unsigned seen = torn ? SEEN_TORN
                    : ((uint8_t)part == (uint8_t)init && (uint8_t)init == (uint8_t)upd)
                        ? SEEN_WHOLE
                        : SEEN_MIXED;
    t->item[cls][seen]++;
}

static void *racy_reader(void *arg)
{
    msg_thread *t = arg;
    const msg_shared *s = t->s;
    tt_wait_go(s->f);
    do {
        const uint8_t *item = s->data[0];
        for (unsigned i = 0; i < MSG_ITEMS; i++, item += LEPACK_ITEM_SIZE)
            tally(t, i, tt_load_le_u32(item + LEPACK_ITEM_PARTITION),
                  tt_load_le_u64(item + LEPACK_ITEM_INITIAL_COUNTER),
                  tt_load_le_u64(item + LEPACK_ITEM_UPDATES_COUNT));
        tt_count(&t->ops, MSG_ITEMS);
    } while (!tt_stopping(s->f));
    return NULL;
}

static void *publish_writer(void *arg)
{
    msg_thread *t = arg;
    msg_shared *s = t->s;
    tt_wait_go(s->f);
    for (uint64_t g = 3; !tt_stopping(s->f); g++) {
        /* Generation g reuses the message of g - 2: wait until it is read. */
        unsigned spins = 0;
        while (__atomic_load_n(&s->consumed, __ATOMIC_ACQUIRE) + 2 < g)
            if (tt_stopping(s->f))
                return NULL;
            else
                tt_spin(&spins);
        if (fill(&s->m[g & 1], s->data[g & 1], (uint8_t)g) != 0) {
            t->failed = 1;
            break;
        }
        __atomic_store_n(&s->published, g, __ATOMIC_RELEASE);
        tt_count(&t->ops, MSG_ITEMS);
    }
    return NULL;
}

static void *publish_reader(void *arg)
{
    msg_thread *t = arg;
    msg_shared *s = t->s;
    /* Only this thread writes consumed: it is the last generation read. */
    uint64_t last = __atomic_load_n(&s->consumed, __ATOMIC_RELAXED);
    unsigned spins = 0;
    tt_wait_go(s->f);
    while (!tt_stopping(s->f)) {
        uint64_t g = __atomic_load_n(&s->published, __ATOMIC_ACQUIRE);
        if (g == last) {
            tt_spin(&spins);
            continue;
        }
        const uint8_t *item = s->data[g & 1];
        for (unsigned i = 0; i < MSG_ITEMS; i++, item += LEPACK_ITEM_SIZE)
            tally(t, i, le_load_u32(item + LEPACK_ITEM_PARTITION),
                  le_load_u64(item + LEPACK_ITEM_INITIAL_COUNTER),
                  le_load_u64(item + LEPACK_ITEM_UPDATES_COUNT));
        tt_count(&t->ops, MSG_ITEMS);
        __atomic_store_n(&s->consumed, g, __ATOMIC_RELEASE);
        last = g;
    }
    return NULL;
}

void tt_run_msg(const tt_case *c, const tt_config *cfg, tt_result *r)
{
    tt_flags flags = {0, 0};
    msg_shared s;
    memset(&s, 0, sizeof s);
    s.f = &flags;
    s.method = c->method;
    int publish = c->method == TT_PUBLISH;
    unsigned nreaders = publish ? 1 : cfg->readers;
    unsigned nmsg = publish ? 2 : 1;
    msg_thread *t = aligned_alloc(64, sizeof *t * (1 + nreaders));
    if (t == NULL) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "out of memory");
        return;
    }
    memset(t, 0, sizeof *t * (1 + nreaders));

    tt_place_messages();
    int ok = 1;
    unsigned made = 0;
    /* Message k holds the generations g with g % 2 == k: 2 and 1 to start
     * with, both counted as read already. */
    for (unsigned k = 0; k < nmsg && ok; k++) {
        ok = lepack_counters_init(&s.m[k], 1, MSG_ITEMS) == LEPACK_OK;
        if (ok) {
            made++;
            ok = fill(&s.m[k], NULL, (uint8_t)(k == 0 ? 2 : 1)) == 0;
            s.data[k] = s.m[k].data;
        }
    }
    if (!ok) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "cannot build the message");
    } else {
        s.published = 2;
        s.consumed = 2;
        for (unsigned i = 0; i < MSG_ITEMS; i++) {
            const uint8_t *item = s.data[0] + i * LEPACK_ITEM_SIZE;
            s.field_class[i][0] = classify(item + LEPACK_ITEM_INITIAL_COUNTER);
            s.field_class[i][1] = classify(item + LEPACK_ITEM_UPDATES_COUNT);
        }
        tt_thread_fn fn[1 + TT_MAX_READERS];
        void *arg[1 + TT_MAX_READERS];
        fn[0] = publish ? publish_writer : racy_writer;
        for (unsigned i = 0; i <= nreaders; i++) {
            t[i].s = &s;
            arg[i] = &t[i];
            if (i > 0)
                fn[i] = publish ? publish_reader : racy_reader;
        }
        uint64_t *ops[1 + TT_MAX_READERS];
        for (unsigned i = 0; i <= nreaders; i++)
            ops[i] = &t[i].ops;
        int err = tt_run_threads(cfg, &flags, 1 + nreaders, fn, arg, ops, r);
        if (err != 0 || t[0].failed) {
            r->status = TT_FAILED;
            snprintf(r->note, sizeof r->note, "%s",
                     err != 0 ? "cannot start threads" : "lepack_counters_add failed");
        }
    }
    for (unsigned k = 0; k < made; k++)
        lepack_counters_free(&s.m[k]);
    lepack_set_allocator(NULL);

    uint64_t item[2][3] = {{0}}, torn64[3] = {0}, torn32 = 0;
    r->writes = t[0].ops;
    for (unsigned i = 1; i <= nreaders; i++) {
        r->reads += t[i].ops;
        torn32 += t[i].torn32;
        for (unsigned k = 0; k < 3; k++) {
            torn64[k] += t[i].torn64[k];
            item[0][k] += t[i].item[0][k];
            item[1][k] += t[i].item[1][k];
        }
    }
    free(t);
    tt_grade bad = publish ? TT_FORBIDDEN : TT_INTERESTING;
    static const char *const cls_name[2] = {"items inside lines", "items straddling"};
    char state[48];
    for (unsigned k = 0; k < 2; k++) {
        snprintf(state, sizeof state, "%s: one write", cls_name[k]);
        tt_result_add(r, state, item[k][SEEN_WHOLE], TT_ACCEPTABLE, "all three fields agree");
        snprintf(state, sizeof state, "%s: mixed writes", cls_name[k]);
        tt_result_add(r, state, item[k][SEEN_MIXED], bad, "whole fields of different writes");
        snprintf(state, sizeof state, "%s: a torn field", cls_name[k]);
        tt_result_add(r, state, item[k][SEEN_TORN], bad, "a field holds bytes of two writes");
    }
    /* Field rows count fields, inside the items already counted above. */
    unsigned first_detail = r->n;
    tt_result_add(r, "int32 partition: torn", torn32, bad, "all 16 inside a line");
    static const char *const field_state[3] = {"int64 inside a line: torn",
                                               "int64 across a line: torn",
                                               "int64 across a page: torn"};
    for (unsigned k = 0; k < 3; k++) {
        char where[56] = "";
        size_t at = 0;
        unsigned n = 0;
        for (unsigned i = 0; i < MSG_ITEMS; i++)
            for (unsigned f = 0; f < 2; f++)
                if (s.field_class[i][f] == k) {
                    n++;
                    if (k != FIELD_INSIDE && at < sizeof where)
                        at += (size_t)snprintf(where + at, sizeof where - at, "%sitem %u %s",
                                               at ? ", " : "", i, f ? "updates" : "initial");
                }
        if (k == FIELD_INSIDE)
            snprintf(where, sizeof where, "%u fields of the %u", n, 2 * MSG_ITEMS);
        tt_result_add(r, field_state[k], torn64[k], bad, where);
    }
    for (unsigned i = first_detail; i < r->n; i++)
        r->out[i].detail = 1;
}
