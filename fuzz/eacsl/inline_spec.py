#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Copies src/*.h and src/*.c with every ACSL predicate and logic function definition
turned into a C macro, for the runtime contract build (mk/eacsl.mk).

E-ACSL (Frama-C 25) refuses a predicate or logic function that reads
memory ("predicates with labels ... not yet supported") and then drops every
clause that uses one: valid_counters, le_digits_u32, le_value_u64 ... would
all go unchecked.  Frama-C's -pp-annot runs the annotations through the C
preprocessor, so a definition rewritten as a macro is inlined at each use
and E-ACSL sees plain terms it can execute.  The rewrite is mechanical and
runs on every build, so the checked contracts are always src/'s.

A definition over several labels (bytes_unchanged{L1, L2}) becomes a macro
whose first parameters are the labels; its uses NAME{A, B}(x) become
NAME(A, B, x).

Some definitions have a runtime form (fuzz/eacsl/runtime_forms.h: E-ACSL
runs no unbounded quantifier, no recursive logic function that reads memory
and no inductive predicate): the form names a term of src/'s definition (a
whole recursive body, or an inductive's cases) and the term E-ACSL runs in
its place; the rest stays src/'s.  Helper macros the forms share
(runtime_def) are written before the first definition that uses them.
Definitions without a form that E-ACSL cannot run stay as they are and the
clauses using them are dropped, each with a warning in the build log.

With --contracts-only FILE (a name in SRC_DIR, repeatable), the copy of
FILE keeps its function contracts but not its loop annotations and
assertions: the proofs' steps, whose runtime cost E-ACSL would multiply by
every loop iteration (mk/eacsl.mk says which file and why).

usage: inline_spec.py [--contracts-only FILE]... SRC_DIR OUT_DIR
"""
import os
import re
import sys

DEF = re.compile(
    r"(?:predicate|logic\s+\w+)\s+(\w+)\s*(\{[^}]*\})?\s*\(([^)]*)\)\s*=\s*(.*?);"
    # A quantifier's `;` is inside the body: the definition ends at the `;`
    # before the next definition, a comment or the end of the annotation.
    r"(?=\s*(?:predicate\b|logic\b|inductive\b|//|\Z))",
    re.S)
# An inductive definition: its cases end at a line holding only `}`.
INDUCTIVE = re.compile(
    r"inductive\s+(\w+)\s*(\{[^}]*\})?\s*\(([^)]*)\)\s*\{(.*?)\n[ \t]*\}[ \t]*(?=\n|\Z)",
    re.S)
ANNOT = re.compile(r"/\*@(.*?)\*/", re.S)
# A one-line ghost statement that declares or updates a ghost local (no
# call, no extern): `/*@ ghost size_t n = 0; */`, `/*@ ghost n += m; */`.
GHOST_LOCAL = re.compile(r"/\*@\s*ghost\s+((?!extern\b)[^()\n]*;)\s*\*/")
# \old(x) + k, k a literal.
OLD_PLUS = re.compile(r"\\old\(([^()]*)\)\s*\+\s*(\d+)\b")
# \old(x) as a pointer offset or an index: `p + \old(x)`, `p[\old(x)`.
OLD_OFFSET = re.compile(r"(?:\w\s*\+\s*|\[\s*)\\old\(([^()]+)\)")
# The function a contract belongs to: the declaration after it.
PROTOTYPE = re.compile(r"\s*(?:#[^\n]*\n\s*)*[\w\s\*]*?\b\w+\s*\(([^)]*)\)")
# An ensures clause: up to the next clause keyword or the end.
ENSURES = re.compile(r"\bensures\b.*?(?=\n\s*(?:ensures|requires|assigns|behavior|assumes|"
                     r"complete|disjoint|exits|allocates|frees)\b|\Z)", re.S)


def param_name(decl):
    return re.findall(r"\w+", decl)[-1]


RUNTIME_FORMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime_forms.h")


FORM = re.compile(r"/\* runtime_form (\w+)\s+src:(.*?)\bruntime:(.*?)\*/", re.S)
HELPER = re.compile(r"/\* runtime_def (\w+)\(([^)]*)\)\s*=(.*?)\*/", re.S)


def read_runtime_forms():
    """{name: (src term, runtime term)}, {name: (params, body)}, whitespace normalised."""
    with open(RUNTIME_FORMS) as f:
        text = f.read()
    forms = {m.group(1): (" ".join(m.group(2).split()), " ".join(m.group(3).split()))
             for m in FORM.finditer(text)}
    helpers = {m.group(1): ([x.strip() for x in m.group(2).split(",")], " ".join(m.group(3).split()))
               for m in HELPER.finditer(text)}
    return forms, helpers


RUNTIME, HELPERS = read_runtime_forms()
current = [""]  # the file being rewritten, for #line
replaced = set()
helpers_written = set()


def macro(name, label_names, names, body):
    for n in names:
        # Parenthesised so that an argument such as `p + 4` stays one term;
        # a field access `x->n` or `x.n` is not a parameter.  The macro's
        # parameter is renamed (n_), so that cpp does not also replace a
        # field of the same name (slot_maps' counter, s[i].counter).
        body = re.sub(r"(?<!->)(?<!\.)\b%s\b" % re.escape(n), "(%s_)" % n, body)
    body = " ".join(body.split())
    return "#define %s(%s) (%s)" % (name, ", ".join(label_names + [n + "_" for n in names]),
                                    body)


def helpers_for(text):
    """The runtime_def macros text uses that are not written yet, each after those it uses."""
    out = []
    for name, (params, body) in sorted(HELPERS.items()):
        if name in helpers_written or not re.search(r"\b%s\s*\(" % name, text):
            continue
        helpers_written.add(name)
        out += helpers_for(body)
        out.append(macro(name, [], params, body))
    return out


def runtime_body(name, body):
    """src's body with the form's term swapped in, when the definition has a form."""
    if name not in RUNTIME:
        return body
    term, runtime = RUNTIME[name]
    body = " ".join(re.sub(r"//[^\n]*", "", body).split())
    if body.count(term) != 1:
        sys.exit("inline_spec: %s: the src/ term its runtime form replaces (%s) is not "
                 "exactly once in src/'s definition: update the form with src/" % (name, RUNTIME_FORMS))
    replaced.add(name)
    return body.replace(term, runtime)


def to_macro(m, multi_label):
    name, labels, params, body = m.group(1), m.group(2), m.group(3), m.group(4)
    body = runtime_body(name, body)
    names = [param_name(p) for p in params.split(",") if p.strip()]
    label_names = []
    if labels:
        label_names = [x.strip() for x in labels.strip("{}").split(",")]
        if len(label_names) > 1:
            multi_label.add(name)
        else:
            label_names = []
    body = re.sub(r"//[^\n]*", "", body)
    if re.search(r"\b%s\s*\(" % re.escape(name), body):
        # Recursive, and no runtime form: a macro cannot recurse, and
        # E-ACSL 25 runs no recursive definition that reads memory.  Only
        # its signature is kept, so that the clauses using it are dropped
        # one by one (E-ACSL: "not yet supported"), where an unbound name
        # would make the kernel drop the whole contract around them.
        head = m.group(0)[:m.group(0).index("=")].strip()
        return "/*@ axiomatic %s_without_runtime_form { %s; } */" % (name, " ".join(head.split()))
    return "\n".join(helpers_for(body) + [macro(name, label_names, names, body)])


def inductive_to_macro(m):
    """An inductive definition with a runtime form: a macro of its form."""
    name, params = m.group(1), m.group(3)
    body = runtime_body(name, m.group(4))
    names = [param_name(p) for p in params.split(",") if p.strip()]
    return "\n".join(helpers_for(body) + [macro(name, [], names, body)])


INTEGER_TYPE = re.compile(r"^(?:const\s+)?(?:size_t|int|unsigned|long|u?int\d+_t|uintptr_t)$")


def integer_formals(after):
    """The integer parameters of the declaration that follows a contract."""
    m = PROTOTYPE.match(after)
    if not m:
        return []
    out = []
    for p in m.group(1).split(","):
        words = p.strip()
        if "*" in words or "[" in words or not re.search(r"\w\s+\w+$", words):
            continue
        name = param_name(words)
        ctype = " ".join(words[:-len(name)].split())
        if INTEGER_TYPE.match(ctype):
            out.append((name, re.sub(r"^const\s+", "", ctype)))
    return out


LET_COUNT = [0]


def let_formals(clause, names, offsets):
    """An ensures clause with each integer formal it reads bound by \\let
    first: `ensures P(len)` as `ensures \\let eacsl_len = len; P(eacsl_len)`;
    the same for the \\old terms of offsets."""
    head = re.match(r"ensures(?:\s+\w+\s*:)?\s*", clause)
    body = clause[head.end():]
    lets = []
    # A name of its own in each clause: E-ACSL 25 types the names of all
    # the clauses of a function together, so that eacsl_len bounding a
    # quantifier in one clause would take the GMP type it has as the bound
    # of a \sum in another (and the quantifier is then dropped).
    LET_COUNT[0] += 1
    tag = LET_COUNT[0]
    for k, x in enumerate(offsets):
        term = "\\old(%s)" % x
        if term in body:
            body = body.replace(term, "eacsl_old%d_%d" % (k, tag))
            lets.append("\\let eacsl_old%d_%d = %s; " % (k, tag, term))
    for n, ctype in names:
        use = r"(?<![\w>.])%s\b(?!\s*(?:->|\.))" % re.escape(n)
        if (not re.search(use, body)
                or re.search(r"\\old\([^()]*\b%s\b" % re.escape(n), body)
                or re.search(r"\b(?:integer|int|size_t)\s+%s\b" % re.escape(n), body)):
            continue
        body = re.sub(use, "eacsl_%s_%d" % (n, tag), body)
        # Cast to its own type (the same value): E-ACSL then knows the
        # bounds of the bound name, which a quantifier bounded by it needs.
        lets.append("\\let eacsl_%s_%d = (%s)%s; " % (n, tag, ctype, n))
    return clause[:head.end()] + "".join(lets) + body


def rewrite(text, multi_label, body_annotations_dropped=False):
    """text with its definitions as macros; with body_annotations_dropped,
    without its loop annotations and assertions (the function contracts
    stay)."""
    def block(b):
        # E-ACSL 25 keeps one copy of each \old term, typed for its widest
        # use: in `c->pos == \old(c->pos) + 2` that is a GMP integer, and the
        # same copy then lands in `c->buf + \old(c->pos)` as a pointer offset,
        # which gcc rejects (pointer + mpz_t).  ACSL arithmetic is unbounded,
        # so \old(x) + k and \old(x + k) are the same term; the second gives
        # the sum its own copy.
        if body_annotations_dropped and re.match(r"\s*(?:loop|assert)\b", b.group(1)):
            return "\n" * b.group(0).count("\n")
        inner = OLD_PLUS.sub(r"\\old(\1 + \2)", b.group(1))
        # The same copy problem for a formal, which E-ACSL reads as \old(x)
        # in an ensures clause, with one copy for all the clauses of the
        # function: in `len - 3 <= *consumed <= len` the copy is typed as a
        # GMP integer for the subtraction and then compared with a size_t,
        # and the translator crashes (mkBinOp).  A \let-bound name is a
        # variable of its own, converted where each use needs it: each
        # clause binds the integer formals it reads, so that the copy is
        # read once per clause, as a plain value.
        # So is an \old term that is a pointer offset or an index in some
        # clause (c->buf + \old(c->pos)) and a GMP integer in another
        # (\old(c->pos) + u8len(s, n, n)): it is bound the same way.  The
        # binding also keeps it out of the quantifiers it is used in:
        # inside a \forall, E-ACSL 25 reads \old(c->pos + 2) in the
        # post-state (observed: c->buf[\old(c->pos + 2) + k] read at the
        # moved cursor, a false violation).
        if "ensures" in inner and not inner.lstrip().startswith("ghost"):
            names = integer_formals(source[b.end():])
            offsets = sorted(set(OLD_OFFSET.findall(inner)))
            if names or offsets:
                inner = ENSURES.sub(lambda c: let_formals(c.group(0), names, offsets), inner)
        found = list(DEF.finditer(inner)) + [m for m in INDUCTIVE.finditer(inner)
                                              if m.group(1) in RUNTIME]
        if not found:
            return "/*@" + inner + "*/"
        found.sort(key=lambda m: m.start())
        rest = DEF.sub("", inner)
        rest = INDUCTIVE.sub(lambda m: "" if m.group(1) in RUNTIME else m.group(0), rest)
        rest = re.sub(r"//[^\n]*", "", rest)
        text = "\n".join(inductive_to_macro(m) if m.re is INDUCTIVE else to_macro(m, multi_label)
                         for m in found) + ("\n/*@" + rest + "*/" if rest.strip() else "")
        # Padded to the original line count, so that a violation report
        # names the line of src/; a block that came out longer (helper
        # macros) is followed by a #line that puts the count right again.
        lines = b.group(0).count("\n")
        if text.count("\n") <= lines:
            return text + "\n" * (lines - text.count("\n"))
        last = source.count("\n", 0, b.start()) + 1 + lines  # the line of the `*/`
        return text + '\n#line %d "%s"\n' % (last, current[0])

    source = text
    # Frama-C prints the generated program with ghost statements as
    # comments, but a ghost argument (`f(x) /*@ ghost (n) */`) as a real
    # argument: a ghost local passed that way would be undeclared C.  Such
    # locals, and their updates, become plain C here; ghost code cannot
    # change the program's own variables, so the program is the same.
    text = GHOST_LOCAL.sub(r"\1", text)
    return ANNOT.sub(block, text)


def main():
    args = sys.argv[1:]
    contracts_only = set()
    while args and args[0] == "--contracts-only":
        contracts_only.add(args[1])
        args = args[2:]
    src, out = args
    os.makedirs(out, exist_ok=True)
    headers = sorted(f for f in os.listdir(src) if f.endswith((".h", ".c")))
    multi_label = set()
    texts = {}
    for h in headers:
        current[0] = os.path.join(src, h)
        with open(os.path.join(src, h)) as f:
            texts[h] = rewrite(f.read(), multi_label, h in contracts_only)
    missing = sorted(set(RUNTIME) - replaced)
    if missing:
        sys.exit("inline_spec: %s of %s defined nowhere in %s"
                 % (", ".join(missing), RUNTIME_FORMS, src))
    for h in headers:
        t = texts[h]
        for name in multi_label:
            t = re.sub(r"\b%s\s*\{([^}]*)\}\s*\(" % name, r"%s(\1, " % name, t)
        with open(os.path.join(out, h), "w") as f:
            f.write('#line 1 "%s"\n' % os.path.join(src, h))
            f.write(t)


main()
