/* SPDX-License-Identifier: Apache-2.0 */
/* Proof unit for the byte form: le_bytes.h carries the contracts that
 * le_mem.h declares for the proofs, and here its bodies are proven against
 * them, so those contracts are met by a real implementation. */
#include "le_bytes.h"
