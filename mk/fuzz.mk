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
#   make fuzz-figures    fuzz/README.md's figures regenerated: make fuzz and
#                        make fuzz-afl over every harness (FIG_SECONDS
#                        each), every fuzz mutant fuzzed from the corpus
#                        and from nothing (FIG_MUTANT_SECONDS at most each
#                        way), then make fuzz-readme; it prints its time
#                        budget first (at most about 105 min at the
#                        defaults, most mutants taking seconds)
#   make fuzz-check      corpus replay (ASan+UBSan, MSan, integer) + smoke runs
#   make fuzz-mutants    each fuzz/mutants/*.patch must be caught within 60 s
#                        (FUZZ_MUTANTS_FROM=empty: from an empty corpus with
#                        no dictionary; FUZZ_MUTANT_RUNS=N: N runs, median)
#   make ossfuzz-check   .clusterfuzzlite/build.sh as OSS-Fuzz runs it, per
#                        sanitizer, each fuzzer run with ICU's shared libraries hidden
#   make fuzz-engines-check  every harness under every build, each run once
#
# Knobs (command line or environment):
#   FUZZ_HARNESSES  which harnesses, e.g. make fuzz FUZZ_HARNESSES="views cli"
#   FUZZ_SECONDS    seconds per harness (75: about 10^7 executions over the
#                   eight harnesses on two cores)
#   FUZZ_JOBS       cores per harness (all: libFuzzer -fork=N, AFL++ N instances)
#   FUZZ_FLAGS      extra engine flags, passed through unchanged, e.g.
#                   FUZZ_FLAGS="-use_value_profile=1" or, for AFL++, "-p explore"

# FUZZ_HARNESSES and FUZZ_LIBS_<harness> come from mk/sources.mk.
FUZZ_SECONDS       ?= 75
FUZZ_JOBS          ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_FLAGS         ?=
FUZZ_CAMPAIGN       = $(FUZZ_DIR)/campaign
FUZZ_SMOKE_SECONDS ?= 5
FUZZ_MUTANT_SECONDS ?= 60
FUZZ_DIR           := $(BUILD)/fuzz
FUZZ_CLANG         ?= clang
FUZZ_INC           := $(CPPFLAGS) -Iref -Icli -Ifuzz
FUZZ_CFLAGS        := $(STD) $(WARN) -Werror -g -O1
FUZZ_LINK_SRC      := $(LIB_SRC) $(REF_SRC) $(FUZZ_SUPPORT_SRC)
FUZZ_OBJ_HDR       := $(LIB_HDR) $(wildcard ref/*.h) $(FUZZ_SUPPORT_SRC:.c=.h)
FUZZ_DEPS          := $(FUZZ_OBJ_HDR) mk/sources.mk fuzz/fuzz_reader.h fuzz/fuzz_check.h fuzz/fuzz_utf8.h
# The cli harness compiles cli/utf8.c in (it drives `lepack utf8` on memory
# streams), so no engine build links it separately.
FUZZ_DEPS          += cli/utf8.c cli/cli_utf8.h
FUZZ_SAN           := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_MSAN          := -fsanitize=memory -fsanitize-memory-track-origins=2 -fno-sanitize-recover=all
FUZZ_INTSAN        := -fsanitize=integer,implicit-conversion -fno-sanitize-recover=all
# The same for a shell loop over $$h: $$($(FUZZ_LIBS_SH)) prints them.
FUZZ_RP      := )
FUZZ_LIBS_SH = case $$h in $(foreach h,$(FUZZ_HARNESSES),$(h)$(FUZZ_RP) echo '$(FUZZ_LIBS_$(h))';;) esac

# The engine builds.  Per build V: FUZZ_CC_V compiles (library, reference
# and harness alike), FUZZ_OBJ_V is added for the library objects and
# FUZZ_BIN_V for the harness and the link, FUZZ_MAIN_V is an extra source
# of the binary, and FUZZ_ICU_V is empty where the build leaves ICU out.
# The library and the reference are compiled once per build into
# build/fuzz/obj/V/, and every harness of that build links those objects:
# eight harnesses do not compile the library eight times.
FUZZ_VARIANTS := libfuzzer replay afl afl-ubsan afl-plain msan intsan
FUZZ_CC_libfuzzer  = $(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) $(FUZZ_SAN)
FUZZ_OBJ_libfuzzer := -fsanitize=fuzzer-no-link
FUZZ_BIN_libfuzzer := -fsanitize=fuzzer
FUZZ_CC_replay     = $(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) $(FUZZ_SAN)
FUZZ_MAIN_replay   := fuzz/replay.c
FUZZ_CC_msan       = $(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) $(FUZZ_MSAN)
FUZZ_OBJ_msan      := -fsanitize=fuzzer-no-link
FUZZ_BIN_msan      := -fsanitize=fuzzer
FUZZ_CC_intsan     = $(FUZZ_CLANG) $(FUZZ_INC) $(FUZZ_CFLAGS) $(FUZZ_INTSAN)
FUZZ_OBJ_intsan    := -fsanitize=fuzzer-no-link
FUZZ_BIN_intsan    := -fsanitize=fuzzer
# One binary with CmpLog built in, run with -c 0 (fuzz/README.md says why).
# afl-clang-fast turns -fsanitize=fuzzer into its own instrumentation when
# compiling and into libAFLDriver when linking.
FUZZ_CC_afl        = AFL_USE_ASAN=1 AFL_LLVM_CMPLOG=1 AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O1 -fsanitize=fuzzer
# The UBSan instance: exactly the libFuzzer build's UBSan checks, with the
# runtime (a report, then abort, which AFL++ saves as a crash).
# AFL_USE_UBSAN would trap instead: SIGILL without a report, and trap sites
# merged per function, which cannot be counted against the libFuzzer build.
FUZZ_CC_afl-ubsan  = AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O1 -fsanitize=fuzzer,undefined -fno-sanitize-recover=all
# Instances past the second: no sanitizer, for speed.
FUZZ_CC_afl-plain  = AFL_QUIET=1 afl-clang-fast $(FUZZ_INC) $(STD) -g -O2 -fsanitize=fuzzer
# ICU is not instrumented for MSan, which would report every byte it writes.
FUZZ_NOICU_msan    := -DFZ_NO_ICU
FUZZ_OBJS = $(FUZZ_LINK_SRC:%.c=$(FUZZ_DIR)/obj/$(1)/%.o)

define FUZZ_VARIANT_RULES
$(FUZZ_DIR)/obj/$(1)/%.o: %.c $(FUZZ_OBJ_HDR)
	@mkdir -p $$(@D)
	$$(FUZZ_CC_$(1)) $$(FUZZ_OBJ_$(1)) -c $$< -o $$@

$(FUZZ_DIR)/$(1)/%: fuzz/fuzz_%.c $(FUZZ_MAIN_$(1)) $(call FUZZ_OBJS,$(1)) $(FUZZ_DEPS)
	@mkdir -p $$(@D)
	$$(FUZZ_CC_$(1)) $$(FUZZ_BIN_$(1)) $$(FUZZ_NOICU_$(1)) $$< $(FUZZ_MAIN_$(1)) \
	  $(call FUZZ_OBJS,$(1)) $$(if $$(FUZZ_NOICU_$(1)),,$$(FUZZ_LIBS_$$*)) -o $$@
endef
$(foreach v,$(FUZZ_VARIANTS),$(eval $(call FUZZ_VARIANT_RULES,$(v))))
.PRECIOUS: $(foreach v,$(FUZZ_VARIANTS),$(FUZZ_DIR)/obj/$(v)/%.o)

FUZZ_LIBFUZZER_BINS := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/libfuzzer/%)
FUZZ_REPLAY_BINS    := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/replay/%)
FUZZ_AFL_BINS       := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/afl/%) \
                       $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/afl-ubsan/%)
FUZZ_MSAN_BINS      := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/msan/%)
FUZZ_INTSAN_BINS    := $(FUZZ_HARNESSES:%=$(FUZZ_DIR)/intsan/%)

.PHONY: fuzz fuzz-build fuzz-afl corpus-merge fuzz-readme fuzz-afl-selftest fuzz-check fuzz-replay fuzz-smoke fuzz-msan fuzz-intsan \
        fuzz-gcc-warnings fuzz-mutants fuzz-mutants-replay fuzz-seeds ossfuzz-check

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

# The last summaries into fuzz/README.md's campaign and mutant figures.
fuzz-readme:
	@python3 fuzz/campaign.py readme --work $(FUZZ_CAMPAIGN)

# Every figure of fuzz/README.md, by one command.  The budget: each
# harness FIG_SECONDS under each engine (plus AFL++'s minimisation), and
# for each mutant one build (about 30 s of one core) and at most
# 2 x FIG_MUTANT_SECONDS; most mutants fall within a second from the
# corpus.  Everything runs niced; the summaries record the load.
FIG_SECONDS        ?= 60
FIG_MUTANT_SECONDS ?= 120
FIG_MUTANTS        ?= $(wildcard fuzz/mutants/*.patch)
.PHONY: fuzz-figures
fuzz-figures:
	@n=$(words $(FUZZ_HARNESSES)); m=$(words $(FIG_MUTANTS)); \
	  echo "fuzz-figures: at most about $$(( (2 * n * ($(FIG_SECONDS) + 15) + m * (30 + 2 * $(FIG_MUTANT_SECONDS))) / 60 )) min:" \
	       "$$n harnesses x $(FIG_SECONDS) s x 2 engines, $$m mutants x (build + up to 2 x $(FIG_MUTANT_SECONDS) s)"
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(FIG_SECONDS)
	@$(MAKE) --no-print-directory fuzz-afl FUZZ_SECONDS=$(FIG_SECONDS)
	@FUZZ_MUTANT_OBJS=$(abspath $(FUZZ_DIR)/obj/libfuzzer) \
	  python3 fuzz/campaign.py mutants --work $(FUZZ_CAMPAIGN) --mutants-dir $(FUZZ_DIR)/mutants \
	  --seconds $(FIG_MUTANT_SECONDS) $(FIG_MUTANTS)
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

# The ClusterFuzzLite workflows, the OSS-Fuzz project file and both
# Dockerfiles (ci/check_ci.py), then .clusterfuzzlite/build.sh run as
# OSS-Fuzz would for each sanitizer of ci/oss-fuzz/project.yaml, each
# fuzzer checked for shared libraries the runner lacks and run once with
# ICU's shared libraries hidden (ci/ossfuzz_check.sh).
FUZZ_OSS := $(abspath $(FUZZ_DIR))/ossfuzz
ossfuzz-check:
	@python3 ci/check_ci.py
	@bash ci/ossfuzz_check.sh $(FUZZ_OSS)

# Every harness under every build of it, each run once on one corpus
# input: a build that does not link or does not start fails here, before
# anyone fuzzes with it.  The builds other steps of make check make
# (fuzz-check, check-m32, fuzz-eacsl) are reused, not made again; the
# AFL++ builds are made only here.  Recipe-time expansion, because
# mk/m32.mk and mk/eacsl.mk are read after this file.
FUZZ_ENGINE_BUILDS = $(foreach v,$(FUZZ_VARIANTS),$(FUZZ_HARNESSES:%=$(FUZZ_DIR)/$(v)/%)) \
                     $(M32_REPLAY) $(EACSL_HARNESSES:%=$(EACSL_DIR)/%)
.PHONY: fuzz-engines-check
fuzz-engines-check:
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory $(FUZZ_ENGINE_BUILDS) > $(FUZZ_DIR)/engines-build.log 2>&1 || \
	  { tail -n 40 $(FUZZ_DIR)/engines-build.log; echo "fuzz-engines-check: a build failed"; exit 1; }; \
	m32=1; q=""; $(MAKE) --no-print-directory $(M32_DIR)/probe > /dev/null; \
	if $(M32_CANNOT_RUN); then m32=0; q="$(FUZZ_HARNESSES:%=$(M32_QEMU_DIR)/replay/%)"; \
	  $(MAKE) --no-print-directory $(M32_QEMU_ARGS) $$q >> $(FUZZ_DIR)/engines-build.log 2>&1 || \
	    { tail -n 40 $(FUZZ_DIR)/engines-build.log; echo "fuzz-engines-check: an i386 build failed"; exit 1; }; \
	  echo "fuzz-engines-check: this kernel cannot execute i386 programs: the i386 replays run under qemu-i386, UBSan alone"; fi; \
	n=0; for b in $(FUZZ_ENGINE_BUILDS) $$q; do \
	  x=; case $$b in $(M32_DIR)/*) [ $$m32 = 1 ] || continue;; $(M32_QEMU_DIR)/*) x=qemu-i386;; esac; \
	  h=$${b##*/}; in=$$(ls corpus/$$h | sort | head -n 1); \
	  case $$b in */libfuzzer/*|*/msan/*|*/intsan/*) a=-runs=1;; *) a=;; esac; \
	  $$x $$b $$a corpus/$$h/$$in > $$b.once.log 2>&1 || \
	    { tail -n 30 $$b.once.log; echo "fuzz-engines-check: $$b failed on corpus/$$h/$$in"; exit 1; }; \
	  n=$$((n + 1)); done; \
	echo "fuzz-engines-check: $(words $(FUZZ_ENGINE_BUILDS)) binaries linked ($(words $(FUZZ_HARNESSES)) harnesses x $(words $(FUZZ_VARIANTS)) engine builds and i386, E-ACSL of $(words $(EACSL_HARNESSES))), $$n ran a corpus input, in $$(( $$(date +%s) - start )) s"

CHECK_STEPS += fuzz-check fuzz-afl-selftest fuzz-mutants-replay ossfuzz-check
