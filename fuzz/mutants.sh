#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Mutation check of the harnesses: each fuzz/mutants/*.patch puts back a bug
# (two of them Ignite's), and the fuzzers must notice.
#   fuzz/mutants.sh replay DIR SECONDS   the committed corpus alone must catch
#                                        every mutant (fast; part of make check)
#   fuzz/mutants.sh fuzz DIR SECONDS     libFuzzer (the first harness named in
#                                        the patch, else counters_ops) from the
#                                        committed corpus; time to detection,
#                                        fails if a mutant lives SECONDS
set -u
mode=$1 dir=$2 seconds=$3
top=$(pwd)
CC=${FUZZ_CLANG:-clang}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
LIB="src/status.c src/version.c src/alloc.c src/counter_map.c src/counters.c ref/ref.c cli/text.c"
LIB="$LIB src/zero.c ref/ref_zero.c"
LIB="$LIB src/items.c src/items_x86.c"
INC="-Isrc -Iref -Icli -Ifuzz"
mkdir -p "$dir"
report="$dir/$mode.txt"
printf '%-30s %-10s %s\n' mutant result "detail" > "$report"
survivors=0
now() { date +%s.%N; }
for p in fuzz/mutants/*.patch; do
    name=$(basename "$p" .patch)
    # An optional first line "harnesses: a b" names the harnesses that
    # reach the mutated code; by default the two message harnesses.
    hs=$(sed -n '1s/^harnesses: *//p' "$p")
    [ -n "$hs" ] || hs="counters_ops counters_decode"
    tree="$dir/$name"
    rm -rf "$tree"
    mkdir -p "$tree"
    cp -r src ref cli fuzz "$tree"/
    if command -v patch > /dev/null; then
        apply="patch -s -p1 -F 1"
    else
        apply="git apply -p1 -C1 -"
    fi
    if ! (cd "$tree" && $apply < "$top/$p"); then
        echo "mutants: $p no longer applies to src/" >&2
        exit 1
    fi
    if [ "$mode" = replay ]; then
        caught=""
        for h in $hs; do
            # shellcheck disable=SC2086
            (cd "$tree" && $CC $INC -std=c11 -g -O1 $SAN "fuzz/fuzz_$h.c" fuzz/replay.c $LIB -o "replay_$h") ||
                exit 1
            if ! "$tree/replay_$h" "corpus/$h" > "$tree/replay_$h.log" 2>&1; then
                caught="$caught $h"
            fi
        done
        if [ -n "$caught" ]; then
            printf '%-30s %-10s %s\n' "$name" caught "corpus replay of:$caught" >> "$report"
        else
            printf '%-30s %-10s %s\n' "$name" SURVIVED "no corpus input fails" >> "$report"
            survivors=$((survivors + 1))
        fi
    else
        h=${hs%% *}
        # shellcheck disable=SC2086
        (cd "$tree" && $CC $INC -std=c11 -g -O1 -fsanitize=fuzzer $SAN "fuzz/fuzz_$h.c" $LIB -o "fuzz_$h") ||
            exit 1
        mkdir -p "$tree/work" "$tree/art"
        cp corpus/$h/* "$tree/work/"
        t0=$(now)
        nice -n 5 "$tree/fuzz_$h" -max_total_time="$seconds" -max_len=4096 -dict="fuzz/$h.dict" \
            -artifact_prefix="$tree/art/" "$tree/work" > "$tree/fuzz.log" 2>&1
        rc=$?
        t1=$(now)
        secs=$(echo "$t0 $t1" | awk '{printf "%.2f", $2 - $1}')
        if [ "$rc" -ne 0 ]; then
            why=$(grep -m 1 -E 'lepack fuzz mismatch|ERROR: AddressSanitizer|runtime error' "$tree/fuzz.log" |
                  cut -c 1-90)
            printf '%-30s %-10s %s\n' "$name" "${secs}s" "$why" >> "$report"
        else
            printf '%-30s %-10s %s\n' "$name" SURVIVED "${seconds}s of $h" >> "$report"
            survivors=$((survivors + 1))
        fi
    fi
done
cat "$report"
[ "$survivors" -eq 0 ] || { echo "mutants: $survivors survived" >&2; exit 1; }
