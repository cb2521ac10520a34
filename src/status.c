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
        return "length is not a multiple of the item size";
    case LEPACK_ENOTFOUND:
        return "partition not found";
    }
    return "unknown status";
}
