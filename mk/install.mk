# SPDX-License-Identifier: Apache-2.0
# The library as a dependency: what a packager and a C or C++ user see.
#
#   make test-install   installs twice under build/ with two prefixes, then:
#     - the installed headers must be tests/install/headers.txt, and the
#       umbrella <lepack/lepack.h> must include every other one of them
#       (LIB_PUBLIC_HDR);
#     - each installed header must compile alone, with only
#       -I<prefix>/include: C11 under gcc and clang, C++11 under g++,
#       -pedantic and the project's warnings as errors; and the umbrella
#       with LEPACK_BYTEWISE (le_mem.h then reads le_bytes.h);
#     - liblepack.so must export exactly tests/install/exported.txt, every
#       function an installed header declares must be exported, and every
#       exported one declared (gcc -aux-info of the umbrella): a user can
#       call nothing that does not link;
#     - the second lepack.pc must name the second prefix; a C++ program
#       (tests/install/consumer.cc) built with the pkg-config flags must
#       link and run against the static and the shared library;
#     - the man pages (man/*.1, and a stand-in page, so that the rule runs
#       while man/ has none) must land in share/man/man1, and uninstall
#       must leave no file behind;
#     - a CMake project (tests/install/cmake) must find a copy of the second
#       prefix moved elsewhere through find_package(lepack CONFIG) (the
#       config may not name the prefix it was installed to), refuse
#       incompatible versions, and build C and C++ programs against
#       lepack::lepack and lepack::lepack_static that run.

INSTALL_TEST := $(abspath $(BUILD))/install-test
INSTALL_MAN_STANDIN := $(INSTALL_TEST)/lepack-install-test.1
# What a user's build may turn on: the headers must stay silent under it.
HDR_CHECK_CC       := gcc clang
HDR_CHECK_CFLAGS   := -std=c11 -pedantic -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Werror
HDR_CHECK_CXX      := g++
HDR_CHECK_CXXFLAGS := -std=c++11 -pedantic -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Werror

.PHONY: test-install
test-install: all
	@rm -rf $(INSTALL_TEST); mkdir -p $(INSTALL_TEST)
	@printf '.TH LEPACK-INSTALL-TEST 1\n.SH NAME\nlepack-install-test \\- stand-in page\n' \
	  > $(INSTALL_MAN_STANDIN)
	@$(MAKE) --no-print-directory -s install PREFIX=$(INSTALL_TEST)/first \
	  MAN_PAGES="$(MAN_PAGES) $(INSTALL_MAN_STANDIN)" >/dev/null
	@$(MAKE) --no-print-directory -s install PREFIX=$(INSTALL_TEST)/second >/dev/null
	@pc=$(INSTALL_TEST)/second/lib/pkgconfig/lepack.pc; \
	  grep -qx 'prefix=$(INSTALL_TEST)/second' $$pc || \
	    { echo "test-install: $$pc does not name its own prefix:"; cat $$pc; exit 1; }
	@ls $(INSTALL_TEST)/second/include/lepack | LC_ALL=C sort > $(INSTALL_TEST)/headers.txt; \
	  grep -v '^#' tests/install/headers.txt | LC_ALL=C sort | diff -u - $(INSTALL_TEST)/headers.txt || \
	    { echo "test-install: installed headers differ from tests/install/headers.txt (- expected, + installed)"; exit 1; }
	@sed -n 's/^#include "\([^"]*\)".*/\1/p' $(LIB_UMBRELLA_HDR) | LC_ALL=C sort > $(INSTALL_TEST)/umbrella.txt; \
	  printf '%s\n' $(notdir $(LIB_PUBLIC_HDR)) | LC_ALL=C sort | diff -u - $(INSTALL_TEST)/umbrella.txt || \
	    { echo "test-install: $(LIB_UMBRELLA_HDR) must include exactly LIB_PUBLIC_HDR (- listed, + included)"; exit 1; }
	@set -e; cd $(INSTALL_TEST); mkdir alone; \
	  for h in $$(cat headers.txt); do \
	    echo "#include <lepack/$$h>" > alone/$${h%.h}.c; cp alone/$${h%.h}.c alone/$${h%.h}.cc; done; \
	  printf '#define LEPACK_BYTEWISE 1\n#include <lepack/lepack.h>\n' > alone/lepack_bytewise.c; \
	  cp alone/lepack_bytewise.c alone/lepack_bytewise.cc; \
	  c() { for cc in $(HDR_CHECK_CC); do $$cc $(HDR_CHECK_CFLAGS) -Isecond/include -fsyntax-only alone/*.c || \
	    { echo "test-install: a header does not compile alone as C11 ($$cc; alone/<header>.c above)"; return 1; }; done; }; \
	  c & pid=$$!; \
	  for cxx in $(HDR_CHECK_CXX); do $$cxx $(HDR_CHECK_CXXFLAGS) -Isecond/include -fsyntax-only alone/*.cc || \
	    { echo "test-install: a header does not compile alone as C++11 ($$cxx; alone/<header>.cc above)"; exit 1; }; done; \
	  wait $$pid; \
	  echo "test-install: $$(wc -l < headers.txt) headers, each alone (and the umbrella with LEPACK_BYTEWISE): C11 ($(HDR_CHECK_CC)), C++11 ($(HDR_CHECK_CXX)) clean"
	@nm -D --defined-only $(INSTALL_TEST)/second/lib/liblepack.so | \
	  awk '$$2 ~ /^[TDBRW]$$/ {sub(/@.*/, "", $$3); print $$3}' | LC_ALL=C sort > $(INSTALL_TEST)/exported.txt; \
	  grep -v '^#' tests/install/exported.txt | diff -u - $(INSTALL_TEST)/exported.txt || \
	    { echo "test-install: exported symbols differ from tests/install/exported.txt (- expected, + exported)"; exit 1; }; \
	  echo "test-install: $$(wc -l < $(INSTALL_TEST)/exported.txt) symbols exported, as listed"
	@set -e; cd $(INSTALL_TEST); \
	  echo '#include <lepack/lepack.h>' | gcc -std=c11 -Isecond/include -x c -fsyntax-only -aux-info decls.aux -; \
	  awk '/\/include\/lepack\// && match($$0, /[A-Za-z_][A-Za-z0-9_]* \(/) { \
	         print substr($$0, RSTART, RLENGTH - 2) > ($$0 ~ /\*\/ static / ? "inline.txt" : "extern.txt") }' decls.aux; \
	  touch inline.txt extern.txt; \
	  LC_ALL=C sort -u extern.txt > extern.sorted; cat extern.txt inline.txt | LC_ALL=C sort -u > declared.sorted; \
	  bad=$$(LC_ALL=C comm -23 extern.sorted exported.txt); \
	  [ -z "$$bad" ] || { echo "test-install: declared by installed headers but not exported:" $$bad; exit 1; }; \
	  bad=$$(LC_ALL=C comm -13 declared.sorted exported.txt); \
	  [ -z "$$bad" ] || { echo "test-install: exported but declared by no installed header:" $$bad; exit 1; }; \
	  echo "test-install: $$(wc -l < extern.sorted) functions declared, $$(LC_ALL=C sort -u inline.txt | wc -l) inline: each declared one exported"
	@set -e; export PKG_CONFIG_PATH=$(INSTALL_TEST)/second/lib/pkgconfig; \
	  flags="$$(pkg-config --cflags lepack) -Wall -Wextra -Werror"; \
	  g++ $$flags -o $(INSTALL_TEST)/consumer-shared tests/install/consumer.cc $$(pkg-config --libs lepack); \
	  g++ $$flags -o $(INSTALL_TEST)/consumer-static tests/install/consumer.cc \
	    $(INSTALL_TEST)/second/lib/liblepack.a; \
	  export LD_LIBRARY_PATH=$(INSTALL_TEST)/second/lib; \
	  ldd $(INSTALL_TEST)/consumer-shared | grep -q '$(INSTALL_TEST)/second/lib/liblepack.so' || \
	    { echo "test-install: the shared consumer does not load the installed library"; exit 1; }; \
	  $(INSTALL_TEST)/consumer-shared; $(INSTALL_TEST)/consumer-static
	@for m in $(notdir $(MAN_PAGES) $(INSTALL_MAN_STANDIN)); do \
	  [ -f $(INSTALL_TEST)/first/share/man/man1/$$m ] || \
	    { echo "test-install: man page $$m not installed in share/man/man1"; exit 1; }; done
	@$(MAKE) --no-print-directory -s uninstall PREFIX=$(INSTALL_TEST)/first \
	  MAN_PAGES="$(MAN_PAGES) $(INSTALL_MAN_STANDIN)" >/dev/null; \
	  left=$$(find $(INSTALL_TEST)/first ! -type d); \
	  [ -z "$$left" ] || { echo "test-install: uninstall left:" $$left; exit 1; }; \
	  echo "test-install: man pages installed ($(words $(MAN_PAGES)) in man/ and a stand-in); uninstall removed every file"
	@if ! command -v cmake >/dev/null 2>&1; then $(call cannot_run,test-install (CMake consumer),cmake not installed); fi; \
	  set -e; cd $(INSTALL_TEST); cp -a second moved; \
	  if grep -rl '$(INSTALL_TEST)' moved/lib/cmake; then \
	    echo "test-install: the CMake files above name the prefix they were installed to"; exit 1; fi; \
	  cmake -S $(CURDIR)/tests/install/cmake -B cmake-build -DCMAKE_PREFIX_PATH=$(INSTALL_TEST)/moved \
	    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DLEPACK_EXPECTED_DIR=$(INSTALL_TEST)/moved/lib/cmake/lepack \
	    -DLEPACK_EXPECTED_VERSION=$(VERSION) > cmake-configure.log 2>&1 || \
	    { cat cmake-configure.log; echo "test-install: the CMake consumer does not configure"; exit 1; }; \
	  cmake --build cmake-build -j 2 > cmake-build.log 2>&1 || \
	    { cat cmake-build.log; echo "test-install: the CMake consumer does not build"; exit 1; }; \
	  ldd cmake-build/consumer_shared | grep -q '$(INSTALL_TEST)/moved/lib/liblepack.so' || \
	    { echo "test-install: the CMake consumer does not load the moved library"; exit 1; }; \
	  cmake-build/consumer_shared; cmake-build/consumer_static; cmake-build/consumer_cxx_static

CHECK_STEPS += test-install
