/* Status codes shared by every lepack entry point.
 *
 * Every function that can fail returns one of these and, on failure, leaves
 * the caller's buffers and messages exactly as they were: no partial writes. */
#ifndef LEPACK_STATUS_H
#define LEPACK_STATUS_H

typedef enum lepack_status {
    LEPACK_OK = 0,
    LEPACK_ERANGE = 1,    /* offset or index outside the buffer or message */
    LEPACK_ENOSPACE = 2,  /* destination too small for the whole result */
    LEPACK_EOVERFLOW = 3, /* a size or count would overflow size_t */
    LEPACK_ENOMEM = 4,    /* the allocator hook returned NULL */
    LEPACK_EBADLEN = 5,   /* wire length is not a multiple of the item size */
    LEPACK_ENOTFOUND = 6  /* partition not present in the message */
} lepack_status;

/* A short English description of a status; never NULL. */
/*@ assigns \nothing;
    exits \false;
    ensures \result != \null && \valid_read(\result); */
const char *lepack_strerror(lepack_status s);

#endif
