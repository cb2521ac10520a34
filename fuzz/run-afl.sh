#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# AFL++ on both cores: for each harness a main (-M) and a secondary (-S)
# instance for SECONDS, from the committed corpus, with CmpLog from the same
# binary (-c 0).  afl-whatsup summarizes each pair; crashes are listed with
# the command that replays them.
#   usage: fuzz/run-afl.sh BINDIR REPLAYDIR WORKDIR SECONDS HARNESS...
set -u
bindir=$1 replaydir=$2 work=$3 seconds=$4
shift 4
mkdir -p "$work"
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
    AFL_NO_UI=1 AFL_ALLOW_TMP=1 AFL_SKIP_CRASHES=1
table="$work/summary.txt"
printf '%-16s %12s %9s %9s %8s  %s\n' harness execs exec/s paths cycles crashes > "$table"
failed=0 total=0
for h in "$@"; do
    out="$work/$h"
    rm -rf "$out"
    mkdir -p "$out/seeds"
    # AFL++ refuses empty seed files; an empty input is replayed by fuzz-check anyway.
    for f in corpus/"$h"/*; do [ -s "$f" ] && cp "$f" "$out/seeds/"; done
    dict=""
    [ -f "fuzz/$h.dict" ] && dict="-x fuzz/$h.dict"
    echo "fuzz-afl: $h for ${seconds}s on two instances (logs in $out)"
    pids=""
    for role in "-M main" "-S second"; do
        name=${role#-? }
        # Each instance in its own session, so that anything it leaves behind
        # (CmpLog forkservers) can be ended by its process group alone.
        # shellcheck disable=SC2086
        setsid nice -n 10 afl-fuzz $role -c 0 -V "$seconds" $dict -i "$out/seeds" -o "$out/sync" \
            -- "$bindir/$h" > "$out/$name.log" 2>&1 &
        pids="$pids $!"
    done
    for p in $pids; do wait "$p" || true; done
    for p in $pids; do /bin/kill -s KILL -- "-$p" 2>/dev/null || true; done
    afl-whatsup -s -d "$out/sync" 2>/dev/null | grep -E "Dead|run time|Total execs|speed|Crashes" | sed "s/^/  /"
    execs=0 rate=0 paths=0 cycles=0
    for s in "$out"/sync/*/fuzzer_stats; do
        [ -f "$s" ] || continue
        e=$(sed -n 's/^execs_done *: *//p' "$s")
        r=$(sed -n 's/^execs_per_sec *: *//p' "$s" | cut -d. -f1)
        c=$(sed -n 's/^corpus_count *: *//p' "$s")
        y=$(sed -n 's/^cycles_done *: *//p' "$s")
        execs=$((execs + ${e:-0})) rate=$((rate + ${r:-0}))
        [ "${c:-0}" -gt "$paths" ] && paths=$c
        cycles=$((cycles + ${y:-0}))
    done
    crashes=$(ls "$out"/sync/*/crashes/id* 2>/dev/null | wc -l)
    note="$crashes"
    if [ "$crashes" -gt 0 ]; then
        failed=1
        first=$(ls "$out"/sync/*/crashes/id* | head -n 1)
        note="$crashes: $first; replay: $replaydir/$h '$first'"
    fi
    total=$((total + execs))
    printf '%-16s %12s %9s %9s %8s  %s\n' "$h" "$execs" "$rate" "$paths" "$cycles" "$note" >> "$table"
done
printf '%-16s %12s\n' total "$total" >> "$table"
echo
cat "$table"
exit "$failed"
