/* SPDX-License-Identifier: Apache-2.0 */
#include "status.h"

const char *lepack_strerror(lepack_status s)
{
    switch (s) {
    case LEPACK_OK:
        return "ok";
    case LEPACK_ERANGE:
        return "offset or index out of range";
    case LEPACK_ENOSPACE:
        return "destination buffer too small";
    case LEPACK_EOVERFLOW:
        return "size overflow";
    case LEPACK_ENOMEM:
        return "out of memory";
    case LEPACK_EBADLEN:
        return "length does not hold the items";
    case LEPACK_ENOTFOUND:
        return "partition not found";
    case LEPACK_EINVAL:
        return "invalid argument";
    case LEPACK_EILLFORMED:
        return "ill-formed input";
    case LEPACK_ETOOLONG:
        return "too long for its length prefix";
    case LEPACK_ESTOPPED:
        return "stopped before the end";
    }
    return "unknown status";
}

const char *lepack_status_name(lepack_status s)
{
    switch (s) {
    case LEPACK_OK:
        return "OK";
    case LEPACK_ERANGE:
        return "ERANGE";
    case LEPACK_ENOSPACE:
        return "ENOSPACE";
    case LEPACK_EOVERFLOW:
        return "EOVERFLOW";
    case LEPACK_ENOMEM:
        return "ENOMEM";
    case LEPACK_EBADLEN:
        return "EBADLEN";
    case LEPACK_ENOTFOUND:
        return "ENOTFOUND";
    case LEPACK_EINVAL:
        return "EINVAL";
    case LEPACK_EILLFORMED:
        return "EILLFORMED";
    case LEPACK_ETOOLONG:
        return "ETOOLONG";
    case LEPACK_ESTOPPED:
        return "ESTOPPED";
    }
    return "UNKNOWN";
}
