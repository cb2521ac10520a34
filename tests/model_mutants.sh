#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The model mutants of make check-models (mk/models.mk): each PATCH changes
# one lane of a lane model (its C form, and its contract where the lane can
# be named there) in a copy of src/ and tests/; tests/check_models.c built
# from the copy must then report a difference (exit 1).  A patch that does
# not apply, a copy that does not build, or any other exit is BROKEN.
#   sh tests/model_mutants.sh OUTDIR SWEEP JOBS PATCH... -- CC FLAGS...
# SWEEP is check_models' --sweep: every mutant lane is reached by the
# exhaustive parts of its section, so a small sweep keeps each run short.
# JOBS mutants are built and run at a time.
# Exit 0: every mutant caught; 1: one survived; 2: one broken or none given.
set -u

# One mutant: prints its line; exit 0 caught, 1 survived, 2 broken.
if [ "${1:-}" = --one ]; then
    out=$2 sweep=$3 patch=$4
    shift 5
    name=$(basename "$patch" .patch)
    m=$out/$name
    rm -rf "$m"
    mkdir -p "$m"
    cp -R src tests "$m/"
    if ! sh tests/mutants/apply.sh "$patch" "$m" 2> "$m/patch.log"; then
        cat "$m/patch.log"
        echo "check-models: mutant $name: BROKEN: does not apply"
        exit 2
    fi
    # shellcheck disable=SC2086 # the flags are a word list
    if ! { "$@" -I"$m/src" -I"$m/tests" -DLEPACK_LANE_C -c "$m/tests/models_cform.c" \
               -o "$m/models_cform.o" &&
           "$@" -I"$m/src" -I"$m/tests" -o "$m/check_models" "$m/tests/check_models.c" \
               "$m/models_cform.o"; } > "$m/build.log" 2>&1; then
        cat "$m/build.log"
        echo "check-models: mutant $name: BROKEN: does not build"
        exit 2
    fi
    rc=0
    "$m/check_models" --sweep "$sweep" > "$m/run.log" 2>&1 || rc=$?
    if [ $rc -eq 1 ] && grep -q 'the instruction and the model differ' "$m/run.log"; then
        echo "check-models: mutant $name: caught: $(grep -m1 'differ' "$m/run.log" | sed 's/^check-models: //')"
        exit 0
    elif [ $rc -eq 0 ]; then
        echo "check-models: mutant $name: SURVIVED"
        exit 1
    fi
    tail -n 5 "$m/run.log"
    echo "check-models: mutant $name: BROKEN (exit $rc)"
    exit 2
fi

out=$1 sweep=$2 jobs=$3
shift 3
patches=
while [ $# -gt 0 ] && [ "$1" != -- ]; do patches="$patches $1"; shift; done
[ "${1:-}" = -- ] && shift
if [ -z "$patches" ]; then
    echo "check-models: no model mutants in tests/model_mutants" >&2
    exit 2
fi
mkdir -p "$out"
# shellcheck disable=SC2086 # the patches are a word list
printf '%s\n' $patches | xargs -P "$jobs" -I{} sh -c \
    'p=$1 o=$2 w=$3; shift 3; n=$(basename "$p" .patch)
     sh "$0" --one "$o" "$w" "$p" "$@" > "$o/$n.out"; echo $? > "$o/$n.rc"' \
    "$0" {} "$out" "$sweep" -- "$@"
caught=0 total=0 status=0
for patch in $patches; do
    total=$((total + 1))
    name=$(basename "$patch" .patch)
    cat "$out/$name.out"
    case $(cat "$out/$name.rc") in
    0) caught=$((caught + 1)) ;;
    1) [ $status -eq 0 ] && status=1 ;;
    *) status=2 ;;
    esac
done
echo "check-models: $caught of $total model mutants caught"
exit $status
