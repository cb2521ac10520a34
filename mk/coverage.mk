# SPDX-License-Identifier: Apache-2.0
# Source-based coverage of src/ and cli/ (clang -fprofile-instr-generate
# -fcoverage-mapping) from replaying the committed fuzz corpus and running
# tests/cli.sh against an instrumented build/lepack, plus the unit tests of
# mk/tests.mk when cmocka is there.  fuzz/README.md lists what stays
# unreached and why.
#
#   make coverage         text summary and build/coverage/html/index.html
#                         (the binaries built and run COV_JOBS at a time, default 2)
#   make coverage-check   the gate (in make check): src/ and cli/ each at most
#                         the missed lines fuzz/README.md explains, and 95 %
#                         of branches; fuzz/README.md's figures must be what
#                         this run measures
#   make coverage-readme  rewrites fuzz/README.md's figures from this run

COV_DIR      := $(BUILD)/coverage
COV_CLANG    ?= clang
COV_FLAGS    := $(STD) -g -O0 -fprofile-instr-generate -fcoverage-mapping
COV_INC      := $(CPPFLAGS) -Iref -Icli -Ifuzz -Itests
COV_TESTS    ?= 1
COV_PROFDATA := llvm-profdata-14
COV_LLVM_COV := llvm-cov-14
# Only the product counts (the library and the command); the oracle and the
# harnesses are not measured.
# src/cpu.c is left out: it reports this machine's CPU and cache, one answer
# a machine (fuzz/README.md, "Not reached, and why").
COV_IGNORE   := ^$(CURDIR)/(ref|fuzz|tests)/|^$(CURDIR)/src/cpu\.c$$|^/usr/

# Each binary is built and run by its own rule, COV_JOBS at a time (each
# is one compiler, then one process); the profiles are merged after.
COV_JOBS     ?= 2
COV_RUNS     := $(FUZZ_HARNESSES:%=$(COV_DIR)/ran/fuzz_%) $(COV_DIR)/ran/cli \
                $(if $(filter 1,$(COV_TESTS)),$(if $(wildcard /usr/include/cmocka.h),\
                  $(TEST_NAMES:%=$(COV_DIR)/ran/test_%)))

.PHONY: coverage coverage-runs

coverage:
	@rm -rf $(COV_DIR); mkdir -p $(COV_DIR)/bin $(COV_DIR)/raw $(COV_DIR)/ran
	@$(MAKE) --no-print-directory -j$(COV_JOBS) coverage-runs
	@$(COV_PROFDATA) merge -sparse $(COV_DIR)/raw/*.profraw -o $(COV_DIR)/lepack.profdata
	@objs=""; for b in $(COV_DIR)/bin/*; do [ -x $$b ] && [ -f $$b ] && objs="$$objs -object $$b"; done; \
	  cov="$$objs -instr-profile=$(COV_DIR)/lepack.profdata"; ign='$(COV_IGNORE)'; \
	  $(COV_LLVM_COV) report $$cov -ignore-filename-regex="$$ign" -show-region-summary=false \
	    | tee $(COV_DIR)/summary.txt; \
	  $(COV_LLVM_COV) show $$cov -ignore-filename-regex="$$ign" -show-branches=count \
	    -show-line-counts-or-regions -format=html -output-dir=$(COV_DIR)/html & html=$$!; \
	  $(COV_LLVM_COV) show $$cov -ignore-filename-regex="$$ign" -show-branches=count \
	    > $(COV_DIR)/annotated.txt & ann=$$!; \
	  $(COV_LLVM_COV) export $$cov -ignore-filename-regex="$$ign" -format=lcov \
	    > $(COV_DIR)/lepack.lcov & lcov=$$!; \
	  wait $$html && wait $$ann && wait $$lcov
	@echo "coverage: $(COV_DIR)/summary.txt, $(COV_DIR)/html/index.html, $(COV_DIR)/annotated.txt"

coverage-runs: $(COV_RUNS)

$(COV_DIR)/ran/fuzz_%:
	@$(COV_CLANG) $(COV_INC) $(COV_FLAGS) fuzz/fuzz_$*.c fuzz/replay.c $(LIB_SRC) $(REF_SRC) \
	  cli/text.c $(FUZZ_LIBS_$*) -o $(COV_DIR)/bin/fuzz_$*
	@LLVM_PROFILE_FILE=$(COV_DIR)/raw/fuzz_$*-%p.profraw $(COV_DIR)/bin/fuzz_$* corpus/$* > /dev/null
	@echo "coverage: replayed corpus/$*"; touch $@

$(COV_DIR)/ran/cli:
	@$(COV_CLANG) $(CPPFLAGS) -Icli $(COV_FLAGS) $(CLI_SRC) $(LIB_SRC) -o $(COV_DIR)/bin/lepack
	@LLVM_PROFILE_FILE=$(COV_DIR)/raw/lepack-%p.profraw sh tests/cli.sh $(COV_DIR)/bin/lepack \
	  > $(COV_DIR)/cli.log 2>&1 || { cat $(COV_DIR)/cli.log; exit 1; }
	@echo "coverage: ran tests/cli.sh on $(COV_DIR)/bin/lepack"
	@LLVM_PROFILE_FILE=$(COV_DIR)/raw/lepack-%p.profraw sh tests/cli_utf8.sh $(COV_DIR)/bin/lepack \
	  > $(COV_DIR)/cli_utf8.log 2>&1 || { cat $(COV_DIR)/cli_utf8.log; exit 1; }
	@echo "coverage: ran tests/cli_utf8.sh on $(COV_DIR)/bin/lepack"; touch $@

# A unit test that does not build is left out (and said so), one that
# fails still counts what it ran: the tests themselves are make test's.
$(COV_DIR)/ran/test_%:
	@if $(COV_CLANG) $(COV_INC) $(COV_FLAGS) tests/test_$*.c $(LIB_SRC) $(REF_SRC) cli/text.c \
	     -lcmocka -o $(COV_DIR)/bin/test_$* 2> $(COV_DIR)/bin/test_$*.err; then \
	  LLVM_PROFILE_FILE=$(COV_DIR)/raw/test_$*-%p.profraw $(COV_DIR)/bin/test_$* \
	    > $(COV_DIR)/bin/test_$*.log 2>&1 || echo "coverage: test_$* failed (see its log)"; \
	  echo "coverage: ran tests/test_$*"; \
	else echo "coverage: tests/test_$* does not build, left out"; fi; touch $@

COV_MAX_MISSED_LINES     ?= 15
COV_MAX_MISSED_LINES_CLI ?= 2
COV_MIN_BRANCHES         ?= 95
COV_README_CMD := python3 fuzz/coverage_readme.py --summary $(COV_DIR)/summary.txt \
                  --readme fuzz/README.md --commit "$$(git rev-parse --short=12 HEAD 2>/dev/null)"
.PHONY: coverage-check coverage-readme
coverage-check:
	@$(MAKE) --no-print-directory coverage COV_TESTS=1 > $(BUILD)/coverage.log 2>&1 || \
	  { cat $(BUILD)/coverage.log; exit 1; }
	@$(COV_README_CMD) --gate src=$(COV_MAX_MISSED_LINES),cli=$(COV_MAX_MISSED_LINES_CLI) \
	  --min-branches $(COV_MIN_BRANCHES) --check

coverage-readme:
	@$(MAKE) --no-print-directory coverage COV_TESTS=1 > $(BUILD)/coverage.log 2>&1 || \
	  { cat $(BUILD)/coverage.log; exit 1; }
	@$(COV_README_CMD) --write

CHECK_STEPS += coverage-check
