#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# One kernel mutant (make kernel-mutants, mk/kernels.mk): applies PATCH to a
# copy of src/, builds tests/verify_kernels.c against it (the objects of
# OBJDIR for every file the patch leaves as it is, unless it changes a
# header) and runs the reduced set at the level the patch's `Level:` line
# names (SSE2, AVX2 or AVX-512: verify_kernels --only-level, that level
# alone), which must find a difference.
#   sh tests/kernel_mutants.sh OUTDIR OBJDIR JOBS BEST PATCH -- CC FLAGS...
# BEST: the highest level this CPU runs (1 SSE2, 2 AVX2, 3 AVX-512).
# Prints one line; exit 0 caught, 1 survived, 2 broken (no Level: line,
# does not apply, does not build, or the program failed otherwise), 3 not
# tried (its level is above BEST).
set -u
out=$1 objdir=$2 jobs=$3 best=$4 patch=$5
shift 5
[ "${1:-}" = "--" ] && shift
name=$(basename "$patch" .patch)
# The level is named in the header, the text before the diff.
lname=$(sed -n '/^--- /q; s/^Level: *\([^ ]*\) *$/\1/p' "$patch")
case $lname in
SSE2) level=1 ;;
AVX2) level=2 ;;
AVX-512) level=3 ;;
*)
    echo "kernel-mutants: $name: BROKEN: its header names no level (Level: SSE2, AVX2 or AVX-512)"
    exit 2 ;;
esac
if [ "$level" -gt "$best" ]; then
    echo "kernel-mutants: $name: not tried: a fault at $lname, above the best level checked"
    exit 3
fi
m=$out/$name
rm -rf "$m"
mkdir -p "$m"
cp -R src "$m/src"
if ! sh tests/mutants/apply.sh "$patch" "$m" 2> "$m/patch.log"; then
    cat "$m/patch.log"
    echo "kernel-mutants: $name: BROKEN: does not apply"
    exit 2
fi
# Any header, those of src/lane/ included: a change to one rebuilds every
# source.
hdr=$(find src -name '*.h' | while read -r h; do cmp -s "$h" "$m/$h" || echo "$h"; done)
objs=
for c in src/*.c; do
    f=$(basename "$c" .c)
    if [ -z "$hdr" ] && cmp -s "$c" "$m/$c"; then
        objs="$objs $objdir/$f.o"
    else
        objs="$objs $m/$c"
    fi
done
# shellcheck disable=SC2086 # the flags and objects are word lists
if ! "$@" -I"$m/src" -Itests -o "$m/verify_kernels" tests/verify_kernels.c $objs > "$m/build.log" 2>&1; then
    cat "$m/build.log"
    echo "kernel-mutants: $name: BROKEN: does not build"
    exit 2
fi
rc=0
"$m/verify_kernels" --quick --jobs "$jobs" --only-level "$level" > "$m/run.log" 2>&1 || rc=$?
case $rc in
1)
    set=$(sed -n 's/^verify_kernels: \([a-z]*\) .*DIFFERENCE.*/\1/p' "$m/run.log" | head -n 1)
    echo "kernel-mutants: $name ($lname): caught by $set: $(grep -m1 'level .*window' "$m/run.log" | sed 's/^verify_kernels: //')"
    exit 0 ;;
0)
    echo "kernel-mutants: $name ($lname): SURVIVED the reduced set"
    exit 1 ;;
*)
    cat "$m/run.log"
    echo "kernel-mutants: $name ($lname): BROKEN (exit $rc)"
    exit 2 ;;
esac
