/* SPDX-License-Identifier: Apache-2.0 */
/* Proof units views and cursor: every static inline function of le.h and
 * cursor.h, with the twelve primitives of le_mem.h seen through their
 * contracts (proofs/README.md). */
#include "cursor.h"
#include "le.h"
