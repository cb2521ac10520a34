# SPDX-License-Identifier: Apache-2.0
"""C source text as the proof driver reads it, without a C parser: the
functions a file defines (ghost functions included) with the lines they
span, its object-like and function-like macros with the #if branch they
sit in, and its local includes.  Good for the style of src/ (one
declaration per statement, bodies in braces at file level); not a
general C front end.
"""
import re

IDENT = re.compile(r"[A-Za-z_]\w*")
# Words that can stand just before a parenthesised list without being the
# name of the function defined (attributes, and the macros that wrap them).
NOT_A_NAME = {"__attribute__", "__declspec", "if", "while", "for", "switch", "return", "sizeof"}


def strip_comments(text, ghost_code=True):
    """text with every comment and every string or character literal
    replaced by spaces (newlines kept, so offsets and line numbers stay).
    With ghost_code, the inside of a `/*@ ghost ... */` block is kept as
    code (ghost functions are functions the proofs prove), its own
    `/@ ... @/` annotations blanked."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j == -1 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j == -1 else j + 2
            m = re.match(r"/\*@\s*ghost\b", text[i:j])
            if ghost_code and m:
                blank(i, i + m.end())
                blank(j - 2, j)
                inner = i + m.end()
                for g in re.finditer(r"/@.*?@/", text[inner:j - 2], re.S):
                    blank(inner + g.start(), inner + g.end())
            else:
                blank(i, j)
            i = j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            blank(i + 1, min(j, n))
            i = j + 1
        else:
            i += 1
    return "".join(out)


def blank_preprocessor(code):
    """Comment-free code with its preprocessor lines (and their backslash
    continuations) blanked, a macro body's braces being no definition, and
    with them what only C++ compiles (the `extern "C" {` of a header)."""
    lines = code.split("\n")
    cont, cxx, depth = False, 0, 0
    for k, line in enumerate(lines):
        word = line.strip()
        if not cont and word.startswith("#"):
            d = re.match(r"#\s*(\w+)\s*(.*)", word)
            key, rest = (d.group(1), d.group(2)) if d else ("", "")
            if key in ("if", "ifdef", "ifndef"):
                depth += 1
                if not cxx and key != "ifndef" and "__cplusplus" in rest:
                    cxx = depth
            elif key == "endif":
                if cxx == depth:
                    cxx = 0
                depth -= 1
            elif key in ("else", "elif") and cxx == depth:
                cxx = 0
        if cont or word.startswith("#") or cxx:
            cont = line.rstrip().endswith("\\") and (cont or word.startswith("#"))
            lines[k] = " " * len(line)
    return "\n".join(lines)


def _match(code, at, step):
    """Offset of the bracket that matches the one at offset at, looking
    forward (step 1) or back (step -1); the last offset looked at when
    there is none."""
    pairs = {"(": ")", "{": "}", ")": "(", "}": "{"}
    me, other = code[at], pairs[code[at]]
    depth, k = 0, at
    while 0 <= k < len(code):
        if code[k] == me:
            depth += 1
        elif code[k] == other:
            depth -= 1
            if depth == 0:
                return k
        k += step
    return k - step


def _name_before(code, brace):
    """The name of the function whose body opens at brace, or None when the
    brace opens something else (a struct, an initialiser)."""
    k = brace - 1
    while True:
        while k >= 0 and code[k].isspace():
            k -= 1
        if k < 0 or code[k] != ")":
            return None
        start = _match(code, k, -1)
        if code[start] != "(":
            return None
        j = start - 1
        while j >= 0 and code[j].isspace():
            j -= 1
        if j >= 0 and code[j] == ")":
            k = j  # a ghost parameter list after the C one
            continue
        m = re.search(r"[A-Za-z_]\w*$", code[:j + 1])
        if not m:
            return None
        if m.group(0) in NOT_A_NAME or m.group(0).isupper():
            # An attribute after the parameters (or a macro standing for
            # one): the parameter list is further left.
            k = m.start() - 1
            continue
        return m.group(0), m.start()


def line_of(text, offset):
    return text.count("\n", 0, offset) + 1


def definitions(text):
    """[(name, first line, last line, code lines)] of each function defined
    at file level in text (a C file or header), in order.  The first line
    is where the declaration starts (after the previous `;`, `}` or
    preprocessor line), the last holds the closing brace; code lines are
    the lines between them, both included, with something other than
    comments and blanks on them."""
    code = strip_comments(text)
    flat = blank_preprocessor(code)
    found = []
    depth, k = 0, 0
    n = len(flat)
    while k < n:
        ch = flat[k]
        if ch == "{":
            if depth == 0:
                got = _name_before(flat, k)
                if got:
                    name, at = got
                    end = _match(flat, k, 1)
                    first = _declaration_line(flat, at)
                    last = line_of(text, end)
                    body = code.split("\n")[first - 1:last]
                    found.append((name, first, last, sum(1 for l in body if l.strip())))
                    k = end + 1
                    continue
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        k += 1
    return found


def _declaration_line(flat, at):
    """The line where the declaration whose name is at offset at starts:
    going up from the name's line while the line above holds code that
    does not end a statement or a block (comments and preprocessor lines
    are blank in flat, so they end the search)."""
    lines = flat.split("\n")
    k = line_of(flat, at)
    while k > 1:
        above = lines[k - 2].strip()
        if not above or above.endswith((";", "}", "{")):
            break
        k -= 1
    return k


def code_lines(text):
    """Lines with something other than comments and blanks on them
    (preprocessor lines count: they are code too)."""
    return sum(1 for l in strip_comments(text, ghost_code=False).split("\n") if l.strip())


def local_includes(text):
    return re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)


COND = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?(.*)$")


def macros(text):
    """[(name, params or None, body, condition)] of each #define, body
    with whitespace collapsed, condition the #if branch it sits in as
    text ("" at the top; "!(c)" for an #else; nested ones joined by
    " && ").  Include guards are left out (#ifndef X / #define X)."""
    code = strip_comments(text, ghost_code=False)
    lines = code.split("\n")
    stack, found = [], []
    k = 0
    while k < len(lines):
        line = lines[k]
        while line.rstrip().endswith("\\") and k + 1 < len(lines):
            k += 1
            line = line.rstrip()[:-1] + " " + lines[k]
        k += 1
        m = COND.match(line)
        if m:
            word, rest = m.group(1), " ".join(m.group(2).split())
            if word == "ifdef":
                stack.append("defined(%s)" % rest)
            elif word == "ifndef":
                stack.append("!defined(%s)" % rest)
            elif word == "if":
                stack.append(rest)
            elif word in ("elif", "else") and stack:
                prev = stack.pop()
                stack.append("!(%s)" % prev if word == "else" else "!(%s) && %s" % (prev, rest))
            elif word == "endif" and stack:
                stack.pop()
            continue
        m = DEFINE.match(line)
        if not m:
            continue
        name, params, body = m.group(1), m.group(2), " ".join(m.group(3).split())
        if not body and stack and stack[-1] == "!defined(%s)" % name:
            continue  # include guard
        found.append((name, params and re.sub(r"\s+", "", params), body, " && ".join(stack)))
    return found
