#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""mk/sources.mk is the one list of sources and harnesses; this keeps it so.

    ci/sources.py check     (make sources-check, in make check)
    ci/sources.py readme    rewrites fuzz/README.md's harness list

check fails when a tracked file other than mk/sources.mk lists the library
or reference sources again (a line or a shell/make list naming three or
more of them, or four or more harnesses in a row), when a harness of
FUZZ_HARNESSES has no fuzz/fuzz_<name>.c, corpus/<name>/ or .options (or a
fuzz/fuzz_*.c is not a harness), and when fuzz/README.md's generated
harness list (between `<!-- harnesses:begin -->` and `<!-- harnesses:end
-->`) or its table of what each harness drives disagrees with the list,
or when a file a *_SRC or *_HDR list names does not exist.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = "fuzz/README.md"
BEGIN, END = "<!-- harnesses:begin -->", "<!-- harnesses:end -->"
# Files that still carry a copy of the list, each with what replaces it.
# The check passes over them, and fails when one no longer has a copy (so
# the entry is removed as soon as the file is fixed).
PENDING = {
    "tests/be/mutants.sh": "read LIB_SRC from mk/sources.mk",
}
# Text that names sources on purpose: patches (their context is the tree
# as it was) and prose about individual files.
SKIP = re.compile(r"^(corpus/|proofs/session/|tests/vectors/|.*\.patch$|.*\.md$|mk/sources\.mk$)")
NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve".split()


def sources_mk():
    names = {}
    for line in open(os.path.join(ROOT, "mk", "sources.mk")):
        m = re.match(r"^([A-Za-z_]\w*)\s*:=\s*(.*?)\s*$", line)
        if m:
            names[m.group(1)] = re.sub(r"\$\((\w+)\)", lambda r: " ".join(names.get(r.group(1), [])),
                                       m.group(2)).split()
    return names


def tracked():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True)
    if out.returncode != 0:
        return [os.path.relpath(os.path.join(d, f), ROOT)
                for d, _, fs in os.walk(ROOT) if "/build" not in d and "/.git" not in d for f in fs]
    return out.stdout.split()


def relisting(names, files):
    """{file: first offending line number} of files that list sources or
    harnesses again."""
    srcs = set(os.path.basename(f) for f in names["LIB_SRC"] + names["REF_SRC"])
    src_re = re.compile(r"\b(%s)\b" % "|".join(re.escape(s) for s in sorted(srcs)))
    harness_run = re.compile(r"\b(%s)(?:[ ,]+(?:%s)\b){3}" % (("|".join(names["FUZZ_HARNESSES"]),) * 2))
    found = {}
    for rel in files:
        if SKIP.match(rel):
            continue
        try:
            text = open(os.path.join(ROOT, rel), encoding="utf-8").read()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        # A list continued over lines (`\`, `VAR="$VAR ...`) counts as one.
        text = re.sub(r"\\\n", " ", text)
        for n, line in enumerate(text.split("\n"), 1):
            if len(set(src_re.findall(line))) >= 3 or harness_run.search(line):
                found[rel] = n
                break
    return found


def block(names):
    hs = names["FUZZ_HARNESSES"]
    eacsl = set()
    m = re.search(r"^EACSL_HARNESSES\s*:=\s*(.*)$", open(os.path.join(ROOT, "mk", "eacsl.mk")).read(), re.M)
    if m:
        every_but = re.match(r"\$\(filter-out ([^,]*),\$\(FUZZ_HARNESSES\)\)$", m.group(1).strip())
        eacsl = set(hs) - set(every_but.group(1).split()) if every_but else set(m.group(1).split())
    count = NUMBERS[len(hs)] if len(hs) < len(NUMBERS) else str(len(hs))
    rows = []
    for h in hs:
        libs = names.get("FUZZ_LIBS_" + h, [])
        icu = any("icu" in w for w in libs)
        rows.append("| `%s` | `fuzz/fuzz_%s.c` | %s | %s | %s |" % (
            h, h, "`fuzz/%s.dict`" % h if os.path.exists(os.path.join(ROOT, "fuzz", h + ".dict")) else "-",
            "ICU, static (not in MSan and i386 builds)" if icu else ("`%s`" % " ".join(libs) if libs else "-"),
            "yes" if h in eacsl else "no"))
    return "\n".join([
        BEGIN,
        "%s harnesses, `FUZZ_HARNESSES` in `mk/sources.mk` (this list is written from it by"
        % count.capitalize(),
        "`make fuzz-harness-readme`; `make sources-check` fails when it is stale). Each is built",
        "by every build below and by `.clusterfuzzlite/build.sh` for the engines.",
        "",
        "| harness | source | dictionary | libraries | E-ACSL build |",
        "|---|---|---|---|---|",
    ] + rows + [END])


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode not in ("check", "readme"):
        print("usage: ci/sources.py check|readme")
        return 2
    names = sources_mk()
    path = os.path.join(ROOT, README)
    text = open(path).read()
    if BEGIN not in text or END not in text:
        print("sources: %s has no %s ... %s block" % (README, BEGIN, END))
        return 1
    fresh = text[:text.index(BEGIN)] + block(names) + text[text.index(END) + len(END):]
    if mode == "readme":
        if fresh != text:
            open(path, "w").write(fresh)
        print("sources: %s harness list written (%d harnesses)" % (README, len(names["FUZZ_HARNESSES"])))
        return 0
    problems = []
    files = tracked()
    found = relisting(names, files)
    for rel, n in sorted(found.items()):
        if rel not in PENDING:
            problems.append("%s:%d lists sources or harnesses again: use mk/sources.mk" % (rel, n))
    for rel in sorted(PENDING):
        if rel not in found:
            problems.append("%s no longer lists sources: remove it from PENDING in ci/sources.py" % rel)
    hs = names["FUZZ_HARNESSES"]
    for h in hs:
        for need in ("fuzz/fuzz_%s.c" % h, "fuzz/%s.options" % h, "corpus/%s" % h):
            if not os.path.exists(os.path.join(ROOT, need)):
                problems.append("harness %s: %s is missing" % (h, need))
    for f in sorted(os.listdir(os.path.join(ROOT, "fuzz"))):
        m = re.match(r"^fuzz_(\w+)\.c$", f)
        if m and m.group(1) not in hs:
            problems.append("fuzz/%s is not in FUZZ_HARNESSES (mk/sources.mk)" % f)
    for k, v in names.items():
        if k.endswith(("_SRC", "_HDR")):
            problems += ["%s: %s is missing" % (k, f) for f in v if not os.path.exists(os.path.join(ROOT, f))]
    if fresh != text:
        problems.append("%s: the harness list is stale: run make fuzz-harness-readme" % README)
    table = re.findall(r"^\| `(\w+)` \| [^|]*\| [^|]*\|$", text[:text.find(BEGIN)], re.M)
    if sorted(table) != sorted(hs):
        problems.append("%s: the table of what each harness drives has %s, mk/sources.mk %s"
                        % (README, " ".join(table), " ".join(hs)))
    for p in problems:
        print("sources-check: " + p)
    if problems:
        return 1
    print("sources-check: mk/sources.mk is the only list of sources and harnesses (%d library, "
          "%d reference sources, %d harnesses; still to convert: %s); fuzz/README.md's list is fresh"
          % (len(names["LIB_SRC"]), len(names["REF_SRC"]), len(hs), ", ".join(sorted(PENDING))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
