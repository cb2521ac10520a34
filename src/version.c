/* SPDX-License-Identifier: Apache-2.0 */
#include "version.h"

const char *lepack_version(void)
{
    return LEPACK_VERSION_STRING;
}
