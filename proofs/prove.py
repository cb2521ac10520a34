#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs the Frama-C WP proofs of lepack and judges them.

Each proof unit is one frama-c run over a set of sources, restricted to the
functions that proofs/min_goals.txt assigns to that unit.  The run writes a
JSON report; this script reads it and prints one line per function (goals,
proved, smoke tests, prover time).  It fails (exit 1) when a goal or a smoke
test is not proved, when a function proves fewer goals than its minimum (an
emptied body or a dropped contract proves 0 of 0), or when a function of
src/ has no entry in min_goals.txt (it would never be proved).  Exit 2 means
the tools themselves failed (parse error, missing prover).

    prove.py [--root DIR] [--out DIR] [--cache update|replay|offline|cleanup|none]
             [--session DIR] [--only f,g] [--no-smoke] [--no-min]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

# Sources of each unit, relative to the tree root.  bytes proves the byte
# form (le_bytes.h); views proves le.h and cursor proves cursor.h, both over
# the trusted contracts of le_mem.h (one source, two frama-c runs, so that
# the single-threaded goal generation of each uses its own core); core
# proves the message, the map and the status strings over the allocator
# contracts; roundtrips composes the views' contracts (put then get).
UNITS = {
    "bytes": ["proofs/bytes.c"],
    "views": ["proofs/views.c"],
    "cursor": ["proofs/views.c"],
    "roundtrips": ["proofs/roundtrips.c"],
    "span": ["proofs/span.c"],
    "core": ["src/counters.c", "src/counter_map.c", "src/status.c", "src/version.c",
             "src/items.c"],
    "zero": ["src/zero.c"],
    "cli": ["cli/text.c"],
    "utf8": ["src/utf8.c"],
}

# Functions of src/ that are deliberately not proved: their contracts are
# the trusted allocator hook (proofs/README.md).
TRUSTED_BODIES = {
    "lepack_realloc_bytes", "lepack_free_bytes", "lepack_alloc_slots",
    "lepack_free_slots", "lepack_set_allocator", "default_realloc",
    "default_free",
    # counters.c's memcpy wrapper: under __FRAMAC__ only its contract
    # (memcpy's libc contract, written for bytes) is seen.
    "copy_bytes",
    # The calloc side of the hook, and zero.c's memset and poll wrappers
    # (memset's libc contract written for bytes; the caller's poll).
    "lepack_calloc_bytes", "lepack_set_allocator_calloc", "default_calloc",
    "set_zero", "call_poll",
}
# The fast le_mem.h bodies are hidden from WP (only their contracts are
# seen); mem_swap_* exist only in that hidden branch.
HIDDEN_FAST_FORM = re.compile(r"^(mem_swap_u\d+|(le|be)_(load|store)_u(16|32|64))$")
# src/items_x86.c: the vector paths of items.h, intrinsics WP cannot read;
# their contract is trusted and the fuzzers compare them with ref/.
VECTOR_BODIES = re.compile(r"^(lepack_items_(store|load)_(vector|avx2|avx512|stream)|"
                           r"(store|load)_avx(2|512)(_stream)?|have_avx(2|512)|unpack_mask)$")
# The vector kernels of src/utf8_vec.c: only their contracts in
# src/utf8_vec.h are seen (proofs/README.md, trusted pieces).
VECTOR_KERNELS = re.compile(r"^(lepack_vec|vec)_\w+$")

PROVERS = ["Z3", "CVC4"]
WP_FLAGS = [
    "-wp", "-wp-rte",
    "-warn-unsigned-overflow", "-warn-unsigned-downcast", "-warn-signed-downcast",
    "-wp-prover", ",".join(p.lower() for p in PROVERS),
]
SMOKE_FLAGS = [
    "-wp-smoke-tests", "-wp-smoke-timeout", "1",
    # Statement-level dead code is what every early return looks like to a
    # smoke test; the contradictions that matter are in requires, assumes,
    # callee contracts and loop invariants, which stay on.
    "-wp-no-smoke-dead-code",
]
# In views, cursor and roundtrips every callee is either a function proven
# in one of those units (with exits \false, so its contract is met by a
# terminating body) or one of the le_mem.h primitives, whose contracts the
# bytes unit proves for a real body: a call there cannot hide a
# contradiction, and skipping those smoke tests keeps a cold run within
# budget.  In core the callees include the
# unproven allocator contracts, so every call is smoke-tested.
# Extra frama-c flags per unit (le_bytes.h is written in the linear
# arithmetic form the provers close without tactics).  utf8: -wp-split,
# one goal per path, keeps each goal within the provers' reach.
UNIT_FLAGS = {"utf8": ["-wp-split"]}
CALLEES_PROVEN = ["-wp-no-smoke-dead-call", "-wp-no-smoke-dead-assumes"]
UNIT_SMOKE_FLAGS = {unit: CALLEES_PROVEN for unit in ("views", "cursor", "roundtrips", "span")}


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


def defined_functions(root):
    """Names of the functions with a body in src/ (headers and .c files)."""
    names = set()
    src = os.path.join(root, "src")
    head = re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:const\s+)?[A-Za-z_][\w\s]*?[\s*]"
                      r"([A-Za-z_]\w*)\s*\(")
    for name in sorted(os.listdir(src)):
        if not name.endswith((".c", ".h")):
            continue
        lines = open(os.path.join(src, name)).read().split("\n")
        for i, line in enumerate(lines):
            m = head.match(line)
            if not m or line.startswith(("typedef", "#", " ")) or m.group(1) in ("if", "while"):
                continue
            # A definition: the first line after the signature that is not a
            # continuation or a ghost parameter list opens the body.
            j = i
            while j < len(lines) and not lines[j].rstrip().endswith((")", "*/", "{", ";")):
                j += 1
            rest = "\n".join(lines[i:j + 4])
            sig_end = rest.find(";")
            body = rest.find("{")
            if body != -1 and (sig_end == -1 or body < sig_end):
                names.add(m.group(1))
    return names


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


def run_frama(args, unit, fns, out, cache, par):
    json_path = os.path.join(out, unit + ".json")
    log_path = os.path.join(out, unit + ".log")
    if os.path.exists(json_path):
        os.remove(json_path)
    cmd = ["frama-c", "-cpp-extra-args=-I" + os.path.join(args.root, "src")]
    cmd += [os.path.join(args.root, s) for s in UNITS[unit]]
    cmd += WP_FLAGS
    cmd += ["-wp-par", str(par), "-wp-timeout", str(args.timeout)]
    cmd += ["-wp-fct", ",".join(fns)]
    cmd += UNIT_FLAGS.get(unit, [])
    if not args.no_smoke:
        cmd += SMOKE_FLAGS + UNIT_SMOKE_FLAGS.get(unit, [])
    env = dict(os.environ)
    if cache != "none":
        session = os.path.join(args.session, unit)
        cmd += ["-wp-session", session, "-wp-cache", cache]
        env["FRAMAC_WP_CACHEDIR"] = os.path.join(session, "cache")
        os.makedirs(env["FRAMAC_WP_CACHEDIR"], exist_ok=True)
    else:
        cmd += ["-wp-cache", "none"]
    cmd += ["-wp-report-json", json_path]
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=env)
    wall = time.time() - t0
    with open(log_path, "w") as f:
        f.write(p.stdout)
    if p.returncode != 0 or not os.path.exists(json_path):
        sys.stdout.write(p.stdout[-4000:])
        print("prove: frama-c failed on unit %s (exit %d), log %s" % (unit, p.returncode, log_path))
        os._exit(2)
    return json.load(open(json_path)), p.stdout, wall


def run_unit(args, unit, fns, out):
    """One unit.  With a cache, WP first runs offline: no prover starts, so
    many goals can be in flight at once (WP hands out work on a 50 ms tick,
    at most --par goals per tick, which made a full replay at --par 1 mostly
    sleep).  Only if a verdict is missing, the changed code or contract is
    proved for real at --par, in the requested cache mode."""
    if args.cache in ("update", "replay", "offline"):
        report, log, wall = run_frama(args, unit, fns, out, "offline", args.replay_par)
        misses = incomplete(report)
        if misses == 0:
            return report, log, wall, 0
        if args.cache == "offline":
            return report, log, wall, misses
        print("prove: %s: %d goals not settled by the cache, proving the unit" % (unit, misses))
        sys.stdout.flush()
        report, log, more = run_frama(args, unit, fns, out, args.cache, args.par)
        return report, log, wall + more, 0
    report, log, wall = run_frama(args, unit, fns, out, args.cache, args.par)
    return report, log, wall, 0


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--root", default=os.path.dirname(here))
    ap.add_argument("--out", default=None)
    ap.add_argument("--session", default=None)
    ap.add_argument("--cache", default="update", choices=["update", "replay", "offline", "cleanup", "none"])
    ap.add_argument("--par", type=int, default=2, help="prover processes per unit")
    ap.add_argument("--replay-par", type=int, default=32,
                    help="goals in flight per unit while reading the cache")
    ap.add_argument("--jobs", type=int, default=1, help="units run at the same time")
    ap.add_argument("--timeout", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated functions")
    ap.add_argument("--no-smoke", action="store_true")
    ap.add_argument("--no-min", action="store_true", help="skip minimum and coverage checks")
    args = ap.parse_args()
    args.root = os.path.abspath(args.root)
    out = os.path.abspath(args.out or os.path.join(args.root, "build", "prove"))
    os.makedirs(out, exist_ok=True)
    args.session = os.path.abspath(args.session or os.path.join(args.root, "proofs", "session"))

    units, minimum = read_min_goals(os.path.join(args.root, "proofs", "min_goals.txt"))
    problems = []
    if not args.no_min and not args.only:
        listed = set(minimum)
        for fn in sorted(defined_functions(args.root) - listed):
            if fn not in TRUSTED_BODIES and not HIDDEN_FAST_FORM.match(fn) and \
                    not VECTOR_BODIES.match(fn) and \
                    not VECTOR_KERNELS.match(fn):
                problems.append("%s: defined in src/ but not in proofs/min_goals.txt" % fn)
    only = set(filter(None, args.only.split(",")))

    # The units run side by side: most of a replay is frama-c's own
    # single-threaded goal generation, which overlaps well with the provers
    # of the other units.  Each unit then gets its share of --par.
    selected = [(u, [f for f in units.get(u, []) if not only or f in only]) for u in UNITS]
    selected = [(u, fns) for u, fns in selected if fns]
    results = {}
    t0 = time.time()
    if args.jobs > 1 and len(selected) > 1:
        import concurrent.futures
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futs = {u: pool.submit(run_unit, args, u, fns, out) for u, fns in selected}
            for u, fut in futs.items():
                results[u] = fut.result()
    else:
        for u, fns in selected:
            results[u] = run_unit(args, u, fns, out)
    total_wall = time.time() - t0
    rows = []
    for unit, fns in selected:
        report, log, wall, misses = results[unit]
        if misses:
            problems.append("%s: %d goals not settled by the cache (offline mode runs no prover)"
                            % (unit, misses))
        times = goal_times(log, fns)
        funcs = report.get("wp:functions", {})
        for fn in fns:
            goals = proved = smoke = smoke_ok = 0
            for prop, stats in funcs.get(fn, {}).items():
                if prop == "wp:section":
                    continue
                main_stats = stats.get("wp:main", {})
                t, v = main_stats.get("total", 0), main_stats.get("valid", 0)
                if "_wp_smoke_" in prop:
                    smoke += t
                    smoke_ok += v
                    if v < t and len(stats) == 1:
                        problems.append("%s: smoke test %s has no verdict" % (fn, prop))
                    elif v < t:
                        problems.append("%s: smoke test %s proved false: contradictory assumptions"
                                        % (fn, prop))
                else:
                    goals += t
                    proved += v
                    if v < t:
                        problems.append("%s: %s: %d of %d goals unproven" % (fn, prop, t - v, t))
            if not args.no_min and goals < minimum.get(fn, 1):
                problems.append("%s: %d goals, minimum %d (emptied body or dropped contract?)"
                                % (fn, goals, minimum[fn]))
            rows.append((unit, fn, goals, proved, smoke, smoke_ok, times.get(fn, 0.0)))

    w = max([len(r[1]) for r in rows] + [8])
    uw = max(len(u) for u in UNITS)
    print("%-*s  %-*s %6s %6s %6s %8s" % (uw, "unit", w, "function", "goals", "proved", "smoke", "time(s)"))
    for unit, fn, g, p, s, so, t in rows:
        print("%-*s  %-*s %6d %6d %6s %8.1f" % (uw, unit, w, fn, g, p, "%d/%d" % (so, s), t))
    tg = sum(r[2] for r in rows)
    tp = sum(r[3] for r in rows)
    ts = sum(r[4] for r in rows)
    tso = sum(r[5] for r in rows)
    print("%-*s  %-*s %6d %6d %6s %8.1f   (wall %.0f s)" % (uw, "", w, "TOTAL", tg, tp, "%d/%d" % (tso, ts),
                                                            sum(r[6] for r in rows), total_wall))
    print("unit wall times: " + ", ".join("%s %.0f s" % (u, results[u][2]) for u, _ in selected))
    if problems:
        for p in problems:
            print("prove: " + p)
        print("prove: FAILED (%d problems)" % len(problems))
        sys.exit(1)
    print("prove: all %d goals and %d smoke tests proved" % (tg, ts))


if __name__ == "__main__":
    main()
