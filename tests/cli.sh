#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# End-to-end checks of the lepack command: round trips and every kind of bad
# input (message on stderr, nothing on stdout, exit status 1).
set -u
LEPACK=${1:-build/lepack}
# Absolute, for the runs from inside $tmp (a name without a slash is looked
# up in PATH and stays as it is).
case $LEPACK in /*) ;; */*) LEPACK=$PWD/$LEPACK ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Random items, extremes included; awk's srand(seed) makes the run repeatable.
awk 'BEGIN {
    srand(20261130);
    print "-2147483648 -9223372036854775808 9223372036854775807";
    print "2147483647 9223372036854775807 -9223372036854775808";
    print "0 0 0"; print "-1 -1 -1";
    for (i = 0; i < 2000; i++) {
        p = int(rand() * 4294967296) - 2147483648;
        a = sprintf("%d%09d", int(rand() * 999999999) - 499999999, int(rand() * 1000000000));
        b = sprintf("%d", int(rand() * 2000000) - 1000000);
        print p, a, b;
    }
}' > "$tmp/items"

"$LEPACK" counters encode < "$tmp/items" > "$tmp/wire" || bad "encode of valid items failed"
size=$(wc -c < "$tmp/wire")
lines=$(wc -l < "$tmp/items")
[ "$size" -eq $((lines * 20)) ] && ok || bad "wire size $size != $lines * 20"
"$LEPACK" counters decode < "$tmp/wire" > "$tmp/back" || bad "decode failed"
cmp -s "$tmp/items" "$tmp/back" && ok || bad "encode | decode changed the lines"
"$LEPACK" counters encode --hex < "$tmp/items" > "$tmp/hex" || bad "encode --hex failed"
"$LEPACK" counters decode --hex < "$tmp/hex" > "$tmp/back2" || bad "decode --hex failed"
cmp -s "$tmp/items" "$tmp/back2" && ok || bad "hex round trip changed the lines"
[ "$(printf '1 2 3\n' | "$LEPACK" counters encode --hex)" = \
  "0100000002000000000000000300000000000000" ] && ok || bad "hex of 1 2 3"

# expect_error NAME PATTERN ARGS... with the input in $tmp/in: exit 1, stdout
# empty, stderr matches.  (Not fed by a pipe: a piped function runs in a
# subshell and its counts would be lost.)
expect_error() {
    name=$1 pattern=$2
    shift 2
    "$LEPACK" "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ "$rc" -ne 1 ]; then bad "$name: exit $rc, want 1"; return; fi
    if [ -s "$tmp/out" ]; then bad "$name: printed on stdout"; return; fi
    if ! grep -q -- "$pattern" "$tmp/err"; then
        bad "$name: stderr '$(cat "$tmp/err")' lacks '$pattern'"; return
    fi
    ok
}

head -c 41 /dev/zero > "$tmp/in"; expect_error "41 bytes" "41 bytes" counters decode
head -c 19 /dev/zero > "$tmp/in"; expect_error "19 bytes" "19 bytes" counters decode
printf '0g' > "$tmp/in"; expect_error "bad hex" "text offset 1" counters decode --hex
printf 'abc' > "$tmp/in"; expect_error "odd hex" "odd number" counters decode --hex
printf '01020304' > "$tmp/in"; expect_error "hex length" "4 bytes" counters decode --hex
printf '1 2 3\n2147483648 0 0\n' > "$tmp/in"; expect_error "int32 range" "line 2: partition: out of range" counters encode
printf '1 9223372036854775808 0\n' > "$tmp/in"; expect_error "int64 range" "line 1: initial counter: out of range" counters encode
printf '1 2 -9223372036854775809\n' > "$tmp/in"; expect_error "int64 low" "updates count: out of range" counters encode
printf '1  2 3\n' > "$tmp/in"; expect_error "two spaces" "line 1" counters encode
printf '1 2\n' > "$tmp/in"; expect_error "missing field" "missing updates count" counters encode
printf '1 2 3 4\n' > "$tmp/in"; expect_error "extra field" "unexpected text" counters encode
printf '1 2 3\n\n' > "$tmp/in"; expect_error "empty line" "line 2: empty line" counters encode
printf '1 2 3\r\n' > "$tmp/in"; expect_error "CR" "byte 0x0d" counters encode
printf '+1 2 3\n' > "$tmp/in"; expect_error "plus sign" "expected a digit" counters encode

"$LEPACK" counters encode --help > "$tmp/out" && grep -q "usage" "$tmp/out" && ok || bad "encode --help"
"$LEPACK" counters decode --help > "$tmp/out" && grep -q "usage" "$tmp/out" && ok || bad "decode --help"
"$LEPACK" --help > "$tmp/out" && grep -q "usage" "$tmp/out" && ok || bad "--help"
"$LEPACK" counters frobnicate > /dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown command exit"
[ -z "$(printf '' | "$LEPACK" counters encode)" ] && ok || bad "empty input"

# Usage errors: exit 2, the usage on stderr, nothing on stdout.
usage_error() { # usage_error NAME PATTERN ARGS...
    name=$1 pattern=$2
    shift 2
    "$LEPACK" "$@" < /dev/null > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q -- "$pattern" "$tmp/err" && grep -q usage "$tmp/err" &&
        ok || bad "$name: exit $rc, stderr '$(cat "$tmp/err")'"
}
usage_error "no arguments" "missing command"
usage_error "unknown command" "unknown command 'frobnicate'" frobnicate
usage_error "unknown subcommand" "unknown counters subcommand 'frobnicate'" counters frobnicate
usage_error "unknown option" "unknown option '--bogus'" counters encode --bogus
"$LEPACK" -h > "$tmp/out" && grep -q "usage" "$tmp/out" && ok || bad "-h"
"$LEPACK" counters -h > "$tmp/out" && grep -q "counters decode" "$tmp/out" && ok || bad "counters -h"

# A read error (stdin is a directory): errno's text.
"$LEPACK" counters decode < / > "$tmp/out" 2> "$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qx "lepack: cannot read standard input: Is a directory" "$tmp/err" &&
    ok || bad "read error: exit $rc, stderr '$(cat "$tmp/err")'"

"$LEPACK" counters > "$tmp/out" 2> "$tmp/err"; rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "needs a subcommand: encode or decode" "$tmp/err" &&
    ok || bad "counters without a subcommand: exit $rc, '$(cat "$tmp/err")'"
"$LEPACK" --version > "$tmp/out" && grep -qx "lepack [0-9]*\.[0-9]*\.[0-9]*" "$tmp/out" && ok || bad "--version"

# --- conventions: exact stdout, stderr and exit status ----------------------

# exact NAME RC OUT ERR ARGS...: `lepack ARGS < $tmp/in` exits RC and
# writes exactly the lines OUT on stdout and ERR on stderr (each plus a
# newline; nothing when empty).
exact() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 4
    "$LEPACK" "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ -n "$want_out" ]; then printf '%s\n' "$want_out"; fi > "$tmp/want_out"
    if [ -n "$want_err" ]; then printf '%s\n' "$want_err"; fi > "$tmp/want_err"
    if [ "$rc" -ne "$want_rc" ]; then
        bad "$name: exit $rc, want $want_rc (stderr '$(cat "$tmp/err")')"
    elif ! cmp -s "$tmp/out" "$tmp/want_out"; then
        bad "$name: stdout '$(cat "$tmp/out")', want '$want_out'"
    elif ! cmp -s "$tmp/err" "$tmp/want_err"; then
        bad "$name: stderr '$(cat "$tmp/err")', want '$want_err'"
    else
        ok
    fi
}
syn_main='usage: lepack COMMAND SUBCOMMAND [OPTION]... [FILE]
       lepack --help | --version
commands:
  counters encode [--hex] [FILE]                  item lines -> wire items
  counters decode [--hex] [FILE]                  wire items -> item lines
  utf8 encode [--strict|--mutf8] [--hex] [FILE]   UTF-16LE -> Java'"'"'s UTF-8
  utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]
                                                  Java'"'"'s UTF-8 -> UTF-16LE'
syn_counters='usage: lepack counters encode [--hex] [FILE]   item lines -> wire bytes (or hex)
       lepack counters decode [--hex] [FILE]   wire bytes (or hex) -> item lines'
syn_encode='usage: lepack counters encode [--hex] [FILE]'
syn_decode='usage: lepack counters decode [--hex] [FILE]'

# The top-level help lists every command, one line each, on stdout.
: > "$tmp/in"
"$LEPACK" --help > "$tmp/out" 2> "$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(head -n 8 "$tmp/out")" = "$syn_main" ] && ok ||
    bad "--help: exit $rc, stdout begins '$(head -n 8 "$tmp/out")'"
"$LEPACK" -h | cmp -s - "$tmp/out" && ok || bad "-h is not --help"
exact "bare lepack" 2 "" "lepack: missing command: counters or utf8
$syn_main"
exact "--version extra" 2 "" "lepack: --version takes no other arguments, got 'extra'
$syn_main" --version extra
exact "--help extra" 2 "" "lepack: --help takes no other arguments, got 'counters'
$syn_main" --help counters
exact "unknown command" 2 "" "lepack: unknown command 'frobnicate'
$syn_main" frobnicate
exact "unknown top-level option" 2 "" "lepack: unknown option '--bogus'
$syn_main" --bogus
exact "bare counters" 2 "" "lepack: 'counters' needs a subcommand: encode or decode
$syn_counters" counters
exact "counters --help" 0 "$syn_counters" "" counters --help
exact "counters --help extra" 2 "" "lepack: --help takes no other arguments, got 'encode'
$syn_counters" counters --help encode
exact "counters encode --help extra" 2 "" "lepack: --help takes no other arguments, got '--hex'
$syn_encode" counters encode --help --hex
exact "counters decode FILE -h" 2 "" "lepack: -h takes no other arguments, got 'x'
$syn_decode" counters decode x -h
exact "-h extra" 2 "" "lepack: -h takes no other arguments, got 'x'
$syn_main" -h x
exact "unknown counters option" 2 "" "lepack: unknown option '-x'
$syn_decode" counters decode -x
exact "extra operand" 2 "" "lepack: extra operand 'b': one FILE at most
$syn_encode" counters encode a b
for sub in encode decode; do
    "$LEPACK" counters $sub --help > "$tmp/out" 2> "$tmp/err"
    rc=$?
    want=$syn_encode
    [ $sub = decode ] && want=$syn_decode
    [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(head -n 1 "$tmp/out")" = "$want" ] &&
        grep -q -- "^  --hex " "$tmp/out" && grep -q -- "^  --help " "$tmp/out" && ok ||
        bad "counters $sub --help: exit $rc, '$(head -n 1 "$tmp/out")'"
done

# FILE operands, "-" and "--".
printf '1 2 3\n-1 0 9223372036854775807\n' > "$tmp/two"
"$LEPACK" counters encode < "$tmp/two" > "$tmp/two.bin"
"$LEPACK" counters encode --hex < "$tmp/two" > "$tmp/two.hex"
: > "$tmp/in"
exact "encode --hex FILE" 0 "$(cat "$tmp/two.hex")" "" counters encode --hex "$tmp/two"
exact "encode FILE --hex" 0 "$(cat "$tmp/two.hex")" "" counters encode "$tmp/two" --hex
exact "decode FILE" 0 "$(cat "$tmp/two")" "" counters decode "$tmp/two.bin"
exact "decode --hex FILE" 0 "$(cat "$tmp/two")" "" counters decode --hex "$tmp/two.hex"
cp "$tmp/two" "$tmp/in"
exact "encode --hex -" 0 "$(cat "$tmp/two.hex")" "" counters encode --hex -
exact "encode --hex -- -" 0 "$(cat "$tmp/two.hex")" "" counters encode --hex -- -
cp "$tmp/two.bin" "$tmp/in"
exact "decode -" 0 "$(cat "$tmp/two")" "" counters decode -
cp "$tmp/two.bin" "$tmp/-x"
: > "$tmp/in"
(cd "$tmp" && "$LEPACK" counters decode -- -x > out 2> err)
rc=$?
[ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/two" && [ ! -s "$tmp/err" ] && ok ||
    bad "counters decode -- -x: exit $rc, stderr '$(cat "$tmp/err")'"
for sub in encode decode "decode --hex"; do
    # shellcheck disable=SC2086
    exact "$sub missing FILE" 1 "" "lepack: cannot read '$tmp/nosuch': No such file or directory" \
        counters $sub "$tmp/nosuch"
    # shellcheck disable=SC2086
    exact "$sub directory FILE" 1 "" "lepack: cannot read '$tmp': Is a directory" \
        counters $sub "$tmp"
done
if [ "$(id -u)" -ne 0 ]; then # root reads a mode-000 file anyway
    cp "$tmp/two" "$tmp/locked"
    chmod 000 "$tmp/locked"
    exact "mode 000 FILE" 1 "" "lepack: cannot read '$tmp/locked': Permission denied" \
        counters encode "$tmp/locked"
fi

# Offsets name their unit, counts their number.
printf '0g' > "$tmp/in"
exact "hex text offset" 1 "" "lepack: text offset 1: invalid hex character 'g'" counters decode --hex
head -c 41 /dev/zero > "$tmp/in"
exact "41 bytes" 1 "" \
    "lepack: input is 41 bytes, not a multiple of the 20-byte item size (2 complete items, 1 byte left over at byte offset 40)" \
    counters decode
head -c 1 /dev/zero > "$tmp/in"
exact "1 byte" 1 "" \
    "lepack: input is 1 byte, not a multiple of the 20-byte item size (0 complete items, 1 byte left over at byte offset 0)" \
    counters decode
head -c 22 /dev/zero > "$tmp/in"
exact "22 bytes" 1 "" \
    "lepack: input is 22 bytes, not a multiple of the 20-byte item size (1 complete item, 2 bytes left over at byte offset 20)" \
    counters decode
{ head -n 1 "$tmp/two.hex"; printf '  00 0\n0\n'; } > "$tmp/in"
exact "hex length" 1 "" \
    "lepack: the decoded input is 22 bytes, not a multiple of the 20-byte item size (1 complete item, 2 bytes left over at byte offset 20 of the decoded input, text offset 43)" \
    counters decode --hex

# A full disk (or a closed stdout) is an error, like coreutils: exit 1,
# errno's text on stderr, whatever was being written.
full_disk() { # full_disk NAME ARGS... with the input in $tmp/in
    name=$1
    shift
    "$LEPACK" "$@" < "$tmp/in" > /dev/full 2> "$tmp/err"
    rc=$?
    if [ "$rc" -ne 1 ]; then bad "$name to /dev/full: exit $rc, want 1"; return; fi
    grep -qx "lepack: write error: No space left on device" "$tmp/err" ||
        { bad "$name to /dev/full: stderr '$(cat "$tmp/err")'"; return; }
    ok
}
if [ -w /dev/full ]; then
    : > "$tmp/in"
    full_disk "--help" --help
    full_disk "--version" --version
    full_disk "counters --help" counters --help
    full_disk "decode --help" counters decode --help
    # 2004 items: more than stdio buffers, so writes fail mid-stream too.
    cp "$tmp/items" "$tmp/in"
    full_disk "encode" counters encode
    full_disk "encode --hex" counters encode --hex
    cp "$tmp/wire" "$tmp/in"
    full_disk "decode" counters decode
    cp "$tmp/hex" "$tmp/in"
    full_disk "decode --hex" counters decode --hex
else
    echo "cli: /dev/full missing, write errors not checked"
fi
"$LEPACK" --version >&- 2> "$tmp/err"
[ $? -eq 1 ] && grep -q "write error" "$tmp/err" && ok || bad "--version to a closed stdout"

# Every allocation the command makes may fail: with the k-th one failing
# (tests/failmalloc.c, preloaded), the run either succeeds with the same
# output or says "out of memory", exit 1, nothing on stdout.
failmalloc=""
if ${CC:-cc} -std=c11 -O1 -shared -fPIC "$(dirname "$0")/failmalloc.c" -o "$tmp/failmalloc.so" \
        2> /dev/null; then
    failmalloc=$tmp/failmalloc.so
    head -n 5 "$tmp/items" > "$tmp/few"
    "$LEPACK" counters encode < "$tmp/few" > "$tmp/few.bin"
    "$LEPACK" counters encode --hex < "$tmp/few" > "$tmp/few.hex"
    # sweep INPUT WANT ARGS...: allocations 1..40 of `lepack ARGS < INPUT`
    sweep() {
        input=$1 want=$2
        shift 2
        oom=0 k=1
        while [ "$k" -le 40 ]; do
            FAILMALLOC_AT=$k LD_PRELOAD=$failmalloc "$LEPACK" "$@" < "$tmp/$input" \
                > "$tmp/out" 2> "$tmp/err"
            rc=$?
            if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/$want"; then :
            elif [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qx "lepack: out of memory" "$tmp/err"; then
                oom=$((oom + 1))
            else
                bad "$* with allocation $k failing: exit $rc, stderr '$(cat "$tmp/err")'"
                return
            fi
            k=$((k + 1))
        done
        [ "$oom" -ge 2 ] && ok || bad "$*: only $oom allocation failures reported"
    }
    sweep few few.bin counters encode
    sweep few few.hex counters encode --hex
    sweep few.bin few counters decode
    sweep few.hex few counters decode --hex
else
    echo "cli: no C compiler for tests/failmalloc.c, allocation failures not checked"
fi

# Out of memory while reading: said so, nothing on stdout.  The address
# space is capped below what the input needs (ulimit -v, in KiB).
if (ulimit -v 200000) 2>/dev/null; then
    for args in "counters decode" "counters decode --hex" "counters encode"; do
        # shellcheck disable=SC2086
        head -c 64000000 /dev/zero | (ulimit -v 40000; exec "$LEPACK" $args) > "$tmp/out" 2> "$tmp/err"
        rc=$?
        [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qx "lepack: out of memory" "$tmp/err" &&
            ok || bad "$args out of memory: exit $rc, stderr '$(cat "$tmp/err")'"
    done
    # The memory bound: decode holds its input once and writes item by item,
    # so 40 MB decode in 100 MB of address space (about 72 MB needed; holding
    # a copy of the items and the whole output besides, as the command once
    # did, needs about 120 MB).
    head -c 40000000 /dev/zero | (ulimit -v 100000; exec "$LEPACK" counters decode) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] && [ "$(wc -l < "$tmp/out")" -eq 2000000 ] && ok ||
        bad "40 MB decode within 100 MB: exit $rc, $(wc -l < "$tmp/out") lines, '$(cat "$tmp/err")'"
else
    echo "cli: ulimit -v not available, out-of-memory paths not checked"
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
