#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The campaign runner (fuzz/campaign.py) on a harness with known bugs
# (boom.c): every way a campaign can go wrong must fail the run with its
# reason and, where an input is to blame, a command that replays it; a good
# run must pass, write its summary and keep its queue for the next run.
#   usage: fuzz/selftest/check.sh DIR   (DIR holds afl/ afl-ubsan/
#                                        libfuzzer/ replay/ builds of boom)
set -u
dir=$1
w=$dir/work
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "fuzz-afl-selftest: FAIL: $*"; }

# seeds NAME CONTENT...: a corpus root $w/NAME with corpus $w/NAME/boom.
seeds() {
    root=$w/$1
    shift
    rm -rf "$root"
    mkdir -p "$root/boom"
    k=0
    for c in "$@"; do printf '%s' "$c" > "$root/boom/seed$k"; k=$((k + 1)); done
}

# run NAME ENGINE ARGS...: the runner on corpus root $w/NAME; output in
# $w/NAME.out, exit status in $rc.
run() {
    name=$1 engine=$2
    shift 2
    bindir=$dir/afl
    [ "$engine" = libfuzzer ] && bindir=$dir/libfuzzer
    python3 fuzz/campaign.py run --engine "$engine" --work "$w/$name.campaign" \
        --corpus-root "$w/$name" --fuzzdir "$w" --bindir "$bindir" --replaydir "$dir/replay" \
        --grace 60 "$@" boom > "$w/$name.out" 2>&1
    rc=$?
}

# expect_fail NAME PATTERN...: the run failed and its output has each pattern.
expect_fail() {
    name=$1
    shift
    if [ "$rc" -eq 0 ]; then bad "$name: the runner passed"; sed 's/^/  /' "$w/$name.out"; return; fi
    for p in "$@"; do
        if ! grep -q -- "$p" "$w/$name.out"; then
            bad "$name: output lacks '$p'"; sed 's/^/  /' "$w/$name.out"; return
        fi
    done
    ok
}

rm -rf "$w"
mkdir -p "$w"

# 1. Every seed crashes: AFL++ aborts ("We need at least one valid input
#    seed that does not crash!").  The seeds are not replayed first here,
#    so that AFL++'s own abort is what the runner must report.
seeds all_crash boom boomboom
run all_crash afl --jobs 1 --seconds 5 --no-preflight
expect_fail all_crash "AFL++ aborted: We need at least one valid input seed" \
    "results in a crash" "replay: $dir/replay/boom '$w/all_crash.campaign/afl/boom/seeds/"

# 2. One seed crashes among good ones: AFL++ 4 skips it with a warning and
#    fuzzes on; the runner must still fail, naming the seed.
seeds one_crash boom hello
run one_crash afl --jobs 1 --seconds 1 --no-preflight
expect_fail one_crash "asan: seed .* results in a crash in AFL++'s dry run" "replay: "

# 3. The same seeds with the default preflight: found before AFL++ starts,
#    with the replay build's report.
run preflight afl --jobs 1 --seconds 1 --corpus-root "$w/one_crash"
expect_fail preflight "crashes the replay build (killed by SIGABRT)" "replay: $dir/replay/boom"

# 4. Undefined behaviour only UBSan sees: the UBSan instance (the second
#    core) catches it in its dry run; the ASan instance alone would not.
seeds ubsan ovf! hello
run ubsan afl --jobs 2 --seconds 1 --no-preflight --ubsan-bindir "$dir/afl-ubsan"
expect_fail ubsan "ubsan: seed .* results in a crash"
grep -q "asan: seed" "$w/ubsan.out" && bad "ubsan: the ASan instance reported UB it has no check for"

# 5. An afl-fuzz that starts nothing and exits 0: no executions is a failure.
seeds noexec hello
run noexec afl --jobs 1 --seconds 1 --afl-fuzz fuzz/selftest/afl-fuzz-stub.sh
expect_fail noexec "asan: no executions (no fuzzer_stats)"

# 6. Nothing AFL++ can use as a seed (it refuses empty files).
seeds empty ""
run empty afl --jobs 1 --seconds 1
expect_fail empty "no usable seed"

# 7. libFuzzer finds the crash while fuzzing (from "boo" to "boom").
seeds lf_crash boo
run lf_crash libfuzzer --jobs 1 --seconds 30
expect_fail lf_crash "crash: " "replay: $dir/replay/boom '$w/lf_crash.campaign/libfuzzer/boom/artifacts/crash-"

# 8. A good AFL++ run on two cores passes, writes its summary, keeps its
#    minimised queue, and the next run starts from it.
seeds good hello
run good afl --jobs 2 --seconds 1 --ubsan-bindir "$dir/afl-ubsan"
if [ "$rc" -ne 0 ]; then
    bad "good: the runner failed"; sed 's/^/  /' "$w/good.out"
elif ! python3 - "$w/good.campaign" <<'PY'
import json, os, sys
s = json.load(open(os.path.join(sys.argv[1], "afl-summary.json")))
h = s["harnesses"][0]
assert s["engine"] == "afl" and h["status"] == "ok", h
assert h["execs"] > 0 and h["instances"] == ["asan", "ubsan"], h
assert h["queue_after"] >= 1, h
assert os.listdir(os.path.join(sys.argv[1], "afl-corpus", "boom")), "nothing kept"
PY
then
    bad "good: summary or kept queue wrong"
else
    ok
    run good afl --jobs 1 --seconds 1
    if [ "$rc" -eq 0 ] && python3 -c '
import json, sys
h = json.load(open(sys.argv[1]))["harnesses"][0]
sys.exit(0 if h["queue_before"] >= 1 else 1)' "$w/good.campaign/afl-summary.json"; then
        ok
    else
        bad "good: the second run did not resume from the kept queue"
    fi
fi

echo "fuzz-afl-selftest: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
