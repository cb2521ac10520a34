#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# One kernel mutant (make kernel-mutants, mk/kernels.mk): applies PATCH to a
# copy of src/, builds tests/verify_kernels.c against it (the objects of
# OBJDIR for every file the patch leaves as it is, unless it changes a
# header) and runs the reduced set, which must find a difference.
#   sh tests/kernel_mutants.sh OUTDIR OBJDIR JOBS PATCH -- CC FLAGS...
# Prints one line; exit 0 caught, 1 survived, 2 broken (does not apply,
# does not build, or the program failed otherwise).
set -u
out=$1 objdir=$2 jobs=$3 patch=$4
shift 4
[ "${1:-}" = "--" ] && shift
name=$(basename "$patch" .patch)
m=$out/$name
rm -rf "$m"
mkdir -p "$m"
cp -R src "$m/src"
if ! sh tests/mutants/apply.sh "$patch" "$m" 2> "$m/patch.log"; then
    cat "$m/patch.log"
    echo "kernel-mutants: $name: BROKEN: does not apply"
    exit 2
fi
hdr=$(for h in src/*.h; do cmp -s "$h" "$m/$h" || echo "$h"; done)
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
"$m/verify_kernels" --quick --jobs "$jobs" > "$m/run.log" 2>&1 || rc=$?
case $rc in
1)
    echo "kernel-mutants: $name: caught: $(grep -m1 'level .*window' "$m/run.log" | sed 's/^verify_kernels: //')"
    exit 0 ;;
0)
    echo "kernel-mutants: $name: SURVIVED the reduced set"
    exit 1 ;;
*)
    cat "$m/run.log"
    echo "kernel-mutants: $name: BROKEN (exit $rc)"
    exit 2 ;;
esac
