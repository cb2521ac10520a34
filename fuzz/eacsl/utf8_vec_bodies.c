/* SPDX-License-Identifier: Apache-2.0 */
/* Bodies for the vector kernels of src/utf8_vec.h in the runtime contract
 * build, which leaves src/utf8_vec.c out: Frama-C reads no intrinsics, and
 * under __FRAMAC__ that file holds the kernels' contracts only.  So this
 * build runs the scalar loops of utf8.c alone, as -DLEPACK_PORTABLE does:
 * every kernel stops where it starts, which its contract allows, and the
 * level query answers LEPACK_VEC_NONE.  The kernels
 * themselves are compared with the scalar path by the fuzz replay (every
 * level the CPU has) and by make verify-kernels, not here. */
#include "utf8_vec.h"

size_t lepack_vec_utf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                              size_t *p)
{
    (void)s, (void)n, (void)d, (void)lim, (void)p;
    return i;
}

size_t lepack_vec_mutf8_encode(const uint16_t *s, size_t n, size_t i, uint8_t *d, size_t lim,
                               size_t *p)
{
    (void)s, (void)n, (void)d, (void)lim, (void)p;
    return i;
}

size_t lepack_vec_utf8_decode(const uint8_t *src, size_t len, size_t i, uint16_t *d, size_t lim,
                              size_t *q, size_t *steps) /*@ ghost (size_t m) */
{
    (void)src, (void)len, (void)d, (void)lim, (void)q;
    *steps = 0;
    return i;
}

size_t lepack_vec_utf8_length(const uint16_t *s, size_t n, size_t i, size_t *e1, size_t *e2)
{
    (void)s, (void)n, (void)e1, (void)e2;
    return i;
}

size_t lepack_vec_utf8_count(const uint8_t *src, size_t len, size_t i, size_t *q)
{
    (void)src, (void)len, (void)q;
    return i;
}

size_t lepack_vec_utf8_valid_run(const uint8_t *src, size_t len, size_t i)
{
    (void)src, (void)len;
    return i;
}

int lepack_vec_select(int level)
{
    (void)level;
    return LEPACK_VEC_NONE;
}
