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
#
#   sh proofs/tests/driver.sh OUTDIR
set -eu
out=${1:-build/prove/driver-test}
root=$(pwd)
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
fails=0
ok() { echo "driver-test: ok: $1"; }
bad() { echo "driver-test: FAIL: $1" >&2; fails=$((fails + 1)); }

# A tree with the committed cache, as a clone has it.
new_tree() {
    rm -rf "$1"
    mkdir -p "$1"
    cp -R "$root/src" "$root/proofs" "$root/Makefile" "$root/mk" "$1/"
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
old = "    p[0] = (uint8_t)(v % 256);\n    p[1] = (uint8_t)(v / 256u % 256);\n}"
assert old in s
s = s.replace(old, "    %s\n    %s\n}" % (first, second), 1)
open(p, "w").write(s)
EOF
}

# 1. Missing tools: a PATH with every command of /usr/bin and /bin except
# the ones the proofs need.
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

# 2. A failing run.
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

# 3. A passing run with a new goal: v / 256u fits a byte without % 256.
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

# 4. Contracts.
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

# 5. Toolchain.
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

# 6. A cold run cut into pieces (--split-goals), with a second chance
# (--retry): the failing tree's swapped store is false, so it fails in its
# piece and again when proved alone; the other piece passes.
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

# 7. Smoke groups: map_home calls map_hash (proven), lepack_map_free calls
# lepack_free_slots (the trusted allocator hook); item_halves64 calls
# nothing and is one of Z3_FIRST (CVC4 runs to its timeout on two goals).
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

if [ "$fails" -ne 0 ]; then
    echo "driver-test: FAILED ($fails)" >&2
    exit 1
fi
echo "driver-test: all passed"
