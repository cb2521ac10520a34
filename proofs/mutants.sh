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
# A mutant is killed only when prove.py ran and failed on the named
# functions (a goal unproven, or an object-code difference).  A patch that
# does not apply (tests/mutants/apply.sh), a mutant frama-c cannot parse,
# or a run that fails in any other way is BROKEN, never a kill.  Exit 0: all killed; 1: one survived; 2: one BROKEN,
# or the provers are not those of the committed cache (nothing run).
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
# One mutant: its lines go to $out/$name/result (the first word is the
# verdict), so that MUTANT_JOBS of them can run side by side.
run_mutant() {
    patch=$1 name=$2 res=$out/$2/result
    fns=$(sed -n 's/^Functions: *//p' "$patch" | head -n 1)
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
    python3 "$tree/proofs/prove.py" --root "$tree" --out "$out/$name/report" \
        --cache update --session "$root/proofs/session" --scratch "$out/$name/session" \
        --one-pass --no-smoke --only "$fns" --par "$par" --timeout "$timeout" \
        > "$out/$name/prove.txt" 2>&1
    rc=$?
    set -e
    secs=$(( $(date +%s) - start ))
    failed=$(grep -c '^prove: FAIL ' "$out/$name/prove.txt" || true)
    if [ "$rc" -eq 1 ] && [ "$failed" -gt 0 ]; then
        { echo "killed mutant $name: killed ($failed failures in $fns; ${secs}s)"
          grep -e '^prove: FAIL ' -e '^objeq: DIFF ' "$out/$name/prove.txt" | head -n 4 | sed 's/^/    /'; } > "$res"
    elif [ "$rc" -eq 0 ]; then
        echo "survived mutant $name: SURVIVED: every goal of $fns still proves (${secs}s)" > "$res"
    else
        # Exit 2 is frama-c failing (a mutant that does not parse or type);
        # exit 1 without an unproven goal is a smoke test or a goal count.
        { echo "broken"; grep '^prove: ' "$out/$name/prove.txt" | head -n 3 | sed 's/^/    /'
          echo "mutant $name: BROKEN: the proof run failed with no unproven goal (exit $rc, not a kill), see $out/$name/prove.txt"; } > "$res"
    fi
}

# MUTANT_JOBS mutants at a time (2: frama-c's own single-threaded goal
# generation of one overlaps the provers of the other); the results are
# printed in patch order.
jobs=${MUTANT_JOBS:-2}
names=""
running=0
for patch in "$@"; do
    case $patch in /*) ;; *) patch=$root/$patch ;; esac
    name=$(basename "$patch" .patch)
    n=$((n + 1))
    rm -rf "${out:?}/$name"
    mkdir -p "$out/$name"
    names="$names $name"
    run_mutant "$patch" "$name" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait
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
