/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE
#include "env.h"

#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "access.h"

/* 1 when the space-separated list has the word. */
static int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ' || p[-1] == '\t') &&
            (p[n] == ' ' || p[n] == '\n' || p[n] == '\0'))
            return 1;
    return 0;
}

static void probe_cpuinfo(tt_env *e)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[4096];
    int got_name = 0, got_flags = 0;
    while (fgets(line, sizeof line, f) != NULL && !(got_name && got_flags)) {
        char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        if (!got_name && strncmp(line, "model name", 10) == 0) {
            snprintf(e->cpu, sizeof e->cpu, "%s", colon + 2);
            e->cpu[strcspn(e->cpu, "\n")] = '\0';
            got_name = 1;
        } else if (!got_flags && strncmp(line, "flags", 5) == 0) {
            e->split_lock_detect = has_word(colon + 1, "split_lock_detect");
            e->bus_lock_detect = has_word(colon + 1, "bus_lock_detect");
            got_flags = 1;
        }
    }
    fclose(f);
}

static void probe_kernel(tt_env *e)
{
    char line[4096];
    FILE *f = fopen("/proc/cmdline", "r");
    if (f != NULL) {
        if (fgets(line, sizeof line, f) != NULL) {
            const char *p = strstr(line, "split_lock_detect=");
            if (p != NULL) {
                snprintf(e->kernel_param, sizeof e->kernel_param, "%s", p);
                e->kernel_param[strcspn(e->kernel_param, " \n")] = '\0';
            }
        }
        fclose(f);
    }
    e->mitigate = -1;
    f = fopen("/proc/sys/kernel/split_lock_mitigate", "r");
    if (f != NULL) {
        if (fscanf(f, "%d", &e->mitigate) != 1)
            e->mitigate = -1;
        fclose(f);
    }
    struct utsname u;
    if (uname(&u) == 0)
        snprintf(e->kernel, sizeof e->kernel, "%s %s", u.sysname, u.release);
}

/* Linux's rules (Documentation/admin-guide/kernel-parameters.txt): with
 * either CPU feature the default is warn; "fatal" sends SIGBUS; "warn" with
 * split_lock_mitigate=1 also makes the process sleep on each split lock;
 * "ratelimit:N" caps bus locks per second. */
static tt_split_mode split_mode(const tt_env *e)
{
    if (!e->split_lock_detect && !e->bus_lock_detect)
        return TT_SPLIT_NONE;
    const char *v = e->kernel_param + strlen("split_lock_detect=");
    if (e->kernel_param[0] == '\0' || strcmp(v, "warn") == 0)
        return TT_SPLIT_WARN;
    if (strcmp(v, "off") == 0)
        return TT_SPLIT_OFF;
    if (strcmp(v, "fatal") == 0)
        return TT_SPLIT_FATAL;
    if (strncmp(v, "ratelimit", 9) == 0)
        return TT_SPLIT_RATELIMIT;
    return TT_SPLIT_WARN;
}

const char *tt_split_text(const tt_env *e)
{
    switch (e->mode) {
    case TT_SPLIT_NONE:
        return "not detectable on this CPU (no split_lock_detect or bus_lock_detect flag): "
               "split locks run, slowly";
    case TT_SPLIT_OFF: return "detection switched off by the kernel parameter";
    case TT_SPLIT_WARN:
        return e->mitigate == 1 ? "warn: logged, and the process is slowed down"
                                : "warn: logged";
    case TT_SPLIT_FATAL: return "fatal: the kernel sends SIGBUS";
    case TT_SPLIT_RATELIMIT: return "ratelimit: the kernel throttles bus locks";
    }
    return "?";
}

void tt_env_probe(tt_env *e, tt_config *cfg)
{
    memset(e, 0, sizeof e[0]);
    snprintf(e->cpu, sizeof e->cpu, "unknown");
    probe_cpuinfo(e);
    probe_kernel(e);
    e->mode = split_mode(e);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    e->online = online > 0 ? (unsigned)online : 1;
    e->cx16 = tt_have_cas128();
#ifdef __VERSION__
    e->compiler = __VERSION__;
#else
    e->compiler = "unknown";
#endif
    e->access = TT_X86_ASM ? "x86-64 inline assembly" : "portable volatile accesses";

    cfg->ncpus = 0;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < CPU_SETSIZE && cfg->ncpus < TT_MAX_CPUS; c++)
            if (CPU_ISSET((size_t)c, &set))
                cfg->cpus[cfg->ncpus++] = c;
}
