#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The manual page against the command, so that the two cannot drift:
#   - it renders without a single warning, with man-db's `man --warnings -l`
#     and with `groff -man -ww -z` (every warning groff has), whichever is
#     installed (both when both are; at least one must be);
#   - every option and every command the command's help texts list is in
#     the page (an option as a word of its own, a command in a .SY line);
#   - the version in its .TH line is the command's.
# Then it checks itself: a page with a bad macro must draw a warning, and
# a page without --mutf8 must be refused.
#
#   sh tests/man_check.sh LEPACK PAGE
set -u
LEPACK=$1
PAGE=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# warnings PAGE: prints what the renderers say about PAGE (nothing: clean).
warnings() {
    if command -v groff > /dev/null 2>&1; then
        groff -man -ww -z "$1" 2>&1
    fi
    if command -v man > /dev/null 2>&1; then
        MANWIDTH=80 man --warnings=w -l "$1" 2>&1 > /dev/null
    fi
}

# The help texts, every level of them.
help() {
    for words in "" counters "counters encode" "counters decode" utf8 "utf8 encode" "utf8 decode"; do
        # shellcheck disable=SC2086
        "$LEPACK" $words --help || echo "FAIL: lepack $words --help: exit $?" >&2
    done
}
help > "$tmp/help" 2> "$tmp/help.err"
[ -s "$tmp/help" ] && [ ! -s "$tmp/help.err" ] && ok || bad "help texts: $(cat "$tmp/help.err")"
# Options: a word that starts with - or -- after a space, [, | or (; and
# the bare -- that ends options.
options=$(grep -oE -- '(^|[][ |(])--?[a-z][a-z0-9-]*' "$tmp/help" | sed 's/^[][ |(]//' | sort -u)
grep -qE -- '(^| )--( |$)' "$tmp/help" && options="$options --"
# Commands: the words after "lepack" on every usage line, and the lines of
# the top-level command list.
commands=$(sed -n 's/^\(usage:\|      \) lepack \([a-z0-9]\{1,\} [a-z]\{1,\}\) .*/\2/p; s/^  \([a-z0-9]\{1,\} [a-z]\{1,\}\) .*/\1/p' \
    "$tmp/help" | sort -u)
[ -n "$commands" ] && ok || bad "no command found in the help texts"
version=$("$LEPACK" --version | sed 's/^lepack //')

# check PAGE: 0 when PAGE describes every option and command and has the
# version; else a line per thing missing and 1.
check() {
    # The page as text: roff's \- is a hyphen-minus.
    sed 's/\\-/-/g' "$1" > "$tmp/page"
    missing=0
    for o in $options; do
        grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|\$)" "$tmp/page" ||
            { echo "man page lacks option $o"; missing=1; }
    done
    echo "$commands" | while IFS= read -r c; do
        grep -qE "^\.SY \"?lepack $c\"?\$" "$tmp/page" || { echo "man page lacks command '$c' in SYNOPSIS"; exit 1; }
    done || missing=1
    grep -qE "^\.TH LEPACK 1 [^ ]+ \"lepack $version\"" "$tmp/page" ||
        { echo "man page's .TH is not version $version"; missing=1; }
    return $missing
}

if ! command -v groff > /dev/null 2>&1 && ! command -v man > /dev/null 2>&1; then
    echo "man-check: neither groff nor man is installed"
    exit 2
fi
w=$(warnings "$PAGE")
[ -z "$w" ] && ok || bad "$PAGE draws warnings: $w"
check "$PAGE" > "$tmp/missing" && ok || bad "$(cat "$tmp/missing")"
echo "man-check: $(echo $options | wc -w) options, $(echo "$commands" | wc -l) commands, version $version"

# The checks can fail.
{ cat "$PAGE"; echo ".NOSUCHMACRO"; } > "$tmp/broken.1"
[ -n "$(warnings "$tmp/broken.1")" ] && ok || bad "a page with an undefined macro drew no warning"
grep -v mutf8 "$PAGE" > "$tmp/nomutf8.1"
check "$tmp/nomutf8.1" > "$tmp/missing" && bad "a page without --mutf8 passed" ||
    { grep -qx "man page lacks option --mutf8" "$tmp/missing" && ok || bad "no --mutf8 in: $(cat "$tmp/missing")"; }
grep -v '^\.SY "lepack counters decode"' "$PAGE" > "$tmp/nodecode.1"
check "$tmp/nodecode.1" > "$tmp/missing" && bad "a page without counters decode passed" || ok

echo "man-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
