#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The fuzzing campaign behind `make fuzz`, `make fuzz-afl` and
`make corpus-merge` (fuzz/README.md describes the targets).

    campaign.py run --engine libfuzzer|afl [options] HARNESS...
    campaign.py merge [options] HARNESS...
    campaign.py mutants --seconds S [--mutants-dir DIR] [PATCH...]
    campaign.py readme [--work DIR] [--readme fuzz/README.md]

run: each harness in turn for --seconds on --jobs cores (libFuzzer: that
many processes sharing one queue; AFL++: that many instances).  New inputs are
kept under the work directory, never written to corpus/:
  libFuzzer  WORK/libfuzzer/<h>/queue, its first corpus directory, kept
             between runs (the next run resumes from it);
  AFL++      WORK/afl-corpus/<h>, the seeds and the queues of every run
             minimised with afl-cmin after each run and used as the next
             run's seeds (AFL++'s advice for CI: keep the corpus, afl-cmin
             it, reuse it).
A run fails (exit 1), with the reason and a command that replays the input,
when an input crashes, when a seed crashes (checked before fuzzing with the
replay build, and in AFL++'s own dry run, which otherwise skips a crashing
seed with a warning), when the engine aborts or is killed, or when it
reports no executions.  Every run writes a summary: a table on stdout and
in WORK/<engine>-summary.txt, the same as JSON in WORK/<engine>-summary.json,
and one JSON line per harness appended to WORK/history.jsonl.

merge: the kept inputs of both engines that add coverage to corpus/<h>
(libFuzzer's -merge=1, which keeps the existing files and adds only inputs
with new features) go into corpus/<h>, named by their SHA-1; the libFuzzer
queues are emptied.  Inputs are replayed first: a crashing one stops the
merge with its replay command.

mutants: every fuzz/mutants/*.patch (or those named) fuzzed by
fuzz/mutants.sh, from the committed corpus and from nothing, each for at
most --seconds: the time to detection of each, with the commit, the date,
the load before and after and the settings, in WORK/mutants-summary.json
and .txt.  A mutant that lives --seconds is a figure (">S"), not a
failure; one that is BROKEN fails the run.

readme: copies the last summaries of both engines, with their commit,
date, machine and settings, into fuzz/README.md between
`<!-- campaign:begin -->` and `<!-- campaign:end -->`, and the last
mutants summary between `<!-- mutants:begin -->` and `<!-- mutants:end -->`.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\([A-Za-z]")


def say(msg):
    print(msg, flush=True)


def sha1_of(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def files_in(d):
    if not os.path.isdir(d):
        return []
    return sorted(os.path.join(d, n) for n in os.listdir(d)
                  if os.path.isfile(os.path.join(d, n)) and not n.startswith("."))


def copy_by_hash(paths, dest, skip_empty=False):
    """Copies files into dest named by content hash; returns the count."""
    os.makedirs(dest, exist_ok=True)
    n = 0
    for p in paths:
        if skip_empty and os.path.getsize(p) == 0:
            continue
        target = os.path.join(dest, sha1_of(p))
        if not os.path.exists(target):
            shutil.copyfile(p, target)
            n += 1
    return n


def git_commit(root):
    try:
        head = subprocess.run(["git", "-C", root, "rev-parse", "--short=12", "HEAD"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               universal_newlines=True).stdout.strip()
        return head + ("-dirty" if dirty else "") if head else "unknown"
    except OSError:
        return "unknown"


def ubsan_checks(binary):
    """UBSan's checks in a binary: call sites of its report handlers, by
    kind (add_overflow, type_mismatch_v1, ...).  Inlining and unrolling move
    the count of sites a little between builds of the same source; a kind
    missing means a check that was not compiled in."""
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", binary],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True).stdout
    except OSError:
        return None
    kinds = {}
    for k in re.findall(r"call\s+\S+\s+<__ubsan_handle_(\w+?)(?:_abort)?>", out):
        kinds[k] = kinds.get(k, 0) + 1
    return kinds


def exit_text(rc):
    if rc < 0:
        try:
            return "killed by %s" % signal.Signals(-rc).name
        except ValueError:
            return "killed by signal %d" % -rc
    return "exit status %d" % rc


def replay_cmd(replay, path):
    return "%s '%s'" % (replay, path)


def preflight(replay, seeds_dir, h):
    """Replays every seed with the ASan+UBSan replay build; returns a
    problem text naming the first seed that crashes, or None."""
    if not os.path.exists(replay):
        return None
    env = dict(os.environ, REPLAY_VERBOSE="1")
    p = subprocess.run([replay, seeds_dir], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace", env=env)
    if p.returncode == 0:
        return None
    seed = None
    for line in p.stdout.splitlines():
        m = re.match(r"replay: (.*) \(\d+ bytes\)$", line)
        if m:
            seed = m.group(1)
    report = [l for l in p.stdout.splitlines() if not l.startswith("replay: ")][:6]
    report = " | ".join(l.strip() for l in report if l.strip())
    return ("seed %s crashes the replay build (%s%s); replay: %s"
            % (seed or "?", exit_text(p.returncode), ": " + report if report else "",
               replay_cmd(replay, seed or seeds_dir)))


def wait_group(procs, deadline, watch=None):
    """Waits for the processes (each leading its own session), sampling
    their progress with watch every watch.interval seconds; past the
    deadline, or when done, ends whatever is left of each session."""
    timed_out = False
    next_tick = time.time() + watch.interval if watch and watch.interval > 0 else None
    while any(p.poll() is None for p in procs):
        now = time.time()
        if now >= deadline:
            timed_out = True
            break
        if next_tick is not None and now >= next_tick:
            watch.tick()
            next_tick = now + watch.interval
        time.sleep(max(0.05, min(0.25, deadline - now)))
    for p in procs:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(p.pid, sig)
            except ProcessLookupError:
                break
            time.sleep(0.2)
        if p.returncode is None:
            p.wait()
    return timed_out


# --- progress ------------------------------------------------------------------

def human(n):
    n = float(n)
    for div, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= div:
            return "%.*f%s" % (1 if abs(n) < 10 * div else 0, n / div, unit)
    return "%d" % n


class Watch:
    """While a harness runs: one status line every interval seconds, and
    the same as a time-series sample appended to WORK/history.jsonl
    ("kind": "sample"), so that `make fuzz-report` can plot coverage and
    exec/s over time.  sample() reads the engine's own progress output and
    returns a dict (execs, execs_per_sec, cov, corpus, crashes, ...)."""

    def __init__(self, a, h, sample):
        self.a, self.h, self.sample = a, h, sample
        self.interval = a.status_interval
        self.t0 = time.time()
        self.count = 0
        self.path = os.path.join(a.work, "history.jsonl")

    def record(self, s, final=False):
        t = round(time.time() - self.t0, 1)
        rec = dict(kind="sample", engine=self.a.engine, run=self.a.run_id, harness=self.h,
                   t=t, limit=self.a.seconds, final=final, **s)
        os.makedirs(self.a.work, exist_ok=True)
        with open(self.path, "a") as f:
            f.write(json.dumps(rec, sort_keys=True) + "\n")
        cov = "cov %s" % s.get("cov", "?")
        if "ft" in s:
            cov += ", ft %s" % s["ft"]
        if "bitmap_cvg" in s:
            cov += " (%.2f%%)" % s["bitmap_cvg"]
        say("  %-15s [%4ds/%ds]%s execs %s%s, exec/s %s, %s, corpus %s, crashes %d%s"
            % (self.h, t, self.a.seconds, " done:" if final else "",
               "~" if s.get("estimated") else "", human(s.get("execs", 0)),
               human(s.get("execs_per_sec", 0)), cov, s.get("corpus", "?"),
               s.get("crashes", 0),
               ", hangs %d" % s["hangs"] if s.get("hangs") else ""))
        self.count += 1

    def tick(self):
        if self.interval <= 0:
            return
        try:
            s = self.sample()
        except (OSError, ValueError) as e:
            say("  %s: progress not readable: %s" % (self.h, e))
            return
        if s is not None:
            self.record(s)
        else:
            say("  %-15s [%4ds/%ds] starting: no progress from the engine yet"
                % (self.h, time.time() - self.t0, self.a.seconds))


LF_LINE = re.compile(r"^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+)")
LF_CORP = re.compile(r" corp: (\d+)")
LF_RATE = re.compile(r" exec/s:? (\d+)")
# The parent of -fork=N: "#N: cov: C ft: F corp: K exec/s E oom/timeout/crash: ..."
LF_FORK_LINE = re.compile(r"^#(\d+): cov: (\d+) ft: (\d+) corp: (\d+) exec/s:? (\d+)")


def libfuzzer_progress(log, started, seen):
    """The newest status line of one libFuzzer process.  libFuzzer prints
    one on new coverage and at every power of two of executions, with
    exec/s averaged since its start (whole seconds); between lines the
    executions are estimated (estimated=True) as the line's count plus its
    rate times the time since the line was first read here.  seen keeps,
    per log, the line first read and when, and the last figure returned,
    so that the figures never fall."""
    best = None
    with open(log, "rb") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        f.seek(max(0, size - 65536))
        tail = f.read().decode("utf-8", "replace").splitlines()
    for line in reversed(tail):
        m = LF_FORK_LINE.match(line)
        if m:
            best = dict(execs=int(m.group(1)), cov=int(m.group(2)), ft=int(m.group(3)),
                        corpus=int(m.group(4)), rate=int(m.group(5)))
            break
        m = LF_LINE.match(line)
        if m:
            corp, rate = LF_CORP.search(line), LF_RATE.search(line)
            best = dict(execs=int(m.group(1)), cov=int(m.group(3)), ft=int(m.group(4)),
                        corpus=int(corp.group(1)) if corp else 0,
                        rate=int(rate.group(1)) if rate else 0)
            break
    if best is None:
        return None
    now = time.time()
    state = seen.setdefault(log, {"execs": -1, "at": now, "last": 0})
    if state["execs"] != best["execs"]:
        state.update(execs=best["execs"], at=now)
    if not best["rate"] and now - started > 1:
        best["rate"] = int(best["execs"] / (now - started))
    est = best["execs"] + int(best["rate"] * (now - state["at"]))
    best["estimated"] = est > best["execs"]
    best["execs"] = state["last"] = max(est, state["last"])
    return best


# --- libFuzzer -------------------------------------------------------------

STATUS_LINE = re.compile(r"^#(\d+)(?::|\s+\w+)\s+cov: (\d+) ft: (\d+)(?: corp: (\d+))?")


def run_libfuzzer(a, h):
    """FUZZ_JOBS libFuzzer processes on one harness, side by side: each
    writes new inputs into the shared queue and re-reads it every second
    (-reload), so each sees what the others found.  (libFuzzer's -fork
    restarts a child per job and, over runs of a minute, spent most of its
    time starting them; FUZZ_FLAGS=-fork=N with FUZZ_JOBS=1 still gives it.)"""
    work = os.path.join(a.work, "libfuzzer", h)
    queue, art = os.path.join(work, "queue"), os.path.join(work, "artifacts")
    shutil.rmtree(art, ignore_errors=True)
    for old in glob.glob(os.path.join(work, "fuzz-*.log")):
        os.remove(old)
    os.makedirs(queue, exist_ok=True)
    os.makedirs(art, exist_ok=True)
    binary = os.path.join(a.bindir, h)
    replay = os.path.join(a.replaydir, h)
    corpus = os.path.join(a.corpus_root, h)
    r = {"engine": "libfuzzer", "harness": h, "jobs": a.jobs, "seconds": a.seconds,
         "queue_before": len(files_in(queue)), "crashes": 0, "problems": []}
    for d in (queue, corpus):
        problem = preflight(replay, d, h) if os.path.isdir(d) and files_in(d) else None
        if problem:
            r["problems"].append(problem)
            return finish(r, 0)
    cmd = [binary, "-max_total_time=%d" % a.seconds, "-print_final_stats=1", "-reload=1",
           "-artifact_prefix=%s/" % art]
    opts = os.path.join(a.fuzzdir, h + ".options")
    if os.path.exists(opts):
        for line in open(opts):
            m = re.match(r"\s*(\w+)\s*=\s*(\S+)", line)
            if m:
                cmd.append("-%s=%s" % m.groups())
    d = os.path.join(a.fuzzdir, h + ".dict")
    if os.path.exists(d):
        cmd.append("-dict=" + d)
    cmd += a.flags.split()
    cmd += [queue] + ([corpus] if os.path.isdir(corpus) else [])
    logs = [os.path.join(work, "fuzz-%d.log" % k) for k in range(a.jobs)]
    say("fuzz: %s for %ds, %d process%s (logs %s)" % (h, a.seconds, a.jobs,
                                                     "es" if a.jobs > 1 else "",
                                                     os.path.join(work, "fuzz-*.log")))
    t0 = time.time()
    procs = []
    for log in logs:
        with open(log, "w") as out:
            procs.append(subprocess.Popen(["nice", "-n", str(a.nice)] + cmd, stdout=out,
                                          stderr=subprocess.STDOUT, start_new_session=True))

    seen = {}

    def sample():
        ps = [x for x in (libfuzzer_progress(log, t0, seen) for log in logs
                          if os.path.exists(log)) if x]
        if not ps:
            return None
        return dict(execs=sum(x["execs"] for x in ps), execs_per_sec=sum(x["rate"] for x in ps),
                    cov=max(x["cov"] for x in ps), ft=max(x["ft"] for x in ps),
                    corpus=max(x["corpus"] for x in ps), crashes=len(files_in(art)),
                    estimated=any(x["estimated"] for x in ps))

    watch = Watch(a, h, sample)
    timed_out = wait_group(procs, t0 + a.seconds + a.grace, watch)
    r["duration"] = round(time.time() - t0, 1)
    execs, cov, ft = 0, 0, 0
    summary, failed = [], []
    for log, p in zip(logs, procs):
        text = open(log, errors="replace").read()
        e = None
        for line in text.splitlines():
            m = STATUS_LINE.match(line)
            if m:
                e = int(m.group(1))
                cov, ft = max(cov, int(m.group(2))), max(ft, int(m.group(3)))
        m = re.findall(r"^stat::number_of_executed_units:\s*(\d+)", text, re.M)
        if m:
            e = int(m[-1])
        execs += e or 0
        if p.returncode != 0:
            failed.append("%s (%s)" % (log, exit_text(p.returncode)))
            summary += [l for l in text.splitlines()
                        if re.search(r"ERROR|SUMMARY|mismatch|deadly signal", l)][:3]
    r.update(execs=execs, cov=cov, ft=ft)
    repros = files_in(art)
    r["crashes"] = len(repros)
    if timed_out:
        r["problems"].append("libFuzzer did not stop within %ds of its time limit" % a.grace)
    what = "; ".join(summary[:3])
    if repros:
        r["problems"].append("crash: %s; replay: %s"
                             % (what or "see " + ", ".join(failed), replay_cmd(replay, repros[0])))
        r["reproducer"] = repros[0]
    elif failed:
        r["problems"].append("libFuzzer stopped without a reproducer: %s%s"
                             % (", ".join(failed), ": " + what if what else ""))
    if not r["execs"]:
        r["problems"].append("no executions reported (logs %s)" % ", ".join(logs))
    r["queue_after"] = len(files_in(queue))
    last = sample() or {}
    watch.record(dict(execs=execs, execs_per_sec=round(execs / r["duration"]) if r["duration"]
                      else 0, cov=cov, ft=ft, corpus=last.get("corpus", 0),
                      crashes=r["crashes"]), final=True)
    r["samples"] = watch.count
    return finish(r, r["queue_after"] - r["queue_before"])


# --- AFL++ -------------------------------------------------------------------

def afl_roles(a, h):
    """The instances for a harness: AFL++'s multi-core advice, in the order
    cores are handed out.  All are secondaries (-S): for short CI runs
    AFL++ advises against a main node.  The first runs the ASan build with
    CmpLog compiled in (-c 0), the second the UBSan build, any more the
    plain build; AFL_CMPLOG_ONLY_NEW skips CmpLog on the known seeds."""
    roles = [("asan", os.path.join(a.bindir, h), ["-c", "0"])]
    if a.ubsan_bindir:
        roles.append(("ubsan", os.path.join(a.ubsan_bindir, h), []))
    plain = os.path.join(a.plain_bindir, h) if a.plain_bindir else None
    while len(roles) < a.jobs and plain:
        roles.append(("plain%d" % (len(roles) - 1), plain, []))
    return roles[:max(a.jobs, 1)]


def afl_stats(path):
    stats = {}
    if os.path.exists(path):
        for line in open(path, errors="replace"):
            k, _, v = line.partition(":")
            stats[k.strip()] = v.strip()
    return stats


class StatsListener:
    """AFL++'s live figures.  Without its UI (AFL_NO_UI) AFL++ 4 rewrites
    fuzzer_stats and plot_data only about once a minute, too rarely for a
    progress line; with AFL_STATSD=1 it sends the same figures as StatsD
    gauges ("fuzzing.execs_done:123|g") over UDP about every second.  One
    socket per instance on 127.0.0.1 tells the instances apart; read()
    takes whatever has arrived since the last call, without waiting."""

    GAUGE = re.compile(r"fuzzing\.(\w+):([0-9.]+)\|g")

    def __init__(self, names):
        self.socks, self.latest = {}, {}
        for n in names:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.bind(("127.0.0.1", 0))
            sock.setblocking(False)
            self.socks[n] = sock
            self.latest[n] = {}

    def env(self, name):
        return {"AFL_STATSD": "1", "AFL_STATSD_HOST": "127.0.0.1",
                "AFL_STATSD_PORT": str(self.socks[name].getsockname()[1])}

    def read(self):
        for n, sock in self.socks.items():
            while True:
                try:
                    data = sock.recv(65536).decode("ascii", "replace")
                except (BlockingIOError, InterruptedError):
                    break
                for k, v in self.GAUGE.findall(data):
                    self.latest[n][k] = float(v)
        return self.latest

    def close(self):
        for sock in self.socks.values():
            sock.close()


def afl_progress(sync, names, prev, live=None):
    """The instances together: executions summed, exec/s over the last
    interval, coverage (edges_found) and corpus from the instance that has
    the most (they import each other's queues).  Figures from StatsD when
    an instance has sent some (live), else from its fuzzer_stats."""
    s = dict(execs=0, cov=0, corpus=0, crashes=0, hangs=0)
    seen = False
    gauges = live.read() if live else {}
    for n in names:
        inst = os.path.join(sync, n)
        g = gauges.get(n) or {}
        if g.get("execs_done") is not None:
            st = {k: "%d" % g[k] for k in ("execs_done", "edges_found", "corpus_count") if k in g}
        else:
            st = afl_stats(os.path.join(inst, "fuzzer_stats"))
            if st:
                try:
                    s["bitmap_cvg"] = max(s.get("bitmap_cvg", 0.0),
                                          float(st.get("bitmap_cvg", "0%").rstrip("%")))
                except ValueError:
                    pass
        if st:
            seen = True
            s["execs"] += int(st.get("execs_done", "0") or 0)
            s["cov"] = max(s["cov"], int(st.get("edges_found", "0") or 0))
            s["corpus"] = max(s["corpus"], int(st.get("corpus_count", "0") or 0))
        s["crashes"] += len(glob.glob(os.path.join(inst, "crashes", "id*")))
        s["hangs"] += len(glob.glob(os.path.join(inst, "hangs", "id*")))
    if not seen:
        return None
    now = time.time()
    if "t" in prev and now > prev["t"]:
        s["execs_per_sec"] = round(max(0, s["execs"] - prev["execs"]) / (now - prev["t"]))
    else:
        s["execs_per_sec"] = round(s["execs"] / max(now - prev.get("t0", now), 1e-3)) \
            if prev.get("t0") else 0
    prev.update(t=now, execs=s["execs"])
    return s


def seed_name(instance_dir, queue_name, seeds_dir):
    """The seed file an AFL++ queue or warning name ('...,orig:NAME') came from."""
    m = re.search(r"orig:(.*)$", queue_name)
    return os.path.join(seeds_dir, m.group(1)) if m else os.path.join(instance_dir, queue_name)


def run_afl(a, h):
    base = os.path.join(a.work, "afl", h)
    sync, seeds = os.path.join(base, "sync"), os.path.join(base, "seeds")
    kept = os.path.join(a.work, "afl-corpus", h)
    replay = os.path.join(a.replaydir, h)
    corpus = os.path.join(a.corpus_root, h)
    shutil.rmtree(sync, ignore_errors=True)
    shutil.rmtree(seeds, ignore_errors=True)
    os.makedirs(sync)
    r = {"engine": "afl", "harness": h, "jobs": a.jobs, "seconds": a.seconds, "crashes": 0,
         "hangs": 0, "problems": [], "queue_before": len(files_in(kept))}
    # Seeds: the kept corpus and the committed one (AFL++ refuses empty
    # files; fuzz-replay covers the empty input).
    copy_by_hash(files_in(kept) + files_in(corpus), seeds, skip_empty=True)
    if not files_in(seeds):
        r["problems"].append("no usable seed: corpus %s and %s hold no non-empty file"
                             % (corpus, kept))
        return finish(r, 0)
    if not a.no_preflight:
        problem = preflight(replay, seeds, h)
        if problem:
            r["problems"].append(problem)
            return finish(r, 0)
    roles = afl_roles(a, h)
    r["instances"] = [name for name, _, _ in roles]
    ub = [b for name, b, _ in roles if name == "ubsan"]
    lf = os.path.join(a.libfuzzer_bindir, h) if a.libfuzzer_bindir else None
    if ub and lf and os.path.exists(lf):
        mine, theirs = ubsan_checks(ub[0]) or {}, ubsan_checks(lf) or {}
        r["ubsan_checks"] = {"afl_ubsan": sum(mine.values()), "libfuzzer": sum(theirs.values())}
        say("  %s: UBSan checks (handler call sites): AFL++ UBSan instance %d, libFuzzer build %d"
            % (h, sum(mine.values()), sum(theirs.values())))
        missing = sorted(set(theirs) - set(mine))
        if missing or sum(mine.values()) < 0.9 * sum(theirs.values()):
            r["problems"].append("the UBSan instance lacks UBSan checks of the libFuzzer build "
                                 "(%d against %d sites; kinds missing: %s)"
                                 % (sum(mine.values()), sum(theirs.values()),
                                    ", ".join(missing) or "none"))
    env = dict(os.environ, AFL_SKIP_CPUFREQ="1", AFL_NO_UI="1", AFL_NO_AFFINITY="1",
               AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES="1", AFL_FAST_CAL="1",
               AFL_CMPLOG_ONLY_NEW="1", AFL_ALLOW_TMP="1")
    env.pop("AFL_SKIP_CRASHES", None)
    d = os.path.join(a.fuzzdir, h + ".dict")
    say("fuzz-afl: %s for %ds, instances %s (logs in %s)"
        % (h, a.seconds, ", ".join(r["instances"]), base))
    procs, logs = [], {}
    live = StatsListener([name for name, _, _ in roles])
    t0 = time.time()
    for name, binary, extra in roles:
        cmd = [a.afl_fuzz, "-S", name, "-V", str(a.seconds), "-i", seeds, "-o", sync]
        cmd += extra + (["-x", d] if os.path.exists(d) else []) + a.flags.split()
        cmd += ["--", binary]
        logs[name] = os.path.join(base, name + ".log")
        with open(logs[name], "w") as out:
            procs.append(subprocess.Popen(["nice", "-n", str(a.nice)] + cmd, stdout=out,
                                          stderr=subprocess.STDOUT,
                                          env=dict(env, **live.env(name)),
                                          start_new_session=True))
    prev = {"t0": t0}
    watch = Watch(a, h, lambda: afl_progress(sync, [n for n, _, _ in roles], prev, live))
    timed_out = wait_group(procs, t0 + a.seconds + a.grace, watch)
    live.close()
    r["duration"] = round(time.time() - t0, 1)
    execs = 0
    cvg = 0.0
    for (name, _, _), p in zip(roles, procs):
        text = ANSI.sub("", open(logs[name], errors="replace").read())
        inst = os.path.join(sync, name)
        for m in re.finditer(r"Test case '([^']*)' results in a (crash|timeout)", text):
            seed = seed_name(inst, m.group(1), seeds)
            r["problems"].append("%s: seed %s results in a %s in AFL++'s dry run (AFL++ skips it "
                                 "and goes on); replay: %s" % (name, seed, m.group(2),
                                                              replay_cmd(replay, seed)))
        abort = re.search(r"PROGRAM ABORT : (.*)", text)
        if abort:
            r["problems"].append("%s: AFL++ aborted: %s (log %s)"
                                 % (name, abort.group(1).strip(), logs[name]))
        elif p.returncode not in (0, None):
            r["problems"].append("%s: afl-fuzz stopped (%s) (log %s)"
                                 % (name, exit_text(p.returncode), logs[name]))
        stats = afl_stats(os.path.join(inst, "fuzzer_stats"))
        e = int(stats.get("execs_done", "0") or 0)
        if not abort and e == 0:
            r["problems"].append("%s: no executions (%s) (log %s)"
                                 % (name, "fuzzer_stats says 0" if stats else "no fuzzer_stats",
                                    logs[name]))
        execs += e
        try:
            cvg = max(cvg, float(stats.get("bitmap_cvg", "0%").rstrip("%")))
        except ValueError:
            pass
        for c in sorted(glob.glob(os.path.join(inst, "crashes", "id*"))):
            r["crashes"] += 1
            if "reproducer" not in r:
                r["reproducer"] = c
                r["problems"].append("%s: crash found; replay: %s" % (name, replay_cmd(replay, c)))
        r["hangs"] += len(glob.glob(os.path.join(inst, "hangs", "id*")))
    if timed_out:
        r["problems"].append("afl-fuzz did not stop within %ds of its time limit" % a.grace)
    r.update(execs=execs, bitmap_cvg=cvg)
    last = afl_progress(sync, [n for n, _, _ in roles], {}) or {}
    watch.record(dict(last, execs=execs, execs_per_sec=round(execs / r["duration"])
                      if r["duration"] else 0, estimated=False), final=True)
    r["samples"] = watch.count
    # Keep the queue: seeds and every instance's queue, minimised.
    grown = 0
    if not r["problems"]:
        grown = afl_keep(a, h, roles[0][1], seeds, sync, kept, base, r)
    return finish(r, grown)


def afl_keep(a, h, binary, seeds, sync, kept, base, r):
    pool = os.path.join(base, "pool")
    shutil.rmtree(pool, ignore_errors=True)
    copy_by_hash(files_in(seeds) + sorted(glob.glob(os.path.join(sync, "*", "queue", "id*"))),
                 pool)
    out = os.path.join(base, "cmin")
    shutil.rmtree(out, ignore_errors=True)
    env = dict(os.environ, AFL_ALLOW_TMP="1", AFL_QUIET="1")
    p = subprocess.run(["nice", "-n", str(a.nice), a.afl_cmin, "-i", pool, "-o", out, "--",
                        binary], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace", env=env)
    with open(os.path.join(base, "cmin.log"), "w") as f:
        f.write(p.stdout)
    if p.returncode != 0 or not files_in(out):
        r["problems"].append("afl-cmin failed (exit %d, log %s)"
                             % (p.returncode, os.path.join(base, "cmin.log")))
        return 0
    shutil.rmtree(kept, ignore_errors=True)
    os.makedirs(os.path.dirname(kept), exist_ok=True)
    copy_by_hash(files_in(out), kept)
    r["queue_after"] = len(files_in(kept))
    r["pool"] = len(files_in(pool))
    return r["queue_after"] - r["queue_before"]


# --- summary -------------------------------------------------------------------

def finish(r, grown):
    r["status"] = "FAIL" if r["problems"] else "ok"
    r["queue_growth"] = grown
    r.setdefault("duration", 0)
    r.setdefault("execs", 0)
    r["execs_per_sec"] = round(r["execs"] / r["duration"]) if r["duration"] else 0
    for p in r["problems"]:
        say("  %s: %s" % (r["harness"], p))
    return r


def write_summary(a, results):
    engine = a.engine
    head = {"engine": engine, "commit": git_commit(a.root),
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(a.started)),
            "jobs": a.jobs, "seconds_per_harness": a.seconds, "flags": a.flags,
            "machine": {"cpus": os.cpu_count(), "load": [round(x, 2) for x in os.getloadavg()]}}
    if engine == "libfuzzer":
        cols = ["harness", "execs", "exec/s", "cov/ft", "corpus", "kept(+new)", "crashes",
                "time(s)", "status"]
        row = lambda r: [r["harness"], r["execs"], r["execs_per_sec"],
                         "%s/%s" % (r.get("cov"), r.get("ft")), r.get("corpus", "?"),
                         "%s (+%d)" % (r.get("queue_after", "?"), r["queue_growth"]),
                         r["crashes"], r["duration"], r["status"]]
    else:
        cols = ["harness", "execs", "exec/s", "bitmap", "corpus", "kept(+new)", "crashes",
                "hangs", "time(s)", "status"]
        row = lambda r: [r["harness"], r["execs"], r["execs_per_sec"],
                         "%.2f%%" % r.get("bitmap_cvg", 0), r.get("corpus", "?"),
                         "%s (%+d)" % (r.get("queue_after", "?"), r["queue_growth"]),
                         r["crashes"], r["hangs"], r["duration"], r["status"]]
    rows = [cols] + [[str(x) for x in row(r)] for r in results]
    widths = [max(len(x[k]) for x in rows) for k in range(len(cols))]
    lines = ["  ".join(x[k].rjust(widths[k]) if k else x[k].ljust(widths[k])
                       for k in range(len(cols))) for x in rows]
    total = sum(r["execs"] for r in results)
    lines.append("total execs %d, %d harness%s, %s, commit %s"
                 % (total, len(results), "es" if len(results) != 1 else "",
                    "all ok" if all(r["status"] == "ok" for r in results) else "FAILED",
                    head["commit"]))
    for r in results:
        for p in r["problems"]:
            lines.append("%s: %s" % (r["harness"], p))
    text = "\n".join(lines) + "\n"
    say("")
    sys.stdout.write(text)
    os.makedirs(a.work, exist_ok=True)
    with open(os.path.join(a.work, engine + "-summary.txt"), "w") as f:
        f.write(text)
    doc = dict(head, harnesses=results, total_execs=total)
    with open(os.path.join(a.work, engine + "-summary.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    with open(os.path.join(a.work, "history.jsonl"), "a") as f:
        for r in results:
            f.write(json.dumps(dict(head, kind="run", run=a.run_id, **r), sort_keys=True) + "\n")
    say("summary: %s, %s, history %s" % (os.path.join(a.work, engine + "-summary.txt"),
                                         os.path.join(a.work, engine + "-summary.json"),
                                         os.path.join(a.work, "history.jsonl")))
    say("report: make fuzz-report writes %s (coverage of the kept queue, plots of coverage "
        "and exec/s over time from history.jsonl)" % os.path.join(a.work, "report", "index.html"))


# --- merge ----------------------------------------------------------------------

def merge(a):
    failed = 0
    for h in a.harnesses:
        corpus = os.path.join(a.corpus_root, h)
        replay = os.path.join(a.replaydir, h)
        lq = os.path.join(a.work, "libfuzzer", h, "queue")
        aq = os.path.join(a.work, "afl-corpus", h)
        cand = os.path.join(a.work, "merge", h)
        shutil.rmtree(cand, ignore_errors=True)
        n = copy_by_hash(files_in(lq) + files_in(aq), cand)
        if n == 0:
            say("corpus-merge: %s: nothing kept" % h)
            continue
        problem = preflight(replay, cand, h)
        if problem:
            say("corpus-merge: %s: not merged: %s" % (h, problem))
            failed = 1
            continue
        before = set(os.listdir(corpus))
        log = os.path.join(a.work, "merge", h + ".log")
        with open(log, "w") as out:
            p = subprocess.run([os.path.join(a.bindir, h), "-merge=1", "-max_len=4096",
                                corpus, cand], stdout=out, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            say("corpus-merge: %s: libFuzzer merge failed (exit %d, log %s)"
                % (h, p.returncode, log))
            failed = 1
            continue
        added = sorted(set(os.listdir(corpus)) - before)
        say("corpus-merge: %s: %d kept inputs, %d with new coverage added to %s"
            % (h, n, len(added), corpus))
        shutil.rmtree(lq, ignore_errors=True)
    return failed


# --- mutants ---------------------------------------------------------------------

MUTANT_FROMS = ("corpus", "empty")


def mutant_rows(path):
    """{mutant: (result, detail)} of one fuzz/mutants.sh table."""
    rows = {}
    if not os.path.exists(path):
        return rows
    for line in open(path).read().splitlines()[1:]:
        parts = line.split(None, 2)
        if len(parts) >= 2:
            rows[parts[0]] = (parts[1], parts[2] if len(parts) > 2 else "")
    return rows


def mutants(a):
    patches = a.harnesses or sorted(glob.glob(os.path.join(a.root, "fuzz", "mutants", "*.patch")),
                                    key=lambda p: [int(x) if x.isdigit() else x
                                                   for x in re.split(r"(\d+)", os.path.basename(p))])
    load_before = [round(x, 2) for x in os.getloadavg()]
    env = dict(os.environ, FUZZ_MUTANTS_FROM=" ".join(MUTANT_FROMS), FUZZ_MUTANT_RUNS="1")
    say("mutants: %d patches, from the corpus and from nothing, at most %d s each way"
        % (len(patches), a.seconds))
    p = subprocess.run(["sh", "fuzz/mutants.sh", "fuzz", a.mutants_dir, str(a.seconds)] + patches,
                       cwd=a.root, env=env)
    tables = {f: mutant_rows(os.path.join(a.mutants_dir, "fuzz-%s.txt" % f)) for f in MUTANT_FROMS}
    results = []
    for path in patches:
        name = os.path.basename(path)[:-len(".patch")]
        lines = open(path).read().splitlines()
        head = lines[:next((i for i, l in enumerate(lines) if l.startswith("--- ")), len(lines))]
        bug = next((l.split(":", 1)[1].strip() for l in head if l.startswith("Bug:")), "")
        hs = next((l.split(":", 1)[1].split() for l in head[:1] if l.startswith("harnesses:")),
                  ["counters_ops"])
        r = {"mutant": name, "bug": bug, "harness": hs[0]}
        for f in MUTANT_FROMS:
            result, detail = tables[f].get(name, ("BROKEN", "no row"))
            r[f] = result
            r[f + "_detail"] = detail
        results.append(r)
    broken = [r["mutant"] for r in results if "BROKEN" in (r["corpus"], r["empty"])]
    doc = {"commit": git_commit(a.root), "seconds": a.seconds,
           "started": time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(a.started)),
           "duration": round(time.time() - a.started),
           "machine": {"cpus": os.cpu_count(), "load_before": load_before,
                       "load_after": [round(x, 2) for x in os.getloadavg()]},
           "mutants": results}
    os.makedirs(a.work, exist_ok=True)
    with open(os.path.join(a.work, "mutants-summary.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    text = mutants_table(doc)
    with open(os.path.join(a.work, "mutants-summary.txt"), "w") as f:
        f.write(text + "\n")
    sys.stdout.write(text + "\n")
    if broken or p.returncode == 2:
        say("mutants: BROKEN (not evidence either way): %s" % " ".join(broken))
        return 1
    lived = [r["mutant"] for r in results if "SURVIVED" in (r["corpus"], r["empty"])]
    if lived:
        say("mutants: lived %d s (a figure, not a failure; the corpus replay in make check "
            "must still catch them): %s" % (a.seconds, " ".join(lived)))
    return 0


def mutant_time(result, seconds):
    return ">%d s" % seconds if result == "SURVIVED" else result.replace("s", " s")


def mutants_table(doc):
    lines = ["| mutant | bug (docs/bugs.md) | harness | from the corpus | from nothing | caught by |",
             "|---|---|---|---|---|---|"]
    for r in doc["mutants"]:
        why = ""
        for f in MUTANT_FROMS:
            d = r.get(f + "_detail", "")
            if ": " in d and r[f] not in ("SURVIVED", "BROKEN"):
                why = d.split(": ", 1)[1]
                break
        # A sanitizer's report without its process id and addresses.
        why = re.sub(r" on (address|unknown address) 0x[0-9a-f]+.*", "", re.sub(r"==\d+==", "", why))
        why = why.replace("|", "\\|").strip()
        lines.append("| `%s` | `%s` | %s | %s | %s | %s |"
                     % (r["mutant"], r["bug"], r["harness"], mutant_time(r["corpus"], doc["seconds"]),
                        mutant_time(r["empty"], doc["seconds"]), "`%s`" % why if why else ""))
    return "\n".join(lines)


def readme(a):
    text = open(a.readme).read()
    done = 0
    m = os.path.join(a.work, "mutants-summary.json")
    mb, me = "<!-- mutants:begin -->", "<!-- mutants:end -->"
    if os.path.exists(m) and mb in text and me in text:
        s = json.load(open(m))
        body = ("%s\nCopied by `make fuzz-readme` from the last `make fuzz-figures` "
                "(build/fuzz/campaign/mutants-summary.json): each mutant of fuzz/mutants/ built "
                "once (libFuzzer, ASan + UBSan), fuzzed from the committed corpus with its "
                "dictionary and from an empty directory without one, `-use_value_profile=1`, "
                "seed 1, at most %d s each, niced; started %s at commit %s, %d s in all, on %d "
                "CPUs (load average %s before, %s after).\n\n%s\n%s"
                % (mb, s["seconds"], s["started"], s["commit"], s["duration"], s["machine"]["cpus"],
                   ", ".join(str(x) for x in s["machine"]["load_before"]),
                   ", ".join(str(x) for x in s["machine"]["load_after"]), mutants_table(s), me))
        start, stop = text.index(mb), text.index(me) + len(me)
        text = text[:start] + body + text[stop:]
        done += 1
    open(a.readme, "w").write(text)
    return campaign_readme(a, done)


def campaign_readme(a, done):
    begin, end = "<!-- campaign:begin -->", "<!-- campaign:end -->"
    text = open(a.readme).read()
    if begin not in text or end not in text:
        say("fuzz-readme: %s has no %s ... %s block" % (a.readme, begin, end))
        return 1
    parts = []
    for engine, what in (("libfuzzer", "`make fuzz`"), ("afl", "`make fuzz-afl`")):
        path = os.path.join(a.work, engine + "-summary.json")
        if not os.path.exists(path):
            continue
        s = json.load(open(path))
        table = open(os.path.join(a.work, engine + "-summary.txt")).read().rstrip("\n")
        parts.append("%s with FUZZ_SECONDS=%d, FUZZ_JOBS=%d%s, started %s at commit %s, on %d CPUs "
                     "(load average %s at the end):\n\n```\n%s\n```"
                     % (what, s["seconds_per_harness"], s["jobs"],
                        ", FUZZ_FLAGS=\"%s\"" % s["flags"] if s["flags"] else "",
                        s["started"], s["commit"], s["machine"]["cpus"],
                        ", ".join(str(x) for x in s["machine"]["load"]), table))
        checks = [(h["harness"], h["ubsan_checks"]) for h in s["harnesses"] if "ubsan_checks" in h]
        if checks:
            parts.append("UBSan checks (call sites of UBSan's handlers, `objdump -d`), AFL++ "
                         "UBSan instance against the libFuzzer build: "
                         + ", ".join("%s %d / %d" % (h, c["afl_ubsan"], c["libfuzzer"])
                                     for h, c in checks) + ".")
    if not parts:
        if done:
            say("fuzz-readme: %s: mutants updated; no campaign summary in %s" % (a.readme, a.work))
            return 0
        say("fuzz-readme: no summary in %s: run make fuzz or make fuzz-afl first" % a.work)
        return 1
    body = ("%s\nCopied by `make fuzz-readme` from the last runs' summaries (%s).\n\n%s\n%s"
            % (begin, os.path.join(a.work, "*-summary.json"), "\n\n".join(parts), end))
    start, stop = text.index(begin), text.index(end) + len(end)
    open(a.readme, "w").write(text[:start] + body + text[stop:])
    say("fuzz-readme: %s updated" % a.readme)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("action", choices=["run", "merge", "mutants", "readme"])
    ap.add_argument("harnesses", nargs="*")
    ap.add_argument("--engine", choices=["libfuzzer", "afl"], default="libfuzzer")
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--flags", default="", help="extra engine flags, passed through")
    ap.add_argument("--work", default="build/fuzz/campaign")
    ap.add_argument("--bindir", default="", help="the engine's binaries (<dir>/<harness>)")
    ap.add_argument("--ubsan-bindir", default="", help="AFL++: UBSan instance binaries")
    ap.add_argument("--plain-bindir", default="", help="AFL++: binaries for further instances")
    ap.add_argument("--libfuzzer-bindir", default="",
                    help="AFL++: libFuzzer builds, to compare UBSan check counts")
    ap.add_argument("--replaydir", default="")
    ap.add_argument("--readme", default="fuzz/README.md")
    ap.add_argument("--mutants-dir", default="build/fuzz/mutants",
                    help="mutants: fuzz/mutants.sh's work directory")
    ap.add_argument("--corpus-root", default="corpus")
    ap.add_argument("--fuzzdir", default="fuzz", help="where <harness>.dict/.options live")
    ap.add_argument("--afl-fuzz", default="afl-fuzz")
    ap.add_argument("--afl-cmin", default="afl-cmin")
    ap.add_argument("--no-preflight", action="store_true",
                    help="AFL++: skip the replay of the seeds (to test AFL++'s own dry run)")
    ap.add_argument("--grace", type=int, default=120,
                    help="seconds past --seconds before an engine is killed")
    ap.add_argument("--nice", type=int, default=10)
    ap.add_argument("--status-interval", type=float,
                    default=float(os.environ.get("FUZZ_STATUS_SECONDS") or 5),
                    help="seconds between status lines (FUZZ_STATUS_SECONDS, 5; 0: none)")
    a = ap.parse_intermixed_args()
    a.root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    a.started = time.time()
    a.run_id = "%s-%s" % (time.strftime("%Y%m%dT%H%M%S", time.localtime(a.started)), a.engine)
    a.jobs = max(a.jobs, 1)
    if a.action == "readme":
        return readme(a)
    if a.action == "mutants":
        a.mutants_dir = os.path.abspath(a.mutants_dir)
        a.harnesses = [os.path.abspath(p) for p in a.harnesses]
        return mutants(a)
    if not a.harnesses or not a.bindir or not a.replaydir:
        ap.error("run and merge need harnesses, --bindir and --replaydir")
    if a.action == "merge":
        return merge(a)
    results = []
    for h in a.harnesses:
        r = run_libfuzzer(a, h) if a.engine == "libfuzzer" else run_afl(a, h)
        r["corpus"] = len(files_in(os.path.join(a.corpus_root, h)))
        results.append(r)
    write_summary(a, results)
    return 1 if any(r["problems"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
