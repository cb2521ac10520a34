/* SPDX-License-Identifier: Apache-2.0 */
/* The cases: what races against what, where, and who promises what.
 *
 * A case's promise decides how a surprising outcome is graded: torn or lost
 * values are FORBIDDEN when C11 or the instruction set promises they cannot
 * happen, and ACCEPTABLE_INTERESTING when nothing does (jcstress grades the
 * same way: what the specification allows is acceptable, however rare). */
#ifndef TORTURE_CASES_H
#define TORTURE_CASES_H

#include <stddef.h>

typedef enum tt_kind {
    TT_KIND_ATOM,        /* one writer, readers: is a value ever torn? */
    TT_KIND_TEAR_BYTES,  /* two writers, own byte each of one word */
    TT_KIND_TEAR_FIELDS, /* two writers, own fields each of one 20-byte item */
    TT_KIND_MSG          /* a lepack_counters message written while read */
} tt_kind;

typedef enum tt_place {
    TT_AT_ALIGNED,   /* naturally aligned */
    TT_AT_UNALIGNED, /* misaligned, across the middle of one 64-byte line */
    TT_AT_LINE,      /* half in each of two 64-byte lines */
    TT_AT_PAGE,      /* half in each of two 4 KiB pages */
    TT_AT_LAYOUT     /* wherever lepack's layout puts it */
} tt_place;

typedef enum tt_method {
    TT_PLAIN,     /* one plain load or store instruction */
    TT_LE,        /* lepack's le_store_* / le_load_* */
    TT_RELAXED,   /* __atomic, relaxed */
    TT_SEQCST,    /* __atomic, seq_cst */
    TT_CAS,       /* locked compare-and-swap stores, locked loads */
    TT_CAS_PLAIN, /* locked compare-and-swap stores, plain loads */
    TT_API,       /* lepack_counters_clear + lepack_counters_add */
    TT_PUBLISH    /* the API, handed over with release / acquire */
} tt_method;

typedef enum tt_promise {
    TT_PROMISE_NONE, /* nothing: tearing is allowed */
    TT_PROMISE_C11,  /* the C11 memory model */
    TT_PROMISE_ISA   /* the x86-64 architecture manuals, for this instruction */
} tt_promise;

typedef struct tt_case {
    char name[40];
    tt_kind kind;
    unsigned width; /* bytes of the raced value (TT_KIND_ATOM), else 0 */
    tt_place place;
    tt_method method;
    tt_promise promise;
    int race_free;     /* no data race in C11 terms: TSan must stay quiet */
    int split_lock;    /* a locked instruction across two cache lines */
    int expect_signal; /* the signal the CPU answers it with, or 0 */
    const char *skip;  /* why it cannot run in this build or on this CPU */
    char about[120];
} tt_case;

/* The table, built on first use for this build and CPU. */
size_t tt_cases(const tt_case **out);

const char *tt_place_name(tt_place p);
const char *tt_method_name(tt_method m);
const char *tt_promise_name(tt_promise p);

#endif
