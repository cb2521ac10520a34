#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The torture cases mean something only if each raced access is one
# instruction: a value stored in two moves tears by construction, whatever
# the hardware does.  This checks the object code of torture/access.c:
# every tt_load_*, tt_store_*, tt_cas_* function has exactly one
# instruction that touches memory, of the width its name says, no call,
# and a lock prefix (or xchg) where it promises a locked access.
#
# usage: codegen_check.sh OBJECT asm|portable [BROKEN...]
#   Succeeds when exactly the functions named BROKEN break the rules (none
#   by default; "all" for every one).  The controls in mk/torture.mk use it
#   to show that the check fails: a -O0 build (arguments spilled to the
#   stack: more than one access everywhere) and a mutant whose 8-byte store
#   is two 4-byte stores and whose 8-byte load is a 4-byte load.
set -eu

obj=$1
build=$2
shift 2
expect_broken=" $* "

if [ "$(uname -m)" != x86_64 ]; then
    echo "torture-codegen: skipped (x86-64 only, this is $(uname -m))"
    exit 0
fi

# The functions of access.h; the 16-byte ones exist in the asm build only.
need="tt_load_plain_u16 tt_load_plain_u32 tt_load_plain_u64
tt_store_plain_u16 tt_store_plain_u32 tt_store_plain_u64
tt_load_le_u16 tt_load_le_u32 tt_load_le_u64 tt_store_le_u16 tt_store_le_u32 tt_store_le_u64
tt_load_relaxed_u16 tt_load_relaxed_u32 tt_load_relaxed_u64
tt_store_relaxed_u16 tt_store_relaxed_u32 tt_store_relaxed_u64
tt_load_seqcst_u16 tt_load_seqcst_u32 tt_load_seqcst_u64
tt_store_seqcst_u16 tt_store_seqcst_u32 tt_store_seqcst_u64
tt_cas_u16 tt_cas_u32 tt_cas_u64 tt_load_locked_u16 tt_load_locked_u32 tt_load_locked_u64"
if [ "$build" = asm ]; then
    need="$need tt_load_plain_u128 tt_store_plain_u128 tt_cas_u128 tt_load_locked_u128"
fi

objdump -d --no-show-raw-insn "$obj" | awk -v need="$need" -v expect_broken="$expect_broken" '
function regw(r) {
    sub(/^%/, "", r)
    if (r ~ /^xmm/) return 16
    if (r ~ /^r[0-9]+b$/ || r ~ /^(al|bl|cl|dl|sil|dil|bpl|spl)$/) return 1
    if (r ~ /^r[0-9]+w$/ || r ~ /^(ax|bx|cx|dx|si|di|bp|sp)$/) return 2
    if (r ~ /^r[0-9]+d$/ || r ~ /^e[a-z]+$/) return 4
    if (r ~ /^r[a-z0-9]+$/) return 8
    return 0
}
# Width in bytes of the memory access of mnemonic m with operands ops[1..n].
function accw(m, n, ops,    k, w) {
    if (m == "cmpxchg16b") return 16
    if (m == "cmpxchg8b") return 8
    if (m ~ /^movzb/ || m ~ /^movsb/) return 1
    if (m ~ /^movzw/ || m ~ /^movsw/) return 2
    if (m ~ /^v?mov(dq[au]|up[sd]|ap[sd])/) return 16
    for (k = 1; k <= n; k++)
        if (ops[k] ~ /^%/) { w = regw(ops[k]); if (w) return w }
    if (m ~ /b$/) return 1
    if (m ~ /w$/) return 2
    if (m ~ /l$/) return 4
    if (m ~ /q$/) return 8
    return 0
}
function flush(    want, why) {
    if (fn == "") return
    seen[fn] = 1
    want = fn ~ /_u16$/ ? 2 : fn ~ /_u32$/ ? 4 : fn ~ /_u64$/ ? 8 : fn ~ /_u128$/ ? 16 : 0
    why = ""
    if (mem != 1) why = why sprintf(" %d memory accesses;", mem)
    else if (width != want) why = why sprintf(" a %d-byte access, not %d;", width, want)
    if (calls) why = why " a call;"
    if ((fn ~ /^tt_cas_/ || fn ~ /^tt_load_locked_/) && !locked) why = why " no lock prefix;"
    if (why == "") { printf "  %-22s one %d-byte access%s\n", fn, width, locked ? ", locked" : ""; good++ }
    else { printf "  %-22s BROKEN:%s\n", fn, why; bad++; broken[fn] = 1 }
    fn = ""
}
/^[0-9a-f]+ <[A-Za-z_0-9.]+>:$/ {
    flush()
    name = $2; gsub(/[<>:]/, "", name)
    if (name ~ /^tt_(load|store|cas)_/) { fn = name; mem = calls = locked = width = 0 }
    next
}
/^ +[0-9a-f]+:\t/ {
    if (fn == "") next
    split($0, f, "\t"); ins = f[2]
    sub(/[ \t]*#.*$/, "", ins)
    nt = split(ins, tok, /[ \t]+/)
    t = 1
    lock = 0
    while (t <= nt && tok[t] ~ /^(lock|data16|cs|ds|notrack|bnd|rex\.?[WRXB]*)$/) {
        if (tok[t] == "lock") lock = 1
        t++
    }
    m = tok[t]
    rest = ""
    for (k = t + 1; k <= nt; k++) rest = rest tok[k]
    if (m == "" || m ~ /^nop/ || m ~ /^(ret|endbr64|int3|leave)$/) next
    if (m == "xchg" && rest == "%ax,%ax") next
    if (m ~ /^(call|jmp)/) { calls++; next }
    # Saving and restoring a callee-saved register (rbx, which cmpxchg16b
    # needs) touches the stack, not the raced bytes.
    if (m ~ /^(push|pop)$/ && rest ~ /^%r[a-z0-9]+$/) next
    if (m == "lea" || rest !~ /\(/) next
    n = 0; cur = ""; depth = 0
    for (k = 1; k <= length(rest); k++) {
        c = substr(rest, k, 1)
        if (c == "(") depth++
        if (c == ")") depth--
        if (c == "," && depth == 0) { ops[++n] = cur; cur = ""; continue }
        cur = cur c
    }
    if (cur != "") ops[++n] = cur
    mem++
    width = accw(m, n, ops)
    if (lock || m == "xchg") locked = 1
}
END {
    flush()
    nn = split(need, want_fn, /[ \n]+/)
    for (k = 1; k <= nn; k++)
        if (want_fn[k] != "" && !(want_fn[k] in seen)) { printf "  %-22s MISSING from the object\n", want_fn[k]; bad++; missing++ }
    printf "checked %d functions: %d single accesses, %d broken\n", good + bad - missing, good, bad
    # The set broken must be the set expected.
    status = missing > 0
    for (g in seen) {
        want = expect_broken ~ / all / || index(expect_broken, " " g " ") > 0
        if (want != (g in broken)) {
            printf "  %-22s %s\n", g, want ? "expected broken, but passes" : "unexpectedly broken"
            status = 1
        }
    }
    exit status
}'
