/* SPDX-License-Identifier: Apache-2.0 */
/* The counters benchmark: every case of cases.c, timed in paired rounds
 * (pair.h), after a check that each pair does the same work. */
#include "cases.h"
#include "pair.h"

int main(int argc, char **argv)
{
    pair_case *cases;
    size_t n = counters_cases(&cases);
    if (counters_self_check() != 0)
        return 1;
    return pair_main(argc, argv, cases, n);
}
