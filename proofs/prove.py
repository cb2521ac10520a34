#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the proofs of lepack and judges them.

Two kinds of evidence, one verdict:

- objeq (proofs/objeq/objeq.py): the memcpy form of the twelve le_mem.h
  primitives compiles to the same machine code as the proven byte form.
- WP: each proof unit is a frama-c run over a set of sources, restricted
  to the functions that proofs/min_goals.txt assigns to that unit (two
  runs where some of them need no dead-call smoke tests: NO_DEAD_CALL).
  The run writes a JSON report; this script prints one line per function
  (goals, proved, smoke tests, prover time, ok/FAIL) as soon as its run
  finishes, then the run's wall and CPU time.

It fails (exit 1) when an objeq pair differs, when a goal is not proved,
when a smoke test proves false (contradictory assumptions), when a function
proves fewer goals than its minimum (an emptied body or a dropped contract
proves 0 of 0), or when a function of src/ has no entry in min_goals.txt
(it would never be proved).  Exit 2 means the tools themselves failed or
are missing.

The committed verdict cache (--session, proofs/session/<unit>/cache) is
only read: each run works on a scratch copy (--scratch).  With --store, and
only when the whole run passed, the verdicts the run added are copied back
(with --cache cleanup the committed cache then mirrors the scratch copy,
entries no goal uses any more included in the cleanup).

The verdicts hold for the provers that found them: --session's
toolchain.txt records the versions of Frama-C, Why3, Z3 and CVC4 (written
with the verdicts by --store), and a run that reads the cache first
compares them with this machine's and stops (exit 2, one line) on any
difference or when the file is missing.  --cache rebuild is the way to a
new toolchain: it proves every goal with an empty cache and, with --store,
replaces the committed cache and its toolchain.txt.

A cold run (--cache none) reads no verdict at all.  --split-goals cuts the
big units into several frama-c runs (of about N goals, a core goal counted
as GOAL_COST says) so that two cores stay busy to the end, --provers
cvc4,z3 at --par 1 tries CVC4 first and Z3 only where it fails (Z3 first
for the few functions of Z3_FIRST), and --retry proves what a piece left
unproven once more as soon as a slot frees: only those properties, with
both provers side by side and three times the timeout (a goal out of time
under load passes then; a false goal fails again).

    prove.py [--root DIR] [--out DIR] [--cache update|offline|cleanup|rebuild|none]
             [--session DIR] [--scratch DIR] [--store] [--provers p,q]
             [--split-goals N] [--retry]
             [--only f,g] [--no-smoke] [--no-min] [--no-objeq]
    prove.py [--session DIR] --check-toolchain | --print-toolchain
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "objeq"))
import confirm  # noqa: E402  (proofs/confirm.py)
import objeq  # noqa: E402  (proofs/objeq/objeq.py)
import trusted  # noqa: E402  (proofs/trusted.py)

# Sources of each unit, relative to the tree root.  bytes proves the byte
# form (le_bytes.h); views proves le.h and cursor proves cursor.h, both over
# the contracts of le_mem.h (one source, two frama-c runs, so that the
# single-threaded goal generation of each uses its own core); roundtrips
# composes the views' contracts (put then get); ascii proves the runs of
# ASCII of the UTF-8 vector kernels (src/utf8_ascii_vec.h) from the lane
# models, length their length kernels (src/utf8_length_vec.h), mutf8 the
# modified UTF-8 encoder at AVX-512 (src/utf8_mutf8_vec.h), encode the encoders at SSE2 and AVX2
# (src/utf8_encode_vec.h, src/utf8_encode_avx2.h), and encode512 the encoder at AVX-512
# (src/utf8_encode_avx512.h; its block step in encode512s, split per path).  The units over the
# product's own sources (core: the message, the map and the status strings
# over the allocator contracts; zero, zero_nt, cli, utf8) are the PROVE_UNIT_<unit>
# lines of mk/sources.mk, read by read_source_units() into this table.  A
# new unit is one line here or there plus its functions in min_goals.txt.
UNITS = {
    "bytes": ["proofs/bytes.c"],
    "views": ["proofs/views.c"],
    "cursor": ["proofs/views.c"],
    "roundtrips": ["proofs/roundtrips.c"],
    "span": ["proofs/span.c"],
    "ascii": ["proofs/utf8_ascii.c"],
    "length": ["proofs/utf8_length.c"],
    "mutf8": ["proofs/utf8_mutf8.c"],
    "encode": ["proofs/utf8_encode.c"],
    "encode512": ["proofs/utf8_encode_avx512.c"],
    "encode512s": ["proofs/utf8_encode_avx512.c"],
}
SOURCES_MK = os.path.join("mk", "sources.mk")


def read_sources_mk(root):
    """The `NAME := words` lines of mk/sources.mk, $(NAME) expanded.  A
    copy of the tree without mk/ (proofs/mutants.sh copies src/, proofs/
    and cli/) reads the file of the tree it is run from."""
    for base in (root, os.getcwd()):
        path = os.path.join(base, SOURCES_MK)
        if os.path.exists(path):
            break
    else:
        raise SystemExit("prove: %s not found under %s" % (SOURCES_MK, root))
    names = {}
    for line in open(path):
        m = re.match(r"^([A-Za-z_]\w*)\s*:=\s*(.*?)\s*$", line)
        if m:
            names[m.group(1)] = re.sub(r"\$\((\w+)\)", lambda r: " ".join(names.get(r.group(1), [])),
                                       m.group(2)).split()
    return names


def read_source_units(root):
    """(units over product sources, problems): the PROVE_UNIT_<unit> lists,
    and every LIB_SRC file that is in no unit and not PROVE_TRUSTED_SRC,
    or a unit file that does not exist."""
    names = read_sources_mk(root)
    units = {k[len("PROVE_UNIT_"):]: v for k, v in names.items() if k.startswith("PROVE_UNIT_")}
    problems = []
    covered = set(names.get("PROVE_TRUSTED_SRC", []))
    for files in units.values():
        covered.update(files)
    for f in names.get("LIB_SRC", []):
        if f not in covered:
            problems.append("%s: in LIB_SRC but in no PROVE_UNIT_* and not in PROVE_TRUSTED_SRC "
                            "(mk/sources.mk)" % f)
    for f in sorted(covered):
        if not os.path.exists(os.path.join(root, f)):
            problems.append("%s: listed in mk/sources.mk but missing" % f)
    return units, problems


# What is not proven (trusted contracts, objeq's primitives, the command's
# messages) is decided by file and by name in proofs/trusted.py, which
# also fails a definition that is none of these and not in
# proofs/min_goals.txt.

PROVERS = ["Z3", "CVC4"]
# -wp-prover's list of both: the default of --provers, and what --retry uses.
BOTH_PROVERS = ",".join(p.lower() for p in PROVERS)
WP_FLAGS = [
    "-wp", "-wp-rte",
    "-warn-unsigned-overflow", "-warn-unsigned-downcast", "-warn-signed-downcast",
]
SMOKE_FLAGS = [
    "-wp-smoke-tests", "-wp-smoke-timeout", "1",
    # Statement-level dead code is what every early return looks like to a
    # smoke test; the contradictions that matter are in requires, assumes,
    # callee contracts and loop invariants, which stay on.
    "-wp-no-smoke-dead-code",
]
# Extra frama-c flags per unit.  The byte form's loads are written with
# shifts, the spelling gcc and clang both fold into one load (objeq); WP
# turns each shift into a multiplication with its bit-shift tactic, after
# the provers have failed on the goal as stated, which a short timeout
# keeps cheap (the goals after the tactic take under 0.1 s).
LOADS = ["%s_bytes_load_u%d" % (o, w) for o in ("le", "be") for w in (16, 32, 64)]
FAST_FUNCTIONS = {"utf8": ["mutf8_decode_fitting", "utf8_decoded_count", "encoded_ascii"],
                  "core": ["lepack_map_find"]}
UNIT_FLAGS = {
    "bytes": ["-wp-auto", "wp:bitshift", "-wp-auto-depth", "16",
              "-wp-fct-timeout", ",".join(f + ":2" for f in LOADS)],
    # utf8: one goal per path keeps each goal within the provers' reach.
    # mutf8_encode_fitting's "whole" invariant takes CVC4 7.9 s alone, past
    # 10 s when a cold run loads both cores.  (Not utf8_decode_step, whose
    # slowest goal is Z3's: CVC4 would run to 30 s first on three goals.)
    # The other way round, 3 s (FAST_FUNCTIONS) where CVC4 runs to its
    # timeout on a goal or three that Z3 then proves in 0.1 s, and no goal
    # took a prover 1 s in a cold run.
    "utf8": ["-wp-split", "-wp-fct-timeout",
             ",".join(["mutf8_encode_fitting:30"] + [f + ":3" for f in FAST_FUNCTIONS["utf8"]])],
    # add's valid_counters after the fast path's store, and add_items' frame
    # goals (the caller's items read after three calls that may move the
    # storage and the map): CVC4 proves them in 3-9 s alone, past 10 s when
    # a cold run loads both cores; so it does decode's ensures (6.3 s) and
    # shrink's first assert (5.7 s), and Z3 (first there, Z3_FIRST)
    # item_field_values' second ensures (5.9 s).  Intermediate asserts only
    # moved the load to other goals, and in add (inline, in a header) they
    # are lines that llvm-cov counts unreached in every binary that never
    # calls it.  Smoke tests keep their 1 s.
    # encode512s: the AVX-512 encoder's block step (vec_encode_block_avx512),
    # one goal per way out (two runs, three stores): whole, its byte offset
    # at the end took the provers past 10 s.  Its own unit over the same
    # source, so that the other functions' goals stay whole (split, their
    # frame assertions came apart into parts the provers did not carry).
    "encode512s": ["-wp-split"],
    "core": ["-wp-fct-timeout", "lepack_counters_add:30,lepack_counters_add_items:30,"
             "lepack_counters_decode:30,lepack_counters_shrink:30,item_field_values:30,"
             + ",".join(f + ":3" for f in FAST_FUNCTIONS["core"])],
}
# The order WP tries the provers in at --par 1 (the next one only on a goal
# the previous one failed) is --provers for every unit but these.  A cold
# run puts CVC4 first: on this code it proves all but about twenty goals
# and rarely needs more than a second, while Z3 runs to the timeout on
# about four hundred goals that CVC4 proves (83.6 minutes of CPU with Z3
# first, 35 with CVC4 first).  The byte form's loads are Z3's: CVC4 answers
# unknown on them, and the goals after the bit-shift tactic are Z3's too.
UNIT_PROVERS = {"bytes": "z3,cvc4"}
# Functions of the other units whose every goal Z3 proves, with goals CVC4
# runs to its timeout on (the 64-bit halves, a field's value, three
# modified UTF-8 scans): a cold run proves them in pieces of their own,
# "<group>-z", Z3 first (CPU alone, Z3 first against CVC4 first: halves64
# 3 s / 22 s, item_halves64 3 / 23, mutf8_scan 5 / 12, lepack_mutf8_read
# 7 / 20, lepack_mutf8_decoded_length 3 / 14; item_field_values 20 / 19,
# but its slowest goal is Z3's, which then gets the function's 30 s).
Z3_FIRST = {"halves64", "item_halves64", "item_field_values", "mutf8_scan",
            "lepack_mutf8_read", "lepack_mutf8_decoded_length"}
Z3_FIRST_PIECE = "-z"
# In views, cursor and roundtrips every callee is either a function proven
# in one of those units (with exits \false, so its contract is met by a
# terminating body) or one of the le_mem.h primitives, whose contracts the
# bytes unit proves for a real body: a call there cannot hide a
# contradiction, and skipping those smoke tests keeps a cold run within
# budget.  In core the callees include the unproven allocator contracts, so
# every call is smoke-tested.
CALLEES_PROVEN = ["-wp-no-smoke-dead-call", "-wp-no-smoke-dead-assumes"]
UNIT_SMOKE_FLAGS = {unit: CALLEES_PROVEN for unit in ("views", "cursor", "roundtrips", "span")}
# In the other units the same holds function by function: a function all
# of whose calls go to functions proven here (listed in min_goals.txt, with
# a body, and not trusted) gets no dead-call test, since each callee's
# contract is met by a terminating body for every state its proven
# precondition allows, and the callee's own smoke tests look for a
# contradiction behind it.  The call graph (frama-c -cg, which
# over-approximates calls through pointers) decides; such functions run
# as a group of their own, "<unit>-p" (pieces "<unit>-p1" ..), the rest
# keep every call's test.  153 of 545 tests, 1.7 s of CPU each.
NO_DEAD_CALL = ["-wp-no-smoke-dead-call"]
PROVEN_CALLS_GROUP = "-p"
# The functions of these units are proven from trusted contracts (unit
# utf8_vec: the UTF-8 dispatch, from its kernels'), so a call to one keeps
# its dead-call test, as a call to a trusted contract does.
DEAD_CALL_UNITS = ("utf8_vec",)
CG_EDGE = re.compile(r'^\s*"?(\w+)"?\s*->\s*"?(\w+)"?')
CG_NODE = re.compile(r'^\s*"?(\w+)"?\s*\[style="(\w+)"')

# Executables WP needs, with the Debian package that provides each.
WP_TOOLS = {"frama-c": "frama-c-base", "why3": "why3", "z3": "z3", "cvc4": "cvc4"}
# The toolchain a cached verdict depends on (WP's goal text, Why3's
# translation, each prover's answer), and how each names its version.  A
# verdict found by one Z3 is not evidence that another proves the goal,
# nor is a timeout that it fails it.
TOOLCHAIN = [("Frama-C", ["frama-c", "-version"]), ("Why3", ["why3", "--version"]),
             ("Z3", ["z3", "--version"]), ("CVC4", ["cvc4", "--version"])]
TOOLCHAIN_FILE = "toolchain.txt"
TOOLCHAIN_HEAD = """\
# The provers the verdicts of this directory were found with, written with
# them by `make prove-update` (proofs/prove.py).  `make prove` refuses the
# cache on a machine whose versions differ.
"""
# For the driver's own tests only: a file in toolchain.txt's format that
# stands for this machine's versions, so a mismatch needs no other provers.
VERSIONS_ENV = "LEPACK_PROVE_VERSIONS"


def say(line=""):
    """Print at once: CI logs show each unit when it finishes, not at exit."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def missing_tools(need_wp, need_objeq):
    tools = {}
    if need_wp:
        tools.update(WP_TOOLS)
    if need_objeq:
        tools.update(objeq.tools())
    return {t: pkg for t, pkg in tools.items() if shutil.which(t) is None}


def read_toolchain(path):
    """{tool: version} of a toolchain.txt, None when there is no file."""
    if not os.path.exists(path):
        return None
    versions = {}
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition(" ")
            versions[name] = version.strip()
    return versions


def machine_toolchain():
    """{tool: version} of the provers on PATH (or of the file that
    LEPACK_PROVE_VERSIONS names)."""
    if os.environ.get(VERSIONS_ENV):
        versions = read_toolchain(os.environ[VERSIONS_ENV])
        if versions is None:
            raise ToolFailure("prove: %s names %s, which does not exist"
                              % (VERSIONS_ENV, os.environ[VERSIONS_ENV]))
        return versions
    versions = {}
    for name, cmd in TOOLCHAIN:
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               universal_newlines=True, timeout=120)
            out = p.stdout.strip()
        except (OSError, subprocess.TimeoutExpired) as e:
            raise ToolFailure("prove: cannot run `%s`: %s" % (" ".join(cmd), e))
        first = out.split("\n")[0] if out else ""
        m = re.search(r"\b\d+(?:\.\d+)+\S*", first)
        if p.returncode != 0 or not m:
            raise ToolFailure("prove: cannot read the version of %s (`%s` exit %d, printed %r)"
                              % (name, " ".join(cmd), p.returncode, first[:200]))
        versions[name] = m.group(0)
    return versions


def format_toolchain(versions):
    return TOOLCHAIN_HEAD + "".join("%s %s\n" % (k, v) for k, v in versions.items())


def toolchain_problem(args, mine):
    """The one line that stops a run on another toolchain than the cache's,
    or None."""
    path = os.path.join(args.session, TOOLCHAIN_FILE)
    rel = path
    for base in (args.root, os.getcwd()):
        if path.startswith(base + os.sep):
            rel = os.path.relpath(path, base)
            break
    recorded = read_toolchain(path)
    if recorded is None:
        return ("prove: %s is missing, so the provers the cache was proved with are unknown: "
                "`make prove-rebuild` proves every goal and records them, or `make prove-cold` "
                "proves without the cache" % rel)
    names = [n for n, _ in TOOLCHAIN] + sorted(set(recorded) - set(n for n, _ in TOOLCHAIN))
    differ = [n for n in names if recorded.get(n) != mine.get(n)]
    if not differ:
        return None
    was = " and ".join("%s %s" % (n, recorded.get(n, "(not recorded)")) for n in differ)
    has = " and ".join("%s %s" % (n, mine.get(n, "(not known)")) for n in differ)
    return ("prove: the cache was proved with %s, this machine has %s: run `make deps` for the "
            "pinned toolchain, or `make prove-cold` to prove without the cache" % (was, has))


def read_min_goals(path):
    units, minimum = {}, {}
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            unit, fn, n = line.split()
            units.setdefault(unit, []).append(fn)
            minimum[fn] = int(n)
    return units, minimum


def parse_seconds(text):
    m = re.match(r"([\d.]+)(ms|s)$", text)
    if not m:
        return 0.0
    v = float(m.group(1))
    return v / 1000 if m.group(2) == "ms" else v


def goal_times(log, functions):
    """Prover time per function, from the per-goal lines of the log."""
    times = {fn: 0.0 for fn in functions}
    by_len = sorted(functions, key=len, reverse=True)
    for line in log.split("\n"):
        m = re.match(r"\[wp\] \[[^\]]+\] (?:Goal|Smoke-test) typed_(\S+) : \w+(.*)$", line)
        if not m:
            continue
        goal, tail = m.group(1), m.group(2)
        spans = re.findall(r"\(([\d.]+m?s)\)", tail)
        secs = sum(parse_seconds(s) for s in spans)
        for fn in by_len:
            if goal.startswith(fn + "_"):
                times[fn] += secs
                break
    return times


def incomplete(report):
    """Goals an offline run left open.  A verdict missing from the cache
    shows as an unknown goal, and a smoke test only counts as passed when
    every prover's failure to prove it was read from the cache (the log says
    "Passed" for a smoke test nobody tried; the JSON report does not)."""
    n = 0
    for props in report.get("wp:functions", {}).values():
        for prop, stats in props.items():
            if prop == "wp:section":
                continue
            main_stats = stats.get("wp:main", {})
            if main_stats.get("valid", 0) < main_stats.get("total", 0):
                n += 1
            elif "_wp_smoke_" in prop and not all(
                    any(k.startswith(p + ":") and v.get("valid", 0) == v.get("total", 0)
                        for k, v in stats.items()) for p in PROVERS):
                n += 1
    return n


def unit_flags(unit, cap, factor=1):
    """UNIT_FLAGS of the unit, each function's timeout times factor; with a
    cap, none above it."""
    flags = list(UNIT_FLAGS.get(unit, []))
    for k, f in enumerate(flags[:-1]):
        if f == "-wp-fct-timeout":
            flags[k + 1] = ",".join(
                "%s:%d" % (fn, int(t) * factor if cap is None else min(int(t) * factor, cap))
                for fn, t in (e.rsplit(":", 1) for e in flags[k + 1].split(",")))
    return flags


class ToolFailure(Exception):
    pass


def piece_unit(piece):
    """The unit a piece belongs to: "utf8-2" is the second piece of utf8 (a
    colon would not do: WP reads one in -wp-report-json as two file names)."""
    return piece.split("-", 1)[0]


# What a goal of each unit costs a cold run, relative to a utf8 goal: the
# CPU per goal of each unit's runs in `make prove-cold` (the runs' "CPU"),
# 0.13 s for the utf8-p pieces.  A core goal is built over a bigger memory
# model (the message, the map, the allocator), a byte-form load goes
# through the bit-shift tactic, and the smaller units have proportionally
# more smoke tests.  Pieces are cut and started by this weight, so that
# the costliest start first and none is left running alone at the end.
GOAL_COST = {"utf8": 1.2, "core": 3.3, "bytes": 5.3, "roundtrips": 2.7, "cli": 2.0,
             "zero": 2.0, "zero_nt": 2.0, "items_x86": 2.0, "utf8_vec": 2.0, "ascii": 2.0, "length": 2.0, "mutf8": 2.0, "encode": 2.0, "encode512": 2.0, "encode512s": 2.0, "span": 2.0, "views": 0.9, "cursor": 0.8}


def piece_group(piece):
    """The unit or group a piece was cut from: utf8-2 of utf8, utf8-p1 of
    utf8-p (whose functions share their smoke flags)."""
    m = re.match(r"^(.+?)(?:-(\d+)|(-p)(\d+))?$", piece)
    return m.group(1) + (m.group(3) or "")


def goal_weight(unit, fns, minimum):
    """What a cold run of these functions of a unit (or piece) is expected
    to cost: their goal floors times the unit's GOAL_COST."""
    return GOAL_COST.get(piece_unit(unit), 1.0) * sum(minimum.get(f, 0) for f in fns)


def trust_of(root, minimum):
    """proofs/trusted.py's verdict on every definition of the proven code."""
    units = dict(UNITS)
    units.update(read_source_units(root)[0])
    files = sorted(set(f for fs in units.values() for f in fs))
    return trusted.Trust(root, files, set(minimum), set(objeq.FUNCTIONS),
                         read_sources_mk(root).get("PROVE_TRUSTED_SRC", []))


def proven_name(name, minimum, not_proven):
    """The min_goals.txt name of a call-graph node (frama-c renames a
    static function that two files of a unit define: f, f_1), or None."""
    for n in (name, re.sub(r"_\d+$", "", name)):
        if n in minimum and n not in not_proven:
            return n
    return None


def calls_proven(args, units, minimum):
    """The functions of these units whose every callee is proven (see
    NO_DEAD_CALL), from frama-c's call graph of each unit's sources."""
    found = set()
    not_proven = args.trust.not_proven()
    # A callee of DEAD_CALL_UNITS counts as not proven here, as does None
    # (proven_name's answer for a callee that is not proven at all).
    not_here = args.dead_call_kept | {None}
    for unit in units:
        if unit in UNIT_SMOKE_FLAGS:
            continue
        dot = os.path.join(args.out, unit + ".cg.dot")
        cmd = ["frama-c", "-cpp-extra-args=-I" + os.path.join(args.root, "src")]
        cmd += [os.path.join(args.root, s) for s in UNITS[unit]]
        cmd += ["-cg-no-services", "-cg", dot]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if p.returncode != 0 or not os.path.exists(dot):
            raise ToolFailure("%s\nprove: frama-c -cg failed on unit %s (exit %d)"
                              % (p.stdout[-4000:], unit, p.returncode))
        bodies, callees = set(), {}
        for line in open(dot):
            m = CG_NODE.match(line)
            if m and m.group(2) == "bold":  # dotted: declared, no body here
                bodies.add(m.group(1))
            m = CG_EDGE.match(line)
            if m:
                callees.setdefault(m.group(1), set()).add(m.group(2))
        for node in bodies:
            fn = proven_name(node, minimum, not_proven)
            if fn is None:
                continue
            # A callee is proven here or in another unit (min_goals.txt
            # lists it either way) or is a le_mem.h primitive; a function
            # that calls itself would have no termination argument.
            if all(c != node and (c in args.trust.names("objeq") or
                                  proven_name(c, minimum, not_proven) not in not_here)
                   for c in callees.get(node, ())):
                found.add(fn)
    return found


def smoke_flags(args, unit, fns):
    if args.no_smoke:
        return []
    if unit in UNIT_SMOKE_FLAGS:
        return SMOKE_FLAGS + UNIT_SMOKE_FLAGS[unit]
    if all(f in args.calls_proven for f in fns):
        return SMOKE_FLAGS + NO_DEAD_CALL
    return SMOKE_FLAGS


def smoke_groups(args, selected):
    """Each unit as one run, or two: the functions that keep their
    dead-call tests (named as the unit) and those that need none
    (<unit>-p)."""
    groups = []
    for unit, fns in selected:
        if unit in UNIT_SMOKE_FLAGS or args.no_smoke:
            groups.append((unit, fns))
            continue
        quiet = [f for f in fns if f in args.calls_proven]
        loud = [f for f in fns if f not in args.calls_proven]
        if loud and quiet:
            groups += [(unit, loud), (unit + PROVEN_CALLS_GROUP, quiet)]
        else:
            groups.append((unit, fns))
    return groups


def z3_first(args, groups):
    """A cold run's groups with the Z3_FIRST functions of each (when it
    tries CVC4 first) moved to a group "<group>-z" of their own: same unit,
    same smoke flags, provers in the other order."""
    if not args.split_goals or not args.provers.startswith("cvc4") or args.par != 1:
        return groups
    out = []
    for g, fns in groups:
        rest = [f for f in fns if f not in Z3_FIRST or g in UNIT_PROVERS]
        out += [(g, rest)] if rest else []
        if len(rest) < len(fns):
            out.append((g + Z3_FIRST_PIECE, [f for f in fns if f not in rest]))
    return out


def split_units(selected, minimum, goals_per_piece):
    """Cuts every unit (or group) whose goal_weight is more than
    goals_per_piece into pieces of about that weight (largest function
    first into the lightest piece): each piece is its own frama-c run, so
    one big unit's single-threaded goal generation no longer sets the wall
    time alone.  Pieces of utf8 are utf8-1 .., of utf8-p utf8-p1 .."""
    pieces = []
    for unit, fns in selected:
        total = goal_weight(unit, fns, minimum)
        n = min(len(fns), int(-(-total // goals_per_piece))) if goals_per_piece else 1
        if n <= 1:
            pieces.append((unit, fns))
            continue
        sep = "" if "-" in unit else "-"
        bins = [[0, []] for _ in range(n)]
        for fn in sorted(fns, key=lambda f: -minimum.get(f, 0)):
            lightest = min(bins, key=lambda b: b[0])
            lightest[0] += minimum.get(fn, 0)
            lightest[1].append(fn)
        for k, (_, part) in enumerate(bins):
            pieces.append(("%s%s%d" % (unit, sep, k + 1), [f for f in fns if f in part]))
    return pieces


def wpout_dir(out, piece):
    """Where a run's frama-c writes the goal texts it hands the provers
    (-wp-out): their MD5s are the cache keys (proofs/confirm.py)."""
    return os.path.join(out, "wpout", piece)


def run_frama(args, piece, fns, out, cache, par, provers=None, props=None, timeout=None,
              session=None):
    unit = piece_unit(piece)
    json_path = os.path.join(out, piece + ".json")
    log_path = os.path.join(out, piece + ".log")
    if os.path.exists(json_path):
        os.remove(json_path)
    cmd = ["frama-c", "-cpp-extra-args=-I" + os.path.join(args.root, "src")]
    cmd += [os.path.join(args.root, s) for s in UNITS[unit]]
    cmd += WP_FLAGS + ["-wp-prover", provers or piece_provers(args, piece)]
    cmd += ["-wp-par", str(par), "-wp-timeout", str(timeout or args.timeout)]
    cmd += ["-wp-fct", ",".join(fns)]
    if props or args.props:
        cmd += ["-wp-prop", props or args.props]
    cmd += unit_flags(unit, args.timeout if args.cap_timeouts else None,
                      RETRY_TIMEOUT_FACTOR if timeout else 1)
    if not props:  # a retry of some properties: their smoke tests have run
        cmd += smoke_flags(args, unit, fns)
    if cache != "none":
        # WP keeps the cache in the session directory, one per run: a unit
        # run as two groups (utf8, utf8-p) has two.
        session = session or os.path.join(args.scratch, piece)
        cmd += ["-wp-session", session, "-wp-cache", cache]
        os.makedirs(os.path.join(session, "cache"), exist_ok=True)
    else:
        cmd += ["-wp-cache", "none"]
    cmd += ["-wp-out", wpout_dir(out, piece), "-wp-report-json", json_path]
    t0 = time.time()
    # wait4 gives the run's CPU time, its why3server and provers included
    # (each reaped by its parent): what a piece costs, for packing them.
    with open(log_path, "w") as f:
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    wall = time.time() - t0
    cpu = usage.ru_utime + usage.ru_stime
    with open(log_path) as f:
        out_text = f.read()
    if p.returncode != 0 or not os.path.exists(json_path):
        raise ToolFailure("%s\nprove: frama-c failed on unit %s (exit %d), log %s"
                          % (out_text[-4000:], piece, p.returncode, log_path))
    report = json.load(open(json_path))
    if report is None:  # frama-c writes null when no goal was selected
        raise ToolFailure("prove: no goal of %s in unit %s%s, log %s"
                          % (",".join(fns), piece, " matches --props " + args.props
                             if args.props else "", log_path))
    return report, out_text, wall, cpu


def run_unit(args, unit, fns, out, par=None, provers=None, props=None, timeout=None):
    """One unit.  With a cache, WP first runs offline: no prover starts, so
    many goals can be in flight at once (WP hands out work on a 50 ms tick,
    at most --par goals per tick, which made a full replay at --par 1 mostly
    sleep).  Only if a verdict is missing, the changed code or contract is
    proved for real at --par into the scratch cache.  cleanup always runs
    for real, so that every entry a goal uses is marked and the rest go."""
    shutil.rmtree(wpout_dir(out, unit), ignore_errors=True)
    if args.cache == "rebuild":
        report, log, wall, cpu = run_frama(args, unit, fns, out, "update", args.par)
        return report, log, wall, 0, 0, cpu
    if args.cache in ("update", "offline") and not args.one_pass:
        report, log, wall, cpu = run_frama(args, unit, fns, out, "offline", args.replay_par)
        misses = incomplete(report)
        if misses == 0 or args.cache == "offline":
            return report, log, wall, misses, 0, cpu
        say("prove: %s: %d goals not settled by the cache, proving them" % (unit, misses))
        report, log, more, more_cpu = run_frama(args, unit, fns, out, "update", args.par)
        return report, log, wall + more, 0, misses, cpu + more_cpu
    cache, session = args.cache, None
    if cache == "none" and (args.record or args.shard) and not props and provers is None:
        # A cold piece whose goals the record will fingerprint: an empty
        # cache of its own, so that WP writes the text of every goal it
        # gives a prover (and the verdict, read by nothing).
        cache, session = "update", os.path.join(out, "cold-session", unit)
        shutil.rmtree(session, ignore_errors=True)
    report, log, wall, cpu = run_frama(args, unit, fns, out, cache, par or args.par, provers,
                                       props, timeout, session=session)
    return report, log, wall, 0, 0, cpu


def piece_provers(args, piece):
    """The -wp-prover list run_frama gives a piece by default."""
    if re.search(Z3_FIRST_PIECE + r"\d*$", piece):
        return ",".join(reversed(args.provers.split(",")))
    return UNIT_PROVERS.get(piece_unit(piece), args.provers)


def prover_name(word):
    """The name a goal file and a cache entry give a -wp-prover word."""
    return {p.lower(): p for p in PROVERS}.get(word, word)


def judge_unit(args, unit, fns, result, minimum):
    """Rows (unit, fn, goals, proved, smoke, smoke_ok, time, problems) and
    the unit's problems."""
    report, log, wall, misses, _, _ = result
    problems = []
    if misses:
        problems.append("%s: %d goals not settled by the cache (offline mode runs no prover)"
                        % (unit, misses))
    times = goal_times(log, fns)
    funcs = report.get("wp:functions", {})
    rows = []
    for fn in fns:
        goals = proved = smoke = smoke_ok = 0
        mine = []
        for prop, stats in funcs.get(fn, {}).items():
            if prop == "wp:section":
                continue
            main_stats = stats.get("wp:main", {})
            t, v = main_stats.get("total", 0), main_stats.get("valid", 0)
            if "_wp_smoke_" in prop:
                smoke += t
                smoke_ok += v
                if v < t and len(stats) == 1:
                    mine.append("%s: smoke test %s has no verdict" % (fn, prop))
                elif v < t:
                    mine.append("%s: smoke test %s proved false: contradictory assumptions"
                                % (fn, prop))
            else:
                goals += t
                proved += v
                if v < t:
                    mine.append("%s: %s: %d of %d goals unproven" % (fn, prop, t - v, t))
        if not args.no_min and goals < minimum.get(fn, 1):
            mine.append("%s: %d goals, minimum %d (emptied body or dropped contract?)"
                        % (fn, goals, minimum[fn]))
        rows.append((unit, fn, goals, proved, smoke, smoke_ok, times.get(fn, 0.0), mine))
        problems += mine
    return rows, problems


def count_files(d):
    n = 0
    for _, _, files in os.walk(d):
        n += len(files)
    return n


def prepare_scratch(args, units):
    """The scratch cache holds every committed verdict (refreshed from the
    committed cache on each run) and keeps what earlier runs added: a
    verdict is keyed by its goal's text, so it stays true whatever became
    of the run that produced it."""
    for unit in units:
        src = os.path.join(args.session, unit, "cache")
        dst = os.path.join(args.scratch, unit, "cache")
        if args.cache == "rebuild":
            # Every goal proved again: nothing read from any cache.
            shutil.rmtree(dst, ignore_errors=True)
            os.makedirs(dst)
            continue
        os.makedirs(dst, exist_ok=True)
        if os.path.isdir(src):
            for name in os.listdir(src):
                shutil.copy2(os.path.join(src, name), os.path.join(dst, name))


def store(args, units):
    """Copies the scratch cache back; returns (added, removed) file counts."""
    added = removed = 0
    for unit in units:
        src = os.path.join(args.scratch, unit, "cache")
        dst = os.path.join(args.session, unit, "cache")
        os.makedirs(dst, exist_ok=True)
        have = set(os.listdir(src)) if os.path.isdir(src) else set()
        for name in sorted(have - set(os.listdir(dst))):
            shutil.copy2(os.path.join(src, name), os.path.join(dst, name))
            added += 1
        if args.cache in ("cleanup", "rebuild"):
            for name in sorted(set(os.listdir(dst)) - have):
                os.remove(os.path.join(dst, name))
                removed += 1
    return added, removed


def new_entries(args, units):
    n = 0
    for unit in units:
        src = os.path.join(args.scratch, unit, "cache")
        dst = os.path.join(args.session, unit, "cache")
        if os.path.isdir(src):
            old = set(os.listdir(dst)) if os.path.isdir(dst) else set()
            n += len(set(os.listdir(src)) - old)
    return n


def run_objeq(args, only):
    """The objeq step; returns its problems (None when the tools failed)."""
    say("== objeq: le_mem.h against the proven byte form")
    rc = objeq.run(args.root, os.path.join(args.out, "objeq"), only, say)
    if rc == 2:
        return None
    return ["objeq: the memcpy and byte forms differ (see the DIFF lines above)"] if rc else []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(HERE))
    ap.add_argument("--out", default=None)
    ap.add_argument("--session", default=None, help="committed cache (read-only unless --store)")
    ap.add_argument("--scratch", default=None, help="working copy of the cache")
    ap.add_argument("--store", action="store_true",
                    help="after a passing run, copy the new verdicts into --session")
    ap.add_argument("--cache", default="update",
                    choices=["update", "offline", "cleanup", "rebuild", "none"])
    ap.add_argument("--one-pass", action="store_true",
                    help="with --cache update, one frama-c run that proves only what the cache lacks "
                         "(for a few functions: skips the offline pass's second goal generation)")
    ap.add_argument("--par", type=int, default=2, help="prover processes per unit")
    ap.add_argument("--replay-par", type=int, default=32,
                    help="goals in flight per unit while reading the cache")
    ap.add_argument("--jobs", type=int, default=1, help="units run at the same time")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--provers", default=BOTH_PROVERS,
                    help="frama-c's -wp-prover list; at --par 1 WP tries them in this order on each "
                         "goal, the next only when one fails (at --par 2 and more, side by side)")
    ap.add_argument("--split-goals", type=int, default=0,
                    help="cut units whose goal floors add up to more than this into pieces of "
                         "about as many goals, each its own frama-c run (0: never)")
    ap.add_argument("--retry", action="store_true",
                    help="prove what a piece left unproven again (those properties, both "
                         "provers side by side, three times the timeout) as soon as a slot "
                         "frees: a goal out of time on a loaded machine passes, a false goal "
                         "fails again")
    ap.add_argument("--cap-timeouts", action="store_true",
                    help="no function's timeout above --timeout (UNIT_FLAGS give some more, for "
                         "true goals under load; a mutant's false goals would only wait longer)")
    ap.add_argument("--only", default="", help="comma-separated functions")
    ap.add_argument("--props", default="",
                    help="only these properties (frama-c's -wp-prop: names or @kinds, comma-separated); "
                         "implies --no-min")
    ap.add_argument("--no-smoke", action="store_true")
    ap.add_argument("--no-min", action="store_true", help="skip minimum and coverage checks")
    ap.add_argument("--no-objeq", action="store_true", help="skip the object-code step")
    ap.add_argument("--check-toolchain", action="store_true",
                    help="only compare this machine's provers with --session's toolchain.txt")
    ap.add_argument("--print-toolchain", action="store_true",
                    help="print this machine's provers in toolchain.txt's format")
    ap.add_argument("--confirm", default="", metavar="RECORD",
                    help="after a replay that passed, prove again every goal of the functions whose "
                         "fingerprint is not in this cold record, and of a sample of the rest "
                         "(proofs/confirm.py)")
    ap.add_argument("--sample", default="auto",
                    help="which chunk of the unchanged functions --confirm proves again: auto (the "
                         "day's), all, none, or a chunk number")
    ap.add_argument("--sample-budget", type=float, default=60.0, metavar="SECONDS",
                    help="the prover time a chunk of the sample is cut to")
    ap.add_argument("--record", default="", metavar="RECORD",
                    help="with --cache none: when every goal is proved, write the functions' "
                         "fingerprints to this cold record (with --only: those functions')")
    ap.add_argument("--shard", default="", metavar="I/N",
                    help="with --cache none: prove only the I-th of N shards of the pieces and "
                         "write its verdicts and fingerprints for --gather (no objeq)")
    ap.add_argument("--gather", type=int, default=0, metavar="N",
                    help="read the N shards' verdicts from --out, check them (with objeq) and "
                         "write --record")
    ap.add_argument("--trusted", action="store_true",
                    help="only print every line of code outside the proofs (proofs/trusted.py), "
                         "then their counts")
    args = ap.parse_args()
    if args.props:
        args.no_min = True  # a selection's goal count says nothing of the function's
    args.root = os.path.abspath(args.root)
    args.out = os.path.abspath(args.out or os.path.join(args.root, "build", "prove"))
    args.session = os.path.abspath(args.session or os.path.join(args.root, "proofs", "session"))
    args.scratch = os.path.abspath(args.scratch or os.path.join(args.out, "session"))
    if args.store and args.cache in ("none", "offline"):
        ap.error("--store needs --cache update, cleanup or rebuild")
    if (args.split_goals or args.retry) and args.cache != "none":
        ap.error("--split-goals and --retry are for --cache none (a cold run)")
    if args.store and args.cache == "rebuild" and args.only:
        ap.error("--cache rebuild --store replaces the whole cache: not with --only")
    if (args.record or args.shard) and args.cache != "none" and not args.gather:
        ap.error("--record and --shard are for --cache none (a cold run)")
    if args.confirm and args.cache not in ("update", "offline"):
        ap.error("--confirm follows a replay: --cache update or offline")
    if args.shard:
        m = re.match(r"^(\d+)/(\d+)$", args.shard)
        if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
            ap.error("--shard takes I/N with 1 <= I <= N")
        args.shard = (int(m.group(1)), int(m.group(2)))
        args.no_objeq = True  # objeq runs once, in --gather
    if args.sample not in ("auto", "all", "none") and not args.sample.isdigit():
        ap.error("--sample takes auto, all, none or a chunk number")
    for name in ("confirm", "record"):
        if getattr(args, name):
            setattr(args, name, os.path.abspath(getattr(args, name)))

    if args.check_toolchain or args.print_toolchain:
        missing = missing_tools(True, False)
        if missing:
            say("prove: missing %s (Debian: %s); run `make deps`"
                % (", ".join(sorted(missing)), ", ".join(sorted(set(missing.values())))))
            return 2
        try:
            mine = machine_toolchain()
        except ToolFailure as e:
            say(str(e))
            return 2
        if args.print_toolchain:
            sys.stdout.write(format_toolchain(mine))
            return 0
        problem = toolchain_problem(args, mine)
        if problem:
            say(problem)
            return 2
        return 0

    source_units, source_problems = read_source_units(args.root)
    UNITS.update(source_units)
    units, minimum = read_min_goals(os.path.join(args.root, "proofs", "min_goals.txt"))
    only = set(filter(None, args.only.split(",")))
    objeq_only = sorted(only & set(objeq.FUNCTIONS))
    selected = [(u, [f for f in units.get(u, []) if not only or f in only]) for u in UNITS]
    selected = [(u, fns) for u, fns in selected if fns]
    do_objeq = not args.no_objeq and (not only or objeq_only)
    unknown = only - set(minimum) - set(objeq.FUNCTIONS)
    if unknown:
        say("prove: unknown function(s) %s (not in proofs/min_goals.txt)" % ", ".join(sorted(unknown)))
        return 2
    args.trust = trust_of(args.root, minimum)
    args.dead_call_kept = set(f for u in DEAD_CALL_UNITS for f in units.get(u, []))
    if args.trusted:
        for line in args.trust.listing() + args.trust.summary() + args.trust.problems:
            say(line)
        return 1 if args.trust.problems else 0

    missing = missing_tools(bool(selected), do_objeq)
    if missing:
        say("prove: missing %s (Debian: %s); run `make deps`"
            % (", ".join(sorted(missing)), ", ".join(sorted(set(missing.values())))))
        return 2
    os.makedirs(args.out, exist_ok=True)

    # A cache found by other provers is no evidence here: stop at once
    # rather than replay it, or silently prove every goal again.
    args.toolchain = None
    if selected and args.cache != "none":
        try:
            args.toolchain = machine_toolchain()
        except ToolFailure as e:
            say(str(e))
            return 2
        problem = None if args.cache == "rebuild" else toolchain_problem(args, args.toolchain)
        if problem:
            say(problem)
            return 2

    problems = [] if only else source_problems
    if not args.no_min and not only:
        problems += args.trust.problems

    if do_objeq:
        found = run_objeq(args, objeq_only)
        if found is None:
            return 2
        problems += found
    if args.gather:
        return gather(args, minimum, only, problems)
    if not selected:
        return verdict(problems, 0, 0, None)

    try:
        args.calls_proven = set() if args.no_smoke else \
            calls_proven(args, [u for u, _ in selected], minimum)
    except ToolFailure as e:
        say(str(e))
        return 2
    groups = smoke_groups(args, selected)
    # Each group is one frama-c run with its own session: the cache of a
    # replay (pieces are for cold runs only).
    sessions = [g for g, _ in groups]
    before = {}
    if args.cache != "none":
        prepare_scratch(args, sessions)
        before = {g: set(os.listdir(os.path.join(args.scratch, g, "cache"))) for g in sessions}
    # Largest first: with fewer slots (--jobs) than units or pieces, a big
    # one started last would run alone at the end while the other core idles.
    pieces = split_units(z3_first(args, groups), minimum, args.split_goals)
    pieces.sort(key=lambda uf: -goal_weight(uf[0], uf[1], minimum))
    if args.shard:
        pieces = shard_pieces(pieces, minimum, *args.shard)
        mine = set(f for _, fns in pieces for f in fns)
        groups = [(g, [f for f in fns if f in mine]) for g, fns in groups]
        groups = [(g, fns) for g, fns in groups if fns]
        say("== WP: shard %d of %d: %s" % (args.shard[0], args.shard[1],
                                            ", ".join(u for u, _ in pieces)))
    else:
        say("== WP: %s, cache %s" % (", ".join(sessions), args.cache))
    w = max([len(f) for _, fns in selected for f in fns] + [8])
    uw = max([len(u) for u in UNITS] + [len(u) + 6 for u, _ in pieces])
    fmt = "%-*s  %-*s %6s %6s %7s %8s  %s"
    say(fmt % (uw, "unit", w, "function", "goals", "proved", "smoke", "time(s)", "status"))

    # The units run side by side: most of a replay is frama-c's own
    # single-threaded goal generation, which overlaps well with the provers
    # of the other units.  Each unit's rows are printed when it finishes.
    # With --retry, what a piece left unproven is proved again as soon as
    # a slot frees, beside the pieces still running.
    all_rows = []
    retried = {}
    cpu = 0.0
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = {pool.submit(run_unit, args, u, fns, args.out): (u, fns) for u, fns in pieces}
        try:
            while futs:
                done, _ = concurrent.futures.wait(
                    futs, return_when=concurrent.futures.FIRST_COMPLETED)
                for fut in done:
                    unit, fns = futs.pop(fut)
                    if unit is None:  # a retry
                        item, result = fut.result()
                        cpu += result[5]
                        row = retry_row(args, item, result, minimum, fmt, uw, w)
                        retried[row[1]] = row
                        continue
                    result = fut.result()
                    cpu += result[5]
                    rows, found = judge_unit(args, unit, fns, result, minimum)
                    print_rows(fmt, uw, w, unit, rows, result)
                    all_rows += rows
                    problems += found
                    items = retry_items(rows) if args.retry else []
                    if items:
                        say("prove: proving again: %s" % ", ".join(
                            "%s (%s)" % (r[1], ",".join(sel) if sel else "all")
                            for _, r, _, sel in items))
                    for item in items:
                        futs[pool.submit(run_retry, args, item)] = (None, item)
        except ToolFailure as e:
            for f in futs:
                f.cancel()
            say(str(e))
            return 2
    if retried:
        all_rows = [retried.get(r[1], r) for r in all_rows]
        problems = [p for r in all_rows for p in r[7]] + \
            [p for p in problems if not any(p.startswith(r[1] + ":") for r in all_rows)]
    total_wall = time.time() - t0
    tg = sum(r[2] for r in all_rows)
    ts = sum(r[4] for r in all_rows)
    say("%-*s  %-*s %6d %6d %7s %8.1f  (wall %.0f s, CPU %.0f s)" % (
        uw, "", w, "TOTAL", tg, sum(r[3] for r in all_rows),
        "%d/%d" % (sum(r[5] for r in all_rows), ts), sum(r[6] for r in all_rows), total_wall, cpu))
    if not only and not args.shard:
        for line in args.trust.summary():
            say(line)
    if args.confirm and args.cache in ("update", "offline") and not problems:
        fresh = {g: set(os.listdir(os.path.join(args.scratch, g, "cache"))) - before[g]
                 for g in sessions}
        try:
            problems += reprove(args, groups, minimum, all_rows, fresh, fmt, uw, w)
        except ToolFailure as e:
            say(str(e))
            return 2
    if args.cache == "none" and (args.shard or args.record):
        # The record vouches for a function only when a cold proof proved
        # every goal of it: the fingerprints of those, the others dropped.
        failed = set(r[1] for r in all_rows if r[7])
        fps = cold_fingerprints(args, pieces, failed)
        if args.shard:
            write_shard(args, all_rows, problems, fps, cpu, total_wall)
        else:
            record_cold(args, fps, failed, only, minimum)
    return verdict(problems, tg, ts, sessions if args.cache != "none" else None,
                   args)


def print_rows(fmt, uw, w, unit, rows, result):
    for r in rows:
        say(fmt % (uw, r[0], w, r[1], r[2], r[3], "%d/%d" % (r[5], r[4]),
                   "%.1f" % r[6], "FAIL" if r[7] else "ok"))
    say("%-*s  %-*s %6d %6d %7s %8s  (unit wall %.0f s, CPU %.0f s%s)" % (
        uw, unit, w, "-- unit", sum(r[2] for r in rows), sum(r[3] for r in rows),
        "%d/%d" % (sum(r[5] for r in rows), sum(r[4] for r in rows)),
        "%.1f" % sum(r[6] for r in rows), result[2], result[5],
        ", %d goals proved now" % result[4] if result[4] else ""))


# A property's key in WP's JSON report is "<function>_<kind>[_<name>][_<n>]"
# (the function of a call's precondition is the callee's).  -wp-prop takes a
# user name ("whole", the RTE plugin's "mem_access") or a category, so a
# retry selects by name when the key has one and by category otherwise.
PROP_KINDS = [("loop_invariant", "@invariant"), ("ensures", "@ensures"),
              ("requires", "@requires"), ("assert_rte", "@assert"), ("assert", "@assert"),
              ("check", "@check")]
# WP's own parts of a property (assigns_exit, loop_assigns_part2,
# disjoint_<behaviors>) carry no user name.
PROP_CATEGORIES = [("loop_variant", "@variant"), ("assigns", "@assigns"), ("exits", "@exits"),
                   ("complete", "@complete_behaviors"), ("disjoint", "@disjoint_behaviors"),
                   ("terminates", "@terminates")]
UNPROVEN = re.compile(r"^(\w+): (\w+): (\d+) of (\d+) goals unproven$")


def prop_selector(prop):
    """The -wp-prop word that selects a report key's property, or None."""
    for kind, category in PROP_CATEGORIES:
        if re.search(r"(?:^|_)%s(?:_|$)" % kind, prop):
            return category
    for kind, category in PROP_KINDS:
        m = re.search(r"(?:^|_)%s(?:_([A-Za-z]\w*?))?(?:_\d+)?$" % kind, prop)
        if m:
            return m.group(1) or category
    return None


# A retry runs where the load that made a goal time out may still be, so
# it gets this many times --timeout (a false goal only fails later).
RETRY_TIMEOUT_FACTOR = 3


def retry_items(rows):
    """What a piece left to prove again: (group, row, unproven matches,
    selectors or None for the whole function) for each function whose only
    problems are unproven goals (no smoke test proved false, no goal count
    under its floor)."""
    items = []
    for r in rows:
        found = [UNPROVEN.match(p) for p in r[7]]
        if r[7] and all(found):
            sel = [prop_selector(m.group(2)) for m in found]
            items.append((piece_group(r[0]), r, found, None if None in sel else sorted(set(sel))))
    return items


def run_retry(args, item):
    """Proves a function's unproven properties again (by name or category,
    so a few more may come along) with both provers side by side, or the
    whole function when a key has no selector or the selection misses one.
    Smoke tests are not run again with a selection: the first run's
    passed."""
    group, r, found, sel = item
    piece = "%s-retry-%s" % (group, r[1])
    timeout = args.timeout * RETRY_TIMEOUT_FACTOR
    if sel:
        try:
            result = run_unit(args, piece, [r[1]], args.out, par=2, provers=BOTH_PROVERS,
                              props=",".join(sel), timeout=timeout)
            stats = result[0].get("wp:functions", {}).get(r[1], {})
            if all(m.group(2) in stats for m in found):
                return item, result
        except ToolFailure:
            pass
        item = (group, r, found, None)  # a selector missed a property
    return item, run_unit(args, piece, [r[1]], args.out, par=2, provers=BOTH_PROVERS,
                          timeout=timeout)


def retry_row(args, item, result, minimum, fmt, uw, w):
    """The function's row after its retry, printed: a whole-function retry
    replaces it; after a selection, a property the second run proved in
    full counts as proved, the rest keep a problem with the second run's
    count."""
    group, r, found, sel = item
    piece = "%s-retry" % group
    new_rows, _ = judge_unit(args, piece, [r[1]], result, minimum)
    if sel is None:
        print_rows(fmt, uw, w, piece, new_rows, result)
        return new_rows[0]
    n = new_rows[0]
    still = {UNPROVEN.match(p).group(2): p for p in n[7] if UNPROVEN.match(p)}
    mine, proved = [], r[3]
    for m in found:
        if m.group(2) in still:
            mine.append(still[m.group(2)])
        else:
            proved += int(m.group(3))
    row = (piece, r[1], r[2], proved, r[4], r[5], r[6] + n[6], mine)
    print_rows(fmt, uw, w, piece, [row], result)
    return row


def shard_pieces(pieces, minimum, i, n):
    """The pieces of shard i of n (1-based): the pieces, heaviest first,
    each given to the shard with the least weight so far, so that the
    shards of a cold proof take about the same time."""
    load = [0.0] * n
    mine = []
    for unit, fns in pieces:
        k = min(range(n), key=lambda j: (load[j], j))
        load[k] += goal_weight(unit, fns, minimum)
        if k == i - 1:
            mine.append((unit, fns))
    return mine


def group_keys(out, group):
    """confirm.goal_keys of one group's last run under out."""
    path = os.path.join(out, group + ".json")
    report = json.load(open(path)) if os.path.exists(path) else None
    return confirm.goal_keys(wpout_dir(out, group), report)


def versions(args):
    tools = args.toolchain or machine_toolchain()
    return {p: "%s:%s" % (p, tools[p]) for p in PROVERS if p in tools}


def reprove(args, groups, minimum, rows, fresh, fmt, uw, w):
    """The re-proof after a replay (proofs/confirm.py): every goal of each
    function whose fingerprint is not in the cold record, and of a
    rotating sample of the rest, proved again by the provers its cached
    verdicts came from.  Returns the problems."""
    t0 = time.time()
    record, meta = confirm.read_record(args.confirm)
    rel = os.path.relpath(args.confirm, args.root)
    keys, group_of, orphans = {}, {}, []
    for g, fns in groups:
        k, orph = group_keys(args.out, g)
        orphans += orph
        for fn in fns:
            keys[fn] = k.get(fn, {})
            group_of[fn] = g
    goals = {r[1]: r[2] for r in rows}
    fps = {fn: (confirm.fingerprint(k, record.get(fn, ("", "Z3"))[1]), record.get(fn, ("", "Z3"))[1])
           for fn, k in keys.items()}
    changed = sorted(fn for fn in fps if record.get(fn) != fps[fn])
    unchanged = sorted(set(fps) - set(changed))
    # For the proof mutants of `make check` (proofs/mutants_pick.py): the
    # mutants of a changed function run every time.
    confirm.write_changed(os.path.join(args.out, "changed.txt"), args.root, changed)
    cost = {fn: confirm.claimed_seconds(keys[fn], [os.path.join(args.scratch, group_of[fn], "cache")],
                                        SMOKE_TIMEOUT) + REPROOF_GOAL_COST * goals.get(fn, 0)
            for fn in fps}
    parts = confirm.chunks(unchanged, cost, args.sample_budget, group_of)
    picked = confirm.pick(args.sample, len(parts))
    sample = sorted(f for k in picked for f in parts[k])
    say("== re-proof: cold record %s (%s)" % (
        rel, ", ".join("%s %s" % kv for kv in sorted(meta.items())) or "missing: every function counts as changed"))
    if orphans:
        say("re-proof: %d goals named after no function of their run counted for each of "
            "them: %s" % (len(orphans), ", ".join(sorted(set(orphans))[:5])))
    say("re-proof: %d of %d functions changed since the cold proof%s" % (
        len(changed), len(fps), (": " + ", ".join(changed)) if 0 < len(changed) <= 20 else ""))
    if picked:
        say("re-proof: sample %s of %d (%s; about %.0f s of prover time each, PROVE_SAMPLE=%s "
            "repeats it): %d functions, %.0f s estimated" % (
                ",".join(str(k + 1) for k in picked), len(parts),
                "every day the next" if args.sample == "auto" else "chosen",
                args.sample_budget, picked[0] + 1 if len(picked) == 1 else args.sample,
                len(sample), sum(cost[f] for f in sample)))
    targets = set(changed) | set(sample)
    if not targets:
        say("re-proof: nothing to prove again")
        return []
    out = os.path.join(args.out, "reprove")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    vers = versions(args)
    jobs = [(g, [f for f in fns if f in targets]) for g, fns in groups]
    jobs = [(g, fns) for g, fns in jobs if fns]
    jobs.sort(key=lambda gf: -sum(cost[f] for f in gf[1]))
    counts = [0, 0, 0]  # verdicts taken out, answered again, tactic subgoals answered

    def one(g, fns):
        session = os.path.join(out, "session", g)
        want = {}
        for fn in fns:
            want.update(keys[fn])
        taken = confirm.check_cache([os.path.join(args.scratch, g, "cache")],
                                    os.path.join(session, "cache"), want, fresh.get(g, set()), vers)
        piece = g + "-reprove"
        result = run_frama(args, piece, fns, out, "update", REPROOF_PAR,
                           provers=UNIT_PROVERS.get(piece_unit(g), BOTH_PROVERS), session=session)
        res = (result[0], result[1], result[2], 0, 0, result[3])
        rows_now, found = judge_unit(args, piece, fns, res, minimum)
        bad = confirm.judge_taken(taken, os.path.join(session, "cache"))
        known = set(want.values())
        back = set(k for k in taken if os.path.exists(os.path.join(session, "cache", k + ".json")))
        counts[0] += len(set(taken) & known)
        counts[1] += len(back & known)
        counts[2] += len(back - known)
        goals_of = {fn: set(gk[0] for gk in keys[fn]) for fn in fns}
        again = set(r[1] for r in rows_now if r[7])
        for goal, _, _, _ in bad:
            owners = [fn for fn in fns if goal in goals_of[fn]]
            again.update(owners or fns)  # a tactic's subgoal: any of them
        again = sorted(again)
        if not again:
            return [(piece, rows_now, res, bad, found)]
        # A "valid" the prover did not give again may be the load (the
        # machine's other runs); proved again alone at three times the
        # timeout, a true goal passes and a false one fails again.
        for key, (goal, prover, entry) in taken.items():
            now = confirm.load_verdict(os.path.join(session, "cache", key + ".json"))
            if confirm.is_valid(entry) and now is not None and not confirm.is_valid(now):
                os.remove(os.path.join(session, "cache", key + ".json"))
        piece2 = g + "-reprove-again"
        result = run_frama(args, piece2, again, out, "update", REPROOF_PAR,
                           provers=UNIT_PROVERS.get(piece_unit(g), BOTH_PROVERS),
                           timeout=args.timeout * RETRY_TIMEOUT_FACTOR, session=session)
        res2 = (result[0], result[1], result[2], 0, 0, result[3])
        rows2, found2 = judge_unit(args, piece2, again, res2, minimum)
        bad2 = confirm.judge_taken(taken, os.path.join(session, "cache"))
        return [(piece, rows_now, res, [], [p for p in found if not any(
            p.startswith(a + ":") for a in again)]), (piece2, rows2, res2, bad2, found2)]

    problems, cpu = [], 0.0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, REPROOF_JOBS)) as pool:
        futs = [pool.submit(one, g, fns) for g, fns in jobs]
        for fut in concurrent.futures.as_completed(futs):
            for piece, rows_now, res, bad, found in fut.result():
                cpu += res[5]
                print_rows(fmt, uw, w, piece, rows_now, res)
                problems += found
                for goal, prover, was, now in bad:
                    if was == "valid":
                        problems.append("%s: the cache says %s proved %s; proved again, it answers %s"
                                        % (piece, prover, goal, now))
                    else:
                        problems.append("%s: smoke test %s: the cache says %s did not prove it; now it "
                                        "does (contradictory assumptions)" % (piece, goal, prover))
    n_goals = sum(goals.get(f, 0) for f in targets)
    say("re-proof: %d functions (%d changed, %d sampled), %d goals: %d cached verdicts of their "
        "goals taken out and %d of them answered again by their prover (the others: goals two "
        "provers claim, proved by the first to answer), %d of tactics' subgoals (wall %.0f s, "
        "CPU %.0f s)%s" % (
            len(targets), len(changed), len(sample), n_goals, counts[0], counts[1], counts[2],
            time.time() - t0, cpu, "" if problems else "; every goal proved again"))
    return problems


# The re-proof: each group's functions in one frama-c run, two runs at a
# time, each giving two goals at a time to the provers (a goal's claim is
# one prover's, so two at once are two goals, not a race).  A function's
# cost, to cut the sample: the prover time its cached verdicts record, a
# smoke test at its timeout, and this much per goal for WP to build it.
REPROOF_JOBS = 2
REPROOF_PAR = 2
REPROOF_GOAL_COST = 0.1
SMOKE_TIMEOUT = 1


def cold_fingerprints(args, pieces, failed):
    """{function: (fingerprint, prover)} of the functions a cold run proved:
    the keys of their goals for the prover each piece tried first (at --par
    1 WP gives every goal to it before any other), from the goal texts the
    piece wrote."""
    fps = {}
    for piece, fns in pieces:
        keys, _ = group_keys(args.out, piece)
        prover = prover_name(piece_provers(args, piece).split(",")[0])
        for fn in fns:
            if fn not in failed:
                fps[fn] = (confirm.fingerprint(keys.get(fn, {}), prover), prover)
    return fps


def tree_id(root):
    """The commit the tree is at (with "+changes" when it differs from
    it; in a GitHub Actions job, whose checkout may have no .git, the
    commit it checked out), or "unknown"."""
    if os.environ.get("GITHUB_SHA"):
        return os.environ["GITHUB_SHA"][:12]
    try:
        head = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, universal_newlines=True, timeout=30)
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               universal_newlines=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    if head.returncode != 0:
        return "unknown"
    return head.stdout.strip()[:12] + ("+changes" if dirty.stdout.strip() else "")


def record_meta(args):
    tools = machine_toolchain()
    return {"commit": tree_id(args.root),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "toolchain": ", ".join("%s %s" % kv for kv in tools.items())}


def record_cold(args, fps, failed, only, minimum):
    """Writes the cold record: the fingerprints of the functions this cold
    proof proved, the functions it failed dropped (a failure under load
    costs their re-proof in every `make prove` until the next cold proof;
    a false goal fails there), the others as they were (proved by an
    earlier cold proof, word for word) unless they are gone from
    min_goals.txt."""
    old, meta = confirm.read_record(args.record)
    moved = sorted(fn for fn in fps if old.get(fn) != fps[fn])
    if moved:
        say("prove: %d functions changed since the cold proof %s records (%s): %s" % (
            len(moved), os.path.relpath(args.record, args.root), meta.get("commit", "none"),
            ", ".join(moved[:30]) + (" ..." if len(moved) > 30 else "")))
    new = dict((fn, fp) for fn, fp in old.items() if only or fn in minimum)
    dropped = sorted(fn for fn in failed if fn in new)
    for fn in failed:
        new.pop(fn, None)
    new.update(fps)
    confirm.write_record(args.record, new, record_meta(args))
    say("prove: %s: %d functions recorded as proved cold%s" % (
        os.path.relpath(args.record, args.root), len(fps),
        "; dropped, not proved: %s" % ", ".join(dropped) if dropped else ""))


SHARD_FILE = "shard-%d-of-%d.json"


def write_shard(args, rows, problems, fps, cpu, wall):
    i, n = args.shard
    path = os.path.join(args.out, SHARD_FILE % (i, n))
    with open(path, "w") as f:
        json.dump({"shard": [i, n], "tree": tree_id(args.root), "rows": rows,
                   "problems": problems, "fingerprints": fps, "cpu": cpu, "wall": wall},
                  f, indent=1, sort_keys=True)
    say("prove: shard %d of %d: %s written (%d functions)" % (i, n, os.path.relpath(path, args.root),
                                                            len(fps)))


def gather(args, minimum, only, problems):
    """The last job of a cold proof run as shards: every shard's verdicts
    read back and checked (all there, each function in exactly one, every
    goal proved, no smoke test failed, goal floors met), then the cold
    record written (record_cold: the functions proved, the failed ones
    dropped, those of a missing shard as they were)."""
    n = args.gather
    rows, fps, trees, cpu, wall = [], {}, set(), 0.0, 0.0
    for i in range(1, n + 1):
        path = os.path.join(args.out, SHARD_FILE % (i, n))
        if not os.path.exists(path):
            problems.append("shard %d of %d: %s is missing (the shard failed or did not run)"
                            % (i, n, os.path.relpath(path, args.root)))
            continue
        data = json.load(open(path))
        trees.add(data["tree"])
        problems += ["shard %d: %s" % (i, p) for p in data["problems"]]
        for r in data["rows"]:
            if any(q[1] == r[1] for q in rows):
                problems.append("%s: proved by two shards" % r[1])
            rows.append(r)
        fps.update((fn, tuple(fp)) for fn, fp in data["fingerprints"].items())
        cpu += data["cpu"]
        wall = max(wall, data["wall"])
    if len(trees) > 1:
        problems.append("the shards proved different trees: %s" % ", ".join(sorted(trees)))
    want = set(f for f in minimum if not only or f in only)
    by_fn = {}
    for r in rows:
        by_fn.setdefault(r[1], []).append(r)
    for fn in sorted(want - set(by_fn)):
        problems.append("%s: in no shard's verdicts" % fn)
    for fn in sorted(want):
        for r in by_fn.get(fn, []):
            if r[3] < r[2] or r[5] < r[4] or r[2] < minimum.get(fn, 1):
                problems.append("%s: %d of %d goals proved, %d of %d smoke tests passed, floor %d"
                                % (fn, r[3], r[2], r[5], r[4], minimum.get(fn, 1)))
    say("prove: %d shards: %d functions, %d goals, %d smoke tests (CPU %.0f s, longest shard %.0f s)"
        % (n, len(by_fn), sum(r[2] for r in rows), sum(r[4] for r in rows), cpu, wall))
    for line in args.trust.summary():
        say(line)
    if args.record:
        failed = set(r[1] for r in rows if r[7] or r[3] < r[2] or r[5] < r[4] or
                     r[2] < minimum.get(r[1], 1))
        record_cold(args, dict((f, p) for f, p in fps.items() if f not in failed), failed,
                    only, minimum)
    return verdict(problems, sum(r[2] for r in rows), sum(r[4] for r in rows), None, args)


def verdict(problems, goals, smoke, cached_units, args=None):
    if problems:
        for p in problems:
            say("prove: FAIL " + p)
        if cached_units:
            say("prove: the committed cache %s is unchanged" % os.path.relpath(args.session, args.root))
        say("prove: FAILED (%d problems)" % len(problems))
        return 1
    if cached_units:
        rel = os.path.relpath(args.session, args.root)
        if args.store:
            added, removed = store(args, cached_units)
            with open(os.path.join(args.session, TOOLCHAIN_FILE), "w") as f:
                f.write(format_toolchain(args.toolchain))
            say("prove: %s: %d verdicts added, %d removed; provers %s" % (
                rel, added, removed, ", ".join("%s %s" % kv for kv in args.toolchain.items())))
        else:
            n = new_entries(args, cached_units)
            if n:
                say("prove: %d verdicts are not in %s (kept in %s); `make prove-update` stores them"
                    % (n, rel, os.path.relpath(args.scratch, args.root)))
    if goals or smoke:
        say("prove: all %d goals proved; no contradiction found in %d smoke tests" % (goals, smoke))
    else:
        say("prove: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
