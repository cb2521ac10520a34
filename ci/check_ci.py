#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the ClusterFuzzLite workflows and the OSS-Fuzz project file for
the properties fuzz/README.md promises, so that they cannot drift:

- .github/workflows/cflite_pr.yml runs mode code-change on pull requests;
- .github/workflows/cflite_build.yml uploads builds (upload-build) on pushes;
- .github/workflows/cflite_batch.yml runs mode batch on a schedule;
- .github/workflows/cflite_cron.yml runs prune and coverage (sanitizer coverage), and no
  job there waits for another (`needs:`), so pruning runs even when batch
  fuzzing or coverage fails;
- every workflow builds with language c, as .clusterfuzzlite/project.yaml
  says, and one that writes SARIF uploads it with the permission to;
- .github/workflows/cflite_pr.yml runs on pull requests touching anything build.sh reads
  (mk/sources.mk included);
- ci/oss-fuzz/project.yaml has the fields OSS-Fuzz requires (homepage,
  main_repo, language, primary_contact);
- both Dockerfiles (.clusterfuzzlite/ and ci/oss-fuzz/) install, with
  apt-get, every package .clusterfuzzlite/build.sh needs beyond the
  base-builder image: zip for the seed corpora and, should build.sh link
  ICU again (it leaves it out: fuzz/README.md), libicu-dev;
- .github/workflows/prove_cold.yml (proofs/README.md, "Cold proof in CI") runs on a
  schedule and on pushes and pull requests whose paths cover src/,
  proofs/, the Makefile, mk/, ci/deps.sh and the workflow itself, every job
  in a Debian 12 container (the toolchain proofs/session/toolchain.txt
  records), as a job matrix: one job per shard (`strategy: matrix: shard:
  [1, ..., N]`, fail-fast off) running `make deps`, then `make prove-cold
  SHARD=${{ matrix.shard }}/N`, and a last job that needs them, runs even
  when one failed, and runs `make deps`, fetches their artifacts, then
  `make prove-cold-gather SHARDS=N` and `make prove-contracts-check`, in
  that order, N the same everywhere; one run per branch at a time
  (workflow-level concurrency: a job-level group would have the matrix's
  jobs cancel each other), and no failing step may pass (no
  continue-on-error); and one job runs `make deps`, then `make
  prove-mutants` (every proof mutant: `make check` runs a day's share);
- .github/workflows/kernels.yml (docs/utf8.md, make verify-kernels) runs
  weekly and by hand (workflow_dispatch), in the Debian 12 container, with
  `make deps`, then `make verify-kernels`, under CI=true (a check that
  cannot run fails), and no step may fail without failing the job.
Plain text checks: no YAML library needed.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
problems = []


def text(rel):
    path = os.path.join(ROOT, rel)
    if not os.path.exists(path):
        problems.append("%s is missing" % rel)
        return ""
    return open(path).read()


def has(rel, body, pattern, why):
    if not re.search(pattern, body, re.M):
        problems.append("%s: %s" % (rel, why))


wf = {n: text(".github/workflows/cflite_%s.yml" % n) for n in ("pr", "build", "batch", "cron")}
has(".github/workflows/cflite_pr.yml", wf["pr"], r"^\s+pull_request:", "not run on pull requests")
has(".github/workflows/cflite_pr.yml", wf["pr"], r"^\s+mode: code-change$", "no code-change run")
has(".github/workflows/cflite_build.yml", wf["build"], r"^\s+push:", "not run on pushes")
has(".github/workflows/cflite_build.yml", wf["build"], r"^\s+upload-build: true$", "builds not uploaded")
has(".github/workflows/cflite_batch.yml", wf["batch"], r"^\s+schedule:", "not scheduled")
has(".github/workflows/cflite_batch.yml", wf["batch"], r"^\s+mode: batch$", "no batch run")
has(".github/workflows/cflite_cron.yml", wf["cron"], r"^\s+schedule:", "not scheduled")
has(".github/workflows/cflite_cron.yml", wf["cron"], r"^\s+mode: prune$", "no prune run")
has(".github/workflows/cflite_cron.yml", wf["cron"], r"^\s+mode: coverage$", "no coverage run")
has(".github/workflows/cflite_cron.yml", wf["cron"], r"^\s+sanitizer: coverage$", "coverage not built for it")
for n, body in wf.items():
    if re.search(r"^\s+needs:", body, re.M):
        problems.append(".github/workflows/cflite_%s.yml: a job waits for another (needs:)" % n)
    langs = re.findall(r"^\s+language: (\S+)$", body, re.M)
    if not langs or set(langs) != {"c"}:
        problems.append(".github/workflows/cflite_%s.yml: language %s, project.yaml says c" % (n, langs))
    # A SARIF report nobody uploads is lost: output-sarif needs the upload
    # step and the permission to write code scanning alerts.
    if re.search(r"^\s+output-sarif: true$", body, re.M):
        if not re.search(r"uses: github/codeql-action/upload-sarif@", body):
            problems.append(".github/workflows/cflite_%s.yml: output-sarif with no upload-sarif step" % n)
        if not re.search(r"^\s+security-events: write$", body, re.M):
            problems.append(".github/workflows/cflite_%s.yml: output-sarif without security-events: write" % n)
# A pull request that changes what build.sh reads must fuzz.
m = re.search(r"^\s+pull_request:\s*\n\s+(?:#.*\n\s+)*paths: \[([^\]]*)\]", wf["pr"], re.M)
pr_paths = re.findall(r"'([^']+)'", m.group(1)) if m else []
for need in ("src/**", "ref/**", "fuzz/**", "corpus/**", ".clusterfuzzlite/**", "mk/sources.mk"):
    if need not in pr_paths:
        problems.append(".github/workflows/cflite_pr.yml: pull_request paths %s lack %s" % (pr_paths, need))
has(".clusterfuzzlite/project.yaml", text(".clusterfuzzlite/project.yaml"), r"^language: c$",
    "language is not c")
oss = text("ci/oss-fuzz/project.yaml")
for field in ("homepage", "main_repo", "language", "primary_contact"):
    has("ci/oss-fuzz/project.yaml", oss, r"^%s: \S" % field, "no %s (required)" % field)
# What build.sh needs beyond base-builder, and why.
build_sh = text(".clusterfuzzlite/build.sh")
needs = {}
if re.search(r"\bzip\b", build_sh):
    needs["zip"] = "build.sh zips the seed corpora"
if re.search(r"FUZZ_LIBS_|icu", re.sub(r"^\s*#.*$", "", build_sh, flags=re.M)):
    needs["libicu-dev"] = "build.sh links harnesses with ICU's archives"
if not needs:
    problems.append("cannot tell what .clusterfuzzlite/build.sh needs (no zip, no ICU)")
for rel in (".clusterfuzzlite/Dockerfile", "ci/oss-fuzz/Dockerfile"):
    body = re.sub(r"\\\n", " ", text(rel))
    installed = set()
    for m in re.finditer(r"apt-get install\s+((?:-\S+\s+)*)([^&;\n]*)", body):
        installed.update(w for w in m.group(2).split() if not w.startswith("-"))
    for pkg, why in sorted(needs.items()):
        if pkg not in installed:
            problems.append("%s: does not install %s (%s)" % (rel, pkg, why))
# The cold proof.
rel = ".github/workflows/prove_cold.yml"
cold = text(rel)
for event in ("schedule", "push", "pull_request"):
    has(rel, cold, r"^\s+%s:" % event, "not run on %s" % event.replace("_", " "))
for event in ("push", "pull_request"):
    m = re.search(r"^\s+%s:\s*\n\s+paths: \[([^\]]*)\]" % event, cold, re.M)
    paths = re.findall(r"'([^']+)'", m.group(1)) if m else []
    for need in ("src/**", "proofs/**", "Makefile", "mk/**", "ci/deps.sh",
                 ".github/workflows/prove_cold.yml"):
        if need not in paths:
            problems.append("%s: %s paths %s lack %s" % (rel, event, paths, need))
# Its jobs: each line `  name:` under `jobs:` starts one.
jobs_at = re.search(r"^jobs:\s*$", cold, re.M)
jobs = {}
if jobs_at:
    for m in re.finditer(r"^  ([A-Za-z_][\w-]*):[ \t]*\n((?:(?:    .*)?\n)*)", cold[jobs_at.end():], re.M):
        jobs[m.group(1)] = m.group(2)
if not jobs:
    problems.append("%s: no jobs" % rel)


def job_steps(body):
    return [m.group(1) for m in re.finditer(r"^\s+run: (?:\|\n)?((?:.*\n?)*?)(?=^\s+- |\Z)", body, re.M)]


def in_order(name, body, wants):
    """The run: steps of a job hold these commands (regular expressions
    for a whole line), in this order."""
    steps = job_steps(body)
    order = []
    for want in wants:
        at = [i for i, b in enumerate(steps) if re.search(r"^\s*%s\s*$" % want, b, re.M)]
        if not at:
            problems.append("%s: job %s has no step running `%s`" % (rel, name, want.replace("\\", "")))
        order.append(at[0] if at else -1)
    if -1 not in order and order != sorted(order):
        problems.append("%s: job %s runs %s out of order" % (rel, name, ", ".join(
            "`%s`" % w.replace("\\", "") for w in wants)))


for name, body in jobs.items():
    if not re.search(r"^\s+container: debian:12$", body, re.M):
        problems.append("%s: job %s not in the Debian 12 container (the recorded toolchain)" % (rel, name))
    if re.search(r"^\s+concurrency:", body, re.M):
        problems.append("%s: job %s has its own concurrency group (the workflow's: a job-level "
                        "group would cancel the matrix's other jobs)" % (rel, name))
if not re.search(r"^concurrency:", cold, re.M):
    problems.append("%s: no workflow-level concurrency (one run per branch)" % rel)
shard_jobs = [n for n, b in jobs.items() if re.search(r"^\s+matrix:\s*\n\s+shard: \[", b, re.M)]
gather_jobs = [n for n, b in jobs.items() if re.search(r"make prove-cold-gather", b)]
shards = []
if len(shard_jobs) != 1:
    problems.append("%s: %d jobs with a `shard:` matrix, want one" % (rel, len(shard_jobs)))
else:
    name = shard_jobs[0]
    body = jobs[name]
    m = re.search(r"^\s+shard: \[([^\]]*)\]", body, re.M)
    shards = [w.strip() for w in m.group(1).split(",")] if m else []
    n = len(shards)
    if shards != [str(k) for k in range(1, n + 1)] or n < 2:
        problems.append("%s: job %s's shards are %s, want 1 .. N with N >= 2" % (rel, name, shards))
    if not re.search(r"^\s+fail-fast: false$", body, re.M):
        problems.append("%s: job %s stops the other shards when one fails (no fail-fast: false)"
                        % (rel, name))
    in_order(name, body, ["make deps", r"make prove-cold SHARD=\$\{\{ matrix\.shard \}\}/%d" % n])
if len(gather_jobs) != 1:
    problems.append("%s: %d jobs run make prove-cold-gather, want one" % (rel, len(gather_jobs)))
elif shard_jobs:
    name = gather_jobs[0]
    body = jobs[name]
    if not re.search(r"^\s+needs: \[?\s*%s\s*\]?\s*$" % re.escape(shard_jobs[0]), body, re.M):
        problems.append("%s: job %s does not wait for the shards (needs: %s)" % (rel, name, shard_jobs[0]))
    if not re.search(r"^\s+if: \$\{\{ (!cancelled\(\)|always\(\)) \}\}$", body, re.M):
        problems.append("%s: job %s does not run after a failed shard (if: ${{ !cancelled() }})"
                        % (rel, name))
    if not re.search(r"uses: actions/download-artifact@", body):
        problems.append("%s: job %s does not fetch the shards' verdicts" % (rel, name))
    in_order(name, body, ["make deps", r"make prove-cold-gather SHARDS=%d" % len(shards),
                          "make prove-contracts-check"])
mutant_jobs = [n for n, b in jobs.items() if re.search(r"^\s*(run: )?make prove-mutants\s*$", b, re.M)]
if len(mutant_jobs) != 1:
    problems.append("%s: %d jobs run make prove-mutants (every proof mutant), want one" % (rel, len(mutant_jobs)))
else:
    in_order(mutant_jobs[0], jobs[mutant_jobs[0]], ["make deps", "make prove-mutants"])
if re.search(r"continue-on-error:\s*true", cold):
    problems.append("%s: a step may fail without failing the job (continue-on-error)" % rel)

# The kernels' every window, weekly.
rel = ".github/workflows/kernels.yml"
kern = text(rel)
for trigger in ("schedule", "workflow_dispatch"):
    has(rel, kern, r"^\s+%s:" % trigger, "no %s trigger" % trigger)
has(rel, kern, r"^\s+container: debian:12$", "not in the Debian 12 container (gcc 12, as recorded)")
has(rel, kern, r"^\s+CI: true$", "not run with CI=true (a check that cannot run would pass)")
kern_runs = re.findall(r"^\s+(?:run: )?(make [\w-]+)\s*$", kern, re.M)
if [r for r in kern_runs if r in ("make deps", "make verify-kernels")] != ["make deps", "make verify-kernels"]:
    problems.append("%s: its steps run %s, not make deps, then make verify-kernels" % (rel, kern_runs))
if re.search(r"continue-on-error:\s*true", kern):
    problems.append("%s: a step may fail without failing the job (continue-on-error)" % rel)

for p in problems:
    print("ci-check: " + p)
if problems:
    sys.exit(1)
print("ci-check: 4 ClusterFuzzLite workflows (code-change, upload-build, batch, prune and "
      "coverage on their own, SARIF uploaded) and the OSS-Fuzz project file as documented; both Dockerfiles "
      "install %s; the cold proof workflow (weekly, pushes and pull requests on src/, proofs/, "
      "Makefile, mk/, ci/deps.sh, the workflow; %d shards of prove-cold, then gather and contracts "
      "check; every proof mutant); the kernels workflow (weekly and by hand, Debian 12, CI=true; deps, verify-kernels)" % (", ".join(sorted(needs)), len(shards)))
