/* SPDX-License-Identifier: Apache-2.0 */
/* Status codes shared by every lepack entry point.
 *
 * Every function that can fail returns one of these and, on failure, leaves
 * the caller's buffers and messages exactly as they were: no partial writes. */
#ifndef LEPACK_STATUS_H
#define LEPACK_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum lepack_status {
    LEPACK_OK = 0,
    LEPACK_ERANGE = 1,    /* offset or index outside the buffer or message */
    LEPACK_ENOSPACE = 2,  /* destination too small for the whole result */
    LEPACK_EOVERFLOW = 3, /* a size or count would overflow size_t */
    LEPACK_ENOMEM = 4,    /* the allocator hook returned NULL */
    LEPACK_EBADLEN = 5,   /* wire length is not a multiple of the item size, or
                             holds fewer items than a size field states */
    LEPACK_ENOTFOUND = 6, /* partition not present in the message */
    LEPACK_EINVAL = 7,    /* an argument outside the function's domain */
    LEPACK_EILLFORMED = 8, /* malformed input text, such as ill-formed UTF-8 */
    LEPACK_ETOOLONG = 9,  /* longer than the format can state (a length prefix) */
    LEPACK_ESTOPPED = 10  /* a callback asked to stop; the work done is reported */
} lepack_status;

/* The largest status value: statuses are 0 .. LEPACK_STATUS_MAX. */
#define LEPACK_STATUS_MAX LEPACK_ESTOPPED

/* A short English description of a status; never NULL. */
/*@ assigns \nothing;
    exits \false;
    ensures \result != \null && \valid_read(\result); */
const char *lepack_strerror(lepack_status s);

/* The status's symbolic name without the prefix ("EBADLEN" for
 * LEPACK_EBADLEN), as the golden vectors spell it; "UNKNOWN" for a value
 * that is no status; never NULL. */
/*@ assigns \nothing;
    exits \false;
    ensures \result != \null && \valid_read(\result); */
const char *lepack_status_name(lepack_status s);

#ifdef __cplusplus
}
#endif

#endif
