#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# make codegen-check: the unchecked tier of src/le_mem.h must compile to one
# full-width move per value (plus one byte swap for big-endian) on x86-64
# under gcc -O2 and clang -O2, and a 20-byte record write must stay three
# stores or fewer with no store narrower than 4 bytes.  The byte form
# (-DLEPACK_BYTEWISE) must fail the same check under gcc, which shows that
# the check can tell the two apart.
#
# usage: codegen_check.sh OUTDIR [compiler flags...]
set -eu
out=$1
shift
mkdir -p "$out"
here=$(dirname "$0")

if [ "$(uname -m)" != x86_64 ]; then
    echo "codegen-check: skipped (x86-64 only, this is $(uname -m))"
    exit 0
fi

# Reads `objdump -d --no-show-raw-insn` output and applies the rules per
# function; prints one line per function and "FAIL ..." for each broken rule.
check_awk='
function regw(r) {
    sub(/^%/, "", r)
    if (r ~ /^xmm/) return 16
    if (r ~ /^ymm/) return 32
    if (r ~ /^zmm/) return 64
    if (r ~ /^r[0-9]+b$/ || r ~ /^(al|bl|cl|dl|ah|bh|ch|dh|sil|dil|bpl|spl)$/) return 1
    if (r ~ /^r[0-9]+w$/ || r ~ /^(ax|bx|cx|dx|si|di|bp|sp)$/) return 2
    if (r ~ /^r[0-9]+d$/ || r ~ /^e[a-z]+$/) return 4
    if (r ~ /^r[a-z0-9]+$/) return 8
    return 0
}
# Width in bytes of the memory access of instruction m with operands ops[1..n].
function accw(m, n, ops,    k, w) {
    if (m ~ /^movs?z?b/ || m ~ /^movzb/ || m ~ /^movsb/) return 1
    if (m ~ /^movzw/ || m ~ /^movsw/) return 2
    if (m ~ /^movsl/) return 4
    if (m ~ /^v?mov(up|ap|dq)/) return 16
    if (m ~ /^v?movq$/) return 8
    if (m ~ /^v?movd$/) return 4
    for (k = 1; k <= n; k++)
        if (ops[k] ~ /^%/) { w = regw(ops[k]); if (w) return w }
    if (m ~ /b$/) return 1
    if (m ~ /w$/) return 2
    if (m ~ /l$/) return 4
    if (m ~ /q$/) return 8
    return 0
}
function flush() {
    if (fn == "") return
    printf "  %-16s insns=%d loads=%d stores=%d swaps=%d narrow=%d st4=%d widths=%s\n", \
        fn, insns, loads, stores, swaps, narrow, st4, widths
    want = 0
    if (fn ~ /_(u|i)16$/) want = 2
    if (fn ~ /_(u|i)32$/) want = 4
    if (fn ~ /_(u|i)64$/) want = 8
    if (fn ~ /^cg_le_load_/) {
        if (insns != 1 || loads != 1 || stores != 0 || widths != " " want)
            bad("not one " want "-byte load")
    } else if (fn ~ /^cg_le_store_/) {
        if (insns != 1 || stores != 1 || loads != 0 || widths != " " want)
            bad("not one " want "-byte store")
    } else if (fn ~ /^cg_be_load_/) {
        if (loads != 1 || stores != 0 || widths != " " want || insns - loads - swaps != 0 || swaps > 1)
            bad("not one " want "-byte load and one byte swap")
    } else if (fn ~ /^cg_be_store_/) {
        if (stores != 1 || loads != 0 || widths != " " want || insns - stores - swaps != 0 || swaps > 1)
            bad("not one " want "-byte store and one byte swap")
    } else if (fn == "cg_record") {
        if (loads != 0 || stores < 1 || stores > 3 || narrow != 0)
            bad("a record is more than 3 stores or has a store narrower than 4 bytes")
    } else if (fn == "cg_record_loop") {
        # Unrolling repeats the body; each copy has exactly one 4-byte
        # store (the partition), so 3 per copy is the bound.
        if (narrow != 0 || stores > 3 * (st4 > 0 ? st4 : 1))
            bad("the record loop uses narrow stores or more than 3 stores per record")
    } else if (fn == "cg_record_read") {
        if (stores != 0 || loads < 1 || loads > 3 || narrow != 0)
            bad("a record read is more than 3 loads or has a load narrower than 4 bytes")
    }
    seen[fn] = 1
}
function bad(why) { printf "FAIL %s: %s: %s\n", tag, fn, why; failed = 1 }
/^[0-9a-f]+ <[A-Za-z_0-9]+>:$/ {
    flush()
    fn = $2; gsub(/[<>:]/, "", fn)
    insns = loads = stores = swaps = narrow = st4 = 0; widths = ""
    next
}
/^ +[0-9a-f]+:\t/ {
    if (fn == "") next
    split($0, f, "\t"); ins = f[2]
    m = ins; sub(/[ \t].*$/, "", m)
    rest = ins; sub(/^[^ \t]+[ \t]*/, "", rest); sub(/[ \t]*#.*$/, "", rest)
    if (m ~ /^(ret|endbr64|nop|nopw|nopl|int3|cs|ds|data16|xchg)$/ && m != "xchg") next
    if (m == "xchg" && rest == "%ax,%ax") next
    if (m ~ /^nop/) next
    # Split operands on commas outside parentheses.
    n = 0; cur = ""; depth = 0
    for (k = 1; k <= length(rest); k++) {
        c = substr(rest, k, 1)
        if (c == "(") depth++
        if (c == ")") depth--
        if (c == "," && depth == 0) { ops[++n] = cur; cur = ""; continue }
        cur = cur c
    }
    if (cur != "") ops[++n] = cur
    insns++
    if (m == "bswap" || m == "movbe" || ((m ~ /^ro[lr]w?$/) && ops[1] == "$0x8") || (m == "xchg" && rest ~ /%ah/))
        swaps++
    if (m == "lea" || m ~ /^prefetch/) next
    if (n >= 1 && ops[n] ~ /\(/ && m !~ /^(cmp|test)/) {
        w = accw(m, n, ops); stores++; widths = widths " " w
        if (w < 4) narrow++
        if (w == 4) st4++
    } else {
        for (k = 1; k <= n; k++) if (ops[k] ~ /\(/) {
            w = accw(m, n, ops); loads++; widths = widths " " w
            if (w < 4) narrow++
        }
    }
}
END {
    flush()
    split("cg_le_load_u16 cg_le_load_u32 cg_le_load_u64 cg_le_store_u16 cg_le_store_u32 cg_le_store_u64 cg_be_load_u16 cg_be_load_u32 cg_be_load_u64 cg_be_store_u16 cg_be_store_u32 cg_be_store_u64 cg_record cg_record_loop cg_record_read", need, " ")
    for (k in need) if (!(need[k] in seen)) { printf "FAIL %s: %s missing from the object\n", tag, need[k]; failed = 1 }
    exit failed
}'

status=0
for cc in gcc clang; do
    for form in memcpy bytes; do
        def=
        [ $form = bytes ] && def=-DLEPACK_BYTEWISE
        obj="$out/codegen-$cc-$form.o"
        # shellcheck disable=SC2086
        $cc "$@" -O2 $def -c "$here/codegen.c" -o "$obj"
        objdump -d --no-show-raw-insn "$obj" > "$out/codegen-$cc-$form.s"
        if awk -v tag="$cc -O2 $form form" "$check_awk" "$out/codegen-$cc-$form.s" \
            > "$out/codegen-$cc-$form.txt"; then
            result=pass
        else
            result=fail
        fi
        case "$form/$result" in
        memcpy/pass) echo "codegen-check: $cc -O2, src/le_mem.h: single moves, records in <= 3 stores" ;;
        memcpy/fail)
            cat "$out/codegen-$cc-$form.txt"
            echo "codegen-check: $cc -O2, src/le_mem.h: FAILED (disassembly in $out/codegen-$cc-$form.s)"
            status=1 ;;
        bytes/fail)
            echo "codegen-check: $cc -O2, -DLEPACK_BYTEWISE: rejected as expected ($(grep -c '^FAIL' "$out/codegen-$cc-$form.txt") functions split)" ;;
        bytes/pass)
            if [ $cc = gcc ]; then
                # gcc 12 splits the byte form; if it stops doing so the check
                # no longer demonstrates that it can fail.
                echo "codegen-check: gcc -O2, -DLEPACK_BYTEWISE unexpectedly passed: the check did not catch byte stores"
                status=1
            else
                echo "codegen-check: $cc -O2, -DLEPACK_BYTEWISE: folded to single moves too"
            fi ;;
        esac
    done
done

# The batch API's stream paths (src/items_x86.c) must store with
# non-temporal moves: a compiler that drops the hint turns them into plain
# stores that read every line of the destination first (clang 14 did while
# the stream flag reached the stores as a variable).  Whole blocks are five
# lines for a store and six for a load.
for cc in gcc clang; do
    obj="$out/items-$cc.o"
    # shellcheck disable=SC2086
    $cc "$@" -O2 -c "$here/../src/items_x86.c" -o "$obj"
    objdump -d --no-show-raw-insn "$obj" > "$out/items-$cc.s"
    for fn in store_avx512_stream:5 load_avx512_stream:6; do
        name=${fn%%:*} want=${fn##*:}
        got=$(awk -v fn="<$name>:" '$2 == fn {on = 1; next} /^[0-9a-f]+ </ {on = 0}
                                  on && /\tvmovnt/ {n++} END {print n + 0}' "$out/items-$cc.s")
        if [ "$got" -ge "$want" ]; then
            echo "codegen-check: $cc -O2, $name: $got non-temporal stores"
        else
            echo "codegen-check: $cc -O2, $name: $got non-temporal stores, want $want or more: FAILED (disassembly in $out/items-$cc.s)"
            status=1
        fi
    done
done
exit $status
