#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Instructions per call of the UTF-8 entry points on short strings, from
bench/icount_utf8.c's counts (`make bench-icount-utf8`), in two runs:

  DIR/callgrind-utf8-CC/out.N  one callgrind dump per measurement,
      "<op>/<variant>/<class>/<units> x<calls>", with a cost per
      instruction address (--dump-instr=yes); valgrind runs no AVX-512, so
      lepack and simdutf run their AVX2 code there
  DIR/callgrind-utf8-CC/steps.txt  the same measurements counted natively,
      one instruction at a time (icount_utf8 --step), at this CPU's best
      level (AVX-512 where it has it), for the five text classes

Every address of the driver's executable is named by addr2line (-i: the
chain of inlined functions, innermost first; the library is built with -g)
and its instruction read from objdump -d, and each instruction outside
the driver goes to one group, by the innermost frame that lies in src/ or,
for code without lines (simdutf, libc), by its function's name:

  entry     lepack: the public function (capacity, the choice of path);
            simdutf: its C function and the C++ function behind it
  loop      lepack: utf8.c's loop around the kernels and the steps
            (utf8_*_fitting: whether to call a kernel, where to go on)
  dispatch  lepack: the level's load and switch (utf8_vec.c's dispatch
            section, cpu_level.h, cpu.c); simdutf: the active
            implementation's load (get_active_implementation)
  const     vector constants: a load of a constant of the executable into
            a vector register; for lepack, whose lines are known, also
            every instruction inlined from an _mm*_set* intrinsic,
            vec_set16 or vec_table512, and a vector
            register stored to the stack by code without a line (constants
            hoisted before a loop and spilled)
  kernel    the rest of the vector code (lepack: utf8_vec.c's kernels;
            simdutf: the implementation it selects, haswell under
            valgrind, icelake natively on AVX-512)
  scalar    the scalar steps (lepack: utf8.c's step functions; simdutf:
            its scalar:: functions, the tail)
  copy      the copy of the exact-size decode (units_copy, memcpy); a
            library function that the native run cannot name is the one
            library function the callgrind dumps name, if one alone
  other     anything else

The counts are exact and do not depend on the machine's load.  The
driver converts each pool once before the counted pass, so one-time costs
(the CPU's features asked, simdutf's implementation chosen, a symbol
bound) fall outside every measurement.

The section "utf8 icount" of bench/results.md holds every class and length
for every compiler, and where lepack's and simdutf's instructions go, by
function and source line; docs/performance.md's holds five classes for the
first compiler.

usage: utf8_icount.py --dir DIR [--results FILE] [--doc FILE] [--no-write] CC...
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # no bench/__pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402  (bench/report.py: section format, machine lines)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src") + os.sep
GROUPS = ["entry", "loop", "dispatch", "const", "kernel", "scalar", "copy", "other"]
SECTION = "utf8 icount"
DOC_CLASSES = ["ascii", "latin1", "cjk", "emoji", "mixed"]
# Functions whose instructions make a vector constant.
CONST_FN = re.compile(r"^(_mm\d*_(set1?_|setr_|setzero_|set_)\w*|"
                      r"vec_set16|vec_table512)$")
# The driver's own code and the C start-up, left out of every measurement.
DRIVER_FN = {"main", "run", "call", "(below main)", "_start"}


def functions_after(path, marker):
    """The names of the functions path defines after the line holding
    marker (signatures at column 0, the project's style).  A declaration
    (its signature ends in `;` before any `{`: the contracts written for
    Frama-C after the dispatch) defines nothing."""
    names = set()
    with open(path) as f:
        lines = f.read().split("\n")
    seen = False
    for k, line in enumerate(lines):
        seen = seen or marker in line
        m = re.match(r"^(?:__attribute__\(\(.*?\)\)\s*)?[A-Za-z_][\w \*]*?\b(\w+)\(", line)
        if not (seen and m) or line.startswith(("#", "typedef")):
            continue
        rest = re.sub(r"/\*.*?\*/", "", "\n".join(lines[k:k + 8]), flags=re.S)
        ends = [i for i in (rest.find(";"), rest.find("{")) if i >= 0]
        if ends and rest[min(ends)] == "{":
            names.add(m[1])
    return names


class Frames:
    """addr2line -i for the addresses of one executable:
    {address: [(function, file, line), ...]}, innermost first."""

    def __init__(self, binary):
        self.binary = binary
        self.cache = {}

    def resolve(self, addrs):
        todo = sorted(set(addrs) - set(self.cache))
        if not todo:
            return
        out = subprocess.run(["addr2line", "-a", "-f", "-i", "-C", "-e", self.binary],
                             input="".join("%#x\n" % a for a in todo), capture_output=True,
                             text=True, check=True).stdout.split("\n")
        cur = None
        k = 0
        while k < len(out):
            line = out[k]
            if line.startswith("0x") and (k + 1 >= len(out) or ":" not in line):
                cur = int(line, 16)
                self.cache[cur] = []
                k += 1
                continue
            if cur is not None and k + 1 < len(out):
                fn, pos = line, out[k + 1]
                path, _, ln = pos.rpartition(":")
                ln = ln.split()[0] if ln else "0"
                self.cache[cur].append((fn, path, int(ln) if ln.isdigit() else 0))
                k += 2
                continue
            k += 1

    def __getitem__(self, addr):
        return self.cache.get(addr, [])


class Disasm:
    """objdump -d of one executable: {address: "mnemonic operands"}."""

    def __init__(self, binary):
        self.text = {}
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                             capture_output=True, text=True, check=True).stdout
        for line in out.split("\n"):
            m = re.match(r"^\s*([0-9a-f]+):\t([^#]*)", line)
            if m:
                self.text[int(m[1], 16)] = " ".join(m[2].split())

    def __getitem__(self, addr):
        return self.text.get(addr, "")


# A vector register loaded from a constant in the executable (AT&T order).
CONST_LOAD = re.compile(r"^v?(mov\w*|p?broadcast\w*|vbroadcast\w*) \S*\(%rip\),%[xyz]mm\d+$")
# A vector register stored to the stack.
VEC_SPILL = re.compile(r"^v?mov\w* %[xyz]mm\d+,\S*\(%rsp\)$")


class Classify:
    """The group and the source line of one instruction."""

    def __init__(self, root, unnamed=None):
        self.vec_dispatch = functions_after(os.path.join(root, "src", "utf8_vec.c"),
                                            "---- dispatch")
        # The file of each function of the two sources, for an instruction
        # that has a symbol but no line (padding, a jump table's entry).
        self.file_of = {}
        for name in ("utf8.c", "utf8_vec.c"):
            path = os.path.join(root, "src", name)
            for fn in functions_after(path, ""):
                self.file_of.setdefault(fn, path)
        # The group of a call into a library function without a symbol, or
        # through a PLT entry (load() sets it).
        self.unnamed = unnamed

    @staticmethod
    def utf8_group(fn):
        if fn.startswith("lepack_"):
            return "entry"
        if fn.endswith(("_fitting", "_count")):
            return "loop"
        if fn == "units_copy":
            return "copy"
        return "scalar"

    def src_group(self, fn, path, line):
        name = os.path.basename(path)
        if name == "utf8.c":
            return self.utf8_group(fn)
        if name == "utf8_vec.c":
            return "dispatch" if fn in self.vec_dispatch else "kernel"
        if name in ("cpu.c", "cpu_level.h"):
            return "dispatch"
        # The kernels written in lanes: their headers and the lane operations.
        if os.path.basename(os.path.dirname(path)) == "lane" or (
                name.startswith("utf8_") and name.endswith(("_vec.h", "_avx2.h"))):
            return "kernel"
        return "other"

    @staticmethod
    def by_name(fn):
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
        return "other"

    def classify(self, fn, frames, insn):
        """(group, place) of the instruction insn of function fn
        (callgrind's name) whose inlined frames are frames; None for the
        driver's.  A kernel's instruction is "const" when it lies in a
        constant-making function, loads a vector register from a constant
        of the executable, or, with no source line (code the compiler
        hoisted before a loop), stores a vector register to the stack."""
        if fn.split(".")[0] in DRIVER_FN or "libc_start" in fn or \
                any(p.endswith("bench/icount_utf8.c") for _, p, _ in frames):
            return None
        for k, (f, path, line) in enumerate(frames):
            if path.startswith(SRC):
                g = self.src_group(f, path, line)
                if g == "kernel" and (any(CONST_FN.match(x) for x, _, _ in frames[:k + 1]) or
                                      CONST_LOAD.match(insn) or
                                      (line == 0 and VEC_SPILL.match(insn))):
                    g = "const"
                return g, (os.path.relpath(path, ROOT), line, f)
        if fn in self.file_of:
            path = self.file_of[fn]
            return self.src_group(fn, path, 0), (os.path.relpath(path, ROOT), 0, fn)
        if fn in ("", "??") and re.match(r"^(bnd )?jmp \*", insn):
            return self.unnamed or "other", (None, 0, "a PLT entry")
        g = self.by_name(fn)
        if g == "kernel" and CONST_LOAD.match(insn):
            g = "const"
        return g, (None, 0, short_name(fn))


def short_name(fn):
    """A C++ function's name without its return type, template arguments,
    parameters and anonymous namespaces."""
    fn = fn.replace("(anonymous namespace)::", "")
    while True:
        t = re.sub(r"<[^<>]*>", "", fn)
        if t == fn:
            break
        fn = t
    fn = re.sub(r"\(.*", "", fn)
    return fn.split(" ")[-1]


NAME = re.compile(r"(\w+)/(\w+)/(\S+)/(\d+) x(\d+)$")


def parse_dump(path):
    """(name, [(object, function, address, instructions)]) of one callgrind
    dump, the self cost of every instruction (a call's inclusive cost left
    out)."""
    name = None
    rows = []
    ob = fn = ""
    skip = False
    with open(path) as f:
        for line in f:
            if line.startswith("desc: Trigger: Client Request: "):
                name = line.split("Client Request: ", 1)[1].strip()
            elif line.startswith("positions:") and "instr" not in line:
                raise SystemExit("utf8_icount: %s has no instruction addresses "
                                 "(callgrind --dump-instr=yes)" % path)
            elif line.startswith("ob="):
                ob = os.path.realpath(line[3:].strip())
            elif line.startswith("fn="):
                fn = line[3:].strip()
            elif line.startswith("calls="):
                skip = True  # the next cost line is the call's inclusive cost
            elif line.startswith("0x"):
                if skip:
                    skip = False
                    continue
                parts = line.split()
                rows.append((ob, fn, int(parts[0], 16), int(parts[-1])))
    return name, rows


def parse_steps(path, binary):
    """(level, [(name, rows)]) of bench/icount_utf8.c --step's file, rows
    as parse_dump's: an address of the executable has no function name
    (addr2line gives it), one of a library no address."""
    level = None
    out = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w:
                continue
            if w[0] == "level":
                level = int(w[1])
            elif w[0] == "measure":
                out.append((line.split(" ", 1)[1].strip(), []))
            elif w[0] == "-":
                out[-1][1].append((w[1], w[2], None, int(w[3])))
            else:
                out[-1][1].append((binary, "", int(w[0], 16), int(w[1])))
    return level, out


def summarize(named, binary, cls):
    """{(op, variant, class, units): {"groups": {group: per call},
    "places": {(group, file, line, function): per call}}} of the
    measurements named = [(name, rows)]."""
    frames = Frames(binary)
    disasm = Disasm(binary)
    frames.resolve(a for _, rows in named for ob, _, a, _ in rows if ob == binary)
    out = {}
    for name, rows in named:
        m = NAME.match(name or "")
        if not m:
            continue
        calls = int(m[5])
        groups = dict.fromkeys(GROUPS, 0.0)
        places = collections.Counter()
        for ob, fn, a, ir in rows:
            if ob == binary:
                fr = frames[a]
                got = cls.classify(fn or (fr[0][0] if fr else ""), fr, disasm[a])
            elif fn == "?":
                got = (cls.unnamed or "other"), (None, 0, "%s, a function it does not export" % ob)
            else:
                got = cls.classify(fn, [], "")
            if got:
                groups[got[0]] += ir / calls
                places[(got[0],) + got[1]] += ir / calls
        out[(m[1], m[2], m[3], int(m[4]))] = {"groups": groups, "places": places}
    return out


def load(folder, binary, cls):
    """The callgrind counts (DIR/callgrind-utf8-CC/out.*) and the native
    ones (steps.txt there, if any): (callgrind, native, native level)."""
    binary = os.path.realpath(binary)
    named = [parse_dump(p) for p in glob.glob(os.path.join(folder, "out.*"))]
    # The library functions the measured code calls, named by callgrind: if
    # one alone (memcpy), a PLT entry and the native run's unexported
    # library code are it.
    libs = {fn for _, rows in named for ob, fn, _, _ in rows
            if ob != binary and cls.classify(fn, [], "") is not None}
    cls.unnamed = cls.by_name(libs.pop()) if len(libs) == 1 else None
    cg = summarize(named, binary, cls)
    steps = os.path.join(folder, "steps.txt")
    if not os.path.exists(steps):
        return cg, {}, None
    level, named = parse_steps(steps, binary)
    return cg, summarize(named, binary, cls), level


def total(c):
    return sum(c["groups"].values()) if c else None


def fmt(v):
    return "-" if v is None else "%.0f" % v


def fmt_ratio(a, b):
    return "-" if not a or not b else "%.2fx" % (a / b)


def classes_in(ic):
    rest = sorted({k[2] for k in ic} - set(DOC_CLASSES))
    return [c for c in DOC_CLASSES if any(k[2] == c for k in ic)] + rest


def cells(ic, classes):
    return [(cls, n) for cls in classes for n in sorted({k[3] for k in ic if k[2] == cls})]


def op_table(ic, classes, op):
    """One row per (class, units): the totals, then each group as
    lepack / simdutf (decode: lepack's one-pass decode)."""
    shown = [g for g in GROUPS if any(
        (ic.get((op, v, c, n)) or {"groups": {}})["groups"].get(g, 0) >= 0.5
        for c, n in cells(ic, classes) for v in ("lepack", "simdutf"))]
    scalar = any(k[1] == "lepack_scalar" for k in ic)
    rows = []
    for cls, n in cells(ic, classes):
        lp, sd = ic.get((op, "lepack", cls, n)), ic.get((op, "simdutf", cls, n))
        ex, sc = ic.get((op, "lepack_exact", cls, n)), ic.get((op, "lepack_scalar", cls, n))
        row = [cls, str(n), fmt(total(lp))]
        if op == "decode":
            row.append(fmt(total(ex)))
        row += [fmt(total(sd)), fmt_ratio(total(lp), total(sd))]
        if op == "decode":
            row.append(fmt_ratio(total(ex), total(sd)))
        if scalar:
            row.append(fmt(total(sc)))
        row += ["%s / %s" % (fmt(lp["groups"][g] if lp else None),
                             fmt(sd["groups"][g] if sd else None)) for g in shown]
        rows.append(row)
    head = ["class", "units", "lepack"]
    if op == "decode":
        head.append("lepack exact-size")
    head += ["simdutf", "lepack / simdutf"]
    if op == "decode":
        head.append("exact / simdutf")
    if scalar:
        head.append("lepack, no vector")
    return report.table(head + shown, rows)


def glance_table(runs, classes):
    """lepack / simdutf, the totals of every run side by side."""
    head = ["class", "units"]
    for op, _ in OPS:
        head += ["%s, %s" % (op, how) for how, _ in runs]
    rows = []
    for cls, n in cells(runs[0][1], classes):
        row = [cls, str(n)]
        for op, _ in OPS:
            for _, ic in runs:
                lp, sd = ic.get((op, "lepack", cls, n)), ic.get((op, "simdutf", cls, n))
                row.append("%s / %s (%s)" % (fmt(total(lp)), fmt(total(sd)),
                                             fmt_ratio(total(lp), total(sd))))
        rows.append(row)
    return report.table(head, rows)


def top_functions(ic, classes, op, variant, count, lines=4):
    """The functions (inlined ones apart) with the most of variant's
    instructions, as the mean per call over the (class, units) cells shown,
    with their busiest source lines."""
    cs = [ic[(op, variant, c, n)] for c, n in cells(ic, classes) if (op, variant, c, n) in ic]
    if not cs:
        return []
    acc = collections.Counter()
    for c in cs:
        acc.update(c["places"])
    whole = sum(acc.values())
    fns = collections.Counter()
    groups = collections.defaultdict(collections.Counter)
    for (g, path, line, fn), v in acc.items():
        fns[(path, fn)] += v
        groups[(path, fn)][g] += v
    rows = []
    for (path, fn), v in fns.most_common(count):
        gs = ", ".join(g for g, _ in groups[(path, fn)].most_common())
        by_line = collections.Counter()
        for (g, p, line, f), x in acc.items():
            if p == path and f == fn:
                by_line[line] += x
        busy = sorted(((x, line) for line, x in by_line.items()), reverse=True)[:lines]
        where = ", ".join("%s (%s)" % (line if line else "no line", fmt(x / len(cs)))
                          for x, line in busy) if path else ""
        rows.append([fmt(v / len(cs)), "%.0f%%" % (100 * v / whole),
                     "`%s` (%s)" % (fn, path) if path else "`%s`" % fn, gs, where])
    return report.table(["per call", "share", "function", "group", "lines (per call)"], rows)


LEVELS = {0: "scalar", 1: "SSE2", 2: "AVX2", 3: "AVX-512"}

NOTE = ("Instructions per call, the mean over 256 distinct strings of each class and length "
        "(bench/utf8_text.h, all valid text), counted exactly (the machine's load does not "
        "move them): under valgrind --tool=callgrind, which runs no AVX-512, so lepack and "
        "simdutf run their AVX2 code (lepack's AVX2 decoder takes runs of ASCII only, the "
        "rest goes through its scalar steps), and natively one instruction at a time "
        "(the trap flag) at this CPU's best level, for the first five classes.  The "
        "driver's own instructions are left out, and each pool is converted once before "
        "the counted pass, so that one-time costs (the CPU asked, simdutf's implementation "
        "chosen, a symbol bound) fall outside.  \"lepack, no vector\": the vector kernels "
        "off.  Each group is lepack / simdutf: entry (the public function; simdutf's C and "
        "C++ entry), loop (utf8.c's loop around the kernels and the steps), dispatch (the "
        "level's load and switch; simdutf's active implementation), const (vector "
        "constants: loads of a constant into a register, and for lepack, whose lines are "
        "known, every instruction of a constant-making intrinsic and spills of hoisted "
        "constants), kernel (the rest of the vector code), scalar (the scalar steps; "
        "simdutf's scalar tail), copy (the exact-size decode's copy), other; "
        "bench/utf8_icount.py says which code goes where.  A group that is 0 everywhere is "
        "left out.")

OPS = [("encode", "encode (`lepack_utf8_encode`, room for 3 bytes a unit; "
        "`simdutf_convert_utf16le_to_utf8`)"),
       ("decode", "decode (`lepack_utf8_decode` with room for as many units as bytes, "
        "and into exactly the string's units; `simdutf_convert_utf8_to_utf16le`)")]


def section(datas, doc):
    md = ["## utf8: instructions per call on short strings (bench/icount_utf8.c)", "",
          "Generated by `make bench-icount-utf8` (or `make bench-icount`) through "
          "bench/utf8_icount.py.  " + NOTE, ""]
    md += report.machine_lines(list(datas))
    for cc, (cg, nat, level) in datas.items():
        if not any(k[1] == "simdutf" for k in cg):
            md.append("- %s: built without simdutf (SIMDUTF_DIR): its columns are empty" % cc)
        md.append("- %s: native counts %s" % (
            cc, "at %s" % LEVELS.get(level, level) if nat else "not run (UTF8_ICOUNT_NATIVE=0)"))
    for cc, (cg, nat, level) in datas.items():
        runs = [("callgrind, AVX2", cg)]
        if nat:
            runs.append(("native, %s" % LEVELS.get(level, level), nat))
        md += ["", "### %s -O2: at a glance (lepack / simdutf, and their ratio)" % cc, ""]
        md += glance_table(runs, [c for c in classes_in(cg) if c in DOC_CLASSES])
        for how, ic in runs:
            classes = classes_in(ic)
            if doc:
                classes = [c for c in classes if c in DOC_CLASSES]
            for op, title in OPS:
                md += ["", "### %s -O2, %s: %s" % (cc, how, title), ""] + op_table(ic, classes, op)
        for how, ic in runs:
            classes = [c for c in classes_in(ic) if c in DOC_CLASSES]
            for op, _ in OPS:
                for variant in ("lepack",) if doc else ("lepack", "lepack_exact", "simdutf"):
                    if op == "encode" and variant == "lepack_exact":
                        continue
                    md += ["", "### %s -O2, %s: where %s's %s instructions go (mean per call "
                           "over %s, 16 to 64 units)" % (cc, how, variant.replace("_", " "), op,
                                                         ", ".join(classes)), ""]
                    md += top_functions(ic, classes, op, variant, 6 if doc else 8)
        if doc:
            md += ["", "The alternating classes, clang's build, the exact-size decode's and "
                   "simdutf's functions are in bench/results.md."]
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
    cls = Classify(ROOT)
    datas = {}
    for cc in a.ccs:
        got = load(os.path.join(a.dir, "callgrind-utf8-%s" % cc),
                   os.path.join(a.dir, cc, "icount_utf8"), cls)
        if got[0]:
            datas[cc] = got
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
