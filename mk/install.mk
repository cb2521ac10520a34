# SPDX-License-Identifier: Apache-2.0
# The library as a dependency: what a packager and a C or C++ user see.
#
#   make test-install   installs twice under build/ with two prefixes; the
#                       second lepack.pc must name the second prefix; a C++
#                       program (tests/install/consumer.cc) built with the
#                       pkg-config flags must link and run against the
#                       static and the shared library; liblepack.so must
#                       export exactly tests/install/exported.txt

INSTALL_TEST := $(abspath $(BUILD))/install-test

.PHONY: test-install
test-install: all
	@rm -rf $(INSTALL_TEST)
	@for p in first second; do \
	  $(MAKE) --no-print-directory -s install PREFIX=$(INSTALL_TEST)/$$p >/dev/null || exit 1; done
	@pc=$(INSTALL_TEST)/second/lib/pkgconfig/lepack.pc; \
	  grep -qx 'prefix=$(INSTALL_TEST)/second' $$pc || \
	    { echo "test-install: $$pc does not name its own prefix:"; cat $$pc; exit 1; }
	@set -e; export PKG_CONFIG_PATH=$(INSTALL_TEST)/second/lib/pkgconfig; \
	  flags="$$(pkg-config --cflags lepack) -Wall -Wextra -Werror"; \
	  g++ $$flags -o $(INSTALL_TEST)/consumer-shared tests/install/consumer.cc $$(pkg-config --libs lepack); \
	  g++ $$flags -o $(INSTALL_TEST)/consumer-static tests/install/consumer.cc \
	    $(INSTALL_TEST)/second/lib/liblepack.a; \
	  export LD_LIBRARY_PATH=$(INSTALL_TEST)/second/lib; \
	  ldd $(INSTALL_TEST)/consumer-shared | grep -q '$(INSTALL_TEST)/second/lib/liblepack.so' || \
	    { echo "test-install: the shared consumer does not load the installed library"; exit 1; }; \
	  $(INSTALL_TEST)/consumer-shared; $(INSTALL_TEST)/consumer-static
	@nm -D --defined-only $(INSTALL_TEST)/second/lib/liblepack.so | \
	  awk '$$2 ~ /^[TDBRW]$$/ {sub(/@.*/, "", $$3); print $$3}' | sort > $(INSTALL_TEST)/exported.txt; \
	  grep -v '^#' tests/install/exported.txt | diff -u - $(INSTALL_TEST)/exported.txt || \
	    { echo "test-install: exported symbols differ from tests/install/exported.txt (- expected, + exported)"; exit 1; }; \
	  echo "test-install: $$(wc -l < $(INSTALL_TEST)/exported.txt) symbols exported, as listed"

CHECK_STEPS += test-install
