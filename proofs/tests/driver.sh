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
           "make -s --no-print-directory prove PROVE_OUT=$out/nopath"; do
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

if [ "$fails" -ne 0 ]; then
    echo "driver-test: FAILED ($fails)" >&2
    exit 1
fi
echo "driver-test: all passed"
