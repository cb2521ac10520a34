# SPDX-License-Identifier: Apache-2.0
# lepack: endian-pinned packing of fixed-width values, proven and fuzzed.
#
#   make            library (static and shared) and build/lepack
#   make check      everything that guards main: deps, warning-free builds
#                   with gcc and clang, unit tests under ASan+UBSan, and the
#                   evidence targets that the fragments in mk/ add
#   make fuzz       the continuous fuzzing job (mk/fuzz.mk)
#   make prove      the Frama-C WP proofs (mk/prove.mk)
#   make bench      the benchmarks (mk/bench.mk)
#   make install    PREFIX=/usr/local by default (BINDIR, LIBDIR, INCLUDEDIR,
#                   MANDIR, DESTDIR): the public headers, the libraries,
#                   the command, pkg-config and CMake files, man pages

CC      ?= cc
PREFIX  ?= /usr/local
# Where make install puts each kind of file: GNU's directory variables,
# upper-case like PREFIX.  Debian's multiarch layout is
# LIBDIR=/usr/lib/x86_64-linux-gnu with PREFIX=/usr.  DESTDIR, when set, is
# put in front of every one (a staging tree); the installed lepack.pc and
# CMake files name the directories without it.
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
BUILD   := build
# The version is written once, in src/version.h.
version_part = $(shell sed -n 's/^\#define LEPACK_VERSION_$(1) \([0-9]*\)$$/\1/p' src/version.h)
VERSION_MAJOR := $(call version_part,MAJOR)
VERSION_MINOR := $(call version_part,MINOR)
VERSION  := $(VERSION_MAJOR).$(VERSION_MINOR).$(call version_part,PATCH)
# The ABI version, which the SONAME carries: MAJOR.MINOR while the major is
# 0 (every 0.x minor may break the interface), MAJOR from 1.0 on.  A
# program linked with liblepack.so.0.4 does not start against a library of
# another breaking release (README, "Versions and ABI"; make abi-check).
ABI_VERSION := $(if $(filter 0,$(VERSION_MAJOR)),$(VERSION_MAJOR).$(VERSION_MINOR),$(VERSION_MAJOR))
SONAME      := liblepack.so.$(ABI_VERSION)

STD      := -std=c11
WARN     := -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow
CFLAGS   ?= -O2 -g
# CPPFLAGS and LDFLAGS from the command line are kept, as packagers expect;
# the project's own include path is added to them.
override CPPFLAGS += -Isrc
ALL_CFLAGS = $(STD) $(WARN) $(CFLAGS)

# The lists of sources and harnesses: mk/sources.mk, read by the build
# scripts outside make too.
include mk/sources.mk
# Every header of src/ and of the lane operations (src/lane/), for the
# build's dependencies; what is installed is LIB_PUBLIC_HDR and
# LIB_UMBRELLA_HDR (mk/sources.mk).
LIB_HDR  := $(wildcard src/*.h src/lane/*.h)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PIC_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
CLI_HDR  := $(wildcard cli/*.h)

.PHONY: all lib cli check deps warnings test-cli clean help
all: lib cli

help:
	@sed -n '4,13p' Makefile | sed 's/^# \{0,1\}//'

lib: $(BUILD)/liblepack.a $(BUILD)/liblepack.so
cli: $(BUILD)/lepack

$(BUILD)/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/pic/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -c $< -o $@

$(BUILD)/liblepack.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# Only the public API is exported (src/lepack.map); the map and allocator
# internals stay inside the library.
$(BUILD)/liblepack.so: $(PIC_OBJ) src/lepack.map src/version.h
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) \
	  -Wl,--version-script=src/lepack.map -o $@ $(PIC_OBJ)

$(BUILD)/lepack: $(CLI_SRC) $(CLI_HDR) $(BUILD)/liblepack.a
	$(CC) $(CPPFLAGS) -Icli $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(CLI_SRC) $(BUILD)/liblepack.a

deps:
	@sh ci/deps.sh

# End-to-end checks of the command: round trips and every bad-input path.
test-cli: $(BUILD)/lepack
	@sh tests/cli.sh $(BUILD)/lepack

# Every source must compile without a warning under both compilers.
warnings:
	@for cc in gcc clang; do \
	  for f in $(LIB_SRC) $(CLI_SRC) $(REF_SRC); do \
	    $$cc $(CPPFLAGS) -Icli -Iref $(STD) $(WARN) -Werror -O2 -c $$f -o /dev/null || exit 1; \
	  done; \
	  printf '$(foreach h,$(patsubst src/%,%,$(LIB_HDR)),#include "$(h)"\n)' | \
	    $$cc $(CPPFLAGS) $(STD) $(WARN) -Werror -O2 -x c -c - -o /dev/null || exit 1; \
	  echo "warnings: $$cc clean"; \
	done

# mk/sources.mk stays the one list of sources and harnesses, and
# fuzz/README.md's harness list is written from it (ci/sources.py).
.PHONY: sources-check fuzz-harness-readme
sources-check:
	@python3 ci/sources.py check
fuzz-harness-readme:
	@python3 ci/sources.py readme

# Fragments add their targets to CHECK_STEPS; `make check` runs them in order.
CHECK_STEPS := warnings all test-cli sources-check

# A check whose tool is missing says so; under CI=true (CI's environment) it
# fails instead, so evidence never silently stops running where make deps
# was meant to install it.  $(call cannot_run,STEP,WHY) ends the recipe.
cannot_run = if [ "$${CI:-}" = true ]; then \
  echo "$(1): FAILED: cannot run ($(2)); CI=true does not allow a skip"; exit 1; fi; \
  echo "$(1): skipped ($(2))"; exit 0

# Every fragment must be there: a missing or renamed one stops make.
include mk/tests.mk mk/install.mk mk/abi.mk mk/prove.mk mk/fuzz.mk mk/eacsl.mk mk/bench.mk mk/be.mk mk/coverage.mk
include mk/torture.mk
include mk/bench-zero.mk
include mk/ports.mk
include mk/mutants.mk mk/m32.mk
include mk/utf8.mk mk/portable.mk mk/kernels.mk
include mk/models.mk
include mk/fuzz-report.mk
include mk/man.mk
include mk/bugs.mk
# Last: it reuses the builds of fuzz-check, fuzz-eacsl and check-m32.
CHECK_STEPS += fuzz-engines-check

check: deps
	@set -e; t0=$$(date +%s); for s in $(CHECK_STEPS); do \
	  echo "==> make $$s"; t=$$(date +%s); $(MAKE) --no-print-directory $$s; \
	  echo "<== make $$s: $$(( $$(date +%s) - t )) s (check at $$(( $$(date +%s) - t0 )) s)"; done
	@echo "check: all steps passed ($(CHECK_STEPS))"
	@echo "check: $(words $(CHECK_STEPS)) passed, 0 failed"

clean:
	rm -rf $(BUILD)
