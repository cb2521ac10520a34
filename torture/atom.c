/* SPDX-License-Identifier: Apache-2.0 */
/* Atomicity: one writer stores four values in turn, every byte of each
 * differing from the byte before it (00.. -> ff.. -> 01.. -> fe.. -> 00..),
 * while readers load the same bytes and count what they see.  A value that
 * is none of the four holds bytes of different stores: it is torn. */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "harness.h"

typedef struct atom_shared {
    const tt_flags *f;
    uint8_t *p;
    unsigned width;
    int locked; /* stores by CAS (and loads locked too for TT_CAS) */
    uint64_t vals[4];
    tt_u128 vals16[4];
    tt_load_fn load;
    tt_store_fn store;
    tt_cas_fn cas;
    tt_locked_load_fn locked_load;
} atom_shared;

/* Each thread's counters live in their own lines, away from the raced ones. */
typedef struct atom_thread {
    const atom_shared *s;
    uint64_t ops;
    uint64_t seen[4];
    uint64_t cas_failed;
    tt_hist hist;
} __attribute__((aligned(64))) atom_thread;

/* A batch between two looks at the stop flag: short for locked accesses,
 * which a kernel may slow down to a few per second (split_lock_detect). */
static unsigned batch_of(const atom_shared *s)
{
    return s->locked ? 16u : 1024u;
}

static void *writer(void *arg)
{
    atom_thread *t = arg;
    const atom_shared *s = t->s;
    unsigned batch = batch_of(s);
    unsigned i = 0;
    uint64_t cur = s->vals[0];
    tt_wait_go(s->f);
    do {
        for (unsigned k = 0; k < batch; k++) {
            i = (i + 1) & 3;
            uint64_t v = s->vals[i];
            if (s->cas != NULL) {
                if (s->cas(s->p, cur, v) != cur)
                    t->cas_failed++;
            } else {
                s->store(s->p, v);
            }
            cur = v;
        }
        tt_count(&t->ops, batch);
    } while (!tt_stopping(s->f));
    return NULL;
}

static void *reader(void *arg)
{
    atom_thread *t = arg;
    const atom_shared *s = t->s;
    unsigned batch = batch_of(s);
    uint64_t v0 = s->vals[0], v1 = s->vals[1], v2 = s->vals[2], v3 = s->vals[3];
    uint64_t c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    tt_wait_go(s->f);
    do {
        for (unsigned k = 0; k < batch; k++) {
            uint64_t v = s->locked_load != NULL ? s->locked_load(s->p) : s->load(s->p);
            if (v == v0)
                c0++;
            else if (v == v1)
                c1++;
            else if (v == v2)
                c2++;
            else if (v == v3)
                c3++;
            else
                tt_hist_add(&t->hist, v, 0);
        }
        tt_count(&t->ops, batch);
    } while (!tt_stopping(s->f));
    t->seen[0] = c0;
    t->seen[1] = c1;
    t->seen[2] = c2;
    t->seen[3] = c3;
    return NULL;
}

#if TT_X86_ASM
static int eq128(tt_u128 a, tt_u128 b)
{
    return a.lo == b.lo && a.hi == b.hi;
}

static void *writer16(void *arg)
{
    atom_thread *t = arg;
    const atom_shared *s = t->s;
    unsigned batch = batch_of(s);
    unsigned i = 0;
    tt_u128 cur = s->vals16[0];
    tt_wait_go(s->f);
    do {
        for (unsigned k = 0; k < batch; k++) {
            i = (i + 1) & 3;
            tt_u128 v = s->vals16[i];
            if (s->locked) {
                if (!eq128(tt_cas_u128(s->p, cur, v), cur))
                    t->cas_failed++;
            } else {
                tt_store_plain_u128(s->p, v);
            }
            cur = v;
        }
        tt_count(&t->ops, batch);
    } while (!tt_stopping(s->f));
    return NULL;
}

static void *reader16(void *arg)
{
    atom_thread *t = arg;
    const atom_shared *s = t->s;
    unsigned batch = batch_of(s);
    tt_wait_go(s->f);
    do {
        for (unsigned k = 0; k < batch; k++) {
            tt_u128 v = s->locked ? tt_load_locked_u128(s->p) : tt_load_plain_u128(s->p);
            unsigned j = 0;
            while (j < 4 && !eq128(v, s->vals16[j]))
                j++;
            if (j < 4)
                t->seen[j]++;
            else
                tt_hist_add(&t->hist, v.lo, v.hi);
        }
        tt_count(&t->ops, batch);
    } while (!tt_stopping(s->f));
    return NULL;
}
#endif

/* The bytes of a value as they lie in memory, in hex. */
static void hex_state(char *out, size_t cap, uint64_t lo, uint64_t hi, unsigned width, int le)
{
    size_t at = 0;
    for (unsigned k = 0; k < width && at + 3 <= cap; k++) {
        uint64_t v = k < 8 ? lo : hi;
        unsigned b = k % 8, w = width < 8 ? width : 8;
        unsigned shift = le || !TT_HOST_BIG_ENDIAN ? 8 * b : 8 * (w - 1 - b);
        at += (size_t)snprintf(out + at, cap - at, "%02x", (unsigned)(v >> shift) & 0xffu);
    }
}

static int by_count_desc(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] < y[0] ? 1 : x[0] > y[0] ? -1 : 0;
}

static void select_access(const tt_case *c, atom_shared *s)
{
    static const tt_load_fn plain_load[] = {tt_load_plain_u16, tt_load_plain_u32, tt_load_plain_u64};
    static const tt_store_fn plain_store[] = {tt_store_plain_u16, tt_store_plain_u32,
                                              tt_store_plain_u64};
    static const tt_load_fn le_load[] = {tt_load_le_u16, tt_load_le_u32, tt_load_le_u64};
    static const tt_store_fn le_store[] = {tt_store_le_u16, tt_store_le_u32, tt_store_le_u64};
    static const tt_load_fn rx_load[] = {tt_load_relaxed_u16, tt_load_relaxed_u32,
                                         tt_load_relaxed_u64};
    static const tt_store_fn rx_store[] = {tt_store_relaxed_u16, tt_store_relaxed_u32,
                                           tt_store_relaxed_u64};
    static const tt_load_fn sc_load[] = {tt_load_seqcst_u16, tt_load_seqcst_u32,
                                         tt_load_seqcst_u64};
    static const tt_store_fn sc_store[] = {tt_store_seqcst_u16, tt_store_seqcst_u32,
                                           tt_store_seqcst_u64};
    static const tt_cas_fn cas[] = {tt_cas_u16, tt_cas_u32, tt_cas_u64};
    static const tt_locked_load_fn locked[] = {tt_load_locked_u16, tt_load_locked_u32,
                                               tt_load_locked_u64};
    unsigned w = c->width == 2 ? 0 : c->width == 4 ? 1 : 2;
    switch (c->method) {
    case TT_PLAIN: s->load = plain_load[w]; s->store = plain_store[w]; break;
    case TT_LE: s->load = le_load[w]; s->store = le_store[w]; break;
    case TT_RELAXED: s->load = rx_load[w]; s->store = rx_store[w]; break;
    case TT_SEQCST: s->load = sc_load[w]; s->store = sc_store[w]; break;
    case TT_CAS: s->cas = cas[w]; s->locked_load = locked[w]; break;
    case TT_CAS_PLAIN: s->cas = cas[w]; s->load = plain_load[w]; break;
    case TT_API:
    case TT_PUBLISH: break;
    }
    s->locked = s->cas != NULL;
}

static size_t place_offset(tt_place p, unsigned width)
{
    switch (p) {
    case TT_AT_ALIGNED: return TT_PAGE + 4 * TT_LINE;
    case TT_AT_UNALIGNED: return TT_PAGE + 4 * TT_LINE + TT_LINE / 2 - width / 2;
    case TT_AT_LINE: return TT_PAGE + 5 * TT_LINE - width / 2;
    case TT_AT_PAGE: return 2 * TT_PAGE - width / 2;
    case TT_AT_LAYOUT: break;
    }
    return TT_PAGE;
}

void tt_run_atom(const tt_case *c, const tt_config *cfg, tt_result *r)
{
    static const uint64_t pattern[4] = {0, UINT64_MAX, 0x0101010101010101u,
                                        0xfefefefefefefefeu};
    tt_flags flags = {0, 0};
    atom_shared s;
    memset(&s, 0, sizeof s);
    s.f = &flags;
    s.width = c->width;
    uint64_t mask = c->width >= 8 ? UINT64_MAX : (UINT64_C(1) << (8 * c->width)) - 1;
    for (unsigned i = 0; i < 4; i++) {
        s.vals[i] = pattern[i] & mask;
        s.vals16[i].lo = s.vals16[i].hi = pattern[i];
    }
    uint8_t *page = tt_pages(3);
    unsigned nreaders = cfg->readers;
    atom_thread *t = aligned_alloc(64, sizeof *t * (1 + nreaders));
    if (page == NULL || t == NULL) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "out of memory");
        free(page);
        free(t);
        return;
    }
    memset(t, 0, sizeof *t * (1 + nreaders));
    s.p = page + place_offset(c->place, c->width);

    tt_thread_fn fn[1 + TT_MAX_READERS];
    void *arg[1 + TT_MAX_READERS];
    if (c->width == 16) {
#if TT_X86_ASM
        s.locked = c->method == TT_CAS;
        tt_store_plain_u128(s.p, s.vals16[0]);
        fn[0] = writer16;
        for (unsigned i = 1; i <= nreaders; i++)
            fn[i] = reader16;
#endif
    } else {
        select_access(c, &s);
        memcpy(s.p, &s.vals[0], c->width); /* all four are byte-uniform */
        fn[0] = writer;
        for (unsigned i = 1; i <= nreaders; i++)
            fn[i] = reader;
    }
    for (unsigned i = 0; i <= nreaders; i++) {
        t[i].s = &s;
        arg[i] = &t[i];
    }

    uint64_t *ops[1 + TT_MAX_READERS];
    for (unsigned i = 0; i <= nreaders; i++)
        ops[i] = &t[i].ops;
    int err = tt_run_threads(cfg, &flags, 1 + nreaders, fn, arg, ops, r);
    if (err != 0) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "cannot start threads: %s", strerror(err));
    }

    r->writes = t[0].ops;
    int le = c->method == TT_LE;
    char state[48];
    for (unsigned i = 1; i <= nreaders; i++)
        r->reads += t[i].ops;
    for (unsigned j = 0; j < 4; j++) {
        uint64_t n = 0;
        for (unsigned i = 1; i <= nreaders; i++)
            n += t[i].seen[j];
        hex_state(state, sizeof state, s.vals16[j].lo & mask, s.vals16[j].hi, c->width, le);
        tt_result_add(r, state, n, TT_ACCEPTABLE, "one whole write");
    }

    /* Torn values from all readers, most frequent first. */
    uint64_t torn[TT_MAX_READERS * TT_HIST_MAX][3];
    size_t ntorn = 0;
    uint64_t beyond = 0;
    for (unsigned i = 1; i <= nreaders; i++) {
        const tt_hist *h = &t[i].hist;
        beyond += h->more_count;
        for (unsigned k = 0; k < TT_HIST_SLOTS; k++) {
            if (h->count[k] == 0)
                continue;
            size_t m = 0;
            while (m < ntorn && !(torn[m][1] == h->lo[k] && torn[m][2] == h->hi[k]))
                m++;
            if (m == ntorn) {
                torn[m][0] = 0;
                torn[m][1] = h->lo[k];
                torn[m][2] = h->hi[k];
                ntorn++;
            }
            torn[m][0] += h->count[k];
        }
    }
    qsort(torn, ntorn, sizeof torn[0], by_count_desc);
    tt_grade bad = c->promise == TT_PROMISE_NONE ? TT_INTERESTING : TT_FORBIDDEN;
    for (size_t m = 0; m < ntorn; m++) {
        hex_state(state, sizeof state, torn[m][1], torn[m][2], c->width, le);
        tt_result_add(r, state, torn[m][0], bad, "torn: bytes of different writes");
    }
    if (beyond > 0) {
        r->more_count += beyond;
        snprintf(r->note, sizeof r->note,
                 "%llu torn reads of further values are counted in 'more', not listed",
                 (unsigned long long)beyond);
    }
    if (t[0].cas_failed > 0)
        tt_result_add(r, "writer CAS failed", t[0].cas_failed, TT_FORBIDDEN,
                      "the value changed under its only writer");
    free(t);
    free(page);
}
