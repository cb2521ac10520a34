#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The campaign report behind `make fuzz-report` (fuzz/README.md describes it).

    report.py --work build/fuzz/campaign --out DIR --cov-bindir DIR HARNESS...

Writes into DIR (default WORK/report):
  coverage/index.html  llvm-cov's HTML report of src/ and cli/ reached by
                       replaying the committed corpus AND the campaign's kept
                       queues (WORK/libfuzzer/<h>/queue, WORK/afl-corpus/<h>)
                       through the coverage builds (<cov-bindir>/fuzz_<h>)
  <engine>-coverage.png, <engine>-execs.png
                       coverage and exec/s over time, one line per harness,
                       from the samples campaign.py appends to
                       WORK/history.jsonl while the engines run (the newest
                       run of each harness)
  report.json          the coverage figures of index.html
  index.html           links both, with line, branch and function coverage
                       of the committed corpus alone against corpus plus
                       kept queue, per harness and in total
Needs matplotlib (Debian: python3-matplotlib), hence /usr/bin/python3.
"""
import argparse
import html
import json
import os
import shutil
import subprocess
import sys
import time

ENGINES = {"libfuzzer": "libFuzzer (make fuzz)", "afl": "AFL++ (make fuzz-afl)"}


def die(msg):
    print("fuzz-report: " + msg, file=sys.stderr, flush=True)
    sys.exit(1)


def files_in(d):
    if not os.path.isdir(d):
        return []
    return sorted(os.path.join(d, n) for n in os.listdir(d)
                  if os.path.isfile(os.path.join(d, n)) and not n.startswith("."))


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace", **kw)
    if p.returncode != 0:
        die("%s failed (exit %d):\n%s" % (" ".join(cmd), p.returncode, p.stdout[-3000:]))
    return p.stdout


# --- coverage ----------------------------------------------------------------

def replay(a, h, dirs, raw, tag):
    """Replays dirs through the coverage build of h; returns the profraw
    pattern's directory content count."""
    binary = os.path.join(a.cov_bindir, "fuzz_" + h)
    if not os.path.exists(binary):
        die("no coverage build %s (make fuzz-report builds it)" % binary)
    dirs = [d for d in dirs if files_in(d)]
    if not dirs:
        return False
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(raw, "%s-%s-%%p.profraw" % (tag, h)))
    p = subprocess.run([binary] + dirs, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, errors="replace", env=env)
    if p.returncode != 0:
        die("an input of %s crashes the coverage build (exit %d): %s\nreplay: "
            "build/fuzz/replay/%s %s" % (h, p.returncode, p.stdout.strip()[-1500:], h,
                                         " ".join(dirs)))
    return True


def merge(a, raws, out):
    run([a.profdata, "merge", "-sparse"] + raws + ["-o", out])


def totals(a, objects, profdata):
    args = [a.llvm_cov, "export", "-summary-only", "-format=text",
            "-instr-profile=" + profdata, "-ignore-filename-regex=" + a.ignore]
    args += [objects[0]] + ["-object=" + o for o in objects[1:]]
    t = json.loads(run(args))["data"][0]["totals"]
    return {k: (t[k]["covered"], t[k]["count"]) for k in ("lines", "branches", "functions")}


def coverage(a, out):
    raw = os.path.join(out, "raw")
    shutil.rmtree(raw, ignore_errors=True)
    os.makedirs(raw)
    per = []
    for h in a.harnesses:
        corpus = os.path.join(a.corpus_root, h)
        kept = [os.path.join(a.work, "libfuzzer", h, "queue"),
                os.path.join(a.work, "afl-corpus", h)]
        row = {"harness": h, "corpus_files": len(files_in(corpus)),
               "kept_files": sum(len(files_in(d)) for d in kept)}
        has_corpus = replay(a, h, [corpus], raw, "corpus")
        has_kept = replay(a, h, kept, raw, "kept")
        obj = [os.path.join(a.cov_bindir, "fuzz_" + h)]
        for tag, raws in (("corpus", ["corpus"] if has_corpus else []),
                          ("all", (["corpus"] if has_corpus else [])
                           + (["kept"] if has_kept else []))):
            files = [os.path.join(raw, n) for n in sorted(os.listdir(raw))
                     if n.endswith(".profraw") and n.split("-", 1)[0] in raws and n.split("-", 1)[1].startswith(h + "-")]
            if files:
                pd = os.path.join(raw, "%s-%s.profdata" % (tag, h))
                merge(a, files, pd)
                row[tag] = totals(a, obj, pd)
        per.append(row)
        print("fuzz-report: %s: replayed %d committed and %d kept inputs"
              % (h, row["corpus_files"], row["kept_files"]), flush=True)
    profraws = [os.path.join(raw, n) for n in sorted(os.listdir(raw)) if n.endswith(".profraw")]
    if not profraws:
        die("nothing to replay: no committed corpus and no kept queue for %s"
            % " ".join(a.harnesses))
    objects = [os.path.join(a.cov_bindir, "fuzz_" + h) for h in a.harnesses]
    total = {}
    for tag in ("corpus", "all"):
        files = [f for f in profraws if tag == "all" or os.path.basename(f).startswith("corpus-")]
        if files:
            pd = os.path.join(raw, tag + ".profdata")
            merge(a, files, pd)
            total[tag] = totals(a, objects, pd)
    html_dir = os.path.join(out, "coverage")
    shutil.rmtree(html_dir, ignore_errors=True)
    args = [a.llvm_cov, "show", "-format=html", "-output-dir=" + html_dir,
            "-instr-profile=" + os.path.join(raw, "all.profdata"),
            "-ignore-filename-regex=" + a.ignore, "-show-branches=count",
            "-show-line-counts-or-regions", "-project-title=lepack: committed corpus + kept queue"]
    run(args + [objects[0]] + ["-object=" + o for o in objects[1:]])
    return per, total


# --- plots ---------------------------------------------------------------------

def load_history(path):
    samples = []
    if not os.path.exists(path):
        return samples
    with open(path, errors="replace") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                print("fuzz-report: %s:%d: not JSON, skipped" % (path, n), flush=True)
                continue
            if rec.get("kind") == "sample":
                samples.append(rec)
    return samples


def newest_runs(samples, engine, harnesses):
    """{harness: [samples of its newest run]} for one engine."""
    by = {}
    for s in samples:
        if s.get("engine") == engine and s.get("harness") in harnesses:
            by.setdefault(s["harness"], {}).setdefault(s["run"], []).append(s)
    return {h: sorted(runs[max(runs)], key=lambda s: s["t"])
            for h, runs in by.items()}


def human(v):
    for div, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(v) >= div:
            return ("%.1f" % (v / div)).rstrip("0").rstrip(".") + unit
    return ("%.1f" % v).rstrip("0").rstrip(".")


def plot(engine, series, out):
    """Two PNGs per engine: coverage and exec/s against time since the
    harness started, one line per harness."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator
    span = max(s[-1]["t"] for s in series.values())
    minutes = span > 300
    scale, unit = (60.0, "minutes") if minutes else (1.0, "seconds")
    cov_label = ("edges covered (libFuzzer cov:)" if engine == "libfuzzer"
                 else "edges found (AFL++ edges_found)")
    made = []
    for key, ylabel, fname, log in (
            ("cov", cov_label, "%s-coverage.png" % engine, False),
            ("execs_per_sec", "executions per second (all %s)"
             % ("processes" if engine == "libfuzzer" else "instances"),
             "%s-execs.png" % engine, True)):
        fig, ax = plt.subplots(figsize=(9, 5), dpi=110)
        for h in sorted(series):
            pts = [(s["t"] / scale, s.get(key, 0)) for s in series[h]]
            if log:
                pts = [(t, v) for t, v in pts if v > 0]
            if not pts:
                continue
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3,
                    linewidth=1.6, label=h)
        ax.set_xlabel("time since the harness started (%s)" % unit)
        ax.set_ylabel(ylabel)
        limits = sorted({s[0].get("limit") for s in series.values() if s[0].get("limit")})
        for k, lim in enumerate(limits):
            ax.axvline(lim / scale, color="grey", linestyle="--", linewidth=1,
                       label="time limit" if k == 0 else None)
        if log:
            ax.set_yscale("log")
            ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
            ax.yaxis.set_minor_formatter(FuncFormatter(lambda v, _: ""))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: human(v)))
        ax.set_xlim(left=0)
        if not log:
            ax.set_ylim(bottom=0)
        runs = sorted({s[0]["run"] for s in series.values()})
        ax.set_title("%s: %s over time (run%s %s)"
                     % (ENGINES[engine].split(" (")[0],
                        "coverage" if key == "cov" else "exec/s",
                        "s" if len(runs) > 1 else "", ", ".join(r.rsplit("-", 1)[0] for r in runs)),
                     fontsize=11)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(title="harness", loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=9)
        fig.tight_layout()
        fig.savefig(os.path.join(out, fname))
        plt.close(fig)
        made.append(fname)
    return made


# --- index -----------------------------------------------------------------------

def pct(c):
    covered, count = c
    return "%d/%d (%.1f%%)" % (covered, count, 100.0 * covered / count if count else 0.0)


def index(a, out, per, total, plots, series_by_engine):
    e = html.escape
    rows = []
    for r in per + [dict(harness="all harnesses", corpus_files=sum(x["corpus_files"] for x in per),
                         kept_files=sum(x["kept_files"] for x in per), **total)]:
        c, k = r.get("corpus"), r.get("all")
        cells = [e(r["harness"]), str(r["corpus_files"]), str(r["kept_files"])]
        for key in ("lines", "branches", "functions"):
            cells.append(pct(c[key]) if c else "-")
            cells.append(pct(k[key]) if k else "-")
        rows.append("<tr><td>" + "</td><td>".join(cells) + "</td></tr>")
    parts = ["<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
             "<title>lepack fuzzing campaign report</title>",
             "<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}"
             "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;"
             "text-align:right}td:first-child{text-align:left}img{max-width:100%}</style>",
             "</head><body>", "<h1>lepack fuzzing campaign report</h1>",
             "<p>Written %s by <code>make fuzz-report</code> from <code>%s</code>.</p>"
             % (e(time.strftime("%Y-%m-%d %H:%M:%S %Z")), e(a.work)),
             "<h2>Coverage of what the campaign kept</h2>",
             "<p><a href='coverage/index.html'>Line and branch coverage of src/ and cli/</a> "
             "(llvm-cov) from replaying the committed corpus <code>corpus/&lt;h&gt;</code> and "
             "the kept queues (<code>libfuzzer/&lt;h&gt;/queue</code>, "
             "<code>afl-corpus/&lt;h&gt;</code>) through the coverage builds. "
             "Per harness, covered/total of the code that harness links, committed corpus "
             "alone and with the kept queue:</p>",
             "<table><tr><th>harness</th><th>corpus files</th><th>kept files</th>"
             "<th>lines, corpus</th><th>lines, + kept</th><th>branches, corpus</th>"
             "<th>branches, + kept</th><th>functions, corpus</th><th>functions, + kept</th></tr>",
             "\n".join(rows), "</table>",
             "<h2>Progress over time</h2>"]
    if not plots:
        parts.append("<p>No samples in <code>history.jsonl</code> yet: run <code>make fuzz"
                     "</code> or <code>make fuzz-afl</code>.</p>")
    for engine, files in plots:
        series = series_by_engine[engine]
        parts.append("<h3>%s</h3><p>Newest run per harness, a sample every few seconds "
                     "(FUZZ_STATUS_SECONDS): %s.</p>"
                     % (e(ENGINES[engine]), e(", ".join("%s %s (%d samples)"
                                                        % (h, s[0]["run"], len(s))
                                                        for h, s in sorted(series.items())))))
        for f in files:
            parts.append("<p><a href='%s'><img src='%s' alt='%s'></a></p>" % (f, f, f))
    parts.append("</body></html>")
    with open(os.path.join(out, "index.html"), "w") as f:
        f.write("\n".join(parts) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("harnesses", nargs="+")
    ap.add_argument("--work", default="build/fuzz/campaign")
    ap.add_argument("--out", default="", help="report directory (WORK/report)")
    ap.add_argument("--cov-bindir", required=True,
                    help="coverage builds of the harnesses' replay mains (<dir>/fuzz_<h>)")
    ap.add_argument("--corpus-root", default="corpus")
    ap.add_argument("--profdata", default="llvm-profdata-14")
    ap.add_argument("--llvm-cov", default="llvm-cov-14")
    ap.add_argument("--ignore", default="(^|/)(ref|fuzz|tests)/|^/usr/",
                    help="files left out of the coverage figures (regex)")
    a = ap.parse_args()
    out = a.out or os.path.join(a.work, "report")
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.endswith(".png"):
            os.remove(os.path.join(out, old))
    per, total = coverage(a, out)
    samples = load_history(os.path.join(a.work, "history.jsonl"))
    plots, series_by_engine = [], {}
    for engine in ENGINES:
        series = newest_runs(samples, engine, set(a.harnesses))
        if series:
            series_by_engine[engine] = series
            plots.append((engine, plot(engine, series, out)))
    index(a, out, per, total, plots, series_by_engine)
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump({"harnesses": per, "total": total,
                   "plots": [x for _, fs in plots for x in fs]}, f, indent=1, sort_keys=True)
        f.write("\n")
    print("fuzz-report: %s (coverage: %s; plots: %s)"
          % (os.path.join(out, "index.html"), os.path.join(out, "coverage", "index.html"),
             ", ".join(f for _, fs in plots for f in fs) or "none, no samples yet"), flush=True)
    t = total.get("all")
    if t:
        print("fuzz-report: corpus + kept queue reach lines %s, branches %s (corpus alone: "
              "lines %s, branches %s)" % (pct(t["lines"]), pct(t["branches"]),
                                          pct(total["corpus"]["lines"]) if "corpus" in total
                                          else "-",
                                          pct(total["corpus"]["branches"]) if "corpus" in total
                                          else "-"), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
