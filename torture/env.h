/* SPDX-License-Identifier: Apache-2.0 */
/* The machine a run happened on, so that runs on different hardware can be
 * compared: CPU, CPUs usable, compiler, access build, and what the kernel
 * does with split locks. */
#ifndef TORTURE_ENV_H
#define TORTURE_ENV_H

#include "harness.h"

typedef enum tt_split_mode {
    TT_SPLIT_NONE,   /* the CPU cannot report split locks: they just run */
    TT_SPLIT_OFF,    /* it can, and the kernel does not look */
    TT_SPLIT_WARN,   /* the kernel logs them and may slow the process */
    TT_SPLIT_FATAL,  /* the kernel sends SIGBUS */
    TT_SPLIT_RATELIMIT
} tt_split_mode;

typedef struct tt_env {
    char cpu[96];
    unsigned online;
    int cx16;
    int split_lock_detect; /* CPU flag: #AC on a split lock (Intel) */
    int bus_lock_detect;   /* CPU flag: #DB after a bus lock */
    char kernel_param[48]; /* split_lock_detect=... on the command line, or "" */
    int mitigate;          /* /proc/sys/kernel/split_lock_mitigate, or -1 */
    tt_split_mode mode;
    char kernel[160];
    const char *compiler;
    const char *access;
} tt_env;

/* Reads /proc and the affinity mask; fills cfg->cpus and cfg->ncpus. */
void tt_env_probe(tt_env *e, tt_config *cfg);

/* One line on what a split lock does here. */
const char *tt_split_text(const tt_env *e);

#endif
