#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""docs/bugs.md: one row per seeded bug, its mutant columns written from the mutants.

    docs/bugs_check.py --check      (make bugs-check, in make check)
    docs/bugs_check.py --write      rewrites the mutant columns of docs/bugs.md
    docs/bugs_check.py --selftest   seeds faults into a scratch copy and
                                    asserts that --check reports each one

The same bug is seeded in several places: proof mutants (proofs/mutants/),
fuzz mutants (fuzz/mutants/), big-endian mutants (tests/be/mutants/), kernel
mutants (tests/kernel_mutants/) and the
mutated Python ports of tests/vectors/check_ports.py.  Each says which bug
it is: a patch by a `Bug: ID` line in its header (the free text before the
diff, which patch(1) skips), a port class by a `# Bug: ID` comment on the
line before its `class`.

The table between `<!-- bugs:begin -->` and `<!-- bugs:end -->` has one row
per ID.  Its columns "bug", "what", "where", "tests" and "vectors" are written
by hand; "proof mutants", "fuzz mutants" and "other mutants" are written
by --write from the mutants themselves and compared by --check.  --write
keeps the hand-written columns, adds a row for a new ID (its "what" and
"where" taken from the patch header, to be reviewed) and drops a row whose
mutants are all gone (printing it).

--check fails when a mutant has no `Bug:` ID (or two), when an ID has no row
or two, when a row's mutant columns differ from the mutants (a mutant that
does not exist or does not carry that ID), when a row has no mutant at all,
or when a file or name of "where", "tests" or "vectors" does not exist: in
a .c file of cmocka tests a name must be a registered test
(`cmocka_unit_test(NAME)`, so that it runs), in another .c or .h file a
function defined there, in a .vec file the name of a case (its second
field), elsewhere a word of the file.  In a row with port mutants, every
case of counters.vec, next_counter.vec and text.vec it names must be one
that check_ports.py finds one of those ports failing.
"""
import argparse
import ast
import os
import re
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = "docs/bugs.md"
BEGIN, END = "<!-- bugs:begin -->", "<!-- bugs:end -->"
PATCH_DIRS = {"proof": "proofs/mutants", "fuzz": "fuzz/mutants", "be": "tests/be/mutants",
              "kernel": "tests/kernel_mutants"}
PORTS = "tests/vectors/check_ports.py"
HEADER = ["bug", "what", "where", "proof mutants", "fuzz mutants", "other mutants", "tests",
          "vectors"]
GENERATED = ("proof mutants", "fuzz mutants", "other mutants")
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
NONE = "—"


def natural(name):
    """utf8-10-x after utf8-9-x, 10-x after 9-x."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)]


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def patch_header(text):
    """The free text before the first line of the diff."""
    out = []
    for line in text.split("\n"):
        if line.startswith(("--- ", "diff ", "Index: ")):
            break
        out.append(line)
    return out


def mutants(root, errors):
    """{id: {column: [names]}} and, per id, the header of its first patch."""
    ids, first = {}, {}

    def add(bug, column, name, where):
        if not ID_RE.match(bug):
            errors.append("%s: Bug: %r is not a kebab-case id" % (where, bug))
            return
        ids.setdefault(bug, {c: [] for c in GENERATED})[column].append(name)

    for kind, folder in PATCH_DIRS.items():
        path = os.path.join(root, folder)
        if not os.path.isdir(path):
            errors.append("%s: no such folder" % folder)
            continue
        for fn in sorted(os.listdir(path), key=natural):
            if not fn.endswith(".patch"):
                continue
            rel = "%s/%s" % (folder, fn)
            header = patch_header(read(root, rel))
            bugs = [m.group(1) for m in (re.match(r"^Bug:\s*(\S+)\s*$", h) for h in header) if m]
            if len(bugs) != 1:
                errors.append("%s: %s `Bug: ID` line in its header" %
                              (rel, "no" if not bugs else "more than one"))
                continue
            name = fn[:-len(".patch")]
            if kind in ("be", "kernel"):
                add(bugs[0], "other mutants", kind + ":" + name, rel)
            else:
                add(bugs[0], kind + " mutants", name, rel)
            first.setdefault(bugs[0], (rel, header))
    try:
        text = read(root, PORTS)
    except OSError:
        errors.append("%s: missing" % PORTS)
        return ids, first
    listed = []
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "MUTANTS" for t in node.targets):
            listed = [e.id for e in node.value.elts]
    tagged = dict((m.group(2), m.group(1))
                  for m in re.finditer(r"^# Bug: *(\S+)[^\n]*\nclass (\w+)\(", text, re.M))
    for cls in listed:
        if cls not in tagged:
            errors.append("%s: mutant class %s has no `# Bug: ID` line before it" % (PORTS, cls))
        else:
            add(tagged[cls], "other mutants", "ports:" + cls, PORTS)
    for cls in sorted(set(tagged) - set(listed)):
        errors.append("%s: class %s carries a Bug: ID but is not in MUTANTS" % (PORTS, cls))
    return ids, first


def split_row(line):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return cells


def parse_doc(text, errors):
    """(text before the table, [row dicts], text after the table)."""
    if text.count(BEGIN) != 1 or text.count(END) != 1:
        errors.append("%s: needs exactly one %s and one %s" % (DOC, BEGIN, END))
        return None
    head, rest = text.split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    lines = [l for l in body.strip("\n").split("\n") if l.strip()]
    if len(lines) < 2 or split_row(lines[0]) != HEADER:
        errors.append("%s: the table's header must be | %s |" % (DOC, " | ".join(HEADER)))
        return None
    rows = []
    for n, line in enumerate(lines[2:], 3):
        cells = split_row(line)
        if len(cells) != len(HEADER):
            errors.append("%s: table line %d has %d cells, not %d" % (DOC, n, len(cells), len(HEADER)))
            continue
        row = dict(zip(HEADER, cells))
        row["bug"] = row["bug"].strip("`")
        rows.append(row)
    return head, rows, tail


def names(cell):
    cell = cell.replace("`", "").strip()
    if cell in ("", NONE):
        return []
    return [n.strip() for n in cell.split(",") if n.strip()]


def render_names(ns):
    return ", ".join("`%s`" % n for n in ns) if ns else NONE


def refs(cell):
    """`path`: `a`, `b` (note); `path2`: `c`  ->  [(path, [a, b]), (path2, [c])]"""
    cell = cell.replace("`", "").strip()
    if cell in ("", NONE):
        return []
    out = []
    for part in cell.split(";"):
        if ":" not in part:
            out.append((part.strip(), []))
            continue
        path, ns = part.split(":", 1)
        # A name may carry a note in parentheses: `name` (s390x).
        out.append((path.strip(), [re.sub(r"\s*\(.*\)$", "", n).strip() for n in ns.split(",") if n.strip()]))
    return out


def defined(root, path, name, cache):
    key = os.path.realpath(os.path.join(root, path))
    if key not in cache:
        try:
            cache[key] = read(root, path)
        except OSError:
            cache[key] = None
    text = cache[key]
    if text is None:
        return None
    if path.endswith(".vec"):
        return any(l.split(" ")[1:2] == [name] for l in text.split("\n") if not l.startswith("#"))
    if path.endswith(".c") and "cmocka_unit_test" in text:
        # A cmocka test counts only when it is registered, so that it runs.
        return re.search(r"cmocka_unit_test\w*\(\s*%s\b" % re.escape(name), text) is not None
    if path.endswith((".c", ".h")):
        # A definition or declaration: type words from the start of the line
        # (not an indented call).
        # (an attribute among them: __attribute__((noinline)) static ...,
        # or one with arguments: __attribute__((target("avx2"))) static ...).
        # The name may also start its own line, the type words on the line
        # before it (a call is indented).
        attr = r'__attribute__\(\((?:\w+(?:\("[^"]*"\))?(?:,\s*)?)+\)\)'
        return re.search(r"^(?:(?:[A-Za-z_]\w*|%s)[ \t\*]+)*%s\s*\(" %
                         (attr, re.escape(name)), text, re.M) is not None
    return re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(name), text) is not None


def check_refs(root, row, column, errors, cache):
    for path, ns in refs(row[column]):
        full = path if column != "vectors" or "/" in path else "tests/vectors/" + path
        if not os.path.isfile(os.path.join(root, full)):
            errors.append("%s: row %s, %s: no file %s" % (DOC, row["bug"], column, full))
            continue
        if not ns:
            errors.append("%s: row %s, %s: %s names nothing (write `path`: `name`)" %
                          (DOC, row["bug"], column, path))
        for n in ns:
            if not defined(root, full, n, cache):
                what = {"tests": "test", "vectors": "vector case"}.get(column, "name")
                errors.append("%s: row %s, %s: %s %s not found in %s" %
                              (DOC, row["bug"], column, what, n, full))


def render(head, rows, tail):
    out = [head.rstrip("\n"), "", BEGIN, "| " + " | ".join(HEADER) + " |",
           "|" + "---|" * len(HEADER)]
    for row in rows:
        cells = [row[h] for h in HEADER]
        cells[0] = "`%s`" % row["bug"]
        out.append("| " + " | ".join(cells) + " |")
    out.append(END)
    rest = tail.strip("\n")
    return "\n".join(out) + "\n" + ("\n" + rest + "\n" if rest else "")


def regenerate(root, errors, notes):
    """(the doc's current text, the text --write would give, rows)."""
    ids, first = mutants(root, errors)
    try:
        text = read(root, DOC)
    except OSError:
        errors.append("%s: missing" % DOC)
        return None, None, []
    parsed = parse_doc(text, errors)
    if parsed is None:
        return text, None, []
    head, rows, tail = parsed
    seen, kept = set(), []
    for row in rows:
        if row["bug"] in seen:
            errors.append("%s: bug %s has more than one row" % (DOC, row["bug"]))
            continue
        seen.add(row["bug"])
        if row["bug"] not in ids:
            notes.append("row %s: no mutant carries this id (--write drops the row): %s" %
                         (row["bug"], row["what"]))
            errors.append("%s: row %s: no mutant carries this id" % (DOC, row["bug"]))
            continue
        kept.append(row)
    for bug in sorted(set(ids) - seen, key=lambda b: natural(first.get(b, ("", ""))[0])):
        errors.append("%s: bug %s (%s) has no row" % (DOC, bug, first[bug][0] if bug in first else PORTS))
        rel, header = first.get(bug, (PORTS, []))
        free = " ".join(h.strip() for h in header
                        if h.strip() and not re.match(r"^(harnesses|Functions|Bug|Fails):", h))
        fns = [re.sub(r"^Functions:\s*", "", h) for h in header if h.startswith("Functions:")]
        where = NONE
        if rel != PORTS:
            files = re.findall(r"^\+\+\+ b/(\S+)", read(root, rel), re.M)
            where = "; ".join("`%s`: %s" % (f, ", ".join("`%s`" % x for x in fns[0].split()) if fns else NONE)
                              for f in dict.fromkeys(files))
        kept.append({"bug": bug, "what": (free or "(describe the bug)").replace("|", "/"),
                     "where": where, "tests": NONE, "vectors": NONE})
        notes.append("row %s added from %s: review its what, where, tests and vectors" % (bug, rel))
    for row in kept:
        for c in GENERATED:
            row["gen " + c] = render_names(sorted(ids[row["bug"]][c], key=natural))
    new_rows = []
    for row in kept:
        r = dict(row)
        for c in GENERATED:
            r[c] = row["gen " + c]
        new_rows.append(r)
    return text, render(head, new_rows, tail), kept


# Files "where", "tests" and "vectors" name, by real path: the self-test's
# trees link to the same files.
READ_CACHE = {}

# The vector cases each port mutant fails, by the text of check_ports.py and
# the vectors: the self-test's copies share one computation.
PORT_VERDICTS = {}


def port_failures(root, rows, errors):
    """A row with port mutants may name only vector cases one of them fails
    (check_ports.py's own verdict), so its vectors column is evidence."""
    import hashlib
    import importlib.util
    vecdir = os.path.join(root, "tests", "vectors")
    key = hashlib.sha256()
    for f in (PORTS, "tests/vectors/counters.vec", "tests/vectors/next_counter.vec",
              "tests/vectors/text.vec"):
        try:
            key.update(read(root, f).encode())
        except OSError:
            pass
    key = key.hexdigest()
    if key not in PORT_VERDICTS:
        spec = importlib.util.spec_from_file_location("check_ports", os.path.join(root, PORTS))
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
            PORT_VERDICTS[key] = {c.__name__: set(mod.failures(c, vecdir)) for c in mod.MUTANTS}
        except Exception as e:  # a broken port file is reported, not raised
            errors.append("%s: cannot run its mutants: %s" % (PORTS, e))
            return
    verdicts = PORT_VERDICTS[key]
    for row in rows:
        ports = [n[len("ports:"):] for n in names(row["gen other mutants"]) if n.startswith("ports:")]
        if not ports:
            continue
        failing = set()
        for cls in ports:
            failing.update(verdicts.get(cls, ()))
        for path, ns in refs(row["vectors"]):
            if os.path.basename(path) not in ("counters.vec", "next_counter.vec", "text.vec"):
                continue
            for n in ns:
                if n not in failing:
                    errors.append("%s: row %s, vectors: %s does not fail on %s" %
                                  (DOC, row["bug"], n, ", ".join("ports:" + c for c in ports)))


def check(root):
    errors, notes = [], []
    text, new, rows = regenerate(root, errors, notes)
    cache = READ_CACHE
    port_failures(root, rows, errors)
    for row in rows:
        for c in GENERATED:
            if c in row and names(row[c]) != names(row["gen " + c]):
                have, want = set(names(row[c])), set(names(row["gen " + c]))
                extra, missing = sorted(have - want, key=natural), sorted(want - have, key=natural)
                msg = []
                if extra:
                    msg.append("lists %s, which %s not exist or not carry `Bug: %s`" %
                               (", ".join(extra), "does" if len(extra) == 1 else "do", row["bug"]))
                if missing:
                    msg.append("misses %s" % ", ".join(missing))
                if not msg:
                    msg.append("order differs")
                errors.append("%s: row %s, %s: %s" % (DOC, row["bug"], c, "; ".join(msg)))
        if all(row["gen " + c] == NONE for c in GENERATED):
            errors.append("%s: row %s has no mutant" % (DOC, row["bug"]))
        if "where" in row:
            check_refs(root, row, "where", errors, cache)
            check_refs(root, row, "tests", errors, cache)
            check_refs(root, row, "vectors", errors, cache)
    if new is not None and text != new and not errors:
        errors.append("%s: the table is not as --write writes it (run docs/bugs_check.py --write)" % DOC)
    return errors, notes, rows


def write(root):
    errors, notes = [], []
    text, new, _ = regenerate(root, errors, notes)
    hard = [e for e in errors if "has no row" not in e and "no mutant carries" not in e]
    if new is None or hard:
        for e in hard:
            print("bugs-check: " + e, file=sys.stderr)
        return 1
    for n in notes:
        print("bugs: " + n)
    if new != text:
        with open(os.path.join(root, DOC), "w", encoding="utf-8") as f:
            f.write(new)
        print("bugs: %s rewritten" % DOC)
    else:
        print("bugs: %s already up to date" % DOC)
    return 0


def selftest():
    """Each seeded fault must make --check fail naming it; the clean copy must pass."""
    failed = 0
    # tmpfs where there is one: a disk-backed /tmp under load makes each of
    # the trees' thousand links slow.
    shm = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    with tempfile.TemporaryDirectory(prefix="bugs-selftest-", dir=shm) as tmp:
        def fresh(name):
            # A tree of symbolic links to the real one, with real folders
            # where a case adds or removes a file; edit() copies a file
            # before changing it.  Twelve copies of the tree would take
            # seconds on a loaded machine.
            t = os.path.join(tmp, name)
            real = ("docs", "proofs/mutants", "fuzz/mutants", "tests", "tests/be",
                    "tests/be/mutants", "tests/vectors")
            for d in real:
                os.makedirs(os.path.join(t, d))
                for e in os.listdir(os.path.join(ROOT, d)):
                    if "%s/%s" % (d, e) not in real:
                        os.symlink(os.path.join(ROOT, d, e), os.path.join(t, d, e))
            for d in ("src", "cli"):
                os.symlink(os.path.join(ROOT, d), os.path.join(t, d))
            return t

        def edit(t, rel, old, new, count=1):
            text = read(t, rel)
            if old not in text:
                raise SystemExit("bugs-selftest: %r not in %s: the fixture is stale" % (old, rel))
            os.remove(os.path.join(t, rel))
            with open(os.path.join(t, rel), "w", encoding="utf-8") as f:
                f.write(text.replace(old, new, count))

        def new_patch(t):
            shutil.copy(os.path.join(ROOT, "proofs/mutants/1-growth-without-need.patch"),
                        os.path.join(t, "proofs/mutants/99-selftest.patch"))
            edit(t, "proofs/mutants/99-selftest.patch", "Bug: growth-without-need", "Bug: selftest-no-row")

        doc = read(ROOT, DOC)
        row1 = next(l for l in doc.split(END)[0].split("\n") if l.startswith("| `"))
        cells = split_row(row1)
        test_path, test_names = refs(cells[HEADER.index("tests")])[0]
        cases = [
            ("clean copy", lambda t: None, None),
            ("a patch whose id has no row", new_patch,
             "bug selftest-no-row (proofs/mutants/99-selftest.patch) has no row"),
            ("a patch without a Bug: line",
             lambda t: edit(t, "fuzz/mutants/3-decode-length-off-by-one.patch",
                            "Bug: decode-length-off-by-one\n", ""),
             "fuzz/mutants/3-decode-length-off-by-one.patch: no `Bug: ID` line"),
            ("a row naming a missing mutant",
             lambda t: edit(t, DOC, cells[3], cells[3] + ", `98-missing`"),
             "lists 98-missing, which does not exist"),
            ("a row naming a mutant of another bug",
             lambda t: edit(t, DOC, cells[4], cells[4] + ", `2-partition-big-endian`"),
             "lists 2-partition-big-endian"),
            ("a test name that does not exist",
             lambda t: edit(t, DOC, "%s`: `%s`" % (test_path, test_names[0]),
                            "%s`: `no_such_test_selftest`" % test_path),
             "test no_such_test_selftest not found in %s" % test_path),
            ("a vector case that does not exist",
             lambda t: edit(t, DOC, "`bad_length_41`", "`bad_length_42`"),
             "vector case bad_length_42 not found"),
            ("a port mutant without a Bug: comment",
             lambda t: edit(t, PORTS, "# Bug: next-saturates (docs/bugs.md)\n", ""),
             "mutant class Saturates has no `# Bug: ID`"),
            ("a vector case the row's port mutant passes",
             lambda t: edit(t, DOC, "`next_counter.vec`: `wraps` |", "`next_counter.vec`: `one` |"),
             "vectors: one does not fail on ports:Saturates"),
            ("a where naming a function that does not exist",
             lambda t: edit(t, DOC, "`lepack_counters_grown_capacity` |", "`lepack_counters_grown_capacity_selftest` |"),
             "name lepack_counters_grown_capacity_selftest not found in src/counters.h"),
            ("a row whose mutants are all gone",
             lambda t: [os.remove(os.path.join(t, f, "1-growth-without-need.patch"))
                        for f in ("proofs/mutants", "fuzz/mutants")],
             "row growth-without-need: no mutant carries this id"),
            ("two rows for one bug",
             lambda t: edit(t, DOC, row1, row1 + "\n" + row1),
             "more than one row"),
        ]
        for n, (what, seed, expect) in enumerate(cases):
            t = fresh("case%d" % n)
            seed(t)
            errors, _, _ = check(t)
            if expect is None:
                ok = not errors
                detail = "; ".join(errors[:3])
            else:
                hit = [e for e in errors if expect in e]
                ok = bool(hit)
                detail = hit[0] if ok else "expected %r, got: %s" % (expect, "; ".join(errors[:3]) or "no error")
            print("bugs-selftest: %s: %s" % ("ok" if ok else "FAIL", what) +
                  (" (check says: %s)" % detail if detail and (expect or not ok) else ""))
            failed += not ok
    print("bugs-selftest: %d cases, %d failed" % (len(cases), failed))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--check", action="store_true")
    g.add_argument("--write", action="store_true")
    g.add_argument("--selftest", action="store_true")
    ap.add_argument("--root", default=ROOT)
    a = ap.parse_args()
    if a.selftest:
        return selftest()
    if a.write:
        return write(a.root)
    errors, _, rows = check(a.root)
    for e in errors:
        print("bugs-check: " + e, file=sys.stderr)
    if errors:
        print("bugs-check: FAILED (%d problems; docs/bugs_check.py --write regenerates the mutant columns)"
              % len(errors), file=sys.stderr)
        return 1
    count = {c: sum(len(names(r[c])) for r in rows) for c in GENERATED}
    print("bugs-check: %d bugs, %d proof, %d fuzz, %d other mutants, each with its one row" %
          (len(rows), count["proof mutants"], count["fuzz mutants"], count["other mutants"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
