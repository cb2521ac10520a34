#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Mutation check of the harnesses: each fuzz/mutants/*.patch puts back a bug
# (two of them Ignite's), and the fuzzers must notice.
#   fuzz/mutants.sh replay DIR SECONDS [PATCH...]
#       the committed corpus alone must catch every mutant (fast; part of
#       make check)
#   fuzz/mutants.sh fuzz DIR SECONDS [PATCH...]
#       libFuzzer (the first harness named in the patch, else counters_ops);
#       time to detection, fails if a mutant lives SECONDS.  Environment:
#       FUZZ_MUTANTS_FROM=corpus (default) starts from the committed corpus
#       with the harness's dictionary; FUZZ_MUTANTS_FROM=empty starts from
#       an empty corpus with no dictionary, so only what the fuzzer sees in
#       the code's own comparisons can lead it to a boundary;
#       FUZZ_MUTANTS_FROM="corpus empty" runs both on one build of each
#       mutant, a table for each (DIR/fuzz-corpus.txt, DIR/fuzz-empty.txt).
#       FUZZ_MUTANT_RUNS=N runs each mutant N times (seeds 1..N) and reports
#       every time and the median.
#
# A mutant is killed only when the harness itself reports it: the
# harness's "lepack fuzz mismatch" line or a sanitizer's report.  A patch
# that does not apply (tests/mutants/apply.sh), a mutant that does not
# build, and a run that fails without such a report (a missing corpus, an
# engine error, a libFuzzer out-of-memory) are BROKEN, never a kill.  The
# unmutated harnesses must pass the same replay first, so that a harness
# that fails on everything cannot count as killing anything.
# Exit 0: every mutant killed; 1: one survived; 2: one BROKEN.
set -u
mode=$1 dir=$2 seconds=$3
shift 3
[ $# -gt 0 ] || set -- fuzz/mutants/*.patch
froms=${FUZZ_MUTANTS_FROM:-corpus}
runs=${FUZZ_MUTANT_RUNS:-1}
case $mode in replay|fuzz) ;; *) echo "mutants: mode is replay or fuzz" >&2; exit 2 ;; esac
for from in $froms; do
    case $from in corpus|empty) ;; *) echo "mutants: FUZZ_MUTANTS_FROM is corpus, empty or both" >&2; exit 2 ;; esac
done
top=$(pwd)
CC=${FUZZ_CLANG:-clang}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
# The sources and each harness's link flags: mk/sources.mk, read as
# .clusterfuzzlite/build.sh reads it (plain `NAME := words` lines).
eval "$(sed -n 's/^\([A-Za-z_][A-Za-z_0-9]*\) *:= *\(.*\)$/\1="\2"/p' mk/sources.mk |
        sed 's/\$(\([A-Za-z_][A-Za-z_0-9]*\))/${\1}/g')"
LIB="$LIB_SRC $REF_SRC $FUZZ_SUPPORT_SRC"
libs_of() { eval "echo \"\${FUZZ_LIBS_$1:-}\""; }
INC="-Isrc -Iref -Icli -Ifuzz"
# What the harness prints when it catches something.
DETECTED='lepack fuzz mismatch|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:'
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# One table per starting point (replay: the corpus).
report_of() { echo "$dir/$mode${FUZZ_MUTANTS_FROM:+-$1}.txt"; }
[ "$mode" = fuzz ] || froms=corpus
for from in $froms; do
    printf '%-36s %-10s %s\n' mutant result "detail" > "$(report_of "$from")"
done
report=$(report_of "${froms%% *}")
survivors=0 broken=0
now() { date +%s.%N; }
row() { printf '%-36s %-10s %s\n' "$1" "$2" "$3" >> "$report"; }
# The first line of the log that says what was caught.
detection() { grep -m 1 -E "$DETECTED" "$1" | cut -c 1-100; }

# FUZZ_MUTANT_OBJS=DIR (fuzz mode): the unmutated tree's libFuzzer objects
# (build/fuzz/obj/libfuzzer, the same flags); in replay mode the unmutated
# objects are compiled once into DIR/unmutated/obj.  A mutant that changes
# only .c files compiles those alone and links the rest from there; one
# that changes a header is built whole.
objdir=${FUZZ_MUTANT_OBJS:-}
robjdir=$dir/unmutated/obj

# compile_obj TREE SOURCE OBJECT CFLAGS...: one source of TREE compiled
# with the flags every build here shares.
compile_obj() {
    co_tree=$1 co_src=$2 co_obj=$3
    shift 3
    mkdir -p "$(dirname "$co_obj")"
    # shellcheck disable=SC2086
    (cd "$co_tree" && $CC $INC -std=c11 -g -O1 "$@" -c "$co_src" -o "$co_obj")
}

# reuse_objects TREE OBJDIR CFLAGS...: the objects of LIB for TREE's
# binary in $objs, the changed sources compiled into TREE; fails when a
# header changed (or a compile did).
reuse_objects() {
    ro_tree=$1 ro_from=$2
    shift 2
    for f in $(cd "$ro_tree" && find src ref cli fuzz -name '*.h'); do
        cmp -s "$top/$f" "$ro_tree/$f" || return 1
    done
    objs=""
    for f in $LIB; do
        if cmp -s "$top/$f" "$ro_tree/$f" && [ -f "$ro_from/${f%.c}.o" ]; then
            objs="$objs $ro_from/${f%.c}.o"
        else
            o="$ro_tree/obj/${f%.c}.o"
            compile_obj "$ro_tree" "$f" "$o" "$@" || return 1
            objs="$objs $o"
        fi
    done
}

# build TREE HARNESS KIND: the replay or libFuzzer binary of one harness.
build() {
    if [ "$3" = fuzz ] && [ -n "$objdir" ] &&
       reuse_objects "$1" "$objdir" -fsanitize=fuzzer-no-link $SAN > "$1/build_$2.log" 2>&1; then
        # shellcheck disable=SC2086
        (cd "$1" && $CC $INC -std=c11 -g -O1 -fsanitize=fuzzer $SAN "fuzz/fuzz_$2.c" $objs $(libs_of "$2") -o "fuzz_$2") \
            >> "$1/build_$2.log" 2>&1
    elif [ "$3" = replay ] && reuse_objects "$1" "$robjdir" $SAN > "$1/build_$2.log" 2>&1; then
        # shellcheck disable=SC2086
        (cd "$1" && $CC $INC -std=c11 -g -O1 $SAN "fuzz/fuzz_$2.c" fuzz/replay.c $objs $(libs_of "$2") -o "replay_$2") \
            >> "$1/build_$2.log" 2>&1
    elif [ "$3" = replay ]; then
        # shellcheck disable=SC2086
        (cd "$1" && $CC $INC -std=c11 -g -O1 $SAN "fuzz/fuzz_$2.c" fuzz/replay.c $LIB $(libs_of "$2") -o "replay_$2") \
            >> "$1/build_$2.log" 2>&1
    else
        # shellcheck disable=SC2086
        (cd "$1" && $CC $INC -std=c11 -g -O1 -fsanitize=fuzzer $SAN "fuzz/fuzz_$2.c" $LIB $(libs_of "$2") -o "fuzz_$2") \
            > "$1/build_$2.log" 2>&1
    fi
}
# Replay builds two binaries at a time, one started as soon as one finishes
# (the tokens of a pipe are the free slots).  First the unmutated harnesses
# must pass the replay of their corpus.
if [ "$mode" = replay ]; then
    slots=$dir/.slots
    rm -f "$slots"
    mkfifo "$slots"
    exec 3<>"$slots"
    rm -f "$slots"
    echo >&3
    echo >&3
    base="$dir/unmutated"
    rm -rf "$base"
    mkdir -p "$base"
    cp -r src ref cli fuzz "$base"/
    # The unmutated objects, two compiles at a time.
    for f in $LIB; do
        read -r _ <&3
        mkdir -p "$(dirname "$robjdir/$f")"
        # shellcheck disable=SC2086
        { compile_obj "$base" "$f" "$robjdir/${f%.c}.o" $SAN > "$robjdir/${f%.c}.log" 2>&1 ||
              rm -f "$robjdir/${f%.c}.o"
          echo >&3; } &
    done
    wait
    hs_all=$({ sed -n 's/^harnesses: *//p' "$@" | tr ' ' '\n'; echo counters_ops; echo counters_decode; } |
             sed '/^$/d' | sort -u)
    for h in $hs_all; do
        read -r _ <&3
        { if build "$base" "$h" replay && "$base/replay_$h" "corpus/$h" > "$base/replay_$h.log" 2>&1; then
              : > "$base/passed_$h"
          fi; echo >&3; } &
    done
    wait
    for h in $hs_all; do
        if [ ! -f "$base/passed_$h" ]; then
            tail -n 20 "$base/build_$h.log" "$base/replay_$h.log" 2>/dev/null >&2
            echo "mutants: BROKEN: the unmutated $h harness does not build or fails its corpus" >&2
            exit 2
        fi
    done
fi

# replay_mutant PATCH TREE HARNESSES: builds the mutant's replay binaries
# and writes its row to TREE/row (result word second); independent of every
# other mutant, so two run at a time.  Rows are reported in patch order.
replay_mutant() {
    caught="" odd=""
    for h in $3; do
        if ! build "$2" "$h" replay; then
            tail -n 20 "$2/build_$h.log" >&2
            odd="$odd $h:does-not-build"
            continue
        fi
        "$2/replay_$h" "corpus/$h" > "$2/replay_$h.log" 2>&1
        rc=$?
        if [ "$rc" -ne 0 ] && [ -n "$(detection "$2/replay_$h.log")" ]; then
            caught="$caught $h"
        elif [ "$rc" -ne 0 ]; then
            odd="$odd $h:exit-$rc-without-report"
        fi
    done
    name=$(basename "$1" .patch)
    if [ -n "$odd" ]; then
        echo "$name BROKEN not a kill:$odd"
    elif [ -n "$caught" ]; then
        echo "$name caught corpus replay of:$caught"
    else
        echo "$name SURVIVED no corpus input fails"
    fi > "$2/row"
}

names=""
for p in "$@"; do
    name=$(basename "$p" .patch)
    # An optional first line "harnesses: a b" names the harnesses that
    # reach the mutated code; by default the two message harnesses.
    hs=$(sed -n '1s/^harnesses: *//p' "$p")
    [ -n "$hs" ] || hs="counters_ops counters_decode"
    tree="$dir/$name"
    rm -rf "$tree"
    mkdir -p "$tree"
    cp -r src ref cli fuzz "$tree"/
    if ! sh tests/mutants/apply.sh "$p" "$tree" 2> "$tree/apply.log"; then
        cat "$tree/apply.log" >&2
        echo "$name BROKEN patch does not apply (not a kill)" > "$tree/row"
        names="$names $name"
        continue
    fi
    if [ "$mode" = replay ]; then
        names="$names $name"
        read -r _ <&3
        { (replay_mutant "$p" "$tree" "$hs"); echo >&3; } &
        continue
    fi

    h=${hs%% *}
    if ! build "$tree" "$h" fuzz; then
        tail -n 20 "$tree/build_$h.log" >&2
        for from in $froms; do
            report=$(report_of "$from")
            row "$name" BROKEN "does not build (not a kill)"
        done
        broken=$((broken + 1))
        continue
    fi
    for from in $froms; do
    report=$(report_of "$from")
    times="" found=0 lived=0 odd=""
    run=1
    while [ "$run" -le "$runs" ]; do
        w="$tree/$from-run$run"
        mkdir -p "$w/work" "$w/art"
        dict=""
        if [ "$from" = corpus ]; then
            cp corpus/$h/* "$w/work/"
            [ -f "fuzz/$h.dict" ] && dict="-dict=fuzz/$h.dict"
        fi
        t0=$(now)
        # shellcheck disable=SC2086
        nice -n 5 "$tree/fuzz_$h" -seed="$run" -max_total_time="$seconds" -max_len=4096 $dict \
            -use_value_profile=1 -artifact_prefix="$w/art/" "$w/work" > "$w/fuzz.log" 2>&1
        rc=$?
        t1=$(now)
        secs=$(echo "$t0 $t1" | awk '{printf "%.1f", $2 - $1}')
        if [ "$rc" -ne 0 ] && [ -n "$(detection "$w/fuzz.log")" ]; then
            times="$times $secs"
            found=$((found + 1))
            why=$(detection "$w/fuzz.log")
        elif [ "$rc" -ne 0 ]; then
            odd="$odd run$run:exit-$rc:$(grep -m 1 'ERROR:' "$w/fuzz.log" | cut -c 1-60)"
        else
            times="$times >$seconds"
            lived=$((lived + 1))
        fi
        run=$((run + 1))
    done
    median=$(echo "$times" | tr ' ' '\n' | sed '/^$/d;s/^>//' | sort -n |
             awk '{v[NR] = $1} END {if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2)}')
    if [ -n "$odd" ]; then
        row "$name" BROKEN "not a kill:$odd"
        broken=$((broken + 1))
    elif [ "$lived" -gt 0 ]; then
        row "$name" SURVIVED "$h, $from, lived ${seconds}s in $lived of $runs runs; times (s):$times"
        survivors=$((survivors + 1))
    elif [ "$runs" -gt 1 ]; then
        row "$name" "${median}s" "$h, $from, median of $runs runs; times (s):$times; $why"
    else
        row "$name" "${median}s" "$h, $from: $why"
    fi
    done
done
wait
report=$(report_of "${froms%% *}")
for name in $names; do
    if [ ! -s "$dir/$name/row" ]; then
        row "$name" BROKEN "the replay wrote no verdict (not a kill)"
        broken=$((broken + 1))
        continue
    fi
    read -r _ result detail < "$dir/$name/row"
    for from in $froms; do
        report=$(report_of "$from")
        row "$name" "$result" "$detail"
    done
    case $result in
        BROKEN) broken=$((broken + 1)) ;;
        SURVIVED) survivors=$((survivors + 1)) ;;
    esac
done
for from in $froms; do
    [ "$mode" = replay ] || echo "from $from:"
    cat "$(report_of "$from")"
done
[ "$broken" -eq 0 ] || { echo "mutants: $broken BROKEN (not evidence either way)" >&2; exit 2; }
[ "$survivors" -eq 0 ] || { echo "mutants: $survivors survived" >&2; exit 1; }
