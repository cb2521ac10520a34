#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Bytes written on one host read back on the other, through the lepack
# command built for each.
#
#   BE_RUN="qemu-s390x -L /usr/s390x-linux-gnu" \
#     sh tests/be/cross.sh HOST_LEPACK BE_LEPACK HOST_RAW BE_RAW WORKDIR
#
# HOST_LEPACK runs natively (little-endian); BE_LEPACK runs through $BE_RUN
# (big-endian).  HOST_RAW and BE_RAW are the files raw_native wrote on each
# host.  Every comparison below is of printed lines or of bytes, never of
# anything the two builds share in memory.
set -u
if [ $# -ne 5 ] || [ -z "${BE_RUN:-}" ]; then
    echo "usage: BE_RUN='qemu-s390x -L SYSROOT' $0 HOST_LEPACK BE_LEPACK HOST_RAW BE_RAW WORKDIR" >&2
    exit 2
fi
host=$1 be=$2 host_raw=$3 be_raw=$4 w=$5
here=$(dirname "$0")
mkdir -p "$w"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "cross: FAIL: $*" >&2; }
check() { # check DESCRIPTION COMMAND...
    d=$1; shift
    if "$@"; then ok; else bad "$d"; fi
}
lehost() { "$host" counters "$@"; }
# shellcheck disable=SC2086
bigend() { $BE_RUN "$be" counters "$@"; }

# Items: the hand-picked edge cases plus deterministic pseudo-random ones
# (an LCG that stays far from shell arithmetic overflow).
items=$w/items.txt
cp "$here/cross_items.txt" "$items"
x=12345 i=0
while [ $i -lt 400 ]; do
    x=$(( (x * 1103515245 + 12345) % 2147483648 )); p=$(( x - 1073741824 ))
    x=$(( (x * 1103515245 + 12345) % 2147483648 )); hi=$(( x - 1073741824 ))
    x=$(( (x * 1103515245 + 12345) % 2147483648 )); a=$(( hi * 4294967296 + x ))
    x=$(( (x * 1103515245 + 12345) % 2147483648 )); b=$(( (x - 1073741824) * 8589934592 - i ))
    echo "$p $a $b" >> "$items"
    i=$((i + 1))
done
n=$(wc -l < "$items")

# Binary wire form, both directions.
lehost encode < "$items" > "$w/host.bin" || bad "host encode"
bigend encode < "$items" > "$w/be.bin" || bad "big-endian encode"
check "wire size is 20 bytes per item" test "$(wc -c < "$w/host.bin")" -eq $((n * 20))
check "both hosts write identical bytes" cmp -s "$w/host.bin" "$w/be.bin"
bigend decode < "$w/host.bin" > "$w/host_to_be.txt" || bad "big-endian decode of host bytes"
check "host bytes decode on big-endian to the same items" cmp -s "$items" "$w/host_to_be.txt"
lehost decode < "$w/be.bin" > "$w/be_to_host.txt" || bad "host decode of big-endian bytes"
check "big-endian bytes decode on host to the same items" cmp -s "$items" "$w/be_to_host.txt"

# Hex form, both directions.
lehost encode --hex < "$items" > "$w/host.hex" || bad "host encode --hex"
bigend encode --hex < "$items" > "$w/be.hex" || bad "big-endian encode --hex"
check "both hosts write identical hex" cmp -s "$w/host.hex" "$w/be.hex"
bigend decode --hex < "$w/host.hex" > "$w/hex_host_to_be.txt" || bad "big-endian decode --hex"
check "host hex decodes on big-endian to the same items" cmp -s "$items" "$w/hex_host_to_be.txt"
lehost decode --hex < "$w/be.hex" > "$w/hex_be_to_host.txt" || bad "host decode --hex"
check "big-endian hex decodes on host to the same items" cmp -s "$items" "$w/hex_be_to_host.txt"

# Errors are the same on both hosts: status, silence on stdout, message.
head -c 19 "$w/host.bin" > "$w/short.bin"
printf '1 2\n' > "$w/badline.txt"
for case in "decode:short.bin" "encode:badline.txt"; do
    cmd=${case%%:*} f=$w/${case#*:}
    lehost "$cmd" < "$f" > "$w/err_host.out" 2> "$w/err_host.err"; rh=$?
    bigend "$cmd" < "$f" > "$w/err_be.out" 2> "$w/err_be.err"; rb=$?
    check "$cmd ${case#*:}: exit 1 on host" test $rh -eq 1
    check "$cmd ${case#*:}: exit 1 on big-endian" test $rb -eq 1
    check "$cmd ${case#*:}: nothing on stdout" test ! -s "$w/err_host.out" -a ! -s "$w/err_be.out"
    check "$cmd ${case#*:}: same message" cmp -s "$w/err_host.err" "$w/err_be.err"
done

# The native-order packing: identical source, different bytes per host.
raw_h=$(sed -n 's/^raw //p' "$host_raw")
raw_b=$(sed -n 's/^raw //p' "$be_raw")
lp_h=$(sed -n 's/^lepack //p' "$host_raw")
lp_b=$(sed -n 's/^lepack //p' "$be_raw")
check "raw_native wrote both lines on both hosts" test -n "$raw_h" -a -n "$raw_b" -a -n "$lp_h" -a -n "$lp_b"
check "native-order bytes differ between the hosts" test "$raw_h" != "$raw_b"
check "lepack bytes match between the hosts" test "$lp_h" = "$lp_b"
# What a little-endian peer makes of the big-endian host's native bytes:
# the counters come out wrong, silently (the length is still valid).
printf '%s\n' "$raw_b" | lehost decode --hex > "$w/raw_be_on_host.txt" || bad "decode of raw bytes"
printf '%s\n' "$lp_b" | lehost decode --hex > "$w/lepack_be_on_host.txt" || bad "decode of lepack bytes"
sed -n 's/^item //p' "$be_raw" > "$w/raw_items.txt"
check "raw_native listed its items" test -s "$w/raw_items.txt"
check "lepack bytes from big-endian decode to the items" \
    cmp -s "$w/lepack_be_on_host.txt" "$w/raw_items.txt"
check "raw bytes from big-endian decode to other items" \
    test "$(cat "$w/raw_be_on_host.txt")" != "$(cat "$w/raw_items.txt")"
echo "cross: one item sent raw from big-endian is read on little-endian as: $(sed -n 2p "$w/raw_be_on_host.txt")"

echo "cross: $n items each way"
echo "cross: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
