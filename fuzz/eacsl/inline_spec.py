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

In two definitions one term has a runtime form (fuzz/eacsl/runtime_forms.h:
E-ACSL runs no unbounded quantifier and no recursive logic function), which
takes the place of the src/ term; the rest stays src/'s.

usage: inline_spec.py SRC_DIR OUT_DIR
"""
import os
import re
import sys

DEF = re.compile(
    r"(?:predicate|logic\s+\w+)\s+(\w+)\s*(\{[^}]*\})?\s*\(([^)]*)\)\s*=\s*(.*?);"
    # A quantifier's `;` is inside the body: the definition ends at the `;`
    # before the next definition, a comment or the end of the annotation.
    r"(?=\s*(?:predicate\b|logic\b|//|\Z))",
    re.S)
ANNOT = re.compile(r"/\*@(.*?)\*/", re.S)
# \old(x) + k, k a literal.
OLD_PLUS = re.compile(r"\\old\(([^()]*)\)\s*\+\s*(\d+)\b")


def param_name(decl):
    return re.findall(r"\w+", decl)[-1]


RUNTIME_FORMS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runtime_forms.h")


FORM = re.compile(r"/\* runtime_form (\w+)\s+src:(.*?)\bruntime:(.*?)\*/", re.S)


def read_runtime_forms():
    """{name: (src term, runtime term)}, whitespace normalised."""
    with open(RUNTIME_FORMS) as f:
        text = f.read()
    return {m.group(1): (" ".join(m.group(2).split()), " ".join(m.group(3).split()))
            for m in FORM.finditer(text)}


RUNTIME = read_runtime_forms()
replaced = set()


def to_macro(m, multi_label):
    name, labels, params, body = m.group(1), m.group(2), m.group(3), m.group(4)
    if name in RUNTIME:
        term, runtime = RUNTIME[name]
        body = " ".join(re.sub(r"//[^\n]*", "", body).split())
        if body.count(term) != 1:
            sys.exit("inline_spec: %s: the src/ term its runtime form replaces (%s) is not "
                     "exactly once in src/'s definition: update the form with src/" % (name, RUNTIME_FORMS))
        body = body.replace(term, runtime)
        replaced.add(name)
    names = [param_name(p) for p in params.split(",") if p.strip()]
    label_names = []
    if labels:
        label_names = [x.strip() for x in labels.strip("{}").split(",")]
        if len(label_names) > 1:
            multi_label.add(name)
        else:
            label_names = []
    body = re.sub(r"//[^\n]*", "", body)
    for n in names:
        # Parenthesised so that an argument such as `p + 4` stays one term;
        # a field access `x->n` or `x.n` is not a parameter.  The macro's
        # parameter is renamed (n_), so that cpp does not also replace a
        # field of the same name (slot_maps' counter, s[i].counter).
        body = re.sub(r"(?<!->)(?<!\.)\b%s\b" % re.escape(n), "(%s_)" % n, body)
    body = " ".join(body.split())
    return "#define %s(%s) (%s)" % (name, ", ".join(label_names + [n + "_" for n in names]),
                                    body)


def rewrite(text, multi_label):
    def block(b):
        # E-ACSL 25 keeps one copy of each \old term, typed for its widest
        # use: in `c->pos == \old(c->pos) + 2` that is a GMP integer, and the
        # same copy then lands in `c->buf + \old(c->pos)` as a pointer offset,
        # which gcc rejects (pointer + mpz_t).  ACSL arithmetic is unbounded,
        # so \old(x) + k and \old(x + k) are the same term; the second gives
        # the sum its own copy.
        inner = OLD_PLUS.sub(r"\\old(\1 + \2)", b.group(1))
        found = list(DEF.finditer(inner))
        if not found:
            return "/*@" + inner + "*/"
        rest = DEF.sub("", inner)
        rest = re.sub(r"//[^\n]*", "", rest)
        text = "\n".join(to_macro(m, multi_label) for m in found) + (
            "\n/*@" + rest + "*/" if rest.strip() else "")
        # Padded to the original line count, so that a violation report
        # names the line of src/.
        return text + "\n" * max(0, b.group(0).count("\n") - text.count("\n"))

    return ANNOT.sub(block, text)


def main():
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    headers = sorted(f for f in os.listdir(src) if f.endswith((".h", ".c")))
    multi_label = set()
    texts = {}
    for h in headers:
        with open(os.path.join(src, h)) as f:
            texts[h] = rewrite(f.read(), multi_label)
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
