#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The mutant runners tell "killed" from "broken": each runner is given the
# fixtures in tests/mutants/selftest/ (a patch that does not apply, a mutant
# that does not compile, a replay driver that fails without any report) and
# must report every one BROKEN for the expected reason, count none as
# killed, and exit 2.  The proof runner's verdict is also checked on
# prove.py's possible answers (tests/mutants/selftest/verdict/), and the
# share of the proof mutants make check runs (proofs/mutants_pick.py): all
# without a list of changed functions for this tree, the changed function's
# every day, the others split over two days, and a patch not run that day
# still applied.
#
#   sh tests/mutants/selftest.sh OUTDIR
# BE_CC and BE_RUN (as mk/be.mk sets them) add the big-endian runner.
set -u
out=$1
fx=tests/mutants/selftest
mkdir -p "$out"
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "mutants-selftest: ok: $*"; }
bad() { failed=$((failed + 1)); echo "mutants-selftest: FAIL: $*"; }

# expect RUNNER LOG RC NAME PATTERN: the runner exited 2 and its line for
# NAME says BROKEN with PATTERN, and nothing in LOG says killed or caught.
expect() {
    runner=$1 log=$2 rc=$3 name=$4 pattern=$5
    line=$(grep -E "(^|mutant |be-mutant )$name[ :]" "$log" | grep BROKEN | head -n 1)
    if [ "$rc" -eq 2 ] && printf '%s\n' "$line" | grep -q -- "$pattern"; then
        ok "$runner: $name: BROKEN ($pattern)"
    else
        bad "$runner: $name: exit $rc, expected BROKEN with \"$pattern\"; its lines:"
        grep -E "$name" "$log" | sed 's/^/    /'
    fi
}
never_killed() {
    if grep -E 'killed \(|[[:space:]]caught[[:space:]]' "$1" | grep -v '0 killed' | grep -q .; then
        bad "$2: a fixture was counted as a kill"
    else
        ok "$2: no fixture counted as a kill"
    fi
}

sh fuzz/mutants.sh replay "$out/fuzz-replay" 5 $fx/*.patch > "$out/fuzz-replay.log" 2>&1
rc=$?
expect "fuzz/mutants.sh replay" "$out/fuzz-replay.log" $rc does-not-apply "does not apply"
expect "fuzz/mutants.sh replay" "$out/fuzz-replay.log" $rc does-not-compile "does-not-build"
expect "fuzz/mutants.sh replay" "$out/fuzz-replay.log" $rc exits-without-report "without-report"
never_killed "$out/fuzz-replay.log" "fuzz/mutants.sh replay"

# The fuzzing form stops before any fuzzing for these two.
sh fuzz/mutants.sh fuzz "$out/fuzz-fuzz" 5 $fx/does-not-apply.patch $fx/does-not-compile.patch \
    > "$out/fuzz-fuzz.log" 2>&1
rc=$?
expect "fuzz/mutants.sh fuzz" "$out/fuzz-fuzz.log" $rc does-not-apply "does not apply"
expect "fuzz/mutants.sh fuzz" "$out/fuzz-fuzz.log" $rc does-not-compile "does not build"
never_killed "$out/fuzz-fuzz.log" "fuzz/mutants.sh fuzz"

sh proofs/mutants.sh "$out/prove" 1 5 $fx/*.patch > "$out/prove.log" 2>&1
rc=$?
expect "proofs/mutants.sh" "$out/prove.log" $rc does-not-apply "does not apply"
expect "proofs/mutants.sh" "$out/prove.log" $rc does-not-compile "proof run failed"
expect "proofs/mutants.sh" "$out/prove.log" $rc exits-without-report "does not apply"
never_killed "$out/prove.log" "proofs/mutants.sh"

# The proof runner's verdict on what prove.py reports (a stub answers for
# it): a goal unproven that is not one its Fails: line names, or a goal
# count below its floor, is no evidence of the bug (BROKEN); a named one is.
MUTANT_PROVE_STUB=$fx/verdict/prove-stub.sh sh proofs/mutants.sh "$out/verdict" 1 5 \
    $fx/verdict/*.patch > "$out/verdict.log" 2>&1
rc=$?
expect "proofs/mutants.sh" "$out/verdict.log" $rc elsewhere "none of them its Fails"
expect "proofs/mutants.sh" "$out/verdict.log" $rc count-only "no unproven goal"
if grep -q '^mutant false-goal: killed (1 failures' "$out/verdict.log"; then
    ok "proofs/mutants.sh: false-goal: killed (its Fails: property unproven)"
else
    bad "proofs/mutants.sh: false-goal: expected a kill on its one Fails: goal; the log:"
    sed 's/^/    /' "$out/verdict.log"
fi

# The share of the proof mutants make check runs (proofs/mutants_pick.py).
pick() { python3 proofs/mutants_pick.py --chunks 2 "$@" 2> "$out/pick.err"; }
changed() {
    python3 -c 'import sys; sys.path.insert(0, "proofs"); import confirm
confirm.write_changed(sys.argv[1], ".", sys.argv[2:])' "$@"
}
all=$(ls proofs/mutants/*.patch | wc -l)
n=$(pick --changed "$out/none.txt" --pick 1 proofs/mutants/*.patch | wc -l)
[ "$n" -eq "$all" ] && ok "mutants_pick: no changed list: all $all" || bad "mutants_pick: no changed list: $n of $all"
changed "$out/changed.txt" utf8_encode_measured
pick --changed "$out/changed.txt" --pick 1 proofs/mutants/*.patch | sort > "$out/pick1"
pick --changed "$out/changed.txt" --pick 2 proofs/mutants/*.patch | sort > "$out/pick2"
grep -l '^Functions:.*utf8_encode_measured\b' proofs/mutants/*.patch | sort > "$out/pick-must"
both=$(comm -12 "$out/pick1" "$out/pick2")
if [ "$(sort -u "$out/pick1" "$out/pick2" | wc -l)" -eq "$all" ] && [ -s "$out/pick-must" ] &&
   [ "$both" = "$(cat "$out/pick-must")" ]; then
    ok "mutants_pick: the two days together run all $all; both run the $(wc -l < "$out/pick-must") of the changed function"
else
    bad "mutants_pick: days $(wc -l < "$out/pick1") and $(wc -l < "$out/pick2") of $all; in both: $both"
fi
sed '1s/.*/tree: another/' "$out/changed.txt" > "$out/stale.txt"
n=$(pick --changed "$out/stale.txt" --pick 1 proofs/mutants/*.patch | wc -l)
[ "$n" -eq "$all" ] && ok "mutants_pick: a list made from another tree: all $all" ||
    bad "mutants_pick: a list made from another tree: $n of $all"
changed "$out/changed.txt"
rcs=""
for k in 1 2; do
    pick --changed "$out/changed.txt" --pick $k proofs/mutants/1-growth-without-need.patch \
        $fx/does-not-apply.patch > "$out/pick$k"
    rcs="$rcs $?"
    grep -q 'does-not-apply: BROKEN' "$out/pick.err" && rcs="$rcs:named"
done
case $rcs in
" 0 2:named" | " 2:named 0") ok "mutants_pick: a patch that does not apply fails on the day it is not run" ;;
*) bad "mutants_pick: a patch that does not apply, exits and messages on the two days:$rcs" ;;
esac

if [ -n "${BE_CC:-}" ] && [ -n "${BE_RUN:-}" ] && command -v "$BE_CC" >/dev/null 2>&1; then
    sh tests/be/mutants.sh "$out/be" $fx/*.patch > "$out/be.log" 2>&1
    rc=$?
    expect "tests/be/mutants.sh" "$out/be.log" $rc does-not-apply "does not apply"
    expect "tests/be/mutants.sh" "$out/be.log" $rc does-not-compile "does not build"
    expect "tests/be/mutants.sh" "$out/be.log" $rc exits-without-report "does not apply"
    never_killed "$out/be.log" "tests/be/mutants.sh"
else
    bad "tests/be/mutants.sh not run: BE_CC/BE_RUN unset or $BE_CC missing"
fi
echo "mutants-selftest: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
