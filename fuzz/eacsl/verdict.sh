#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Says why an E-ACSL replay stopped, from its exit status and its log.
#
#   sh fuzz/eacsl/verdict.sh STATUS LOG
#
# Prints one line and exits with:
#   0  passed (status 0)
#   1  contract violated: the E-ACSL runtime's "Error: ... failed:" report,
#      with the clause's kind, name, function and line
#   2  harness mismatch: the harness's own "lepack fuzz mismatch" line (a
#      differential check against ref/, not a contract)
#   3  something else (a sanitizer, a crash, an abort with neither message)
set -u
# Lines of the log are printed with printf, never echo: dash's echo reads
# backslashes as escapes (the \r of a clause's \result).
status=$1 log=$2
if [ "$status" -eq 0 ]; then
    printf '%s\n' "passed: $(tail -n 1 "$log")"
    exit 0
fi
# E-ACSL 25 (e_acsl_assert.c): "FILE: In function 'F'" then
# "FILE:LINE: Error: KIND failed:", "The failing predicate is:", the text.
err=$(grep -m 1 -E '^[^ ]+:[0-9]+: Error: .* failed:$' "$log")
if [ -n "$err" ]; then
    fn=$(grep -B 1 -m 1 -F "$err" "$log" | sed -n "s/^.*: In function '\([^']*\)'$/\1/p" | head -n 1)
    pred=$(grep -A 3 -m 1 -F "$err" "$log" | sed -n '3,4p' | tr -d '\t' | tr '\n' ' ' | cut -c 1-120)
    where=${err%%: Error:*}
    kind=$(printf '%s\n' "$err" | sed 's/^.*: Error: \(.*\) failed:$/\1/')
    printf '%s\n' "contract violated (E-ACSL runtime): $kind in $fn at $where: $pred"
    exit 1
fi
mm=$(grep -m 1 'lepack fuzz mismatch' "$log")
if [ -n "$mm" ]; then
    printf '%s\n' "harness mismatch (differential check, not a contract): $(printf '%s' "$mm" | cut -c 1-160)"
    exit 2
fi
printf '%s\n' "aborted for another reason (exit $status, no E-ACSL report, no harness mismatch): $(grep -v '^\s*$' "$log" | tail -n 1 | cut -c 1-160)"
exit 3
