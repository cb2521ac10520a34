/* SPDX-License-Identifier: Apache-2.0 */
/* The ways an E-ACSL replay can stop, one per argument, so that
 * fuzz/eacsl/verdict.sh is checked against the real messages of this
 * E-ACSL runtime (with the assertion of fuzz/eacsl/clause_record.c) and of
 * fuzz_check.h (mk/eacsl.mk, fuzz-eacsl):
 *   contract       a precondition executed by E-ACSL does not hold
 *   postcondition  a named ensures of a behavior does not hold, as in the
 *                  contracts of src/utf8.h (fits/whole and the like)
 *   mismatch       the harness's differential check fails (FZ_EQ_U)
 *   other          a plain abort(), with neither message
 * With no argument both functions run and hold: the record of the clauses
 * evaluated (build/eacsl/verdict_check.run-clauses) then lists them. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

/*@ requires positive: x > 0;
    assigns \nothing; */
static int verdict_need_positive(int x)
{
    return x - 1;
}

/*@ assigns \nothing;
    behavior fits:
      assumes n <= cap;
      ensures whole: \result == n;
    behavior no_room:
      assumes n > cap;
      ensures \result == 0;
    complete behaviors;
    disjoint behaviors; */
static int verdict_fits(int n, int cap, int wrong)
{
    if (n > cap)
        return 0;
    return wrong ? n + 1 : n;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (strcmp(what, "contract") == 0)
        return verdict_need_positive(argc - 2);
    if (strcmp(what, "postcondition") == 0)
        return verdict_fits(argc, argc, 1);
    if (strcmp(what, "mismatch") == 0)
        FZ_EQ_U(0, "verdict check", argc, 0);
    if (strcmp(what, "other") == 0)
        abort();
    (void)verdict_need_positive(argc);
    (void)verdict_fits(argc, argc, 0);
    return 0;
}
