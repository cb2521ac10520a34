/* SPDX-License-Identifier: Apache-2.0 */
/* A counters message from start to end: init, add, read back, next_counter,
 * encode into a buffer sized by asking first, decode on the other side, and
 * free.  Every lepack_counters_init (and every message a decode filled) is
 * matched by one lepack_counters_free: the message owns heap memory.
 *
 *   cc -std=c11 counters.c $(pkg-config --cflags --libs lepack) -o counters
 *
 * Every call returns a lepack_status; a failed call leaves the message and
 * the buffers as they were, so the error paths below only report and clean
 * up.  The expected output is at the end of this file (make test-install
 * runs the program against an installed lepack and compares). */
#include <lepack/counters.h>
#include <lepack/status.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* One place for "a call failed": print the status's name and text. */
static int failed(const char *what, lepack_status st)
{
    fprintf(stderr, "counters: %s: %s (%s)\n", what, lepack_strerror(st), lepack_status_name(st));
    return 1;
}

/* Prints every item with the inline getters: no call per item. */
static void print_items(const char *title, const lepack_counters *m)
{
    printf("%s: cache %" PRId32 ", %zu items\n", title, lepack_counters_cache_id(m),
           lepack_counters_size(m));
    for (size_t i = 0; i < lepack_counters_size(m); i++) {
        int32_t part = 0;
        int64_t init = 0, updates = 0;
        /* i < size, so these cannot fail; a larger i gives LEPACK_ERANGE. */
        lepack_counters_partition(m, i, &part);
        lepack_counters_initial_counter(m, i, &init);
        lepack_counters_updates_count(m, i, &updates);
        printf("  item %zu: partition %" PRId32 ", initial %" PRId64 ", updates %" PRId64 "\n", i,
               part, init, updates);
    }
}

static int send_and_receive(lepack_counters *sent, lepack_counters *received)
{
    /* Preflight: a capacity of 0 reports the bytes needed in `needed`
     * (LEPACK_ENOSPACE, nothing written), as every lepack call that fills
     * a caller's buffer does.  lepack_counters_wire gives the same bytes
     * without a copy. */
    size_t needed = 0;
    lepack_status st = lepack_counters_encode(sent, NULL, 0, &needed);
    if (st != LEPACK_ENOSPACE)
        return failed("encode preflight", st);
    uint8_t *wire = malloc(needed);
    if (wire == NULL)
        return failed("malloc", LEPACK_ENOMEM);
    size_t written = 0;
    st = lepack_counters_encode(sent, wire, needed, &written);
    if (st != LEPACK_OK) {
        free(wire);
        return failed("encode", st);
    }
    printf("encoded: %zu bytes (%u per item)\n", written, LEPACK_ITEM_SIZE);

    /* The receiving side: a length that is not whole items is refused,
     * never truncated, and the message is left as it was. */
    st = lepack_counters_decode(received, wire, written - 1);
    printf("decode of %zu bytes: %s\n", written - 1, lepack_status_name(st));
    st = lepack_counters_decode(received, wire, written);
    free(wire);
    if (st != LEPACK_OK)
        return failed("decode", st);
    return 0;
}

int main(void)
{
    lepack_counters sent;
    /* Capacity 0 is fine: add grows the storage as needed. */
    lepack_status st = lepack_counters_init(&sent, 7, 0);
    if (st != LEPACK_OK)
        return failed("init", st);

    /* (partition, initial counter, updates count), as Ignite adds them.
     * Partition 3 twice: next_counter continues from the last one. */
    static const int64_t items[][3] = {{3, 100, 5}, {-1, INT64_MAX, 0}, {3, 41, 2}};
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++) {
        st = lepack_counters_add(&sent, (int32_t)items[i][0], items[i][1], items[i][2]);
        if (st != LEPACK_OK) {
            lepack_counters_free(&sent);
            return failed("add", st);
        }
    }
    print_items("sent", &sent);

    /* Ignite's nextCounter: the last initial counter of the partition plus
     * one, then one more per call; like Java's long it wraps. */
    int64_t next = 0;
    for (int k = 0; k < 2; k++) {
        if (lepack_counters_next_counter(&sent, 3, &next) == LEPACK_OK)
            printf("next_counter(3): %" PRId64 "\n", next);
    }
    if (lepack_counters_next_counter(&sent, -1, &next) == LEPACK_OK)
        printf("next_counter(-1): %" PRId64 "\n", next);
    st = lepack_counters_next_counter(&sent, 9, &next);
    printf("next_counter(9): %s\n", lepack_status_name(st));

    lepack_counters received;
    st = lepack_counters_init(&received, 7, 0);
    if (st != LEPACK_OK) {
        lepack_counters_free(&sent);
        return failed("init", st);
    }
    int rc = send_and_receive(&sent, &received);
    if (rc == 0)
        print_items("received", &received);

    /* Both messages own memory: free each exactly once.  A freed message
     * is empty with no capacity; init it again before reuse. */
    lepack_counters_free(&sent);
    lepack_counters_free(&received);
    return rc;
}

/* Output:
sent: cache 7, 3 items
  item 0: partition 3, initial 100, updates 5
  item 1: partition -1, initial 9223372036854775807, updates 0
  item 2: partition 3, initial 41, updates 2
next_counter(3): 42
next_counter(3): 43
next_counter(-1): -9223372036854775808
next_counter(9): ENOTFOUND
encoded: 60 bytes (20 per item)
decode of 59 bytes: EBADLEN
received: cache 7, 3 items
  item 0: partition 3, initial 100, updates 5
  item 1: partition -1, initial 9223372036854775807, updates 0
  item 2: partition 3, initial 41, updates 2
*/
