#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Instructions per call of the UTF-8 entry points on short strings, from
the callgrind dumps of bench/icount_utf8.c (`make bench-icount-utf8`).

Each dump DIR/callgrind-utf8-CC/out.N holds one measurement,
"<op>/<variant>/<class>/<units> x<calls>", with costs per source line
(the library is built with -g).  Every instruction outside the driver is
put in one group, by the function its source line lies in (inlined code
keeps its own lines) or, for code without lines, by the function's name:

  entry     lepack: the public function (capacity, the choice of path);
            simdutf: its C function and the C++ function behind it
  loop      lepack: utf8.c's loop around the kernels and the steps
            (utf8_*_fitting: whether to call a kernel, where to go on)
  dispatch  lepack: the level's load and switch (utf8_vec.c's dispatch
            section, cpu_level.h, cpu.c); simdutf: the active
            implementation's load (get_active_implementation)
  kernel    vector code (lepack: utf8_vec.c's kernels; simdutf: the
            implementation of the level valgrind reports, AVX2)
  scalar    the scalar steps (lepack: utf8.c's step functions; simdutf:
            its scalar:: functions, the tail)
  copy      the copy of the exact-size decode (units_copy, memcpy)
  other     anything else

The section "utf8 icount" of bench/results.md holds every class and length
for every compiler; docs/performance.md's holds a few classes for the first.

usage: utf8_icount.py --dir DIR [--results FILE] [--doc FILE] [--no-write] CC...
"""
import argparse
import glob
import os
import re
import sys

sys.dont_write_bytecode = True  # no bench/__pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (bench/report.py: section format, machine lines)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GROUPS = ["entry", "loop", "dispatch", "kernel", "scalar", "copy", "other"]
SECTION = "utf8 icount"
DOC_CLASSES = ["ascii", "latin1", "cjk", "emoji", "mixed", "alt2p-1", "alt4p-2..4"]
DEF = re.compile(r"^[A-Za-z_][\w \*]*?\b(\w+)\(")


def functions_of(path):
    """{line: function} for the bodies of the C functions defined in path
    (signature at column 0, braces at column 0, the project's style)."""
    lines = open(path).read().split("\n")
    out = {}
    i = 0
    while i < len(lines):
        m = DEF.match(lines[i])
        if m and not lines[i].startswith(("#", "typedef")) and not lines[i].rstrip().endswith(";"):
            j = i
            while j < len(lines) and lines[j] != "{" and not lines[j].rstrip().endswith(";"):
                j += 1
            if j < len(lines) and lines[j] == "{":
                k = j
                while k < len(lines) and lines[k] != "}":
                    k += 1
                for n in range(i + 1, k + 2):
                    out[n] = m.group(1)
                i = k
        i += 1
    return out


class Groups:
    """Which group a cost line belongs to."""

    def __init__(self, root):
        self.utf8 = functions_of(os.path.join(root, "src", "utf8.c"))
        vec = os.path.join(root, "src", "utf8_vec.c")
        self.vec = functions_of(vec)
        self.dispatch_from = next((n + 1 for n, l in enumerate(open(vec).read().split("\n"))
                                   if "---- dispatch" in l), 10 ** 9)

    def utf8_group(self, fn):
        if fn.startswith("lepack_"):
            return "entry"
        if fn.endswith(("_fitting", "_count")):
            return "loop"
        if fn == "units_copy":
            return "copy"
        return "scalar"

    def by_line(self, path, line):
        name = os.path.basename(path)
        if path.endswith("src/utf8.c") and line in self.utf8:
            return self.utf8_group(self.utf8[line])
        if path.endswith("src/utf8_vec.c"):
            return "dispatch" if line >= self.dispatch_from else "kernel"
        if name in ("cpu.c", "cpu_level.h") and "/src/" in path:
            return "dispatch"
        return None

    def by_name(self, fn, path):
        if "memcpy" in fn or "memmove" in fn:
            return "copy"
        if fn.startswith("simdutf_") or re.match(r"simdutf::convert_", fn):
            return "entry"
        if "get_active_implementation" in fn or "get_default_implementation" in fn:
            return "dispatch"
        if "simdutf::scalar::" in fn or "simdutf::fallback::" in fn:
            return "scalar"
        if re.search(r"simdutf::(haswell|westmere|icelake)::", fn):
            return "kernel"
        if path.endswith("src/utf8_vec.c"):
            return "dispatch" if fn.startswith("lepack_vec_") else "kernel"
        if path.endswith("src/utf8.c"):
            return self.utf8_group(fn)
        if path.endswith(("src/cpu.c", "src/cpu_level.h")):
            return "dispatch"
        return "other"


def parse_dump(path, groups):
    """(name, calls, {group: instructions}) of one dump; the driver's own
    instructions (bench/icount_utf8.c, the C start-up) left out."""
    name = None
    costs = dict.fromkeys(GROUPS, 0)
    fl = fi = fn = ""
    skip = False
    with open(path) as f:
        for line in f:
            if line.startswith("desc: Trigger: Client Request: "):
                name = line.split("Client Request: ", 1)[1].strip()
            elif line.startswith("fl="):
                fl = fi = line[3:].strip()
            elif line.startswith(("fi=", "fe=")):
                fi = line[3:].strip()
            elif line.startswith("fn="):
                fn = line[3:].strip()
                fi = fl
            elif line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost
            elif line[:1].isdigit():
                if skip:
                    skip = False
                    continue
                ln, ir = line.split()[:2]
                if fl.endswith("icount_utf8.c") or fn in ("(below main)", "main") or \
                        fn.startswith("0x") or "libc_start" in fn:
                    continue
                g = groups.by_line(fi, int(ln)) or groups.by_name(fn, fl)
                costs[g] += int(ir)
    m = re.match(r"(\w+)/(\w+)/(\S+)/(\d+) x(\d+)$", name or "")
    if not m:
        return None
    return (m[1], m[2], m[3], int(m[4])), int(m[5]), costs


def load(folder, groups):
    """{(op, variant, class, units): {group: instructions per call}}."""
    out = {}
    for path in glob.glob(os.path.join(folder, "out.*")):
        got = parse_dump(path, groups)
        if got:
            key, calls, costs = got
            out[key] = {g: c / calls for g, c in costs.items()}
    return out


def total(c):
    return sum(c.values()) if c else None


def fmt(v):
    return "-" if v is None else "%.0f" % v


def fmt_ratio(a, b):
    return "-" if not a or not b else "%.2fx" % (a / b)


def classes_in(ic):
    order = ["ascii", "latin1", "cjk", "emoji", "mixed"]
    rest = sorted({k[2] for k in ic} - set(order))
    return [c for c in order if any(k[2] == c for k in ic)] + rest


def totals_table(ic, classes):
    """Per call: lepack, its exact-size decode and its scalar level against
    simdutf, for each (class, units)."""
    rows = []
    for cls in classes:
        for n in sorted({k[3] for k in ic if k[2] == cls}):
            e = {v: total(ic.get(("encode", v, cls, n))) for v in ("lepack", "lepack_scalar",
                                                                   "simdutf")}
            d = {v: total(ic.get(("decode", v, cls, n))) for v in ("lepack", "lepack_exact",
                                                                   "lepack_scalar", "simdutf")}
            rows.append([cls, str(n), fmt(e["lepack"]), fmt(e["simdutf"]),
                         fmt_ratio(e["lepack"], e["simdutf"]), fmt(e["lepack_scalar"]),
                         fmt(d["lepack"]), fmt(d["lepack_exact"]), fmt(d["simdutf"]),
                         fmt_ratio(d["lepack"], d["simdutf"]),
                         fmt_ratio(d["lepack_exact"], d["simdutf"]), fmt(d["lepack_scalar"])])
    return report.table(["class", "units", "encode: lepack", "simdutf", "lepack / simdutf",
                         "lepack scalar", "decode: lepack", "exact-size", "simdutf",
                         "lepack / simdutf", "exact / simdutf", "lepack scalar"], rows)


def split_table(ic, classes):
    """Per call and group, lepack beside simdutf."""
    rows = []
    for op, variants in (("encode", ("lepack", "simdutf")),
                         ("decode", ("lepack", "lepack_exact", "simdutf"))):
        for cls in classes:
            for n in sorted({k[3] for k in ic if k[2] == cls}):
                for v in variants:
                    c = ic.get((op, v, cls, n))
                    if c:
                        rows.append([op, cls, str(n), v, fmt(total(c))] +
                                    [fmt(c[g]) for g in GROUPS])
    return report.table(["op", "class", "units", "variant", "total"] + GROUPS, rows)


NOTE = ("Instructions per call (valgrind --tool=callgrind, exact: the machine's load does "
        "not move them), over 256 distinct strings of each class and length "
        "(bench/utf8_text.h); the driver's own instructions left out.  Valgrind runs no "
        "AVX-512, so lepack and simdutf run their AVX2 code here; the dispatch, the entry "
        "and the scalar steps are the same code at every level.  Groups: entry (the public "
        "function; simdutf's C and C++ entry), loop (utf8.c's loop around the kernels and "
        "the steps), "
        "dispatch (the level's load and switch; simdutf's active implementation), kernel "
        "(vector code), scalar (the scalar steps; simdutf's scalar tail), copy (the "
        "exact-size decode's copy), other (bench/utf8_icount.py).")


def section(datas, doc):
    md = ["## utf8: instructions per call on short strings (callgrind, bench/icount_utf8.c)", "",
          "Generated by `make bench-icount-utf8` (or `make bench-icount`) through "
          "bench/utf8_icount.py.  " + NOTE, ""]
    md += report.machine_lines(list(datas))
    for cc, ic in datas.items():
        classes = classes_in(ic)
        if doc:
            classes = [c for c in classes if c in DOC_CLASSES]
        md += ["", "### %s -O2: per call" % cc, ""] + totals_table(ic, classes)
        md += ["", "### %s -O2: per call, by group" % cc, ""] + split_table(ic, classes)
        if doc:
            md += ["", "Every class, and clang's build, are in bench/results.md."]
            break
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--results")
    ap.add_argument("--doc")
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("ccs", nargs="+")
    a = ap.parse_args()
    groups = Groups(ROOT)
    datas = {}
    for cc in a.ccs:
        ic = load(os.path.join(a.dir, "callgrind-utf8-%s" % cc), groups)
        if ic:
            datas[cc] = ic
    if not datas:
        raise SystemExit("utf8_icount: no callgrind dumps in %s" % a.dir)
    sys.stdout.write(section(datas, False))
    if a.no_write:
        return
    if a.results:
        report.write_section(a.results, SECTION, section(datas, False))
    if a.doc:
        report.write_section(a.doc, SECTION, section(datas, True), only_existing=True)


if __name__ == "__main__":
    main()
