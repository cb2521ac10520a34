/* SPDX-License-Identifier: Apache-2.0 */
/* torture: a jcstress-style harness for concurrent access to packed
 * buffers.  Each case runs in a child process of its own, so that a CPU
 * fault or a kernel's SIGBUS on a split lock becomes a reported outcome
 * instead of the end of the run.  docs/concurrency.md explains the cases
 * and what their results mean. */
#define _GNU_SOURCE
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"
#include "env.h"
#include "report.h"
#include "run.h"

enum { EXIT_FORBIDDEN = 1, EXIT_USAGE = 2, EXIT_FAILED = 3 };

static const char usage[] =
    "usage: torture [options] [PATTERN...]\n"
    "\n"
    "Races writers against readers on the same bytes and counts what the readers\n"
    "see, like jcstress.  A PATTERN selects cases by name: a glob (fnmatch) when\n"
    "it holds * ? or [, else a substring.  No pattern: every case.\n"
    "\n"
    "  --seconds S     time budget per case (default 0.2)\n"
    "  --list          list the selected cases and exit\n"
    "  --format F      text (default), csv, json, or md (the docs table)\n"
    "  --race-free     only the cases without a data race (the ThreadSanitizer set)\n"
    "  --min-reads N   run a case past its time until every thread made N reads\n"
    "                  or writes (up to 10 times longer plus 2 s); fewer is a\n"
    "                  failure, exit 3 (default 1)\n"
    "  --readers N     reader threads, 1 to 3 (default 1)\n"
    "  --no-pin        do not pin threads to CPUs\n"
    "  --no-fork       run cases in this process (a trapped split lock then ends\n"
    "                  the run; the cases that fault on purpose are skipped)\n"
    "  --help          this text\n"
    "\n"
    "Exit status: 0 nothing forbidden seen, 1 a FORBIDDEN outcome, 2 bad usage,\n"
    "3 a case failed to run or ran too few iterations.\n";

typedef struct options {
    tt_config cfg;
    tt_format format;
    int list, race_free, fork;
    uint64_t min_reads;
} options;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int bad_usage(const char *what, const char *arg)
{
    fprintf(stderr, "torture: %s: '%s' (see --help)\n", what, arg);
    return EXIT_USAGE;
}

static int parse(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"seconds", required_argument, NULL, 's'}, {"list", no_argument, NULL, 'l'},
        {"format", required_argument, NULL, 'f'},  {"race-free", no_argument, NULL, 'r'},
        {"min-reads", required_argument, NULL, 'm'}, {"readers", required_argument, NULL, 'n'},
        {"no-pin", no_argument, NULL, 'P'},        {"no-fork", no_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0}};
    o->cfg.seconds = 0.2;
    o->cfg.pin = 1;
    o->cfg.readers = 1;
    o->format = TT_FMT_TEXT;
    o->fork = 1;
    o->min_reads = 1;
    int ch;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 's':
            errno = 0;
            o->cfg.seconds = strtod(optarg, &end);
            if (errno != 0 || end == optarg || *end != '\0' || !(o->cfg.seconds > 0) ||
                o->cfg.seconds > 3600)
                return bad_usage("--seconds wants a number of seconds in (0, 3600]", optarg);
            break;
        case 'f':
            if (strcmp(optarg, "text") == 0)
                o->format = TT_FMT_TEXT;
            else if (strcmp(optarg, "csv") == 0)
                o->format = TT_FMT_CSV;
            else if (strcmp(optarg, "json") == 0)
                o->format = TT_FMT_JSON;
            else if (strcmp(optarg, "md") == 0)
                o->format = TT_FMT_MD;
            else
                return bad_usage("--format wants text, csv, json or md", optarg);
            break;
        case 'm': {
            errno = 0;
            unsigned long long v = strtoull(optarg, &end, 10);
            if (errno != 0 || end == optarg || *end != '\0' || optarg[0] == '-')
                return bad_usage("--min-reads wants a count", optarg);
            o->min_reads = v;
            break;
        }
        case 'n': {
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (errno != 0 || end == optarg || *end != '\0' || v < 1 || v > TT_MAX_READERS)
                return bad_usage("--readers wants 1, 2 or 3", optarg);
            o->cfg.readers = (unsigned)v;
            break;
        }
        case 'l': o->list = 1; break;
        case 'r': o->race_free = 1; break;
        case 'P': o->cfg.pin = 0; break;
        case 'F': o->fork = 0; break;
        case 'h': fputs(usage, stdout); exit(0);
        default:
            return bad_usage("unknown or incomplete option",
                             optind > 0 && optind <= argc ? argv[optind - 1] : "?");
        }
    }
    return 0;
}

static int selected(const tt_case *c, int race_free, char **pat, int npat)
{
    if (race_free && !c->race_free)
        return 0;
    if (npat == 0)
        return 1;
    for (int i = 0; i < npat; i++) {
        if (strpbrk(pat[i], "*?[") != NULL ? fnmatch(pat[i], c->name, 0) == 0
                                           : strstr(c->name, pat[i]) != NULL)
            return 1;
    }
    return 0;
}

/* 1: all of it; 0: nothing (end of file); -1: part, or an error; -2: the
 * deadline passed. */
static int read_all(int fd, void *buf, size_t size, double deadline)
{
    size_t got = 0;
    while (got < size) {
        int wait_ms = (int)((deadline - now()) * 1000);
        if (wait_ms <= 0)
            return -2;
        struct pollfd p = {fd, POLLIN, 0};
        int ready = poll(&p, 1, wait_ms);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0)
            return -2;
        if (ready < 0)
            return -1;
        ssize_t n = read(fd, (char *)buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return got == 0 ? 0 : -1;
        got += (size_t)n;
    }
    return 1;
}

/* Runs c in a child and reads its result through a pipe.  A child killed by
 * a signal becomes a FAULTED result; one that exits otherwise (a sanitizer
 * report, a crash of the harness) or overruns its time becomes FAILED. */
static void run_in_child(const tt_case *c, const tt_config *cfg, tt_result *r)
{
    int fd[2];
    if (pipe(fd) != 0) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "pipe: %s", strerror(errno));
        return;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return;
    }
    if (pid == 0) {
        close(fd[0]);
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        tt_run_case(c, cfg, r);
        const char *p = (const char *)r;
        size_t left = sizeof *r;
        while (left > 0) {
            ssize_t n = write(fd[1], p, left);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                exit(EXIT_FAILED);
            p += n;
            left -= (size_t)n;
        }
        /* exit, not _exit: a sanitizer sets the exit status in its atexit. */
        exit(0);
    }
    close(fd[1]);
    tt_result *got = calloc(1, sizeof *got);
    double limit = 2 * cfg->max_seconds + 20;
    double deadline = now() + limit;
    int rd = got != NULL ? read_all(fd[0], got, sizeof *got, deadline) : -1;
    if (got == NULL)
        kill(pid, SIGKILL);
    close(fd[0]);
    if (rd == -2)
        kill(pid, SIGKILL);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (rd == 1 && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
        *r = *got;
    } else if (rd == -2) {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "no result within %.0f s: killed", limit);
    } else if (WIFSIGNALED(st)) {
        r->status = TT_FAULTED;
        r->signal = WTERMSIG(st);
    } else {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "the case's process exited with status %d",
                 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    }
    free(got);
}

/* A fault the case expects, or a kernel trapping a split lock, is an
 * outcome of the case; any other signal is a failure of the run. */
static void grade_fault(const tt_case *c, const tt_env *e, tt_result *r)
{
    char state[48];
    snprintf(state, sizeof state, "killed by signal %d (%s)", r->signal, strsignal(r->signal));
    state[sizeof state - 1] = '\0';
    if (c->expect_signal != 0 && r->signal == c->expect_signal) {
        tt_result_add(r, state, 1, TT_INTERESTING, "the CPU refuses this address");
    } else if (c->split_lock && r->signal == SIGBUS) {
        tt_result_add(r, state, 1, TT_INTERESTING, "the kernel traps split locks");
        snprintf(r->note, sizeof r->note, "split locks here: %s", tt_split_text(e));
    } else {
        r->status = TT_FAILED;
        snprintf(r->note, sizeof r->note, "unexpected signal %d (%s)", r->signal,
                 strsignal(r->signal));
    }
}

/* A split lock that the kernel slows down may legitimately run a handful of
 * times per second; everything else must reach the floor. */
static uint64_t floor_for(const tt_case *c, const tt_env *e, uint64_t floor)
{
    if (c->split_lock && e->mode != TT_SPLIT_NONE && e->mode != TT_SPLIT_OFF)
        return floor > 0 ? 1 : 0;
    return floor;
}

static int too_few(const tt_case *c, const tt_env *e, const tt_result *r, uint64_t floor)
{
    if (r->status != TT_RAN)
        return 0;
    floor = floor_for(c, e, floor);
    return r->reads < floor || r->writes < floor;
}

int main(int argc, char **argv)
{
    options o;
    memset(&o, 0, sizeof o);
    int rc = parse(argc, argv, &o);
    if (rc != 0)
        return rc;
    tt_env env;
    tt_env_probe(&env, &o.cfg);

    const tt_case *all;
    size_t ncases = tt_cases(&all);
    const tt_case **pick = calloc(ncases, sizeof *pick);
    tt_result *res = calloc(ncases, sizeof *res);
    if (pick == NULL || res == NULL) {
        fprintf(stderr, "torture: out of memory\n");
        return EXIT_FAILED;
    }
    unsigned n = 0;
    for (size_t i = 0; i < ncases; i++)
        if (selected(&all[i], o.race_free, argv + optind, argc - optind))
            pick[n++] = &all[i];
    if (n == 0) {
        fprintf(stderr, "torture: no case matches (see --list)\n");
        return EXIT_USAGE;
    }
    if (o.list) {
        for (unsigned i = 0; i < n; i++)
            printf("%-28s %-7s %-10s %s%s%s\n", pick[i]->name, tt_promise_name(pick[i]->promise),
                   pick[i]->race_free ? "race-free" : "racy", pick[i]->about,
                   pick[i]->skip ? "; skipped: " : "", pick[i]->skip ? pick[i]->skip : "");
        return 0;
    }

    tt_summary sum;
    memset(&sum, 0, sizeof sum);
    double start = now();
    tt_report_begin(stdout, o.format, &env, &o.cfg);
    for (unsigned i = 0; i < n; i++) {
        const tt_case *c = pick[i];
        tt_result *r = &res[i];
        if (c->skip != NULL) {
            r->status = TT_SKIPPED;
            snprintf(r->note, sizeof r->note, "%s", c->skip);
        } else if (!o.fork && c->expect_signal != 0) {
            r->status = TT_SKIPPED;
            snprintf(r->note, sizeof r->note, "faults on purpose: needs its own process");
        } else {
            tt_config cfg = o.cfg;
            cfg.min_ops = floor_for(c, &env, o.min_reads);
            cfg.max_seconds = 10 * cfg.seconds + 2;
            if (o.fork)
                run_in_child(c, &cfg, r);
            else
                tt_run_case(c, &cfg, r);
        }
        if (r->status == TT_FAULTED)
            grade_fault(c, &env, r);
        if (too_few(c, &env, r, o.min_reads)) {
            r->status = TT_FAILED;
            snprintf(r->note, sizeof r->note, "ran %llu writes and %llu reads, fewer than %llu",
                     (unsigned long long)r->writes, (unsigned long long)r->reads,
                     (unsigned long long)o.min_reads);
        }
        sum.cases++;
        if (r->status == TT_SKIPPED)
            sum.skipped++;
        else if (r->status == TT_FAILED)
            sum.failed++;
        if (r->status != TT_SKIPPED) {
            tt_grade g = tt_result_verdict(r);
            sum.acceptable += g == TT_ACCEPTABLE && r->status != TT_FAILED;
            sum.interesting += g == TT_INTERESTING;
            sum.forbidden += g == TT_FORBIDDEN;
        }
        tt_report_case(stdout, o.format, c, r, i);
    }
    sum.seconds = now() - start;
    if (o.format == TT_FMT_MD)
        tt_report_md(stdout, &env, &o.cfg, pick, res, n, &sum);
    tt_report_end(stdout, o.format, &sum);
    fprintf(stderr,
            "torture: %u cases in %.1f s: %u ACCEPTABLE, %u ACCEPTABLE_INTERESTING, "
            "%u FORBIDDEN, %u skipped, %u failed\n",
            sum.cases, sum.seconds, sum.acceptable, sum.interesting, sum.forbidden, sum.skipped,
            sum.failed);
    free(pick);
    free(res);
    if (sum.forbidden > 0)
        return EXIT_FORBIDDEN;
    return sum.failed > 0 ? EXIT_FAILED : 0;
}
