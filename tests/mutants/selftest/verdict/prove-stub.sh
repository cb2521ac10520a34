#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Stands in for proofs/prove.py in proofs/mutants.sh's verdict test: prints
# what prove.py would for the fixture named in --out, and exits as it would.
# Each fixture's Fails: line names the property `kept`.
out=
while [ $# -gt 0 ]; do
    [ "$1" = --out ] && out=$2
    shift
done
case $out in
*/elsewhere/*)
    echo "prove: FAIL lepack_counters_size: lepack_counters_size_ensures: 1 of 1 goals unproven"
    echo "prove: FAILED (1 problems)"; exit 1 ;;
*/count-only/*)
    echo "prove: FAIL lepack_counters_size: 3 goals, minimum 5 (emptied body or dropped contract?)"
    echo "prove: FAILED (1 problems)"; exit 1 ;;
*/false-goal/*)
    echo "prove: FAIL lepack_counters_size: lepack_counters_size_ensures: 1 of 1 goals unproven"
    echo "prove: FAIL lepack_counters_size: lepack_counters_size_ensures_kept_2: 1 of 1 goals unproven"
    echo "prove: FAILED (2 problems)"; exit 1 ;;
esac
echo "prove-stub: no answer for $out" >&2
exit 2
