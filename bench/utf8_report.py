#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Tables of the UTF-8 benchmark (bench/bench_utf8.c), written into
bench/results.md and docs/performance.md.

Reads DIR/utf8-<cc>.json for each compiler named.  Each file holds, for
every (operation, class, size) cell, the CPU time of one pass over the
cell's pool for every variant in every round.  A ratio is formed within a
round (the variants of a cell are timed one after the other, in a random
order) and reported as the median over the rounds, with the lowest and
highest round in brackets.  Throughput is GB/s of UTF-16 (the input of
encode, the output of decode).

The tables are the section "utf8 timings" of each file (bench/report.py's
section format: rewritten in place, appended when missing; every other
section stays as it is), with the commit and fingerprint of src/ they were
measured on, which `make bench-fresh` compares with src/ now.

usage: utf8_report.py --dir DIR [--results FILE] [--doc FILE] CC...
"""
import argparse
import json
import os
import statistics
import sys

sys.dont_write_bytecode = True  # no bench/__pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (bench/report.py: section format, machine lines)

# The classes of a run come with it ("classes"); these are a run's without.
CLASSES = ["ascii", "latin1", "cjk", "emoji", "mixed"]
SIZES = ["16-64", "1KiB", "1MiB"]
OTHERS = ["icu", "iconv", "naive", "ref", "memcpy"]  # simdutf has its own table
LEVELS = [("lepack_scalar", "scalar"), ("lepack_sse2", "SSE2"), ("lepack_avx2", "AVX2"),
          ("lepack_avx512", "AVX-512")]
SECTION = "utf8 timings"


def ratios(cell, base, variant):
    """Per-round base / variant: how many times faster variant is."""
    b, v = cell["ns"].get(base), cell["ns"].get(variant)
    if not b or not v:
        return None
    return [x / y for x, y in zip(b, v) if y > 0]


def fmt_ratio(rs):
    if not rs:
        return "-"
    return "%.2fx [%.2f-%.2f]" % (statistics.median(rs), min(rs), max(rs))


def gbps(cell, variant):
    ns = cell["ns"].get(variant)
    if not ns:
        return "-"
    return "%.2f" % (cell["utf16_bytes"] / statistics.median(ns))


def table(rows, header):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows]


def cells_of(data, op):
    by = {(c["class"], c["size"]): c for c in data["cells"] if c["op"] == op}
    return [(cls, size, by[(cls, size)]) for cls in data.get("classes", CLASSES) for size in SIZES
            if (cls, size) in by]


def median_ratio(cell, base, variant):
    rs = ratios(cell, base, variant) if cell else None
    return statistics.median(rs) if rs else None


def main_table(data, op):
    rows = []
    for cls, size, c in cells_of(data, op):
        mem = ratios(c, "lepack", "memcpy")
        rows.append([cls, size, gbps(c, "lepack")] + [gbps(c, v) for v in OTHERS] +
                    [fmt_ratio(ratios(c, "icu", "lepack")),
                     fmt_ratio(ratios(c, "icu", "lepack_exact")) if op == "decode" else "-",
                     fmt_ratio(ratios(c, "naive", "lepack")),
                     fmt_ratio(ratios(c, "ref", "lepack")), fmt_ratio(ratios(c, "iconv", "lepack")),
                     "%.0f%%" % (100 / statistics.median(mem)) if mem else "-"])
    return table(rows, ["class", "size", "lepack", "ICU", "iconv", "naive", "ref", "memcpy",
                        "lepack vs ICU", "exact-size buffer vs ICU", "vs naive", "vs ref",
                        "vs iconv", "of memcpy"])


def level_table(data, op):
    rows = []
    for cls, size, c in cells_of(data, op):
        rows.append([cls, size] + [fmt_ratio(ratios(c, "icu", v)) for v, _ in LEVELS])
    return table(rows, ["class", "size"] + ["%s vs ICU" % name for _, name in LEVELS])


def has_simdutf(data):
    return any("simdutf" in c["ns"] for c in data["cells"])


def simdutf_table(data):
    """lepack against simdutf in every cell: how many times simdutf's speed
    lepack reaches (above 1: faster), encode, decode into a generous and
    into an exact-size buffer; and simdutf against ICU for scale."""
    enc = {(cls, size): c for cls, size, c in cells_of(data, "encode")}
    rows = []
    for cls, size, d in cells_of(data, "decode"):
        e = enc.get((cls, size))
        rows.append([cls, size,
                     fmt_ratio(ratios(e, "simdutf", "lepack")) if e else "-",
                     fmt_ratio(ratios(d, "simdutf", "lepack")),
                     fmt_ratio(ratios(d, "simdutf", "lepack_exact")),
                     fmt_ratio(ratios(e, "icu", "simdutf")) if e else "-",
                     fmt_ratio(ratios(d, "icu", "simdutf"))])
    return table(rows, ["class", "size", "encode: lepack / simdutf", "decode: lepack / simdutf",
                        "decode, exact-size buffer: lepack / simdutf", "encode: simdutf vs ICU",
                        "decode: simdutf vs ICU"])


# (operation, lepack's variant, column) of the worst-class table.
AGAINST_SIMDUTF = [("encode", "lepack", "encode"), ("decode", "lepack", "decode"),
                   ("decode", "lepack_exact", "decode, exact-size buffer")]


def worst_table(data):
    """A row per size naming, for each of encode, decode and decode into an
    exact-size buffer, the class where lepack is furthest behind simdutf
    (the lowest median ratio), and the next one."""
    rows = []
    for size in SIZES:
        row = [size]
        for op, variant, _ in AGAINST_SIMDUTF:
            got = sorted((median_ratio(c, "simdutf", variant), cls)
                         for cls, sz, c in cells_of(data, op)
                         if sz == size and median_ratio(c, "simdutf", variant) is not None)
            row.append(", ".join("%s %.2fx" % (cls, r) for r, cls in got[:2]) if got else "-")
        if any(x != "-" for x in row[1:]):
            rows.append(row)
    return table(rows, ["size"] + ["%s: worst class, next" % col for _, _, col in AGAINST_SIMDUTF])


def targets(data, cc):
    out = []

    def check(ok, text):
        out.append("%s %s: %s" % ("met " if ok else "MISS", cc, text))

    for op in ("encode", "decode"):
        for cls, size, c in cells_of(data, op):
            r = statistics.median(ratios(c, "icu", "lepack"))
            check(r >= 1.5, "%s %s %s = %.2fx ICU (>= 1.5x)" % (op, cls, size, r))
    for size in ("1KiB", "1MiB"):
        for cls, sz, c in cells_of(data, "encode"):
            if cls == "ascii" and sz == size:
                r = statistics.median(ratios(c, "naive", "lepack"))
                check(r >= 5, "encode ascii %s = %.2fx naive (>= 5x)" % (size, r))
    for op in ("encode", "decode"):
        for cls, size, c in cells_of(data, op):
            if size == "16-64":
                r = statistics.median(ratios(c, "icu", "lepack"))
                check(r >= 1.0, "%s %s short = %.2fx ICU (no slower than ICU)" % (op, cls, r))
    if not has_simdutf(data):
        return out
    for op, variant, _ in AGAINST_SIMDUTF:
        for cls, size, c in cells_of(data, op):
            r = statistics.median(ratios(c, "simdutf", variant))
            floor = 0.8 if size == "16-64" else 1.0
            check(r >= floor, "%s%s %s %s = %.2fx simdutf (>= %.1fx)" % (
                op, ", exact-size buffer," if variant == "lepack_exact" else "", cls, size, r, floor))
    return out


def machine(datas):
    d = next(iter(datas.values()))
    lines = report.machine_lines(list(datas))
    lines.append("- best vector level of this CPU: %s; ICU 72 and glibc iconv as Debian builds them"
                 % ["none", "SSE2", "AVX2", "AVX-512"][d["best_level"]])
    for cc, data in datas.items():
        lines.append("- %s: %d rounds, each variant timed for about %s ms per round%s"
                     % (cc, data["rounds"], data["ms"],
                        "; text of seed %s, drawn afresh every round (bench/utf8_text.h)"
                        % data["seed"] if "seed" in data else ""))
    return lines


def section(datas):
    md = ["## utf8: timings (UTF-16 <-> UTF-8, bench/bench_utf8.c)", "",
          "Generated by `make bench` or `make bench-utf8` (bench/utf8_report.py); "
          "docs/performance.md "
          "explains the variants, the input classes and the caveats.  GB/s of UTF-16; "
          "ratios are per round, median [lowest-highest] over the rounds.", ""]
    md += machine(datas)
    for cc, data in datas.items():
        for op in ("encode", "decode"):
            md += ["", "### %s -O2: %s" % (cc, op), ""]
            md += main_table(data, op)
        for op in ("encode", "decode"):
            md += ["", "### %s -O2: %s, each vector level against ICU" % (cc, op), ""]
            md += level_table(data, op)
        md += ["", "### %s -O2: against simdutf" % cc, ""]
        if has_simdutf(data):
            md += ["simdutf 9.1.0's validating converters (`convert_utf16le_to_utf8`, "
                   "`convert_utf8_to_utf16le`) on the same valid pools in the same rounds; "
                   "above 1 lepack is faster.", ""]
            md += simdutf_table(data)
            md += ["", "### %s -O2: the worst class of each size against simdutf" % cc, "",
                   "The class with the lowest median ratio (lepack / simdutf) of each "
                   "size, and the next lowest.", ""]
            md += worst_table(data)
        else:
            md += ["Skipped: the benchmark was built without simdutf (`SIMDUTF_DIR` names no "
                   "directory with its `libsimdutf.a` and `simdutf_c.h`)."]
    md += ["", "### Targets", ""]
    for cc, data in datas.items():
        md += ["- " + t for t in targets(data, cc)]
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--results")
    ap.add_argument("--doc")
    ap.add_argument("ccs", nargs="+")
    a = ap.parse_args()
    datas = {}
    for cc in a.ccs:
        p = os.path.join(a.dir, "utf8-%s.json" % cc)
        if os.path.exists(p):
            datas[cc] = json.load(open(p))
    if not datas:
        raise SystemExit("utf8_report: no results in %s" % a.dir)
    text = section(datas)
    print(text)
    for path in (a.results, a.doc):
        if path:
            report.write_section(path, SECTION, text)


if __name__ == "__main__":
    main()
