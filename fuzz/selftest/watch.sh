#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# A campaign people can watch, tested on a toy harness (maze.c): a few
# seconds under each engine must print progress lines while the engine
# runs (not only the summary at the end) and append them to history.jsonl
# as samples; fuzz/report.py must then write index.html, llvm-cov's HTML of
# the committed corpus plus the kept queue, and one plot per engine and
# figure, and the kept queue must reach code the committed seed does not.
#   usage: fuzz/selftest/watch.sh DIR PYTHON PROFDATA LLVM_COV
#          (DIR holds libfuzzer/ replay/ afl/ cov/ builds of maze)
set -u
dir=$1 py=$2 profdata=$3 llvmcov=$4
w=$dir/work
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "fuzz-report-selftest: FAIL: $*"; }
t0=$(date +%s)

rm -rf "$w"
mkdir -p "$w/corpus/maze"
printf 'x' > "$w/corpus/maze/seed0"

# run ENGINE SECONDS BINDIR: the runner with a progress line every second.
run() {
    python3 fuzz/campaign.py run --engine "$1" --work "$w/campaign" --corpus-root "$w/corpus" \
        --fuzzdir "$w" --bindir "$dir/$3" --replaydir "$dir/replay" --jobs 1 \
        --seconds "$2" --status-interval 1 --grace 60 maze > "$w/$1.out" 2>&1
    rc=$?
    if [ "$rc" -ne 0 ]; then bad "$1: the runner failed"; sed 's/^/  /' "$w/$1.out"; fi
}

# check ENGINE: progress lines before the summary table, and samples in
# history.jsonl taken while the engine ran (at least two with executions
# before the time was up, then the final one).
check() {
    lines=$(sed -n '/^harness /q;p' "$w/$1.out" | grep -c '^  maze  *\[ *[0-9]*s/[0-9]*s\] execs [~0-9]')
    if [ "$lines" -lt 2 ]; then
        bad "$1: $lines progress lines before the summary (want 2 or more)"
        sed 's/^/  /' "$w/$1.out"
        return
    fi
    if python3 - "$w/campaign/history.jsonl" "$1" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
s = [r for r in recs if r.get("kind") == "sample" and r["engine"] == sys.argv[2]]
live = [r for r in s if not r["final"] and r["execs"] > 0 and r["t"] < r["limit"]]
final = [r for r in s if r["final"]]
runs = [r for r in recs if r.get("kind") == "run" and r["engine"] == sys.argv[2]]
assert len(live) >= 2, "samples while running: %r" % s
# Figures that stand still while the engine runs are stale (AFL++ rewrites
# fuzzer_stats about once a minute; the live figures come over StatsD).
assert len({r["execs"] for r in live}) >= 2, "execs did not move: %r" % live
assert all(a["t"] < b["t"] for a, b in zip(s, s[1:])), "times not increasing: %r" % s
assert all(a["execs"] <= b["execs"] for a, b in zip(live, live[1:])), "execs fell: %r" % s
assert len(final) == 1 and final[0]["execs"] == runs[-1]["execs"], (final, runs)
assert all(r["run"] == runs[-1]["run"] for r in s), "run ids differ"
assert all("cov" in r and "execs_per_sec" in r for r in s), s
PY
    then ok; else bad "$1: history.jsonl samples wrong"; fi
}

run libfuzzer 4 libfuzzer
check libfuzzer
run afl 6 afl
check afl

# The report: files written, linked, and the kept queue replayed.
if ! "$py" fuzz/report.py --work "$w/campaign" --corpus-root "$w/corpus" --cov-bindir "$dir/cov" \
        --profdata "$profdata" --llvm-cov "$llvmcov" --ignore '^/usr/' maze > "$w/report.out" 2>&1; then
    bad "report: fuzz/report.py failed"; sed 's/^/  /' "$w/report.out"
else
    r=$w/campaign/report
    missing=""
    for f in index.html coverage/index.html libfuzzer-coverage.png libfuzzer-execs.png \
             afl-coverage.png afl-execs.png; do
        [ -s "$r/$f" ] || missing="$missing $f"
    done
    for f in libfuzzer-coverage.png libfuzzer-execs.png afl-coverage.png afl-execs.png; do
        [ -s "$r/$f" ] && [ "$(head -c 8 "$r/$f" | od -An -c | tr -d ' ')" != '211PNG\r\n032\n' ] &&
            missing="$missing $f(not a PNG)"
        grep -q "src='$f'" "$r/index.html" 2>/dev/null || missing="$missing $f(not in index.html)"
    done
    grep -q "href='coverage/index.html'" "$r/index.html" 2>/dev/null ||
        missing="$missing coverage-link"
    if [ -n "$missing" ]; then bad "report: missing or wrong:$missing"; ls -R "$r"; else ok; fi
    # The committed seed reaches depth 0; the queues reach further, so the
    # report must count more covered lines with them than without.
    if python3 - "$r/report.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["total"]
c, k = t["corpus"]["lines"][0], t["all"]["lines"][0]
assert k > c, "kept queue adds no line: corpus %d, with kept %d" % (c, k)
PY
    then ok; else bad "report: the kept queue's coverage is not in it"; fi
fi

echo "fuzz-report-selftest: $pass passed, $fail failed ($(($(date +%s) - t0)) s)"
[ "$fail" -eq 0 ]
