/* SPDX-License-Identifier: Apache-2.0 */
/* The scalar UTF-8 code, proven by WP (proofs/README.md), with calls into
 * the vector kernels of utf8_vec.h for whole runs.
 *
 * One-shot without a second copy: an encoder either knows the output fits
 * (cap >= 3 units per unit, the most any unit takes) and writes straight
 * away, or measures the exact length first and writes only when that fits.
 * The writing loops never check capacity per character.
 *
 * Bytes are built with constant divisions and remainders (c / 64, c % 64)
 * rather than shifts and masks: the same machine code, and WP proves the
 * arithmetic form against the specification in utf8_spec.h directly.
 *
 * The ghost functions below are lemmas proven by induction (a loop) and
 * called where a loop needs a fact about a whole prefix; they produce no
 * code. */
#include "utf8.h"

#include "utf8_vec.h"

#define REPLACEMENT 0xFFFDu

/*@ assigns \nothing;
    exits \false;
    ensures \result <==> is_low(u); */
static inline int is_low_unit(uint32_t u)
{
    return u >= 0xDC00u && u <= 0xDFFFu;
}

/* A low surrogate follows unit i.  (A function of its own so that the
 * encoder's '?' path knows only that no pair starts at i: the proof of
 * what it keeps of the bytes before then does not depend on why.) */
/*@ requires i < n && \valid_read(s + (0 .. n - 1));
    assigns \nothing;
    exits \false;
    ensures \result <==> (i + 1 < n && is_low(s[i + 1])); */
static inline int low_follows(const uint16_t *s, size_t n, size_t i)
{
    return n - i >= 2 && is_low_unit(s[i + 1]);
}

/*@ assigns \nothing;
    exits \false;
    ensures \result <==> cont(b); */
static inline int is_cont(uint32_t b)
{
    return b >= 0x80u && b <= 0xBFu;
}

/* The second byte of a three-byte sequence led by b (second3). */
/*@ assigns \nothing;
    exits \false;
    ensures \result <==> second3(b, x); */
static inline int second3_ok(uint32_t b, uint32_t x)
{
    return b == 0xE0u ? x >= 0xA0u && x <= 0xBFu : is_cont(x);
}

/* The second byte of a four-byte sequence led by b (second4). */
/*@ assigns \nothing;
    exits \false;
    ensures \result <==> second4(b, x); */
static inline int second4_ok(uint32_t b, uint32_t x)
{
    if (b == 0xF0u)
        return x >= 0x90u && x <= 0xBFu;
    if (b == 0xF4u)
        return x >= 0x80u && x <= 0x8Fu;
    return is_cont(x);
}

/* The four bytes of the pair (hi, lo). */
/*@ requires \valid(d + (0 .. 3));
    requires is_high(hi) && is_low(lo);
    assigns d[0 .. 3];
    exits \false;
    ensures four_bytes(d, pair_cp(hi, lo)); */
static inline void utf8_put_pair(uint8_t *d, uint32_t hi, uint32_t lo)
{
    uint32_t cp = 0x10000u + (hi - 0xD800u) * 1024u + (lo - 0xDC00u);
    d[0] = (uint8_t)(0xF0u + cp / 262144u);
    d[1] = (uint8_t)(0x80u + cp / 4096u % 64u);
    d[2] = (uint8_t)(0x80u + cp / 64u % 64u);
    d[3] = (uint8_t)(0x80u + cp % 64u);
}

/* --- lemmas --------------------------------------------------------------- */

/* The encoding of units 0 .. i, from that of 0 .. i-1 and unit i's bytes
 * (a lemma: proved here in a context of its own, where the provers find
 * it at once, and called where the encoder needs it). */
/*@ ghost
/@ requires 0 <= i < n;
   requires encoded(s, n, 0, i, d) && enc_unit(s, n, i, d);
   assigns \nothing;
   exits \false;
   ensures encoded(s, n, 0, i + 1, d); @/
void encoded_snoc(const uint16_t *s, size_t n, size_t i, const uint8_t *d)
{
}
*/

/* ASCII units encode as themselves, each at its own index. */
/*@ ghost
/@ requires encoded(s, n, 0, n, d);
   requires \forall integer k; 0 <= k <= n && ascii_units(s, k) ==> u8len(s, n, k) == k;
   assigns \nothing;
   exits \false;
   ensures ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> d[k] == s[k]; @/
void encoded_ascii(const uint16_t *s, size_t n, const uint8_t *d)
{
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> ascii_units(s, k); @/
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> u8len(s, n, k) == k; @/
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> enc_w(s, n, k) == 1; @/
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> enc_at(s, n, k, d, k); @/
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> enc_byte(s, n, k, 0) == s[k]; @/
    /@ assert ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> d[k] == enc_byte(s, n, k, 0); @/
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures len_bound: \forall integer k; 0 <= k <= n ==> k <= u8len(s, n, k) <= 3 * k;
   ensures ordered: \forall integer j, k; 0 <= k < j <= n ==>
     u8len(s, n, k) + u8w(s, n, k) <= u8len(s, n, j);
   ensures mono: \forall integer k; 0 <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
   ensures ascii: \forall integer k; 0 <= k <= n && ascii_units(s, k) ==> u8len(s, n, k) == k;
   ensures ends: \forall integer j, k; 0 <= k < j <= n && boundary(s, n, j) ==>
     u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, j); @/
void u8len_facts(const uint16_t *s, size_t n)
{
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant \forall integer k; 0 <= k <= m ==> k <= u8len(s, n, k) <= 3 * k;
       loop invariant \forall integer k; 0 <= k <= m && ascii_units(s, k) ==> u8len(s, n, k) == k;
       loop invariant \forall integer j, k; 0 <= k < j <= m ==>
         u8len(s, n, k) + u8w(s, n, k) <= u8len(s, n, j);
       loop invariant ends: \forall integer j, k; 0 <= k < j <= m && boundary(s, n, j) ==>
         u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, j);
       loop assigns m;
       loop variant n - m; @/
    while (m < n)
        m++;
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures len_bound: \forall integer k; 0 <= k <= n ==> k <= m8len(s, k) <= 3 * k;
   ensures ordered: \forall integer j, k; 0 <= k < j <= n ==>
     m8len(s, k) + m8w(s[k]) <= m8len(s, j);
   ensures mono: \forall integer k; 0 <= k <= n ==> m8len(s, k) <= m8len(s, n);
   ensures ascii: \forall integer k; 0 <= k <= n && mascii_units(s, k) ==> m8len(s, k) == k; @/
void m8len_facts(const uint16_t *s, size_t n)
{
    size_t m = 0;
    /@ loop invariant 0 <= m <= n;
       loop invariant \forall integer k; 0 <= k <= m ==> k <= m8len(s, k) <= 3 * k;
       loop invariant \forall integer k; 0 <= k <= m && mascii_units(s, k) ==> m8len(s, k) == k;
       loop invariant \forall integer j, k; 0 <= k < j <= m ==>
         m8len(s, k) + m8w(s[k]) <= m8len(s, j);
       loop assigns m;
       loop variant n - m; @/
    while (m < n)
        m++;
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; 0 <= j <= len ==> 0 <= dlen(src, len, j) <= len - j; @/
void dlen_facts(const uint8_t *src, size_t len)
{
    size_t k = len;
    /@ loop invariant 0 <= k <= len;
       loop invariant \forall integer j; k <= j <= len ==> 0 <= dlen(src, len, j) <= len - j;
       loop assigns k;
       loop variant k; @/
    while (k > 0)
        k--;
}
*/

/*@ ghost
/@ requires 0 <= m;
   requires ddecoded(src, len, m, d);
   requires dunit_at(src, len, dpos(src, len, m), d, doff(src, len, m));
   assigns \nothing;
   exits \false;
   ensures ddecoded(src, len, m + 1, d); @/
void ddecoded_snoc(const uint8_t *src, size_t len, size_t m, const uint16_t *d)
{
}
*/

/* No more steps than bytes, and every step's units at a nonnegative offset. */
/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer j; 0 <= j <= len ==> 0 <= dseqs(src, len, j) <= len - j; @/
void dseqs_facts(const uint8_t *src, size_t len)
{
    size_t k = len;
    /@ loop invariant 0 <= k <= len;
       loop invariant \forall integer j; k <= j <= len ==> 0 <= dseqs(src, len, j) <= len - j;
       loop assigns k;
       loop variant k; @/
    while (k > 0)
        k--;
}
*/

/*@ ghost
/@ assigns \nothing;
   exits \false;
   ensures \forall integer k; 0 <= k <= m ==> 0 <= doff(src, len, k); @/
void doff_facts(const uint8_t *src, size_t len, size_t m)
{
    size_t j = 0;
    /@ loop invariant 0 <= j <= m;
       loop invariant \forall integer k; 0 <= k <= j ==> 0 <= doff(src, len, k);
       loop assigns j;
       loop variant m - j; @/
    while (j < m)
        j++;
}
*/

/* Units copied from one buffer to another keep the decoding they hold:
 * every step's units lie below o. */
/*@ ghost
/@ requires ddecoded(src, len, dseqs(src, len, 0), t);
   requires dsteps_below(src, len, dseqs(src, len, 0), o);
   requires \forall integer k; 0 <= k < o ==> d[k] == t[k];
   assigns \nothing;
   exits \false;
   ensures ddecoded(src, len, dseqs(src, len, 0), d); @/
void ddecoded_copy(const uint8_t *src, size_t len, const uint16_t *t, const uint16_t *d, size_t o)
{
    dseqs_facts(src, len);
    doff_facts(src, len, len);
    /@ assert in: \forall integer k; 0 <= k < dseqs(src, len, 0) ==>
         0 <= doff(src, len, k) && doff(src, len, k) + dunits(src, len, dpos(src, len, k)) <= o; @/
    /@ assert first: \forall integer k; 0 <= k < dseqs(src, len, 0) ==>
         d[doff(src, len, k)] == t[doff(src, len, k)]; @/
    /@ assert second: \forall integer k; 0 <= k < dseqs(src, len, 0) &&
         dstep(src, len, dpos(src, len, k)) == 4 ==>
         d[doff(src, len, k) + 1] == t[doff(src, len, k) + 1]; @/
}
*/

/*@ ghost
/@ requires start <= end;
   assigns \nothing;
   exits \false;
   ensures \forall integer j; start <= j <= end ==> 0 <= mlen(src, end, j) <= end - j; @/
void mlen_facts(const uint8_t *src, size_t start, size_t end)
{
    size_t k = end;
    /@ loop invariant start <= k <= end;
       loop invariant \forall integer j; k <= j <= end ==> 0 <= mlen(src, end, j) <= end - j;
       loop assigns k;
       loop variant k - start; @/
    while (k > start)
        k--;
}
*/

/* --- UTF-16 to UTF-8 ------------------------------------------------------ */

/* The scalar step of lepack_utf8_length: the same contract as the vector
 * kernel lepack_vec_utf8_length, for one code point. */
/*@ requires i < n && \valid_read(s + (0 .. n - 1));
    requires \valid(e1) && \valid(e2) && \separated(e1, e2, s + (0 .. n - 1));
    requires boundary(s, n, i) && *e1 <= i && *e2 <= i;
    assigns *e1, *e2;
    exits \false;
    ensures i < \result <= n && boundary(s, n, \result);
    ensures \old(*e1) <= *e1 <= \old(*e1) + (\result - i);
    ensures \old(*e2) <= *e2 <= \old(*e2) + (\result - i);
    ensures u8len(s, n, \result) - \result ==
            u8len(s, n, i) - i + (*e1 - \old(*e1)) + (*e2 - \old(*e2)); */
static inline size_t utf8_length_step(const uint16_t *s, size_t n, size_t i, size_t *e1,
                                      size_t *e2)
{
    uint32_t c = s[i];
    if (c < 0x80u)
        return i + 1;
    if (c < 0x800u) {
        *e1 += 1;
        return i + 1;
    }
    if (c < 0xD800u || c > 0xDFFFu) {
        *e1 += 1;
        *e2 += 1;
        return i + 1;
    }
    if (c <= 0xDBFFu && n - i >= 2 && is_low_unit(s[i + 1])) {
        *e1 += 2; /* four bytes for two units */
        return i + 2;
    }
    return i + 1; /* '?' */
}

lepack_status lepack_utf8_length(const uint16_t *s, size_t n, size_t *len)
{
    /* Every unit has one byte; e1 counts those with a second, e2 those with
     * a third.  Each is at most n, so neither sum can wrap before the
     * final check. */
    size_t e1 = 0, e2 = 0, i = 0, next = 0;
    /*@ loop invariant 0 <= i <= n && boundary(s, n, i);
        loop invariant e1 <= i && e2 <= i;
        loop invariant u8len(s, n, i) == i + e1 + e2;
        loop assigns i, e1, e2, next;
        loop variant n - i; */
    while (i < n) {
        if (n - i >= LEPACK_VEC_MIN && i >= next) {
            size_t j = lepack_vec_utf8_length(s, n, i, &e1, &e2);
            next = j == i ? i + LEPACK_VEC_RETRY : 0;
            i = j;
        }
        if (i < n)
            i = utf8_length_step(s, n, i, &e1, &e2);
    }
    if (e1 > SIZE_MAX - n || e2 > SIZE_MAX - n - e1)
        return LEPACK_EOVERFLOW;
    *len = n + e1 + e2;
    return LEPACK_OK;
}

/* The scalar step of the encoder: one code point (a pair's two units, or
 * one unit), its bytes at the offset where its units start (enc_at). */
/*@ requires i < n;
    requires \valid_read(s + (0 .. n - 1)) && \valid(p);
    requires \valid(d + (0 .. lim - 1));
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires \separated(p, d + (0 .. lim - 1), s + (0 .. n - 1));
    requires boundary(s, n, i) && *p == u8len(s, n, i);
    requires u8len(s, n, n) <= lim;
    requires \forall integer k; i <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
    requires before: encoded(s, n, 0, i, d);
    requires below: \forall integer k; 0 <= k < i ==>
      u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, i);
    assigns *p, d[u8len(s, n, i) .. u8len(s, n, n) - 1];
    exits \false;
    ensures i < \result <= n && boundary(s, n, \result);
    ensures *p == u8len(s, n, \result);
    ensures enc_at(s, n, i, d, \old(*p));
    ensures whole: encoded(s, n, 0, \result, d);
    ensures \result == i + 1 || pair_at(s, n, i); */
static inline size_t utf8_encode_step(const uint16_t *s, size_t n, size_t i, uint8_t *d,
                                      size_t lim, size_t *p)
{
    uint32_t c = s[i];
    size_t o = *p;
    if (c < 0x80u) {
        /*@ assert u8w(s, n, i) == 1 && u8len(s, n, i + 1) == o + 1; */
        d[o] = (uint8_t)c;
        /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= o &&
              \at(enc_at(s, n, k, d, q), Pre) ==> enc_at(s, n, k, d, q); */
        /*@ assert kept: encoded(s, n, 0, i, d); */
        /*@ assert here: enc_at(s, n, i, d, o); */
        /*@ ghost encoded_snoc(s, n, i, d); */
        *p = o + 1;
        return i + 1;
    }
    if (c < 0x800u) {
        /*@ assert u8w(s, n, i) == 2 && u8len(s, n, i + 1) == o + 2; */
        d[o] = (uint8_t)(0xC0u + c / 64u);
        d[o + 1] = (uint8_t)(0x80u + c % 64u);
        /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= o &&
              \at(enc_at(s, n, k, d, q), Pre) ==> enc_at(s, n, k, d, q); */
        /*@ assert kept: encoded(s, n, 0, i, d); */
        /*@ assert here: enc_at(s, n, i, d, o); */
        /*@ ghost encoded_snoc(s, n, i, d); */
        *p = o + 2;
        return i + 1;
    }
    if (c < 0xD800u || c > 0xDFFFu) {
        /*@ assert u8w(s, n, i) == 3 && u8len(s, n, i + 1) == o + 3; */
        d[o] = (uint8_t)(0xE0u + c / 4096u);
        d[o + 1] = (uint8_t)(0x80u + c / 64u % 64u);
        d[o + 2] = (uint8_t)(0x80u + c % 64u);
        /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= o &&
              \at(enc_at(s, n, k, d, q), Pre) ==> enc_at(s, n, k, d, q); */
        /*@ assert kept: encoded(s, n, 0, i, d); */
        /*@ assert here: enc_at(s, n, i, d, o); */
        /*@ ghost encoded_snoc(s, n, i, d); */
        *p = o + 3;
        return i + 1;
    }
    if (c <= 0xDBFFu && low_follows(s, n, i)) {
        /*@ assert pair_at(s, n, i) && pair_end(s, n, i + 1); */
        /*@ assert u8w(s, n, i) == 2 && u8w(s, n, i + 1) == 2; */
        /*@ assert u8len(s, n, i + 2) == o + 4; */
        utf8_put_pair(d + o, c, s[i + 1]);
        /*@ assert enc_w(s, n, i) == 4 && four_bytes(d + o, pair_value(s, i)); */
        /*@ assert d[o] == enc_byte(s, n, i, 0) && d[o + 1] == enc_byte(s, n, i, 1); */
        /*@ assert d[o + 2] == enc_byte(s, n, i, 2); */
        /*@ assert d[o + 3] == 0x80 + pair_value(s, i) % 64; */
        /*@ assert d[o + 3] == enc_byte(s, n, i, 3); */
        /*@ assert same: \forall integer x; x < o ==> d[x] == \at(d[x], Pre); */
        /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= o &&
              \at(enc_at(s, n, k, d, q), Pre) ==> enc_at(s, n, k, d, q); */
        /*@ assert kept: encoded(s, n, 0, i, d); */
        /*@ assert here: enc_at(s, n, i, d, o); */
        /*@ ghost encoded_snoc(s, n, i, d); */
        /*@ assert low_half: enc_unit(s, n, i + 1, d); */
        /*@ ghost encoded_snoc(s, n, i + 1, d); */
        *p = o + 4;
        return i + 2;
    }
    /*@ assert !pair_at(s, n, i) && !pair_end(s, n, i); */
    /*@ assert u8w(s, n, i) == 1; */
    /*@ assert u8len(s, n, i + 1) == o + 1; */
    d[o] = 0x3F; /* an unpaired surrogate: '?', as the JDK writes */
    /*@ assert same: \forall integer x; x < o ==> d[x] == \at(d[x], Pre); */
    /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= o &&
          \at(enc_at(s, n, k, d, q), Pre) ==> enc_at(s, n, k, d, q); */
    /*@ assert kept: encoded(s, n, 0, i, d); */
    /*@ assert here: enc_at(s, n, i, d, o); */
    /*@ ghost encoded_snoc(s, n, i, d); */
    *p = o + 1;
    (void)lim;
    return i + 1;
}

/* The encoder's loop from unit i0 on, whose bytes go at p0 (those of the
 * units before it are written), after the kernel's first try at 0 (which
 * stopped at i0): the kernel where at least LEPACK_VEC_MIN units are left
 * and i >= next, a scalar step after each try; then the last units, fewer
 * than that, one scalar step each.  Apart from its caller, whose frame a
 * short string then does not pay for. */
/*@ requires units_in(s, n) && bytes_out(d, lim);
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires fits: u8len(s, n, n) <= lim;
    requires mono: \forall integer k; 0 <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
    requires ends: \forall integer j, k; 0 <= k < j <= n && boundary(s, n, j) ==>
      u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, j);
    requires start: i0 <= n && boundary(s, n, i0) && p0 == u8len(s, n, i0);
    requires done: encoded(s, n, 0, i0, d);
    assigns d[0 .. u8len(s, n, n) - 1];
    exits \false;
    ensures \result == u8len(s, n, n);
    ensures whole: encoded(s, n, 0, n, d); */
__attribute__((noinline)) static size_t utf8_encode_loop(const uint16_t *s, size_t n, size_t i0,
                                                        uint8_t *d, size_t lim, size_t p0)
{
    size_t i = i0, p = p0;
    size_t next = i0 == 0 ? LEPACK_VEC_RETRY : i0 < n ? i0 + 1 : n;
    /*@ loop invariant 0 <= i <= n && boundary(s, n, i);
        loop invariant p == u8len(s, n, i);
        loop invariant whole: encoded(s, n, 0, i, d);
        loop assigns i, p, next, d[0 .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (n - i >= LEPACK_VEC_MIN) {
        /* The bytes of the units before i lie below where the next ones go. */
        /*@ assert below: \forall integer k; 0 <= k < i ==>
              u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, i); */
        if (i >= next) {
            size_t r = p;
#ifdef __FRAMAC__
        Kernel:; /* named only by the loop's assertions */
#endif
            size_t j = lepack_vec_utf8_encode(s, n, i, d, lim, &r);
            /* A kernel that cannot start here is not asked again at once. */
            next = j == i ? i + LEPACK_VEC_RETRY : 0;
            /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + enc_w(s, n, k) <= p &&
                  \at(enc_at(s, n, k, d, q), Kernel) ==> enc_at(s, n, k, d, q); */
            /*@ assert kept: encoded(s, n, 0, i, d); */
            /*@ assert encoded(s, n, 0, j, d); */
            i = j;
            p = r;
            if (i == n)
                break;
        }
        /*@ assert \forall integer k; 0 <= k < i ==>
              u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, i); */
        i = utf8_encode_step(s, n, i, d, lim, &p);
    }
    /*@ loop invariant 0 <= i <= n && boundary(s, n, i);
        loop invariant p == u8len(s, n, i);
        loop invariant whole: encoded(s, n, 0, i, d);
        loop assigns i, p, d[0 .. u8len(s, n, n) - 1];
        loop variant n - i; */
    while (i < n) {
        /*@ assert \forall integer k; 0 <= k < i ==>
              u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, i); */
        i = utf8_encode_step(s, n, i, d, lim, &p);
    }
    return p;
}

/* Writes the bytes of s[0 .. n) at d; the caller has shown they fit.  The
 * kernel first, once: on a short string it usually writes every unit, and
 * then the loop is not entered. */
/*@ requires units_in(s, n) && bytes_out(d, lim);
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires fits: u8len(s, n, n) <= lim;
    requires mono: \forall integer k; 0 <= k <= n ==> u8len(s, n, k) <= u8len(s, n, n);
    requires ascii_len: \forall integer k; 0 <= k <= n && ascii_units(s, k) ==> u8len(s, n, k) == k;
    requires ends: \forall integer j, k; 0 <= k < j <= n && boundary(s, n, j) ==>
      u8len(s, n, k) + enc_w(s, n, k) <= u8len(s, n, j);
    assigns d[0 .. u8len(s, n, n) - 1];
    exits \false;
    ensures \result == u8len(s, n, n);
    ensures whole: encoded(s, n, 0, n, d);
    ensures ascii: ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> d[k] == s[k]; */
static size_t utf8_encode_fitting(const uint16_t *s, size_t n, uint8_t *d, size_t lim)
{
    size_t i = 0, p = 0;
    /*@ assert boundary(s, n, 0) && u8len(s, n, 0) == 0 && encoded(s, n, 0, 0, d); */
    if (n >= LEPACK_VEC_MIN) {
        i = lepack_vec_utf8_encode(s, n, 0, d, lim, &p);
        if (i == n) {
            /*@ ghost encoded_ascii(s, n, d); */
            return p;
        }
    }
    size_t q = utf8_encode_loop(s, n, i, d, lim, p);
    /*@ ghost encoded_ascii(s, n, d); */
    return q;
}

/* lepack_utf8_encode where n units may take more than cap bytes: the
 * length first, in *need (what *written then says). */
/*@ requires units_in(s, n) && bytes_out(dst, cap) && \valid(need);
    requires \separated(dst + (0 .. cap - 1), s + (0 .. n - 1));
    requires \separated(need, dst + (0 .. cap - 1), s + (0 .. n - 1));
    assigns dst[0 .. written_if_fits(u8len(s, n, n), cap) - 1], *need;
    exits \false;
    behavior fits:
      assumes u8len(s, n, n) <= cap;
      ensures \result == LEPACK_OK;
      ensures *need == u8len(s, n, n);
      ensures whole: encoded(s, n, 0, n, dst);
      ensures ascii: ascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> dst[k] == s[k];
    behavior no_room:
      assumes cap < u8len(s, n, n) <= SIZE_MAX;
      assigns *need;
      ensures \result == LEPACK_ENOSPACE && *need == u8len(s, n, n);
      ensures bytes_unchanged{Pre, Post}(dst, cap);
    behavior too_long:
      assumes u8len(s, n, n) > SIZE_MAX;
      assigns *need;
      ensures \result == LEPACK_EOVERFLOW;
      ensures bytes_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
__attribute__((noinline)) static lepack_status utf8_encode_measured(const uint16_t *s, size_t n,
                                                                    uint8_t *dst, size_t cap,
                                                                    size_t *need)
{
    /*@ ghost u8len_facts(s, n); */
    lepack_status st = lepack_utf8_length(s, n, need);
    if (st != LEPACK_OK)
        return st;
    if (*need > cap)
        return LEPACK_ENOSPACE; /* *need: the size that would fit (preflighting) */
    *need = utf8_encode_fitting(s, n, dst, cap);
    return LEPACK_OK;
}

lepack_status lepack_utf8_encode(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                 size_t *written)
{
    /*@ ghost u8len_facts(s, n); */
    if (n <= cap / 3) {
        /* No unit takes more than three bytes: it fits, write at once. */
        *written = utf8_encode_fitting(s, n, dst, cap);
        return LEPACK_OK;
    }
    size_t need;
    lepack_status st = utf8_encode_measured(s, n, dst, cap, &need);
    if (st != LEPACK_EOVERFLOW)
        *written = need;
    return st;
}

lepack_status lepack_cursor_put_utf8(lepack_cursor *c, const uint16_t *s, size_t n)
{
    /*@ ghost u8len_facts(s, n); */
    size_t room = c->cap - c->pos;
    size_t need;
    if (n == 0)
        return LEPACK_OK;
    if (n > room / 3) {
        lepack_status st = lepack_utf8_length(s, n, &need);
        if (st != LEPACK_OK)
            return st;
        if (need > room)
            return LEPACK_ENOSPACE;
    }
    /* Here room >= 1: buf is a real array and buf + pos inside it. */
    need = utf8_encode_fitting(s, n, c->buf + c->pos, room);
    c->pos += need;
    return LEPACK_OK;
}

lepack_status lepack_utf16_validate(const uint16_t *s, size_t n, size_t *bad_index)
{
    size_t i = 0;
    /* i never stops between the halves of a pair, so a low surrogate met
     * at i has no high one before it. */
    /*@ loop invariant 0 <= i <= n && boundary(s, n, i);
        loop invariant none_unpaired(s, n, i);
        loop assigns i;
        loop variant n - i; */
    while (i < n) {
        uint32_t c = s[i];
        if (c < 0xD800u || c > 0xDFFFu) {
            i += 1;
        } else if (c <= 0xDBFFu && n - i >= 2 && is_low_unit(s[i + 1])) {
            i += 2;
        } else {
            *bad_index = i;
            return LEPACK_EILLFORMED;
        }
    }
    return LEPACK_OK;
}

lepack_status lepack_utf8_encode_strict(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                        size_t *written, size_t *bad_index)
{
    lepack_status st = lepack_utf16_validate(s, n, bad_index);
    if (st != LEPACK_OK)
        return st;
    return lepack_utf8_encode(s, n, dst, cap, written);
}

lepack_status lepack_utf8_encode_chunk(const uint16_t *s, size_t n, int last, uint8_t *dst,
                                       size_t cap, size_t *consumed, size_t *written)
{
    size_t end = n;
    /* A high surrogate at the end may be the first half of a pair. */
    if (!last && n >= 1 && s[n - 1] >= 0xD800u && s[n - 1] <= 0xDBFFu)
        end = n - 1;
    lepack_status st = lepack_utf8_encode(s, end, dst, cap, written);
    if (st == LEPACK_OK)
        *consumed = end;
    return st;
}

/* --- UTF-8 to UTF-16 ------------------------------------------------------ */

/* The bytes the JDK's decoder takes at src[i] (dstep). */
/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    assigns \nothing;
    exits \false;
    ensures \result == dstep(src, len, i); */
static inline size_t utf8_step_length(const uint8_t *src, size_t len, size_t i)
{
    uint32_t b = src[i];
    size_t left = len - i;
    if (b < 0x80u)
        return 1;
    if (b >= 0xC2u && b <= 0xDFu)
        return left >= 2 && is_cont(src[i + 1]) ? 2 : 1;
    if (b >= 0xE0u && b <= 0xEFu) {
        if (left < 2)
            return 1;
        if (!second3_ok(b, src[i + 1]))
            return 1;
        return left >= 3 && is_cont(src[i + 2]) ? 3 : 2;
    }
    if (b >= 0xF0u && b <= 0xF4u) {
        if (left < 2)
            return 1;
        if (!second4_ok(b, src[i + 1]))
            return 1;
        if (left < 3 || !is_cont(src[i + 2]))
            return 2;
        return left >= 4 && is_cont(src[i + 3]) ? 4 : 3;
    }
    return 1;
}

/* One step of the JDK's decoder at src[i]: its unit (two for a four-byte
 * sequence) at d, and the bytes it took. */
/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    requires \valid(d + (0 .. dunits(src, len, i) - 1));
    requires \separated(d + (0 .. dunits(src, len, i) - 1), src + (0 .. len - 1));
    assigns d[0 .. dunits(src, len, i) - 1];
    exits \false;
    ensures \result == dstep(src, len, i);
    ensures d[0] == dunit0(src, len, i);
    ensures \result == 4 ==> d[1] == dunit1(src, i); */
static inline size_t utf8_decode_step(const uint8_t *src, size_t len, size_t i, uint16_t *d)
{
    uint32_t b = src[i];
    if (b < 0x80u) {
        d[0] = (uint16_t)b;
        return 1;
    }
    /* Whole three- and two-byte sequences first: the common case, in fewer
     * tests than the general path below. */
    size_t left = len - i;
    if (b >= 0xE0u && b <= 0xEFu && left >= 3) {
        uint32_t x = src[i + 1], y = src[i + 2];
        if (second3_ok(b, x) && is_cont(y)) {
            uint32_t v = (b - 0xE0u) * 4096u + (x - 0x80u) * 64u + (y - 0x80u);
            d[0] = (uint16_t)(v >= 0xD800u && v <= 0xDFFFu ? REPLACEMENT : v);
            return 3;
        }
    }
    if (b >= 0xC2u && b <= 0xDFu && left >= 2 && is_cont(src[i + 1])) {
        d[0] = (uint16_t)((b - 0xC0u) * 64u + ((uint32_t)src[i + 1] - 0x80u));
        return 2;
    }
    /* What is left: a whole four-byte sequence, or a maximal prefix of a
     * sequence (a lone byte included), which becomes one U+FFFD. */
    size_t k = utf8_step_length(src, len, i);
    if (k == 4) {
        uint32_t v = (b - 0xF0u) * 262144u + ((uint32_t)src[i + 1] - 0x80u) * 4096u +
                     ((uint32_t)src[i + 2] - 0x80u) * 64u + ((uint32_t)src[i + 3] - 0x80u);
        d[0] = (uint16_t)(0xD800u + (v - 0x10000u) / 1024u);
        d[1] = (uint16_t)(0xDC00u + (v - 0x10000u) % 1024u);
    } else {
        d[0] = (uint16_t)REPLACEMENT;
    }
    return k;
}

/* The count of lepack_utf8_decoded_length. */
/*@ requires bytes_in(src, len);
    assigns \nothing;
    exits \false;
    ensures \result == dlen(src, len, 0) && \result <= len; */
static size_t utf8_decoded_count(const uint8_t *src, size_t len)
{
    /*@ ghost dlen_facts(src, len); */
    size_t i = 0, q = 0, wait = 0;
    /*@ loop invariant 0 <= i <= len;
        loop invariant q + dlen(src, len, i) == dlen(src, len, 0);
        loop assigns i, q, wait;
        loop variant len - i; */
    while (i < len) {
        /* The kernel counts whole well-formed runs; where it cannot start
         * (an ill-formed sequence), a few scalar steps before it tries
         * again. */
        if (wait == 0 && len - i >= LEPACK_VEC_MIN) {
            size_t j = lepack_vec_utf8_count(src, len, i, &q);
            if (j == i)
                wait = LEPACK_VEC_RETRY;
            i = j;
            if (i >= len)
                break;
        } else if (wait > 0) {
            wait--;
        }
        size_t k = utf8_step_length(src, len, i);
        q += k == 4 ? 2 : 1;
        i += k;
    }
    return q;
}

lepack_status lepack_utf8_decoded_length(const uint8_t *src, size_t len, size_t *units)
{
    *units = utf8_decoded_count(src, len);
    return LEPACK_OK;
}

/* Decodes src[0 .. len) at d; the caller has shown the units fit. */
/*@ requires bytes_in(src, len) && units_out(d, lim);
    requires \separated(d + (0 .. lim - 1), src + (0 .. len - 1));
    requires fits: dlen(src, len, 0) <= lim;
    requires bounds: \forall integer j; 0 <= j <= len ==> 0 <= dlen(src, len, j) <= len - j;
    assigns d[0 .. dlen(src, len, 0) - 1];
    exits \false;
    ensures \result == dlen(src, len, 0);
    ensures ascii: all_ascii(src, len) ==>
      \result == len && \forall integer k; 0 <= k < len ==> d[k] == src[k];
    ensures whole: ddecoded(src, len, dseqs(src, len, 0), d);
    ensures below: dsteps_below(src, len, dseqs(src, len, 0), \result); */
static size_t utf8_decode_fitting(const uint8_t *src, size_t len, uint16_t *d, size_t lim)
{
    size_t i = 0, q = 0, wait = 0;
    /*@ ghost size_t n = 0; */
    /*@ loop invariant 0 <= i <= len;
        loop invariant q + dlen(src, len, i) == dlen(src, len, 0);
        loop invariant ascii: all_ascii(src, i) ==>
          q == i && \forall integer k; 0 <= k < i ==> d[k] == src[k];
        loop invariant steps: n <= i && n + dseqs(src, len, i) == dseqs(src, len, 0);
        loop invariant at: i == dpos(src, len, n) && q == doff(src, len, n);
        loop invariant below: dsteps_below(src, len, n, q);
        loop invariant whole: ddecoded(src, len, n, d);
        loop invariant wait <= LEPACK_VEC_RETRY;
        loop assigns i, q, n, wait, d[0 .. dlen(src, len, 0) - 1];
        loop variant (len - i) * (LEPACK_VEC_RETRY + 2) +
                     (wait == 0 ? LEPACK_VEC_RETRY + 1 : wait); */
    while (i < len) {
        /* The kernel decodes whole well-formed runs; where it cannot start
         * (an ill-formed sequence, or below AVX-512 a byte that is not
         * ASCII), a few scalar steps before it tries again.  An iteration
         * is one or the other, never both: each proof path then carries
         * either the kernel's contract or one step. */
        if (wait == 0 && len - i >= LEPACK_VEC_MIN) {
            size_t r = q, m = 0;
#ifdef __FRAMAC__
        Kernel:; /* named only by the loop's assertions */
#endif
            size_t j = lepack_vec_utf8_decode(src, len, i, d, lim, &r, &m) /*@ ghost (n) */;
            if (j == i)
                wait = LEPACK_VEC_RETRY;
            /*@ assert ascii_in: all_ascii(src, j) ==>
                  \forall integer k; i <= k < j ==> src[k] < 0x80; */
            /*@ assert ascii_q: all_ascii(src, j) ==> q == i && r == j; */
            /*@ assert ascii_run: all_ascii(src, j) ==>
                  \forall integer k; i <= k < j ==> d[q + (k - i)] == src[k]; */
            /*@ assert ascii_new: all_ascii(src, j) ==>
                  \forall integer k; i <= k < j ==> d[k] == src[k]; */
            /*@ assert frame: \forall integer k; 0 <= k < q ==> d[k] == \at(d[k], Kernel); */
            /*@ assert ascii_pre: all_ascii(src, j) ==> all_ascii(src, i); */
            /*@ assert ascii_old: all_ascii(src, j) ==>
                  \forall integer k; 0 <= k < i ==> d[k] == src[k]; */
            /*@ assert ascii_all: all_ascii(src, j) ==>
                  \forall integer k; 0 <= k < j ==> d[k] == src[k]; */
            /*@ assert kept_any: \forall integer p, integer o; o + dunits(src, len, p) <= q &&
                  \at(dunit_at(src, len, p, d, o), Kernel) ==> dunit_at(src, len, p, d, o); */
            /*@ assert kept: ddecoded(src, len, n, d); */
            /*@ assert run: \forall integer k; 0 <= k < n + m ==>
                  dunit_at(src, len, dpos(src, len, k), d, doff(src, len, k)); */
            /*@ assert steps_run: n + m <= j && n + m + dseqs(src, len, j) == dseqs(src, len, 0); */
            /*@ assert below_run: dsteps_below(src, len, n + m, r); */
            /*@ ghost n += m; */
            /*@ assert at_run: j == dpos(src, len, n) && r == doff(src, len, n); */
            q = r;
            i = j;
            continue;
        }
        if (wait > 0)
            wait--;
        {
            /*@ assert step: i + dstep(src, len, i) <= len; */
            /*@ assert unfold: dlen(src, len, i) ==
                  dunits(src, len, i) + dlen(src, len, i + dstep(src, len, i)); */
            /*@ assert rest: 0 <= dlen(src, len, i + dstep(src, len, i)); */
            /*@ assert room: q + dunits(src, len, i) <= lim; */
            /*@ assert all_ascii(src, i) ==> q == i; */
#ifdef __FRAMAC__
        Step:; /* named only by the loop's assertions */
#endif
            size_t k = utf8_decode_step(src, len, i, d + q);
            /*@ assert src[i] < 0x80 ==> k == 1 && d[q] == src[i]; */
            /*@ assert all_ascii(src, i) ==> \forall integer m; 0 <= m < i ==> d[m] == src[m]; */
            /*@ assert ascii_here: all_ascii(src, i + k) ==>
                  all_ascii(src, i) && k == 1 && q == i && d[i] == src[i]; */
            /*@ assert ascii_next: all_ascii(src, i + k) ==>
                  \forall integer m; 0 <= m <= i ==> d[m] == src[m]; */
            /*@ assert kept_any: \forall integer p, integer o; o + dunits(src, len, p) <= q &&
                  \at(dunit_at(src, len, p, d, o), Step) ==> dunit_at(src, len, p, d, o); */
            /*@ assert kept_step: ddecoded(src, len, n, d); */
            /*@ assert here: dunit_at(src, len, dpos(src, len, n), d, doff(src, len, n)); */
            /*@ ghost ddecoded_snoc(src, len, n, d); */
            /*@ assert next: dpos(src, len, n + 1) == i + k &&
                  doff(src, len, n + 1) == q + dunits(src, len, i); */
            /*@ ghost n++; */
            q += k == 4 ? 2 : 1;
            i += k;
        }
    }
    return q;
}

/* Copies m units. */
/*@ requires units_out(d, m) && \valid_read(t + (0 .. m - 1));
    requires \separated(d + (0 .. m - 1), t + (0 .. m - 1));
    assigns d[0 .. m - 1];
    exits \false;
    ensures \forall integer k; 0 <= k < m ==> d[k] == t[k]; */
static void units_copy(uint16_t *d, const uint16_t *t, size_t m)
{
    /*@ loop invariant 0 <= k <= m;
        loop invariant \forall integer j; 0 <= j < k ==> d[j] == t[j];
        loop assigns k, d[0 .. m - 1];
        loop variant m - k; */
    for (size_t k = 0; k < m; k++)
        d[k] = t[k];
}

/* Up to this many bytes, a capacity below the input's length is met by
 * decoding on the stack (2 KiB) and copying what fits, rather than by
 * counting first: one pass over the input instead of two, which is most of
 * the cost of a string decoded into an exact-size buffer (a kilobyte of
 * Latin-1 text: 0.93x simdutf's one-pass time counted first, 1.1x
 * decoded on the stack). */
#define UTF8_SHORT_BYTES 1024

/* lepack_utf8_decode where len bytes may take more than cap units: on the
 * stack and copied when short, else counted first. */
/*@ requires bytes_in(src, len) && units_out(dst, cap) && \valid(written);
    requires \separated(dst + (0 .. cap - 1), src + (0 .. len - 1));
    requires \separated(written, dst + (0 .. cap - 1), src + (0 .. len - 1));
    assigns dst[0 .. written_if_fits(dlen(src, len, 0), cap) - 1], *written;
    exits \false;
    behavior fits:
      assumes dlen(src, len, 0) <= cap;
      ensures \result == LEPACK_OK;
      ensures *written == dlen(src, len, 0);
      ensures ascii: all_ascii(src, len) ==>
        *written == len && \forall integer k; 0 <= k < len ==> dst[k] == src[k];
      ensures whole: ddecoded(src, len, dseqs(src, len, 0), dst);
    behavior no_room:
      assumes dlen(src, len, 0) > cap;
      assigns *written;
      ensures \result == LEPACK_ENOSPACE;
      ensures *written == dlen(src, len, 0) && units_unchanged{Pre, Post}(dst, cap);
    complete behaviors;
    disjoint behaviors; */
__attribute__((noinline)) static lepack_status utf8_decode_measured(const uint8_t *src, size_t len,
                                                                    uint16_t *dst, size_t cap,
                                                                    size_t *written)
{
    /*@ ghost dlen_facts(src, len); */
    size_t need;
    if (len <= UTF8_SHORT_BYTES) {
        uint16_t tmp[UTF8_SHORT_BYTES];
        need = utf8_decode_fitting(src, len, tmp, UTF8_SHORT_BYTES);
        if (need > cap) {
            *written = need; /* the size that would fit: preflighting */
            return LEPACK_ENOSPACE;
        }
        units_copy(dst, tmp, need);
        /*@ ghost ddecoded_copy(src, len, tmp, dst, need); */
    } else {
        need = utf8_decoded_count(src, len);
        if (need > cap) {
            *written = need; /* the size that would fit: preflighting */
            return LEPACK_ENOSPACE;
        }
        need = utf8_decode_fitting(src, len, dst, cap);
    }
    *written = need;
    return LEPACK_OK;
}

lepack_status lepack_utf8_decode(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                 size_t *written)
{
    /*@ ghost dlen_facts(src, len); */
    if (len <= cap) {
        /* Never more units than bytes: it fits. */
        *written = utf8_decode_fitting(src, len, dst, cap);
        return LEPACK_OK;
    }
    return utf8_decode_measured(src, len, dst, cap, written);
}

/* The length of the well-formed sequence at src[i], or 0 when it is
 * ill-formed. */
/*@ requires i < len && \valid_read(src + (0 .. len - 1));
    assigns \nothing;
    exits \false;
    ensures \result == 0 <==> !well_formed_at(src, len, i);
    ensures \result != 0 ==> \result == dstep(src, len, i); */
static inline size_t utf8_well_formed_length(const uint8_t *src, size_t len, size_t i)
{
    uint32_t b = src[i];
    size_t k = utf8_step_length(src, len, i);
    if (b < 0x80u)
        return 1;
    if (b >= 0xC2u && b <= 0xDFu)
        return k == 2 ? 2 : 0;
    if (b >= 0xE0u && b <= 0xEFu) {
        if (k != 3)
            return 0;
        return b == 0xEDu && src[i + 1] >= 0xA0u ? 0 : 3;
    }
    if (b >= 0xF0u && b <= 0xF4u)
        return k == 4 ? 4 : 0;
    return 0;
}

lepack_status lepack_utf8_validate(const uint8_t *src, size_t len, size_t *bad_offset)
{
    size_t i = 0, wait = 0;
    /*@ loop invariant 0 <= i <= len && wf_reach(src, len, i);
        loop assigns i, wait;
        loop variant len - i; */
    while (i < len) {
        /* As in utf8_decoded_count: a few scalar steps after the kernel
         * could not start. */
        if (wait == 0 && len - i >= LEPACK_VEC_MIN) {
            size_t j = lepack_vec_utf8_valid_run(src, len, i);
            if (j == i)
                wait = LEPACK_VEC_RETRY;
            i = j;
            if (i >= len)
                break;
        } else if (wait > 0) {
            wait--;
        }
        size_t k = utf8_well_formed_length(src, len, i);
        if (k == 0) {
            *bad_offset = i;
            return LEPACK_EILLFORMED;
        }
        i += k;
    }
    return LEPACK_OK;
}

lepack_status lepack_utf8_replacements(const uint8_t *src, size_t len, size_t *count)
{
    size_t i = 0, r = 0;
    /* No vector kernel here: the one that skips well-formed runs starts
     * only where every byte before is well-formed (wf_reach from 0), which
     * stops holding at the first replacement.  The command line calls this
     * only for chunks whose units hold a U+FFFD. */
    /*@ loop invariant 0 <= r <= i <= len;
        loop invariant r + drepl(src, len, i) == drepl(src, len, 0);
        loop invariant clean: r == 0 ==> wf_reach(src, len, i);
        loop assigns i, r;
        loop variant len - i; */
    while (i < len) {
        size_t k = utf8_well_formed_length(src, len, i);
        if (k == 0) {
            r++;
            k = utf8_step_length(src, len, i);
        }
        i += k;
    }
    *count = r;
    return LEPACK_OK;
}

lepack_status lepack_utf8_decode_strict(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                        size_t *written, size_t *bad_offset)
{
    lepack_status st = lepack_utf8_validate(src, len, bad_offset);
    if (st != LEPACK_OK)
        return st;
    return lepack_utf8_decode(src, len, dst, cap, written);
}

/* The bytes a lead byte announces, 0 for any other byte (lead_need). */
/*@ assigns \nothing;
    exits \false;
    ensures \result == lead_need(b); */
static inline size_t lead_need_of(uint32_t b)
{
    if (b >= 0xC2u && b <= 0xDFu)
        return 2;
    if (b >= 0xE0u && b <= 0xEFu)
        return 3;
    if (b >= 0xF0u && b <= 0xF4u)
        return 4;
    return 0;
}

/* Where a chunk that is not the last ends (stream_end): before the last
 * lead byte among the last three bytes when the chunk cuts its sequence
 * short.  A lead byte is never inside another sequence, so decoding may
 * stop and restart there. */
/*@ requires bytes_in(src, len);
    assigns \nothing;
    exits \false;
    ensures \result == stream_end(src, len); */
static size_t utf8_stream_end(const uint8_t *src, size_t len)
{
    if (len >= 1 && lead_need_of(src[len - 1]) > 1)
        return len - 1;
    if (len >= 2 && is_cont(src[len - 1]) && lead_need_of(src[len - 2]) > 2)
        return len - 2;
    if (len >= 3 && is_cont(src[len - 1]) && is_cont(src[len - 2]) &&
        lead_need_of(src[len - 3]) > 3)
        return len - 3;
    return len;
}

lepack_status lepack_utf8_decode_chunk(const uint8_t *src, size_t len, int last, uint16_t *dst,
                                       size_t cap, size_t *consumed, size_t *written)
{
    size_t end = last ? len : utf8_stream_end(src, len);
    lepack_status st = lepack_utf8_decode(src, end, dst, cap, written);
    if (st == LEPACK_OK)
        *consumed = end;
    return st;
}

/* --- Modified UTF-8 ------------------------------------------------------- */

lepack_status lepack_mutf8_length(const uint16_t *s, size_t n, size_t *len)
{
    size_t e1 = 0, e2 = 0;
    /*@ loop invariant 0 <= i <= n;
        loop invariant e1 <= i && e2 <= i;
        loop invariant m8len(s, i) == i + e1 + e2;
        loop assigns i, e1, e2;
        loop variant n - i; */
    for (size_t i = 0; i < n; i++) {
        uint32_t c = s[i];
        if (c == 0 || c >= 0x80u)
            e1 += 1;
        if (c >= 0x800u)
            e2 += 1;
    }
    if (e1 > SIZE_MAX - n || e2 > SIZE_MAX - n - e1)
        return LEPACK_EOVERFLOW;
    *len = n + e1 + e2;
    return LEPACK_OK;
}

/* Whether writeUTF's prefix and body fit in room bytes: LEPACK_OK with
 * *body its length, else LEPACK_ETOOLONG or LEPACK_ENOSPACE. */
/*@ requires units_in(s, n) && \valid(body) && \separated(body, s + (0 .. n - 1));
    requires len_bound: \forall integer k; 0 <= k <= n ==> k <= m8len(s, k) <= 3 * k;
    assigns *body;
    exits \false;
    behavior fits:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && m8len(s, n) + 2 <= room;
      ensures \result == LEPACK_OK && *body == m8len(s, n);
    behavior no_room:
      assumes m8len(s, n) <= LEPACK_MUTF8_MAX_BODY && room < m8len(s, n) + 2;
      ensures \result == LEPACK_ENOSPACE && *body == m8len(s, n);
    behavior too_long:
      assumes m8len(s, n) > LEPACK_MUTF8_MAX_BODY;
      ensures \result == LEPACK_ETOOLONG;
    complete behaviors;
    disjoint behaviors; */
static lepack_status mutf8_measure(const uint16_t *s, size_t n, size_t room, size_t *body)
{
    if (n > LEPACK_MUTF8_MAX_BODY)
        return LEPACK_ETOOLONG; /* every unit takes at least a byte */
    if (lepack_mutf8_length(s, n, body) != LEPACK_OK || *body > LEPACK_MUTF8_MAX_BODY)
        return LEPACK_ETOOLONG;
    if (room < 2 || room - 2 < *body)
        return LEPACK_ENOSPACE;
    return LEPACK_OK;
}

/* One unit of writeUTF's body at d[*p], moving *p past its bytes. */
/*@ requires i < n && \valid_read(s + (0 .. n - 1)) && \valid(p);
    requires \valid(d + (0 .. lim - 1));
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires \separated(p, d + (0 .. lim - 1), s + (0 .. n - 1));
    requires *p == m8len(s, i) && m8len(s, n) <= lim;
    requires \forall integer k; i <= k <= n ==> m8len(s, k) <= m8len(s, n);
    assigns *p, d[m8len(s, i) .. m8len(s, n) - 1];
    exits \false;
    ensures *p == m8len(s, i + 1);
    ensures here: menc_at(s, i, d, \old(*p));
    ensures kept: \forall integer q; 0 <= q < \old(*p) ==> d[q] == \old(d[q]); */
static inline void mutf8_encode_step(const uint16_t *s, size_t n, size_t i, uint8_t *d,
                                     size_t lim, size_t *p)
{
    uint32_t c = s[i];
    size_t o = *p;
    if (c >= 1u && c < 0x80u) {
        /*@ assert m8len(s, i + 1) == o + 1; */
        d[o] = (uint8_t)c;
        *p = o + 1;
    } else if (c < 0x800u) {
        /*@ assert m8len(s, i + 1) == o + 2; */
        d[o] = (uint8_t)(0xC0u + c / 64u);
        d[o + 1] = (uint8_t)(0x80u + c % 64u);
        *p = o + 2;
    } else {
        /*@ assert m8len(s, i + 1) == o + 3; */
        d[o] = (uint8_t)(0xE0u + c / 4096u);
        d[o + 1] = (uint8_t)(0x80u + c / 64u % 64u);
        d[o + 2] = (uint8_t)(0x80u + c % 64u);
        *p = o + 3;
    }
    (void)n;
    (void)lim;
}

/* Writes writeUTF's body for s[0 .. n) at d; the caller has shown it fits. */
/*@ requires units_in(s, n) && bytes_out(d, lim);
    requires \separated(d + (0 .. lim - 1), s + (0 .. n - 1));
    requires fits: m8len(s, n) <= lim;
    requires mono: \forall integer k; 0 <= k <= n ==> m8len(s, k) <= m8len(s, n);
    requires ascii_len: \forall integer k; 0 <= k <= n && mascii_units(s, k) ==> m8len(s, k) == k;
    requires ordered: \forall integer j, k; 0 <= k < j <= n ==> m8len(s, k) + m8w(s[k]) <= m8len(s, j);
    assigns d[0 .. m8len(s, n) - 1];
    exits \false;
    ensures \result == m8len(s, n);
    ensures ascii: mascii_units(s, n) ==> \forall integer k; 0 <= k < n ==> d[k] == s[k];
    ensures whole: mencoded(s, 0, n, d); */
static size_t mutf8_encode_fitting(const uint16_t *s, size_t n, uint8_t *d, size_t lim)
{
    size_t i = 0, p = 0, next = 0;
    /*@ loop invariant 0 <= i <= n;
        loop invariant p == m8len(s, i);
        loop invariant ascii: mascii_units(s, i) ==> \forall integer k; 0 <= k < i ==> d[k] == s[k];
        loop invariant whole: mencoded(s, 0, i, d);
        loop assigns i, p, next, d[0 .. m8len(s, n) - 1];
        loop variant n - i; */
    while (i < n) {
        if (n - i >= LEPACK_VEC_MIN && i >= next) {
            /*@ ghost size_t k0 = p; */
            /*@ assert below: \forall integer k; 0 <= k < i ==> m8len(s, k) + m8w(s[k]) <= k0; */
#ifdef __FRAMAC__
        Kernel:; /* named only by the loop's assertions */
#endif
            size_t j = lepack_vec_mutf8_encode(s, n, i, d, lim, &p);
            /* A kernel that cannot start here is not asked again at once. */
            next = j == i ? i + LEPACK_VEC_RETRY : 0;
            /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + m8w(s[k]) <= k0 &&
                  \at(menc_at(s, k, d, q), Kernel) ==> menc_at(s, k, d, q); */
            /*@ assert kept: mencoded(s, 0, i, d); */
            /*@ assert mencoded(s, 0, j, d); */
            /*@ assert ascii_at: mascii_units(s, j) ==>
                  \forall integer k; 0 <= k < j ==> mascii_units(s, k) && 1 <= s[k] <= 0x7F; */
            /*@ assert ascii_len: mascii_units(s, j) ==>
                  \forall integer k; 0 <= k < j ==> m8len(s, k) == k && 1 <= s[k] <= 0x7F; */
            /*@ assert enc_each: \forall integer k; 0 <= k < j ==> menc_at(s, k, d, m8len(s, k)); */
            /*@ assert ascii_bytes: mascii_units(s, j) ==>
                  \forall integer k; 0 <= k < j ==> d[k] == s[k]; */
            i = j;
        }
        if (i < n) {
            /*@ ghost size_t p0 = p; */
            /*@ assert below: \forall integer k; 0 <= k < i ==> m8len(s, k) + m8w(s[k]) <= p0; */
#ifdef __FRAMAC__
        Step:; /* named only by the loop's assertions */
#endif
            mutf8_encode_step(s, n, i, d, lim, &p);
            /* Earlier units' bytes lie below p0, which the step leaves alone:
             * stated for any offset first, the provers need not unfold m8len. */
            /*@ assert kept_any: \forall integer k, integer q; 0 <= k < i && q + m8w(s[k]) <= p0 &&
                  \at(menc_at(s, k, d, q), Step) ==> menc_at(s, k, d, q); */
            /*@ assert kept: mencoded(s, 0, i, d); */
            i++;
        }
    }
    return p;
}

lepack_status lepack_mutf8_write(const uint16_t *s, size_t n, uint8_t *dst, size_t cap,
                                 size_t *written)
{
    /*@ ghost m8len_facts(s, n); */
    size_t body;
    lepack_status st = mutf8_measure(s, n, cap, &body);
    if (st == LEPACK_ENOSPACE)
        *written = body + 2; /* the size that would fit: preflighting */
    if (st != LEPACK_OK)
        return st;
    dst[0] = (uint8_t)(body / 256u);
    dst[1] = (uint8_t)(body % 256u);
    (void)mutf8_encode_fitting(s, n, dst + 2, cap - 2);
    *written = body + 2;
    return LEPACK_OK;
}

lepack_status lepack_cursor_put_mutf8(lepack_cursor *c, const uint16_t *s, size_t n)
{
    /*@ ghost m8len_facts(s, n); */
    size_t body;
    lepack_status st = mutf8_measure(s, n, c->cap - c->pos, &body);
    if (st != LEPACK_OK)
        return st;
    uint8_t *d = c->buf + c->pos;
    d[0] = (uint8_t)(body / 256u);
    d[1] = (uint8_t)(body % 256u);
    (void)mutf8_encode_fitting(s, n, d + 2, c->cap - c->pos - 2);
    c->pos += body + 2;
    return LEPACK_OK;
}

/* readUTF's group at src[i] of a body ending at end: its length when it is
 * whole (mgroup_ok), else 0. */
/*@ requires i < end && \valid_read(src + (0 .. end - 1));
    assigns \nothing;
    exits \false;
    ensures \result == 0 <==> !mgroup_ok(src, end, i);
    ensures \result != 0 ==> \result == mlead(src[i]) && \result == mstep(src, end, i); */
static inline size_t mutf8_group_length(const uint8_t *src, size_t end, size_t i)
{
    uint32_t a = src[i];
    size_t left = end - i;
    if (a < 0x80u)
        return 1;
    if (a >= 0xC0u && a <= 0xDFu)
        return left >= 2 && is_cont(src[i + 1]) ? 2 : 0;
    if (a >= 0xE0u && a <= 0xEFu)
        return left >= 3 && is_cont(src[i + 1]) && is_cont(src[i + 2]) ? 3 : 0;
    return 0;
}

/* Checks the body src[2 .. end) group by group and counts its units. */
/*@ requires 2 <= end && \valid_read(src + (0 .. end - 1));
    requires \valid(units) && \valid(bad_offset);
    requires \separated(units, bad_offset, src + (0 .. end - 1));
    assigns *units, *bad_offset;
    exits \false;
    ensures \result == LEPACK_OK || \result == LEPACK_EILLFORMED;
    ensures ok: \result == LEPACK_OK ==>
      mwf_reach(src, 2, end, end) && *units == mlen(src, end, 2) && *units <= end - 2 &&
      *bad_offset == \old(*bad_offset);
    ensures bad: \result == LEPACK_EILLFORMED ==>
      2 <= *bad_offset < end && mwf_reach(src, 2, end, *bad_offset) &&
      !mgroup_ok(src, end, *bad_offset) && *units == \old(*units); */
static lepack_status mutf8_scan(const uint8_t *src, size_t end, size_t *units,
                                size_t *bad_offset)
{
    /*@ ghost mlen_facts(src, 2, end); */
    size_t i = 2, q = 0;
    /*@ loop invariant 2 <= i <= end && mwf_reach(src, 2, end, i);
        loop invariant q + mlen(src, end, i) == mlen(src, end, 2);
        loop invariant q <= i - 2;
        loop assigns i, q;
        loop variant end - i; */
    while (i < end) {
        size_t k = mutf8_group_length(src, end, i);
        if (k == 0) {
            *bad_offset = i;
            return LEPACK_EILLFORMED;
        }
        i += k;
        q += 1;
    }
    *units = q;
    return LEPACK_OK;
}

lepack_status lepack_mutf8_decoded_length(const uint8_t *src, size_t len, size_t *units,
                                          size_t *bad_offset)
{
    if (len < 2)
        return LEPACK_ERANGE;
    size_t body = (size_t)src[0] * 256u + src[1];
    if (len - 2 < body)
        return LEPACK_ERANGE; /* readUTF's EOFException */
    return mutf8_scan(src, 2 + body, units, bad_offset);
}

/* readUTF's decoding of a body already found whole: one unit per group. */
/*@ requires 2 <= end && bytes_in(src, end) && units_out(d, lim);
    requires \separated(d + (0 .. lim - 1), src + (0 .. end - 1));
    requires fits: mlen(src, end, 2) <= lim;
    requires bounds: \forall integer j; 2 <= j <= end ==> 0 <= mlen(src, end, j) <= end - j;
    assigns d[0 .. mlen(src, end, 2) - 1];
    exits \false;
    ensures whole: mdecoded(src, end, mlen(src, end, 2), d); */
static void mutf8_decode_fitting(const uint8_t *src, size_t end, uint16_t *d, size_t lim)
{
    size_t i = 2, q = 0;
    /*@ loop invariant 2 <= i <= end;
        loop invariant q + mlen(src, end, i) == mlen(src, end, 2);
        loop invariant at: i == mpos(src, end, q);
        loop invariant whole: mdecoded(src, end, q, d);
        loop assigns i, q, d[0 .. mlen(src, end, 2) - 1];
        loop variant end - i; */
    while (i < end) {
        uint32_t a = src[i];
        size_t left = end - i;
        /*@ assert unfold: mlen(src, end, i) == 1 + mlen(src, end, i + mstep(src, end, i)); */
        if (a < 0x80u) {
            /*@ assert mstep(src, end, i) == 1; */
            d[q] = (uint16_t)a;
            i += 1;
        } else if (a >= 0xC0u && a <= 0xDFu && left >= 2) {
            /*@ assert mstep(src, end, i) == 2; */
            d[q] = (uint16_t)((a - 0xC0u) * 64u + (uint32_t)src[i + 1] % 64u);
            i += 2;
        } else if (a >= 0xE0u && a <= 0xEFu && left >= 3) {
            /*@ assert mstep(src, end, i) == 3; */
            d[q] = (uint16_t)((a - 0xE0u) * 4096u + (uint32_t)src[i + 1] % 64u * 64u +
                              (uint32_t)src[i + 2] % 64u);
            i += 3;
        } else {
            /*@ assert mstep(src, end, i) == 1; */
            d[q] = (uint16_t)REPLACEMENT; /* not reached: the body was checked */
            i += 1;
        }
        q += 1;
    }
    (void)lim;
}

lepack_status lepack_mutf8_read(const uint8_t *src, size_t len, uint16_t *dst, size_t cap,
                                size_t *units, size_t *consumed, size_t *bad_offset)
{
    if (len < 2)
        return LEPACK_ERANGE;
    size_t end = 2 + ((size_t)src[0] * 256u + src[1]);
    if (len < end)
        return LEPACK_ERANGE;
    size_t n = 0;
    lepack_status st = mutf8_scan(src, end, &n, bad_offset);
    if (st != LEPACK_OK)
        return st;
    if (n > cap) {
        *units = n; /* the size that would fit: preflighting */
        return LEPACK_ENOSPACE;
    }
    /*@ ghost mlen_facts(src, 2, end); */
    mutf8_decode_fitting(src, end, dst, cap);
    *units = n;
    *consumed = end;
    return LEPACK_OK;
}
