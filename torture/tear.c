/* SPDX-License-Identifier: Apache-2.0 */
/* Word tearing: two threads store to neighbouring bytes of the same words,
 * each only to its own, round after round; after each round each checks
 * that its own bytes still hold what it stored.  A store that rewrote a
 * whole word (read, merge, write back) would bring back the neighbour's old
 * byte: a lost update.  C11 forbids it (distinct memory locations, 3.14)
 * and so does every byte-addressable CPU.  No access here races: it is a
 * ThreadSanitizer case. */
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"
#include "harness.h"
#include "le.h"

#define TEAR_WORDS 256u
#define TEAR_ITEMS 64u
#define TEAR_CANARY 0xa5u

typedef struct tear_shared {
    const tt_flags *f;
    tt_barrier barrier;
    uint8_t *buf;
    int fields; /* tear.fields: items instead of words */
} tear_shared;

typedef struct tear_thread {
    tear_shared *s;
    unsigned who; /* 0 or 1 */
    uint64_t updates;
    uint64_t checks;
    uint64_t lost;
} __attribute__((aligned(64))) tear_thread;

static uint64_t spread(uint8_t tag)
{
    return 0x0101010101010101u * tag;
}

/* Thread `who` owns byte `who` of every 8-byte word. */
static void bytes_round(tear_thread *t, uint8_t tag)
{
    uint8_t *b = t->s->buf + t->who;
    for (unsigned i = 0; i < TEAR_WORDS; i++)
        b[8 * i] = tag;
}

static void bytes_check(tear_thread *t, uint8_t tag)
{
    const uint8_t *b = t->s->buf + t->who;
    for (unsigned i = 0; i < TEAR_WORDS; i++)
        t->lost += b[8 * i] != tag;
}

/* Thread 0 owns the partition and updates count of every item, thread 1
 * the initial counter between them: every field border of an item has a
 * different thread on each side. */
static void fields_round(tear_thread *t, uint8_t tag)
{
    uint8_t *item = t->s->buf;
    for (unsigned i = 0; i < TEAR_ITEMS; i++, item += LEPACK_ITEM_SIZE) {
        if (t->who == 0) {
            le_store_u32(item + LEPACK_ITEM_PARTITION, (uint32_t)spread(tag));
            le_store_u64(item + LEPACK_ITEM_UPDATES_COUNT, spread(tag));
        } else {
            le_store_u64(item + LEPACK_ITEM_INITIAL_COUNTER, spread(tag));
        }
    }
}

static void fields_check(tear_thread *t, uint8_t tag)
{
    const uint8_t *item = t->s->buf;
    for (unsigned i = 0; i < TEAR_ITEMS; i++, item += LEPACK_ITEM_SIZE) {
        if (t->who == 0) {
            t->lost += le_load_u32(item + LEPACK_ITEM_PARTITION) != (uint32_t)spread(tag);
            t->lost += le_load_u64(item + LEPACK_ITEM_UPDATES_COUNT) != spread(tag);
        } else {
            t->lost += le_load_u64(item + LEPACK_ITEM_INITIAL_COUNTER) != spread(tag);
        }
    }
}

static void *tear_thread_main(void *arg)
{
    tear_thread *t = arg;
    tear_shared *s = t->s;
    uint64_t episode = 0;
    unsigned per_round = s->fields ? (t->who == 0 ? 2 * TEAR_ITEMS : TEAR_ITEMS) : TEAR_WORDS;
    tt_wait_go(s->f);
    for (uint64_t round = 1;; round++) {
        /* Each round's tag differs from the last in every bit pattern a
         * stale byte could bring back. */
        uint8_t tag = (uint8_t)(round ^ (t->who ? 0x5au : 0u));
        if (s->fields)
            fields_round(t, tag);
        else
            bytes_round(t, tag);
        tt_count(&t->updates, per_round);
        int quit = tt_barrier_wait(&s->barrier, &episode, s->f);
        if (s->fields)
            fields_check(t, tag);
        else
            bytes_check(t, tag);
        t->checks += per_round;
        if (quit)
            break;
    }
    return NULL;
}

void tt_run_tear(const tt_case *c, const tt_config *cfg, tt_result *r)
{
    tt_flags flags = {0, 0};
    tear_shared s;
    memset(&s, 0, sizeof s);
    s.f = &flags;
    s.fields = c->kind == TT_KIND_TEAR_FIELDS;
    uint8_t *pages = tt_pages(2);
    tear_thread *t = aligned_alloc(64, 2 * sizeof *t);
    if (pages == NULL || t == NULL) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "out of memory");
        free(pages);
        free(t);
        return;
    }
    /* The items sit where messages do (harness.h): some fields straddle a
     * line, one straddles the page. */
    s.buf = s.fields ? pages + TT_MSG_PAGE_OFFSET : pages;
    size_t span = s.fields ? TEAR_ITEMS * LEPACK_ITEM_SIZE : 8 * TEAR_WORDS;
    memset(s.buf, TEAR_CANARY, span);

    tt_thread_fn fn[2] = {tear_thread_main, tear_thread_main};
    void *arg[2];
    for (unsigned i = 0; i < 2; i++) {
        memset(&t[i], 0, sizeof t[i]);
        t[i].s = &s;
        t[i].who = i;
        arg[i] = &t[i];
    }
    uint64_t *ops[2] = {&t[0].updates, &t[1].updates};
    int err = tt_run_threads(cfg, &flags, 2, fn, arg, ops, r);
    if (err != 0) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "cannot start threads: %s", strerror(err));
    }

    /* Bytes no thread owns must still hold the canary. */
    uint64_t changed = 0;
    if (!s.fields)
        for (size_t k = 0; k < span; k++)
            changed += k % 8 >= 2 && s.buf[k] != TEAR_CANARY;

    r->writes = t[0].updates + t[1].updates;
    r->reads = t[0].checks + t[1].checks;
    uint64_t lost = t[0].lost + t[1].lost;
    const char *unit = s.fields ? "own field" : "own byte";
    char state[48];
    snprintf(state, sizeof state, "%s kept", unit);
    tt_result_add(r, state, r->reads - lost, TT_ACCEPTABLE, "every update survived");
    snprintf(state, sizeof state, "%s lost", unit);
    tt_result_add(r, state, lost, TT_FORBIDDEN, "overwritten by the neighbour's store");
    if (!s.fields)
        tt_result_add(r, "unowned byte changed", changed, TT_FORBIDDEN,
                      "a store wrote beyond its byte");
    free(t);
    free(pages);
}
