#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# .clusterfuzzlite/build.sh run as OSS-Fuzz and ClusterFuzzLite run it, once
# per engine build that ci/oss-fuzz/project.yaml asks for (libFuzzer with
# each sanitizer listed, AFL++ with ASan, as OSS-Fuzz builds them), then
# what their bad-build check would see: each fuzzer may need no shared
# library beyond what the base-runner image has (libc, libm, libpthread,
# libdl, librt, libgcc_s, libstdc++ and the loader), holds no ICU (the
# engine builds leave it out: fuzz/README.md), and must run where neither
# ICU's nor libc++'s shared libraries are installed (a mount namespace that
# hides them; the runner has neither).
#
#   ci/ossfuzz_check.sh DIR      (from the tree root; `make ossfuzz-check`)
#
# The compiler flags are OSS-Fuzz's (infra/base-images: base-clang's CFLAGS
# and CXXFLAGS, which add -stdlib=libc++; base-builder's
# SANITIZER_FLAGS_<sanitizer>; the libFuzzer coverage flags, none for
# AFL++).  What this machine stands in for, on the link line only
# (LIB_FUZZING_ENGINE):
#   - base-clang installs libc++ as static archives only (libc++abi merged
#     in), so -stdlib=libc++ links it statically: a directory holding a
#     libc++.a that is Debian's libc++.a and libc++abi.a (libc++-14-dev,
#     libc++abi-14-dev) comes first on the library path;
#   - Debian's libFuzzer (libclang-rt-14-dev) is built against libstdc++,
#     where OSS-Fuzz's carries its own C++ library: the libFuzzer builds
#     add libstdc++ for the engine (clang turns -lstdc++ into -lc++ under
#     -stdlib=libc++, hence -l:libstdc++.so.6).  The AFL++ driver is C, so
#     the AFL++ build shows the harnesses' own needs.
# honggfuzz and centipede are not in project.yaml: Debian 12 packages
# neither, so no build of theirs could be checked here (fuzz/README.md); an
# engine listed there that this script cannot build fails the check.
set -u
top=$(pwd)
base=$(realpath -m "$1")
harnesses=$(sed -n 's/^FUZZ_HARNESSES *:= *//p' mk/sources.mk)
yaml_list() { # the items of a top-level list in ci/oss-fuzz/project.yaml
    awk -v key="$1:" '$1 == key {on = 1; next} on && /^ *- / {print $2; next} on && /^[^ #]/ {on = 0}' \
        ci/oss-fuzz/project.yaml
}
sanitizers=$(yaml_list sanitizers)
engines=$(yaml_list fuzzing_engines)
[ -n "$sanitizers" ] || { echo "ossfuzz: no sanitizers in ci/oss-fuzz/project.yaml"; exit 1; }
[ -n "$engines" ] || { echo "ossfuzz: no fuzzing_engines in ci/oss-fuzz/project.yaml"; exit 1; }
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
# The builds, ENGINE-SANITIZER: libFuzzer with every sanitizer, AFL++ with
# ASan alone (OSS-Fuzz builds no other AFL++ job).
builds=""
for e in $engines; do
    case $e in
    libfuzzer) for s in $sanitizers; do builds="$builds libfuzzer-$s"; done ;;
    afl)       builds="$builds afl-address" ;;
    *)         echo "ossfuzz: fuzzing engine $e (ci/oss-fuzz/project.yaml): no build of it is checked here"; exit 1 ;;
    esac
done
# What the base-runner image provides.
allowed='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libgcc_s\.so\.1|libstdc\+\+\.so\.6|ld-linux-x86-64\.so\.2)$'
hidden_libs=$(ls /usr/lib/x86_64-linux-gnu/libicu*.so* /usr/lib/llvm-14/lib/libc++.so.1* \
              /usr/lib/llvm-14/lib/libc++abi.so.1* 2>/dev/null)
libcxx=/usr/lib/llvm-14/lib
for a in libc++.a libc++abi.a; do
    [ -f "$libcxx/$a" ] || { echo "ossfuzz: $libcxx/$a missing (make deps: libc++-14-dev, libc++abi-14-dev)"; exit 1; }
done
afl_driver=/usr/lib/afl/libAFLDriver.a

rm -rf "$base"; mkdir -p "$base/src" "$base/libcxx"
ln -s "$top" "$base/src/lepack"
: > "$base/empty"
printf 'INPUT(%s/libc++.a %s/libc++abi.a)\n' "$libcxx" "$libcxx" > "$base/libcxx/libc++.a"

# The builds, side by side (each is one compiler process at a time).
start=$(date +%s)
for b in $builds; do
    e=${b%%-*} s=${b#*-}
    f=$(san_flags "$s") || { echo "ossfuzz: sanitizer $s: flags unknown here"; exit 1; }
    if [ "$e" = libfuzzer ]; then
        cc=clang cxx=clang++ cflags="$common $f -fsanitize=fuzzer-no-link"
        engine="-fsanitize=fuzzer -L$base/libcxx -l:libstdc++.so.6"
    else
        cc=afl-clang-fast cxx=afl-clang-fast++ cflags="$common $f"
        engine="$afl_driver -L$base/libcxx"
    fi
    mkdir -p "$base/$b/out" "$base/$b/work"
    (cd "$base/src/lepack" && env CC=$cc CXX=$cxx CFLAGS="$cflags" CXXFLAGS="$cflags -stdlib=libc++" \
        LIB_FUZZING_ENGINE="$engine" OUT="$base/$b/out" SRC="$base/src" \
        WORK="$base/$b/work" SANITIZER="$s" FUZZING_ENGINE="$e" ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c \
        AFL_QUIET=1 bash -eu .clusterfuzzlite/build.sh > "$base/$b/build.log" 2>&1; echo $? > "$base/$b/build.rc") &
done
wait
for b in $builds; do
    [ "$(cat "$base/$b/build.rc")" = 0 ] || { tail -n 40 "$base/$b/build.log"; echo "ossfuzz: $b: build.sh failed"; exit 1; }
done
built=$(date +%s)

# The runner's view: ICU's and libc++'s shared libraries replaced by an
# empty file.  A probe linked against the shared ICU must fail to start
# there, or the environment hides nothing.
hide='for l in '"$(echo $hidden_libs)"'; do mount --bind "$0" "$l" || exit 97; done; exec "$@"'
noicu="unshare --mount sh -c"
cc -x c - -licuuc -o "$base/probe" <<'PROBE' || { echo "ossfuzz: cannot build the ICU probe"; exit 1; }
#include <unicode/ustring.h>
int main(void) { UErrorCode e = U_ZERO_ERROR; int32_t n; u_strToUTF8(0, 0, &n, u"a", 1, &e); return 0; }
PROBE
isolated=1
if ! unshare --mount true 2>/dev/null; then
    isolated=0
    echo "ossfuzz: unshare --mount refused here: fuzzers run with ICU and libc++ visible, NEEDED check only"
elif $noicu "$hide" "$base/empty" "$base/probe" > "$base/probe.log" 2>&1; then
    echo "ossfuzz: the ICU probe still starts with ICU hidden: the environment hides nothing"; exit 1
fi

# check_build B: every fuzzer of build B, as the runner would see it; one
# line saying so, or the reason it failed, in $base/B/check.txt.
check_build() {
    b=$1 out=$base/$1/out needed=""
    for h in $harnesses; do
        for f in $h ${h}_seed_corpus.zip $h.options; do
            [ -f "$out/$f" ] || { echo "ossfuzz: $b: missing \$OUT/$f"; return 1; }
        done
        libs=$(readelf -d "$out/$h" | sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
        needed="$needed $libs"
        bad=$(echo "$libs" | grep -Ev "$allowed")
        [ -z "$bad" ] || { echo "ossfuzz: $b: $h needs shared libraries the runner lacks:" $bad; return 1; }
        ! nm "$out/$h" 2>/dev/null | grep -q ' [TtWw] u_strFromUTF8' ||
            { echo "ossfuzz: $b: $h has ICU linked in (the engine builds leave it out: fuzz/README.md)"; return 1; }
        run=$base/$b/run/$h
        mkdir -p "$run/seeds" "$run/new"
        unzip -q -o "$out/${h}_seed_corpus.zip" -d "$run/seeds"
        if [ $isolated = 1 ]; then pre=($noicu "$hide" "$base/empty"); else pre=(); fi
        if [ "${b%%-*}" = libfuzzer ]; then
            d=""; [ -f "$out/$h.dict" ] && d="-dict=$out/$h.dict"
            # A fixed seed, and no NEW_FUNC lines: printing them starts
            # llvm-symbolizer, which needs ICU (through libxml2) and so
            # cannot start where ICU is hidden; the runner's own symbolizer
            # is static.
            (cd "$run" && "${pre[@]}" "$out/$h" -runs=1000 -max_len=4096 -seed=1 -print_funcs=0 $d \
                new seeds > log 2>&1) ||
                { tail -n 30 "$run/log"; echo "ossfuzz: $b: $h failed (log: $run/log)"; return 1; }
        else
            # AFL++'s driver runs each file named on its command line once.
            (cd "$run" && "${pre[@]}" "$out/$h" seeds/* > log 2>&1) ||
                { tail -n 30 "$run/log"; echo "ossfuzz: $b: $h failed on its seeds (log: $run/log)"; return 1; }
        fi
    done
    printf 'ossfuzz: %-19s %d fuzzers; NEEDED: %s; no ICU; each ran its seeds%s%s\n' "$b" \
        "$(echo $harnesses | wc -w)" "$(echo $needed | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')" \
        "$([ "${b%%-*}" = libfuzzer ] && echo ' + 1000 runs')" \
        "$([ $isolated = 1 ] && echo ' with ICU and libc++ hidden')"
}

# The builds' checks side by side too: each runs one fuzzer at a time.
for b in $builds; do
    (check_build "$b" > "$base/$b/check.txt" 2>&1; echo $? > "$base/$b/check.rc") &
done
wait
failed=0
for b in $builds; do
    cat "$base/$b/check.txt"
    [ "$(cat "$base/$b/check.rc")" = 0 ] || failed=1
done
[ $failed = 0 ] || exit 1
echo "ossfuzz: engines $(echo $engines) (builds: $(echo $builds)); built in $((built - start)) s, checked in $(( $(date +%s) - built )) s"
