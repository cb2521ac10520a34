#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Regression tests of the proof driver (proofs/prove.py) itself, on small
# copies of the tree restricted to a few cheap functions:
#
#   1. tools missing: one line naming them and `make deps`, exit 2, no
#      Python traceback (prove.py, objeq.py and `make prove`);
#   2. a failing run: the failing row is marked FAIL, each unit's rows are
#      printed when that unit finishes (a frama-c wrapper holds the second
#      unit until the first unit's rows are in the log), and the committed
#      cache is byte-identical afterwards even with --store, while the
#      scratch copy did receive the new verdicts;
#   3. a passing run with a goal the cache lacks: "no contradiction found in
#      N smoke tests", the committed cache untouched without --store and
#      completed with --store, after which an offline replay passes.
#   4. contracts (proofs/contracts.py): the tree as committed passes
#      --check, a comment or a reflowed line does not matter, an `ensures`
#      or a predicate weakened to \true fails it with the diff (and stops
#      `make prove` before objeq), and --write records the change;
#   5. toolchain (proofs/session/toolchain.txt): this machine's provers
#      match the committed file; a file standing for a machine with another
#      Z3 (LEPACK_PROVE_VERSIONS) stops prove.py, `make prove` and
#      proofs/mutants.sh with one line and exit 2 before any proving; a
#      missing toolchain.txt does too; --store writes it.
#   6. a cold run cut into pieces with --retry: one run per piece, and a
#      false goal still fails when its function is proved again alone.
#   7. smoke groups: a function whose callees are all proven runs in its
#      unit's "-p" group without dead-call tests; one that calls a trusted
#      contract keeps them, in a run of its own; a cold run proves a
#      Z3_FIRST function in a piece "<group>-z" of its own, Z3 first.
#   8. a cold proof in shards: two shards and the gathering job write the
#      same cold record as one machine; a missing shard fails the
#      gathering; the sample's chunks hold every function once, within
#      the budget, and the days go through all of them.
#   9. forged verdicts (proofs/confirm.py): a seeded bug (le_get_u16 reads
#      big-endian: one false goal) whose "timeout" verdict is edited to
#      "valid" passes the replay alone (the hole); with the re-proof, the
#      function (changed since the cold record) is proved again and the
#      forged verdict fails, while a function the record lacks (new) is
#      proved again and passes; with the cold record forged as well (the
#      function looks unchanged), a sample that holds it fails, a sample
#      without it passes, and the cold proof fails and drops the function
#      from the record, after which the replay fails.
#  10. trusted code (proofs/trusted.py): the tree as committed passes and
#      counts the lines outside the proofs; a helper named like a kernel
#      (vec_*) or like a trusted wrapper (put_line, copy_bytes) in a proven
#      file fails the gate.
#  11. pinned contracts: a trusted kernel contract (src/utf8_vec.c), a
#      trusted wrapper's contract (src/zero.c), a macro a contract uses,
#      and a `requires` written at a public function's definition in a .c
#      file each fail the check, and `make prove` stops there, before WP.
#
#   sh proofs/tests/driver.sh OUTDIR [SECTION...]
#
# Without SECTIONs, two runs share the work, side by side: 1-7 and 8-11
# (about 100 s each; 9 proves on 8's tree, so they stay in one run).  Each
# run prints when it ends, the first run's lines first.
set -eu
out=${1:-build/prove/driver-test}
[ $# -gt 0 ] && shift
sections=$*
root=$(pwd)
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ -z "$sections" ]; then
    sh "$0" "$out/a" 1 2 3 4 5 6 7 > "$out/a.txt" 2>&1 &
    pa=$!
    sh "$0" "$out/b" 8 9 10 11 > "$out/b.txt" 2>&1 &
    pb=$!
    ra=0 rb=0
    wait "$pa" || ra=$?
    wait "$pb" || rb=$?
    cat "$out/a.txt" "$out/b.txt" | grep -v '^driver-test: all passed$' || true
    if [ "$ra$rb" != 00 ]; then
        echo "driver-test: FAILED (sections 1-7 exit $ra, 8-11 exit $rb)" >&2
        exit 1
    fi
    echo "driver-test: all passed"
    exit 0
fi
fails=0
ok() { echo "driver-test: ok: $1"; }
bad() { echo "driver-test: FAIL: $1" >&2; fails=$((fails + 1)); }

# A tree with the committed cache, as a clone has it.
new_tree() {
    rm -rf "$1"
    mkdir -p "$1"
    cp -R "$root/src" "$root/proofs" "$root/cli" "$root/Makefile" "$root/mk" "$1/"
}
cache_sum() { (cd "$1/proofs/session" && find . -type f | sort | xargs cat | cksum); }
cache_files() { find "$1" -type f | wc -l; }
# store_u16_body TREE FIRST SECOND: rewrites the two byte stores of
# le_bytes.h's 16-bit store to the given lines (a seeded change).
store_u16_body() {
    python3 - "$1/src/le_bytes.h" "$2" "$3" <<'EOF'
import sys
p, first, second = sys.argv[1:4]
s = open(p).read()
old = "    p[0] = LEPACK_CAST(uint8_t, v % 256);\n    p[1] = LEPACK_CAST(uint8_t, v / 256u % 256);\n}"
assert old in s
s = s.replace(old, "    %s\n    %s\n}" % (first, second), 1)
open(p, "w").write(s)
EOF
}

# edit FILE OLD NEW: replaces the first OLD (which must be there).
edit() {
    python3 - "$1" "$2" "$3" <<'EOF'
import sys
p, old, new = sys.argv[1:4]
s = open(p).read()
assert old in s, (p, old)
open(p, "w").write(s.replace(old, new, 1))
EOF
}

# 1. Missing tools: a PATH with every command of /usr/bin and /bin except
# the ones the proofs need.
section_1() {
bin="$out/bin"
mkdir -p "$bin"
for d in /usr/bin /bin; do
    for f in "$d"/*; do
        name=${f##*/}
        case "$name" in
        frama-c* | why3* | z3 | cvc4 | clang* | llvm-objdump* | gcc* | *-gcc*) continue ;;
        esac
        [ -x "$f" ] && [ ! -e "$bin/$name" ] && ln -s "$f" "$bin/$name"
    done
done
rm -f "$bin/python3"
ln -s "$(python3 -c 'import sys; print(sys.executable)')" "$bin/python3"
for cmd in "python3 proofs/prove.py --out $out/nopath" \
           "python3 proofs/objeq/objeq.py --out $out/nopath" \
           "make -s --no-print-directory prove PROVE_OUT=$out/nopath PROVE_CONTRACTS=:"; do
    set +e
    PATH="$bin" $cmd > "$out/nopath.txt" 2>&1
    rc=$?
    set -e
    lines=$(grep -c -v -E '^make(\[[0-9]+\])?: \*\*\*' "$out/nopath.txt" || true)
    if [ "$rc" -ne 0 ] && [ "$lines" -eq 1 ] && grep -q 'missing .*make deps' "$out/nopath.txt" &&
       ! grep -q Traceback "$out/nopath.txt"; then
        ok "tools missing, $cmd: $(grep -v -E '^make(\[[0-9]+\])?: \*\*\*' "$out/nopath.txt")"
    else
        bad "tools missing, $cmd (exit $rc):"
        sed 's/^/    /' "$out/nopath.txt" >&2
    fi
done

}

# 2. A failing run.
section_2() {
tree="$out/failing"
new_tree "$tree"
store_u16_body "$tree" 'p[1] = (uint8_t)(v % 256);' 'p[0] = (uint8_t)(v / 256u % 256);'
before=$(cache_sum "$tree")
wrap="$out/wrap"
mkdir -p "$wrap"
real_frama=$(command -v frama-c)
cat > "$wrap/frama-c" <<EOF
#!/bin/sh
# Holds the roundtrips unit until the bytes unit's rows are in the log.
case "\$*" in
*roundtrips.json*)
    i=0
    until grep -q '^bytes .*le_bytes_store_u16 .*FAIL' "$out/failing.txt"; do
        i=\$((i + 1))
        if [ \$i -gt 150 ]; then echo late > "$out/late"; break; fi
        sleep 0.2
    done ;;
esac
exec "$real_frama" "\$@"
EOF
chmod +x "$wrap/frama-c"
rm -f "$out/late"
set +e
PATH="$wrap:$PATH" python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/prove" \
    --only le_bytes_store_u16,digits16 --jobs 1 --par 2 --timeout 2 --store \
    > "$out/failing.txt" 2>&1
rc=$?
set -e
if [ "$rc" -eq 1 ] && grep -q '^bytes .*le_bytes_store_u16 .*FAIL$' "$out/failing.txt" &&
   grep -q '^prove: FAIL le_bytes_store_u16: ' "$out/failing.txt"; then
    ok "failing run: exit 1, row marked FAIL"
else
    bad "failing run (exit $rc), no FAIL row:"
    sed 's/^/    /' "$out/failing.txt" >&2
fi
if [ ! -e "$out/late" ] && grep -q '^roundtrips .*digits16 ' "$out/failing.txt"; then
    ok "rows of a unit are printed when it finishes"
else
    bad "the bytes rows were not printed before the next unit ran (see $out/failing.txt)"
fi
if [ "$(cache_sum "$tree")" = "$before" ]; then
    ok "committed cache unchanged after a failing run with --store"
else
    bad "a failing run changed proofs/session"
fi
if [ "$(cache_files "$tree/build/prove/session/bytes")" -gt "$(cache_files "$tree/proofs/session/bytes")" ]; then
    ok "the failing run's new verdicts went to the scratch copy"
else
    bad "the failing run stored no verdict in the scratch copy (test is vacuous)"
fi

}

# 3. A passing run with a new goal: v / 256u fits a byte without % 256.
section_3() {
tree="$out/passing"
new_tree "$tree"
store_u16_body "$tree" 'p[0] = (uint8_t)(v % 256);' 'p[1] = (uint8_t)(v / 256u);'
before=$(cache_sum "$tree")
files=$(cache_files "$tree/proofs/session/bytes")
run() {
    python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/prove" \
        --only le_bytes_store_u16 --par 2 --timeout 5 "$@" > "$out/passing.txt" 2>&1
}
if run && grep -q '^prove: all [0-9]* goals proved; no contradiction found in [0-9]* smoke tests$' \
        "$out/passing.txt" && ! grep -q 'smoke tests proved' "$out/passing.txt" &&
   grep -q 'make prove-update' "$out/passing.txt" && [ "$(cache_sum "$tree")" = "$before" ]; then
    ok "passing run: smoke wording, committed cache untouched without --store"
else
    bad "passing run without --store:"
    sed 's/^/    /' "$out/passing.txt" >&2
fi
if run --store && [ "$(cache_files "$tree/proofs/session/bytes")" -gt "$files" ] &&
   run --cache offline; then
    ok "--store after a passing run completes the cache (offline replay passes)"
else
    bad "--store did not complete the committed cache:"
    sed 's/^/    /' "$out/passing.txt" >&2
fi

if [ -f "$tree/proofs/session/toolchain.txt" ] &&
   python3 "$tree/proofs/prove.py" --root "$tree" --check-toolchain > "$out/stored-toolchain.txt" 2>&1; then
    ok "--store wrote toolchain.txt, and it matches this machine"
else
    bad "--store left no matching toolchain.txt:"
    sed 's/^/    /' "$out/stored-toolchain.txt" >&2
fi

}

# 4. Contracts.
section_4() {
tree="$out/contracts"
new_tree "$tree"
contracts() { python3 "$tree/proofs/contracts.py" --root "$tree" "$@" > "$out/contracts.txt" 2>&1; }
first_line='prove: contracts differ from proofs/contracts.txt (a contract changed: review the diff, then `make prove-update` records it)'
if contracts --check && grep -q '^prove: contracts: [1-9][0-9]* functions and [1-9][0-9]* logic blocks as in proofs/contracts.txt$' "$out/contracts.txt"; then
    ok "contracts: the committed tree passes --check"
else
    bad "contracts: the committed tree fails --check:"
    sed 's/^/    /' "$out/contracts.txt" >&2
fi
edit "$tree/src/le.h" '    ensures le_digits_u16(p, twos16(v)); */' \
    '    // the digits of v
    ensures   le_digits_u16(p,
                            twos16(v)); */'
if contracts --check; then
    ok "contracts: a comment and reflowed whitespace in a contract are not a change"
else
    bad "contracts: a comment or whitespace counted as a contract change:"
    sed 's/^/    /' "$out/contracts.txt" >&2
fi
edit "$tree/src/le.h" 'ensures   le_digits_u16(p,
                            twos16(v)); */' 'ensures \true; */'
set +e
contracts --check
rc=$?
set -e
if [ "$rc" -eq 1 ] && [ "$(head -n 1 "$out/contracts.txt")" = "$first_line" ] &&
   grep -q '^-ensures le_digits_u16(p, twos16(v));$' "$out/contracts.txt" &&
   grep -q '^+ensures \\true;$' "$out/contracts.txt" && grep -q '^@@ .* @@ ## src/le.h: le_store_i16$' "$out/contracts.txt"; then
    ok "contracts: an ensures weakened to true fails --check (exit 1), the diff names the function"
else
    bad "contracts: a weakened ensures passed --check (exit $rc):"
    sed 's/^/    /' "$out/contracts.txt" >&2
fi
set +e
make -s --no-print-directory -C "$tree" prove PROVE_OUT="$tree/build/prove" > "$out/contracts-make.txt" 2>&1
rc=$?
set -e
if [ "$rc" -ne 0 ] && [ "$(head -n 1 "$out/contracts-make.txt")" = "$first_line" ] &&
   ! grep -q '^== ' "$out/contracts-make.txt"; then
    ok "contracts: make prove stops at the changed contract, before objeq and WP"
else
    bad "contracts: make prove did not stop first on the changed contract (exit $rc):"
    head -n 20 "$out/contracts-make.txt" | sed 's/^/    /' >&2
fi
if contracts --write && contracts --check; then
    ok "contracts: --write records the change, --check then passes"
else
    bad "contracts: --write then --check:"
    sed 's/^/    /' "$out/contracts.txt" >&2
fi
# A predicate weakened: every contract that uses it is weaker.
edit "$tree/src/le_spec.h" 'p[0] == v % 256 && p[1] == v / 256 % 256;' '\true;'
set +e
contracts --check
rc=$?
set -e
if [ "$rc" -eq 1 ] && grep -q '^+predicate le_digits_u16{L}(uint8_t \*p, integer v) = \\true;$' "$out/contracts.txt"; then
    ok "contracts: a predicate of le_spec.h weakened to true fails --check"
else
    bad "contracts: a weakened predicate passed --check (exit $rc):"
    sed 's/^/    /' "$out/contracts.txt" >&2
fi

}

# 5. Toolchain.
section_5() {
tree="$out/toolchain"
new_tree "$tree"
recorded="$tree/proofs/session/toolchain.txt"
z3_was=$(sed -n 's/^Z3 //p' "$recorded")
if [ -n "$z3_was" ] && python3 "$tree/proofs/prove.py" --root "$tree" --check-toolchain > "$out/toolchain.txt" 2>&1; then
    ok "toolchain: this machine's provers are those of proofs/session/toolchain.txt"
else
    bad "toolchain: this machine's provers differ from the committed toolchain.txt:"
    sed 's/^/    /' "$out/toolchain.txt" >&2
fi
sed 's/^Z3 .*/Z3 4.9.1/' "$recorded" > "$out/other-z3.txt"
expected="prove: the cache was proved with Z3 $z3_was, this machine has Z3 4.9.1: run \`make deps\` for the pinned toolchain, or \`make prove-cold\` to prove without the cache"
# one_line FILE: the file's lines but make's own and the contracts check's.
one_line() { grep -v -E -e '^make(\[[0-9]+\])?: \*\*\*' -e '^prove: contracts: ' "$1" || true; }
for what in prove.py "make prove" mutants.sh; do
    case $what in
    prove.py) set -- python3 proofs/prove.py --out "$tree/build/prove" --only le_bytes_store_u16 ;;
    make*) set -- make -s --no-print-directory prove PROVE_OUT="$tree/build/prove" ;;
    *) set -- sh proofs/mutants.sh "$out/toolchain-mutants" 1 5 proofs/mutants/2-getter-unchecked.patch ;;
    esac
    rm -rf "$tree/build" "$out/toolchain-mutants"
    set +e
    (cd "$tree" && LEPACK_PROVE_VERSIONS="$out/other-z3.txt" "$@") > "$out/mismatch.txt" 2>&1
    rc=$?
    set -e
    ran=$(find "$tree/build" "$out/toolchain-mutants" -name '*.json' 2>/dev/null | wc -l)
    if [ "$rc" -eq 2 ] && [ "$(one_line "$out/mismatch.txt")" = "$expected" ] && [ "$ran" -eq 0 ] &&
       ! grep -q '^== ' "$out/mismatch.txt"; then
        ok "toolchain: another Z3 stops $what at once (exit 2): $expected"
    else
        bad "toolchain: another Z3, $what (exit $rc, $ran reports):"
        sed 's/^/    /' "$out/mismatch.txt" >&2
    fi
done
# prove-rebuild is the way to another toolchain: it reads no cache, so the
# check does not stop it (here on one function, without --store, which
# refuses --only: it replaces the whole cache).
if (cd "$tree" && LEPACK_PROVE_VERSIONS="$out/other-z3.txt" python3 proofs/prove.py --out "$tree/build/rebuild" \
        --cache rebuild --only lepack_u16_of_i16 --no-objeq) > "$out/rebuild.txt" 2>&1 &&
   grep -q '^prove: all [1-9][0-9]* goals proved' "$out/rebuild.txt" &&
   ! python3 "$tree/proofs/prove.py" --root "$tree" --cache rebuild --store --only lepack_u16_of_i16 \
        > "$out/rebuild-only.txt" 2>&1 && grep -q 'not with --only' "$out/rebuild-only.txt"; then
    ok "toolchain: --cache rebuild proves on another Z3; with --store it refuses --only"
else
    bad "toolchain: --cache rebuild:"
    cat "$out/rebuild.txt" "$out/rebuild-only.txt" | sed 's/^/    /' >&2
fi
rm -f "$recorded"
set +e
python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/prove" --only le_bytes_store_u16 \
    > "$out/missing-toolchain.txt" 2>&1
rc=$?
set -e
if [ "$rc" -eq 2 ] && [ "$(wc -l < "$out/missing-toolchain.txt")" -eq 1 ] &&
   grep -q '^prove: proofs/session/toolchain.txt is missing' "$out/missing-toolchain.txt"; then
    ok "toolchain: a missing toolchain.txt stops the run: $(cat "$out/missing-toolchain.txt")"
else
    bad "toolchain: a missing toolchain.txt (exit $rc):"
    sed 's/^/    /' "$out/missing-toolchain.txt" >&2
fi

}

# 6. A cold run cut into pieces (--split-goals), with a second chance
# (--retry): the failing tree's swapped store is false, so it fails in its
# piece and again when proved alone; the other piece passes.
section_6() {
set +e
python3 "$out/failing/proofs/prove.py" --root "$out/failing" --out "$out/failing/build/cold" \
    --cache none --only le_bytes_store_u16,le_bytes_store_u32 --split-goals 1 --retry \
    --provers cvc4,z3 --par 1 --timeout 2 --no-objeq > "$out/cold.txt" 2>&1
rc=$?
set -e
if [ "$rc" -eq 1 ] && grep -q '^bytes-[12] .*le_bytes_store_u32 .*ok$' "$out/cold.txt" &&
   grep -q '^bytes-[12] .*le_bytes_store_u16 .*FAIL$' "$out/cold.txt" &&
   grep -q '^prove: proving again: le_bytes_store_u16 (@ensures)$' "$out/cold.txt" &&
   grep -q '^bytes-retry .*le_bytes_store_u16 .*FAIL$' "$out/cold.txt" &&
   grep -q '^prove: FAIL le_bytes_store_u16: ' "$out/cold.txt" &&
   ! grep -q '^prove: FAIL le_bytes_store_u32' "$out/cold.txt"; then
    ok "cold run in pieces: each piece its own run, a false goal fails again when retried"
else
    bad "cold run in pieces (exit $rc):"
    sed 's/^/    /' "$out/cold.txt" >&2
fi

}

# 7. Smoke groups: map_home calls map_hash (proven), lepack_map_free calls
# lepack_free_slots (the trusted allocator hook); item_halves64 calls
# nothing and is one of Z3_FIRST (CVC4 runs to its timeout on two goals).
section_7() {
new_tree "$out/groups"
set +e
python3 "$out/groups/proofs/prove.py" --root "$out/groups" --out "$out/groups/build/cold" \
    --cache none --only map_home,lepack_map_free,item_halves64 --provers cvc4,z3 --par 1 \
    --timeout 5 --split-goals 1400 --no-objeq > "$out/groups.txt" 2>&1
rc=$?
set -e
cold="$out/groups/build/cold"
if [ "$rc" -eq 0 ] && grep -q '^core-p .*map_home .*ok$' "$out/groups.txt" &&
   grep -q '^core .*lepack_map_free .*ok$' "$out/groups.txt" &&
   grep -q '^core-p-z .*item_halves64 .*ok$' "$out/groups.txt" &&
   grep -q 'wp_smoke_dead_call' "$cold/core.log" &&
   grep -q 'Smoke-test typed_map_home_wp_smoke_default_requires' "$cold/core-p.log" &&
   ! grep -q 'wp_smoke_dead_call' "$cold/core-p.log" &&
   grep -q '\[Z3 [0-9.]*\] Goal typed_item_halves64_ensures_low1 : Valid' "$cold/core-p-z.log" &&
   ! grep -q '\[CVC4 [0-9.]*\] Goal typed_item_halves64' "$cold/core-p-z.log"; then
    ok "smoke groups: dead-call tests where a callee is trusted, none where all are proven; Z3 first in core-p-z"
else
    bad "smoke groups (exit $rc):"
    sed 's/^/    /' "$out/groups.txt" >&2
fi

}

# 8. A cold proof in shards, and the sample's chunks.
section_8() {
tree="$out/shards"
new_tree "$tree"
rm -f "$tree/proofs/session/cold.txt"
cold() {
    python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/cold" --cache none \
        --only le_get_u16,lepack_u16_of_i16 --provers cvc4,z3 --par 1 --jobs 2 --timeout 5 \
        --split-goals 1 --retry --record "$tree/proofs/session/cold.txt" "$@"
}
set +e
cold --shard 1/2 > "$out/shard1.txt" 2>&1
r1=$?
cold --shard 2/2 > "$out/shard2.txt" 2>&1
r2=$?
cold --gather 2 > "$out/gather.txt" 2>&1
rg=$?
set -e
if [ "$r1$r2$rg" = 000 ] && grep -q '^== WP: shard 1 of 2: ' "$out/shard1.txt" &&
   grep -q '^prove: 2 shards: 2 functions, ' "$out/gather.txt" &&
   grep -q '^le_get_u16 [0-9a-f]\{32\} CVC4$' "$tree/proofs/session/cold.txt" &&
   grep -q '^lepack_u16_of_i16 [0-9a-f]\{32\} CVC4$' "$tree/proofs/session/cold.txt"; then
    ok "shards: each proves its pieces, the gathering checks them and writes the cold record"
else
    bad "shards (exit $r1 $r2 $rg):"
    cat "$out/shard1.txt" "$out/shard2.txt" "$out/gather.txt" | sed 's/^/    /' >&2
fi
cp "$tree/proofs/session/cold.txt" "$out/cold-sharded.txt"
set +e
cold --split-goals 1400 > "$out/cold-one.txt" 2>&1
r=$?
set -e
if [ "$r" -eq 0 ] && diff -I '^date:' "$out/cold-sharded.txt" "$tree/proofs/session/cold.txt" > /dev/null; then
    ok "shards: the record is the one a single machine writes"
else
    bad "shards: the single-machine record differs (exit $r):"
    diff "$out/cold-sharded.txt" "$tree/proofs/session/cold.txt" | sed 's/^/    /' >&2
fi
rm "$tree/build/cold/shard-2-of-2.json"
set +e
cold --gather 2 > "$out/gather-missing.txt" 2>&1
r=$?
set -e
if [ "$r" -eq 1 ] && grep -q '^prove: FAIL shard 2 of 2: .* is missing' "$out/gather-missing.txt"; then
    ok "shards: a missing shard fails the gathering"
else
    bad "shards: a missing shard (exit $r):"
    sed 's/^/    /' "$out/gather-missing.txt" >&2
fi
if python3 - "$root/proofs" > "$out/chunks.txt" 2>&1 <<'EOF'
import datetime, sys
sys.path.insert(0, sys.argv[1])
import confirm
fns = ["f%d" % i for i in range(40)]
cost = {f: 1.0 + i % 7 for i, f in enumerate(fns)}
parts = confirm.chunks(fns, cost, 10.0)
assert sorted(f for p in parts for f in p) == sorted(fns), "chunks lose functions"
assert all(sum(cost[f] for f in p) <= 10.0 for p in parts), "a chunk over budget"
assert parts == confirm.chunks(list(reversed(fns)), cost, 10.0), "chunks depend on the order"
day = datetime.date(2026, 12, 5)
seen = set()
for k in range(len(parts)):
    seen.update(confirm.pick("auto", len(parts), day + datetime.timedelta(days=k)))
assert seen == set(range(len(parts))), "the days do not cover every chunk"
assert confirm.pick("3", len(parts)) == [2] and confirm.pick("none", len(parts)) == []
print("%d chunks, one a day" % len(parts))
EOF
then
    ok "sample: chunks within the budget, whatever the order, all of them within as many days: $(cat "$out/chunks.txt")"
else
    bad "sample chunks:"
    sed 's/^/    /' "$out/chunks.txt" >&2
fi

}

# 9. Forged verdicts.  The shards' tree holds the cold record of
# le_get_u16 and lepack_u16_of_i16; seed a bug with one false goal.
section_9() {
edit "$tree/src/le.h" '    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = le_load_u16(buf + off);' '    if (len < 2 || off > len - 2)
        return LEPACK_ERANGE;
    *out = be_load_u16(buf + off);'
replay() {
    python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/prove" --no-objeq \
        --par 2 --timeout 2 "$@"
}
set +e
replay --only le_get_u16 > "$out/forge-0.txt" 2>&1
r=$?
set -e
# What someone who wants the bug to pass would commit: the run's new
# verdicts, the false goal's Z3 verdict made "valid".
python3 - "$tree" > "$out/forge.txt" 2>&1 <<'EOF'
import hashlib, os, re, shutil, sys
tree = sys.argv[1]
scratch = os.path.join(tree, "build/prove/session/views/cache")
cache = os.path.join(tree, "proofs/session/views/cache")
for name in os.listdir(scratch):
    if not os.path.exists(os.path.join(cache, name)):
        shutil.copy(os.path.join(scratch, name), cache)
typed = os.path.join(tree, "build/prove/wpout/views/typed")
goal = [n for n in os.listdir(typed) if re.match(r"le_get_u16_in_range_ensures_Why3_Z3_", n)][0]
key = hashlib.md5(open(os.path.join(typed, goal), "rb").read()).hexdigest()
path = os.path.join(cache, key + ".json")
was = open(path).read().strip()
open(path, "w").write(re.sub(r'"verdict": "\w+"', '"verdict": "valid"', was) + "\n")
print("%s: %s -> %s" % (goal, was, open(path).read().strip()))
EOF
set +e
replay --only le_get_u16 --cache offline > "$out/forge-1.txt" 2>&1
r1=$?
set -e
if [ "$r" -eq 1 ] && [ "$r1" -eq 0 ] &&
   grep -q '"verdict": "\(timeout\|unknown\|failed\)".*-> .*"verdict": "valid"' "$out/forge.txt"; then
    ok "forged verdict: one false goal, its verdict edited to valid, and the replay alone passes: $(cat "$out/forge.txt")"
else
    bad "forged verdict: could not seed the forgery (exit $r, then $r1):"
    cat "$out/forge-0.txt" "$out/forge.txt" "$out/forge-1.txt" | sed 's/^/    /' >&2
fi
record="$tree/proofs/session/cold.txt"
forged_msg='the cache says Z3 proved le_get_u16_in_range_ensures; proved again, it answers'
set +e
replay --only le_get_u16,lepack_u16_of_i16,lepack_i16_of_u16 --cache offline --confirm "$record" \
    --sample none > "$out/forge-changed.txt" 2>&1
r=$?
set -e
if [ "$r" -eq 1 ] && grep -q '^re-proof: 2 of 3 functions changed since the cold proof: le_get_u16, lepack_i16_of_u16$' "$out/forge-changed.txt" &&
   grep -q "^prove: FAIL views-reprove-again: $forged_msg" "$out/forge-changed.txt" &&
   grep '^views-reprove.* lepack_i16_of_u16 ' "$out/forge-changed.txt" | tail -n 1 | grep -q ' ok$' &&
   ! grep -q '^prove: FAIL lepack_i16_of_u16' "$out/forge-changed.txt" &&
   ! grep -q 'reprove.* lepack_u16_of_i16 ' "$out/forge-changed.txt"; then
    ok "forged verdict, changed function: proved again, the forgery fails; a new function is proved again and passes"
else
    bad "forged verdict in a changed function (exit $r):"
    sed 's/^/    /' "$out/forge-changed.txt" >&2
fi
# The record forged too: le_get_u16's new fingerprint, as a cold proof
# would have written it had it passed.
python3 - "$tree" "$record" <<'EOF'
import json, os, re, sys
tree, record = sys.argv[1:3]
sys.path.insert(0, os.path.join(tree, "proofs"))
import confirm
out = os.path.join(tree, "build/prove")
keys, _ = confirm.goal_keys(os.path.join(out, "wpout/views"), json.load(open(os.path.join(out, "views.json"))))
text = open(record).read()
text = re.sub(r"^le_get_u16 .*$", "le_get_u16 %s CVC4" % confirm.fingerprint(keys["le_get_u16"], "CVC4"),
              text, flags=re.M)
open(record, "w").write(text)
EOF
set +e
replay --only le_get_u16 --cache offline --confirm "$record" --sample all > "$out/forge-sampled.txt" 2>&1
r=$?
replay --only le_get_u16 --cache offline --confirm "$record" --sample none > "$out/forge-unsampled.txt" 2>&1
r2=$?
python3 "$tree/proofs/prove.py" --root "$tree" --out "$tree/build/cold" --cache none --only le_get_u16 \
    --provers cvc4,z3 --par 1 --timeout 2 --no-objeq --record "$record" > "$out/forge-cold.txt" 2>&1
r3=$?
replay --only le_get_u16 --cache offline --confirm "$record" --sample none > "$out/forge-after-cold.txt" 2>&1
r4=$?
set -e
if [ "$r" -eq 1 ] && grep -q '^re-proof: 0 of 1 functions changed since the cold proof$' "$out/forge-sampled.txt" &&
   grep -q '^re-proof: sample 1 of 1 ' "$out/forge-sampled.txt" &&
   grep -q "^prove: FAIL views-reprove-again: $forged_msg" "$out/forge-sampled.txt"; then
    ok "forged verdict and record, sampled: proved again, the forgery fails"
else
    bad "forged verdict in a sampled function (exit $r):"
    sed 's/^/    /' "$out/forge-sampled.txt" >&2
fi
if [ "$r2" -eq 0 ] && grep -q '^re-proof: nothing to prove again$' "$out/forge-unsampled.txt" &&
   [ "$r3" -eq 1 ] && grep -q '^prove: FAIL le_get_u16: le_get_u16_in_range_ensures: ' "$out/forge-cold.txt" &&
   grep -q 'dropped, not proved: le_get_u16$' "$out/forge-cold.txt" &&
   ! grep -q '^le_get_u16 ' "$record" && grep -q '^lepack_u16_of_i16 ' "$record" &&
   [ "$r4" -eq 1 ] && grep -q "^prove: FAIL views-reprove-again: $forged_msg" "$out/forge-after-cold.txt"; then
    ok "forged verdict and record, not sampled: the replay passes it; the cold proof fails, drops it from the record, and the replay then fails"
else
    bad "forged verdict in an unsampled function (exit $r2, cold $r3, then $r4):"
    cat "$out/forge-unsampled.txt" "$out/forge-cold.txt" "$out/forge-after-cold.txt" | sed 's/^/    /' >&2
fi

}

# 10. Trusted code: by file and by name, nothing by pattern.
section_10() {
tree="$out/trusted"
new_tree "$tree"
set +e
python3 "$tree/proofs/prove.py" --root "$tree" --trusted > "$out/trusted.txt" 2>&1
r=$?
set -e
if [ "$r" -eq 0 ] && grep -q '^  src/cpu.c: whole file, [0-9]* code lines' "$out/trusted.txt" &&
   grep -q '^  src/zero.c: [0-9]* code lines in 5 functions$' "$out/trusted.txt" &&
   grep -q '^outside the proofs: [0-9]* code lines (trusted [0-9]* in [0-9]* functions, unproven [0-9]* in [0-9]* functions)$' "$out/trusted.txt" &&
   grep -q '^src/zero.c:[0-9]*: static inline void set_zero' "$out/trusted.txt"; then
    ok "trusted code: $(tail -n 1 "$out/trusted.txt"), every line listed"
else
    bad "trusted code as committed (exit $r):"
    tail -n 30 "$out/trusted.txt" | sed 's/^/    /' >&2
fi
printf '\nstatic int vec_helper(int x)\n{\n    return x + 1;\n}\n' >> "$tree/src/utf8.c"
printf '\nstatic void put_line(unsigned char *p)\n{\n    p[0] = 0;\n}\n' >> "$tree/src/items.c"
printf '\nstatic void copy_bytes(unsigned char *p)\n{\n    p[0] = 0;\n}\n' >> "$tree/src/counter_map.c"
set +e
python3 "$tree/proofs/prove.py" --root "$tree" --trusted > "$out/trusted-new.txt" 2>&1
r=$?
set -e
if [ "$r" -eq 1 ] && grep -q '^src/utf8.c:[0-9]*: vec_helper is defined but neither proven' "$out/trusted-new.txt" &&
   grep -q '^src/items.c:[0-9]*: put_line is defined but neither proven' "$out/trusted-new.txt" &&
   grep -q '^src/counter_map.c:[0-9]*: copy_bytes is defined but neither proven' "$out/trusted-new.txt"; then
    ok "trusted code: a helper named like a kernel (vec_helper), like put_line or like copy_bytes, each in a proven file, fails the gate"
else
    bad "trusted code: new helpers named like trusted ones (exit $r):"
    tail -n 20 "$out/trusted-new.txt" | sed 's/^/    /' >&2
fi

}

# 11. Pinned contracts beyond the public headers.
section_11() {
tree="$out/pinned"
contract_case() {  # WHAT FILE OLD NEW PATTERN
    new_tree "$tree"
    edit "$tree/$2" "$3" "$4"
    set +e
    python3 "$tree/proofs/contracts.py" --root "$tree" --check > "$out/pinned.txt" 2>&1
    r=$?
    set -e
    if [ "$r" -eq 1 ] && grep -q -e "$5" "$out/pinned.txt"; then
        ok "pinned contracts: $1 fails the check"
    else
        bad "pinned contracts: $1 (exit $r):"
        sed 's/^/    /' "$out/pinned.txt" >&2
    fi
}
contract_case "a trusted kernel contract of src/utf8_vec.c" src/utf8_vec.c \
    '    ensures wf_reach(src, len, i) ==> wf_reach(src, len, \result); */' \
    '    ensures wf_reach(src, len, i) ==> wf_reach(src, len, \result + 0); */' \
    '^@@ .* @@ ## src/utf8_vec.c: vec_count_avx512 \[trusted\]$'
contract_case "the memset wrapper's contract in src/zero.c" src/zero.c \
    '    ensures zero_bytes(p, from, to); */
static void set_zero(' '    ensures zero_bytes(p, from, to + 1); */
static void set_zero(' '^+ensures zero_bytes(p, from, to + 1);$'
contract_case "a macro a contract uses (LEPACK_ITEM_SIZE)" src/item.h \
    '#define LEPACK_ITEM_SIZE 20u' '#define LEPACK_ITEM_SIZE 21u' '^+where LEPACK_ITEM_SIZE = 21u$'
contract_case "a requires at lepack_counters_init's definition in src/counters.c" src/counters.c \
    'lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity)' \
    '/*@ requires capacity == 0; */
lepack_status lepack_counters_init(lepack_counters *m, int32_t cache_id, size_t capacity)' \
    '^prove: contracts: src/counters.c:[0-9]*: lepack_counters_init: requires capacity == 0; at the definition, which src/counters.h'
set +e
make -s --no-print-directory -C "$tree" prove PROVE_OUT="$tree/build/prove" > "$out/pinned-make.txt" 2>&1
r=$?
set -e
if [ "$r" -ne 0 ] && grep -q '^prove: contracts: src/counters.c:' "$out/pinned-make.txt" &&
   ! grep -q '^== ' "$out/pinned-make.txt"; then
    ok "pinned contracts: make prove stops there, before objeq and WP"
else
    bad "pinned contracts: make prove did not stop first (exit $r):"
    head -n 20 "$out/pinned-make.txt" | sed 's/^/    /' >&2
fi

}

for n in $sections; do "section_$n"; done

if [ "$fails" -ne 0 ]; then
    echo "driver-test: FAILED ($fails)" >&2
    exit 1
fi
echo "driver-test: all passed"
