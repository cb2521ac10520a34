# SPDX-License-Identifier: Apache-2.0
# Unit tests (cmocka) under AddressSanitizer, LeakSanitizer and UBSan.
#
#   make test          build every test program and run them all
#   make test-vectors  regenerate tests/vectors/*.vec with gen_vectors.py
#
# The test sources use nothing host- or sanitizer-specific, so another
# fragment can build the same list for a cross target:
#   $(foreach n,$(TEST_NAMES),$(call test_srcs,$(n)))
# with its own compiler and flags, and run each program from the top
# directory (test_vectors reads tests/vectors/ relative to it, or from
# $LEPACK_VECTORS_DIR).  For the build host: $(BUILD)/tests/test_<name>.

TEST_NAMES    := le le_forms cursor counters alloc_failure random vectors text
TEST_NAMES    += zero
TEST_NAMES    += batch
TEST_NAMES    += utf8
TEST_CPPFLAGS := $(CPPFLAGS) -Iref -Icli -Itests
TEST_CFLAGS   := $(STD) $(WARN) -g -O1
TEST_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all
TEST_LIBS     := -lcmocka
TEST_HDR      := tests/test_util.h $(LIB_HDR) ref/ref.h cli/text.h
TEST_HDR      += ref/ref_zero.h
TEST_HDR      += ref/ref_utf8.h tests/utf8_classes.h
TEST_BINS     := $(TEST_NAMES:%=$(BUILD)/tests/test_%)
TEST_VECTORS  := tests/vectors/counters.vec tests/vectors/next_counter.vec \
                 tests/vectors/text.vec

# Sources of test program $(1): its own file, the library, the reference,
# and for the tests of the text forms the parser itself.
TEST_EXTRA_text    := cli/text.c
TEST_EXTRA_vectors := cli/text.c
test_srcs = tests/test_$(1).c $(LIB_SRC) $(REF_SRC) $(TEST_EXTRA_$(1))

# The shared sources are compiled once, with the sanitizers, for all tests.
TEST_OBJ = $(patsubst %.c,$(BUILD)/tests/obj/%.o,$(LIB_SRC) $(REF_SRC) $(TEST_EXTRA_$(1)))

# Leaks fail the run; a UBSan report stops it like an ASan one.
TEST_ENV := ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:allocator_may_return_null=1 \
            UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: test test-build test-vectors test-vectors-fresh
CHECK_STEPS += test

$(BUILD)/tests/obj/%.o: %.c $(TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CPPFLAGS) $(TEST_CFLAGS) $(TEST_SAN) -c $< -o $@

$(foreach n,$(TEST_NAMES),$(eval $(BUILD)/tests/test_$(n): $(call TEST_OBJ,$(n))))

$(BUILD)/tests/test_%: tests/test_%.c $(TEST_HDR)
	@mkdir -p $(@D)
	$(CC) $(TEST_CPPFLAGS) $(TEST_CFLAGS) $(TEST_SAN) -o $@ $< $(filter %.o,$^) $(TEST_LIBS)

test-build: $(TEST_BINS)

# Each program's log is shown in full when it fails, else only cmocka's
# summary lines and the figures the tests print.
test: test-build test-vectors-fresh
	@start=$$(date +%s); failed=""; \
	for t in $(TEST_BINS); do \
	  if $(TEST_ENV) $$t >$$t.log 2>&1; then \
	    grep -v -e '^\[ RUN' -e '^\[       OK' $$t.log | sed "s|^|$${t##*/}: |"; \
	  else cat $$t.log; failed="$$failed $${t##*/}"; fi; \
	done; \
	end=$$(date +%s); \
	npass=$$(cat $(TEST_BINS:%=%.log) | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$$1} END {print s+0}'); \
	nfail=$$(cat $(TEST_BINS:%=%.log) | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | awk '{s+=$$1} END {print s+0}'); \
	echo "test: $(words $(TEST_BINS)) programs in $$((end - start)) s"; \
	echo "test: $$npass passed, $$nfail failed"; \
	if [ -n "$$failed" ]; then echo "test: FAILED:$$failed"; exit 1; fi

# The committed vectors must be what the generator writes; skipped where
# python3 is missing (failed under CI=true), since test_vectors checks
# lepack against the files either way.
test-vectors-fresh:
	@if command -v python3 >/dev/null 2>&1; then \
	  mkdir -p $(BUILD)/tests/vectors && \
	  python3 tests/vectors/gen_vectors.py $(BUILD)/tests/vectors && \
	  for f in $(notdir $(TEST_VECTORS)); do \
	    cmp -s $(BUILD)/tests/vectors/$$f tests/vectors/$$f || \
	      { echo "test: tests/vectors/$$f differs from gen_vectors.py output (make test-vectors)"; exit 1; }; \
	  done; echo "test: tests/vectors/*.vec match gen_vectors.py"; \
	else $(call cannot_run,test-vectors-fresh,python3 not found); fi

test-vectors:
	python3 tests/vectors/gen_vectors.py tests/vectors
