#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Tables of the zeroing benchmark (bench/zero_bench.c).

Reads DIR/{tput_touched,tput_fresh,pauses,stop,sweep,cross}.jsonl and DIR/meta.json
(written by `make bench-zero`), prints the tables and writes them between
the markers

    <!-- zero-bench:begin -->  ...  <!-- zero-bench:end -->

of each file named by --into (appended at the end when a file has no
markers yet, as bench/results.md after bench/report.py rewrote it).

    zero_report.py --dir build/bench/zero --into bench/results.md docs/performance.md
"""
import argparse
import collections
import json
import math
import os
import statistics
import sys

BEGIN = "<!-- zero-bench:begin -->"
END = "<!-- zero-bench:end -->"
CHUNKED = ["chunk_64k", "chunk_1m", "chunk_4m", "timed_100us"]
ALL = ["memset"] + CHUNKED + ["calloc", "calloc_touch", "malloc_memset"]
LABEL = {"memset": "one memset", "chunk_64k": "64 KiB chunks", "chunk_1m": "1 MiB chunks",
         "chunk_4m": "4 MiB chunks", "timed_100us": "budget 100 us", "calloc": "calloc", "calloc_touch": "calloc + touch",
         "malloc_memset": "malloc + memset", "nt_1m": "1 MiB chunks, non-temporal stores"}


def load(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip().startswith("{")]


def size_name(n):
    for unit, div in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return "%d %s" % (n // div, unit)
    return "%d B" % n


def fmt_time(ns):
    if ns is None:
        return "-"
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.1f us" % (ns / 1e3)
    return "%.1f ns" % ns


def fmt_us(ns):
    us = ns / 1e3
    if us >= 100:
        return "%.0f" % us
    if us >= 10:
        return "%.1f" % us
    return "%.2f" % us


def pct(values, q):
    """Nearest-rank percentile of a sorted list."""
    if not values:
        return None
    k = max(0, min(len(values) - 1, int(math.ceil(q / 100.0 * len(values))) - 1))
    return values[k]


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    return out + ["| " + " | ".join(r) + " |" for r in rows]


def tput_tables(rows, memory):
    rows = [r for r in rows if r.get("kind") == "tput" and r["memory"] == memory]
    sizes = sorted({r["bytes"] for r in rows})
    times, ratios = [], []
    for n in sizes:
        rr = [r for r in rows if r["bytes"] == n]
        med = {v: statistics.median(r[v] for r in rr) for v in ALL}
        gbs = n / med["memset"]
        times.append([size_name(n), str(len(rr))] + [fmt_time(med[v]) for v in ALL] +
                     ["%.1f" % gbs])
        cells = [size_name(n)]
        for v in CHUNKED + ["calloc", "calloc_touch", "malloc_memset"]:
            per = sorted(r["memset"] / r[v] for r in rr)
            best = min(r["memset"] for r in rr) / min(r[v] for r in rr)
            cells.append("%.2fx (%.2f-%.2f; fastest %.2fx)" % (
                statistics.median(per), pct(per, 25), pct(per, 75), best))
        ratios.append(cells)
    t1 = table(["size", "rounds"] + [LABEL[v] for v in ALL] + ["memset GB/s"], times)
    t2 = table(["size"] + [LABEL[v] for v in CHUNKED + ["calloc", "calloc_touch",
                                                        "malloc_memset"]], ratios)
    return t1, t2


def pause_groups(rows):
    g = collections.OrderedDict()
    for r in rows:
        if r.get("kind") != "pause":
            continue
        g.setdefault((r["memory"], r["bytes"], r["variant"]), []).append(r)
    return g


def pause_table(rows):
    out = []
    order = {v: i for i, v in enumerate(ALL)}
    for (memory, n, v), runs in sorted(pause_groups(rows).items(),
                                       key=lambda kv: (kv[0][0] != "touched", kv[0][1],
                                                       order[kv[0][2]])):
        gaps = sorted(x for r in runs for x in r["gaps"])
        longest = sorted(max(r["gaps"]) for r in runs)
        cpu = sorted(x for r in runs for x in r.get("cpu_gaps", []))
        clean = [r for r in runs if r.get("preempted", 0) == 0]
        clean_max = max((max(r["gaps"]) for r in clean), default=None)
        out.append([memory, size_name(n), LABEL[v], str(len(runs)), str(len(gaps)),
                    fmt_us(pct(gaps, 50)), fmt_us(pct(gaps, 99)), fmt_us(gaps[-1]),
                    fmt_us(statistics.median(longest)),
                    "%s / %s" % (fmt_us(pct(cpu, 99)), fmt_us(cpu[-1])) if cpu else "-",
                    "%s (%d of %d runs)" % (fmt_us(clean_max) if clean_max else "-",
                                            len(clean), len(runs))])
    return table(["memory", "size", "zeroing", "runs", "gaps", "gap p50 us", "gap p99 us",
                  "gap max us", "longest gap per run, median us",
                  "CPU-time gap p99 / max us", "max gap in runs never preempted, us"], out)


def histogram(rows, memory, n):
    """Text histogram of the gaps, log2 buckets in microseconds."""
    groups = pause_groups(rows)
    edges = [2 ** k for k in range(0, 21)]  # 1 us .. 1 s
    lines = []
    for v in ["memset"] + CHUNKED:
        runs = groups.get((memory, n, v))
        if not runs:
            continue
        gaps = [x / 1e3 for r in runs for x in r["gaps"]]
        counts = collections.Counter()
        for g in gaps:
            k = 0
            while k < len(edges) and g >= edges[k]:
                k += 1
            counts[k] += 1
        lines.append("%s, %s %s memory, %d gaps between polls (a run's start and end count as "
                     "polls)" % (LABEL[v], size_name(n), memory, len(gaps)))
        for k in range(min(counts), max(counts) + 1):
            lo = "0" if k == 0 else "%g" % edges[k - 1]
            hi = "%g" % edges[k] if k < len(edges) else "inf"
            c = counts.get(k, 0)
            share = c / len(gaps)
            bar = "#" * int(round(share * 50))
            if c and not bar:
                bar = "."
            lines.append("  %8s - %-8s us %7d %6.2f%% %s" % (lo, hi, c, 100 * share, bar))
        lines.append("")
    return ["```"] + lines[:-1] + ["```"]


def stop_table(rows):
    rows = [r for r in rows if r.get("kind") == "stop"]
    out = []
    for v in ["memset"] + CHUNKED:
        rr = [r for r in rows if r["variant"] == v]
        if not rr:
            continue
        during = [r for r in rr if r["during"]]
        lat = sorted(r["latency"] for r in during)
        clean = sorted(r["latency"] for r in during if r.get("preempted", 0) == 0)
        cells = [LABEL[v], str(len(rr)), str(len(during))]
        cells += [fmt_us(pct(lat, q)) if lat else "-" for q in (50, 99)] + \
                 [fmt_us(lat[-1]) if lat else "-"]
        cells += ["%s / %s / %s (%d)" % (fmt_us(pct(clean, 50)), fmt_us(pct(clean, 99)),
                                         fmt_us(clean[-1]), len(clean)) if clean else "-"]
        out.append(cells)
    return table(["zeroing", "trials", "stop during the work", "p50 us", "p99 us", "max us",
                  "never preempted: p50 / p99 / max us (trials)"], out)


def sweep_table(rows):
    rows = [r for r in rows if r.get("kind") == "sweep"]
    if not rows:
        return []
    keys = sorted((k for k in rows[0] if k.startswith("chunk_")), key=lambda k: int(k[6:]))
    out = []
    for k in ["memset"] + keys + ["nt_1m"]:
        name = LABEL.get(k) or "%s chunks, memset" % size_name(int(k[6:]))
        per = sorted(r["memset"] / r[k] for r in rows)
        best = min(r["memset"] for r in rows) / min(r[k] for r in rows)
        out.append([name, fmt_time(statistics.median(r[k] for r in rows)),
                    fmt_time(min(r[k] for r in rows)),
                    "%.2fx (%.2f-%.2f)" % (statistics.median(per), pct(per, 25), pct(per, 75)),
                    "%.2fx" % best])
    return table(["256 MiB, touched", "median time", "fastest", "throughput / one memset, "
                  "median of rounds (p25-p75)", "fastest / fastest one memset"], out)


def cross_table(rows):
    meta = [r for r in rows if r.get("kind") == "cross_meta"]
    rows = [r for r in rows if r.get("kind") == "cross"]
    out = []
    for n in sorted({r["bytes"] for r in rows}):
        rr = [r for r in rows if r["bytes"] == n]
        cells = [size_name(n), str(len(rr)), fmt_time(statistics.median(r["memset"] for r in rr))]
        for k in ("chunk_memset", "chunk_stream"):
            per = sorted(r["memset"] / r[k] for r in rr)
            cells.append("%.2fx (%.2f-%.2f)" % (statistics.median(per), pct(per, 25), pct(per, 75)))
        per = sorted(r["chunk_memset"] / r["chunk_stream"] for r in rr)
        cells.append("%.2fx" % statistics.median(per))
        out.append(cells)
    head = []
    if meta:
        m = meta[0]
        head = ["The last-level cache as this system reports it: %s; the non-temporal path is "
                "taken from %s (src/cpu.c, kernel level %d)." % (
                    size_name(m["llc"]) if m["llc"] else "unknown", size_name(m["stream_min"]),
                    m["level"]), ""]
    return head + table(["touched", "rounds", "one memset", "1 MiB memset chunks / one memset",
                         "1 MiB non-temporal chunks / one memset",
                         "non-temporal / memset chunks"], out)


def targets(tt, tf, pauses, stop):
    out = []

    def check(ok, text):
        out.append("- %s %s" % ("met: " if ok else "MISS:", text))

    for memory, src in (("touched", tt), ("fresh", tf)):
        rows = [r for r in src if r.get("kind") == "tput"]
        for v in ("chunk_1m", "timed_100us"):
            for n in sorted({r["bytes"] for r in rows}):
                rr = [r for r in rows if r["bytes"] == n]
                per = sorted(r["memset"] / r[v] for r in rr)
                m, q = statistics.median(per), pct(per, 25)
                check(m >= 0.95 and q >= 0.95, "%s at %s, %s: %.2fx the throughput of one memset, "
                      "p25 %.2fx (>= 0.95x both)" % (LABEL[v], size_name(n), memory, m, q))
    g = pause_groups(pauses)
    for (memory, n, v), runs in sorted(g.items()):
        if v != "timed_100us":
            continue
        gaps = sorted(x for r in runs for x in r["gaps"])
        clean = [max(r["gaps"]) for r in runs if r.get("preempted", 0) == 0]
        cpu = sorted(x for r in runs for x in r.get("cpu_gaps", []))
        check(gaps[-1] <= 100e3 and pct(gaps, 99) <= 80e3,
              "budget 100 us at %s, %s: longest gap %s us (<= 100), p99 %s us (<= 80)" % (
                  size_name(n), memory, fmt_us(gaps[-1]), fmt_us(pct(gaps, 99))))
        if cpu:
            check(cpu[-1] <= 100e3, "budget 100 us at %s, %s: longest gap in thread CPU time %s us "
                  "(<= 100 us; the clock's gaps also hold the time the scheduler kept the thread "
                  "off the CPU)" % (size_name(n), memory, fmt_us(cpu[-1])))
        if clean:
            check(max(clean) <= 100e3, "budget 100 us at %s, %s: longest gap of the %d of %d runs "
                  "never preempted %s us (<= 100 us)" % (size_name(n), memory, len(clean),
                                                           len(runs), fmt_us(max(clean))))
    for n in (256 << 20, 1 << 30):
        one = g.get(("touched", n, "memset"))
        if one:
            check(statistics.median(r["total"] for r in one) >= 1e6,
                  "one memset of %s pauses %s (milliseconds)"
                  % (size_name(n), fmt_time(statistics.median(r["total"] for r in one))))
    return out


def render(d):
    meta = {}
    if os.path.exists(os.path.join(d, "meta.json")):
        with open(os.path.join(d, "meta.json")) as f:
            meta = json.load(f)
    tt = load(os.path.join(d, "tput_touched.jsonl"))
    tf = load(os.path.join(d, "tput_fresh.jsonl"))
    pauses = load(os.path.join(d, "pauses.jsonl"))
    stop = load(os.path.join(d, "stop.jsonl"))
    sweep = load(os.path.join(d, "sweep.jsonl"))
    cross = load(os.path.join(d, "cross.jsonl"))
    if not (tt or tf or pauses or stop):
        sys.exit("zero_report: no results in %s" % d)
    md = [BEGIN, "",
          "Generated by `make bench-zero` (bench/zero_bench.c, bench/zero_report.py) on src "
          "commit `%s`%s, %s." % (meta.get("commit", "?"),
                                   " with uncommitted changes in src/" if meta.get("dirty") else "",
                                   meta.get("date", "?")),
          "Machine: %s; %s; transparent huge pages `%s`; load average %s at the start, %s at "
          "the end; MemAvailable %s MiB." % (
              meta.get("cpu", "?"), meta.get("libc", "?"), meta.get("thp", "?"),
              meta.get("load_start", "?"), meta.get("load_end", "?"),
              meta.get("mem_available_mib", "?")),
          ""]
    skipped = [r for r in tt + tf + pauses if "skip" in r]
    for r in skipped[:1]:
        md += ["1 GiB left out: %s." % r["why"], ""]
    for memory, rows in (("touched", tt), ("fresh", tf)):
        if not rows:
            continue
        t1, t2 = tput_tables(rows, memory)
        md += ["#### Time to zero n bytes, %s memory (median of paired rounds)" % memory, ""]
        md += t1 + [""]
        md += ["#### Throughput against one memset, %s memory (median of the per-round "
               "ratios, p25-p75; and the fastest round of each against the fastest of "
               "one memset)" % memory, ""]
        md += t2 + [""]
    if sweep:
        md += ["#### Where one memset's speed comes from (256 MiB, touched)", ""]
        md += sweep_table(sweep) + [""]
    if cross:
        md += ["#### The threshold: 1 MiB chunks of touched memory through memset and through "
               "the non-temporal kernel (median of paired rounds, p25-p75)", ""]
        md += cross_table(cross) + [""]
    if pauses:
        md += ["#### Pauses: the gaps between two polls", ""]
        md += pause_table(pauses) + [""]
        md += ["#### Gap histogram, 256 MiB, touched memory", ""]
        md += histogram(pauses, "touched", 256 << 20) + [""]
        md += ["#### Gap histogram, 256 MiB, fresh memory", ""]
        md += histogram(pauses, "fresh", 256 << 20) + [""]
    if stop:
        win = [r for r in stop if r.get("kind") == "stop_window"]
        md += ["#### Time to stop: a second thread asks at a random moment (256 MiB, touched)",
               ""]
        if win:
            md += ["The request falls uniformly within %s, the fastest of five one-memset "
                   "runs; a request that arrives after the work ended is not counted." %
                   fmt_time(win[0]["window"]), ""]
        md += stop_table(stop) + [""]
    md += ["#### Targets", ""] + targets(tt, tf, pauses, stop) + ["", END]
    return "\n".join(md) + "\n"


def splice(path, block):
    text = open(path).read() if os.path.exists(path) else ""
    if BEGIN in text and END in text:
        head = text[:text.index(BEGIN)]
        tail = text[text.index(END) + len(END):]
        if tail.startswith("\n"):
            tail = tail[1:]
        text = head + block + tail
    else:
        text = text.rstrip("\n") + "\n\n## Zeroing large buffers (src/zero.h)\n\n" + block
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--into", nargs="*", default=[])
    a = ap.parse_args()
    block = render(a.dir)
    sys.stdout.write(block)
    for path in a.into:
        splice(path, block)


if __name__ == "__main__":
    main()
