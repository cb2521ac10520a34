#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# .clusterfuzzlite/build.sh run as OSS-Fuzz and ClusterFuzzLite run it, once
# per sanitizer that ci/oss-fuzz/project.yaml lists, then what their
# bad-build check would see: each fuzzer may need no shared library beyond
# what the base-runner image has (libc, libm, libpthread, libdl, librt,
# libgcc_s, libstdc++ and the loader), and each must run where ICU's shared
# libraries are not installed (a mount namespace that hides them; the
# runner has no ICU).
#
#   ci/ossfuzz_check.sh DIR      (from the tree root; `make ossfuzz-check`)
#
# The compiler flags are OSS-Fuzz's (infra/base-images: base-clang's CFLAGS,
# base-builder's SANITIZER_FLAGS_<sanitizer> and the libFuzzer coverage
# flags), with the libFuzzer engine.
set -u
top=$(pwd)
base=$(realpath -m "$1")
harnesses=$(sed -n 's/^FUZZ_HARNESSES *:= *//p' mk/sources.mk)
sanitizers=$(awk '/^sanitizers:/ {on = 1; next} on && /^ *- / {print $2; next} on && /^[^ #]/ {on = 0}' \
             ci/oss-fuzz/project.yaml)
[ -n "$sanitizers" ] || { echo "ossfuzz: no sanitizers in ci/oss-fuzz/project.yaml"; exit 1; }
common="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
ub="array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow"
san_flags() {
    case $1 in
    address)   echo "-fsanitize=address -fsanitize-address-use-after-scope" ;;
    undefined) echo "-fsanitize=$ub,unsigned-integer-overflow,unreachable,vla-bound,vptr -fno-sanitize-recover=$ub,unreachable,vla-bound,vptr" ;;
    memory)    echo "-fsanitize=memory -fsanitize-memory-track-origins" ;;
    *)         return 1 ;;
    esac
}
# What the base-runner image provides.
allowed='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libgcc_s\.so\.1|libstdc\+\+\.so\.6|ld-linux-x86-64\.so\.2)$'
icu_libs=$(ls /usr/lib/x86_64-linux-gnu/libicu*.so* 2>/dev/null)

rm -rf "$base"; mkdir -p "$base/src"
ln -s "$top" "$base/src/lepack"
: > "$base/empty"

# The builds, side by side (each is one compiler process at a time).
for s in $sanitizers; do
    f=$(san_flags "$s") || { echo "ossfuzz: sanitizer $s: flags unknown here"; exit 1; }
    mkdir -p "$base/$s/out" "$base/$s/work"
    (cd "$base/src/lepack" && env CC=clang CXX=clang++ \
        CFLAGS="$common $f -fsanitize=fuzzer-no-link" CXXFLAGS="$common $f -fsanitize=fuzzer-no-link" \
        LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT="$base/$s/out" SRC="$base/src" \
        WORK="$base/$s/work" SANITIZER="$s" ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c \
        bash -eu .clusterfuzzlite/build.sh > "$base/$s/build.log" 2>&1; echo $? > "$base/$s/build.rc") &
done
wait
for s in $sanitizers; do
    [ "$(cat "$base/$s/build.rc")" = 0 ] || { tail -n 40 "$base/$s/build.log"; echo "ossfuzz: $s: build.sh failed"; exit 1; }
done

# The runner's view: ICU's shared libraries replaced by an empty file.  A
# probe linked against the shared ICU must fail to start there, or the
# environment hides nothing.
hide='for l in '"$(echo $icu_libs)"'; do mount --bind "$0" "$l" || exit 97; done; exec "$@"'
noicu="unshare --mount sh -c"
cc -x c - -licuuc -o "$base/probe" <<'PROBE' || { echo "ossfuzz: cannot build the ICU probe"; exit 1; }
#include <unicode/ustring.h>
int main(void) { UErrorCode e = U_ZERO_ERROR; int32_t n; u_strToUTF8(0, 0, &n, u"a", 1, &e); return 0; }
PROBE
isolated=1
if ! unshare --mount true 2>/dev/null; then
    isolated=0
    echo "ossfuzz: unshare --mount refused here: fuzzers run with ICU visible, NEEDED check only"
elif $noicu "$hide" "$base/empty" "$base/probe" > "$base/probe.log" 2>&1; then
    echo "ossfuzz: the ICU probe still starts with ICU hidden: the environment hides nothing"; exit 1
fi

for s in $sanitizers; do
    out=$base/$s/out
    for h in $harnesses; do
        for f in $h ${h}_seed_corpus.zip $h.options; do
            [ -f "$out/$f" ] || { echo "ossfuzz: $s: missing \$OUT/$f"; exit 1; }
        done
        bad=$(readelf -d "$out/$h" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p' | grep -Ev "$allowed")
        [ -z "$bad" ] || { echo "ossfuzz: $s: $h needs shared libraries the runner lacks:" $bad; exit 1; }
        run=$base/$s/run/$h
        mkdir -p "$run/seeds" "$run/new"
        unzip -q -o "$out/${h}_seed_corpus.zip" -d "$run/seeds"
        d=""; [ -f "$out/$h.dict" ] && d="-dict=$out/$h.dict"
        if [ $isolated = 1 ]; then pre=($noicu "$hide" "$base/empty"); else pre=(); fi
        # A fixed seed, and no NEW_FUNC lines: printing them starts
        # llvm-symbolizer, which needs ICU (through libxml2) and so cannot
        # start where ICU is hidden; the runner's own symbolizer is static.
        (cd "$run" && "${pre[@]}" "$out/$h" -runs=1000 -max_len=4096 -seed=1 -print_funcs=0 $d \
            new seeds > log 2>&1) ||
            { tail -n 30 "$run/log"; echo "ossfuzz: $s: $h failed (log: $run/log)"; exit 1; }
    done
    printf 'ossfuzz: %-9s %d fuzzers built; NEEDED within the runner'"'"'s libraries; each ran its seeds + 1000 runs%s\n' \
        "$s" "$(echo $harnesses | wc -w)" "$([ $isolated = 1 ] && echo ' with ICU hidden')"
done
