#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The clauses of src/ a runtime contract build checks, and those it drops
(mk/eacsl.mk, make fuzz-eacsl).

  clauses.py build NAME PROGRAM.e.c FRAMA-C.log OUT.clauses
      Translated: each clause of src/ the translated program evaluates (an
      E-ACSL check that is not one of its own RTE checks), by kind, file,
      line, function and name.  Dropped: each clause of src/ that Frama-C
      or E-ACSL warned it ignores, with the reason from the log, and the
      function it belongs to.  Prints one line of counts (and per file);
      writes both lists to OUT.clauses.

  clauses.py run HARNESS OUT.clauses RUN.log
      RUN.log is the record of fuzz/eacsl/clause_record.c: each clause the
      replay evaluated at least once.  Prints how many of the build's
      translated clauses this harness executed, and how many of the dropped
      ones belong to the functions it reached.

  clauses.py unreached NAME OUT.clauses RUN.log...
      The translated clauses no harness of the build executed: printed as a
      count, listed in OUT.clauses.
"""
import os
import re
import sys

ASSERT = re.compile(
    r'(\w+)\.kind = "([^"]*)";\s*\1\.pred_txt = "((?:[^"\\]|\\.)*)";\s*'
    r'\1\.file = "([^"]*)";\s*\1\.fct = "([^"]*)";\s*\1\.line = (\d+);'
    r'(?:\s*\1\.name = "((?:[^"\\]|\\.)*)";)?', re.S)
WARNING = re.compile(r'^\[(e-acsl|kernel:annot-error)\] (src/[^:\s]+):(\d+): Warning: *\n((?:  .*\n)*)',
                     re.M)
FUNCTION = re.compile(r"^(?:static\s+|inline\s+|extern\s+)*[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")


def functions_of(path):
    """[(first line, last line, name)]: each function declaration or
    definition of a source file, from its first line to its `;` or to the
    `}` that closes its body."""
    if not os.path.exists(path):
        return []
    out, name, first, depth, comment, prev = [], None, 0, 0, False, ""
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        code = re.sub(r"/\*.*?\*/|//.*", "", line)
        # A header's extern "C" { ... } is no function body.
        if code.strip() == 'extern "C" {' or (code.strip() == "}" and "__cplusplus" in prev):
            prev = line
            continue
        prev = line
        if comment:
            if "*/" not in line:
                continue
            comment, code = False, line[line.index("*/") + 2:]
        if "/*" in code:
            comment, code = True, code[:code.index("/*")]
        if name is None and depth == 0:
            m = FUNCTION.match(code)
            if m and m.group(1) not in ("if", "while", "for", "switch", "return", "sizeof"):
                name, first = m.group(1), n
        depth += code.count("{") - code.count("}")
        if name and depth == 0 and (code.rstrip().endswith(";") or "}" in code):
            out.append((first, n, name))
            name = None
    return out


def function_at(path, line, cache={}):
    """The function a clause at path:line belongs to: the one whose body
    holds it, else the first declared after it (a contract precedes it)."""
    if path not in cache:
        cache[path] = functions_of(path)
    for first, last, name in cache[path]:
        if first <= line <= last:
            return name
    after = [f for f in cache[path] if f[0] > line]
    return after[0][2] if after else "?"


def source_line(path, line):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")[line - 1]
    except (OSError, IndexError):
        return ""


def category(reason):
    """The kind of a dropped clause, for the counts."""
    kinds = [
        (("assigns clause", "abnormal termination", "`assigns'"), "frames (assigns, exits: WP proves them)"),
        (("\\at with logic variable",), "\\old of a term under a quantifier (bytes unchanged)"),
        (("no definition nor reads", "with labels", "unbound logic function"),
         "definitions without a runtime form"),
        (("unguarded", "quantification predicate", "invalid guard"), "quantifiers E-ACSL cannot bound"),
        (("loop variant",), "loop variants"),
        (("two structs",), "struct equality"),
    ]
    for keys, name in kinds:
        if any(k in reason for k in keys):
            return name
    return "other"


def without_form(file, line):
    """The definitions without a runtime form a clause at file:line names."""
    text = " ".join(source_line(file, n) for n in range(line, line + 4))
    return sorted(set(re.findall(r"\b(mlen|mpos|mdecoded|dpos|doff|dsteps_below)\s*\(", text)))


def reason_of(text):
    text = " ".join(text.split())
    m = re.search(r"E-ACSL construct `(.*?)'\s*is not yet supported", text)
    if m:
        return "not supported by E-ACSL 25: " + m.group(1)
    m = re.search(r"invalid E-ACSL construct `(.*?)'", text)
    if m:
        return "invalid for E-ACSL 25: " + " ".join(m.group(1).split())[:100]
    return text[:140]


def build(name, program, log, out):
    code = open(program, encoding="utf-8", errors="replace").read()
    translated = {}
    for m in ASSERT.finditer(code):
        kind, file, fct, line, cname = m.group(2), m.group(4), m.group(5), int(m.group(6)), m.group(7) or ""
        if kind == "RTE" or not file.startswith("src/"):
            continue
        translated[(kind, file, line, fct, cname)] = True
    lines_run = {(k[1], k[2]) for k in translated}
    dropped = {}
    for m in WARNING.finditer(open(log, encoding="utf-8", errors="replace").read()):
        file, line, text = m.group(2), int(m.group(3)), m.group(4)
        if "Ignoring" not in text:
            continue
        # The memory analysis that precedes the translation does not read
        # \let (runtime_forms.h, inline_spec.py's bindings): it warns and
        # goes on, and the clause is still translated, an assumes as a
        # behavior's condition, any other clause as a check starting at
        # most three lines above.
        if "function application" in text and (
                any((file, ln) in lines_run for ln in range(line - 3, line + 1))
                or re.match(r"\s*assumes\b", source_line(file, line))):
            continue
        why = reason_of(text)
        if category(why).startswith("without"):
            why += " (%s)" % ", ".join(without_form(file, line) or ["?"])
        dropped[(file, line, why)] = function_at(file, line)
    with open(out, "w") as f:
        f.write("# %s: clauses of src/ the runtime contract build translates, and those it\n"
                "# drops (mk/eacsl.mk).  KIND FILE:LINE FUNCTION NAME / FILE:LINE FUNCTION REASON\n" % name)
        for k in sorted(translated, key=lambda k: (k[1], k[2], k[0], k[4])):
            f.write("translated\t%s\t%s:%d\t%s\t%s\n" % (k[0], k[1], k[2], k[3], k[4]))
        for (file, line, why), fct in sorted(dropped.items()):
            f.write("dropped\t%s:%d\t%s\t%s\n" % (file, line, fct, why))
    files = sorted({k[1] for k in translated} | {k[0] for k in dropped})
    per = ", ".join("%s %d/%d" % (p, sum(1 for k in translated if k[1] == p),
                                  sum(1 for k in dropped if k[0] == p)) for p in files)
    kinds = {}
    for k in dropped:
        kinds[category(k[2])] = kinds.get(category(k[2]), 0) + 1
    print("eacsl: %s: %d clauses of src/ translated, %d dropped (%s)"
          % (name, len(translated), len(dropped),
             "; ".join("%d %s" % (n, c) for c, n in sorted(kinds.items(), key=lambda x: -x[1]))))
    print("eacsl: %s: per file, translated/dropped: %s; the list, with each reason: %s"
          % (name, per, out))


def read_clauses(out):
    translated, dropped = set(), {}
    for line in open(out, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if parts[0] == "translated":
            file, ln = parts[2].rsplit(":", 1)
            translated.add((parts[1], file, int(ln), parts[3], parts[4]))
        elif parts[0] == "dropped":
            dropped[parts[1]] = parts[2]
    return translated, dropped


def read_run(path):
    got = set()
    if not os.path.exists(path):
        return got
    for line in open(path, encoding="utf-8", errors="replace"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 5:
            got.add((parts[0], parts[1], int(parts[2]), parts[3], parts[4]))
    return got


def run(harness, out, runlog):
    translated, dropped = read_clauses(out)
    got = read_run(runlog) & translated
    reached = {k[3] for k in got}
    mine = sum(1 for fct in dropped.values() if fct in reached)
    print("%d clauses executed, %d dropped in the %d functions reached"
          % (len(got), mine, len(reached)), end="")


def unreached(name, out, runlogs):
    translated, _ = read_clauses(out)
    got = set()
    for r in runlogs:
        got |= read_run(r)
    never = sorted(translated - got, key=lambda k: (k[1], k[2], k[0]))
    with open(out, "a") as f:
        for k in never:
            f.write("never-reached\t%s\t%s:%d\t%s\t%s\n" % (k[0], k[1], k[2], k[3], k[4]))
    print("eacsl: %s: %d of its %d translated clauses executed by the corpus, %d never reached "
          "(listed in %s)" % (name, len(translated) - len(never), len(translated), len(never), out))


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "build" and len(sys.argv) == 6:
        build(*sys.argv[2:])
    elif mode == "run" and len(sys.argv) == 5:
        run(*sys.argv[2:])
    elif mode == "unreached" and len(sys.argv) >= 4:
        unreached(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        sys.exit(__doc__)


main()
