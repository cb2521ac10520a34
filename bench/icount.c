/* SPDX-License-Identifier: Apache-2.0 */
/* Fixed-work driver for instruction counts under callgrind: the pairs of
 * cases.c, each side counted alone.
 *
 * Wall-clock figures move with whatever else the machine runs; instruction
 * counts do not.  Each side of each pair runs a fixed number of calls
 * between CALLGRIND_ZERO_STATS and CALLGRIND_DUMP_STATS_AT("<op>/<name>/<items>
 * x<calls>"), so every callgrind dump holds exactly one measurement and
 * report.py divides by calls * items.  A baseline shared by several pairs
 * is counted once.  Outside valgrind the requests are no-ops and this is a
 * smoke test of every case.  Valgrind 3.19 does not run AVX-512: under it
 * the vector paths take their AVX2 form. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <valgrind/callgrind.h>

#include "cases.h"

/* About 2^18 items per measurement: enough to amortize the driver's own
 * few instructions per call, small enough to stay quick under callgrind. */
static size_t calls_for(size_t n)
{
    size_t calls = ((size_t)1 << 18) / n;
    return calls > 0 ? calls : 1;
}

static char name[160];
static volatile int64_t sink;

/* Each (name, size) is counted once, though it may be in several pairs. */
static struct {
    const char *name;
    void *fixture;
} done[1024];
static size_t ndone;

static int counted(const char *what, void *fixture)
{
    for (size_t j = 0; j < ndone; j++)
        if (done[j].fixture == fixture && strcmp(done[j].name, what) == 0)
            return 1;
    if (ndone < sizeof done / sizeof done[0]) {
        done[ndone].name = what;
        done[ndone].fixture = fixture;
        ndone++;
    }
    return 0;
}

static void count(const char *what, pair_fn fn, void *fixture, size_t items)
{
    size_t calls = calls_for(items);
    snprintf(name, sizeof name, "%s/%zu x%zu", what, items, calls);
    sink += fn(fixture); /* uncounted: first-touch effects */
    CALLGRIND_ZERO_STATS;
    sink += pair_repeat(fn, fixture, calls);
    CALLGRIND_DUMP_STATS_AT(name);
}

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : "";
    pair_case *cases;
    size_t n = counters_cases(&cases);
    if (counters_self_check() != 0)
        return 1;
    for (size_t i = 0; i < n; i++) {
        pair_case *c = &cases[i];
        if (filter[0] && !strstr(c->variant, filter) && !strstr(c->baseline, filter))
            continue;
        /* The pairs, for report.py to lay the counts out as pairs. */
        printf("pair %s %s %zu\n", c->variant, c->baseline, c->items);
        if (!counted(c->variant, c->fixture))
            count(c->variant, c->run_variant, c->fixture, c->items);
        if (!counted(c->baseline, c->fixture))
            count(c->baseline, c->run_baseline, c->fixture, c->items);
    }
    (void)sink;
    return 0;
}
