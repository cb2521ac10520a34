/* Proof unit for the views: every static inline function of le.h and
 * cursor.h, with the twelve primitives of le_mem.h seen through their
 * contracts, plus put-then-get round trips (the ones the provers close
 * without a lemma; proofs/README.md). */
#include "cursor.h"
#include "le.h"

/*@ requires \valid(p + (0 .. 3));
    assigns p[0 .. 3];
    exits \false;
    ensures \result == v; */
int32_t roundtrip_be_i32(uint8_t *p, int32_t v)
{
    be_store_i32(p, v);
    return be_load_i32(p);
}

/*@ requires \valid(p + (0 .. 1));
    assigns p[0 .. 1];
    exits \false;
    ensures \result == v; */
int16_t roundtrip_le_i16(uint8_t *p, int16_t v)
{
    le_store_i16(p, v);
    return le_load_i16(p);
}
