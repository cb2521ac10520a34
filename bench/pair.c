/* SPDX-License-Identifier: Apache-2.0 */
/* The paired-round timer of pair.h. */
#define _POSIX_C_SOURCE 200809L
#include "pair.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile int64_t sink;

int64_t pair_repeat(pair_fn fn, void *fixture, size_t calls)
{
    int64_t sum = 0;
    for (size_t c = 0; c < calls; c++)
        sum += fn(fixture);
    return sum;
}

/* CPU time of this thread: time the scheduler gives to other processes on
 * a shared machine is not counted (their effect on caches still is). */
static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double time_calls(pair_fn fn, void *fixture, size_t calls)
{
    double t0 = now_ns();
    sink += pair_repeat(fn, fixture, calls);
    return now_ns() - t0;
}

/* xorshift64: the order of the rounds, reproducible from the seed. */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

typedef struct slot {
    pair_case *c;
    size_t calls;
    double *var_ns, *base_ns; /* per round, ns per call */
} slot;

static const char *arg_value(int argc, char **argv, const char *name, const char *dflt)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return argv[i + 1];
    return dflt;
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void json_array(FILE *f, const double *v, int n)
{
    fputc('[', f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%.3f", i ? ", " : "", v[i]);
    fputc(']', f);
}

int pair_main(int argc, char **argv, pair_case *cases, size_t ncases)
{
    /* Every option takes a value. */
    for (int i = 1; i < argc; i += 2) {
        if (strncmp(argv[i], "--", 2) != 0 || i + 1 >= argc) {
            fprintf(stderr, "usage: %s [--rounds R] [--min-us U] [--seed S] [--filter TEXT] "
                    "[--out FILE] [--program P] [--compiler C] [--process K]\n", argv[0]);
            return 2;
        }
    }
    int rounds = atoi(arg_value(argc, argv, "--rounds", "15"));
    double min_ns = atof(arg_value(argc, argv, "--min-us", "200")) * 1e3;
    const char *filter = arg_value(argc, argv, "--filter", "");
    const char *out = arg_value(argc, argv, "--out", NULL);
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t seed = strtoull(arg_value(argc, argv, "--seed", "0"), NULL, 10);
    if (seed == 0)
        seed = (uint64_t)t.tv_nsec * 2654435761u + (uint64_t)t.tv_sec;
    rng_state = seed | 1;
    if (rounds < 1)
        rounds = 1;

    slot *slots = calloc(ncases, sizeof *slots);
    size_t nslots = 0;
    if (slots == NULL)
        return 1;
    for (size_t i = 0; i < ncases; i++) {
        if (filter[0] && !strstr(cases[i].variant, filter) && !strstr(cases[i].baseline, filter))
            continue;
        slot *s = &slots[nslots++];
        s->c = &cases[i];
        s->var_ns = calloc((size_t)rounds, sizeof(double));
        s->base_ns = calloc((size_t)rounds, sizeof(double));
        if (s->var_ns == NULL || s->base_ns == NULL)
            return 1;
        /* Calls per measurement: enough for min_ns on the slower side,
         * after one untimed call of each (caches, page faults). */
        sink += s->c->run_variant(s->c->fixture) + s->c->run_baseline(s->c->fixture);
        size_t calls = 1;
        for (;;) {
            /* The faster of two tries, so that one interruption does not
             * settle the count. */
            double a = time_calls(s->c->run_variant, s->c->fixture, calls);
            double a2 = time_calls(s->c->run_variant, s->c->fixture, calls);
            double b = time_calls(s->c->run_baseline, s->c->fixture, calls);
            double b2 = time_calls(s->c->run_baseline, s->c->fixture, calls);
            a = a < a2 ? a : a2;
            b = b < b2 ? b : b2;
            if ((a > b ? a : b) >= min_ns || calls >= ((size_t)1 << 30))
                break;
            calls *= 2;
        }
        s->calls = calls;
    }

    size_t *order = malloc((nslots ? nslots : 1) * sizeof *order);
    if (order == NULL)
        return 1;
    for (int r = 0; r < rounds; r++) {
        for (size_t i = 0; i < nslots; i++)
            order[i] = i;
        for (size_t i = nslots; i > 1; i--) {
            size_t j = (size_t)(rng_next() % i);
            size_t tmp = order[i - 1];
            order[i - 1] = order[j];
            order[j] = tmp;
        }
        for (size_t i = 0; i < nslots; i++) {
            slot *s = &slots[order[i]];
            double a, b;
            if (rng_next() & 1) {
                a = time_calls(s->c->run_variant, s->c->fixture, s->calls);
                b = time_calls(s->c->run_baseline, s->c->fixture, s->calls);
            } else {
                b = time_calls(s->c->run_baseline, s->c->fixture, s->calls);
                a = time_calls(s->c->run_variant, s->c->fixture, s->calls);
            }
            s->var_ns[r] = a / (double)s->calls;
            s->base_ns[r] = b / (double)s->calls;
        }
    }

    FILE *f = out ? fopen(out, "w") : stdout;
    if (f == NULL) {
        perror(out);
        return 1;
    }
    fprintf(f, "{\"program\": ");
    json_string(f, arg_value(argc, argv, "--program", "?"));
    fprintf(f, ", \"compiler\": ");
    json_string(f, arg_value(argc, argv, "--compiler", "?"));
    fprintf(f, ", \"process\": %d, \"rounds\": %d, \"seed\": %llu, \"clock\": \"thread cpu\",\n"
               " \"cases\": [\n",
            atoi(arg_value(argc, argv, "--process", "0")), rounds, (unsigned long long)seed);
    for (size_t i = 0; i < nslots; i++) {
        slot *s = &slots[i];
        fprintf(f, "  {\"variant\": ");
        json_string(f, s->c->variant);
        fprintf(f, ", \"baseline\": ");
        json_string(f, s->c->baseline);
        fprintf(f, ", \"items\": %zu, \"calls\": %zu,\n   \"variant_ns\": ", s->c->items, s->calls);
        json_array(f, s->var_ns, rounds);
        fprintf(f, ",\n   \"baseline_ns\": ");
        json_array(f, s->base_ns, rounds);
        fprintf(f, "}%s\n", i + 1 < nslots ? "," : "");
        free(s->var_ns);
        free(s->base_ns);
    }
    fprintf(f, " ]}\n");
    if (out)
        fclose(f);
    free(slots);
    free(order);
    return 0;
}
