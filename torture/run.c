/* SPDX-License-Identifier: Apache-2.0 */
#include "run.h"

void tt_run_case(const tt_case *c, const tt_config *cfg, tt_result *r)
{
    r->status = TT_RAN;
    switch (c->kind) {
    case TT_KIND_ATOM: tt_run_atom(c, cfg, r); break;
    case TT_KIND_TEAR_BYTES:
    case TT_KIND_TEAR_FIELDS: tt_run_tear(c, cfg, r); break;
    case TT_KIND_MSG: tt_run_msg(c, cfg, r); break;
    }
}
