/* SPDX-License-Identifier: Apache-2.0 */
/* The three ways an E-ACSL replay can stop, one per argument, so that
 * fuzz/eacsl/verdict.sh is checked against the real messages of this
 * E-ACSL runtime and of fuzz_check.h (mk/eacsl.mk, fuzz-eacsl):
 *   contract   a precondition executed by E-ACSL does not hold
 *   mismatch   the harness's differential check fails (FZ_EQ_U)
 *   other      a plain abort(), with neither message */
#include <stdlib.h>
#include <string.h>

#include "fuzz_check.h"

/*@ requires positive: x > 0;
    assigns \nothing; */
static int verdict_need_positive(int x)
{
    return x - 1;
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (strcmp(what, "contract") == 0)
        return verdict_need_positive(argc - 2);
    if (strcmp(what, "mismatch") == 0)
        FZ_EQ_U(0, "verdict check", argc, 0);
    if (strcmp(what, "other") == 0)
        abort();
    (void)verdict_need_positive(argc);
    return 0;
}
