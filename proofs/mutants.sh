#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The proofs have teeth: each proofs/mutants/*.patch reintroduces a real bug,
# and the proofs of the functions it names (its "Functions:" line) must then
# fail: a WP goal left unproven, or, for a le_mem.h primitive, its object
# code no longer the byte form's (prove.py runs the objeq step for those
# names).  Each mutant runs on a copy of the tree with a scratch copy of the
# committed cache: a verdict is keyed by the whole text of its goal (the
# code, the contracts and the hypotheses it uses), so every goal the bug
# touches misses the cache and is proved again; only the goals the patch
# leaves word for word the same are read back.
#
#   sh proofs/mutants.sh OUTDIR [PAR] [TIMEOUT] [PATCH...]
#
# Only the properties its "Fails:" line names are proved (all of the named
# functions' goals for a patch without one): the others say nothing of the
# bug, and proving them took most of the time.
#
# A mutant is killed only where its bug shows: an unproven goal of the
# named functions that is one of the properties its "Fails:" line names
# (frama-c names: a property's own name such as `whole`, or a kind:
# @ensures, @invariant, @assigns, @assert (run-time checks included),
# @requires: a call's preconditions), or, for a le_mem.h primitive (no
# Fails: line), an object-code difference.  z3 and
# cvc4 answer Timeout, not a counter-model, on the goals these bugs make
# false, so an unproven goal elsewhere (say, one slowed by a busy machine)
# proves nothing about the bug: that, a goal count below its floor (which
# deleting code also causes), a patch that does not apply
# (tests/mutants/apply.sh), a mutant frama-c cannot parse, or a run that
# fails in any other way is BROKEN, never a kill.
# Exit 0: all killed; 1: one survived; 2: one BROKEN, or the provers are
# not those of the committed cache (nothing run).
set -eu
out=${1:-build/prove/mutants}
par=${2:-2}
timeout=${3:-10}
[ $# -gt 3 ] && shift 3 || set --
root=$(pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Every mutant reads the committed cache, which is evidence only for the
# provers it was proved with (proofs/session/toolchain.txt): on others,
# stop here with prove.py's one line rather than mark each mutant BROKEN.
python3 "$root/proofs/prove.py" --root "$root" --session "$root/proofs/session" --check-toolchain ||
    exit 2
survived=0
broken=0
n=0
[ $# -gt 0 ] || set -- "$root"/proofs/mutants/*.patch
# The lines of prove.py's "prove: FAIL FN: PROPERTY: ..." on stdin whose
# property (FN_..._KIND[_NAME][_N], e.g. f_ensures_kept_2, f_loop_invariant,
# f_assert_rte_mem_access_3, g_requires for a call's precondition) is one
# of FAILS: a kind (@ensures ...) or a property's own name.
fails_match() {
    awk -v fails="$1" '
    { p = $4; sub(/:$/, "", p); hit = 0
      n = split(fails, f, /[ ,]+/)
      for (i = 1; i <= n; i++) {
        k = f[i]
        if (k == "") continue
        if (k == "@ensures")   hit = hit || p ~ /_ensures(_|$)/
        else if (k == "@invariant") hit = hit || p ~ /_loop_invariant(_|$)/
        else if (k == "@assigns")   hit = hit || p ~ /_assigns(_|$)/
        else if (k == "@assert")    hit = hit || p ~ /_assert(_|$)/
        else if (k == "@requires")  hit = hit || p ~ /_requires(_|$)/
        else hit = hit || p ~ ("_" k "(_[0-9]+)?$")
      }
      if (hit) print }'
}

# One mutant: its lines go to $out/$name/result (the first word is the
# verdict), so that MUTANT_JOBS of them can run side by side.
run_mutant() {
    patch=$1 name=$2 res=$out/$2/result
    fns=$(sed -n 's/^Functions: *//p' "$patch" | head -n 1)
    fails=$(sed -n 's/^Fails: *//p' "$patch" | head -n 1)
    if [ -z "$fns" ]; then
        echo "broken mutant $name: BROKEN: no Functions: line" > "$res"
        return
    fi
    tree="$out/$name/tree"
    mkdir -p "$tree"
    cp -R "$root/src" "$root/proofs" "$root/cli" "$tree/"
    if ! sh "$root/tests/mutants/apply.sh" "$patch" "$tree" 2> "$out/$name/apply.log"; then
        { cat "$out/$name/apply.log"; echo "mutant $name: BROKEN: the patch does not apply (not a kill)"; } |
            sed '1s/^/broken /' > "$res"
        return
    fi
    start=$(date +%s)
    set +e
    # MUTANT_PROVE_STUB: a stand-in for prove.py, for the verdict's own
    # tests (tests/mutants/selftest.sh).
    if [ -n "${MUTANT_PROVE_STUB:-}" ]; then set -- sh "$MUTANT_PROVE_STUB"
    else set -- python3 "$tree/proofs/prove.py"; fi
    "$@" --root "$tree" --out "$out/$name/report" \
        --cache update --session "$root/proofs/session" --scratch "$out/$name/session" \
        --one-pass --no-smoke --only "$fns" ${fails:+--props "$(echo "$fails" | tr -s ' ,' ',')"} \
        --par "$par" --timeout "$timeout" --cap-timeouts > "$out/$name/prove.txt" 2>&1
    rc=$?
    set -e
    secs=$(( $(date +%s) - start ))
    grep '^prove: FAIL .* goals unproven' "$out/$name/prove.txt" > "$out/$name/unproven.txt" || true
    if [ -n "$fails" ]; then
        fails_match "$fails" < "$out/$name/unproven.txt" > "$out/$name/bug.txt"
    else
        : > "$out/$name/bug.txt" # no Fails: line, only objeq's difference counts
    fi
    grep '^objeq: DIFF ' "$out/$name/prove.txt" >> "$out/$name/bug.txt" || true
    evidence=$(wc -l < "$out/$name/bug.txt")
    if [ "$rc" -eq 1 ] && [ "$evidence" -gt 0 ]; then
        { echo "killed mutant $name: killed ($evidence failures in $fns${fails:+, Fails: $fails}; ${secs}s)"
          head -n 4 "$out/$name/bug.txt" | sed 's/^/    /'; } > "$res"
    elif [ "$rc" -eq 1 ] && [ -s "$out/$name/unproven.txt" ]; then
        { echo "broken"; head -n 3 "$out/$name/unproven.txt" | sed 's/^/    /'
          echo "mutant $name: BROKEN: goals unproven, none of them its Fails: properties ($fails): not the bug's evidence, see $out/$name/prove.txt"; } > "$res"
    elif [ "$rc" -eq 0 ]; then
        echo "survived mutant $name: SURVIVED: every goal of $fns still proves (${secs}s)" > "$res"
    else
        # Exit 2 is frama-c failing (a mutant that does not parse or type);
        # exit 1 without an unproven goal is a smoke test or a goal count,
        # which a patch that merely deletes code would also cause.
        { echo "broken"; grep '^prove: ' "$out/$name/prove.txt" | head -n 3 | sed 's/^/    /'
          echo "mutant $name: BROKEN: the proof run failed with no unproven goal (exit $rc, not a kill), see $out/$name/prove.txt"; } > "$res"
    fi
}

# MUTANT_JOBS mutants at a time (2: frama-c's own single-threaded goal
# generation of one overlaps the provers of the other), each started as
# soon as one finishes: the mutants' times range from 3 s to over 2 min,
# and pairs started together would wait for the slower.  The tokens of a
# pipe are the free slots (POSIX sh has no wait for any one child).  The
# results are printed in patch order.
jobs=${MUTANT_JOBS:-2}
names=""
slots=$out/.slots
rm -f "$slots"
mkfifo "$slots"
exec 3<>"$slots"
rm -f "$slots"
i=0
while [ "$i" -lt "$jobs" ]; do echo >&3; i=$((i + 1)); done
for patch in "$@"; do
    case $patch in /*) ;; *) patch=$root/$patch ;; esac
    name=$(basename "$patch" .patch)
    n=$((n + 1))
    rm -rf "${out:?}/$name"
    mkdir -p "$out/$name"
    names="$names $name"
    read -r _ <&3
    { (run_mutant "$patch" "$name"); echo >&3; } &
done
wait
exec 3>&-
for name in $names; do
    res=$out/$name/result
    verdict=$(head -n 1 "$res" | cut -d' ' -f1)
    case $verdict in
        killed) sed '1s/^killed //' "$res" ;;
        survived) sed '1s/^survived //' "$res" >&2; survived=$((survived + 1)) ;;
        *) sed '1s/^broken *//; /^$/d' "$res" >&2; broken=$((broken + 1)) ;;
    esac
done
if [ "$n" -eq 0 ]; then
    echo "prove-mutants: no mutants in proofs/mutants" >&2
    exit 2
fi
echo "prove-mutants: $n mutants, $((n - survived - broken)) killed, $survived survived, $broken broken"
if [ "$broken" -ne 0 ]; then
    echo "prove-mutants: FAILED (a BROKEN mutant is not evidence)" >&2
    exit 2
fi
if [ "$survived" -ne 0 ]; then
    echo "prove-mutants: FAILED" >&2
    exit 1
fi
echo "prove-mutants: all $n mutants killed"
