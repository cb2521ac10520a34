# SPDX-License-Identifier: Apache-2.0
"""What ties the committed verdict cache to proofs the provers made: the
goals' fingerprints, the cold record, the rotating sample and the cache a
re-proof starts from (proofs/README.md, "What each run establishes").

A cached verdict is a file named by the MD5 of the goal's text as WP
hands it to one prover (WP's cache key: "(* WP Task for Prover Z3,4.8.12
*)" and the prover's SMT-LIB task, every definition and hypothesis the
goal uses included), holding that prover's answer.  The answer is not
signed: anyone can write "valid" into it.  The text is not forgeable the
same way: WP writes it (with -wp-out) on every run, from the sources.

- A function's fingerprint is a hash of its goals' names and their keys
  for one prover: the one the cold proof tried first on each of its goals
  (CVC4, or Z3 for the units and functions it proves Z3 first), whose
  goal texts the cold proof writes as it goes; the replay, which asks both
  provers of every goal, writes both.  A change to the function's code,
  its contract, a callee's contract, a predicate it uses, a macro, a WP
  option or the toolchain changes it; timeouts and which other functions
  share the frama-c run do not: the text is hashed with WP's string
  literals renumbered in order of appearance and its layout dropped
  (WP numbers the literals of a run, Str_N, in the order it meets them,
  and the line breaks follow the names' lengths), and a goal whose name
  starts with two functions' names belongs to the longer
  (lepack_counters_add_items_..., not lepack_counters_add's).
- The cold record (proofs/session/cold.txt) lists the fingerprints a cold
  proof (`make prove-cold`: every goal proved, no cache read) saw proved.
  A function whose fingerprint is there has goals a cold run proved, word
  for word; one whose fingerprint is not (changed since, or new) has not.
- The re-proof proves again, with the provers, every goal of every
  changed function and of a rotating sample of the rest: each verdict
  the cache gives a goal ("valid", and a smoke test's failures) is taken
  out of a copy of the cache and the prover that gave it is run on the
  goal again; a goal the provers no longer prove, a smoke test a prover
  now proves, or a "valid" its prover now answers otherwise, fails.
"""
import datetime
import hashlib
import json
import os
import re

RECORD_HEAD = """\
# The functions the last cold proof proved (`make prove-cold`, or the Cold
# proof workflow's gather job: every goal proved by the provers, no cache
# read), each with the fingerprint of its goals and the prover whose goal
# texts it hashes (proofs/confirm.py).  `make
# prove` proves again every goal of a function whose fingerprint is not
# here (changed since), and a rotating sample of the rest
# (proofs/README.md, "What each run establishes").  Written by the cold
# proof only; commit it with the change it proved.
"""
GOAL_FILE = re.compile(r"^(.+)_Why3_([A-Za-z0-9]+)_[\w]+\.why$")
TACTIC_PREFIX = "Wp_Tactical_"
SMOKE = "_wp_smoke_"


def load_verdict(path):
    """A cache entry as a dict, or None.  WP writes OCaml floats ("10."),
    which JSON does not allow."""
    try:
        text = open(path).read()
    except OSError:
        return None
    try:
        return json.loads(re.sub(r"(\d)\.(?=[\s,}])", r"\1.0", text))
    except ValueError:
        return {"verdict": "unreadable"}


STRING_LITERAL = re.compile(r"(?<![A-Za-z0-9])Str_[0-9]+(?![0-9])")


class GoalKey(str):
    """A goal's cache key (the MD5 of its text) that also carries `canon`,
    the MD5 of the text as its fingerprint sees it: the same goal in
    another frama-c run, whose other functions put other string literals
    before it, has another key but the same canon."""
    canon = None


def goal_key(path):
    data = open(path, "rb").read()
    key = GoalKey(hashlib.md5(data).hexdigest())
    names = {}
    text = STRING_LITERAL.sub(lambda m: names.setdefault(m.group(0), "Str_#%d" % len(names)),
                              data.decode("utf-8", "replace"))
    key.canon = hashlib.md5(" ".join(text.split()).encode()).hexdigest()
    return key


def goal_keys(wpout, report):
    """{function: {(goal, prover): key}} of the goal texts a frama-c run
    wrote into its -wp-out directory (tactic subgoals, whose names repeat,
    left out), each goal given to the function of the JSON report whose
    property it is, or else to every function of the run its name starts
    with (a goal of ambiguous name counts for all of them).  Returns
    (keys, goals no function claims)."""
    funcs = report.get("wp:functions", {}) if report else {}
    owner = {}
    for fn, props in funcs.items():
        for prop in props:
            owner.setdefault(prop, set()).add(fn)
    names = sorted(funcs, key=len, reverse=True)
    keys = {fn: {} for fn in funcs}
    orphans = []
    typed = os.path.join(wpout, "typed")
    for name in sorted(os.listdir(typed)) if os.path.isdir(typed) else []:
        m = GOAL_FILE.match(name)
        if not m or name.startswith(TACTIC_PREFIX):
            continue
        goal, prover = m.group(1), m.group(2)
        fns = owner.get(goal) if len(owner.get(goal, ())) == 1 else None
        if not fns:
            # names is longest first: lepack_counters_add_items_x is
            # lepack_counters_add_items's, not lepack_counters_add's.
            fns = [f for f in names if goal.startswith(f + "_")][:1]
        if not fns:
            orphans.append(goal)
            fns = list(funcs)
        key = goal_key(os.path.join(typed, name))
        for fn in fns:
            keys[fn][(goal, prover)] = key
    return keys, orphans


def fingerprint(keys, prover):
    """The fingerprint of one function's goals: their names and their keys
    for one prover (the goal texts WP writes for it, as GoalKey.canon reads
    them)."""
    lines = sorted("%s %s" % (goal, key.canon) for (goal, p), key in keys.items() if p == prover)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:32]


def read_record(path):
    """({function: (fingerprint, prover)}, header fields) of a cold record;
    ({}, {}) when there is none."""
    fps, meta = {}, {}
    if not os.path.exists(path):
        return fps, meta
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        if word.endswith(":"):
            meta[word[:-1]] = rest.strip()
        else:
            fp, _, prover = rest.strip().partition(" ")
            fps[word] = (fp, prover.strip())
    return fps, meta


def write_record(path, fps, meta):
    with open(path, "w") as f:
        f.write(RECORD_HEAD)
        for k in sorted(meta):
            f.write("%s: %s\n" % (k, meta[k]))
        for fn in sorted(fps):
            f.write("%s %s %s\n" % (fn, fps[fn][0], fps[fn][1]))


def tree_digest(root):
    """A hash of what the proofs read: src/, cli/ and proofs/ (its
    verdict cache and cold record aside), so that a list of changed
    functions is used only for the tree it was made from."""
    h = hashlib.sha256()
    for top in ("src", "cli", "proofs"):
        for d, dirs, files in sorted(os.walk(os.path.join(root, top))):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__" and
                             os.path.join(d, x) != os.path.join(root, "proofs", "session"))
            for f in sorted(files):
                if f.endswith(".pyc"):
                    continue
                path = os.path.join(d, f)
                h.update(os.path.relpath(path, root).encode() + b"\0")
                with open(path, "rb") as fh:
                    h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()[:32]


def write_changed(path, root, changed):
    """The functions a re-proof found changed since the cold proof, under
    the digest of the tree it proved."""
    with open(path, "w") as f:
        f.write("tree: %s\n" % tree_digest(root))
        for fn in changed:
            f.write(fn + "\n")


def read_changed(path, root):
    """The changed functions of write_changed's file, or None when there
    is none or it was made from another tree (every function counts as
    changed then)."""
    if not os.path.exists(path):
        return None
    lines = open(path).read().split("\n")
    if lines[0] != "tree: %s" % tree_digest(root):
        return None
    return set(l.strip() for l in lines[1:] if l.strip())


def chunks(unchanged, cost, budget, group=None):
    """The unchanged functions in a fixed order (by their group, the
    frama-c run they are proved in, so that a chunk starts few runs; then
    by a hash of the name, so that a new function lands anywhere) cut into
    consecutive chunks of at most budget seconds each (a function costlier
    than the budget alone)."""
    group = group or {}
    order = sorted(unchanged, key=lambda f: (group.get(f, ""),
                                             hashlib.sha256(f.encode()).hexdigest()))
    out, cur, t = [], [], 0.0
    for fn in order:
        c = cost.get(fn, 0.0)
        if cur and t + c > budget:
            out.append(cur)
            cur, t = [], 0.0
        cur.append(fn)
        t += c
    if cur:
        out.append(cur)
    return out


def pick(spec, n, today=None):
    """The chunk numbers (0-based) a sample spec selects among n chunks:
    "auto", the day's chunk (UTC days since 1970, modulo n: every chunk
    within n days); "all"; "none"; or a number k (1-based, modulo n)."""
    if n == 0 or spec == "none":
        return []
    if spec == "all":
        return list(range(n))
    if spec == "auto":
        today = today or datetime.datetime.now(datetime.timezone.utc).date()
        return [(today - datetime.date(1970, 1, 1)).days % n]
    return [(int(spec) - 1) % n]


def is_valid(entry):
    return bool(entry) and entry.get("verdict") == "valid"


def check_cache(src_dirs, dst, keys, fresh, versions):
    """Writes the cache a re-proof starts from into dst and returns
    {key: (goal, prover, committed entry)} of the verdicts it took out:
    every "valid" (of any goal: the subgoals of a tactic have no goal
    text of their own in -wp-out) and every verdict of a smoke test of the
    goals in keys ({(goal, prover): key} of the functions to prove again),
    except those found in this run (fresh: keys the provers answered
    minutes ago).  Every other prover of a goal whose claim was taken out
    gets an "unknown" entry, so that the re-proof runs exactly the prover
    the claim came from.  The functions not proved again never read dst.
    versions: {"Z3": "Z3:4.8.12", ...}, the prover field of an entry."""
    os.makedirs(dst, exist_ok=True)
    have = {}
    for d in src_dirs:
        if os.path.isdir(d):
            for name in os.listdir(d):
                if name.endswith(".json"):
                    have[name[:-5]] = os.path.join(d, name)
    known = {key: gp for gp, key in keys.items()}
    taken = {}
    for key, path in have.items():
        with open(path) as f:
            text = f.read()
        entry = load_verdict(path)
        goal, prover = known.get(key, ("(a subgoal of a tactic)", (entry or {}).get("prover", "?")))
        if key not in fresh and (is_valid(entry) or key in known and SMOKE in goal):
            taken[key] = (goal, prover, entry)
            continue
        with open(os.path.join(dst, key + ".json"), "w") as g:
            g.write(text)
    claimed = set(taken[k][0] for k in taken if k in known)
    for (goal, prover), key in keys.items():
        if goal in claimed and key not in taken and SMOKE not in goal and prover in versions:
            with open(os.path.join(dst, key + ".json"), "w") as g:
                g.write('{ "prover": "%s", "verdict": "unknown" }\n' % versions[prover])
    return taken


def judge_taken(taken, dst):
    """[(goal, prover, committed verdict, fresh verdict)] of each verdict
    check_cache took out that the re-proof did not give back: a "valid"
    its prover now answers otherwise, or a smoke test a prover now
    proves.  A "valid" the re-proof did not run again (a goal two provers
    claim: the first to answer wins, the other is stopped) is not counted:
    the goal itself was proved again."""
    bad = []
    for key, (goal, prover, entry) in sorted(taken.items(), key=lambda kv: (kv[1][0], kv[1][1])):
        now = load_verdict(os.path.join(dst, key + ".json"))
        if now is None:
            continue
        if is_valid(entry) and not is_valid(now) or not is_valid(entry) and is_valid(now):
            bad.append((goal, prover, entry.get("verdict"), now.get("verdict")))
    return bad


def claimed_seconds(keys, cache_dirs, smoke_timeout):
    """What proving these goals again costs, estimated from the cache: the
    time of each verdict check_cache would take out (a smoke test's
    failures at the smoke timeout each)."""
    have = {}
    for d in cache_dirs:
        if os.path.isdir(d):
            for name in os.listdir(d):
                have[name[:-5]] = os.path.join(d, name)
    t = 0.0
    for (goal, prover), key in keys.items():
        e = load_verdict(have[key]) if key in have else None
        if not e:
            continue
        if SMOKE in goal:
            t += smoke_timeout
        elif is_valid(e):
            t += float(e.get("time", 0.1) or 0.1)
    return t
