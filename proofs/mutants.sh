#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The proofs have teeth: each proofs/mutants/*.patch reintroduces a real bug,
# and the proofs of the functions it names (its "Functions:" line) must then
# fail: a WP goal left unproven, or, for a le_mem.h primitive, its object
# code no longer the byte form's (prove.py runs the objeq step for those
# names).  Each mutant runs on a copy of the tree, without the cache, so
# that no stored verdict can hide the bug.
#
#   sh proofs/mutants.sh OUTDIR [PAR] [TIMEOUT] [NAME-GLOB]
set -eu
out=${1:-build/prove/mutants}
par=${2:-2}
timeout=${3:-10}
only=${4:-*}
root=$(pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
fail=0
n=0
for patch in "$root"/proofs/mutants/$only.patch; do
    name=$(basename "$patch" .patch)
    n=$((n + 1))
    fns=$(sed -n 's/^Functions: *//p' "$patch" | head -n 1)
    if [ -z "$fns" ]; then
        echo "mutant $name: no Functions: line" >&2
        fail=1
        continue
    fi
    tree="$out/$name/tree"
    rm -rf "$out/$name"
    mkdir -p "$tree"
    cp -R "$root/src" "$root/proofs" "$tree/"
    rm -rf "$tree/proofs/session"
    if command -v patch >/dev/null 2>&1; then
        apply="patch -s -p1"
    else
        apply="git apply -p1"
    fi
    if ! (cd "$tree" && $apply < "$patch"); then
        echo "mutant $name: patch does not apply" >&2
        fail=1
        continue
    fi
    start=$(date +%s)
    set +e
    python3 "$tree/proofs/prove.py" --root "$tree" --out "$out/$name/report" \
        --cache none --no-smoke --only "$fns" --par "$par" --timeout "$timeout" \
        > "$out/$name/prove.txt" 2>&1
    rc=$?
    set -e
    secs=$(( $(date +%s) - start ))
    failed=$(grep -c '^prove: FAIL ' "$out/$name/prove.txt" || true)
    if [ "$rc" -eq 1 ] && [ "$failed" -gt 0 ]; then
        echo "mutant $name: killed ($failed failures in $fns; ${secs}s)"
        grep -e '^prove: FAIL ' -e '^objeq: DIFF ' "$out/$name/prove.txt" | head -n 4 | sed 's/^/    /'
    elif [ "$rc" -eq 0 ]; then
        echo "mutant $name: SURVIVED: every goal of $fns still proves (${secs}s)" >&2
        fail=1
    else
        echo "mutant $name: proof run broken (exit $rc), see $out/$name/prove.txt" >&2
        fail=1
    fi
done
if [ "$n" -eq 0 ]; then
    echo "prove-mutants: no mutants in proofs/mutants" >&2
    exit 1
fi
if [ "$fail" -ne 0 ]; then
    echo "prove-mutants: FAILED" >&2
    exit 1
fi
echo "prove-mutants: all $n mutants killed"
