# SPDX-License-Identifier: Apache-2.0
# The wire form on a big-endian host, and the Java cross-check.
#
#   make check-be     build the library, the cmocka unit tests, the CLI and
#                     tests/be/ for s390x, run them under qemu-s390x, and
#                     check that bytes cross between s390x and the build
#                     host in both directions (tests/be/cross.sh)
#   make check-java   tests/java/VectorCheck.java against tests/vectors/
#                     with byte-array VarHandle views (skipped without a JDK)
#
# s390x is big-endian, so under it LEPACK_HOST_BIG_ENDIAN is 1 and the
# swapping branch of src/le_mem.h runs: tests/be/wire_check.c fails to build
# if that is not so, and each tests/be/mutants/*.patch (the little-endian
# views skipping the swap, GridUnsafe's native order) must fail it
# (tests/be/mutants.sh: a patch that no longer applies or a mutant that does
# not build is reported BROKEN and fails check-be, never counted as a kill).
#
# Programs of our own (CLI, tests/be/) are linked statically: once
# libcmocka-dev:s390x is installed, the multiarch libc6:s390x it pulls in is
# listed in the host's /etc/ld.so.cache, and a dynamic binary run with
# "-L /usr/s390x-linux-gnu" then loads the cross sysroot's ld64.so.1 with
# the multiarch libc.so.6, two different glibc builds, and aborts.  The
# cmocka tests must link the shared libcmocka, so they run against the
# multiarch root ("-L /"), where loader, libc and libcmocka all match.

BE_CC         := s390x-linux-gnu-gcc
BE_SYSROOT    := /usr/s390x-linux-gnu
BE_QEMU       := qemu-s390x
BE_RUN        := $(BE_QEMU) -L $(BE_SYSROOT)
BE_RUN_CMOCKA := $(BE_QEMU) -L /
BE_CMOCKA_LIB := /usr/lib/s390x-linux-gnu/libcmocka.so
BE_DIR        := $(BUILD)/be
BE_CFLAGS     := $(STD) $(WARN) -Werror -O2
BE_CPPFLAGS   := $(CPPFLAGS) -Iref -Itests/be
BE_TEST_NAMES ?= $(TEST_NAMES)
BE_TEST_BINS  := $(BE_TEST_NAMES:%=$(BE_DIR)/tests/test_%) \
                 $(BE_TEST_NAMES:%=$(BE_DIR)/tests_bytewise/test_%)
BE_SRC_DEPS   := $(LIB_SRC) $(LIB_HDR) $(REF_SRC) ref/ref.h $(wildcard tests/be/*.h)
BE_PROGS      := $(BE_DIR)/lepack $(BE_DIR)/wire_check $(BE_DIR)/wire_check_bytewise \
                 $(BE_DIR)/raw_native \
                 $(BE_DIR)/host/wire_check $(BE_DIR)/host/wire_check_bytewise \
                 $(BE_DIR)/host/raw_native

.PHONY: check-be be-build be-tools check-java
CHECK_STEPS += check-be check-java

be-tools:
	@for t in $(BE_CC) $(BE_QEMU); do command -v $$t >/dev/null 2>&1 || \
	  { echo "check-be: $$t not found (make deps installs gcc-s390x-linux-gnu, libc6-dev-s390x-cross, qemu-user)"; exit 1; }; done
	@test -f $(BE_CMOCKA_LIB) || { echo "check-be: $(BE_CMOCKA_LIB) not found; as root:"; \
	  echo "  dpkg --add-architecture s390x && apt-get update && apt-get install -y libcmocka-dev:s390x"; exit 1; }

# --- s390x builds ----------------------------------------------------------

$(BE_DIR)/lepack: $(CLI_SRC) $(CLI_HDR) $(LIB_SRC) $(LIB_HDR) | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(CPPFLAGS) -Icli $(BE_CFLAGS) -static -o $@ $(CLI_SRC) $(LIB_SRC)

$(BE_DIR)/wire_check: tests/be/wire_check.c $(BE_SRC_DEPS) | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -DBE_EXPECT_BIG=1 -static -o $@ $< $(LIB_SRC) $(REF_SRC)

$(BE_DIR)/wire_check_bytewise: tests/be/wire_check.c $(BE_SRC_DEPS) | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -DBE_EXPECT_BIG=1 -DLEPACK_BYTEWISE -static -o $@ $< \
	  $(LIB_SRC) $(REF_SRC)

$(BE_DIR)/raw_native: tests/be/raw_native.c $(BE_SRC_DEPS) | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -static -o $@ $< $(LIB_SRC)

# cmocka.h alone, so that the cross compiler sees no host libc header.
$(BE_DIR)/include/cmocka.h:
	@mkdir -p $(@D)
	ln -sf /usr/include/cmocka.h $@

$(BE_DIR)/tests/test_%: tests/test_%.c $(LIB_SRC) $(REF_SRC) $(TEST_HDR) $(BE_DIR)/include/cmocka.h | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(TEST_CPPFLAGS) -I$(BE_DIR)/include $(TEST_CFLAGS) -o $@ \
	  $(call test_srcs,$*) $(BE_CMOCKA_LIB)

$(BE_DIR)/tests_bytewise/test_%: tests/test_%.c $(LIB_SRC) $(REF_SRC) $(TEST_HDR) $(BE_DIR)/include/cmocka.h | be-tools
	@mkdir -p $(@D)
	$(BE_CC) $(TEST_CPPFLAGS) -I$(BE_DIR)/include -DLEPACK_BYTEWISE $(TEST_CFLAGS) -o $@ \
	  $(call test_srcs,$*) $(BE_CMOCKA_LIB)

# --- the same checks built for the build host ------------------------------

$(BE_DIR)/host/wire_check: tests/be/wire_check.c $(BE_SRC_DEPS)
	@mkdir -p $(@D)
	$(CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -DBE_EXPECT_BIG=0 -o $@ $< $(LIB_SRC) $(REF_SRC)

$(BE_DIR)/host/wire_check_bytewise: tests/be/wire_check.c $(BE_SRC_DEPS)
	@mkdir -p $(@D)
	$(CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -DBE_EXPECT_BIG=0 -DLEPACK_BYTEWISE -o $@ $< \
	  $(LIB_SRC) $(REF_SRC)

$(BE_DIR)/host/raw_native: tests/be/raw_native.c $(BE_SRC_DEPS)
	@mkdir -p $(@D)
	$(CC) $(BE_CPPFLAGS) $(BE_CFLAGS) -o $@ $< $(LIB_SRC)

be-build: $(BE_PROGS) $(BE_TEST_BINS) $(BUILD)/lepack

check-be: be-build
	@start=$$(date +%s); set -e; failed=""; \
	echo "check-be: s390x unit tests under $(BE_RUN_CMOCKA)"; \
	for t in $(BE_TEST_BINS); do \
	  $(BE_RUN_CMOCKA) ./$$t >$$t.log 2>&1 || { cat $$t.log; failed="$$failed $${t#$(BE_DIR)/}"; }; \
	  tail -n 1 $$t.log | sed "s|^|  $${t#$(BE_DIR)/}: |"; \
	done; \
	for p in wire_check wire_check_bytewise; do \
	  $(BE_RUN) ./$(BE_DIR)/$$p || failed="$$failed s390x/$$p"; \
	  ./$(BE_DIR)/host/$$p || failed="$$failed host/$$p"; \
	done; \
	echo "check-be: byte-reversing stores (strv, strvg) in s390x lepack_counters_add:" \
	  "$$(s390x-linux-gnu-objdump -d $(BE_DIR)/wire_check | sed -n '/<lepack_counters_add>:/,/^$$/p' | \
	  grep -cE '[[:space:]]strvg?[[:space:]]')"; \
	rc=0; BE_CC="$(BE_CC)" BE_RUN="$(BE_RUN)" BE_CFLAGS="$(BE_CFLAGS)" \
	  sh tests/be/mutants.sh $(BE_DIR)/mutants || rc=$$?; \
	case $$rc in 0) ;; 1) failed="$$failed mutant-survived";; *) failed="$$failed MUTANT-BROKEN";; esac; \
	$(BE_RUN) ./$(BE_DIR)/raw_native $(BE_DIR)/raw_s390x.txt || failed="$$failed s390x/raw_native"; \
	./$(BE_DIR)/host/raw_native $(BE_DIR)/raw_host.txt || failed="$$failed host/raw_native"; \
	BE_RUN="$(BE_RUN)" sh tests/be/cross.sh $(BUILD)/lepack $(BE_DIR)/lepack \
	  $(BE_DIR)/raw_host.txt $(BE_DIR)/raw_s390x.txt $(BE_DIR)/cross || failed="$$failed cross"; \
	end=$$(date +%s); \
	if [ -n "$$failed" ]; then echo "check-be: FAILED:$$failed"; exit 1; fi; \
	echo "check-be: all passed in $$((end - start)) s (run time, after the build)"

# --- Java ------------------------------------------------------------------

JAVA_DIR := $(BUILD)/java

check-java:
	@if ! command -v javac >/dev/null 2>&1 || ! command -v java >/dev/null 2>&1; then \
	  $(call cannot_run,check-java,no JDK; make deps installs default-jdk-headless); fi; \
	start=$$(date +%s); set -e; mkdir -p $(JAVA_DIR); \
	javac -Xlint:all -Werror -d $(JAVA_DIR) tests/java/VectorCheck.java; \
	java -cp $(JAVA_DIR) VectorCheck tests/vectors; \
	if java -Dlepack.order=BIG_ENDIAN -cp $(JAVA_DIR) VectorCheck tests/vectors \
	     >$(JAVA_DIR)/big_endian.log 2>&1; then \
	  echo "check-java: FAILED: BIG_ENDIAN views passed the vectors"; exit 1; fi; \
	echo "check-java: BIG_ENDIAN views fail the vectors, as they must ($$(tail -n 1 $(JAVA_DIR)/big_endian.log))"; \
	echo "check-java: done in $$(( $$(date +%s) - start )) s"
