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
#   make install    PREFIX=/usr/local by default, with a pkg-config file

CC      ?= cc
PREFIX  ?= /usr/local
BUILD   := build
# The version is written once, in src/version.h.
version_part = $(shell sed -n 's/^\#define LEPACK_VERSION_$(1) \([0-9]*\)$$/\1/p' src/version.h)
VERSION_MAJOR := $(call version_part,MAJOR)
VERSION  := $(VERSION_MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)

STD      := -std=c11
WARN     := -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow
CFLAGS   ?= -O2 -g
# CPPFLAGS and LDFLAGS from the command line are kept, as packagers expect;
# the project's own include path is added to them.
override CPPFLAGS += -Isrc
ALL_CFLAGS = $(STD) $(WARN) $(CFLAGS)

LIB_SRC  := src/status.c src/version.c src/alloc.c src/counter_map.c src/counters.c
LIB_SRC  += src/zero.c src/zero_nt.c src/cpu.c
LIB_SRC  += src/items.c src/items_x86.c
LIB_SRC  += src/utf8.c src/utf8_vec.c
LIB_HDR  := $(wildcard src/*.h)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PIC_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
CLI_SRC  := cli/main.c cli/text.c cli/utf8.c
CLI_HDR  := $(wildcard cli/*.h)
REF_SRC  := ref/ref.c
REF_SRC  += ref/ref_zero.c
REF_SRC  += ref/ref_utf8.c

.PHONY: all lib cli check deps warnings test-cli install uninstall clean help
all: lib cli

help:
	@sed -n '4,12p' Makefile | sed 's/^# \{0,1\}//'

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
$(BUILD)/liblepack.so: $(PIC_OBJ) src/lepack.map
	$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,liblepack.so.$(VERSION_MAJOR) \
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
	  printf '$(foreach h,$(notdir $(LIB_HDR)),#include "$(h)"\n)' | \
	    $$cc $(CPPFLAGS) $(STD) $(WARN) -Werror -O2 -x c -c - -o /dev/null || exit 1; \
	  echo "warnings: $$cc clean"; \
	done

# Fragments add their targets to CHECK_STEPS; `make check` runs them in order.
CHECK_STEPS := warnings all test-cli
-include mk/tests.mk mk/install.mk mk/prove.mk mk/fuzz.mk mk/eacsl.mk mk/bench.mk mk/be.mk mk/coverage.mk
-include mk/torture.mk
-include mk/bench-zero.mk
-include mk/ports.mk
-include mk/mutants.mk mk/m32.mk
-include mk/utf8.mk

check: deps
	@set -e; for s in $(CHECK_STEPS); do \
	  echo "==> make $$s"; $(MAKE) --no-print-directory $$s; done
	@echo "check: all steps passed ($(CHECK_STEPS))"
	@echo "check: $(words $(CHECK_STEPS)) passed, 0 failed"

# Rewritten on every install, so a second install with another PREFIX never
# ships the first one's paths.  Users write #include <lepack/counters.h>.
.PHONY: $(BUILD)/lepack.pc
$(BUILD)/lepack.pc:
	@mkdir -p $(@D)
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: lepack\nDescription: endian-pinned packing of fixed-width values\nVersion: %s\nLibs: -L$${libdir} -llepack\nCflags: -I$${includedir}\n' \
	  "$(PREFIX)" "$(VERSION)" > $@

install: all $(BUILD)/lepack.pc
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/lepack \
	  $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(BUILD)/liblepack.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/liblepack.so $(DESTDIR)$(PREFIX)/lib/liblepack.so.$(VERSION_MAJOR)
	ln -sf liblepack.so.$(VERSION_MAJOR) $(DESTDIR)$(PREFIX)/lib/liblepack.so
	install -m 644 $(LIB_HDR) $(DESTDIR)$(PREFIX)/include/lepack/
	install -m 755 $(BUILD)/lepack $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/lepack.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/lepack
	rm -f $(DESTDIR)$(PREFIX)/lib/liblepack.a $(DESTDIR)$(PREFIX)/lib/liblepack.so \
	  $(DESTDIR)$(PREFIX)/lib/liblepack.so.$(VERSION_MAJOR) \
	  $(DESTDIR)$(PREFIX)/bin/lepack $(DESTDIR)$(PREFIX)/lib/pkgconfig/lepack.pc

clean:
	rm -rf $(BUILD)
