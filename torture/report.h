/* SPDX-License-Identifier: Apache-2.0 */
/* The outputs: jcstress-like text, CSV and JSON for comparing machines, and
 * the Markdown tables of docs/concurrency.md. */
#ifndef TORTURE_REPORT_H
#define TORTURE_REPORT_H

#include <stdio.h>

#include "cases.h"
#include "env.h"
#include "result.h"

typedef enum tt_format { TT_FMT_TEXT, TT_FMT_CSV, TT_FMT_JSON, TT_FMT_MD } tt_format;

typedef struct tt_summary {
    unsigned cases, acceptable, interesting, forbidden, skipped, failed;
    double seconds;
} tt_summary;

/* "ACCEPTABLE", "ACCEPTABLE_INTERESTING", "FORBIDDEN", "SKIPPED" or "FAILED". */
const char *tt_verdict_name(const tt_result *r);

/* Text, CSV and JSON are written case by case as results arrive. */
void tt_report_begin(FILE *out, tt_format f, const tt_env *e, const tt_config *cfg);
void tt_report_case(FILE *out, tt_format f, const tt_case *c, const tt_result *r, unsigned index);
void tt_report_end(FILE *out, tt_format f, const tt_summary *s);

/* Markdown needs every result at once. */
void tt_report_md(FILE *out, const tt_env *e, const tt_config *cfg, const tt_case *const *c,
                  const tt_result *r, unsigned n, const tt_summary *s);

#endif
