#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which proof mutants `make check` runs (proofs/README.md, "Mutants").

Every mutant of a function that changed since the cold proof (the list
`make prove` writes for the tree it proved: build/prove/changed.txt), and
the day's chunk of the others: the others are dealt to CHUNKS chunks in a
fixed order (a hash of the patch name, so that a new mutant lands
anywhere), and the chunk changes every day (UTC), so that each of them
runs within CHUNKS days.  `make prove-mutants` and the Cold proof workflow
run all of them.  Without a changed list made from this very tree, every
mutant counts as changed: all run.

Every mutant not picked is still applied, as a dry run, to the tree: a
patch that no longer applies is BROKEN today, not on its day.

    python3 proofs/mutants_pick.py --changed FILE --pick auto|all|K --chunks N PATCH...

Prints the picked patches, one per line; a summary on stderr.  Exit 2
when a patch not picked does not apply.
"""
import argparse
import hashlib
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import confirm  # noqa: E402


def functions(patch):
    """The functions a mutant's "Functions:" line names."""
    for line in open(patch):
        if line.startswith("Functions:"):
            return set(re.split(r"[\s,]+", line.split(":", 1)[1].strip())) - {""}
    return set()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--changed", required=True, metavar="FILE",
                    help="the changed functions make prove wrote (build/prove/changed.txt)")
    ap.add_argument("--pick", default="auto",
                    help="auto (the day's chunk), all, none, or a chunk number (1-based)")
    ap.add_argument("--chunks", type=int, default=6, help="as PROVE_MUTANT_CHUNKS in mk/prove.mk")
    ap.add_argument("--root", default=".")
    ap.add_argument("patches", nargs="+")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    changed = confirm.read_changed(args.changed, root)
    if changed is None:
        must = list(args.patches)
        why = "no list of changed functions made from this tree (%s): every mutant" % args.changed
    else:
        must = [p for p in args.patches if functions(p) & changed]
        why = "%d of a changed function (%d changed since the cold proof)" % (len(must), len(changed))
    rest = sorted((p for p in args.patches if p not in must),
                  key=lambda p: hashlib.sha256(os.path.basename(p).encode()).hexdigest())
    n = max(1, args.chunks)
    parts = [rest[k::n] for k in range(n)] if rest else []
    picked = confirm.pick(args.pick, len(parts))
    day = [p for k in picked for p in parts[k]]
    skipped = [p for p in rest if p not in day]
    apply_sh = os.path.join(root, "tests", "mutants", "apply.sh")
    broken = []
    for p in skipped:
        r = subprocess.run(["sh", apply_sh, p, root, "--dry-run"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if r.returncode != 0:
            broken.append((p, r.stdout))
    for p in sorted(set(must) | set(day), key=args.patches.index):
        print(p)
    chunk = ""
    if rest:
        chunk = "; of the other %d, chunk %s of %d (%s, PROVE_MUTANTS=all runs every one)" % (
            len(rest), ",".join(str(k + 1) for k in picked) or "none", len(parts),
            "every day the next" if args.pick == "auto" else "chosen")
    sys.stderr.write("mutants: %d of %d run: %s%s%s\n" % (
        len(must) + len(day), len(args.patches), why, chunk,
        "; the %d not run apply (dry run)" % len(skipped) if skipped and not broken else ""))
    for p, out in broken:
        sys.stderr.write(out)
        sys.stderr.write("mutant %s: BROKEN: the patch does not apply (not run today, but "
                         "it must still apply)\n" % os.path.basename(p)[:-len(".patch")])
    return 2 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
