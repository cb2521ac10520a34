#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Stands in for afl-fuzz in fuzz/selftest/check.sh: creates the instance
# directory and exits 0 without running anything, as an afl-fuzz that
# could not start but did not say so would.  The runner must notice that
# nothing was executed.
out="" name=""
while [ $# -gt 0 ]; do
    case $1 in
    -o) out=$2; shift ;;
    -S|-M) name=$2; shift ;;
    --) break ;;
    esac
    shift
done
mkdir -p "$out/$name/queue"
exit 0
