/* SPDX-License-Identifier: Apache-2.0 */
/* LD_PRELOAD shim for tests/cli.sh: with FAILMALLOC_AT=k in the environment,
 * the k-th call to malloc, calloc or realloc (counted from the program's
 * first) returns NULL with errno ENOMEM, as an exhausted heap would; every
 * other call goes to glibc.  Sweeping k over a command's allocations shows
 * that each one can fail cleanly. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t k, size_t n);
void *__libc_realloc(void *p, size_t n);

static long calls;
static long fail_at = -1;

static int this_one_fails(void)
{
    if (fail_at < 0) {
        const char *s = getenv("FAILMALLOC_AT");
        fail_at = s != NULL ? atol(s) : 0;
    }
    if (++calls != fail_at)
        return 0;
    errno = ENOMEM;
    return 1;
}

void *malloc(size_t n)
{
    return this_one_fails() ? NULL : __libc_malloc(n);
}

void *calloc(size_t k, size_t n)
{
    return this_one_fails() ? NULL : __libc_calloc(k, n);
}

void *realloc(void *p, size_t n)
{
    return this_one_fails() ? NULL : __libc_realloc(p, n);
}
