/* SPDX-License-Identifier: Apache-2.0 */
/* Running one case in this process. */
#ifndef TORTURE_RUN_H
#define TORTURE_RUN_H

#include "cases.h"
#include "harness.h"
#include "result.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define TT_HOST_BIG_ENDIAN 1
#else
#define TT_HOST_BIG_ENDIAN 0
#endif

/* Fills r (zeroed by the caller) for case c. */
void tt_run_case(const tt_case *c, const tt_config *cfg, tt_result *r);

void tt_run_atom(const tt_case *c, const tt_config *cfg, tt_result *r);
void tt_run_tear(const tt_case *c, const tt_config *cfg, tt_result *r);
void tt_run_msg(const tt_case *c, const tt_config *cfg, tt_result *r);

#endif
