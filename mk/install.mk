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

# --- make install, make uninstall -------------------------------------------
# Each prints one line per thing installed or removed.  The pkg-config and
# CMake files are written on every install, so that a second install with
# other directories never ships the first one's paths.  Users write
# #include <lepack/lepack.h>, or one header of it: <lepack/counters.h>.
.PHONY: install uninstall
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
CMAKEDIR     = $(LIBDIR)/cmake/lepack
MAN1DIR      = $(MANDIR)/man1
# Man pages, when there are any: man/*.1.
MAN_PAGES   := $(wildcard man/*.1)
LIB_REAL    := liblepack.so.$(VERSION)

# A directory as lepack.pc names it: ${prefix}/REST below PREFIX, else as
# given.  The same below PREFIX for the CMake files, which find the prefix
# from their own place (so that an installed tree can be moved), and the
# climb from CMAKEDIR up to PREFIX.
under_prefix = $(filter $(PREFIX)/%,$(1))
pc_dir       = $(if $(call under_prefix,$(1)),$${prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
cmake_dir    = $(if $(call under_prefix,$(1)),$${_lepack_prefix}/$(patsubst $(PREFIX)/%,%,$(1)),$(1))
empty       :=
space       := $(empty) $(empty)
cmake_climb  = $(subst $(space),/,$(patsubst %,..,$(subst /, ,$(patsubst $(PREFIX)/%,%,$(CMAKEDIR)))))
CMAKE_PREFIX_LINE = $(if $(call under_prefix,$(CMAKEDIR)),get_filename_component(_lepack_prefix "$${CMAKE_CURRENT_LIST_DIR}/$(cmake_climb)" ABSOLUTE),set(_lepack_prefix "$(PREFIX)"))

LEPACK_DESCRIPTION := endian-pinned packing of fixed-width values, Apache Ignite partition update counters, Java-exact UTF-8 and modified UTF-8, chunked zeroing of large buffers
.PHONY: $(BUILD)/lepack.pc
$(BUILD)/lepack.pc:
	@mkdir -p $(@D)
	@printf 'prefix=%s\nlibdir=%s\nincludedir=%s\n\nName: lepack\nDescription: %s\nVersion: %s\nLibs: -L$${libdir} -llepack\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' '$(call pc_dir,$(LIBDIR))' '$(call pc_dir,$(INCLUDEDIR))' \
	  "$(LEPACK_DESCRIPTION)" "$(VERSION)" > $@

# The CMake package: find_package(lepack CONFIG) gives lepack::lepack (the
# shared library) and lepack::lepack_static.  The config finds the prefix
# from its own location (CMAKEDIR below PREFIX), so an installed tree still
# works once moved or unpacked elsewhere; directories outside PREFIX are
# named as they are.  The version file takes a request as compatible when
# the ABI is the same: the major numbers match and, while the major is 0,
# the minor ones too (0.x may break at every minor release); it also
# refuses a build of another pointer width, as CMake's own generated files
# do.
POINTER_SIZE   = $(shell echo __SIZEOF_POINTER__ | $(CC) $(CPPFLAGS) $(CFLAGS) -E -P -x c - | tr -d ' ')
.PHONY: $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake
$(BUILD)/cmake/lepackConfig.cmake:
	@mkdir -p $(@D)
	@printf '%s\n' \
	  '# lepack $(VERSION): imported targets lepack::lepack (shared) and lepack::lepack_static.' \
	  '# Written by make install.' \
	  '$(CMAKE_PREFIX_LINE)' \
	  'set(_lepack_lib "$(call cmake_dir,$(LIBDIR))")' \
	  'set(_lepack_include "$(call cmake_dir,$(INCLUDEDIR))")' \
	  'foreach(_lepack_f "$${_lepack_include}/lepack/lepack.h" "$${_lepack_lib}/$(SONAME)" "$${_lepack_lib}/liblepack.a")' \
	  '  if(NOT EXISTS "$${_lepack_f}")' \
	  '    set(lepack_FOUND FALSE)' \
	  '    set(lepack_NOT_FOUND_MESSAGE "$${_lepack_f} is missing: reinstall lepack")' \
	  '    unset(_lepack_prefix)' \
	  '    unset(_lepack_lib)' \
	  '    unset(_lepack_include)' \
	  '    return()' \
	  '  endif()' \
	  'endforeach()' \
	  'if(NOT TARGET lepack::lepack)' \
	  '  add_library(lepack::lepack SHARED IMPORTED)' \
	  '  set_target_properties(lepack::lepack PROPERTIES' \
	  '    IMPORTED_LOCATION "$${_lepack_lib}/$(SONAME)"' \
	  '    IMPORTED_SONAME "$(SONAME)"' \
	  '    INTERFACE_INCLUDE_DIRECTORIES "$${_lepack_include}")' \
	  'endif()' \
	  'if(NOT TARGET lepack::lepack_static)' \
	  '  add_library(lepack::lepack_static STATIC IMPORTED)' \
	  '  set_target_properties(lepack::lepack_static PROPERTIES' \
	  '    IMPORTED_LOCATION "$${_lepack_lib}/liblepack.a"' \
	  '    IMPORTED_LINK_INTERFACE_LANGUAGES C' \
	  '    INTERFACE_INCLUDE_DIRECTORIES "$${_lepack_include}")' \
	  'endif()' \
	  'unset(_lepack_f)' \
	  'unset(_lepack_prefix)' \
	  'unset(_lepack_lib)' \
	  'unset(_lepack_include)' > $@

$(BUILD)/cmake/lepackConfigVersion.cmake:
	@mkdir -p $(@D)
	@printf '%s\n' \
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

# The shared library as packagers lay it out: the file liblepack.so.VERSION,
# the SONAME link the loader finds (liblepack.so.0.4) and the link the
# linker finds (liblepack.so).
install: all $(BUILD)/lepack.pc $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake
	@set -e; \
	  install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/lepack $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR); \
	  install -m 644 $(BUILD)/liblepack.a $(DESTDIR)$(LIBDIR)/; \
	  install -m 755 $(BUILD)/liblepack.so $(DESTDIR)$(LIBDIR)/$(LIB_REAL); \
	  ln -sf $(LIB_REAL) $(DESTDIR)$(LIBDIR)/$(SONAME); \
	  ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/liblepack.so; \
	  echo "install: $(DESTDIR)$(LIBDIR)/: liblepack.a, $(LIB_REAL) (links $(SONAME), liblepack.so)"; \
	  install -m 644 $(LIB_PUBLIC_HDR) $(LIB_UMBRELLA_HDR) $(DESTDIR)$(INCLUDEDIR)/lepack/; \
	  echo "install: $(DESTDIR)$(INCLUDEDIR)/lepack/: $(words $(LIB_PUBLIC_HDR) $(LIB_UMBRELLA_HDR)) headers"; \
	  install -m 755 $(BUILD)/lepack $(DESTDIR)$(BINDIR)/; \
	  echo "install: $(DESTDIR)$(BINDIR)/lepack"; \
	  install -m 644 $(BUILD)/lepack.pc $(DESTDIR)$(PKGCONFIGDIR)/; \
	  echo "install: $(DESTDIR)$(PKGCONFIGDIR)/lepack.pc"; \
	  install -m 644 $(BUILD)/cmake/lepackConfig.cmake $(BUILD)/cmake/lepackConfigVersion.cmake \
	    $(DESTDIR)$(CMAKEDIR)/; \
	  echo "install: $(DESTDIR)$(CMAKEDIR)/: lepackConfig.cmake, lepackConfigVersion.cmake"
	$(if $(MAN_PAGES),@install -d $(DESTDIR)$(MAN1DIR) && \
	  install -m 644 $(MAN_PAGES) $(DESTDIR)$(MAN1DIR)/ && \
	  echo "install: $(DESTDIR)$(MAN1DIR)/: $(notdir $(MAN_PAGES))")

# Removes what install put (same directories): files, and the directories
# that are lepack's own.
uninstall:
	@rm -rf $(DESTDIR)$(INCLUDEDIR)/lepack $(DESTDIR)$(CMAKEDIR)
	@rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,liblepack.a liblepack.so $(SONAME) $(LIB_REAL)) \
	  $(DESTDIR)$(BINDIR)/lepack $(DESTDIR)$(PKGCONFIGDIR)/lepack.pc \
	  $(addprefix $(DESTDIR)$(MAN1DIR)/,$(notdir $(MAN_PAGES)))
	@echo "uninstall: lepack's files removed from $(DESTDIR)$(LIBDIR), $(DESTDIR)$(INCLUDEDIR), $(DESTDIR)$(BINDIR), $(DESTDIR)$(MAN1DIR)"

# --- make test-install --------------------------------------------------------
INSTALL_TEST := $(abspath $(BUILD))/install-test
INSTALL_MAN_STANDIN := $(INSTALL_TEST)/lepack-install-test.1
# What a user's build may turn on: the headers must stay silent under it.
HDR_CHECK_WARN     := -pedantic -Wall -Wextra -Wconversion -Wsign-conversion -Wshadow -Werror
# Each header alone under C11 (gcc, clang) and C++11 (g++); the umbrella,
# which includes every header, also as C90 (gcc, clang) and under clang++.
HDR_CHECK_CC       := gcc clang
HDR_CHECK_CFLAGS   := -std=c11 $(HDR_CHECK_WARN)
# C90: the one C99 word of the headers is inline, which gcc and clang take
# as __inline__ there (README, "Installing").
HDR_CHECK_C90FLAGS := -std=c90 -Dinline=__inline__ $(HDR_CHECK_WARN)
HDR_CHECK_CXX      := g++
HDR_CHECK_CXX_ALSO := clang++
HDR_CHECK_CXXFLAGS := -std=c++11 -Wold-style-cast $(HDR_CHECK_WARN)
# A packager's install: a staging DESTDIR, Debian's multiarch LIBDIR and
# INCLUDEDIR, BINDIR and MANDIR outside PREFIX.  The staged tree is then
# used where it lies, as a moved install would be.
INSTALL_MULTIARCH := $(or $(shell gcc -print-multiarch 2>/dev/null),x86_64-linux-gnu)
INSTALL_STAGE      = $(INSTALL_TEST)/stage
INSTALL_STAGE_VARS = DESTDIR=$(INSTALL_STAGE) PREFIX=/usr LIBDIR=/usr/lib/$(INSTALL_MULTIARCH) \
  INCLUDEDIR=/usr/include/$(INSTALL_MULTIARCH) BINDIR=/opt/lepack/bin MANDIR=/opt/lepack/man
# The examples (examples/*.c) are built as README tells users to, against
# the second install, and each prints what its "Output:" comment says.
EXAMPLES       := $(wildcard examples/*.c)
EXAMPLE_CFLAGS := -std=c11 $(HDR_CHECK_WARN)

.PHONY: test-install
test-install: all
	@rm -rf $(INSTALL_TEST); mkdir -p $(INSTALL_TEST)
	@printf '.TH LEPACK-INSTALL-TEST 1\n.SH NAME\nlepack-install-test \\- stand-in page\n' \
	  > $(INSTALL_MAN_STANDIN)
	@$(MAKE) --no-print-directory -s install PREFIX=$(INSTALL_TEST)/first \
	  MAN_PAGES="$(MAN_PAGES) $(INSTALL_MAN_STANDIN)" >/dev/null
	@$(MAKE) --no-print-directory -s install PREFIX=$(INSTALL_TEST)/second > $(INSTALL_TEST)/install.log; \
	  n=$$(wc -l < $(INSTALL_TEST)/install.log); \
	  if [ $$n -gt 6 ] || grep -v '^install: ' $(INSTALL_TEST)/install.log; then cat $(INSTALL_TEST)/install.log; \
	    echo "test-install: make install printed $$n lines, or lines above that are not 'install: ...' (at most 6)"; exit 1; fi
	@$(MAKE) --no-print-directory -s install $(INSTALL_STAGE_VARS) >/dev/null
	@pc=$(INSTALL_TEST)/second/lib/pkgconfig/lepack.pc; \
	  grep -qx 'prefix=$(INSTALL_TEST)/second' $$pc || \
	    { echo "test-install: $$pc does not name its own prefix:"; cat $$pc; exit 1; }
	@set -e; cd $(INSTALL_STAGE); ma=$(INSTALL_MULTIARCH); \
	  find . ! -type d | sed 's|^\./||' | LC_ALL=C sort > ../stage.txt; \
	  { for f in liblepack.a liblepack.so $(SONAME) $(LIB_REAL) pkgconfig/lepack.pc \
	      cmake/lepack/lepackConfig.cmake cmake/lepack/lepackConfigVersion.cmake; do echo usr/lib/$$ma/$$f; done; \
	    for h in $$(grep -v '^#' $(CURDIR)/tests/install/headers.txt); do echo usr/include/$$ma/lepack/$$h; done; \
	    echo opt/lepack/bin/lepack; \
	    for m in $(notdir $(MAN_PAGES)); do echo opt/lepack/man/man1/$$m; done; } | LC_ALL=C sort > ../stage.want; \
	  diff -u ../stage.want ../stage.txt || \
	    { echo "test-install: make install $(INSTALL_STAGE_VARS) put files elsewhere (- expected, + installed)"; exit 1; }; \
	  if grep -rl '$(INSTALL_STAGE)' .; then echo "test-install: DESTDIR is named in the files above"; exit 1; fi; \
	  printf 'prefix=/usr\nlibdir=$${prefix}/lib/%s\nincludedir=$${prefix}/include/%s\n' $$ma $$ma > ../stage.pc; \
	  head -n 3 usr/lib/$$ma/pkgconfig/lepack.pc | diff -u ../stage.pc - || \
	    { echo "test-install: the staged lepack.pc does not name LIBDIR and INCLUDEDIR"; exit 1; }; \
	  echo "test-install: $$(wc -l < ../stage.txt) files installed under DESTDIR with PREFIX, BINDIR, LIBDIR ($$ma), INCLUDEDIR, MANDIR, as asked"
	@ls $(INSTALL_TEST)/second/include/lepack | LC_ALL=C sort > $(INSTALL_TEST)/headers.txt; \
	  grep -v '^#' tests/install/headers.txt | LC_ALL=C sort | diff -u - $(INSTALL_TEST)/headers.txt || \
	    { echo "test-install: installed headers differ from tests/install/headers.txt (- expected, + installed)"; exit 1; }
	@sed -n 's/^#include "\([^"]*\)".*/\1/p' $(LIB_UMBRELLA_HDR) | LC_ALL=C sort > $(INSTALL_TEST)/umbrella.txt; \
	  printf '%s\n' $(notdir $(LIB_PUBLIC_HDR)) | LC_ALL=C sort | diff -u - $(INSTALL_TEST)/umbrella.txt || \
	    { echo "test-install: $(LIB_UMBRELLA_HDR) must include exactly LIB_PUBLIC_HDR (- listed, + included)"; exit 1; }
	@set -e; cd $(INSTALL_TEST); mkdir alone; \
	  for h in $$(cat headers.txt); do \
	    printf '#include <lepack/%s>\ntypedef int not_empty; /* a header of macros alone is no C unit */\n' $$h \
	      > alone/$${h%.h}.c; cp alone/$${h%.h}.c alone/$${h%.h}.cc; done; \
	  printf '#define LEPACK_BYTEWISE 1\n#include <lepack/lepack.h>\n' > alone/lepack_bytewise.c; \
	  cp alone/lepack_bytewise.c alone/lepack_bytewise.cc; \
	  c() { for cc in $(HDR_CHECK_CC); do $$cc $(HDR_CHECK_CFLAGS) -Isecond/include -fsyntax-only alone/*.c || \
	    { echo "test-install: a header does not compile alone as C11 ($$cc; alone/<header>.c above)"; return 1; }; \
	    $$cc $(HDR_CHECK_C90FLAGS) -Isecond/include -fsyntax-only alone/lepack.c alone/lepack_bytewise.c || \
	    { echo "test-install: the headers do not compile as C90 ($$cc $(HDR_CHECK_C90FLAGS))"; return 1; }; done; }; \
	  c & pid=$$!; \
	  for cxx in $(HDR_CHECK_CXX); do $$cxx $(HDR_CHECK_CXXFLAGS) -Isecond/include -fsyntax-only alone/*.cc || \
	    { echo "test-install: a header does not compile alone as C++11 ($$cxx -Wold-style-cast; alone/<header>.cc above)"; exit 1; }; done; \
	  for cxx in $(HDR_CHECK_CXX_ALSO); do $$cxx $(HDR_CHECK_CXXFLAGS) -Isecond/include -fsyntax-only alone/lepack.cc alone/lepack_bytewise.cc || \
	    { echo "test-install: the headers do not compile as C++11 ($$cxx -Wold-style-cast)"; exit 1; }; done; \
	  wait $$pid; \
	  echo "test-install: $$(wc -l < headers.txt) headers, each alone (and the umbrella with LEPACK_BYTEWISE): C11 ($(HDR_CHECK_CC)), C++11 with -Wold-style-cast ($(HDR_CHECK_CXX)) clean; the umbrella also as C90 ($(HDR_CHECK_CC)) and C++11 ($(HDR_CHECK_CXX_ALSO))"
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
	  stage=$(INSTALL_STAGE)/usr; ma=$(INSTALL_MULTIARCH); \
	  g++ $$(PKG_CONFIG_PATH=$$stage/lib/$$ma/pkgconfig pkg-config --define-variable=prefix=$$stage --cflags lepack) \
	    -Wall -Wextra -Werror -o $(INSTALL_TEST)/consumer-staged tests/install/consumer.cc \
	    $$(PKG_CONFIG_PATH=$$stage/lib/$$ma/pkgconfig pkg-config --define-variable=prefix=$$stage --libs lepack) \
	    -Wl,-rpath,$$stage/lib/$$ma; \
	  ldd $(INSTALL_TEST)/consumer-staged | grep -q "$$stage/lib/$$ma/$(SONAME)" || \
	    { echo "test-install: the consumer of the staged tree does not load its library"; exit 1; }; \
	  $(INSTALL_TEST)/consumer-staged; \
	  export LD_LIBRARY_PATH=$(INSTALL_TEST)/second/lib; \
	  ldd $(INSTALL_TEST)/consumer-shared | grep -q '$(INSTALL_TEST)/second/lib/$(SONAME)' || \
	    { echo "test-install: the shared consumer does not load the installed library"; exit 1; }; \
	  $(INSTALL_TEST)/consumer-shared; $(INSTALL_TEST)/consumer-static
	@set -e; export PKG_CONFIG_PATH=$(INSTALL_TEST)/second/lib/pkgconfig; \
	  out=$(INSTALL_TEST)/examples; mkdir -p $$out; \
	  flags="$$(pkg-config --cflags lepack)"; libs="$$(pkg-config --libs lepack) -Wl,-rpath,$$(pkg-config --variable=libdir lepack)"; \
	  clang $(EXAMPLE_CFLAGS) $$flags -fsyntax-only $(EXAMPLES) || \
	    { echo "test-install: an example above has a warning under clang"; exit 1; }; \
	  for src in $(EXAMPLES); do name=$$(basename $$src .c); \
	    gcc $(EXAMPLE_CFLAGS) $$flags -o $$out/$$name $$src $$libs || \
	      { echo "test-install: $$src does not build with pkg-config's flags"; exit 1; }; \
	    ldd $$out/$$name | grep -q '$(INSTALL_TEST)/second/lib/$(SONAME)' || \
	      { echo "test-install: $$src does not load the installed library through its run path"; exit 1; }; \
	    sed -n '/^\/\* Output:$$/,/^\*\/$$/p' $$src | sed '1d;$$d' > $$out/$$name.want; \
	    [ -s $$out/$$name.want ] || [ $$name = utf8_stream ] || \
	      { echo "test-install: $$src has no '/* Output:' block"; exit 1; }; \
	    if [ -s $$out/$$name.want ]; then $$out/$$name > $$out/$$name.out 2> $$out/$$name.err || \
	        { cat $$out/$$name.err; echo "test-install: $$src failed against the install"; exit 1; }; \
	      diff -u $$out/$$name.want $$out/$$name.out || \
	        { echo "test-install: $$src prints something else than its Output block (- block, + printed)"; exit 1; }; fi; \
	  done; \
	  cd $$out; \
	  printf 'h\303\251llo w\303\266rld, \346\227\245\346\234\254\350\252\236, \360\237\230\200 and \360\235\204\236\n' > text1; \
	  for i in 1 2 3 4 5; do cat text1 text1 > text2; mv text2 text1; done; \
	  iconv -f UTF-8 -t UTF-16LE text1 > text1.u16; \
	  printf 'a\300\257b\355\240\200c\360\237\230' > bad.u8; printf '\141\000\375\377\375\377\142\000\375\377\143\000\375\377' > bad.u16; \
	  printf 'a\000\075\330\000\336\000\330' > lone.u16; printf 'a\360\237\230\200?' > lone.u8; \
	  for chunk in 1 2 3 5 65536; do \
	    ./utf8_stream decode text1 $$chunk | cmp -s - text1.u16 && \
	    ./utf8_stream encode text1.u16 $$chunk | cmp -s - text1 && \
	    ./utf8_stream decode bad.u8 $$chunk | cmp -s - bad.u16 && \
	    ./utf8_stream encode lone.u16 $$chunk | cmp -s - lone.u8 || \
	      { echo "test-install: examples/utf8_stream.c with $$chunk-byte chunks differs from iconv or the one-shot result"; exit 1; }; \
	  done; \
	  echo "test-install: $(words $(EXAMPLES)) examples built with pkg-config (gcc, clang warnings as errors) against the install, each printed what it says; utf8_stream in chunks of 1, 2, 3, 5 and 65536 bytes as iconv and one-shot"
	@for m in $(notdir $(MAN_PAGES) $(INSTALL_MAN_STANDIN)); do \
	  [ -f $(INSTALL_TEST)/first/share/man/man1/$$m ] || \
	    { echo "test-install: man page $$m not installed in share/man/man1"; exit 1; }; done
	@cp -a $(INSTALL_STAGE) $(INSTALL_TEST)/moved; \
	  $(MAKE) --no-print-directory -s uninstall PREFIX=$(INSTALL_TEST)/first \
	  MAN_PAGES="$(MAN_PAGES) $(INSTALL_MAN_STANDIN)" >/dev/null; \
	  $(MAKE) --no-print-directory -s uninstall $(INSTALL_STAGE_VARS) >/dev/null; \
	  left=$$(find $(INSTALL_TEST)/first $(INSTALL_STAGE) ! -type d); \
	  [ -z "$$left" ] || { echo "test-install: uninstall left:" $$left; exit 1; }; \
	  echo "test-install: man pages installed ($(words $(MAN_PAGES)) in man/ and a stand-in); uninstall removed every file, staged too"
	@if ! command -v cmake >/dev/null 2>&1; then $(call cannot_run,test-install (CMake consumer),cmake not installed); fi; \
	  set -e; cd $(INSTALL_TEST); stage=$(INSTALL_TEST)/moved/usr; \
	  if grep -rl -e '$(INSTALL_TEST)' -e '/usr' second/lib/cmake $$stage/lib/$(INSTALL_MULTIARCH)/cmake; then \
	    echo "test-install: the CMake files above name the directories they were installed to"; exit 1; fi; \
	  cmake -S $(CURDIR)/tests/install/cmake -B cmake-build -DCMAKE_PREFIX_PATH=$$stage \
	    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF \
	    -DLEPACK_EXPECTED_DIR=$$stage/lib/$(INSTALL_MULTIARCH)/cmake/lepack \
	    -DLEPACK_EXPECTED_VERSION=$(VERSION) > cmake-configure.log 2>&1 || \
	    { cat cmake-configure.log; echo "test-install: the CMake consumer does not configure"; exit 1; }; \
	  cmake --build cmake-build -j 2 > cmake-build.log 2>&1 || \
	    { cat cmake-build.log; echo "test-install: the CMake consumer does not build"; exit 1; }; \
	  ldd cmake-build/consumer_shared | grep -q "$$stage/lib/$(INSTALL_MULTIARCH)/$(SONAME)" || \
	    { echo "test-install: the CMake consumer does not load the staged library"; exit 1; }; \
	  cmake-build/consumer_shared; cmake-build/consumer_static; cmake-build/consumer_cxx_static; \
	  echo "test-install: CMake found the staged multiarch tree moved elsewhere (its files name no directory)"

CHECK_STEPS += test-install
