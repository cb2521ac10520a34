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
#   make install    PREFIX=/usr/local by default: the public headers, the
#                   libraries, the command, pkg-config and CMake files

CC      ?= cc
PREFIX  ?= /usr/local
BUILD   := build
# The version is written once, in src/version.h.
version_part = $(shell sed -n 's/^\#define LEPACK_VERSION_$(1) \([0-9]*\)$$/\1/p' src/version.h)
VERSION_MAJOR := $(call version_part,MAJOR)
VERSION_MINOR := $(call version_part,MINOR)
VERSION  := $(VERSION_MAJOR).$(VERSION_MINOR).$(call version_part,PATCH)

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
# Every header of src/, for the build's dependencies; what is installed is
# LIB_PUBLIC_HDR and LIB_UMBRELLA_HDR (mk/sources.mk).
LIB_HDR  := $(wildcard src/*.h)
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o)
PIC_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/pic/%.o)
CLI_HDR  := $(wildcard cli/*.h)

.PHONY: all lib cli check deps warnings test-cli install uninstall clean help
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
include mk/tests.mk mk/install.mk mk/prove.mk mk/fuzz.mk mk/eacsl.mk mk/bench.mk mk/be.mk mk/coverage.mk
include mk/torture.mk
include mk/bench-zero.mk
include mk/ports.mk
include mk/mutants.mk mk/m32.mk
include mk/utf8.mk mk/portable.mk mk/kernels.mk
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

# Written on every install, so a second install with another PREFIX never
# ships the first one's paths.  Users write #include <lepack/lepack.h>, or
# one header of it: <lepack/counters.h>.
LEPACK_DESCRIPTION := endian-pinned packing of fixed-width values, Apache Ignite partition update counters, Java-exact UTF-8 and modified UTF-8, chunked zeroing of large buffers
.PHONY: $(BUILD)/lepack.pc
$(BUILD)/lepack.pc:
	@mkdir -p $(@D)
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: lepack\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -llepack\nCflags: -I$${includedir}\n' \
	  "$(PREFIX)" "$(LEPACK_DESCRIPTION)" "$(VERSION)" > $@

# The CMake package: find_package(lepack CONFIG) gives lepack::lepack (the
# shared library) and lepack::lepack_static.  The config finds the prefix
# from its own location (PREFIX/lib/cmake/lepack), so an installed tree
# still works once moved or unpacked elsewhere.  The version file takes a
# request as compatible when the major numbers match and, while the major
# is 0, the minor ones too (0.x may break at every minor release); it also
# refuses a build of another pointer width, as CMake's own generated files do.
CMAKE_PKG_DIR := lib/cmake/lepack
POINTER_SIZE   = $(shell echo __SIZEOF_POINTER__ | $(CC) $(CPPFLAGS) $(CFLAGS) -E -P -x c - | tr -d ' ')
.PHONY: $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake
$(BUILD)/cmake/lepackConfig.cmake:
	@mkdir -p $(@D)
	printf '%s\n' \
	  '# lepack $(VERSION): imported targets lepack::lepack (shared) and lepack::lepack_static.' \
	  '# Written by make install; the prefix is found from this file'"'"'s location.' \
	  'get_filename_component(_lepack_prefix "$${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)' \
	  'foreach(_lepack_f include/lepack/lepack.h lib/liblepack.so.$(VERSION_MAJOR) lib/liblepack.a)' \
	  '  if(NOT EXISTS "$${_lepack_prefix}/$${_lepack_f}")' \
	  '    set(lepack_FOUND FALSE)' \
	  '    set(lepack_NOT_FOUND_MESSAGE "$${_lepack_prefix}/$${_lepack_f} is missing: reinstall lepack")' \
	  '    unset(_lepack_prefix)' \
	  '    return()' \
	  '  endif()' \
	  'endforeach()' \
	  'if(NOT TARGET lepack::lepack)' \
	  '  add_library(lepack::lepack SHARED IMPORTED)' \
	  '  set_target_properties(lepack::lepack PROPERTIES' \
	  '    IMPORTED_LOCATION "$${_lepack_prefix}/lib/liblepack.so.$(VERSION_MAJOR)"' \
	  '    IMPORTED_SONAME "liblepack.so.$(VERSION_MAJOR)"' \
	  '    INTERFACE_INCLUDE_DIRECTORIES "$${_lepack_prefix}/include")' \
	  'endif()' \
	  'if(NOT TARGET lepack::lepack_static)' \
	  '  add_library(lepack::lepack_static STATIC IMPORTED)' \
	  '  set_target_properties(lepack::lepack_static PROPERTIES' \
	  '    IMPORTED_LOCATION "$${_lepack_prefix}/lib/liblepack.a"' \
	  '    IMPORTED_LINK_INTERFACE_LANGUAGES C' \
	  '    INTERFACE_INCLUDE_DIRECTORIES "$${_lepack_prefix}/include")' \
	  'endif()' \
	  'unset(_lepack_f)' \
	  'unset(_lepack_prefix)' > $@

$(BUILD)/cmake/lepackConfigVersion.cmake:
	@mkdir -p $(@D)
	printf '%s\n' \
	  '# lepack $(VERSION), built for $(POINTER_SIZE)-byte pointers.  Written by make install.' \
	  'set(PACKAGE_VERSION "$(VERSION)")' \
	  'set(PACKAGE_VERSION_COMPATIBLE FALSE)' \
	  'if(NOT PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION' \
	  '   AND PACKAGE_FIND_VERSION_MAJOR EQUAL $(VERSION_MAJOR)$(if $(filter 0,$(VERSION_MAJOR)), AND PACKAGE_FIND_VERSION_MINOR EQUAL $(VERSION_MINOR)))' \
	  '  set(PACKAGE_VERSION_COMPATIBLE TRUE)' \
	  'endif()' \
	  'if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)' \
	  '  set(PACKAGE_VERSION_EXACT TRUE)' \
	  'endif()' \
	  'if(CMAKE_SIZEOF_VOID_P AND NOT CMAKE_SIZEOF_VOID_P STREQUAL "$(POINTER_SIZE)")' \
	  '  set(PACKAGE_VERSION "$${PACKAGE_VERSION} ($(POINTER_SIZE)-byte pointers)")' \
	  '  set(PACKAGE_VERSION_UNSUITABLE TRUE)' \
	  'endif()' > $@

# Man pages, when there are any: man/*.1.
MAN_PAGES := $(wildcard man/*.1)
MAN_DIR   := share/man/man1

install: all $(BUILD)/lepack.pc $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/lepack \
	  $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/$(CMAKE_PKG_DIR)
	install -m 644 $(BUILD)/liblepack.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/liblepack.so $(DESTDIR)$(PREFIX)/lib/liblepack.so.$(VERSION_MAJOR)
	ln -sf liblepack.so.$(VERSION_MAJOR) $(DESTDIR)$(PREFIX)/lib/liblepack.so
	install -m 644 $(LIB_PUBLIC_HDR) $(LIB_UMBRELLA_HDR) $(DESTDIR)$(PREFIX)/include/lepack/
	install -m 755 $(BUILD)/lepack $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/lepack.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/
	install -m 644 $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake \
	  $(DESTDIR)$(PREFIX)/$(CMAKE_PKG_DIR)/
	$(if $(MAN_PAGES),install -d $(DESTDIR)$(PREFIX)/$(MAN_DIR) && \
	  install -m 644 $(MAN_PAGES) $(DESTDIR)$(PREFIX)/$(MAN_DIR)/)

# Removes what install put, files and the directories that are lepack's own.
uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/lepack $(DESTDIR)$(PREFIX)/$(CMAKE_PKG_DIR)
	rm -f $(DESTDIR)$(PREFIX)/lib/liblepack.a $(DESTDIR)$(PREFIX)/lib/liblepack.so \
	  $(DESTDIR)$(PREFIX)/lib/liblepack.so.$(VERSION_MAJOR) \
	  $(DESTDIR)$(PREFIX)/bin/lepack $(DESTDIR)$(PREFIX)/lib/pkgconfig/lepack.pc \
	  $(addprefix $(DESTDIR)$(PREFIX)/$(MAN_DIR)/,$(notdir $(MAN_PAGES)))

clean:
	rm -rf $(BUILD)
