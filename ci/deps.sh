#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages lepack's build, tests, proofs and fuzzers
# use.  As root it runs apt-get for whatever is missing; otherwise it prints
# the exact command and fails if something is missing.
set -eu
PKGS="make gcc clang llvm-14 libclang-rt-14-dev libfuzzer-14-dev libcmocka-dev
pkg-config frama-c-base why3 z3 cvc4 afl++ libbenchmark-dev g++ valgrind
qemu-user gcc-s390x-linux-gnu libc6-dev-s390x-cross libcmocka-dev:s390x binutils zip unzip python3 patch
libgmp-dev libicu-dev libc++-14-dev libc++abi-14-dev
default-jdk-headless python3-matplotlib cmake groff-base man-db"
# libc++-14-dev, libc++abi-14-dev: make ossfuzz-check links libc++
# statically, as OSS-Fuzz's base-clang image does.
# default-jdk-headless: check-java and check-java-utf8 (the JDK against the
# golden vectors), which fail under CI=true without it; python3-matplotlib:
# the plots of make fuzz-report; cmake: the CMake consumer of make
# test-install; groff-base, man-db: make man-check renders the man page.
# The 32-bit run (mk/m32.mk) uses clang -m32: gcc-multilib conflicts with
# every Debian cross compiler, gcc-s390x-linux-gnu included.
PKGS="$PKGS libc6-dev-i386 lib32gcc-12-dev libcmocka-dev:i386"
# libcmocka-dev:s390x (the unit tests built for s390x, mk/be.mk) comes from
# Debian's multiarch archive, which apt only reads once s390x is added.
# The same for libcmocka-dev:i386 (the 32-bit run, mk/m32.mk).
for arch in s390x i386; do
if ! dpkg --print-foreign-architectures | grep -qx $arch; then
    if [ "$(id -u)" = 0 ]; then
        dpkg --add-architecture $arch
    else
        echo "deps: run as root: dpkg --add-architecture $arch" >&2
        exit 1
    fi
fi
done
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "deps: installing$missing"
        export DEBIAN_FRONTEND=noninteractive
        # An index that fails to download (a mirror mid-sync) makes update
        # exit non-zero; the install below still fails loudly if a package
        # cannot be found in the lists that did arrive.
        apt-get update -qq || echo "deps: apt-get update reported errors; installing from the lists it has" >&2
        # shellcheck disable=SC2086
        apt-get install -y -qq --no-install-recommends $missing
    else
        echo "deps: missing packages; run as root:" >&2
        echo "  apt-get update && apt-get install -y$missing" >&2
        exit 1
    fi
fi
# WP finds its provers through why3's configuration.
if [ ! -f "${HOME:-/root}/.why3.conf" ] || ! grep -q 'name = "Z3"' "${HOME:-/root}/.why3.conf" ||
   ! grep -q 'name = "CVC4"' "${HOME:-/root}/.why3.conf"; then
    why3 config detect >/dev/null
fi
echo "deps: all present"
