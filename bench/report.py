#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Lays out the benchmark results as tables and writes bench/results.md.

Reads, for each compiler named on the command line, DIR/<cc>.json (Google
Benchmark, --benchmark_out_format=json, median aggregates) and the callgrind
dumps in DIR/callgrind-<cc>/ (one kernel at one size per dump, see
bench/icount.c).  Either may be missing; its tables are then left out.
Prints the tables, then checks the targets listed in docs/performance.md.
"""
import argparse
import glob
import json
import os
import platform
import re
import subprocess
import sys

SIZES = [4, 32, 1024, 1000000]
MAIN = ["raw", "bytewise", "field", "record", "bulk", "memcpy"]
HEAD = ["raw", "bytewise", "lepack per field", "lepack per record", "lepack bulk", "memcpy"]


def load_times(path):
    """{(op, variant, items): median cpu ns per call}"""
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "aggregate" or b.get("aggregate_name") != "median":
            continue
        op, variant, items = b["run_name"].split("/")
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]]
        out[(op, variant, int(items))] = b["cpu_time"] * scale
    return out, data.get("context", {})


def load_icount(folder):
    """{(op, variant, items): instructions per call}"""
    out = {}
    for path in glob.glob(os.path.join(folder, "out.*")):
        name = total = None
        with open(path) as f:
            for line in f:
                if line.startswith("desc: Trigger: Client Request: "):
                    name = line.split("Client Request: ", 1)[1].strip()
                elif line.startswith("totals:") or (total is None and line.startswith("summary:")):
                    total = int(line.split()[1])
        if not name or total is None:
            continue
        m = re.match(r"(\w+)/(\w+)/(\d+) x(\d+)$", name)
        if m:
            out[(m[1], m[2], int(m[3]))] = total / int(m[4])
    return out


def fmt(v, unit=""):
    if v is None:
        return "-"
    if v >= 1000:
        return "%.0f%s" % (v, unit)
    if v >= 10:
        return "%.1f%s" % (v, unit)
    return "%.2f%s" % (v, unit)


def ratio(a, b):
    return a / b if a is not None and b else None


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def main_table(d, per_item):
    """ns (or instructions) per call for every variant, and the ratios."""
    rows = []
    for op in ("write", "read"):
        for n in SIZES:
            v = {k: d.get((op, k, n)) for k in MAIN}
            if v["memcpy"] is None:
                v["memcpy"] = d.get(("write", "memcpy", n))
            div = n if per_item else 1
            cells = [op, str(n)] + [fmt(v[k] / div if v[k] is not None else None) for k in MAIN]
            cells += [fmt(ratio(v["field"], v["raw"]), "x"), fmt(ratio(v["record"], v["raw"]), "x"),
                      fmt(ratio(v["bytewise"], v["field"]), "x")]
            bw = ratio(v["memcpy"], v["bulk"])
            cells.append("-" if bw is None else "%.0f%%" % (100 * bw))
            rows.append(cells)
    return table(rows, ["benchmark", "items"] + HEAD +
                 ["field/raw", "record/raw", "bytewise/field", "bulk vs memcpy"])


def forms_table(d, per_item):
    """The memcpy form of src/le_mem.h against the byte form of le_bytes.h."""
    rows = []
    for op in ("write", "read"):
        for n in SIZES:
            cells = [op, str(n)]
            for k in ("field", "record", "bulk"):
                a, b = d.get((op, k, n)), d.get((op, k + "_bytes", n))
                div = n if per_item else 1
                cells += [fmt(a / div if a is not None else None),
                          fmt(b / div if b is not None else None), fmt(ratio(b, a), "x")]
            rows.append(cells)
    return table(rows, ["benchmark", "items", "per field", "per field, bytes", "change",
                        "per record", "per record, bytes", "change", "bulk", "bulk, bytes",
                        "change"])


def grow_table(results, ccs, label):
    sizes = sorted({k[2] for cc in ccs for k in results.get(cc, {}) if k[0] == "grow"})
    kinds = sorted({k[1] for cc in ccs for k in results.get(cc, {}) if k[0] == "grow"})
    names = {"add": "cold", "add_warm": "warm"}
    rows = []
    for n in sizes:
        row = [str(n)]
        for cc in ccs:
            for kind in kinds:
                v = results.get(cc, {}).get(("grow", kind, n))
                row.append(fmt(v / n if v is not None else None))
        rows.append(row)
    return table(rows, ["items"] + ["%s %s %s" % (cc, names.get(k, k), label)
                                    for cc in ccs for k in kinds])


def targets(d, cc):
    """(met, text) for each target of docs/performance.md."""
    out = []

    def check(ok, text):
        out.append((ok, "%s %s: %s" % ("met " if ok else "MISS", cc, text)))

    for op in ("write", "read"):
        for n in (32, 1024, 1000000):
            r = ratio(d.get((op, "record", n)), d.get((op, "raw", n)))
            if r is not None:
                check(r <= 1.10, "%s per record / raw at %d = %.2fx (<= 1.10x)" % (op, n, r))
        for n in SIZES:
            r = ratio(d.get((op, "field", n)), d.get((op, "raw", n)))
            if r is not None:
                check(r <= 1.50, "%s per field / raw at %d = %.2fx (<= 1.50x)" % (op, n, r))
        for n, want in ((1024, 0.50), (1000000, 0.90)):
            r = ratio(d.get((op, "memcpy", n)), d.get((op, "bulk", n)))
            if r is not None:
                check(r >= want, "%s bulk at %d = %.0f%% of memcpy (>= %.0f%%)" %
                      (op, n, 100 * r, 100 * want))
    for kind, label in (("add", "cold"), ("add_warm", "warm")):
        grow = {k[2]: v / k[2] for k, v in d.items() if k[0] == "grow" and k[1] == kind}
        if 1000 in grow and 10000000 in grow:
            r = grow[10000000] / grow[1000]
            check(max(r, 1 / r) <= 1.5, "add() %s ns/add 10^7 vs 10^3 = %.2fx (within 1.5x)"
                  % (label, r))
    return out


def machine(context):
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    vers = []
    for c in ("gcc", "clang"):
        try:
            vers.append(subprocess.run([c, "--version"], capture_output=True, text=True)
                        .stdout.splitlines()[0])
        except (OSError, IndexError):
            pass
    lines = ["- CPU: %s, %s logical CPUs (nproc %s), %s" %
             (model, context.get("num_cpus", "?"), os.cpu_count(), platform.machine()),
             "- compilers: " + "; ".join(vers)]
    if context:
        load = ", ".join("%.2f" % x for x in context.get("load_avg", []))
        lines.append("- run: %s, load average at start %s" % (context.get("date", "?"), load))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--out")
    ap.add_argument("ccs", nargs="+")
    a = ap.parse_args()

    times, icounts, context = {}, {}, {}
    for cc in a.ccs:
        p = os.path.join(a.dir, cc + ".json")
        if os.path.exists(p):
            times[cc], context = load_times(p)
        ic = load_icount(os.path.join(a.dir, "callgrind-" + cc))
        if ic:
            icounts[cc] = ic
    if not times and not icounts:
        sys.exit("report: no results in %s" % a.dir)

    md = ["# lepack benchmark results", "",
          "Generated by `make bench` / `make bench-icount` (bench/report.py); "
          "docs/performance.md explains the columns and the caveats.", ""]
    md += machine(context)
    for cc in a.ccs:
        if cc not in times:
            continue
        md += ["", "## %s -O2: ns per call (median CPU time)" % cc, ""]
        md += main_table(times[cc], False)
        md += ["", "### %s -O2: src/le_mem.h (memcpy form) vs -DLEPACK_BYTEWISE (byte form), "
               "ns per call" % cc, ""]
        md += forms_table(times[cc], False)
    if times:
        md += ["", "## lepack_counters_add from empty to n items: ns per add", ""]
        md += grow_table(times, a.ccs, "ns/add")
    for cc in a.ccs:
        if cc not in icounts:
            continue
        md += ["", "## %s -O2: instructions per item (callgrind, exact)" % cc, ""]
        md += main_table(icounts[cc], True)
        md += ["", "### %s -O2: memcpy form vs byte form, instructions per item" % cc, ""]
        md += forms_table(icounts[cc], True)
    if icounts:
        md += ["", "## lepack_counters_add: instructions per add (callgrind)", ""]
        md += grow_table(icounts, a.ccs, "instructions/add")
    if times:
        md += ["", "## Targets (timings above)", ""]
        for cc in a.ccs:
            if cc in times:
                md += ["- " + t for _, t in targets(times[cc], cc)]
    text = "\n".join(md) + "\n"
    sys.stdout.write(text)
    if a.out:
        # Sections other generators own (<!-- begin NAME --> ... <!-- end
        # NAME -->, e.g. bench/utf8_report.py's) are kept as they are.
        kept = []
        if os.path.exists(a.out):
            kept = [m.group(0) for m in re.finditer(r"<!-- begin (\S+) -->.*?<!-- end \1 -->",
                                                    open(a.out).read(), re.S)]
        with open(a.out, "w") as f:
            f.write(text + "".join("\n" + k + "\n" for k in kept))


if __name__ == "__main__":
    main()
