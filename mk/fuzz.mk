# SPDX-License-Identifier: Apache-2.0
# Differential fuzzing: every harness in fuzz/ compares lepack with the
# reference in ref/ and aborts on the first disagreement.  One source per
# harness, built for libFuzzer, AFL++ (ASan with CmpLog, UBSan, plain), a
# plain replay main(), MemorySanitizer and the UBSan integer checks.
# fuzz/README.md explains each target; fuzz/campaign.py runs the campaigns.
#
#   make fuzz            libFuzzer, FUZZ_SECONDS per harness on FUZZ_JOBS cores;
#                        new inputs kept in build/fuzz/campaign/, a summary
#   make fuzz-afl        the same with AFL++ (FUZZ_JOBS secondary instances)
#   make corpus-merge    kept inputs with new coverage into corpus/
#   make fuzz-readme     the last summaries into fuzz/README.md
#   make fuzz-check      corpus replay (ASan+UBSan, MSan, integer) + smoke runs
#   make fuzz-mutants    each fuzz/mutants/*.patch must be caught within 60 s
#                        (FUZZ_MUTANTS_FROM=empty: from an empty corpus with
#                        no dictionary; FUZZ_MUTANT_RUNS=N: N runs, median)
#   make ossfuzz-check   .clusterfuzzlite/build.sh as OSS-Fuzz runs it
#
# Knobs (command line or environment):
#   FUZZ_HARNESSES  which harnesses, e.g. make fuzz FUZZ_HARNESSES="views cli"
#   FUZZ_SECONDS    seconds per harness (60)
#   FUZZ_JOBS       cores per harness (all: libFuzzer -fork=N, AFL++ N instances)
#   FUZZ_FLAGS      extra engine flags, passed through unchanged, e.g.
#                   FUZZ_FLAGS="-use_value_profile=1" or, for AFL++, "-p explore"

FUZZ_HARNESSES     := views counters_ops counters_decode cli
FUZZ_HARNESSES     += zero
FUZZ_HARNESSES     += utf8_encode utf8_decode utf8_modified
FUZZ_SECONDS       ?= 60
FUZZ_JOBS          ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_FLAGS         ?=
FUZZ_CAMPAIGN       = $(FUZZ_DIR)/campaign
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_MUTANT_SECONDS ?= 60
FUZZ_DIR           := $(BUILD)/fuzz
FUZZ_CLANG         ?= clang
FUZZ_INC           := $(CPPFLAGS) -Iref -Icli -Ifuzz
FUZZ_CFLAGS        := $(STD) $(WARN) -Werror -g -O1
FUZZ_LINK_SRC      := $(LIB_SRC) $(REF_SRC) cli/text.c
FUZZ_DEPS          := $(LIB_SRC) $(LIB_HDR) $(REF_SRC) ref/ref.h cli/text.c cli/text.h \
                      fuzz/fuzz_reader.h fuzz/fuzz_check.h
FUZZ_DEPS          += ref/ref_zero.h
FUZZ_DEPS          += ref/ref_utf8.h fuzz/fuzz_utf8.h
FUZZ_DEPS          += cli/utf8.c cli/cli_utf8.h
FUZZ_SAN           := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_MSAN          := -fsanitize=memory -fsanitize-memory-track-origins=2 -fno-sanitize-recover=all
FUZZ_INTSAN        := -fsanitize=integer,implicit-conversion -fno-sanitize-recover=all
# Extra link flags per harness: ICU, the UTF-8 harnesses' second oracle.
FUZZ_LIBS_utf8_encode   := -licuuc
FUZZ_LIBS_utf8_decode   := -licuuc
FUZZ_LIBS_utf8_modified := -licuuc
# The same for a shell loop over $$h: $$($(FUZZ_LIBS_SH)) prints them.
FUZZ_RP      := )
FUZZ_LIBS_SH = case $$h in $(foreach h,$(FUZZ_HARNESSES),$(h)$(FUZZ_RP) echo '$(FUZZ_LIBS_$(h))';;) esac

FUZZ_LIBFUZZER_BINS := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/libfuzzer/%)
FUZZ_REPLAY_BINS    := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/replay/%)
FUZZ_AFL_BINS       := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/afl/%) \
                       $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/afl-ubsan/%)
FUZZ_MSAN_BINS      := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/msan/%)
FUZZ_INTSAN_BINS    := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/intsan/%)

.PHONY: fuzz fuzz-build fuzz-afl corpus-merge fuzz-readme fuzz-afl-selftest fuzz-check fuzz-replay fuzz-smoke fuzz-msan fuzz-intsan \
        fuzz-gcc-warnings fuzz-mutants fuzz-mutants-replay fuzz-seeds ossfuzz-check

$(FUZZ_DIR)/libfuzzer/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) $< $(FUZZ_LINK_SRC) $(FUZZ_LIBS_$*) -o $@

$(FUZZ_DIR)/replay/%: fuzz/fuzz_%.c fuzz/replay.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) $(FUZZ_SAN) $< fuzz/replay.c $(FUZZ_LINK_SRC) $(FUZZ_LIBS_$*) -o $@

$(FUZZ_DIR)/msan/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_MSAN) $< $(FUZZ_LINK_SRC) $(FUZZ_LIBS_$*) -o $@

$(FUZZ_DIR)/intsan/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_INTSAN) $< $(FUZZ_LINK_SRC) $(FUZZ_LIBS_$*) -o $@

# One binary with CmpLog built in, run with -c 0 (fuzz/README.md says why).
$(FUZZ_DIR)/afl/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_LLVM_CMPLOG=1 AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O1 \
	  -fsanitize=fuzzer $< $(FUZZ_LINK_SRC) $(FUZZ_LIBS_$*) -o $@

# The UBSan instance: exactly the libFuzzer build's UBSan checks, with the
# runtime (a report, then abort, which AFL++ saves as a crash).
# AFL_USE_UBSAN would trap instead: SIGILL without a report, and trap sites
# merged per function, which cannot be counted against the libFuzzer build.
$(FUZZ_DIR)/afl-ubsan/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O1 -fsanitize=fuzzer,undefined \
	  -fno-sanitize-recover=all $< $(FUZZ_LINK_SRC) -o $@

# Instances past the second: no sanitizer, for speed.
$(FUZZ_DIR)/afl-plain/%: fuzz/fuzz_%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O2 -fsanitize=fuzzer $< $(FUZZ_LINK_SRC) -o $@

fuzz-build: $(FUZZ_LIBFUZZER_BINS) $(FUZZ_REPLAY_BINS)

FUZZ_RUN = python3 fuzz/campaign.py run --work $(FUZZ_CAMPAIGN) --seconds $(FUZZ_SECONDS) \
           --jobs $(FUZZ_JOBS) --flags "$(FUZZ_FLAGS)" --replaydir $(FUZZ_DIR)/replay

fuzz: fuzz-build
	@$(FUZZ_RUN) --engine libfuzzer --bindir $(FUZZ_DIR)/libfuzzer $(FUZZ_HARNESSES)

fuzz-afl: $(FUZZ_AFL_BINS) $(FUZZ_REPLAY_BINS) $(FUZZ_LIBFUZZER_BINS) \
          $(if $(filter-out 1 2,$(FUZZ_JOBS)),$(FUZZ_HARNESSES:%=$(FUZZ_DIR)/afl-plain/%))
	@$(FUZZ_RUN) --engine afl --bindir $(FUZZ_DIR)/afl --ubsan-bindir $(FUZZ_DIR)/afl-ubsan \
	  --plain-bindir $(FUZZ_DIR)/afl-plain --libfuzzer-bindir $(FUZZ_DIR)/libfuzzer \
	  $(FUZZ_HARNESSES)

# What make fuzz and make fuzz-afl kept, minimised into corpus/.
corpus-merge: fuzz-build
	@python3 fuzz/campaign.py merge --work $(FUZZ_CAMPAIGN) --bindir $(FUZZ_DIR)/libfuzzer \
	  --replaydir $(FUZZ_DIR)/replay $(FUZZ_HARNESSES)

# The last summaries into fuzz/README.md's campaign figures.
fuzz-readme:
	@python3 fuzz/campaign.py readme --work $(FUZZ_CAMPAIGN)

# The runner itself, on fuzz/selftest/boom.c (a harness with known bugs):
# fuzz/selftest/check.sh asserts that each way a campaign can go wrong
# fails with its reason and a replay command.  A few seconds; in make check.
FUZZ_SELFTEST := $(FUZZ_DIR)/selftest
$(FUZZ_SELFTEST)/afl/boom: fuzz/selftest/boom.c
	@mkdir -p $(@D)
	AFL_USE_ASAN=1 AFL_LLVM_CMPLOG=1 AFL_QUIET=1 afl-clang-fast $(STD) -g -O1 -fsanitize=fuzzer $< -o $@
$(FUZZ_SELFTEST)/afl-ubsan/boom: fuzz/selftest/boom.c
	@mkdir -p $(@D)
	AFL_QUIET=1 afl-clang-fast $(STD) -g -O1 -fsanitize=fuzzer,undefined -fno-sanitize-recover=all $< -o $@
$(FUZZ_SELFTEST)/libfuzzer/boom: fuzz/selftest/boom.c
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_SAN) $< -o $@
$(FUZZ_SELFTEST)/replay/boom: fuzz/selftest/boom.c fuzz/replay.c
	@mkdir -p $(@D)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(FUZZ_SAN) $< fuzz/replay.c -o $@
fuzz-afl-selftest: $(addprefix $(FUZZ_SELFTEST)/,afl/boom afl-ubsan/boom libfuzzer/boom replay/boom)
	@sh fuzz/selftest/check.sh $(FUZZ_SELFTEST)

# The committed corpus is a regression suite: every input, every sanitizer.
fuzz-replay: $(FUZZ_REPLAY_BINS)
	@for h in $(FUZZ_HARNESSES); do printf '%-16s ' "$$h"; \
	  $(FUZZ_DIR)/replay/$$h corpus/$$h || exit 1; done

fuzz-msan: $(FUZZ_MSAN_BINS)
	@for h in $(FUZZ_HARNESSES); do \
	  $(FUZZ_DIR)/msan/$$h -runs=0 corpus/$$h > $(FUZZ_DIR)/msan/$$h.log 2>&1 || \
	    { cat $(FUZZ_DIR)/msan/$$h.log; exit 1; }; \
	  echo "msan: $$h: corpus clean"; done

fuzz-intsan: $(FUZZ_INTSAN_BINS)
	@for h in $(FUZZ_HARNESSES); do \
	  $(FUZZ_DIR)/intsan/$$h -runs=0 corpus/$$h > $(FUZZ_DIR)/intsan/$$h.log 2>&1 || \
	    { cat $(FUZZ_DIR)/intsan/$$h.log; exit 1; }; \
	  echo "intsan: $$h: corpus clean"; done

# The harnesses are C code of the project too: warning-free under gcc.
fuzz-gcc-warnings:
	@for f in $(FUZZ_HARNESSES:%=fuzz/fuzz_%.c) fuzz/replay.c; do \
	  gcc $(FUZZ_INC) $(STD) $(WARN) -Werror -O2 -c $$f -o /dev/null || exit 1; done
	@echo "fuzz: harnesses warning-free with gcc"

# A few seconds of real fuzzing per harness, in a scratch copy of the corpus.
fuzz-smoke: $(FUZZ_LIBFUZZER_BINS)
	@for h in $(FUZZ_HARNESSES); do \
	  w=$(FUZZ_DIR)/smoke/$$h; rm -rf $$w; mkdir -p $$w/new $$w/art; \
	  d=""; [ -f fuzz/$$h.dict ] && d="-dict=fuzz/$$h.dict"; \
	  nice -n 5 $(FUZZ_DIR)/libfuzzer/$$h -max_total_time=$(FUZZ_SMOKE_SECONDS) -max_len=4096 \
	    -print_final_stats=1 -artifact_prefix=$$w/art/ $$d $$w/new corpus/$$h > $$w/log 2>&1 || \
	    { tail -n 40 $$w/log; echo "fuzz-smoke: $$h FAILED, reproducer in $$w/art/"; exit 1; }; \
	  printf 'smoke: %-16s %s execs\n' "$$h" \
	    "$$(sed -n 's/^stat::number_of_executed_units: *//p' $$w/log)"; done

fuzz-check: fuzz-gcc-warnings fuzz-replay fuzz-msan fuzz-intsan fuzz-smoke

# Each mutant must be caught.  The replay form needs only the committed
# corpus and runs in `make check`; the fuzzing form gives time to detection.
fuzz-mutants-replay:
	@sh fuzz/mutants.sh replay $(FUZZ_DIR)/mutants $(FUZZ_MUTANT_SECONDS)

FUZZ_MUTANTS_FROM ?= corpus
FUZZ_MUTANT_RUNS  ?= 1
fuzz-mutants:
	@FUZZ_MUTANTS_FROM=$(FUZZ_MUTANTS_FROM) FUZZ_MUTANT_RUNS=$(FUZZ_MUTANT_RUNS) \
	  sh fuzz/mutants.sh fuzz $(FUZZ_DIR)/mutants $(FUZZ_MUTANT_SECONDS)

# Regenerates the hand-made seeds (found inputs are kept).
fuzz-seeds:
	sh fuzz/seeds.sh

# The ClusterFuzzLite workflows and OSS-Fuzz project file (ci/check_ci.py),
# then .clusterfuzzlite/build.sh run as OSS-Fuzz would, each fuzzer briefly.
FUZZ_OSS := $(abspath $(FUZZ_DIR))/ossfuzz
ossfuzz-check:
	@python3 ci/check_ci.py
	@rm -rf $(FUZZ_OSS); mkdir -p $(FUZZ_OSS)/out $(FUZZ_OSS)/work $(FUZZ_OSS)/src
	@ln -s $(CURDIR) $(FUZZ_OSS)/src/lepack
	@cd $(FUZZ_OSS)/src/lepack && env CC=clang CXX=clang++ \
	  CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
	  CXXFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link" \
	  LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=$(FUZZ_OSS)/out SRC=$(FUZZ_OSS)/src \
	  WORK=$(FUZZ_OSS)/work SANITIZER=address ARCHITECTURE=x86_64 FUZZING_LANGUAGE=c \
	  bash -eu .clusterfuzzlite/build.sh > $(FUZZ_OSS)/build.log 2>&1 || \
	  { cat $(FUZZ_OSS)/build.log; exit 1; }
	@for h in $(FUZZ_HARNESSES); do \
	  for f in $$h $${h}_seed_corpus.zip $$h.options; do \
	    [ -f $(FUZZ_OSS)/out/$$f ] || { echo "ossfuzz: missing \$$OUT/$$f"; exit 1; }; done; \
	  mkdir -p $(FUZZ_OSS)/run/$$h/seeds $(FUZZ_OSS)/run/$$h/new; \
	  unzip -q -o $(FUZZ_OSS)/out/$${h}_seed_corpus.zip -d $(FUZZ_OSS)/run/$$h/seeds; \
	  d=""; [ -f $(FUZZ_OSS)/out/$$h.dict ] && d="-dict=$(FUZZ_OSS)/out/$$h.dict"; \
	  (cd $(FUZZ_OSS)/run/$$h && $(FUZZ_OSS)/out/$$h -runs=2000 -max_len=4096 $$d \
	    new seeds > log 2>&1) || { tail -n 30 $(FUZZ_OSS)/run/$$h/log; exit 1; }; \
	  echo "ossfuzz: $$h built, seeds zipped ($$(ls $(FUZZ_OSS)/run/$$h/seeds | wc -l)), 2000 runs clean"; done

CHECK_STEPS += fuzz-check fuzz-afl-selftest fuzz-mutants-replay ossfuzz-check
