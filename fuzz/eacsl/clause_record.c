/* SPDX-License-Identifier: Apache-2.0 */
/* The E-ACSL runtime's assertion as mk/eacsl.mk links it (the runtime is
 * compiled with E_ACSL_EXTERNAL_ASSERT, which leaves its own out): the same
 * report and abort on a violated clause as the default of Frama-C 25
 * (e_acsl_assert.c), and a record of every clause evaluated at least once,
 * written at exit to the file eacsl_clause_log() names (a one-line object
 * per harness), one line per clause:
 *   KIND<TAB>FILE<TAB>LINE<TAB>FUNCTION<TAB>NAME
 * fuzz/eacsl/clauses.py compares it with the clauses compiled in: those
 * the corpus executed, and those it never reached. */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "e_acsl.h"

void eacsl_print_values(eacsl_assert_data_t *data);
const char *eacsl_clause_log(void);

/* Each field is a string literal of the translated program, so that a
 * clause is known by the addresses of its texts and its line. */
typedef struct {
    const char *kind, *file, *fct, *name;
    int line;
} clause;

#define SLOTS ((size_t)1 << 15)
static clause seen[SLOTS];
static size_t nseen;

/* At exit the E-ACSL runtime has already released its heap (the
 * translated main() ends with its memory clean-up), so no stdio here:
 * open(2), snprintf into a buffer on the stack, write(2). */
static void write_log(void)
{
    int fd = open(eacsl_clause_log(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        fprintf(stderr, "eacsl: cannot write %s\n", eacsl_clause_log());
        _Exit(3);
    }
    for (size_t i = 0; i < SLOTS; i++) {
        char line[1024];
        if (seen[i].kind == NULL)
            continue;
        int n = snprintf(line, sizeof line, "%s\t%s\t%d\t%s\t%s\n", seen[i].kind, seen[i].file,
                         seen[i].line, seen[i].fct, seen[i].name != NULL ? seen[i].name : "");
        if (n < 0 || (size_t)n >= sizeof line || write(fd, line, (size_t)n) != n)
            _Exit(3);
    }
    if (close(fd) != 0)
        _Exit(3);
}

static void record(const eacsl_assert_data_t *d)
{
    size_t h = ((uintptr_t)d->file ^ (uintptr_t)d->kind * 3 ^ (uintptr_t)d->name * 5 ^
                (uintptr_t)d->fct * 7 ^ (size_t)d->line * 2654435761u) % SLOTS;
    while (seen[h].kind != NULL) {
        if (seen[h].kind == d->kind && seen[h].file == d->file && seen[h].line == d->line &&
            seen[h].fct == d->fct && seen[h].name == d->name)
            return;
        h = (h + 1) % SLOTS;
    }
    if (nseen == SLOTS / 2) {
        fprintf(stderr, "eacsl: more than %zu clauses: enlarge SLOTS\n", SLOTS / 2);
        _Exit(3);
    }
    if (nseen++ == 0)
        atexit(write_log);
    seen[h] = (clause){d->kind, d->file, d->fct, d->name, d->line};
}

void eacsl_runtime_assert(int predicate, eacsl_assert_data_t *data)
{
    record(data);
    if (!eacsl_runtime_sound_verdict) {
        fprintf(stderr,
                "%s: In function '%s'\n%s:%d: Warning: no sound verdict for %s (guess: %s).\n"
                "\tthe considered predicate is:\n\t%s%s%s\n",
                data->file, data->fct, data->file, data->line, data->kind,
                predicate ? "ok" : "FAIL", data->name != NULL ? data->name : "",
                data->name != NULL ? ":\n\t\t" : "", data->pred_txt);
        eacsl_print_values(data);
        return;
    }
    if (predicate)
        return;
    fprintf(stderr,
            "%s: In function '%s'\n%s:%d: Error: %s failed:\n"
            "\tThe failing predicate is:\n\t%s%s%s.\n",
            data->file, data->fct, data->file, data->line, data->kind,
            data->name != NULL ? data->name : "", data->name != NULL ? ":\n\t\t" : "",
            data->pred_txt);
    eacsl_print_values(data);
    if (data->blocking) {
        write_log();
        raise(SIGABRT);
    }
}
