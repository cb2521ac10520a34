#!/bin/bash -eu
# SPDX-License-Identifier: Apache-2.0
# OSS-Fuzz / ClusterFuzzLite build: one fuzzer per fuzz/fuzz_<name>.c, with
# its seed corpus, dictionary and options under the names OSS-Fuzz looks for.
# Runs from the source tree ($SRC/lepack); the engine and sanitizer come in
# through $CC, $CFLAGS and $LIB_FUZZING_ENGINE.
cd "${LEPACK_SRC:-$SRC/lepack}"

# The sources and the harnesses: mk/sources.mk, whose
# lines are plain `NAME := words` (a word may be $(NAME) of an earlier line).
eval "$(sed -n 's/^\([A-Za-z_][A-Za-z_0-9]*\) *:= *\(.*\)$/\1="\2"/p' mk/sources.mk |
        sed 's/\$(\([A-Za-z_][A-Za-z_0-9]*\))/${\1}/g')"

mkdir -p "$WORK/lepack"
objs=""
for f in $LIB_SRC $REF_SRC $FUZZ_SUPPORT_SRC; do
    o="$WORK/lepack/$(echo "${f%.c}" | tr / _).o"
    $CC $CFLAGS -std=c11 -Isrc -Iref -Icli -c "$f" -o "$o"
    objs="$objs $o"
done

for h in $FUZZ_HARNESSES; do
    # No ICU here (FZ_NO_ICU, and none of FUZZ_LIBS_<h>): the UTF-8
    # harnesses' second oracle stays in the local campaigns, where its
    # version is the one their agreement was measured on; the engines
    # compare with ref/ alone (fuzz/README.md).  The harnesses are C, so
    # the link brings in no C++ library of lepack's own.
    $CC $CFLAGS -std=c11 -DFZ_NO_ICU -Isrc -Iref -Icli -Ifuzz -c "fuzz/fuzz_$h.c" -o "$WORK/lepack/fuzz_$h.o"
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS "$WORK/lepack/fuzz_$h.o" $objs $LIB_FUZZING_ENGINE -o "$OUT/$h"
    rm -f "$OUT/${h}_seed_corpus.zip"
    (cd "corpus/$h" && zip -q -j "$OUT/${h}_seed_corpus.zip" ./*)
    [ -f "fuzz/$h.dict" ] && cp "fuzz/$h.dict" "$OUT/$h.dict"
    cp "fuzz/$h.options" "$OUT/$h.options"
done
