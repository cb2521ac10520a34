#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# End-to-end checks of `lepack utf8`: the JDK's bytes, round trips, and
# every kind of bad input (message on stderr, nothing on stdout, exit 1).
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
hexof() { od -An -v -tx1 | tr -d ' \n'; }
# bytes HEX: writes the bytes a lowercase hex string stands for (octal
# escapes, which every printf knows, in chunks that stay below ARG_MAX).
bytes() {
    printf '%s\n' "$1" | fold -w 512 | while IFS= read -r chunk; do
        printf "$(printf '%s' "$chunk" | awk 'BEGIN { h = "0123456789abcdef" } {
            for (i = 1; i < length($0); i += 2)
                printf "\\%03o", (index(h, substr($0, i, 1)) - 1) * 16 + index(h, substr($0, i + 1, 1)) - 1
        }')"
    done
}

# expect NAME HEX-IN WANT-HEX ARGS...: exit 0 and exactly WANT-HEX on stdout.
expect() {
    name=$1 in=$2 want=$3
    shift 3
    bytes "$in" > "$tmp/in"
    if ! "$LEPACK" utf8 "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"; then
        bad "$name: exit $?, stderr '$(cat "$tmp/err")'"; return
    fi
    got=$(hexof < "$tmp/out")
    [ "$got" = "$want" ] && ok || bad "$name: got $got, want $want"
}

# expect_error NAME HEX-IN PATTERN ARGS...: exit 1, stdout empty, stderr matches.
expect_error() {
    name=$1 in=$2 pattern=$3
    shift 3
    bytes "$in" > "$tmp/in"
    "$LEPACK" utf8 "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ "$rc" -ne 1 ]; then bad "$name: exit $rc, want 1"; return; fi
    if [ -s "$tmp/out" ]; then bad "$name: printed on stdout"; return; fi
    grep -q -- "$pattern" "$tmp/err" && ok || bad "$name: stderr '$(cat "$tmp/err")' lacks '$pattern'"
}

# String.getBytes(UTF_8): one unit of each length, a pair, lone surrogates.
expect "ascii" 41004200 4142 encode
expect "boundaries" 7f0080000008ffff 7fc280e0a080efbfbf encode
expect "pair" 3dd800de f09f9880 encode
expect "lone high at the end" 410000d8 413f encode
expect "lone low" 00dc4100 3f41 encode
expect "empty" "" "" encode
expect "hex output" 4100e900 "$(printf '41c3a9\n' | hexof)" encode --hex
# new String(bytes, UTF_8): U+FFFD per ill-formed sequence, the JDK's way.
expect "decode" 41c3a9f09f9880 4100e9003dd800de decode
expect "decode replaces" 61f18080e180c262 6100fdfffdfffdff6200 decode
expect "encoded surrogate is one U+FFFD" eda080 fdff decode
expect "decode hex input" "$(printf '41 c3a9\n' | hexof)" 4100e900 decode --hex
expect "strict accepts" c3a9 e900 decode --strict
expect "strict, empty input" "" "" decode --strict
expect "hex, empty text" "" "" decode --hex
# Modified UTF-8.
expect "writeUTF" 41000000 000341c080 encode --mutf8
expect "writeUTF pair as two surrogates" 3dd800de 0006eda0bdedb880 encode --mutf8
expect "readUTF" 000341c080 41000000 decode --mutf8
expect "readUTF overlong accepted" 0002c181 4100 decode --mutf8

expect_error "odd input, whole" 410042 "3 bytes, an odd number" encode --strict
expect_error "odd input offset, whole" 410042 "offset 2" encode --strict
expect_error "strict overlong" 41c080 "byte offset 1" decode --strict
expect_error "strict surrogate" 4142eda080 "byte offset 2" decode --strict
expect_error "strict truncated" 41e282 "byte offset 1" decode --strict
expect_error "bad hex" "$(printf '4g' | hexof)" "text offset 1" decode --hex
expect_error "readUTF short prefix" 00 "shorter than" decode --mutf8
expect_error "readUTF short body" 000541 "announces 5 bytes but only 1" decode --mutf8
expect_error "readUTF malformed" 000241e2 "byte offset 3" decode --mutf8
expect_error "readUTF trailing bytes" 00014142 "1 byte after the string" decode --mutf8
# writeUTF refuses a body over 65535 bytes: 21846 units of U+0800.
awk 'BEGIN { for (i = 0; i < 21846; i++) printf "0008" }' > "$tmp/long.hex"
expect_error "writeUTF too long" "$(cat "$tmp/long.hex")" \
    "^lepack: too long for writeUTF: the modified UTF-8 body is 65538 bytes, over the 65535 its 2-byte length prefix allows (UTFDataFormatException)$" \
    encode --mutf8

# Round trips: well-formed UTF-16 (pairs only) survives encode | decode,
# and any UTF-16 survives writeUTF | readUTF.
awk 'BEGIN {
    srand(20261201);
    for (i = 0; i < 3000; i++) {
        c = int(rand() * 5);
        if (c == 0) u = int(rand() * 128);
        else if (c == 1) u = 128 + int(rand() * 1920);
        else if (c == 2) u = 19968 + int(rand() * 20000);
        else if (c == 3) { h = 55296 + int(rand() * 1024); l = 56320 + int(rand() * 1024);
                           printf "%02x%02x%02x%02x", h % 256, int(h / 256), l % 256, int(l / 256); continue }
        else u = 57344 + int(rand() * 8192);
        printf "%02x%02x", u % 256, int(u / 256);
    }
}' > "$tmp/text.hex"
bytes "$(cat "$tmp/text.hex")" > "$tmp/text"
"$LEPACK" utf8 encode < "$tmp/text" > "$tmp/text.utf8" || bad "encode of valid text failed"
"$LEPACK" utf8 decode --strict < "$tmp/text.utf8" > "$tmp/back" || bad "strict decode failed"
cmp -s "$tmp/text" "$tmp/back" && ok || bad "encode | decode --strict changed the text"
"$LEPACK" utf8 encode --hex < "$tmp/text" | "$LEPACK" utf8 decode --hex > "$tmp/back2" ||
    bad "hex round trip failed"
cmp -s "$tmp/text" "$tmp/back2" && ok || bad "hex round trip changed the text"
# Many chunks (64 KiB each) with sequences cut at their edges: the stream,
# and --strict and --hex decoding the input they hold a chunk at a time.
: > "$tmp/big"; : > "$tmp/big.utf8"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
    cat "$tmp/text" >> "$tmp/big"; cat "$tmp/text.utf8" >> "$tmp/big.utf8"
done
"$LEPACK" utf8 encode --hex < "$tmp/big" > "$tmp/big.hex" || bad "hex encode of the big text failed"
for opt in "" --strict; do
    "$LEPACK" utf8 decode $opt < "$tmp/big.utf8" > "$tmp/big.back" || bad "big decode $opt failed"
    cmp -s "$tmp/big" "$tmp/big.back" && ok || bad "big decode $opt changed the text"
done
"$LEPACK" utf8 decode --hex < "$tmp/big.hex" > "$tmp/big.back" || bad "big decode --hex failed"
cmp -s "$tmp/big" "$tmp/big.back" && ok || bad "big decode --hex changed the text"
head -c 4000 /dev/urandom > "$tmp/random16"
"$LEPACK" utf8 encode --mutf8 < "$tmp/random16" > "$tmp/random.mutf8" || bad "writeUTF of random units"
"$LEPACK" utf8 decode --mutf8 < "$tmp/random.mutf8" > "$tmp/random.back" || bad "readUTF of random units"
cmp -s "$tmp/random16" "$tmp/random.back" && ok || bad "writeUTF | readUTF changed random units"

# A write error is reported with errno's text, not ignored: exit 1.
full() { # full NAME INPUT-FILE ARGS...
    name=$1 file=$2
    shift 2
    "$LEPACK" utf8 "$@" < "$file" > /dev/full 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && grep -q "write error: No space left on device" "$tmp/err" && ok ||
        bad "$name to /dev/full: exit $rc, stderr '$(cat "$tmp/err")'"
}
if [ -w /dev/full ]; then
    printf 'A\0' > "$tmp/in"
    full "encode" "$tmp/in" encode
    full "encode --hex" "$tmp/text" encode --hex
    full "decode" "$tmp/text.utf8" decode
    full "--help" /dev/null --help
fi

# A read error (stdin is a directory) is reported with errno's text.
for args in encode decode "encode --mutf8"; do
    "$LEPACK" utf8 $args < / > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] &&
        grep -qx "lepack: cannot read standard input: Is a directory" "$tmp/err" &&
        ok || bad "$args from a directory: exit $rc, stderr '$(cat "$tmp/err")'"
done

# Out of memory, in the modes that hold the whole input: said so, nothing
# on stdout, exit 1.  The address space (ulimit -v, KiB) holds the input but
# not it and the output together: 24 MB of U+4E00 (36 MB of UTF-8) in 60
# MB, and 64 MB of input in 40 MB.  decode --strict holds only its input:
# 24 MB of 'A' (48 MB of UTF-16) in 60 MB.  The streaming modes convert
# the same inputs in 16 MB.
oom() { # oom NAME KIB INPUT-FILE ARGS...
    name=$1 kib=$2 file=$3
    shift 3
    (ulimit -v "$kib"; exec "$LEPACK" utf8 "$@") < "$file" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -qx "lepack: out of memory" "$tmp/err" &&
        ok || bad "$name out of memory: exit $rc, stderr '$(cat "$tmp/err")'"
}
if (ulimit -v 200000) 2>/dev/null; then
    head -c 64000000 /dev/zero > "$tmp/big"
    oom "reading" 40000 "$tmp/big" decode --strict
    awk 'BEGIN { s = "\000N"; while (length(s) < 65536) s = s s; for (i = 0; i < 366; i++) printf "%s", s }' \
        > "$tmp/cjk16"
    oom "encode" 60000 "$tmp/cjk16" encode --strict
    head -c 24000000 /dev/zero | tr '\0' A > "$tmp/ascii8"
    (ulimit -v 60000; exec "$LEPACK" utf8 decode --strict) < "$tmp/ascii8" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] && [ "$(wc -c < "$tmp/out")" -eq 48000000 ] && ok ||
        bad "decode --strict of 24 MB in 60 MB: exit $rc, stderr '$(cat "$tmp/err")'"
    # streamed in bounded memory: the whole output, in 16 MB
    streamed() { # streamed NAME INPUT-FILE WANT-BYTES ARGS...
        name=$1 file=$2 want=$3
        shift 3
        (ulimit -v 16000; exec "$LEPACK" utf8 "$@") < "$file" > "$tmp/out" 2> "$tmp/err"
        rc=$?
        [ "$rc" -eq 0 ] && [ "$(wc -c < "$tmp/out")" -eq "$want" ] && ok ||
            bad "$name in 16 MB: exit $rc, $(wc -c < "$tmp/out") bytes, stderr '$(cat "$tmp/err")'"
    }
    streamed "decode 64 MB" "$tmp/big" 128000000 decode
    streamed "encode 24 MB of U+4E00" "$tmp/cjk16" 35979264 encode
    streamed "decode 24 MB of ASCII" "$tmp/ascii8" 48000000 decode
    rm -f "$tmp/big" "$tmp/cjk16" "$tmp/ascii8"
fi

# Every allocation may fail: with the k-th one failing (tests/failmalloc.c,
# preloaded), the run either succeeds with the same output or says so in
# one line (out of memory; or, for a FILE that fopen cannot allocate for,
# its name and ENOMEM's text), exit 1, nothing on stdout.
if ${CC:-cc} -std=c11 -O1 -shared -fPIC "$(dirname "$0")/failmalloc.c" -o "$tmp/failmalloc.so" \
        2> /dev/null; then
    bytes 41003dd800dee900 > "$tmp/few16"
    bytes 41f09f9880c3a9 > "$tmp/few8"
    printf '41 f09f 9880\nc3a9\n' > "$tmp/few8.hex"
    bytes 000941c080eda0bdedb880 > "$tmp/few.mutf8"
    # sweep INPUT ARGS...: allocations 1..30 of `lepack utf8 ARGS < INPUT`
    sweep() {
        input=$1
        shift
        "$LEPACK" utf8 "$@" < "$input" > "$tmp/sweep.want" || { bad "$*: fails without failmalloc"; return; }
        oom=0 k=1
        while [ "$k" -le 30 ]; do
            FAILMALLOC_AT=$k LD_PRELOAD=$tmp/failmalloc.so "$LEPACK" utf8 "$@" < "$input" \
                > "$tmp/out" 2> "$tmp/err"
            rc=$?
            # (stderr is not checked on success: a coverage build's profile
            # runtime, whose own allocation failed, says so there.)
            if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/sweep.want"; then :
            elif [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] &&
                 grep -qx "lepack: out of memory\|lepack: cannot read '.*': Cannot allocate memory" "$tmp/err"; then
                oom=$((oom + 1))
            else
                bad "$* with allocation $k failing: exit $rc, stderr '$(cat "$tmp/err")'"
                return
            fi
            k=$((k + 1))
        done
        [ "$oom" -ge 2 ] && ok || bad "$*: only $oom allocation failures reported"
    }
    sweep "$tmp/few16" encode
    sweep "$tmp/few16" encode --hex --mutf8
    sweep /dev/null encode "$tmp/few16"
    sweep "$tmp/few8" decode --strict
    sweep "$tmp/few8.hex" decode --hex
    sweep /dev/null decode --hex "$tmp/few8.hex"
    sweep "$tmp/few.mutf8" decode --mutf8
else
    echo "cli_utf8: no C compiler for tests/failmalloc.c, allocation failures not checked"
fi

# --- conventions: exact stdout (as hex), stderr and exit status ------------

# exact NAME RC OUT-HEX ERR ARGS...: `lepack ARGS < $tmp/in` exits RC,
# writes exactly the bytes OUT-HEX stands for on stdout, and exactly the
# lines ERR on stderr (ERR plus a newline; nothing when ERR is empty).
exact() {
    name=$1 want_rc=$2 want_out=$3 want_err=$4
    shift 4
    "$LEPACK" "$@" < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ -n "$want_err" ]; then printf '%s\n' "$want_err"; fi > "$tmp/want_err"
    got_out=$(hexof < "$tmp/out")
    if [ "$rc" -ne "$want_rc" ]; then
        bad "$name: exit $rc, want $want_rc (stderr '$(cat "$tmp/err")')"
    elif [ "$got_out" != "$want_out" ]; then
        bad "$name: stdout $got_out, want $want_out"
    elif ! cmp -s "$tmp/err" "$tmp/want_err"; then
        bad "$name: stderr '$(cat "$tmp/err")', want '$want_err'"
    else
        ok
    fi
}
syn_utf8='usage: lepack utf8 encode [--strict|--mutf8] [--hex] [FILE]
       lepack utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]'
syn_encode='usage: lepack utf8 encode [--strict|--mutf8] [--hex] [FILE]'
syn_decode='usage: lepack utf8 decode [--strict|--mutf8] [--hex] [--quiet] [FILE]'

# FILE operands and "-": the same bytes as from stdin, options before or
# after the FILE.
bytes 41003dd800de > "$tmp/units"
bytes 41f09f9880 > "$tmp/utf8"
bytes 000341c080 > "$tmp/mutf8"
printf '41 f0 9f\n98 80\n' > "$tmp/utf8.hex"
: > "$tmp/in"
exact "encode FILE" 0 41f09f9880 "" utf8 encode "$tmp/units"
exact "encode --hex FILE" 0 "$(printf '41f09f9880\n' | hexof)" "" utf8 encode --hex "$tmp/units"
exact "encode FILE --hex" 0 "$(printf '41f09f9880\n' | hexof)" "" utf8 encode "$tmp/units" --hex
exact "encode --mutf8 FILE" 0 000741eda0bdedb880 "" utf8 encode --mutf8 "$tmp/units"
exact "decode FILE" 0 41003dd800de "" utf8 decode "$tmp/utf8"
exact "decode --strict FILE" 0 41003dd800de "" utf8 decode --strict "$tmp/utf8"
exact "decode --mutf8 FILE" 0 41000000 "" utf8 decode --mutf8 "$tmp/mutf8"
exact "decode --hex FILE" 0 41003dd800de "" utf8 decode --hex "$tmp/utf8.hex"
cp "$tmp/units" "$tmp/in"
exact "encode -" 0 41f09f9880 "" utf8 encode -
exact "encode --mutf8 -" 0 000741eda0bdedb880 "" utf8 encode - --mutf8
cp "$tmp/utf8" "$tmp/in"
exact "decode -" 0 41003dd800de "" utf8 decode -
exact "decode -- -" 0 41003dd800de "" utf8 decode -- -
# A raw 0x00 in a readUTF body is U+0000: readUTF takes any byte below 0x80
# as one unit (only writeUTF avoids that byte).
bytes 0003410042 > "$tmp/in"
exact "readUTF raw 0x00" 0 410000004200 "" utf8 decode --mutf8
cp "$tmp/in" "$tmp/nul.mutf8"
: > "$tmp/in"
exact "readUTF raw 0x00 from a FILE" 0 410000004200 "" utf8 decode --mutf8 "$tmp/nul.mutf8"
printf '0003 41 00 42' > "$tmp/in"
exact "readUTF raw 0x00 in hex" 0 410000004200 "" utf8 decode --mutf8 --hex

# A FILE that cannot be read: one line naming it and errno's text, exit 1.
: > "$tmp/in"
for sub in encode decode; do
    exact "$sub missing FILE" 1 "" "lepack: cannot read '$tmp/nosuch': No such file or directory" \
        utf8 $sub "$tmp/nosuch"
    exact "$sub directory FILE" 1 "" "lepack: cannot read '$tmp': Is a directory" utf8 $sub "$tmp"
done
exact "decode --hex missing FILE" 1 "" "lepack: cannot read '$tmp/nosuch': No such file or directory" \
    utf8 decode --hex "$tmp/nosuch"
exact "encode --mutf8 missing FILE" 1 "" "lepack: cannot read '$tmp/nosuch': No such file or directory" \
    utf8 encode --mutf8 "$tmp/nosuch"
# /proc/self/mem opens, but page 0 is not mapped: EIO on the first read.
if [ -r /proc/self/mem ]; then
    exact "unreadable FILE" 1 "" "lepack: cannot read '/proc/self/mem': Input/output error" \
        utf8 decode /proc/self/mem
fi
if [ "$(id -u)" -ne 0 ]; then # root reads a mode-000 file anyway
    cp "$tmp/units" "$tmp/locked"
    chmod 000 "$tmp/locked"
    exact "mode 000 FILE" 1 "" "lepack: cannot read '$tmp/locked': Permission denied" \
        utf8 encode "$tmp/locked"
fi
# A name is quoted so that the message stays one line.
exact "FILE name with a newline" 1 "" "lepack: cannot read 'a\x0ab\x27c': No such file or directory" \
    utf8 decode "$(printf 'a\nb')'c"
exact "FILE name with a backslash and DEL" 1 "" \
    "lepack: cannot read 'a\\x5cb\\x7f': No such file or directory" utf8 encode "$(printf 'a\\b\177')"
exact "extra operand" 2 "" "lepack: extra operand 'b': one FILE at most
$syn_decode" utf8 decode a b
exact "extra operand after --" 2 "" "lepack: extra operand '-': one FILE at most
$syn_encode" utf8 encode a -- -

# -- ends the options: a FILE named -x, or --hex.
cp "$tmp/units" "$tmp/-x"
cp "$tmp/units" "$tmp/--hex"
: > "$tmp/in"
exact "-x without --" 2 "" "lepack: unknown option '-x'
$syn_encode" utf8 encode -x
(cd "$tmp" && "$LEPACK" utf8 encode -- -x > out 2> err)
rc=$?
[ "$rc" -eq 0 ] && [ "$(hexof < "$tmp/out")" = 41f09f9880 ] && [ ! -s "$tmp/err" ] && ok ||
    bad "encode -- -x: exit $rc, stderr '$(cat "$tmp/err")'"
(cd "$tmp" && "$LEPACK" utf8 encode --hex -- --hex > out 2> err)
rc=$?
[ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = 41f09f9880 ] && [ ! -s "$tmp/err" ] && ok ||
    bad "encode --hex -- --hex: exit $rc, stderr '$(cat "$tmp/err")'"
exact "-- twice: the second is a FILE" 1 "" "lepack: cannot read '--': No such file or directory" \
    utf8 decode -- --

# Contradictory options: readUTF has no strict mode.  (--strict was once
# ignored under --mutf8, and this overlong form decoded to "A".)
bytes 0002c181 > "$tmp/in"
strict_mutf8="lepack: --strict and --mutf8 cannot be used together: readUTF has its own rules and no strict mode
$syn_decode"
exact "--strict --mutf8" 2 "" "$strict_mutf8" utf8 decode --strict --mutf8
exact "--mutf8 --hex --strict" 2 "" "$strict_mutf8" utf8 decode --mutf8 --hex --strict
exact "--mutf8 alone takes the overlong form" 0 4100 "" utf8 decode --mutf8
exact "--strict alone refuses it" 1 "" "lepack: byte offset 2: ill-formed UTF-8 sequence" \
    utf8 decode --strict
# encode streams: an odd last byte is reported after the output of the
# units before it (a high surrogate left at the end becomes '?' first).
bytes 41003dd842 > "$tmp/in"
exact "odd input, streamed" 1 413f \
    "lepack: input is 5 bytes, an odd number: UTF-16LE takes two bytes per code unit (the byte at offset 4 has no partner)" \
    utf8 encode
# Strict encoding refuses an unpaired surrogate, naming its unit and byte.
bytes 41003dd84200 > "$tmp/in"
exact "encode --strict, lone high" 1 "" \
    "lepack: unit 1 (byte offset 2): unpaired surrogate U+D83D (--strict: a CharsetEncoder set to REPORT refuses it)" \
    utf8 encode --strict
bytes 00de > "$tmp/in"
exact "encode --strict, lone low first" 1 "" \
    "lepack: unit 0 (byte offset 0): unpaired surrogate U+DE00 (--strict: a CharsetEncoder set to REPORT refuses it)" \
    utf8 encode --strict
bytes 41003dd800de > "$tmp/in"
exact "encode --strict, a pair" 0 41f09f9880 "" utf8 encode --strict
exact "encode --strict --hex" 0 "$(printf '41f09f9880\n' | hexof)" "" utf8 encode --strict --hex
exact "encode --strict --mutf8" 2 "" "lepack: --strict and --mutf8 cannot be used together: writeUTF has its own rules and no strict mode
$syn_encode" utf8 encode --strict --mutf8

# Subcommands: bare utf8 says one is needed and lists them.
: > "$tmp/in"
exact "bare utf8" 2 "" "lepack: 'utf8' needs a subcommand: encode or decode
$syn_utf8" utf8
exact "unknown subcommand" 2 "" "lepack: unknown utf8 subcommand 'frob'
$syn_utf8" utf8 frob
exact "an option for a subcommand" 2 "" "lepack: unknown utf8 subcommand '--hex'
$syn_utf8" utf8 --hex

# --help: the usage on stdout, nothing on stderr, exit 0, only when alone.
help_first_line() { # help_first_line WANT ARGS...
    want=$1
    shift
    "$LEPACK" "$@" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(head -n 1 "$tmp/out")" = "$want" ] && ok ||
        bad "$*: exit $rc, first line '$(head -n 1 "$tmp/out")', stderr '$(cat "$tmp/err")'"
}
help_first_line "$(echo "$syn_utf8" | head -n 1)" utf8 --help
help_first_line "$syn_encode" utf8 encode --help
help_first_line "$syn_decode" utf8 decode --help
help_first_line "$syn_decode" utf8 decode -h
for opt in --mutf8 --hex --help; do
    "$LEPACK" utf8 encode --help | grep -q -- "^  $opt " && ok || bad "encode --help lacks $opt"
done
for opt in --strict --mutf8 --hex --quiet --help; do
    "$LEPACK" utf8 decode --help | grep -q -- "^  $opt " && ok || bad "decode --help lacks $opt"
done
"$LEPACK" utf8 encode --help | grep -q -- "^  --strict " && ok || bad "encode --help lacks --strict"
exact "--help with an option" 2 "" "lepack: --help takes no other arguments, got '--hex'
$syn_decode" utf8 decode --hex --help
exact "--help with a FILE" 2 "" "lepack: --help takes no other arguments, got 'x'
$syn_encode" utf8 encode --help x
exact "utf8 --help with more" 2 "" "lepack: --help takes no other arguments, got 'encode'
$syn_utf8" utf8 --help encode
exact "utf8 -h with more" 2 "" "lepack: -h takes no other arguments, got 'decode'
$syn_utf8" utf8 -h decode
exact "decode -h with more" 2 "" "lepack: -h takes no other arguments, got '-'
$syn_decode" utf8 decode -h -
exact "--help after --" 1 "" "lepack: cannot read '--help': No such file or directory" \
    utf8 decode -- --help

# Offsets name their unit: "byte offset" in the raw input; with --hex,
# "text offset" in the hex text, and for an error in the bytes it decodes
# to, both.  Singular and plural.
printf '41 c080' > "$tmp/in"
exact "--hex --strict offset" 1 "" \
    "lepack: byte offset 1 of the decoded input, text offset 3: ill-formed UTF-8 sequence" \
    utf8 decode --hex --strict
printf '41\n\n  C0 80' > "$tmp/in"
exact "--hex --strict offset across lines" 1 "" \
    "lepack: byte offset 1 of the decoded input, text offset 6: ill-formed UTF-8 sequence" \
    utf8 decode --strict --hex
bytes 41c080 > "$tmp/in"
exact "--strict offset" 1 "" "lepack: byte offset 1: ill-formed UTF-8 sequence" utf8 decode --strict
printf '4 1 g' > "$tmp/in"
exact "hex text offset" 1 "" "lepack: text offset 4: invalid hex character 'g'" utf8 decode --hex
printf '41 4' > "$tmp/in"
exact "odd hex digits" 1 "" \
    "lepack: text offset 3: odd number of hex digits: this digit has no partner" \
    utf8 decode --hex --strict
printf '0003 41 e2 41' > "$tmp/in"
exact "--hex --mutf8 malformed" 1 "" \
    "lepack: byte offset 3 of the decoded input, text offset 8: malformed modified UTF-8 (readUTF: UTFDataFormatException)" \
    utf8 decode --hex --mutf8
bytes 000341e241 > "$tmp/in"
exact "--mutf8 malformed" 1 "" \
    "lepack: byte offset 3: malformed modified UTF-8 (readUTF: UTFDataFormatException)" \
    utf8 decode --mutf8
printf '0001 41\n42' > "$tmp/in"
exact "--hex --mutf8 one byte after" 1 "" \
    "lepack: byte offset 3 of the decoded input, text offset 8: 1 byte after the string (one writeUTF string expected)" \
    utf8 decode --hex --mutf8
bytes 0001414243 > "$tmp/in"
exact "--mutf8 two bytes after" 1 "" \
    "lepack: byte offset 3: 2 bytes after the string (one writeUTF string expected)" \
    utf8 decode --mutf8
bytes 00 > "$tmp/in"
exact "readUTF, 1 byte" 1 "" \
    "lepack: input is 1 byte, shorter than readUTF's 2-byte length prefix" utf8 decode --mutf8
printf '00' > "$tmp/in"
exact "readUTF, 1 decoded byte" 1 "" \
    "lepack: the decoded input is 1 byte, shorter than readUTF's 2-byte length prefix" \
    utf8 decode --mutf8 --hex
: > "$tmp/in"
exact "readUTF, 0 bytes" 1 "" \
    "lepack: input is 0 bytes, shorter than readUTF's 2-byte length prefix" utf8 decode --mutf8
bytes 0001 > "$tmp/in"
exact "announces 1 byte" 1 "" \
    "lepack: the length prefix announces 1 byte but only 0 follow it (readUTF: EOFException)" \
    utf8 decode --mutf8
bytes 00054142 > "$tmp/in"
exact "announces 5 bytes" 1 "" \
    "lepack: the length prefix announces 5 bytes but only 2 follow it (readUTF: EOFException)" \
    utf8 decode --mutf8
bytes 000541 > "$tmp/in"
exact "only 1 follows" 1 "" \
    "lepack: the length prefix announces 5 bytes but only 1 follows it (readUTF: EOFException)" \
    utf8 decode --mutf8
bytes 41 > "$tmp/in"
exact "odd input, 1 byte" 1 "" \
    "lepack: input is 1 byte, an odd number: UTF-16LE takes two bytes per code unit (the byte at offset 0 has no partner)" \
    utf8 encode --hex
bytes 410042 > "$tmp/in"
exact "odd input, 3 bytes" 1 "" \
    "lepack: input is 3 bytes, an odd number: UTF-16LE takes two bytes per code unit (the byte at offset 2 has no partner)" \
    utf8 encode --mutf8

# The top-level usage lists both subcommands.
"$LEPACK" --help > "$tmp/out" && grep -qx "  utf8 encode \[--strict|--mutf8\] \[--hex\] \[FILE\] .*" "$tmp/out" &&
    grep -qx "  utf8 decode \[--strict|--mutf8\] \[--hex\] \[--quiet\] \[FILE\]" "$tmp/out" && ok ||
    bad "main usage lacks a utf8 subcommand"

# Lossy decode replaces as the JDK does, exit 0, and says on stderr how
# many U+FFFD replaced ill-formed sequences (a maximal subpart or an
# encoded surrogate is one) and where the first was; --quiet drops that
# line; U+FFFD in the input is no replacement.
bytes 61f18080e180c262806380bf64 > "$tmp/in"
table38=6100fdfffdfffdff6200fdff6300fdfffdff6400
exact "replacements counted" 0 $table38 \
    "lepack: 6 ill-formed UTF-8 sequences replaced by U+FFFD, the first at byte offset 1" utf8 decode
exact "--quiet" 0 $table38 "" utf8 decode --quiet
exact "--quiet first" 0 $table38 "" utf8 decode --quiet -
bytes 41eda080 > "$tmp/in"
exact "one encoded surrogate, one replacement" 0 4100fdff \
    "lepack: 1 ill-formed UTF-8 sequence replaced by U+FFFD, the first at byte offset 1" utf8 decode
bytes 41efbfbd > "$tmp/in"
exact "U+FFFD in the input is none" 0 4100fdff "" utf8 decode
printf '41 e2 82\n 41' > "$tmp/in"
exact "replacements with --hex" 0 4100fdff4100 \
    "lepack: 1 ill-formed UTF-8 sequence replaced by U+FFFD, the first at byte offset 1 of the decoded input, text offset 3" \
    utf8 decode --hex
exact "--hex --quiet" 0 4100fdff4100 "" utf8 decode --hex --quiet
bytes 41e282 > "$tmp/in"
exact "--strict refuses instead" 1 "" "lepack: byte offset 1: ill-formed UTF-8 sequence" \
    utf8 decode --strict --quiet
exact "--quiet is decode's" 2 "" "lepack: unknown option '--quiet'
$syn_encode" utf8 encode --quiet
# Across the 64 KiB chunks of the stream: a lead byte at a chunk's end
# waits for the next, and the count is the whole input's.
edge() { # edge NAME PREFIX-BYTES TAIL-HEX WANT-COUNT WANT-FIRST
    head -c "$2" /dev/zero | tr '\0' A > "$tmp/in"
    bytes "$3" >> "$tmp/in"
    "$LEPACK" utf8 decode < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ "$4" -eq 1 ]; then s=""; else s=s; fi
    want="lepack: $4 ill-formed UTF-8 sequence$s replaced by U+FFFD, the first at byte offset $5"
    [ "$rc" -eq 0 ] && [ "$(cat "$tmp/err")" = "$want" ] && ok ||
        bad "$1: exit $rc, stderr '$(cat "$tmp/err")', want '$want'"
}
edge "four-byte subpart across a chunk edge" 65535 f1808042 1 65535
edge "E0 80 across a chunk edge" 65535 e08042 2 65535
edge "encoded surrogate across a chunk edge" 65534 eda08042 1 65534
edge "whole pair across, then a stray byte" 65534 f09f988080 1 65538
edge "many chunks" 200000 c0c1f5ff80 5 200000
# A write error is the run's one line: no count after it.
if [ -w /dev/full ]; then
    bytes 61f18080e180c262806380bf64 > "$tmp/in"
    "$LEPACK" utf8 decode < "$tmp/in" > /dev/full 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && [ "$(cat "$tmp/err")" = "lepack: write error: No space left on device" ] && ok ||
        bad "lossy decode to /dev/full: exit $rc, stderr '$(cat "$tmp/err")'"
fi

# writeUTF: 65535 units of 'A' fit; one unit more is refused as soon as it
# is read, whatever follows (200 MB in 16 MB of address space: the input is
# never held); an odd byte after 65535 units is the odd-input error.
awk 'BEGIN { for (i = 0; i < 65535; i++) printf "A%c", 0 }' > "$tmp/max16"
"$LEPACK" utf8 encode --mutf8 < "$tmp/max16" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && [ "$(wc -c < "$tmp/out")" -eq 65537 ] && [ "$(head -c 2 "$tmp/out" | hexof)" = ffff ] && ok ||
    bad "writeUTF of 65535 units: exit $rc, $(wc -c < "$tmp/out") bytes, stderr '$(cat "$tmp/err")'"
too_many="lepack: too long for writeUTF: more than 65535 code units, and each takes at least one byte of a body limited to 65535 bytes (UTFDataFormatException)"
{ cat "$tmp/max16"; printf 'A\0'; } > "$tmp/in"
exact "writeUTF of 65536 units" 1 "" "$too_many" utf8 encode --mutf8
{ cat "$tmp/max16"; printf 'A'; } > "$tmp/in"
exact "writeUTF of 65535 units and a byte" 1 "" \
    "lepack: input is 131071 bytes, an odd number: UTF-16LE takes two bytes per code unit (the byte at offset 131070 has no partner)" \
    utf8 encode --mutf8
{ cat "$tmp/max16"; printf 'A\0'; } > "$tmp/over16"
: > "$tmp/in"
exact "writeUTF of 65536 units from a FILE" 1 "" "$too_many" utf8 encode --mutf8 --hex "$tmp/over16"
if (ulimit -v 200000) 2>/dev/null; then
    head -c 200000000 /dev/zero | (ulimit -v 16000; exec "$LEPACK" utf8 encode --mutf8) > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = "$too_many" ] && ok ||
        bad "writeUTF of 200 MB in 16 MB: exit $rc, stderr '$(cat "$tmp/err")'"
fi
# No message names an internal status.
grep -l 'LEPACK_E\|ETOOLONG' "$tmp/err" > /dev/null && bad "a message names an internal status" || ok

echo "test-cli-utf8: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
