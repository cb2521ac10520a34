#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Object-code equality of the memcpy form (src/le_mem.h) with the proven
byte form (src/le_bytes.h).

WP cannot read the memcpy bodies of le_mem.h, so the proofs see only their
contracts.  The byte form carries the same contracts and is proven (unit
bytes).  Here each of the twelve functions is compiled standalone in both
forms (proofs/objeq/pairs.c) and the two must be the same machine code,
instruction for instruction, byte for byte, relocations included: two C
functions that a correct compiler turns into identical code compute the
same function, so the memcpy form meets the byte form's proven contract.
The memcpy form depends on the host byte order, so little- and big-endian
targets are both compiled.

    objeq.py [--root DIR] [--out DIR] [--only le_load_u32,...]

Prints one row per function with the instruction count of each identical
pair, and both disassemblies of any pair that differs.  Exit 1 on any
difference, 2 when a tool is missing or a compilation fails.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

FUNCTIONS = [
    "le_load_u16", "le_load_u32", "le_load_u64",
    "le_store_u16", "le_store_u32", "le_store_u64",
    "be_load_u16", "be_load_u32", "be_load_u64",
    "be_store_u16", "be_store_u32", "be_store_u64",
]

CLANG = os.environ.get("OBJEQ_CLANG", "clang")
OBJDUMP = os.environ.get("OBJEQ_OBJDUMP", "llvm-objdump-14")
# clang cross-compiles these header-only functions for any target it knows
# without that target's C library: -nostdlibinc keeps clang's own
# freestanding headers (stdint.h, stddef.h) and include/string.h declares
# memcpy.  The gcc builds use each compiler's own C library headers.
# (label, compiler command, uses the include/ shim)
CONFIGS = [
    ("clang x86-64", [CLANG, "--target=x86_64-linux-gnu"], True),
    ("clang aarch64", [CLANG, "--target=aarch64-linux-gnu"], True),
    ("clang s390x", [CLANG, "--target=s390x-linux-gnu"], True),
    ("gcc x86-64", ["gcc"], False),
    ("gcc s390x", ["s390x-linux-gnu-gcc"], False),
]
CFLAGS = ["-std=c11", "-O2", "-ffunction-sections", "-fno-asynchronous-unwind-tables"]
# Debian packages that provide the tools above (ci/deps.sh installs them).
PACKAGES = {CLANG: "clang", OBJDUMP: "llvm-14", "gcc": "gcc",
            "s390x-linux-gnu-gcc": "gcc-s390x-linux-gnu"}


def disassemble(objdump, obj):
    """{function: [line, ...]} for the objeq_* functions of obj: address,
    encoding, instruction and relocation lines, whitespace-normalised."""
    out = subprocess.run([objdump, "-d", "-r", obj], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, universal_newlines=True)
    if out.returncode != 0:
        raise RuntimeError(out.stdout)
    funcs, cur = {}, None
    for line in out.stdout.split("\n"):
        m = re.match(r"^[0-9a-f]+ <(\w+)>:$", line)
        if m:
            cur = m.group(1)[len("objeq_"):] if m.group(1).startswith("objeq_") else None
            if cur is not None:
                funcs[cur] = []
            continue
        if line.startswith("Disassembly of section"):
            cur = None
        elif cur is not None and line.strip():
            funcs[cur].append(" ".join(line.split()))
    return funcs


def instructions(lines):
    return sum(1 for l in lines if re.match(r"^[0-9a-f]+: ", l) and " R_" not in l)


def compile_form(root, out, label, cc, shim, form):
    obj = os.path.join(out, "%s-%s.o" % (re.sub(r"\W+", "_", label), form))
    cmd = list(cc) + CFLAGS + ["-I", os.path.join(root, "src")]
    if shim:
        cmd += ["-nostdlibinc", "-isystem", os.path.join(root, "proofs", "objeq", "include")]
    if form == "bytes":
        cmd += ["-DOBJEQ_BYTES"]
    cmd += ["-c", os.path.join(root, "proofs", "objeq", "pairs.c"), "-o", obj]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    if p.returncode != 0:
        raise RuntimeError("%s\n%s" % (" ".join(cmd), p.stdout))
    return obj


def tools():
    """{executable: Debian package} this step needs."""
    need = [OBJDUMP] + [cc[0] for _, cc, _ in CONFIGS]
    return {t: PACKAGES.get(t, t) for t in need}


def trailing_padding(lines):
    """Alignment filler after the last instruction (not counted)."""
    n = 0
    for l in reversed(lines):
        if re.search(r" (nop\w*( .*)?|bcr 0, %r7|int3)$", l):
            n += 1
        else:
            break
    return n


def run(root, out, only, say):
    """Compares the pairs of the functions in `only` (all when empty);
    prints through say().  0: all identical, 1: a pair differs, 2: a tool
    is missing or a compilation failed."""
    os.makedirs(out, exist_ok=True)
    unknown = [f for f in only if f not in FUNCTIONS]
    if unknown:
        say("objeq: unknown function(s) %s" % ", ".join(unknown))
        return 2
    names = [f for f in FUNCTIONS if not only or f in only]
    missing = sorted(t for t in tools() if shutil.which(t) is None)
    if missing:
        say("objeq: missing %s (Debian: %s); run `make deps`"
            % (", ".join(missing), ", ".join(sorted(set(tools()[t] for t in missing)))))
        return 2

    results = {}  # label -> {fn: (same, instructions, mem lines, byte lines)}
    for label, cc, shim in CONFIGS:
        try:
            mem = disassemble(OBJDUMP, compile_form(root, out, label, cc, shim, "mem"))
            byt = disassemble(OBJDUMP, compile_form(root, out, label, cc, shim, "bytes"))
        except RuntimeError as e:
            say("objeq: %s: %s" % (label, str(e).strip()[-2000:]))
            return 2
        results[label] = {}
        for fn in names:
            if fn not in mem or fn not in byt:
                say("objeq: %s: objeq_%s missing from an object" % (label, fn))
                return 2
            n = instructions(mem[fn]) - trailing_padding(mem[fn])
            results[label][fn] = (mem[fn] == byt[fn], n, mem[fn], byt[fn])

    versions = []
    for cc in (CLANG, "gcc"):
        v = subprocess.run([cc, "--version"], stdout=subprocess.PIPE,
                           universal_newlines=True).stdout.split("\n")[0]
        versions.append(v.strip())
    say("objeq: each function compiled alone at -O2 in both forms (%s; %s);" % tuple(versions))
    say("objeq: a number is the instruction count of two identical functions")
    labels = [c[0] for c in CONFIGS]
    w = max(len(l) for l in labels)
    say("%-13s" % "function" + "".join(" %*s" % (w, l) for l in labels))
    diffs = []
    for fn in names:
        cells = []
        for label in labels:
            same, n, ml, bl = results[label][fn]
            cells.append("%d" % n if same else "DIFF")
            if not same:
                diffs.append((label, fn, ml, bl))
        say("%-13s" % fn + "".join(" %*s" % (w, c) for c in cells))
    pairs = len(names) * len(labels)
    for label, fn, ml, bl in diffs:
        say("objeq: DIFF %s %s\n  memcpy form (le_mem.h):\n%s\n  byte form (le_bytes.h):\n%s" % (
            label, fn, "\n".join("    " + l for l in ml), "\n".join("    " + l for l in bl)))
    if diffs:
        say("objeq: FAILED: %d of %d pairs differ" % (len(diffs), pairs))
        return 1
    say("objeq: %d pairs identical (%d functions x %d targets)" % (pairs, len(names), len(labels)))
    return 0


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(here)))
    ap.add_argument("--out", default=None)
    ap.add_argument("--only", default="", help="comma-separated functions")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    out = os.path.abspath(args.out or os.path.join(root, "build", "prove", "objeq"))

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return run(root, out, [f for f in args.only.split(",") if f], say)


if __name__ == "__main__":
    sys.exit(main())
