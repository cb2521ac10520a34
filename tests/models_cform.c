/* SPDX-License-Identifier: Apache-2.0 */
/* The C forms of the lane models (src/lane/), each behind the plain
 * signature of tests/models_ops.h, for tests/check_models.c. */
#ifndef LEPACK_LANE_C
#error "the C forms are built with -DLEPACK_LANE_C"
#endif

#define OP(name) cform_##name
#include "models_ops.h"
