#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The continuous fuzzing job: each harness under libFuzzer for SECONDS,
# starting from a copy of its committed corpus, then new coverage merged back
# into corpus/<harness>.  Ends with one table for all harnesses.
#   usage: fuzz/run-libfuzzer.sh BINDIR REPLAYDIR WORKDIR SECONDS HARNESS...
set -u
bindir=$1 replaydir=$2 work=$3 seconds=$4
shift 4
mkdir -p "$work"
table="$work/summary.txt"
printf '%-16s %12s %9s %10s %12s  %s\n' harness execs exec/s cov/ft corpus crashes > "$table"
total=0 failed=0
for h in "$@"; do
    dir="$work/$h/corpus" art="$work/$h/artifacts" log="$work/$h/fuzz.log"
    rm -rf "$work/$h"
    mkdir -p "$dir" "$art"
    cp corpus/"$h"/* "$dir"/ 2>/dev/null || true
    dict=""
    [ -f "fuzz/$h.dict" ] && dict="-dict=fuzz/$h.dict"
    echo "fuzz: $h for ${seconds}s (log $log)"
    # shellcheck disable=SC2086
    nice -n 10 "$bindir/$h" -max_total_time="$seconds" -print_final_stats=1 -max_len=4096 \
        -artifact_prefix="$art/" $dict "$dir" > "$log" 2>&1 &
    pid=$!
    # Progress: libFuzzer's pulse lines double in exec count, so they stay few.
    tail -n +1 -f "$log" --pid="$pid" 2>/dev/null |
        grep --line-buffered -E 'INITED|pulse|DONE|mismatch|ERROR|SUMMARY' | sed -u 's/^/  /'
    wait "$pid"
    rc=$?
    before=$(ls corpus/"$h" | wc -l)
    "$bindir/$h" -merge=1 -max_len=4096 corpus/"$h" "$dir" > "$work/$h/merge.log" 2>&1 ||
        echo "fuzz: $h: merge failed (see $work/$h/merge.log)"
    after=$(ls corpus/"$h" | wc -l)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    covft=$(grep -E '(DONE|pulse|NEW|REDUCE|INITED) +cov:' "$log" | tail -n 1 |
            sed 's/.*cov: \([0-9]*\) ft: \([0-9]*\).*/\1\/\2/')
    crashes="0"
    if [ "$rc" -ne 0 ]; then
        failed=1
        repro=$(ls "$art"/* 2>/dev/null | head -n 1)
        crashes="1: $repro; replay: $replaydir/$h $repro"
    fi
    total=$((total + ${execs:-0}))
    printf '%-16s %12s %9s %10s %12s  %s\n' "$h" "${execs:-?}" "${rate:-?}" "${covft:-?}" \
        "$after (+$((after - before)))" "$crashes" >> "$table"
done
printf '%-16s %12s\n' total "$total" >> "$table"
echo
cat "$table"
exit "$failed"
