#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# End-to-end checks of `lepack utf8`: the JDK's bytes, round trips, and
# every kind of bad input (message on stderr, nothing on stdout, exit 1).
set -u
LEPACK=${1:-build/lepack}
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
# Modified UTF-8.
expect "writeUTF" 41000000 000341c080 encode --mutf8
expect "writeUTF pair as two surrogates" 3dd800de 0006eda0bdedb880 encode --mutf8
expect "readUTF" 000341c080 41000000 decode --mutf8
expect "readUTF overlong accepted" 0002c181 4100 decode --mutf8

expect_error "odd input" 410042 "3 bytes, an odd number" encode
expect_error "odd input offset" 410042 "offset 2" encode
expect_error "strict overlong" 41c080 "byte offset 1" decode --strict
expect_error "strict surrogate" 4142eda080 "byte offset 2" decode --strict
expect_error "strict truncated" 41e282 "byte offset 1" decode --strict
expect_error "bad hex" "$(printf '4g' | hexof)" "byte offset 1" decode --hex
expect_error "readUTF short prefix" 00 "shorter than" decode --mutf8
expect_error "readUTF short body" 000541 "announces 5 bytes but only 1" decode --mutf8
expect_error "readUTF malformed" 000241e2 "byte offset 3" decode --mutf8
expect_error "readUTF trailing bytes" 00014142 "1 bytes after the string" decode --mutf8
# writeUTF refuses a body over 65535 bytes: 21846 units of U+0800.
awk 'BEGIN { for (i = 0; i < 21846; i++) printf "0008" }' > "$tmp/long.hex"
expect_error "writeUTF too long" "$(cat "$tmp/long.hex")" "65538 bytes" encode --mutf8

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
for args in encode decode; do
    "$LEPACK" utf8 $args < / > "$tmp/out" 2> "$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "cannot read input: Is a directory" "$tmp/err" &&
        ok || bad "$args from a directory: exit $rc, stderr '$(cat "$tmp/err")'"
done

# Out of memory: said so, nothing on stdout, exit 1.  The address space
# (ulimit -v, KiB) holds the input but not it and the output together: 24 MB
# of U+4E00 (36 MB of UTF-8) and of 'A' (48 MB of UTF-16) in 60 MB, and
# 64 MB of input in 40 MB.
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
    oom "reading" 40000 "$tmp/big" decode
    awk 'BEGIN { s = "\000N"; while (length(s) < 65536) s = s s; for (i = 0; i < 366; i++) printf "%s", s }' \
        > "$tmp/cjk16"
    oom "encode" 60000 "$tmp/cjk16" encode
    head -c 24000000 /dev/zero | tr '\0' A > "$tmp/ascii8"
    oom "decode" 60000 "$tmp/ascii8" decode
    rm -f "$tmp/big" "$tmp/cjk16" "$tmp/ascii8"
fi

# Usage.
"$LEPACK" utf8 --help > "$tmp/out" 2>&1 && grep -q "String.getBytes" "$tmp/out" && ok || bad "--help"
"$LEPACK" utf8 decode --help > "$tmp/out" 2>&1 && grep -q -- "--strict" "$tmp/out" && ok || bad "decode --help"
"$LEPACK" --help | grep -q "lepack utf8" && ok || bad "main usage lacks utf8"
"$LEPACK" utf8 encode --strict < /dev/null > "$tmp/out" 2>&1; [ $? -eq 2 ] && ok || bad "encode --strict not refused"
"$LEPACK" utf8 frob < /dev/null > "$tmp/out" 2>&1; [ $? -eq 2 ] && ok || bad "unknown utf8 command"
"$LEPACK" utf8 < /dev/null > "$tmp/out" 2>&1; [ $? -eq 2 ] && ok || bad "utf8 without a command"

echo "test-cli-utf8: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
