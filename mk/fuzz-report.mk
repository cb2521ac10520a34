# SPDX-License-Identifier: Apache-2.0
# Watching a campaign: the progress lines of `make fuzz` / `make fuzz-afl`
# (fuzz/campaign.py, every FUZZ_STATUS_SECONDS), and the report of what it
# kept (fuzz/report.py).  Needs mk/fuzz.mk and mk/coverage.mk included
# before it.  fuzz/README.md describes both.
#
#   make fuzz-report           build/fuzz/campaign/report/index.html: llvm-cov
#                              HTML of what the committed corpus plus the kept
#                              queues reach, plots of coverage and exec/s over
#                              time per harness from history.jsonl
#   make fuzz-report-selftest  4 s of libFuzzer, 6 s of AFL++ on a toy harness:
#                              progress lines printed while it runs, samples in
#                              history.jsonl, the report's files written

# Seconds between progress lines (0: none); campaign.py reads it from the
# environment, so that mk/fuzz.mk's command line needs no change.
FUZZ_STATUS_SECONDS ?= 5
export FUZZ_STATUS_SECONDS

# The report draws with matplotlib, Debian's python3-matplotlib, which only
# the system interpreter sees (python3 on PATH may be another one).
FUZZ_REPORT_PYTHON ?= /usr/bin/python3
FUZZ_REPORT_DIR     = $(FUZZ_CAMPAIGN)/report
# The coverage builds of the replay mains: the same files, flags and place
# as `make coverage` (mk/coverage.mk) builds, so each serves both.
FUZZ_REPORT_COVBIN := $(BUILD)/coverage/bin

.PHONY: fuzz-report fuzz-report-selftest

$(FUZZ_REPORT_COVBIN)/fuzz_%: fuzz/fuzz_%.c fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(COV_CLANG) $(COV_INC) $(COV_FLAGS) $< fuzz/replay.c $(LIB_SRC) $(REF_SRC) cli/text.c \
	  $(FUZZ_LIBS_$*) -o $@

fuzz-report: $(FUZZ_HARNESSES:%=$(FUZZ_REPORT_COVBIN)/fuzz_%)
	@$(FUZZ_REPORT_PYTHON) fuzz/report.py --work $(FUZZ_CAMPAIGN) --out $(FUZZ_REPORT_DIR) \
	  --cov-bindir $(FUZZ_REPORT_COVBIN) --profdata $(COV_PROFDATA) --llvm-cov $(COV_LLVM_COV) \
	  --ignore '$(COV_IGNORE)' $(FUZZ_HARNESSES)

# The toy harness fuzz/selftest/maze.c, in each build the check needs.
FUZZ_WATCH := $(FUZZ_DIR)/selftest-watch
$(FUZZ_WATCH)/libfuzzer/maze: fuzz/selftest/maze.c
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) $< -o $@
$(FUZZ_WATCH)/replay/maze: fuzz/selftest/maze.c fuzz/replay.c
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(FUZZ_SAN) $< fuzz/replay.c -o $@
$(FUZZ_WATCH)/afl/maze: fuzz/selftest/maze.c
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_LLVM_CMPLOG=1 AFL_QUIET=1 afl-clang-fast $(STD) -g -O1 -fsanitize=fuzzer $< -o $@
$(FUZZ_WATCH)/cov/fuzz_maze: fuzz/selftest/maze.c fuzz/replay.c
	@mkdir -p $(@D)
	$(COV_CLANG) $(COV_FLAGS) $< fuzz/replay.c -o $@

fuzz-report-selftest: $(addprefix $(FUZZ_WATCH)/,libfuzzer/maze replay/maze afl/maze cov/fuzz_maze)
	@sh fuzz/selftest/watch.sh $(FUZZ_WATCH) $(FUZZ_REPORT_PYTHON) $(COV_PROFDATA) $(COV_LLVM_COV)

CHECK_STEPS += fuzz-report-selftest
