#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Applies one mutant patch to a copy of the tree, strictly, for every mutant
# runner (proofs/mutants.sh, fuzz/mutants.sh, tests/be/mutants.sh,
# tests/kernel_mutants.sh).
#
#   sh tests/mutants/apply.sh PATCH TREE [--dry-run]
#
# --dry-run: TREE is left as it is; the exit status says whether the patch
# would apply (proofs/mutants_pick.py checks the mutants it does not run).
#
# Exit 0: every hunk applied exactly where its context says (no fuzz, no
# reversed or already-applied hunk taken, no prompt) and changes a line.
# Exit 3: it did not; the reason is on stderr.  A runner reports that as a
# BROKEN mutant, never as one the evidence killed: a patch that no longer
# applies says nothing about the code under test.
set -u
patch=$1 tree=$2 dry=${3:-}
case $dry in "" | --dry-run) ;; *) echo "apply: unknown option $dry" >&2; exit 3 ;; esac
case $patch in /*) ;; *) patch=$(pwd)/$patch ;; esac
if ! command -v patch >/dev/null 2>&1; then
    echo "apply: patch(1) not found (make deps installs it)" >&2
    exit 3
fi
changed=$(awk '/^(\+\+\+|---) /{next} /^[-+]/{n++} END{print n+0}' "$patch")
if ! grep -q '^@@ ' "$patch" || [ "$changed" -eq 0 ]; then
    echo "apply: $patch has no hunk that changes a line" >&2
    exit 3
fi
# -f: no questions, and a hunk that looks reversed is not applied reversed;
# -N: a hunk already present is a failure, not a silent skip; -F 0: the
# context must match exactly; -r -: no .rej files left in the tree.
if ! out=$(cd "$tree" && patch -p1 -f -N -F 0 -r - --no-backup-if-mismatch ${dry:+--dry-run} < "$patch" 2>&1); then
    echo "apply: $patch does not apply to $tree:" >&2
    printf '%s\n' "$out" | sed 's/^/    /' >&2
    exit 3
fi
exit 0
