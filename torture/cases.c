/* SPDX-License-Identifier: Apache-2.0 */
#include "cases.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "access.h"

#define TT_MAX_CASES 96

static tt_case table[TT_MAX_CASES];
static size_t count;

const char *tt_place_name(tt_place p)
{
    switch (p) {
    case TT_AT_ALIGNED: return "aligned";
    case TT_AT_UNALIGNED: return "unaligned";
    case TT_AT_LINE: return "line";
    case TT_AT_PAGE: return "page";
    case TT_AT_LAYOUT: return "layout";
    }
    return "?";
}

static const char *place_text(tt_place p)
{
    switch (p) {
    case TT_AT_ALIGNED: return "aligned";
    case TT_AT_UNALIGNED: return "unaligned inside a 64-byte line";
    case TT_AT_LINE: return "straddling two 64-byte lines";
    case TT_AT_PAGE: return "straddling two 4 KiB pages";
    case TT_AT_LAYOUT: return "at lepack's offsets";
    }
    return "?";
}

const char *tt_method_name(tt_method m)
{
    switch (m) {
    case TT_PLAIN: return "plain";
    case TT_LE: return "le";
    case TT_RELAXED: return "relaxed";
    case TT_SEQCST: return "seqcst";
    case TT_CAS: return "cas";
    case TT_CAS_PLAIN: return "cas-plain";
    case TT_API: return "api";
    case TT_PUBLISH: return "publish";
    }
    return "?";
}

const char *tt_promise_name(tt_promise p)
{
    switch (p) {
    case TT_PROMISE_NONE: return "none";
    case TT_PROMISE_C11: return "C11";
    case TT_PROMISE_ISA: return "x86-64";
    }
    return "?";
}

static const char *method_text(tt_method m, unsigned width)
{
    int asm_ = TT_X86_ASM;
    switch (m) {
    case TT_PLAIN:
        if (width == 16)
            return "movdqu store / movdqu load";
        return asm_ ? "mov store / mov load" : "volatile store / volatile load";
    case TT_LE: return "le_store / le_load (src/le.h)";
    case TT_RELAXED: return "__atomic relaxed store / load";
    case TT_SEQCST: return "__atomic seq_cst store / load";
    case TT_CAS:
        if (width == 16)
            return "lock cmpxchg16b store / locked load";
        return asm_ ? "lock cmpxchg store / locked load" : "__atomic CAS store / CAS load";
    case TT_CAS_PLAIN:
        return asm_ ? "lock cmpxchg store / mov load" : "__atomic CAS store / volatile load";
    case TT_API: return "lepack_counters_add writes, le_load reads";
    case TT_PUBLISH: return "lepack_counters_add, release / acquire handover";
    }
    return "?";
}

static tt_case *add(tt_kind kind, unsigned width, tt_place place, tt_method method)
{
    tt_case *c = &table[count++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->width = width;
    c->place = place;
    c->method = method;
    return c;
}

static void atom(unsigned width, tt_place place, tt_method m, int have_cas128)
{
    tt_case *c = add(TT_KIND_ATOM, width, place, m);
    snprintf(c->name, sizeof c->name, "atom.w%u.%s.%s", width, tt_place_name(place),
             tt_method_name(m));
    snprintf(c->about, sizeof c->about, "%u bytes %s: %s", width, place_text(place),
             method_text(m, width));
    int aligned = place == TT_AT_ALIGNED;
    switch (m) {
    case TT_PLAIN:
        /* Intel SDM vol. 3A "Guaranteed Atomic Operations" and AMD APM
         * vol. 2 "Access Atomicity": an aligned access of up to 8 bytes is
         * atomic.  Misaligned ones inside a line are atomic on Intel only
         * (AMD: inside one aligned quadword, which the unaligned place
         * crosses); the 16-byte promise covers aligned movdqa, not movdqu:
         * graded as promising nothing. */
        if (TT_X86_ASM && aligned && width <= 8)
            c->promise = TT_PROMISE_ISA;
        if (width == 16 && !TT_X86_ASM)
            c->skip = "16-byte accesses are built for x86-64 only";
        break;
    case TT_LE:
        break;
    case TT_RELAXED:
    case TT_SEQCST:
        c->promise = TT_PROMISE_C11;
        c->race_free = 1;
        break;
    case TT_CAS:
    case TT_CAS_PLAIN:
        if (TT_X86_ASM) {
            /* Intel SDM vol. 3A "Software Controlled Bus Locking": a locked
             * instruction is atomic at any alignment; across lines the CPU
             * locks the bus (a split lock). */
            if (m == TT_CAS || (aligned && width <= 8))
                c->promise = TT_PROMISE_ISA;
            if (width == 16 && !aligned)
                c->expect_signal = SIGSEGV; /* cmpxchg16b: #GP unless aligned */
            else if (place == TT_AT_LINE || place == TT_AT_PAGE)
                c->split_lock = 1;
            if (width == 16 && !have_cas128)
                c->skip = "this CPU has no cmpxchg16b";
        } else if (!aligned || width == 16) {
            c->skip = "no portable locked access to this address";
        } else {
            c->promise = m == TT_CAS ? TT_PROMISE_C11 : TT_PROMISE_NONE;
        }
        break;
    case TT_API:
    case TT_PUBLISH:
        break;
    }
}

static void build(void)
{
    static const tt_place places[] = {TT_AT_ALIGNED, TT_AT_UNALIGNED, TT_AT_LINE, TT_AT_PAGE};
    static const unsigned widths[] = {2, 4, 8};
    int have_cas128 = tt_have_cas128();
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        for (size_t p = 0; p < 4; p++) {
            atom(widths[w], places[p], TT_PLAIN, have_cas128);
            atom(widths[w], places[p], TT_LE, have_cas128);
            atom(widths[w], places[p], TT_CAS, have_cas128);
            atom(widths[w], places[p], TT_CAS_PLAIN, have_cas128);
        }
        atom(widths[w], TT_AT_ALIGNED, TT_RELAXED, have_cas128);
        atom(widths[w], TT_AT_ALIGNED, TT_SEQCST, have_cas128);
    }
    for (size_t p = 0; p < 4; p++) {
        atom(16, places[p], TT_PLAIN, have_cas128);
        atom(16, places[p], TT_CAS, have_cas128);
    }

    tt_case *c = add(TT_KIND_TEAR_BYTES, 0, TT_AT_ALIGNED, TT_PLAIN);
    snprintf(c->name, sizeof c->name, "tear.bytes");
    snprintf(c->about, sizeof c->about,
             "two threads, each storing its own byte of the same aligned word");
    c->promise = TT_PROMISE_C11;
    c->race_free = 1;

    c = add(TT_KIND_TEAR_FIELDS, 0, TT_AT_LAYOUT, TT_LE);
    snprintf(c->name, sizeof c->name, "tear.fields");
    snprintf(c->about, sizeof c->about,
             "two threads, each storing its own fields of the same 20-byte items (le_store)");
    c->promise = TT_PROMISE_C11;
    c->race_free = 1;

    static const tt_method msg[] = {TT_API, TT_LE, TT_PUBLISH};
    for (size_t k = 0; k < 3; k++) {
        c = add(TT_KIND_MSG, 0, TT_AT_LAYOUT, msg[k]);
        snprintf(c->name, sizeof c->name, "msg.%s", tt_method_name(msg[k]));
        snprintf(c->about, sizeof c->about, "a 16-item counters message: %s",
                 msg[k] == TT_LE ? "le_store writes, le_load reads" : method_text(msg[k], 0));
        if (msg[k] == TT_PUBLISH) {
            c->promise = TT_PROMISE_C11;
            c->race_free = 1;
        }
    }
}

size_t tt_cases(const tt_case **out)
{
    if (count == 0)
        build();
    *out = table;
    return count;
}
