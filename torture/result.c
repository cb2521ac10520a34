/* SPDX-License-Identifier: Apache-2.0 */
#include "result.h"

#include <stdio.h>
#include <string.h>

void tt_result_add(tt_result *r, const char *state, uint64_t count, tt_grade grade,
                   const char *meaning)
{
    for (unsigned i = 0; i < r->n; i++) {
        if (strcmp(r->out[i].state, state) == 0) {
            r->out[i].count += count;
            return;
        }
    }
    if (r->n == TT_MAX_OUTCOMES) {
        r->more_states++;
        r->more_count += count;
        return;
    }
    tt_outcome *o = &r->out[r->n++];
    snprintf(o->state, sizeof o->state, "%s", state);
    snprintf(o->meaning, sizeof o->meaning, "%s", meaning);
    o->count = count;
    o->grade = grade;
}

tt_grade tt_result_verdict(const tt_result *r)
{
    tt_grade g = TT_ACCEPTABLE;
    for (unsigned i = 0; i < r->n; i++)
        if (r->out[i].count > 0 && r->out[i].grade > g)
            g = r->out[i].grade;
    return g;
}

const char *tt_grade_name(tt_grade g)
{
    switch (g) {
    case TT_ACCEPTABLE: return "ACCEPTABLE";
    case TT_INTERESTING: return "ACCEPTABLE_INTERESTING";
    case TT_FORBIDDEN: return "FORBIDDEN";
    }
    return "?";
}

void tt_hist_add(tt_hist *h, uint64_t lo, uint64_t hi)
{
    uint64_t k = (lo ^ (hi * 0x9e3779b97f4a7c15u)) * 0xff51afd7ed558ccdu;
    unsigned i = (unsigned)(k >> 57) % TT_HIST_SLOTS;
    for (;;) {
        if (h->count[i] == 0) {
            if (h->used == TT_HIST_MAX) {
                h->more_count++;
                return;
            }
            h->used++;
            h->lo[i] = lo;
            h->hi[i] = hi;
            h->count[i] = 1;
            return;
        }
        if (h->lo[i] == lo && h->hi[i] == hi) {
            h->count[i]++;
            return;
        }
        i = (i + 1) % TT_HIST_SLOTS;
    }
}
