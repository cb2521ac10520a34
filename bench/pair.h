/* SPDX-License-Identifier: Apache-2.0 */
/* Paired timing: every variant is timed back to back with its baseline in
 * the same round, the cases of a round in random order (and the two of a
 * pair in random order), over several rounds.  What a burst of load from
 * another process does to one side it does to the other, and the ratio of
 * the two is taken per round; bench/report.py takes medians and spreads
 * over rounds and over processes.
 *
 * Any benchmark program can use it: fill an array of pair_case and call
 * pair_main() from main().  Results are one JSON file per process. */
#ifndef LEPACK_BENCH_PAIR_H
#define LEPACK_BENCH_PAIR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One call of the measured work; the result is summed into a sink so that
 * nothing is dead code. */
typedef int64_t (*pair_fn)(void *fixture);

typedef struct pair_case {
    const char *variant;  /* "write/record": op/name, as the tables show it */
    const char *baseline; /* "write/raw" */
    size_t items;         /* items one call handles (for per-item figures) */
    pair_fn run_variant;
    pair_fn run_baseline;
    void *fixture;
} pair_case;

/* Parses the options below, runs every case matching --filter for
 * --rounds rounds and writes the JSON to --out (stdout without it):
 *   --rounds R     rounds (default 15)
 *   --min-us U     each measurement lasts at least U us of CPU time (200)
 *   --seed S       order of the rounds (default: from the clock)
 *   --filter TEXT  only cases whose variant or baseline contains TEXT
 *   --program P --compiler C --process K   labels copied into the JSON
 * Returns the exit status. */
int pair_main(int argc, char **argv, pair_case *cases, size_t ncases);

/* Runs each case fn `calls` times; for the instruction-count driver. */
int64_t pair_repeat(pair_fn fn, void *fixture, size_t calls);

#ifdef __cplusplus
}
#endif

#endif
