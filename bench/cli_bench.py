#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`lepack utf8 decode` against glibc's iconv on large files.

    cli_bench.py --lepack build/lepack --dir build/bench/cli [--mb 200]
                 [--rounds 5] [--into bench/results.md docs/performance.md]

Writes one file of about --mb MB of UTF-8 per class (the classes of the
UTF-8 benchmark: ascii, latin1, cjk, emoji, mixed; a fixed seed, so every
run reads the same bytes), then times, in each round and for each class,
three commands back to back in random order, output to /dev/null:
`lepack utf8 decode FILE` (streams, chunk by chunk), `lepack utf8 decode
--strict FILE` (the whole input read, then refused or decoded, as iconv
refuses ill-formed input) and `iconv -f UTF-8 -t UTF-16LE FILE`.  The
classes of a round come in random order too.  Before timing, the outputs
of the three are compared.  Reports the median wall time of each, and per
round the ratio to iconv's time of the same round (median and IQR), into
the section "cli: decode against iconv" of each --into file.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (bench/report.py: sections, machine lines)

CLASSES = ["ascii", "latin1", "cjk", "emoji", "mixed"]
SECTION = "cli: decode against iconv"
TARGET = 1.2


def code_point(cls, rng):
    if cls == "ascii":
        return rng.randint(0x20, 0x7E)
    if cls == "latin1":
        return rng.choice((rng.randint(0x20, 0x7E), rng.randint(0xA0, 0xFF)))
    if cls == "cjk":
        return rng.randint(0x4E00, 0x9FFF)
    if cls == "emoji":
        return rng.randint(0x1F300, 0x1F64F)
    return rng.choice((rng.randint(0x20, 0x7E), rng.randint(0xA0, 0x7FF),
                       rng.randint(0x4E00, 0x9FFF), rng.randint(0x1F300, 0x1F64F)))


def make_file(path, cls, size):
    """A block of 2^18 random code points of the class, repeated to size
    bytes (a whole number of blocks: every sequence stays whole)."""
    if os.path.exists(path) and os.path.getsize(path) >= size:
        return
    rng = random.Random(CLASSES.index(cls) + 1)
    block = "".join(chr(code_point(cls, rng)) for _ in range(1 << 18)).encode("utf-8")
    with open(path + ".tmp", "wb") as f:
        done = 0
        while done < size:
            f.write(block)
            done += len(block)
    os.replace(path + ".tmp", path)


def commands(lepack, path):
    return {"lepack": [lepack, "utf8", "decode", path],
            "lepack --strict": [lepack, "utf8", "decode", "--strict", path],
            "iconv": ["iconv", "-f", "UTF-8", "-t", "UTF-16LE", path]}


def same_output(cmds):
    outs = {}
    for name, cmd in cmds.items():
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if p.returncode != 0:
            sys.exit("cli_bench: %s failed: %s" % (" ".join(cmd), p.stderr.decode()[-300:]))
        outs[name] = p.stdout
    first = next(iter(outs.values()))
    for name, out in outs.items():
        if out != first:
            sys.exit("cli_bench: %s gives other bytes than %s" % (name, next(iter(outs))))


def timed(cmd):
    with open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=null, stderr=subprocess.PIPE)
        t = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit("cli_bench: %s failed" % " ".join(cmd))
    return t


def glibc_version():
    try:
        out = subprocess.run(["ldd", "--version"], capture_output=True, text=True).stdout
        return out.splitlines()[0]
    except (OSError, IndexError):
        return "?"


def quartiles(xs):
    return report.quantile(xs, 0.25), report.quantile(xs, 0.75)


def render(results, sizes, rounds, lepack):
    md = ["## %s" % SECTION, ""]
    md += report.machine_lines([])[0:2]
    md += ["- commit of the tree: %s (the command is cli/utf8.c over src/)"
           % (report.git("log", "-1", "--format=%h") or "?"),
           "- date: " + time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "- %s built by `make` (gcc -O2); iconv: %s" % (lepack, glibc_version()),
           "- %d rounds; in each, the classes in random order and for each class the three "
           "commands back to back in random order, output to /dev/null; wall time "
           "(bench/cli_bench.py, `make bench-cli`)" % rounds, "",
           "ratio = time / iconv's time in the same round, median over rounds (IQR); "
           "target: `lepack utf8 decode` within %.1fx of iconv's time." % TARGET, "",
           "| class | MB | lepack s | lepack --strict s | iconv s | lepack / iconv | "
           "--strict / iconv | target |",
           "|---|---|---|---|---|---|---|---|"]
    for cls in CLASSES:
        t = results[cls]
        r = [a / b for a, b in zip(t["lepack"], t["iconv"])]
        rs = [a / b for a, b in zip(t["lepack --strict"], t["iconv"])]
        med = statistics.median(r)
        md.append("| %s | %.0f | %.3f | %.3f | %.3f | %.2fx (%.2f-%.2f) | %.2fx (%.2f-%.2f) | %s |"
                  % (cls, sizes[cls] / 1e6, statistics.median(t["lepack"]),
                     statistics.median(t["lepack --strict"]), statistics.median(t["iconv"]),
                     med, *quartiles(r), statistics.median(rs), *quartiles(rs),
                     "met" if med <= TARGET else "MISSED"))
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lepack", required=True)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--mb", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--into", nargs="*", default=[])
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    paths, sizes = {}, {}
    for cls in CLASSES:
        paths[cls] = os.path.join(a.dir, "%s-%dMB.txt" % (cls, a.mb))
        make_file(paths[cls], cls, a.mb * 1000 * 1000)
        sizes[cls] = os.path.getsize(paths[cls])
        same_output(commands(a.lepack, paths[cls]))
    rng = random.Random(a.seed)
    results = {cls: {name: [] for name in commands(a.lepack, "")} for cls in CLASSES}
    for k in range(a.rounds):
        order = CLASSES[:]
        rng.shuffle(order)
        for cls in order:
            cmds = list(commands(a.lepack, paths[cls]).items())
            rng.shuffle(cmds)
            for name, cmd in cmds:
                results[cls][name].append(timed(cmd))
        print("cli_bench: round %d of %d done" % (k + 1, a.rounds), file=sys.stderr)
    block = render(results, sizes, a.rounds, a.lepack)
    sys.stdout.write(block)
    for path in a.into:
        report.write_section(path, SECTION, block)


if __name__ == "__main__":
    main()
