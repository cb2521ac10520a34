#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# OSS-Fuzz / ClusterFuzzLite build: one fuzzer per fuzz/fuzz_<name>.c, with
# its seed corpus, dictionary and options under the names OSS-Fuzz looks for.
# Runs from the source tree ($SRC/lepack); the engine and sanitizer come in
# through $CC, $CFLAGS and $LIB_FUZZING_ENGINE.
cd "${LEPACK_SRC:-$SRC/lepack}"

lib_src="src/status.c src/version.c src/alloc.c src/counter_map.c src/counters.c ref/ref.c cli/text.c"
lib_src="$lib_src src/zero.c src/zero_nt.c src/cpu.c ref/ref_zero.c"
lib_src="$lib_src src/items.c src/items_x86.c"
lib_src="$lib_src src/utf8.c src/utf8_vec.c ref/ref_utf8.c"
mkdir -p "$WORK/lepack"
objs=""
for f in $lib_src; do
    o="$WORK/lepack/$(basename "$f" .c).o"
    $CC $CFLAGS -std=c11 -Isrc -Iref -Icli -c "$f" -o "$o"
    objs="$objs $o"
done

for h in views counters_ops counters_decode cli zero utf8_encode utf8_decode utf8_modified; do
    # ICU is the UTF-8 harnesses' second oracle; MSan builds leave it out
    # (it is not instrumented; fuzz/fuzz_utf8.h compiles the calls away).
    libs=""
    case $h in utf8_*) [ "$SANITIZER" = memory ] || libs="-licuuc" ;; esac
    $CC $CFLAGS -std=c11 -Isrc -Iref -Icli -Ifuzz -c "fuzz/fuzz_$h.c" -o "$WORK/lepack/fuzz_$h.o"
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS "$WORK/lepack/fuzz_$h.o" $objs $LIB_FUZZING_ENGINE $libs -o "$OUT/$h"
    rm -f "$OUT/${h}_seed_corpus.zip"
    (cd "corpus/$h" && zip -q -j "$OUT/${h}_seed_corpus.zip" ./*)
    [ -f "fuzz/$h.dict" ] && cp "fuzz/$h.dict" "$OUT/$h.dict"
    cp "fuzz/$h.options" "$OUT/$h.options"
done
