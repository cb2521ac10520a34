#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The coverage gate and fuzz/README.md's coverage figures, from one
`llvm-cov report` summary (build/coverage/summary.txt, written by
`make coverage`).

    coverage_readme.py --summary FILE --readme FILE [--commit C]
                       [--gate src=N,cli=M --min-branches P] (--check | --write)

The figures live in fuzz/README.md between `<!-- coverage:begin -->` and
`<!-- coverage:end -->`.  --write replaces them with this summary's, naming
the commit.  --check fails when they differ from this summary (the README
would quote figures the tree no longer reaches), and, with --gate, when a
directory misses more lines than allowed or covers fewer branches than
--min-branches percent.
"""
import argparse
import re
import sys

BEGIN, END = "<!-- coverage:begin -->", "<!-- coverage:end -->"


def rows(summary):
    """(file, lines, missed lines, branches, missed branches) per file."""
    out = []
    for line in open(summary):
        f = line.split()
        if len(f) >= 10 and re.match(r"^(src|cli)/", f[0]) and f[4].isdigit():
            out.append((f[0], int(f[4]), int(f[5]), int(f[7]), int(f[8])))
    return out


def pct(covered, total):
    return "%.2f%%" % (100.0 * covered / total) if total else "-"


def table(rs):
    head = ("file", "lines", "missed", "cover", "branches", "missed", "cover")
    body = []
    for d in ("src", "cli"):
        part = [r for r in rs if r[0].startswith(d + "/") and r[1] > 0]
        for f, l, ml, b, mb in part:
            body.append((f, str(l), str(ml), pct(l - ml, l), str(b), str(mb), pct(b - mb, b)))
        l, ml = sum(r[1] for r in part), sum(r[2] for r in part)
        b, mb = sum(r[3] for r in part), sum(r[4] for r in part)
        body.append((d + "/ total", str(l), str(ml), pct(l - ml, l), str(b), str(mb),
                     pct(b - mb, b)))
    w = [max(len(x[k]) for x in [head] + body) for k in range(len(head))]
    fmt = lambda x: "  ".join(x[k].ljust(w[k]) if k == 0 else x[k].rjust(w[k])
                              for k in range(len(x))).rstrip()
    return "\n".join([fmt(head)] + [fmt(x) for x in body])


def block(rs, commit):
    return ("%s\nMeasured by `make coverage-readme` at commit %s: the committed corpus replayed,\n"
            "`tests/cli.sh` run on an instrumented `build/lepack`, and the unit tests (clang 14,\n"
            "`llvm-cov-14 report`; per file in `build/coverage/summary.txt`).\n\n```\n%s\n```\n%s"
            % (BEGIN, commit or "unknown", table(rs), END))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--summary", required=True)
    ap.add_argument("--readme", required=True)
    ap.add_argument("--commit", default="")
    ap.add_argument("--gate", default="")
    ap.add_argument("--min-branches", type=float, default=0)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    a = ap.parse_args()
    rs = rows(a.summary)
    if not rs:
        print("coverage: no src/ or cli/ rows in %s" % a.summary)
        return 1
    text = open(a.readme).read()
    if BEGIN not in text or END not in text:
        print("coverage: %s has no %s ... %s block" % (a.readme, BEGIN, END))
        return 1
    start, end = text.index(BEGIN), text.index(END) + len(END)
    if a.write:
        new = text[:start] + block(rs, a.commit) + text[end:]
        open(a.readme, "w").write(new)
        print("coverage: %s figures rewritten (commit %s)" % (a.readme, a.commit))
        print(table(rs))
        return 0
    failed = False
    for gate in filter(None, a.gate.split(",")):
        d, allowed = gate.split("=")
        part = [r for r in rs if r[0].startswith(d + "/")]
        l, ml = sum(r[1] for r in part), sum(r[2] for r in part)
        b, mb = sum(r[3] for r in part), sum(r[4] for r in part)
        br = 100.0 * (b - mb) / b if b else 100.0
        print("coverage of %s/: lines %s (%d missed, %s explained in fuzz/README.md), "
              "branches %s" % (d, pct(l - ml, l), ml, allowed, pct(b - mb, b)))
        if ml > int(allowed) or br < a.min_branches:
            print("coverage-check: %s/ below the gate (at most %s missed lines, at least %g%% "
                  "branches)" % (d, allowed, a.min_branches))
            failed = True
    quoted = re.search(r"```\n(.*?)\n```", text[start:end], re.S)
    if quoted is None or quoted.group(1) != table(rs):
        print("coverage-check: the figures in %s are not what the tree reaches now; "
              "run `make coverage-readme` and commit the result" % a.readme)
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
