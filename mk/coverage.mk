# SPDX-License-Identifier: Apache-2.0
# Source-based coverage of src/ (clang -fprofile-instr-generate
# -fcoverage-mapping) from replaying the committed fuzz corpus, plus the unit
# tests of mk/tests.mk when cmocka is there.  fuzz/README.md lists what stays
# unreached and why.
#
#   make coverage    text summary and build/coverage/html/index.html

COV_DIR      := $(BUILD)/coverage
COV_CLANG    ?= clang
COV_FLAGS    := $(STD) -g -O0 -fprofile-instr-generate -fcoverage-mapping
COV_INC      := $(CPPFLAGS) -Iref -Icli -Ifuzz -Itests
COV_TESTS    ?= 1
COV_PROFDATA := llvm-profdata-14
COV_LLVM_COV := llvm-cov-14
# Only the product counts; the oracle and the harnesses are not measured.
COV_IGNORE   := ^$(CURDIR)/(ref|fuzz|cli|tests)/|^/usr/

.PHONY: coverage

coverage:
	@rm -rf $(COV_DIR); mkdir -p $(COV_DIR)/bin $(COV_DIR)/raw
	@for h in $(FUZZ_HARNESSES); do \
	  $(COV_CLANG) $(COV_INC) $(COV_FLAGS) fuzz/fuzz_$$h.c fuzz/replay.c $(LIB_SRC) $(REF_SRC) \
	    cli/text.c $$($(FUZZ_LIBS_SH)) -o $(COV_DIR)/bin/fuzz_$$h || exit 1; \
	  LLVM_PROFILE_FILE=$(COV_DIR)/raw/fuzz_$$h-%p.profraw $(COV_DIR)/bin/fuzz_$$h corpus/$$h \
	    > /dev/null || exit 1; \
	  echo "coverage: replayed corpus/$$h"; done
	@if [ "$(COV_TESTS)" = 1 ] && [ -n "$(TEST_NAMES)" ] && [ -f /usr/include/cmocka.h ]; then \
	  for n in $(TEST_NAMES); do \
	    srcs="tests/test_$$n.c $(LIB_SRC) $(REF_SRC) cli/text.c"; \
	    if $(COV_CLANG) $(COV_INC) $(COV_FLAGS) $$srcs -lcmocka -o $(COV_DIR)/bin/test_$$n \
	         2> $(COV_DIR)/bin/test_$$n.err; then \
	      LLVM_PROFILE_FILE=$(COV_DIR)/raw/test_$$n-%p.profraw $(COV_DIR)/bin/test_$$n \
	        > $(COV_DIR)/bin/test_$$n.log 2>&1 || echo "coverage: test_$$n failed (see its log)"; \
	      echo "coverage: ran tests/test_$$n"; \
	    else echo "coverage: tests/test_$$n does not build, left out"; fi; \
	  done; fi
	@$(COV_PROFDATA) merge -sparse $(COV_DIR)/raw/*.profraw -o $(COV_DIR)/lepack.profdata
	@objs=""; for b in $(COV_DIR)/bin/*; do [ -x $$b ] && [ -f $$b ] && objs="$$objs -object $$b"; done; \
	  $(COV_LLVM_COV) report $$objs -instr-profile=$(COV_DIR)/lepack.profdata \
	    -ignore-filename-regex='$(COV_IGNORE)' -show-region-summary=false \
	    | tee $(COV_DIR)/summary.txt; \
	  $(COV_LLVM_COV) show $$objs -instr-profile=$(COV_DIR)/lepack.profdata \
	    -ignore-filename-regex='$(COV_IGNORE)' -show-branches=count -show-line-counts-or-regions \
	    -format=html -output-dir=$(COV_DIR)/html; \
	  $(COV_LLVM_COV) show $$objs -instr-profile=$(COV_DIR)/lepack.profdata \
	    -ignore-filename-regex='$(COV_IGNORE)' -show-branches=count > $(COV_DIR)/annotated.txt; \
	  $(COV_LLVM_COV) export $$objs -instr-profile=$(COV_DIR)/lepack.profdata \
	    -ignore-filename-regex='$(COV_IGNORE)' -format=lcov > $(COV_DIR)/lepack.lcov
	@echo "coverage: $(COV_DIR)/summary.txt, $(COV_DIR)/html/index.html, $(COV_DIR)/annotated.txt"

# The gate in `make check` (corpus replay only, about 10 s): no line of src/
# unreached beyond the COV_MAX_MISSED_LINES that fuzz/README.md explains,
# and at least COV_MIN_BRANCHES percent of branches.
COV_MAX_MISSED_LINES ?= 2
COV_MIN_BRANCHES     ?= 95
.PHONY: coverage-check
coverage-check:
	@$(MAKE) --no-print-directory coverage COV_TESTS=0 > $(BUILD)/coverage.log 2>&1 || \
	  { cat $(BUILD)/coverage.log; exit 1; }
	@awk -v maxmiss=$(COV_MAX_MISSED_LINES) -v minbr=$(COV_MIN_BRANCHES) '$$1 == "TOTAL" { \
	    br = $$10; sub("%", "", br); \
	    printf "coverage of src/ from the corpus: lines %s (%d missed), branches %s\n", $$7, $$6, $$10; \
	    if ($$6 > maxmiss || br + 0 < minbr) { print "coverage-check: below the gate"; exit 1 } }' \
	  $(COV_DIR)/summary.txt

CHECK_STEPS += coverage-check
