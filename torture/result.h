/* SPDX-License-Identifier: Apache-2.0 */
/* What one case observed: a table of states with their counts, each graded
 * like jcstress grades them.  A result is plain data so that a child
 * process can hand it to its parent through a pipe. */
#ifndef TORTURE_RESULT_H
#define TORTURE_RESULT_H

#include <stdint.h>

typedef enum tt_grade {
    TT_ACCEPTABLE = 0,
    TT_INTERESTING = 1, /* allowed, but surprising: ACCEPTABLE_INTERESTING */
    TT_FORBIDDEN = 2
} tt_grade;

typedef enum tt_status {
    TT_RAN,
    TT_SKIPPED, /* not possible in this build or on this CPU */
    TT_FAULTED, /* the CPU or the kernel stopped it with a signal */
    TT_FAILED   /* the harness itself failed: a bug or a resource error */
} tt_status;

#define TT_MAX_OUTCOMES 72

typedef struct tt_outcome {
    char state[48];
    char meaning[56];
    uint64_t count;
    tt_grade grade;
    int detail; /* refines rows above it: not added into summaries */
} tt_outcome;

typedef struct tt_result {
    tt_status status;
    int signal;
    char note[160];
    double seconds;
    uint64_t writes; /* stores (or updates) made by the writer(s) */
    uint64_t reads;  /* values (or items, or checks) the readers classified */
    int cpus[4];     /* CPU of each thread, -1 when not pinned */
    unsigned threads;
    unsigned n;
    tt_outcome out[TT_MAX_OUTCOMES];
    unsigned more_states; /* distinct torn states that did not fit */
    uint64_t more_count;  /* and how often they were seen */
} tt_result;

/* Adds count to the state's row, creating it with grade and meaning.  When
 * the table is full the count goes to more_states / more_count. */
void tt_result_add(tt_result *r, const char *state, uint64_t count, tt_grade grade,
                   const char *meaning);

/* The worst grade of any state seen at least once. */
tt_grade tt_result_verdict(const tt_result *r);

const char *tt_grade_name(tt_grade g);

/* Distinct torn values, counted: an open-addressing table that a reader
 * thread owns. */
#define TT_HIST_SLOTS 128
#define TT_HIST_MAX 64

typedef struct tt_hist {
    uint64_t lo[TT_HIST_SLOTS];
    uint64_t hi[TT_HIST_SLOTS];
    uint64_t count[TT_HIST_SLOTS];
    unsigned used;
    uint64_t more_count; /* torn values seen once the table was full */
} tt_hist;

void tt_hist_add(tt_hist *h, uint64_t lo, uint64_t hi);

#endif
