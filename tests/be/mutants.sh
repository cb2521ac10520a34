#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The big-endian mutants: each patch puts a byte-order bug into a copy of
# src/, tests/be/wire_check.c is built from that copy for s390x and run under
# qemu, and the wire checks must fail.
#
#   BE_CC=s390x-linux-gnu-gcc BE_RUN='qemu-s390x -L SYSROOT' \
#     sh tests/be/mutants.sh OUTDIR [PATCH...]      (default tests/be/mutants/*.patch)
#
# A mutant is "killed" only when wire_check ran to its end and reported
# failed checks (exit 1 after its "N passed, M failed" line with M > 0).
# A patch that does not apply, a mutant that does not build, and a run that
# ends any other way (a crash, qemu failing to start, no summary line) are
# BROKEN: they say nothing about the checks.
# Exit 0: every mutant killed; 1: one survived; 2: one was BROKEN.
set -u
out=$1
shift
[ $# -gt 0 ] || set -- tests/be/mutants/*.patch
: "${BE_CC:?set BE_CC}" "${BE_RUN:?set BE_RUN}"
BE_CFLAGS=${BE_CFLAGS:--std=c11 -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Werror -O2}
lib="status.c version.c alloc.c counter_map.c counters.c"
lib="$lib items.c items_x86.c"
mkdir -p "$out"
survived=0 broken=0 n=0
for p in "$@"; do
    name=$(basename "$p" .patch)
    n=$((n + 1))
    tree=$out/$name
    rm -rf "$tree"
    mkdir -p "$tree"
    cp -R src "$tree/"
    if ! sh tests/mutants/apply.sh "$p" "$tree" 2> "$tree/apply.log"; then
        cat "$tree/apply.log" >&2
        echo "be-mutant $name: BROKEN: the patch does not apply (not a kill)"
        broken=$((broken + 1))
        continue
    fi
    srcs=""
    for f in $lib; do srcs="$srcs $tree/src/$f"; done
    # shellcheck disable=SC2086
    if ! $BE_CC -I"$tree/src" -Iref -Itests/be $BE_CFLAGS -DBE_EXPECT_BIG=1 -static \
            -o "$tree/wire_check" tests/be/wire_check.c $srcs ref/ref.c > "$tree/build.log" 2>&1; then
        tail -n 20 "$tree/build.log" >&2
        echo "be-mutant $name: BROKEN: the mutant does not build (not a kill)"
        broken=$((broken + 1))
        continue
    fi
    # shellcheck disable=SC2086
    $BE_RUN "$tree/wire_check" > "$tree/run.log" 2>&1
    rc=$?
    summary=$(sed -n 's/^.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$tree/run.log" | tail -n 1)
    nfailed=${summary#* }
    if [ "$rc" -eq 1 ] && [ -n "$summary" ] && [ "$nfailed" -gt 0 ]; then
        echo "be-mutant $name: killed (wire_check on s390x: $(tail -n 1 "$tree/run.log"))"
    elif [ "$rc" -eq 0 ]; then
        echo "be-mutant $name: SURVIVED: wire_check passes on s390x"
        survived=$((survived + 1))
    else
        tail -n 10 "$tree/run.log" >&2
        echo "be-mutant $name: BROKEN: wire_check ended with status $rc and no failed checks (not a kill)"
        broken=$((broken + 1))
    fi
done
echo "be-mutants: $n mutants, $((n - survived - broken)) killed, $survived survived, $broken broken"
[ "$broken" -eq 0 ] || exit 2
[ "$survived" -eq 0 ] || exit 1
